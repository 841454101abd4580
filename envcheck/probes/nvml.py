"""NVIDIA driver and GPUs through NVML (the ``pynvml`` module of ``nvidia-ml-py``).

Status (``Driver.status``):

- ``library-not-found``: ``libnvidia-ml.so.1`` cannot be loaded (no driver user-space installed);
- ``driver-not-loaded``: the library loads but the kernel module does not answer;
- ``version-mismatch``: "Driver/library version mismatch" -- NVML says so, or the NVML library's
  version (from its file name) differs from the kernel module's ``/proc/driver/nvidia/version``;
- ``no-gpus``: NVML works but sees no GPU;
- ``error``: any other failure to initialise;
- ``ok``.

Every per-GPU query is made on its own: a query that fails (``NVML_ERROR_NOT_SUPPORTED``, a GPU
lost half-way through, ...) turns only that fact into ``Unknown(reason)``. ``pynvml`` is imported
lazily (it costs ~30 ms). The kernel module version is read under ``ENVCHECK_SYSROOT`` (see
``envcheck.probes._util``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import sys
from typing import Any, Callable, List, Optional, Tuple

from envcheck.probes._util import cpulist, describe_exc, soname_version
from envcheck.probes.base import ProbeContext
from envcheck.probes.kernel_side import read_proc_driver_version
from envcheck.probes.sysfs import pci_numa
from envcheck.snapshot import Driver, Gpu, GpuProcess, Unknown, compute_mode_name, known

# NVML clock-event / throttle reason bits (nvml.h, nvmlClocksEventReason*) -> stable names.
THROTTLE_BITS: Tuple[Tuple[int, str], ...] = (
    (0x1, "gpu_idle"),
    (0x2, "applications_clocks_setting"),
    (0x4, "sw_power_cap"),
    (0x8, "hw_slowdown"),
    (0x10, "sync_boost"),
    (0x20, "sw_thermal_slowdown"),
    (0x40, "hw_thermal_slowdown"),
    (0x80, "hw_power_brake_slowdown"),
    (0x100, "display_clock_setting"),
)

# NVML return codes that decide the driver status.
_ERR_DRIVER_NOT_LOADED = 9
_ERR_LIBRARY_NOT_FOUND = 12
_ERR_FUNCTION_NOT_FOUND = 13
_ERR_LIB_RM_VERSION_MISMATCH = 18
_ERR_NAMES = {
    1: "uninitialized",
    2: "invalid argument",
    3: "not supported",
    4: "no permission",
    6: "not found",
    9: "driver not loaded",
    10: "timeout",
    12: "library not found",
    13: "function not found in the NVML library",
    14: "corrupted infoROM",
    15: "GPU is lost",
    16: "GPU requires reset",
    17: "operating system call failed",
    18: "driver/library version mismatch",
    21: "no data",
    999: "unknown error",
}


def throttle_names(mask: int) -> List[str]:
    return [name for bit, name in THROTTLE_BITS if mask & bit]


def _err_text(exc: BaseException) -> str:
    code = getattr(exc, "value", None)
    if isinstance(code, int):
        name = _ERR_NAMES.get(code)
        if name is None:
            try:
                name = str(exc)
            except Exception:  # noqa: BLE001 - str() of an NVMLError calls into the library
                name = "error"
        return f"NVML: {name} (code {code})"
    return f"NVML: {describe_exc(exc)}"


def _text(value: Any) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def library_loadable() -> bool:
    """Can the dynamic loader find libnvidia-ml.so.1 (the name pynvml loads on Linux)?"""
    if not sys.platform.startswith("linux"):
        return True  # let pynvml find nvml.dll its own way
    import ctypes  # noqa: PLC0415

    try:
        ctypes.CDLL("libnvidia-ml.so.1")
    except OSError:
        return False
    return True


def loaded_library_path() -> Optional[str]:
    """Where the dynamic loader found libnvidia-ml in this process (from /proc/self/maps)."""
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if "libnvidia-ml" in line:
                    path = line.split(None, 5)[-1].strip()
                    if path.startswith("/"):
                        return path
    except OSError:
        return None
    return None


def cuda_version_text(value: int) -> str:
    """12040 -> "12.4" (NVML reports major*1000 + minor*10)."""
    return f"{value // 1000}.{(value % 1000) // 10}"


def probe(ctx: ProbeContext) -> Driver:
    driver = Driver(source="nvml")
    if not library_loadable():  # cheap check first: importing pynvml costs ~30 ms
        driver.status = "library-not-found"
        driver.detail = "libnvidia-ml.so.1 not found by the dynamic loader"
        _mark_unknown(driver, "NVML unusable: library-not-found")
        return driver
    try:
        import pynvml  # noqa: PLC0415 - lazy: costs ~30 ms and may be missing
    except ImportError as exc:
        driver.status = "library-not-found"
        driver.detail = f"the pynvml module (nvidia-ml-py) is not installed: {exc}"
        _mark_unknown(driver, "pynvml not installed")
        return driver

    proc_version = read_proc_driver_version()
    try:
        pynvml.nvmlInit()
    except Exception as exc:  # noqa: BLE001 - NVMLError or anything ctypes raises
        code = getattr(exc, "value", None)
        lib_path = loaded_library_path()
        driver.nvml_library_path = lib_path
        lib_version = soname_version(lib_path) if lib_path else None
        driver.detail = _err_text(exc)
        if code == _ERR_LIBRARY_NOT_FOUND:
            driver.status = "library-not-found"
            driver.detail = "libnvidia-ml.so.1 not found by the dynamic loader"
        elif code == _ERR_LIB_RM_VERSION_MISMATCH or (
            isinstance(proc_version, str)
            and lib_version
            and _looks_like_driver_version(lib_version)
            and lib_version != proc_version
        ):
            driver.status = "version-mismatch"
            driver.detail = _mismatch_detail(lib_version, proc_version, driver.detail)
        elif code == _ERR_DRIVER_NOT_LOADED:
            driver.status = "driver-not-loaded"
        else:
            driver.status = "error"
        _mark_unknown(driver, f"NVML unusable: {driver.status}")
        return driver

    try:
        driver.nvml_library_path = loaded_library_path()
        driver.version = _q(lambda: _text(pynvml.nvmlSystemGetDriverVersion()))
        driver.nvml_version = _q(lambda: _text(pynvml.nvmlSystemGetNVMLVersion()))
        driver.cuda_version = _q(
            lambda: cuda_version_text(int(pynvml.nvmlSystemGetCudaDriverVersion_v2()))
        )
        if (
            known(driver.version)
            and isinstance(proc_version, str)
            and proc_version
            and driver.version != proc_version
        ):
            driver.status = "version-mismatch"
            driver.detail = _mismatch_detail(str(driver.version), proc_version, None)
        try:
            count = int(pynvml.nvmlDeviceGetCount())
        except Exception as exc:  # noqa: BLE001
            driver.gpus = Unknown(f"cannot count GPUs: {_err_text(exc)}")
            driver.status = driver.status or "error"
            driver.detail = driver.detail or _err_text(exc)
            return driver
        driver.gpus = [_gpu(pynvml, i) for i in range(count)]
        if driver.status is None:
            driver.status = "ok" if count else "no-gpus"
    finally:
        with contextlib.suppress(Exception):  # shutting down is best effort
            pynvml.nvmlShutdown()
    return driver


def _mark_unknown(driver: Driver, reason: str) -> None:
    """Facts NVML could not give are unknown (not absent) so that checks say "skipped"."""
    for name in ("version", "cuda_version", "nvml_version", "gpus"):
        if getattr(driver, name) is None:
            setattr(driver, name, Unknown(reason))


def _looks_like_driver_version(text: str) -> bool:
    return bool(re.fullmatch(r"\d{3,}\.\d+(\.\d+)?", text))


def _mismatch_detail(
    lib_version: Optional[str], proc_version: Any, nvml_error: Optional[str]
) -> str:
    parts = ["Driver/library version mismatch"]
    if lib_version:
        parts.append(f"NVML library {lib_version}")
    if isinstance(proc_version, str):
        parts.append(f"kernel module {proc_version}")
    text = ": ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if len(parts) > 1 else "")
    if nvml_error:
        text += f" ({nvml_error})"
    return text


def _q(fn: Callable[[], Any]) -> Any:
    """Run one NVML query: its value, or Unknown(reason) when it fails."""
    try:
        return fn()
    except Exception as exc:  # noqa: BLE001 - NVMLError, ctypes errors: all become Unknown
        return Unknown(_err_text(exc))


def _gpu(nv: Any, index: int) -> Gpu:
    gpu = Gpu(index=index)
    try:
        handle = nv.nvmlDeviceGetHandleByIndex(index)
    except Exception as exc:  # noqa: BLE001
        reason = Unknown(f"cannot open GPU {index}: {_err_text(exc)}")
        for spec in dataclasses.fields(Gpu):
            if spec.name != "index":
                setattr(gpu, spec.name, reason)
        return gpu
    gpu.name = _q(lambda: _text(nv.nvmlDeviceGetName(handle)))
    gpu.uuid = _q(lambda: _text(nv.nvmlDeviceGetUUID(handle)))
    gpu.pci_bus_id = _q(lambda: _text(nv.nvmlDeviceGetPciInfo(handle).busId))
    gpu.compute_capability = _q(
        lambda: "{}.{}".format(*nv.nvmlDeviceGetCudaComputeCapability(handle))
    )
    mem = _q(lambda: nv.nvmlDeviceGetMemoryInfo(handle))
    if isinstance(mem, Unknown):
        gpu.memory_total_mib = gpu.memory_used_mib = gpu.memory_free_mib = mem
    else:
        gpu.memory_total_mib = int(mem.total) // (1 << 20)
        gpu.memory_used_mib = int(mem.used) // (1 << 20)
        gpu.memory_free_mib = int(mem.free) // (1 << 20)
    gpu.temperature_c = _q(lambda: int(nv.nvmlDeviceGetTemperature(handle, 0)))  # GPU sensor
    gpu.temperature_slowdown_c = _q(lambda: int(nv.nvmlDeviceGetTemperatureThreshold(handle, 1)))
    gpu.temperature_shutdown_c = _q(lambda: int(nv.nvmlDeviceGetTemperatureThreshold(handle, 0)))
    gpu.power_draw_w = _q(lambda: round(nv.nvmlDeviceGetPowerUsage(handle) / 1000.0, 2))
    gpu.power_limit_w = _q(lambda: round(nv.nvmlDeviceGetEnforcedPowerLimit(handle) / 1000.0, 2))
    gpu.sm_clock_mhz = _q(lambda: int(nv.nvmlDeviceGetClockInfo(handle, 1)))  # NVML_CLOCK_SM
    gpu.sm_clock_max_mhz = _q(lambda: int(nv.nvmlDeviceGetMaxClockInfo(handle, 1)))
    gpu.mem_clock_mhz = _q(lambda: int(nv.nvmlDeviceGetClockInfo(handle, 2)))  # NVML_CLOCK_MEM
    gpu.mem_clock_max_mhz = _q(lambda: int(nv.nvmlDeviceGetMaxClockInfo(handle, 2)))
    gpu.throttle_reasons = _q(lambda: throttle_names(int(_clock_reasons(nv, handle))))
    gpu.persistence_mode = _q(lambda: bool(nv.nvmlDeviceGetPersistenceMode(handle)))
    mode = _q(lambda: int(nv.nvmlDeviceGetComputeMode(handle)))
    if not isinstance(mode, Unknown):
        mode = compute_mode_name(mode) or Unknown(f"unrecognised NVML compute mode {mode}")
    gpu.compute_mode = mode
    ecc = _q(lambda: nv.nvmlDeviceGetEccMode(handle))
    gpu.ecc_enabled = ecc if isinstance(ecc, Unknown) else bool(ecc[0])
    if gpu.ecc_enabled is True:
        # errorType 1 = uncorrected, 0 = corrected; counterType 0 = volatile, 1 = aggregate
        gpu.ecc_volatile_uncorrected = _q(lambda: int(nv.nvmlDeviceGetTotalEccErrors(handle, 1, 0)))
        gpu.ecc_aggregate_uncorrected = _q(
            lambda: int(nv.nvmlDeviceGetTotalEccErrors(handle, 1, 1))
        )
        gpu.ecc_volatile_corrected = _q(lambda: int(nv.nvmlDeviceGetTotalEccErrors(handle, 0, 0)))
    gpu.retired_pages_sbe = _q(lambda: len(nv.nvmlDeviceGetRetiredPages(handle, 0)))
    gpu.retired_pages_dbe = _q(lambda: len(nv.nvmlDeviceGetRetiredPages(handle, 1)))
    gpu.retired_pages_pending = _q(lambda: bool(nv.nvmlDeviceGetRetiredPagesPendingStatus(handle)))
    rows = _q(lambda: nv.nvmlDeviceGetRemappedRows(handle))
    if isinstance(rows, Unknown):
        gpu.remapped_rows_pending = gpu.remapped_rows_failure = rows
    else:
        gpu.remapped_rows_pending = bool(rows[2])
        gpu.remapped_rows_failure = bool(rows[3])
    gpu.pcie_gen = _q(lambda: int(nv.nvmlDeviceGetCurrPcieLinkGeneration(handle)))
    gpu.pcie_gen_max = _q(lambda: int(nv.nvmlDeviceGetMaxPcieLinkGeneration(handle)))
    gpu.pcie_width = _q(lambda: int(nv.nvmlDeviceGetCurrPcieLinkWidth(handle)))
    gpu.pcie_width_max = _q(lambda: int(nv.nvmlDeviceGetMaxPcieLinkWidth(handle)))
    mig = _q(lambda: nv.nvmlDeviceGetMigMode(handle))
    gpu.mig_enabled = mig if isinstance(mig, Unknown) else bool(mig[0])
    gpu.numa_node = _q(lambda: int(nv.nvmlDeviceGetNumaNodeId(handle)))
    gpu.cpu_affinity = _q(lambda: _affinity(nv, handle))
    if isinstance(gpu.pci_bus_id, str) and (
        not known(gpu.numa_node) or not known(gpu.cpu_affinity)
    ):
        node, cpus = pci_numa(gpu.pci_bus_id)
        if not known(gpu.numa_node) and node is not None:
            gpu.numa_node = node
        if not known(gpu.cpu_affinity) and cpus is not None:
            gpu.cpu_affinity = cpus
    gpu.processes = _q(lambda: _processes(nv, handle))
    return gpu


def _clock_reasons(nv: Any, handle: Any) -> int:
    try:
        return int(nv.nvmlDeviceGetCurrentClocksEventReasons(handle))
    except Exception as exc:  # noqa: BLE001 - older drivers only know the "throttle" name
        if getattr(exc, "value", None) != _ERR_FUNCTION_NOT_FOUND:
            raise
        return int(nv.nvmlDeviceGetCurrentClocksThrottleReasons(handle))


def _affinity(nv: Any, handle: Any) -> str:
    words = max(1, ((os.cpu_count() or 64) + 63) // 64)
    masks = nv.nvmlDeviceGetCpuAffinity(handle, words)
    cpus = [w * 64 + bit for w in range(words) for bit in range(64) if int(masks[w]) >> bit & 1]
    return cpulist(cpus)


def _processes(nv: Any, handle: Any) -> List[GpuProcess]:
    result = []
    for proc in nv.nvmlDeviceGetComputeRunningProcesses(handle):
        pid = int(proc.pid)
        used = getattr(proc, "usedGpuMemory", None)
        name = _q(lambda pid=pid: _text(nv.nvmlSystemGetProcessName(pid)))
        result.append(
            GpuProcess(
                pid=pid,
                name=name,
                used_memory_mib=int(used) // (1 << 20) if used is not None else None,
            )
        )
    return result
