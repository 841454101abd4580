"""Top-level pins: the framework stack the matrix vouches for, envcheck's own dependencies, and
the user's ``--requirements`` (exact ``name==version`` lines only).

``framework_pins`` is the one place that decides which framework build goes into the
image; everything after it (lock, Dockerfile) only writes down what it chose.
"""

from __future__ import annotations

import importlib.metadata
import re
from typing import Any, Dict, List, Optional, Tuple

from envcheck.errors import EnvcheckError, InputError
from envcheck.fix import validate as V
from envcheck.fix.docker.options import DockerOptions
from envcheck.fix.plan import Host


def framework_pins(
    host: Host, matrix: Any, python: Optional[str], opts: DockerOptions
) -> Tuple[List[str], Optional[str], Optional[str], List[str]]:
    """(pins, extra index URL, the build's CUDA, notes) for the framework stack."""
    notes: List[str] = []
    if matrix is None or opts.framework == "none":
        return [], None, None, notes
    if opts.evidence is not None:  # the same choice as `envcheck fix` (envcheck.fix.choose)
        from envcheck.fix.choose import docker_pins

        return docker_pins(opts.evidence, matrix, python or host.python, opts)
    py_host = Host(**{**host.__dict__, "python": python or host.python})
    try:
        rec = matrix.recommend(
            opts.framework, host.driver, py_host.ccs, py_host.python, platform=host.platform
        )
    except EnvcheckError as exc:
        raise InputError(str(exc)) from None
    build = rec.best
    installed = (
        None
        if opts.target or opts.framework != "torch"
        else _installed_torch_build(matrix, py_host)
    )
    if installed is not None:
        # Reproduce what the user runs today when it works here; newer is opt-in (--target).
        build = installed
        if rec.best is not None and rec.best.describe() != installed.describe():
            notes.append(
                f"newest that runs here: {rec.best.describe()} "
                f"(--target torch=={rec.best.version} to use it)"
            )
    if opts.target:
        from envcheck.fix.plan import parse_target, torch_target_build

        try:
            name, version = parse_target(opts.target)
        except V.Rejected as exc:
            raise InputError(str(exc)) from None
        if name != opts.framework:
            raise InputError(f"--target {name} does not match --framework {opts.framework}")
        if version is not None and name == "torch":
            build, reasons = torch_target_build(matrix, py_host, version)
            if build is None:
                raise InputError(f"torch {version} cannot run on this host: " + " | ".join(reasons))
        elif version is not None:
            pool = [b for b in [rec.best, *[b for b, _ in rec.rejected]] if b is not None]
            match = [b for b in pool if V.public_version(b.version) == V.public_version(version)]
            if not match or match[0] is not rec.best:
                raise InputError(
                    f"{name} {version} is not the build envcheck can vouch for on this host "
                    f"(newest that runs: {rec.best.describe() if rec.best else 'none'})"
                )
    if build is None:
        why = "; ".join(f"{b.describe()}: {', '.join(r)}" for b, r in rec.rejected[:3])
        raise InputError(f"no {opts.framework} build in the matrix runs on this host: {why}")
    pins = []
    for name, version in build.packages:
        try:
            pin = _docker_pin(name, version, build)
        except V.Rejected as exc:
            raise InputError(f"matrix value {exc}") from None
        pins.append(pin)
    index = None
    if build.index_url:
        index = V.index_url(build.index_url)
    why = (
        "the --target"
        if opts.target
        else "the installed build, which runs here"
        if installed is not None
        else "the newest that runs here, from the matrix"
    )
    notes.append(f"framework: {build.describe()} ({why})")
    notes.extend(f"{opts.framework}: {n}" for n in getattr(rec, "notes", []) or [])
    return pins, index, build.cuda, notes


def _installed_torch_build(matrix: Any, host: Host) -> Any:
    """The Build of the torch installed on the host when the matrix knows it and it runs here."""
    from envcheck.fix.plan import _torch_variant_verdict, torch_build_of

    version = host.installed.get("torch")
    if not version:
        return None
    found = matrix.torch_build(version)  # a bare version is the PyPI default build
    if found is None or found[1].cuda is None:
        return None
    release, variant = found
    runs, _, _ = _torch_variant_verdict(matrix, host, release, variant)
    return torch_build_of(release, variant) if runs else None


def _docker_pin(name: str, version: str, build: Any) -> str:
    m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[A-Za-z0-9._,-]+\])?$", name)
    if not m:
        raise V.Rejected("package name", name)
    base = V.package_name(m.group(1))
    ver = V.version(version)
    # Wheels on download.pytorch.org/whl/cuXYZ carry the variant as local tag (+cu121):
    # pinning it keeps pip from taking the PyPI build of the same version.
    if build.framework == "torch" and build.index_url and build.tag and "+" not in ver:
        ver = f"{ver}+{V.package_name(build.tag)}"
    return f"{base}{m.group(2) or ''}=={ver}"


_PIN_LINE = re.compile(
    r"^([A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?)==([0-9A-Za-z.+!_-]+)$"
)


def read_requirements(path: str) -> List[str]:
    """The user's requirements: exact ``name==version`` pins only (comments allowed)."""
    from envcheck.safe_io import read_regular

    # Only a regular file, at most 1 MiB: a FIFO or /dev/zero must not hang or fill memory.
    raw = read_regular(path, 1 << 20, "requirements file", "1 MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read requirements {path}: {exc}") from None
    pins = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip().replace(" ", "")
        if not line:
            continue
        m = _PIN_LINE.match(line)
        if not m:
            raise InputError(
                f"{path}:{number}: {V.safe_text(raw, 80)!r} is not an exact 'name==version' pin "
                "(the image pins everything for reproducible builds)"
            )
        try:
            V.package_name(re.sub(r"\[.*\]$", "", m.group(1)))
            V.version(m.group(3))
        except V.Rejected as exc:
            raise InputError(f"{path}:{number}: {exc}") from None
        pins.append(line)
    return pins


def merge_pins(stack: List[str], user: List[str]) -> Tuple[List[str], List[str]]:
    """User pins win over the stack's for the same package (with a note)."""
    notes = []
    by_name: Dict[str, str] = {}
    for pin in stack + user:
        name = re.sub(r"[-_.]+", "-", re.split(r"[\[=]", pin, maxsplit=1)[0]).lower()
        if name in by_name and by_name[name] != pin:
            notes.append(f"--requirements pins {pin} instead of {by_name[name]}")
        by_name[name] = pin
    return list(by_name.values()), notes


# ------------------------------------------------------------------------------------------
# envcheck's own wheel (for the HEALTHCHECK)


def envcheck_runtime_pins() -> List[str]:
    """envcheck's direct runtime dependencies pinned at the versions installed here."""
    pins = []
    try:
        requires = importlib.metadata.requires("envcheck") or []
    except importlib.metadata.PackageNotFoundError:
        requires = []
    for req in requires:
        if "extra ==" in req or "python_version <" in req:
            continue
        name = re.match(r"^[A-Za-z0-9._-]+", req)
        if not name:
            continue
        try:
            version = importlib.metadata.version(name.group(0))
        except importlib.metadata.PackageNotFoundError:
            continue
        pins.append(f"{V.package_name(name.group(0))}=={V.version(version)}")
    return pins
