"""Helpers for the importer / error-log tests: the real-report fixtures and their .source files."""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List

REPORTS = Path(__file__).resolve().parent / "fixtures" / "reports"


def source_info(path: Path) -> Dict[str, str]:
    """The ``key: value`` lines of a fixture's sibling ``.source`` file."""
    info: Dict[str, str] = {}
    for line in path.with_suffix(".source").read_text(encoding="utf-8").splitlines():
        key, sep, value = line.partition(":")
        if sep and key.strip().isidentifier() and key.strip() not in info:
            info[key.strip()] = value.strip()
    return info


def fixtures() -> List[Path]:
    return sorted(p for p in REPORTS.iterdir() if p.suffix in (".txt", ".log"))


def expected(path: Path) -> List[str]:
    return [c.strip() for c in source_info(path)["expect"].split(",") if c.strip()]
