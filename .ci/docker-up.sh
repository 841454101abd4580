#!/usr/bin/env bash
# Start a private Docker engine for the `envcheck fix --docker` tests (issue 6), as root.
#
# - installs Debian's docker.io (+ debootstrap) when dockerd is missing;
# - starts dockerd on its own socket, data and exec roots under $ENVCHECK_DOCKER_DIR
#   (default /tmp/envcheck-docker), with --iptables=false --bridge=none so the host network is
#   left alone, and records its pid in dockerd.pid (.ci/docker-down.sh stops it by that pid);
# - builds a local base image (no registry is reachable): a debootstrap'd Debian bookworm
#   minbase with python3-venv, imported with `docker import` as envcheck-ci/debian-python:bookworm;
# - writes the socket URL to $ENVCHECK_DOCKER_DIR/host and the base image name to
#   $ENVCHECK_DOCKER_DIR/base-image. The tests read those files (or DOCKER_HOST /
#   ENVCHECK_TEST_BASE_IMAGE when set); nothing global is exported or changed.
set -euo pipefail

DIR=${ENVCHECK_DOCKER_DIR:-/tmp/envcheck-docker}
SOCK="$DIR/docker.sock"
HOST_URL="unix://$SOCK"
BASE_IMAGE=envcheck-ci/debian-python:bookworm
start=$(date +%s)

log() { echo "docker-up: $*"; }

if [ "$(id -u)" -ne 0 ]; then
  log "needs root to run dockerd; docker tests will skip"
  exit 1
fi

if ! command -v dockerd >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  log "installing docker.io and debootstrap from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends docker.io debootstrap >/dev/null
fi

mkdir -p "$DIR"
client() { docker -H "$HOST_URL" "$@"; }

running=no
if [ -f "$DIR/dockerd.pid" ] && kill -0 "$(cat "$DIR/dockerd.pid")" 2>/dev/null; then
  if client version >/dev/null 2>&1; then
    running=yes
    log "dockerd already running (pid $(cat "$DIR/dockerd.pid"))"
  fi
fi

if [ "$running" = no ]; then
  rm -f "$SOCK" "$DIR/dockerd.pid"
  dockerd \
    --host "$HOST_URL" \
    --data-root "$DIR/root" \
    --exec-root "$DIR/exec" \
    --pidfile "$DIR/dockerd.pid" \
    --iptables=false --ip6tables=false --bridge=none \
    >"$DIR/dockerd.log" 2>&1 &
  for _ in $(seq 1 60); do
    if client version >/dev/null 2>&1; then
      break
    fi
    sleep 1
  done
  if ! client version >/dev/null 2>&1; then
    log "dockerd did not answer within 60 s; last log lines:"
    tail -n 20 "$DIR/dockerd.log" || true
    exit 1
  fi
  log "dockerd running (pid $(cat "$DIR/dockerd.pid")) on $HOST_URL"
fi

if ! client image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  # The mirror apt already uses (deb822 sources or sources.list).
  mirror=$(grep -hE '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null |
    awk '{print $2}' | grep -v security | head -n 1 || true)
  if [ -z "$mirror" ]; then
    mirror=$(grep -hE '^deb ' /etc/apt/sources.list 2>/dev/null |
      awk '{print $2}' | grep -v security | head -n 1 || true)
  fi
  mirror=${mirror:-http://deb.debian.org/debian}
  rootfs="$DIR/rootfs"
  rm -rf "$rootfs"
  log "debootstrap bookworm minbase + python3-venv from $mirror"
  debootstrap --variant=minbase --include=python3-venv bookworm "$rootfs" "$mirror" \
    >"$DIR/debootstrap.log" 2>&1 || {
    log "debootstrap failed; last log lines:"
    tail -n 20 "$DIR/debootstrap.log" || true
    exit 1
  }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc "$rootfs"/usr/share/man "$rootfs"/usr/share/locale
  tar -C "$rootfs" -c . | client import --change 'CMD ["/bin/bash"]' - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs"
  log "imported $BASE_IMAGE"
fi

echo "$HOST_URL" >"$DIR/host"
echo "$BASE_IMAGE" >"$DIR/base-image"
log "ready in $(($(date +%s) - start)) s (DOCKER_HOST=$HOST_URL, base image $BASE_IMAGE)"
