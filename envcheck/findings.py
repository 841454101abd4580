"""Findings: what a check concluded, in the JSON contract of ../shared/design.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

SEVERITIES = ("error", "warning", "info")

# The fixed category vocabulary (design.md). A check belongs to exactly one.
CATEGORIES = (
    "driver-too-old",
    "driver-not-loaded",
    "driver-library-mismatch",
    "gpu-arch-unsupported",
    "cpu-only-build",
    "cuda-libs-mismatch",
    "toolkit-mismatch",
    "nccl-problem",
    "python-unsupported",
    "framework-pairing",
    "shm-too-small",
    "gpu-health",
    "gpu-throttle",
    "pcie-degraded",
    "gpu-contention",
    "os-setting",
    "storage",
    "data-network",
    "kernel-failure",
    "performance-degraded",
    "policy",
    "matrix-stale",  # the host has a version newer than the compatibility data knows (EC12x)
    # runtime causes, judged by `envcheck watch` (EW codes)
    "input-pipeline",
    "gpu-memory",
    "host-bound",
    "framework-config",
    "cpu-contention",
)
# Categories only runtime evidence (watch) can show; the static checks never use them.
WATCH_CATEGORIES = (
    "input-pipeline",
    "gpu-memory",
    "host-bound",
    "framework-config",
    "cpu-contention",
)


@dataclass
class Finding:
    code: str
    category: str
    severity: str
    title: str
    expected: str
    found: str
    fix: str
    evidence: Dict[str, Any] = field(default_factory=dict)
    gpu: Optional[int] = None

    def to_dict(self) -> Dict[str, Any]:
        return {
            "code": self.code,
            "category": self.category,
            "severity": self.severity,
            "title": self.title,
            "expected": self.expected,
            "found": self.found,
            "evidence": self.evidence,
            "fix": self.fix,
            "gpu": self.gpu,
        }


@dataclass
class Skipped:
    """A check that could not be judged because a fact it needs is unknown."""

    code: str
    reason: str

    def to_dict(self) -> Dict[str, Any]:
        return {"code": self.code, "reason": self.reason}


@dataclass
class Outcome:
    """Everything one run of the checks produced."""

    findings: List[Finding] = field(default_factory=list)
    skipped: List[Skipped] = field(default_factory=list)
    passed: List[str] = field(default_factory=list)  # codes that ran and found nothing

    def errors(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def warnings(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "warning"]
