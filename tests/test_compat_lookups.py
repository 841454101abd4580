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


# ---- lookups that failed before issue 14


def test_tensorflow_series_resolves_to_newest_patch(env: Dict[str, str]) -> None:
    d = _json(["matrix", "tensorflow", "2.16"], env)
    assert d["version"] == "2.16.1" and d["query"] == "2.16"
    assert "2.16.1 is its newest release" in d["read_as"]
    text = run_cli(["matrix", "tensorflow", "2.16"], env).stdout
    assert text.startswith("tensorflow 2.16.1\n  read as: 2.16 is the 2.16.x release series")
    # a series whose x.y.0 is the newest needs no explanation
    assert _json(["matrix", "tensorflow", "2.15"], env)["read_as"] is None


def test_missing_patch_names_what_the_series_holds(env: Dict[str, str]) -> None:
    proc = run_cli(["matrix", "tensorflow", "2.16.0"], env)
    assert proc.returncode == 2
    assert "tensorflow 2.16.0 is not in the matrix" in proc.stderr
    assert "the matrix has tensorflow 2.16.1" in proc.stderr
    proc = run_cli(["matrix", "tensorflow", "2.22"], env)  # only 2.22.0rc0 is on PyPI
    assert proc.returncode == 2 and "tensorflow 2.22 is not in the matrix" in proc.stderr


def test_torch_and_jax_series(env: Dict[str, str]) -> None:
    assert _json(["matrix", "torch", "2.5"], env)["version"] == "2.5.1"
    assert _json(["matrix", "jax", "0.12"], env)["jax"] == "0.12.0.1"
    assert _json(["matrix", "torch", "2.5.0"], env)["read_as"] is None  # exact stays exact


@pytest.mark.parametrize(
    ("query", "toolkit", "words"),
    [
        ("10.1.243", "10.1.0", "build number of CUDA 10.1"),
        ("12.2.140", "12.2.2", "component version as nvcc/cudart print it"),
        ("10.1.105", "10.1.0", None),  # the row's own toolkit_version: plain
    ],
)
def test_nvcc_style_versions_are_recognised(
    env: Dict[str, str], query: str, toolkit: str, words: Any
) -> None:
    d = _json(["matrix", "cuda", query], env)
    assert d["toolkit"] == toolkit
    if words is None:
        assert d["read_as"] is None
    else:
        assert words in d["read_as"]
        assert f"read as: {query}" in run_cli(["matrix", "cuda", query], env).stdout


def test_cuda_12_2_build_answers_with_the_strictest_update(env: Dict[str, str]) -> None:
    d = _json(["matrix", "cuda", "12.2.140"], env)
    assert d["min_driver"]["linux"] == "535.104.05"  # 12.2 Update 2: the highest of 12.2.x


def test_cuda_11_0_1_says_which_release_it_means(env: Dict[str, str]) -> None:
    d = _json(["matrix", "cuda", "11.0.1"], env)
    assert d["label"] == "CUDA 11.0.3 Update 1" and d["min_driver"]["linux"] == "450.51.06"
    assert "read as CUDA 11.0.3 Update 1" in d["read_as"]
    assert "11.0.1 RC" in d["read_as"] and "not in the matrix" in d["read_as"]
    # NVIDIA's own numbers need no explanation
    assert _json(["matrix", "cuda", "11.0.2"], env)["read_as"] is None


@pytest.mark.parametrize("query", ["rtx4090", "RTX4090", "GeForce RTX4090", "rtx 4090"])
def test_gpu_spacing_and_case_are_normalised(env: Dict[str, str], query: str) -> None:
    d = _json(["matrix", "gpu", query], env)
    assert (d["name"], d["compute_capability"]) == ("NVIDIA GeForce RTX 4090", "8.9")


def test_unknown_gpu_gets_suggestions(env: Dict[str, str]) -> None:
    proc = run_cli(["matrix", "gpu", "rtx 9090"], env)
    assert proc.returncode == 2
    assert proc.stderr.startswith("envcheck: error: GPU 'rtx 9090' is not in the matrix")
    assert "did you mean: NVIDIA GeForce RTX 5090; NVIDIA GeForce RTX 4090" in proc.stderr
    proc = run_cli(["matrix", "gpu", "zzzz qqqq"], env)
    assert proc.returncode == 2 and "did you mean" not in proc.stderr


def test_desktop_name_never_falls_back_to_a_laptop_part(env: Dict[str, str]) -> None:
    assert _json(["matrix", "gpu", "RTX 3050"], env)["name"] == "NVIDIA GeForce RTX 3050"
    proc = run_cli(["matrix", "gpu", "RTX 3050 Ti"], env)  # only a laptop 3050 Ti exists
    assert proc.returncode == 2
    assert "did you mean: NVIDIA GeForce RTX 3050 Ti Laptop GPU" in proc.stderr
    laptop = _json(["matrix", "gpu", "RTX 3050 Ti Laptop"], env)
    assert laptop["name"] == "NVIDIA GeForce RTX 3050 Ti Laptop GPU"


@pytest.mark.parametrize(
    ("nvml", "cc"),
    [
        ("NVIDIA Thor", "11.0"),
        ("Jetson T4000", "11.0"),
        ("Orin (nvgpu)", "8.7"),
        ("Jetson Orin Nano", "8.7"),
        ("Jetson Orin NX", "8.7"),
        ("NVIDIA GeForce RTX 4080 SUPER", "8.9"),
        ("NVIDIA GeForce RTX 4070 Ti SUPER", "8.9"),
        ("NVIDIA GeForce RTX 4070 SUPER", "8.9"),
        ("NVIDIA GeForce RTX 2080 SUPER", "7.5"),
        ("NVIDIA GeForce GTX 1660 Ti", "7.5"),
        ("NVIDIA GeForce GTX 1650", "7.5"),
        ("NVIDIA GeForce RTX 5050", "12.0"),
        ("NVIDIA RTX PRO 4000 Blackwell", "12.0"),
        ("NVIDIA RTX PRO 4500 Blackwell", "12.0"),
        ("NVIDIA RTX PRO 5000 Blackwell", "12.0"),
        ("NVIDIA RTX A4500", "8.6"),
        ("NVIDIA GH200 144G HBM3e", "9.0"),
        ("NVIDIA TITAN X (Pascal)", "6.1"),
    ],
)
def test_new_gpus_by_nvml_name(env: Dict[str, str], nvml: str, cc: str) -> None:
    d = _json(["matrix", "gpu", nvml], env)
    assert d["compute_capability"] == cc and d["matched_by"] == "exact"
    assert d["source"] == "https://developer.nvidia.com/cuda-gpus"


def test_near_namesakes_still_answer_for_themselves(env: Dict[str, str]) -> None:
    assert _json(["matrix", "gpu", "RTX 4070 Ti"], env)["name"] == "NVIDIA GeForce RTX 4070 Ti"


# ---- `matrix gpu` output is for users


def test_gpu_text_has_readable_labels_and_no_curation_notes(env: Dict[str, str]) -> None:
    text = run_cli(["matrix", "gpu", "NVIDIA GeForce RTX 4090"], env).stdout
    assert "memory bandwidth: 1008 GB/s" in text and "BF16 tensor (dense): 165.2 TFLOPS" in text
    for raw in ("memory_bandwidth_gbs", "fp32_tflops", "slowdown_temp_c", "note:", "unconfirmed"):
        assert raw not in text, raw
    assert "transcriptions" not in text  # how a fact was read is for maintainers
    assert "not in the matrix: thermal slowdown" in text
    # adjacent toolkit ranges (11.8, 12.0-12.7, 12.8, 12.9, 13.0-13.3, 13.4+) print as one
    assert "nvcc can build for it: CUDA 11.8 up to (not including) 14.0\n" in text
    d = _json(["matrix", "gpu", "NVIDIA GeForce RTX 4090"], env)
    assert d["nvcc_cuda_ranges"] == [">=11.8,<14.0"]
    assert d["notes"] and "transcriptions" in d["notes"][0]  # kept for maintainers


def test_gpu_ranges_end_where_nvcc_dropped_the_architecture(env: Dict[str, str]) -> None:
    d = _json(["matrix", "gpu", "Tesla K80"], env)
    # clang's table starts at CUDA 7.0 (cuda.json toolkit_archs, the ranges before 10.0 since
    # round seventeen); Kepler sm_37 ends with 11.8
    assert d["nvcc_cuda_ranges"] == [">=7.0,<12.0"]
