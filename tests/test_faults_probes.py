"""Fault injection on the live-host path: broken nvidia-smi, NVML failing mid-query, ldconfig
missing or hung. Each case runs the real CLI in a subprocess and checks that envcheck neither
crashes nor hangs: `inspect` exits 0 with the fault recorded as a fact, `verify` exits 0 or 1
(never 3) within its time budget, and nothing prints a traceback.

There is no NVML library on the CI machine, so a fake `nvidia-smi` on PATH exercises the
fallback; NVML faults use the fake libnvidia-ml.so.1 the probe tests build
(tests/fixtures/probes/fake_nvml.c, via probes_support.build_fake_nvml).
"""

from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest
from faults_support import (
    BUDGET_S,
    Run,
    assert_no_crash,
    base_env,
    fake_exe,
    path_without,
    run_envcheck,
)
from probes_support import FIXTURES as PROBE_FIXTURES
from probes_support import build_fake_nvml

REAL_NVML = ctypes.util.find_library("nvidia-ml")
needs_no_nvml = pytest.mark.skipif(
    REAL_NVML is not None, reason="a real NVML library is installed: the fallback would not run"
)
XML = PROBE_FIXTURES / "nvidia-smi-q-x-rtx4090-535.xml"  # a real capture, see its .source


def _smi_env(bindir: Path, **extra: str) -> Dict[str, str]:
    env = base_env(**extra)
    env["PATH"] = f"{bindir}{os.pathsep}{env.get('PATH', '')}"
    env.pop("LD_LIBRARY_PATH", None)
    return env


def _driver(run: Run, command: str) -> dict:
    data = run.json()
    return data["snapshot"]["driver"] if command == "verify" else data["driver"]


def _run(command: str, env: Dict[str, str], cwd: Path, timeout_s: float = 2.0) -> Run:
    args = ["inspect", "--json"] if command == "inspect" else ["verify", "--format", "json"]
    run = run_envcheck([*args, "--timeout", f"{timeout_s:g}"], env=env, cwd=cwd)
    assert_no_crash(run)
    assert run.returncode in ((0,) if command == "inspect" else (0, 1)), run
    assert run.seconds < BUDGET_S, run
    return run


# --- nvidia-smi -------------------------------------------------------------------------------

TRUNCATED_XML = XML.read_text()[: len(XML.read_text()) // 2]

SMI_FAULTS = {
    # name: (shell body, expected driver status, a word the detail must contain)
    "hangs": ("exec sleep 30\n", "nvidia-smi-hung", "did not answer"),
    "hangs-with-child": ("sleep 30 &\nsleep 30\n", "nvidia-smi-hung", "did not answer"),
    "segfaults": ("kill -SEGV $$\n", "nvidia-smi-failed", "SIGSEGV"),
    "aborts": ("kill -ABRT $$\n", "nvidia-smi-failed", "SIGABRT"),
    "prints-garbage": (
        "head -c 3000 /dev/urandom\nprintf 'Segmentation fault\\n%%s\\n' \"$*\"\nexit 0\n",
        "nvidia-smi-failed",
        "unreadable",
    ),
    "prints-text": (
        "echo 'WARNING: infoROM is corrupted at gpu 0000:3B:00.0'\necho 'GPU 0: ???'\nexit 0\n",
        "nvidia-smi-failed",
        "unreadable",
    ),
    "truncated-xml": (
        'case "$*" in *-x*) cat "{xml}"; exit 0;; esac\nexit 4\n',
        "nvidia-smi-failed",
        "unreadable",
    ),
    "empty-output": ("exit 0\n", "nvidia-smi-failed", "unreadable"),
}


@pytest.fixture
def smi_dir(tmp_path: Path) -> Path:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    return bindir


CASES = [("inspect", f) for f in sorted(SMI_FAULTS)] + [
    ("verify", f) for f in ("hangs", "segfaults", "prints-garbage", "truncated-xml")
]


@needs_no_nvml
@pytest.mark.parametrize("command, fault", CASES)
def test_broken_nvidia_smi(command: str, fault: str, smi_dir: Path, tmp_path: Path) -> None:
    body, status, word = SMI_FAULTS[fault]
    xml = tmp_path / "truncated.xml"
    xml.write_text(TRUNCATED_XML)
    fake_exe(smi_dir, "nvidia-smi", body.replace("{xml}", str(xml)))
    run = _run(command, _smi_env(smi_dir), tmp_path)
    driver = _driver(run, command)
    assert driver["source"] == "nvidia-smi", driver
    assert driver["status"] == status, driver
    assert word.lower() in (driver.get("detail") or "").lower(), driver
    assert "\n" not in driver["detail"], driver
    # facts that could not be read are unknown with a reason, never invented
    assert isinstance(driver["gpus"], dict) and driver["gpus"].get("unknown"), driver
    assert isinstance(driver["version"], dict) and driver["version"].get("unknown"), driver


@needs_no_nvml
def test_truncated_xml_with_working_csv_keeps_the_csv_facts(smi_dir: Path, tmp_path: Path) -> None:
    """`-q -x` cut off half-way while `--query-gpu` still answers: facts from the CSV, and the
    detail says why the XML was not used."""
    xml = tmp_path / "truncated.xml"
    xml.write_text(TRUNCATED_XML)
    csv = PROBE_FIXTURES / "nvidia-smi-query-gpu-tesla-p100.csv"
    fake_exe(
        smi_dir,
        "nvidia-smi",
        f'case "$*" in *-x*) cat "{xml}"; exit 0;; *--query-gpu*) cat "{csv}"; exit 0;; esac\n'
        "exit 4\n",
    )
    run = _run("inspect", _smi_env(smi_dir), tmp_path)
    driver = _driver(run, "inspect")
    assert driver["status"] == "ok", driver
    assert "unreadable" in driver["detail"], driver
    assert [g["name"] for g in driver["gpus"]] == ["Tesla P100-PCIE-16GB"], driver


@needs_no_nvml
def test_hung_nvidia_smi_default_timeout_verify_budget(smi_dir: Path, tmp_path: Path) -> None:
    """With the default per-probe timeout (5 s), `verify` still returns within budget, and the
    hang is reported as a finding (a hung nvidia-smi is what a GPU that fell off the bus does)."""
    fake_exe(smi_dir, "nvidia-smi", "exec sleep 30\n")
    run = run_envcheck(["verify", "--format", "json"], env=_smi_env(smi_dir), cwd=tmp_path)
    assert_no_crash(run)
    assert run.returncode in (0, 1), run
    assert run.seconds < BUDGET_S, run
    data = run.json()
    assert data["snapshot"]["driver"]["status"] == "nvidia-smi-hung"
    assert data["findings"], "a hung nvidia-smi must not pass silently"


# --- NVML failing mid-query --------------------------------------------------------------------


@pytest.fixture(scope="module")
def fake_nvml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler to build the fake NVML library")
    return build_fake_nvml(tmp_path_factory.mktemp("nvml"))


def _nvml_env(libdir: Path, **fake: str) -> Dict[str, str]:
    env = base_env(**fake)
    env["LD_LIBRARY_PATH"] = str(libdir)
    env["PATH"] = path_without("nvidia-smi")
    return env


NVML_FAULTS: Dict[str, Dict[str, str]] = {
    # GPU 1 is lost after its name was read: later calls on it return GPU_IS_LOST (15)
    "gpu-lost-mid-query": {
        "FAKE_NVML_LOST_AFTER": "nvmlDeviceGetMemoryInfo",
        "FAKE_NVML_LOST_GPU": "1",
    },
    "gpu0-lost-early": {"FAKE_NVML_LOST_AFTER": "nvmlDeviceGetName", "FAKE_NVML_LOST_GPU": "0"},
    "not-supported": {
        "FAKE_NVML_NOT_SUPPORTED": "nvmlDeviceGetTemperature,nvmlDeviceGetPowerUsage,"
        "nvmlDeviceGetEccMode,nvmlDeviceGetComputeRunningProcesses_v3,nvmlDeviceGetPciInfo_v3"
    },
}


@pytest.mark.parametrize("fault", sorted(NVML_FAULTS))
@pytest.mark.parametrize("command", ["inspect", "verify"])
def test_nvml_failing_mid_query(command: str, fault: str, fake_nvml: Path, tmp_path: Path) -> None:
    run = _run(command, _nvml_env(fake_nvml, **NVML_FAULTS[fault]), tmp_path)
    driver = _driver(run, command)
    assert driver["source"] == "nvml", driver
    assert driver["status"] == "ok", driver
    gpus = driver["gpus"]
    assert isinstance(gpus, list) and len(gpus) == 2, driver
    unknowns = [
        (g["index"], k, v["unknown"])
        for g in gpus
        for k, v in g.items()
        if isinstance(v, dict) and set(v) == {"unknown"}
    ]
    assert unknowns, "the injected failures must show as unknown facts"
    if "lost" in fault:
        lost = int(NVML_FAULTS[fault]["FAKE_NVML_LOST_GPU"])
        reasons = [r for i, _k, r in unknowns if i == lost]
        assert any("lost" in r.lower() for r in reasons), unknowns
        other = gpus[1 - lost]
        assert isinstance(other["name"], str), "the healthy GPU keeps its facts"


def test_nvml_hanging_call_is_cut_by_the_timeout(fake_nvml: Path, tmp_path: Path) -> None:
    """An NVML call that never returns (a wedged driver) cannot be interrupted in-process;
    the probe thread is abandoned at the deadline and the section becomes unknown."""
    env = _nvml_env(fake_nvml, FAKE_NVML_HANG="nvmlDeviceGetTemperature")
    for command in ("inspect", "verify"):
        run = _run(command, env, tmp_path)
        driver = _driver(run, command)
        text = str(driver)
        assert "timed out" in text or "unknown" in text, driver


# --- ldconfig ----------------------------------------------------------------------------------

LDCONFIG_FAULTS = {
    "hangs": "exec sleep 30\n",
    "crashes": "kill -SEGV $$\n",
    "garbage": "head -c 2000 /dev/urandom; exit 0\n",
    # junk that happens to hold "=>" (random bytes do, about one run in 30) is no cache either
    "arrow-junk": "printf 'x=>y\\n\\377 => \\001\\n'; exit 0\n",
    "fails": "echo 'ldconfig: Can not open cache file' >&2; exit 1\n",
}


def _libraries(run: Run, command: str) -> List[dict]:
    data = run.json()
    cuda = data["snapshot"]["cuda"] if command == "verify" else data["cuda"]
    return cuda["libraries"]


@pytest.mark.parametrize("command", ["inspect", "verify"])
def test_ldconfig_missing(command: str, tmp_path: Path) -> None:
    """No ldconfig on PATH (a user PATH without /sbin): the probe falls back to /sbin/ldconfig
    when it exists, else the loader cache is unknown — either way no crash."""
    env = base_env(PATH=path_without("ldconfig"))
    run = _run(command, env, tmp_path)
    libs = _libraries(run, command)
    assert isinstance(libs, list) or libs.get("unknown"), libs


def _hide_ldconfig_prefix() -> List[str]:
    """A command prefix that runs its argv with no ldconfig anywhere: a private mount namespace
    with an empty tmpfs over every directory that holds one (the probe also tries /sbin and
    /usr/sbin by absolute path, which PATH tricks cannot hide). Skips when not possible."""
    unshare = shutil.which("unshare")
    if unshare is None or os.geteuid() != 0:
        pytest.skip("hiding /sbin/ldconfig needs unshare(1) and root (a private mount namespace)")
    dirs = sorted(
        {
            os.path.realpath(os.path.dirname(p))
            for p in ["/sbin/ldconfig", "/usr/sbin/ldconfig", shutil.which("ldconfig") or ""]
            if p and os.path.exists(p)
        }
    )
    mounts = " && ".join(f"mount -t tmpfs none {d}" for d in dirs) or "true"
    script = f'{mounts} && ! command -v ldconfig >/dev/null && [ ! -e /sbin/ldconfig ] && exec "$@"'
    probe = subprocess.run(
        [unshare, "-m", "--propagation", "private", "sh", "-c", script, "sh", "true"],
        capture_output=True,
        env=base_env(PATH=path_without("ldconfig")),
    )
    if probe.returncode != 0:
        pytest.skip(f"cannot hide ldconfig in a mount namespace: {probe.stderr.decode()[:200]}")
    return [unshare, "-m", "--propagation", "private", "sh", "-c", script, "sh"]


@pytest.mark.parametrize("command", ["inspect", "verify"])
def test_ldconfig_missing_everywhere(command: str, tmp_path: Path) -> None:
    """No ldconfig at all (minimal containers): the loader-cache part of every library is
    unknown with the reason, and no check concludes that libcuda is missing from it."""
    prefix = _hide_ldconfig_prefix()
    args = ["inspect", "--json"] if command == "inspect" else ["verify", "--format", "json"]
    run = run_envcheck(
        [*args, "--timeout", "2"],
        env=base_env(PATH=path_without("ldconfig")),
        cwd=tmp_path,
        prefix=prefix,
    )
    assert_no_crash(run)
    assert run.returncode in ((0,) if command == "inspect" else (0, 1)), run
    libs = _libraries(run, command)
    cache = [lib for lib in libs if isinstance(lib.get("path"), dict)]
    assert {lib["name"] for lib in cache} >= {"libcuda", "libcudnn"}, libs
    assert all("ldconfig not found" in lib["path"]["unknown"] for lib in cache), cache


@pytest.mark.parametrize("fault", sorted(LDCONFIG_FAULTS))
def test_ldconfig_broken(fault: str, tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    fake_exe(bindir, "ldconfig", LDCONFIG_FAULTS[fault])
    env = base_env()
    env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
    # Only the hang needs the short probe timeout; the others get the default 5 s so a busy
    # machine cannot turn "ldconfig failed" into "probe timed out".
    timeout_s = 2.0 if fault == "hangs" else 5.0
    for command in ("inspect", "verify"):
        run = _run(command, env, tmp_path, timeout_s=timeout_s)
        libs = _libraries(run, command)
        if isinstance(libs, list):
            # what the loader cache would have said is unknown, and the snapshot says so
            assert any(
                isinstance(lib.get("path"), dict) and "ldconfig" in lib["path"]["unknown"]
                for lib in libs
            ), libs
        else:
            assert "ldconfig" in libs["unknown"], libs


@needs_no_nvml
def test_ldconfig_failure_is_not_a_missing_libcuda(tmp_path: Path) -> None:
    """A node with a GPU (nvidia-smi answers) whose ldconfig fails: verify must not report
    "libcuda.so not found by the dynamic loader" (EC304) — it could not look; it skips it."""
    bindir = tmp_path / "bin"
    fake_exe(bindir, "ldconfig", LDCONFIG_FAULTS["fails"])
    fake_exe(bindir, "nvidia-smi", f'case "$*" in *-x*) cat "{XML}"; exit 0;; esac\nexit 4\n')
    env = _smi_env(bindir)
    run = _run("verify", env, tmp_path)
    data = run.json()
    assert isinstance(data["snapshot"]["driver"]["gpus"], list), data["snapshot"]["driver"]
    assert "EC304" not in [f["code"] for f in data["findings"]], data["findings"]
    skipped = {s["code"]: s["reason"] for s in data["skipped"]}
    assert "ldconfig" in skipped.get("EC304", ""), skipped
