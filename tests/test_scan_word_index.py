"""The error scan skips keys whose letters are in none of the text's words (textindex.word_index):
a speed-up only, so the entries must be exactly those of a scan that searches every key."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

scan_module = importlib.import_module("envcheck.importers.errorlog.scan")
textindex = importlib.import_module("envcheck.importers.errorlog.textindex")
CORPUS = Path(__file__).resolve().parent / "fixtures" / "corpus"
REPORTS = Path(__file__).resolve().parent / "fixtures" / "reports"


def _texts() -> list:
    pastes = sorted(CORPUS.glob("*/*/paste.txt"))[::4] + sorted(REPORTS.glob("*.txt"))[::2]
    texts = [p.read_text(errors="replace") for p in pastes]
    texts += [
        # letters the index must not lose: non-ASCII around a key, a dotted capital I
        "İllegal memory access was encountered\nRuntimeError: CUDA error: an İllegal memory "
        "access was encountered\n",
        "xRuntimeError: CUDA error: an illegal memory access was encounteredx\n",
        "显卡 CUDA driver version is insufficient for CUDA runtime version\n",
        "NCCL WARN Net/IB : Got completion\nfrom peer with error 12\n",
    ]
    return texts


def test_the_word_index_changes_no_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    assert len(texts) > 300
    fast = [scan_module.scan(t, "p.txt") for t in texts]
    monkeypatch.setattr(textindex, "word_index", lambda low: b"")  # search every key
    slow = [scan_module.scan(t, "p.txt") for t in texts]
    assert fast == slow


def test_the_word_index_holds_every_run_of_letters() -> None:
    low = b"an illegal-memory_access; xid=79 \xe6\x98\xbe\xe5\x8d\xa1 ok"
    index = textindex.word_index(low)
    for run in (b"illegal", b"memory", b"access", b"xid"):
        assert index.find(run) != -1
    here = textindex.word_index(b"cuda_error_invalid_image at line 3")
    assert not textindex.absent(b"cuda_error_invalid_image", here)
    # any one run of the key missing from the text rules it out, not only the longest
    assert textindex.absent(b"cuda_error_invalid_device", here)
    assert textindex.absent(b"nccl_error_invalid_image", here)
    assert not textindex.absent(b"0xc0000135", here)  # no run of letters: always searched


def test_the_fact_extractors_read_the_same_with_the_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """candidate_lines skips the words the index rules out: the facts must be those of a search
    for every word."""
    extract = importlib.import_module("envcheck.importers.extract")
    lines = importlib.import_module("envcheck.importers.extract.lines")
    texts = _texts()
    fast = [[f.__dict__ for f in extract.text_facts(t, "p.txt")] for t in texts]
    monkeypatch.setattr(textindex, "word_index", lambda low: b"")
    lines._lowered_with_line_starts.cache_clear()
    slow = [[f.__dict__ for f in extract.text_facts(t, "p.txt")] for t in texts]
    lines._lowered_with_line_starts.cache_clear()
    assert sum(map(len, fast)) > 300  # the texts do state facts
    assert fast == slow


def test_candidate_lines_agrees_with_a_line_by_line_search() -> None:
    """Random texts of pieces that stress the cache, the line starts and the index: empty
    lines, a trailing newline, the Kelvin sign (str.lower() makes it an ASCII "k"), a dotted
    capital I, words wrapped across a line break."""
    import random

    lines = importlib.import_module("envcheck.importers.extract.lines")
    pieces = ["ab", "\n", "CUDA", "cu", "da", " ", "\u0130", "\u212aernel", "kernel", "x", "ker\n"]
    words = ("cuda", "abx", "kernel", "ker", "显卡")
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        want = [i for i, ln in enumerate(text.lower().split("\n")) if any(w in ln for w in words)]
        assert lines.candidate_lines(text, words) == want, text
        checked += bool(want)
    assert checked > 1000
    assert lines.candidate_lines("x\n\u212aernel panic\n", ("kernel",)) == [1]


def test_a_long_run_of_letters_is_kept_as_its_trigrams() -> None:
    # a megabyte of "aaaa..." made every key a pass over it (1.66 s for a 1 MB paste); the run
    # is indexed by its trigrams now, and a key inside it is still never ruled out
    low = b"cuda error at " + b"a" * 5000 + b"nvidia" + b"a" * 5000 + b"\n"
    index = textindex.word_index(low)
    assert len(index) < 2000
    assert not textindex.absent(b"nvidia", index)  # inside the long run
    assert textindex.absent(b"nvidia-smi", index)  # "smi" is in no run
    assert not textindex.absent(b"cuda error", index)  # a short run
    assert textindex.absent(b"cudnn", index)  # "cud" / "udn" / "dnn": "udn" is in no run
    # the scan finds the same entries with the index as without it
    texts = [
        "RuntimeError: CUDA error: no kernel image is available " + "x" * 600 + "\n",
        "a" * 3000 + "no kernel image is available for execution on the device" + "b" * 3000,
        "CUDA driver version is insufficient for CUDA runtime version" + "q" * 70000,
    ]
    for t in texts:
        fast = scan_module.scan(t, "p.txt")
        slow_index = textindex.word_index
        try:
            textindex.word_index = lambda low: b""  # type: ignore[assignment]
            slow = scan_module.scan(t, "p.txt")
        finally:
            textindex.word_index = slow_index
        assert fast == slow
