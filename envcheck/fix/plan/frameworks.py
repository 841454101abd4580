"""Per-framework choices: which torch / tensorflow / jax build to install, and the steps.

Every choice comes from ``envcheck.fix.choose`` (shared with ``fix --docker``), made on the
evidence of ``envcheck.fix.evidence``: the findings and the facts they read.
"""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from packaging.specifiers import InvalidSpecifier
from packaging.version import InvalidVersion, Version

from envcheck.compat import in_spec
from envcheck.findings import Finding
from envcheck.fix import validate as V
from envcheck.fix.plan.host import Host
from envcheck.fix.plan.model import (
    DOCS,
    Action,
    Plan,
    _codes,
    _manual_for_rejected,
    _pin,
    pip_install,
    pip_uninstall,
)
from envcheck.fix.plan.system import _driver_actions

# ------------------------------------------------------------------------------------------
# The framework stack (torch first; tensorflow / jax through matrix.recommend)


_TORCH_CATEGORIES = {"driver-too-old", "gpu-arch-unsupported", "cpu-only-build"}
_COMPANIONS = ("torchvision", "torchaudio")


def _driver_upgrade_for(matrix: Any, host: Host, cuda: Optional[str]) -> Optional[str]:
    """Lowest driver (full compatibility) that runs ``cuda`` on this platform."""
    if not cuda or matrix is None:
        return None
    try:
        return matrix.min_driver(cuda, host.platform) or matrix.minor_compat_min_driver(
            cuda, host.platform
        )
    except Exception:
        return None


def _public(version: str) -> Optional[str]:
    try:
        return Version(version).public
    except (InvalidVersion, TypeError):
        return None


def _local_tag(version: str) -> Optional[str]:
    try:
        local = Version(version).local
    except (InvalidVersion, TypeError):
        return None
    return local.split(".")[0] if local else None


def _upgrade_alternative(host: Host, matrix: Any, raw: Optional[str]) -> Optional[str]:
    if raw is None:
        return None
    try:
        found = matrix.torch_build(raw)
    except Exception:
        found = None
    if not found:
        return None
    _, variant = found
    need = _driver_upgrade_for(matrix, host, variant.cuda)
    if need and host.driver and _vless(host.driver, need):
        return f"alternative: keep torch {V.safe_text(raw, 40)} and upgrade the driver to >= {need}"
    return None


def _vless(a: str, b: str) -> bool:
    try:
        return Version(a) < Version(b)
    except InvalidVersion:
        return False


def _pairing_actions(
    host: Host, matrix: Any, findings: List[Finding], skip_if: bool
) -> List[Action]:
    relevant = [f for f in findings if f.category == "framework-pairing"]
    if not relevant or skip_if or matrix is None:
        return []
    resolves = _codes(relevant)
    raw = host.installed.get("torch")
    if raw is None:
        return []
    try:
        torch_v = V.version(raw)
    except V.Rejected as exc:
        return [
            _manual_for_rejected(
                "torch-pair", "torchvision/torchaudio pairing", exc, resolves, "pair"
            )
        ]
    try:
        found = matrix.torch_build(torch_v)
        release = found[0] if found else matrix.torch_release(Version(torch_v).public)
    except Exception:
        found, release = None, None
    if release is None:
        return [
            Action(
                id="torch-pair",
                description=(
                    f"torch {torch_v} is not in the matrix: install the torchvision/torchaudio "
                    "versions its release notes name."
                ),
                resolves=resolves,
                scope="manual",
                docs=DOCS["torch-previous"],
                kind="pair",
            )
        ]
    variant = found[1] if found else None
    local = _local_tag(torch_v)
    args: List[str] = []
    pairs = []
    for name in _COMPANIONS:
        want = getattr(release, name, None)
        have = host.installed.get(name)
        if not want or have is None:
            continue
        if _public(have) == _public(want) and _local_tag(have) == local:
            continue
        try:
            args.append(_pin(name, want))
        except V.Rejected as exc:
            return [_manual_for_rejected("torch-pair", "pairing", exc, resolves, "pair")]
        pairs.append(f"{name} {want}")
    if not args:
        return []
    if local and variant is not None and variant.index_url:
        try:
            args += ["--index-url", V.index_url(variant.index_url)]
        except V.Rejected as exc:
            return [_manual_for_rejected("torch-pair", "pairing", exc, resolves, "pair")]
    return [
        Action(
            id="torch-pair",
            description=f"Install {', '.join(pairs)} to match torch {torch_v}.",
            commands=[pip_install(args)],
            resolves=resolves,
            scope="python-env",
            risk="low",
            docs=DOCS["torch-previous"],
            kind="pair",
        )
    ]


# ------------------------------------------------------------------------------------------
# --target / --framework


def parse_target(text: str) -> Tuple[str, Optional[str]]:
    """``torch==2.4.1`` -> ("torch", "2.4.1"); ``tensorflow`` -> ("tensorflow", None)."""
    m = re.match(r"^\s*([A-Za-z0-9._-]+)\s*(?:==\s*([0-9A-Za-z.+!_-]+))?\s*$", text or "")
    if not m:
        raise V.Rejected("target (name or name==version)", text)
    name = V.package_name(m.group(1))
    version = V.version(m.group(2)) if m.group(2) else None
    return name, version


PLANNED_FRAMEWORKS = ("torch", "tensorflow", "jax")


def check_target_known(matrix: Any, name: str, version: Optional[str], text: str) -> None:
    """A --target envcheck cannot plan for is bad usage (exit 2), not a plan with a note: an
    unknown package, or a version the matrix has never heard of (a typo, or newer data needed).
    A known version that cannot run on this host stays a plan that says why."""
    from envcheck.errors import InputError

    shown = V.safe_text(text, 80)
    if name not in PLANNED_FRAMEWORKS:
        raise InputError(
            f"--target {shown}: {V.safe_text(name, 60)} is not a framework envcheck plans for "
            "(hint: torch, tensorflow or jax, e.g. --target torch==2.4.1)"
        )
    if version is None or matrix is None:
        return
    lookup = {
        "torch": matrix.torch_release,
        "tensorflow": matrix.tensorflow_release,
        "jax": matrix.jax_release,
    }[name]
    if lookup(version) is None:
        date = getattr(matrix, "data_date", None)
        raise InputError(
            f"--target {shown}: {name} {V.safe_text(version, 40)} is not in the compatibility "
            f"matrix{f' (data from {date})' if date else ''} "
            f"(hint: `envcheck matrix {name} VERSION` answers for a known version; "
            "newer data comes with a newer envcheck)"
        )


def _torch_variant_verdict(
    matrix: Any, host: Host, release: Any, variant: Any
) -> Tuple[bool, List[str], Optional[str]]:
    """(runs, reasons, driver needed) for one variant of a release on this host."""
    reasons: List[str] = []
    need_driver = None
    if variant.cuda is None:
        return False, ["CPU-only build"], None
    if host.python:
        try:
            if not in_spec(host.python, release.python):
                reasons.append(f"Python {host.python} is outside {release.python}")
        except (InvalidVersion, InvalidSpecifier):
            pass
    if host.driver:
        verdict = matrix.driver_runs_cuda(host.driver, variant.cuda, host.platform)
        if verdict.ok is False:
            need_driver = verdict.min_driver or verdict.minor_compat_min_driver
            reasons.append(verdict.reason)
    for cc in host.ccs:
        runs = variant.runs_on(cc)
        if runs is False:
            reasons.append(f"no kernels for compute capability {cc} in {variant.tag}")
    return not reasons, reasons, need_driver


def torch_build_of(release: Any, variant: Any) -> Any:
    """A compat.Build for one variant of a torch release (with its torchvision/torchaudio)."""
    from envcheck.compat import Build

    packages = [("torch", release.version)]
    for companion in _COMPANIONS:
        if getattr(release, companion, None):
            packages.append((companion, getattr(release, companion)))
    return Build(
        framework="torch",
        version=release.version,
        tag=variant.tag,
        cuda=variant.cuda,
        packages=tuple(packages),
        index_url=variant.index_url,
        source=release.source,
    )


def torch_target_build(matrix: Any, host: Host, version: str) -> Tuple[Any, List[str]]:
    """(the newest-CUDA build of torch ``version`` that runs here or None, reasons per build)."""
    release = matrix.torch_release(version)
    if release is None:
        return None, [f"torch {version} is not in the matrix"]
    reasons: List[str] = []
    for variant in sorted(
        [v for v in release.variants if v.cuda], key=lambda v: Version(v.cuda), reverse=True
    ):
        runs, why, _ = _torch_variant_verdict(matrix, host, release, variant)
        if runs:
            return torch_build_of(release, variant), reasons
        reasons.append(f"{variant.tag}: " + "; ".join(why))
    return None, reasons


def _pip_pins(build: Any) -> List[str]:
    """pip arguments for ``build``: exact pins; wheels from a PyTorch CUDA/CPU index carry the
    variant as local tag (``+cu121``), pinned so pip replaces another variant of the same
    version in the same transaction (``torch==2.5.1`` would keep an installed 2.5.1+cpu)."""
    args = []
    for name, version in build.packages:
        pin = _pin(name, version)
        if build.framework == "torch" and build.index_url and build.tag and "+" not in version:
            pin = f"{pin}+{V.package_name(build.tag)}"
        args.append(pin)
    if build.index_url:
        args += ["--index-url", V.index_url(build.index_url)]
    return args


def _framework_install_actions(
    build: Any, host: Host, resolves: List[str], reason: str, notes: Optional[List[str]] = None
) -> List[Action]:
    """Install ``build``'s pins in one pip transaction (no uninstall-then-install gap)."""
    try:
        args = _pip_pins(build)
    except V.Rejected as exc:
        return [
            _manual_for_rejected(f"{build.framework}-install", "install", exc, resolves, "install")
        ]
    actions: List[Action] = []
    want = {re.sub(r"\[.*\]$", "", n).lower() for n, _ in build.packages}
    replaced = [n for n in want if n in host.installed]
    if build.framework == "tensorflow" and "tensorflow-cpu" in host.installed:
        # tensorflow-cpu and tensorflow install the same files: removing it after the GPU
        # build would delete them, so it goes first (--apply restores the old set on failure).
        actions.append(
            Action(
                id="tensorflow-uninstall",
                description="Uninstall tensorflow-cpu before installing the GPU build.",
                commands=[pip_uninstall(["tensorflow-cpu"])],
                resolves=list(resolves),
                scope="python-env",
                risk="medium",
                docs=DOCS["tensorflow"],
                kind="uninstall",
            )
        )
    extra = f" (CUDA {build.cuda})" if build.cuda else (" (CPU only)" if build.tag == "cpu" else "")
    what = ", ".join(f"{n} {V.safe_text(host.installed[n], 40)}" for n in sorted(replaced))
    actions.append(
        Action(
            id=f"{build.framework}-install",
            description=f"Install {build.describe()}{extra}: {reason}."
            + (f" It replaces {what} in the same pip transaction." if replaced else ""),
            commands=[pip_install(args)],
            resolves=list(resolves),
            scope="python-env",
            risk="medium" if replaced else "low",
            docs=DOCS.get(build.framework),
            notes=list(notes or []),
            kind="install",
        )
    )
    orphaned = [
        c
        for c in _COMPANIONS
        if build.framework == "torch" and c in host.installed and c not in want
    ]
    stale = _stale_cuda_wheels(build, host)
    if stale:
        # pip installs the new build's nvidia-*-cuNN wheels but keeps the old major's: verify
        # would judge them (EC101 / EC302). Removed after the install, never before it.
        actions.append(
            Action(
                id=f"{build.framework}-cuda-wheels-uninstall",
                description=(
                    f"Remove the CUDA {_major(build.cuda)}.x library wheels of the old build "
                    f"({', '.join(stale)}): nothing else installed uses them."
                ),
                commands=[pip_uninstall(stale)],
                resolves=list(resolves),
                scope="python-env",
                risk="low",
                docs=DOCS.get(build.framework),
                kind="pair",
            )
        )
    if orphaned:
        # Companions the new build does not pin stay built for the old torch: removed after
        # the install (never before it), and named so they can be reinstalled by hand.
        actions.append(
            Action(
                id="torch-pair-uninstall",
                description=(
                    f"The matrix names no {' / '.join(orphaned)} release for torch "
                    f"{build.version}: remove the old one(s), built for the old torch, then "
                    "install the matching version(s) from the PyTorch install page."
                ),
                commands=[pip_uninstall(orphaned)],
                resolves=list(resolves),
                scope="python-env",
                risk="medium",
                docs=DOCS["torch-previous"],
                kind="pair",
            )
        )
    return actions


def _choice_actions(
    choice: Any,
    ev: Any,
    host: Host,
    plan: Plan,
    resolves: List[str],
    matrix: Any,
    wanted: bool = False,
) -> List[Action]:
    """The steps that carry out one ``choose.Choice``."""
    from envcheck.fix.choose import same_build

    fw = choice.framework
    rec_notes = list(getattr(choice.rec, "notes", []) or [])
    plan.notes.extend(f"{fw}: {n}" for n in rec_notes + choice.notes)
    installed = ev.installed.get(fw)
    if choice.kind == "ask":
        plan.notes.extend(f"{fw}: {a.text()}" for a in choice.asks)
        return [
            Action(
                id=f"{fw}-needs-facts",
                description=(
                    f"No {fw} build is chosen: {choice.reason}. "
                    + "; ".join(a.text() for a in choice.asks)
                    + ", then run envcheck fix again."
                ),
                resolves=list(resolves),
                scope="manual",
                docs=DOCS.get(fw),
                kind="manual",
            )
        ]
    if choice.kind == "none" or choice.build is None:
        plan.notes.append(f"{fw}: {choice.reason}")
        return [
            Action(
                id=f"{fw}-target-manual" if wanted else f"{fw}-manual",
                description=f"No {fw} build is planned: {V.safe_text(choice.reason, 600)}.",
                resolves=list(resolves),
                scope="manual",
                docs=DOCS["torch-previous"] if fw == "torch" else DOCS.get(fw),
                kind="manual",
            )
        ]
    build = choice.build
    if same_build(build, installed) and not ev.failing.get(fw):
        plan.notes.append(
            f"{fw}: {V.safe_text(installed, 40)} is installed and is the choice "
            f"({choice.reason}): nothing to change"
        )
        return []
    actions: List[Action] = []
    if choice.kind == "after-driver" and choice.need_driver:
        plan.notes.append(f"{fw}: {choice.reason}")
        actions += _driver_actions(host, choice.need_driver, choice.reason, list(resolves))
    notes = []
    # A driver upgrade saves the installed build only when the driver is all that fails it
    # (a K80 under torch 2.5.1+cu118 fails on its cuDNN's floor whatever the driver).
    driver_only = all(f.category == "driver-too-old" for f in ev.failing.get(fw) or [])
    if fw == "torch" and choice.kind in ("runs", "bounded") and driver_only:
        upgrade = _upgrade_alternative(host, matrix, installed)
        if upgrade:
            notes.append(upgrade)
    actions += _framework_install_actions(build, host, list(resolves), choice.reason, notes)
    return actions


_ALL_FRAMEWORKS = ("torch", "tensorflow", "jax")


def framework_actions(
    ev: Any,
    host: Host,
    matrix: Any,
    plan: Plan,
    target: Optional[str] = None,
    framework: Optional[str] = None,
) -> List[Action]:
    """The framework steps: for ``--target`` / ``--framework``, or for every framework whose
    installed build a finding says fails here."""
    from envcheck.fix.choose import choose

    if matrix is None:
        return []
    if target or framework:
        try:
            name, version = parse_target(target) if target else (framework or "", None)
            name = V.package_name(name)
        except V.Rejected as exc:
            from envcheck.errors import InputError

            raise InputError(str(exc)) from None
        if target:
            check_target_known(matrix, name, version, target)
        if name not in _ALL_FRAMEWORKS:
            plan.notes.append(f"--target {name}: only torch, tensorflow and jax are planned")
            return []
        stack = [f for f in ev.findings if f.category in _TORCH_CATEGORIES | {"python-unsupported"}]
        choice = choose(ev, matrix, name, version)
        return _choice_actions(choice, ev, host, plan, _codes(stack), matrix, wanted=True)
    actions: List[Action] = []
    for fw in _ALL_FRAMEWORKS:
        relevant = ev.failing.get(fw) or []
        if not relevant:
            continue
        choice = choose(ev, matrix, fw)
        actions += _choice_actions(choice, ev, host, plan, _codes(relevant), matrix)
    return actions


def _major(cuda: Any) -> Optional[int]:
    m = re.match(r"^(\d+)", str(cuda or ""))
    return int(m.group(1)) if m else None


def _stale_cuda_wheels(build: Any, host: Host) -> List[str]:
    """nvidia-*-cuNN wheels of another CUDA major than ``build``'s, when no other installed
    framework (jax plugins, tensorflow) may use them."""
    major = _major(build.cuda)
    if build.framework != "torch" or major is None:
        return []
    users = ("jax", "jaxlib", "tensorflow", "tensorflow-cpu", "cupy")
    if any(n in host.installed or n.startswith("jax-cuda") for n in users) or any(
        n.startswith(("jax-cuda", "cupy-cuda")) for n in host.installed
    ):
        return []
    out = []
    for name in sorted(host.installed):
        m = re.match(r"^nvidia-[a-z0-9-]+-cu(\d+)$", name)
        if m and int(m.group(1)) != major:
            try:
                out.append(V.package_name(name))
            except V.Rejected:
                continue
    return out
