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


# --- heldout35's tuning ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "[E] Error[9]: IBuilder::buildSerializedNetwork: Error Code 9: API Usage Error "
            "(Target GPU SM 120 is not supported by this TensorRT release.)\n",
            "tensorrt-target-sm-unsupported",
        ),
        (
            "F0203 math_functions.cu:394] Check failed: status == CURAND_STATUS_SUCCESS (201 vs. "
            "0)  CURAND_STATUS_LAUNCH_FAILURE\n",
            "curand-launch-failure",
        ),
        ("    assert FLASH_ATTN_2_AVAILABLE\nAssertionError\n", "flash-attn-not-available-assert"),
        (
            "TypeError: memory_efficient_attention() got an unexpected keyword argument "
            "'attn_bias'\n",
            "xformers-api-older-than-code",
        ),
        (
            "convolution.hpp:266:21: error: ‘CUDNN_CONVOLUTION_FWD_PREFER_FASTEST’ was not "
            "declared in this scope\n",
            "cudnn8-removed-api",
        ),
        (
            "libtorch_cuda.so: undefined reference to `cudaLaunchKernelExC@libcudart.so.11.0'\n",
            "cudart-link-older-toolkit",
        ),
        (
            "install driver, p2p has enabled, but test simpleP2P failed and bandwidth only "
            "3.39GB/s.\n",
            "p2p-slow-or-failing-stated",
        ),
        ("nvidia 5090 p2p bandwidth so small\n", "p2p-slow-or-failing-stated"),
        ("LnkSta: Speed 2.5GT/s, Width x16\n", "pcie-link-gen1-speed"),
        (
            "我不知道为什么device：0只占用了一半显存，而device：1有两个进程占满了显存。\n",
            "gpu-memory-held-stated-zh",
        ),
        (
            "Consider not replacing CUDA-supported PyTorch with CPU-only PyTorch\n",
            "cuda-torch-replaced-by-cpu-stated",
        ),
        (
            "RuntimeError: ('Wrong major API version for gpuarray:', -9998, 'Make sure Theano "
            "and libgpuarray/pygpu are in sync.')\n",
            "theano-pygpu-out-of-sync",
        ),
        ("No. I am running on a rotational disk.\n", "slow-storage-stated"),
        (
            "So I presume it's because the io speed of the HDD hard disk drive is too slow.\n",
            "slow-storage-stated",
        ),
    ],
)
def test_heldout35_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        # a TensorRT that supports the GPU; cuRAND succeeding
        ("Check failed: status == CURAND_STATUS_SUCCESS\n", "curand-launch-failure"),
        # a link at full speed
        ("LnkSta: Speed 16GT/s, Width x16\n", "pcie-link-gen1-speed"),
        # P2P reported fine
        (
            "p2pBandwidthLatencyTest looks good, P2P bandwidth is 24 GB/s\n",
            "p2p-slow-or-failing-stated",
        ),
        # a fast disk, or a question without a disk
        ("The data is on an NVMe SSD and loading is fast\n", "slow-storage-stated"),
        # freeing memory is not holding it
        ("进程结束后显存已经释放\n", "gpu-memory-held-stated-zh"),
        # a CPU torch replaced by a CUDA one
        (
            "replacing CPU-only PyTorch with CUDA-supported PyTorch fixed it\n",
            "cuda-torch-replaced-by-cpu-stated",
        ),
    ],
)
def test_heldout35_near_misses(text: str, pattern: str) -> None:
    assert pattern not in pats(text)


_SDIST_LOG = (
    "Collecting tokenizers<0.16,>=0.13 (from faster-whisper)\n"
    "  Using cached tokenizers-0.15.2.tar.gz (320 kB)\n"
    "  Preparing metadata (pyproject.toml) ... error\n"
    "  error: subprocess-exited-with-error\n"
)


@pytest.mark.parametrize(
    "text",
    [
        _SDIST_LOG,
        "  × Building wheel for tokenizers (pyproject.toml) did not run successfully.\n",
        "Stuck on not being able to build a wheel for tokenizers\n",
        "ERROR: Failed building wheel for numba\n",
    ],
)
def test_source_build_of_a_wheel_only_package(tmp_path: Path, text: str) -> None:
    assert pats(text) == ["source-build-no-wheel"]
    assert judge(tmp_path, text, ["EC916"]) == [("EC916", "python-unsupported", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # a package that is often built from source on purpose
        "ERROR: Failed building wheel for flash-attn\n",
        # the sdist downloaded and built fine
        "  Using cached tokenizers-0.15.2.tar.gz (320 kB)\nSuccessfully built tokenizers\n",
        # another cause found first: the compiler is missing
        "ERROR: Failed building wheel for tokenizers\nerror: Microsoft Visual C++ 14.0 or greater "
        "is required.\n",
    ],
)
def test_source_build_near_misses(text: str) -> None:
    assert "source-build-no-wheel" not in pats(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "with `docker run --runtime nvidia --cpu-period=100000 --cpu-quota=100000 img` it is "
            "2 times as fast than with `docker run --runtime nvidia --cpu-period=100000 "
            "--cpu-quota=50000 img`\n",
            True,
        ),
        ("docker run --gpus all --cpus=0.5 img\n", True),
        ("docker run --gpus all --cpus=8 img\n", False),
        ("docker run --gpus all --cpu-period=100000 --cpu-quota=400000 img\n", False),
        # a period of zero is no quota envcheck can read
        ("docker run --cpu-period=0 --cpu-quota=50000 img\n", False),
    ],
)
def test_container_cpu_quota(text: str, found: bool) -> None:
    assert ("container-cpu-quota-under-a-core" in pats(text)) is found


def test_windows_pip_removed_a_cuda_torch(tmp_path: Path) -> None:
    head = "Python 3.10.2 (tags/v3.10.2:a58ebcc, Jan 17 2022) [MSC v.1929 64 bit (AMD64)]\n"
    log = (
        "  Attempting uninstall: torch\n    Found existing installation: torch 1.12.1+cu113\n"
        "    Uninstalling torch-1.12.1+cu113:\n      Successfully uninstalled torch-1.12.1+cu113\n"
    )
    assert "pip-replaced-cuda-torch-windows" in pats(head + log)
    # off Windows the replacement from PyPI is a CUDA build; a CPU torch removed says nothing
    assert "pip-replaced-cuda-torch-windows" not in pats(log)
    assert "pip-replaced-cuda-torch-windows" not in pats(head + log.replace("+cu113", "+cpu"))


@pytest.mark.parametrize(
    "text",
    [
        "Can't deploy ONNX model in CPU only environment\nCUDA failure 100: no CUDA-capable "
        "device is detected\n",
        "failed to create session on environment that doesn't have GPUs\nCUDA failure 100: no "
        "CUDA-capable device is detected\n",
    ],
)
def test_no_device_in_a_cpu_only_environment_is_not_an_error(tmp_path: Path, text: str) -> None:
    assert judge(tmp_path, text, ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]


def test_python_installs_on_one_and_fails_on_a_newer() -> None:
    assert "python-newer-fails-stated" in pats(
        "Successfully installed with Python 3.11.7，failed with 3.12.2\n"
    )
    # the newer one installing is not this
    assert "python-newer-fails-stated" not in pats(
        "Successfully installed with Python 3.12.2, failed with 3.11.7\n"
    )


# --- heldout36's tuning ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            'CMake Error: Could NOT find NVJPEG: Found unsuitable version "", but required is at '
            'least "9.0"\n',
            "cuda-lib-not-found-at-build",
        ),
        (
            "The output indicates that the GCC version (14) is too new for NVCC.\n",
            "nvcc-unsupported-host-compiler",
        ),
        ("    os.sched_setaffinity(0, self.cores)\n", "setaffinity-outside-job-cpus"),
        (
            "The output of device.get_cpu_affinity() is an empty list [].\n",
            "setaffinity-outside-job-cpus",
        ),
        (
            "compile_fx.py:2509: UserWarning: Tesla V100-SXM2-32GB does not support bfloat16 "
            "compilation natively, skipping\n",
            "gpu-without-native-bf16",
        ),
        (
            "failed to construct OCI spec modifier: requirements not met: unsatisfied condition: "
            "cuda>=12.2 (cuda=11.4): unknown.\n",
            "container-cuda-requirement",
        ),
        (
            "Loaded detection model vikp/surya_det2 on device cpu with dtype torch.float32\n",
            "surya-models-on-cpu",
        ),
        (
            "ERROR: Ignored the following versions that require a different python version: "
            "0.1.0 Requires-Python >=3.7,<3.10\n",
            "pip-ignored-requires-python",
        ),
        (
            "the available disk space is insufficient to complete the download\n",
            "disk-full",
        ),
        (
            "There is one GPU occupied by a  process named 'nvidia-cuda-mps-server' set up by "
            "others.\n",
            "mps-server-holds-gpu",
        ),
        (
            "Warp CUDA error: Failed to get driver entry point 'cuInit' (CUDA error 34)\n",
            "libcuda-stub-loaded",
        ),
    ],
)
def test_heldout36_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        # CMake finding the library; another package not found
        ("-- Found CUDNN: /usr/lib/x86_64-linux-gnu/libcudnn.so\n", "cuda-lib-not-found-at-build"),
        ("Could NOT find Doxygen (missing: DOXYGEN_EXECUTABLE)\n", "cuda-lib-not-found-at-build"),
        # an MPS server running for the user's own jobs
        ("nvidia-cuda-mps-control -d started the daemon\n", "mps-server-holds-gpu"),
        # surya on the GPU
        (
            "Loaded detection model vikp/surya_det2 on device cuda with dtype torch.float16\n",
            "surya-models-on-cpu",
        ),
        # CUDA error 35 is not the stub library
        ("CUDA error 35: CUDA driver version is insufficient\n", "libcuda-stub-loaded"),
        # enough space
        ("there is enough disk space on the volume\n", "disk-full"),
    ],
)
def test_heldout36_near_misses(text: str, pattern: str) -> None:
    assert pattern not in pats(text)


def test_deepstream_muxer_in_a_container_started_without_gpus(tmp_path: Path) -> None:
    run = "docker run -it --rm nvcr.io/nvidia/deepstream:6.1.1-devel\n"
    error = "** ERROR: <create_multi_source_bin:1457>: Failed to create element 'src_bin_muxer'\n"
    assert "gpu-not-given-to-container" in pats(run + error)
    # with the GPUs passed in, the muxer failing is something else
    assert "gpu-not-given-to-container" not in pats(run.replace("-it", "--gpus all -it") + error)


def test_tensorflow_s_trt_warning_is_not_cmake(tmp_path: Path) -> None:
    # TensorFlow prints it on every start without TensorRT (five corpus controls)
    assert "cuda-lib-not-found-at-build" not in pats("TF-TRT Warning: Could not find TensorRT\n")


def test_container_cpu_quota_reads_hostile_numbers_safely() -> None:
    # a 5,000-digit quota would pass int()'s digit limit: it is not read as a quota at all
    assert pats("docker run --cpu-quota=" + "9" * 5000 + " img\n") == []
    # the line is found by its bytes, in text with multi-byte characters before it
    assert "container-cpu-quota-under-a-core" in pats("ünïcødé\ndocker run --cpus=0.25 img\n")
