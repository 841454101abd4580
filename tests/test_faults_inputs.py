"""Fault injection on what envcheck reads and writes: corrupt, truncated and newer-schema
snapshots, a corrupt matrix data directory, a full disk and unwritable output paths, a hostile
snapshot for `fix --format sh`. Each case runs the real CLI and expects the documented exit
code (design.md: 2 = bad usage or unreadable input) with one clear `envcheck: error:` line on
stderr and no traceback.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List

import pytest
from faults_support import (
    REPO,
    Run,
    Unprivileged,
    assert_clean_error,
    assert_no_crash,
    base_env,
    make_unprivileged,
    remove_tree,
    run_envcheck,
)


@pytest.fixture(scope="module")
def live_snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real snapshot of this machine, as `inspect --json` writes it."""
    path = tmp_path_factory.mktemp("snap") / "node.json"
    run = run_envcheck(["inspect", "--json", "--output", str(path), "--timeout", "3"])
    assert run.returncode == 0, run
    return path


# --- snapshots ----------------------------------------------------------------------------------


def _truncated(src: Path, dst: Path) -> None:
    data = src.read_bytes()
    dst.write_bytes(data[: len(data) // 2])


def _newer(src: Path, dst: Path) -> None:
    data = json.loads(src.read_text())
    data["schema_version"] = 999
    dst.write_text(json.dumps(data))


def _wrong_type(src: Path, dst: Path) -> None:
    data = json.loads(src.read_text())
    data["driver"] = {"status": "ok", "gpus": [{"index": "zero"}]}
    dst.write_text(json.dumps(data))


SNAPSHOT_FAULTS: Dict[str, tuple] = {
    # name: (make the file from the live snapshot, words the one-line error must contain)
    "invalid-json": (lambda s, d: d.write_text("{'schema_version': 1,"), ("not valid JSON",)),
    "truncated": (_truncated, ("not valid JSON",)),
    "newer-schema": (_newer, ("newer", "upgrade")),
    "wrong-type": (_wrong_type, ("index",)),
    "not-an-object": (lambda s, d: d.write_text("[1, 2, 3]"), ("JSON object",)),
    "empty": (lambda s, d: d.write_bytes(b""), ("not valid JSON",)),
    # the same words as a binary --from-report (issue 15), naming the file as that does
    "binary": (
        lambda s, d: d.write_bytes(bytes(range(256)) * 4),
        ("binary data, not a text report or snapshot",),
    ),
    "a-report-not-a-snapshot": (
        lambda s, d: d.write_text('{"report_format": 1, "findings": []}'),
        ("schema_version",),
    ),
    "deeply-nested": (lambda s, d: d.write_text("[" * 100_000 + "]" * 100_000), ("JSON",)),
}


@pytest.mark.parametrize("fault", sorted(SNAPSHOT_FAULTS))
def test_bad_snapshot(fault: str, live_snapshot: Path, tmp_path: Path) -> None:
    make, words = SNAPSHOT_FAULTS[fault]
    path = tmp_path / "node.json"
    make(live_snapshot, path)
    commands = [["verify"], ["fix"]] if fault in ("truncated", "newer-schema") else [["verify"]]
    for command in commands:
        run = run_envcheck([*command, "--snapshot", str(path)], cwd=tmp_path)
        assert_clean_error(run, 2, path.name if fault == "binary" else str(path), *words)


@pytest.mark.parametrize(
    "target",
    ["missing.json", ".", "/dev/zero"],
    ids=["missing", "directory", "endless-device"],
)
def test_unreadable_snapshot_path(target: str, tmp_path: Path) -> None:
    path = target if target.startswith("/") else str(tmp_path / target)
    run = run_envcheck(["verify", "--snapshot", path], cwd=tmp_path, timeout=60)
    assert_clean_error(run, 2, path.rstrip("/."))


def test_good_snapshot_still_judged(live_snapshot: Path, tmp_path: Path) -> None:
    """Control for the cases above: the unbroken file is judged (exit 0 or 1)."""
    run = run_envcheck(["verify", "--snapshot", str(live_snapshot)], cwd=tmp_path)
    assert_no_crash(run)
    assert run.returncode in (0, 1), run


# --- a corrupt matrix ---------------------------------------------------------------------------


def _edit(name: str, change: Callable[[Any], None]) -> Callable[[Path], str]:
    def apply(data_dir: Path) -> str:
        path = data_dir / name
        doc = json.loads(path.read_text())
        change(doc)
        path.write_text(json.dumps(doc, indent=1))
        return name

    return apply


def _invalid_json(name: str) -> Callable[[Path], str]:
    def apply(data_dir: Path) -> str:
        path = data_dir / name
        path.write_text(path.read_text()[:-200])  # cut off: as a half-finished copy leaves it
        return name

    return apply


def _torch_release(doc: Any, version: str = "2.5.1") -> Dict[str, Any]:
    return next(r for r in doc["releases"] if r["version"] == version)


def _bad_specifier(doc: Any) -> None:
    _torch_release(doc)["python"] = ">=3.9,<<3.13"


def _drop_torch_source(doc: Any) -> None:
    del _torch_release(doc)["source"]


def _drop_cuda_source(doc: Any) -> None:
    entry = next(t for t in doc["toolkits"] if t["version"].startswith("12.4"))
    del entry["source"]


def _bad_driver_version(doc: Any) -> None:
    entry = next(t for t in doc["toolkits"] if t["version"].startswith("12.4"))
    entry["min_driver"]["linux"] = "five hundred and fifty"


MATRIX_FAULTS = {
    # name: (break the data dir, command to run, words the error line must contain)
    "torch-invalid-json": (
        _invalid_json("torch.json"),
        ["matrix", "torch", "2.5.1"],
        ("torch.json", "JSON"),
    ),
    "torch-missing-source": (
        _edit("torch.json", _drop_torch_source),
        ["matrix", "torch", "2.5.1"],
        ("torch.json", "2.5.1", "source"),
    ),
    "torch-bad-specifier": (
        _edit("torch.json", _bad_specifier),
        ["matrix", "torch", "2.5.1"],
        ("torch.json", "2.5.1", "python"),
    ),
    "cuda-invalid-json": (
        _invalid_json("cuda.json"),
        ["matrix", "cuda", "12.4"],
        ("cuda.json", "JSON"),
    ),
    "cuda-missing-source": (
        _edit("cuda.json", _drop_cuda_source),
        ["matrix", "cuda", "12.4"],
        ("cuda.json", "12.4", "source"),
    ),
    "cuda-bad-version": (
        _edit("cuda.json", _bad_driver_version),
        ["matrix", "cuda", "12.4"],
        ("cuda.json", "12.4", "min_driver"),
    ),
}


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "compat_data"
    shutil.copytree(REPO / "compat_data", target)
    return target


@pytest.mark.parametrize("fault", sorted(MATRIX_FAULTS))
def test_corrupt_matrix_named_by_file_and_entry(
    fault: str, data_copy: Path, tmp_path: Path
) -> None:
    breaker, args, words = MATRIX_FAULTS[fault]
    breaker(data_copy)
    env = base_env(ENVCHECK_DATA_DIR=str(data_copy))
    # every command that reads the matrix: the one that needs the entry; data info, verify and
    # fix (which validate a data dir given on purpose) for one file each
    others = [["data", "info"], ["verify"], ["fix"]] if "missing-source" in fault else [["verify"]]
    for command in (args, *others):
        run = run_envcheck(command, env=env, cwd=tmp_path)
        assert_clean_error(run, 2, *words)


def test_intact_matrix_copy_is_used(data_copy: Path, tmp_path: Path) -> None:
    """Control: the unbroken copy works through ENVCHECK_DATA_DIR."""
    env = base_env(ENVCHECK_DATA_DIR=str(data_copy))
    run = run_envcheck(["data", "info", "--json"], env=env, cwd=tmp_path)
    assert run.returncode == 0, run
    assert run.json()["origin"] == "ENVCHECK_DATA_DIR"
    for args in (["matrix", "torch", "2.5.1"], ["matrix", "cuda", "12.4"]):
        assert run_envcheck(args, env=env, cwd=tmp_path).returncode == 0


def test_corrupt_user_data_dir_falls_back_to_bundled(tmp_path: Path) -> None:
    """Data installed by `data update` in the user data dir that has since been damaged is
    ignored (with a note) and the bundled data is used: documented in envcheck/compat.py."""
    user_dir = tmp_path / "xdg" / "envcheck" / "compat_data"
    shutil.copytree(REPO / "compat_data", user_dir)
    _invalid_json("torch.json")(user_dir)
    env = base_env(XDG_DATA_HOME=str(tmp_path / "xdg"))
    run = run_envcheck(["data", "info", "--json"], env=env, cwd=tmp_path)
    assert run.returncode == 0, run
    info = run.json()
    assert info["origin"] == "bundled"
    assert "torch.json" in (info["note"] or "")
    verify = run_envcheck(["verify"], env=env, cwd=tmp_path)
    assert_no_crash(verify)
    assert verify.returncode in (0, 1), verify


# --- writing output ----------------------------------------------------------------------------

FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(
    not (FULL.exists() and stat.S_ISCHR(FULL.stat().st_mode)), reason="no /dev/full device"
)
OUTPUT_COMMANDS = {
    "inspect": ["inspect"],
    "inspect-json": ["inspect", "--json"],
    "verify": ["verify"],
    "verify-json": ["verify", "--format", "json"],
    "verify-prometheus": ["verify", "--format", "prometheus"],
    "fix-sh": ["fix", "--format", "sh"],
}


def _dev_listing() -> List[str]:
    return sorted(os.listdir("/dev"))


@needs_dev_full
@pytest.mark.parametrize("name", sorted(OUTPUT_COMMANDS))
def test_output_to_full_disk(name: str, tmp_path: Path) -> None:
    """`--output /dev/full`: exit 2 with ENOSPC; and /dev/full is still the device afterwards
    (an atomic temp-file-and-rename writer must not replace a device node with a file)."""
    before = _dev_listing()
    run = run_envcheck([*OUTPUT_COMMANDS[name], "--output", str(FULL)], cwd=tmp_path)
    assert_clean_error(run, 2, "No space left on device", "/dev/full")
    assert stat.S_ISCHR(os.stat(FULL).st_mode), "/dev/full must still be a character device"
    assert _dev_listing() == before, "no temporary file left in /dev"


@needs_dev_full
@pytest.mark.parametrize(
    "args",
    [["verify"], ["inspect", "--json"], ["matrix", "cuda", "12.4"], ["checks"], ["--help"]],
    ids=lambda a: "-".join(a),
)
def test_stdout_on_a_full_disk(args: List[str], tmp_path: Path) -> None:
    """`envcheck verify > report.txt` on a full disk: exit 2, one line, not an internal error."""
    with open(FULL, "w") as out:
        proc = subprocess.run(
            [sys.executable, "-m", "envcheck", *args],
            stdout=out,
            stderr=subprocess.PIPE,
            env=base_env(),
            cwd=tmp_path,
            timeout=60,
        )
    run = Run(args, proc.returncode, "", proc.stderr.decode(), 0.0)
    assert_clean_error(run, 2, "No space left on device")


def test_output_to_stdout_device(tmp_path: Path) -> None:
    """`--output /dev/stdout` writes to stdout (through a pipe) instead of failing."""
    run = run_envcheck(["verify", "--format", "json", "--output", "/dev/stdout"], cwd=tmp_path)
    assert run.returncode in (0, 1), run
    assert run.json()["summary"]


def test_output_through_a_symlink_is_refused(tmp_path: Path) -> None:
    """envcheck (often root) never writes through a symlink at --output: another user may have
    planted it (issue 16). The link and its target stay as they were (docs/security.md)."""
    real = tmp_path / "reports" / "node.prom"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "current.prom"
    link.symlink_to(real)
    run = run_envcheck(["verify", "--format", "prometheus", "--output", str(link)], cwd=tmp_path)
    assert_clean_error(run, 2, "symbolic link", str(link))
    assert link.is_symlink()
    assert real.read_text() == "old\n"
    assert sorted(p.name for p in real.parent.iterdir()) == ["node.prom"], "no temp file left"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.prom", "reports"]


@pytest.mark.parametrize("name", ["inspect-json", "verify-json", "fix-sh"])
@pytest.mark.parametrize(
    "where, words",
    [("missing-dir/out.txt", ("No such file or directory",)), (".", ("directory",))],
    ids=["missing-directory", "is-a-directory"],
)
def test_output_path_unusable(name: str, where: str, words: tuple, tmp_path: Path) -> None:
    target = tmp_path / where
    before = sorted(os.listdir(tmp_path))
    run = run_envcheck([*OUTPUT_COMMANDS[name], "--output", str(target)], cwd=tmp_path)
    assert_clean_error(run, 2, "cannot write", *words)
    assert sorted(os.listdir(tmp_path)) == before, "nothing written"


@pytest.fixture(scope="module")
def user() -> Iterator[Unprivileged]:
    setup = make_unprivileged()
    if setup is None:
        pytest.skip("cannot run envcheck as an unprivileged user here")
    yield setup
    remove_tree(setup.scratch)


@pytest.mark.parametrize("name", ["inspect-json", "verify-json", "fix-sh"])
def test_output_directory_not_writable(name: str, user: Unprivileged) -> None:
    """An --output directory the (unprivileged) user may not write: exit 2, Permission denied."""
    directory = user.tree("ro-out")
    directory.chmod(0o555)
    target = directory / "report.out"
    run = user.run([*OUTPUT_COMMANDS[name], "--output", str(target)], user.env(), cwd=user.scratch)
    assert_clean_error(run, 2, "Permission denied", str(target))
    assert os.listdir(directory) == []


# --- a hostile snapshot through the line-oriented report formats ---------------------------------
# (`fix --format sh` with a malicious snapshot is covered by tests/test_fix_script.py and
# tests/test_fix_apply.py; here: NHC lines become `scontrol ... Reason=` and Prometheus lines
# are parsed by node_exporter, so an injected newline must not forge a line.)

INJECT = "A100\nERROR: envcheck: forged line\n# TYPE forged gauge\nforged 1"
PROM_LINE = re.compile(
    r"^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*"
    r'|[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\.)*",?)*\})?'
    r" (-?[0-9.]+([eE][-+]?[0-9]+)?|NaN|[-+]Inf))$"
)


@pytest.fixture
def hostile_snapshot(live_snapshot: Path, tmp_path: Path) -> Path:
    data = json.loads(live_snapshot.read_text())
    data["hostname"] = "node1\nforged-node 1"
    data["driver"] = {
        "status": "ok",
        "source": "nvml",
        "version": "470.82.01\nERROR: envcheck: forged",
        "cuda_version": "11.4",
        "gpus": [
            {
                "index": 0,
                "name": INJECT,
                "compute_capability": "8.0",
                "temperature_c": 99,
                "temperature_slowdown_c": 90,
                "uuid": 'GPU-"quoted"\\',
            },
        ],
    }
    data["packages"] = dict(data.get("packages") or {})
    data["packages"]["installed"] = {"torch": "2.5.1+cu124", "torchvision": "0.1\nforged"}
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data))
    return path


def test_hostile_snapshot_cannot_forge_nhc_lines(hostile_snapshot: Path, tmp_path: Path) -> None:
    as_json = run_envcheck(["verify", "--snapshot", str(hostile_snapshot), "--format", "json"])
    assert_no_crash(as_json)
    errors = as_json.json()["summary"]["errors"]
    assert errors >= 1, "the hostile snapshot should still be judged (old driver, new torch)"
    run = run_envcheck(["verify", "--snapshot", str(hostile_snapshot), "--format", "nhc"])
    assert_no_crash(run)
    assert run.returncode == 1, run
    lines = [ln for ln in run.stdout.splitlines() if ln.strip()]
    assert len(lines) == errors, run
    assert not any("forged" in ln and not ln.startswith("ERROR: envcheck: EC") for ln in lines)


def test_hostile_snapshot_cannot_forge_prometheus_lines(hostile_snapshot: Path) -> None:
    run = run_envcheck(["verify", "--snapshot", str(hostile_snapshot), "--format", "prometheus"])
    assert_no_crash(run)
    assert run.returncode == 1, run
    for line in run.stdout.splitlines():
        if line.strip():
            assert PROM_LINE.match(line), f"not a valid exposition line: {line!r}"
    assert not re.search(r"^forged", run.stdout, re.M)


# --- endless or corrupt inputs of the other kinds --------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (["verify", "--policy", "/dev/zero"], ("/dev/zero",)),
        (["verify", "--from-report", "/dev/zero"], ("/dev/zero", "not a report file")),
        (["verify", "--error-log", "/dev/urandom"], ("/dev/urandom", "not a report file")),
        (["fix", "--snapshot", "/dev/zero"], ("/dev/zero",)),
    ],
    ids=["policy", "report", "error-log", "fix-snapshot"],
)
def test_endless_input_devices(args: List[str], words: tuple, tmp_path: Path) -> None:
    """A device that never ends (a typo'd path, `--policy /dev/zero`) is refused after a
    bounded read: exit 2, one line, not a hang or a MemoryError."""
    run = run_envcheck(args, cwd=tmp_path, timeout=60)
    assert_clean_error(run, 2, *words)


@pytest.mark.parametrize(
    "text, words",
    [("[gpus\ncount = 8\n", ("not valid TOML",)), ("[gpus]\ncount = 'eight'\n", ("gpus.count",))],
    ids=["invalid-toml", "wrong-type"],
)
def test_corrupt_policy(text: str, words: tuple, tmp_path: Path) -> None:
    policy = tmp_path / "envcheck.toml"
    policy.write_text(text)
    for args in (["verify", "--policy", str(policy)], ["verify"]):  # explicit, and ./envcheck.toml
        run = run_envcheck(args, cwd=tmp_path)
        assert_clean_error(run, 2, "envcheck.toml", *words)


@pytest.mark.parametrize(
    "text",
    [
        " " * 999_000 + "WARNING:root:No GPU found\n",
        "\t" * 999_000 + "TensorFlow version: 2.4\n",
        "\r" * 999_000 + "x\n",
        " \n" * 499_000 + "hello\n",
    ],
    ids=["spaces", "tabs", "carriage-returns", "blank-lines"],
)
def test_a_megabyte_of_blanks_is_judged_not_hung_on(text: str, tmp_path: Path) -> None:
    """Round thirty-nine found patterns that tried every split of a run of blanks ("^\\s*" over
    blank lines, "\\s*[-*]?\\s*"): 40,000 spaces took 5 s and a megabyte hours. Now a run of
    blanks is kept to 256 characters and the line patterns stop at the line's end: each of
    these is judged (exit 0, nothing recognised but the line itself) well inside the bound."""
    paste = tmp_path / "paste.txt"
    paste.write_bytes(text.encode())
    run = run_envcheck(["verify", "--from-report", str(paste), "-f", "json"], timeout=60)
    assert run.returncode in (0, 1), run
    assert isinstance(json.loads(run.stdout)["findings"], list)
