"""EC312 (checks/compilers.py): the host gcc a paste states against the newest gcc its CUDA
toolkit's nvcc accepts (compat_data/floors.json ``host_compilers``). The snapshots are read from
real-shaped pastes by the real extractor; the gcc reader's near misses are in
test_evidence_round16.py."""

from __future__ import annotations

from pathlib import Path

from checks_support import fires, quiet, skipped
from evidence_support import snap_of

BUILD = "Building extension flash_attn_2_cuda\n"
NVCC_121 = "Cuda compilation tools, release 12.1, V12.1.105\n"


def test_ec312_gcc_newer_than_nvcc_accepts(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, BUILD + "gcc (Ubuntu 13.2.0-4ubuntu3) 13.2.0\n" + NVCC_121)
    (f,) = fires(snap, "EC312", severity="warning")
    assert f.evidence["max_gcc"] == "12" and f.evidence["gcc"] == "13.2.0"
    assert "nvidia-cuda-nvcc-cu12" in f.evidence["source"]
    # nothing compiled in the text: the limit is information
    fires(
        snap_of(tmp_path, "gcc (Ubuntu 13.2.0-4ubuntu3) 13.2.0\n" + NVCC_121),
        "EC312",
        severity="info",
    )
    quiet(snap_of(tmp_path, BUILD + "gcc (Ubuntu 12.3.0-1ubuntu1) 12.3.0\n" + NVCC_121), "EC312")
    # CUDA 7.x checks the minor too: gcc 4.9 is accepted, 5.1 is not
    quiet(snap_of(tmp_path, BUILD + "gcc version 4.9.2\nCUDA 7.5\n"), "EC312")
    fires(snap_of(tmp_path, BUILD + "gcc version 5.1.0\nCUDA 7.5\n"), "EC312")
    assert "nvcc" in skipped(snap_of(tmp_path, "gcc (GCC) 13.2.0\n"), "EC312")
