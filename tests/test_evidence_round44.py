"""Round forty-four: readings learned from the sealed pools heldout201-214's misses, each with its
near misses: what drivers, containers and shells print ('named symbol not found' at cuInit, an
unknown device index, a read-only CUDA_VISIBLE_DEVICES, a driver function a libcuda lacks), what
libraries print (torch.hub offline, Lightning's precision list, TorchCodec's undefined symbol,
cuDNN 7 functions cuDNN 8 removed, Python 3.11's dataclass rule, TensorFlow's kernel image) and
what texts say in words (a Python not supported, a package that cannot be installed on a Python,
a driver that does not build for a kernel, processes in state D, an architecture not supported,
OpenCV without CUDA)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers.extract.floors import python_range_in

# --- 'named symbol not found' at the driver's start (driver-library-mismatch) ---------------------


@pytest.mark.parametrize(
    "text",
    [
        "external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:282] failed call to cuInit: "
        "CUDA_ERROR_NOT_FOUND: named symbol not found",
        "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda "
        "functions before calling NumCudaDevices() that might have already set an error? Error "
        "500: named symbol not found",
    ],
)
def test_named_symbol_at_driver_start_is_the_driver_library(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["driver-init-symbol-not-found"]
    assert judge(tmp_path, text + "\n", ["EC903"]) == [
        ("EC903", "driver-library-mismatch", "warning")
    ]


def test_named_symbol_at_a_kernel_stays_the_architecture() -> None:
    text = "RuntimeError: CUDA error: named symbol not found\n"
    assert pats(text) == ["kernel-symbol-not-found"]


# --- a container asks for a GPU the host lacks; a read-only CUDA_VISIBLE_DEVICES (os-setting) ---


@pytest.mark.parametrize(
    "text",
    [
        'stderr: nvidia-container-cli: device error: 1: unknown device\\\\n\\""": unknown.',
        # after an escaped newline, with no word boundary before it
        "--compute --utility --require=cuda>=9.0 --pid=23863 /var/lib/docker/overlay2/dcf4/merged]"
        "\\\\nnvidia-container-cli: device error: unknown device id: 1\\\\n",
    ],
)
def test_container_asks_for_an_unknown_gpu(tmp_path: Path, text: str) -> None:
    assert "container-gpu-index-unknown" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC913"]) == [("EC913", "os-setting", "error")]


def test_other_container_device_errors_are_not_an_index() -> None:
    text = "nvidia-container-cli: device error: false: invalid device\n"
    assert "container-gpu-index-unknown" not in pats(text)


def test_readonly_visible_devices(tmp_path: Path) -> None:
    text = "[1] 62558\nbash: CUDA_VISIBLE_DEVICES: readonly variable\n"
    assert "visible-devices-readonly" in pats(text)
    # the shell's own error is not the variable's value
    assert not isinstance(snap_of(tmp_path, text).env, dict)
    assert judge(tmp_path, text, ["EC507", "EC913"]) == [("EC913", "os-setting", "error")]


def test_a_visible_devices_value_after_a_colon_is_still_read(tmp_path: Path) -> None:
    assert snap_of(tmp_path, "CUDA_VISIBLE_DEVICES: 3\n").env == {"CUDA_VISIBLE_DEVICES": "3"}


# --- a driver function the loaded libcuda lacks (driver-too-old) ---------------------------------


def test_any_driver_function_missing_is_a_driver_warning(tmp_path: Path) -> None:
    text = (
        "ImportError: /usr/local/lib/python3.11/site-packages/sgl_kernel/common_ops.abi3.so: "
        "undefined symbol: cuGreenCtxDestroy\n"
    )
    assert pats(text) == ["driver-lacks-api-function"]
    assert judge(tmp_path, text, ["EC902"]) == [("EC902", "driver-too-old", "warning")]


@pytest.mark.parametrize(
    "text, pid",
    [
        ("undefined symbol: cuDevicePrimaryCtxReset_v2", "driver-lacks-entry-point"),
        ("vllm/_C.abi3.so: undefined symbol: cuTensorMapEncodeTiled", "cuda12-driver-api-missing"),
    ],
)
def test_the_known_driver_functions_keep_their_error(text: str, pid: str) -> None:
    assert pats(text + "\n") == [pid]


@pytest.mark.parametrize(
    "text",
    [
        "undefined symbol: cudnnCreate",  # cuDNN, lower case after "cu"
        "undefined symbol: cublasLtMatmul",
        "undefined symbol: cudaGetDeviceCount",  # the runtime, not the driver
    ],
)
def test_library_symbols_are_not_the_driver(text: str) -> None:
    assert "driver-lacks-api-function" not in pats(text + "\n")


# --- torch.hub offline (data-network) -----------------------------------------------------------


def test_torch_hub_offline_not_cached(tmp_path: Path) -> None:
    text = (
        "It looks like there is no internet connection and the repo could not be found in the "
        "cache (/root/.cache/torch/hub)\n"
    )
    assert pats(text) == ["torch-hub-offline-not-cached"]
    assert judge(tmp_path, text, ["EC919"]) == [("EC919", "data-network", "error")]


def test_a_cached_hub_repo_is_no_network_error() -> None:
    assert "torch-hub-offline-not-cached" not in pats(
        "Using cache found in /root/.cache/torch/hub\n"
    )


# --- Python versions in words and in a program's check (python-unsupported) -----------------------


def test_a_programs_python_check_states_version_and_range(tmp_path: Path) -> None:
    text = (
        "INFO     Python version is 3.13.3 (tags/v3.13.3:6280bb5, Apr  8 2025, 14:47:33)\n"
        "ERROR    The current version of python (3.13.3 (tags/v3.13.3:6280bb5, Apr  8 2025, "
        "14:47:33) [MSC v.1943 64 bit (AMD64)]) is not supported.\n"
        "ERROR    The Python version must be >= 3.10.9 and < 3.13.0.\n"
    )
    assert "python-stated-unsupported" in pats(text)
    assert judge(tmp_path, text, ["EC221"]) == [("EC221", "python-unsupported", "error")]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("The Python version must be >= 3.10.9 and < 3.13.0.", "3.10,3.13"),
        ("Python version must be >= 3.9", "3.9,"),
        ("python >= 3.8, < 3.12 is required", "3.8,3.12"),
    ],
)
def test_python_range_with_must_and_a_patch_level(line: str, expected: str) -> None:
    assert python_range_in(line) == expected


def test_a_python_that_must_be_installed_is_no_range() -> None:
    assert python_range_in("Python must be installed first") is None


@pytest.mark.parametrize(
    "text",
    [
        "But it seems this version of python is not yet supported by mediapipe.",
        "Currently it is the newest version of Python available and it is not supported with ONNX",
    ],
)
def test_python_version_not_supported_in_words(text: str) -> None:
    assert "python-stated-unsupported" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "This python version is supported.",
        "Which Python version is supported? The docs do not say.",
    ],
)
def test_a_supported_python_is_no_finding(text: str) -> None:
    assert "python-stated-unsupported" not in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "However, it cannot be installed under the official Python 3.13.",
        "Currenly I cannot install pip pytorch-directml for Python 3.10",
        "I am unable to install the package on python 3.12",
    ],
)
def test_a_package_not_installable_on_a_python(tmp_path: Path, text: str) -> None:
    assert "python-stated-unsupported" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "I was able to install it on Python 3.11",
        "cannot install the driver. Python 3.10 is fine",  # another sentence
        "I cannot install it with pip",  # no Python named
    ],
)
def test_other_install_sentences_are_not_the_python(text: str) -> None:
    assert "python-stated-unsupported" not in pats(text + "\n")


def test_dataclass_default_that_python_311_rejects(tmp_path: Path) -> None:
    text = (
        "    raise ValueError(f'mutable default {type(f.default)} for field '\n"
        "ValueError: mutable default <class 'timm.models.maxxvit.MaxxVitConvCfg'> for field "
        "conv_cfg is not allowed: use default_factory\n"
    )
    assert "dataclass-default-rejected-by-newer-python" in pats(text)
    assert judge(tmp_path, text, ["EC916"]) == [("EC916", "python-unsupported", "warning")]


@pytest.mark.parametrize("kind", ["list", "dict", "set"])
def test_a_list_default_is_the_codes_own_bug(kind: str) -> None:
    text = (
        f"ValueError: mutable default <class '{kind}'> for field x is not allowed: "
        "use default_factory\n"
    )
    assert "dataclass-default-rejected-by-newer-python" not in pats(text)


# --- Lightning's precision list, TorchCodec's library (framework-pairing) -------------------------


def test_lightning_precision_unknown_to_the_release(tmp_path: Path) -> None:
    text = (
        "ValueError: Precision 'bf16-true' is invalid. Allowed precision values: ('16-mixed', "
        "'bf16-mixed', '32-true', '64-true', 64, 32, 16, '64', '32', '16', 'bf16')\n"
    )
    assert pats(text) == ["lightning-precision-unknown-to-release"]
    assert judge(tmp_path, text, ["EC914"]) == [("EC914", "framework-pairing", "warning")]


def test_lightning_precision_accepted_is_no_finding() -> None:
    assert "lightning-precision-unknown-to-release" not in pats("Using precision 'bf16-true'\n")


def test_torchcodec_built_for_another_torch(tmp_path: Path) -> None:
    text = (
        '{"message":"tts failed","Exception":"Could not load libtorchcodec ... '
        'libtorchcodec_core8.so: undefined symbol: torch_from_blob"}\n'
    )
    assert "torchcodec-built-for-other-torch" in pats(text)
    assert judge(tmp_path, text, ["EC914"]) == [("EC914", "framework-pairing", "warning")]


def test_torchcodec_without_ffmpeg_is_not_the_pairing() -> None:
    text = "OSError: libavutil.so.58: cannot open shared object file (libtorchcodec_core6.so)\n"
    assert "torchcodec-built-for-other-torch" not in pats(text)


# --- cuDNN 7 functions cuDNN 8 removed (cuda-libs-mismatch) ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "./src/convolutional_layer.c:148:5: warning: implicit declaration of function "
        "\u2018cudnnGetConvolutionForwardAlgorithm\u2019; did you mean "
        "\u2018cudnnGetConvolutionForwardAlgorithm_v7\u2019?",
        "./src/convolutional_layer.c:153:13: error: \u2018CUDNN_CONVOLUTION_FWD_SPECIFY_WORKSPACE_"
        "LIMIT\u2019 undeclared (first use in this function)",
        "error: 'cudnnGetConvolutionBackwardFilterAlgorithm' was not declared in this scope",
        'cudnn_conv_layer.cu(45): error: identifier "cudnnGetConvolutionBackwardDataAlgorithm" '
        "is undefined",
    ],
)
def test_cudnn7_api_removed(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["cudnn8-removed-api"]
    assert judge(tmp_path, text + "\n", ["EC906"]) == [("EC906", "cuda-libs-mismatch", "error")]


@pytest.mark.parametrize(
    "text",
    [
        "cudnnGetConvolutionForwardAlgorithm_v7(handle, ...)",  # the cuDNN 8 call, no error
        "    cudnnGetConvolutionForwardAlgorithm(cudnn_handle(),",  # a source line, no error
    ],
)
def test_cudnn_calls_without_an_error_are_no_finding(text: str) -> None:
    assert "cudnn8-removed-api" not in pats(text + "\n")


# --- TensorFlow's kernel image, the architecture named, nvrtc retyped (gpu-arch-unsupported) -----


def test_tensorflow_init_kernel_image_invalid_is_the_architecture(tmp_path: Path) -> None:
    text = (
        "Docker with GPU 2.3rc0 CUDA runtime implicit initialization on GPU:0 failed. Status: "
        "device kernel image is invalid\n"
    )
    assert pats(text) == ["tf-init-kernel-image-invalid"]
    assert judge(tmp_path, text, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]


def test_other_kernel_image_errors_stay_the_driver() -> None:
    text = "RuntimeError: Triton Error [CUDA]: device kernel image is invalid\n"
    assert pats(text) == ["kernel-image-invalid"]


@pytest.mark.parametrize(
    "text",
    [
        "Oskar 2.8.3 does not support cuda arch 9.0 required for Grace Hopper GPUs",
        "The local GPU uses MX350 and does not support SM 7.0 or later version.",
        "the prebuilt binary doesn't support compute capability 8.6",
    ],
)
def test_architecture_not_supported_in_words(text: str) -> None:
    assert "arch-number-not-supported-stated" in pats(text + "\n")


def test_a_toolkit_or_framework_named_keeps_its_own_reading() -> None:
    assert pats("CUDA 6.5 does not support sm52\n") == ["toolkit-stated-lacks-arch"]
    assert pats("Pytorch 1.7 did not support sm_37 for Kepler based GPUs\n") == [
        "framework-stated-lacks-arch"
    ]


@pytest.mark.parametrize(
    "text",
    [
        "does not support the architecture",  # no number
        "the build supports sm_90",
    ],
)
def test_other_architecture_sentences_are_no_finding(text: str) -> None:
    assert "arch-number-not-supported-stated" not in pats(text + "\n")


def test_nvrtc_message_retyped_with_spaces() -> None:
    text = (
        "which will result in an error nvrtc: error: invalid value for -- gpu architecture "
        "(- arch).\n"
    )
    assert pats(text) == ["nvrtc-unsupported-arch"]


# --- a driver that does not build for the kernel; ggml's unknown error (driver-not-loaded) --------


@pytest.mark.parametrize(
    "text",
    [
        "570.183 drivers didn't build on new kernel 6.17.1.",
        "The Nvidia driver does not build with the latest linux kernel.",
        "the nvidia module fails to compile against kernel 6.8",
    ],
)
def test_driver_module_does_not_build_for_the_kernel(tmp_path: Path, text: str) -> None:
    assert "dkms-build-failed" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "The driver builds fine on kernel 6.8.",
        "the module failed to load",  # no build, no kernel
        "Failed to build the kernel image for the device",  # no driver
    ],
)
def test_other_build_sentences_are_not_the_module(text: str) -> None:
    assert "dkms-build-failed" not in pats(text + "\n")


def test_ggml_unknown_cuda_error() -> None:
    assert pats("ggml_cuda_init: failed to initialize CUDA: unknown error\n") == [
        "cuinit-unknown-error"
    ]


# --- processes in state D (storage) -------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "使用dataloader 多线程，但是多线程处于**D状态**，CPU读取**数据慢**",
        "all workers are in D state and GPU util is 0",
        "the process is in uninterruptible sleep",
    ],
)
def test_workers_in_io_wait(tmp_path: Path, text: str) -> None:
    assert "workers-in-io-wait-stated" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC917"]) == [("EC917", "storage", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "the 3D state of the robot",
        "I'd state that the GPU is fine",
        "the D-Bus state",
    ],
)
def test_other_d_states_are_no_io_wait(text: str) -> None:
    assert "workers-in-io-wait-stated" not in pats(text + "\n")


# --- OpenCV without CUDA (cpu-only-build) ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "AttributeError: module 'cv2' has no attribute 'cuda'",
        "cv2.cuda is not exposed in any way",
        "I get an error saying that I need to install a version of cv2 with support for cuda.",
    ],
)
def test_opencv_without_cuda(tmp_path: Path, text: str) -> None:
    assert "opencv-without-cuda-modules" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "cv2.cuda.getCudaEnabledDeviceCount() returns 1",
        "I built a version of opencv with cuda and it works",  # no need stated
    ],
)
def test_opencv_with_cuda_is_no_cpu_build(text: str) -> None:
    assert "opencv-without-cuda-modules" not in pats(text + "\n")


# --- an import name from a title that lost its closing quote (framework-pairing) ------------------


def test_import_name_missing_without_closing_quote() -> None:
    text = (
        "ImportError: cannot import name 'ShardingStrategy' from "
        "'torch.distributed.fsdp.fully_sharded_data_parallel\n"
    )
    assert pats(text) == ["import-name-missing"]


# --- the toolkit a CMake build found (a fact for the host-compiler check) -------------------------


@pytest.mark.parametrize(
    "line, version",
    [
        ('-- Found CUDA: /usr (found suitable version "10.1", minimum required is "7.5")', "10.1"),
        ('-- Found CUDAToolkit: /usr/local/cuda/include (found version "12.1.105")', "12.1"),
        ('-- Found CUDA: /usr/local/cuda (found version "10.2")', "10.2"),
    ],
)
def test_cmake_found_cuda_is_the_toolkit(tmp_path: Path, line: str, version: str) -> None:
    assert [t.version for t in snap_of(tmp_path, line + "\n").cuda.toolkits] == [version]


def test_cmake_toolkit_and_a_newer_gcc_is_the_host_compiler(tmp_path: Path) -> None:
    # the real paste (davisking/dlib#3008): GCC 9.4.0 in the issue form, CMake's CUDA 10.1
    case = (
        Path(__file__).parent / "fixtures/corpus/heldout206/dlib-3008-gcc94-cuda101-host-compiler"
    )
    text = (case / "paste.txt").read_text()
    assert judge(tmp_path, text, ["EC312"], load_matrix()) == [
        ("EC312", "toolkit-mismatch", "warning")
    ]
