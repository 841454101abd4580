#!/usr/bin/env bash
# How much `verify --kernels full` varies on one healthy GPU (three runs back to back), and how
# long `inspect --deep` takes there (three runs). ~2 minutes on one H200.
#   run command="bash benchmarks/gpu_repeat.sh" timeout_s=240
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/gpu_lib.sh"
gpu_setup gpu-repeat
for i in 1 2 3; do
    timeout 100 "$py" -m envcheck verify --kernels full --budget 40 --format json \
        --only kernel-failure,performance-degraded > "$out/full$i.json" 2> /dev/null
done
for i in 1 2 3; do
    s=$(date +%s.%N)
    timeout 60 "$py" -m envcheck inspect --json --deep > "$out/deep$i.json" 2> /dev/null
    echo "deep $i rc=$? wall_s=$(awk -v s="$s" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')" >> "$out/deep-times.txt"
done
"$py" - "$out" > "$out/summary.txt" 2>&1 <<'PY'
import json, sys
from pathlib import Path
out = Path(sys.argv[1])
for i in (1, 2, 3):
    try:
        d = json.loads((out / f"full{i}.json").read_text())
    except Exception as exc:
        print(f"run {i}: no JSON ({exc})"); continue
    rows = [(r["test"], r.get("ratio"), (r.get("evidence") or {}).get("sm_clock_mhz"),
             (r.get("evidence") or {}).get("temperature_c_max"), r.get("passed"))
            for r in d["snapshot"]["kernels"] if r.get("ratio") is not None]
    print(f"run {i}: findings {[f['code'] for f in d['findings']]}")
    for t, ratio, clk, temp, ok in rows:
        print(f"  {t:18} ratio {ratio:.4f} sm {clk} temp {temp} passed {ok}")
for i in (1, 2, 3):
    try:
        d = json.loads((out / f"deep{i}.json").read_text())
        print(f"deep {i}: packages probe {d['probe_timings_ms'].get('packages')} ms;",
              [(x['name'], x.get('available'), x.get('cuda_version')) for x in d['packages']['deep']])
    except Exception as exc:
        print(f"deep {i}: {exc}")
print((out / "deep-times.txt").read_text())
PY
rm -f "$out"/deep?.json
cat "$out/summary.txt"
