"""Helpers for the Docker tests: the private engine, and wheelhouses made from installed dists.

No registry or package index is reachable from the CI builds, so the air-gapped builds install
from a wheelhouse made here: each wheel is re-packed from a distribution installed in the
test environment (its files as listed in RECORD, the dist-info as is, RECORD rewritten with
fresh hashes). Those are the very files pip installed, so the wheels are real.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata as md
import os
import re
import zipfile
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ENGINE_DIR = Path(os.environ.get("ENVCHECK_DOCKER_DIR", "/tmp/envcheck-docker"))


def engine() -> Tuple[Optional[object], str]:
    """(Docker SDK client, "") when the engine from .ci/docker-up.sh (or DOCKER_HOST) answers,
    else (None, reason)."""
    host = os.environ.get("DOCKER_HOST")
    if not host and (ENGINE_DIR / "host").is_file():
        host = (ENGINE_DIR / "host").read_text().strip()
    if not host:
        return (
            None,
            f"no Docker engine: DOCKER_HOST unset and no {ENGINE_DIR}/host (.ci/docker-up.sh)",
        )
    try:
        import docker

        client = docker.DockerClient(base_url=host, timeout=120)
        client.ping()
    except Exception as exc:  # the reason is the skip message
        return None, f"no Docker engine answering at {host}: {exc}"
    return client, ""


def base_image(client: object) -> Tuple[Optional[str], str]:
    name = os.environ.get("ENVCHECK_TEST_BASE_IMAGE")
    if not name and (ENGINE_DIR / "base-image").is_file():
        name = (ENGINE_DIR / "base-image").read_text().strip()
    if not name:
        return None, "no local base image (run .ci/docker-up.sh)"
    try:
        client.images.get(name)  # type: ignore[attr-defined]
    except Exception as exc:
        return None, f"base image {name} not in the engine: {exc}"
    return name, ""


def docker_host_url() -> Optional[str]:
    host = os.environ.get("DOCKER_HOST")
    if not host and (ENGINE_DIR / "host").is_file():
        host = (ENGINE_DIR / "host").read_text().strip()
    return host


# --- wheelhouse from installed distributions ----------------------------------------------


def runtime_closure(name: str, extras: Iterable[str] = ()) -> List[md.Distribution]:
    """The installed distributions ``name`` needs at run time (markers evaluated here)."""
    env = default_environment()
    seen: Dict[str, md.Distribution] = {}
    todo = [(name, tuple(extras))]
    while todo:
        current, wanted = todo.pop()
        key = canonicalize_name(current)
        if key in seen:
            continue
        dist = md.distribution(current)
        seen[key] = dist
        for raw in dist.requires or []:
            req = Requirement(raw)
            if req.marker is not None:
                ok = any(req.marker.evaluate({**env, "extra": e}) for e in wanted) or (
                    req.marker.evaluate({**env, "extra": ""})
                )
                if not ok:
                    continue
            todo.append((req.name, tuple(req.extras)))
    return list(seen.values())


def _tag(dist: md.Distribution) -> str:
    text = dist.read_text("WHEEL") or ""
    tags = [t.split("-") for t in re.findall(r"^Tag:\s*(\S+)", text, re.M)]
    if not tags:
        return "py3-none-any"
    # compressed tag set (PEP 425): py2-none-any + py3-none-any -> py2.py3-none-any
    parts = [sorted({t[i] for t in tags}, key=[x[i] for x in tags].index) for i in range(3)]
    return "-".join(".".join(p) for p in parts)


def repack(dist: md.Distribution, dest: Path) -> Path:
    """Write ``dist`` (as installed) back into a wheel in ``dest``."""
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"])
    version = dist.version
    files = [f for f in (dist.files or []) if not str(f).startswith("..")]
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / f"{name}-{version}-{_tag(dist)}.whl"
    records = []
    record_name = None
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in files:
            rel = str(f).replace(os.sep, "/")
            if rel.endswith("/RECORD") and ".dist-info/" in rel:
                record_name = rel
                continue
            if "__pycache__" in rel or rel.endswith((".pyc", "/INSTALLER", "/direct_url.json")):
                continue
            path = Path(f.locate())
            if not path.is_file():
                continue
            blob = path.read_bytes()
            zf.writestr(rel, blob)
            digest = base64.urlsafe_b64encode(hashlib.sha256(blob).digest()).rstrip(b"=")
            records.append(f"{rel},sha256={digest.decode()},{len(blob)}")
        if record_name is None:
            raise RuntimeError(f"{name}: no RECORD in its dist-info")
        records.append(f"{record_name},,")
        zf.writestr(record_name, "\n".join(records) + "\n")
    return target


def wheelhouse_for(names: Iterable[str], dest: Path) -> List[Path]:
    """Wheels for ``names`` and everything they need, from this environment."""
    done = set()
    out = []
    for name in names:
        for dist in runtime_closure(name):
            key = canonicalize_name(dist.metadata["Name"])
            if key in done or key == "envcheck":
                continue
            done.add(key)
            out.append(repack(dist, dest))
    return out


def fake_wheel(dest: Path, name: str, version: str, requires: Iterable[str] = ()) -> Path:
    """A tiny real wheel: one module that records its version, plus dist-info."""
    dist_name = re.sub(r"[-_.]+", "_", name)
    module = dist_name.lower()
    dist_info = f"{dist_name}-{version}.dist-info"
    files = {
        f"{module}/__init__.py": f'__version__ = "{version}"\n',
        f"{dist_info}/METADATA": "Metadata-Version: 2.1\n"
        f"Name: {name}\nVersion: {version}\n" + "".join(f"Requires-Dist: {r}\n" for r in requires),
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: envcheck-tests\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / f"{dist_name}-{version}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(target, "w") as zf:
        for rel, text in files.items():
            blob = text.encode()
            zf.writestr(rel, blob)
            digest = base64.urlsafe_b64encode(hashlib.sha256(blob).digest()).rstrip(b"=")
            records.append(f"{rel},sha256={digest.decode()},{len(blob)}")
        records.append(f"{dist_info}/RECORD,,")
        zf.writestr(f"{dist_info}/RECORD", "\n".join(records) + "\n")
    return target
