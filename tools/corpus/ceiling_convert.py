"""Turn a ceiling audit written on anonymous copies into tests/fixtures/corpus/ceiling-<split>.md.

    python tools/corpus/ceiling_convert.py RESULT.md MAP.json SCORES.jsonl OUT.md

Each case-NNN becomes its case id (suffixed -NNN in the method paragraph, so the batch limits
stay readable); a closing section counts, from the scoring's dump (tools/corpus/dump.py), how
many A and B cases envcheck reached.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def main(argv: list) -> int:
    result, map_path, scores, out = (Path(a) for a in argv)
    mapping = json.loads(map_path.read_text())
    text = result.read_text()
    labels = {}
    for m in re.finditer(r"^\| (case-\d{3}) \| ([ABC]) \|", text, re.M):
        labels[mapping[m.group(1)]] = m.group(2)
    text = re.sub(r"^\| (case-\d{3}) \|", lambda m: f"| {mapping[m.group(1)]} |", text, flags=re.M)
    text = re.sub(r"\b(case-(\d{3}))\b", lambda m: f"{mapping[m.group(1)]}-{m.group(2)}", text)
    rows = [json.loads(line) for line in Path(scores).read_text().splitlines() if line.strip()]
    diagnosed = {r["id"]: r["diagnosed"] for r in rows if not r["healthy"]}
    missing = [i for i in labels if i not in diagnosed]
    if missing:
        raise SystemExit(f"not in {scores}: {missing}")
    lines = ["", "## envcheck at the scoring (added after the audit, from the scoring's output)"]
    for label in "ABC":
        ids = [i for i, lab in labels.items() if lab == label]
        hit = sum(diagnosed[i] for i in ids)
        lines.append(f"- **{label}:** envcheck diagnosed {hit} of {len(ids)}")
    out.write_text(text.rstrip("\n") + "\n" + "\n".join(lines) + "\n")
    print("\n".join(lines[1:]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
