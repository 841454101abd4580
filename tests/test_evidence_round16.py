"""Round 16: documented floors of more GPU libraries (RAPIDS, TensorRT, SGLang, FlashInfer,
bitsandbytes, AutoAWQ, DALI: compat_data/floors.json ``libraries`` / ``drivers``) and NGC
container releases named by their tag (extract.images, checks/containers.py: EC110, EC208, with
compat_data/floors.json ``containers``)."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Tuple

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.checks.containers import data_center_gpu
from envcheck.compat import load_matrix
from envcheck.importers.extract import images


def ngc(text: str) -> List[Tuple[str, str, int]]:
    return [(f.name, f.value, f.line) for f in images.ngc_images(text, "paste.txt")]


def read(tmp_path: Path, text: str) -> List[Tuple[str, str]]:
    snap = snap_of(tmp_path, text)
    ev: Dict = snap.evidence if isinstance(snap.evidence, dict) else {}
    return [(f["fact"], str(f["value"])) for f in ev.get("read", [])]


# ---- NGC image tags


@pytest.mark.parametrize(
    "text, want",
    [
        ("docker run --gpus all nvcr.io/nvidia/pytorch:23.10-py3", [("pytorch", "23.10", 1)]),
        ("FROM nvcr.io/nvidia/tensorflow:20.01-tf1-py3\n", [("tensorflow", "20.01", 1)]),
        ("image: nvcr.io/nvidia/tritonserver:22.10-py3-sdk", [("tritonserver", "22.10", 1)]),
        ("pull nvcr.io/nvidia/tensorrt:20.07.1-py3", [("tensorrt", "20.07", 1)]),
        ("x\nnvcr.io/nvidia/tensorrtserver:19.02-py3", [("tensorrtserver", "19.02", 2)]),
        # without the registry the NGC suffix tells the tag
        ("I use the pytorch:22.12-py3 container", [("pytorch", "22.12", 1)]),
        # named twice: one fact
        (
            "nvcr.io/nvidia/pytorch:24.01-py3\nagain nvcr.io/nvidia/pytorch:24.01-py3",
            [("pytorch", "24.01", 1)],
        ),
    ],
)
def test_an_ngc_tag_names_its_image_and_release(text: str, want: List[Tuple]) -> None:
    assert ngc(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "FROM pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime",  # Docker Hub: no NGC release
        "docker pull tensorflow/tensorflow:2.4.0-gpu",
        "pytorch:22.12 was fine",  # no registry and no NGC suffix: not known to be NGC
        "nvcr.io/nvidia/pytorch:23.13-py3",  # no month 13
        "nvcr.io/nvidia/cuda:12.2.0-devel-ubuntu22.04",  # CUDA images state their CUDA
        "myrepo/pytorch:23.10-py3",  # another registry's image of the same name
    ],
)
def test_other_tags_are_not_ngc_releases(text: str) -> None:
    assert ngc(text) == []


def test_the_release_is_kept_beside_the_hosts_facts(tmp_path: Path) -> None:
    snap = snap_of(
        tmp_path, "docker run nvcr.io/nvidia/pytorch:23.10-py3\nDriver Version: 535.54\n"
    )
    ev = snap.evidence if isinstance(snap.evidence, dict) else {}
    assert [(f["fact"], f["value"]) for f in ev.get("ngc_images", [])] == [
        ("ngc_image:pytorch", "23.10")
    ]


@pytest.mark.parametrize(
    "name, want",
    [
        ("NVIDIA A100-SXM4-80GB", True),
        ("Tesla V100-PCIE-32GB", True),
        ("NVIDIA H100 80GB HBM3", True),
        ("Tesla T4", True),
        ("NVIDIA L40S", True),
        ("NVIDIA GeForce RTX 3090", False),
        ("NVIDIA TITAN RTX", False),
        ("Quadro RTX 8000", None),  # some workstation cards are NGC-ready SKUs
        ("NVIDIA RTX A6000", None),
        (None, None),
    ],
)
def test_data_center_gpus_by_name(name: object, want: object) -> None:
    assert data_center_gpu(name) is want


# ---- library floors from the libraries' own documentation


@pytest.mark.parametrize(
    "packages, gpu, want",
    [
        # RAPIDS dropped Pascal with 24.02 (RSN 34)
        ("cudf-cu12==24.4.1", "NVIDIA GeForce GTX 1080 Ti", [("EC206", "error")]),
        ("cudf-cu12==23.12.1", "NVIDIA GeForce GTX 1080 Ti", []),
        ("cudf-cu12==24.4.1", "Tesla V100-SXM2-16GB", []),
        # TensorRT 10.5 removed Volta
        ("tensorrt==10.6.0", "Tesla V100-SXM2-16GB", [("EC206", "error")]),
        ("tensorrt==10.3.0", "Tesla V100-SXM2-16GB", []),
        ("tensorrt==10.6.0", "Tesla T4", []),
        # bitsandbytes' PyPI wheels lost Maxwell in 0.48: installed is not used, a warning
        ("bitsandbytes==0.48.2", "GeForce GTX 970", [("EC206", "warning")]),
        ("bitsandbytes==0.45.0", "GeForce GTX 970", []),
        ("sglang==0.4.6", "Tesla P100-PCIE-16GB", [("EC206", "error")]),
        ("sglang==0.4.6", "Tesla T4", []),
    ],
)
def test_a_library_below_its_documented_gpu_floor(
    tmp_path: Path, packages: str, gpu: str, want: List[Tuple[str, str]]
) -> None:
    text = f"pip freeze:\n{packages}\nGPU 0: {gpu}\n"
    found = judge(tmp_path, text, ["EC206"], load_matrix())
    assert [(code, sev) for code, _, sev in found] == want


@pytest.mark.parametrize(
    "package, driver, want",
    [
        ("nvidia-dali-cuda120==1.40.0", "470.82.01", [("EC107", "error")]),
        ("nvidia-dali-cuda120==1.40.0", "535.104.05", []),
        ("nvidia-dali-cuda130==1.52.0", "570.86.10", [("EC107", "error")]),
    ],
)
def test_dali_below_its_documented_driver(
    tmp_path: Path, package: str, driver: str, want: List[Tuple[str, str]]
) -> None:
    text = f"pip freeze:\n{package}\nDriver Version: {driver}\nGPU 0: Tesla T4\n"
    found = judge(tmp_path, text, ["EC107"], load_matrix())
    assert [(code, sev) for code, _, sev in found] == want


@pytest.mark.parametrize(
    "line, name, version",
    [
        ("cudf-cu12==24.4.1", "cudf-cu12", "24.4.1"),
        (
            "cuml                      24.02.00        cuda12_py311_240213_gfb1a6e5b_0    rapidsai",
            "cuml",
            "24.02.00",
        ),
        ("tensorrt-cu12==10.6.0", "tensorrt-cu12", "10.6.0"),
        ("autoawq==0.2.6", "autoawq", "0.2.6"),
    ],
)
def test_the_libraries_with_floors_are_read_from_package_lists(
    tmp_path: Path, line: str, name: str, version: str
) -> None:
    assert (f"package:{name}", version) in read(tmp_path, f"pip freeze:\n{line}\n")


# ---- NGC releases judged by their release notes (compat_data/floors.json containers)

TRITON_2107 = "docker run --gpus all nvcr.io/nvidia/tritonserver:21.07-py3\n"


@pytest.mark.parametrize(
    "driver, gpu, want",
    [
        # 21.07 is based on CUDA 11.4.0 and needs 470; R418/R440/R450/R460 run it on data-center
        # GPUs only (its release notes)
        ("470.57.02", "NVIDIA GeForce RTX 3090", []),
        ("460.32.03", "Tesla T4", []),
        ("460.32.03", "NVIDIA GeForce RTX 3090", [("EC110", "error")]),
        ("460.32.03", None, [("EC110", "warning")]),
        ("460.32.03", "Quadro RTX 8000", [("EC110", "warning")]),
        # R455 is not one of the branches listed: too old on any GPU
        ("455.23.05", "Tesla T4", [("EC110", "error")]),
        # below the listed R460 release
        ("460.20", "Tesla T4", [("EC110", "error")]),
    ],
)
def test_the_driver_against_an_ngc_release(
    tmp_path: Path, driver: str, gpu: object, want: List[Tuple[str, str]]
) -> None:
    text = TRITON_2107 + f"Driver Version: {driver}\n" + (f"GPU 0: {gpu}\n" if gpu else "")
    found = judge(tmp_path, text, ["EC110"], load_matrix())
    assert [(code, sev) for code, _, sev in found] == want


@pytest.mark.parametrize(
    "gpu, want",
    [("Tesla K80", [("EC208", "error")]), ("Tesla M40", [("EC208", "error")]), ("Tesla P4", [])],
)
def test_the_gpu_against_an_ngc_release(
    tmp_path: Path, gpu: str, want: List[Tuple[str, str]]
) -> None:
    found = judge(tmp_path, TRITON_2107 + f"GPU 0: {gpu}\n", ["EC208"], load_matrix())
    assert [(code, sev) for code, _, sev in found] == want


def test_the_triton_image_under_its_old_name(tmp_path: Path) -> None:
    text = "nvcr.io/nvidia/tensorrtserver:19.07-py3\nDriver Version: 410.104\n"
    text += "GPU 0: GeForce GTX 1080\n"
    assert judge(tmp_path, text, ["EC110"], load_matrix()) == [("EC110", "driver-too-old", "error")]


def test_a_release_the_data_does_not_hold_is_not_judged(tmp_path: Path) -> None:
    from envcheck.checks import registry

    snap = snap_of(tmp_path, "nvcr.io/nvidia/pytorch:23.10-py3\nDriver Version: 460.32.03\n")
    out = registry.run_checks(snap, load_matrix(), None, only=["EC110", "EC208"])
    assert out.findings == []
    assert all("no release notes for nvcr.io/nvidia/pytorch:23.10" in s.reason for s in out.skipped)


def test_every_container_entry_cites_its_release_notes() -> None:
    import json

    from envcheck.compat import bundled_data_dir

    doc = json.loads((bundled_data_dir() / "floors.json").read_text())
    for e in doc["containers"]:
        assert e["source"].startswith("https://docs.nvidia.com/"), e
        assert "Release notes: " in e["note"]
        assert e["release"] in e["note"] or e["images"][0] == "tritonserver", e
        if e["datacenter_drivers"] is None:
            assert "datacenter_drivers" in e["unconfirmed"]


# ---- heldout25's and heldout26's tuning: messages of general use (docs/reports.md)


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "    raise cudnnExceptions[status]\nlibcudnn.cudnnStatusArchMismatch\n",
            "library-arch-mismatch",
        ),
        (
            "NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure "
            "that the NVIDIA Display Driver is properly installed",
            "nvml-library-not-found",
        ),
        (
            "FATAL: Error inserting nvidia (/lib/modules/2.6.32/extra/nvidia.ko): No such device",
            "nvidia-module-no-device",
        ),
        (
            "But PARL found that Paddle was not complied with CUDA, which may cause issues.",
            "package-not-compiled-with-cuda",
        ),
        ("ValueError: invalid literal for int() with base 10: 'NoDevFiles'", "slurm-nodevfiles"),
        (
            "WARNING: Unable to capture nv bind points: could not execute ldconfig: exit status 1",
            "singularity-nv-bind-failed",
        ),
        (
            "RuntimeError: Mixed dnn version. The header is version 5005 while the library is "
            "version 5110.",
            "cudnn-header-library-mixed",
        ),
        ("it said that 'cannot find cudart64_90.dll'", "cuda-lib-missing"),
        (
            "AttributeError: module 'tensorflow' has no attribute 'get_default_graph'",
            "tensorflow-name-missing-for-keras",
        ),
        (
            "[TensorRT-LLM][ERROR] Assertion failed: Unsupported architecture (fmhaRunner.cpp:87)",
            "trtllm-unsupported-architecture",
        ),
        (
            "kernel: NVRM: The NVIDIA GPU 0000:09:00.0 (PCI ID: 10de:1d01)\n"
            "             NVRM: installed in this system is not supported by open\n"
            "             NVRM: nvidia.ko because it does not include the required GPU\n",
            "open-module-gpu-without-gsp",
        ),
        (
            "kernel: NVRM: None of the NVIDIA devices were initialized.",
            "nvrm-no-device-initialized",
        ),
        (
            "ERROR: LoadError: CUDA 10.0 is not supported by\n"
            "your driver (which supports up to 9.0)",
            "cuda-not-supported-by-driver-julia",
        ),
        (
            "cv2.error: OpenCV(4.4.0) dnn.cpp:2353: error: (-216:No CUDA support) OpenCV was not "
            "built to work with the selected device. Please check CUDA_ARCH_PTX or CUDA_ARCH_BIN",
            "opencv-not-built-for-device",
        ),
        (
            "CMake Error: Must use gcc>=11.1 to compile CV-CUDA, you're using GNU-9.3.0",
            "host-compiler-below-floor",
        ),
        (
            "I'am trying to install torch2trt at Jetson Nano, but `Illegal instruction` occured.",
            "jetson-openblas-illegal-instruction",
        ),
    ],
)
def test_messages_of_the_rounds_pools(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    "text, pattern",
    [
        # Secure Boot refuses the module: not a missing device
        (
            "modprobe: ERROR: could not insert 'nvidia': Required key not available",
            "nvidia-module-no-device",
        ),
        ("found cudart64_90.dll in C:\\CUDA\\bin", "cuda-lib-missing"),
        # a script named tensorflow.py shadows the package: no TF 1.x name is missing
        (
            "AttributeError: module 'tensorflow' has no attribute 'keras'",
            "tensorflow-name-missing-for-keras",
        ),
        ("CUDA_VISIBLE_DEVICES=0,1", "slurm-nodevfiles"),
        ("cudnnStatusSuccess", "library-arch-mismatch"),
        # CUDA's own "illegal instruction" is a GPU fault, and a Raspberry Pi is no Jetson
        (
            "on my Jetson: CUDA error: an illegal instruction was encountered",
            "jetson-openblas-illegal-instruction",
        ),
        (
            "Raspberry Pi 4 (aarch64): Illegal instruction (core dumped)",
            "jetson-openblas-illegal-instruction",
        ),
        ("CUDA 12.4 is supported by your driver", "cuda-not-supported-by-driver-julia"),
        ("OpenCV was built with CUDA support", "opencv-not-built-for-device"),
    ],
)
def test_near_misses_of_the_rounds_pools(text: str, pattern: str) -> None:
    assert pattern not in pats(text)


@pytest.mark.parametrize(
    "text, want",
    [
        # the reporter chose the CPU: the CPU build is meant, a component asks for CUDA anyway
        (
            'Server Execution error: Torch not compiled with CUDA enabled", although I unchecked '
            'the "Use CUDA" option and selected my CPU',
            "cuda-asked-in-a-cpu-run",
        ),
        (
            "python main.py --cpu\nAssertionError: Torch not compiled with CUDA enabled",
            "cuda-asked-in-a-cpu-run",
        ),
        # the CPU as a symptom, not a choice: still the CPU-only build
        (
            "only the CPU is used and I get AssertionError: Torch not compiled with CUDA enabled",
            "torch-not-compiled-with-cuda",
        ),
        (
            "it falls back to CPU mode: AssertionError: Torch not compiled with CUDA enabled",
            "torch-not-compiled-with-cuda",
        ),
    ],
)
def test_a_cpu_run_on_purpose(text: str, want: str) -> None:
    assert want in pats(text)


def test_a_cpu_run_on_purpose_is_a_warning(tmp_path: Path) -> None:
    text = "I selected my CPU in the settings.\nTorch not compiled with CUDA enabled\n"
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "torch, flashinfer, want",
    [
        # FlashInfer's maintainers: the torch 2.4 wheels run on torch 2.5 (flashinfer#689)
        ("2.5.1+cu124", "0.1.6+cu124torch2.4", []),
        # and not on 2.6 (flashinfer#771)
        ("2.6.0+cu124", "0.2.0+cu124torch2.5", [("EC234", "error")]),
        ("2.6.0+cu124", "0.1.6+cu124torch2.4", [("EC234", "error")]),
    ],
)
def test_flashinfer_builds_on_a_later_torch(
    tmp_path: Path, torch: str, flashinfer: str, want: List[Tuple[str, str]]
) -> None:
    text = f"Package Version\ntorch       {torch}\nflashinfer  {flashinfer}\n"
    found = judge(tmp_path, text, ["EC234"], load_matrix())
    assert [(code, sev) for code, _, sev in found] == want


def test_the_cufft_half_precision_floor_and_the_gpu_it_names(tmp_path: Path) -> None:
    text = (
        "RuntimeError: cuFFT doesn't support signals of half type with compute capability less "
        "than SM_53, but the device containing input half tensor only has SM_52\n"
    )
    facts = read(tmp_path, text)
    assert ("cc_floor", "5.3") in facts and ("gpu.cc", "5.2") in facts
    assert judge(tmp_path, text, ["EC207"]) == [("EC207", "gpu-arch-unsupported", "error")]
    fine = text.replace("only has SM_52", "has SM_61").replace("but the device", "and the device")
    assert ("gpu.cc", "6.1") not in read(tmp_path, fine)


@pytest.mark.parametrize(
    "code, want",
    [
        ("import keras\nfrom keras.models import Sequential\n", [("EC233", "error")]),
        # the program uses TensorFlow's own Keras: the standalone one is installed, not at work
        ("import tensorflow as tf\nmodel = tf.keras.Sequential()\n", [("EC233", "warning")]),
    ],
)
def test_standalone_keras_before_2_3_on_tensorflow_2(
    tmp_path: Path, code: str, want: List[Tuple[str, str]]
) -> None:
    text = "Package    Version\ntensorflow 2.0.0\nKeras      2.2.4\n" + code
    found = judge(tmp_path, text, ["EC233"], load_matrix())
    assert [(c, s) for c, _, s in found] == want
    fitting = "Package    Version\ntensorflow 2.0.0\nKeras      2.3.1\n" + code
    assert judge(tmp_path, fitting, ["EC233"], load_matrix()) == []


# ---- heldout26's tuning


def test_a_gpu_is_not_inferred_from_torchs_cpu_build_message(tmp_path: Path) -> None:
    text = "BackendCompilerFailed: debug_wrapper raised AssertionError: Torch not compiled with "
    text += "CUDA enabled\n"
    assert all(k != "gpu.present" for k, _ in read(tmp_path, text))
    assert ("gpu.present", "True") in read(tmp_path, "I need a CUDA-enabled build of torch\n")


def test_ultralytics_python_floor_and_the_python_it_names(tmp_path: Path) -> None:
    text = (
        "AssertionError: Python 3.7.0 required by YOLOv5, but Python 3.6.9 is currently installed\n"
    )
    facts = read(tmp_path, text)
    assert ("python_range", "3.7,") in facts and ("python", "3.6.9") in facts
    assert judge(tmp_path, text, ["EC221"]) == [("EC221", "python-unsupported", "error")]


@pytest.mark.parametrize(
    "line, want",
    [
        ("==> Concretized cuda@11.8", ["11.8"]),
        (" -   3xr57ku  cuda@11.8.0%gcc@11.3.0~allow-unsupported-compilers", ["11.8"]),
        ("depends_on('cuda@11.0:')", []),  # a range, not a toolkit
    ],
)
def test_a_spack_spec_states_the_toolkit(tmp_path: Path, line: str, want: List[str]) -> None:
    assert [v for k, v in read(tmp_path, line + "\n") if k == "nvcc"] == want


@pytest.mark.parametrize(
    "line, want",
    [
        ("gcc (Ubuntu 11.3.0-1ubuntu1~22.04) 11.3.0", ["11.3.0"]),
        ("g++ (GCC) 8.3.1 20190311 (Red Hat 8.3.1-3)", ["8.3.1"]),
        ("GCC version: (Ubuntu 9.4.0-1ubuntu1~20.04.1) 9.4.0", ["9.4.0"]),
        ("* gcc version is 6.2.0", ["6.2.0"]),
        ("Actually I'm compiling with `nvcc` and `gcc`, `gcc` version 8.3.1.", ["8.3.1"]),
        # the GCC that built Python, a Spack compiler spec, gcc's runtime library: not the host's
        ("Python 3.10.9 (main, Mar  1 2023) [GCC 11.2.0] on linux", []),
        ("cuda@11.8.0%gcc@11.3.0", []),
        ("libgcc-ng                 13.2.0               h807b86a_3", []),
        ("GCC version: Could not collect", []),
    ],
)
def test_the_host_gcc(tmp_path: Path, line: str, want: List[str]) -> None:
    assert [v for k, v in read(tmp_path, line + "\n") if k == "host_gcc"] == want


# ---- heldout27's tuning


def test_a_hopper_only_kernel_on_another_gpu_is_the_librarys_dispatch(tmp_path: Path) -> None:
    line = (
        "RuntimeError: CUDA error (/__w/xformers/xformers/third_party/flash-attention/hopper/"
        "flash_fwd_launch_template.h:175): no kernel image is available for execution on the "
        "device\n"
    )
    assert pats(line) == ["hopper-only-kernel-dispatched"]
    assert judge(tmp_path, line, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]
    # the same message from anywhere else is the build's missing kernels
    plain = "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    assert pats(plain) == ["no-kernel-image"]


@pytest.mark.parametrize(
    "version_line, want",
    [
        # a version typed into an issue form carries no local tag whatever the build
        (" - PyTorch Version (e.g., 1.0): 1.2\n", []),
        # pip's own listing of an untagged Windows wheel: PyPI's CPU build
        ("Package    Version\ntorch      2.1.0\n", [("EC210", "error")]),
    ],
)
def test_an_untagged_torch_on_windows(
    tmp_path: Path, version_line: str, want: List[Tuple[str, str]]
) -> None:
    text = version_line + "OS: Windows 10\nGPU 0: NVIDIA GeForce GTX 1080\n"
    found = judge(tmp_path, text, ["EC210"], load_matrix())
    assert [(c, s) for c, _, s in found] == want


@pytest.mark.parametrize(
    "text, hit",
    [
        ("When installed with 'pip install chatterbox-tts' torch installed w/o gpu support.", True),
        ("torch got installed without GPU support", True),
        ("tensorflow installed without gpu support", False),
        ("torch installed without problems", False),
    ],
)
def test_torch_installed_without_gpu_support(text: str, hit: bool) -> None:
    assert ("cpu-torch-stated" in pats(text)) is hit
