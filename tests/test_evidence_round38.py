"""Round thirty-eight: readings learned from the sealed pools heldout128-131's misses, each with
its near misses. The general one: CUDA's "no CUDA-capable device is detected" has two common
causes (the process kept from the GPU, the driver not loaded), so alone it gives both as
warnings, and where the text shows the driver answering only the process's view is left."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import entries, judge, pats

NO_DEVICE = (
    "RuntimeError: cuda runtime error (38) : no CUDA-capable device is detected at "
    "/opt/conda/conda-bld/pytorch/work/aten/src/THC/THCGeneral.cpp:74"
)
SMI_BANNER = (
    "| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |"
)


def _severities(text: str) -> dict:
    return {e["pattern"]: e.get("severity", "") for e in entries(text)}


# --- "no CUDA-capable device": two readings ---------------------------------------------------


def test_the_message_alone_gives_both_readings_as_warnings(tmp_path: Path) -> None:
    found = judge(tmp_path, NO_DEVICE + "\n", ["EC904", "EC913"])
    assert found == [
        ("EC904", "driver-not-loaded", "warning"),
        ("EC913", "os-setting", "warning"),
    ]


@pytest.mark.parametrize(
    "shown",
    [
        SMI_BANNER,
        "torch.cuda.is_available() returns True",
        ">>> torch.cuda.is_available()\nTrue",
        "torch.cuda.is_available()的结果是True，nvidia-smi也都显示正常",
        "nvidia-smi works fine and lists the GPU",
    ],
)
def test_a_driver_shown_answering_leaves_the_process_view(tmp_path: Path, shown: str) -> None:
    found = judge(tmp_path, NO_DEVICE + "\n" + shown + "\n", ["EC904", "EC913"])
    assert found == [("EC913", "os-setting", "warning")]


@pytest.mark.parametrize(
    "said",
    [
        # a wish or a question, not the driver answering
        "torch.cuda.is_available() should return True here",
        "does nvidia-smi need to be installed?",
    ],
)
def test_words_that_do_not_show_the_driver_keep_both(said: str) -> None:
    got = pats(NO_DEVICE + "\n" + said + "\n")
    assert "no-device-in-this-process" in got and "no-cuda-device" in got


def test_a_missing_nvidia_smi_is_the_driver_reading() -> None:
    got = pats(NO_DEVICE + "\nnvidia-smi: command not found\n")
    assert sorted(got) == ["no-cuda-device", "nvidia-smi-not-found"]


def test_another_driver_failure_keeps_the_error_alone() -> None:
    text = (
        NO_DEVICE + "\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA "
        "driver. Make sure that the latest NVIDIA driver is installed and running.\n"
    )
    sev = _severities(text)
    assert "no-device-in-this-process" not in sev
    assert sev.get("no-cuda-device", "") == ""  # the row's own severity: an error


def test_a_visible_devices_reading_is_not_doubled() -> None:
    text = "export CUDA_VISIBLE_DEVICES=1\n" + NO_DEVICE + "\nI only have one GPU\n"
    got = pats(text)
    assert "visible-devices-past-gpus" in got
    assert "no-device-in-this-process" not in got


# --- messages of extensions and their builds --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "RuntimeError: TCNN was not compiled with half-precision support.",
            "tcnn-no-half-precision",
        ),
        ("TCNN was compiled with half-precision support", None),
        (
            "RuntimeError: CUDA 12.8 or higher is required for compute capability 12.0.",
            "toolkit-too-old-for-gpu-build-check",
        ),
        ("CUDA 12.8 or higher is recommended for compute capability 12.0", None),
        (
            "Found GPU0 Tesla V100 which requires CUDA_VERSION >= 9000 for optimal performance "
            "and fast startup time, but your PyTorch(0.3.1) was compiled with CUDA_VERSION 8000.",
            "torch-cuda-older-than-gpu",
        ),
        (
            "Found GPU0 Tesla V100 which requires CUDA_VERSION >= 9000 for optimal performance "
            "and fast startup time, but your PyTorch was compiled with CUDA_VERSION 8000.",
            "torch-cuda-older-than-gpu",
        ),
    ],
)
def test_extension_and_build_messages(text: str, expected: object) -> None:
    got = pats(text + "\n")
    assert (expected in got) if expected else got == []


CPP_EXTENSION_TRACE = """\
  File "/env/site-packages/torch/utils/cpp_extension.py", line 813, in _check_cuda_version
    torch_cuda_version = packaging.version.parse(torch.version.cuda)
  File "/env/site-packages/pkg_resources/_vendor/packaging/version.py", line 49, in parse
    return Version(version)
TypeError: expected string or bytes-like object
ERROR: Failed building wheel for freqencoder
"""


def test_extension_built_on_a_cpu_torch(tmp_path: Path) -> None:
    assert "extension-build-on-cpu-torch" in pats(CPP_EXTENSION_TRACE)
    found = judge(tmp_path, CPP_EXTENSION_TRACE, ["EC905"])
    assert found == [("EC905", "cpu-only-build", "error")]


@pytest.mark.parametrize(
    "text",
    [
        # ROCm's torch leaves torch.version.cuda None too
        CPP_EXTENSION_TRACE + "torch 2.3.0+rocm6.0\n",
        # the builder's line without the error None gives
        "    torch_cuda_version = packaging.version.parse(torch.version.cuda)\nValueError: x\n",
        # the error without the builder's line
        "TypeError: expected string or bytes-like object\n",
    ],
)
def test_extension_near_misses(text: str) -> None:
    assert "extension-build-on-cpu-torch" not in pats(text)


# --- nvidia-smi said not to run ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("After the update the drivers disappeared. nvidia-smi no longer runs.", True),
        ("Nvidia-smi does not work after the kernel update", True),
        ("nvidia-smi stopped working yesterday", True),
        ("nvidia-smi works and shows the GPU", False),
        ("nvidia-smi does not show any process", False),
    ],
)
def test_nvidia_smi_said_not_to_run(text: str, found: bool) -> None:
    assert ("nvidia-smi-not-found" in pats(text + "\n")) is found


# --- the framework at work --------------------------------------------------------------------

TF_CUDART = (
    "2023-05-28 09:13:33.016381: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] "
    "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot "
    "open shared object file: No such file or directory\n"
)


def test_pytorch_named_as_working_is_not_the_framework_at_work(tmp_path: Path) -> None:
    said = "It seems that tensorflow is missing some libraries, even though pytorch works fine.\n"
    assert judge(tmp_path, said + TF_CUDART, ["EC906"]) == [
        ("EC906", "cuda-libs-mismatch", "warning")
    ]
    # a text where PyTorch does the work keeps TensorFlow's notice as information
    at_work = "I train with pytorch on the GPU.\n"
    assert judge(tmp_path, at_work + TF_CUDART, ["EC906"]) == [
        ("EC906", "cuda-libs-mismatch", "info")
    ]


# --- after heldout132-134's scoring -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("CUDA_VISIBLE_DEVISES='3' spleeter train -p cfg.json", True),
        ("CUDA_VISABLE_DEVICES=0 python train.py", True),
        ("CUDA_VISIBLE_DEVICES=3 spleeter train -p cfg.json", False),
        ("HIP_VISIBLE_DEVICES=0 python train.py", False),
    ],
)
def test_visible_devices_misspelled_in_either_word(text: str, found: bool) -> None:
    assert ("visible-devices-misspelled" in pats(text + "\n")) is found


LIBCUDNN_MISSING = "ImportError: libcudnn.so.5: cannot open shared object file: No such file\n"


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("I managed to run the same program in Terminal, but not in PyCharm.", True),
        (
            "I am also able to import TensorFlow in Python Console launched from Terminal, not in "
            "Jupyter Notebook.",
            True,
        ),
        # no IDE named: a terminal alone says nothing of a session's environment
        ("I managed to run the same program in Terminal.", False),
    ],
)
def test_works_in_the_shell_not_in_the_ide(said: str, found: bool) -> None:
    assert ("works-in-shell-not-in-ide" in pats(LIBCUDNN_MISSING + said + "\n")) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Installing both onnxruntime (from faster_whisper) and onnxruntime-gpu (from "
            "pyannote), causes a conflict and onnx redirects to CPU only.",
            True,
        ),
        ("We have both tensorflow and tensorflow-gpu in the environment.", True),
        ("Installing onnxruntime-gpu fixed it.", False),
        ("Installing both onnxruntime-gpu and torch.", False),
    ],
)
def test_both_packages_said_installed(text: str, found: bool) -> None:
    assert ("cpu-package-over-gpu-package" in pats(text + "\n")) is found


def test_graphic_card_without_a_gpu_retells_error_35() -> None:
    text = (
        "How can we use Azure Kinect without Nvidia graphic card?\n"
        "onnxruntime::CudaCall CUDA failure 35: CUDA driver version is insufficient for CUDA "
        "runtime version ; GPU=0\n"
    )
    got = pats(text)
    assert "cuda-called-without-a-gpu" in got and "driver-insufficient" not in got


def test_a_sentence_starting_it_returns_false() -> None:
    text = "1. import torch\n1. torch.cuda.is_available()\n\nIt returns False.\n"
    assert "torch-sees-no-cuda" in pats(text)


@pytest.mark.parametrize(
    ("tail", "cuda"),
    [
        ("", None),  # the plan did not run: the CPU build on the left is installed
        ("Executing transaction: done\n", "11.7"),  # it ran: the right side is
    ],
)
def test_conda_plan_change_rows(tail: str, cuda: object) -> None:
    from envcheck.importers.extract import packages

    plan = (
        "The following packages will be UPDATED:\n\n"
        "  pytorch            1.13.1-py3.9_cpu_0 --> 1.13.1-py3.9_cuda11.7_cudnn8.5.0_0\n\n"
    )
    read = {f.key: f.value for f in packages.facts((plan + tail).split("\n"), "paste.txt")}
    assert read["torch.version"] == "1.13.1"
    assert read["torch.cuda"] == cuda


# --- lspci's revision field is no GPU name ----------------------------------------------------


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("03:00.0 3D controller: NVIDIA Corporation GM108M [GeForce 920MX] (rev a2)", []),
        (
            "01:00.0 VGA compatible controller [0300]: NVIDIA Corporation GM107M [GeForce GTX "
            "860M] [10de:1392] (rev a2)",
            ["GeForce GTX 860M"],
        ),
        # the data-center A2 itself is still read, in lspci's brackets or on a label
        ("01:00.0 3D controller: NVIDIA Corporation GA107GL [A2] (rev a1)", ["A2"]),
        ("GPU: A2", ["A2"]),
    ],
)
def test_lspci_revision_is_not_a_gpu(line: str, names: list) -> None:
    from envcheck.importers.extract.prose import gpu_names

    assert gpu_names(line) == names


# --- the torch build a paste states, and the fix it gets -----------------------------------------


def _arch_findings(tmp_path: Path, text: str) -> list:
    from evidence_support import snap_of

    from envcheck.checks import registry
    from envcheck.compat import load_matrix

    out = registry.run_checks(snap_of(tmp_path, text), load_matrix(), None, only=["EC201"])
    return out.findings


def test_a_stated_cuda_picks_that_build_not_the_pypi_default(tmp_path: Path) -> None:
    # torch 1.12's PyPI default is cu102 (no sm_80); "cuda 11.6" with NCCL's +cuda11.6 is the
    # cu116 wheel, which has sm_80 (NVIDIA/nccl#733: an A100)
    text = "torch 1.12, cuda 11.6, a100 gpu\nNCCL INFO NCCL version 2.10.3+cuda11.6\n"
    assert _arch_findings(tmp_path, text) == []
    # the same release stated with CUDA 10.2 is the cu102 wheel: no sm_80
    older = text.replace("11.6", "10.2")
    assert [f.code for f in _arch_findings(tmp_path, older)] == ["EC201"]


def test_wsl_runs_the_linux_wheels(tmp_path: Path) -> None:
    # the Windows cu118 wheels carry compute_37 PTX, the Linux ones do not: under WSL2 the
    # Linux list decides (pluja/whishper#172)
    text = (
        "The image ships PyTorch 2.4.1 + CUDA 11.8\n"
        "- GPU: NVIDIA RTX 5070 Ti\n- OS: WSL2 on Windows 11\n"
    )
    found = _arch_findings(tmp_path, text)
    assert [f.code for f in found] == ["EC201"]
    assert "compute_37" not in found[0].found


def test_the_fix_is_bounded_by_the_driver_cuda(tmp_path: Path) -> None:
    text = "torch 2.4.1+cu118\nGPU: RTX 5070 Ti\nnvidia-smi says CUDA Version: 12.9\n"
    (f,) = _arch_findings(tmp_path, text)
    assert "whl/cu128" in f.fix or "whl/cu129" in f.fix
    assert "cu13" not in f.fix


def test_a_fix_for_an_unknown_driver_says_what_it_needs(tmp_path: Path) -> None:
    (f,) = _arch_findings(tmp_path, "torch 2.4.1+cu118\nGPU: RTX 5070 Ti\n")
    assert "needs a driver that runs CUDA" in f.fix and "nvidia-smi" in f.fix


@pytest.mark.parametrize(
    ("package", "severity"),
    [
        # before 1.15 `tensorflow` was the CPU package, which loads no CUDA library
        ("tensorflow==1.9.0", "warning"),
        ("tensorflow-gpu==1.9.0", "error"),
    ],
)
def test_tensorflow_1x_cpu_package_and_the_cuda_it_loads(
    tmp_path: Path, package: str, severity: str
) -> None:
    from envcheck.compat import load_matrix

    nvcc = "nvcc: NVIDIA (R) Cuda compiler driver\nCuda compilation tools, release 9.1, V9.1.85\n"
    found = judge(tmp_path, package + "\n" + nvcc, ["EC305"], load_matrix())
    assert found == [("EC305", "cuda-libs-mismatch", severity)]
