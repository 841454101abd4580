#!/usr/bin/env bash
# Stop the private Docker engine that .ci/docker-up.sh started, by its pid.
# ENVCHECK_DOCKER_CLEAN=1 also removes its data (images, containers) afterwards.
set -euo pipefail

DIR=${ENVCHECK_DOCKER_DIR:-/tmp/envcheck-docker}
PIDFILE="$DIR/dockerd.pid"

if [ -f "$PIDFILE" ]; then
  pid=$(cat "$PIDFILE")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 30); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "docker-down: dockerd (pid $pid) did not stop in 30 s; sending KILL"
      kill -KILL "$pid" || true
    fi
  fi
  rm -f "$PIDFILE"
  echo "docker-down: dockerd stopped"
fi
rm -f "$DIR/host"
if [ "${ENVCHECK_DOCKER_CLEAN:-0}" = 1 ]; then
  rm -rf "$DIR"
fi
