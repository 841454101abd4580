"""EC5xx OS-setting checks: fire on a container / badly set host, quiet on a healthy one."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.policy import GIB, Policy


def test_ec501_docker_default_shm():
    (f,) = fires(load("container_small_shm"), "EC501", severity="error")
    assert "64.0 MiB" in f.found and "--shm-size=8g" in f.fix  # 1 GiB x 8 GPUs


def test_ec501_threshold_scales_with_gpus_and_policy():
    s = load("healthy_h100")
    s.cpu_memory.shm_total_bytes = 6 * GIB
    fires(s, "EC501")  # 8 GPUs need 8 GiB by default
    p = Policy()
    p.thresholds.shm_min_bytes_per_gpu = 512 * 1024**2
    quiet(s, "EC501", p)


def test_ec501_kubernetes_fix_is_an_emptydir():
    s = load("container_small_shm")
    s.os.container = "kubernetes"
    (f,) = fires(s, "EC501")
    assert "emptyDir" in f.fix


def test_ec501_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC501")


def test_ec502_memlock_8mib_on_8_gpus():
    (f,) = fires(load("container_small_shm"), "EC502")
    assert "--ulimit memlock=-1" in f.fix


def test_ec502_quiet_unlimited_and_single_gpu():
    quiet(load("healthy_h100"), "EC502")
    assert "fewer than 2 GPUs" in skipped(load("blackwell_5090_torch_cu124"), "EC502")


def test_ec503_cgroup_quota_leaves_2_cores_per_gpu():
    (f,) = fires(load("container_small_shm"), "EC503")
    assert "2.0 per GPU" in f.found and "--cpus=32" in f.fix


def test_ec503_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC503")


def test_ec504_powersave_is_info():
    fires(load("blackwell_5090_torch_cu124"), "EC504", severity="info")


def test_ec504_quiet_on_performance():
    quiet(load("healthy_h100"), "EC504")


def test_ec505_swap_in_use():
    s = load("healthy_h100")
    s.cpu_memory.swap_total_bytes, s.cpu_memory.swap_used_bytes = 8 * GIB, 3 * GIB
    fires(s, "EC505")


def test_ec505_quiet_without_swap():
    quiet(load("healthy_h100"), "EC505")


def test_ec506_low_available_memory():
    s = load("healthy_h100")
    s.cpu_memory.mem_available_bytes = 2 * GIB
    fires(s, "EC506")


def test_ec506_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC506")


def test_ec507_cuda_visible_devices_names_absent_gpu():
    s = load("blackwell_5090_torch_cu124")
    s.env["CUDA_VISIBLE_DEVICES"] = "0,1"
    (f,) = fires(s, "EC507", severity="error")
    assert "1" in f.found and f.fix.startswith("export CUDA_VISIBLE_DEVICES=0")


def test_ec507_empty_value_hides_all_gpus():
    s = load("healthy_h100")
    s.env["CUDA_VISIBLE_DEVICES"] = ""
    fires(s, "EC507", severity="warning")


def test_ec507_quiet_on_valid_indices_and_uuid_prefix():
    s = load("healthy_h100")
    s.env["CUDA_VISIBLE_DEVICES"] = "0,7"
    quiet(s, "EC507")
    s.env["CUDA_VISIBLE_DEVICES"] = s.driver.gpus[3].uuid[:12]
    quiet(s, "EC507")
