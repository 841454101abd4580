"""The catalogue itself: every check is documented, and has a test that fires it and one that
keeps it quiet (in tests/test_checks_*.py)."""

from __future__ import annotations

import glob
import os
import re

from envcheck.checks.registry import catalogue
from envcheck.findings import CATEGORIES, SEVERITIES, WATCH_CATEGORIES

HERE = os.path.dirname(os.path.abspath(__file__))
OURS = re.compile(r"^EC[1-7]\d\d$")  # EC8xx (kernels) and EC9xx (error logs) are tested elsewhere


def _calls(kind: str) -> set:
    found = set()
    for path in glob.glob(os.path.join(HERE, "test_checks_*.py")):
        with open(path) as fh:
            for line in fh:
                found.update(re.findall(rf"\b{kind}\(.*?\"(EC\d{{3}})\"", line))
    return found


def test_every_check_is_documented():
    specs = catalogue()
    assert len({s.code for s in specs}) == len(specs)
    for s in specs:
        assert re.fullmatch(r"EC\d{3}", s.code)
        assert s.category in CATEGORIES and s.severity in SEVERITIES
        assert s.title and len(s.rationale) > 80 and s.fix


def test_every_check_has_a_firing_and_a_quiet_test():
    ours = {s.code for s in catalogue() if OURS.match(s.code)}
    assert len(ours) >= 40
    fired, quieted = _calls("fires"), _calls("quiet")
    assert ours - fired == set(), "no test makes these fire"
    assert ours - quieted == set(), "no test keeps these quiet"


def test_issue_categories_are_all_covered():
    have = {s.category for s in catalogue() if OURS.match(s.code)}
    assert set(CATEGORIES) - have <= {"kernel-failure", "performance-degraded"} | set(
        WATCH_CATEGORIES
    )


def test_watch_categories_are_used_by_watch_rules():
    from envcheck.watch.rules import catalogue as watch_rules

    used = {s.category for s in watch_rules()}
    assert set(WATCH_CATEGORIES) <= used
    assert used <= set(CATEGORIES)


def test_docs_list_every_check():
    with open(os.path.join(HERE, "..", "docs", "verify.md")) as fh:
        docs = fh.read()
    for s in catalogue():
        if OURS.match(s.code):
            assert f"| {s.code} | {s.category} | {s.severity} | {s.title} |" in docs, s.code
