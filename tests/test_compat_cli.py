"""`envcheck matrix ...` and `envcheck data info` as a user runs them (real subprocesses)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest
from compat_support import clean_env, run_cli, write_data_dir


@pytest.fixture()
def env(tmp_path: Path) -> Dict[str, str]:
    return clean_env(tmp_path)  # bundled data, home under tmp


def _json(args: List[str], env: Dict[str, str]) -> Dict[str, Any]:
    proc = run_cli([*args, "--json"], env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_matrix_cuda_json_keys(env: Dict[str, str]) -> None:
    d = _json(["matrix", "cuda", "12.4"], env)
    assert d["min_driver"]["linux"] == "550.54.14"
    assert d["min_driver"]["windows"] == "551.61"
    assert d["minor_compat_min_driver"]["linux"] == "525.60.13"
    assert d["source"].startswith("https://")
    assert any("PTX" in c for c in d["minor_compat_caveats"])


def test_matrix_cuda_text_names_sources(env: Dict[str, str]) -> None:
    proc = run_cli(["matrix", "cuda", "11.8"], env)
    assert proc.returncode == 0
    assert "450.80.02" in proc.stdout and "source: https://" in proc.stdout


def test_matrix_driver(env: Dict[str, str]) -> None:
    d = _json(["matrix", "driver", "535.104.05"], env)
    assert d["max_cuda"] == "12.2.2"
    assert d["max_cuda_minor_compat"].startswith("12.")
    assert d["minor_compat_min_driver"] == "525.60.13"
    assert d["sources"]
    text = run_cli(["matrix", "driver", "535.104.05"], env).stdout
    assert "12.2.2" in text and "minor-version compatibility" in text


@pytest.mark.parametrize(
    ("name", "cc"),
    [("RTX 4090", "8.9"), ("Tesla T4", "7.5"), ("NVIDIA H100 80GB HBM3", "9.0"), ("A100", "8.0")],
)
def test_matrix_gpu(env: Dict[str, str], name: str, cc: str) -> None:
    d = _json(["matrix", "gpu", name], env)
    assert d["compute_capability"] == cc
    assert d["source"].startswith("https://")


def test_matrix_gpu_ambiguous_is_exit_2(env: Dict[str, str]) -> None:
    proc = run_cli(["matrix", "gpu", "RTX 6000"], env)
    assert proc.returncode == 2
    assert "ambiguous" in proc.stderr and "Traceback" not in proc.stderr


def test_matrix_torch_json_keys(env: Dict[str, str]) -> None:
    d = _json(["matrix", "torch", "2.5.1"], env)
    assert d["torchvision"] == "0.20.1" and d["torchaudio"] == "2.5.1"
    assert "3.10" not in d["python"] or d["python"]  # a specifier string
    from packaging.specifiers import SpecifierSet

    assert "3.10" in SpecifierSet(d["python"])
    by_cuda = {v["cuda"]: v for v in d["variants"]}
    assert by_cuda["12.1"]["index_url"] == "https://download.pytorch.org/whl/cu121"
    assert by_cuda["12.1"]["arch_list"]
    assert d["source"].startswith("https://")
    one = _json(["matrix", "torch", "2.5.1+cu121"], env)
    assert [v["tag"] for v in one["variants"]] == ["cu121"]


def test_matrix_tensorflow_and_jax(env: Dict[str, str]) -> None:
    tf = _json(["matrix", "tensorflow", "2.15"], env)
    assert any(b["cuda"] == "12.2" for b in tf["builds"]) and tf["sources"]
    jax = _json(["matrix", "jax", "0.4.30"], env)
    assert jax["plugins"][0]["min_driver_linux"] == "525.60.13" and jax["source"]


def test_matrix_recommend(env: Dict[str, str]) -> None:
    args = ["matrix", "recommend", "--driver", "470.82.01", "--gpu", "Tesla T4",
            "--python", "3.10", "--framework", "torch"]  # fmt: skip
    d = _json(args, env)
    assert d["inputs"]["gpus"] == [{"name": "Tesla T4", "compute_capability": "7.5"}]
    assert d["best"]["cuda"].startswith("11.")
    assert d["best"]["pip_install"].startswith("pip install torch==")
    assert d["rejected"] and all(r["reasons"] for r in d["rejected"])
    text = run_cli(args, env)
    assert text.returncode == 0
    assert "newest torch build that runs here" in text.stdout
    assert "runner-up: torch" in text.stdout and "(--all lists every build" in text.stdout
    assert len(text.stdout.splitlines()) < 12  # short by default
    full = run_cli([*args, "--all"], env)
    assert "driver too old" in full.stdout and len(full.stdout.splitlines()) > 12


def test_matrix_recommend_nothing_runs_is_exit_1(env: Dict[str, str]) -> None:
    proc = run_cli(["matrix", "recommend", "--driver", "390.48", "--cc", "7.5"], env)
    assert proc.returncode == 1
    assert "no torch build in the matrix runs here" in proc.stdout


@pytest.mark.parametrize(
    ("args", "what"),
    [
        (["matrix", "cuda", "12.42"], "CUDA 12.42"),
        (["matrix", "torch", "9.9.9"], "torch 9.9.9"),
        (["matrix", "torch", "2.5.1+cu999"], "torch 2.5.1+cu999"),
        (["matrix", "gpu", "Voodoo5 5500"], "GPU 'Voodoo5 5500'"),
        (["matrix", "tensorflow", "0.12"], "tensorflow 0.12"),
        (["matrix", "jax", "0.0.1"], "jax 0.0.1"),
        (["matrix", "recommend", "--gpu", "Voodoo5 5500"], "GPU 'Voodoo5 5500'"),
    ],
)
def test_unknown_is_exit_2_not_a_guess(env: Dict[str, str], args: List[str], what: str) -> None:
    proc = run_cli([*args, "--json"], env)
    assert proc.returncode == 2
    assert proc.stdout == ""
    [line] = proc.stderr.strip().splitlines()
    assert f"{what} is not in the matrix (data from 20" in line


def _main(argv: List[str], capsys: pytest.CaptureFixture) -> Tuple[int, str, str]:
    """The real entry point in-process (cheaper than a subprocess for many small cases)."""
    from envcheck.cli import main

    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "args",
    [
        ["matrix", "cuda", "twelve"],
        ["matrix", "driver", "latest"],
        ["matrix", "driver", "535.104.05", "--platform", "macos"],
        ["matrix", "recommend", "--cc", "sm_80"],
        ["matrix", "recommend", "--framework", "mxnet"],
        ["data", "update"],
        ["data", "update", "--url", "file:///etc/passwd"],
        ["data", "update", "--url", "http://127.0.0.1:9/x.json", "--sha256", "abc"],
    ],
)
def test_bad_input_is_exit_2(args: List[str], capsys: pytest.CaptureFixture) -> None:
    code, _, err = _main(args, capsys)
    assert code == 2
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_update_without_a_bundle_says_how_to_get_newer_data(capsys: pytest.CaptureFixture) -> None:
    code, _, err = _main(["data", "update"], capsys)
    assert code == 2 and "pip install -U envcheck" in err and "--signed-by" in err


@pytest.mark.parametrize(
    "cmd", ["", "cuda", "driver", "gpu", "torch", "tensorflow", "jax", "recommend"]
)
def test_help_has_an_example(cmd: str, capsys: pytest.CaptureFixture) -> None:
    code, out, _ = _main(["matrix", *([cmd] if cmd else []), "--help"], capsys)
    assert code == 0
    assert "Example" in out and "envcheck matrix" in out


@pytest.mark.parametrize("cmd", ["", "info", "update", "bundle"])
def test_data_help_has_an_example(cmd: str, capsys: pytest.CaptureFixture) -> None:
    code, out, _ = _main(["data", *([cmd] if cmd else []), "--help"], capsys)
    assert code == 0 and "Example" in out and "envcheck data" in out


def test_data_info_bundled(env: Dict[str, str]) -> None:
    d = _json(["data", "info"], env)
    assert d["origin"] == "bundled"
    assert set(d["files"]) >= {"cuda.json", "gpus.json", "torch.json", "jax.json"}
    assert all(f["entries"] > 0 for f in d["files"].values())
    assert d["user_data_dir"].startswith(env["XDG_DATA_HOME"])
    text = run_cli(["data", "info"], env).stdout
    assert "data in use:" in text and "(bundled)" in text and "torch.json" in text


def test_env_data_dir_wins_and_matrix_uses_it(tmp_path: Path) -> None:
    d = write_data_dir(tmp_path / "mine")
    env = clean_env(tmp_path, ENVCHECK_DATA_DIR=str(d))
    info = _json(["data", "info"], env)
    assert (info["origin"], info["data_dir"], info["data_date"]) == (
        "ENVCHECK_DATA_DIR", str(d), "2026-02-03",
    )  # fmt: skip
    assert _json(["matrix", "cuda", "7.1"], env)["min_driver"]["linux"] == "710.20"
    proc = run_cli(["matrix", "cuda", "12.4"], env)  # not in that data
    assert proc.returncode == 2 and "(data from 2026-02-03)" in proc.stderr


def test_missing_env_data_dir_falls_back_to_bundled(tmp_path: Path) -> None:
    env = clean_env(tmp_path, ENVCHECK_DATA_DIR=str(tmp_path / "nope"))
    info = _json(["data", "info"], env)
    assert info["origin"] == "bundled" and "does not exist" in info["note"]


def test_invalid_user_data_dir_is_ignored_with_a_note(tmp_path: Path) -> None:
    env = clean_env(tmp_path)
    user = Path(env["XDG_DATA_HOME"]) / "envcheck" / "compat_data"
    write_data_dir(user, {"gpus": "{"})  # hand-edited, broken, no manifest
    info = _json(["data", "info"], env)
    assert info["origin"] == "bundled"
    assert "ignored" in info["note"] and "gpus.json" in info["note"]
    # a valid hand-made user dir (no manifest) is used
    write_data_dir(user)
    assert _json(["data", "info"], env)["origin"] == "user"
