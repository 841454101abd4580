"""Round twenty-two: the general part (NVIDIA Warp's banner and driver warning; a driver known
only by the newest CUDA it runs judges the runtimes in use) and the tuning on this round's
sealed pools. Each with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix

# NVIDIA Warp's start-up banner as its users paste it (NVIDIA/warp, docs/installation.rst and
# issue threads): the CUDA Warp was built with, then the newest CUDA the driver runs
WARP_BANNER = (
    "Warp 1.8.1 initialized:\n"
    "   CUDA Toolkit 12.8, Driver {driver}\n"
    "   Devices:\n"
    '     "cpu"      : "AMD64 Family 25 Model 1 Stepping 1, AuthenticAMD"\n'
    '     "cuda:0"   : "NVIDIA GeForce RTX 3060" (12 GiB, sm_86, mempool enabled)\n'
    "   Kernel cache:\n"
    "     C:\\Users\\me\\AppData\\Local\\NVIDIA\\warp\\Cache\\1.8.1\n"
)


def test_warp_banner_is_read_as_its_runtime_the_driver_and_the_gpu(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, WARP_BANNER.format(driver="12.6"))
    assert snap.driver.cuda_version == "12.6"
    warp = [d for d in snap.packages.deep if d.name == "warp-lang"]
    assert [d.cuda_version for d in warp] == ["12.8"]
    gpu = snap.driver.gpus[0]
    assert (gpu.name, gpu.compute_capability) == ("NVIDIA GeForce RTX 3060", "8.6")
    # Warp's "CUDA Toolkit" is the runtime it ships, not an nvcc on the machine
    assert not getattr(snap.cuda, "toolkits", None)


@pytest.mark.parametrize(
    ("driver", "expected"),
    [
        # a driver of CUDA 11.8 cannot run Warp's CUDA 12.8 runtime (another major)
        ("11.8", [("EC101", "driver-too-old", "error")]),
        # a 12.6 driver runs it by minor-version compatibility, as Warp documents
        ("12.6", []),
    ],
)
def test_warp_runtime_against_the_driver(tmp_path: Path, driver: str, expected: list) -> None:
    assert judge(tmp_path, WARP_BANNER.format(driver=driver), ["EC101"], load_matrix()) == expected


def test_warp_driver_warning_is_a_driver_too_old_message(tmp_path: Path) -> None:
    text = (
        "Warp UserWarning:\n"
        "   Insufficient CUDA driver version.\n"
        "   The minimum required CUDA driver version is 12.0, but the installed CUDA driver "
        "version is 11.8.\n"
    )
    assert "driver-insufficient" in pats(text)
    assert snap_of(tmp_path, text).driver.cuda_version == "11.8"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # PaddlePaddle's device line: a runtime of a newer major than the driver runs
        (
            "W0605 20:31:22.415406 1489696 gpu_context.cc:278] Please NOTE: device: 0, GPU "
            "Compute Capability: 6.1, Driver API Version: 10.2, Runtime API Version: 11.2",
            [("EC101", "driver-too-old", "error")],
        ),
        # a newer minor of the driver's own major runs (minor-version compatibility)
        (
            "W0605 20:31:22.415406 1489696 gpu_context.cc:278] Please NOTE: device: 0, GPU "
            "Compute Capability: 8.6, Driver API Version: 11.4, Runtime API Version: 11.7",
            [],
        ),
    ],
)
def test_a_driver_known_by_its_cuda_ceiling_judges_the_runtime(
    tmp_path: Path, line: str, expected: list
) -> None:
    assert judge(tmp_path, line + "\n", ["EC101"], load_matrix()) == expected


def test_a_driver_ceiling_with_a_torch_wheel_of_another_major(tmp_path: Path) -> None:
    text = "CUDA Version : 11.4\ntorch 2.3.0+cu121\n"
    assert judge(tmp_path, text, ["EC101"], load_matrix()) == [("EC101", "driver-too-old", "error")]


def test_without_the_driver_ceiling_nothing_is_judged(tmp_path: Path) -> None:
    # no driver version and no driver CUDA: EC101 has nothing to hold the wheel against
    assert judge(tmp_path, "torch 2.3.0+cu121\n", ["EC101"], load_matrix()) == []


# --- heldout43's tuning ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "W0713 15:35:20.323416 26672 dynamic_loader.cc:207] You may need to install 'nccl2' "
            "from NVIDIA official website: https://developer.nvidia.com/nccl/nccl-download",
            "paddle-nccl-not-installed",
        ),
        (
            "AttributeError: module 'paddle.fluid.core_avx' has no attribute 'NCCLParallelContext'",
            "paddle-build-without-nccl",
        ),
        (
            "RuntimeError: Expected PyTorch version 1.4 but found version 1.3.",
            "pyg-extension-torch-version",
        ),
        (
            "AttributeError: module 'torchaudio' has no attribute 'AudioMetaData'",
            "torchaudio-api-missing",
        ),
        (
            "CUB requires a definition of CUB_NS_QUALIFIER when CUB_NS_PREFIX/POSTFIX are defined",
            "bundled-cub-vs-toolkit",
        ),
        (
            "ModuleNotFoundError: No module named 'torch_cluster.graclus_cuda'",
            "cuda-extension-not-built",
        ),
        (
            "Platform::WindowlessEglApplication::tryCreateContext(): unable to find CUDA device 0 "
            "among 1 EGL devices in total",
            "nvidia-egl-device-missing",
        ),
        ("no EGL devices found, likely a driver issue", "nvidia-egl-device-missing"),
        (
            'vosk-api supplied by nuget contains "libvosk.dll" which is compiled without '
            'parameter "HAVE_CUDA"',
            "build-without-gpu-support",
        ),
        (
            "Currently its not clear enough the docker image runs in cpu only mode, the docker "
            "container has no gpu support.",
            "image-cpu-only-stated",
        ),
        ("cuda is not available in the system. fall back to 'cpu'", "cpu-fallback-notice"),
        ("No GPU found. Conversion on CPU is very slow.", "cpu-fallback-notice"),
    ],
)
def test_heldout43_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    "line",
    [
        # another module that is missing: no CUDA part named
        "ModuleNotFoundError: No module named 'torch_cluster'",
        # torch's own API: torch-api-missing says that, not the torchaudio row
        "AttributeError: module 'torch' has no attribute 'compile'",
        # an EGL device found
        "Platform::WindowlessEglApplication: found 2 EGL devices, choosing device 0",
        # the image is a GPU one
        "the docker image has GPU support since 2.0",
        # the fallback notice beside a CUDA build: the other checks judge that one
        "CUDA is not available, falling back to CPU\ntorch 2.3.0+cu121\n",
        # the program was told to use the CPU
        "Running on CPU as requested (--device cpu).",
    ],
)
def test_heldout43_near_misses(line: str) -> None:
    found = set(pats(line + "\n"))
    assert not found & {
        "cuda-extension-not-built",
        "torchaudio-api-missing",
        "nvidia-egl-device-missing",
        "image-cpu-only-stated",
        "cpu-fallback-notice",
    }


def test_the_torch_found_is_the_installed_one(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "RuntimeError: Expected PyTorch version 1.4 but found version 1.3.\n")
    assert snap.packages.installed.get("torch") == "1.3"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an AMD card and CUDA's driver message: CUDA needs an NVIDIA GPU
        (
            "A卡 amd是不是用不了啊\nRuntimeError: cuda failed with error cuda driver version is "
            "issufficient for cuda runtime version\n",
            ["no-nvidia-gpu-named"],
        ),
        (
            "I have an AMD Radeon RX 6800 and get RuntimeError: CUDA failed with error CUDA driver "
            "version is insufficient for CUDA runtime version\n",
            # (since round 37 CUDA's driver message beside another vendor's GPU is retold as
            # CUDA called without an NVIDIA GPU: there is no NVIDIA driver to be too old)
            ["no-nvidia-gpu-named"],
        ),
        # an installer's "No NVIDIA/AMD GPU detected" names no AMD card
        ('"No NVIDIA/AMD GPU detected. Ollama will run in CPU-only mode."\n', []),
        # an AMD card in a text that never says CUDA
        ("Cannot train when using AMD GPU\n", []),
        # that rule is the AMD card's alone: Apple silicon named beside the GPU still warns
        (
            "On my MacBook with Apple M1 the GPU is not used by the training script\n",
            ["no-nvidia-gpu-named"],
        ),
    ],
)
def test_amd_cards(text: str, expected: list) -> None:
    assert sorted(p for p in pats(text) if p in ("driver-insufficient", "no-nvidia-gpu-named")) == (
        expected
    )
    if "RX 6800" in text:
        assert "cuda-called-without-a-gpu" in pats(text)


@pytest.mark.parametrize(
    ("text", "cc"),
    [
        ("pytorchCU124不支持50系显卡\n", "12.0"),
        ("torch cu124 does not support RTX 50 series cards\n", "12.0"),
        ("I have an RTX 50xx card\n", "12.0"),
        # a question beside the machine's own GPU: that GPU, not the family
        ("Does torch 2.7 support RTX 50 series? I have an RTX 4090\n", "8.9"),
        ("does cu124 support RTX 50 series?\n| 0  NVIDIA GeForce RTX 4090  Off |\n", "8.9"),
        # "50系统" is "50 system", and a series of images is no GPU
        ("我的系统是ubuntu 50系统\n", None),
        ("We trained on 50 series of images\n", None),
    ],
)
def test_rtx50_family(tmp_path: Path, text: str, cc: object) -> None:
    gpus = snap_of(tmp_path, text).gpus()
    assert (gpus[0].compute_capability if gpus else None) == cc


# --- heldout44's tuning ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        (
            "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU "
            "Performance Counters on the target device 0.",
            "gpu-profiling-not-permitted",
        ),
        (
            "/paddle/paddle/fluid/platform/device_tracer.cc:131: error: function "
            "dynload::cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY) failed with error "
            "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES.",
            "gpu-profiling-not-permitted",
        ),
        (
            "Error: function (*cuptiProfilerBeginSessionPtr)(&beginSessionParams) failed with "
            "error 35.",
            "gpu-profiling-not-permitted",
        ),
        (
            "2.开放权限：modprobe nvidia NVreg_RestrictProfilingToAdminUsers=0",
            "gpu-profiling-not-permitted",
        ),
        (
            "/tmp/tmpzxt81eyz/main.c:354:3: error: 'for' loop initial declarations are only "
            "allowed in C99 mode",
            "host-compiler-before-c99",
        ),
        (
            "The error reported is similar to: No supported CUDA GPUs found on device.",
            "no-supported-cuda-gpu",
        ),
        (
            "the backend distributed with LM Studio no longer being compiled with support for the "
            "sm_61 architecture.",
            "build-without-arch-stated",
        ),
        (
            "Applications that use the Dataloader throw errors when trying to allocate shared "
            "memory in Argo pipelines.",
            "shm-stated-too-small",
        ),
    ],
)
def test_heldout44_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    "line",
    [
        # a CUDA runtime call's error 35 is the driver's (driver-insufficient), not CUPTI's
        "cudaGetDeviceCount failed with error 35",
        # profiling that works
        '==PROF== Profiling "kernel" - 0: 0%....50%....100% - 8 passes',
        # a build for the architecture, said positively
        "llama.cpp is compiled with support for sm_61 since b1500",
        # C99 named without the error
        "we compile the stub with -std=c99",
    ],
)
def test_heldout44_near_misses(line: str) -> None:
    found = set(pats(line + "\n"))
    assert not found & {
        "gpu-profiling-not-permitted",
        "build-without-arch-stated",
        "host-compiler-before-c99",
    }


def test_an_unlisted_rtx50_model_is_blackwell(tmp_path: Path) -> None:
    gpus = snap_of(tmp_path, "It doesn't seem to work properly on the RTX 5080 Super GPU.\n").gpus()
    assert [(g.name, g.compute_capability) for g in gpus] == [("RTX 5080 Super", "12.0")]


# --- heldout45's tuning ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "pattern"),
    [
        ("Calling cuDNN failed, cannot find 「cudnn64_5.dll」", "cuda-lib-missing"),
        (
            "[h264_nvenc @ 000001e8482050c0] Cannot get the preset configuration: invalid "
            "version (15)",
            "nvenc-invalid-version",
        ),
        ("[h264_cuvid @ 0x2993740] Cannot load cuvidGetDecodeStatus", "nvcodec-function-missing"),
        (
            "[h264_nvenc @ 0x5601aa5b40c0] OpenEncodeSessionEx failed: out of memory (10)",
            "nvenc-session-refused",
        ),
        ("Uncaught exception: Optix call 'optixInit()' failed.", "optix-init-failed"),
        (
            "nvidia-modeset: Version mismatch: nvidia.ko(378.13) nvidia-modeset(375.26)",
            "nvidia-modules-version-mismatch",
        ),
        (
            "(pid=2594, ip=172.31.24.248) [18:42:50] WARNING: ../src/learner.cc:222: No visible "
            "GPU is found, setting `gpu_id` to -1",
            "xgboost-no-visible-gpu",
        ),
        (
            "[10:13:08] D:\\mxnet\\src\\storage\\storage.cc:44: Please compile with CUDA enabled",
            "build-without-gpu-support",
        ),
        (
            "[12:31:43] src/resource.cc:70: GPU is not enabled",
            "build-without-gpu-support",
        ),
    ],
)
def test_heldout45_messages(line: str, pattern: str) -> None:
    assert pattern in pats(line + "\n")


@pytest.mark.parametrize(
    "line",
    [
        # a session that opened
        "[h264_nvenc @ 0x55] Loaded Nvenc version 12.1",
        # OptiX that started
        "OptiX 7.4 initialized (optixInit() succeeded)",
        # the modules of one release
        "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.54.03",
        # "GPU is not enabled" said of a notebook setting, not MXNet's resource.cc
        "The GPU is not enabled in this notebook's settings",
    ],
)
def test_heldout45_near_misses(line: str) -> None:
    found = set(pats(line + "\n"))
    assert not found & {
        "nvenc-session-refused",
        "optix-init-failed",
        "nvidia-modules-version-mismatch",
        "build-without-gpu-support",
    }
