"""Regression tests for the attack pass of issue 16, each through the real CLI in a subprocess.

Every test here failed on the code before the fix (output clobbering, XSS, hangs, crashes,
unsanitised output); docs/security.md says what protects each path.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from faults_support import assert_clean_error, assert_no_crash, base_env, fake_exe, run_envcheck

HEALTHY = Path(__file__).parent / "fixtures" / "snapshots" / "healthy_h100.json"
ESCAPES = ("\x1b]0;pwned\x07", "\x1b[2J", "\x9b31m", "\x07", "\u202e")


def _snapshot(tmp_path: Path, name: str, change: Any) -> Path:
    data = json.loads(HEALTHY.read_text())
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def _no_escapes(text: str) -> None:
    for esc in ESCAPES:
        assert esc not in text, f"{esc!r} reached the output"
    assert "\x1b" not in text and "\x9b" not in text


# --- 1. --output ----------------------------------------------------------------------------


def test_output_symlink_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("secret\n")
    victim.chmod(0o600)
    link = tmp_path / "report.json"
    link.symlink_to(victim)
    run = run_envcheck(
        ["verify", "--snapshot", str(HEALTHY), "--format", "json", "--output", str(link)]
    )
    assert_clean_error(run, 2, "symbolic link")
    assert victim.read_text() == "secret\n"
    assert stat.S_IMODE(victim.stat().st_mode) == 0o600
    assert link.is_symlink()


def test_planted_pid_temp_names_are_not_followed(tmp_path: Path) -> None:
    """The old writer used `.NAME.<pid>.tmp`; symlinks planted for every likely pid must not
    receive the report (mkstemp picks an unpredictable name with O_EXCL)."""
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    out = tmp_path / "out.json"
    for pid in range(os.getpid(), os.getpid() + 400):
        (tmp_path / f".out.json.{pid}.tmp").symlink_to(victim)
    run = run_envcheck(
        ["verify", "--snapshot", str(HEALTHY), "--format", "json", "--output", str(out)]
    )
    assert run.returncode == 0, run
    assert victim.read_text() == "keep\n"
    assert json.loads(out.read_text())["summary"]


def test_output_keeps_the_existing_mode(tmp_path: Path) -> None:
    out = tmp_path / "node.prom"
    out.write_text("old\n")
    out.chmod(0o600)
    run = run_envcheck(
        ["verify", "--snapshot", str(HEALTHY), "--format", "prometheus", "--output", str(out)]
    )
    assert run.returncode == 0, run
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert "envcheck_check_status" in out.read_text()


def test_output_to_a_fifo_without_reader_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "out"
    os.mkfifo(fifo)
    run = run_envcheck(["verify", "--snapshot", str(HEALTHY), "--output", str(fifo)], timeout=20)
    assert_clean_error(run, 2, "FIFO")


def _json_report_with_sitecustomize(
    tmp_path: Path, code: str
) -> Tuple[List[str], Dict[str, str], Path]:
    """The real CLI writing a JSON report to tmp_path/report.json, with ``code`` run first in
    its interpreter (a `sitecustomize` on PYTHONPATH) to open a window to interrupt in."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(code)
    out = tmp_path / "report.json"
    argv = [
        sys.executable,
        "-m",
        "envcheck",
        "verify",
        "--snapshot",
        str(HEALTHY),
        "--format",
        "json",
        "--output",
        str(out),
    ]
    return argv, base_env(PYTHONPATH=str(site)), out


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_signal_during_write_removes_the_temp_file(signum: int, tmp_path: Path) -> None:
    """A real process, a real signal, while a big report is being written into a FIFO-slow
    target: interrupt it mid-write, and no `.NAME.*.tmp` remains."""
    # A large text report (fleet over many copies) gives a window to interrupt in; the write
    # itself is slowed by a `sitecustomize` that makes os.write sleep: the real CLI runs.
    argv, env, out = _json_report_with_sitecustomize(
        tmp_path,
        "import os, time\n"
        "_w = os.write\n"
        "def _slow(fd, data):\n"
        "    time.sleep(0.05)\n"
        "    return _w(fd, bytes(data)[:4096])\n"
        "os.write = _slow\n",
    )
    proc = subprocess.Popen(
        argv,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not list(tmp_path.glob(".report.json.*.tmp")):
        time.sleep(0.01)
    assert list(tmp_path.glob(".report.json.*.tmp")), "the write never started"
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode in (128 + signum, 130, -signum), (proc.returncode, err)
    assert b"Traceback" not in err, err
    assert not list(tmp_path.glob(".report.json.*")), "temporary file left behind"
    assert not out.exists()


def test_a_signal_the_instant_the_temp_file_is_made_removes_it(tmp_path: Path) -> None:
    """The narrowest window: SIGTERM right after mkstemp created the file, before envcheck
    knows its name. A `sitecustomize` makes mkstemp send the signal to its own process (the
    real CLI runs); the file must still be removed and the exit be 128+15, not a kill."""
    argv, env, out = _json_report_with_sitecustomize(
        tmp_path,
        "import os, signal, tempfile\n"
        "_mk = tempfile.mkstemp\n"
        "def _mk_then_term(*a, **k):\n"
        "    made = _mk(*a, **k)\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    return made\n"
        "tempfile.mkstemp = _mk_then_term\n",
    )
    run = subprocess.run(
        argv,
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert run.returncode == 128 + signal.SIGTERM, (run.returncode, run.stderr)
    assert b"Traceback" not in run.stderr, run.stderr
    assert not list(tmp_path.glob(".report.json.*")), "temporary file left behind"
    assert not out.exists()


# --- 2/8. escaping in every format ------------------------------------------------------------


def _hostile(data: Dict[str, Any]) -> None:
    data["hostname"] = "node\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e<script>alert(1)</script>\x01"
    data["driver"]["version"] = "470.82.01"  # an error finding that quotes input


def test_text_report_neutralises_escapes(tmp_path: Path) -> None:
    snap = _snapshot(tmp_path, "s.json", _hostile)
    run = run_envcheck(["verify", "--snapshot", str(snap)])
    assert_no_crash(run)
    _no_escapes(run.stdout)
    assert "\\x1b]0;pwned" in run.stdout  # shown, inert


def test_junit_parses_with_control_characters(tmp_path: Path) -> None:
    snap = _snapshot(tmp_path, "s.json", _hostile)
    run = run_envcheck(["verify", "--snapshot", str(snap), "--format", "junit"])
    assert_no_crash(run)
    ET.fromstring(run.stdout.split("\n", 1)[1])


def test_nhc_has_no_c1_controls(tmp_path: Path) -> None:
    def change(d: Dict[str, Any]) -> None:
        d["driver"]["version"] = "470.82.01\x9b31m\x85"

    snap = _snapshot(tmp_path, "s.json", change)
    run = run_envcheck(["verify", "--snapshot", str(snap), "--format", "nhc"])
    assert_no_crash(run)
    assert run.returncode == 1 and run.stdout
    assert not any(0x80 <= ord(c) <= 0x9F or ord(c) < 0x20 and c != "\n" for c in run.stdout)


def test_fleet_html_escapes_severity_and_every_field(tmp_path: Path) -> None:
    payload = "<img src=x onerror=alert(1)>'\""
    report = {
        "findings": [{"code": "EC101", "category": payload, "severity": payload, "title": payload}],
        "snapshot": {"hostname": payload},
    }
    (tmp_path / "n.json").write_text(json.dumps(report))
    run = run_envcheck(["fleet", str(tmp_path / "n.json"), "--format", "html"])
    assert_no_crash(run)
    assert "<img" not in run.stdout and "onerror=alert(1)>" not in run.stdout
    assert "&lt;img" in run.stdout


def test_json_never_emits_nan(tmp_path: Path) -> None:
    snap = tmp_path / "nan.json"
    snap.write_text(HEALTHY.read_text().replace('"power_draw_w": ', '"power_draw_w": NaN, "x": '))
    run = run_envcheck(["verify", "--snapshot", str(snap), "--format", "json"])
    assert_clean_error(run, 2, "NaN")


# --- 4. special files -------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--snapshot", "--from-report", "--error-log", "--policy"])
def test_fifo_inputs_are_refused_without_hanging(flag: str, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args = ["verify", flag, str(fifo)]
    if flag == "--policy":
        args += ["--snapshot", str(HEALTHY)]
    run = run_envcheck(args, timeout=20)
    assert_clean_error(run, 2, "FIFO")


@pytest.mark.parametrize(
    "args",
    [
        ["watch", "--replay", "{fifo}"],
        ["fix", "--docker", "--offline", "--snapshot", str(HEALTHY), "--requirements", "{fifo}",
         "--output", "{tmp}/ctx"],
        ["fleet", "{fifo}"],
    ],
    ids=["watch-replay", "fix-docker-requirements", "fleet"],
)  # fmt: skip
def test_fifo_inputs_of_the_other_commands_are_refused(args: list, tmp_path: Path) -> None:
    """`watch --replay FIFO` and `fix --docker --requirements FIFO` hung (issue 16, item 4)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    argv = [a.format(fifo=fifo, tmp=tmp_path) for a in args]
    run = run_envcheck(argv, timeout=20)
    assert_no_crash(run)
    assert run.returncode == 2, run
    assert "FIFO" in run.stderr or "not a regular file" in run.stdout, run


# --- 5. hung / lingering nvidia-smi -----------------------------------------------------------


def _smi_env(bindir: Path) -> Dict[str, str]:
    env = base_env()
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
    env.pop("LD_LIBRARY_PATH", None)
    return env


@pytest.mark.parametrize("timeout", ["0.3", "0.5"])
def test_hung_nvidia_smi_fails_at_any_timeout(timeout: str, tmp_path: Path) -> None:
    fake_exe(tmp_path / "bin", "nvidia-smi", "exec sleep 30\n")
    run = run_envcheck(
        ["verify", "--format", "json", "--timeout", timeout], env=_smi_env(tmp_path / "bin")
    )
    assert_no_crash(run)
    assert run.returncode == 1, run
    assert "EC403" in [f["code"] for f in run.json()["findings"]]


def test_finished_nvidia_smi_with_a_lingering_child_is_not_a_hang(tmp_path: Path) -> None:
    xml = Path(__file__).parent / "fixtures" / "probes" / "nvidia-smi-q-x-rtx4090-535.xml"
    marker = tmp_path / "child.pid"
    fake_exe(
        tmp_path / "bin",
        "nvidia-smi",
        f'case "$*" in *-x*) cat "{xml}"; (sleep 30 & echo $! > "{marker}"); exit 0;; esac\n'
        "exit 4\n",
    )
    run = run_envcheck(["inspect", "--json", "--timeout", "3"], env=_smi_env(tmp_path / "bin"))
    assert run.returncode == 0, run
    assert run.json()["driver"]["status"] == "ok", run.json()["driver"]
    assert run.seconds < 3, run


def test_setsid_grandchild_of_a_hung_probe_is_killed(tmp_path: Path) -> None:
    marker = tmp_path / "grandchild.pid"
    fake_exe(
        tmp_path / "bin",
        "nvidia-smi",
        f"setsid sh -c 'echo $$ > \"{marker}\"; exec sleep 60' &\nexec sleep 60\n",
    )
    run = run_envcheck(["inspect", "--json", "--timeout", "0.5"], env=_smi_env(tmp_path / "bin"))
    assert run.returncode == 0, run
    pid = int(marker.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _alive(pid):
        time.sleep(0.05)
    assert not _alive(pid), "the setsid grandchild survived"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return False


def test_endless_nvidia_smi_output_is_capped_while_reading(tmp_path: Path) -> None:
    fake_exe(tmp_path / "bin", "nvidia-smi", "exec yes\n")
    start = time.monotonic()
    run = run_envcheck(["inspect", "--json", "--timeout", "20"], env=_smi_env(tmp_path / "bin"))
    assert run.returncode == 0, run
    assert time.monotonic() - start < 15
    assert "more than 8 MiB" in run.json()["driver"]["detail"]


# --- 6. bounded work --------------------------------------------------------------------------


def test_report_with_40k_gpu_lines_is_fast(tmp_path: Path) -> None:
    lines = ["PyTorch version: 2.1.0", "Is CUDA available: True", "GPU models and configuration:"]
    lines += [f"GPU {i}: NVIDIA A100-SXM4-80GB" for i in range(40000)]
    lines += ["Nvidia driver version: 535.104.05"]
    report = tmp_path / "r.txt"
    report.write_text("\n".join(lines) + "\n")
    run = run_envcheck(["verify", "--from-report", str(report), "--format", "json"])
    assert run.returncode in (0, 1), run
    assert run.seconds < 10, run  # 60 s before; the importer itself is well under a second
    assert len(run.json()["snapshot"]["driver"]["gpus"]) == 1024
    # Facts about GPUs past the cap are not "read" either: they were 40,002 evidence entries
    # (13 MB of JSON; a 16 MB paste made 125 MB and 1.2 GB of memory).
    assert len(run.json()["snapshot"]["evidence"]["read"]) <= 1024 + 8
    assert len(run.stdout) < 5 << 20


def test_fleet_file_over_the_cap_is_an_unreadable_node(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate((16 << 20) + 10)
    run = run_envcheck(["fleet", str(big), str(HEALTHY), "--format", "json"])
    assert_no_crash(run)
    # unreadable inputs are listed apart from judged nodes (issue 11)
    unreadable = {n["source"]: n for n in run.json()["unreadable"]}
    assert "larger than 16 MiB" in unreadable[str(big)]["error"]


def test_large_snapshot_with_many_log_entries_is_bounded(tmp_path: Path) -> None:
    """Issue 16: a 60 MB snapshot with 1.2M error-log entries took 1.5 GB with --format json.
    Over 16 MiB is refused unread; just under it, the entries kept are capped (10,000)."""
    data = json.loads(HEALTHY.read_text())
    data["error_log"] = [{"pattern": "oom", "line": f"CUDA OOM {i}"} for i in range(1_200_000)]
    big = tmp_path / "big.json"
    big.write_text(json.dumps(data, separators=(",", ":")))
    run = run_envcheck(["verify", "--snapshot", str(big), "--format", "json"])
    assert_clean_error(run, 2, "larger than 16 MiB")
    data["error_log"] = data["error_log"][:300_000]
    big.write_text(json.dumps(data, separators=(",", ":")))
    assert big.stat().st_size < 16 << 20
    probe = (
        "import resource, subprocess, sys\n"
        "p = subprocess.run([sys.executable, '-m', 'envcheck', 'verify', '--snapshot', sys.argv[1],"
        " '--format', 'json'], capture_output=True)\n"
        "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,"
        " len(p.stdout))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, str(big)], capture_output=True, env=base_env(), timeout=120
    )
    rc, rss_kb, size = (int(x) for x in out.stdout.split())
    assert rc in (0, 1), out
    assert rss_kb < 400_000, f"peak {rss_kb // 1024} MiB"
    assert size < 5 << 20  # 10,000 entries, not 300,000


def test_fleet_grouping_is_linear(tmp_path: Path) -> None:
    """Issue 16: 50,000 nodes all failing the same check. A list scan per node for the
    per-severity lists made it quadratic (27 s of CPU at 50,000, 4 s at 20,000); linear it
    is ~3 s. CPU time of the child, not wall time: the test machines are shared."""

    doc = json.dumps(
        {
            "findings": [
                {"code": "EC101", "severity": "error", "title": "t", "category": "driver-too-old"}
            ],
            "snapshot": {},
        }
    )
    stdin = "\n".join(
        doc.replace('"snapshot": {}', f'"snapshot": {{"hostname": "n{i}"}}') for i in range(50000)
    )
    # A wrapper process whose only child is the fleet run: RUSAGE_CHILDREN of pytest itself
    # is the largest child of the whole session (a torch test's 736 MiB failed this in CI).
    probe = (
        "import json, resource, subprocess, sys\n"
        "p = subprocess.run([sys.executable, '-m', 'envcheck', 'fleet', '-', '--format', 'json',"
        " '--workers', '1'], stdin=sys.stdin, capture_output=True)\n"
        "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
        "sys.stderr.write(p.stderr.decode(errors='replace'))\n"
        "print(json.dumps({'rc': p.returncode, 'cpu': r.ru_utime + r.ru_stime,"
        " 'rss_kb': r.ru_maxrss, 'out': p.stdout.decode()}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe],
        input=stdin.encode(),
        capture_output=True,
        env=base_env(),
        timeout=300,
    )
    result = json.loads(proc.stdout)
    assert result["rc"] == 1, proc.stderr
    entry = json.loads(result["out"])["by_check"]["EC101"]
    assert len(entry["nodes"]) == len(entry["severities"]["error"]) == 50000
    assert result["cpu"] < 15, f"{result['cpu']:.1f} s of CPU for 50,000 nodes"
    assert result["rss_kb"] < 600_000, f"peak {result['rss_kb'] // 1024} MiB"


# --- 7. crashes -> exit 2 ---------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "json", "prometheus"])
def test_huge_integer_in_a_float_field(fmt: str, tmp_path: Path) -> None:
    def change(d: Dict[str, Any]) -> None:
        d["driver"]["gpus"][0]["power_draw_w"] = int("9" * 400)

    snap = _snapshot(tmp_path, "s.json", change)
    run = run_envcheck(["verify", "--snapshot", str(snap), "--format", fmt])
    assert_clean_error(run, 2, "integer too large")


def test_lone_surrogate_in_a_string(tmp_path: Path) -> None:
    snap = tmp_path / "s.json"
    snap.write_text(HEALTHY.read_text().replace('"hostname": "', '"hostname": "\\ud800', 1))
    for fmt in ("text", "json", "junit", "nhc", "prometheus"):
        run = run_envcheck(["verify", "--snapshot", str(snap), "--format", fmt])
        assert_no_crash(run)
        assert run.returncode in (0, 1), run


def test_deep_json_in_fleet_is_one_unreadable_node(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    run = run_envcheck(["fleet", str(deep), str(HEALTHY), "--format", "json"])
    assert_no_crash(run)
    data = run.json()
    # the unreadable document is listed apart, not counted as a node (issue 11)
    assert data["summary"]["nodes"] == 1 and data["summary"]["unreadable"] == 1
    proc = subprocess.run(
        [sys.executable, "-m", "envcheck", "fleet", "-"],
        input=("[" * 100000).encode() + b"\n" + HEALTHY.read_bytes(),
        capture_output=True,
        env=base_env(),
        timeout=60,
    )
    assert b"Traceback" not in proc.stderr and b"internal error" not in proc.stderr
    # the unsplittable rest of stdin is one unreadable input: exit 2 (docs/scheduling.md)
    assert proc.returncode == 2 and b"depth exceeded" in proc.stdout


@pytest.mark.parametrize(
    "text, words",
    [
        ("a = " + "[" * 50000 + "]" * 50000 + "\n", ("not valid TOML",)),
        ('[thresholds]\nshm_min_bytes = "' + "9" * 400 + 'GiB"\n', ("shm_min_bytes",)),
        ("[thresholds]\nshm_min_bytes = " + "9" * 30 + "\n", ("shm_min_bytes",)),
        ("[thresholds]\ncores_per_gpu_min = nan\n", ("finite",)),
    ],
    ids=["deep", "huge-size-string", "huge-size-int", "nan"],
)
def test_hostile_policy_values(text: str, words: tuple, tmp_path: Path) -> None:
    policy = tmp_path / "p.toml"
    policy.write_text(text)
    run = run_envcheck(["verify", "--policy", str(policy), "--snapshot", str(HEALTHY)])
    assert_clean_error(run, 2, *words)


def test_matrix_cuda_with_5000_digits() -> None:
    run = run_envcheck(["matrix", "cuda", "1" * 5000])
    assert_clean_error(run, 2, "not a valid CUDA version")


# --- 9. fix --apply -------------------------------------------------------------------------


def test_fix_apply_refuses_error_log(tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    log.write_text("RuntimeError: CUDA error: no kernel image is available for execution\n")
    run = run_envcheck(["fix", "--apply", "--yes", "--error-log", str(log)])
    assert_clean_error(run, 2, "--error-log")


# --- fix --docker into a shared folder ----------------------------------------------------------


def test_fix_docker_does_not_write_through_planted_links(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep\n")
    ctx = tmp_path / "ctx"
    ctx.mkdir()
    (ctx / "Dockerfile").symlink_to(victim)
    run = run_envcheck(["fix", "--docker", "--snapshot", str(HEALTHY), "--output", str(ctx)])
    # the context writer (issue 12) refuses the link as a file it did not write
    assert_clean_error(run, 2, "Dockerfile (a symlink)")
    assert victim.read_text() == "keep\n"


# --- outputs besides --output: the watch trace, data bundle ---------------------------------


def _victim(tmp_path: Path) -> Path:
    victim = tmp_path / "victim"
    victim.write_text("root-only secret\n")
    victim.chmod(0o600)
    return victim


def test_watch_default_trace_is_not_written_through_a_planted_link(tmp_path: Path) -> None:
    """The default trace name (envcheck-watch-<time>.jsonl in the current folder) is
    predictable: links planted for the next seconds made root truncate their target."""
    import datetime as dt

    victim = _victim(tmp_path)
    now = dt.datetime.now()
    for s in range(-2, 40):
        stamp = (now + dt.timedelta(seconds=s)).strftime("%Y%m%d-%H%M%S")
        (tmp_path / f"envcheck-watch-{stamp}.jsonl").symlink_to(victim)
    run = run_envcheck(["watch", "--no-verify", "--", "true"], cwd=tmp_path, timeout=30)
    assert_clean_error(run, 2, "symbolic link")
    assert victim.read_text() == "root-only secret\n"


def test_watch_record_link_refused_and_a_real_trace_replays(tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    (tmp_path / "t.jsonl").symlink_to(victim)
    args = ["watch", "--no-verify", "--interval", "0.1", "--record"]
    run = run_envcheck([*args, str(tmp_path / "t.jsonl"), "--", "true"], timeout=30)
    assert_clean_error(run, 2, "symbolic link")
    assert victim.read_text() == "root-only secret\n"
    trace = tmp_path / "real.jsonl"
    trace.write_text("old\n")
    trace.chmod(0o640)
    run = run_envcheck([*args, str(trace), "--", "true"], timeout=30)
    assert run.returncode == 0, run
    assert stat.S_IMODE(trace.stat().st_mode) == 0o640  # the existing mode kept
    run = run_envcheck(["watch", "--replay", str(trace), "--format", "json"])
    assert run.returncode == 0, run
    assert not list(tmp_path.glob(".real.jsonl.*")), "temporary file left behind"


@pytest.mark.parametrize(
    "change",
    [
        lambda rows: rows + ['{"src": "self", "t": 1.0, "cpu_s": ' + "9" * 400 + "}"],
        lambda rows: rows + ['{"src": "tree", "t": 1.0, "procs": ' + "[" * 100000 + "}"],
        lambda rows: [rows[0].replace('"version": 1', '"version": ' + "9" * 5000)],
        lambda rows: rows + ['{"src": "self", "t": 1.0, "cpu_s": NaN}'],
    ],
    ids=["400-digits", "deep", "5000-digit-version", "nan"],
)
def test_hostile_watch_trace_is_a_clean_error(change: Any, tmp_path: Path) -> None:
    """`watch --replay` parsed traces with plain json.loads: OverflowError, RecursionError and
    AttributeError (exit 3) on crafted traces."""
    header = {"format": "envcheck-watch-trace", "version": 1, "mode": "wrap",
              "started": "2026-01-01T00:00:00+00:00", "interval_s": 0.5, "command": ["x"],
              "host": {"cpus": 2, "quota_cores": None}}  # fmt: skip
    rows = [json.dumps(header), '{"src": "self", "t": 0.5, "cpu_s": 0.1, "rss_b": 1000}']
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(change(rows)) + "\n")
    for fmt in ("text", "json", "prometheus"):
        run = run_envcheck(["watch", "--replay", str(trace), "--format", fmt])
        assert_clean_error(run, 2, "not a JSON line")


def test_data_bundle_output_link_is_refused(tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    (tmp_path / "b.json").symlink_to(victim)
    run = run_envcheck(["data", "bundle", "--output", str(tmp_path / "b.json")])
    assert_clean_error(run, 2, "symbolic link")
    assert victim.read_text() == "root-only secret\n"


_RECORDED = Path(__file__).parent / "fixtures" / "watch" / "recorded"


def _recorded_with(tmp_path: Path, src: str, change: Any) -> Path:
    """The recorded trace with ``change`` applied to the first row from ``src``."""
    lines = next(_RECORDED.glob("*.jsonl")).read_text().splitlines()
    for i, line in enumerate(lines[1:], 1):
        row = json.loads(line)
        if row.get("src") == src:
            change(row)
            lines[i] = json.dumps(row)
            break
    trace = tmp_path / "t.jsonl"
    trace.write_text("\n".join(lines) + "\n")
    return trace


def test_unknown_self_sample_in_a_trace_is_judged(tmp_path: Path) -> None:
    """`{"unknown": why}` is the trace's form of a value a sampler could not read; the
    overhead summary compared it with numbers (TypeError, exit 3). Found by the fuzz harness."""
    trace = _recorded_with(tmp_path, "self", lambda r: r.update(rss_b={"unknown": "no statm"}))
    run = run_envcheck(["watch", "--replay", str(trace), "--format", "json"])
    assert run.returncode in (0, 1), run
    assert_no_crash(run)


@pytest.mark.parametrize(
    "src, change",
    [
        ("tree", lambda r: r.update(procs=2**63)),
        ("tree", lambda r: r["procs"][0].update(pid={})),
        ("host", lambda r: r.update(mem=" ")),
    ],
    ids=["procs-int", "pid-object", "mem-string"],
)
def test_wrong_types_in_a_replayed_trace_are_a_clean_error(
    src: str, change: Any, tmp_path: Path
) -> None:
    """Wrong types in trace rows reached the analyzers (TypeError/AttributeError, exit 3);
    found by the fuzz harness's trace family. The trace is input: exit 2 naming it."""
    trace = _recorded_with(tmp_path, src, change)
    for fmt in ("text", "json", "prometheus"):
        run = run_envcheck(["watch", "--replay", str(trace), "--format", fmt])
        assert_no_crash(run)
        if run.returncode == 2:
            assert "wrong type" in run.stderr, run
        else:
            assert run.returncode in (0, 1), run
