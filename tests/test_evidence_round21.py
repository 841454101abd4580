"""Round twenty-one: the general part (products a text shows at work without their version,
held against their documented GPU floors: cuQuantum and PennyLane's devices on it, SGLang)
and the tuning on this round's sealed pools. Each with the text as real reports print it and
its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # cuTensorNet's status code and a Pascal Titan Xp (pennylane-lightning#799)
        (
            "Our GPU is an NVIDIA Titan Xp.\nCUTENSORNET_STATUS_CUDA_ERROR\n",
            [("EC206", "gpu-arch-unsupported", "error")],
        ),
        # cuStateVec named, a Volta V100: at the floor
        ("custatevec fails on our Tesla V100-SXM2-32GB\n", []),
        # PennyLane's cuStateVec device on a P100: installed is not always used, a warning
        (
            'dev = qml.device("lightning.gpu", wires=20)\nGPU 0: Tesla P100-PCIE-16GB\n',
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # the CPU device of the same plugin family has no GPU floor
        ('dev = qml.device("lightning.qubit", wires=20)\nGPU 0: Tesla P100-PCIE-16GB\n', []),
        # SGLang at work on a V100 (7.0, below its 7.5)
        (
            "python -m sglang.launch_server --model-path Qwen/Qwen2-7B\n"
            "GPU 0: Tesla V100-SXM2-16GB\n",
            [("EC206", "gpu-arch-unsupported", "error")],
        ),
        # its separate router package is not the engine
        ("pip install sglang-router\nGPU 0: Tesla V100-SXM2-16GB\n", []),
        # no GPU named: nothing to hold the floor against
        ("CUTENSORNET_STATUS_CUDA_ERROR\n", []),
    ],
)
def test_products_at_work_against_their_gpu_floor(
    tmp_path: Path, text: str, expected: list
) -> None:
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == expected


def test_a_stated_version_is_read_instead_of_a_mention(tmp_path: Path) -> None:
    text = "sglang==0.4.1 on my box\nwe launch sglang with tp 2\n"
    installed = snap_of(tmp_path, text).packages.installed
    assert installed.get("sglang") == "0.4.1"


def test_package_list_rows_of_cuquantum_are_read(tmp_path: Path) -> None:
    text = "cuquantum-cu11          23.3.0\nPennyLane_Lightning_GPU  0.30.0\n"
    installed = snap_of(tmp_path, text).packages.installed
    assert installed.get("cuquantum-cu11") == "23.3.0"
    assert installed.get("pennylane-lightning-gpu") == "0.30.0"


# --- heldout40's tuning --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # a kernel looked up and not found in the GPU code loaded
        (
            'failed to get PTX kernel "shift_right_logical" from module: CUDA_ERROR_NOT_FOUND: '
            "named symbol not found",
            ["kernel-symbol-not-found"],
        ),
        ("every test failed with 500 (_named symbol not found_)", ["kernel-symbol-not-found"]),
        ("CUDA error cudaErrorSymbolNotFound [bulk.cuh:239]", ["kernel-symbol-not-found"]),
        # a Python name error is not a GPU symbol
        ("NameError: name 'symbol' is not defined", []),
        (
            "Kokkos::Cuda::initialize ERROR: likely mismatch of architecture",
            ["kokkos-arch-mismatch"],
        ),
        (
            "RuntimeError: This build of HOOMD does not include GPU support.",
            ["build-without-gpu-support"],
        ),
        # a sentence about what a build includes is not the program's own statement
        ("This release does not include GPU support for macOS.", []),
        (
            "AttributeError: module 'jax' has no attribute 'linear_util'",
            ["jax-api-missing"],
        ),
        (
            "AttributeError: module 'jaxlib.xla_extension' has no attribute 'PmapFunction'",
            ["jax-api-missing"],
        ),
        # a CPU jaxlib's start-up notice and JAX's TPU probe are not a pairing (since round
        # forty-one the notice is read as what it says: a jaxlib without CUDA)
        (
            "Unable to initialize backend 'cuda': module 'jaxlib.xla_extension' has no "
            "attribute 'GpuAllocatorConfig'",
            ["jaxlib-without-cuda"],
        ),
        (
            "Unable to initialize backend 'tpu': module 'jaxlib.xla_extension' has no "
            "attribute 'get_tpu_client'",
            [],
        ),
        (
            "TypeError: unsupported operand type(s) for |: 'type' and 'NoneType'",
            ["pep604-union-on-old-python"],
        ),
        # an int | str is a user's bug, not a Python version
        ("TypeError: unsupported operand type(s) for |: 'int' and 'str'", []),
        (
            "ImportError: libcupti.so.11.2: cannot open shared object file: No such file or "
            "directory",
            ["cuda-lib-missing"],
        ),
        (
            "When I use `pdm add torch` to install PyTorch, it installs version 2.3.1+cpu.",
            ["torch-cpu-build-shown"],
        ),
        (
            "the solver tries to install the CPU-only build of `pytorch`.",
            ["cpu-torch-stated"],
        ),
        (
            "the wrong pytorch version is installed. It defaults to the [cpu] version",
            ["cpu-torch-stated"],
        ),
        # a CPU version asked for on purpose, with no claim about what got installed
        ("I need the GPU version of torch 2.3.1, not 2.3.1+cu121.", []),
    ],
)
def test_heldout40_patterns(line: str, expected: list) -> None:
    assert pats(line) == expected


def test_immich_machine_learning_below_its_floor(tmp_path: Path) -> None:
    # a GTX 750 Ti is 5.0, below the 5.2 of Immich's CUDA backend (immich#14519 named a
    # GT 710, whose name covers a 3.5 and a 2.1 chip: the data leaves it unknown)
    text = (
        "I copied the cuda section from `hwaccel.ml.yml` to the devices.\n"
        "My GPU model is `NVIDIA GeForce GTX 750 Ti`\n"
    )
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == [
        ("EC206", "gpu-arch-unsupported", "error")
    ]
    # the server's NVENC transcoding has no such floor
    text = "immich-server with hwaccel.transcoding.yml nvenc\nGPU 0: NVIDIA GeForce GTX 750 Ti\n"
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == []


# --- heldout41's tuning --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "ImportError: deepspeed>=0.9.3 is required for a normal functioning of this module, "
            "but found deepspeed==0.8.3.",
            ["required-version-not-found"],
        ),
        (
            "[rank2]: ImportError: deepspeed>=0.10.0,<=0.16.9 is required for a normal "
            "functioning of this module, but found deepspeed==0.17.2.",
            ["required-version-not-found"],
        ),
        # the sentence without the versions found is not the check's message
        ("A GPU is required for a normal functioning of this module.", []),
        (
            "The code execution cannot proceed because cudart64_12.dll was not found. "
            "Reinstalling the program may fix this problem.",
            ["windows-cuda-dll-not-found"],
        ),
        (
            "The code execution cannot proceed because MSVCP140.dll was not found.",
            [],
        ),
        (
            "Missing libcudnn_ops_infer.so.8 in cuda version of the docker",
            ["cuda-lib-missing"],
        ),
        (
            'Error response from daemon: could not select device driver "nvidia" with '
            "capabilities: [[]]",
            ["container-no-gpu-driver"],
        ),
        (
            "GeoAI QGIS plugin fails to load model on Windows (RTX 50-series) - CUDA kernel "
            "image error",
            ["no-kernel-image-retold"],
        ),
        # a Linux kernel image is not a CUDA one
        ("the initramfs for the new kernel image was not rebuilt", []),
        (
            "`bf16 mixed precision requires PyTorch >= 1.10 and a supported device.`",
            ["bf16-unsupported-device"],
        ),
        (
            'ERROR Could not load engine: Could not load library "C:\\Users\\vico\\AppData\\'
            "Roaming\\Jan\\data\\extensions\\bin\\win-cuda-12-0/engines/cortex.llamacpp/"
            'engine.dll"',
            ["cuda-build-library-not-loaded"],
        ),
        # a CPU build's library is not a CUDA one
        ('Could not load library "C:\\jan\\bin\\win-avx2/engines/engine.dll"', []),
    ],
)
def test_heldout41_patterns(line: str, expected: list) -> None:
    assert pats(line) == expected


def test_torch_cc_warning_without_its_reason(tmp_path: Path) -> None:
    cut = "I get error - **_Found GPU0 Quadro K4000 which is of cuda capability 3.0_**\n"
    assert pats(cut) == ["torch-cc-warning-cut"]
    # with the reason's line, its own row speaks (not twice)
    whole = (
        "Found GPU0 Quadro K4000 which is of cuda capability 3.0.\n"
        "    PyTorch no longer supports this GPU because it is too old.\n"
    )
    assert "torch-cc-warning-cut" not in pats(whole)
    assert "gpu-too-old-for-pytorch" in pats(whole)
    # a same-major newer minor is information, not an unsupported GPU
    gb10 = (
        "Found GPU0 NVIDIA GB10 which is of cuda capability 12.1.\n"
        "    Minimum and Maximum cuda capability supported by this version of PyTorch is\n"
        "    (8.0) - (12.0)\n"
    )
    assert "torch-cc-warning-cut" not in pats(gb10)


def test_a_compute_capability_of_1_0_in_a_log_is_not_the_gpus(tmp_path: Path) -> None:
    # Ollama read PhysX's cudart64_30_9.dll: "Compute Capability 1.0" for a modern GPU
    text = (
        'msg="detected GPUs" library="C:\\\\Program Files (x86)\\\\NVIDIA Corporation\\\\PhysX'
        '\\\\Common\\\\cudart64_30_9.dll" count=1\n'
        "[GPU-ffffffff-0000-0000-00c0-000000000000] Compute Capability 1.0\n"
        "ollama version is 0.1.42\n"
    )
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == []


# --- heldout42's tuning --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "`flshattF` is not supported because:\n    requires a GPU with compute capability "
            "> 7.5\n",
            ["xformers-op-needs-newer-gpu"],
        ),
        (
            "    requires device with capability > (8, 0) but your GPU has capability (7, 0) "
            "(too old)\n",
            ["xformers-op-needs-newer-gpu"],
        ),
        # FlashAttention-3's reason is listed on every GPU before Hopper
        (
            "    requires device with capability > (9, 0) but your GPU has capability (8, 6) "
            "(too old)\n",
            [],
        ),
        # a Nix-built program that reaches no driver
        (
            "[nix-shell:~/hasktorch]$ cabal run static-mnist-mlp\n"
            'static-mnist-mlp: cannot move tensor to "CUDA:0"\n',
            ["nix-host-driver-not-found"],
        ),
        # Nix named, nothing about the driver
        ("[nix-shell:~/proj]$ cabal build\nerror: linker failed\n", []),
        # a NixOS driver that says why it is absent (nouveau) keeps its own reason alone
        (
            "NixOS 23.11\nnouveau 0000:01:00.0: fifo: SCHED_ERROR 20 []\n"
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver\n",
            None,
        ),
    ],
)
def test_heldout42_patterns(text: str, expected: list) -> None:
    found = pats(text)
    if expected is None:
        assert "nix-host-driver-not-found" not in found
    else:  # (a message broken across lines is also read joined: one row, maybe twice)
        assert sorted(set(found)) == expected


def test_driver_files_baked_into_an_image_are_the_images_fault(tmp_path: Path) -> None:
    # the host is fine: the image carries the files the toolkit mounts (deepstack#85, a
    # heldout40 control): a warning, not a failed host
    text = (
        "docker: Error response from daemon: OCI runtime create failed: nvidia-container-cli: "
        "mount error: file creation failed: /var/lib/docker/overlay2/x/merged/usr/lib/"
        "aarch64-linux-gnu/libnvidia-fatbinaryloader.so.32.5.0: file exists: unknown.\n"
    )
    assert judge(tmp_path, text, ["EC903"]) == [("EC903", "driver-library-mismatch", "warning")]
