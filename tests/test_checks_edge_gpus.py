"""EC215 (checks/edge_gpus.py): a pasted GPU that most PyTorch releases' default wheels have no
kernels for (too new: Blackwell; long dropped: Kepler, Fermi), with no build stated. Also the
round-17 data it leans on: Fermi GPUs and toolkits before CUDA 10 (gpus.json, cuda.json
``toolkit_archs``, floors.json ``architectures``) and GPU names with a trailing "laptop" /
"GPU" / "card". The snapshots are read from real-shaped pastes by the real extractor."""

from __future__ import annotations

from pathlib import Path

import pytest
from checks_support import fires, quiet, skipped
from evidence_support import snap_of

from envcheck.compat import load_matrix


def test_ec215_new_architecture_with_no_build_stated(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "RTX 5090 here, every generation fails with CUDA kernel errors\n")
    (f,) = fires(snap, "EC215", severity="warning")
    assert f.evidence["compute_capability"] == "12.0"
    assert "before 2.8" in f.evidence["why"]  # the first release whose default wheel has sm_120
    assert "cu128" in f.evidence["builds_with_kernels"]
    assert "get_arch_list" in (f.fix or "")


def test_ec215_long_dropped_architectures(tmp_path: Path) -> None:
    (f,) = fires(snap_of(tmp_path, "Tesla K80 on our cluster, no CUDA devices found\n"), "EC215")
    assert f.evidence["compute_capability"] == "3.7"
    assert "newest" in f.evidence["why"]
    assert "torch 2.5.1 (cu118)" in f.evidence["builds_with_kernels"]
    # Fermi: no PyTorch wheel in the matrix carries it at all
    (f,) = fires(snap_of(tmp_path, "My GPU is a GeForce GTX 460 and nothing runs\n"), "EC215")
    assert f.evidence["compute_capability"] == "2.1"
    assert "no PyTorch wheel in the matrix" in f.evidence["builds_with_kernels"]


@pytest.mark.parametrize(
    "text",
    [
        # most releases' default wheels carry these (the newest drop Maxwell / Pascal / Volta,
        # but the builds most pastes come from have them)
        "My GPU is a GTX 1080 Ti, training crashes after an hour\n",
        "GPU: Tesla V100-SXM2-16GB\nNCCL hangs\n",
        "GeForce GTX 950M laptop: RuntimeError: CUDA error: operation not supported\n",
        "I use an RTX 3090 GPU and loss is nan\n",
    ],
)
def test_ec215_quiet_for_gpus_most_builds_carry(tmp_path: Path, text: str) -> None:
    quiet(snap_of(tmp_path, text), "EC215")


def test_ec215_not_applicable_when_the_build_is_stated_or_a_message_says_it(
    tmp_path: Path,
) -> None:
    # the framework checks judge a stated build
    stated = "RTX 5090\ntorch 2.8.0+cu128\n"
    assert "framework checks" in skipped(snap_of(tmp_path, stated), "EC215")
    # a message that already names the missing kernels has its own check (EC901)
    msg = "RTX 5090\nRuntimeError: CUDA error: no kernel image is available for execution on the"
    msg += " device\n"
    assert "already says" in skipped(snap_of(tmp_path, msg), "EC215")
    # a GPU the matrix does not know is not guessed at
    assert "unknown" in skipped(snap_of(tmp_path, "Quadro FX 1800 fails\n"), "EC215")


def test_fermi_and_pre_cuda10_data() -> None:
    m = load_matrix()
    for name, cc in [("GTX 460", "2.1"), ("GeForce GTX 580", "2.0"), ("Tesla C2075", "2.0")]:
        gpu = m.gpu(name)
        assert gpu is not None and gpu.compute_capability == cc, name
    # CUDA 8.0 is the last toolkit for Fermi (clang's MaxVersionForCudaArch), 9.0 the first
    # without it; Pascal arrives with 8.0, sm_72 with 9.1
    assert m.toolkit_supports_cc("8.0", "2.1") is True
    assert m.toolkit_supports_cc("9.0", "2.1") is False
    assert m.toolkit_supports_cc("7.5", "6.1") is False and m.toolkit_supports_cc("8.0", "6.1")
    assert m.toolkit_supports_cc("9.0", "7.2") is False and m.toolkit_supports_cc("9.1", "7.2")
    assert m.cuda_major_excludes("2.1", 9) is not None and m.cuda_major_excludes("2.1", 8) is None
    # the "GTX 560 Ti 448" is a GF110 part (2.0), not the 2.1 GTX 560 Ti: no guess
    assert m.gpu("GTX 560 Ti 448") is None


def test_ec203_old_toolkit_on_a_fermi_gpu(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "GTX 460\nCuda compilation tools, release 9.1, V9.1.85\n")
    (f,) = fires(snap, "EC203")
    assert f.evidence["compute_capability"] == "2.1"


@pytest.mark.parametrize(
    "name, cc",
    [
        ("GTX 950M laptop", "5.0"),  # the "M" already makes it the laptop part
        ("RTX 3090 GPU", "8.6"),
        ("GTX 1080 graphics card", "6.1"),
        ("NVIDIA GeForce RTX 3080 Ti GPU", "8.6"),
        ("RTX 3060 laptop GPU", "8.6"),  # NVML's own laptop name still matches
    ],
)
def test_gpu_names_with_generic_words(name: str, cc: str) -> None:
    gpu = load_matrix().gpu(name)
    assert gpu is not None and gpu.compute_capability == cc


@pytest.mark.parametrize("name", ["GTX 1060 laptop", "RTX 2080 Ti x2", "RTX 3060 mobile 448"])
def test_gpu_names_near_misses(name: str) -> None:
    # a desktop model number with "laptop" is not the desktop card (its laptop part has
    # another entry or none); unknown words still make no match
    assert load_matrix().gpu(name) is None
