"""Report formats: one module per format, each with ``render(snapshot, outcome, matrix, **opts)``.

``render(fmt, snapshot, outcome, matrix, **opts) -> str`` picks the module. Options every
format accepts: ``strict`` (warnings count as failures), ``quiet``, ``color`` (text only:
True/False, None = decide from the terminal and NO_COLOR).
"""

from __future__ import annotations

import importlib
from typing import Any, Dict, Optional

from envcheck.errors import EXIT_FINDINGS, EXIT_OK, InputError
from envcheck.findings import Outcome

FORMATS: Dict[str, str] = {
    "text": "text",
    "json": "jsonfmt",
    "junit": "junit",
    "nhc": "nhc",
    "prometheus": "prometheus",
}


def exit_code(outcome: Outcome, strict: bool = False) -> int:
    """0: no error (warnings allowed unless strict); 1: at least one error (or warning, strict)."""
    if outcome.errors() or (strict and outcome.warnings()):
        return EXIT_FINDINGS
    return EXIT_OK


def data_version(matrix: Any) -> Optional[str]:
    """The matrix's data date, or None when there is no (readable) matrix."""
    if matrix is None:
        return None
    try:
        return matrix.data_date
    except Exception:  # noqa: BLE001 - a report must render even with a broken data file
        return None


def render(fmt: str, snapshot: Any, outcome: Outcome, matrix: Any, **opts: Any) -> str:
    module = FORMATS.get(fmt)
    if module is None:
        raise InputError(f"unknown format {fmt!r} (choose from {', '.join(FORMATS)})")
    return importlib.import_module(f"envcheck.report.{module}").render(
        snapshot, outcome, matrix, **opts
    )
