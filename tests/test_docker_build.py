"""Real Docker builds through the SDK: the generated context and the project's own Dockerfile.

Needs the private engine that .ci/docker-up.sh starts (socket URL in
/tmp/envcheck-docker/host, or DOCKER_HOST) and its local base image (Debian bookworm minbase
with python3-venv, imported from a debootstrap root fs; /tmp/envcheck-docker/base-image or
ENVCHECK_TEST_BASE_IMAGE). Without them every test here skips, saying why.

No registry or index is reachable, so the builds are air-gapped: the wheelhouse holds envcheck's
dependencies re-packed from this environment (docker_support.wheelhouse_for), a wheel of
envcheck itself, and tiny real wheels named after the framework pins the matrix chose (the
real framework wheels are gigabytes).
"""

from __future__ import annotations

import contextlib
import importlib.metadata as md
import json
import shlex
import shutil
import subprocess
import uuid
from pathlib import Path

import pytest
from docker_support import (
    base_image,
    docker_host_url,
    engine,
    fake_wheel,
    wheelhouse_for,
)
from fix_support import FIXTURES, run_envcheck
from registry_support import Registry

from envcheck import __version__
from envcheck.fix.docker import build_image, write_envcheck_wheel

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def docker_env():
    client, why = engine()
    if client is None:
        pytest.skip(why)
    image, why = base_image(client)
    if image is None:
        pytest.skip(why)
    tags = []
    with Registry() as registry:
        # A registry digest for the local base (RepoDigests appear only after a push).
        pushed = f"127.0.0.1:{registry.port}/envcheck-ci/base"
        client.images.get(image).tag(pushed, "bookworm")
        tags.append(f"{pushed}:bookworm")
        for line in client.images.push(pushed, "bookworm", stream=True, decode=True):
            assert "error" not in line, line
        digests = client.images.get(f"{pushed}:bookworm").attrs["RepoDigests"]
        yield {
            "client": client,
            "base": image,
            "pushed": f"{pushed}:bookworm",
            "digest": digests[0].split("@", 1)[1],
            "tags": tags,
        }
    for tag in tags:
        with contextlib.suppress(Exception):
            client.images.remove(tag, force=True)
    with contextlib.suppress(Exception):
        client.images.prune(filters={"dangling": True})


@pytest.fixture(scope="module")
def deps_wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wh = tmp_path_factory.mktemp("wheelhouse")
    wheelhouse_for(["envcheck"], wh)
    return wh


def _run(client, image: str, command: list, entrypoint=None, user=None) -> str:
    out = client.containers.run(
        image, command, entrypoint=entrypoint, remove=True, network_mode="none", user=user
    )
    return out.decode()


def _fix_docker(*args: str) -> subprocess.CompletedProcess:
    return run_envcheck(
        "fix", "--docker", "--snapshot", str(FIXTURES / "healthy-h100.json"), *args,
        env={"DOCKER_HOST": docker_host_url()},
    )  # fmt: skip


def _torch_wheelhouse(tmp_path: Path, deps: Path) -> tuple:
    """envcheck's dependencies (real wheels) plus tiny real wheels for the torch set the matrix
    chooses, torch needing a real package (packaging) like the real one needs its own."""
    probe = _fix_docker("--offline", "--output", str(tmp_path / "probe"))
    assert probe.returncode == 0, probe.stderr
    pins = [
        line
        for line in (tmp_path / "probe" / "requirements.txt").read_text().splitlines()
        if "+cu" in line
    ]
    assert pins and pins[0].startswith("torch==")
    wh = tmp_path / "wh"
    shutil.copytree(deps, wh)
    for pin in pins:
        name, version = pin.split("==")
        fake_wheel(wh, name, version, requires=["packaging"] if name == "torch" else [pin_of(pins)])
    fake_wheel(wh, "trainlib", "1.2.3")
    return wh, pins


def pin_of(pins: list) -> str:
    return pins[0]


def test_generated_context_builds_and_runs(docker_env, deps_wheelhouse, tmp_path: Path) -> None:
    """Digest-pinned base, hash-locked closure from a wheelhouse of real wheels, a path with
    spaces, two environments, wheels only in the build stage."""
    client = docker_env["client"]
    tag = f"envcheck-test-train:{uuid.uuid4().hex[:8]}"
    docker_env["tags"].append(tag)
    wh, pins = _torch_wheelhouse(tmp_path, deps_wheelhouse)
    req = tmp_path / "requirements.txt"
    req.write_text("trainlib==1.2.3\n")
    out = tmp_path / "my project" / "image ctx"
    proc = _fix_docker(
        "--output", str(out), "--base-image", docker_env["pushed"], "--wheelhouse", str(wh),
        "--requirements", str(req), "--gpus", "0,1", "--build", "--tag", tag,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert "  | Step 1/" in proc.stdout  # the build log streamed as progress
    pinned = f"{docker_env['pushed']}@{docker_env['digest']}"
    dockerfile = (out / "Dockerfile").read_text()
    assert f"ARG BASE_IMAGE={pinned}\n" in dockerfile
    assert "from the local engine (RepoDigests)" in dockerfile
    lock = (out / "requirements.txt").read_text()
    assert "--hash=sha256:" in lock and "packaging==" in lock  # torch's own dependency
    image = client.images.get(tag)
    labels = image.labels
    assert labels["io.envcheck.version"] == __version__
    assert labels["io.envcheck.host.driver"] == "550.54.15"
    assert labels["io.envcheck.host.gpus"] == "8x NVIDIA H100 80GB HBM3"
    assert labels["io.envcheck.host.compute_capability"] == "9.0"
    assert image.attrs["Config"]["User"] == "1000:1000"
    assert image.attrs["Config"]["Healthcheck"]["Test"] == ["CMD", "envcheck", "verify"]
    assert _run(client, tag, ["id", "-u"]).strip() == "1000"
    train = json.loads(_run(client, tag, ["python3", "-m", "pip", "list", "--format", "json"]))
    versions = {p["name"].lower(): p["version"] for p in train}
    for pin in pins:
        name, version = pin.split("==")
        assert versions[name] == version  # exact, with the +cuXYZ variant
    assert versions["trainlib"] == "1.2.3"
    assert versions["packaging"] == md.version("packaging")
    # envcheck's dependencies live in their own environment, not in the training one
    assert "typer" not in versions and "docker" not in versions and "envcheck" not in versions
    ours = json.loads(_run(client, tag, ["/opt/envcheck/bin/python", "-m", "pip", "list",
                                         "--format", "json", "--path",
                                         _site(client, tag)]))  # fmt: skip
    assert {"typer", "docker", "envcheck"} <= {p["name"].lower() for p in ours}
    assert _run(client, tag, ["envcheck", "--version"]).splitlines()[0] == f"envcheck {__version__}"
    # and envcheck inside the image judges the training stack
    seen = json.loads(_run(client, tag, ["envcheck", "inspect", "--json"]))
    assert seen["packages"]["installed"]["torch"] == pins[0].split("==")[1]
    # the wheels were in the build stage only
    history = client.api.history(tag)
    assert not any("envcheck-build" in (h.get("CreatedBy") or "") for h in history)
    assert _run(client, tag, ["sh", "-c", "test ! -e /tmp/envcheck-build && echo gone"]) == (
        "gone\n"
    )
    # the printed build line is copy-pasteable with the spaces in the path
    line = next(ln for ln in proc.stdout.splitlines() if ln.startswith("  docker run "))
    assert "--memory" in shlex.split(line)
    # a re-run into the same folder replaces its own files and builds again
    again = _fix_docker(
        "--output", str(out), "--base-image", docker_env["pushed"], "--wheelhouse", str(wh),
        "--requirements", str(req), "--gpus", "0", "--build", "--tag", tag,
    )  # fmt: skip
    assert again.returncode == 0, again.stdout[-2000:] + again.stderr
    assert "--gpus '\"device=0\"'" in (out / "run.sh").read_text()
    # a foreign file in the way is refused, and the image stays as built
    (out / "compose.yaml").write_text("services: {mine: {image: x}}\n")
    refused = _fix_docker("--output", str(out), "--base-image", docker_env["pushed"],
                          "--wheelhouse", str(wh), "--build", "--tag", tag)  # fmt: skip
    assert refused.returncode == 2 and "compose.yaml (changed since envcheck wrote it)" in (
        refused.stderr
    )
    assert (out / "compose.yaml").read_text() == "services: {mine: {image: x}}\n"


def _site(client, tag: str) -> str:
    return _run(client, tag, ["sh", "-c", "echo /opt/envcheck/lib/python3*/site-packages"]).strip()


def test_base_that_already_has_uid_1000(docker_env, deps_wheelhouse, tmp_path: Path) -> None:
    """Like nvidia/cuda's Ubuntu 24.04 images: UID 1000 exists, the build must not fail."""
    client = docker_env["client"]
    base = f"envcheck-test-uid1000:{uuid.uuid4().hex[:8]}"
    tag = f"envcheck-test-train:{uuid.uuid4().hex[:8]}"
    docker_env["tags"] += [base, tag]
    ctx = tmp_path / "base"
    ctx.mkdir()
    (ctx / "Dockerfile").write_text(
        f"FROM {docker_env['base']}\nRUN useradd --create-home --uid 1000 ubuntu\n"
    )
    client.images.build(path=str(ctx), tag=base, network_mode="none", rm=True)
    out = tmp_path / "ctx"
    proc = _fix_docker("--output", str(out), "--framework", "none", "--base-image", base,
                       "--wheelhouse", str(deps_wheelhouse), "--build", "--tag", tag)  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    # built and imported locally: no registry digest, and the output says so
    assert "BASE IMAGE NOT PINNED" in proc.stdout and "--base-digest" in proc.stdout
    assert _run(client, tag, ["id", "-un"]).strip() == "ubuntu"


def test_failed_build_names_the_image_and_the_flags(docker_env, tmp_path: Path) -> None:
    tag = f"envcheck-test-fail:{uuid.uuid4().hex[:8]}"
    proc = _fix_docker("--output", str(tmp_path / "ctx"), "--framework", "none", "--offline",
                       "--build", "--tag", tag)  # fmt: skip
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr
    assert "could not pull the base image python:3.11-slim-bookworm" in proc.stderr
    assert "--base-image" in proc.stderr and "--wheelhouse" in proc.stderr
    # pip inside the build cannot reach an index (the engine has no network for builds)
    proc = _fix_docker("--output", str(tmp_path / "ctx2"), "--framework", "none", "--offline",
                       "--base-image", docker_env["base"], "--build",
                       "--tag", f"envcheck-test-fail:{uuid.uuid4().hex[:8]}")  # fmt: skip
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr
    assert "pip failed inside the build" in proc.stderr and "--wheelhouse" in proc.stderr


def test_project_dockerfile_builds_and_runs(docker_env, deps_wheelhouse, tmp_path: Path) -> None:
    client = docker_env["client"]
    tag = f"envcheck-test-self:{uuid.uuid4().hex[:8]}"
    docker_env["tags"].append(tag)
    ctx = tmp_path / "ctx"
    ctx.mkdir()
    for name in ("Dockerfile", ".dockerignore", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, ctx / name)
    for name in ("envcheck", "compat_data"):
        shutil.copytree(ROOT / name, ctx / name, ignore=shutil.ignore_patterns("__pycache__"))
    # the real constraints.txt (tests/test_constraints.py fails when it drifts from what
    # this environment installs, which is what the wheelhouse is made of)
    shutil.copy2(ROOT / "constraints.txt", ctx / "constraints.txt")
    shutil.copytree(deps_wheelhouse, ctx / "wheelhouse")
    write_envcheck_wheel(ctx / "wheelhouse")
    lines: list = []
    build_image(
        ctx,
        tag,
        lines.append,
        buildargs={
            "BASE_IMAGE": docker_env["base"],
            "OFFLINE": "1",
            "ENVCHECK": f"envcheck=={__version__}",
        },
        client=client,
    )
    assert any(line.startswith("Step 1/") for line in lines)
    image = client.images.get(tag)
    assert image.attrs["Config"]["User"] == "65534:65534"
    assert image.attrs["Config"]["Entrypoint"] == ["envcheck"]
    assert image.labels["org.opencontainers.image.title"] == "envcheck"
    assert _run(client, tag, ["--version"]).splitlines()[0] == f"envcheck {__version__}"
    # verify runs inside (no GPU here): a report and exit 0/1, never a crash (exit 3)
    container = client.containers.run(tag, ["verify", "--format", "json"], detach=True,
                                      network_mode="none")  # fmt: skip
    try:
        status = container.wait(timeout=120)["StatusCode"]
        report = json.loads(container.logs(stdout=True, stderr=False).decode())
    finally:
        container.remove(force=True)
    assert status in (0, 1)
    assert "findings" in report
