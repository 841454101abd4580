"""Real bug reports from public GitHub issues (tests/fixtures/reports/, each with a .source file
naming the URL and the maintainers' diagnosis): `envcheck verify --from-report` / `--error-log`
reaches that diagnosis, and healthy reports raise no error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest
from importers_support import expected, fixtures, source_info

from envcheck.checks.registry import run_checks
from envcheck.importers import snapshot_from_reports

ALL = fixtures()


def _verify(path: Path) -> subprocess.CompletedProcess:
    flag = "--error-log" if source_info(path).get("kind") == "error-log" else "--from-report"
    return subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", flag, str(path), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_at_least_ten_real_reports_with_sources() -> None:
    assert len(ALL) >= 10
    for path in ALL:
        info = source_info(path)
        assert info["url"].startswith("https://github.com/"), path.name
        assert info.get("diagnosis"), path.name
        assert info.get("expect"), path.name
    assert sum(1 for p in ALL if expected(p) == ["healthy"]) >= 3


def _judge(path: Path) -> Dict[str, Any]:
    """In-process: snapshot_from_reports + run_checks, as verify does."""
    from envcheck.compat import load_matrix
    from envcheck.policy import load_policy

    if source_info(path).get("kind") == "error-log":
        snap = snapshot_from_reports([], [str(path)])
    else:
        snap = snapshot_from_reports([str(path)], [])
    outcome = run_checks(snap, load_matrix(), load_policy(None))
    return {"findings": [f.to_dict() for f in outcome.findings]}


def _assert_diagnosis(path: Path, doc: Dict[str, Any], returncode: Any = None) -> None:
    errors = [f for f in doc["findings"] if f["severity"] == "error"]
    cats = {f["category"] for f in doc["findings"] if f["severity"] in ("error", "warning")}
    want = expected(path)
    if want == ["healthy"]:
        assert errors == [], [(f["code"], f["found"]) for f in errors]
        assert returncode in (None, 0)
    else:
        for category in want:
            assert category in cats, (category, sorted(cats))
        assert returncode in (None, 1)


@pytest.mark.parametrize("path", ALL, ids=[p.stem for p in ALL])
def test_checks_reach_the_maintainers_diagnosis(path: Path) -> None:
    _assert_diagnosis(path, _judge(path))


# The CLI path (subprocess, JSON output, exit code) on one report per kind of diagnosis.
CLI_CASES = [
    "pytorch-150733-rtx5090d-cu126.txt",
    "pytorch-43058-v100-driver418-torch16.txt",
    "illinois-70-nvml-mismatch.txt",
    "stcn-132-dataloader-bus-error.log",
    "vllm-26191-h100-newformat-healthy.txt",
    "nvidia-container-toolkit-394-rtx3060-healthy.txt",
]


@pytest.mark.parametrize("name", CLI_CASES)
def test_verify_cli_reaches_the_maintainers_diagnosis(name: str) -> None:
    path = ALL[0].parent / name
    res = _verify(path)
    assert res.returncode in (0, 1), res.stderr
    _assert_diagnosis(path, json.loads(res.stdout), res.returncode)


def test_report_snapshot_through_the_check_registry() -> None:
    """The same path without the CLI: snapshot_from_reports + run_checks."""
    from envcheck.compat import load_matrix
    from envcheck.policy import load_policy

    snap = snapshot_from_reports([str(ALL[0].parent / "pytorch-150733-rtx5090d-cu126.txt")], [])
    outcome = run_checks(snap, load_matrix(), load_policy(None))
    cats = {f.category for f in outcome.errors()}
    assert "gpu-arch-unsupported" in cats
    assert not any(f.category.startswith("driver") for f in outcome.findings)


def test_report_without_driver_version_gives_no_driver_findings(tmp_path: Path) -> None:
    report = tmp_path / "pip-list.txt"
    report.write_text(
        "Package    Version\n---------- -------------\ntorch      2.5.1+cu124\nnumpy      2.1.3\n"
    )
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "envcheck",
            "verify",
            "--from-report",
            str(report),
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    doc = json.loads(res.stdout)
    assert not [f for f in doc["findings"] if f["category"].startswith("driver")]
    skipped = {s["code"] for s in doc.get("skipped", [])}
    assert "EC101" in skipped or not any(f["code"] == "EC101" for f in doc["findings"])


def test_reports_never_claim_gpu_verification_results() -> None:
    """A pasted report carries no envcheck kernel results: the EC8xx checks do not apply."""
    from envcheck.checks.registry import run_checks
    from envcheck.compat import load_matrix
    from envcheck.importers import snapshot_from_reports
    from envcheck.policy import Policy

    report = Path(__file__).parent / "fixtures" / "reports" / "vllm-10163-8xh100-healthy.txt"
    snap = snapshot_from_reports([str(report)])
    assert snap.kernels is None
    out = run_checks(snap, load_matrix(), Policy(), only=["EC801"])
    assert [s.reason for s in out.skipped] == [
        "not applicable: GPU verification not requested (--kernels)"
    ]
