"""Helpers for the fault-injection tests (tests/test_faults_*.py).

Everything runs the real CLI (``python -m envcheck``) in a subprocess, with fake executables on
``PATH``, small host trees under ``ENVCHECK_SYSROOT`` and, where file permissions must really
bite, as an unprivileged user (``setpriv`` to uid/gid 65534 when the tests run as root).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import pytest

REPO = Path(__file__).resolve().parent.parent
NOBODY = 65534

# verify/inspect: every probe runs under one timeout (default 5 s) and they run concurrently,
# so a command must come back within that plus start-up; this bound is deliberately generous
# (slow CI, two cores) while still far below "hung".
PROBE_TIMEOUT_S = 5.0
BUDGET_S = PROBE_TIMEOUT_S + 7.0


@dataclass
class Run:
    argv: List[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    def json(self) -> dict:
        return json.loads(self.stdout)

    def __str__(self) -> str:  # shown by pytest when an assertion fails
        return (
            f"$ {' '.join(self.argv)}\nexit {self.returncode} after {self.seconds:.2f} s\n"
            f"--- stdout ---\n{self.stdout[-3000:]}\n--- stderr ---\n{self.stderr[-3000:]}"
        )


def base_env(**extra: str) -> Dict[str, str]:
    """A clean environment: no colours, no user data dir leaking in from the developer's home."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ENVCHECK_", "FAKE_NVML_", "PYTEST_", "COV_"))
    }
    env.update({"NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1", "LC_ALL": "C.UTF-8"})
    env.update(extra)
    return env


def run_envcheck(
    args: Sequence[str],
    env: Optional[Dict[str, str]] = None,
    cwd: Optional[Path] = None,
    timeout: float = 60.0,
    python: Optional[str] = None,
    prefix: Sequence[str] = (),
) -> Run:
    """``[prefix...] python -m envcheck args...``; a hang beyond ``timeout`` fails the test."""
    argv = [*prefix, python or sys.executable, "-m", "envcheck", *args]
    start = time.monotonic()
    try:
        proc = subprocess.run(
            argv,
            env=env if env is not None else base_env(),
            cwd=str(cwd) if cwd else None,
            capture_output=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"`{' '.join(argv)}` did not return within {timeout:.0f} s")
    return Run(
        argv,
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
        time.monotonic() - start,
    )


def assert_no_crash(run: Run) -> None:
    """No traceback and no "internal error" anywhere: envcheck did not fall over."""
    for stream in (run.stdout, run.stderr):
        assert "Traceback (most recent call last)" not in stream, run
        assert "internal error" not in stream, run


def assert_clean_error(run: Run, code: int, *needles: str) -> str:
    """Exit ``code`` with exactly one ``envcheck: error:`` line on stderr containing ``needles``."""
    assert_no_crash(run)
    assert run.returncode == code, run
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, run
    line = lines[0]
    assert line.startswith("envcheck: error: ") or line.startswith("envcheck: "), run
    for needle in needles:
        assert needle.lower() in line.lower(), f"{needle!r} not in {line!r}\n{run}"
    return line


def fake_exe(directory: Path, name: str, script: str) -> Path:
    """An executable shell script ``directory/name`` (a fake tool on PATH)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text("#!/bin/sh\n" + script.lstrip("\n"))
    path.chmod(0o755)
    return path


_SHADOWS: Dict[Tuple[str, ...], str] = {}


def path_without(*tools: str) -> str:
    """The current PATH with every directory holding one of ``tools`` replaced by a shadow dir
    that links everything else (so e.g. ``ldconfig`` disappears but ``sh`` stays)."""
    if tools in _SHADOWS:
        return _SHADOWS[tools]
    shadow = Path(tempfile.mkdtemp(prefix="envcheck-path-"))
    atexit.register(shutil.rmtree, shadow, True)
    shadow.chmod(0o755)
    out: List[str] = []
    for entry in os.environ.get("PATH", "").split(os.pathsep):
        if not entry or not os.path.isdir(entry):
            continue
        if any(os.path.exists(os.path.join(entry, t)) for t in tools):
            sub = shadow / str(len(out))
            sub.mkdir()
            for name in os.listdir(entry):
                if name not in tools:
                    (sub / name).symlink_to(os.path.join(entry, name))
            sub.chmod(0o755)
            out.append(str(sub))
        else:
            out.append(entry)
    _SHADOWS[tools] = os.pathsep.join(out)
    return _SHADOWS[tools]


# --- running as an unprivileged user ---------------------------------------------------------


@dataclass
class Unprivileged:
    """How to run envcheck as a user that file permissions apply to."""

    prefix: List[str]  # e.g. ["setpriv", "--reuid=65534", ...]; [] when already non-root
    python: str
    pythonpath: str  # readable copies of envcheck's dependencies + the repository
    scratch: Path  # a directory that user can reach (tests put their trees here)

    def env(self, **extra: str) -> Dict[str, str]:
        env = base_env(**extra)
        if self.prefix:
            env["PYTHONPATH"] = self.pythonpath
            env["PYTHONNOUSERSITE"] = "1"
            if "HOME" not in extra:  # root's HOME is not that user's to read
                env["HOME"] = str(self.scratch)
        return env

    def run(self, args: Sequence[str], env: Dict[str, str], **kw: object) -> Run:
        return run_envcheck(args, env=env, python=self.python, prefix=self.prefix, **kw)  # type: ignore[arg-type]

    def tree(self, name: str) -> Path:
        path = Path(tempfile.mkdtemp(prefix=f"{name}-", dir=self.scratch))
        path.chmod(0o755)
        return path


# What `envcheck` imports at run time (inspect, verify, data, matrix): found by importing those
# paths in a child interpreter and keeping the third-party top-level packages it loaded.
_LIST_RUNTIME = """
import importlib, json, os, sys, sysconfig
import contextlib, io
for name in ("envcheck.cli", "envcheck.probes", "envcheck.compat", "envcheck.importers",
             "envcheck.policy", "pynvml", "requests"):
    try:
        importlib.import_module(name)
    except Exception:
        pass
from envcheck.cli import main  # typer imports some modules only when it parses options
for argv in (["inspect", "--json", "--timeout", "1"], ["data", "info"], ["verify", "--help"]):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(argv)
        except BaseException:
            pass
std = {os.path.realpath(sysconfig.get_paths()[k]) for k in ("stdlib", "platstdlib")}
out = {}
for mod in list(sys.modules.values()):
    origin = getattr(mod, "__file__", None)
    if not origin or "site-packages" not in origin and "dist-packages" not in origin:
        continue
    top = mod.__name__.split(".")[0]
    path = os.path.realpath(origin)
    if os.path.basename(path).startswith("__init__.") and "." not in mod.__name__:
        out[top] = os.path.dirname(path)
    elif "." not in mod.__name__:
        out[top] = path
print(json.dumps(out))
"""


def _copy_runtime(site: Path) -> None:
    found = subprocess.run(
        [sys.executable, "-c", _LIST_RUNTIME], capture_output=True, text=True, timeout=60
    )
    for top, origin in json.loads(found.stdout or "{}").items():
        if top.startswith("_"):  # the editable-install finder, setuptools shims
            continue
        source = Path(origin)
        if source.is_dir():
            shutil.copytree(
                source, site / source.name, ignore=shutil.ignore_patterns("__pycache__")
            )
        elif source.is_file():  # a module file: .py, or a compiled .so (mypyc runtimes)
            shutil.copy2(source, site / source.name)
    for path in site.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)


def make_unprivileged() -> Optional[Unprivileged]:
    """Set up running envcheck as uid 65534, or None (with the reason printed) if impossible."""
    scratch = Path(tempfile.mkdtemp(prefix="envcheck-faults-", dir="/tmp"))
    scratch.chmod(0o755)
    if os.geteuid() != 0:
        return Unprivileged([], sys.executable, "", scratch)
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return None
    prefix = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups"]
    site = scratch / "site"
    site.mkdir()
    _copy_runtime(site)
    site.chmod(0o755)
    pythonpath = f"{site}{os.pathsep}{REPO}"
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    # The interpreter itself must be reachable by that user (a pyenv under /root is not).
    for python in (sys.executable, f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"):
        if not os.path.exists(python):
            continue
        probe = subprocess.run(
            [*prefix, python, "-c", "import sys, envcheck.cli; print(sys.version_info[:2])"],
            env={**base_env(), "PYTHONPATH": pythonpath, "HOME": str(scratch)},
            capture_output=True,
            text=True,
            timeout=60,
            cwd=str(scratch),
        )
        if probe.returncode == 0 and probe.stdout.strip() == str(tuple(sys.version_info[:2])):
            return Unprivileged(prefix, python, pythonpath, scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    return None


def remove_tree(path: Path) -> None:
    """rmtree that first restores permissions the test took away."""
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            p = os.path.join(root, name)
            if not os.path.islink(p):
                with contextlib.suppress(OSError):
                    os.chmod(p, 0o755 if os.path.isdir(p) else 0o644)
    if os.path.isdir(path):
        os.chmod(path, stat.S_IRWXU)
    shutil.rmtree(path, ignore_errors=True)
