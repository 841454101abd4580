"""`envcheck verify`: collect (or read) a snapshot, run the checks, report, exit 0/1/2/3."""

from __future__ import annotations

import os
import sys
from typing import Any, List, Optional

import typer

from envcheck.errors import EnvcheckError, InputError
from envcheck.output import write_output

FORMATS = ("text", "json", "junit", "nhc", "prometheus")
KERNEL_MODES = ("quick", "full")
BACKENDS = ("auto", "torch", "cupy", "cuda-driver")

HELP = """Judge whether this node can train: what is wrong, and how to fix it.

Input (one of): the live host (default), --snapshot FILE (from `envcheck inspect --json`),
or --from-report FILE / --error-log FILE (pasted collect_env, nvidia-smi, pip list, logs).
Policy: ./envcheck.toml when present, or --policy FILE.

\b
Exit codes:
  0  no error (warnings allowed unless --strict)
  1  at least one error finding (or a warning, with --strict)
  2  bad usage or unreadable input (snapshot, report, policy)
  3  envcheck itself failed

\b
Examples:
  envcheck verify
  envcheck verify --format json --output node.json
  envcheck verify --snapshot node.json --only driver-too-old,EC201
  envcheck verify --format nhc --quiet   # Slurm HealthCheckProgram / prolog
  envcheck verify --kernels quick --gpus 0,2
"""


def _split(values: Optional[List[str]]) -> List[str]:
    out: List[str] = []
    for v in values or ():
        out.extend(p.strip() for p in v.split(",") if p.strip())
    return out


def _validate_selection(items: List[str], flag: str) -> None:
    if not items:
        return
    from envcheck.checks.registry import catalogue
    from envcheck.findings import CATEGORIES

    known = {s.code for s in catalogue()} | {c.upper() for c in CATEGORIES}
    for item in items:
        if item.upper() not in known:
            raise InputError(
                f"{flag}: unknown check code or category '{item}' (see `envcheck checks`)"
            )


def _parse_gpus(text: Optional[str]) -> Optional[List[int]]:
    if text is None:
        return None
    try:
        gpus = [int(p) for p in text.split(",") if p.strip()]
    except ValueError:
        raise InputError(f"--gpus: expected indices like 0,2, not {text!r}") from None
    if not gpus or any(g < 0 for g in gpus):
        raise InputError(f"--gpus: expected indices like 0,2, not {text!r}")
    return gpus


def load_matrix_or_none() -> Any:
    try:
        from envcheck.compat import load_matrix
    except ImportError:
        return None
    try:
        matrix = load_matrix()
    except EnvcheckError:
        return None
    if getattr(matrix, "origin", None) == "ENVCHECK_DATA_DIR":
        # Data given on purpose must be valid: a broken file is exit 2 naming the file and
        # entry, not a quiet "matrix unavailable" that lets every matrix check skip.
        matrix.validate_all()
    return matrix


def run_kernels(
    snapshot: Any,
    mode: str,
    gpus: Optional[List[int]],
    backend: str,
    budget: Optional[float],
    policy: Any,
    matrix: Any,
    progress: Optional[bool] = None,
) -> None:
    try:
        from envcheck.kernels import run
    except ImportError:
        raise InputError("GPU verification (--kernels) is not available in this build") from None
    budget_s = budget if budget is not None else policy.kernels.budget_s
    snapshot.kernels = run(
        snapshot,
        mode=mode,
        gpus=gpus,
        backend=backend,
        budget_s=budget_s,
        policy=policy,
        matrix=matrix,
        progress=progress,
    )


def verify(
    snapshot_file: Optional[str] = typer.Option(
        None,
        "--snapshot",
        metavar="FILE",
        help="Judge this snapshot file (from `envcheck inspect --json`) instead of the live host.",
    ),
    reports: Optional[List[str]] = typer.Option(
        None,
        "--from-report",
        metavar="FILE",
        help="A pasted report (collect_env, nvidia-smi, nvcc, pip list, ...); repeatable.",
    ),
    error_logs: Optional[List[str]] = typer.Option(
        None,
        "--error-log",
        metavar="FILE",
        help="An error log to scan for known messages; repeatable.",
    ),
    policy_file: Optional[str] = typer.Option(
        None,
        "--policy",
        metavar="FILE",
        help="Site policy TOML (default: ./envcheck.toml when present).",
    ),
    deep: bool = typer.Option(
        False,
        "--deep",
        help="Also ask the installed frameworks (a subprocess each; probes then get at least "
        "30 s).",
    ),
    data_dir: Optional[str] = typer.Option(
        None, "--data-dir", metavar="DIR", help="Judge the storage under this data directory."
    ),
    data_url: Optional[str] = typer.Option(
        None, "--data-url", metavar="URL", help="Judge the throughput of this data URL."
    ),
    fmt: str = typer.Option(
        "text", "--format", "-f", metavar="FORMAT", help="text, json, junit, nhc or prometheus."
    ),
    output: Optional[str] = typer.Option(
        None,
        "--output",
        "-o",
        metavar="FILE",
        help="Write the report to FILE (atomically) instead of stdout.",
    ),
    strict: bool = typer.Option(False, "--strict", help="Warnings fail too (exit 1)."),
    only: Optional[List[str]] = typer.Option(
        None,
        "--only",
        metavar="CODES",
        help="Run only these codes/categories (comma-separated, repeatable).",
    ),
    skip: Optional[List[str]] = typer.Option(
        None,
        "--skip",
        metavar="CODES",
        help="Skip these codes/categories (comma-separated, repeatable).",
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="Text: print only failing findings; nothing when healthy."
    ),
    kernels: Optional[str] = typer.Option(
        None,
        "--kernels",
        metavar="[quick|full]",
        help="Also run GPU verification kernels: quick (the default when no value) or full.",
    ),
    gpus: Optional[str] = typer.Option(
        None, "--gpus", metavar="LIST", help="With --kernels: GPU indices to test, e.g. 0,2."
    ),
    backend: str = typer.Option(
        "auto",
        "--backend",
        metavar="NAME",
        help="With --kernels: auto, torch, cupy or cuda-driver.",
    ),
    budget: Optional[float] = typer.Option(
        None,
        "--budget",
        metavar="SECONDS",
        help="With --kernels: total time budget in seconds (default: policy, 60).",
    ),
    timeout: float = typer.Option(
        5.0, "--timeout", metavar="SECONDS", help="Per-probe timeout in seconds."
    ),
) -> None:
    from envcheck.checks.registry import run_checks
    from envcheck.inputs import gather, validate_data_url
    from envcheck.policy import load_policy
    from envcheck.report import exit_code, render

    fmt = fmt.lower()  # -f JSON works as -f json does
    if fmt not in FORMATS:
        raise InputError(f"--format: choose from {', '.join(FORMATS)}, not {fmt!r}")
    if kernels is not None and kernels not in KERNEL_MODES:
        raise InputError(f"--kernels: choose quick or full, not {kernels!r}")
    if backend not in BACKENDS:
        raise InputError(f"--backend: choose from {', '.join(BACKENDS)}, not {backend!r}")
    if budget is not None and budget <= 0:
        raise InputError("--budget must be positive")
    if timeout <= 0:
        raise InputError("--timeout must be positive")
    if kernels is not None and (snapshot_file or reports or error_logs):
        # The kernels run on this host's GPUs: their results must not be pinned on a snapshot
        # or report that describes another machine.
        raise InputError(
            "--kernels tests this host's GPUs; it cannot be combined with "
            "--snapshot, --from-report or --error-log"
        )
    validate_data_url(data_url)
    gpu_list = _parse_gpus(gpus)
    only_list, skip_list = _split(only), _split(skip)
    _validate_selection(only_list, "--only")
    _validate_selection(skip_list, "--skip")

    policy = load_policy(policy_file)
    _validate_selection(list(policy.skip), f"{os.path.basename(policy.source or '')}: checks.skip")
    live = not (snapshot_file or reports or error_logs)
    slow = live and (deep or bool(data_url))  # the framework subprocesses, the URL sample
    show = slow and _progress_wanted(fmt, quiet)
    from envcheck import progress

    with progress.status("envcheck: probing this host", show) as shown:
        snapshot = gather(
            snapshot_file=snapshot_file,
            reports=reports or (),
            error_logs=error_logs or (),
            deep=deep,
            data_dir=data_dir,
            data_url=data_url,
            timeout=timeout,
            on_progress=_probe_status(shown, deep) if show else None,
        )
    matrix = load_matrix_or_none()
    if os.environ.get("ENVCHECK_DEBUG"):  # envcheck -v / --verbose
        _say_what_was_read(snapshot, snapshot_file, policy, matrix)
    if kernels is not None:
        # Bars on a terminal only (stderr); nothing in logs, pipes, quiet runs, machine formats.
        bars = "rich" if _progress_wanted(fmt, quiet) else False
        run_kernels(snapshot, kernels, gpu_list, backend, budget, policy, matrix, bars)
    outcome = run_checks(
        snapshot, matrix, policy, only=only_list or None, skip=skip_list + list(policy.skip)
    )
    color = None if output is None else False
    text = render(
        fmt,
        snapshot,
        outcome,
        matrix,
        strict=strict,
        quiet=quiet,
        color=color,
        snapshot_file=snapshot_file,
    )
    if output:
        write_output(output, text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
    raise typer.Exit(exit_code(outcome, strict))


def _progress_wanted(fmt: str, quiet: bool) -> bool:
    from envcheck.progress import wanted

    return wanted(fmt, quiet)


def _probe_status(shown: Any, deep: bool) -> Any:
    head = "envcheck: probing this host" + (" (--deep asks the frameworks)" if deep else "")

    def update(running: List[str]) -> None:
        shown.update(f"{head}: waiting for {', '.join(running)}" if running else f"{head}: done")

    return update


def _say_what_was_read(
    snapshot: Any, snapshot_file: Optional[str], policy: Any, matrix: Any
) -> None:
    """--verbose: the input, policy and data judged, and what each probe cost, on stderr."""
    origin = snapshot.origin if isinstance(snapshot.origin, str) else "unknown"
    say = [
        "envcheck: verbose: input: " + (f"snapshot {snapshot_file}" if snapshot_file else origin)
    ]
    say.append(f"envcheck: verbose: policy: {getattr(policy, 'source', None) or 'defaults'}")
    if matrix is not None:
        say.append(
            f"envcheck: verbose: matrix: {getattr(matrix, 'origin', '?')} data from "
            f"{getattr(matrix, 'data_date', '?')}"
        )
    timings = snapshot.probe_timings_ms if isinstance(snapshot.probe_timings_ms, dict) else {}
    if timings and not snapshot_file:  # a snapshot's timings are another run's
        slowest = sorted(timings.items(), key=lambda kv: -kv[1])
        say.append(
            "envcheck: verbose: probe times: "
            + ", ".join(f"{name} {ms:.0f} ms" for name, ms in slowest)
        )
    for line in say:
        print("".join(c if c.isprintable() else "?" for c in line), file=sys.stderr)


def _optional_kernels_value(args: List[str]) -> List[str]:
    """``--kernels`` takes an optional value: a bare ``--kernels`` means ``--kernels quick``."""
    out: List[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        if arg == "--kernels" and (i + 1 >= len(args) or args[i + 1].startswith("-")):
            out.append("quick")
    return out


def register(app: typer.Typer) -> None:
    """Add `verify` to the app."""
    from typer.core import TyperCommand

    class VerifyCommand(TyperCommand):
        def parse_args(self, ctx: Any, args: List[str]) -> List[str]:
            return super().parse_args(ctx, _optional_kernels_value(list(args)))

    app.command("verify", help=HELP, cls=VerifyCommand)(verify)
