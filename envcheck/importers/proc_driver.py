"""``cat /proc/driver/nvidia/version`` -> the loaded kernel module's version."""

from __future__ import annotations

import re

from envcheck.snapshot import KernelSide, Snapshot

NAME = "/proc/driver/nvidia/version"

_NVRM = re.compile(r"NVRM version:\s*NVIDIA .*?Kernel Module(?: for \w+)?\s+(\d+\.\d+(?:\.\d+)?)")


def detect(text: str) -> bool:
    return bool(_NVRM.search(text))


def parse(text: str) -> Snapshot:
    m = _NVRM.search(text)
    snap = Snapshot()
    if m:
        line = text[m.start() : text.find("\n", m.start()) if "\n" in text[m.start() :] else None]
        snap.kernel = KernelSide(proc_driver_version=m.group(1), proc_driver_version_text=line)
    return snap
