"""Round twenty-six: the tuning on this round's sealed pools (heldout55 and heldout56, after
their scoring). Each message as real reports print it, with its near misses; the false errors
of heldout56's scoring (a Python expression read as CUDA_VISIBLE_DEVICES, a /dev/shm size a
command set, a TensorRT engine file with no version, pip too old for a wheel's tag)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

from envcheck.compat import load_matrix
from envcheck.importers.extract import text_facts


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "ERROR: The engine plan file is not compatible with this version of TensorRT, "
            "expecting library version 5.1.5 got 0.0.0, please rebuild.",
            "tensorrt-engine-file-unreadable",
        ),
        (
            "The engine plan file is generated on an incompatible device. expecting compute 7.5 "
            "got compute 6.1. please rebuild.",
            "tensorrt-engine-other-device",
        ),
        ("UnknownError: Fail to find the dnn implementation.", "tf-dnn-implementation-missing"),
        (
            "ImportError: Python version mismatch: module was compiled for Python 3.6, but the "
            "interpreter version is incompatible: 3.7.5 (default, Feb 23 2021, 13:22:40)",
            "extension-built-for-other-python",
        ),
        (
            "ImportError: libpython3.8.so.1.0: cannot open shared object file: No such file or "
            "directory",
            "libpython-not-found",
        ),
        (
            "[1693920302.521306] sys.c:915 UCX ERROR shmget(size=134221824 flags=0x7b0) for "
            "mm_recv_desc failed: No space left on device, please check shared memory limits by "
            "'ipcs -l'",
            "sysv-shm-limit",
        ),
        (
            "/cuPDLP-C/cupdlp/cuda/cupdlp_cudalinalg.cu(18): error: identifier "
            '"CUSPARSE_SPMV_CSR_ALG2" is undefined',
            "cuda-api-identifier-undefined",
        ),
        (
            'cupdlpx/solver.cu(287): error: identifier "cusparseSpMV_preprocess" is undefined',
            "cuda-api-identifier-undefined",
        ),
        (
            "ImportError: /torchnvjpeg/torchnvjpeg.cpython-39-x86_64-linux-gnu.so: undefined "
            "symbol: _ZNSt15__exception_ptr13exception_ptr9_M_addrefEv",
            "libstdcxx-abi-mismatch",
        ),
        (
            "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not "
            "found (required by /opt/conda/lib/python3.10/site-packages/foo.so)",
            "glibc-too-old",
        ),
        (
            "ImportError: /home/.conda/envs/dimes/lib/python3.8/site-packages/torch_sampling."
            "cpython-38-x86_64-linux-gnu.so: undefined symbol: _Z15segment_csr_cpuN2at6TensorES0"
            "_N3c108optionalIS0_EESs",
            "extension-function-missing",
        ),
        (
            "WARNING:tensorflow:TensorRT mismatch. Compiled against version 5.0.2, but loaded "
            "5.1.2. Things may not work.",
            "tf-tensorrt-version-mismatch",
        ),
        (
            "RuntimeError: LoadNvEncApi : NVENC library file is not found. Please ensure NV "
            "driver is installed at /src/NvEncoder.cpp:102",
            "nvcuvid-not-loaded",
        ),
        # markdown bold pasted inside a message
        (
            "UserWarning: CUDA initialization: Found no NVIDIA driver on **your system. Please "
            "check that you have an NVIDIA GPU and installed a driver from "
            "http://www.nvidia.com/Download/index.aspx**",
            "found-no-nvidia-driver",
        ),
    ],
)
def test_round26_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # a real version in the file: a plan built by another release
        (
            "engine plan file is not compatible with this version of TensorRT, expecting "
            "library version 8.6.1 got 8.5.3, please rebuild.",
            "tensorrt-engine-file-unreadable",
        ),
        # an identifier of the program's own, not a CUDA library's
        (
            'kernel.cu(12): error: identifier "my_table" is undefined',
            "cuda-api-identifier-undefined",
        ),
        # a torch-internal symbol is the existing (error) reading, not the warning
        (
            "ImportError: /x/_C.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
            "extension-function-missing",
        ),
        (
            "ImportError: /x/_C.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
            "libstdcxx-abi-mismatch",
        ),
        # POSIX shared memory full is /dev/shm, not the System V limits
        (
            "RuntimeError: unable to write to file </torch_123_456>: No space left on device (28)",
            "sysv-shm-limit",
        ),
    ],
)
def test_round26_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_a_plan_from_another_release_is_still_a_version_mismatch() -> None:
    line = (
        "engine plan file is not compatible with this version of TensorRT, expecting library "
        "version 8.6.1 got 8.5.3, please rebuild.\n"
    )
    assert pats(line) == ["tensorrt-engine-version"]


NVISII = (
    "`pip3 install nvisii-1.2.dev47+gf122b5b.72-cp36-cp36m-manylinux2014_x86_64.whl`\n"
    "I get the error: `nvisii-1.2.dev47+gf122b5b.72-cp36-cp36m-manylinux2014_x86_64.whl is not "
    "a supported wheel on this platform`\n"
    "Python 3.6.15\n"
    "pip 18.1\n"
)


def test_pip_older_than_the_wheels_manylinux_tag() -> None:
    assert pats(NVISII) == ["pip-too-old-for-the-wheel"]
    # a pip that reads manylinux2014: the wheel itself is wrong for this host
    assert pats(NVISII.replace("pip 18.1", "pip 19.3.1")) == ["wheel-not-supported-here"]
    # another Python than the wheel's: the Python tag is wrong too
    assert pats(NVISII.replace("Python 3.6.15", "Python 3.8.10")) == ["wheel-not-supported-here"]
    # no pip stated: nothing to infer
    assert pats(NVISII.replace("pip 18.1\n", "")) == ["wheel-not-supported-here"]
    # manylinux_2_17 (PEP 600) needs pip 20.3
    pep600 = NVISII.replace("manylinux2014", "manylinux_2_17").replace("pip 18.1", "pip 20.2")
    assert pats(pep600) == ["pip-too-old-for-the-wheel"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('    environ["CUDA_VISIBLE_DEVICES"] = str(CUDA[0])', None),
        ('os.environ["CUDA_VISIBLE_DEVICES"] = gpu_ids', None),
        ("os.environ['CUDA_VISIBLE_DEVICES'] = args.gpu", None),
        ('os.environ["CUDA_VISIBLE_DEVICES"] = "-1"', "-1"),
        ('os.environ["CUDA_VISIBLE_DEVICES"] = 0', "0"),
        ("export CUDA_VISIBLE_DEVICES=0,1", "0,1"),
        # brackets alone are the (wrong) value somebody set, not code
        ("I ran it with CUDA_VISIBLE_DEVICES=[1,2,3] because GPU 0 was busy", "[1,2,3]"),
    ],
)
def test_cuda_visible_devices_from_code_is_read_only_as_a_literal(text: str, value: object) -> None:
    got = [f.value for f in text_facts(text + "\n", "p") if f.name == "CUDA_VISIBLE_DEVICES"]
    assert got == ([value] if value is not None else [])


TRITON_RUN = (
    "docker run --gpus=all -it --shm-size=256m --rm -p8000:8000 -v $(pwd)/model_repository:"
    "/models nvcr.io/nvidia/tritonserver:24.02-py3\n"
    "on further checking this i found that onnx is missing\n"
)


def test_a_shm_size_a_command_sets_is_a_warning_until_the_log_shows_it_full(
    tmp_path: Path,
) -> None:
    found = judge(tmp_path, TRITON_RUN, ["EC501"])
    assert found == [("EC501", "shm-too-small", "warning")]
    full = (
        TRITON_RUN + "ERROR: Unexpected bus error encountered in worker. This might be caused by "
        "insufficient shared memory (shm).\n"
    )
    assert judge(tmp_path, full, ["EC501"]) == [("EC501", "shm-too-small", "error")]
    # measured (df), not set by a command: an error as before
    df = "$ df -h /dev/shm\nshm              64M     0   64M   0% /dev/shm\n"
    assert judge(tmp_path, df, ["EC501"]) == [("EC501", "shm-too-small", "error")]


RACING_DREAMER = (
    "2021-12-07 08:21:21.062542: I tensorflow/stream_executor/platform/default/dso_loader.cc:48]"
    " Successfully opened dynamic library libcudart.so.10.1\n"
    "2021-12-07 08:21:29.458204: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1716] Found "
    "device 0 with properties:\n"
    "pciBusID: 0000:68:00.0 name: NVIDIA RTX A6000 computeCapability: 8.6\n"
)


def test_tensorflows_libcudart_soname_states_its_cuda(tmp_path: Path) -> None:
    facts = [(f.key, f.name, f.value) for f in text_facts(RACING_DREAMER, "p")]
    assert ("runtime.cuda", "TensorFlow (libcudart.so.10.1)", "10.1") in facts
    found = judge(tmp_path, RACING_DREAMER, ["EC205"], load_matrix())
    assert found == [("EC205", "gpu-arch-unsupported", "error")]
    # from CUDA 11 the soname names the major only (libcudart.so.11.0 for any 11.x): no fact
    eleven = RACING_DREAMER.replace("libcudart.so.10.1", "libcudart.so.11.0")
    assert not any(f.key == "runtime.cuda" for f in text_facts(eleven, "p"))


# --- heldout57's tuning (after its scoring) --------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "/usr/local/cuda/lib64/libcudnn.so: file not recognized: File truncated",
            "cuda-library-file-truncated",
        ),
        (
            "/home/rik/trex/t-rex: symbol lookup error: /home/rik/trex/t-rex: undefined symbol: "
            "cuDevicePrimaryCtxSetFlags_v2",
            "driver-lacks-entry-point",
        ),
        (
            "The procedure entry point cuDevicePrimaryCtxReset_v2 could not be located in the "
            "dynamic link library nvcuda.dll",
            "driver-lacks-entry-point",
        ),
        (
            "But now it goes error:   Could not find 'cudart64_80.dll'. TensorFlow requires that "
            "this DLL be installed in a directory that is named in your %PATH% environment "
            "variable.",
            "windows-import-dll-failed",
        ),
        (
            "- Could not load 'cudart64_80.dll'. The GPU version of TensorFlow",
            "windows-import-dll-failed",
        ),
        ("- Could not find cuDNN 6.", "windows-import-dll-failed"),
        (
            "error: #error C++11 is required for this Thrust feature; please upgrade your compiler "
            "or pass the appropriate -std=c++XX flag to it.",
            "host-compiler-before-cxx11",
        ),
        (
            "Exception in main training loop: nvrtc: error: failed to open libnvrtc-builtins.so.",
            "nvrtc-builtins-missing",
        ),
    ],
)
def test_heldout57_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # a runtime-API symbol (cuda...) is not the driver's; nor is a library's own (cublas...)
        ("undefined symbol: cudaGraphInstantiate_v2", "driver-lacks-entry-point"),
        ("undefined symbol: cublasLtMatmul_v2", "driver-lacks-entry-point"),
        # a user library, not CUDA's
        ("/usr/lib/libfoo.so: file not recognized: File truncated", "cuda-library-file-truncated"),
    ],
)
def test_heldout57_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_the_gpu_only_as_root() -> None:
    text = (
        "I have a 1050ti in my server with proprietary nvidia drivers\n"
        "it seems torch can only access the gpu when run with sudo\n"
    )
    assert "gpu-only-as-root" in pats(text)
    # an instruction to install with sudo says nothing of who can use the GPU
    assert "gpu-only-as-root" not in pats(
        "I installed the nvidia driver with sudo apt install nvidia-driver-535 and the gpu works\n"
    )


RSTUDIO = (
    "If I start R inside a terminal, then it works fine; I get a confirmation message about "
    "using a cuda profiling library.\n"
    "However, if I run the program from inside Rstudio, it causes a crash.\n"
)


def test_works_from_a_terminal_not_in_the_ide() -> None:
    assert pats(RSTUDIO) == ["works-in-shell-not-in-ide"]
    # no IDE named: nothing to compare
    assert pats(RSTUDIO.replace("Rstudio", "cron")) == []


def test_nvidia_smi_works_in_the_container_and_cuda_does_not() -> None:
    text = (
        "I have good nvidia-smi in the docker container. But get this error.\n"
        ">>> torch.cuda.is_available()\nFalse\n"
    )
    assert "container-without-compute-capability" in pats(text)
    # no container: a host where nvidia-smi works and torch does not is another story
    host = text.replace(" in the docker container", "")
    assert "container-without-compute-capability" not in pats(host)


def test_an_issue_forms_gpu_field_names_the_nvidia_gpu() -> None:
    text = "### GPU\n\ncuda\n\n### VRAM\n\n24GB\n\n>> Using device_type CPU\n"
    assert pats(text) == ["cpu-device-chosen"]
    assert pats(text.replace("cuda", "mps")) == []


def test_tensorflows_issue_template_cuda_and_cudnn() -> None:
    text = (
        "- **TensorFlow version (use command below)**: 1.3.0rc0 GPU\n"
        "- **CUDA/cuDNN version**: 8/5.1\n"
    )
    facts = {(f.key, f.value) for f in text_facts(text, "p")}
    assert {("nvcc", "8.0"), ("cudnn", "5.1")} <= facts
    # a bare major of a CUDA with several minors is not a version
    ten = {(f.key, f.value) for f in text_facts("CUDA/cuDNN version: 10/7.6\n", "p")}
    assert ("cudnn", "7.6") in ten and not any(k == "nvcc" for k, _ in ten)


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "after a day it crashed in the middle due to low space warning on my ssd.",
            "disk-space-low-stated",
        ),
        ("the training run had no remaining space on my ssd", "disk-space-low-stated"),
        ("RuntimeError: CuDNN error: CUDNN_STATUS_SUCCESS", "cudnn-error-status-success"),
    ],
)
def test_heldout55_more_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        # GPU memory is not the disk
        ("low memory warning on my gpu", "disk-space-low-stated"),
        # Caffe's check that a status is SUCCESS names the status that failed
        (
            "Check failed: status == CUDNN_STATUS_SUCCESS (4 vs. 0)  CUDNN_STATUS_INTERNAL_ERROR",
            "cudnn-error-status-success",
        ),
    ],
)
def test_heldout55_more_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


# --- heldout58's tuning (after its scoring) --------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("  what():  clGetPlatformIDs", "opencl-no-platform"),
        (
            "  what():  OpenCL error at /kata/cpp/neuralnet/openclhelpers.cpp, func err, line 188, "
            "error CL_PLATFORM_NOT_FOUND_KHR",
            "opencl-no-platform",
        ),
        ("Number of platforms                               0", "opencl-no-platform"),
        (
            "[02:06:25.958896][error] CUDA-Enabled GPU detected, but the compute capabilities is "
            "not enough.",
            "alicevision-cc-not-enough",
        ),
        (
            "[error] This program needs a CUDA-Enabled GPU (with at least compute capability 2.0).",
            "alicevision-no-cuda-gpu",
        ),
    ],
)
def test_heldout58_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("Number of platforms                               1", "opencl-no-platform"),
        ("OpenCL: clGetPlatformIDs", "opencl-no-platform"),  # the call, before it fails
    ],
)
def test_heldout58_near_misses(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_at_least_before_the_words_is_a_floor_not_the_gpus() -> None:
    text = "[error] This program needs a CUDA-Enabled GPU (with at least compute capability 2.0).\n"
    keys = {f.key for f in text_facts(text, "p")}
    assert "gpu.cc" not in keys


def test_a_syntax_error_in_an_installed_package_with_typographic_quotes() -> None:
    text = (
        "Traceback (most recent call last):\n"
        "File “/home/juli/.local/lib/python2.7/site-packages/pycuda/compiler.py”, line 3, in\n"
        "from pytools import memoize\n"
        "File “/home/juli/.local/lib/python2.7/site-packages/pytools/init.py”, line 249\n"
        "slots: List[str] = []\n"
        "^\n"
        "SyntaxError: invalid syntax\n"
    )
    assert "package-syntax-error-python" in pats(text)
    # the reporter's own script is no installed package
    own = text.replace("/home/juli/.local/lib/python2.7/site-packages/pytools", "/home/juli/x")
    assert "package-syntax-error-python" not in pats(own)


def test_explain_keeps_a_flag_whole_and_says_how_a_commands_shm_size_is_judged() -> None:
    import subprocess
    import sys

    r = subprocess.run(
        [sys.executable, "-m", "envcheck", "explain", "EC501"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    # textwrap's default breaks at hyphens ("--shm-" / "size=256m"): not a flag a user can copy
    assert "--shm-size=256m" in r.stdout
    assert "a warning unless the" in " ".join(r.stdout.split())
