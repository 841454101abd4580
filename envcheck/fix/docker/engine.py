"""The Docker engine, through the SDK (imported lazily: it is heavy and only --build needs it).

A failed build says what failed in words a user can act on: the base image that could not be
pulled (and ``--base-image`` / ``--wheelhouse``), or pip inside the build (``--wheelhouse``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

from envcheck.errors import EnvcheckError
from envcheck.fix import validate as V
from envcheck.fix.docker.options import BuildFailed, EngineUnavailable

_PULL_FAILED = re.compile(
    r"pull access denied|manifest unknown|not found: manifest|no such host|dial tcp|"
    r"failed to resolve|repository does not exist|toomanyrequests|no such image|"
    r"i/o timeout|connection refused|TLS handshake",
    re.IGNORECASE,
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


def optional_client(timeout: float = 3.0) -> Any:
    """A client when an engine answers, else None (for digest look-ups, never required)."""
    try:
        return docker_client(timeout)
    except EngineUnavailable:
        return None


def explain_failure(error: str, base_image: Optional[str], log: List[str]) -> str:
    """One line that says what failed and which flags help."""
    text = V.safe_text(error.strip().replace("\n", " "), 300) or "unknown error"
    step = next((ln for ln in reversed(log) if ln.startswith("Step ")), "")
    if base_image and (_PULL_FAILED.search(text) and ("FROM" in step or not step)):
        return (
            f"docker build could not pull the base image {base_image}: {text}; pass "
            "--base-image IMAGE (one the engine has: docker images), and --wheelhouse DIR "
            "for a build that needs no network"
        )
    if "pip" in step or "pip" in text:
        return (
            f"pip failed inside the build ({text}); a build without a reachable index needs "
            "--wheelhouse DIR with every wheel of the lock (and --base-image IMAGE when the "
            "base must come from the local engine)"
        )
    return f"docker build failed: {text}"


def build_image(
    context: Path,
    tag: str,
    progress: Callable[[str], None],
    buildargs: Optional[Dict[str, str]] = None,
    client: Any = None,
    base_image: Optional[str] = None,
) -> str:
    """Build ``context`` with the Docker SDK, streaming the log lines to ``progress``.

    Returns the image id. No engine -> EngineUnavailable (the context stays as written).
    """
    client = client or docker_client()
    image_id = ""
    log: List[str] = []
    try:
        stream = client.api.build(
            path=str(context), tag=tag, rm=True, forcerm=True, decode=True, buildargs=buildargs
        )
        for chunk in stream:
            if "stream" in chunk:
                text = chunk["stream"]
                for line in text.splitlines():
                    if line.strip():
                        log.append(line)
                        progress(line)
            if "aux" in chunk and isinstance(chunk["aux"], dict):
                image_id = chunk["aux"].get("ID", image_id)
            if "error" in chunk:
                raise BuildFailed(explain_failure(str(chunk["error"]), base_image, log))
    except EnvcheckError:
        raise
    except Exception as exc:
        raise BuildFailed(
            explain_failure(f"{type(exc).__name__}: {exc}", base_image, log)
        ) from None
    if not image_id:
        try:
            image_id = client.images.get(tag).id
        except Exception:
            image_id = ""
    return image_id
