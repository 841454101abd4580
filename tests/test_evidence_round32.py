"""Round thirty-two: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers import base


def _driver_cuda(tmp_path: Path, text: str) -> object:
    return getattr(snap_of(tmp_path, text).driver, "cuda_version", None)


def _torch_cuda(tmp_path: Path, text: str) -> object:
    return base.deep(snap_of(tmp_path, text), "torch").cuda_version


def test_the_cuda_ceiling_of_a_driver_said_in_a_sentence_is_read(tmp_path: Path) -> None:
    # meta-pytorch/torchrec#3113, Kaggle/docker-python#1281
    for text in (
        "the SageMaker instance uses an older NVIDIA driver that only supports CUDA runtime "
        "version 11.4. This limits me to using PyTorch versions 2.0.x\n",
        "Current CUDA Toolkit version is 11.8, while the CUDA version in the Nvidia driver "
        "is 11.4.\n",
        "my driver supports up to CUDA 12.2\n",
    ):
        assert str(_driver_cuda(tmp_path, text)) in ("11.4", "12.2"), text


def test_a_floor_or_a_toolkit_said_of_a_driver_is_no_ceiling(tmp_path: Path) -> None:
    for text in (
        "I have a driver good enough for CUDA 9.0, and I use CUDA 9.1\n",
        "the new driver supports CUDA 12.4 and newer features\n",  # no ceiling words
        "CUDA version in the docs is 12.1\n",
    ):
        assert not isinstance(_driver_cuda(tmp_path, text), str), text


def test_a_driver_ceiling_below_the_framework_cuda_major_is_an_error(tmp_path: Path) -> None:
    text = (
        "my driver only supports CUDA 11.4\n"
        "pip install torch --index-url https://download.pytorch.org/whl/cu121\n"
    )
    found = judge(tmp_path, text, ["EC101"], load_matrix())
    assert found == [("EC101", "driver-too-old", "error")]


def test_torch_from_pytorchs_index_is_that_cuda_build(tmp_path: Path) -> None:
    for text, cuda in (
        ("pip install torch --index-url https://download.pytorch.org/whl/cu118\n", "11.8"),
        (
            "pip install --pre torch --index-url https://download.pytorch.org/whl/nightly/cu118\n",
            "11.8",
        ),
        (
            "pip3 install torch torchvision torchaudio -i https://download.pytorch.org/whl/cu121\n",
            "12.1",
        ),
    ):
        assert _torch_cuda(tmp_path, text) == cuda, text


def test_an_index_torch_is_not_read_where_pip_may_take_another_build(tmp_path: Path) -> None:
    for text in (
        # --extra-index-url: pip takes the highest version from any index (PyPI's build)
        "pip install torch --extra-index-url https://download.pytorch.org/whl/cu118\n",
        # another package from the index
        "pip install torchvision --index-url https://download.pytorch.org/whl/cu118\n",
        # companions pinned: their plain versions would be judged as PyPI's default builds
        "pip install torch==2.2.0 torchvision==0.17 --index-url "
        "https://download.pytorch.org/whl/cu118\n",
        # no install command
        "see https://download.pytorch.org/whl/cu118 for torch wheels\n",
    ):
        assert _torch_cuda(tmp_path, text) is None, text


def test_numbas_raw_code_222_is_ptx_from_a_newer_cuda(tmp_path: Path) -> None:
    # Kaggle/docker-python#1281: Numba's enum lacks 222 (CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    text = 'producing the error "[222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR"\n'
    assert pats(text) == ["ptx-unsupported-toolchain"]
    assert "ptx-unsupported-toolchain" not in pats(
        "[200] Call to cuModuleLoadDataEx results in CUDA_ERROR_INVALID_IMAGE\n"
    )
    assert "ptx-unsupported-toolchain" not in pats("[2222] Call to cuLinkAddData results in\n")


def test_pip_building_a_wheel_of_a_binary_package_is_read(tmp_path: Path) -> None:
    # Future-House/paper-qa#224: faiss-cpu had no cp312 wheel yet
    text = (
        "Using python 3.12 I obtained the following error:\n\n"
        "  Building wheel for faiss-cpu (pyproject.toml) ... error\n"
        "  ERROR: Failed building wheel for faiss-cpu\n"
    )
    assert "pip-building-a-binary-package-from-source" in pats(text)
    assert ("EC916", "python-unsupported", "warning") in judge(tmp_path, text, ["EC916"])


def test_a_finished_build_or_another_package_is_no_missing_wheel() -> None:
    for text in (
        "Using python 3.12\n  Building wheel for numpy (setup.py) ... done\n",
        "Using python 3.12\n  Building wheel for faiss-cpu (pyproject.toml) ... done\n",
        "Using python 3.12\n  Building wheel for numpy-financial (setup.py) ... error\n",
        "Using python 3.12\n  Building wheel for flash-attn (setup.py) ... error\n",
    ):
        assert "pip-building-a-binary-package-from-source" not in pats(text), text


# --- after heldout80 and heldout81's scoring -------------------------------------------------


def test_ptxas_of_the_stated_toolkit_is_the_toolkits(tmp_path: Path) -> None:
    # google-deepmind/alphafold3#68: CUDA 12.3's ptxas (PTX ISA 8.3) refuses XLA's PTX 8.4
    nvcc = "nvcc -V Cuda compilation tools, release {}, V{}.107\n"
    text = "ERROR: fatal : Unsupported .version 8.4; current version is '8.3'\n"
    assert pats(text + nvcc.format("12.3", "12.3")) == ["ptxas-older-than-ptx"]
    assert judge(tmp_path, text + nvcc.format("12.3", "12.3"), ["EC907"]) == [
        ("EC907", "toolkit-mismatch", "error")
    ]
    # another toolkit: the refusing ptxas is not shown to be its one (the driver's JIT stays)
    assert pats(text + nvcc.format("12.4", "12.4")) == ["ptx-unsupported-toolchain"]
    assert pats(text) == ["ptx-unsupported-toolchain"]
    # the driver JIT's own words stay the driver's
    jit = (
        "ptxas application ptx input, line 9; fatal : Unsupported .version 8.4; current "
        "version is '8.3'\n"
    )
    assert pats(jit + nvcc.format("12.3", "12.3")) == ["ptx-unsupported-toolchain"]


def test_an_nccl_symbol_retold_without_its_colon_is_a_library_mismatch() -> None:
    # VichyTong/CodeJudge#2: cu11 and cu12 NCCL wheels side by side
    assert pats("undefined symbol ncclCommRegister\n") == ["cuda-lib-missing"]
    assert pats("undefined symbol my_function_name\n") == []


def test_a_programs_own_minimum_cc_check_is_an_arch_error(tmp_path: Path) -> None:
    # NervanaSystems/neon#121 on a Tesla K20
    text = "`Device 0 does not have CUDA compute capability 5.0 or greater`\n"
    assert pats(text) == ["device-lacks-minimum-cc"]
    assert judge(tmp_path, text, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "error")]
    # the floor is not the GPU's compute capability
    assert not [g for g in snap_of(tmp_path, text).gpus() if g.compute_capability == "5.0"]
    assert pats("the GPU does have compute capability 5.0 or greater\n") == []


def test_nan_only_with_several_gpus_points_at_peer_traffic() -> None:
    # tensorflow/tensorflow#57893: ACS on the new server's bridges
    text = (
        "when I start to execute my code I have `nan` in losses and model's outputs after few "
        "iterations. It happens only when I use multiple GPUs.\n"
    )
    assert pats(text) == ["multi-gpu-nan-peer-traffic"]
    # no NaN, or NaN on one GPU: nothing
    assert pats("It is slow only when I use multiple GPUs.\n") == []
    assert pats("I get nan loss on my single GPU after a few steps\n") == []


def test_an_error_number_said_of_the_driver_is_no_driver_version(tmp_path: Path) -> None:
    # nicehash/excavator#275: "CUDA error DRIVER: '300'" on a driver 416.34
    text = (
        "I am trying out my new 2080ti's and I'm getting the following error:\n"
        "`CUDA error DRIVER: '300' in func 'kernel_launcher::kernel_launcher' line 332`\n"
        "I am running nVidia driver version 416.34.\n"
    )
    assert snap_of(tmp_path, text).driver.version == "416.34"
    assert judge(tmp_path, text, ["EC106"], load_matrix()) == []


def test_a_missing_tensorrt_library_is_a_library_mismatch_not_tensorflows_notice() -> None:
    text = (
        "(gst-plugin-scanner:6): GStreamer-WARNING **: Failed to load plugin '/usr/lib/"
        "aarch64-linux-gnu/gstreamer-1.0/deepstream/libnvdsgst_infer.so': libnvparsers.so.5: "
        "cannot open shared object file: No such file or directory\n"
    )
    assert "tensorrt-lib-missing" in pats(text)
    tf = (
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object file: "
        "No such file or directory\n"
    )
    assert "tensorrt-lib-missing" not in pats(tf)


def test_a_gpu_said_to_be_intel_not_nvidia_is_no_nvidia_gpu() -> None:
    # facebookresearch/fairseq-lua#40
    text = "I have a GPU but is Intel and not Nvidia. So I am running into issues.\n"
    assert "no-nvidia-gpu-stated" in pats(text)
    assert "no-nvidia-gpu-stated" not in pats("my GPU is an RTX 3090, not an AMD card\n")


def test_insufficient_driver_alone_is_a_driver_too_old() -> None:
    # NVIDIA/cuda-checkpoint#22 (driver 535; the tool needs 550)
    assert pats(" ./cuda-checkpoint --toggle --pid  9147\nInsufficient driver\n") == [
        "insufficient-driver-alone"
    ]
    assert "insufficient-driver-alone" not in pats("the driver is insufficient driver-wise\n")


def test_cuda_asked_on_macos_stays_a_warning(tmp_path: Path) -> None:
    # SYSTRAN/faster-whisper#307: the inference made for a Mac is not demoted to info there
    text = (
        "Error transcribing audio: This CTranslate2 package was not compiled with CUDA support\n\n"
        'im using pycharm on MacBook Pro, is this supported with device = "cuda"?\n'
    )
    assert "cuda-asked-on-macos" in pats(text)
    assert ("EC905", "cpu-only-build", "warning") in judge(tmp_path, text, ["EC905"])


def test_a_gpu_that_died_under_gpu_burn_is_a_hardware_fault() -> None:
    # wilicc/gpu-burn#45: one of two Quadro RTX 8000 failed SGEMM and became faulty
    text = (
        "I ran gpu_burn on my work station with two Quadro RTX 8000.\n"
        'One of the GPU died showing "Error in "SGEMM": CUBLAS_STATUS_INTERNAL_ERROR" and got '
        "faulty finally, while the other one reported ok.\n"
    )
    assert "hardware-fault-suspected" in pats(text)
    assert "hardware-fault-suspected" not in pats("my old GPU died, so I bought an RTX 4090\n")


# --- after heldout82's scoring -----------------------------------------------------------


def test_nvcc_not_found_where_the_text_shows_the_toolkit_is_a_path_setting() -> None:
    # speedinghzl/CCNet#56 (PATH set in ~/.bashrc, build run with sudo), chelsea0x3b/dfdx#781
    ccnet = (
        "build.sh: 11: build.sh: nvcc: not found\n"
        "i have write the path in ~/.bashrc\nexport PATH=/usr/local/cuda-9.0/bin${PATH:+:${PATH}}\n"
    )
    dfdx = (
        "I had not set the path to nvcc, so dfdx imploded during build.\n"
        "-bash: nvcc: command not found\n"
    )
    assert pats(ccnet) == ["nvcc-installed-not-on-path"]
    assert pats(dfdx) == ["nvcc-installed-not-on-path"]
    # nvcc not found with nothing that shows a toolkit: no path reading
    assert "nvcc-installed-not-on-path" not in pats(
        "sh: 1: nvcc: not found\nerror: ops not built\n"
    )


def test_a_miners_ptx_toolchain_refusal_is_the_driver() -> None:
    # dynexcoin/Dynex#42
    text = (
        "I get error: PUassert: The PTX was compiled with an unsupported toolchain, kernel.cu "
        "2352\n"
    )
    assert pats(text) == ["ptx-unsupported-toolchain"]


def test_xmrig_cudas_driver_api_check_is_a_driver_too_old(tmp_path: Path) -> None:
    # xmrig/xmrig-cuda#80 (driver 455.45.01, CUDA 11.1, a CUDA 11.2 plugin)
    text = "Driver does not support CUDA 11.2 API! Update your nVidia driver!\n * CUDA disabled\n"
    assert pats(text) == ["driver-does-not-support-cuda-api"]
    assert judge(tmp_path, text, ["EC902"]) == [("EC902", "driver-too-old", "error")]
    assert "driver-does-not-support-cuda-api" not in pats(
        "the driver does not support CUDA graphs on this GPU\n"
    )
