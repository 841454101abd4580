"""Helpers for the compat tests: small, clearly fictional data directories and a CLI runner.

The fictional matrix uses made-up CUDA majors 7 and 8 and drivers 7xx/8xx so that no test on
it can be mistaken for a real fact. Real facts are tested against the bundled compat_data/.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

REPO = Path(__file__).resolve().parent.parent
BUNDLED = REPO / "compat_data"
SRC = "https://example.invalid/fictional-test-data"


def _e(checked: str = "2026-01-01", **fields: Any) -> Dict[str, Any]:
    return {**fields, "source": SRC, "checked": checked}


def _doc(kind: str, **sections: Any) -> Dict[str, Any]:
    return {
        "format": "envcheck-compat/1",
        "kind": kind,
        "description": f"fictional {kind} data for tests",
        **sections,
    }


FICTIONAL: Dict[str, Dict[str, Any]] = {
    "cuda": _doc(
        "cuda",
        toolkits=[
            _e(
                version="7.0.0",
                toolkit_version="7.0.130",
                label="CUDA 7.0 GA",
                min_driver={"linux": "700.10", "windows": "701.10"},
            ),
            _e(
                version="7.1.0",
                label="CUDA 7.1 GA",
                min_driver={"linux": "710.20", "windows": "711.20"},
            ),
            _e(
                version="7.1.1",
                label="CUDA 7.1 Update 1",
                min_driver={"linux": "710.30", "windows": "711.30"},
            ),
            _e(
                version="7.2.0",
                label="CUDA 7.2 GA",
                min_driver={"linux": "720.30", "windows": None},
            ),
            _e(
                version="8.0.0",
                label="CUDA 8.0 GA",
                min_driver={"linux": "800.10", "windows": "801.10"},
            ),
            _e(
                "2026-02-03",
                version="8.1.0",
                label="CUDA 8.1 GA",
                min_driver={"linux": "810.05", "windows": "811.05"},
            ),
        ],
        minor_compat=[
            _e(
                major=7,
                min_driver={"linux": "705.50", "windows": "706.50"},
                caveats=["fictional PTX JIT caveat: PTX from a newer toolkit needs its driver"],
            ),
            _e(major=8, min_driver={"linux": "800.10", "windows": None}, caveats=[]),
        ],
        toolkit_archs=[
            _e(cuda=">=7.0,<8.0", sm=["50", "60", "70"]),
            _e(cuda=">=8.0,<9.0", sm=["70", "80", "90"]),
        ],
    ),  # fmt: skip
    "gpus": _doc(
        "gpus",
        gpus=[
            _e(
                name="FakeCorp Widget 100 80GB HBM9",
                aliases=["Widget 100 SXM"],
                compute_capability="9.0",
                architecture="Fictional",
                memory_bandwidth_gbs=9999,
                fp32_tflops=1.5,
                tf32_tflops=None,
                fp16_tflops=3.0,
                bf16_tflops=3.0,
                slowdown_temp_c=91,
            ),
            _e(name="FakeCorp Widget 100 PCIe", compute_capability="9.0"),
            _e(name="FakeCorp Widget 10", compute_capability="8.6"),
            _e(name="Tesla Gizmo G4", aliases=["G4"], compute_capability="7.5"),
        ],
    ),  # fmt: skip
    "cudnn": _doc(
        "cudnn",
        releases=[
            _e(
                version="19.1.0",
                cuda=[
                    {
                        "major": 8,
                        "cuda": ">=8.0,<9",
                        "min_driver": {"linux": "800.10", "windows": None},
                    }
                ],
            )
        ],
    ),  # fmt: skip
    "nccl": _doc("nccl", releases=[_e(version="9.9.1", cuda=[{"major": 8, "cuda": ">=8.0,<9"}])]),
    "glibc": _doc(
        "glibc",
        wheels=[
            _e(package="torch", versions=">=9.0", manylinux="manylinux_9_99", glibc_min="9.99")
        ],
    ),
    "torch": _doc(
        "torch",
        releases=[
            _e(
                version="9.1.0",
                python=">=3.10,<3.13",
                torchvision="0.91.0",
                torchaudio="9.1.0",
                pypi_default="cu81",
                variants=[
                    {
                        "tag": "cu81",
                        "cuda": "8.1",
                        "index_url": "https://example.invalid/whl/cu81",
                        "arch_list": ["sm_80", "sm_90"],
                        "ptx": ["compute_90"],
                        "cudnn": "19.1.0",
                        "nccl": "9.9.1",
                        "platforms": ["linux", "windows"],
                    },
                    {
                        "tag": "cu72",
                        "cuda": "7.2",
                        "index_url": "https://example.invalid/whl/cu72",
                        "arch_list": ["sm_60", "sm_70"],
                        "ptx": [],
                        "platforms": ["linux"],
                    },
                    {
                        "tag": "cpu",
                        "cuda": None,
                        "index_url": "https://example.invalid/whl/cpu",
                        "arch_list": [],
                        "ptx": [],
                        "platforms": ["linux", "windows"],
                    },
                ],
            ),
            _e(
                version="9.0.0",
                python=">=3.9,<3.12",
                torchvision="0.90.0",
                torchaudio="9.0.0",
                pypi_default="cu71",
                variants=[
                    {
                        "tag": "cu71",
                        "cuda": "7.1",
                        "index_url": "https://example.invalid/whl/cu71",
                        "arch_list": ["sm_50", "sm_60", "sm_70", "sm_75"],
                        "ptx": [],
                        "platforms": ["linux", "windows"],
                    },
                ],
            ),
        ],
    ),  # fmt: skip
    "tensorflow": _doc(
        "tensorflow",
        releases=[
            _e(
                version="5.1.0",
                python=">=3.9,<3.12",
                cuda="8.0",
                cudnn="19.1",
                platform="linux",
                pip_extra_cuda=True,
            ),
            _e(
                version="5.0",
                python=">=3.9,<3.12",
                cuda="7.1",
                cudnn="18.0",
                platform="linux",
                pip_extra_cuda=False,
            ),
        ],
        notes=[_e(text="fictional note")],
    ),  # fmt: skip
    "jax": _doc(
        "jax",
        releases=[
            _e(
                jax="0.9.1",
                jaxlib="0.9.1",
                python=">=3.10",
                plugins=[
                    {
                        "name": "jax-cuda8-plugin",
                        "cuda": ">=8.0,<9",
                        "cudnn": ">=19.1,<20",
                        "min_driver_linux": "800.10",
                    }
                ],
            ),
        ],
    ),  # fmt: skip
}


def fictional(kind: str) -> Dict[str, Any]:
    """A deep copy of one fictional document, to modify in a test."""
    return copy.deepcopy(FICTIONAL[kind])


def write_data_dir(path: Path, overrides: Optional[Dict[str, Any]] = None) -> Path:
    """Write the fictional matrix to ``path``; ``overrides`` maps kind -> doc or raw text."""
    path.mkdir(parents=True, exist_ok=True)
    for kind, doc in FICTIONAL.items():
        value = (overrides or {}).get(kind, doc)
        text = value if isinstance(value, str) else json.dumps(value, indent=2)
        (path / f"{kind}.json").write_text(text, encoding="utf-8")
    return path


def tree(path: Path) -> Dict[str, bytes]:
    """Every file under ``path`` with its bytes (to prove that nothing changed)."""
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


def clean_env(tmp: Path, **extra: str) -> Dict[str, str]:
    """An environment whose home and data dirs live under ``tmp`` (never the real home)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ENVCHECK_", "XDG_"))}
    env["HOME"] = str(tmp / "home")
    env["XDG_DATA_HOME"] = str(tmp / "xdg")
    env.update(extra)
    return env


def run_cli(
    args: List[str], env: Dict[str, str], timeout: float = 60
) -> subprocess.CompletedProcess:
    """Run the real ``envcheck`` command (``python -m envcheck``) in a subprocess."""
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
