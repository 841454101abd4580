#!/usr/bin/env python3
"""envcheck's speed, measured side by side in one run (issue 7). Prints a Markdown report.

    python benchmarks/bench.py [--runs 7] [--fleet 100,1000,10000] [--out benchmarks/RESULTS.md]

Each command runs as a cold process several times; we report the median wall time and the
peak RSS (from wait4's rusage of that very child). `python -m torch.utils.collect_env` is
measured on the same machine when torch is installed: it is what people run today, and it
judges nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_DIR = ROOT / "tests" / "fixtures" / "snapshots"


def measure(argv: Sequence[str], runs: int, stdin: bytes = b"") -> Tuple[float, float, int]:
    """Median wall seconds, max peak RSS in MB, and the last exit code over ``runs`` runs."""
    walls: List[float] = []
    peak_kb = 0
    code = 0
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if proc.stdin:
            proc.stdin.write(stdin)
            proc.stdin.close()
        _, status, usage = os.wait4(proc.pid, 0)
        walls.append(time.perf_counter() - start)
        proc.returncode = os.waitstatus_to_exitcode(status)
        code = proc.returncode
        peak_kb = max(peak_kb, usage.ru_maxrss)
    return statistics.median(walls), peak_kb / 1024, code


def import_profile(argv: Sequence[str], top: int = 8) -> List[Tuple[str, float]]:
    """The heaviest modules (cumulative import time, ms) of one run under -X importtime."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", *argv],
        capture_output=True,
        text=True,
        timeout=60,
    )
    rows: List[Tuple[str, float]] = []
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if not line.startswith("import time:") or len(parts) != 3 or "cumulative" in line:
            continue
        name = parts[2][1:]  # one space separates the bar from the name; more means nested
        if name.startswith(" "):
            continue
        rows.append((name.strip(), int(parts[1]) / 1000))
    return sorted(rows, key=lambda r: -r[1])[:top]


def fleet_inputs(count: int, directory: Path) -> None:
    """``count`` node snapshots made from the fixtures, with varied hostnames and some drift."""
    sources = sorted(FIXTURE_DIR.glob("*.json"))
    if not sources:
        raise SystemExit(f"no snapshot fixtures in {FIXTURE_DIR}")
    docs = []
    for src in sources:
        data = json.loads(src.read_text())
        docs.append(data.get("snapshot", data) if "findings" in data else data)
    directory.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        doc = dict(docs[i % len(docs)])
        doc["hostname"] = f"node{i:05d}"
        (directory / f"node{i:05d}.json").write_text(json.dumps(doc))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--fleet", default="100,1000,10000")
    parser.add_argument("--out", default=None, help="also write the report to this file")
    args = parser.parse_args()

    envcheck = shutil.which("envcheck") or "envcheck"
    rows: List[Dict[str, str]] = []

    def add(name: str, argv: Sequence[str], runs: int = args.runs, stdin: bytes = b"") -> float:
        wall, rss, code = measure(argv, runs, stdin)
        wall_ms, rss_mb = f"{wall * 1000:.0f} ms", f"{rss:.1f} MB"
        rows.append({"what": name, "wall": wall_ms, "rss": rss_mb, "exit": str(code)})
        return wall

    verify = add("envcheck verify", [envcheck, "verify", "--quiet"])
    add("envcheck verify --format json", [envcheck, "verify", "--format", "json"])
    add("envcheck inspect --json", [envcheck, "inspect", "--json"])
    helpwall = add("envcheck --help", [envcheck, "--help"])
    collect_env = None
    try:
        import importlib.util

        if importlib.util.find_spec("torch") is not None:
            collect_env = add(
                "python -m torch.utils.collect_env",
                [sys.executable, "-m", "torch.utils.collect_env"],
                runs=max(3, args.runs // 2),
            )
    except (ImportError, ValueError):
        collect_env = None

    fleet_rows = []
    with tempfile.TemporaryDirectory(prefix="envcheck-bench-") as tmp:
        for count in [int(c) for c in args.fleet.split(",") if c]:
            directory = Path(tmp) / f"fleet{count}"
            fleet_inputs(count, directory)
            wall, rss, code = measure(
                [envcheck, "fleet", str(directory), "--format", "json"], runs=3
            )
            fleet_rows.append((count, wall, rss, code))

    profile = import_profile(["-m", "envcheck", "verify", "--quiet"])

    out = [
        f"Machine: {platform.node() and 'this host'} — {platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.platform()}",
        f"Command: `python benchmarks/bench.py --runs {args.runs} --fleet {args.fleet}`",
        "",
        "| what | median wall | peak RSS | exit |",
        "|---|---|---|---|",
    ]
    out += [f"| {r['what']} | {r['wall']} | {r['rss']} | {r['exit']} |" for r in rows]
    out.append("")
    if collect_env:
        out.append(f"verify is {collect_env / verify:.1f}x faster than collect_env.")
    out.append(
        f"Targets: verify < 300 ms ({'met' if verify < 0.3 else 'MISSED'}), "
        f"--help < 150 ms ({'met' if helpwall < 0.15 else 'MISSED'})."
    )
    out += ["", "Fleet evaluation (`envcheck fleet DIR --format json`):", ""]
    out += ["| snapshots | median wall | per 1,000 | peak RSS | exit |", "|---|---|---|---|---|"]
    for count, wall, rss, code in fleet_rows:
        out.append(
            f"| {count:,} | {wall:.2f} s | {wall / count * 1000:.2f} s | {rss:.0f} MB | {code} |"
        )
    out += ["", "Heaviest imports of `envcheck verify` (cumulative, `python -X importtime`):", ""]
    out += [f"- {name}: {ms:.1f} ms" for name, ms in profile]
    report = "\n".join(out) + "\n"
    print(report)
    if args.out:
        Path(args.out).write_text(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
