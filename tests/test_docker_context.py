"""`envcheck fix --docker`: the build context, without an engine (the build is in
test_docker_build.py). Dockerfiles pass hadolint, run.sh passes shellcheck."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fix_support import FIXTURES, hadolint, run_envcheck, shellcheck

ROOT = Path(__file__).resolve().parent.parent


def snap(name: str) -> str:
    return str(FIXTURES / f"{name}.json")


def make(tmp_path: Path, name: str, *args: str):
    """fix --docker --offline (no registry or index asked: fast, and the same on every host)."""
    out = tmp_path / "ctx"
    proc = run_envcheck(
        "fix", "--docker", "--offline", "--snapshot", snap(name), "--output", str(out), *args
    )
    return proc, out


def test_context_for_an_8_gpu_node(tmp_path: Path) -> None:
    proc, out = make(tmp_path, "cpu-only-torch", "--gpus", "4,5", "--data", "/srv/data/imagenet")
    assert proc.returncode == 0, proc.stderr
    for name in ("Dockerfile", "requirements.txt", "run.sh", "compose.yaml", ".dockerignore"):
        assert (out / name).is_file(), name
    assert list((out / "envcheck-wheel").glob("envcheck-*-py3-none-any.whl"))
    dockerfile = (out / "Dockerfile").read_text()
    assert "ARG BASE_IMAGE=python:3.11-slim-bookworm" in dockerfile  # the host's Python
    assert 'io.envcheck.host.driver="550.54.15"' in dockerfile
    assert 'io.envcheck.host.gpus="8x NVIDIA H100 80GB HBM3"' in dockerfile
    assert "USER 1000:1000" in dockerfile
    assert 'CMD ["envcheck", "verify"]' in dockerfile and "HEALTHCHECK" in dockerfile
    # every requirement is an exact pin; the torch build carries its variant; offline, the
    # file says plainly that only the top-level pins are there
    text = (out / "requirements.txt").read_text()
    assert "# ONLY TOP-LEVEL PINS" in text and "ONLY TOP-LEVEL PINS" in proc.stdout
    req = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert all(re.match(r"^[a-z0-9-]+(\[[a-z0-9,-]+\])?==\S+$", r) for r in req), req
    assert re.match(r"^torch==[\d.]+\+cu\d+$", req[0])
    # the CUDA-variant index is THE index of the torch set, never an extra one
    assert re.search(r"--index-url https://download\.pytorch\.org/whl/cu\d+ ", dockerfile)
    assert "extra-index-url" not in dockerfile + text
    # run flags: the two GPUs, their NUMA node's CPUs and memory, shm, ulimits, ro mounts
    run = (out / "run.sh").read_text()
    assert "--gpus '\"device=4,5\"'" in run
    assert "--cpuset-cpus 32-63" in run and "--cpuset-mems 1" in run
    assert "--shm-size 4g" in run and "--memory 115g" in run
    assert "--memory-swap 115g" in run
    assert "--pids-limit 32768" in run
    assert "--ulimit memlock=-1" in run and "--ulimit stack=67108864" in run
    assert "type=bind,source=/srv/data/imagenet,target=/data/imagenet,readonly" in run
    compose_text = (out / "compose.yaml").read_text()
    assert 'cpuset: "32-63"' in compose_text and 'device_ids: ["4", "5"]' in compose_text
    yaml = pytest.importorskip("yaml")  # PyYAML: asked for in the test extra
    compose = yaml.safe_load(compose_text)
    svc = compose["services"]["train"]
    assert svc["cpuset"] == "32-63" and svc["shm_size"] == "4g"
    assert svc["ulimits"] == {"memlock": -1, "stack": 67108864}
    assert svc["volumes"][0]["read_only"] is True
    dev = svc["deploy"]["resources"]["reservations"]["devices"][0]
    assert dev["device_ids"] == ["4", "5"] and dev["capabilities"] == ["gpu"]


@pytest.mark.parametrize(
    "name,args",
    [
        ("cpu-only-torch", []),
        ("healthy-h100", ["--cuda-base", "--ipc-host"]),
        ("malicious", ["--framework", "none"]),
        ("healthy-h100", ["--framework", "jax", "--shm-size", "32g"]),
    ],
)
def test_generated_files_pass_hadolint_and_shellcheck(
    name: str, args: list, tmp_path: Path
) -> None:
    proc, out = make(tmp_path, name, *args)
    assert proc.returncode == 0, proc.stderr
    lint = hadolint(out / "Dockerfile")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    check = shellcheck((out / "run.sh").read_text(), tmp_path)
    assert check.returncode == 0, check.stdout
    try:
        import yaml
    except ImportError:  # PyYAML: asked for in the test extra
        return
    assert "services" in yaml.safe_load((out / "compose.yaml").read_text())


def test_hadolint_catches_a_bad_dockerfile(tmp_path: Path) -> None:
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM debian:latest\nRUN pip install torch\n")
    assert hadolint(bad).returncode != 0


def test_cuda_base_is_within_the_driver(tmp_path: Path) -> None:
    proc, out = make(tmp_path, "healthy-h100", "--cuda-base")
    assert proc.returncode == 0, proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    # driver 550.54.15 runs CUDA up to 12.4 Update 1 (full compatibility)
    assert "ARG BASE_IMAGE=nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04" in dockerfile
    assert "apt-get install -y --no-install-recommends python3 python3-venv" in dockerfile
    # Ubuntu 22.04's Python is 3.10: the pins are for it (torch 2.5.1 has cp310 wheels)
    assert "--ipc" not in (out / "run.sh").read_text()


def test_cuda_base_on_a_driver_too_old_for_every_tag(tmp_path: Path) -> None:
    proc, _ = make(tmp_path, "ancient-driver-t4", "--cuda-base", "--framework", "none")
    assert proc.returncode == 2
    assert "no nvidia/cuda base image" in proc.stderr and "--base-image" in proc.stderr


def test_malicious_snapshot_context_is_inert(tmp_path: Path) -> None:
    proc, out = make(tmp_path, "malicious", "--framework", "none")
    assert proc.returncode == 0, proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    for line in dockerfile.splitlines():
        if line.strip().startswith(("io.", "org.", "LABEL")):
            value = line.split("=", 1)[1]
            inner = value.strip().rstrip("\\").strip()
            assert inner.startswith('"') and inner.endswith('"')
            assert '"' not in inner[1:-1] and "$" not in inner and "`" not in inner
    code = [ln for ln in (out / "run.sh").read_text().splitlines() if not ln.startswith("#")]
    assert not any("pwned" in ln for ln in code)
    assert not any("--cpuset-cpus" in ln for ln in code)  # the affinity was rejected
    assert "CPU affinity rejected" in proc.stdout


def test_requirements_must_be_exact_pins(tmp_path: Path) -> None:
    req = tmp_path / "req.txt"
    req.write_text("# mine\nnumpy==1.26.4\nscipy>=1.10\n")
    proc, _ = make(tmp_path, "healthy-h100", "--requirements", str(req))
    assert proc.returncode == 2
    assert "req.txt:3" in proc.stderr and "exact 'name==version' pin" in proc.stderr


def test_user_requirements_are_pinned_in(tmp_path: Path) -> None:
    req = tmp_path / "req.txt"
    req.write_text("numpy==1.26.4  # arrays\ntransformers==4.46.3\n")
    proc, out = make(tmp_path, "healthy-h100", "--requirements", str(req))
    assert proc.returncode == 0, proc.stderr
    # from PyPI, in their own lock: the torch index serves only the torch set
    text = (out / "requirements-extra.txt").read_text()
    assert "numpy==1.26.4\n" in text and "transformers==4.46.3\n" in text
    assert "numpy" not in (out / "requirements.txt").read_text()
    dockerfile = (out / "Dockerfile").read_text()
    assert "--index-url https://pypi.org/simple -r /tmp/envcheck-build/requirements-extra.txt" in (
        dockerfile
    )


def test_wheelhouse_makes_an_airgapped_build(tmp_path: Path) -> None:
    wh = tmp_path / "wh"
    wh.mkdir()
    (wh / "packaging-24.0-py3-none-any.whl").write_bytes(b"PK")
    proc, out = make(tmp_path, "healthy-h100", "--framework", "none", "--wheelhouse", str(wh))
    assert proc.returncode == 0, proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    assert "--no-index --find-links /tmp/envcheck-build/wheels" in dockerfile
    assert (out / "wheels" / "packaging-24.0-py3-none-any.whl").is_file()
    assert "index-url" not in (out / "requirements.txt").read_text()


def test_bad_wheelhouse_and_gpus(tmp_path: Path) -> None:
    proc, _ = make(tmp_path, "healthy-h100", "--wheelhouse", str(tmp_path / "nope"))
    assert proc.returncode == 2 and "not a directory" in proc.stderr
    proc, _ = make(tmp_path, "healthy-h100", "--gpus", "9")
    assert proc.returncode == 2 and "GPU 9 is not on this host" in proc.stderr
    proc, _ = make(tmp_path, "healthy-h100", "--gpus", "0;1")
    assert proc.returncode == 2


def test_build_without_an_engine_leaves_the_context(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    proc = run_envcheck(
        "fix",
        "--docker",
        "--build",
        "--snapshot",
        snap("healthy-h100"),
        "--output",
        str(out),
        env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "no Docker engine reachable" in proc.stderr
    assert "is ready: build it later with docker build" in proc.stderr
    assert (out / "Dockerfile").is_file() and "Traceback" not in proc.stderr


def test_project_dockerfile_passes_hadolint() -> None:
    lint = hadolint(ROOT / "Dockerfile")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    text = (ROOT / "Dockerfile").read_text()
    assert "ARG BASE_IMAGE=" in text and "USER 65534:65534" in text
    assert 'ENTRYPOINT ["envcheck"]' in text and 'CMD ["verify"]' in text
    pins = [
        line
        for line in (ROOT / "constraints.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert pins and all(re.match(r"^[a-z0-9-]+==\S+$", p) for p in pins)


def test_target_pins_the_wanted_stack(tmp_path: Path) -> None:
    proc, out = make(tmp_path, "healthy-h100", "--target", "torch==2.4.1")
    assert proc.returncode == 0, proc.stderr
    req = (out / "requirements.txt").read_text()
    assert re.search(r"^torch==2\.4\.1\+cu\d+$", req, re.M)
    assert re.search(r"^torchvision==0\.19\.1\+cu\d+$", req, re.M)


def test_target_that_cannot_run_is_refused_with_the_reason(tmp_path: Path) -> None:
    proc, out = make(tmp_path, "blackwell-cu124", "--target", "torch==2.5.1")
    assert proc.returncode == 2
    assert "torch 2.5.1 cannot run on this host" in proc.stderr and "12.0" in proc.stderr
    assert not (out / "Dockerfile").exists()


def test_installed_stack_is_pinned_when_it_runs_here(tmp_path: Path) -> None:
    """A working torch 2.5.1+cu124 is reproduced, not silently upgraded; the newer one is named."""
    proc, out = make(tmp_path, "healthy-h100")
    assert proc.returncode == 0, proc.stderr
    req = (out / "requirements.txt").read_text()
    assert re.search(r"^torch==2\.5\.1\+cu124$", req, re.M)
    assert re.search(r"^torchvision==0\.20\.1\+cu124$", req, re.M)
    # the installed build is not called the newest build (the newest is named beside it)
    assert "the installed build; the newest variant of torch 2.5.1 that runs on this" in proc.stdout
    assert "the newest torch build" not in proc.stdout
    assert "--target torch==" in proc.stdout + proc.stderr


def test_installed_stack_that_cannot_run_is_replaced(tmp_path: Path) -> None:
    """torch 2.5.1+cu124 on driver 470 cannot run: the image gets the newest build that does."""
    proc, out = make(tmp_path, "old-driver-new-torch")
    assert proc.returncode == 0, proc.stderr
    req = (out / "requirements.txt").read_text()
    assert "torch==2.5.1+cu124" not in req
    assert re.search(r"^torch==[\d.]+\+cu11\d$", req, re.M)
    assert "the newest torch build that runs on this driver" in proc.stdout
    assert "installed build" not in proc.stdout  # verify says it fails here (EC101)
