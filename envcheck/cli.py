"""The envcheck command line: parse, call, print. Each command lives in envcheck/commands/."""

from __future__ import annotations

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
        raise
    except Exception as exc:  # never a bare traceback for the user; exit 3 is "envcheck failed"
        if os.environ.get("ENVCHECK_DEBUG"):
            raise
        print(
            f"envcheck: internal error: {type(exc).__name__}: {exc} "
            "(set ENVCHECK_DEBUG=1 for a traceback)",
            file=sys.stderr,
        )
        sys.exit(EXIT_INTERNAL)
