"""Independent audit of the bundled compatibility matrix (compat_data/, issue 3).

Every constant below was re-derived on 2026-12-02 from the public source named in the comment
next to it, independently of the data files, and is compared with the data entry by entry. A
failure here means the data and the source disagree: fix the data (or this test, if the source
was misread), never by loosening the comparison.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

import pytest
from compat_support import BUNDLED
from packaging.specifiers import SpecifierSet
from packaging.version import Version


@cache
def load(kind: str) -> Dict[str, Any]:
    return json.loads((BUNDLED / f"{kind}.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------
# cuda.json: "CUDA Toolkit and Corresponding Driver Versions" (Toolkit Driver Version)
# Source: https://docs.nvidia.com/cuda/archive/13.2.2/cuda-toolkit-release-notes/index.html
# (table 3, read through a public transcription of the 13.2 Update 2 edition), cross-checked
# with the CUDA 13.4 Update 1 edition ("Older CUDA versions (12.9 and earlier)") for <= 12.9,
# https://docs.nvidia.com/cuda/archive/13.4.2/cuda-toolkit-release-notes/index.html
# (version "x.y.N" = "CUDA x.y Update N"; 11.0.0 = "CUDA 11.0.2 GA", 11.0.1 = "11.0.3 Update 1")
# ---------------------------------------------------------------------------------------------
NA = None
TOOLKIT_DRIVERS: Dict[str, Tuple[str, Optional[str]]] = {
    "13.2.2": ("595.71.05", NA),
    "13.2.1": ("595.58.03", NA),
    "13.2.0": ("595.45.04", NA),
    "13.1.1": ("590.48.01", NA),
    "13.1.0": ("590.44.01", NA),
    "13.0.2": ("580.95.05", NA),
    "13.0.1": ("580.82.07", NA),
    "13.0.0": ("580.65.06", NA),
    "12.9.1": ("575.57.08", "576.57"),
    "12.9.0": ("575.51.03", "576.02"),
    "12.8.1": ("570.124.06", "572.61"),
    "12.8.0": ("570.26", "570.65"),
    "12.6.3": ("560.35.05", "561.17"),
    "12.6.2": ("560.35.03", "560.94"),
    "12.6.1": ("560.35.03", "560.94"),
    "12.6.0": ("560.28.03", "560.76"),
    "12.5.1": ("555.42.06", "555.85"),
    "12.5.0": ("555.42.02", "555.85"),
    "12.4.1": ("550.54.15", "551.78"),
    "12.4.0": ("550.54.14", "551.61"),
    "12.3.1": ("545.23.08", "546.12"),
    "12.3.0": ("545.23.06", "545.84"),
    "12.2.2": ("535.104.05", "537.13"),
    "12.2.1": ("535.86.09", "536.67"),
    "12.2.0": ("535.54.03", "536.25"),
    "12.1.1": ("530.30.02", "531.14"),
    "12.1.0": ("530.30.02", "531.14"),
    "12.0.1": ("525.85.12", "528.33"),
    "12.0.0": ("525.60.13", "527.41"),
    "11.8.0": ("520.61.05", "520.06"),
    "11.7.1": ("515.48.07", "516.31"),
    "11.7.0": ("515.43.04", "516.01"),
    "11.6.2": ("510.47.03", "511.65"),
    "11.6.1": ("510.47.03", "511.65"),
    "11.6.0": ("510.39.01", "511.23"),
    "11.5.2": ("495.29.05", "496.13"),
    "11.5.1": ("495.29.05", "496.13"),
    "11.5.0": ("495.29.05", "496.04"),
    "11.4.4": ("470.82.01", "472.50"),
    "11.4.3": ("470.82.01", "472.50"),
    "11.4.2": ("470.57.02", "471.41"),
    "11.4.1": ("470.57.02", "471.41"),
    "11.4.0": ("470.42.01", "471.11"),
    "11.3.1": ("465.19.01", "465.89"),
    "11.3.0": ("465.19.01", "465.89"),
    "11.2.2": ("460.32.03", "461.33"),
    "11.2.1": ("460.32.03", "461.09"),
    "11.2.0": ("460.27.03", "460.82"),
    "11.1.1": ("455.32", "456.81"),
    "11.1.0": ("455.23", "456.38"),
    "11.0.1": ("450.51.06", "451.82"),  # "CUDA 11.0.3 Update 1"
    "11.0.0": ("450.51.05", "451.48"),  # "CUDA 11.0.2 GA" (the 11.0.1 RC row is left out)
    "10.2.0": ("440.33", "441.22"),  # "CUDA 10.2.89"
    "10.1.0": ("418.39", "418.96"),  # "CUDA 10.1 (10.1.105 general release, and updates)"
    "10.0.0": ("410.48", "411.31"),  # "CUDA 10.0.130"
}


def toolkits() -> Dict[str, Dict[str, Any]]:
    return {t["version"]: t for t in load("cuda")["toolkits"]}


@pytest.mark.parametrize("version", sorted(TOOLKIT_DRIVERS, key=Version))
def test_toolkit_driver_row_matches_release_notes(version: str) -> None:
    linux, windows = TOOLKIT_DRIVERS[version]
    row = toolkits()[version]
    assert row["min_driver"] == {"linux": linux, "windows": windows}, row["label"]
    assert not set(row.get("unconfirmed", [])) & {"min_driver.linux", "min_driver.windows"}


def test_no_toolkit_rows_between_10_0_and_13_2_2_beyond_the_release_notes() -> None:
    in_range = {v for v in toolkits() if Version("10.0") <= Version(v) <= Version("13.2.2")}
    # No CUDA 12.7 and no 11.0.1 RC row: exactly the published rows, plus the cuda-toolkit
    # metapackages known only from PyPI (issue 14), which carry no driver number of their own.
    pypi_only = {"12.9.2", "13.0.3", "13.1.2"}
    assert in_range == set(TOOLKIT_DRIVERS) | pypi_only
    for v in pypi_only:
        t = toolkits()[v]
        assert t["source"] == "https://pypi.org/pypi/cuda-toolkit/json"
        assert t["min_driver"] == {"linux": None, "windows": None}


def test_13x_rows_after_13_2_are_not_given_invented_numbers() -> None:
    # CUDA 13.4 Update 1 release notes print only "CUDA 13.4 | R615" / "CUDA 13.3 | R610"
    # (driver branches), https://docs.nvidia.com/cuda/archive/13.4.2/cuda-toolkit-release-notes/
    for v, row in toolkits().items():
        if Version(v) >= Version("13.3"):
            assert row["min_driver"]["windows"] is None
            linux = row["min_driver"]["linux"]
            if linux is not None:
                assert "min_driver.linux" in row.get("unconfirmed", []), v
                assert linux.startswith("610."), v  # R610 for 13.3
            if v.startswith("13.4"):
                assert linux is None


# Minor-version compatibility.
# https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html ("CUDA 13.x
# >= 580 / N/A; 12.x >= 525 / < 580; 11.x >= 450 / < 525"; "by upgrading to Tesla Recommended
# Drivers 450.80.02 (Linux) / 452.39 (Windows), minor version compatibility is possible across
# the CUDA 11.x family"). 12.x exact minimum: guide table >=525.60.13 / >=527.41, while the 12.x
# release notes' minor-compat table printed >=528.33 for Windows (sources disagree -> unconfirmed).
def minor(major: int) -> Dict[str, Any]:
    (m,) = [m for m in load("cuda")["minor_compat"] if m["major"] == major]
    return m


def test_minor_compat_11x() -> None:
    m = minor(11)
    assert m["min_driver"] == {"linux": "450.80.02", "windows": "452.39"}
    assert (m["min_branch"], m["max_branch_exclusive"]) == (450, 525)
    assert SpecifierSet(m["cuda"]) == SpecifierSet(">=11.0,<12")


def test_minor_compat_12x_windows_is_flagged_as_disputed() -> None:
    m = minor(12)
    assert m["min_driver"]["linux"] == "525.60.13"
    assert m["min_driver"]["windows"] in ("527.41", "528.33")
    assert "min_driver.windows" in m.get("unconfirmed", [])
    assert (m["min_branch"], m["max_branch_exclusive"]) == (525, 580)


def test_minor_compat_13x_is_only_stated_as_a_branch() -> None:
    m = minor(13)
    assert (m["min_branch"], m["max_branch_exclusive"]) == (580, None)
    assert m["min_driver"]["windows"] is None
    # NVIDIA states only ">= 580"; any exact number must be marked as not from NVIDIA's text.
    assert m["min_driver"]["linux"].startswith("580.")
    assert "min_driver.linux" in m.get("unconfirmed", [])


# ---------------------------------------------------------------------------------------------
# cuda.json toolkit_archs: which sm_XY each nvcc can build
# ---------------------------------------------------------------------------------------------
def archs_for(version: str) -> Set[int]:
    hits = [a for a in load("cuda")["toolkit_archs"] if Version(version) in SpecifierSet(a["cuda"])]
    assert len(hits) == 1, version
    return {int(s) for s in hits[0]["sm"]}


# `nvcc --list-gpu-code` of the CUDA 13.0 Update 1 toolkit (V13.0.88) on this build machine.
NVCC_13_0 = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121}
# `/usr/local/cuda-12.8/bin/nvcc --list-gpu-code`, posted in
# https://github.com/Dao-AILab/causal-conv1d/pull/56 (comment of 2025-05-28)
NVCC_12_8 = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90, 100, 101, 120}


def test_toolkit_archs_13_0_and_12_8_equal_real_nvcc_lists() -> None:
    assert archs_for("13.0.2") == NVCC_13_0
    assert archs_for("12.8.1") == NVCC_12_8


def test_toolkit_archs_13_0_against_installed_nvcc() -> None:
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    if not Path(nvcc).exists():
        pytest.skip("no nvcc on this machine")
    ver = subprocess.run([nvcc, "--version"], capture_output=True, text=True, timeout=60).stdout
    match = re.search(r"release (\d+\.\d+)", ver)
    if not match:
        pytest.skip("nvcc --version gave no release")
    out = subprocess.run(
        [nvcc, "--list-gpu-code"], capture_output=True, text=True, timeout=60
    ).stdout
    real = {int(s) for s in re.findall(r"^sm_(\d+)$", out, re.M)}
    assert real, out
    assert archs_for(match.group(1) + ".0") == real


def test_toolkit_arch_boundaries() -> None:
    # CUDA 11.0 dropped sm_30/sm_32 (LLVM NVPTXTargetParser.def: MAX_VER CUDA_102), added sm_80.
    assert {30, 32} <= archs_for("10.2") and not {30, 32} & archs_for("11.0")
    assert 80 in archs_for("11.0") and 80 not in archs_for("10.2")
    assert 86 in archs_for("11.1") and 86 not in archs_for("11.0")  # LLVM: sm_86 CUDA_111
    assert 87 in archs_for("11.4") and 87 not in archs_for("11.3")  # LLVM: sm_87 CUDA_114
    assert {89, 90} <= archs_for("11.8") and not {89, 90} & archs_for("11.7")
    # Kepler sm_35/sm_37: last in 11.8, gone in 12.0 (LLVM: MAX_VER CUDA_118).
    assert {35, 37} <= archs_for("11.8") and not {35, 37} & archs_for("12.0")
    # Blackwell: sm_100/101/120 from 12.8, sm_103/121 from 12.9 (LLVM MIN_VER CUDA_128/129).
    assert {100, 101, 120} <= archs_for("12.8") and not {100, 101, 120} & archs_for("12.6")
    assert {103, 121} <= archs_for("12.9") and not {103, 121} & archs_for("12.8")
    # CUDA 13.0: no Maxwell/Pascal/Volta (sm_50..sm_72), sm_101 renamed sm_110 (real nvcc).
    assert {50, 52, 53, 60, 61, 62, 70, 72, 101} <= archs_for("12.9")
    assert not {50, 52, 53, 60, 61, 62, 70, 72, 101} & archs_for("13.0")
    assert {88, 110} <= archs_for("13.0")


# ---------------------------------------------------------------------------------------------
# gpus.json: compute capability, CUDA GPUs page (https://developer.nvidia.com/cuda-gpus and
# /cuda-legacy-gpus, read through a transcription of the page's tables)
# ---------------------------------------------------------------------------------------------
CC: Dict[str, str] = {
    "Tesla K80": "3.7",
    "Tesla M40": "5.2",
    "Tesla M60": "5.2",
    "Tesla P100-PCIE-16GB": "6.0",
    "Tesla P40": "6.1",
    "Tesla P4": "6.1",
    "NVIDIA GeForce GTX 1080 Ti": "6.1",
    "NVIDIA TITAN Xp": "6.1",
    "Tesla V100-SXM2-16GB": "7.0",
    "Tesla V100-PCIE-32GB": "7.0",
    "NVIDIA TITAN V": "7.0",
    "Jetson AGX Xavier": "7.2",
    "Tesla T4": "7.5",
    "NVIDIA GeForce RTX 2080 Ti": "7.5",
    "Quadro RTX 8000": "7.5",
    "NVIDIA TITAN RTX": "7.5",
    "NVIDIA A100-SXM4-80GB": "8.0",
    "NVIDIA A100-PCIE-40GB": "8.0",
    "NVIDIA A30": "8.0",
    "NVIDIA A10": "8.6",
    "NVIDIA A40": "8.6",
    "NVIDIA A16": "8.6",
    "NVIDIA A2": "8.6",
    "NVIDIA RTX A6000": "8.6",
    "NVIDIA GeForce RTX 3090": "8.6",
    "Jetson AGX Orin": "8.7",
    "NVIDIA L4": "8.9",
    "NVIDIA L40": "8.9",
    "NVIDIA L40S": "8.9",
    "NVIDIA RTX 6000 Ada Generation": "8.9",
    "NVIDIA GeForce RTX 4090": "8.9",
    "NVIDIA H100 80GB HBM3": "9.0",
    "NVIDIA H100 PCIe": "9.0",
    "NVIDIA H100 NVL": "9.0",
    "NVIDIA H200": "9.0",
    "NVIDIA GH200 480GB": "9.0",
    "NVIDIA B200": "10.0",
    "NVIDIA GB200": "10.0",
    "NVIDIA B300 SXM6 AC": "10.3",
    "NVIDIA GB300": "10.3",
    "NVIDIA RTX PRO 6000 Blackwell Server Edition": "12.0",
    "NVIDIA RTX PRO 6000 Blackwell Workstation Edition": "12.0",
    "NVIDIA GeForce RTX 5090": "12.0",
    "NVIDIA GeForce RTX 5060": "12.0",
    "NVIDIA GB10": "12.1",
}


def gpu_index() -> Dict[str, Dict[str, Any]]:
    out: Dict[str, Dict[str, Any]] = {}
    for e in load("gpus")["gpus"]:
        for n in [e["name"], *e.get("aliases", [])]:
            assert n.lower() not in out, n
            out[n.lower()] = e
    return out


@pytest.mark.parametrize("name", sorted(CC))
def test_gpu_compute_capability(name: str) -> None:
    assert gpu_index()[name.lower()]["compute_capability"] == CC[name]


# Names as NVML / nvidia-smi / torch print them in real reports (each with its report).
NVML_NAMES: List[Tuple[str, str, str]] = [
    ("NVIDIA A100-PCIE-40GB", "8.0", "https://github.com/siliconflow/onediff/pull/1044"),
    ("NVIDIA A100 80GB PCIe", "8.0", "https://github.com/vectorch-ai/ScaleLLM/pull/288"),
    ("NVIDIA A100-SXM4-80GB", "8.0", "https://github.com/NVIDIA/CUDALibrarySamples/issues/104"),
    (
        "NVIDIA A100-SXM4-40GB",
        "8.0",
        "https://github.com/bottlerocket-os/bottlerocket-core-kit/pull/834",
    ),
    ("A100-SXM4-40GB", "8.0", "https://github.com/pytorch/pytorch/issues/45028"),  # driver 450
    ("NVIDIA H100 80GB HBM3", "9.0", "https://github.com/amithkk/stable-diffusion-k8s/issues/10"),
    ("NVIDIA H100", "9.0", "https://github.com/ogx-ai/ogx/issues/1798"),
    ("NVIDIA H100 NVL", "9.0", "https://github.com/akash-network/provider-configs/pull/91"),
    ("NVIDIA GeForce RTX 5090 D", "12.0", "https://github.com/pytorch/pytorch/issues/150733"),
    (
        "NVIDIA GeForce RTX 5070 Ti",
        "12.0",
        "https://github.com/neosun100/cosyvoice-docker/issues/6",
    ),
    ("NVIDIA GeForce RTX 5060 Ti", "12.0", "https://github.com/lmoe/wyoming-xtts/issues/1"),
    ("NVIDIA GeForce GTX 1080 Ti", "6.1", "https://github.com/ollama/ollama/issues/6616"),
    ("GeForce GTX 1080", "6.1", "https://github.com/NVIDIA/nvidia-docker/issues/838"),  # 410.48
]


@pytest.mark.parametrize(("name", "cc", "report"), NVML_NAMES)
def test_real_nvml_names_are_in_the_table(name: str, cc: str, report: str) -> None:
    entry = gpu_index().get(name.lower())
    assert entry is not None, f"{name!r} (seen in {report}) is not a name or alias"
    assert entry["compute_capability"] == cc


def test_gpu_without_a_sku_in_its_name_borrows_no_peaks() -> None:
    for name in ("NVIDIA H100", "NVIDIA GeForce RTX 5090 D"):
        e = gpu_index()[name.lower()]
        assert e["memory_bandwidth_gbs"] is None and e["bf16_tflops"] is None


# Datasheet peaks, dense (NVIDIA prints tensor figures "with sparsity"; halved here).
# H100/H200: https://www.nvidia.com/en-us/data-center/h100/ , /h200/ (FP32 67, TF32 989*,
#   BF16/FP16 1,979*, 3.35 TB/s / 4.8 TB/s; H100 NVL FP32 60, TF32 835*, BF16 1,671*, 3.9 TB/s)
# A100: https://www.nvidia.com/en-us/data-center/a100/ (FP32 19.5, TF32 156, BF16/FP16 312;
#   1,555 / 2,039 / 1,935 GB/s for 40GB / 80GB SXM / 80GB PCIe)
# L4: https://www.nvidia.com/en-us/data-center/l4/ (300 GB/s, FP32 30.3, TF32 120*, FP16 242*)
# L40S/L40: datasheet table (transcribed at https://www.mullet.se/product.html?product_id=355414):
#   L40S 864 GB/s, FP32 91.6, TF32 183|366*, BF16/FP16 362.05|733*; L40 FP32 90.5, TF32 90.5|181*,
#   BF16/FP16 181.05|362.1*
# T4: https://www.nvidia.com/en-us/data-center/tesla-t4/ (320 GB/s, FP32 8.1, mixed FP16 65)
# V100 SXM2: https://www.nvidia.com/en-us/data-center/v100/ (900 GB/s, FP32 15.7, tensor 125)
FIELDS = ("memory_bandwidth_gbs", "fp32_tflops", "tf32_tflops", "fp16_tflops", "bf16_tflops")
N = None  # not checked here
PEAKS: Dict[str, Tuple[Optional[float], ...]] = {
    # name: (GB/s, fp32, tf32, fp16, bf16), dense TFLOP/s
    "NVIDIA H100 80GB HBM3": (3350, 67, 494.5, 989.5, 989.5),
    "NVIDIA H100 NVL": (3900, 60, 417.5, 835.5, 835.5),
    "NVIDIA H200": (4800, 67, 494.5, 989.5, 989.5),
    "NVIDIA A100-SXM4-40GB": (1555, 19.5, 156, 312, 312),
    "NVIDIA A100-SXM4-80GB": (2039, 19.5, 156, 312, 312),
    "NVIDIA A100-PCIE-40GB": (1555, 19.5, 156, 312, 312),
    "NVIDIA A100 80GB PCIe": (1935, 19.5, 156, 312, 312),
    "NVIDIA L4": (300, 30.3, 60, 121, 121),
    "NVIDIA L40S": (864, 91.6, 183, 362.05, 362.05),
    "NVIDIA L40": (864, 90.5, 90.5, 181.05, 181.05),
    "Tesla T4": (320, 8.1, N, 65, N),
    "Tesla V100-SXM2-16GB": (900, 15.7, N, 125, N),
    "Tesla V100-SXM2-32GB": (900, 15.7, N, 125, N),
}


@pytest.mark.parametrize("name", sorted(PEAKS))
def test_datasheet_peaks(name: str) -> None:
    e = gpu_index()[name.lower()]
    for field, value in zip(FIELDS, PEAKS[name]):
        if value is None:
            continue
        assert e[field] == value, (name, field)
        assert field not in e.get("unconfirmed", []), (name, field)


# ---------------------------------------------------------------------------------------------
# torch.json
# ---------------------------------------------------------------------------------------------
def torch(version: str) -> Dict[str, Any]:
    (r,) = [r for r in load("torch")["releases"] if r["version"] == version]
    return r


def variant(version: str, tag: str) -> Dict[str, Any]:
    (v,) = [v for v in torch(version)["variants"] if v["tag"] == tag]
    return v


# CUDA variant set, PyPI default and Python list: pytorch/test-infra
# tools/scripts/generate_binary_build_matrix.py at the commit where CURRENT_STABLE_VERSION names
# the release (2.6 b1bdc3323, 2.7 bad60f65d, 2.8 21480431a, 2.9 f563b660a, 2.10 e8208cf27,
# 2.11 0cd5e78a1, 2.12 626d4e708, 2.13 6d36e31f4: "release" CUDA list and STABLE_CUDA_VERSIONS;
# 2.6: PyPI CUDA hard-coded as 12.4 in get_wheel_install_command), e.g.
# https://github.com/pytorch/test-infra/blob/b1bdc3323/tools/scripts/generate_binary_build_matrix.py
# 1.12-2.3: https://github.com/pytorch/pytorch.github.io/blob/main/_get_started/previous-versions.md
TORCH_MATRIX: Dict[str, Tuple[Set[str], Optional[str], str]] = {
    "1.12.1": ({"cu102", "cu113", "cu116"}, "cu102", "3.7"),  # PyPI wheel torch/version.py
    "1.13.1": ({"cu116", "cu117"}, "cu117", "3.7"),
    "2.0.1": ({"cu117", "cu118"}, "cu117", "3.8"),
    "2.1.2": ({"cu118", "cu121"}, "cu121", "3.8"),
    "2.3.1": ({"cu118", "cu121"}, "cu121", "3.8"),
    "2.6.0": ({"cu118", "cu124", "cu126"}, "cu124", "3.9"),
    "2.7.0": ({"cu118", "cu126", "cu128"}, "cu126", "3.9"),
    "2.8.0": ({"cu126", "cu128", "cu129"}, "cu128", "3.9"),
    "2.9.0": ({"cu126", "cu128", "cu130"}, "cu128", "3.10"),
    "2.10.0": ({"cu126", "cu128", "cu130"}, "cu128", "3.10"),
    "2.11.0": ({"cu126", "cu128", "cu130"}, "cu130", "3.10"),
    "2.12.0": ({"cu126", "cu130", "cu132"}, "cu130", "3.10"),
    "2.13.0": ({"cu126", "cu130", "cu132"}, "cu130", "3.10"),
    # 2.14: pytorch/pytorch#194367 (variants) + PyPI wheel metadata (cuda-toolkit==13.0.3)
    "2.14.0": ({"cu126", "cu130", "cu132"}, "cu130", "3.10"),
    "2.14.1": ({"cu126", "cu130", "cu132"}, "cu130", "3.10"),
}


@pytest.mark.parametrize("version", sorted(TORCH_MATRIX, key=Version))
def test_torch_variants_pypi_default_and_oldest_python(version: str) -> None:
    tags, pypi, oldest = TORCH_MATRIX[version]
    r = torch(version)
    got = {v["tag"] for v in r["variants"]} - {"cpu"}
    assert got == tags
    assert r["pypi_default"] == pypi
    spec = SpecifierSet(r["python"])
    assert oldest in spec and f"3.{int(oldest.split('.')[1]) - 1}" not in spec
    for v in r["variants"]:
        assert v["index_url"] == f"https://download.pytorch.org/whl/{v['tag']}"


# What PyPI itself publishes (https://pypi.org/simple/torch/ JSON: file list with cpXY tags and
# Requires-Python; Requires-Dist read from each wheel's METADATA), 2026-12-02:
# - Python: the CPython versions with a torch wheel (any platform); 1.13.x has a Linux-only cp311
#   wheel; 2.13/2.14 stop at cp314 although RELEASE.md says "3.15 experimental";
#   2.15 is cp311-cp315.
# - the PyPI build's CUDA: torch/version.py (1.12.x: cuda = '10.2') or Requires-Dist
#   nvidia-cuda-runtime-cuXX / cuda-toolkit==X; its cuDNN/NCCL: nvidia-cudnn-cuXX /
#   nvidia-nccl-cuXX.
PYPI_PYTHON = {
    "1.12.1": ("3.7", "3.10"),
    "1.13.1": ("3.7", "3.11"),
    "2.0.1": ("3.8", "3.11"),
    "2.5.1": ("3.9", "3.13"),
    "2.8.0": ("3.9", "3.13"),
    "2.9.1": ("3.10", "3.14"),
    "2.13.0": ("3.10", "3.14"),
    "2.14.1": ("3.10", "3.14"),
    "2.15.0": ("3.11", "3.15"),
}


@pytest.mark.parametrize("version", sorted(PYPI_PYTHON, key=Version))
def test_torch_python_range_matches_pypi_wheels(version: str) -> None:
    lo, hi = PYPI_PYTHON[version]
    spec = SpecifierSet(torch(version)["python"])
    minor = [f"3.{m}" for m in range(5, 17)]
    assert [m for m in minor if m in spec] == minor[minor.index(lo) : minor.index(hi) + 1]


PYPI_BUILD = {  # version: (variant PyPI serves, cuDNN, NCCL or None when not a separate wheel)
    "1.13.1": ("cu117", "8.5.0.96", None),
    "2.0.1": ("cu117", "8.5.0.96", "2.14.3"),
    "2.1.2": ("cu121", "8.9.2.26", "2.18.1"),
    "2.2.2": ("cu121", "8.9.2.26", "2.19.3"),
    "2.3.1": ("cu121", "8.9.2.26", "2.20.5"),
    "2.4.1": ("cu121", "9.1.0.70", "2.20.5"),
    "2.5.1": ("cu124", "9.1.0.70", "2.21.5"),
    "2.6.0": ("cu124", "9.1.0.70", "2.21.5"),
    "2.7.1": ("cu126", "9.5.1.17", "2.26.2"),
    "2.8.0": ("cu128", "9.10.2.21", "2.27.3"),
    "2.9.1": ("cu128", "9.10.2.21", "2.27.5"),
    "2.10.0": ("cu128", "9.10.2.21", "2.27.5"),
    "2.11.0": ("cu130", "9.19.0.56", "2.28.9"),  # RELEASE.md says 9.17.1.4: the wheel wins
    "2.12.1": ("cu130", "9.20.0.48", "2.29.7"),
    "2.13.0": ("cu130", "9.20.0.48", "2.29.7"),
    "2.14.0": ("cu130", "9.24.0.43", "2.30.7"),
    "2.15.0": ("cu132", "9.26.0.51", "2.30.7"),
}


@pytest.mark.parametrize("version", sorted(PYPI_BUILD, key=Version))
def test_torch_pypi_build_cuda_cudnn_nccl(version: str) -> None:
    tag, cudnn, nccl = PYPI_BUILD[version]
    r = torch(version)
    assert r["pypi_default"] == tag
    v = variant(version, tag)
    assert v["cudnn"] == cudnn
    if nccl is not None:
        assert v["nccl"] == nccl


# torchvision wheel METADATA on PyPI: 0.22.1 "torch (==2.7.1)", 0.23.0 "(==2.8.0)", 0.27.0
# "(==2.12.0)", 0.28.0 "(==2.13.0)", 0.29.0 "(==2.14.0)"; 0.29.1 / 0.29.2 declare "torch (>=2.14.0)"
# and were uploaded with torch 2.14.1 (2026-09-30) / 2.15.0 (2026-10-28).
@pytest.mark.parametrize(
    ("version", "tv"),
    [
        ("2.7.1", "0.22.1"),
        ("2.8.0", "0.23.0"),
        ("2.12.0", "0.27.0"),
        ("2.13.0", "0.28.0"),
        ("2.14.0", "0.29.0"),
        ("2.14.1", "0.29.1"),
        ("2.15.0", "0.29.2"),
    ],
)
def test_torchvision_from_wheel_metadata(version: str, tv: str) -> None:
    assert torch(version)["torchvision"] == tv


def test_torch_2_14_arch_lists_and_2_15_gaps() -> None:
    # RELEASE.md support matrix "For Release 2.12, 2.13 and 2.14" (pytorch/pytorch#197555)
    assert variant("2.14.0", "cu126")["arch_list"] == sm(50, 60, 70, 75, 80, 86, 90)
    for tag in ("cu130", "cu132"):
        v = variant("2.14.1", tag)
        assert v["arch_list"] == sm(75, 80, 86, 90, 100, 120)
        # RELEASE.md's "+PTX" describes nightlies: release builds strip it since
        # pytorch/pytorch#188914 (before the 2.14 cut); not read from a 2.14 wheel -> null.
        assert v["ptx"] is None and f"variants.{tag}.ptx" in torch("2.14.1")["unconfirmed"]
        # 2.12 release wheels shipped no PTX (pytorch/pytorch#188925, issue 14)
        assert variant("2.12.1", tag)["ptx"] == []
    assert variant("2.13.0", "cu130")["ptx"] == ["compute_120"]  # named in #188925
    # 2.15's architecture list was not published in a source read: must stay null, not guessed.
    v = variant("2.15.0", "cu132")
    assert v["arch_list"] is None and "variants.cu132.arch_list" in torch("2.15.0")["unconfirmed"]
    assert "cu126" not in {x["tag"] for x in torch("2.15.0")["variants"]}


def test_torch_newest_python() -> None:
    # generate_binary_build_matrix.py "release" Python lists (see above).
    assert "3.13" in SpecifierSet(torch("2.8.0")["python"])
    assert "3.14" not in SpecifierSet(torch("2.8.0")["python"])
    assert "3.14" in SpecifierSet(torch("2.9.0")["python"])
    assert "3.9" not in SpecifierSet(torch("2.9.0")["python"])


# torchvision / torchaudio for `pip install`, pytorch.github.io previous-versions.md
# (https://github.com/pytorch/pytorch.github.io/blob/e3f009bb/_get_started/previous-versions.md).
# Note 2.0.0: pip pins torchvision 0.15.1 / torchaudio 2.0.1 (conda: 0.15.0 / 2.0.0).
PAIRS = {
    "1.12.0": ("0.13.0", "0.12.0"),
    "1.12.1": ("0.13.1", "0.12.1"),
    "1.13.0": ("0.14.0", "0.13.0"),
    "1.13.1": ("0.14.1", "0.13.1"),
    "2.0.0": ("0.15.1", "2.0.1"),
    "2.0.1": ("0.15.2", "2.0.2"),
    "2.1.0": ("0.16.0", "2.1.0"),
    "2.1.1": ("0.16.1", "2.1.1"),
    "2.1.2": ("0.16.2", "2.1.2"),
    "2.2.0": ("0.17.0", "2.2.0"),
    "2.2.1": ("0.17.1", "2.2.1"),
    "2.2.2": ("0.17.2", "2.2.2"),
    "2.3.0": ("0.18.0", "2.3.0"),
    "2.3.1": ("0.18.1", "2.3.1"),
}


@pytest.mark.parametrize("version", sorted(PAIRS, key=Version))
def test_torch_domain_library_pairs(version: str) -> None:
    r = torch(version)
    assert (r["torchvision"], r["torchaudio"]) == PAIRS[version]


def sm(*ccs: int) -> List[str]:
    return [f"sm_{c}" for c in ccs]


# Linux x86_64 TORCH_CUDA_ARCH_LIST:
# - 1.12-2.5: pytorch/builder manywheel/build_cuda.sh on branch release/<x.y>
#   (https://github.com/pytorch/builder/blob/release/2.4/manywheel/build_cuda.sh: base
#   "5.0;6.0;7.0;7.5;8.0;8.6", 12.x +9.0, 11.8 +3.7;9.0; release/1.12: "3.7;5.0;6.0;7.0", 11.x
#   +7.5;8.0;8.6)
# - 2.6 cu126: warning printed by torch 2.6.0+cu126 on Linux, pytorch/pytorch#150733
# - 2.8/2.9: pytorch .ci/manywheel/build_cuda.sh (12.8 "7.0;...;10.0;12.0", 12.9 "...;12.0+PTX",
#   13.0 "7.5;8.0;8.6;9.0;10.0;12.0+PTX" on x86_64), e.g.
#   https://github.com/pytorch/pytorch/blob/799d09f2/.ci/manywheel/build_cuda.sh
# - 2.10 cu128 / 2.11 cu126, cu128: torch.cuda.get_arch_list() in pytorch/pytorch#182250
ARCHS: Dict[Tuple[str, str], Tuple[List[str], Optional[List[str]]]] = {
    ("1.12.1", "cu102"): (sm(37, 50, 60, 70), []),
    ("1.12.1", "cu116"): (sm(37, 50, 60, 70, 75, 80, 86), []),
    ("2.0.1", "cu118"): (sm(37, 50, 60, 70, 75, 80, 86, 90), []),
    ("2.1.2", "cu121"): (sm(50, 60, 70, 75, 80, 86, 90), []),
    ("2.4.1", "cu118"): (sm(37, 50, 60, 70, 75, 80, 86, 90), []),
    ("2.5.1", "cu124"): (sm(50, 60, 70, 75, 80, 86, 90), []),
    ("2.6.0", "cu126"): (sm(50, 60, 70, 75, 80, 86, 90), []),
    ("2.8.0", "cu126"): (sm(50, 60, 70, 75, 80, 86, 90), []),
    ("2.8.0", "cu128"): (sm(70, 75, 80, 86, 90, 100, 120), []),
    ("2.8.0", "cu129"): (sm(70, 75, 80, 86, 90, 100, 120), ["compute_120"]),
    ("2.9.0", "cu128"): (sm(70, 75, 80, 86, 90, 100, 120), []),
    ("2.9.0", "cu130"): (sm(75, 80, 86, 90, 100, 120), ["compute_120"]),
    ("2.10.0", "cu128"): (sm(70, 75, 80, 86, 90, 100, 120), None),
    ("2.11.0", "cu126"): (sm(50, 60, 70, 75, 80, 86, 90), None),
    ("2.11.0", "cu128"): (sm(75, 80, 86, 90, 100, 120), None),
}


@pytest.mark.parametrize(("version", "tag"), sorted(ARCHS))
def test_torch_arch_lists(version: str, tag: str) -> None:
    arch, ptx = ARCHS[(version, tag)]
    v = variant(version, tag)
    assert sorted(v["arch_list"], key=lambda s: int(s[3:])) == arch
    if ptx is not None:
        assert v["ptx"] == ptx


def test_sm_120_only_in_cu128_and_later_and_always_there() -> None:
    for r in load("torch")["releases"]:
        for v in r["variants"]:
            if not v["arch_list"]:
                continue
            if "sm_120" in v["arch_list"]:
                assert Version(v["cuda"]) >= Version("12.8"), (r["version"], v["tag"])
            elif v["cuda"] and Version(v["cuda"]) >= Version("12.8"):
                pytest.fail(f"{r['version']} {v['tag']} lacks sm_120")


def test_sm_37_and_sm_50_drops() -> None:
    # sm_37 only in cu118 and older; 2.7 cu128 already starts at sm_75 (a user report that
    # "torch 2.7.1+cu128 not support sm_70": https://github.com/EutropicAI/vs-playground/pull/59)
    for r in load("torch")["releases"]:
        for v in r["variants"]:
            if v["arch_list"] and "sm_37" in v["arch_list"]:
                assert Version(v["cuda"]) <= Version("11.8"), (r["version"], v["tag"])
    assert "sm_70" not in variant("2.7.0", "cu128")["arch_list"]
    assert "sm_50" not in variant("2.9.0", "cu128")["arch_list"]


# ---------------------------------------------------------------------------------------------
# tensorflow.json: "Tested build configurations", tensorflow/docs site/en/install/source.md and
# source_windows.md at commit 7c3650212740204359d4ceae481abc79345541be
# (https://github.com/tensorflow/docs/blob/7c36502/site/en/install/source.md#gpu)
# ---------------------------------------------------------------------------------------------
TF_LINUX_GPU = {  # version: (python column, cuDNN, CUDA)
    "2.21.0": ("3.10-3.13", "9.3", "12.5"),
    "2.20.0": ("3.9-3.13", "9.3", "12.5"),
    "2.19.0": ("3.9-3.12", "9.3", "12.5"),
    "2.18.0": ("3.9-3.12", "9.3", "12.5"),
    "2.17.0": ("3.9-3.12", "8.9", "12.3"),
    "2.16.1": ("3.9-3.12", "8.9", "12.3"),
    "2.15.0": ("3.9-3.11", "8.9", "12.2"),
    "2.14.0": ("3.9-3.11", "8.7", "11.8"),
    "2.13.0": ("3.8-3.11", "8.6", "11.8"),
    "2.12.0": ("3.8-3.11", "8.6", "11.8"),
    "2.11.0": ("3.7-3.10", "8.1", "11.2"),
    "2.10.0": ("3.7-3.10", "8.1", "11.2"),
}


def tf_rows(platform: str) -> Dict[str, Dict[str, Any]]:
    return {r["version"]: r for r in load("tensorflow")["releases"] if r["platform"] == platform}


@pytest.mark.parametrize("version", sorted(TF_LINUX_GPU, key=Version))
def test_tensorflow_linux_gpu_rows(version: str) -> None:
    py, cudnn, cuda = TF_LINUX_GPU[version]
    r = tf_rows("linux")[version]
    lo, hi = py.split("-")
    spec = SpecifierSet(r["python"])
    assert lo in spec and hi in spec
    assert (
        f"3.{int(hi.split('.')[1]) + 1}" not in spec
        and f"3.{int(lo.split('.')[1]) - 1}" not in spec
    )
    assert (r["cudnn"], r["cuda"]) == (cudnn, cuda)
    assert r["pip_extra_cuda"] is (Version(version) >= Version("2.14"))


def test_tensorflow_no_native_windows_gpu_after_2_10() -> None:
    win = tf_rows("windows")
    assert max(win, key=Version) == "2.10.0"
    r = win["2.10.0"]
    assert (r["package"], r["cudnn"], r["cuda"]) == ("tensorflow_gpu", "8.1", "11.2")


# ---------------------------------------------------------------------------------------------
# jax.json: docs/installation.md, setup.py (python_requires) and jax/version.py
# (_minimum_jaxlib_version) at each tag, https://github.com/jax-ml/jax/blob/jax-v0.8.0/docs/installation.md
# ---------------------------------------------------------------------------------------------
C12_90 = ("12.3", ">=12.1", ">=9.0,<10.0", "525.60.13")
C12_91 = ("12.3", ">=12.1", ">=9.1,<10.0", "525.60.13")
C12_98 = ("12.3", ">=12.1", ">=9.8,<10.0", "525.60.13")
# JAX CHANGELOG: "JAX is now built using CUDA 12.8" (0.6.0), "... CUDA 12.9" (0.7.1)
C12_91_128 = ("12.8", ">=12.1", ">=9.1,<10.0", "525.60.13")
C12_98_129 = ("12.9", ">=12.1", ">=9.8,<10.0", "525.60.13")
C12_BR = ("12.9", ">=12.1", ">=9.8,<10.0", "525")  # from 0.8.0 the docs give only the branch
C13_BR = ("13.0", ">=13.0", ">=9.8,<10.0", "580")
# jax: (python_requires, jaxlib_min, cuda12 plugin (built with, CUDA, cuDNN, driver), cuda13)
JAX = {
    "0.4.30": (">=3.9", "0.4.27", C12_90, None),
    "0.5.0": (">=3.10", "0.5.0", C12_91, None),
    "0.5.3": (">=3.10", "0.5.3", C12_91, None),
    "0.6.0": (">=3.10", "0.6.0", C12_91_128, None),
    "0.6.2": (">=3.10", "0.6.2", C12_91_128, None),
    "0.7.0": (">=3.11", "0.7.0", C12_91_128, None),
    "0.7.2": (">=3.11", "0.7.2", C12_98_129, None),
    "0.8.0": (">=3.11", "0.8.0", C12_BR, C13_BR),
    "0.8.1": (">=3.11", "0.8.1", C12_BR, C13_BR),
    "0.9.0": (">=3.11", "0.9.0", C12_BR, C13_BR),
    "0.10.0": (">=3.11", "0.10.0", C12_BR, C13_BR),
    "0.10.1": (">=3.11", "0.10.1", C12_BR, C13_BR),
    "0.10.2": (">=3.11", "0.10.1", C12_BR, C13_BR),  # version.py keeps 0.10.1
}


@pytest.mark.parametrize("version", sorted(JAX, key=Version))
def test_jax_plugin_requirements(version: str) -> None:
    py, jaxlib_min, c12, c13 = JAX[version]
    (r,) = [r for r in load("jax")["releases"] if r["jax"] == version]
    assert SpecifierSet(r["python"]) == SpecifierSet(py)
    assert r["jaxlib_min"] == jaxlib_min
    plugins = {p["name"]: p for p in r["plugins"]}
    assert set(plugins) == {"jax-cuda12-plugin"} | ({"jax-cuda13-plugin"} if c13 else set())
    for name, want in (("jax-cuda12-plugin", c12), ("jax-cuda13-plugin", c13)):
        if want is None:
            continue
        p = plugins[name]
        got = (p["built_with_cuda"], p["cuda"], p["cudnn"], p["min_driver_linux"])
        assert (got[0], SpecifierSet(got[1]), SpecifierSet(got[2]), got[3]) == (
            want[0],
            SpecifierSet(want[1]),
            SpecifierSet(want[2]),
            want[3],
        )


def test_jax_0_10_releases_and_their_jaxlib() -> None:
    # pip index versions jaxlib / jax-cuda13-plugin (PyPI): 0.10.0, 0.10.1 and 0.10.2 exist.
    got = {r["jax"]: r["jaxlib"] for r in load("jax")["releases"]}
    assert {v: got.get(v) for v in ("0.10.0", "0.10.1", "0.10.2")} == {
        "0.10.0": "0.10.0",
        "0.10.1": "0.10.1",
        "0.10.2": "0.10.2",
    }


# ---------------------------------------------------------------------------------------------
# glibc.json: the platform tags of the wheels PyPI lists (https://pypi.org/simple/<pkg>/ JSON,
# 2026-12-02); a wheel needs the lowest glibc among its tags.
# ---------------------------------------------------------------------------------------------
GLIBC = [  # (package, version, arch, glibc_min)
    ("torch", "2.6.0", "x86_64", "2.5"),  # torch-2.6.0-cp310-cp310-manylinux1_x86_64.whl
    ("torch", "2.7.0", "x86_64", "2.28"),  # torch-2.7.0-cp310-cp310-manylinux_2_28_x86_64.whl
    ("torch", "2.5.1", "aarch64", "2.17"),
    ("torch", "2.6.0", "aarch64", "2.28"),
    ("tensorflow", "2.8.0", "x86_64", "2.12"),
    ("tensorflow", "2.20.0", "x86_64", "2.17"),
    ("tensorflow", "2.21.0", "x86_64", "2.27"),
    ("jaxlib", "0.7.0", "x86_64", "2.17"),
    ("jaxlib", "0.7.1", "x86_64", "2.27"),
    ("jax-cuda13-plugin", "0.8.0", "x86_64", "2.27"),
]


@pytest.mark.parametrize(("package", "version", "arch", "glibc"), GLIBC)
def test_wheel_glibc_minimum(package: str, version: str, arch: str, glibc: str) -> None:
    hits = [
        w
        for w in load("glibc")["wheels"]
        if w["package"] == package
        and w["arch"] == arch
        and Version(version) in SpecifierSet(w["versions"])
    ]
    assert len(hits) == 1, (package, version, arch)
    assert hits[0]["glibc_min"] == glibc


def test_yanked_jax_releases_are_flagged() -> None:
    # PyPI simple JSON: jax 0.4.0 ("Bad jaxlib GPU release"), 0.4.15 and 0.4.32 are yanked.
    for r in load("jax")["releases"]:
        if r["jax"] in ("0.4.0", "0.4.15", "0.4.32"):
            assert "yanked" in (r.get("note") or ""), r["jax"]


# ---------------------------------------------------------------------------------------------
# cudnn.json: NVIDIA's cuDNN support matrices, "GPU, CUDA Toolkit, and CUDA Driver Requirements"
# (read 2026-12-02 through the search index):
#   8.0.3  https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-803/support-matrix/index.html
#   8.2.2  https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-822/support-matrix/index.html
#   8.5.0  https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-850/pdf/cuDNN-Support-Matrix.pdf
#   8.9.1  https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-891/support-matrix/index.html
#   8.9.5  https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-895/pdf/cuDNN-Support-Matrix.pdf
#   8.9.6  https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-896/support-matrix
#   9.0.0  https://docs.nvidia.com/deeplearning/cudnn/backend/v9.0.0/reference/support-matrix.html
#   9.5.0  https://docs.nvidia.com/deeplearning/cudnn/v9.5.0/reference/support-matrix.html
#   9.5.1  https://docs.nvidia.com/deeplearning/cudnn/backend/v9.5.1/reference/support-matrix.html
#   9.10.2 https://docs.nvidia.com/deeplearning/cudnn/latest/support-matrix/index.html
#   9.17.0 https://docs.nvidia.com/deeplearning/sdk/cudnn-support-matrix/index.html
# Each tuple: (CUDA major, toolkit minors listed in the row, Linux driver, Windows driver).
# Driver None = the matrix gives only a branch (8.0-8.2) or points to the CUDA compatibility
# guide (8.5) instead of a number; Windows None for CUDA 13.x = "N/A".
# ---------------------------------------------------------------------------------------------
CUDNN_ROWS: Dict[str, List[Tuple[int, List[str], Optional[str], Optional[str]]]] = {
    "8.0.3": [(11, ["11.0"], None, None), (10, ["10.1", "10.2"], None, None)],
    "8.2.2": [
        (11, ["11.0", "11.1", "11.2", "11.3", "11.4"], None, None),
        (10, ["10.2"], None, None),
    ],
    "8.5.0": [(11, [f"11.{m}" for m in range(8)], None, None)],
    "8.9.1": [
        (12, ["12.0", "12.1"], "525.60.13", "527.41"),
        (11, [f"11.{m}" for m in range(9)], "450.80.02", "452.39"),
    ],
    "8.9.5": [
        (12, ["12.0", "12.1", "12.2"], "525.60.13", "527.41"),
        (11, [f"11.{m}" for m in range(9)], "450.80.02", "452.39"),
    ],
    "8.9.6": [
        (12, ["12.0", "12.1", "12.2"], "525.60.13", "527.41"),
        (11, [f"11.{m}" for m in range(9)], "450.80.02", "452.39"),
    ],
    "9.0.0": [
        (12, ["12.0", "12.1", "12.2", "12.3"], "525.60.13", "527.41"),
        (11, [f"11.{m}" for m in range(9)], "450.80.02", "452.39"),
    ],
    "9.5.0": [
        (12, [f"12.{m}" for m in range(7)], "525.60.13", "527.41"),
        (11, ["11.8"], "450.80.02", "452.39"),
    ],
    "9.5.1": [
        (12, [f"12.{m}" for m in range(7)], "525.60.13", "527.41"),
        (11, ["11.8"], "450.80.02", "452.39"),
    ],
    "9.10.2": [
        (12, ["12.8", "12.9"], "570.26", "570.65"),
        (
            12,
            ["12.0", "12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.8", "12.9"],
            "525.60.13",
            "527.41",
        ),
        (11, ["11.8"], "450.80.02", "452.39"),
    ],
    "9.17.0": [
        (13, ["13.0", "13.1"], "580.65.06", None),
        (
            12,
            ["12.0", "12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.8", "12.9"],
            "525.60.13",
            "527.41",
        ),
    ],
}
# Minor versions that do not exist: no check may rely on them being in or out of a range.
_NO_SUCH_MINOR = {"12.7", "11.9"}


def cudnn_rel(version: str) -> Dict[str, Any]:
    (hit,) = [r for r in load("cudnn")["releases"] if r["version"] == version]
    return hit


def _row_for(rows: List[Dict[str, Any]], major: int, minors: List[str]) -> Dict[str, Any]:
    """The data row of that major whose specifier admits exactly the matrix's toolkit list."""
    hits = []
    for row in rows:
        if row["major"] != major or "cuda" in row.get("unconfirmed", []):
            continue
        spec = SpecifierSet(row["cuda"])
        admitted = {
            f"{major}.{m}" for m in range(10) if Version(f"{major}.{m}") in spec
        } - _NO_SUCH_MINOR
        if admitted == set(minors):
            hits.append(row)
    assert hits, (major, minors, rows)
    return hits[0]


@pytest.mark.parametrize("version", sorted(CUDNN_ROWS, key=Version))
def test_cudnn_support_matrix_rows(version: str) -> None:
    rows = cudnn_rel(version)["cuda"]
    confirmed = [r for r in rows if "cuda" not in r.get("unconfirmed", [])]
    assert len(confirmed) == len(CUDNN_ROWS[version]), version
    for major, minors, linux, windows in CUDNN_ROWS[version]:
        rows_of_major = [r for r in rows if r["major"] == major]
        # 9.10.2 has two 12.x rows; pick the one whose drivers match, then check its range.
        if linux is not None:
            rows_of_major = [r for r in rows_of_major if r["min_driver"]["linux"] == linux]
        row = _row_for(rows_of_major, major, minors)
        assert row["min_driver"] == {"linux": linux, "windows": windows}, (version, major)


def test_cudnn_compute_capabilities() -> None:
    # 8.9.x / 9.0-9.5 matrices: 9.0, 8.9, 8.6, 8.0, 7.5, 7.0, 6.1, 6.0, 5.0 (Maxwell to Hopper);
    # 9.17.0: Turing and newer only (7.5 ... 12.0); 9.10.2 12.8+ row adds 10.0 and 12.0.
    maxwell_to_hopper = {"5.0", "6.0", "6.1", "7.0", "7.5", "8.0", "8.6", "8.9", "9.0"}
    for v in ("8.9.1", "8.9.5", "8.9.6", "9.0.0", "9.5.0", "9.5.1"):
        for row in cudnn_rel(v)["cuda"]:
            assert set(row["compute_capabilities"]) == maxwell_to_hopper, v
    for row in cudnn_rel("9.17.0")["cuda"]:
        assert set(row["compute_capabilities"]) == {
            "7.5",
            "8.0",
            "8.6",
            "8.9",
            "9.0",
            "10.0",
            "12.0",
        }
    bw = [r for r in cudnn_rel("9.10.2")["cuda"] if r["min_driver"]["linux"] == "570.26"]
    assert set(bw[0]["compute_capabilities"]) == maxwell_to_hopper | {"10.0", "12.0"}


# CUDA majors that have a cuDNN build, from `pip index versions nvidia-cudnn-cu11/-cu12/-cu13`
# (PyPI, Linux x86_64, 2026-12-02): cu11 has 8.5.0.96 ... 9.10.2.21, cu12 8.8.0.121 ... 9.28.0.42,
# cu13 9.12.0.46 ... 9.28.1.4. 8.9.7 has no cu11 wheel, but NVIDIA's redist has its cuda11 archive.
CUDNN_MAJORS = {
    "8.6.0": {11},
    "8.7.0": {11},
    "8.8.1": {11, 12},
    "8.9.7": {11, 12},
    "9.2.1": {11, 12},
    "9.3.0": {11, 12},
    "9.4.0": {11, 12},
    "9.6.0": {11, 12},
    "9.7.1": {11, 12},
    "9.8.0": {11, 12},
    "9.9.0": {11, 12},
    "9.10.2": {11, 12},
    "9.17.0": {12, 13},
    "9.23.2": {12, 13},
}


@pytest.mark.parametrize("version", sorted(CUDNN_MAJORS, key=Version))
def test_cudnn_cuda_majors(version: str) -> None:
    assert {r["major"] for r in cudnn_rel(version)["cuda"]} == CUDNN_MAJORS[version]


def test_cudnn_releases_without_a_read_matrix_carry_no_driver_numbers() -> None:
    # Releases whose support matrix could not be read must not borrow another release's minimums.
    for v in (
        "8.6.0",
        "8.7.0",
        "8.8.1",
        "8.9.7",
        "9.2.1",
        "9.3.0",
        "9.6.0",
        "9.7.1",
        "9.8.0",
        "9.9.0",
    ):
        for row in cudnn_rel(v)["cuda"]:
            assert row["min_driver"] == {"linux": None, "windows": None}, v
            assert {"min_driver", "cuda"} <= set(row["unconfirmed"]), v


# ---------------------------------------------------------------------------------------------
# nccl.json: NCCL release notes ("This NCCL release supports CUDA ...", read 2026-12-02):
#   https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-10-3.html  (10.2, 11.0, 11.4)
#   https://docs.nvidia.com/deeplearning/nccl/release-notes/rel_2-12-10.html (10.2, 11.0, 11.6)
# redist listings: https://developer.nvidia.com/w/compute/redist/nccl/v2.12/ (2.12.7, 2.12.10,
# 2.12.12 for cuda10.2/11.0/11.6) and .../v2.30.7/ (cuda12.9, cuda13.3, x86_64 + aarch64, complete).
# PyPI wheels: `pip index versions nvidia-nccl-cu11/-cu12/-cu13` (Linux x86_64) plus
# nvidia_nccl_cu12-2.20.3-py3-none-manylinux2014_aarch64.whl (2.20.3 has no x86_64 wheel).
# ---------------------------------------------------------------------------------------------
NCCL_CUDA = {
    "2.10.3": ["10.2", "11.0", "11.4"],
    "2.12.7": ["10.2", "11.0", "11.6"],
    "2.12.10": ["10.2", "11.0", "11.6"],
    "2.12.12": ["10.2", "11.0", "11.6"],
    "2.30.7": ["12.9", "13.3"],
}
NCCL_CU11 = {"2.13.4", "2.14.3", "2.15.5", "2.16.2", "2.16.5", "2.18.3", "2.19.3", "2.20.5",
             "2.21.5"}  # fmt: skip
NCCL_CU12 = {"2.16.2", "2.16.5", "2.17.1", "2.18.1", "2.18.3", "2.19.3", "2.20.3", "2.20.5",
             "2.21.5", "2.22.3", "2.23.4", "2.24.3", "2.25.1", "2.26.2", "2.26.5", "2.27.3",
             "2.27.5", "2.27.6", "2.27.7", "2.28.3", "2.28.7", "2.28.9", "2.29.2", "2.29.3",
             "2.29.7", "2.30.3", "2.30.4", "2.30.7", "2.31.2", "2.32.3"}  # fmt: skip
NCCL_CU13 = {"2.27.7", "2.28.3", "2.28.7", "2.28.9", "2.29.2", "2.29.3", "2.29.7", "2.30.3",
             "2.30.4", "2.30.7", "2.31.2", "2.32.3"}  # fmt: skip


@pytest.mark.parametrize("version", sorted(NCCL_CUDA, key=Version))
def test_nccl_cuda_builds(version: str) -> None:
    (r,) = [x for x in load("nccl")["releases"] if x["version"] == version]
    assert r["cuda"] == NCCL_CUDA[version]


def test_nccl_pypi_wheels() -> None:
    releases = {r["version"]: r for r in load("nccl")["releases"]}
    for pkg, versions in (
        ("nvidia-nccl-cu11", NCCL_CU11),
        ("nvidia-nccl-cu12", NCCL_CU12),
        ("nvidia-nccl-cu13", NCCL_CU13),
    ):
        have = {v for v, r in releases.items() if pkg in r["pypi_packages"]}
        assert have == versions, pkg
    # Every PyPI NCCL release is in the table.
    assert set(releases) >= NCCL_CU11 | NCCL_CU12 | NCCL_CU13
    assert "aarch64" in releases["2.20.3"]["note"]
