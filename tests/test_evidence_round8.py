"""Pasted evidence, eighth round (issue 10): messages and stated symptoms that recur in support
threads, facts from an interactive Python session, full-width punctuation, and a template field
that outranks a sentence. Each example is written for this test (not a corpus paste); each
family has near misses that must not match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.importers import extract


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        # a reporter quotes only the second sentence of torchvision's message
        (
            "It says: This can happen if your PyTorch and torchvision versions are incompatible.\n",
            "torchvision-ops-not-loaded",
        ),
        (
            "AttributeError: module 'tensorflow.compat.v2' has no attribute '__internal__'\n",
            "keras-needs-newer-tensorflow",
        ),
        (
            "[ WARN:0] global net_impl.cpp (174) setUpNet DNN module was not built with CUDA "
            "backend; switching to CPU\n",
            "opencv-dnn-without-cuda",
        ),
        (
            "W1203 gpu_resources.cc:106] The GPU compute capability in your current machine is 120,"
            " which is not supported by Paddle\n",
            "paddle-cc-not-supported",
        ),
        (
            'time=2025 level=INFO msg="unable to load cudart" error="cudart init failure: 999"\n',
            "cuinit-unknown-error",
        ),
        (
            "| NVIDIA-SMI 550.54.15    Driver Version: 550.54.15    CUDA Version: N/A      |\n",
            "smi-cuda-version-na",
        ),
        ("RuntimeError: Failed to dlopen libcuda.so\n", "libcuda-missing"),
        ("npm ERR! request failed: connect ETIMEDOUT 104.16.3.35:443\n", "download-http-error"),
        (
            "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='cdn.example.org', "
            "port=443): Max retries exceeded with url: /model.bin\n",
            "download-http-error",
        ),
        (
            "When I open https://example.org/data.tar.gz it shows 503 service unavailable too.\n",
            "download-http-error",
        ),
        (
            "As soon as inference starts the power goes off on the whole workstation.\n",
            "power-loss-under-load-stated",
        ),
        ("The runtime's disk gets filled after a few hundred steps.\n", "disk-space-low-stated"),
        ("Old checkpoints fill up the local disk before the run ends.\n", "disk-space-low-stated"),
        (
            "We use a hard drive for the images and throughput varies a lot.\n",
            "slow-storage-stated",
        ),
        (
            "iotop shows the loader reading 40 MB/s from disk during the epoch.\n",
            "slow-storage-stated",
        ),
        (
            "The first epoch is very slow, the following ones take two minutes.\n",
            "data-loading-slow-stated",
        ),
        (
            "Reading the training images is extremely slow on this box.\n",
            "data-loading-slow-stated",
        ),
        (
            "The card is unusable because another user is running a job on it.\n",
            "gpu-used-by-others-stated",
        ),
        (
            "nvidia-smi shows 10 GB of memory in use but no process is listed.\n",
            "gpu-memory-held-stated",
        ),
        ("CUDA_VISIBLE_DEVICES=2,3; python train.py\n", "visible-devices-not-exported"),
        (
            "Setting CUDA_VISIBLE_DEVICES in the notebook has no effect.\n",
            "visible-devices-no-effect-stated",
        ),
        (
            "Then it crashed with bus error, not enough shared mem (shm) in the pod.\n",
            "shm-stated-too-small",
        ),
        ("the log says my nvidia version is too old\n", "driver-stated-too-old"),
        # CUDA errors stated by number (cudaError_t / CUresult)
        (
            'msg="unable to load cudart library libcuda.so.570.169: cuda driver library init '
            'failure: 802"\n',
            "fabric-manager-not-running",
        ),
        (
            "Unable to load cudart library libcudart.so.12: cudart init failure: 35\n",
            "driver-insufficient",
        ),
        ("cudaSetDevice err: 100\n", "no-cuda-device"),
        # round eight, after heldout10's one scoring
        (
            "RuntimeError: jaxlib version is 0.1.69 but this version of jax requires 0.3.14.\n",
            "framework-version-skew",
        ),
        (
            "ModuleNotFoundError: No module named 'tensorflow.compat.v2'\n",
            "keras-needs-newer-tensorflow",
        ),
        (
            "flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol:\n",
            "extension-torch-abi-mismatch",
        ),
        (
            "it fails with undefined symbol: _ZN3c104cuda9SetDeviceEi\n",
            "extension-torch-abi-mismatch",
        ),
        # "pip install tensorflow==2.8.0 pulled in keras 2.12.0": both releases are read as
        # facts since round fourteen, so EC233 judges the pair (test_evidence_round14.py)
        (
            "RuntimeError: device >= 0 && device < num_gpus INTERNAL ASSERT FAILED at "
            '"../aten/src/ATen/cuda/CUDAContext.cpp":50\n',
            "device-index-past-visible-gpus",
        ),
        ("cudart init failure: 803\n", "unsupported-display-driver"),
        ("CUDA error 222 at kernel.cu:88\n", "ptx-unsupported-toolchain"),
    ],
)
def test_round8_message_families(text: str, pattern: str) -> None:
    assert pattern in pats(text), pats(text)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        # a local server refusing a connection is not the network to the data
        (
            "HTTPConnectionPool(host='localhost', port=11434): Max retries exceeded with url: /\n",
            "download-http-error",
        ),
        # a healthy nvidia-smi header
        (
            "| NVIDIA-SMI 550.54.15    Driver Version: 550.54.15    CUDA Version: 12.4     |\n",
            "smi-cuda-version-na",
        ),
        # the variable in front of the command is passed to it
        ("CUDA_VISIBLE_DEVICES=2,3 python train.py\n", "visible-devices-not-exported"),
        ("export CUDA_VISIBLE_DEVICES=2,3; python train.py\n", "visible-devices-not-exported"),
        # exported later on the same line
        ("CUDA_VISIBLE_DEVICES=1; export CUDA_VISIBLE_DEVICES\n", "visible-devices-not-exported"),
        # fast loading, or slowness that is not the data
        ("The first epoch is fast; the model is slow to converge.\n", "data-loading-slow-stated"),
        ("Loading the model weights takes a minute, that is fine.\n", "data-loading-slow-stated"),
        ("I filled in the disk size in the form.\n", "disk-space-low-stated"),
        # a person who uses a GPU is not contention
        ("I am the only user running a job on this GPU.\n", "gpu-used-by-others-stated"),
        ("The power supply is 1000 W and stays on.\n", "power-loss-under-load-stated"),
        # a number that is no CUDA error code
        ("Epoch 35 error 100 samples\n", "no-cuda-device"),
        ("Test failure: 802 of 900 passed\n", "fabric-manager-not-running"),
        # keras and TensorFlow of the same release, or a TensorFlow before the split
        ("pip install tensorflow==2.8.0 keras==2.8.0\n", "keras-tensorflow-minor-differs"),
        ("tensorflow==2.4.1 and keras==2.4.3\n", "keras-tensorflow-minor-differs"),
        ("undefined symbol: cudaGetErrorString\n", "extension-torch-abi-mismatch"),
    ],
)
def test_round8_near_misses(text: str, pattern: str) -> None:
    assert pattern not in pats(text), pats(text)


def test_libcuda_under_wsl_is_the_loader_path(tmp_path: Path) -> None:
    text = "Running under WSL2 on Windows 11.\nRuntimeError: Failed to dlopen libcuda.so\n"
    assert pats(text) == ["wsl-libcuda-not-on-path"]
    assert judge(tmp_path, text, ["EC904", "EC913"]) == [("EC913", "os-setting", "warning")]
    # the same message on a plain Linux host stays a missing driver library
    assert pats("RuntimeError: Failed to dlopen libcuda.so\n") == ["libcuda-missing"]


def test_no_libcuda_in_a_container_is_its_capabilities() -> None:
    text = (
        "docker compose up, then inside the container:\n"
        "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: N/A |\n"
    )
    assert pats(text) == ["container-without-compute-capability"]


def test_exclusive_mode_and_a_process_without_a_gpu(tmp_path: Path) -> None:
    text = (
        "We run `nvidia-smi -c EXCLUSIVE_PROCESS` on all nodes.\n"
        "job 3: unable to get a GPU, retrying in 20 s\n"
    )
    assert "exclusive-mode-device-taken" in pats(text)
    assert judge(tmp_path, text, ["EC913"]) == [("EC913", "os-setting", "warning")]
    # the mode alone, with every process getting its GPU, is no finding
    assert "exclusive-mode-device-taken" not in pats("Compute mode is Exclusive_Process.\nok\n")


def test_data_on_a_mounted_drive_said_to_be_slow() -> None:
    text = "My dataset is on Google Drive (mounted in Colab) and each epoch takes 3 hours.\n"
    assert pats(text) == ["data-on-remote-mount-slow"]
    # the loading said slow becomes the network's doing when the data is on the mount
    text2 = "The images are in my Google Drive.\nLoading the dataset is very slow.\n"
    assert pats(text2) == ["data-on-remote-mount-slow"]
    assert "data-on-remote-mount-slow" not in pats("My notes are on Google Drive; it is fast.\n")


def test_pip_finding_no_release_needs_the_python_version() -> None:
    line = "ERROR: No matching distribution found for somepkg==4.2.0\n"
    assert "pip-no-matching-distribution" not in pats(line)
    assert "pip-no-matching-distribution" in pats("Python 3.13.1\n" + line)


def test_visible_devices_said_to_be_ignored() -> None:
    text = (
        "I set CUDA_VISIBLE_DEVICES=1 in the service file.\n"
        "Since the update it always uses all cards.\n"
    )
    assert "visible-devices-no-effect-stated" in pats(text)
    assert "visible-devices-no-effect-stated" not in pats(
        "I set CUDA_VISIBLE_DEVICES=1 and training uses that card.\n"
    )


def test_workers_failing_in_a_container_but_not_on_the_host() -> None:
    text = (
        "Inside docker the DataLoader with num_workers=4 hangs forever.\n"
        "The same script runs fine on the host.\n"
    )
    assert "container-workers-shm" in pats(text)
    # no host comparison: not inferred
    assert "container-workers-shm" not in pats(
        "Inside docker the DataLoader with num_workers=4 hangs forever.\n"
    )


def test_a_multi_gpu_hang_with_the_count_after_the_model() -> None:
    assert "consumer-gpu-p2p-hang" in pats("GPU: 4090 x 4\nusing one GPU works\ntraining hangs\n")


def test_versions_printed_in_a_python_session(tmp_path: Path) -> None:
    text = (
        ">>> import torch\n>>> torch.__version__\n'1.0.0'\n>>> print(torch.version.cuda)\n9.0\n"
        "then I upgraded:\n>>> torch.__version__\n'1.2.0'\n>>> torch.version.cuda\n"
        "10.0.130\n>>> torch.backends.cudnn.version()\n7602\n"
    )
    facts = {(f.key, f.kind): f.value for f in extract.text_facts(text, "paste.txt")}
    # the later printout is the current one; the earlier stays as a conflict
    assert facts[("torch.version", "fragment")] == "1.2.0"
    assert facts[("torch.cuda", "fragment")] == "10.0"
    assert facts[("torch.version", "prose")] == "1.0.0"
    assert facts[("cudnn", "fragment")] == "7.6.2"  # cudnn.version()'s 7602
    snap = snap_of(tmp_path, text)
    assert snap.installed()["torch"] == "1.2.0"
    conflicts = [c["fact"] for c in snap.evidence["conflicts"]]
    assert "torch.version" in conflicts and "torch.cuda" in conflicts


def test_full_width_punctuation_is_read(tmp_path: Path) -> None:
    facts = {f.key: f.value for f in extract.text_facts("driver：430.64\ncudnn：7.6.5\n", "p")}
    assert facts["driver.version"] == "430.64" and facts["cudnn"] == "7.6.5"


def test_a_template_field_outranks_a_sentence(tmp_path: Path) -> None:
    text = (
        "With torch 1.2 it works, with the new one it fails.\n - PyTorch Version (e.g., 1.0): 1.3\n"
    )
    assert snap_of(tmp_path, text).installed()["torch"] == "1.3"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("cuda version: Cuda compilation tools, release 11.8, V11.8.89\n", "nvcc", "11.8"),
        (
            "pytorch version is: 1.10.1 and torchvision version is: 0.11.2+cu102\n",
            "torch.version",
            "1.10.1",
        ),
    ],
)
def test_labelled_versions_are_read(text: str, key: str, value: str) -> None:
    assert {f.key: f.value for f in extract.text_facts(text, "p")}[key] == value


def test_a_cuda_image_tag_is_the_container_runtime(tmp_path: Path) -> None:
    from envcheck.compat import load_matrix

    text = (
        "FROM nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04\n"
        "| NVIDIA-SMI 450.80.02    Driver Version: 450.80.02    CUDA Version: 11.0     |\n"
    )
    assert ("EC101", "driver-too-old", "error") in judge(tmp_path, text, ["EC101"], load_matrix())
    # the same image on a driver that runs it
    ok = text.replace("450.80.02", "550.54.15").replace("11.0 ", "12.4 ")
    assert judge(tmp_path, ok, ["EC101"], load_matrix()) == []


def test_paddles_runtime_is_judged_against_the_driver(tmp_path: Path) -> None:
    from envcheck.compat import load_matrix

    text = (
        "nvidia driver: 440.33.01\n"
        "W0101 device_context.cc:404] Please NOTE: device: 0, GPU Compute Capability: 7.5, "
        "Driver API Version: 10.2, Runtime API Version: 11.2\n"
    )
    assert ("EC101", "driver-too-old", "error") in judge(tmp_path, text, ["EC101"], load_matrix())


def test_one_value_under_cuda_slash_cudnn_is_the_cuda(tmp_path: Path) -> None:
    """heldout10's false error: "CUDA/cuDNN version: 8.0" was read as cuDNN 8.0 too."""
    facts = extract.text_facts("- **CUDA/cuDNN version**: 8.0\n", "p")
    assert [(f.key, f.value) for f in facts] == [("nvcc", "8.0")]
    both = extract.text_facts("- **CUDA/cuDNN version**: CUDA 8.0, cuDNN 5.1\n", "p")
    assert {f.key: f.value for f in both} == {"nvcc": "8.0", "cudnn": "5.1"}
