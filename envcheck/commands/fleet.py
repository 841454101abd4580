"""`envcheck fleet`: judge many nodes' snapshots or verify reports at once."""

from __future__ import annotations

import sys
from typing import List, Optional

import typer

from envcheck.output import write_output

FORMATS = ("text", "json", "html")


def fleet(
    inputs: Optional[List[str]] = typer.Argument(
        None, help="Snapshot or verify-JSON files, or directories of *.json / *.jsonl."
    ),
    fmt: str = typer.Option("text", "--format", "-f", help="text, json or html."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Write here, not stdout."),
    workers: Optional[int] = typer.Option(
        None, help="Worker processes, 1 or more (default: CPU count, at most 8)."
    ),
) -> None:
    """Judge many nodes at once: which nodes fail which checks, and version drift.

    Reads files, directories, or JSON lines on stdin (when stdin is not a terminal or the
    input is "-"). Each node keeps its own verify severity (a check can be an error on one node
    and a warning on another). Inputs that cannot be read (empty, binary, truncated JSON, over
    64 MiB) are listed apart as unreadable, not counted as nodes.

    Exit codes: 0 no judged node has an error and every input was read; 1 a judged node has an
    error; 2 bad usage, or (no node having an error) an input was unreadable.

    Example: srun -N64 --ntasks-per-node=1 envcheck inspect --json | envcheck fleet -
    """
    from envcheck.errors import InputError
    from envcheck.fleet import judge, read_inputs
    from envcheck.report.fleet import render_fleet

    fmt = fmt.lower()  # -f JSON works as -f json does
    if fmt not in FORMATS:
        raise InputError(f"--format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    if workers is not None and workers < 1:
        raise InputError(f"--workers must be 1 or more, not {workers}")
    paths = [p for p in (inputs or []) if p != "-"]
    use_stdin = "-" in (inputs or []) or (not paths and not sys.stdin.isatty())
    stdin_text = _read_stdin() if use_stdin else None
    if not paths and stdin_text is None:
        raise InputError("no inputs: give files or directories, or pipe JSON lines to stdin")
    docs = read_inputs(paths, stdin_text)
    from envcheck import progress

    # A bar on a terminal only: text output to a terminal (or to --output), never in a pipe or
    # a machine format (10,000 snapshots take several seconds).
    show = progress.wanted(fmt) and (output is not None or sys.stdout.isatty())
    with progress.counter(len(docs), f"envcheck: judging {len(docs)} inputs", show) as bar:
        summary = judge(docs, workers=workers, on_judged=lambda n: bar.advance("items", n))
    text = render_fleet(fmt, summary)
    if output:
        write_output(output, text)
    else:
        sys.stdout.write(text)
    raise typer.Exit(summary.exit_code())


def _read_stdin() -> str:
    """Stdin, at most MAX_STDIN_BYTES (a bounded read: `yes | envcheck fleet -` must end)."""
    from envcheck.errors import InputError
    from envcheck.fleet import MAX_STDIN_BYTES

    raw = sys.stdin.buffer.read(MAX_STDIN_BYTES + 1)
    if len(raw) > MAX_STDIN_BYTES:
        raise InputError(f"stdin: larger than {MAX_STDIN_BYTES >> 20} MiB; give files instead")
    return raw.decode("utf-8", errors="replace")


def register(app: typer.Typer) -> None:
    app.command("fleet")(fleet)
