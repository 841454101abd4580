"""The NVML probe against a fake libnvidia-ml.so.1 built from C in this test session.

The real pynvml code runs: `envcheck inspect --json` is started with LD_LIBRARY_PATH pointing at
the fake library, which answers for two GPUs (H100-class and RTX 4090-class) and fails on demand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, Dict

import pytest
from probes_support import (
    FIXTURES,
    base_env,
    build_fake_nvml,
    fake_nvidia_smi,
    inspect_json,
    run_inspect,
    unknown,
)

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")


@pytest.fixture(scope="session")
def nvml_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_fake_nvml(tmp_path_factory.mktemp("fake-nvml"))


def nvml_env(nvml_dir: Path, **fake: str) -> Dict[str, str]:
    env = base_env()
    env["LD_LIBRARY_PATH"] = str(nvml_dir)
    env.update(fake)
    return env


def driver_of(nvml_dir: Path, **fake: str) -> Dict[str, Any]:
    return inspect_json(nvml_env(nvml_dir, **fake))["driver"]


def test_two_gpus_every_fact(nvml_dir: Path) -> None:
    d = driver_of(nvml_dir)
    assert d["status"] == "ok"
    assert d["source"] == "nvml"
    assert d["version"] == "550.54.15"
    assert d["cuda_version"] == "12.4"
    assert d["nvml_version"] == "12.550.54.15"
    assert d["nvml_library_path"].endswith("libnvidia-ml.so.550.54.15")
    h100, rtx = d["gpus"]
    assert h100["index"] == 0 and rtx["index"] == 1
    assert h100["name"] == "NVIDIA H100 80GB HBM3"
    assert h100["uuid"] == "GPU-5f3d1c62-0d7e-4b59-9a8c-1e2f3a4b5c6d"
    assert h100["pci_bus_id"] == "00000000:18:00.0"
    assert h100["compute_capability"] == "9.0"
    assert h100["memory_total_mib"] == 81559
    assert h100["memory_used_mib"] == 1024
    assert h100["memory_free_mib"] == 80535
    assert h100["temperature_c"] == 34
    assert h100["temperature_slowdown_c"] == 87
    assert h100["temperature_shutdown_c"] == 92
    assert h100["power_draw_w"] == 71.25
    assert h100["power_limit_w"] == 700.0
    assert (h100["sm_clock_mhz"], h100["sm_clock_max_mhz"]) == (1980, 1980)
    assert (h100["mem_clock_mhz"], h100["mem_clock_max_mhz"]) == (2619, 2619)
    assert h100["throttle_reasons"] == []
    assert h100["persistence_mode"] is True
    assert h100["ecc_enabled"] is True
    assert h100["ecc_volatile_uncorrected"] == 0
    assert h100["ecc_aggregate_uncorrected"] == 0
    assert h100["ecc_volatile_corrected"] == 2
    assert (h100["retired_pages_sbe"], h100["retired_pages_dbe"]) == (0, 0)
    assert h100["retired_pages_pending"] is False
    assert h100["remapped_rows_pending"] is False and h100["remapped_rows_failure"] is False
    assert (h100["pcie_gen"], h100["pcie_gen_max"]) == (5, 5)
    assert (h100["pcie_width"], h100["pcie_width_max"]) == (16, 16)
    assert h100["mig_enabled"] is False
    assert h100["numa_node"] == 0
    assert h100["cpu_affinity"] == "0-15"
    assert h100["processes"] == [{"pid": 4242, "name": "python3", "used_memory_mib": 1024}]

    assert rtx["name"] == "NVIDIA GeForce RTX 4090"
    assert rtx["compute_capability"] == "8.9"
    assert rtx["memory_total_mib"] == 24564
    assert rtx["throttle_reasons"] == ["gpu_idle"]
    assert (rtx["pcie_gen"], rtx["pcie_gen_max"]) == (1, 3)
    assert rtx["numa_node"] == 1 and rtx["cpu_affinity"] == "16-31"
    assert rtx["processes"] == []
    # A GeForce card answers NOT_SUPPORTED for these: each is unknown on its own.
    for fact in ("ecc_enabled", "retired_pages_sbe", "remapped_rows_pending", "mig_enabled"):
        assert "not supported" in unknown(rtx[fact]), fact
    assert rtx["ecc_volatile_uncorrected"] is None  # not asked when ECC is not known to be on


def test_text_summary_shows_both_gpus(nvml_dir: Path) -> None:
    proc, _ = run_inspect([], nvml_env(nvml_dir))
    assert proc.returncode == 0, proc.stderr
    assert "GPU 0: NVIDIA H100 80GB HBM3" in proc.stdout
    assert "GPU 1: NVIDIA GeForce RTX 4090" in proc.stdout
    assert "unknown: NVML: not supported" in proc.stdout


def test_driver_not_loaded(nvml_dir: Path) -> None:
    d = driver_of(nvml_dir, FAKE_NVML_INIT_ERROR="9")
    assert d["status"] == "driver-not-loaded"
    assert "driver not loaded" in d["detail"]
    assert unknown(d["gpus"]) and unknown(d["version"])


def test_version_mismatch_reported_by_nvml(nvml_dir: Path, tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "proc/driver/nvidia").mkdir(parents=True)
    shutil.copy(
        FIXTURES / "proc-driver-nvidia-version-535.txt", root / "proc/driver/nvidia/version"
    )
    d = driver_of(nvml_dir, FAKE_NVML_INIT_ERROR="18", ENVCHECK_SYSROOT=str(root))
    assert d["status"] == "version-mismatch"
    assert "550.54.15" in d["detail"] and "535.161.08" in d["detail"]


def test_version_mismatch_from_proc_version(nvml_dir: Path, tmp_path: Path) -> None:
    """NVML answers, but the loaded kernel module is another version."""
    root = tmp_path / "root"
    (root / "proc/driver/nvidia").mkdir(parents=True)
    shutil.copy(
        FIXTURES / "proc-driver-nvidia-version-550-open.txt", root / "proc/driver/nvidia/version"
    )
    data = inspect_json(nvml_env(nvml_dir, ENVCHECK_SYSROOT=str(root)))
    assert data["driver"]["status"] == "version-mismatch"
    assert "550.90.07" in data["driver"]["detail"]
    assert data["kernel"]["proc_driver_version"] == "550.90.07"


def test_matching_proc_version_is_ok(nvml_dir: Path, tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "proc/driver/nvidia").mkdir(parents=True)
    shutil.copy(
        FIXTURES / "proc-driver-nvidia-version-550-open.txt", root / "proc/driver/nvidia/version"
    )
    d = driver_of(nvml_dir, ENVCHECK_SYSROOT=str(root), FAKE_NVML_DRIVER_VERSION="550.90.07")
    assert d["status"] == "ok"
    assert d["version"] == "550.90.07"


def test_one_call_not_supported(nvml_dir: Path) -> None:
    d = driver_of(nvml_dir, FAKE_NVML_NOT_SUPPORTED="nvmlDeviceGetPowerUsage")
    assert d["status"] == "ok"
    for gpu in d["gpus"]:
        assert "not supported" in unknown(gpu["power_draw_w"])
        assert isinstance(gpu["power_limit_w"], float)
        assert isinstance(gpu["temperature_c"], int)


def test_gpu_lost_mid_query(nvml_dir: Path) -> None:
    d = driver_of(nvml_dir, FAKE_NVML_LOST_AFTER="nvmlDeviceGetPowerUsage")
    h100, rtx = d["gpus"]
    assert h100["sm_clock_mhz"] == 1980  # the other GPU is untouched
    assert rtx["name"] == "NVIDIA GeForce RTX 4090"
    assert rtx["power_draw_w"] == 26.84  # answered before the GPU was lost
    for fact in ("power_limit_w", "sm_clock_mhz", "pcie_gen", "processes"):
        assert "GPU is lost" in unknown(rtx[fact]), fact


def test_no_gpus(nvml_dir: Path) -> None:
    d = driver_of(nvml_dir, FAKE_NVML_COUNT="0")
    assert d["status"] == "no-gpus"
    assert d["gpus"] == []


def test_hung_nvml_call_stays_within_timeout(nvml_dir: Path) -> None:
    env = nvml_env(nvml_dir, FAKE_NVML_HANG="nvmlDeviceGetTemperature")
    proc, elapsed = run_inspect(["--json", "--timeout", "1"], env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert elapsed < 1 + 8.0  # the probe timeout plus interpreter start-up (on a busy machine)
    import json

    data = json.loads(proc.stdout)
    # A driver probe that never returned is judged like a hung nvidia-smi (EC403), never
    # "unknown, skipped" (issue 16: a timed-out driver probe is not evidence of health).
    assert data["driver"]["status"] == "probe-timed-out", data["driver"]
    assert "did not finish within 1 s" in data["driver"]["detail"]
    assert data["python"]["version"]  # the other sections are still there


def test_nvml_fails_and_nvidia_smi_agrees(nvml_dir: Path, tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    message = (FIXTURES / "nvidia-smi-failed-no-driver.txt").read_text()
    from probes_support import write_exe

    write_exe(bindir, "nvidia-smi", f"#!/bin/sh\nprintf '%s' \"{message.strip()}\"\nexit 9\n")
    env = base_env([str(bindir)])
    env["LD_LIBRARY_PATH"] = str(nvml_dir)
    env["FAKE_NVML_INIT_ERROR"] = "9"
    d = inspect_json(env)["driver"]
    assert d["status"] == "driver-not-loaded"
    assert d["source"] == "nvidia-smi"
    assert "couldn't communicate" in d["detail"] and "NVML" in d["detail"]


def test_xml_fallback_used_when_nvml_fails(nvml_dir: Path, tmp_path: Path) -> None:
    fake_nvidia_smi(tmp_path / "bin", xml=FIXTURES / "nvidia-smi-q-x-rtx4090-535.xml")
    env = base_env([str(tmp_path / "bin")])
    env["LD_LIBRARY_PATH"] = str(nvml_dir)
    env["FAKE_NVML_INIT_ERROR"] = "999"
    d = inspect_json(env)["driver"]
    assert d["status"] == "ok" and d["source"] == "nvidia-smi"
    assert "NVML: error" in d["detail"]
    assert d["gpus"][0]["name"] == "NVIDIA GeForce RTX 4090"


def test_collect_returns_at_timeout_when_nvml_hangs(nvml_dir: Path) -> None:
    """Measured inside the process: collect() itself ends at its timeout plus a small margin."""
    import subprocess
    import sys

    code = (
        "import json, time\n"
        "from envcheck.probes import collect\n"
        "t = time.monotonic()\n"
        "snap = collect(timeout=1.0)\n"
        "print(json.dumps([time.monotonic() - t, str(snap.driver)]))\n"
    )
    env = nvml_env(nvml_dir, FAKE_NVML_HANG="nvmlDeviceGetName")
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    import json

    elapsed, driver = json.loads(proc.stdout)
    assert elapsed < 1.0 + 1.5  # timeout + margin (generous for a loaded machine)
    assert "probe-timed-out" in driver and "did not finish within 1 s" in driver


def test_compute_mode_is_read_from_nvml(nvml_dir: Path) -> None:
    assert [g["compute_mode"] for g in driver_of(nvml_dir)["gpus"]] == ["default", "default"]
    modes = driver_of(nvml_dir, FAKE_NVML_COMPUTE_MODE="3")["gpus"]
    assert [g["compute_mode"] for g in modes] == ["exclusive_process"] * 2
    strange = driver_of(nvml_dir, FAKE_NVML_COMPUTE_MODE="7")["gpus"]
    assert all("unrecognised NVML compute mode 7" in unknown(g["compute_mode"]) for g in strange)
    unsupported = driver_of(nvml_dir, FAKE_NVML_NOT_SUPPORTED="nvmlDeviceGetComputeMode")
    assert all("not supported" in unknown(g["compute_mode"]) for g in unsupported["gpus"])


def test_a_prohibited_gpu_fails_the_live_verify(nvml_dir: Path) -> None:
    import subprocess
    import sys

    env = nvml_env(nvml_dir, FAKE_NVML_COMPUTE_MODE="2")
    proc = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--only", "EC441", "--format", "json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in proc.stderr
    findings = [f for f in json.loads(proc.stdout)["findings"] if f["code"] == "EC441"]
    assert [(f["gpu"], f["severity"]) for f in findings] == [(0, "error"), (1, "error")]
    assert proc.returncode != 0
