"""`verify`, `inspect`, `matrix` and `fleet` never write outside the paths they were given.

Each command runs under strace; every system call that could create, change or remove a file
is collected, and only the paths named on the command line (and /dev/null-like devices) may
appear. Byte-code caching is off so the interpreter itself writes nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List, Set

import pytest

STRACE = shutil.which("strace")
pytestmark = pytest.mark.skipif(STRACE is None, reason="strace is not installed")

MUTATING = ",".join(
    [
        "openat",
        "open",
        "creat",
        "rename",
        "renameat",
        "renameat2",
        "unlink",
        "unlinkat",
        "mkdir",
        "mkdirat",
        "truncate",
        "ftruncate",
        "symlink",
        "symlinkat",
        "link",
        "linkat",
        "chmod",
        "fchmodat",
    ]
)
WRITE_FLAGS = re.compile(r"O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND")
ALLOWED_DEVICES = {"/dev/null", "/dev/tty", "/dev/full", "/dev/shm"}


def written_paths(argv: List[str], cwd: Path, env: dict) -> Set[str]:
    """Run ``argv`` under strace; the paths it wrote to. The command itself must not fail."""
    trace = cwd / "strace.out"
    result = subprocess.run(
        [STRACE, "-f", "-qq", "-e", f"trace={MUTATING}", "-o", str(trace), *argv],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert result.returncode in (0, 1), result.stderr.decode(errors="replace")[-2000:]
    paths: Set[str] = set()
    for line in trace.read_text().splitlines():
        match = re.search(r'(\w+)\((?:AT_FDCWD, |\d+, )?"([^"]*)"(.*)', line)
        if not match:
            continue
        call, path, rest = match.groups()
        if call in ("openat", "open") and not WRITE_FLAGS.search(rest):
            continue
        if "= -1" in rest:  # the call failed: nothing was written
            continue
        paths.add(os.path.normpath(os.path.join(str(cwd), path)))
    trace.unlink()
    return paths


@pytest.fixture
def sandbox(tmp_path: Path) -> tuple:
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        XDG_DATA_HOME=str(home / ".local/share"),
        XDG_CACHE_HOME=str(home / ".cache"),
        PYTHONDONTWRITEBYTECODE="1",
        NO_COLOR="1",
    )
    env.pop("ENVCHECK_DATA_DIR", None)
    return tmp_path, env


def _unexpected(paths: Set[str], allowed: Set[str]) -> Set[str]:
    """Paths written besides the allowed ones. An output is written atomically: a temporary
    ``.NAME.*.tmp`` beside it, renamed onto it; that is writing the output, provided the
    temporary file is gone afterwards."""

    def is_atomic_temp(path: str) -> bool:
        return not os.path.exists(path) and any(
            re.fullmatch(
                re.escape(f"{os.path.dirname(a)}/.{os.path.basename(a)}.") + r".+\.tmp", path
            )
            for a in allowed
        )

    return {
        p for p in paths if p not in allowed and p not in ALLOWED_DEVICES and not is_atomic_temp(p)
    }


@pytest.mark.parametrize(
    "args",
    [
        ["inspect", "--json"],
        ["verify", "--format", "json"],
        ["matrix", "cuda", "12.4"],
        ["matrix", "gpu", "RTX 4090", "--json"],
    ],
    ids=lambda a: " ".join(a),
)
def test_read_only_commands_write_nothing(sandbox: tuple, args: List[str]) -> None:
    cwd, env = sandbox
    paths = written_paths([sys.executable, "-m", "envcheck", *args], cwd, env)
    assert _unexpected(paths, set()) == set()


def test_output_flag_writes_only_that_file(sandbox: tuple) -> None:
    cwd, env = sandbox
    out = cwd / "report.json"
    paths = written_paths(
        [sys.executable, "-m", "envcheck", "inspect", "--json", "--output", str(out)], cwd, env
    )
    assert out.exists()
    assert _unexpected(paths, {str(out)}) == set()


def test_fleet_writes_only_its_output(sandbox: tuple) -> None:
    cwd, env = sandbox
    nodes = cwd / "nodes"
    nodes.mkdir()
    for i in range(3):
        (nodes / f"n{i}.json").write_text(f'{{"schema_version": 1, "hostname": "n{i}"}}')
    out = cwd / "fleet.html"
    paths = written_paths(
        [sys.executable, "-m", "envcheck", "fleet", str(nodes), "-f", "html", "-o", str(out)],
        cwd,
        env,
    )
    assert out.exists()
    assert _unexpected(paths, {str(out)}) == set()
