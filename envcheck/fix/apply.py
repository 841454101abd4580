"""``envcheck fix --apply``: run the plan's pip steps in the current Python environment.

Only actions of scope ``python-env`` that need no root are run; each command must be
``{python} -m pip install|uninstall ...`` with arguments that pass a strict character check
(defence in depth: the plan already validated them). Commands run as argument lists through
``subprocess``, never a shell. Everything else stays a printed step.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Callable, List, Optional, TextIO

from envcheck.errors import EnvcheckError
from envcheck.fix.plan import PYTHON, Action, Plan
from envcheck.fix.script import command_line

# A pip argument we are willing to run: a pin, a name, an https index URL or a known option.
_ARG_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._\[\],+!=<>~-]*$")
_URL_RE = re.compile(r"^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$")
_OPTIONS = {"-y", "--index-url", "--extra-index-url", "--no-deps", "--upgrade"}


class ApplyRefused(EnvcheckError):
    """--apply will not run (no terminal and no --yes, or an unsafe command)."""


def command_is_safe(cmd: List[str]) -> bool:
    if len(cmd) < 5 or cmd[0] != PYTHON or cmd[1:3] != ["-m", "pip"]:
        return False
    if cmd[3] not in ("install", "uninstall"):
        return False
    previous = ""
    for arg in cmd[4:]:
        if not isinstance(arg, str):
            return False
        if previous in ("--index-url", "--extra-index-url"):
            ok = bool(_URL_RE.match(arg))
        elif arg.startswith("-"):
            ok = arg in _OPTIONS
        else:
            ok = bool(_ARG_RE.match(arg))
        if not ok:
            return False
        previous = arg
    return True


def runnable(plan: Plan) -> List[Action]:
    """The actions --apply may run."""
    return [
        a
        for a in plan.actions
        if a.scope == "python-env" and not a.needs_root and a.commands and not a.files and not a.env
    ]


def apply_plan(
    plan: Plan,
    *,
    yes: bool,
    interactive: bool,
    ask: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
    python: Optional[str] = None,
) -> int:
    """Run the runnable actions. Returns 0 (all ran), 1 (a command failed), 2 (declined)."""
    python = python or sys.executable
    todo = runnable(plan)
    for action in todo:
        for cmd in action.commands:
            if not command_is_safe(cmd):
                raise ApplyRefused(
                    f"refusing to run step {action.id}: "
                    f"{command_line(cmd)!r} is not a plain pip command with validated arguments"
                )
    skipped = [a for a in plan.actions if a not in todo]
    if not todo:
        print("envcheck fix --apply: no step can be applied automatically.", file=out)
        if skipped:
            print(f"{len(skipped)} step(s) stay manual; see `envcheck fix`.", file=out)
        return 0
    print("envcheck fix --apply will run, in this Python environment:", file=out)
    for action in todo:
        print(f"  [{action.id}] {action.description}", file=out)
        for cmd in action.commands:
            print(f"    $ {command_line(cmd, python)}", file=out)
    if skipped:
        print(f"({len(skipped)} other step(s) are not applied; see `envcheck fix`.)", file=out)
    if not yes:
        if not interactive:
            raise ApplyRefused(
                "refusing to apply without --yes: stdin is not a terminal to ask for confirmation"
            )
        answer = ask("Proceed? [y/N] ").strip().lower()
        if answer not in ("y", "yes"):
            print("Nothing changed.", file=out)
            return 2
    for action in todo:
        for cmd in action.commands:
            argv = [python if a == PYTHON else a for a in cmd]
            print(f"$ {command_line(argv)}", file=out, flush=True)
            try:
                result = subprocess.run(argv, check=False)  # noqa: S603 - argument list
            except OSError as exc:
                print(f"envcheck fix: step {action.id} could not start: {exc}", file=out)
                return 1
            if result.returncode != 0:
                print(
                    f"envcheck fix: step {action.id} failed (exit {result.returncode}); "
                    "later steps were not run",
                    file=out,
                )
                return 1
    print("Done. Run `envcheck verify` to check the result.", file=out)
    return 0
