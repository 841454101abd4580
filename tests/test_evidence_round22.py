"""Round twenty-two: the general part (NVIDIA Warp's banner and driver warning; a driver known
only by the newest CUDA it runs judges the runtimes in use) and the tuning on this round's
sealed pools. Each with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix

# NVIDIA Warp's start-up banner as its users paste it (NVIDIA/warp, docs/installation.rst and
# issue threads): the CUDA Warp was built with, then the newest CUDA the driver runs
WARP_BANNER = (
    "Warp 1.8.1 initialized:\n"
    "   CUDA Toolkit 12.8, Driver {driver}\n"
    "   Devices:\n"
    '     "cpu"      : "AMD64 Family 25 Model 1 Stepping 1, AuthenticAMD"\n'
    '     "cuda:0"   : "NVIDIA GeForce RTX 3060" (12 GiB, sm_86, mempool enabled)\n'
    "   Kernel cache:\n"
    "     C:\\Users\\me\\AppData\\Local\\NVIDIA\\warp\\Cache\\1.8.1\n"
)


def test_warp_banner_is_read_as_its_runtime_the_driver_and_the_gpu(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, WARP_BANNER.format(driver="12.6"))
    assert snap.driver.cuda_version == "12.6"
    warp = [d for d in snap.packages.deep if d.name == "warp-lang"]
    assert [d.cuda_version for d in warp] == ["12.8"]
    gpu = snap.driver.gpus[0]
    assert (gpu.name, gpu.compute_capability) == ("NVIDIA GeForce RTX 3060", "8.6")
    # Warp's "CUDA Toolkit" is the runtime it ships, not an nvcc on the machine
    assert not getattr(snap.cuda, "toolkits", None)


@pytest.mark.parametrize(
    ("driver", "expected"),
    [
        # a driver of CUDA 11.8 cannot run Warp's CUDA 12.8 runtime (another major)
        ("11.8", [("EC101", "driver-too-old", "error")]),
        # a 12.6 driver runs it by minor-version compatibility, as Warp documents
        ("12.6", []),
    ],
)
def test_warp_runtime_against_the_driver(tmp_path: Path, driver: str, expected: list) -> None:
    assert judge(tmp_path, WARP_BANNER.format(driver=driver), ["EC101"], load_matrix()) == expected


def test_warp_driver_warning_is_a_driver_too_old_message(tmp_path: Path) -> None:
    text = (
        "Warp UserWarning:\n"
        "   Insufficient CUDA driver version.\n"
        "   The minimum required CUDA driver version is 12.0, but the installed CUDA driver "
        "version is 11.8.\n"
    )
    assert "driver-insufficient" in pats(text)
    assert snap_of(tmp_path, text).driver.cuda_version == "11.8"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # PaddlePaddle's device line: a runtime of a newer major than the driver runs
        (
            "W0605 20:31:22.415406 1489696 gpu_context.cc:278] Please NOTE: device: 0, GPU "
            "Compute Capability: 6.1, Driver API Version: 10.2, Runtime API Version: 11.2",
            [("EC101", "driver-too-old", "error")],
        ),
        # a newer minor of the driver's own major runs (minor-version compatibility)
        (
            "W0605 20:31:22.415406 1489696 gpu_context.cc:278] Please NOTE: device: 0, GPU "
            "Compute Capability: 8.6, Driver API Version: 11.4, Runtime API Version: 11.7",
            [],
        ),
    ],
)
def test_a_driver_known_by_its_cuda_ceiling_judges_the_runtime(
    tmp_path: Path, line: str, expected: list
) -> None:
    assert judge(tmp_path, line + "\n", ["EC101"], load_matrix()) == expected


def test_a_driver_ceiling_with_a_torch_wheel_of_another_major(tmp_path: Path) -> None:
    text = "CUDA Version : 11.4\ntorch 2.3.0+cu121\n"
    assert judge(tmp_path, text, ["EC101"], load_matrix()) == [("EC101", "driver-too-old", "error")]


def test_without_the_driver_ceiling_nothing_is_judged(tmp_path: Path) -> None:
    # no driver version and no driver CUDA: EC101 has nothing to hold the wheel against
    assert judge(tmp_path, "torch 2.3.0+cu121\n", ["EC101"], load_matrix()) == []
