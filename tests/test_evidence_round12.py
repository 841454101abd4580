"""Round 12's readers and checks: CUDA builds of GPU libraries as data (ONNX Runtime, EC322 and
EC101), a package listed as "name version", a CUDA build stated for another package than torch,
ONNX Runtime's provider-DLL message, NVML's throttle-reason constants, Windows' TDR named, one
node working where two do not, and torch from --extra-index-url on Windows; each with the near
misses that must stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix


def _read(tmp_path: Path, text: str) -> dict:
    """fact -> value of what the paste states (packages as ``package:NAME``)."""
    return {f["fact"]: f["value"] for f in snap_of(tmp_path, text).evidence["read"]}


# --- ONNX Runtime's CUDA build (compat_data/floors.json cuda_builds) ---------------------------


@pytest.mark.parametrize(
    "version, cuda, cudnn, severity",
    [
        ("1.14.1", 11, 8, "error"),
        ("1.16.3", 11, 8, "error"),
        ("1.18.0", 11, 8, "warning"),  # CUDA 12 builds of 1.17/1.18 on another index
        ("1.20.1", 12, 9, "warning"),
        ("1.27.0", 13, 9, "warning"),
        ("1.28.0", 13, 9, "warning"),
    ],
)
def test_onnxruntime_builds_in_the_data(version: str, cuda: int, cudnn: int, severity: str) -> None:
    (b,) = load_matrix().library_cuda_builds("onnxruntime-gpu", version)
    assert (b["cuda_major"], b["cudnn_major"], b["severity"]) == (cuda, cudnn, severity)
    assert b["source"].startswith("https://") and b["checked"] == "2026-12-04"


def test_unconfirmed_or_unknown_releases_have_no_build() -> None:
    m = load_matrix()
    assert m.library_cuda_builds("onnxruntime-gpu", "1.26.0") == []  # not confirmed: left out
    assert m.library_cuda_builds("onnxruntime-gpu", None) == []  # the release decides
    assert m.library_cuda_builds("onnxruntime", "1.20.0") == []  # the CPU package


def test_onnxruntime_built_for_cuda_13_on_a_cuda_12_box(tmp_path: Path) -> None:
    text = "`onnxruntime-gpu` 1.27 silently falls back to CPU on this box's CUDA 12.4\n"
    assert _read(tmp_path, text)["package:onnxruntime-gpu"] == "1.27"
    assert judge(tmp_path, text, ["EC322"], load_matrix()) == [
        ("EC322", "cuda-libs-mismatch", "warning")
    ]


def test_onnxruntime_cudnn_major_is_judged_too(tmp_path: Path) -> None:
    text = "onnxruntime-gpu==1.16.3\nnvidia-cudnn-cu11==9.1.0.70\nnvidia-cublas-cu11==11.11.3.6\n"
    assert judge(tmp_path, text, ["EC322"], load_matrix()) == [
        ("EC322", "cuda-libs-mismatch", "error")
    ]


@pytest.mark.parametrize(
    "text",
    [
        "onnxruntime-gpu==1.20.1\nnvidia-cublas-cu12==12.4.5.8\nnvidia-cudnn-cu12==9.1.0.70\n",
        # the major the build needs is there beside another one
        "onnxruntime-gpu==1.27.0\nnvidia-cublas==13.0.2.14\nnvcc: Cuda compilation tools, "
        "release 12.4, V12.4.131\n",
        "onnxruntime-gpu==1.26.0\nnvcc: Cuda compilation tools, release 12.4, V12.4.131\n",
    ],
)
def test_onnxruntime_with_its_cuda_is_quiet(tmp_path: Path, text: str) -> None:
    assert judge(tmp_path, text, ["EC322"], load_matrix()) == []


def test_onnxruntime_for_cuda_13_needs_a_cuda_13_driver(tmp_path: Path) -> None:
    text = (
        "onnxruntime-gpu==1.27.0\n"
        "| NVIDIA-SMI 550.54.15    Driver Version: 550.54.15    CUDA Version: 12.4 |\n"
    )
    assert judge(tmp_path, text, ["EC101"], load_matrix()) == [
        ("EC101", "driver-too-old", "warning")
    ]
    newer = text.replace("550.54.15", "580.95.05").replace("12.4", "13.0")
    assert judge(tmp_path, newer, ["EC101"], load_matrix()) == []


# --- readers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line, name, version",
    [
        ("- onnxruntime-gpu 1.28.0", "onnxruntime-gpu", "1.28.0"),
        ("* xformers v0.0.28", "xformers", "0.0.28"),
        ("`onnxruntime-gpu` 1.27 silently falls back", "onnxruntime-gpu", "1.27"),
        ("bitsandbytes 0.43.1", "bitsandbytes", "0.43.1"),
    ],
)
def test_a_line_that_starts_with_a_package_and_its_version(
    tmp_path: Path, line: str, name: str, version: str
) -> None:
    assert _read(tmp_path, line + "\n")[f"package:{name}"] == version


@pytest.mark.parametrize(
    "line",
    [
        "vllm 2 GPUs are used",  # no dotted version (vLLM is named, with no version)
        "- rembg 2.0.78",  # not a package envcheck judges
        "see onnxruntime-gpu 1.27 notes",  # not at the start of the line
    ],
)
def test_lines_that_are_no_package_listing(tmp_path: Path, line: str) -> None:
    read = _read(tmp_path, line + "\n")
    assert not any(k.startswith("package:") and v[:1].isdigit() for k, v in read.items())


def test_a_cuda_build_stated_for_another_package_is_not_torchs(tmp_path: Path) -> None:
    read = _read(
        tmp_path, "On Windows this installed onnxruntime-gpu==1.28.0, built with CUDA 13.0\n"
    )
    assert "torch.cuda" not in read and "nvcc" not in read
    # torch's own stays torch's
    assert _read(tmp_path, "My PyTorch was built with CUDA 12.1\n")["torch.cuda"] == "12.1"


# --- messages and inferences --------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Error loading onnxruntime_providers_cuda.dll: cublasLt64_13.dll is missing",
        'Error loading "C:\\venv\\Lib\\site-packages\\onnxruntime\\capi\\onnxruntime_providers_cuda'
        '.dll" which depends on "cublasLt64_12.dll" which is missing.',
    ],
)
def test_onnxruntime_provider_dll_missing(tmp_path: Path, line: str) -> None:
    assert pats(line + "\n") == ["onnxruntime-cuda-provider-failed"]
    assert judge(tmp_path, line + "\n", ["EC906"]) == [("EC906", "cuda-libs-mismatch", "warning")]


def test_onnxruntime_provider_loaded_is_quiet() -> None:
    assert pats("Loaded onnxruntime_providers_cuda.dll; cublasLt64_12.dll is present\n") == []


@pytest.mark.parametrize(
    "line",
    ["nvml returns nvmlClocksThrottleReasonSwPowerCap.", "reason: nvmlClocksEventReasonHwSlowdown"],
)
def test_nvml_throttle_reason_constants(tmp_path: Path, line: str) -> None:
    assert pats(line + "\n") == ["gpu-throttling-reported"]
    assert judge(tmp_path, line + "\n", ["EC915"]) == [("EC915", "gpu-throttle", "warning")]


@pytest.mark.parametrize(
    "line",
    [
        "reason: nvmlClocksThrottleReasonGpuIdle",  # idle clocks are no throttling
        "nvmlClocksEventReasonApplicationsClocksSetting",
    ],
)
def test_nvml_reasons_that_are_not_throttling(line: str) -> None:
    assert pats(line + "\n") == []


@pytest.mark.parametrize(
    "line",
    [
        "Raising TdrDelay in the registry to 60 fixed it.",
        "Display driver nvlddmkm stopped responding and has successfully recovered.",
    ],
)
def test_windows_tdr_named(tmp_path: Path, line: str) -> None:
    assert pats(line + "\n") == ["launch-timeout-watchdog"]
    assert judge(tmp_path, line + "\n", ["EC913"]) == [("EC913", "os-setting", "warning")]


def test_tdr_as_a_word_inside_another_is_quiet() -> None:
    assert pats("the TDRS dataset loads; my display driver stopped working\n") == []


_WENET = (
    "I checked single node training and it works fine.\n"
    "Error occurred during num_nodes=2\n"
    'dist_backend="nccl"\n'
)


def test_one_node_works_two_do_not(tmp_path: Path) -> None:
    assert pats(_WENET) == ["multi-node-fails-one-node-works"]
    assert judge(tmp_path, _WENET, ["EC909"]) == [("EC909", "nccl-problem", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "I checked single node training and it works fine.\n",  # no second node
        "Error occurred during num_nodes=2\n",  # nothing says one node works
        "On a single machine it is slow; two machines are faster.\n",
    ],
)
def test_multi_node_near_misses(text: str) -> None:
    assert "multi-node-fails-one-node-works" not in pats(text)


_EXTRA_INDEX = (
    "i had issues to get cuda support running on windows.\n"
    "pip install torch torchvision torchaudio --extra-index-url "
    "https://download.pytorch.org/whl/cu116\n"
)


def test_extra_index_url_on_windows_with_cuda_not_working(tmp_path: Path) -> None:
    assert pats(_EXTRA_INDEX) == ["extra-index-url-cpu-torch-windows"]
    assert judge(tmp_path, _EXTRA_INDEX, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        _EXTRA_INDEX.replace("windows", "ubuntu"),  # Linux: PyPI's torch is a CUDA build
        _EXTRA_INDEX.replace("--extra-index-url", "--index-url"),  # the CUDA index alone
        _EXTRA_INDEX.replace("i had issues to get cuda support running", "it runs fine"),
    ],
)
def test_extra_index_url_near_misses(text: str) -> None:
    assert "extra-index-url-cpu-torch-windows" not in pats(text)


# --- round 12, second part: families from the ceiling audit's decisive misses -----------------


@pytest.mark.parametrize(
    "symbol",
    ["_ZTIN3c1021AutogradMetaInterfaceE", "_ZTVN2at6TensorE", "_ZN3c104cuda9SetDeviceEi"],
)
def test_an_extension_missing_a_torch_typeinfo_or_vtable(tmp_path: Path, symbol: str) -> None:
    so = "/env/site-packages/mmcv/_ext.cpython-37m-x86_64-linux-gnu.so"
    line = f"ImportError: {so}: undefined symbol: {symbol}\n"
    assert pats(line) == ["extension-torch-abi-mismatch"]
    assert judge(tmp_path, line, ["EC914"]) == [("EC914", "framework-pairing", "error")]


def test_a_missing_c_library_symbol_is_no_torch_pairing() -> None:
    line = "ImportError: /env/site-packages/foo/_x.so: undefined symbol: _ZTI9MyHelper\n"
    assert "extension-torch-abi-mismatch" not in pats(line)


_CUPY_PY27 = (
    '  File "/usr/local/lib/python2.7/dist-packages/cupyx/_ufunc_config.py", line 17\n'
    "    def errstate(*, divide=None, over=None):\n"
    "                  ^\n"
    "SyntaxError: invalid syntax\n"
)


def test_a_syntax_error_inside_an_installed_package(tmp_path: Path) -> None:
    assert pats(_CUPY_PY27) == ["package-syntax-error-python"]
    assert judge(tmp_path, _CUPY_PY27, ["EC916"]) == [("EC916", "python-unsupported", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # the user's own script: a typo, not the Python
        '  File "train.py", line 12\n    print "x"\n          ^\nSyntaxError: invalid syntax\n',
        # a package frame, then the user's file last: the syntax error is in the user's file
        '  File "/env/site-packages/torch/hub.py", line 3, in load\n'
        '  File "/home/me/model.py", line 9\nSyntaxError: invalid syntax\n',
        # another error type
        '  File "/env/site-packages/foo/bar.py", line 1\nIndentationError: unexpected indent\n',
    ],
)
def test_syntax_errors_that_say_nothing_of_the_python(text: str) -> None:
    assert "package-syntax-error-python" not in pats(text)


def test_autocast_bfloat16_refused(tmp_path: Path) -> None:
    line = "RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype.\n"
    assert pats(line) == ["bf16-tf32-needs-ampere"]
    assert judge(tmp_path, line, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "error")]


def test_a_conda_cpu_selector_alone_is_a_cpu_torch(tmp_path: Path) -> None:
    text = (
        "            You requested GPUs: [0]\n"
        "            But your machine only has: []\n"
        "# Name                    Version                   Build  Channel\n"
        "_pytorch_select           0.1                       cpu_0\n"
    )
    assert judge(tmp_path, text, ["EC210"], load_matrix()) == [("EC210", "cpu-only-build", "error")]
    # the selector's GPU build says nothing against torch
    gpu = text.replace("cpu_0", "gpu_0")
    assert judge(tmp_path, gpu, ["EC210"], load_matrix()) == []


_VGPU_SLOW = (
    "GPU: NVIDIA L40S-24Q 24GB\n"
    "GPU Driver: vWS 550.127.05\n"
    "For the first 20 minutes after running, the results are very good.\n"
    "However, when running again after some time, the speed is abnormally slow.\n"
)


def test_a_vgpu_that_slows_down_after_a_while(tmp_path: Path) -> None:
    assert pats(_VGPU_SLOW) == ["vgpu-unlicensed-slowdown"]
    assert judge(tmp_path, _VGPU_SLOW, ["EC915"]) == [("EC915", "gpu-throttle", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # no vGPU: a card that slows down after a while is the throttling rules' business
        _VGPU_SLOW.replace("L40S-24Q", "L40S").replace("vWS ", ""),
        # a vGPU that is simply slow, with no "after a while"
        "GPU: NVIDIA A100-40C\nTraining is slow.\n",
    ],
)
def test_vgpu_near_misses(text: str) -> None:
    assert "vgpu-unlicensed-slowdown" not in pats(text)


@pytest.mark.parametrize(
    "line",
    [
        "the update has dumbed down torch to no cuda",
        "pip replaced my torch with a version without CUDA",
    ],
)
def test_torch_left_without_cuda_stated(tmp_path: Path, line: str) -> None:
    assert pats(line + "\n") == ["cpu-torch-stated"]
    assert judge(tmp_path, line + "\n", ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


def test_torch_without_cuda_as_a_choice_is_not_read_as_a_replacement() -> None:
    assert "cpu-torch-stated" not in pats("I run torch without cuda on my laptop, fine\n")


def test_a_driver_said_to_be_too_low(tmp_path: Path) -> None:
    text = "the cluster GPU driver is 470.82. It prompts that the driver version is too low.\n"
    assert judge(tmp_path, text, ["EC902"]) == [("EC902", "driver-too-old", "warning")]
    assert judge(tmp_path, "GPU utilization is too low during training\n", ["EC902"]) == []


@pytest.mark.parametrize(
    "line",
    [
        "it installed versions of torch and torchvision that did not support the old CUDA "
        "version of this card",
        "the pytorch build does not support my GPU (GTX 760)",
    ],
)
def test_framework_said_not_to_support_the_gpu(tmp_path: Path, line: str) -> None:
    assert pats(line + "\n") == ["framework-does-not-support-gpu-stated"]
    assert judge(tmp_path, line + "\n", ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]


@pytest.mark.parametrize(
    "line",
    [
        "torch does not support this operator on the GPU yet",  # an operator, not the card
        "my GPU does not support torch.compile",  # the other way round
    ],
)
def test_not_support_statements_about_something_else(line: str) -> None:
    assert "framework-does-not-support-gpu-stated" not in pats(line + "\n")


@pytest.mark.parametrize(
    "version, cuda", [("3.24.0", 11), ("2.1.0", 11), ("4.0.0", 12), ("4.5.0", 12)]
)
def test_ctranslate2_builds_in_the_data(version: str, cuda: int) -> None:
    (b,) = load_matrix().library_cuda_builds("ctranslate2", version)
    assert b["cuda_major"] == cuda and b["cudnn_major"] is None
    assert b["source"].startswith("https://github.com/OpenNMT/CTranslate2/releases/tag/v")


def test_ctranslate2_3_beside_cuda_12_wheels(tmp_path: Path) -> None:
    text = "ctranslate2==3.24.0\nnvidia-cublas-cu12==12.1.3.1\n"
    assert judge(tmp_path, text, ["EC322"], load_matrix()) == [
        ("EC322", "cuda-libs-mismatch", "warning")
    ]


def test_ucx_shared_memory_fifo(tmp_path: Path) -> None:
    text = "mm_iface failed to allocate receive FIFO\n[ucp_address_unpack] Caught signal 11\n"
    assert pats(text)[0] == "ucx-shm-fifo-failed"
    assert ("EC908", "shm-too-small", "warning") in judge(tmp_path, text, ["EC908"])
    assert "ucx-shm-fifo-failed" not in pats("mm_iface created 8 FIFOs\n")


_TWO_TOOLKITS = (
    "i follow all the step to install Cuda 11.8 but when i run nvcc -V, i get Cuda 11.5.\n"
    "Cuda compilation tools, release 11.5, V11.5.119\n"
)


def test_nvcc_is_not_the_toolkit_installed(tmp_path: Path) -> None:
    assert "nvcc-not-installed-toolkit" in pats(_TWO_TOOLKITS)
    assert judge(tmp_path, _TWO_TOOLKITS, ["EC907"]) == [("EC907", "toolkit-mismatch", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        _TWO_TOOLKITS.replace("11.5", "11.8"),  # nvcc is the one installed
        "I installed CUDA 12.1.\nThe driver supports CUDA 12.4.\n",  # no nvcc at all
        "nvcc -V gives 11.5\n",  # nothing says another was installed
    ],
)
def test_nvcc_and_the_installed_toolkit_agree_or_unknown(text: str) -> None:
    assert "nvcc-not-installed-toolkit" not in pats(text)


_JETSON_SLOW = (
    "My environment:\nJetson XAVIER NX\nTensorRT7.1.3\n"
    "FP16 | 416*416 | 90ms\nIt is seen that it is slower than yours.\n"
)


def test_a_jetson_slower_than_the_benchmark(tmp_path: Path) -> None:
    assert pats(_JETSON_SLOW) == ["jetson-power-mode-slow"]
    assert judge(tmp_path, _JETSON_SLOW, ["EC915"]) == [("EC915", "gpu-throttle", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        _JETSON_SLOW.replace("Jetson XAVIER NX", "RTX 3090"),  # no Jetson
        _JETSON_SLOW.replace("slower than yours", "as fast as yours"),
        # an error explains it already
        _JETSON_SLOW
        + "RuntimeError: CUDA error: no kernel image is available for execution on the device\n",
    ],
)
def test_jetson_near_misses(text: str) -> None:
    assert "jetson-power-mode-slow" not in pats(text)


def test_rusts_no_binary_for_gpu(tmp_path: Path) -> None:
    line = (
        "called `Result::unwrap()` on an `Err` value: Cuda(NoBinaryForGpu)', examples/add.rs:10\n"
    )
    assert pats(line) == ["no-kernel-image"]
    assert judge(tmp_path, line, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "error")]
    assert pats("the NoBinaryForGpuX enum\n") == []


def test_paddles_third_party_library_message(tmp_path: Path) -> None:
    line = (
        "RuntimeError: (PreconditionNotMet) The third-party dynamic library (cudnn64_7.dll) that "
        "Paddle depends on is not configured correctly. (error code is 126)\n"
    )
    assert pats(line) == ["paddle-third-party-library"]
    assert judge(tmp_path, line, ["EC906"]) == [("EC906", "cuda-libs-mismatch", "error")]
    # a library that is no CUDA library says nothing of CUDA
    other = line.replace("cudnn64_7.dll", "libgomp.so.1")
    assert "paddle-third-party-library" not in pats(other)


def test_a_container_cuda_requirement_cut_at_the_end() -> None:
    cut = "nvidia-container-cli: requirement error: unsatisfied condition: cu\n"
    assert pats(cut) == ["container-cuda-requirement"]
    # an image's NVIDIA_REQUIRE_CUDA ORs its space-separated clauses ("cuda>=10.0
    # brand=tesla,driver>=384,driver<385"), so failing at the second clause's brand means the
    # CUDA clause failed too (round fourteen: two heldout21 cases, both an old driver)
    brand = "nvidia-container-cli: requirement error: unsatisfied condition: brand = tesla\n"
    assert pats(brand) == ["container-cuda-requirement"]
    # the requirement itself, printed in an environment dump, is no failure
    env = "NVIDIA_REQUIRE_CUDA=cuda>=10.0 brand=tesla,driver>=384,driver<385\n"
    assert "container-cuda-requirement" not in pats(env)


def test_a_cudnn_version_said_to_be_incompatible(tmp_path: Path) -> None:
    text = "cuDNN 7.1 incompatible\n"
    assert judge(tmp_path, text, ["EC906"]) == [("EC906", "cuda-libs-mismatch", "warning")]


def test_cuda_jl_refusing_a_volta_under_cuda_13(tmp_path: Path) -> None:
    from envcheck.importers.extract.floors import floor_in

    text = (
        "Your Tesla V100-PCIE-32GB GPU (compute capability 7.0) is not supported on CUDA 13+.\n"
        "Please use a device with at least capability 7.5, or downgrade your NVIDIA driver.\n"
    )
    assert floor_in(text.splitlines()[1]) == "7.5"
    assert judge(tmp_path, text, ["EC207"], load_matrix()) == [
        ("EC207", "gpu-arch-unsupported", "error")
    ]
    # "at least" about something else is no floor
    assert floor_in("use a device with at least 16 GB of memory") is None


@pytest.mark.parametrize("value", ["xxx", "XXXX", "###"])
def test_a_redacted_cuda_visible_devices_is_not_judged(tmp_path: Path, value: str) -> None:
    # heldout17's one false error: a reporter hid the GPU UUID ("CUDA_VISIBLE_DEVICES=xxx")
    text = f"set OLLAMA_FLASH_ATTENTION=1\nset CUDA_VISIBLE_DEVICES={value}\n"
    assert judge(tmp_path, text, ["EC507"]) == []
    # a value that is neither a redaction nor a GPU still is an error
    assert judge(tmp_path, "set CUDA_VISIBLE_DEVICES=xyz\n", ["EC507"]) == [
        ("EC507", "os-setting", "error")
    ]


# --- round 12, tuned on heldout17 after its scoring --------------------------------------------


@pytest.mark.parametrize(
    "line, pid",
    [
        ("/usr/bin/ld: cannot find -lcudnn", "cuda-lib-not-found-at-build"),
        (
            "./src/cuda.h:9:10: fatal error: cudnn.h: No such file or directory",
            "cuda-lib-not-found-at-build",
        ),
        (
            "FATAL: this function is for sm80, but was built for sm750",
            "kernel-built-for-another-sm",
        ),
        (
            "ModuleNotFoundError: No module named 'torchvision.transforms.functional_tensor'",
            "torchvision-functional-tensor-removed",
        ),
        (
            "FileNotFoundError: [Errno 2] No usable temporary directory found in ['/tmp', '/app']",
            "no-usable-tempdir",
        ),
        ("tmpfs             3.9G  3.9G     0 100% /tmp", "df-filesystem-full"),
        ("it is found that the /tmp folder has not enough space", "disk-space-low-stated"),
        ("tmp folder is full when download model.", "disk-space-low-stated"),
        ("This command installs cpu version instead of cuda.", "cpu-torch-stated"),
        (
            "Currently CUDA doesn't support gcc versions later than 8.",
            "nvcc-unsupported-host-compiler",
        ),
        (
            "GPU memory is not released after training process is stopped (Ctrl-C)",
            "gpu-memory-held-stated",
        ),
    ],
)
def test_heldout17_families(line: str, pid: str) -> None:
    assert pats(line + "\n") == [pid]


@pytest.mark.parametrize(
    "line",
    [
        "/usr/bin/ld: cannot find -lpthread",  # no CUDA library
        "fatal error: opencv2/core.hpp: No such file or directory",
        "/dev/loop3         56M   56M     0 100% /snap/core18/2829",  # snaps are always full
        "tmpfs             3.9G  1.0G  2.9G  26% /tmp",
        "GPU memory is full, not enough space for the batch",  # memory, not a disk
        "the model installs a cpu version too",  # no "instead of cuda"
        "GPU memory is not released until the dataloader finishes",  # nothing was stopped
    ],
)
def test_heldout17_near_misses(line: str) -> None:
    assert pats(line + "\n") == []


_PIP_SWAP = (
    "Installing collected packages: torch, xformers\n"
    "  Attempting uninstall: torch\n"
    "    Found existing installation: torch 2.0.1+cu118\n"
    "    Uninstalling torch-2.0.1+cu118:\n"
    "      Successfully uninstalled torch-2.0.1+cu118\n"
    "Successfully installed torch-2.0.0 xformers-0.0.19\n"
)


def test_pip_replacing_torch(tmp_path: Path) -> None:
    assert pats(_PIP_SWAP) == ["pip-replaced-torch"]
    assert judge(tmp_path, _PIP_SWAP, ["EC914"]) == [("EC914", "framework-pairing", "warning")]
    # the same torch put back (a --force-reinstall) is no swap
    same = _PIP_SWAP.replace("torch-2.0.0 ", "torch-2.0.1+cu118 ")
    assert "pip-replaced-torch" not in pats(same)
    # torchvision replaced is not torch replaced
    tv = _PIP_SWAP.replace("uninstalled torch-", "uninstalled torchvision-")
    assert "pip-replaced-torch" not in pats(tv)


_WIN_FALSE = (
    "T4卡的服务器，torch.cuda.is_available() 为True。\n"
    "后来我本地win10机器，同样方法安装好后，torch.cuda.is_available() 就是False。\n"
)


def test_torch_on_windows_without_cuda(tmp_path: Path) -> None:
    assert pats(_WIN_FALSE) == ["windows-torch-no-cuda"]
    assert judge(tmp_path, _WIN_FALSE, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        _WIN_FALSE.replace("win10", "ubuntu"),  # Linux: PyPI's torch is a CUDA build
        _WIN_FALSE + "torch 2.1.0+cu121\n",  # a CUDA build named: something else is wrong
        _WIN_FALSE.replace("win10", "WSL2 on win10"),  # WSL is Linux
    ],
)
def test_torch_on_windows_near_misses(text: str) -> None:
    assert "windows-torch-no-cuda" not in pats(text)


@pytest.mark.parametrize(
    "line",
    [
        "running into issues with PyTorch not supporting cards with compute capability SM 86",
        "the prebuilt CUDA kernels don't include `sm_121` in the target architecture list",
        "llama-cpp-builder currently doesn't build/target CUDA compute capability `sm_121`",
    ],
)
def test_a_build_said_to_lack_the_gpus_architecture(line: str) -> None:
    assert pats(line + "\n") == ["framework-does-not-support-gpu-stated"]


def test_a_build_that_does_not_include_a_file_is_no_architecture_claim() -> None:
    assert pats("the wheel doesn't include the CUDA headers\n") == []


_L4T = (
    "I tried to run r34.1 container on Jetson NX with version r32.6.\n"
    "docker run --rm -it --gpus all nvcr.io/nvidia/l4t-ml:r34.1.0-py3 bash\n"
    "cudaGetDeviceCount returned 3\n"
)


def test_an_l4t_container_newer_than_the_host(tmp_path: Path) -> None:
    assert "l4t-container-newer-than-host" in pats(_L4T)
    assert ("EC902", "driver-too-old", "warning") in judge(tmp_path, _L4T, ["EC902"])


@pytest.mark.parametrize(
    "text",
    [
        _L4T.replace("r32.6", "r34.1"),  # the same release
        _L4T.replace("r34.1", "r32.7").replace("r32.6", "r34.1"),  # an older container
        # no Jetson (an l4t image is one)
        _L4T.replace("Jetson NX", "an x86 server").replace("nvidia/l4t-ml", "nvidia/pytorch"),
    ],
)
def test_l4t_near_misses(text: str) -> None:
    assert "l4t-container-newer-than-host" not in pats(text)


def test_fix_links_the_page_the_data_cites(tmp_path: Path) -> None:
    from evidence_support import fix_text

    out = fix_text(tmp_path, "onnxruntime-gpu==1.27.0\nnvidia-cublas-cu12==12.4.5.8\n")
    assert "resolves EC322" in out
    assert "docs: https://github.com/microsoft/onnxruntime/issues/29032" in out
