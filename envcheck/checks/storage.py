"""EC6xx: the data path — the data directory's disk and filesystem, the data URL's speed.

Judged only when ``--data-dir`` / ``--data-url`` were given (otherwise: not applicable).
"""

from __future__ import annotations

import re
import shlex
from typing import Any, Iterator

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.policy import Thresholds
from envcheck.snapshot import DataDir, DataUrl, Snapshot, Storage, Unknown

# Parallel filesystems built for HPC I/O: being on the network is their design.
PARALLEL_FS = ("lustre", "gpfs", "beegfs", "wekafs", "fuse.weka", "cephfs", "ceph")


# Device names of emulated disks (virtio-blk vda, Xen xvda), with or without a partition.
VIRTUAL_DEVICE = re.compile(r"^/dev/x?vd[a-z]+\d*$")


def _fio(path: str) -> str:
    """The command that measures what the rotational flag cannot tell: random 4 KiB reads."""
    return (
        "fio --name=randread --rw=randread --bs=4k --size=256m --runtime=10 "
        f"--directory={shlex.quote(path)}   # writes a 256 MiB scratch file there"
    )


def _data_dir(snap: Snapshot) -> DataDir:
    if isinstance(snap.storage, Unknown):
        raise SkipCheck(f"storage facts unknown: {snap.storage.reason}")
    st = snap.storage if isinstance(snap.storage, Storage) else None
    if st is None or st.data_dir is None:
        raise c.not_applicable("no --data-dir given")
    return c.need(st.data_dir, "data directory")


def _data_url(snap: Snapshot) -> DataUrl:
    if isinstance(snap.storage, Unknown):
        raise SkipCheck(f"storage facts unknown: {snap.storage.reason}")
    st = snap.storage if isinstance(snap.storage, Storage) else None
    if st is None or st.data_url is None:
        raise c.not_applicable("no --data-url given")
    return c.need(st.data_url, "data URL")


def _thresholds(policy: Any) -> Thresholds:
    return getattr(policy, "thresholds", None) or Thresholds()


@check(
    "EC601",
    category="storage",
    severity="warning",
    title="Data directory on a rotational disk",
    rationale="""
Training reads many small files in random order. A spinning disk delivers a few hundred random
reads per second, so the GPUs wait on I/O; copy the data set to local SSD/NVMe or pack it into
large sequential shards (WebDataset, TFRecord).""",
    fix="Stage the data set on local SSD/NVMe, or use sequential shard formats.",
)
def rotational(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    d = _data_dir(snap)
    measure = f"measure it: {_fio(d.path)}"
    if isinstance(d.rotational, Unknown):
        raise SkipCheck(
            f"whether the data disk is rotational is unknown: {d.rotational.reason}; " + measure
        )
    rot = c.need(d.rotational, "whether the data disk is rotational")
    device = d.device if isinstance(d.device, str) else ""
    if rot and VIRTUAL_DEVICE.match(device):
        # A snapshot from before the probe knew virtual disks: the flag is the hypervisor's.
        raise SkipCheck(
            f"{device} is a virtual disk: its rotational=1 is the hypervisor's default, not a "
            "fact about the storage behind it; " + measure
        )
    if rot:
        yield spec.finding(
            expected="data on SSD/NVMe",
            found=f"{d.path} is on a rotational disk" + (f" ({device})" if device else ""),
            fix=f"Stage the data under {d.path} on a local SSD/NVMe disk and point the job "
            "there (`lsblk -d -o NAME,ROTA,SIZE,MODEL` lists the disks; ROTA 0 is an SSD), or "
            "pack it into large sequential shards (WebDataset, TFRecord).",
            evidence={
                "path": d.path,
                "device": d.device if isinstance(d.device, str) else None,
                "rotational": True,
            },
        )


@check(
    "EC602",
    category="storage",
    severity="warning",
    title="Data directory on a network filesystem",
    rationale="""
NFS, SMB/CIFS and FUSE mounts add a network round trip to every file open: a loader reading
many small files becomes latency-bound. Parallel filesystems built for this (Lustre, GPFS,
BeeGFS, WEKA, CephFS) are reported as info only.""",
    fix="Stage the data on local disk, or use large shards and more DataLoader workers.",
)
def network_fs(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    d = _data_dir(snap)
    net = c.need(d.network, "whether the data directory is on the network")
    if not net:
        return
    fs = d.filesystem if isinstance(d.filesystem, str) else "unknown"
    parallel = fs.lower() in PARALLEL_FS
    yield spec.finding(
        expected="data on a local disk or a parallel filesystem",
        found=f"{d.path} is on {fs} (network filesystem)",
        fix=f"Stage the data under {d.path} on a local disk (`df -h -l` lists the local "
        "filesystems and their free space) and point the job there, or read it as large "
        "shards with more DataLoader workers.",
        evidence={"path": d.path, "filesystem": fs, "network": True},
        severity="info" if parallel else None,
    )


@check(
    "EC603",
    category="storage",
    severity="warning",
    title="Little free space in the data directory",
    rationale="""
Checkpoints, caches (HF datasets, torch compile caches) and logs are often written next to the
data. Running out of space kills the job at its first checkpoint, hours in. Below
[thresholds] data_min_free_bytes (default 10 GiB) is flagged.""",
    fix="Free space or move checkpoints elsewhere.",
)
def free_space(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    d = _data_dir(snap)
    free = c.need(d.free_bytes, "free space in the data directory")
    th = _thresholds(policy)
    if free < th.data_min_free_bytes:
        yield spec.finding(
            expected=f">= {c.human_bytes(th.data_min_free_bytes)} free",
            found=f"{c.human_bytes(free)} free in {d.path}",
            fix=f"du -xh --max-depth=1 {d.path} | sort -h | tail   # then delete or move",
            evidence={
                "path": d.path,
                "free_bytes": free,
                "total_bytes": d.total_bytes if isinstance(d.total_bytes, int) else None,
            },
        )


@check(
    "EC610",
    category="data-network",
    severity="warning",
    title="Data URL unreachable or slow",
    rationale="""
Jobs that stream their data (object stores, HTTP shards) are only as fast as the link. An
unreachable URL fails the job (error); a bounded throughput sample below
[thresholds] data_url_min_mbps (default 50 MB/s) means the GPUs will wait on the network.""",
    fix="Check the route / proxy to the data store, or stage the data locally.",
)
def data_url(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    u = _data_url(snap)
    evidence = {
        "url": u.url,
        "status_code": u.status_code if isinstance(u.status_code, int) else None,
        "connect_ms": u.connect_ms if isinstance(u.connect_ms, float) else None,
        "throughput_mbps": u.throughput_mbps if isinstance(u.throughput_mbps, float) else None,
        "error": u.error if isinstance(u.error, str) else None,
    }
    if (
        isinstance(u.error, str)
        and u.error
        or (isinstance(u.status_code, int) and u.status_code >= 400)
    ):
        yield spec.finding(
            expected=f"{u.url} reachable",
            found=u.error if isinstance(u.error, str) and u.error else f"HTTP {u.status_code}",
            fix=f"curl -sS -o /dev/null -w '%{{http_code}} %{{time_connect}}\\n' {u.url}",
            evidence=evidence,
            severity="error",
        )
        return
    mbps = c.need(u.throughput_mbps, "data URL throughput")
    th = _thresholds(policy)
    if mbps < th.data_url_min_mbps:
        yield spec.finding(
            expected=f">= {th.data_url_min_mbps:g} MB/s from the data URL",
            found=f"{mbps:.1f} MB/s from {u.url}",
            fix=f"curl -o /dev/null -w '%{{speed_download}}\\n' {u.url}   # compare: another node",
            evidence=evidence,
        )
