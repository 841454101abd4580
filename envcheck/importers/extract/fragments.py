"""Pieces of tool output: a grep of ``nvidia-smi -q``, ``--query-gpu`` CSV, ``-L``,
``topo -m``, ``lspci -vv`` link lines.

``nvidia-smi -q`` greps lose the document around them (often even the section header), so
the block is read line by line, remembering the last section header seen: ``Pending : Yes``
under ``Remapped Rows`` is a pending remap, ``Current : 1`` under ``PCIe Generation`` the
current link generation. A ``GPU 00000000:3B:00.0`` line starts the next GPU.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List, Optional

from envcheck.importers.extract.facts import Fact
from envcheck.importers.extract.lines import candidate_lines
from envcheck.importers.extract.messages import cuda_api_version
from envcheck.importers.extract.messages import mib as _mib

_KV = re.compile(r"^[^\S\n]*([A-Za-z][\w ./()-]*?)\s*:\s*(.*?)\s*$")
_GPU_HEADER = re.compile(r"^[^\S\n]*GPU\s+[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d\s*$")
_SECTIONS = (
    "clocks event reasons",
    "clocks throttle reasons",
    "clocks_event_reasons",
    "remapped rows",
    "retired pages",
    "ecc errors",
    "volatile",
    "aggregate",
    "ecc mode",
    "temperature",
    "pcie generation",
    "link width",
    "fb memory usage",
    "bar1 memory usage",
    "max clocks",
    "clocks",
    "power readings",
    "gpu power readings",
)
_REASONS = {
    "idle": "gpu_idle",
    "applications clocks setting": "applications_clocks_setting",
    "sw power cap": "sw_power_cap",
    "hw slowdown": "hw_slowdown",
    "sync boost": "sync_boost",
    "sw thermal slowdown": "sw_thermal_slowdown",
    "hw thermal slowdown": "hw_thermal_slowdown",
    "hw power brake slowdown": "hw_power_brake_slowdown",
    "display clock setting": "display_clock_setting",
}
# NVML clock-event reason bits (nvml.h nvmlClocksEventReason*)
_REASON_BITS = {
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
_NUM = re.compile(r"^(\d+)")
_LNK = re.compile(r"\b(LnkCap|LnkSta):.*?Speed\s+([\d.]+)GT/s.*?Width\s+x(\d+)", re.I)
_GT_GEN = {"2.5": 1, "5": 2, "8": 3, "16": 4, "32": 5, "64": 6}
_LIST_NO_UUID = re.compile(
    r"^[^\S\n]*GPU (\d+): ((?:NVIDIA|Tesla|Quadro|GeForce|TITAN)[^()]*?)\s*(?:\(|$)"
)
_TOPO_ROW = re.compile(r"^[^\S\n]*GPU(\d+)\s+(?:X|NV\d+|PIX|PXB|PHB|NODE|SYS|SOC)\b")
_CSV_HINT = re.compile(
    r"^[^\S\n]*(?:name|index|driver_version|pci\.bus_id|memory\.|temperature\.|clocks|uuid|"
    r"timestamp|utilization|pcie\.|power\.|gpu_name|ecc\.|remapped|retired|compute_cap)",
    re.I,
)
_CSV_NUM = re.compile(r"^[^\S\n]*([\d.]+)\s*(?:MiB|W|MHz|%|C)?\s*$")


def _yes(v: str) -> Optional[bool]:
    low = v.strip().lower()
    if low in ("yes", "active", "enabled", "true"):
        return True
    if low in ("no", "not active", "disabled", "false", "none"):
        return False
    return None


def _int(v: str) -> Optional[int]:
    m = _NUM.match(v.strip())
    return int(m.group(1)) if m else None


# TensorFlow 1.x opening a device: "Found device 0 with properties: ... Total memory: 7.92GiB"
# / "Free memory: 190.31MiB" (TF <= 1.4, two lines), "totalMemory: 10.92GiB freeMemory:
# 10.76GiB" (TF 1.5 - 1.15, one line)
_TF_FOUND = re.compile(r"\bFound device (\d+) with properties")
_TF_TOTAL = re.compile(r"\b(?:Total memory|totalMemory):\s*([\d.]+)\s*([KMGT]i?B)\b")
_TF_FREE = re.compile(r"\b(?:Free memory|freeMemory):\s*([\d.]+)\s*([KMGT]i?B)\b")
_TORCH_OOM_FIGURE = re.compile(
    r"^(Currently allocated|Device limit|Free \(according to CUDA\))\s*:\s*([\d.]+)\s*"
    r"(bytes|[KMGT]i?B)?\s*$",
    re.I,
)
_MARKERS = (
    "CuPy Version",  # cupy.show_config(), CuPy's issue template
    "ree memory",  # TensorFlow 1.x device log: "Free memory:", "freeMemory:"
    "reeMemory",
    "according to CUDA",  # PyTorch's OOM with a memory fraction: "Free (according to CUDA):"
    "Reasons",
    "Remapped",
    "ECC",
    "Temp",
    "Link Width",
    "PCIe Generation",
    "FB Memory",
    "Product Name",
    "Driver Version",
    "Persistence Mode",
    "CUDA Version",
    "Retired Pages",
    "Lnk",
    "GPU",
    ",",
)


def facts(lines: List[str], file: str, text: str = "") -> Iterator[Fact]:  # noqa: C901
    """Fragment facts, read line by line (a small state machine: GPU, section)."""
    whole = text or "\n".join(lines)
    if not any(m in whole for m in _MARKERS):
        return
    gpu = 0
    headers = 0
    section = ""
    parent = ""
    reasons: Dict[int, Dict[str, bool]] = {}
    csv_cols: List[str] = []
    tf_total: Optional[float] = None
    oom: Dict[str, float] = {}
    cupy_config = "CuPy Version" in whole
    for i, raw in enumerate(lines):
        line = raw.rstrip()
        text = line.strip()
        if not text or (len(text) > 300 and "," not in text):
            continue
        n = i + 1

        def fact(
            key: str, value: object, name: str = "", g: int = -1, n: int = n, t: str = text
        ) -> Fact:
            return Fact(key, value, file, n, t[:300], "fragment", gpu=g, name=name)

        if ":" in text and (" allocated" in text or "limit" in text or "according" in text):
            m = _TORCH_OOM_FIGURE.match(text)
            if m:
                oom[m.group(1).lower()] = _mib(m.group(2), m.group(3) or "B")
                if len(oom) == 3:
                    # PyTorch's out-of-memory report under a memory fraction: what is neither
                    # free nor allocated by this process is held by others
                    total = oom["device limit"]
                    used = total - oom["free (according to cuda)"] - oom["currently allocated"]
                    yield fact("gpu.field", int(total), "memory_total_mib", gpu)
                    yield fact("gpu.field", max(0, int(used)), "memory_used_mib", gpu)
                    oom = {}
                continue
        if "emory" in text:
            m = _TF_FOUND.search(text)
            if m:
                gpu = int(m.group(1))
            m = _TF_TOTAL.search(text)
            if m:
                tf_total = _mib(m.group(1), m.group(2))
            m = _TF_FREE.search(text)
            if m and tf_total:
                # TensorFlow logs a device's free memory when it opens it, before this process
                # allocates anything: what is not free is held by other processes
                free = _mib(m.group(1), m.group(2))
                yield fact("gpu.field", int(tf_total), "memory_total_mib", gpu)
                yield fact("gpu.field", max(0, int(tf_total - free)), "memory_used_mib", gpu)
                tf_total = None
                continue
        if _GPU_HEADER.match(text):
            if headers:
                gpu += 1
            headers += 1
            section = parent = ""
            continue
        m = _LIST_NO_UUID.match(text)
        if m and "UUID" not in text:
            yield fact("gpu.name", m.group(2).strip(), g=int(m.group(1)))
            continue
        m = _TOPO_ROW.match(text)
        if m:
            yield fact("gpu.topo", int(m.group(1)))
            continue
        m = _LNK.search(text) if "Lnk" in text else None
        if m:
            gen = _GT_GEN.get(
                m.group(2).rstrip("0").rstrip(".") if "." in m.group(2) else m.group(2)
            )
            width = int(m.group(3))
            suffix = "_max" if m.group(1).lower() == "lnkcap" else ""
            if gen:
                yield fact("gpu.field", gen, f"pcie_gen{suffix}", gpu)
            yield fact("gpu.field", width, f"pcie_width{suffix}", gpu)
            continue
        if "," in text and not csv_cols and _CSV_HINT.match(text) and _looks_csv_header(text):
            csv_cols = [c.strip().split(" [")[0].lower() for c in text.split(",")]
            continue
        if csv_cols and text.count(",") == len(csv_cols) - 1:
            yield from csv_row(fact, csv_cols, [c.strip() for c in text.split(",")], n)
            continue
        if csv_cols and text.count(",") != len(csv_cols) - 1:
            csv_cols = []
        low = text.lower()
        if low.rstrip(":") in _SECTIONS:
            if low in ("volatile", "aggregate") or low.startswith(("pcie gen", "link width")):
                section = low
            else:
                parent = section = low.rstrip(":")
            continue
        m = _KV.match(line)
        if not m:
            continue
        key, value = m.group(1).strip().lower(), m.group(2).strip()
        if key == "driver version" and re.match(r"\d{3}\.\d+", value):
            # the nvidia-smi table's header pasted without its frame: "Driver Version:
            # 535.54.03   CUDA Version: 12.2" (the value is the version, the rest another field)
            yield fact("driver.version", value.split()[0])
            cuda = re.search(r"\bCUDA Version\s*:\s*(\d+\.\d+)", value)
            if cuda:
                yield fact("driver.cuda", cuda.group(1))
        elif key == "cuda version" and re.fullmatch(r"\d+\.\d+(?:\.\d+)?", value):
            # `nvidia-smi -q`'s "CUDA Version : 12.2" holds the version alone; a sentence
            # ("CUDA Version: 12.0 on the server, ...") is prose, read as such
            yield fact("driver.cuda", value)
        elif key == "product name":
            yield fact("gpu.name", value, g=gpu)
        elif key in _REASONS and ("reason" in parent or "reason" in section or key != "idle"):
            state = _yes(value)
            if state is not None:
                reasons.setdefault(gpu, {})[_REASONS[key]] = state
                if state:
                    yield fact("gpu.field", _REASONS[key], "throttle_reason", gpu)
        elif parent == "remapped rows" and key == "pending":
            if _yes(value) is not None:
                yield fact("gpu.field", _yes(value), "remapped_rows_pending", gpu)
        elif key == "remapping failure occurred" and _yes(value) is not None:
            yield fact("gpu.field", _yes(value), "remapped_rows_failure", gpu)
        elif parent == "retired pages" and key.startswith("pending") and _yes(value) is not None:
            yield fact("gpu.field", _yes(value), "retired_pages_pending", gpu)
        elif parent == "ecc errors" and (
            "uncorr" in key or key.startswith("double bit") or key == "total"
        ):
            if section in ("volatile", "aggregate") and _int(value) is not None and "uncorr" in key:
                yield fact("gpu.field", _int(value), f"ecc_{section}_uncorrected", gpu)
        elif key == "gpu current temp" and _int(value) is not None:
            yield fact("gpu.field", _int(value), "temperature_c", gpu)
        elif key == "gpu slowdown temp" and _int(value) is not None:
            yield fact("gpu.field", _int(value), "temperature_slowdown_c", gpu)
        elif key == "gpu shutdown temp" and _int(value) is not None:
            yield fact("gpu.field", _int(value), "temperature_shutdown_c", gpu)
        elif section.startswith("pcie gen") and key in ("current", "max") and _int(value):
            name = "pcie_gen" if key == "current" else "pcie_gen_max"
            yield fact("gpu.field", _int(value), name, gpu)
        elif section.startswith("link width") and key in ("current", "max") and _int(value):
            name = "pcie_width" if key == "current" else "pcie_width_max"
            yield fact("gpu.field", _int(value), name, gpu)
        elif (
            parent == "fb memory usage"
            and key in ("total", "used", "free")
            and _int(value) is not None
        ):
            yield fact("gpu.field", _int(value), f"memory_{key}_mib", gpu)
        elif key in _CUPY_KEYS and cupy_config:
            yield from _cupy_fact(fact, key, value)
        elif cupy_config and (d := _CUPY_DEVICE.match(key)) is not None:
            index = int(d.group(1))
            if d.group(2) == "name" and value:
                yield fact("gpu.name", value, g=index)
            elif re.fullmatch(r"\d{2,3}", value):
                yield fact("gpu.cc", f"{int(value[:-1])}.{value[-1]}", g=index)
        elif key == "persistence mode" and _yes(value) is not None:
            yield fact("gpu.field", _yes(value), "persistence_mode", gpu)


_CSV_KNOWN = (
    "name",
    "driver_version",
    "memory.total",
    "memory.used",
    "memory.free",
    "temperature.gpu",
    "pci.bus_id",
    "index",
    "clocks_throttle_reasons.active",
    "clocks_event_reasons.active",
    "pcie.link.gen.current",
    "pcie.link.gen.max",
    "compute_cap",
)


def _looks_csv_header(text: str) -> bool:
    cols = [c.strip().split(" [")[0].lower() for c in text.split(",")]
    return (
        sum(
            1
            for c in cols
            if c in _CSV_KNOWN
            or c.startswith(
                (
                    "clocks",
                    "ecc.",
                    "utilization",
                    "pcie.",
                    "power.",
                    "temperature.",
                    "remapped_rows",
                    "retired_pages",
                )
            )
        )
        >= 2
    )


def csv_row(fact, cols: List[str], cells: List[str], n: int) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    row = dict(zip(cols, cells))
    g = _int(row.get("index", "")) if row.get("index") else None
    gpu = g if g is not None else 0
    for col, cell in row.items():
        if cell in ("[N/A]", "N/A", "[Not Supported]", ""):
            continue
        if col == "name":
            yield fact("gpu.name", cell, g=gpu)
        elif col == "driver_version":
            yield fact("driver.version", cell)
        elif col == "compute_cap":
            yield fact("gpu.cc", cell, g=gpu)
        elif col in ("memory.total", "memory.used", "memory.free") and _int(cell) is not None:
            yield fact("gpu.field", _int(cell), f"memory_{col.split('.')[1]}_mib", gpu)
        elif col == "temperature.gpu" and _int(cell) is not None:
            yield fact("gpu.field", _int(cell), "temperature_c", gpu)
        elif col == "pcie.link.gen.current" and _int(cell):
            yield fact("gpu.field", _int(cell), "pcie_gen", gpu)
        elif col == "pcie.link.gen.max" and _int(cell):
            yield fact("gpu.field", _int(cell), "pcie_gen_max", gpu)
        elif col in ("clocks_throttle_reasons.active", "clocks_event_reasons.active"):
            try:
                mask = int(cell, 16)
            except ValueError:
                continue
            for bit, name in _REASON_BITS.items():
                if mask & bit:
                    yield fact("gpu.field", name, "throttle_reason", gpu)
            if mask == 0:
                yield fact("gpu.field", "none", "throttle_reason", gpu)
        elif col.startswith(("clocks_throttle_reasons.", "clocks_event_reasons.")):
            reason = col.split(".", 1)[1]
            if _yes(cell):
                yield fact("gpu.field", reason, "throttle_reason", gpu)
        elif col == "ecc.errors.uncorrected.volatile.total" and _int(cell) is not None:
            yield fact("gpu.field", _int(cell), "ecc_volatile_uncorrected", gpu)
        elif col == "ecc.errors.uncorrected.aggregate.total" and _int(cell) is not None:
            yield fact("gpu.field", _int(cell), "ecc_aggregate_uncorrected", gpu)
        elif col == "remapped_rows.pending" and _yes(cell) is not None:
            yield fact("gpu.field", _yes(cell), "remapped_rows_pending", gpu)
        elif col == "remapped_rows.failure" and _yes(cell) is not None:
            yield fact("gpu.field", _yes(cell), "remapped_rows_failure", gpu)


_TABLE_ROW = re.compile(r"\|\s*\d+MiB\s*/\s*\d+MiB\s*\||^\|?[^\S\n]*Processes\s*:", re.M)
_GPUSTAT = re.compile(
    r"^[^\S\n]*`?\[(\d+)\]\s+(.+?)\s*\|\s*(\d+)\s*['°]?C,\s*(\d+)\s*%\s*\|\s*(\d+)\s*/\s*(\d+)\s*MB\b"
)
_MAX_OPERATING = re.compile(r"^[^\S\n]*GPU Max Operating Temp\s*:\s*(\d+)\s*C", re.M)


def table_facts(text: str, file: str) -> List[Fact]:
    """An nvidia-smi table pasted without its header line (or only its process list), gpustat
    lines, and the ``GPU Max Operating Temp`` (the temperature the driver throttles to)."""
    out: List[Fact] = []
    lines = text.split("\n")
    if _TABLE_ROW.search(text) and "NVIDIA-SMI" not in text:
        out.extend(_headless_table(text, file, lines))
    for i in candidate_lines(text, ("mb",)):  # (a keyed search, no Python step per line)
        line = lines[i]
        if "MB" in line and "|" in line:
            m = _GPUSTAT.match(line)
            if m:
                g = int(m.group(1))
                t = line.strip()[:300]
                out.append(Fact("gpu.name", m.group(2).strip(), file, i + 1, t, "fragment", g))
                for name, val in (
                    ("temperature_c", int(m.group(3))),
                    ("memory_used_mib", int(m.group(5))),
                    ("memory_total_mib", int(m.group(6))),
                ):
                    out.append(Fact("gpu.field", val, file, i + 1, t, "fragment", g, name))
    m = _MAX_OPERATING.search(text)
    if m:
        n = text.count("\n", 0, m.start()) + 1
        out.append(
            Fact(
                "gpu.field",
                int(m.group(1)),
                file,
                n,
                lines[n - 1].strip(),
                "fragment",
                0,
                "temperature_max_operating_c",
            )
        )
    return out


def _headless_table(text: str, file: str, lines: List[str]) -> List[Fact]:
    from envcheck.importers import nvidia_smi
    from envcheck.importers.extract import _locate
    from envcheck.snapshot import Snapshot

    snap = Snapshot()
    # the table parser starts after the header: give it one that states nothing
    nvidia_smi._parse_table(snap, "NVIDIA-SMI 0 Driver Version: 0\n" + text)
    out: List[Fact] = []
    if not snap.gpus():  # only the process list: its rows name the GPU index
        out.extend(_process_rows(lines, file))
    for g in snap.gpus():
        for name in ("name", "memory_used_mib", "memory_total_mib", "temperature_c", "processes"):
            value = getattr(g, name)
            if value is None or value.__class__.__name__ in ("Unknown", "_StatedNone"):
                continue
            probe = (
                str(g.name)
                if name == "name"
                else (f"{value}MiB" if name.startswith("memory") else str(value))
            )
            if name == "processes":
                if not value:
                    continue
                probe = str(value[0].pid)
            n = _locate(lines, probe.rstrip(".")) or 1
            key = "gpu.name" if name == "name" else "gpu.field"
            out.append(
                Fact(
                    key,
                    value,
                    file,
                    n,
                    lines[n - 1].strip()[:300],
                    "fragment",
                    g.index,
                    "" if name == "name" else name,
                )
            )
    return out


def _process_rows(lines: List[str], file: str) -> List[Fact]:
    from envcheck.importers import nvidia_smi
    from envcheck.snapshot import GpuProcess

    procs: Dict[int, List[Any]] = {}
    first: Dict[int, int] = {}
    in_procs = False
    for i, line in enumerate(lines):
        s = line.strip()
        if re.match(r"^\|?\s*Processes\s*:", s):
            in_procs = True
            continue
        if not in_procs:
            continue
        m = nvidia_smi._PROC.match(s)
        if m:
            g = int(m.group("gpu"))
            mem = m.group("mem")
            procs.setdefault(g, []).append(
                GpuProcess(
                    pid=int(m.group("pid")),
                    name=m.group("name").strip() or None,
                    used_memory_mib=int(mem) if mem.isdigit() else None,
                )
            )
            first.setdefault(g, i)
    return [
        Fact(
            "gpu.field",
            p,
            file,
            first[g] + 1,
            lines[first[g]].strip()[:300],
            "fragment",
            g,
            "processes",
        )
        for g, p in procs.items()
    ]


# cupy.show_config(): "CUDA Build Version : 13000" is the CUDA CuPy was built with (a CUDA API
# number, major*1000 + minor*10), "CUDA Driver Version" the driver's maximum, and one
# "Device N Name" / "Device N Compute Capability" (61 = 6.1) pair a GPU
_CUPY_KEYS = ("cupy version", "cuda build version", "cuda driver version")
_CUPY_DEVICE = re.compile(r"^device (\d{1,2}) (name|compute capability)$")


def _cupy_fact(fact, key: str, value: str) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    if key == "cupy version" and re.match(r"\d+\.\d+", value):
        yield fact("package", value, name="cupy")
    elif key == "cuda build version" and cuda_api_version(value):
        yield fact("runtime.cuda", cuda_api_version(value), name="cupy")
    elif key == "cuda driver version" and cuda_api_version(value):
        yield fact("driver.cuda", cuda_api_version(value))


# An interactive session: `>>> torch.__version__` (or `print(torch.version.cuda)`) and the
# value on the next line ('2.1.0+cu121', 12.1, True). Reporters paste one before and one after
# an upgrade: the later value is the current one, so it is the fact (the earlier stays a
# conflict to show).
#
# A one-line program does the same: `python -c "import torch; print(torch.version.cuda)"`.
_REPL_EXPR = re.compile(
    r"^[^\S\n]*(?P<prompt>>>>|In \[\d+\]:|\$?\s*python3?\s+-c\s+[\"'](?:[^\"';]*;\s*)*)?\s*"
    r"(?P<print>print\s*\(\s*)?"
    r"(torch|torchvision|tf|tensorflow|jax|jaxlib)\s*\.\s*"
    r"(__version__|version\s*\.\s*cuda|backends\s*\.\s*cudnn\s*\.\s*version\s*\(\s*\))"
    r"\s*\)?\s*[\"']?\s*$"
)
# The CUDA of a CPU-only torch is None: print() shows "None"; Python's own prompt shows nothing
# and the next prompt follows at once
_REPL_NONE = re.compile(r"^[^\S\n]*(?:None|>>>.*|In \[\d+\]:.*)\s*$")
_REPL_VALUE = re.compile(r"^[^\S\n]*(?:Out\[\d+\]:\s*)?['\"]?([\w.+-]{1,40}?)['\"]?\s*$")
_REPL_KEYS = {
    ("torch", "__version__"): ("torch.version", ""),
    ("torch", "version.cuda"): ("torch.cuda", ""),
    ("torch", "backends.cudnn.version()"): ("cudnn", ""),
    ("torchvision", "__version__"): ("package", "torchvision"),
    ("tf", "__version__"): ("tensorflow.version", ""),
    ("tensorflow", "__version__"): ("tensorflow.version", ""),
    ("jax", "__version__"): ("jax.version", ""),
    ("jaxlib", "__version__"): ("package", "jaxlib"),
}


def _cudnn_number(v: str) -> str:
    """torch.backends.cudnn.version()'s integer as a version: 7602 -> 7.6.2 (major*1000 +
    minor*100 + patch up to cuDNN 8), 90100 -> 9.1.0 (major*10000 + minor*100 + patch)."""
    if not v.isdigit():
        return v
    n = int(v)
    major, rest = (n // 10000, n % 10000) if n >= 10000 else (n // 1000, n % 1000)
    return f"{major}.{rest // 100}.{rest % 100}"


def repl_facts(lines: List[str], file: str) -> List[Fact]:
    """Versions printed in a Python session, each from the line after its expression."""
    found: List[Fact] = []
    for i, line in enumerate(lines[:-1]):
        if "version" not in line or len(line) > 120:
            continue
        m = _REPL_EXPR.match(line)
        if not m:
            continue
        key = _REPL_KEYS.get((m.group(3), re.sub(r"\s", "", m.group(4))))
        if key is None:
            continue
        if key[0] == "torch.cuda" and _REPL_NONE.match(lines[i + 1]):
            said = lines[i + 1].strip()
            # (else the next prompt: print() of None prints it, so only a bare expression's)
            if said == "None" or not m.group("print"):
                text = f"{line.strip()} -> None"[:300]
                found.append(Fact("torch.cuda", None, file, i + 2, text, "fragment"))
            continue
        value = _REPL_VALUE.match(lines[i + 1])
        if value is None or not re.match(r"\d", value.group(1)):
            continue
        v = value.group(1)
        if key[0] == "torch.cuda":
            v = ".".join(v.split(".")[:2])  # 10.0.130 -> 10.0
        elif key[0] == "cudnn":
            v = _cudnn_number(v)
        found.append(
            Fact(key[0], v, file, i + 2, f"{line.strip()} -> {v}"[:300], "fragment", name=key[1])
        )
    latest: Dict[tuple, int] = {}
    for idx, f in enumerate(found):
        latest[(f.key, f.name)] = idx
    for idx, f in enumerate(found):
        if latest[(f.key, f.name)] != idx:
            f.kind = "prose"  # an earlier printout: superseded by the later one
    return found
