"""`--format prometheus` and the alerting rules against the real Prometheus tools.

promtool and node_exporter come from Debian's `prometheus` and `prometheus-node-exporter`
packages (.ci/services-up.sh installs them); where they are missing the tests skip with that
reason. node_exporter runs as an unprivileged user, as it does on real nodes, on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Iterator, List

import pytest

REPO = Path(__file__).resolve().parent.parent
SNAPSHOTS = sorted((REPO / "tests" / "fixtures" / "snapshots").glob("*.json"))
RULES = REPO / "docs" / "scheduler" / "prometheus-rules.yaml"
RULES_TEST = REPO / "tests" / "fixtures" / "prometheus" / "rules-test.yaml"
DAEMONSET = REPO / "docs" / "scheduler" / "k8s-daemonset.yaml"

PROMTOOL = shutil.which("promtool")
NODE_EXPORTER = shutil.which("prometheus-node-exporter") or shutil.which("node_exporter")
needs_promtool = pytest.mark.skipif(
    PROMTOOL is None, reason="promtool not installed (.ci/services-up.sh installs prometheus)"
)
needs_node_exporter = pytest.mark.skipif(
    NODE_EXPORTER is None or os.geteuid() != 0,
    reason="prometheus-node-exporter not installed, or not root to run it as nobody",
)

# label values that must survive the exposition format's escaping
HOSTILE_NAME = 'NVIDIA "H100" \\ 80GB\nHBM3 {gpu="9"} \u00e9\u4e2d'
HOSTILE_UUID = 'GPU-"}\n# TYPE evil counter\nevil 1'


def _envcheck(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args], capture_output=True, text=True, timeout=60, **kw
    )


def _hostile_snapshot(folder: Path) -> Path:
    data = json.loads((REPO / "tests/fixtures/snapshots/sick_gpus.json").read_text())
    gpus = data["driver"]["gpus"]
    assert isinstance(gpus, list) and gpus, "fixture layout changed: no driver.gpus list"
    gpus[0]["name"] = HOSTILE_NAME
    gpus[0]["uuid"] = HOSTILE_UUID
    path = folder / "hostile.json"
    path.write_text(json.dumps(data))
    return path


def _prometheus_outputs(tmp: Path) -> Iterator[tuple]:
    for snap in SNAPSHOTS:
        yield snap.name, ["--snapshot", str(snap)]
    yield "hostile labels", ["--snapshot", str(_hostile_snapshot(tmp))]
    yield "this host (live)", []


def _promtool_metrics(text: str) -> subprocess.CompletedProcess:
    assert PROMTOOL
    return subprocess.run(
        [PROMTOOL, "check", "metrics"], input=text, capture_output=True, text=True, timeout=30
    )


@needs_promtool
def test_promtool_accepts_every_prometheus_output(tmp_path: Path) -> None:
    checked = 0
    for label, args in _prometheus_outputs(tmp_path):
        proc = _envcheck("verify", "--format", "prometheus", *args)
        assert proc.returncode in (0, 1), f"{label}: {proc.stderr}"
        lint = _promtool_metrics(proc.stdout)
        # exit 0 and no lint remark (promtool prints problems on stdout/stderr, exit 1 or 3)
        assert lint.returncode == 0 and not (lint.stdout + lint.stderr).strip(), (
            f"{label}: {lint.stdout}{lint.stderr}"
        )
        checked += 1
    assert checked == len(SNAPSHOTS) + 2


@needs_promtool
def test_promtool_accepts_every_watch_prometheus_output(tmp_path: Path) -> None:
    """`envcheck watch --format prometheus` (and --prometheus-textfile, the same text) on every
    labelled replay trace and the traces recorded on real runs: promtool has no remark."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "make_traces", REPO / "tests/fixtures/watch/make_traces.py"
    )
    assert spec and spec.loader
    maker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(maker)
    maker.write_all(str(tmp_path))
    traces = sorted(tmp_path.glob("*.jsonl"))
    traces += sorted((REPO / "tests/fixtures/watch/recorded").glob("*.jsonl"))
    from envcheck.watch.analyze import analyze
    from envcheck.watch.report import prometheus
    from envcheck.watch.timeline import Timeline

    texts = {}
    for trace in traces:  # the functions the CLI calls, in this process (start-up is the cost)
        tl = Timeline.load(str(trace))
        texts[trace.name] = prometheus(tl, analyze(tl, window_s=30.0, warmup_s=None))
    for trace in traces[-2:]:  # and the CLI itself, end to end
        proc = _envcheck("watch", "--replay", str(trace), "--format", "prometheus")
        assert proc.returncode == 0, f"{trace.name}: {proc.stderr}"
        texts[trace.name + " (CLI)"] = proc.stdout
    for name, text in texts.items():
        lint = _promtool_metrics(text)
        assert lint.returncode == 0 and not (lint.stdout + lint.stderr).strip(), (
            f"{name}: {lint.stdout}{lint.stderr}"
        )
    assert len(traces) > 20


@needs_promtool
def test_promtool_really_rejects_broken_exposition() -> None:
    # the check above has teeth: an unescaped quote in a label value is refused
    assert _promtool_metrics('# HELP x y\n# TYPE x gauge\nx{a="b"c"} 1\n').returncode != 0


@needs_promtool
def test_alerting_rules_pass_promtool_check_and_unit_tests(tmp_path: Path) -> None:
    assert PROMTOOL
    check = subprocess.run(
        [PROMTOOL, "check", "rules", str(RULES)], capture_output=True, text=True, timeout=30
    )
    assert check.returncode == 0, check.stdout + check.stderr
    assert "SUCCESS: 5 rules found" in check.stdout
    unit = subprocess.run(
        [PROMTOOL, "test", "rules", RULES_TEST.name],
        cwd=RULES_TEST.parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert unit.returncode == 0, unit.stdout + unit.stderr

    # the unit tests have teeth: a throttling alert without its 15 minutes fires on the
    # one-sample near miss and fails them
    broken = tmp_path / "rules"
    (broken / "docs" / "scheduler").mkdir(parents=True)
    text = RULES.read_text()
    assert text.count("for: 15m") == 2
    (broken / "docs" / "scheduler" / RULES.name).write_text(
        text.replace(
            "expr: envcheck_gpu_throttled == 1\n        for: 15m\n",
            "expr: envcheck_gpu_throttled == 1\n",
        )
    )
    tests_dir = broken / "tests" / "fixtures" / "prometheus"
    tests_dir.mkdir(parents=True)
    shutil.copy(RULES_TEST, tests_dir / RULES_TEST.name)
    failed = subprocess.run(
        [PROMTOOL, "test", "rules", RULES_TEST.name],
        cwd=tests_dir,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert failed.returncode != 0 and "EnvcheckGPUThrottled" in failed.stdout + failed.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _scrape(port: int, deadline: float) -> str:
    last: Exception = RuntimeError("never tried")
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
                return r.read().decode()
        except OSError as exc:
            last = exc
            time.sleep(0.1)
    raise AssertionError(f"node_exporter did not answer: {last}")


def _samples(text: str, name: str) -> List[str]:
    return [
        ln for ln in text.splitlines() if ln.startswith(name + "{") or ln.startswith(name + " ")
    ]


@needs_node_exporter
def test_node_exporter_serves_the_textfile_the_docs_tell_users_to_write(tmp_path: Path) -> None:
    # a world-readable folder: node_exporter runs as nobody, as on real nodes
    textfile_dir = Path(tempfile.mkdtemp(prefix="ectextfile-", dir="/tmp"))
    textfile_dir.chmod(0o755)
    snap = _hostile_snapshot(tmp_path)
    port = _free_port()
    proc = None
    try:
        # exactly the documented command (docs/scheduling.md), into the collector's folder
        out = textfile_dir / "envcheck.prom"
        run = _envcheck(
            "verify", "--snapshot", str(snap), "--format", "prometheus", "--output", str(out)
        )
        assert run.returncode == 1, run.stderr  # sick_gpus has errors
        proc = subprocess.Popen(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                str(NODE_EXPORTER),
                "--collector.disable-defaults",
                "--collector.textfile",
                f"--collector.textfile.directory={textfile_dir}",
                f"--web.listen-address=127.0.0.1:{port}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        body = _scrape(port, time.monotonic() + 20)
        assert _samples(body, "node_textfile_scrape_error") == ["node_textfile_scrape_error 0"]
        assert f'node_textfile_mtime_seconds{{file="{out}"}}' in body
        assert _samples(body, "envcheck_exit_code") == ["envcheck_exit_code 1"]
        errors = [s for s in _samples(body, "envcheck_check_status") if 'severity="error"' in s]
        assert errors and all(s.endswith(" 1") or s.endswith(" 0") for s in errors)
        # the hostile label values came through escaped, not as extra series
        assert "evil 1" not in body.splitlines()
        escaped_name = HOSTILE_NAME.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        assert f'name="{escaped_name}"' in body

        # a file node_exporter cannot parse is reported, which the rules alert on
        (textfile_dir / "broken.prom").write_text("envcheck_broken{a=} 1\n")
        body = _scrape(port, time.monotonic() + 20)
        assert _samples(body, "node_textfile_scrape_error") == ["node_textfile_scrape_error 1"]
    finally:
        if proc is not None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
        shutil.rmtree(textfile_dir, ignore_errors=True)
