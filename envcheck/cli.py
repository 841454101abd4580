"""The envcheck command line: parse, call, print. Each command lives in envcheck/commands/."""

from __future__ import annotations

import errno
import functools
import importlib
import os
import sys
from typing import Any, List, Optional

import typer

from envcheck import __version__
from envcheck.errors import EXIT_INTERNAL, EnvcheckError

COMMAND_MODULES = ("inspect", "verify", "catalogue", "matrix", "data", "fix", "fleet", "watch")

app = typer.Typer(
    name="envcheck",
    help=(
        "Can this GPU server train deep-learning models properly? "
        "If not, why, and how to fix it.\n\nExample: envcheck verify"
    ),
    no_args_is_help=True,
    # --install-completion / --show-completion (bash, zsh, fish, PowerShell); the shell
    # completion code loads only when a completion variable is set, not on every run.
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"envcheck {__version__}")
        print(f"compatibility data: {_data_line()}")
        raise typer.Exit()


def _verbose(value: bool) -> None:
    if value:
        # The same switch as the environment variable, so that subprocesses (the kernel
        # workers) and the internal-error handler see it too.
        os.environ["ENVCHECK_DEBUG"] = "1"


def _data_line() -> str:
    """The data date and where the data comes from (`envcheck data info` has the details)."""
    from envcheck.compat import load_matrix
    from envcheck.errors import InputError

    try:
        m = load_matrix()
        return f"{m.data_date or 'unknown date'} ({m.origin}, {m.data_dir})"
    except (InputError, OSError) as exc:
        return f"unreadable ({exc})"


@app.callback()
def _root(
    version: Optional[bool] = typer.Option(
        None, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
    verbose: bool = typer.Option(
        False,
        "--verbose",
        "-v",
        callback=_verbose,
        is_eager=True,
        help="Say more on stderr: what was read and how long each probe took; a traceback "
        "when envcheck itself fails (the same as ENVCHECK_DEBUG=1). Before the command: "
        "envcheck -v verify.",
    ),
) -> None:
    """Can this GPU server train deep-learning models properly?"""


for _name in COMMAND_MODULES:
    importlib.import_module(f"envcheck.commands.{_name}").register(app)


def main(argv: Optional[List[str]] = None) -> None:
    """Console-script entry point: clean one-line errors, documented exit codes.

    The CLI framework runs in non-standalone mode so that its usage errors (unknown option,
    missing value, bad value) come back here and are printed in envcheck's one error style,
    ``envcheck: error: WHAT (hint: ...)``, with exit 2: one line that a pre-job hook's log keeps.
    """
    click = _click()
    try:
        code = _command()(args=argv, prog_name="envcheck", standalone_mode=False)
    except EnvcheckError as exc:
        from envcheck.sanitize import one_line  # a message may quote input: never raw escapes

        print(f"envcheck: error: {one_line(str(exc))}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except click.exceptions.UsageError as exc:
        _usage_error(exc, argv)
    except click.exceptions.ClickException as exc:
        print(f"envcheck: error: {_one_line(exc.format_message())}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, typer.Abort):
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
    _flush_stdout()
    sys.exit(code if isinstance(code, int) else 0)


@functools.lru_cache(maxsize=1)
def _command() -> Any:
    """The click command tree with envcheck's help conventions (envcheck/cli_help.py).

    Built once a process: typer rebuilds every command's parameters from its signature on each
    call (about 13 ms), which a process that runs main() many times (the corpus test's batches,
    8,786 pastes) paid per paste. The tree holds no per-run state; click makes a new context
    for each invocation."""
    import typer.main  # noqa: PLC0415 - what app() itself calls

    from envcheck import cli_help  # noqa: PLC0415

    return cli_help.apply(typer.main.get_command(app))


def _click() -> Any:
    """The click that typer runs on: vendored as typer._click since typer 0.2x, else click."""
    vendored = getattr(typer, "_click", None)
    if vendored is not None:
        return vendored
    import click  # noqa: PLC0415 - older typer

    return click


def _one_line(text: str) -> str:
    """Printable, one line: user input echoed in a message never reaches the terminal raw."""
    text = " ".join(part.strip() for part in str(text).splitlines() if part.strip())
    return "".join(c if c.isprintable() else f"\\x{ord(c):02x}" for c in text)


def _usage_error(exc: Any, argv: Optional[List[str]]) -> None:
    """A usage error in the one-line style; no arguments at all still shows the help."""
    if type(exc).__name__ == "NoArgsIsHelpError":
        exc.show()  # `envcheck` alone: the help text, as before (exit 2, bad usage)
        sys.exit(exc.exit_code)
    message = _one_line(exc.format_message()).rstrip(".")
    if message[:1].isupper() and message[1:2].islower():
        message = message[0].lower() + message[1:]
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path if ctx is not None and ctx.command_path else _command_path(argv)
    print(f"envcheck: error: {message} (hint: {where} --help)", file=sys.stderr)
    sys.exit(EnvcheckError.exit_code)


def _command_path(argv: Optional[List[str]]) -> str:
    """``envcheck matrix torch`` from the leading command words of argv (for errors the parser
    raises before a command context exists, e.g. an option missing its value)."""
    command: Any = _command()
    words = ["envcheck"]
    for arg in sys.argv[1:] if argv is None else argv:
        sub = getattr(command, "commands", {}).get(arg)
        if sub is None:
            break
        words.append(arg)
        command = sub
    return " ".join(words)


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
