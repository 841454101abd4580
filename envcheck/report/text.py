"""``--format text``: a report for people, grouped by severity: expected, found, fix.

Colour (plain ANSI codes) only when writing to a terminal and NO_COLOR is unset.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Dict, List, Optional

from envcheck import __version__
from envcheck.findings import Finding, Outcome
from envcheck.report import data_version, exit_code
from envcheck.sanitize import terminal

_COLORS = {"error": "31", "warning": "33", "info": "36", "ok": "32", "dim": "2", "bold": "1"}
_HEAD = {"error": "ERRORS", "warning": "WARNINGS", "info": "INFO"}


def use_color(stream: Any = None) -> bool:
    if "NO_COLOR" in os.environ:
        return False
    stream = stream or sys.stdout
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _paint(text: str, style: str, color: bool) -> str:
    return f"\033[{_COLORS[style]}m{text}\033[0m" if color else text


def _finding(f: Finding, color: bool) -> List[str]:
    # Every field may quote input (a hostname, a log line): neutralised before painting.
    gpu = f" [GPU {terminal(str(f.gpu))}]" if f.gpu is not None else ""
    lines = [
        f"  {_paint(terminal(f.code), f.severity, color)} {terminal(f.title)}{gpu}  "
        f"({terminal(f.category)})"
    ]
    lines.append(f"      expected: {terminal(f.expected)}")
    lines.append(f"      found:    {terminal(f.found)}")
    lines.append(f"      fix:      {terminal(f.fix)}")
    return lines


def _kernels(snapshot: Any) -> List[str]:
    results = snapshot.kernels if isinstance(snapshot.kernels, list) else []
    if not results:
        return []
    rows = [("GPU", "test", "backend", "result", "value", "peak", "ratio", "time")]
    for r in results:
        status = "pass" if r.passed else ("FAIL" if r.passed is False else "not run")
        value = f"{r.value:.4g} {r.unit or ''}".strip() if r.value is not None else "-"
        peak = f"{r.peak:.4g}" if r.peak is not None else "-"
        ratio = f"{r.ratio:.2f}" if r.ratio is not None else "-"
        dur = f"{r.duration_s:.2f}s" if r.duration_s is not None else "-"
        rows.append(
            (
                "-" if r.gpu is None else str(r.gpu),
                r.test,
                r.backend,
                status,
                value,
                peak,
                ratio,
                dur,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = ["GPU verification (--kernels):"]
    for row in rows:
        out.append("  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
    return out + [""]


def _printable(text: str) -> str:
    return terminal(text)  # the one sanitiser (envcheck/sanitize.py): escapes shown, inert


def _judged(snapshot: Any, snapshot_file: Optional[str]) -> str:
    """What this report judged: this host live, a snapshot file (and its host), or reports."""
    host = snapshot.hostname if isinstance(snapshot.hostname, str) else "unknown host"
    if snapshot_file:
        when = snapshot.created if isinstance(snapshot.created, str) else "an unknown time"
        return _printable(f"snapshot {snapshot_file} of host {host}, recorded {when}")
    origin = snapshot.origin if isinstance(snapshot.origin, str) else "live"
    return _printable(f"{host} ({origin})")


def render(
    snapshot: Any,
    outcome: Outcome,
    matrix: Any,
    strict: bool = False,
    quiet: bool = False,
    color: Optional[bool] = None,
    snapshot_file: Optional[str] = None,
    verbose: Optional[bool] = None,
    **_: Any,
) -> str:
    """``snapshot_file``: the --snapshot FILE judged (the header names it and its host, never
    "(live)": the snapshot was recorded live, but elsewhere or earlier)."""
    if color is None:
        color = use_color()
    code = exit_code(outcome, strict)
    lines: List[str] = []
    if quiet:
        shown = [
            f
            for f in outcome.findings
            if f.severity == "error" or (strict and f.severity == "warning")
        ]
        for f in shown:
            lines.extend(_finding(f, color))
        return terminal("\n".join(lines), keep_sgr=color) + ("\n" if lines else "")
    lines.append(
        _paint(f"envcheck {__version__}", "bold", color)
        + f" — {_judged(snapshot, snapshot_file)}; matrix data "
        + f"{data_version(matrix) or 'unavailable'}"
    )
    lines.append("")
    evidence = snapshot.evidence if isinstance(getattr(snapshot, "evidence", None), dict) else None
    if verbose is None:
        # `envcheck -v` / `--verbose` (global) sets ENVCHECK_DEBUG for the whole run
        verbose = os.environ.get("ENVCHECK_DEBUG", "") not in ("", "0")
    if evidence is not None:
        from envcheck.report.evidence import what_was_read

        lines.extend(what_was_read(evidence))
    for severity in ("error", "warning", "info"):
        group = [f for f in outcome.findings if f.severity == severity]
        if not group:
            continue
        lines.append(_paint(f"{_HEAD[severity]} ({len(group)})", severity, color))
        for f in group:
            lines.extend(_finding(f, color))
        lines.append("")
    lines.extend(_kernels(snapshot))
    # Skips for unknown facts are what a reader must see; "not applicable" ones (no torch,
    # no --data-dir, policy key unset) are listed on one line so they don't bury the rest.
    unknown = [s for s in outcome.skipped if not s.reason.startswith("not applicable")]
    not_applicable = [s.code for s in outcome.skipped if s.reason.startswith("not applicable")]
    if evidence is not None:
        from envcheck.report.evidence import missing_line

        lines.extend(missing_line(evidence))
        if not verbose:
            # For pasted input most checks lack their facts; the lists drown the answer.
            if unknown or not_applicable:
                lines.append(
                    f"({len(unknown) + len(not_applicable)} checks skipped for facts the input "
                    "does not state: envcheck -v verify lists them)"
                )
                lines.append("")
            unknown, not_applicable = [], []
    if unknown:
        lines.append(_paint(f"SKIPPED, facts unknown ({len(unknown)})", "dim", color))
        by_reason: Dict[str, List[str]] = {}
        for s in unknown:
            by_reason.setdefault(s.reason, []).append(s.code)
        for reason, codes in by_reason.items():
            lines.append(f"  {' '.join(codes)}: {terminal(reason)}")
        lines.append("")
    if not_applicable:
        lines.append(
            _paint(f"NOT APPLICABLE ({len(not_applicable)})", "dim", color)
            + ": "
            + " ".join(not_applicable)
            + "  (envcheck explain CODE; --format json lists each reason)"
        )
        lines.append("")
    if outcome.passed:
        lines.append(
            _paint(f"PASSED ({len(outcome.passed)})", "ok", color) + ": " + " ".join(outcome.passed)
        )
        lines.append("")
    n_err, n_warn = len(outcome.errors()), len(outcome.warnings())
    n_info = len(outcome.findings) - n_err - n_warn
    verdict = "FAIL" if code else "OK"
    if evidence is not None and not code:
        # Pasted text shows part of a host: no finding in it is not a healthy host. "OK" would
        # claim what nobody showed; the verdict says what was (not) found in the input.
        if not evidence.get("recognised"):
            verdict = "NOTHING JUDGED"  # no fact was read
        elif n_err or n_warn:
            verdict = "PROBLEMS FOUND IN THE INPUT"
        else:
            verdict = "NO PROBLEM FOUND IN THE INPUT"
    summary = (
        f"{verdict}: {n_err} error(s), {n_warn} warning(s), {n_info} info; "
        f"{len(outcome.passed)} passed, {len(outcome.skipped)} skipped"
        + (" (strict)" if strict else "")
    )
    style = "error" if code else "warning" if verdict.startswith("PROBLEMS") else "ok"
    lines.append(_paint(summary, style, color))
    # Last line of defence: nothing from input reaches the terminal as an escape sequence.
    return terminal("\n".join(lines), keep_sgr=color) + "\n"
