"""Round thirty-nine: readings learned from the sealed pools heldout138-141's misses and their
controls' warnings, each with its near misses. The general ones: a framework's CPU-only package
by name (paddlepaddle, onnxruntime, faiss-cpu, mxnet) on a host with NVIDIA GPUs (EC216), and
three reading faults (an NVIDIA model number found inside a link's UUID, lspci's "Intel
Corporation UHD Graphics" not read as another vendor's GPU, Windows' "shared GPU memory" read
as /dev/shm)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

SMI = "NVIDIA-SMI 525.60.13\nDriver Version: 525.60.13\nCUDA Version: 12.0\nV100/16GB\n"


# --- EC216: the CPU-only package of a framework -------------------------------------------------


@pytest.mark.parametrize(
    "listing, package",
    [
        ("paddleocr==3.1.0\npaddlepaddle==3.1.0\n", "paddlepaddle"),
        ("rembg==2.0.50\nonnxruntime==1.18.0\n", "onnxruntime"),
        ("faiss-cpu==1.8.0\n", "faiss-cpu"),
    ],
)
def test_a_cpu_only_package_listed_on_a_gpu_host_is_a_warning(
    tmp_path: Path, listing: str, package: str
) -> None:
    found = judge(tmp_path, listing + SMI, ["EC216"])
    assert found == [("EC216", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "listing",
    [
        # the GPU build next to it is EC214's question, and the GPU build alone is right
        "paddlepaddle-gpu==3.1.0\n",
        "onnxruntime-gpu==1.18.0\n",
        "faiss-gpu-cu12==1.8.0\n",
        "mxnet-cu112==1.9.1\n",
        # an issue form's label names the framework whichever package is installed
        "onnxruntime Version: 1.11.0\n",
        "- PaddlePaddle Version: 2.1.2\n",
        "paddlepaddle 2.0 compiled from source\n",
        # a CUDA build of another framework does the GPU work; the CPU package is a helper's
        # dependency (the real H200 host of tests/fixtures/real_h200: onnxruntime beside
        # torch 2.11.0, a CUDA build)
        "onnxruntime==1.18.0\ntorch==2.3.1+cu121\n",
        "paddlepaddle==2.6.1\ncupy-cuda12x==13.0.0\n",
    ],
)
def test_the_gpu_package_or_a_label_is_not_a_cpu_build(tmp_path: Path, listing: str) -> None:
    assert judge(tmp_path, listing + SMI, ["EC216"]) == []


def test_a_cpu_package_without_any_nvidia_gpu_shown_is_not_judged(tmp_path: Path) -> None:
    assert judge(tmp_path, "paddlepaddle==3.1.0\nOS: Ubuntu 22.04\n", ["EC216"]) == []


# --- new rows -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "RuntimeError: Failed to auto-detect CUDA root directory. Please specify `CUDA_PATH` "
            "environment variable if you are using CUDA versions not yet supported by CuPy.",
            "cupy-cuda-root-not-found",
        ),
        (
            "- Container's CUDA compiler doesn't recognize DGX Spark's GPU architecture "
            "(sm_121/compute_121).",
            "toolkit-too-old-for-gpu-stated",
        ),
        (
            "CUDA toolkit version used is outdated for DGX Spark GPU arch",
            "toolkit-too-old-for-gpu-stated",
        ),
        (
            "Disabling PyTorch because PyTorch >= 2.1 is required but found 2.0.1+cu117",
            "transformers-needs-newer-torch",
        ),
        ("Support for 3.12 ?", "python-support-requested"),
        ("Python 3.13 support?", "python-support-requested"),
        ("Add support for Python 3.12", "python-support-requested"),
        (
            "enforce fail at inline_container.cc_595] . unexpected pos 1457862912 vs 1457862800",
            "checkpoint-write-failed",
        ),
        (
            "ModuleNotFoundError: No module named 'torchvision.transforms.functional_tensor)",
            "torchvision-functional-tensor-removed",
        ),
    ],
)
def test_new_and_widened_rows_read_the_message(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # near misses: the toolkit named with another complaint, support said of something else,
        # a sentence that mentions a Python release it works on
        "nvcc doesn't recognize the option --foo",
        "The CUDA toolkit is outdated, please update it",
        "Is there support for this?",
        "GPU support?",
        "We added support for Python 3.12 in 1.2 and it works",
        "PyTorch >= 2.1 is required",
    ],
)
def test_near_misses_of_the_new_rows_are_not_read(text: str) -> None:
    found = set(pats(text + "\n"))
    assert not found & {
        "toolkit-too-old-for-gpu-stated",
        "python-support-requested",
        "transformers-needs-newer-torch",
    }


# --- reading faults ---------------------------------------------------------------------

NOUGAT_LOG = "WARNING:root:No GPU found. Conversion on CPU is very slow.\n"


def test_lspci_intel_graphics_is_another_vendors_gpu(tmp_path: Path) -> None:
    text = (
        NOUGAT_LOG + "root@pop-os:~$ lspci | grep VGA\n"
        "00:02.0 VGA compatible controller: Intel Corporation UHD Graphics 620 (rev 07)\n"
        "![image](https://github.com/facebookresearch/nougat/assets/59390833/"
        "3b30a64a-bc0d-4eb8-a109-2a4d7d1b3c41)\n"
    )
    # the UUID's "a109" is no NVIDIA A-series GPU: the only GPU is Intel's
    assert "no-nvidia-gpu-named" in pats(text)
    found = judge(tmp_path, text, ["EC904"])
    assert found and found[0][1] == "driver-not-loaded"


def test_an_nvidia_data_center_name_still_counts_as_an_nvidia_gpu() -> None:
    text = NOUGAT_LOG + "Intel Corporation UHD Graphics 620 and an A100-SXM4-80GB\n"
    assert "no-nvidia-gpu-named" not in pats(text)


def test_a_program_log_line_saying_no_gpu_found_is_a_cpu_fallback(tmp_path: Path) -> None:
    text = (
        "I tried converting a PDF file, but I get the following warning:\n\n"
        "`WARNING:root:No GPU found`\n\n"
        "My machine does have a modern nvidia GPU with an up-to-date driver.\n"
    )
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


def test_no_gpu_found_inside_a_sentence_is_not_the_log_line() -> None:
    assert "cpu-fallback-notice" not in pats("The installer said no GPU found at first.\n")


def test_windows_shared_gpu_memory_is_not_dev_shm() -> None:
    text = (
        "my gpu has 4 go of dedicated memory and it has 7.7 go of shared memory; when full, "
        "why can't RVC use this shared memory to keep running?\n"
    )
    assert "shm-stated-too-small" not in pats(text)
    # /dev/shm said to be full keeps its reading
    assert "shm-stated-too-small" in pats("the shared memory is full inside the container\n")


# --- after the second batch (heldout142-145): two false errors' causes ---------------------------

TRITON = (
    "RuntimeError: Cannot find a working triton installation. Either the package is not "
    "installed or it is too old. More information on installing Triton can be found at "
    "https://github.com/openai/triton\n"
)


@pytest.mark.parametrize(
    "where", ["- OS: windows10 22H2\n", "Torch.compile not working on Windows\n", "C:\\Users\\a>"]
)
def test_no_triton_on_native_windows_is_a_platform_warning(tmp_path: Path, where: str) -> None:
    assert "triton-not-on-windows" in pats(where + TRITON)
    assert judge(tmp_path, where + TRITON, ["EC914"]) == [("EC914", "framework-pairing", "warning")]


@pytest.mark.parametrize("where", ["Ubuntu 22.04\n", "Windows 11 with WSL2, Ubuntu inside\n"])
def test_no_triton_on_linux_or_wsl_stays_an_error(tmp_path: Path, where: str) -> None:
    assert "triton-missing" in pats(where + TRITON)
    assert judge(tmp_path, where + TRITON, ["EC914"]) == [("EC914", "framework-pairing", "error")]


OPEN_FILES = "OSError: [Errno 24] Too many open files\n"


def test_too_many_open_files_alone_is_the_limit(tmp_path: Path) -> None:
    assert judge(tmp_path, OPEN_FILES, ["EC913"]) == [("EC913", "os-setting", "error")]


@pytest.mark.parametrize(
    "said",
    [
        "I checked the number of processes created when fitting, it is very high for the "
        "second epoch (above 35 specified, double that).",
        "The number of open files keeps growing every epoch.",
        "It looks like file descriptors are leaking in the loader.",
    ],
)
def test_a_stated_leak_leaves_the_limit_a_warning(tmp_path: Path, said: str) -> None:
    found = judge(tmp_path, OPEN_FILES + said + "\n", ["EC913"])
    assert found == [("EC913", "os-setting", "warning")]


def test_a_raised_limit_is_no_leak(tmp_path: Path) -> None:
    said = "I raised the number of open files with ulimit -n 4096 and it still fails.\n"
    assert judge(tmp_path, OPEN_FILES + said, ["EC913"]) == [("EC913", "os-setting", "error")]


@pytest.mark.parametrize(
    "text, pattern, category",
    [
        (
            "Warning: This version of CUDA.jl only supports NVIDIA drivers for CUDA 10.1 or "
            "higher (yours is for CUDA 10.0.0)",
            "driver-incompatible-with-toolkits",
            "driver-too-old",
        ),
        (
            "> There is a problem with the CUDA driver or with this GPU device. Be sure that you "
            "have a supported GPU and that\n> the latest driver is installed.",
            "matlab-cuda-driver-or-device",
            "driver-not-loaded",
        ),
        (
            "what():  [enforce fail at gloo/transport/tcp/device.cc:88] ifa != nullptr. Unable "
            "to find address for: eth0",
            "gloo-address-not-found",
            "os-setting",
        ),
    ],
)
def test_rows_of_the_second_batch(text: str, pattern: str, category: str) -> None:
    from envcheck.importers.errorlog.table import BY_ID

    assert pattern in pats(text + "\n")
    assert BY_ID[pattern].category == category


def test_matlab_on_nodes_without_gpus_is_cuda_called_without_a_gpu() -> None:
    text = (
        "I tried to run this in supercomputing clusters which does not have GPUs. It gave errors.\n"
        "> There is a problem with the CUDA driver or with this GPU device.\n"
    )
    assert set(pats(text)) == {"cuda-called-without-a-gpu"}


@pytest.mark.parametrize(
    "said",
    [
        "a build that doesn't have GPU support",
        "the nodes that do not have GPU drivers installed yet",
    ],
)
def test_gpu_support_words_are_not_a_machine_without_gpus(said: str) -> None:
    text = said + "\n> There is a problem with the CUDA driver or with this GPU device.\n"
    assert set(pats(text)) == {"matlab-cuda-driver-or-device"}


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "AssertionError: PyTorch is built with CUDA version: 11.3.\n"
            "The current running CUDA version is: 11.4.120",
            "k2-cuda-version-assert",
        ),
        (
            "PyTorch currently doesn't have builds for python 3.10, which means everyone builds "
            "it on every install.",
            "python-stated-unsupported",
        ),
        ("After 13 epochs, when val is starting, report a error: no disk space", "disk-full"),
    ],
)
def test_rows_of_the_third_batch(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "I have no disk space issues, the drive is half empty.",
        "The wheel doesn't have builds for Windows yet.",
        "PyTorch is built with CUDA version 11.3 and runs fine.",
    ],
)
def test_near_misses_of_the_third_batch(text: str) -> None:
    found = set(pats(text + "\n"))
    assert not found & {"k2-cuda-version-assert", "python-stated-unsupported", "disk-full"}


def test_a_long_run_of_blanks_is_kept_short_and_lines_keep_their_numbers() -> None:
    from envcheck.importers.text import clean

    text = "a" + " " * 5000 + "b\n\t\tkept\nc" + "\t" * 300 + "d"
    out = clean(text)
    assert out.split("\n")[0] == "a" + " " * 256 + "b"
    assert out.split("\n")[1] == "\t\tkept"
    assert out.split("\n")[2] == "c" + "\t" * 256 + "d"
    assert out.count("\n") == text.count("\n")
