"""What the kernel tests are, in which order, at which sizes (data, plus the memory test's
bookkeeping shared by the backends; imported by the parent process without torch).

``quick`` (a few seconds per GPU: launch, small GEMMs, a small memory test, short bandwidth and
throughput samples that are not steady state) and ``full`` (larger GEMMs, the memory test over
the configured share of free memory with all patterns, steady-state bandwidth and throughput).
A "cpu" profile with small sizes drives the same code on torch's CPU build (harness tests).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

MODES = ("quick", "full")
PRECISIONS = ("fp32", "tf32", "fp16", "bf16")

CORRECTNESS = (
    "vector_add",
    "gemm_fp32",
    "gemm_tf32",
    "gemm_fp16",
    "gemm_bf16",
    "gemm_repeat",
    "memtest",
)
BANDWIDTH = ("h2d_bandwidth", "d2h_bandwidth", "d2d_bandwidth")
THROUGHPUT = ("gemm_tflops_fp32", "gemm_tflops_tf32", "gemm_tflops_fp16", "gemm_tflops_bf16")
PER_GPU = CORRECTNESS + BANDWIDTH + THROUGHPUT
MULTI_GPU = ("peer_access", "allreduce")

# Result units.
UNITS = {
    "vector_add": "mismatches",
    "gemm_repeat": "mismatches",
    "memtest": "mismatches",
    "h2d_bandwidth": "GB/s",
    "d2h_bandwidth": "GB/s",
    "d2d_bandwidth": "GB/s",
    "allreduce": "GB/s",
    "peer_access": "pairs failed",
}
for _p in PRECISIONS:
    UNITS[f"gemm_{_p}"] = "rel_err"
    UNITS[f"gemm_tflops_{_p}"] = "TFLOPS"

KNUTH = 2654435761  # odd multiplier of Knuth's multiplicative hash: a pseudo-random pattern


def memtest_patterns(mode: str) -> List[Tuple[str, int, int]]:
    """(label, mul, xor): word i holds (u32(i) * mul) ^ xor (see vector_add.ptx)."""
    pats = [
        ("address", 1, 0),
        ("inverse_address", 1, 0xFFFFFFFF),
        ("random_1", KNUTH, 0x2545F491),
        ("checker_55", 0, 0x55555555),
        ("checker_aa", 0, 0xAAAAAAAA),
    ]
    if mode == "full":
        pats += [("random_2", KNUTH, 0x9E3779B9), ("random_3", KNUTH, 0x7F4A7C15)]
        pats += [(f"walking_one_{b}", 0, 1 << b) for b in range(32)]
        pats += [(f"walking_zero_{b}", 0, 0xFFFFFFFF ^ (1 << b)) for b in range(32)]
    else:
        pats += [(f"walking_one_{b}", 0, 1 << b) for b in (0, 31)]
    return pats


def gemm_rate(n: int, iterations: int, seconds: float) -> Dict[str, Any]:
    """The result of a GEMM throughput run: ``iterations`` n x n x n GEMMs (2 n^3 flops each)
    in ``seconds``."""
    return {
        "n": n,
        "iterations": iterations,
        "seconds": seconds,
        "tflops": 2.0 * n**3 * iterations / seconds / 1e12,
    }


def run_memtest(
    n: int,
    patterns: Sequence[Tuple[str, int, int]],
    deadline: float,
    corrupt: bool,
    one_pattern: Callable[[int, int, bool], int],
) -> Dict[str, Any]:
    """The memory test over ``n`` 32-bit words, pattern after pattern until the deadline.

    ``one_pattern(mul, xor, corrupt_now)`` fills the buffer with the pattern, reads it all back
    and returns how many words differ; the test seam (``corrupt``) corrupts the first pattern
    only. Each backend supplies the fill and the comparison, this the bookkeeping."""
    mismatches = 0
    done: List[str] = []
    per_pattern: Dict[str, int] = {}
    for label, mul, xor in patterns:
        if time.monotonic() >= deadline:
            break
        count = one_pattern(mul, xor, corrupt and not done)
        per_pattern[label] = count
        mismatches += count
        done.append(label)
    return {
        "mismatches": mismatches,
        "bytes": 4 * n,
        "patterns": done,
        "per_pattern": per_pattern,
    }


@dataclass(frozen=True)
class Profile:
    vector_n: int
    gemm_n: int
    repeat_n: int
    repeat_count: int
    memtest_cap_bytes: Optional[int]  # None: no cap beyond the share of free memory
    memtest_default_free: int  # assumed free bytes when the device cannot tell (cpu)
    bw_bytes: int
    bw_reps: int
    d2d_bytes: int
    tflops_n: int
    tflops_seconds: float
    steady_state: bool
    # per-test hang timeout and the least remaining time needed to start a test
    timeout_s: float
    reserve_s: float


PROFILES: Dict[Tuple[str, str], Profile] = {
    ("quick", "gpu"): Profile(
        1 << 22, 512, 2048, 3, 4 << 30, 0, 64 << 20, 5, 256 << 20, 4096, 0.3, False, 30.0, 0.5
    ),
    ("full", "gpu"): Profile(
        1 << 24, 1024, 4096, 10, None, 0, 256 << 20, 20, 1 << 30, 8192, 2.0, True, 120.0, 1.0
    ),
    ("quick", "cpu"): Profile(
        1 << 16, 128, 128, 2, 1 << 20, 256 << 20, 4 << 20, 3, 4 << 20, 128, 0.05, False, 30.0, 0.05
    ),
    ("full", "cpu"): Profile(
        1 << 18, 256, 256, 4, 16 << 20, 256 << 20, 16 << 20, 5, 16 << 20, 256, 0.2, True, 60.0, 0.1
    ),
}


def profile(mode: str, device: str) -> Profile:
    return PROFILES[(mode, "cpu" if device == "cpu" else "gpu")]


def reserve_for(test: str, prof: Profile) -> float:
    """Least remaining time (s) needed to start ``test``: time-boxed tests need their box."""
    if test.startswith("gemm_tflops_"):
        return prof.tflops_seconds + prof.reserve_s
    if test == "memtest":
        return 2 * prof.reserve_s
    return prof.reserve_s


# PCIe per-lane, per-direction data rate in GB/s (base 10) after line coding: gen1/2 8b/10b at
# 2.5/5 GT/s, gen3/4/5 128b/130b at 8/16/32 GT/s. Sources, read 2026-12-02:
# https://hpc-notes.pages.dev/reference/pcie and
# https://www.systemrequirements.net/tools/pcie-bandwidth-calculator (0.985/1.969/3.938 GB/s).
# Gen6 (64 GT/s PAM4, FLIT) is left out: the sources read disagree on its per-lane figure.
PCIE_LANE_GBS = {1: 0.25, 2: 0.5, 3: 0.985, 4: 1.969, 5: 3.938}


def pcie_peak_gbs(gen: Any, width: Any) -> Optional[float]:
    if isinstance(gen, int) and isinstance(width, int) and gen in PCIE_LANE_GBS and width > 0:
        return round(PCIE_LANE_GBS[gen] * width, 2)
    return None


def perf_threshold(min_ratio: float, steady_state: bool) -> float:
    """The ratio below which a measurement is ``performance-degraded``. Quick samples are short
    and small (no steady state, boost clocks not settled, GEMMs too small to fill the largest
    GPUs), so they are judged at half the policy ratio: still enough to catch a card stuck at
    low clocks or a link trained down to x4, without false alarms on healthy nodes."""
    return min_ratio if steady_state else min_ratio / 2.0


@dataclass
class Settings:
    min_ratio: float = 0.6
    memtest_fraction: float = 0.02
    budget_s: float = 60.0


def _get(obj: Any, key: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(key)
    return getattr(obj, key, None)


def settings_from_policy(policy: Any) -> Settings:
    """Read ``policy.kernels`` (a dataclass or a dict) with defaults for what is absent."""
    s = Settings()
    section = _get(policy, "kernels") if policy is not None else None
    if section is not None:
        for key in ("min_ratio", "memtest_fraction", "budget_s"):
            value = _get(section, key)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                setattr(s, key, float(value))
    return s
