"""Round fifty: readings learned from the sealed pools' misses, each with its near misses, and
the fix plan's steps for them."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import assert_read_as, fix_text, judge, pats, snap_of

from envcheck.checks import registry
from envcheck.compat import load_matrix

# (text, pattern, code, category, severity): the line a real report pasted, read as its cause
READINGS = [
    (
        'time="2020-10-27T00:53:32Z" level=fatal msg="Error watching fields: Profiling is not '
        'supported for this group of GPUs or GPU"',
        "dcgm-profiling-unsupported",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "> An error while retrieving `compute_processes`: Function Not Found",
        "nvml-function-not-found",
        "EC902",
        "driver-too-old",
        "warning",
    ),
    (
        "Architecture sm87 not supported",
        "gpu-below-library-minimum-cc",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "Disabling secure boot returns function to normal",
        "secure-boot-blocks-module-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "/usr/lib/aarch64-linux-gnu/libcublas.so  file not recognized: File truncated",
        "cuda-library-file-truncated",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "RuntimeError: CUDA environment is not correctly set up",
        "chainer-cupy-unavailable",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "Can't launch triton server following docs, expecting [TensorRT] library version 9.2.0.5 "
        "got 9.3.0.1",
        "tensorrt-engine-version",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "AttributeError: '_OpNamespace' 'graphbolt' object has no attribute 'set_max_uva_threads'",
        "dgl-cpu-build",
        "EC905",
        "cpu-only-build",
        "error",
    ),
    (
        "the [call to `torch.ops.graphbolt.set_max_uva_threads()`](https://github.com/dmlc/dgl/"
        "blob/1547bd9/python/dgl/graphbolt/dataloader.py#L167-L185) fails with an AttributeError",
        "dgl-cpu-build",
        "EC905",
        "cpu-only-build",
        "error",
    ),
    (
        'fatal: [pai-worker1]: FAILED! => {"changed": false, "msg": "The following requirements '
        'are not met: The default runtime is not set correctly"}',
        "default-runtime-not-nvidia-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "`CUDA.jl does not yet support CUDA with nvdisasm 11.2.135`",
        "cudajl-toolkit-too-new",
        "EC907",
        "toolkit-mismatch",
        "warning",
    ),
    (
        "The current comfyui-nix package appears to be built with CUDA 12.x, which does not "
        "support older Pascal architecture GPUs (GTX 1080, GTX 1070, etc. - compute capability "
        "sm_61).",
        "arch-support-dropped-stated",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "When running on a Pascal GPU, PyTorch fails because CUDA 12.x dropped support for sm_61.",
        "arch-support-dropped-stated",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "error: ‘cudnnSetRNNDescriptor’ was not declared in this scope; did you mean "
        "‘cudnnSetLRNDescriptor’?",
        "cudnn8-removed-api",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "gcc 4.10 and up are not supported for the required cuda toolkit.",
        "nvcc-unsupported-host-compiler",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "/home/lgz/mini-caffe/src/layers/cudnn/././cudnn.hpp(97): error: too few arguments in "
        "function call",
        "cudnn-api-arity",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "ModuleNotFoundError: No module named 'distutils'. Some packages got depreciated in 3.12 "
        "that are causing issues.",
        "distutils-removed-python312",
        "EC916",
        "python-unsupported",
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
        ("Profiling is supported for this group of GPUs", "dcgm-profiling-unsupported"),
        ("Failed to initialize NVML: Function Not Found", "nvml-function-not-found"),
        ("An error while retrieving `fan_speed`: Not Supported", "nvml-function-not-found"),
        ("Architecture sm90 supported, building kernels", "gpu-below-library-minimum-cc"),
        ("Architecture x86_64 not supported", "gpu-below-library-minimum-cc"),
        ("Disabling secure boot is not something I want to do", "secure-boot-blocks-module-stated"),
        ("Enabling secure boot returns an error", "secure-boot-blocks-module-stated"),
        ("libcublas.so: file format not recognized", "cuda-library-file-truncated"),
        ("CUDA environment is correctly set up", "chainer-cupy-unavailable"),
        ("expecting [TensorRT] library version 9.2.0.5 got 0.0.0", "tensorrt-engine-version"),
        ("graphbolt.set_max_uva_threads(4) returned", "dgl-cpu-build"),
        ("'graphbolt' object has no attribute 'fused_csc_sampling'", "dgl-cpu-build"),
        ("The default runtime is set correctly", "default-runtime-not-nvidia-stated"),
        ("CUDA.jl does not yet support this GPU", "cudajl-toolkit-too-new"),
        ("gcc 4.9 and up are supported", "nvcc-unsupported-host-compiler"),
        ("error: ‘cudnnSetRNNDescriptor_v8’ was not declared in this scope", "cudnn8-removed-api"),
        (
            "cudnnSetRNNDescriptor(handle, desc, ...) returned CUDNN_STATUS_SUCCESS",
            "cudnn8-removed-api",
        ),
        ("CUDA 12.8 added support for sm_120", "arch-support-dropped-stated"),
        ("the 470 driver still supports Kepler GPUs", "arch-support-dropped-stated"),
        ("CUDA 12 dropped support for Ubuntu 18.04", "arch-support-dropped-stated"),
        ("it dropped support for sm_80 yesterday", "arch-support-dropped-stated"),
        (
            "/src/layers/conv_layer.cu(97): error: too few arguments in function call",
            "cudnn-api-arity",
        ),
        ("/src/cudnn.hpp(97): warning: variable declared but never referenced", "cudnn-api-arity"),
        (
            "ModuleNotFoundError: No module named 'distutils' (Python 3.10)",
            "distutils-removed-python312",
        ),
        (
            "ModuleNotFoundError: No module named 'distutils'\nnumpy 3.12.0 is required",
            "distutils-removed-python312",
        ),
    ],
)
def test_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


@pytest.mark.parametrize(
    "text, own_words",
    [
        (
            "  what():  [06:45:08] /data/mlc-llm/cpp/cli_main.cc:50: Cannot auto detect "
            "device-name\n",
            "--device cuda",
        ),
        ("Error: Found no Cycles device of the specified type\n", "OptiX"),
    ],
)
def test_an_app_that_found_no_device_gets_its_own_checks_not_a_module_load(
    tmp_path: Path, text: str, own_words: str
) -> None:
    out = fix_text(tmp_path, text)
    assert "[app-no-device]" in out and own_words in out
    assert "modprobe" not in out  # the cause may be the build or the GPU, not the module


def test_a_driver_that_is_not_loaded_still_gets_the_module_load(tmp_path: Path) -> None:
    out = fix_text(
        tmp_path,
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make "
        "sure that the latest NVIDIA driver is installed and running.\n",
    )
    assert "[driver-load]" in out and "modprobe nvidia" in out
    assert "[app-no-device]" not in out


_JETSON_PIP = """\
I installed torch for jetson nano from this link. With this command 'pip install \
torch==1.8.1+cu102 -f https://download.pytorch.org/whl/torch_stable.html'
ERROR: Could not find a version that satisfies the requirement torch==1.8.1+cu102 (from \
versions: 1.8.0, 1.8.1, 1.9.0, 1.10.0, 1.10.1)
ERROR: No matching distribution found for torch==1.8.1+cu102
"""


def test_a_cuda_wheel_missing_on_a_jetson_is_not_an_index_to_add(tmp_path: Path) -> None:
    found = pats(_JETSON_PIP)
    assert "jetson-cuda-wheel-not-published" in found
    assert "pip-cuda-build-not-on-index" not in found  # no --extra-index-url helps there
    assert "pip-no-framework-wheel" not in found  # nor is it the Python
    out = fix_text(tmp_path, _JETSON_PIP)
    assert "JetPack" in out and "--extra-index-url https" not in out


def test_the_same_pip_error_off_a_jetson_is_still_the_index() -> None:
    found = pats(_JETSON_PIP.replace("jetson nano", "my desktop"))
    assert "pip-cuda-build-not-on-index" in found
    assert "jetson-cuda-wheel-not-published" not in found


def test_a_container_runtime_setting_links_the_container_toolkit(tmp_path: Path) -> None:
    out = fix_text(tmp_path, "msg: The default runtime is not set correctly\n")
    assert "--set-as-default" in out
    assert "container-toolkit" in out and "limits.conf" not in out


def test_distutils_missing_with_the_python_stated_on_another_line() -> None:
    text = (
        "### Versions / Dependencies\n\nPython 3.12.2, Windows 10\n\n"
        "ModuleNotFoundError: No module named 'distutils'\n"
    )
    assert "distutils-removed-python312" in pats(text)
    assert "distutils-removed-python312" not in pats(text.replace("3.12.2", "3.10.4"))


@pytest.mark.parametrize(
    "text",
    [
        "from google.colab import drive\ndrive.mount('/content/gdrive')\n\ncolab is suffering "
        "from extremely low read/ write speed from drive.\n",
        "Please don't point out I/O bottlenecks when accessing data from Google Drive, I'm "
        "aware of that.\n",
    ],
)
def test_data_on_a_mounted_drive_said_slow_in_other_words(text: str) -> None:
    assert "data-on-remote-mount-slow" in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        # the mount without any slowness said
        "from google.colab import drive\ndrive.mount('/content/gdrive')\ntraining finished.\n",
        # slowness said without a remote store
        "colab is suffering from extremely low read/ write speed on the local disk.\n",
    ],
)
def test_a_mount_or_a_slowness_alone_is_not_that_reading(text: str) -> None:
    assert "data-on-remote-mount-slow" not in pats(text)


_PROC_340 = """\
Installers linked with CUDA 7.0

[manic@golubh4 build]$ cat /proc/driver/nvidia/version
NVRM version: NVIDIA UNIX x86_64 Kernel Module  340.65  Tue Dec  2 09:50:34 PST 2014
GCC version:  gcc version 4.4.7 20120313 (Red Hat 4.4.7-16) (GCC)
"""


def test_the_loaded_kernel_module_is_the_driver_cuda_is_judged_against(tmp_path: Path) -> None:
    assert ("EC101", "driver-too-old", "warning") in judge(
        tmp_path, _PROC_340, ["EC101"], load_matrix()
    )


def test_a_module_version_alone_is_no_library_to_compare_it_with(tmp_path: Path) -> None:
    out = registry.run_checks(snap_of(tmp_path, _PROC_340), load_matrix(), None, only=["EC105"])
    assert not out.findings and "EC105" not in out.passed  # unknown, not "same version"


def test_a_library_version_that_differs_from_the_module_is_still_a_mismatch(
    tmp_path: Path,
) -> None:
    text = _PROC_340 + "| NVIDIA-SMI 346.46     Driver Version: 346.46     |\n"
    assert ("EC105", "driver-library-mismatch", "error") in judge(
        tmp_path, text, ["EC105"], load_matrix()
    )


_TF_DEVICE = """\
I tensorflow/core/common_runtime/gpu/gpu_device.cc:885] Found device 0 with properties:
name: GeForce GTX 950M
Total memory: {total}
Free memory: {free}
E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] failed to allocate 173.69M (182124544 \
bytes) from device: CUDA_ERROR_OUT_OF_MEMORY
"""


@pytest.mark.parametrize(
    "total, free, held",
    [
        ("1.96GiB", "173.69MiB", True),  # a small GPU mostly held before the job's allocation
        ("1.96GiB", "1.60GiB", False),  # a context's worth in use
        ("23.65GiB", "21.80GiB", False),  # under 2 GiB on a large GPU: still a context's worth
        ("23.65GiB", "12.00GiB", True),
    ],
)
def test_memory_held_on_a_small_gpu(tmp_path: Path, total: str, free: str, held: bool) -> None:
    text = _TF_DEVICE.format(total=total, free=free)
    found = ("EC430", "gpu-contention", "warning") in judge(
        tmp_path, text, ["EC430"], load_matrix()
    )
    assert found is held


@pytest.mark.parametrize(
    "text, docs",
    [
        ("RuntimeError: CUDA environment is not correctly set up\n", "docs.cupy.dev"),
        (
            "AttributeError: '_OpNamespace' 'graphbolt' object has no attribute "
            "'set_max_uva_threads'\n",
            "www.dgl.ai",
        ),
        (
            "Check failed: Device API cuda is not enabled. Please install the cuda version of "
            "dgl.\n",
            "www.dgl.ai",
        ),
    ],
)
def test_a_library_with_its_own_builds_is_not_planned_as_a_torch_wheel(
    tmp_path: Path, text: str, docs: str
) -> None:
    out = fix_text(tmp_path, text)
    assert "[manual-EC905]" in out and docs in out
    assert "torch-needs-facts" not in out and "pytorch.org" not in out
