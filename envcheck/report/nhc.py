"""``--format nhc``: LBNL NHC / Slurm style — one line per error, nothing when healthy.

Each line is ``ERROR: envcheck: EC101 <reason>``; the part after ``ERROR: `` is short, one
line, without quotes, so a health-check wrapper can pass it straight to
``scontrol update NodeName=$(hostname) State=DRAIN Reason="<it>"``. With --strict, warnings
are reported the same way.
"""

from __future__ import annotations

import re
from typing import Any

from envcheck.findings import Finding, Outcome
from envcheck.sanitize import one_line

MAX_REASON = 160


def reason(f: Finding) -> str:
    """``envcheck: EC101 GPU 0: <found>`` — one line, no quotes or control characters."""
    gpu = f"GPU {f.gpu}: " if f.gpu is not None else ""
    text = f"{f.code} {gpu}{f.found}"
    text = re.sub(r"[\"'`$\\;|&<>]", " ", one_line(text))  # C0, C1, bidi: visible escapes
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > MAX_REASON:
        text = text[: MAX_REASON - 3].rstrip() + "..."
    return f"envcheck: {text}"


def render(snapshot: Any, outcome: Outcome, matrix: Any, strict: bool = False, **_: Any) -> str:
    lines = [
        f"ERROR: {reason(f)}"
        for f in outcome.findings
        if f.severity == "error" or (strict and f.severity == "warning")
    ]
    return "\n".join(lines) + ("\n" if lines else "")
