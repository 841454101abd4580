"""More real reports (nvidia-smi of many driver generations, nvidia-smi -q, TensorFlow, JAX,
nvidia-container-cli, NCCL): each file under tests/fixtures/reports/ named here has a .source file
with its URL and the maintainers' diagnosis; `envcheck verify` must reach that diagnosis (the
expected categories appear as error or warning) and a healthy report must raise no error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest
from importers_support import REPORTS, expected, source_info

from envcheck.importers import errorlog, snapshot_from_reports
from envcheck.snapshot import Unknown

NEW = [
    "akash-support-244-xid-94-43-31.log",
    "alphapulldown-237-jax-cusolver-older.log",
    "azhpc-diagnostics-77-v100-power-err-transient.txt",
    "jax-15268-cudnn-8.5-vs-8.6.log",
    "jax-3746-tf-libcudart-11.0-missing.log",
    "jax-20519-unable-to-load-cudnn.txt",
    "jax-feedstock-149-outdated-cudnn.log",
    "k8s-device-plugin-253-a100-mig-table-healthy.txt",
    "k8s-device-plugin-257-a100-mig-q-healthy.txt",
    "kohya-colab-94-jax-cuda-runtime-older.log",
    "nccl-928-ib-completion-error-4.log",
    "nvgpu-15-titan-xp-450-healthy.txt",
    "nvidia-all-212-rtx4070-550-healthy.txt",
    "nvidia-docker-1442-cuda11-old-driver.log",
    "nvidia-docker-688-quadro-m1000m-375-q.txt",
    "nvidia-docker-745-cuda92-driver390.log",
    "nvidia-gpu-exporter-393-rtx4000ada-err.txt",
    "nvoc-261-gpu-is-lost.log",
    "pytorch-28321-conda-cu101-driver410.txt",
    "pytorch-40430-gt710-no-kernel-image.txt",
    "sglang-27487-b200-r610-healthy.txt",
    "tensorflow-73368-windows-tf2.17-rtx4050.txt",
    "tfjs-6758-build-info-rtx3060-healthy.txt",
    "wyoming-piper-gpu-20-tesla-p4-550-healthy.txt",
]
PATHS = [REPORTS / name for name in NEW]


def _verify(path: Path) -> subprocess.CompletedProcess:
    flag = "--error-log" if source_info(path).get("kind") == "error-log" else "--from-report"
    return subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", flag, str(path), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _judge(path: Path) -> Dict[str, Any]:
    from envcheck.checks.registry import run_checks
    from envcheck.compat import load_matrix
    from envcheck.policy import load_policy

    if source_info(path).get("kind") == "error-log":
        snap = snapshot_from_reports([], [str(path)])
    else:
        snap = snapshot_from_reports([str(path)], [])
    outcome = run_checks(snap, load_matrix(), load_policy(None))
    return {"findings": [f.to_dict() for f in outcome.findings]}


def _assert_diagnosis(path: Path, doc: Dict[str, Any]) -> None:
    errors = [(f["code"], f["found"]) for f in doc["findings"] if f["severity"] == "error"]
    cats = {f["category"] for f in doc["findings"] if f["severity"] in ("error", "warning")}
    want = expected(path)
    if want == ["healthy"]:
        assert errors == [], errors
    else:
        for category in want:
            assert category in cats, (category, sorted(cats))


def test_every_new_report_has_a_source() -> None:
    assert len(PATHS) >= 12
    for path in PATHS:
        info = source_info(path)
        assert info["url"].startswith("https://github.com/"), path.name
        assert info.get("diagnosis") and info.get("expect"), path.name
        assert (info.get("kind") == "error-log") == (path.suffix == ".log"), path.name
    assert sum(1 for p in PATHS if expected(p) == ["healthy"]) >= 5


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_verify_reaches_the_maintainers_diagnosis(path: Path) -> None:
    _assert_diagnosis(path, _judge(path))


@pytest.mark.parametrize(
    "name",
    [
        "sglang-27487-b200-r610-healthy.txt",
        "nvidia-docker-745-cuda92-driver390.log",
        "tensorflow-73368-windows-tf2.17-rtx4050.txt",
    ],
)
def test_verify_cli_json_and_exit_code(name: str) -> None:
    path = REPORTS / name
    res = _verify(path)
    doc = json.loads(res.stdout)
    _assert_diagnosis(path, doc)
    assert res.returncode == (0 if expected(path) == ["healthy"] else 1), res.stderr


def test_r610_header_is_the_driver_not_a_toolkit() -> None:
    """R610's "KMD Version" is the driver; "CUDA UMD Version" is the driver's CUDA level."""
    snap = snapshot_from_reports([str(REPORTS / "sglang-27487-b200-r610-healthy.txt")])
    assert snap.driver.version == "610.43.02"
    assert snap.driver.cuda_version == "13.3"
    assert [(g.index, g.name, g.ecc_volatile_uncorrected) for g in snap.gpus()] == [
        (0, "NVIDIA B200", 0),
        (1, "NVIDIA B200", 0),
    ]
    # no toolkit is stated: the whole CUDA section stays unknown
    assert isinstance(snap.cuda, Unknown) or isinstance(snap.cuda.toolkits, Unknown)


def test_mig_table_ecc_cell_on_means_ecc_enabled() -> None:
    snap = snapshot_from_reports(
        [str(REPORTS / "k8s-device-plugin-253-a100-mig-table-healthy.txt")]
    )
    (g,) = snap.gpus()
    assert g.ecc_enabled is True and g.mig_enabled is True
    assert not isinstance(g.ecc_volatile_uncorrected, int)  # "On" is not a count


def test_old_q_without_cuda_line_leaves_the_driver_cuda_unknown() -> None:
    snap = snapshot_from_reports([str(REPORTS / "nvidia-docker-688-quadro-m1000m-375-q.txt")])
    assert snap.driver.version == "375.82"
    assert isinstance(snap.driver.cuda_version, Unknown)
    assert [g.name for g in snap.gpus()] == ["Quadro M1000M"]


def test_tensorflow_issue_form_states_version_and_native_windows() -> None:
    snap = snapshot_from_reports([str(REPORTS / "tensorflow-73368-windows-tf2.17-rtx4050.txt")])
    assert snap.packages.installed.get("tensorflow") == "2.17.0"
    assert snap.os.platform == "windows"
    assert isinstance(snap.os.wsl, Unknown)  # not stated either way


@pytest.mark.parametrize(
    "os_line,platform,wsl",
    [
        ("Windows 11", "windows", None),
        ("Win11", "windows", None),
        ("Windows 11 + WSL2", "linux", True),
        ("Ubuntu 22.04", "linux", None),  # a Linux distribution names the platform
    ],
)
def test_tensorflow_issue_form_os_line(
    tmp_path: Path, os_line: str, platform: Any, wsl: Any
) -> None:
    report = tmp_path / "issue.txt"
    report.write_text(
        "### Tensorflow Version\n\nv2.12.0-rc1-12-g0db597d0d75 2.12.0\n\n"
        f"### OS Platform and Distribution\n\n{os_line}\n\n### Python version\n\n3.10.10\n"
    )
    snap = snapshot_from_reports([str(report)])
    assert snap.packages.installed["tensorflow"] == "2.12.0"
    assert snap.python.version == "3.10.10"
    got_platform = snap.os.platform if not isinstance(snap.os, Unknown) else None
    got_wsl = None
    if not isinstance(snap.os, Unknown) and not isinstance(snap.os.wsl, Unknown):
        got_wsl = snap.os.wsl
    assert (None if isinstance(got_platform, Unknown) else got_platform, got_wsl) == (
        platform,
        wsl,
    )


# Real lines (from the fixtures' issues and the search results cited in their .source files)
# with the pattern each must hit.
LINES: List[List[str]] = [
    [
        "container-cuda-requirement",
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=10.2, please "
        "update your driver to a newer version, or use an earlier cuda container",
    ],
    ["cudnn-version-mismatch", "Outdated cuDNN installation found."],
    [
        "jax-cuda-lib-too-old",
        "Unable to initialize backend 'cuda': Found cuSOLVER version 11002, but JAX was built "
        "against version 11401, which is newer.",
    ],
    [
        "cudnn-version-mismatch",
        "CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built against "
        "version 8906, which is newer.",
    ],
    [
        "nccl-ib-completion-error",
        "transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer with error 4, "
        "opcode 0, len 0, vendor err 81 (Send) localGid ::ffff: remoteGid ::ffff:",
    ],
    [
        "gpu-too-old-for-pytorch",
        "    PyTorch no longer supports this GPU because it is too old.",
    ],
    ["nvidia-smi-err-reading", "| N/A   29C    P0   ERR! / 250W |    593MiB / 16160MiB |"],
]


@pytest.mark.parametrize("pid,line", LINES, ids=[f"{p}-{i}" for i, (p, _) in enumerate(LINES)])
def test_new_patterns_match_real_lines(pid: str, line: str) -> None:
    assert [e["pattern"] for e in errorlog.scan(line, "x")] == [pid]


@pytest.mark.parametrize(
    "line",
    [
        "ERR! code ERESOLVE",  # npm, not an nvidia-smi row
        "requirement error: invalid expression",
        "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>",
        "jax.devices (1 total, 1 local): [CpuDevice(id=0)]",
    ],
)
def test_new_patterns_leave_harmless_lines_alone(line: str) -> None:
    assert errorlog.scan(line, "x") == []
