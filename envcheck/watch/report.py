"""Watch reports: final text, JSON (the verify report plus a ``watch`` section), Prometheus.

Every text that came from the job or the trace goes through ``_clean`` first: a hostile trace
must not put terminal escapes on the user's screen.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any, Dict, List, Optional

from envcheck.findings import Finding, Outcome
from envcheck.watch.analyze import Result
from envcheck.watch.timeline import TRACE_VERSION, Timeline

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _clean(text: Any) -> str:
    return _CONTROL.sub("?", str(text))


def merged_outcome(verify: Optional[Dict[str, Any]], result: Result) -> Outcome:
    """The static verify findings (from the trace header) and the watch findings, one Outcome."""
    out = Outcome()
    for f in (verify or {}).get("findings") or ():
        if isinstance(f, dict) and {"code", "category", "severity", "title"} <= set(f):
            out.findings.append(
                Finding(
                    f["code"],
                    f["category"],
                    f["severity"],
                    f["title"],
                    str(f.get("expected", "")),
                    str(f.get("found", "")),
                    str(f.get("fix", "")),
                    dict(f.get("evidence") or {}),
                    f.get("gpu"),
                )
            )
    for s in (verify or {}).get("skipped") or ():
        if isinstance(s, dict) and "code" in s:
            from envcheck.findings import Skipped  # noqa: PLC0415

            out.skipped.append(Skipped(str(s["code"]), str(s.get("reason", ""))))
    out.passed.extend(str(c) for c in (verify or {}).get("passed") or ())
    out.findings.extend(result.outcome.findings)
    out.skipped.extend(result.outcome.skipped)
    out.passed.extend(result.outcome.passed)
    return out


def text(tl: Timeline, result: Result, trace_path: Optional[str] = None) -> str:
    s = result.summary
    lines: List[str] = []
    lines.append(f"envcheck watch: {_clean(s['verdict'])}")
    steps = s.get("steps") or {}
    facts = [
        f"{s['duration_s']:.1f} s watched ({s['judged_s']:.1f} s judged after "
        f"{s['warmup_s']:.1f} s warm-up)"
    ]
    if steps.get("median_s") is not None:
        facts.append(
            f"{steps['count']} steps, median {steps['median_s']:.3f} s "
            f"(p90 {steps['p90_s']:.3f} s, {steps['per_second']:.2f} steps/s)"
        )
    elif steps.get("stated_s_per_step") is not None:
        facts.append(f"the log states {steps['stated_s_per_step']:.3f} s/step")
    else:
        facts.append("no step times (no progress lines parsed)")
    facts.append(
        "GPU busy "
        + ("unknown (no NVML samples)" if s["gpu_busy"] is None else f"{s['gpu_busy']:.0%}")
    )
    lines.append("  " + "; ".join(facts))
    for lost in s.get("gpus_lost") or ():
        lines.append(
            f"  GPU {lost['gpu']} was lost at {lost['t']:.1f} s (NVML: GPU is lost): "
            "check `dmesg` for Xid 79 and run `envcheck verify`"
        )
    if s.get("phases"):
        lines.append(
            "  phases cut out: "
            + ", ".join(f"{p['phase']} {p['t0']:.1f}-{p['t1']:.1f} s" for p in s["phases"][:6])
        )
    verify = tl.header.get("verify") or {}
    static = [
        f
        for f in verify.get("findings") or ()
        if isinstance(f, dict) and f.get("severity") in ("error", "warning")
    ]
    findings = result.outcome.findings
    if findings:
        lines.append("")
    for f in findings[:5]:
        ev = f.evidence
        lines.append(f"{f.severity.upper():7} {f.code}  {_clean(f.title)}")
        lines.append(
            f"        cause: {_clean(ev.get('cause', ''))}   confidence: "
            f"{ev.get('confidence', '?')}   time lost: ~{ev.get('lost_s', 0):.0f} s"
        )
        lines.append(f"        expected: {_clean(f.expected)}")
        lines.append(f"        found:    {_clean(f.found)}")
        lines.append(f"        fix:      {_clean(f.fix)}")
        lines.append(f"        rule and source: envcheck explain {f.code}")
    if len(findings) > 5:
        lines.append(f"        ... {len(findings) - 5} more in --format json")
    stutter = [e for e in result.events if not e.get("phase")]
    if result.events:
        lines.append("")
        lines.append(
            f"stutter events: {len(stutter)} (+{len(result.events) - len(stutter)} in "
            "eval/checkpoint phases)"
        )
        for e in result.events[:8]:
            where = f" GPU {e['gpu']}" if e.get("gpu") is not None else ""
            lines.append(
                f"  {e['t0']:7.1f} s  {e['kind']}{where} {e['seconds']:.2f} s: "
                + "; ".join(_clean(x) for x in e["explained_by"])
            )
        if len(result.events) > 8:
            lines.append(f"  ... {len(result.events) - 8} more in --format json")
    if result.windows:
        lines.append("")
        lines.append(f"windows ({len(result.windows)}):")
        for w in result.windows[:12]:
            busy = "" if w.get("gpu_busy") is None else f"GPU {w['gpu_busy']:.0%}, "
            lines.append(
                f"  {w['t0']:7.1f}-{w['t1']:.1f} s  {busy}main {w.get('main_cpu')} cores, "
                f"{w['workers']} workers {w['worker_cpu']} cores: "
                f"{', '.join(w['fired']) or 'no finding'}"
            )
        if len(result.windows) > 12:
            lines.append(f"  ... {len(result.windows) - 12} more in --format json")
    if static:
        lines.append("")
        lines.append(f"static verify findings ({len(static)}):")
        for f in static[:6]:
            lines.append(
                f"  {str(f.get('severity', '')).upper():7} {_clean(f.get('code'))}  "
                f"{_clean(f.get('title'))}"
            )
    skipped = [k for k in result.outcome.skipped if not k.reason.startswith("not applicable:")]
    na = [k.code for k in result.outcome.skipped if k.reason.startswith("not applicable:")]
    if skipped:
        lines.append("")
        lines.append("not judged (a fact was unknown):")
        for k in skipped:
            lines.append(f"  {k.code}: {_clean(k.reason)}")
    if na:
        lines.append(f"not applicable: {', '.join(na)}")
    ov = s.get("overhead") or {}
    if ov:
        lines.append("")
        lines.append(
            f"watch's own cost: {ov['cpu_core_share'] * 100:.2f}% of one core, "
            f"{ov['rss_mib_max']:.0f} MiB RSS (budget 1%, 60 MiB)"
        )
    if trace_path:
        lines.append(
            f"trace: {_clean(trace_path)}  (re-judge: envcheck watch --replay {_clean(trace_path)})"
        )
    if s.get("exit_code") is not None:
        lines.append(f"job exit code: {s['exit_code']}")
    return "\n".join(lines) + "\n"


def document(
    tl: Timeline, result: Result, matrix: Any = None, trace_path: Optional[str] = None
) -> Dict[str, Any]:
    from envcheck.report.jsonfmt import document as verify_document  # noqa: PLC0415
    from envcheck.snapshot import Snapshot  # noqa: PLC0415

    outcome = merged_outcome(tl.header.get("verify"), result)
    snap_data = tl.header.get("snapshot")
    snapshot = None
    if isinstance(snap_data, dict):
        try:
            snapshot = Snapshot.from_dict(snap_data)
        except Exception:  # noqa: BLE001 - a trace from another version: keep the raw dict
            snapshot = None
    if snapshot is None:
        from envcheck.snapshot import Unknown  # noqa: PLC0415

        snapshot = Snapshot(hostname=Unknown("not in the trace"))
    doc = verify_document(snapshot, outcome, matrix)
    doc["watch"] = {
        "trace_version": TRACE_VERSION,
        "mode": tl.header.get("mode")
        if tl.header.get("mode") in ("wrap", "pid", "synthetic")
        else "replay",
        "command": [str(c) for c in tl.header.get("command") or ()] or None,
        "trace": trace_path,
        "summary": result.summary,
        "windows": result.windows,
        "events": result.events,
    }
    if isinstance(tl.header.get("synthetic"), dict):
        doc["watch"]["synthetic"] = tl.header["synthetic"]
    return doc


def json_text(
    tl: Timeline, result: Result, matrix: Any = None, trace_path: Optional[str] = None
) -> str:
    return json.dumps(document(tl, result, matrix, trace_path), indent=2, default=str) + "\n"


def prometheus(tl: Timeline, result: Result) -> str:
    """node_exporter textfile: gauges for the limiter, GPU busy, steps, events, own cost."""
    from envcheck.report.prometheus import escape  # noqa: PLC0415

    s = result.summary
    out: List[str] = []

    def gauge(name: str, help_text: str, samples: List[tuple]) -> None:
        out.append(f"# HELP {name} {help_text}")
        out.append(f"# TYPE {name} gauge")
        for labels, value in samples:
            label = ",".join(f'{k}="{escape(v)}"' for k, v in labels.items())
            out.append(f"{name}{{{label}}} {value}" if label else f"{name} {value}")

    gauge(
        "envcheck_watch_limiter",
        "1 for each EW finding of the run (primary=1 marks the limiter)",
        [
            (
                {
                    "code": f.code,
                    "category": f.category,
                    "primary": "1" if f.code == s.get("primary") else "0",
                },
                1,
            )
            for f in result.outcome.findings
        ],
    )
    if s.get("gpu_busy") is not None:
        gauge(
            "envcheck_watch_gpu_busy_ratio",
            "mean GPU busy share (NVML) after warm-up",
            [({}, s["gpu_busy"])],
        )
    steps = s.get("steps") or {}
    if steps.get("median_s") is not None:
        gauge(
            "envcheck_watch_step_seconds",
            # a gauge may not carry a "quantile" label (promtool: only summaries do), and this
            # is not a summary (no _sum/_count of the observations): name the statistic instead
            "step time statistics parsed from the job's output (stat: p50, p90)",
            [({"stat": "p50"}, steps["median_s"]), ({"stat": "p90"}, steps["p90_s"])],
        )
    gauge(
        "envcheck_watch_stutter_events",  # a gauge: "_total" is for counters (promtool)
        "GPU idle gaps > 500 ms and step-time outliers outside eval/checkpoint phases",
        [({}, s.get("stutter_events", 0))],
    )
    ov = s.get("overhead") or {}
    if ov:
        gauge(
            "envcheck_watch_overhead_cpu_ratio",
            "watch's own CPU, share of one core",
            [({}, ov["cpu_core_share"])],
        )
    gauge(
        "envcheck_watch_last_update_timestamp_seconds",
        "when this file was written",
        [({}, int(time.time()))],
    )
    return "\n".join(out) + "\n"
