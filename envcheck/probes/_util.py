"""Shared helpers for probes: the system root, safe file reads, bounded subprocesses.

Every path a probe reads under ``/`` (``/proc``, ``/sys``, ``/etc/os-release``, ``/usr/local``,
``/dev``) goes through :func:`host_path`, which re-roots it under the directory named by the
environment variable ``ENVCHECK_SYSROOT`` (default ``/``). Tests lay out small directory trees
shaped like a real host and point ``ENVCHECK_SYSROOT`` at them.

Subprocesses run in their own process group with a timeout; on timeout the whole group is
killed, so a hung child (a classic ``nvidia-smi`` on a GPU that fell off the bus) can never keep
envcheck waiting.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Union

from envcheck.snapshot import Unknown


def sysroot() -> str:
    """The directory standing in for ``/`` (env ``ENVCHECK_SYSROOT``, default ``/``)."""
    return os.environ.get("ENVCHECK_SYSROOT") or "/"


def host_path(path: str) -> str:
    """``/proc/modules`` -> ``$ENVCHECK_SYSROOT/proc/modules``."""
    root = sysroot()
    if root == "/":
        return path
    return os.path.join(root, path.lstrip("/"))


def unroot(path: str) -> str:
    """Inverse of :func:`host_path`: the path as it would be on the real host."""
    root = sysroot()
    if root == "/":
        return path
    root = root.rstrip("/")
    if path == root:
        return "/"
    if path.startswith(root + "/"):
        return path[len(root) :]
    return path


def read_text(path: str, limit: int = 1 << 20) -> Union[str, Unknown]:
    """Read a host file (re-rooted); Unknown with the reason when it cannot be read."""
    real = host_path(path)
    try:
        with open(real, encoding="utf-8", errors="replace") as fh:
            return fh.read(limit)
    except FileNotFoundError:
        return Unknown(f"{path} not found")
    except PermissionError:
        return Unknown(f"no permission to read {path}")
    except OSError as exc:
        return Unknown(f"cannot read {path}: {exc.strerror or exc}")


def read_first_line(path: str) -> Union[str, Unknown]:
    text = read_text(path, limit=4096)
    if isinstance(text, Unknown):
        return text
    return text.strip().splitlines()[0].strip() if text.strip() else ""


@dataclass
class CmdResult:
    returncode: Optional[int]  # None: did not finish (timeout) or could not start
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    error: Optional[str] = None  # why it could not start


def run_cmd(
    argv: Sequence[str],
    timeout: float,
    env: Optional[Dict[str, str]] = None,
    max_output: int = 8 << 20,
) -> CmdResult:
    """Run ``argv`` (never via a shell) under a hard timeout; kill its process group on expiry."""
    try:
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
        )
    except FileNotFoundError:
        return CmdResult(None, error=f"{argv[0]} not found")
    except PermissionError:
        return CmdResult(None, error=f"no permission to run {argv[0]}")
    except OSError as exc:
        return CmdResult(None, error=f"cannot run {argv[0]}: {exc.strerror or exc}")
    try:
        out, err = proc.communicate(timeout=max(0.01, timeout))
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        try:
            out, err = proc.communicate(timeout=1.0)
        except (subprocess.TimeoutExpired, OSError, ValueError):
            out, err = b"", b""
        return CmdResult(
            None,
            stdout=_decode(out, max_output),
            stderr=_decode(err, max_output),
            timed_out=True,
        )
    return CmdResult(proc.returncode, _decode(out, max_output), _decode(err, max_output))


def _kill_group(proc: subprocess.Popen) -> None:  # type: ignore[type-arg]
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        with contextlib.suppress(OSError):
            proc.kill()


def _decode(data: Optional[bytes], limit: int) -> str:
    if not data:
        return ""
    return data[:limit].decode("utf-8", errors="replace")


def which(name: str, path: Optional[str] = None) -> Optional[str]:
    return shutil.which(name, path=path)


_VERSION_SUFFIX = re.compile(r"\.so\.(\d+(?:\.\d+)*)$")


def soname_version(path: str) -> Optional[str]:
    """``libcudnn.so.8.9.7`` -> ``8.9.7``; follows symlinks to find the fullest version."""
    best: Optional[str] = None
    for candidate in (path, os.path.realpath(path)):
        match = _VERSION_SUFFIX.search(os.path.basename(candidate))
        if match and (best is None or len(match.group(1)) > len(best)):
            best = match.group(1)
    return best


def cpulist(cpus: List[int]) -> str:
    """[0, 1, 2, 5] -> "0-2,5"."""
    cpus = sorted(set(cpus))
    parts: List[str] = []
    i = 0
    while i < len(cpus):
        j = i
        while j + 1 < len(cpus) and cpus[j + 1] == cpus[j] + 1:
            j += 1
        parts.append(str(cpus[i]) if i == j else f"{cpus[i]}-{cpus[j]}")
        i = j + 1
    return ",".join(parts)


def parse_cpulist(text: str) -> List[int]:
    """ "0-2,5" -> [0, 1, 2, 5]; raises ValueError on garbage."""
    cpus: List[int] = []
    for part in text.strip().split(","):
        part = part.strip()
        if not part:
            continue
        if "-" in part:
            lo, hi = part.split("-", 1)
            cpus.extend(range(int(lo), int(hi) + 1))
        else:
            cpus.append(int(part))
    return cpus


def describe_exc(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
