"""Round forty: readings learned from the sealed pools heldout149-152's misses and their
controls' warnings, each with its near misses. The general one: TensorFlow's own build info
(tf.sysconfig.get_build_info(), pasted or probed) saying ``is_cuda_build: False`` is a
CPU-only TensorFlow (EC211); the importer read it before, and no check judged it."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

from envcheck.snapshot import Driver, FrameworkDeep, Gpu, OsInfo, Packages, Snapshot

SMI = "NVIDIA-SMI 525.60.13\nDriver Version: 525.60.13\nCUDA Version: 12.0\nV100/16GB\n"
BUILD_INFO_CPU = (
    '$ python3 -c "import tensorflow as tf;print(tf.sysconfig.get_build_info(),tf.__version__)"\n'
    "OrderedDict([('is_cuda_build', False), ('is_rocm_build', False), "
    "('is_tensorrt_build', False)]) 2.7.1\n"
)
BUILD_INFO_CUDA = (
    "OrderedDict([('cpu_compiler', '/usr/bin/gcc'), ('cuda_compute_capabilities', "
    "['sm_70', 'sm_80']), ('cuda_version', '12.1'), ('cudnn_version', '8'), "
    "('is_cuda_build', True), ('is_rocm_build', False), ('is_tensorrt_build', True)])\n"
)


# --- EC211: TensorFlow's build info says it is not a CUDA build --------------------------------


def test_build_info_without_cuda_on_a_gpu_host_is_an_error(tmp_path: Path) -> None:
    assert judge(tmp_path, BUILD_INFO_CPU + SMI, ["EC211"]) == [
        ("EC211", "cpu-only-build", "error")
    ]


def test_build_info_without_cuda_alone_is_a_warning(tmp_path: Path) -> None:
    # whether the host has a GPU is unknown; this build cannot use one either way
    assert judge(tmp_path, BUILD_INFO_CPU, ["EC211"]) == [("EC211", "cpu-only-build", "warning")]


@pytest.mark.parametrize("text", [BUILD_INFO_CUDA + SMI, BUILD_INFO_CUDA])
def test_a_cuda_build_info_is_not_cpu_only(tmp_path: Path, text: str) -> None:
    assert judge(tmp_path, text, ["EC211"]) == []


def test_build_info_without_cuda_on_macos_is_not_judged(tmp_path: Path) -> None:
    # no TensorFlow for macOS is a CUDA build: nothing to fix there
    assert judge(tmp_path, BUILD_INFO_CPU + "OS: macOS 14.2\n", ["EC211"]) == []


def _live(detail: str) -> Snapshot:
    return Snapshot(
        driver=Driver(version="550.54.15", gpus=[Gpu(index=0, name="NVIDIA A100")]),
        packages=Packages(
            installed={"tensorflow": "2.15.0"},
            deep=[FrameworkDeep(name="tensorflow", detail=detail)],
        ),
        os=OsInfo(platform="linux"),
    )


@pytest.mark.parametrize(
    "detail, expected",
    [
        ("is_cuda_build=False", [("EC211", "cpu-only-build", "error")]),
        ("is_cuda_build=True", []),
        ("is_cuda_build=None", []),
    ],
)
def test_the_live_probes_build_info_is_judged_the_same(detail: str, expected: list) -> None:
    from envcheck.checks import registry

    out = registry.run_checks(_live(detail), None, None, only=["EC211"])
    assert sorted((f.code, f.category, f.severity) for f in out.findings) == expected


# --- new and widened rows ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "ValueError: The layer sequential_6 has never been called and thus has no defined "
            "input.",
            "keras3-layer-never-called",
        ),
        (
            "AttributeError: The layer functional has never been called and thus has no defined "
            "output.",
            "keras3-layer-never-called",
        ),
        (
            "status = nvjpegCreateEx(NVJPEG_BACKEND_HARDWARE, &dev_allocator, NULL, 0, &h); "
            "error: NVJPEG_STATUS_ARCH_MISMATCH",
            "nvjpeg-no-hardware-engine",
        ),
        (
            "Hardware Decoder not supported. Falling back to default backend",
            "nvjpeg-no-hardware-engine",
        ),
        (
            "[ERROR] [nvjpeg_cuda_encoder] Could not create nvjpeg encoder - nvjpeg error #9 "
            "(implementation not supported) when running nvjpegCreateEx(...)",
            "nvjpeg-no-hardware-engine",
        ),
        (
            'assert builder.options.allow_fp8e4nv, "fp8e4nv data type is not supported on CUDA '
            'arch < 89"',
            "gpu-below-library-minimum-cc",
        ),
    ],
)
def test_new_and_widened_rows_read_the_message(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # tf.keras 2's message names no layer and asks for a shape: not Keras 3's
        "AttributeError: The layer has never been called and thus has no defined input shape.",
        "RuntimeError: The layer has never been called and thus has no defined output shape.",
        # other nvJPEG statuses, and a hardware decoder that is there
        "NVJPEG_STATUS_INVALID_PARAMETER",
        "Using NVJPEG_BACKEND_HARDWARE with 1 engine",
        "nvjpeg error #2 (invalid parameter)",
        # an fp8 type the GPU has
        "fp8e5 data type is supported here",
    ],
)
def test_near_misses_of_the_new_rows_are_not_read(text: str) -> None:
    found = set(pats(text + "\n"))
    assert not found & {
        "keras3-layer-never-called",
        "nvjpeg-no-hardware-engine",
        "gpu-below-library-minimum-cc",
    }


def test_keras3_message_is_a_pairing_warning(tmp_path: Path) -> None:
    text = (
        "ValueError: The layer sequential_4 has never been called and thus has no defined input.\n"
    )
    assert judge(tmp_path, text, ["EC914"]) == [("EC914", "framework-pairing", "warning")]


# --- inferences -------------------------------------------------------------------------------

INSUFFICIENT = "CUDA failure 35: CUDA driver version is insufficient for CUDA runtime version\n"


def test_driver_insufficient_when_deploying_on_cpu_is_a_cpu_run(tmp_path: Path) -> None:
    text = "Having only `onnxruntime-gpu` installed I get the following when deploying on CPU.\n"
    assert "cuda-called-without-a-gpu" in pats(text + INSUFFICIENT)


@pytest.mark.parametrize(
    "text",
    [
        "We deploy both on CPU and GPU servers.\n",
        "After deploying on CPU/GPU nodes it fails.\n",
        "It runs when deploying on CPU instead, slowly.\n",
    ],
)
def test_deploying_on_cpu_and_gpu_is_not_a_cpu_run(text: str) -> None:
    assert "cuda-called-without-a-gpu" not in pats(text + INSUFFICIENT)


MULTI_3090 = "I am using 16 core cpu and 2 3090 gpus for training.\n"


def test_a_hang_laid_on_the_data_loader_is_not_nccls() -> None:
    text = MULTI_3090 + "The data loader stuck the speed, the cpu usage is low.\n"
    assert "consumer-gpu-p2p-hang" not in pats(text)


def test_a_multi_gpu_hang_on_geforce_cards_keeps_its_reading() -> None:
    text = MULTI_3090 + "The data loader is fine, but training hangs at the first step.\n"
    assert "consumer-gpu-p2p-hang" in pats(text)


# --- after the second batch (heldout153-156) ----------------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        # glog's CHECK_EQ (Caffe, OpenPose) states the code alone
        ("Check failed: error == cudaSuccess (35 vs. 0)", "driver-insufficient"),
        ("Check failed: error == cudaSuccess (38 vs. 0)", "no-cuda-device"),
        ("Check failed: error == cudaSuccess (100 vs. 0)", "no-cuda-device"),
        ("Check cuda failed: error == cudaSuccess (30/35 vs. 0)", "cuinit-unknown-error"),
        ("Check failed: error == cudaSuccess (30 vs. 0)", "cuinit-unknown-error"),
        (
            "NotImplementedError: CUDA_HOME is None. Please set environment variable CUDA_HOME.",
            "cuda-home-missing",
        ),
        (
            "OSError: The nvcc binary could not be located in your $PATH. Either add it to your "
            "path, or set $CUDAHOME",
            "cuda-home-missing",
        ),
        ("NameError: name 'bare_metal_version' is not defined", "cuda-home-missing"),
        (
            "always show install error CUDA version (11.7) mismatches\nI recently installed",
            "cuda-version-mismatch-extension",
        ),
        ('Could not create logging file: Too may open files"', "too-many-open-files"),
        ("the OS to crash and return OSError, 24 too many files open", "too-many-open-files"),
        (
            '  File "inception.py", line 8, in <module>\n'
            "    from torch.jit.annotations import Optional\n"
            "ImportError: cannot import name 'Optional'",
            "import-name-missing",
        ),
        (
            "I didn't have enough space on the device to download the model",
            "disk-space-low-stated",
        ),
        (
            "ImportError: k2 was built using CUDA 10.1\nBut you are using CUDA 10.2 to run it.",
            "extension-wheel-for-another-torch-cuda",
        ),
        (
            'load_balancing.cuh(453): error: identifier "__match_any_sync" is undefined',
            "cuda-intrinsic-needs-volta",
        ),
        ("ModuleNotFoundError: No module named '_scs_gpu'", "gpu-extension-module-missing"),
    ],
)
def test_second_batch_rows_read_the_message(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text, pattern",
    [
        # another code, and a code of no glog check
        ("Check failed: error == cudaSuccess (2 vs. 0)", "driver-insufficient"),
        ("Check failed: status == CUBLAS_STATUS_SUCCESS (35 vs. 0)", "driver-insufficient"),
        # the full message is the row's own; a version sentence that is not a mismatch
        ("the CUDA version (11.7) mismatches the driver's", "cuda-version-mismatch-extension"),
        # a name missing from the program's own module, not from a framework's
        (
            "from mylib import Optional\nImportError: cannot import name 'Optional'",
            "import-name-missing",
        ),
        ("from torch import foo\nImportError: cannot import name 'bar'", "import-name-missing"),
        # space on the GPU is memory, not disk
        ("there is not enough space on the GPU for the model", "disk-space-low-stated"),
        # a GPU-named module that is no package's GPU build
        ("ModuleNotFoundError: No module named 'rlgpu'", "gpu-extension-module-missing"),
        ('error: identifier "__shfl_sync" is undefined', "cuda-intrinsic-needs-volta"),
    ],
)
def test_near_misses_of_the_second_batch(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


# torch.__config__.show() as OpenMMLab's environment report prints it
TORCH_CONFIG = """\
sys.platform: linux
GPU 0,1: NVIDIA GeForce RTX 3090
NVCC: Cuda compilation tools, release 11.1, V11.1.105
GCC: gcc (Ubuntu 7.5.0-3ubuntu1~18.04) 7.5.0
PyTorch: 1.8.0
PyTorch compiling details: PyTorch built with:
  - GCC 7.3
  - C++ Version: 201402
  - CUDA Runtime 11.1
  - NVCC architecture flags: -gencode;arch=compute_37,code=sm_37;-gencode;arch=compute_50,\
code=sm_50;-gencode;arch=compute_60,code=sm_60;-gencode;arch=compute_70,code=sm_70;-gencode;\
arch=compute_75,code=sm_75;-gencode;arch=compute_80,code=sm_80;-gencode;arch=compute_86,\
code=sm_86;-gencode;arch=compute_37,code=compute_37
  - CuDNN 8.0.5
"""


def test_torch_build_configuration_states_its_cuda_and_architectures(tmp_path: Path) -> None:
    from evidence_support import snap_of

    snap = snap_of(tmp_path, TORCH_CONFIG)
    torch = next(d for d in snap.packages.deep if d.name == "torch")
    assert torch.cuda_version == "11.1"
    assert torch.arch_list[-2:] == ["sm_86", "compute_37"] and "sm_37" in torch.arch_list
    # the RTX 3090 (sm_86) is in the build: no "GPU newer than the build" warning, which the
    # PyPI default of torch 1.8.0 (CUDA 10.2, up to sm_75) gave before
    assert judge(tmp_path, TORCH_CONFIG, ["EC201"]) == []


def test_torch_build_configuration_is_not_the_host_compiler(tmp_path: Path) -> None:
    from evidence_support import snap_of

    read = snap_of(tmp_path, TORCH_CONFIG).evidence["read"]
    # the host's gcc (7.5.0, the report's "GCC:" line) is read; torch's "- GCC 7.3" is not,
    # nor does "PyTorch compiling details" say code is compiled here
    assert [f["value"] for f in read if f["fact"] == "host_gcc"] == ["7.5.0"]
    assert not [f for f in read if f["fact"] == "cuda_build"]


# --- after the third batch (heldout157-159) -----------------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "RuntimeError: ('Quantization scheme is not supported for ', 'the current GPU. Min "
            "capability: 80. ', 'Current capability: 75.')",
            "gpu-below-library-minimum-cc",
        ),
        (
            "RuntimeError: cuGraph failure at file=relabel.cu line=57: Relabel not supported on "
            "Pascal and older architectures.",
            "gpu-below-library-minimum-cc",
        ),
        (
            "[test_utils.cu, 61 @ gpu 32610] cudaSetDevice failed. (CUDA error 30: unknown error)",
            "cuinit-unknown-error",
        ),
        (
            "Could the reason be that I'm in China and the server can't use VPN, making some "
            "external images inaccessible?",
            "network-filtered-region-stated",
        ),
        ("the download is blocked by the Great Firewall", "network-filtered-region-stated"),
    ],
)
def test_third_batch_rows_read_the_message(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("supported on Pascal and older cards too", "gpu-below-library-minimum-cc"),
        ("older GPUs and older drivers both work", "gpu-below-library-minimum-cc"),
        ("CUDA error 2: out of memory", "cuinit-unknown-error"),
        ("I use a VPN from Germany to reach the cluster", "network-filtered-region-stated"),
        ("Made in China, this card runs fine", "network-filtered-region-stated"),
    ],
)
def test_near_misses_of_the_third_batch(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


@pytest.mark.parametrize(
    "command",
    [
        "CUDA_VISIBLE_DEVICES='0,1' python main.py --config a.yaml --nproc_per_node 8",
        "CUDA_VISIBLE_DEVICES=3 python -m torch.distributed.launch --nproc_per_node=2 train.py",
    ],
)
def test_more_processes_than_visible_gpus_is_a_setting_error(tmp_path: Path, command: str) -> None:
    assert "more-processes-than-visible-gpus" in pats(command + "\n")
    assert judge(tmp_path, command + "\n", ["EC913"]) == [("EC913", "os-setting", "error")]


@pytest.mark.parametrize(
    "text",
    [
        "CUDA_VISIBLE_DEVICES=0,1,2,3 torchrun --nproc_per_node=4 train.py",
        "CUDA_VISIBLE_DEVICES=0,1 torchrun --nproc-per-node=2 train.py",
        # on two lines: not one command
        "export CUDA_VISIBLE_DEVICES=0\ntorchrun --nproc_per_node=4 train.py",
    ],
)
def test_as_many_processes_as_visible_gpus_is_fine(text: str) -> None:
    assert "more-processes-than-visible-gpus" not in pats(text + "\n")


@pytest.mark.parametrize(
    "text, found",
    [
        (
            "`madmom` dependency requires python<=3.9\n"
            "Most users will be using Python 3.11 or 3.12 currently.",
            True,
        ),
        ("This is limited to Python < 3.10; I have Python 3.10.4 here.", True),
        # the Python named is within the bound, or at a "<=" bound itself
        ("requires python<=3.9, and I use python 3.8", False),
        ("requires python <= 3.9; python 3.9 works", False),
        ("requires Python < 3.10, and python 3.9 works", False),
    ],
)
def test_a_python_above_a_stated_maximum(text: str, found: bool) -> None:
    assert ("python-above-stated-maximum" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, found",
    [
        ("It seems that flash-attn==2.7.x do not support torch==2.7.0.", True),
        ("But torch==2.10.0 will reject to import torchcodec>=0.11.0", True),
        ("numpy 2.0.1 conflicts with torch 2.1.0 here", True),
        # one side without a version, or no package of a pairing on the other side
        ("flash-attn does not support torch 2.7.0", False),
        ("torch 2.1 does not support CUDA 12.4", False),
        ("torch 2.1 supports python 3.12", False),
        ("transformers 4.40 works with torch 2.2", False),
    ],
)
def test_two_releases_said_not_to_go_together(text: str, found: bool) -> None:
    assert ("versions-stated-incompatible" in pats(text + "\n")) is found


# --- libraries' own architecture gates, read in their sources -----------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        # microsoft/DeepSpeed (38327e07f)
        ("The FP6 functions are only available on Ampere GPUs.", "gpu-below-library-minimum-cc"),
        (
            "The mma functions are only implemented for Ampere and newer architectures",
            "gpu-below-library-minimum-cc",
        ),
        (
            "RuntimeError: Blocked attention requires CUDA compute capability >= 8.0",
            "gpu-below-library-minimum-cc",
        ),
        ("bfloat16 is only supported on Ampere GPUs or newer", "bf16-tf32-needs-ampere"),
        # Dao-AILab/flash-attention (0251105a)
        ("q_v is only supported for Hopper GPUs", "gpu-below-library-minimum-cc"),
        (
            "Unsupported compute capability. Supported: 8.x, 9.x, 10.x, 11.x, 12.x",
            "gpu-below-library-minimum-cc",
        ),
        (
            "Only Ampere (8.x), Hopper (9.x), and Blackwell (10.x, 11.x, 12.x) are supported",
            "gpu-below-library-minimum-cc",
        ),
        (
            "FlashAttention was requested, but nvcc was not found.  Are you sure your "
            "environment has nvcc available?",
            "cuda-home-missing",
        ),
    ],
)
def test_library_gates_read_from_their_sources(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "This feature is only supported on Linux",
        "this flag is only available for Python 3",
        "The kernel is only supported for fp16 inputs",
        # bf16's sentence is its own row's, not the general gate's
        "bfloat16 is only supported on Ampere GPUs or newer",
    ],
)
def test_near_misses_of_the_library_gates(text: str) -> None:
    assert "gpu-below-library-minimum-cc" not in pats(text + "\n")


@pytest.mark.parametrize(
    "text, found",
    [
        ("I realized that libcudart.so.11.0 was missing, which is normal", True),
        ("libcublasLt.so.12 is missing here", True),
        # ldd's form is other rows' (hedged there), ldd resolving it, the library said to be there
        ("libcublasLt.so.12 => not found", False),
        ("libcudart.so.12 => /usr/local/cuda/lib64/libcudart.so.12", False),
        ("libcudart.so.11.0 is present in /usr/local/cuda/lib64", False),
    ],
)
def test_a_cuda_library_said_missing(text: str, found: bool) -> None:
    assert ("could-not-load-dynamic-library" in pats(text + "\n")) is found
