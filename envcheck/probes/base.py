"""The context every probe receives: options and a deadline it must respect."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Optional


@dataclass
class ProbeContext:
    deep: bool = False
    data_dir: Optional[str] = None
    data_url: Optional[str] = None
    timeout: float = 5.0
    start: float = field(default_factory=time.monotonic)

    @property
    def deadline(self) -> float:
        return self.start + self.timeout

    def remaining(self, reserve: float = 0.1) -> float:
        """Seconds left for this probe's subprocesses (never negative)."""
        return max(0.0, self.deadline - time.monotonic() - reserve)
