"""What ``fix --docker`` was asked for, and the errors it ends with."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional

from envcheck.errors import EnvcheckError

DEFAULT_OUTPUT = "envcheck-image"
DEFAULT_TAG = "envcheck-train:latest"


class EngineUnavailable(EnvcheckError):
    """No Docker engine answered; the context stays ready to build."""


class BuildFailed(EnvcheckError):
    exit_code = 1


@dataclass
class DockerOptions:
    output: str = DEFAULT_OUTPUT
    base_image: Optional[str] = None
    base_digest: Optional[str] = None
    cuda_base: bool = False
    requirements: Optional[str] = None
    wheelhouse: Optional[str] = None
    gpus: Optional[List[int]] = None
    ipc_host: bool = False
    shm_size: Optional[str] = None
    memory: Optional[str] = None
    data: List[str] = field(default_factory=list)
    tag: str = DEFAULT_TAG
    framework: str = "torch"
    target: Optional[str] = None
    evidence: Any = None  # envcheck.fix.evidence.Evidence: when set, the build is chosen on it
    # Set by the framework choice (envcheck.fix.choose.Choice.kind): whether the image's build
    # runs on the host's driver as it is ("after-driver": only after an upgrade).
    chosen_kind: Optional[str] = None
    force: bool = False
    # Resolve pins against the package indexes (pip --dry-run --report) when reachable.
    resolve_online: bool = True
