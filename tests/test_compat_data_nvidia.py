"""Known-answer and consistency tests for the NVIDIA half of compat_data/.

The known answers below were read from the sources the data files cite (checked 2026-12-02):
the CUDA Toolkit release notes driver table, the CUDA Compatibility guide, developer.nvidia.com
/cuda-gpus, the cuDNN support matrix, NVIDIA's NCCL redist listings and the PyPI JSON API.
They pin the data: editing a fact wrongly makes one of these fail.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

DATA = Path(__file__).resolve().parents[1] / "compat_data"
FILES = {
    "cuda": ("cuda.json", ["toolkits", "minor_compat", "minor_compat_caveats", "toolkit_archs"]),
    "gpus": ("gpus.json", ["gpus", "shared_names"]),
    "cudnn": ("cudnn.json", ["releases"]),
    "nccl": ("nccl.json", ["releases"]),
    "glibc": ("glibc.json", ["manylinux_tags", "wheels"]),
}


def load(kind: str) -> Dict[str, Any]:
    with open(DATA / FILES[kind][0], encoding="utf-8") as fh:
        return json.load(fh)


def entries(kind: str) -> Iterator[Tuple[str, Dict[str, Any]]]:
    doc = load(kind)
    for section in FILES[kind][1]:
        for entry in doc[section]:
            yield section, entry


def toolkit(version: str) -> Dict[str, Any]:
    matches = [t for t in load("cuda")["toolkits"] if t["version"] == version]
    assert len(matches) == 1, version
    return matches[0]


def archs_for(cuda: str) -> List[str]:
    hits = [a for a in load("cuda")["toolkit_archs"] if Version(cuda) in SpecifierSet(a["cuda"])]
    assert len(hits) == 1, (cuda, [a["cuda"] for a in hits])
    return hits[0]["sm"]


def gpu(name: str) -> Dict[str, Any]:
    wanted = name.lower()
    hits = [
        g
        for g in load("gpus")["gpus"]
        if g["name"].lower() == wanted or wanted in (a.lower() for a in g["aliases"])
    ]
    assert len(hits) == 1, name
    return hits[0]


def dotted(entry: Dict[str, Any], path: str) -> Tuple[bool, Optional[Any]]:
    node: Any = entry
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return True, node


# --------------------------------------------------------------------------- envelope


@pytest.mark.parametrize("kind", sorted(FILES))
def test_envelope(kind: str) -> None:
    doc = load(kind)
    assert doc["format"] == "envcheck-compat/1"
    assert doc["kind"] == kind
    assert isinstance(doc["description"], str) and len(doc["description"]) > 40
    for section in FILES[kind][1]:
        assert isinstance(doc[section], list) and doc[section], section


@pytest.mark.parametrize("kind", sorted(FILES))
def test_every_entry_cites_https_source_and_date(kind: str) -> None:
    for section, entry in entries(kind):
        assert re.match(r"^https?://\S+$", entry["source"]), (section, entry)
        # A few NVIDIA assets are only published over plain http (images.nvidia.cn); the
        # citation of the fact itself must be https.
        assert entry["source"].startswith("https://"), (section, entry["source"])
        datetime.date.fromisoformat(entry["checked"])
        assert entry["checked"] in (
            "2026-12-02",
            "2026-12-03",
            "2026-12-04",
            "2026-12-05",
            "2026-12-06",
        )
        for field in entry.get("unconfirmed", []):
            present, _ = dotted(entry, field)
            assert present, (section, field, entry)


# --------------------------------------------------------------------------- cuda.json


@pytest.mark.parametrize(
    ("version", "linux", "windows"),
    [
        ("10.0.0", "410.48", "411.31"),
        ("10.2.0", "440.33", "441.22"),
        ("11.0.0", "450.51.05", "451.48"),
        ("11.4.3", "470.82.01", "472.50"),
        ("11.8.0", "520.61.05", "520.06"),
        ("12.0.0", "525.60.13", "527.41"),
        ("12.2.2", "535.104.05", "537.13"),
        ("12.4.0", "550.54.14", "551.61"),
        ("12.4.1", "550.54.15", "551.78"),
        ("12.8.0", "570.26", "570.65"),
        ("12.9.1", "575.57.08", "576.57"),
        ("13.0.0", "580.65.06", None),
        ("13.2.2", "595.71.05", None),
    ],
)
def test_toolkit_driver_known_answers(version: str, linux: str, windows: Optional[str]) -> None:
    assert toolkit(version)["min_driver"] == {"linux": linux, "windows": windows}


def test_toolkit_coverage_from_10_0_to_13_x() -> None:
    versions = {t["version"] for t in load("cuda")["toolkits"]}
    for minor in ["10.0", "10.1", "10.2"] + [f"11.{i}" for i in range(9)]:
        assert f"{minor}.0" in versions, minor
    for minor in ["12.0", "12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.8", "12.9"]:
        assert f"{minor}.0" in versions, minor
    for minor in ["13.0", "13.1", "13.2", "13.3", "13.4", "13.5"]:
        assert f"{minor}.0" in versions, minor
    assert "12.7.0" not in versions  # NVIDIA never released a CUDA 12.7
    assert len(versions) == len(load("cuda")["toolkits"])  # no duplicates


def test_toolkit_versions_parse_and_drivers_non_decreasing_within_major() -> None:
    toolkits = sorted(load("cuda")["toolkits"], key=lambda t: Version(t["version"]))
    for platform in ("linux", "windows"):
        last: Dict[int, Version] = {}
        for t in toolkits:
            v = Version(t["version"])
            assert len(v.release) == 3, t["version"]
            driver = t["min_driver"][platform]
            if driver is None:
                continue
            d = Version(driver)
            major = v.major
            if major in last:
                assert d >= last[major], (platform, t["version"], driver)
            last[major] = d


def test_toolkit_version_field_is_the_nvidia_package_version() -> None:
    assert toolkit("11.0.0")["toolkit_version"] == "11.0.2"
    assert toolkit("11.0.1")["toolkit_version"] == "11.0.3"
    assert toolkit("13.4.0")["toolkit_version"] == "13.4.1"
    assert toolkit("12.6.3")["toolkit_version"] == "12.6.3"


def test_unconfirmed_toolkits_have_no_invented_driver() -> None:
    for t in load("cuda")["toolkits"]:
        for platform in ("linux", "windows"):
            field = f"min_driver.{platform}"
            if t["min_driver"][platform] is None:
                continue
            # A non-null value is either confirmed or explicitly marked provisional.
            if field in t.get("unconfirmed", []):
                assert t["version"].startswith("13.3."), t
    for v in ("13.4.0", "13.4.1", "13.5.0"):
        assert toolkit(v)["min_driver"] == {"linux": None, "windows": None}


@pytest.mark.parametrize(
    ("major", "linux", "windows", "branch"),
    [
        (11, "450.80.02", "452.39", 450),
        (12, "525.60.13", "527.41", 525),
        (13, "580.65.06", None, 580),
    ],
)
def test_minor_compat_known_answers(
    major: int, linux: str, windows: Optional[str], branch: int
) -> None:
    (entry,) = [m for m in load("cuda")["minor_compat"] if m["major"] == major]
    assert entry["min_driver"] == {"linux": linux, "windows": windows}
    assert entry["min_branch"] == branch
    assert any("PTX" in c for c in entry["caveats"])
    # Minor-version compatibility must help: its minimum is below what x.1 GA needs by itself.
    # (Not x.0: CUDA 11.0 GA shipped with 450.51.05, below the 11.x minor-compat 450.80.02.)
    x1 = toolkit(f"{major}.1.0")["min_driver"]["linux"]
    assert Version(linux) < Version(x1)


def test_minor_compat_branch_ranges_chain() -> None:
    ranges = {
        m["major"]: (m["min_branch"], m["max_branch_exclusive"])
        for m in load("cuda")["minor_compat"]
    }
    assert ranges[11][1] == ranges[12][0] == 525
    assert ranges[12][1] == ranges[13][0] == 580
    assert ranges[13][1] is None


def test_toolkit_arch_ranges_do_not_overlap_and_cover_every_toolkit() -> None:
    archs = load("cuda")["toolkit_archs"]
    specs = [SpecifierSet(a["cuda"]) for a in archs]
    probes = [
        Version(f"{ma}.{mi}.{u}") for ma in (10, 11, 12, 13) for mi in range(10) for u in (0, 1, 2)
    ]
    for p in probes:
        assert sum(p in s for s in specs) <= 1, p
    for t in load("cuda")["toolkits"]:
        if Version(t["version"]) < Version("10.0"):
            # CUDA 7.0 - 9.2 (driver minimums only): no arch list was read for them; which GPUs
            # they can build for comes from floors.json's first toolkit per architecture
            continue
        archs_for(t["version"])  # exactly one range
    for a in archs:
        assert a["sm"] == sorted(a["sm"], key=int), a["cuda"]
        assert all(re.fullmatch(r"\d{2,3}", sm) for sm in a["sm"])


@pytest.mark.parametrize(
    ("cuda", "present", "absent"),
    [
        ("10.2.0", ["30", "75"], ["80"]),
        ("11.0.0", ["35", "80"], ["30", "86"]),
        ("11.8.0", ["35", "89", "90"], ["100"]),
        ("12.0.0", ["50", "90"], ["35", "37", "100"]),
        ("12.4.1", ["50", "61", "70", "90"], ["120"]),
        ("12.8.0", ["50", "100", "120"], ["35", "103"]),
        ("12.9.1", ["70", "101", "103", "121"], ["110"]),
        ("13.0.0", ["75", "100", "110", "120"], ["50", "60", "70", "72", "101"]),
    ],
)
def test_toolkit_arch_known_answers(cuda: str, present: List[str], absent: List[str]) -> None:
    sms = archs_for(cuda)
    for sm in present:
        assert sm in sms, (cuda, sm)
    for sm in absent:
        assert sm not in sms, (cuda, sm)


# --------------------------------------------------------------------------- gpus.json


def test_gpu_names_and_aliases_are_unique() -> None:
    seen: Dict[str, str] = {}
    for g in load("gpus")["gpus"]:
        for n in [g["name"], *g["aliases"]]:
            key = n.lower()
            assert key not in seen, (n, seen.get(key), g["name"])
            seen[key] = g["name"]


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("NVIDIA H100 80GB HBM3", "9.0"),
        ("NVIDIA H100 PCIe", "9.0"),
        ("NVIDIA H200", "9.0"),
        ("NVIDIA GH200 480GB", "9.0"),
        ("NVIDIA GeForce RTX 4090", "8.9"),
        ("GeForce RTX 4090", "8.9"),
        ("NVIDIA L40S", "8.9"),
        ("NVIDIA L4", "8.9"),
        ("NVIDIA A100-SXM4-80GB", "8.0"),
        ("NVIDIA A100 80GB PCIe", "8.0"),
        ("NVIDIA A10G", "8.6"),
        ("NVIDIA GeForce RTX 3090", "8.6"),
        ("Tesla T4", "7.5"),
        ("Tesla V100-SXM2-32GB", "7.0"),
        ("Tesla P100-PCIE-16GB", "6.0"),
        ("Tesla K80", "3.7"),
        ("NVIDIA B200", "10.0"),
        ("NVIDIA B300 SXM6 AC", "10.3"),
        ("NVIDIA GeForce RTX 5090", "12.0"),
        ("NVIDIA GB10", "12.1"),
    ],
)
def test_gpu_compute_capability_known_answers(name: str, cc: str) -> None:
    assert gpu(name)["compute_capability"] == cc


def test_gpu_peak_known_answers() -> None:
    h100 = gpu("NVIDIA H100 80GB HBM3")
    assert h100["memory_bandwidth_gbs"] == 3350
    assert h100["fp32_tflops"] == 67
    assert h100["bf16_tflops"] == 989.5  # 1,979 "with sparsity" halved
    a100 = gpu("NVIDIA A100-SXM4-80GB")
    assert (a100["memory_bandwidth_gbs"], a100["tf32_tflops"], a100["bf16_tflops"]) == (
        2039,
        156,
        312,
    )
    assert gpu("NVIDIA A100-PCIE-40GB")["memory_bandwidth_gbs"] == 1555
    # datasheet: "FP16 Tensor Core 362.05 | 733*" (362.5 was a transcription slip; audit 2026-12-02)
    assert gpu("NVIDIA L40S")["fp16_tflops"] == 362.05
    assert gpu("Tesla T4")["fp16_tflops"] == 65
    assert gpu("NVIDIA GeForce RTX 4090")["memory_bandwidth_gbs"] == 1008
    # No datasheet confirmed: must stay null rather than a guess.
    a10g = gpu("NVIDIA A10G")
    assert all(a10g[f] is None for f in ("fp32_tflops", "bf16_tflops", "memory_bandwidth_gbs"))


# NVML names of laptop / Max-Q parts and China-market data-centre parts (issue 3). cc from
# developer.nvidia.com/cuda-gpus (its notebook and RTX-mobile sections, read through a public
# transcription) or, where NVIDIA's page lists nothing, from real tool printouts cited in each
# entry's note (sglang check_env, PyTorch's "with CUDA capability sm_XY" warning).
NVML_KNOWN_ANSWERS = [
    ("NVIDIA GeForce RTX 4090 Laptop GPU", "8.9"),
    ("NVIDIA GeForce RTX 4080 Laptop GPU", "8.9"),
    ("NVIDIA GeForce RTX 4070 Laptop GPU", "8.9"),
    ("NVIDIA GeForce RTX 4060 Laptop GPU", "8.9"),
    ("NVIDIA GeForce RTX 4050 Laptop GPU", "8.9"),
    ("NVIDIA GeForce RTX 3080 Ti Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3080 Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3070 Ti Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3070 Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3060 Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3050 Ti Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3050 Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 3050 6GB Laptop GPU", "8.6"),
    ("NVIDIA GeForce RTX 5090 Laptop GPU", "12.0"),
    ("NVIDIA GeForce RTX 5080 Laptop GPU", "12.0"),
    ("NVIDIA GeForce RTX 5070 Ti Laptop GPU", "12.0"),
    ("NVIDIA GeForce RTX 5070 Laptop GPU", "12.0"),
    ("NVIDIA GeForce RTX 5060 Laptop GPU", "12.0"),
    ("NVIDIA GeForce RTX 2080 with Max-Q Design", "7.5"),
    ("GeForce RTX 2080 with Max-Q Design", "7.5"),  # older drivers: no "NVIDIA " prefix
    ("NVIDIA GeForce RTX 2070 with Max-Q Design", "7.5"),
    ("NVIDIA GeForce RTX 2060 with Max-Q Design", "7.5"),
    ("NVIDIA RTX A5000 Laptop GPU", "8.6"),
    ("NVIDIA RTX A4000 Laptop GPU", "8.6"),
    ("NVIDIA RTX A3000 Laptop GPU", "8.6"),
    ("NVIDIA RTX A2000 Laptop GPU", "8.6"),
    ("NVIDIA RTX A2000 8GB Laptop GPU", "8.6"),
    ("NVIDIA RTX 5000 Ada Generation Laptop GPU", "8.9"),
    ("NVIDIA RTX 4000 Ada Generation Laptop GPU", "8.9"),
    ("NVIDIA RTX 2000 Ada Generation Laptop GPU", "8.9"),
    ("NVIDIA RTX 2000 Ada Generation", "8.9"),
    ("NVIDIA RTX A2000", "8.6"),
    ("NVIDIA GeForce RTX 3070 Ti", "8.6"),
    ("NVIDIA GeForce RTX 3060 Ti", "8.6"),
    ("NVIDIA A800-SXM4-80GB", "8.0"),
    ("NVIDIA H800", "9.0"),
    ("NVIDIA H20", "9.0"),
    ("NVIDIA L20", "8.9"),
    ("NVIDIA A100 80GB PCIe", "8.0"),
    ("NVIDIA GH200 480GB", "9.0"),
    ("NVIDIA RTX PRO 6000 Blackwell Server Edition", "12.0"),
    ("NVIDIA GeForce RTX 5060", "12.0"),
]


@pytest.mark.parametrize(("name", "cc"), NVML_KNOWN_ANSWERS)
def test_gpu_nvml_names_resolve_exactly(name: str, cc: str) -> None:
    from envcheck.compat import load_matrix

    g = load_matrix().gpu(name)
    assert g is not None, name
    assert (g.compute_capability, g.matched_by) == (cc, "exact"), name


def test_gpu_laptop_names_get_laptop_entries_not_desktop_ones() -> None:
    from envcheck.compat import load_matrix

    m = load_matrix()
    assert m.gpu("NVIDIA GeForce RTX 4070 Laptop GPU").name == "NVIDIA GeForce RTX 4070 Laptop GPU"
    assert m.gpu("NVIDIA GeForce RTX 4070").name == "NVIDIA GeForce RTX 4070"
    assert m.gpu("RTX 4090").memory_bandwidth_gbs == 1008  # the desktop card keeps its peaks
    assert m.gpu("NVIDIA GeForce RTX 4090 Laptop GPU").memory_bandwidth_gbs is None
    assert m.gpu("NVIDIA GeForce RTX 3070 Ti").name == "NVIDIA GeForce RTX 3070 Ti"
    assert m.gpu("NVIDIA RTX 4000 Ada Generation").name == "NVIDIA RTX 4000 Ada Generation"
    assert m.gpu("GeForce RTX 2080").name == "NVIDIA GeForce RTX 2080"  # Max-Q is a separate entry
    assert m.gpu("NVIDIA H20").name == "NVIDIA H20"  # not the H200
    assert m.gpu("H200").name == "NVIDIA H200"
    assert m.gpu("NVIDIA L20").name == "NVIDIA L20"  # not the L40
    # cut by nvidia-smi's table: every candidate is Ada, so the cc is still known
    assert m.gpu("NVIDIA GeForce RTX 4070 ...").compute_capability == "8.9"


def test_gpu_laptop_and_max_q_entries_publish_no_invented_peaks() -> None:
    mobile = [
        g
        for g in load("gpus")["gpus"]
        if g["name"].endswith("Laptop GPU") or g["name"].endswith("with Max-Q Design")
    ]
    assert len(mobile) >= 27  # 17 GeForce laptop, 3 Max-Q, 4 RTX A, 3 RTX Ada laptop (2026-12-02)
    # 2026-12-03: + RTX 5050 Laptop, GTX 1080/1070/1060 and GTX 1650 Ti Max-Q, T1200/T600 Laptop
    for g in mobile:
        assert all(g[f] is None for f in PEAKS), g["name"]
        assert set(PEAKS) <= set(g["unconfirmed"]), g["name"]
        assert g["checked"] in ("2026-12-02", "2026-12-03"), g["name"]
        assert g["source"].startswith("https://"), g["name"]


# Added 2026-12-03: consumer / laptop / older parts from NVIDIA's CUDA GPUs page and its legacy
# page (developer.nvidia.com/cuda-gpus, /cuda-legacy-gpus), as NVML / nvidia-smi spell them.
ADDED_2026_12_03 = [
    ("GeForce GTX 950M", "5.0"),
    ("NVIDIA GeForce GTX 960M", "5.0"),
    ("NVIDIA GeForce GTX 980 Ti", "5.2"),
    ("GeForce GTX TITAN X", "5.2"),  # Maxwell; the Pascal TITAN X is 6.1
    ("NVIDIA GeForce GTX 1070 Ti", "6.1"),
    ("NVIDIA GeForce GTX 1060 with Max-Q Design", "6.1"),
    ("Quadro P2000", "6.1"),
    ("Quadro GV100", "7.0"),
    ("NVIDIA GeForce GTX 1650 Ti", "7.5"),
    ("NVIDIA T1200 Laptop GPU", "7.5"),
    ("Quadro RTX 4000", "7.5"),
    ("NVIDIA RTX 4500 Ada Generation", "8.9"),
    ("NVIDIA RTX PRO 2000 Blackwell", "12.0"),
    ("Tesla K40", "3.5"),
]


@pytest.mark.parametrize(("name", "cc"), ADDED_2026_12_03)
def test_gpu_added_2026_12_03_resolve_exactly(name: str, cc: str) -> None:
    from envcheck.compat import load_matrix

    g = load_matrix().gpu(name)
    assert g is not None, name
    assert (g.compute_capability, g.matched_by) == (cc, "exact"), name


def test_gpu_names_nvidia_does_not_list_or_that_are_ambiguous_stay_unknown() -> None:
    from envcheck.compat import load_matrix

    m = load_matrix()
    assert m.gpu("TITAN X") is None  # Maxwell GTX TITAN X (5.2) or Pascal TITAN X (6.1)
    assert m.gpu("NVIDIA TITAN X") is None
    assert m.gpu("RTX 4000") is None  # Quadro RTX 4000 (7.5) or RTX 4000 Ada (8.9)
    # not on NVIDIA's CUDA GPUs pages: not guessed from a sibling
    assert m.gpu("NVIDIA GeForce GTX 1050 Ti") is None
    assert m.gpu("NVIDIA GeForce RTX 2070 SUPER") is None
    assert m.gpu("NVIDIA GeForce MX450") is None
    assert m.gpu("GTX 1080").name == "NVIDIA GeForce GTX 1080"  # not the Max-Q entry


ARCH_CC_MAJOR = {
    "Fermi": {2},
    "Kepler": {3},
    "Maxwell": {5},
    "Pascal": {6},
    "Volta": {7},
    "Turing": {7},
    "Ampere": {8},
    "Ada Lovelace": {8},
    "Hopper": {9},
    "Blackwell": {10, 11, 12},  # 11: Jetson Thor (sm_101 renamed sm_110 in CUDA 13)
    "Blackwell Ultra": {10},
}
PEAKS = ("memory_bandwidth_gbs", "fp32_tflops", "tf32_tflops", "fp16_tflops", "bf16_tflops")


def test_gpu_fields_are_well_formed() -> None:
    all_sms = {sm for a in load("cuda")["toolkit_archs"] for sm in a["sm"]}
    for g in load("gpus")["gpus"]:
        cc = g["compute_capability"]
        assert re.fullmatch(r"\d{1,2}\.\d", cc), g["name"]
        assert int(cc.split(".")[0]) in ARCH_CC_MAJOR[g["architecture"]], g["name"]
        assert cc.replace(".", "") in all_sms, g["name"]  # some nvcc can build for it
        for f in PEAKS:
            value = g[f]
            assert value is None or (isinstance(value, (int, float)) and value > 0), (g["name"], f)
            if f in g.get("unconfirmed", []):
                assert value is None, (g["name"], f)
        assert g["slowdown_temp_c"] is None
        if g["fp32_tflops"] is not None or g["fp16_tflops"] is not None:
            assert g.get("spec_source", "").startswith("https://"), g["name"]
        if g["tf32_tflops"] is not None and g["fp16_tflops"] is not None:
            assert g["tf32_tflops"] <= g["fp16_tflops"], g["name"]


# --------------------------------------------------------------------------- cudnn.json


def cudnn(version: str) -> Dict[str, Any]:
    (hit,) = [r for r in load("cudnn")["releases"] if r["version"] == version]
    return hit


def test_cudnn_rows_are_well_formed() -> None:
    minor = {m["major"]: m for m in load("cuda")["minor_compat"]}
    versions = [r["version"] for r in load("cudnn")["releases"]]
    assert len(versions) == len(set(versions))
    for r in load("cudnn")["releases"]:
        Version(r["version"])
        for row in r["cuda"]:
            spec = SpecifierSet(row["cuda"])
            assert any(Version(f"{row['major']}.{m}") in spec for m in range(10)), row
            for platform in ("linux", "windows"):
                d = row["min_driver"][platform]
                if d is not None and row["major"] in minor:
                    floor = minor[row["major"]]["min_driver"][platform]
                    assert floor is None or Version(d) >= Version(floor), (r["version"], row)


def test_cudnn_known_answers() -> None:
    rows = cudnn("9.1.0")["cuda"]
    assert {r["major"] for r in rows} == {11, 12}
    r12 = [r for r in rows if r["major"] == 12][0]
    assert r12["min_driver"] == {"linux": "525.60.13", "windows": "527.41"}
    r11 = [r for r in rows if r["major"] == 11][0]
    assert r11["min_driver"] == {"linux": "450.80.02", "windows": "452.39"}
    blackwell = [r for r in cudnn("9.10.2")["cuda"] if "12.0" in r.get("compute_capabilities", [])]
    assert blackwell and blackwell[0]["min_driver"]["linux"] == "570.26"
    r13 = [r for r in cudnn("9.17.0")["cuda"] if r["major"] == 13][0]
    assert r13["min_driver"] == {"linux": "580.65.06", "windows": None}
    assert "6.1" not in r13["compute_capabilities"]
    assert {r["major"] for r in cudnn("9.17.0")["cuda"]} == {12, 13}


# --------------------------------------------------------------------------- nccl.json


def nccl(version: str) -> Dict[str, Any]:
    (hit,) = [r for r in load("nccl")["releases"] if r["version"] == version]
    return hit


def test_nccl_entries_are_consistent() -> None:
    known_minors = {".".join(t["version"].split(".")[:2]) for t in load("cuda")["toolkits"]}
    releases = load("nccl")["releases"]
    assert [r["version"] for r in releases] == sorted((r["version"] for r in releases), key=Version)
    for r in releases:
        Version(r["version"])
        for c in r["cuda"]:
            assert c in known_minors, (r["version"], c)
            assert int(c.split(".")[0]) in r["cuda_majors"], r
        for p in r["pypi_packages"]:
            assert int(p.rsplit("cu", 1)[1]) in r["cuda_majors"], r
        assert r["cuda"] or r["pypi_packages"], r


def test_nccl_known_answers() -> None:
    assert nccl("2.12.7")["cuda"] == ["10.2", "11.0", "11.6"]
    assert nccl("2.30.7")["cuda"] == ["12.9", "13.3"] and nccl("2.30.7")["cuda_list_complete"]
    assert nccl("2.21.5")["pypi_packages"] == ["nvidia-nccl-cu11", "nvidia-nccl-cu12"]
    assert 13 in nccl("2.28.9")["cuda_majors"]


# --------------------------------------------------------------------------- glibc.json


def glibc_for(package: str, version: str, arch: str = "x86_64") -> Dict[str, Any]:
    hits = [
        w
        for w in load("glibc")["wheels"]
        if w["package"] == package
        and w["arch"] == arch
        and Version(version) in SpecifierSet(w["versions"])
    ]
    assert len(hits) == 1, (package, version, arch, hits)
    return hits[0]


def test_glibc_tags_match_glibc_min_and_segments_do_not_overlap() -> None:
    legacy = {t["manylinux"]: t["glibc_min"] for t in load("glibc")["manylinux_tags"]}
    by_key: Dict[Tuple[str, str], List[SpecifierSet]] = {}
    for w in load("glibc")["wheels"]:
        tag = w["manylinux"]
        expected = legacy.get(tag) or ".".join(tag.split("_")[1:3])
        assert w["glibc_min"] == expected, w
        assert any(t.startswith(tag) for t in w["wheel_tags"]), w
        assert all(t.endswith(w["arch"]) for t in w["wheel_tags"]), w
        by_key.setdefault((w["package"], w["arch"]), []).append(SpecifierSet(w["versions"]))
    for key, specs in by_key.items():
        for v in ("0.4.30", "1.13.1", "2.4.1", "2.6.0", "2.7.0", "2.15.0", "9.1.0.70", "12.4.127"):
            assert sum(Version(v) in s for s in specs) <= 1, (key, v)


def test_glibc_known_answers() -> None:
    assert glibc_for("torch", "2.7.0")["glibc_min"] == "2.28"
    assert glibc_for("torch", "2.13.0")["manylinux"] == "manylinux_2_28"
    assert glibc_for("torch", "2.6.0", "aarch64")["glibc_min"] == "2.28"
    assert glibc_for("tensorflow", "2.15.0")["glibc_min"] == "2.17"
    assert glibc_for("tensorflow", "2.8.0")["manylinux"] == "manylinux2010"
    assert glibc_for("jaxlib", "0.4.30")["glibc_min"] == "2.17"
    assert glibc_for("nvidia-cudnn-cu12", "9.10.2.21")["glibc_min"] == "2.27"


def test_floors_libraries_section_is_optional_and_checked() -> None:
    from envcheck.compat_schema import InputError, validate_document

    doc = json.loads(
        (Path(__file__).resolve().parent.parent / "compat_data" / "floors.json").read_text()
    )
    assert {e["package"] for e in doc["libraries"]} >= {"vllm", "flash-attn"}
    older = {k: v for k, v in doc.items() if k != "libraries"}  # written before the section
    validate_document(older, "floors", "floors.json")
    bad = dict(doc, libraries=[dict(doc["libraries"][0], severity="fatal")])
    with pytest.raises(InputError, match="severity"):
        validate_document(bad, "floors", "floors.json")


def test_floors_drivers_section_is_optional_and_checked() -> None:
    from envcheck.compat_schema import InputError, validate_document

    doc = json.loads(
        (Path(__file__).resolve().parent.parent / "compat_data" / "floors.json").read_text()
    )
    ollama = [e for e in doc["drivers"] if e["package"] == "ollama"]
    # Ollama's hardware page: driver 550 and newer; 570 for compute capability 5.0 - 6.2
    assert {(e["min_driver"], e["cc_below"]) for e in ollama} >= {("550", None), ("570", "7.0")}
    assert all(e["source"].startswith("https://docs.ollama.com/") for e in ollama)
    older = {k: v for k, v in doc.items() if k != "drivers"}  # written before the section
    validate_document(older, "floors", "floors.json")
    bad = dict(doc, drivers=[dict(doc["drivers"][0], min_driver="new")])
    with pytest.raises(InputError, match="min_driver"):
        validate_document(bad, "floors", "floors.json")


def test_floors_cuda_builds_section_is_optional_and_checked() -> None:
    from envcheck.compat_schema import InputError, validate_document

    doc = json.loads(
        (Path(__file__).resolve().parent.parent / "compat_data" / "floors.json").read_text()
    )
    builds = doc["cuda_builds"]
    assert {e["package"] for e in builds} == {"onnxruntime-gpu", "ctranslate2", "paddlepaddle-gpu"}
    for e in builds:  # every entry cites a public page and the day it was read
        assert e["source"].startswith("https://"), e
        assert e["checked"] in ("2026-12-04", "2026-12-05") and len(e["note"]) > 40, e
    # Paddle: a suffix names one build; a plain release is recorded only where a page says it
    paddle = [e for e in builds if e["package"] == "paddlepaddle-gpu"]
    assert {e.get("suffix") for e in paddle} == {
        None,
        "post97",
        "post101",
        "post112",
        "post116",
        "post117",
        "post120",
    }
    assert {e["versions"] for e in paddle if e.get("suffix") is None} == {"==2.4.2", "==2.5.2"}
    # post97 (Paddle 1.x: CUDA 9 with cuDNN 7) states no CUDA minor, so none is recorded
    assert [e.get("cuda") for e in paddle if e.get("suffix") == "post97"] == [None]
    # onnxruntime-gpu 1.26 is not recorded: no first-hand statement of its PyPI build was found
    ort = [e["versions"] for e in builds if e["package"] == "onnxruntime-gpu"]
    assert ">=1.19,<1.26" in ort and ">=1.27" in ort
    older = {k: v for k, v in doc.items() if k != "cuda_builds"}  # written before the section
    validate_document(older, "floors", "floors.json")
    bad = dict(doc, cuda_builds=[dict(builds[0], cuda_major="twelve")])
    with pytest.raises(InputError, match="cuda_major"):
        validate_document(bad, "floors", "floors.json")
    unsourced = dict(doc, cuda_builds=[dict(builds[0], source="somewhere")])
    with pytest.raises(InputError, match="source"):
        validate_document(unsourced, "floors", "floors.json")
