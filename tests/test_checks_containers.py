"""EC110 and EC208 (checks/containers.py): an NGC container release named by its tag, judged by
its release notes (compat_data/floors.json ``containers``) against the driver and GPU the same
text states. The snapshots are read from real-shaped pastes by the real extractor; the tag
reader's near misses and the forward-compatibility cases are in test_evidence_round16.py."""

from __future__ import annotations

from pathlib import Path

from checks_support import fires, quiet, skipped
from evidence_support import snap_of

# Triton 21.07: CUDA 11.4.0, driver 470 or later (R418.40/R440.33/R450.51/R460.27 on data-center
# GPUs), compute capability 6.0 and higher (its release notes)
TRITON = "docker run --gpus all --rm nvcr.io/nvidia/tritonserver:21.07-py3 tritonserver\n"


def test_ec110_driver_below_an_ngc_release(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, TRITON + "Driver Version: 455.23.05\nGPU 0: Tesla T4\n")
    (f,) = fires(snap, "EC110", severity="error")
    assert f.evidence["min_driver"] == "470" and f.evidence["release_cuda"] == "11.4.0"
    assert f.evidence["source"].endswith("rel_21-07.html")
    quiet(snap_of(tmp_path, TRITON + "Driver Version: 470.57.02\n"), "EC110")
    # an R460 driver runs it on a data-center GPU (forward compatibility), not on a GeForce
    quiet(snap_of(tmp_path, TRITON + "Driver Version: 460.32.03\nGPU 0: Tesla T4\n"), "EC110")
    geforce = TRITON + "Driver Version: 460.32.03\nGPU 0: NVIDIA GeForce RTX 3090\n"
    fires(snap_of(tmp_path, geforce), "EC110", severity="error")
    assert "driver" in skipped(snap_of(tmp_path, TRITON), "EC110")


def test_ec208_gpu_below_an_ngc_release(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, TRITON + "GPU 0: Tesla K80\n")
    (f,) = fires(snap, "EC208", severity="error")
    assert f.evidence["compute_capability"] == "3.7" and f.evidence["min_cc"] == "6.0"
    quiet(snap_of(tmp_path, TRITON + "GPU 0: Tesla P40\n"), "EC208")
    assert "compute_cap" in skipped(snap_of(tmp_path, TRITON), "EC208")
