"""No snapshot makes a check crash: fixture snapshots with facts randomly turned unknown, absent
or odd (but type-correct, as Snapshot.load would accept) must give findings or skips only."""

from __future__ import annotations

import dataclasses
import os
import random
import typing

import pytest
from checks_support import load, matrix

from envcheck.checks.registry import run_checks
from envcheck.policy import Policy
from envcheck.report import render
from envcheck.snapshot import Unknown

# ENVCHECK_FUZZ_ROUNDS=500 for a longer, nightly-style run (500 rounds: about 30 s).
ROUNDS = int(os.environ.get("ENVCHECK_FUZZ_ROUNDS", "60"))

ODD = {
    str: ["", "garbage", "1.2.3.4.5", "13.0", "12", "+cu", "cu999", "sm_", "-1", "9.9"],
    int: [-1, 0, 1, 2**40],
    float: [-1.0, 0.0, 0.5, 1e12],
    bool: [True, False],
}


def _leaves(obj, path=()):
    """(owner, field name, type hint) for every dataclass field in the tree."""
    if dataclasses.is_dataclass(obj):
        hints = typing.get_type_hints(type(obj))
        for f in dataclasses.fields(obj):
            yield obj, f.name, hints[f.name]
            yield from _leaves(getattr(obj, f.name), path + (f.name,))
    elif isinstance(obj, list):
        for item in obj:
            yield from _leaves(item, path)


def _odd_value(rng: random.Random, hint):
    options = []
    args = typing.get_args(hint) if typing.get_origin(hint) is typing.Union else (hint,)
    if Unknown in args:
        options.append(Unknown("fuzzed"))
    if type(None) in args:
        options.append(None)
    for tp in args:
        options.extend(ODD.get(tp, []))
    return rng.choice(options) if options else None


@pytest.mark.parametrize(
    "name",
    [
        "healthy_h100",
        "sick_gpus",
        "blackwell_5090_torch_cu124",
        "old_driver_470_torch_cu121",
        "container_small_shm",
    ],
)
def test_checks_never_crash_on_odd_facts(name):
    rng = random.Random(f"envcheck-{name}")
    policy = Policy(
        gpu_count=8,
        gpu_model="H100",
        driver_min_version="550",
        gpu_mig=False,
        packages={"torch": ">=2"},
    )
    for _ in range(ROUNDS):
        snap = load(name)
        leaves = [
            leaf for leaf in _leaves(snap) if leaf[1] not in ("index", "path", "pid", "name", "url")
        ]
        for owner, field, hint in rng.sample(leaves, k=min(12, len(leaves))):
            value = _odd_value(rng, hint)
            if value is not None or type(None) in typing.get_args(hint):
                setattr(owner, field, value)
        out = run_checks(snap, matrix(), policy)
        for fmt in ("text", "json", "junit", "nhc", "prometheus"):
            assert isinstance(render(fmt, snap, out, matrix()), str)
