"""More real collect_env reports (tests/fixtures/reports/, each with a .source file): the facts
the importer reads from them, and the findings that must — or must not — follow.

Every fixture is also judged against its .source diagnosis by test_importers_reports.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from importers_support import REPORTS, expected

from envcheck.checks.registry import run_checks
from envcheck.compat import load_matrix
from envcheck.importers import snapshot_from_reports
from envcheck.policy import load_policy
from envcheck.snapshot import Snapshot

NEW = [
    "pytorch-44106-rocm37-healthy.txt",
    "pytorch-145670-rocm63-rx5700xt.txt",
    "pytorch-164943-macos-arm64-mps-healthy.txt",
    "pytorch-48145-macos-x86-nocuda-healthy.txt",
    "pytorch-40682-windows-2x-titanrtx-quoted.txt",
    "pytorch-77520-conda-could-not-collect.txt",
    "pytorch-137846-windows-cpu-xpu-healthy.txt",
    "pytorch-44303-torch131-cuda-none-rtx2080ti.txt",
    "pytorch-122924-windows-untagged-cpu-rtx4080.txt",
    "vllm-11623-driver-too-old-11040.txt",
    "vllm-9293-wsl2-rtx4070-laptop-healthy.txt",
    "vllm-3842-4xa100-healthy.txt",
    "vllm-15081-4xa100-cudnn89-list.txt",
    "vllm-10319-2xv100-cu118-driver515-healthy.txt",
    "vllm-3912-4xh100-healthy.txt",
    "vllm-8477-cpu-torch-on-mig-a100.txt",
    "pytorch-28321-conda-cu101-driver410-t4.txt",
    "pytorch-51858-windows-torch1121-untagged-rtx3060.txt",
]
NVIDIA_CATEGORIES = (
    "driver-too-old",
    "driver-library-mismatch",
    "driver-not-loaded",
    "cuda-libs-mismatch",
    "toolkit-mismatch",
    "cpu-only-build",
    "gpu-arch-unsupported",
)


def _snap(name: str) -> Snapshot:
    return snapshot_from_reports([str(REPORTS / name)], [])


def _findings(name: str) -> List[Dict[str, Any]]:
    outcome = run_checks(_snap(name), load_matrix(), load_policy(None))
    return [f.to_dict() for f in outcome.findings]


def _codes(name: str, severity: str = "") -> List[str]:
    return [f["code"] for f in _findings(name) if not severity or f["severity"] == severity]


def test_the_new_fixtures_exist_with_sources() -> None:
    assert len(NEW) >= 12
    for name in NEW:
        assert (REPORTS / name).is_file(), name
        assert expected(REPORTS / name), name


@pytest.mark.parametrize(
    "name", ["pytorch-44106-rocm37-healthy.txt", "pytorch-145670-rocm63-rx5700xt.txt"]
)
def test_rocm_reports_raise_no_nvidia_findings(name: str) -> None:
    snap = _snap(name)
    assert snap.driver is None or not isinstance(snap.driver.version, str)
    cats = {f["category"] for f in _findings(name)}
    assert not cats & set(NVIDIA_CATEGORIES), cats


def test_rocm_build_is_recorded_as_not_cuda() -> None:
    snap = _snap("pytorch-44106-rocm37-healthy.txt")
    torch = [d for d in snap.packages.deep if d.name == "torch"][0]
    assert torch.cuda_version is None  # "CUDA used to build PyTorch: N/A"
    assert "ROCm 3.7" in torch.detail


@pytest.mark.parametrize(
    "name",
    [
        "pytorch-44303-torch131-cuda-none-rtx2080ti.txt",  # torch 1.x, untagged, Linux
        "pytorch-122924-windows-untagged-cpu-rtx4080.txt",  # torch 2.x, untagged, Windows
        "vllm-8477-cpu-torch-on-mig-a100.txt",  # torch 2.x +cpu
    ],
)
def test_could_not_collect_cuda_build_is_a_cpu_build(name: str) -> None:
    snap = _snap(name)
    torch = [d for d in snap.packages.deep if d.name == "torch"][0]
    assert torch.cuda_version is None  # torch.version.cuda is None, stated by the report
    assert "EC210" in _codes(name, "error")


def test_could_not_collect_without_torch_version_stays_unknown(tmp_path: Path) -> None:
    text = (REPORTS / "pytorch-44303-torch131-cuda-none-rtx2080ti.txt").read_text()
    report = tmp_path / "no-torch.txt"
    report.write_text(
        text.replace("PyTorch version: 1.3.1", "PyTorch version: N/A").replace(
            "[pip3] torch==1.3.1", ""
        )
    )
    assert "EC210" not in _codes(str(report))


def test_untagged_windows_companions_are_not_called_cuda_builds() -> None:
    # torch 2.2.2 / torchvision 0.17.2 / torchaudio 2.2.2 from PyPI on Windows: all CPU builds
    assert "EC230" not in _codes("pytorch-122924-windows-untagged-cpu-rtx4080.txt")


def test_source_tree_build_of_the_paired_torchvision_is_paired() -> None:
    # torch 1.12.1 with torchvision "0.13.1a0" (built from the 0.13.1 sources)
    assert "EC230" not in _codes("pytorch-51858-windows-torch1121-untagged-rtx3060.txt")


def test_conda_cuda_10_1_torch_on_a_410_driver() -> None:
    snap = _snap("pytorch-28321-conda-cu101-driver410-t4.txt")
    torch = [d for d in snap.packages.deep if d.name == "torch"][0]
    assert torch.cuda_version == "10.1"
    assert "EC101" in _codes("pytorch-28321-conda-cu101-driver410-t4.txt", "error")


@pytest.mark.parametrize(
    "name", ["vllm-3842-4xa100-healthy.txt", "vllm-15081-4xa100-cudnn89-list.txt"]
)
def test_collect_env_nvcc_is_the_build_toolkit(name: str) -> None:
    snap = _snap(name)
    (tk,) = snap.cuda.toolkits
    assert (tk.version, tk.found_by) == ("11.8", "PATH")
    warnings = [f for f in _findings(name) if f["code"] == "EC310"]
    assert [f["severity"] for f in warnings] == ["warning"]  # nvcc 11.8 vs torch CUDA 12


def test_mig_devices_mark_their_gpu_and_are_not_gpus() -> None:
    snap = _snap("vllm-8477-cpu-torch-on-mig-a100.txt")
    assert [(g.index, g.name, g.mig_enabled) for g in snap.driver.gpus] == [
        (0, "NVIDIA A100-SXM4-80GB", True)
    ]
    assert "EC404" in _codes("vllm-8477-cpu-torch-on-mig-a100.txt", "warning")


def test_markdown_quoted_report_is_read() -> None:
    snap = _snap("pytorch-40682-windows-2x-titanrtx-quoted.txt")
    assert snap.driver.version == "442.92"
    assert [g.name for g in snap.driver.gpus] == ["TITAN RTX", "TITAN RTX"]
    assert snap.os.platform == "windows"


def test_wsl2_platform_is_recognised() -> None:
    snap = _snap("vllm-9293-wsl2-rtx4070-laptop-healthy.txt")
    assert snap.os.wsl is True
    assert snap.driver.version == "551.88"


def test_minor_version_compatibility_on_an_old_driver() -> None:
    # torch 2.4.0+cu118 on R515: CUDA 11.x minor-version compatibility, no driver finding
    cats = {f["category"] for f in _findings("vllm-10319-2xv100-cu118-driver515-healthy.txt")}
    assert not any(cat.startswith("driver") for cat in cats), cats


@pytest.mark.parametrize(
    "name",
    [
        "pytorch-44303-torch131-cuda-none-rtx2080ti.txt",
        "vllm-8477-cpu-torch-on-mig-a100.txt",
        "pytorch-164943-macos-arm64-mps-healthy.txt",
        "pytorch-44106-rocm37-healthy.txt",
    ],
)
def test_verify_cli_on_new_reports(name: str) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--from-report", str(REPORTS / name)]
        + ["--format", "json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    doc = json.loads(res.stdout)
    want = expected(REPORTS / name)
    errors = [f for f in doc["findings"] if f["severity"] == "error"]
    if want == ["healthy"]:
        assert (res.returncode, errors) == (0, [])
    else:
        assert res.returncode == 1
        cats = {f["category"] for f in doc["findings"]}
        assert set(want) <= cats, (want, cats)


@pytest.mark.parametrize(
    "line,pattern",
    [
        # Dao-AILab/flash-attention#853 / #931 / unslothai/unsloth#1927 (read 2026-12-02)
        (
            "ImportError: /x/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: "
            "undefined symbol: _ZN3c104cuda9SetDeviceEi",
            "extension-torch-abi-mismatch",
        ),
        (
            "flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: "
            "_ZNK3c1011StorageImpl27throw_data_ptr_access_errorEv",
            "extension-torch-abi-mismatch",
        ),
        # a cuDNN sub-library's own symbol is a CUDA-library problem, not a torch pairing one
        (
            "libcudnn_cnn_infer.so.8: undefined symbol: "
            "_ZN5cudnn3cnn5infer22queryClusterPropertiesERPhS3_, version libcudnn_ops_infer.so.8",
            "cuda-lib-missing",
        ),
    ],
)
def test_undefined_symbol_messages(line: str, pattern: str) -> None:
    from envcheck.importers import errorlog

    assert [e["pattern"] for e in errorlog.scan(line, "x")] == [pattern]


def test_driver_api_symbol_is_not_an_extension_pairing_problem() -> None:
    # vllm-project/vllm#11623: a CUDA 12 driver API missing from an old driver
    from envcheck.importers import errorlog

    line = "vllm/_C.abi3.so: undefined symbol: cuTensorMapEncodeTiled"
    assert "extension-torch-abi-mismatch" not in [e["pattern"] for e in errorlog.scan(line, "x")]
