"""EC7xx: the site policy (``envcheck.toml``): what this site requires of its nodes."""

from __future__ import annotations

import re
from typing import Any, Iterator

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot


def _policy_value(policy: Any, name: str, key: str) -> Any:
    value = getattr(policy, name, None) if policy is not None else None
    if value is None or value == {}:
        raise c.not_applicable(f"the policy does not set {key}")
    return value


def _src(policy: Any) -> str:
    return getattr(policy, "source", None) or "envcheck.toml"


@check(
    "EC701",
    category="policy",
    severity="error",
    title="GPU count differs from the policy",
    rationale="""
A node that shows fewer GPUs than it has (one fell off the bus, a failed GPU masked by the
driver, a container given the wrong devices) runs jobs with fewer ranks or fails them. The
policy's [gpus] count says how many this node must show.""",
    fix="Find the missing GPU (nvidia-smi -L, dmesg | grep -i xid); drain the node until fixed.",
)
def gpu_count(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    want = _policy_value(policy, "gpu_count", "[gpus] count")
    gpus = c.gpus(snap)
    if len(gpus) != want:
        yield spec.finding(
            expected=f"{want} GPUs ({_src(policy)})",
            found=f"{len(gpus)} GPUs",
            fix="nvidia-smi -L; dmesg | grep -i -e xid -e NVRM   # drain the node until fixed",
            evidence={
                "policy_count": want,
                "gpus": [g.name if isinstance(g.name, str) else None for g in gpus],
            },
        )


@check(
    "EC702",
    category="policy",
    severity="error",
    title="GPU model differs from the policy",
    rationale="""
Jobs are sized for a GPU model (memory, speed). The policy's [gpus] model is matched
case-insensitively as a substring of each GPU's name ("H100" matches "NVIDIA H100 80GB HBM3").""",
    fix="Schedule the job on the intended node type, or correct [gpus] model.",
)
def gpu_model(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    want = _policy_value(policy, "gpu_model", "[gpus] model")
    gpus = c.gpus(snap)
    norm = re.sub(r"\s+", " ", want.lower())
    for g in gpus:
        name = c.need(g.name, f"name of GPU {g.index}")
        if norm not in re.sub(r"\s+", " ", name.lower()):
            yield spec.finding(
                expected=f"GPU model containing '{want}' ({_src(policy)})",
                found=f"GPU {g.index}: {name}",
                fix="schedule the job on a node with the intended GPU model",
                evidence={"policy_model": want, "gpu_name": name},
                gpu=g.index,
            )


@check(
    "EC703",
    category="policy",
    severity="error",
    title="Driver older than the policy minimum",
    rationale="""
Sites standardise on a driver branch (security fixes, a CUDA version, known Xid fixes). The
policy's [driver] min_version is the lowest acceptable version.""",
    fix="Upgrade the NVIDIA driver to the site's minimum.",
)
def driver_min(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    want = _policy_value(policy, "driver_min_version", "[driver] min_version")
    have = c.driver_version(snap)
    hv, wv = c.vparse(have), c.vparse(want)
    if hv is not None and wv is not None and hv < wv:
        yield spec.finding(
            expected=f"driver >= {want} ({_src(policy)})",
            found=f"driver {have}",
            fix=f"upgrade the NVIDIA driver to >= {want} (Ubuntu: sudo ubuntu-drivers install), "
            "then reboot",
            evidence={"driver": have, "policy_min_version": want},
        )


@check(
    "EC704",
    category="policy",
    severity="error",
    title="Package version outside the policy's pin",
    rationale="""
A site pins framework versions ([packages] torch = ">=2.4,<2.6") to keep results reproducible and
to stay on builds validated for its hardware. Each pinned package must be installed, at a
version inside its specifier (local tags such as +cu121 are ignored when matching).""",
    fix="pip install '<name><specifier>'",
)
def packages(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    from packaging.specifiers import SpecifierSet

    pins = _policy_value(policy, "packages", "[packages]")
    pkgs = c.installed(snap)
    for name, specifier in sorted(pins.items()):
        have = pkgs.get(name)
        if have is None:
            if c.from_report(snap):
                continue  # a pasted report need not list every package
            yield spec.finding(
                expected=f"{name}{specifier} ({_src(policy)})",
                found=f"{name} not installed",
                fix=f"pip install '{name}{specifier}'",
                evidence={"package": name, "specifier": specifier},
            )
            continue
        v = c.vparse(c.public(have))
        if v is None or v not in SpecifierSet(specifier, prereleases=True):
            yield spec.finding(
                expected=f"{name}{specifier} ({_src(policy)})",
                found=f"{name} {have}",
                fix=f"pip install '{name}{specifier}'",
                evidence={"package": name, "installed": have, "specifier": specifier},
            )


@check(
    "EC705",
    category="policy",
    severity="error",
    title="MIG mode differs from the policy",
    rationale="""
Sites that partition GPUs with MIG need every GPU in MIG mode (jobs request slices); sites that
do not need it off (jobs expect whole GPUs). The policy's [gpus] mig says which.""",
    fix="sudo nvidia-smi -i N -mig 1|0, then reset the GPU.",
)
def mig_policy(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    want = getattr(policy, "gpu_mig", None) if policy is not None else None
    if want is None:
        raise c.not_applicable("the policy does not set [gpus] mig")
    for g in c.gpus(snap):
        have = c.need(g.mig_enabled, f"MIG mode of GPU {g.index}")
        if have != want:
            flag = 1 if want else 0
            yield spec.finding(
                expected=f"MIG {'enabled' if want else 'disabled'} ({_src(policy)})",
                found=f"{c.gpu_label(g)}: MIG {'enabled' if have else 'disabled'}",
                fix=f"sudo nvidia-smi -i {g.index} -mig {flag} && sudo nvidia-smi -r -i {g.index}",
                evidence={"mig_enabled": have, "policy_mig": want},
                gpu=g.index,
            )
