#!/usr/bin/env bash
# envcheck Slurm prolog: judge this node before every job; drain it when a check fails.
#
# Install (as root on every compute node):
#   install -m 0755 prolog-envcheck.sh /etc/slurm/prolog-envcheck.sh
#   slurm.conf:  Prolog=/etc/slurm/prolog-envcheck.sh   (then `scontrol reconfigure`)
#
# What it does, by `envcheck verify` exit code (docs/scheduling.md):
#   0  healthy (warnings allowed)          -> exit 0, the job starts
#   1  at least one error finding          -> drain the node with Reason="envcheck: <first error>",
#                                             exit 1 (Slurm then requeues the job elsewhere)
#   2  bad usage / unreadable input        -> log, exit 0 (a broken envcheck setup never drains)
#   3  envcheck itself failed              -> log, exit 0
#   timeout (ENVCHECK_TIMEOUT seconds)     -> log, exit 0; drain instead with ENVCHECK_DRAIN_ON_TIMEOUT=1
#
# Settings (environment, or /etc/default/envcheck sourced below; ENVCHECK_DEFAULTS names
# another file):
#   ENVCHECK                   envcheck command; best an absolute path such as
#                              /opt/envcheck/bin/envcheck (default: envcheck on PATH)
#   ENVCHECK_ARGS              extra verify arguments      (e.g. "--policy /etc/envcheck.toml")
#   ENVCHECK_TIMEOUT           seconds before giving up    (default: 60)
#   ENVCHECK_DRAIN_ON_TIMEOUT  1 = a hung verify drains    (default: 0)
#   SCONTROL                   scontrol command            (default: scontrol)
set -uo pipefail

# slurmd runs prologs and health checks without a search path
# (https://slurm.schedmd.com/prolog_epilog.html): add the system directories.
PATH="${PATH:+$PATH:}/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
export PATH

# Site settings: /etc/default/envcheck, or the file ENVCHECK_DEFAULTS names (e.g. for a second
# cluster on the same host, or a test).
defaults_file="${ENVCHECK_DEFAULTS:-/etc/default/envcheck}"
if [ -r "$defaults_file" ]; then
  # shellcheck source=/dev/null
  . "$defaults_file"
fi

ENVCHECK="${ENVCHECK:-envcheck}"
ENVCHECK_TIMEOUT="${ENVCHECK_TIMEOUT:-60}"
ENVCHECK_DRAIN_ON_TIMEOUT="${ENVCHECK_DRAIN_ON_TIMEOUT:-0}"
SCONTROL="${SCONTROL:-scontrol}"
read -r -a extra_args <<< "${ENVCHECK_ARGS:-}"
node="${SLURMD_NODENAME:-$(hostname -s)}"

log() {
  echo "envcheck-prolog: $*" >&2
  if command -v logger > /dev/null 2>&1; then
    logger -t envcheck-prolog -- "$*" || true
  fi
}

# One line, no quotes or control characters, bounded length: safe as a Slurm Reason.
reason_from() {
  local line="$1"
  line="${line#ERROR: }"
  line="$(printf '%s' "$line" | tr -d '"\r' | tr '\t\n' '  ' | cut -c1-200)"
  case "$line" in
    envcheck:*) ;;
    *) line="envcheck: $line" ;;
  esac
  printf '%s' "$line"
}

drain() {
  local reason
  reason="$(reason_from "$1")"
  if "$SCONTROL" update "NodeName=$node" State=DRAIN "Reason=$reason"; then
    log "drained $node: $reason"
  else
    log "could not drain $node (scontrol failed): $reason"
  fi
}

# stderr of verify, for the log line; a full /tmp must not turn into a false drain
if errfile="$(mktemp "${TMPDIR:-/tmp}/envcheck-prolog.XXXXXX" 2> /dev/null)"; then
  trap 'rm -f "$errfile"' EXIT
else
  errfile=/dev/null
fi

rc=0
out="$(timeout --kill-after=5 "$ENVCHECK_TIMEOUT" \
  "$ENVCHECK" verify --format nhc --quiet ${extra_args[@]+"${extra_args[@]}"} 2> "$errfile")" || rc=$?
first="${out%%$'\n'*}"

case "$rc" in
  0)
    exit 0
    ;;
  1)
    drain "${first:-envcheck: verify found an error (no detail printed)}"
    exit 1
    ;;
  124 | 137)
    if [ "$ENVCHECK_DRAIN_ON_TIMEOUT" = "1" ]; then
      drain "envcheck: verify timed out after ${ENVCHECK_TIMEOUT}s"
      exit 1
    fi
    log "verify timed out after ${ENVCHECK_TIMEOUT}s on $node; not draining"
    exit 0
    ;;
  *)
    log "verify could not judge $node (exit $rc): $(head -n 1 "$errfile")"
    exit 0
    ;;
esac
