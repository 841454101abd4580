"""constraints.txt (the project image's pins) is what the tests install: one command
regenerates it (tools/regen_constraints.py) and this test fails CI when it drifts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "regen_constraints.py"


def regen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60
    )


def test_constraints_match_the_test_environment() -> None:
    proc = regen("--check")
    assert proc.returncode == 0, (
        "constraints.txt drifted from this environment; run python tools/regen_constraints.py\n"
        + proc.stdout
    )


def test_drift_is_caught_and_shown(tmp_path: Path) -> None:
    stale = tmp_path / "constraints.txt"
    text = (ROOT / "constraints.txt").read_text()
    stale.write_text(text.replace("typer==", "typer==0.0.1\n# was typer=="))
    proc = regen("--check", "--file", str(stale))
    assert proc.returncode == 1
    assert "+typer==" in proc.stdout and "-typer==0.0.1" in proc.stdout
    assert "run python tools/regen_constraints.py" in proc.stderr
    assert regen("--file", str(stale)).returncode == 0
    assert stale.read_text() == text  # regenerated to the same file the repository has
