"""``envcheck fix --apply``: run the plan's pip steps in the current Python environment.

Only actions of scope ``python-env`` that need no root are run; each command must be
``{python} -m pip install|uninstall ...`` with arguments that pass a strict character check
(defence in depth: the plan already validated them). Commands run as argument lists through
``subprocess``, never a shell. Everything else stays a printed step.

Never worse than before: the current set (``pip freeze``) is saved first to a restore file
named in the output; when a step fails, that set is reinstalled from it (``pip install -r``),
and the output says whether the restore worked. The plan installs a new framework set in one
pip transaction (no uninstall-then-install gap).
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path
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
    restore_dir: Optional[Path] = None,
) -> int:
    """Run the runnable actions. Returns 0 (all ran), 1 (a command failed and the previous set
    was restored, or the restore failed: the output says which), 2 (declined)."""
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
    restore = save_restore_file(python, restore_dir, out)
    for action in todo:
        for cmd in action.commands:
            argv = [python if a == PYTHON else a for a in cmd]
            print(f"$ {command_line(argv)}", file=out, flush=True)
            try:
                result = subprocess.run(argv, check=False)  # noqa: S603 - argument list
                code = result.returncode
                why = f"exit {code}"
            except OSError as exc:
                code, why = 1, f"could not start: {exc}"
            if code != 0:
                print(
                    f"envcheck fix: step {action.id} failed ({why}); later steps were not run",
                    file=out,
                )
                restore_from(python, restore, out)
                return 1
    print(
        f"Done. The previous set is in {restore}. Run `envcheck verify` to check the result.",
        file=out,
    )
    return 0


def save_restore_file(python: str, directory: Optional[Path], out: TextIO) -> Path:
    """``pip freeze --all`` of ``python``'s environment into a new file; refuses (exit 2) when
    it cannot be saved, before anything changed."""
    directory = Path(directory) if directory is not None else Path.cwd()
    stamp = time.strftime("%Y%m%dT%H%M%S")
    path = directory / f"envcheck-restore-{stamp}.txt"
    n = 1
    while path.exists():
        n += 1
        path = directory / f"envcheck-restore-{stamp}-{n}.txt"
    argv = [python, "-m", "pip", "freeze", "--all"]
    try:
        frozen = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ApplyRefused(f"refusing to apply: cannot save the current set ({exc})") from None
    if frozen.returncode != 0:
        raise ApplyRefused(
            "refusing to apply: `pip freeze` failed, so the current set cannot be saved: "
            + (frozen.stderr.strip().splitlines() or ["no output"])[-1]
        )
    lines = [ln for ln in frozen.stdout.splitlines() if ln and not ln.startswith("-e ")]
    # Builds from the PyTorch indexes carry their variant as local tag (+cu121, +cpu): name
    # those indexes so `pip install -r` finds them again.
    tags = sorted({m.group(1) for ln in lines for m in [_LOCAL_TAG.search(ln)] if m})
    header = [f"--extra-index-url https://download.pytorch.org/whl/{t}" for t in tags]
    try:
        with open(path, "x", encoding="utf-8") as fh:  # never overwrite a file
            fh.write(
                "\n".join(
                    ["# written by envcheck fix --apply: the set before it ran"] + header + lines
                )
                + "\n"
            )
    except OSError as exc:
        raise ApplyRefused(f"refusing to apply: cannot write {path}: {exc.strerror}") from None
    again = command_line([python, "-m", "pip", "install", "-r", str(path)])
    print(f"Saved the current set to {path} (restore: {again})", file=out, flush=True)
    return path


_LOCAL_TAG = re.compile(r"==[^+\s]+\+(cu\d+|cpu|rocm[\d.]+)$")


def _frozen(lines: List[str]) -> dict:
    """{normalised name: requirement line} from ``pip freeze`` lines."""
    out = {}
    for line in lines:
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==", line)
        if m:
            out[re.sub(r"[-_.]+", "-", m.group(1)).lower()] = line
    return out


def restore_from(python: str, restore: Path, out: TextIO) -> bool:
    """Put back the saved set after a failed step: reinstall (``--no-deps``) exactly the
    packages whose version changed or that went missing, and remove those the plan added.
    Says whether that worked."""
    text = restore.read_text(encoding="utf-8").splitlines()
    saved = _frozen(text)
    indexes = [w for ln in text if ln.startswith("--extra-index-url ") for w in ln.split()]
    try:
        now_run = subprocess.run(
            [python, "-m", "pip", "freeze", "--all"],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        now = _frozen(now_run.stdout.splitlines())
    except (OSError, subprocess.TimeoutExpired):
        now = {}
    changed = [line for name, line in saved.items() if now.get(name) != line]
    added = sorted(name for name in now if name not in saved)
    steps = []
    if changed:
        steps.append([python, "-m", "pip", "install", "--no-deps", *indexes, *changed])
    if added:
        steps.append([python, "-m", "pip", "uninstall", "-y", *added])
    ok = True
    for argv in steps:
        print(f"Restoring the previous set: $ {command_line(argv)}", file=out, flush=True)
        try:
            ok = subprocess.run(argv, check=False).returncode == 0 and ok  # noqa: S603
        except OSError:
            ok = False
    if ok:
        print("Restored the previous set.", file=out)
    else:
        print(
            f"envcheck fix: the restore failed too; the previous set is listed in {restore}",
            file=out,
        )
    return ok
