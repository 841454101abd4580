"""Round twenty-one: the general part (products a text shows at work without their version,
held against their documented GPU floors: cuQuantum and PennyLane's devices on it, SGLang)
and the tuning on this round's sealed pools. Each with the text as real reports print it and
its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # cuTensorNet's status code and a Pascal Titan Xp (pennylane-lightning#799)
        (
            "Our GPU is an NVIDIA Titan Xp.\nCUTENSORNET_STATUS_CUDA_ERROR\n",
            [("EC206", "gpu-arch-unsupported", "error")],
        ),
        # cuStateVec named, a Volta V100: at the floor
        ("custatevec fails on our Tesla V100-SXM2-32GB\n", []),
        # PennyLane's cuStateVec device on a P100: installed is not always used, a warning
        (
            'dev = qml.device("lightning.gpu", wires=20)\nGPU 0: Tesla P100-PCIE-16GB\n',
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # the CPU device of the same plugin family has no GPU floor
        ('dev = qml.device("lightning.qubit", wires=20)\nGPU 0: Tesla P100-PCIE-16GB\n', []),
        # SGLang at work on a V100 (7.0, below its 7.5)
        (
            "python -m sglang.launch_server --model-path Qwen/Qwen2-7B\n"
            "GPU 0: Tesla V100-SXM2-16GB\n",
            [("EC206", "gpu-arch-unsupported", "error")],
        ),
        # its separate router package is not the engine
        ("pip install sglang-router\nGPU 0: Tesla V100-SXM2-16GB\n", []),
        # no GPU named: nothing to hold the floor against
        ("CUTENSORNET_STATUS_CUDA_ERROR\n", []),
    ],
)
def test_products_at_work_against_their_gpu_floor(
    tmp_path: Path, text: str, expected: list
) -> None:
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == expected


def test_a_stated_version_is_read_instead_of_a_mention(tmp_path: Path) -> None:
    text = "sglang==0.4.1 on my box\nwe launch sglang with tp 2\n"
    installed = snap_of(tmp_path, text).packages.installed
    assert installed.get("sglang") == "0.4.1"


def test_package_list_rows_of_cuquantum_are_read(tmp_path: Path) -> None:
    text = "cuquantum-cu11          23.3.0\nPennyLane_Lightning_GPU  0.30.0\n"
    installed = snap_of(tmp_path, text).packages.installed
    assert installed.get("cuquantum-cu11") == "23.3.0"
    assert installed.get("pennylane-lightning-gpu") == "0.30.0"


# --- heldout40's tuning --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # a kernel looked up and not found in the GPU code loaded
        (
            'failed to get PTX kernel "shift_right_logical" from module: CUDA_ERROR_NOT_FOUND: '
            "named symbol not found",
            ["kernel-symbol-not-found"],
        ),
        ("every test failed with 500 (_named symbol not found_)", ["kernel-symbol-not-found"]),
        ("CUDA error cudaErrorSymbolNotFound [bulk.cuh:239]", ["kernel-symbol-not-found"]),
        # a Python name error is not a GPU symbol
        ("NameError: name 'symbol' is not defined", []),
        (
            "Kokkos::Cuda::initialize ERROR: likely mismatch of architecture",
            ["kokkos-arch-mismatch"],
        ),
        (
            "RuntimeError: This build of HOOMD does not include GPU support.",
            ["build-without-gpu-support"],
        ),
        # a sentence about what a build includes is not the program's own statement
        ("This release does not include GPU support for macOS.", []),
        (
            "AttributeError: module 'jax' has no attribute 'linear_util'",
            ["jax-api-missing"],
        ),
        (
            "AttributeError: module 'jaxlib.xla_extension' has no attribute 'PmapFunction'",
            ["jax-api-missing"],
        ),
        # a CPU jaxlib's start-up notice and JAX's TPU probe are not a pairing
        (
            "Unable to initialize backend 'cuda': module 'jaxlib.xla_extension' has no "
            "attribute 'GpuAllocatorConfig'",
            [],
        ),
        (
            "Unable to initialize backend 'tpu': module 'jaxlib.xla_extension' has no "
            "attribute 'get_tpu_client'",
            [],
        ),
        (
            "TypeError: unsupported operand type(s) for |: 'type' and 'NoneType'",
            ["pep604-union-on-old-python"],
        ),
        # an int | str is a user's bug, not a Python version
        ("TypeError: unsupported operand type(s) for |: 'int' and 'str'", []),
        (
            "ImportError: libcupti.so.11.2: cannot open shared object file: No such file or "
            "directory",
            ["cuda-lib-missing"],
        ),
        (
            "When I use `pdm add torch` to install PyTorch, it installs version 2.3.1+cpu.",
            ["torch-cpu-build-shown"],
        ),
        (
            "the solver tries to install the CPU-only build of `pytorch`.",
            ["cpu-torch-stated"],
        ),
        (
            "the wrong pytorch version is installed. It defaults to the [cpu] version",
            ["cpu-torch-stated"],
        ),
        # a CPU version asked for on purpose, with no claim about what got installed
        ("I need the GPU version of torch 2.3.1, not 2.3.1+cu121.", []),
    ],
)
def test_heldout40_patterns(line: str, expected: list) -> None:
    assert pats(line) == expected


def test_immich_machine_learning_on_a_kepler_card(tmp_path: Path) -> None:
    text = (
        "I copied the cuda section from `hwaccel.ml.yml` to the devices.\n"
        "My GPU model is `NVIDIA GeForce GT 710`\n"
    )
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == [
        ("EC206", "gpu-arch-unsupported", "error")
    ]
    # the server's NVENC transcoding has no such floor
    text = "immich-server with hwaccel.transcoding.yml nvenc\nGPU 0: NVIDIA GeForce GT 710\n"
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == []
