"""`envcheck inspect` on this very machine (no GPU, a real CUDA 13.0 toolkit under /usr/local)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Dict

import pytest
from probes_support import REPO, base_env, inspect_json, run_inspect, unknown

from envcheck.snapshot import Snapshot

HAS_CUDA_13 = os.path.isdir("/usr/local/cuda-13.0")
SECTIONS = ("driver", "kernel", "cuda", "packages", "python", "os", "cpu_memory", "env")


def host_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO)
    for key in ("ENVCHECK_SYSROOT", "LD_LIBRARY_PATH", "FAKE_NVML_INIT_ERROR"):
        env.pop(key, None)
    return env


@pytest.mark.skipif(not HAS_CUDA_13, reason="needs the CUDA 13.0 toolkit of the dev machine")
def test_this_machine_json() -> None:
    data = inspect_json(host_env())
    snap = Snapshot.from_dict(data)  # the output is a valid snapshot
    assert snap.origin == "live"
    toolkits = data["cuda"]["toolkits"]
    tk = next(t for t in toolkits if t["path"] == "/usr/local/cuda-13.0")
    assert tk["version"] == "13.0"
    assert tk["version_source"] == "dist-info"
    assert data["cuda"]["usr_local_cuda_target"] == "/usr/local/cuda-13.0"
    cudart = [lib for lib in data["cuda"]["libraries"] if lib["name"] == "libcudart"]
    assert cudart and cudart[0]["version"] == "13"
    assert cudart[0]["path"].startswith("/usr/local/cuda-13.0/")
    assert data["driver"]["status"] == "library-not-found"
    assert unknown(data["driver"]["gpus"])
    for section in SECTIONS:  # every section filled or unknown with a reason
        value = data[section]
        assert value is not None, section
        assert not isinstance(value, dict) or "unknown" not in value or value["unknown"]
    assert set(data["probe_timings_ms"]) >= set(SECTIONS)
    assert data["storage"] is None  # opt-in


def test_collect_in_process_round_trips() -> None:
    from envcheck.probes import collect

    snap = collect(timeout=5.0)
    assert Snapshot.from_json(snap.to_json()) == snap
    assert snap.python.version and snap.cuda is not None


def test_text_output_groups() -> None:
    proc, _ = run_inspect([], host_env())
    assert proc.returncode == 0, proc.stderr
    for title in (
        "Driver & GPUs",
        "Kernel module",
        "CUDA toolkits & libraries",
        "cuDNN / NCCL",
        "Frameworks",
        "Python",
        "OS & container",
        "CPU & memory",
        "Storage",
        "Environment",
    ):
        assert f"\n{title}\n" in proc.stdout, title
    assert "unknown: " in proc.stdout  # the driver facts on this GPU-less machine
    assert proc.stderr == ""


def test_output_file_and_unwritable(tmp_path: Path) -> None:
    out = tmp_path / "node.json"
    proc, _ = run_inspect(["--json", "--output", str(out)], host_env())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""
    assert Snapshot.load(str(out)).origin == "live"
    bad = tmp_path / "missing-dir" / "x.json"
    proc, _ = run_inspect(["--output", str(bad)], host_env())
    assert proc.returncode == 2
    assert proc.stderr.startswith("envcheck: error: cannot write")
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_bad_timeout_is_usage_error() -> None:
    proc, _ = run_inspect(["--timeout", "0"], host_env())
    assert proc.returncode == 2
    assert "--timeout" in proc.stderr


def test_help_has_an_example() -> None:
    proc, _ = run_inspect(["--help"], host_env())
    assert proc.returncode == 0
    assert "envcheck inspect --json --output node.json" in proc.stdout


def test_inspect_path_does_not_import_heavy_modules() -> None:
    code = (
        "import sys\n"
        "from envcheck.cli import main\n"
        "try:\n"
        "    main(['inspect', '--json'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted(m for m in ('docker', 'requests', 'rich', 'torch', 'numpy') "
        "if m in sys.modules)\n"
        "sys.stderr.write('HEAVY=' + ','.join(heavy) + '\\n')\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], env=host_env(), capture_output=True, text=True, timeout=60
    )
    assert "HEAVY=\n" in proc.stderr, proc.stderr
    json.loads(proc.stdout)


def test_wall_time_is_bounded() -> None:
    """A generous bound only (the measured figure is in the report): well under the timeout."""
    proc, elapsed = run_inspect(["--json"], host_env())
    assert proc.returncode == 0
    assert elapsed < 10.0


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="torch not installed")
def test_deep_reads_torch_in_a_subprocess() -> None:
    data = inspect_json(host_env(), ["--deep", "--timeout", "120"], timeout=180)
    torch_version = data["packages"]["installed"]["torch"]
    (fw,) = [f for f in data["packages"]["deep"] if f["name"] == "torch"]
    assert fw["available"] is False  # no GPU here
    if torch_version.endswith("+cpu"):
        assert fw["cuda_version"] is None
    assert isinstance(fw["arch_list"], list)


def _env_with_fake_torch(tmp_path: Path, init_py: str) -> Dict[str, str]:
    """An environment whose 'torch' 2.5.1+cu121 is this __init__.py (installed metadata too)."""
    site = tmp_path / "site"
    (site / "torch").mkdir(parents=True)
    (site / "torch" / "__init__.py").write_text(init_py)
    dist = site / "torch-2.5.1+cu121.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1+cu121\n")
    env = base_env()
    env["PYTHONPATH"] = f"{site}{os.pathsep}{REPO}"
    return env


def test_deep_waits_for_a_slow_framework_import_past_a_short_timeout(tmp_path: Path) -> None:
    """--deep gives the probes at least 30 s: a 'torch' that takes 2 s to import is read under
    --timeout 1 (a CUDA torch took 4.8 s on a real H200, at the edge of the default 5 s)."""
    env = _env_with_fake_torch(
        tmp_path,
        "import time\ntime.sleep(2)\n__version__ = '2.5.1+cu121'\n"
        "class version:\n    cuda = '12.1'\n"
        "class cuda:\n    @staticmethod\n    def is_available():\n        return False\n",
    )
    data = inspect_json(env, ["--deep", "--timeout", "1"], timeout=90)
    (fw,) = [f for f in data["packages"]["deep"] if f["name"] == "torch"]
    assert fw["cuda_version"] == "12.1", fw  # not "importing torch took over 1.0 s"


def test_deep_with_a_broken_framework(tmp_path: Path) -> None:
    """A 'torch' whose import fails: the deep facts say why, nothing crashes."""
    env = _env_with_fake_torch(tmp_path, "raise ImportError('libcudnn.so.9: cannot open')\n")
    data = inspect_json(env, ["--deep", "--timeout", "30"], timeout=90)
    assert data["packages"]["installed"]["torch"] == "2.5.1+cu121"
    (fw,) = [f for f in data["packages"]["deep"] if f["name"] == "torch"]
    assert "libcudnn.so.9" in unknown(fw["detail"])
