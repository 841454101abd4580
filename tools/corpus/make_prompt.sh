#!/bin/bash
# usage: make_prompt.sh NAME POOL AREA DEADLINE LOOKUPS > prompt.md
# Fills tools/corpus/gatherer-prompt.md for one gatherer of pool POOL (e.g. pool68) writing under
# /work/POOL/NAME/cases. AREA is one line of emphasis; DEADLINE is HH:MM UTC by `date`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
NAME="$1" POOL="$2" AREA="$3" DEADLINE="$4" LOOKUPS="$5" READ=$(date -u +%F) \
POOLDIR="/work/$2" python3 - "$here/gatherer-prompt.md" <<'PY'
import os, sys
text = open(sys.argv[1]).read()
for key in ("NAME", "POOL", "AREA", "DEADLINE", "LOOKUPS", "READ", "POOLDIR"):
    text = text.replace(f"@{key}@", os.environ[key])
sys.stdout.write(text)
PY
