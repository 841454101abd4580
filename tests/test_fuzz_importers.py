"""Property-based fuzzing of every importer and of ``snapshot_from_reports`` on real files.

The property: whatever text or bytes a user pastes, an importer either returns a partial
Snapshot that survives ``finalize`` and an exact JSON round trip, or raises our own clean
``InputError`` (one line) — never anything else. Each importer's ``detect`` and ``parse`` are
called directly, because ``envcheck.importers.parse_text`` deliberately swallows a crashing
parser (the report would then be silently "partly unreadable"); this file makes such crashes
visible.

Seeds are the synthetic texts in tests/fixtures/faults/seeds/ plus every real captured report
in tests/fixtures/reports/ (when that directory exists); the fuzzer truncates, splices and
mutates them, so most examples still look like the format and reach deep into the parsers.

CI runs a few thousand examples in total; `ENVCHECK_FUZZ_EXAMPLES=20000 pytest
tests/test_fuzz_importers.py` is the nightly-style long run (the same variable as
tests/test_fuzz_snapshot.py; it sets the example count of the heaviest properties, the others
scale from it).
"""

from __future__ import annotations

import importlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator, List

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from envcheck.errors import InputError
from envcheck.importers import FORMATS, errorlog, parse_text, snapshot_from_reports
from envcheck.importers import base as importer_base
from envcheck.importers.text import clean, decode
from envcheck.safe_json import TOO_LARGE, bounded
from envcheck.snapshot import Snapshot, Unknown

EXAMPLES = int(os.environ.get("ENVCHECK_FUZZ_EXAMPLES", "1000"))
HERE = Path(__file__).parent
SEED_DIRS = (HERE / "fixtures" / "faults" / "seeds", HERE / "fixtures" / "reports")


def _fuzz(share: float) -> settings:
    """Settings for a property that gets ``share`` of the example budget (at least 25)."""
    return settings(
        max_examples=max(25, int(EXAMPLES * share)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        derandomize=False,
    )


def _seed_files() -> List[Path]:
    files: List[Path] = []
    for directory in SEED_DIRS:
        if directory.is_dir():
            for path in sorted(directory.rglob("*")):
                if path.is_file() and path.suffix not in (".md", ".source", ".json", ".py"):
                    files.append(path)
    return files


SEED_FILES = _seed_files()
SEED_BYTES = [p.read_bytes()[:200_000] for p in SEED_FILES]
SEEDS = [decode(b) or "" for b in SEED_BYTES]
MODULES = [importlib.import_module(f"envcheck.importers.{name}") for name in FORMATS]


def test_seeds_are_recognised() -> None:
    """The seeds must reach the parsers, or the mutation properties test nothing."""
    assert len(SEEDS) >= 10
    recognised = {name for text in SEEDS for name in _detected(text)}
    assert recognised == {m.NAME for m in MODULES}, recognised


def _detected(text: str) -> List[str]:
    return [m.NAME for m in MODULES if m.detect(text)]


# --- strategies -------------------------------------------------------------------------------

# Characters that matter to these parsers: digits, dots, separators, table rules, units.
_ALPHABET = st.sampled_from(
    list("0123456789.:|/=-+_ \t\n,;()[]{}'\"<>xXCWMiBHz%#*")
    + ["N/A", "MiB", "GPU ", "CUDA ", "sm_", "cu12", "\x00", "\x1b[31m", "\ufffd", "\u00e9", "\r"]
)
noise = st.lists(_ALPHABET, max_size=40).map("".join)
numbers = st.one_of(
    st.integers(-10, 10**30).map(str),
    st.sampled_from(["nan", "inf", "-inf", "1e999", "0x1F", "１２", "٣", "-0", "00", "1.2.3.4.5"]),
)


@st.composite
def mutated(draw: Any, seeds: List[str] = SEEDS) -> str:
    """A seed after a few random edits: truncation, line drops/duplicates, number swaps, noise."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        op = draw(st.integers(0, 7))
        if op == 0:  # truncate anywhere (a half-pasted report)
            text = text[: draw(st.integers(0, len(text)))]
        elif op == 1 and lines:  # drop a block of lines
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(i, min(len(lines), i + 8)))
            text = "\n".join(lines[:i] + lines[j:])
        elif op == 2 and lines:  # duplicate a line (e.g. two header lines)
            i = draw(st.integers(0, len(lines) - 1))
            text = "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :])
        elif op == 3:  # replace one number with something hostile
            import re

            spots = [m.span() for m in re.finditer(r"\d+", text)]
            if spots:
                a, b = draw(st.sampled_from(spots))
                text = text[:a] + draw(numbers) + text[b:]
        elif op == 4:  # insert noise somewhere
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(noise) + text[at:]
        elif op == 5:  # splice two seeds (a GitHub issue holding several outputs)
            other = draw(st.sampled_from(seeds))
            cut = draw(st.integers(0, len(other)))
            text = text + "\n" + other[cut:]
        elif op == 6 and lines:  # swap two lines
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif op == 7:  # delete a random slice
            a = draw(st.integers(0, len(text)))
            b = draw(st.integers(a, min(len(text), a + 200)))
            text = text[:a] + text[b:]
    return text


texts = st.one_of(st.text(max_size=300), mutated())


# --- properties ---------------------------------------------------------------------------------


def _round_trips(snapshot: Snapshot) -> None:
    assert isinstance(snapshot, Snapshot)
    encoded = snapshot.to_json()
    assert Snapshot.from_json(encoded) == snapshot, "the snapshot must round-trip exactly"


def _one_line(exc: Exception) -> None:
    message = str(exc)
    assert message.strip(), "an InputError must say what is wrong"
    assert "\n" not in message.strip(), f"one-line message expected, got {message!r}"


def _parse_module(module: Any, text: str) -> None:
    try:
        if not module.detect(text):
            return
        partial = module.parse(text)
    except InputError as exc:
        _one_line(exc)
        return
    assert isinstance(partial, Snapshot)
    _round_trips(importer_base.finalize(partial))


@_fuzz(0.5)
@given(texts)
def test_every_importer_parses_or_fails_cleanly(text: str) -> None:
    for module in MODULES:
        _parse_module(module, text)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@_fuzz(0.15)
@given(data=st.data())
def test_each_importer_on_its_own_format(module: Any, data: Any) -> None:
    """Mutations of the seeds this importer recognises (every example reaches its parser)."""
    own = [s for s in SEEDS if module.detect(s)]
    assert own, f"no seed for {module.NAME}"
    _parse_module(module, data.draw(mutated(own)))


@_fuzz(0.3)
@given(texts)
def test_error_log_scan(text: str) -> None:
    entries = errorlog.scan(text, "log.txt")
    assert isinstance(entries, list)
    for entry in entries:
        assert isinstance(entry, dict)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in entry.items())


@_fuzz(0.3)
@given(texts)
def test_parse_text_merges_everything(text: str) -> None:
    """The combined path (every detector, merge, error scan) on one text; no parser may crash."""
    snapshot, found = parse_text(text, "report.txt")
    assert not [f for f in found if "partly unreadable" in f], found
    _round_trips(importer_base.finalize(snapshot))


@_fuzz(0.3)
@given(st.binary(max_size=400) | mutated().map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_decode_and_clean_any_bytes(raw: bytes) -> None:
    text = decode(raw)
    assert text is None or isinstance(clean(text), str)


# --- files through snapshot_from_reports ----------------------------------------------------------


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    # hypothesis forbids function-scoped fixtures inside @given; one directory, files reused.
    path = Path(tempfile.mkdtemp(prefix="envcheck-fuzz-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _encodings(text: str) -> st.SearchStrategy[bytes]:
    return st.sampled_from(
        [
            text.encode("utf-8", "surrogatepass"),
            text.encode("utf-16", "surrogatepass"),
            text.encode("utf-16-le", "surrogatepass"),
            b"\xef\xbb\xbf" + text.encode("utf-8", "surrogatepass"),
            text.encode("latin-1", "replace"),
        ]
    )


file_bytes = st.one_of(
    st.binary(max_size=2000),
    texts.flatmap(_encodings),
    st.sampled_from(SEED_BYTES).flatmap(
        lambda b: st.integers(0, len(b)).map(lambda n: b[:n])  # a truncated real file
    ),
    st.tuples(st.sampled_from(SEED_BYTES), st.binary(min_size=1, max_size=64)).map(
        lambda t: t[0][: len(t[0]) // 2] + t[1] + t[0][len(t[0]) // 2 :]  # binary garbage inside
    ),
)


def _from_files(reports: List[bytes], logs: List[bytes], workdir: Path) -> None:
    report_paths = []
    for i, data in enumerate(reports):
        path = workdir / f"report{i}.txt"
        path.write_bytes(data)
        report_paths.append(str(path))
    log_paths = []
    for i, data in enumerate(logs):
        path = workdir / f"error{i}.log"
        path.write_bytes(data)
        log_paths.append(str(path))
    try:
        snapshot = snapshot_from_reports(report_paths, log_paths)
    except InputError as exc:
        _one_line(exc)
        return
    _round_trips(snapshot)


@_fuzz(0.3)
@given(reports=st.lists(file_bytes, min_size=1, max_size=3), logs=st.lists(file_bytes, max_size=2))
def test_snapshot_from_reports_on_files(
    reports: List[bytes], logs: List[bytes], workdir: Path
) -> None:
    _from_files(reports, logs, workdir)


@_fuzz(0.1)
@given(logs=st.lists(file_bytes, min_size=1, max_size=2))
def test_error_logs_alone(logs: List[bytes], workdir: Path) -> None:
    _from_files([], logs, workdir)


def test_every_seed_file_imports(workdir: Path) -> None:
    """Each seed and real report on its own gives a snapshot that round-trips (no mutation)."""
    for path in SEED_FILES:
        is_log = path.suffix == ".log"
        try:
            snapshot = snapshot_from_reports(
                [] if is_log else [str(path)], [str(path)] if is_log else []
            )
        except InputError as exc:  # a real report no importer knows: fine, but cleanly
            _one_line(exc)
            continue
        _round_trips(snapshot)


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: str(d), "is a directory"),
        (lambda d: str(d / "missing.txt"), "cannot read"),
        (lambda d: _write(d / "empty.txt", b""), "empty file"),
        (lambda d: _write(d / "elf.bin", b"\x7fELF\x02\x01\x01" + bytes(range(256)) * 8), "binary"),
    ],
    ids=["directory", "missing", "empty", "binary"],
)
def test_unreadable_report_files(make: Any, message: str, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=message) as info:
        snapshot_from_reports([make(tmp_path)], [])
    _one_line(info.value)


def _write(path: Path, data: bytes) -> str:
    path.write_bytes(data)
    return str(path)


def test_an_implausible_number_in_a_report_is_unknown_and_round_trips() -> None:
    """Found by hypothesis in CI: "PCIe Generation Max : 99999999999999991808" became an integer
    that safe_json refuses, so the report's snapshot could be written but not read back."""
    text = (
        "==============NVSMI LOG==============\n\nDriver Version : 535.104.05\n"
        "Attached GPUs : 1\nGPU 00000000:18:00.0\n    Product Name : NVIDIA H100 80GB HBM3\n"
        "    PCI\n        GPU Link Info\n            PCIe Generation\n"
        "                Max : 99999999999999991808\n                Current : 5\n"
    )
    snapshot, _ = parse_text(text, "report.txt")
    snapshot = importer_base.finalize(snapshot)
    gpu = snapshot.driver.gpus[0]
    assert (
        isinstance(gpu.pcie_gen_max, Unknown) and "not a plausible value" in gpu.pcie_gen_max.reason
    )
    assert gpu.pcie_gen == 5
    _round_trips(snapshot)


def test_a_huge_number_in_a_pasted_table_round_trips(tmp_path: Path) -> None:
    # found by a 40,000-example run: a 21-digit "temperature" read from an nvidia-smi table row
    # went into the evidence record, was written as is and could not be read back (loads
    # refuses integers of more than 20 digits); the record now holds the unknown marker
    _from_files([b"|0\t\x01\tOn|0000:00:00.0Off\n|100000000000000000000C|0MiB/0MiB|"], [], tmp_path)
    big = {"read": [{"value": 10**25, "ok": 3}]}
    assert bounded(big) == {"read": [{"value": TOO_LARGE, "ok": 3}]}
