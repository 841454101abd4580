"""Property-based fuzzing of the snapshot loader: no input raises anything but SnapshotError.

CI runs a few thousand examples; `ENVCHECK_FUZZ_EXAMPLES=50000 pytest tests/test_fuzz_*.py`
is the nightly-style long run.
"""

from __future__ import annotations

import contextlib
import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import envcheck.snapshot as snapshot_module
from envcheck.snapshot import (
    Driver,
    Gpu,
    GpuProcess,
    Snapshot,
    SnapshotError,
    Unknown,
)

EXAMPLES = int(os.environ.get("ENVCHECK_FUZZ_EXAMPLES", "1000"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=25,
)

VALID = Snapshot(
    hostname="n1",
    driver=Driver(
        status="ok",
        version="550.54.15",
        gpus=[
            Gpu(index=0, name="NVIDIA H100 80GB HBM3", processes=[GpuProcess(pid=1)]),
            Gpu(index=1, temperature_c=Unknown("not supported")),
        ],
    ),
    env={"CUDA_VISIBLE_DEVICES": "0,1"},
).to_dict()


def _load_or_clean_error(data: Any) -> None:
    try:
        snapshot = Snapshot.from_dict(data)
    except SnapshotError as exc:
        assert str(exc), "errors must say what is wrong"
        assert "\n" not in str(exc)
        return
    # Whatever loads must round-trip exactly.
    assert Snapshot.from_json(snapshot.to_json()) == snapshot


@FUZZ
@given(json_values)
def test_any_json_value(data: Any) -> None:
    _load_or_clean_error(data)


@FUZZ
@given(st.text(max_size=200))
def test_any_text(text: str) -> None:
    with contextlib.suppress(SnapshotError):  # the property: nothing else escapes
        Snapshot.from_json(text)


def _paths(obj: Any, prefix: tuple = ()) -> list:
    out = [prefix]
    if isinstance(obj, dict):
        for key, value in obj.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            out += _paths(value, prefix + (i,))
    return out


PATHS = _paths(VALID)


def _replaced(path: tuple, value: Any) -> dict:
    data = json.loads(json.dumps(VALID))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@FUZZ
@given(st.sampled_from(PATHS[1:]), json_values)
def test_valid_snapshot_with_one_field_replaced(path: tuple, value: Any) -> None:
    _load_or_clean_error(_replaced(path, value))


@FUZZ
@given(st.sampled_from(PATHS[1:]), json_values)
def test_fast_and_slow_decoders_agree(path: tuple, value: Any) -> None:
    """The compiled decoder accepts exactly what the explaining one accepts, with equal results."""
    data = _replaced(path, value)
    try:
        slow = snapshot_module._decode(Snapshot, data, "snapshot")
    except SnapshotError:
        slow = None
    try:
        fast = snapshot_module._fast_decoder(Snapshot)(data)
    except snapshot_module._Invalid:
        fast = None
    assert fast == slow


def test_deep_nesting_is_a_clean_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(SnapshotError, match="not valid JSON"):
        Snapshot.from_json(deep)


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan")])
def test_a_non_finite_number_is_unknown_where_unknown_is_allowed(value: float) -> None:
    # found by hypothesis in a fresh-clone CI run: power_draw_w=inf loaded as a float, was
    # written as {"unknown": ...} (JSON has no Infinity) and so did not read back equal
    snap = Snapshot.from_dict(_replaced(("driver", "gpus", 1, "power_draw_w"), value))
    assert snap.driver.gpus[1].power_draw_w == Unknown("not a finite number")
    assert Snapshot.from_json(snap.to_json()) == snap
    _load_or_clean_error(_replaced(("driver", "gpus", 1, "power_draw_w"), value))


def test_a_non_finite_number_where_only_numbers_are_allowed_is_a_clean_error() -> None:
    data = json.loads(json.dumps(VALID))
    data["probe_timings_ms"] = {"nvml": float("inf")}
    with pytest.raises(SnapshotError, match="not a finite number"):
        Snapshot.from_dict(data)


@pytest.mark.parametrize("value", [float("inf"), float("nan")])
def test_a_non_finite_number_in_a_free_form_field_reads_as_it_will_be_written(value: float) -> None:
    # found by hypothesis in CI: evidence={"": inf} loaded as inf, was written as the unknown
    # marker and so did not read back equal; loading now applies the writer's replacement
    data = _replaced(("evidence",), {"": value, "deep": [1.5, {"x": value}]})
    snap = Snapshot.from_dict(data)
    marker = {"unknown": "not a finite number"}
    assert snap.evidence == {"": marker, "deep": [1.5, {"x": marker}]}
    assert Snapshot.from_json(snap.to_json()) == snap
    assert isinstance(data["evidence"]["deep"][1]["x"], float)  # the caller's dict is untouched
    _load_or_clean_error(data)
