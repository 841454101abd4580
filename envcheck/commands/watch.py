"""`envcheck watch`: name what makes a running training job slow or stutter (docs/watch.md)."""

from __future__ import annotations

import os
import sys
from typing import Any, List, Optional, Tuple

import typer

from envcheck.errors import InputError

FORMATS = ("text", "json", "prometheus")
DEFAULT_WINDOW_S = 30.0

HELP = """Watch a training job and name what makes it slow or stutter, with evidence and the fix.

\b
Modes (one of):
  envcheck watch [options] -- python train.py ...   launch the job, watch its process tree
  envcheck watch --pid N [--duration 120]           attach to a running job
  envcheck watch --replay TRACE                      re-judge a recorded trace
  envcheck watch --synthetic --data-dir DIR          GPU / loader / cold-read ceilings

\b
A live run records a trace (./envcheck-watch-<time>.jsonl unless --record PATH or --no-record)
and exits with the job's exit code (--exit-code verdict: 0 no warning or error, 1 one).
Codes: EW1xx (`envcheck explain EW101`).
"""


def watch(
    ctx: typer.Context,
    command: Optional[List[str]] = typer.Argument(None, metavar="[-- COMMAND ...]"),
    pid: Optional[int] = typer.Option(None, "--pid", metavar="N", help="Attach to process N."),
    duration: Optional[float] = typer.Option(
        None, "--duration", metavar="SECONDS", help="Stop watching after this long."
    ),
    replay: Optional[str] = typer.Option(
        None, "--replay", metavar="TRACE", help="Re-judge a recorded trace (JSON lines)."
    ),
    data_dir: Optional[str] = typer.Option(
        None, "--data-dir", metavar="DIR", help="The data directory (its disk's stats are sampled)."
    ),
    synthetic: bool = typer.Option(
        False, "--synthetic", help="Measure GPU, loader and cold-read ceilings; name the limiter."
    ),
    budget: float = typer.Option(
        90.0, "--budget", metavar="SECONDS", help="--synthetic: total time budget (default 90)."
    ),
    batch: int = typer.Option(64, "--batch", metavar="N", help="--synthetic: batch size."),
    record: Optional[str] = typer.Option(
        None, "--record", metavar="PATH", help="Where to write the trace of a live run."
    ),
    no_record: bool = typer.Option(False, "--no-record", help="Do not write a trace."),
    fmt: str = typer.Option(
        "text", "--format", "-f", metavar="FORMAT", help="text, json or prometheus."
    ),
    output: Optional[str] = typer.Option(
        None, "--output", "-o", metavar="FILE", help="Write the final report to FILE."
    ),
    prom_file: Optional[str] = typer.Option(
        None,
        "--prometheus-textfile",
        metavar="PATH",
        help="Keep a node_exporter textfile up to date (rewritten atomically every 30 s).",
    ),
    interval: float = typer.Option(
        0.5, "--interval", metavar="SECONDS", help="Sampling period (default 0.5 s)."
    ),
    window: Optional[float] = typer.Option(
        None,
        "--window",
        metavar="SECONDS",
        help="Judging window (default 30 s; --replay: the recorded run's).",
    ),
    warmup: Optional[float] = typer.Option(
        None,
        "--warmup",
        metavar="SECONDS",
        help="Ignore the start (default: the shorter of 60 s and a fifth of the run;"
        " --replay: the recorded run's).",
    ),
    live: Optional[bool] = typer.Option(
        None, "--live/--no-live", help="Status line on stderr (default: when it is a terminal)."
    ),
    no_verify: bool = typer.Option(False, "--no-verify", help="Skip the static verify first."),
    exit_mode: str = typer.Option(
        "child",
        "--exit-code",
        metavar="child|verdict",
        help="Exit with the job's code (default) or the verdict's.",
    ),
) -> None:
    from envcheck.output import write_output

    argv = list(command or []) + list(ctx.args or [])
    modes = [bool(argv), pid is not None, replay is not None, synthetic]
    if sum(modes) != 1:
        raise InputError("choose one mode: -- COMMAND ..., --pid N, --replay TRACE or --synthetic")
    if fmt not in FORMATS:
        raise InputError(f"--format: choose from {', '.join(FORMATS)}, not {fmt!r}")
    if exit_mode not in ("child", "verdict"):
        raise InputError(f"--exit-code: choose child or verdict, not {exit_mode!r}")
    for name, value in (("--interval", interval), ("--window", window)):
        if value is not None and not value > 0:
            raise InputError(f"{name} must be positive")
    if duration is not None and not duration > 0:
        raise InputError("--duration must be positive")
    if warmup is not None and warmup < 0:
        raise InputError("--warmup must be 0 or more")
    if pid is not None and pid <= 0:
        raise InputError("--pid must be a positive process id")
    if data_dir is not None and not os.path.isdir(data_dir):
        raise InputError(f"--data-dir: {data_dir}: not a directory")

    if synthetic and data_dir is None:
        raise InputError("--synthetic needs --data-dir DIR (the data to measure)")
    if synthetic and not (budget > 0 and batch > 0):
        raise InputError("--budget and --batch must be positive")
    from envcheck.watch.analyze import analyze
    from envcheck.watch.timeline import Timeline

    trace_path: Optional[str] = None
    child_code: Optional[int] = None
    if replay is not None:
        tl = Timeline.load(replay)
        trace_path = replay
        judging = tl.header.get("judging")
        if isinstance(judging, dict):  # re-judge as the live run did unless told otherwise
            recorded_w, recorded_u = judging.get("window_s"), judging.get("warmup_s")
            if window is None and isinstance(recorded_w, (int, float)) and recorded_w > 0:
                window = float(recorded_w)
            if warmup is None and isinstance(recorded_u, (int, float)) and recorded_u >= 0:
                warmup = float(recorded_u)
    elif synthetic:
        from envcheck.watch.synthetic import run_synthetic

        assert data_dir is not None
        tl = run_synthetic(data_dir, budget_s=budget, batch=batch)
    else:
        from envcheck.watch.runner import Runner, default_trace_path

        trace_path = None if no_record else (record or default_trace_path())
        runner = Runner(
            argv=argv or None,
            pid=pid,
            duration=duration,
            interval=interval,
            trace_path=trace_path,
            data_dir=data_dir,
            verify=not no_verify,
            live=sys.stderr.isatty() if live is None else live,
            prom_file=prom_file,
            window=DEFAULT_WINDOW_S if window is None else window,
            warmup=warmup,
            # a machine format on stdout must not be mixed with the job's own output
            stdout=sys.stderr.buffer if fmt != "text" and not output else None,
        )
        tl = runner.run()
        child_code = tl.exit_code()
    window = DEFAULT_WINDOW_S if window is None else window
    if replay is not None:
        result, text = _judge_replayed(replay, tl, fmt, window, warmup)
    else:
        result = analyze(tl, window_s=window, warmup_s=warmup)
        text = render(fmt, tl, result, trace_path)
    if prom_file:
        from envcheck.watch.report import prometheus

        write_output(prom_file, prometheus(tl, result))
    if output:
        write_output(output, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    if exit_mode == "child" and child_code is not None:
        raise typer.Exit(child_code if 0 <= child_code < 256 else 1)
    verdict_bad = any(f.severity in ("error", "warning") for f in result.outcome.findings)
    raise typer.Exit(1 if exit_mode == "verdict" and verdict_bad else 0)


# What a value of the wrong type or range in a replayed trace raises in the analyzers.
_BAD_VALUE = (TypeError, ValueError, AttributeError, KeyError, IndexError, ZeroDivisionError)


def _judge_replayed(
    path: str, tl: Any, fmt: str, window: float, warmup: Optional[float]
) -> Tuple[Any, str]:
    """Analyze and render a trace read from a file. The file is input: a row whose fields
    have the wrong type (a string or an object where a counter belongs) is exit 2 naming the
    trace, not an internal error. Live runs write their own trace and are not wrapped."""
    from envcheck.watch.analyze import analyze

    try:
        result = analyze(tl, window_s=window, warmup_s=warmup)
        return result, render(fmt, tl, result, path)
    except _BAD_VALUE as exc:
        if os.environ.get("ENVCHECK_DEBUG"):
            raise
        why = f"{type(exc).__name__}: {str(exc)[:120]}"
        raise InputError(
            f"{path}: a value in the trace has the wrong type or range ({why}); "
            "not a trace envcheck watch wrote"
        ) from None


def render(fmt: str, tl: Any, result: Any, trace_path: Optional[str]) -> str:
    from envcheck.watch import report

    if fmt == "json":
        from envcheck.commands.verify import load_matrix_or_none

        return report.json_text(tl, result, load_matrix_or_none(), trace_path)
    if tl.header.get("mode") == "synthetic" and fmt == "text":
        from envcheck.watch.synthetic import text as synthetic_text

        return synthetic_text(tl.header["synthetic"])
    if fmt == "prometheus":
        return report.prometheus(tl, result)
    return report.text(tl, result, trace_path)


def register(app: typer.Typer) -> None:
    """Add `watch` to the app."""
    app.command(
        "watch",
        help=HELP,
        context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    )(watch)
