"""Fallback when NVML is unusable: ask ``nvidia-smi`` (``-q -x``, then ``--query-gpu`` CSV).

Status (``Driver.status``) from this probe:

- ``nvidia-smi-hung``: it did not answer within the timeout (the classic symptom of a GPU that
  fell off the bus); the process group is killed;
- ``driver-not-loaded``: "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA
  driver" (exit 9);
- ``version-mismatch``: "Failed to initialize NVML: Driver/library version mismatch";
- ``no-gpus``: "No devices were found";
- ``nvidia-smi-failed``: any other non-zero exit (``detail`` has the exit code and message);
- ``ok``.

``nvidia-smi`` is looked up on ``PATH``. The XML carries almost everything; the CSV query adds
the compute capability (``compute_cap``, newer drivers) and stands in when the XML is unusable.
The CSV is parsed by its header, so any column order works.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, Dict, List, Optional, Union

from envcheck.probes._util import run_cmd, which
from envcheck.probes.base import ProbeContext
from envcheck.probes.sysfs import pci_numa
from envcheck.snapshot import Driver, Gpu, GpuProcess, Unknown, compute_mode_name, known

QUERY_FIELDS = (
    "index",
    "name",
    "uuid",
    "pci.bus_id",
    "driver_version",
    "compute_cap",
    "memory.total",
    "memory.used",
    "memory.free",
    "temperature.gpu",
    "power.draw",
    "power.limit",
    "clocks.sm",
    "clocks.max.sm",
    "clocks.mem",
    "clocks.max.mem",
    "persistence_mode",
    "ecc.mode.current",
    "pcie.link.gen.current",
    "pcie.link.gen.max",
    "pcie.link.width.current",
    "pcie.link.width.max",
)

# CSV header names (nvidia-smi prints its canonical names) -> Gpu attribute
_CSV_COLUMNS = {
    "index": ("index", "int"),
    "name": ("name", "str"),
    "uuid": ("uuid", "str"),
    "pci.bus_id": ("pci_bus_id", "str"),
    "compute_cap": ("compute_capability", "str"),
    "memory.total": ("memory_total_mib", "int"),
    "memory.used": ("memory_used_mib", "int"),
    "memory.free": ("memory_free_mib", "int"),
    "temperature.gpu": ("temperature_c", "int"),
    "power.draw": ("power_draw_w", "float"),
    "power.limit": ("power_limit_w", "float"),
    "clocks.sm": ("sm_clock_mhz", "int"),
    "clocks.current.sm": ("sm_clock_mhz", "int"),
    "clocks.max.sm": ("sm_clock_max_mhz", "int"),
    "clocks.max.sm_clock": ("sm_clock_max_mhz", "int"),
    "clocks.mem": ("mem_clock_mhz", "int"),
    "clocks.current.memory": ("mem_clock_mhz", "int"),
    "clocks.max.mem": ("mem_clock_max_mhz", "int"),
    "clocks.max.memory": ("mem_clock_max_mhz", "int"),
    "persistence_mode": ("persistence_mode", "bool"),
    "ecc.mode.current": ("ecc_enabled", "bool"),
    "pcie.link.gen.current": ("pcie_gen", "int"),
    "pcie.link.gen.gpucurrent": ("pcie_gen", "int"),
    "pcie.link.gen.max": ("pcie_gen_max", "int"),
    "pcie.link.width.current": ("pcie_width", "int"),
    "pcie.link.width.max": ("pcie_width_max", "int"),
}

MIN_BUDGET_S = 0.1  # within collect()'s margin; a slow but healthy one may need a longer --timeout

_NA = ("n/a", "[n/a]", "not supported", "[not supported]", "unknown error", "[unknown error]")


def probe(ctx: ProbeContext) -> Optional[Driver]:
    """Facts from nvidia-smi, or None when there is no nvidia-smi on PATH (or no time left)."""
    exe = which("nvidia-smi")
    if exe is None:
        return None
    driver = Driver(source="nvidia-smi")
    # Even with little time left it runs (for at least MIN_BUDGET_S): saying nothing would let
    # a hung nvidia-smi pass as "no driver here" under a short --timeout. A timed-out driver
    # probe is never evidence of health.
    budget = max(ctx.remaining(), MIN_BUDGET_S)
    res = run_cmd([exe, "-q", "-x"], timeout=budget)
    if res.timed_out:
        driver.status = "nvidia-smi-hung"
        driver.detail = (
            f"`nvidia-smi -q -x` did not answer within {budget:.1f} s and was killed "
            "(a hung nvidia-smi often means a GPU fell off the bus; see dmesg for Xid 79; "
            "if the node is only slow, a longer --timeout tells)"
        )
        driver.gpus = Unknown("nvidia-smi hung")
        _mark_unknown(driver, "nvidia-smi hung")
        return driver
    if res.returncode is None:
        driver.status = "nvidia-smi-failed"
        driver.detail = res.error or "nvidia-smi could not be run"
        _mark_unknown(driver, driver.detail)
        return driver
    if res.returncode != 0:
        message = (res.stdout + "\n" + res.stderr).strip()
        driver.status = classify_failure(message)
        first = " ".join(message.split())[:300]
        driver.detail = f"nvidia-smi {_exit_text(res.returncode)}" + (f": {first}" if first else "")
        driver.gpus = [] if driver.status == "no-gpus" else Unknown(driver.detail)
        _mark_unknown(driver, f"nvidia-smi failed ({driver.status})")
        return driver

    xml_error: Optional[str] = None
    try:
        parse_xml(res.stdout, driver)
    except (ET.ParseError, ValueError) as exc:
        xml_error = f"unreadable `nvidia-smi -q -x` output: {exc}"

    csv_res = run_cmd(
        [exe, f"--query-gpu={','.join(QUERY_FIELDS)}", "--format=csv,nounits"],
        timeout=ctx.remaining(),
    )
    csv_rows: List[Dict[str, str]] = []
    if csv_res.returncode == 0:
        csv_rows = parse_csv(csv_res.stdout)
    if xml_error is not None:
        if not csv_rows:
            driver.status = "nvidia-smi-failed"
            driver.detail = xml_error
            driver.gpus = Unknown(xml_error)
            _mark_unknown(driver, xml_error)
            return driver
        driver.gpus = [gpu_from_csv(row, i) for i, row in enumerate(csv_rows)]
        versions = {row.get("driver_version", "") for row in csv_rows} - {""}
        if len(versions) == 1:
            driver.version = versions.pop()
        else:
            driver.version = Unknown("not reported by nvidia-smi --query-gpu")
        driver.detail = xml_error + "; facts from --query-gpu"
    elif isinstance(driver.gpus, list):
        _merge_csv(driver.gpus, csv_rows)
    if isinstance(driver.gpus, list):
        for gpu in driver.gpus:
            if gpu.compute_capability is None:
                gpu.compute_capability = Unknown("not reported by nvidia-smi")
            _fill_numa(gpu)
    driver.status = "ok" if driver.gpus else "no-gpus"
    if driver.cuda_version is None:
        driver.cuda_version = Unknown("not reported by nvidia-smi")
    driver.nvml_version = driver.nvml_version or Unknown("not reported by nvidia-smi")
    return driver


def _exit_text(code: int) -> str:
    """ "exited with code 9" / "was killed by SIGSEGV" (a negative Popen return code)."""
    if code < 0:
        import signal  # noqa: PLC0415

        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by {name}"
    return f"exited with code {code}"


def _mark_unknown(driver: Driver, reason: str) -> None:
    for name in ("version", "cuda_version", "nvml_version", "gpus"):
        if getattr(driver, name) is None:
            setattr(driver, name, Unknown(reason))


def classify_failure(message: str) -> str:
    low = message.lower()
    if "couldn't communicate with the nvidia driver" in low or "could not communicate" in low:
        return "driver-not-loaded"
    if "version mismatch" in low:
        return "version-mismatch"
    if "no devices were found" in low:
        return "no-gpus"
    return "nvidia-smi-failed"


# --- XML ---------------------------------------------------------------------------------


def parse_xml(text: str, driver: Driver) -> None:
    root = ET.fromstring(text.strip())
    if root.tag != "nvidia_smi_log":
        raise ValueError(f"unexpected root element <{root.tag}>")
    driver.version = _clean(root.findtext("driver_version"))
    cuda = _clean(root.findtext("cuda_version"))
    driver.cuda_version = cuda if cuda and re.fullmatch(r"\d+\.\d+", cuda) else None
    gpus = []
    for index, node in enumerate(root.findall("gpu")):
        gpus.append(gpu_from_xml(node, index))
    driver.gpus = gpus


def _clean(text: Optional[str]) -> Optional[str]:
    if text is None:
        return None
    text = " ".join(text.split())
    return text or None


def _value(node: ET.Element, path: str, kind: str) -> Any:
    """A typed fact from the element at ``path``: value, Unknown (N/A), or Unknown (missing)."""
    raw = _clean(node.findtext(path))
    if raw is None:
        return Unknown(f"not reported by nvidia-smi ({path})")
    return convert(raw, kind, path)


def convert(raw: str, kind: str, what: str) -> Any:
    if raw.lower() in _NA:
        return Unknown(f"nvidia-smi reports {raw} for {what}")
    if kind == "str":
        return raw
    if kind == "bool":
        low = raw.lower()
        if low in ("enabled", "yes", "active", "on"):
            return True
        if low in ("disabled", "no", "not active", "off"):
            return False
        return Unknown(f"unrecognised {what}: {raw!r}")
    match = re.match(r"^-?\d+(\.\d+)?", raw)
    if not match:
        return Unknown(f"unrecognised {what}: {raw!r}")
    number = float(match.group(0))
    if kind == "int":
        return int(number)
    return number


def gpu_from_xml(node: ET.Element, index: int) -> Gpu:
    gpu = Gpu(index=index)
    gpu.name = _value(node, "product_name", "str")
    gpu.uuid = _value(node, "uuid", "str")
    bus = node.get("id") or _clean(node.findtext("pci/pci_bus_id"))
    gpu.pci_bus_id = bus if bus else Unknown("not reported by nvidia-smi")
    gpu.memory_total_mib = _value(node, "fb_memory_usage/total", "int")
    gpu.memory_used_mib = _value(node, "fb_memory_usage/used", "int")
    gpu.memory_free_mib = _value(node, "fb_memory_usage/free", "int")
    gpu.temperature_c = _value(node, "temperature/gpu_temp", "int")
    gpu.temperature_slowdown_c = _value(node, "temperature/gpu_temp_slow_threshold", "int")
    gpu.temperature_shutdown_c = _value(node, "temperature/gpu_temp_max_threshold", "int")
    power = (
        "gpu_power_readings" if node.find("gpu_power_readings") is not None else "power_readings"
    )
    gpu.power_draw_w = _value(node, f"{power}/power_draw", "float")
    if not known(gpu.power_draw_w) and node.find(f"{power}/instant_power_draw") is not None:
        gpu.power_draw_w = _value(node, f"{power}/instant_power_draw", "float")
    for tag in ("enforced_power_limit", "current_power_limit", "power_limit"):
        if node.find(f"{power}/{tag}") is not None:
            gpu.power_limit_w = _value(node, f"{power}/{tag}", "float")
            break
    else:
        gpu.power_limit_w = Unknown("not reported by nvidia-smi")
    gpu.sm_clock_mhz = _value(node, "clocks/sm_clock", "int")
    gpu.sm_clock_max_mhz = _value(node, "max_clocks/sm_clock", "int")
    gpu.mem_clock_mhz = _value(node, "clocks/mem_clock", "int")
    gpu.mem_clock_max_mhz = _value(node, "max_clocks/mem_clock", "int")
    gpu.throttle_reasons = _throttle(node)
    gpu.persistence_mode = _value(node, "persistence_mode", "bool")
    mode = _value(node, "compute_mode", "str")
    if isinstance(mode, str):  # a spelling this release does not know is no fact either
        mode = compute_mode_name(mode) or Unknown(f"unrecognised compute_mode: {mode!r}")
    gpu.compute_mode = mode
    gpu.ecc_enabled = _value(node, "ecc_mode/current_ecc", "bool")
    if gpu.ecc_enabled is True:
        gpu.ecc_volatile_uncorrected = _ecc_total(node, "volatile", uncorrected=True)
        gpu.ecc_aggregate_uncorrected = _ecc_total(node, "aggregate", uncorrected=True)
        gpu.ecc_volatile_corrected = _ecc_total(node, "volatile", uncorrected=False)
    gpu.retired_pages_sbe = _value(
        node, "retired_pages/multiple_single_bit_retirement/retired_count", "int"
    )
    gpu.retired_pages_dbe = _value(node, "retired_pages/double_bit_retirement/retired_count", "int")
    gpu.retired_pages_pending = _value(node, "retired_pages/pending_retirement", "bool")
    if node.find("remapped_rows/remapped_row_pending") is not None:
        gpu.remapped_rows_pending = _value(node, "remapped_rows/remapped_row_pending", "bool")
        gpu.remapped_rows_failure = _value(node, "remapped_rows/remapped_row_failure", "bool")
    else:
        reason = Unknown(
            f"nvidia-smi reports {_clean(node.findtext('remapped_rows')) or 'nothing'} "
            "for remapped rows"
        )
        gpu.remapped_rows_pending = gpu.remapped_rows_failure = reason
    link = "pci/pci_gpu_link_info"
    gpu.pcie_gen = _value(node, f"{link}/pcie_gen/current_link_gen", "int")
    gpu.pcie_gen_max = _value(node, f"{link}/pcie_gen/max_link_gen", "int")
    gpu.pcie_width = _value(node, f"{link}/link_widths/current_link_width", "int")
    gpu.pcie_width_max = _value(node, f"{link}/link_widths/max_link_width", "int")
    gpu.mig_enabled = _value(node, "mig_mode/current_mig", "bool")
    gpu.processes = _processes(node)
    return gpu


def _throttle(node: ET.Element) -> Union[List[str], Unknown]:
    group = node.find("clocks_event_reasons")
    prefix = "clocks_event_reason_"
    if group is None:
        group = node.find("clocks_throttle_reasons")
        prefix = "clocks_throttle_reason_"
    if group is None:
        return Unknown("not reported by nvidia-smi")
    active = []
    for child in group:
        if not child.tag.startswith(prefix):
            continue
        if (_clean(child.text) or "").lower() == "active":
            name = child.tag[len(prefix) :]
            active.append("display_clock_setting" if name == "display_clocks_setting" else name)
    return active


def _ecc_total(node: ET.Element, scope: str, uncorrected: bool) -> Any:
    base = node.find(f"ecc_errors/{scope}")
    if base is None:
        return Unknown("not reported by nvidia-smi")
    # Older drivers: single_bit / double_bit with a <total>; newer: sram_/dram_ counters.
    old = base.find("double_bit/total" if uncorrected else "single_bit/total")
    if old is not None:
        return convert(_clean(old.text) or "N/A", "int", f"ECC {scope}")
    suffix = "_uncorrectable" if uncorrected else "_correctable"
    total = 0
    seen = False
    for child in base:
        if child.tag.endswith(suffix) and not (uncorrected is False and "uncorr" in child.tag):
            value = convert(_clean(child.text) or "N/A", "int", f"ECC {scope} {child.tag}")
            if isinstance(value, int):
                total += value
                seen = True
    return total if seen else Unknown(f"nvidia-smi reports N/A for ECC {scope} counters")


def _processes(node: ET.Element) -> Union[List[GpuProcess], Unknown]:
    group = node.find("processes")
    if group is None:
        return Unknown("not reported by nvidia-smi")
    procs = []
    for info in group.findall("process_info"):
        kind = (_clean(info.findtext("type")) or "C").upper()
        if "C" not in kind:  # graphics-only processes (Xorg) are not compute work
            continue
        pid = convert(_clean(info.findtext("pid")) or "N/A", "int", "pid")
        if not isinstance(pid, int):
            continue
        procs.append(
            GpuProcess(
                pid=pid,
                name=_clean(info.findtext("process_name")),
                used_memory_mib=convert(
                    _clean(info.findtext("used_memory")) or "N/A", "int", "used memory"
                ),
            )
        )
    return procs


# --- CSV ---------------------------------------------------------------------------------


def parse_csv(text: str) -> List[Dict[str, str]]:
    """Rows of ``--format=csv`` output keyed by the header name without its unit."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return []
    header = [re.sub(r"\s*\[.*?\]\s*$", "", h.strip()).lower() for h in lines[0].split(",")]
    if not set(header) & set(_CSV_COLUMNS):  # not a --query-gpu header: garbage, not a GPU list
        return []
    rows = []
    for line in lines[1:]:
        cells = [c.strip() for c in line.split(",")]
        if len(cells) != len(header):
            continue
        rows.append(dict(zip(header, cells)))
    return rows


def gpu_from_csv(row: Dict[str, str], position: int) -> Gpu:
    index = convert(row.get("index", str(position)), "int", "index")
    gpu = Gpu(index=index if isinstance(index, int) else position)
    for column, (attr, kind) in _CSV_COLUMNS.items():
        if column in row and attr != "index":
            setattr(gpu, attr, convert(row[column], kind, column))
    return gpu


def _merge_csv(gpus: List[Gpu], rows: List[Dict[str, str]]) -> None:
    by_uuid = {row.get("uuid"): row for row in rows if row.get("uuid")}
    for gpu in gpus:
        row = by_uuid.get(gpu.uuid) if isinstance(gpu.uuid, str) else None
        if row is None:
            continue
        for column, (attr, kind) in _CSV_COLUMNS.items():
            if column in row and attr != "index" and not known(getattr(gpu, attr)):
                value = convert(row[column], kind, column)
                if known(value):
                    setattr(gpu, attr, value)


def _fill_numa(gpu: Gpu) -> None:
    if isinstance(gpu.pci_bus_id, str):
        node, cpus = pci_numa(gpu.pci_bus_id)
        gpu.numa_node = node if node is not None else Unknown("not reported by sysfs")
        gpu.cpu_affinity = cpus if cpus is not None else Unknown("not reported by sysfs")
