"""Helpers for the pasted-evidence class tests (tests/test_evidence_*.py): what the error scan
recognises in a text, the snapshot a paste gives, and the findings chosen checks make of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List, Optional

from envcheck.checks import registry
from envcheck.importers import errorlog, snapshot_from_reports
from envcheck.snapshot import Snapshot


def entries(text: str) -> List[Dict[str, str]]:
    return errorlog.scan(text, "paste.txt")


def pats(text: str) -> List[str]:
    return [e["pattern"] for e in entries(text)]


def snap_of(tmp_path: Path, text: str) -> Snapshot:
    paste = tmp_path / "paste.txt"
    paste.write_text(text)
    return snapshot_from_reports([str(paste)])


def judge(tmp_path: Path, text: str, only: List[str], matrix: Optional[Any] = None) -> List[tuple]:
    """(code, category, severity) of each finding the checks ``only`` make of the paste."""
    out = registry.run_checks(snap_of(tmp_path, text), matrix, None, only=only)
    return sorted((f.code, f.category, f.severity) for f in out.findings)


def assert_read_as(
    tmp_path: Path, text: str, pattern: str, code: str, category: str, severity: str
) -> None:
    """The line is read as ``pattern`` and judged as ``code`` with that category and severity."""
    assert pattern in pats(text + "\n")
    assert (code, category, severity) in judge(tmp_path, text + "\n", [code])


def fix_text(tmp_path: Path, text: str) -> str:
    """The text of `envcheck fix --from-report` on ``text`` (the real CLI, in a subprocess)."""
    import subprocess
    import sys

    paste = tmp_path / "paste.txt"
    paste.write_text(text)
    out = subprocess.run(
        [sys.executable, "-m", "envcheck", "fix", "--from-report", str(paste)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout
