"""Round nineteen: the general part (the Python range of torch 1.0-1.11, from the pytorch/vision
README's table, for EC220) and the tuning on this round's sealed pools. Each with the text as
real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge

from envcheck.compat import load_matrix

_COLLECT_ENV = "PyTorch version: {torch}\nIs debug build: No\nPython version: {python}\n"


@pytest.mark.parametrize(
    ("torch", "python", "expected"),
    [
        # 1.3's wheels stop at Python 3.7
        ("1.3.1", "3.8", [("EC220", "python-unsupported", "error")]),
        # 1.5 dropped Python 2
        ("1.5.0", "2.7.18", [("EC220", "python-unsupported", "error")]),
        # 1.10 stops at 3.9, 1.11 added 3.10
        ("1.10.2", "3.10.4", [("EC220", "python-unsupported", "error")]),
        ("1.11.0", "3.10.4", []),
        # inside the range, the Python 2 one of 1.4 included
        ("1.4.0", "2.7.17", []),
        ("1.6.0", "3.8.5", []),
        ("1.0.1", "3.7.3", []),
    ],
)
def test_old_torch_python_range(tmp_path: Path, torch: str, python: str, expected: list) -> None:
    text = _COLLECT_ENV.format(torch=torch, python=python)
    assert judge(tmp_path, text, ["EC220"], load_matrix()) == expected


def test_old_torch_python_range_needs_the_series_in_the_data(tmp_path: Path) -> None:
    # 0.4 is older than the table's rows the data took: unknown, so no finding
    text = _COLLECT_ENV.format(torch="0.4.1", python="3.9.1")
    assert judge(tmp_path, text, ["EC220"], load_matrix()) == []


def test_old_torch_python_range_is_sourced() -> None:
    matrix = load_matrix()
    assert matrix.torch_series_python("1.3.1") == "==2.7.* || >=3.5,<3.8"
    assert matrix.torch_series_python("1.12.0") is None  # the full entries answer there
    entries = matrix.doc("torch")["python_series"]
    assert all(e["source"].startswith("https://github.com/pytorch/vision/") for e in entries)
