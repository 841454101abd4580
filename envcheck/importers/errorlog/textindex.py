"""Finding the lines of a (lower-cased, UTF-8) text that hold a literal key, fast.

The error scan and the whole-text inferences look for a few hundred literal keys in texts of
up to megabytes. ``bytes.find`` runs at C speed, but one pass over 1 MB still costs ~0.35 ms,
and most keys are absent from any given paste: ``word_index`` lets a search skip those keys
after one look at a few kB.
"""

from __future__ import annotations

import functools
import re
from typing import Dict, Iterable, Set, Tuple

# Every byte that is not an ASCII letter becomes a space: the text's words, for word_index.
_LETTERS_ONLY = bytes(c if 97 <= c <= 122 else 32 for c in range(256))
_RUN = re.compile(rb"[a-z]{3,}")
_KEY_RUNS: Dict[bytes, Tuple[bytes, ...]] = {}


# A line that ends in a letter and a next line that starts with one (after indentation): a
# terminal that wrapped a word there ("no ker" / "nel image"), which the scan's windows glue.
_WRAP = re.compile(rb"[a-z]\n[ \t]*[a-z]")


# A run of letters longer than this is no word (a hostile or binary-looking text: a megabyte of
# "aaaa..."). Searching an index that holds it costs a pass over it for every key, so such runs
# are indexed by their distinct trigrams instead, after _GRAMS (see ``absent``).
_LONG_RUN = 256
_GRAMS = b"\x00"


@functools.lru_cache(maxsize=2)  # the error scan and the fact extractors ask for the same text
def word_index(low: bytes) -> bytes:
    """The distinct runs of letters in ``low``, joined: a few kB even for a 1 MB log.

    Each run of letters of a key stands inside one of the text's runs wherever the key occurs,
    so a key with a run that is not in this index is not in the text (``absent``). The runs a
    wrap in the middle of a word split are in it glued as well: the scan joins wrapped lines
    without a space too, and a key found only there must not be ruled out. Runs longer than
    _LONG_RUN letters are kept as the set of their trigrams, after _GRAMS."""
    runs = set(low.translate(_LETTERS_ONLY).split())
    long_runs = [r for r in runs if len(r) > _LONG_RUN]
    if long_runs:
        runs.difference_update(long_runs)
    grams = _trigrams(long_runs)
    n = len(low)
    for m in _WRAP.finditer(low):
        a, b = m.start(), m.end() - 1
        while a > 0 and 97 <= low[a - 1] <= 122:
            a -= 1
        while b + 1 < n and 97 <= low[b + 1] <= 122:
            b += 1
        runs.add(low[a : m.start() + 1] + low[m.end() - 1 : b + 1])
    index = b" ".join(runs)
    return index + _GRAMS + b" ".join(sorted(grams)) if grams else index


def _trigrams(long_runs: Iterable[bytes]) -> Set[bytes]:
    """The distinct three-letter pieces of the long runs; a run repeated over and over (the
    usual hostile text) is cut into 4 kB chunks first, and identical chunks are read once."""
    chunks: Set[bytes] = set()
    for r in long_runs:
        # chunks overlap by two letters, so every trigram lies inside one of them
        chunks.update(r[i : i + 4096] for i in range(0, len(r), 4094))
    return {c[i : i + 3] for c in chunks for i in range(len(c) - 2)}


@functools.lru_cache(maxsize=2)
def _split_index(index: bytes) -> Tuple[bytes, frozenset]:
    words, _, grams = index.partition(_GRAMS)
    return words, frozenset(grams.split())


def absent(key: bytes, index: bytes) -> bool:
    """True when ``key`` cannot occur in the text whose ``word_index`` is ``index`` (an empty
    index says nothing: every key may be there). Every run of 3+ letters of a key that occurs
    stands inside one of the text's runs, so one run missing from the index rules the key out;
    the longest is tried first (the likeliest to be missing), then the others: on a 1 MB
    training log this halves the keys left to search for."""
    if not index:
        return False
    runs = _KEY_RUNS.get(key)
    if runs is None:
        found = sorted(set(_RUN.findall(key)), key=len, reverse=True)
        runs = _KEY_RUNS[key] = tuple(found)
    if _GRAMS not in index:
        return any(index.find(run) == -1 for run in runs)
    # a text with long runs: a key run may also stand inside one of them, which only a run all
    # of whose trigrams are among theirs can
    words, grams = _split_index(index)
    return any(
        words.find(run) == -1 and any(run[i : i + 3] not in grams for i in range(len(run) - 2))
        for run in runs
    )


def line_starts(low: bytes, keys: Iterable[bytes], cap: int, index: bytes = b"") -> Set[int]:
    """Offsets of the starts of the lines holding one of ``keys`` (at most ``cap``)."""
    starts: Set[int] = set()
    for key in keys:
        if absent(key, index):
            continue  # the key's letters are in none of the text's words
        pos = low.find(key)
        while pos != -1 and len(starts) < cap:
            starts.add(low.rfind(b"\n", 0, pos) + 1)
            end = low.find(b"\n", pos)
            if end == -1:
                break
            pos = low.find(key, end)
    return starts
