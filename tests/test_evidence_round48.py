"""Round forty-eight: readings learned from the sealed pools heldout261-272's misses, each with
its near misses: Windows' torch.distributed without libuv, torch.compile without a C compiler,
Apple's clang without OpenMP, cuDNN's RNN ops where TensorFlow registered no GPU, ROCm builds
without their libraries or their GPU's code objects, pip's conflicting pins of NVIDIA's CUDA
wheels, a GPU's compute mode (from nvidia-smi's table, -q, its XML and NVML); and the false
errors of its scoring (an NVIDIA GPU mentioned beside a ROCm torch, companions without a tag
beside a torch without one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import assert_read_as, fix_text, judge, pats, snap_of

from envcheck.compat import load_matrix

# (text, pattern, code, category, severity): the line a real report pasted, read as its cause
READINGS = [
    (
        "RuntimeError: use_libuv was requested but PyTorch was build without libuv support",
        "tcpstore-libuv-not-built",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "torch.distributed.DistStoreError: use_libuv was requested but PyTorch was built without "
        "libuv support, run with USE_LIBUV=0 to disable it.",
        "tcpstore-libuv-not-built",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: "
        "(None, 'g++')",
        "compile-c-compiler-missing",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "RuntimeError: Failed to find C compiler. Please specify via CC environment variable.",
        "compile-c-compiler-missing",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "clang: error: unsupported option '-fopenmp'",
        "apple-clang-no-openmp",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered "
        "to support Op 'CudnnRNN' with these attrs.  Registered devices: [CPU], Registered "
        "kernels:",
        "tf-cudnn-op-no-gpu-device",
        "EC905",
        "cpu-only-build",
        "warning",
    ),
    (
        "ImportError: DLL load failed while importing _ext: 找不到指定的程序。",
        "extension-torch-abi-mismatch",
        "EC914",
        "framework-pairing",
        "error",
    ),
    (
        "Attempting to fetch value instead of handling error Failed precondition: Could not load "
        "dynamic library 'libhip_hcc.so'; dlerror: libhip_hcc.so: cannot open shared object "
        "file: No such file or directory",
        "rocm-lib-missing",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "ImportError: libmcwamp.so.3: cannot open shared object file: No such file or directory",
        "rocm-lib-missing",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "ImportError: libMIOpen.so.1: cannot open shared object file: No such file or directory",
        "rocm-lib-missing",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        ":1:hip_fatbin.cpp           :687 : 114369963532 us:  No compatible code objects found "
        "for: gfx1152, value of HIP_FORCE_SPIRV_CODEOBJECT: 0",
        "hip-no-binary-for-gpu",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        'time=2024-05-02T12:17:03.657Z level=WARN source=amd_linux.go:116 msg="amdgpu [0] gfx1103 '
        'is not supported by /tmp/ollama2145067703/rocm [gfx1030 gfx1100 gfx1101 gfx1102 gfx900]"',
        "ollama-amdgpu-target-not-built",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "    torch 2.5.1 depends on nvidia-cuda-runtime-cu12==12.4.127; platform_system == "
        '"Linux" and platform_machine == "x86_64"',
        "cuda-wheel-pins-conflict",
        "EC906",
        "cuda-libs-mismatch",
        "warning",
    ),
    (
        "2022-12-21 09:16:33.582542: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1990] "
        "Ignoring visible gpu device (device: 0, name: AMD Radeon RX 6600 XT, pci bus id: "
        "0000:0c:00.0) with AMDGPU version : gfx1032. The supported AMDGPU versions are gfx1030, "
        "gfx900, gfx906, gfx908, gfx90a.",
        "tf-rocm-gfx-not-supported",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        '"Ignoring visible gpu device with AMDGPU ISA gfx 701. The minimum required AMDGPU ISA is '
        'gfx803."',
        "tf-rocm-gfx-not-supported",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "TensorFlow is not recognizing the AMD Radeon RX 6700 XT GPU due to unsupported amdgpu "
        "version gfx1031, resulting in the GPU being ignored during computations.",
        "tf-rocm-gfx-not-supported",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        'torch._inductor.exc.InductorError: RuntimeError: Compiler: cl is not found."',
        "compile-c-compiler-missing",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "Return value 46 from 'cudaStreamCreate(&kernel_stream)'.  Exiting.",
        "devices-busy-or-unavailable",
        "EC912",
        "gpu-contention",
        "error",
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
        ("set use_libuv=False to keep the old TCPStore", "tcpstore-libuv-not-built"),
        ("PyTorch 2.4 was built with libuv support on Linux", "tcpstore-libuv-not-built"),
        ("InvalidCxxCompiler is raised when g++ is missing", "compile-c-compiler-missing"),
        ("Failed to find CUDA compiler nvcc", "compile-c-compiler-missing"),
        ("clang: error: unsupported option '-march=native'", "apple-clang-no-openmp"),
        (
            "No OpKernel was registered to support Op 'CudnnRNN' with these attrs.  Registered "
            "devices: [CPU, GPU], Registered kernels:",
            "tf-cudnn-op-no-gpu-device",
        ),
        (
            "No OpKernel was registered to support Op 'DepthToSpace' with these attrs.  "
            "Registered devices: [CPU]",
            "tf-cudnn-op-no-gpu-device",
        ),
        ("Successfully opened dynamic library libhip_hcc.so", "rocm-lib-missing"),
        ("libMIOpen.so.1 => /opt/rocm/lib/libMIOpen.so.1", "rocm-lib-missing"),
        ("Found compatible code objects for: gfx1100", "hip-no-binary-for-gpu"),
        ("amdgpu [0] gfx1100 is supported", "ollama-amdgpu-target-not-built"),
        (
            "Requires: nvidia-cuda-runtime-cu12==12.4.127 (from torch==2.5.1)",
            "cuda-wheel-pins-conflict",
        ),
        ("torch 2.5.1 depends on filelock", "cuda-wheel-pins-conflict"),
        (
            "Ignoring visible gpu device (device: 0, name: AMD Radeon RX 6600 XT) with AMDGPU "
            "version : gfx1032",
            "tf-rocm-gfx-not-supported",
        ),
        ("the supported amdgpu versions are listed in the docs", "tf-rocm-gfx-not-supported"),
        ("Compiler: cl is found at C:\\BuildTools", "compile-c-compiler-missing"),
        ("Return value 46 from 'my_function()'", "devices-busy-or-unavailable"),
        ("Return value 4 from 'cudaStreamCreate(&s)'", "devices-busy-or-unavailable"),
    ],
)
def test_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


def test_an_nvidia_gpu_said_beside_a_rocm_torch_is_not_this_machine(tmp_path: Path) -> None:
    # pytorch/pytorch#102968: an MI250X collect_env, and "Locally, I have an NVidia GPU"
    text = (
        "Locally, I have an NVidia GPU and here is the snippet with the results with CUDA:\n"
        "Collecting environment information...\n"
        "PyTorch version: 2.0.1+rocm5.4.2\n"
        "Is debug build: False\n"
        "CUDA used to build PyTorch: N/A\n"
        "ROCM used to build PyTorch: 5.4.22803-474e8620\n"
    )
    assert judge(tmp_path, text, ["EC210"]) == []
    assert not snap_of(tmp_path, text).gpus()


def test_a_cuda_torch_said_beside_the_same_sentence_still_counts_the_gpu(tmp_path: Path) -> None:
    text = "I have an NVidia GPU\nPyTorch version: 2.0.1+cpu\n"
    assert ("EC210", "cpu-only-build", "error") in judge(tmp_path, text, ["EC210"])


def test_companions_without_a_tag_beside_torch_without_one_are_not_paired_by_cuda(
    tmp_path: Path,
) -> None:
    # SpatialVLA#19: conda's pytorch-cuda=11.8 sets torch and torchvision alike
    text = (
        "conda install pytorch==2.5.1 torchvision==0.20.1 torchaudio==2.5.1 pytorch-cuda=11.8 "
        "-c pytorch -c nvidia\n"
    )
    assert judge(tmp_path, text, ["EC230"], load_matrix()) == []


def test_a_tagged_torch_beside_a_pypi_companion_is_still_compared(tmp_path: Path) -> None:
    text = "Package     Version\n----------- -----------\ntorch 2.5.1+cu118\ntorchvision 0.20.1\n"
    assert ("EC230", "framework-pairing", "error") in judge(
        tmp_path, text, ["EC230"], load_matrix()
    )


_SMI_TABLE = """\
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 352.39     Driver Version: 352.39                                |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|===============================+======================+======================|
|   0  Tesla K40m          Off  | 0000:02:00.0     Off |                    0 |
| N/A   20C    P8    19W / 235W |     23MiB / 11519MiB |      0%  {mode} |
+-------------------------------+----------------------+----------------------+
"""


@pytest.mark.parametrize(
    "mode, severity",
    [("E. Thread", "warning"), ("Prohibited", "error"), ("E. Process", "info")],
)
def test_compute_mode_from_the_nvidia_smi_table(tmp_path: Path, mode: str, severity: str) -> None:
    text = _SMI_TABLE.format(mode=f"{mode:>10}")
    assert judge(tmp_path, text, ["EC441"]) == [("EC441", "os-setting", severity)]


def test_default_compute_mode_is_silent_and_known(tmp_path: Path) -> None:
    text = _SMI_TABLE.format(mode="   Default")
    assert judge(tmp_path, text, ["EC441"]) == []
    assert snap_of(tmp_path, text).gpus()[0].compute_mode == "default"


def test_a_table_without_the_mode_leaves_it_unknown(tmp_path: Path) -> None:
    text = _SMI_TABLE.format(mode="       N/A")
    assert not isinstance(snap_of(tmp_path, text).gpus()[0].compute_mode, str)


def test_compute_mode_from_nvidia_smi_q(tmp_path: Path) -> None:
    text = (
        Path(__file__).parent.joinpath("fixtures/real_h200/nvidia-smi-q.txt").read_text()
    ).replace(
        "    Compute Mode                                       : Default",
        "    Compute Mode                                       : Prohibited",
    )
    assert "Prohibited" in text
    assert judge(tmp_path, text, ["EC441"]) == [("EC441", "os-setting", "error")]


def test_the_fix_for_a_prohibited_gpu_is_roots_with_nvidia_smi_docs(tmp_path: Path) -> None:
    out = fix_text(tmp_path, _SMI_TABLE.format(mode="Prohibited"))
    assert "[manual-EC441-gpu0]" in out
    assert "sudo nvidia-smi -i 0 -c DEFAULT" in out
    assert "root; resolves EC441" in out
    assert "docs.nvidia.com/deploy/nvidia-smi" in out


def test_the_fix_for_the_libuv_refusal_points_at_torch_distributed(tmp_path: Path) -> None:
    out = fix_text(
        tmp_path,
        "RuntimeError: use_libuv was requested but PyTorch was build without libuv support",
    )
    assert "USE_LIBUV=0" in out and "pytorch.org/docs/stable/distributed.html" in out
