"""`envcheck verify` as a user runs it: a real subprocess, exit codes 0/1/2, formats, timing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import jsonschema
import pytest
from checks_support import fixture_path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "envcheck", "schema", "report.schema.json")


def envcheck(*args: str, cwd: str = None, env: dict = None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=full_env,
    )


def _schema() -> dict:
    with open(SCHEMA) as fh:
        return json.load(fh)


def test_healthy_snapshot_exits_0_and_validates(tmp_path):
    r = envcheck(
        "verify", "--snapshot", fixture_path("healthy_h100"), "--format", "json", cwd=str(tmp_path)
    )
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, _schema())
    assert doc["summary"]["errors"] == 0 and doc["summary"]["exit_code"] == 0


@pytest.mark.parametrize(
    "name, code",
    [
        ("old_driver_470_torch_cu121", "EC101"),
        ("blackwell_5090_torch_cu124", "EC201"),
        ("cpu_only_torch_a100", "EC210"),
        ("shadowed_cudnn", "EC303"),
        ("container_small_shm", "EC501"),
        ("sick_gpus", "EC401"),
        ("driver_library_mismatch", "EC105"),
        ("nouveau_bound", "EC103"),
    ],
)
def test_broken_snapshots_exit_1_with_the_diagnosis(tmp_path, name, code):
    r = envcheck("verify", "--snapshot", fixture_path(name), "--format", "json", cwd=str(tmp_path))
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, _schema())
    assert code in {f["code"] for f in doc["findings"] if f["severity"] == "error"}


def test_corrupt_snapshot_exits_2_one_line_no_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema_version": 1, "driver": ')
    r = envcheck("verify", "--snapshot", str(bad))
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith("envcheck: error:") and "bad.json" in r.stderr


def test_newer_schema_and_missing_file_exit_2(tmp_path):
    newer = tmp_path / "newer.json"
    newer.write_text('{"schema_version": 99}')
    r = envcheck("verify", "--snapshot", str(newer))
    assert r.returncode == 2 and "newer" in r.stderr
    r = envcheck("verify", "--snapshot", str(tmp_path / "absent.json"))
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_bad_usage_exits_2():
    snap = fixture_path("healthy_h100")
    for args in (
        ["--format", "yaml"],
        ["--only", "EC999"],
        ["--skip", "no-such-category"],
        ["--kernels", "slow"],
        ["--gpus", "a,b", "--kernels"],
        ["--no-such-flag"],
    ):
        r = envcheck("verify", "--snapshot", snap, *args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr


def test_strict_turns_warnings_into_exit_1(tmp_path):
    with open(fixture_path("healthy_h100")) as fh:
        s = json.load(fh)
    s["env"]["NCCL_IB_DISABLE"] = "1"  # EC321, a warning
    path = tmp_path / "warn.json"
    path.write_text(json.dumps(s))
    assert envcheck("verify", "--snapshot", str(path)).returncode == 0
    assert envcheck("verify", "--snapshot", str(path), "--strict").returncode == 1


def test_only_and_skip_by_code_and_category():
    snap = fixture_path("sick_gpus")
    r = envcheck("verify", "--snapshot", snap, "--format", "json", "--only", "gpu-health")
    doc = json.loads(r.stdout)
    codes = (
        {f["code"] for f in doc["findings"]}
        | set(doc["passed"])
        | {s["code"] for s in doc["skipped"]}
    )
    from envcheck.checks.registry import catalogue

    health = {spec.code for spec in catalogue() if spec.category == "gpu-health"}
    assert {"EC401", "EC402", "EC403", "EC404"} <= codes == health
    r = envcheck("verify", "--snapshot", snap, "--skip", "EC401,EC402", "--skip", "pcie-degraded")
    assert r.returncode == 0 and "EC401" not in r.stdout and "EC420" not in r.stdout


def test_policy_file_and_envcheck_toml_in_cwd(tmp_path):
    (tmp_path / "envcheck.toml").write_text(
        '[gpus]\ncount = 8\n[checks]\nskip = ["gpu-health", "EC420"]\n'
    )
    r = envcheck(
        "verify", "--snapshot", fixture_path("sick_gpus"), "--format", "json", cwd=str(tmp_path)
    )
    doc = json.loads(r.stdout)
    assert r.returncode == 1 and [
        f["code"] for f in doc["findings"] if f["severity"] == "error"
    ] == ["EC701"]


def test_output_file_nhc_and_prometheus(tmp_path):
    out = tmp_path / "envcheck.prom"
    r = envcheck(
        "verify",
        "--snapshot",
        fixture_path("sick_gpus"),
        "--format",
        "prometheus",
        "--output",
        str(out),
    )
    assert r.returncode == 1 and r.stdout == ""
    assert (
        'envcheck_check_status{code="EC401",category="gpu-health",severity="error"} 1'
        in out.read_text()
    )
    assert [p.name for p in tmp_path.iterdir()] == ["envcheck.prom"]  # no temp file left behind
    r = envcheck("verify", "--snapshot", fixture_path("sick_gpus"), "--format", "nhc")
    assert r.stdout.splitlines()[0].startswith("ERROR: envcheck: EC401 ")


def test_output_to_unwritable_place_exits_2(tmp_path):
    r = envcheck(
        "verify",
        "--snapshot",
        fixture_path("healthy_h100"),
        "--output",
        str(tmp_path / "no" / "dir.json"),
    )
    assert r.returncode == 2 and "cannot write" in r.stderr and "Traceback" not in r.stderr


def _on_a_terminal(extra_env: dict) -> str:
    """Run verify with stdout on a real pseudo-terminal and return what it printed."""
    import pty

    master, slave = pty.openpty()
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update(extra_env)
    proc = subprocess.Popen(
        [sys.executable, "-m", "envcheck", "verify", "--snapshot", fixture_path("sick_gpus")],
        stdout=slave,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


def test_text_colour_only_on_a_terminal_without_no_color():
    r = envcheck("verify", "--snapshot", fixture_path("sick_gpus"))
    assert "\033[" not in r.stdout and "ERRORS (3)" in r.stdout
    assert "\033[31m" in _on_a_terminal({})
    plain = _on_a_terminal({"NO_COLOR": "1"})
    assert "\033[" not in plain and "ERRORS (3)" in plain


def test_help_documents_exit_codes():
    r = envcheck("verify", "--help")
    assert r.returncode == 0
    for line in (
        "0  no error",
        "1  at least one error",
        "2  bad usage or unreadable input",
        "3  envcheck itself failed",
    ):
        assert line in r.stdout


def test_checks_and_explain_commands():
    r = envcheck("checks", "--json")
    rows = json.loads(r.stdout)
    assert r.returncode == 0 and {"EC101", "EC201", "EC501", "EC701"} <= {x["code"] for x in rows}
    r = envcheck("checks")
    assert r.stdout.splitlines()[0].split()[:4] == ["CODE", "CATEGORY", "SEVERITY", "TITLE"]
    r = envcheck("explain", "ec501")
    assert r.returncode == 0 and "shm-too-small" in r.stdout and "Fix:" in r.stdout
    r = envcheck("explain", "EC999")
    assert r.returncode == 2 and "unknown check code" in r.stderr


def test_live_verify_on_this_machine_never_exits_3(tmp_path):
    t0 = time.monotonic()
    r = envcheck("verify", "--format", "json", cwd=str(tmp_path))
    elapsed = time.monotonic() - t0
    assert r.returncode in (0, 1), r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, _schema())
    assert doc["snapshot"]["origin"] == "live"
    # no GPU here: the GPU checks are skipped with a reason, never silently passed
    reasons = {s["code"]: s["reason"] for s in doc["skipped"]}
    assert "EC401" in reasons and reasons["EC401"]
    assert "EC401" not in doc["passed"]
    assert elapsed < 20  # generous bound; measured well under 1 s


def test_kernels_flag_reaches_the_kernel_layer(tmp_path):
    # A bare --kernels means quick; without a GPU the kernel layer reports its tests as failed or
    # not run, and verify still answers with a report (never a crash, never exit 3).
    r = envcheck(
        "verify",
        "--kernels",
        "--budget",
        "5",
        "--backend",
        "cuda-driver",
        "--format",
        "json",
        cwd=str(tmp_path),
    )
    assert r.returncode in (0, 1), r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, _schema())
    results = doc["snapshot"]["kernels"]
    assert isinstance(results, list) and results and all(k["passed"] is not True for k in results)
    r = envcheck("verify", "--snapshot", fixture_path("healthy_h100"), "--kernels", "slow")
    assert r.returncode == 2 and "quick or full" in r.stderr


def test_kernels_refuse_a_snapshot_of_another_machine():
    """Kernel results describe this host's GPUs; pinning them on another node's snapshot
    would be a lie, so the combination is bad usage."""
    r = envcheck("verify", "--snapshot", fixture_path("healthy_h100"), "--kernels")
    assert r.returncode == 2
    assert "cannot be combined with --snapshot" in r.stderr and "Traceback" not in r.stderr


REPORTS = os.path.join(ROOT, "tests", "fixtures", "reports")


@pytest.mark.parametrize(
    "name, code",
    [
        ("pytorch-37320-p100-driver410-torch15.txt", "EC101"),
        ("pytorch-150733-rtx5090d-cu126.txt", "EC201"),
    ],
)
def test_from_report_reaches_the_diagnosis(name, code):
    r = envcheck("verify", "--from-report", os.path.join(REPORTS, name), "--format", "json")
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, _schema())
    assert code in {f["code"] for f in doc["findings"]}


@pytest.mark.parametrize(
    "name",
    [
        "jax-21295-a10g-healthy.txt",
        "vllm-10163-8xh100-healthy.txt",
        "pytorch-127077-a10g-healthy.txt",
    ],
)
def test_healthy_reports_raise_no_error(name):
    r = envcheck("verify", "--from-report", os.path.join(REPORTS, name), "--format", "json")
    doc = json.loads(r.stdout)
    assert r.returncode == 0, [f["found"] for f in doc["findings"]]


def test_snapshot_and_report_together_is_bad_usage():
    r = envcheck(
        "verify",
        "--snapshot",
        fixture_path("healthy_h100"),
        "--from-report",
        os.path.join(REPORTS, "vllm-10163-8xh100-healthy.txt"),
    )
    assert r.returncode == 2 and "cannot be combined" in r.stderr


def test_plain_verify_loads_no_heavy_or_unneeded_modules():
    """The pre-job hook's import path: no frameworks, no docker/requests/rich, and neither the
    kernel suite nor the error-log patterns when no --kernels / report was asked for."""
    code = (
        "import sys\n"
        "from envcheck.cli import main\n"
        "try:\n"
        "    main(['verify', '--quiet'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('torch', 'numpy', 'docker', 'requests', 'rich', 'envcheck.kernels.suite',\n"
        "         'envcheck.importers.errorlog', 'envcheck.fix.plan', 'psutil',\n"
        "         'envcheck.watch.samplers', 'envcheck.watch.analyze',\n"
        "         'envcheck.importers.extract', 'envcheck.report.evidence')\n"
        "print(','.join(m for m in heavy if m in sys.modules))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1:] in ([], [""]), r.stdout


# --- issue 15: bad usage is exit 2, in one line ---------------------------------------------


@pytest.mark.parametrize("url", ["notaurl", "ftp://example.org/x", "http://", "http://h:port/"])
def test_a_data_url_that_is_not_http_is_bad_usage(tmp_path, url):
    r = envcheck("verify", "--data-url", url, cwd=str(tmp_path))
    assert r.returncode == 2, r.stdout + r.stderr
    (line,) = r.stderr.splitlines()
    assert line.startswith("envcheck: error: --data-url: ") and "(hint: " in line
    assert r.stdout == ""


def test_an_envcheck_toml_that_is_a_directory_fails_like_policy_dir(tmp_path):
    (tmp_path / "envcheck.toml").mkdir()
    implicit = envcheck("verify", "--snapshot", fixture_path("healthy_h100"), cwd=str(tmp_path))
    explicit = envcheck(
        "verify",
        "--snapshot",
        fixture_path("healthy_h100"),
        "--policy",
        "envcheck.toml",
        cwd=str(tmp_path),
    )
    assert (implicit.returncode, explicit.returncode) == (2, 2), implicit.stdout
    (line,) = implicit.stderr.splitlines()
    assert line.startswith("envcheck: error: cannot read policy envcheck.toml: a directory")


def test_a_dangling_envcheck_toml_link_is_not_silently_ignored(tmp_path):
    (tmp_path / "envcheck.toml").symlink_to(tmp_path / "gone.toml")
    r = envcheck("verify", "--snapshot", fixture_path("healthy_h100"), cwd=str(tmp_path))
    assert r.returncode == 2, r.stdout
    assert "cannot read policy envcheck.toml: not a regular file" in r.stderr


def test_a_snapshot_header_names_the_file_and_its_host_not_live(tmp_path):
    path = fixture_path("healthy_h100")
    r = envcheck("verify", "--snapshot", path, cwd=str(tmp_path))
    header = r.stdout.splitlines()[0]
    assert "(live)" not in header
    with open(path) as fh:
        host = json.load(fh)["hostname"]
    assert f"snapshot {path} of host {host}, recorded " in header


def test_cpu_torch_on_a_host_without_gpus_says_training_runs_on_the_cpu(tmp_path):
    with open(fixture_path("cpu_only_torch_a100")) as fh:
        doc = json.load(fh)
    doc["driver"] = {"status": "no-gpus", "gpus": []}
    doc["kernel"].update(modules={}, device_nodes=[], pci_nvidia_gpus=[])
    snap = tmp_path / "laptop.json"
    snap.write_text(json.dumps(doc))
    r = envcheck("verify", "--snapshot", str(snap), cwd=str(tmp_path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "EC213" in r.stdout and "training will run on the CPU" in r.stdout
    assert "torch 2.5.1+cpu is a CPU-only build" in r.stdout
