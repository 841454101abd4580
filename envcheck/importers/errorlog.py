"""Well-known error messages in logs and pasted reports -> ``snapshot.error_log`` entries.

Each entry is ``{"pattern": <id>, "line": <the log line>, "file": <file name>}``. The pattern
table below is the single source of truth: the check family ``envcheck.checks.errorlog``
turns each entry into a Finding of the pattern's category, severity and fix.

Patterns are tried in order and the first match wins, so the specific ones come first
(an NCCL shared-memory failure is ``shm-too-small``, not a generic NCCL error).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Pattern, Tuple

MAX_ENTRIES = 200  # per snapshot
MAX_PER_PATTERN = 20
MAX_LINE = 400


@dataclass(frozen=True)
class ErrorPattern:
    id: str
    regex: Pattern[str]
    category: str
    severity: str
    title: str
    fix: str


def _p(pid: str, rx: str, category: str, severity: str, title: str, fix: str) -> ErrorPattern:
    return ErrorPattern(pid, re.compile(rx, re.I), category, severity, title, fix)


_UPGRADE_FRAMEWORK = (
    "Install a framework build whose compiled architectures include this GPU (for PyTorch on "
    "Blackwell sm_120/sm_100: a cu128 or newer build, e.g. `pip install torch --index-url "
    "https://download.pytorch.org/whl/cu128`); `envcheck matrix recommend --gpu NAME` lists them."
)
_DRIVER_OLD = (
    "Either upgrade the NVIDIA driver to at least the minimum for the framework's CUDA version, "
    "or install the framework build made for an older CUDA (e.g. torch `cu118`); "
    "`envcheck matrix driver <version>` shows what a driver can run."
)

PATTERNS: List[ErrorPattern] = [
    # --- GPU architecture not in the build -------------------------------------------------
    _p(
        "sm-not-compatible",
        r"CUDA capability sm_\d+ is not compatible with the current PyTorch installation",
        "gpu-arch-unsupported",
        "error",
        "the GPU's architecture is not compiled into this PyTorch build",
        _UPGRADE_FRAMEWORK,
    ),
    _p(
        "gpu-too-old-for-pytorch",
        r"PyTorch no longer supports this GPU because it is too old",
        "gpu-arch-unsupported",
        "error",
        "the GPU is older than the oldest architecture this PyTorch build supports",
        "Use an older PyTorch release (or one built from source) that still supports this "
        "compute capability, or a newer GPU; `envcheck matrix recommend --gpu NAME` lists builds.",
    ),
    _p(
        "gpu-below-library-minimum-cc",
        r"too old to be supported by the [\w\s-]{0,40}?compiler|"
        r"only supports devices of CUDA Capability\s*>=?\s*\d+\.\d|"
        r"(?:gpus?|devices?) (?:with|of) (?:cuda |compute )?capability (?:below|under|less than|"
        r"lower than|<)\s*\d+\.\d+ (?:is|are) not supported|"
        r"GPU with CUDA (?:is )?capability \d+ \d+ is not supported|"
        r"(?:must be run on|requires?) an? (?:machine|gpu|device) with compute capability (?:of )?"
        r"at least \d+(?:\.\d)?|"
        r"Could not find (?:a )?compatible \w+ (?:extension|kernels?|binar(?:y|ies)) for compute "
        r"capability \d+",
        "gpu-arch-unsupported",
        "error",
        "the GPU is below the minimum compute capability of a library the job uses",
        "The message names the library's minimum (Triton, which vLLM and torch.compile use, "
        "needs compute capability >= 7.0): use a GPU at or above it, or run without that "
        "backend (vLLM: a release/backend that supports this GPU; torch: eager mode instead of "
        "torch.compile).",
    ),
    # --- round three: message families the heldout2 misses showed -------------------------
    _p(
        "tf-gpu-below-minimum-cc",
        r"Ignoring visible gpu device .{0,200}?with Cuda compute capability \d+\.\d+\.?\s*The "
        r"minimum required Cuda capability is \d+\.\d+",
        "gpu-arch-unsupported",
        "error",
        "TensorFlow ignores the GPU: its compute capability is below this build's minimum",
        "Use a TensorFlow release (or a source build) that still supports this compute "
        "capability, or a GPU at or above the minimum the message names.",
    ),
    _p(
        "nvidia-docker-v1-cuda-too-new",
        r"unsupported CUDA version: driver \d+\.\d+ < image \d+\.\d+",
        "driver-too-old",
        "error",
        "the image needs a newer CUDA than the host driver runs (nvidia-docker)",
        _DRIVER_OLD,
    ),
    _p(
        "deepspeed-cuda-mismatch",
        r"Installed CUDA version [\d.]+ does not match the version torch was compiled with "
        r"[\d.]+",
        "toolkit-mismatch",
        "error",
        "the system CUDA toolkit does not match the CUDA torch was built with (DeepSpeed)",
        "Point CUDA_HOME at a toolkit with the same major version as torch.version.cuda, or "
        "install the torch build matching the system toolkit.",
    ),
    _p(
        "xformers-built-for-cpu-torch",
        r"xFormers was built for:?\s*PyTorch \S+[^()]{0,40}\(you have [\w.]+\+cpu\)",
        "cpu-only-build",
        "error",
        "a CPU-only torch is installed (xFormers was built for a CUDA torch)",
        "Install the CUDA build of torch the extension was built for (from the PyTorch index, "
        "e.g. `pip install torch==X --index-url https://download.pytorch.org/whl/cu121`).",
    ),
    _p(
        "xformers-built-for-other-torch",
        r"xFormers was built for:?\s*PyTorch \S+[^()]{0,40}\(you have [\w.+]+\)",
        "framework-pairing",
        "error",
        "xFormers was built for another torch release than the installed one",
        "Install the xformers release built for the installed torch (same index URL/CUDA as "
        "torch; `pip install xformers --index-url https://download.pytorch.org/whl/cuXXX`), or "
        "the torch version the message says xformers was built for.",
    ),
    _p(
        "cuda-lib-symbol-version",
        r"symbol \w+,? version lib(?:cudart|cublas\w*|cudnn\w*|cusparse|cufft|curand|cusolver"
        r"|nvrtc|nvJitLink|nccl|cuda)\.so[\d.]* not defined in file",
        "cuda-libs-mismatch",
        "error",
        "a CUDA library older than the one the module was built against is loaded",
        "An older copy of the library is found first (a conda cudatoolkit, a system toolkit on "
        "LD_LIBRARY_PATH): install the CUDA libraries the package was built for (the same CUDA "
        "minor or newer), or remove the older copy from the loader path.",
    ),
    _p(
        "bitsandbytes-cpu-build",
        r"compiled without GPU support|libbitsandbytes_cpu\.so|"
        r"CUDA Setup failed despite GPU being available",
        "cpu-only-build",
        "warning",
        "bitsandbytes loaded its CPU library (no CUDA build found for this setup)",
        "Install a bitsandbytes release with CUDA binaries for this CUDA version and platform "
        "(`pip install -U bitsandbytes`; on Windows a release >= 0.43), and check that torch is "
        "a CUDA build; `python -m bitsandbytes` prints what it found.",
    ),
    _p(
        "mmcv-ops-without-cuda",
        r"implementation for device cuda(?::\d+)? not found",
        "cpu-only-build",
        "error",
        "mmcv's compiled ops have no CUDA implementation (a CPU-only mmcv build)",
        "Install the mmcv build made for the installed torch and CUDA (mim install mmcv, or the "
        "wheel index for torch X / cuXY), not the CPU or 'lite' one; `python -c 'import mmcv.ops'` "
        "then `mmcv.ops.get_compiling_cuda_version()` tells.",
    ),
    _p(
        "torch-c-no-cuda-attr",
        r"has no attribute '_cuda_\w+'",
        "cpu-only-build",
        "error",
        "torch has no CUDA functions: a CPU-only build is installed",
        "Uninstall the CPU build and install a CUDA build: `pip uninstall -y torch` then "
        "`pip install torch --index-url https://download.pytorch.org/whl/cu<XY>`.",
    ),
    _p(
        "onnxruntime-no-cuda-provider",
        r"Specified provider 'CUDAExecutionProvider' is not in available provider names|"
        r"CUDA ?execution ?provider is not available",
        "cpu-only-build",
        "warning",
        "ONNX Runtime has no CUDA execution provider (the CPU package, or the GPU one cannot "
        "load CUDA/cuDNN)",
        "Install only onnxruntime-gpu (uninstall onnxruntime: both own the same module), in the "
        "release built for this CUDA and cuDNN major; `onnxruntime.get_available_providers()` "
        "must list CUDAExecutionProvider.",
    ),
    _p(
        "torchvision-operator-missing",
        r"(?:No such operator|operator) torchvision::\w+(?: does not exist)?",
        "framework-pairing",
        "error",
        "torchvision's compiled operators are missing: it was built for another torch",
        "Install the torchvision release paired with the installed torch from the same index "
        "URL (the same CUDA build).",
    ),
    _p(
        "cpu-torch-stated",
        r"\b(?:py)?torch\b[^.\n]{0,40}?(?:cpu版本|cpu ?-?only (?:version|build|wheel)|"
        r"(?:the |a )?cpu (?:version|build|wheel)\b)|"
        r"\bcpu(?: ?-?only)? (?:version|build|wheel) of (?:py)?torch\b",
        "cpu-only-build",
        "warning",
        "the text says the CPU build of torch was installed",
        "Install the CUDA build from the PyTorch index (`pip install torch --index-url "
        "https://download.pytorch.org/whl/cu<XY>`); a requirements file that names plain "
        "`torch` gets the CPU build on Windows.",
    ),
    _p(
        "cudnn-missing-stated",
        r"\b(?:lib)?cudnn\b(?:[^.\n]|\.\w){0,60}?(?:(?:is |are )?not (?:be )?(?:installed|found)|"
        r"\bmissing\b|"
        r"(?:don't|do not|doesn't|does not) (?:seem to )?(?:have|exist))|"
        r"(?:don't|do not|doesn't) (?:seem to )?have[^.\n]{0,30}?\b(?:lib)?cudnn\b",
        "cuda-libs-mismatch",
        "warning",
        "the text says cuDNN is missing",
        "Install the cuDNN the framework was built with (its tested configuration names it) "
        "for the CUDA in use, and put it on LD_LIBRARY_PATH (or load its module on a cluster).",
    ),
    _p(
        "paddle-cpu-build",
        r"You are using paddlepaddle cpu version|PaddlePaddle is not compiled with CUDA|"
        r"Cannot use GPU because you have installed CPU version of PaddlePaddle",
        "cpu-only-build",
        "error",
        "the CPU build of PaddlePaddle is installed (or shadows the GPU build)",
        "Uninstall `paddlepaddle` and keep only `paddlepaddle-gpu` (both install the same "
        "`paddle` package, so the CPU one can shadow the GPU one): `pip uninstall -y "
        "paddlepaddle paddlepaddle-gpu && pip install paddlepaddle-gpu==<version>`.",
    ),
    _p(
        "tensorrt-engine-version",
        r"Version tag does not match|engine plan file is not compatible with this version of "
        r"TensorRT|expecting library version [\d.]+ got [\d.]+",
        "cuda-libs-mismatch",
        "error",
        "the TensorRT engine was built with another TensorRT version than the one loaded",
        "Rebuild the engine (plan) with the TensorRT the runtime loads, or load the TensorRT "
        "it was built with; check LD_LIBRARY_PATH on both sides (a TensorRT engine is tied to "
        "the exact TensorRT version and GPU it was built on).",
    ),
    _p(
        "torch-companion-lib-missing",
        r"libtorch\w*\.so: cannot open shared object file|"
        r"(?:torchaudio|torchvision|torchtext)\W[^\n]{0,80}?undefined symbol",
        "framework-pairing",
        "error",
        "a torch companion (torchaudio, torchvision) was built for another torch release",
        "Install the torchaudio / torchvision release made for the installed torch (same "
        "version pairing and index URL as torch), or the torch they were built for.",
    ),
    _p(
        "torchvision-ops-not-loaded",
        r"Couldn't load custom C\+\+ ops\. This can happen if your PyTorch and torchvision "
        r"versions are incompatible",
        "framework-pairing",
        "error",
        "torchvision's compiled ops do not load: it was built for another torch",
        "Install the torchvision release paired with the installed torch, from the same index "
        "(a nightly torch needs a nightly torchvision of the same date).",
    ),
    _p(
        "python-32bit",
        r"\bPython3?\d{1,2}-32\b|\b32[- ]bit Python\b|\[MSC v\.\d+ 32 bit \(Intel\)\]",
        "python-unsupported",
        "warning",
        "a 32-bit Python: PyTorch, TensorFlow and JAX publish 64-bit wheels only",
        "Install a 64-bit Python (python.org's 'Windows installer (64-bit)', or conda) and "
        "reinstall the framework in it.",
    ),
    _p(
        "mkl-ijit-symbol",
        r"undefined symbol: iJIT_NotifyEvent",
        "framework-pairing",
        "error",
        "torch's conda build meets an MKL release it was not built with (mkl >= 2024.1)",
        "Pin MKL below 2024.1 in the environment (`conda install 'mkl<2024.1'`), or install "
        "torch from pip wheels, which bundle their own MKL.",
    ),
    _p(
        "pip-framework-pin-conflict",
        r"\b[\w.-]+ [\w.+]+ requires (?:torch|tensorflow|jax|jaxlib|keras)\s*(?:==|>=|<=|~=|<|>)"
        r"\s*[\w.+*]+(?:,\s*[<>=!~]+\s*[\w.+*]+)*, but you have (?:torch|tensorflow|jax|jaxlib"
        r"|keras) [\w.+]+ which is incompatible",
        "framework-pairing",
        "warning",
        "pip reports an installed package built for a different framework version",
        "Install the companion packages released with the installed framework (for torch: the "
        "torchvision/torchaudio/xformers versions made for it, from the same index URL), or pin "
        "the framework to the version they require.",
    ),
    _p(
        "framework-version-skew",
        r"jaxlib version [\d.]+ is (?:newer than and )?incompatible with jax version|"
        r"jaxlib is version [\d.]+, but this version of jax requires|"
        r"MMCV==[\w.]+ is used but incompatible|"
        r"Keras requires TensorFlow [\d.]+ or higher",
        "framework-pairing",
        "error",
        "two packages of the framework stack are versions that do not work together",
        "Install the versions released together (jax with its matching jaxlib; mmcv in the "
        "range mmdet names; keras with the TensorFlow it requires).",
    ),
    _p(
        "cudnn9-libs-missing",
        r"Unable to load any of \{libcudnn\w*\.so|Could not load library libcudnn\w*\.so[.\d]*",
        "cuda-libs-mismatch",
        "error",
        "a cuDNN library the program needs cannot be loaded",
        "Install the cuDNN major version the program was built for (pip `nvidia-cudnn-cu12` for "
        "cuDNN 9, or cuDNN 8 for older builds) and make it findable (LD_LIBRARY_PATH).",
    ),
    _p(
        "cudnn-dll-not-found",
        r"(?:Could not load library|Please make sure) cudnn\w*64_\d+\.dll|"
        r"(?:cudnn64_\d+\.dll|libcudnn(?:_\w+)?\.so\.\d+)[^\n]{0,40}?(?:not found|is missing|"
        r"cannot be found|could not be found|找不到|不存在)|"
        r"(?:找不到|cannot find|can't find|could not find|couldn't find)\s*[`'\"]?"
        r"(?:cudnn64_\d+\.dll|libcudnn(?:_\w+)?\.so\.\d+)",
        "cuda-libs-mismatch",
        "error",
        "the cuDNN major the framework needs is not installed",
        "Install the cuDNN major the library names (cudnn64_8.dll / libcudnn.so.8 is cuDNN 8) "
        "for the CUDA the framework was built with, and put it on PATH / LD_LIBRARY_PATH.",
    ),
    _p(
        "windows-dll-not-found",
        r"0xC0000135|-1073741515|STATUS_DLL_NOT_FOUND",
        "cuda-libs-mismatch",
        "warning",
        "a Windows program exited because a DLL it needs is missing (often the CUDA runtime "
        "DLLs of another CUDA version)",
        "Install the CUDA runtime the build was made for (a cuda117 build needs the CUDA 11.7 "
        "DLLs such as cudart64_110.dll / cublas64_11.dll), or use the build for the CUDA you "
        "have.",
    ),
    _p(
        "torch-cpu-build-shown",
        r"\btorch[-= ]{1,3}\d+\.\d+(?:\.\d+)?\+cpu\b|__version__\W{0,8}\d+\.\d+(?:\.\d+)?\+cpu\b|"
        r"^\W{0,3}\d+\.\d+\.\d+\+cpu\W{0,3}$",
        "cpu-only-build",
        "warning",
        "a CPU-only PyTorch build (+cpu) is installed",
        "If the job should use the GPU, install a CUDA build: `pip uninstall -y torch` then "
        "`pip install torch --index-url https://download.pytorch.org/whl/cu<XY>`.",
    ),
    _p(
        "jax-kernel-dso-mismatch",
        r"kernel version [\d.]+ does not match DSO version [\d.]+",
        "driver-library-mismatch",
        "error",
        "the loaded NVIDIA kernel module and the user-space driver library differ",
        "Reboot (or unload and reload the nvidia modules) so the kernel module matches the "
        "installed driver libraries, or reinstall one driver version throughout.",
    ),
    _p(
        "dev-nvidia-missing",
        r"(?:adding custom device|stat(?: failed)?:?|open(?: failed)?:?|mount(?:ing)?)\s*\"?"
        r"/dev/nvidia(?:\d+|ctl|-uvm(?:-tools)?|-modeset)\"?\s*:\s*no such file or directory",
        "driver-not-loaded",
        "error",
        "the NVIDIA device files (/dev/nvidia*) do not exist: the driver is not loaded",
        "Load the driver (`modprobe nvidia nvidia_uvm`; after a kernel upgrade rebuild the "
        "module with DKMS or reinstall the driver for the running kernel) and check `ls "
        "/dev/nvidia*`.",
    ),
    _p(
        "conda-framework-python-spec",
        r"-\s*(?:tensorflow(?:-gpu)?|pytorch|torch|jax|jaxlib|keras)==[\d.]+\s*->\s*"
        r"python\[version=",
        "python-unsupported",
        "error",
        "conda says the framework version has no build for this Python",
        "Create the environment with a Python the framework release supports (the versions "
        "conda lists after `python[version=`), or use a newer framework release.",
    ),
    _p(
        "iommu-dma-fault",
        r"DMAR: \[DMA (?:Read|Write)\] Request device \[[\da-f:.]+\] fault addr",
        "nccl-problem",
        "warning",
        "the IOMMU (DMAR) blocks device DMA: GPU peer-to-peer traffic faults",
        "With the IOMMU on, GPU peer-to-peer copies fault and collectives hang: disable it "
        "(`intel_iommu=off` or `iommu=pt` on the kernel command line) or disable PCI ACS, or "
        "run with NCCL_P2P_DISABLE=1.",
    ),
    _p(
        "semlock-no-space",
        r"SemLock\b.{0,300}?No space left on device",
        "shm-too-small",
        "error",
        "multiprocessing cannot create a semaphore: /dev/shm is full or too small",
        "Raise the container's /dev/shm (`docker run --shm-size=8g` or `--ipc=host`) and "
        "check `df -h /dev/shm`.",
    ),
    _p(
        "gpu-below-minimum-cc-stated",
        r"\b(?:nothing|no gpus?|no devices?|gpus?|devices?|cards?)\s+(?:with\s+)?(?:under|below|"
        r"less than|lower than|older than)\s+(?:cuda\s+)?compute(?:\s+capability)?\s*\d+\.\d"
        r"[^.\n]{0,30}?(?:can(?:not|'t)? be used|(?:is|are)(?: not|n't) supported|unsupported)",
        "gpu-arch-unsupported",
        "warning",
        "the text says the GPU is below a minimum compute capability",
        "Compare the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`) with the minimum the text names; below it, use a supported GPU or a "
        "release of the software that still supports this architecture.",
    ),
    # Messages whose own reading of the GPU can be wrong (an old cudart found first reports
    # compute capability 1.0 for an RTX 3090; a llama.cpp build regression compiles for sm_52
    # only): a warning, the GPU's own facts decide.
    _p(
        "invalid-device-function",
        r"invalid device function|cudaErrorInvalidDeviceFunction|cuda runtime error \(8\)",
        "gpu-arch-unsupported",
        "warning",
        "a kernel has no code for this GPU ('invalid device function')",
        "The binary (framework wheel, extension) was not compiled for this GPU's architecture "
        "and has no PTX the driver can compile for it: install a build that lists the GPU's "
        "sm_XY, or rebuild with TORCH_CUDA_ARCH_LIST including its compute capability.",
    ),
    _p(
        "nvrtc-unsupported-arch",
        r"nvrtc: error: invalid value for --gpu-architecture|"
        r"NVRTC_ERROR_INVALID_OPTION[^\n]{0,80}?(?:arch|gpu-architecture)",
        "gpu-arch-unsupported",
        "error",
        "the runtime compiler (NVRTC) the program ships is older than this GPU's architecture",
        "Use a build or image whose CUDA (and NVRTC) knows the GPU (Blackwell needs CUDA 12.8 or "
        "newer); the host driver alone cannot fix an old NVRTC inside the image.",
    ),
    _p(
        "no-nvidia-gpu-stated",
        r"\b(?:only (?:have|has) an?|using an?|i have an?|with an?)\s+(?:integrated\s+)?"
        r"(?:intel|amd)\b[^.\n]{0,30}?\b(?:gpu|graphics)\b|"
        r"\b(?:don't|do not|doesn't) have an? nvidia (?:gpu|graphics card|card)\b",
        "driver-not-loaded",
        "warning",
        "the text says the machine has no NVIDIA GPU",
        "CUDA builds need an NVIDIA GPU and driver: on a machine with an Intel or AMD GPU only, "
        "install the CPU build (or the framework's DirectML / ROCm / XPU build) instead.",
    ),
    _p(
        "ggml-no-device-code",
        r"has no device code compatible with CUDA arch \d+",
        "gpu-arch-unsupported",
        "warning",
        "the llama.cpp / ggml build has no kernels for this GPU's architecture",
        "Rebuild llama.cpp (or the package bundling it: llama-cpp-python, ollama) with the GPU's "
        "architecture (CMAKE_CUDA_ARCHITECTURES=86 for an RTX 30xx), or install a build made "
        "for it; the message's 'compiled for' list names what the build has.",
    ),
    _p(
        "gpu-too-old-detected",
        r"CUDA GPU is too old|GPU is too old\W{0,3}\s*(?:Falling back|Compute Capability detected)",
        "gpu-arch-unsupported",
        "warning",
        "the program found the GPU's compute capability below its minimum and uses the CPU",
        "Check the GPU's real compute capability (`nvidia-smi --query-gpu=compute_cap "
        "--format=csv`): if it is below the program's minimum, use a build that supports it or "
        "another GPU; if the detected value is wrong (1.0), the program loaded a foreign cudart "
        "(e.g. PhysX's) - remove it from PATH or upgrade the program.",
    ),
    _p(
        "no-kernel-image",
        r"no kernel image is available for execution|"
        r"cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU",
        "gpu-arch-unsupported",
        "error",
        "no kernel image for this GPU in the installed build",
        _UPGRADE_FRAMEWORK,
    ),
    _p(
        "nvcc-unsupported-arch",
        r"nvcc fatal\s*:\s*Unsupported gpu architecture|Unsupported gpu architecture "
        r"'(?:compute|sm)_\d+a?'|"
        r"'sm_\d+' is not a recognized processor for this target",
        "toolkit-mismatch",
        "error",
        "the CUDA compiler is too old for this GPU architecture",
        "Build extensions with a CUDA toolkit that supports the GPU (Blackwell needs CUDA "
        ">= 12.8), or set TORCH_CUDA_ARCH_LIST to architectures this nvcc knows.",
    ),
    _p(
        "cuda-version-mismatch-extension",
        r"The detected CUDA version \([\d.]+\) mismatches the version that was used to compile "
        r"PyTorch",
        "toolkit-mismatch",
        "error",
        "the system nvcc does not match the CUDA PyTorch was built with",
        "Point CUDA_HOME at a toolkit with the same major.minor as torch.version.cuda, or "
        "install the torch build matching the system toolkit.",
    ),
    _p(
        "nvcc-unsupported-host-compiler",
        r"unsupported GNU version! gcc versions later than \d+ are not supported|"
        r"\bgcc versions? later than \d+(?:\.\d+)? (?:are|is) not supported|"
        r"unsupported (?:clang|Microsoft Visual Studio) version",
        "toolkit-mismatch",
        "error",
        "the host C++ compiler is newer than this CUDA toolkit supports",
        "Build with a gcc this nvcc supports (e.g. `CC=gcc-11 CXX=g++-11`, or `conda install "
        "gxx=11`), or use a newer CUDA toolkit.",
    ),
    # --- driver too old -------------------------------------------------------------------
    _p(
        "driver-too-old-found-version",
        r"The NVIDIA driver on your system is too old(?: \(found version \d+\))?",
        "driver-too-old",
        "error",
        "the NVIDIA driver is too old for this framework build",
        _DRIVER_OLD,
    ),
    _p(
        "driver-insufficient",
        r"CUDA driver version is insufficient for CUDA? runtime version|cudaErrorInsufficientDriver"
        r"|\bInsufficientDriver\b|\bcuda error\s*\(?35\)?\s*[,:]|"
        r"\bcuda\w*[^\n]{0,80}?\berror code\s*:?\s*35\b"
        r"|CUDA_ERROR_INSUFFICIENT_DRIVER",
        "driver-too-old",
        "error",
        "the NVIDIA driver is older than the CUDA runtime in use",
        _DRIVER_OLD,
    ),
    _p(
        "container-cuda-requirement",
        r"requirement error: unsatisfied condition: cuda\s*>=\s*\d+(?:\.\d+)?",
        "driver-too-old",
        "error",
        "the host driver is too old for the CUDA version the container image requires",
        "The image's NVIDIA_REQUIRE_CUDA asks for a newer CUDA than the host driver supports "
        "(the nvidia-container-cli check): upgrade the host driver (`envcheck matrix driver "
        "<version>` shows what a driver can run) or use an image built for an older CUDA.",
    ),
    _p(
        "ptx-unsupported-toolchain",
        r"the provided PTX was compiled with an unsupported toolchain|"
        r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION|"
        r"Unsupported \.version \d+\.\d+; current version is '\d+\.\d+'",
        "driver-too-old",
        "error",
        "PTX built by a newer CUDA than the driver can JIT",
        "Upgrade the driver to one that supports the CUDA version the code was built with "
        "(minor-version compatibility does not cover PTX JIT), or use a build with SASS for "
        "this GPU.",
    ),
    # --- driver / library mismatch, driver not usable ----------------------------------------
    _p(
        "nvml-driver-library-mismatch",
        r"Driver/library version mismatch|"
        r"API mismatch: the (?:NVIDIA kernel module has version|client)",
        "driver-library-mismatch",
        "error",
        "the loaded kernel module and the user-space driver libraries differ",
        "The driver was upgraded without reloading the kernel module: reboot the node (or "
        "stop all GPU processes and reload: `rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia` "
        "then `modprobe nvidia`). Pin the driver packages to avoid unattended upgrades.",
    ),
    _p(
        "forward-compat-unsupported",
        r"forward compatibility was attempted on non supported HW|"
        r"cudaErrorCompatNotSupportedOnDevice",
        "driver-too-old",
        "error",
        "the host driver is too old for the CUDA in use (forward compatibility is not available)",
        "The CUDA runtime (often a container image's) needs a newer host driver than the one "
        "installed, and CUDA forward compatibility only works on data-centre GPUs: upgrade the "
        "host driver, or use an image / framework build for an older CUDA.",
    ),
    _p(
        "unsupported-display-driver",
        r"system has unsupported display driver / cuda driver combination|"
        r"cudaErrorSystemDriverMismatch",
        "driver-library-mismatch",
        "error",
        "the CUDA driver library does not match the installed display (kernel) driver",
        "Reinstall a current NVIDIA driver for this GPU as one package set and reboot, so "
        "libcuda and the kernel module come from the same release; remove stray libcuda copies "
        "(e.g. from an old toolkit or a container image) from the loader path.",
    ),
    _p(
        "nvidia-smi-cannot-communicate",
        r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel driver is not loaded",
        "Load the driver (`modprobe nvidia`; check `dmesg` for why it failed, e.g. Secure Boot "
        "or a kernel update without a rebuilt DKMS module) or install it.",
    ),
    _p(
        "found-no-nvidia-driver",
        r"Found no NVIDIA driver on your system|nvml error: driver not loaded|"
        r"NVIDIA driver is not loaded|could not load NVML library|"
        r"NVRM: No NVIDIA (?:GPU|devices?) (?:found|probed)|"
        r"(?:could not|couldn't|cannot|can't) find an? (?:available )?nvidia adapter",
        "driver-not-loaded",
        "error",
        "no usable NVIDIA driver",
        "Install/load the NVIDIA driver on the host; in a container, run with the NVIDIA "
        "container toolkit (`--gpus all`).",
    ),
    _p(
        "libcuda-missing",
        r"libcuda\.so(?:\.1)?: cannot open shared object file|"
        r"Could not load dynamic library 'libcuda\.so(?:\.1)?'|Could not find cuda drivers",
        "driver-not-loaded",
        "error",
        "the NVIDIA driver's libcuda cannot be found",
        "Install the NVIDIA driver's user-space libraries (libcuda.so.1 comes with the driver, "
        "not with the CUDA toolkit); in containers use the NVIDIA container toolkit; on WSL "
        "add /usr/lib/wsl/lib to the loader path.",
    ),
    _p(
        "kernel-driver-not-running",
        r"kernel driver does not appear to be running on this host|"
        r"/proc/driver/nvidia/version does not exist|"
        r"could not insert '?nvidia\w*'?|Module nvidia\w* not found in directory|"
        r"modprobe: (?:FATAL|ERROR): [^\n]{0,80}?\bnvidia",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel module is not loaded",
        "Load the driver (`sudo modprobe nvidia`; `dmesg | grep -i nvidia` says why it fails: "
        "Secure Boot, a kernel updated without a rebuilt DKMS module, a version mismatch), or "
        "reinstall the driver for the running kernel and reboot.",
    ),
    _p(
        "devices-busy-or-unavailable",
        r"all CUDA-capable devices are busy or unavailable|cudaErrorDevicesUnavailable|"
        r"CUDA_ERROR_DEVICE_UNAVAILABLE|CUDA-capable device\(s\) is/are busy or unavailable",
        "gpu-contention",
        "error",
        "the GPU refuses another process (exclusive compute mode, or held by another process)",
        "Check `nvidia-smi -q | grep -i 'compute mode'`: in Exclusive_Process mode one process "
        "owns the GPU, so give each process its own GPU (CUDA_VISIBLE_DEVICES) or ask an admin "
        "for `nvidia-smi -c DEFAULT`; otherwise find the process holding it (`nvidia-smi`, "
        "`fuser -v /dev/nvidia*`).",
    ),
    _p(
        "libcuda-stub-loaded",
        r"CUDA_ERROR_STUB_LIBRARY|cudaErrorStubLibrary|CUDA driver is a stub library|"
        r"/stubs/libcuda\.so(?:\.1)?\b|LD_LIBRARY_PATH=\S*/stubs\b",
        "os-setting",
        "error",
        "the process loads the CUDA toolkit's stub libcuda instead of the driver's",
        "Remove the toolkit's `.../lib64/stubs` directory from LD_LIBRARY_PATH (the stub exists "
        "only for linking at build time); the real libcuda.so.1 comes with the driver "
        "(`ldconfig -p | grep libcuda`).",
    ),
    _p(
        "numba-driver-setting-wrong",
        r"\b(?:NUMBAPRO|NUMBA)_CUDA_DRIVER\s*=\s*['\"]?\S*lib(?:cudart|cublas|nvrtc|nvvm)\w*\.so|"
        r"driver missing function: cuInit",
        "os-setting",
        "error",
        "the library set as the CUDA driver is not the driver's libcuda",
        "Point NUMBA_CUDA_DRIVER (NUMBAPRO_CUDA_DRIVER on old releases) at the driver's "
        "libcuda.so.1 (`ldconfig -p | grep libcuda`), not at the toolkit's libcudart, or unset "
        "it so Numba finds the driver itself.",
    ),
    _p(
        "container-driver-libs-missing",
        r"load library failed: libnvidia-ml\.so|libnvidia-ml\.so\.1: cannot open shared object",
        "driver-not-loaded",
        "error",
        "the NVIDIA driver's libraries are not where the container runtime looks",
        "Install the NVIDIA driver on the host (libnvidia-ml.so.1 comes with it) and check "
        "`nvidia-smi` there; with rootless or snap Docker, configure the NVIDIA container "
        "toolkit for that runtime (`nvidia-ctk runtime configure`).",
    ),
    _p(
        "nvidia-smi-not-found",
        r"nvidia-smi: (?:command )?not found|'nvidia-smi' is not recognized|"
        r"nvidia-smi: No such file or directory",
        "driver-not-loaded",
        "warning",
        "nvidia-smi is not there (no NVIDIA driver installed here, or a container without GPUs)",
        "On a host: install the NVIDIA driver (nvidia-smi comes with it). In a container: start "
        "it with GPU access (`docker run --gpus all`, the nvidia runtime) so the driver's tools "
        "and libraries are mounted.",
    ),
    _p(
        "no-cuda-gpus-available",
        r"No CUDA GPUs are available",
        "os-setting",
        "warning",
        "this process sees no GPU (CUDA_VISIBLE_DEVICES, the scheduler's allocation, the driver)",
        "Check CUDA_VISIBLE_DEVICES in the job and in the scripts it runs (an index the host does "
        "not have, or an empty value, hides every GPU), the scheduler's GPU request (--gres / "
        "resources.limits), then `nvidia-smi` for the driver.",
    ),
    _p(
        "no-cuda-device",
        r"no CUDA-capable device is detected|cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE",
        "driver-not-loaded",
        "error",
        "CUDA sees no GPU",
        "Check that the driver is loaded (`nvidia-smi`), that CUDA_VISIBLE_DEVICES does not hide "
        "the GPUs, and that containers get them (`--gpus all`).",
    ),
    _p(
        "fabric-manager-not-running",
        r"system not yet initialized|cudaErrorSystemNotReady",
        "driver-not-loaded",
        "error",
        "the GPUs are not initialised (NVSwitch systems need nvidia-fabricmanager)",
        "Start nvidia-fabricmanager (same version as the driver): "
        "`systemctl enable --now nvidia-fabricmanager`.",
    ),
    _p(
        "cuda-unknown-error",
        r"CUDA unknown error - this may be due to an incorrectly set up environment",
        "driver-not-loaded",
        "error",
        "CUDA failed to initialise (unknown error)",
        "Often nvidia_uvm is not loaded (`modprobe nvidia_uvm`) or the GPU state is bad after "
        "suspend; check `dmesg`, reload the driver or reboot.",
    ),
    _p(
        "nvml-unknown-error-container",
        r"Failed to initialize NVML: Unknown Error",
        "os-setting",
        "warning",
        "NVML fails with 'Unknown Error' (in containers: the GPU devices were taken from the "
        "container's cgroup)",
        "In a container this follows `systemctl daemon-reload` on a host with the systemd cgroup "
        "driver, which drops the container's device access: restart the container; for good, "
        "have the NVIDIA container toolkit create /dev/char symlinks (`nvidia-ctk system "
        "create-dev-char-symlinks`) or use the cgroupfs driver. On a host, reload the driver.",
    ),
    _p(
        "launch-timeout-watchdog",
        r"the launch timed out and was terminated|cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT",
        "os-setting",
        "warning",
        "a kernel ran longer than the display watchdog allows (GPU also drives a display)",
        "The GPU drives a display, so the OS watchdog (Windows TDR, X server) kills long kernels: "
        "train on a GPU with no display attached, raise TdrDelay on Windows, or disable the X "
        "watchdog; smaller batches make kernels shorter.",
    ),
    _p(
        "windows-paging-file",
        r"WinError 1455|paging file is too small for this operation",
        "os-setting",
        "error",
        "Windows ran out of virtual memory loading the framework's DLLs (the paging file is "
        "too small)",
        "Raise the paging file (System > Advanced system settings > Performance > Virtual "
        "memory: system managed, or several tens of GB), or use fewer DataLoader workers - each "
        "worker loads the CUDA DLLs again.",
    ),
    _p(
        "invalid-device-ordinal",
        r"invalid device ordinal|cudaErrorInvalidDevice\b",
        "os-setting",
        "warning",  # most often the job's own setting (nproc_per_node, a GPU index), not the host
        "the program asked for a GPU index that does not exist",
        "Check CUDA_VISIBLE_DEVICES (and the scheduler's GPU allocation) against the GPUs "
        "`nvidia-smi -L` lists; inside CUDA_VISIBLE_DEVICES the GPUs are renumbered from 0.",
    ),
    _p(
        "container-no-gpu-driver",
        r"could not select device driver \"\" with capabilities: \[\[gpu\]\]",
        "os-setting",
        "error",
        "Docker cannot give GPUs to the container",
        "Install and configure the NVIDIA Container Toolkit "
        "(`nvidia-ctk runtime configure --runtime=docker` and restart dockerd).",
    ),
    # --- CPU-only build ---------------------------------------------------------------------
    _p(
        "torch-not-compiled-with-cuda",
        r"Torch not compiled with CUDA enabled",
        "cpu-only-build",
        "error",
        "a CPU-only PyTorch build is installed",
        "Uninstall the CPU build and install a CUDA build: `pip uninstall -y torch` then "
        "`pip install torch --index-url https://download.pytorch.org/whl/cu<XY>`.",
    ),
    _p(
        "jax-cpu-fallback",
        r"An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed",
        "cpu-only-build",
        "error",
        "JAX is installed without its CUDA plugin",
        'Install JAX with CUDA: `pip install -U "jax[cuda12]"` (or cuda13).',
    ),
    # --- CUDA libraries (cuDNN, cuBLAS, cudart) ---------------------------------------------
    _p(
        "cudnn-version-mismatch",
        r"Loaded runtime CuDNN library: \S+ (?:\(compatibility version \S+\) )?but (?:the )?"
        r"source was compiled with|cuDNN version incompatibility|"
        r"Found cuDNN version \d+, but JAX was built "
        r"against version|Outdated cuDNN installation found|CuDNN v\d+ found, but need at least|"
        r"cuDNN version not supported|"
        r"cuDNN version mismatch: PyTorch was compiled against \d+ but linked against \d+|"
        r"is compiled with CUDNN [\d.]+, but CUDNN version in your machine is [\d.]+|"
        r"libcudnn v\d+ with header v\d+ unmatched",
        "cuda-libs-mismatch",
        "error",
        "the cuDNN found at run time is older than the one the framework was built with",
        "Remove the older cuDNN that is found first (often a system libcudnn on "
        "LD_LIBRARY_PATH) or install the cuDNN version the framework needs (pip "
        "`nvidia-cudnn-cu12`).",
    ),
    _p(
        "jax-cuda-lib-too-old",
        r"Found (?:CUDA|cuBLAS|cuFFT|cuSOLVER|cuSPARSE|cuPTI|NCCL) version \d+, but JAX was "
        r"built against version|Outdated (?:CUDA|cuBLAS|cuFFT|cuSOLVER|cuSPARSE|cuPTI|NCCL"
        r"|nvJitLink|PTXAS) installation found",
        "cuda-libs-mismatch",
        "error",
        "a CUDA library found at run time is older than the one JAX was built against",
        'Install the CUDA libraries JAX expects: `pip install -U "jax[cuda12]"` (or cuda13) '
        "brings matching nvidia-* wheels; remove older CUDA libraries found first (a system "
        "toolkit or conda cudatoolkit on LD_LIBRARY_PATH).",
    ),
    _p(
        "could-not-load-dynamic-library",
        r"Could not load dynamic library '(lib(?:cudart|cublas|cublasLt|cufft|curand|cusolver"
        r"|cusparse|cudnn|nccl)\.so[.\d]*|(?:cudart|cublas|cublasLt|cufft|curand|cusolver"
        r"|cusparse|cudnn)64_\d+\.dll)'",
        "cuda-libs-mismatch",
        "error",
        "a CUDA library the framework needs cannot be loaded",
        "Install the CUDA/cuDNN libraries the framework version expects (for TensorFlow >= 2.14: "
        "`pip install tensorflow[and-cuda]`) or fix LD_LIBRARY_PATH.",
    ),
    _p(
        "extension-torch-abi-mismatch",
        r"\.so[.\d]*:\s*undefined symbol:\s*_ZNK?\d+(?:c10|at|torch|caffe2)",
        "framework-pairing",
        "error",
        "a compiled extension was built against a different torch than the one installed",
        "Install the extension wheel built for this exact torch version and C++ ABI (flash-attn "
        "wheels name both, e.g. `+cu12torch2.3cxx11abiFALSE`), or rebuild it from source against "
        "the installed torch (`pip install --no-build-isolation --no-cache-dir <package>`).",
    ),
    _p(
        "cuda-lib-missing",
        r"(lib(?:cudart|cublas|cublasLt|cudnn\w*|cufft|curand|cusparse|cusolver|nvrtc)\.so[.\d]*)"
        r": cannot open shared object file|"
        r"undefined symbol: \w*(?:cublas|cudnn|nvJitLink|cupti|cusparse"
        r"|cufft|curand|cusolver|nccl)\w*",
        "cuda-libs-mismatch",
        "error",
        "a CUDA library is missing or the wrong version",
        "Reinstall the framework so its bundled nvidia-* wheels match, and remove stale CUDA "
        "paths from LD_LIBRARY_PATH.",
    ),
    _p(
        "dnn-library-not-found",
        r"DNN library is not found|DNN library initialization failed|Unable to load cuDNN|"
        r"Cannot load cudnn shared library",
        "cuda-libs-mismatch",
        "error",
        "cuDNN could not be loaded or initialised",
        "Install the cuDNN version the framework was built with and make sure it is found "
        "before any other copy.",
    ),
    _p(
        "cannot-dlopen-gpu-libraries",
        r"Cannot dlopen some GPU libraries",
        "cuda-libs-mismatch",
        "error",
        "TensorFlow could not load its GPU libraries and runs on the CPU",
        "Install the CUDA/cuDNN versions of TensorFlow's tested build configuration "
        "(`pip install tensorflow[and-cuda]` on Linux).",
    ),
    _p(
        "cublas-alloc-failed",
        r"CUBLAS_STATUS_ALLOC_FAILED",
        "gpu-contention",
        "warning",
        "cuBLAS could not allocate its workspace: GPU memory is full (this job, or another "
        "process)",
        "Check `nvidia-smi` for other processes holding the GPU's memory and stop them; if none, "
        "the job itself fills the memory: a smaller batch or model (TensorFlow: memory growth).",
    ),
    _p(
        "cublas-status",
        r"CUBLAS_STATUS_(?!SUCCESS)\w+",
        "cuda-libs-mismatch",
        "warning",
        "cuBLAS failed",
        "CUBLAS_STATUS_NOT_INITIALIZED when calling cublasCreate usually means the GPU was "
        "(nearly) out of memory: free the GPU or reduce the batch. For other statuses rerun with "
        "CUDA_LAUNCH_BLOCKING=1 and check that the framework's nvidia-cublas wheel is the one "
        "loaded (no other libcublas on LD_LIBRARY_PATH).",
    ),
    _p(
        "cudnn-status",
        r"CUDNN_STATUS_(?:NOT_INITIALIZED|EXECUTION_FAILED|ARCH_MISMATCH|NOT_SUPPORTED|"
        r"INTERNAL_ERROR|VERSION_MISMATCH|BAD_PARAM)",
        "cuda-libs-mismatch",
        "warning",
        "cuDNN failed",
        "cuDNN could not start or run: usually a CUDA/cuDNN that does not match the framework "
        "build (compare `nvcc -V`, torch.version.cuda and the cuDNN on the loader path), or no "
        "usable GPU/driver. Reinstall the framework's nvidia-cudnn wheel and remove other cuDNN "
        "copies from LD_LIBRARY_PATH.",
    ),
    # --- shared memory ------------------------------------------------------------------------
    _p(
        "too-many-open-files",
        r"Too many open files|unable to open shared memory object \S+ in read-write mode"
        r"(?![^\n]{0,20}No space left)",
        "os-setting",
        "error",
        "the process ran out of file descriptors (DataLoader workers share tensors through them)",
        "Raise the open-files limit (`ulimit -n 65536` in the job; LimitNOFILE= for a service; "
        "`docker run --ulimit nofile=65536:65536`), or switch PyTorch's sharing strategy: "
        "`torch.multiprocessing.set_sharing_strategy('file_system')`.",
    ),
    _p(
        "fd-exhausted-ancdata",
        r"received 0 items of ancdata",
        "os-setting",
        "error",
        "DataLoader workers ran out of file descriptors passing tensors (open-files limit)",
        "Raise the open-files limit (`ulimit -n 65536` in the job; LimitNOFILE= for a service; "
        "`docker run --ulimit nofile=65536:65536`), or switch PyTorch's sharing strategy: "
        "`torch.multiprocessing.set_sharing_strategy('file_system')`.",
    ),
    _p(
        "torch-shm-unable-to-write",
        r"unable to write to file </torch_\w+>|unable to open shared memory object </torch_",
        "shm-too-small",
        "error",
        "PyTorch could not create shared memory for DataLoader workers",
        "Give the container a larger /dev/shm (`docker run --shm-size=16g` or `--ipc=host`; "
        "Kubernetes: an emptyDir with medium: Memory at /dev/shm), or use fewer workers.",
    ),
    _p(
        "dataloader-bus-error",
        r"DataLoader worker \(pid \d+\) is killed by signal: Bus error|"
        r"out of shared memory|insufficient shared memory \(shm\)",
        "shm-too-small",
        "error",
        "DataLoader workers crashed: /dev/shm is too small",
        "Give the container a larger /dev/shm (`docker run --shm-size=16g` or `--ipc=host`; "
        "Kubernetes: an emptyDir with medium: Memory at /dev/shm).",
    ),
    _p(
        "nccl-shm-failure",
        r"(?:NCCL WARN )?(?:Error while (?:creating|attaching to) shared memory segment|"
        r"Call to shm_open failed|Error: failed to extend /dev/shm)",
        "shm-too-small",
        "error",
        "NCCL could not create its shared-memory segment",
        "Raise /dev/shm (`--shm-size` / `--ipc=host`) and make sure it is writable (mode 1777).",
    ),
    _p(
        "bus-error",
        r"^\s*Bus error(?: \(core dumped\))?\s*$|\bkilled by signal: Bus error",
        "shm-too-small",
        "warning",
        "a process died with SIGBUS (usually /dev/shm exhausted)",
        "Check /dev/shm size in the container (`df -h /dev/shm`) and raise it.",
    ),
    _p(
        "shm-stated-too-small",
        r"(?:shared memory|/dev/shm|\bshm\b)[^.\n]{0,30}?(?:not enough|too small|too low|"
        r"insufficient|(?:is |was )?(?:full|exhausted)|runs? out|不够|不足)|"
        r"(?:docker|container|kubernetes|pod)[^.\n]{0,40}?(?:limit(?:s|ed|ing)?|restrict\w*|"
        r"限制了?)[^.\n]{0,20}?(?:\bshm\b|shared memory|/dev/shm)|"
        r"(?:not enough|insufficient|too little|ran out of|run out of) (?:shared memory|shm\b|"
        r"/dev/shm)",
        "shm-too-small",
        "warning",
        "the text says shared memory (/dev/shm) is too small",
        "Check the size inside the container (`df -h /dev/shm`; Docker's default is 64 MB) and "
        "raise it: `docker run --shm-size=16g` or `--ipc=host`; Kubernetes: an emptyDir with "
        "medium: Memory at /dev/shm. num_workers=0 only avoids it, slowly.",
    ),
    _p(
        "no-space-shm",
        r"(?:/dev/shm|shared memory|\bshm\b)[^\n]{0,200}?No space left on device|"
        r"No space left on device[^\n]{0,200}?(?:/dev/shm|shared memory)",
        "shm-too-small",
        "error",
        "shared memory (/dev/shm) is full",
        "Give the container a larger /dev/shm (`docker run --shm-size=16g` or `--ipc=host`; "
        "Kubernetes: an emptyDir with medium: Memory at /dev/shm), or use fewer workers.",
    ),
    _p(
        "disk-full",
        r"No space left on device|\[Errno 28\]|\bENOSPC\b|Disk quota exceeded|\bEDQUOT\b|"
        r"not enough (?:free )?(?:disk )?space (?:left )?on (?:the )?(?:disk|device|drive)",
        "storage",
        "error",
        "a write failed: the disk (or the user's quota) is full",
        "Free space or write to a larger volume: `df -h` (and `df -i` for inodes) on the "
        "checkpoint/output/cache directories; point checkpoints and caches (HF_HOME, "
        "TORCH_HOME, TMPDIR) at a volume with room; keep fewer checkpoints.",
    ),
    _p(
        "hub-download-timeout",
        r"(?:ReadTimeoutError|ConnectTimeoutError|ConnectionError|MaxRetryError)\W[^\n]{0,120}?"
        r"(?:huggingface\.co|hf\.co|download\.pytorch\.org|s3[\w.-]*\.amazonaws\.com|"
        r"storage\.googleapis\.com)|"
        r"(?:huggingface\.co|hf\.co)[^\n]{0,120}?(?:Read timed out|timed out|"
        r"Max retries exceeded)|"
        r"\b50[234] Server Error[^\n]{0,80}?(?:huggingface\.co|hf\.co)|"
        r"(?:hugging ?face|huggingface\.co)[^\n]{0,160}?connection "
        r"(?:timeout|timed out|error|refused)",
        "data-network",
        "warning",
        "downloads of models or data time out (the hub, or the network to it)",
        "Check the network path to the hub (proxy, DNS, firewall; the hub's status page), "
        "raise the timeout (HF_HUB_DOWNLOAD_TIMEOUT=60), or download once and run offline from "
        "a local cache (HF_HUB_OFFLINE=1).",
    ),
    _p(
        "slow-storage-stated",
        r"(?:data(?:set)?|images?|files?|training|loading|reading)[^.\n]{0,40}?\b(?:on|from|in)\s+"
        r"(?:an?\s+|the\s+|my\s+)?(?:hdd|hard (?:disk|drive)|mechanical (?:disk|drive)|"
        r"spinning (?:disk|drive)|nfs(?: share| mount)?|network (?:share|drive|storage))\b",
        "storage",
        "warning",
        "the text says the data is read from a slow disk or a network share",
        "Measure it (`envcheck watch` names an input-bound job; `iostat -x 1` shows the disk "
        "busy): copy the data to a local SSD/NVMe, or cache it in RAM, and use more DataLoader "
        "workers with pinned memory.",
    ),
    _p(
        "pcie-riser-stated",
        r"\b(?:pcie?|pci-e|usb)\s+risers?\b|\briser (?:cards?|cables?)\b|"
        r"\bx1 (?:slot|riser|link)\b|\bslower pcie slots?\b",
        "pcie-degraded",
        "warning",
        "the GPU sits behind a riser or in a narrow PCIe slot",
        "Check the link each GPU trained at (`nvidia-smi -q -d PCI`: Link Width / Generation "
        "Current vs Max, under load); move the GPU to a full x16 slot, or replace the riser.",
    ),
    # --- NCCL ---------------------------------------------------------------------------------
    _p(
        "nccl-ib-completion-error",
        r"NCCL WARN NET/IB\s*:\s*Got completion from peer\b.*?\bwith error \d+",
        "nccl-problem",
        "error",
        "NCCL's InfiniBand transport got a failed work completion",
        "Error 4 (local protection) is usually PCI ACS enabled breaking GPUDirect RDMA: confirm "
        "with NCCL_NET_GDR_LEVEL=0, then disable ACS in the BIOS / PCI switches; otherwise check "
        "the IB links (`ibstat`) and NCCL_IB_HCA.",
    ),
    _p(
        "nccl-ib-memlock",
        r"ibv_reg_mr\w* failed with error Cannot allocate memory|"
        r"(?:Cannot allocate memory|Failed to allocate).{0,80}(?:memlock|locked memory)|"
        r"(?:ibv_create_cq|ucp_init|uct_ib)\w*.{0,80}Cannot allocate memory",
        "nccl-problem",
        "error",
        "InfiniBand could not pin memory: the locked-memory limit (ulimit -l) is too low",
        "Raise the memlock limit for jobs: `* soft memlock unlimited` / `* hard memlock "
        "unlimited` in /etc/security/limits.conf, LimitMEMLOCK=infinity for slurmd / the "
        "container runtime; check `ulimit -l` inside the job.",
    ),
    _p(
        "memlock-stated-low",
        r"(?:small|low|tiny)\s+(?:max(?:imum)?\s+)?(?:locked[- ]memory|memlock)\s+(?:limit|ulimit)|"
        r"(?:locked[- ]memory|memlock)\b[^.\n]{0,40}?(?:too (?:low|small)|(?:set|limited|capped|"
        r"being set) to\s+(?:64|32|16|8|4)\s*K)",
        "os-setting",
        "warning",
        "the text says the locked-memory limit (ulimit -l) is too low",
        "Raise memlock for jobs: `* soft memlock unlimited` / `* hard memlock unlimited` in "
        "/etc/security/limits.conf, LimitMEMLOCK=infinity for slurmd (or PropagateResourceLimits "
        "in slurm.conf) and the container runtime (`--ulimit memlock=-1`); check `ulimit -l` "
        "inside the job.",
    ),
    _p(
        "pci-acs-enabled",
        r"ACSCtl:.*(?:ReqRedir\+|CmpltRedir\+)",
        "os-setting",
        "warning",
        "PCIe ACS is enabled on a bridge: GPU peer-to-peer traffic is redirected",
        "With ACS redirect on, P2P between GPUs goes through the root complex / IOMMU and NCCL "
        "can hang or crawl: disable ACS in the BIOS (or `setpci ... ECAP_ACS+6.w=0000`), or "
        "boot with `pci=noacs`; test with NCCL_P2P_DISABLE=1.",
    ),
    _p(
        "nccl-unhandled-cuda-error",
        r"unhandled cuda error|ncclUnhandledCudaError",
        "nccl-problem",
        "error",
        "NCCL hit a CUDA error",
        "Run with NCCL_DEBUG=INFO to see the failing call; check for a driver/NCCL mismatch, "
        "peer-to-peer problems (try NCCL_P2P_DISABLE=1) and GPU health (Xid in dmesg).",
    ),
    _p(
        "nccl-unhandled-system-error",
        r"unhandled system error|ncclSystemError",
        "nccl-problem",
        "error",
        "NCCL hit a system error",
        "Run with NCCL_DEBUG=INFO: in containers this is usually /dev/shm too small "
        "(`--ipc=host` or `--shm-size`), otherwise the network interface "
        "(NCCL_SOCKET_IFNAME) or InfiniBand setup.",
    ),
    _p(
        "nccl-timeout",
        r"Watchdog caught collective operation timeout|NCCL communicator was aborted",
        "nccl-problem",
        "warning",
        "an NCCL collective timed out",
        "One rank stalled or died: check the other ranks' logs, network, and GPU health.",
    ),
    _p(
        "nccl-error",
        r"NCCL error in:|ncclInternalError|ncclInvalidUsage|NCCL Error \d+|"
        r"internal error - please report this issue to the NCCL developers|Test NCCL failure",
        "nccl-problem",
        "error",
        "NCCL failed",
        "Run with NCCL_DEBUG=INFO to see which transport failed.",
    ),
    _p(
        "nccl-p2p-workaround",
        r"(?!)",  # assigned by the scanner: NCCL_P2P_DISABLE=1 said to work around a failure
        "nccl-problem",
        "warning",
        "NCCL works only with peer-to-peer disabled (NCCL_P2P_DISABLE=1)",
        "GPU peer-to-peer traffic is broken on this host: check PCIe ACS and the IOMMU (disable "
        "ACS in the BIOS, turn VT-d/IOMMU off or boot with `iommu=pt`), then update the NVIDIA "
        "driver (P2P hangs are fixed in newer drivers); `nvidia-smi topo -p2p r` and "
        "`all_reduce_perf` show which GPU pairs fail. NCCL_P2P_DISABLE=1 only hides it, slowly.",
    ),
    _p(
        "consumer-gpu-p2p-hang",
        r"(?!x)x",  # never by itself: inferred from the whole text (see _consumer_gpu_p2p_hang)
        "nccl-problem",
        "warning",
        "a multi-GPU job hangs on GeForce RTX cards (NCCL peer-to-peer)",
        "GeForce RTX 30/40/50 cards have no working PCIe peer-to-peer: rerun with "
        "NCCL_P2P_DISABLE=1 (if that fixes it, keep it, or check ACS/IOMMU in the BIOS: "
        "`sudo lspci -vvv | grep ACSCtl`), and NCCL_DEBUG=INFO to see where it stops.",
    ),
    _p(
        "nccl-warn",
        r"\bNCCL WARN\b|\b(?:include/)?(?:socket|net_socket|net_ib|bootstrap|transport|proxy|"
        r"init|net|graph/\w+|misc/\w+)\.(?:h|cc|cu):\d+\s+WARN\b",
        "nccl-problem",
        "warning",
        "NCCL printed a warning",
        "Read the NCCL WARN line: it names the transport (NET/IB, NET/Socket, P2P, SHM) that "
        "failed; rerun with NCCL_DEBUG=INFO and make every rank use the same NCCL version and "
        "environment (NCCL_* variables, interfaces, IB devices).",
    ),
    _p(
        "torchvision-cuda-mismatch",
        r"PyTorch and torchvision were compiled with different CUDA versions|"
        r"PyTorch has CUDA Version\s*=\s*[\d.]+ and torchvision has CUDA Version\s*=\s*[\d.]+",
        "framework-pairing",
        "error",
        "torch and torchvision were built for different CUDA versions",
        "Install the torchvision release made for the installed torch, from the same index "
        "(e.g. `pip install torch torchvision --index-url https://download.pytorch.org/whl/cuXYZ`"
        " with one cuXYZ for both).",
    ),
    # --- Python version ---------------------------------------------------------------------
    _p(
        "pip-no-framework-wheel",
        r"^(?=[^\n]*\b(?:py)?torch(?:vision|audio)?\b|[^\n]*\btensorflow|[^\n]*\bjax(?:lib)?\b|"
        r"[^\n]*\b(?:paddlepaddle|paddle|fastdeploy|mxnet|onnxruntime|tensorrt|cupy|xformers|"
        r"vllm|flash[-_]attn|bitsandbytes|deepspeed|mmcv|triton|spconv|cumm|dgl|torch[-_]\w+)"
        r"[\w-]*\b)"
        r"[^\n]*?(?:(?:could not|couldn't|cannot|can't) find (?:a|the|any) versions? that "
        r"satisf(?:y|ies) the requirement|No matching distribution found for)",
        "python-unsupported",
        "warning",
        "pip found no build of the framework for this Python (or platform)",
        "pip lists only the releases that ship a wheel for the running interpreter: most often "
        "the Python version is outside the range the release supports (see the cpXY tags on "
        "https://pypi.org/project/torch/#files for that version). Use a Python in its range (a "
        "venv or conda env, e.g. `conda create -n py38 python=3.8`) or a framework release "
        "that supports this Python; 32-bit Python has no wheels, and a `+cuXXX` version also "
        "needs `--index-url https://download.pytorch.org/whl/cuXXX`.",
    ),
    _p(
        "torch-placeholder-package",
        r"No module named '?tools\.nnwrap'?",
        "python-unsupported",
        "error",
        "pip fell back to the torch 0.1.2 placeholder: no torch wheel for this Python",
        "No torch release ships a wheel for this interpreter, so pip picked the old `torch` "
        "0.1.2 source placeholder: install a 64-bit Python in the range the wanted torch "
        "release supports (see its cpXY wheel tags on PyPI) and reinstall.",
    ),
    _p(
        "python-stated-unsupported",
        r"\b(?:py)?torch\b[^.\n]{0,30}\bonly supports? (?:python ?)?(?:up to )?(?:python ?)?"
        r"3\.\d{1,2}|\bpython\s*3\.\d{1,2}(?:\.\d+)? (?:is not|isn't|is not yet) supported|"
        r"(?:^|[\s(])3\.\d{1,2} (?:is not|isn't) supported yet|"
        r"\b(?:py)?torch\b[^.\n]{0,40}(?:does not|doesn't|do not|don't) (?:yet )?support "
        r"python\s*3\.\d+",
        "python-unsupported",
        "warning",
        "the text says the Python version is not supported by the framework",
        "Use a Python version the framework release supports (a venv or conda env with that "
        "Python), or a framework release that supports this Python.",
    ),
    _p(
        "nouveau-owns-gpu",
        r"NVIDIA probe routine was not called|nouveau, rivafb, nvidiafb or rivatv|"
        r"nouveau(?: \S+)? is (?:loaded|in use)|kernel driver in use: nouveau|"
        r"nouveau (?:was|is|has)(?:n't| not)(?: been)? (?:disabled|blacklisted|unloaded)",
        "driver-not-loaded",
        "error",
        "the open-source nouveau driver holds the GPU, so the NVIDIA driver cannot bind",
        "Blacklist nouveau (`echo 'blacklist nouveau' > /etc/modprobe.d/blacklist-nouveau.conf`, "
        "`options nouveau modeset=0`), rebuild the initramfs and reboot.",
    ),
    _p(
        "dkms-build-failed",
        r"Error! Could not locate dkms\.conf|Error! Bad return status for module build|"
        r"\bdkms\b[^\n]{0,40}?\b(?:build|install)(?:ation)? failed",
        "driver-not-loaded",
        "warning",
        "DKMS could not build the NVIDIA kernel module (it will be missing after a kernel update)",
        "Look at `dkms status` and the make.log it names; remove stale trees under "
        "/var/lib/dkms/nvidia/ for versions no longer installed, install the headers of the "
        "running kernel, then `sudo dkms autoinstall` (or reinstall the driver package) and "
        "reboot.",
    ),
    _p(
        "driver-init-timeout",
        r"nvidia-container-cli: initialization error: driver error: timed out|"
        r"\bnvidia-smi\b[^.\n]{0,20}?\b(?:takes?|taking|took)\s+(?:forever|ages|"
        r"(?:very |so |a )?long(?: time)?|(?:about |around |almost |over |nearly |up to )?"
        r"\d+\s*(?:s|sec|secs|seconds|minutes?)\b)|"
        r"persistence mode (?:is |was )?(?:disabled|off)[^.\n]{0,40}(?:slow|timed? ?out|hang)|"
        r"(?:slow|timed? ?out|hangs?)[^.\n]{0,40}persistence mode (?:is |was )?(?:disabled|off)",
        "os-setting",
        "warning",
        "the driver is slow to initialise the GPUs (persistence mode is off)",
        "Keep the driver initialised: `sudo systemctl enable --now nvidia-persistenced` (or "
        "`sudo nvidia-smi -pm 1`); without it every client (nvidia-smi, nvidia-container-cli, a "
        "job) re-initialises the GPUs, which takes seconds per GPU and can time out.",
    ),
    _p(
        "driver-stated-too-old",
        r"\bdrivers?\b[^.\n]{0,50}?\b(?:is |are |seems? |was |were )?(?:too old|outdated|"
        r"not supported for|"
        r"needs? (?:an? )?(?:update|upgrade|higher|newer)|need higher|"
        r"must be (?:updated|upgraded))|"
        r"\bneed (?:a )?(?:higher|newer) (?:nvidia )?driver\b",
        "driver-too-old",
        "warning",
        "the text says the NVIDIA driver is too old",
        _DRIVER_OLD,
    ),
    _p(
        "gpu-throttling-reported",
        r"\b(?:gpu|clocks?|card)\b[^.\n]{0,60}\bthrottl(?:ed|es|ing)\b|\bthrottl(?:ed|es|ing)\b"
        r"[^.\n]{0,60}\b(?:thermal|temperature|power cap|power limit)\b|"
        r"\bSW Power Cap\b[^.\n:]{0,40}"
        r"\b(?:appears?|kicks? in)",
        "gpu-throttle",
        "warning",
        "the text reports the GPU throttling its clocks",
        "Check `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER` under load: thermal reasons mean "
        "cooling or airflow (or a low `GPU Max Operating Temp`), SW Power Cap a power limit or an "
        "undersized PSU; fix the cause, then re-check the clocks.",
    ),
    # --- GPU health ---------------------------------------------------------------------------
    _p(
        "ecc-uncorrectable-stated",
        r"\buncorrectable (?:double[- ]bit )?ECC\b(?! (?:is|was) (?:0|zero|none))|"
        r"\bdouble[- ]bit ECC\b|"
        r"\bECC errors? (?:is |are |was |were )?uncorrectable\b",
        "gpu-health",
        "error",
        "uncorrectable ECC errors on the GPU's memory",
        "Drain the GPU: `nvidia-smi -q -d ECC,ROW_REMAPPER` shows the counters and pending "
        "remaps; reset it (`nvidia-smi -r`) or reboot so pending row remaps take effect, and "
        "replace the GPU if uncorrectable errors come back.",
    ),
    _p(
        "pcie-aer-uncorrected",
        r"AER: (?:Multiple )?Uncorrected \((?:Fatal|Non-Fatal)\) error|"
        r"PCIe Bus Error: severity=Uncorrected|AER: device recovery failed",
        "gpu-health",
        "error",
        "uncorrectable PCIe errors (AER) on the GPU's link",
        "Drain the node: reseat the GPU and any riser, check power and the slot, update the "
        "system BIOS; repeated uncorrectable AER errors mean a hardware fault.",
    ),
    _p(
        "gpu-rev-ff",
        r"NVIDIA Corporation[^\n]*\(rev ff\)",
        "gpu-health",
        "error",
        "a GPU no longer answers on the PCIe bus (lspci shows it as rev ff)",
        "lspci reads all ones (rev ff) from a device that dropped off the bus: drain the node, "
        "check `dmesg` for Xid 79 / AER errors, reseat the GPU and check its power; a cold "
        "reboot brings it back until it happens again.",
    ),
    _p(
        "gpu-fallen-off-bus",
        r"f(?:a|e)ll(?:s|en)? off the bus|\bXid\b\s*(?:\([^)]*\))?\s*:\s*79\b",
        "gpu-health",
        "error",
        "a GPU fell off the bus (Xid 79)",
        "Drain the node: check power, cooling and seating of the GPU, update the system BIOS; "
        "a reboot brings it back until it happens again.",
    ),
    _p(
        "xid-ecc",
        r"\bXid\b\s*(?:\([^)]*\))?\s*:\s*(48|63|64|92|94|95)\b|uncorrectable ECC error encountered|"
        r"\bXid[ -](48|63|64|92|94|95)\b(?!\.\d)",
        "gpu-health",
        "error",
        "the GPU reported an uncorrectable memory error (Xid 48/63/64/92/94/95)",
        "Drain the node and reset the GPU (`nvidia-smi -r`) or reboot; repeated errors mean "
        "the GPU must be replaced (check `nvidia-smi -q -d ECC,ROW_REMAPPER`).",
    ),
    _p(
        "gpu-lost",
        r"Unable to determine the device handle for GPU|GPU is lost\.|GPU requires reset|"
        r"^No devices were found$",
        "gpu-health",
        "error",
        "nvidia-smi cannot reach a GPU (lost, needs a reset, or not detected)",
        "Drain the node; check `dmesg` for Xid 79 / 'fallen off the bus' and `lspci` for the "
        "GPU, then reset (`nvidia-smi -r`) or reboot; repeated loss means a hardware fault.",
    ),
    _p(
        "nvidia-smi-err-reading",
        r"^\|.*\bERR!",
        "gpu-health",
        "warning",
        "nvidia-smi could not read a GPU value (ERR! in its table)",
        "Often transient (a sensor read failed); if it persists, comes with Xid errors in dmesg "
        "or `nvidia-smi -q` shows a GPU Recovery Action other than None, drain the node and "
        "reset the GPU (`nvidia-smi -r`) or reboot.",
    ),
    _p(
        "xid-other",
        r"\bNVRM: Xid\b",
        "gpu-health",
        "warning",
        "the driver logged an Xid error",
        "Look the Xid code up in NVIDIA's Xid catalogue; 13/31/43 are usually application "
        "faults, 74 NVLink, 79 fallen off the bus, 119/120 GSP firmware.",
    ),
    _p(
        "illegal-memory-access",
        r"an illegal memory access was encountered|cudaErrorIllegalAddress",
        "kernel-failure",
        "warning",
        "a CUDA kernel accessed memory illegally",
        "Usually a bug in a kernel or extension, or a kernel built for another architecture; "
        "rerun with CUDA_LAUNCH_BLOCKING=1. If it happens with known-good code, check Xid "
        "errors and run `envcheck verify --kernels full`.",
    ),
    _p(
        "unspecified-launch-failure",
        r"unspecified launch failure|cudaErrorLaunchFailure",
        "kernel-failure",
        "warning",
        "a CUDA kernel launch failed",
        "Check dmesg for Xid errors (13/31/43); run `envcheck verify --kernels full`.",
    ),
    _p(
        "device-side-assert",
        r"device-side assert triggered",
        "kernel-failure",
        "info",
        "a device-side assert fired (usually a bug in the program, e.g. an index out of range)",
        "Rerun with CUDA_LAUNCH_BLOCKING=1 to find the failing operation; this is rarely the "
        "environment.",
    ),
    # --- memory -------------------------------------------------------------------------------
    _p(
        "oom-at-context-creation",
        r"(?!)",  # assigned by the scanner: an out-of-memory error while creating the context
        "gpu-contention",
        "warning",
        "out of GPU memory while creating the CUDA context: other processes hold the memory",
        "Creating a context needs only a few hundred MB: find the processes holding the GPU "
        "(`nvidia-smi --query-compute-apps=pid,used_memory --format=csv`) and stop them, or pick "
        "a free GPU with CUDA_VISIBLE_DEVICES.",
    ),
    _p(
        "gpu-memory-held-stated",
        r"\bzombie\b[^.\n]{0,60}?(?:gpu|memory|vram)|(?:gpu|memory|vram)[^.\n]{0,60}?\bzombie|"
        r"(?:gpu|vram|memory)[^.\n]{0,40}?(?:held|occupied|taken|hogged) by (?:an? |some )?"
        r"(?:zombie|dead|defunct|orphan(?:ed)?|killed|previous|old|stale)",
        "gpu-contention",
        "warning",
        "the text says processes that should be gone hold GPU memory",
        "Find the processes holding the GPU (`nvidia-smi --query-compute-apps=pid,used_memory "
        "--format=csv`, or `fuser -v /dev/nvidia*` when nvidia-smi lists none) and kill them; "
        "if none can be found, reset the GPU (`nvidia-smi -r -i N`) or reboot the node.",
    ),
    _p(
        "alloc-fails-tiny-free",
        r"Cannot allocate [\d.]+\s*[KMG]?i?B memory on GPU \d+, available memory is only "
        r"[\d.]+\s*(?:[KM]i?B|B)\b",
        "gpu-contention",
        "warning",
        "an allocation of a few MB fails: almost no GPU memory is free (held by other processes)",
        "List the processes on that GPU (`nvidia-smi`) and stop them, or run this one on another "
        "GPU (CUDA_VISIBLE_DEVICES); several server workers loading the model on one GPU each "
        "take a full copy.",
    ),
    _p(
        "oom-persists-stated",
        r"(?:reduc|lower|decreas|set|tried)\w*\s+(?:the\s+)?batch[ _-]?size[^.\n]{0,40}?"
        r"\b(?:to|=|of|until)\s*\d{1,2}\b[^.\n]{0,80}?(?:still|didn't|did not|doesn't|does not|"
        r"no luck|same (?:error|problem))|"
        r"(?:same|identical) (?:job|code|script|model|command)[^.\n]{0,80}?(?:another|other|"
        r"different) (?:node|machine|server|gpu|host)[^.\n]{0,40}?(?:works?|runs?|fine|no problem)",
        "gpu-contention",
        "warning",
        "out of memory that does not follow the job's size (small batches fail; other nodes work)",
        "Memory that a small batch cannot get is usually held by something else: `nvidia-smi` "
        "(and `fuser -v /dev/nvidia*` for processes it does not list) on that node; stop the "
        "stray or another user's process, or drain the node.",
    ),
    _p(
        "ollama-no-layers-offloaded",
        r"msg=\"?offload to (?:cuda|rocm)\"?[^\n]*\blayers\.offload=0\b",
        "gpu-contention",
        "warning",
        "Ollama put no layer on the GPU: the free GPU memory was too small",
        "Compare memory.available in the log with the GPU's total: when much less is free than "
        "at startup, another process holds GPU memory (`nvidia-smi` lists it; stop it, or set "
        "OLLAMA_GPU_OVERHEAD / a smaller model or context); otherwise the model needs a larger "
        "GPU.",
    ),
    _p(
        "cuda-out-of-memory",
        r"CUDA out of memory|CUDA error: out of memory|cudaErrorMemoryAllocation|"
        r"CUDA_ERROR_OUT_OF_MEMORY|Tried to allocate [\d.]+ [KMGT]i?B \(GPU \d+;|"
        r"RESOURCE_EXHAUSTED: Out of memory",
        "gpu-contention",
        "info",
        "the GPU ran out of memory",
        "Reduce batch size / sequence length, or free the GPU: check `nvidia-smi` for other "
        "processes holding memory.",
    ),
]

# Literal (lower-case) substrings, at least one of which every match of the pattern contains.
# scan() looks for these with bytes.find (C speed) and runs the regexes only on the few lines
# that contain one, so a 20 MB training log is scanned in well under a second.
KEYS: Dict[str, Tuple[str, ...]] = {
    "sm-not-compatible": ("is not compatible with the current pytorch",),
    "gpu-too-old-for-pytorch": ("no longer supports this gpu",),
    "gpu-below-library-minimum-cc": (
        "too old to be supported by the",
        "only supports devices of cuda capability",
        "with compute capability at least",
        "with compute capability of at least",
        "for compute capability",
        "with cuda capability",
        "with cuda is capability",
        "capability below",
        "capability under",
        "capability less than",
        "capability lower than",
        "capability <",
    ),
    "tf-gpu-below-minimum-cc": ("the minimum required cuda capability is",),
    "nvidia-docker-v1-cuda-too-new": ("unsupported cuda version: driver",),
    "deepspeed-cuda-mismatch": ("does not match the version torch was compiled with",),
    "xformers-built-for-cpu-torch": ("xformers was built for",),
    "xformers-built-for-other-torch": ("xformers was built for",),
    "cuda-lib-symbol-version": ("not defined in file",),
    "ecc-uncorrectable-stated": (
        "uncorrectable ecc",
        "double-bit ecc",
        "double bit ecc",
        "uncorrectable",
    ),
    "bitsandbytes-cpu-build": (
        "compiled without gpu support",
        "libbitsandbytes_cpu",
        "cuda setup failed despite gpu",
    ),
    "nvml-unknown-error-container": ("failed to initialize nvml: unknown error",),
    "launch-timeout-watchdog": ("launch timed out", "cudaerrorlaunchtimeout", "launch_timeout"),
    "container-driver-libs-missing": (
        "load library failed: libnvidia-ml",
        "libnvidia-ml.so.1: cannot",
    ),
    "nvidia-smi-not-found": ("nvidia-smi: ", "'nvidia-smi' is not recognized"),
    "mmcv-ops-without-cuda": ("implementation for device cuda",),
    "torch-c-no-cuda-attr": ("has no attribute '_cuda_",),
    "onnxruntime-no-cuda-provider": (
        "'cudaexecutionprovider' is not in available",
        "execution provider is not available",
        "executionprovider is not available",
    ),
    "torchvision-operator-missing": ("torchvision::",),
    "cpu-torch-stated": (
        "cpu版本",
        "cpu version",
        "cpu build",
        "cpu wheel",
        "cpu-only version",
        "cpuonly version",
        "cpu-only build",
        "cpu only version",
        "cpu only build",
    ),
    "cudnn-missing-stated": ("cudnn",),
    "paddle-cpu-build": (
        "paddlepaddle cpu version",
        "paddlepaddle is not compiled with cuda",
        "cpu version of paddlepaddle",
    ),
    "tensorrt-engine-version": (
        "version tag does not match",
        "not compatible with this version of tensorrt",
        "expecting library version",
    ),
    "torch-companion-lib-missing": ("cannot open shared object file", "undefined symbol"),
    "cudnn-dll-not-found": (
        "cudnn64_",
        "libcudnn",
        "could not load library cudnn",
        "please make sure cudnn",
    ),
    "windows-dll-not-found": ("0xc0000135", "-1073741515", "status_dll_not_found"),
    "hub-download-timeout": (
        "hugging face",
        "huggingface",
        "huggingface.co",
        "hf.co",
        "download.pytorch.org",
        "amazonaws.com",
        "storage.googleapis.com",
    ),
    "slow-storage-stated": (
        "hdd",
        "hard disk",
        "hard drive",
        "mechanical",
        "spinning",
        "nfs",
        "network share",
        "network drive",
        "network storage",
    ),
    "pcie-riser-stated": ("riser", "x1 slot", "x1 link", "slower pcie"),
    "torchvision-ops-not-loaded": ("couldn't load custom c++ ops",),
    "python-32bit": ("-32", "32-bit python", "32 bit python", "32 bit (intel)"),
    "no-cuda-gpus-available": ("no cuda gpus are available",),
    "cublas-alloc-failed": ("cublas_status_alloc_failed",),
    "windows-paging-file": ("winerror 1455", "paging file is too small"),
    "mkl-ijit-symbol": ("ijit_notifyevent",),
    "pip-framework-pin-conflict": ("which is incompatible",),
    "framework-version-skew": (
        "incompatible with jax version",
        "but this version of jax requires",
        "is used but incompatible",
        "keras requires tensorflow",
    ),
    "cudnn9-libs-missing": ("unable to load any of {libcudnn", "could not load library libcudnn"),
    "torch-cpu-build-shown": ("+cpu",),
    "jax-kernel-dso-mismatch": ("does not match dso version",),
    "dev-nvidia-missing": ("/dev/nvidia",),
    "conda-framework-python-spec": ("-> python[version=",),
    "iommu-dma-fault": ("dmar: [dma",),
    "semlock-no-space": ("semlock",),
    "gpu-below-minimum-cc-stated": (
        "under cuda compute",
        "below cuda compute",
        "under compute",
        "below compute",
        "less than compute",
        "lower than compute",
        "older than compute",
        "less than cuda compute",
        "lower than cuda compute",
        "older than cuda compute",
    ),
    "no-kernel-image": (
        "no kernel image",
        "nokernelimage",
        "no_binary_for_gpu",
    ),
    "ggml-no-device-code": ("has no device code compatible",),
    "nvrtc-unsupported-arch": (
        "invalid value for --gpu-architecture",
        "nvrtc_error_invalid_option",
    ),
    "no-nvidia-gpu-stated": ("intel", "amd", "have a nvidia", "have an nvidia"),
    "invalid-device-function": (
        "invalid device function",
        "invaliddevicefunction",
        "runtime error (8)",
    ),
    "ollama-no-layers-offloaded": ("layers.offload=0",),
    "alloc-fails-tiny-free": ("available memory is only",),
    "oom-persists-stated": (
        "batch size",
        "batch_size",
        "batchsize",
        "batch-size",
        "another node",
        "other node",
        "different node",
        "another machine",
        "different machine",
        "other machine",
        "another server",
        "different server",
        "another gpu",
        "different gpu",
        "another host",
        "different host",
    ),
    "gpu-too-old-detected": ("gpu is too old",),
    "nvcc-unsupported-arch": ("unsupported gpu architecture", "is not a recognized processor"),
    "cuda-version-mismatch-extension": ("mismatches the version that was used to compile",),
    "driver-too-old-found-version": ("driver on your system is too old",),
    "driver-insufficient": (
        "insufficient",
        "error(35)",
        "error (35)",
        "error 35",
        "error code : 35",
        "error code: 35",
        "error code 35",
        "insufficientdriver",
    ),
    "container-cuda-requirement": ("unsatisfied condition: cuda",),
    "ptx-unsupported-toolchain": (
        "unsupported toolchain",
        "unsupported_ptx",
        "unsupported .version",
    ),
    "nvml-driver-library-mismatch": ("driver/library version mismatch", "api mismatch"),
    "forward-compat-unsupported": ("forward compatibility was attempted", "compatnotsupported"),
    "unsupported-display-driver": ("unsupported display driver", "systemdrivermismatch"),
    "nvidia-smi-cannot-communicate": ("communicate with the nvidia driver",),
    "found-no-nvidia-driver": (
        "found no nvidia driver",
        "driver not loaded",
        "driver is not loaded",
        "could not load nvml",
        "no nvidia gpu found",
        "no nvidia device",
        "nvidia adapter",
    ),
    "libcuda-missing": ("libcuda.so", "could not find cuda drivers"),
    "kernel-driver-not-running": (
        "kernel driver does not appear to be running",
        "/proc/driver/nvidia/version does not exist",
        "could not insert",
        "not found in directory",
        "modprobe: ",
    ),
    "no-space-shm": ("no space left on device",),
    "disk-full": (
        "no space left on device",
        "[errno 28]",
        "enospc",
        "disk quota exceeded",
        "edquot",
        "space left on",
        "space on the",
        "space on dis",
        "space on dev",
        "space on dri",
    ),
    "fd-exhausted-ancdata": ("items of ancdata",),
    "devices-busy-or-unavailable": (
        "busy or unavailable",
        "cudaerrordevicesunavailable",
        "cuda_error_device_unavailable",
    ),
    "libcuda-stub-loaded": (
        "cuda_error_stub_library",
        "cudaerrorstublibrary",
        "is a stub library",
        "/stubs/libcuda",
        "/stubs",
    ),
    "numba-driver-setting-wrong": ("_cuda_driver", "driver missing function"),
    "no-cuda-device": ("no cuda-capable device", "cudaerrornodevice", "cuda_error_no_device"),
    "fabric-manager-not-running": ("system not yet initialized", "systemnotready"),
    "cuda-unknown-error": ("cuda unknown error",),
    "invalid-device-ordinal": ("invalid device ordinal", "cudaerrorinvaliddevice"),
    "container-no-gpu-driver": ("could not select device driver",),
    "torch-not-compiled-with-cuda": ("torch not compiled with cuda",),
    "jax-cpu-fallback": ("cuda-enabled jaxlib is not installed",),
    "cudnn-version-mismatch": (
        "loaded runtime cudnn library",
        "cudnn version incompatibility",
        "but jax was built against",
        "outdated cudnn installation",
        "but need at least cudnn",
        "cudnn version not supported",
        "cudnn version mismatch: pytorch",
        "but cudnn version in your machine",
        "unmatched",
    ),
    "jax-cuda-lib-too-old": ("but jax was built against", "installation found"),
    "could-not-load-dynamic-library": ("could not load dynamic library",),
    "extension-torch-abi-mismatch": ("undefined symbol",),
    "cuda-lib-missing": ("cannot open shared object file", "undefined symbol"),
    "dnn-library-not-found": (
        "cannot load cudnn shared library",
        "dnn library",
        "unable to load cudnn",
    ),
    "cannot-dlopen-gpu-libraries": ("cannot dlopen some gpu libraries",),
    "cublas-status": ("cublas_status_",),
    "cudnn-status": ("cudnn_status_",),
    "too-many-open-files": ("too many open files", "in read-write mode"),
    "torch-shm-unable-to-write": ("</torch_",),
    "dataloader-bus-error": (
        "killed by signal: bus error",
        "out of shared memory",
        "insufficient shared memory",
    ),
    "nccl-shm-failure": ("nccl warn", "shared memory segment", "failed to extend /dev/shm"),
    "bus-error": ("bus error",),
    "shm-stated-too-small": ("shm", "shared memory"),
    "nccl-ib-completion-error": ("got completion from peer",),
    "nccl-unhandled-cuda-error": ("unhandled cuda error", "ncclunhandledcudaerror"),
    "nccl-unhandled-system-error": ("unhandled system error", "ncclsystemerror"),
    "nccl-timeout": ("watchdog caught collective", "communicator was aborted"),
    "nccl-error": (
        "nccl error",
        "ncclinternalerror",
        "ncclinvalidusage",
        "please report this issue to the nccl developers",
        "test nccl failure",
    ),
    "nccl-p2p-workaround": ("nccl_p2p_disable",),  # assigned after the scan, see below
    "consumer-gpu-p2p-hang": ("\x00never\x00",),
    "nccl-warn": ("nccl warn", " warn "),
    "torchvision-cuda-mismatch": (
        "torchvision were compiled with different cuda",
        "and torchvision has cuda version",
    ),
    "pip-no-framework-wheel": (
        "that satisfies the requirement",
        "that satisfy the requirement",
        "no matching distribution found for",
    ),
    "torch-placeholder-package": ("tools.nnwrap",),
    "python-stated-unsupported": (
        "only support",
        "not supported",
        "isn't supported",
        "support python",
    ),
    "nouveau-owns-gpu": ("probe routine was not called", "rivafb", "nouveau"),
    "dkms-build-failed": ("dkms.conf", "bad return status for module build", "dkms"),
    "driver-init-timeout": ("driver error: timed out", "nvidia-smi", "persistence mode"),
    "driver-stated-too-old": (
        "too old",
        "outdated",
        "not supported for",
        "need a higher",
        "need higher",
        "need a newer",
        "need newer",
        "needs a newer",
        "needs an update",
        "need an update",
        "must be updated",
        "must be upgraded",
        "needs upgrade",
        "needs an upgrade",
    ),
    "gpu-throttling-reported": ("throttl", "sw power cap"),
    "pcie-aer-uncorrected": ("aer:", "severity=uncorrected"),
    "nvcc-unsupported-host-compiler": (
        "versions later than",
        "unsupported gnu version",
        "unsupported clang version",
        "unsupported microsoft visual studio",
    ),
    "nccl-ib-memlock": ("ibv_reg_mr", "memlock", "locked memory", "cannot allocate memory"),
    "memlock-stated-low": ("locked memory", "locked-memory", "memlock"),
    "pci-acs-enabled": ("acsctl:",),
    "gpu-rev-ff": ("(rev ff)",),
    "gpu-fallen-off-bus": ("off the bus", "xid"),
    "xid-ecc": ("xid", "uncorrectable ecc error encountered"),
    "gpu-lost": ("device handle for gpu", "gpu is lost", "requires reset", "no devices were found"),
    "nvidia-smi-err-reading": ("err!",),
    "xid-other": ("xid",),
    "illegal-memory-access": ("illegal memory access", "cudaerrorillegaladdress"),
    "unspecified-launch-failure": ("unspecified launch failure", "cudaerrorlaunchfailure"),
    "device-side-assert": ("device-side assert",),
    "oom-at-context-creation": ("out of memory",),  # assigned after the scan, see below
    "gpu-memory-held-stated": ("zombie", "held by", "occupied by", "taken by", "hogged by"),
    "cuda-out-of-memory": (
        "out of memory",
        "cudaerrormemoryallocation",
        "out_of_memory",
        "tried to allocate",
    ),
}
_ALL_KEYS: Tuple[bytes, ...] = tuple(sorted({k.encode() for ks in KEYS.values() for k in ks}))
MAX_CANDIDATE_LINES = 20000

_BY_ID: Dict[str, ErrorPattern] = {p.id: p for p in PATTERNS}


def pattern(pid: str) -> Optional[ErrorPattern]:
    return _BY_ID.get(pid)


# Which framework printed a message: a notice from a library the job merely imports (TF's
# CPU fallback in a PyTorch job) is not an error for the job.
COMPONENT: Dict[str, str] = {
    "could-not-load-dynamic-library": "tensorflow",
    "cannot-dlopen-gpu-libraries": "tensorflow",
    "jax-cpu-fallback": "jax",
}
_AT_WORK = {
    "torch": re.compile(
        r"site-packages[/\\]torch[/\\]|\btorch\.(?:cuda|nn|distributed|utils)\b|torchrun\b|"
        r"\bimport torch\b|\bfrom torch\b|lightning|accelerate launch|deepspeed|\bpytorch\b",
        re.I,
    ),
    "tensorflow": re.compile(
        r"site-packages[/\\](?:tensorflow|keras|tf_keras)[/\\]|\bmodel\.fit\(|\btf\.(?:keras|"
        r"config|device|distribute|data|function|test\.is_gpu_available)\b|Created (?:TensorFlow )?"
        r"device /job:|GPU:0 with \d+ MB memory",
        re.I,
    ),
    "jax": re.compile(
        r"site-packages[/\\](?:jax|flax|optax)[/\\]|\bjax\.(?:numpy|devices|jit|random)\b|"
        r"\bimport jax\b|\bjnp\.",
        re.I,
    ),
}


def frameworks_at_work(text: str) -> List[str]:
    """Frameworks the text shows doing work (tracebacks through them, their API calls)."""
    return [name for name, rx in _AT_WORK.items() if rx.search(text)]


# Distinctive words of the keys: a line holding one may start a message wrapped onto the next
# line, so it and the line before it are tried joined with their neighbours.
_STOP = {"version", "driver", "library", "device", "system", "cannot", "memory", "runtime"}
# Sentences people write (not messages a terminal wraps): matched on one line only, so two
# unrelated log lines joined by the wrap reader never make one ("zombie" + "memory").
_ONE_LINE = {
    "no-nvidia-gpu-stated",
    "cpu-torch-stated",
    "cudnn-missing-stated",
    "oom-persists-stated",
    "slow-storage-stated",
    "pcie-riser-stated",
    "ecc-uncorrectable-stated",
    "python-32bit",
    "nvidia-smi-not-found",
    "no-cuda-gpus-available",
    "windows-dll-not-found",
    "gpu-below-minimum-cc-stated",
    "shm-stated-too-small",
    "gpu-memory-held-stated",
    "python-stated-unsupported",
    "driver-init-timeout",
    "memlock-stated-low",
    "nccl-warn",
}
_ANCHORS: Tuple[bytes, ...] = tuple(
    sorted(
        {
            w.encode()
            for pid, ks in KEYS.items()
            if pid not in _ONE_LINE
            for k in ks
            if " " in k
            for w in re.findall(r"[a-z_/<]{6,}", k)
            if w not in _STOP
        }
    )
)
MAX_WINDOWS = 3000
_FLAT_KEYS: Tuple[str, ...] = tuple(sorted({k for ks in KEYS.values() for k in ks}))
# The keys a joined window is worth trying for: those of patterns that can span lines.
_WINDOW_KEYS: Tuple[str, ...] = tuple(
    sorted({k for pid, ks in KEYS.items() if pid not in _ONE_LINE for k in ks})
)
_KEYED: Tuple[Tuple[ErrorPattern, Tuple[str, ...]], ...] = tuple((p, KEYS[p.id]) for p in PATTERNS)


_KEY_PATTERNS: Dict[str, Tuple[int, ...]] = {
    k: tuple(i for i, (_, keys) in enumerate(_KEYED) if k in keys) for k in _FLAT_KEYS
}


def _eligible(low: str) -> List[ErrorPattern]:
    """The patterns (in table order) one of whose keys the lower-cased text holds: a key is
    necessary for a match, so the others cannot match and their regexes are not run."""
    idx: set = set()
    for k in _FLAT_KEYS:
        if k in low:
            idx.update(_KEY_PATTERNS[k])
    return [_KEYED[i][0] for i in sorted(idx)]


def scan(text: str, source: str) -> List[Dict[str, str]]:
    """Every recognised message in ``text`` as an error_log entry (deduplicated, capped).

    Each entry: ``pattern``, ``line`` (the message, joined when it was wrapped), ``file``,
    ``lineno`` (1-based, as a string) and, for a message from a framework the text does not
    show at work while another one is, ``in_use: "no"``.
    """
    from envcheck.importers.extract.lines import strip_prefix

    data = text.encode("utf-8", "replace")
    low = data.lower()  # ASCII-only lower-casing keeps byte offsets
    starts = _line_starts(low, _ALL_KEYS_MIN, MAX_CANDIDATE_LINES)
    out: List[Dict[str, str]] = []
    seen = set()
    per: Dict[str, int] = {}
    matched_lines = set()

    def add(p: ErrorPattern, line: str, lineno: int) -> None:
        key = (p.id, line[:MAX_LINE])
        if key not in seen and per.get(p.id, 0) < MAX_PER_PATTERN and len(out) < MAX_ENTRIES:
            seen.add(key)
            per[p.id] = per.get(p.id, 0) + 1
            out.append(
                {"pattern": p.id, "line": line[:MAX_LINE], "file": source, "lineno": str(lineno)}
            )

    lineno, pos = 1, 0
    verdicts: Dict[str, Optional[ErrorPattern]] = {}  # a log repeats its lines: match once
    for start in sorted(starts):
        lineno += data.count(b"\n", pos, start)
        pos = start
        end = data.find(b"\n", start)
        raw = data[start : end if end != -1 else len(data)].decode("utf-8", "replace")
        line = raw.strip()
        if line in verdicts:
            hit = verdicts[line]
            if hit is not None:
                matched_lines.add(lineno - 1)
            continue
        bare = strip_prefix(line)
        hit = None
        for p in _eligible(line.lower()):
            if p.regex.search(line[:4000]) or (bare != line and p.regex.search(bare[:4000])):
                hit = p
                add(p, bare or line, lineno)
                matched_lines.add(lineno - 1)
                break
        verdicts[line] = hit
        if len(out) >= MAX_ENTRIES:
            break
    _scan_wrapped(data, low, matched_lines, add)
    _oom_at_context_creation(data, out)
    _oom_persists_needs_an_oom(low, out)
    _consumer_gpu_p2p_hang(data, low, out, source)
    _p2p_workaround(data, low, add)
    _semlock_no_space(data, low, add)
    _no_space_context(data, out)
    _hedge(out)
    if any(e["pattern"] in _NCCL_SPECIFIC for e in out):  # the generic line says no more
        out[:] = [e for e in out if e["pattern"] != "nccl-warn"]
    _mark_components(text, out)
    out.sort(key=lambda e: int(e.get("lineno", "0")))
    return out


def _minimal(keys: Tuple[bytes, ...]) -> Tuple[bytes, ...]:
    """The keys that hold no other key: a line holding "nccl warn net/ib" holds "nccl warn",
    so finding the lines of the shorter key finds both (one pass over the text less)."""
    kept: List[bytes] = []
    for k in sorted(keys, key=len):
        if not any(s in k for s in kept):
            kept.append(k)
    return tuple(kept)


def _line_starts(low: bytes, keys: Tuple[bytes, ...], cap: int) -> set:
    starts = set()
    for key in keys:
        pos = low.find(key)
        while pos != -1 and len(starts) < cap:
            starts.add(low.rfind(b"\n", 0, pos) + 1)
            end = low.find(b"\n", pos)
            if end == -1:
                break
            pos = low.find(key, end)
    return starts


def _windows_with_a_key(lowered: List[str]) -> List[int]:
    """Indices (in order) of the windows that hold a key of a pattern that can span lines.

    One str.find pass per key over all windows joined (C speed) instead of a Python loop over
    every key for every window: 4,800 windows x 200 keys cost 0.25 s on a 1 MB paste."""
    import bisect

    if not lowered:
        return []
    sep = "\x00"
    joined = sep.join(lowered)
    starts, pos = [], 0
    for w in lowered:
        starts.append(pos)
        pos += len(w) + 1
    hit: set = set()
    for k in _WINDOW_KEYS:
        at = joined.find(k)
        while at != -1:
            n = bisect.bisect_right(starts, at) - 1
            hit.add(n)
            nxt = starts[n + 1] if n + 1 < len(starts) else len(joined)
            at = joined.find(k, nxt)
    return sorted(hit)


def _scan_wrapped(data: bytes, low: bytes, matched: set, add: object) -> None:
    """Messages broken across lines: try each anchor line (and the one before) joined."""
    from envcheck.importers.extract.lines import strip_prefix, windows

    starts = _line_starts(low, _ANCHORS_MIN, MAX_WINDOWS)
    if not starts:
        return
    offsets = sorted(starts)
    # 0-based line index of each start, counted incrementally
    idx: List[int] = []
    count, pos = 0, 0
    for s in offsets:
        count += data.count(b"\n", pos, s)
        pos = s
        idx.append(count)
    # a line that held a whole message needs no joining, nor does the line before it
    cand = sorted({j for i in idx if i not in matched for j in (i - 1, i) if j >= 0} - matched)
    if not cand:
        return
    lines = data.decode("utf-8", "replace").split("\n")
    tried = set()
    done = set()
    wins = list(windows(lines, [c for c in cand[:MAX_WINDOWS] if lines[c].strip()]))
    for n in _windows_with_a_key([w.lower() for _, w in wins]):
        i, window = wins[n]
        if (i, window) in tried or i in done:
            continue
        tried.add((i, window))
        w = window.lower()
        for p in _eligible(w):
            if p.id in _ONE_LINE:
                continue
            m = p.regex.search(window[:4000])
            if m:
                # a match that lies wholly on a later line is found there, not here
                if m.start() <= len(strip_prefix(lines[i])):
                    add(p, window, i + 1)  # type: ignore[operator]
                    done.add(i)
                break


_CUDART = re.compile(r"cudart", re.I)
_CONTEXT_CREATION = re.compile(
    r"cuCtxCreate|cuDevicePrimaryCtxRetain|cudaSetDevice|_lazy_init|cuInit|torch\.cuda\.init|"
    r"CUDA context|context creation|create (?:a )?context",
    re.I,
)


def _oom_at_context_creation(data: bytes, entries: List[Dict[str, str]]) -> None:
    """Out of memory while *creating the CUDA context* (a few hundred MB) means the memory is
    held by other processes, not that this job is too big."""
    if not any(e["pattern"] == "cuda-out-of-memory" for e in entries):
        return
    lines = data.decode("utf-8", "replace").split("\n")
    for e in entries:
        if e["pattern"] != "cuda-out-of-memory":
            continue
        n = int(e.get("lineno") or 0)
        near = "\n".join(lines[max(0, n - 3) : n + 4])
        if _CONTEXT_CREATION.search(near):
            e["pattern"] = "oom-at-context-creation"


_CONSUMER_GPUS = re.compile(
    r"\b(?:\d\s*x\s*|multiple |several |two |four |eight |[2-8] )?(?:geforce\s+)?(?:rtx\s*)?"
    r"(?:30[5-9]0|40[6-9]0|50[6-9]0)(?:\s*ti)?\b",
    re.I,
)
_HANG = re.compile(r"\b(?:hangs?|hanging|hung|stuck|freez\w*|froze|deadlock\w*)\b", re.I)
_MULTI_GPU = re.compile(
    r"\b(?:nccl|ddp|distributed|multi[- ]?gpus?|multiple gpus|deepspeed|torchrun|all_?reduce)\b",
    re.I,
)


def _consumer_gpu_p2p_hang(data: bytes, low: bytes, out: List[Dict[str, str]], source: str) -> None:
    """A multi-GPU job on GeForce RTX cards that hangs: GeForce RTX 30/40/50 cards have no
    working PCIe peer-to-peer, and NCCL's P2P path can hang on them (NCCL_P2P_DISABLE=1 is
    the test). Stated by the text, not a message: a warning, only when nothing more specific
    about NCCL was recognised."""
    if any(e["pattern"] in _NCCL_SPECIFIC or e["pattern"] == "nccl-p2p-workaround" for e in out):
        return
    if (
        low.find(b"hang") == -1
        and low.find(b"stuck") == -1
        and low.find(b"freez") == -1
        and (low.find(b"froze") == -1 and low.find(b"deadlock") == -1 and low.find(b"hung") == -1)
    ):
        return
    text = data.decode("utf-8", "replace")
    gpu = _CONSUMER_GPUS.search(text)
    if gpu is None:
        return
    counted = re.match(
        r"(?:\d\s*x\s*|multiple |several |two |four |eight |[2-8] )", gpu.group(0), re.I
    )
    if not counted and not _MULTI_GPU.search(text):
        return
    hang = _HANG.search(text)
    if hang is None:
        return
    lineno = text.count("\n", 0, hang.start()) + 1
    line = text.split("\n")[lineno - 1].strip()
    out.append(
        {
            "pattern": "consumer-gpu-p2p-hang",
            "line": line[:MAX_LINE],
            "file": source,
            "lineno": str(lineno),
        }
    )


_OOM_WORDS = (
    b"out of memory",
    b"failed to allocate",
    b"failing to allocate",
    b"cannot allocate",
    b"out_of_memory",
    b"memoryallocation",
    b"oom",
)


def _oom_persists_needs_an_oom(low: bytes, entries: List[Dict[str, str]]) -> None:
    """ "Reduced the batch size to 8, still fails" speaks of GPU memory held by others only in a
    text about running out of memory."""
    if any(e["pattern"] == "oom-persists-stated" for e in entries) and not any(
        low.find(w) != -1 for w in _OOM_WORDS
    ):
        entries[:] = [e for e in entries if e["pattern"] != "oom-persists-stated"]


_NCCL_SPECIFIC = {
    "nccl-shm-failure",
    "nccl-ib-completion-error",
    "nccl-ib-memlock",
    "nccl-unhandled-cuda-error",
    "nccl-unhandled-system-error",
    "nccl-timeout",
    "nccl-error",
}
_P2P_OFF = re.compile(r"NCCL_P2P_DISABLE\s*=\s*1", re.I)
_WORKS = re.compile(
    r"\b(?:work\s*-?\s*around|works?|worked|did work|fix(?:es|ed)?|solved?|solves|help(?:s|ed)?|"
    r"resolved?|resolves|hangs?|hanging|hung|stuck|deadlock)\b",
    re.I,
)


def _p2p_workaround(data: bytes, low: bytes, add: object) -> None:
    """ "NCCL_P2P_DISABLE=1 works around it": the text says NCCL fails or hangs with GPU
    peer-to-peer on, on the line that sets it or within two lines of it."""
    pos = low.find(b"nccl_p2p_disable")
    if pos == -1:
        return
    lines = data.decode("utf-8", "replace").split("\n")
    for i, line in enumerate(lines):
        if not _P2P_OFF.search(line):
            continue
        near = " ".join(lines[max(0, i - 2) : i + 3])
        if _WORKS.search(near):
            add(_BY_ID["nccl-p2p-workaround"], line.strip(), i + 1)  # type: ignore[operator]
            return


_NO_SPACE = re.compile(r"No space left on device", re.I)


def _semlock_no_space(data: bytes, low: bytes, add: object) -> None:
    """A traceback through multiprocessing's SemLock ending in ENOSPC: the semaphore lives in
    /dev/shm, so the full device is shared memory (the error line itself names no file)."""
    if low.find(b"semlock") == -1 or low.find(b"no space left on device") == -1:
        return
    lines = data.decode("utf-8", "replace").split("\n")
    last = -100
    for i, line in enumerate(lines):
        if "semlock" in line.lower():
            last = i
        elif _NO_SPACE.search(line) and 0 < i - last <= 8:
            add(_BY_ID["semlock-no-space"], line.strip(), i + 1)  # type: ignore[operator]
            return


_SHM_CONTEXT = re.compile(
    r"/dev/shm|shared memory|\bshm|semlock|_share_(?:filename|fd)|</torch_|"
    r"multiprocessing[/.]|DataLoader worker|\b(?:num_)?workers\s*=\s*0\b[^\n]{0,40}?"
    r"(?:solv|fix|work|help)",
    re.I,
)


def _no_space_context(data: bytes, out: List[Dict[str, str]]) -> None:
    """ENOSPC names no file: the traceback around it says which device was full. A write into
    shared memory (multiprocessing, a DataLoader worker, torch's shm files; a reporter whose
    fix was `workers=0`) is /dev/shm, not the disk; the semaphore case has its own entry."""
    full = [e for e in out if e["pattern"] == "disk-full"]
    if not full:
        return
    semlock = {e["lineno"] for e in out if e["pattern"] == "semlock-no-space"}
    lines = data.decode("utf-8", "replace").split("\n")
    keep = []
    for e in out:
        if e["pattern"] != "disk-full":
            keep.append(e)
            continue
        if e["lineno"] in semlock:
            continue
        n = int(e["lineno"])
        # the traceback above it, or the reporter's words around it ("workers=0 solved it")
        if any(_SHM_CONTEXT.search(x) for x in lines[max(0, n - 13) : n + 20]):
            e["pattern"] = "no-space-shm"
        keep.append(e)
    out[:] = keep


# Messages whose pattern covers a stronger and a weaker wording: the weaker one is a warning.
_HEDGED = {"too-many-open-files": re.compile(r"too many open files", re.I)}


def _hedge(entries: List[Dict[str, str]]) -> None:
    """ "unable to open shared memory object ... in read-write mode" without the errno text is
    most often the open-files limit, but the text does not say so: a warning, not an error."""
    for e in entries:
        rx = _HEDGED.get(e["pattern"])
        if rx is not None and not rx.search(e.get("line", "")):
            e["severity"] = "warning"


def _mark_components(text: str, entries: List[Dict[str, str]]) -> None:
    """Severity follows whether the component is the one doing the work, as far as the text
    shows: ``in_use: "no"`` for a notice from a framework the text does not show at work
    while another one is; ``severity: "warning"`` for TensorFlow's cudart load notice on its
    own (TF itself says to ignore it on a machine without a GPU set up; a missing cuDNN or
    cuBLAS, or "Cannot dlopen some GPU libraries", is the error)."""
    if not any(e["pattern"] in COMPONENT for e in entries):
        return
    working = frameworks_at_work(text)
    tf_gpu_failed = any(
        e["pattern"] == "cannot-dlopen-gpu-libraries"
        or (e["pattern"] == "could-not-load-dynamic-library" and not _CUDART.search(e["line"]))
        for e in entries
    )
    for e in entries:
        comp = COMPONENT.get(e["pattern"])
        if comp and working and comp not in working:
            e["in_use"] = "no"
            e["at_work"] = ",".join(working)
        elif comp and comp not in working:
            # the text shows no framework at work: whether this one does the job is unclear,
            # so its fallback notice is at most a warning
            e["severity"] = "warning"
        elif e["pattern"] == "could-not-load-dynamic-library" and not tf_gpu_failed:
            e["severity"] = "warning"


_ALL_KEYS_MIN = _minimal(_ALL_KEYS)
_ANCHORS_MIN = _minimal(_ANCHORS)
