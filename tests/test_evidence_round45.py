"""Round forty-five: readings learned from the sealed pools heldout216-229's misses, each with its
near misses: what compilers print when code written for CUDA 12 meets CUDA 13 (cudaDeviceProp
fields, cudaMemPrefetchAsync's new signature, thrust names), what NumPy prints when a module was
built against another C API, what Triton, Kaldi, xFormers and FlashAttention print, a JIT-built
extension missing a CUDA library, and what texts say in words (a tensor copied between GPUs
arrives as zeros, a CUDA torch or TensorFlow replaced by a CPU one, a build not compatible with
the RTX 50 series)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

# --- code written for CUDA 12 compiled with CUDA 13 (toolkit-mismatch) ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        'cuda_device_functions.h(119): error: class "cudaDeviceProp" has no member '
        '"memoryClockRate"',
        "interface.cpp:444:22: error: \u2018struct cudaDeviceProp\u2019 has no member named "
        "\u2018clockRate\u2019",
        "main.cu(72): error: class \"cudaDeviceProp\" has no member 'kernelExecTimeoutEnabled'",
    ],
)
def test_cuda13_removed_device_properties(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["cuda13-device-property-removed"]
    assert judge(tmp_path, text + "\n", ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


def test_a_device_property_cuda13_kept_is_not_the_removal() -> None:
    # multiProcessorCount is still a field in CUDA 13: a typo or a hipDeviceProp port
    text = 'kernel.cu(10): error: class "cudaDeviceProp" has no member "multiProcessorCount"\n'
    assert "cuda13-device-property-removed" not in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "/usr/local/cuda/include/cuda.h:14434:85: note: expected \u2018CUmemLocation\u2019 {aka "
        "\u2018struct CUmemLocation_st\u2019} but argument is of type \u2018CUdevice\u2019 "
        "{aka \u2018int\u2019}",
        'error: argument of type "int" is incompatible with parameter of type "cudaMemLocation"',
        "The signature of `cudaMemPrefetchAsync` changed in CUDA 13.0 in an incompatible way.",
    ],
)
def test_cuda13_memory_location_signature(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["cuda13-memory-location-signature"]
    assert judge(tmp_path, text + "\n", ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


def test_a_memory_location_in_passing_is_not_the_signature() -> None:
    text = "we pass a cudaMemLocation to cudaMemPrefetchAsync since CUDA 13\n"
    assert "cuda13-memory-location-signature" not in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        'src/kernels.cuh(481): error: namespace "thrust" has no member class "unary_function"',
        'sysrap/iexpand.h(92): error: namespace "thrust" has no member "distance"',
        "error: \u2018binary_function\u2019 is not a member of \u2018thrust\u2019",
    ],
)
def test_thrust_name_missing(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["thrust-name-missing"]
    assert judge(tmp_path, text + "\n", ["EC907"]) == [("EC907", "toolkit-mismatch", "warning")]


def test_another_namespace_missing_a_member_is_not_thrust() -> None:
    text = 'error: namespace "std" has no member "unary_function"\n'
    assert "thrust-name-missing" not in pats(text)


def test_triton_that_does_not_know_the_toolkit(tmp_path: Path) -> None:
    text = (
        "E       RuntimeError: Triton only support CUDA 10.0 or higher, but got CUDA version: "
        "12.8\n"
    )
    assert pats(text) == ["triton-cuda-version-unknown"]
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


def test_triton_cuda_in_prose_is_not_the_version_check() -> None:
    assert "triton-cuda-version-unknown" not in pats("Triton only supports CUDA GPUs for now\n")


# --- a module built against another NumPy C API (framework-pairing) ------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "RuntimeError: module compiled against API version 0xe but this version of numpy is 0xd",
        "> RuntimeError: module compiled against API version a but this version of numpy is 9",
        ": Failed to initialize NumPy: module compiled against API version 0xf but this version "
        "of numpy is 0xe (Triggered internally at",
        "module compiled against ABI version 0x1000009 but this version of numpy is 0x2000000",
    ],
)
def test_numpy_c_api_version_mismatch(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["numpy-c-api-version-mismatch"]
    assert judge(tmp_path, text + "\n", ["EC914"]) == [("EC914", "framework-pairing", "error")]


def test_numpy_version_in_prose_is_not_the_c_api_check() -> None:
    text = "this module was compiled against numpy 1.26 and runs fine on numpy 1.26.4\n"
    assert "numpy-c-api-version-mismatch" not in pats(text)


# --- libraries' own words ------------------------------------------------------------------------


def test_kaldi_says_the_gpu_may_be_shared(tmp_path: Path) -> None:
    text = (
        "ERROR (nnet3-train[5.5]:AllocateNewRegion():cu-allocator.cc:519) Failed to allocate a "
        "memory region of 8088715264 bytes.  Possibly this is due to sharing the GPU.  Try "
        "switching the GPUs to exclusive mode (nvidia-smi -c 3)\n"
    )
    assert "kaldi-allocation-gpu-shared" in pats(text)
    assert ("EC912", "gpu-contention", "warning") in judge(tmp_path, text, ["EC912"])


def test_ctranslate2_insufficient_cuda_version_is_the_driver(tmp_path: Path) -> None:
    text = "CUDA failed with error CUDA version is insufficient for CUDA runtime version\n"
    assert pats(text) == ["driver-insufficient"]
    assert judge(tmp_path, text, ["EC902"]) == [("EC902", "driver-too-old", "error")]


def test_xformers_kernel_range_is_another_sm(tmp_path: Path) -> None:
    text = (
        "FATAL: kernel `fmha_cutlassF_f32_aligned_64x64_rf_sm80` is for sm80-sm100, but was "
        "built for sm50\n"
    )
    assert pats(text) == ["kernel-built-for-another-sm"]
    assert judge(tmp_path, text, ["EC901"])[0][1] == "gpu-arch-unsupported"


@pytest.mark.parametrize(
    "text",
    [
        "RuntimeError: FlashAttention backward for head dim > 64 requires A100 or H100 GPUs as "
        "the implementation needs a large amount of shared memory.",
        "GPU compute capability 7.5 is below the minimum required 8.0; falling back to CPU.",
    ],
)
def test_library_minimum_gpu(text: str) -> None:
    assert "gpu-below-library-minimum-cc" in pats(text + "\n")


def test_a_model_that_needs_an_a100_is_not_flashattention() -> None:
    assert pats("This 70B model requires A100 GPUs to serve at full context.\n") == []


def test_accelerate_names_the_3090_too(tmp_path: Path) -> None:
    text = (
        "NotImplementedError: Using RTX 3090 or 4000 series doesn't support faster communication "
        'broadband via P2P or IB. Please set `NCCL_P2P_DISABLE="1"` and `NCCL_IB_DISABLE="1"\n'
    )
    assert pats(text) == ["accelerate-rtx40-p2p-refused"]
    assert judge(tmp_path, text, ["EC909"]) == [("EC909", "nccl-problem", "error")]


# --- a JIT-built extension that does not link a CUDA library (a warning, not the libraries) ------


@pytest.mark.parametrize(
    "text",
    [
        "ImportError: ~/.cache/torch_extensions/py38_cu111/cpu_adam/cpu_adam.so: undefined "
        "symbol: curandCreateGenerator",
        "undefined symbol curandCreateGenerator for torch extensions",
    ],
)
def test_jit_extension_without_a_cuda_library(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["jit-extension-cuda-lib-unlinked"]
    assert judge(tmp_path, text + "\n", ["EC906"]) == [("EC906", "cuda-libs-mismatch", "warning")]


def test_a_versioned_cuda_symbol_stays_the_libraries() -> None:
    # a symbol with its library release asked for: the installed libraries do not match
    text = (
        "ImportError: /home/u/.cache/torch_extensions/py310_cu121/ext/ext.so: undefined symbol: "
        "cublasLtGetStatusString, version libcublasLt.so.11\n"
    )
    assert "jit-extension-cuda-lib-unlinked" not in pats(text)


# --- texts that say it in words ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Moving a tensor from one GPU to another GPU, results in data corruption (silently with "
        "no warning or errors).",
        "Moving a tensor created on `cuda:0` to `cuda:1` always gets a zero tensor.",
    ],
)
def test_cross_gpu_copy_arrives_wrong(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["p2p-slow-or-failing-stated"]
    assert judge(tmp_path, text + "\n", ["EC913"]) == [("EC913", "os-setting", "warning")]


def test_moving_a_tensor_to_another_gpu_alone_is_not_corruption() -> None:
    text = "Moving a tensor from one GPU to another GPU takes 3 ms for 100 MB.\n"
    assert "p2p-slow-or-failing-stated" not in pats(text)


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        (
            "The third line of the installation instructions misleads to accidental installation "
            "of pytorch without cuda",
            "cuda-torch-replaced-by-cpu-stated",
        ),
        (
            "I am trying to install sagemaker_tensorflow to use pipemode however it uninstalls "
            "whatever tensorflow-gpu version I have and reinstalls the CPU version.",
            "tensorflow-gpu-shadowed-stated",
        ),
    ],
)
def test_cuda_build_replaced_in_words(tmp_path: Path, text: str, pid: str) -> None:
    assert pats(text + "\n") == [pid]
    assert judge(tmp_path, text + "\n", ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


def test_torch_without_cuda_on_a_mac_is_not_said_to_be_replaced() -> None:
    assert pats("We ship torch without CUDA on macOS.\n") == []


@pytest.mark.parametrize(
    "text",
    [
        "The dependencies install torch 2.6 which is not compatible with 50 series GPUs.",
        "I think tensorrt is not compatible with 50 series not cuda.",
        "torch 2.5 isn't supported on RTX 50-series cards",
    ],
)
def test_not_compatible_with_the_50_series(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["arch-number-not-supported-stated"]
    assert judge(tmp_path, text + "\n", ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]


def test_compatible_with_the_50_series_is_not_a_refusal() -> None:
    assert pats("torch 2.7 is compatible with 50 series GPUs\n") == []


# --- the kernel module in words; a libpython the loader cannot find -------------------------------


def test_secure_boot_keeps_the_module_out_in_words(tmp_path: Path) -> None:
    text = "Now the system boots but my nvidia driver cant load because of secure boot.\n"
    assert pats(text) == ["secure-boot-blocks-module-stated"]
    assert judge(tmp_path, text, ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]


def test_secure_boot_named_beside_a_loaded_driver_is_not_a_refusal() -> None:
    text = "The nvidia driver loads fine with secure boot enabled after enrolling the MOK key.\n"
    assert "secure-boot-blocks-module-stated" not in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "the new Nvidia cards require the use of the open kernel modules instead of the legacy "
        "proprietary ones",
        "NVRM: open kernel modules are required for this GPU",
    ],
)
def test_open_kernel_modules_required(tmp_path: Path, text: str) -> None:
    assert pats(text + "\n") == ["open-modules-required-stated"]
    assert judge(tmp_path, text + "\n", ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]


def test_open_kernel_modules_named_alone_are_not_required() -> None:
    assert pats("I installed the open kernel modules from the nvidia-open package.\n") == []


@pytest.mark.parametrize(
    "text",
    [
        "dynamo-run: error while loading shared libraries: libpython3.12.so.1.0",
        "\tlibpython3.12.so.1.0 => not found",
    ],
)
def test_libpython_the_loader_cannot_find(text: str) -> None:
    assert pats(text + "\n") == ["libpython-not-found"]


def test_libpython_found_by_ldd_is_not_missing() -> None:
    text = "\tlibpython3.12.so.1.0 => /usr/lib/x86_64-linux-gnu/libpython3.12.so.1.0 (0x7f)\n"
    assert "libpython-not-found" not in pats(text)


def test_server_restarts_for_power_in_chinese(tmp_path: Path) -> None:
    text = "你好，在训练extremenet时候出现服务器重启，显示电源功率不够！我的是4快1080TI的显卡\n"
    assert pats(text) == ["power-loss-under-load-stated"]
    assert judge(tmp_path, text, ["EC910"]) == [("EC910", "gpu-health", "warning")]


def test_a_restarted_service_in_chinese_is_not_power() -> None:
    assert pats("重启服务之后就好了\n") == []


# --- the late pool (heldout230, scored once at 09f183cd and 6cc84921) ----------------------------


def test_conda_compiler_path_newer_than_cuda(tmp_path: Path) -> None:
    text = (
        "RuntimeError: The current installed version of /home/u/anaconda3/envs/icg/bin/"
        "x86_64-conda-linux-gnu-c++ (11.2.0) is greater than the maximum required version by "
        "CUDA 11.3 (10.0.0). Please make sure to use an adequate version\n"
    )
    assert pats(text) == ["nvcc-unsupported-host-compiler"]
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


def test_extension_procedure_missing_without_a_module_name(tmp_path: Path) -> None:
    text = (
        "    from detectron2 import _C\n"
        "ImportError: DLL load failed: The specified procedure could not be found.\n"
    )
    assert pats(text) == ["extension-torch-abi-mismatch"]
    assert judge(tmp_path, text, ["EC914"]) == [("EC914", "framework-pairing", "error")]


def test_a_missing_module_dll_stays_a_missing_library() -> None:
    text = "ImportError: DLL load failed: The specified module could not be found.\n"
    assert pats(text) == ["windows-import-dll-failed"]


def test_winerror_127_in_any_language(tmp_path: Path) -> None:
    text = "推理报OSError: [WinError 127] 找不到指定的程序。\n"
    assert pats(text) == ["windows-procedure-not-found"]
    assert judge(tmp_path, text, ["EC914"]) == [("EC914", "framework-pairing", "warning")]


def test_winerror_126_is_not_a_procedure() -> None:
    assert "windows-procedure-not-found" not in pats("OSError: [WinError 126] 找不到指定的模块。\n")


def test_environment_file_without_the_cuda_torch(tmp_path: Path) -> None:
    text = "environment_gpu.yml does not install cuda version of pytorch\n"
    assert pats(text) == ["cuda-torch-replaced-by-cpu-stated"]
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]
