"""Known-answer and consistency tests for the framework half of compat_data/.

torch.json, tensorflow.json and jax.json. The known answers were read (2026-12-02) from the
sources the data files cite: pytorch/test-infra's generate_binary_build_matrix.py history,
pytorch/builder's release branches (manywheel/build_cuda.sh, windows/cudaXXX.bat), the
pytorch.github.io previous-versions page, PyTorch's RELEASE.md compatibility matrix,
pytorch/pytorch#182250, tensorflow/docs install/source*.md and pip.md, and jax-ml/jax
docs/installation.md + setup.py at each release tag. Editing a fact wrongly makes a test fail.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest
from packaging.specifiers import SpecifierSet
from packaging.version import Version

DATA = Path(__file__).resolve().parents[1] / "compat_data"
CHECKED = "2026-12-02"
# TensorFlow 1.x tested builds (and the Python 2.7 rows) were read on 2026-12-03
CHECKED_DATES = {CHECKED, "2026-12-03", "2026-12-04", "2026-12-05"}
SM = re.compile(r"^sm_[1-9][0-9]{1,2}$")
PTX = re.compile(r"^compute_[1-9][0-9]{1,2}$")
TAG = re.compile(r"^cu(1[0-9])([0-9])$")


def load(name: str) -> Dict[str, Any]:
    with open(DATA / name, encoding="utf-8") as fh:
        return json.load(fh)


def torch_release(version: str) -> Dict[str, Any]:
    hits = [r for r in load("torch.json")["releases"] if r["version"] == version]
    assert len(hits) == 1, version
    return hits[0]


def variant(release: Dict[str, Any], tag: str) -> Dict[str, Any]:
    hits = [v for v in release["variants"] if v["tag"] == tag]
    assert len(hits) == 1, (release["version"], tag)
    return hits[0]


def tf_row(version: str, platform: str) -> Dict[str, Any]:
    hits = [
        r
        for r in load("tensorflow.json")["releases"]
        if r["version"] == version and r["platform"] == platform
    ]
    assert len(hits) == 1, (version, platform)
    return hits[0]


def jax_release(version: str) -> Dict[str, Any]:
    hits = [r for r in load("jax.json")["releases"] if r["jax"] == version]
    assert len(hits) == 1, version
    return hits[0]


def plugin(release: Dict[str, Any], name: str) -> Dict[str, Any]:
    hits = [p for p in release["plugins"] if p["name"] == name]
    assert len(hits) == 1, (release["jax"], name)
    return hits[0]


def sourced_objects() -> Iterator[Any]:
    """Every object in a top-level list of the three files (each must cite its source)."""
    for name in ("torch.json", "tensorflow.json", "jax.json"):
        doc = load(name)
        for key, value in doc.items():
            if isinstance(value, list):
                for obj in value:
                    yield pytest.param(
                        obj, id=f"{name}:{key}:{obj.get('version', obj.get('jax', ''))}"
                    )


# ---------------------------------------------------------------- envelope and provenance


@pytest.mark.parametrize(
    "name,kind",
    [("torch.json", "torch"), ("tensorflow.json", "tensorflow"), ("jax.json", "jax")],
)
def test_envelope(name: str, kind: str) -> None:
    doc = load(name)
    assert doc["format"] == "envcheck-compat/1"
    assert doc["kind"] == kind
    assert isinstance(doc["description"], str) and doc["description"]
    assert isinstance(doc["releases"], list) and doc["releases"]


@pytest.mark.parametrize("obj", list(sourced_objects()))
def test_every_entry_cites_https_source_and_date(obj: Dict[str, Any]) -> None:
    assert obj["source"].startswith("https://"), obj["source"]
    datetime.date.fromisoformat(obj["checked"])
    assert obj["checked"] in CHECKED_DATES
    for field, url in obj.get("sources", {}).items():
        assert url.startswith("https://"), (field, url)


def test_unconfirmed_fields_are_null() -> None:
    """A field named in `unconfirmed` must not carry a value (never a guess)."""
    for r in load("torch.json")["releases"]:
        for path in r.get("unconfirmed", []):
            parts = path.split(".")
            if parts[0] == "variants":
                assert variant(r, parts[1])[parts[2]] is None, (r["version"], path)
            else:
                assert r[path] is None, (r["version"], path)
        for v in r["variants"]:
            for field in v.get("unconfirmed", []):
                assert v[field] is None, (r["version"], v["tag"], field)
                assert f"variants.{v['tag']}.{field}" in r["unconfirmed"]
    for r in load("jax.json")["releases"]:
        for field in r.get("unconfirmed", []):
            if field == "min_driver_linux":
                wheels = r["plugins"] + r.get("jaxlib_cuda_wheels", [])
                assert any(w["min_driver_linux"] is None for w in wheels), r["jax"]
            else:
                assert r[field] is None, (r["jax"], field)


def test_unconfirmed_entries_explain_themselves() -> None:
    for name in ("torch.json", "jax.json"):
        for r in load(name)["releases"]:
            if r.get("unconfirmed"):
                assert r.get("note"), (name, r.get("version", r.get("jax")))


# ---------------------------------------------------------------- torch: known answers


def test_torch_2_5_1_known_answers() -> None:
    r = torch_release("2.5.1")
    assert r["torchvision"] == "0.20.1"
    assert r["torchaudio"] == "2.5.1"
    assert r["pypi_default"] == "cu124"
    assert [v["tag"] for v in r["variants"]] == ["cu118", "cu121", "cu124", "cpu"]
    assert variant(r, "cu121")["index_url"] == "https://download.pytorch.org/whl/cu121"
    assert variant(r, "cu124")["index_url"] == "https://download.pytorch.org/whl/cu124"
    assert variant(r, "cu124")["cuda"] == "12.4"
    assert variant(r, "cu124")["cudnn"] == "9.1.0.70"
    assert variant(r, "cu118")["arch_list"] == [
        "sm_37", "sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_90",
    ]  # fmt: skip
    assert "sm_37" not in variant(r, "cu124")["arch_list"]
    assert variant(r, "cu118")["ptx_windows"] == ["compute_37"]
    assert Version("3.12") in SpecifierSet(r["python"])
    assert Version("3.8") not in SpecifierSet(r["python"])


@pytest.mark.parametrize(
    "version,pypi",
    [
        ("1.13.1", "cu117"),
        ("2.0.1", "cu117"),
        ("2.1.2", "cu121"),
        ("2.4.1", "cu121"),
        ("2.5.0", "cu124"),
        ("2.6.0", "cu124"),
        ("2.7.1", "cu126"),
        ("2.8.0", "cu128"),
        ("2.9.1", "cu128"),
        ("2.10.0", "cu128"),
        ("2.11.0", "cu130"),
        ("2.13.0", "cu130"),
    ],
)
def test_torch_pypi_default(version: str, pypi: str) -> None:
    assert torch_release(version)["pypi_default"] == pypi


@pytest.mark.parametrize(
    "version,tags",
    [
        ("1.12.1", ["cu102", "cu113", "cu116", "cpu"]),
        ("2.0.0", ["cu117", "cu118", "cpu"]),
        ("2.6.0", ["cu118", "cu124", "cu126", "cpu"]),
        ("2.7.0", ["cu118", "cu126", "cu128", "cpu"]),
        ("2.8.0", ["cu126", "cu128", "cu129", "cpu"]),
        ("2.9.0", ["cu126", "cu128", "cu130", "cpu"]),
        ("2.12.1", ["cu126", "cu130", "cu132", "cpu"]),
    ],
)
def test_torch_variant_sets(version: str, tags: List[str]) -> None:
    assert [v["tag"] for v in torch_release(version)["variants"]] == tags


@pytest.mark.parametrize(
    "version,tv,ta",
    [
        ("1.12.0", "0.13.0", "0.12.0"),
        ("1.13.1", "0.14.1", "0.13.1"),
        ("2.0.0", "0.15.1", "2.0.1"),
        ("2.0.1", "0.15.2", "2.0.2"),
        ("2.1.2", "0.16.2", "2.1.2"),
        ("2.3.1", "0.18.1", "2.3.1"),
        ("2.6.0", "0.21.0", "2.6.0"),
        ("2.9.1", "0.24.1", "2.9.1"),
        ("2.10.0", "0.25.0", "2.10.0"),
        ("2.11.0", "0.26.0", "2.11.0"),
    ],
)
def test_torch_domain_library_pairs(version: str, tv: str, ta: str) -> None:
    r = torch_release(version)
    assert (r["torchvision"], r["torchaudio"]) == (tv, ta)


def test_torch_blackwell_and_dropped_archs() -> None:
    # No variant of 2.5.1 can run an sm_120 (RTX 50xx) GPU: no sm_120 and no PTX at all.
    for v in torch_release("2.5.1")["variants"]:
        assert "sm_120" not in v["arch_list"] and v["ptx"] == []
    # 2.8 cu128 carries sm_100/sm_120 and kept sm_70; cu129 adds PTX for 12.0.
    cu128 = variant(torch_release("2.8.0"), "cu128")
    assert {"sm_70", "sm_100", "sm_120"} <= set(cu128["arch_list"])
    assert variant(torch_release("2.8.0"), "cu129")["ptx"] == ["compute_120"]
    # 2.11 cu128 dropped sm_70 (pytorch/pytorch#182250), 2.10 cu128 still had it.
    assert "sm_70" not in variant(torch_release("2.11.0"), "cu128")["arch_list"]
    assert "sm_70" in variant(torch_release("2.10.0"), "cu128")["arch_list"]
    # Kepler sm_37 only survives in cu118 / pre-2.1 builds.
    assert "sm_37" in variant(torch_release("2.0.1"), "cu117")["arch_list"]
    assert "sm_37" not in variant(torch_release("2.1.0"), "cu121")["arch_list"]
    # CUDA 13 variants start at Turing.
    cu130 = variant(torch_release("2.13.0"), "cu130")
    assert cu130["arch_list"][0] == "sm_75" and "sm_120" in cu130["arch_list"]


def test_torch_later_release_facts() -> None:
    # 2.7 cu128: sm_50/sm_60/sm_70 removed (pytorch/pytorch#146265, #147607).
    cu128 = variant(torch_release("2.7.0"), "cu128")
    assert cu128["arch_list"][0] == "sm_75" and "sm_120" in cu128["arch_list"]
    # 2.9 cu130 carries PTX for 12.0 on Linux only.
    cu130 = variant(torch_release("2.9.1"), "cu130")
    assert cu130["ptx"] == ["compute_120"] and cu130["ptx_windows"] == []
    # NCCL / cuDNN backfilled in RELEASE.md (pytorch/pytorch#190386, #187075).
    r210 = torch_release("2.10.0")
    assert (variant(r210, "cu130")["nccl"], variant(r210, "cu128")["nccl"]) == ("2.28.9", "2.27.5")
    r213 = torch_release("2.13.0")
    assert (variant(r213, "cu132")["cudnn"], variant(r213, "cu132")["nccl"]) == (
        "9.20.0.48",
        "2.29.7",
    )
    # No cp315 wheel of torch 2.13.0 on PyPI (RELEASE.md's "3.15 experimental" was never published);
    # corrected by the 2026-12-02 audit.
    assert Version("3.15") not in SpecifierSet(r213["python"])
    assert Version("3.14") in SpecifierSet(r213["python"])
    # torchaudio 2.11 is stable-ABI and serves later torch releases.
    assert r213["torchaudio"] == "2.11.0" and r213["torchvision_series"] == "0.28"
    assert torch_release("2.8.0")["torchaudio"] == "2.8.0"
    # torchvision 0.23.0's wheel METADATA: "Requires-Dist: torch (==2.8.0)" (audit 2026-12-02)
    assert torch_release("2.8.0")["torchvision"] == "0.23.0"


def test_torch_cu102_is_linux_only() -> None:
    assert variant(torch_release("1.12.1"), "cu102")["platforms"] == ["linux"]


# ---------------------------------------------------------------- torch: consistency


def test_torch_versions_unique_and_sorted() -> None:
    versions = [Version(r["version"]) for r in load("torch.json")["releases"]]
    assert versions == sorted(versions)
    assert len(set(versions)) == len(versions)
    assert versions[0] == Version("1.12.0")


def test_torch_each_minor_has_entries() -> None:
    minors = {".".join(r["version"].split(".")[:2]) for r in load("torch.json")["releases"]}
    expected = {"1.12", "1.13"} | {f"2.{m}" for m in range(0, 14)}
    assert expected <= minors


def test_torch_fields_parse() -> None:
    for r in load("torch.json")["releases"]:
        Version(r["version"])
        spec = SpecifierSet(r["python"])
        assert len(spec) >= 2, r["version"]  # lower and upper bound
        for lib in ("torchvision", "torchaudio"):
            if r[lib] is not None:
                Version(r[lib])
        tags = [v["tag"] for v in r["variants"]]
        assert len(tags) == len(set(tags)), r["version"]
        assert tags[-1] == "cpu"
        assert r["pypi_default"] is None or r["pypi_default"] in tags


def test_torch_variant_fields() -> None:
    for r in load("torch.json")["releases"]:
        for v in r["variants"]:
            assert v["index_url"] == f"https://download.pytorch.org/whl/{v['tag']}"
            assert set(v["platforms"]) <= {"linux", "windows"} and v["platforms"]
            if v["tag"] == "cpu":
                assert v["cuda"] is None and v["arch_list"] == []
                continue
            m = TAG.match(v["tag"])
            assert m, v["tag"]
            assert v["cuda"] == f"{m.group(1)}.{m.group(2)}"
            Version(v["cuda"])
            for key, pat in (
                ("arch_list", SM),
                ("arch_list_windows", SM),
                ("ptx", PTX),
                ("ptx_windows", PTX),
            ):
                for item in v.get(key) or []:
                    assert pat.match(item), (r["version"], v["tag"], key, item)
            if v["arch_list"]:
                nums = [int(a[3:]) for a in v["arch_list"]]
                assert nums == sorted(nums) and len(set(nums)) == len(nums)
                # PTX is only embedded for an architecture that is also compiled.
                for p in v["ptx"] or []:
                    assert "sm_" + p[len("compute_") :] in v["arch_list"]
            for key in ("cudnn", "nccl"):
                if v[key] is not None:
                    Version(v[key])


def test_torch_domain_libraries_unique_per_release() -> None:
    """Each torchvision belongs to one torch; torchaudio too, until stable-ABI torchaudio 2.11."""
    seen_tv: Dict[str, str] = {}
    seen_ta: Dict[str, str] = {}
    for r in load("torch.json")["releases"]:
        tv, ta = r["torchvision"], r["torchaudio"]
        if tv is not None:
            assert tv not in seen_tv, (r["version"], seen_tv.get(tv))
            seen_tv[tv] = r["version"]
            assert Version(tv).release[:2] == Version(r["torchvision_series"]).release[:2]
        Version(r["torchvision_series"])
        if ta is not None and Version(ta) < Version("2.11"):
            assert ta not in seen_ta, (r["version"], seen_ta.get(ta))
            seen_ta[ta] = r["version"]
        if ta is not None and Version(ta) >= Version("2.0"):
            # from 2.x on, torchaudio never pairs with a torch minor older than its own
            assert Version(ta).release[:2] <= Version(r["version"]).release[:2]


def test_torch_cuda_variants_need_known_cuda_versions() -> None:
    """Every CUDA variant's toolkit version is one the NVIDIA half (cuda.json) knows about."""
    path = DATA / "cuda.json"
    if not path.exists():
        pytest.skip("cuda.json not present")
    known = {".".join(t["version"].split(".")[:2]) for t in load("cuda.json")["toolkits"]}
    for r in load("torch.json")["releases"]:
        for v in r["variants"]:
            if v["cuda"] is not None:
                assert v["cuda"] in known, (r["version"], v["cuda"])


# ---------------------------------------------------------------- tensorflow


def test_tf_known_answers() -> None:
    r = tf_row("2.15.0", "linux")
    assert (r["cuda"], r["cudnn"], r["python"]) == ("12.2", "8.9", ">=3.9,<3.12")
    assert r["pip_extra_cuda"] is True
    assert tf_row("2.14.0", "linux")["pip_extra_cuda"] is True
    assert tf_row("2.13.0", "linux")["pip_extra_cuda"] is False
    assert (tf_row("2.18.0", "linux")["cuda"], tf_row("2.18.0", "linux")["cudnn"]) == (
        "12.5",
        "9.3",
    )
    assert (tf_row("2.11.0", "linux")["cuda"], tf_row("2.11.0", "linux")["cudnn"]) == (
        "11.2",
        "8.1",
    )
    w = tf_row("2.10.0", "windows")
    assert (w["package"], w["cuda"], w["cudnn"]) == ("tensorflow_gpu", "11.2", "8.1")


def test_tf_no_windows_gpu_after_2_10() -> None:
    doc = load("tensorflow.json")
    win = [Version(r["version"]) for r in doc["releases"] if r["platform"] == "windows"]
    assert max(win) == Version("2.10.0")
    notes = [n for n in doc["notes"] if n.get("max_windows_native_gpu_version")]
    assert notes and notes[0]["max_windows_native_gpu_version"] == "2.10"


def test_tf_rows_parse_and_unique() -> None:
    seen = set()
    for r in load("tensorflow.json")["releases"]:
        Version(r["version"])
        for part in r["python"].split("||"):  # " || " joins ranges (TF 1.x: 2.7 and 3.x)
            SpecifierSet(part.strip())
        Version(r["cuda"])
        Version(r["cudnn"])
        assert r["platform"] in ("linux", "windows")
        assert isinstance(r["pip_extra_cuda"], bool)
        assert r["pip_extra_cuda"] == (
            r["platform"] == "linux" and Version(r["version"]) >= Version("2.14")
        )
        key = (r["version"], r["platform"])
        assert key not in seen
        seen.add(key)


# ---------------------------------------------------------------- jax


def test_jax_known_answers() -> None:
    r = jax_release("0.4.30")
    assert r["jaxlib"] == "0.4.30"
    p = plugin(r, "jax-cuda12-plugin")
    assert (p["cuda"], p["cudnn"], p["min_driver_linux"]) == (">=12.1", ">=9.0,<10.0", "525.60.13")
    assert p["extra"] == "jax[cuda12]"
    # cuDNN 9.1 requirement from 0.4.31; Python floor rises to 3.10.
    r31 = jax_release("0.4.31")
    assert plugin(r31, "jax-cuda12-plugin")["cudnn"] == ">=9.1,<10.0"
    assert r31["python"] == ">=3.10"
    # CUDA 13 plugin from 0.8.0 with the 580 driver floor.
    r80 = jax_release("0.8.0")
    p13 = plugin(r80, "jax-cuda13-plugin")
    assert (p13["cuda"], p13["min_driver_linux"], p13["cuda_major"]) == (">=13.0", "580", 13)
    assert "jax-cuda13-plugin" not in [p["name"] for p in jax_release("0.7.2")["plugins"]]
    # Older jaxlib CUDA wheels (before the plugin).
    w = jax_release("0.4.20")["jaxlib_cuda_wheels"]
    assert [(x["extra"], x["built_with_cuda"], x["built_with_cudnn"]) for x in w] == [
        ("jax[cuda12_pip]", "12.2", "8.9"),
        ("jax[cuda11_pip]", "11.8", "8.6"),
    ]
    assert w[1]["min_driver_linux"] == "450.80.02"


def test_jax_consistency() -> None:
    releases = load("jax.json")["releases"]
    versions = [Version(r["jax"]) for r in releases]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    for r in releases:
        SpecifierSet(r["python"])
        if r["jaxlib_min"] is None:  # only where no source gave it (PyPI: newest release only)
            assert "jaxlib_min" in r["unconfirmed"], r["jax"]
        else:
            assert Version(r["jaxlib_min"]) <= Version(r["jax"])
        if r["jaxlib"] is not None and r["jaxlib_min"] is not None:
            assert Version(r["jaxlib"]) >= Version(r["jaxlib_min"])
        names = [p["name"] for p in r["plugins"]]
        assert len(names) == len(set(names))
        for p in r["plugins"] + r.get("jaxlib_cuda_wheels", []):
            if p.get("cuda"):
                spec = SpecifierSet(p["cuda"])
                assert any(Version(f"{p['cuda_major']}.{m}") in spec for m in range(0, 10)), (
                    r["jax"],
                    p,
                )
            if p.get("cudnn"):
                SpecifierSet(p["cudnn"])
            if p.get("nccl") and p.get("name"):
                SpecifierSet(p["nccl"])
            if p["min_driver_linux"] is not None:
                Version(p["min_driver_linux"])
        for p in r["plugins"]:
            assert p["name"] == f"jax-cuda{p['cuda_major']}-plugin"
            assert p["extra"] == f"jax[cuda{p['cuda_major']}]"
        assert r["plugins"] or r.get("jaxlib_cuda_wheels"), r["jax"]
