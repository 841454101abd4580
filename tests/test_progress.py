"""Progress on the slow paths (issue 15): shown on a terminal only, nothing in logs, pipes,
--quiet or machine formats. The real `envcheck verify` runs with its stderr on a pseudo-terminal
(the pty module) or on a pipe; stdout is always a pipe and must carry the report alone."""

from __future__ import annotations

import http.server
import json
import os
import pty
import select
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest
from kernels_support import build_fake_libcuda
from probes_support import build_fake_nvml

ROOT = Path(__file__).resolve().parent.parent


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM", "ENVCHECK_DEBUG")}
    env.update(TERM="xterm-256color", COLUMNS="100", **extra)
    return env


def run_on_tty(args: List[str], env: dict, cwd: Path, timeout: float = 120) -> Tuple[int, str, str]:
    """(exit code, stdout, what reached the terminal) with stderr on a pseudo-terminal."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "envcheck", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        stdin=subprocess.DEVNULL,
        env=env,
        cwd=str(cwd),
    )
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + timeout
    out_chunks = []
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master, proc.stdout], [], [], 0.2)
        if master in ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            seen += chunk
        if proc.stdout in ready:
            data = os.read(proc.stdout.fileno(), 65536)
            out_chunks.append(data)
            if not data and proc.poll() is not None:
                break
        if not ready and proc.poll() is not None:
            break
    proc.wait(timeout=10)
    os.close(master)
    out_chunks.append(proc.stdout.read())
    return proc.returncode, b"".join(out_chunks).decode(), seen.decode(errors="replace")


def run_on_pipe(args: List[str], env: dict, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(cwd),
        timeout=120,
    )


@pytest.fixture
def slow_url(tmp_path: Path) -> Iterator[str]:
    """A real HTTP server on 127.0.0.1 that takes a second to answer: a slow data URL."""

    class Slow(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the http.server API
            time.sleep(1.0)
            body = b"x" * 65536
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/shard.tar"
    finally:
        server.shutdown()
        server.server_close()


def test_a_slow_probe_shows_a_status_line_on_a_terminal(tmp_path: Path, slow_url: str) -> None:
    code, out, tty = run_on_tty(["verify", "--data-url", slow_url], _env(), tmp_path)
    assert code in (0, 1), tty
    assert "envcheck: probing this host" in tty and "waiting for" in tty
    assert "storage" in tty  # the probe still running while the URL is sampled
    assert out.startswith("envcheck ") and "\x1b" not in out  # stdout: the report alone


def test_deep_shows_what_it_waits_for(tmp_path: Path) -> None:
    code, out, tty = run_on_tty(["verify", "--deep"], _env(), tmp_path)
    assert code in (0, 1), tty
    assert "probing this host (--deep asks the frameworks)" in tty
    assert "\x1b" not in out


@pytest.mark.parametrize("extra", [["--format", "json"], ["--quiet"], ["-f", "nhc"]])
def test_machine_formats_and_quiet_show_nothing_even_on_a_terminal(
    tmp_path: Path, slow_url: str, extra: List[str]
) -> None:
    code, out, tty = run_on_tty(["verify", "--data-url", slow_url, *extra], _env(), tmp_path)
    assert code in (0, 1), tty
    assert tty == "", tty
    if "json" in extra:
        json.loads(out)


def test_a_pipe_or_log_gets_no_progress(tmp_path: Path, slow_url: str) -> None:
    proc = run_on_pipe(["verify", "--data-url", slow_url], _env(), tmp_path)
    assert proc.returncode in (0, 1), proc.stderr
    assert proc.stderr == ""


def test_a_dumb_terminal_gets_no_progress(tmp_path: Path, slow_url: str) -> None:
    env = _env()
    env["TERM"] = "dumb"
    _, _, tty = run_on_tty(["verify", "--data-url", slow_url], env, tmp_path)
    assert tty == ""


# --- verify --kernels, on fake GPUs (fake NVML + fake libcuda, both built with gcc) ---------


@pytest.fixture(scope="module")
def fake_gpus(tmp_path_factory: pytest.TempPathFactory) -> str:
    if not (shutil.which("gcc") or shutil.which("cc")):
        pytest.skip("no C compiler to build the fake NVML and libcuda")
    nvml = build_fake_nvml(tmp_path_factory.mktemp("nvml"))
    cuda = build_fake_libcuda(tmp_path_factory.mktemp("cuda"))
    if cuda is None:
        pytest.skip("the fake libcuda.so.1 could not be built")
    return f"{nvml}{os.pathsep}{cuda}"


KERNELS = ["verify", "--kernels", "quick", "--backend", "cuda-driver", "--budget", "30"]


def test_kernels_show_a_bar_per_gpu_on_a_terminal(tmp_path: Path, fake_gpus: str) -> None:
    code, out, tty = run_on_tty(KERNELS, _env(LD_LIBRARY_PATH=fake_gpus), tmp_path)
    assert code in (0, 1), tty
    assert "GPU 0: " in tty and "GPU 1: " in tty, tty[:2000]
    assert "/14" in tty  # done/total of the quick suite
    assert "GPU verification (--kernels):" in out and "\x1b" not in out


def test_kernels_print_nothing_on_a_pipe_or_in_json(tmp_path: Path, fake_gpus: str) -> None:
    env = _env(LD_LIBRARY_PATH=fake_gpus)
    piped = run_on_pipe(KERNELS, env, tmp_path)
    assert piped.returncode in (0, 1)
    assert "GPU verification (--kernels):" in piped.stdout  # the kernels really ran
    assert piped.stderr == "", piped.stderr  # no "envcheck: kernels: ..." lines
    code, out, tty = run_on_tty([*KERNELS, "--format", "json"], env, tmp_path)
    assert code in (0, 1)
    assert tty == ""
    assert json.loads(out)["snapshot"]["kernels"]


def _read_pty(master: int) -> bytes:
    seen = b""
    while select.select([master], [], [], 0.1)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    return seen


def _on_pty(argv: List[str]) -> Tuple[int, bytes]:
    """Run ``argv`` with a terminal on stdout and stderr: (exit code, what the terminal got)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, env=_env())
    os.close(slave)
    seen = b""
    while proc.poll() is None:
        seen += _read_pty(master)
    seen += _read_pty(master)
    os.close(master)
    return proc.returncode, seen


COUNTER = (
    "import time; from envcheck import progress\n"
    "show = progress.wanted('text', False)\n"
    "with progress.counter(3, 'envcheck: reading 3 files', show) as bar:\n"
    "    for _ in range(3):\n"
    "        time.sleep(0.3); bar.advance('items')\n"
    "print('done')\n"
)


def test_the_counter_hook_for_long_inputs_shows_on_a_terminal_only(tmp_path: Path) -> None:
    """The hook fleet and big --from-report reads can call: a bar over N items."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-c", COUNTER],
        stdout=subprocess.PIPE,
        stderr=slave,
        env=_env(PYTHONPATH=str(ROOT)),
    )
    os.close(slave)
    out, _ = proc.communicate(timeout=60)
    seen = _read_pty(master)
    os.close(master)
    assert out == b"done\n"
    assert b"envcheck: reading 3 files" in seen and b"/3" in seen, seen[:500]
    piped = subprocess.run(
        [sys.executable, "-c", COUNTER],
        capture_output=True,
        env=_env(PYTHONPATH=str(ROOT)),
        timeout=60,
    )
    assert piped.stdout == b"done\n" and piped.stderr == b""


def test_fleet_shows_a_bar_on_a_terminal_and_nothing_in_a_pipe(tmp_path: Path) -> None:
    """Issue 15: fleet over many snapshots said nothing while it worked."""
    snaps = tmp_path / "snaps"
    snaps.mkdir()
    healthy = (ROOT / "tests" / "fixtures" / "snapshots" / "healthy_h100.json").read_text()
    for i in range(120):
        (snaps / f"n{i}.json").write_text(healthy)
    argv = [sys.executable, "-m", "envcheck", "fleet", str(snaps), "--workers", "1"]
    code, seen = _on_pty(argv)
    assert code in (0, 1), seen[-500:]
    assert b"envcheck: judging 120 inputs" in seen and b"/120" in seen, seen[:500]
    # stdout a pipe (a log, a script): the report alone, no bar on stderr
    piped = subprocess.run(argv, capture_output=True, env=_env(), timeout=120)
    assert piped.returncode in (0, 1) and piped.stderr == b"", piped.stderr[:300]
    assert b"120 nodes" in piped.stdout
    # a machine format, even with a terminal on both streams: no bar
    out = tmp_path / "fleet.json"
    _, seen = _on_pty([*argv, "--format", "json", "--output", str(out)])
    assert b"judging" not in seen, seen[:300]
    assert json.loads(out.read_text())
