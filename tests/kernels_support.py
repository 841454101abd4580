"""Helpers for the kernel-check tests (tests/test_kernels_*.py).

The harness runs for real on torch's CPU build (``device="cpu"``); the CUDA driver backend runs
against a fake ``libcuda.so.1`` compiled from tests/fixtures/kernels/fake_libcuda.c. Datasheet
peaks come from a small matrix object (an input, like a data file), not from a patched function.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

from envcheck.checks import registry
from envcheck.findings import Outcome
from envcheck.snapshot import KernelTestResult, Snapshot

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "kernels"
EC8 = ["EC801", "EC802", "EC803", "EC804", "EC805", "EC806"]


@dataclass
class Spec:
    name: str
    memory_bandwidth_gbs: Optional[float] = None
    fp32_tflops: Optional[float] = None
    tf32_tflops: Optional[float] = None
    fp16_tflops: Optional[float] = None
    bf16_tflops: Optional[float] = None


class PeakMatrix:
    """Answers ``gpu(name)`` like envcheck.compat's Matrix, with the peaks given."""

    def __init__(self, **peaks: float):
        self.peaks = peaks

    def gpu(self, name: str) -> Spec:
        return Spec(name=name, **self.peaks)


def build_fake_libcuda(directory: Path) -> Optional[Path]:
    """Compile the fake driver library into ``directory``/libcuda.so.1 (None without gcc)."""
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    out = directory / "libcuda.so.1"
    subprocess.run(
        [gcc, "-shared", "-fPIC", "-O1", "-o", str(out), str(FIXTURES / "fake_libcuda.c")],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return directory


def outcome(results: Optional[List[KernelTestResult]], policy: Any = None) -> Outcome:
    snap = Snapshot(kernels=results)
    return registry.run_checks(snap, None, policy, only=EC8)


def by_test(results: List[KernelTestResult], gpu: Optional[int] = 0) -> Dict[str, KernelTestResult]:
    return {r.test: r for r in results if r.gpu == gpu}


def codes(out: Outcome) -> List[str]:
    return sorted(f.code for f in out.findings)
