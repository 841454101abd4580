"""EC4xx: the GPUs themselves — health, throttling, PCIe link, contention, persistence."""

from __future__ import annotations

from typing import Any, Iterator, List

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Driver, Gpu, Snapshot, Unknown

DCGM_DIAG = "dcgmi diag -r 3"


def _gpus(snap: Snapshot) -> List[Gpu]:
    gpus = c.gpus(snap)
    if not gpus:
        raise c.not_applicable("no GPUs")
    return gpus


def _unknown_all(values: List[Any], what: str) -> None:
    if values and all(isinstance(v, Unknown) or v is None for v in values):
        first = next((v for v in values if isinstance(v, Unknown)), None)
        raise SkipCheck(f"{what} unknown" + (f": {first.reason}" if first else ""))


@check(
    "EC401",
    category="gpu-health",
    severity="error",
    title="Uncorrectable ECC errors",
    rationale="""
An uncorrectable (double-bit) ECC error means GPU memory returned wrong data that could not be
repaired: the process that hit it was killed (Xid 48/94/95) and results computed since may be
corrupt. Volatile counts are since the last driver load: the node should be drained, the GPU
reset and diagnosed. Aggregate (lifetime) counts with a clean volatile counter are a warning:
watch for recurrence.""",
    fix=f"Drain the node, reset the GPU (nvidia-smi -r -i N), run {DCGM_DIAG}; RMA if it recurs.",
)
def ecc(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    _unknown_all(
        [g.ecc_volatile_uncorrected for g in gpus] + [g.ecc_aggregate_uncorrected for g in gpus],
        "ECC error counts",
    )
    for g in gpus:
        vol, agg = g.ecc_volatile_uncorrected, g.ecc_aggregate_uncorrected
        evidence = {
            "ecc_enabled": g.ecc_enabled,
            "volatile_uncorrected": vol if isinstance(vol, int) else None,
            "aggregate_uncorrected": agg if isinstance(agg, int) else None,
            "uuid": g.uuid if isinstance(g.uuid, str) else None,
        }
        if isinstance(vol, int) and vol > 0:
            yield spec.finding(
                expected="0 uncorrectable ECC errors since the driver loaded",
                found=f"{c.gpu_label(g)}: {vol} volatile uncorrectable ECC errors",
                fix=f"drain the node; sudo nvidia-smi -r -i {g.index}; {DCGM_DIAG}",
                evidence=evidence,
                gpu=g.index,
            )
        elif isinstance(agg, int) and agg > 0:
            yield spec.finding(
                expected="0 uncorrectable ECC errors over the GPU's lifetime",
                found=f"{c.gpu_label(g)}: {agg} aggregate uncorrectable ECC errors "
                "(none since boot)",
                fix=f"{DCGM_DIAG}   # and watch: nvidia-smi -q -d ECC -i {g.index}",
                evidence=evidence,
                gpu=g.index,
                severity="warning",
            )


@check(
    "EC402",
    category="gpu-health",
    severity="error",
    title="Row remapping or page retirement pending or failed",
    rationale="""
GPUs repair bad memory by remapping rows (A100 and newer) or retiring pages (older). A pending
remap or retirement only takes effect after a GPU reset: until then the bad memory stays in use.
A remapping failure means the GPU ran out of spare rows and must be replaced (NVIDIA's GPU
memory error management guide).""",
    fix="Reset the GPU (sudo nvidia-smi -r -i N) or reboot; replace it after a remapping failure.",
)
def remap(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    _unknown_all(
        [g.remapped_rows_pending for g in gpus]
        + [g.remapped_rows_failure for g in gpus]
        + [g.retired_pages_pending for g in gpus],
        "row remapping / page retirement state",
    )
    for g in gpus:
        evidence = {
            "remapped_rows_pending": g.remapped_rows_pending,
            "remapped_rows_failure": g.remapped_rows_failure,
            "retired_pages_pending": g.retired_pages_pending,
            "retired_pages_dbe": g.retired_pages_dbe
            if isinstance(g.retired_pages_dbe, int)
            else None,
        }
        evidence = {k: (v if not isinstance(v, Unknown) else None) for k, v in evidence.items()}
        if g.remapped_rows_failure is True:
            yield spec.finding(
                expected="no row-remapping failure",
                found=f"{c.gpu_label(g)}: row remapping failed (no spare rows left)",
                fix=f"drain the node and replace GPU {g.index} (RMA); {DCGM_DIAG} for the ticket",
                evidence=evidence,
                gpu=g.index,
            )
        elif g.remapped_rows_pending is True or g.retired_pages_pending is True:
            what = "row remap" if g.remapped_rows_pending is True else "page retirement"
            yield spec.finding(
                expected="no pending row remap or page retirement",
                found=f"{c.gpu_label(g)}: {what} pending until the GPU is reset",
                fix=f"sudo nvidia-smi -r -i {g.index}   # or reboot the node",
                evidence=evidence,
                gpu=g.index,
            )


@check(
    "EC403",
    category="gpu-health",
    severity="error",
    title="GPU unreachable or missing",
    rationale="""
A GPU that fell off the bus (Xid 79) makes nvidia-smi hang or time out, and the driver lists
fewer GPUs than the node has. The kernel module loaded with no GPU listed, or a hung
nvidia-smi, mean the node cannot run GPU jobs until it is rebooted (often the hardware needs
service).""",
    fix="Drain the node, check `dmesg | grep -i xid`, reboot; service the GPU if it recurs.",
)
def unreachable(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    drv: Driver = c.driver(snap)
    status = c.need(drv.status, "driver status")
    detail = drv.detail if isinstance(drv.detail, str) else None
    if status in ("nvidia-smi-hung", "probe-timed-out"):
        yield spec.finding(
            expected="nvidia-smi answers within its timeout",
            found=("nvidia-smi hung" if status == "nvidia-smi-hung" else "the driver probe hung")
            + (f": {detail}" if detail else "")
            + " (typical of a GPU that fell off the bus)",
            fix="drain the node; dmesg | grep -i xid; sudo reboot",
            evidence={"status": status, "detail": detail},
        )
    elif status == "no-gpus" and c.has_nvidia_gpus(snap):
        yield spec.finding(
            expected="the GPUs the kernel module / device nodes show",
            found="the NVIDIA driver is loaded but lists no GPU",
            fix="dmesg | grep -i -e xid -e NVRM; sudo reboot",
            evidence={"status": status, "detail": detail},
        )
    elif status not in ("ok", "no-gpus"):
        raise SkipCheck(f"driver status '{status}' (see EC102/EC105)")


@check(
    "EC404",
    category="gpu-health",
    severity="warning",
    title="MIG mode enabled",
    rationale="""
With Multi-Instance GPU enabled, CUDA programs see MIG slices instead of the whole GPU (or no
device at all when no instance was created): a job expecting the full GPU gets a fraction of
its memory and SMs. Unless the site intends MIG ([gpus] mig = true in the policy, judged by
EC705), this is a leftover to clear.""",
    fix="sudo nvidia-smi -i N -mig 0 (then reset the GPU), or set [gpus] mig = true in the policy.",
)
def mig(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    if policy is not None and getattr(policy, "gpu_mig", None) is not None:
        raise c.not_applicable("the policy sets [gpus] mig (see EC705)")
    gpus = _gpus(snap)
    _unknown_all([g.mig_enabled for g in gpus], "MIG mode")
    for g in gpus:
        if g.mig_enabled is True:
            yield spec.finding(
                expected="MIG disabled (whole GPU visible to CUDA)",
                found=f"{c.gpu_label(g)}: MIG enabled",
                fix=f"sudo nvidia-smi -i {g.index} -mig 0 && sudo nvidia-smi -r -i {g.index}",
                evidence={"mig_enabled": True},
                gpu=g.index,
            )


_SLOWDOWN = {
    "hw_slowdown": ("warning", "hardware slowdown (HW_SLOWDOWN: thermal or power-brake signal)"),
    "hw_thermal_slowdown": ("warning", "hardware thermal slowdown"),
    "sw_thermal_slowdown": ("warning", "software thermal slowdown"),
    "hw_power_brake_slowdown": ("warning", "external power brake (PSU / power-brake signal)"),
    "sw_power_cap": ("info", "software power cap (at the power limit)"),
}


@check(
    "EC410",
    category="gpu-throttle",
    severity="warning",
    title="GPU clocks throttled now",
    rationale="""
NVML reports why clocks are below maximum. Thermal and hardware slowdowns (overheating, failing
fans, a PSU asserting power brake) cut throughput by half or more and are never normal. Running
at the software power cap is expected under full load and reported as info. "gpu_idle" and
"applications_clocks_setting" are normal and ignored.""",
    fix="Check cooling and power (nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i N).",
)
def throttle(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    _unknown_all([g.throttle_reasons for g in gpus], "clock throttle reasons")
    for g in gpus:
        reasons = g.throttle_reasons if isinstance(g.throttle_reasons, list) else []
        active = [r for r in reasons if r in _SLOWDOWN]
        if not active:
            continue
        severity = "warning" if any(_SLOWDOWN[r][0] == "warning" for r in active) else "info"
        yield spec.finding(
            expected="no thermal, power-brake or hardware slowdown",
            found=f"{c.gpu_label(g)}: "
            + "; ".join(_SLOWDOWN[r][1] for r in active)
            + (f"; {g.temperature_c} C" if isinstance(g.temperature_c, int) else "")
            + (
                f"; SM clock {g.sm_clock_mhz}/{g.sm_clock_max_mhz} MHz"
                if isinstance(g.sm_clock_mhz, int) and isinstance(g.sm_clock_max_mhz, int)
                else ""
            ),
            fix=f"nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER -i {g.index}   # then check "
            "airflow, fans, inlet temperature and PSU",
            evidence={
                "throttle_reasons": reasons,
                "temperature_c": g.temperature_c if isinstance(g.temperature_c, int) else None,
                "power_draw_w": g.power_draw_w if isinstance(g.power_draw_w, float) else None,
                "power_limit_w": g.power_limit_w if isinstance(g.power_limit_w, float) else None,
            },
            gpu=g.index,
            severity=severity,
        )


@check(
    "EC411",
    category="gpu-throttle",
    severity="warning",
    title="GPU temperature close to its slowdown threshold",
    rationale="""
Past the slowdown temperature the GPU cuts its clocks. A GPU already within a few degrees of it
(default margin 5 C, [thresholds] temperature_margin_c) will throttle as soon as a job loads it.
The threshold comes from NVML, else from the matrix's datasheet value for the model.""",
    fix="Improve cooling (airflow, fan curves, inlet temperature) before running jobs.",
)
def temperature(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    margin = float(getattr(getattr(policy, "thresholds", None), "temperature_margin_c", 5.0))
    judged = False
    for g in gpus:
        temp = g.temperature_c
        limit = g.temperature_slowdown_c if isinstance(g.temperature_slowdown_c, int) else None
        limit_from = "NVML"
        if limit is None and isinstance(g.name, str):
            gs = c.ask(matrix, "gpu", g.name)
            if gs is not None and gs.slowdown_temp_c:
                limit, limit_from = gs.slowdown_temp_c, "matrix datasheet"
        if not isinstance(temp, int) or limit is None:
            continue
        judged = True
        if temp >= limit - margin:
            yield spec.finding(
                expected=f"temperature below {limit - margin:g} C "
                f"(slowdown {limit:g} C - margin {margin:g} C)",
                found=f"{c.gpu_label(g)}: {temp} C",
                fix=f"nvidia-smi -q -d TEMPERATURE -i {g.index}   # check airflow and fans",
                evidence={
                    "temperature_c": temp,
                    "slowdown_c": limit,
                    "slowdown_from": limit_from,
                    "margin_c": margin,
                },
                gpu=g.index,
            )
    if not judged:
        raise SkipCheck("GPU temperature or slowdown threshold unknown")


def _idle(g: Gpu) -> bool:
    reasons = g.throttle_reasons if isinstance(g.throttle_reasons, list) else []
    if "gpu_idle" in reasons:
        return True
    return not (isinstance(g.processes, list) and g.processes)


@check(
    "EC420",
    category="pcie-degraded",
    severity="error",
    title="PCIe link below its maximum",
    rationale="""
A GPU whose PCIe link trained at fewer lanes than it supports (x8 instead of x16) has a loose
card, a dirty or damaged slot or riser, or sits in the wrong slot: host-device copies run at a
fraction of the bandwidth, at all times. A link generation below maximum is normal while the GPU
is idle: GPUs downshift PCIe speed to save power and go back up under load, so at idle that is
only info; under load it is a warning.""",
    fix="Reseat the GPU / riser or move it to a full-width slot; check `lspci -vv` LnkSta.",
)
def pcie(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    judged = False
    for g in gpus:
        evidence = {
            k: getattr(g, k) for k in ("pcie_gen", "pcie_gen_max", "pcie_width", "pcie_width_max")
        }
        evidence = {k: (v if isinstance(v, int) else None) for k, v in evidence.items()}
        bus = g.pci_bus_id if isinstance(g.pci_bus_id, str) else "<bus id>"
        if isinstance(g.pcie_width, int) and isinstance(g.pcie_width_max, int):
            judged = True
            if g.pcie_width < g.pcie_width_max:
                yield spec.finding(
                    expected=f"PCIe x{g.pcie_width_max}",
                    found=f"{c.gpu_label(g)}: PCIe x{g.pcie_width} (of x{g.pcie_width_max})",
                    fix=f"sudo lspci -vv -s {bus} | grep -E 'LnkCap|LnkSta'   # then reseat the "
                    "card / riser or use a full-width slot",
                    evidence=evidence,
                    gpu=g.index,
                )
                continue
        if isinstance(g.pcie_gen, int) and isinstance(g.pcie_gen_max, int):
            judged = True
            if g.pcie_gen < g.pcie_gen_max:
                idle = _idle(g)
                evidence["idle"] = idle
                yield spec.finding(
                    expected=f"PCIe gen {g.pcie_gen_max}" + (" under load" if idle else ""),
                    found=f"{c.gpu_label(g)}: PCIe gen {g.pcie_gen} (max {g.pcie_gen_max})"
                    + (" while idle (power saving; normal)" if idle else " while busy"),
                    fix=f"re-check under load: nvidia-smi --query-gpu=pcie.link.gen.current "
                    f"--format=csv -i {g.index}",
                    evidence=evidence,
                    gpu=g.index,
                    severity="info" if idle else "warning",
                    title="PCIe link generation below its maximum",
                )
    if not judged:
        raise SkipCheck("PCIe link state unknown")


@check(
    "EC430",
    category="gpu-contention",
    severity="warning",
    title="Other processes hold GPU memory",
    rationale="""
A process left on a GPU (a previous job's zombie, a notebook kernel, another user's job) takes
memory and compute: the next job gets "CUDA out of memory" or runs slower. In a container,
other containers' processes are invisible, but their memory still shows as used.""",
    fix="Stop the listed processes (kill PID) or pick free GPUs with CUDA_VISIBLE_DEVICES.",
)
def contention(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    judged = False
    for g in gpus:
        if isinstance(g.processes, list):
            judged = True
            if g.processes:
                procs = [
                    f"{p.pid} {p.name if isinstance(p.name, str) else '?'}"
                    + (f" ({p.used_memory_mib} MiB)" if isinstance(p.used_memory_mib, int) else "")
                    for p in g.processes
                ]
                yield spec.finding(
                    expected="no other process on the GPU",
                    found=f"{c.gpu_label(g)}: {len(procs)} process(es): " + ", ".join(procs),
                    fix="kill "
                    + " ".join(str(p.pid) for p in g.processes)
                    + "   # after checking they are not someone's running job",
                    evidence={
                        "processes": [
                            {
                                "pid": p.pid,
                                "name": p.name if isinstance(p.name, str) else None,
                                "used_memory_mib": p.used_memory_mib
                                if isinstance(p.used_memory_mib, int)
                                else None,
                            }
                            for p in g.processes
                        ]
                    },
                    gpu=g.index,
                )
                continue
        if isinstance(g.memory_used_mib, int) and isinstance(g.memory_total_mib, int):
            judged = True
            # a CUDA context and a desktop take a few hundred MiB, so up to 2 GiB is not yet
            # someone else's; on a GPU smaller than 4 GiB, more than half in use is (1833 of
            # 2007 MiB held by another Spark worker: yahoo/TensorFlowOnSpark#75, heldout302)
            floor = min(2048, g.memory_total_mib // 2)
            if g.memory_used_mib > max(floor, g.memory_total_mib // 10):
                in_use = f"{c.gpu_label(g)}: {g.memory_used_mib} of {g.memory_total_mib} MiB in use"
                if c.from_report(snap):
                    # a paste's figure (nvidia-smi without its process table, or PyTorch's OOM
                    # message: total - free - reserved) may be the reporter's own job and its
                    # CUDA context: say what it shows, not whose it is
                    whose = (
                        " that no process in the text accounts for (the job itself, its CUDA "
                        "context or other processes: the text does not say whose)"
                    )
                    fix = (
                        f"nvidia-smi -i {g.index}   # on the host while the job is stopped: "
                        "memory in use then is another process's"
                    )
                else:
                    whose = " by processes not visible here"
                    fix = f"nvidia-smi -i {g.index}   # on the host: find and stop the owner"
                yield spec.finding(
                    expected="GPU memory free before the job",
                    found=in_use + whose,
                    fix=fix,
                    evidence={
                        "memory_used_mib": g.memory_used_mib,
                        "memory_total_mib": g.memory_total_mib,
                    },
                    gpu=g.index,
                )
    if not judged:
        raise SkipCheck("GPU processes and memory use unknown")


@check(
    "EC440",
    category="os-setting",
    severity="info",
    title="Persistence mode off",
    rationale="""
Without persistence mode (or the nvidia-persistenced daemon) the driver tears the GPUs down
when the last client exits and initialises them again for the next one: every job start pays
seconds of latency, and settings such as application clocks are lost. NVIDIA recommends
nvidia-persistenced on Linux compute nodes.""",
    fix="sudo systemctl enable --now nvidia-persistenced   # or: sudo nvidia-smi -pm 1",
)
def persistence(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    if c.platform(snap) == "windows":
        raise c.not_applicable("persistence mode is a Linux setting")
    _unknown_all([g.persistence_mode for g in gpus], "persistence mode")
    off = [g for g in gpus if g.persistence_mode is False]
    if off:
        yield spec.finding(
            expected="persistence mode enabled",
            found="persistence mode off on GPU " + ", ".join(str(g.index) for g in off),
            fix="sudo systemctl enable --now nvidia-persistenced   # or: sudo nvidia-smi -pm 1",
            evidence={"gpus_off": [g.index for g in off]},
        )


# what each restrictive compute mode does to a job, and how sure envcheck is that it hurts
_MODE_EFFECT = {
    "prohibited": (
        "error",
        "compute mode Prohibited: no process can create a CUDA context on it",
    ),
    "exclusive_thread": (
        "warning",
        "compute mode Exclusive_Thread (support removed from current drivers): one context, "
        "usable from one thread only, which multi-threaded frameworks (TensorFlow's executor) "
        "cannot work with",
    ),
    "exclusive_process": (
        "info",
        "compute mode Exclusive_Process: one process at a time; a second process on this GPU "
        "(another job, more ranks than GPUs, a server beside the trainer) gets 'all "
        "CUDA-capable devices are busy or unavailable'",
    ),
}


@check(
    "EC441",
    category="os-setting",
    severity="error",
    title="GPU compute mode restricts who may use it",
    rationale="""
An administrator's compute mode (`nvidia-smi -c`) decides how many CUDA contexts a GPU takes
[S1][S2]. Prohibited allows none: every CUDA program fails on that GPU (an error).
Exclusive_Thread allowed one context usable from one thread; its support was removed, and
multi-threaded runtimes cannot use a GPU left in it (a warning). Exclusive_Process allows one
process at a time: right for one process per GPU, but a second process on the GPU fails with "all
CUDA-capable devices are busy or unavailable" (information, since clusters choose it on
purpose).
[S1] https://nvidia.github.io/cuda-python/pr-preview/pr-1884/cuda-bindings/latest/module/generated/cuda.bindings.nvml.ComputeMode.html
(NVML's nvmlComputeMode_t: DEFAULT "multiple contexts per device", EXCLUSIVE_THREAD "Support
Removed", PROHIBITED "no contexts per device", EXCLUSIVE_PROCESS "only one context per device";
read 2026-12-07)
[S2] https://developer.download.nvidia.com/compute/DevZone/docs/html/C/doc/html/group__CUDA__TYPES_g409cfd7e4863c34f8430757482886d75.html
(CUcomputemode; read 2026-12-07)""",
    fix="sudo nvidia-smi -i <gpu> -c DEFAULT   # or EXCLUSIVE_PROCESS for one process per GPU",
)
def compute_mode(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    gpus = _gpus(snap)
    _unknown_all([g.compute_mode for g in gpus], "compute mode")
    for g in gpus:
        effect = _MODE_EFFECT.get(g.compute_mode) if isinstance(g.compute_mode, str) else None
        if effect is None:
            continue
        severity, found = effect
        yield spec.finding(
            expected="compute mode Default (or Exclusive_Process for one process per GPU)",
            found=f"GPU {g.index}: {found}",
            fix=f"sudo nvidia-smi -i {g.index} -c DEFAULT   # as root, with no job on the GPU",
            evidence={"compute_mode": g.compute_mode},
            severity=severity,
            gpu=g.index,
        )
