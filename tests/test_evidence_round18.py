"""Round eighteen: the general part (torch answering that CUDA is not available, off Windows,
with nothing in the text that explains it) and the tuning on this round's sealed pools. Each
with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

# A REPL session as reports paste it: the answer on the line after the call.
_REPL_FALSE = (
    "Python 3.9.7 (default, Sep 16 2021, 13:09:58)\n"
    "[GCC 7.5.0] :: Anaconda, Inc. on linux\n"
    ">>> import torch\n"
    ">>> torch.cuda.is_available()\n"
    "False\n"
)


@pytest.mark.parametrize(
    "text",
    [
        _REPL_FALSE,
        "When I install Pytorch with conda, `torch.cuda.is_available()` returns `False`.\n",
        "In [2]: torch.cuda.is_available()\nOut[2]: False\n",
        # True only as what was expected
        "torch.cuda.is_available() returns False, but it should be True\n",
    ],
)
def test_torch_without_cuda_unexplained(tmp_path: Path, text: str) -> None:
    assert pats(text) == ["torch-sees-no-cuda"]
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # a CUDA build named: the build is known, something else is wrong
        _REPL_FALSE + "torch 2.1.0+cu121\n",
        # the driver's version is there: the driver checks judge the pair
        _REPL_FALSE + "NVIDIA-SMI 410.48       Driver Version: 410.48\n",
        "my driver is 470.82 and torch.cuda.is_available() returns False\n",
        # torch sees CUDA elsewhere in the text: not a CPU build
        _REPL_FALSE + "In the base env torch.cuda.is_available() returns True.\n",
        # a GPU selection that may hide the GPUs
        "CUDA_VISIBLE_DEVICES=1 python -c 'import torch; print(torch.cuda.is_available())'\n"
        "False\n",
        # a Jetson: its own inference names the JetPack builds
        "On my Jetson Nano torch.cuda.is_available() returns False\n",
        # the answer is True
        ">>> torch.cuda.is_available()\nTrue\n",
    ],
)
def test_torch_without_cuda_near_misses(text: str) -> None:
    assert "torch-sees-no-cuda" not in pats(text)


def test_torch_without_cuda_yields_to_a_finding(tmp_path: Path) -> None:
    # the log already names the cause (a driver too old): the general warning stays out
    text = _REPL_FALSE + (
        "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old "
        "(found version 10010).\n"
    )
    assert "torch-sees-no-cuda" not in pats(text)


# heldout31's tuning: builds without GPU support (faiss in Python 2's words, OpenCV,
# TensorFlow), the driver's video libraries (libnvcuvid), Kaldi's host-compiler refusal, a
# driver floor said "and later", a report naming only another vendor's GPU, and TensorFlow
# named as the framework that fails.


@pytest.mark.parametrize(
    "text, want",
    [
        # Python 2's wording of faiss' missing GPU classes
        (
            "AttributeError: 'module' object has no attribute 'StandardGpuResources'\n",
            ["faiss-cpu-build"],
        ),
        (
            "AttributeError: 'module' object has no attribute 'index_cpu_to_all_gpus'\n",
            ["faiss-cpu-build"],
        ),
        (
            "cv2.error: OpenCV(4.5.1) error: (-216:No CUDA support) The library is compiled "
            "without CUDA support in function 'throw_no_cuda'\n",
            ["opencv-without-cuda"],
        ),
        (
            "int count = Cv2Gpu.GetCudaEnabledDeviceCount();\n\nit always returns 0.\n",
            ["opencv-without-cuda"],
        ),
        ("print(cv2.cuda.getCudaEnabledDeviceCount()) returns 0\n", ["opencv-without-cuda"]),
        ("Device mapping: no known devices.\n", ["tf-no-known-devices"]),
        (
            "ImportError: /opt/nvvl/lib/libnvvl.so: undefined symbol: cuvidGetDecoderCaps\n",
            ["nvcuvid-symbol-missing"],
        ),
        (
            "[h264_cuvid @ 0x1ec8780] Cannot load libnvcuvid.so.1\n",
            ["nvcuvid-not-loaded"],
        ),
        (
            'Assert on "lib_handle_" failed: Failed to load libnvcuvid.so, needed by the '
            "VideoReader operator.\n",
            ["nvcuvid-not-loaded"],
        ),
        (
            "***configure failed: CUDA 9_1 does not support g++ (g++-7).\n",
            ["nvcc-unsupported-host-compiler"],
        ),
    ],
)
def test_round18_messages(text: str, want: list) -> None:
    assert pats(text) == want


@pytest.mark.parametrize(
    "text",
    [
        # faiss with its GPU classes, used; another module's missing attribute
        "res = faiss.StandardGpuResources()\n",
        "AttributeError: 'module' object has no attribute 'IndexHNSWFlat2'\n",
        # OpenCV's arch-list message is not a build without CUDA (EC901 judges it)
        "error: (-216:No CUDA support) OpenCV was not built to work with the selected device. "
        "Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN in your build configuration.\n",
        "cv2.cuda.getCudaEnabledDeviceCount() returns 2\n",
        # TensorFlow mapping a GPU
        "Device mapping:\n/job:localhost/replica:0/task:0/device:GPU:0 -> device: 0\n",
        # libnvcuvid found, and another symbol missing
        "libnvcuvid.so.1 => /usr/lib/x86_64-linux-gnu/libnvcuvid.so.1\n",
        "undefined symbol: cudnnCreate\n",
        "CUDA 11.8 supports g++ 11\n",
    ],
)
def test_round18_near_misses(text: str) -> None:
    got = set(pats(text))
    assert not got & {
        "faiss-cpu-build",
        "opencv-without-cuda",
        "tf-no-known-devices",
        "nvcuvid-symbol-missing",
        "nvcuvid-not-loaded",
        "nvcc-unsupported-host-compiler",
    }


_MAC_RADEON = (
    "It is running for more than 30 minutes on my MacBookPro (2.3GHz, 8 Core, Radeon Pro "
    "560X 4GB, Intel UHD Graphics 630 1536 MB)\nI have installed the gpu version of fastai.\n"
)


def test_only_another_vendors_gpu(tmp_path: Path) -> None:
    assert pats(_MAC_RADEON) == ["no-nvidia-gpu-named"]
    assert judge(tmp_path, _MAC_RADEON, ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]
    form = "Are you using a GPU?\n- [ ] No. CPU FTW\n- [ ] NVIDIA\n- [ ] AMD\n- [+] Intel\n"
    form += "CUDA failed\n"
    assert "no-nvidia-gpu-named" in pats(form)


@pytest.mark.parametrize(
    "text",
    [
        # an NVIDIA GPU named too: the machine has one
        _MAC_RADEON + "The server has an RTX 3090.\n",
        _MAC_RADEON.replace("MacBookPro", "eGPU box with a GeForce GTX 1080"),
        # another vendor's stack is the subject
        "Radeon RX 7600 GPU: the op is not supported on the DML backend and falls back to CPU\n",
        "ROCm 6.0 on a Radeon RX 7900 XTX: the GPU is not found\n",
        "PyTorch MPS on Apple M2: the GPU is slow\n",
        # no GPU or CUDA wanted
        "Intel UHD Graphics 630 drives the display\n",
        # the form's unticked boxes name nothing
        "Are you using a GPU?\n- [ ] NVIDIA\n- [ ] AMD\n- [ ] Intel\nCUDA failed\n",
    ],
)
def test_only_another_vendors_gpu_near_misses(text: str) -> None:
    assert "no-nvidia-gpu-named" not in pats(text)


def test_driver_floor_said_and_later(tmp_path: Path) -> None:
    # and its near miss: a floor with no host driver stated judges nothing
    assert judge(tmp_path, "Nvidia driver 546.33 and later is supported\n", ["EC108"]) == []
    text = (
        "Nvidia nvencode support for v1.7.x with Nvidia driver 535.x on Ubuntu\n"
        "The docs state only Nvidia driver 546.33 and later is supported but the latest Nvidia "
        "driver on Ubuntu/Linux is only 535.x.\n"
    )
    assert judge(tmp_path, text, ["EC108"]) == [("EC108", "driver-too-old", "error")]


_TF_FAILS = (
    "pytorch can use GPU, but tensorflow 2.16.1 couldn't use the nvidia GPU.\n"
    "W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] Cannot dlopen some GPU "
    "libraries. Please make sure the missing libraries mentioned above are installed properly "
    "if you would like to use GPU.\n"
    ">>> import torch\n"
)


def test_tensorflow_named_as_the_framework_that_fails(tmp_path: Path) -> None:
    # torch works, TensorFlow is the one the report is about: its failure is the error
    assert judge(tmp_path, _TF_FAILS, ["EC906"]) == [("EC906", "cuda-libs-mismatch", "error")]
    # the same notice in a job that trains with torch stays a side note
    side = _TF_FAILS.replace("but tensorflow 2.16.1 couldn't use the nvidia GPU", "fine")
    assert judge(tmp_path, side, ["EC906"]) == [("EC906", "cuda-libs-mismatch", "info")]


# heldout32's tuning: NVML's function-not-found, a cuDNN floor retold, macOS's dyld for a CUDA
# library of another release, torch "compiled without CUDA" retold, TensorFlow 1.x's CPU package.


@pytest.mark.parametrize(
    "text, want",
    [
        (
            "RuntimeError: nvml error: 13 Local version of NVML doesn't implement this function\n",
            ["nvml-function-not-found"],
        ),
        ("pynvml.NVMLError_FunctionNotFound: Function Not Found\n", ["nvml-function-not-found"]),
        (
            "To use the Tensorflow object detection API, CuDNN version 8.1 is required but only "
            "version 8.0.5 is loaded.\n",
            ["cudnn-required-but-loaded"],
        ),
        ("dyld: Library not loaded: @rpath/libcublas.8.0.dylib\n", ["cuda-lib-missing"]),
        (
            'When I run it I get an error saying "Pytorch compiled without CUDA".\n',
            ["torch-not-compiled-with-cuda"],
        ),
    ],
)
def test_round18_heldout32_messages(text: str, want: list) -> None:
    assert pats(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "nvml error: 130\n",
        "NVML initialised; driver 550.54.15\n",
        "cuDNN version 8.1 is required\n",  # a floor alone: nothing loaded is named
        "dyld: Library not loaded: @rpath/libpython3.9.dylib\n",
        "torch compiled with CUDA 12.1\n",
    ],
)
def test_round18_heldout32_near_misses(text: str) -> None:
    assert not set(pats(text)) & {
        "nvml-function-not-found",
        "cudnn-required-but-loaded",
        "cuda-lib-missing",
        "torch-not-compiled-with-cuda",
    }


_TF1_REQ = (
    "Does not use GPU\n"
    "I noticed that `requirements.txt` only contains `tensorflow==1.12.0` not "
    "`tensorflow-gpu==1.12.0`.\n"
)


def test_tensorflow1_cpu_package(tmp_path: Path) -> None:
    assert pats(_TF1_REQ) == ["tensorflow1-cpu-package"]
    assert judge(tmp_path, _TF1_REQ, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]
    listed = "tensorflow           1.14.0\nThe GPU is not used\n"
    assert pats(listed) == ["tensorflow1-cpu-package"]


@pytest.mark.parametrize(
    "text",
    [
        # the GPU package is there
        "tensorflow==1.12.0\ntensorflow-gpu==1.12.0\nthe GPU is not used\n",
        # 1.15 and 2.x: `tensorflow` carries the GPU build
        "tensorflow==1.15.0\nthe GPU is not used\n",
        "tensorflow==2.4.1\nthe GPU is not used\n",
        # nothing about the GPU
        "tensorflow==1.12.0\nImportError: cannot import name 'contrib'\n",
        # TensorFlow shown creating its GPU device
        "tensorflow==1.12.0\nCreated TensorFlow device (/job:localhost/replica:0/task:0/"
        "device:GPU:0 with 10761 MB memory)\n",
        # tensorflow-probability pinned, not tensorflow
        "tensorflow-probability==0.7\nGPU not used\n",
    ],
)
def test_tensorflow1_cpu_package_near_misses(text: str) -> None:
    assert "tensorflow1-cpu-package" not in pats(text)


# heldout33's tuning: the NVIDIA kernel module not built for the running kernel (DKMS and
# akmods failures, the kernel's compiler, a kernel update that broke the driver), and CuPy's
# note on a locally installed runtime it does not need.


@pytest.mark.parametrize(
    "text",
    [
        "make[2]: *** [scripts/Makefile.build:252: /var/lib/dkms/nvidia/535.98/build/nvidia/"
        "nv-i2c.o] Error 1\n",
        "Building and installing nvidia-kmod [FAILED]\n",
        "ERROR: modpost: GPL-incompatible module nvidia.ko uses GPL-only symbol 'rcu_read_lock'\n",
        "Unable to build kernel module for the 6.7.3 kernel.\n",
        "34900: The GCC used for the compiling the kernel, 11.1.1, is different from the current "
        "GCC version 11.2.1.\n",
        "GCC got updated to GCC 10.1, while the kernel is still compiled with GCC 9.\n",
    ],
)
def test_kernel_module_not_built(text: str) -> None:
    assert pats(text) == ["dkms-build-failed"]


@pytest.mark.parametrize(
    "text",
    [
        "Fedora 31 - nvidia driver not loading - kernel 5.3.12\nDoes anyone else have problems "
        "after getting the 5.3.12 kernel?\n",
        "With the recent 4.9.3 kernel update my system fails to get into GDM (nvidia-driver "
        "340.101).\n",
        "The only way to get X working is to load the 5.19.16-200 kernel instead of the 6.0.5 "
        "kernel and install the Nvidia 470.141.03 drivers.\n",
    ],
)
def test_kernel_update_lost_the_driver(tmp_path: Path, text: str) -> None:
    assert pats(text) == ["kernel-update-lost-driver"]
    assert judge(tmp_path, text, ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # no NVIDIA in the text
        "After the kernel update my wifi stopped working\n",
        # a kernel mentioned, nothing changed
        "Kernel: 6.8.0-49-generic\nNVIDIA driver 550.54.15\n",
        "make[1]: *** [Makefile:219: _out/dp_auxretry.o] Error 127\n",  # not DKMS's tree
        "dkms status: nvidia/550.54.15, 6.8.0-49-generic, x86_64: installed\n",
    ],
)
def test_kernel_module_near_misses(text: str) -> None:
    assert not set(pats(text)) & {"dkms-build-failed", "kernel-update-lost-driver"}


def test_cupy_linked_runtime_note_is_not_a_missing_library() -> None:
    line = (
        "CUDA Runtime Version         : 13000 (linked to CuPy) / RuntimeError('CuPy failed to "
        "load libcudart.so.13: OSError: libcudart.so.13: cannot open shared object file: No such "
        "file or directory') (locally installed)\n"
    )
    assert "cuda-lib-missing" not in pats(line)
    # the same library missing outside that report is still one
    assert "cuda-lib-missing" in pats(
        "OSError: libcudart.so.13: cannot open shared object file: No such file or directory\n"
    )


def test_kernel_update_yields_to_what_already_says_why() -> None:
    # a DKMS failure in the same text names the cause: the kernel update adds nothing
    text = (
        "After the kernel update to 6.8 the nvidia driver is gone.\n"
        "Error! Bad return status for module build on kernel: 6.8.0-49-generic (x86_64)\n"
    )
    found = pats(text)
    assert "dkms-build-failed" in found and "kernel-update-lost-driver" not in found
    # without the DKMS line the kernel update is the evidence
    assert pats(text.split("\n")[0] + "\n") == ["kernel-update-lost-driver"]
