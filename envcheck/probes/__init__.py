"""Probes read the live host and nothing else; ``collect()`` runs them all into a Snapshot.

Each probe runs in its own daemon thread under the same timeout; the probes run concurrently,
so ``collect()`` returns within ``timeout`` plus a small margin even when a probe hangs (its
section becomes ``Unknown("... timed out ...")``), crashes (``Unknown("probe crashed: ...")``) or
lacks permission (the probe itself records ``Unknown`` for the facts it could not read).
Subprocesses are started in their own process group, bounded by the time left, and killed as a
group when it runs out.

``ENVCHECK_SYSROOT`` (default ``/``) re-roots every host path the probes read (``/proc``,
``/sys``, ``/etc/os-release``, ``/usr/local``, ``/dev``, ``/etc/ld.so.cache``) for hermetic
tests; see ``envcheck.probes._util``.

Sections and modules: driver (``nvml``, falling back to ``nvidia_smi``), kernel
(``kernel_side``), cuda (``cuda_toolkit`` + ``cudnn_nccl``), packages, python (``python_env``),
os (``os_container``), cpu_memory, storage (only with ``data_dir`` / ``data_url``), env
(``env_vars``). Per-probe wall times go to ``Snapshot.probe_timings_ms``.
"""

from __future__ import annotations

import contextlib
import datetime
import socket
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

from envcheck.probes.base import ProbeContext
from envcheck.snapshot import Driver, Snapshot, Unknown

# --deep imports each framework in a subprocess: a CUDA torch took 4.8 s cold (3.5 s warm) to
# import and open one H200 (benchmarks/RESULTS.md, "Real GPU"), at the edge of the default 5 s,
# and more GPUs take longer. A user who asks for --deep asks to wait for it: the probes get at
# least this long.
DEEP_MIN_TIMEOUT_S = 30.0

# Time collect() may take beyond ``timeout`` to gather results and build the snapshot.
MARGIN_S = 0.3


def _driver(ctx: ProbeContext) -> Driver:
    from envcheck.probes import nvml  # noqa: PLC0415

    primary = nvml.probe(ctx)
    if primary.status in ("ok", "no-gpus"):
        return primary
    from envcheck.probes import nvidia_smi  # noqa: PLC0415 - only when NVML is unusable

    fallback = nvidia_smi.probe(ctx)
    if fallback is None:
        return primary
    nvml_note = f"NVML: {primary.status}" + (f" ({primary.detail})" if primary.detail else "")
    fallback.nvml_library_path = primary.nvml_library_path
    if fallback.status == "ok":
        fallback.detail = f"{nvml_note}; facts from nvidia-smi" + (
            f"; {fallback.detail}" if fallback.detail else ""
        )
        if primary.status == "version-mismatch":
            fallback.status = "version-mismatch"
        return fallback
    fallback.detail = f"{fallback.detail}; {nvml_note}" if fallback.detail else nvml_note
    if fallback.status == "nvidia-smi-failed" and primary.status in (
        "driver-not-loaded",
        "version-mismatch",
    ):
        fallback.status = primary.status  # NVML's diagnosis is the more specific one
    return fallback


def _kernel(ctx: ProbeContext) -> Any:
    from envcheck.probes import kernel_side  # noqa: PLC0415

    return kernel_side.probe(ctx)


def _cuda(ctx: ProbeContext) -> Any:
    from envcheck.probes import cuda_toolkit  # noqa: PLC0415

    return cuda_toolkit.probe(ctx)


def _packages(ctx: ProbeContext) -> Any:
    from envcheck.probes import packages  # noqa: PLC0415

    return packages.probe(ctx)


def _python(ctx: ProbeContext) -> Any:
    from envcheck.probes import python_env  # noqa: PLC0415

    return python_env.probe(ctx)


def _os(ctx: ProbeContext) -> Any:
    from envcheck.probes import os_container  # noqa: PLC0415

    return os_container.probe(ctx)


def _cpu_memory(ctx: ProbeContext) -> Any:
    from envcheck.probes import cpu_memory  # noqa: PLC0415

    return cpu_memory.probe(ctx)


def _storage(ctx: ProbeContext) -> Any:
    from envcheck.probes import storage  # noqa: PLC0415

    return storage.probe(ctx)


def _env(ctx: ProbeContext) -> Any:
    from envcheck.probes import env_vars  # noqa: PLC0415

    return env_vars.probe(ctx)


PROBES: Tuple[Tuple[str, Callable[[ProbeContext], Any]], ...] = (
    ("driver", _driver),
    ("kernel", _kernel),
    ("cuda", _cuda),
    ("packages", _packages),
    ("python", _python),
    ("os", _os),
    ("cpu_memory", _cpu_memory),
    ("storage", _storage),
    ("env", _env),
)


def collect(
    deep: bool = False,
    data_dir: Optional[str] = None,
    data_url: Optional[str] = None,
    timeout: float = 5.0,
    on_progress: Optional[Callable[[List[str]], None]] = None,
) -> Snapshot:
    """Probe the live host; never raises for anything a probe meets, never exceeds the timeout.

    ``on_progress(still_running)`` is called with the names of the probes still running, once
    at the start and after each probe ends (from the probe's thread): progress display only."""
    from envcheck import __version__  # noqa: PLC0415

    timeout = max(0.1, float(timeout))
    if deep:
        timeout = max(timeout, DEEP_MIN_TIMEOUT_S)
    ctx = ProbeContext(deep=deep, data_dir=data_dir, data_url=data_url, timeout=timeout)
    results: Dict[str, Any] = {}
    timings: Dict[str, float] = {}
    lock = threading.Lock()

    def run(name: str, fn: Callable[[ProbeContext], Any]) -> None:
        t0 = time.monotonic()
        try:
            value: Any = fn(ctx)
        except Exception as exc:  # noqa: BLE001 - a crashing probe is a fact, not a failure
            text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            value = Unknown(f"probe crashed: {type(exc).__name__}" + (f": {text}" if text else ""))
        elapsed = round((time.monotonic() - t0) * 1000.0, 2)
        with lock:
            results[name] = value
            timings[name] = elapsed
            running = [n for n, _t in threads if n not in results]
        if on_progress is not None:
            with contextlib.suppress(Exception):  # a display must never break the probes
                on_progress(running)

    threads: List[Tuple[str, threading.Thread]] = []
    for name, fn in PROBES:
        if name == "storage" and not (data_dir or data_url):
            continue
        thread = threading.Thread(target=run, args=(name, fn), name=f"probe-{name}", daemon=True)
        threads.append((name, thread))
    if on_progress is not None:
        with contextlib.suppress(Exception):
            on_progress([n for n, _t in threads])
    for _name, thread in threads:
        thread.start()
    for _name, thread in threads:
        thread.join(max(0.0, ctx.deadline + MARGIN_S / 2 - time.monotonic()))

    snap = Snapshot(
        envcheck_version=__version__,
        created=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        hostname=_hostname(),
        origin="live",
    )
    with lock:
        for name, _thread in threads:
            if name in results:
                setattr(snap, name, results[name])
            elif name == "driver":
                # A driver probe that never returned is never evidence of health: it is
                # judged (EC403) like a hung nvidia-smi, not skipped as unknown.
                snap.driver = Driver(
                    status="probe-timed-out",
                    detail=f"the driver probe (NVML, then nvidia-smi) did not finish within "
                    f"{timeout:g} s",
                    gpus=Unknown("driver probe timed out"),
                )
            else:
                setattr(snap, name, Unknown(f"probe timed out after {timeout:g} s"))
                timings[name] = round((time.monotonic() - ctx.start) * 1000.0, 2)
        snap.probe_timings_ms = dict(timings)
    return snap


def _hostname() -> Any:
    try:
        return socket.gethostname() or None
    except OSError as exc:
        return Unknown(f"gethostname: {exc}")
