"""The watch trace: versioned JSON lines, a header then rows, that round-trip exactly.

A trace is to ``watch`` what a snapshot is to ``verify``: the analyzers read only a Timeline,
so a live run and ``--replay TRACE`` share one code path.

Line 1, the header::

    {"format": "envcheck-watch-trace", "version": 1, "mode": "wrap", "started": "...",
     "interval_s": 0.5, "command": [...], "host": {"cpus": 2, "quota_cores": null},
     "snapshot": {...} | null, "verify": {"findings": [...], "skipped": [...]} | null,
     "data_dir": null, "judging": {"window_s": 30.0, "warmup_s": null}, "labels": {...}}

``judging`` (optional) holds the live run's --window / --warmup, so ``--replay`` reproduces the
live verdict unless it is given other values.

Every later line is one row ``{"t": seconds since start, "src": SOURCE, ...}``. Sources:

- ``tree``  the watched process tree: ``root``, ``procs: [{pid, ppid, name, cpu_s, state, read_b}]``
  (``cpu_s`` and ``read_b`` are cumulative counters; analyzers difference them)
- ``host``  cumulative ``cpu`` ticks (user, nice, system, idle, iowait, irq, softirq, steal),
  ``psi`` totals (µs), ``cgroup`` cpu.stat, ``mem``, ``vm``, ``disk``, ``net``
- ``gpu``   one GPU: ``i``, ``util``, ``mem_used``, ``mem_total``, ``sm_clock``, ``sm_clock_max``,
  ``reasons`` (clock-event bit mask), ``temp``, ``slowdown``, ``power``, ``procs``, ...
- ``step``  one training step completed: ``n`` (the counter the log printed), ``kind``
- ``phase`` the log says a phase began: ``phase`` = eval | checkpoint | train
- ``log``   a known error line (``match`` = errorlog pattern id, ``text``)
- ``unknown`` a sampler could not read: ``sampler``, ``reason`` (never silently missing)
- ``self``  watch's own cost: cumulative ``cpu_s`` and ``rss_b``
- ``end``   the run ended: ``exit_code`` (null in attach mode when unknown), ``reason``

A value that a sampler could not read is ``{"unknown": reason}``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, TextIO

from envcheck import safe_json
from envcheck.errors import InputError
from envcheck.safe_io import open_for_writing, read_regular

TRACE_FORMAT = "envcheck-watch-trace"
TRACE_VERSION = 1
SOURCES = (
    "tree",
    "host",
    "others",
    "gpu",
    "step",
    "rate",
    "phase",
    "log",
    "unknown",
    "self",
    "end",
)
MAX_TRACE_BYTES = 512 * 1024 * 1024  # a trace larger than this is not one of ours


@dataclass
class Timeline:
    header: Dict[str, Any]
    rows: List[Dict[str, Any]] = field(default_factory=list)

    # -- access -------------------------------------------------------------------------------
    def of(self, src: str) -> List[Dict[str, Any]]:
        return [r for r in self.rows if r.get("src") == src]

    @property
    def duration(self) -> float:
        return max((float(r["t"]) for r in self.rows), default=0.0)

    @property
    def cpus(self) -> Optional[int]:
        value = (self.header.get("host") or {}).get("cpus")
        return value if isinstance(value, int) and value > 0 else None

    @property
    def quota_cores(self) -> Optional[float]:
        value = (self.header.get("host") or {}).get("quota_cores")
        return float(value) if isinstance(value, (int, float)) and value > 0 else None

    def exit_code(self) -> Optional[int]:
        ends = self.of("end")
        code = ends[-1].get("exit_code") if ends else None
        return code if isinstance(code, int) else None

    # -- JSON lines ---------------------------------------------------------------------------
    def lines(self) -> Iterable[str]:
        yield safe_json.dumps(self.header, sort_keys=True, default=str)
        for row in self.rows:
            yield safe_json.dumps(row, sort_keys=True, default=str)

    def dumps(self) -> str:
        return "\n".join(self.lines()) + "\n"

    @classmethod
    def loads(cls, text: str, name: str = "trace") -> Timeline:
        header: Optional[Dict[str, Any]] = None
        rows: List[Dict[str, Any]] = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = safe_json.loads(line)  # NaN, huge integers, deep nesting: refused
            except ValueError as exc:
                why = getattr(exc, "msg", None) or str(exc)
                raise InputError(f"{name}:{number}: not a JSON line ({why})") from None
            if not isinstance(obj, dict):
                raise InputError(f"{name}:{number}: expected a JSON object")
            if header is None:
                _check_header(obj, name)
                header = obj
                continue
            rows.append(_check_row(obj, name, number))
        if header is None:
            raise InputError(f"{name}: empty, not an envcheck watch trace")
        rows.sort(key=lambda r: r["t"])  # rows from two sampler threads may interleave
        return cls(header, rows)

    @classmethod
    def load(cls, path: str) -> Timeline:
        # Only a regular file, checked on the open descriptor (a FIFO would hang), bounded.
        data = read_regular(path, MAX_TRACE_BYTES, "watch trace", "512 MiB")
        if b"\0" in data:
            raise InputError(f"{path}: binary data, not an envcheck watch trace")
        return cls.loads(data.decode("utf-8", errors="replace"), name=path)


def _check_header(obj: Dict[str, Any], name: str) -> None:
    if obj.get("format") != TRACE_FORMAT:
        raise InputError(f"{name}: not an envcheck watch trace (no '{TRACE_FORMAT}' header)")
    version = obj.get("version")
    if not isinstance(version, int) or version < 1:
        raise InputError(f"{name}: trace header has no valid version")
    if version > TRACE_VERSION:
        raise InputError(
            f"{name}: trace version {version} is newer than this envcheck reads ({TRACE_VERSION})"
        )


def _check_row(obj: Dict[str, Any], name: str, number: int) -> Dict[str, Any]:
    t = obj.get("t")
    if isinstance(t, bool) or not isinstance(t, (int, float)) or t != t or t < 0 or t > 1e9:
        raise InputError(f"{name}:{number}: row has no valid time 't'")
    if obj.get("src") not in SOURCES:
        raise InputError(f"{name}:{number}: unknown row source {obj.get('src')!r}")
    obj["t"] = float(t)
    return obj


class TraceWriter:
    """Appends rows as they come (line-buffered), so a killed run still leaves a usable trace."""

    def __init__(self, path: Optional[str], header: Dict[str, Any]) -> None:
        self.timeline = Timeline(dict(header))
        self.timeline.header.setdefault("format", TRACE_FORMAT)
        self.timeline.header.setdefault("version", TRACE_VERSION)
        self._fh: Optional[TextIO] = None
        self.path = path
        if path:
            # Never through a planted link: the default name is predictable, and root may
            # run in a folder the job's user controls (safe_io.open_for_writing).
            fd = open_for_writing(path)
            self._fh = open(fd, "w", encoding="utf-8", buffering=1)  # noqa: SIM115
            header = safe_json.dumps(self.timeline.header, sort_keys=True, default=str)
            self._fh.write(header + "\n")

    def add(self, row: Dict[str, Any]) -> None:
        row["t"] = round(float(row["t"]), 4)
        self.timeline.rows.append(row)
        if self._fh is not None:
            try:
                self._fh.write(safe_json.dumps(row, sort_keys=True, default=str) + "\n")
            except OSError:
                self._fh = None  # a full disk must not kill the watched job's supervisor

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
        self.timeline.rows.sort(key=lambda r: r["t"])
