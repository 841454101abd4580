"""CPU and memory: model, cores (and what cgroups/affinity leave), governor, NUMA, RAM, swap,
``/dev/shm``, ulimits and transparent huge pages.

Reads ``/proc/cpuinfo``, ``/proc/meminfo``, ``/sys/devices/system/{cpu,node}``,
``/sys/kernel/mm/transparent_hugepage/enabled`` and statvfs of ``/dev/shm`` under
``ENVCHECK_SYSROOT`` (default ``/``); ulimits and CPU affinity are this process's own.
"""

from __future__ import annotations

import glob
import os
import re
from typing import Dict, Union

from envcheck.probes._util import host_path, read_first_line, read_text
from envcheck.probes.base import ProbeContext
from envcheck.probes.os_container import cgroup_limits
from envcheck.snapshot import CpuMemory, Unknown


def probe(ctx: ProbeContext) -> CpuMemory:
    cm = CpuMemory()
    cm.cpu_model = cpu_model()
    cm.logical_cores = os.cpu_count()
    try:
        affinity = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        affinity = cm.logical_cores
    _, quota, _ = cgroup_limits()
    effective = float(affinity) if affinity else None
    if isinstance(quota, float) and effective is not None:
        effective = min(effective, quota)
    cm.effective_cores = effective
    gov = read_first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")
    if isinstance(gov, str):
        cm.governor = gov or None
    else:  # no cpufreq directory (VMs, containers) means no governor, not an unknown
        cm.governor = None if "not found" in gov.reason else gov
    node_dir = host_path("/sys/devices/system/node")
    if os.path.isdir(node_dir):
        cm.numa_nodes = len(glob.glob(os.path.join(node_dir, "node[0-9]*"))) or None
    mem = meminfo()
    if isinstance(mem, Unknown):
        cm.mem_total_bytes = cm.mem_available_bytes = mem
        cm.swap_total_bytes = cm.swap_used_bytes = mem
    else:
        cm.mem_total_bytes = mem.get("MemTotal")
        cm.mem_available_bytes = mem.get("MemAvailable")
        cm.swap_total_bytes = mem.get("SwapTotal")
        if "SwapTotal" in mem and "SwapFree" in mem:
            cm.swap_used_bytes = mem["SwapTotal"] - mem["SwapFree"]
    try:
        st = os.statvfs(host_path("/dev/shm"))
        cm.shm_total_bytes = st.f_blocks * st.f_frsize
        cm.shm_free_bytes = st.f_bavail * st.f_frsize
    except FileNotFoundError:
        cm.shm_total_bytes = cm.shm_free_bytes = Unknown("/dev/shm does not exist")
    except OSError as exc:
        cm.shm_total_bytes = cm.shm_free_bytes = Unknown(f"statvfs /dev/shm: {exc.strerror}")
    cm.ulimit_memlock_bytes = _rlimit("RLIMIT_MEMLOCK")
    cm.ulimit_nofile = _rlimit("RLIMIT_NOFILE")
    cm.ulimit_stack_bytes = _rlimit("RLIMIT_STACK")
    thp = read_first_line("/sys/kernel/mm/transparent_hugepage/enabled")
    if isinstance(thp, str):
        match = re.search(r"\[(\w+)\]", thp)
        cm.transparent_hugepages = match.group(1) if match else Unknown(f"unrecognised: {thp}")
    elif "not found" in thp.reason:
        cm.transparent_hugepages = None
    else:
        cm.transparent_hugepages = thp
    return cm


def cpu_model() -> Union[str, Unknown, None]:
    text = read_text("/proc/cpuinfo", limit=256 * 1024)
    if isinstance(text, Unknown):
        return text
    for key in ("model name", "Model", "Hardware", "cpu model", "Processor"):
        match = re.search(rf"^{key}\s*:\s*(.+)$", text, re.MULTILINE)
        if match:
            return match.group(1).strip()
    return None


def meminfo() -> Union[Dict[str, int], Unknown]:
    text = read_text("/proc/meminfo")
    if isinstance(text, Unknown):
        return text
    values: Dict[str, int] = {}
    for line in text.splitlines():
        match = re.match(r"^(\w+):\s+(\d+)\s*(kB)?", line)
        if match:
            values[match.group(1)] = int(match.group(2)) * (1024 if match.group(3) else 1)
    return values


def _rlimit(name: str) -> Union[int, Unknown, None]:
    try:
        import resource  # noqa: PLC0415 - POSIX only
    except ImportError:
        return Unknown("resource module not available on this platform")
    try:
        soft, _ = resource.getrlimit(getattr(resource, name))
    except (AttributeError, ValueError, OSError) as exc:
        return Unknown(f"getrlimit({name}): {exc}")
    return None if soft == resource.RLIM_INFINITY else int(soft)
