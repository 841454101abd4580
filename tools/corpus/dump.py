"""Judge corpus cases with the envcheck of a given tree and write one JSON line a case.

    python tools/corpus/dump.py --tree /work/trees/827f87e1 --out a.jsonl [ROOT ...]
    python tools/corpus/dump.py --compare a.jsonl b.jsonl

The tree's own benchmarks/corpus_score.py runs its own envcheck (the tree goes first on
PYTHONPATH; its compat_data is the one beside its package), so a commit is measured as it was.
Each line: split, id, healthy, expect, diagnosed, false_error, refused, found. ``--compare``
prints every case whose line differs, then the two scores per split.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Dict, List

REPO = Path(__file__).resolve().parents[2]

_RUN = """
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1] + "/benchmarks")
import corpus_score as cs
roots = [Path(r) for r in sys.argv[3:]] or [cs.DEFAULT_CORPUS]
with open(sys.argv[2], "w") as out:
    for r in cs.score_roots(roots, None, 2):
        out.write(json.dumps({"split": r.split, "id": r.id, "healthy": r.healthy,
            "expect": r.expect, "diagnosed": r.diagnosed, "false_error": r.false_error,
            "refused": r.refused, "found": r.found}) + "\\n")
"""


def dump(tree: Path, out: Path, roots: List[str]) -> None:
    with tempfile.TemporaryDirectory() as data_home:  # no user compat data from this machine
        env = {**os.environ, "PYTHONPATH": str(tree), "XDG_DATA_HOME": data_home}
        subprocess.run(
            [sys.executable, "-c", _RUN, str(tree), str(out), *roots], env=env, check=True
        )


def summary(rows: List[dict]) -> Dict[str, str]:
    by: Dict[str, List[dict]] = defaultdict(list)
    for r in rows:
        by[r["split"]].append(r)
    out = {}
    for split, rs in sorted(by.items()):
        broken = [r for r in rs if not r["healthy"]]
        ctrl = [r for r in rs if r["healthy"]]
        out[split] = (
            f"{sum(r['diagnosed'] for r in broken)}/{len(broken)} diagnosed, "
            f"{sum(r['false_error'] for r in ctrl)} FE/{len(ctrl)} controls, "
            f"{sum(any(':warning:' in f for f in r['found']) for r in ctrl)} warned, "
            f"{sum(r['refused'] for r in rs)} refused"
        )
    return out


def load(path: Path) -> List[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def compare(a: Path, b: Path) -> None:
    ra = {(r["split"], r["id"]): r for r in load(a)}
    rb = {(r["split"], r["id"]): r for r in load(b)}
    only = sorted(set(ra) ^ set(rb))
    for key in sorted(set(ra) & set(rb)):
        if ra[key] != rb[key]:
            x, y = ra[key], rb[key]
            print(f"{key[0]}/{key[1]} expect={x['expect']}")
            print(f"   - {x['diagnosed']} {x['false_error']} {x['found']}")
            print(f"   + {y['diagnosed']} {y['false_error']} {y['found']}")
    if only:
        print(f"{len(only)} cases in one dump only (not compared), e.g. {'/'.join(only[0])}")
    sa, sb = summary(list(ra.values())), summary(list(rb.values()))
    for split in sorted(set(sa) | set(sb)):
        if sa.get(split) != sb.get(split):
            print(f"{split}: {sa.get(split)}  ->  {sb.get(split)}")
    print(f"splits with the same score: {sum(sa.get(s) == sb.get(s) for s in sa)}/{len(sa)}")


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roots", nargs="*")
    ap.add_argument("--tree", type=Path, default=REPO)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", nargs=2, type=Path)
    args = ap.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return 0
    if not args.out:
        ap.error("--out is needed")
    dump(args.tree.resolve(), args.out, args.roots)
    for split, line in summary(load(args.out)).items():
        print(f"{split}: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
