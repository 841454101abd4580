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


def test_readme_puts_envcheck_on_path_after_the_install(tmp_path: Path) -> None:
    """The install command leaves envcheck in ~/.envcheck/bin, off PATH: the README must show how
    to get it there, and that block must really work (run here with HOME in tmp, a real venv at
    ~/.envcheck and this checkout's envcheck script in it)."""
    import os
    import shutil
    import subprocess
    import sys

    blocks = _shell_blocks()
    install = next(b for b in blocks if "pip install" in b and "envcheck verify" in b)
    later = [b for b in blocks[blocks.index(install) + 1 :] if "pytest" not in b]
    path_blocks = [b for b in later if "~/.envcheck/bin/activate" in b]
    assert path_blocks, "README must say how to put ~/.envcheck/bin on PATH after installing"
    home = tmp_path / "home"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(home / ".envcheck")],
        check=True,
        timeout=120,
    )
    script = shutil.which("envcheck", path=os.path.dirname(sys.executable))
    assert script, "the envcheck script is not installed next to the test interpreter"
    shutil.copy(script, home / ".envcheck" / "bin" / "envcheck")
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV",)}
    bindir = os.path.dirname(sys.executable)
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if p != bindir)
    env["HOME"] = str(home)
    bare = subprocess.run(
        ["bash", "-c", "envcheck checks"], env=env, capture_output=True, text=True, timeout=60
    )
    assert bare.returncode == 127, "envcheck must be off PATH before the README's step"
    proc = subprocess.run(
        ["bash", "-ec", path_blocks[0]],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(tmp_path),
    )
    assert proc.returncode == 0, proc.stderr
    assert "EC101" in proc.stdout


def test_readme_says_what_the_test_extra_downloads() -> None:
    text = (ROOT / "README.md").read_text()
    quick_start = text[text.index("## Quick start") : text.index("## Commands")]
    assert "PyTorch" in quick_start and "CPU build" in quick_start
    assert "MB download" in quick_start
    assert "download.pytorch.org/whl/cpu" in quick_start
