"""Classes of pasted text (issue 10, fifth round): ways of writing facts and message families
that the misses of the earlier splits and of dev8 showed. Each example is written for this test
(not a corpus paste); each class has a near miss that must not match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import pats, snap_of


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
