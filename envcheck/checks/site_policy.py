"""EC7xx: the site policy (``envcheck.toml``): what this site requires of its nodes.

The pre-job hook fails closed: when the policy requires a fact (GPU count, GPU model, driver
minimum, package ranges, MIG mode) and that fact cannot be read, the check reports an error
"cannot verify: <reason>" instead of a skip, so the scheduler drains the node. The same holds
for a ``--data-dir`` or ``--data-url`` that was asked for and cannot be used (EC706).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Callable, Iterator

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import DataDir, DataUrl, Snapshot, Storage, Unknown

_CANNOT = "cannot verify: "


def _fail_closed(what: str) -> Callable[[Callable[..., Iterator[Finding]]], Any]:
    """A policy check whose required fact is unreadable yields an error, never a skip."""

    def wrap(fn: Callable[..., Iterator[Finding]]) -> Any:
        @functools.wraps(fn)
        def run(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
            try:
                yield from fn(spec, snap, matrix, policy)
            except SkipCheck as exc:
                reason = str(exc)
                if reason.startswith("not applicable"):
                    raise
                yield spec.finding(
                    expected=f"{what} ({_src(policy)}) verified",
                    found=_CANNOT + reason,
                    fix="make the fact readable (nvidia-smi; check the driver and the GPUs), or "
                    "drain the node: the site policy requires it",
                    evidence={"cannot_verify": reason},
                )

        return run

    return wrap


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
@_fail_closed("the GPU count")
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
@_fail_closed("the GPU model")
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
@_fail_closed("the driver minimum")
def driver_min(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    want = _policy_value(policy, "driver_min_version", "[driver] min_version")
    have = c.driver_version(snap)
    hv, wv = c.vparse(have), c.vparse(want)
    if hv is None:
        raise SkipCheck(f"driver version {have!r} is not a version")
    if wv is not None and hv < wv:
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
@_fail_closed("the pinned packages")
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
@_fail_closed("the MIG mode")
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


@check(
    "EC706",
    category="policy",
    severity="error",
    title="Data location asked for cannot be used",
    rationale="""
A pre-job hook that passes --data-dir or --data-url says the job needs that data. A directory
that does not exist (an unmounted filesystem) or a URL that cannot be reached fails the job
once it starts; the hook fails closed and reports it now, naming the location.""",
    fix="Mount the data filesystem / fix the URL or the network, or drain the node.",
)
def data_location(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    st = snap.storage if isinstance(snap.storage, Storage) else None
    if st is None or (st.data_dir is None and st.data_url is None):
        raise c.not_applicable("no --data-dir or --data-url given")
    if isinstance(st.data_dir, Unknown):
        yield spec.finding(
            expected="the --data-dir directory exists and can be read",
            found=_CANNOT + st.data_dir.reason,
            fix="mount the data filesystem (mount | grep DIR; systemctl status the automount) "
            "or fix the path; drain the node until it is there",
            evidence={"data_dir": st.data_dir.reason},
        )
    elif isinstance(st.data_dir, DataDir) and not st.data_dir.path:
        yield spec.finding(
            expected="a --data-dir path",
            found=_CANNOT + "empty path",
            evidence={"data_dir": ""},
        )
    u = st.data_url
    if isinstance(u, Unknown):
        yield spec.finding(
            expected="the --data-url can be reached",
            found=_CANNOT + u.reason,
            fix="check the URL, DNS and the network path from this node",
            evidence={"data_url": u.reason},
        )
    elif isinstance(u, DataUrl) and (
        (isinstance(u.error, str) and u.error)
        or (isinstance(u.status_code, int) and u.status_code >= 400)
    ):
        yield spec.finding(
            expected="the --data-url can be reached",
            found=_CANNOT
            + (u.error if isinstance(u.error, str) and u.error else f"HTTP {u.status_code}"),
            fix="check the URL, DNS and the network path from this node",
            evidence={"data_url": u.url, "status_code": u.status_code},
        )
