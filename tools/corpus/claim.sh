#!/bin/bash
# usage: claim.sh URL -> exit 0 and records the URL when nobody has used or claimed it; exit 1
# when it is taken. Gatherers of the pasted-evidence corpus (issue 10) call it before they write
# a case, so no thread becomes two cases and no thread a pattern was learned from becomes a
# held-out case. Paths come from the environment (defaults: this round's layout on /work):
#   CLAIMS  the shared claim list, one canonical URL a line (seed it with the last
#           claims-through-roundN.txt of tests/fixtures/corpus)
#   REPO    the envcheck checkout whose corpus, report fixtures and docs/reports.md are refused
#   SEALED  a glob of sealed folders outside the repository
url="$1"
CLAIMS="${CLAIMS:-/work/claims.txt}"
REPO="${REPO:-/work/main}"
SEALED="${SEALED:-/work/sealed*}"
if [ -z "$url" ]; then echo "usage: claim.sh URL" >&2; exit 2; fi
u=$(printf '%s\n' "$url" | sed -E 's/[#?].*$//; s#/+$##')
exec 9>>"$CLAIMS.lock"; flock 9
if grep -qxF "$u" "$CLAIMS" 2>/dev/null; then echo "TAKEN (claimed)"; exit 1; fi
# shellcheck disable=SC2086  # SEALED is a glob on purpose
if grep -rqsF "\"$u\"" "$REPO"/tests/fixtures/corpus/*/*/case.json $SEALED 2>/dev/null; then
  echo "TAKEN (in corpus)"; exit 1
fi
if grep -rqsxF -e "$u" -e "url: $u" "$REPO"/tests/fixtures/reports/ 2>/dev/null; then
  echo "TAKEN (report fixture)"; exit 1
fi
if grep -qiF "($u)" "$REPO"/docs/reports.md 2>/dev/null; then
  echo "TAKEN (a pattern was learned from it)"; exit 1
fi
echo "$u" >> "$CLAIMS"; echo "CLAIMED $u"
