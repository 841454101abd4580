"""The EC8xx check family on recorded results (snapshots as a GPU node would write them), and the
GEMM tolerances on real float arithmetic."""

from __future__ import annotations

import numpy as np
import pytest
from kernels_support import codes, outcome

from envcheck.kernels.suite import pcie_peak_gbs, perf_threshold, settings_from_policy
from envcheck.kernels.tolerance import gemm_tolerance, judge_gemm
from envcheck.policy import KernelPolicy, Policy
from envcheck.snapshot import KernelTestResult, Snapshot, Unknown

H100 = "NVIDIA H100 80GB HBM3"


def R(test, passed=True, gpu=0, **kw):
    kw.setdefault("evidence", {"gpu_name": H100})
    return KernelTestResult(gpu=gpu, test=test, backend="torch", passed=passed, **kw)


def healthy_node():
    return [
        R("vector_add", value=0.0, unit="mismatches"),
        R("gemm_bf16", value=0.0017, unit="rel_err"),
        R("memtest", value=0.0, unit="mismatches"),
        R(
            "d2d_bandwidth",
            value=2900.0,
            unit="GB/s",
            peak=3350.0,
            ratio=0.866,
            evidence={"gpu_name": H100, "steady_state": True},
        ),
        R(
            "h2d_bandwidth",
            value=52.0,
            unit="GB/s",
            peak=63.01,
            ratio=0.825,
            evidence={"gpu_name": H100, "steady_state": True},
        ),
        R(
            "gemm_tflops_bf16",
            value=720.0,
            unit="TFLOPS",
            peak=989.5,
            ratio=0.728,
            evidence={"gpu_name": H100, "steady_state": True},
        ),
    ]


def test_without_kernels_every_check_is_skipped_with_the_reason():
    out = outcome(None)
    assert out.findings == [] and out.passed == []
    assert {s.reason for s in out.skipped} == {
        "not applicable: GPU verification not requested (--kernels)"
    }
    out = outcome(Unknown("worker crashed"))  # type: ignore[arg-type]
    assert all("worker crashed" in s.reason for s in out.skipped)


def test_a_healthy_h100_raises_nothing():
    out = outcome(healthy_node())
    assert out.findings == []
    assert {"EC801", "EC802", "EC803", "EC804", "EC805"} <= set(out.passed)


def test_a_wrong_gemm_is_an_error_naming_the_gpu():
    results = healthy_node()
    results[1] = R(
        "gemm_bf16",
        passed=False,
        gpu=3,
        value=4.7e34,
        unit="rel_err",
        detail="bf16 GEMM 512^3 differs from the float64 reference",
        evidence={"gpu_name": H100, "failure": "wrong-result"},
    )
    out = outcome(results)
    (f,) = out.findings
    assert (f.code, f.category, f.severity, f.gpu) == ("EC801", "kernel-failure", "error", 3)
    assert f"GPU 3 ({H100})" in f.found and "dcgmi diag" in f.fix


def test_throttled_gemm_throughput_is_degraded_with_the_throttle_reasons():
    results = healthy_node()
    results[5] = R(
        "gemm_tflops_bf16",
        passed=False,
        value=300.0,
        unit="TFLOPS",
        peak=989.5,
        ratio=0.303,
        evidence={
            "gpu_name": H100,
            "steady_state": True,
            "throttle_reasons": ["sw_power_cap", "hw_thermal_slowdown"],
            "sm_clock_mhz": {"min": 810, "max": 1200},
        },
    )
    out = outcome(results)
    (f,) = out.findings
    assert (f.code, f.category, f.severity) == ("EC805", "performance-degraded", "warning")
    assert "30% of 989.5 TFLOPS" in f.found and "hw_thermal_slowdown" in f.found
    assert f.evidence["sm_clock_mhz"] == {"min": 810, "max": 1200}
    assert f.evidence["threshold"] == 0.6


def test_quick_samples_are_judged_at_half_the_ratio_and_policy_sets_it():
    quick = R(
        "d2d_bandwidth",
        value=1500.0,
        unit="GB/s",
        peak=3350.0,
        ratio=0.448,
        evidence={"gpu_name": H100, "steady_state": False},
    )
    assert outcome([quick]).findings == []  # 0.448 >= 0.3
    strict = Policy(kernels=KernelPolicy(min_ratio=0.95))
    (f,) = outcome([quick], strict).findings
    assert f.code == "EC803" and f.evidence["threshold"] == pytest.approx(0.475)
    steady = R(
        "d2d_bandwidth",
        value=1500.0,
        unit="GB/s",
        peak=3350.0,
        ratio=0.448,
        evidence={"gpu_name": H100, "steady_state": True},
    )
    assert codes(outcome([steady])) == ["EC803"]


def test_slow_host_link_is_its_own_finding():
    link = R(
        "h2d_bandwidth",
        value=6.1,
        unit="GB/s",
        peak=31.5,
        ratio=0.194,
        evidence={"gpu_name": H100, "steady_state": True},
    )
    (f,) = outcome([link]).findings
    assert f.code == "EC804" and "lspci" in f.fix


def test_no_peak_skips_the_perf_checks_instead_of_passing_them():
    r = R("gemm_tflops_fp32", value=40.0, unit="TFLOPS", evidence={"gpu_name": "NVIDIA Future GPU"})
    out = outcome([r])
    skipped = {s.code: s.reason for s in out.skipped}
    assert "NVIDIA Future GPU not in the matrix" in skipped["EC805"]
    assert "EC805" not in out.passed


def test_budget_exhausted_tests_are_skips_not_passes():
    r = R("gemm_tflops_fp32", passed=None, detail="budget exhausted")
    out = outcome([R("vector_add", value=0.0), r])
    skipped = {s.code: s.reason for s in out.skipped}
    assert skipped["EC805"] == "GEMM throughput not measured: budget exhausted"
    assert out.findings == []


def test_multi_gpu_failures_and_hangs():
    hung = R(
        "allreduce",
        passed=False,
        gpu=None,
        detail="all-reduce over 8 devices did not finish within 30 s (NCCL hang?)",
        evidence={"failure": "hang", "world_size": 8},
    )
    out = outcome(healthy_node() + [hung])
    (f,) = out.findings
    assert f.code == "EC806" and f.gpu is None and "NCCL hang" in f.found
    ok = R("allreduce", gpu=None, value=180.0, unit="GB/s", evidence={"world_size": 8})
    assert outcome(healthy_node() + [ok]).findings == []


def test_results_round_trip_through_snapshot_json():
    snap = Snapshot(kernels=healthy_node())
    assert Snapshot.from_json(snap.to_json()).kernels == snap.kernels


def test_policy_settings_and_helpers():
    assert settings_from_policy(None).min_ratio == 0.6
    assert settings_from_policy({"kernels": {"min_ratio": 0.8}}).min_ratio == 0.8
    assert settings_from_policy(Policy(kernels=KernelPolicy(budget_s=5))).budget_s == 5.0
    assert perf_threshold(0.6, True) == 0.6 and perf_threshold(0.6, False) == 0.3
    assert pcie_peak_gbs(5, 16) == 63.01 and pcie_peak_gbs(3, 8) == 7.88
    assert pcie_peak_gbs(None, 16) is None and pcie_peak_gbs(Unknown("x"), 16) is None


# --- tolerances ---------------------------------------------------------------------------


def _gemm(precision_dtype, n, k, seed):
    rng = np.random.default_rng(seed)
    a = (rng.random((n, k), dtype=np.float32) * 2 - 1).astype(precision_dtype)
    b = (rng.random((k, n), dtype=np.float32) * 2 - 1).astype(precision_dtype)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return a, b, a64 @ b64, np.abs(a64) @ np.abs(b64)


@pytest.mark.parametrize("k", [16, 256, 2048])
def test_fp32_and_fp16_results_computed_in_lower_precision_pass(k):
    a, b, ref, abs_ab = _gemm(np.float32, 32, k, seed=k)
    c32 = (a @ b).astype(np.float64)  # numpy's float32 GEMM: fp32 accumulation
    assert judge_gemm(c32, ref, abs_ab, gemm_tolerance("fp32", k))["passed"]
    # the fp32 result rounded to fp16 output: what a half GEMM with fp32 accumulate returns
    a16, b16, ref16, abs16 = _gemm(np.float16, 32, k, seed=k)
    c16 = (a16.astype(np.float32) @ b16.astype(np.float32)).astype(np.float16)
    verdict = judge_gemm(c16.astype(np.float64), ref16, abs16, gemm_tolerance("fp16", k))
    assert verdict["passed"], verdict
    assert verdict["rel_frobenius"] > 0


def test_fp16_accumulation_is_not_fp32_accumulation():
    """A half GEMM that accumulated in fp16 (not what we allow) is caught at long K."""
    k = 4096
    a, b, ref, abs_ab = _gemm(np.float16, 16, k, seed=1)
    acc = np.zeros((16, 16), dtype=np.float16)
    for i in range(k):  # sequential fp16 accumulation
        acc = (acc + np.outer(a[:, i], b[i, :]).astype(np.float16)).astype(np.float16)
    verdict = judge_gemm(acc.astype(np.float64), ref, abs_ab, gemm_tolerance("fp16", k))
    assert not verdict["passed"]


def test_one_wrong_element_fails_even_when_the_average_error_is_tiny():
    a, b, ref, abs_ab = _gemm(np.float32, 256, 512, seed=7)
    c = (a @ b).astype(np.float64)
    c[100, 100] *= 1.01  # 1 % off in one of 65,536 elements
    verdict = judge_gemm(c, ref, abs_ab, gemm_tolerance("fp32", 512))
    assert not verdict["passed"] and verdict["elements_over_bound"] == 1
    assert verdict["worst_element_index"] == 100 * 256 + 100


def test_tolerance_numbers_quoted_in_the_docs():
    assert gemm_tolerance("fp32", 512).frobenius == pytest.approx(6.1e-5, rel=0.01)
    assert gemm_tolerance("tf32", 512).frobenius == pytest.approx(5.6e-3, rel=0.02)
    assert gemm_tolerance("fp16", 512).frobenius == pytest.approx(2.0e-3, rel=0.02)
    assert gemm_tolerance("bf16", 512).frobenius == pytest.approx(1.57e-2, rel=0.01)
    with pytest.raises(ValueError):
        gemm_tolerance("fp8", 16)


# --- progress display ------------------------------------------------------------------------


def _feed(progress):
    progress.open({"GPU 0": ["vector_add", "gemm_fp32"]})
    progress.event("start", 0, "vector_add", None)
    progress.event(
        "result", 0, "vector_add", R("vector_add", value=0.0, unit="mismatches", duration_s=0.01)
    )
    progress.event("start", 0, "gemm_fp32", None)
    progress.event(
        "result",
        0,
        "gemm_fp32",
        R("gemm_fp32", passed=False, value=0.5, unit="rel_err", detail="wrong"),
    )
    progress.close()


def test_plain_progress_prints_one_line_per_result():
    import io

    from envcheck.kernels.harness import PlainProgress

    buf = io.StringIO()
    _feed(PlainProgress(buf))
    lines = buf.getvalue().splitlines()
    assert lines == [
        "envcheck: kernels: GPU 0 vector_add: ok 0 mismatches [0.01 s]",
        "envcheck: kernels: GPU 0 gemm_fp32: FAILED 0.5 rel_err - wrong",
    ]


def test_rich_progress_and_the_automatic_choice(capsys):
    pytest.importorskip("rich")
    from envcheck.kernels.harness import (
        CallbackProgress,
        PlainProgress,
        Progress,
        RichProgress,
        make_progress,
    )

    _feed(RichProgress())
    err = capsys.readouterr().err
    assert "GPU 0" in err and "gemm_fp32" in err
    assert isinstance(make_progress(None), PlainProgress)  # stderr is not a terminal here
    assert type(make_progress(False)) is Progress
    assert isinstance(make_progress(print), CallbackProgress)
