"""Samplers: probes over time. Each is independent, never judges, and returns a Timeline row;
what it cannot read becomes ``{"unknown": reason}`` (or one ``unknown`` row), never a gap.

- ``TreeSampler``  the watched process tree through psutil (CPU time, state, read bytes) plus
  ``/proc/PID/schedstat`` (run-queue wait [S51]) and ``/proc/PID/wchan`` (what a sleeper waits on)
- ``HostSampler``  ``/proc/stat`` (incl. steal [S48]), PSI ``/proc/pressure/*`` [S49], the job's
  cgroup ``cpu.stat`` [S50], ``/proc/meminfo``, ``/proc/vmstat``, the data mount's
  ``/proc/diskstats`` line, ``/proc/net/dev``
- ``OthersSampler`` CPU time of processes outside the tree (slow: every 5 s)
- ``NvmlSampler``  per GPU through pynvml: utilisation, memory, clocks, clock-event reasons,
  temperature, power, per-process utilisation; a GPU lost mid-run turns into unknowns

psutil and pynvml are imported here only, so ``envcheck verify`` never loads them.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Dict, List, Optional

_STATES = {
    "running": "R",
    "sleeping": "S",
    "disk-sleep": "D",
    "stopped": "T",
    "zombie": "Z",
    "idle": "I",
    "tracing-stop": "t",
    "dead": "X",
    "waking": "W",
    "parked": "P",
}


def _read(path: str) -> Optional[str]:
    try:
        with open(path, "rb") as fh:
            return fh.read(65536).decode("utf-8", "replace")
    except OSError:
        return None


class TreeSampler:
    """The root process and all its descendants (DataLoader workers included)."""

    def __init__(self, root: int) -> None:
        import psutil  # noqa: PLC0415 - lazy: watch only

        self.psutil = psutil
        self.root = root
        self._procs: Dict[int, Any] = {}

    def sample(self, t: float) -> Dict[str, Any]:
        psutil = self.psutil
        try:
            top = self._procs.get(self.root) or psutil.Process(self.root)
            self._procs[self.root] = top
            members = [top] + self._descendants(top)
            if top.status() == psutil.STATUS_ZOMBIE:  # exited, not yet reaped by its parent
                return {"t": t, "src": "tree", "root": self.root, "procs": [], "gone": True}
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            return {"t": t, "src": "tree", "root": self.root, "procs": [], "gone": True}
        except psutil.Error as exc:
            return {"t": t, "src": "unknown", "sampler": "tree", "reason": f"psutil: {exc}"}
        rows = []
        alive = set()
        for proc in members:
            proc = self._procs.setdefault(proc.pid, proc)  # cached objects: cheaper oneshot
            alive.add(proc.pid)
            row = self._one(proc)
            if row is not None:
                rows.append(row)
        for pid in list(self._procs):
            if pid not in alive:
                del self._procs[pid]
        return {"t": t, "src": "tree", "root": self.root, "procs": rows}

    def _descendants(self, top: Any) -> List[Any]:
        """Children via /proc/PID/task/TID/children (a few reads), not a scan of all of /proc
        as psutil's children() does: that scan was most of watch's own CPU on a busy host."""
        pids: List[int] = []
        frontier = [top.pid]
        while frontier and len(pids) < 4096:
            pid = frontier.pop()
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tids:
                text = _read(f"/proc/{pid}/task/{tid}/children")
                if text is None:  # kernel without CONFIG_PROC_CHILDREN
                    return list(top.children(recursive=True))
                for child in text.split():
                    pids.append(int(child))
                    frontier.append(int(child))
        out = []
        for pid in pids:
            proc = self._procs.get(pid)
            if proc is None:
                try:
                    proc = self.psutil.Process(pid)
                except self.psutil.Error:
                    continue
            out.append(proc)
        return out

    def _one(self, proc: Any) -> Optional[Dict[str, Any]]:
        psutil = self.psutil
        try:
            with proc.oneshot():
                times = proc.cpu_times()
                row: Dict[str, Any] = {
                    "pid": proc.pid,
                    "ppid": proc.ppid(),
                    "name": proc.name()[:40],
                    "cpu_s": round(times.user + times.system, 3),
                    "state": _STATES.get(proc.status(), "?"),
                }
                try:
                    row["read_b"] = proc.io_counters().read_bytes
                except (psutil.AccessDenied, AttributeError, NotImplementedError):
                    row["read_b"] = {"unknown": "/proc/PID/io not readable"}
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            return None
        except psutil.Error as exc:
            return {"pid": proc.pid, "cpu_s": {"unknown": f"psutil: {exc}"}}
        sched = _read(f"/proc/{proc.pid}/schedstat")
        if sched:
            parts = sched.split()
            if len(parts) >= 2 and parts[1].isdigit():
                row["runq_s"] = int(parts[1]) / 1e9
        wchan = _read(f"/proc/{proc.pid}/wchan")
        if wchan is not None:
            row["wchan"] = wchan.strip()[:40]
        return row


def cgroup_dir(pid: int) -> Optional[str]:
    """The cgroup v2 directory of a process (None on cgroup v1 or when unreadable)."""
    text = _read(f"/proc/{pid}/cgroup")
    if not text:
        return None
    for line in text.splitlines():
        if line.startswith("0::"):
            path = os.path.join("/sys/fs/cgroup", line[3:].strip().lstrip("/"))
            # inside a container the namespace root is "/": its files are at /sys/fs/cgroup
            return path if os.path.isdir(path) else "/sys/fs/cgroup"
    return None


def quota_cores(cgdir: Optional[str]) -> Optional[float]:
    """cpu.max "quota period" -> cores (None: no quota, or unreadable). Walks up the tree."""
    best: Optional[float] = None
    d = cgdir
    while d and d.startswith("/sys/fs/cgroup"):
        text = _read(os.path.join(d, "cpu.max"))
        if text:
            parts = text.split()
            if len(parts) == 2 and parts[0] != "max" and parts[0].isdigit():
                cores = int(parts[0]) / int(parts[1])
                best = cores if best is None else min(best, cores)
        if d == "/sys/fs/cgroup":
            break
        d = os.path.dirname(d)
    return best


def data_device(data_dir: Optional[str]) -> Optional[str]:
    """The /proc/diskstats name of the block device under data_dir."""
    if not data_dir:
        return None
    try:
        dev = os.stat(data_dir).st_dev
    except OSError:
        return None
    major, minor = os.major(dev), os.minor(dev)
    text = _read("/proc/diskstats") or ""
    for line in text.splitlines():
        f = line.split()
        if len(f) >= 14 and f[0] == str(major) and f[1] == str(minor):
            return f[2]
    return None


class HostSampler:
    def __init__(self, root: int, data_dir: Optional[str] = None) -> None:
        self.cgdir = cgroup_dir(root)
        self.device = data_device(data_dir)
        self.data_dir = data_dir
        self.reported: set = set()

    def sample(self, t: float) -> List[Dict[str, Any]]:
        row: Dict[str, Any] = {"t": t, "src": "host"}
        unknown: List[Dict[str, Any]] = []

        def missing(sampler: str, reason: str) -> None:
            if sampler not in self.reported:  # once per run: the reason does not change
                self.reported.add(sampler)
                unknown.append({"t": t, "src": "unknown", "sampler": sampler, "reason": reason})

        stat = _read("/proc/stat")
        if stat and stat.startswith("cpu "):
            names = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")
            values = stat.splitlines()[0].split()[1:9]
            row["cpu"] = {n: int(v) for n, v in zip(names, values)}
        else:
            missing("cpu", "/proc/stat not readable")
        psi: Dict[str, int] = {}
        for res in ("cpu", "io", "memory"):
            text = _read(f"/proc/pressure/{res}")
            for line in (text or "").splitlines():
                kind, _, rest = line.partition(" ")
                for field in rest.split():
                    if field.startswith("total="):
                        psi[f"{res}_{kind}"] = int(field[6:])
        if psi:
            row["psi"] = psi
        else:
            missing("psi", "/proc/pressure not readable (kernel < 4.20 or PSI disabled)")
        cpu_stat = _read(os.path.join(self.cgdir, "cpu.stat")) if self.cgdir else None
        if cpu_stat:
            row["cgroup"] = {
                k: int(v)
                for k, v in (line.split() for line in cpu_stat.splitlines() if " " in line)
                if v.isdigit()
            }
        else:
            missing("cgroup", "cgroup v2 cpu.stat not readable (cgroup v1, or no cpu controller)")
        meminfo = _read("/proc/meminfo") or ""
        mem = {}
        for line in meminfo.splitlines():
            key, _, rest = line.partition(":")
            if key in ("MemTotal", "MemAvailable", "Cached", "Dirty"):
                mem[{"MemTotal": "total", "MemAvailable": "available"}.get(key, key.lower())] = (
                    int(rest.split()[0]) * 1024
                )
        if mem:
            row["mem"] = mem
        vmstat = _read("/proc/vmstat") or ""
        for line in vmstat.splitlines():
            if line.startswith("pgmajfault "):
                row["vm"] = {"pgmajfault": int(line.split()[1])}
        if self.device:
            for line in (_read("/proc/diskstats") or "").splitlines():
                f = line.split()
                if len(f) >= 14 and f[2] == self.device:
                    row["disk"] = {
                        "dev": self.device,
                        "read_b": int(f[5]) * 512,
                        "io_ms": int(f[12]),
                    }
        elif self.data_dir:
            missing("disk", f"no block device in /proc/diskstats for {self.data_dir}")
        net = _read("/proc/net/dev")
        if net:
            rx = 0
            for line in net.splitlines()[2:]:
                name, _, rest = line.partition(":")
                if name.strip() != "lo" and rest.split():
                    rx += int(rest.split()[0])
            row["net"] = {"rx_b": rx}
        return [row, *unknown]


class OthersSampler:
    """CPU use of processes outside the watched tree over the last interval (who competes)."""

    TOP = 20

    def __init__(self) -> None:
        import psutil  # noqa: PLC0415

        self.psutil = psutil
        self.last: Dict[int, float] = {}
        self.last_t: Optional[float] = None

    def sample(self, t: float, exclude: set) -> Optional[Dict[str, Any]]:
        now: Dict[int, float] = {}
        names: Dict[int, str] = {}
        for p in self.psutil.process_iter(["pid", "name", "cpu_times"]):
            info = p.info
            times = info.get("cpu_times")
            if times is None or info["pid"] in exclude:
                continue
            now[info["pid"]] = times.user + times.system
            names[info["pid"]] = str(info.get("name"))[:40]
        row = None
        if self.last_t is not None and t > self.last_t:
            dt = t - self.last_t
            rates = [
                (pid, (cpu - self.last[pid]) / dt)
                for pid, cpu in now.items()
                if pid in self.last and cpu > self.last[pid]
            ]
            rates.sort(key=lambda pr: -pr[1])
            row = {
                "t": t,
                "src": "others",
                "since": round(self.last_t, 4),
                "procs": [
                    {"pid": pid, "name": names[pid], "cores": round(c, 3)}
                    for pid, c in rates[: self.TOP]
                ],
                "total_cores": round(sum(c for _, c in rates), 3),
            }
        self.last, self.last_t = now, t
        return row


class NvmlSampler:
    """Per-GPU NVML readings; one call failing makes only that field unknown."""

    FIELDS = ("util", "mem", "sm_clock", "reasons", "temp", "power", "procs")

    def __init__(self) -> None:
        from envcheck.probes.nvml import _err_text, library_loadable  # noqa: PLC0415

        self._err = _err_text
        self.nv: Any = None
        self.handles: List[Any] = []
        self.static: List[Dict[str, Any]] = []
        self.last_ts: Dict[int, int] = {}
        self.reason: Optional[str] = None
        if not library_loadable():
            self.reason = "libnvidia-ml.so.1 not found (no NVIDIA driver)"
            return
        try:
            import pynvml  # noqa: PLC0415

            pynvml.nvmlInit()
            count = int(pynvml.nvmlDeviceGetCount())
            self.nv = pynvml
        except Exception as exc:  # noqa: BLE001 - NVMLError, ImportError, ctypes errors
            self.reason = f"NVML unusable: {self._err(exc)}"
            return
        for i in range(count):
            try:
                h = pynvml.nvmlDeviceGetHandleByIndex(i)
            except Exception as exc:  # noqa: BLE001
                self.handles.append(None)
                self.static.append({"error": self._err(exc)})
                continue
            self.handles.append(h)
            self.static.append(
                {
                    "name": self._q(lambda h=h: pynvml.nvmlDeviceGetName(h)),
                    "sm_clock_max": self._q(
                        lambda h=h: int(pynvml.nvmlDeviceGetMaxClockInfo(h, 1))
                    ),
                    "slowdown": self._q(
                        lambda h=h: int(pynvml.nvmlDeviceGetTemperatureThreshold(h, 1))
                    ),
                    "mem_total": self._q(
                        lambda h=h: int(pynvml.nvmlDeviceGetMemoryInfo(h).total) // (1 << 20)
                    ),
                }
            )

    def _q(self, fn: Any) -> Any:
        try:
            value = fn()
        except Exception as exc:  # noqa: BLE001
            return {"unknown": self._err(exc)}
        return value.decode() if isinstance(value, bytes) else value

    def gpus(self) -> List[Dict[str, Any]]:
        return [
            {"index": i, **{k: v for k, v in s.items() if not isinstance(v, dict)}}
            for i, s in enumerate(self.static)
        ]

    def sample(self, t: float) -> List[Dict[str, Any]]:
        if self.nv is None:
            return []
        nv = self.nv
        rows = []
        for i, h in enumerate(self.handles):
            row: Dict[str, Any] = {"t": t, "src": "gpu", "i": i}
            if h is None:
                row["util"] = {"unknown": self.static[i].get("error", "no handle")}
                rows.append(row)
                continue
            static = self.static[i]
            util = self._q(lambda h=h: nv.nvmlDeviceGetUtilizationRates(h))
            row["util"] = util if isinstance(util, dict) else int(util.gpu)
            mem = self._q(lambda h=h: nv.nvmlDeviceGetMemoryInfo(h))
            if isinstance(mem, dict):
                row["mem_used"] = mem
            else:
                row["mem_used"] = int(mem.used) // (1 << 20)
                row["mem_total"] = int(mem.total) // (1 << 20)
            row["sm_clock"] = self._q(lambda h=h: int(nv.nvmlDeviceGetClockInfo(h, 1)))
            row["sm_clock_max"] = static.get("sm_clock_max")
            row["reasons"] = self._q(lambda h=h: int(nv.nvmlDeviceGetCurrentClocksEventReasons(h)))
            row["temp"] = self._q(lambda h=h: int(nv.nvmlDeviceGetTemperature(h, 0)))
            row["slowdown"] = static.get("slowdown")
            row["power"] = self._q(lambda h=h: round(nv.nvmlDeviceGetPowerUsage(h) / 1000.0, 1))
            row["procs"] = self._procs(i, h)
            rows.append(row)
        return rows

    def _procs(self, i: int, h: Any) -> Any:
        nv = self.nv
        out: Dict[int, Dict[str, Any]] = {}
        running = self._q(lambda: nv.nvmlDeviceGetComputeRunningProcesses(h))
        if isinstance(running, dict):
            return running
        for p in running:
            used = getattr(p, "usedGpuMemory", None)
            out[int(p.pid)] = {
                "pid": int(p.pid),
                "mem_mib": int(used) // (1 << 20) if used else None,
            }
        samples = self._q(lambda: nv.nvmlDeviceGetProcessUtilization(h, self.last_ts.get(i, 0)))
        if isinstance(samples, dict):
            # "not found" = no new sample since the last call: an idle GPU, not an error
            if "not found" not in samples["unknown"]:
                return samples
        else:
            for s in samples:
                entry = out.setdefault(int(s.pid), {"pid": int(s.pid)})
                entry["sm"] = max(entry.get("sm", 0), int(s.smUtil))
                self.last_ts[i] = max(self.last_ts.get(i, 0), int(s.timeStamp))
        return list(out.values())

    def close(self) -> None:
        if self.nv is not None:
            with contextlib.suppress(Exception):
                self.nv.nvmlShutdown()
