"""`envcheck watch` through the real pynvml code path, against the gcc-built fake
libnvidia-ml (tests/fixtures/probes/fake_nvml.c) driven by a time script (FAKE_NVML_SCRIPT):
the GPU side is scripted, the process tree and host signals are real.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from probes_support import build_fake_nvml

HERE = Path(__file__).parent
JOBS = HERE / "fixtures" / "watch" / "jobs"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")
torch_missing = pytest.mark.skipif(
    subprocess.run([sys.executable, "-c", "import torch"], capture_output=True).returncode != 0,
    reason="torch (CPU build) not installed",
)


@pytest.fixture(scope="module")
def nvml_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_fake_nvml(tmp_path_factory.mktemp("fake-nvml"))


def watch(
    nvml_dir: Path, tmp_path: Path, script: str, job: List[str], *opts: str, **fake: str
) -> Dict[str, Any]:
    import os

    (tmp_path / "script").write_text(script)
    env = dict(
        os.environ, LD_LIBRARY_PATH=str(nvml_dir), FAKE_NVML_SCRIPT=str(tmp_path / "script"), **fake
    )
    report, trace = tmp_path / "r.json", tmp_path / "t.jsonl"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "envcheck",
            "watch",
            "--no-verify",
            "--format",
            "json",
            "--output",
            str(report),
            "--record",
            str(trace),
            *opts,
            "--",
            *job,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert r.returncode == 0, r.stderr
    doc = json.loads(report.read_text())
    doc["_trace"] = [json.loads(x) for x in trace.read_text().splitlines()[1:]]
    return doc


def codes(doc: Dict[str, Any]) -> List[str]:
    return [f["code"] for f in doc["findings"]]


SLEEP = [sys.executable, "-c", "import time; time.sleep(4)"]


@torch_missing
def test_num_workers_0_with_a_starved_gpu_is_ew103(nvml_dir: Path, tmp_path: Path) -> None:
    doc = watch(
        nvml_dir,
        tmp_path,
        "0 0 util 25\n",
        [sys.executable, str(JOBS / "loader.py"), "0", "7"],
        "--warmup",
        "2",
        "--window",
        "5",
        FAKE_NVML_COUNT="1",
    )
    assert "EW103" in codes(doc), doc["watch"]["summary"]
    ev = next(f for f in doc["findings"] if f["code"] == "EW103")["evidence"]
    assert ev["workers"] == 0 and ev["gpu_busy"] == pytest.approx(0.25)


@torch_missing
def test_cpu_bound_workers_with_a_starved_gpu_is_ew101_medium(
    nvml_dir: Path, tmp_path: Path
) -> None:
    doc = watch(
        nvml_dir,
        tmp_path,
        "0 0 util 30\n",
        [sys.executable, str(JOBS / "loader.py"), "2", "8"],
        "--warmup",
        "2",
        "--window",
        "4",
        FAKE_NVML_COUNT="1",
    )
    assert "EW101" in codes(doc), doc["watch"]["summary"]
    f = next(f for f in doc["findings"] if f["code"] == "EW101")
    assert f["evidence"]["confidence"] == "medium" and "GPU busy 30%" in f["found"]


def test_a_foreign_process_computing_on_the_gpu_is_ew131(nvml_dir: Path, tmp_path: Path) -> None:
    doc = watch(
        nvml_dir,
        tmp_path,
        "0 0 util 95\n0 0 proc_sm 60\n",
        SLEEP,
        "--warmup",
        "0.5",
        FAKE_NVML_COUNT="1",
    )
    assert "EW131" in codes(doc)
    f = next(f for f in doc["findings"] if f["code"] == "EW131")
    assert "4242" in f["found"] and f["gpu"] == 0


def test_throttle_bits_over_time(nvml_dir: Path, tmp_path: Path) -> None:
    script = "0 0 util 97\n0 0 reasons 0\n1 0 reasons 32\n1 0 sm_clock 1100\n"
    doc = watch(nvml_dir, tmp_path, script, SLEEP, "--warmup", "0.5", FAKE_NVML_COUNT="1")
    assert "EW141" in codes(doc) and "EW142" not in codes(doc)
    power_cap = watch(
        nvml_dir,
        tmp_path,
        "0 0 util 97\n0 0 reasons 4\n",
        SLEEP,
        "--warmup",
        "0.5",
        FAKE_NVML_COUNT="1",
    )
    assert not {"EW141", "EW142"} & set(codes(power_cap))  # SW power cap is normal [S66]


def test_not_supported_fields_become_skips_with_the_reason(nvml_dir: Path, tmp_path: Path) -> None:
    doc = watch(
        nvml_dir,
        tmp_path,
        "0 0 util 95\n",
        SLEEP,
        "--warmup",
        "0.5",
        FAKE_NVML_COUNT="1",
        FAKE_NVML_NOT_SUPPORTED="nvmlDeviceGetComputeRunningProcesses_v3,"
        "nvmlDeviceGetCurrentClocksEventReasons",
    )
    skipped = {s["code"]: s["reason"] for s in doc["skipped"]}
    assert "not supported" in skipped["EW131"]
    assert "clock-event reasons not readable" in skipped["EW141"]
    gpu_rows = [r for r in doc["_trace"] if r["src"] == "gpu"]
    assert gpu_rows and all(r["util"] == 95 for r in gpu_rows)


def test_a_gpu_lost_mid_run_is_reported_not_a_crash(nvml_dir: Path, tmp_path: Path) -> None:
    doc = watch(
        nvml_dir, tmp_path, "0 0 util 90\n0 1 util 90\n2 1 lost 1\n", SLEEP, "--warmup", "0.5"
    )
    lost = doc["watch"]["summary"]["gpus_lost"]
    assert [x["gpu"] for x in lost] == [1] and 1.5 <= lost[0]["t"] <= 4
    late = [r for r in doc["_trace"] if r["src"] == "gpu" and r["i"] == 1 and r["t"] > 3]
    assert late and all("GPU is lost" in r["util"]["unknown"] for r in late)
    early0 = [r for r in doc["_trace"] if r["src"] == "gpu" and r["i"] == 0]
    assert all(r["util"] == 90 for r in early0)  # the other GPU keeps being read
