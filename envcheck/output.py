"""Writing a command's report to ``--output FILE`` (inspect, verify, fix, fleet)."""

from __future__ import annotations

import contextlib
import os
import stat

from envcheck.errors import InputError


def write_output(path: str, text: str) -> None:
    """Write atomically (temp file + rename) so a textfile collector never reads half a file.

    Only regular files are replaced: a device, FIFO or ``/dev/stdout`` is written in place
    (renaming over ``/dev/null`` as root would replace the device with a file), and a symlink
    keeps pointing where it did (its target is replaced). Failure is an ``InputError``
    ("cannot write PATH: why", exit 2)."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        special = False  # absent (or unreachable: the write below says why)
    if special:
        try:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
        return
    target = os.path.realpath(path)
    directory = os.path.dirname(target)
    tmp = os.path.join(directory, f".{os.path.basename(target)}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None
