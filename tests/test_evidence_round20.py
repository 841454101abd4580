"""Round twenty: the general part (the architectures pytorch/builder's release-branch scripts
compiled into torch 1.8-1.11, pip wheels and conda packages, for EC201/EC202; the plain pip
wheel's CUDA of an untagged old torch as an assumption) and the tuning on this round's sealed
pools. Each with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge

from envcheck.compat import load_matrix

ARCH_CHECKS = ["EC201", "EC202"]


def _collect_env(torch: str, gpu: str, built_with: str = "", os_line: str = "") -> str:
    text = f"PyTorch version: {torch}\nIs debug build: False\n"
    if built_with:
        text += f"CUDA used to build PyTorch: {built_with}\n"
    text += (os_line or "OS: Ubuntu 20.04.3 LTS (x86_64)") + "\n"
    text += f"Python version: 3.8.10\nGPU models and configuration: GPU 0: {gpu}\n"
    return text + "Nvidia driver version: 470.86\n"


@pytest.mark.parametrize(
    ("torch", "built_with", "gpu", "expected"),
    [
        # a +cu102 tag is a pip wheel: sm_37 sm_50 sm_60 sm_70, no PTX, nothing for Ampere
        (
            "1.10.2+cu102",
            "10.2",
            "NVIDIA GeForce RTX 3090",
            [("EC201", "gpu-arch-unsupported", "error")],
        ),
        # no tag: it may be the conda package, whose compute_37 PTX the driver can JIT
        (
            "1.10.2",
            "10.2",
            "NVIDIA GeForce RTX 3090",
            [("EC201", "gpu-arch-unsupported", "warning")],
        ),
        # a Kepler K40m (sm_35) is below both lists (PTX only runs on newer GPUs)
        ("1.10.2", "10.2", "Tesla K40m", [("EC202", "gpu-arch-unsupported", "error")]),
        ("1.9.0+cu111", "11.1", "Tesla K40m", [("EC202", "gpu-arch-unsupported", "error")]),
        # the cu111 wheels carry sm_86; an sm_89 GPU runs sm_86 cubins (same major)
        ("1.9.0+cu111", "11.1", "NVIDIA GeForce RTX 3090", []),
        ("1.10.0+cu113", "11.3", "NVIDIA GeForce RTX 4090", []),
        # cu110: sm_80 cubins run on sm_86
        ("1.8.1+cu110", "11.0", "NVIDIA GeForce RTX 3080", []),
        # Pascal and Turing run the sm_60 / sm_70 cubins of the cu102 wheels
        ("1.11.0+cu102", "10.2", "NVIDIA GeForce GTX 1080 Ti", []),
        ("1.11.0+cu102", "10.2", "NVIDIA GeForce RTX 2080 Ti", []),
        # a Hopper H100 is newer than every 1.x list
        ("1.11.0+cu115", "11.5", "NVIDIA H100 PCIe", [("EC201", "gpu-arch-unsupported", "error")]),
    ],
)
def test_torch_1_8_to_1_11_arch_lists(
    tmp_path: Path, torch: str, built_with: str, gpu: str, expected: list
) -> None:
    text = _collect_env(torch, gpu, built_with)
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == expected


def test_untagged_old_torch_is_judged_as_its_plain_pip_wheel_with_a_warning(
    tmp_path: Path,
) -> None:
    # torch 1.7.1 without a tag or a stated CUDA: its plain pip wheel was built with CUDA 10.2
    # (pip_defaults), which cannot compile for Ampere; an assumption, so a warning
    text = "torch==1.7.1\nmy GPU is an RTX 3090, driver 470, Ubuntu 20.04\n"
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == [
        ("EC201", "gpu-arch-unsupported", "warning")
    ]
    # a release the data gives no plain-wheel CUDA for stays unknown
    text = "torch==1.9.1\nmy GPU is an RTX 3090, driver 470, Ubuntu 20.04\n"
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == []


def test_untagged_old_torch_on_windows_is_a_cpu_wheel_not_an_arch_problem(tmp_path: Path) -> None:
    text = _collect_env("1.10.2", "NVIDIA GeForce RTX 3090", os_line="OS: Microsoft Windows 10 Pro")
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == []


def test_the_legacy_arch_lists_are_sourced() -> None:
    matrix = load_matrix()
    pip = matrix.torch_legacy_archs("1.10.2", "10.2", "pip")
    assert pip is not None and pip["arch_list"] == ["sm_37", "sm_50", "sm_60", "sm_70"]
    assert pip["ptx"] == []
    conda = matrix.torch_legacy_archs("1.10.2", "10.2", "conda")
    assert conda is not None and conda["ptx"] == ["compute_37"]
    assert "sm_86" in matrix.torch_legacy_archs("1.11.0", "11.5", "pip")["arch_list"]
    # outside the release branches read (1.7, 1.12 has full entries) or a CUDA never built
    assert matrix.torch_legacy_archs("1.7.1", "10.2", "pip") is None
    assert matrix.torch_legacy_archs("1.12.0", "11.3", "pip") is None
    assert matrix.torch_legacy_archs("1.10.0", "11.6", "pip") is None
    for entry in matrix.doc("torch")["legacy_arch_lists"]:
        assert entry["source"].startswith("https://github.com/pytorch/builder/blob/")
        assert all(
            u.startswith("https://github.com/pytorch/builder/blob/") for u in entry["see_also"]
        )
