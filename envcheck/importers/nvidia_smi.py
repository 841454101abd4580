"""``nvidia-smi`` table output and ``nvidia-smi -q`` text.

The header's ``CUDA Version: 12.2`` is the highest CUDA the *driver* supports
(``Driver.cuda_version``); it says nothing about an installed toolkit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from envcheck.importers import base
from envcheck.snapshot import Gpu, GpuProcess, Snapshot, Unknown, compute_mode_name

NAME = "nvidia-smi"

# R610 and later say "KMD Version:" (kernel-mode driver) and "CUDA UMD Version:" (the user-mode
# driver's CUDA, still the highest CUDA the driver supports) where older drivers say "Driver
# Version:" / "CUDA Version:" (sgl-project/sglang#27487, read 2026-12-02).
_HEADER = re.compile(
    r"NVIDIA-SMI\s+(?P<smi>[\d.]+)\s+(?:Driver|KMD) Version:\s*(?P<drv>[\d.]+)"
    r"(?:\s+CUDA (?:UMD )?Version:\s*(?P<cuda>[\d.]+|N/A))?"
)
_QLOG = re.compile(r"=+\s*NVSMI LOG\s*=+")
_QDRIVER = re.compile(r"^[^\S\n]*Driver Version\s*:\s*([\d.]+)", re.M)
_QPRODUCT = re.compile(r"^[^\S\n]*Product Name\s*:", re.M)
_LIST = re.compile(r"^[^\S\n]*GPU (\d+): (.+?) \(UUID: (GPU-[0-9A-Fa-f-]+)\)\s*$", re.M)

_ROW1 = re.compile(r"^[^\S\n]*(\d+)\s+(.+?)\s+(On|Off|WDDM|TCC|N/A)\s*$")
_BUS = re.compile(
    r"^[^\S\n]*([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s*(On|Off|N/A)?\s*$"
)
_MEM = re.compile(r"(\d+)\s*MiB\s*/\s*(\d+)\s*MiB")
_TEMP = re.compile(r"(?<![\w.])(\d+)C\b")
# the "GPU-Util  Compute M." cell of the second row: "  0%      Default", "100%   E. Process"
_MODE_CELL = re.compile(r"(Default|E\. Process|E\. Thread|Prohibited)\s*$")
_POWER = re.compile(r"(\d+(?:\.\d+)?)W\s*/\s*(\d+(?:\.\d+)?)W")
_PROC = re.compile(
    r"^\|\s*(?P<gpu>\d+)\s+(?:(?:N/A|\d+)\s+(?:N/A|\d+)\s+)?(?P<pid>\d+)\s+"
    r"(?P<type>C\+G|M\+C|C|G|M)\s+(?P<name>.*?)\s+(?P<mem>\d+(?:\.\.\.|\u2026)?|N/A)(?:MiB)?\s*\|?\s*$"
)  # a memory too wide for its column ends in "..." (a real H200: "10327..."): pid and name stand


def detect(text: str) -> bool:
    if _HEADER.search(text) or _LIST.search(text):
        return True
    return bool(_QDRIVER.search(text) and (_QLOG.search(text) or _QPRODUCT.search(text)))


def parse(text: str) -> Snapshot:
    snap = Snapshot()
    if _QLOG.search(text) or (_QDRIVER.search(text) and _QPRODUCT.search(text)):
        _parse_q(snap, text)
    if _HEADER.search(text):
        _parse_table(snap, text)
    for m in _LIST.finditer(text):  # nvidia-smi -L
        g = base.gpu(snap, int(m.group(1)))
        if not base.is_set(g.name):
            g.name = m.group(2).strip()
        if not base.is_set(g.uuid):
            g.uuid = m.group(3)
    return snap


# --- the table --------------------------------------------------------------------------------


def _cells(line: str) -> List[str]:
    inner = line.strip()
    if inner.startswith("|"):
        inner = inner[1:]
    if inner.endswith("|"):
        inner = inner[:-1]
    return inner.split("|")


def _parse_table(snap: Snapshot, text: str) -> None:
    h = _HEADER.search(text)
    assert h is not None
    d = base.driver(snap)
    if not base.is_set(d.version):
        d.version = h.group("drv")
        d.source = "report:nvidia-smi"
        d.status = "ok"
    cuda = h.group("cuda")
    if cuda and cuda != "N/A" and not base.is_set(d.cuda_version):
        d.cuda_version = base.cuda_major_minor(cuda)
    elif cuda is None and not base.is_set(d.cuda_version):
        d.cuda_version = Unknown("this nvidia-smi does not print the CUDA version")

    lines = text[h.end() :].split("\n")
    current: Optional[Gpu] = None
    row = 0
    in_procs = False
    procs: Dict[int, List[GpuProcess]] = {}
    saw_proc_table = False
    no_procs = False
    seen: set = set()
    for line in lines:
        s = line.strip()
        if re.match(r"^\|?\s*Processes\s*:", s):
            in_procs, saw_proc_table, current = True, True, None
            continue
        if in_procs:
            if "No running processes found" in s:
                no_procs = True
                continue
            pm = _PROC.match(s)
            if pm:
                mem = pm.group("mem")
                procs.setdefault(int(pm.group("gpu")), []).append(
                    GpuProcess(
                        pid=int(pm.group("pid")),
                        name=pm.group("name").strip() or None,
                        used_memory_mib=int(mem) if mem.isdigit() else None,
                    )
                )
            continue
        if not s.startswith("|"):
            if s.startswith("+") or not s:
                current = None if s.startswith("+") else current
            continue
        cells = _cells(s)
        if len(cells) < 2:
            continue
        m1 = _ROW1.match(cells[0])
        bus = _BUS.match(cells[1])
        if m1 and bus:
            idx = int(m1.group(1))
            if idx in seen:  # a second pasted table of the same host: keep the first
                current = None
                continue
            seen.add(idx)
            current = base.gpu(snap, idx)
            row = 1
            current.name = m1.group(2).strip()
            pers = m1.group(3)
            if pers in ("On", "Off"):
                current.persistence_mode = pers == "On"
            current.pci_bus_id = bus.group(1)
            if len(cells) >= 3:
                ecc = cells[2].strip()
                if ecc.isdigit():
                    current.ecc_enabled = True
                    current.ecc_volatile_uncorrected = int(ecc)
                elif ecc == "On":  # MIG mode: the counts are per instance, the cell says "On"
                    current.ecc_enabled = True
                elif ecc == "Off":
                    current.ecc_enabled = False
                elif ecc == "N/A":
                    current.ecc_enabled = base.STATED_NONE
            continue
        if current is None:
            continue
        row += 1
        if row == 2:
            t = _TEMP.search(cells[0])
            if t:
                current.temperature_c = int(t.group(1))
            p = _POWER.search(cells[0])
            if p:
                current.power_draw_w = float(p.group(1))
                current.power_limit_w = float(p.group(2))
            mm = _MEM.search(cells[1])
            if mm:
                current.memory_used_mib = int(mm.group(1))
                current.memory_total_mib = int(mm.group(2))
            mode = _MODE_CELL.search(cells[2]) if len(cells) >= 3 else None
            if mode:
                current.compute_mode = compute_mode_name(mode.group(1))
        elif row == 3 and len(cells) >= 3:
            mig = cells[2].strip()
            if mig == "Enabled":
                current.mig_enabled = True
            elif mig == "Disabled":
                current.mig_enabled = False
            elif mig == "N/A":
                current.mig_enabled = base.STATED_NONE
    if saw_proc_table and (procs or no_procs):
        for g in base.driver(snap).gpus or []:
            if not base.is_set(g.processes):
                g.processes = procs.get(g.index, [])


# --- nvidia-smi -q ----------------------------------------------------------------------------


@dataclass
class _Node:
    key: str
    value: str
    indent: int
    children: List[_Node] = field(default_factory=list)

    def get(self, *path: str) -> Optional[_Node]:
        node: Optional[_Node] = self
        for part in path:
            if node is None:
                return None
            low = part.lower()
            node = next((c for c in node.children if c.key.lower() == low), None)
        return node

    def val(self, *path: str) -> Optional[str]:
        n = self.get(*path)
        if n is None or not n.value or n.value.upper() in ("N/A", "[N/A]", "NOT AVAILABLE"):
            return None
        return n.value

    def first(self, *alternatives: Any) -> Optional[str]:
        for alt in alternatives:
            v = self.val(*alt) if isinstance(alt, tuple) else self.val(alt)
            if v is not None:
                return v
        return None


def _tree(text: str) -> _Node:
    root = _Node("", "", -1)
    stack = [root]
    for raw in text.split("\n"):
        if not raw.strip() or raw.strip().startswith("="):
            continue
        indent = len(raw) - len(raw.lstrip(" \t"))
        body = raw.strip()
        if " : " in body or body.endswith(" :") or re.match(r"^[^:]+?\s*:\s", body):
            key, _, value = body.partition(":")
            node = _Node(key.strip(), value.strip(), indent)
        else:
            node = _Node(body, "", indent)
        while len(stack) > 1 and stack[-1].indent >= indent:
            stack.pop()
        stack[-1].children.append(node)
        stack.append(node)
    return root


def _num(text: Optional[str]) -> Optional[float]:
    if text is None:
        return None
    m = re.search(r"-?\d+(?:\.\d+)?", text)
    return float(m.group(0)) if m else None


def _int(text: Optional[str]) -> Optional[int]:
    n = _num(text)
    return int(n) if n is not None else None


def _yes(text: Optional[str]) -> Optional[bool]:
    if text is None:
        return None
    low = text.strip().lower()
    if low in ("yes", "enabled", "active", "on"):
        return True
    if low in ("no", "disabled", "not active", "off"):
        return False
    return None


_REASONS = {
    "idle": "gpu_idle",
    "applications clocks setting": "applications_clocks_setting",
    "sw power cap": "sw_power_cap",
    "hw slowdown": "hw_slowdown",
    "hw thermal slowdown": "hw_thermal_slowdown",
    "hw power brake slowdown": "hw_power_brake_slowdown",
    "sync boost": "sync_boost",
    "sw thermal slowdown": "sw_thermal_slowdown",
    "display clock setting": "display_clock_setting",
}


def _walk(node: _Node) -> List[_Node]:
    out = []
    for c in node.children:
        out.append(c)
        out.extend(_walk(c))
    return out


def _uncorrected(section: Optional[_Node]) -> Optional[int]:
    """Sum of uncorrectable ECC counters under a Volatile/Aggregate section (all layouts:
    ``Double Bit > Total``, ``DRAM Uncorrectable``, ``SRAM Uncorrectable ...``)."""
    if section is None:
        return None
    counts: List[int] = []

    def visit(node: _Node, in_dbe: bool) -> None:
        for c in node.children:
            key = c.key.lower()
            dbe = in_dbe or "double bit" in key
            if c.value and ("uncorrectable" in key or (dbe and key == "total")):
                v = _int(c.value)
                if v is not None:
                    counts.append(v)
            visit(c, dbe)

    visit(section, False)
    return sum(counts) if counts else None


def _parse_q(snap: Snapshot, text: str) -> None:
    root = _tree(text)
    d = base.driver(snap)
    dv = root.val("Driver Version")
    if dv:
        d.version = dv
        d.source = "report:nvidia-smi -q"
        d.status = "ok"
    cv = root.val("CUDA Version")
    if cv and base.cuda_major_minor(cv):
        d.cuda_version = base.cuda_major_minor(cv)
    index = 0
    for node in root.children:
        if not re.match(r"^GPU\s+[0-9A-Fa-f]{4,8}:", node.key):
            continue
        g = base.gpu(snap, index)
        index += 1
        g.name = node.val("Product Name")
        g.uuid = node.val("GPU UUID")
        g.pci_bus_id = node.val("PCI", "Bus Id") or node.key.split(None, 1)[1].strip()
        g.persistence_mode = _yes(node.val("Persistence Mode"))
        g.compute_mode = compute_mode_name(node.val("Compute Mode") or "")
        g.pcie_gen_max = _int(node.val("PCI", "GPU Link Info", "PCIe Generation", "Max"))
        g.pcie_gen = _int(node.val("PCI", "GPU Link Info", "PCIe Generation", "Current"))
        g.pcie_width_max = _int(node.val("PCI", "GPU Link Info", "Link Width", "Max"))
        g.pcie_width = _int(node.val("PCI", "GPU Link Info", "Link Width", "Current"))
        g.memory_total_mib = _int(node.val("FB Memory Usage", "Total"))
        g.memory_used_mib = _int(node.val("FB Memory Usage", "Used"))
        g.memory_free_mib = _int(node.val("FB Memory Usage", "Free"))
        ecc = node.get("ECC Mode")
        if ecc is not None:
            cur = ecc.val("Current")
            g.ecc_enabled = _yes(cur) if cur else base.STATED_NONE
        errors = node.get("ECC Errors")
        if errors is not None:
            g.ecc_volatile_uncorrected = _uncorrected(errors.get("Volatile"))
            g.ecc_aggregate_uncorrected = _uncorrected(errors.get("Aggregate"))
        rp = node.get("Retired Pages")
        if rp is not None:
            g.retired_pages_sbe = _int(rp.first(("Single Bit ECC",), ("Single Bit ECC", "Count")))
            g.retired_pages_dbe = _int(rp.first(("Double Bit ECC",), ("Double Bit ECC", "Count")))
            g.retired_pages_pending = _yes(rp.first("Pending Page Blacklist", "Pending"))
        rr = node.get("Remapped Rows")
        if rr is not None:
            g.remapped_rows_pending = _yes(rr.val("Pending"))
            g.remapped_rows_failure = _yes(rr.val("Remapping Failure Occurred"))
        temp = node.get("Temperature")
        if temp is not None:
            g.temperature_c = _int(temp.val("GPU Current Temp"))
            g.temperature_slowdown_c = _int(temp.val("GPU Slowdown Temp"))
            g.temperature_shutdown_c = _int(temp.val("GPU Shutdown Temp"))
        power = node.get("GPU Power Readings") or node.get("Power Readings")
        if power is not None:
            g.power_draw_w = _num(
                power.first("Power Draw", "Instantaneous Power Draw", "Average Power Draw")
            )
            g.power_limit_w = _num(
                power.first("Current Power Limit", "Power Limit", "Enforced Power Limit")
            )
        g.sm_clock_mhz = _int(node.val("Clocks", "SM"))
        g.mem_clock_mhz = _int(node.val("Clocks", "Memory"))
        g.sm_clock_max_mhz = _int(node.val("Max Clocks", "SM"))
        g.mem_clock_max_mhz = _int(node.val("Max Clocks", "Memory"))
        reasons = node.get("Clocks Event Reasons") or node.get("Clocks Throttle Reasons")
        if reasons is not None:
            active = []
            for n in _walk(reasons):
                name = _REASONS.get(n.key.lower())
                if name and n.value.strip().lower() == "active":
                    active.append(name)
            g.throttle_reasons = active
        mig = node.get("MIG Mode")
        if mig is not None:
            cur = mig.val("Current")
            g.mig_enabled = _yes(cur) if cur else base.STATED_NONE
        procs = node.get("Processes")
        if procs is not None:
            if procs.value.strip().lower() == "none" or not procs.children:
                g.processes = []
            else:
                g.processes = _q_processes(procs)


def _q_processes(node: _Node) -> List[GpuProcess]:
    out: List[GpuProcess] = []
    for n in _walk(node):
        if n.key.lower() == "process id" and _int(n.value) is not None:
            pid = _int(n.value)
            assert pid is not None
            name = n.val("Name")
            mem = _int(n.val("Used GPU Memory"))
            out.append(GpuProcess(pid=pid, name=name, used_memory_mib=mem))
    # newer layouts put Name / Used GPU Memory as siblings after Process ID
    if out and all(p.name is None for p in out):
        flat = _walk(node)
        i = 0
        for n in flat:
            if n.key.lower() == "process id" and _int(n.value) is not None:
                proc = out[i]
                i += 1
                continue
            if i and n.key.lower() == "name" and proc.name is None:
                proc.name = n.value or None
            if i and n.key.lower() == "used gpu memory" and proc.used_memory_mib is None:
                proc.used_memory_mib = _int(n.value)
    return out
