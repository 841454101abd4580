"""``envcheck fix --docker``: a build context for a training image that runs on *this* host.

``write_context`` writes into the output folder (never over a file it did not write, see
``writer``):

- ``Dockerfile``: the base image pinned by digest (``base``), a build stage that installs the
  hash-locked closure (``lock``) into ``/opt/venv`` and envcheck into its own ``/opt/envcheck``,
  a final stage with only the two environments, a non-root user, OCI labels recording the host
  facts, and ``envcheck verify`` as the HEALTHCHECK (``render``);
- ``requirements.txt`` (+ ``requirements-extra.txt`` for ``--requirements`` when the
  framework comes from its own index) and ``envcheck-requirements.txt``: the locks;
- ``envcheck-wheel/``: a wheel of this envcheck; ``wheels/``: the ``--wheelhouse`` wheels;
- ``run.sh`` and ``compose.yaml``: resource-isolated run flags for this host (``runflags``).

``build_image`` builds the context with the Docker SDK (``engine``), streaming the log.

Modules: options (what was asked), pins (which packages at top level; the framework build is
chosen in one call, ``pins.framework_pins``), base (image and digest), lock (the closure with
hashes), runflags, labels, render, writer, engine.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from envcheck.errors import InputError
from envcheck.fix import validate as V
from envcheck.fix.docker.base import BaseChoice, choose_base, pin_digest
from envcheck.fix.docker.engine import build_image, docker_client, optional_client
from envcheck.fix.docker.labels import host_labels, label_value
from envcheck.fix.docker.lock import PYPI, Lock, resolve
from envcheck.fix.docker.options import (
    DEFAULT_OUTPUT,
    DEFAULT_TAG,
    BuildFailed,
    DockerOptions,
    EngineUnavailable,
)
from envcheck.fix.docker.pins import (
    envcheck_runtime_pins,
    framework_pins,
    merge_pins,
    read_requirements,
)
from envcheck.fix.docker.render import (
    BUILD_DIR,
    InstallStep,
    dockerignore,
    render_compose,
    render_dockerfile,
    render_run_sh,
)
from envcheck.fix.docker.runflags import RunSpec, run_spec
from envcheck.fix.docker.wheel import write_envcheck_wheel
from envcheck.fix.docker.writer import ContextWriter, sha256_file
from envcheck.fix.plan import Host, host_facts
from envcheck.snapshot import OsInfo, Snapshot

__all__ = [
    "DEFAULT_OUTPUT",
    "DEFAULT_TAG",
    "BuildFailed",
    "Context",
    "DockerOptions",
    "EngineUnavailable",
    "build_image",
    "docker_client",
    "label_value",
    "validate_tag",
    "write_context",
    "write_envcheck_wheel",
]

# A docker image reference as `docker build -t` takes it: lower-case repository path,
# optional registry port, optional tag; no digest (a build cannot produce a given digest).
_TAG_RE = re.compile(
    r"^[a-z0-9]+([._-][a-z0-9]+)*(:[0-9]{1,5})?(/[a-z0-9]+([._-][a-z0-9]+)*)*"
    r"(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$"
)
_PLAIN_REL = re.compile(r"^[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*$")


@dataclass
class Context:
    path: Path
    base: BaseChoice
    pins: List[str]
    run_args: List[str]
    labels: Dict[str, str]
    locks: Dict[str, Lock] = field(default_factory=dict)
    notes: List[str] = field(default_factory=list)
    files: List[str] = field(default_factory=list)
    removed: List[str] = field(default_factory=list)


def validate_tag(tag: str) -> str:
    if not isinstance(tag, str) or len(tag) > 255 or not _TAG_RE.match(tag):
        raise InputError(
            f"--tag {V.safe_text(str(tag), 100)!r} is not an image name like train:1 or "
            "registry.example.com/team/train:2024-06 (lower-case name, tag of letters, digits, "
            "'.', '_', '-')"
        )
    return tag


def _path_option(value: str, flag: str) -> Path:
    try:
        return Path(V.path(value))
    except V.Rejected:
        raise InputError(
            f"{flag} {V.safe_text(str(value), 100)!r}: a path without control characters"
        ) from None


def _wheelhouse(opts: DockerOptions, out: Path) -> Tuple[Optional[Path], List[Path], Optional[str]]:
    """(folder, wheels, its path inside the output when it is there already)."""
    if not opts.wheelhouse:
        return None, [], None
    wh = _path_option(opts.wheelhouse, "--wheelhouse")
    if not wh.is_dir():
        raise InputError(f"--wheelhouse {V.safe_text(opts.wheelhouse, 200)}: not a directory")
    try:
        wheels = sorted(p for p in wh.iterdir() if p.suffix == ".whl" and p.is_file())
    except OSError as exc:
        raise InputError(
            f"--wheelhouse {V.safe_text(opts.wheelhouse, 200)}: {exc.strerror}"
        ) from None
    if not wheels:
        raise InputError(f"--wheelhouse {V.safe_text(opts.wheelhouse, 200)}: no .whl files in it")
    inside = None
    try:
        rel = wh.resolve().relative_to(out.resolve()).as_posix()
    except ValueError:
        rel = None
    if rel is not None:
        if not _PLAIN_REL.match(rel) or rel.startswith("."):
            raise InputError(
                f"--wheelhouse {V.safe_text(opts.wheelhouse, 200)} is inside --output under a "
                "name the Dockerfile cannot COPY (letters, digits, '.', '_', '-' only)"
            )
        inside = rel
    return wh, wheels, inside


def _arch(snapshot: Snapshot) -> str:
    osi = snapshot.os if isinstance(snapshot.os, OsInfo) else None
    arch = osi.architecture if osi and isinstance(osi.architecture, str) else "x86_64"
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(arch, arch) if arch in (
        "x86_64", "amd64", "aarch64", "arm64"
    ) else "x86_64"  # fmt: skip


def _choose_base_and_pins(
    host: Host, matrix: Any, opts: DockerOptions
) -> Tuple[BaseChoice, List[str], Optional[str], List[str]]:
    """The base decides the Python, which decides the pins, which (with --cuda-base) decide
    the base: repeat until the pins are for the Python of the base actually used."""
    base = choose_base(host, matrix, opts.base_image, opts.cuda_base, None)
    for _ in range(4):
        # The one call that picks the framework build (issue 11 changes how it chooses).
        pins, index, cuda, notes = framework_pins(host, matrix, base.python, opts)
        if not opts.cuda_base:
            return base, pins, index, notes
        again = choose_base(host, matrix, opts.base_image, opts.cuda_base, cuda)
        if again.image == base.image:
            return base, pins, index, notes
        base = again
    raise InputError("--cuda-base: the base image and the framework build do not settle")


def _locks(
    train: List[str],
    extra: List[str],
    ours: List[str],
    *,
    index: Optional[str],
    base: BaseChoice,
    arch: str,
    wheelhouse: Optional[Path],
    online: bool,
) -> Dict[str, Tuple[Lock, List[str]]]:
    """Lock file name -> (lock, pip source arguments inside the build)."""
    common: Dict[str, Any] = {"python": base.python, "arch": arch, "glibc": base.glibc}
    if wheelhouse is not None:
        source = ["--no-index", "--find-links", f"{BUILD_DIR}/wheels"]
        return {
            "requirements.txt": (resolve(train + extra, find_links=[wheelhouse], **common), source),
            "envcheck-requirements.txt": (resolve(ours, find_links=[wheelhouse], **common), source),
        }
    framework_index = index or PYPI
    out: Dict[str, Tuple[Lock, List[str]]] = {}
    split = bool(extra) and framework_index != PYPI
    first = train if split else train + extra
    if online:
        lock = resolve(first, index_url=framework_index, **common)
    else:
        lock = Lock(first, problem="--offline: no index was asked (pass --wheelhouse to lock)")
    out["requirements.txt"] = (lock, ["--index-url", framework_index])
    if split:
        # The framework's own index is the only index for the framework set; the user's pins
        # come from PyPI, held to the versions the framework set already installed.
        held = [f"{p.name}=={p.version}" for p in lock.packages]
        if online:
            user = resolve(extra, index_url=PYPI, constraints=held, **common)
        else:
            user = Lock(extra, problem="--offline: no index was asked")
        out["requirements-extra.txt"] = (user, ["--index-url", PYPI])
    ours_lock = (
        resolve(ours, index_url=PYPI, **common)
        if online
        else Lock(ours, problem="--offline: no index was asked")
    )
    out["envcheck-requirements.txt"] = (ours_lock, ["--index-url", PYPI])
    return out


def write_context(snapshot: Snapshot, matrix: Any, opts: DockerOptions) -> Context:
    """Write the build context into ``opts.output``; returns what was written."""
    host = host_facts(snapshot, matrix)
    out = _path_option(opts.output, "--output")
    validate_tag(opts.tag)
    user_pins = read_requirements(opts.requirements) if opts.requirements else []
    wh, wheels, wh_inside = _wheelhouse(opts, out)
    if wh is not None and opts.cuda_base and not opts.base_image:
        raise InputError(
            "--cuda-base with --wheelhouse: the nvidia/cuda images have no Python and an "
            "air-gapped build cannot apt-get it; pass --base-image IMAGE that has python3 "
            "with venv (e.g. one built FROM the nvidia/cuda tag with python3-venv added)"
        )
    base, fw_pins, index, notes = _choose_base_and_pins(host, matrix, opts)
    client = optional_client()
    base = pin_digest(base, opts.base_digest, client, registry=opts.resolve_online)
    if base.digest:
        notes.insert(0, f"base image pinned: {base.pinned} (digest from {base.digest_source})")
    else:
        notes.insert(
            0,
            f"BASE IMAGE NOT PINNED by digest: {base.digest_source}; pass --base-digest "
            "sha256:... to pin it",
        )
    stack, merge_notes = merge_pins(fw_pins, user_pins)
    notes += merge_notes
    fw_names = {_name(p) for p in fw_pins}
    train = [p for p in stack if _name(p) in fw_names]
    extra = [p for p in stack if _name(p) not in fw_names]
    ours = [p for p in envcheck_runtime_pins() if _name(p) != "envcheck"]
    no_gpu = _no_nvidia_gpu(opts.evidence)
    spec = run_spec(snapshot, host, opts, no_gpu)
    notes += spec.notes
    locks = _locks(
        train, extra, ours, index=index, base=base, arch=_arch(snapshot),
        wheelhouse=wh, online=opts.resolve_online,
    )  # fmt: skip
    comments: List[str] = []
    for name, (lock, _) in locks.items():
        if lock.hashed:
            msg = f"{name}: {len(lock.packages)} packages locked with sha256 ({lock.source})"
        else:
            msg = f"{name}: ONLY TOP-LEVEL PINS, no hashes: {lock.problem}"
        notes.append(msg)
        comments.append(msg)
    labels = host_labels(snapshot, host, stack, no_gpu)
    writer = ContextWriter(out, force=opts.force)
    with tempfile.TemporaryDirectory(prefix="envcheck-wheel-") as tmp:
        wheel = write_envcheck_wheel(Path(tmp))
        wheel_rel = f"envcheck-wheel/{wheel.name}"
        writer.add_file(wheel_rel, wheel)
        steps: List[InstallStep] = []
        hash_flags = " --require-hashes --no-deps --only-binary=:all:"
        for name, (lock, source) in locks.items():
            text = lock.render([
                f"written by envcheck fix --docker; install with: pip install "
                f"{' '.join(source)}{hash_flags if lock.hashed else ''} -r {name}",
            ])  # fmt: skip
            if name == "envcheck-requirements.txt":
                if lock.hashed:
                    text += (
                        f"envcheck @ file://{BUILD_DIR}/{wheel_rel} \\\n"
                        f"    --hash=sha256:{sha256_file(wheel)}\n"
                    )
                else:
                    text += f"{BUILD_DIR}/{wheel_rel}\n"
            writer.add_text(name, text)
            step = InstallStep(name, source, lock.hashed)
            if name != "envcheck-requirements.txt":
                steps.append(step)
            else:
                envcheck_step = step
        wheel_dir = None
        if wh is not None:
            wheel_dir = wh_inside or "wheels"
            if wh_inside is None:
                wanted = {p.filename for lock, _ in locks.values() for p in lock.packages}
                all_hashed = all(lock.hashed for lock, _ in locks.values())
                for w in wheels:
                    if not all_hashed or w.name in wanted:
                        writer.add_file(f"wheels/{w.name}", w)
        writer.add_text(
            "Dockerfile",
            render_dockerfile(base, labels, steps, envcheck_step, wheel_dir, comments),
        )
        writer.add_text("run.sh", render_run_sh(spec, opts.tag), mode=0o755)
        writer.add_text("compose.yaml", render_compose(spec, opts.tag))
        copied = [*locks, "Dockerfile", "envcheck-wheel/"] + (
            [f"{wheel_dir}/"] if wheel_dir else []
        )
        writer.add_text(".dockerignore", dockerignore(copied))
        outcome = writer.commit()
    if outcome.kept:
        notes.append(
            "left in place (changed since an earlier run wrote them): " + ", ".join(outcome.kept)
        )
    return Context(
        path=out,
        base=base,
        pins=stack,
        run_args=spec.docker_args(),
        labels=labels,
        locks={k: v[0] for k, v in locks.items()},
        notes=notes,
        files=outcome.written,
        removed=outcome.removed,
    )


def _no_nvidia_gpu(evidence: Any) -> Optional[str]:
    """Why the shared judgment says the host has no NVIDIA GPU, or None (it has, or unknown:
    then run.sh asks for GPUs, as a GPU image needs)."""
    fact = getattr(evidence, "nvidia_gpu", None)
    return str(fact.source) if fact is not None and fact.value is False else None


def _name(pin: str) -> str:
    return re.sub(r"[-_.]+", "-", re.split(r"[\[=@ ]", pin, maxsplit=1)[0]).lower()


__all__ += ["RunSpec"]
