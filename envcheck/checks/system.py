"""EC5xx: operating-system settings that slow down or break training."""

from __future__ import annotations

import math
import re
from typing import Any, Iterator

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.policy import Thresholds
from envcheck.snapshot import CpuMemory, Snapshot


def _thresholds(policy: Any) -> Thresholds:
    return getattr(policy, "thresholds", None) or Thresholds()


def _gpu_count(snap: Snapshot) -> int:
    return len(c.gpu_list_or_empty(snap))


def _size_arg(n: int) -> str:
    """A docker/mount size argument rounded up to whole GiB (or MiB below 1 GiB)."""
    if n >= 1024**3:
        return f"{math.ceil(n / 1024**3)}g"
    return f"{math.ceil(n / 1024**2)}m"


@check(
    "EC501",
    category="shm-too-small",
    severity="error",
    title="/dev/shm too small",
    rationale="""
PyTorch DataLoader workers hand batches to the training process through shared memory, and
NCCL uses /dev/shm for its intra-node buffers. Docker's default /dev/shm is 64 MiB: DataLoader
then dies with "unable to write to file </torch_...>" or "bus error ... insufficient shared
memory (shm)", and NCCL with "unhandled system error". The required size grows with the number
of GPUs (one training process each): max(shm_min_bytes, shm_min_bytes_per_gpu x GPUs), by
default 1 GiB per GPU and at least 1 GiB ([thresholds] in the policy). In pasted text, a size
that a command sets (`docker run --shm-size=256m`, compose's shm_size) is a warning unless the
log shows shared memory running out: the job may be one that needs less (an inference server).""",
    fix="docker run --shm-size=<size> (or --ipc=host); Kubernetes: an emptyDir with medium Memory.",
)
def shm(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cm: CpuMemory = c.cpu_memory(snap)
    total = c.need(cm.shm_total_bytes, "/dev/shm size")
    th = _thresholds(policy)
    n = _gpu_count(snap)
    need = max(th.shm_min_bytes, th.shm_min_bytes_per_gpu * n)
    if total >= need:
        return
    info = c.os_info(snap)
    container = info.container if info is not None and isinstance(info.container, str) else None
    # a size a pasted command sets (`docker run --shm-size=256m`) is a setting, not a failure:
    # an error only when the log shows shared memory running out; for an inference server or a
    # job without DataLoader workers it may be enough
    flag = _shm_set_by_a_command(snap)
    container = container or ("docker" if flag and _DOCKER_WORD.search(flag) else None)
    quiet = bool(flag) and not _shm_failed_in_the_log(snap)
    if container == "kubernetes":
        fix = (
            "mount an emptyDir {medium: Memory, sizeLimit: "
            + _size_arg(need).upper()
            + "i} at /dev/shm in the pod spec"
        )
    elif container:
        fix = f"docker run --shm-size={_size_arg(need)} ...   # or --ipc=host"
    else:
        fix = f"sudo mount -o remount,size={_size_arg(need).upper()} /dev/shm"
    yield spec.finding(
        expected=f">= {c.human_bytes(need)} of /dev/shm"
        + (f" for {n} GPU(s)" if n else " (the GPU count is not known)"),
        found=f"/dev/shm is {c.human_bytes(total)}"
        + (" (set by the command shown; the log shows no shared-memory failure)" if quiet else ""),
        fix=fix,
        severity="warning" if quiet else None,
        evidence={
            "shm_total_bytes": total,
            "required_bytes": need,
            "gpus": n,
            "container": container,
        },
    )


_SHM_FLAG_TEXT = re.compile(r"--shm-size|\bshm_size\b|\"ShmSize\"", re.I)
_DOCKER_WORD = re.compile(r"\b(?:docker|podman|nvidia-docker)\b|--shm-size", re.I)


def _shm_set_by_a_command(snap: Snapshot) -> str:
    """The line of pasted text whose command or compose file set /dev/shm's size, or ""."""
    for r in c.facts_read(snap):
        if r.get("fact") == "shm.total" and _SHM_FLAG_TEXT.search(str(r.get("text", ""))):
            return str(r.get("text", ""))
    return ""


def _shm_failed_in_the_log(snap: Snapshot) -> bool:
    """A message of the log is one of shared memory running out (checks/errorlog.py's
    reading of a pattern's category)."""
    from envcheck.importers.errorlog import pattern

    log = snap.error_log if isinstance(snap.error_log, list) else []
    found = (pattern(str(e.get("pattern"))) for e in log if isinstance(e, dict))
    return any(p is not None and p.category == "shm-too-small" for p in found)


@check(
    "EC502",
    category="os-setting",
    severity="warning",
    title="memlock ulimit too low for multi-GPU communication",
    rationale="""
NCCL over InfiniBand/RoCE and GPUDirect RDMA pin host memory, which counts against the memlock
ulimit. Docker's and many distributions' defaults (8 MiB or less) make NCCL fail or fall back to
slower paths in multi-GPU and multi-node jobs; NVIDIA's container guidance is
--ulimit memlock=-1. Judged on hosts with more than one GPU (and on pasted text whose log shows
InfiniBand/UCX failing to pin memory); the threshold is
[thresholds] memlock_min_bytes (default 64 MiB).""",
    fix="Raise memlock to unlimited (limits.d, systemd LimitMEMLOCK, docker --ulimit memlock=-1).",
)
def memlock(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cm: CpuMemory = c.cpu_memory(snap)
    # pasted text that shows RDMA failing to pin memory is about this limit, GPUs known or not
    if not _rdma_pinning_failed(snap) and len(c.gpus(snap)) < 2:
        raise c.not_applicable("fewer than 2 GPUs")
    value = cm.ulimit_memlock_bytes
    if isinstance(value, c.Unknown):
        raise SkipCheck(f"memlock ulimit unknown: {value.reason}")
    if value is None:
        return  # unlimited
    th = _thresholds(policy)
    if value < th.memlock_min_bytes:
        info = c.os_info(snap)
        if info is not None and info.container:
            fix = "docker run --ulimit memlock=-1 ..."
        else:
            fix = (
                "printf '* soft memlock unlimited\\n* hard memlock unlimited\\n' | sudo tee "
                "/etc/security/limits.d/99-memlock.conf   # then log in again"
            )
        yield spec.finding(
            expected=f"memlock unlimited (at least {c.human_bytes(th.memlock_min_bytes)})",
            found=f"memlock ulimit {c.human_bytes(value)}",
            fix=fix,
            evidence={"ulimit_memlock_bytes": value, "gpus": _gpu_count(snap)},
        )


_PINNING_FAILED = {"nccl-ib-memlock", "mlock-limit-too-low"}


def _rdma_pinning_failed(snap: Snapshot) -> bool:
    log = snap.error_log if isinstance(snap.error_log, list) else []
    return any(isinstance(e, dict) and e.get("pattern") in _PINNING_FAILED for e in log)


@check(
    "EC503",
    category="os-setting",
    severity="warning",
    title="Too few CPU cores per GPU",
    rationale="""
Data loading, augmentation and the training loop's Python run on the CPU: with fewer than a few
cores per GPU (default 4, [thresholds] cores_per_gpu_min) the GPUs wait for data. The count
that matters is the effective one: the CPU affinity mask and the cgroup CPU quota of the
container or job, not the host's core count.""",
    fix="Give the job more CPUs (--cpus / --cpuset-cpus, Slurm --cpus-per-gpu, k8s cpu limits).",
)
def cores(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cm: CpuMemory = c.cpu_memory(snap)
    n = len(c.gpus(snap))
    if n == 0:
        raise c.not_applicable("no GPUs")
    eff = cm.effective_cores
    if not isinstance(eff, (int, float)) or isinstance(eff, bool):
        eff = c.need(cm.logical_cores, "CPU core count")
    th = _thresholds(policy)
    per = float(eff) / n
    if per < th.cores_per_gpu_min:
        want = math.ceil(th.cores_per_gpu_min * n)
        yield spec.finding(
            expected=f">= {th.cores_per_gpu_min:g} CPU cores per GPU ({want} for {n} GPUs)",
            found=f"{float(eff):g} effective cores for {n} GPUs ({per:.1f} per GPU)",
            fix=f"docker run --cpus={want} ...   # Slurm: --cpus-per-gpu="
            f"{math.ceil(th.cores_per_gpu_min)}",
            evidence={
                "effective_cores": eff,
                "logical_cores": cm.logical_cores if isinstance(cm.logical_cores, int) else None,
                "gpus": n,
            },
        )


@check(
    "EC504",
    category="os-setting",
    severity="info",
    title="CPU frequency governor is powersave",
    rationale="""
With the acpi-cpufreq driver, the powersave governor pins cores at their lowest frequency and
slows data loading and kernel launches. With intel_pstate (most Intel servers) "powersave" is
the default dynamic policy and mostly harmless, which is why this is only info; "performance"
is the usual choice for training nodes.""",
    fix="sudo cpupower frequency-set -g performance",
)
def governor(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cm: CpuMemory = c.cpu_memory(snap)
    gov = cm.governor
    if gov is None:
        raise c.not_applicable("no CPU frequency scaling (VM or container without cpufreq)")
    gov = c.need(gov, "CPU governor")
    if gov.strip() == "powersave":
        yield spec.finding(
            expected="governor performance (or schedutil/ondemand)",
            found="governor powersave",
            fix="sudo cpupower frequency-set -g performance",
            evidence={"governor": gov},
        )


@check(
    "EC505",
    category="os-setting",
    severity="warning",
    title="Swap in use",
    rationale="""
Swapped-out pages of a training process or its DataLoader workers stall the GPU for
milliseconds at a time, and heavy swap use means the job is about to run out of memory. More
than [thresholds] swap_used_max_bytes (default 1 GiB) in use is flagged.""",
    fix="Free memory (stop other processes, fewer DataLoader workers) or add RAM.",
)
def swap(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cm: CpuMemory = c.cpu_memory(snap)
    used = c.need(cm.swap_used_bytes, "swap use")
    th = _thresholds(policy)
    if used > th.swap_used_max_bytes:
        yield spec.finding(
            expected=f"<= {c.human_bytes(th.swap_used_max_bytes)} of swap in use",
            found=f"{c.human_bytes(used)} of swap in use",
            fix="ps -eo pid,comm,rss --sort=-rss | head   # stop what does not belong; "
            "then: sudo swapoff -a && sudo swapon -a",
            evidence={
                "swap_used_bytes": used,
                "swap_total_bytes": cm.swap_total_bytes
                if isinstance(cm.swap_total_bytes, int)
                else None,
            },
        )


@check(
    "EC506",
    category="os-setting",
    severity="warning",
    title="Low available memory",
    rationale="""
The training process, its DataLoader workers (each a copy of the dataset object) and pinned
host buffers need host RAM; with little available the kernel's OOM killer ends the job
("Killed", exit 137). Below [thresholds] min_available_memory_bytes (default 4 GiB) is flagged.""",
    fix="Stop other memory users, or run on a node with free memory.",
)
def low_memory(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cm: CpuMemory = c.cpu_memory(snap)
    avail = c.need(cm.mem_available_bytes, "available memory")
    th = _thresholds(policy)
    if avail < th.min_available_memory_bytes:
        yield spec.finding(
            expected=f">= {c.human_bytes(th.min_available_memory_bytes)} available",
            found=f"{c.human_bytes(avail)} available"
            + (
                f" of {c.human_bytes(cm.mem_total_bytes)}"
                if isinstance(cm.mem_total_bytes, int)
                else ""
            ),
            fix="ps -eo pid,comm,rss --sort=-rss | head   # stop what does not belong",
            evidence={
                "mem_available_bytes": avail,
                "mem_total_bytes": cm.mem_total_bytes
                if isinstance(cm.mem_total_bytes, int)
                else None,
            },
        )


_UUID = re.compile(r"^(GPU|MIG)-[0-9a-fA-F-]+", re.IGNORECASE)


# A placeholder written where a value goes: a name for the value the text does not give
# ("<id>", "[ids]", "gpunumber", "cudaIndex", "n"), or a redaction ("xxx", "***", "###": a
# reporter hiding a GPU UUID)
_PLACEHOLDER = re.compile(
    r"^(?:<[^>]*>|\[[^\]]*\]|[a-z_]*(?:number|num|idx|index|ids?|list)[a-z_]*|[xn]|x{2,}|"
    r"\*{2,}|#+)$",
    re.I,
)


@check(
    "EC507",
    category="os-setting",
    severity="error",
    title="CUDA_VISIBLE_DEVICES names GPUs that are not there",
    rationale="""
CUDA_VISIBLE_DEVICES selects GPUs by index or UUID. CUDA stops at the first entry that does
not exist, so a stale value (copied from another node, set for 8 GPUs on a 4-GPU node) leaves
the job with fewer GPUs than it asked for, or none ("no CUDA-capable device is detected"). An
empty value or -1 hides every GPU.""",
    fix="Unset CUDA_VISIBLE_DEVICES or set it to GPUs that exist (nvidia-smi -L).",
)
def visible_devices(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    env = c.need(snap.env, "environment variables")
    value = env.get("CUDA_VISIBLE_DEVICES")
    if value is None:
        raise c.not_applicable("CUDA_VISIBLE_DEVICES is not set")
    entries = [e.strip() for e in value.split(",")]
    if value.strip() in ("", "-1", "NoDevFiles") or value.strip().lower() == "none":
        # hides every GPU whatever the GPU list is (a pasted report may not show it)
        known = c.gpu_list_or_empty(snap)
        yield spec.finding(
            expected="CUDA_VISIBLE_DEVICES naming at least one GPU (or unset)",
            found=f"CUDA_VISIBLE_DEVICES={value!r} hides every GPU",
            fix="unset CUDA_VISIBLE_DEVICES",
            evidence={"CUDA_VISIBLE_DEVICES": value, "gpus": len(known)},
            severity="warning",
        )
        return
    first = entries[0] if entries else ""
    if c.from_report(snap) and _PLACEHOLDER.match(value.strip()):
        # a text that writes "CUDA_VISIBLE_DEVICES=gpunumber" or "=n, n in [0,1,2]" names the
        # setting, not its value: nothing to judge (the inferences about it still read it)
        raise SkipCheck(f"CUDA_VISIBLE_DEVICES={value!r} in the text is a placeholder")
    if first and not first.isdigit() and not _UUID.match(first):
        # CUDA stops at the first entry it cannot parse: "$0" (the shell's name, from a script
        # line pasted at a prompt) or "cuda:0" hides every GPU, whatever GPUs the host has
        yield spec.finding(
            expected="CUDA_VISIBLE_DEVICES as GPU indices or UUIDs (0,1 / GPU-...)",
            found=f"CUDA_VISIBLE_DEVICES={value!r}: {first!r} is not a GPU index or UUID, so "
            "CUDA sees no GPU",
            fix="export CUDA_VISIBLE_DEVICES=0   # an index from nvidia-smi -L, or unset it",
            evidence={"CUDA_VISIBLE_DEVICES": value},
        )
        return
    gpus = c.gpus(snap)
    if c.gpu_count_unstated(snap):
        raise SkipCheck("the text names a GPU model, not how many GPUs the machine has")
    uuids = [g.uuid for g in gpus if isinstance(g.uuid, str)]
    bad = []
    for e in entries:
        if e.isdigit():
            if int(e) >= len(gpus):
                bad.append(e)
        elif _UUID.match(e):
            if e.upper().startswith("MIG-"):
                continue  # MIG device UUIDs are not in the GPU list
            if uuids and not any(u.lower().startswith(e.lower()) for u in uuids):
                bad.append(e)
        else:
            bad.append(e)
    if bad:
        valid = ",".join(str(g.index) for g in gpus) or "<none>"
        # a pasted report may not list every GPU of the host: an index past the GPUs it
        # shows is a warning there; a value that is no GPU at all ("$0") is an error anyway
        pasted = str(snap.origin or "").startswith("report:")
        severity = "warning" if pasted and all(e.isdigit() for e in bad) else None
        yield spec.finding(
            severity=severity,
            expected=f"indices 0..{len(gpus) - 1} or UUIDs of the {len(gpus)} GPUs present",
            found=f"CUDA_VISIBLE_DEVICES={value} names absent GPU(s): {', '.join(bad)}",
            fix=f"export CUDA_VISIBLE_DEVICES={valid}   # or unset it",
            evidence={"CUDA_VISIBLE_DEVICES": value, "gpus": len(gpus), "uuids": uuids},
        )
