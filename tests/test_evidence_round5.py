"""Classes of pasted text (issue 10, fifth round): ways of writing facts and message families
that the misses of the earlier splits and of dev8 showed. Each example is written for this test
(not a corpus paste); each class has a near miss that must not match.
"""

from __future__ import annotations

from pathlib import Path
from typing import List

import evidence_support
import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("The nvidia driver version of my machine is 381.22, so cuda 9 fails.", "381.22"),
        ("my NVIDIA driver on the host is 470.82.01", "470.82.01"),
        ("Driver installed via apt: 535.54.03", "535.54.03"),
    ],
)
def test_a_driver_version_a_few_words_after_driver(tmp_path: Path, text: str, version: str) -> None:
    assert snap_of(tmp_path, text).driver.version == version


@pytest.mark.parametrize(
    "text",
    [
        "the driver of my choice is 12 months old",  # no full NNN.NN version
        "the driver needs about 512.5 MB of memory",  # a size, not a version
    ],
)
def test_a_number_near_driver_that_is_no_driver_version(tmp_path: Path, text: str) -> None:
    driver = snap_of(tmp_path, text).driver
    assert not isinstance(getattr(driver, "version", None), str), driver


def test_nccl_tests_that_stall_is_a_collective_stall() -> None:
    text = (
        "nccl-tests all_reduce_perf on 4 GPUs stalls after the header:\n"
        "#                                 out-of-place                       in-place\n"
        "#       size         count      type   redop     time   algbw   busbw  error\n"
    )
    assert "nccl-collective-stall" in pats(text)


def test_nccl_info_lines_and_a_hang_is_a_collective_stall() -> None:
    text = (
        "node1:811:900 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via P2P/IPC\n"
        "node1:811:900 [0] NCCL INFO comm 0x55 rank 0 nranks 2 - Init COMPLETE\n"
        "then the training hangs at the first step, no error.\n"
    )
    assert "nccl-collective-stall" in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        # NCCL at work, nothing stalls
        "node1:811:900 [0] NCCL INFO comm 0x55 rank 0 nranks 2 - Init COMPLETE\nepoch 1 done",
        # a hang without NCCL in the text
        "the dataloader hangs with num_workers=8 on one GPU",
        # a specific NCCL error says more
        "NCCL INFO Init COMPLETE\nhangs, then: Watchdog caught collective operation timeout",
    ],
)
def test_no_collective_stall_without_nccl_and_a_stall(text: str) -> None:
    assert "nccl-collective-stall" not in pats(text)


CLASSES = [
    ("nvidia-smi-no-devices", "$ nvidia-smi\nNo devices were found\n"),
    (
        "fp16-not-supported-on-cpu",
        'warnings.warn("FP16 is not supported on CPU; using FP32 instead")',
    ),
    (
        "keras-metric-already-exists",
        "tensorflow.python.framework.errors_impl.AlreadyExistsError: Another metric with the same "
        "name already exists.",
    ),
    (
        "checkpoint-write-failed",
        "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 8128 vs 8016",
    ),
    ("checkpoint-write-failed", "RuntimeError: PytorchStreamWriter failed writing file data/7"),
    (
        "installer-python-range",
        "Please install Python 3.10.0 or higher (maximum 3.11.100) before running this script.",
    ),
    (
        "gpu-below-library-minimum-cc",
        "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
    ),
    ("gpu-below-library-minimum-cc", "this kernel requires a Hopper GPU or newer"),
    (
        "torchvision-operator-missing",
        "NotImplementedError: Could not run 'torchvision::roi_align' with arguments from the "
        "'CUDA' backend.",
    ),
    (
        "container-no-gpu-driver",
        'Error response from daemon: could not select device driver "nvidia" with capabilities: '
        "[[gpu]]",
    ),
]


@pytest.mark.parametrize(("pid", "text"), CLASSES)
def test_each_class_is_recognised(pid: str, text: str) -> None:
    assert pid in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "nvidia-smi lists no processes; No devices were found in the other container",  # prose
        "FP16 is not supported by this GPU",  # not the CPU fallback
        "A metric with the same name was logged twice",
        "unexpected position in the stream",
        "Please install Python 3.10 or higher.",  # a floor only, no range
        "FlashAttention supports Ampere and Hopper GPUs",  # no 'only ... or newer'
        # not torchvision (the 'CUDA' backend form reads as a torch without CUDA since round 33)
        "Could not run 'aten::add' with arguments from the 'Meta' backend",
        'could not select device driver "amd" with capabilities: [[gpu]]',
    ],
)
def test_class_near_misses(text: str) -> None:
    assert not pats(text), pats(text)


def test_a_slurm_job_that_asked_for_no_gpus(tmp_path: Path) -> None:
    text = "srun --partition a100 --pty bash -i\n$ nvidia-smi\nNo devices were found\n"
    assert "slurm-job-without-gpus" in pats(text)
    assert ("EC913", "os-setting", "warning") in judge(tmp_path, text, ["EC913"])


@pytest.mark.parametrize(
    "text",
    [
        # GPUs were requested: the cause is elsewhere (device constraints, the node)
        "srun --gres=gpu:a100:1 --pty bash\n$ nvidia-smi\nNo devices were found\n",
        "srun -p gpu --gpus=2 python train.py\nRuntimeError: No CUDA GPUs are available\n",
        # a Slurm job, but a GPU was found
        "srun -p gpu python train.py\nNVIDIA A100 80GB, 535.104.05\n",
    ],
)
def test_no_slurm_inference_when_gpus_were_requested_or_found(text: str) -> None:
    assert "slurm-job-without-gpus" not in pats(text)


MINED = [
    (
        "numpy-abi-mismatch",
        "A module that was compiled using NumPy 1.x cannot be run in NumPy 2.0.0 as it may crash.",
    ),
    (
        "cuda-home-missing",
        "OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install"
        " root.",
    ),
    (
        "torch-load-cuda-without-gpu",
        "RuntimeError: Attempting to deserialize object on a CUDA device but"
        " torch.cuda.is_available() is False.",
    ),
    (
        "tf-cudnn-failed-to-initialize",
        "UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed"
        " to initialize, so try looking to see if a warning log message was printed above.",
    ),
    (
        "docker-nvidia-runtime-unknown",
        "docker: Error response from daemon: unknown or invalid runtime name: nvidia.",
    ),
    (
        "glibc-too-old",
        "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found"
        " (required by torch/lib/libtorch_python.so)",
    ),
    ("nccl-not-built-in", "RuntimeError: Distributed package doesn't have NCCL built in"),
    (
        "cuinit-unknown-error",
        "E external/xla/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to cuInit:"
        " CUDA_ERROR_UNKNOWN: unknown error",
    ),
    (
        "ngc-driver-not-detected",
        "WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.",
    ),
    (
        "processgroupnccl-no-gpus",
        "RuntimeError: ProcessGroupNCCL is only supported with GPUs, no GPUs found!",
    ),
    (
        "rendezvous-port-in-use",
        "[W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98"
        " - Address already in use).",
    ),
    (
        "torch-dll-load-failed",
        "OSError: [WinError 126] The specified module could not be found. Error loading"
        ' "C:\\venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll" or one of its dependencies.',
    ),
    (
        "nccl-duplicate-gpu",
        "NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1a000",
    ),
    (
        "nvcc-arch-not-defined",
        "nvcc fatal   : Value 'sm_86' is not defined for option 'gpu-architecture'",
    ),
    (
        "xla-driver-older-than-ptxas",
        "W external/xla/xla/service/gpu/nvptx_compiler.cc:744] The NVIDIA driver's CUDA version"
        " is 12.2 which is older than the ptxas CUDA version (12.3.107).",
    ),
    (
        "tf-ptx-jit-for-cc",
        "W0000 gpu_device.cc:2431] TensorFlow was not built with CUDA kernel binaries compatible"
        " with compute capability 9.0. CUDA kernels will be jit-compiled from PTX, which could"
        " take 30 minutes or longer.",
    ),
    (
        "jax-no-visible-gpu",
        "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: No visible GPU devices.",
    ),
    (
        "slurm-oom-kill",
        "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch. Some of your"
        " processes may have been killed by the cgroup out-of-memory handler.",
    ),
    (
        "k8s-insufficient-gpu",
        "Warning  FailedScheduling  0/1 nodes are available: 1 Insufficient nvidia.com/gpu.",
    ),
    ("nvml-insufficient-permissions", "Failed to initialize NVML: Insufficient Permissions"),
    (
        "container-driver-files-baked-in",
        "nvidia-container-cli: mount error: file creation failed:"
        " /var/lib/docker/overlay2/abc/merged/usr/bin/nvidia-smi: file exists: unknown.",
    ),
    (
        "libnccl-missing",
        "OSError: libnccl.so.2: cannot open shared object file: No such file or directory",
    ),
    ("cudnn-symbol-load-failed", "Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor"),
    (
        "a1111-torch-cannot-use-gpu",
        "RuntimeError: Torch is not able to use GPU; add --skip-torch-cuda-test to"
        " COMMANDLINE_ARGS variable to disable this check",
    ),
    (
        "onnxruntime-cuda-provider-failed",
        "[W:onnxruntime:Default, onnxruntime_pybind_state.cc:640 CreateExecutionProviderInstance]"
        " Failed to create CUDAExecutionProvider.",
    ),
    (
        "xformers-no-operator",
        "NotImplementedError: No operator found for `memory_efficient_attention_forward` with"
        " inputs:",
    ),
    ("mmcv-ext-missing", "ModuleNotFoundError: No module named 'mmcv._ext'"),
    (
        "numba-nvvm-missing",
        "numba.cuda.cudadrv.error.NvvmSupportError: libNVVM cannot be found. Do `conda install"
        " cudatoolkit`:",
    ),
    (
        "triton-missing",
        "RuntimeError: Cannot find a working triton installation. Either the package is not"
        " installed or it is too old.",
    ),
    (
        "flash-attention-cuda-floor",
        "RuntimeError: FlashAttention is only supported on CUDA 11.6 and above.  Note: make sure"
        " nvcc has a supported version by running nvcc -V.",
    ),
    (
        "bitsandbytes-cuda-lib-missing",
        "CUDA SETUP: Required library version not found: libbitsandbytes_cuda117.so. Maybe you"
        " need to compile it from source?",
    ),
    (
        "bitsandbytes-cpu-lib-loaded",
        "AttributeError: 'NoneType' object has no attribute 'cadam32bit_grad_fp32'",
    ),
    (
        "tensorrt-engine-other-device",
        "[TRT] [E] 6: The engine plan file is generated on an incompatible device, expecting"
        " compute 8.6 got compute 7.5, please rebuild.",
    ),
    (
        "bf16-tf32-needs-ampere",
        "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0."
        " Your Tesla T4 GPU has compute capability 7.5.",
    ),
    (
        "extension-not-compiled-with-gpu",
        "RuntimeError: Not compiled with GPU support (ROIAlign_forward at"
        " detectron2/layers/csrc/ROIAlign/ROIAlign.h:73)",
    ),
    (
        "zlibwapi-missing",
        "Could not locate zlibwapi.dll. Please make sure it is in your library path!",
    ),
    (
        "vllm-no-memory-for-cache",
        "ValueError: No available memory for the cache blocks. Try increasing"
        " `gpu_memory_utilization` when initializing the engine.",
    ),
    (
        "cmake-no-cuda-toolset",
        "CMake Error at CMakeDetermineCompilerId.cmake:503 (message): No CUDA toolset found.",
    ),
    (
        "ollama-no-compatible-gpu",
        'time=2024-11-15T19:56:13.500Z level=INFO source=gpu.go:386 msg="no compatible GPUs were'
        ' discovered"',
    ),
]
MINED += [
    (
        "slurm-invalid-gres",
        "sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification",
    ),
    ("paddle-cpu-build", "Cannot use GPU because you have installed CPU version PaddlePaddle."),
    (
        "bitsandbytes-cpu-build",
        "CUDA SETUP: Loading binary"
        " C:\\sd\\venv\\lib\\site-packages\\bitsandbytes\\libbitsandbytes_cpu.dll...",
    ),
    ("vllm-no-memory-for-cache", "INFO llm_engine.py:275] # GPU blocks: 0, # CPU blocks: 512"),
    ("cuinit-unknown-error", "panic: CUDA_ERROR_UNKNOWN"),
    (
        "container-driver-release-floor",
        "ERROR: This container was built for NVIDIA Driver Release 535.86 or later, but",
    ),
    ("no-kernel-image", "CUDA kernel image not available for GTX 1080 Ti (Compute 6.1)"),
    (
        "keras-metric-already-exists",
        "AttributeError: module 'tensorflow.compat.v2.__internal__.distribute' has no attribute"
        " 'strategy_supports_no_merge_call'",
    ),
    (
        "hub-download-timeout",
        "ConnectionError(\"Couldn't reach 'acme/sun397' on the Hub (ConnectionError)\")",
    ),
    (
        "hub-download-timeout",
        "ReadTimeoutError(\"HTTPSConnectionPool(host='mirror.example.org', port=443): Read timed"
        ' out. (read timeout=10)")',
    ),
]


MINED += [
    (
        "wsl-gpu-access-blocked",
        "Failed to initialize NVML: GPU access blocked by the operating system",
    ),
    (
        "wsl-no-adapters",
        "nvidia-container-cli: initialization error: WSL environment detected but no adapters"
        " were found: unknown.",
    ),
    ("half-kernel-on-cpu", "RuntimeError: \"LayerNormKernelImpl\" not implemented for 'Half'"),
    (
        "pip-hash-mismatch",
        "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have"
        " updated the package versions, please update the hashes.",
    ),
    (
        "windows-long-paths",
        "HINT: This error might have occurred since this system does not have Windows Long Path"
        " support enabled.",
    ),
    (
        "torch-compile-unsupported-platform",
        "RuntimeError: Windows not yet supported for torch.compile",
    ),
    (
        "torch-compile-unsupported-python",
        "RuntimeError: Python 3.12+ not yet supported for torch.compile",
    ),
    ("accelerate-fp16-needs-gpu", "ValueError: fp16 mixed precision requires a GPU"),
    (
        "wheel-not-supported-here",
        "ERROR: torch-2.1.2+cu121-cp311-cp311-win_amd64.whl is not a supported wheel on this"
        " platform.",
    ),
    (
        "conda-virtual-cuda-missing",
        "nothing provides __cuda needed by pytorch-2.0.1-py3.10_cuda11.8_cudnn8.7.0_0",
    ),
    (
        "msvc-build-tools-missing",
        'error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++'
        ' Build Tools"',
    ),
    (
        "checkpoint-truncated",
        "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central"
        " directory",
    ),
    (
        "uv-no-wheel-for-platform",
        "error: Distribution `torch==2.5.1 @ registry+https://download.pytorch.org/whl/cu124`"
        " can't be installed because it doesn't have a source distribution or wheel for the"
        " current platform",
    ),
    ("app-python-untested", "This program is tested with 3.10.6 Python, but you have 3.12.1."),
    (
        "torch-too-old-for-companion",
        "AttributeError: module 'torch.library' has no attribute 'custom_op'",
    ),
    (
        "dataloader-worker-killed",
        "RuntimeError: DataLoader worker (pid 12345) is killed by signal: Killed.",
    ),
    (
        "rank-sigkill",
        "torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid:"
        " 1234) of binary: /usr/bin/python",
    ),
    (
        "rendezvous-unreachable",
        "torch.distributed.DistNetworkError: The client socket has timed out after 1800s while"
        " trying to connect to (10.0.0.1, 29500).",
    ),
    (
        "nccl-heartbeat-timeout",
        "[rank0]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 0] Heartbeat monitor timed out! Process"
        " will be terminated after dumping debug info.",
    ),
    (
        "nccl-remote-error",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process"
        " exiting prematurely.",
    ),
    (
        "gloo-connect-failed",
        "RuntimeError: Gloo connectFullMesh failed with"
        " [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error",
    ),
    ("dataloader-worker-exited", "RuntimeError: DataLoader worker (pid(s) 25) exited unexpectedly"),
    (
        "hub-unreachable-not-cached",
        "OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't"
        " find it in the cached files",
    ),
    (
        "hub-rate-limited",
        "requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url:"
        " https://huggingface.co/meta-llama/Meta-Llama-3-8B/resolve/main/config.json",
    ),
    ("stale-file-handle", "OSError: [Errno 116] Stale file handle"),
    (
        "fabric-manager-version-mismatch",
        "fabric manager NVIDIA GPU driver interface version 530.30.02 don't match with driver"
        " version 530.41.03. Please update with matching NVIDIA driver package.",
    ),
    (
        "fabric-manager-without-nvswitch",
        "request to query NVSwitch device information from NVSwitch driver failed with"
        " error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]",
    ),
    ("k8s-plugin-no-devices", "2023/06/12 09:21:25 No devices found. Waiting indefinitely."),
    (
        "k8s-gpu-allocate-failed",
        "Warning  UnexpectedAdmissionError  kubelet  Allocate failed due to requested number of"
        " devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected",
    ),
    ("gpu-operator-kernel-headers", "Could not resolve Linux kernel version"),
    ("cache-on-fs-without-locks", "OSError: [Errno 37] No locks available"),
    ("ninja-missing", "RuntimeError: Ninja is required to load C++ extensions"),
    ("cpp-extension-unknown-arch", "ValueError: Unknown CUDA arch (8.9) or GPU not supported"),
    ("cufft-internal-error", "RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR"),
    (
        "cupy-multiple-packages",
        "UserWarning: CuPy may not function correctly because multiple CuPy packages are"
        " installed in your environment: cupy-cuda12x, cupy-cuda13x",
    ),
    (
        "apex-cuda-mismatch",
        "RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not"
        " match the version used to compile Pytorch binaries.  Pytorch binaries were compiled"
        " with Cuda 12.1.",
    ),
    (
        "nvcc-gcc-parameter-packs",
        "/usr/include/c++/11/bits/std_function.h:435:145: error: parameter packs not expanded"
        " with '...':",
    ),
    ("nvcc-no-cl-exe", "nvcc fatal   : Cannot find compiler 'cl.exe' in PATH"),
    ("cuda-headers-missing", "fatal error: cuda_runtime_api.h: No such file or directory"),
    (
        "paddle-arch-not-in-build",
        "The GPU architecture in your current machine is Pascal, which is not compatible with"
        " Paddle installation with arch: 70 75 80 86 , it is recommended to install the"
        " corresponding wheel package",
    ),
    ("torch-legacy-headers", "fatal error: THC/THC.h: No such file or directory"),
    ("nvcc-unknown-option", "nvcc fatal   : Unknown option '-generate-dependencies-with-compile'"),
    ("xla-libdevice-missing", "INTERNAL: libdevice not found at ./libdevice.10.bc"),
    ("jax-cuda-lib-load-failed", "RuntimeError: Unable to load cuSPARSE. Is it installed?"),
    (
        "setuptools-too-new-for-torch",
        "ImportError: cannot import name 'packaging' from 'pkg_resources'",
    ),
    (
        "cmake-no-cuda-compiler",
        "CMake Error at CMakeLists.txt:3 (project): No CMAKE_CUDA_COMPILER could be found.",
    ),
    (
        "nvcc-not-at-cuda-home",
        "FileNotFoundError: [Errno 2] No such file or directory: '/usr/local/cuda/bin/nvcc':"
        " '/usr/local/cuda/bin/nvcc'",
    ),
    (
        "ptx-jit-failed",
        "cupy.cuda.driver.CUDADriverError: CUDA_ERROR_INVALID_PTX: a PTX JIT compilation failed",
    ),
    (
        "mxnet-cpu-build",
        "mxnet.base.MXNetError: [11:28:30] src/storage/storage.cc:78: Compile with USE_CUDA=1 to"
        " enable GPU usage",
    ),
]


MINED += [
    (
        "nvidia-installer-module-load-failed",
        "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when"
        " this kernel module was built against the wrong or improperly configured kernel sources",
    ),
    (
        "nouveau-blocks-installer",
        "ERROR: The Nouveau kernel driver is currently in use by your system.  This driver is"
        " incompatible with the NVIDIA driver",
    ),
    ("rm-init-adapter-failed", "NVRM: GPU 0000:98:00.0: RmInitAdapter failed! (0x62:0x65:1792)"),
    ("gsp-firmware-failed", "NVRM: RmInitAdapter: Cannot initialize GSP firmware RM"),
    (
        "secure-boot-blocks-module",
        "Lockdown: modprobe: unsigned module loading is restricted; see man kernel_lockdown.7",
    ),
    (
        "open-module-unsupported-gpu",
        "NVRM: Open nvidia.ko is only ready for use on Data Center GPUs.",
    ),
    ("gpu-reset-refused-in-use", "  GPU 00000000:01:00.0: In use by another client"),
    (
        "ray-node-out-of-memory",
        "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",
    ),
    (
        "ray-gpu-unschedulable",
        "(autoscaler +1m) Warning: The following resource request cannot be scheduled right now:"
        " {'GPU': 1.0, 'CPU': 1.0}.",
    ),
    (
        "rootless-cgroup-device-rules",
        "nvidia-container-cli: mount error: failed to add device rules: unable to find any"
        " existing device filters attached to the cgroup: bpf_prog_query(BPF_CGROUP_DEVICE)"
        " failed: operation not permitted: unknown",
    ),
    (
        "cdi-spec-missing",
        "Error: setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all",
    ),
    ("singularity-no-nv-files", "INFO:    Could not find any nv files on this host!"),
    (
        "enroot-nvidia-hook-failed",
        "slurmstepd: error: pyxis:     [ERROR] /etc/enroot/hooks.d/98-nvidia.sh exited with"
        " return code 1",
    ),
]


MINED += [
    (
        "pip-requires-different-python",
        "ERROR: Package 'invokeai' requires a different Python: 3.11.0 not in '<3.11,>=3.9'",
    ),
    (
        "mlock-limit-too-low",
        "warning: failed to mlock 139264000-byte buffer (after previously locking 0 bytes):"
        " Cannot allocate memory",
    ),
    (
        "worker-sigbus-exit",
        "[2023-07-20 08:35:11,154] [INFO] [launch.py:315:sigkill_handler] Killing subprocess"
        " 1234; exits with return code = -7",
    ),
    (
        "cuda-setup-argument-missing",
        "ImportError: /data/code/atss_core/_C.cpython-37m-x86_64-linux-gnu.so: undefined symbol:"
        " cudaSetupArgument",
    ),
]


MINED += [
    (
        "cuda-api-not-supported-by-driver",
        "RuntimeError: [TM][ERROR] CUDA runtime error: API call is not supported in the installed"
        " CUDA driver /lmdeploy/src/turbomind/utils/allocator.h:169",
    ),
    ("no-cuda-runtime-found", "No CUDA runtime is found, using CUDA_HOME='/usr/local/cuda'"),
]


@pytest.mark.parametrize(("pid", "text"), MINED)
def test_each_common_message_is_recognised(pid: str, text: str) -> None:
    # common messages mined from public threads outside the corpus (docs/reports.md sources)
    assert pid in pats(text), pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "numpy 2.0 is installed and works",
        "CUDA_HOME is set to /usr/local/cuda-12.4",
        "the GLIBC version on this host is 2.35",
        "NCCL is built in (version 2.21.5)",
        "cuInit succeeded on all 8 GPUs",
        "Address in use by the metrics exporter is 9400",  # no errno 98
        "nvcc fatal   : Unsupported option 'foo'",
        "slurmstepd: error: *** JOB 42 CANCELLED AT 2024-01-01 DUE TO TIME LIMIT ***",
        "# GPU blocks: 12043, # CPU blocks: 2048",
        "Ollama: 1 compatible GPU was discovered",
        "Not compiled with debug symbols",
        "numba found libNVVM in /usr/local/cuda/nvvm",
        "the run exited unexpectedly after 3 epochs",
        "Is it installed? The FAQ asks that first.",
        "We couldn't connect to the printer",
        "process 3 terminated with signal SIGTERM",
        "the model card says Half precision is not implemented for LayerNorm yet",
        "This program is tested with 3.10.6 Python",  # no 'but you have'
        "setuptools 69 imports packaging from pkg_resources fine",
        "Waiting indefinitely for the download to finish",
        "        HW Slowdown                       : Not Active",
        "the GPU was reset successfully",
        "the task was scheduled right now on GPU 0",
        "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15",
        "the process exits with return code = 0",
        "mlock is enabled in the config",
        "Package 'invokeai' requires Python 3.10",
    ],
)
def test_common_message_near_misses(text: str) -> None:
    # no message family matches; the scan's last resort (a hypothesis from an error line's
    # words, tests/test_evidence_round9.py) may still name one, and is not what this tests
    family = [p for p in pats(text) if not p.startswith("message-words-")]
    assert not family, family


def test_the_ngc_driver_floor_reads_the_driver_it_found(tmp_path: Path) -> None:
    text = (
        "ERROR: This container was built for NVIDIA Driver Release 535.86 or later, but\n"
        "       version 510.85.02 was detected and compatibility mode is UNAVAILABLE.\n"
    )
    assert "container-driver-release-floor" in pats(text)
    assert snap_of(tmp_path, text).driver.version == "510.85.02"
    assert ("EC902", "driver-too-old", "error") in judge(tmp_path, text, ["EC902"])


def test_a_program_that_chose_the_cpu_next_to_a_named_gpu(tmp_path: Path) -> None:
    text = "GPU: GeForce GTX 1080 Ti\n>> Using device_type cpu\n>> Loading model"
    assert "cpu-device-chosen" in pats(text)
    assert ("EC905", "cpu-only-build", "warning") in judge(tmp_path, text, ["EC905"])


@pytest.mark.parametrize(
    "text",
    [
        ">> Using device_type cpu\n>> Loading model",  # no NVIDIA GPU in the text
        "GPU: GeForce GTX 1080 Ti\n>> Using device_type cuda",
        # a CPU build already named: the more specific finding stands alone
        "GeForce RTX 3060\ntorch 2.1.0+cpu\nUsing device: cpu\nAssertionError: Torch not compiled "
        "with CUDA enabled",
    ],
)
def test_no_cpu_device_inference_without_both_facts(text: str) -> None:
    assert "cpu-device-chosen" not in pats(text)


def _lib_paste(pkg_line: str, gpu: str) -> str:
    return (
        "Package        Version\n-------------- -------\n"
        f"{pkg_line}\ntorch          2.7.0\n"
        f"$ nvidia-smi -L\nGPU 0: {gpu} (UUID: GPU-0f1e)\n"
    )


@pytest.mark.parametrize(
    ("pkg_line", "gpu", "want"),
    [
        ("vllm           0.9.1", "NVIDIA GeForce GTX 1080 Ti", [("EC206", "error")]),
        ("flash-attn     2.5.8", "Tesla T4", [("EC206", "warning")]),
        ("flash_attn     2.5.8", "Tesla V100-SXM2-32GB", [("EC206", "warning")]),
        ("flash-attn     1.0.9", "Tesla T4", []),  # FlashAttention 1.x runs on Turing
        ("vllm           0.9.1", "NVIDIA A100-SXM4-80GB", []),
        ("flash-attn     2.5.8", "NVIDIA GeForce RTX 4090", []),
    ],
)
def test_a_library_floor_against_the_gpu(
    tmp_path: Path, pkg_line: str, gpu: str, want: List[tuple]
) -> None:
    found = evidence_support.judge(
        tmp_path, _lib_paste(pkg_line, gpu), ["EC206"], matrix=load_matrix()
    )
    assert [(code, sev) for code, _, sev in found] == want


def test_an_untagged_torch_in_pasted_text_is_the_default_build_only_by_assumption(
    tmp_path: Path,
) -> None:
    # found as a false error on a sealed control: "works on torch==1.12.1" names no build,
    # and the PyPI default (cu102, no sm_80) was taken as fact
    smi = "$ nvidia-smi -L\nGPU 0: NVIDIA A100-SXM4-40GB (UUID: GPU-0f1e)\n"
    untagged = evidence_support.judge(
        tmp_path, "torch==1.12.1\n" + smi, ["EC201"], matrix=load_matrix()
    )
    assert untagged == [("EC201", "gpu-arch-unsupported", "warning")]
    tagged = evidence_support.judge(
        tmp_path, "torch==1.12.1+cu102\n" + smi, ["EC201"], matrix=load_matrix()
    )
    assert tagged == [("EC201", "gpu-arch-unsupported", "error")]


def test_the_one_gpu_a_text_names_anywhere_is_its_gpu(tmp_path: Path) -> None:
    text = "Setup: i7-8750H, GTX 1070, 16 GB RAM\nVersions: PyTorch 2.8.0 + cu129\n"
    assert [g.name for g in snap_of(tmp_path, text).driver.gpus] == ["GTX 1070"]
    # named in passing, in a text that is not about a CUDA stack: no GPU fact
    passing = snap_of(tmp_path, "Setup: GTX 1070, 16 GB RAM\nthe fan is loud\n")
    assert passing.gpus() == []


def test_two_gpu_models_named_say_nothing_about_which_runs(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "torch 2.8.0, GTX 1070 here\nbut on a friend's RTX 4090 it works\n")
    gpus = snap.driver.gpus if snap.driver is not None and hasattr(snap.driver, "gpus") else []
    assert not isinstance(gpus, list) or not gpus


def test_a_local_tag_written_with_spaces(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "**Versions:** PyTorch 2.8.0 + cu129\n")
    assert snap.packages.installed["torch"] == "2.8.0+cu129"


@pytest.mark.parametrize(
    "text",
    [
        "error in fastai NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version "
        "mismatch.",
        "tensorpack.utils.nvml.NvmlException: NVML_ERROR_LIB_RM_VERSION_MISMATCH",
        "I got the error in https://stackoverflow.com/questions/43022843/"
        "nvidia-nvml-driver-library-version-mismatch",
    ],
)
def test_nvml_library_rm_mismatch_in_its_other_names(text: str) -> None:
    assert "nvml-driver-library-mismatch" in pats(text)
