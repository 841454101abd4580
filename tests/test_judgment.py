"""One judgment everywhere (issue 11): fix and fix --docker act on verify's findings and the
facts they read; what is unknown stays unknown; no plan installs a build verify says fails.

Driven through the real CLI (a subprocess) on the fixture snapshots and pasted reports.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

HERE = Path(__file__).parent
SNAPS = HERE / "fixtures" / "snapshots"
REPORTS = HERE / "fixtures" / "reports"

# A pasted report whose driver shows only in torch's "driver too old (found version 11040)":
# the driver runs CUDA up to 11.4 (pytorch/pytorch#112553).
EC902_REPORT = REPORTS / "pytorch-112553-driver470-cu121.txt"
# nvidia-smi -q of a Quadro P2000 (Pascal, sm_61) with no framework facts.
PASCAL_REPORT = REPORTS / "nvidia-smi-exporter-1-quadro-p2000-q.txt"
NO_GPU = SNAPS / "no_nvidia_cpu_torch.json"


def envcheck(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def plan(*args: str) -> dict:
    proc = envcheck("fix", *args, "--format", "json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def installs(data: dict) -> List[List[str]]:
    return [cmd for a in data["actions"] for cmd in a["commands"] if cmd[3:4] == ["install"]]


def verify_codes(*args: str) -> dict:
    proc = envcheck("verify", *args, "--format", "json")
    return {f["code"]: f for f in json.loads(proc.stdout)["findings"]}


# ---- 1. one evidence path: the driver ceiling read from the error message bounds the choice


def test_ec902_report_is_bounded_by_the_ceiling_or_asks() -> None:
    assert "EC902" in verify_codes("--from-report", str(EC902_REPORT))
    data = plan("--from-report", str(EC902_REPORT))
    assert installs(data) == []  # the GPU is unknown: no build is picked blindly
    (ask,) = [a for a in data["actions"] if a["id"] == "torch-needs-facts"]
    assert "nvidia-smi --query-gpu=name,compute_cap" in ask["description"]
    assert "--cc" in ask["description"] and "EC902" in ask["resolves"]
    assert any("up to 11.4" in n for n in data["notes"])
    assert not any("cu13" in json.dumps(a) for a in data["actions"])
    # given the missing facts, the build stays within the driver's CUDA 11.4
    data = plan("--from-report", str(EC902_REPORT), "--cc", "8.6", "--python", "3.11")
    (cmd,) = installs(data)
    index = cmd[cmd.index("--index-url") + 1]
    assert re.search(r"/whl/cu11\d$", index), cmd
    (action,) = [a for a in data["actions"] if a["id"] == "torch-install"]
    assert "up to 11.4" in action["description"]
    assert "runs on this driver" not in action["description"]  # the driver version is unknown


def test_docker_uses_the_same_judgment_as_fix(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    proc = envcheck("fix", "--docker", "--from-report", str(EC902_REPORT), "-o", str(out))
    assert proc.returncode == 2
    assert "tell me the GPU's compute capability" in proc.stderr
    assert not (out / "Dockerfile").exists()
    proc = envcheck(
        "fix", "--docker", "--from-report", str(EC902_REPORT), "--cc", "8.6", "-o", str(out)
    )
    assert proc.returncode == 0, proc.stderr
    req = (out / "requirements.txt").read_text()
    assert re.search(r"^torch==[\d.]+\+cu11\d$", req, re.M), req
    assert "runs here" not in proc.stdout


def test_docker_never_pins_cuda13_for_a_pascal_gpu(tmp_path: Path) -> None:
    # A GPU name the data does not know: the cc is asked for, not guessed. (The report's own
    # Quadro P2000 is in gpus.json since 2026-12-03, so the name is swapped for one that is not.)
    unknown = tmp_path / "unknown-gpu-q.txt"
    text = PASCAL_REPORT.read_text()
    assert ": Quadro P2000" in text
    unknown.write_text(text.replace(": Quadro P2000", ": NVIDIA GeForce MX450"))
    proc = envcheck("fix", "--docker", "--from-report", str(unknown), "-o", str(tmp_path / "u"))
    assert proc.returncode == 2 and "--cc" in proc.stderr  # cc unknown: asked, not guessed
    # Quadro P2000: cc 6.1 from the data (NVIDIA's legacy table), or given with --cc.
    for n, extra in enumerate(([], ["--cc", "6.1"])):
        ctx = tmp_path / f"ctx{n}"
        proc = envcheck(
            "fix", "--docker", "--from-report", str(PASCAL_REPORT), *extra, "-o", str(ctx)
        )
        assert proc.returncode == 0, proc.stderr
        req = (ctx / "requirements.txt").read_text()
        torch = re.search(r"^torch==\S+\+cu(\d+)$", req, re.M)
        assert torch and int(torch.group(1)) < 130, req  # CUDA 13 has no kernels below sm_75


# ---- 2. unknown is unknown; a host without an NVIDIA GPU never gets a CUDA build


def test_no_nvidia_gpu_target_keeps_the_cpu_build() -> None:
    assert verify_codes("--snapshot", str(NO_GPU))["EC102"]["severity"] == "warning"
    data = plan("--snapshot", str(NO_GPU), "--target", "torch==2.13.0")
    assert installs(data) == []  # 2.13.0+cpu is installed and is the right build here
    assert not any("+cu" in w for a in data["actions"] for c in a["commands"] for w in c)
    assert any("cannot train on NVIDIA GPUs" in n for n in data["notes"])
    data = plan("--snapshot", str(NO_GPU), "--target", "torch==2.12.0")
    (cmd,) = installs(data)
    assert "torch==2.12.0+cpu" in cmd and cmd[-1].endswith("/whl/cpu")


def test_no_nvidia_gpu_docker_gets_a_cpu_image_and_a_warning(tmp_path: Path) -> None:
    proc = envcheck("fix", "--docker", "--snapshot", str(NO_GPU), "-o", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    req = (tmp_path / "requirements.txt").read_text()
    assert re.search(r"^torch==2\.13\.0\+cpu$", req, re.M), req
    assert "+cu" not in req
    assert "warning:" in proc.stdout and "--gpus" in proc.stdout
    assert "cannot train on NVIDIA GPUs" in proc.stdout


PROSE_470 = """Hi, training fails on our box. I have an RTX 3090 with NVIDIA driver 470.82.01.
Python 3.10, torch 2.1.0+cu121 from pip.

UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found version 11040).
"""


def test_docker_does_not_call_a_driver_too_old_for_the_old_build_a_host_problem(
    tmp_path: Path,
) -> None:
    """EC101 / EC902 say the driver is too old for the *installed* cu121 build. The image gets
    a build that runs on this driver, so "no image fixes these" must not list them; they stay
    host problems only when the image's build needs a driver upgrade."""
    paste = tmp_path / "report.txt"
    paste.write_text(PROSE_470)
    proc = envcheck("fix", "--docker", "--from-report", str(paste), "-o", str(tmp_path / "a"),
                    "--offline")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "torch==2.1.0+cu121" not in (tmp_path / "a" / "requirements.txt").read_text()
    assert "no image fixes" not in proc.stdout, proc.stdout
    newer = envcheck("fix", "--docker", "--from-report", str(paste), "-o", str(tmp_path / "b"),
                     "--offline", "--target", "torch==2.14.1")  # fmt: skip
    assert newer.returncode == 0, newer.stderr
    first = newer.stdout.splitlines()[:3]
    assert first[0].startswith("FIRST, on the host: no image fixes these"), newer.stdout
    assert any("EC101" in line for line in first), first
    assert "upgraded to >=" in newer.stdout


def test_no_nvidia_gpu_run_flags_ask_for_no_gpus(tmp_path: Path) -> None:
    """The image must run on the judged host: `--gpus` fails where there is no NVIDIA runtime,
    so a CPU image's run.sh, compose.yaml and printed `docker run` line do not ask for GPUs."""
    out = tmp_path / "cpu"
    proc = envcheck("fix", "--docker", "--snapshot", str(NO_GPU), "-o", str(out), "--offline")
    assert proc.returncode == 0, proc.stderr
    (run_line,) = [ln for ln in proc.stdout.splitlines() if ln.strip().startswith("docker run")]
    assert "--gpus" not in run_line, run_line
    run_sh = (out / "run.sh").read_text()
    assert "--gpus" not in "".join(ln for ln in run_sh.splitlines() if not ln.startswith("#"))
    compose = (out / "compose.yaml").read_text()
    assert "nvidia" not in compose and "capabilities" not in compose, compose
    assert "no --gpus: this host has no NVIDIA GPU" in proc.stdout
    # a GPU host keeps them
    gpu = tmp_path / "gpu"
    proc = envcheck(
        "fix", "--docker", "--snapshot", str(SNAPS / "healthy_h100.json"), "-o", str(gpu),
        "--offline",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "--gpus all" in (gpu / "run.sh").read_text()
    assert 'driver: "nvidia"' in (gpu / "compose.yaml").read_text()


def test_image_label_keeps_an_unknown_gpu_list_unknown(tmp_path: Path) -> None:
    """A report that never lists the GPUs is labelled "unknown", not "none seen"; a host the
    judgment says has no NVIDIA GPU is labelled "none" with the reason."""
    proc = envcheck("fix", "--docker", "--from-report", str(EC902_REPORT), "--cc", "8.6",
                    "-o", str(tmp_path / "r"), "--offline")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert 'io.envcheck.host.gpus="unknown"' in (tmp_path / "r" / "Dockerfile").read_text()
    proc = envcheck("fix", "--docker", "--snapshot", str(NO_GPU), "-o", str(tmp_path / "n"),
                    "--offline")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert 'io.envcheck.host.gpus="none (EC102' in (tmp_path / "n" / "Dockerfile").read_text()


@pytest.mark.parametrize("name", ["nouveau_bound", "driver_library_mismatch"])
def test_unusable_drivers_never_get_runs_here(name: str, tmp_path: Path) -> None:
    snap = str(SNAPS / f"{name}.json")
    text = envcheck("fix", "--snapshot", snap).stdout
    assert "runs here" not in text and "runs on this driver" not in text
    proc = envcheck("fix", "--docker", "--snapshot", snap, "-o", str(tmp_path))
    assert "runs here" not in proc.stdout + proc.stderr
    # the driver version is unknown there: the image is not chosen blindly
    assert proc.returncode == 2 and "tell me the NVIDIA driver version" in proc.stderr
    proc = envcheck("fix", "--docker", "--snapshot", snap, "--driver", "550.54.15",
                    "--cc", "9.0", "-o", str(tmp_path / "ctx"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "once the driver problem" in proc.stdout and "runs here" not in proc.stdout


def test_bad_override_flags_are_usage_errors() -> None:
    for args in (["--cc", "sm_86"], ["--driver", "55x"], ["--python", "three"]):
        proc = envcheck("fix", "--snapshot", str(NO_GPU), *args)
        assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
        assert proc.stderr.startswith("envcheck: error:") and "Traceback" not in proc.stderr


# ---- 4. floors: verify judges the installed build by the floors recommend uses

K80_REPORT = """PyTorch version: 2.5.1+cu118
CUDA used to build PyTorch: 11.8
OS: Ubuntu 20.04.6 LTS (x86_64)
Python version: 3.10.12 (main, Nov 20 2023, 15:14:05) [GCC 11.4.0] (64-bit runtime)
GPU models and configuration:
GPU 0: Tesla K80
Nvidia driver version: 470.223.02
"""


def test_k80_with_cudnn9_build_fails_verify_and_fix_replaces_it(tmp_path: Path) -> None:
    """torch 2.5.1+cu118 has sm_37 cubins but bundles cuDNN 9 (compute capability >= 5.0):
    `matrix recommend` says it will not run on a K80, so verify must not pass it, and fix must
    neither keep it nor offer "keep it and upgrade the driver"."""
    paste = tmp_path / "k80.txt"
    paste.write_text(K80_REPORT)
    codes = verify_codes("--from-report", str(paste))
    assert "EC202" in codes, sorted(codes)
    assert "cuDNN 9.1.0.70" in codes["EC202"]["found"] and ">= 5.0" in codes["EC202"]["found"]
    data = plan("--from-report", str(paste))
    (cmd,) = installs(data)
    assert not any(w.startswith("torch==2.5.1") for w in cmd), cmd
    notes = [n for a in data["actions"] for n in a.get("notes", [])]
    assert not any("keep torch 2.5.1" in n for n in notes), notes
    proc = envcheck("fix", "--docker", "--from-report", str(paste), "-o", str(tmp_path / "i"),
                    "--offline")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "torch==2.5.1" not in (tmp_path / "i" / "requirements.txt").read_text()


B200_REPORT = """PyTorch version: 2.7.0+cu128
CUDA used to build PyTorch: 12.8
Python version: 3.11.9 (main) [GCC 11.4.0] (64-bit runtime)
GPU models and configuration:
GPU 0: NVIDIA B200
Nvidia driver version: 550.54.15
"""


def test_b200_on_r550_is_an_error_everywhere(tmp_path: Path) -> None:
    """`matrix recommend` rules every build out (the driver cannot drive Blackwell); verify
    must not say OK, fix must plan the driver upgrade, and --docker must say it first."""
    paste = tmp_path / "b200.txt"
    paste.write_text(B200_REPORT)
    proc = envcheck("verify", "--from-report", str(paste))
    assert proc.returncode == 1, proc.stdout
    assert "EC106" in proc.stdout and "570.26" in proc.stdout
    data = plan("--from-report", str(paste))
    assert "driver-upgrade" in [a["id"] for a in data["actions"]], data["actions"]
    proc = envcheck("fix", "--docker", "--from-report", str(paste), "-o", str(tmp_path / "i"),
                    "--offline")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    head = proc.stdout.splitlines()[:2]
    assert head[0].startswith("FIRST, on the host") and "EC106" in head[1], head


# ---- 4. matrix floors through the CLI


def test_recommend_floors_and_cannot_tell() -> None:
    k80 = envcheck("matrix", "recommend", "--gpu", "Tesla K80", "--driver", "470.82.01",
                   "--json")  # fmt: skip
    d = json.loads(k80.stdout)
    assert d["best"]["version"] != "2.5.1"  # 2.5.1+cu118 bundles cuDNN 9: cc >= 5.0
    r251 = [r for r in d["rejected"] if r["build"]["version"] == "2.5.1"]
    assert r251 and any("cuDNN 9.1.0.70" in x and ">= 5.0" in x for x in r251[0]["reasons"])

    def unknown(reason: str) -> bool:
        return "not in the matrix" in reason or reason.startswith("cannot tell")

    # "will not run" always has a proven reason; a missing fact alone is "cannot tell"
    assert all(not all(unknown(x) for x in r["reasons"]) for r in d["rejected"])
    assert d["cannot_tell"] and all(
        c["missing"] and all(unknown(x) for x in c["missing"]) for c in d["cannot_tell"]
    )
    b200 = envcheck("matrix", "recommend", "--gpu", "B200", "--driver", "550.54.15")
    assert b200.returncode == 1
    assert "cannot drive Blackwell" in b200.stdout and "570.26" in b200.stdout
    v100 = envcheck("matrix", "recommend", "--cc", "7.0", "--driver", "580.65.06",
                    "--framework", "jax", "--json")  # fmt: skip
    d = json.loads(v100.stdout)
    assert d["best"]["tag"] != "jax-cuda13-plugin"
    text = envcheck("matrix", "recommend", "--cc", "7.0", "--driver", "580.65.06",
                    "--framework", "jax")  # fmt: skip
    assert "CUDA None" not in text.stdout, text.stdout  # a build whose CUDA the matrix lacks
    assert any(
        r["build"]["tag"] == "jax-cuda13-plugin" and any("CUDA 13" in x for x in r["reasons"])
        for r in d["rejected"]
    )


# ---- 5. the hook fails closed: a --data-dir / --data-url is never dropped silently


@pytest.mark.parametrize("flag", ["--data-dir", "--data-url"])
@pytest.mark.parametrize("source", ["--snapshot", "--from-report"])
def test_data_path_with_recorded_input_is_usage_not_a_pass(flag: str, source: str) -> None:
    """The data path is probed on this host; with a recorded input it was never checked, so
    verify must not answer OK with EC706 "not applicable: no --data-dir given"."""
    given = SNAPS / "healthy_h100.json" if source == "--snapshot" else EC902_REPORT
    value = "/nonexistent/data" if flag == "--data-dir" else "http://127.0.0.1:9/shard.tar"
    proc = envcheck("verify", "-f", "nhc", source, str(given), flag, value)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert f"{flag} is checked on this host" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---- the property: no fix / fix --docker recommends a build verify judges failing here

_BUILD_CATEGORIES = {"driver-too-old", "gpu-arch-unsupported", "cpu-only-build",
                     "python-unsupported"}  # fmt: skip


def _inputs() -> List[List[str]]:
    out = [["--snapshot", str(p)] for p in sorted(SNAPS.glob("*.json"))]
    out += [["--from-report", str(p)] for p in sorted(REPORTS.iterdir()) if p.suffix in (".txt",)]
    out += [["--error-log", str(p)] for p in sorted(REPORTS.glob("*.log"))]
    return out


def _with_build(snapshot, pins: List[str], removed: List[str], fresh: bool, driver, matrix):
    """The snapshot as the plan leaves it: ``pins`` installed, ``removed`` uninstalled (a fresh
    image holds only the pins), the driver upgraded where the plan upgrades it; no old error
    log (it is history)."""
    import copy

    from envcheck.snapshot import Driver, Packages

    snap = copy.deepcopy(snapshot)
    if driver:
        if not isinstance(snap.driver, Driver):
            snap.driver = Driver(status="ok")
        snap.driver.version = driver
        snap.driver.cuda_version = matrix.max_cuda_for_driver(driver)
    installed = {} if fresh else dict(snap.installed())
    for name in removed:
        installed.pop(name, None)
    for pin in pins:
        name, version = pin.split("==", 1)
        installed[re.sub(r"\[.*\]$", "", name)] = version
    # --deep facts (torch's own arch list) were read from the old build: not the new one's
    snap.packages = Packages(installed=installed, deep=None)
    snap.error_log = None
    return snap


def test_no_plan_recommends_a_build_verify_judges_failing() -> None:
    """For every fixture snapshot and pasted report: the build fix and fix --docker choose,
    put in place of the installed one, gets no driver / arch / CPU-build / Python error from
    verify's checks; and it is never the installed build verify already judged failing."""
    from envcheck.checks.registry import run_checks
    from envcheck.compat import load_matrix
    from envcheck.errors import InputError
    from envcheck.fix.choose import docker_pins
    from envcheck.fix.docker import DockerOptions
    from envcheck.fix.evidence import judge
    from envcheck.fix.plan import build_plan
    from envcheck.inputs import gather
    from envcheck.policy import Policy

    matrix = load_matrix()
    checked = 0
    for args in _inputs():
        kind, path = args
        snap = gather(
            snapshot_file=path if kind == "--snapshot" else None,
            reports=[path] if kind == "--from-report" else [],
            error_logs=[path] if kind == "--error-log" else [],
        )
        ev = judge(snap, matrix)
        failing_installed = {
            fw: ev.installed.get(fw) for fw, fs in ev.failing.items() if fs and fw in ev.installed
        }
        chosen: List[tuple] = []  # (pins, removed, fresh image)
        fix = build_plan(snap, ev.outcome, matrix, evidence=ev)
        pins, removed = [], []
        for a in fix.actions:
            for c in a.commands if a.scope == "python-env" else []:
                if c[3] == "install":
                    pins += [w for w in c[4:] if "==" in w]
                else:
                    removed += [w for w in c[4:] if not w.startswith("-")]
        upgrade = fix.action("driver-upgrade")
        if any(a.kind == "install" for a in fix.actions):
            chosen.append((pins, removed, False, upgrade.gate_driver if upgrade else None))
        try:
            pins, _, _, notes = docker_pins(ev, matrix, None, DockerOptions(framework="torch"))
            need = [m.group(1) for n in notes for m in [re.search(r"upgraded to >= (\S+)", n)] if m]
            chosen.append((pins, [], True, need[0] if need else None))
        except InputError:
            pass  # asked for a fact or nothing runs: nothing recommended
        for pins, removed, fresh, driver in chosen:
            if not pins:
                continue
            checked += 1
            for pin in pins:
                name, version = pin.split("==", 1)
                assert failing_installed.get(name) != version, (args, pin)
            after = run_checks(
                _with_build(snap, pins, removed, fresh, driver, matrix), matrix, Policy()
            )
            bad = [
                (f.code, f.found)
                for f in after.findings
                if f.severity == "error"
                and f.category in _BUILD_CATEGORIES
                and not f.code.startswith("EC9")
            ]
            assert bad == [], (args, pins, bad)
    print(f"property checked on {checked} chosen builds")
    assert checked >= 10  # the property was exercised, not vacuous
