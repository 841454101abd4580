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
from typing import Dict, List, Optional, Sequence, Tuple, Union

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
    returncode: Optional[int]  # None: did not finish (timeout, output cap) or could not start
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    error: Optional[str] = None  # why it could not start, or why it was stopped


# Every probe child carries a random token in its environment, so what it leaves behind
# (even a `setsid` grandchild in a session of its own) can be found in /proc and killed.
_TOKEN_VAR = "ENVCHECK_PROBE_TOKEN"
_DRAIN_S = 0.05  # after the command exits: read what is already in the pipes, then stop


def run_cmd(
    argv: Sequence[str],
    timeout: float,
    env: Optional[Dict[str, str]] = None,
    max_output: int = 8 << 20,
) -> CmdResult:
    """Run ``argv`` (never via a shell) under a hard deadline, reading at most ``max_output``
    bytes of each stream WHILE it runs (``yes`` as a probe cannot fill memory).

    The result is decided by the command itself: when it exits, what it wrote is read and the
    pipes are closed, even if a child it left behind still holds them (that is not a hang).
    On timeout, on the output cap, and whenever something outlives the command, its process
    group, its session and every process carrying its token are killed."""
    import secrets
    import time

    token = secrets.token_hex(8)
    child_env = dict(os.environ if env is None else env)
    child_env[_TOKEN_VAR] = token
    try:
        proc = subprocess.Popen(
            list(argv),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=child_env,
            start_new_session=True,
        )
    except FileNotFoundError:
        return CmdResult(None, error=f"{argv[0]} not found")
    except PermissionError:
        return CmdResult(None, error=f"no permission to run {argv[0]}")
    except OSError as exc:
        return CmdResult(None, error=f"cannot run {argv[0]}: {exc.strerror or exc}")
    deadline = time.monotonic() + max(0.01, timeout)
    buffers = _Streams(proc, max_output)
    try:
        state = buffers.pump(deadline)
    finally:
        buffers.close()
    lingering = state != "exited" or buffers.held_open
    if lingering or proc.poll() is None:
        _kill_tree(proc, token)
    else:
        _kill_group(proc)  # cheap: anything left in its group is a leftover
    out, err = buffers.text()
    if state == "timeout":
        return CmdResult(None, stdout=out, stderr=err, timed_out=True)
    if state == "capped":
        return CmdResult(
            None,
            stdout=out,
            stderr=err,
            error=f"{argv[0]} wrote more than {max_output >> 20} MiB and was stopped",
        )
    return CmdResult(proc.returncode, out, err)


class _Streams:
    """stdout and stderr of one child, read without blocking, each capped while reading."""

    def __init__(self, proc: subprocess.Popen, limit: int) -> None:  # type: ignore[type-arg]
        self.proc = proc
        self.limit = limit
        self.data: Dict[int, bytearray] = {}
        self.order: List[int] = []
        self.held_open = False
        for stream in (proc.stdout, proc.stderr):
            assert stream is not None
            fd = stream.fileno()
            os.set_blocking(fd, False)
            self.data[fd] = bytearray()
            self.order.append(fd)
        self.open = set(self.order)

    def _read(self, fd: int) -> bool:
        """Read what is there; False when the stream is done (EOF) or over the cap."""
        while True:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                return True
            except OSError:
                self.open.discard(fd)
                return True
            if not chunk:
                self.open.discard(fd)
                return True
            buf = self.data[fd]
            buf.extend(chunk[: self.limit + 1 - len(buf)])
            if len(buf) > self.limit:
                return False

    def pump(self, deadline: float) -> str:
        """'exited', 'timeout' or 'capped'."""
        import selectors
        import time

        with selectors.DefaultSelector() as sel:
            for fd in self.open:
                sel.register(fd, selectors.EVENT_READ)
            while True:
                if self.proc.poll() is not None:
                    return self._drain()
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return "timeout"
                if not self.open:  # both streams closed: wait for the exit itself
                    try:
                        self.proc.wait(timeout=remaining)
                    except subprocess.TimeoutExpired:
                        return "timeout"
                    continue
                for key, _ in sel.select(timeout=min(remaining, 0.02)):
                    fd = int(key.fd)  # type: ignore[arg-type]
                    if not self._read(fd):
                        return "capped"
                    if fd not in self.open:
                        sel.unregister(fd)

    def _drain(self) -> str:
        """The command exited: take what is already written, for at most _DRAIN_S."""
        import time

        stop = time.monotonic() + _DRAIN_S
        while self.open and time.monotonic() < stop:
            before = sum(len(b) for b in self.data.values())
            for fd in list(self.open):
                if not self._read(fd):
                    return "capped"
            if sum(len(b) for b in self.data.values()) == before:
                time.sleep(0.005)
        self.held_open = bool(self.open)  # a child of the command still holds a pipe
        return "exited"

    def close(self) -> None:
        for stream in (self.proc.stdout, self.proc.stderr):
            with contextlib.suppress(OSError):
                if stream is not None:
                    stream.close()

    def text(self) -> Tuple[str, str]:
        out, err = (_decode(bytes(self.data[fd]), self.limit) for fd in self.order)
        return out, err


def _kill_group(proc: subprocess.Popen) -> None:  # type: ignore[type-arg]
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        if proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.kill()


def _kill_tree(proc: subprocess.Popen, token: str) -> None:  # type: ignore[type-arg]
    """Kill the command, its process group, its session (the command is a session leader),
    and any process that carries its token (a `setsid` grandchild reparented to init)."""
    _kill_group(proc)
    marker = f"{_TOKEN_VAR}={token}".encode()
    me = os.getpid()
    try:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        pids = []
    for pid in pids:
        if pid == me:
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as fh:
                fields = fh.read().rsplit(b")", 1)[-1].split()
            in_session = int(fields[3]) == proc.pid  # field 6 (session) after "pid (comm)"
            if not in_session:
                with open(f"/proc/{pid}/environ", "rb") as fh:
                    if marker not in fh.read(1 << 20).split(b"\0"):
                        continue
            os.kill(pid, signal.SIGKILL)
        except (OSError, ValueError, IndexError):
            continue
    with contextlib.suppress(subprocess.TimeoutExpired, OSError):
        proc.wait(timeout=1.0)


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
