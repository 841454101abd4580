"""Round forty-six: readings learned from the sealed pools heldout231-244's misses, each with its
near misses: memory limits of containers, pods and the WSL VM, NVIDIA kernel modules that do not
build, container runtimes set up wrong, CPUs oversubscribed, TensorRT against its libraries,
downloads that stall or are blocked, processes left holding a GPU, GPU numbers against
nvidia-smi's, GTX 16-series half precision; and the false errors of its scoring (a document's
driver version read as the host's, a driver floor minor-version compatibility covers, DeepSpeed's
accepted CUDA minor mismatch, the global OOM killer, a `#` placeholder in CUDA_VISIBLE_DEVICES)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import assert_read_as, judge, pats, snap_of

from envcheck.compat import load_matrix

# (text, pattern, code, category, severity): the line a real report pasted, read as its cause
READINGS = [
    (
        "training-operator-8569f97489-zkxbt   0/1     OOMKilled",
        "container-oom-killed",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        'level=error msg="runc create failed: unable to start container process: container init '
        'was OOM-killed (memory limit too low?)"',
        "container-oom-killed",
        "EC913",
        "os-setting",
        "warning",
    ),
    ("Job exited with error code 137", "exit-code-137", "EC913", "os-setting", "warning"),
    (
        "The command '/bin/sh -c pip3 install -r /tmp/requirements.txt' returned a non-zero code: "
        "137",
        "exit-code-137",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "webui-docker-auto-cpu-1 exited with code 137",
        "exit-code-137",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        'Write-output "[wsl2] memory=48GB" >> "${env:USERPROFILE}\\.wslconfig"',
        "wsl-memory-cap-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "Content of my .wslconfig\n[wsl2]\nmemory=6GB\nswap=0",
        "wsl-memory-cap-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "Compiler version check failed:",
        "nvidia-module-compiler-mismatch",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "The error message advises to set IGNORE_CC_MISMATCH to 1",
        "nvidia-module-compiler-mismatch",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "nvidia-x11> /build/kernel/common/inc/nv-linux.h:119:10: fatal error: asm/kmap_types.h: No "
        "such file or directory",
        "nvidia-module-kernel-header-gone",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "In 6.15 kernel the nvidia module cannot be built and therefore the device cannot use it",
        "nvidia-module-not-built-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "Nivida-dkms is installed but no headers, so no modules was compilated.",
        "nvidia-module-not-built-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "nvidia-dkms requires linux-headers",
        "nvidia-module-not-built-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        'docker: Error response from daemon: could not select device driver "cdi" with '
        "capabilities: [].",
        "docker-cdi-disabled",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "invoking the NVIDIA Container Runtime Hook directly (e.g. specifying the docker --gpus "
        "flag) is not supported. Please use the NVIDIA Container Runtime instead.",
        "container-hook-called-directly",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "nvidia-container-cli: requirement error: unsatisfied condition: arch >= 7.0",
        "container-arch-requirement",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "it errors with `failed to map segment from shared object`.",
        "library-on-noexec-mount",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "OSError: [Errno 107] Transport endpoint is not connected: '/content/drive/MyDrive'",
        "fuse-mount-disconnected",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "cupy.cuda.compiler.CompileException: Catastrophic error: cannot open source file "
        '"C:\\Users\\\u59d7\u7686\\AppData\\Local\\Temp\\tmp\\k.cubin.cu"',
        "nvrtc-non-ascii-path",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "it shows a ghost process there and it's using the memory.",
        "leftover-process-holds-gpu-stated",
        "EC912",
        "gpu-contention",
        "warning",
    ),
    (
        "\u53d1\u73b0\u90e8\u5206\u663e\u5b58\u4ecd\u7136\u672a\u91ca\u653e\uff0c\u67e5\u770b\u540e"
        "\u53f0\u53d1\u73b0\u6709\u8fdb\u7a0b\u6b8b\u7559\u3002",
        "leftover-process-holds-gpu-stated",
        "EC912",
        "gpu-contention",
        "warning",
    ),
    (
        "the children processes created by dataloader didn't exit and gpu memory wasn't released.",
        "leftover-process-holds-gpu-stated",
        "EC912",
        "gpu-contention",
        "warning",
    ),
    (
        "some of the processes stay alive after the run and occupy GPU memory.",
        "leftover-process-holds-gpu-stated",
        "EC912",
        "gpu-contention",
        "warning",
    ),
    (
        "Has anyone encountered this, or does anyone have suggestions to prevent CPU "
        "oversubscription?",
        "cpu-oversubscription-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "We found the k8s pod can watch all cpu even if it has the resource limits.",
        "cpu-oversubscription-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "The job consumes all available cores in K8S. And here comes throttling (cpu_limits=20).",
        "cpu-oversubscription-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "dataloader.py:557: UserWarning: This DataLoader will create 104 worker processes in "
        "total. Our suggested max number of worker in current system is 23",
        "dataloader-workers-exceed-cpus",
        "EC913",
        "os-setting",
        "info",
    ),
    (
        "WARNING: TensorRT was compiled against cuDNN 7.5.0 but is linked against cuDNN 7.0.5.",
        "tensorrt-cudnn-mismatch",
        "EC906",
        "cuda-libs-mismatch",
        "warning",
    ),
    (
        "Error Code 1: Serialization (Serialization assertion sizeRead == static_cast(mEnd - "
        "mCurrent) failed.Size specified in header does not match archive size)",
        "tensorrt-engine-archive-size",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "AttributeError: 'tensorrt_bindings.tensorrt.IBuilderConfig' object has no attribute "
        "'max_workspace_size'",
        "tensorrt-python-api-removed",
        "EC914",
        "framework-pairing",
        "error",
    ),
    (
        "/usr/bin/ld: TensorRT-7.2.2.3/lib/libnvinfer.so: undefined reference to "
        "`nvrtcDestroyProgram@libnvrtc.so.11.1'",
        "cuda-library-versioned-symbol-missing",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "Linker error log: ERROR 4 in nvvmAddNVVMContainerToProgram, may need newer version of "
        "nvJitLink library",
        "nvjitlink-older-than-nvvm",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "RuntimeError: op_registry.cu:36 Check failed: arch_num == 80 || arch_num == 89 || "
        "arch_num == 90. unsupported arch: 86",
        "library-unsupported-arch-number",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "FP4 is not available on this device",
        "fp4-not-on-this-gpu",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "it seems that flash attention does not support v100 now",
        "flash-attention-gpu-unsupported-stated",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "\"CalledProcessError: Command '['where', 'cl']' returned non-zero exit status 1.\"",
        "windows-msvc-not-found",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "http.client.RemoteDisconnected: Remote end closed connection without response",
        "download-connection-dropped",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "Retrying after connection broken by 'ProxyError('Cannot connect to proxy.', OSError("
        "'Tunnel connection failed: 407 Proxy Authentication Required'))'",
        "download-connection-dropped",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "WARNING - datasets.builder - HF google storage unreachable. Downloading and preparing it",
        "download-connection-dropped",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "I found the download speed is too slow.",
        "download-slow-stated",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "Hugging Face model downloads are now taking 24 minutes to download.",
        "download-slow-stated",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "By the way ,I'm in china,is this the reason for this?",
        "network-blocked-stated",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "In my country,it couldn't connect huggingface.co,I want replace it by mirror",
        "network-blocked-stated",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "\u6709\u68af\u5b50\u5c31\u6b63\u5e38\u4fdd\u5b58\u68c0\u67e5\u70b9",
        "network-blocked-stated",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "We're in a corporate network using zscaler on dev machines",
        "network-blocked-stated",
        "EC919",
        "data-network",
        "warning",
    ),
    (
        "Tensorflow device indexes mismatch with nvidia-smi indexes",
        "device-order-differs-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "the ids selection using --gpus option seems unconsistent with the ID nvidia-smi gave me",
        "device-order-differs-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "the temp, hashrate, pwr and fan speed info is swopped between GPU0 and GPU1.",
        "device-order-differs-stated",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "It looks like my 1660 SUPER does not support ft16 operation",
        "gtx16-half-precision-fails",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "my 1660 Super (7.5 capability)\n\nIt generates black images with half-precisions",
        "gtx16-half-precision-fails",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "[2023-05-15] Installed CUDA version 11.3 does not match the version torch was compiled "
        "with 11.7 but since the APIs are compatible, accepting this combination",
        "deepspeed-cuda-minor-mismatch-accepted",
        "EC907",
        "toolkit-mismatch",
        "warning",
    ),
    (
        "[856341.770960] Out of memory: Killed process 410126 (python) total-vm:79905000kB",
        "kernel-oom-killer",
        "EC913",
        "os-setting",
        "warning",
    ),
    (
        "[1234.5] Memory cgroup out of memory: Killed process 4242 (python) total-vm:1kB",
        "cgroup-oom-killer",
        "EC913",
        "os-setting",
        "error",
    ),
]


READINGS += [
    (
        "Error: crun: cannot stat `/usr/lib64/libEGL_nvidia.so.550.135`: No such file or "
        "directory: OCI runtime attempted to invoke a command that was not found",
        "cdi-spec-stale-driver-libs",
        "EC903",
        "driver-library-mismatch",
        "warning",
    ),
    (
        "Installed GPU driver in wsl by mistake, how to recover?",
        "linux-driver-installed-in-wsl-stated",
        "EC903",
        "driver-library-mismatch",
        "warning",
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
        ("kubectl get pods shows Running; the last state was Completed", "container-oom-killed"),
        ("Processed 137 images in 12 s", "exit-code-137"),
        ("the process exited with code 0 after 137 steps", "exit-code-137"),
        ("[wsl2]\nprocessors=4\nlocalhostForwarding=true", "wsl-memory-cap-stated"),
        ("gcc version check passed; building nvidia.ko", "nvidia-module-compiler-mismatch"),
        (
            "main.c:3:10: fatal error: foo.h: No such file or directory",
            "nvidia-module-kernel-header-gone",
        ),
        ("the nvidia module was built and loaded fine", "nvidia-module-not-built-stated"),
        ('could not select device driver "" with capabilities: [[gpu]]', "docker-cdi-disabled"),
        (
            "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.4",
            "container-arch-requirement",
        ),
        ("the endpoint /v1/transport is not reachable yet", "fuse-mount-disconnected"),
        (
            'Catastrophic error: cannot open source file "C:\\Users\\bob\\Temp\\k.cu"',
            "nvrtc-non-ascii-path",
        ),
        ("the zombie apocalypse dataset loads in memory", "leftover-process-holds-gpu-stated"),
        ("the process is still running on the CPU", "leftover-process-holds-gpu-stated"),
        ("all cores are used and the GPU is at 99%", "cpu-oversubscription-stated"),
        (
            "Could it be that CPU throttling is not working correctly?",
            "cpu-oversubscription-stated",
        ),
        ("TensorRT was compiled with CUDA 12.4 support", "tensorrt-cudnn-mismatch"),
        (
            "AttributeError: 'Trainer' object has no attribute 'max_steps'",
            "tensorrt-python-api-removed",
        ),
        ("undefined reference to `main'", "cuda-library-versioned-symbol-missing"),
        ("the arch number 86 is supported since CUDA 11.1", "library-unsupported-arch-number"),
        ("flash attention works on my A100", "flash-attention-gpu-unsupported-stated"),
        ("the download finished in 3 s", "download-slow-stated"),
        ("China Mobile's model zoo loads fine", "network-blocked-stated"),
        ("cannot stat '/data/train.csv': No such file or directory", "cdi-spec-stale-driver-libs"),
        (
            "I installed the Windows driver and use CUDA in WSL",
            "linux-driver-installed-in-wsl-stated",
        ),
        (
            "loss mismatch with the reference; nvidia-smi shows 2 GPUs",
            "device-order-differs-stated",
        ),
        ("we swapped between the two models to compare", "device-order-differs-stated"),
        ("GPU: GTX 1660 Ti. I run it with fp16 and it is fast.", "gtx16-half-precision-fails"),
        ("RTX 3060 gives black images with half precision", "gtx16-half-precision-fails"),
        (
            "Installed CUDA version 12.1 does not match the version torch was compiled with 11.8, "
            "unable to compile cuda/cpp extensions",
            "deepspeed-cuda-minor-mismatch-accepted",
        ),
    ],
)
def test_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


def test_deepspeed_refusal_stays_the_error(tmp_path: Path) -> None:
    text = (
        "Installed CUDA version 12.1 does not match the version torch was compiled with 11.8, "
        "unable to compile cuda/cpp extensions without a matching cuda version.\n"
    )
    assert pats(text) == ["deepspeed-cuda-mismatch"]
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


# --- a document's driver version is not the host's (EC105's false error at heldout231) -----------


def test_a_version_the_documentation_states_is_not_the_host_driver(tmp_path: Path) -> None:
    text = (
        "The document states that for AMI Version: 1.18.9-20210322, NVIDIA driver version is "
        "460.27.04. However when i launch the AMI, noticed that driver version is 460.32.03.\n"
        "find /usr/lib/modules -name nvidia.ko -exec modinfo {} \\;\n"
        "filename:       /usr/lib/modules/4.14.225/extra/nvidia.ko\n"
        "version:        460.32.03\n"
    )
    assert judge(tmp_path, text, ["EC105"]) == []


def test_a_library_and_module_that_differ_stay_the_mismatch(tmp_path: Path) -> None:
    text = (
        "my driver version is 460.27.04\n"
        "modinfo nvidia\n"
        "filename:       /lib/modules/5.4.0/updates/dkms/nvidia.ko\n"
        "version:        460.32.03\n"
    )
    assert judge(tmp_path, text, ["EC105"]) == [("EC105", "driver-library-mismatch", "error")]


# --- a driver floor that minor-version compatibility covers (EC108 at heldout231) ----------------


def test_floor_for_a_cuda_minor_the_driver_runs_through_compatibility(tmp_path: Path) -> None:
    text = (
        "Release 21.12 requires NVIDIA driver 495 or later to support CUDA 11.5.\n"
        "Driver Version: 470.57.02\n"
    )
    assert judge(tmp_path, text, ["EC108"], matrix=load_matrix()) == [
        ("EC108", "driver-too-old", "warning")
    ]


def test_floor_for_another_cuda_major_stays_an_error(tmp_path: Path) -> None:
    text = (
        "This container requires NVIDIA driver 525 or later to support CUDA 12.0.\n"
        "Driver Version: 470.57.02\n"
    )
    assert judge(tmp_path, text, ["EC108"], matrix=load_matrix()) == [
        ("EC108", "driver-too-old", "error")
    ]


def test_floor_without_its_cuda_stays_an_error(tmp_path: Path) -> None:
    text = "This application requires NVIDIA driver 495 or later.\nDriver Version: 470.57.02\n"
    assert judge(tmp_path, text, ["EC108"], matrix=load_matrix()) == [
        ("EC108", "driver-too-old", "error")
    ]


# --- a '#' placeholder is not a CUDA_VISIBLE_DEVICES value (EC507 at heldout244) ------------------


def test_a_hash_placeholder_is_not_a_device_list(tmp_path: Path) -> None:
    text = "1.`CUDA_VISIBLE_DEVICES= # `    in the shell line\n"
    assert judge(tmp_path, text, ["EC507"]) == []


def test_a_real_bad_device_list_stays_the_error(tmp_path: Path) -> None:
    text = "export CUDA_VISIBLE_DEVICES=GPU0\n"
    assert judge(tmp_path, text, ["EC507"]) == [("EC507", "os-setting", "error")]


# --- after the late pool's scoring (heldout245) -----------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "the DCGM exporter pod runs out of memory about every 10 minutes and is killed with "
            "code 137.",
            "exit-code-137",
        ),
        (
            "/build/kernel/nvidia/nv-dma.c:631:37: error: implicit declaration of function "
            "'get_dma_ops' [-Werror=implicit-function-declaration]",
            "nvidia-module-kernel-header-gone",
        ),
        (
            "### Are you using WSL 1 or WSL 2?\n- [X] WSL 2\n"
            "Program crashes, htop shows it's seemingly capped at 7gb.",
            "wsl-memory-cap-stated",
        ),
        (
            "Whether the issue is on WSL 2 and/or WSL 1: WSL 2\n# Actual behavior\n"
            "I have only 16GB memory:",
            "wsl-memory-cap-stated",
        ),
        (
            "I run the autoflip in a **docker container**, and got Killed message.",
            "container-process-killed",
        ),
    ],
)
def test_late_pool_forms(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("the job was killed with code 1", "exit-code-137"),
        (
            "/build/kernel/nvidia/nv-mmap.c:334:16: warning: this statement may fall through",
            "nvidia-module-kernel-header-gone",
        ),
        ("my laptop has only 16GB memory, on Ubuntu", "wsl-memory-cap-stated"),
        ("WSL 2 sees all 64 GB of memory; the job is capped at 8 threads", "wsl-memory-cap-stated"),
        ("the process got killed on my laptop (no containers)", "container-process-killed"),
        ("docker run --gpus all works; the worker exits normally", "container-process-killed"),
    ],
)
def test_late_pool_near_misses(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


# --- the wrapped-message search remembers fruitless windows (hostile_pastes.py) ---


def test_a_wrapped_message_after_many_repeated_windows_is_still_found() -> None:
    filler = "flash attention does not support the " * 30 + "\n"
    text = filler * 200 + "RuntimeError: CUDA error: no kernel image is\navailable for execution\n"
    assert "no-kernel-image" in pats(text)


def test_a_driver_version_the_release_notes_state_is_not_the_host_driver(tmp_path: Path) -> None:
    text = (
        "According to the release notes the NVIDIA driver version is 535.104.05.\n"
        "Documentation says the driver version is 470.57.02; however my driver version is "
        "550.54.15.\n"
    )
    assert snap_of(tmp_path, text).driver.version == "550.54.15"
