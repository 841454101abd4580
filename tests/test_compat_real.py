"""Known answers from the bundled compat_data/ (public facts; sources are in the data files).

- CUDA 12.2 Update 2 needs >= 535.104.05 and 12.x minor-version compatibility >= 525.60.13
  (NVIDIA CUDA Toolkit release notes, table 3; CUDA Compatibility guide).
- CUDA 11.x minor-version compatibility: >= 450.80.02; CUDA 11.2 GA: >= 460.27.03.
- CUDA 13.x: >= 580 (PyTorch's cu130 wheels therefore need an R580 driver).
"""

from __future__ import annotations

import pytest
from compat_support import BUNDLED
from packaging.version import Version

from envcheck.compat import Matrix, load_matrix
from envcheck.compat_schema import FILES
from envcheck.errors import InputError


@pytest.fixture(scope="module")
def m() -> Matrix:
    return load_matrix(BUNDLED)


def test_every_bundled_file_is_present_and_valid(m: Matrix) -> None:
    for kind in FILES:
        assert (BUNDLED / f"{kind}.json").is_file(), f"compat_data/{kind}.json is missing"
    m.validate_all()
    info = m.info()
    assert all(f["entries"] > 0 and f["checked"] for f in info["files"].values())


def test_driver_535_runs_122_fully_and_12x_via_minor_compat(m: Matrix) -> None:
    full = m.driver_runs_cuda("535.104.05", "12.2")
    assert full.ok is True and full.mode == "full"
    assert m.max_cuda_for_driver("535.104.05") == "12.2.2"
    assert m.min_driver("12.2.2") == "535.104.05"
    for cuda in ("12.4", "12.6", "12.8"):
        v = m.driver_runs_cuda("535.104.05", cuda)
        assert (v.ok, v.mode, v.minor_compat_min_driver) == (True, "minor-compat", "525.60.13")
        assert "PTX" in (v.caveat or "")
    assert m.max_cuda_for_driver("535.104.05", minor_compat=True).startswith("12.")
    assert m.driver_runs_cuda("535.104.05", "13.0").ok is False


def test_cu130_wheel_needs_r580(m: Matrix) -> None:
    release, variant = m.torch_build("2.9.0+cu130")
    assert variant.cuda == "13.0" and variant.index_url == "https://download.pytorch.org/whl/cu130"
    assert Version(m.minor_compat_min_driver("13.0")).release[0] == 580
    assert m.driver_runs_cuda("575.57.08", "13.0").ok is False
    assert m.driver_runs_cuda("580.65.06", "13.0").ok is True
    assert "580" in m.driver_runs_cuda("570.86.10", variant.cuda).reason


def test_cuda_113_wheel_on_an_112_driver_via_minor_compat(m: Matrix) -> None:
    assert m.min_driver("11.2") == "460.27.03"
    assert m.max_cuda_for_driver("460.27.03").startswith("11.2")
    v = m.driver_runs_cuda("460.27.03", "11.3")
    assert (v.ok, v.mode) == (True, "minor-compat")
    assert m.driver_runs_cuda("450.80.02", "11.3").mode == "minor-compat"
    assert m.driver_runs_cuda("450.51.06", "11.3").ok is False  # below 450.80.02
    assert m.minor_compat_min_driver("11.8") == "450.80.02"


def test_cuda_124_minimums(m: Matrix) -> None:
    assert m.min_driver("12.4") == "550.54.14"
    assert m.min_driver("12.4", "windows") == "551.61"
    assert m.min_driver("12.4.1") == "550.54.15"
    assert m.minor_compat_min_driver("12.4", "windows") == "527.41"


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("NVIDIA H100 80GB HBM3", "9.0"),
        ("H100", "9.0"),
        ("NVIDIA GeForce RTX 4090", "8.9"),
        ("RTX 4090", "8.9"),
        ("GeForce RTX 4090", "8.9"),
        ("Tesla T4", "7.5"),
        ("T4", "7.5"),
        ("Tesla V100-SXM2-32GB", "7.0"),
        ("NVIDIA A100-SXM4-80GB", "8.0"),
        ("A100", "8.0"),
        ("A10", "8.6"),
        ("NVIDIA A10G", "8.6"),
        ("NVIDIA L40S", "8.9"),
        ("NVIDIA GeForce RTX 5090", "12.0"),
        ("NVIDIA B200", "10.0"),
    ],
)
def test_gpu_spellings(m: Matrix, name: str, cc: str) -> None:
    g = m.gpu(name)
    assert g is not None, name
    assert g.compute_capability == cc
    assert g.source.startswith("https://")


def test_gpu_no_false_matches(m: Matrix) -> None:
    assert m.gpu("A100").name.startswith("NVIDIA A100")  # not the A10
    assert m.gpu("A10").name == "NVIDIA A10"  # not an A100
    assert m.gpu("L40").name == "NVIDIA L40"  # not the L40S
    assert m.gpu("NVIDIA GeForce RTX 4090 D") is None  # another card
    # a laptop part has its own entry (laptop peaks differ); it never falls back to the desktop card
    assert m.gpu("NVIDIA GeForce RTX 3060 Laptop GPU").name == "NVIDIA GeForce RTX 3060 Laptop GPU"
    assert m.gpu("RTX 6000") is None  # Quadro RTX 6000 (7.5) or RTX 6000 Ada (8.9)


def test_gpu_names_cut_by_nvidia_smi_table(m: Matrix) -> None:
    # the nvidia-smi table truncates long names with "..."
    assert m.gpu("NVIDIA RTX 6000 Ada Gene...").name == "NVIDIA RTX 6000 Ada Generation"
    assert m.gpu("Tesla V100-SXM2-3...").name == "Tesla V100-SXM2-32GB"
    assert m.gpu("GeForce RTX 208...").compute_capability == "7.5"
    assert m.gpu("NVIDIA A10...") is None  # A10, A10G (8.6) or A100 (8.0): ambiguous
    assert m.gpu("NVIDIA GeForce ...") is None


def test_torch_251(m: Matrix) -> None:
    r = m.torch_release("2.5.1")
    assert (r.torchvision, r.torchaudio) == ("0.20.1", "2.5.1")
    tags = {v.tag: v for v in r.variants}
    assert {"cu118", "cu121", "cu124", "cpu"} <= set(tags)
    assert tags["cu121"].cuda == "12.1"
    assert tags["cu121"].index_url == "https://download.pytorch.org/whl/cu121"
    assert m.torch_build("2.5.1")[1].tag == r.pypi_default
    # no Blackwell kernels in 2.5.1's CUDA 12.4 wheels
    assert tags["cu124"].runs_on("12.0") is False
    assert tags["cu124"].runs_on("9.0") is True


def test_recommend_t4_on_470(m: Matrix) -> None:
    rec = m.recommend("torch", driver="470.82.01", gpu_ccs=["7.5"], python="3.10")
    assert rec.best is not None
    assert rec.best.cuda.startswith("11.") and rec.best.driver_mode == "minor-compat"
    assert rec.best.index_url.startswith("https://download.pytorch.org/whl/cu11")
    assert rec.rejected, "newer builds should be listed with reasons"
    assert any("driver too old" in r for _, rs in rec.rejected for r in rs)
    newest = max(m.torch_releases(), key=lambda r: tuple(int(x) for x in r.version.split(".")))
    assert rec.rejected[0][0].version == newest.version


def test_recommend_blackwell_needs_sm120_build(m: Matrix) -> None:
    rec = m.recommend("torch", driver="575.57.08", gpu_ccs=["12.0"], python="3.12")
    assert rec.best is not None
    variant = m.torch_build(f"{rec.best.version}+{rec.best.tag}")[1]
    assert variant.runs_on("12.0") is True
    for build, reasons in rec.rejected:
        if build.cuda and build.cuda.startswith("12.") and not any("matrix" in r for r in reasons):
            assert any("sm_120" in r for r in reasons), (build, reasons)


def test_recommend_other_frameworks(m: Matrix) -> None:
    tf = m.recommend("tensorflow", driver="535.104.05", gpu_ccs=[], python="3.11")
    assert tf.best is not None and tf.best.cuda.startswith("12.")
    assert m.recommend("tensorflow", driver="470.82.01", gpu_ccs=[], python="3.10").best.cuda < "12"
    jax = m.recommend("jax", driver="535.104.05", gpu_ccs=[], python="3.11")
    assert jax.best is not None and jax.best.tag.startswith("jax-cuda")


def test_tensorflow_and_jax_lookups(m: Matrix) -> None:
    tf = m.tensorflow_release("2.15")
    assert tf is not None and any(b.cuda == "12.2" for b in tf.builds)
    assert any("Windows" in n for n in tf.notes)
    j = m.jax_release("0.4.30")
    assert j is not None and j.plugins
    assert Version(j.plugins[0].min_driver_linux) >= Version("525.60.13")


def test_every_framework_cuda_is_known_to_the_cuda_matrix(m: Matrix) -> None:
    # otherwise recommend() could only say "cannot tell" for that build
    for r in m.torch_releases():
        for v in r.variants:
            if v.cuda:
                assert m.driver_runs_cuda("999.99", v.cuda).mode == "full", (r.version, v.tag)
    for version in m.tensorflow_versions():
        for b in m.tensorflow_release(version).builds:
            if b.cuda:
                assert m.driver_runs_cuda("999.99", b.cuda).mode == "full", b


def test_driver_older_than_the_gpu_architecture_rules_out_everything(m: Matrix) -> None:
    # floors.json: Blackwell's first toolkit is CUDA 12.8 (driver >= 570.26): an R535 driver
    # cannot drive an RTX 50 at all, whatever the build
    rec = m.recommend("torch", driver="535.104.05", gpu_ccs=["12.0"], python="3.12")
    assert rec.best is None and rec.rejected == []
    assert any("cannot drive Blackwell" in b and "first toolkit" in b for b in rec.blocked)
    rec = m.recommend("torch", driver="575.57.08", gpu_ccs=["12.0"], python="3.12")
    assert rec.blocked == [] and rec.best is not None
    # Kepler's last driver branch is R470: a K80 on R535 runs nothing
    rec = m.recommend("torch", driver="535.104.05", gpu_ccs=["3.7"], python="3.10")
    assert rec.best is None and any("R470 is the last driver branch" in b for b in rec.blocked)


def test_unknown_versions_are_none_not_guesses(m: Matrix) -> None:
    assert m.min_driver("12.42") is None
    assert m.torch_release("9.9.9") is None
    assert m.tensorflow_release("0.12") is None  # before the tested-builds table
    assert m.jax_release("0.0.1") is None
    assert m.gpu("Voodoo5 5500") is None
    with pytest.raises(InputError):
        m.max_cuda_for_driver("five-three-five")


def test_recommend_prefers_full_compatibility_within_a_release() -> None:
    """Driver 580.65.06 is the CUDA 13.0 GA driver: 2.14.1 cu130 runs with full compatibility,
    cu132 only through minor-version compatibility, so cu130 is the better pick."""
    from envcheck.compat import load_matrix

    rec = load_matrix().recommend("torch", "580.65.06", ["9.0"], "3.11")
    assert rec.best is not None
    assert (rec.best.version, rec.best.tag, rec.best.driver_mode) == ("2.14.1", "cu130", "full")
