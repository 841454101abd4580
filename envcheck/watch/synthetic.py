"""``envcheck watch --synthetic``: run the differential probe in a child and report it.

The probe (synthetic_probe.py) runs with the same Python as envcheck, in its own process, under
a hard timeout; its JSON result goes into a Timeline header (mode ``synthetic``) so it lands in
the same JSON report and trace as a watch run.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any, Dict, List

from envcheck.errors import InputError
from envcheck.watch.timeline import TRACE_FORMAT, TRACE_VERSION, Timeline


def run_synthetic(data_dir: str, budget_s: float, batch: int) -> Timeline:
    cmd = [
        sys.executable,
        "-m",
        "envcheck.watch.synthetic_probe",
        data_dir,
        str(budget_s),
        str(batch),
    ]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=budget_s * 2 + 60)
    except subprocess.TimeoutExpired:
        raise InputError(
            f"--synthetic: the probe did not finish in {budget_s * 2 + 60:.0f} s"
        ) from None
    try:
        result: Dict[str, Any] = json.loads(r.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        tail = (r.stderr or r.stdout).strip().splitlines()[-1:] or ["no output"]
        raise InputError(f"--synthetic: the probe failed: {tail[0][:200]}") from None
    if result.get("error"):
        raise InputError(f"--synthetic: {result['error']}")
    header = {
        "format": TRACE_FORMAT,
        "version": TRACE_VERSION,
        "mode": "synthetic",
        "data_dir": data_dir,
        "synthetic": result,
    }
    return Timeline(header, [{"t": 0.0, "src": "end", "exit_code": None, "reason": "probe"}])


def text(result: Dict[str, Any]) -> str:
    lines: List[str] = []
    measured = "" if "samples_per_s" in result["gpu"] else " among the ceilings measured (GPU not)"
    lines.append(
        f"envcheck watch --synthetic: limiter{measured}: {result['limiter']} "
        f"(use num_workers={result['num_workers']})"
    )
    lines.append(
        f"  data: {result['files']} files, {result['bytes'] / 1e6:.1f} MB under "
        f"{result['data_dir']}"
    )
    gpu = result["gpu"]
    if "samples_per_s" in gpu:
        lines.append(
            f"  GPU ceiling:    {gpu['samples_per_s']:10.1f} samples/s (synthetic tensors "
            f"on {gpu['device']}, batch {gpu['batch']}, bf16 autocast "
            f"{'on' if gpu['amp_bf16'] else 'off'})"
        )
    else:
        lines.append(f"  GPU ceiling:    skipped: {gpu['skipped']}")
    loader = result["loader"]
    rates = ", ".join(f"{k} workers {v:.1f}/s" for k, v in loader["samples_per_s"].items())
    lines.append(
        f"  loader ceiling: {rates} ({result['loader_backend']}, warm cache, "
        f"{loader['cores']} usable cores)"
    )
    cold = result["cold"]
    lines.append(
        f"  cold read:      {cold['mb_per_s']:.1f} MB/s = {cold['samples_per_s']:.1f} "
        f"samples/s (after posix_fadvise DONTNEED on {cold['fadvise_dontneed_files']} "
        "files; advisory: the pages may have stayed cached)"
    )
    lines.append("  the slowest ceiling bounds training; ceilings not measured are not judged")
    return "\n".join(lines) + "\n"
