"""The Kubernetes manifests against the official schemas, and the DaemonSet's textfile wiring.

kubernetes-validate (the test extra) carries the official OpenAPI schemas offline. The manifests
must validate, strictly (no unknown fields), for the newest Kubernetes minor it knows and the two
before it. The DaemonSet's own loop is then run here, with its host paths mapped to temporary
folders, and a real node_exporter (as nobody) must serve what it wrote.
"""

from __future__ import annotations

import contextlib
import copy
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

yaml = pytest.importorskip("yaml")
kv = pytest.importorskip("kubernetes_validate")

from test_scheduler_prometheus_real import (  # noqa: E402
    NODE_EXPORTER,
    _free_port,
    _samples,
    _scrape,
    needs_node_exporter,
)

SCHED = Path(__file__).resolve().parent.parent / "docs" / "scheduler"
MANIFESTS = [SCHED / "k8s-init-container.yaml", SCHED / "k8s-daemonset.yaml"]
DOCS = Path(__file__).resolve().parent.parent / "docs" / "scheduling.md"
TEXTFILE_DIR = "/var/lib/node_exporter/textfile_collector"


def _versions() -> List[str]:
    major, minor = (int(x) for x in kv.latest_version().split(".")[:2])
    return [f"{major}.{m}.0" for m in (minor, minor - 1, minor - 2)]


def _load(path: Path) -> Dict[str, Any]:
    (doc,) = [d for d in yaml.safe_load_all(path.read_text()) if d is not None]
    return doc


@pytest.mark.parametrize("version", _versions())
@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_manifest_validates_against_the_official_schema(path: Path, version: str) -> None:
    kv.validate(_load(path), version, strict=True)  # raises ValidationError on any problem


def test_the_schema_check_has_teeth() -> None:
    ds = copy.deepcopy(_load(SCHED / "k8s-daemonset.yaml"))
    ds["spec"]["template"]["spec"]["volumes"][0]["hostpath"] = {"path": "/x"}  # typo'd key
    with pytest.raises(kv.ValidationError):
        kv.validate(ds, _versions()[0], strict=True)
    ds = copy.deepcopy(_load(SCHED / "k8s-daemonset.yaml"))
    ds["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"]["memory"] = [1]
    with pytest.raises(kv.ValidationError):
        kv.validate(ds, _versions()[0], strict=True)


def _daemonset_paths() -> Dict[str, str]:
    ds = _load(SCHED / "k8s-daemonset.yaml")
    pod = ds["spec"]["template"]["spec"]
    (c,) = pod["containers"]
    hostpaths = {v["name"]: v["hostPath"]["path"] for v in pod["volumes"] if "hostPath" in v}
    return {
        m["mountPath"]: hostpaths[m["name"]] for m in c["volumeMounts"] if m["name"] in hostpaths
    }


def test_daemonset_writes_the_textfile_where_the_documented_node_exporter_reads() -> None:
    mounts = _daemonset_paths()
    assert mounts.get("/textfile") == TEXTFILE_DIR
    script = "\n".join(
        _load(SCHED / "k8s-daemonset.yaml")["spec"]["template"]["spec"]["containers"][0]["args"]
    )
    m = re.search(r"--format prometheus --output (\S+)", script)
    assert m and m.group(1) == "/textfile/envcheck.prom"  # node_exporter reads only *.prom
    assert f"--collector.textfile.directory={TEXTFILE_DIR}" in DOCS.read_text()


@needs_node_exporter
def test_daemonset_loop_output_is_served_by_node_exporter() -> None:
    ds = _load(SCHED / "k8s-daemonset.yaml")
    container = ds["spec"]["template"]["spec"]["containers"][0]
    script = "\n".join(container["args"])
    root = Path(tempfile.mkdtemp(prefix="ecds-", dir="/tmp"))
    root.chmod(0o755)
    mapped = {}
    for mount_path in _daemonset_paths():
        host = root / mount_path.strip("/")
        host.mkdir()
        host.chmod(0o755)
        mapped[mount_path] = host
        script = script.replace(mount_path + "/", f"{host}/")
    env = dict(os.environ, NODE_NAME="gpu-node-07", INTERVAL_SECONDS="3600")
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    loop = subprocess.Popen(
        ["/bin/sh", "-c", script],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    port = _free_port()
    exporter = None
    try:
        prom = mapped["/textfile"] / "envcheck.prom"
        deadline = time.monotonic() + 60
        while not prom.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert prom.exists(), "the DaemonSet loop wrote no textfile"
        assert (mapped["/reports"] / "gpu-node-07.json").exists()
        exporter = subprocess.Popen(
            [
                "setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                str(NODE_EXPORTER),
                "--collector.disable-defaults",
                "--collector.textfile",
                f"--collector.textfile.directory={mapped['/textfile']}",
                f"--web.listen-address=127.0.0.1:{port}",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        body = _scrape(port, time.monotonic() + 20)
        assert _samples(body, "node_textfile_scrape_error") == ["node_textfile_scrape_error 0"]
        assert _samples(body, "envcheck_last_run_timestamp_seconds")
        assert _samples(body, "envcheck_exit_code")
    finally:
        for proc in (loop, exporter):
            if proc is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        shutil.rmtree(root, ignore_errors=True)
