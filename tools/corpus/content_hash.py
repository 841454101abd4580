"""Print a 16-hex content hash of a folder: SHA-256 over the bytes of every file in it, in the
sorted order of their relative paths (the method of every earlier round: the hash quoted for
heldout65, 1dc35c1f40eb6622, is what this prints for tests/fixtures/corpus/heldout65). Quoted
when a pool is sealed, so the copy scored and committed later is shown to be the one sealed."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path


def content_hash(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(q for q in folder.rglob("*") if q.is_file()):
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


if __name__ == "__main__":
    print(content_hash(Path(sys.argv[1])))
