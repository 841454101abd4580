"""Classes of pasted text (issue 10, second round): each message family or way of writing a
fact that the corpus misses showed, with a synthetic example written for this test (not a
corpus paste) and, where a near miss is easy to write, a line that must not match.

Recognition is tested on ``errorlog.scan`` directly (fast); the facts and the checks they
feed are tested through ``snapshot_from_reports`` and the check registry.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import entries, judge, pats, snap_of

from envcheck.checks import registry
from envcheck.importers import errorlog

# --- one synthetic example per class: (pattern it must hit, text) --------------------------
CLASSES = [
    # GPU below a library's stated compute-capability floor (Triton's message family)
    (
        "gpu-below-library-minimum-cc",
        "RuntimeError: Found Quadro P5000 which is too old to be supported by the triton GPU "
        "compiler, which is used as the backend. Triton only supports devices of CUDA "
        "Capability >= 7.0, but your device is of CUDA capability 6.1",
    ),
    (
        "gpu-below-library-minimum-cc",
        "error: GPUs with compute capability below 7.0 are not supported",
    ),
    # the same floor, paraphrased by a user
    (
        "gpu-below-minimum-cc-stated",
        "the installer told me that cards below CUDA compute 7.5 cannot be used",
    ),
    # NCCL's opaque internal error, as nccl-tests prints it
    (
        "nccl-error",
        "bench: Test NCCL failure all_gather.cu:88 'internal error - please report this issue "
        "to the NCCL developers / '",
    ),
    # a NCCL WARN line no specific pattern explains
    (
        "nccl-warn",
        "node7:2211:2290 [3] transport/net_socket.cc:512 NCCL WARN NET/Socket : peer "
        "10.0.0.8<4431> message truncated : receiving 1024 bytes instead of 512",
    ),
    # NCCL works only with P2P off: the workaround on the line before the command
    (
        "nccl-p2p-workaround",
        "Training hangs after the first step.\nWorkaround:\nNCCL_P2P_DISABLE=1 torchrun train.py",
    ),
    # ... and written in one sentence
    ("nccl-p2p-workaround", "all_reduce hangs on GPU0<->GPU1, setting NCCL_P2P_DISABLE=1 fixes it"),
    # lspci rev ff: a device that no longer answers on the bus
    (
        "gpu-rev-ff",
        "3b:00.0 3D controller: NVIDIA Corporation GA100 [A100 PCIe 40GB] (rev ff)",
    ),
    # nouveau not disabled, in prose
    (
        "nouveau-owns-gpu",
        "After the reboot the journal shows nouveau was not blacklisted, so nvidia did not load.",
    ),
    ("found-no-nvidia-driver", "kernel: NVRM: No NVIDIA GPU found."),
    # the DataLoader's file-descriptor family
    (
        "too-many-open-files",
        "RuntimeError: unable to open shared memory object </torch_4411_209112> in read-write "
        "mode: Too many open files (24)",
    ),
    ("too-many-open-files", "OSError: [Errno 24] Too many open files: '/data/img_0001.png'"),
    # shared memory stated too small in prose (English and Chinese)
    ("shm-stated-too-small", "Inside the container /dev/shm is too small for 8 workers."),
    ("shm-stated-too-small", "我们在容器里训练，shared memory不够，只好把workers设为0"),
    ("shm-stated-too-small", "I think docker limits the shm of the container"),
    # an out-of-memory message pasted without its head
    (
        "cuda-out-of-memory",
        "Tried to allocate 512.00 MiB (GPU 1; 10.76 GiB total capacity; 1.02 GiB already "
        "allocated; 30.00 MiB free; 1.10 GiB reserved in total by PyTorch)",
    ),
    # processes that should be gone hold memory
    ("gpu-memory-held-stated", "a zombie process from yesterday still holds 20 GB on GPU 3"),
    ("gpu-memory-held-stated", "the GPU memory is occupied by a dead process"),
    # pip has no framework build for this interpreter
    (
        "pip-no-framework-wheel",
        "ERROR: Could not find a version that satisfies the requirement torch==1.4.0 (from "
        "versions: 1.11.0, 1.12.0, 1.12.1)",
    ),
    ("pip-no-framework-wheel", "ERROR: No matching distribution found for tensorflow==2.2.0"),
    ("torch-placeholder-package", "ModuleNotFoundError: No module named 'tools.nnwrap'"),
    ("python-stated-unsupported", "it turns out pytorch only supports python 3.10 right now"),
    ("python-stated-unsupported", "Python 3.13 is not supported by this release"),
    # DKMS family
    (
        "dkms-build-failed",
        "Error! Bad return status for module build on kernel: 6.8.0-45-generic (x86_64)",
    ),
    ("dkms-build-failed", "Error! Could not locate dkms.conf file."),
    # driver slow to initialise / persistence off
    ("driver-init-timeout", "nvidia-smi takes about 40 seconds to print anything on this node"),
    (
        "driver-init-timeout",
        "nvidia-container-cli: initialization error: driver error: timed out",
    ),
    # a driver said too old, plural
    ("driver-stated-too-old", "the cluster's drivers are too old for CUDA 12"),
    # memlock stated low
    ("memlock-stated-low", "the jobs get a very small locked memory limit from the daemon"),
    ("memlock-stated-low", "inside the job the soft memlock is limited to 64K"),
    # torchvision's own message, with the two CUDA versions
    (
        "torchvision-cuda-mismatch",
        "RuntimeError: PyTorch has CUDA Version=12.1 and torchvision has CUDA Version=11.8. "
        "Please reinstall the torchvision that matches your PyTorch install.",
    ),
]


@pytest.mark.parametrize("pid,text", CLASSES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CLASSES)])
def test_each_class_is_recognised(pid: str, text: str) -> None:
    assert pid in pats(text), (pid, pats(text))


@pytest.mark.parametrize("pid,text", CLASSES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CLASSES)])
def test_each_example_holds_a_prefilter_key(pid: str, text: str) -> None:
    assert any(k in text.lower() for k in errorlog.KEYS[pid]), pid


NOT_THESE = [
    # a floor stated as a requirement is not a GPU below it
    "vLLM requires a GPU with compute capability 7.0 or higher.",
    # NCCL info lines
    "node1:10:10 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>",
    # P2P disabled without any failure said
    "export NCCL_P2P_DISABLE=1",
    # a healthy lspci line
    "3b:00.0 3D controller: NVIDIA Corporation GA100 [A100 PCIe 40GB] (rev a1)",
    # shared memory named without a problem
    "docker run --gpus all --shm-size=16g --ipc=host image",
    # pip failing for an unrelated package
    "ERROR: No matching distribution found for opencv-contrib-python==3.4.2.17",
    # nvidia-smi fast
    "nvidia-smi shows both GPUs idle",
    # limits.conf lines
    "* soft memlock unlimited",
]


@pytest.mark.parametrize("text", NOT_THESE)
def test_near_misses_are_not_recognised(text: str) -> None:
    assert pats(text) == [], pats(text)


def test_a_specific_nccl_message_hides_the_generic_warn_line() -> None:
    text = (
        "h1:1:1 [0] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left\n"
        "h1:1:1 [0] include/shm.h:48 NCCL WARN Error while creating shared memory segment "
        "/dev/shm/nccl-abc (size 9637888)\n"
    )
    got = pats(text)
    assert "nccl-shm-failure" in got and "nccl-warn" not in got


def test_read_write_mode_without_errno_is_a_warning() -> None:
    e = entries("unable to open shared memory object </torch_1_2> in read-write mode")
    assert [(x["pattern"], x.get("severity")) for x in e] == [("too-many-open-files", "warning")]
    e = entries(
        "unable to open shared memory object </torch_1_2> in read-write mode: "
        "Too many open files (24)"
    )
    assert [(x["pattern"], x.get("severity")) for x in e] == [("too-many-open-files", None)]


def test_shm_no_space_stays_a_shm_message() -> None:
    got = pats(
        "RuntimeError: unable to open shared memory object </torch_1_2> in read-write mode: "
        "No space left on device (28)"
    )
    assert "too-many-open-files" not in got


# --- component at work: severity follows it ------------------------------------------------
_JAX_NOTICE = (
    "An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. "
    "Falling back to cpu."
)


def test_fallback_notice_without_any_framework_at_work_is_a_warning(tmp_path: Path) -> None:
    text = f"Training starts, then this line appears:\n{_JAX_NOTICE}\nbut it still trains fine\n"
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


def test_fallback_notice_with_jax_at_work_is_an_error(tmp_path: Path) -> None:
    text = f">>> import jax\n>>> jax.devices()\n{_JAX_NOTICE}\n[CpuDevice(id=0)]\n"
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "error")]


def test_fallback_notice_with_another_framework_at_work_is_info(tmp_path: Path) -> None:
    text = f'{_JAX_NOTICE}\n  File "/usr/lib/python3/site-packages/torch/nn/modules/module.py"\n'
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "info")]


# --- the checks the new messages feed ---------------------------------------------------------
def test_pip_without_a_wheel_is_a_python_finding(tmp_path: Path) -> None:
    text = (
        "$ python --version\nPython 3.12.1\n"
        "ERROR: Could not find a version that satisfies the requirement torch==1.13.1\n"
    )
    assert judge(tmp_path, text, ["EC916"]) == [("EC916", "python-unsupported", "warning")]


def test_headless_oom_figures_show_memory_held_by_others(tmp_path: Path) -> None:
    text = (
        "Tried to allocate 100.00 MiB (GPU 0; 15.78 GiB total capacity; 120.00 MiB already "
        "allocated; 12.00 MiB free; 140.00 MiB reserved in total by PyTorch)\n"
    )
    got = judge(tmp_path, text, ["EC430"])
    assert got == [("EC430", "gpu-contention", "warning")]


def test_triton_message_states_the_gpu_compute_capability(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, CLASSES[0][1] + "\n")
    assert [g.compute_capability for g in snap.gpus()] == ["6.1"]


# --- facts: /dev/shm's size, torchvision's version ---------------------------------------------
SHM = [
    (
        "Filesystem      Size  Used Avail Use% Mounted on\n"
        "shm              64M     0   64M   0% /dev/shm\n",
        64 << 20,
    ),
    ("tmpfs          2.0G  1.1G  0.9G  55% /dev/shm\n", 2 << 30),
    ("shm 65536 0 65536 0% /dev/shm\n", 64 << 20),  # plain df: 1K blocks
    ("In the pod /dev/shm is only 64MB.\n", 64 << 20),
    ("docker run --gpus all --shm-size=512m img python train.py\n", 512 << 20),
    ('        "ShmSize": 67108864,\n', 64 << 20),
]


@pytest.mark.parametrize("text,size", SHM)
def test_shm_size_is_read_as_a_fact(tmp_path: Path, text: str, size: int) -> None:
    snap = snap_of(tmp_path, text)
    assert snap.cpu_memory.shm_total_bytes == size
    read = [r for r in snap.evidence["read"] if r["fact"] == "shm.total"]
    assert read and read[0]["file"] == "paste.txt" and read[0]["line"] >= 1


def test_a_small_shm_fact_feeds_the_shm_check(tmp_path: Path) -> None:
    text = (
        "$ df -h /dev/shm\nFilesystem Size Used Avail Use% Mounted on\nshm 64M 0 64M 0% /dev/shm\n"
    )
    assert judge(tmp_path, text, ["EC501"]) == [("EC501", "shm-too-small", "error")]


def test_a_large_shm_fact_passes(tmp_path: Path) -> None:
    text = "tmpfs 32G 0 32G 0% /dev/shm\n"
    assert judge(tmp_path, text, ["EC501"]) == []


def test_docker_run_without_shm_flags_means_the_64mb_default(tmp_path: Path) -> None:
    text = (
        "docker run --gpus all -it my/trainer python train.py\n"
        "RuntimeError: DataLoader worker (pid 12) is killed by signal: Bus error.\n"
    )
    snap = snap_of(tmp_path, text)
    assert snap.cpu_memory.shm_total_bytes == 64 << 20 and snap.os.container == "docker"
    out = registry.run_checks(snap, None, None, only=["EC501"])
    assert [f.code for f in out.findings] == ["EC501"]
    assert "--shm-size" in out.findings[0].fix


@pytest.mark.parametrize(
    "text",
    [
        "docker run --gpus all --rm nvidia/cuda:12.4.1-base nvidia-smi\n",  # no shm trouble
        "docker run --gpus all --ipc=host img\nBus error (core dumped)\n",  # shm set
    ],
)
def test_docker_run_alone_states_no_shm_size(tmp_path: Path, text: str) -> None:
    snap = snap_of(tmp_path, text)
    assert not [r for r in snap.evidence["read"] if r["fact"] == "shm.total"]


def test_torchvision_version_in_prose_is_a_package_fact(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "I use torch 2.1.0+cu121 and torchvision 0.16.0+cpu\n")
    assert snap.installed().get("torchvision") == "0.16.0+cpu"
    assert snap.installed().get("torch") == "2.1.0+cu121"


def test_sentences_are_not_made_of_two_joined_log_lines() -> None:
    """The wrap reader joins a line with the next ones; a sentence class must match on one."""
    text = (
        "kernel: reaped zombie child 4411\n"
        "worker 3: shared memory pool 512 MiB reused\n"
        "step 10 loss 0.2\n"
    )
    assert "gpu-memory-held-stated" not in pats(text)


# --- nvcc vs torch's CUDA in one sentence; nvidia-smi's CUDA is the driver's -------------------
@pytest.mark.parametrize(
    "text,nvcc,torch_cuda",
    [
        (
            "my nvcc is 11.7 but pytorch was built with CUDA 12.1, so the build fails",
            "11.7",
            "12.1",
        ),
        ("nvcc -V reports release 9.2 while my PyTorch uses CUDA 10.2", "9.2", "10.2"),
        ("torch.version.cuda is 12.4 and nvcc --version shows 11.8", "11.8", "12.4"),
    ],
)
def test_nvcc_and_torch_cuda_in_one_sentence(
    tmp_path: Path, text: str, nvcc: str, torch_cuda: str
) -> None:
    snap = snap_of(tmp_path, text + "\n")
    assert [t.version for t in snap.cuda.toolkits] == [nvcc]
    torch = next(d for d in snap.packages.deep if d.name == "torch")
    assert torch.cuda_version == torch_cuda
    out = registry.run_checks(snap, None, None, only=["EC310"])
    assert [(f.code, f.category) for f in out.findings] == [("EC310", "toolkit-mismatch")]


def test_nvidia_smi_cuda_in_prose_is_the_drivers(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "but `nvidia-smi` says I have CUDA 12.2\n")
    assert snap.driver.cuda_version == "12.2"
    assert not [r for r in snap.evidence["read"] if r["fact"] == "nvcc"]
