"""Lines as people paste them: logger prefixes off, wrapped messages joined again.

Loggers prefix every line (``2024-05-01 10:00:01.123 INFO``, glog's ``E0501 10:00:01.1 123
file.cc:42]``, syslog's ``May  1 10:00:01 host kernel:``, dmesg's ``[ 123.456]``), terminals
and issue trackers wrap long lines, and progress bars redraw with ``\\r`` (``clean`` already
turned those into line breaks, so the last redraw is a line of its own). ``strip_prefix``
removes the prefixes; ``windows`` yields each line joined with the next few, so a message
wrapped in the middle of a phrase can still be matched (the caller keeps the line number
where the match starts).
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import Iterator, List, Tuple

_PREFIXES = [
    # a markdown quote: GitHub pastes quote a log line by line ("> RuntimeError: ...")
    r">+[ \t]*",
    # ISO / python logging: 2024-05-01 10:00:01,123 / [2024-05-01T10:00:01.123Z]
    r"\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?"
    r"(?:\s*(?:\[|\()?(?:DEBUG|INFO|WARN(?:ING)?|ERROR|CRITICAL|FATAL|E|W|I)(?:\]|\))?)?"
    r"(?:\s*-\s*\S+\s*-)?\s*[:|-]?\s*",
    # glog / absl: E0501 10:00:01.123456  1234 file.cc:42]
    r"[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+\s+\S+:\d+\]\s*",
    # syslog / journalctl: May  1 10:00:01 host kernel:
    r"[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ [\w\-.\[\]/]+:\s*",
    # dmesg: [  123.456789]  (optionally with -T: [Wed May  1 10:00:01 2024])
    r"\[\s*\d+\.\d+\]\s*",
    r"\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}\]\s*",
    # bare time: 10:00:01.123 or [10:00:01]
    r"\[?\d\d:\d\d:\d\d(?:[.,]\d+)?\]?\s+",
    # kubectl / docker compose prefixes: "pod-name  | " / "worker-1: "
    r"[\w.\-]+\s+\|\s+",
    # rank prefixes: [rank0]: / [default0]:
    r"\[(?:rank|default)\d+\]:\s*",
    # docker build (BuildKit) output: "#12 1.295 RuntimeError: ..." / "1.295 RuntimeError: ..."
    r"(?:#\d+\s+)?\d+\.\d{3}\s+(?=\S)",
]
_PREFIX = re.compile(r"^[^\S\n]*(?:" + "|".join(f"(?:{p})" for p in _PREFIXES) + r")")


def strip_prefix(line: str) -> str:
    """The line without a leading timestamp / logger / rank prefix (twice: rank + time)."""
    first = line[:1]
    # fast path: most lines start with none of the characters a prefix can start with
    if (
        first
        and not first.isspace()
        and not first.isdigit()
        and first not in "[EIWFJMASOND>"
        and not re.match(r"[\w.\-]+\s+\|", line)
    ):
        return line.strip()
    for _ in range(2):
        m = _PREFIX.match(line)
        if not m or m.end() == 0:
            break
        line = line[m.end() :]
    return line.strip()


def split(text: str) -> List[str]:
    return text.split("\n")


def joined(first: str, rest: List[str], hard: bool = False) -> str:
    """``first`` and its continuation lines, as one line: joined with spaces, or with
    ``hard`` glued without one (a wrap in the middle of a word: "CuD" + "NN library")."""
    return ("" if hard else " ").join([first, *rest])


def windows(lines: List[str], starts: List[int], span: int = 3) -> Iterator[Tuple[int, str]]:
    """For each 0-based index in ``starts``: (index, that line joined with the next ``span``),
    once joined with spaces and once glued (for a wrap in the middle of a word)."""
    n = len(lines)
    for i in starts:
        rest = [strip_prefix(lines[j]) for j in range(i + 1, min(n, i + 1 + span))]
        rest = [r for r in rest if r]
        if rest:
            first = strip_prefix(lines[i])
            soft = joined(first, rest)
            yield i, soft
            hard = joined(first, rest, hard=True)
            if hard != soft:
                yield i, hard


def candidate_lines(text: str, words: Tuple[str, ...]) -> List[int]:
    """0-based indices of the lines holding any of ``words`` (lower-case literals).

    ``str.find`` over the lower-cased text runs at C speed; a per-line regex over a 1 MB
    training log would not. The lowered text and its line starts are made once per text (the
    extractors ask for the same paste several times).
    """
    import bisect

    from envcheck.importers.errorlog import textindex

    low, starts, index = _lowered_with_line_starts(text)
    hits = set()
    for w in words:
        if textindex.absent(w.encode("utf-8"), index):
            continue  # its letters are in none of the text's words: no pass over the text
        pos = low.find(w)
        while pos != -1:
            hits.add(pos)
            pos = low.find(w, pos + len(w))
    if not hits:
        return []
    return sorted({bisect.bisect_right(starts, h) - 1 for h in hits})


@functools.lru_cache(maxsize=4)
def _lowered_with_line_starts(text: str) -> Tuple[str, Tuple[int, ...], bytes]:
    """``text`` lower-cased, the offset where each of its lines starts, and its word index
    (textindex.word_index: which keys cannot be in it, without a pass over it)."""
    from envcheck.importers.errorlog import textindex

    low = text.lower()
    # one split and a running sum run at C speed; a find("\n") loop costs ~20 ms a megabyte
    starts = (0, *itertools.accumulate(len(line) + 1 for line in low.split("\n")))
    # The index is made from the bytes lower-cased as ASCII (the error scan's, so the cache
    # there is hit). str.lower() turns two non-ASCII letters into ASCII ones ("\u212a", the
    # Kelvin sign, into "k"): a text holding them gets no index, and every word is searched.
    if "\u0130" in text or "\u212a" in text:
        index = b""
    else:
        index = textindex.word_index(text.encode("utf-8", "replace").lower())
    return low, starts[:-1], index
