"""EC233 (a package pinned to another framework release, from floors.json "pins") and EC234
(an extension whose build tag names another torch): fire on mismatched pairs, quiet on
matching ones and on builds whose pins are not the published wheels'."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from checks_support import fires, load, quiet, skipped

from envcheck.compat_schema import validate_document
from envcheck.errors import InputError

FLOORS = Path(__file__).resolve().parent.parent / "compat_data" / "floors.json"


def _with(**installed: str):  # noqa: ANN202 - a Snapshot
    s = load("healthy_h100")
    s.packages.installed = dict(installed)
    return s


def test_ec233_xformers_wheel_pins_the_torch_it_was_built_with():
    (f,) = fires(_with(torch="2.0.1+cu118", xformers="0.0.19"), "EC233", severity="error")
    assert "torch==2.0.0" in f.expected and "2.0.1+cu118" in f.found
    # the fix names the xformers release made for the installed torch, from the same data
    assert "xformers==0.0.22" in f.fix and "torch==2.0.0" in f.fix
    assert f.evidence["source"].startswith("https://github.com/facebookresearch/xformers")


def test_ec233_quiet_on_the_pinned_pair_and_on_a_release_without_exact_pin():
    quiet(_with(torch="2.0.0+cu118", xformers="0.0.19"), "EC233")
    quiet(_with(torch="2.12.0", xformers="0.0.35"), "EC233")  # 0.0.35: torch >= 2.10


def test_ec233_torch_with_another_triton_is_a_warning():
    (f,) = fires(_with(torch="2.5.1+cu121", triton="3.0.0"), "EC233", severity="warning")
    assert "triton==3.1.0" in f.expected and "pip install triton==3.1.0" in f.fix


def test_ec233_ngc_or_nightly_torch_pins_its_own_triton():
    # NGC's torch 2.3.0a0+40ec155e58 ships triton 2.2.0+e28a256: not the PyPI wheel's pin
    quiet_or_na = _with(torch="2.3.0a0+40ec155e58.nv24.3", triton="2.2.0+e28a256")
    assert "not applicable" in skipped(quiet_or_na, "EC233")
    assert "not applicable" in skipped(_with(torch="2.4.0.dev20240515", triton="2.3.0"), "EC233")


def test_ec233_tensorflow_gpu_and_keras_of_another_minor():
    (f,) = fires(_with(**{"tensorflow-gpu": "2.8.0", "keras": "2.9.0"}), "EC233")
    assert "keras>=2.8.0rc0,<2.9" in f.expected and "tensorflow-gpu 2.8.0" in f.found
    quiet(_with(**{"tensorflow-gpu": "2.8.0", "keras": "2.8.0"}), "EC233")


def test_ec233_compiled_tensorflow_text_needs_its_tensorflow_minor():
    fires(_with(tensorflow="2.13.0", **{"tensorflow-text": "2.12.0"}), "EC233", severity="error")
    quiet(_with(tensorflow="2.12.1", **{"tensorflow-text": "2.12.0"}), "EC233")


def test_ec233_torchtext_is_judged_by_torch_minor_series():
    quiet(_with(torch="2.1.2+cu121", torchtext="0.16.0"), "EC233")
    (f,) = fires(_with(torch="2.0.1", torchtext="0.16.0"), "EC233")
    assert "torchtext==0.15.0" in f.fix


def test_ec233_not_applicable_without_a_covered_pair():
    assert "not applicable" in skipped(_with(torch="2.5.1", numpy="2.1.3"), "EC233")
    assert "not applicable" in skipped(_with(xformers="0.0.19"), "EC233")  # torch unknown


def test_ec234_pyg_wheel_for_another_torch():
    (f,) = fires(_with(torch="2.3.1+cu121", **{"torch-scatter": "2.1.2+pt20cu118"}), "EC234")
    assert "torch 2.0" in f.found and f.severity == "error"
    assert "https://data.pyg.org/whl/torch-2.3.0+cu121.html" in f.fix


def test_ec234_quiet_on_the_matching_pyg_wheel():
    quiet(_with(torch="2.1.2+cu121", **{"torch-sparse": "0.6.18+pt21cu121"}), "EC234")


def test_ec234_flash_attn_wheel_for_another_torch_minor():
    (f,) = fires(
        _with(torch="2.4.0+cu121", **{"flash-attn": "2.5.8+cu122torch2.3cxx11abiFALSE"}),
        "EC234",
    )
    assert "torch 2.3" in f.found and "torch2.4" in f.fix


def test_ec234_cxx11_abi_flag_against_torch_own_build():
    # pip's torch 2.4 wheels are pre-C++11 ABI: a cxx11abiTRUE wheel fails with undefined
    # symbols (std::__cxx11::basic_string in the missing name)
    tagged = {"mamba-ssm": "2.2.4+cu12torch2.4cxx11abiTRUE"}
    (f,) = fires(_with(torch="2.4.0+cu121", **tagged), "EC234", severity="error")
    assert "cxx11abiTRUE" in f.found
    (f,) = fires(_with(torch="2.4.0", **tagged), "EC234", severity="warning")
    assert "conda-forge" in f.found  # a plain version may be a conda-forge build
    quiet(_with(torch="2.4.0+cu121", **{"mamba-ssm": "2.2.4+cu12torch2.4cxx11abiFALSE"}), "EC234")
    quiet(_with(torch="2.7.1+cu128", **{"mamba-ssm": "2.2.4+cu12torch2.7cxx11abiTRUE"}), "EC234")


def test_ec234_skips_when_torch_is_unknown_and_is_na_without_tags():
    reason = skipped(_with(**{"torch-scatter": "2.1.2+pt20cu118"}), "EC234")
    assert "torch version is unknown" in reason
    assert "not applicable" in skipped(_with(torch="2.3.1", xformers="0.0.27"), "EC234")


def test_pins_section_is_schema_checked_and_every_entry_cites_a_source():
    doc = json.loads(FLOORS.read_text(encoding="utf-8"))
    assert len(doc["pins"]) > 100
    for e in doc["pins"]:
        assert e["source"].startswith("https://") and re.fullmatch(
            r"2026-12-0[2-5]", e["checked"]
        ), e
    bad = json.loads(json.dumps(doc))
    bad["pins"][0]["needs_versions"] = "the same minor"
    with pytest.raises(InputError, match="pins"):
        validate_document(bad, "floors", "floors.json")
    del bad["pins"]
    validate_document(bad, "floors", "floors.json")  # optional: older data dirs lack it


def test_ec233_and_ec234_on_a_live_host_read_installed_metadata(tmp_path: Path) -> None:
    """`envcheck verify` on this machine, with a site directory whose installed metadata says
    torch 2.0.1+cu118, xformers 0.0.19 and torch-scatter built for torch 1.13: both pairings
    are judged from package metadata alone (no framework is imported)."""
    import os
    import subprocess
    import sys

    from probes_support import REPO, base_env

    site = tmp_path / "site"
    for name, version in (
        ("torch", "2.0.1+cu118"),
        ("xformers", "0.0.19"),
        ("torch_scatter", "2.1.1+pt113cu117"),
    ):
        dist = site / f"{name}-{version}.dist-info"
        dist.mkdir(parents=True)
        (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    env = base_env()
    env["PYTHONPATH"] = f"{site}{os.pathsep}{REPO}"
    proc = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--format", "json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(REPO),
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    found = {f["code"]: f for f in json.loads(proc.stdout)["findings"]}
    assert "torch==2.0.0" in found["EC233"]["expected"]
    assert "torch 1.13" in found["EC234"]["found"]
