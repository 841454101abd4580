"""Split a pool of gathered corpus cases at random into a sealed held-out part and a tuning part.

The gatherers write every case into one pool without knowing which part it will land in; this
script draws the parts with a seed fixed before the pool was read, so no case is chosen for
either part by whoever tunes. The sealed part goes outside the repository (to be copied in
and scored once, at the end); the tuning part goes into tests/fixtures/corpus/<tune>.

    python benchmarks/split_pool.py POOL SEALED_DIR TUNE_DIR --seed S --sealed-split heldout5 \
        --tune-split dev8
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
from pathlib import Path
from typing import List


def cases_in(pool: Path) -> List[Path]:
    """Every case folder (one holding case.json and paste.txt) under ``pool``, by id."""
    found = [
        p.parent for p in pool.glob("*/cases/*/case.json") if (p.parent / "paste.txt").is_file()
    ]
    return sorted(found, key=lambda p: p.name)


def copy_case(case: Path, dest_root: Path, split: str) -> None:
    dest = dest_root / case.name
    if dest.exists():
        raise SystemExit(f"{dest} exists: refusing to overwrite")
    shutil.copytree(case, dest)
    meta_path = dest / "case.json"
    meta = json.loads(meta_path.read_text())
    meta["split"] = split
    meta_path.write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n")


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pool", type=Path)
    ap.add_argument("sealed_dir", type=Path)
    ap.add_argument("tune_dir", type=Path)
    ap.add_argument("--seed", required=True)
    ap.add_argument("--sealed-split", required=True)
    ap.add_argument("--tune-split", required=True)
    ap.add_argument("--sealed-share", type=float, default=0.5)
    args = ap.parse_args(argv)
    cases = cases_in(args.pool)
    if not cases:
        print(f"no cases under {args.pool}", file=sys.stderr)
        return 2
    if len({c.name for c in cases}) != len(cases):
        print("two cases share an id", file=sys.stderr)
        return 2
    random.Random(args.seed).shuffle(cases)
    n_sealed = round(len(cases) * args.sealed_share)
    args.sealed_dir.mkdir(parents=True, exist_ok=True)
    args.tune_dir.mkdir(parents=True, exist_ok=True)
    for case in cases[:n_sealed]:
        copy_case(case, args.sealed_dir, args.sealed_split)
    for case in cases[n_sealed:]:
        copy_case(case, args.tune_dir, args.tune_split)
    print(
        f"{len(cases)} cases: {n_sealed} sealed ({args.sealed_split}), "
        f"{len(cases) - n_sealed} to tune on ({args.tune_split})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
