#!/usr/bin/env bash
# envcheck as Slurm's HealthCheckProgram: slurmd runs it every HealthCheckInterval seconds.
#
# Install (as root on every compute node):
#   install -m 0755 slurm-healthcheck.sh /usr/sbin/envcheck-healthcheck
#   slurm.conf:  HealthCheckProgram=/usr/sbin/envcheck-healthcheck
#                HealthCheckInterval=300
#                HealthCheckNodeState=ANY,CYCLE
#
# Like LBNL NHC: on a failing check (verify exit 1) the node is drained with
# Reason="envcheck: <first error>"; when the node is healthy again and its drain reason is one
# envcheck set (it starts with "envcheck:"), the node is resumed. Drains set by people or other
# tools are never touched. Exit 2/3 (envcheck could not judge) and timeouts are logged only.
#
# Settings: the same as prolog-envcheck.sh (ENVCHECK, ENVCHECK_ARGS, ENVCHECK_TIMEOUT,
# ENVCHECK_DRAIN_ON_TIMEOUT, SCONTROL), plus ENVCHECK_RESUME=0 to never resume.
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
ENVCHECK_RESUME="${ENVCHECK_RESUME:-1}"
SCONTROL="${SCONTROL:-scontrol}"
read -r -a extra_args <<< "${ENVCHECK_ARGS:-}"
node="${SLURMD_NODENAME:-$(hostname -s)}"

log() {
  echo "envcheck-healthcheck: $*" >&2
  if command -v logger > /dev/null 2>&1; then
    logger -t envcheck-healthcheck -- "$*" || true
  fi
}

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

# Resume only a node that envcheck itself drained.
resume_if_ours() {
  [ "$ENVCHECK_RESUME" = "1" ] || return 0
  local info
  info="$("$SCONTROL" show node "$node" 2> /dev/null)" || return 0
  case "$info" in
    *"Reason=envcheck:"*)
      if "$SCONTROL" update "NodeName=$node" State=RESUME; then
        log "resumed $node: envcheck checks pass again"
      fi
      ;;
  esac
}

# stderr of verify, for the log line; a full /tmp must not turn into a false drain
if errfile="$(mktemp "${TMPDIR:-/tmp}/envcheck-healthcheck.XXXXXX" 2> /dev/null)"; then
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
    resume_if_ours
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
