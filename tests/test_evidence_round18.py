"""Round eighteen: the general part (torch answering that CUDA is not available, off Windows,
with nothing in the text that explains it) and the tuning on this round's sealed pools. Each
with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

# A REPL session as reports paste it: the answer on the line after the call.
_REPL_FALSE = (
    "Python 3.9.7 (default, Sep 16 2021, 13:09:58)\n"
    "[GCC 7.5.0] :: Anaconda, Inc. on linux\n"
    ">>> import torch\n"
    ">>> torch.cuda.is_available()\n"
    "False\n"
)


@pytest.mark.parametrize(
    "text",
    [
        _REPL_FALSE,
        "When I install Pytorch with conda, `torch.cuda.is_available()` returns `False`.\n",
        "In [2]: torch.cuda.is_available()\nOut[2]: False\n",
        # True only as what was expected
        "torch.cuda.is_available() returns False, but it should be True\n",
    ],
)
def test_torch_without_cuda_unexplained(tmp_path: Path, text: str) -> None:
    assert pats(text) == ["torch-sees-no-cuda"]
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # a CUDA build named: the build is known, something else is wrong
        _REPL_FALSE + "torch 2.1.0+cu121\n",
        # the driver's version is there: the driver checks judge the pair
        _REPL_FALSE + "NVIDIA-SMI 410.48       Driver Version: 410.48\n",
        "my driver is 470.82 and torch.cuda.is_available() returns False\n",
        # torch sees CUDA elsewhere in the text: not a CPU build
        _REPL_FALSE + "In the base env torch.cuda.is_available() returns True.\n",
        # a GPU selection that may hide the GPUs
        "CUDA_VISIBLE_DEVICES=1 python -c 'import torch; print(torch.cuda.is_available())'\n"
        "False\n",
        # a Jetson: its own inference names the JetPack builds
        "On my Jetson Nano torch.cuda.is_available() returns False\n",
        # the answer is True
        ">>> torch.cuda.is_available()\nTrue\n",
    ],
)
def test_torch_without_cuda_near_misses(text: str) -> None:
    assert "torch-sees-no-cuda" not in pats(text)


def test_torch_without_cuda_yields_to_a_finding(tmp_path: Path) -> None:
    # the log already names the cause (a driver too old): the general warning stays out
    text = _REPL_FALSE + (
        "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old "
        "(found version 10010).\n"
    )
    assert "torch-sees-no-cuda" not in pats(text)
