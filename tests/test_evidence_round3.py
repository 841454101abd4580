"""Classes of pasted text (issue 10, third round, from the heldout2 misses): each message
family has a synthetic example written for this test (not a corpus paste) and a near miss
that must not match."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

from envcheck.importers import errorlog

CLASSES = [
    (
        "tf-gpu-below-minimum-cc",
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1700] Ignoring visible gpu device "
        "(device: 1, name: Quadro K4000, pci bus id: 0000:03:00.0) with Cuda compute capability "
        "3.0. The minimum required Cuda capability is 3.5.",
    ),
    (
        "nvidia-docker-v1-cuda-too-new",
        "nvidia-docker | 2018/01/02 10:11:12 Error: unsupported CUDA version: driver 9.0 < image "
        "10.0.130",
    ),
    (
        "deepspeed-cuda-mismatch",
        "Exception: >- DeepSpeed Op Builder: Installed CUDA version 11.7 does not match the "
        "version torch was compiled with 12.1, unable to compile cuda/cpp extensions",
    ),
    (
        "pip-framework-pin-conflict",
        "xformers 0.0.23 requires torch==2.1.1, but you have torch 2.1.2+cu121 which is "
        "incompatible.",
    ),
    (
        "pip-framework-pin-conflict",
        "tensorflow-text 2.13.0 requires tensorflow<2.14,>=2.13.0, but you have tensorflow "
        "2.15.0 which is incompatible.",
    ),
    (
        "framework-version-skew",
        "RuntimeError: jaxlib version 0.4.1 is newer than and incompatible with jax version "
        "0.3.25. Please update your jax and/or jaxlib packages.",
    ),
    (
        "framework-version-skew",
        "AssertionError: MMCV==1.2.0 is used but incompatible. Please install mmcv>=1.3.17.",
    ),
    ("framework-version-skew", "ImportError: Keras requires TensorFlow 2.8 or higher."),
    (
        "cudnn9-libs-missing",
        "Unable to load any of {libcudnn_cnn.so.9.2.0, libcudnn_cnn.so.9.2, libcudnn_cnn.so.9}",
    ),
    ("cudnn9-libs-missing", "Could not load library libcudnn_cnn_infer.so.8. Error: not found"),
    ("torch-cpu-build-shown", "Python-3.11.4 torch-2.3.0+cpu CPU"),
    ("torch-cpu-build-shown", ">>> torch.__version__\n'2.0.1+cpu'"),
    ("nvcc-unsupported-arch", "the build stops with \"Unsupported gpu architecture 'compute_86'\""),
    (
        "jax-kernel-dso-mismatch",
        "E external/xla/stream_executor/cuda/cuda_diagnostics.cc] kernel version 535.104.5 does "
        "not match DSO version 535.129.3 -- cannot find working devices in this configuration",
    ),
    (
        "dev-nvidia-missing",
        "docker: Error response from daemon: error gathering device information while adding "
        'custom device "/dev/nvidia0": no such file or directory.',
    ),
    (
        "dev-nvidia-missing",
        "nvidia-container-cli: stat failed: /dev/nvidiactl: no such file or directory",
    ),
    (
        "conda-framework-python-spec",
        "  - pytorch==1.4.0 -> python[version='>=3.5,<3.6.0a0|>=3.6,<3.7.0a0']",
    ),
    (
        "iommu-dma-fault",
        "[ 9021.11] DMAR: [DMA Read] Request device [41:00.0] fault addr 7f0000 [fault reason 06] "
        "PTE Read access is not set",
    ),
]


@pytest.mark.parametrize("pid,text", CLASSES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CLASSES)])
def test_each_class_is_recognised(pid: str, text: str) -> None:
    assert pid in pats(text), (pid, pats(text))


@pytest.mark.parametrize("pid,text", CLASSES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CLASSES)])
def test_each_example_holds_a_prefilter_key(pid: str, text: str) -> None:
    assert any(k in text.lower() for k in errorlog.KEYS[pid]), pid


NOT_THESE = [
    # a GPU TensorFlow uses, with its capability
    "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 14000 MB memory: "
    "-> device: 0, name: Tesla T4, compute capability: 7.5",
    # nvidia-docker naming versions without refusing
    "nvidia-docker | 2018/01/02 10:11:12 Using CUDA version: driver 10.0, image 9.0",
    # DeepSpeed's report when the versions agree
    "DeepSpeed general environment info: torch cuda version 12.1, nvcc version 12.1",
    # a pip conflict between non-framework packages
    "pandas 2.0.0 requires numpy>=1.21.0, but you have numpy 1.20.3 which is incompatible.",
    # pip saying the pinned versions were installed
    "Successfully installed jax-0.4.20 jaxlib-0.4.20+cuda12.cudnn89",
    "MMCV version 1.7.1 is compatible with mmdet 2.28",
    # a cuDNN library loaded
    "Loaded cuDNN version 90100",
    # a CUDA build of torch, and a CPU device named
    "torch-2.3.0+cu121 CUDA:0 (NVIDIA GeForce RTX 3090, 24135MiB)",
    "Using device: cpu",
    # nvcc compiling for a known architecture
    "nvcc -gencode arch=compute_86,code=sm_86 -c kernel.cu",
    # device files present, the DSO version named alone
    "docker run --device /dev/nvidia0 --device /dev/nvidiactl image",
    "crw-rw-rw- 1 root root 195, 0 Dec  3 10:00 /dev/nvidia0",
    "DSO version 535.129.3 loaded",
    # conda listing a python dependency of a non-framework package
    "  - numpy==1.16.0 -> python[version='>=3.6,<3.7.0a0']",
    # the IOMMU enabled, no fault
    "[    0.000000] DMAR: IOMMU enabled",
]


@pytest.mark.parametrize("text", NOT_THESE)
def test_near_misses_are_not_recognised(text: str) -> None:
    assert pats(text) == [], pats(text)


def test_enospc_below_a_semlock_frame_is_shared_memory() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.10/multiprocessing/synchronize.py", line 57, in __init__\n'
        "    sl = self._semlock = _multiprocessing.SemLock(\n"
        "OSError: [Errno 28] No space left on device\n"
    )
    assert "semlock-no-space" in pats(text)


def test_enospc_far_from_a_semlock_frame_is_not() -> None:
    text = (
        "uses multiprocessing.SemLock for locking\n"
        + "ok\n" * 20
        + ("OSError: [Errno 28] No space left on device\n")
    )
    assert "semlock-no-space" not in pats(text)


def test_tensorflow_2_11_plus_on_native_windows_stated_is_a_warning(tmp_path: Path) -> None:
    text = "OS: Windows 10 Pro\nI installed tensorflow 2.13.1 with pip and CUDA 11.8.\n"
    assert judge(tmp_path, text, ["EC211"]) == [("EC211", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "OS: Windows 10 Pro\nI installed tensorflow 2.10.1 with pip and CUDA 11.2.\n",
        "OS: WSL2 Ubuntu 22.04 on Windows 11\nI installed tensorflow 2.13.1 with pip.\n",
    ],
)
def test_tensorflow_2_10_or_wsl_is_not_flagged(tmp_path: Path, text: str) -> None:
    assert judge(tmp_path, text, ["EC211"]) == []


def test_printed_torch_version_and_nvcc_output_feed_the_toolkit_check(tmp_path: Path) -> None:
    text = (
        "print(torch.__version__) gives: torch.__version__ = 2.4.0+cu124\n"
        "$ nvcc --version\n"
        "nvcc: NVIDIA (R) Cuda compiler driver\n"
        "Cuda compilation tools, release 11.5, V11.5.119\n"
    )
    assert judge(tmp_path, text, ["EC310"]) == [("EC310", "toolkit-mismatch", "warning")]


def test_same_major_nvcc_output_is_not_flagged(tmp_path: Path) -> None:
    text = "torch.__version__ = 2.4.0+cu124\nCuda compilation tools, release 12.6, V12.6.77\n"
    assert judge(tmp_path, text, ["EC310"]) == []


def test_enospc_for_a_disk_is_not_shared_memory() -> None:
    # ENOSPC for a disk, no semaphore in sight: the disk (round 4's disk-full), not /dev/shm
    text = "OSError: [Errno 28] No space left on device: '/data/checkpoints/epoch3.pt'"
    assert pats(text) == ["disk-full"]
