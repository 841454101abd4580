"""Opening files that someone else may control, as root, without being tricked.

envcheck runs as root in Slurm prologs and init containers, so every path it is given may have
been prepared by another user. Two rules live here, used by every command:

- **Reading** (``--snapshot``, ``--from-report``, ``--error-log``, ``--policy``, fleet inputs,
  ``data update`` bundles and keys): only regular files. The file is opened with
  ``O_NONBLOCK`` (a FIFO opens at once instead of waiting for a writer) and checked with
  ``fstat`` on the open descriptor, so there is no window between the check and the read.
  At most ``limit`` bytes are read; more is refused.
- **Writing** ``--output FILE`` (:func:`write_output`): the report goes to a temporary file made
  by ``mkstemp`` in the target folder (an unpredictable name, created with ``O_EXCL``, so a
  planted symlink can never be followed), then renamed onto the final name. A symlink at the
  final path is refused: envcheck never writes through a link it did not make (the only links
  followed are ``/dev/stdout``, ``/dev/stderr`` and ``/dev/fd/N``, which name envcheck's own
  descriptors). An existing file keeps its mode (a 0600 report stays 0600). A device or FIFO
  named directly (``/dev/null``, ``/dev/full``) is written in place, never replaced, and a FIFO
  with no reader is an error, not a hang. SIGINT, SIGTERM and SIGHUP during the write remove
  the temporary file before envcheck exits.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import signal
import stat
import tempfile
import threading
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from envcheck.errors import InputError


class NotRegularFile(InputError):
    """The path names a FIFO, device, socket or directory: refused before any read."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_regular(path: str, what: str = "file") -> int:
    """An O_RDONLY descriptor on ``path``, which must be a regular file (checked on the fd)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotRegularFile(f"{path}: is a directory, not a {what}") from None
    except OSError as exc:
        raise InputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(
                f"{path}: is {_kind(mode)}, not a {what}; envcheck reads only regular files"
            )
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str, limit: int, what: str = "file", limit_text: str = "") -> bytes:
    """At most ``limit`` bytes of the regular file ``path``; an InputError when it is larger."""
    fd = open_regular(path, what)
    with os.fdopen(fd, "rb") as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise InputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    if len(data) > limit:
        size = limit_text or f"{limit >> 20} MiB"
        raise InputError(f"{path}: larger than {size}, not a {what}")
    return data


# --- writing --output ------------------------------------------------------------------------

# Links that name envcheck's own descriptors: following them writes to stdout/stderr/an fd the
# caller handed over, never to a file another user chose.
_OWN_FD_LINK = re.compile(r"^/(dev/(stdout|stderr|fd/\d+)|proc/self/fd/\d+)$")


def write_output(path: str, text: str, mode: Optional[int] = None) -> None:
    """Write ``text`` to ``path`` (see the module docstring for the rules); ``mode`` sets the
    permission bits of a regular file written. Failure is an ``InputError`` ("cannot write
    PATH: why", exit 2)."""
    data = text.encode("utf-8", errors="replace")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        if not _OWN_FD_LINK.match(path):
            raise InputError(
                f"cannot write {path}: it is a symbolic link; envcheck does not write through "
                "links (give the link's target as --output)"
            )
        _write_in_place(path, data)
        return
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise InputError(f"cannot write {path}: Is a directory")
    if st is not None and not stat.S_ISREG(st.st_mode):
        _write_in_place(path, data)  # /dev/null, /dev/full, a FIFO: never replaced by a file
        return
    _write_atomically(path, data, st, mode)


def open_for_writing(path: str) -> int:
    """A descriptor to write a file that grows while envcheck runs (the ``watch`` trace), by
    the rules of :func:`write_output`: a symlink at ``path`` is refused (only envcheck's own
    descriptor links are followed), a FIFO or device is opened in place (a FIFO with no
    reader is an error, not a hang), and a regular file is made by ``mkstemp`` in the folder
    and renamed onto ``path`` at once (``rename`` replaces a link planted since, never follows
    it; an existing file's mode is kept). Failure is an ``InputError``."""
    st = _final_path_stat(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        return _open_in_place(path)
    fd, tmp = _temp_beside(path)
    try:
        _set_mode(fd, st, None)
        os.replace(tmp, path)
    except OSError as exc:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    return fd


def _final_path_stat(path: str) -> Optional[os.stat_result]:
    """``lstat`` of an output path: None when missing; a symlink that does not name one of
    envcheck's own descriptors, or a directory, is an ``InputError``."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    if stat.S_ISLNK(st.st_mode) and not _OWN_FD_LINK.match(path):
        raise InputError(
            f"cannot write {path}: it is a symbolic link; envcheck does not write through "
            "links (give the link's target)"
        )
    if stat.S_ISDIR(st.st_mode):
        raise InputError(f"cannot write {path}: Is a directory")
    return st


def _open_in_place(path: str) -> int:
    """An O_WRONLY descriptor on an existing FIFO, device or own-descriptor link."""
    flags = os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)  # no O_CREAT: the path exists and is not a regular file
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise InputError(f"cannot write {path}: a FIFO with no reader") from None
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode) and not _OWN_FD_LINK.match(path):
            raise InputError(f"cannot write {path}: it changed while it was opened")
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _write_in_place(path: str, data: bytes) -> None:
    flags = os.O_WRONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)  # no O_CREAT: the path exists and is not a regular file
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO nobody reads: waiting would hang the prolog
            raise InputError(f"cannot write {path}: a FIFO with no reader") from None
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISREG(mode) and not _OWN_FD_LINK.match(path):
            # Swapped for a regular file since the lstat: write it the atomic way instead.
            os.close(fd)
            fd = -1
            _write_atomically(path, data, os.lstat(path))
            return
        import fcntl

        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if fd >= 0:
            os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _set_mode(fd: int, existing: Optional[os.stat_result], mode: Optional[int]) -> None:
    if mode is not None:
        os.fchmod(fd, mode & ~_umask())
    elif existing is not None:
        os.fchmod(fd, stat.S_IMODE(existing.st_mode) & 0o777)  # never set[ug]id
        if os.geteuid() == 0:  # root rewriting a user's file: it stays theirs
            with contextlib.suppress(OSError):
                os.fchown(fd, existing.st_uid, existing.st_gid)
    else:
        os.fchmod(fd, 0o666 & ~_umask())  # what open(path, "w") would have made


def _temp_beside(path: str) -> Tuple[int, str]:
    """An unpredictable temporary file, created exclusively in ``path``'s folder (so the final
    rename stays on one file system); an OS error is a one-line ``InputError``."""
    name = os.path.basename(path)
    try:
        return tempfile.mkstemp(
            prefix=f".{name}.", suffix=".tmp", dir=os.path.dirname(os.path.abspath(path))
        )
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None


def _write_atomically(
    path: str, data: bytes, existing: Optional[os.stat_result], mode: Optional[int] = None
) -> None:
    with _removed_on_signal() as made:
        # a signal between creating the file and knowing its name would leave it behind: the
        # terminating signals wait (blocked) until the name is registered, then are handled
        with _signals_held():
            fd, tmp = _temp_beside(path)
            made.append(tmp)
        try:
            try:
                _set_mode(fd, existing, mode)
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
            finally:
                os.close(fd)
            os.replace(tmp, path)  # rename() replaces a link planted since, never follows it
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


class _Interrupted(BaseException):
    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_SIGNALS = tuple(s for s in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, s))


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Terminating signals are held (blocked, delivered at the end) for the block."""
    held = {getattr(signal, name) for name in _SIGNALS}
    if not hasattr(signal, "pthread_sigmask") or (
        threading.current_thread() is not threading.main_thread()
    ):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextlib.contextmanager
def _removed_on_signal() -> Iterator[List[str]]:
    """While the temporary files named in the yielded list exist, a terminating signal
    removes them, then ends envcheck with the conventional 128+N status (SIGINT keeps
    Python's KeyboardInterrupt path)."""
    made: List[str] = []
    if threading.current_thread() is not threading.main_thread():
        yield made
        return
    previous: Dict[int, Any] = {}

    def handler(signum: int, _frame: Any) -> None:
        raise _Interrupted(signum)

    for name in _SIGNALS:
        signum = getattr(signal, name)
        with contextlib.suppress(OSError, ValueError):
            previous[signum] = signal.signal(signum, handler)
    try:
        yield made
    except _Interrupted as exc:
        for tmp in made:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        _restore(previous)
        previous = {}
        if exc.signum == signal.SIGINT:
            raise KeyboardInterrupt from None
        raise SystemExit(128 + exc.signum) from None
    finally:
        _restore(previous)


def _restore(previous: Dict[int, Callable[..., Any]]) -> None:
    for signum, old in previous.items():
        with contextlib.suppress(OSError, ValueError, TypeError):
            signal.signal(signum, old)
