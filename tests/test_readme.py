"""README.md keeps the two copy-paste commands, and .ci/run runs exactly the test command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _shell_blocks() -> list:
    text = (ROOT / "README.md").read_text()
    return [b.strip() for b in re.findall(r"```sh\n(.*?)```", text, flags=re.S)]


def test_readme_has_install_and_verify_command() -> None:
    assert any("pip install" in b and "envcheck verify" in b for b in _shell_blocks())


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_commands = [b for b in _shell_blocks() if "pytest" in b]
    assert len(test_commands) == 1, "README must show exactly one test command"
    ci_lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert test_commands[0] in ci_lines
