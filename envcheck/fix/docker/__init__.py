"""``envcheck fix --docker``: a build context for a training image that runs on *this* host.

``write_context`` writes into the output directory:

- ``Dockerfile``: a base image whose CUDA this driver runs (or a slim Python base, since the
  framework wheels bundle their CUDA runtime), exact ``==`` pins (``requirements.txt``), an
  optional air-gapped install from a wheelhouse, a non-root user, OCI labels recording the host
  facts and envcheck's version, and ``envcheck verify`` as the HEALTHCHECK;
- ``envcheck-wheel/``: a wheel of this envcheck (so the HEALTHCHECK works in the image);
- ``run.sh`` and ``compose.yaml``: resource-isolated ``docker run`` flags for this host
  (GPUs, their NUMA CPUs and memory nodes, memory, shm, ulimits, read-only data mounts).

``build_image`` builds the context with the Docker SDK (imported lazily), streaming the log.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import os
import re
import shlex
import shutil
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from envcheck import __version__
from envcheck.errors import EnvcheckError, InputError
from envcheck.fix import validate as V
from envcheck.fix.plan import GIB, Host, host_facts, recommended_shm_bytes
from envcheck.snapshot import CpuMemory, Driver, Snapshot, Storage

# nvidia/cuda runtime+cuDNN tags, newest first: (CUDA, tag, Python of the distribution).
# The tag names follow NVIDIA's list of supported tags
# (https://gitlab.com/nvidia/container-images/cuda/blob/master/doc/supported-tags.md); each tag
# below was also seen in public Dockerfiles through the code search, 2026-12-02 (several pin
# it by digest, e.g. nvidia/cuda:13.0.0-cudnn-runtime-ubuntu24.04@sha256:cfa531ca... and
# nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04@sha256:2fcc4280...). Ubuntu 22.04 ships
# Python 3.10, Ubuntu 24.04 Python 3.12.
CUDA_BASE_IMAGES: Tuple[Tuple[str, str, str], ...] = (
    ("13.0", "nvidia/cuda:13.0.0-cudnn-runtime-ubuntu24.04", "3.12"),
    ("12.8", "nvidia/cuda:12.8.1-cudnn-runtime-ubuntu22.04", "3.10"),
    ("12.6", "nvidia/cuda:12.6.3-cudnn-runtime-ubuntu22.04", "3.10"),
    ("12.4", "nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04", "3.10"),
    ("12.1", "nvidia/cuda:12.1.1-cudnn8-runtime-ubuntu22.04", "3.10"),
    ("11.8", "nvidia/cuda:11.8.0-cudnn8-runtime-ubuntu22.04", "3.10"),
)
# python:<x.y>-slim-bookworm exists for 3.9 ... 3.13 (seen in public Dockerfiles via the code
# search, 2026-12-02). Framework wheels bundle their CUDA runtime; the host's driver is mounted
# into the container by the NVIDIA Container Toolkit.
SLIM_PYTHONS = ("3.9", "3.10", "3.11", "3.12", "3.13")

DEFAULT_OUTPUT = "envcheck-image"
CONTAINER_USER = "trainer"
CONTAINER_UID = 1000


class EngineUnavailable(EnvcheckError):
    """No Docker engine answered; the context stays ready to build."""


class BuildFailed(EnvcheckError):
    exit_code = 1


@dataclass
class BaseChoice:
    image: str
    python: Optional[str]  # Python version of the base image's distribution, when known
    installs_python: bool  # the image needs python3 from apt
    reason: str


@dataclass
class DockerOptions:
    output: str = DEFAULT_OUTPUT
    base_image: Optional[str] = None
    cuda_base: bool = False
    requirements: Optional[str] = None
    wheelhouse: Optional[str] = None
    gpus: Optional[List[int]] = None
    ipc_host: bool = False
    shm_size: Optional[str] = None
    memory: Optional[str] = None
    data: List[str] = field(default_factory=list)
    tag: str = "envcheck-train:latest"
    framework: str = "torch"
    target: Optional[str] = None


@dataclass
class Context:
    path: Path
    base: BaseChoice
    pins: List[str]
    run_args: List[str]
    labels: Dict[str, str]
    notes: List[str] = field(default_factory=list)
    files: List[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------------
# Base image and pins


def choose_base(
    host: Host, matrix: Any, opts: DockerOptions, build_cuda: Optional[str]
) -> BaseChoice:
    if opts.base_image:
        try:
            image = V.image(opts.base_image)
        except V.Rejected as exc:
            raise InputError(str(exc)) from None
        return BaseChoice(
            image,
            host.python,
            False,
            f"chosen with --base-image; it must have python3 with venv (pins assume Python "
            f"{host.python or 'unknown'}, like the host)",
        )
    if opts.cuda_base:
        limit = None
        if host.driver and matrix is not None:
            try:
                limit = matrix.max_cuda_for_driver(host.driver, host.platform)
            except Exception:
                limit = None
        for cuda, image, python in CUDA_BASE_IMAGES:
            if limit is not None and _vt(cuda) > _vt(limit):
                continue
            if build_cuda and _vt(cuda)[:1] != _vt(build_cuda)[:1]:
                continue
            why = (
                f"CUDA {cuda} runtime + cuDNN; this driver runs CUDA up to {limit}"
                if limit
                else f"CUDA {cuda} runtime + cuDNN (driver unknown: check it runs CUDA {cuda})"
            )
            return BaseChoice(image, python, True, why)
        raise InputError(
            f"no nvidia/cuda base image in envcheck's list runs on this driver (max CUDA {limit}); "
            "pass --base-image"
        )
    python = host.python if host.python in SLIM_PYTHONS else "3.11"
    reason = (
        f"Python {python} like this host; the framework wheels bundle the CUDA runtime and the "
        "driver comes from the host through the NVIDIA Container Toolkit"
    )
    return BaseChoice(f"python:{python}-slim-bookworm", python, False, reason)


def _vt(text: str) -> Tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def framework_pins(
    host: Host, matrix: Any, python: Optional[str], opts: DockerOptions
) -> Tuple[List[str], Optional[str], Optional[str], List[str]]:
    """(pins, extra index URL, the build's CUDA, notes) for the framework stack."""
    notes: List[str] = []
    if matrix is None or opts.framework == "none":
        return [], None, None, notes
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
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
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


def _merge_pins(stack: List[str], user: List[str]) -> Tuple[List[str], List[str]]:
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


def write_envcheck_wheel(dest: Path) -> Path:
    """A pure-Python wheel of the running envcheck (package + bundled matrix)."""
    import envcheck
    from envcheck.compat import bundled_data_dir

    version = V.version(__version__)
    pkg = Path(envcheck.__file__).parent
    data = Path(bundled_data_dir())
    dist = f"envcheck-{version}.dist-info"
    records: List[Tuple[str, bytes]] = []
    for root, dirs, files in os.walk(pkg):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            full = Path(root) / name
            rel = "envcheck/" + full.relative_to(pkg).as_posix()
            records.append((rel, full.read_bytes()))
    if not (pkg / "compat_data").is_dir() and data.is_dir():
        for full in sorted(data.rglob("*")):
            if full.is_file() and "__pycache__" not in full.parts:
                rel = "envcheck/compat_data/" + full.relative_to(data).as_posix()
                records.append((rel, full.read_bytes()))
    try:
        requires = importlib.metadata.requires("envcheck") or []
    except importlib.metadata.PackageNotFoundError:
        requires = []
    meta = ["Metadata-Version: 2.1", "Name: envcheck", f"Version: {version}"]
    meta += ["Requires-Python: >=3.9"]
    meta += [f"Requires-Dist: {r}" for r in requires if "extra ==" not in r]
    records.append((f"{dist}/METADATA", ("\n".join(meta) + "\n").encode()))
    wheel_meta = (
        "Wheel-Version: 1.0\nGenerator: envcheck\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    records.append((f"{dist}/WHEEL", wheel_meta.encode()))
    records.append(
        (f"{dist}/entry_points.txt", b"[console_scripts]\nenvcheck = envcheck.cli:main\n")
    )
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / f"envcheck-{version}-py3-none-any.whl"
    lines = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for rel, blob in records:
            info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, blob)
            digest = base64.urlsafe_b64encode(hashlib.sha256(blob).digest()).rstrip(b"=")
            lines.append(f"{rel},sha256={digest.decode()},{len(blob)}")
        lines.append(f"{dist}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        zf.writestr(info, "\n".join(lines) + "\n")
    return target


# ------------------------------------------------------------------------------------------
# Labels and run flags


_LABEL_SAFE = re.compile(r"[^A-Za-z0-9 ._,:/+()=@-]")


def label_value(text: Any) -> str:
    """A value safe inside a double-quoted Dockerfile LABEL (no quotes, $, \\ or newlines)."""
    return _LABEL_SAFE.sub("_", str(text))[:200]


def host_labels(snapshot: Snapshot, host: Host, pins: List[str]) -> Dict[str, str]:
    drv = snapshot.driver if isinstance(snapshot.driver, Driver) else None
    gpus = [g.name for g in snapshot.gpus() if isinstance(g.name, str)]
    labels = {
        "org.opencontainers.image.title": "training image generated by envcheck fix --docker",
        "org.opencontainers.image.created": datetime.now(timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ"
        ),
        "io.envcheck.version": __version__,
        "io.envcheck.host.driver": host.driver or "unknown",
        "io.envcheck.host.cuda": (
            drv.cuda_version if drv and isinstance(drv.cuda_version, str) else "unknown"
        ),
        "io.envcheck.host.gpus": (f"{len(gpus)}x " + ", ".join(sorted(set(gpus))))
        if gpus
        else "none seen",
        "io.envcheck.host.compute_capability": ",".join(host.ccs) or "unknown",
        "io.envcheck.pins": " ".join(pins) or "none",
    }
    if isinstance(snapshot.hostname, str):
        labels["io.envcheck.host.name"] = snapshot.hostname
    return {k: label_value(v) for k, v in labels.items()}


def _cpus_of(cpulist: str) -> List[int]:
    out: List[int] = []
    for part in cpulist.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            out.extend(range(int(lo), int(hi) + 1))
        elif part:
            out.append(int(part))
    return out


def _cpulist(cpus: Sequence[int]) -> str:
    cpus = sorted(set(cpus))
    ranges: List[str] = []
    start = prev = None
    for c in cpus:
        if start is None:
            start = prev = c
        elif c == prev + 1:
            prev = c
        else:
            ranges.append(f"{start}-{prev}" if start != prev else str(start))
            start = prev = c
    if start is not None:
        ranges.append(f"{start}-{prev}" if start != prev else str(start))
    return ",".join(ranges)


@dataclass
class RunSpec:
    gpus: Optional[List[int]]  # None = all
    cpuset_cpus: Optional[str]
    cpuset_mems: Optional[str]
    memory: Optional[str]
    shm_size: Optional[str]
    ipc_host: bool
    mounts: List[Tuple[str, str]]  # (host path, container path), read-only
    notes: List[str] = field(default_factory=list)

    def docker_args(self) -> List[str]:
        args: List[str] = []
        if self.gpus is None:
            args += ["--gpus", "all"]
        else:
            args += ["--gpus", '"device=' + ",".join(map(str, self.gpus)) + '"']
        if self.cpuset_cpus:
            args += ["--cpuset-cpus", self.cpuset_cpus]
        if self.cpuset_mems:
            args += ["--cpuset-mems", self.cpuset_mems]
        if self.memory:
            args += ["--memory", self.memory]
        if self.ipc_host:
            args += ["--ipc", "host"]
        elif self.shm_size:
            args += ["--shm-size", self.shm_size]
        args += ["--ulimit", "memlock=-1", "--ulimit", "stack=67108864"]
        for src, dst in self.mounts:
            args += ["--mount", f"type=bind,source={src},target={dst},readonly"]
        return args


def run_spec(snapshot: Snapshot, host: Host, opts: DockerOptions) -> RunSpec:
    gpus = snapshot.gpus()
    notes: List[str] = []
    chosen = None
    if opts.gpus is not None:
        known_idx = {g.index for g in gpus}
        for i in opts.gpus:
            if known_idx and i not in known_idx:
                raise InputError(f"--gpus: GPU {i} is not on this host (have {sorted(known_idx)})")
        chosen = sorted(set(opts.gpus))
    selected = [g for g in gpus if chosen is None or g.index in chosen]
    cpus: List[int] = []
    mems: List[int] = []
    for g in selected:
        if isinstance(g.cpu_affinity, str):
            try:
                cpus += _cpus_of(V.cpulist(g.cpu_affinity))
            except V.Rejected:
                notes.append(f"GPU {g.index}: CPU affinity rejected, no --cpuset-cpus")
                cpus = []
                break
        else:
            cpus = []
            break
    for g in selected:
        if isinstance(g.numa_node, int) and g.numa_node >= 0:
            mems.append(g.numa_node)
        else:
            mems = []
            break
    if not selected:
        cpus, mems = [], []
    cm = snapshot.cpu_memory if isinstance(snapshot.cpu_memory, CpuMemory) else None
    memory = None
    if opts.memory:
        memory = _size(opts.memory, "--memory")
    elif cm and isinstance(cm.mem_total_bytes, int) and cm.mem_total_bytes > 0:
        share = len(selected) / len(gpus) if gpus and selected else 1.0
        memory = f"{max(int(cm.mem_total_bytes * share * 0.9) // GIB, 1)}g"
        notes.append(f"--memory {memory}: 90% of host RAM times the share of GPUs used")
    shm = None
    if opts.shm_size:
        shm = _size(opts.shm_size, "--shm-size")
    elif not opts.ipc_host:
        fake = Host(**{**host.__dict__, "gpu_count": max(len(selected), 1)})
        shm_bytes = max(recommended_shm_bytes(fake), 2 * GIB * max(len(selected), 1))
        shm = f"{shm_bytes // GIB}g"
        notes.append(f"--shm-size {shm}: 2 GiB per GPU for DataLoader workers and NCCL")
    mounts: List[Tuple[str, str]] = []
    sources = list(opts.data)
    storage = snapshot.storage if isinstance(snapshot.storage, Storage) else None
    if not sources and storage and getattr(storage.data_dir, "path", None):
        sources.append(storage.data_dir.path)
    used = set()
    for src in sources:
        try:
            src = V.path(src, absolute=True)
        except V.Rejected as exc:
            raise InputError(f"data mount: {exc}") from None
        if "," in src or "=" in src:
            raise InputError(f"data mount {src!r}: ',' and '=' are not allowed in mount paths")
        name = re.sub(r"[^A-Za-z0-9._-]", "_", os.path.basename(src.rstrip("/")) or "data")
        dst = f"/data/{name}"
        while dst in used:
            dst += "_"
        used.add(dst)
        mounts.append((src, dst))
    return RunSpec(
        gpus=chosen,
        cpuset_cpus=_cpulist(cpus) if cpus else None,
        cpuset_mems=",".join(str(m) for m in sorted(set(mems))) if mems else None,
        memory=memory,
        shm_size=shm,
        ipc_host=opts.ipc_host,
        mounts=mounts,
        notes=notes,
    )


def _size(value: str, flag: str) -> str:
    try:
        return V.size(value)
    except V.Rejected:
        raise InputError(f"{flag}: {value!r} is not a size like 16g or 512m") from None


# ------------------------------------------------------------------------------------------
# Rendering


def render_dockerfile(
    base: BaseChoice,
    labels: Dict[str, str],
    airgapped: bool,
    envcheck_wheel: str,
) -> str:
    build = "/tmp/envcheck-build"
    pip = "/opt/venv/bin/pip install --no-cache-dir"
    if airgapped:
        pip += f" --no-index --find-links {build}/wheels"
    lines = [
        f"# Generated by envcheck {label_value(__version__)} fix --docker.",
        f"# Base image: {V.safe_text(base.reason, 300)}.",
        "# nvidia/cuda tags: https://gitlab.com/nvidia/container-images/cuda/blob/master/doc/"
        "supported-tags.md",
        "# Build: docker build -t IMAGE .   Run: ./run.sh (flags for this host).",
        f"ARG BASE_IMAGE={base.image}",
        "FROM ${BASE_IMAGE}",
        "",
    ]
    label_lines = [f'{k}="{v}"' for k, v in labels.items()]
    lines.append("LABEL " + " \\\n      ".join(label_lines))
    lines += [
        "",
        "ENV PYTHONDONTWRITEBYTECODE=1 \\",
        "    PYTHONUNBUFFERED=1 \\",
        "    PIP_DISABLE_PIP_VERSION_CHECK=1 \\",
        "    VIRTUAL_ENV=/opt/venv \\",
        "    PATH=/opt/venv/bin:$PATH",
        "",
    ]
    if base.installs_python:
        lines += [
            "# The CUDA base has no Python: use the distribution's (its version decides the pins).",
            "# hadolint ignore=DL3008",
            "RUN apt-get update \\",
            "    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "
            "python3 python3-venv \\",
            "    && rm -rf /var/lib/apt/lists/*",
            "",
        ]
    lines += [f"COPY requirements.txt {build}/requirements.txt"]
    lines += [f"COPY envcheck-wheel/ {build}/envcheck-wheel/"]
    if airgapped:
        lines += [f"COPY wheels/ {build}/wheels/"]
    lines += [
        "RUN python3 -m venv /opt/venv \\",
        f"    && {pip} -r {build}/requirements.txt {build}/envcheck-wheel/{envcheck_wheel} \\",
        f"    && rm -rf {build} \\",
        f"    && useradd --no-log-init --create-home --uid {CONTAINER_UID} --user-group "
        f"{CONTAINER_USER}",
        "",
        f"USER {CONTAINER_UID}:{CONTAINER_UID}",
        f"WORKDIR /home/{CONTAINER_USER}",
        "",
        "# envcheck judges the node from inside the container: driver, GPUs, libraries, shm.",
        "HEALTHCHECK --interval=10m --timeout=60s --start-period=30s --retries=1 \\",
        '    CMD ["envcheck", "verify"]',
        'CMD ["python3"]',
        "",
    ]
    return "\n".join(lines)


def render_run_sh(spec: RunSpec, tag: str) -> str:
    args = spec.docker_args()
    lines = [
        "#!/usr/bin/env bash",
        "# docker run flags for this host, written by envcheck fix --docker.",
        "# Usage: ./run.sh [COMMAND...]   (IMAGE=... to use another tag)",
        "set -euo pipefail",
        f"IMAGE=${{IMAGE:-{shlex.quote(tag)}}}",
        "exec docker run --rm \\",
    ]
    for i in range(0, len(args), 2):
        pair = args[i : i + 2]
        lines.append("  " + " ".join(shlex.quote(a) for a in pair) + " \\")
    lines.append('  "$IMAGE" "$@"')
    for note in spec.notes:
        lines.append(f"# {V.safe_text(note, 300)}")
    return "\n".join(lines) + "\n"


def _y(value: Any) -> str:
    """A YAML scalar: JSON strings and numbers are valid YAML."""
    return json.dumps(value)


def render_compose(spec: RunSpec, tag: str) -> str:
    lines = [
        "# docker compose file for this host, written by envcheck fix --docker.",
        "services:",
        "  train:",
        "    build: .",
        f"    image: {_y(tag)}",
    ]
    if spec.cpuset_cpus:
        lines.append(f"    cpuset: {_y(spec.cpuset_cpus)}")
    if spec.cpuset_mems:
        lines.append(
            f"    # cpuset-mems {spec.cpuset_mems}: compose has no key for it; run.sh sets it"
        )
    if spec.memory:
        lines.append(f"    mem_limit: {_y(spec.memory)}")
    if spec.ipc_host:
        lines.append('    ipc: "host"')
    elif spec.shm_size:
        lines.append(f"    shm_size: {_y(spec.shm_size)}")
    lines += [
        "    ulimits:",
        "      memlock: -1",
        "      stack: 67108864",
    ]
    if spec.mounts:
        lines.append("    volumes:")
        for src, dst in spec.mounts:
            lines += [
                "      - type: bind",
                f"        source: {_y(src)}",
                f"        target: {_y(dst)}",
                "        read_only: true",
            ]
    lines += [
        "    deploy:",
        "      resources:",
        "        reservations:",
        "          devices:",
        '            - driver: "nvidia"',
    ]
    if spec.gpus is None:
        lines.append('              count: "all"')
    else:
        lines.append(f"              device_ids: {_y([str(g) for g in spec.gpus])}")
    lines.append('              capabilities: ["gpu"]')
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------


def write_context(snapshot: Snapshot, matrix: Any, opts: DockerOptions) -> Context:
    """Write the build context into ``opts.output``; returns what was written."""
    host = host_facts(snapshot, matrix)
    out = Path(V.path(opts.output))
    user_pins = read_requirements(opts.requirements) if opts.requirements else []
    wheels: List[Path] = []
    if opts.wheelhouse:
        wh = Path(V.path(opts.wheelhouse))
        if not wh.is_dir():
            raise InputError(f"--wheelhouse {opts.wheelhouse}: not a directory")
        wheels = sorted(p for p in wh.iterdir() if p.suffix == ".whl" and p.is_file())
        if not wheels:
            raise InputError(f"--wheelhouse {opts.wheelhouse}: no .whl files in it")
    # The base decides the Python, which decides the pins.
    preliminary = choose_base(host, matrix, opts, None)
    pins, index, cuda, notes = framework_pins(host, matrix, preliminary.python, opts)
    base = choose_base(host, matrix, opts, cuda) if opts.cuda_base else preliminary
    pins, merge_notes = _merge_pins(pins + envcheck_runtime_pins(), user_pins)
    notes += merge_notes
    spec = run_spec(snapshot, host, opts)
    notes += spec.notes
    labels = host_labels(snapshot, host, [p for p in pins if not p.startswith("envcheck")])
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"cannot create {out}: {exc}") from None
    wheel_dir = out / "envcheck-wheel"
    if wheel_dir.exists():
        shutil.rmtree(wheel_dir)
    wheel = write_envcheck_wheel(wheel_dir)
    if (out / "wheels").exists():
        shutil.rmtree(out / "wheels")
    if wheels:
        (out / "wheels").mkdir()
        for w in wheels:
            shutil.copy2(w, out / "wheels" / w.name)
    req = ["# exact pins: the framework stack from envcheck's matrix, then --requirements"]
    if index and not wheels:
        req.append(f"--extra-index-url {index}")
    req += pins
    files = {
        "Dockerfile": render_dockerfile(base, labels, bool(wheels), wheel.name),
        "requirements.txt": "\n".join(req) + "\n",
        "run.sh": render_run_sh(spec, opts.tag),
        "compose.yaml": render_compose(spec, opts.tag),
        ".dockerignore": "*\n!Dockerfile\n!requirements.txt\n!envcheck-wheel/\n!wheels/\n",
    }
    for name, content in files.items():
        (out / name).write_text(content, encoding="utf-8")
    os.chmod(out / "run.sh", 0o755)
    return Context(
        path=out,
        base=base,
        pins=pins,
        run_args=spec.docker_args(),
        labels=labels,
        notes=notes,
        files=sorted([*files, f"envcheck-wheel/{wheel.name}"]),
    )


def docker_client(timeout: float = 10.0) -> Any:
    """A Docker SDK client that answered a ping, or EngineUnavailable."""
    try:
        import docker  # lazy: heavy import, only for --build
    except ImportError as exc:  # pragma: no cover - docker is a dependency
        raise EngineUnavailable(f"the Docker SDK is not installed ({exc})") from None
    try:
        client = docker.from_env(timeout=int(timeout))
        client.ping()
    except Exception as exc:
        host = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock")
        first = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise EngineUnavailable(f"no Docker engine reachable at {host}: {first}") from None
    return client


def build_image(
    context: Path,
    tag: str,
    progress: Callable[[str], None],
    buildargs: Optional[Dict[str, str]] = None,
    client: Any = None,
) -> str:
    """Build ``context`` with the Docker SDK, streaming the log lines to ``progress``.

    Returns the image id. No engine -> EngineUnavailable (the context stays as written).
    """
    client = client or docker_client()
    image_id = ""
    try:
        stream = client.api.build(
            path=str(context), tag=tag, rm=True, forcerm=True, decode=True, buildargs=buildargs
        )
        for chunk in stream:
            if "stream" in chunk:
                text = chunk["stream"]
                for line in text.splitlines():
                    if line.strip():
                        progress(line)
            if "aux" in chunk and isinstance(chunk["aux"], dict):
                image_id = chunk["aux"].get("ID", image_id)
            if "error" in chunk:
                raise BuildFailed(f"docker build failed: {str(chunk['error']).strip()}")
    except EnvcheckError:
        raise
    except Exception as exc:
        raise BuildFailed(f"docker build failed: {type(exc).__name__}: {exc}") from None
    if not image_id:
        try:
            image_id = client.images.get(tag).id
        except Exception:
            image_id = ""
    return image_id
