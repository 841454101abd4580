"""The EW codes: what each watch finding means, where its threshold comes from, and the rule.

Rules are pure functions of one ``Window`` (features.py) and return a ``Hit`` or ``None``; a rule
whose inputs are unknown raises ``SkipRule(reason)``. Run-level rules (sawtooth, respawn,
imbalance, error lines) read the whole Timeline in analyze.py. [Sn] and Rn refer to
../shared/watch-design.md (sources read 2026-12-02); "envcheck choice" marks a threshold with no
outside source, to be calibrated on recorded traces.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional

from envcheck.watch.features import (
    BIT_HW_POWER_BRAKE,
    BIT_HW_SLOWDOWN,
    BIT_HW_THERMAL,
    BIT_SW_THERMAL,
    Proc,
    Window,
)

# -- thresholds (each with its source) ---------------------------------------------------------
GPU_STARVED = 0.50  # GPU busy below 50 % = under-used: TB plugin [S6], Nsight gpu_time_util [S34]
GPU_BOUND = 0.90  # envcheck choice (design D7)
CORE_BUSY = 0.90  # a process using >= 90 % of a core is CPU-bound: SageMaker CPU>90 % [S17]
MAIN_WAITING = 0.50  # the training loop on less than half a core is mostly waiting: envcheck choice
WORKER_IDLE = 0.30  # envcheck choice
IO_BLOCKED = 0.30  # share of samples blocked in I/O (D state or an I/O wait channel): envcheck
PSI_IO = 0.20  # PSI io "some" >= 20 %: envcheck choice (PSI [S49])
CGROUP_THROTTLED = 0.20  # nr_throttled / nr_periods >= 20 %: envcheck choice ([S50])
PSI_CPU = 0.20  # PSI cpu "some" >= 20 %: envcheck choice
RUNQ_SHARE = 0.20  # waiting on a run queue >= 20 % of the time it ran: envcheck choice ([S51])
STEAL = 0.05  # steal >= 5 %: envcheck choice ([S48])
OUTSIDE_CORES = 0.50  # processes outside the job use at least half a core: envcheck choice
FOREIGN_SM = 10.0  # another PID's SM utilisation >= 10 % on our GPU: envcheck choice ([S29])
THROTTLE_FRAC = 0.10  # thermal / HW-slowdown / power-brake bits in >= 10 % of samples: envcheck
MEM_FULL = 0.95  # GPU memory >= 95 % of total: envcheck choice
MEM_CREEP = 0.05  # +5 percentage points: SageMaker GPUMemoryIncrease [S17]


class SkipRule(Exception):
    """The rule cannot judge this run: the message says which input was missing."""


@dataclass
class Hit:
    expected: str
    found: str
    evidence: Dict[str, Any]
    lost_frac: float  # share of the window's time this cause cost (for ranking)
    confidence: str = "medium"
    gpu: Optional[int] = None


@dataclass(frozen=True)
class RuleSpec:
    code: str
    category: str
    severity: str
    cause: str  # the seed cause (issue 13) it maps to
    title: str
    rationale: str
    fix: str
    func: Optional[Callable[[Window], Optional[Hit]]] = field(default=None, compare=False)


RULES: Dict[str, RuleSpec] = {}


def rule(
    code: str, *, category: str, severity: str, cause: str, title: str, rationale: str, fix: str
) -> Callable[[Callable[[Window], Optional[Hit]]], RuleSpec]:
    from envcheck.findings import CATEGORIES, SEVERITIES  # noqa: PLC0415

    if category not in CATEGORIES or severity not in SEVERITIES:
        raise ValueError(f"{code}: bad category or severity")

    def register(func: Callable[[Window], Optional[Hit]]) -> RuleSpec:
        spec = RuleSpec(
            code, category, severity, cause, title, " ".join(rationale.split()), fix, func
        )
        RULES[code] = spec
        return spec

    return register


def doc(code: str, **kw: str) -> RuleSpec:
    """A run-level rule (its logic lives in analyze.py): documentation only."""
    spec = rule(code, **kw)(lambda w: None)  # type: ignore[arg-type]
    RULES[code] = RuleSpec(
        spec.code,
        spec.category,
        spec.severity,
        spec.cause,
        spec.title,
        spec.rationale,
        spec.fix,
        None,
    )
    return RULES[code]


# -- shared judgements -----------------------------------------------------------------------
def _pct(x: Optional[float]) -> str:
    return "unknown" if x is None else f"{x * 100:.0f}%"


def _cores(x: Optional[float]) -> str:
    return "unknown" if x is None else f"{x:.2f} cores"


def _need_tree(w: Window) -> Proc:
    if w.main is None or w.main.cpu is None:
        raise SkipRule(w.unknown.get("tree", "no process-tree samples in this window"))
    return w.main


def _io_blocked(p: Proc) -> float:
    return p.dstate + p.io_wait


def _starving(w: Window, main: Proc) -> Optional[str]:
    """Why we believe the training loop waits for input (None: it does not)."""
    busy = w.gpu_busy
    if busy is not None:
        return f"GPU busy {_pct(busy)} < {_pct(GPU_STARVED)}" if busy < GPU_STARVED else None
    if main.cpu is not None and main.cpu < MAIN_WAITING:
        return f"no GPU signal; training process on {_cores(main.cpu)} (mostly waiting)"
    return None


def _hungry_workers(w: Window) -> List[Proc]:
    return [p for p in w.workers if (p.demand or 0.0) >= CORE_BUSY]


def _lost(w: Window, main: Proc) -> float:
    busy = w.gpu_busy
    if busy is not None:
        return max(0.0, 1.0 - busy)
    return max(0.0, 1.0 - min(1.0, main.cpu or 0.0))


def _base_evidence(w: Window, main: Proc) -> Dict[str, Any]:
    ev: Dict[str, Any] = {
        "window_s": [round(w.t0, 1), round(w.t1, 1)],
        "gpu_busy": None if w.gpu_busy is None else round(w.gpu_busy, 3),
        "main_pid": main.pid,
        "main_cpu_cores": round(main.cpu or 0.0, 2),
        "workers": len(w.workers),
        "worker_cpu_cores": [round(p.cpu or 0.0, 2) for p in w.workers][:32],
    }
    if w.step_times:
        ev["step_s_median"] = round(statistics.median(w.step_times), 4)
    return ev


# -- EW101 .. EW105: the input pipeline and its configuration ------------------------------------
@rule(
    "EW101",
    category="input-pipeline",
    severity="warning",
    cause="4 CPU cannot keep up (data loading / preprocessing)",
    title="input-bound: DataLoader workers are CPU-bound preprocessing",
    rationale="""
    The training loop waits for batches (GPU busy below 50 %, the threshold of the PyTorch
    TensorBoard plugin [S6] and Nsight's gpu_time_util [S34]; without a GPU signal, the training
    process uses under half a core) while every loader worker wants at least 90 % of a core (CPU
    it used plus run-queue wait from /proc/PID/schedstat [S51]; SageMaker's CPUBottleneck uses
    CPU > 90 % [S17]) and the workers are not blocked on I/O. Sources:
    https://github.com/pytorch/kineto (tb_plugin data.py),
    https://github.com/awslabs/sagemaker-debugger (rules/cpu_bottleneck.py).""",
    fix="Raise DataLoader num_workers up to the cores available (SageMaker's rule: 70-200 % of "
    "cores [S17]); make transforms cheaper or preprocess offline; decode on the GPU (NVIDIA DALI).",
)
def ew101(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    if not w.workers:
        return None
    why = _starving(w, main)
    hungry = _hungry_workers(w)
    if why is None or len(hungry) < max(1, (len(w.workers) + 1) // 2):
        return None
    if any(_io_blocked(p) >= IO_BLOCKED for p in w.workers):
        return None  # blocked on reads: EW111 / EW121
    if w.throttled_ratio is not None and w.throttled_ratio >= CGROUP_THROTTLED:
        return None  # the quota is the limit: EW102
    ev = _base_evidence(w, main)
    ev["worker_cpu_demand_cores"] = [round(p.demand or 0.0, 2) for p in w.workers][:32]
    ev["available_cores"] = w.available_cores
    return Hit(
        expected="the GPU (or the training process) busy, workers with headroom",
        found=f"{why}; {len(hungry)}/{len(w.workers)} workers each want >= "
        f"{_pct(CORE_BUSY)} of a core",
        evidence=ev,
        lost_frac=_lost(w, main),
        confidence="medium" if w.gpu_busy is not None else "low",
    )


@rule(
    "EW102",
    category="host-bound",
    severity="warning",
    cause="4 CPU cannot keep up, limited by a CPU quota",
    title="input-bound under a cgroup CPU quota that throttles the job",
    rationale="""
    The job is CPU-limited and its cgroup is throttled in at least 20 % of the CFS periods
    (cpu.stat nr_throttled / nr_periods, Linux cgroup v2 [S50],
    https://docs.kernel.org/scheduler/sched-bwc.html; 20 % is an envcheck choice). Adding
    DataLoader workers beyond the quota only adds contention; `verify` reports the quota as
    EC503.""",
    fix="Raise the container's CPU quota (docker --cpus, Kubernetes limits.cpu, Slurm "
    "--cpus-per-task), or set num_workers to at most the quota in cores.",
)
def ew102(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    if w.throttled_ratio is None:
        raise SkipRule(w.unknown.get("cgroup", "cgroup cpu.stat not readable"))
    if w.throttled_ratio < CGROUP_THROTTLED:
        return None
    demand = sum(p.demand or 0.0 for p in [main, *w.workers])
    starving = _starving(w, main) if w.workers else None
    main_hungry = (main.demand or 0.0) >= CORE_BUSY
    if not (starving or main_hungry):
        return None
    ev = _base_evidence(w, main)
    ev.update(
        throttled_ratio=round(w.throttled_ratio, 3),
        quota_cores=w.quota_cores,
        tree_cpu_demand_cores=round(demand, 2),
    )
    return Hit(
        expected=f"cgroup throttled in < {_pct(CGROUP_THROTTLED)} of periods",
        found=f"throttled in {_pct(w.throttled_ratio)} of periods; the job wants "
        f"{_cores(demand)} under a quota of {_cores(w.quota_cores)}",
        evidence=ev,
        lost_frac=min(1.0, w.throttled_ratio),
        confidence="high",
    )


@rule(
    "EW103",
    category="framework-config",
    severity="warning",
    cause="6 framework misconfiguration (num_workers=0)",
    title="data loading runs in the training process (no loader workers, num_workers=0)",
    rationale="""
    The GPU is under-used (busy below 50 % [S6, S34]) while the training process is CPU-bound
    (>= 90 % of a core [S17]) and has no worker children: batches are loaded and transformed in
    the training loop itself, so the GPU waits for every batch. The PyTorch TensorBoard plugin
    recommends workers when data loading exceeds 5 % of the step [S6]; the PyTorch tuning guide
    recommends num_workers > 0 and pin_memory=True [S53],
    https://docs.pytorch.org/tutorials/recipes/recipes/tuning_guide.""",
    fix="DataLoader(..., num_workers=N>0, pin_memory=True) (start with the cores available "
    "divided by the GPUs); `envcheck watch --synthetic --data-dir DIR` measures the best N.",
)
def ew103(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    if w.gpu_busy is None:
        raise SkipRule(
            "needs GPU utilisation (NVML): without it a busy training process is the normal "
            "state of CPU training"
        )
    if w.workers or w.gpu_busy >= GPU_STARVED or (main.demand or 0.0) < CORE_BUSY:
        return None
    ev = _base_evidence(w, main)
    return Hit(
        expected="loader workers feeding the GPU",
        found=f"GPU busy {_pct(w.gpu_busy)}; the training process (pid {main.pid}) uses "
        f"{_cores(main.cpu)} with no worker processes",
        evidence=ev,
        lost_frac=_lost(w, main),
        confidence="medium",
    )


doc(
    "EW104",
    category="framework-config",
    severity="warning",
    cause="6 framework misconfiguration (workers respawned each epoch)",
    title="DataLoader workers are respawned every epoch, with a stall each time",
    rationale="""
    The set of loader worker processes is replaced (all old PIDs exit, new ones start) at least
    twice, and each replacement coincides with a GPU idle gap over 500 ms (Nsight gpu_gaps
    [S34]) or a step-time outlier (median + 3 MAD, Goodput [S46]). This is the default
    persistent_workers=False of torch.utils.data.DataLoader [S54],
    https://pytorch.org/docs/stable/data.html; users report the epoch-start stall
    (RIDE-LongTailRecognition#33).""",
    fix="DataLoader(..., persistent_workers=True) (keeps the workers and their warm state "
    "between epochs).",
)

doc(
    "EW105",
    category="input-pipeline",
    severity="warning",
    cause="6 framework misconfiguration (loader sawtooth)",
    title="periodic stutter: one slow step every N steps, N = the number of loader workers",
    rationale="""
    Step times repeat with a period equal to the number of live worker processes: one slow step
    then N-1 fast ones (autocorrelation of step times peaks at lag N). Each worker builds a
    whole batch, so when one batch takes longer than N steps the loop waits once per round:
    pytorch/pytorch#19836 ("When worker num is N, then first batch is very slow then follow N-1
    very faster"), https://github.com/pytorch/pytorch/issues/19836 [S55].""",
    fix="More workers, or a larger prefetch_factor (default 2 [S54]); find the slow sample path "
    "(decode, remote read) that makes one batch take longer than N steps.",
)


# -- EW111, EW121: storage and network ---------------------------------------------------------
@rule(
    "EW111",
    category="storage",
    severity="warning",
    cause="5 disk I/O",
    title="input-bound on storage reads: the loader waits for the disk",
    rationale="""
    The training loop waits for input while its readers (loader workers, or the training process
    when there are none) are blocked in I/O in at least 30 % of samples: uninterruptible D
    state or a kernel wait channel of a file/pipe read (/proc/PID/wchan), or PSI io "some" is at
    least 20 % [S49]. iowait alone is "not reliable" (proc_stat(5) [S48],
    https://man7.org/linux/man-pages/man5/proc_stat.5.html), so it is never the trigger; this is
    stricter than SageMaker's IOBottleneck [S17]. Thresholds are envcheck choices.""",
    fix="Copy the data to local NVMe or /dev/shm (or let it fit the page cache); use larger "
    "shards (WebDataset, TFRecord); prefetch; more reader workers for high-latency storage.",
)
def ew111(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    readers = w.workers or [main]
    blocked = [p for p in readers if _io_blocked(p) >= IO_BLOCKED]
    psi_io = w.psi.get("io_some")
    io_stall = bool(blocked) or (psi_io is not None and psi_io >= PSI_IO)
    if not io_stall:
        return None
    why = _starving(w, main)
    if why is None and w.workers:
        return None
    if why is None and w.gpu_busy is None:
        # no workers and no GPU: the training process itself reads; blocked time is lost time
        why = f"the training process is blocked in I/O {_pct(_io_blocked(main))} of the time"
    if why is None:
        return None
    if any(p.net_wait >= IO_BLOCKED for p in readers):
        return None  # EW121
    ev = _base_evidence(w, main)
    ev.update(
        readers_io_blocked=[round(_io_blocked(p), 2) for p in readers][:32],
        wait_channels=sorted({c for p in readers for c in p.wchans})[:8],
        psi_io_some=psi_io,
        disk_busy=w.disk_busy,
        read_mb_s=None if w.tree_read_bps is None else round(w.tree_read_bps / 1e6, 2),
    )
    return Hit(
        expected=f"readers blocked in I/O < {_pct(IO_BLOCKED)} of the time",
        found=f"{why}; {len(blocked)}/{len(readers)} readers blocked in I/O "
        f"(max {_pct(max(_io_blocked(p) for p in readers))})",
        evidence=ev,
        lost_frac=max(_lost(w, main), max(_io_blocked(p) for p in readers)),
        confidence="medium",
    )


@rule(
    "EW121",
    category="data-network",
    severity="warning",
    cause="3 slow network between the data and the server",
    title="input-bound on network reads: the loader waits for remote data",
    rationale="""
    The training loop waits for input while its readers are blocked on sockets or an NFS/RPC
    wait in at least 30 % of samples (/proc/PID/wchan: sk_wait_data, tcp_recvmsg,
    rpc_wait_bit_killable, ...). nfsiostat(8) reads round-trip times from
    /proc/self/mountstats [S52], https://man7.org/linux/man-pages/man8/nfsiostat.8.html; verify's
    EC602 reports a network file system under --data-dir. Thresholds are envcheck choices.""",
    fix="Stage the data on local disk (or cache it after the first epoch); more parallel "
    "readers to hide latency; a streaming format with large sequential reads.",
)
def ew121(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    readers = w.workers or [main]
    waiting = [p for p in readers if p.net_wait >= IO_BLOCKED]
    why = _starving(w, main)
    if not waiting or (why is None and w.workers):
        return None
    ev = _base_evidence(w, main)
    ev.update(
        readers_net_blocked=[round(p.net_wait, 2) for p in readers][:32],
        wait_channels=sorted({c for p in readers for c in p.wchans})[:8],
        net_rx_mb_s=None if w.net_rx_bps is None else round(w.net_rx_bps / 1e6, 2),
    )
    return Hit(
        expected="readers rarely waiting on the network",
        found=f"{why or 'the training process waits'}; {len(waiting)}/{len(readers)} readers "
        f"blocked on network reads",
        evidence=ev,
        lost_frac=max(_lost(w, main), max(p.net_wait for p in readers)),
        confidence="medium",
    )


# -- EW131, EW132: other processes ---------------------------------------------------------------
@rule(
    "EW131",
    category="gpu-contention",
    severity="warning",
    cause="7 other processes competing for the GPU",
    title="another process computes on the job's GPU",
    rationale="""
    NVML's per-process utilisation (nvmlDeviceGetProcessUtilization [S29],
    https://docs.nvidia.com/deploy/nvml-api/structnvmlProcessUtilizationSample__t.html) shows a
    PID outside the watched process tree using at least 10 % SM on the GPU (envcheck choice):
    the GPU time-slices between the contexts, so the job gets only part of it.""",
    fix="Stop the other process or pick another GPU (CUDA_VISIBLE_DEVICES); ask the provider for "
    "exclusive-process compute mode.",
)
def ew131(w: Window) -> Optional[Hit]:
    if not w.gpus:
        raise SkipRule(w.unknown.get("nvml", "no GPU samples (NVML)"))
    if not any(g.procs_known for g in w.gpus):
        reason = next((g.unknown.get("procs") for g in w.gpus if g.unknown.get("procs")), None)
        raise SkipRule(f"per-process GPU utilisation not readable: {reason or 'not sampled'}")
    for g in w.gpus:
        strong = {pid: sm for pid, sm in g.foreign.items() if sm >= FOREIGN_SM}
        if strong:
            top = max(strong.values())
            return Hit(
                expected=f"no other process using >= {FOREIGN_SM:.0f}% SM on GPU {g.index}",
                found=f"PID(s) {', '.join(map(str, sorted(strong)))} outside the job use up to "
                f"{top:.0f}% SM on GPU {g.index}",
                evidence={
                    "window_s": [round(w.t0, 1), round(w.t1, 1)],
                    "gpu": g.index,
                    "foreign_sm_pct": {str(k): v for k, v in strong.items()},
                    "gpu_busy": g.busy,
                },
                lost_frac=min(1.0, top / 100.0),
                confidence="high",
                gpu=g.index,
            )
    return None


@rule(
    "EW132",
    category="cpu-contention",
    severity="warning",
    cause="7 other processes competing for the CPU",
    title="the job waits for CPU that other processes (or the hypervisor) take",
    rationale="""
    The job's processes wait on a run queue for at least 20 % of the time they run
    (/proc/PID/schedstat [S51]) or PSI cpu "some" is at least 20 % [S49], while processes outside
    the job use at least half a core, or the hypervisor steals at least 5 % (proc_stat(5) steal
    [S48], https://man7.org/linux/man-pages/man5/proc_stat.5.html; PSI:
    https://docs.kernel.org/accounting/psi.html). Thresholds are envcheck choices (design D7).""",
    fix="Stop or renice the competing processes; pin the job with cpusets or run it in a "
    "container with dedicated CPUs (`envcheck fix --docker`); on a VM with steal, ask for "
    "dedicated cores.",
)
def ew132(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    procs = [main, *w.workers]
    ran = sum(p.cpu or 0.0 for p in procs)
    waited = sum(p.runq or 0.0 for p in procs)
    share = waited / ran if ran > 0.05 else None
    psi_cpu = w.psi.get("cpu_some")
    pressured = (share is not None and share >= RUNQ_SHARE) or (
        psi_cpu is not None and psi_cpu >= PSI_CPU
    )
    stolen = w.steal is not None and w.steal >= STEAL
    outside = w.outside_cores
    if share is None and psi_cpu is None and w.steal is None:
        raise SkipRule("neither schedstat, PSI nor /proc/stat steal readable")
    if not (stolen or (pressured and outside is not None and outside >= OUTSIDE_CORES)):
        return None
    ev = _base_evidence(w, main)
    ev.update(
        runq_share=None if share is None else round(share, 3),
        psi_cpu_some=psi_cpu,
        steal=w.steal,
        outside_cores=None if outside is None else round(outside, 2),
        top_outside=[
            {"pid": pid, "name": name, "cores": round(c, 2)} for pid, name, c in w.others[:5]
        ],
    )
    parts = []
    if share is not None:
        parts.append(
            f"the job's processes waited {share:.2f} s on a run queue per CPU-second they got"
        )
    if outside is not None:
        parts.append(f"other processes used {_cores(outside)}")
    if stolen:
        parts.append(f"steal {_pct(w.steal)}")
    return Hit(
        expected="the job gets the CPU it asks for",
        found="; ".join(parts),
        evidence=ev,
        lost_frac=min(1.0, max(share or 0.0, w.steal or 0.0)),
        confidence="medium",
    )


# -- EW141, EW142: throttling ------------------------------------------------------------------
def _throttle(w: Window, bits: int, label: str) -> Optional[Hit]:
    if not w.gpus:
        raise SkipRule(w.unknown.get("nvml", "no GPU samples (NVML)"))
    if not any(g.bit_frac or "reasons" not in g.unknown for g in w.gpus):
        raise SkipRule("clock-event reasons not readable (NVML)")
    for g in w.gpus:
        frac = max((f for b, f in g.bit_frac.items() if b & bits), default=0.0)
        if frac >= THROTTLE_FRAC:
            return Hit(
                expected=f"{label} in < {_pct(THROTTLE_FRAC)} of samples on GPU {g.index}",
                found=f"{label} in {_pct(frac)} of samples on GPU {g.index}; SM clock at "
                f"{_pct(g.clock_ratio)} of its maximum; max {g.temp_max} C "
                f"(slowdown {g.slowdown} C)",
                evidence={
                    "window_s": [round(w.t0, 1), round(w.t1, 1)],
                    "gpu": g.index,
                    "fraction": round(frac, 3),
                    "clock_ratio": g.clock_ratio,
                    "temp_max_c": g.temp_max,
                    "slowdown_c": g.slowdown,
                },
                lost_frac=frac * (1.0 - (g.clock_ratio or 0.5)),
                confidence="high",
                gpu=g.index,
            )
    return None


@rule(
    "EW141",
    category="gpu-throttle",
    severity="warning",
    cause="10 overheating and throttling",
    title="the GPU slows its clocks for heat (thermal slowdown)",
    rationale="""
    NVML's clock-event reasons show SW or HW thermal slowdown in at least 10 % of samples
    (envcheck choice): NVML clock event reasons [S27],
    https://docs.nvidia.com/deploy/nvml-api/api/group__nvmlClocksEventReasons.html. SW_POWER_CAP
    alone is normal at full load and is not reported (hashcat's maintainers do not warn on it
    [S66]).""",
    fix="Improve cooling (fans, airflow, a clean heatsink), lower the power limit "
    "(nvidia-smi -pl), or report the node to the provider.",
)
def ew141(w: Window) -> Optional[Hit]:
    return _throttle(w, BIT_SW_THERMAL | BIT_HW_THERMAL, "thermal slowdown")


@rule(
    "EW142",
    category="gpu-throttle",
    severity="warning",
    cause="10 overheating and throttling (power brake / HW slowdown)",
    title="the GPU is held down by HW slowdown or the power brake",
    rationale="""
    HW_SLOWDOWN ("reducing the core clocks by a factor of 2 or more": high temperature, an
    external power brake or power too high) or HW_POWER_BRAKE in at least 10 % of samples:
    NVML/DCGM clock event reasons [S27],
    https://docs.nvidia.com/datacenter/dcgm/2.4/dcgm-api/dcgm-api-field-constants.html.
    10 % is an envcheck choice.""",
    fix="A power-delivery or board problem: report it to the provider and drain the node "
    "(`envcheck verify --kernels` records the health facts).",
)
def ew142(w: Window) -> Optional[Hit]:
    return _throttle(w, BIT_HW_SLOWDOWN | BIT_HW_POWER_BRAKE, "HW slowdown / power brake")


# -- EW151: GPU memory ---------------------------------------------------------------------------
@rule(
    "EW151",
    category="gpu-memory",
    severity="warning",
    cause="2 GPU memory exhausted",
    title="GPU memory is full and still growing",
    rationale="""
    GPU memory reaches at least 95 % of total (envcheck choice) and grew by at least 5
    percentage points in the window (SageMaker's GPUMemoryIncrease rule [S17],
    https://github.com/awslabs/sagemaker-debugger): the caching allocator is close to retrying
    and freeing caches (torch.cuda.memory_stats num_alloc_retries [S56]) or to an out-of-memory
    error. A CUDA out-of-memory line in the job's output is reported by EW181.""",
    fix="A smaller batch with gradient accumulation; mixed precision (AMP/bf16); activation "
    "checkpointing; PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True against fragmentation.",
)
def ew151(w: Window) -> Optional[Hit]:
    if not w.gpus:
        raise SkipRule(w.unknown.get("nvml", "no GPU samples (NVML)"))
    for g in w.gpus:
        if g.mem_frac_max is None:
            continue
        creep = (g.mem_frac_last or 0.0) - (g.mem_frac_first or 0.0)
        if g.mem_frac_max >= MEM_FULL and creep >= MEM_CREEP:
            return Hit(
                expected=f"GPU {g.index} memory < {_pct(MEM_FULL)} and stable",
                found=f"GPU {g.index} memory at {_pct(g.mem_frac_max)}, up {creep * 100:.0f} "
                f"points in the window",
                evidence={
                    "window_s": [round(w.t0, 1), round(w.t1, 1)],
                    "gpu": g.index,
                    "mem_frac_max": round(g.mem_frac_max, 3),
                    "creep": round(creep, 3),
                },
                lost_frac=0.1,
                confidence="medium",
                gpu=g.index,
            )
    return None


# -- EW172: host / launch bound ------------------------------------------------------------------
@rule(
    "EW172",
    category="host-bound",
    severity="warning",
    cause="6 the training loop's own Python / kernel launches are the limit",
    title="host-bound: the training process is CPU-bound while its workers idle and the GPU waits",
    rationale="""
    The GPU is under-used (busy below 50 % [S6, S34]) while the training process runs at least
    90 % of a core and the loader workers are mostly idle (< 30 % of a core each): the Python
    loop or kernel launches (5-20 µs each, HTA [S3]) cannot keep the GPU fed. HTA calls this
    host wait [S1], https://github.com/facebookresearch/HolisticTraceAnalysis.""",
    fix="CUDA graphs or torch.compile; a bigger batch; remove per-step host syncs (.item(), "
    "printing tensors); move per-sample Python work into the DataLoader workers.",
)
def ew172(w: Window) -> Optional[Hit]:
    main = _need_tree(w)
    if w.gpu_busy is None:
        raise SkipRule("needs GPU utilisation (NVML)")
    if not w.workers or w.gpu_busy >= GPU_STARVED or (main.demand or 0.0) < CORE_BUSY:
        return None
    if any((p.cpu or 0.0) >= WORKER_IDLE for p in w.workers):
        return None
    return Hit(
        expected="the GPU busy while the training process launches work",
        found=f"GPU busy {_pct(w.gpu_busy)}; training process at {_cores(main.cpu)}; "
        f"{len(w.workers)} workers idle",
        evidence=_base_evidence(w, main),
        lost_frac=_lost(w, main),
        confidence="low",
    )


doc(
    "EW181",
    category="kernel-failure",
    severity="error",
    cause="8 driver / CUDA / framework incompatibility (or 2: out of memory) at run time",
    title="the job printed a known GPU stack error",
    rationale="""
    A line of the job's output matches a known error message of the CUDA / framework stack (the
    pattern table of `envcheck verify --error-log`, envcheck/importers/errorlog/, each with its
    source): no kernel image for the GPU, CUDA driver too old, CUDA out of memory, NCCL errors.
    The finding carries the pattern's own category advice; the static checks (EC1xx-EC3xx) in
    the same report say which facts cause it.""",
    fix="Follow the matched pattern's fix (shown in the finding); `envcheck fix` plans the "
    "version changes.",
)

doc(
    "EW191",
    category="performance-degraded",
    severity="warning",
    cause="multi-GPU straggler or imbalance",
    title="the GPUs of one job are unevenly busy (a straggler)",
    rationale="""
    With two or more GPUs sampled, the Jensen-Shannon distance between their utilisation
    histograms exceeds 0.2 (SageMaker's LoadBalancing rule [S17],
    https://github.com/awslabs/sagemaker-debugger, rules/load_balancing.py) and their mean busy
    share differs by at least 20 points (envcheck choice): one rank waits for another.""",
    fix="Balance the data shards per rank; check that every rank has the same batch size and "
    "the same GPU model; look for one slow GPU (throttled, or another process on it).",
)


def window_rules() -> List[RuleSpec]:
    return [s for s in RULES.values() if s.func is not None]


def catalogue() -> List[RuleSpec]:
    return sorted(RULES.values(), key=lambda s: s.code)


def get(code: str) -> Optional[RuleSpec]:
    return RULES.get(code.upper())
