#!/usr/bin/env bash
# Install the real services the scheduler tests start themselves (issue 17), and minisign for the
# data-update signature interop tests: munge, slurmctld
# and slurmd (tests/test_scheduler_slurm_real.py), promtool and node_exporter
# (tests/test_scheduler_prometheus_real.py, tests/test_scheduler_k8s_schema.py).
#
# Installs Debian's packages when a program is missing; starts nothing (each test starts its own
# daemons on 127.0.0.1 in a temporary folder and stops them by PID). Where this cannot install
# (not root, no apt), the tests skip with the reason.
set -euo pipefail

need=()
command -v munged > /dev/null 2>&1 || need+=(munge)
command -v slurmctld > /dev/null 2>&1 || need+=(slurmctld)
command -v slurmd > /dev/null 2>&1 || need+=(slurmd)
command -v promtool > /dev/null 2>&1 || need+=(prometheus)
command -v prometheus-node-exporter > /dev/null 2>&1 || need+=(prometheus-node-exporter)
# minisign: the data-update signature tests check interop with the reference tool
command -v minisign > /dev/null 2>&1 || need+=(minisign)
[ "${#need[@]}" -eq 0 ] && { echo "services-up: all installed"; exit 0; }

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get > /dev/null 2>&1; then
  echo "services-up: cannot install ${need[*]} (needs root and apt-get); those tests will skip"
  exit 1
fi
start=$(date +%s)
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=300 update -qq > /dev/null
apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${need[@]}" > /dev/null
echo "services-up: installed ${need[*]} in $(($(date +%s) - start)) s"
