"""How far word statistics alone get on a sealed split: a baseline, not a reader.

    python tools/corpus/knn_baseline.py --test heldout84 [--test ...] [--scores F.jsonl ...]

Every case's paste is a set of words (lower case, 2-31 characters, first 20,000 characters).
Each test case takes the category that the 7 most similar training pastes (tf-idf cosine) vote
for, "healthy" included. Training is every split of tests/fixtures/corpus not named by --test,
the test splits' cases never among them. Printed: the share of broken test cases whose category it
guesses, the same share among the cases envcheck missed (given its dump lines, --scores), and
the share of controls it would call broken. It answers one question for issue 10: would a
statistical guess, shown where no reader fires, be right often enough to show? (Round 33: no.)
"""

from __future__ import annotations

import argparse
import collections
import json
import math
import re
from pathlib import Path
from typing import Dict, List, Set, Tuple

ROOT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "corpus"
_WORD = re.compile(r"[a-z][a-z0-9_.+-]{1,30}")


def _words(text: str) -> Set[str]:
    return set(_WORD.findall(text[:20000].lower()))


def _cases(roots: List[Path]) -> List[Tuple[str, str, str, Set[str]]]:
    out = []
    for root in roots:
        for meta_path in sorted(root.glob("*/*/case.json")):
            meta = json.loads(meta_path.read_text())
            label = "healthy" if meta.get("healthy") else (meta.get("expect") or ["?"])[0]
            text = (meta_path.parent / "paste.txt").read_text(errors="replace")
            out.append((meta_path.parent.parent.name, meta["id"], label, _words(text)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--test", action="append", required=True, help="a split to test on")
    ap.add_argument("--root", action="append", default=[], help="more roots with test splits")
    ap.add_argument("--scores", action="append", default=[], help="envcheck dump lines")
    ap.add_argument("-k", type=int, default=7)
    args = ap.parse_args()
    test_names = set(args.test)
    every = _cases([ROOT] + [Path(r) for r in args.root])
    train = [c for c in every if c[0] not in test_names]
    test = [c for c in every if c[0] in test_names]
    df: Dict[str, int] = collections.Counter(w for c in train for w in c[3])
    idf = {w: math.log(len(train) / n) for w, n in df.items() if n >= 3}

    def vec(words: Set[str]) -> Dict[str, float]:
        v = {w: idf[w] for w in words if w in idf}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        return {w: x / norm for w, x in v.items()}

    train_vecs = [(c[2], vec(c[3])) for c in train]
    missed = set()
    for f in args.scores:
        for line in Path(f).read_text().splitlines():
            r = json.loads(line)
            if not r["healthy"] and not r["diagnosed"]:
                missed.add(r["id"])
    broken = right = miss = miss_right = controls = called = 0
    for _split, case_id, label, words in test:
        q = vec(words)
        sims = sorted(
            ((sum(x * v.get(w, 0.0) for w, x in q.items()), lab) for lab, v in train_vecs),
            reverse=True,
        )[: args.k]
        votes: Dict[str, float] = collections.Counter()
        for s, lab in sims:
            votes[lab] += s
        guess = max(votes, key=votes.__getitem__)
        if label == "healthy":
            controls += 1
            called += guess != "healthy"
            continue
        broken += 1
        right += guess == label
        if case_id in missed:
            miss += 1
            miss_right += guess == label
    print(f"train {len(train)} cases; test {broken} broken, {controls} controls")
    print(f"guessed the category of {right}/{broken} broken cases")
    if args.scores:
        print(f"... of the {miss} envcheck missed: {miss_right}")
    print(f"called {called}/{controls} controls broken")


if __name__ == "__main__":
    main()
