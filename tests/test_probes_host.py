"""Kernel side, OS / container / cgroups and CPU / memory from a fake host tree under
ENVCHECK_SYSROOT, and the storage probe against real directories and a real HTTP server."""

from __future__ import annotations

import http.server
import shutil
import socket
import threading
from pathlib import Path
from typing import Iterator

import pytest
from probes_support import FIXTURES, base_env, inspect_json, unknown

PROC_MODULES = """nvidia_uvm 1519616 0 - Live 0x0000000000000000 (POE)
nvidia_drm 77824 0 - Live 0x0000000000000000 (POE)
nvidia 56487936 2 nvidia_uvm,nvidia_drm, Live 0x0000000000000000 (POE)
ext4 1003520 1 - Live 0x0000000000000000
"""

OS_RELEASE = """PRETTY_NAME="Ubuntu 22.04.4 LTS"
NAME="Ubuntu"
VERSION_ID="22.04"
VERSION="22.04.4 LTS (Jammy Jellyfish)"
ID=ubuntu
ID_LIKE=debian
"""

MEMINFO = """MemTotal:       263856128 kB
MemFree:        100000000 kB
MemAvailable:   200000000 kB
SwapTotal:        8388604 kB
SwapFree:         8388600 kB
"""


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture
def fake_root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    write(root / "proc/modules", PROC_MODULES)
    shutil.copy(FIXTURES / "proc-driver-nvidia-version-535.txt", tmp_path / "v")
    write(root / "proc/driver/nvidia/version", (tmp_path / "v").read_text())
    for name in ("nvidia0", "nvidiactl", "nvidia-uvm"):
        write(root / "dev" / name, "")
    (root / "dev/nvidia0").chmod(0o600)
    (root / "dev/nvidiactl").chmod(0o666)
    write(root / "etc/os-release", OS_RELEASE)
    write(root / "proc/sys/kernel/osrelease", "5.15.0-101-generic\n")
    write(root / "proc/version", "Linux version 5.15.0-101-generic (buildd@lcy02-amd64-031)\n")
    write(root / "run/.containerenv", "")
    write(root / "proc/self/cgroup", "0::/\n")
    write(root / "sys/fs/cgroup/cgroup.controllers", "cpu memory io\n")
    write(root / "sys/fs/cgroup/cpu.max", "150000 100000\n")
    write(root / "sys/fs/cgroup/memory.max", "8589934592\n")
    write(root / "proc/meminfo", MEMINFO)
    write(root / "proc/cpuinfo", "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\n")
    write(root / "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n")
    for node in ("node0", "node1"):
        (root / "sys/devices/system/node" / node).mkdir(parents=True)
    write(root / "sys/kernel/mm/transparent_hugepage/enabled", "always madvise [never]\n")
    (root / "dev/shm").mkdir(parents=True, exist_ok=True)
    return root


def test_kernel_side(fake_root: Path) -> None:
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(fake_root)
    k = inspect_json(env)["kernel"]
    assert k["modules"]["nvidia"] is True
    assert k["modules"]["nvidia_uvm"] is True
    assert k["modules"]["nouveau"] is False
    assert k["proc_driver_version"] == "535.161.08"
    assert k["proc_driver_version_text"].startswith("NVRM version:")
    nodes = {n["path"]: n for n in k["device_nodes"]}
    assert set(nodes) == {"/dev/nvidia0", "/dev/nvidiactl", "/dev/nvidia-uvm"}
    assert nodes["/dev/nvidia0"]["mode"] == "-rw-------"
    assert nodes["/dev/nvidiactl"]["mode"] == "-rw-rw-rw-"
    assert nodes["/dev/nvidiactl"]["readable"] is True


def test_os_container_cgroup_v2(fake_root: Path) -> None:
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(fake_root)
    o = inspect_json(env)["os"]
    assert o["distribution"] == "Ubuntu 22.04.4 LTS"
    assert (o["distribution_id"], o["distribution_version"]) == ("ubuntu", "22.04")
    assert o["kernel"] == "5.15.0-101-generic"
    assert o["wsl"] is False
    assert o["container"] == "podman"
    assert o["cgroup_version"] == 2
    assert o["cgroup_cpu_quota_cores"] == 1.5
    assert o["cgroup_memory_limit_bytes"] == 8589934592
    assert isinstance(o["glibc"], str)


def test_kubernetes_env_wins(fake_root: Path) -> None:
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(fake_root)
    env["KUBERNETES_SERVICE_HOST"] = "10.0.0.1"
    assert inspect_json(env)["os"]["container"] == "kubernetes"


def test_cgroup_v1_limits(tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(root / "proc/self/cgroup", "4:memory:/\n3:cpu,cpuacct:/\n0::/\n")
    write(root / "sys/fs/cgroup/cpu/cpu.cfs_quota_us", "400000\n")
    write(root / "sys/fs/cgroup/cpu/cpu.cfs_period_us", "100000\n")
    write(root / "sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n")
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    o = inspect_json(env)["os"]
    assert o["cgroup_version"] == 1
    assert o["cgroup_cpu_quota_cores"] == 4.0
    assert o["cgroup_memory_limit_bytes"] is None  # the "unlimited" sentinel


def test_cpu_memory(fake_root: Path) -> None:
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(fake_root)
    cm = inspect_json(env)["cpu_memory"]
    assert cm["cpu_model"] == "Intel(R) Xeon(R) Platinum 8480+"
    assert cm["governor"] == "performance"
    assert cm["numa_nodes"] == 2
    assert cm["mem_total_bytes"] == 263856128 * 1024
    assert cm["mem_available_bytes"] == 200000000 * 1024
    assert cm["swap_total_bytes"] == 8388604 * 1024
    assert cm["swap_used_bytes"] == 4 * 1024
    assert cm["transparent_hugepages"] == "never"
    assert cm["effective_cores"] <= 1.5  # the cgroup quota caps the usable cores
    assert isinstance(cm["shm_total_bytes"], int)
    assert isinstance(cm["ulimit_nofile"], int)


def test_missing_files_are_unknown_with_reason(tmp_path: Path) -> None:
    root = tmp_path / "bare"
    root.mkdir()
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    data = inspect_json(env)
    assert "not found" in unknown(data["kernel"]["modules"])
    assert "not found" in unknown(data["os"]["distribution"])
    assert "not found" in unknown(data["cpu_memory"]["mem_total_bytes"])
    assert "does not exist" in unknown(data["cpu_memory"]["shm_total_bytes"])
    assert data["kernel"]["proc_driver_version"] is None  # no module loaded: absent


def test_environment_variables(tmp_path: Path) -> None:
    env = base_env()
    env.update(
        CUDA_VISIBLE_DEVICES="0,1",
        NCCL_DEBUG="INFO",
        PYTORCH_CUDA_ALLOC_CONF="expandable_segments:True",
        HF_TOKEN="secret",
        NCCL_API_TOKEN="x",
        UNRELATED="1",
    )
    recorded = inspect_json(env)["env"]
    assert recorded["CUDA_VISIBLE_DEVICES"] == "0,1"
    assert recorded["NCCL_DEBUG"] == "INFO"
    assert recorded["PYTORCH_CUDA_ALLOC_CONF"] == "expandable_segments:True"
    assert "UNRELATED" not in recorded
    assert "HF_TOKEN" not in recorded and "NCCL_API_TOKEN" not in recorded


def test_terraform_variables_are_not_taken_for_tensorflow(tmp_path: Path) -> None:
    """Issue 15: the TF_ prefix caught Terraform's TF_CLI_ARGS & co. in every CI runner's env."""
    terraform = {
        "TF_CLI_ARGS": "-no-color",
        "TF_CLI_ARGS_plan": "-refresh=false",
        "TF_VAR_region": "us-west-1",
        "TF_LOG": "trace",
        "TF_LOG_PATH": "./terraform.log",
        "TF_INPUT": "0",
        "TF_DATA_DIR": "/tmp/tf",
        "TF_WORKSPACE": "prod",
        "TF_IN_AUTOMATION": "1",
    }
    tensorflow = {
        "TF_CPP_MIN_LOG_LEVEL": "3",
        "TF_FORCE_GPU_ALLOW_GROWTH": "true",
        "TF_GPU_ALLOCATOR": "cuda_malloc_async",
        "TF_XLA_FLAGS": "--tf_xla_auto_jit=2",
        "TF_ENABLE_ONEDNN_OPTS": "0",
        "TF_CONFIG": '{"cluster": {}}',
    }
    env = base_env()
    env.update(terraform)
    env.update(tensorflow)
    recorded = inspect_json(env)["env"]
    assert not set(terraform) & set(recorded), sorted(set(terraform) & set(recorded))
    assert {k: recorded.get(k) for k in tensorflow} == tensorflow


# --- storage ---------------------------------------------------------------------------------


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "www").mkdir()
    (tmp_path / "www" / "shard.bin").write_bytes(b"x" * (1 << 20))

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            super().__init__(*args, directory=str(tmp_path / "www"), **kwargs)

        def log_message(self, *args) -> None:  # type: ignore[no-untyped-def]
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_data_dir_and_url(tmp_path: Path, http_server: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    storage = inspect_json(
        base_env(), ["--data-dir", str(data), "--data-url", f"{http_server}/shard.bin"]
    )["storage"]
    dd = storage["data_dir"]
    assert dd["path"] == str(data)
    assert isinstance(dd["filesystem"], str) and dd["filesystem"]
    assert dd["network"] is False
    assert dd["free_bytes"] > 0 and dd["total_bytes"] >= dd["free_bytes"]
    du = storage["data_url"]
    assert du["status_code"] == 200
    assert du["bytes_sampled"] == 1 << 20
    assert du["connect_ms"] >= 0 and du["throughput_mbps"] > 0
    assert du["error"] is None


def test_data_url_refused_and_missing_dir(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    storage = inspect_json(
        base_env(),
        ["--data-dir", str(tmp_path / "nope"), "--data-url", f"http://127.0.0.1:{port}/x"],
    )["storage"]
    assert "does not exist" in unknown(storage["data_dir"])
    assert "cannot connect" in storage["data_url"]["error"]


def test_network_filesystem_from_mountinfo(tmp_path: Path) -> None:
    """A mountinfo line for an NFS mount (format of proc(5)) makes the data dir 'network'."""
    data = tmp_path / "data"
    data.mkdir()
    root = tmp_path / "root"
    write(
        root / "proc/self/mountinfo",
        "22 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
        f"99 22 0:52 / {data} rw,relatime - nfs4 fileserver:/export/data rw,vers=4.2\n",
    )
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    dd = inspect_json(env, ["--data-dir", str(data)])["storage"]["data_dir"]
    assert dd["filesystem"] == "nfs4"
    assert dd["network"] is True
    assert dd["device"] == "fileserver:/export/data"
    assert dd["rotational"] is None


def test_rotational_disk_from_sysfs(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    root = tmp_path / "root"
    write(root / "proc/self/mountinfo", f"30 1 8:17 / {data} rw - xfs /dev/sdb1 rw\n")
    disk = root / "sys/devices/pci0000:00/0000:00:1f.2/ata2/host1/target1:0:0/1:0:0:0/block/sdb"
    write(disk / "queue/rotational", "1\n")
    write(disk / "sdb1/partition", "1\n")
    (root / "sys/dev/block").mkdir(parents=True)
    (root / "sys/dev/block/8:17").symlink_to(disk / "sdb1")
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    dd = inspect_json(env, ["--data-dir", str(data)])["storage"]["data_dir"]
    assert dd["filesystem"] == "xfs"
    assert dd["network"] is False
    assert dd["rotational"] is True


def test_wsl_detected(tmp_path: Path) -> None:
    root = tmp_path / "root"
    write(
        root / "proc/version",
        # WSL 2 kernels carry "microsoft-standard-WSL2" in their release name
        "Linux version 5.15.153.1-microsoft-standard-WSL2\n",
    )
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    assert inspect_json(env)["os"]["wsl"] is True


def test_nvidia_gpus_on_the_pci_bus_without_a_driver(tmp_path: Path) -> None:
    """sysfs shows the GPUs whether or not a driver is bound: 3D/VGA functions count, the
    card's audio function and other vendors' devices do not."""
    root = tmp_path / "root"
    devices = {
        "0000:17:00.0": ("0x10de", "0x030200"),  # NVIDIA 3D controller (H100)
        "0000:65:00.0": ("0x10de", "0x030000"),  # NVIDIA VGA controller (RTX 4090)
        "0000:65:00.1": ("0x10de", "0x040300"),  # its HD audio function
        "0000:00:02.0": ("0x8086", "0x030000"),  # Intel graphics
    }
    for address, (vendor, pci_class) in devices.items():
        write(root / "sys/bus/pci/devices" / address / "vendor", vendor + "\n")
        write(root / "sys/bus/pci/devices" / address / "class", pci_class + "\n")
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    snap = inspect_json(env)
    assert snap["kernel"]["pci_nvidia_gpus"] == ["0000:17:00.0", "0000:65:00.0"]

    empty = tmp_path / "empty"
    (empty / "sys/bus/pci/devices").mkdir(parents=True)
    env["ENVCHECK_SYSROOT"] = str(empty)
    assert inspect_json(env)["kernel"]["pci_nvidia_gpus"] == []
    env["ENVCHECK_SYSROOT"] = str(tmp_path / "nosys")
    assert "not found" in inspect_json(env)["kernel"]["pci_nvidia_gpus"]["unknown"]
