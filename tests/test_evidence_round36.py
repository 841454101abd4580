"""Round thirty-six: the general part, written before this round's pools were scored: a GeForce
series named as a family ("RTX 30xx", "GTX 10-series", "40系显卡") stands for the GPU's compute
capability where every listed model of the series shares one, read from the GPU table; a model
of such a series that the table does not spell ("RTX 3050 OEM") has the series' capability.
Each with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers import base


@pytest.mark.parametrize(
    ("series", "cc"),
    [("50", "12.0"), ("40", "8.9"), ("30", "8.6"), ("20", "7.5"), ("16", "7.5"), ("10", "6.1")],
)
def test_series_capability_comes_from_the_gpu_table(series: str, cc: str) -> None:
    assert load_matrix().geforce_series_cc(series) == cc


def test_a_series_without_one_capability_names_none() -> None:
    # the GTX 700s mix Kepler (3.0, 3.5) and Maxwell (5.0): a family then names no capability
    assert load_matrix().geforce_series_cc("7") is None
    assert load_matrix().geforce_series_cc("60") is None


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("RTX 3050 OEM", "8.6"),
        ("GTX 1630", "7.5"),
        ("RTX 5090 D", "12.0"),
        # the RTX 2050 is an Ampere part numbered among the Turing 20s: not guessed
        ("RTX 2050", None),
        # workstation boards share the digits but are no GeForce series model
        ("RTX 2000", None),
        ("RTX 4000", None),  # the Quadro RTX 4000 (Turing) unspelled: not the 40 series' 8.9
    ],
)
def test_unspelled_series_models(name: str, cc: object) -> None:
    assert base.gpu_cc_from_matrix(name) == cc


@pytest.mark.parametrize(
    ("text", "cc"),
    [
        ("I have an RTX 30xx card and torch fails\n", "8.6"),
        ("All GTX 10-series GPUs fail with this build\n", "6.1"),
        ("GTX 1000 series cards are not supported?\n", "6.1"),
        ("It crashes on 40 series GPUs\n", "8.9"),
        ("my RTX 20xx laptop\n", "7.5"),
        # "RTX 10xx" is a slip for the GTX 10 series: the number decides
        ("RTX 10xx cards\n", "6.1"),
        ("30系显卡无法运行\n", "8.6"),
        ("10系列显卡报错\n", "6.1"),
        # beside a model the family is a comparison, not this machine's GPU
        ("It works on RTX 30 series, but not on my GTX 1080\n", "6.1"),
        # a number of things in a series, a driver series: no GPU
        ("we ran 30 series of experiments\n", None),
        ("the 535 series driver\n", None),
        ("Windows 10 系统\n", None),
    ],
)
def test_family_stands_for_the_gpu(tmp_path: Path, text: str, cc: object) -> None:
    gpus = snap_of(tmp_path, text).gpus()
    assert (gpus[0].compute_capability if gpus else None) == cc


def test_family_against_a_build_without_its_kernels(tmp_path: Path) -> None:
    # PyTorch 1.6 (CUDA 10.2) has no Ampere kernels; an RTX 30 series card named as a family
    text = "torch==1.6.0\nOn my RTX 30 series card: CUDA error: no kernel image is available\n"
    found = judge(tmp_path, text, ["EC201"], load_matrix())
    assert found and all(f[:2] == ("EC201", "gpu-arch-unsupported") for f in found)
    # the same build on the GTX 10 series runs: no finding
    text = "torch==1.6.0\nOn my GTX 10xx card it is slow\n"
    assert judge(tmp_path, text, ["EC201"], load_matrix()) == []


# --- heldout105-108's tuning -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "  - package cudatoolkit-11.6.0-habf752d_9 has constraint __cuda >=11.6.0 "
            "conflicting with __cuda-10.2-0",
            "conda-virtual-cuda-too-low",
        ),
        ("  - cudatoolkit=11.6 -> __cuda[version='>=11.6']", "conda-virtual-cuda-too-low"),
        # the virtual package missing altogether is the driver not seen, not an old one
        ("nothing provides __cuda needed by pytorch-2.1.0", "conda-virtual-cuda-missing"),
        (
            "  jaxlib             conda-forge/linux-64::jaxlib-0.4.4-cpu_py311h7146453_1",
            "conda-cpu-build-listed",
        ),
        (
            "tensorflow-base           2.11.0          cpu_py310h1234567_0    conda-forge",
            "conda-cpu-build-listed",
        ),
        ("If created on a login node, the CPU-only PyTorch is installed.", "cpu-torch-stated"),
        ('The latest mamba still tries to install Pytorch "CPU".', "cpu-torch-stated"),
        (
            "[h264_nvenc @ 000001f8d00602c0] Cannot load nvcuda.dll",
            "ffmpeg-cannot-load-cuda-driver",
        ),
        ("[AVHWDeviceContext @ 0x55ce] Cannot load libcuda.so.1", "ffmpeg-cannot-load-cuda-driver"),
        (
            "- Microsoft Basic Display Adapter (with a yellow triangle)",
            "windows-basic-display-adapter",
        ),
        (
            "Since the newest version of the nvidia runtime available in flatpak is 390-25, apps "
            "requiring the Nvidia driver do not work.",
            "flatpak-gl-nvidia-runtime-missing",
        ),
        (
            "Could not allocate partitionable GPU device '\\\\?\\PCI#VEN_10DE' that is not "
            "compliant with currently set group policy.",
            "hyperv-gpu-partition-policy",
        ),
        (
            "Please ensure all devices within the iommu_group are bound to their vfio bus driver.",
            "vfio-iommu-group-not-viable",
        ),
        ("vfio: error, group 1 is not viable", "vfio-iommu-group-not-viable"),
        (
            "error visiting device: error getting device memory info: Insufficient Pemmissions",
            "nvml-memory-info-not-permitted",
        ),
        (
            'when I run it with device=gpu, there is an error "recompile with CMake option '
            '-DUSE_GPU=1"',
            "library-built-without-gpu",
        ),
        (
            "Docker image does not seem to have XGBoost that was compiled with GPU support",
            "library-built-without-gpu",
        ),
    ],
)
def test_tuned_rows(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # a CUDA build of jaxlib, a CPU package that is not a framework
        "  jaxlib             conda-forge/linux-64::jaxlib-0.4.4-cuda112py311h1234567_1",
        "  numpy              conda-forge/linux-64::numpy-1.26.4-cpu_py311h7146453_1",
        # flatpak named with no NVIDIA runtime, an NVIDIA runtime with no flatpak
        "I installed Steam from flatpak and it crashes",
        "the nvidia container runtime is configured",
        # the CPU-only torch said to work, not said installed
        "the CPU-only PyTorch works fine",
        # FFmpeg loading a different library
        "Cannot load libnvcuvid.so.1",
        # a permission problem with no NVML memory in it
        "Insufficient permissions to write the log file",
        # Python's group of another kind
        "the group 3 is viable",
        # the CUDA build said present
        "the image has XGBoost that was compiled with GPU support",
    ],
)
def test_tuned_rows_near_misses(text: str) -> None:
    assert not {
        "conda-cpu-build-listed",
        "flatpak-gl-nvidia-runtime-missing",
        "cpu-torch-stated",
        "ffmpeg-cannot-load-cuda-driver",
        "nvml-memory-info-not-permitted",
        "vfio-iommu-group-not-viable",
        "library-built-without-gpu",
    } & set(pats(text + "\n"))


def test_lightgbm_opencl_learner_on_a_cuda_build() -> None:
    refusal = (
        '"lightgbm.basic.LightGBMError: GPU Tree Learner was not enabled in this build, '
        'Please recompile with CMake option -DUSE_GPU=1"\n'
    )
    # the text says the CUDA version was built: device_type='gpu' asked for the OpenCL learner
    said = "I compiled the cuda version of lightgbm by following the guide\n" + refusal
    assert pats(said) == ["lightgbm-opencl-learner-on-cuda-build"]
    # without that, the build has no GPU learner at all
    assert pats(refusal) == ["library-built-without-gpu"]
    # the CUDA learner refused stays a build without it, whatever was said
    cuda_refused = (
        "I compiled the cuda version of lightgbm\nCUDA Tree Learner was not enabled in this "
        "build, Please recompile with CMake option -DUSE_CUDA=1\n"
    )
    assert pats(cuda_refused) == ["library-built-without-gpu"]


def test_container_said_not_to_see_the_gpu(tmp_path: Path) -> None:
    text = (
        "as i tried to train a model, docker could not see my GPU.\n"
        "docker run -itd --rm --name c -v /local/path:/home/app c\n"
    )
    assert "gpu-not-given-to-container" in pats(text)
    # started with the GPUs: nothing to say about the launch
    assert "gpu-not-given-to-container" not in pats(text.replace("-itd", "--gpus all -itd"))


@pytest.mark.parametrize(
    ("line", "category"),
    [
        # the last resort: library status names, an unknown capability, a pairing said in words
        ("CUTENSORNET_STATUS_CUTENSOR_VERSION_MISMATCH in line 198", "cuda-libs-mismatch"),
        ("*** Warning: Unknown CUDA device compute capability: 6.1", "gpu-arch-unsupported"),
        (
            "the installed version of AerSimulator 15.x is not compatible with the installed "
            "version of Qiskit 2.3.1.",
            "framework-pairing",
        ),
        (
            "The YAML installs a version of GROMACS with OpenCL support instead of CUDA.",
            "cpu-only-build",
        ),
        (
            "2024-11-23 15:24:20.441 - INFO - separator - No hardware acceleration could be "
            "configured, running in CPU mode",
            "cpu-only-build",
        ),
    ],
)
def test_last_resort_words(line: str, category: str) -> None:
    assert pats(line + "\n") == [f"message-words-{category}"]


@pytest.mark.parametrize(
    "text",
    [
        # the bare complaint is shared by healthy controls whose code kept the work on the CPU
        "the computation is done on CPU instead of GPU\n",
        "my model runs on the CPU and I do not know why\n",
        # chosen on purpose
        "I am running it in CPU mode\nINFO - running in CPU mode\n",
        # not a library status
        "the version mismatch was fixed in 2.1\n",
    ],
)
def test_last_resort_words_near_misses(text: str) -> None:
    assert not [p for p in pats(text) if p.startswith("message-words-")]


# --- heldout109-114's tuning -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "IR version 1.6 incompatible with current version 2.0\nNVVM_ERROR_IR_VERSION_MISMATCH",
            "nvvm-ir-version-mismatch",
        ),
        ("DIGITS cudaRuntimeGetVersion() failed with error #35", "driver-insufficient"),
        ("cudaGetDeviceCount returned 100", "no-cuda-device"),
        (
            "ImportError: dlopen(/Users/s/torch/_C.cpython-37m-darwin.so, 2): Symbol not found: "
            "_cusparseCreateCsr",
            "cuda-lib-missing",
        ),
        (
            "libonnxruntime_providers_cuda.so: undefined symbol: nvrtcGetProgramLogSize",
            "cuda-lib-missing",
        ),
        (
            "ModuleNotFoundError: No module named 'tensorflow.experimental'",
            "tensorflow-api-missing",
        ),
        # the row that names the release still wins
        (
            "AttributeError: module 'tensorflow' has no attribute 'placeholder'",
            "tensorflow-name-missing-for-keras",
        ),
        (
            "ethminer is not reporting the GPUs in the same order as nvidia-smi.",
            "device-order-differs-stated",
        ),
        (
            "T-rex is wrongly enumerating GPUs when there are multiple models.",
            "device-order-differs-stated",
        ),
        (
            "It seems installing `onnxruntime` on top of `onnxruntime-gpu` will strip CUDA.",
            "cpu-package-over-gpu-package",
        ),
        ("it halts with needing cublas64_13 and other dlls.", "cuda-dll-said-missing"),
        ("due to missing dll's (`cublas_12.dll`, `cudart_12.dll`).", "cuda-dll-said-missing"),
        (
            "The requested API version [18] is not available, only API versions [1, 16] are "
            "supported in this build. Current ORT Version is: 1.16.3",
            "onnxruntime-api-version-unavailable",
        ),
        (
            "/usr/include/c++/6/tuple:605:4: error: parameter packs not expanded with '...':",
            "nvcc-host-gcc-tuple-parameter-packs",
        ),
    ],
)
def test_tuned_rows_109_114(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # tensorflow's own internals missing is a broken install, not code of another release
        "ModuleNotFoundError: No module named 'tensorflow.python'",
        # the GPU package installed on its own
        "installing `onnxruntime-gpu` on a clean venv works",
        # a CUDA call that succeeded
        "cudaRuntimeGetVersion() returned 0",
        # the order said to match
        "ethminer lists the GPUs in the same order as nvidia-smi",
        # a DLL said present
        "cublas64_12.dll is in the folder",
    ],
)
def test_tuned_rows_109_114_near_misses(text: str) -> None:
    assert not {
        "tensorflow-api-missing",
        "cpu-package-over-gpu-package",
        "driver-insufficient",
        "no-cuda-device",
        "device-order-differs-stated",
        "cuda-dll-said-missing",
    } & set(pats(text + "\n"))


@pytest.mark.parametrize(
    ("line", "category"),
    [
        (
            "> OneZeroMiner requires CUDA version 11.8 or above (installed version is 11.6.127). "
            "Please update your Nvidia drivers.",
            "driver-too-old",
        ),
        (
            "\"TREX: Can't find nonce with device [ID=0, GPU #0], GPU doesn't appear to be LHR. "
            'If it is LHR, try updating video driver"',
            "driver-too-old",
        ),
        (
            "ort 1.16 is not compatible with the ONNX Runtime binary found at `onnxruntime.dll`; "
            "expected GetVersionString to return '1.16.x', but got '1.10.0'",
            "framework-pairing",
        ),
    ],
)
def test_last_resort_words_109_114(line: str, category: str) -> None:
    assert pats(line + "\n") == [f"message-words-{category}"]


def test_reporter_updating_the_driver_is_no_advice() -> None:
    # a reporter who tried a newer driver says nothing about the driver being too old
    text = (
        "TF cannot create the cudnn handle. I tried updating the driver version, but that newer "
        "version requires CUDA 12.0, which TF is not compatible with.\n"
    )
    assert "message-words-driver-too-old" not in pats(text)


def test_compute_capability_mistyped(tmp_path: Path) -> None:
    text = "I'm using tensorflow 2.4 with nvidia 960m (compute compatibility 5.0)\n"
    gpus = snap_of(tmp_path, text).gpus()
    assert gpus and gpus[0].compute_capability == "5.0"


def test_no_gpu_cpu_only_said_in_brackets() -> None:
    text = (
        "Cuda check failed (35 vs. 0): CUDA driver version is insufficient for CUDA runtime "
        "version\nI installed it (No GPU, CPU only on my PC) and everything is ok\n"
    )
    assert "cuda-called-without-a-gpu" in pats(text)


@pytest.mark.parametrize(
    ("label", "cpu"),
    [
        # typed into an issue: no local tag whatever the build
        ("- PyTorch: 1.13.1", False),
        ("PyTorch: 1.13.1", False),
        ("* Torch version: 1.13.1", False),
        # pip's listing of the PyPI wheel on Windows: a CPU build
        ("torch             1.13.1", True),
    ],
)
def test_untagged_torch_on_windows(tmp_path: Path, label: str, cpu: bool) -> None:
    text = f"- OS: Windows 10\n- GPU: NVIDIA GeForce RTX 3090 (driver: 527.56)\n{label}\n"
    found = judge(tmp_path, text, ["EC210"], load_matrix())
    assert bool(found) == cpu


def test_a_megabyte_line_still_reads_its_message() -> None:
    # the keys are looked for near the start of a line, where its pattern is tried
    line = "RuntimeError: CUDA error: no kernel image is available for execution on the device "
    assert "no-kernel-image" in pats(line + "x" * 1_000_000 + "\n")


@pytest.mark.parametrize(
    ("text", "cuda"),
    [
        ("uv will install torch+cu128 package, but it does not run on my GPU", "12.8"),
        ("pytorch cu118 on my gtx 1070", "11.8"),
        ("torch 2.1 cu121 fails", "12.1"),
        ("I installed the cu121 build of torch", "12.1"),
        ("torch (cu92) works", "9.2"),
        # a version's own local tag is read with the version, and an extension's build is not
        # the torch installed
        ("PyTorch 2.0.1+cu118 with CUDA 1108 (you have 2.0.1+cpu)", None),
        # no torch beside the tag
        ("the cu121 index has no wheel for this", None),
    ],
)
def test_torch_cuda_tag_said_without_version(tmp_path: Path, text: str, cuda: object) -> None:
    from envcheck.checks._common import facts_read

    read = [r for r in facts_read(snap_of(tmp_path, text + "\n")) if r.get("fact") == "torch.cuda"]
    assert (read[0]["value"] if read else None) == cuda
