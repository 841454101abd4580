"""The fix plan: from verify's findings and the facts they read, an ordered list of actions.

A reader can hold it in three parts:

- the evidence it starts from: ``envcheck.fix.evidence`` (findings, facts, bounds, what is
  unknown) and ``host.py`` (the snapshot's host facts);
- the per-framework choices: ``frameworks.py`` on top of ``envcheck.fix.choose`` (shared with
  ``fix --docker``): never a build a finding says fails here, never a CUDA build for a host
  without an NVIDIA GPU, and a "tell me X" step when a fact the choice needs is unknown;
- the ordering of actions: ``build_plan`` below (``model.ORDER``): driver before framework (a
  driver reload right after the driver); the new framework set in one pip transaction;
  torchvision / torchaudio after torch; OS settings, container flags, manual steps last.

``model.py`` holds the vocabulary (Action, Plan, pip commands, docs links); ``system.py`` the
host, OS and container steps. Every value taken from a snapshot or a pasted report passes
``envcheck.fix.validate`` before it reaches a command; a value that fails turns its action into
a manual step naming it.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from envcheck.findings import Outcome
from envcheck.fix import validate as V
from envcheck.fix.plan.frameworks import (
    _pairing_actions,
    _torch_variant_verdict,
    framework_actions,
    parse_target,
    torch_build_of,
    torch_target_build,
)
from envcheck.fix.plan.host import Host, host_facts
from envcheck.fix.plan.model import DOCS, GIB, ORDER, PYTHON, RISKS, SCOPES, Action, Plan
from envcheck.fix.plan.system import (
    _driver_actions,
    _driver_state_actions,
    _governor_action,
    _ld_library_path_action,
    _manual_actions,
    _memlock_action,
    _persistence_action,
    _shm_action,
    recommended_shm_bytes,
)
from envcheck.snapshot import PythonInfo, Snapshot

__all__ = [
    "DOCS",
    "GIB",
    "PYTHON",
    "RISKS",
    "SCOPES",
    "Action",
    "Host",
    "Plan",
    "build_plan",
    "host_facts",
    "parse_target",
    "recommended_shm_bytes",
    "torch_build_of",
    "torch_target_build",
    "_torch_variant_verdict",
]


def build_plan(
    snapshot: Snapshot,
    outcome: Optional[Outcome],
    matrix: Any,
    target: Optional[str] = None,
    framework: Optional[str] = None,
    evidence: Any = None,
    overrides: Optional[Dict[str, Any]] = None,
) -> Plan:
    """The ordered fix plan for one host (see the module docstring).

    ``evidence`` is an ``envcheck.fix.evidence.Evidence`` (``judge``'s answer); without it the
    evidence is gathered here from ``outcome``. ``overrides`` are the ``--driver`` / ``--cc`` /
    ``--python`` values.
    """
    from envcheck.fix.evidence import gather_evidence

    ov = overrides or {}
    ev = evidence or gather_evidence(
        snapshot,
        outcome,
        matrix,
        driver=ov.get("driver"),
        ccs=ov.get("ccs") or (),
        python=ov.get("python"),
    )
    findings = list(ev.findings)
    host = host_facts(snapshot, matrix)
    plan = Plan(target=target or framework)
    py = snapshot.python if isinstance(snapshot.python, PythonInfo) else None
    plan.python = py.executable if py and isinstance(py.executable, str) else None
    actions: List[Action] = []
    if isinstance(host.driver_raw, str) and host.driver is None:
        plan.notes.append(
            "the snapshot's driver version "
            f"{V.safe_text(repr(host.driver_raw), 80)} is not a valid driver version: ignored"
        )
    plan.notes.extend(ev.bounds())
    actions += framework_actions(ev, host, matrix, plan, target=target, framework=framework)
    reinstalls = any(a.kind == "install" and a.id.startswith("torch") for a in actions)
    actions += _pairing_actions(host, matrix, findings, skip_if=reinstalls)
    actions += _driver_state_actions(host, findings, ev.value("nvidia_gpu") is False)
    actions += _ld_library_path_action(host, findings)
    actions += _persistence_action(host, findings)
    actions += _memlock_action(host, findings)
    actions += _shm_action(host, findings)
    actions += _governor_action(host, findings)
    # Driver-too-old findings about anything else (a system toolkit, jax, tensorflow):
    covered = {code for a in actions for code in a.resolves}
    for f in findings:
        if f.category == "driver-too-old" and f.code not in covered:
            need = f.evidence.get("min_driver") if isinstance(f.evidence, dict) else None
            if isinstance(need, str) and not any(a.id == "driver-upgrade" for a in actions):
                actions += _driver_actions(host, need, V.safe_text(f.found, 160) or "", [f.code])
                covered.add(f.code)
    actions += _manual_actions(findings, covered)
    return _ordered(actions, plan)


def _ordered(actions: Sequence[Action], plan: Plan) -> Plan:
    """Deduplicate ids (two sources of driver-reload), keeping the first and merging what it
    resolves; then sort by kind (``ORDER``), stable within a kind."""
    merged: Dict[str, Action] = {}
    for a in actions:
        if a.id in merged:
            for code in a.resolves:
                if code not in merged[a.id].resolves:
                    merged[a.id].resolves.append(code)
            continue
        merged[a.id] = a
    plan.actions = sorted(merged.values(), key=lambda a: ORDER.get(a.kind, 80))
    return plan
