#!/bin/bash
# usage: seal.sh POOLNUM HELDOUTNUM SEED -> checks /work/poolPOOLNUM, then seals it whole as
# /work/sealedHELDOUTNUM/heldoutHELDOUTNUM (outside the repository) and prints its content hash.
# Nothing of the sealed folder is listed. Refuses to seal a pool the check finds a problem in.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../.." && pwd)
pool=/work/pool$1 m=$2 seed=$3
previous=$(ls "$repo"/tests/fixtures/corpus/claims-through-round*.txt | sort -V | tail -1)
python3 "$here/check_pool.py" "$pool" --claims "${CLAIMS:-/work/claims.txt}" --previous "$previous"
python3 "$repo/benchmarks/split_pool.py" "$pool" "/work/sealed$m/heldout$m" "/tmp/unused$m" \
  --seed "$seed" --sealed-split "heldout$m" --tune-split unused --sealed-share 1.0
echo "sealed at $(date -u +%T) UTC; content hash $(python3 "$here/content_hash.py" "/work/sealed$m/heldout$m")"
