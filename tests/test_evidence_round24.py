"""Round twenty-four: the tuning on this round's sealed pools (heldout49, heldout50 and
heldout51). Each message as real reports print it, with its near misses."""

from __future__ import annotations

import pytest
from evidence_support import pats

from envcheck.importers.errorlog.table import PATTERNS

# --- heldout49's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # modprobe before kmod, as MotionCor2 prints it on a machine without the module
        ("FATAL: Module nvidia not found.", "kernel-driver-not-running"),
        (
            "/usr/local/cuda-10.2/include/crt/host_config.h(110): error: #error directive: -- "
            "unsupported ICC configuration! Only ICC 15.0, ICC 16.0, ICC 17.0, ICC 18.0 and "
            "ICC 19.0 on Linux x86_64 are supported!",
            "nvcc-unsupported-host-compiler",
        ),
        (
            "we noticed the /var partition is closely reaching 100%. This a small partition",
            "disk-full-stated",
        ),
        (
            "after running the command it seems my disk is full and can't continue",
            "disk-full-stated",
        ),
        ("the Pod runs out of disk space.", "disk-full-stated"),
        ("the data drive keeps filling up during preprocessing", "disk-full-stated"),
        (
            "we noticed that Python v3.6 seems to be incompatible with more recent versions of "
            "PyTorch.",
            "python-stated-unsupported",
        ),
    ],
)
def test_heldout49_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("FATAL: Module nvidia_uvm loaded", "kernel-driver-not-running"),
        ("ICC 19.0 on Linux x86_64 is supported", "nvcc-unsupported-host-compiler"),
        # a full path, a full-HD screen, a GPU's memory: not a disk
        ("the volume full path is /mnt/data", "disk-full-stated"),
        ("the disk is 10% used, plenty of room", "disk-full-stated"),
        ("CUDA out of memory: the GPU memory is full", "disk-full-stated"),
        ("Python 3.10 is compatible with torch 2.1", "python-stated-unsupported"),
    ],
)
def test_heldout49_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_missing_cuda_headers_are_a_warning() -> None:
    # the headers may be installed and missing from one host-compiled target's include path
    # (mfem/mfem#1316, a heldout49 control on a working CUDA 10.1)
    assert "cuda-headers-missing" in pats(
        "fatal error: cuda_runtime.h: No such file or directory\n"
    )
    row = next(p for p in PATTERNS if p.id == "cuda-headers-missing")
    assert (row.category, row.severity) == ("toolkit-mismatch", "warning")
