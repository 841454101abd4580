"""Round twenty-five: the tuning on this round's sealed pools (heldout52, heldout53 and
heldout54). Each message as real reports print it, with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

from envcheck.compat import load_matrix
from envcheck.importers.errorlog.table import PATTERNS
from envcheck.importers.extract import text_facts

# --- heldout52's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "Warning: The selected C++ compiler is not supported for CUDA compilation. Searching "
            "for a supported compiler.",
            "mexcuda-compiler-unsupported",
        ),
        (
            "nvfortran-Error-A CUDA toolkit matching the current driver version (0) or a "
            "supported older version (11.8) was not installed with this HPC SDK.",
            "hpcsdk-no-driver",
        ),
        (
            "nvc++-Error-A CUDA toolkit matching the current driver version (10.2) or a "
            "supported older version (11.0) was not installed with this HPC SDK.",
            "hpcsdk-driver-too-old",
        ),
        (
            "Rebuild the application with -gpu=cc86 to use NVIDIA Tesla GPU 0",
            "openacc-no-code-for-gpu",
        ),
        (
            "Rebuild the application with -ta=tesla:cc70 to use NVIDIA Tesla GPU 0",
            "openacc-no-code-for-gpu",
        ),
        ("[2018-04-12 19:03:04] : WARNING: NVIDIA Insufficient driver!", "driver-insufficient"),
        (
            "when I install astra toolbox it says my python version (3.8.2) is incompatible?",
            "python-stated-unsupported",
        ),
    ],
)
def test_heldout52_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # the compiler MATLAB settled on in the end: no complaint
        ("Building with 'NVIDIA CUDA Compiler'.", "mexcuda-compiler-unsupported"),
        # a loaded driver is not version 0; version 0 is not "too old"
        (
            "A CUDA toolkit matching the current driver version (12.2) was installed",
            "hpcsdk-driver-too-old",
        ),
        (
            "nvfortran-Error-A CUDA toolkit matching the current driver version (0) or a "
            "supported older version (11.8) was not installed with this HPC SDK.",
            "hpcsdk-driver-too-old",
        ),
        ("This file was compiled: -acc=gpu -gpu=cc80", "openacc-no-code-for-gpu"),
        ("NVIDIA driver is sufficient for CUDA 12", "driver-insufficient"),
        ("my python version (3.10.4) is compatible with torch", "python-stated-unsupported"),
    ],
)
def test_heldout52_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_hpc_sdk_version_zero_is_no_driver_not_an_old_one() -> None:
    zero = (
        "nvfortran-Error-A CUDA toolkit matching the current driver version (0) or a supported "
        "older version (11.8) was not installed with this HPC SDK.\n"
    )
    assert set(pats(zero)) == {"hpcsdk-no-driver"}
    rows = {p.id: p for p in PATTERNS}
    assert rows["hpcsdk-no-driver"].category == "driver-not-loaded"
    assert rows["hpcsdk-driver-too-old"].category == "driver-too-old"


# --- heldout53's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "RuntimeError: torch._scaled_mm is only supported on CUDA devices with compute "
            "capability >= 9.0 or 8.9, or ROCm MI300+",
            "gpu-below-library-minimum-cc",
        ),
        ("RTX 6000 Unsupported CUDA architecture: sm75", "gpu-below-library-minimum-cc"),
        (
            "[h264_nvenc @ 00000198ad95a9c0] OpenEncodeSessionEx failed: unsupported device (2)",
            "nvenc-no-capable-device",
        ),
        ("[hevc_nvenc @ 00000254747e8980] No capable devices found", "nvenc-no-capable-device"),
        (
            "Encode error: Failed to create encoder (NvEncoder : m_nvenc.nvEncOpenEncodeSessionEx"
            "(&encodeSessionExParams, &hEncoder) returned error 10 at /src/NvEncoder.cpp:54",
            "nvenc-session-refused",
        ),
        (
            '"driver does not support required nvenc api. required 12.2 found 12.1"',
            "nvenc-api-driver-too-old",
        ),
        (
            'When I start a training process i have error like "cudart64_90.dll" not found.',
            "cuda-lib-missing",
        ),
        ("AssertionError: Torch not compiled with XPU enabled", "torch-not-compiled-with-xpu"),
        (
            ":1:hip_code_object.cpp      :456 : 15814696557 us: hipErrorNoBinaryForGpu: Unable "
            "to find code object for all current devices!",
            "hip-no-binary-for-gpu",
        ),
    ],
)
def test_heldout53_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # bf16's own sentence is another row's
        (
            "Bfloat16 is only supported on GPUs with compute capability of at least 8.0",
            "gpu-below-library-minimum-cc",
        ),
        # nvcc's own flag error names a toolkit, not a GPU
        ("nvcc fatal : Unsupported gpu architecture 'compute_89'", "gpu-below-library-minimum-cc"),
        # ffmpeg's bare line also follows a session refusal: not read on its own
        ("[h264_nvenc @ 0x5601aa5b40c0] No NVENC capable devices found", "nvenc-no-capable-device"),
        # a capable device outside ffmpeg's NVENC
        ("OpenCL: No capable devices found", "nvenc-no-capable-device"),
        ("nvEncOpenEncodeSessionEx returned error 0", "nvenc-session-refused"),
        ("cudart64_110.dll found in C:\\Windows\\System32", "cuda-lib-missing"),
        ("Torch compiled with XPU enabled: True", "torch-not-compiled-with-xpu"),
        ("hipErrorNoDevice: no ROCm-capable device is detected", "hip-no-binary-for-gpu"),
    ],
)
def test_heldout53_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_a_session_refusal_is_not_a_missing_encoder() -> None:
    # ffmpeg prints both lines when a GeForce runs out of encode sessions
    text = (
        "[h264_nvenc @ 0x5601aa5b40c0] OpenEncodeSessionEx failed: out of memory (10)\n"
        "[h264_nvenc @ 0x5601aa5b40c0] No NVENC capable devices found\n"
    )
    assert set(pats(text)) == {"nvenc-session-refused"}


SAGE_WHEEL = (
    "pytorch version: 2.8.0+cu129\n"
    "Device: cuda:0 NVIDIA GeForce RTX 4090 : cudaMallocAsync\n"
    "I installed sageattention using the `sageattention-2.2.0+cu128torch2.9.0.post3-cp39-abi3-"
    "win_amd64` wheel, but I get this error when I try the test file\n"
)


def test_a_wheel_name_retold_without_whl_gives_its_build_tag(tmp_path: Path) -> None:
    facts = {(f.key, f.name, f.value) for f in text_facts(SAGE_WHEEL, "p")}
    assert ("package", "sageattention", "2.2.0+cu128torch2.9.0.post3") in facts
    # abi3: cp39 is the oldest Python the wheel runs on, not the interpreter
    assert not any(k == "python" for k, _, _ in facts)
    found = judge(tmp_path, SAGE_WHEEL, ["EC234"], load_matrix())
    assert ("EC234", "framework-pairing", "error") in found
    # built for the installed torch: nothing to say
    same = SAGE_WHEEL.replace("torch2.9.0", "torch2.8.0")
    assert judge(tmp_path, same, ["EC234"], load_matrix()) == []


@pytest.mark.parametrize(
    ("text", "python"),
    [
        ("Downloading torch-2.1.0-cp310-cp310-manylinux1_x86_64.whl (670 MB)", "3.10"),
        ("Processing ./flash_attn-2.5.0-cp311-cp311-linux_x86_64.whl", "3.11"),
        # a name without a platform tag is not a wheel's
        ("see torch-2.1.0-cp310-notes for details", None),
    ],
)
def test_wheel_python_tags(text: str, python: object) -> None:
    facts = [f.value for f in text_facts(text + "\n", "p") if f.key == "python"]
    assert facts == ([python] if python else [])


# --- heldout54's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "[Bug] Pre-build FP8 Tensor Failed with Error: type fp8e4nv not supported in this "
            "architecture. The supported fp8 dtypes are ('fp8e4b15', 'fp8e5')",
            "gpu-below-library-minimum-cc",
        ),
        ("sudo: nvidia-docker: command not found", "nvidia-docker-missing"),
        ("/bin/sh: 1: nvidia-docker: not found", "nvidia-docker-missing"),
        (
            "The detected CUDA version (11.8) mismatches the version that was used to compile  "
            "PyTorch (12.1). Please make sure to use the same CUDA versions.",
            "cuda-version-mismatch-extension",
        ),
    ],
)
def test_heldout54_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("type fp8e4nv is supported on sm_89", "gpu-below-library-minimum-cc"),
        ("nvidia-docker: version 2.0.3", "nvidia-docker-missing"),
        ("The detected CUDA version (12.1) matches PyTorch", "cuda-version-mismatch-extension"),
    ],
)
def test_heldout54_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


CPU_ON_PURPOSE = (
    "python train.py config/train_shakespeare_char.py --device=cpu --compile=False\n"
    "    dtype = 'bfloat16' if torch.cuda.is_bf16_supported() else 'float16'\n"
    '    raise AssertionError("Torch not compiled with CUDA enabled")\n'
    "AssertionError: Torch not compiled with CUDA enabled\n"
)


def test_a_command_line_asking_for_the_cpu_is_a_cpu_run_on_purpose() -> None:
    assert set(pats(CPU_ON_PURPOSE)) == {"cuda-asked-in-a-cpu-run"}
    # --device=cuda asks for the GPU: the CPU-only build is the problem
    gpu = CPU_ON_PURPOSE.replace("--device=cpu", "--device=cuda")
    assert set(pats(gpu)) == {"torch-not-compiled-with-cuda"}
