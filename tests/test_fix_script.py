"""Rendering the plan: the shell script is shellcheck-clean and never runs snapshot text."""

from __future__ import annotations

import json
import shlex
import stat
import subprocess
from pathlib import Path

import pytest
from fix_support import CATALOGUE, EVIL, findings, load, shellcheck

from envcheck.compat import load_matrix
from envcheck.fix.plan import PYTHON, build_plan
from envcheck.fix.script import render_json, render_sh, render_text

NAMES = [*CATALOGUE, "malicious"]


@pytest.fixture(scope="module")
def matrix():
    return load_matrix()


@pytest.mark.parametrize("name", NAMES)
def test_generated_scripts_pass_shellcheck(name: str, matrix, tmp_path: Path) -> None:
    plan = build_plan(load(name), findings(name), matrix)
    script = render_sh(plan)
    assert script.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in script
    result = shellcheck(script, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    syntax = subprocess.run(["bash", "-n"], input=script, text=True, capture_output=True)
    assert syntax.returncode == 0, syntax.stderr


def test_shellcheck_catches_a_bad_script(tmp_path: Path) -> None:
    # the gate itself works: an unquoted expansion is reported
    result = shellcheck("#!/usr/bin/env bash\nrm $1\n", tmp_path)
    assert result.returncode != 0 and "SC2086" in result.stdout


def _code_words(script: str) -> list:
    """Every shell word outside comments."""
    return shlex.split(script, comments=True, posix=True)


def test_malicious_values_only_in_comments(matrix, tmp_path: Path) -> None:
    plan = build_plan(load("malicious"), findings("malicious"), matrix)
    script = render_sh(plan)
    assert shellcheck(script, tmp_path).returncode == 0
    words = _code_words(script)
    for word in words:
        assert "pwned" not in word and "rm -rf" not in word, word
    # each line holding attacker text is a comment
    for line in script.splitlines():
        if "pwned" in line or "rm -rf" in line:
            assert line.lstrip().startswith("#"), line


def _fake_python(tmp_path: Path) -> Path:
    log = tmp_path / "argv.log"
    fake = tmp_path / "fakepython"
    fake.write_text(
        "#!/usr/bin/env bash\n"
        f'for a in "$@"; do printf "%s\\0" "$a"; done >> {shlex.quote(str(log))}\n'
        f"printf '\\n' >> {shlex.quote(str(log))}\n"
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake


def test_rendered_pip_steps_run_exactly_the_planned_argv(matrix, tmp_path: Path) -> None:
    # The malicious driver version is rejected; --driver supplies a valid one, so the plan
    # has pip steps (whose words come from the matrix only).
    plan = build_plan(
        load("malicious"), findings("malicious"), matrix, overrides={"driver": "550.54.15"}
    )
    plan.actions = [a for a in plan.actions if a.scope in ("python-env", "manual")]
    script = tmp_path / "fix.sh"
    script.write_text(render_sh(plan))
    fake = _fake_python(tmp_path)
    marker = Path("/tmp/envcheck-pwned")
    existed = marker.exists()
    proc = subprocess.run(
        ["bash", str(script)],
        env={"PATH": "/usr/bin:/bin", "PYTHON": str(fake)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    calls = [
        line.split("\0")[:-1] for line in (tmp_path / "argv.log").read_text().split("\n") if line
    ]
    expected = [cmd[1:] for a in plan.actions if a.scope == "python-env" for cmd in a.commands]
    assert calls == expected and calls  # the same words, nothing more
    assert marker.exists() == existed  # nothing from the snapshot ran
    assert "MANUAL step" in proc.stdout


def test_driver_gate_stops_until_the_driver_is_new_enough(matrix, tmp_path: Path) -> None:
    plan = build_plan(load("ancient-driver-t4"), findings("ancient-driver-t4"), matrix)
    need = plan.action("driver-upgrade").gate_driver
    plan.actions = [a for a in plan.actions if a.id in ("driver-upgrade", "torch-install")]
    script = tmp_path / "fix.sh"
    script.write_text(render_sh(plan))
    bindir = tmp_path / "bin"
    bindir.mkdir()
    smi = bindir / "nvidia-smi"
    fake = _fake_python(tmp_path)

    def run(version: str) -> subprocess.CompletedProcess:
        smi.write_text(f"#!/bin/sh\necho {version}\n")
        smi.chmod(0o755)
        return subprocess.run(
            ["bash", str(script)],
            env={"PATH": f"{bindir}:/usr/bin:/bin", "PYTHON": str(fake)},
            capture_output=True,
            text=True,
            timeout=60,
        )

    old = run("418.87.01")
    assert old.returncode == 1 and f">= {need}" in old.stderr
    assert not (tmp_path / "argv.log").exists()  # stopped before the pip step
    new = run(need)
    assert new.returncode == 0, new.stderr
    assert (tmp_path / "argv.log").read_text().count("install") == 1


def test_text_and_json(matrix) -> None:
    plan = build_plan(load("os-settings"), findings("os-settings"), matrix)
    text = render_text(plan)
    assert "$ sudo nvidia-smi -pm 1" in text
    assert "write /etc/security/limits.d/90-envcheck-memlock.conf:" in text
    data = json.loads(render_json(plan))
    assert [a["id"] for a in data["actions"]] == [a.id for a in plan.actions]
    memlock = next(a for a in data["actions"] if a["id"] == "memlock")
    assert memlock["needs_root"] is True and memlock["scope"] == "system"
    pip_plan = build_plan(load("pairing"), findings("pairing"), matrix)
    cmd = json.loads(render_json(pip_plan))["actions"][0]["commands"][0]
    assert cmd[:3] == [PYTHON, "-m", "pip"]
    assert "python3 -m pip install" in render_text(pip_plan)


def test_evil_list_is_what_the_fixture_carries() -> None:
    text = (Path(__file__).parent / "fixtures/fix/malicious.json").read_text()
    assert json.loads(text)["driver"]["version"] == EVIL[0]


SHARED = sorted((Path(__file__).parent / "fixtures" / "snapshots").glob("*.json"))


@pytest.mark.parametrize("path", SHARED, ids=[p.stem for p in SHARED])
def test_plans_for_the_checks_fixture_snapshots(path: Path, matrix, tmp_path: Path) -> None:
    """The snapshots the checks are tested on: real findings -> a plan for every one of them."""
    from envcheck.checks.registry import run_checks
    from envcheck.policy import load_policy
    from envcheck.snapshot import Snapshot

    snapshot = Snapshot.load(str(path))
    outcome = run_checks(snapshot, matrix, load_policy(None))
    plan = build_plan(snapshot, outcome, matrix)
    resolved = {c for a in plan.actions for c in a.resolves}
    wanted = {f.code for f in outcome.findings if f.severity != "info"}
    assert wanted <= resolved, wanted - resolved
    assert shellcheck(render_sh(plan), tmp_path).returncode == 0
