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
import shutil
import uuid
from pathlib import Path

import pytest
from docker_support import (
    base_image,
    constraints_for,
    docker_host_url,
    engine,
    fake_wheel,
    wheelhouse_for,
)
from fix_support import FIXTURES, run_envcheck

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
    yield {"client": client, "base": image, "tags": tags}
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


def _run(client, image: str, command: list, entrypoint=None) -> str:
    out = client.containers.run(
        image, command, entrypoint=entrypoint, remove=True, network_mode="none"
    )
    return out.decode()


def test_generated_context_builds_and_runs(docker_env, deps_wheelhouse, tmp_path: Path) -> None:
    client = docker_env["client"]
    tag = f"envcheck-test-train:{uuid.uuid4().hex[:8]}"
    docker_env["tags"].append(tag)
    snapshot = str(FIXTURES / "healthy-h100.json")
    # first pass: learn the framework pins the matrix chooses for this host
    probe = run_envcheck(
        "fix", "--docker", "--snapshot", snapshot, "--output", str(tmp_path / "probe"),
        "--base-image", docker_env["base"],
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr
    pins = [
        line
        for line in (tmp_path / "probe" / "requirements.txt").read_text().splitlines()
        if "+cu" in line
    ]
    assert pins and pins[0].startswith("torch==")
    wh = tmp_path / "wh"
    shutil.copytree(deps_wheelhouse, wh)
    for pin in pins:
        name, version = pin.split("==")
        fake_wheel(wh, name, version)
    fake_wheel(wh, "trainlib", "1.2.3")
    req = tmp_path / "requirements.txt"
    req.write_text("trainlib==1.2.3\n")
    out = tmp_path / "ctx"
    proc = run_envcheck(
        "fix", "--docker", "--snapshot", snapshot, "--output", str(out),
        "--base-image", docker_env["base"], "--wheelhouse", str(wh),
        "--requirements", str(req), "--gpus", "0,1", "--build", "--tag", tag,
        env={"DOCKER_HOST": docker_host_url()},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr
    assert "  | Step 1/" in proc.stdout  # the build log streamed as progress
    image = client.images.get(tag)
    labels = image.labels
    assert labels["io.envcheck.version"] == __version__
    assert labels["io.envcheck.host.driver"] == "550.54.15"
    assert labels["io.envcheck.host.gpus"] == "8x NVIDIA H100 80GB HBM3"
    assert labels["io.envcheck.host.compute_capability"] == "9.0"
    assert image.attrs["Config"]["User"] == "1000:1000"
    assert image.attrs["Config"]["Healthcheck"]["Test"] == ["CMD", "envcheck", "verify"]
    assert _run(client, tag, ["id", "-u"]).strip() == "1000"
    listed = json.loads(_run(client, tag, ["python3", "-m", "pip", "list", "--format", "json"]))
    versions = {p["name"].lower(): p["version"] for p in listed}
    for pin in pins:
        name, version = pin.split("==")
        assert versions[name] == version  # exact, with the +cuXYZ variant
    assert versions["trainlib"] == "1.2.3"
    assert versions["packaging"] == md.version("packaging")
    assert _run(client, tag, ["envcheck", "--version"]).splitlines()[0] == f"envcheck {__version__}"


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
    # this environment's versions (CI may resolve newer ones than constraints.txt names)
    (ctx / "constraints.txt").write_text("\n".join(constraints_for("envcheck")) + "\n")
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
