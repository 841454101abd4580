"""Matrix semantics on a small fictional data directory (made-up CUDA 7.x / 8.x)."""

from __future__ import annotations

from pathlib import Path

import pytest
from compat_support import fictional, write_data_dir

from envcheck.compat import Matrix, arch_list_runs_on, load_matrix
from envcheck.errors import InputError


@pytest.fixture()
def m(tmp_path: Path) -> Matrix:
    return load_matrix(write_data_dir(tmp_path / "data"))


# ---- driver / toolkit


def test_min_driver_ga_and_update(m: Matrix) -> None:
    assert m.min_driver("7.1") == "710.20"  # "7.1" is the GA
    assert m.min_driver("7.1.0") == "710.20"
    assert m.min_driver("7.1.1") == "710.30"  # Update 1
    assert m.min_driver("7.1", "windows") == "711.20"
    assert m.min_driver("7.2", "windows") is None  # not published
    assert m.min_driver("7.1.2") is None  # not in the data: no guess
    assert m.min_driver("6.0") is None
    assert m.min_driver("not-a-version") is None


def test_toolkit_version_spelling_is_recognised(m: Matrix) -> None:
    # the version an installed toolkit reports (nvcc "V7.0.130") finds its release row
    assert m.min_driver("7.0.130") == "700.10"
    assert m.toolkit("7.0.130")["version"] == "7.0.0"
    assert m.min_driver("7.0.131") is None


def test_minor_compat_min_driver_per_major(m: Matrix) -> None:
    assert m.minor_compat_min_driver("7.2") == "705.50"
    assert m.minor_compat_min_driver("7.0.0") == "705.50"
    assert m.minor_compat_min_driver("7.2", "windows") == "706.50"
    assert m.minor_compat_min_driver("8.1") == "800.10"
    assert m.minor_compat_min_driver("8.1", "windows") is None
    assert m.minor_compat_min_driver("6.5") is None


def test_max_cuda_for_driver_with_and_without_minor_compat(m: Matrix) -> None:
    assert m.max_cuda_for_driver("710.20") == "7.1.0"
    assert m.max_cuda_for_driver("710.20", minor_compat=True) == "7.2.0"
    # 7.0 GA needs less than the 7.x minor-compat minimum (like CUDA 11.0 vs 450.80.02)
    assert m.max_cuda_for_driver("703.00") == "7.0.0"
    assert m.max_cuda_for_driver("703.00", minor_compat=True) == "7.0.0"
    assert m.max_cuda_for_driver("699.99") is None
    assert m.max_cuda_for_driver("699.99", minor_compat=True) is None
    assert m.max_cuda_for_driver("805") == "8.0.0"
    assert m.max_cuda_for_driver("805", minor_compat=True) == "8.1.0"
    assert m.max_cuda_for_driver("999.1") == "8.1.0"
    assert m.max_cuda_for_driver("711.20", "windows") == "7.1.0"
    # 7.2 has no Windows minimum, but minor compat on Windows covers it
    assert m.max_cuda_for_driver("720.30", "windows") == "7.1.1"
    assert m.max_cuda_for_driver("720.30", "windows", minor_compat=True) == "7.2.0"
    with pytest.raises(InputError):
        m.max_cuda_for_driver("latest")


def test_driver_runs_cuda_full(m: Matrix) -> None:
    v = m.driver_runs_cuda("710.20", "7.1")
    assert (v.ok, v.mode, v.min_driver, v.minor_compat_min_driver) == (
        True, "full", "710.20", "705.50",
    )  # fmt: skip
    assert v.caveat is None
    assert v.source and v.source.startswith("https://")


def test_driver_runs_cuda_minor_compat_has_ptx_caveat(m: Matrix) -> None:
    v = m.driver_runs_cuda("706.00", "7.2")
    assert v.ok is True and v.mode == "minor-compat"
    assert "PTX" in (v.caveat or "")


def test_driver_runs_cuda_too_old(m: Matrix) -> None:
    v = m.driver_runs_cuda("703.00", "7.2")
    assert v.ok is False and v.mode is None
    assert "705.50" in v.reason
    # below the 7.0 GA minimum too
    assert m.driver_runs_cuda("700.00", "7.0").ok is False
    assert m.driver_runs_cuda("700.10", "7.0").mode == "full"


def test_driver_runs_cuda_unknown_toolkit(m: Matrix) -> None:
    # a 7.x the data does not list: minor compat vouches for it...
    v = m.driver_runs_cuda("710.00", "7.5")
    assert v.ok is True and v.mode == "minor-compat" and v.min_driver is None
    # ...but below the minor-compat minimum the matrix cannot tell
    assert m.driver_runs_cuda("700.00", "7.5").ok is None
    # an unknown major: cannot tell, never a guess
    v = m.driver_runs_cuda("999.1", "9.0")
    assert v.ok is None and "not in the matrix" in v.reason


def test_driver_runs_cuda_bad_input(m: Matrix) -> None:
    with pytest.raises(InputError, match="driver version"):
        m.driver_runs_cuda("abc", "7.1")


def test_toolkit_supports_cc(m: Matrix) -> None:
    assert m.toolkit_supports_cc("7.1", "7.0") is True
    assert m.toolkit_supports_cc("7.1", "7.5") is False
    assert m.toolkit_supports_cc("8.0", "9.0") is True
    assert m.toolkit_supports_cc("8.1.0", "6.0") is False
    assert m.toolkit_supports_cc("9.0", "9.0") is None


# ---- architectures


@pytest.mark.parametrize(
    ("archs", "cc", "runs"),
    [
        (["sm_80"], "8.6", True),  # cubin: same major, higher minor
        (["sm_86"], "8.0", False),  # not on a lower minor
        (["sm_80"], "9.0", False),  # not across majors
        (["sm_70", "sm_80"], "7.5", True),
        (["compute_80"], "9.0", True),  # PTX JITs forward
        (["compute_90"], "8.9", False),  # ...but never backward
        (["sm_90a"], "9.0", True),  # arch-specific: exactly 9.0
        (["sm_90a"], "10.0", False),
        (["compute_90a"], "10.0", False),
        (["sm_100"], "10.3", True),
        (["sm_120"], "12.1", True),
        (["sm_120"], "10.0", False),
        (["sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_90"], "12.0", False),
        (["sm_90", "compute_90"], "12.0", True),
        (["8.6+PTX"], "9.0", True),  # TORCH_CUDA_ARCH_LIST spelling
        (["8.6"], "9.0", False),
        (["garbage", "sm_x"], "8.0", False),
        ([], "8.0", False),
        (["sm_80"], "not-a-cc", False),
    ],
)
def test_arch_list_runs_on(archs: list, cc: str, runs: bool) -> None:
    assert arch_list_runs_on(archs, cc) is runs


# ---- GPUs


def test_gpu_exact_alias_and_noise_words(m: Matrix) -> None:
    g = m.gpu("FakeCorp Widget 100 80GB HBM9")
    assert g is not None and g.compute_capability == "9.0" and g.matched_by == "exact"
    assert g.memory_bandwidth_gbs == 9999 and g.slowdown_temp_c == 91
    assert m.gpu("Widget 100 SXM").name == "FakeCorp Widget 100 80GB HBM9"
    assert m.gpu("Tesla Gizmo G4").compute_capability == "7.5"
    assert m.gpu("NVIDIA Gizmo G4").compute_capability == "7.5"  # vendor words ignored
    assert m.gpu("G4").compute_capability == "7.5"


def test_gpu_no_false_prefix_match(m: Matrix) -> None:
    # "Widget 10" must not match "Widget 100" (and vice versa)
    assert m.gpu("FakeCorp Widget 10").compute_capability == "8.6"
    assert m.gpu("Widget 10").name == "FakeCorp Widget 10"
    assert m.gpu("Widget 1000") is None
    assert m.gpu("Widget 10 Laptop GPU") is None


def test_gpu_partial_match_lists_alternatives(m: Matrix) -> None:
    g = m.gpu("Widget 100")
    assert g is not None and g.compute_capability == "9.0" and g.matched_by == "partial"
    assert set(g.also_matches) | {g.name} == {
        "FakeCorp Widget 100 80GB HBM9",
        "FakeCorp Widget 100 PCIe",
    }


def test_gpu_ambiguous_across_cc_is_none(m: Matrix) -> None:
    # "Widget" alone names no model; "FakeCorp" matches GPUs of different compute capability
    assert m.gpu("Widget") is None
    assert m.gpu("FakeCorp") is None
    assert m.gpu("") is None
    assert m.gpu("Voodoo 5 5500") is None


# ---- torch


def test_torch_release_and_build(m: Matrix) -> None:
    r = m.torch_release("9.1.0")
    assert r is not None and r.python == ">=3.10,<3.13"
    assert (r.torchvision, r.torchaudio, r.pypi_default) == ("0.91.0", "9.1.0", "cu81")
    assert [v.tag for v in r.variants] == ["cu81", "cu72", "cpu"]
    assert m.torch_release("9.1") is r  # 9.1 == 9.1.0
    assert m.torch_release("9.2.0") is None
    rel, var = m.torch_build("9.1.0+cu72")
    assert rel is r and var.cuda == "7.2" and var.index_url.endswith("/cu72")
    assert m.torch_build("9.1.0")[1].tag == "cu81"  # no local tag = the PyPI default
    assert m.torch_build("9.1.0+cpu.cxx11.abi")[1].cuda is None
    assert m.torch_build("9.1.0+rocm6.1") is None
    assert m.torch_build("9.2.0+cu81") is None


def test_unconfirmed_ptx_means_cannot_tell(tmp_path: Path) -> None:
    doc = fictional("torch")
    doc["releases"][0]["variants"][0]["ptx"] = None  # cu81: sm_80 sm_90, PTX not confirmed
    m = load_matrix(write_data_dir(tmp_path / "d", {"torch": doc}))
    cu81 = m.torch_build("9.1.0+cu81")[1]
    assert cu81.runs_on("9.0") is True  # its cubins cover it
    assert cu81.runs_on("10.0") is None  # only PTX could, and that is unknown
    rec = m.recommend("torch", driver="810.05", gpu_ccs=["10.0"], python="3.11")
    assert any("PTX is unconfirmed" in r for _, rs in rec.cannot_tell for r in rs)
    assert not any("PTX" in r for _, rs in rec.rejected for r in rs)  # unknown is not failing


def test_windows_wheels_have_their_own_arch_list(tmp_path: Path) -> None:
    doc = fictional("torch")
    cu71 = doc["releases"][1]["variants"][0]  # Linux: sm_50 sm_60 sm_70 sm_75
    cu71["arch_list_windows"], cu71["ptx_windows"] = ["sm_60", "sm_61"], ["compute_61"]
    m = load_matrix(write_data_dir(tmp_path / "d", {"torch": doc}))
    v = m.torch_build("9.0.0+cu71")[1]
    assert v.runs_on("5.0") is True and v.runs_on("5.0", "windows") is False
    assert v.runs_on("8.0") is False and v.runs_on("8.0", "windows") is True  # PTX JIT
    rec = m.recommend("torch", driver="720.00", gpu_ccs=["5.0"], python="3.11", platform="windows")
    assert rec.best is None and "no kernels for sm_50" in rec.rejected[-1][1][0]


# ---- recommend


def test_recommend_driver_too_old_falls_back_to_minor_compat_build(m: Matrix) -> None:
    rec = m.recommend("torch", driver="706.00", gpu_ccs=["7.0"], python="3.11")
    assert rec.best is not None
    assert (rec.best.version, rec.best.tag, rec.best.driver_mode) == (
        "9.1.0",
        "cu72",
        "minor-compat",
    )
    assert "PTX" in rec.best.caveat
    assert rec.best.pip_args == [
        "torch==9.1.0", "torchvision==0.91.0", "torchaudio==9.1.0",
        "--index-url", "https://example.invalid/whl/cu72",
    ]  # fmt: skip
    [(build, reasons)] = rec.rejected
    assert build.tag == "cu81"
    assert any("driver too old" in r and "800.10" in r for r in reasons)


def test_recommend_no_kernels_for_gpu(m: Matrix) -> None:
    rec = m.recommend("torch", driver="810.05", gpu_ccs=["5.2"], python="3.11")
    assert (rec.best.version, rec.best.tag, rec.best.driver_mode) == ("9.0.0", "cu71", "full")
    assert [b.tag for b, _ in rec.rejected] == ["cu81", "cu72"]
    for _, reasons in rec.rejected:
        assert any("no kernels for sm_52" in r for r in reasons)


def test_recommend_python_range(m: Matrix) -> None:
    rec = m.recommend("torch", driver="810.05", gpu_ccs=["8.0"], python="3.9")
    assert rec.best is None  # 9.0.0's cu71 has no sm_80 kernels
    assert all(any("Python 3.9" in r for r in rs) for b, rs in rec.rejected if b.version == "9.1.0")
    # a patch version is judged by its minor series
    rec = m.recommend("torch", driver="810.05", gpu_ccs=["8.0"], python="3.12.4")
    assert (rec.best.version, rec.best.tag) == ("9.1.0", "cu81")
    assert rec.rejected == []


def test_recommend_nothing_runs(m: Matrix) -> None:
    rec = m.recommend("torch", driver="600.00", gpu_ccs=["9.0"], python="3.11")
    assert rec.best is None
    assert len(rec.rejected) == 3 and all(rs for _, rs in rec.rejected)


def test_recommend_unknown_inputs_are_noted_not_guessed(m: Matrix) -> None:
    rec = m.recommend("torch", driver=None, gpu_ccs=[], python=None)
    assert (rec.best.version, rec.best.tag) == ("9.1.0", "cu81")
    assert len(rec.notes) == 3


def test_recommend_platform_filters_variants(m: Matrix) -> None:
    rec = m.recommend("torch", driver="801.10", gpu_ccs=["7.0"], python="3.11", platform="windows")
    # cu72 is Linux-only; on Windows the 7.x choice is 9.0.0 cu71
    assert (rec.best.version, rec.best.tag) == ("9.0.0", "cu71")
    assert [b.tag for b, _ in rec.rejected] == ["cu81"]


def test_recommend_tensorflow_and_jax(m: Matrix) -> None:
    rec = m.recommend("tensorflow", driver="710.20", gpu_ccs=["7.0"], python="3.10")
    assert rec.best.version == "5.0" and rec.best.cuda == "7.1"
    assert rec.rejected[0][0].version == "5.1.0"
    assert any("compiled GPU architectures" in n for n in rec.notes)
    rec = m.recommend("tensorflow", driver="810.05", gpu_ccs=[], python="3.10")
    assert rec.best.packages == (("tensorflow[and-cuda]", "5.1.0"),)
    jax = m.recommend("jax", driver="800.10", gpu_ccs=[], python="3.12")
    assert jax.best.version == "0.9.1" and jax.best.packages == (("jax[cuda8]", "0.9.1"),)
    jax = m.recommend("jax", driver="799.00", gpu_ccs=[], python="3.12")
    assert jax.best is None and "800.10" in jax.rejected[0][1][0]
    assert (
        m.recommend("jax", driver="810.00", gpu_ccs=[], python="3.12", platform="windows").best
        is None
    )


def test_recommend_bad_inputs(m: Matrix) -> None:
    with pytest.raises(InputError, match="framework"):
        m.recommend("mxnet", driver=None, gpu_ccs=[], python=None)
    with pytest.raises(InputError, match="compute capability"):
        m.recommend("torch", driver=None, gpu_ccs=["sm_80"], python=None)
    with pytest.raises(InputError, match="platform"):
        m.recommend("torch", driver=None, gpu_ccs=[], python=None, platform="darwin")
    with pytest.raises(InputError, match="Python"):
        m.recommend("torch", driver=None, gpu_ccs=[], python="three")


# ---- tensorflow / jax lookups


def test_tensorflow_release_series_and_exact(m: Matrix) -> None:
    assert m.tensorflow_release("5.1").builds[0].cuda == "8.0"  # 5.1 == 5.1.0
    # tensorflow.org lists one tested build per minor ("tensorflow-2.3.0"); a patch release
    # (5.1.1) was built the same way, so it takes the minor's x.y.0 row (not a guess across
    # minors: 5.2.1 has no 5.2 row and stays unknown)
    assert m.tensorflow_release("5.1.1").version == "5.1.0"
    assert m.tensorflow_release("5.2.1") is None
    assert m.tensorflow_release("5.0.3").builds[0].cuda == "7.1"  # "5.0" covers 5.0.*
    assert m.tensorflow_release("4.0") is None
    assert m.tensorflow_release("5.1").notes == ("fictional note",)


def test_jax_release(m: Matrix) -> None:
    r = m.jax_release("0.9.1")
    assert r.plugins[0].min_driver_linux == "800.10"
    assert m.jax_release("0.9.2") is None


# ---- loading


def test_lazy_loading_reads_only_needed_files(tmp_path: Path) -> None:
    d = write_data_dir(tmp_path / "data", {"torch": "{ not json"})
    m = load_matrix(d)
    assert m.min_driver("7.1") == "710.20"  # cuda.json alone is read
    with pytest.raises(InputError, match="torch.json"):
        m.torch_release("9.1.0")


def test_load_matrix_is_cached(tmp_path: Path) -> None:
    d = write_data_dir(tmp_path / "data")
    assert load_matrix(d) is load_matrix(d)


def test_info_and_dates(tmp_path: Path) -> None:
    m = load_matrix(write_data_dir(tmp_path / "data"))
    assert m.data_date == "2026-02-03"
    assert m.file_date("gpus") == "2026-01-01"
    info = m.info()
    assert info["files"]["cuda.json"] == {
        "entries": 10, "checked": "2026-02-03", "description": "fictional cuda data for tests",
    }  # fmt: skip
    assert info["origin"] == "explicit"
