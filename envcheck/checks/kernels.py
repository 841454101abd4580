"""EC8xx: GPU verification results (``verify --kernels``): wrong results, tests that could not
run, and measured speed far below the datasheet.

Reads ``snapshot.kernels`` (a list of KernelTestResult written by envcheck.kernels.run). Pure: no
I/O. Without ``--kernels`` every check here is skipped with the reason.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import KernelTestResult, Snapshot, Unknown

NOT_REQUESTED = "not applicable: GPU verification not requested (--kernels)"
RUN_QUICK = "envcheck verify --kernels quick"


def _suite() -> Any:
    """envcheck.kernels.suite, imported only when there are kernel results to judge: plain
    `verify` (the pre-job hook) never pays for it."""
    from envcheck.kernels import suite

    return suite


def _results(snap: Snapshot) -> List[KernelTestResult]:
    k = snap.kernels
    if k is None:
        raise SkipCheck(NOT_REQUESTED)
    if isinstance(k, Unknown):
        raise SkipCheck(f"GPU verification results unknown: {k.reason}")
    return list(k)


def _where(r: KernelTestResult) -> str:
    name = r.evidence.get("gpu_name") if isinstance(r.evidence, dict) else None
    if r.gpu is None:
        return "all GPUs" if r.test in _suite().MULTI_GPU else "this host"
    return f"GPU {r.gpu}" + (f" ({name})" if name else "")


# evidence["failure"] of a failed test: "wrong-result" (EC801) or one of these (EC802). Failed
# performance tests carry no failure kind: they are judged by ratio (EC803-EC805).
RUN_FAILURES = ("error", "hang", "crash", "unavailable")


def _failure(r: KernelTestResult) -> Optional[str]:
    ev = r.evidence if isinstance(r.evidence, dict) else {}
    kind = ev.get("failure")
    return str(kind) if kind else None


def _evidence(r: KernelTestResult, keep: Optional[List[str]] = None) -> Dict[str, Any]:
    ev: Dict[str, Any] = {"test": r.test, "backend": r.backend}
    for key in ("value", "unit", "peak", "ratio", "duration_s", "detail"):
        value = getattr(r, key)
        if value is not None:
            ev[key] = value
    if isinstance(r.evidence, dict):
        for key, value in r.evidence.items():
            if keep is None or key in keep:
                ev[key] = value
    return ev


def _not_run_reason(results: List[KernelTestResult], tests: List[str]) -> str:
    reasons = sorted({r.detail or "not run" for r in results if r.test in tests})
    if reasons:
        return "; ".join(reasons)
    inits = [r for r in results if r.test == "init"]
    if inits and all(r.passed is None for r in inits):
        return "; ".join(sorted({r.detail or "not run" for r in inits}))
    if inits:
        return "the GPUs could not be opened (see EC802)"
    return "not in the results"


CORRECTNESS_FIX = (
    "Drain the node and run the vendor diagnostic (dcgmi diag -r 3); check `nvidia-smi -q -d "
    "ECC,ROW_REMAPPER` and the kernel log for Xid errors; reset the GPU (nvidia-smi -r -i N) "
    "and re-run `envcheck verify --kernels full`; RMA a GPU that fails again."
)


@check(
    "EC801",
    category="kernel-failure",
    severity="error",
    title="A GPU computed a wrong result",
    rationale="""
envcheck ran small, exactly checkable computations on each GPU: a vector add compared bit for
bit with the CPU, GEMMs in fp32/tf32/fp16/bf16 compared with a float64 CPU reference on the same
inputs (with rounding-error bounds per precision), the same GEMM twice (results must be
identical), and a memory test writing and reading back patterns. A GPU that gets any of these
wrong corrupts training silently: losses go NaN or models diverge for no visible reason. Causes
are failing memory (look at ECC and row-remapping counters), an overheating or under-powered
card, or a broken driver/framework build.""",
    fix=CORRECTNESS_FIX,
)
def wrong_result(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    results = [r for r in _results(snap) if r.test not in _suite().MULTI_GPU]
    ran = [r for r in results if r.passed is not None and r.test != "init"]
    if not ran:
        why = _not_run_reason(results, list(_suite().CORRECTNESS))
        raise SkipCheck(f"no correctness test ran: {why}")
    for r in ran:
        if r.passed is False and _failure(r) == "wrong-result":
            yield spec.finding(
                expected=f"{r.test}: results within the rounding bound of the reference",
                found=f"{_where(r)}: {r.detail or r.test + ' failed'}",
                evidence=_evidence(r),
                gpu=r.gpu,
            )


@check(
    "EC802",
    category="kernel-failure",
    severity="error",
    title="GPU tests could not run (no driver, launch failure, hang or crash)",
    rationale="""
Before judging numbers, envcheck must be able to launch a kernel on each GPU: through the
user's framework (torch, cupy) or, with nothing else installed, through the CUDA driver API
with a PTX kernel the driver JIT-compiles. When that fails the GPU cannot train at all: the
driver's user-space library is missing, the framework build has no kernels for this GPU ("no
kernel image is available"), context creation fails, or a test hangs or kills its process
(often a GPU that has fallen off the bus or hit an Xid).""",
    fix=(
        "Read the detail: install or repair the NVIDIA driver when libcuda.so.1 is missing; "
        "install a framework build for this GPU's architecture (envcheck fix); for hangs and "
        "crashes check `dmesg | grep -i xid`, reset the GPU (nvidia-smi -r -i N) or reboot, and "
        "drain the node if it repeats."
    ),
)
def could_not_run(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    results = [r for r in _results(snap) if r.test not in _suite().MULTI_GPU]
    if not results:
        raise SkipCheck("no GPU test results")
    for r in results:
        kind = _failure(r)
        if r.passed is False and kind in RUN_FAILURES:
            yield spec.finding(
                expected="every GPU opens and runs the tests to the end",
                found=f"{_where(r)}: {r.test}: {r.detail or kind}",
                evidence=_evidence(r),
                gpu=r.gpu,
                title={
                    "hang": "A GPU test hung",
                    "crash": "A GPU test crashed its process",
                    "unavailable": "No GPU backend could run",
                }.get(kind),
            )


def _sharing(snap: Snapshot, index: Optional[int]) -> str:
    """What else ran on GPU ``index`` when the host was probed, as a clause of a finding: on a
    real H200 a process computing beside the tests cut the GEMM rate to 29% and NVML named only
    the power cap (the other process drew the power), so the rate alone points the wrong way."""
    from envcheck.checks._common import gpu_list_or_empty

    if index is None:
        return ""
    for g in gpu_list_or_empty(snap):
        if g.index == index and isinstance(g.processes, list) and g.processes:
            names = ", ".join(
                f"{p.pid} {p.name if isinstance(p.name, str) else '?'}" for p in g.processes[:3]
            )
            return f"; {len(g.processes)} other process(es) on this GPU share it (EC430): {names}"
    return ""


def _perf_findings(
    spec: CheckSpec, snap: Snapshot, policy: Any, tests: List[str], what: str, fix: str
) -> Iterator[Finding]:
    results = _results(snap)
    mine = [r for r in results if r.test in tests]
    measured = [r for r in mine if r.passed is not None and r.value is not None]
    if not measured:
        raise SkipCheck(f"{what} not measured: {_not_run_reason(results, tests)}")
    judged = [r for r in measured if r.ratio is not None and r.peak]
    if not judged:
        names = sorted(
            {
                str(r.evidence.get("gpu_name"))
                for r in measured
                if isinstance(r.evidence, dict) and r.evidence.get("gpu_name")
            }
        )
        raise SkipCheck(
            f"no datasheet peak to compare {what} with"
            + (f" ({', '.join(names)} not in the matrix)" if names else "")
        )
    min_ratio = _suite().settings_from_policy(policy).min_ratio
    for r in judged:
        ev = r.evidence if isinstance(r.evidence, dict) else {}
        steady = bool(ev.get("steady_state", True))
        threshold = _suite().perf_threshold(min_ratio, steady)
        assert r.ratio is not None
        if r.ratio >= threshold:
            continue
        reasons = ev.get("throttle_reasons") or []
        why = f"; throttle reasons during the test: {', '.join(reasons)}" if reasons else ""
        shared = _sharing(snap, r.gpu)
        why += shared
        evidence = _evidence(r)
        evidence.update({"threshold": threshold, "min_ratio": min_ratio, "steady_state": steady})
        yield spec.finding(
            expected=f"{r.test} >= {threshold:.0%} of the datasheet peak {r.peak:g} {r.unit}",
            found=(
                f"{_where(r)}: {r.value:.4g} {r.unit} = {r.ratio:.0%} of {r.peak:g} {r.unit}" + why
            ),
            fix=(
                f"Stop what shares GPU {r.gpu} (EC430 lists it), then re-measure: envcheck verify "
                f"--kernels full --gpus {r.gpu}"
                if shared
                else fix
            ),
            evidence=evidence,
            gpu=r.gpu,
        )


@check(
    "EC803",
    category="performance-degraded",
    severity="warning",
    title="GPU memory bandwidth far below the datasheet",
    rationale="""
A device-to-device copy reads and writes GPU memory; healthy HBM/GDDR reaches most of the
datasheet bandwidth. Far less means the memory clock is held low (power or thermal limits,
application clocks), the GPU is shared with another process, or the card is degraded. Judged
against the policy's [kernels] min_ratio (default 0.6; quick runs at half of it, since short
samples are not steady state).""",
    fix=(
        "Compare clocks with `nvidia-smi -q -d CLOCK,PERFORMANCE`; reset application clocks "
        "(sudo nvidia-smi -rac), stop other processes on the GPU, check cooling and power "
        "limits; re-measure with `envcheck verify --kernels full`."
    ),
)
def memory_bandwidth(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    yield from _perf_findings(
        spec, snap, policy, ["d2d_bandwidth"], "GPU memory bandwidth", spec.fix
    )


@check(
    "EC804",
    category="performance-degraded",
    severity="warning",
    title="Host-GPU copy bandwidth far below the PCIe link's peak",
    rationale="""
Pinned host<->device copies normally reach most of the PCIe link's rate (the generation and
width the GPU and the slot both support). Far less starves data loading and checkpointing:
the link trained at a lower generation or width (a badly seated card, riser or BIOS setting),
the copies cross a busy CPU socket, or IOMMU/ACS settings slow DMA.""",
    fix=(
        "Check the link with `nvidia-smi -q -d PCI` and `sudo lspci -vv` (LnkSta vs LnkCap); "
        "reseat the card or riser, set the slot to its full PCIe generation in the BIOS, and "
        "pin data-loader processes to the GPU's NUMA node."
    ),
)
def host_link_bandwidth(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    yield from _perf_findings(
        spec, snap, policy, ["h2d_bandwidth", "d2h_bandwidth"], "host<->GPU bandwidth", spec.fix
    )


@check(
    "EC805",
    category="performance-degraded",
    severity="warning",
    title="GEMM throughput far below the datasheet",
    rationale="""
Large matrix multiplications are what training spends its time on; cuBLAS reaches most of a
GPU's datasheet TFLOPS on them. Far less, with the clocks and throttle reasons sampled during
the test as evidence, points at thermal or power throttling, clocks locked low, another
process on the GPU, or a degraded card.""",
    fix=(
        "Look at the throttle reasons in the evidence: thermal -> check fans/airflow and "
        "`nvidia-smi -q -d TEMPERATURE`; power cap -> `nvidia-smi -q -d POWER` (restore the "
        "default limit with sudo nvidia-smi -pl); applications clocks -> sudo nvidia-smi -rac; "
        "then re-run `envcheck verify --kernels full`."
    ),
)
def gemm_throughput(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    tests = [f"gemm_tflops_{p}" for p in ("fp32", "tf32", "fp16", "bf16")]
    yield from _perf_findings(spec, snap, policy, tests, "GEMM throughput", spec.fix)


@check(
    "EC806",
    category="kernel-failure",
    severity="error",
    title="Multi-GPU communication failed (peer copies or NCCL all-reduce)",
    rationale="""
Data-parallel training exchanges gradients between GPUs every step with an NCCL all-reduce.
envcheck copies data between every pair of GPUs and runs an all-reduce over all of them through
torch.distributed, checking every element of the sum. A wrong sum, a failed copy or a hang
means multi-GPU jobs will hang or train on corrupt gradients (broken NVLink/PCIe peer path,
ACS/IOMMU settings, NCCL environment problems).""",
    fix=(
        "Run with NCCL_DEBUG=INFO to see the transport used; check `nvidia-smi topo -m` and "
        "`nvidia-smi nvlink -s`; disable PCIe ACS for peer-to-peer on bare metal; try "
        "NCCL_P2P_DISABLE=1 to confirm a P2P path problem; run nccl-tests' all_reduce_perf."
    ),
)
def multi_gpu(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    results = [r for r in _results(snap) if r.test in _suite().MULTI_GPU]
    if not results:
        raise SkipCheck("not applicable: fewer than two GPUs tested")
    if all(r.passed is None for r in results):
        why = _not_run_reason(results, list(_suite().MULTI_GPU))
        raise SkipCheck(f"multi-GPU tests not run: {why}")
    for r in results:
        if r.passed is False:
            yield spec.finding(
                expected="every peer copy and every all-reduce element correct, within the time",
                found=f"{_where(r)}: {r.test}: {r.detail or _failure(r) or 'failed'}",
                evidence=_evidence(r, keep=["failure", "world_size", "no_peer_access"]),
                gpu=None,
            )
