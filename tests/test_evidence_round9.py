"""Pasted evidence, ninth round (issue 10): the common ways a paste states a driver, a torch
build, a GPU or a package that the readers missed, found by an audit of what the corpus pastes
state and what was read (GATHERING.md, "Round nine"). Each example is written for this test (not
a corpus paste), with near misses that must not be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List, Optional

import pytest
from evidence_support import judge, pats

from envcheck.compat import load_matrix
from envcheck.importers import extract


def _facts(text: str) -> Dict[str, object]:
    """The first value of each fact key (``package:NAME`` for packages) read from the text."""
    out: Dict[str, object] = {}
    for f in extract.text_facts(text, "p"):
        key = f"package:{f.name}" if f.key == "package" else f.key
        out.setdefault(key, f.value)
    return out


@pytest.mark.parametrize(
    ("line", "driver"),
    [
        ("The GPU is a Quadro K4000 with 410.48 drivers (no display attached)", "410.48"),
        ("A30 GPU with 470.82.01 driver version. Cuda version: 11.3", "470.82.01"),
        ("NVIDIA-SMI: 450.80.02", "450.80.02"),
        ("NVIDIA driver's version:384.130", "384.130"),
        ("I am on latest nvidia drivers available on windows: 531.79", "531.79"),
        ("nvidia/535.113.01, 5.15.0-86-generic, x86_64: installed", "535.113.01"),
        ("File: /var/lib/dkms/nvidia/390.48/source/dkms.conf does not exist.", "390.48"),
        ('i use "sudo dkms install -m nvidia -v 470.86" and it shows', "470.86"),
        ("x11-drivers/nvidia-drivers-530.41.03 is installed", "530.41.03"),
        ("NVRM: The 595.58.03 NVIDIA driver will ignore this GPU.", "595.58.03"),
        # sglang's environment dump: the value is a driver release, not the driver API's CUDA
        ("CUDA Driver Version: 535.54.03", "535.54.03"),
    ],
)
def test_driver_version_forms(line: str, driver: str) -> None:
    assert _facts(line + "\n").get("driver.version") == driver


@pytest.mark.parametrize(
    "line",
    [
        "This container needs the 525.60 driver or newer",  # a floor, not this host's driver
        "Please install 535.104 drivers or later from the website",
        "bash ./NVIDIA-Linux-x86_64-570.124.04.run --no-kernel-modules",  # an installer file
        "CUDA driver version: 12020",  # the driver API's CUDA, not a driver release
        "nvidia-570.124.04.deb downloaded",
    ],
)
def test_driver_version_near_misses(line: str) -> None:
    assert "driver.version" not in _facts(line + "\n")


@pytest.mark.parametrize(
    ("line", "key", "value"),
    [
        # transformers' / diffusers' `env` output
        ("- PyTorch version (GPU?): 1.10.0+cu111 (True)", "torch.version", "1.10.0+cu111"),
        ("- Tensorflow version (GPU?): 2.4.0 (False)", "tensorflow.version", "2.4.0"),
        ("Pytorch version: '1.3.1'", "torch.version", "1.3.1"),
        # Ultralytics' and YOLOv5's banners
        (
            "Ultralytics YOLOv8.0.49 Python-3.9.12 torch-1.13.0 CUDA:0 (Tesla V100-SXM2-16GB, "
            "16160MiB)",
            "torch.version",
            "1.13.0",
        ),
        ("YOLOv5 v7.0-358 Python-3.12.5 torch-2.1.0+cpu CPU", "torch.version", "2.1.0+cpu"),
        # xFormers' warning: the build's torch first, the installed one in parentheses
        (
            "    PyTorch 2.7.1+cu126 with CUDA 1208 (you have 2.8.0+cu128)",
            "torch.version",
            "2.8.0+cu128",
        ),
    ],
)
def test_framework_version_forms(line: str, key: str, value: str) -> None:
    assert _facts(line + "\n").get(key) == value


def test_wheel_file_name_is_no_installed_torch() -> None:
    facts = _facts("Downloading torch-2.5.1-cp313-cp313-manylinux1_x86_64.whl (906 MB)\n")
    assert "torch.version" not in facts


@pytest.mark.parametrize(
    ("line", "name", "version"),
    [
        ("flashinfer: 0.1.3", "flashinfer", "0.1.3"),
        ("sglang: 0.2.10", "sglang", "0.2.10"),
        ("| torch | 2.3.0 |", "torch", "2.3.0"),
        ("- xformers version: 0.0.22", "xformers", "0.0.22"),
        ("Keras: 2.2.4", "keras", "2.2.4"),
        ("mmcv-full = 1.3.8", "mmcv-full", "1.3.8"),
    ],
)
def test_environment_dump_package_lines(line: str, name: str, version: str) -> None:
    assert _facts(line + "\n").get(f"package:{name}") == version


@pytest.mark.parametrize(
    "line",
    [
        "requests: 2.32.3",  # a package no check asks about
        "## flashinfer: 0.1.3",  # a heading
        "flashinfer: 0.1.3 is what I tried first, then 0.1.2",  # a sentence, not a dump line
    ],
)
def test_environment_dump_near_misses(line: str) -> None:
    assert not [k for k in _facts(line + "\n") if k.startswith("package:")]


def test_tesla_m_series_is_a_gpu_and_a_data_sheet_link_is_not_a_second_one() -> None:
    text = (
        "CUDA build crashes during training.\n"
        "The GPU is [NVIDIA Tesla M60](https://example.com/188417-Tesla-M60-DS-A4.pdf)\n"
    )
    found = extract.single_gpu_mentioned([("p", text)])
    assert [f.value for f in found] == ["NVIDIA Tesla M60"]


def test_issue_form_description_section_is_not_lsb_release() -> None:
    text = "## Description\nCUDA GPU version on Ubuntu 20.04 Linux crashes during training.\n"
    values: List[Optional[object]] = [
        f.value for f in extract.text_facts(text, "p") if f.key == "os"
    ]
    assert values and all(v == "Ubuntu 20.04" for v in values)
    lsb = [f.value for f in extract.text_facts("Description:\tUbuntu 20.04.6 LTS\n", "p")]
    assert "Ubuntu 20.04.6 LTS" in lsb


# --- message families learned from heldout11 after its one scoring (docs/reports.md rows) ----

_ROUND9_FAMILIES = [
    (
        "error: [Errno 2] No such file or directory: '/usr/local/cuda-12.1:/bin/nvcc'\n",
        "cuda-path-with-colon",
    ),
    (
        "FileNotFoundError: [Errno 2] No such file or directory: ':/usr/local/cuda-9.0/bin/nvcc'\n",
        "cuda-path-with-colon",
    ),
    ("export CUDA_HOME=$CUDA_HOME:/usr/local/cuda-11.8\n", "cuda-path-with-colon"),
    (
        "lightgbm.basic.LightGBMError: GPU Tree Learner was not enabled in this build.\n",
        "library-built-without-gpu",
    ),
    (
        "xgboost.core.XGBoostError: XGBoost version not compiled with GPU support.\n",
        "library-built-without-gpu",
    ),
    (
        "In the UI the execution providers list only cpu and azure, no cuda.\n",
        "onnxruntime-cpu-providers-only",
    ),
    (
        "#0 0x00007f6b59544f3b in ncclShmOpen(char*, unsigned long, void**) () from libnccl.so\n",
        "nccl-shm-open-crash",
    ),
    ("Fatal Python error: Bus error\n", "python-bus-error"),
    (
        "RuntimeError: Detected that PyTorch and TorchAudio were compiled with different CUDA "
        "versions. PyTorch has CUDA version 12.1 whereas TorchAudio has CUDA version 11.8.\n",
        "torchaudio-cuda-mismatch",
    ),
    (
        "UserWarning: Tensorflow Addons supports using Python ops for all Tensorflow versions "
        "above or equal to 2.4.0 and strictly below 2.7.0\n",
        "tf-addons-unsupported-tensorflow",
    ),
    (
        "nvidia-container-cli: container error: cgroup subsystem devices not found: unknown.\n",
        "nvidia-container-cgroup-v2",
    ),
    ("ERROR: JAX requires Python 3.10 or newer, found (3, 9)\n", "package-requires-newer-python"),
    (
        "[h264_nvenc @ 0x55d] Driver does not support the required nvenc API version. "
        "Required: 12.1 Found: 12.0\n",
        "nvenc-api-driver-too-old",
    ),
    (
        "onnxruntime::python::CreateExecutionProviderInstance CUDA_PATH is set but CUDA wasnt "
        "able to be loaded. Please install the correct version of CUDA and cuDNN\n",
        "onnxruntime-cuda-libs-not-loaded",
    ),
    (
        "RuntimeError: [enforce fail at common_cudnn.h:118] version_match. cuDNN compiled (8902) "
        "and runtime (9100) versions mismatch\n",
        "cudnn-compiled-runtime-mismatch",
    ),
    ("你系统的NVIDIA驱动程序版本太旧（发现版本11,060）。\n", "driver-too-old-found-version"),
    (
        "Your currently installed version of Keras is Keras 3, but this is not yet supported in "
        "Transformers. Please install the backwards-compatible tf-keras package\n",
        "keras3-not-supported-by-transformers",
    ),
    (
        "UserWarning: Failed to load custom C++ ops. Running on CPU mode Only!\n",
        "groundingdino-ops-not-built",
    ),
    (
        "    output = _C.ms_deform_attn_forward(\nNameError: name '_C' is not defined\n",
        "groundingdino-ops-not-built",
    ),
    (
        "nvidia-docker | 2016/09/25 22:24:24 Error: Could not load UVM kernel module\n",
        "kernel-driver-not-running",
    ),
    (
        "docker: Error response from daemon: could not select device driver with capabilities: "
        "[[gpu]].\n",
        "container-no-gpu-driver",
    ),
    ("I got HTTP error 403 when I use read_data_sets to fetch MNIST.\n", "download-http-error"),
    ("I am frequently getting timeouts while downloading the models.\n", "download-http-error"),
    ("When generating images the whole pc crashes and resets.\n", "power-loss-under-load-stated"),
    (
        "FatalError: DataLoader process exited is killed by signal. It may be caused by "
        "insufficient shared storage space.\n",
        "paddle-dataloader-shm",
    ),
    ('the pod crashes with : "undefined symbol: nvmlDeviceGetPciInfo_v3"\n', "nvml-symbol-missing"),
    ("nvidia cannot be loaded because nouveau is always present and loaded!\n", "nouveau-owns-gpu"),
    (
        "My programs slow down when two of them run on the same GPU card.\n",
        "gpu-used-by-others-stated",
    ),
    (
        "'(ProtocolError('Connection aborted.', RemoteDisconnected('Remote end closed connection "
        "without response')))' thrown while requesting GET https://huggingface.co/x.zst\n",
        "download-http-error",
    ),
    ("训练时 shm被逐渐占满，直至报错\n", "shm-stated-too-small"),
]


@pytest.mark.parametrize(("text", "pattern"), _ROUND9_FAMILIES)
def test_round9_families(text: str, pattern: str) -> None:
    assert pattern in pats(text), pats(text)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        # one directory in CUDA_HOME, a Windows drive letter, PATH as a list: all fine
        ("export CUDA_HOME=/usr/local/cuda-12.1\n", "cuda-path-with-colon"),
        (
            "set CUDA_HOME=C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.1\n",
            "cuda-path-with-colon",
        ),
        ("export PATH=/usr/local/cuda/bin:$PATH\n", "cuda-path-with-colon"),
        ("running '/usr/local/cuda-12.1/bin/nvcc' -c kernel.cu\n", "cuda-path-with-colon"),
        # a GPU build of LightGBM / XGBoost at work
        ("[LightGBM] [Info] This is the GPU trainer!!\n", "library-built-without-gpu"),
        (
            "the providers list CUDA and CPU, but only the cpu is used at first\n",
            "onnxruntime-cpu-providers-only",
        ),
        ("Segmentation fault (core dumped)\n", "python-bus-error"),
        ("TensorFlow Addons is in maintenance mode\n", "tf-addons-unsupported-tensorflow"),
        (
            "nvidia-container-cli: initialization error: load library failed\n",
            "nvidia-container-cgroup-v2",
        ),
        ("This package requires Python >=3.8 (see setup.py)\n", "package-requires-newer-python"),
        ("[h264_nvenc @ 0x55d] Loaded Nvenc version 12.1\n", "nvenc-api-driver-too-old"),
        ("CUDA_PATH is set to C:\\CUDA\\v12.1\n", "onnxruntime-cuda-libs-not-loaded"),
        ("cuDNN version 8902 loaded\n", "cudnn-compiled-runtime-mismatch"),
        ("NVIDIA驱动程序版本 535.104\n", "driver-too-old-found-version"),
        ("shm 64M 0 64M 0% /dev/shm\n", "shm-stated-too-small"),
        (
            "Keras 3 is installed and works with TensorFlow 2.16\n",
            "keras3-not-supported-by-transformers",
        ),
        ("NameError: name 'np' is not defined\n", "groundingdino-ops-not-built"),
        ("The download finished without a timeout.\n", "download-http-error"),
        ("The API answered with HTTP error 200 OK\n", "download-http-error"),
        ("The whole program crashes when I load the model.\n", "power-loss-under-load-stated"),
        ("undefined symbol: cudnnCreate\n", "nvml-symbol-missing"),
        ("I removed nouveau and installed the NVIDIA driver.\n", "nouveau-owns-gpu"),
        ("insufficient disk space while saving checkpoints\n", "paddle-dataloader-shm"),
    ],
)
def test_round9_near_misses(text: str, pattern: str) -> None:
    assert pattern not in pats(text), pats(text)


def test_cgroup_v2_stated_with_a_failed_gpu_container() -> None:
    text = (
        "I switched the node to cgroups v2 and now the device plugin pod fails.\n"
        "Error: failed to start container: OCI runtime create failed: container_linux.go:367: "
        "starting container process caused: Running hook #0:: error running hook: exit status 1\n"
    )
    assert "container-cgroup-v2-stated" in pats(text)
    # cgroup v2 alone, or a failed container alone, is no such picture
    assert "container-cgroup-v2-stated" not in pats(text.split("\n")[0] + "\n")
    assert "container-cgroup-v2-stated" not in pats(text.split("\n", 1)[1])


def test_enospc_naming_a_file_with_a_colon_is_the_disk_not_shm() -> None:
    text = (
        "Error: write /usr/share/ollama/.ollama/models/blobs/sha256:b8dab3-partial: "
        "no space left on device\n"
        "tmpfs           7.5G   62M  7.5G   1% /dev/shm\n"
    )
    assert pats(text)[0] == "disk-full"


def test_docker_build_prefix_does_not_hide_a_message() -> None:
    text = (
        "1.295 RuntimeError:\n"
        "1.295 The detected CUDA version (11.8) mismatches the version that was used to compile\n"
        "1.295 PyTorch (12.1). Please make sure to use the same CUDA versions.\n"
    )
    assert "extension-cuda-mismatch" in pats(text) or any("mismatch" in p for p in pats(text)), (
        pats(text)
    )


def test_a_gpu_name_inside_a_hex_address_is_no_gpu() -> None:
    text = (
        "[h264_nvenc @ 00000219ccbba800] The minimum required Nvidia driver for nvenc is "
        "522.25 or newer\n"
    )
    facts = _facts(text)
    assert "gpu.name" not in facts and "driver.version" not in facts
    assert [
        f.value for f in extract.single_gpu_mentioned([("p", "CUDA on my NVIDIA A800 80GB\n")])
    ] == ["NVIDIA A800 80GB"]


def test_visible_devices_said_to_no_longer_work() -> None:
    text = (
        'os.environ["CUDA_VISIBLE_DEVICES"] = "1" no longer works after recent updates\n'
        "Now the program is always using GPU0.\n"
    )
    assert "visible-devices-no-effect-stated" in pats(text)
    assert "visible-devices-no-effect-stated" not in pats(
        'os.environ["CUDA_VISIBLE_DEVICES"] = "1" and training runs on GPU1 as expected.\n'
    )


def test_pip_install_output_states_what_is_installed() -> None:
    text = (
        "Requirement already satisfied: torch==1.10.0 in /usr/local/lib/python3.7/dist-packages "
        "(from torchaudio) (1.10.0+cu111)\n"
        "Successfully installed torchaudio-0.10.0 tqdm-4.66.1 flash_attn-2.5.8\n"
    )
    facts = _facts(text)
    assert facts["package:torch"] == "1.10.0+cu111"
    assert facts["package:torchaudio"] == "0.10.0"
    assert facts["package:flash-attn"] == "2.5.8"
    assert "package:tqdm" not in facts  # a package no check asks about
    # satisfied without an installed version in parentheses: nothing read
    assert "package:torch" not in _facts("Requirement already satisfied: torch in ./venv\n")


def test_jaxlib_stated_in_prose_is_jaxlib_not_jax() -> None:
    facts = _facts("The jaxlib is in v0.4.12, but the jax is 0.4.11\n")
    assert facts["package:jaxlib"] == "0.4.12" and facts["jax.version"] == "0.4.11"
    both = [(f.key, f.value) for f in extract.text_facts("on jax/jaxlib 0.4.30\n", "p")]
    assert ("jax.version", "0.4.30") in both and ("package", "0.4.30") in both


def test_jaxlib_newer_than_jax_without_data_for_the_release(tmp_path: Path) -> None:
    # releases far below the data's (jax.json starts at 0.4): JAX's own import check decides
    found = judge(tmp_path, "jax==0.1.60\njaxlib==0.1.62\n", ["EC231"])
    assert found == [("EC231", "framework-pairing", "error")]
    assert judge(tmp_path, "jax==0.1.62\njaxlib==0.1.60\n", ["EC231"]) == []


@pytest.mark.parametrize(
    ("text", "hit"),
    [
        ("Keras 2.2.4 is not compatible with Tensorflow 1.14 due to multi-gpu\n", True),
        ("xformers 0.0.22 is incompatible with torch 2.0.1\n", True),
        ("Keras is not compatible with my data format\n", False),  # no release stated
        ("CUDA 12.1 is not compatible with torch 1.13\n", False),  # a toolkit, not a pairing
    ],
)
def test_versions_stated_incompatible(text: str, hit: bool) -> None:
    assert ("versions-stated-incompatible" in pats(text)) is hit


def test_one_gpu_model_written_two_ways_is_one_gpu() -> None:
    text = (
        "Can I use nvidia tesla k80 gpu to run a model with ollama?\n"
        "My server has 4 nvidia tesla k80 24gb gpus.\n"
    )
    assert [f.value for f in extract.single_gpu_mentioned([("p", text)])] == ["nvidia tesla k80"]
    # two different models stay ambiguous: no GPU is taken
    two = "ollama works on my RTX 3090 but not on the GTX 1080\n"
    assert extract.single_gpu_mentioned([("p", two)]) == []


_CONTAINER_REFUSED = (
    "docker: Error response from daemon: OCI runtime create failed: container_linux.go:370: "
    "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=11.1, please update "
    "your driver to a newer version, or use an earlier cuda container: unknown.\n"
)


def test_container_cuda_requirement_with_a_same_major_driver_is_a_warning(tmp_path: Path) -> None:
    # driver 450.80.02 runs CUDA 11.x through minor-version compatibility: the refusal was
    # libnvidia-container's (NVIDIA/nvidia-docker#1429), not proof of an old driver
    text = "Nvidia driver version：NVIDIA-Linux-x86_64-450.80.02\n" + _CONTAINER_REFUSED
    assert _facts(text).get("driver.version") == "450.80.02"
    assert judge(tmp_path, text, ["EC902"], load_matrix()) == [
        ("EC902", "driver-too-old", "warning")
    ]
    # a driver of an older CUDA major: the message stands as an error
    old = "Nvidia driver version: 418.87\n" + _CONTAINER_REFUSED
    assert judge(tmp_path, old, ["EC902"], load_matrix()) == [("EC902", "driver-too-old", "error")]
    # no driver stated: the message alone stands as an error
    assert judge(tmp_path, _CONTAINER_REFUSED, ["EC902"], load_matrix()) == [
        ("EC902", "driver-too-old", "error")
    ]


def test_jax_cuda_plugin_floor_from_jax_installation_docs(tmp_path: Path) -> None:
    # docs.jax.dev installation: CUDA 12 builds need SM 5.2 or newer (no Kepler), CUDA 13 7.5
    kepler = "jax==0.4.30\njax-cuda12-plugin==0.4.30\nGPU 0: Tesla K80\n"
    assert judge(tmp_path, kepler, ["EC206"], load_matrix()) == [
        ("EC206", "gpu-arch-unsupported", "error")
    ]
    maxwell = "jax==0.4.30\njax-cuda12-plugin==0.4.30\nGPU 0: Tesla M60\n"
    assert judge(tmp_path, maxwell, ["EC206"], load_matrix()) == []
    pascal13 = "jax==0.8.0\njax-cuda13-plugin==0.8.0\nGPU 0: Tesla P100-PCIE-16GB\n"
    assert judge(tmp_path, pascal13, ["EC206"], load_matrix()) == [
        ("EC206", "gpu-arch-unsupported", "error")
    ]


# --- the scan's last resort: the error lines' own words (words.message_words) ---------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("ERROR: worker crashed: unable to map /dev/shm/torch_123\n", "shm-too-small"),
        ("RuntimeError: please update your NVIDIA driver to run this build\n", "driver-too-old"),
        ("ValueError: this wheel was not built with CUDA support\n", "cpu-only-build"),
        ("Error while loading libnvrtc-builtins.so.12.4 in the JIT step\n", "cuda-libs-mismatch"),
        ("Exception in the collective: nccl group call failed at rank 3\n", "nccl-problem"),
        ("ERROR: failed to fetch weights: Connection reset by peer\n", "data-network"),
        ("error: the launcher could not set CUDA_VISIBLE_DEVICES for worker 2\n", "os-setting"),
        ("Exception: Xid 79 reported on GPU 2\n", "gpu-health"),
    ],
)
def test_message_words_name_a_hypothesis(text: str, category: str) -> None:
    assert pats(text) == [f"message-words-{category}"]


def test_message_words_only_where_nothing_else_was_found() -> None:
    known = "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
    assert not [p for p in pats(known) if p.startswith("message-words-")]
    # no error word on the line: a sentence about NCCL is no failure
    assert pats("We use NCCL for the all-reduce and it is fast.\n") == []
    # an error line that names no category's words: silence stays silence
    assert pats("ValueError: expected 3 channels, got 4\n") == []


def test_message_words_take_the_category_most_lines_name() -> None:
    text = (
        "ERROR: connection timed out while fetching the tokenizer\n"
        "ERROR: NCCL error in the all-gather\n"
        "ERROR: NCCL failure: remote process exited\n"
    )
    assert pats(text) == ["message-words-nccl-problem"]


def test_enospc_beside_a_df_row_of_a_shm_that_is_not_full_is_the_disk() -> None:
    text = (
        "IOError: [Errno 28] No space left on device\n"
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "tmpfs           7.9G   92M  7.8G   2% /dev/shm\n"
    )
    assert pats(text)[0] == "disk-full"
    full = text.replace("92M  7.8G   2%", "7.9G     0 100%")
    assert pats(full)[0] == "no-space-shm"


@pytest.mark.parametrize("value", ["gpunumber", "<id>", "gpu_ids", "x"])
def test_a_placeholder_is_no_cuda_visible_devices_value(tmp_path: Path, value: str) -> None:
    text = f"I only changed CUDA_VISIBLE_DEVICES={value} in the script\n"
    assert judge(tmp_path, text, ["EC507"]) == []
    assert judge(tmp_path, "export CUDA_VISIBLE_DEVICES=gpu0\n", ["EC507"]) == [
        ("EC507", "os-setting", "error")
    ]


# --- torch 1.0-1.11: the companions their install commands named (torch.json "companions") --


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a torchvision of another series
        ("torch==1.4.0\ntorchvision==0.6.0\n", [("EC230", "framework-pairing", "error")]),
        # a later patch release of the paired series is no mismatch
        ("torch==1.10.0+cu111\ntorchvision==0.11.1+cu111\n", []),
        # the page's own CUDA 11.0 command: torchaudio carries no tag there
        ("torch==1.7.1+cu110\ntorchvision==0.8.2+cu110\ntorchaudio==0.7.2\n", []),
        # tagged builds for two CUDA majors
        (
            "torch==1.9.0+cu111\ntorchvision==0.10.0+cu102\n",
            [("EC230", "framework-pairing", "error")],
        ),
    ],
)
def test_old_torch_companions_by_series(tmp_path: Path, text: str, expected: list) -> None:
    assert judge(tmp_path, text, ["EC230"], load_matrix()) == expected


def test_old_torch_fix_uses_the_release_s_own_command(tmp_path: Path) -> None:
    from evidence_support import snap_of

    from envcheck.checks import registry

    snap = snap_of(tmp_path, "torch==1.9.0+cu111\ntorchvision==0.10.0+cu102\n")
    out = registry.run_checks(snap, load_matrix(), None, only=["EC230"])
    assert [f.fix for f in out.findings] == [
        "pip install --force-reinstall torch==1.9.0+cu111 torchvision==0.10.0+cu111 "
        "-f https://download.pytorch.org/whl/torch_stable.html"
    ]
