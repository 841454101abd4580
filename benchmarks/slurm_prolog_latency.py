"""What the envcheck prolog adds to every job's start, on a real single-node Slurm cluster.

Starts the cluster of tests/slurm_support.py twice (without and with
`Prolog=docs/scheduler/prolog-envcheck.sh`) and times `srun -N1 true` from submission to exit,
which includes the prolog on the node. Run as root with Slurm and munge installed
(.ci/services-up.sh), inside the venv that has envcheck:

    python benchmarks/slurm_prolog_latency.py --jobs 15

Prints a Markdown table for docs/scheduling.md.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import List

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from slurm_support import SlurmCluster, unavailable_reason  # noqa: E402


def _time_jobs(cluster: SlurmCluster, n: int) -> List[float]:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        proc = subprocess.run(
            ["srun", "-N1", "true"], env=cluster.env, capture_output=True, text=True, timeout=120
        )
        took = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"srun failed: {proc.stderr.strip()}\n{cluster.logs()}")
        times.append(took)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=15, help="jobs per configuration")
    args = parser.parse_args()
    why = unavailable_reason()
    if why:
        raise SystemExit(f"cannot run: {why}")
    exe = shutil.which("envcheck", path=os.path.dirname(sys.executable)) or "envcheck"
    rows = []
    medians = {}
    for prolog in (False, True):
        with SlurmCluster(envcheck=exe, prolog=prolog) as cluster:
            _time_jobs(cluster, 2)  # warm-up: first contact, page cache
            times = _time_jobs(cluster, args.jobs)
        label = "with the envcheck prolog" if prolog else "no prolog"
        med = statistics.median(times)
        medians[prolog] = med
        p90 = sorted(times)[int(0.9 * (len(times) - 1))]
        rows.append(f"| {label} | {args.jobs} | {med:.3f} s | {p90:.3f} s | {max(times):.3f} s |")
    print("| `srun -N1 true` | jobs | median | p90 | max |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    print(f"\nprolog adds {medians[True] - medians[False]:.3f} s per job (median)")


if __name__ == "__main__":
    main()
