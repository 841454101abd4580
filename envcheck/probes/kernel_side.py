"""The kernel side of the NVIDIA driver: loaded modules, the module version, device nodes.

Reads ``/proc/modules``, ``/proc/driver/nvidia/version`` and ``/dev/nvidia*``, all re-rooted
under ``ENVCHECK_SYSROOT`` (default ``/``) so tests can lay out a fake host tree.
"""

from __future__ import annotations

import glob
import os
import re
import stat
from typing import Dict, List, Union

from envcheck.probes._util import host_path, read_text, unroot
from envcheck.probes.base import ProbeContext
from envcheck.snapshot import DeviceNode, KernelSide, Unknown

MODULES = ("nvidia", "nvidia_uvm", "nvidia_drm", "nvidia_modeset", "nvidia_peermem", "nouveau")

# "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 ..." or
# "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  550.54.15  Release Build ..."
_NVRM = re.compile(r"NVRM version:.*?Kernel Module(?:\s+for\s+\S+)?\s+(\d+\.\d+(?:\.\d+)*)")


def parse_proc_driver_version(text: str) -> Union[str, None]:
    match = _NVRM.search(text)
    return match.group(1) if match else None


def read_proc_driver_version() -> Union[str, Unknown, None]:
    """The loaded kernel module's version; None when the module is not loaded."""
    text = read_text("/proc/driver/nvidia/version")
    if isinstance(text, Unknown):
        if "not found" in text.reason:
            return None
        return text
    version = parse_proc_driver_version(text)
    return version if version else Unknown("unrecognised /proc/driver/nvidia/version")


def loaded_modules() -> Union[Dict[str, bool], Unknown]:
    text = read_text("/proc/modules")
    if isinstance(text, Unknown):
        return text
    loaded = {line.split(None, 1)[0] for line in text.splitlines() if line.strip()}
    return {name: name in loaded for name in MODULES}


def device_nodes() -> Union[List[DeviceNode], Unknown]:
    dev = host_path("/dev")
    if os.path.isdir(dev) and not os.access(dev, os.R_OK | os.X_OK):
        return Unknown("no permission to list /dev")  # not "no device nodes"
    pattern = host_path("/dev/nvidia*")
    nodes: List[DeviceNode] = []
    paths = sorted(glob.glob(pattern)) + sorted(glob.glob(host_path("/dev/nvidia-caps/*")))
    for path in paths:
        try:
            st = os.stat(path)
        except OSError as exc:
            nodes.append(DeviceNode(path=unroot(path), mode=Unknown(exc.strerror or str(exc))))
            continue
        if stat.S_ISDIR(st.st_mode):
            continue
        nodes.append(
            DeviceNode(
                path=unroot(path),
                mode=stat.filemode(st.st_mode),
                readable=os.access(path, os.R_OK),
                writable=os.access(path, os.W_OK),
            )
        )
    return nodes


def probe(ctx: ProbeContext) -> KernelSide:
    side = KernelSide()
    side.modules = loaded_modules()
    text = read_text("/proc/driver/nvidia/version")
    if isinstance(text, Unknown):
        if "not found" in text.reason:
            side.proc_driver_version = None  # module not loaded: absent, a fact
            side.proc_driver_version_text = None
        else:
            side.proc_driver_version = side.proc_driver_version_text = text
    else:
        side.proc_driver_version_text = text.strip()
        side.proc_driver_version = parse_proc_driver_version(text) or Unknown(
            "unrecognised /proc/driver/nvidia/version"
        )
    side.device_nodes = device_nodes()
    return side
