"""Run envcheck's real entry point once per case, each in a freshly forked process.

Starting Python costs ~0.3 s; forking an interpreter that already imported ``envcheck.cli``
costs milliseconds, so a long fuzz run covers far more cases. The child is the CLI as users
run it (``envcheck.cli.main(argv)``, the console script's function) with its own cwd, env,
stdin and output files; the parent enforces the deadline (SIGKILL of the child's process
group) and reads the child's peak memory from ``wait4``.

Protocol: one JSON object per line on stdin
``{"argv": [...], "cwd": DIR, "env": {...}, "stdin": FILE|null, "timeout": S, "mem_mb": N}``;
one JSON line back: ``{"rc": int|null, "timed_out": bool, "maxrss_kb": int, "seconds": float}``.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import signal
import sys
import time


def _child(case: dict) -> None:
    os.setpgid(0, 0)
    os.chdir(case["cwd"])
    os.environ.clear()
    os.environ.update(case["env"])
    stdin = os.open(case.get("stdin") or os.devnull, os.O_RDONLY)
    out = os.open(os.path.join(case["cwd"], ".fuzz-stdout"), os.O_WRONLY | os.O_CREAT, 0o600)
    err = os.open(os.path.join(case["cwd"], ".fuzz-stderr"), os.O_WRONLY | os.O_CREAT, 0o600)
    for fd, target in ((stdin, 0), (out, 1), (err, 2)):
        os.dup2(fd, target)
    limit = int(case.get("mem_mb", 2048)) << 20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    # The streams live until os._exit: no context manager can hold them.
    sys.stdin = open(0, encoding="utf-8", errors="surrogateescape", closefd=False)  # noqa: SIM115
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115
    code = 0
    try:
        from envcheck.cli import main

        main(case["argv"])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException as exc:  # noqa: BLE001 - reported as a crash by the parent
        import traceback

        traceback.print_exc()
        code = 99 if not isinstance(exc, MemoryError) else 98
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001
        pass
    os._exit(code)


def run_case(case: dict) -> dict:
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            _child(case)
        finally:
            os._exit(97)
    deadline = start + float(case.get("timeout", 30))
    timed_out = False
    while True:
        got, status, usage = os.wait4(pid, os.WNOHANG)
        if got == pid:
            break
        if time.monotonic() > deadline:
            timed_out = True
            for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, 9)):
                with contextlib.suppress(OSError):
                    target()
            _, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.002)
    rc = os.waitstatus_to_exitcode(status)
    return {
        "rc": None if timed_out else rc,
        "timed_out": timed_out,
        "maxrss_kb": usage.ru_maxrss,
        "seconds": round(time.monotonic() - start, 3),
    }


def main() -> None:
    import envcheck.cli  # noqa: F401 - imported once, shared by every forked child

    for line in sys.stdin:
        if not line.strip():
            continue
        result = run_case(json.loads(line))
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
