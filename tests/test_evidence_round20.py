"""Round twenty: the general part (the architectures pytorch/builder's release-branch scripts
compiled into torch 1.8-1.11, pip wheels and conda packages, for EC201/EC202; the plain pip
wheel's CUDA of an untagged old torch as an assumption) and the tuning on this round's sealed
pools. Each with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

from envcheck.compat import load_matrix

ARCH_CHECKS = ["EC201", "EC202"]


def _collect_env(torch: str, gpu: str, built_with: str = "", os_line: str = "") -> str:
    text = f"PyTorch version: {torch}\nIs debug build: False\n"
    if built_with:
        text += f"CUDA used to build PyTorch: {built_with}\n"
    text += (os_line or "OS: Ubuntu 20.04.3 LTS (x86_64)") + "\n"
    text += f"Python version: 3.8.10\nGPU models and configuration: GPU 0: {gpu}\n"
    return text + "Nvidia driver version: 470.86\n"


@pytest.mark.parametrize(
    ("torch", "built_with", "gpu", "expected"),
    [
        # a +cu102 tag is a pip wheel: sm_37 sm_50 sm_60 sm_70, no PTX, nothing for Ampere
        (
            "1.10.2+cu102",
            "10.2",
            "NVIDIA GeForce RTX 3090",
            [("EC201", "gpu-arch-unsupported", "error")],
        ),
        # no tag: it may be the conda package, whose compute_37 PTX the driver can JIT
        (
            "1.10.2",
            "10.2",
            "NVIDIA GeForce RTX 3090",
            [("EC201", "gpu-arch-unsupported", "warning")],
        ),
        # a Kepler K40m (sm_35) is below both lists (PTX only runs on newer GPUs)
        ("1.10.2", "10.2", "Tesla K40m", [("EC202", "gpu-arch-unsupported", "error")]),
        ("1.9.0+cu111", "11.1", "Tesla K40m", [("EC202", "gpu-arch-unsupported", "error")]),
        # the cu111 wheels carry sm_86; an sm_89 GPU runs sm_86 cubins (same major)
        ("1.9.0+cu111", "11.1", "NVIDIA GeForce RTX 3090", []),
        ("1.10.0+cu113", "11.3", "NVIDIA GeForce RTX 4090", []),
        # cu110: sm_80 cubins run on sm_86
        ("1.8.1+cu110", "11.0", "NVIDIA GeForce RTX 3080", []),
        # Pascal and Turing run the sm_60 / sm_70 cubins of the cu102 wheels
        ("1.11.0+cu102", "10.2", "NVIDIA GeForce GTX 1080 Ti", []),
        ("1.11.0+cu102", "10.2", "NVIDIA GeForce RTX 2080 Ti", []),
        # a Hopper H100 is newer than every 1.x list
        ("1.11.0+cu115", "11.5", "NVIDIA H100 PCIe", [("EC201", "gpu-arch-unsupported", "error")]),
    ],
)
def test_torch_1_8_to_1_11_arch_lists(
    tmp_path: Path, torch: str, built_with: str, gpu: str, expected: list
) -> None:
    text = _collect_env(torch, gpu, built_with)
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == expected


def test_untagged_old_torch_is_judged_as_its_plain_pip_wheel_with_a_warning(
    tmp_path: Path,
) -> None:
    # torch 1.7.1 without a tag or a stated CUDA: its plain pip wheel was built with CUDA 10.2
    # (pip_defaults), which cannot compile for Ampere; an assumption, so a warning
    text = "torch==1.7.1\nmy GPU is an RTX 3090, driver 470, Ubuntu 20.04\n"
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == [
        ("EC201", "gpu-arch-unsupported", "warning")
    ]
    # a release the data gives no plain-wheel CUDA for stays unknown
    text = "torch==1.9.1\nmy GPU is an RTX 3090, driver 470, Ubuntu 20.04\n"
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == []


def test_untagged_old_torch_on_windows_is_a_cpu_wheel_not_an_arch_problem(tmp_path: Path) -> None:
    text = _collect_env("1.10.2", "NVIDIA GeForce RTX 3090", os_line="OS: Microsoft Windows 10 Pro")
    assert judge(tmp_path, text, ARCH_CHECKS, load_matrix()) == []


def test_the_legacy_arch_lists_are_sourced() -> None:
    matrix = load_matrix()
    pip = matrix.torch_legacy_archs("1.10.2", "10.2", "pip")
    assert pip is not None and pip["arch_list"] == ["sm_37", "sm_50", "sm_60", "sm_70"]
    assert pip["ptx"] == []
    conda = matrix.torch_legacy_archs("1.10.2", "10.2", "conda")
    assert conda is not None and conda["ptx"] == ["compute_37"]
    assert "sm_86" in matrix.torch_legacy_archs("1.11.0", "11.5", "pip")["arch_list"]
    # outside the release branches read (1.7, 1.12 has full entries) or a CUDA never built
    assert matrix.torch_legacy_archs("1.7.1", "10.2", "pip") is None
    assert matrix.torch_legacy_archs("1.12.0", "11.3", "pip") is None
    assert matrix.torch_legacy_archs("1.10.0", "11.6", "pip") is None
    for entry in matrix.doc("torch")["legacy_arch_lists"]:
        assert entry["source"].startswith("https://github.com/pytorch/builder/blob/")
        assert all(
            u.startswith("https://github.com/pytorch/builder/blob/") for u in entry["see_also"]
        )


# --- heldout37's tuning: each message as the report printed it, and its near misses ---------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "RuntimeError: PyTorch version mismatch! DeepSpeed ops were compiled and installed "
            "with a different version than what is being used at runtime.\n",
            "deepspeed-ops-built-for-another-torch",
        ),
        (
            "ImportError: /usr/lib/aarch64-linux-gnu/libgomp.so.1: cannot allocate memory in "
            "static TLS block\n",
            "static-tls-exhausted",
        ),
        (
            "'sm_86' is not a recognized processor for this target (ignoring processor)\n",
            "llvm-unknown-gpu-arch",
        ),
        (
            "/usr/bin/ld: cannot find -lcudart: No such file or directory\n",
            "cuda-runtime-not-on-link-path",
        ),
        (
            "ld: cannot find -lcuda\ncollect2: error: ld returned 1 exit status\n",
            "driver-library-not-on-link-path",
        ),
        ("/usr/bin/ld: cannot find -lcudnn\n", "cuda-lib-not-found-at-build"),
        ("Warp CUDA error: Could not open libcuda.so.\n", "libcuda-missing"),
        (
            "Shader not supported by your hardware!\nERROR: SiftGPU not fully supported\n",
            "colmap-siftgpu-without-cuda",
        ),
        (
            "Tensorflow 2.13.1 not detecting GPU on Jetson Orin, not built with CUDA\n",
            "said-not-built-with-cuda",
        ),
        (
            "System throttled due to over-current warning using TensorRT 8.5\n",
            "jetson-over-current-throttle",
        ),
    ],
)
def test_heldout37_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    ("text", "absent"),
    [
        # a sentence about a build's CUDA libraries is not "not built with CUDA"
        (
            "The frozen PyTorch version is not built with CUDA library with newer capabilities\n",
            "said-not-built-with-cuda",
        ),
        # TensorFlow's own PTX message keeps its row
        (
            "TensorFlow was not built with CUDA kernel binaries compatible with compute "
            "capability 8.6. CUDA kernels will be jit-compiled from PTX\n",
            "said-not-built-with-cuda",
        ),
        # torch's message keeps its (error) row
        ("AssertionError: Torch not compiled with CUDA enabled\n", "said-not-built-with-cuda"),
        # -lcudart is not -lcuda
        ("/usr/bin/ld: cannot find -lcudart\n", "driver-library-not-on-link-path"),
        # nvcc's own message stays a toolkit matter
        ("nvcc fatal   : Unsupported gpu architecture 'compute_120'\n", "llvm-unknown-gpu-arch"),
    ],
)
def test_heldout37_near_misses(text: str, absent: str) -> None:
    assert absent not in pats(text)


def test_torch_message_keeps_its_own_row() -> None:
    assert pats("AssertionError: Torch not compiled with CUDA enabled\n") == [
        "torch-not-compiled-with-cuda"
    ]


_L4T_OLDER = (
    "NVIDIA Jetson AGX Orin Developer Kit jetpack 6.4 [L4T 36.4.0] host does not support the "
    "torch in the dustynv/l4t-ml: r35.4.1 image to use cuda\n"
)


def test_an_older_l4t_container_on_a_newer_jetpack_host(tmp_path: Path) -> None:
    assert "l4t-container-older-than-host" in pats(_L4T_OLDER)
    assert ("EC906", "cuda-libs-mismatch", "warning") in judge(tmp_path, _L4T_OLDER, ["EC906"])
    # the same release on both sides, and an r32 container (JetPack 4 containers mount the
    # host's CUDA) on a newer host, are not this
    same = _L4T_OLDER.replace("r35.4.1", "r36.4.0")
    assert "l4t-container-older-than-host" not in pats(same)
    r32 = _L4T_OLDER.replace("r35.4.1", "r32.7.1").replace("6.4 [L4T 36.4.0]", "4.6 [L4T 32.7.4]")
    assert "l4t-container-older-than-host" not in pats(r32)


@pytest.mark.parametrize(
    ("driver", "expected"),
    [
        # Windows releases of R580 (581.57) still drive Pascal; R590 does not
        ("581.57", []),
        ("582.28", []),
        ("590.44", [("EC106", "driver-too-old", "error")]),
        ("580.95", []),
    ],
)
def test_pascal_driver_branch_allows_windows_release_numbers(
    tmp_path: Path, driver: str, expected: list
) -> None:
    text = f"Tested on CUDA 12.8 toolkit + driver {driver}, GTX 1060.\n"
    assert judge(tmp_path, text, ["EC106"], load_matrix()) == expected


# --- heldout38's tuning ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "Failed to import TF-Keras. Please note that TF-Keras is not installed by default "
            "when you install TensorFlow Probability.\n",
            "tfp-needs-tf-keras",
        ),
        (
            "AttributeError: module 'keras._tf_keras.keras' has no attribute '__internal__'\n",
            "tfp-needs-tf-keras",
        ),
        (
            "nvlink fatal   : Input file '/tmp/tempfile-llpc-5fd3.cubin' newer than toolkit "
            "(118 vs 114)\n",
            "nvlink-older-than-input",
        ),
        (
            "Error in torch_tensor_cpp(data, dtype, device, requires_grad, pin_memory) :\n"
            "  PyTorch is not linked with support for cuda devices\n",
            "torch-not-compiled-with-cuda",
        ),
    ],
)
def test_heldout38_messages(text: str, pattern: str) -> None:
    assert pattern in pats(text)


def test_heldout38_near_misses() -> None:
    # another module without an attribute is not a Keras 3 problem
    assert "tfp-needs-tf-keras" not in pats("AttributeError: module 'keras' has no attribute 'x'\n")
    # nvlink's other fatal errors are not this
    assert "nvlink-older-than-input" not in pats("nvlink fatal   : Could not open input file\n")


def test_tfp_message_states_the_installed_tensorflow(tmp_path: Path) -> None:
    # the message's own "Detected an installation of version" beats a sentence naming the
    # release the reporter could not install
    text = (
        "ImportError: This version of TensorFlow Probability requires TensorFlow version >= "
        "2.3; Detected an installation of version 2.0.0-beta1. Please upgrade TensorFlow.\n"
        "I cannot install TensorFlow 2.3 because it says there is no match.\n"
    )
    assert judge(tmp_path, text, ["EC232"], load_matrix()) == [
        ("EC232", "framework-pairing", "error")
    ]


@pytest.mark.parametrize(
    ("tf", "tfp", "expected"),
    [
        ("2.16.1", "0.23.0", [("EC233", "framework-pairing", "warning")]),
        ("2.15.0", "0.23.0", []),
        ("2.16.1", "0.24.0", []),
    ],
)
def test_old_tfp_under_keras_3(tmp_path: Path, tf: str, tfp: str, expected: list) -> None:
    text = f"tensorflow                   {tf}\ntensorflow-probability       {tfp}\n"
    assert judge(tmp_path, text, ["EC233"], load_matrix()) == expected


# --- heldout39's tuning ----------------------------------------------------------------------


def test_old_cxx_abi_symbol_stays_a_pairing() -> None:
    # an old-ABI symbol ("RKSs") missing is far more often a wheel built for another torch
    # build (twelve corpus cases) than an extension built with gcc < 5 (heldout39's two): it
    # stays with the undefined-symbol pairing row
    text = (
        "ImportError: /root/detectron2/detectron2/_C.cpython-37m-x86_64-linux-gnu.so: "
        "undefined symbol: _ZN3c105ErrorC1ENS_14SourceLocationERKSs\n"
    )
    assert all(p != "nvcc-unsupported-host-compiler" for p in pats(text))


def test_torch_extension_gxx_above_the_cuda_maximum() -> None:
    text = (
        "RuntimeError: The current installed version of g++ (10.2.1) is greater than the "
        "maximum required version by CUDA 11.3 (10.0.0). Please make sure to use an adequate "
        "version of g++ (>=5.0.0, <=10.0.0).\n"
    )
    assert pats(text) == ["nvcc-unsupported-host-compiler"]


def test_cudart_missing_at_link_time_is_a_warning_of_either_kind(tmp_path: Path) -> None:
    text = "x86_64-conda-linux-gnu/bin/ld: cannot find -lcudart: No such file or directory\n"
    assert judge(tmp_path, text, ["EC906", "EC913"]) == [("EC906", "cuda-libs-mismatch", "warning")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # nvidia-smi's "CUDA Version" says an NVIDIA driver is there: a +cpu torch is a warning
        (
            "CUDA Version: 11.6\nPython 3.8.15\npytorch 1.13.1+cpu\n",
            [("EC210", "cpu-only-build", "warning")],
        ),
        # a CUDA build beside it is fine
        ("CUDA Version: 11.6\nPython 3.8.15\npytorch 1.13.1+cu116\n", []),
        # no driver and no GPU stated: unknown, no finding
        ("Python 3.8.15\npytorch 1.13.1+cpu\n", []),
    ],
)
def test_cpu_torch_beside_a_stated_driver(tmp_path: Path, text: str, expected: list) -> None:
    assert judge(tmp_path, text, ["EC210"], load_matrix()) == expected
