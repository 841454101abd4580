"""EC4xx GPU checks: fire on a sick node, quiet on a healthy one."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.policy import Policy
from envcheck.snapshot import GpuProcess, Unknown


def test_ec401_volatile_uncorrectable_ecc():
    (f,) = fires(load("sick_gpus"), "EC401", severity="error")
    assert f.gpu == 2 and "nvidia-smi -r -i 2" in f.fix


def test_ec401_aggregate_only_is_a_warning():
    s = load("healthy_h100")
    s.driver.gpus[6].ecc_aggregate_uncorrected = 1
    (f,) = fires(s, "EC401", severity="warning")
    assert f.gpu == 6


def test_ec401_quiet_on_healthy_and_skipped_when_unknown():
    quiet(load("healthy_h100"), "EC401")
    s = load("healthy_h100")
    for g in s.driver.gpus:
        g.ecc_volatile_uncorrected = g.ecc_aggregate_uncorrected = Unknown("Not Supported")
    assert "ECC" in skipped(s, "EC401")


def test_ec402_pending_remap_and_failure():
    (f,) = fires(load("sick_gpus"), "EC402")
    assert f.gpu == 2 and "pending" in f.found
    s = load("healthy_h100")
    s.driver.gpus[0].remapped_rows_failure = True
    (f,) = fires(s, "EC402")
    assert "RMA" in f.fix


def test_ec402_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC402")


def test_ec403_hung_nvidia_smi():
    s = load("healthy_h100")
    s.driver.status = "nvidia-smi-hung"
    s.driver.gpus = Unknown("nvidia-smi timed out after 5 s")
    fires(s, "EC403")


def test_ec403_module_loaded_but_no_gpu_listed():
    s = load("healthy_h100")
    s.driver.status = "no-gpus"
    s.driver.gpus = []
    fires(s, "EC403")


def test_ec403_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC403")


def test_ec404_mig_enabled_unexpectedly():
    s = load("healthy_h100")
    s.driver.gpus[0].mig_enabled = True
    (f,) = fires(s, "EC404", severity="warning")
    assert "-mig 0" in f.fix


def test_ec404_quiet_when_off_or_when_policy_decides():
    quiet(load("healthy_h100"), "EC404")
    s = load("healthy_h100")
    s.driver.gpus[0].mig_enabled = True
    assert "EC705" in skipped(s, "EC404", Policy(gpu_mig=True))


def test_ec410_hw_slowdown():
    (f,) = fires(load("sick_gpus"), "EC410", severity="warning")
    assert f.gpu == 1 and "990/1980" in f.found


def test_ec410_power_cap_alone_is_info_and_idle_is_ignored():
    s = load("healthy_h100")
    s.driver.gpus[0].throttle_reasons = ["sw_power_cap"]
    fires(s, "EC410", severity="info")
    s = load("healthy_h100")
    for g in s.driver.gpus:
        g.throttle_reasons = ["gpu_idle", "applications_clocks_setting"]
    quiet(s, "EC410")


def test_ec411_temperature_margin_from_policy():
    found = fires(load("sick_gpus"), "EC411")
    assert {f.gpu for f in found} == {1, 5}
    p = Policy()
    p.thresholds.temperature_margin_c = 2
    assert {f.gpu for f in fires(load("sick_gpus"), "EC411", p)} == {1}


def test_ec411_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC411")


def test_ec420_width_below_max_is_an_error():
    (f,) = fires(load("sick_gpus"), "EC420", severity="error")
    assert f.gpu == 3 and "x8" in f.found


def test_ec420_gen_below_max_when_idle_is_info_busy_is_warning():
    s = load("healthy_h100")
    s.driver.gpus[0].pcie_gen = 1
    s.driver.gpus[0].throttle_reasons = ["gpu_idle"]
    (f,) = fires(s, "EC420", severity="info")
    assert "idle" in f.found
    s.driver.gpus[0].throttle_reasons = []
    s.driver.gpus[0].processes = [GpuProcess(pid=7, name="python", used_memory_mib=1000)]
    fires(s, "EC420", severity="warning")


def test_ec420_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC420")


def test_ec430_leftover_process():
    (f,) = fires(load("sick_gpus"), "EC430")
    assert f.gpu == 4 and "48213" in f.found and "kill 48213" in f.fix


def test_ec430_memory_used_by_invisible_processes():
    s = load("healthy_h100")
    s.driver.gpus[0].processes = Unknown("not visible in this container")
    s.driver.gpus[0].memory_used_mib = 30000
    fires(s, "EC430")


def test_ec430_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC430")


def test_ec440_persistence_off_is_info():
    (f,) = fires(load("blackwell_5090_torch_cu124"), "EC440", severity="info")
    assert "nvidia-persistenced" in f.fix


def test_ec440_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC440")


def _with_mode(mode: object, gpu: int = 1):  # noqa: ANN202 - a Snapshot
    s = load("healthy_h100")
    for g in s.driver.gpus:
        g.compute_mode = "default"
    s.driver.gpus[gpu].compute_mode = mode
    return s


def test_ec441_prohibited_is_an_error_on_that_gpu():
    (f,) = fires(_with_mode("prohibited"), "EC441", severity="error")
    assert f.gpu == 1 and "nvidia-smi -i 1 -c DEFAULT" in f.fix


def test_ec441_exclusive_thread_warns_and_exclusive_process_informs():
    fires(_with_mode("exclusive_thread"), "EC441", severity="warning")
    fires(_with_mode("exclusive_process"), "EC441", severity="info")


def test_ec441_quiet_on_default_and_skipped_when_unknown():
    quiet(_with_mode("default"), "EC441")
    s = load("healthy_h100")
    for g in s.driver.gpus:
        g.compute_mode = Unknown("Not Supported")
    assert "compute mode" in skipped(s, "EC441")


def test_ec107_ollama_below_its_documented_driver():
    s = load("healthy_h100")  # driver 550.54.15 on H100s
    s.packages.installed["ollama"] = "0.33.1"
    s.driver.version = "535.183.01"
    (f,) = fires(s, "EC107", severity="warning")
    assert "550" in f.expected and f.evidence["source"].startswith("https://docs.ollama.com/")
    s.driver.version = "550.54.15"  # at the minimum; the 570 floor is for GPUs below 7.0
    quiet(s, "EC107")
