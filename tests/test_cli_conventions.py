"""The CLI as a newcomer meets it (issue 15): one error style, help conventions, completion,
--verbose. Every test drives the real `envcheck` command in a subprocess."""

from __future__ import annotations

import json
import os
import re
import shlex
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


# --- help conventions -----------------------------------------------------------------------

COMMANDS = [
    [],
    ["verify"],
    ["inspect"],
    ["fix"],
    ["fleet"],
    ["checks"],
    ["explain"],
    ["matrix"],
    ["matrix", "cuda"],
    ["matrix", "driver"],
    ["matrix", "gpu"],
    ["matrix", "torch"],
    ["matrix", "tensorflow"],
    ["matrix", "jax"],
    ["matrix", "recommend"],
    ["data"],
    ["data", "info"],
    ["data", "update"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: "-".join(c) or "root")
def test_help_uses_the_placeholders_users_know(command) -> None:
    proc = envcheck(*command, "--help")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout
    assert not re.search(r"<(str|int|float|text|integer)>", text), text
    assert not re.search(r"\{[a-z_]+\}", text), text  # arguments as CODE, not {code}
    assert not re.search(r" (TEXT|INTEGER|FLOAT)\b", text), text


def test_the_placeholders_say_what_the_value_is() -> None:
    fix = envcheck("fix", "--help").stdout
    for option, metavar in [
        ("--snapshot", "FILE"),
        ("--from-report", "FILE"),
        ("--wheelhouse", "DIR"),
        ("--data", "DIR"),
        ("--target", "NAME[==VERSION]"),
    ]:
        assert f"{option} {metavar}" in fix, (option, fix)
    assert "--workers N" in envcheck("fleet", "--help").stdout
    assert "--timeout SECONDS" in envcheck("inspect", "--help").stdout
    assert "--data-url URL" in envcheck("inspect", "--help").stdout
    assert "Usage: envcheck explain [OPTIONS] CODE\n" in envcheck("explain", "--help").stdout
    assert "[OPTIONS] [PATH]..." in envcheck("fleet", "--help").stdout


@pytest.mark.parametrize("columns", [60, 80, 110])
def test_help_is_wrapped_to_the_terminal_width(columns: int) -> None:
    for command in (["verify"], ["fix"], ["inspect"], ["matrix", "recommend"], []):
        text = envcheck(*command, "--help", env={"COLUMNS": str(columns)}).stdout
        widest = max(len(line) for line in text.splitlines())
        # click wraps to the width minus 2, never below 50; example lines are kept <= 78
        assert widest <= max(columns, 80), (command, widest)
    wide = envcheck("fix", "--help", env={"COLUMNS": "110"}).stdout
    assert max(len(line) for line in wide.splitlines()) > 80  # prose uses a wide terminal


def test_fix_has_f_and_format_names_are_case_insensitive(tmp_path: Path) -> None:
    snap = fixture_path("healthy_h100")
    fix = envcheck("fix", "-f", "JSON", "--snapshot", snap)
    assert fix.returncode == 0, fix.stderr
    assert "actions" in json.loads(fix.stdout)
    verify = envcheck("verify", "-f", "Json", "--snapshot", snap)
    assert verify.returncode == 0, verify.stderr
    assert json.loads(verify.stdout)["summary"]["exit_code"] == 0
    fleet = envcheck("fleet", "-f", "JSON", snap)
    assert fleet.returncode in (0, 1), fleet.stderr
    json.loads(fleet.stdout)


def test_shell_completion_is_offered() -> None:
    root = envcheck("--help").stdout
    assert "--install-completion" in root and "--show-completion" in root
    # --show-completion names the shell it runs under (shellingham walks the parent
    # processes): run it from a bash, as a user would, so the answer does not depend on what
    # started the tests (a background job has no shell among its parents); a second command keeps
    # bash from replacing itself with the first
    cmd = f"{shlex.quote(sys.executable)} -m envcheck --show-completion; exit $?"
    script = subprocess.run(
        ["bash", "-c", cmd], capture_output=True, text=True, timeout=120, env=dict(os.environ)
    )
    assert script.returncode == 0, script.stderr
    assert "_envcheck_completion" in script.stdout and "complete " in script.stdout


def test_verbose_flag_says_what_was_read_on_stderr(tmp_path: Path) -> None:
    quiet = envcheck("verify", "--format", "json", cwd=str(tmp_path))
    assert "verbose" not in quiet.stderr
    for flag in ("-v", "--verbose"):
        loud = envcheck(flag, "verify", "--format", "json", cwd=str(tmp_path))
        assert loud.returncode in (0, 1), loud.stderr
        json.loads(loud.stdout)  # stdout stays the report alone
        assert "envcheck: verbose: input: live" in loud.stderr
        assert re.search(r"envcheck: verbose: probe times: .*driver \d+ ms", loud.stderr)
    snap = envcheck("-v", "verify", "--snapshot", fixture_path("healthy_h100"), cwd=str(tmp_path))
    assert f"input: snapshot {fixture_path('healthy_h100')}" in snap.stderr
    assert "probe times" not in snap.stderr  # those were another run's
