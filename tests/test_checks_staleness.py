"""EC120-EC123: versions newer than the compatibility matrix are an info finding, not a silence.

Real `envcheck verify --snapshot` subprocesses on the fixtures written by
tests/fixtures/snapshots/_make.py, with the bundled data or an edited copy of it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import jsonschema
from checks_support import fixture_path

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "envcheck" / "schema" / "report.schema.json"
FUTURE = "future_torch_newer_than_matrix"


def envcheck(*args: str, env: Optional[Dict[str, str]] = None) -> subprocess.CompletedProcess:
    full = dict(os.environ)
    full.pop("ENVCHECK_DATA_DIR", None)
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=full,
        cwd=str(ROOT),
    )


def verify_json(snapshot: str, env: Optional[Dict[str, str]] = None) -> Dict[str, Any]:
    r = envcheck("verify", "--snapshot", fixture_path(snapshot), "--format", "json", env=env)
    assert r.returncode in (0, 1), r.stderr
    report = json.loads(r.stdout)
    jsonschema.validate(report, json.loads(SCHEMA.read_text()))
    return report


def stale(report: Dict[str, Any]) -> List[Dict[str, Any]]:
    return [f for f in report["findings"] if f["category"] == "matrix-stale"]


def test_too_new_torch_is_an_info_finding_naming_the_fact() -> None:
    report = verify_json(FUTURE)
    by_code = {f["code"]: f for f in stale(report)}
    assert set(by_code) == {"EC120", "EC121", "EC122", "EC123"}
    for f in by_code.values():
        assert f["severity"] == "info"
        assert "envcheck data info" in f["fix"]
        assert "2026-12-02" <= f["evidence"]["data_date"] <= "2026-12-06"
    torch = by_code["EC120"]
    assert torch["found"].startswith("torch 2.16.0+cu139, newer than anything")
    assert torch["evidence"]["matrix_newest"] == "2.15.0"
    assert by_code["EC121"]["evidence"]["cuda"] == "13.9"
    assert by_code["EC122"]["found"].startswith("driver 650.10.02 (R650)")
    gpu = by_code["EC123"]
    assert gpu["gpu"] == 0 and "'NVIDIA Example GPU X1' (compute capability 12.9)" in gpu["found"]
    # the H100 next to it is known: one finding, for GPU 0 only
    assert [f["gpu"] for f in stale(report) if f["code"] == "EC123"] == [0]
    # the checks that need the missing facts still say why they skipped
    skipped = {s["code"] for s in report["skipped"]}
    assert {"EC201", "EC202"} <= skipped


def test_text_report_shows_the_staleness() -> None:
    r = envcheck("verify", "--snapshot", fixture_path(FUTURE))
    assert r.returncode == 0  # info only: nothing is known to be wrong
    assert "EC120 torch newer than the compatibility matrix" in r.stdout
    assert "envcheck data info" in r.stdout


def test_known_versions_are_not_stale() -> None:
    for name in ("healthy_h100", "blackwell_5090_torch_cu124", "old_driver_470_torch_cu121"):
        assert stale(verify_json(name)) == [], name


def test_after_a_data_update_the_same_host_is_not_stale(tmp_path: Path) -> None:
    """Add torch 2.16.0 to a copy of the data: EC120 goes quiet, the others stay."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "compat_data", data)
    doc = json.loads((data / "torch.json").read_text())
    newest = max(doc["releases"], key=lambda r: [int(x) for x in r["version"].split(".")])
    doc["releases"].append(dict(newest, version="2.16.0"))
    (data / "torch.json").write_text(json.dumps(doc))
    report = verify_json(FUTURE, env={"ENVCHECK_DATA_DIR": str(data)})
    assert {f["code"] for f in stale(report)} == {"EC121", "EC122", "EC123"}


def test_explain_documents_each_code() -> None:
    for code in ("EC120", "EC121", "EC122", "EC123"):
        r = envcheck("explain", code)
        assert r.returncode == 0, r.stderr
        assert "category: matrix-stale" in r.stdout and "envcheck data info" in r.stdout


def test_version_prints_the_data_date() -> None:
    r = envcheck("--version")
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0].startswith("envcheck ")
    assert lines[1].startswith("compatibility data: 2026-12-06 (bundled, ")


# ---- each check on its own (the catalogue wants a firing and a quiet test per code)


def test_each_staleness_check_fires_and_stays_quiet() -> None:
    from checks_support import fires, load, quiet

    future, healthy = load(FUTURE), load("healthy_h100")
    (f,) = fires(future, "EC120", severity="info")
    assert f.evidence["torch"] == "2.16.0+cu139"
    quiet(healthy, "EC120")
    (f,) = fires(future, "EC121", severity="info")
    assert f.evidence["cuda"] == "13.9"
    quiet(healthy, "EC121")
    (f,) = fires(future, "EC122", severity="info")
    assert f.evidence["driver"] == "650.10.02" and f.evidence["matrix_newest"] == "R615"
    quiet(healthy, "EC122")
    (f,) = fires(future, "EC123", severity="info")
    assert f.gpu == 0
    quiet(healthy, "EC123")
