"""The built wheel installs into a fresh venv, runs, and carries compat_data/ inside the package.

The source is copied to tmp first so that building leaves no build/ or *.egg-info in the shared
tree. The fresh venv is made WITHOUT --system-site-packages: that flag exposes the *base*
Python's packages, not the test venv's, so the test passed only where the base Python happened to
have typer & co. installed, and failed on a clean machine (issue 15). Instead the wheel is
installed first (offline, --no-deps), and only then a .pth file appends the running
interpreter's own site-packages (the test venv, where `pip install -e '.[test]'` put the
runtime dependencies) to the fresh venv's sys.path: the dependencies resolve with no network
and nothing from outside the test venv, and the wheel, earlier on sys.path, wins over the
editable checkout (a path line in a .pth does not run that directory's own .pth files, so the
editable finder stays inactive).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import sysconfig
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
    # every package of the source tree ships (pyproject lists them by hand: envcheck.importers
    # .errorlog and .extract were once missing, so pasted input failed outside a checkout)
    packages = sorted(
        str(p.parent.relative_to(REPO)) for p in (REPO / "envcheck").rglob("__init__.py")
    )
    missing = [p for p in packages if f"{p}/__init__.py" not in names]
    assert not missing, missing


def _own_site_dirs() -> list:
    """The running interpreter's site-packages (the test venv), never the base Python's."""
    paths = sysconfig.get_paths()
    return list(dict.fromkeys([paths["purelib"], paths["platlib"]]))


def _fresh_venv(root: Path) -> Path:
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    cfg = (venv / "pyvenv.cfg").read_text()
    assert "include-system-site-packages = false" in cfg, cfg
    return venv


def _venv_site(py: Path) -> Path:
    out = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return Path(out.stdout.strip())


def test_wheel_installs_and_runs_in_fresh_venv(wheel: Path, tmp_path: Path) -> None:
    venv = _fresh_venv(tmp_path)
    py = venv / "bin" / "python"
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONUSERBASE", "ENVCHECK_DATA_DIR")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")  # no user data dir: the bundled data is used
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONNOUSERSITE"] = "1"
    env["PIP_NO_INDEX"] = "1"  # no network, whatever pip.conf says
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "--no-deps", "--no-index", str(wheel)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # After the install (so pip never sees the editable envcheck there): the test venv's own
    # site-packages supply typer, requests, ... to the fresh venv.
    (_venv_site(py) / "zz_envcheck_test_deps.pth").write_text(
        "".join(f"{d}\n" for d in _own_site_dirs())
    )

    def envcheck(*args: str, timeout: int = 60) -> subprocess.CompletedProcess:
        """The installed envcheck, run from outside the checkout."""
        return subprocess.run(
            [str(venv / "bin" / "envcheck"), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            cwd=str(tmp_path),
        )

    version = envcheck("--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.startswith("envcheck ")
    probe = subprocess.run(
        [
            str(py),
            "-c",
            "import envcheck, json, os, sys, typer; "
            "d = os.path.join(os.path.dirname(envcheck.__file__), 'compat_data'); "
            "print(json.dumps([envcheck.__file__, typer.__file__, sys.base_prefix, "
            "sorted(os.listdir(d))]))",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        cwd=str(tmp_path),
    )
    assert probe.returncode == 0, probe.stderr
    location, typer_file, base_prefix, files = json.loads(probe.stdout)
    assert location.startswith(str(venv)), location  # the wheel, not the editable checkout
    # typer came from the test venv, not from the base Python's site-packages
    assert any(typer_file.startswith(d) for d in _own_site_dirs()), typer_file
    assert [f for f in files if f.endswith(".json")] == sorted(
        p.name for p in (REPO / "compat_data").glob("*.json")
    )
    # The bundled data really loads from the installed wheel (the JSON is valid and complete).
    info = envcheck("data", "info", "--json")
    assert info.returncode == 0, info.stderr
    data = json.loads(info.stdout)
    assert data["origin"] == "bundled", data
    assert str(data["data_dir"]).startswith(str(venv)), data
    # Pasted input runs from the installed wheel too (the error-log scanner and the fact
    # extractor are subpackages): a report fixture judged end to end, exit 0 or 1, never 3.
    report = envcheck(
        "verify",
        "--from-report",
        str(REPO / "tests" / "fixtures" / "reports" / "akash-support-244-xid-94-43-31.log"),
        "--format",
        "json",
        timeout=120,
    )
    assert report.returncode in (0, 1), report.stderr
    assert json.loads(report.stdout)["snapshot"]["evidence"]["read"] is not None
