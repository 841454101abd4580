#!/usr/bin/env bash
# Faults made on a real GPU with real processes, without changing the machine's settings (no
# power limits, clocks or MIG: a lent machine is left as it was). One device call, ~4 minutes:
#   1. the healthy baseline: verify (text, json, nhc; `-v` gives each probe's time), fix;
#   2. another process holds 70 % of the GPU's memory and computes: verify (expect EC430) and
#      verify --kernels quick (the rates fall; expect EC805/EC803 or tests not run);
#   3. CUDA_VISIBLE_DEVICES naming a GPU that is not there (expect EC507), and empty;
#   4. watch --pid attached to a running GPU-bound job;
#   5. the hook's latency again (bench.py, cold processes).
# Everything lands in $OUT/gpu-faults.tar.gz and $OUT/summary.txt.
#
#   run command="bash benchmarks/gpu_faults.sh" timeout_s=400
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/gpu_lib.sh"
gpu_setup gpu-faults "${TOTAL_S:-300}"
mkdir -p "$work/bin"
ec() { local name="$1" limit="$2"; shift 2; timed "$work" "$name" "$limit" "$py" -m envcheck "$@"; }

log "1/5 healthy baseline"
ec verify.txt 60 verify
ec verify.json 60 verify --format json
ec verify-nhc.txt 60 verify --format nhc --quiet
ec verify-v.txt 60 -v verify --quiet
ec fix.txt 60 fix

log "2/5 another process holds the GPU's memory and computes"
cat > "$work/hog.py" <<'PY'
import sys, time, torch
# argv[2]: the share of the GPU's memory to hold (0.7 held 100 GiB of an H200's 140, 55 of an H100's 80)
held = torch.empty(int(float(sys.argv[2]) * torch.cuda.mem_get_info()[1]), dtype=torch.uint8, device="cuda")  # plain cudaMalloc
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
print("holding", held.numel() >> 30, "GiB", flush=True)
end = time.time() + float(sys.argv[1])
while time.time() < end:
    a = a @ a
    a = a / a.norm()
PY
"$py" "$work/hog.py" 75 0.7 > "$work/hog.log" 2>&1 &
hog=$!
for _ in $(seq 1 30); do grep -q holding "$work/hog.log" 2> /dev/null && break; sleep 1; done
timeout 10 nvidia-smi > "$work/nvidia-smi-busy.txt" 2>&1
ec busy-verify.txt 60 verify
ec busy-verify.json 60 verify --format json
ec busy-kernels.json 80 verify --kernels quick --budget 40 --format json
ec busy-kernels.txt 60 verify --kernels quick --budget 30 --quiet
kill "$hog" 2> /dev/null
wait "$hog" 2> /dev/null

log "3/5 CUDA_VISIBLE_DEVICES"
CUDA_VISIBLE_DEVICES=3 ec cvd-3.txt 60 verify
CUDA_VISIBLE_DEVICES= ec cvd-empty.txt 60 verify
CUDA_VISIBLE_DEVICES=3 ec cvd-3-kernels.txt 60 verify --kernels quick --budget 20

log "4/5 watch --pid"
cat > "$work/train.py" <<'PY'
import sys, time, torch
model = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 3, 2, 1), torch.nn.ReLU(),
                            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                            torch.nn.Linear(64, 10)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(256, 3, 224, 224, device="cuda")
end = time.time() + float(sys.argv[1])
while time.time() < end:
    loss = model(x).pow(2).mean(); opt.zero_grad(); loss.backward(); opt.step()
PY
"$py" "$work/train.py" 40 > /dev/null 2>&1 &
job=$!
sleep 6
ec watch-pid.json 45 watch --pid "$job" --duration 25 --warmup 5 --window 10 \
    --record "$work/pid_gpu_bound.jsonl" --format json
kill "$job" 2> /dev/null
wait "$job" 2> /dev/null

log "5/5 hook latency"
printf '#!/bin/sh\nexec %s -m envcheck "$@"\n' "$(command -v "$py")" > "$work/bin/envcheck"
chmod +x "$work/bin/envcheck"
PATH="$work/bin:$PATH" timeout "$(within 90)" "$py" "$root/benchmarks/bench.py" --runs 5 --fleet 100 \
    > "$work/bench.md" 2> "$work/bench.stderr"

{
    echo "# gpu_faults $(date -u +%Y-%m-%dT%H:%M:%SZ), $(($(date +%s) - started)) s"
    cat "$work/times.txt"
    for f in verify.txt verify-nhc.txt fix.txt busy-verify.txt busy-kernels.txt cvd-3.txt cvd-empty.txt cvd-3-kernels.txt; do
        echo "## $f"
        head -c 2500 "$work/$f" 2> /dev/null
    done
    echo "## verify -v (stderr)"
    head -c 3000 "$work/verify-v.txt.stderr" 2> /dev/null
    echo "## watch --pid"
    "$py" -c "import json,sys; d=json.load(open(sys.argv[1])); print([x['code'] for x in d['findings'] if x['code'].startswith('EW')], d['watch']['summary']['verdict'], d['watch']['summary'].get('gpu_busy'))" "$work/watch-pid.json" 2>&1
    echo "## bench"
    head -c 1500 "$work/bench.md"
} > "$out/summary.txt" 2>&1
tar -czf "$out/gpu-faults.tar.gz" -C "$work" . 2>> "$out/summary.txt"
cat "$out/summary.txt"
