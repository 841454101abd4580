"""Numbers per time window, computed from a Timeline alone (pure: no I/O, no clock).

Counters in the trace are cumulative; a rate over a window is the difference between the last
and the first sample inside it divided by the time between them. A number that the trace cannot
give is ``None`` and the rules that need it skip with the reason (never a silent pass).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from envcheck.watch.timeline import Timeline

# Process names that only launch the job: the training loop is in their single child.
LAUNCHERS = {
    "sh",
    "bash",
    "dash",
    "zsh",
    "env",
    "timeout",
    "time",
    "nohup",
    "stdbuf",
    "uv",
    "torchrun",
    "accelerate",
    "srun",
    "mpirun",
    "deepspeed",
    "nice",
    "taskset",
}

# Clock-event reason bits (nvml.h; same table as envcheck/probes/nvml.py THROTTLE_BITS).
BIT_SW_POWER_CAP = 0x4
BIT_HW_SLOWDOWN = 0x8
BIT_SW_THERMAL = 0x20
BIT_HW_THERMAL = 0x40
BIT_HW_POWER_BRAKE = 0x80

# Kernel wait channels (/proc/PID/wchan) of a process sleeping in a read. Prefix match.
IO_WCHANS = (
    "io_schedule",
    "folio_wait",
    "wait_on_page",
    "__lock_page",
    "bit_wait_io",
    "blk_mq_get_tag",
    "pipe_read",
    "anon_pipe_read",
    "pipe_wait",
    "fuse_",
    "request_wait_answer",
    "ext4_",
    "xfs_",
    "btrfs_",
)
NET_WCHANS = ("sk_wait_data", "tcp_recvmsg", "unix_stream_read", "rpc_", "nfs_", "sk_stream_wait")


def wchan_kind(name: Any) -> Optional[str]:
    if not isinstance(name, str) or not name or name == "0":
        return None
    if name.startswith(NET_WCHANS):
        return "net"
    if name.startswith(IO_WCHANS):
        return "io"
    return None


def _num(value: Any) -> Optional[float]:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def percentile(values: List[float], q: float) -> Optional[float]:
    if not values:
        return None
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _rate(rows: List[Dict[str, Any]], *path: str) -> Optional[float]:
    """d(counter)/dt between the first and last row carrying that counter."""
    points: List[Tuple[float, float]] = []
    for r in rows:
        v: Any = r
        for p in path:
            v = v.get(p) if isinstance(v, dict) else None
        n = _num(v)
        if n is not None:
            points.append((r["t"], n))
    if len(points) < 2 or points[-1][0] <= points[0][0]:
        return None
    delta = points[-1][1] - points[0][1]
    if delta < 0:  # counter reset or wrap: no rate rather than a wrong one
        return None
    return delta / (points[-1][0] - points[0][0])


def _delta(rows: List[Dict[str, Any]], *path: str) -> Optional[float]:
    vals = []
    for r in rows:
        v: Any = r
        for p in path:
            v = v.get(p) if isinstance(v, dict) else None
        n = _num(v)
        if n is not None:
            vals.append(n)
    if len(vals) < 2 or vals[-1] < vals[0]:
        return None
    return vals[-1] - vals[0]


@dataclass
class Proc:
    pid: int
    ppid: int
    name: str
    cpu: Optional[float] = None  # cores used (CPU seconds per second)
    runq: Optional[float] = None  # seconds waiting on a run queue per second (schedstat)
    dstate: float = 0.0  # fraction of samples in D (uninterruptible, usually I/O)
    runnable: float = 0.0  # fraction of samples in R
    read_bps: Optional[float] = None
    io_wait: float = 0.0  # fraction of samples sleeping in a file / pipe read (wchan), not D
    net_wait: float = 0.0  # fraction of samples sleeping on a socket or NFS/RPC (wchan)
    wchans: List[str] = field(default_factory=list)  # the I/O wait channels seen
    first_t: float = 0.0
    samples: int = 0

    @property
    def demand(self) -> Optional[float]:
        """CPU it used plus CPU it waited for: what it would use on an idle machine."""
        if self.cpu is None:
            return None
        return self.cpu + (self.runq or 0.0)


@dataclass
class GpuWindow:
    index: int
    util: List[float] = field(default_factory=list)
    mem_frac_max: Optional[float] = None
    mem_frac_first: Optional[float] = None
    mem_frac_last: Optional[float] = None
    bit_frac: Dict[int, float] = field(default_factory=dict)
    clock_ratio: Optional[float] = None
    temp_max: Optional[float] = None
    slowdown: Optional[float] = None
    foreign: Dict[int, float] = field(default_factory=dict)  # pid -> max SM util %
    foreign_mem_mib: Dict[int, float] = field(default_factory=dict)
    ours_seen: bool = False
    procs_known: bool = False
    unknown: Dict[str, str] = field(default_factory=dict)

    @property
    def busy(self) -> Optional[float]:
        return statistics.fmean(self.util) / 100.0 if self.util else None


@dataclass
class Window:
    t0: float
    t1: float
    root: Optional[int] = None
    main: Optional[Proc] = None
    workers: List[Proc] = field(default_factory=list)
    new_workers: int = 0
    tree_cpu: Optional[float] = None
    tree_read_bps: Optional[float] = None
    tree_dstate: Optional[float] = None
    host_cpus: Optional[int] = None
    quota_cores: Optional[float] = None
    host_busy_cores: Optional[float] = None
    steal: Optional[float] = None
    iowait: Optional[float] = None
    psi: Dict[str, Optional[float]] = field(default_factory=dict)
    throttled_ratio: Optional[float] = None  # cgroup nr_throttled / nr_periods
    majfault_rate: Optional[float] = None
    mem_available_frac: Optional[float] = None
    disk_busy: Optional[float] = None
    disk_read_bps: Optional[float] = None
    net_rx_bps: Optional[float] = None
    others: List[Tuple[int, str, float]] = field(default_factory=list)  # pid, name, cores
    gpus: List[GpuWindow] = field(default_factory=list)
    step_times: List[float] = field(default_factory=list)
    phases: List[str] = field(default_factory=list)
    unknown: Dict[str, str] = field(default_factory=dict)

    @property
    def duration(self) -> float:
        return self.t1 - self.t0

    @property
    def available_cores(self) -> Optional[float]:
        cores = [c for c in (self.host_cpus, self.quota_cores) if c]
        return float(min(cores)) if cores else None

    @property
    def gpu_busy(self) -> Optional[float]:
        values = [g.busy for g in self.gpus if g.busy is not None]
        return statistics.fmean(values) if values else None

    @property
    def outside_cores(self) -> Optional[float]:
        if self.host_busy_cores is None or self.tree_cpu is None:
            return None
        return max(0.0, self.host_busy_cores - self.tree_cpu)


def _procs(tree_rows: List[Dict[str, Any]]) -> Dict[int, Proc]:
    history: Dict[int, List[Tuple[float, Dict[str, Any]]]] = {}
    for r in tree_rows:
        for p in r.get("procs") or ():
            if isinstance(p, dict) and isinstance(p.get("pid"), int):
                history.setdefault(p["pid"], []).append((r["t"], p))
    out: Dict[int, Proc] = {}
    for pid, hist in history.items():
        last = hist[-1][1]
        proc = Proc(pid, int(last.get("ppid") or 0), str(last.get("name") or "?"))
        proc.first_t = hist[0][0]
        proc.samples = len(hist)
        rows = [{"t": t, **p} for t, p in hist]
        proc.cpu = _rate(rows, "cpu_s")
        proc.runq = _rate(rows, "runq_s")
        proc.read_bps = _rate(rows, "read_b")
        states = [p.get("state") for _, p in hist]
        proc.dstate = sum(1 for s in states if s == "D") / len(states)
        proc.runnable = sum(1 for s in states if s == "R") / len(states)
        kinds = [(p.get("state"), wchan_kind(p.get("wchan")), p.get("wchan")) for _, p in hist]
        proc.io_wait = sum(1 for st, k, _ in kinds if k == "io" and st != "D") / len(kinds)
        proc.net_wait = sum(1 for _, k, _ in kinds if k == "net") / len(kinds)
        proc.wchans = sorted({str(c) for _, k, c in kinds if k})
        out[pid] = proc
    return out


def _main_process(procs: Dict[int, Proc], root: Optional[int]) -> Optional[Proc]:
    """The training loop's process: the root, or below a chain of single-child launchers."""
    if root not in procs:
        return None
    node = procs[root]
    for _ in range(8):
        children = [p for p in procs.values() if p.ppid == node.pid]
        launcher = node.name in LAUNCHERS or (node.cpu is not None and node.cpu < 0.02)
        if len(children) == 1 and launcher:
            node = children[0]
        else:
            break
    return node


def _descendants(procs: Dict[int, Proc], top: int) -> List[Proc]:
    out: List[Proc] = []
    frontier = [top]
    while frontier:
        pid = frontier.pop()
        for p in procs.values():
            if p.ppid == pid and p.pid != top:
                out.append(p)
                frontier.append(p.pid)
    return out


def window(tl: Timeline, t0: float, t1: float, seen_before: Optional[set] = None) -> Window:
    """Everything the rules read about [t0, t1]."""
    w = Window(t0, t1, host_cpus=tl.cpus, quota_cores=tl.quota_cores)
    inside = [r for r in tl.rows if t0 <= r["t"] <= t1]
    by_src: Dict[str, List[Dict[str, Any]]] = {}
    for r in inside:
        by_src.setdefault(r["src"], []).append(r)

    for r in by_src.get("unknown", ()):
        w.unknown[str(r.get("sampler"))] = str(r.get("reason"))
    for r in tl.of("unknown"):  # a sampler that never worked is unknown everywhere
        w.unknown.setdefault(str(r.get("sampler")), str(r.get("reason")))

    tree_rows = by_src.get("tree", [])
    if tree_rows:
        w.root = tree_rows[-1].get("root")
        procs = _procs(tree_rows)
        w.main = _main_process(procs, w.root)
        if w.main is not None:
            w.workers = _descendants(procs, w.main.pid)
            if seen_before is not None:
                w.new_workers = sum(1 for p in w.workers if p.pid not in seen_before)
        cpus = [p.cpu for p in procs.values() if p.cpu is not None]
        w.tree_cpu = sum(cpus) if cpus else None
        reads = [p.read_bps for p in procs.values() if p.read_bps is not None]
        w.tree_read_bps = sum(reads) if reads else None
        states = [p.dstate for p in procs.values()]
        w.tree_dstate = max(states) if states else None

    host = by_src.get("host", [])
    if host:
        ticks = {
            k: _delta(host, "cpu", k)
            for k in ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")
        }
        total = sum(v for v in ticks.values() if v is not None)
        if total > 0 and ticks["idle"] is not None:
            idle = ticks["idle"] + (ticks["iowait"] or 0.0)
            cpus = w.host_cpus or 1
            w.host_busy_cores = (total - idle - (ticks["steal"] or 0.0)) / total * cpus
            w.steal = (ticks["steal"] or 0.0) / total
            w.iowait = (ticks["iowait"] or 0.0) / total
        for key in ("cpu_some", "io_some", "io_full", "memory_some", "memory_full"):
            rate = _rate(host, "psi", key)
            w.psi[key] = None if rate is None else rate / 1e6
        periods = _delta(host, "cgroup", "nr_periods")
        throttled = _delta(host, "cgroup", "nr_throttled")
        if periods and throttled is not None:
            w.throttled_ratio = throttled / periods
        w.majfault_rate = _rate(host, "vm", "pgmajfault")
        avail = [_num((r.get("mem") or {}).get("available")) for r in host]
        totals = [_num((r.get("mem") or {}).get("total")) for r in host]
        if avail and totals and avail[-1] is not None and totals[-1]:
            w.mem_available_frac = avail[-1] / totals[-1]
        io_ms = _rate(host, "disk", "io_ms")
        w.disk_busy = None if io_ms is None else min(1.0, io_ms / 1000.0)
        w.disk_read_bps = _rate(host, "disk", "read_b")
        w.net_rx_bps = _rate(host, "net", "rx_b")

    # "others" rows hold rates over (since, t]: use every row whose span overlaps the window
    spans = [r for r in tl.of("others") if r["t"] >= t0 and float(r.get("since", r["t"])) <= t1]
    if spans:
        acc: Dict[int, List[float]] = {}
        names: Dict[int, str] = {}
        for r in spans:
            for p in r.get("procs") or ():
                if isinstance(p, dict) and isinstance(p.get("pid"), int):
                    acc.setdefault(p["pid"], []).append(_num(p.get("cores")) or 0.0)
                    names[p["pid"]] = str(p.get("name") or "?")
        w.others = sorted(
            ((pid, names[pid], sum(v) / len(spans)) for pid, v in acc.items()), key=lambda o: -o[2]
        )

    tree_pids = set()
    for r in tree_rows:
        tree_pids.update(p.get("pid") for p in r.get("procs") or () if isinstance(p, dict))
    gpu_rows: Dict[int, List[Dict[str, Any]]] = {}
    for r in by_src.get("gpu", ()):
        if isinstance(r.get("i"), int):
            gpu_rows.setdefault(r["i"], []).append(r)
    for index, rows in sorted(gpu_rows.items()):
        w.gpus.append(_gpu_window(index, rows, tree_pids))

    w.step_times = step_times(tl, t0, t1)
    w.phases = [str(r.get("phase")) for r in by_src.get("phase", ())]
    return w


def _gpu_window(index: int, rows: List[Dict[str, Any]], tree_pids: set) -> GpuWindow:
    g = GpuWindow(index)
    fracs = []
    bits: Dict[int, int] = {}
    nbits = 0
    ratios = []
    for r in rows:
        for k, v in r.items():
            if isinstance(v, dict) and "unknown" in v:
                g.unknown[k] = str(v["unknown"])
        util = _num(r.get("util"))
        if util is not None:
            g.util.append(util)
        used, total = _num(r.get("mem_used")), _num(r.get("mem_total"))
        if used is not None and total:
            fracs.append(used / total)
        mask = r.get("reasons")
        if isinstance(mask, int) and not isinstance(mask, bool):
            nbits += 1
            for bit in (
                BIT_SW_POWER_CAP,
                BIT_HW_SLOWDOWN,
                BIT_SW_THERMAL,
                BIT_HW_THERMAL,
                BIT_HW_POWER_BRAKE,
            ):
                if mask & bit:
                    bits[bit] = bits.get(bit, 0) + 1
        clk, clk_max = _num(r.get("sm_clock")), _num(r.get("sm_clock_max"))
        if clk is not None and clk_max:
            ratios.append(clk / clk_max)
        temp = _num(r.get("temp"))
        if temp is not None:
            g.temp_max = temp if g.temp_max is None else max(g.temp_max, temp)
        slow = _num(r.get("slowdown"))
        if slow:
            g.slowdown = slow
        procs = r.get("procs")
        if isinstance(procs, list):
            g.procs_known = True
            for p in procs:
                if not isinstance(p, dict) or not isinstance(p.get("pid"), int):
                    continue
                if p["pid"] in tree_pids:
                    g.ours_seen = True
                    continue
                sm = _num(p.get("sm"))
                if sm is not None:
                    g.foreign[p["pid"]] = max(g.foreign.get(p["pid"], 0.0), sm)
                mem = _num(p.get("mem_mib"))
                if mem is not None:
                    g.foreign_mem_mib[p["pid"]] = mem
    if fracs:
        g.mem_frac_max, g.mem_frac_first, g.mem_frac_last = max(fracs), fracs[0], fracs[-1]
    if nbits:
        g.bit_frac = {bit: n / nbits for bit, n in bits.items()}
    if ratios:
        g.clock_ratio = statistics.fmean(ratios)
    return g


# -- steps -------------------------------------------------------------------------------------
def training_bar(tl: Timeline) -> Optional[str]:
    """The progress bar that counts training steps: the non-eval bar with the most updates."""
    counts: Dict[str, int] = {}
    for r in tl.of("step"):
        if not r.get("eval"):
            counts[str(r.get("bar"))] = counts.get(str(r.get("bar")), 0) + 1
    return max(counts, key=lambda b: counts[b]) if counts else None


def step_advances(tl: Timeline) -> List[Tuple[float, float, int]]:
    """(end time, seconds per step, steps advanced) for every advance of the training bar.

    A job that prints every k-th step advances by k per line: the count of steps is the sum of
    the advances, not the number of lines."""
    bar = training_bar(tl)
    out: List[Tuple[float, float, int]] = []
    prev: Optional[Tuple[float, int]] = None
    for r in tl.of("step"):
        if str(r.get("bar")) != bar or not isinstance(r.get("n"), int):
            continue
        if prev is not None and r["n"] > prev[1] and r["t"] > prev[0]:
            k = r["n"] - prev[1]
            out.append((r["t"], (r["t"] - prev[0]) / k, k))
        prev = (r["t"], r["n"])  # a counter that went down is a new epoch: restart from it
    return out


def step_series(tl: Timeline) -> List[Tuple[float, float]]:
    """(end time, seconds per step) for every advance of the training bar, in arrival time."""
    return [(t, dt) for t, dt, _ in step_advances(tl)]


def step_times(tl: Timeline, t0: float, t1: float) -> List[float]:
    return [dt for t, dt in step_series(tl) if t0 <= t <= t1]


def mad_outliers(series: List[Tuple[float, float]], k: float = 3.0) -> List[Tuple[float, float]]:
    """Steps slower than median + k·MAD (Goodput [S46]); needs 10 steps to say anything."""
    if len(series) < 10:
        return []
    values = [v for _, v in series]
    med = statistics.median(values)
    mad = statistics.median(abs(v - med) for v in values)
    floor = max(mad, 0.05 * med)  # a perfectly regular loop has MAD 0: 5 % jitter is not news
    return [(t, v) for t, v in series if v > med + k * floor]
