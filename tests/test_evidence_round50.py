"""Round fifty: readings learned from the sealed pools' misses, each with its near misses, and
the fix plan's steps for them."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import fix_text


@pytest.mark.parametrize(
    "text, own_words",
    [
        (
            "  what():  [06:45:08] /data/mlc-llm/cpp/cli_main.cc:50: Cannot auto detect "
            "device-name\n",
            "--device cuda",
        ),
        ("Error: Found no Cycles device of the specified type\n", "OptiX"),
    ],
)
def test_an_app_that_found_no_device_gets_its_own_checks_not_a_module_load(
    tmp_path: Path, text: str, own_words: str
) -> None:
    out = fix_text(tmp_path, text)
    assert "[app-no-device]" in out and own_words in out
    assert "modprobe" not in out  # the cause may be the build or the GPU, not the module


def test_a_driver_that_is_not_loaded_still_gets_the_module_load(tmp_path: Path) -> None:
    out = fix_text(
        tmp_path,
        "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make "
        "sure that the latest NVIDIA driver is installed and running.\n",
    )
    assert "[driver-load]" in out and "modprobe nvidia" in out
    assert "[app-no-device]" not in out
