"""Host facts a plan reads from the snapshot, read defensively (anything unknown is None)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from envcheck.fix import validate as V
from envcheck.snapshot import Driver, OsInfo, PythonInfo, Snapshot

# Host facts, read defensively (anything unknown is None)


@dataclass
class Host:
    driver: Optional[str]
    driver_raw: Any
    ccs: List[str]
    python: Optional[str]  # "3.11"
    platform: str
    installed: Dict[str, str]
    container: Optional[str]
    gpu_count: int
    snapshot: Snapshot


def _s(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def host_facts(snapshot: Snapshot, matrix: Any) -> Host:
    drv = snapshot.driver if isinstance(snapshot.driver, Driver) else None
    raw_driver = drv.version if drv else None
    driver = None
    if isinstance(raw_driver, str):
        try:
            driver = V.driver_version(raw_driver)
        except V.Rejected:
            driver = None
    ccs: List[str] = []
    for gpu in snapshot.gpus():
        cc = _s(gpu.compute_capability)
        if cc is None and matrix is not None and _s(gpu.name):
            try:
                spec = matrix.gpu(gpu.name)
            except Exception:
                spec = None
            cc = spec.compute_capability if spec else None
        if cc and re.match(r"^\d{1,2}\.\d{1,2}$", cc) and cc not in ccs:
            ccs.append(cc)
    py = snapshot.python if isinstance(snapshot.python, PythonInfo) else None
    python = None
    if py and isinstance(py.version, str):
        m = re.match(r"^(\d+)\.(\d+)", py.version)
        python = f"{m.group(1)}.{m.group(2)}" if m else None
    osi = snapshot.os if isinstance(snapshot.os, OsInfo) else None
    platform = _s(osi.platform) if osi else None
    container = _s(osi.container) if osi else None
    return Host(
        driver=driver,
        driver_raw=raw_driver,
        ccs=ccs,
        python=python,
        platform=platform if platform in ("linux", "windows") else "linux",
        installed=dict(snapshot.installed()),
        container=container,
        gpu_count=len(snapshot.gpus()),
        snapshot=snapshot,
    )
