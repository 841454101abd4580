"""The CLI as a newcomer meets it (issue 15): one error style, help conventions, completion,
--verbose. Every test drives the real `envcheck` command in a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from checks_support import fixture_path

ROOT = Path(__file__).resolve().parent.parent
ONE_LINE_ERROR = re.compile(r"^envcheck: error: \S.* \(hint: envcheck( [a-z]+)* --help\)$")


def envcheck(*args: str, env: dict = None, cwd: str = None) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "ENVCHECK_VERBOSE")}
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=full,
        cwd=cwd,
    )


# --- one error style ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words, where",
    [
        (["verify", "--formt", "json"], "no such option: --formt", "envcheck verify"),
        (["verify", "--format"], "option '--format' requires an argument", "envcheck verify"),
        (["verify", "--timeout", "abc"], "'abc' is not a valid float", "envcheck verify"),
        (["matrix", "torch"], "missing argument", "envcheck matrix torch"),
        (["explain"], "missing argument", "envcheck explain"),
        (["nosuch"], "no such command 'nosuch'", "envcheck"),
        (["fix", "--target"], "option '--target' requires an argument", "envcheck fix"),
        (["fix", "extra-arg"], "unexpected extra argument", "envcheck fix"),
        (["fleet", "--workers", "x", "."], "'x' is not a valid int", "envcheck fleet"),
    ],
)
def test_usage_errors_are_one_line_with_a_hint_and_exit_2(args, words, where) -> None:
    proc = envcheck(*args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()  # not click's four-line Usage / Try / Error block
    assert ONE_LINE_ERROR.match(line), line
    assert words in line.lower(), line
    assert line.endswith(f"(hint: {where} --help)"), line


def test_usage_errors_do_not_echo_control_characters() -> None:
    proc = envcheck("verify", "--\x1b[31mred")
    assert proc.returncode == 2
    assert "\x1b" not in proc.stderr and "\\x1b[31mred" in proc.stderr


def test_envcheck_errors_keep_their_one_line_form() -> None:
    proc = envcheck("verify", "--format", "xml", "--snapshot", fixture_path("healthy_h100"))
    assert proc.returncode == 2
    (line,) = proc.stderr.splitlines()
    assert line.startswith("envcheck: error: --format")


def test_help_and_version_still_exit_0() -> None:
    assert envcheck("--version").returncode == 0
    helped = envcheck("verify", "--help")
    assert helped.returncode == 0 and helped.stdout.startswith("Usage: envcheck verify")


def test_a_binary_snapshot_and_a_binary_report_get_the_same_message(tmp_path: Path) -> None:
    blob = tmp_path / "node.json"
    blob.write_bytes(Path(sys.executable).read_bytes()[:4096])
    snap = envcheck("verify", "--snapshot", str(blob))
    report = envcheck("verify", "--from-report", str(blob))
    assert (snap.returncode, report.returncode) == (2, 2)
    assert (
        snap.stderr
        == report.stderr
        == ("envcheck: error: node.json: binary data, not a text report or snapshot\n")
    )
    assert "codec" not in snap.stderr


def test_a_utf16_snapshot_from_powershell_is_read(tmp_path: Path) -> None:
    saved = tmp_path / "node.json"
    saved.write_bytes(Path(fixture_path("healthy_h100")).read_text().encode("utf-16"))
    proc = envcheck("verify", "--snapshot", str(saved), "--format", "json")
    assert proc.returncode == 0, proc.stderr
