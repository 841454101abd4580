"""Shared helpers for the check tests: fixture snapshots, the real matrix, fire/quiet asserts."""

from __future__ import annotations

import os
from typing import List, Optional

from envcheck.checks.registry import run_checks
from envcheck.compat import load_matrix
from envcheck.findings import Finding, Outcome
from envcheck.policy import Policy
from envcheck.snapshot import Snapshot

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "snapshots")


def fixture_path(name: str) -> str:
    return os.path.join(FIXTURES, f"{name}.json")


def load(name: str) -> Snapshot:
    """A fresh copy of a fixture snapshot (tests may change it)."""
    return Snapshot.load(fixture_path(name))


def matrix():  # noqa: ANN201 - the real bundled matrix
    return load_matrix()


def outcome(snap: Snapshot, code: str, policy: Optional[Policy] = None) -> Outcome:
    return run_checks(snap, matrix(), policy or Policy(), only=[code])


def fires(
    snap: Snapshot, code: str, policy: Optional[Policy] = None, severity: Optional[str] = None
) -> List[Finding]:
    """Assert the check produced findings (of ``severity`` when given) and return them."""
    out = outcome(snap, code, policy)
    found = [f for f in out.findings if f.code == code]
    assert found, (
        f"{code} did not fire: passed={out.passed} skipped={[s.reason for s in out.skipped]}"
    )
    if severity:
        assert any(f.severity == severity for f in found), [f.severity for f in found]
    for f in found:  # every finding carries the contract's fields
        assert f.expected and f.found and f.fix and isinstance(f.evidence, dict)
    return found


def quiet(snap: Snapshot, code: str, policy: Optional[Policy] = None) -> None:
    """Assert the check ran and found nothing."""
    out = outcome(snap, code, policy)
    assert code in out.passed, (
        f"{code} not passed: findings={[(f.severity, f.found) for f in out.findings]} "
        f"skipped={[s.reason for s in out.skipped]}"
    )


def skipped(snap: Snapshot, code: str, policy: Optional[Policy] = None) -> str:
    """Assert the check was skipped and return the reason."""
    out = outcome(snap, code, policy)
    reasons = [s.reason for s in out.skipped if s.code == code]
    assert reasons, (
        f"{code} not skipped: passed={out.passed} findings={[f.found for f in out.findings]}"
    )
    return reasons[0]
