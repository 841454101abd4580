"""Anonymous, shuffled copies of a sealed pool's broken cases for its ceiling audit.

    python tools/corpus/anon.py SEALED_DIR AUDIT_DIR MAP.json SEED

AUDIT_DIR/case-NNN/ gets paste.txt and answer.json (the established cause and categories only);
the case ids, the sources and envcheck's output stay out, so the reader judges from the paste
as a support engineer would. MAP.json maps case-NNN to the case id, for the conversion after.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
from pathlib import Path


def main(argv: list) -> int:
    sealed, audit, map_path, seed = Path(argv[0]), Path(argv[1]), Path(argv[2]), argv[3]
    cases = []
    for meta_path in sorted(sealed.glob("*/case.json")):
        meta = json.loads(meta_path.read_text())
        if not meta["healthy"]:
            cases.append((meta_path.parent, meta))
    random.Random(seed).shuffle(cases)
    audit.mkdir(parents=True, exist_ok=False)
    mapping = {}
    for n, (folder, meta) in enumerate(cases, 1):
        name = f"case-{n:03d}"
        (audit / name).mkdir()
        shutil.copy(folder / "paste.txt", audit / name / "paste.txt")
        answer = {"cause": meta["cause"], "expect": meta["expect"]}
        (audit / name / "answer.json").write_text(json.dumps(answer, indent=2) + "\n")
        mapping[name] = meta["id"]
    map_path.write_text(json.dumps(mapping, indent=2) + "\n")
    print(f"{len(cases)} broken cases copied to {audit}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
