"""`envcheck fleet`: many nodes' snapshots / verify reports judged at once (real CLI runs)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from envcheck.snapshot import (
    Cuda,
    CudaToolkit,
    Driver,
    Gpu,
    Packages,
    PythonInfo,
    Snapshot,
)

ENVCHECK = [sys.executable, "-m", "envcheck"]


FIXTURES = Path(__file__).parent / "fixtures" / "snapshots"


def run(args: List[str], stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    return subprocess.run(ENVCHECK + args, input=stdin, capture_output=True, text=True, timeout=120)


def node_snapshot(host: str, driver: str = "550.54.15", torch: str = "2.5.1+cu124") -> Snapshot:
    gpus = [
        Gpu(index=i, name="NVIDIA H100 80GB HBM3", compute_capability="9.0", uuid=f"GPU-{host}-{i}")
        for i in range(2)
    ]
    return Snapshot(
        hostname=host,
        origin="live",
        driver=Driver(status="ok", source="nvml", version=driver, cuda_version="12.4", gpus=gpus),
        cuda=Cuda(toolkits=[CudaToolkit(path="/usr/local/cuda-12.4", version="12.4")]),
        packages=Packages(installed={"torch": torch}),
        python=PythonInfo(version="3.11.7"),
    )


def verify_report(host: str, findings: List[Dict[str, Any]]) -> Dict[str, Any]:
    return {
        "envcheck_version": "0.1.0",
        "findings": findings,
        "snapshot": node_snapshot(host).to_dict(),
    }


def shm_finding() -> Dict[str, Any]:
    return {
        "code": "EC501",
        "category": "shm-too-small",
        "severity": "error",
        "title": "/dev/shm is too small",
        "expected": ">= 1 GiB",
        "found": "64 MiB",
        "evidence": {},
        "fix": "docker run --shm-size=16g ...",
        "gpu": None,
    }


def test_reports_group_failures_by_cause_and_name_drift(tmp_path: Path) -> None:
    for i in range(5):
        findings = [shm_finding()] if i in (1, 3) else []
        (tmp_path / f"n{i}.json").write_text(json.dumps(verify_report(f"node{i}", findings)))
    drifted = verify_report("node9", [])
    drifted["snapshot"]["driver"]["version"] = "535.104.05"
    (tmp_path / "n9.json").write_text(json.dumps(drifted))

    result = run(["fleet", str(tmp_path), "--format", "json"])
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["nodes"] == 6
    assert data["summary"]["failing"] == 2
    assert sorted(data["by_check"]["EC501"]["nodes"]) == ["node1", "node3"]
    assert data["drift"]["driver"]["majority"] == "550.54.15"
    assert data["drift"]["driver"]["outliers"] == {"node9": "535.104.05"}
    assert "torch" not in data["drift"]  # all equal: no drift reported

    text = run(["fleet", str(tmp_path)])
    assert text.returncode == 1
    assert "EC501" in text.stdout and "node1" in text.stdout
    assert "driver: majority 550.54.15" in text.stdout


def test_healthy_fleet_exits_zero(tmp_path: Path) -> None:
    for i in range(3):
        (tmp_path / f"n{i}.json").write_text(json.dumps(verify_report(f"ok{i}", [])))
    result = run(["fleet", str(tmp_path)])
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 nodes: 3 without errors, 0 with errors" in result.stdout


def test_snapshots_are_judged_by_the_checks(tmp_path: Path) -> None:
    """Raw snapshots (not reports) go through the real check catalogue."""
    good = node_snapshot("good")
    broken = Snapshot(
        hostname="broken",
        driver=Driver(status="driver-not-loaded", detail="NVML_ERROR_DRIVER_NOT_LOADED"),
    )
    (tmp_path / "good.json").write_text(good.to_json())
    (tmp_path / "broken.json").write_text(broken.to_json())
    result = run(["fleet", str(tmp_path), "--format", "json"])
    data = json.loads(result.stdout)
    nodes = {n["node"]: n for n in data["nodes"]}
    assert nodes["broken"]["errors"] >= 1
    assert any(f["category"] == "driver-not-loaded" for f in nodes["broken"]["findings"])
    assert result.returncode == 1


def test_stdin_json_lines_and_concatenated_documents() -> None:
    lines = "\n".join(node_snapshot(f"l{i}").to_json(indent=None) for i in range(3))
    pretty = node_snapshot("p0").to_json() + "\n" + node_snapshot("p1").to_json()
    for stdin, expected in ((lines, 3), (pretty, 2)):
        result = run(["fleet", "-", "--format", "json"], stdin=stdin)
        data = json.loads(result.stdout)
        assert data["summary"]["nodes"] == expected, result.stderr


def test_unreadable_inputs_are_reported_not_fatal(tmp_path: Path) -> None:
    (tmp_path / "good.json").write_text(json.dumps(verify_report("good", [])))
    (tmp_path / "truncated.json").write_text(json.dumps(verify_report("t", []))[:200])
    (tmp_path / "newer.json").write_text(json.dumps({"schema_version": 99}))
    result = run(["fleet", str(tmp_path), "--format", "json"])
    assert result.returncode == 2  # no node has an error, but inputs were unreadable
    data = json.loads(result.stdout)
    assert data["summary"]["unreadable"] == 2 and data["summary"]["nodes"] == 1
    errors = {u["source"].rsplit("/", 1)[-1]: u["error"] for u in data["unreadable"]}
    assert "not valid JSON" in errors["truncated.json"]
    assert "newer" in errors["newer.json"]
    assert "Traceback" not in result.stderr


def test_html_is_self_contained_and_escaped(tmp_path: Path) -> None:
    evil = verify_report("<script>alert(1)</script>", [shm_finding()])
    (tmp_path / "evil.json").write_text(json.dumps(evil))
    (tmp_path / "ok.json").write_text(json.dumps(verify_report("ok", [])))
    out = tmp_path / "fleet.html"
    result = run(["fleet", str(tmp_path), "--format", "html", "--output", str(out)])
    assert result.returncode == 1
    page = out.read_text()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page
    assert "<table>" in page and "EC501" in page
    assert "http://" not in page and "https://" not in page  # nothing loaded from outside


def test_bad_usage_exits_two(tmp_path: Path) -> None:
    missing = run(["fleet", str(tmp_path / "nope")])
    assert missing.returncode == 2
    assert "no such file" in missing.stderr
    bad_format = run(["fleet", str(tmp_path), "--format", "xml"])
    assert bad_format.returncode == 2
    assert "Traceback" not in missing.stderr + bad_format.stderr


def test_many_nodes_split_over_workers(tmp_path: Path) -> None:
    """Chunked over two processes, the result is the same as in one process."""
    for i in range(240):
        findings = [shm_finding()] if i % 7 == 0 else []
        (tmp_path / f"n{i:03d}.json").write_text(json.dumps(verify_report(f"n{i:03d}", findings)))
    one = json.loads(run(["fleet", str(tmp_path), "--format", "json", "--workers", "1"]).stdout)
    two = json.loads(run(["fleet", str(tmp_path), "--format", "json", "--workers", "2"]).stdout)
    assert one["summary"] == two["summary"]
    assert one["by_check"] == two["by_check"]
    assert one["summary"]["failing"] == len(range(0, 240, 7))


def test_device_file_is_unreadable_not_endless(tmp_path: Path) -> None:
    (tmp_path / "ok.json").write_text(json.dumps(verify_report("ok", [])))
    result = run(["fleet", str(tmp_path / "ok.json"), "/dev/zero", "--format", "json"])
    data = json.loads(result.stdout)
    assert result.returncode == 2
    assert [u["error"] for u in data["unreadable"]] == ["not a regular file"]


# ---- issue 11 / 15: unreadable inputs apart, each node's own severity, --workers


def test_empty_binary_truncated_are_unreadable_not_failing_nodes(tmp_path: Path) -> None:
    (tmp_path / "ok.json").write_text(json.dumps(verify_report("ok", [])))
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "binary.json").write_bytes(bytes(range(256)) * 4)
    healthy = (FIXTURES / "healthy_h100.json").read_text()
    (tmp_path / "truncated.json").write_text(healthy[: len(healthy) // 2])
    result = run(["fleet", str(tmp_path), "--format", "json"])
    data = json.loads(result.stdout)
    assert result.returncode == 2, result.stdout  # unreadable input, no node with errors
    assert data["summary"] == {"nodes": 1, "failing": 0, "unreadable": 3, "exit_code": 2}
    why = {u["source"].rsplit("/", 1)[-1]: u["error"] for u in data["unreadable"]}
    assert why["empty.json"] == "empty input"
    assert why["binary.json"] == "binary data, not JSON"
    assert "truncated JSON" in why["truncated.json"]
    assert [n["node"] for n in data["nodes"]] == ["ok"]  # unreadable inputs are not nodes
    text = run(["fleet", str(tmp_path)])
    assert "1 nodes: 1 without errors, 0 with errors" in text.stdout
    assert "Unreadable inputs (3; not nodes, not judged)" in text.stdout
    # with a failing node, exit 1 wins over the unreadable inputs
    (tmp_path / "bad.json").write_text(json.dumps(verify_report("bad", [shm_finding()])))
    assert run(["fleet", str(tmp_path), "--format", "json"]).returncode == 1


def test_a_node_keeps_its_own_severity(tmp_path: Path) -> None:
    """EC102 is a warning on a host without NVIDIA hardware and an error on one with a GPU
    and no driver: the fleet summary says each as its node's verify says it."""
    for name in ("nouveau_bound", "healthy_h100"):
        (tmp_path / f"{name}.json").write_text((FIXTURES / f"{name}.json").read_text())
    no_gpu = json.loads((FIXTURES / "healthy_h100.json").read_text())
    no_gpu["hostname"] = "cpu-vm"
    no_gpu["driver"] = {"status": "library-not-found", "source": "nvml", "detail": "missing"}
    no_gpu["kernel"]["modules"] = {"nvidia": False, "nouveau": False}
    no_gpu["kernel"]["device_nodes"] = []
    no_gpu["kernel"]["pci_nvidia_gpus"] = []
    (tmp_path / "cpu-vm.json").write_text(json.dumps(no_gpu))
    own = {}
    for name in ("nouveau_bound", "cpu-vm"):
        rep = json.loads(
            run(["verify", "--snapshot", str(tmp_path / f"{name}.json"), "--format", "json"]).stdout
        )
        own[name] = {f["code"]: f["severity"] for f in rep["findings"]}.get("EC102")
    assert own == {"nouveau_bound": "error", "cpu-vm": "warning"}
    data = json.loads(run(["fleet", str(tmp_path), "--format", "json"]).stdout)
    ec102 = data["by_check"]["EC102"]
    assert ec102["severities"] == {"error": ["new-node-01"], "warning": ["cpu-vm"]}
    per_node = {n["node"]: {f["code"]: f["severity"] for f in n["findings"]} for n in data["nodes"]}
    assert per_node["cpu-vm"]["EC102"] == "warning"
    text = run(["fleet", str(tmp_path)]).stdout
    assert "warning EC102" in text and "error   EC102" in text
    assert not any("EC102" in ln and "cpu-vm" in ln and "error" in ln for ln in text.splitlines())


@pytest.mark.parametrize("workers", ["-3", "0"])
def test_workers_must_be_positive(workers: str) -> None:
    result = run(["fleet", str(FIXTURES), "--workers", workers])
    assert result.returncode == 2
    assert "--workers must be 1 or more" in result.stderr and "Traceback" not in result.stderr
