"""Round twenty-four: the tuning on this round's sealed pools (heldout49, heldout50 and
heldout51). Each message as real reports print it, with its near misses."""

from __future__ import annotations

import pytest
from evidence_support import pats

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
            "disk-full-stated",
        ),
        (
            "after running the command it seems my disk is full and can't continue",
            "disk-full-stated",
        ),
        ("the Pod runs out of disk space.", "disk-full-stated"),
        ("the data drive keeps filling up during preprocessing", "disk-full-stated"),
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
        ("the volume full path is /mnt/data", "disk-full-stated"),
        ("the disk is 10% used, plenty of room", "disk-full-stated"),
        ("CUDA out of memory: the GPU memory is full", "disk-full-stated"),
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
