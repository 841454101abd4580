"""The built wheel installs into a fresh venv, runs, and carries compat_data/ inside the package.

The source is copied to tmp first so that building leaves no build/ or *.egg-info in the shared
tree. The venv uses --system-site-packages so the runtime dependencies already installed here
are visible without downloads; the wheel itself goes into the venv (which wins on sys.path).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from probes_support import REPO


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (REPO / name).exists():
            shutil.copy(REPO / name, src / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "envcheck", src / "envcheck", ignore=ignore)
    shutil.copytree(REPO / "compat_data", src / "compat_data", ignore=ignore)
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(out),
            str(src),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (built,) = glob.glob(str(out / "envcheck-*.whl"))
    return Path(built)


def test_wheel_contains_compat_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    data_files = [n for n in names if n.startswith("envcheck/compat_data/") and n.endswith(".json")]
    expected = sorted(p.name for p in (REPO / "compat_data").glob("*.json"))
    assert expected, "compat_data/ has no JSON files"
    assert sorted(os.path.basename(n) for n in data_files) == expected
    assert "envcheck/probes/nvml.py" in names
    assert any(n.endswith("entry_points.txt") for n in names)


def test_wheel_installs_and_runs_in_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
        check=True,
        timeout=120,
    )
    py = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    version = subprocess.run(
        [str(venv / "bin" / "envcheck"), "--version"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=str(tmp_path),
    )
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith("envcheck ")
    probe = subprocess.run(
        [
            str(py),
            "-c",
            "import envcheck, json, os; d = os.path.join(os.path.dirname(envcheck.__file__), "
            "'compat_data'); print(json.dumps([envcheck.__file__, sorted(os.listdir(d))]))",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=str(tmp_path),
    )
    assert probe.returncode == 0, probe.stderr
    location, files = json.loads(probe.stdout)
    assert location.startswith(str(venv)), location  # the wheel, not the editable checkout
    assert [f for f in files if f.endswith(".json")] == sorted(
        p.name for p in (REPO / "compat_data").glob("*.json")
    )
