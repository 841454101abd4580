"""The vocabulary of a fix plan: actions, the plan, pip commands, docs links, ordering.

Each action says what it does, the exact commands (argument lists, never shell strings),
which findings it resolves, whether it needs root / a reboot / a driver reload, its risk, and
its scope:

- ``python-env``: pip in the current interpreter, no root (the only scope ``--apply`` runs);
- ``system``: host changes that need root (driver, kernel modules, limits, mounts);
- ``container``: flags for ``docker run`` / compose;
- ``manual``: no safe automatic fix; a docs link explains what to do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence

from envcheck.findings import Finding
from envcheck.fix import validate as V

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
    "cuda-gpus": "https://developer.nvidia.com/cuda-gpus",
    "wsl": "https://docs.nvidia.com/cuda/wsl-user-guide/index.html",
    "slurm-gres": "https://slurm.schedmd.com/gres.html",
    "colab": "https://research.google.com/colaboratory/faq.html",
    "cuda-env-vars": "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#env-vars",
    "torch-distributed": "https://pytorch.org/docs/stable/distributed.html",
    "torch-data": "https://pytorch.org/docs/stable/data.html",
    "slurm-sbatch": "https://slurm.schedmd.com/sbatch.html",
    # (read 2026-12-07) the CUDA execution provider's install and requirements
    "onnxruntime-cuda": "https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider",
    # (read 2026-12-07) CuPy's install guide: one wheel per CUDA major (cupy-cuda12x, ...)
    "cupy-install": "https://docs.cupy.dev/en/stable/install.html",
    # (read 2026-12-07, from its source install/index.rst) DGL's install page: separate CPU and
    # CUDA builds under one package name
    "dgl-install": "https://www.dgl.ai/dgl_docs/install/index.html",
    # (read 2026-12-08) numba-cuda's install page: the cu12 / cu13 extras that bring the CUDA
    # bindings, and the toolkits it supports (11.2 the floor in its CUDA 11 era)
    "numba-cuda-install": "https://nvidia.github.io/numba-cuda/user/installation.html",
    # (read 2026-12-08, the 0.62.0 copy) Numba's install page and its version support table
    # (the NumPy and Python range of each release)
    "numba-install": "https://numba.readthedocs.io/en/stable/user/installing.html",
    # (read 2026-12-08) Kubernetes' local ephemeral storage: limits, requests and eviction
    "k8s-ephemeral-storage": "https://kubernetes.io/docs/concepts/storage/ephemeral-storage/",
    "container-toolkit": (
        "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/"
        "install-guide.html"
    ),
}

# Order of action kinds in a plan (lower first). Stable within a kind.
ORDER = {
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
    "follow-up": 95,  # only if the steps before did not help (e.g. the node's driver)
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
    kind: str = "manual"  # ordering key (see ORDER)

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


def _codes(findings: Iterable[Finding]) -> List[str]:
    out: List[str] = []
    for f in findings:
        if f.code not in out:
            out.append(f.code)
    return out


def _mentions(f: Finding, word: str) -> bool:
    """Whether a finding's title, found text or evidence keys mention ``word`` (lower case)."""
    return word in f"{f.title} {f.found} {' '.join(map(str, f.evidence))}".lower()
