"""Round twenty-four: the tuning on this round's sealed pools (heldout49, heldout50 and
heldout51). Each message as real reports print it, with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.checks._common import has_nvidia_gpus
from envcheck.compat import load_matrix
from envcheck.importers.errorlog.table import PATTERNS
from envcheck.importers.extract import text_facts

# --- heldout49's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # modprobe before kmod, as MotionCor2 prints it on a machine without the module
        ("FATAL: Module nvidia not found.", "kernel-driver-not-running"),
        (
            "/usr/local/cuda-10.2/include/crt/host_config.h(110): error: #error directive: -- "
            "unsupported ICC configuration! Only ICC 15.0, ICC 16.0, ICC 17.0, ICC 18.0 and "
            "ICC 19.0 on Linux x86_64 are supported!",
            "nvcc-unsupported-host-compiler",
        ),
        (
            "we noticed the /var partition is closely reaching 100%. This a small partition",
            "disk-space-low-stated",
        ),
        ("the data drive keeps filling up during preprocessing", "disk-space-low-stated"),
        (
            "we noticed that Python v3.6 seems to be incompatible with more recent versions of "
            "PyTorch.",
            "python-stated-unsupported",
        ),
    ],
)
def test_heldout49_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("FATAL: Module nvidia_uvm loaded", "kernel-driver-not-running"),
        ("ICC 19.0 on Linux x86_64 is supported", "nvcc-unsupported-host-compiler"),
        # a full path, a full-HD screen, a GPU's memory: not a disk
        ("the volume full path is /mnt/data", "disk-space-low-stated"),
        ("the disk is 10% used, plenty of room", "disk-space-low-stated"),
        ("CUDA out of memory: the GPU memory is full", "disk-space-low-stated"),
        ("Python 3.10 is compatible with torch 2.1", "python-stated-unsupported"),
    ],
)
def test_heldout49_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_missing_cuda_headers_are_a_warning() -> None:
    # the headers may be installed and missing from one host-compiled target's include path
    # (mfem/mfem#1316, a heldout49 control on a working CUDA 10.1)
    assert "cuda-headers-missing" in pats(
        "fatal error: cuda_runtime.h: No such file or directory\n"
    )
    row = next(p for p in PATTERNS if p.id == "cuda-headers-missing")
    assert (row.category, row.severity) == ("toolkit-mismatch", "warning")


# --- heldout50's tuning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("  Error: Insufficient CUDA driver: 9010", "driver-insufficient"),
        (
            "[!] RuntimeError: Please install/reinstall CUDA tookit with any of the following "
            "supported version: ['12.4', '12.1', '11.8']",
            "installer-cuda-not-supported",
        ),
        ("WARNING: CUDA 13.0 is not supported. Supported: 12.8", "installer-cuda-not-supported"),
        ("WARNING: Torch 2.9 is not supported. Supported: 2.8", "installer-torch-not-supported"),
        (
            "NotImplementedError: Could not run 'texture_baker_cpp::rasterize' with arguments "
            "from the 'CUDA' backend. This could be because the operator doesn't exist",
            "extension-op-no-cuda-kernel",
        ),
        (" CuRAND error 204 at test/include/test_utilities.h:112", "curand-arch-mismatch"),
        (
            '"ERROR Unexpected error CUDA error in func set_constants at line 110 invalid device '
            'symbol on CUDA device 02:00.0"',
            "invalid-device-symbol",
        ),
        ("Program compile log: nvrtc: error: failed to load builtins", "nvrtc-builtins-missing"),
        (
            "OSError: libnvrtc-builtins.so.11.1: cannot open shared object file: No such file "
            "or directory",
            "nvrtc-builtins-missing",
        ),
    ],
)
def test_heldout50_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("Insufficient CUDA driver: check the driver version", "driver-insufficient"),
        ("CUDA 12.8 is supported. Supported: 12.8", "installer-cuda-not-supported"),
        ("Torch 2.8 is supported", "installer-torch-not-supported"),
        # torchvision keeps its own row; torch's quantized operators are CPU-only by design
        (
            "Could not run 'torchvision::nms' with arguments from the 'CUDA' backend",
            "extension-op-no-cuda-kernel",
        ),
        (
            "Could not run 'quantized::linear' with arguments from the 'CUDA' backend",
            "extension-op-no-cuda-kernel",
        ),
        ("CuRAND error 201 at test.cu:12", "curand-arch-mismatch"),
        ("cudaMemcpyToSymbol returned cudaSuccess", "invalid-device-symbol"),
        ("nvrtc: loaded builtins", "nvrtc-builtins-missing"),
    ],
)
def test_heldout50_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("tf version is `2.1.0` and cuda version is `10.2`.", "2.1.0"),
        ("TF 2.4 with CUDA 11.0", "2.4"),
        ("Using tf 2.3.0 on Ubuntu 20.04", "2.3.0"),
        # an image tag names a vendor's own build, for other Pythons and CUDA releases
        ("l4t-tensorflow:r32.7.1-tf2.7-py3 has incompatible versions", None),
        ("ubuntu20.04-cuda11.7.1-py38-torch2.0.1-tf1.15.5-1.8.1", None),
        ("print(tf.VERSION) 1.3", None),
    ],
)
def test_tf_names_tensorflow_in_a_sentence(text: str, version: object) -> None:
    facts = [f.value for f in text_facts(text + "\n", "p") if f.key == "tensorflow.version"]
    assert facts == ([version] if version else [])


# --- heldout51's tuning ---------------------------------------------------------------------

MAC_TRACEBACK = (
    '  File "/Users/someone/Documents/ComfyUI/custom_nodes/facetools/utils.py", line 335, in '
    "mask_jonathandinu\n"
    "    face_part_ids = torch.tensor(keep).cuda()\n"
    '  File "/Users/someone/Documents/ComfyUI/.venv/lib/python3.12/site-packages/torch/cuda/'
    '__init__.py", line 403, in _lazy_init\n'
    '    raise AssertionError("Torch not compiled with CUDA enabled")\n'
    "AssertionError: Torch not compiled with CUDA enabled\n"
)


def test_cuda_asked_on_a_mac_is_the_code_not_the_install() -> None:
    assert set(pats(MAC_TRACEBACK)) == {"cuda-asked-on-macos"}
    # the same traceback on Linux is a CPU-only build
    linux = MAC_TRACEBACK.replace("/Users/someone/", "/home/someone/")
    assert set(pats(linux)) == {"torch-not-compiled-with-cuda"}


CPU_IMAGE = (
    "**Information about your GPU**\n"
    "Only CPU\n"
    "`CUDA error 35 at ggml-cuda.cu:5740: CUDA driver version is insufficient for CUDA runtime "
    "version`\n"
)


def test_a_gpu_question_answered_only_cpu_is_a_cpu_run() -> None:
    assert "cuda-called-without-a-gpu" in pats(CPU_IMAGE)
    # the answer names a GPU: the message keeps its row
    gpu = CPU_IMAGE.replace("Only CPU", "RTX 3090")
    assert "driver-insufficient" in pats(gpu)


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("But still dlib.DLIB_USE_CUDA returns False.", "dlib-built-without-cuda"),
        ("-- Disabling CUDA support for dlib.  DLIB WILL NOT USE CUDA", "dlib-built-without-cuda"),
        (
            "[ WARN:0] global /opt/opencv/modules/dnn/src/cuda4dnn/init.hpp (34) checkVersions "
            "cuDNN reports version 8201 which does not match with the version 8000 with which "
            "OpenCV was built",
            "opencv-cuda-libs-version-mismatch",
        ),
        (
            "The root cause seems to be related to a mismatch between the versions of TensorFlow "
            "and CUDA.",
            "framework-cuda-mismatch-stated",
        ),
        ("it showing  nvmlInitWithFlags not found ,just the shortcut", "nvml-symbol-missing"),
    ],
)
def test_heldout51_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("python setup.py install --yes DLIB_USE_CUDA", "dlib-built-without-cuda"),
        ("dlib.DLIB_USE_CUDA returns True", "dlib-built-without-cuda"),
        ("cuDNN reports version 8201 which matches", "opencv-cuda-libs-version-mismatch"),
        ("a mismatch between the config and the checkpoint", "framework-cuda-mismatch-stated"),
        ("nvmlInit found the driver", "nvml-symbol-missing"),
    ],
)
def test_heldout51_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


TWO_GPUS = (
    "On the setup with GTX 1050Ti, everything works perfectly. Yet, when I switch to RTX 2070 "
    "card, I've got the following error:\n"
    "cuDNN Error: CUDNN_STATUS_EXECUTION_FAILED\n"
    "- CUDA 9.0.176\n"
)


def test_of_two_gpus_the_one_said_to_work_is_not_the_one_at_issue(tmp_path: Path) -> None:
    assert snap_of(tmp_path, TWO_GPUS).gpus()[0].name == "RTX 2070"
    # one GPU said to work is still the GPU the text is about
    one = "With my RTX 3090 everything works fine on torch 1.13; on torch 2.1 CUDA fails.\n"
    assert snap_of(tmp_path, one).gpus()[0].name == "RTX 3090"


def test_an_nvidia_smi_header_alone_leaves_the_gpu_count_unknown(tmp_path: Path) -> None:
    text = (
        "NVIDIA-SMI 510.47.03    Driver Version: 510.47.03    CUDA Version: 11.6\n"
        "$ conda list | grep torch\n"
        "cpuonly                   2.0                           0    pytorch\n"
        "pytorch                   1.10.1              py3.9_cpu_0    pytorch\n"
    )
    snap = snap_of(tmp_path, text)
    assert has_nvidia_gpus(snap) is None
    assert ("EC210", "cpu-only-build", "warning") in judge(tmp_path, text, ["EC210"], load_matrix())
