"""Small readers of /sys shared by several probes (re-rooted under ``ENVCHECK_SYSROOT``)."""

from __future__ import annotations

from typing import Optional, Tuple

from envcheck.probes._util import read_first_line


def pci_sysfs_address(bus_id: str) -> str:
    """NVML's "00000000:17:00.0" -> sysfs "0000:17:00.0" (lower case)."""
    bus_id = bus_id.strip().lower()
    domain, sep, rest = bus_id.partition(":")
    if sep and len(domain) > 4:
        domain = domain[-4:]
    return f"{domain}{sep}{rest}"


def pci_numa(bus_id: str) -> Tuple[Optional[int], Optional[str]]:
    """NUMA node and local CPU list of a PCI device from /sys/bus/pci/devices/<addr>/."""
    base = f"/sys/bus/pci/devices/{pci_sysfs_address(bus_id)}"
    node: Optional[int] = None
    cpus: Optional[str] = None
    text = read_first_line(f"{base}/numa_node")
    if isinstance(text, str):
        try:
            value = int(text)
            node = value if value >= 0 else None
        except ValueError:
            node = None
    text = read_first_line(f"{base}/local_cpulist")
    if isinstance(text, str) and text:
        cpus = text
    return node, cpus
