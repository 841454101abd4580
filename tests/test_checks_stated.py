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


def test_ec221_python_outside_a_stated_range(tmp_path: Path) -> None:
    rng = "PaddleX supports Python 3.8 to 3.10\n"
    snap = snap_of(tmp_path, rng + "Python 3.12.5\n")
    (f,) = fires(snap, "EC221", severity="error")
    assert f.evidence["stated_range"] == "3.8,3.11"
    quiet(snap_of(tmp_path, rng + "Python 3.10.12\n"), "EC221")
    floor = "This package requires Python >= 3.10.\n"
    snap = snap_of(tmp_path, floor + "Python 3.8.10\n")
    fires(snap, "EC221", severity="error")
    assert "python --version" in skipped(snap_of(tmp_path, floor), "EC221")


def test_ec232_framework_below_a_stated_floor(tmp_path: Path) -> None:
    text = "ImportError: xformers requires PyTorch 2.1.0 or newer. You have 2.0.1\n"
    snap = snap_of(tmp_path, text)
    (f,) = fires(snap, "EC232", severity="error")
    assert f.evidence == {**f.evidence, "package": "torch", "version": "2.0.1"}
    quiet(snap_of(tmp_path, "flash-attn requires torch >= 2.2\ntorch 2.4.0+cu121\n"), "EC232")
    assert "version" in skipped(snap_of(tmp_path, "flash-attn requires torch >= 2.2\n"), "EC232")


def test_ec306_cudnn_below_a_stated_floor(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "requires cuDNN 9 or newer\ncuDNN version: 8.9.2\n")
    fires(snap, "EC306", severity="error")
    quiet(snap_of(tmp_path, "requires cuDNN 9 or newer\ncuDNN version: 9.1.0\n"), "EC306")
    assert "cuDNN" in skipped(snap_of(tmp_path, "requires cuDNN 9 or newer\n"), "EC306")


def test_ec311_toolkit_below_a_stated_cuda_floor(tmp_path: Path) -> None:
    floor = "bitsandbytes requires CUDA >= 11.0\n"
    snap = snap_of(tmp_path, floor + "Cuda compilation tools, release 10.2, V10.2.89\n")
    fires(snap, "EC311", severity="warning")
    ok = snap_of(tmp_path, floor + "Cuda compilation tools, release 11.8, V11.8.89\n")
    quiet(ok, "EC311")
    assert "nvcc" in skipped(snap_of(tmp_path, floor), "EC311")


def test_ec308_cudnn_package_for_another_cuda_major(tmp_path: Path) -> None:
    pkg = "libcudnn8/unknown,now 8.9.3.28-1+cuda12.1 amd64 [installed]\n"
    snap = snap_of(tmp_path, pkg + "Driver Version: 470.161.03   CUDA Version: 11.4\n")
    (f,) = fires(snap, "EC308", severity="error")
    assert f.evidence["cudnn_cuda"] == "12.1" and f.evidence["driver_max_cuda"] == "11.4"
    quiet(snap_of(tmp_path, pkg + SMI_550), "EC308")
    assert "nvcc --version" in skipped(snap_of(tmp_path, pkg), "EC308")
