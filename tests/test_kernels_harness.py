"""The kernel-test harness, for real on torch's CPU build: inputs, float64 reference, tolerance
judgement, timing, the worker processes, findings - and a deliberately corrupted device result
(the worker's ENVCHECK_KERNELS_INJECT seam) that must be caught."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("torch")

from kernels_support import PeakMatrix, by_test, codes, outcome  # noqa: E402

from envcheck import kernels  # noqa: E402
from envcheck.errors import InputError  # noqa: E402
from envcheck.kernels.suite import PER_GPU  # noqa: E402
from envcheck.snapshot import Snapshot  # noqa: E402

CORRECTNESS = [
    "vector_add",
    "gemm_fp32",
    "gemm_tf32",
    "gemm_fp16",
    "gemm_bf16",
    "gemm_repeat",
    "memtest",
]


@pytest.fixture(scope="module")
def healthy():
    t0 = time.monotonic()
    events = []
    results = kernels.run(
        Snapshot(), mode="quick", device="cpu", budget_s=120, progress=events.append
    )
    return results, time.monotonic() - t0, events


# a CPU does a few GFLOPS; against a 60 TFLOPS / 3 TB/s "datasheet" the ratio is tiny
PEAKS = PeakMatrix(
    memory_bandwidth_gbs=3000.0,
    fp32_tflops=60.0,
    tf32_tflops=400.0,
    fp16_tflops=900.0,
    bf16_tflops=900.0,
)


@pytest.fixture(scope="module")
def corrupted():
    """Every correctness test's device-side result corrupted, and datasheet peaks far above
    what the CPU reaches: one run proves both kernel-failure and performance-degraded."""
    mp = pytest.MonkeyPatch()
    mp.setenv("ENVCHECK_KERNELS_INJECT", ",".join(f"corrupt:{t}" for t in CORRECTNESS))
    try:
        results = kernels.run(
            Snapshot(), mode="quick", device="cpu", budget_s=120, matrix=PEAKS, progress=False
        )
    finally:
        mp.undo()
    return results


def test_every_test_runs_and_passes_on_a_healthy_device(healthy):
    results, elapsed, _ = healthy
    got = by_test(results)
    assert list(got) == list(PER_GPU)
    for name in CORRECTNESS:
        assert got[name].passed is True, (name, got[name].detail)
        assert got[name].duration_s is not None and got[name].duration_s >= 0
        assert got[name].backend == "torch"
    assert got["vector_add"].value == 0.0
    # the fp16/bf16 results really went through rounding: not exact, but inside the bound
    assert 0 < got["gemm_fp16"].value < got["gemm_fp16"].evidence["frobenius_tolerance"]
    assert 0 < got["gemm_bf16"].value < got["gemm_bf16"].evidence["frobenius_tolerance"]
    assert got["gemm_fp32"].value < 1e-5
    for name in ("d2d_bandwidth", "gemm_tflops_fp32"):
        assert got[name].value > 0 and got[name].unit in ("GB/s", "TFLOPS")
        assert got[name].ratio is None  # no datasheet peak for "cpu": value only
    assert elapsed < 120


def test_healthy_results_raise_no_finding_and_round_trip(healthy):
    results, _, _ = healthy
    out = outcome(results)
    assert out.findings == []
    assert "EC801" in out.passed and "EC802" in out.passed
    skipped = {s.code: s.reason for s in out.skipped}
    assert "no datasheet peak" in skipped["EC805"]
    snap = Snapshot(kernels=results)
    again = Snapshot.from_json(snap.to_json())
    assert again.kernels == results
    json.loads(snap.to_json())  # strict JSON: no NaN/Infinity


def test_progress_events_cover_every_test(healthy):
    _, _, events = healthy
    done = [e["test"] for e in events if e["event"] == "result"]
    started = [e["test"] for e in events if e["event"] == "start"]
    assert done == list(PER_GPU)
    assert "gemm_fp32" in started


def test_a_corrupted_device_result_fails_its_test_and_raises_kernel_failure(corrupted):
    got = by_test(corrupted)
    for name in CORRECTNESS:
        assert got[name].passed is False, name
        assert got[name].evidence["failure"] == "wrong-result"
    assert got["vector_add"].value == 1.0
    assert got["memtest"].value >= 1
    assert got["gemm_fp16"].evidence["elements_over_bound"] >= 1
    out = outcome(corrupted)
    ec801 = [f for f in out.findings if f.code == "EC801"]
    assert len(ec801) == len(CORRECTNESS)
    assert all(f.category == "kernel-failure" and f.severity == "error" for f in ec801)
    assert any("gemm_bf16" in f.expected for f in ec801)
    # the seam only touches correctness tests: the copies themselves ran
    assert got["d2d_bandwidth"].value > 0
    json.loads(Snapshot(kernels=corrupted).to_json())


def test_low_throughput_against_a_peak_is_performance_degraded(corrupted):
    got = by_test(corrupted)
    t = got["gemm_tflops_fp32"]
    assert t.peak == 60.0 and t.ratio is not None and t.ratio < 0.1
    assert t.passed is False and "datasheet peak" in t.detail
    assert t.evidence["steady_state"] is False and t.evidence["threshold"] == 0.3
    out = outcome(corrupted)
    assert "EC805" in codes(out) and "EC803" in codes(out)
    f = next(f for f in out.findings if f.code == "EC805")
    assert f.category == "performance-degraded" and f.severity == "warning"
    assert "TFLOPS" in f.found and f.evidence["threshold"] == 0.3
    # slow is not broken: no "could not run" finding from the performance tests
    assert "EC802" not in codes(out)


def test_a_budget_smaller_than_the_work_skips_the_rest_and_is_kept():
    budget = 3.0
    t0 = time.monotonic()
    results = kernels.run(Snapshot(), mode="full", device="cpu", budget_s=budget, progress=False)
    elapsed = time.monotonic() - t0
    assert elapsed < budget + 1.0
    got = by_test(results)
    assert list(got) == list(PER_GPU)  # every planned test is reported
    skipped = [r for r in results if r.passed is None]
    assert skipped, "a 3 s budget cannot fit the full suite"
    assert all(r.detail.startswith("budget exhausted") for r in skipped)
    assert not [r for r in results if r.passed is False]
    out = outcome(results)
    assert out.findings == []


def test_bad_arguments_are_input_errors():
    with pytest.raises(InputError):
        kernels.run(Snapshot(), mode="slow", device="cpu")
    with pytest.raises(InputError):
        kernels.run(Snapshot(), backend="opencl", device="cpu")
    with pytest.raises(InputError):
        kernels.run(Snapshot(), gpus="0,x", device="cpu")
    with pytest.raises(InputError):
        kernels.run(Snapshot(), budget_s=0, device="cpu")
