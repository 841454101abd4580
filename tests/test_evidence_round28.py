"""Round twenty-eight: readers widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers.extract import text_facts


def _torch(text: str) -> list:
    # (a package-list line is read by two readers, each giving the same version)
    return sorted({f.value for f in text_facts(text + "\n", "p") if f.key == "torch.version"})


@pytest.mark.parametrize(
    ("line", "version"),
    [
        # the +cpu tag without its "+" (a Markdown renderer or a retelling lost it)
        ("my torch version is '1.10.0cpu'", "1.10.0+cpu"),
        ("torch==1.10.0+cpu", "1.10.0+cpu"),
        ("torch version: 2.1.0", "2.1.0"),
    ],
)
def test_a_torch_version_with_its_cpu_tag_glued_on_is_the_cpu_build(
    line: str, version: str
) -> None:
    assert _torch(line) == [version]


@pytest.mark.parametrize(
    "line",
    [
        # "cpu" after a space or a word is not a tag
        "torch version is 1.10.0 cpu only machine",
        "torch 1.10.0cpus",
    ],
)
def test_cpu_not_glued_to_the_version_is_no_tag(line: str) -> None:
    assert all("+cpu" not in v for v in _torch(line))


@pytest.mark.parametrize(
    "line",
    [
        "No GPU being used. Careful, inference might be very slow!",
        # Bark's earlier wording (JonathanFly/bark#14)
        "No GPU being used. Careful, Inference might be extremely slow!",
    ],
)
def test_barks_cpu_notice_in_both_its_wordings(line: str) -> None:
    assert "cpu-fallback-notice" in pats(line)


def test_a_slow_inference_without_barks_notice_is_no_cpu_notice() -> None:
    assert "cpu-fallback-notice" not in pats("Careful, inference might be extremely slow on a T4")


# --- tuned on heldout62 after its one scoring ---


def _gpus(tmp_path: Path, line: str) -> list:
    gpus = getattr(snap_of(tmp_path, line + "\n").driver, "gpus", None)
    return [g.name for g in gpus] if isinstance(gpus, list) else []


@pytest.mark.parametrize(
    ("line", "gpu"),
    [
        # what "my GPU is" names (ZHAJIANGMIAN2002's AutoSeg3D#5)
        ("My GPU is 5090, which seems not support cuda<12.4", "RTX 5090"),
        ("my gpu is a 3060 and torch 2.1", "RTX 3060"),
        ("My GPU is 1080 Ti, CUDA 10.2", "GTX 1080 Ti"),
    ],
)
def test_a_geforce_number_that_my_gpu_is_is_read(tmp_path: Path, line: str, gpu: str) -> None:
    assert _gpus(tmp_path, line) == [gpu]


@pytest.mark.parametrize(
    "line",
    ["the gpu is 2019 model with CUDA", "my gpu is 50900 cores, CUDA 12", "gpu is 3080.5 CUDA"],
)
def test_other_numbers_after_my_gpu_is_are_no_gpu(tmp_path: Path, line: str) -> None:
    assert _gpus(tmp_path, line) == []


def test_a_5090_named_that_way_beside_torch_1_13_is_a_build_without_its_kernels(
    tmp_path: Path,
) -> None:
    text = (
        "environment: Python == 3.8, Pytorch == 1.13.1, CUDA == 11.6\n"
        "My GPU is 5090, which seems not support cuda<12.4\n"
    )
    found = judge(tmp_path, text, ["EC201"], load_matrix())
    assert [f[:2] for f in found] == [("EC201", "gpu-arch-unsupported")]


_BF16 = (
    "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling "
    "`cublasGemmStridedBatchedEx(handle, opa, opb, (int)m, (int)n, (int)k, (void*)&falpha, a, "
    "CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF, (int)ldb, strideb, (void*)&fbeta, c, "
    "CUDA_R_16BF, (int)ldc, stridec, (int)num_batches, compute_type, "
    "CUBLAS_GEMM_DEFAULT_TENSOR_OP)`"
)


def test_cublas_refusing_bf16_is_a_gpu_without_bf16() -> None:
    assert "cublas-bf16-not-supported" in pats(_BF16)
    assert "cublas-bf16-not-supported" in pats("GPU: Tesla M40\n" + _BF16)


@pytest.mark.parametrize("gpu", ["NVIDIA A100-SXM4-80GB", "RTX 4090", "H100", "RTX A6000"])
def test_cublas_refusing_bf16_on_a_gpu_with_bf16_is_not_the_gpus_age(gpu: str) -> None:
    assert "cublas-bf16-not-supported" not in pats(f"GPU: {gpu}\n" + _BF16)


def test_cublas_not_supported_in_fp32_is_no_bf16_finding() -> None:
    # the same status on a float GEMM (zhaofuq/LOD-3DGS#25: a torch build that did not match)
    text = (
        "RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling "
        "`cublasSgemmStridedBatched( handle, opa, opb, m, n, k, &alpha, a, lda, stridea, b, ldb, "
        "strideb, &beta, c, ldc, stridec, num_batches)`"
    )
    assert "cublas-bf16-not-supported" not in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "from torch._six import container_abcs\nImportError: cannot import name 'container_abcs'",
        "ImportError: cannot import name 'string_classes' from 'torch._six'",
        "ModuleNotFoundError: No module named 'torch._six'",
    ],
)
def test_an_import_of_torch_six_is_a_package_older_than_torch(text: str) -> None:
    assert "torch-six-removed" in pats(text)


def test_another_missing_name_is_not_torch_six() -> None:
    assert "torch-six-removed" not in pats("ImportError: cannot import name 'abcs' from 'six'")


def test_tensorrt_half2_without_native_fp16_is_the_gpu() -> None:
    line = (
        "[TensorRT] WARNING: Half2 support requested on hardware without native FP16 support, "
        "performance will be negatively affected."
    )
    assert "tensorrt-no-native-fp16" in pats(line)
    assert "tensorrt-no-native-fp16" not in pats("[TensorRT] INFO: native FP16 support: yes")


@pytest.mark.parametrize(
    "line",
    [
        "[ERROR][BertEncoderTransformer] int8 mode only works with sm >= 75.",
        "this kernel requires sm>=80",
    ],
)
def test_a_library_minimum_written_as_sm_is_the_gpu_below_it(line: str) -> None:
    assert "gpu-below-library-minimum-cc" in pats(line)


def test_sm_in_a_build_flag_is_no_minimum() -> None:
    assert "gpu-below-library-minimum-cc" not in pats("nvcc -gencode arch=compute_75,code=sm_75")


def test_flash_attn_floor_retold_is_the_toolkit() -> None:
    text = (
        "flash-attn can only be installed on 11.6 and above according to the document.\n"
        "I tried it on my cuda11.2 environment"
    )
    assert "flash-attn-cuda-floor-stated" in pats(text)
    # the message itself stays flash-attention-cuda-floor's
    own = "RuntimeError: FlashAttention is only supported on CUDA 11.6 and above."
    assert pats(own) == ["flash-attention-cuda-floor"]


@pytest.mark.parametrize(
    "text",
    [
        # cpu versions, quoted, plural (chemprop/chemprop#183)
        "the installation from the `environment.yml` file seems to install `cpu` versions of "
        "`pytorch` and `torchvision` instead of `gpu` ones",
        "This command installs cpu versions instead of cuda.",
    ],
)
def test_cpu_builds_said_installed_in_the_plural(text: str) -> None:
    assert "cpu-torch-stated" in pats(text)


def test_a_cpu_version_installed_on_purpose_of_another_package_is_not_torch() -> None:
    assert "cpu-torch-stated" not in pats("it installs `cpu` versions of onnxruntime for tests")


_VADAR = (
    "As a result, the system defaulted to Python 3.9. Near the end of the setup, when "
    "attempting to install SAM-2, I encountered an issue where SAM-2 requires a Python version "
    "higher than 3.10."
)


def test_a_python_below_a_stated_minimum_is_the_python() -> None:
    assert "python-below-stated-minimum" in pats(_VADAR)
    assert "python-below-stated-minimum" in pats(
        "Python version: 3.8\nERROR: this package requires Python >= 3.9"
    )
    # the Python as a wheel tag names it, read as pip's other checks read it
    assert "python-below-stated-minimum" in pats(
        "tried torch-2.4.0-cp38-cp38-linux_x86_64.whl; torch 2.4 requires Python >= 3.9"
    )


@pytest.mark.parametrize(
    "text",
    [
        # the Python that runs is at or above the minimum
        "I use Python 3.11. The package requires Python >= 3.10 and still fails",
        # the minimum alone
        "SAM-2 requires a Python version higher than 3.10.",
        # no requirement word
        "Python 3.9 and CUDA 11.8, fails at import",
    ],
)
def test_no_python_below_a_stated_minimum(text: str) -> None:
    assert "python-below-stated-minimum" not in pats(text)


# --- tuned on heldout63 after its one scoring ---

_DGL = (
    "/opt/dgl/src/runtime/tensordispatch.cc:43: TensorDispatcher: dlopen failed: "
    "/home/u/envs/x/lib/python3.8/site-packages/dgl/tensoradapter/pytorch/"
    "libtensoradapter_pytorch_1.9.1.so: cannot open shared object file: No such file or directory"
)


def test_dgls_missing_tensor_adapter_is_an_optional_pairing_warning(tmp_path: Path) -> None:
    assert pats(_DGL) == ["dgl-tensor-adapter-missing"]
    # the libtorch_cuda form too (HannesStark/EquiBind#12)
    line = (
        "/opt/dgl/src/runtime/tensordispatch.cc:43: TensorDispatcher: dlopen failed: "
        "libtorch_cuda.so: cannot open shared object file: No such file or directory"
    )
    assert pats(line) == ["dgl-tensor-adapter-missing"]
    found = judge(tmp_path, _DGL, ["EC914"], load_matrix())
    assert [f[2] for f in found] == ["warning"]


def test_another_extension_built_for_another_torch_stays_an_error() -> None:
    line = "ImportError: Cannot load Graphbolt C++ library"
    assert pats(line) == ["extension-torch-abi-mismatch"]


@pytest.mark.parametrize(
    "line",
    [
        "        target = target.cuda(async=True)",
        "x = x.to(device, async=True)",
    ],
)
def test_cuda_async_true_is_code_older_than_python_3_7(line: str) -> None:
    assert "cuda-async-keyword" in pats(line)


@pytest.mark.parametrize(
    "line", ["x = x.cuda(non_blocking=True)", "loop.run_until_complete(main(async_=True))"]
)
def test_non_blocking_or_other_async_words_are_not_it(line: str) -> None:
    assert "cuda-async-keyword" not in pats(line)


def test_cmakes_gnu_identification_is_the_host_gcc(tmp_path: Path) -> None:
    text = (
        "Ubuntu 18.04, Cuda 9.0 and cuDNN 7.0\n"
        "$ cmake ..\n"
        "-- The C compiler identification is GNU 7.3.0\n"
        "-- The CXX compiler identification is GNU 7.3.0\n"
        "-- Detecting C compile features\n"
    )
    gccs = [f.value for f in text_facts(text, "p") if f.key == "host_gcc"]
    assert gccs == ["7.3.0"]
    found = judge(tmp_path, text, ["EC312"], load_matrix())
    assert [f[:2] for f in found] == [("EC312", "toolkit-mismatch")]


def test_cmakes_other_compilers_are_no_gcc() -> None:
    text = (
        "-- The CXX compiler identification is Clang 14.0.0\n"
        "-- The CUDA compiler identification is NVIDIA 11.8.89\n"
    )
    assert [f.value for f in text_facts(text, "p") if f.key == "host_gcc"] == []


def test_dlibs_code_999_unknown_error_is_the_driver() -> None:
    line = (
        "Error while calling cudaGetDevice(&the_device_id) in file C:\\dlib\\cuda\\gpu_data.cpp"
        ":201. code: 999, reason: unknown error"
    )
    assert "cuinit-unknown-error" in pats(line)
    assert "cuinit-unknown-error" not in pats("code: 2, reason: out of memory")


@pytest.mark.parametrize(
    "line",
    [
        "seems like support for sm_86 might be missing in the `r0.7-gpu` docker?",
        "the image is missing sm_89 kernels",
    ],
)
def test_an_architecture_said_missing_from_a_build(line: str) -> None:
    assert "build-without-arch-stated" in pats(line)


def test_an_architecture_said_supported_is_not_missing() -> None:
    assert "build-without-arch-stated" not in pats("support for sm_86 was added in r0.8")


def test_a_tensorflow_series_named_without_its_patch_is_its_tested_build() -> None:
    # tensorflow.org lists tensorflow-1.13.1 and tensorflow-2.16.1, not x.y.0
    m = load_matrix()
    assert m.tensorflow_release("1.13").builds[0].cuda == "10.0"
    assert m.tensorflow_release("2.16").version == "2.16.1"
    # a patch the data does not list stays unknown (2.16.0 was never released)
    assert m.tensorflow_release("2.16.0") is None
    assert m.tensorflow_release("1.99") is None


def test_tensorflow_1_13_named_on_an_rtx_3090_predates_ampere(tmp_path: Path) -> None:
    text = "After upgrading to an RTX 3090, I was getting bad outputs with Tensorflow 1.13."
    found = judge(tmp_path, text, ["EC205"], load_matrix())
    assert found == [("EC205", "gpu-arch-unsupported", "warning")]


def test_torch_not_found_for_a_python_is_the_python() -> None:
    assert "python-stated-unsupported" in pats(
        "torch version is not found in python3.9.1 we should change it"
    )
    assert "python-stated-unsupported" not in pats("torch found in python3.9 site-packages")


# --- tuned on heldout64 after its one scoring ---


@pytest.mark.parametrize(
    "line",
    [
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: Default MaxPoolingOp "
        "only supports NHWC on device type CPU",
        "InvalidArgumentError: Conv2DCustomBackpropInputOp only supports NHWC.",
    ],
)
def test_tensorflow_running_an_nchw_op_on_the_cpu_sees_no_gpu(line: str) -> None:
    assert "tf-gpu-op-on-cpu" in pats(line)


def test_an_nhwc_layout_named_otherwise_is_not_it() -> None:
    assert "tf-gpu-op-on-cpu" not in pats("data_format='NHWC' is the default on device type CPU")


def test_fp16_on_no_cuda_device() -> None:
    line = (
        "ValueError: Mixed precision training with AMP or APEX (`--fp16`) and FP16 evaluation "
        "can only be used on CUDA devices."
    )
    assert "fp16-needs-cuda-device" in pats(line)


def test_cufft_internal_error_alone_is_the_cufft_of_old_builds() -> None:
    assert "cufft-internal-error" in pats(
        "No training possible on RTX 4090: CUFFT_INTERNAL_ERROR with torch < 2"
    )


@pytest.mark.parametrize(
    "line",
    [
        "I guess it's because my GCC version 4.8.5 is too low.",
        "the system gcc 4.8 seems too old for this",
    ],
)
def test_a_host_gcc_said_too_old(line: str) -> None:
    assert "host-gcc-too-old-stated" in pats(line)


@pytest.mark.parametrize(
    "line",
    ["gcc 9.4 is not too old. It worked.", "my GCC is 11.2. The driver is too old."],
)
def test_a_gcc_not_said_too_old(line: str) -> None:
    assert "host-gcc-too-old-stated" not in pats(line)


# --- tuned on heldout65 after its one scoring ---


def test_a_dataloader_bus_error_in_a_text_about_a_shm_leak_is_the_leak(tmp_path: Path) -> None:
    # pyg-team/pytorch_geometric#3396, a control: the collate path leaks; any /dev/shm fills
    text = (
        "the Dataloader's collate function allocates a Data object in such a way that shared "
        "memory is leaked.. This causes the shared memory to eventually reach capacity.\n"
        "ERROR: Unexpected bus error encountered in worker. This might be caused by "
        "insufficient shared memory (shm).\n"
    )
    assert pats(text) == ["shm-files-left-behind"]
    found = judge(tmp_path, text, ["EC908"], load_matrix())
    assert [f[2] for f in found] == ["warning"]


def test_a_dataloader_bus_error_alone_is_still_shm_too_small() -> None:
    line = (
        "ERROR: Unexpected bus error encountered in worker. This might be caused by "
        "insufficient shared memory (shm)."
    )
    assert pats(line) == ["dataloader-bus-error"]


@pytest.mark.parametrize(
    "text",
    [
        "/project/sherpa-onnx/csrc/session.cc:GetSessionOptionsImpl:167\n"
        "Please compile with -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: "
        "CPUExecutionProvider, .\nFallback to cpu!",
        "运行会提示Please compile with -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers",
        "which does install sparse 0.6.13, but gives only *_cpu.so files in the torch_sparse/ "
        "directory. There are no *_cuda.so files",
    ],
)
def test_a_build_made_without_its_gpu_option(text: str) -> None:
    assert "build-without-gpu-support" in pats(text)


def test_a_build_option_for_something_else_is_not_it() -> None:
    assert "build-without-gpu-support" not in pats("Please compile with -DBUILD_TESTS=ON")


@pytest.mark.parametrize(
    "text",
    [
        "When following the instructions, the version of pytorch installed was cpu only.",
        "it turned out my torch is the CPU-only build",
    ],
)
def test_torch_said_to_be_cpu_only(text: str) -> None:
    assert "cpu-torch-stated" in pats(text)


def test_torch_on_a_machine_said_cpu_only_is_not_a_cpu_build() -> None:
    assert "cpu-torch-stated" not in pats("I run torch, which is cpu only machine for tests")


def test_grid_sample_without_reflection_is_torch_0_4() -> None:
    line = "ValueError: padding_mode needs to be 'zeros' or 'border', but got reflection"
    assert "grid-sample-reflection-torch04" in pats(line)
    assert "grid-sample-reflection-torch04" not in pats("padding_mode='reflection' works")
