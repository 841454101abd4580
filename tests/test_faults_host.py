"""Fault injection on the host itself, as an unprivileged user so that permissions really bite:
unreadable /proc and /sys files (a host tree under ENVCHECK_SYSROOT with mode-000 files), an
unlistable /dev, and a read-only home directory.

The tests run envcheck as uid 65534 (``setpriv``) when the suite runs as root; the interpreter
and readable copies of envcheck's dependencies are set up by faults_support.make_unprivileged.
A fact that could not be read must be ``unknown: <reason>`` — never a default, never "absent" —
and `verify` must skip what it cannot judge instead of concluding from missing data.
"""

from __future__ import annotations

import hashlib
import http.server
import os
import threading
from pathlib import Path
from typing import Any, Dict, Iterator

import pytest
from faults_support import (
    BUDGET_S,
    REPO,
    Run,
    Unprivileged,
    assert_clean_error,
    assert_no_crash,
    make_unprivileged,
    remove_tree,
    run_envcheck,
)

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions only")


@pytest.fixture(scope="module")
def user() -> Iterator[Unprivileged]:
    setup = make_unprivileged()
    if setup is None:
        pytest.skip(
            "cannot run envcheck as an unprivileged user here (no setpriv, or no "
            "interpreter that user can execute)"
        )
    yield setup
    remove_tree(setup.scratch)


def _write(root: Path, path: str, text: str) -> Path:
    target = root / path.lstrip("/")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)
    return target


def host_tree(root: Path) -> None:
    """A small host laid out like a cgroup-v2 GPU node with the NVIDIA module loaded."""
    _write(
        root,
        "/proc/modules",
        "nvidia_uvm 1437696 0 - Live 0x0\nnvidia 56717312 1 nvidia_uvm, Live 0x0\n",
    )
    _write(
        root,
        "/proc/driver/nvidia/version",
        "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024\n"
        "GCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n",
    )
    _write(root, "/proc/cpuinfo", "processor\t: 0\nmodel name\t: AMD EPYC 9654 96-Core Processor\n")
    _write(
        root,
        "/proc/meminfo",
        "MemTotal:       1056462848 kB\nMemAvailable:   1000000000 kB\n"
        "SwapTotal:             0 kB\nSwapFree:              0 kB\n",
    )
    _write(root, "/proc/version", "Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org)\n")
    _write(root, "/proc/sys/kernel/osrelease", "6.1.0-18-amd64\n")
    _write(root, "/proc/self/cgroup", "0::/system.slice/slurmstepd.scope/job_42\n")
    _write(root, "/proc/1/cgroup", "0::/init.scope\n")
    _write(
        root, "/etc/os-release", 'ID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12"\n'
    )
    _write(root, "/sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids\n")
    job = "/sys/fs/cgroup/system.slice/slurmstepd.scope/job_42"
    _write(root, f"{job}/cpu.max", "800000 100000\n")
    _write(root, f"{job}/memory.max", "68719476736\n")
    _write(root, "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n")
    _write(root, "/sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n")
    (root / "sys/devices/system/node/node0").mkdir(parents=True)
    for node in ("nvidia0", "nvidiactl", "nvidia-uvm"):
        _write(root, f"/dev/{node}", "")
        (root / "dev" / node).chmod(0o666)
    (root / "dev/shm").mkdir(parents=True)


def lock_files(root: Path, keep: tuple = ("cgroup.controllers", "cgroup")) -> None:
    """chmod 000 every regular file in the tree (but the ones named in ``keep``)."""
    for directory, _dirs, files in os.walk(root):
        for name in files:
            if name not in keep and not directory.endswith("/dev"):
                os.chmod(os.path.join(directory, name), 0)
    for directory, dirs, _files in os.walk(root):
        for name in dirs:
            os.chmod(os.path.join(directory, name), 0o755)
    root.chmod(0o755)


def _unknown(value: Any) -> str:
    assert isinstance(value, dict) and set(value) == {"unknown"}, f"expected unknown, got {value!r}"
    return value["unknown"]


def _check(run: Run, command: str) -> Dict[str, Any]:
    assert_no_crash(run)
    assert run.returncode in ((0,) if command == "inspect" else (0, 1)), run
    assert run.seconds < BUDGET_S, run
    data = run.json()
    return data["snapshot"] if command == "verify" else data


def test_readable_tree_is_read(user: Unprivileged) -> None:
    """Control: the same tree with normal permissions gives real values (so the test below
    fails for the right reason)."""
    root = user.tree("host")
    host_tree(root)
    run = user.run(
        ["inspect", "--json", "--timeout", "3"],
        user.env(ENVCHECK_SYSROOT=str(root)),
        cwd=user.scratch,
    )
    snap = _check(run, "inspect")
    assert snap["kernel"]["modules"]["nvidia"] is True
    assert snap["kernel"]["proc_driver_version"] == "550.54.15"
    assert snap["cpu_memory"]["cpu_model"] == "AMD EPYC 9654 96-Core Processor"
    assert snap["cpu_memory"]["governor"] == "performance"
    assert snap["os"]["cgroup_version"] == 2
    assert snap["os"]["cgroup_cpu_quota_cores"] == 8.0
    assert snap["os"]["cgroup_memory_limit_bytes"] == 68719476736


@pytest.mark.parametrize("command", ["inspect", "verify"])
def test_unreadable_proc_and_sys_files(user: Unprivileged, command: str) -> None:
    root = user.tree("host")
    host_tree(root)
    lock_files(root)
    args = ["inspect", "--json"] if command == "inspect" else ["verify", "--format", "json"]
    run = user.run(
        [*args, "--timeout", "3"], user.env(ENVCHECK_SYSROOT=str(root)), cwd=user.scratch
    )
    snap = _check(run, command)
    assert "permission" in _unknown(snap["kernel"]["modules"])
    assert "permission" in _unknown(snap["kernel"]["proc_driver_version"])
    assert "permission" in _unknown(snap["cpu_memory"]["cpu_model"])
    assert "permission" in _unknown(snap["cpu_memory"]["mem_total_bytes"])
    assert "permission" in _unknown(snap["cpu_memory"]["governor"])
    assert "permission" in _unknown(snap["cpu_memory"]["transparent_hugepages"])
    assert "permission" in _unknown(snap["os"]["distribution"])
    # an unreadable cgroup limit is not "no limit"
    assert "permission" in _unknown(snap["os"]["cgroup_cpu_quota_cores"])
    assert "permission" in _unknown(snap["os"]["cgroup_memory_limit_bytes"])
    if command == "verify":
        data = run.json()
        reasons = " ".join(s["reason"] for s in data["skipped"])
        assert "permission" in reasons, "checks that need unreadable facts are skipped, with why"


def test_unlistable_dev(user: Unprivileged) -> None:
    """/dev that cannot be listed: the device nodes are unknown, not "missing"."""
    root = user.tree("host")
    host_tree(root)
    (root / "dev").chmod(0o311)  # search but no read: nodes exist, the listing is denied
    run = user.run(
        ["inspect", "--json", "--timeout", "3"],
        user.env(ENVCHECK_SYSROOT=str(root)),
        cwd=user.scratch,
    )
    snap = _check(run, "inspect")
    nodes = snap["kernel"]["device_nodes"]
    assert nodes != [], "an unlistable /dev must not read as 'no device nodes'"
    assert "permission" in _unknown(nodes)


# --- a read-only home directory -------------------------------------------------------------


@pytest.fixture
def readonly_home(user: Unprivileged) -> Path:
    home = user.tree("home")
    (home / ".cache").mkdir()
    (home / ".local").mkdir()
    for path in (home / ".cache", home / ".local", home):
        path.chmod(0o555)
    return home


@pytest.mark.parametrize(
    "args",
    [
        ["data", "info"],
        ["data", "info", "--json"],
        ["inspect"],
        ["verify"],
        ["verify", "--format", "json"],
        ["matrix", "cuda", "12.4"],
        ["checks"],
    ],
    ids=lambda a: "-".join(a),
)
def test_read_only_home(user: Unprivileged, readonly_home: Path, args: list) -> None:
    env = user.env(HOME=str(readonly_home))
    env.pop("XDG_DATA_HOME", None)
    env.pop("XDG_CACHE_HOME", None)
    run = user.run(args, env, cwd=readonly_home)
    assert_no_crash(run)
    assert run.returncode in (0, 1), run
    assert run.seconds < BUDGET_S, run
    assert sorted(os.listdir(readonly_home)) == [".cache", ".local"], "nothing written to HOME"


def test_data_update_into_read_only_home(
    user: Unprivileged, readonly_home: Path, tmp_path: Path
) -> None:
    """`data update` downloads a valid bundle (a real HTTP server on 127.0.0.1) but cannot write
    the user data directory: a clean exit 2 naming the directory, and nothing written."""
    bundle = tmp_path / "bundle.json"
    made = run_envcheck(
        ["data", "bundle", "--from", str(REPO / "compat_data"), "--output", str(bundle)]
    )
    assert made.returncode == 0, made
    body = bundle.read_bytes()
    from envcheck.signing import generate_keypair, sign

    pub, key_id, seed = generate_keypair("envcheck tests only")  # a site key, made here
    signature = sign(body, seed, key_id).encode()
    key = user.scratch / "site.pub"
    key.write_text(pub)
    key.chmod(0o644)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            payload = signature if self.path.endswith(".minisig") else body
            self.send_response(200)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        env = user.env(HOME=str(readonly_home))
        env.pop("XDG_DATA_HOME", None)
        url = f"http://127.0.0.1:{server.server_address[1]}/bundle.json"
        run = user.run(
            [
                "data",
                "update",
                "--url",
                url,
                "--sha256",
                hashlib.sha256(body).hexdigest(),
                "--signed-by",
                str(key),
            ],  # fmt: skip
            env,
            cwd=readonly_home,
        )
    finally:
        server.shutdown()
        server.server_close()
    assert_clean_error(run, 2, "cannot write", str(readonly_home / ".local"))
    assert sorted(os.listdir(readonly_home)) == [".cache", ".local"]
    assert os.listdir(readonly_home / ".local") == []


def test_home_not_accessible(user: Unprivileged) -> None:
    """HOME names a directory this user may not even enter (a service account whose HOME is
    /root, or a mode-000 home): the matrix falls back to the bundled data, verify judges."""
    home = user.tree("home")
    home.chmod(0)
    env = user.env(HOME=str(home))
    env.pop("XDG_DATA_HOME", None)
    for args in (["verify"], ["data", "info"], ["matrix", "driver", "535.104.05"]):
        run = user.run(args, env, cwd=user.scratch)
        assert_no_crash(run)
        assert run.returncode in (0, 1), run
