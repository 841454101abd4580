"""Making input-derived text safe for each place it is written: a terminal, XML, one NHC line.

Everything a report shows may come from a file another user wrote (a snapshot's hostname, a
pasted log line, a probe's stderr). Written raw, ``ESC ] ... BEL`` (OSC) and ``ESC [ ...``
(CSI) sequences retitle or repaint the reader's terminal, hide lines, or, on some terminals,
write files; C1 controls (``\\x9b`` is a one-byte CSI) do the same on terminals that honour
them; other C0 controls make XML unparseable. One module, used by every output format:

- :func:`terminal`: text for people (text reports, fleet text, inspect, fix, error messages):
  every control character except newline and tab, every C1 control, DEL, the Unicode
  direction overrides and lone surrogates are shown as visible escapes (``\\x1b``, ``\\u202e``),
  so the payload is readable and inert. ``keep_sgr=True`` keeps only the colour codes envcheck
  itself writes (``ESC [ <digits;> m``) and only when the caller painted the text.
- :func:`xml_text`: characters XML 1.0 cannot hold at all are shown as visible escapes.
- :func:`one_line`: :func:`terminal` plus newlines and tabs, for line-oriented formats.
"""

from __future__ import annotations

import re

# C0 except \t \n, DEL, C1, bidi embedding/override/isolate controls, lone surrogates,
# and the XML-forbidden non-characters.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
    "\ud800-\udfff\ufffe\uffff]"
)
_UNSAFE_LINE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff"
    "\u2028\u2029\x85]"
)
_SGR = re.compile(r"\x1b\[[0-9;]{0,16}m")
_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal(text: str, keep_sgr: bool = False) -> str:
    """``text`` with every control/escape character shown as a visible, inert escape."""
    if not isinstance(text, str):
        text = str(text)
    if keep_sgr and "\x1b" in text:
        parts = _SGR.split(text)
        codes = _SGR.findall(text)
        out = [_UNSAFE.sub(_visible, parts[0])]
        for code, part in zip(codes, parts[1:]):
            out.append(code)
            out.append(_UNSAFE.sub(_visible, part))
        return "".join(out)
    return _UNSAFE.sub(_visible, text)


def one_line(text: str) -> str:
    """Like :func:`terminal`, and newlines/tabs too (one record per line)."""
    if not isinstance(text, str):
        text = str(text)
    return _UNSAFE_LINE.sub(_visible, text)


def xml_text(text: str) -> str:
    """``text`` as :func:`terminal` makes it (JUnit reports are read on terminals too), which
    also removes every character XML 1.0 cannot represent (ElementTree escapes ``& < > "``)."""
    return _XML_BAD.sub(_visible, terminal(text))


def has_escape(text: str) -> bool:
    """True when ``text`` holds a character :func:`terminal` would neutralise (tests, fuzz)."""
    return bool(_UNSAFE.search(text))
