"""The per-GPU worker process: ``python -m envcheck.kernels.worker`` (config as JSON on stdin).

Each GPU is tested in its own process. A thread with a timeout cannot stop a CUDA call that hangs
inside the driver, a hung thread keeps the interpreter (and the GPU context) alive, and a sticky
CUDA error (illegal address, Xid) poisons every later call in that process. A process can be
killed, its context dies with it, and the other GPUs' processes are unaffected: a hung or faulty
GPU is reported and the rest still get tested. The cost is one interpreter and framework import
per GPU (about 2 s for torch), paid in parallel.

Protocol: one JSON object per line on the original stdout (fd 1 is redirected to stderr, so
library chatter cannot corrupt it):
  {"event": "ready", "backend": ..., "info": {...}, "notes": [...]}
  {"event": "init_failed", "backend": ..., "detail": ..., "kind": "unavailable" | "error"}
  {"event": "begin", "test": ..., "timeout_s": ...}
  {"event": "result", "result": {KernelTestResult fields}}
  {"event": "done"}

Test seam (testing only): ``ENVCHECK_KERNELS_INJECT`` holds comma-separated ``action:test[@gpu]``
items. ``corrupt`` flips the top exponent bit of one element of the device-side result before it
is compared (a bit flip in memory), ``hang`` blocks at the start of the test (a hung GPU),
``crash`` kills the worker with SIGSEGV at the start of the test, ``error`` raises a CUDA-like
error in the test, ``oom`` an out-of-memory error.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from envcheck.kernels.suite import UNITS, memtest_patterns, perf_threshold, profile, reserve_for

INJECT_ENV = "ENVCHECK_KERNELS_INJECT"
# Overrides the per-test hang timeout of the profile (seconds): a stricter prolog, or tests.
TIMEOUT_ENV = "ENVCHECK_KERNELS_TIMEOUT_S"
BUDGET_EXHAUSTED = "budget exhausted"


class Unusable(Exception):
    """The backend cannot be used here at all (not installed, sees no CUDA): try the next."""


class InitError(Exception):
    """A usable backend failed to open the device (driver error, no kernel image, ...)."""

    def __init__(self, backend: str, detail: str, notes: List[str]):
        super().__init__(detail)
        self.backend = backend
        self.notes = notes


def parse_inject(text: str, gpu: Optional[int]) -> Dict[str, set]:
    out: Dict[str, set] = {
        "corrupt": set(),
        "hang": set(),
        "crash": set(),
        "error": set(),
        "oom": set(),
    }
    for item in (text or "").split(","):
        item = item.strip()
        if ":" not in item:
            continue
        action, target = item.split(":", 1)
        test, _, only = target.partition("@")
        if action in out and (not only or (only.isdigit() and int(only) == gpu)):
            out[action].add(test)
    return out


# --- backends -------------------------------------------------------------------------------


def _open_torch(cfg: Dict[str, Any]) -> Any:
    try:
        import torch
    except ImportError:
        raise Unusable("torch: not installed") from None
    if cfg["device"] != "cpu" and not torch.cuda.is_available():
        raise Unusable(f"torch {torch.__version__}: torch.cuda.is_available() is False")
    from envcheck.kernels.torch_backend import TorchBackend

    return TorchBackend(device=cfg["device"], ordinal=cfg.get("ordinal", 0))


def _open_cupy(cfg: Dict[str, Any]) -> Any:
    if cfg["device"] == "cpu":
        raise Unusable("cupy: no CPU mode")
    try:
        import cupy  # noqa: F401
    except ImportError:
        raise Unusable("cupy: not installed") from None
    except Exception as exc:  # cupy import fails when its CUDA libraries are missing
        raise Unusable(f"cupy: cannot import: {exc}") from None
    from envcheck.kernels.cupy_backend import CupyBackend

    return CupyBackend(ordinal=cfg.get("ordinal", 0))


def _open_driver(cfg: Dict[str, Any]) -> Any:
    if cfg["device"] == "cpu":
        raise Unusable("cuda-driver: no CPU mode")
    from envcheck.kernels.cuda_driver import CudaDriverBackend

    return CudaDriverBackend(ordinal=cfg.get("ordinal", 0))


OPENERS: Dict[str, Callable[[Dict[str, Any]], Any]] = {
    "torch": _open_torch,
    "cupy": _open_cupy,
    "cuda-driver": _open_driver,
}


def open_backend(cfg: Dict[str, Any]) -> Tuple[Any, List[str]]:
    """Auto: torch if it sees CUDA, else cupy, else the driver API. A backend that is usable but
    fails (torch sees the GPU but cannot launch on it) is an error, not a reason to fall back:
    that failure is exactly what the user needs to know."""
    wanted = cfg.get("backend", "auto")
    order = list(OPENERS) if wanted == "auto" else [wanted]
    notes: List[str] = []
    for name in order:
        if name not in OPENERS:
            raise Unusable(f"unknown backend {name!r} (torch, cupy, cuda-driver)")
        try:
            return OPENERS[name](cfg), notes
        except Unusable as exc:
            notes.append(str(exc))
        except Exception as exc:
            detail = f"{type(exc).__name__}: {exc}"
            if name != "cuda-driver" and cfg["device"] != "cpu":
                notes.append(_driver_cross_check(cfg, name))
            raise InitError(name, detail, notes) from None
    raise Unusable("; ".join(notes))


def _driver_cross_check(cfg: Dict[str, Any], failed: str) -> str:
    """When a framework cannot open the GPU, tell whether the driver alone can run a kernel on
    it: that separates "the framework build cannot use this GPU" from "the GPU/driver fails"."""
    try:
        backend = _open_driver(cfg)
    except Exception as exc:
        return f"the CUDA driver API also fails on this GPU: {exc}"
    try:
        backend.vector_add(256, False)
    except Exception as exc:
        return f"the CUDA driver API opens this GPU but its kernel fails: {exc}"
    finally:
        backend.close()
    return (
        f"the CUDA driver API runs a PTX kernel on this GPU correctly: the GPU and driver "
        f"work, the {failed} installation cannot use this GPU"
    )


# --- running the tests ----------------------------------------------------------------------


class Runner:
    def __init__(self, cfg: Dict[str, Any], backend: Any, emit: Callable[[Dict[str, Any]], None]):
        self.cfg = cfg
        self.backend = backend
        self.emit = emit
        self.gpu = cfg.get("gpu")
        self.mode = cfg.get("mode", "quick")
        self.prof = profile(self.mode, cfg["device"])
        now = time.monotonic()
        self.deadline = now + max(0.0, float(cfg["deadline"]) - time.time())
        self.inject = parse_inject(os.environ.get(INJECT_ENV, ""), self.gpu)
        self.peaks: Dict[str, Optional[float]] = cfg.get("peaks") or {}
        self.min_ratio = float(cfg.get("min_ratio", 0.6))
        self.timeout_s = self.prof.timeout_s
        with contextlib.suppress(ValueError):
            self.timeout_s = float(os.environ.get(TIMEOUT_ENV) or self.timeout_s)
        self.sampler: Any = None
        if cfg["device"] != "cpu":
            from envcheck.kernels.telemetry import Sampler

            self.sampler = Sampler(cfg.get("nvml_uuid"), cfg.get("nvml_index"))

    def result(self, test: str, passed: Optional[bool], **kw: Any) -> Dict[str, Any]:
        res = {
            "gpu": self.gpu,
            "test": test,
            "backend": self.backend.name,
            "passed": passed,
            "value": None,
            "unit": UNITS.get(test),
            "peak": None,
            "ratio": None,
            "duration_s": None,
            "detail": None,
            "evidence": {},
        }
        res.update(kw)
        return res

    def context_ok(self) -> bool:
        """After a test raised: can this GPU context still run a trivial kernel? (CUDA errors
        such as an illegal address are sticky: every later call in the process fails.)"""
        probe = getattr(self.backend, "probe", None)
        if probe is None:
            return True
        try:
            probe()
            return True
        except Exception:
            return False

    def run(self, tests: List[str]) -> None:
        broken: Optional[str] = None
        for test in tests:
            if broken:
                self.emit({"event": "result", "result": self.result(test, None, detail=broken)})
                continue
            remaining = self.deadline - time.monotonic()
            if remaining < reserve_for(test, self.prof):
                self.emit(
                    {
                        "event": "result",
                        "result": self.result(
                            test,
                            None,
                            detail=BUDGET_EXHAUSTED,
                            evidence={"remaining_s": round(max(remaining, 0.0), 3)},
                        ),
                    }
                )
                continue
            why_not = self.backend.supports(test)
            if why_not:
                self.emit(
                    {
                        "event": "result",
                        "result": self.result(test, None, detail=f"not supported: {why_not}"),
                    }
                )
                continue
            self.emit({"event": "begin", "test": test, "timeout_s": self.timeout_s})
            if test in self.inject["hang"]:
                while True:  # a hung GPU: only the parent's timeout ends this
                    time.sleep(3600)
            if test in self.inject["crash"]:
                os.kill(os.getpid(), signal.SIGSEGV)
            t0 = time.perf_counter()
            try:
                if test in self.inject["error"]:
                    raise RuntimeError(
                        f"CUDA error: unspecified launch failure (injected in {test})"
                    )
                if test in self.inject["oom"]:
                    raise MemoryError(f"CUDA out of memory (injected in {test})")
                res = self.dispatch(test)
            except Exception as exc:
                lines = str(exc).strip().splitlines()
                text = f"{type(exc).__name__}: {lines[0] if lines else ''}"
                if "outofmemory" in type(exc).__name__.lower() or "out of memory" in text.lower():
                    # a GPU busy with other work is not a broken GPU
                    res = self.result(test, None, detail=f"not run: out of GPU memory ({text})")
                else:
                    res = self.result(test, False, detail=text, evidence={"failure": "error"})
                    if not self.context_ok():
                        broken = f"not run: the GPU context failed after {test}"
            res["duration_s"] = round(time.perf_counter() - t0, 4)
            self.emit({"event": "result", "result": res})

    # deadline inside a test: never beyond the budget, never beyond the hang timeout
    def test_deadline(self) -> float:
        return min(self.deadline, time.monotonic() + 0.8 * self.timeout_s)

    def dispatch(self, test: str) -> Dict[str, Any]:
        corrupt = test in self.inject["corrupt"]
        p = self.prof
        if test == "vector_add":
            m = self.backend.vector_add(p.vector_n, corrupt)
            ok = m["mismatches"] == 0
            detail = None if ok else f"{m['mismatches']} of {m['n']} elements wrong"
            if not ok:
                m["failure"] = "wrong-result"
            return self.result(test, ok, value=float(m["mismatches"]), detail=detail, evidence=m)
        if test.startswith("gemm_tflops_"):
            return self.throughput(test, test.rsplit("_", 1)[-1])
        if test.startswith("gemm_") and test != "gemm_repeat":
            precision = test.split("_", 1)[1]
            m = self.backend.gemm_check(precision, p.gemm_n, corrupt)
            ok = bool(m.pop("passed"))
            detail = None
            if not ok:
                m["failure"] = "wrong-result"
                detail = (
                    f"{precision} GEMM {p.gemm_n}^3 differs from the float64 reference: relative "
                    f"error {m['rel_frobenius']:.3g} (tolerance {m['frobenius_tolerance']:.3g}), "
                    f"{m['elements_over_bound']} element(s) beyond the rounding bound "
                    f"(worst {m['worst_error_over_bound']:.3g}x)"
                )
            return self.result(test, ok, value=m["rel_frobenius"], detail=detail, evidence=m)
        if test == "gemm_repeat":
            precisions = [q for q in ("fp32", "fp16") if not self.backend.supports(f"gemm_{q}")]
            m = self.backend.gemm_repeat(
                precisions, p.repeat_n, p.repeat_count, self.test_deadline(), corrupt
            )
            ok = m["mismatches"] == 0
            detail = None
            if not ok:
                m["failure"] = "wrong-result"
                detail = (
                    f"the same GEMM gave different results: {m['mismatches']} element(s) "
                    f"differ over {m['comparisons']} repeat(s)"
                )
            return self.result(test, ok, value=float(m["mismatches"]), detail=detail, evidence=m)
        if test == "memtest":
            return self.memtest(corrupt)
        if test.endswith("_bandwidth"):
            return self.bandwidth(test, test.split("_", 1)[0])
        raise ValueError(f"unknown test {test}")

    def free_memory(self) -> int:
        fn = getattr(self.backend, "free_memory", None)
        if fn is not None:
            try:
                return int(fn())
            except Exception:
                pass
        return self.prof.memtest_default_free

    def memtest(self, corrupt: bool) -> Dict[str, Any]:
        # a share of free memory; never more than 90 % (the GEMM workspace and the temporaries
        # of the pattern check need the rest)
        fraction = min(max(float(self.cfg.get("memtest_fraction", 0.02)), 0.0), 0.9)
        free = self.free_memory()
        nbytes = int(free * fraction)
        if self.prof.memtest_cap_bytes is not None:
            nbytes = min(nbytes, self.prof.memtest_cap_bytes)
        nbytes = max(nbytes, 1 << 20)
        m = self.backend.memtest(nbytes, memtest_patterns(self.mode), self.test_deadline(), corrupt)
        m["fraction_of_free"] = fraction
        m["free_bytes"] = free
        planned = len(memtest_patterns(self.mode))
        ok = m["mismatches"] == 0 and bool(m["patterns"])
        detail = None
        if m["mismatches"]:
            m["failure"] = "wrong-result"
            detail = (
                f"{m['mismatches']} word(s) read back wrong over {m['bytes']} bytes "
                f"({', '.join(k for k, v in m['per_pattern'].items() if v)})"
            )
        elif not m["patterns"]:
            detail = BUDGET_EXHAUSTED
            ok = None  # type: ignore[assignment]
        elif len(m["patterns"]) < planned:
            detail = f"{len(m['patterns'])} of {planned} patterns run within the time box"
        return self.result("memtest", ok, value=float(m["mismatches"]), detail=detail, evidence=m)

    def _telemetry_start(self) -> None:
        if self.sampler is not None:
            self.sampler.start()

    def _telemetry_stop(self) -> Dict[str, Any]:
        return self.sampler.stop() if self.sampler is not None else {}

    def _judge_perf(
        self, test: str, value: float, peak: Optional[float], evidence: Dict[str, Any]
    ) -> Dict[str, Any]:
        ratio = round(value / peak, 4) if peak else None
        threshold = perf_threshold(self.min_ratio, self.prof.steady_state)
        evidence.update({"steady_state": self.prof.steady_state, "threshold": threshold})
        ok = ratio is None or ratio >= threshold
        detail = None
        unit = UNITS.get(test, "")
        if ratio is None:
            detail = "no datasheet peak to compare with"
        elif not ok:
            detail = (
                f"{value:.4g} {unit} is {ratio:.2f} of the datasheet peak {peak:g} {unit} "
                f"(threshold {threshold:.2f})"
            )
        return self.result(
            test,
            ok,
            value=round(value, 4),
            peak=peak,
            ratio=ratio,
            detail=detail,
            evidence=evidence,
        )

    def bandwidth(self, test: str, kind: str) -> Dict[str, Any]:
        p = self.prof
        nbytes = p.d2d_bytes if kind == "d2d" else p.bw_bytes
        lock = _HostLinkLock(self.cfg.get("host_lock")) if kind != "d2d" else None
        if lock is not None and not lock.acquire(self.test_deadline()):
            return self.result(test, None, detail=f"{BUDGET_EXHAUSTED} (host link busy)")
        try:
            self._telemetry_start()
            m = self.backend.bandwidth(kind, nbytes, p.bw_reps, self.test_deadline())
            ev = self._telemetry_stop()
        finally:
            if lock is not None:
                lock.release()
        times = m.pop("times")
        if not times:
            return self.result(test, None, detail=BUDGET_EXHAUSTED)
        moved = 2 * nbytes if kind == "d2d" else nbytes  # a device copy reads and writes
        value = moved / min(times) / 1e9
        ev.update(
            {
                "bytes": nbytes,
                "bytes_moved_per_copy": moved,
                "copies": len(times),
                "best_s": min(times),
                "median_s": sorted(times)[len(times) // 2],
            }
        )
        peak = self.peaks.get("memory_bandwidth_gbs" if kind == "d2d" else "pcie_gbs")
        return self._judge_perf(test, value, peak, ev)

    def throughput(self, test: str, precision: str) -> Dict[str, Any]:
        p = self.prof
        self._telemetry_start()
        try:
            m = self.backend.gemm_throughput(
                precision, p.tflops_n, p.tflops_seconds, self.test_deadline()
            )
        finally:
            ev = self._telemetry_stop()
        value = m.pop("tflops")
        ev.update(m)
        return self._judge_perf(test, value, self.peaks.get(f"{precision}_tflops"), ev)


class _HostLinkLock:
    """Host<->device copies of GPUs that share a PCIe switch or a CPU's memory interfere; the
    workers take turns for those two tests (an flock on a file the parent names)."""

    def __init__(self, path: Optional[str]):
        self.path = path
        self.fd: Optional[int] = None

    def acquire(self, deadline: float) -> bool:
        if not self.path:
            return True
        import fcntl

        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        while True:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except OSError:
                if time.monotonic() >= deadline:
                    os.close(self.fd)
                    self.fd = None
                    return False
                time.sleep(0.01)

    def release(self) -> None:
        if self.fd is not None:
            import fcntl

            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def list_devices(backend: str) -> Dict[str, Any]:
    """Enumerate devices when the snapshot does not list the GPUs."""
    notes: List[str] = []
    order = ["torch", "cupy", "cuda-driver"] if backend == "auto" else [backend]
    for name in order:
        try:
            if name == "torch":
                import torch

                if not torch.cuda.is_available():
                    raise Unusable(f"torch {torch.__version__}: torch.cuda.is_available() is False")
                devs = [
                    {"index": i, "name": torch.cuda.get_device_name(i)}
                    for i in range(torch.cuda.device_count())
                ]
            elif name == "cupy":
                import cupy

                devs = []
                for i in range(cupy.cuda.runtime.getDeviceCount()):
                    raw = cupy.cuda.runtime.getDeviceProperties(i)["name"]
                    devs.append(
                        {"index": i, "name": raw.decode() if isinstance(raw, bytes) else str(raw)}
                    )
            else:
                from envcheck.kernels import cuda_driver

                devs = cuda_driver.list_devices(cuda_driver.open_driver())
            return {"event": "devices", "backend": name, "devices": devs, "notes": notes}
        except ImportError:
            notes.append(f"{name}: not installed")
        except Exception as exc:
            notes.append(str(exc) if name != "cupy" else f"cupy: {exc}")
    return {"event": "devices", "backend": None, "devices": [], "notes": notes}


def _finite(value: Any) -> Any:
    """JSON has no inf/NaN: non-finite numbers in evidence become strings ("inf", "nan")."""
    if isinstance(value, float) and (value != value or value in (math.inf, -math.inf)):
        return repr(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def sanitize(result: Dict[str, Any]) -> Dict[str, Any]:
    out = _finite(result)
    for key in ("value", "peak", "ratio", "duration_s"):
        if isinstance(out.get(key), str):  # was non-finite
            out["evidence"][f"{key}_non_finite"] = out[key]
            out[key] = None
    return out


def main() -> int:
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # anything printed by libraries goes to stderr, not into the protocol

    def emit(event: Dict[str, Any]) -> None:
        if event.get("event") == "result":
            event = dict(event, result=sanitize(event["result"]))
        proto.write(json.dumps(event) + "\n")
        proto.flush()

    cfg = json.loads(sys.stdin.read() or "{}")
    # deterministic cuBLAS workspaces (gemm_repeat must be bit-identical); this process only
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    if cfg.get("command") == "list":
        emit(list_devices(cfg.get("backend", "auto")))
        return 0
    try:
        backend, notes = open_backend(cfg)
    except Unusable as exc:
        emit(
            {
                "event": "init_failed",
                "backend": cfg.get("backend", "auto"),
                "detail": str(exc),
                "kind": "unavailable",
            }
        )
        return 0
    except InitError as exc:
        emit(
            {
                "event": "init_failed",
                "backend": exc.backend,
                "detail": str(exc),
                "kind": "error",
                "notes": exc.notes,
            }
        )
        return 0
    emit({"event": "ready", "backend": backend.name, "info": backend.info, "notes": notes})
    try:
        Runner(cfg, backend, emit).run(list(cfg.get("tests", [])))
    finally:
        with contextlib.suppress(Exception):
            backend.close()
    emit({"event": "done"})
    return 0


if __name__ == "__main__":
    sys.exit(main())
