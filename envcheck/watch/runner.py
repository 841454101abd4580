"""Launch (or attach to) a job, tee its output, drive the samplers, record the Timeline.

Threads: one reader per output pipe (tee + step parser), one NVML sampler (a hung driver call
cannot stop the /proc sampling), and the main loop (process tree, host, others, own cost,
live status line, Prometheus textfile). The analyzers run after the job ends, on the Timeline.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from typing import Any, BinaryIO, Dict, List, Optional

from envcheck.errors import InputError
from envcheck.watch.samplers import (
    HostSampler,
    NvmlSampler,
    OthersSampler,
    TreeSampler,
    cgroup_dir,
    quota_cores,
)
from envcheck.watch.steps import OutputParser
from envcheck.watch.timeline import Timeline, TraceWriter

OTHERS_EVERY_S = 5.0
STATUS_EVERY_S = 2.0
PROM_EVERY_S = 30.0
BUDGET_EVERY_S = 20.0
CPU_BUDGET = 0.01  # 1 % of one core (design D1); over it, sample half as often (up to 2 s)
MAX_INTERVAL_S = 2.0


def default_trace_path() -> str:
    return f"envcheck-watch-{_dt.datetime.now().strftime('%Y%m%d-%H%M%S')}.jsonl"


def _static_verify(timeout: float = 5.0) -> Dict[str, Any]:
    """The static `verify` of this host, so both land in one report (design D2)."""
    try:
        from envcheck.checks.registry import run_checks  # noqa: PLC0415
        from envcheck.commands.verify import load_matrix_or_none  # noqa: PLC0415
        from envcheck.inputs import gather  # noqa: PLC0415
        from envcheck.policy import load_policy  # noqa: PLC0415

        policy = load_policy(None)
        snapshot = gather(
            snapshot_file=None,
            reports=(),
            error_logs=(),
            deep=False,
            data_dir=None,
            data_url=None,
            timeout=timeout,
        )
        outcome = run_checks(snapshot, load_matrix_or_none(), policy, skip=list(policy.skip))
    except Exception as exc:  # noqa: BLE001 - the job must still run; say why verify did not
        return {"snapshot": None, "verify": {"error": f"{type(exc).__name__}: {exc}"}}
    return {
        "snapshot": snapshot.to_dict(),
        "verify": {
            "findings": [f.to_dict() for f in outcome.findings],
            "skipped": [s.to_dict() for s in outcome.skipped],
            "passed": list(outcome.passed),
        },
    }


class Runner:
    def __init__(
        self,
        argv: Optional[List[str]],
        pid: Optional[int],
        duration: Optional[float],
        interval: float,
        trace_path: Optional[str],
        data_dir: Optional[str],
        verify: bool,
        live: bool,
        prom_file: Optional[str],
        window: float,
        warmup: Optional[float],
        stdout: Optional[BinaryIO] = None,
    ) -> None:
        self.argv, self.pid, self.duration, self.interval = argv, pid, duration, interval
        self.trace_path, self.data_dir, self.verify, self.live = trace_path, data_dir, verify, live
        self.prom_file, self.window, self.warmup = prom_file, window, warmup
        self.stdout = stdout or sys.stdout.buffer
        self.lock = threading.Lock()
        self.t0 = 0.0
        self.writer: Optional[TraceWriter] = None
        self.done = threading.Event()

    def now(self) -> float:
        return time.monotonic() - self.t0

    def add(self, row: Dict[str, Any]) -> None:
        assert self.writer is not None
        with self.lock:
            self.writer.add(row)

    # -- main ---------------------------------------------------------------------------------
    def run(self) -> Timeline:
        static = _static_verify() if self.verify else {"snapshot": None, "verify": None}
        proc: Optional[subprocess.Popen] = None
        if self.argv:
            env = dict(os.environ)
            env.setdefault("PYTHONUNBUFFERED", "1")  # progress lines arrive when printed
            try:
                proc = subprocess.Popen(
                    self.argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
                )
            except OSError as exc:
                raise InputError(f"cannot start {self.argv[0]}: {exc.strerror or exc}") from None
            root = proc.pid
        else:
            assert self.pid is not None
            root = self.pid
            if not os.path.exists(f"/proc/{root}"):
                raise InputError(f"--pid {root}: no such process")
        self.t0 = time.monotonic()
        nvml = NvmlSampler()
        cg = cgroup_dir(root)
        header = {
            "mode": "wrap" if proc else "pid",
            "started": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "interval_s": self.interval,
            "command": self.argv,
            "pid": root,
            "host": {"cpus": os.cpu_count(), "quota_cores": quota_cores(cg)},
            "gpus": nvml.gpus(),
            "data_dir": self.data_dir,
            # the live report's judging settings, so a replay re-judges the same way by default
            "judging": {"window_s": self.window, "warmup_s": self.warmup},
            **static,
        }
        self.writer = TraceWriter(self.trace_path, header)
        if nvml.reason:
            self.add({"t": 0.0, "src": "unknown", "sampler": "nvml", "reason": nvml.reason})
        readers = []
        if proc is not None:
            for pipe, out, name in (
                (proc.stdout, self.stdout, "out"),
                (proc.stderr, sys.stderr.buffer, "err"),
            ):
                th = threading.Thread(target=self._tee, args=(pipe, out, name), daemon=True)
                th.start()
                readers.append(th)
        gpu_thread = threading.Thread(target=self._gpu_loop, args=(nvml,), daemon=True)
        gpu_thread.start()
        exit_code: Optional[int] = None
        reason = "exited"
        old = signal.signal(signal.SIGINT, lambda *_: None) if proc else None  # the job gets it
        try:
            exit_code, reason = self._loop(proc, root)
        except KeyboardInterrupt:  # --pid: Ctrl-C ends the watching, not the job; then report
            exit_code, reason = None, "interrupted"
        finally:
            if old is not None:
                signal.signal(signal.SIGINT, old)
            self.done.set()
            for th in readers:
                th.join(timeout=5)
            gpu_thread.join(timeout=2 * self.interval + 1)
            nvml.close()
            if self.live:
                sys.stderr.write("\n")
        self.add({"t": self.now(), "src": "end", "exit_code": exit_code, "reason": reason})
        self.writer.close()
        return self.writer.timeline

    def _loop(self, proc: Optional[subprocess.Popen], root: int) -> tuple:
        tree = TreeSampler(root)
        host = HostSampler(root, self.data_dir)
        try:
            others: Optional[OthersSampler] = OthersSampler()
        except Exception:  # noqa: BLE001
            others = None
        next_others = next_status = 0.0
        next_prom = PROM_EVERY_S
        next_budget = BUDGET_EVERY_S
        self._budget_mark = (0.0, self._self_row(0.0)["cpu_s"])
        tree_pids: set = {root}
        while True:
            t = self.now()
            row = tree.sample(t)
            self.add(row)
            tree_pids.update(p.get("pid") for p in row.get("procs") or ())
            for r in host.sample(t):
                self.add(r)
            if others is not None and t >= next_others:
                others_row = others.sample(t, tree_pids | {os.getpid()})
                if others_row is not None:
                    self.add(others_row)
                next_others = t + OTHERS_EVERY_S
            self.add(self._self_row(t))
            if self.live and t >= next_status:
                self._status()
                next_status = t + STATUS_EVERY_S
            if self.prom_file and t >= next_prom:
                self._write_prom()
                next_prom = t + PROM_EVERY_S
            if proc is not None and proc.poll() is not None:
                if others is not None:  # close the last interval of the others' CPU use
                    last = others.sample(self.now(), tree_pids | {os.getpid()})
                    if last is not None:
                        self.add(last)
                return proc.returncode, "exited"
            if proc is None and row.get("gone"):
                return None, "the watched process ended"
            if self.duration is not None and t >= self.duration:
                if proc is not None:
                    proc.terminate()
                    try:
                        return proc.wait(timeout=10), "--duration reached: job terminated"
                    except subprocess.TimeoutExpired:
                        proc.kill()
                        return proc.wait(), "--duration reached: job killed"
                return None, "--duration reached"
            if t >= next_budget:
                next_budget = t + BUDGET_EVERY_S
                if self._keep_budget(t):
                    self.add(
                        {
                            "t": t,
                            "src": "unknown",
                            "sampler": "rate",
                            "reason": "watch over its CPU budget: sampling interval now "
                            f"{self.interval:g} s",
                        }
                    )
            time.sleep(max(0.0, self.interval - (self.now() - t)))

    def _keep_budget(self, t: float) -> bool:
        """Halve the sampling rate when watch itself used more than its CPU budget."""
        cpu = self._self_row(t)["cpu_s"]
        t0, cpu0 = self._budget_mark
        self._budget_mark = (t, cpu)
        if t > t0 and (cpu - cpu0) / (t - t0) > CPU_BUDGET and self.interval < MAX_INTERVAL_S:
            self.interval = min(MAX_INTERVAL_S, self.interval * 2)
            return True
        return False

    def _self_row(self, t: float) -> Dict[str, Any]:
        ru = resource.getrusage(resource.RUSAGE_SELF)
        rss = 0
        with contextlib.suppress(OSError, ValueError, IndexError), open("/proc/self/statm") as fh:
            rss = int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        return {"t": t, "src": "self", "cpu_s": round(ru.ru_utime + ru.ru_stime, 4), "rss_b": rss}

    def _tee(self, pipe: Any, out: BinaryIO, name: str) -> None:
        parser = OutputParser(name)
        fd = pipe.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            with contextlib.suppress(OSError, ValueError):
                out.write(chunk)
                out.flush()
            t = self.now()
            for row in parser.feed(chunk.decode("utf-8", "replace"), t):
                self.add(row)
        for row in parser.close(self.now()):
            self.add(row)

    def _gpu_loop(self, nvml: NvmlSampler) -> None:
        if nvml.nv is None:
            return
        while not self.done.is_set():
            t = self.now()
            for row in nvml.sample(t):
                self.add(row)
            self.done.wait(max(0.0, self.interval - (self.now() - t)))

    def _snapshot(self) -> Timeline:
        assert self.writer is not None
        with self.lock:
            rows = sorted(self.writer.timeline.rows, key=lambda r: r["t"])
            return Timeline(dict(self.writer.timeline.header), rows)

    def _status(self) -> None:
        from envcheck.watch import features as F  # noqa: PLC0415

        tl = self._snapshot()
        t1 = tl.duration
        w = F.window(tl, max(0.0, t1 - 10.0), t1)
        parts = []
        if w.step_times:
            parts.append(f"step {sorted(w.step_times)[len(w.step_times) // 2]:.3f} s")
        for g in w.gpus:
            busy = "?" if g.busy is None else f"{g.busy:.0%}"
            parts.append(f"GPU{g.index} {busy} busy")
        if w.main is not None:
            parts.append(f"main {w.main.cpu or 0:.2f} cores")
        mean = sum(p.cpu or 0 for p in w.workers) / max(1, len(w.workers))
        parts.append(f"workers {len(w.workers)}x{mean:.0%} CPU")
        sys.stderr.write("\r\x1b[K" + " | ".join(parts))
        sys.stderr.flush()

    def _write_prom(self) -> None:
        from envcheck.output import write_output  # noqa: PLC0415
        from envcheck.watch.analyze import analyze  # noqa: PLC0415
        from envcheck.watch.report import prometheus  # noqa: PLC0415

        tl = self._snapshot()
        # best effort mid-run (the final write reports its errors)
        with contextlib.suppress(Exception):
            write_output(self.prom_file, prometheus(tl, analyze(tl, self.window, self.warmup)))
