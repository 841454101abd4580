"""The nvidia-smi fallback, driven by fake `nvidia-smi` executables on PATH that print captured
real outputs (tests/fixtures/probes/*.source say where each came from). No NVML library is
loadable in these tests, so the driver probe falls back to nvidia-smi."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from probes_support import (
    FIXTURES,
    base_env,
    fake_nvidia_smi,
    inspect_json,
    run_inspect,
    unknown,
    write_exe,
)


def smi_env(bindir: Path) -> dict:
    return base_env([str(bindir)])


def test_a100_mig_xml(tmp_path: Path) -> None:
    fake_nvidia_smi(tmp_path, xml=FIXTURES / "nvidia-smi-q-x-a100-sxm4-mig.xml")
    d = inspect_json(smi_env(tmp_path))["driver"]
    assert d["status"] == "ok"
    assert d["source"] == "nvidia-smi"
    assert d["version"] == "510.47.03"
    assert d["cuda_version"] == "11.6"
    assert "library-not-found" in d["detail"]
    (gpu,) = d["gpus"]
    assert gpu["name"] == "NVIDIA A100-SXM4-40GB"
    assert gpu["uuid"] == "GPU-27b94a00-ed54-5c24-b1fd-1054085de32a"
    assert gpu["pci_bus_id"] == "00000000:00:04.0"
    assert gpu["mig_enabled"] is True
    assert gpu["memory_total_mib"] == 40960
    assert gpu["memory_used_mib"] == 38
    assert gpu["temperature_c"] == 36
    assert gpu["temperature_slowdown_c"] == 89
    assert gpu["temperature_shutdown_c"] == 92
    assert gpu["power_draw_w"] == 66.92
    assert gpu["power_limit_w"] == 400.0
    assert (gpu["sm_clock_mhz"], gpu["sm_clock_max_mhz"]) == (1410, 1410)
    assert (gpu["mem_clock_mhz"], gpu["mem_clock_max_mhz"]) == (1215, 1215)
    assert gpu["throttle_reasons"] == []
    assert gpu["persistence_mode"] is False
    assert gpu["ecc_enabled"] is True
    assert gpu["ecc_aggregate_uncorrected"] == 0
    assert "N/A" in unknown(gpu["ecc_volatile_uncorrected"])
    assert "N/A" in unknown(gpu["remapped_rows_pending"])
    assert (gpu["pcie_gen"], gpu["pcie_gen_max"], gpu["pcie_width"]) == (4, 4, 16)
    assert gpu["processes"] == []
    assert unknown(gpu["compute_capability"])  # this fake has no --query-gpu answer


def test_rtx4090_xml_driver_535(tmp_path: Path) -> None:
    fake_nvidia_smi(tmp_path, xml=FIXTURES / "nvidia-smi-q-x-rtx4090-535.xml")
    d = inspect_json(smi_env(tmp_path))["driver"]
    assert (d["status"], d["version"], d["cuda_version"]) == ("ok", "535.86.05", "12.2")
    (gpu,) = d["gpus"]
    assert gpu["name"] == "NVIDIA GeForce RTX 4090"
    assert gpu["throttle_reasons"] == ["gpu_idle"]  # <clocks_event_reasons> (newer drivers)
    assert gpu["power_draw_w"] == 26.84
    assert gpu["power_limit_w"] == 450.0
    assert gpu["ecc_enabled"] is False
    assert gpu["remapped_rows_pending"] is False and gpu["remapped_rows_failure"] is False
    assert (gpu["pcie_gen"], gpu["pcie_gen_max"]) == (1, 3)
    assert gpu["memory_total_mib"] == 24564
    assert gpu["persistence_mode"] is True
    assert unknown(gpu["temperature_slowdown_c"])  # only relative T.Limit values reported


def test_query_gpu_csv_when_xml_is_garbage(tmp_path: Path) -> None:
    fake_nvidia_smi(
        tmp_path,
        xml_text="<nvidia_smi_log><gpu><garbage",
        csv=FIXTURES / "nvidia-smi-query-gpu-tesla-p100.csv",
    )
    d = inspect_json(smi_env(tmp_path))["driver"]
    assert d["status"] == "ok"
    assert "unreadable" in d["detail"] and "--query-gpu" in d["detail"]
    (gpu,) = d["gpus"]
    assert gpu["name"] == "Tesla P100-PCIE-16GB"
    assert gpu["uuid"] == "GPU-ef1b2c9b-38d8-2090-2bd1-f567a3eb42a6"
    assert gpu["memory_used_mib"] == 0 and gpu["memory_free_mib"] == 16280
    assert gpu["temperature_c"] == 37
    assert gpu["power_draw_w"] == 28.16
    assert gpu["sm_clock_mhz"] == 405 and gpu["mem_clock_mhz"] == 715


def test_exit_9_driver_not_loaded(tmp_path: Path) -> None:
    message = (FIXTURES / "nvidia-smi-failed-no-driver.txt").read_text().strip()
    write_exe(tmp_path, "nvidia-smi", f'#!/bin/sh\necho "{message}"\nexit 9\n')
    proc, _ = run_inspect(["--json"], smi_env(tmp_path))
    assert proc.returncode == 0, proc.stderr
    d = json.loads(proc.stdout)["driver"]
    assert d["status"] == "driver-not-loaded"
    assert "exited with code 9" in d["detail"]
    assert "couldn't communicate with the NVIDIA driver" in d["detail"]
    assert unknown(d["gpus"])


def test_version_mismatch_message(tmp_path: Path) -> None:
    message = (FIXTURES / "nvidia-smi-failed-mismatch.txt").read_text().strip()
    write_exe(tmp_path, "nvidia-smi", f'#!/bin/sh\necho "{message}"\nexit 1\n')
    d = inspect_json(smi_env(tmp_path))["driver"]
    assert d["status"] == "version-mismatch"


def test_unknown_failure_keeps_exit_code(tmp_path: Path) -> None:
    write_exe(
        tmp_path,
        "nvidia-smi",
        "#!/bin/sh\necho 'Unable to determine the device handle' >&2\nexit 15\n",
    )
    d = inspect_json(smi_env(tmp_path))["driver"]
    assert d["status"] == "nvidia-smi-failed"
    assert "code 15" in d["detail"]


def test_hung_nvidia_smi_is_killed_within_timeout(tmp_path: Path) -> None:
    pidfile = tmp_path / "smi.pid"
    write_exe(tmp_path, "nvidia-smi", f"#!/bin/sh\necho $$ > '{pidfile}'\nexec sleep 600\n")
    proc, elapsed = run_inspect(["--json", "--timeout", "1.5"], smi_env(tmp_path), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert elapsed < 1.5 + 8.0  # probe timeout plus interpreter start-up (on a busy machine)
    d = json.loads(proc.stdout)["driver"]
    assert d["status"] == "nvidia-smi-hung"
    assert "did not answer" in d["detail"]
    # the hung process (and its group) was killed, not left behind
    pid = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while os.path.exists(f"/proc/{pid}") and time.monotonic() < deadline:
        time.sleep(0.05)
    stat = Path(f"/proc/{pid}/stat")
    assert not stat.exists() or stat.read_text().split()[2] == "Z"


def test_numa_affinity_from_sysfs(tmp_path: Path) -> None:
    """nvidia-smi gives no NUMA facts; they come from /sys/bus/pci/devices/<bus id>/."""
    fake_nvidia_smi(tmp_path / "bin", xml=FIXTURES / "nvidia-smi-q-x-a100-sxm4-mig.xml")
    dev = tmp_path / "root/sys/bus/pci/devices/0000:00:04.0"
    dev.mkdir(parents=True)
    (dev / "numa_node").write_text("1\n")
    (dev / "local_cpulist").write_text("16-31,48-63\n")
    env = smi_env(tmp_path / "bin")
    env["ENVCHECK_SYSROOT"] = str(tmp_path / "root")
    (gpu,) = inspect_json(env)["driver"]["gpus"]
    assert gpu["numa_node"] == 1
    assert gpu["cpu_affinity"] == "16-31,48-63"


def test_compute_mode_from_the_xml(tmp_path: Path) -> None:
    real = (FIXTURES / "nvidia-smi-q-x-rtx4090-535.xml").read_text()
    fake_nvidia_smi(tmp_path / "default", xml=FIXTURES / "nvidia-smi-q-x-rtx4090-535.xml")
    (gpu,) = inspect_json(smi_env(tmp_path / "default"))["driver"]["gpus"]
    assert gpu["compute_mode"] == "default"
    changed = real.replace(
        "<compute_mode>Default</compute_mode>", "<compute_mode>Exclusive_Process</compute_mode>"
    )
    assert changed != real
    fake_nvidia_smi(tmp_path / "exclusive", xml_text=changed)
    (gpu,) = inspect_json(smi_env(tmp_path / "exclusive"))["driver"]["gpus"]
    assert gpu["compute_mode"] == "exclusive_process"
