#!/usr/bin/env bash
# Everything a lent GPU machine is for, in one call of the device tool (its device time is short
# and every start costs minutes):
#   1. real outputs of the tools people paste (nvidia-smi in its forms, collect_env, pip list,
#      nvcc, JAX's environment), kept as fixtures: fake executables and pasted-text cases;
#   2. envcheck on the live host: inspect (plain and --deep), verify in every format, fix,
#      fix --docker, and each captured paste judged back through --from-report;
#   3. the hook's latency on a real driver (benchmarks/bench.py, cold processes);
#   4. benchmarks/gpu_suite.sh (verify --kernels quick / full / driver API), shorter budgets;
#   5. benchmarks/gpu_watch.sh (watch on real training loops), shorter runs.
# The device tool brings back at most 8 files, so everything is packed into
# $OUT/gpu-session.tar.gz; $OUT/summary.txt and stdout carry the headline numbers.
#
#   run command="bash benchmarks/gpu_session.sh" timeout_s=600
#
# Stages have their own timeouts, all cut to a deadline TOTAL_S (500 s) after the start, so
# that a hung stage cannot eat the others' time and the packing always runs; the whole script
# is sized for about 7-8 minutes on one H200. It installs nothing and changes nothing
# outside its work folder (envcheck runs from this checkout through PYTHONPATH).
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/gpu_lib.sh"
gpu_setup gpu-session "${TOTAL_S:-500}"   # packing needs a few seconds after the deadline
cap="$work/captures"
mkdir -p "$cap"
cap() { timed "$cap" "$@"; }   # cap NAME LIMIT CMD...

log "1/5 raw tool outputs"
query="index,name,uuid,pci.bus_id,compute_cap,memory.total,memory.used,memory.free,temperature.gpu,power.draw,power.limit,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,persistence_mode,ecc.mode.current,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max,driver_version"
cap nvidia-smi.txt 30 nvidia-smi
cap nvidia-smi-L.txt 30 nvidia-smi -L
cap nvidia-smi-q.txt 30 nvidia-smi -q
cap nvidia-smi-q-x.xml 30 nvidia-smi -q -x
cap nvidia-smi-query.csv 30 nvidia-smi "--query-gpu=$query" --format=csv
cap nvidia-smi-query-noheader.csv 30 nvidia-smi "--query-gpu=$query" --format=csv,noheader,nounits
cap nvidia-smi-topo.txt 30 nvidia-smi topo -m
cap nvidia-smi-compute-apps.csv 30 nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv
cap collect_env.txt 120 "$py" -m torch.utils.collect_env
cap pip-list.txt 60 "$py" -m pip list
cap pip-freeze.txt 60 "$py" -m pip freeze
cap nvcc-version.txt 30 nvcc --version
cap jax-env.txt 90 "$py" -c "import jax; jax.print_environment_info(); print(jax.devices())"
cap torch-cuda.txt 90 "$py" -c "import torch; print(torch.__version__, torch.version.cuda, torch.backends.cudnn.version(), torch.cuda.nccl.version()); print(torch.cuda.get_device_name(0), torch.cuda.get_device_capability(0), torch.cuda.get_arch_list())"
cap os-release.txt 10 cat /etc/os-release
cap proc-driver-version.txt 10 cat /proc/driver/nvidia/version
cap uname.txt 10 uname -a
cap df-shm.txt 10 df -h /dev/shm /tmp
cap ldconfig-nvidia.txt 20 sh -c "ldconfig -p | grep -i -E 'nvidia|cuda|cudnn|nccl'"

log "2/5 envcheck on the live host"
ec() { cap "$1" "$2" "$py" -m envcheck "${@:3}"; }
ec version.txt 30 --version
ec inspect.txt 60 inspect
ec inspect.json 60 inspect --json
ec inspect-deep.json 120 inspect --json --deep
ec verify.txt 60 verify
ec verify.json 60 verify --format json
ec verify-deep.txt 120 verify --deep
ec verify-nhc.txt 60 verify --format nhc --quiet
ec verify-prometheus.txt 60 verify --format prometheus
ec verify-junit.xml 60 verify --format junit
ec fix.txt 60 fix
ec fix-docker.txt 120 fix --docker
for f in nvidia-smi.txt nvidia-smi-q.txt collect_env.txt pip-list.txt nvcc-version.txt jax-env.txt; do
    [ -s "$cap/$f" ] && ec "paste-${f%.*}.txt" 60 verify --from-report "$cap/$f"
done
ec paste-collect_env-with-smi.txt 60 verify --from-report "$cap/collect_env.txt" --from-report "$cap/nvidia-smi.txt"
ec paste-collect_env.json 60 verify --from-report "$cap/collect_env.txt" --format json
ec snapshot-judged.txt 60 verify --snapshot "$cap/inspect.json"

log "3/5 hook latency (bench.py, cold processes)"
# bench.py runs the `envcheck` on PATH; this checkout is not installed there, so a two-line
# launcher stands in (one exec more than a console script, a millisecond or two)
mkdir -p "$work/bin"
printf '#!/bin/sh\nexec %s -m envcheck "$@"\n' "$(command -v "$py")" > "$work/bin/envcheck"
chmod +x "$work/bin/envcheck"
PATH="$work/bin:$PATH" \
cap bench.md 120 "$py" "$root/benchmarks/bench.py" --runs 3 --fleet 100

log "4/5 kernels (gpu_suite.sh)"
OUT="$work/suite" QUICK_BUDGET="${QUICK_BUDGET:-20}" FULL_BUDGET="${FULL_BUDGET:-60}" \
    timeout "$(within 240)" bash "$root/benchmarks/gpu_suite.sh" > "$work/suite.stdout" 2>&1
log "suite exit $?"

log "5/5 watch (gpu_watch.sh)"
OUT="$work/watch" SECONDS_PER_RUN="${SECONDS_PER_RUN:-20}" SYNTHETIC_BUDGET="${SYNTHETIC_BUDGET:-30}" \
    AB_SECONDS="${AB_SECONDS:-10}" AB_ROUNDS="${AB_ROUNDS:-2}" \
    timeout "$(within 300)" bash "$root/benchmarks/gpu_watch.sh" > "$work/watch.stdout" 2>&1
log "watch exit $?"

# --- summary and packing ---------------------------------------------------------------------
{
    echo "# gpu_session $(date -u +%Y-%m-%dT%H:%M:%SZ), $(($(date +%s) - started)) s"
    echo "## capture times"
    cat "$cap/times.txt"
    echo "## verify (text)"
    head -c 6000 "$cap/verify.txt"
    echo "## verify --deep (text)"
    head -c 4000 "$cap/verify-deep.txt" 2>/dev/null
    echo "## paste collect_env"
    head -c 3000 "$cap/paste-collect_env.txt" 2>/dev/null
    echo "## kernels"
    cat "$work/suite/runs.txt" 2>/dev/null
    grep -E '^\| ' "$work/suite/results.md" 2>/dev/null | head -80
    grep -E '^- ' "$work/suite/results.md" 2>/dev/null
    echo "## watch"
    cat "$work/watch/verdicts.txt" "$work/watch/overhead.txt" 2>/dev/null
    echo "## bench"
    head -c 3000 "$cap/bench.md" 2>/dev/null
} > "$out/summary.txt" 2>&1
rm -rf "$work/watch/data"   # generated images, not evidence
tar -czf "$out/gpu-session.tar.gz" -C "$work" . 2>> "$out/summary.txt"
ls -la "$out" >> "$out/summary.txt"
cat "$out/summary.txt"
