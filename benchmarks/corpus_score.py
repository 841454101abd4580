"""Score envcheck on the corpus of real pasted reports (issue 10).

Each case is ``<root>/<split>/<id>/paste.txt`` + ``case.json`` (``healthy``, ``expect``:
the envcheck categories that name the cause maintainers established). For every case this
runs the real CLI, ``envcheck verify --from-report paste.txt --format json``, and counts:

- a broken case is *diagnosed* when a finding of severity error or warning has a category in
  ``expect``;
- a healthy control *fails* when any finding has severity error;
- a *refusal* is exit 2 on readable text (every paste is readable text).

Usage::

    python benchmarks/corpus_score.py                       # tests/fixtures/corpus
    python benchmarks/corpus_score.py ROOT [ROOT...] --split tuned [--misses] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT / "tests" / "fixtures" / "corpus"
BAD_SEVERITIES = ("error", "warning")


@dataclass
class CaseResult:
    id: str
    split: str
    healthy: bool
    expect: List[str]
    exit_code: int
    diagnosed: bool = False
    false_error: bool = False
    refused: bool = False
    found: List[str] = field(default_factory=list)  # "EC101:error:driver-too-old"
    stderr: str = ""


def find_cases(roots: List[Path], split: Optional[str] = None) -> List[Path]:
    """Case folders under the roots (``<root>/<split>/<id>/case.json``), sorted by id."""
    out = []
    for root in roots:
        for case in sorted(root.glob("*/*/case.json")):
            if split and case.parent.parent.name != split:
                continue
            out.append(case.parent)
    return sorted(out, key=lambda p: (p.parent.name, p.name))


def run_case(case_dir: Path, envcheck: List[str]) -> CaseResult:
    meta = json.loads((case_dir / "case.json").read_text())
    proc = subprocess.run(
        [*envcheck, "verify", "--from-report", str(case_dir / "paste.txt"), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )
    res = CaseResult(
        id=meta["id"],
        split=case_dir.parent.name,
        healthy=bool(meta.get("healthy")),
        expect=list(meta.get("expect") or []),
        exit_code=proc.returncode,
        stderr=proc.stderr.strip()[:300],
    )
    if proc.returncode == 2:
        res.refused = True
        return res
    try:
        findings = json.loads(proc.stdout)["findings"]
    except (ValueError, KeyError):
        res.refused = True  # no report at all: as bad as a refusal
        return res
    res.found = [f"{f['code']}:{f['severity']}:{f['category']}" for f in findings]
    res.diagnosed = any(
        f["severity"] in BAD_SEVERITIES and f["category"] in res.expect for f in findings
    )
    res.false_error = res.healthy and any(f["severity"] == "error" for f in findings)
    return res


def score(results: List[CaseResult]) -> Dict[str, Dict[str, object]]:
    by_split: Dict[str, Dict[str, object]] = {}
    for split in sorted({r.split for r in results}):
        rs = [r for r in results if r.split == split]
        broken = [r for r in rs if not r.healthy]
        controls = [r for r in rs if r.healthy]
        diagnosed = sum(1 for r in broken if r.diagnosed)
        by_split[split] = {
            "cases": len(rs),
            "broken": len(broken),
            "diagnosed": diagnosed,
            "diagnosed_share": round(diagnosed / len(broken), 3) if broken else None,
            "controls": len(controls),
            "false_errors": sum(1 for r in controls if r.false_error),
            # a warning on a healthy report is not counted as a false error, but is shown
            "warned_controls": sum(1 for r in controls if any(":warning:" in f for f in r.found)),
            "refusals": sum(1 for r in rs if r.refused),
        }
    return by_split


def score_roots(
    roots: List[Path], split: Optional[str] = None, workers: int = 2
) -> List[CaseResult]:
    envcheck = [sys.executable, "-m", "envcheck"]
    cases = find_cases(roots, split)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda c: run_case(c, envcheck), cases))


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "roots", nargs="*", type=Path, help="corpus roots (default: tests/fixtures/corpus)"
    )
    ap.add_argument("--split", help="score only this split (tuned / heldout)")
    ap.add_argument("--misses", action="store_true", help="list undiagnosed cases and false errors")
    ap.add_argument("--json", action="store_true", help="print the scores as JSON")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    roots = args.roots or [DEFAULT_CORPUS]
    results = score_roots(roots, args.split, args.workers)
    scores = score(results)
    if args.json:
        print(json.dumps(scores, indent=2))
    else:
        for split, s in scores.items():
            share = s["diagnosed_share"]
            print(
                f"{split}: {s['cases']} cases; diagnosed {s['diagnosed']}/{s['broken']} broken "
                f"({share:.0%}); false errors on controls {s['false_errors']}/{s['controls']} "
                f"(warnings on {s['warned_controls']}); refusals {s['refusals']}"
                if share is not None
                else f"{split}: {s['cases']} cases, no broken ones"
            )
    if args.misses:
        for r in results:
            if r.refused or (not r.healthy and not r.diagnosed) or r.false_error:
                tag = "REFUSED" if r.refused else ("FALSE-ERROR" if r.false_error else "MISS")
                print(f"{tag} {r.split}/{r.id} expect={r.expect} found={r.found} {r.stderr}")
            elif r.healthy and any(":warning:" in f for f in r.found):
                # not a failure, but shown: a warning on a healthy report is noise to a user
                print(f"WARNED {r.split}/{r.id} found={r.found}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
