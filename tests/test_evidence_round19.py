"""Round nineteen: the general part (the Python range of torch 1.0-1.11, from the pytorch/vision
README's table, for EC220) and the tuning on this round's sealed pools. Each with the text as
real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

from envcheck.compat import load_matrix

_COLLECT_ENV = "PyTorch version: {torch}\nIs debug build: No\nPython version: {python}\n"


@pytest.mark.parametrize(
    ("torch", "python", "expected"),
    [
        # 1.3's wheels stop at Python 3.7
        ("1.3.1", "3.8", [("EC220", "python-unsupported", "error")]),
        # 1.5 dropped Python 2
        ("1.5.0", "2.7.18", [("EC220", "python-unsupported", "error")]),
        # 1.10 stops at 3.9, 1.11 added 3.10
        ("1.10.2", "3.10.4", [("EC220", "python-unsupported", "error")]),
        ("1.11.0", "3.10.4", []),
        # inside the range, the Python 2 one of 1.4 included
        ("1.4.0", "2.7.17", []),
        ("1.6.0", "3.8.5", []),
        ("1.0.1", "3.7.3", []),
    ],
)
def test_old_torch_python_range(tmp_path: Path, torch: str, python: str, expected: list) -> None:
    text = _COLLECT_ENV.format(torch=torch, python=python)
    assert judge(tmp_path, text, ["EC220"], load_matrix()) == expected


def test_old_torch_python_range_needs_the_series_in_the_data(tmp_path: Path) -> None:
    # 0.4 is older than the table's rows the data took: unknown, so no finding
    text = _COLLECT_ENV.format(torch="0.4.1", python="3.9.1")
    assert judge(tmp_path, text, ["EC220"], load_matrix()) == []


def test_old_torch_python_range_is_sourced() -> None:
    matrix = load_matrix()
    assert matrix.torch_series_python("1.3.1") == "==2.7.* || >=3.5,<3.8"
    assert matrix.torch_series_python("1.12.0") is None  # the full entries answer there
    entries = matrix.doc("torch")["python_series"]
    assert all(e["source"].startswith("https://github.com/pytorch/vision/") for e in entries)


# --- heldout34's tuning: each message as the report printed it, and its near misses ---------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "'numba' does not currently support python 3.11 (or higher)\n",
            "python-stated-unsupported",
        ),
        ("$ lsmod|grep ^nouveau\nnouveau              1638400  1\n", "nouveau-owns-gpu"),
        (
            "9/16/2021 12:27:43 PM |  | Running as a daemon (GPU computing disabled)\n",
            "boinc-service-no-gpu",
        ),
        (
            'Field "compute_cap" is not a valid field to query.\n',
            "nvidia-smi-without-compute-cap",
        ),
        ("-bash-4.1$ echo $CUDA_VISABLE_DEVICES\n0\n", "visible-devices-misspelled"),
        ("export CUDA_VISIBLE_DEVICE=1\n", "visible-devices-misspelled"),
        (
            "It seems a recent security update on Ubuntu will upgrade Nvidia driver 550 to 580 "
            "automatically.\n",
            "driver-upgraded-unattended",
        ),
        (
            "UserWarning: The unoptimized RealESRGAN is slow on CPU. We do not use it.\n",
            "gfpgan-realesrgan-on-cpu",
        ),
        ("Driver temperature threshold met on GPU # 1.\n", "gpu-throttling-reported"),
        ("my GPU will go above 75° up to 90° and hashcat will stop\n", "gpu-hot-stated"),
        (
            "| NVIDIA-SMI 470.256.02   Driver Version: 580.95.05    CUDA Version: 13.0     |\n",
            "nvidia-smi-other-driver",
        ),
        (
            "fluid/libpaddle.so: cudarahDebuedotPrint not defined in file libcudart.so.11.0\n",
            "cuda-lib-symbol-version",
        ),
        (
            "Traceback (most recent call last):\n"
            '    _places = os.environ["CUDA_VISIBLE_DEVICES"]\n',
            "visible-devices-unset-read",
        ),
        ("KeyError: 'CUDA_VISIBLE_DEVICES'\n", "visible-devices-unset-read"),
        (
            "run as `PID`s that are not visible on `nvidia-smi`\n",
            "gpu-held-by-unlisted-processes",
        ),
        (
            "The third-party dynamic library (cublas64_112.dll;cublas64_11.dll) that Paddle "
            "depends on is not configured correctly. (error code is 126)\n",
            "paddle-third-party-library",
        ),
        (
            "Image nvidia/dcgm-exporter:1.4.6 does not have nvidia-smi installed in it.\n",
            "container-without-gpu-runtime-stated",
        ),
    ],
)
def test_heldout34_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        # lsmod with nouveau loaded but unused (use count 0), and nvidia's own lines
        ("nouveau              1638400  0\n", "nouveau-owns-gpu"),
        ("nvidia_uvm           1187840  0\nnvidia              35258368  1\n", "nouveau-owns-gpu"),
        # the exact name, and lower-case program variables
        ("export CUDA_VISIBLE_DEVICES=0\n", "visible-devices-misspelled"),
        ("cuda_visible_device = args.gpu\n", "visible-devices-misspelled"),
        ("NVIDIA_VISIBLE_DEVICES=all\n", "visible-devices-misspelled"),
        # setting it is not reading it
        ('os.environ["CUDA_VISIBLE_DEVICES"] = "0"\n', "visible-devices-unset-read"),
        # one driver release in nvidia-smi's header; WSL's Windows driver (two-part)
        (
            "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2     |\n",
            "nvidia-smi-other-driver",
        ),
        (
            "| NVIDIA-SMI 525.65       Driver Version: 527.56       CUDA Version: 12.0     |\n",
            "nvidia-smi-other-driver",
        ),
        # the 80s are a loaded GPU's normal range; a CPU temperature is not the GPU's
        ("the A6000 runs at 87°C while training\n", "gpu-hot-stated"),
        ("CPU package reached 95 °C\n", "gpu-hot-stated"),
        # a driver upgraded by hand
        ("I upgraded the driver from 470 to 535 and rebooted\n", "driver-upgraded-unattended"),
        # nvidia-smi works inside the container
        (
            "Inside the container nvidia-smi shows both GPUs.\n",
            "container-without-gpu-runtime-stated",
        ),
    ],
)
def test_heldout34_near_misses(text: str, pattern: str) -> None:
    assert pattern not in pats(text)


def test_torch_without_cuda_told_after_a_blank_line(tmp_path: Path) -> None:
    # Windows (a C:\ path), a plain torch from PyPI, and the answer told on a later line
    text = (
        "`Requirement already satisfied: torch in c:\\users\\x\\appdata\\local\\programs\\python"
        "\\python39\\lib\\site-packages (1.7.1)`\n\n`print(torch.cuda.is_available())`\n\n"
        "it prints False so clearly I am doing something wrong here.\n"
    )
    assert "windows-torch-no-cuda" in pats(text)
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]
    # "it prints True" is not the answer that says no CUDA
    assert "windows-torch-no-cuda" not in pats(text.replace("False", "True"))
