"""Resource-isolated ``docker run`` flags for the judged host (run.sh and compose.yaml share them).

The limits come from what the snapshot saw, including the limits of the cgroup it ran in: a
snapshot taken inside a 16-core, 256 GiB container must not hand out the host's 224 CPUs and
2 TiB. The GPUs' NUMA CPUs become ``--cpuset-cpus`` only when the snapshot saw all the host's
CPUs (CPU numbers inside a limited cgroup do not name the host's); otherwise ``--cpus``.
``--memory`` comes with ``--memory-swap`` (the same value: no swap behind the limit) and
``--pids-limit``.
"""

from __future__ import annotations

import math
import os
import re
import stat
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

from envcheck.errors import InputError
from envcheck.fix import validate as V
from envcheck.fix.docker.options import DockerOptions
from envcheck.fix.plan import GIB, Host, recommended_shm_bytes
from envcheck.snapshot import CpuMemory, OsInfo, Snapshot, Storage

# A bound on processes and threads: DataLoader workers times their threads stay far below it,
# a fork bomb does not. (The engine default is unlimited.)
PIDS_LIMIT = 32768
# Paths that are never data: the engine's socket would hand the container root on the host.
_NEVER_DATA = re.compile(r"^/(dev|proc|sys)(/|$)|\.sock$|^/(var/)?run/docker")


def _cpus_of(cpulist: str) -> List[int]:
    out: List[int] = []
    for part in cpulist.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            out.extend(range(int(lo), int(hi) + 1))
        elif part:
            out.append(int(part))
    return out


def _cpulist(cpus: Sequence[int]) -> str:
    cpus = sorted(set(cpus))
    ranges: List[str] = []
    start = prev = None
    for c in cpus:
        if start is None:
            start = prev = c
        elif c == prev + 1:
            prev = c
        else:
            ranges.append(f"{start}-{prev}" if start != prev else str(start))
            start = prev = c
    if start is not None:
        ranges.append(f"{start}-{prev}" if start != prev else str(start))
    return ",".join(ranges)


def _csv_field(text: str) -> str:
    """One field of docker's --mount value (parsed as CSV): quoted when it holds a quote."""
    return '"' + text.replace('"', '""') + '"' if '"' in text else text


@dataclass
class RunSpec:
    gpus: Optional[List[int]]  # None = all
    cpuset_cpus: Optional[str]
    cpuset_mems: Optional[str]
    cpus: Optional[str]  # --cpus, where no cpuset applies
    memory: Optional[str]
    shm_size: Optional[str]
    ipc_host: bool
    mounts: List[Tuple[str, str]]  # (host path, container path), read-only
    pids_limit: int = PIDS_LIMIT
    notes: List[str] = field(default_factory=list)
    # False for a CPU image on a host without NVIDIA GPUs: `--gpus` makes `docker run` fail
    # there ("could not select device driver"), so run.sh and compose.yaml do not ask for GPUs.
    use_gpus: bool = True

    def docker_args(self) -> List[str]:
        args: List[str] = []
        if not self.use_gpus:
            pass
        elif self.gpus is None:
            args += ["--gpus", "all"]
        else:
            args += ["--gpus", '"device=' + ",".join(map(str, self.gpus)) + '"']
        if self.cpuset_cpus:
            args += ["--cpuset-cpus", self.cpuset_cpus]
        if self.cpuset_mems:
            args += ["--cpuset-mems", self.cpuset_mems]
        if self.cpus:
            args += ["--cpus", self.cpus]
        if self.memory:
            args += ["--memory", self.memory, "--memory-swap", self.memory]
        args += ["--pids-limit", str(self.pids_limit)]
        if self.ipc_host:
            args += ["--ipc", "host"]
        elif self.shm_size:
            args += ["--shm-size", self.shm_size]
        args += ["--ulimit", "memlock=-1", "--ulimit", "stack=67108864"]
        for src, dst in self.mounts:
            value = ",".join(["type=bind", f"source={src}", f"target={dst}", "readonly"])
            if '"' in src:
                value = ",".join(
                    ["type=bind", _csv_field(f"source={src}"), f"target={dst}", "readonly"]
                )
            args += ["--mount", value]
        return args


def _size(value: str, flag: str) -> str:
    try:
        return V.size(value)
    except V.Rejected:
        raise InputError(f"{flag}: {value!r} is not a size like 16g or 512m") from None


def _number(value: object) -> Optional[float]:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value > 0 and math.isfinite(value) else None


def data_mount(src: str) -> str:
    """A host directory fit to mount read-only as data; sockets and devices are refused."""
    try:
        src = V.path(src, absolute=True)
    except V.Rejected as exc:
        raise InputError(f"data mount: {exc}") from None
    if "," in src or "=" in src:
        raise InputError(f"data mount {src!r}: ',' and '=' are not allowed in mount paths")
    if _NEVER_DATA.search(src):
        raise InputError(f"data mount {src!r}: a socket or device path is not data")
    try:
        mode = os.stat(src).st_mode
    except OSError:
        return src  # judged from a snapshot: the path is on that host, not here
    if stat.S_ISSOCK(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode) or stat.S_ISFIFO(mode):
        raise InputError(f"data mount {src!r}: a socket or device node is not data")
    return src


def run_spec(
    snapshot: Snapshot, host: Host, opts: DockerOptions, no_nvidia_gpu: Optional[str] = None
) -> RunSpec:
    """``no_nvidia_gpu``: why the judgment says this host has no NVIDIA GPU (then, unless
    ``--gpus`` asks for some, the flags ask for none: the image is a CPU image)."""
    gpus = snapshot.gpus()
    notes: List[str] = []
    use_gpus = no_nvidia_gpu is None or opts.gpus is not None
    if not use_gpus:
        notes.append(f"no --gpus: this host has no NVIDIA GPU ({no_nvidia_gpu}); a CPU image")
    chosen = None
    if opts.gpus is not None:
        known_idx = {g.index for g in gpus}
        for i in opts.gpus:
            if known_idx and i not in known_idx:
                raise InputError(f"--gpus: GPU {i} is not on this host (have {sorted(known_idx)})")
        chosen = sorted(set(opts.gpus))
    selected = [g for g in gpus if chosen is None or g.index in chosen]
    share = len(selected) / len(gpus) if gpus and selected else 1.0
    cm = snapshot.cpu_memory if isinstance(snapshot.cpu_memory, CpuMemory) else None
    osi = snapshot.os if isinstance(snapshot.os, OsInfo) else None
    logical = _number(cm.logical_cores) if cm else None
    quota = _number(osi.cgroup_cpu_quota_cores) if osi else None
    effective = _number(cm.effective_cores) if cm else None
    usable = min([c for c in (logical, quota, effective) if c is not None], default=None)
    cpu_limited = usable is not None and logical is not None and usable < logical

    cpus: List[int] = []
    mems: List[int] = []
    if selected and not cpu_limited:
        for g in selected:
            if not isinstance(g.cpu_affinity, str):
                cpus = []
                break
            try:
                cpus += _cpus_of(V.cpulist(g.cpu_affinity))
            except V.Rejected:
                notes.append(f"GPU {g.index}: CPU affinity rejected, no --cpuset-cpus")
                cpus = []
                break
        for g in selected:
            if isinstance(g.numa_node, int) and g.numa_node >= 0:
                mems.append(g.numa_node)
            else:
                mems = []
                break
    cpu_count = None
    if not cpus and usable is not None:
        cpu_count = max(math.floor(usable * share * 10) / 10, 1.0)
        cpu_count_text = f"{cpu_count:g}"
        why = (
            f"the snapshot ran with {usable:g} of {logical:g} CPUs (cgroup/affinity)"
            if cpu_limited
            else f"{usable:g} CPUs"
        )
        notes.append(f"--cpus {cpu_count_text}: {why} times the share of GPUs used")
    if cpu_limited:
        mems = []  # NUMA node numbers of a limited cgroup's view are not a placement to copy

    memory = None
    if opts.memory:
        memory = _size(opts.memory, "--memory")
    else:
        total = _number(cm.mem_total_bytes) if cm else None
        limit = _number(osi.cgroup_memory_limit_bytes) if osi else None
        base = min([m for m in (total, limit) if m is not None], default=None)
        if base is not None:
            memory = f"{max(int(base * share * 0.9) // GIB, 1)}g"
            source = "the cgroup memory limit" if limit is not None and base == limit else "RAM"
            notes.append(f"--memory {memory}: 90% of {source} times the share of GPUs used")
    shm = None
    if opts.shm_size:
        shm = _size(opts.shm_size, "--shm-size")
    elif not opts.ipc_host:
        fake = Host(**{**host.__dict__, "gpu_count": max(len(selected), 1)})
        shm_bytes = max(recommended_shm_bytes(fake), 2 * GIB * max(len(selected), 1))
        shm = f"{shm_bytes // GIB}g"
        why = "per GPU for DataLoader workers and NCCL" if use_gpus else "for DataLoader workers"
        notes.append(f"--shm-size {shm}: 2 GiB {why}")
    mounts: List[Tuple[str, str]] = []
    sources = list(opts.data)
    storage = snapshot.storage if isinstance(snapshot.storage, Storage) else None
    if not sources and storage and isinstance(getattr(storage.data_dir, "path", None), str):
        sources.append(storage.data_dir.path)
    used = set()
    for raw in sources:
        src = data_mount(raw)
        name = re.sub(r"[^A-Za-z0-9._-]", "_", os.path.basename(src.rstrip("/")) or "data")
        dst = f"/data/{name}"
        while dst in used:
            dst += "_"
        used.add(dst)
        mounts.append((src, dst))
    return RunSpec(
        gpus=chosen,
        cpuset_cpus=_cpulist(cpus) if cpus else None,
        cpuset_mems=",".join(str(m) for m in sorted(set(mems))) if mems and cpus else None,
        cpus=f"{cpu_count:g}" if cpu_count is not None else None,
        memory=memory,
        shm_size=shm,
        ipc_host=opts.ipc_host,
        mounts=mounts,
        notes=notes,
        use_gpus=use_gpus,
    )
