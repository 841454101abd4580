"""Container images named in pasted text whose tag states the software inside.

NVIDIA's NGC framework containers are tagged by monthly release, not by what they hold:
``nvcr.io/nvidia/tritonserver:21.07-py3`` says nothing of CUDA 11.4.0 or of the driver it needs.
Their release notes do (compat_data/floors.json ``containers``), so the tag alone is evidence:
``ngc_images`` yields one ``ngc_image`` fact per image and release, kept beside the host's
facts (it is the software's, not the host's), and checks/containers.py judges the host's
driver and GPU against what that release needs.

Docker Hub's own tags (``nvidia/cuda:12.4.1-...``, ``pytorch/pytorch:2.1.0-cuda12.1-...``)
state their CUDA in the tag and are read by the prose reader.
"""

from __future__ import annotations

import re
from typing import List, Set, Tuple

from envcheck.importers.extract.facts import Fact

# The NGC images whose releases follow the monthly framework releases (YY.MM) and whose
# release notes state the CUDA, the driver and the GPUs of each release. Triton's image was
# "inferenceserver" (2018) and "tensorrtserver" (2019-20) before "tritonserver".
IMAGES = (
    "pytorch",
    "tensorflow",
    "mxnet",
    "tritonserver",
    "tensorrtserver",
    "inferenceserver",
    "tensorrt",
)

# "nvcr.io/nvidia/pytorch:23.10-py3", "nvcr.io/nvidia/tensorflow:20.01-tf1-py3",
# "nvcr.io/nvidia/tensorrtserver:19.02-py3", "nvcr.io/nvidia/tensorrt:20.07.1-py3"; without the
# registry only the NGC suffix ("-py3", "-tf2-py3", "-py3-sdk") tells the tag from another
# registry's image of the same name.
_TAG = re.compile(
    r"(?<![\w/.-])(?:(?P<registry>nvcr\.io/nvidia/)|(?<![\w/]))"
    r"(?P<image>" + "|".join(IMAGES) + r"):(?P<yy>1[7-9]|2\d)\.(?P<mm>0[1-9]|1[0-2])"
    r"(?:\.\d{1,2})?(?P<suffix>-[\w.-]{1,40})?",
    re.I,
)


def ngc_images(text: str, file: str) -> List[Fact]:
    """One ``ngc_image`` fact (value: the release, "23.10"; name: the image) per distinct image
    and release the text names, on the line that first names it."""
    if text.find("nvcr.io") == -1 and text.find("py3") == -1:
        return []
    out: List[Fact] = []
    seen: Set[Tuple[str, str]] = set()
    for m in _TAG.finditer(text):
        suffix = (m.group("suffix") or "").lower()
        if m.group("registry") is None and "py3" not in suffix:
            continue
        image, release = m.group("image").lower(), f"{m.group('yy')}.{m.group('mm')}"
        if (image, release) in seen:
            continue
        seen.add((image, release))
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.start())
        line = text[start : end if end != -1 else len(text)].strip()[:200]
        n = text.count("\n", 0, m.start()) + 1
        out.append(Fact("ngc_image", release, file, n, line, "fragment", name=image))
        if len(out) >= 20:  # a paste naming more images than this is a list, not a setup
            break
    return out
