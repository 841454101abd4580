"""Outputs captured on a real, healthy NVIDIA H200 (tests/fixtures/real_h200/README.md): every
way envcheck reads them must call that machine healthy, and the faults made there with real
processes must be named. Three of these were false errors before (EC302 on CUDA 13's unsuffixed
wheels, EC910 on "Double Bit ECC : N/A", nvidia-smi -q's CUDA read as a toolkit)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from probes_support import base_env, fake_nvidia_smi, inspect_json

HERE = Path(__file__).resolve().parent
REAL = HERE / "fixtures" / "real_h200"
PASTES = [
    "nvidia-smi.txt",
    "nvidia-smi-q.txt",
    "nvidia-smi-query.csv",
    "collect_env.txt",
    "pip-freeze.txt",
    "jax-env.txt",
    "nvcc-version.txt",
    "proc-driver-version.txt",
]


def verify(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--format", "json", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def judged(*args: str) -> Dict[str, Any]:
    r = verify(*args)
    assert r.returncode in (0, 1), r.stderr
    doc = json.loads(r.stdout)
    doc["returncode"] = r.returncode
    return doc


def codes(doc: Dict[str, Any], severity: str) -> List[str]:
    return [f["code"] for f in doc["findings"] if f["severity"] == severity]


def read_facts(doc: Dict[str, Any]) -> Dict[str, List[Any]]:
    out: Dict[str, List[Any]] = {}
    for f in doc["snapshot"]["evidence"]["read"]:
        out.setdefault(f["fact"], []).append(f["value"])
    return out


@pytest.mark.parametrize("name", PASTES)
def test_each_paste_from_the_healthy_h200_is_judged_healthy(name: str) -> None:
    doc = judged("--from-report", str(REAL / name))
    assert doc["returncode"] == 0
    assert codes(doc, "error") == [] and codes(doc, "warning") == [], doc["findings"]


def test_the_pastes_together_are_healthy_and_read_the_machine() -> None:
    doc = judged(*[a for n in PASTES for a in ("--from-report", str(REAL / n))])
    assert doc["returncode"] == 0
    assert codes(doc, "error") == [] and codes(doc, "warning") == [], doc["findings"]
    facts = read_facts(doc)
    assert "580.159.04" in facts["driver.version"]
    assert "13.0" in facts["driver.cuda"]
    assert any(str(v).startswith("2.11.0") for v in facts["torch.version"])
    # one release, with and without its local tag, is no conflict
    conflicts = doc["snapshot"]["evidence"].get("conflicts", [])
    assert not [c for c in conflicts if c["fact"] == "torch.version"]


def test_nvidia_smi_q_cuda_version_is_the_drivers_not_a_toolkit() -> None:
    facts = read_facts(judged("--from-report", str(REAL / "nvidia-smi-q.txt")))
    assert facts["driver.cuda"] == ["13.0"]
    assert "nvcc" not in facts


def test_collect_env_points_the_toolkit_at_its_own_line() -> None:
    doc = judged("--from-report", str(REAL / "collect_env.txt"))
    (nvcc,) = [f for f in doc["snapshot"]["evidence"]["read"] if f["fact"] == "nvcc"]
    assert nvcc["text"].startswith("CUDA runtime version:")


def _ecc_variant(tmp_path: Path, value: str) -> Path:
    text = (REAL / "nvidia-smi-q.txt").read_text()
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("Double Bit ECC"))
    assert line.rstrip().endswith("N/A")
    path = tmp_path / f"q-{value.replace('/', '')}.txt"
    path.write_text(text.replace(line, line.rstrip()[:-3] + value))
    return path


@pytest.mark.parametrize("value, failing", [("0", False), ("N/A", False), ("3", True)])
def test_retired_page_counts_fail_only_when_above_zero(
    tmp_path: Path, value: str, failing: bool
) -> None:
    doc = judged("--from-report", str(_ecc_variant(tmp_path, value)))
    assert ("EC910" in codes(doc, "error")) is failing


def _live_variant(tmp_path: Path, replace: Dict[str, Any]) -> Path:
    """The H200's live snapshot with some installed packages replaced (None: removed); a
    live snapshot, unlike a paste, lists every package, so an absence is a fact."""
    doc = json.loads((REAL / "snapshot-healthy.json").read_text())
    installed = doc["packages"]["installed"]
    for name, version in replace.items():
        installed.pop(name.split("==")[0], None)
        if version:
            installed[name] = version
    path = tmp_path / "snapshot.json"
    path.write_text(json.dumps(doc))
    return path


def test_cuda13_unsuffixed_wheels_satisfy_torch() -> None:
    doc = judged("--from-report", str(REAL / "pip-freeze.txt"))
    assert "EC302" in doc["passed"]


def ec302(path: Path) -> Dict[str, Any]:
    (f,) = [f for f in judged("--snapshot", str(path))["findings"] if f["code"] == "EC302"]
    return f


def test_a_missing_cuda13_cublas_is_still_named(tmp_path: Path) -> None:
    f = ec302(_live_variant(tmp_path, {"nvidia-cublas": None}))
    assert f["severity"] == "error" and f["found"] == "missing: nvidia-cublas"
    assert f["expected"] == "nvidia-cublas, nvidia-cuda-runtime, nvidia-cudnn-cu13"


def test_a_cuda12_cublas_beside_a_cuda13_torch_is_another_major(tmp_path: Path) -> None:
    f = ec302(_live_variant(tmp_path, {"nvidia-cublas": None, "nvidia-cublas-cu12": "12.8.4.1"}))
    assert f["found"] == (
        "missing: nvidia-cublas (installed for another CUDA major: nvidia-cublas-cu12)"
    )
    f = ec302(_live_variant(tmp_path, {"nvidia-cublas": "12.9.1.4"}))
    assert "another CUDA major: nvidia-cublas 12.9.1.4" in f["found"]


def test_a_process_holding_memory_is_named_from_nvidia_smi() -> None:
    doc = judged("--from-report", str(REAL / "nvidia-smi-busy.txt"))
    (f,) = [f for f in doc["findings"] if f["code"] == "EC430"]
    assert f["severity"] == "warning" and "591 python3" in f["found"]


def test_jax_env_lists_its_own_process_which_is_no_contention(tmp_path: Path) -> None:
    assert "EC430" in judged("--from-report", str(REAL / "jax-env.txt"))["passed"]
    # the same paste with JAX's default preallocation (most of the memory) is still no contention
    text = (REAL / "jax-env.txt").read_text()
    big = tmp_path / "jax-prealloc.txt"
    big.write_text(text.replace("528MiB", "107000MiB").replace("537MiB /", "107009MiB /"))
    assert "EC430" in judged("--from-report", str(big))["passed"]


def test_the_live_snapshot_of_the_h200_is_healthy() -> None:
    doc = judged("--snapshot", str(REAL / "snapshot-healthy.json"))
    assert doc["returncode"] == 0
    assert codes(doc, "error") == [] and codes(doc, "warning") == []
    for code in ("EC101", "EC201", "EC302", "EC320", "EC401", "EC420", "EC430"):
        assert code in doc["passed"], code


def test_kernel_results_of_the_healthy_h200_pass() -> None:
    doc = judged("--snapshot", str(REAL / "snapshot-kernels-full.json"))
    assert doc["returncode"] == 0
    assert [c for c in codes(doc, "error") + codes(doc, "warning") if c.startswith("EC8")] == []
    results = {r["test"]: r for r in doc["snapshot"]["kernels"]}
    assert all(r["passed"] for r in results.values())
    # the datasheet peaks envcheck judges with, and what a healthy H200 reached (full mode)
    assert results["gemm_tflops_bf16"]["peak"] == 989.5
    assert 0.6 <= results["gemm_tflops_bf16"]["ratio"] < 0.8
    assert results["d2d_bandwidth"]["ratio"] > 0.8


def test_kernels_beside_a_busy_process_blame_the_process() -> None:
    doc = judged("--snapshot", str(REAL / "snapshot-busy-kernels-quick.json"))
    warned = codes(doc, "warning")
    assert "EC430" in warned and "EC803" in warned and warned.count("EC805") == 3
    for f in doc["findings"]:
        if f["code"] in ("EC803", "EC805"):
            assert "share it (EC430): 591 python3" in f["found"]
            assert f["fix"].startswith("Stop what shares GPU 0")
    assert codes(doc, "error") == []  # every result was still correct


def test_fake_nvidia_smi_replaying_the_h200(tmp_path: Path) -> None:
    fake_nvidia_smi(tmp_path, xml=REAL / "nvidia-smi-q-x.xml", csv=REAL / "nvidia-smi-query.csv")
    d = inspect_json(base_env([str(tmp_path)]))["driver"]
    assert (d["status"], d["version"], d["cuda_version"]) == ("ok", "580.159.04", "13.0")
    (gpu,) = d["gpus"]
    assert gpu["name"] == "NVIDIA H200"
    assert gpu["compute_capability"] == "9.0"
    assert gpu["memory_total_mib"] == 143771
    assert (gpu["pcie_gen"], gpu["pcie_width"]) == (5, 16)
    assert gpu["power_limit_w"] == 700.0
    assert gpu["ecc_enabled"] is True


def test_watch_attached_to_a_gpu_bound_job_on_the_h200() -> None:
    trace = HERE / "fixtures" / "watch" / "recorded" / "h200_pid_gpu_bound.jsonl"
    r = subprocess.run(
        [sys.executable, "-m", "envcheck", "watch", "--replay", str(trace), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    doc = json.loads(r.stdout)
    assert [f["code"] for f in doc["findings"] if f["code"].startswith("EW")] == []
    assert doc["watch"]["summary"]["gpu_busy"] >= 0.9
