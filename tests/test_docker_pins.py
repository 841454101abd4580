"""`envcheck fix --docker`: what the context pins and how it runs (issue 12), without an engine.

The base digest from a real registry on 127.0.0.1 (tests/registry_support.py), locks with
sha256 from wheelhouses of real wheels, run flags under a container's cgroup limits, compose
meaning what run.sh means (checked by running run.sh with a fake `docker` on PATH that records
its arguments), and the refusals.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import socket
import subprocess
from pathlib import Path

import pytest
from docker_support import fake_wheel, wheelhouse_for
from fix_support import FIXTURES, hadolint, run_envcheck, shellcheck
from registry_support import Registry

GIB = 1024**3
NO_ENGINE = {"DOCKER_HOST": "unix:///nonexistent/envcheck-test.sock"}


def snap_file(tmp_path: Path, name: str = "healthy-h100", **changes) -> str:
    """A fixture snapshot with some fields changed (``os__cgroup_cpu_quota_cores=16``)."""
    data = json.loads((FIXTURES / f"{name}.json").read_text())
    for key, value in changes.items():
        section, field = key.split("__")
        data[section][field] = value
    path = tmp_path / f"{name}-changed.json"
    path.write_text(json.dumps(data))
    return str(path)


def fix_docker(tmp_path: Path, snapshot: str, *args: str, out: Path = None, env=None):
    out = out or tmp_path / "ctx"
    proc = run_envcheck(
        "fix", "--docker", "--snapshot", snapshot, "--output", str(out), *args,
        env={**NO_ENGINE, **(env or {})},
    )  # fmt: skip
    return proc, out


@pytest.fixture(scope="module")
def envcheck_deps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """envcheck's runtime dependencies as real wheels (re-packed from this environment)."""
    wh = tmp_path_factory.mktemp("deps")
    wheelhouse_for(["envcheck"], wh)
    return wh


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- base image digest -----------------------------------------------------------------------


def test_base_digest_from_the_registry(tmp_path: Path, envcheck_deps: Path) -> None:
    manifest = json.dumps({"schemaVersion": 2, "mediaType": "x", "layers": []}).encode()
    digest = "sha256:" + hashlib.sha256(manifest).hexdigest()
    with Registry() as registry:
        registry.manifests[("team/base", "py3.11")] = (manifest, "application/json")
        image = f"127.0.0.1:{registry.port}/team/base:py3.11"
        proc, out = fix_docker(
            tmp_path, snap_file(tmp_path), "--framework", "none", "--base-image", image,
            "--wheelhouse", str(envcheck_deps),
        )  # fmt: skip
        assert registry.heads >= 1
    assert proc.returncode == 0, proc.stdout + proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    assert f"ARG BASE_IMAGE={image}@{digest}\n" in dockerfile
    assert "from the registry (Docker-Content-Digest)" in dockerfile
    assert f"base image pinned: {image}@{digest}" in proc.stdout


def test_unresolvable_base_says_so_and_offers_the_flag(tmp_path: Path) -> None:
    proc, out = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--framework", "none")
    assert proc.returncode == 0, proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    assert "ARG BASE_IMAGE=python:3.11-slim-bookworm\n" in dockerfile
    assert "# BASE IMAGE NOT PINNED" in dockerfile and "--base-digest" in dockerfile
    assert "BASE IMAGE NOT PINNED" in proc.stdout and "--base-digest sha256:" in proc.stdout
    given = "sha256:" + "ab" * 32
    proc, out = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--framework", "none",
                           "--base-digest", given)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert f"ARG BASE_IMAGE=python:3.11-slim-bookworm@{given}\n" in (out / "Dockerfile").read_text()
    proc, _ = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--base-digest", "latest")
    assert proc.returncode == 2 and "--base-digest" in proc.stderr


# --- locks -------------------------------------------------------------------------------------


def test_hash_lock_covers_torchs_own_dependencies(tmp_path: Path, envcheck_deps: Path) -> None:
    """Stand-ins for the torch set that need real dependencies: the whole closure is locked."""
    probe, _ = fix_docker(tmp_path, snap_file(tmp_path), "--offline", out=tmp_path / "probe")
    pins = re.findall(r"^  pin: (\S+)$", probe.stdout, re.M)
    assert pins[0].startswith("torch==")
    wh = tmp_path / "wh"
    wh.mkdir()
    for whl in envcheck_deps.iterdir():
        (wh / whl.name).write_bytes(whl.read_bytes())
    fake_wheel(wh, "mpmath", "1.3.0")
    fake_wheel(wh, "sympy", "1.13.1", requires=["mpmath>=1.1"])
    for pin in pins:
        name, version = pin.split("==")
        deps = ["sympy==1.13.1", "packaging"] if name == "torch" else [f"torch=={pins[0][7:]}"]
        fake_wheel(wh, name, version, requires=deps)
    proc, out = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--wheelhouse", str(wh))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lock = (out / "requirements.txt").read_text()
    entries = dict(re.findall(r"^(\S+)==\S+ \\\n    --hash=sha256:([0-9a-f]{64})$", lock, re.M))
    assert {"torch", "torchvision", "torchaudio", "sympy", "mpmath", "packaging"} <= set(entries)
    for whl in wh.iterdir():
        name = whl.name.split("-")[0].replace("_", "-").lower()
        if name in entries and name != "packaging":
            assert entries[name] == sha(whl), name
    assert "for Python 3.11 (the base image's)" in lock
    dockerfile = (out / "Dockerfile").read_text()
    assert "--no-index --find-links /tmp/envcheck-build/wheels --require-hashes --no-deps" in (
        dockerfile
    )
    assert "packages locked with sha256 (the wheelhouse)" in proc.stdout
    lint = hadolint(out / "Dockerfile")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    check = shellcheck((out / "run.sh").read_text(), tmp_path)
    assert check.returncode == 0, check.stdout
    # envcheck's own dependencies are in their own lock, not in the training stack's
    ours = (out / "envcheck-requirements.txt").read_text()
    assert re.search(r"^typer==", ours, re.M) and not re.search(r"^typer==", lock, re.M)
    assert re.search(r"^envcheck @ file:///tmp/envcheck-build/envcheck-wheel/", ours, re.M)
    # only the locked wheels are copied into the context
    assert sorted(p.name for p in (out / "wheels").iterdir()) == sorted(
        p.name for p in wh.iterdir()
    )


def test_lock_that_cannot_resolve_says_only_top_level(tmp_path: Path) -> None:
    wh = tmp_path / "wh"
    fake_wheel(wh, "trainlib", "1.0", requires=["missing-dependency>=2"])
    req = tmp_path / "req.txt"
    req.write_text("trainlib==1.0\n")
    proc, out = fix_docker(
        tmp_path, snap_file(tmp_path), "--offline", "--framework", "none", "--wheelhouse",
        str(wh), "--requirements", str(req),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lock = (out / "requirements.txt").read_text()
    assert "# ONLY TOP-LEVEL PINS: pip could not resolve against the wheelhouse" in lock
    assert "trainlib==1.0\n" in lock and "--hash" not in lock
    assert "requirements.txt: ONLY TOP-LEVEL PINS" in proc.stdout
    assert (
        "--require-hashes -r /tmp/envcheck-build/requirements.txt"
        not in (out / "Dockerfile").read_text()
    )


def test_cuda_base_pins_for_its_python_and_keeps_uid_1000(tmp_path: Path) -> None:
    new_driver = snap_file(tmp_path, driver__version="580.65.06", driver__cuda_version="13.0")
    proc, out = fix_docker(tmp_path, new_driver, "--offline", "--cuda-base",
                           "--target", "torch==2.14.1")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    assert "ARG BASE_IMAGE=nvidia/cuda:13.0.0-cudnn-runtime-ubuntu24.04" in dockerfile
    assert "python: 3.12 (the base image's" in proc.stdout
    # Ubuntu 24.04 has a user with UID 1000 already: no blind useradd --uid 1000
    assert "getent passwd 1000 >/dev/null \\\n        || useradd" in dockerfile
    lint = hadolint(out / "Dockerfile")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    proc, out = fix_docker(tmp_path, new_driver, "--offline", "--cuda-base", out=tmp_path / "b")
    assert proc.returncode == 0, proc.stderr
    assert "cudnn-runtime-ubuntu22.04" in (out / "Dockerfile").read_text()
    assert "python: 3.10 (the base image's" in proc.stdout


def test_wheelhouse_build_needs_no_network(tmp_path: Path) -> None:
    wh = tmp_path / "wh"
    fake_wheel(wh, "trainlib", "1.0")
    proc, _ = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--cuda-base",
                         "--wheelhouse", str(wh), "--framework", "none")  # fmt: skip
    assert proc.returncode == 2 and "cannot apt-get" in proc.stderr
    assert "--base-image" in proc.stderr
    proc, out = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--wheelhouse", str(wh),
                           "--framework", "none")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    dockerfile = (out / "Dockerfile").read_text()
    assert "apt-get" not in dockerfile and "--index-url" not in dockerfile
    # the wheels are in the build stage only: the final stage copies the environments
    final = dockerfile.rsplit("\nFROM ", 1)[1]
    assert "wheels" not in final and "COPY --from=build /opt/venv /opt/venv" in final
    assert "COPY wheels/ /tmp/envcheck-build/wheels/" in dockerfile.rsplit("\nFROM ", 1)[0]


# --- run flags -------------------------------------------------------------------------------


def test_container_limits_of_the_snapshot_are_honoured(tmp_path: Path) -> None:
    """A snapshot taken in a 16-core, 256 GiB container of a 224-core, 2 TiB host."""
    gpus = json.loads((FIXTURES / "healthy-h100.json").read_text())["driver"]["gpus"]
    for g in gpus:
        g["cpu_affinity"] = "0-111" if g["index"] < 4 else "112-223"
    data = json.loads((FIXTURES / "healthy-h100.json").read_text())
    data["driver"]["gpus"] = gpus
    data["cpu_memory"].update(logical_cores=224, effective_cores=16.0, mem_total_bytes=2048 * GIB)
    data["os"].update(container="docker", cgroup_version=2, cgroup_cpu_quota_cores=16.0,
                      cgroup_memory_limit_bytes=256 * GIB)  # fmt: skip
    path = tmp_path / "limited.json"
    path.write_text(json.dumps(data))
    proc, out = fix_docker(tmp_path, str(path), "--offline", "--framework", "none")
    assert proc.returncode == 0, proc.stderr
    run = (out / "run.sh").read_text()
    assert "--cpuset-cpus" not in run and "0-223" not in run and "1946g" not in run
    assert "--cpus 16 " in run and "--memory 230g " in run and "--memory-swap 230g " in run
    assert "--pids-limit 32768" in run
    proc, out = fix_docker(tmp_path, str(path), "--offline", "--framework", "none",
                           "--gpus", "0,1", out=tmp_path / "two")  # fmt: skip
    run = (out / "run.sh").read_text()
    assert "--cpus 4 " in run and "--memory 57g " in run
    yaml = pytest.importorskip("yaml")
    svc = yaml.safe_load((out / "compose.yaml").read_text())["services"]["train"]
    assert svc["cpus"] == 4.0 and svc["mem_limit"] == "57g" and svc["memswap_limit"] == "57g"
    assert svc["pids_limit"] == 32768 and "cpuset" not in svc


def fake_docker(tmp_path: Path) -> dict:
    """PATH with a `docker` that writes its argv as JSON (a real executable, not a mock)."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    record = tmp_path / "argv.json"
    script = bindir / "docker"
    script.write_text(
        "#!/usr/bin/env python3\nimport json, sys\n"
        f"json.dump(sys.argv[1:], open({str(record)!r}, 'w'))\n"
    )
    script.chmod(0o755)
    return {"PATH": f"{bindir}:{os.environ['PATH']}", "RECORD": str(record)}


def test_compose_and_run_sh_mean_the_same_for_hostile_paths(tmp_path: Path) -> None:
    data = tmp_path / "my data" / '$HOME\'s "set"'
    data.mkdir(parents=True)
    out = tmp_path / "ctx with spaces"
    proc, out = fix_docker(
        tmp_path, snap_file(tmp_path), "--offline", "--framework", "none",
        "--data", str(data), "--gpus", "0,1", "--tag", "train:1", out=out,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    env = fake_docker(tmp_path)
    ran = subprocess.run([str(out / "run.sh"), "python3", "train.py"], capture_output=True,
                         text=True, env={**os.environ, **env}, timeout=30)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    argv = json.loads(Path(env["RECORD"]).read_text())
    mount = argv[argv.index("--mount") + 1]
    # docker parses --mount as CSV: the field with quotes is quoted, its quotes doubled
    quoted = '"source=' + str(data).replace('"', '""') + '"'
    assert mount == f"type=bind,{quoted},target=/data/_HOME_s__set_,readonly"
    assert argv[argv.index("--cpuset-mems") + 1] == "0"
    assert argv[-3:] == ["train:1", "python3", "train.py"]
    yaml = pytest.importorskip("yaml")
    text = (out / "compose.yaml").read_text()
    svc = yaml.safe_load(text)["services"]["train"]
    # compose interpolates $: the file doubles it, so compose reads the path itself
    assert svc["volumes"][0]["source"] == str(data).replace("$", "$$")
    assert svc["volumes"][0]["read_only"] is True
    assert svc["cpuset"] == argv[argv.index("--cpuset-cpus") + 1]
    assert svc["labels"]["io.envcheck.cpuset-mems"] == "0"
    assert svc["mem_limit"] == argv[argv.index("--memory") + 1] == svc["memswap_limit"]
    assert svc["pids_limit"] == int(argv[argv.index("--pids-limit") + 1])
    # the printed build and run lines are copy-pasteable with such paths
    build_line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("Build it with: "))
    assert shlex.split(build_line.split(": ", 1)[1]) == ["docker", "build", "-t", "train:1",
                                                         str(out)]  # fmt: skip
    run_line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("  docker run "))
    assert shlex.split(run_line)[shlex.split(run_line).index("--mount") + 1] == mount


def test_sockets_and_device_nodes_are_not_data(tmp_path: Path) -> None:
    sock_path = tmp_path / "engine.sock"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(sock_path))
    try:
        for path in (str(sock_path), "/var/run/docker.sock", "/dev/nvidia0", "/dev/null"):
            proc, out = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--framework",
                                   "none", "--data", path)  # fmt: skip
            assert proc.returncode == 2, path
            assert "is not data" in proc.stderr and "Traceback" not in proc.stderr
            assert not out.exists()
    finally:
        sock.close()


def test_host_problems_come_first(tmp_path: Path) -> None:
    proc, _ = fix_docker(tmp_path, str(FIXTURES / "driver-state.json"), "--offline",
                         "--framework", "none")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("FIRST, on the host: no image fixes these"), proc.stdout[:500]
    assert proc.stdout.index("FIRST, on the host") < proc.stdout.index("Wrote the build context")
    healthy, _ = fix_docker(tmp_path, snap_file(tmp_path), "--offline", "--framework", "none",
                            out=tmp_path / "h")  # fmt: skip
    assert "FIRST, on the host" not in healthy.stdout
