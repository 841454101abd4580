"""Round 15: provenance that points at the line in the file (fence lines kept as empty lines),
facts written in Chinese read through a small glossary, junk values no longer read as facts
(a sentence after "CUDA Version:", a list item after a torch version, "CUDA 0.0"), a failed
CUDA extension build as the last-resort hypothesis, and PaddlePaddle's wheels judged by the
CUDA their release names (compat_data/floors.json cuda_builds)."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Tuple

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers.extract import glossary


def read(tmp_path: Path, text: str) -> List[Tuple[str, str, int, str]]:
    """(fact, value, line, text) of every fact the paste gives, as the report lists them."""
    snap = snap_of(tmp_path, text)
    ev: Dict = snap.evidence if isinstance(snap.evidence, dict) else {}
    return [(f["fact"], str(f["value"]), f["line"], f["text"]) for f in ev.get("read", [])]


def values(tmp_path: Path, text: str, fact: str) -> List[str]:
    return [v for k, v, _, _ in read(tmp_path, text) if k == fact]


# ---- provenance: the line number is the line in the file


@pytest.mark.parametrize(
    "wrapper", ["```", "```text", "~~~", "<details>", "<summary>env</summary>"]
)
def test_a_removed_wrapper_line_keeps_the_later_line_numbers(tmp_path: Path, wrapper: str) -> None:
    text = f"{wrapper}\nmy setup:\nDriver Version: 450.102.04\n```\n"
    facts = read(tmp_path, text)
    assert ("driver.version", "450.102.04", 3) in [(k, v, n) for k, v, n, _ in facts]


def test_line_numbers_without_wrappers_are_unchanged(tmp_path: Path) -> None:
    facts = read(tmp_path, "my setup:\nDriver Version: 450.102.04\n")
    assert [(k, n) for k, _, n, _ in facts if k == "driver.version"] == [("driver.version", 2)]


# ---- Chinese: the words around a fact


@pytest.mark.parametrize(
    "line, fact, value",
    [
        ("cuda版本：11.2", "nvcc", "11.2"),
        ("cuda版本11.0", "nvcc", "11.0"),
        ("驱动版本: 450.102.04", "driver.version", "450.102.04"),
        ("显卡驱动版本：535.54.03", "driver.version", "535.54.03"),
        ("我的CUDA是12.2.79", "nvcc", "12.2.79"),
        ("cudnn版本为 8.9.2.26", "cudnn", "8.9.2.26"),
        ("Python版本：3.7", "python", "3.7"),
        ("系统：Ubuntu 20.04", "os", "Ubuntu 20.04"),
        ("ドライバーバージョン: 535.104.05", "driver.version", "535.104.05"),
    ],
)
def test_a_fact_written_in_chinese_is_read(
    tmp_path: Path, line: str, fact: str, value: str
) -> None:
    facts = [(k, v, t) for k, v, _, t in read(tmp_path, f"环境如下\n{line}\n")]
    assert any(k == fact and v == value for k, v, _ in facts), facts
    # the report shows the line as it was written, not as it was told to the reader
    assert all(t == line for k, v, t in facts if k == fact and v == value)


@pytest.mark.parametrize(
    "line",
    [
        "显示CUDA版本0.0",  # PaddleX: "CUDA version 0.0" when it found no CUDA at all
        "我的显卡是好的，但是训练很慢",  # "my GPU is fine, but training is slow": no fact
        "请问这个问题怎么处理呀",
    ],
)
def test_chinese_without_a_fact_reads_none(tmp_path: Path, line: str) -> None:
    assert read(tmp_path, f"{line}\n") == []


def test_the_glossary_keeps_lines_and_leaves_other_text_alone() -> None:
    text = "CUDA version: 11.2\n驱动版本：450.80\n\nplain line ，"
    told, changed = glossary.translate(text)
    assert told.count("\n") == text.count("\n")
    assert changed == {1, 3}  # the full-width comma is a CJK form too
    assert told.split("\n")[0] == "CUDA version: 11.2"
    assert "driver" in told.split("\n")[1] and ":450.80" in told.split("\n")[1]
    assert glossary.translate("no cjk here\n") == ("no cjk here\n", set())


# ---- values that are not facts


@pytest.mark.parametrize(
    "text, fact, want",
    [
        # a sentence after nvidia-smi's key is prose: the toolkit reader reads its version only
        (
            "CUDA Version: 12.0 on the server, calling whisper-large-v2 via infer.py:",
            "driver.cuda",
            [],
        ),
        (
            "| NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2 |",
            "driver.cuda",
            ["12.2"],
        ),
        ("CUDA Version : 12.2", "driver.cuda", ["12.2"]),
        # a torch version followed by the next item of a "+" list keeps no local tag
        ("installed pytorch1.3.0+Python 3.6+CUDA10.1", "torch.version", ["1.3.0"]),
        ("torch 1.12.1+CUDA 11.3", "torch.version", ["1.12.1"]),
        ("torch 2.1.0+cu121", "torch.version", ["2.1.0+cu121"]),  # a real local tag stays
        ("torch 2.1.0a0+32f93b1", "torch.version", ["2.1.0a0+32f93b1"]),  # NGC's git tag
        ("CUDA version 0.0", "nvcc", []),
        ("CUDA version 10.0", "nvcc", ["10.0"]),
    ],
)
def test_values_that_are_not_facts(tmp_path: Path, text: str, fact: str, want: List[str]) -> None:
    assert values(tmp_path, text + "\n", fact) == want


# ---- a failed CUDA extension build: the last-resort hypothesis


def test_a_failed_extension_build_alone_is_a_toolkit_hypothesis() -> None:
    text = "deepspeed==0.12.6\nRuntimeError: Error building extension 'fused_adam'\n"
    assert pats(text) == ["message-words-toolkit-mismatch"]


def test_a_failed_extension_build_beside_a_known_message_adds_nothing() -> None:
    text = (
        "RuntimeError: Error building extension 'fused_adam'\n"
        "nvcc fatal   : Unsupported gpu architecture 'compute_86'\n"
    )
    found = pats(text)
    assert "message-words-toolkit-mismatch" not in found and found


def test_an_extension_that_built_says_nothing() -> None:
    assert (
        pats("Building extension module fused_adam...\nLoading extension module fused_adam...\n")
        == []
    )


# ---- PaddlePaddle: the wheel names its CUDA


@pytest.fixture(scope="module")
def matrix():
    return load_matrix()


@pytest.mark.parametrize(
    "paddle, gpu, want",
    [
        # the plain PyPI 2.4.2 wheel is CUDA 10.2: no kernels for Ampere
        ("2.4.2", "NVIDIA GeForce RTX 3090", [("EC205", "gpu-arch-unsupported", "error")]),
        ("2.5.2", "NVIDIA A100-SXM4-40GB", [("EC205", "gpu-arch-unsupported", "error")]),
        ("2.4.2.post117", "NVIDIA GeForce RTX 3090", []),  # CUDA 11.7 knows Ampere
        ("2.4.2", "Tesla V100-SXM2-16GB", []),  # CUDA 10.2 knows Volta
        ("2.5.2.post120", "NVIDIA H100 80GB HBM3", []),
        ("2.4.1", "NVIDIA GeForce RTX 3090", []),  # its plain wheel is not in the data
        ("2.1.1.post111", "NVIDIA GeForce RTX 3090", []),  # a suffix no page read states
    ],
)
def test_paddle_wheel_cuda_against_the_gpu(
    tmp_path: Path, matrix, paddle: str, gpu: str, want: List[tuple]
) -> None:
    text = f"paddlepaddle-gpu {paddle}\nGPU: {gpu}\n"
    assert judge(tmp_path, text, ["EC205"], matrix) == want


@pytest.mark.parametrize(
    "paddle, driver, bad",
    [
        ("2.4.2.post117", "440.33.01", True),  # CUDA 11.7 on a CUDA 10.2 driver
        ("2.4.2.post117", "470.82.01", False),  # same major: minor-version compatibility
        ("2.4.2", "418.87.00", True),  # CUDA 10.2 needs 440.33
        ("2.4.2", "440.33.01", False),
        ("2.1.1.post101", "418.87.00", False),  # CUDA 10.1 runs on 418.39+
        ("1.8.4.post97", "375.26", True),  # CUDA 9 needs 384.81
    ],
)
def test_paddle_wheel_cuda_against_the_driver(
    tmp_path: Path, matrix, paddle: str, driver: str, bad: bool
) -> None:
    text = f"paddlepaddle-gpu {paddle}\nDriver Version: {driver}\n"
    found = judge(tmp_path, text, ["EC101"], matrix)
    assert (("EC101", "driver-too-old", "error") in found) is bad, found


def test_paddle_stating_its_runtime_is_not_judged_twice(tmp_path: Path, matrix) -> None:
    # Paddle's own device line states the runtime: the wheel's suffix adds no second one
    text = (
        "paddlepaddle-gpu 2.4.2\n"
        "W0101 00:00:00.000000  1234 gpu_resources.cc:61] Please NOTE: device: 0, GPU Compute "
        "Capability: 8.6, Driver API Version: 11.4, Runtime API Version: 10.2\n"
        "GPU: NVIDIA GeForce RTX 3090\n"
    )
    assert judge(tmp_path, text, ["EC205"], matrix) == [("EC205", "gpu-arch-unsupported", "error")]


# ---- speed without losing what is read


@pytest.mark.parametrize(
    "text",
    [
        # a terminal wrapped the message in the middle of a word: the glued window holds the key
        "RuntimeError: CUDA error: no ker\nnel image is available for execution on the device\n",
        "RuntimeError: CUDA error: no ker\n    nel image is available for execution on the "
        "device\n",
        # a progress bar's block characters (not ASCII) no longer switch the key index off
        " 45%|████▌     | 900/2000\nRuntimeError: CUDA error: no kernel image is available for "
        "execution\non the device\n",
        # "İ" lower-cases to ASCII letters: the index is not used, the message is still found
        "İstanbul\nRuntimeError: CUDA error: no ker\nnel image is available for execution on the "
        "device\n",
    ],
)
def test_wrapped_messages_are_found_with_the_key_index(text: str) -> None:
    assert "no-kernel-image" in pats(text)


def test_a_log_line_repeated_with_other_numbers_is_read_from_its_first_copies(
    tmp_path: Path,
) -> None:
    log = "".join(f"epoch {i} step {i * 7} gpu mem {1000 + i} MiB\n" for i in range(500))
    text = "NVIDIA driver 535.54.03 on my server\n" + log + "Driver Version: 535.54.03\n"
    assert values(tmp_path, text, "driver.version") == ["535.54.03"]


# ---- heldout22's tuning: message families and inferences, each with its near misses


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "ImportError: nms/_ext/nms/_nms.so: undefined symbol: __cudaPopCallConfiguration",
            "cuda-call-configuration-missing",
        ),
        ("undefined symbol: __cudaPushCallConfiguration", "cuda-call-configuration-missing"),
        ("undefined symbol: cudaSetupArgument", "cuda-setup-argument-missing"),  # the other way
        (
            "node08:27106:27302 [0] include/shm.h:27 NCCL WARN Call to shm_open failed : "
            "Permission denied",
            "nccl-shm-permission-denied",
        ),
        ("NCCL WARN Call to shm_open failed : No space left on device", "nccl-shm-failure"),
        ("ModuleNotFoundError: No module named 'mmcv._ext'", "mmcv-ext-missing"),
        ("ModuleNotFoundError: No module named 'triton.common'", "triton-missing"),
        ("ModuleNotFoundError: No module named 'triton. common'", "triton-missing"),
        (
            "Error! Your kernel headers for kernel 4.4.0-19041-Microsoft cannot be found.",
            "kernel-headers-missing",
        ),
        (
            "Error: Unable to find a match: kernel-headers-4.18.0-240.23.2.el8_3.x86_64 "
            "kernel-devel-4.18.0-240.23.2.el8_3.x86_64",
            "kernel-headers-missing",
        ),
        (
            "RuntimeError: Expected (dprops->major == 8 && dprops->minor == 0) || "
            "(dprops->major == 9 && dprops->minor == 0) to be true, but got false.",
            "extension-cc-check-failed",
        ),
    ],
)
def test_round15_messages(text: str, pattern: str) -> None:
    assert pats(text + "\n") == [pattern]


@pytest.mark.parametrize(
    "text",
    [
        "Error: Unable to find a match: python3-foo",  # another package, not the kernel's
        "ModuleNotFoundError: No module named 'mmcv.ops'",  # not the compiled extension
        "ModuleNotFoundError: No module named 'triton'",  # triton absent: not this family's form
        "Expected dims == 4 to be true, but got false.",  # a shape check, not the device's
    ],
)
def test_round15_near_misses(text: str) -> None:
    found = pats(text + "\n")
    assert not {
        "kernel-headers-missing",
        "mmcv-ext-missing",
        "triton-missing",
        "extension-cc-check-failed",
    } & set(found), found


def test_mmcv_without_ops_is_a_build_without_gpu_support(tmp_path: Path) -> None:
    text = "but getting the error `ModuleNotFoundError: No module named 'mmcv._ext'`\n"
    assert ("EC905", "cpu-only-build", "error") in judge(tmp_path, text, ["EC905", "EC914"])


def test_a_failed_torch_assertion_is_a_pairing_hypothesis() -> None:
    failed = 'assert torch.__version__.startswith("1.7")\nAssertionError\n'
    assert pats(failed) == ["torch-version-assert-failed"]
    # the assertion in a listing of code that ran is no failure
    assert pats('assert torch.__version__.startswith("1.7")\nprint("ok")\n') == []


@pytest.mark.parametrize(
    "text, found",
    [
        ("wsl2 ubuntu 18: it just says killed after the model loads\n", True),
        ("Running under WSL2\n$ python train.py\nKilled\n", True),
        ("on ubuntu 22.04 it just says killed after the model loads\n", False),  # not WSL
        ("WSL2: the worker was killed by signal: Bus error\n", False),  # a message of its own
    ],
)
def test_a_process_killed_under_wsl(text: str, found: bool) -> None:
    assert ("wsl-process-killed" in pats(text)) is found


@pytest.mark.parametrize(
    "text, found",
    [
        # pip collected a torch beside the package asked for and removed the one there
        (
            "pip3 install -U xformers --index-url https://download.pytorch.org/whl/cu121\n"
            "Installing collected packages: torch, xformers\n  Attempting uninstall: torch\n"
            "    Found existing installation: torch 2.4.1\n    Uninstalling torch-2.4.1:\n"
            "      Successfully uninstalled torch-2.4.1\n",
            True,
        ),
        # the command asked for torch itself: replacing it was the point
        (
            "pip3 install -U torch xformers --index-url https://download.pytorch.org/whl/cu121\n"
            "Installing collected packages: torch, xformers\n    Uninstalling torch-2.4.1:\n"
            "      Successfully uninstalled torch-2.4.1\n",
            False,
        ),
        # nothing removed
        ("pip install xformers\nInstalling collected packages: torch, xformers\n", False),
    ],
)
def test_pip_collecting_another_torch(text: str, found: bool) -> None:
    assert ("pip-replaced-torch" in pats(text)) is found


@pytest.mark.parametrize(
    "text, found",
    [
        (
            "pip install open3d does not resolve when using a python 3.11 environment. running "
            "it from a 3.8 environment works just fine.\n",
            True,
        ),
        (
            "mention that 3.10 should be used since 3.11 is too new for requested pytorch "
            "version\n$ conda install -y pytorch=1.13.1\n",
            True,
        ),
        # the older one failing is not this
        ("pip install foo fails on python 3.11 but python 3.12 works fine\n", False),
        # a CUDA said to be too new, in a text about Python
        ("my python is 3.12. cuda 12.8 is too new for the driver\n", False),
    ],
)
def test_a_newer_python_said_to_fail(text: str, found: bool) -> None:
    assert ("python-newer-fails-stated" in pats(text)) is found


@pytest.mark.parametrize(
    "torch, companion, bad",
    [
        ("1.6.0.dev20200413+cpu", "torchvision 0.6.0+cpu", True),  # 0.6.0 is torch 1.5's
        ("1.10.0.dev20210618+cpu", "torchvision 0.3.0", True),
        ("2.6.0.dev20241112+cu124", "torchvision 0.20.1", True),  # 0.20.1 is torch 2.5.1's
        ("1.5.0.dev20200301", "torchvision 0.6.0", False),  # the same minor series
        ("2.6.0.dev20241112+cu124", "torchvision 0.21.0.dev20241112+cu124", False),  # a nightly
    ],
)
def test_a_torch_nightly_beside_a_companion_release(
    tmp_path: Path, matrix, torch: str, companion: str, bad: bool
) -> None:
    found = judge(tmp_path, f"torch {torch}\n{companion}\n", ["EC230"], matrix)
    assert (("EC230", "framework-pairing", "error") in found) is bad, found


@pytest.mark.parametrize(
    "tf, gpu, want",
    [
        # TF 2.18's pip wheels are built with CUDA 12.5, before Blackwell (12.8): PTX JIT only
        ("2.18.0", "NVIDIA GeForce RTX 5070 Ti", [("EC205", "gpu-arch-unsupported", "warning")]),
        ("2.18.0", "NVIDIA GeForce RTX 4090", []),  # Ada needs CUDA 11.8
        ("2.3.0", "NVIDIA GeForce RTX 3090", [("EC205", "gpu-arch-unsupported", "warning")]),
    ],
)
def test_tensorflow_pip_build_against_the_gpu(
    tmp_path: Path, matrix, tf: str, gpu: str, want: List[tuple]
) -> None:
    assert judge(tmp_path, f"tensorflow {tf}\nGPU: {gpu}\n", ["EC205"], matrix) == want


# ---- heldout23's tuning


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "/usr/bin/ld: /usr/local/cuda-11.7/lib64/libcublas.so: undefined reference to "
            "`cublasLtGetStatusString@libcublasLt.so.11'",
            "cublaslt-link-mismatch",
        ),
        (
            "RuntimeError: flashinfer-cubin version (0.6.8.post1) does not match flashinfer "
            "version (0.6.10). Please install the same version of both packages.",
            "paired-package-version-mismatch",
        ),
        (
            "⚠️  CUDAExecutionProvider not available — ONNX will fall back to CPU.",
            "onnxruntime-no-cuda-provider",
        ),
        ("  • ['AzureExecutionProvider', 'CPUExecutionProvider']", "onnxruntime-no-cuda-provider"),
        (
            "run.py: error: argument --execution-providers: invalid choice: 'cuda' (choose "
            "from 'cpu')",
            "onnxruntime-no-cuda-provider",
        ),
        (
            "UnsatisfiableError: The following specifications were found\nto be incompatible "
            "with the existing python installation in your environment:",
            "conda-framework-python-spec",
        ),
        ("It downloads files and report disk quota exceed err", "disk-full"),
        (
            "cpu训练报错：CUDA driver version is insufficient for CUDA runtime",
            "driver-insufficient",
        ),
        (
            "Sometimes GPU perf state change to P8 and cause low performance for running job.",
            "gpu-idle-pstate-under-load-stated",
        ),
        (
            "In my code, I write `os.environ['CUDA_VISIBLE_DEVICES']=\"3,4\"`, but the program "
            "still run in [0,1].",
            "visible-devices-no-effect-stated",
        ),
        (
            "when installing with conda, it will install torch which donot work with cuda",
            "cpu-torch-stated",
        ),
        (
            "使用两张4090跑了一个较为大的模型出现失败时一直占用gpu，将后台任务杀掉之后gpu并没有得到释放",
            "gpu-memory-held-stated",
        ),
    ],
)
def test_heldout23_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # a providers list with the CUDA one is a working GPU package
        "['CUDAExecutionProvider', 'CPUExecutionProvider']",
        # an idle GPU's P8 in a table
        "|   0  NVIDIA A100-SXM4-40GB  Off | 00000000:07:00.0 Off | 0 |\n| N/A 31C P8 9W / 400W |",
        "the versions do not match, see the table",  # no two package versions in the sentence
        "the released GPU memory is reused by the allocator",  # not "not released"
    ],
)
def test_heldout23_near_misses(text: str) -> None:
    found = set(pats(text + "\n"))
    assert not found & {
        "onnxruntime-no-cuda-provider",
        "gpu-idle-pstate-under-load-stated",
        "paired-package-version-mismatch",
        "gpu-memory-held-stated",
    }, found


@pytest.mark.parametrize(
    "text, found",
    [
        (
            "Package cudatoolkit conflicts for:\npytorch=1.3.1 -> cudatoolkit[version='>=10.1,"
            "<10.2']\ncudatoolkit=10.0\n",
            True,
        ),
        (
            "conda install pytorch=1.0.1 torchvision cudatoolkit=10.1\n  - cudatoolkit 10.1*\n"
            "  - pytorch 1.0.1* -> cudatoolkit >=10.0.130,<10.1.0a0\n",
            True,
        ),
        # the cudatoolkit asked for is inside the range: the conflict is elsewhere
        (
            "Package cudatoolkit conflicts for:\npytorch=1.3.1 -> cudatoolkit[version='>=10.1,"
            "<10.2']\ncudatoolkit=10.1\n",
            False,
        ),
        # no cudatoolkit asked for
        ("  - openmm -> cudatoolkit[version='11.0|11.0.*'] -> __glibc[version='>=2.17']\n", False),
    ],
)
def test_conda_cudatoolkit_conflict(text: str, found: bool) -> None:
    assert ("conda-cudatoolkit-conflict" in pats(text)) is found


@pytest.mark.parametrize(
    "text, found",
    [
        (
            "2 nodes connected with Infini-Band\nnode013:1:2 [0] NCCL INFO NET/IB : No device "
            "found.\nnode013:1:2 [0] NCCL INFO NET/Socket : Using [0]eth0\n",
            True,
        ),
        ("export NCCL_IB_DISABLE=0\nNCCL INFO NET/IB : No device found.\n", True),
        # a host without InfiniBand prints it too: nothing in the text expects IB
        ("NCCL INFO NET/IB : No device found.\nNCCL INFO NET/Socket : Using [0]eth0\n", False),
    ],
)
def test_infiniband_expected_but_not_seen(text: str, found: bool) -> None:
    assert ("nccl-ib-expected-not-found" in pats(text)) is found


def test_a_cpu_cluster_retells_the_driver_message(tmp_path: Path) -> None:
    text = "cpu训练报错：CUDA driver version is insufficient for CUDA runtime\n平台：cpu集群\n"
    assert "cuda-called-without-a-gpu" in pats(text)
    # the same message on a GPU machine stays what it was
    assert "driver-insufficient" in pats(
        "CUDA driver version is insufficient for CUDA runtime\non my RTX 3090\n"
    )


def test_a_torch_version_beside_its_name_in_a_sentence(tmp_path: Path) -> None:
    assert values(
        tmp_path, "Also checking the torch version reveals 2.0.0+cpu\n", "torch.version"
    ) == ["2.0.0+cpu"]


def test_a_paddle_runtime_is_judged_without_a_package_list(tmp_path: Path, matrix) -> None:
    # heldout24 at its scoring: the TensorFlow build lookup asked for the package list and the
    # check was skipped when the paste had none; the Paddle line alone decides
    text = (
        "W1028 18:11:05.836931 11559 device_context.cc:237] Please NOTE: device: 0, CUDA "
        "Capability: 86, Driver API Version: 11.1, Runtime API Version: 10.0\n"
        "GPU: NVIDIA GeForce RTX 3090\n"
    )
    assert judge(tmp_path, text, ["EC205"], matrix) == [("EC205", "gpu-arch-unsupported", "error")]


# ---- heldout24's tuning


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("i am getting error in flash-infer keyerror sm_75", "library-no-entry-for-arch"),
        ("RTX 2080 Ti infer qwen3-asr failed: unknow key sm_75", "library-no-entry-for-arch"),
        ("KeyError: 'sm_120a'", "library-no-entry-for-arch"),
        (
            "ERROR: Detected NVIDIA Tesla K40m GPU, which is not supported by this container",
            "container-gpu-not-supported",
        ),
        (
            'got "dropout supported only in cudnn v5.1 and above" from rnn.py:211',
            "cudnn-too-old-for-feature",
        ),
        (
            "When we run `nvidia-modprobe --unified-memory --create-nvidia-device-file=0 ` "
            "before starting the container the test also succeeds.",
            "uvm-node-created-by-hand",
        ),
        (
            "OSError: dlopen(/Users/me/miniforge3/lib/python3.9/site-packages/torchaudio/lib/"
            "libtorchaudio.so, 0x0006): Symbol not found: __ZN2at14RecordFunctionC1ENS_11Recor",
            "torch-companion-lib-missing",
        ),
        ("it shows that I installed `pytorch_cpu` rather than `pytorch_cuda`", "cpu-torch-stated"),
    ],
)
def test_heldout24_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "KeyError: 'model.layers.0.weight'",  # a missing weight, not an architecture
        "nvidia-modprobe -c=0 was run by the installer",  # no unified-memory device
        "Detected NVIDIA GeForce RTX 4090 GPU, which is supported",
    ],
)
def test_heldout24_near_misses(text: str) -> None:
    found = set(pats(text + "\n"))
    assert not found & {
        "library-no-entry-for-arch",
        "uvm-node-created-by-hand",
        "container-gpu-not-supported",
    }, found


def test_a_driver_floor_said_as_must_be(tmp_path: Path, matrix) -> None:
    text = (
        "the latest version of these drivers is 370.21. When running the software, it fails "
        "with an error saying that the driver version must be 379\n"
    )
    assert values(tmp_path, text, "driver_floor") == ["379"]
    assert ("EC108", "driver-too-old", "error") in judge(tmp_path, text, ["EC108"], matrix)


def test_jaxlib_loader_lines_are_jaxlib_at_work(tmp_path: Path) -> None:
    text = (
        "import jax\n"
        "W external/org_tensorflow/tensorflow/stream_executor/platform/default/dso_loader.cc:64]"
        " Could not load dynamic library 'libcusolver.so.11'; dlerror: libcusolver.so.11: "
        "cannot open shared object file: No such file or directory\n"
        "jax._src.source_info_util.JaxStackTraceBeforeTransformation: RuntimeError: "
        "jaxlib/cusolver.cc:51: operation cusolverDnCreate(&handle) failed\n"
    )
    assert ("EC906", "cuda-libs-mismatch", "error") in judge(tmp_path, text, ["EC906"])


def test_tensorflow_cuinit_303_is_a_probe_line(tmp_path: Path) -> None:
    probe = (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not load dynamic "
        "library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file\n"
        "W tensorflow/stream_executor/cuda/cuda_driver.cc:326] failed call to cuInit: UNKNOWN "
        "ERROR (303)\n"
    )
    # on a laptop the text shows no GPU for: what TF prints on any machine without one
    assert set(pats(probe)) == {"tf-probe-found-no-driver"}
    # alone, in a container text: a warning of the driver not reaching the job
    assert pats("docker run -it tensorflow/serving:latest-gpu\n" + probe.split("\n")[1] + "\n")
