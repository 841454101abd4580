"""Run the envcheck CLI on many corpus pastes in one interpreter (used by corpus_score.py).

Each case goes through the console-script entry point itself, ``envcheck.cli.main`` with the
argument list ``verify --from-report PASTE --format json``, exactly as ``envcheck`` on a shell
would run it; only the interpreter start and the imports (about 0.3 s a case, most of the
corpus test's time) are shared. Reads case folders one per line on stdin; writes one JSON line
per case: ``{"case": ..., "exit": N, "stdout": ..., "stderr": ...}``.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys


def run_one(paste: str) -> dict:
    from envcheck import cli

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli.main(["verify", "--from-report", paste, "--format", "json"])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return {"exit": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def main() -> int:
    real_stdout = sys.stdout
    for line in sys.stdin:
        case = line.strip()
        if not case:
            continue
        result = run_one(f"{case}/paste.txt")
        result["case"] = case
        real_stdout.write(json.dumps(result) + "\n")
        real_stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
