"""The check catalogue: every check has a stable code, a category, docs and a pure function.

A check function takes ``(snapshot, matrix, policy)`` and yields Findings. When a fact it
needs is unknown it raises ``SkipCheck(reason)``: the check is reported as skipped, never
silently passed. Checks do no I/O.

Adding a check family means adding one module under ``envcheck/checks/``: every module there
(except this one) is a family and is imported on first use of the catalogue.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional

from envcheck.findings import CATEGORIES, SEVERITIES, Finding, Outcome, Skipped

if TYPE_CHECKING:
    from envcheck.snapshot import Snapshot


class SkipCheck(Exception):
    """Raised by a check whose input facts are unknown; the message is the reason."""


@dataclass(frozen=True)
class CheckSpec:
    code: str
    category: str
    severity: str  # default severity of its findings
    title: str
    rationale: str  # why it matters (``envcheck explain``)
    fix: str  # how to fix, in general (findings carry the exact command)
    func: Callable[..., Iterable[Finding]]

    def finding(
        self,
        *,
        expected: str,
        found: str,
        fix: Optional[str] = None,
        evidence: Optional[Dict[str, Any]] = None,
        gpu: Optional[int] = None,
        severity: Optional[str] = None,
        title: Optional[str] = None,
    ) -> Finding:
        return Finding(
            code=self.code,
            category=self.category,
            severity=severity or self.severity,
            title=title or self.title,
            expected=expected,
            found=found,
            fix=fix or self.fix,
            evidence=evidence or {},
            gpu=gpu,
        )


_REGISTRY: Dict[str, CheckSpec] = {}


def check(
    code: str, *, category: str, severity: str, title: str, rationale: str, fix: str
) -> Callable[[Callable[..., Iterable[Finding]]], CheckSpec]:
    """Register a check. The decorated function receives ``(spec, snapshot, matrix, policy)``."""
    if category not in CATEGORIES:
        raise ValueError(f"{code}: unknown category {category!r}")
    if severity not in SEVERITIES:
        raise ValueError(f"{code}: unknown severity {severity!r}")

    def register(func: Callable[..., Iterable[Finding]]) -> CheckSpec:
        if code in _REGISTRY:
            raise ValueError(f"duplicate check code {code}")
        spec = CheckSpec(code, category, severity, title, rationale.strip(), fix, func)
        _REGISTRY[code] = spec
        return spec

    return register


def families() -> List[str]:
    import pkgutil

    import envcheck.checks as package

    return sorted(
        m.name for m in pkgutil.iter_modules(package.__path__) if m.name not in ("registry",)
    )


_CATALOGUE: List[CheckSpec] = []


def catalogue() -> List[CheckSpec]:
    """Every registered check, by code. Imports the families once per process."""
    if not _CATALOGUE:
        for family in families():
            importlib.import_module(f"envcheck.checks.{family}")
        _CATALOGUE.extend(sorted(_REGISTRY.values(), key=lambda s: s.code))
    return _CATALOGUE


def get(code: str) -> Optional[CheckSpec]:
    if code.upper().startswith("EW"):  # watch rules judge a Timeline, not a Snapshot
        from envcheck.watch.rules import get as watch_rule  # noqa: PLC0415

        return watch_rule(code)  # type: ignore[return-value]
    return {s.code: s for s in catalogue()}.get(code.upper())


def run_checks(
    snapshot: Snapshot,
    matrix: Any,
    policy: Any,
    only: Optional[Iterable[str]] = None,
    skip: Optional[Iterable[str]] = None,
) -> Outcome:
    """Run the catalogue (or a subset: codes or categories) against one snapshot."""
    wanted = {w.upper() for w in only} if only else None
    unwanted = {w.upper() for w in skip} if skip else set()
    outcome = Outcome()
    for spec in catalogue():
        keys = {spec.code, spec.category.upper()}
        if (wanted is not None and not keys & wanted) or keys & unwanted:
            continue
        try:
            found = list(spec.func(spec, snapshot, matrix, policy))
        except SkipCheck as exc:
            outcome.skipped.append(Skipped(spec.code, str(exc)))
            continue
        if found:
            outcome.findings.extend(found)
        else:
            outcome.passed.append(spec.code)
    order = {s: i for i, s in enumerate(SEVERITIES)}
    outcome.findings.sort(key=lambda f: (order[f.severity], f.code, f.gpu or 0))
    return outcome
