"""Round twenty-three: the general part (the interpreter pip and a traceback name outranks a
sentence about Python; GPU names NVIDIA's tables spell otherwise: SUPER and Ti variants, Tesla
K boards, "GTX 3090", a trailing architecture word, "the RTX 5000 series") and the tuning on
this round's sealed pools. Each with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers.base import gpu_cc_from_matrix
from envcheck.importers.extract import text_facts
from envcheck.importers.extract.prose import gpu_names, single_gpu_mentioned

# --- the interpreter that ran ---------------------------------------------------------------

PIP_ON_313 = (
    "I'm using Python 3.10 as the README says.\n"
    "$ pip --version\n"
    "pip 24.2 from /home/u/.venv/lib/python3.13/site-packages/pip (python 3.13)\n"
    "$ pip install torch==2.2.0\n"
    "ERROR: Could not find a version that satisfies the requirement torch==2.2.0 "
    "(from versions: 2.6.0, 2.7.0)\n"
    "ERROR: No matching distribution found for torch==2.2.0\n"
)


def test_pip_version_line_outranks_a_sentence_about_python(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, PIP_ON_313)
    assert snap.python.version == "3.13"
    assert ("EC220", "python-unsupported", "error") in judge(
        tmp_path, PIP_ON_313, ["EC220"], load_matrix()
    )


def test_the_sentence_alone_still_states_the_python(tmp_path: Path) -> None:
    text = PIP_ON_313.replace(
        "pip 24.2 from /home/u/.venv/lib/python3.13/site-packages/pip (python 3.13)\n", ""
    )
    assert snap_of(tmp_path, text).python.version == "3.10"
    assert judge(tmp_path, text, ["EC220"], load_matrix()) == []


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ('  File "/opt/conda/lib/python3.8/site-packages/torch/__init__.py", line 190', "fragment"),
        ("pip 23.0.1 from /usr/lib/python3/dist-packages/pip (python 3.11)", "fragment"),
        # a sentence naming the folder layout is prose, as before
        ("I installed Python 3.9 from python.org", "prose"),
    ],
)
def test_interpreter_lines_are_tool_output(line: str, kind: str) -> None:
    facts = [f for f in text_facts(line + "\n", "p") if f.key == "python"]
    assert [f.kind for f in facts] == [kind]


# --- GPU names the tables spell otherwise ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("Nvidia GeForce RTX 2060 Super", "7.5"),  # Turing, as the RTX 2060
        ("GeForce RTX 2070SUPER", "7.5"),
        ("NVIDIA GeForce GTX 1650 SUPER", "7.5"),
        ("nVidia GTX 1050 TI", "6.1"),  # Pascal, as the GTX 1050
        ("RTX 3050 Ti", "8.6"),
        ("Tesla K40c", "3.5"),  # a board of the K40
        ("Tesla K20Xm", "3.5"),
        ("GTX 3090", "8.6"),  # no GTX 3090 exists: the RTX 3090
        ("GTX2080TI", "7.5"),
        ("RTX 5070 Blackwell", "12.0"),
        ("Tesla V100 32 GB", "7.0"),
        ("GeForce RTX 208...", "7.5"),  # nvidia-smi's cut name: every RTX 208x is Turing
        ("RTX 4050", "8.9"),  # laptop-only; NVIDIA's CUDA GPUs page lists "GeForce RTX 4050"
        # an RTX 50 model no spelling finds: the whole series is 12.0 (NVIDIA's list)
        ("RTX 5090 Founders Edition", "12.0"),
        # still unknown: ambiguous, or a model the tables do not list
        ("TITAN X", None),  # GTX TITAN X (5.2) or NVIDIA TITAN X (6.1)
        ("RTX 6000", None),  # Quadro RTX 6000 (7.5) or RTX 6000 Ada (8.9)
        ("RTX 3500 Ada", None),
        ("RTX 2050", None),  # Ampere despite its number: no family rule may guess it
        ("GTX 1660 Ti", "7.5"),  # listed itself
    ],
)
def test_gpu_spellings(name: str, cc: object) -> None:
    assert gpu_cc_from_matrix(name) == cc


def test_variant_spelling_gives_only_the_compute_capability() -> None:
    # the speed of an RTX 2060 SUPER is not the RTX 2060's: the matrix itself stays unknown
    assert load_matrix().gpu("RTX 2060 SUPER") is None


def test_a_plural_names_the_model_once() -> None:
    assert gpu_names("a handful of old but still functional K80s to launch jobs") == ["K80"]
    text = (
        "the CUDA compute capability requirement went up; our cluster has K80s.\n"
        "RuntimeError: No supported GPUs are present on this system.\n"
        "The device Tesla K80 with computed capability 3.7 does not support HOOMD-blue.\n"
    )
    facts = single_gpu_mentioned([("p", text)])
    assert [f.value for f in facts] == ["K80"]


@pytest.mark.parametrize(
    ("text", "cc", "name"),
    [
        (
            "Now that NVIDIA GeForce RTX 5000 series is out, the same issue happens like "
            "when the RTX 4000 series came out with pytorch cuda",
            "12.0",
            "",
        ),
        # the Quadro card of that name stays itself
        ("My GPU is a Quadro RTX 5000 and pytorch cuda fails", "7.5", "Quadro RTX 5000"),
    ],
)
def test_rtx_5000_series_is_the_family(tmp_path: Path, text: str, cc: str, name: str) -> None:
    gpu = snap_of(tmp_path, text + "\n").driver.gpus[0]
    assert gpu.compute_capability == cc
    if name:
        assert name in str(gpu.name)


# --- heldout46's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "RuntimeError: Expected is_sm90 || is_sm8x || is_sm75 to be true, but got false. "
            "(Could this error message be improved?)",
            "kernel-architecture-check-failed",
        ),
        (
            "build-script-build: error while loading shared libraries: libnvvm.so.4: cannot "
            "open shared object file: No such file or directory",
            "libnvvm-not-on-loader-path",
        ),
        (
            "  Unsupported cuda toolkit version: `12.6`. Please raise a github issue.",
            "build-script-unknown-toolkit",
        ),
        (
            "  Error: this tch version expects PyTorch 2.7.0, got 2.2.2, this check can be "
            "bypassed by setting the LIBTORCH_BYPASS_VERSION_CHECK environment variable",
            "tch-libtorch-version",
        ),
        (
            'Error { code: GenericFailure, msg: "CUDA execution provider is not enabled in '
            'this build." }',
            "onnxruntime-no-cuda-provider",
        ),
        (
            "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not "
            "expanded with \u2018...\u2019:",
            "nvcc-gcc-parameter-packs",
        ),
    ],
)
def test_heldout46_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    "line",
    [
        "Expected is_sm90 to be true",  # not the check's form (one arch, no verdict)
        "libnvvm.so.4 => /usr/local/cuda/nvvm/lib64/libnvvm.so.4",  # ldd found it
        "cudarc supports cuda toolkit version 12.6",
        "this tch version works with PyTorch 2.7.0",
        "CUDA execution provider is enabled in this build",
    ],
)
def test_heldout46_near_misses(line: str) -> None:
    found = pats(line + "\n")
    assert not {
        "gpu-below-library-minimum-cc",
        "libnvvm-not-on-loader-path",
        "build-script-unknown-toolkit",
        "tch-libtorch-version",
        "onnxruntime-no-cuda-provider",
    } & set(found)


AB_RUN = (
    "$ docker run --rm example/app:latest --list-gpus\n"
    "Checking card1 (NVIDIA)... NVIDIA CUDA test failed\n"
    "No GPUs detected\n"
    "$ docker run --rm --gpus all example/app:latest --list-gpus\n"
    "Checking card1 (NVIDIA)... using GPU 0\n"
)


def test_ab_run_without_gpus_is_the_container_option() -> None:
    assert "gpu-not-given-to-container" in pats(AB_RUN)


def test_every_launch_with_the_option_is_not_flagged() -> None:
    text = AB_RUN.replace("docker run --rm example", "docker run --rm --gpus all example")
    assert "gpu-not-given-to-container" not in pats(text)


def test_no_gpu_message_before_the_plain_launch_is_not_its_output() -> None:
    text = (
        "$ docker run --rm --gpus all example/app:latest\nNo GPUs detected\n"
        "$ docker run --rm example/app:latest --help\nusage: app [-h]\n"
    )
    assert "gpu-not-given-to-container" not in pats(text)


def test_nvidia_docker_named_but_plain_docker_run_ran() -> None:
    text = (
        "I have reinstalled the nvidia-docker with these steps.\n"
        "sudo docker run -it suhangpro/caffe:bpcn\n"
        "F0916 21:30:26.347223   133 common.cpp:152] Check failed: error == cudaSuccess (35 vs. "
        "0)  CUDA driver version is insufficient for CUDA runtime version\n"
    )
    assert "gpu-not-given-to-container" in pats(text)


# --- heldout47's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("`GPU version build failed`", "catboost-gpu-build-failed"),
        (
            "Error 'Dense stereo reconstruction requires CUDA, which is not available on your "
            "system' in patch_match_stereo step.",
            "colmap-without-cuda",
        ),
        (
            "AttributeError: module 'pycolmap' has no attribute 'patch_match_stereo'",
            "colmap-without-cuda",
        ),
        (
            "F0409 01:01:45.582237 509953472 extraction.cc:132] Check failed: num_cuda_devices "
            "> 0 (0 vs. 0)",
            "no-cuda-device",
        ),
        (
            "spinning a CPU at 100% seemingly forever, mostly in "
            "`libnvidia-ptxjitcompiler.so.510.54`.",
            "ptx-jit-hang",
        ),
        (
            "当我执行pip install时发现pytorch2.0.1与mmcv出现冲突，无法安装mmcv",
            "mmcv-torch-conflict-stated",
        ),
        ("torch 2.1 and mmcv 1.7 are incompatible", "mmcv-torch-conflict-stated"),
        (
            'i got an error saying that "Found CUDA 9.0 but the ZED SDK requires 8.0".',
            "sdk-requires-other-cuda",
        ),
        ("`Error NO GPU COMPATIBLE, exit program.`", "sdk-no-gpu-compatible"),
        (
            "ImportError: libnppial.so.10.0: cannot open shared object file: No such file or "
            "directory",
            "npp-lib-missing",
        ),
    ],
)
def test_heldout47_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("the GPU version build failed twice before I installed nvcc", "catboost-gpu-build-failed"),
        ("libnvidia-ptxjitcompiler.so.1 => /usr/lib/libnvidia-ptxjitcompiler.so.1", "ptx-jit-hang"),
        ("installed mmcv 2.1.0 with torch 2.1.0, works fine", "mmcv-torch-conflict-stated"),
        ("Found CUDA 12.1 at /usr/local/cuda", "sdk-requires-other-cuda"),
        ("libnppial.so.11 => /usr/local/cuda/lib64/libnppial.so.11", "npp-lib-missing"),
    ],
)
def test_heldout47_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_python_minimum_told_from_chinese_is_a_floor_not_the_python_in_use(
    tmp_path: Path,
) -> None:
    text = "No module named 'chronos'\n\nchronos-forecasting对于python版本有要求，最低为3.9\n"
    snap = snap_of(tmp_path, text)
    # 3.9 is the package's minimum, not the Python that runs
    assert not isinstance(getattr(snap.python, "version", None), str)


def test_a_cuda_build_failing_on_an_amd_card_under_rocm(tmp_path: Path) -> None:
    text = (
        "Trying faiss inside the rocm/pytorch docker image\n"
        "GPU: gfx1030 AMD Radeon RX 6900 XT\n"
        "Installed from: conda install -c conda-forge faiss-gpu\n"
        "Faiss assertion 'err__ == cudaSuccess' failed; details: CUDA error 35 CUDA driver "
        "version is insufficient for CUDA runtime version\n"
    )
    assert "no-nvidia-gpu-named" in pats(text)
    # ROCm's own stack failing says nothing about CUDA on an AMD card
    rocm_only = (
        "GPU: AMD Radeon RX 6900 XT with rocm 5.0; hipErrorNoDevice when I run it on the gpu\n"
    )
    assert "no-nvidia-gpu-named" not in pats(rocm_only)


@pytest.mark.parametrize(
    "text",
    [
        # installer bugs (heldout47's controls): the vendor's check or bundle was wrong, the
        # environment fine, so these messages only warn
        "ERROR : Found CUDA 8.0 but the ZED SDK requires 9.0.\n",
        "./ZED Depth Viewer: error while loading shared libraries: libnppi.so.7.5: cannot open "
        "shared object file: No such file or directory\n",
    ],
)
def test_vendor_sdk_messages_only_warn(tmp_path: Path, text: str) -> None:
    found = judge(tmp_path, text, ["EC906", "EC907"], load_matrix())
    assert found and all(severity == "warning" for _, _, severity in found)


# --- heldout48's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "Skipping import of cpp extensions due to incompatible torch version 2.7.1+cu128 for "
            "torchao version 0.15.0 Please see https://github.com/pytorch/ao/issues/2919",
            "torchao-torch-version",
        ),
        ("RuntimeError: cutlassF: no kernel found to launch!", "cutlass-no-kernel"),
        (
            "  Error: kmod-nvidia version (575.64.03-1.fc42) does not match nvidia-driver version "
            "(575.64.05-1.fc42)",
            "kmod-driver-version-mismatch",
        ),
        (
            "NVRM: The NVIDIA GeForce 320M GPU installed in this system is\n"
            "NVRM:  supported through the NVIDIA 340.xx Legacy drivers. Please",
            "gpu-needs-legacy-driver",
        ),
        (
            "NVRM: This PCI I/O region assigned to your NVIDIA device is invalid:",
            "nvrm-bar-invalid",
        ),
        (
            "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked",
            "cray-gtl-not-linked",
        ),
        (
            "ERROR: Failed to build installable wheels for some pyproject.toml based projects "
            "(tensorrt)",
            "binary-only-package-built-from-source",
        ),
        (
            "ValueError: FP8 quantized models is only supported on GPUs with compute capability "
            ">= 9.0 (e.g H100)",
            "gpu-below-library-minimum-cc",
        ),
        (
            "The quantization method awq is not supported for the current GPU. Minimum "
            "capability: 75. Current capability: 70.",
            "gpu-below-library-minimum-cc",
        ),
        (
            "ERROR: LoadError: Device capability v2.1.0 not supported by available toolchain",
            "gpu-below-library-minimum-cc",
        ),
        (
            "nvtop: symbol lookup error: nvtop: undefined symbol: nvmlDeviceGetPcieThroughput",
            "nvml-symbol-missing",
        ),
        (
            "Building DKMS module 'nvidia-580.142' for kernel-7.1.0_1... FAILED!",
            "dkms-build-failed",
        ),
        (
            "ERROR: CUDA initialization failure with error 222. Please check your CUDA "
            "installation",
            "ptx-unsupported-toolchain",
        ),
    ],
)
def test_heldout48_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # another pair of packages keeps its own row
        (
            "torchvision version (0.15.0) does not match torch version (2.1.0)",
            "kmod-driver-version-mismatch",
        ),
        ("Successfully built tensorrt-cu12", "binary-only-package-built-from-source"),
        (
            "ERROR: Failed to build installable wheels for some projects (pycocotools)",
            "binary-only-package-built-from-source",
        ),
        ("cutlassF kernels launched fine", "cutlass-no-kernel"),
        ("Building DKMS module 'nvidia-580.142' for kernel-7.1.0_1... done.", "dkms-build-failed"),
        ("nvmlDeviceGetPcieThroughput returned NVML_SUCCESS", "nvml-symbol-missing"),
    ],
)
def test_heldout48_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_other_paired_packages_keep_the_pairing_row() -> None:
    line = "torchvision version (0.15.0) does not match torch version (2.1.0)\n"
    assert "paired-package-version-mismatch" in pats(line)
