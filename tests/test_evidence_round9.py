"""Pasted evidence, ninth round (issue 10): the common ways a paste states a driver, a torch
build, a GPU or a package that the readers missed, found by an audit of what the corpus pastes
state and what was read (GATHERING.md, "Round nine"). Each example is written for this test (not
a corpus paste), with near misses that must not be read.
"""

from __future__ import annotations

from typing import Dict, List, Optional

import pytest

from envcheck.importers import extract


def _facts(text: str) -> Dict[str, object]:
    """The first value of each fact key (``package:NAME`` for packages) read from the text."""
    out: Dict[str, object] = {}
    for f in extract.text_facts(text, "p"):
        key = f"package:{f.name}" if f.key == "package" else f.key
        out.setdefault(key, f.value)
    return out


@pytest.mark.parametrize(
    ("line", "driver"),
    [
        ("The GPU is a Quadro K4000 with 410.48 drivers (no display attached)", "410.48"),
        ("A30 GPU with 470.82.01 driver version. Cuda version: 11.3", "470.82.01"),
        ("NVIDIA-SMI: 450.80.02", "450.80.02"),
        ("NVIDIA driver's version:384.130", "384.130"),
        ("I am on latest nvidia drivers available on windows: 531.79", "531.79"),
        ("nvidia/535.113.01, 5.15.0-86-generic, x86_64: installed", "535.113.01"),
        ("File: /var/lib/dkms/nvidia/390.48/source/dkms.conf does not exist.", "390.48"),
        ('i use "sudo dkms install -m nvidia -v 470.86" and it shows', "470.86"),
        ("x11-drivers/nvidia-drivers-530.41.03 is installed", "530.41.03"),
        ("NVRM: The 595.58.03 NVIDIA driver will ignore this GPU.", "595.58.03"),
        # sglang's environment dump: the value is a driver release, not the driver API's CUDA
        ("CUDA Driver Version: 535.54.03", "535.54.03"),
    ],
)
def test_driver_version_forms(line: str, driver: str) -> None:
    assert _facts(line + "\n").get("driver.version") == driver


@pytest.mark.parametrize(
    "line",
    [
        "This container needs the 525.60 driver or newer",  # a floor, not this host's driver
        "Please install 535.104 drivers or later from the website",
        "bash ./NVIDIA-Linux-x86_64-570.124.04.run --no-kernel-modules",  # an installer file
        "CUDA driver version: 12020",  # the driver API's CUDA, not a driver release
        "nvidia-570.124.04.deb downloaded",
    ],
)
def test_driver_version_near_misses(line: str) -> None:
    assert "driver.version" not in _facts(line + "\n")


@pytest.mark.parametrize(
    ("line", "key", "value"),
    [
        # transformers' / diffusers' `env` output
        ("- PyTorch version (GPU?): 1.10.0+cu111 (True)", "torch.version", "1.10.0+cu111"),
        ("- Tensorflow version (GPU?): 2.4.0 (False)", "tensorflow.version", "2.4.0"),
        ("Pytorch version: '1.3.1'", "torch.version", "1.3.1"),
        # Ultralytics' and YOLOv5's banners
        (
            "Ultralytics YOLOv8.0.49 Python-3.9.12 torch-1.13.0 CUDA:0 (Tesla V100-SXM2-16GB, "
            "16160MiB)",
            "torch.version",
            "1.13.0",
        ),
        ("YOLOv5 v7.0-358 Python-3.12.5 torch-2.1.0+cpu CPU", "torch.version", "2.1.0+cpu"),
        # xFormers' warning: the build's torch first, the installed one in parentheses
        (
            "    PyTorch 2.7.1+cu126 with CUDA 1208 (you have 2.8.0+cu128)",
            "torch.version",
            "2.8.0+cu128",
        ),
    ],
)
def test_framework_version_forms(line: str, key: str, value: str) -> None:
    assert _facts(line + "\n").get(key) == value


def test_wheel_file_name_is_no_installed_torch() -> None:
    facts = _facts("Downloading torch-2.5.1-cp313-cp313-manylinux1_x86_64.whl (906 MB)\n")
    assert "torch.version" not in facts


@pytest.mark.parametrize(
    ("line", "name", "version"),
    [
        ("flashinfer: 0.1.3", "flashinfer", "0.1.3"),
        ("sglang: 0.2.10", "sglang", "0.2.10"),
        ("| torch | 2.3.0 |", "torch", "2.3.0"),
        ("- xformers version: 0.0.22", "xformers", "0.0.22"),
        ("Keras: 2.2.4", "keras", "2.2.4"),
        ("mmcv-full = 1.3.8", "mmcv-full", "1.3.8"),
    ],
)
def test_environment_dump_package_lines(line: str, name: str, version: str) -> None:
    assert _facts(line + "\n").get(f"package:{name}") == version


@pytest.mark.parametrize(
    "line",
    [
        "requests: 2.32.3",  # a package no check asks about
        "## flashinfer: 0.1.3",  # a heading
        "flashinfer: 0.1.3 is what I tried first, then 0.1.2",  # a sentence, not a dump line
    ],
)
def test_environment_dump_near_misses(line: str) -> None:
    assert not [k for k in _facts(line + "\n") if k.startswith("package:")]


def test_tesla_m_series_is_a_gpu_and_a_data_sheet_link_is_not_a_second_one() -> None:
    text = (
        "CUDA build crashes during training.\n"
        "The GPU is [NVIDIA Tesla M60](https://example.com/188417-Tesla-M60-DS-A4.pdf)\n"
    )
    found = extract.single_gpu_mentioned([("p", text)])
    assert [f.value for f in found] == ["NVIDIA Tesla M60"]


def test_issue_form_description_section_is_not_lsb_release() -> None:
    text = "## Description\nCUDA GPU version on Ubuntu 20.04 Linux crashes during training.\n"
    values: List[Optional[object]] = [
        f.value for f in extract.text_facts(text, "p") if f.key == "os"
    ]
    assert values and all(v == "Ubuntu 20.04" for v in values)
    lsb = [f.value for f in extract.text_facts("Description:\tUbuntu 20.04.6 LTS\n", "p")]
    assert "Ubuntu 20.04.6 LTS" in lsb
