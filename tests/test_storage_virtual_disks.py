"""EC601 on virtual machines (issue 15): a hypervisor's emulated disk reports rotational=1 by
default, so it is "unknown", never "a spinning disk"; the fix text names the user's own path.

Real `envcheck verify` runs over small sysfs trees shaped like the real ones (ENVCHECK_SYSROOT):
the virtio-blk layout is copied from a Firecracker VM (`/sys/block/vda` ->
`/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda`, vendor 0x1af4, rotational 1).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Dict, Optional

import pytest
from probes_support import base_env


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _disk(root: Path, sys_path: str, majmin: str, ids: Optional[Dict[str, str]] = None) -> Path:
    disk = root / sys_path.lstrip("/")
    _write(disk / "queue/rotational", "1\n")
    for name, value in (ids or {}).items():
        _write(disk / "device" / name, value + "\n")
    (root / "sys/dev/block").mkdir(parents=True, exist_ok=True)
    (root / "sys/dev/block" / majmin).symlink_to(disk)
    return disk


def _verify(tmp_path: Path, root: Path, data: Path, majmin: str, source: str) -> dict:
    point = str(data).replace(" ", "\\040")  # mountinfo escapes spaces (proc(5))
    _write(root / "proc/self/mountinfo", f"30 1 {majmin} / {point} rw - ext4 {source} rw\n")
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    proc = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--data-dir", str(data), "--only", "EC601"]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=str(tmp_path),
    )
    assert proc.returncode in (0, 1), proc.stderr
    return json.loads(proc.stdout)


def _ec601(doc: dict) -> tuple:
    found = [f for f in doc["findings"] if f["code"] == "EC601"]
    skipped = {s["code"]: s["reason"] for s in doc["skipped"]}
    return found, skipped.get("EC601")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "my datasets" / "imagenet"
    path.mkdir(parents=True)
    return path


VIRTUAL = {
    "virtio-blk (KVM, Firecracker)": (
        "/sys/devices/pci0000:00/0000:00:02.0/virtio1/block/vda",
        "254:0",
        "/dev/vda",
        {"vendor": "0x1af4"},
        "virtio disk vda",
    ),
    "Xen": ("/sys/devices/vbd-51712/block/xvda", "202:0", "/dev/xvda", {}, "Xen virtual disk"),
    "QEMU SCSI": (
        "/sys/devices/pci0000:00/0000:00:05.0/host0/target0:0:0/0:0:0:0/block/sda",
        "8:0",
        "/dev/sda",
        {"vendor": "QEMU", "model": "QEMU HARDDISK"},
        "QEMU HARDDISK",
    ),
    "VMware": (
        "/sys/devices/pci0000:00/0000:00:10.0/host2/target2:0:0/2:0:0:0/block/sdb",
        "8:16",
        "/dev/sdb",
        {"vendor": "VMware", "model": "Virtual disk"},
        "VMware",
    ),
    "Hyper-V": (
        "/sys/devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0004:00/VMBUS:00/f8b3781b/host0/target0:0:0/"
        "0:0:0:0/block/sda",
        "8:0",
        "/dev/sda",
        {"vendor": "Msft", "model": "Virtual Disk"},
        "Hyper-V disk sda",
    ),
    "GCE persistent disk": (
        "/sys/devices/pci0000:00/0000:00:03.0/host0/target0:0:1/0:0:1:0/block/sdc",
        "8:32",
        "/dev/sdc",
        {"vendor": "Google", "model": "PersistentDisk"},
        "PersistentDisk",
    ),
}


@pytest.mark.parametrize("case", sorted(VIRTUAL))
def test_a_virtual_disk_is_unknown_not_spinning(case: str, tmp_path: Path, data: Path) -> None:
    sys_path, majmin, source, ids, words = VIRTUAL[case]
    root = tmp_path / "root"
    _disk(root, sys_path, majmin, ids)
    found, reason = _ec601(_verify(tmp_path, root, data, majmin, source))
    assert found == [], found
    assert reason and "unknown" in reason and words in reason, reason
    assert "hypervisor" in reason and "fio " in reason and str(data) in reason


def test_device_mapper_over_a_virtio_disk_is_unknown(tmp_path: Path, data: Path) -> None:
    root = tmp_path / "root"
    vda = _disk(root, "/sys/devices/pci0000:00/0000:00:04.0/virtio2/block/vda", "254:0")
    _write(vda / "vda2/partition", "2\n")
    dm = root / "sys/devices/virtual/block/dm-0"
    _write(dm / "queue/rotational", "1\n")
    (dm / "slaves").mkdir()
    (dm / "slaves/vda2").symlink_to(vda / "vda2")
    (root / "sys/dev/block").mkdir(parents=True, exist_ok=True)
    (root / "sys/dev/block/253:0").symlink_to(dm)
    found, reason = _ec601(_verify(tmp_path, root, data, "253:0", "/dev/mapper/vg-data"))
    assert found == []
    assert "device-mapper dm-0 over virtio disk vda" in reason


def test_a_real_spinning_disk_still_warns_with_the_users_path(tmp_path: Path, data: Path) -> None:
    root = tmp_path / "root"
    sata = "/sys/devices/pci0000:00/0000:00:1f.2/ata2/host1/target1:0:0/1:0:0:0/block/sdb"
    _disk(root, sata, "8:16", {"vendor": "ATA", "model": "ST4000NM0035-1V4"})
    found, reason = _ec601(_verify(tmp_path, root, data, "8:16", "/dev/sdb"))
    assert reason is None
    (finding,) = found
    assert str(data) in finding["fix"]  # the data dir given, not a placeholder folder
    assert "/local/nvme" not in finding["fix"] and "rsync" not in finding["fix"]
    # device-mapper over that physical disk: the evidence is real, so it warns too
    dm = root / "sys/devices/virtual/block/dm-1"
    _write(dm / "queue/rotational", "1\n")
    (dm / "slaves").mkdir()
    (dm / "slaves/sdb").symlink_to(root / sata.lstrip("/"))
    (root / "sys/dev/block/253:1").symlink_to(dm)
    found, _ = _ec601(_verify(tmp_path, root, data, "253:1", "/dev/mapper/vg-hdd"))
    assert len(found) == 1


def test_an_old_snapshot_of_a_vda_disk_is_not_called_spinning(tmp_path: Path) -> None:
    """Snapshots taken before the probe knew virtual disks say rotational=true for /dev/vda."""
    fixture = Path(__file__).parent / "fixtures" / "snapshots" / "healthy_h100.json"
    doc = json.loads(fixture.read_text())
    doc["storage"] = {
        "data_dir": {
            "path": "/data/train",
            "filesystem": "ext4",
            "network": False,
            "rotational": True,
            "device": "/dev/vda1",
            "free_bytes": 1 << 40,
            "total_bytes": 2 << 40,
        },
        "data_url": None,
    }
    snap = tmp_path / "vm.json"
    snap.write_text(json.dumps(doc))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "envcheck",
            "verify",
            "--snapshot",
            str(snap),
            "--only",
            "EC601",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=str(tmp_path),
    )
    found, reason = _ec601(json.loads(proc.stdout))
    assert found == [] and "/dev/vda1 is a virtual disk" in reason
