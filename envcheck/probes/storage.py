"""Storage and data path (opt-in): the filesystem under ``--data-dir`` and a ``--data-url`` sample.

Data dir: filesystem type, source device and mount from ``/proc/self/mountinfo``; network or
local (nfs, nfs4, cifs, smb3, lustre, gpfs, beegfs, ceph, glusterfs, 9p, fuse.* ...);
rotational or SSD from ``/sys/dev/block/<major:minor>/queue/rotational`` (the parent device
for a partition); free and total space from statvfs. ``/proc`` and ``/sys`` are read under
``ENVCHECK_SYSROOT``.

Data URL: TCP connect latency, then one GET (``requests``, imported lazily) read for at most
``MAX_BYTES`` bytes or the time left, with connect/read timeouts and no retries.
"""

from __future__ import annotations

import os
import socket
import time
from typing import List, Optional, Tuple, Union
from urllib.parse import urlsplit

from envcheck.probes._util import host_path, read_first_line, read_text
from envcheck.probes.base import ProbeContext
from envcheck.snapshot import DataDir, DataUrl, Storage, Unknown

NETWORK_FS = frozenset(
    {
        "nfs",
        "nfs4",
        "cifs",
        "smb3",
        "smbfs",
        "lustre",
        "gpfs",
        "beegfs",
        "ceph",
        "glusterfs",
        "9p",
        "afs",
        "ocfs2",
        "pvfs2",
        "orangefs",
        "wekafs",
        "virtiofs",
        "davfs",
    }
)
LOCAL_FUSE = frozenset({"fuse.lxcfs", "fuse.fuse-overlayfs", "fuse.portal"})
MAX_BYTES = 16 << 20
MAX_SAMPLE_S = 3.0


def probe(ctx: ProbeContext) -> Storage:
    storage = Storage()
    if ctx.data_dir:
        storage.data_dir = data_dir(ctx.data_dir)
    if ctx.data_url:
        storage.data_url = data_url(ctx.data_url, ctx)
    return storage


def is_network_fs(fstype: str) -> bool:
    if fstype in NETWORK_FS:
        return True
    return fstype.startswith("fuse.") and fstype not in LOCAL_FUSE


def _unescape(text: str) -> str:
    """mountinfo escapes space, tab, newline and backslash as octal (\\040)."""
    out = []
    i = 0
    while i < len(text):
        if text[i] == "\\" and i + 3 < len(text) + 0 and text[i + 1 : i + 4].isdigit():
            out.append(chr(int(text[i + 1 : i + 4], 8)))
            i += 4
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def parse_mountinfo(text: str) -> List[Tuple[str, str, str, str]]:
    """(mount point, major:minor, fstype, source) per line."""
    mounts = []
    for line in text.splitlines():
        left, sep, right = line.partition(" - ")
        if not sep:
            continue
        fields = left.split()
        rest = right.split()
        if len(fields) < 5 or len(rest) < 2:
            continue
        mounts.append((_unescape(fields[4]), fields[2], rest[0], _unescape(rest[1])))
    return mounts


def find_mount(
    path: str, mounts: List[Tuple[str, str, str, str]]
) -> Optional[Tuple[str, str, str, str]]:
    best = None
    for mount in mounts:
        point = mount[0]
        inside = path == point or path.startswith(point.rstrip("/") + "/") or point == "/"
        if inside and (best is None or len(point) >= len(best[0])):
            best = mount  # later lines over-mount earlier ones
    return best


def rotational(majmin: str) -> Union[bool, Unknown, None]:
    if majmin.startswith("0:"):
        return None  # not a block device (tmpfs, overlay, network)
    base = host_path(f"/sys/dev/block/{majmin}")
    if not os.path.exists(base):
        return Unknown(f"/sys/dev/block/{majmin} not found")
    real = os.path.realpath(base)
    candidates = [real]
    if os.path.exists(os.path.join(real, "partition")):
        candidates.insert(0, os.path.dirname(real))
    for directory in candidates:
        text = read_first_line(_unroot_sys(os.path.join(directory, "queue", "rotational")))
        if isinstance(text, str) and text in ("0", "1"):
            virtual = virtual_disk(candidates[0]) if text == "1" else None
            if virtual:
                # Hypervisors leave the kernel's default rotational=1 on the disks they emulate:
                # it says nothing about the storage behind them.
                return Unknown(
                    f"{virtual} reports rotational=1, the hypervisor's default, not a fact "
                    "about the storage behind it"
                )
            return text == "1"
    return Unknown("no queue/rotational for the device")


# sysfs device vendor / model words of emulated and cloud block devices (lower case).
_VIRTUAL_IDS = (
    "0x1af4",  # virtio PCI vendor id (Red Hat / QEMU, KVM, Firecracker, cloud-hypervisor)
    "qemu",
    "vmware",
    "vbox",
    "virtual disk",  # Hyper-V ("Msft Virtual Disk"), VMware ("Virtual disk")
    "msft",
    "google",  # GCE PersistentDisk
    "persistentdisk",
    "amazon",  # EBS
    "blockvolume",  # Oracle Cloud
    "xen",
    "bhyve",
)
_VIRTUAL_NAMES = (("vd", "virtio disk"), ("xvd", "Xen virtual disk"))
_VIRTUAL_BUSES = (("/virtio", "virtio disk"), ("vmbus", "Hyper-V disk"), ("/xen", "Xen disk"))


def virtual_disk(directory: str, depth: int = 0) -> Optional[str]:
    """``"virtio disk vda"`` when the sysfs block device ``directory`` (the whole disk) is one a
    hypervisor or cloud emulates, or device-mapper over such disks; None when it looks real."""
    name = os.path.basename(directory.rstrip("/"))
    if name.startswith("dm-") and depth < 4:
        slaves_dir = os.path.join(directory, "slaves")
        try:
            slaves = sorted(os.listdir(slaves_dir))
        except OSError:
            return None
        found = []
        for slave in slaves:
            real = os.path.realpath(os.path.join(slaves_dir, slave))
            if os.path.exists(os.path.join(real, "partition")):
                real = os.path.dirname(real)
            found.append(virtual_disk(real, depth + 1))
        if found and all(found):
            return f"device-mapper {name} over {', '.join(str(f) for f in found)}"
        return None
    for prefix, what in _VIRTUAL_NAMES:
        rest = name[len(prefix) :]
        if name.startswith(prefix) and rest.isalpha() and rest.islower():
            return f"{what} {name}"
    bus_path = _unroot_sys(directory).lower()
    for marker, what in _VIRTUAL_BUSES:
        if marker in bus_path:
            return f"{what} {name}"
    ids = " ".join(
        text
        for text in (
            read_first_line(_unroot_sys(os.path.join(directory, "device", f)))
            for f in ("vendor", "model")
        )
        if isinstance(text, str)
    )
    if any(word in ids.lower() for word in _VIRTUAL_IDS):
        return f"virtual disk {name} ({' '.join(ids.split())})"
    return None


def _unroot_sys(path: str) -> str:
    root = host_path("/")
    if root != "/" and path.startswith(root.rstrip("/") + "/"):
        return "/" + path[len(root.rstrip("/")) + 1 :]
    return path


def data_dir(path: str) -> Union[DataDir, Unknown]:
    real = os.path.realpath(path)
    result = DataDir(path=path)
    if not os.path.exists(real):
        return Unknown(f"{path} does not exist")
    text = read_text("/proc/self/mountinfo", limit=4 << 20)
    if isinstance(text, Unknown):
        result.filesystem = result.network = result.rotational = text
    else:
        mount = find_mount(real, parse_mountinfo(text))
        if mount is None:
            result.filesystem = Unknown("no mount found for the path")
        else:
            _point, majmin, fstype, source = mount
            result.filesystem = fstype
            result.device = source
            result.network = is_network_fs(fstype)
            result.rotational = None if result.network else rotational(majmin)
    try:
        st = os.statvfs(real)
        result.free_bytes = st.f_bavail * st.f_frsize
        result.total_bytes = st.f_blocks * st.f_frsize
    except OSError as exc:
        result.free_bytes = result.total_bytes = Unknown(f"statvfs: {exc.strerror or exc}")
    return result


def data_url(url: str, ctx: ProbeContext) -> DataUrl:
    result = DataUrl(url=url)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        result.error = "only http:// and https:// URLs can be sampled"
        return result
    port = parts.port or (443 if parts.scheme == "https" else 80)
    budget = max(0.2, ctx.remaining(reserve=0.3))
    start = time.monotonic()
    try:
        with socket.create_connection((parts.hostname, port), timeout=min(budget, 5.0)):
            result.connect_ms = round((time.monotonic() - start) * 1000.0, 2)
    except OSError as exc:
        result.error = f"cannot connect to {parts.hostname}:{port}: {exc}"
        return result
    try:
        import requests  # noqa: PLC0415 - heavy; only on this opt-in path
    except ImportError:
        result.error = "the requests package is not installed"
        return result
    remaining = max(0.1, ctx.remaining(reserve=0.3))
    limit_s = min(MAX_SAMPLE_S, remaining)
    received = 0
    t0 = time.monotonic()
    try:
        with requests.Session() as session:
            response = session.get(
                url, stream=True, timeout=(min(remaining, 5.0), min(remaining, 5.0))
            )
            result.status_code = response.status_code
            try:
                for chunk in response.iter_content(chunk_size=64 * 1024):
                    received += len(chunk)
                    if received >= MAX_BYTES or time.monotonic() - t0 >= limit_s:
                        break
            finally:
                response.close()
    except Exception as exc:  # noqa: BLE001 - requests raises many kinds; all are data here
        result.error = f"{type(exc).__name__}: {exc}"[:300]
    elapsed = time.monotonic() - t0
    result.bytes_sampled = received
    if received and elapsed > 0:
        result.throughput_mbps = round(received / elapsed / 1e6, 3)
    return result
