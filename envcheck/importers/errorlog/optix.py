"""OptiX failures read in the light of where the program runs.

OptiX's runtime is part of the NVIDIA driver (libnvoptix.so.1 and libnvidia-rtcore); the NVIDIA
Container Toolkit mounts those files into a container only when its driver capabilities include
``graphics``, which the default set (``compute,utility``) and the CUDA images leave out. So an
OptiX failure inside a container is the container's setting first, the driver's age second.
"""

from __future__ import annotations

import re
from typing import Dict, List

from envcheck.importers.errorlog.inferences import entry_at
from envcheck.importers.errorlog.symptoms import INSIDE_A_CONTAINER

_OPTIX_FAILURES = ("optix-library-not-found", "optix-init-failed")
# the program runs in a container: symptoms' words for a job run inside Docker, and besides them
# Docker's own command, the image it came from, a root prompt named by a container id
# ("root@575a54dc6a75:~#") and a CUDA base image
_IN_A_CONTAINER = re.compile(
    INSIDE_A_CONTAINER.pattern
    + r"|\bdocker run\b|\b(?:in|from)\s+(?:an?\s+|the\s+|my\s+|our\s+)?(?:docker|podman)"
    r"(?:\s+(?:container|image))?\b|\bthe container\b|\broot@[0-9a-f]{12}:|\bnvidia/cuda:\d",
    re.I,
)
# the reporter's words for OptiX not working there ("the container does not seem to be able to
# locate any other OptiX device than the CPU", nytimes/rd-blender-docker#19)
_OPTIX_MISSING = re.compile(
    r"\boptix\b[^\n]{0,80}?\b(?:not (?:be )?(?:found|available|detected|working|initiali[sz]ed)|"
    r"fails?|failed|error)\b|"
    r"\b(?:no|cannot|can't|could not|couldn't|unable to|not (?:\w+ ){0,3}?able to)\b[^\n.]{0,60}?"
    r"\boptix\b",
    re.I,
)
# a wrapper's own words for OptiX failing to start, which say nothing of why
_WRAPPER_WORDS = re.compile(r"Could not initialize OptiX|OptiX initialization failed", re.I)
# the graphics capability is already given: the container is not the cause
_GRAPHICS_GIVEN = re.compile(
    r"NVIDIA_DRIVER_CAPABILITIES\s*[=:]\s*[\"']?(?:all\b|[\w,]*\bgraphics\b)", re.I
)


def container_without_graphics(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """An OptiX failure (or the reporter saying OptiX is missing) in a text that runs the
    program in a container, without the graphics capability given: the container setting.
    A wrapper's "OptiX initialization failed" beside CUDA's "out of memory" is the memory's
    (rnd-team-dev/plotoptix#10: another process held the GPU), not the driver's: dropped."""
    if low.find(b"optix") == -1:
        return
    if low.find(b"out of memory") != -1:
        out[:] = [
            e
            for e in out
            if not (e["pattern"] == "optix-init-failed" and _WRAPPER_WORDS.search(e["line"]))
        ]
    if _GRAPHICS_GIVEN.search(text) or not _IN_A_CONTAINER.search(text):
        return
    # (an ABI version the driver does not know is the driver's age, container or not)
    failed = [e for e in out if e["pattern"] in _OPTIX_FAILURES and "abi" not in e["line"].lower()]
    if failed:
        for e in failed:
            e["pattern"] = "optix-in-container-without-graphics"
        return
    if out:
        return  # another reading stands; the reporter's words alone do not outrank it
    m = _OPTIX_MISSING.search(text)
    if m is not None:
        out.append(entry_at(text, m.start(), "optix-in-container-without-graphics", source))
