"""How long judging a 1 MB paste takes (issue 10: under a second).

Builds a 1 MB paste the way people make one: a training log (timestamped lines, progress-bar
redraws, traceback frames) with a real collect_env report and a known error message at the
end, then times what `envcheck verify --from-report FILE --format json` does after start-up:
read + extract + judge + render, in-process, best of 5. Run: python benchmarks/paste_speed.py
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

REPORT = ROOT / "tests" / "fixtures" / "reports" / "pytorch-112553-driver470-cu121.txt"


def make_paste(size: int = 1_000_000, seed: int = 1) -> str:
    rng = random.Random(seed)
    lines = []
    total = 0
    while total < size:
        r = rng.random()
        if r < 0.6:
            line = (
                f"2024-05-01 10:00:{rng.randint(10, 59)},123 INFO train.py:88 epoch "
                f"{rng.randint(1, 99)} step {rng.randint(1, 9999)} loss {rng.random():.4f} "
                f"gpu mem {rng.randint(1000, 80000)} MiB"
            )
        elif r < 0.8:
            line = f" 45%|████▌     | {rng.randint(1, 1999)}/2000 [00:{rng.randint(10, 59)}<01:10]"
        elif r < 0.9:
            line = (
                '  File "/usr/lib/python3.10/site-packages/torch/nn/modules/module.py", line 1501'
            )
        else:
            line = "RuntimeError: CUDA error: an illegal memory access was encountered"
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines) + "\n" + REPORT.read_text()


def judge(path: str) -> float:
    from envcheck.checks.registry import run_checks
    from envcheck.commands.verify import load_matrix_or_none
    from envcheck.inputs import gather
    from envcheck.policy import load_policy
    from envcheck.report import render

    start = time.perf_counter()
    snap = gather(reports=[path])
    matrix = load_matrix_or_none()
    outcome = run_checks(snap, matrix, load_policy(None))
    render("json", snap, outcome, matrix)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "paste.txt"
        path.write_text(make_paste())
        size = path.stat().st_size
        judge(str(path))  # warm: imports, matrix load
        best = min(judge(str(path)) for _ in range(5))
    print(f"1 MB paste ({size} bytes): judged in {best:.3f} s (best of 5, after start-up)")


if __name__ == "__main__":
    main()
