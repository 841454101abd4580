"""``--format json``: findings, skipped and passed checks, the snapshot, versions.

The document is described by ``envcheck/schema/report.schema.json`` (JSON Schema 2020-12).
"""

from __future__ import annotations

from typing import Any, Dict

from envcheck import __version__
from envcheck.findings import Outcome
from envcheck.report import data_version, exit_code
from envcheck.safe_json import dumps

REPORT_FORMAT = 1


def document(snapshot: Any, outcome: Outcome, matrix: Any, strict: bool = False) -> Dict[str, Any]:
    return {
        "report_format": REPORT_FORMAT,
        "envcheck_version": __version__,
        "data_version": data_version(matrix),
        "hostname": snapshot.hostname if isinstance(snapshot.hostname, str) else None,
        "summary": {
            "errors": len(outcome.errors()),
            "warnings": len(outcome.warnings()),
            "infos": sum(1 for f in outcome.findings if f.severity == "info"),
            "skipped": len(outcome.skipped),
            "passed": len(outcome.passed),
            "exit_code": exit_code(outcome, strict),
            "strict": strict,
        },
        "findings": [f.to_dict() for f in outcome.findings],
        "skipped": [s.to_dict() for s in outcome.skipped],
        "passed": list(outcome.passed),
        "snapshot": snapshot.to_dict(),
    }


def render(snapshot: Any, outcome: Outcome, matrix: Any, strict: bool = False, **_: Any) -> str:
    doc = document(snapshot, outcome, matrix, strict)
    return dumps(doc, indent=2, default=str) + "\n"  # never NaN/Infinity
