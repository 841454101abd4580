"""Fuzz the real CLI over every input path with the mutation families of issue 16.

In CI a small number of cases runs (``ENVCHECK_FUZZ_EXAMPLES``, default 80, i.e. 10 per
family). A longer local run::

    ENVCHECK_FUZZ_BUDGET=1800 nice -n 19 .venv/bin/python -m pytest -q tests/test_fuzz_cli.py

``ENVCHECK_FUZZ_SEED`` replays a run. Cases run through ``tests/fuzz/forkserver.py`` (the real
``envcheck.cli.main`` in a forked process per case); every tenth case runs as
``python -m envcheck`` in a fresh interpreter instead, so the console entry itself is covered.
A failing case's directory is kept and named in the failure message.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List

from fuzz.invariants import MAX_SECONDS, check_run, listing
from fuzz.mutations import CANARY, all_families

from envcheck.signing import generate_keypair, sign

TESTS = Path(__file__).resolve().parent
EXAMPLES = int(os.environ.get("ENVCHECK_FUZZ_EXAMPLES", "80"))
BUDGET_S = float(os.environ.get("ENVCHECK_FUZZ_BUDGET", "0"))
SEED = int(os.environ.get("ENVCHECK_FUZZ_SEED", str(int(time.time()))))
# Another envcheck tree to fuzz instead of this one (e.g. an older release, to show the
# harness finds what was fixed): put first on the path of every run.
CODE = [os.environ["ENVCHECK_FUZZ_CODE"]] if os.environ.get("ENVCHECK_FUZZ_CODE") else []


def _env(cwd: Path) -> Dict[str, str]:
    for sub in ("home", "xdg", "cache", "tmp"):
        (cwd / sub).mkdir(exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(cwd / "home"),
        "XDG_DATA_HOME": str(cwd / "xdg"),
        "XDG_CACHE_HOME": str(cwd / "cache"),
        "TMPDIR": str(cwd / "tmp"),
        "ENVCHECK_DATA_DIR": str(cwd / "data"),
        "NO_COLOR": "1",
        "LC_ALL": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONPATH": os.pathsep.join(CODE + [p for p in sys.path if p]),
    }


class _Server:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fuzz.forkserver"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=str(TESTS),
            env={**os.environ, "PYTHONPATH": os.pathsep.join([*CODE, str(TESTS), *sys.path])},
            text=True,
        )

    def run(self, case: dict) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(case) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _subprocess_run(case: dict) -> dict:
    """The same case through `python -m envcheck` (a fresh interpreter)."""
    import resource

    limit = int(case["mem_mb"]) << 20
    start = time.monotonic()
    with (
        open(os.path.join(case["cwd"], ".fuzz-stdout"), "wb") as out,
        open(os.path.join(case["cwd"], ".fuzz-stderr"), "wb") as err,
        open(case["stdin"] or os.devnull, "rb") as stdin,
    ):
        try:
            proc = subprocess.run(
                # argv as bytes: a lone surrogate arrives as the undecodable bytes it stands for
                [sys.executable, "-m", "envcheck"]
                + [a.encode("utf-8", "surrogatepass") for a in case["argv"]],
                cwd=case["cwd"],
                env=case["env"],
                stdin=stdin,
                stdout=out,
                stderr=err,
                timeout=case["timeout"],
                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)),
            )
            rc, timed_out = proc.returncode, False
        except subprocess.TimeoutExpired:
            rc, timed_out = None, True
    return {"rc": rc, "timed_out": timed_out, "maxrss_kb": 0, "seconds": time.monotonic() - start}


def test_fuzz_the_cli_over_every_input_path() -> None:
    root = Path(tempfile.mkdtemp(prefix="envcheck-fuzz-"))
    pub, key_id, seed = generate_keypair("envcheck fuzz harness only")
    (root / "fuzz-site.pub").write_text(pub)
    (root / "fuzz-site.pub").chmod(0o644)
    families = all_families(lambda raw: sign(raw, seed, key_id))
    names = sorted(families)
    rng = random.Random(SEED)
    server = _Server()
    failures: List[str] = []
    counts: Dict[str, int] = {name: 0 for name in names}
    exits: Dict[str, int] = {}
    deadline = time.monotonic() + BUDGET_S if BUDGET_S else None
    number = 0
    try:
        while True:
            if deadline is None and number >= EXAMPLES:
                break
            if deadline is not None and time.monotonic() > deadline:
                break
            family = names[number % len(names)]
            cwd = root / f"case-{number:06d}"
            cwd.mkdir()
            case = families[family](rng, cwd)
            spec = {
                "argv": case.argv,
                "cwd": str(cwd),
                "env": _env(cwd),
                "stdin": case.stdin,
                "timeout": MAX_SECONDS,
                "mem_mb": 2048,
            }
            before = listing(cwd)
            result = _subprocess_run(spec) if number % 10 == 9 else server.run(spec)
            problems = check_run(case, result, cwd, before, str(cwd / CANARY))
            counts[family] += 1
            exits[str(result["rc"])] = exits.get(str(result["rc"]), 0) + 1
            if problems:
                failures.append(f"{case.describe()} (kept in {cwd}): " + "; ".join(problems))
            else:
                shutil.rmtree(cwd, ignore_errors=True)
            number += 1
    finally:
        server.close()
    summary = (
        f"seed {SEED}: {number} cases ("
        + ", ".join(f"{k} {v}" for k, v in counts.items())
        + "); exit codes "
        + ", ".join(f"{k}: {v}" for k, v in sorted(exits.items()))
    )
    print(summary)
    (root / "SUMMARY").write_text(summary + "\n" + "\n".join(failures) + "\n")
    assert not failures, f"{len(failures)} of {number} cases broke an invariant ({summary}):\n" + (
        "\n".join(failures[:10])
    )
    shutil.rmtree(root, ignore_errors=True)
    assert number >= min(EXAMPLES, 8), summary


def test_harness_catches_a_broken_invariant(tmp_path: Path) -> None:
    """The checks can fail: a traceback, an escape on stdout, a stray file, invalid JSON."""
    from fuzz.invariants import check_format
    from fuzz.mutations import Case

    (tmp_path / ".fuzz-stdout").write_text('{"a": NaN}')
    (tmp_path / ".fuzz-stderr").write_text("Traceback (most recent call last):\n")
    before = listing(tmp_path)
    (tmp_path / "stray").write_text("x")
    case = Case("t", ["verify"], "json")
    problems = check_run(
        case, {"rc": 3, "timed_out": False, "maxrss_kb": 0}, tmp_path, before, str(tmp_path / "c")
    )
    text = " ".join(problems)
    assert "exit code 3" in text and "Traceback" in text and "stray" in text
    assert check_format("text", "ok \x1b]0;x\x07", "stdout")
    assert check_format("html", "<p><img src=x onerror=alert(1)></p><script></script>", "x")
    assert check_format("junit", "<a><b></a>", "x")
    assert check_format("json", "[NaN]", "x")
    assert check_format("json", "[1]", "x") is None
