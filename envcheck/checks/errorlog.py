"""Check family EC9xx: well-known error messages in pasted logs and reports.

``envcheck verify --error-log FILE`` (and error lines inside ``--from-report`` files) put
``{"pattern": id, "line": text}`` entries in ``snapshot.error_log``; the pattern table in
``envcheck.importers.errorlog`` says what each message means. Each check here covers one
category and reports one finding per recognised message, with the log line as evidence.
Without an error log the checks are skipped (nothing was given to judge).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot

_RATIONALE_TAIL = (
    "\n\nThis check reads error messages from `--error-log FILE` and from error lines inside "
    "`--from-report FILE`; it is skipped when neither was given."
)


def _entries(snapshot: Snapshot) -> List[Dict[str, Any]]:
    log = snapshot.error_log
    if not isinstance(log, list):
        raise SkipCheck(
            "not applicable: no error log given (use --error-log FILE or --from-report FILE)"
        )
    return [e for e in log if isinstance(e, dict) and isinstance(e.get("pattern"), str)]


def _minor_compat_note(pid: str, line: str, snapshot: Snapshot, matrix: Any) -> Optional[str]:
    """For nvidia-container-cli's "unsatisfied condition: cuda>=X.Y": a driver stated in the
    same text whose CUDA has the same major (11 or later) runs X.Y applications under CUDA's
    minor-version compatibility, and libnvidia-container before 1.3.1 refused such images all
    the same (NVIDIA/nvidia-docker#1429). Then the message is no proof that the driver is too
    old: the note says so and the finding is a warning."""
    import re

    from envcheck.checks import _common as c

    if pid != "container-cuda-requirement" or matrix is None:
        return None
    m = re.search(r"cuda\s*>=\s*(\d+)(?:\.(\d+))?", line)
    try:
        drv = c.driver_version(snapshot)
    except SkipCheck:  # no driver stated: the message stands alone
        return None
    if m is None or c.vparse(drv) is None:
        return None
    top = matrix.max_cuda_for_driver(drv, c.platform(snapshot), minor_compat=True)
    top_mm = c.major_minor(top) if top else None
    if top_mm is None or top_mm[0] < 11 or top_mm[0] != int(m.group(1)):
        return None
    return (
        f"driver {drv} runs CUDA {top_mm[0]}.x applications through minor-version "
        f"compatibility; libnvidia-container before 1.3.1 refused such images anyway "
        "(NVIDIA/nvidia-docker#1429): check `nvidia-container-cli -V` before upgrading the driver"
    )


def _findings(
    spec: CheckSpec, snapshot: Snapshot, category: str, matrix: Any = None
) -> Iterator[Finding]:
    entries_seen = _entries(snapshot)  # skips first: without a log the patterns are not loaded
    from envcheck.importers.errorlog import pattern

    groups: Dict[str, List[Dict[str, Any]]] = {}
    for entry in entries_seen:
        p = pattern(entry["pattern"])
        if p is None or p.category != category:
            continue
        groups.setdefault(p.id, []).append(entry)
    for pid, entries in groups.items():
        p = pattern(pid)
        assert p is not None
        first = entries[0]
        evidence: Dict[str, Any] = {
            "pattern": pid,
            "line": first.get("line", ""),
            "occurrences": len(entries),
        }
        if first.get("file"):
            evidence["file"] = first["file"]
        if first.get("lineno"):
            evidence["lineno"] = first["lineno"]
        evidence.update(_extra_evidence(pid, first.get("line", ""), snapshot))
        severity, title, fix = p.severity, p.title, p.fix
        if p.severity == "error" and all(e.get("severity") == "warning" for e in entries):
            severity = "warning"  # the message itself says it may be harmless (see the scanner)
        if category == "cpu-only-build" and pid != "cuda-asked-on-macos" and _on_a_mac(snapshot):
            # macOS has no CUDA: a framework falling back to the CPU there is expected; a
            # program that failed because it was asked for CUDA there is its own warning,
            # cuda-asked-on-macos (SYSTRAN/faster-whisper#307), which this must not demote
            severity = "info"
            title = f"{p.title} (on macOS, which has no CUDA)"
        note = _minor_compat_note(pid, first.get("line", ""), snapshot, matrix)
        if note is not None and severity == "error":
            severity = "warning"
            title = f"{p.title} (a driver of the same CUDA major is stated)"
            evidence["minor_compat"] = note
            fix = f"First: {note}. Otherwise: {p.fix}"
        elif all(e.get("in_use") == "no" for e in entries):
            # A notice from a framework the job does not train with (TF's CPU fallback printed
            # because a PyTorch job imports transformers) says nothing about the job's GPU use.
            severity = "info"
            title = f"{p.title} (printed by a library the job does not train with)"
            evidence["framework_at_work"] = first.get("at_work", "")
        yield spec.finding(
            severity=severity,
            title=title,
            expected="no such error in the log",
            found=_shorten(first.get("line", "")),
            fix=fix,
            evidence=evidence,
        )


def _on_a_mac(snapshot: Snapshot) -> bool:
    from envcheck.checks import _common as c

    info = c.os_info(snapshot)
    return info is not None and info.platform == "darwin"


def _shorten(line: str, limit: int = 200) -> str:
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _extra_evidence(pid: str, line: str, snapshot: Snapshot) -> Dict[str, Any]:
    """Numbers the message states, decoded (the check stays a pure function of its input)."""
    import re

    out: Dict[str, Any] = {}
    if pid == "driver-too-old-found-version":
        m = re.search(r"found version (\d+)\)", line)
        if m and int(m.group(1)) >= 1000:
            code = int(m.group(1))
            out["driver_max_cuda"] = f"{code // 1000}.{code % 1000 // 10}"
    elif pid == "cudnn-version-mismatch":
        m = re.search(
            r"Loaded runtime CuDNN library: (\S+?)[ .]*\s.*?compiled with:? (\S+?)\.?\s", line
        )
        if m:
            out["cudnn_runtime"] = m.group(1)
            out["cudnn_compiled"] = m.group(2)
    elif pid == "sm-not-compatible":
        m = re.search(r"sm_(\d+)", line)
        if m:
            out["gpu_arch"] = f"sm_{m.group(1)}"
    return out


def _spec(code: str, category: str, severity: str, title: str, rationale: str, fix: str) -> Any:
    def run(spec: CheckSpec, snapshot: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
        return _findings(spec, snapshot, category, matrix)

    run.__name__ = f"errorlog_{category.replace('-', '_')}"
    return check(
        code,
        category=category,
        severity=severity,
        title=title,
        rationale=rationale + _RATIONALE_TAIL,
        fix=fix,
    )(run)


EC901 = _spec(
    "EC901",
    "gpu-arch-unsupported",
    "error",
    "Error log: GPU architecture missing from the framework build",
    "'no kernel image is available for execution on the device' and 'sm_XX is not compatible "
    "with the current PyTorch installation' mean the installed build has no kernels for this "
    "GPU: every CUDA operation fails.",
    "Install a build whose architecture list includes the GPU (envcheck matrix recommend).",
)
EC902 = _spec(
    "EC902",
    "driver-too-old",
    "error",
    "Error log: NVIDIA driver too old for the CUDA in use",
    "'CUDA driver version is insufficient for CUDA runtime version' and 'The NVIDIA driver on "
    "your system is too old (found version NNNNN)' mean the framework's CUDA runtime needs a "
    "newer driver than the one installed (the number is the highest CUDA the driver supports, "
    "11040 = 11.4).",
    "Upgrade the driver, or install the framework build for an older CUDA.",
)
EC903 = _spec(
    "EC903",
    "driver-library-mismatch",
    "error",
    "Error log: driver kernel module and libraries differ",
    "'Failed to initialize NVML: Driver/library version mismatch' appears after a driver "
    "upgrade when the old kernel module is still loaded; nothing can use the GPU until it is "
    "reloaded.",
    "Reboot (or reload the nvidia kernel modules) so the module matches the libraries.",
)
EC904 = _spec(
    "EC904",
    "driver-not-loaded",
    "error",
    "Error log: no usable NVIDIA driver / no CUDA device",
    "'Found no NVIDIA driver', 'couldn't communicate with the NVIDIA driver', 'no CUDA-capable "
    "device is detected' mean CUDA cannot reach any GPU.",
    "Load or install the driver; check CUDA_VISIBLE_DEVICES and the container's GPU access.",
)
EC905 = _spec(
    "EC905",
    "cpu-only-build",
    "error",
    "Error log: CPU-only framework build",
    "'Torch not compiled with CUDA enabled' (or JAX's CPU fallback warning) means the installed "
    "framework cannot use the GPU at all.",
    "Replace the CPU build with a CUDA build of the framework.",
)
EC906 = _spec(
    "EC906",
    "cuda-libs-mismatch",
    "error",
    "Error log: CUDA/cuDNN/cuBLAS library missing or wrong version",
    "'Could not load dynamic library libcudnn.so.8', 'Loaded runtime CuDNN library X but source "
    "was compiled with Y', CUBLAS_STATUS_* errors: a library the framework needs is missing, "
    "too old, or shadowed by another copy.",
    "Install the library versions the framework was built with and remove stale copies from "
    "LD_LIBRARY_PATH.",
)
EC907 = _spec(
    "EC907",
    "toolkit-mismatch",
    "error",
    "Error log: CUDA toolkit unsuitable for building extensions",
    "nvcc rejecting the GPU architecture, or PyTorch refusing a system CUDA whose version "
    "differs from its own, breaks building extensions (flash-attn, DeepSpeed ops, vLLM).",
    "Use a CUDA toolkit matching the framework's CUDA (major.minor) that supports the GPU.",
)
EC908 = _spec(
    "EC908",
    "shm-too-small",
    "error",
    "Error log: shared memory (/dev/shm) exhausted or unusable",
    "DataLoader workers dying with a bus error, 'unable to write to file </torch_...>' and NCCL "
    "failing to create its shared-memory segment all mean /dev/shm is too small (Docker's "
    "default is 64 MB) or not writable.",
    "Raise /dev/shm: `--shm-size=16g` or `--ipc=host` for Docker, a memory-backed emptyDir for "
    "Kubernetes.",
)
EC909 = _spec(
    "EC909",
    "nccl-problem",
    "error",
    "Error log: NCCL failure",
    "NCCL 'unhandled system error' / 'unhandled cuda error' and collective timeouts stop "
    "multi-GPU training; the cause is usually shared memory, the network interface, or P2P.",
    "Rerun with NCCL_DEBUG=INFO; check /dev/shm, NCCL_SOCKET_IFNAME, P2P (NCCL_P2P_DISABLE=1).",
)
EC910 = _spec(
    "EC910",
    "gpu-health",
    "error",
    "Error log: GPU hardware fault (Xid)",
    "'GPU has fallen off the bus' (Xid 79) and uncorrectable ECC errors (Xid 48/63/64/94/95) "
    "are hardware/health faults: the node should be drained.",
    "Drain the node, reset or reboot, and replace the GPU if it repeats.",
)
EC911 = _spec(
    "EC911",
    "kernel-failure",
    "warning",
    "Error log: CUDA kernel failure",
    "'an illegal memory access was encountered' and 'unspecified launch failure' are usually "
    "program bugs, but also appear with mismatched builds or failing GPUs.",
    "Rerun with CUDA_LAUNCH_BLOCKING=1; check dmesg for Xid errors; run verify --kernels.",
)
EC912 = _spec(
    "EC912",
    "gpu-contention",
    "info",
    "Error log: GPU out of memory",
    "'CUDA out of memory' is usually the workload's size, sometimes other processes holding "
    "GPU memory.",
    "Reduce batch size, or free the GPU (nvidia-smi shows other processes).",
)
EC913 = _spec(
    "EC913",
    "os-setting",
    "error",
    "Error log: the container runtime cannot provide GPUs",
    "'could not select device driver \"\" with capabilities: [[gpu]]' means Docker has no "
    "NVIDIA runtime configured.",
    "Install the NVIDIA Container Toolkit and configure Docker's runtime.",
)
EC914 = _spec(
    "EC914",
    "framework-pairing",
    "error",
    "Error log: compiled extension does not match the installed torch",
    "'<extension>.so: undefined symbol: _ZN3c10...' (a mangled torch/c10/ATen C++ symbol) means "
    "an extension such as flash-attn, vLLM, xformers or torchvision was compiled against "
    "another torch release or C++ ABI than the installed one; it cannot be imported.",
    "Install the extension build made for the installed torch version, or rebuild it from source "
    "against it.",
)
EC915 = _spec(
    "EC915",
    "gpu-throttle",
    "warning",
    "Error log: the text reports GPU throttling",
    "People report throttling in words ('the GPU is throttled to 500 MHz at 88 C', 'SW Power "
    "Cap appears at 240 W'): clocks held down by temperature or a power limit slow training "
    "without any error. The measured reasons (`nvidia-smi -q -d PERFORMANCE`) tell which.",
    "Fix the cooling or the power limit the reasons name; re-check the clocks under load.",
)
EC916 = _spec(
    "EC916",
    "python-unsupported",
    "warning",
    "Error log: no framework build for this Python",
    "pip's 'Could not find a version that satisfies the requirement torch==X' / 'No matching "
    "distribution found' lists only releases with a wheel for the running interpreter: the "
    "framework release does not support this Python version (or platform). 'No module named "
    "tools.nnwrap' is pip falling back to the torch 0.1.2 placeholder for the same reason.",
    "Use a Python version the framework release supports, or a release that supports this Python.",
)
EC917 = _spec(
    "EC917",
    "storage",
    "error",
    "Error log: the disk is full",
    "'OSError: [Errno 28] No space left on device' (ENOSPC) or 'Disk quota exceeded' on a "
    "checkpoint, cache or output write stops training, often hours in, when the first large "
    "checkpoint is saved. When the traceback shows a shared-memory write (multiprocessing, a "
    "DataLoader worker) the full device is /dev/shm instead (EC908).",
    "Free space or move checkpoints/caches to a volume with room (`df -h`, `df -i`).",
)

EC919 = _spec(
    "EC919",
    "data-network",
    "warning",
    "Error log: downloads of models or data time out",
    "ReadTimeoutError / ConnectTimeoutError / 'Max retries exceeded' against the model hub "
    "(huggingface.co) or an object store stop a job before it trains, or stall it at every "
    "restart: the network path to the data (proxy, DNS, firewall, the hub itself) is the cause, "
    "not the GPU node.",
    "Check the path to the hub or store; cache models locally and run offline (HF_HUB_OFFLINE=1).",
)
EC920 = _spec(
    "EC920",
    "pcie-degraded",
    "warning",
    "Error log: the text puts a GPU behind a riser or a narrow slot",
    "GPUs on risers (often x1 USB risers from mining boards) or in slots wired x4/x1 move "
    "every batch, gradient and NCCL message over a link a fraction of x16: multi-GPU jobs "
    "stall or drop GPUs. The link a GPU runs at is in `nvidia-smi -q -d PCI`.",
    "Move the GPU to a full-speed x16 slot or replace the riser; check Link Width under load.",
)


def _runtime_cuda(snapshot: Snapshot, matrix: Any) -> Any:
    """The CUDA the job's framework was built with, when the input states it."""
    from envcheck.checks import _common as c

    try:
        t = c.torch_info(snapshot, matrix)
    except SkipCheck:
        return None
    return t.cuda if t is not None and t.build == "cuda" else None


@check(
    "EC918",
    category="os-setting",
    severity="warning",
    title="'driver insufficient', yet the driver stated runs this CUDA",
    rationale="""
'CUDA driver version is insufficient for CUDA runtime version' compares the CUDA runtime with the
libcuda the process loaded, not with the driver the user looked at. When the input states a
driver that runs the CUDA in use (or, with the runtime unknown, any CUDA 12), the process did not
load that driver: a container started without GPU access (no `--gpus`, no
NVIDIA_VISIBLE_DEVICES / nvidia runtime, so no libcuda is mounted or a stub is found), or an old
libcuda (a cuda-compat package, a copy in the image) earlier on LD_LIBRARY_PATH. Upgrading the
driver does not help then."""
    + _RATIONALE_TAIL,
    fix="Give the container the host's driver (`docker run --gpus all`, or "
    "NVIDIA_VISIBLE_DEVICES=all with the nvidia runtime), and check which libcuda the process "
    "loads (`ldconfig -p | grep libcuda`; LD_LIBRARY_PATH, cuda-compat).",
)
def driver_insufficient_contradicted(
    spec: CheckSpec, snapshot: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    from envcheck.checks import _common as c

    hits = [e for e in _entries(snapshot) if e["pattern"] == "driver-insufficient"]
    if not hits:
        raise c.not_applicable("no 'driver insufficient' message in the input")
    drv = c.driver_version(snapshot)
    if matrix is None or c.vparse(drv) is None:
        raise SkipCheck("the driver version or the matrix is unknown")
    runtime = _runtime_cuda(snapshot, matrix)
    platform = c.platform(snapshot)
    top = matrix.max_cuda_for_driver(drv, platform, minor_compat=True)
    if runtime:
        verdict = matrix.driver_runs_cuda(drv, runtime, platform)
        if verdict.ok is not True:
            return  # the message is right: EC902 says so
        expected = f"driver {drv} runs CUDA {runtime} ({verdict.reason})"
    else:
        top_mm = c.major_minor(top) if top else None
        if top_mm is None or top_mm[0] < 12:
            return  # an old driver: the message may well be right
        expected = (
            f"driver {drv} runs CUDA up to {top}; the job's CUDA is not stated, so this holds "
            f"unless it needs a newer CUDA than {top}"
        )
    first = hits[0]
    yield spec.finding(
        expected=expected,
        found=f"the process reports an insufficient driver: {_shorten(first.get('line', ''))}",
        fix=spec.fix,
        evidence={
            "driver": drv,
            "runtime_cuda": runtime,
            "driver_max_cuda": top,
            "line": first.get("line", ""),
            "file": first.get("file", ""),
            "lineno": first.get("lineno", ""),
        },
    )
