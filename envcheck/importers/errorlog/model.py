"""The shape of an error-message pattern, and the fix texts several patterns share."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Pattern

MAX_ENTRIES = 200  # per snapshot
MAX_PER_PATTERN = 20
MAX_LINE = 400


@dataclass(frozen=True)
class ErrorPattern:
    id: str
    regex: Pattern[str]
    category: str
    severity: str
    title: str
    fix: str


def make(pid: str, rx: str, category: str, severity: str, title: str, fix: str) -> ErrorPattern:
    return ErrorPattern(pid, re.compile(rx, re.I), category, severity, title, fix)


UPGRADE_FRAMEWORK = (
    "Install a framework build whose compiled architectures include this GPU (for PyTorch on "
    "Blackwell sm_120/sm_100: a cu128 or newer build, e.g. `pip install torch --index-url "
    "https://download.pytorch.org/whl/cu128`); `envcheck matrix recommend --gpu NAME` lists them."
)
DRIVER_OLD = (
    "Either upgrade the NVIDIA driver to at least the minimum for the framework's CUDA version, "
    "or install the framework build made for an older CUDA (e.g. torch `cu118`); "
    "`envcheck matrix driver <version>` shows what a driver can run."
)
