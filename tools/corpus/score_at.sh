#!/bin/bash
# usage: score_at.sh SEALED_ROOT NAME COMMIT... -> scores the sealed folder (SEALED_ROOT/heldoutM)
# with the envcheck of each commit, each from a clean `git archive` under /work/trees, at the
# same moment; writes /work/scores/NAME-COMMIT.jsonl and says whether the commits' findings are
# identical case by case. Run once per sealed pool (GATHERING.md: a pool is scored once).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../.." && pwd)
root=$1 name=$2; shift 2
py="$repo/.venv/bin/python"
mkdir -p /work/trees /work/scores
first=""
for c in "$@"; do
  c=$(git -C "$repo" rev-parse --short=8 "$c")
  t=/work/trees/$c
  if [ ! -d "$t" ]; then mkdir -p "$t"; git -C "$repo" archive "$c" | tar -x -C "$t"; fi
  echo "== $c"
  "$py" "$here/dump.py" --tree "$t" --out "/work/scores/$name-$c.jsonl" "$root"
  if [ -z "$first" ]; then first=$c; elif cmp -s "/work/scores/$name-$first.jsonl" "/work/scores/$name-$c.jsonl"; then
    echo "   findings identical to $first, case by case"
  else echo "   findings differ from $first"; fi
done
