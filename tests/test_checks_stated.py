"""EC108, EC109, EC207 (checks/stated.py): floors the pasted text states, judged against what
the same text states of the host. The snapshots are read from real-shaped pastes by the real
extractor; the readers' own near misses are in test_evidence_round11.py."""

from __future__ import annotations

from pathlib import Path

from checks_support import fires, quiet, skipped
from evidence_support import snap_of

SMI_550 = "| NVIDIA-SMI 550.54.15    Driver Version: 550.54.15    CUDA Version: 12.4 |\n"


def test_ec108_driver_below_a_stated_driver_floor(tmp_path: Path) -> None:
    floor = "requires NVIDIA driver 535 or newer\n"
    snap = snap_of(tmp_path, floor + "Driver Version: 470.82.01\n")
    (f,) = fires(snap, "EC108", severity="error")
    assert f.evidence["stated_floor"] == "535" and f.evidence["driver"] == "470.82.01"
    quiet(snap_of(tmp_path, floor + SMI_550), "EC108")
    assert "nvidia-smi" in skipped(snap_of(tmp_path, floor), "EC108")


def test_ec109_driver_cuda_below_a_stated_cuda_floor(tmp_path: Path) -> None:
    floor = "vLLM requires CUDA 12.1 or higher.\n"
    snap = snap_of(tmp_path, floor + "My driver is 470.82 (CUDA 11.4)\n")
    (f,) = fires(snap, "EC109", severity="error")
    assert f.evidence["driver_max_cuda"] == "11.4"
    quiet(snap_of(tmp_path, floor + SMI_550), "EC109")
    assert "nvidia-smi" in skipped(snap_of(tmp_path, floor), "EC109")


def test_ec207_gpu_below_a_stated_compute_capability_floor(tmp_path: Path) -> None:
    floor = "SGlang only supports sm 75 and above\n"
    snap = snap_of(tmp_path, floor + "GPU: Tesla V100-SXM2-16GB\n")
    (f,) = fires(snap, "EC207", severity="error")
    assert f.evidence["compute_capability"] == "7.0" and f.evidence["stated_floor"] == "7.5"
    quiet(snap_of(tmp_path, floor + "GPU: NVIDIA A100-SXM4-80GB\n"), "EC207")
    flash = "FlashAttention only supports Ampere GPUs or newer.\n"
    assert "compute_cap" in skipped(snap_of(tmp_path, flash), "EC207")
