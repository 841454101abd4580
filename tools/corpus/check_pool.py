"""Check a gathered pool before it is sealed (issue 10's corpus procedure, GATHERING.md).

    python tools/corpus/check_pool.py /work/pool68 --claims /work/claims.txt \
        --previous tests/fixtures/corpus/claims-through-round51.txt [--sealed '/work/sealed*']

A problem is printed one a line and makes the exit status 1:
- case.json unreadable, a field missing, an id that is not its folder's name;
- a category or kind outside the corpus' vocabulary, ``healthy`` not matching an empty
  ``expect``;
- a paste that is empty or still holds a Markdown code fence;
- a URL not claimed this round (not in the claim list after the previous round's lines), or in
  the previous claim list, the corpus, a sealed folder, a report fixture or docs/reports.md;
- a repository name + issue number already used under another owner (a renamed repository);
- two cases sharing an id or a URL.
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import sys
from pathlib import Path
from typing import Dict, List, Set

REPO = Path(__file__).resolve().parents[2]
# the corpus labels causes with envcheck's own categories, up to data-network (the later ones
# are envcheck's internal or runtime categories, which no pasted report is labelled with)
sys.path.insert(0, str(REPO))
from envcheck.findings import CATEGORIES as _ALL  # noqa: E402

CATEGORIES = set(_ALL[: _ALL.index("data-network") + 1])
KINDS = {
    "prose",
    "key-value",
    "issue-form",
    "package-list",
    "error-message",
    "wrapped",
    "fragment",
    "structured",
    "unused-component",
}
FIELDS = ("id", "source", "read", "kinds", "healthy", "cause", "expect", "split", "gatherer")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
ISSUE_RE = re.compile(r"github\.com/([^/]+)/([^/]+)/(?:issues|pull|discussions)/(\d+)", re.I)


def repo_issue(url: str) -> str:
    """``name#N`` of a GitHub thread URL, lowercased, without its owner ("" for other URLs)."""
    m = ISSUE_RE.search(url)
    return f"{m.group(2).lower()}#{m.group(3)}" if m else ""


def used_sources(sealed_glob: str) -> Dict[str, str]:
    """URL -> where it is used: every corpus case, sealed case and report fixture."""
    used: Dict[str, str] = {}
    paths = list(REPO.glob("tests/fixtures/corpus/*/*/case.json"))
    for d in glob.glob(sealed_glob):
        paths += Path(d).rglob("case.json")
    for p in paths:
        try:
            used.setdefault(json.loads(p.read_text())["source"], str(p.parent))
        except (ValueError, KeyError, OSError):
            continue
    for p in REPO.glob("tests/fixtures/reports/*.source"):
        for line in p.read_text(errors="replace").splitlines():
            if line.startswith("url: "):
                used.setdefault(line[5:].strip(), str(p))
    return used


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pool", type=Path)
    ap.add_argument("--claims", type=Path, required=True, help="this round's claim list")
    ap.add_argument("--previous", type=Path, required=True, help="the last claims-through file")
    ap.add_argument("--sealed", default="/work/sealed*", help="glob of sealed folders")
    args = ap.parse_args(argv)

    previous = args.previous.read_text().split()
    claims = args.claims.read_text().split()
    if claims[: len(previous)] != previous:
        print(f"{args.claims} does not start with {args.previous}")
        return 1
    this_round = set(claims[len(previous) :])
    earlier: Set[str] = set(previous)
    used = used_sources(args.sealed)
    used_names: Dict[str, str] = {repo_issue(u): u for u in used if repo_issue(u)}
    used_names.update({repo_issue(u): u for u in earlier if repo_issue(u)})
    reports_md = (REPO / "docs" / "reports.md").read_text().lower()

    problems: List[str] = []
    seen_ids: Dict[str, Path] = {}
    seen_urls: Dict[str, Path] = {}
    cases = sorted(args.pool.glob("*/cases/*/"))
    for case in cases:
        where = f"{case.parent.parent.name}/{case.name}"
        try:
            meta = json.loads((case / "case.json").read_text())
        except (OSError, ValueError) as exc:
            problems.append(f"{where}: case.json unreadable ({exc})")
            continue
        missing = [f for f in FIELDS if f not in meta]
        if missing:
            problems.append(f"{where}: fields missing: {missing}")
            continue
        if meta["id"] != case.name or not ID_RE.match(case.name):
            problems.append(f"{where}: id {meta['id']!r} is not a plain id equal to the folder")
        bad = [c for c in meta["expect"] if c not in CATEGORIES]
        bad += [k for k in meta["kinds"] if k not in KINDS]
        if bad:
            problems.append(f"{where}: unknown categories or kinds {bad}")
        if bool(meta["healthy"]) != (meta["expect"] == []):
            problems.append(f"{where}: healthy={meta['healthy']} but expect={meta['expect']}")
        paste = case / "paste.txt"
        text = paste.read_text(errors="replace") if paste.is_file() else ""
        if not text.strip():
            problems.append(f"{where}: paste.txt missing or empty")
        elif "```" in text:
            problems.append(f"{where}: a code fence is left in paste.txt")
        url = meta["source"]
        if url not in this_round:
            problems.append(f"{where}: {url} was not claimed this round")
        if url in earlier:
            problems.append(f"{where}: {url} is in {args.previous.name}")
        if url in used:
            problems.append(f"{where}: {url} is already used by {used[url]}")
        if f"({url.lower()})" in reports_md:
            problems.append(f"{where}: {url} is cited by docs/reports.md")
        name = repo_issue(url)
        if name and name in used_names and used_names[name] != url:
            problems.append(f"{where}: {url} may be {used_names[name]} under another owner")
        if meta["id"] in seen_ids:
            problems.append(f"{where}: id also used by {seen_ids[meta['id']]}")
        if url in seen_urls:
            problems.append(f"{where}: URL also used by {seen_urls[url]}")
        seen_ids[meta["id"]] = case
        seen_urls[url] = case
    print(f"{len(cases)} cases checked, {len(problems)} problems")
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
