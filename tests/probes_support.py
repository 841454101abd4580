"""Helpers for the probe / inspect tests: run `envcheck inspect` as a real process, write fake
executables, build the fake NVML library."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

FIXTURES = Path(__file__).parent / "fixtures" / "probes"
REPO = Path(__file__).resolve().parent.parent


def base_env(path_dirs: Optional[List[str]] = None) -> Dict[str, str]:
    """A clean environment: no GPU-related variables, PATH without nvcc / nvidia-smi."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("CUDA", "NVIDIA", "NCCL", "ENVCHECK", "FAKE_NVML", "CONDA"))
        and k not in ("LD_LIBRARY_PATH", "PATH", "VIRTUAL_ENV")
    }
    dirs = list(path_dirs or []) + [os.path.dirname(sys.executable), "/usr/bin", "/bin"]
    env["PATH"] = os.pathsep.join(dirs)
    env["PYTHONPATH"] = str(REPO)
    return env


def run_inspect(
    args: List[str], env: Dict[str, str], timeout: float = 60.0
) -> Tuple[subprocess.CompletedProcess, float]:  # type: ignore[type-arg]
    start = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "envcheck", "inspect", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(REPO),
    )
    return proc, time.monotonic() - start


def inspect_json(
    env: Dict[str, str], extra: Optional[List[str]] = None, timeout: float = 60.0
) -> Dict[str, Any]:
    proc, _ = run_inspect(["--json", *(extra or [])], env, timeout=timeout)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout)


def write_exe(directory: Path, name: str, body: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(body)
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def fake_nvidia_smi(
    directory: Path,
    xml: Optional[Path] = None,
    csv: Optional[Path] = None,
    xml_text: Optional[str] = None,
) -> Path:
    """An nvidia-smi that prints captured real outputs: XML for -q -x, CSV for --query-gpu."""
    if xml_text is not None:
        data = directory / "smi-output.xml"
        directory.mkdir(parents=True, exist_ok=True)
        data.write_text(xml_text)
        xml = data
    xml_cmd = f'cat "{xml}"' if xml else "exit 6"
    csv_cmd = f'cat "{csv}"' if csv else "exit 2"
    body = f"""#!/bin/sh
for arg in "$@"; do
  case "$arg" in
    -x) {xml_cmd}; exit 0 ;;
    --query-gpu=*) {csv_cmd}; exit 0 ;;
  esac
done
exit 2
"""
    return write_exe(directory, "nvidia-smi", body)


def unknown(value: Any) -> Optional[str]:
    """The reason of an encoded Unknown fact, else None."""
    if isinstance(value, dict) and set(value) == {"unknown"}:
        return value["unknown"]
    return None


def build_fake_nvml(out_dir: Path) -> Path:
    """Compile tests/fixtures/probes/fake_nvml.c into out_dir; returns the directory."""
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        raise RuntimeError("no C compiler (gcc) to build the fake NVML library")
    out_dir.mkdir(parents=True, exist_ok=True)
    real = out_dir / "libnvidia-ml.so.550.54.15"
    subprocess.run(
        [
            gcc,
            "-shared",
            "-fPIC",
            "-O1",
            "-Wl,-soname,libnvidia-ml.so.1",
            "-o",
            str(real),
            str(FIXTURES / "fake_nvml.c"),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    link = out_dir / "libnvidia-ml.so.1"
    if not link.exists():
        link.symlink_to(real.name)
    return out_dir
