"""Overhead of `envcheck watch` on a CPU-only synthetic training loop (not a timed test).

Runs the same loop bare and under `envcheck watch --no-verify --no-record`, alternating
(A B A B ...) so that load from other processes hits both alike, and compares steps/s. Also
reads watch's own cost (CPU share of one core, peak RSS) from its JSON summary: the budget is
1 % of one core and 60 MiB RSS (design D4).

    python benchmarks/watch_overhead.py [--seconds 20] [--rounds 3] [--interval 0.5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

LOOP = r"""
import sys, time
import torch
torch.set_num_threads(1)
x = torch.randn(256, 256)
w = torch.randn(256, 256, requires_grad=True)
opt = torch.optim.SGD([w], lr=1e-4)
end = time.time() + float(sys.argv[1])
n = 0
while time.time() < end:
    loss = (x @ w).pow(2).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    n += 1
    if n % 20 == 0:
        print(f"step {n}", flush=True)
print(f"STEPS {n}", flush=True)
"""


def run(seconds: float, watched: bool, interval: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        loop = os.path.join(tmp, "loop.py")
        with open(loop, "w") as fh:
            fh.write(LOOP)
        job = [sys.executable, loop, str(seconds)]
        report = os.path.join(tmp, "r.json")
        if watched:
            cmd = [
                sys.executable,
                "-m",
                "envcheck",
                "watch",
                "--no-verify",
                "--no-record",
                "--interval",
                str(interval),
                "--format",
                "json",
                "--output",
                report,
                "--",
                *job,
            ]
        else:
            cmd = job
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 4 + 120)
        steps = int(r.stdout.split("STEPS ")[1].split()[0])
        out = {"steps_per_s": steps / seconds}
        if watched:
            with open(report) as fh:
                out.update(json.load(fh)["watch"]["summary"]["overhead"])
        return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--interval", type=float, default=0.5)
    args = ap.parse_args()
    bare, watched = [], []
    for _ in range(args.rounds):
        bare.append(run(args.seconds, False, args.interval))
        watched.append(run(args.seconds, True, args.interval))
    b = statistics.median(x["steps_per_s"] for x in bare)
    w = statistics.median(x["steps_per_s"] for x in watched)
    cpu = statistics.median(x["cpu_core_share"] for x in watched)
    rss = max(x["rss_mib_max"] for x in watched)
    spread = (max(x["steps_per_s"] for x in bare) - min(x["steps_per_s"] for x in bare)) / b
    print(f"bare     {b:8.1f} steps/s  (rounds: {[round(x['steps_per_s'], 1) for x in bare]})")
    print(f"watched  {w:8.1f} steps/s  (rounds: {[round(x['steps_per_s'], 1) for x in watched]})")
    print(
        f"throughput change {100 * (w - b) / b:+.1f}% (bare run-to-run spread {100 * spread:.1f}%)"
    )
    print(
        f"watch's own CPU {100 * cpu:.2f}% of one core (budget 1%), peak RSS {rss:.0f} MiB "
        "(budget 60 MiB)"
    )


if __name__ == "__main__":
    main()
