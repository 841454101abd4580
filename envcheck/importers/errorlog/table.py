"""The pattern table: every part in the order it is tried.

Patterns are tried in order and the first match wins, so the specific ones come first
(an NCCL shared-memory failure is ``shm-too-small``, not a generic NCCL error); the parts
split the table by family only to keep each file small.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from envcheck.importers.errorlog import (
    table_builds,
    table_common,
    table_devices,
    table_driver,
    table_health_memory,
    table_host,
    table_libraries,
    table_nccl_python,
    table_software,
    table_words,
)
from envcheck.importers.errorlog.model import ErrorPattern

PATTERNS: List[ErrorPattern] = [
    *table_builds.PATTERNS,
    *table_common.PATTERNS,
    *table_devices.PATTERNS,
    *table_driver.PATTERNS,
    *table_libraries.PATTERNS,
    *table_nccl_python.PATTERNS,
    *table_health_memory.PATTERNS,
    *table_host.PATTERNS,
    *table_software.PATTERNS,
    *table_words.PATTERNS,
]

BY_ID: Dict[str, ErrorPattern] = {p.id: p for p in PATTERNS}


def pattern(pid: str) -> Optional[ErrorPattern]:
    return BY_ID.get(pid)
