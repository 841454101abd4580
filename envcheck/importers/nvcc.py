"""``nvcc --version`` output -> the system CUDA toolkit version.

``Cuda compilation tools, release 12.1, V12.1.105`` states toolkit 12.1 (the ``V`` number is
nvcc's own build number, not a toolkit update).
"""

from __future__ import annotations

import re

from envcheck.importers import base
from envcheck.snapshot import Snapshot

NAME = "nvcc --version"

_RELEASE = re.compile(r"Cuda compilation tools,\s*release\s+(\d+)\.(\d+)", re.I)


def detect(text: str) -> bool:
    return bool(_RELEASE.search(text))


def parse(text: str) -> Snapshot:
    snap = Snapshot()
    for m in _RELEASE.finditer(text):
        version = f"{int(m.group(1))}.{int(m.group(2))}"
        base.add_toolkit(snap, version, "nvcc")
        # `nvcc --version` printed is the nvcc on PATH: the one extension builds use when
        # CUDA_HOME is unset
        for tk in snap.cuda.toolkits:  # type: ignore[union-attr]
            if tk.version == version and tk.nvcc is None:
                tk.nvcc, tk.found_by = "nvcc", "PATH"
    return snap
