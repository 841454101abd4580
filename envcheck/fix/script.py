"""Rendering a fix plan: readable text, a shell script, or JSON.

The shell script is ``set -euo pipefail`` bash; every word of every command is quoted with
``shlex.quote`` (the pip interpreter placeholder becomes ``"$PYTHON"``), comments are made of
printable characters only, so no value from a snapshot can run as code.
"""

from __future__ import annotations

import shlex
from typing import List, Optional

from envcheck.fix.plan import PYTHON, Action, Plan
from envcheck.fix.validate import safe_text


def _word(arg: str) -> str:
    return '"$PYTHON"' if arg == PYTHON else shlex.quote(arg)


def command_line(argv: List[str], python: Optional[str] = None) -> str:
    """One command as a shell-quoted line (for display and for the script)."""
    if python is not None:
        return " ".join(shlex.quote(python if a == PYTHON else a) for a in argv)
    return " ".join(_word(a) for a in argv)


def _flags(a: Action) -> str:
    flags = [a.scope, f"risk {a.risk}"]
    if a.needs_root:
        flags.append("root")
    if a.needs_reboot:
        flags.append("reboot")
    elif a.driver_reload:
        flags.append("driver reload")
    return ", ".join(flags)


def render_text(plan: Plan, python: str = "python3") -> str:
    lines: List[str] = []
    if not plan.actions:
        lines.append("Nothing to fix: no finding has a planned action.")
    else:
        title = f"Fix plan for {plan.target}" if plan.target else "Fix plan"
        lines.append(f"{title} ({len(plan.actions)} step{'s' if len(plan.actions) != 1 else ''})")
    for note in plan.notes:
        lines.append(f"note: {safe_text(note, 500)}")
    for i, a in enumerate(plan.actions, 1):
        lines.append("")
        lines.append(f"{i}. [{a.id}] {safe_text(a.description, 600)}")
        lines.append(f"   ({_flags(a)}; resolves {', '.join(a.resolves) or '-'})")
        for name, value in a.env.items():
            lines.append(f"   $ export {name}={shlex.quote(value)}")
        for path, content in a.files.items():
            lines.append(f"   write {path}:")
            for row in content.splitlines():
                lines.append(f"     | {safe_text(row, 300)}")
        for cmd in a.commands:
            prefix = "sudo " if a.needs_root else ""
            lines.append(f"   $ {prefix}{command_line(cmd, python)}")
        for note in a.notes:
            lines.append(f"   note: {safe_text(note, 400)}")
        if a.docs:
            lines.append(f"   docs: {a.docs}")
    return "\n".join(lines) + "\n"


def render_json(plan: Plan) -> str:
    from envcheck.safe_json import dumps

    return dumps(plan.to_dict(), indent=2) + "\n"


def _comment(text: str) -> str:
    return "# " + (safe_text(text, 2000) or "")


def render_sh(plan: Plan, python: Optional[str] = None) -> str:
    """A bash script that performs the automatic steps and lists the manual ones."""
    out: List[str] = [
        "#!/usr/bin/env bash",
        "# Fix plan written by envcheck fix --format sh. Review it before running it.",
        "# Steps marked MANUAL are printed, not run. Steps that need root check for it.",
        "set -euo pipefail",
        "",
        f"PYTHON=${{PYTHON:-{shlex.quote(python or 'python3')}}}",
        "",
        "driver_at_least() {",
        "  local have",
        "  have=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null "
        "| head -n 1) || true",
        '  [ -n "$have" ] &&',
        '    [ "$(printf \'%s\\n%s\\n\' "$1" "$have" | sort -V | head -n 1)" = "$1" ]',
        "}",
        "",
        "need_root() {",
        '  if [ "$(id -u)" -ne 0 ]; then',
        '    echo "envcheck fix: step $1 needs root; re-run this script with sudo" >&2',
        "    exit 1",
        "  fi",
        "}",
    ]
    if not plan.actions:
        out += ["", "echo 'envcheck fix: nothing to do'"]
    for note in plan.notes:
        out.append(_comment(f"note: {note}"))
    for i, a in enumerate(plan.actions, 1):
        out.append("")
        out.append(_comment(f"{i}. [{a.id}] {a.description}"))
        out.append(_comment(f"   {_flags(a)}; resolves {', '.join(a.resolves) or '-'}"))
        for note in a.notes:
            out.append(_comment(f"   note: {note}"))
        if a.docs:
            out.append(_comment(f"   docs: {a.docs}"))
        if a.gate_driver:
            need = shlex.quote(a.gate_driver)
            msg = shlex.quote(
                f"MANUAL step {i} ({a.id}): upgrade the NVIDIA driver to >= {a.gate_driver}, "
                "reboot, then run this script again"
            )
            out.append(f"if ! driver_at_least {need}; then")
            out.append(f"  echo {msg} >&2")
            out.append("  exit 1")
            out.append("fi")
            continue
        manual = a.scope in ("manual", "container")
        if manual:
            out.append(f"echo {shlex.quote(f'MANUAL step {i} ({a.id}): see the comment above')}")
            for name, value in a.env.items():
                out.append(_comment(f"   export {name}={shlex.quote(value)}"))
            for cmd in a.commands:
                out.append(_comment(f"   {command_line(cmd)}"))
            continue
        if a.needs_root:
            out.append(f"need_root {shlex.quote(a.id)}")
        for name, value in a.env.items():
            out.append(f"export {name}={shlex.quote(value)}")
        for path, content in a.files.items():
            rows = " ".join(shlex.quote(r) for r in content.splitlines())
            out.append(f"printf '%s\\n' {rows} > {shlex.quote(path)}")
        for cmd in a.commands:
            out.append(command_line(cmd))
    out.append("")
    return "\n".join(out)
