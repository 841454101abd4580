"""Reading pasted text safely: size cap, encodings (UTF-8, UTF-16 from PowerShell), binary
detection, and the clean-up that GitHub pastes need (ANSI colours, CRLF, ``> `` quoting,
code fences, HTML ``<details>`` wrappers)."""

from __future__ import annotations

import os
import re
from typing import Optional

from envcheck.errors import BINARY_INPUT, InputError

MAX_BYTES = 16 * 1024 * 1024  # a pasted report is never this big; read at most this much

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
_HTML_TAG = re.compile(r"^[^\S\n]*</?(details|summary|code|pre)\b[^>]*>", re.I)
_FENCE = re.compile(r"^[^\S\n]*(```|~~~)")


def read_text(path: str) -> str:
    """The file's text, cleaned.

    Only unreadable input is an InputError (exit 2): a missing file, a directory, binary
    data, a file over ``MAX_BYTES``, an empty one. Any readable text is evidence, even when
    nothing in it is recognised (a truncated JSON log is text too).
    """
    name = os.path.basename(path) or path
    from envcheck.safe_io import NotRegularFile, open_regular

    try:
        fd = open_regular(path, "report file")  # a FIFO or device: refused, never read
    except NotRegularFile:
        raise
    except InputError:
        fd = -1
    try:
        with open(path if fd < 0 else fd, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a report file") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        if decode(raw[:65536]) is None:  # /dev/zero, a core dump: binary before too big
            raise InputError(f"{name}: {BINARY_INPUT}")
        raise InputError(
            f"{name}: larger than {MAX_BYTES >> 20} MiB; paste the relevant part "
            "(the error message, collect_env, nvidia-smi)"
        )
    text = decode(raw)
    if text is None:
        raise InputError(f"{name}: {BINARY_INPUT}")
    if not text.strip():
        raise InputError(f"{name}: empty file, nothing to judge")
    return clean(text)


def decode(raw: bytes) -> Optional[str]:
    """Bytes -> str, or None when the bytes are not text."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            return None
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    # UTF-16 without a BOM (every other byte NUL in ASCII text)
    sample = raw[:4096]
    if sample and sample.count(b"\x00") > len(sample) // 3:
        for enc in ("utf-16-le", "utf-16-be"):
            try:
                text = raw[: len(raw) - len(raw) % 2].decode(enc)
            except UnicodeDecodeError:
                continue
            if _looks_textual(text):
                return text
        return None
    text = raw.decode("utf-8", errors="replace")
    return text if _looks_textual(text) else None


def _looks_textual(text: str) -> bool:
    sample = text[:8192]
    if not sample:
        return True
    bad = sum(
        1 for ch in sample if ch == "\ufffd" or (ord(ch) < 32 and ch not in "\t\n\r\f\v\x1b\x08")
    )
    return bad <= len(sample) * 0.05


_QUOTE = re.compile(r"^[^\S\n]*>(?!>>)\s?")


# a run of blanks longer than any report's column gap: kept to its first 256 characters, so
# that a hostile paste of a megabyte of spaces costs what a short run costs (whole-text
# patterns try each position of the run)
_LONG_BLANKS = re.compile(r"[^\S\n]{257,}")


def clean(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    if "     " in text:
        text = _LONG_BLANKS.sub(lambda m: m.group(0)[:256], text)
    # rsyslog escapes the newlines inside one kernel message as "#012"
    text = text.replace("#012", "\n")
    text = _ANSI.sub("", text)
    lines = text.split("\n")
    quoted = [ln for ln in lines if ln and not ln.isspace()]
    # a quoted reply (e-mail, a forum's "> ") loses its markers; Python's prompt (">>> ") is
    # no quote: it stays, so the session's expressions and their values are still read
    if quoted and sum(1 for ln in quoted if _QUOTE.match(ln)) > len(quoted) * 0.6:
        lines = [_QUOTE.sub("", ln) for ln in lines]
    # a fence or wrapper line becomes an empty one rather than going: every later line keeps
    # its number, so a fact's provenance ("paste.txt:12") points at the line in the file
    # (an empty line, a megabyte of them in a hostile paste, skips both patterns)
    out = [
        ln if not ln else "" if _FENCE.match(ln) or _HTML_TAG.match(ln) else ln.rstrip()
        for ln in lines
    ]
    return "\n".join(out)
