"""`envcheck fix`: an ordered fix plan for the findings, and `--docker` build contexts."""

from __future__ import annotations

import re
import sys
from typing import Any, List, Optional

import typer

from envcheck.errors import EnvcheckError, InputError
from envcheck.output import write_output

HELP = (
    "Print an ordered plan that fixes what `envcheck verify` finds: each step with its exact "
    "commands, the findings it resolves, whether it needs root, a reboot or a driver reload, "
    "and its risk. Takes the same inputs as verify (this host, --snapshot, --from-report, "
    "--error-log) and runs the same checks. Where a fact the choice of a framework build needs "
    "is unknown, the plan says how to read it or which flag gives it (--driver, --cc, "
    "--python). "
    "--apply runs only the steps that need no root and touch only this Python environment "
    "(pip), after asking (--yes to skip the question); it saves the current set (pip freeze) "
    "to a restore file first and reinstalls it when a step fails. --docker writes a Docker "
    "build context for a training image chosen on the same judgment, and --build builds it.\n\n"
    "Exit codes: 0 plan printed / applied / context written; 1 an applied step or the image "
    "build failed; 2 bad usage, unreadable input, --apply refused, or no Docker engine.\n\n"
    "\b\nExamples:\n"
    "  envcheck fix\n"
    "  envcheck fix --format sh > fix.sh && shellcheck fix.sh\n"
    "  envcheck fix --from-report collect_env.txt --format json\n"
    "  envcheck fix --target torch==2.4.1\n"
    "  envcheck fix --apply --yes\n"
    "  envcheck fix --docker --gpus 0,1 --requirements requirements.txt \\\n"
    "      --build --tag train:1"
)


def register(app: typer.Typer) -> None:
    """Add `fix` to the app."""

    @app.command("fix", help=HELP)
    def fix_cmd(
        snapshot_file: Optional[str] = typer.Option(
            None, "--snapshot", help="Judge a snapshot JSON file instead of this host."
        ),
        reports: Optional[List[str]] = typer.Option(
            None, "--from-report", help="Judge pasted text (collect_env, nvidia-smi, pip list)."
        ),
        error_logs: Optional[List[str]] = typer.Option(
            None, "--error-log", help="Error log whose well-known messages count as evidence."
        ),
        policy_file: Optional[str] = typer.Option(None, "--policy", help="Site policy TOML."),
        fmt: str = typer.Option("text", "--format", "-f", help="text, sh or json."),
        output: Optional[str] = typer.Option(
            None,
            "--output",
            "-o",
            help="Write the plan to FILE; with --docker the build context directory "
            "(default ./envcheck-image/).",
        ),
        apply: bool = typer.Option(
            False, "--apply", help="Run the pip steps in this Python environment (asks first)."
        ),
        yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask before --apply."),
        restore_dir: Optional[str] = typer.Option(
            None,
            "--restore-dir",
            help="With --apply: where the restore file (pip freeze of the current set) is "
            "written (default: the current directory).",
        ),
        target: Optional[str] = typer.Option(
            None, "--target", help="Plan for a wanted stack, e.g. torch==2.4.1."
        ),
        framework: Optional[str] = typer.Option(
            None, "--framework", help="torch, tensorflow or jax (with --docker: or none)."
        ),
        docker: bool = typer.Option(
            False, "--docker", help="Write a Docker build context for this host."
        ),
        base_image: Optional[str] = typer.Option(
            None, "--base-image", help="Base image for --docker (default: chosen for this host)."
        ),
        cuda_base: bool = typer.Option(
            False, "--cuda-base", help="Use an nvidia/cuda runtime+cuDNN base this driver runs."
        ),
        requirements: Optional[str] = typer.Option(
            None, "--requirements", help="Extra exact pins (name==version) for the image."
        ),
        wheelhouse: Optional[str] = typer.Option(
            None, "--wheelhouse", help="Install only from the wheels in DIR (air-gapped build)."
        ),
        gpus: Optional[str] = typer.Option(
            None, "--gpus", help="GPU indices for run.sh / compose.yaml, e.g. 0,1 (default all)."
        ),
        ipc_host: bool = typer.Option(False, "--ipc-host", help="Use --ipc=host instead of shm."),
        shm_size: Optional[str] = typer.Option(None, "--shm-size", help="e.g. 16g."),
        memory: Optional[str] = typer.Option(None, "--memory", help="Container memory, e.g. 64g."),
        data: Optional[List[str]] = typer.Option(
            None, "--data", help="Host directory to mount read-only under /data (repeatable)."
        ),
        driver: Optional[str] = typer.Option(
            None, "--driver", help="The host's NVIDIA driver version, when the input lacks it."
        ),
        cc: Optional[List[str]] = typer.Option(
            None, "--cc", help="The GPU's compute capability, e.g. 8.6 (repeatable)."
        ),
        python_version: Optional[str] = typer.Option(
            None, "--python", help="The Python version to plan for, e.g. 3.11."
        ),
        base_digest: Optional[str] = typer.Option(
            None,
            "--base-digest",
            help="sha256:... of the base image's manifest, when neither the engine nor the "
            "registry can tell it (--docker).",
        ),
        force: bool = typer.Option(
            False,
            "--force",
            help="With --docker: replace files in the output folder that envcheck did not "
            "write (never deletes them).",
        ),
        offline: bool = typer.Option(
            False,
            "--offline",
            help="With --docker: ask no registry or package index (pins are hash-locked only "
            "from --wheelhouse).",
        ),
        build: bool = typer.Option(False, "--build", help="Build the image (Docker SDK)."),
        tag: str = typer.Option("envcheck-train:latest", "--tag", help="Image tag for --build."),
    ) -> None:
        fmt = fmt.lower()  # -f JSON works as -f json does
        if fmt not in ("text", "sh", "json"):
            raise InputError(f"--format must be text, sh or json, not {fmt!r}")
        if docker and apply:
            raise InputError("--apply and --docker do not go together")
        if framework is not None and framework not in ("torch", "tensorflow", "jax", "none"):
            raise InputError(
                f"--framework must be torch, tensorflow, jax or none, not {framework!r}"
            )
        from envcheck.inputs import gather  # noqa: PLC0415

        snapshot = gather(
            snapshot_file=snapshot_file, reports=reports or [], error_logs=error_logs or []
        )
        from envcheck.compat import load_matrix  # noqa: PLC0415

        matrix = load_matrix()
        if getattr(matrix, "origin", None) == "ENVCHECK_DATA_DIR":
            matrix.validate_all()  # data given on purpose must be valid (exit 2 naming the entry)
        for value in cc or []:
            if not re.fullmatch(r"\d{1,2}\.\d", value.strip()):
                raise InputError(f"--cc must be a compute capability like 8.6, not {value!r}")
        from envcheck.fix.evidence import judge  # noqa: PLC0415

        # One judgment: the same checks as verify, and the facts they read.
        evidence = judge(
            snapshot,
            matrix,
            policy_file,
            driver=driver,
            ccs=[c.strip() for c in cc or []],
            python=python_version,
        )
        if docker:
            code = _docker(snapshot, matrix, locals(), evidence)
            raise typer.Exit(code)
        from envcheck.fix.plan import build_plan  # noqa: PLC0415
        from envcheck.fix.script import render_json, render_sh, render_text  # noqa: PLC0415
        from envcheck.sanitize import terminal  # noqa: PLC0415

        plan = build_plan(
            snapshot,
            evidence.outcome,
            matrix,
            target=target,
            framework=None if framework == "none" else framework,
            evidence=evidence,
        )
        _note_missing(plan, snapshot)
        if apply:
            from envcheck.fix.apply import apply_plan  # noqa: PLC0415

            if snapshot_file or reports or error_logs:
                raise InputError(
                    "--apply changes this Python environment, so it judges it live: "
                    "drop --snapshot / --from-report / --error-log "
                    "(use them to print a plan instead)"
                )

            from pathlib import Path  # noqa: PLC0415

            if restore_dir is not None and not Path(restore_dir).is_dir():
                raise InputError(f"--restore-dir {restore_dir}: not a directory")
            code = apply_plan(
                plan,
                yes=yes,
                interactive=sys.stdin.isatty(),
                restore_dir=Path(restore_dir) if restore_dir else None,
            )
            raise typer.Exit(code)
        live = snapshot_file is None and not reports
        python = sys.executable if live else None
        if fmt == "json":
            text = render_json(plan)
        elif fmt == "sh":
            text = terminal(render_sh(plan, python=python))
        else:
            text = terminal(render_text(plan, python=python or "python3"))
        if output:
            write_output(output, text)
        else:
            typer.echo(text, nl=False)


def _note_missing(plan: Any, snapshot: Any) -> None:
    """For pasted input, the facts no input stated: a plan (or "nothing to fix") covers only
    what was read, and says so with the commands that would state the rest."""
    evidence = getattr(snapshot, "evidence", None)
    if not isinstance(evidence, dict) or not evidence.get("missing"):
        return  # a live host: nothing was pasted
    from envcheck.report.evidence import missing_text  # noqa: PLC0415

    said = missing_text(evidence)
    if said:
        plan.notes.append(f"not in the input, so not planned for: {said}")


def _parse_gpus(text: Optional[str]) -> Optional[List[int]]:
    if text is None or text.strip().lower() == "all":
        return None
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or len(part) > 3:
            raise InputError(f"--gpus must be indices like 0,1 (or all), not {text!r}")
        out.append(int(part))
    return out


# Findings a container cannot fix: the driver, the kernel modules and the GPUs are the host's.
HOST_ONLY_CATEGORIES = frozenset(
    {
        "driver-too-old",
        "driver-library-mismatch",
        "driver-not-loaded",
        "gpu-health",
        "gpu-throttle",
        "pcie-degraded",
        "gpu-contention",
    }
)


# Driver-too-old findings about the installed build's CUDA runtime (EC101) or its error log
# (EC902), which another build fixes; EC106 (the driver cannot drive the GPU) is the host's.
_DRIVER_TOO_OLD_FOR_BUILD = frozenset({"EC101", "EC902"})


def _host_problems(
    snapshot: Any,
    matrix: Any,
    policy_file: Optional[str],
    evidence: Any = None,
    image_kind: Optional[str] = None,
) -> List[str]:
    """One line per finding that no image can fix, errors first (verify's own findings).

    ``image_kind``: the kind of the image's framework choice (``choose.Choice.kind``), once
    made. A driver too old for the *installed* build is the image's to fix when the image's
    build runs on this driver; it stays a host problem when no build does ("after-driver")
    or the choice is not made yet.
    """
    if evidence is not None:
        findings = evidence.findings
    else:
        from envcheck.checks.registry import run_checks  # noqa: PLC0415
        from envcheck.policy import load_policy  # noqa: PLC0415

        findings = run_checks(snapshot, matrix, load_policy(policy_file)).findings
    image_fixes_driver_age = image_kind in ("runs", "bounded", "cpu")
    found = [
        f
        for f in findings
        if f.category in HOST_ONLY_CATEGORIES
        and f.severity in ("error", "warning")
        and not (image_fixes_driver_age and f.code in _DRIVER_TOO_OLD_FOR_BUILD)
    ]
    found.sort(key=lambda f: f.severity != "error")
    from envcheck.fix.validate import safe_text  # noqa: PLC0415

    return [f"{f.severity} {f.code}: {safe_text(f.title, 200)}" for f in found]


def _docker(snapshot: Any, matrix: Any, args: dict, evidence: Any = None) -> int:
    import shlex  # noqa: PLC0415

    from envcheck.fix.docker import (  # noqa: PLC0415
        DEFAULT_OUTPUT,
        DockerOptions,
        EngineUnavailable,
        build_image,
        validate_tag,
        write_context,
    )

    validate_tag(args["tag"])
    opts = DockerOptions(
        output=args["output"] or DEFAULT_OUTPUT,
        base_image=args["base_image"],
        cuda_base=args["cuda_base"],
        requirements=args["requirements"],
        wheelhouse=args["wheelhouse"],
        gpus=_parse_gpus(args["gpus"]),
        ipc_host=args["ipc_host"],
        shm_size=args["shm_size"],
        memory=args["memory"],
        data=list(args["data"] or []),
        tag=args["tag"],
        framework=args["framework"] or "torch",
        target=args["target"],
        base_digest=args["base_digest"],
        force=args["force"],
        resolve_online=not args["offline"],
    )
    opts.evidence = evidence  # the build is chosen on verify's judgment (envcheck.fix.choose)
    echo = typer.echo

    def say_host_problems(image_kind: Optional[str]) -> None:
        problems = _host_problems(snapshot, matrix, args["policy_file"], evidence, image_kind)
        if problems:
            echo("FIRST, on the host: no image fixes these (the driver and GPUs are the host's):")
            for line in problems:
                echo(f"  {line}")
            echo("  (envcheck fix prints the plan for them)")

    try:
        ctx = write_context(snapshot, matrix, opts)
    except EnvcheckError:
        say_host_problems(None)  # still first, before the error that ends the run
        raise
    say_host_problems(opts.chosen_kind)
    path = shlex.quote(str(ctx.path))
    tag = shlex.quote(opts.tag)
    echo(f"Wrote the build context {path}/ ({', '.join(ctx.files)})")
    echo(f"  base image: {ctx.base.pinned} ({ctx.base.reason})")
    echo(f"  python: {ctx.base.python or 'unknown'} (the base image's: the pins are for it)")
    for pin in ctx.pins:
        echo(f"  pin: {pin}")
    for note in ctx.notes:
        echo(f"  note: {note}")
    if ctx.removed:
        echo(
            "  removed from an earlier run (unchanged, written by envcheck): "
            + ", ".join(ctx.removed)
        )
    echo("  docker run " + " ".join(shlex.quote(a) for a in ctx.run_args) + " IMAGE")
    build_line = f"docker build -t {tag} {path}"
    if not args["build"]:
        echo(f"Build it with: {build_line}")
        return 0
    try:
        image_id = build_image(
            ctx.path, opts.tag, lambda line: echo(f"  | {line}"), base_image=ctx.base.pinned
        )
    except EngineUnavailable as exc:
        echo(f"envcheck: {exc}", err=True)
        echo(f"The context {path}/ is ready: build it later with {build_line}", err=True)
        return 2
    echo(f"Built {opts.tag} ({image_id or 'id unknown'})")
    return 0
