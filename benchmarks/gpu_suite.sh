#!/usr/bin/env bash
# GPU verification suite for a machine with NVIDIA GPUs: runs `envcheck verify --kernels` in
# quick and full mode (and quick through the CUDA driver API backend, which needs no framework,
# and through CuPy when it is installed)
# and writes per-test value / datasheet peak / ratio to $OUT.
#
# Usage (from the repository root):
#   OUT=/tmp/gpu-suite benchmarks/gpu_suite.sh
# With the project's device tool, in one call:
#   run command="bash benchmarks/gpu_suite.sh" (it writes under $OUT, which comes back)
#
# It installs nothing: envcheck runs from this checkout (PYTHONPATH), with whatever Python
# packages the machine has. Its own dependencies (typer, packaging, nvidia-ml-py; rich optional)
# must be importable; if the machine lacks them, build a folder of these pure-Python wheels on a
# networked machine (`pip install --target .suite-deps typer packaging nvidia-ml-py requests`)
# and carry it along: the script adds ./.suite-deps to PYTHONPATH when it exists. torch (with
# CUDA) is used when present; otherwise `auto` falls back to cupy, then to the driver API.
#
# Environment: OUT (default ./gpu-suite-out), PYTHON (default python3), QUICK_BUDGET (60),
# FULL_BUDGET (180), GPUS (e.g. "0,1"; default all).
set -uo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/gpu_lib.sh"
gpu_setup gpu-suite
quick_budget="${QUICK_BUDGET:-60}"
full_budget="${FULL_BUDGET:-180}"
log_file="$out/suite.log"

# --- what machine is this ---------------------------------------------------------------
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "host: $(hostname)"
    echo "kernel: $(uname -r)"
    echo "python: $("$py" --version 2>&1)"
    echo "cpu: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ //')"
    echo "cores: $(nproc 2>/dev/null)"
} > "$out/machine.txt"
if command -v nvidia-smi > /dev/null 2>&1; then
    timeout 30 nvidia-smi > "$out/nvidia-smi.txt" 2>&1
    timeout 30 nvidia-smi -q > "$out/nvidia-smi-q.txt" 2>&1
    timeout 30 nvidia-smi topo -m > "$out/nvidia-smi-topo.txt" 2>&1
else
    echo "nvidia-smi not found" > "$out/nvidia-smi.txt"
fi
timeout 120 "$py" - > "$out/frameworks.txt" 2>&1 <<'PY'
import importlib
for name in ("torch", "cupy", "typer", "pynvml", "rich", "packaging"):
    try:
        mod = importlib.import_module(name)
        extra = ""
        if name == "torch":
            extra = f" cuda={mod.version.cuda} available={mod.cuda.is_available()}"
            if mod.cuda.is_available():
                extra += f" devices={[mod.cuda.get_device_name(i) for i in range(mod.cuda.device_count())]}"
                extra += f" arch_list={mod.cuda.get_arch_list()}"
        print(f"{name}: {getattr(mod, '__version__', '?')}{extra}")
    except Exception as exc:  # report, do not fail
        print(f"{name}: not importable ({type(exc).__name__}: {exc})")
PY
log "machine: $(tr '\n' ' ' < "$out/machine.txt")"
log "frameworks: $(tr '\n' ' ' < "$out/frameworks.txt")"

if ! "$py" -c "import envcheck.cli" > "$out/import-check.txt" 2>&1; then
    log "envcheck cannot be imported from $root (missing dependencies?): $(tail -1 "$out/import-check.txt")"
    log "see the header of this script for carrying .suite-deps"
    exit 3
fi

# --- the runs --------------------------------------------------------------------------------
gpu_args=()
if [ -n "${GPUS:-}" ]; then
    gpu_args=(--gpus "$GPUS")
fi

run_one() {  # name, budget, extra args...
    local name="$1" budget="$2"
    shift 2
    local start end rc
    log "run $name: envcheck verify --format json --budget $budget $*"
    start=$(date +%s.%N)
    timeout $((${budget%.*} + 120)) "$py" -m envcheck verify --format json --budget "$budget" \
        "${gpu_args[@]}" "$@" > "$out/verify-$name.json" 2> "$out/verify-$name.stderr"
    rc=$?
    end=$(date +%s.%N)
    echo "$name rc=$rc wall_s=$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }')" \
        >> "$out/runs.txt"
    log "run $name: exit $rc"
}

run_one quick "$quick_budget" --kernels quick
run_one full "$full_budget" --kernels full
run_one driver-quick "$quick_budget" --kernels quick --backend cuda-driver
if "$py" -c "import cupy" > /dev/null 2>&1; then
    run_one cupy-quick "$quick_budget" --kernels quick --backend cupy
fi

# --- per-test table: value, datasheet peak, ratio ---------------------------------------------
"$py" - "$out" > "$out/results.md" 2>> "$out/suite.log" <<'PY'
import json
import sys
from pathlib import Path

out = Path(sys.argv[1])
runs = {}
for line in (out / "runs.txt").read_text().splitlines():
    name, rc, wall = line.split()
    runs[name] = (rc.split("=")[1], wall.split("=")[1])
rows = []
print("# envcheck GPU verification suite\n")
print((out / "machine.txt").read_text().replace("\n", "  \n"))
print("| run | exit | wall s | GPU | test | backend | passed | value | unit | peak | ratio | s | detail |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for name, (rc, wall) in runs.items():
    path = out / f"verify-{name}.json"
    try:
        report = json.loads(path.read_text())
    except Exception as exc:
        print(f"| {name} | {rc} | {wall} | - | (no JSON: {type(exc).__name__}) | | | | | | | | |")
        continue
    kernels = (report.get("snapshot") or {}).get("kernels") or []
    for r in kernels:
        fmt = lambda v: "-" if v is None else (f"{v:.4g}" if isinstance(v, float) else str(v))
        detail = (r.get("detail") or "").replace("|", "/")
        print(f"| {name} | {rc} | {wall} | {fmt(r.get('gpu'))} | {r['test']} | {r['backend']} | "
              f"{fmt(r.get('passed'))} | {fmt(r.get('value'))} | {r.get('unit') or ''} | "
              f"{fmt(r.get('peak'))} | {fmt(r.get('ratio'))} | {fmt(r.get('duration_s'))} | {detail} |")
        rows.append({"run": name, **r})
    findings = [f for f in report.get("findings", []) if f["code"].startswith("EC8")]
    for f in findings:
        print(f"\n- {name}: {f['code']} {f['severity']} {f['title']}: {f['found']}")
(out / "results.json").write_text(json.dumps(rows, indent=1))
PY
log "results: $out/results.md"
cat "$out/results.md"
exit 0
