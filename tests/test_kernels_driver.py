"""The CUDA driver API backend without a GPU: the PTX text (parsed, and assembled by the real
ptxas of the CUDA toolkit when present), cuLaunchKernel's argument marshalling (read back here,
and consumed by a fake libcuda.so.1 built from tests/fixtures/kernels/fake_libcuda.c that emulates
the kernels on the CPU), and the "no driver" path."""

from __future__ import annotations

import ctypes
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from kernels_support import build_fake_libcuda, by_test, codes, outcome

from envcheck import kernels
from envcheck.kernels import cuda_driver
from envcheck.snapshot import Driver, Gpu, Snapshot

PTXAS = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
PTX = cuda_driver.ptx_source()[:-1].decode()


def _entries(text: str):
    """{name: (param types in order, body)} from the PTX text."""
    out = {}
    for m in re.finditer(r"\.visible\s+\.entry\s+(\w+)\s*\((.*?)\)\s*\{(.*?)\n\}", text, re.S):
        params = re.findall(r"\.param\s+\.(\w+)\s+(\w+)", m.group(2))
        out[m.group(1)] = ([t for t, _ in params], [n for _, n in params], m.group(3))
    return out


def test_ptx_header_targets_an_old_isa_every_driver_can_jit():
    assert PTX.endswith("\n") and "\0" not in PTX
    assert cuda_driver.ptx_source().endswith(b"\0")  # cuModuleLoadData wants NUL-terminated
    assert re.search(r"^\.version 6\.0$", PTX, re.M)
    assert re.search(r"^\.target sm_50$", PTX, re.M)
    assert re.search(r"^\.address_size 64$", PTX, re.M)


def test_ptx_entries_match_the_signatures_the_launcher_marshals():
    entries = _entries(PTX)
    assert set(entries) == set(cuda_driver.KERNELS)
    for name, (types, pnames, body) in entries.items():
        assert tuple(types) == cuda_driver.KERNELS[name], name
        for p in pnames:  # every parameter is loaded, with the width it is declared with
            kind = types[pnames.index(p)]
            assert re.search(rf"ld\.param\.{kind}\s+%\w+, \[{p}\];", body), (name, p)
        labels = set(re.findall(r"^(\$\w+):", body, re.M))
        for target in re.findall(r"\bbra(?:\.uni)?\s+(\$\w+);", body):
            assert target in labels, (name, target)
        for reg, count in re.findall(r"\.reg\s+\.\w+\s+%(\w+)<(\d+)>;", body):
            used = [int(n) for n in re.findall(rf"%{reg}(\d+)\b", body)]
            assert used and max(used) < int(count), (name, reg)
        assert body.rstrip().endswith("ret;")


@pytest.mark.skipif(not Path(PTXAS).exists(), reason="no ptxas (CUDA toolkit) on this machine")
@pytest.mark.parametrize("arch", ["sm_75", "sm_80", "sm_90"])
def test_ptx_assembles_with_the_real_ptxas(tmp_path, arch):
    src = tmp_path / "k.ptx"
    src.write_text(PTX)
    proc = subprocess.run(
        [PTXAS, f"-arch={arch}", "-o", str(tmp_path / "k.cubin"), str(src)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "k.cubin").stat().st_size > 0


def test_kernel_params_are_pointers_to_values_of_the_declared_width():
    values = [0x7F0012345000, 1 << 33, 2654435761, 0xFFFFFFFF, 0x7F0000001000]
    params, holders = cuda_driver.pack_params(cuda_driver.KERNELS["pattern_check"], values)
    assert len(params) == 5 and ctypes.sizeof(params) == 5 * ctypes.sizeof(ctypes.c_void_p)
    sizes = [ctypes.sizeof(h) for h in holders]
    assert sizes == [8, 8, 4, 4, 8]
    for ptr, holder, value, size in zip(params, holders, values, sizes):
        assert ptr == ctypes.addressof(holder)
        raw = ctypes.string_at(ptr, size)
        assert int.from_bytes(raw, "little") == value
    with pytest.raises(ValueError):
        cuda_driver.pack_params(cuda_driver.KERNELS["vector_add"], [1, 2, 3])


def test_grid_covers_small_inputs_and_caps_large_ones():
    assert cuda_driver.grid_for(1) == 1
    assert cuda_driver.grid_for(65536) == 256
    assert cuda_driver.grid_for(1 << 40) == cuda_driver.MAX_GRID  # grid-stride loop covers it


def _has_real_libcuda() -> bool:
    try:
        ctypes.CDLL("libcuda.so.1")
        return True
    except OSError:
        return False


@pytest.mark.skipif(_has_real_libcuda(), reason="this machine has a libcuda.so.1")
def test_no_driver_library_is_a_clean_result_and_a_finding():
    results = kernels.run(Snapshot(), backend="cuda-driver", budget_s=30, progress=False)
    (r,) = results
    assert r.test == "init" and r.passed is False
    assert "libcuda.so.1 not found: no NVIDIA driver user-space library" in r.detail
    out = outcome(results)
    assert codes(out) == ["EC802"]
    assert out.findings[0].title == "No GPU backend could run"


# --- against the fake libcuda.so.1 -------------------------------------------------------


@pytest.fixture(scope="module")
def fake_lib(tmp_path_factory):
    d = build_fake_libcuda(tmp_path_factory.mktemp("fakecuda"))
    if d is None:
        pytest.skip("no C compiler to build the fake libcuda.so.1")
    return d


@pytest.fixture
def fake_env(fake_lib, monkeypatch, tmp_path):
    monkeypatch.setenv("LD_LIBRARY_PATH", str(fake_lib))
    log = tmp_path / "launches.log"
    monkeypatch.setenv("FAKE_CUDA_LOG", str(log))
    return log


def _snapshot() -> Snapshot:
    gpu = Gpu(
        index=0, name="Fake GPU 0", uuid="GPU-00000000-fake", pcie_gen_max=4, pcie_width_max=16
    )
    return Snapshot(driver=Driver(status="ok", gpus=[gpu]))


def test_driver_backend_runs_the_ptx_kernels_on_each_gpu(fake_env):
    results = kernels.run(_snapshot(), backend="cuda-driver", budget_s=60, progress=False)
    got = by_test(results)
    assert got["vector_add"].passed is True and got["vector_add"].backend == "cuda-driver"
    assert got["memtest"].passed is True and got["memtest"].value == 0
    assert len(got["memtest"].evidence["patterns"]) == 7
    for name in ("h2d_bandwidth", "d2h_bandwidth", "d2d_bandwidth"):
        assert got[name].passed is not None and got[name].value > 0
    assert got["h2d_bandwidth"].peak == 31.5  # PCIe gen4 x16 from the snapshot
    assert "NVML unavailable" in got["h2d_bandwidth"].evidence["telemetry"]
    assert got["gemm_fp16"].passed is None and "BLAS" in got["gemm_fp16"].detail
    assert "EC801" not in codes(outcome(results)) and "EC802" not in codes(outcome(results))
    launches = fake_env.read_text().splitlines()
    va = [ln for ln in launches if ln.startswith("vector_add")]
    assert va and va[0].startswith("vector_add grid=256 block=256") and va[0].endswith("p3=65536")
    fills = [ln for ln in launches if ln.startswith("pattern_fill")]
    assert fills[0].endswith("p2=1 p3=0")  # address-in-address: mul 1, xor 0
    assert fills[1].endswith(f"p2=1 p3={0xFFFFFFFF}")  # inverse address


def test_wrong_kernel_results_from_the_driver_are_caught(fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CUDA_CORRUPT", "1")
    monkeypatch.setenv("ENVCHECK_KERNELS_INJECT", "corrupt:memtest")
    results = kernels.run(_snapshot(), backend="cuda-driver", budget_s=60, progress=False)
    got = by_test(results)
    assert got["vector_add"].passed is False and got["vector_add"].value == 1.0
    assert got["memtest"].passed is False and got["memtest"].value == 1.0
    out = outcome(results)
    assert [f.code for f in out.findings if f.code == "EC801"] == ["EC801", "EC801"]


@pytest.mark.parametrize(
    ("knob", "message"),
    [
        ("FAKE_CUDA_INIT_ERROR", "cuInit failed: CUDA_ERROR_NO_DEVICE (100): no CUDA-capable"),
        ("FAKE_CUDA_BAD_PTX", "cuModuleLoadData failed: CUDA_ERROR_INVALID_PTX (218)"),
    ],
)
def test_driver_errors_are_clean_results(fake_env, monkeypatch, knob, message):
    monkeypatch.setenv(knob, "100" if knob == "FAKE_CUDA_INIT_ERROR" else "1")
    results = kernels.run(_snapshot(), backend="cuda-driver", budget_s=60, progress=False)
    (r,) = results
    assert r.test == "init" and r.passed is False and message in r.detail
    assert r.evidence["failure"] == "error"
    assert codes(outcome(results)) == ["EC802"]


def test_gpus_outside_the_snapshot_are_a_usage_error(fake_env):
    from envcheck.errors import InputError

    with pytest.raises(InputError, match="no GPU 3"):
        kernels.run(_snapshot(), backend="cuda-driver", gpus="3", progress=False)


def test_a_failing_test_is_an_error_and_out_of_memory_is_not(fake_env, monkeypatch):
    monkeypatch.setenv("ENVCHECK_KERNELS_INJECT", "error:memtest,oom:d2d_bandwidth")
    results = kernels.run(_snapshot(), backend="cuda-driver", budget_s=60, progress=False)
    got = by_test(results)
    assert got["memtest"].passed is False
    assert got["memtest"].detail.startswith("RuntimeError: CUDA error: unspecified launch")
    assert got["d2d_bandwidth"].passed is None
    assert got["d2d_bandwidth"].detail.startswith("not run: out of GPU memory")
    # the context still works after the error: the later tests ran
    assert got["h2d_bandwidth"].value > 0
    out = outcome(results)
    assert [(f.code, f.gpu) for f in out.findings if f.category == "kernel-failure"] == [
        ("EC802", 0)
    ]


def test_a_sticky_cuda_error_stops_that_gpu_cleanly(fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_CUDA_STICKY", "pattern_fill")
    results = kernels.run(_snapshot(), backend="cuda-driver", budget_s=60, progress=False)
    got = by_test(results)
    assert got["vector_add"].passed is True
    assert got["memtest"].passed is False
    assert "CUDA_ERROR_ILLEGAL_ADDRESS (700): an illegal memory access" in got["memtest"].detail
    for name in ("h2d_bandwidth", "d2h_bandwidth", "d2d_bandwidth"):
        assert got[name].passed is None
        assert got[name].detail == "not run: the GPU context failed after memtest"
    assert [f.code for f in outcome(results).findings] == ["EC802"]


@pytest.mark.parametrize(
    ("knob", "expected"),
    [
        (None, "the GPU and driver work, the torch installation cannot use this GPU"),
        ("FAKE_CUDA_INIT_ERROR", "the CUDA driver API also fails on this GPU: cuInit failed"),
    ],
)
def test_a_framework_that_cannot_open_the_gpu_is_cross_checked_with_the_driver(
    fake_lib, knob, expected
):
    import os
    import sys

    env = dict(os.environ, LD_LIBRARY_PATH=str(fake_lib))
    if knob:
        env[knob] = "100"
    code = (
        "from envcheck.kernels.worker import _driver_cross_check;"
        "print(_driver_cross_check({'device': 'cuda', 'ordinal': 0}, 'torch'))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert expected in proc.stdout


def test_mig_gpus_are_not_run_as_whole_gpus():
    gpu = Gpu(index=0, name="NVIDIA A100-SXM4-40GB", uuid="GPU-0000-mig", mig_enabled=True)
    results = kernels.run(Snapshot(driver=Driver(status="ok", gpus=[gpu])), progress=False)
    (r,) = results
    assert r.test == "init" and r.passed is None and "MIG is enabled" in r.detail
    out = outcome(results)
    assert out.findings == []
    assert "MIG is enabled" in {s.code: s.reason for s in out.skipped}["EC801"]
