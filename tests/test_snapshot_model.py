"""The Snapshot model: exact JSON round trip, Unknown vs None, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from envcheck.probes import collect
from envcheck.snapshot import SCHEMA_VERSION, Driver, Snapshot, SnapshotError, Unknown, known

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "snapshots").glob("*.json"))


def test_live_snapshot_round_trips_exactly() -> None:
    snapshot = collect(timeout=5.0)
    text = snapshot.to_json()
    again = Snapshot.from_json(text)
    assert again == snapshot
    assert again.to_json() == text


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fixture_snapshots_round_trip(path: Path) -> None:
    snapshot = Snapshot.load(str(path))
    assert Snapshot.from_json(snapshot.to_json()) == snapshot


def test_unknown_and_none_are_different_facts() -> None:
    snapshot = Snapshot(driver=Driver(version=Unknown("NVML: library not found"), gpus=None))
    data = json.loads(snapshot.to_json())
    assert data["driver"]["version"] == {"unknown": "NVML: library not found"}
    assert data["driver"]["gpus"] is None
    loaded = Snapshot.from_dict(data)
    assert isinstance(loaded.driver.version, Unknown)
    assert not known(loaded.driver.version) and not known(loaded.driver.gpus)
    assert str(loaded.driver.version) == "unknown: NVML: library not found"


def test_newer_schema_and_corrupt_files_are_clear_errors(tmp_path: Path) -> None:
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"schema_version": SCHEMA_VERSION + 1}))
    with pytest.raises(SnapshotError, match="newer than this envcheck understands"):
        Snapshot.load(str(newer))
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"schema_version": 1, "driver": {"gpus": [{"index": "zero"}]}}')
    with pytest.raises(SnapshotError, match=r"driver\.gpus\[0\]\.index: expected an integer"):
        Snapshot.load(str(corrupt))
    with pytest.raises(SnapshotError, match="cannot read snapshot"):
        Snapshot.load(str(tmp_path / "missing.json"))
