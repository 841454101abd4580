"""Classes of pasted text (issue 10, fifth round): ways of writing facts and message families
that the misses of the earlier splits and of dev8 showed. Each example is written for this test
(not a corpus paste); each class has a near miss that must not match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import snap_of


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
