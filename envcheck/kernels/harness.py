"""The parent side of ``verify --kernels``: pick the GPUs, start one worker process per GPU, enforce
the time budget, collect results, run the multi-GPU tests, show progress.

Budget: the whole call never takes longer than ``budget_s`` plus the time to kill and reap the
workers (well under a second). Workers get a slightly earlier deadline and check the remaining
time before each test (a test that cannot fit is reported ``passed=None, detail="budget
exhausted"``); time-boxed tests (memory test, bandwidth, throughput) also stop at the deadline.
The parent additionally kills a worker whose current test outlives its hang timeout (the test is
failed as hung, the rest of that GPU's tests are reported not run) - the other GPUs' workers go
on. See worker.py for why a process per GPU rather than a thread.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from envcheck.errors import InputError
from envcheck.kernels.suite import (
    MODES,
    PER_GPU,
    pcie_peak_gbs,
    profile,
    settings_from_policy,
)
from envcheck.snapshot import Gpu, KernelTestResult, Snapshot, known

BACKENDS = ("auto", "torch", "cupy", "cuda-driver")
WORKER_MARGIN_S = 0.3  # workers aim to finish this long before the hard deadline
KILL_MARGIN_S = 0.2  # the hard deadline leaves this long to kill and reap workers
STARTUP_TIMEOUT_S = 60.0  # interpreter + framework import + CUDA context creation
LIST_TIMEOUT_S = 30.0
BUDGET_EXHAUSTED = "budget exhausted"


@dataclass
class Target:
    gpu: int
    name: Optional[str]
    env: Dict[str, str]
    ordinal: int = 0
    uuid: Optional[str] = None
    nvml_index: Optional[int] = None
    peaks: Dict[str, Optional[float]] = field(default_factory=dict)
    visible_id: Optional[str] = None


def parse_gpus(gpus: Union[None, str, Sequence[int]]) -> Optional[List[int]]:
    if gpus is None:
        return None
    if isinstance(gpus, str):
        items = [g.strip() for g in gpus.split(",") if g.strip()]
        if not items or not all(g.isdigit() for g in items):
            raise InputError(f"--gpus takes GPU indices like 0,2 (got {gpus!r})")
        return sorted({int(g) for g in items})
    out = []
    for g in gpus:
        if isinstance(g, bool) or not isinstance(g, int) or g < 0:
            raise InputError(f"--gpus takes GPU indices like 0,2 (got {gpus!r})")
        out.append(g)
    return sorted(set(out))


def peaks_for(name: Optional[str], gpu: Optional[Gpu], matrix: Any) -> Dict[str, Optional[float]]:
    peaks: Dict[str, Optional[float]] = {}
    spec = None
    if matrix is not None and name:
        try:
            spec = matrix.gpu(name)
        except Exception:
            spec = None
    for key in ("memory_bandwidth_gbs", "fp32_tflops", "tf32_tflops", "fp16_tflops", "bf16_tflops"):
        value = getattr(spec, key, None) if spec is not None else None
        peaks[key] = float(value) if isinstance(value, (int, float)) else None
    if gpu is not None:
        peaks["pcie_gbs"] = pcie_peak_gbs(gpu.pcie_gen_max, gpu.pcie_width_max)
    return peaks


def _visible_filter(snapshot_gpus: List[Gpu]) -> List[Gpu]:
    """Honour CUDA_VISIBLE_DEVICES when it is set (a scheduler's allocation): UUID entries match
    NVML UUIDs (prefixes allowed, as CUDA does), integer entries NVML indices."""
    raw = os.environ.get("CUDA_VISIBLE_DEVICES")
    if raw is None:
        return snapshot_gpus
    entries = [e.strip() for e in raw.split(",") if e.strip()]
    keep = []
    for g in snapshot_gpus:
        uuid = g.uuid if known(g.uuid) else None
        for e in entries:
            if (e.isdigit() and int(e) == g.index) or (
                uuid and e.startswith("GPU-") and uuid.startswith(e)
            ):
                keep.append(g)
                break
    return keep


# --- progress -----------------------------------------------------------------------------------


class Progress:
    """Receives events: ("start", gpu, test, None), ("result", gpu, test, KernelTestResult)."""

    def open(self, plan: Dict[str, List[str]]) -> None:
        pass

    def event(
        self, kind: str, gpu: Optional[int], test: str, result: Optional[KernelTestResult]
    ) -> None:
        pass

    def close(self) -> None:
        pass


def describe(res: KernelTestResult) -> str:
    status = {True: "ok", False: "FAILED", None: "skipped"}[res.passed]
    parts = [status]
    if res.value is not None and res.unit and res.passed is not None:
        parts.append(f"{res.value:.4g} {res.unit}")
        if res.ratio is not None:
            parts.append(f"({res.ratio:.0%} of {res.peak:g})")
    if res.detail:
        parts.append(f"- {res.detail}")
    if res.duration_s is not None:
        parts.append(f"[{res.duration_s:.2f} s]")
    return " ".join(parts)


class PlainProgress(Progress):
    def __init__(self, stream: Any = None):
        self.stream = stream or sys.stderr

    def event(
        self, kind: str, gpu: Optional[int], test: str, result: Optional[KernelTestResult]
    ) -> None:
        if kind == "result" and result is not None:
            where = "all GPUs" if gpu is None else f"GPU {gpu}"
            print(
                f"envcheck: kernels: {where} {test}: {describe(result)}",
                file=self.stream,
                flush=True,
            )


class RichProgress(Progress):
    """One bar per GPU on the terminal (envcheck/progress.py); failed tests stay as lines."""

    def __init__(self) -> None:
        from envcheck import progress

        self.shown = progress.bars(True)
        if not hasattr(self.shown, "rich"):
            raise ImportError("rich is not installed")  # make_progress falls back to plain
        self.keys: List[str] = []

    def _key(self, gpu: Optional[int]) -> str:
        return "all GPUs" if gpu is None else f"GPU {gpu}"

    def open(self, plan: Dict[str, List[str]]) -> None:
        for key, tests in plan.items():
            self.shown.add(key, len(tests), f"{key}: starting")
            self.keys.append(key)

    def event(
        self, kind: str, gpu: Optional[int], test: str, result: Optional[KernelTestResult]
    ) -> None:
        key = self._key(gpu)
        if key not in self.keys:
            self.shown.add(key, None, key)
            self.keys.append(key)
        if kind == "start":
            self.shown.describe(key, f"{key}: {test}")
        elif result is not None:
            self.shown.advance(key)
            if result.passed is False:
                self.shown.note(f"{key} {test}: {describe(result)}")

    def close(self) -> None:
        for key in self.keys:
            self.shown.describe(key, f"{key}: done")
        self.shown.close()


class CallbackProgress(Progress):
    def __init__(self, fn: Callable[[Dict[str, Any]], None]):
        self.fn = fn

    def event(
        self, kind: str, gpu: Optional[int], test: str, result: Optional[KernelTestResult]
    ) -> None:
        self.fn(
            {
                "event": kind,
                "gpu": gpu,
                "test": test,
                "result": dataclasses.asdict(result) if result is not None else None,
            }
        )


def make_progress(progress: Any) -> Progress:
    """None: rich when stderr is a terminal, plain lines otherwise; False / "quiet": nothing;
    "plain" / "rich": that; a callable: called with each event as a dict."""
    if progress is False or progress == "quiet":
        return Progress()
    if callable(progress):
        return CallbackProgress(progress)
    if progress == "plain":
        return PlainProgress()
    tty = sys.stderr.isatty() and not os.environ.get("NO_COLOR")
    if progress == "rich" or (progress in (None, True) and tty):
        try:
            return RichProgress()
        except ImportError:
            return PlainProgress()
    return PlainProgress()


# --- workers ------------------------------------------------------------------------------------


def _result(
    gpu: Optional[int],
    test: str,
    backend: str,
    passed: Optional[bool],
    detail: Optional[str] = None,
    **kw: Any,
) -> KernelTestResult:
    from envcheck.kernels.suite import UNITS

    kw.setdefault("unit", UNITS.get(test))
    return KernelTestResult(gpu=gpu, test=test, backend=backend, passed=passed, detail=detail, **kw)


def _from_dict(data: Dict[str, Any]) -> KernelTestResult:
    names = {f.name for f in dataclasses.fields(KernelTestResult)}
    return KernelTestResult(**{k: v for k, v in data.items() if k in names})


def _worker_env(extra: Dict[str, str]) -> Dict[str, str]:
    env = dict(os.environ)
    env.update(extra)
    # the worker must import this very envcheck, also when it is not installed
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


class Worker:
    def __init__(
        self,
        target: Target,
        tests: List[str],
        cfg: Dict[str, Any],
        module: str = "envcheck.kernels.worker",
    ):
        self.target = target
        self.tests = tests
        self.results: Dict[str, KernelTestResult] = {}
        self.backend = cfg.get("backend", "auto")
        self.current: Optional[str] = None
        self.current_since = 0.0
        self.current_timeout = 0.0
        self.ready = False
        self.done = False
        self.init_failed: Optional[Dict[str, Any]] = None
        self.info: Dict[str, Any] = {}
        self.notes: List[str] = []
        self.killed: Optional[str] = None  # "hang", "startup", "budget"
        self.buffer = b""
        self.eof = False
        self.started = time.monotonic()
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - lives as long as the worker
        self.proc = subprocess.Popen(
            [sys.executable, "-m", module],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=_worker_env(target.env),
            start_new_session=True,
        )
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(cfg).encode())
            self.proc.stdin.close()
        except OSError:
            pass

    def feed(self, data: bytes, progress: Progress) -> None:
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            try:
                event = json.loads(line)
            except ValueError:
                continue
            self.handle(event, progress)

    def handle(self, event: Dict[str, Any], progress: Progress) -> None:
        kind = event.get("event")
        if kind == "ready":
            self.ready = True
            self.backend = event.get("backend", self.backend)
            self.info = event.get("info") or {}
            self.notes = event.get("notes") or []
        elif kind == "init_failed":
            self.init_failed = event
            self.backend = event.get("backend", self.backend)
        elif kind == "begin":
            self.current = event.get("test")
            self.current_since = time.monotonic()
            self.current_timeout = float(event.get("timeout_s") or 60.0)
            progress.event("start", self.target.gpu, self.current or "", None)
        elif kind == "result":
            res = _from_dict(event["result"])
            res.evidence.setdefault("gpu_name", self.info.get("name") or self.target.name)
            if self.notes:
                res.evidence.setdefault("backend_notes", self.notes)
            self.results[res.test] = res
            if self.current == res.test:
                self.current = None
            progress.event("result", self.target.gpu, res.test, res)
        elif kind == "done":
            self.done = True

    def kill(self, why: str) -> None:
        if self.proc.poll() is None:
            self.killed = why
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except OSError:
                self.proc.kill()

    def stderr_tail(self, limit: int = 1500) -> str:
        try:
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - limit))
            return self.stderr.read().decode(errors="replace").strip()
        except OSError:
            return ""

    def finish(self) -> List[KernelTestResult]:
        """The results of this GPU in plan order, with the tests that did not report."""
        gpu, backend = self.target.gpu, self.backend
        rc = self.proc.poll()
        if self.init_failed is not None:
            ev = self.init_failed
            detail = ev.get("detail") or "could not open the GPU"
            notes = ev.get("notes") or []
            cross = [n for n in notes if str(n).startswith("the CUDA driver API")]
            if cross:  # which side is broken: the framework or the GPU/driver
                detail = f"{detail}; {cross[-1]}"
            return [
                _result(
                    gpu,
                    "init",
                    backend,
                    False,
                    detail=f"could not open GPU {gpu} ({backend}): {detail}",
                    evidence={
                        "failure": ev.get("kind", "error"),
                        "notes": notes,
                        "gpu_name": self.target.name,
                    },
                )
            ]
        out: List[KernelTestResult] = []
        if not self.ready:
            if self.killed == "budget":
                why = f"{BUDGET_EXHAUSTED} (worker still starting)"
                return [_result(gpu, t, backend, None, detail=why) for t in self.tests]
            what = (
                "did not start within the startup timeout (driver or GPU hang during "
                "context creation?)"
                if self.killed == "startup"
                else f"worker exited with {_rc_text(rc)} before it was ready"
            )
            return [
                _result(
                    gpu,
                    "init",
                    backend,
                    False,
                    detail=f"GPU {gpu}: {what}",
                    evidence={
                        "failure": "hang" if self.killed else "crash",
                        "stderr_tail": self.stderr_tail(),
                        "gpu_name": self.target.name,
                    },
                )
            ]
        stopped: Optional[str] = None
        for test in self.tests:
            if test in self.results:
                out.append(self.results[test])
                continue
            if test == self.current and stopped is None:
                ran = round(time.monotonic() - self.current_since, 2)
                if self.killed == "hang":
                    out.append(
                        _result(
                            gpu,
                            test,
                            backend,
                            False,
                            detail=f"did not finish within {self.current_timeout:g} s"
                            " (GPU hung?); worker stopped",
                            duration_s=ran,
                            evidence={"failure": "hang"},
                        )
                    )
                    stopped = "not run: the GPU's worker was stopped after a hang"
                elif self.killed == "budget":
                    out.append(
                        _result(
                            gpu,
                            test,
                            backend,
                            None,
                            detail=f"{BUDGET_EXHAUSTED} (interrupted after {ran} s)",
                            duration_s=ran,
                        )
                    )
                    stopped = BUDGET_EXHAUSTED
                else:
                    out.append(
                        _result(
                            gpu,
                            test,
                            backend,
                            False,
                            detail=f"worker crashed ({_rc_text(rc)}) during the test",
                            duration_s=ran,
                            evidence={"failure": "crash", "stderr_tail": self.stderr_tail()},
                        )
                    )
                    stopped = "not run: the GPU's worker crashed"
                continue
            if stopped is None:
                stopped = (
                    BUDGET_EXHAUSTED
                    if self.killed == "budget" or self.done
                    else (f"not run: worker ended ({_rc_text(rc)})")
                )
            out.append(_result(gpu, test, backend, None, detail=stopped))
        return out


def _rc_text(rc: Optional[int]) -> str:
    if rc is None:
        return "no exit status"
    if rc < 0:
        try:
            return f"signal {signal.Signals(-rc).name}"
        except ValueError:
            return f"signal {-rc}"
    return f"exit code {rc}"


def drive(
    workers: List[Worker],
    hard_deadline: float,
    progress: Progress,
    startup_timeout: float = STARTUP_TIMEOUT_S,
) -> None:
    """Read all workers' events until they end, a test hangs, or the deadline comes."""
    sel = selectors.DefaultSelector()
    for w in workers:
        assert w.proc.stdout is not None
        sel.register(w.proc.stdout, selectors.EVENT_READ, w)
    live = set(workers)
    while live:
        now = time.monotonic()
        if now >= hard_deadline:
            for w in live:
                w.kill("budget")
            break
        wake = hard_deadline
        for w in live:
            if w.current:
                limit = w.current_since + w.current_timeout
                if now >= limit:
                    w.kill("hang")
                wake = min(wake, limit)
            elif not w.ready and not w.init_failed:
                limit = w.started + startup_timeout
                if now >= limit:
                    w.kill("startup")
                wake = min(wake, limit)
        for key, _ in sel.select(timeout=max(0.01, min(wake - now, 0.5))):
            w = key.data
            data = os.read(key.fd, 65536)
            if data:
                w.feed(data, progress)
            else:
                sel.unregister(key.fileobj)
                w.eof = True
                live.discard(w)
        for w in list(live):
            if w.done and w in live:
                # all results are in: do not wait for the interpreter's shutdown
                live.discard(w)
                with contextlib.suppress(KeyError, ValueError):
                    sel.unregister(w.proc.stdout)  # type: ignore[arg-type]
                continue
            if w.killed and w.proc.poll() is not None:
                # killed: drain what is left without blocking
                live.discard(w)
                with contextlib.suppress(KeyError, ValueError):
                    sel.unregister(w.proc.stdout)  # type: ignore[arg-type]
    for w in workers:
        try:
            w.proc.wait(timeout=0.2 if w.done else 2)
        except subprocess.TimeoutExpired:
            if w.done:  # finished but slow to exit (framework teardown): not a failure
                with contextlib.suppress(OSError):
                    os.killpg(w.proc.pid, signal.SIGKILL)
            else:
                w.kill(w.killed or "budget")
            w.proc.wait(timeout=2)
        if w.proc.stdout is not None and not w.eof:
            try:  # events written just before the end
                rest = w.proc.stdout.read()
                if rest:
                    w.feed(rest, progress)
            except (OSError, ValueError):
                pass
    sel.close()


# --- listing GPUs when the snapshot does not know them -----------------------------------------


def list_devices(backend: str, timeout: float) -> Dict[str, Any]:
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "envcheck.kernels.worker"],
            input=json.dumps({"command": "list", "backend": backend}).encode(),
            capture_output=True,
            env=_worker_env({}),
            timeout=max(0.5, timeout),
        )
    except subprocess.TimeoutExpired:
        return {
            "devices": [],
            "notes": [f"listing GPUs did not finish within {timeout:g} s"],
            "timed_out": True,
        }
    for line in proc.stdout.decode(errors="replace").splitlines():
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if data.get("event") == "devices":
            return data
    tail = proc.stderr.decode(errors="replace").strip()[-500:]
    return {"devices": [], "notes": [f"listing GPUs failed ({_rc_text(proc.returncode)}): {tail}"]}


# --- the entry point --------------------------------------------------------------------------


def run(
    snapshot: Optional[Snapshot],
    mode: str = "quick",
    gpus: Union[None, str, Sequence[int]] = None,
    backend: str = "auto",
    budget_s: Optional[float] = 60.0,
    policy: Any = None,
    matrix: Any = None,
    device: Optional[str] = None,
    progress: Any = None,
) -> List[KernelTestResult]:
    t_start = time.monotonic()
    settings = settings_from_policy(policy)
    budget = float(budget_s) if budget_s is not None else settings.budget_s
    if mode not in MODES:
        raise InputError(f"--kernels takes quick or full (got {mode!r})")
    if backend not in BACKENDS:
        raise InputError(f"--backend takes one of {', '.join(BACKENDS)} (got {backend!r})")
    if budget <= 0:
        raise InputError(f"--budget must be a positive number of seconds (got {budget_s!r})")
    device = device or "cuda"
    if device not in ("cuda", "cpu"):
        raise InputError(f"device must be 'cuda' or 'cpu' (got {device!r})")
    hard_deadline = t_start + budget - KILL_MARGIN_S
    wall_deadline = time.time() + budget - KILL_MARGIN_S
    wanted = parse_gpus(gpus)
    if matrix is None:
        matrix = _default_matrix()

    results: List[KernelTestResult] = []
    targets: List[Target] = []
    if device == "cpu":
        for i in wanted or [0]:
            targets.append(Target(gpu=i, name="cpu", env={}, peaks=peaks_for("cpu", None, matrix)))
    else:
        snap_gpus = _visible_filter(snapshot.gpus()) if snapshot is not None else []
        if snap_gpus:
            present = {g.index for g in snap_gpus}
            if wanted is not None:
                missing = [i for i in wanted if i not in present]
                if missing:
                    raise InputError(
                        f"--gpus: no GPU {missing[0]} on this host "
                        f"(GPUs: {', '.join(str(i) for i in sorted(present))})"
                    )
            for g in snap_gpus:
                if wanted is not None and g.index not in wanted:
                    continue
                if g.mig_enabled is True:
                    # CUDA shows MIG instances, not the whole GPU, under its UUID
                    results.append(
                        _result(
                            g.index,
                            "init",
                            backend,
                            None,
                            detail=(
                                "not run: MIG is enabled on this GPU; envcheck tests whole GPUs "
                                "(run inside a job whose CUDA_VISIBLE_DEVICES names a MIG "
                                "instance, with a snapshot that does not list the GPUs)"
                            ),
                        )
                    )
                    continue
                name = g.name if known(g.name) else None
                uuid = g.uuid if known(g.uuid) else None
                vis = uuid or str(g.index)
                env = {"CUDA_VISIBLE_DEVICES": vis, "CUDA_DEVICE_ORDER": "PCI_BUS_ID"}
                targets.append(
                    Target(
                        gpu=g.index,
                        name=name,
                        env=env,
                        uuid=uuid,
                        nvml_index=g.index,
                        peaks=peaks_for(name, g, matrix),
                        visible_id=vis,
                    )
                )
        else:
            listing = list_devices(backend, min(LIST_TIMEOUT_S, hard_deadline - time.monotonic()))
            devs = listing.get("devices") or []
            if not devs:
                notes = "; ".join(listing.get("notes") or []) or "no GPU found"
                failure = "hang" if listing.get("timed_out") else "unavailable"
                return [
                    _result(
                        None,
                        "init",
                        backend if backend != "auto" else "none",
                        False,
                        detail=f"no GPU could be opened: {notes}",
                        evidence={"failure": failure},
                    )
                ]
            for d in devs:
                i = int(d["index"])
                if wanted is not None and i not in wanted:
                    continue
                # the environment stays as the listing saw it (the user's CUDA_VISIBLE_DEVICES
                # and device order): index i is the CUDA ordinal in every process
                targets.append(
                    Target(
                        gpu=i,
                        name=d.get("name"),
                        env={},
                        ordinal=i,
                        nvml_index=None,
                        peaks=peaks_for(d.get("name"), None, matrix),
                    )
                )
            if wanted is not None and not targets:
                raise InputError(f"--gpus: none of {wanted} found")

    multi = len(targets) >= 2
    multi_reserve = min(0.25 * budget, 30.0) if multi else 0.0
    tests = list(PER_GPU)
    lock_dir = tempfile.mkdtemp(prefix="envcheck-kernels-")
    host_lock = os.path.join(lock_dir, "host-link.lock")
    prog = make_progress(progress)
    plan = {f"GPU {t.gpu}": tests for t in targets}
    if multi:
        plan["all GPUs"] = ["peer_access", "allreduce"]
    prog.open(plan)
    try:
        workers = []
        for t in targets:
            cfg = {
                "backend": backend,
                "device": device,
                "ordinal": t.ordinal,
                "gpu": t.gpu,
                "mode": mode,
                "deadline": wall_deadline - WORKER_MARGIN_S - multi_reserve,
                "memtest_fraction": settings.memtest_fraction,
                "min_ratio": settings.min_ratio,
                "peaks": t.peaks,
                "nvml_uuid": t.uuid,
                "nvml_index": t.nvml_index,
                "host_lock": host_lock,
                "tests": tests,
            }
            workers.append(Worker(t, tests, cfg))
        drive(workers, hard_deadline - multi_reserve, prog)
        for w in workers:
            results.extend(w.finish())
        if multi:
            broken = [
                w.target.gpu
                for w in workers
                if not w.ready
                or w.killed == "hang"
                or (w.proc.returncode not in (0, None) and not w.done)
            ]
            if broken:
                # a hung or failed GPU would only hang the collective too
                why = f"not run: GPU {', '.join(map(str, broken))} failed its own tests"
                names = ["allreduce"] if device == "cpu" else ["peer_access", "allreduce"]
                results.extend(_result(None, n, "torch", None, detail=why) for n in names)
            else:
                backends = {w.backend for w in workers}
                results.extend(run_multi(targets, device, mode, backends, hard_deadline, prog))
    finally:
        prog.close()
        with contextlib.suppress(OSError):
            os.unlink(host_lock)
        with contextlib.suppress(OSError):
            os.rmdir(lock_dir)
    return results


def _default_matrix() -> Any:
    try:
        from envcheck.compat import load_matrix

        return load_matrix()
    except Exception:  # no matrix: values are reported, ratios are not
        return None


def run_multi(
    targets: List[Target],
    device: str,
    mode: str,
    backends: set,
    hard_deadline: float,
    prog: Progress,
) -> List[KernelTestResult]:
    """Peer access (GPUs only) and a checked all-reduce over all selected devices."""
    names = ["allreduce"] if device == "cpu" else ["peer_access", "allreduce"]
    backend = "torch"
    remaining = hard_deadline - time.monotonic()
    prof = profile(mode, device)
    if backends and backends != {"torch"}:
        return [
            _result(
                None,
                n,
                ",".join(sorted(backends)),
                None,
                detail="not supported: needs the torch backend (torch.distributed)",
            )
            for n in names
        ]
    if remaining < 3.0:
        return [_result(None, n, backend, None, detail=BUDGET_EXHAUSTED) for n in names]
    for n in names:
        prog.event("start", None, n, None)
    world = len(targets)
    tmp = tempfile.mkdtemp(prefix="envcheck-allreduce-")
    init_file = os.path.join(tmp, "rendezvous")
    # snapshot GPUs: CUDA_VISIBLE_DEVICES lists their UUIDs, so rank r is ordinal r; listed
    # GPUs: the environment is left alone and each rank uses its GPU's own ordinal
    if all(t.visible_id for t in targets):
        visible: Optional[str] = ",".join(str(t.visible_id) for t in targets)
        ordinals = list(range(len(targets)))
    else:
        visible = None
        ordinals = [t.ordinal for t in targets]
    timeout = min(remaining - WORKER_MARGIN_S, prof.timeout_s)
    procs = []
    t0 = time.perf_counter()
    for rank in range(world):
        cfg = {
            "rank": rank,
            "world_size": world,
            "device": device,
            "dist_backend": "gloo" if device == "cpu" else "nccl",
            "init_file": init_file,
            "nbytes": prof.bw_bytes,
            "iters": 5,
            "timeout_s": timeout,
            "peer": rank == 0,
            "ordinals": ordinals,
            "labels": [t.gpu for t in targets],
        }
        env = (
            {"CUDA_VISIBLE_DEVICES": visible, "CUDA_DEVICE_ORDER": "PCI_BUS_ID"}
            if device != "cpu" and visible is not None
            else {}
        )
        p = subprocess.Popen(
            [sys.executable, "-m", "envcheck.kernels.multi"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=_worker_env(env),
            start_new_session=True,
        )
        assert p.stdin is not None
        p.stdin.write(json.dumps(cfg).encode())
        p.stdin.close()
        procs.append(p)
    outs: List[Optional[Dict[str, Any]]] = []
    hung = False
    for p in procs:
        left = max(0.1, min(t0 + timeout, hard_deadline) - time.perf_counter())
        try:
            p.wait(timeout=left)
        except subprocess.TimeoutExpired:
            hung = True
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=2)
        data = None
        if p.stdout is not None:
            for line in p.stdout.read().decode(errors="replace").splitlines():
                try:
                    data = json.loads(line)
                except ValueError:
                    continue
        outs.append(data)
    duration = round(time.perf_counter() - t0, 4)
    with contextlib.suppress(OSError):
        os.unlink(init_file)
    with contextlib.suppress(OSError):
        os.rmdir(tmp)
    results = []
    if "peer_access" in names:
        peer = (outs[0] or {}).get("peer") if outs else None
        if peer is None:
            res = _result(
                None,
                "peer_access",
                backend,
                False if not hung else None,
                detail="peer test did not report" + (" (timed out)" if hung else ""),
                evidence={"failure": "hang" if hung else "error"},
            )
        else:
            ok = peer["failed"] == 0
            detail = None if ok else f"{peer['failed']} GPU-to-GPU copies came back wrong"
            if ok and peer["no_peer_access"]:
                detail = "no peer access (copies go through host memory): " + ", ".join(
                    peer["no_peer_access"]
                )
            ev = dict(peer)
            if not ok:
                ev["failure"] = "wrong-result"
            res = _result(
                None,
                "peer_access",
                backend,
                ok,
                detail=detail,
                value=float(peer["failed"]),
                evidence=ev,
            )
        results.append(res)
    errors = [o["error"] for o in outs if o and "error" in o]
    missing = sum(1 for o in outs if o is None)
    ev: Dict[str, Any] = {"world_size": world, "ranks": outs}
    if hung or missing:
        ev["failure"] = "hang" if hung else "crash"
        res = _result(
            None,
            "allreduce",
            backend,
            False,
            duration_s=duration,
            evidence=ev,
            detail=(
                f"all-reduce over {world} devices did not finish within "
                f"{timeout:.0f} s (NCCL hang?)"
                if hung
                else f"{missing} rank(s) died without reporting"
            ),
        )
    elif errors:
        ev["failure"] = "error"
        res = _result(
            None,
            "allreduce",
            backend,
            False,
            duration_s=duration,
            evidence=ev,
            detail=f"all-reduce failed: {errors[0]}",
        )
    else:
        bad = sum(int(o.get("mismatches", 0)) for o in outs if o)
        busbw = min(float(o.get("busbw_gbs", 0.0)) for o in outs if o)
        if bad:
            ev["failure"] = "wrong-result"
        res = _result(
            None,
            "allreduce",
            backend,
            bad == 0,
            duration_s=duration,
            value=round(busbw, 3),
            evidence=ev,
            detail=None if bad == 0 else f"{bad} element(s) of the sum are wrong",
        )
    results.append(res)
    for r in results:
        prog.event("result", None, r.test, r)
    return results
