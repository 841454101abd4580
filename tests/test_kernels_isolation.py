"""One worker process per device: a device that hangs or crashes is reported and the others are
still tested; the multi-device all-reduce is checked element by element (torch's CPU build, the
gloo backend standing in for NCCL)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("torch")

from kernels_support import by_test, codes, outcome  # noqa: E402

from envcheck import kernels  # noqa: E402
from envcheck.kernels import harness  # noqa: E402
from envcheck.snapshot import Snapshot  # noqa: E402


@pytest.fixture(scope="module")
def faulty():
    """Device 0 crashes in gemm_repeat, device 1 hangs in gemm_fp16, device 2 is healthy."""
    mp = pytest.MonkeyPatch()
    mp.setenv("ENVCHECK_KERNELS_INJECT", "crash:gemm_repeat@0,hang:gemm_fp16@1")
    mp.setenv("ENVCHECK_KERNELS_TIMEOUT_S", "12")
    t0 = time.monotonic()
    try:
        results = kernels.run(
            Snapshot(), mode="quick", device="cpu", gpus=[0, 1, 2], budget_s=90, progress=False
        )
    finally:
        mp.undo()
    return results, time.monotonic() - t0


def test_a_hung_device_is_reported_as_hung(faulty):
    results, elapsed = faulty
    got = by_test(results, gpu=1)
    hung = got["gemm_fp16"]
    assert hung.passed is False and hung.evidence["failure"] == "hang"
    assert "did not finish within 12 s" in hung.detail
    assert got["gemm_fp32"].passed is True  # what ran before the hang is kept
    assert got["memtest"].passed is None and "hang" in got["memtest"].detail
    assert elapsed < 60  # the hang cost its timeout, not the budget


def test_a_crashed_device_is_reported_with_its_signal(faulty):
    results, _ = faulty
    got = by_test(results, gpu=0)
    crashed = got["gemm_repeat"]
    assert crashed.passed is False and crashed.evidence["failure"] == "crash"
    assert "SIGSEGV" in crashed.detail
    assert got["gemm_bf16"].passed is True
    assert got["memtest"].passed is None and "crashed" in got["memtest"].detail


def test_the_other_device_is_still_tested(faulty):
    results, _ = faulty
    got = by_test(results, gpu=2)
    assert all(r.passed is True for r in got.values()), [
        (r.test, r.detail) for r in got.values() if r.passed is not True
    ]
    assert len(got) == len(by_test(results, gpu=0))


def test_faults_become_findings_and_skip_the_collective(faulty):
    results, _ = faulty
    multi = [r for r in results if r.gpu is None]
    assert [r.test for r in multi] == ["allreduce"]
    assert multi[0].passed is None and "GPU 0, 1 failed" in multi[0].detail
    out = outcome(results)
    ec802 = [f for f in out.findings if f.code == "EC802"]
    assert sorted(f.gpu for f in ec802) == [0, 1]
    assert {f.title for f in ec802} == {"A GPU test hung", "A GPU test crashed its process"}
    assert "EC801" not in codes(out)
    assert any(s.code == "EC806" for s in out.skipped)


def _two_ranks():
    return [harness.Target(gpu=i, name="cpu", env={}) for i in (0, 1)]


def test_all_reduce_is_checked_element_by_element(monkeypatch):
    """Rank 0's copy of the sum gets one wrong element (the seam); rank 1's is intact."""
    monkeypatch.setenv("ENVCHECK_KERNELS_INJECT", "corrupt:allreduce")
    results = harness.run_multi(
        _two_ranks(), "cpu", "quick", {"torch"}, time.monotonic() + 60, harness.Progress()
    )
    (ar,) = results
    assert ar.test == "allreduce" and ar.unit == "GB/s" and ar.value > 0
    assert [r["mismatches"] for r in ar.evidence["ranks"]] == [1, 0]
    assert ar.passed is False and "1 element(s) of the sum are wrong" in ar.detail
    out = outcome(results)
    assert codes(out) == ["EC806"]
    assert out.findings[0].category == "kernel-failure"


def test_too_little_time_for_the_collective_is_budget_exhausted():
    results = harness.run_multi(
        _two_ranks(), "cpu", "quick", {"torch"}, time.monotonic() + 1.0, harness.Progress()
    )
    assert [(r.test, r.passed, r.detail) for r in results] == [
        ("allreduce", None, "budget exhausted")
    ]
