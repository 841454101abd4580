"""Classes of pasted text (issue 10, fifth round): ways of writing facts and message families
that the misses of the earlier splits and of dev8 showed. Each example is written for this test
(not a corpus paste); each class has a near miss that must not match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("The nvidia driver version of my machine is 381.22, so cuda 9 fails.", "381.22"),
        ("my NVIDIA driver on the host is 470.82.01", "470.82.01"),
        ("Driver installed via apt: 535.54.03", "535.54.03"),
    ],
)
def test_a_driver_version_a_few_words_after_driver(tmp_path: Path, text: str, version: str) -> None:
    assert snap_of(tmp_path, text).driver.version == version


@pytest.mark.parametrize(
    "text",
    [
        "the driver of my choice is 12 months old",  # no full NNN.NN version
        "the driver needs about 512.5 MB of memory",  # a size, not a version
    ],
)
def test_a_number_near_driver_that_is_no_driver_version(tmp_path: Path, text: str) -> None:
    driver = snap_of(tmp_path, text).driver
    assert not isinstance(getattr(driver, "version", None), str), driver


def test_nccl_tests_that_stall_is_a_collective_stall() -> None:
    text = (
        "nccl-tests all_reduce_perf on 4 GPUs stalls after the header:\n"
        "#                                 out-of-place                       in-place\n"
        "#       size         count      type   redop     time   algbw   busbw  error\n"
    )
    assert "nccl-collective-stall" in pats(text)


def test_nccl_info_lines_and_a_hang_is_a_collective_stall() -> None:
    text = (
        "node1:811:900 [0] NCCL INFO Channel 00 : 0[0] -> 1[1] via P2P/IPC\n"
        "node1:811:900 [0] NCCL INFO comm 0x55 rank 0 nranks 2 - Init COMPLETE\n"
        "then the training hangs at the first step, no error.\n"
    )
    assert "nccl-collective-stall" in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        # NCCL at work, nothing stalls
        "node1:811:900 [0] NCCL INFO comm 0x55 rank 0 nranks 2 - Init COMPLETE\nepoch 1 done",
        # a hang without NCCL in the text
        "the dataloader hangs with num_workers=8 on one GPU",
        # a specific NCCL error says more
        "NCCL INFO Init COMPLETE\nhangs, then: Watchdog caught collective operation timeout",
    ],
)
def test_no_collective_stall_without_nccl_and_a_stall(text: str) -> None:
    assert "nccl-collective-stall" not in pats(text)


CLASSES = [
    ("nvidia-smi-no-devices", "$ nvidia-smi\nNo devices were found\n"),
    (
        "fp16-not-supported-on-cpu",
        'warnings.warn("FP16 is not supported on CPU; using FP32 instead")',
    ),
    (
        "keras-metric-already-exists",
        "tensorflow.python.framework.errors_impl.AlreadyExistsError: Another metric with the same "
        "name already exists.",
    ),
    (
        "checkpoint-write-failed",
        "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 8128 vs 8016",
    ),
    ("checkpoint-write-failed", "RuntimeError: PytorchStreamWriter failed writing file data/7"),
    (
        "installer-python-range",
        "Please install Python 3.10.0 or higher (maximum 3.11.100) before running this script.",
    ),
    (
        "gpu-below-library-minimum-cc",
        "RuntimeError: FlashAttention only supports Ampere GPUs or newer.",
    ),
    ("gpu-below-library-minimum-cc", "this kernel requires a Hopper GPU or newer"),
    (
        "torchvision-operator-missing",
        "NotImplementedError: Could not run 'torchvision::roi_align' with arguments from the "
        "'CUDA' backend.",
    ),
    (
        "container-no-gpu-driver",
        'Error response from daemon: could not select device driver "nvidia" with capabilities: '
        "[[gpu]]",
    ),
]


@pytest.mark.parametrize(("pid", "text"), CLASSES)
def test_each_class_is_recognised(pid: str, text: str) -> None:
    assert pid in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "nvidia-smi lists no processes; No devices were found in the other container",  # prose
        "FP16 is not supported by this GPU",  # not the CPU fallback
        "A metric with the same name was logged twice",
        "unexpected position in the stream",
        "Please install Python 3.10 or higher.",  # a floor only, no range
        "FlashAttention supports Ampere and Hopper GPUs",  # no 'only ... or newer'
        "Could not run 'aten::add' with arguments from the 'CUDA' backend",  # not torchvision
        'could not select device driver "amd" with capabilities: [[gpu]]',
    ],
)
def test_class_near_misses(text: str) -> None:
    assert not pats(text), pats(text)


def test_a_slurm_job_that_asked_for_no_gpus(tmp_path: Path) -> None:
    text = "srun --partition a100 --pty bash -i\n$ nvidia-smi\nNo devices were found\n"
    assert "slurm-job-without-gpus" in pats(text)
    assert ("EC913", "os-setting", "warning") in judge(tmp_path, text, ["EC913"])


@pytest.mark.parametrize(
    "text",
    [
        # GPUs were requested: the cause is elsewhere (device constraints, the node)
        "srun --gres=gpu:a100:1 --pty bash\n$ nvidia-smi\nNo devices were found\n",
        "srun -p gpu --gpus=2 python train.py\nRuntimeError: No CUDA GPUs are available\n",
        # a Slurm job, but a GPU was found
        "srun -p gpu python train.py\nNVIDIA A100 80GB, 535.104.05\n",
    ],
)
def test_no_slurm_inference_when_gpus_were_requested_or_found(text: str) -> None:
    assert "slurm-job-without-gpus" not in pats(text)
