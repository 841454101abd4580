"""`envcheck checks` (the catalogue) and `envcheck explain CODE` (one check's documentation)."""

from __future__ import annotations

import json
import textwrap

import typer

from envcheck.errors import InputError


def _spec_dict(spec: object) -> dict:
    return {
        k: getattr(spec, k) for k in ("code", "category", "severity", "title", "rationale", "fix")
    }


def checks(as_json: bool = typer.Option(False, "--json", help="Machine-readable list.")) -> None:
    """List every check: code, category, default severity, title.

    \b
    Example: envcheck checks --json
    """
    from envcheck.checks.registry import catalogue

    specs = catalogue()
    if as_json:
        print(json.dumps([_spec_dict(s) for s in specs], indent=2))
        return
    rows = [("CODE", "CATEGORY", "SEVERITY", "TITLE")] + [
        (s.code, s.category, s.severity, s.title) for s in specs
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3])


def explain(
    code: str = typer.Argument(..., help="A check code, e.g. EC101."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable."),
) -> None:
    """Explain one check: why it matters and how to fix what it finds.

    \b
    Example: envcheck explain EC101
    """
    from envcheck.checks.registry import get

    spec = get(code.strip())
    if spec is None:
        raise InputError(f"unknown check code {code!r} (see `envcheck checks`)")
    if as_json:
        print(json.dumps(_spec_dict(spec), indent=2))
        return
    print(f"{spec.code}  {spec.title}")
    print(f"category: {spec.category}    severity: {spec.severity}")
    print()
    for para in spec.rationale.split("\n\n"):
        print(textwrap.fill(" ".join(para.split()), width=88, break_on_hyphens=False))
        print()
    print(f"Fix: {spec.fix}")


def register(app: typer.Typer) -> None:
    """Add `checks` and `explain` to the app."""
    app.command("checks")(checks)
    app.command("explain")(explain)
