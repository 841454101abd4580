"""Round twenty-one: the general part (products a text shows at work without their version,
held against their documented GPU floors: cuQuantum and PennyLane's devices on it, SGLang)
and the tuning on this round's sealed pools. Each with the text as real reports print it and
its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, snap_of

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
