"""`envcheck matrix ...` lookups and answers corrected by issue 14 (real subprocesses, bundled
data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest
from compat_support import clean_env, run_cli


@pytest.fixture()
def env(tmp_path: Path) -> Dict[str, str]:
    return clean_env(tmp_path)


def _json(args: List[str], env: Dict[str, str]) -> Dict[str, Any]:
    proc = run_cli([*args, "--json"], env)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# ---- CUDA 13.x drivers: ">= 580" on both platforms; driver branches where no number exists


def test_windows_rtx5090_on_r580_is_offered_a_cuda13_build(env: Dict[str, str]) -> None:
    """NVIDIA's compatibility guide: CUDA 13.x needs >= 580, one column for both platforms.
    Before issue 14 a Windows R580 driver was judged to top out at CUDA 12.9 (2.11.0+cu128)."""
    args = ["matrix", "recommend", "--driver", "580.88", "--gpu", "RTX 5090", "--python", "3.12"]
    d = _json([*args, "--platform", "windows"], env)
    best = d["best"]
    assert (best["version"], best["tag"], best["driver_mode"]) == ("2.14.1", "cu130", "full")
    assert "--index-url https://download.pytorch.org/whl/cu130" in best["pip_install"]
    text = run_cli([*args, "--platform", "windows"], env).stdout
    assert "torch 2.14.1 (cu130), CUDA 13.0" in text and "cu128" not in text


def test_windows_r575_still_tops_out_at_cuda_12_9(env: Dict[str, str]) -> None:
    d = _json(["matrix", "driver", "576.57", "--platform", "windows"], env)
    assert d["max_cuda"] == "12.9.1"
    assert d["max_cuda_minor_compat"].startswith("12.")


def test_cuda_13_windows_minimum_is_the_r580_branch(env: Dict[str, str]) -> None:
    d = _json(["matrix", "cuda", "13.0"], env)
    assert d["min_driver"] == {"linux": "580.65.06", "windows": "580"}
    assert d["min_driver_basis"] == {"linux": "exact", "windows": "branch"}
    assert d["minor_compat_min_driver"]["windows"] == "580"
    text = run_cli(["matrix", "cuda", "13.0"], env).stdout
    assert "windows >= 580 (the R580 driver branch or later" in text


def test_cuda_13_4_needs_r615(env: Dict[str, str]) -> None:
    d = _json(["matrix", "cuda", "13.4"], env)
    assert d["driver_branch"] == 615
    assert d["min_driver"] == {"linux": "615", "windows": "615"}
    # a 610 driver runs 13.4 only through minor-version compatibility
    d = _json(["matrix", "driver", "610.43.02"], env)
    assert d["max_cuda"] == "13.3.1" and d["max_cuda_minor_compat"] == "13.5.0"


def test_cuda_13_5_branch_is_not_guessed(env: Dict[str, str]) -> None:
    d = _json(["matrix", "cuda", "13.5"], env)
    assert d["driver_branch"] is None and "driver_branch" in d["unconfirmed"]
    assert d["min_driver"] == {"linux": None, "windows": None}


def test_pypi_only_toolkits_are_known(env: Dict[str, str]) -> None:
    for version, branch in (("13.0.3", "580"), ("13.1.2", "590")):
        d = _json(["matrix", "cuda", version], env)
        assert d["min_driver"]["linux"] == branch and d["min_driver_basis"]["linux"] == "branch"
        assert d["source"] == "https://pypi.org/pypi/cuda-toolkit/json"
    d = _json(["matrix", "cuda", "12.9.2"], env)
    assert d["min_driver"] == {"linux": None, "windows": None}
    assert d["minor_compat_min_driver"]["linux"] == "525.60.13"


def test_cudnn_9_4_cuda11_row_covers_11_8() -> None:
    from envcheck.compat import load_matrix

    doc = load_matrix(Path(__file__).resolve().parent.parent / "compat_data").doc("cudnn")
    (r,) = [r for r in doc["releases"] if r["version"] == "9.4.0"]
    from packaging.specifiers import SpecifierSet

    (row,) = [c for c in r["cuda"] if c["major"] == 11]
    assert "11.8" in SpecifierSet(row["cuda"]) and "11.0" in SpecifierSet(row["cuda"])
    assert "12.0" not in SpecifierSet(row["cuda"])
