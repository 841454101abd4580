"""``pip list``, ``pip freeze`` and ``conda list`` output -> installed packages.

conda's ``pytorch`` package is recorded as ``torch``; its build string states the CUDA it was
built with (``py3.10_cuda12.1_cudnn8.9.2_0``) or that it is a CPU build (``py3.10_cpu_0``).
"""

from __future__ import annotations

import re

from envcheck.importers import base
from envcheck.snapshot import Snapshot

NAME = "pip/conda list"

_PIP_HEADER = re.compile(r"^[^\S\n]*Package\s+Version(\s+\S+)*\s*$", re.M)
_PIP_RULE = re.compile(r"^[^\S\n]*-{3,}\s+-{3,}", re.M)
_FREEZE = re.compile(r"^[^\S\n]*([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*==\s*([^\s;#]+)")
_CONDA_HEADER = re.compile(r"^#\s*packages in environment at", re.M)
_CONDA_COLUMNS = re.compile(r"^#\s*Name\s+Version\s+Build", re.M)
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_VER = re.compile(r"^\d[\w.+!-]*$")
_INTERESTING = re.compile(
    r"^(torch|pytorch|tensorflow|jax|jaxlib|nvidia-|cupy|paddle|onnxruntime|triton|xformers"
    r"|flash|deepspeed|vllm|tensorrt)",
    re.I,
)


def detect(text: str) -> bool:
    if _CONDA_HEADER.search(text) or _CONDA_COLUMNS.search(text):
        return True
    if _PIP_HEADER.search(text) and _PIP_RULE.search(text):
        return True
    lines = [ln for ln in text.split("\n") if ln and not ln.isspace()]
    freeze = sum(1 for ln in lines if _FREEZE.match(ln))
    return freeze >= 3 and freeze >= len(lines) * 0.5


def parse(text: str) -> Snapshot:
    snap = Snapshot()
    conda = bool(_CONDA_HEADER.search(text) or _CONDA_COLUMNS.search(text))
    for line in text.split("\n"):
        if not line.strip() or line.lstrip().startswith(("#", "-e ", "--")):
            continue
        fm = _FREEZE.match(line)
        if fm:
            base.add_package(snap, fm.group(1), fm.group(3))
            continue
        parts = line.split()
        if len(parts) < 2 or not _NAME.match(parts[0]) or not _VER.match(parts[1]):
            continue
        if parts[0].lower() == "package":
            continue
        name, version = parts[0], parts[1]
        if conda and len(parts) >= 3 and base.normalize_name(name) == "torch":
            torch_from_conda_build(snap, version, parts[2])
        base.add_package(snap, name, version)
    if not base.packages(snap).installed:
        base.packages(snap).installed = {}
    return snap


def torch_from_conda_build(snap: Snapshot, version: str, build: str) -> None:
    """conda ``pytorch`` build strings state the CUDA build (or CPU-only)."""
    cm = re.search(r"cuda(\d+)\.(\d+)", build)
    cpu = re.search(r"(^|_)cpu(_|$)", build)
    if not cm and not cpu:
        return
    d = base.deep(snap, "torch")
    if d.cuda_version is not None:  # already stated (e.g. collect_env's own header): keep it
        return
    if cm:
        d.cuda_version = f"{int(cm.group(1))}.{int(cm.group(2))}"
        dn = re.search(r"cudnn(\d+(?:\.\d+)*)", build)
        if dn and d.cudnn_version is None:
            d.cudnn_version = dn.group(1)
    else:
        d.cuda_version = base.STATED_NONE
    if d.detail is None:
        d.detail = f"conda build string {build}"


def interesting(name: str) -> bool:
    return bool(_INTERESTING.match(name))
