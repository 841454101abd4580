"""The envcheck command line: parse, call, print. Each command lives in envcheck/commands/."""

from __future__ import annotations

import errno
import importlib
import os
import sys
from typing import List, Optional

import typer

from envcheck import __version__
from envcheck.errors import EXIT_INTERNAL, EnvcheckError

COMMAND_MODULES = ("inspect", "verify", "catalogue", "matrix", "data", "fix", "fleet")

app = typer.Typer(
    name="envcheck",
    help=(
        "Can this GPU server train deep-learning models properly? "
        "If not, why, and how to fix it.\n\nExample: envcheck verify"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"envcheck {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Can this GPU server train deep-learning models properly?"""


for _name in COMMAND_MODULES:
    importlib.import_module(f"envcheck.commands.{_name}").register(app)


def main(argv: Optional[List[str]] = None) -> None:
    """Console-script entry point: clean one-line errors, documented exit codes."""
    try:
        app(args=argv, prog_name="envcheck", standalone_mode=True)
    except EnvcheckError as exc:
        print(f"envcheck: error: {exc}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        print("envcheck: interrupted", file=sys.stderr)
        sys.exit(130)
    except SystemExit:
        _flush_stdout()  # a full disk under `> report.txt` shows here, not at interpreter exit
        raise
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRNOS:
            _internal(exc)
        _output_failed(exc)
    except Exception as exc:  # never a bare traceback for the user; exit 3 is "envcheck failed"
        _internal(exc)


# Writing the output failed (stdout on a full disk, over quota, too large): not envcheck's fault.
_OUTPUT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # `envcheck verify | head`: the reader left; not an error
        _drop_stdout()
    except OSError as exc:
        if exc.errno not in _OUTPUT_ERRNOS:
            _internal(exc)
        _output_failed(exc)


def _drop_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _output_failed(exc: OSError) -> None:
    print(f"envcheck: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
    _drop_stdout()
    sys.exit(EnvcheckError.exit_code)


def _internal(exc: BaseException) -> None:
    if os.environ.get("ENVCHECK_DEBUG"):
        raise exc
    print(
        f"envcheck: internal error: {type(exc).__name__}: {exc} "
        "(set ENVCHECK_DEBUG=1 for a traceback)",
        file=sys.stderr,
    )
    sys.exit(EXIT_INTERNAL)
