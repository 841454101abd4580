"""`envcheck fix` end to end: real checks on the fixture snapshots, reports, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fix_support import FIXTURES, run_envcheck, shellcheck


def plan_json(*args: str) -> dict:
    proc = run_envcheck("fix", *args, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def action_ids(data: dict) -> list:
    return [a["id"] for a in data["actions"]]


def snap(name: str) -> str:
    return str(FIXTURES / f"{name}.json")


def test_cpu_only_torch_with_the_real_checks() -> None:
    data = plan_json("--snapshot", snap("cpu-only-torch"))
    ids = action_ids(data)
    assert "torch-uninstall" not in ids  # one transaction replaces the +cpu build
    install = data["actions"][ids.index("torch-install")]
    assert "EC210" in install["resolves"]
    assert all("+cu" in w for w in install["commands"][0][4:7])


def test_blackwell_with_the_real_checks() -> None:
    data = plan_json("--snapshot", snap("blackwell-cu124"))
    install = next(a for a in data["actions"] if a["id"] == "torch-install")
    assert "EC201" in install["resolves"]


def test_shadowed_cudnn_with_the_real_checks() -> None:
    data = plan_json("--snapshot", snap("shadowed-cudnn"))
    ld = next(a for a in data["actions"] if a["id"] == "ld-library-path")
    assert ld["env"] == {"LD_LIBRARY_PATH": "/usr/local/nvidia/lib64"}
    assert ld["resolves"] == ["EC303"]


def test_os_settings_with_the_real_checks() -> None:
    ids = action_ids(plan_json("--snapshot", snap("os-settings")))
    assert {"memlock", "shm-remount", "persistence-mode", "cpu-governor"} <= set(ids)


def test_from_report_pip_freeze(tmp_path: Path) -> None:
    report = tmp_path / "freeze.txt"
    report.write_text("torch==2.5.1\ntorchvision==0.19.0\nnumpy==1.26.4\n")
    data = plan_json("--from-report", str(report))
    assert action_ids(data) == ["torch-pair"]
    assert data["actions"][0]["commands"] == [
        ["{python}", "-m", "pip", "install", "torchvision==0.20.1"]
    ]


@pytest.mark.parametrize("name", ["old-driver-new-torch", "os-settings", "malicious"])
def test_sh_format_is_shellcheck_clean(name: str, tmp_path: Path) -> None:
    proc = run_envcheck("fix", "--snapshot", snap(name), "--format", "sh")
    assert proc.returncode == 0, proc.stderr
    assert shellcheck(proc.stdout, tmp_path).returncode == 0


def test_text_format_and_output_file(tmp_path: Path) -> None:
    out = tmp_path / "plan.txt"
    proc = run_envcheck("fix", "--snapshot", snap("os-settings"), "--output", str(out))
    assert proc.returncode == 0 and proc.stdout == ""
    assert "nvidia-smi -pm 1" in out.read_text()


def test_target_on_the_command_line() -> None:
    data = plan_json("--snapshot", snap("old-driver-new-torch"), "--target", "torch==2.4.1")
    install = next(a for a in data["actions"] if a["id"] == "torch-install")
    assert any(w.startswith("torch==2.4.1+cu") for w in install["commands"][0])
    assert data["target"] == "torch==2.4.1"


def test_target_that_cannot_run_explains() -> None:
    proc = run_envcheck("fix", "--snapshot", snap("blackwell-cu124"), "--target", "torch==2.5.1")
    assert proc.returncode == 0
    assert "cannot run on this host" in proc.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--target", "torch==2.4.1; rm -rf /"],
        ["--format", "yaml"],
        ["--framework", "mxnet"],
        ["--apply", "--docker"],
    ],
)
def test_bad_usage_is_exit_2(args: list) -> None:
    proc = run_envcheck("fix", "--snapshot", snap("healthy-h100"), *args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.startswith("envcheck: error:") and "Traceback" not in proc.stderr


def test_unreadable_snapshot_is_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    proc = run_envcheck("fix", "--snapshot", str(bad))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_live_host() -> None:
    proc = run_envcheck("fix")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(("Fix plan", "Nothing to fix"))


def test_help_has_examples() -> None:
    proc = run_envcheck("fix", "--help")
    assert proc.returncode == 0
    for word in ("--apply", "--docker", "--format", "envcheck fix --target torch==2.4.1"):
        assert word in proc.stdout


@pytest.mark.parametrize(
    "target, words",
    [
        ("torch==99.0", "torch 99.0 is not in the compatibility matrix"),
        ("notapkg==1.0", "notapkg is not a framework envcheck plans for"),
        ("notapkg", "notapkg is not a framework envcheck plans for"),
        ("tensorflow==99.1", "tensorflow 99.1 is not in the compatibility matrix"),
    ],
)
def test_a_target_envcheck_cannot_plan_for_is_bad_usage(target: str, words: str) -> None:
    """Issue 15: these exited 0 with a note; the contract says 2 = bad usage, in one line."""
    proc = run_envcheck("fix", "--snapshot", snap("old-driver-new-torch"), "--target", target)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stdout == ""
    (line,) = proc.stderr.splitlines()
    assert line.startswith("envcheck: error: --target ") and words in line and "(hint: " in line
