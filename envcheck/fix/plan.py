"""The fix plan: from findings, the snapshot and the matrix, an ordered list of actions.

Each action says what it does, the exact commands (argument lists, never shell strings),
which findings it resolves, whether it needs root / a reboot / a driver reload, its risk, and
its scope:

- ``python-env``: pip in the current interpreter, no root (the only scope ``--apply`` runs);
- ``system``: host changes that need root (driver, kernel modules, limits, mounts);
- ``container``: flags for ``docker run`` / compose;
- ``manual``: no safe automatic fix; a docs link explains what to do.

Order rules: driver before framework (and a driver reload right after the driver); a CPU build
is uninstalled before the CUDA build is installed; torchvision / torchaudio come after torch.

Every value taken from a snapshot or a pasted report passes ``envcheck.fix.validate`` before it
reaches a command; a value that fails turns its action into a manual step naming it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from envcheck.findings import Finding, Outcome
from envcheck.fix import validate as V
from envcheck.snapshot import CpuMemory, Cuda, Driver, KernelSide, OsInfo, PythonInfo, Snapshot

# Placeholder for "the Python interpreter of the environment being fixed" in pip commands:
# ``--apply`` replaces it with sys.executable, the shell script with "$PYTHON".
PYTHON = "{python}"

SCOPES = ("python-env", "system", "container", "manual")
RISKS = ("low", "medium", "high")

GIB = 1024**3

# Documentation for manual steps (read 2026-12-02).
DOCS = {
    "driver": "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/index.html",
    "cuda-compat": "https://docs.nvidia.com/deploy/cuda-compatibility/index.html",
    "torch": "https://pytorch.org/get-started/locally/",
    "torch-previous": "https://pytorch.org/get-started/previous-versions/",
    "tensorflow": "https://www.tensorflow.org/install/pip",
    "jax": "https://docs.jax.dev/en/latest/installation.html",
    "persistence": "https://docs.nvidia.com/deploy/driver-persistence/index.html",
    "nvidia-smi": "https://docs.nvidia.com/deploy/nvidia-smi/index.html",
    "xid": "https://docs.nvidia.com/deploy/xid-errors/index.html",
    "page-retirement": "https://docs.nvidia.com/deploy/dynamic-page-retirement/index.html",
    "nccl": "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html",
    "cudnn": "https://docs.nvidia.com/deeplearning/cudnn/latest/reference/support-matrix.html",
    "docker-run": "https://docs.docker.com/reference/cli/docker/container/run/",
    "limits": "https://man7.org/linux/man-pages/man5/limits.conf.5.html",
    "cpufreq": "https://docs.kernel.org/admin-guide/pm/cpufreq.html",
    "thp": "https://docs.kernel.org/admin-guide/mm/transhuge.html",
    "cuda-install": "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html",
    "wsl": "https://docs.nvidia.com/cuda/wsl-user-guide/index.html",
    "container-toolkit": (
        "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/"
        "install-guide.html"
    ),
}

# Order of action kinds in a plan (lower first). Stable within a kind.
_ORDER = {
    "driver": 10,
    "driver-reload": 15,
    "kernel": 18,
    "libs": 20,
    "uninstall": 30,
    "install": 40,
    "pair": 50,
    "toolkit": 55,
    "os": 60,
    "container": 70,
    "manual": 90,
}


@dataclass
class Action:
    id: str
    description: str
    commands: List[List[str]] = field(default_factory=list)
    resolves: List[str] = field(default_factory=list)
    scope: str = "manual"
    needs_root: bool = False
    needs_reboot: bool = False
    driver_reload: bool = False
    risk: str = "low"
    docs: Optional[str] = None
    notes: List[str] = field(default_factory=list)
    # Files the action writes (path -> full content), rendered by the script as printf > path.
    files: Dict[str, str] = field(default_factory=dict)
    # Environment changes (name -> new value), rendered as export NAME=value.
    env: Dict[str, str] = field(default_factory=dict)
    # The driver version this (manual) step establishes: the shell script stops here until
    # nvidia-smi reports at least this version, so re-running it after the upgrade continues.
    gate_driver: Optional[str] = None
    kind: str = "manual"  # ordering key (see _ORDER)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "id": self.id,
            "description": self.description,
            "commands": [list(c) for c in self.commands],
            "resolves": list(self.resolves),
            "scope": self.scope,
            "needs_root": self.needs_root,
            "needs_reboot": self.needs_reboot,
            "driver_reload": self.driver_reload,
            "risk": self.risk,
            "docs": self.docs,
            "notes": list(self.notes),
            "files": dict(self.files),
            "env": dict(self.env),
            "gate_driver": self.gate_driver,
        }


@dataclass
class Plan:
    actions: List[Action] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)  # e.g. "target cannot run here: ..."
    target: Optional[str] = None
    python: Optional[str] = None  # interpreter of the snapshot (informational)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "target": self.target,
            "notes": list(self.notes),
            "actions": [a.to_dict() for a in self.actions],
        }

    def action(self, action_id: str) -> Optional[Action]:
        for a in self.actions:
            if a.id == action_id:
                return a
        return None


# ------------------------------------------------------------------------------------------
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


# ------------------------------------------------------------------------------------------
# Pip commands


def pip_install(args: Sequence[str]) -> List[str]:
    return [PYTHON, "-m", "pip", "install", *args]


def pip_uninstall(names: Sequence[str]) -> List[str]:
    return [PYTHON, "-m", "pip", "uninstall", "-y", *names]


_REQ_RE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[A-Za-z0-9._,-]+\])?$")


def _pin(name: str, version: str) -> str:
    """``name==version`` from matrix or snapshot values, validated (extras allowed)."""
    m = _REQ_RE.match(name) if isinstance(name, str) else None
    if not m:
        raise V.Rejected("package name", name)
    base = V.package_name(m.group(1))
    return f"{base}{m.group(2) or ''}=={V.version(version)}"


def _build_args(build: Any) -> List[str]:
    """pip arguments for a compat.Build, every value validated."""
    args = [_pin(n, v) for n, v in build.packages]
    if build.index_url:
        args += ["--index-url", V.index_url(build.index_url)]
    return args


def _manual_for_rejected(
    action_id: str, what: str, exc: V.Rejected, resolves: List[str], kind: str
) -> Action:
    return Action(
        id=action_id,
        description=(
            f"{what}: not generated, because a value from the input was rejected "
            f"({exc.what} {V.safe_text(repr(exc.value), 120)}). Check the input and fix by hand."
        ),
        resolves=resolves,
        scope="manual",
        risk="low",
        docs=DOCS[{"libs": "cudnn", "driver": "driver"}.get(kind, "torch")],
        kind=kind,
    )


# ------------------------------------------------------------------------------------------
# The framework stack (torch first; tensorflow / jax through matrix.recommend)


_TORCH_CATEGORIES = {"driver-too-old", "gpu-arch-unsupported", "cpu-only-build"}
_COMPANIONS = ("torchvision", "torchaudio")


def _codes(findings: Iterable[Finding]) -> List[str]:
    out: List[str] = []
    for f in findings:
        if f.code not in out:
            out.append(f.code)
    return out


def _mentions(f: Finding, name: str) -> bool:
    ev = f.evidence if isinstance(f.evidence, dict) else {}
    if name in ev or ev.get("framework") == name or ev.get("package") == name:
        return True
    for value in ev.values():
        if isinstance(value, str) and value.lower().startswith(name + " "):
            return True
    text = f"{f.found} {f.title}".lower()
    return re.search(rf"\b{re.escape(name)}\b", text) is not None


def _recommend(matrix: Any, framework: str, host: Host, driver: Optional[str]) -> Any:
    try:
        return matrix.recommend(framework, driver, host.ccs, host.python, platform=host.platform)
    except Exception:
        return None


def _installed_torch(host: Host, matrix: Any) -> Tuple[Optional[str], Any]:
    raw = host.installed.get("torch")
    if raw is None:
        return None, None
    build = None
    try:
        build = matrix.torch_build(raw) if matrix is not None else None
    except Exception:
        build = None
    return raw, build


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


def _driver_actions(host: Host, min_driver: str, why: str, resolves: List[str]) -> List[Action]:
    try:
        need = V.driver_version(min_driver)
    except V.Rejected as exc:
        return [_manual_for_rejected("driver-upgrade", "driver upgrade", exc, resolves, "driver")]
    found = host.driver or "unknown"
    return [
        Action(
            id="driver-upgrade",
            description=(
                f"Upgrade the NVIDIA driver to >= {need} (found {found}): {why}. Use your "
                "distribution's packages or NVIDIA's repository; stop GPU jobs first."
            ),
            resolves=list(resolves),
            scope="manual",
            needs_root=True,
            needs_reboot=True,
            driver_reload=True,
            risk="high",
            docs=DOCS["driver"],
            gate_driver=need,
            kind="driver",
        ),
        _reload_action(
            "After the driver upgrade, load the new kernel module: reboot (simplest), or "
            "stop every GPU process and reload the nvidia modules with these commands.",
            list(resolves),
            scope="manual",
        ),
    ]


def _reload_action(description: str, resolves: List[str], scope: str) -> Action:
    """Reload the NVIDIA kernel modules (or reboot): after an upgrade, or on a mismatch."""
    return Action(
        id="driver-reload",
        description=description,
        commands=[
            ["modprobe", "-r", "nvidia_uvm", "nvidia_drm", "nvidia_modeset", "nvidia"],
            ["modprobe", "nvidia"],
            ["modprobe", "nvidia_uvm"],
        ],
        resolves=resolves,
        scope=scope,
        needs_root=True,
        driver_reload=True,
        risk="medium",
        docs=DOCS["driver"],
        notes=["A reboot does the same and is safer when a display manager uses the GPU."],
        kind="driver-reload",
    )


def _framework_install_actions(
    build: Any, host: Host, resolves: List[str], reason: str
) -> List[Action]:
    """Uninstall what is installed in a different build, then install ``build``'s pins."""
    try:
        args = _build_args(build)
    except V.Rejected as exc:
        return [
            _manual_for_rejected(f"{build.framework}-install", "install", exc, resolves, "install")
        ]
    actions: List[Action] = []
    names = []
    for name, _ in build.packages:
        base = re.sub(r"\[.*\]$", "", name)
        try:
            names.append(V.package_name(base))
        except V.Rejected:
            continue
    # pip keeps "2.5.1+cpu" when asked for "torch==2.5.1" from a CUDA index, so a build of the
    # same version (or any CPU build) is uninstalled first; other versions pip replaces itself.
    want = {re.sub(r"\[.*\]$", "", n).lower(): v for n, v in build.packages}
    remove: List[str] = []
    orphaned: List[str] = []
    for name in names:
        have = host.installed.get(name)
        if have is None:
            continue
        local = _local_tag(have)
        same_version = _public(have) == _public(want.get(name, ""))
        other_build = build.framework == "torch" and build.index_url and local != build.tag
        if local == "cpu" or (same_version and other_build):
            remove.append(name)
    if build.framework == "torch":
        # Companions the new build does not pin would stay built for the old torch.
        for companion in _COMPANIONS:
            if companion in host.installed and companion not in want and companion not in remove:
                remove.append(companion)
                orphaned.append(companion)
    if remove:
        what = ", ".join(f"{n} {V.safe_text(host.installed[n], 40)}" for n in remove)
        actions.append(
            Action(
                id=f"{build.framework}-uninstall",
                description=f"Uninstall the installed build ({what}) before installing another.",
                commands=[pip_uninstall(remove)],
                resolves=list(resolves),
                scope="python-env",
                risk="medium",
                docs=DOCS.get(build.framework),
                kind="uninstall",
            )
        )
    extra = f" (CUDA {build.cuda})" if build.cuda else ""
    mode = getattr(build, "driver_mode", None)
    notes = []
    if mode == "minor-compat":
        notes.append("runs through CUDA minor-version compatibility")
        if getattr(build, "caveat", None):
            notes.append(str(build.caveat))
    actions.append(
        Action(
            id=f"{build.framework}-install",
            description=f"Install {build.describe()}{extra}: {reason}.",
            commands=[pip_install(args)],
            resolves=list(resolves),
            scope="python-env",
            risk="medium" if remove else "low",
            docs=DOCS.get(build.framework),
            notes=notes,
            kind="install",
        )
    )
    if orphaned:
        actions.append(
            Action(
                id="torch-pair-manual",
                description=(
                    f"The matrix names no {' / '.join(orphaned)} release for torch "
                    f"{build.version}: install the matching version(s) from the PyTorch "
                    "install page (the old ones were removed: they only work with the old torch)."
                ),
                resolves=list(resolves),
                scope="manual",
                docs=DOCS["torch-previous"],
                kind="pair",
            )
        )
    return actions


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


def _why_not(rec: Any) -> str:
    parts = []
    for build, reasons in list(getattr(rec, "rejected", []) or [])[:3]:
        parts.append(f"{build.describe()}: {'; '.join(reasons)}")
    return " | ".join(parts)


def _torch_actions(host: Host, matrix: Any, findings: List[Finding], plan: Plan) -> List[Action]:
    relevant = [
        f
        for f in findings
        if f.category in _TORCH_CATEGORIES
        or (f.category == "python-unsupported" and _mentions(f, "torch"))
    ]
    # findings about another framework or the system toolkit are not fixed by a new torch
    relevant = [f for f in relevant if _mentions(f, "torch")]
    if not relevant or "torch" not in host.installed or matrix is None:
        return []
    resolves = _codes(relevant)
    rec = _recommend(matrix, "torch", host, host.driver)
    raw, _ = _installed_torch(host, matrix)
    if rec is not None:
        plan.notes.extend(f"torch: {n}" for n in getattr(rec, "notes", []) or [])
    if rec is not None and rec.best is not None:
        reason = "the newest torch build that runs on this driver, GPU and Python"
        actions = _framework_install_actions(rec.best, host, resolves, reason)
        # Keeping the installed version may need a driver upgrade instead: say so.
        upgrade = _upgrade_alternative(host, matrix, raw)
        if upgrade:
            actions[-1].notes.append(upgrade)
        return actions
    # Nothing runs on this driver: find what would run after a driver upgrade.
    unbounded = _recommend(matrix, "torch", host, None)
    if unbounded is not None and unbounded.best is not None:
        need = _driver_upgrade_for(matrix, host, unbounded.best.cuda)
        actions: List[Action] = []
        if need:
            actions += _driver_actions(
                host,
                need,
                f"{unbounded.best.describe()} is the newest torch with kernels for this GPU and "
                f"needs CUDA {unbounded.best.cuda}",
                resolves,
            )
        actions += _framework_install_actions(
            unbounded.best, host, resolves, "the newest torch build for this GPU and Python"
        )
        return actions
    why = _why_not(rec) if rec is not None else "the matrix gave no answer"
    plan.notes.append(f"no torch build in the matrix runs on this host: {why}")
    return [
        Action(
            id="torch-manual",
            description=f"No torch build in the matrix runs on this host ({why}).",
            resolves=resolves,
            scope="manual",
            docs=DOCS["torch-previous"],
            kind="manual",
        )
    ]


def _other_framework_actions(
    host: Host, matrix: Any, findings: List[Finding], plan: Plan
) -> List[Action]:
    """tensorflow / jax: install the newest build that runs here (CPU-only, arch, driver)."""
    actions: List[Action] = []
    if matrix is None:
        return actions
    for framework in ("tensorflow", "jax"):
        relevant = [
            f
            for f in findings
            if f.category in _TORCH_CATEGORIES | {"python-unsupported"}
            and _mentions(f, framework)
            and not _mentions(f, "torch")
        ]
        if not relevant:
            continue
        rec = _recommend(matrix, framework, host, host.driver)
        if rec is None or rec.best is None:
            continue  # the finding keeps its manual step
        reason = f"the newest {framework} build that runs on this driver and Python"
        new = _framework_install_actions(rec.best, host, _codes(relevant), reason)
        if framework == "tensorflow" and "tensorflow-cpu" in host.installed:
            new.insert(
                0,
                Action(
                    id="tensorflow-uninstall",
                    description="Uninstall tensorflow-cpu before installing the GPU build.",
                    commands=[pip_uninstall(["tensorflow-cpu"])],
                    resolves=_codes(relevant),
                    scope="python-env",
                    risk="medium",
                    docs=DOCS["tensorflow"],
                    kind="uninstall",
                ),
            )
        actions += new
    return actions


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
            if Version(host.python) not in SpecifierSet(release.python):
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


def _target_actions(
    host: Host, matrix: Any, name: str, version: Optional[str], plan: Plan, resolves: List[str]
) -> List[Action]:
    if name != "torch" or version is None:
        framework = name if name in ("torch", "tensorflow", "jax") else None
        if framework is None:
            plan.notes.append(f"--target {name}: only torch, tensorflow and jax are planned")
            return []
        rec = _recommend(matrix, framework, host, host.driver)
        if rec is not None and version is not None:
            best = next(
                (
                    b
                    for b in [rec.best, *[b for b, _ in rec.rejected]]
                    if b is not None and _public(b.version) == _public(version)
                ),
                None,
            )
            if best is None or best is not rec.best:
                why = _why_not(rec)
                plan.notes.append(
                    f"{framework} {version} cannot run on this host or is not in the matrix"
                    + (f": {why}" if why else "")
                )
                return [
                    Action(
                        id=f"{framework}-target-manual",
                        description=f"{framework} {version} is not installable here: see notes.",
                        resolves=resolves,
                        scope="manual",
                        docs=DOCS.get(framework),
                        kind="manual",
                    )
                ]
        if rec is None or rec.best is None:
            why = _why_not(rec) if rec is not None else "no answer from the matrix"
            plan.notes.append(f"no {framework} build runs on this host: {why}")
            unbounded = _recommend(matrix, framework, host, None)
            if unbounded is not None and unbounded.best is not None:
                need = _driver_upgrade_for(matrix, host, unbounded.best.cuda)
                actions = (
                    _driver_actions(host, need, f"{unbounded.best.describe()}", resolves)
                    if need
                    else []
                )
                return actions + _framework_install_actions(
                    unbounded.best, host, resolves, f"the wanted {framework} stack"
                )
            return []
        return _framework_install_actions(
            rec.best, host, resolves, f"the newest {framework} build that runs here"
        )
    release = matrix.torch_release(version)
    if release is None:
        plan.notes.append(
            f"torch {version} is not in the matrix (data from {getattr(matrix, 'data_date', '?')})"
        )
        return []
    verdicts = []
    for variant in sorted(
        [v for v in release.variants if v.cuda],
        key=lambda v: Version(v.cuda),
        reverse=True,
    ):
        runs, reasons, need = _torch_variant_verdict(matrix, host, release, variant)
        verdicts.append((variant, runs, reasons, need))

    def build_of(variant: Any) -> Any:
        return torch_build_of(release, variant)

    for variant, runs, _, _ in verdicts:
        if runs:
            return _framework_install_actions(
                build_of(variant), host, resolves, f"the wanted torch {version}"
            )
    # No variant runs: say why, and what would make it run.
    for variant, _, reasons, _ in verdicts:
        plan.notes.append(f"torch {version} {variant.tag}: " + "; ".join(reasons))
    fixable = [
        (v, need)
        for v, _, reasons, need in verdicts
        if need and all("driver" in r for r in reasons)
    ]
    if fixable:
        variant, _ = max(fixable, key=lambda item: Version(item[0].cuda))
        need = min((n for _, n in fixable), key=Version)
        variant = next(v for v, n in fixable if n == need)
        plan.notes.append(
            f"torch {version} runs here after a driver upgrade to >= {need} ({variant.tag})"
        )
        return _driver_actions(
            host, need, f"torch {version} {variant.tag} needs CUDA {variant.cuda}", resolves
        ) + _framework_install_actions(
            build_of(variant), host, resolves, f"the wanted torch {version}"
        )
    plan.notes.append(
        f"torch {version} cannot run on this host: no driver upgrade alone fixes it "
        "(GPU architecture or Python version); choose another torch version"
    )
    return [
        Action(
            id="torch-target-manual",
            description=f"torch {version} cannot run on this host: see the notes.",
            resolves=resolves,
            scope="manual",
            docs=DOCS["torch-previous"],
            kind="manual",
        )
    ]


# ------------------------------------------------------------------------------------------
# System, OS and container actions


def _ld_library_path_action(host: Host, findings: List[Finding]) -> List[Action]:
    """Remove the LD_LIBRARY_PATH entries whose CUDA libraries shadow the framework's own."""
    relevant = [f for f in findings if f.category == "cuda-libs-mismatch"]
    snap = host.snapshot
    env = snap.env if isinstance(snap.env, dict) else {}
    current = env.get("LD_LIBRARY_PATH")
    if not relevant or not isinstance(current, str) or not current:
        return []
    entries = current.split(":")
    normalised = {e.rstrip("/"): e for e in entries if e}
    cuda = snap.cuda if isinstance(snap.cuda, Cuda) else None
    from_loader = {}
    if cuda and isinstance(cuda.libraries, list):
        for lib in cuda.libraries:
            if lib.origin == "LD_LIBRARY_PATH" and isinstance(lib.path, str):
                from_loader[lib.name] = lib.path
    drop: List[str] = []
    shadowing: List[Finding] = []
    for f in relevant:
        ev = f.evidence if isinstance(f.evidence, dict) else {}
        paths = [ev.get(k) for k in ("path", "shadowing_path", "shadowed_by")]
        if isinstance(ev.get("library"), str) and ev["library"] in from_loader:
            paths.append(from_loader[ev["library"]])
        for p in paths:
            if not isinstance(p, str) or "/" not in p:
                continue
            directory = p.rsplit("/", 1)[0].rstrip("/")
            if directory in normalised:
                if normalised[directory] not in drop:
                    drop.append(normalised[directory])
                if f not in shadowing:
                    shadowing.append(f)
    if not drop:
        return []
    codes = _codes(shadowing)
    keep = [e for e in entries if e and e not in drop]
    try:
        new_value = V.path(":".join(keep)) if keep else ""
        for d in drop:
            V.path(d)
    except V.Rejected as exc:
        return [_manual_for_rejected("ld-library-path", "LD_LIBRARY_PATH", exc, codes, "libs")]
    return [
        Action(
            id="ld-library-path",
            description=(
                "Remove " + ", ".join(drop) + " from LD_LIBRARY_PATH: its CUDA libraries shadow "
                "the ones the framework wheel bundles. New value: "
                + (new_value if new_value else "(empty: unset it)")
            ),
            env={"LD_LIBRARY_PATH": new_value},
            resolves=codes,
            scope="manual",
            risk="low",
            notes=[
                "Put the new value in your shell profile / job script (it is where the old "
                "value was set); the script's export only affects the commands after it."
            ],
            docs=DOCS["cudnn"],
            kind="libs",
        )
    ]


def _mentions(f: Finding, word: str) -> bool:
    """Whether a finding's title, found text or evidence keys mention ``word`` (lower case)."""
    return word in f"{f.title} {f.found} {' '.join(map(str, f.evidence))}".lower()


def _os_action(**fields: Any) -> Action:
    """A low-risk step on the host system that needs root (ordered with the "os" steps)."""
    return Action(scope="system", needs_root=True, risk="low", kind="os", **fields)


def _container_action(**fields: Any) -> Action:
    """A step for whoever starts this container (ordered with the "container" steps)."""
    return Action(scope="container", kind="container", **fields)


def _persistence_action(host: Host, findings: List[Finding]) -> List[Action]:
    off = [
        g.index
        for g in host.snapshot.gpus()
        if g.persistence_mode is False and isinstance(g.index, int)
    ]
    relevant = [f for f in findings if _mentions(f, "persistence")]
    if not relevant or not off:
        return []
    return [
        _os_action(
            id="persistence-mode",
            description=(
                "Enable persistence mode so the driver stays initialised between jobs "
                f"(off on GPU {', '.join(map(str, off))}). Lasts until reboot; use "
                "nvidia-persistenced to keep it."
            ),
            commands=[["nvidia-smi", "-pm", "1"]],
            resolves=_codes(relevant),
            docs=DOCS["persistence"],
        )
    ]


def _memlock_action(host: Host, findings: List[Finding]) -> List[Action]:
    relevant = [f for f in findings if _mentions(f, "memlock")]
    if not relevant:
        return []
    if host.container:
        return [
            _container_action(
                id="memlock-container",
                description=(
                    "Raise the locked-memory limit of the container: start it with "
                    "--ulimit memlock=-1 (and --ulimit stack=67108864)."
                ),
                resolves=_codes(relevant),
                notes=["docker run --ulimit memlock=-1 --ulimit stack=67108864 ..."],
                docs=DOCS["docker-run"],
            )
        ]
    path = "/etc/security/limits.d/90-envcheck-memlock.conf"
    content = (
        "# written by envcheck fix: unlimited locked memory for NCCL / RDMA (limits.conf(5))\n"
        "*    soft    memlock    unlimited\n"
        "*    hard    memlock    unlimited\n"
    )
    return [
        _os_action(
            id="memlock",
            description=(
                f"Raise the memlock limit to unlimited in {path}; takes effect at the next "
                "login / job start (Slurm: also set PropagateResourceLimits or LimitMEMLOCK "
                "for slurmd)."
            ),
            files={path: content},
            resolves=_codes(relevant),
            docs=DOCS["limits"],
        )
    ]


def recommended_shm_bytes(host: Host, findings: Sequence[Finding] = ()) -> int:
    """Size for /dev/shm: the findings' expectation, else 1 GiB per GPU (at least 1 GiB),
    rounded up to whole GiB and never below 2 GiB for DataLoader workers."""
    want = 0
    for f in findings:
        ev = f.evidence if isinstance(f.evidence, dict) else {}
        for key in ("required_bytes", "expected_bytes", "min_bytes", "threshold_bytes"):
            value = ev.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value > want:
                want = value
    want = max(want, GIB * max(host.gpu_count, 1), 2 * GIB)
    return -(-want // GIB) * GIB


def _shm_action(host: Host, findings: List[Finding]) -> List[Action]:
    relevant = [f for f in findings if f.category == "shm-too-small"]
    if not relevant:
        return []
    size_g = recommended_shm_bytes(host, relevant) // GIB
    if host.container:
        return [
            _container_action(
                id="shm-size",
                description=(
                    f"/dev/shm is too small inside this container: restart it with "
                    f"--shm-size={size_g}g (or --ipc=host to share the host's)."
                ),
                resolves=_codes(relevant),
                notes=[
                    f"docker run --shm-size={size_g}g ...",
                    "Kubernetes: mount an emptyDir with medium: Memory at /dev/shm.",
                ],
                docs=DOCS["docker-run"],
            )
        ]
    return [
        _os_action(
            id="shm-remount",
            description=(
                f"Grow the memory-backed /dev/shm to {size_g}G now (until reboot); make it "
                "permanent with a 'tmpfs /dev/shm tmpfs defaults,size=...' line in /etc/fstab."
            ),
            commands=[["mount", "-o", f"remount,size={size_g}G", "/dev/shm"]],
            resolves=_codes(relevant),
            docs=DOCS["docker-run"],
        )
    ]


def _driver_state_actions(host: Host, findings: List[Finding]) -> List[Action]:
    actions: List[Action] = []
    not_loaded = [f for f in findings if f.category == "driver-not-loaded"]
    mods = {}
    ks = host.snapshot.kernel if isinstance(host.snapshot.kernel, KernelSide) else None
    if ks and isinstance(ks.modules, dict):
        mods = ks.modules
    nouveau = [f for f in not_loaded if "nouveau" in f"{f.title} {f.found}".lower()]
    if nouveau or mods.get("nouveau"):
        path = "/etc/modprobe.d/blacklist-nouveau.conf"
        actions.append(
            Action(
                id="blacklist-nouveau",
                description=(
                    "Blacklist nouveau so the NVIDIA module can bind the GPUs, rebuild the "
                    "initramfs (Debian/Ubuntu: update-initramfs; RHEL: dracut -f) and reboot."
                ),
                files={path: "blacklist nouveau\noptions nouveau modeset=0\n"},
                commands=[["update-initramfs", "-u"]],
                resolves=_codes(nouveau or not_loaded),
                scope="system",
                needs_root=True,
                needs_reboot=True,
                driver_reload=True,
                risk="high",
                docs=DOCS["driver"],
                kind="kernel",
            )
        )
    rest = [f for f in not_loaded if f not in nouveau]
    no_hardware = bool(rest) and all(
        (f.evidence or {}).get("nvidia_hardware_seen") is False for f in rest
    )
    if no_hardware:
        # Nothing to load: no module, no device node, no NVIDIA GPU on the PCI bus.
        actions.append(
            Action(
                id="no-nvidia-gpu",
                description=(
                    "No NVIDIA GPU is visible here (no kernel module, no device nodes, none on "
                    "the PCI bus): run on a GPU node or instance"
                    + (
                        "; if the container's host has GPUs, start the container with --gpus "
                        "(NVIDIA Container Toolkit)."
                        if host.container
                        else "."
                    )
                ),
                commands=[],
                resolves=_codes(rest),
                scope="manual",
                needs_root=False,
                risk="low",
                docs=DOCS["container-toolkit"] if host.container else DOCS["driver"],
                kind="kernel",
            )
        )
        rest = []
    if rest:
        in_container = bool(host.container)
        actions.append(
            Action(
                id="driver-load",
                description=(
                    "The NVIDIA driver is not usable here: "
                    + (
                        "the container was started without GPU access; start it with "
                        "--gpus (NVIDIA Container Toolkit)."
                        if in_container
                        else "load the kernel module; if that fails, (re)install the driver."
                    )
                ),
                commands=[]
                if in_container
                else [["modprobe", "nvidia"], ["modprobe", "nvidia_uvm"]],
                resolves=_codes(rest),
                scope="container" if in_container else "system",
                needs_root=not in_container,
                risk="low",
                docs=DOCS["container-toolkit"] if in_container else DOCS["driver"],
                kind="kernel",
            )
        )
    mismatch = [f for f in findings if f.category == "driver-library-mismatch"]
    if mismatch:
        actions.append(
            _reload_action(
                "The loaded kernel module and the user-space driver library differ (an "
                "upgrade without reload): reboot, or stop all GPU processes and reload.",
                _codes(mismatch),
                scope="system",
            )
        )
    return actions


def _governor_action(host: Host, findings: List[Finding]) -> List[Action]:
    relevant = [f for f in findings if f.category == "os-setting" and _mentions(f, "governor")]
    cpu = host.snapshot.cpu_memory if isinstance(host.snapshot.cpu_memory, CpuMemory) else None
    if not relevant or cpu is None:
        return []
    return [
        _os_action(
            id="cpu-governor",
            description="Set the CPU frequency governor to 'performance' (until reboot).",
            commands=[["cpupower", "frequency-set", "-g", "performance"]],
            resolves=_codes(relevant),
            docs=DOCS["cpufreq"],
        )
    ]


_MANUAL_DOCS = {
    "driver-too-old": "driver",
    "driver-not-loaded": "driver",
    "driver-library-mismatch": "driver",
    "gpu-arch-unsupported": "torch",
    "cpu-only-build": "torch",
    "cuda-libs-mismatch": "cudnn",
    "toolkit-mismatch": "cuda-install",
    "nccl-problem": "nccl",
    "python-unsupported": "torch",
    "framework-pairing": "torch-previous",
    "shm-too-small": "docker-run",
    "gpu-health": "xid",
    "gpu-throttle": "nvidia-smi",
    "pcie-degraded": "nvidia-smi",
    "gpu-contention": "nvidia-smi",
    "os-setting": "limits",
    "storage": "docker-run",
    "data-network": "docker-run",
    "kernel-failure": "xid",
    "performance-degraded": "nvidia-smi",
    "policy": "driver",
}


def _manual_actions(findings: List[Finding], covered: set) -> List[Action]:
    """One manual step per finding nothing else resolves, with its docs link."""
    actions = []
    for f in findings:
        if f.code in covered or f.severity == "info":
            continue
        fix = V.safe_text(f.fix, 300) or ""
        title = V.safe_text(f.title, 120) or f.code
        actions.append(
            Action(
                id=f"manual-{V.safe_text(f.code, 20)}"
                + (f"-gpu{f.gpu}" if isinstance(f.gpu, int) else ""),
                description=f"{title}: {fix}" if fix else title,
                resolves=[f.code],
                scope="manual",
                needs_root=f.category
                in ("driver-too-old", "gpu-health", "pcie-degraded", "driver-not-loaded"),
                risk="high" if f.category in ("gpu-health", "driver-too-old") else "medium",
                docs=DOCS[_MANUAL_DOCS.get(f.category, "driver")],
                kind="manual",
            )
        )
        covered.add(f.code)
    return actions


# ------------------------------------------------------------------------------------------


def build_plan(
    snapshot: Snapshot,
    outcome: Optional[Outcome],
    matrix: Any,
    target: Optional[str] = None,
    framework: Optional[str] = None,
) -> Plan:
    """The ordered fix plan for one host (see the module docstring)."""
    findings = list(outcome.findings) if outcome is not None else []
    host = host_facts(snapshot, matrix)
    plan = Plan(target=target or framework)
    py = snapshot.python if isinstance(snapshot.python, PythonInfo) else None
    plan.python = _s(py.executable) if py else None
    actions: List[Action] = []
    if isinstance(host.driver_raw, str) and host.driver is None:
        plan.notes.append(
            "the snapshot's driver version "
            f"{V.safe_text(repr(host.driver_raw), 80)} is not a valid driver version: ignored"
        )
    if target or framework:
        try:
            name, version = parse_target(target) if target else (framework or "", None)
            name = V.package_name(name)
        except V.Rejected as exc:
            from envcheck.errors import InputError

            raise InputError(str(exc)) from None
        if target:
            check_target_known(matrix, name, version, target)
        stack = [f for f in findings if f.category in _TORCH_CATEGORIES | {"python-unsupported"}]
        actions += _target_actions(host, matrix, name, version, plan, _codes(stack))
    else:
        actions += _torch_actions(host, matrix, findings, plan)
        actions += _other_framework_actions(host, matrix, findings, plan)
    reinstalls = any(a.kind == "install" and a.id.startswith("torch") for a in actions)
    actions += _pairing_actions(host, matrix, findings, skip_if=reinstalls)
    actions += _driver_state_actions(host, findings)
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
    # Deduplicate ids (two sources of driver-reload), keeping the first, merging resolves.
    merged: Dict[str, Action] = {}
    for a in actions:
        if a.id in merged:
            for code in a.resolves:
                if code not in merged[a.id].resolves:
                    merged[a.id].resolves.append(code)
            continue
        merged[a.id] = a
    ordered = sorted(merged.values(), key=lambda a: _ORDER.get(a.kind, 80))
    plan.actions = ordered
    return plan
