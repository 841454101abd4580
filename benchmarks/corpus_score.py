"""Score envcheck on the corpus of real pasted reports (issue 10).

Each case is ``<root>/<split>/<id>/paste.txt`` + ``case.json`` (``healthy``, ``expect``:
the envcheck categories that name the cause maintainers established). For every case this
runs the real CLI, ``envcheck verify --from-report paste.txt --format json`` (through the
console-script entry point, many cases to a process: see corpus_batch.py; ``--process-per-case``
starts one process per case instead), and counts:

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
    """One case, in a process of its own (``envcheck verify --from-report ... --format json``)."""
    proc = subprocess.run(
        [*envcheck, "verify", "--from-report", str(case_dir / "paste.txt"), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )
    return judge_case(case_dir, proc.returncode, proc.stdout, proc.stderr)


def run_batch(cases: List[Path]) -> List[CaseResult]:
    """Cases through the CLI's entry point in one process (benchmarks/corpus_batch.py): the same
    command on each, without an interpreter start per case."""
    proc = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("corpus_batch.py"))],
        input="".join(f"{c}\n" for c in cases),
        capture_output=True,
        text=True,
        timeout=60 + 10 * len(cases),
        env={**os.environ, "NO_COLOR": "1"},
    )
    done = {}
    for line in proc.stdout.splitlines():
        row = json.loads(line)
        done[row["case"]] = row
    out = []
    for c in cases:
        row = done.get(str(c))
        if row is None:  # the batch died before this case: judged as a refusal, with the reason
            row = {"exit": 3, "stdout": "", "stderr": proc.stderr[-300:] or "batch died"}
        out.append(judge_case(c, row["exit"], row["stdout"], row["stderr"]))
    return out


def judge_case(case_dir: Path, exit_code: int, stdout: str, stderr: str) -> CaseResult:
    meta = json.loads((case_dir / "case.json").read_text())
    res = CaseResult(
        id=meta["id"],
        split=case_dir.parent.name,
        healthy=bool(meta.get("healthy")),
        expect=list(meta.get("expect") or []),
        exit_code=exit_code,
        stderr=stderr.strip()[:300],
    )
    if exit_code == 2:
        res.refused = True
        return res
    try:
        findings = json.loads(stdout)["findings"]
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
    roots: List[Path], split: Optional[str] = None, workers: int = 2, batch: bool = True
) -> List[CaseResult]:
    """Every case under the roots, judged by the CLI: in ``workers`` batch processes (default),
    or one process per case (``batch=False``, as a shell would run each)."""
    cases = find_cases(roots, split)
    if not batch:
        envcheck = [sys.executable, "-m", "envcheck"]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(lambda c: run_case(c, envcheck), cases))
    chunks = [cases[i::workers] for i in range(max(1, workers))]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        parts = list(pool.map(run_batch, chunks))
    by_path = {str(c): r for chunk, part in zip(chunks, parts) for c, r in zip(chunk, part)}
    return [by_path[str(c)] for c in cases]


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "roots", nargs="*", type=Path, help="corpus roots (default: tests/fixtures/corpus)"
    )
    ap.add_argument("--split", help="score only this split (tuned / heldout)")
    ap.add_argument("--misses", action="store_true", help="list undiagnosed cases and false errors")
    ap.add_argument("--json", action="store_true", help="print the scores as JSON")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--process-per-case",
        action="store_true",
        help="start envcheck once per case (slower; the default shares one process per worker)",
    )
    args = ap.parse_args(argv)
    roots = args.roots or [DEFAULT_CORPUS]
    results = score_roots(roots, args.split, args.workers, batch=not args.process_per_case)
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
