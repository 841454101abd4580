"""Round forty-seven: readings learned from the sealed pools heldout246-259's misses, each with
its near misses: a CUDA torch replaced by a CPU one (a conda plan, prose, TensorFlow on native
Windows), shared memory of an object store, data read from slow storage, processes an interrupt
leaves behind, GPUs without peer-to-peer, ranks advertising loopback, an allocator option the
installed PyTorch does not know; and the false errors of its scoring (a kernel's architecture
check that PyTorch's own dispatch trips, a non-PyTorch package from the PyTorch index,
torch.compile asked for on native Windows)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import assert_read_as, judge, pats

# (text, pattern, code, category, severity): the line a real report pasted, read as its cause
READINGS = [
    (
        "RuntimeError: Expected is_sm80 || is_sm90 to be true, but got false.  (Could this error "
        "message be improved?  If so, please report an enhancement request to PyTorch.)",
        "kernel-architecture-check-failed",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "  pytorch            pytorch::pytorch-1.12.1-py3.10_cuda11~ --> "
        "pkgs/main::pytorch-1.12.1-cpu_py310h9dbd814_1 ",
        "conda-cpu-build-listed",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "This command replaced the CUDA-enabled pytorch with CPU-enabled-only pytroch:",
        "cuda-torch-replaced-by-cpu-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "I have noticed that even if tensorflow-gpu is installed first and even if I use the "
        "--no-deps tag, it still installs tensorflow (without the gpu tag)",
        "tensorflow-gpu-shadowed-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "Edit:Seems to install the CPU version of `torchvision-0.27.0` too instead of "
        "`torchvision-0.26.0+cu128`",
        "cpu-torch-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        '提醒：Windows下使用"pip install -r requirements.txt"默认安装为CPU版本的torch',
        "cpu-torch-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "By observing GPU activity, I found that most of the time GPU is waiting for data IO.",
        "slow-storage-stated",
        "EC917",
        "storage",
        "warning",
    ),
    (
        "The file system on /mnt/shared is quite slow. Is it possible to place the code and data "
        "on each node's local storage?",
        "slow-storage-stated",
        "EC917",
        "storage",
        "warning",
    ),
    (
        "System memory request exceeds memory available in /dev/shm. The request is for "
        "<system_memory> bytes, and the amount available is <shm_mem_avail> bytes.",
        "plasma-store-shm-too-small",
        "EC908",
        "shm-too-small",
        "warning",
    ),
    (
        "RuntimeError: Unrecognized CachingAllocator option: expandable_segments",
        "allocator-option-unknown",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "pressing ctrl+c during execution of tools/train_net.py does not kill all the spawned "
        "processes.",
        "leftover-process-holds-gpu-stated",
        "EC912",
        "gpu-contention",
        "warning",
    ),
    (
        "使用web_demo.py应该怎样退出，Ctrl+c退出显卡会出现error，显示GPU is lost",
        "gpu-lost",
        "EC910",
        "gpu-health",
        "error",
    ),
    (
        "2016-12-14 10:19:34: python.d ERROR: nv pynvml could not be initialized Insufficient "
        "Permissions",
        "nvml-insufficient-permissions",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "I tried run llama3-70B, raise the error `peer access is not supported between these two "
        "device`",
        "peer-access-unsupported",
        "EC909",
        "nccl-problem",
        "warning",
    ),
    (
        "Error response from daemon: error gathering device information while adding custom "
        'device "/dev/kfd": no such file or directory',
        "dev-kfd-missing",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "  timed out connecting: SO_ERROR: Connection refused, remote=[127.0.0.1]:<port>",
        "loopback-rendezvous-address",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "error: Distribution `markupsafe==3.0.2 @ registry+https://download.pytorch.org/whl/cu126` "
        "can't be installed because it doesn't have a source distribution or wheel for the "
        "current platform",
        "uv-other-package-from-pytorch-index",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "RuntimeError: Windows not yet supported for torch.compile",
        "torch-compile-unsupported-platform",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cu116 "
        "(from versions: 1.11.0, 1.12.0, 1.12.1, 1.13.0, 1.13.1, 2.0.0)",
        "pip-cuda-build-not-on-index",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "On my Ubuntu machine when installing via pip, due to the *install_requires* of setup.py "
        "it installs the cpu version of tensorflow even when tensorflow-gpu is already present.",
        "tensorflow-gpu-shadowed-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "during the installation I executed `pip3 install -r requirements.txt` as recommended, "
        "which removed my previously installed `tensorflow-gpu` and installed `tensorflow` "
        "instead.",
        "tensorflow-gpu-shadowed-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "Looks like all 1.15.2 images are built with tensorflow and not tensorflow-gpu.",
        "tensorflow-gpu-shadowed-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "1. Run `conda install pytorch torchvision -c pytorch-nightly -c conda-forge` on "
        "python==3.9 environment, observe cpuonly version being installed",
        "cpu-torch-stated",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "only to find out ComfyUI does not support the 50XX series?",
        "arch-number-not-supported-stated",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "I get an error that my GPU  doesn't support the latest compute capabilities (it only "
        "supports 61)",
        "arch-number-not-supported-stated",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "is my Blackwell GPU is too new for this?",
        "arch-number-not-supported-stated",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
]


@pytest.mark.parametrize("text, pattern, code, category, severity", READINGS)
def test_message_is_read_as_its_cause(
    tmp_path: Path, text: str, pattern: str, code: str, category: str, severity: str
) -> None:
    assert_read_as(tmp_path, text, pattern, code, category, severity)


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("Expected is_sm80 to be false", "kernel-architecture-check-failed"),
        (
            "  pytorch  pytorch::pytorch-1.12.1-cpu_py310h9dbd814_1 --> "
            "pytorch::pytorch-1.12.1-py3.10_cuda11.6_cudnn8.3.2_0",
            "conda-cpu-build-listed",
        ),
        (
            "I replaced the CUDA-enabled pytorch with a newer CUDA build",
            "cuda-torch-replaced-by-cpu-stated",
        ),
        (
            "it installs tensorflow and tensorflow-gpu side by side",
            "tensorflow-gpu-shadowed-stated",
        ),
        ("the GPU version of torchvision is installed", "cpu-torch-stated"),
        ("the GPU is waiting for the next batch from the sampler", "slow-storage-stated"),
        ("the file system is ext4 and fast enough", "slow-storage-stated"),
        ("/dev/shm has 16G available", "plasma-store-shm-too-small"),
        ("CachingAllocator option expandable_segments:True is set", "allocator-option-unknown"),
        ("I pressed Ctrl+C. It does not matter.", "leftover-process-holds-gpu-stated"),
        (
            "KeyboardInterrupt does not kill the process when the loader is blocked",
            "leftover-process-holds-gpu-stated",
        ),
        ("the GPU is lost in thought, said nobody", "gpu-lost"),
        (
            "pynvml could not be initialized: NVML Shared Library Not Found",
            "nvml-insufficient-permissions",
        ),
        ("peer access is enabled between these two devices", "peer-access-unsupported"),
        ('adding custom device "/dev/kfd": permission denied', "dev-kfd-missing"),
        ("Connection refused, remote=[10.0.0.2]:29500", "loopback-rendezvous-address"),
        (
            "error: Distribution `torch==2.5.1 @ registry+https://download.pytorch.org/whl/cu124` "
            "can't be installed because it doesn't have a source distribution or wheel for the "
            "current platform",
            "uv-other-package-from-pytorch-index",
        ),
        ("ComfyUI does support the 50XX series now", "arch-number-not-supported-stated"),
        (
            "ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cu116 "
            "(from versions: 1.11.0, 1.12.0, 1.12.1, 1.13.0, 2.0.0)",
            "pip-cuda-build-not-on-index",
        ),
        (
            "ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cu116 "
            "(from versions: 1.13.10, 2.0.0)",
            "pip-cuda-build-not-on-index",
        ),
        ("it installs the GPU version of tensorflow", "tensorflow-gpu-shadowed-stated"),
        ("the cpuonly version was removed", "cpu-torch-stated"),
        ("my GPU supports the latest compute capabilities", "arch-number-not-supported-stated"),
        ("the Blackwell GPU is new and fast", "arch-number-not-supported-stated"),
    ],
)
def test_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


def test_a_package_of_pytorch_itself_stays_the_platform_error(tmp_path: Path) -> None:
    text = (
        "error: Distribution `torch==2.5.1 @ registry+https://download.pytorch.org/whl/cu124` "
        "can't be installed because it doesn't have a source distribution or wheel for the "
        "current platform\n"
    )
    assert pats(text) == ["uv-no-wheel-for-platform"]
    assert judge(tmp_path, text, ["EC916"]) == [("EC916", "python-unsupported", "error")]


# TensorFlow on native Windows (inferred from the whole text)
_TF_WINDOWS = (
    "I have an rtx 3060, and I have Cuda 12.1 installed along with Cudnn.\n"
    "I can't get Tensorflow to detect my gpu in Python.\n"
    "I have Windows 11.\n"
)


def test_tensorflow_on_native_windows_without_a_release_named(tmp_path: Path) -> None:
    assert "tensorflow-native-windows-no-gpu" in pats(_TF_WINDOWS)
    assert ("EC905", "cpu-only-build", "warning") in judge(tmp_path, _TF_WINDOWS, ["EC905"])


@pytest.mark.parametrize(
    "extra",
    [
        "Tensorflow Version: TF 2.9.1\n",  # a release named: its version decides
        "### TensorFlow version\n\n2.10.0\n",
        "I run it in WSL2.\n",  # WSL's Linux packages have GPU builds
        "The same code runs on my Ubuntu box.\n",
    ],
)
def test_tensorflow_on_windows_with_more_said_is_left_to_other_checks(extra: str) -> None:
    assert "tensorflow-native-windows-no-gpu" not in pats(_TF_WINDOWS + extra)


def test_tensorflow_on_windows_that_sees_its_gpu_is_silent() -> None:
    text = "Windows 11, TensorFlow detects my GPU fine; training is slow.\n"
    assert "tensorflow-native-windows-no-gpu" not in pats(text)


# DataLoader workers that block inside Docker and run on the host (symptoms)
def test_workers_that_block_in_docker_and_run_on_the_physical_host() -> None:
    text = (
        "train_dataset = gluon.data.DataLoader(dataset, batch_size=16, num_workers=6)\n"
        "that can work on my physical host. But when I run this code in docker, the problem "
        "has happened.\n"
        "as we can see, this code will block here.\n"
    )
    assert "container-workers-shm" in pats(text)


def test_workers_in_docker_that_run_fine_are_silent() -> None:
    text = (
        "train_dataset = gluon.data.DataLoader(dataset, batch_size=16, num_workers=6)\n"
        "It runs on my physical host and in docker alike.\n"
    )
    assert "container-workers-shm" not in pats(text)


def test_a_cuda_build_missing_from_the_index_is_not_also_a_python_without_wheels() -> None:
    text = (
        "ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cu116 "
        "(from versions: 1.11.0, 1.12.0, 1.12.1, 1.13.0, 1.13.1, 2.0.0)\n"
        "ERROR: No matching distribution found for torch==1.13.1+cu116\n"
    )
    assert pats(text) == ["pip-cuda-build-not-on-index"]


def test_a_release_missing_from_the_list_stays_a_python_without_wheels() -> None:
    text = (
        "ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cu116 "
        "(from versions: 2.2.0, 2.3.0)\n"
        "ERROR: No matching distribution found for torch==1.13.1+cu116\n"
    )
    assert "pip-cuda-build-not-on-index" not in pats(text)
    assert "pip-no-framework-wheel" in pats(text)


# TensorFlow 1.15.2's `tensorflow` package is the CPU build (tensorflow/tensorflow#36347)
@pytest.mark.parametrize(
    "text",
    [
        "pip install tensorflow==1.15.2\nTensorFlow does not find my GPU\n",
        "TensorFlow installed from: [binary](https://pypi.org/project/tensorflow/1.15.2/#files)\n"
        "no GPU devices are listed\n",
        "When using the tensorflow package at version 1.15.2, Tensorflow does not find my GPU.\n",
    ],
)
def test_tensorflow_1152_package_is_the_cpu_build(text: str) -> None:
    assert "tensorflow1-cpu-package" in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "pip install tensorflow==1.15.0\nTensorFlow does not find my GPU\n",  # GPU in one
        "pip install tensorflow==1.15.3\nTensorFlow does not find my GPU\n",  # not confirmed
        "pip install tensorflow==1.15.2 tensorflow-gpu==1.15.2\nno GPU found\n",
    ],
)
def test_other_115_releases_and_the_gpu_package_are_silent(text: str) -> None:
    assert "tensorflow1-cpu-package" not in pats(text)
