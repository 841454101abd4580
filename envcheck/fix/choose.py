"""Which framework build to install: one answer for ``fix`` and ``fix --docker``.

``choose(evidence, matrix, framework, version=None)`` returns a ``Choice``. Its ``kind``:

- ``runs``: every fact the choice depends on is known and the build passes them all;
- ``bounded``: chosen within the bounds the evidence gives (the driver's CUDA ceiling read from
  an error message, the architecture a message names) instead of a missing fact; ``reason``
  says which;
- ``cpu``: the host has no NVIDIA GPU: a CPU build (it cannot train on NVIDIA GPUs);
- ``after-driver``: nothing runs on this driver; ``need_driver`` names the upgrade and
  ``build`` what runs after it;
- ``ask``: a fact the choice depends on is unknown; ``asks`` say how to read or give it;
- ``none``: no build in the matrix runs here (``reason`` says why).

A build the findings say fails here (the installed one, judged by verify) is never chosen.
No ``reason`` says "runs here" unless the kind is ``runs`` and the driver is usable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, List, Optional

from packaging.specifiers import InvalidSpecifier
from packaging.version import InvalidVersion, Version

from envcheck.fix.evidence import ASKS, Ask, Evidence


@dataclass
class Choice:
    framework: str
    kind: str
    build: Any = None  # compat.Build
    reason: str = ""
    notes: List[str] = field(default_factory=list)
    asks: List[Ask] = field(default_factory=list)
    need_driver: Optional[str] = None
    rec: Any = None  # the compat.Recommendation behind it


def _public(version: Any) -> Optional[str]:
    try:
        return Version(str(version)).public
    except InvalidVersion:
        return None


def _local(version: Any) -> Optional[str]:
    try:
        local = Version(str(version)).local
    except InvalidVersion:
        return None
    return local.split(".")[0] if local else None


def _installed_key(ev: Evidence, framework: str) -> Optional[str]:
    """``"2.5.1+cu121"`` style key of the installed build the findings say fails, if any."""
    if not ev.failing.get(framework):
        return None
    return ev.installed.get(framework)


def same_build(build: Any, installed: Optional[str]) -> bool:
    """Whether ``build`` is the installed version string (torch: the local tag counts; a bare
    version is the PyPI default variant, which the matrix resolves)."""
    if installed is None or build is None:
        return False
    if _public(build.version) != _public(installed):
        return False
    if build.framework != "torch":
        return True
    local = _local(installed)
    return local is None or local == build.tag


def _why_not(rec: Any, limit: int = 3) -> str:
    if rec is None:
        return "the matrix gave no answer"
    if rec.blocked:
        return "; ".join(rec.blocked)
    parts = [f"{b.describe()}: {'; '.join(r[:2])}" for b, r in rec.passed_over()[:limit]]
    text = " | ".join(parts) or "no build of it is in the matrix"
    return re.sub(r" \(https?://[^)\s]+\)", "", text)  # `envcheck matrix recommend` cites


def cpu_build(matrix: Any, framework: str, version: Optional[str], python: Optional[str]) -> Any:
    """The CPU build of ``framework`` (``version`` or the newest for ``python``), or None."""
    from envcheck.compat import Build, in_spec

    def fits(spec: Optional[str]) -> bool:
        if python is None or not spec:
            return True
        try:
            return in_spec(python, spec)
        except (InvalidVersion, InvalidSpecifier):
            return True

    if framework == "torch":
        for release in matrix.torch_releases():
            if version is not None and _public(release.version) != _public(version):
                continue
            cpu = release.variant("cpu")
            if cpu is None or not fits(release.python):
                continue
            packages = [("torch", release.version)]
            for companion in ("torchvision", "torchaudio"):
                if getattr(release, companion, None):
                    packages.append((companion, getattr(release, companion)))
            return Build(
                framework="torch",
                version=release.version,
                tag="cpu",
                cuda=None,
                packages=tuple(packages),
                index_url=cpu.index_url,
                source=release.source,
            )
        return None
    if framework == "tensorflow":
        for v in matrix.tensorflow_versions():
            if version is not None and _public(v) != _public(version):
                continue
            rel = matrix.tensorflow_release(v)
            if rel is None or not any(fits(b.python) for b in rel.builds):
                continue
            src = rel.builds[0].source if rel.builds else ""
            return Build("tensorflow", v, "cpu", None, (("tensorflow", v),), None, src)
        return None
    for rel in sorted(matrix._jax(), key=lambda r: Version(r.jax), reverse=True):
        if version is not None and _public(rel.jax) != _public(version):
            continue
        if fits(rel.python):
            return Build("jax", rel.jax, "cpu", None, (("jax", rel.jax),), None, rel.source)
    return None


def choose(
    ev: Evidence,
    matrix: Any,
    framework: str,
    version: Optional[str] = None,
    python: Optional[str] = None,
    platform: Optional[str] = None,
) -> Choice:
    """The build of ``framework`` to install on the host ``ev`` describes (module docstring).

    ``python`` / ``platform`` override the host's (``fix --docker``: the image's Python, and
    a Linux container).
    """
    py = python or ev.value("python")
    plat = platform or ev.value("platform")
    if ev.value("nvidia_gpu") is False:
        build = cpu_build(matrix, framework, version, py)
        why = f"no NVIDIA GPU here ({ev.nvidia_gpu.source})"
        if build is None:
            return Choice(framework, "none", reason=f"{why}, and no CPU build of it fits")
        return Choice(
            framework,
            "cpu",
            build,
            reason=f"the CPU build: {why}; this host cannot train on NVIDIA GPUs",
        )
    asks = ev.missing(python_known=python is not None)
    if asks:
        notes = []
        driver, ceiling = ev.value("driver"), ev.value("driver_cuda")
        if driver or ceiling:
            # Not a choice: what the known driver facts alone would allow, to show the bound.
            try:
                rec = matrix.recommend(
                    framework, driver, ev.value("ccs") or [], py, "linux", ceiling, version
                )
            except Exception:
                rec = None
            if rec is not None and rec.best is not None:
                notes.append(
                    f"the driver alone allows up to {rec.best.describe()}; whether it has "
                    "kernels for the GPU (and fits the Python) is what is unknown"
                )
        return Choice(
            framework,
            "ask",
            reason="the choice depends on facts the input does not give",
            asks=asks,
            notes=notes,
        )
    driver = ev.value("driver")
    ceiling = ev.value("driver_cuda") if driver is None else None
    ccs = list(ev.value("ccs") or [])
    platforms = [plat] if plat in ("linux", "windows") else ["linux", "windows"]
    recs = []
    for p in platforms:
        try:
            recs.append(matrix.recommend(framework, driver, ccs, py, p, ceiling, version))
        except Exception as exc:  # bad values in the input: the caller reports it
            return Choice(framework, "none", reason=f"the matrix cannot answer: {exc}")
    rec = recs[0]
    notes: List[str] = []
    if len(recs) == 2:
        a, b = (r.best.describe() if r.best else None for r in recs)
        if a != b:
            return Choice(
                framework,
                "ask",
                reason="the best build differs between Linux and Windows",
                asks=[ASKS["os"]],
                rec=rec,
            )
        notes.append("OS unknown: the same build is the choice on Linux and on Windows")
    failing = _installed_key(ev, framework)
    best = rec.best
    if best is not None and same_build(best, failing):
        codes = ", ".join(f.code for f in ev.failing[framework])
        notes.append(f"{best.describe()} is what is installed, and {codes} says it fails here")
        best = rec.runner_up if not same_build(rec.runner_up, failing) else None
    bounds = ev.bounds()
    if best is not None:
        kind = "bounded" if bounds else "runs"
        # With a version asked for, "the newest" is among that version's variants only: said
        # so, or a reproduced old build reads as the newest build (beside "newest: 2.14.1").
        lead = f"the newest variant of {framework} {version}" if version else "the newest"
        if ev.driver_unusable:
            codes = ", ".join(sorted({f.code for f in ev.driver_unusable}))
            reason = f"{lead} that will run once the driver problem ({codes}) is fixed"
            kind = "bounded"
        elif bounds:
            reason = f"{lead} within what the evidence says (" + "; ".join(bounds) + ")"
        elif version:
            reason = f"{lead} that runs on this driver, GPU and Python"
        else:
            reason = f"the newest {framework} build that runs on this driver, GPU and Python"
        if best.driver_mode == "minor-compat":
            notes.append("runs through CUDA minor-version compatibility")
        return Choice(framework, kind, best, reason=reason, notes=notes, rec=rec)
    # Nothing runs on this driver: what would run after an upgrade?
    if driver is not None or ceiling is not None:
        try:
            free = matrix.recommend(framework, None, ccs, py, platforms[0], None, version)
        except Exception:
            free = None
        if free is not None and free.best is not None and free.best.cuda:
            need = _upgrade_driver(matrix, free.best.cuda, ccs, platforms[0])
            if need:
                return Choice(
                    framework,
                    "after-driver",
                    free.best,
                    reason=(
                        f"no {framework} build runs on this driver ({_why_not(rec, 1)}); "
                        f"{free.best.describe()} runs after a driver upgrade to >= {need}"
                    ),
                    notes=notes,
                    need_driver=need,
                    rec=rec,
                )
    what = (
        f"{framework} {version} cannot run on this host"
        if version
        else (f"no {framework} build in the matrix runs here")
    )
    return Choice(
        framework,
        "none",
        reason=f"{what}: {_why_not(rec)}",
        notes=notes,
        rec=rec,
    )


def _upgrade_driver(matrix: Any, cuda: str, ccs: List[str], platform: str) -> Optional[str]:
    """Lowest driver (full compatibility) that runs ``cuda`` and drives every GPU."""
    try:
        need = matrix.min_driver(cuda, platform) or matrix.minor_compat_min_driver(cuda, platform)
    except Exception:
        return None
    if need is None:
        return None
    for cc in ccs:
        entry = matrix.arch_floor(cc)
        first = entry.get("first_cuda") if entry else None
        floor = matrix.min_driver(first, platform) if first else None
        if floor and Version(floor) > Version(need):
            need = floor
    return need


def docker_pins(
    ev: Evidence, matrix: Any, python: Optional[str], opts: Any
) -> tuple[List[str], Optional[str], Optional[str], List[str]]:
    """(pins, extra index URL, the build's CUDA, notes) for ``fix --docker``: the same choice
    as ``fix`` (``choose``), for the image's Python on Linux."""
    from envcheck.errors import InputError
    from envcheck.fix import validate as V
    from envcheck.fix.docker.pins import _docker_pin
    from envcheck.fix.plan import parse_target

    framework = opts.framework
    version = None
    if opts.target:
        try:
            name, version = parse_target(opts.target)
        except V.Rejected as exc:
            raise InputError(str(exc)) from None
        if name != framework:
            raise InputError(f"--target {name} does not match --framework {framework}")
    notes: List[str] = []
    choice = None
    installed = ev.installed.get(framework)
    if version is None and installed and not ev.failing.get(framework):
        # Reproduce what the user runs today when verify finds nothing against it.
        same = choose(ev, matrix, framework, _public(installed), python, "linux")
        if same.build is not None and same_build(same.build, installed):
            choice = same
            choice.reason = f"the installed build; {choice.reason}"
    newest = choose(ev, matrix, framework, version, python, "linux")
    if choice is None:
        choice = newest
    elif newest.build is not None and newest.build.describe() != choice.build.describe():
        notes.append(
            f"newest for this host: {newest.build.describe()} "
            f"(--target {framework}=={newest.build.version} to use it)"
        )
    if choice.kind == "ask":
        raise InputError(
            f"cannot choose a {framework} build for the image: "
            + "; ".join(a.text() for a in choice.asks)
        )
    if choice.build is None:
        raise InputError(f"{V.safe_text(choice.reason, 600)}")
    build = choice.build
    opts.chosen_kind = choice.kind
    if choice.kind == "cpu":
        notes.append(
            f"warning: {choice.reason}: the image gets the CPU build, and run.sh / compose.yaml "
            "do not ask for GPUs (--gpus fails on a host without the NVIDIA runtime)"
        )
    if choice.kind == "after-driver":
        notes.append(
            f"warning: the host's driver must be upgraded to >= {choice.need_driver} before "
            f"this image runs ({choice.reason})"
        )
    pins = []
    for name, ver in build.packages:
        try:
            pins.append(_docker_pin(name, ver, build))
        except V.Rejected as exc:
            raise InputError(f"matrix value {exc}") from None
    index = V.index_url(build.index_url) if build.index_url else None
    notes.append(f"framework: {build.describe()} ({choice.reason})")
    notes.extend(f"{framework}: {n}" for n in choice.notes)
    notes.extend(f"{framework}: {n}" for n in getattr(choice.rec, "notes", []) or [])
    return pins, index, build.cuda, notes
