"""Error messages, part 2 of 7: common messages of broken GPU setups, mined from public reports
(issue 10, round five: each seen in at least two threads outside the corpus; sources in
docs/reports.md). Tried after part 1, before the general families."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import ErrorPattern, make

PATTERNS: List[ErrorPattern] = [
    make(
        "numpy-abi-mismatch",
        r"A module that was compiled using NumPy 1\.x cannot be run in\s*NumPy 2",
        "framework-pairing",
        "error",
        "a compiled module was built against NumPy 1.x and NumPy 2 is installed",
        "Install a NumPy the module was built for (`pip install 'numpy<2'`), or upgrade the "
        "module to a release built against NumPy 2.",
    ),
    make(
        "cuda-home-missing",
        r"CUDA_HOME environment variable is not set|"
        r"CUDA_HOME does not exist, unable to compile CUDA op",
        "toolkit-mismatch",
        "error",
        "a CUDA extension must be compiled and no CUDA toolkit (CUDA_HOME) is found",
        "Install the CUDA toolkit whose major.minor matches the framework's CUDA (`python -c "
        "'import torch; print(torch.version.cuda)'`) and set CUDA_HOME to it, or install a "
        "prebuilt wheel of the extension.",
    ),
    make(
        "torch-load-cuda-without-gpu",
        r"Attempting to deserialize object on a CUDA device but torch\.cuda\.is_available\(\) "
        r"is False",
        "cpu-only-build",
        "warning",
        "a CUDA checkpoint is loaded where torch cannot use a GPU",
        "If the host has an NVIDIA GPU, torch cannot use it (a `+cpu` build, or no driver): "
        "install the CUDA wheel; on a CPU-only host pass `map_location='cpu'` to torch.load.",
    ),
    make(
        "tf-cudnn-failed-to-initialize",
        r"Failed to get convolution algorithm\. This is probably because cuDNN failed to initi"
        r"alize",
        "cuda-libs-mismatch",
        "warning",
        "TensorFlow could not initialise cuDNN",
        "Check that the cuDNN version is the one TensorFlow was built with (`envcheck matrix` "
        "lists them); if it is, GPU memory was already taken (another process, or TF's "
        "pre-allocation: set TF_FORCE_GPU_ALLOW_GROWTH=true).",
    ),
    make(
        "docker-nvidia-runtime-unknown",
        r"unknown or invalid runtime name: nvidia|Unknown runtime specified nvidia",
        "driver-not-loaded",
        "error",
        "Docker has no nvidia runtime: the container cannot reach the driver",
        "Install the NVIDIA Container Toolkit and register its runtime (`sudo nvidia-ctk "
        "runtime configure --runtime=docker && sudo systemctl restart docker`), or use "
        "`--gpus all` instead of `--runtime=nvidia`.",
    ),
    make(
        "glibc-too-old",
        r"version `GLIBC(?:XX)?_[\d.]+' not found",
        "os-setting",
        "error",
        "a library needs a newer C/C++ runtime (glibc / libstdc++) than the system has",
        "Use the libstdc++ of the environment (`conda install -c conda-forge libstdcxx-ng`, "
        "or put $CONDA_PREFIX/lib first in LD_LIBRARY_PATH) or a build made for this OS's "
        "glibc; `envcheck matrix` lists the glibc each wheel needs.",
    ),
    make(
        "nccl-not-built-in",
        r"Distributed package doesn't have NCCL built in|NCCL support is not compiled",
        "nccl-problem",
        "error",
        "this PyTorch build has no NCCL (Windows, macOS, or a CPU build)",
        "Use the gloo backend (`backend='gloo'`, or the launcher's option for it) on "
        "Windows/macOS; on Linux install the CUDA build of torch, which includes NCCL.",
    ),
    make(
        "cuinit-unknown-error",
        r"failed call to cuInit: CUDA_ERROR_UNKNOWN|"
        r"cuInit\(?0?\)?[^\n]{0,40}?CUDA_ERROR_UNKNOWN|\bCUDA error: unknown error\b|"
        r"\bpanic: CUDA_ERROR_UNKNOWN\b",
        "driver-not-loaded",
        "warning",
        "the CUDA driver failed to initialise with an unknown error",
        "Usually the nvidia-uvm module is not loaded or the GPU state broke after "
        "suspend/resume: `sudo modprobe nvidia-uvm` (or `nvidia-modprobe -u -c=0`), and "
        "reboot if it persists; in a container check that /dev/nvidia-uvm is passed in.",
    ),
    make(
        "ngc-driver-not-detected",
        r"WARNING: The NVIDIA Driver was not detected\.\s*GPU functionality will not be availa"
        r"ble",
        "driver-not-loaded",
        "warning",
        "the container started without GPUs (its entrypoint found no driver)",
        "Start the container with GPUs: `docker run --gpus all ...` (NVIDIA Container Toolkit "
        "installed), or `runtime: nvidia` / device requests in compose.",
    ),
    make(
        "processgroupnccl-no-gpus",
        r"ProcessGroupNCCL is only supported with GPUs, no GPUs found",
        "os-setting",
        "warning",
        "NCCL was asked for and the process sees no GPU",
        "Check what the process can see (CUDA_VISIBLE_DEVICES, the scheduler's GPU request, "
        "`torch.cuda.is_available()`); a `+cpu` torch sees none either.",
    ),
    make(
        "rendezvous-port-in-use",
        r"server socket has failed to (?:listen on any local network address|"
        r"bind to \S+:\d+)[^\n]{0,60}?Address already in use|"
        r"errno: 98 - Address already in use",
        "os-setting",
        "warning",
        "the distributed rendezvous port is already taken (another job, or a leftover one)",
        "Pick a free port (`MASTER_PORT` / `--master_port` / `--rdzv-endpoint`), or stop the "
        "leftover processes of an earlier run (`ps aux | grep torchrun`).",
    ),
    make(
        "torch-dll-load-failed",
        r"\[WinError 126\][^\n]{0,80}?Error loading \"[^\"\n]{0,200}?torch\\lib\\\w+\.dll\"",
        "os-setting",
        "error",
        "Windows cannot load one of torch's DLLs (a runtime it needs is missing)",
        "Install the latest Microsoft Visual C++ Redistributable (x64) and reopen the shell; "
        "if it persists, reinstall torch in a fresh venv (a half-installed torch/lib gives "
        "the same error).",
    ),
    make(
        "nccl-duplicate-gpu",
        r"Duplicate GPU detected : rank \d+ and rank \d+ both on CUDA device",
        "os-setting",
        "error",
        "two ranks were given the same GPU",
        "Give each rank its own GPU: set the device from LOCAL_RANK "
        "(`torch.cuda.set_device(local_rank)`) and check CUDA_VISIBLE_DEVICES / the "
        "scheduler's per-task GPU binding.",
    ),
    make(
        "nvcc-arch-not-defined",
        r"Value '(?:sm|compute)_\d+a?' is not defined for option '(?:gpu-architecture|"
        r"gpu-name)'",
        "toolkit-mismatch",
        "error",
        "the CUDA compiler (nvcc/ptxas) is too old for the GPU architecture asked for",
        "Use a CUDA toolkit that knows the architecture (sm_86 needs CUDA >= 11.1, "
        "sm_89/sm_90 >= 11.8, sm_120 >= 12.8), or build for an older architecture "
        "(TORCH_CUDA_ARCH_LIST).",
    ),
    make(
        "xla-driver-older-than-ptxas",
        r"The NVIDIA driver's CUDA version is [\d.]+ which is older than the (?:ptxas CUDA|"
        r"PTX compiler) version",
        "driver-too-old",
        "warning",
        "the driver's CUDA is older than the PTX compiler JAX/XLA uses (parallel compilation "
        "is disabled)",
        "Upgrade the driver to one that supports the CUDA of the installed ptxas (`envcheck "
        "matrix driver <version>`), or install the jax CUDA plugin release matching the "
        "driver.",
    ),
    make(
        "tf-ptx-jit-for-cc",
        r"TensorFlow was not built with CUDA kernel binaries compatible with compute capabilit"
        r"y \d+\.\d+",
        "gpu-arch-unsupported",
        "warning",
        "this TensorFlow build has no kernels for the GPU: they are JIT-compiled from PTX "
        "(slow start, may fail)",
        "Install a TensorFlow release built for this GPU's compute capability (`envcheck "
        "matrix recommend --gpu NAME`).",
    ),
    make(
        "jax-no-visible-gpu",
        r"FAILED_PRECONDITION: No visible GPU devices",
        "driver-not-loaded",
        "warning",
        "JAX's CUDA backend sees no GPU",
        "Check `nvidia-smi` and CUDA_VISIBLE_DEVICES in the job's environment; in a container "
        "pass `--gpus all`; then that the jax CUDA plugin matches the driver (`envcheck "
        "verify`).",
    ),
    make(
        "slurm-oom-kill",
        r"Detected \d+ oom[-_]kill event|"
        r"Some of your processes may have been killed by the cgroup out-of-memory handler|"
        r"srun: error: \S+: task \d+: Out Of Memory",
        "os-setting",
        "error",
        "the job's host-memory limit (Slurm cgroup) killed it",
        "Ask for more host memory (`--mem` / `--mem-per-cpu` / `--mem-per-gpu`) or use less "
        "(fewer DataLoader workers, smaller prefetch, memory-mapped datasets).",
    ),
    make(
        "k8s-insufficient-gpu",
        r"\d+/\d+ nodes are available:[^\n]{0,80}?Insufficient nvidia\.com/gpu",
        "os-setting",
        "warning",
        "Kubernetes has no node with a free GPU for the pod",
        "Check the device plugin advertises GPUs (`kubectl describe node | grep "
        "nvidia.com/gpu`; the plugin's pod logs) and that other pods do not hold them all.",
    ),
    make(
        "nvml-insufficient-permissions",
        r"Failed to initialize NVML: Insufficient Permissions|"
        r"nvml error: insufficient permissions",
        "os-setting",
        "error",
        "the process may not open the NVIDIA device nodes",
        "Check the permissions of /dev/nvidia* (`ls -l /dev/nvidia*`: 0666, or the user in "
        "their group), and in containers the device cgroup / SELinux labels (`--security-opt "
        "label=disable`).",
    ),
    make(
        "container-driver-files-baked-in",
        r"nvidia-container-cli: mount error: file creation failed: [^\n]{0,200}?(?:nvidia-smi|"
        r"libnvidia-\w+\.so[.\d]*|libcuda\.so[.\d]*): file exists",
        "driver-library-mismatch",
        "error",
        "the image contains driver files the toolkit mounts from the host",
        "Rebuild the image without the NVIDIA driver files (no nvidia-smi, libnvidia-*, "
        "libcuda in the image: the host's are mounted at run time), e.g. from an nvidia/cuda "
        "base image.",
    ),
    make(
        "libnccl-missing",
        r"libnccl\.so(?:\.\d+)?: cannot open shared object file",
        "nccl-problem",
        "error",
        "the NCCL library is not found",
        "Install the NCCL the framework was built with (PyTorch: the nvidia-nccl-cu12 wheel "
        "comes with torch; TensorFlow: the libnccl2 package of its CUDA), or put its "
        "directory in LD_LIBRARY_PATH.",
    ),
    make(
        "cudnn-symbol-load-failed",
        r"Invalid handle\. Cannot load symbol cudnn\w+|Could not locate cudnn_\w+64_\d+\.dll",
        "cuda-libs-mismatch",
        "error",
        "cuDNN could not be loaded (missing, or another major than the program needs)",
        "Install the cuDNN major the program was built with (CTranslate2/faster-whisper 4.x: "
        "cuDNN 9 for CUDA 12) and make it findable (PATH on Windows, LD_LIBRARY_PATH on "
        "Linux).",
    ),
    make(
        "a1111-torch-cannot-use-gpu",
        r"Torch is not able to use GPU; add --skip-torch-cuda-test",
        "cpu-only-build",
        "warning",
        "the web UI's torch cannot use the GPU",
        "Check `venv/bin/python -c 'import torch; print(torch.__version__, "
        "torch.cuda.is_available())'`: a `+cpu` build needs the CUDA wheel in the UI's venv "
        "(delete venv/ and relaunch, or set TORCH_COMMAND); with a CUDA build, the driver "
        "(`nvidia-smi`).",
    ),
    make(
        "onnxruntime-cuda-provider-failed",
        r"Failed to create CUDAExecutionProvider|"
        r"LoadLibrary failed with error 126[^\n]{0,120}?onnxruntime_providers_cuda|"
        r"TryGetProviderInfo_CUDA\][^\n]{0,80}?LoadLibrary failed|"
        r"Failed to load library libonnxruntime_providers_cuda\.so with error",
        "cuda-libs-mismatch",
        "warning",
        "ONNX Runtime could not load its CUDA provider (CUDA/cuDNN libraries missing or of "
        "another major)",
        "Install the CUDA and cuDNN majors the onnxruntime-gpu release needs (its "
        "requirements page; 1.19+: CUDA 12 + cuDNN 9) and make them findable, or install the "
        "onnxruntime-gpu build for the CUDA present.",
    ),
    make(
        "xformers-no-operator",
        r"No operator found for `memory_efficient_attention_\w+`|"
        r"xFormers wasn't build with CUDA support",
        "framework-pairing",
        "warning",
        "xFormers has no usable kernel here (built for another torch/CUDA, or without CUDA)",
        "Install the xFormers release built for the installed torch and CUDA (`python -m "
        "xformers.info` shows what it was built for; pip install xformers from the torch "
        "index URL).",
    ),
    make(
        "mmcv-ext-missing",
        r"No module named 'mmcv\._ext'",
        "framework-pairing",
        "error",
        "mmcv's compiled ops are missing (mmcv-lite, or a build for another torch/CUDA)",
        "Install full mmcv built for the installed torch and CUDA (`mim install mmcv`, or the "
        "wheel from the OpenMMLab index for your torch/cu versions).",
    ),
    make(
        "numba-nvvm-missing",
        r"libNVVM cannot be found",
        "cuda-libs-mismatch",
        "error",
        "Numba cannot find libNVVM (no CUDA toolkit libraries for it)",
        "Install the CUDA NVVM libraries Numba uses (`conda install cuda-nvcc cuda-nvrtc` or "
        "`pip install numba-cuda[cu12]`) or point CUDA_HOME at a full toolkit.",
    ),
    make(
        "triton-missing",
        r"Cannot find a working triton installation|No module named 'triton\.ops'",
        "framework-pairing",
        "error",
        "Triton is missing or of another release than the code needs",
        "Install the triton release paired with the installed torch (Linux wheels bring it; "
        "on Windows triton-windows), and upgrade code that imports triton.ops (removed in "
        "Triton 3.x, e.g. old bitsandbytes).",
    ),
    make(
        "flash-attention-cuda-floor",
        r"FlashAttention is only supported on CUDA \d+(?:\.\d+)? and above",
        "toolkit-mismatch",
        "error",
        "FlashAttention's build needs a newer CUDA toolkit (nvcc) than the one found",
        "Build with a CUDA toolkit at or above the version named (`nvcc -V`; set CUDA_HOME), "
        "or install a prebuilt flash-attn wheel for the installed torch/CUDA.",
    ),
    make(
        "bitsandbytes-cuda-lib-missing",
        r"Required library version not found: libbitsandbytes_cuda\d+(?:_nocublaslt)?\.so",
        "cuda-libs-mismatch",
        "warning",
        "bitsandbytes has no binary for the CUDA version it detected",
        "Upgrade bitsandbytes (>= 0.43 ships binaries for CUDA 11.8-12.x), or set "
        "BNB_CUDA_VERSION to a CUDA it ships, or build it from source.",
    ),
    make(
        "bitsandbytes-cpu-lib-loaded",
        r"object has no attribute 'cadam32bit_grad_fp32'|"
        r"function 'cadam32bit_grad_fp32' not found",
        "cpu-only-build",
        "error",
        "bitsandbytes loaded its CPU library (no CUDA kernels)",
        "Install a bitsandbytes release with binaries for this platform and CUDA (>= 0.43 on "
        "Windows and Linux), with a CUDA torch.",
    ),
    make(
        "tensorrt-engine-other-device",
        r"engine plan file is generated on an incompatible device, expecting compute \d+\.\d+ "
        r"got compute \d+\.\d+",
        "gpu-arch-unsupported",
        "error",
        "the TensorRT engine was built on a GPU of another compute capability",
        "Rebuild the engine on this GPU (engines are specific to the compute capability and "
        "TensorRT version), e.g. with trtexec --onnx=model.onnx --saveEngine=model.plan.",
    ),
    make(
        "bf16-tf32-needs-ampere",
        r"Your setup doesn't support bf16/gpu|--tf32 requires Ampere|"
        r"Bfloat16 is only supported on GPUs with compute capability of at least \d+\.\d+",
        "gpu-arch-unsupported",
        "error",
        "bf16/TF32 was asked for on a GPU older than Ampere (compute capability < 8.0)",
        "Use fp16 instead of bf16 (`--fp16`, `dtype=float16`) and drop --tf32 on pre-Ampere "
        "GPUs, or run on an Ampere or newer GPU.",
    ),
    make(
        "extension-not-compiled-with-gpu",
        r"\bNot compiled with GPU support",
        "cpu-only-build",
        "error",
        "a compiled extension (detectron2, maskrcnn-benchmark, ...) was built without CUDA",
        "Rebuild the extension where CUDA is visible (`FORCE_CUDA=1`, CUDA_HOME set, a CUDA "
        "torch installed) and `pip install` it again without build isolation.",
    ),
    make(
        "zlibwapi-missing",
        r"Could not (?:locate|load library) zlibwapi\.dll",
        "cuda-libs-mismatch",
        "error",
        "cuDNN 8 on Windows needs zlibwapi.dll, which is missing",
        "Install zlib for cuDNN (put zlibwapi.dll next to the cuDNN DLLs, per NVIDIA's cuDNN "
        "8 install guide for Windows) or use cuDNN 9, which does not need it.",
    ),
    make(
        "vllm-no-memory-for-cache",
        r"No available memory for the cache blocks|# GPU blocks: 0,",
        "gpu-contention",
        "warning",
        "vLLM found no GPU memory left for its KV cache",
        "Free the GPU (`nvidia-smi` lists other processes holding memory) or raise "
        "`gpu_memory_utilization`, or use a smaller model / max_model_len.",
    ),
    make(
        "slurm-invalid-gres",
        r"Invalid generic resource \(gres\) specification|Gres format wrong|"
        r"You must always specify a type when requesting gpu GRES",
        "os-setting",
        "error",
        "Slurm rejected the job's GPU request (the gres specification)",
        "Ask for GPUs the way this cluster defines them: `sinfo -o '%N %G'` lists the gres names "
        "and types (e.g. `--gres=gpu:a100:1`, or `--gpus=1` where types are optional).",
    ),
    make(
        "cmake-no-cuda-toolset",
        r"No CUDA toolset found",
        "toolkit-mismatch",
        "error",
        "CMake's Visual Studio generator finds no CUDA integration",
        "Install the CUDA toolkit's Visual Studio integration (or copy its MSBuild extensions "
        "into the VS BuildCustomizations folder), or build with Ninja and CUDACXX set.",
    ),
    make(
        "ollama-no-compatible-gpu",
        r"msg=\"?no compatible GPUs were discovered",
        "driver-not-loaded",
        "warning",
        "Ollama found no GPU it can use and runs on the CPU",
        "Check `nvidia-smi` where Ollama runs (in Docker: `--gpus all`), that the driver "
        "meets Ollama's minimum (531+ for its CUDA 12 runner), and the server log lines "
        "before this one for the reason.",
    ),
]
