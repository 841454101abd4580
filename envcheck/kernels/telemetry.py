"""Clocks, throttle reasons, temperature and power sampled through NVML while a test runs.

Evidence for ``performance-degraded``: a low number with "hw_thermal_slowdown" or "sw_power_cap"
next to it says why. Optional: without NVML (no driver, the CPU harness) the sampler records
nothing and says so.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Dict, List, Optional

# nvmlClocksEventReasons bits (nvml.h) -> the names used in snapshot.Gpu.throttle_reasons.
THROTTLE_BITS = {
    0x1: "gpu_idle",
    0x2: "applications_clocks_setting",
    0x4: "sw_power_cap",
    0x8: "hw_slowdown",
    0x10: "sync_boost",
    0x20: "sw_thermal_slowdown",
    0x40: "hw_thermal_slowdown",
    0x80: "hw_power_brake_slowdown",
    0x100: "display_clock_setting",
}


def reason_names(mask: int) -> List[str]:
    return [name for bit, name in THROTTLE_BITS.items() if mask & bit]


class Sampler:
    """Samples one GPU every ``interval`` seconds in a thread between start() and stop()."""

    def __init__(self, uuid: Optional[str], index: Optional[int], interval: float = 0.1):
        self.interval = interval
        self.handle: Any = None
        self.nvml: Any = None
        self.error: Optional[str] = None
        self.samples: List[Dict[str, Any]] = []
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        if uuid is None and index is None:
            self.error = "no NVML identity for this device"
            return
        try:
            import pynvml

            pynvml.nvmlInit()
            self.nvml = pynvml
            if uuid:
                self.handle = pynvml.nvmlDeviceGetHandleByUUID(uuid)
            else:
                self.handle = pynvml.nvmlDeviceGetHandleByIndex(index)
        except Exception as exc:  # NVML missing or failing: telemetry is optional
            self.error = f"NVML unavailable: {exc}"
            self.handle = None

    def _sample(self) -> Dict[str, Any]:
        n, h = self.nvml, self.handle
        out: Dict[str, Any] = {}
        calls = {
            "sm_clock_mhz": lambda: n.nvmlDeviceGetClockInfo(h, n.NVML_CLOCK_SM),
            "mem_clock_mhz": lambda: n.nvmlDeviceGetClockInfo(h, n.NVML_CLOCK_MEM),
            "temperature_c": lambda: n.nvmlDeviceGetTemperature(h, n.NVML_TEMPERATURE_GPU),
            "power_w": lambda: n.nvmlDeviceGetPowerUsage(h) / 1000.0,
            "throttle_mask": lambda: (
                getattr(n, "nvmlDeviceGetCurrentClocksEventReasons", None)
                or n.nvmlDeviceGetCurrentClocksThrottleReasons
            )(h),
        }
        for key, fn in calls.items():
            with contextlib.suppress(Exception):
                out[key] = fn()
        return out

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.samples.append(self._sample())
            self._stop.wait(self.interval)

    def start(self) -> None:
        if self.handle is None:
            return
        self.samples = []
        self._stop.clear()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def stop(self) -> Dict[str, Any]:
        """Stop sampling and summarise: min/max clocks, max temperature and power, the union of
        throttle reasons seen, and the maximum clocks for comparison."""
        if self.handle is None:
            return {"telemetry": self.error or "unavailable"}
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=2)
        samples = self.samples or [self._sample()]
        ev: Dict[str, Any] = {"samples": len(samples)}
        for key in ("sm_clock_mhz", "mem_clock_mhz"):
            vals = [s[key] for s in samples if key in s]
            if vals:
                ev[key] = {"min": min(vals), "max": max(vals)}
        for key in ("temperature_c", "power_w"):
            vals = [s[key] for s in samples if key in s]
            if vals:
                ev[f"{key}_max"] = max(vals)
        mask = 0
        for s in samples:
            mask |= int(s.get("throttle_mask", 0))
        ev["throttle_reasons"] = reason_names(mask)
        n, h = self.nvml, self.handle
        try:
            ev["sm_clock_max_mhz"] = n.nvmlDeviceGetMaxClockInfo(h, n.NVML_CLOCK_SM)
            ev["mem_clock_max_mhz"] = n.nvmlDeviceGetMaxClockInfo(h, n.NVML_CLOCK_MEM)
        except Exception:
            pass
        return ev
