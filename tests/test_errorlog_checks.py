"""Error-log recognition (envcheck.importers.errorlog) and the EC9xx check family."""

from __future__ import annotations

import time
from pathlib import Path
from typing import List, Tuple

import pytest

from envcheck.checks import registry
from envcheck.findings import CATEGORIES, Outcome
from envcheck.importers import errorlog, snapshot_from_reports
from envcheck.snapshot import Snapshot

# Real messages, as printed (sources: the GitHub issues cited in tests/fixtures/reports/*.source
# and the search results they came from, read 2026-12-02), with the pattern each must hit.
MESSAGES: List[Tuple[str, str]] = [
    (
        "sm-not-compatible",
        (
            "NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the "
            "current PyTorch installation."
        ),
    ),
    (
        "no-kernel-image",
        ("RuntimeError: CUDA error: no kernel image is available for execution on the device"),
    ),
    (
        "driver-too-old-found-version",
        (
            "RuntimeError: The NVIDIA driver on your system is too old (found version 11040)."
            " Please update your GPU driver"
        ),
    ),
    (
        "driver-insufficient",
        (
            "cudaGetDeviceProperties returned 35 -> CUDA driver version is insufficient for "
            "CUDA runtime version"
        ),
    ),
    ("nvml-driver-library-mismatch", "Failed to initialize NVML: Driver/library version mismatch"),
    (
        "nvidia-smi-cannot-communicate",
        (
            "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
            "Make sure that the latest NVIDIA driver is installed and running."
        ),
    ),
    (
        "found-no-nvidia-driver",
        ("UserWarning: CUDA initialization: Found no NVIDIA driver on your system."),
    ),
    ("torch-not-compiled-with-cuda", "AssertionError: Torch not compiled with CUDA enabled"),
    (
        "could-not-load-dynamic-library",
        (
            "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            "dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared "
            "object file"
        ),
    ),
    (
        "cudnn-version-mismatch",
        (
            "E tensorflow/stream_executor/cuda/cuda_dnn.cc:352] Loaded runtime CuDNN library:"
            " 5005 (compatibility version 5000) but source was compiled with 5110"
        ),
    ),
    (
        "torch-shm-unable-to-write",
        "RuntimeError: unable to write to file </torch_18693_1836022908>",
    ),
    (
        "dataloader-bus-error",
        ("RuntimeError: DataLoader worker (pid 325) is killed by signal: Bus error."),
    ),
    (
        "dataloader-bus-error",
        (
            "ERROR: Unexpected bus error encountered in worker. This might be caused by "
            "insufficient shared memory (shm)."
        ),
    ),
    (
        "nccl-shm-failure",
        (
            "ubuntu:9621:9688 [3] misc/shmutils.cc:112 NCCL WARN Error while creating shared "
            "memory segment /dev/shm/nccl-KWfVyt (size 5967872)"
        ),
    ),
    (
        "nccl-unhandled-system-error",
        ("RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:290, unhandled system error"),
    ),
    (
        "nccl-unhandled-cuda-error",
        (
            "RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, unhandled cuda error, "
            "NCCL version 2.14.3"
        ),
    ),
    ("illegal-memory-access", "RuntimeError: CUDA error: an illegal memory access was encountered"),
    (
        "cuda-out-of-memory",
        ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB"),
    ),
    (
        "cublas-status",
        (
            "RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling "
            "`cublasSgemm( handle)`"
        ),
    ),
    ("gpu-fallen-off-bus", "NVRM: Xid (PCI:0000:44:00): 79, GPU has fallen off the bus."),
    ("xid-other", "NVRM: Xid (PCI:0000:48:00): 13, pid=1234, Graphics SM Warp Exception"),
    (
        "no-cuda-device",
        (
            "RuntimeError: cudaGetDeviceCount() failed. Error 100: no CUDA-capable device is "
            "detected"
        ),
    ),
    ("nvcc-unsupported-arch", "nvcc fatal   : Unsupported gpu architecture 'compute_120'"),
    ("bus-error", "Bus error (core dumped)"),
    (
        "libcuda-missing",
        "ImportError: libcuda.so.1: cannot open shared object file: No such file or directory",
    ),
    ("invalid-device-ordinal", "RuntimeError: CUDA error: invalid device ordinal"),
    (
        "cudnn-status",
        "RuntimeError: cuDNN error: CUDNN_STATUS_NOT_INITIALIZED",
    ),
    (
        "gpu-lost",
        "Unable to determine the device handle for GPU 0000:3B:00.0: Unknown Error",
    ),
    ("nvidia-smi-no-devices", "No devices were found"),
    # issue 10: wordings seen in real pastes (tests/fixtures/corpus)
    (
        "nvml-driver-library-mismatch",
        "NVRM: API mismatch: the client has the version 570.153.02, but",
    ),
    ("gpu-fallen-off-bus", "gpu randomly falls off the bus when playing games"),
    (
        "no-kernel-image",
        "RuntimeError: CUDA error: no kernel image is available for execution on the driver",
    ),
    ("driver-too-old-found-version", "RuntimeError: The NVIDIA driver on your system is too old"),
    (
        "torchvision-cuda-mismatch",
        "RuntimeError: Detected that PyTorch and torchvision were compiled with different CUDA "
        "versions. PyTorch has CUDA Version=11.7 and torchvision has CUDA Version=11.8.",
    ),
    ("nouveau-owns-gpu", "NVRM: The NVIDIA probe routine was not called for 1 device(s)."),
    (
        "driver-stated-too-old",
        "My Nvidia driver is not supported for the pytorch-gpu version that was requested",
    ),
    (
        "gpu-throttling-reported",
        "the GPU is at 100% usage, but throttled between 450 MHz and 550 MHz",
    ),
    (
        "pcie-aer-uncorrected",
        "pcieport 0000:00:03.0: AER: Multiple Uncorrected (Fatal) error received: 0000:00:03.0",
    ),
    (
        "nccl-ib-memlock",
        "misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with error Cannot "
        "allocate memory",
    ),
    ("pci-acs-enabled", "ACSCtl: SrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+"),
    (
        "nvcc-unsupported-host-compiler",
        "host_config.h:132:2: error: #error -- unsupported GNU version! gcc versions later "
        "than 11 are not supported!",
    ),
    (
        "nccl-shm-failure",
        "Error while creating shared memory segment /dev/shm/nccl-pZafXL (size 7340384)",
    ),
]


@pytest.mark.parametrize("pid,line", MESSAGES, ids=[m[0] for m in MESSAGES])
def test_message_is_recognised_as(pid: str, line: str) -> None:
    entries = errorlog.scan("some unrelated line\n" + line + "\n", "log.txt")
    # (a message with two common causes brings its second reading, on the same line)
    second = {"no-cuda-device": ["no-device-in-this-process"]}.get(pid, [])
    assert [e["pattern"] for e in entries] == [pid, *second]
    assert entries[0]["line"] == line.strip() and entries[0]["file"] == "log.txt"


def test_harmless_lines_are_not_errors() -> None:
    text = (
        "W dso_loader.cc:64] Could not load dynamic library 'libnvinfer.so.7'; dlerror\n"
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1510] Created device\n"
        "NVRM: Xid (PCI:0000:48:00): 13 is not 48\n"
        "Epoch 3: loss 0.123\n"
    )
    assert [e["pattern"] for e in errorlog.scan(text, "x")] == ["xid-other"]


def test_pattern_table_is_consistent() -> None:
    ids = [p.id for p in errorlog.PATTERNS]
    assert len(ids) == len(set(ids))
    for p in errorlog.PATTERNS:
        assert p.category in CATEGORIES and p.severity in ("error", "warning", "info")
        assert p.fix and p.title
    # the pattern-table checks (EC918 is a cross-check of a message against stated facts)
    ec9 = [
        s
        for s in registry.catalogue()
        if s.code.startswith("EC9") and s.func.__name__.startswith("errorlog_")
    ]
    by_category = {s.category: s.code for s in ec9}
    assert len(by_category) == len(ec9), "one EC9xx pattern check per category"
    assert {p.category for p in errorlog.PATTERNS} == set(by_category)


def test_repeated_lines_are_deduplicated_and_capped() -> None:
    line = "RuntimeError: CUDA error: no kernel image is available for execution on the device"
    entries = errorlog.scan("\n".join([line] * 50 + [line + f" #{i}" for i in range(50)]), "x")
    assert len(entries) == errorlog.MAX_PER_PATTERN


def _run(snapshot: Snapshot) -> Outcome:
    return registry.run_checks(snapshot, None, None, only=[f"EC9{i:02d}" for i in range(1, 14)])


def test_checks_skip_without_an_error_log() -> None:
    out = _run(Snapshot())
    assert out.findings == [] and out.passed == []
    assert len(out.skipped) == 13
    assert all("no error log given" in s.reason for s in out.skipped)


def test_checks_pass_on_a_clean_log() -> None:
    out = _run(Snapshot(error_log=[]))
    assert out.findings == [] and len(out.passed) == 13


def test_findings_carry_the_line_as_evidence(tmp_path: Path) -> None:
    log = tmp_path / "train.log"
    log.write_text(
        "RuntimeError: The NVIDIA driver on your system is too old (found version 11040).\n"
        "E0000 cuda_dnn.cc:522] Loaded runtime CuDNN library: 9.1.0 but source was compiled "
        "with: 9.3.0.  CuDNN library needs to have matching major version\n"
        "RuntimeError: DataLoader worker (pid 1) is killed by signal: Bus error.\n"
        "RuntimeError: DataLoader worker (pid 2) is killed by signal: Bus error.\n"
    )
    snap = snapshot_from_reports([], [str(log)])
    out = _run(snap)
    found: List = sorted((f.code, f.category, f.severity) for f in out.findings)
    assert found == [
        ("EC902", "driver-too-old", "error"),
        ("EC906", "cuda-libs-mismatch", "error"),
        ("EC908", "shm-too-small", "error"),
    ]
    by = {f.code: f for f in out.findings}
    assert by["EC902"].evidence["driver_max_cuda"] == "11.4"
    assert by["EC902"].evidence["file"] == "train.log"
    assert (by["EC906"].evidence["cudnn_runtime"], by["EC906"].evidence["cudnn_compiled"]) == (
        "9.1.0",
        "9.3.0",
    )
    assert by["EC908"].evidence["occurrences"] == 2
    assert by["EC908"].found.startswith("RuntimeError: DataLoader worker (pid 1)")
    assert "--shm-size" in by["EC908"].fix
    # the "found version 11040" message also states the driver's CUDA level as a fact
    assert snap.driver.cuda_version == "11.4"


def test_info_and_warning_severities_do_not_fail(tmp_path: Path) -> None:
    log = tmp_path / "oom.log"
    log.write_text("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2 GiB\n")
    out = _run(snapshot_from_reports([], [str(log)]))
    assert [(f.code, f.severity) for f in out.findings] == [("EC912", "info")]
    assert out.errors() == []


def test_every_pattern_is_documented() -> None:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "reports.md").read_text()
    for p in errorlog.PATTERNS:
        assert f"| `{p.id}` |" in doc, f"docs/reports.md does not list pattern {p.id}"


@pytest.mark.parametrize("pid,line", MESSAGES, ids=[m[0] for m in MESSAGES])
def test_prefilter_keys_cover_the_message(pid: str, line: str) -> None:
    """scan() only runs a pattern on lines holding one of its KEYS: they must be necessary."""
    assert any(k in line.lower() for k in errorlog.KEYS[pid]), pid


def test_every_pattern_has_prefilter_keys() -> None:
    assert set(errorlog.KEYS) == {p.id for p in errorlog.PATTERNS}
    for keys in errorlog.KEYS.values():
        assert keys and all(k == k.lower() for k in keys)


def test_a_large_log_is_scanned_quickly() -> None:
    noise = "2024-01-01 12:00:00 INFO train.py:123] step 1 loss=0.12 gpu_mem=12345MiB\n"
    text = noise * 150_000 + "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    start = time.monotonic()
    entries = errorlog.scan(text, "big.log")
    assert time.monotonic() - start < 20  # generous: about 0.5 s here
    assert [e["pattern"] for e in entries] == ["illegal-memory-access"]
