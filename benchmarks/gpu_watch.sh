#!/usr/bin/env bash
# envcheck watch on a machine with an NVIDIA GPU (design D12). Tests never depend on it.
#   1. --synthetic on a generated image folder (the healthy baseline: GPU / loader / cold read)
#   2. a real training loop with num_workers=0 and a CPU-heavy transform (expect EW103 or EW101)
#   3. the same loop with a competing CUDA matmul loop on the same GPU (expect EW131)
#   4. a GPU-bound loop (synthetic tensors on the GPU; expect no EW finding)
#   5. overhead: steps/s of the GPU-bound loop with and without watch (A/B)
# Traces go to $OUT/traces (copy them into tests/fixtures/watch/recorded/ to keep them).
#
# Usage (from the repository root):   OUT=/tmp/gpu-watch benchmarks/gpu_watch.sh
# With the project's device tool:      run command="bash benchmarks/gpu_watch.sh"
# Needs torch with CUDA, psutil and envcheck's dependencies importable (PYTHONPATH = checkout;
# a ./.suite-deps folder of wheels is added when present, as in gpu_suite.sh). About 6 minutes.
# Shorter: SECONDS_PER_RUN, SYNTHETIC_BUDGET, AB_SECONDS, AB_ROUNDS (benchmarks/gpu_session.sh).
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/gpu_lib.sh"
gpu_setup gpu-watch
log_file="$out/watch.log"
secs="${SECONDS_PER_RUN:-45}"
synthetic_budget="${SYNTHETIC_BUDGET:-60}"   # the JSON synthetic probe; the text one gets half
ab_seconds="${AB_SECONDS:-30}"               # each arm of the overhead A/B
ab_rounds="${AB_ROUNDS:-2}"
mkdir -p "$out/traces" "$out/data"

nvidia-smi -L > "$out/gpus.txt" 2>&1 || log "nvidia-smi -L failed"
"$py" -c "import torch; assert torch.cuda.is_available(); print(torch.__version__)" \
    > "$out/torch.txt" 2>&1 || { log "torch with CUDA is not importable: stop"; exit 1; }

# a folder of real JPEG files (PIL) or raw bytes when PIL is missing
"$py" - "$out/data" <<'PY'
import os, sys
d = sys.argv[1]
try:
    from PIL import Image
    import random
    for i in range(800):
        Image.effect_noise((256, 256), random.uniform(10, 80)).convert("RGB").save(f"{d}/{i}.jpg")
except ImportError:
    for i in range(800):
        open(f"{d}/{i}.bin", "wb").write(os.urandom(120_000))
PY

cat > "$out/train.py" <<'PY'
import sys, time, torch
from torch.utils.data import DataLoader, Dataset
workers, seconds, heavy = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3] == "heavy"
class D(Dataset):
    def __len__(self): return 10**6
    def __getitem__(self, i):
        x = torch.randn(3, 224, 224)
        if heavy:
            for _ in range(6): x = torch.nn.functional.avg_pool2d(x[None], 3, 1, 1)[0]
        return x
model = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 3, 2, 1), torch.nn.ReLU(),
                            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
                            torch.nn.Linear(64, 10)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
end = time.time() + seconds
if workers < 0:  # GPU-bound: synthetic tensors already on the GPU
    x = torch.randn(256, 3, 224, 224, device="cuda")
    n = 0
    while time.time() < end:
        loss = model(x).pow(2).mean(); opt.zero_grad(); loss.backward(); opt.step(); n += 1
        if n % 10 == 0: torch.cuda.synchronize(); print(f"step {n}", flush=True)
    print(f"STEPS {n}"); sys.exit(0)
loader = DataLoader(D(), batch_size=64, num_workers=workers, pin_memory=True)
for n, x in enumerate(loader, 1):
    loss = model(x.cuda(non_blocking=True)).pow(2).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    print(f"step {n}", flush=True)
    if time.time() > end: break
PY

cat > "$out/hog.py" <<'PY'
import sys, time, torch
a = torch.randn(8192, 8192, device="cuda")
end = time.time() + float(sys.argv[1])
while time.time() < end: a = a @ a; a = a / a.norm()
PY

w() { "$py" -m envcheck watch --warmup 10 --window 10 "$@"; }

log "1/5 synthetic probe"
w --synthetic --data-dir "$out/data" --budget "$synthetic_budget" --format json --output "$out/synthetic.json"
w --synthetic --data-dir "$out/data" --budget "$((synthetic_budget / 2))" > "$out/synthetic.txt" 2>&1

log "2/5 num_workers=0 with a heavy transform"
w --record "$out/traces/gpu_num_workers_0.jsonl" --format json --output "$out/workers0.json" \
    -- "$py" "$out/train.py" 0 "$secs" heavy > "$out/workers0.log" 2>&1

log "3/5 competing GPU process"
"$py" "$out/hog.py" $((secs + 20)) & hog=$!
sleep 5
w --record "$out/traces/gpu_contention.jsonl" --format json --output "$out/contention.json" \
    -- "$py" "$out/train.py" -1 "$secs" light > "$out/contention.log" 2>&1
kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null

log "4/5 GPU-bound"
w --record "$out/traces/gpu_bound.jsonl" --format json --output "$out/gpubound.json" \
    -- "$py" "$out/train.py" -1 "$secs" light > "$out/gpubound.log" 2>&1

log "5/5 overhead A/B"
for i in $(seq 1 "$ab_rounds"); do
    "$py" "$out/train.py" -1 "$ab_seconds" light 2>/dev/null | grep STEPS | sed "s/^/bare $i /" >> "$out/overhead.txt"
    w --no-record --format json --output "$out/ab$i.json" -- "$py" "$out/train.py" -1 "$ab_seconds" light \
        2>/dev/null | grep STEPS | sed "s/^/watched $i /" >> "$out/overhead.txt"
done

for f in workers0 contention gpubound; do
    "$py" -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[2], [x['code'] for x in d['findings'] if x['code'].startswith('EW')], d['watch']['summary']['verdict'])" \
        "$out/$f.json" "$f" >> "$out/verdicts.txt" 2>&1
done
cat "$out/verdicts.txt" "$out/overhead.txt" >&2
log "done: $out"
