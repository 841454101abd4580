"""A broken data file is a one-line error naming the file and the entry (exit 2, no traceback)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict

import pytest
from compat_support import clean_env, fictional, run_cli, write_data_dir

from envcheck.compat import load_matrix
from envcheck.errors import InputError


def _drop_source(doc: Dict[str, Any]) -> None:
    del doc["releases"][1]["source"]


def _bad_python(doc: Dict[str, Any]) -> None:
    doc["releases"][1]["python"] = "3.9+"


def _bad_arch(doc: Dict[str, Any]) -> None:
    doc["releases"][0]["variants"][0]["arch_list"] = ["sm_80", "8.0"]


def _bad_checked(doc: Dict[str, Any]) -> None:
    doc["releases"][0]["checked"] = "yesterday"


def _http_source(doc: Dict[str, Any]) -> None:
    doc["releases"][0]["source"] = "ftp://example.invalid/x"


def _no_variants(doc: Dict[str, Any]) -> None:
    del doc["releases"][0]["variants"]


def _newer_format(doc: Dict[str, Any]) -> None:
    doc["format"] = "envcheck-compat/2"


def _wrong_kind(doc: Dict[str, Any]) -> None:
    doc["kind"] = "jax"


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (_drop_source, "torch.json: releases[1] (9.0.0): 'source' is missing"),
        (_bad_python, "torch.json: releases[1] (9.0.0): 'python' is not a valid specifier"),
        (_bad_arch, "torch.json: releases[0] (9.1.0): 'variants' [0] 'arch_list' [1] is not"),
        (_bad_checked, "torch.json: releases[0] (9.1.0): 'checked' is not a date"),
        (_http_source, "torch.json: releases[0] (9.1.0): 'source' is not an https URL"),
        (_no_variants, "torch.json: releases[0] (9.1.0): 'variants' is missing"),
        (_newer_format, "torch.json: format 'envcheck-compat/2' is newer than this envcheck"),
        (_wrong_kind, "torch.json: 'kind' must be 'torch'"),
    ],
)
def test_broken_torch_file_names_file_and_entry(
    tmp_path: Path, mutate: Callable[[Dict[str, Any]], None], expected: str
) -> None:
    doc = fictional("torch")
    mutate(doc)
    m = load_matrix(write_data_dir(tmp_path / "d", {"torch": doc}))
    with pytest.raises(InputError) as info:
        m.torch_release("9.1.0")
    assert expected in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("kind", "mutate", "expected"),
    [
        ("cuda", lambda d: d["toolkits"][2]["min_driver"].update(linux="r710"),
         "cuda.json: toolkits[2] (7.1.1): 'min_driver' 'linux' is not a driver version"),
        ("cuda", lambda d: d["toolkit_archs"][0].update(cuda="7.x"),
         "cuda.json: toolkit_archs[0] (7.x): 'cuda' is not a valid specifier"),
        ("cuda", lambda d: d["minor_compat"][0].update(major="7"),
         "cuda.json: minor_compat[0] (7): 'major' is not an integer"),
        ("gpus", lambda d: d["gpus"][3].update(compute_capability="75"),
         "gpus.json: gpus[3] (Tesla Gizmo G4): 'compute_capability' is not a compute capability"),
        ("gpus", lambda d: d["gpus"][0].update(fp32_tflops="fast"),
         "gpus.json: gpus[0] (FakeCorp Widget 100 80GB HBM9): 'fp32_tflops' is not a number"),
        ("jax", lambda d: d["releases"][0]["plugins"][0].update(cuda="cuda12"),
         "jax.json: releases[0] (0.9.1): 'plugins' [0] 'cuda' is not a valid specifier"),
        ("tensorflow", lambda d: d["notes"][0].pop("checked"),
         "tensorflow.json: notes[0]: 'checked' is missing"),
    ],
)  # fmt: skip
def test_broken_files_of_other_kinds(tmp_path: Path, kind: str, mutate: Any, expected: str) -> None:
    doc = fictional(kind)
    mutate(doc)
    m = load_matrix(write_data_dir(tmp_path / "d", {kind: doc}))
    with pytest.raises(InputError, match="^.*$") as info:
        m.validate_all()
    assert expected in str(info.value)


def test_bad_json_names_line(tmp_path: Path) -> None:
    m = load_matrix(write_data_dir(tmp_path / "d", {"cuda": '{"format": "envcheck-compat/1",\n'}))
    with pytest.raises(InputError, match=r"cuda.json: invalid JSON at line 2"):
        m.min_driver("7.1")


def test_missing_file(tmp_path: Path) -> None:
    d = write_data_dir(tmp_path / "d")
    (d / "gpus.json").unlink()
    with pytest.raises(InputError, match="gpus.json: missing from the data directory"):
        load_matrix(d).gpu("G4")


def test_unknown_extra_fields_are_accepted(tmp_path: Path) -> None:
    # a newer bundle may add fields; an older envcheck must still read it
    doc = fictional("torch")
    doc["releases"][0]["future_field"] = {"x": 1}
    doc["releases"][0]["variants"][0]["rocm"] = None
    assert load_matrix(write_data_dir(tmp_path / "d", {"torch": doc})).torch_release("9.1")


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("torch", "[1, 2", "torch.json: invalid JSON"),
        ("cuda", json.dumps({**fictional("cuda"), "toolkits": [{"version": "7.0"}]}),
         "cuda.json: toolkits[0] (7.0): 'source' is missing"),
        ("torch", json.dumps(
            {**fictional("torch"),
             "releases": [{**fictional("torch")["releases"][0], "python": "3.9+"}]}),
         "torch.json: releases[0] (9.1.0): 'python' is not a valid specifier"),
    ],
)  # fmt: skip
def test_cli_corrupt_data_is_one_line_exit_2(
    tmp_path: Path, kind: str, text: str, expected: str
) -> None:
    d = write_data_dir(tmp_path / "data", {kind: text})
    env = clean_env(tmp_path, ENVCHECK_DATA_DIR=str(d))
    args = ["matrix", "torch", "9.1.0"] if kind == "torch" else ["matrix", "cuda", "7.1"]
    for argv in (args, ["data", "info"]):
        proc = run_cli(argv, env)
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], proc.stderr
        assert lines[0].startswith("envcheck: error: ")


def test_newest_checked_counts_only_dates() -> None:
    # a signed bundle's free-form list put "\u202egnp.exe" where a date goes, and
    # `envcheck data update` printed it (tests/test_fuzz_cli.py, seed 1796544479)
    from envcheck.compat_schema import newest_checked

    doc = {
        "notes": [{"text": "x", "checked": "\u202egnp.exe"}, {"checked": "9999-zz"}],
        "toolkits": [{"checked": "2026-12-03"}, {"checked": "2026-11-30"}],
    }
    assert newest_checked(doc) == "2026-12-03"
    assert newest_checked({"notes": [{"checked": "\u202egnp.exe"}]}) is None
