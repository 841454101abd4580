"""The base image: which one (for this driver and Python), and its digest.

A tag floats (``python:3.11-slim-bookworm`` is rebuilt every few weeks), so the Dockerfile
names the base as ``image:tag@sha256:...``. The digest comes from, in order: the reference
itself, ``--base-digest``, the local engine (the image's RepoDigests: the manifest digest it was
pulled or pushed by), the registry (``HEAD /v2/<repo>/manifests/<tag>``, the
Docker-Content-Digest header, anonymous token when asked). When none answers, the Dockerfile
says so in a comment and the output names ``--base-digest``.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any, Optional, Tuple

from envcheck.errors import InputError
from envcheck.fix import validate as V
from envcheck.fix.plan import Host

# nvidia/cuda runtime+cuDNN tags, newest first: (CUDA, tag, Python of the distribution).
# The tag names follow NVIDIA's list of supported tags
# (https://gitlab.com/nvidia/container-images/cuda/blob/master/doc/supported-tags.md); each tag
# below was also seen in public Dockerfiles through the code search, 2026-12-02 (several pin
# it by digest, e.g. nvidia/cuda:13.0.0-cudnn-runtime-ubuntu24.04@sha256:cfa531ca... and
# nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04@sha256:2fcc4280...). Ubuntu 22.04 ships
# Python 3.10, Ubuntu 24.04 Python 3.12 (and, unlike 22.04, a user "ubuntu" with UID 1000).
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
# glibc of the base distributions (decides which manylinux wheels pip may pick for them):
# Debian 12 bookworm 2.36, Ubuntu 22.04 2.35, Ubuntu 24.04 2.39.
GLIBC = {"bookworm": (2, 36), "ubuntu22.04": (2, 35), "ubuntu24.04": (2, 39)}

_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")


@dataclass
class BaseChoice:
    image: str  # the reference as chosen (tag, maybe already @sha256)
    python: Optional[str]  # Python version of the base image's distribution, when known
    installs_python: bool  # the image needs python3 from apt
    reason: str
    digest: Optional[str] = None  # sha256:... of the manifest
    digest_source: str = ""  # where the digest came from, or why there is none
    has_uid_1000: bool = False  # the image already has a user with UID 1000

    @property
    def pinned(self) -> str:
        """``repo:tag@sha256:...`` when the digest is known, else the tag."""
        if self.digest is None or "@" in self.image:
            return self.image
        return f"{self.image}@{self.digest}"

    @property
    def glibc(self) -> Optional[Tuple[int, int]]:
        for key, value in GLIBC.items():
            if key in self.image:
                return value
        return None


def _vt(text: str) -> Tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", text)[:3])


def choose_base(
    host: Host, matrix: Any, base_image: Optional[str], cuda_base: bool, build_cuda: Optional[str]
) -> BaseChoice:
    if base_image:
        try:
            image = V.image(base_image)
        except V.Rejected as exc:
            raise InputError(str(exc)) from None
        return BaseChoice(
            image,
            host.python,
            False,
            f"chosen with --base-image; it must have python3 with venv (pins assume Python "
            f"{host.python or 'unknown'}, like the host)",
        )
    if cuda_base:
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
            return BaseChoice(image, python, True, why, has_uid_1000="ubuntu24.04" in image)
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


def split_reference(image: str) -> Tuple[str, str, str, Optional[str]]:
    """(registry, repository, tag, digest) with Docker Hub's defaults filled in."""
    digest = None
    if "@" in image:
        image, digest = image.split("@", 1)
    first, _, rest = image.partition("/")
    if rest and ("." in first or ":" in first or first == "localhost"):
        registry, path = first, rest
    else:
        registry, path = "registry-1.docker.io", image
    tag = "latest"
    if ":" in path.rsplit("/", 1)[-1]:
        path, tag = path.rsplit(":", 1)
    if registry == "registry-1.docker.io" and "/" not in path:
        path = f"library/{path}"
    return registry, path, tag, digest


def pin_digest(
    base: BaseChoice, given: Optional[str], client: Any, registry: bool = True
) -> BaseChoice:
    """Fill ``base.digest`` (and ``digest_source``) from the reference, the flag, engine or
    registry; leave it None with the reasons when none of them knows it."""
    if "@" in base.image:
        base.digest = base.image.split("@", 1)[1]
        base.digest_source = "given in the image reference"
        return base
    if given:
        if not _DIGEST.match(given):
            raise InputError(f"--base-digest {given!r}: expected sha256: and 64 hex digits")
        base.digest, base.digest_source = given, "--base-digest"
        return base
    tried = []
    found, why = engine_digest(client, base.image)
    if found:
        base.digest, base.digest_source = found, "the local engine (RepoDigests)"
        return base
    tried.append(why)
    found, why = registry_digest(base.image) if registry else (None, "--offline: no registry asked")
    if found:
        base.digest, base.digest_source = found, "the registry (Docker-Content-Digest)"
        return base
    tried.append(why)
    base.digest_source = "; ".join(tried)
    return base


def engine_digest(client: Any, image: str) -> Tuple[Optional[str], str]:
    if client is None:
        return None, "no Docker engine reachable"
    try:
        attrs = client.images.get(image).attrs
    except Exception as exc:
        return None, f"the engine does not have {image} ({type(exc).__name__})"
    registry, path, _, _ = split_reference(image)
    wanted = {path, path.removeprefix("library/"), f"{registry}/{path}"}
    for entry in attrs.get("RepoDigests") or []:
        repo, _, digest = str(entry).partition("@")
        if repo in wanted and _DIGEST.match(digest):
            return digest, ""
    return None, f"the engine's {image} has no registry digest (built or imported locally)"


def registry_digest(image: str, timeout: float = 4.0) -> Tuple[Optional[str], str]:
    registry, path, tag, _ = split_reference(image)
    local = registry.split(":")[0] in ("localhost", "127.0.0.1")
    scheme = "http" if local else "https"
    url = f"{scheme}://{registry}/v2/{path}/manifests/{urllib.parse.quote(tag)}"
    accept = ", ".join(
        [
            "application/vnd.oci.image.index.v1+json",
            "application/vnd.docker.distribution.manifest.list.v2+json",
            "application/vnd.docker.distribution.manifest.v2+json",
            "application/vnd.oci.image.manifest.v1+json",
        ]
    )
    headers = {"Accept": accept}
    for _ in range(2):
        request = urllib.request.Request(url, method="HEAD", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
                digest = response.headers.get("Docker-Content-Digest", "")
                if _DIGEST.match(digest):
                    return digest, ""
                return None, f"{registry} sent no Docker-Content-Digest for {path}:{tag}"
        except urllib.error.HTTPError as exc:
            challenge = exc.headers.get("WWW-Authenticate", "") if exc.headers else ""
            if (
                exc.code == 401
                and challenge.lower().startswith("bearer")
                and "Authorization" not in headers
            ):
                token = _anonymous_token(challenge, timeout)
                if token:
                    headers["Authorization"] = f"Bearer {token}"
                    continue
            return None, f"{registry} answered HTTP {exc.code} for {path}:{tag}"
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "reason", exc)
            return None, f"registry {registry} not reachable ({V.safe_text(str(reason), 80)})"
    return None, f"{registry} refused an anonymous token for {path}"


def _anonymous_token(challenge: str, timeout: float) -> Optional[str]:
    fields = dict(re.findall(r'(\w+)="([^"]*)"', challenge))
    realm = fields.pop("realm", None)
    if not realm or not realm.startswith(("https://", "http://127.0.0.1", "http://localhost")):
        return None
    try:
        with urllib.request.urlopen(  # noqa: S310
            f"{realm}?{urllib.parse.urlencode(fields)}", timeout=timeout
        ) as response:
            body = json.loads(response.read(65536).decode("utf-8", "replace"))
    except (OSError, ValueError):
        return None
    token = body.get("token") or body.get("access_token")
    return token if isinstance(token, str) else None
