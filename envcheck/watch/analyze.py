"""Judge a Timeline: windows, stutter events, findings (EW codes) and the run's verdict. Pure.

1. Warm-up is ignored (``warmup_s``; default the shorter of 60 s and a fifth of the run, and
   never before the first training step the log shows: start-up is not training; design
   D6 / R25). Eval and checkpoint phases that the log announces are cut out of the judged time.
2. The rest is cut into windows of ``window_s`` (30 s, envcheck choice); each window rule runs on
   each window. A rule fires for the run when its windows cover at least a third of the judged
   time (envcheck choice), so one bad window does not make a verdict.
3. Run-level rules read the whole trace: EW104 respawn, EW105 sawtooth, EW181 error lines,
   EW191 imbalance.
4. Events: every GPU idle gap over 500 ms (Nsight gpu_gaps [S34]) and every step slower than
   median + 3 MAD (Goodput [S46]), each explained by what the samplers saw in its span.
5. Ranking: the primary limiter is the finding that cost the most time (design D7).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from envcheck.findings import Finding, Outcome, Skipped
from envcheck.watch import features as F
from envcheck.watch import rules as R
from envcheck.watch.timeline import Timeline

IDLE_UTIL = 5.0  # a GPU sample at or below 5 % busy counts as idle (envcheck choice)
BUSY_UTIL = 30.0  # a gap is bounded by samples at least this busy (leading/trailing excluded)
GAP_S = 0.5  # Nsight Systems gpu_gaps default [S34]
FIRE_SHARE = 1 / 3
MIN_WINDOW_S = 2.0


@dataclass
class Result:
    outcome: Outcome
    windows: List[Dict[str, Any]] = field(default_factory=list)
    events: List[Dict[str, Any]] = field(default_factory=list)
    summary: Dict[str, Any] = field(default_factory=dict)


# -- phases and windows --------------------------------------------------------------------------
def phase_spans(tl: Timeline) -> List[Tuple[float, float, str]]:
    """(start, end, phase): from the line that announced it to the next training step."""
    bar = F.training_bar(tl)
    train_t = [r["t"] for r in tl.of("step") if str(r.get("bar")) == bar]
    spans = []
    for r in tl.of("phase"):
        if r.get("phase") not in ("eval", "checkpoint"):
            continue
        later = [t for t in train_t if t > r["t"]]
        end = later[0] if later else tl.duration
        spans.append((r["t"], end, str(r["phase"])))
    # eval bars (their own tqdm) are eval phases even without an announcing line
    evals = [r["t"] for r in tl.of("step") if r.get("eval")]
    if evals:
        start = evals[0]
        for a, b in zip(evals, evals[1:] + [None]):
            if b is None or b - a > 5.0:
                later = [t for t in train_t if t > a]
                spans.append((start, later[0] if later else tl.duration, "eval"))
                start = b if b is not None else a
    return sorted(spans)


def _segments(
    t0: float, t1: float, cut: List[Tuple[float, float, str]]
) -> List[Tuple[float, float]]:
    segs = [(t0, t1)]
    for a, b, _ in cut:
        out = []
        for s, e in segs:
            if b <= s or a >= e:
                out.append((s, e))
                continue
            if a > s:
                out.append((s, a))
            if b < e:
                out.append((b, e))
        segs = out
    return [(s, e) for s, e in segs if e - s >= MIN_WINDOW_S]


def _tile(segs: List[Tuple[float, float]], size: float) -> List[Tuple[float, float]]:
    out = []
    for s, e in segs:
        n = max(1, int((e - s) // size))
        if (e - s) - n * size >= size / 2:
            n += 1
        step = (e - s) / n
        out.extend((s + i * step, s + (i + 1) * step) for i in range(n))
    return out


def _first_training_step(tl: Timeline) -> Optional[float]:
    bar = F.training_bar(tl)
    times = [r["t"] for r in tl.of("step") if str(r.get("bar")) == bar]
    return times[0] if times else None


def default_warmup(duration: float) -> float:
    return min(60.0, duration / 5.0)


# -- the run ---------------------------------------------------------------------------------------
def analyze(tl: Timeline, window_s: float = 30.0, warmup_s: Optional[float] = None) -> Result:
    duration = tl.duration
    warmup = default_warmup(duration) if warmup_s is None else max(0.0, warmup_s)
    first_step = _first_training_step(tl)
    if first_step is not None and first_step > warmup:
        # start-up (imports, dataset indexing, worker start) is not training: judge from the
        # first step the job reports, whatever --warmup says
        warmup = first_step
    spans = phase_spans(tl)
    windows = _tile(_segments(warmup, duration, spans), window_s)
    result = Result(Outcome())
    hits: Dict[str, List[Tuple[R.Hit, float]]] = {}
    skips: Dict[str, str] = {}
    judged = 0.0
    seen: set = set()
    for r in tl.of("tree"):
        if r["t"] < warmup:
            seen.update(p.get("pid") for p in r.get("procs") or () if isinstance(p, dict))
    for t0, t1 in windows:
        w = F.window(tl, t0, t1, seen_before=set(seen))
        judged += w.duration
        fired = []
        for spec in R.window_rules():
            try:
                hit = spec.func(w) if spec.func else None
            except R.SkipRule as exc:
                skips.setdefault(spec.code, str(exc))
                continue
            hits.setdefault(spec.code, [])
            if hit is not None:
                hits[spec.code].append((hit, w.duration))
                fired.append(spec.code)
        result.windows.append(_window_row(w, fired))
        for r in tl.rows:
            if r["src"] == "tree" and t0 <= r["t"] <= t1:
                seen.update(p.get("pid") for p in r.get("procs") or () if isinstance(p, dict))

    findings: List[Tuple[Finding, float]] = []
    for spec in R.window_rules():
        got = hits.get(spec.code)
        if got is None:
            reason = skips.get(spec.code) or _no_windows_reason(duration, warmup, spans)
            result.outcome.skipped.append(Skipped(spec.code, reason))
            continue
        covered = sum(d for _, d in got)
        if got and judged > 0 and covered >= FIRE_SHARE * judged:
            findings.append(_finding(spec, got, covered, judged))
        else:
            result.outcome.passed.append(spec.code)

    run_level = _run_level(tl, warmup, spans, result)
    findings.extend(run_level)
    findings.sort(key=lambda fl: -fl[1])
    order = {s: i for i, s in enumerate(("error", "warning", "info"))}
    result.outcome.findings = [f for f, _ in findings]
    ranked = [f for f, _ in findings]
    result.outcome.findings.sort(key=lambda f: (order[f.severity], ranked.index(f)))
    result.summary = _summary(tl, result, findings, warmup, judged, windows, spans)
    return result


def _no_windows_reason(duration: float, warmup: float, spans: List[Any]) -> str:
    return f"run too short to judge: {duration:.1f} s recorded, {warmup:.1f} s warm-up" + (
        f", {len(spans)} eval/checkpoint phase(s) cut out" if spans else ""
    )


def _finding(
    spec: R.RuleSpec, got: List[Tuple[R.Hit, float]], covered: float, judged: float
) -> Tuple[Finding, float]:
    worst = max(got, key=lambda hd: hd[0].lost_frac * hd[1])[0]
    lost = sum(h.lost_frac * d for h, d in got)
    confidence = worst.confidence
    if confidence == "low" and len(got) >= 3:
        confidence = "medium"
    evidence = dict(worst.evidence)
    evidence.update(
        cause=spec.cause,
        confidence=confidence,
        windows_fired=len(got),
        judged_share=round(covered / judged, 3),
        lost_s=round(lost, 1),
    )
    return (
        Finding(
            spec.code,
            spec.category,
            spec.severity,
            spec.title,
            worst.expected,
            worst.found,
            spec.fix,
            evidence,
            worst.gpu,
        ),
        lost,
    )


# -- run-level rules -------------------------------------------------------------------------------
def _run_level(
    tl: Timeline, warmup: float, spans: List[Tuple[float, float, str]], result: Result
) -> List[Tuple[Finding, float]]:
    out: List[Tuple[Finding, float]] = []
    series = [(t, v) for t, v in F.step_series(tl) if t >= warmup and not _in(spans, t)]
    events = _events(tl, warmup, spans, series)
    result.events = events
    whole = F.window(tl, 0.0, tl.duration)

    # EW104: worker sets replaced, with a stall at each replacement
    respawns = _respawns(tl, whole)
    spec = R.RULES["EW104"]
    if whole.main is None:
        result.outcome.skipped.append(Skipped("EW104", "no process-tree samples"))
    elif len(respawns) >= 2:
        stalls = [t for t in respawns if any(e["t0"] - 3.0 <= t <= e["t1"] + 3.0 for e in events)]
        if len(stalls) >= max(2, math.ceil(len(respawns) / 2)):
            lost = sum(
                e["seconds"]
                for e in events
                if any(e["t0"] - 3.0 <= t <= e["t1"] + 3.0 for t in stalls)
            )
            out.append(
                (
                    Finding(
                        spec.code,
                        spec.category,
                        spec.severity,
                        spec.title,
                        "loader workers kept across epochs",
                        f"the loader workers were replaced {len(respawns)} times, with a stall at "
                        f"{len(stalls)} of them",
                        spec.fix,
                        {
                            "respawn_t": [round(t, 1) for t in respawns],
                            "cause": spec.cause,
                            "confidence": "medium",
                            "lost_s": round(lost, 1),
                        },
                        None,
                    ),
                    lost,
                )
            )
        else:
            result.outcome.passed.append("EW104")
    else:
        result.outcome.passed.append("EW104")

    # EW105: sawtooth with period = worker count
    spec = R.RULES["EW105"]
    workers = _worker_count(tl, whole)
    if not series and tl.header.get("mode") == "pid":
        # docs/watch.md: --pid does not read the job's output, so step times cannot exist
        result.outcome.skipped.append(
            Skipped("EW105", "not applicable: the job's output is not read in --pid mode")
        )
    elif not series:
        result.outcome.skipped.append(
            Skipped("EW105", "no step times: no progress lines parsed from the job's output")
        )
    elif workers < 2:
        result.outcome.skipped.append(
            Skipped(
                "EW105", f"not applicable: {workers} loader worker(s); the sawtooth needs 2 or more"
            )
        )
    elif len(series) < 4 * workers:
        result.outcome.skipped.append(
            Skipped(
                "EW105", f"{len(series)} steps after warm-up; needs {4 * workers} to see a period"
            )
        )
    else:
        values = [v for _, v in series]
        acf = {lag: _acf(values, lag) for lag in range(1, min(2 * workers + 2, len(values) // 2))}
        peak = max(acf, key=lambda k: acf[k]) if acf else None
        med = statistics.median(values)
        if peak == workers and acf[peak] >= 0.5 and max(values) >= 2 * med:
            slow = [v for v in values if v > 1.5 * med]
            lost = sum(v - med for v in slow)
            out.append(
                (
                    Finding(
                        spec.code,
                        spec.category,
                        spec.severity,
                        spec.title,
                        "even step times",
                        f"step times repeat every {workers} steps (autocorrelation "
                        f"{acf[peak]:.2f} at lag {workers}, {workers} workers): {len(slow)} "
                        f"slow steps of ~"
                        f"{statistics.median(slow):.2f} s between fast ones of ~{med:.2f} s",
                        spec.fix,
                        {
                            "workers": workers,
                            "acf": {str(k): round(v, 3) for k, v in acf.items()},
                            "step_s_median": round(med, 4),
                            "cause": spec.cause,
                            "confidence": "medium",
                            "lost_s": round(lost, 1),
                        },
                        None,
                    ),
                    lost,
                )
            )
        else:
            result.outcome.passed.append("EW105")

    # EW181: known stack errors in the output
    spec = R.RULES["EW181"]
    logs = tl.of("log")
    if logs:
        from envcheck.importers.errorlog import pattern  # noqa: PLC0415

        seen = {}
        for r in logs:
            seen.setdefault(str(r.get("match")), r)
        for pid, r in seen.items():
            pat = pattern(pid)
            out.append(
                (
                    Finding(
                        spec.code,
                        spec.category,
                        spec.severity,
                        f"{spec.title}: {pat.title if pat else pid}",
                        "no GPU stack errors in the job's output",
                        f"at {r['t']:.1f} s: {str(r.get('text'))[:200]}",
                        pat.fix if pat else spec.fix,
                        {
                            "pattern": pid,
                            "pattern_category": pat.category if pat else None,
                            "cause": spec.cause,
                            "confidence": "high",
                            "lost_s": 0.0,
                        },
                        None,
                    ),
                    1e9,
                )
            )
    elif tl.header.get("mode") in ("wrap", "replay-log"):
        result.outcome.passed.append("EW181")
    else:
        result.outcome.skipped.append(
            Skipped("EW181", "not applicable: the job's output is not read in --pid mode")
        )

    # EW191: imbalance between GPUs
    spec = R.RULES["EW191"]
    gpus = [g for g in whole.gpus if len(g.util) >= 10]
    if len(gpus) < 2:
        result.outcome.skipped.append(
            Skipped("EW191", "not applicable: fewer than two GPUs with utilisation samples")
        )
    else:
        pairs = [(a, b) for i, a in enumerate(gpus) for b in gpus[i + 1 :]]
        worst = max(pairs, key=lambda ab: _js(ab[0].util, ab[1].util))
        js = _js(*[g.util for g in worst])
        gap = abs((worst[0].busy or 0) - (worst[1].busy or 0))
        if js > 0.2 and gap >= 0.2:
            lost = gap * tl.duration
            out.append(
                (
                    Finding(
                        spec.code,
                        spec.category,
                        spec.severity,
                        spec.title,
                        "GPUs of one job equally busy (JS distance <= 0.2)",
                        f"GPU {worst[0].index} busy {worst[0].busy:.0%} vs GPU {worst[1].index} "
                        f"{worst[1].busy:.0%} (Jensen-Shannon distance {js:.2f})",
                        spec.fix,
                        {
                            "js_distance": round(js, 3),
                            "cause": spec.cause,
                            "confidence": "medium",
                            "lost_s": round(lost, 1),
                        },
                        None,
                    ),
                    lost,
                )
            )
        else:
            result.outcome.passed.append("EW191")
    return out


def _in(spans: List[Tuple[float, float, str]], t: float) -> Optional[str]:
    for a, b, phase in spans:
        if a <= t <= b:
            return phase
    return None


def _acf(values: List[float], lag: int) -> float:
    n = len(values)
    mean = statistics.fmean(values)
    var = sum((v - mean) ** 2 for v in values)
    if var == 0 or lag >= n:
        return 0.0
    return sum((values[i] - mean) * (values[i + lag] - mean) for i in range(n - lag)) / var


def _js(a: List[float], b: List[float]) -> float:
    def hist(xs: List[float]) -> List[float]:
        h = [0.0] * 10
        for x in xs:
            h[min(9, max(0, int(x // 10)))] += 1
        return [v / len(xs) for v in h]

    p, q = hist(a), hist(b)
    m = [(x + y) / 2 for x, y in zip(p, q)]

    def kl(x: List[float], y: List[float]) -> float:
        return sum(xi * math.log2(xi / yi) for xi, yi in zip(x, y) if xi > 0)

    return math.sqrt(max(0.0, (kl(p, m) + kl(q, m)) / 2))


def _worker_sets(tl: Timeline, whole: F.Window) -> List[Tuple[float, frozenset]]:
    if whole.main is None:
        return []
    out = []
    for r in tl.of("tree"):
        procs = {p["pid"]: p for p in r.get("procs") or () if isinstance(p, dict) and "pid" in p}
        kids = set()
        frontier = [whole.main.pid]
        while frontier:
            parent = frontier.pop()
            for pid, p in procs.items():
                if p.get("ppid") == parent and pid not in kids:
                    kids.add(pid)
                    frontier.append(pid)
        out.append((r["t"], frozenset(kids)))
    return out


def _worker_count(tl: Timeline, whole: F.Window) -> int:
    counts = [len(s) for _, s in _worker_sets(tl, whole) if s]
    return int(statistics.median(counts)) if counts else 0


def _respawns(tl: Timeline, whole: F.Window) -> List[float]:
    """Times at which a new set of workers replaced the previous set entirely."""
    out = []
    last: frozenset = frozenset()
    for t, kids in _worker_sets(tl, whole):
        if kids and last and not kids & last:
            out.append(t)
        if kids:
            last = kids
    return out


# -- events ----------------------------------------------------------------------------------------
def _events(
    tl: Timeline,
    warmup: float,
    spans: List[Tuple[float, float, str]],
    series: List[Tuple[float, float]],
) -> List[Dict[str, Any]]:
    interval = float(tl.header.get("interval_s") or 0.5)
    events: List[Dict[str, Any]] = []
    by_gpu: Dict[int, List[Dict[str, Any]]] = {}
    for r in tl.of("gpu"):
        if isinstance(r.get("i"), int) and isinstance(r.get("util"), (int, float)):
            by_gpu.setdefault(r["i"], []).append(r)
    for index, rows in sorted(by_gpu.items()):
        prev_busy: Optional[float] = None
        idle_since: Optional[float] = None
        for r in rows:
            if r["util"] <= IDLE_UTIL:
                if prev_busy is not None and idle_since is None:
                    idle_since = r["t"]
            elif r["util"] >= BUSY_UTIL:
                if idle_since is not None and prev_busy is not None:
                    seconds = r["t"] - prev_busy - interval
                    if seconds > GAP_S and prev_busy >= warmup:
                        events.append(
                            _explain(tl, "gpu-idle", prev_busy, r["t"], seconds, spans, gpu=index)
                        )
                idle_since = None
                prev_busy = r["t"]
    for t, v in F.mad_outliers(series):
        events.append(_explain(tl, "slow-step", t - v, t, v, spans))
    events.sort(key=lambda e: e["t0"])
    return events


def _explain(
    tl: Timeline,
    kind: str,
    t0: float,
    t1: float,
    seconds: float,
    spans: List[Tuple[float, float, str]],
    gpu: Optional[int] = None,
) -> Dict[str, Any]:
    phase = next((p for a, b, p in spans if a - 1.0 <= t1 and b + 1.0 >= t0), None)
    w = F.window(tl, max(0.0, t0 - 1.0), t1 + 1.0, seen_before=_pids_before(tl, t0 - 1.0))
    why: List[str] = []
    if phase:
        why.append(f"{phase} phase (announced in the log): expected, not counted as stutter")
    whole = F.window(tl, 0.0, tl.duration)
    if any(t0 - 3.0 <= t <= t1 + 3.0 for t in _respawns(tl, whole)):
        # a new set of workers replaced the old one (the first start is not a respawn)
        why.append(f"{w.new_workers or 'all'} loader worker process(es) replaced (respawn)")
    blocked = [p for p in (w.workers or ([w.main] if w.main else [])) if R._io_blocked(p) >= 0.3]
    if blocked:
        why.append(f"{len(blocked)} reader(s) blocked in I/O")
    net = [p for p in (w.workers or ([w.main] if w.main else [])) if p.net_wait >= 0.3]
    if net:
        why.append(f"{len(net)} reader(s) waiting on the network")
    hungry = R._hungry_workers(w)
    if hungry:
        why.append(f"{len(hungry)} worker(s) CPU-bound")
    if w.main is not None and not w.workers and (w.main.demand or 0) >= R.CORE_BUSY:
        why.append("the training process CPU-bound (no workers)")
    for g in w.gpus:
        bits = [
            name
            for bit, name in (
                (F.BIT_SW_THERMAL | F.BIT_HW_THERMAL, "thermal slowdown"),
                (F.BIT_HW_SLOWDOWN | F.BIT_HW_POWER_BRAKE, "HW slowdown"),
            )
            if any(f > 0 for b, f in g.bit_frac.items() if b & bit)
        ]
        if bits:
            why.append(f"GPU {g.index}: {', '.join(bits)}")
        if any(sm >= R.FOREIGN_SM for sm in g.foreign.values()):
            why.append(f"GPU {g.index}: another process computing")
    if w.disk_busy is not None and w.disk_busy >= 0.9:
        why.append(f"data disk {w.disk_busy:.0%} busy")
    if (w.psi.get("cpu_some") or 0) >= R.PSI_CPU and (w.outside_cores or 0) >= R.OUTSIDE_CORES:
        why.append(f"CPU pressure with {w.outside_cores:.1f} cores used outside the job")
    if not why:
        why.append("nothing unusual seen in the process tree, disk, CPU or GPU state")
    return {
        "kind": kind,
        "t0": round(t0, 2),
        "t1": round(t1, 2),
        "seconds": round(seconds, 3),
        "gpu": gpu,
        "phase": phase,
        "explained_by": why,
    }


def _pids_before(tl: Timeline, t: float) -> set:
    seen: set = set()
    for r in tl.of("tree"):
        if r["t"] < t:
            seen.update(p.get("pid") for p in r.get("procs") or () if isinstance(p, dict))
    return seen


# -- rows and summary --------------------------------------------------------------------------
def _window_row(w: F.Window, fired: List[str]) -> Dict[str, Any]:
    return {
        "t0": round(w.t0, 2),
        "t1": round(w.t1, 2),
        "gpu_busy": None if w.gpu_busy is None else round(w.gpu_busy, 3),
        "main_cpu": None if w.main is None or w.main.cpu is None else round(w.main.cpu, 2),
        "workers": len(w.workers),
        "worker_cpu": round(sum(p.cpu or 0 for p in w.workers), 2) if w.workers else 0.0,
        "step_s_median": round(statistics.median(w.step_times), 4) if w.step_times else None,
        "fired": fired,
    }


def _summary(
    tl: Timeline,
    result: Result,
    findings: List[Tuple[Finding, float]],
    warmup: float,
    judged: float,
    windows: List[Any],
    spans: List[Tuple[float, float, str]],
) -> Dict[str, Any]:
    advances = [(v, k) for t, v, k in F.step_advances(tl) if t >= warmup and not _in(spans, t)]
    series = [v for v, _ in advances]
    whole = F.window(tl, warmup, tl.duration)
    rates = tl.of("rate")
    # count: training steps judged (a line every k steps counts k); reports: the progress lines
    steps: Dict[str, Any] = {"count": sum(k for _, k in advances), "reports": len(advances)}
    if series:
        steps.update(
            median_s=round(statistics.median(series), 4),
            p90_s=round(F.percentile(series, 0.9) or 0.0, 4),
            per_second=round(1.0 / statistics.median(series), 3),
        )
    elif rates:
        steps.update(
            stated_s_per_step=round(float(rates[-1]["sec_per_step"]), 4),
            source=rates[-1].get("kind"),
        )
    own = tl.of("self")
    overhead: Dict[str, Any] = {}
    if len(own) >= 2 and own[-1]["t"] > own[0]["t"]:
        # {"unknown": why} is how a sampler records a value it could not read
        cpu = (F._num(own[-1].get("cpu_s")) or 0) - (F._num(own[0].get("cpu_s")) or 0)
        overhead = {
            "cpu_core_share": round(cpu / (own[-1]["t"] - own[0]["t"]), 4),
            "rss_mib_max": round(max(F._num(r.get("rss_b")) or 0 for r in own) / 2**20, 1),
        }
    primary = next((f for f, _ in findings if f.severity != "info"), None)
    if primary is not None:
        verdict = f"limiter: {primary.title} ({primary.code})"
    elif not windows:
        verdict = "not judged: " + _no_windows_reason(tl.duration, warmup, spans)
    elif whole.gpu_busy is not None and whole.gpu_busy >= R.GPU_BOUND:
        verdict = f"no limiter found: GPU-bound (GPU busy {whole.gpu_busy:.0%})"
    else:
        unread = sorted(
            s.code for s in result.outcome.skipped if not s.reason.startswith("not applicable:")
        )
        verdict = "no limiter found among the signals read" + (
            f" (not judged: {', '.join(unread)})" if unread else ""
        )
    stutter = [e for e in result.events if not e["phase"]]
    lost: Dict[int, float] = {}
    for r in tl.of("gpu"):
        util = r.get("util")
        if isinstance(util, dict) and "lost" in str(util.get("unknown")) and r["i"] not in lost:
            lost[r["i"]] = r["t"]
    return {
        "gpus_lost": [{"gpu": i, "t": round(t, 2)} for i, t in sorted(lost.items())],
        "verdict": verdict,
        "primary": primary.code if primary else None,
        "contributing": [f.code for f, _ in findings if f is not primary],
        "duration_s": round(tl.duration, 2),
        "warmup_s": round(warmup, 2),
        "judged_s": round(judged, 2),
        "phases": [{"t0": round(a, 2), "t1": round(b, 2), "phase": p} for a, b, p in spans],
        "gpu_busy": None if whole.gpu_busy is None else round(whole.gpu_busy, 3),
        "steps": steps,
        "stutter_events": len(stutter),
        "overhead": overhead,
        "exit_code": tl.exit_code(),
    }
