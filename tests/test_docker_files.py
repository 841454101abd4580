"""`envcheck fix --docker` never touches a file it did not write (issue 12, the most serious).

Each test drives the real CLI into a real folder: the user's own files in the output, symlinks
in it, the user's wheel folder, unwritable places, hostile paths, and 32 runs at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docker_support import fake_wheel
from fix_support import FIXTURES, run_envcheck

SNAP = str(FIXTURES / "healthy-h100.json")


def fix_docker(out: Path, *args: str) -> subprocess.CompletedProcess:
    return run_envcheck(
        "fix", "--docker", "--offline", "--framework", "none", "--snapshot", SNAP,
        "--output", str(out), *args,
    )  # fmt: skip


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("envcheck: error: "), proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    return lines[0]


def snapshot_of(folder: Path) -> dict:
    """Every path under ``folder`` -> (kind, content hash / link target, mode)."""
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = Path(root) / name
            st = os.lstat(p)
            if p.is_symlink():
                out[str(p)] = ("link", os.readlink(p), st.st_mode)
            elif p.is_file():
                out[str(p)] = ("file", hashlib.sha256(p.read_bytes()).hexdigest(), st.st_mode)
            else:
                out[str(p)] = ("dir", None, st.st_mode)
    return out


def test_users_own_files_are_refused_with_the_list(tmp_path: Path) -> None:
    out = tmp_path / "project"
    out.mkdir()
    (out / "Dockerfile").write_text("FROM my-own-base\n")
    (out / "compose.yaml").write_text("services: {}\n")
    (out / "train.py").write_text("print('mine')\n")
    before = snapshot_of(out)
    proc = fix_docker(out)
    line = one_line_error(proc)
    assert "refusing to overwrite" in line and "Dockerfile" in line and "compose.yaml" in line
    assert "--force" in line and "train.py" not in line
    assert snapshot_of(out) == before  # nothing written, nothing left behind
    forced = fix_docker(out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert "FROM my-own-base" not in (out / "Dockerfile").read_text()
    assert (out / "train.py").read_text() == "print('mine')\n"  # never deleted


def test_rerun_replaces_its_own_files_but_not_edited_ones(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    assert fix_docker(out).returncode == 0
    manifest = json.loads((out / ".envcheck-manifest.json").read_text())
    for rel, hashes in manifest["files"].items():
        assert hashlib.sha256((out / rel).read_bytes()).hexdigest() in hashes
    again = fix_docker(out, "--shm-size", "32g")
    assert again.returncode == 0, again.stderr
    assert "--shm-size 32g" in (out / "run.sh").read_text()
    (out / "run.sh").write_text((out / "run.sh").read_text() + "# my tweak\n")
    line = one_line_error(fix_docker(out))
    assert "run.sh (changed since envcheck wrote it)" in line
    assert (out / "run.sh").read_text().endswith("# my tweak\n")


def test_wheels_folder_is_never_deleted_without_wheelhouse(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    mine = fake_wheel(out / "wheels", "mylib", "1.0")
    proc = fix_docker(out)
    assert proc.returncode == 0, proc.stderr
    assert mine.is_file()  # today's code removed <out>/wheels/ recursively


def test_wheelhouse_inside_the_output_is_used_in_place(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    wheels = out / "wheels"
    fake_wheel(wheels, "mylib", "1.0")
    before = snapshot_of(wheels)
    proc = fix_docker(out, "--wheelhouse", str(wheels))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert snapshot_of(wheels) == before
    dockerfile = (out / "Dockerfile").read_text()
    assert "COPY wheels/ /tmp/envcheck-build/wheels/" in dockerfile
    assert "!wheels/" in (out / ".dockerignore").read_text()
    assert not any(k.startswith("wheels/") for k in json.loads(
        (out / ".envcheck-manifest.json").read_text())["files"])  # fmt: skip


def test_own_copied_wheels_go_away_when_no_longer_asked_for(tmp_path: Path) -> None:
    wh = tmp_path / "wh"
    fake_wheel(wh, "mylib", "1.0")
    out = tmp_path / "ctx"
    assert fix_docker(out, "--wheelhouse", str(wh)).returncode == 0
    assert (out / "wheels" / "mylib-1.0-py3-none-any.whl").is_file()
    user_file = out / "wheels" / "NOTES.txt"
    user_file.write_text("mine\n")
    proc = fix_docker(out)
    assert proc.returncode == 0, proc.stderr
    assert not (out / "wheels" / "mylib-1.0-py3-none-any.whl").exists()  # ours, unchanged
    assert user_file.read_text() == "mine\n"  # the folder stays: it is not empty
    assert (wh / "mylib-1.0-py3-none-any.whl").is_file()  # the source is untouched


def test_symlinks_in_the_output_are_never_followed(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    assert fix_docker(out).returncode == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    os.chmod(victim, 0o600)
    (out / "run.sh").unlink()
    (out / "run.sh").symlink_to(victim)
    line = one_line_error(fix_docker(out))
    assert "run.sh (a symlink)" in line
    forced = fix_docker(out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert victim.read_text() == "precious\n" and (victim.stat().st_mode & 0o777) == 0o600
    assert not (out / "run.sh").is_symlink() and os.access(out / "run.sh", os.X_OK)
    # a symlinked folder inside the output is refused even with --force
    shutil.rmtree(out / "envcheck-wheel")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / "envcheck-wheel").symlink_to(elsewhere)
    line = one_line_error(fix_docker(out, "--force"))
    assert "envcheck-wheel/ (a symlink" in line and not list(elsewhere.iterdir())


@pytest.mark.parametrize(
    "flag,value",
    [("--output", "ctx\nx"), ("--output", "ctx\x1b[31m"), ("--wheelhouse", "wh\x07\nx")],
)
def test_control_characters_in_paths(tmp_path: Path, flag: str, value: str) -> None:
    args = ["fix", "--docker", "--offline", "--snapshot", SNAP, flag, value]
    if flag != "--output":
        args += ["--output", str(tmp_path / "ctx")]
    proc = run_envcheck(*args, cwd=tmp_path)
    line = one_line_error(proc)
    assert "control characters" in line and "\x1b" not in line


@pytest.mark.parametrize("tag", ["Train:1", "train:1;rm -rf /", "train@sha256:" + "a" * 64, ""])
def test_tag_is_validated(tmp_path: Path, tag: str) -> None:
    line = one_line_error(fix_docker(tmp_path / "ctx", "--tag", tag))
    assert "--tag" in line
    assert not (tmp_path / "ctx").exists()


def test_output_under_a_file_is_a_one_line_error(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("x")
    line = one_line_error(fix_docker(tmp_path / "afile" / "ctx"))
    assert "cannot write the build context" in line
    line = one_line_error(fix_docker(tmp_path / "afile"))
    assert "exists and is not a folder" in line


def _as_nobody() -> list:
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or not setpriv:
        return []
    return [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]


def test_unwritable_folder_and_read_only_file(tmp_path: Path) -> None:
    """As an unprivileged user (root ignores permissions): one line, exit 2, nothing partial."""
    prefix = _as_nobody()
    if os.geteuid() == 0 and not prefix:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    base = tmp_path / "area"
    base.mkdir()
    os.chmod(tmp_path, 0o755)
    locked = base / "locked"
    locked.mkdir()
    os.chmod(base, 0o755)
    os.chmod(locked, 0o555)
    cmd = [*prefix, sys.executable, "-m", "envcheck", "fix", "--docker", "--offline",
           "--framework", "none", "--snapshot", SNAP]  # fmt: skip
    env = {**os.environ, "HOME": str(tmp_path)}
    proc = subprocess.run([*cmd, "--output", str(locked / "ctx")], capture_output=True,
                          text=True, env=env, timeout=120)  # fmt: skip
    if (
        "No module named envcheck" in proc.stderr
        or "Permission denied" in proc.stderr.split("envcheck: error")[0]
    ):
        pytest.skip("the unprivileged user cannot read this checkout")
    line = one_line_error(proc)
    assert "cannot write the build context" in line and "ermission denied" in line
    assert not list(locked.iterdir())
    # an existing context (written by root) in a folder this user cannot write: refused the
    # same way, unchanged; and its read-only files are never opened for writing
    ctx = base / "ctx"
    assert fix_docker(ctx).returncode == 0
    os.chmod(ctx / "Dockerfile", 0o444)
    before = snapshot_of(ctx)
    line = one_line_error(
        subprocess.run(
            [*cmd, "--output", str(ctx), "--shm-size", "8g"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )  # fmt: skip
    )
    assert "cannot write the build context" in line
    assert snapshot_of(ctx) == before


def test_32_concurrent_runs_into_one_folder(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    cmd = [sys.executable, "-m", "envcheck", "fix", "--docker", "--offline", "--framework",
           "none", "--snapshot", SNAP, "--output", str(out)]  # fmt: skip
    procs = [
        subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(32)
    ]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert all(code == 0 for code, _ in results), [r for r in results if r[0] != 0][:3]
    manifest = json.loads((out / ".envcheck-manifest.json").read_text())
    for rel, hashes in manifest["files"].items():
        assert hashlib.sha256((out / rel).read_bytes()).hexdigest() in hashes, rel
    leftovers = [p.name for p in out.parent.iterdir() if p.name != "ctx"]
    leftovers += [p.name for p in out.iterdir() if p.name.startswith(".envcheck-tmp")]
    assert not leftovers
    # one complete context, not a mix: one wheel, an executable run.sh (issue 16 item 9 too)
    assert len(list((out / "envcheck-wheel").glob("*.whl"))) == 1
    assert os.access(out / "run.sh", os.X_OK)
    assert fix_docker(out).returncode == 0  # and the result is a context it recognises


def test_a_hand_edited_manifest_cannot_reach_outside(tmp_path: Path) -> None:
    out = tmp_path / "ctx"
    assert fix_docker(out).returncode == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    inner = tmp_path / "elsewhere"
    inner.mkdir()
    (inner / "x.whl").write_text("mine\n")
    (out / "linked").symlink_to(inner)
    path = out / ".envcheck-manifest.json"
    manifest = json.loads(path.read_text())
    digest = hashlib.sha256(b"precious\n").hexdigest()
    manifest["files"]["../victim.txt"] = [digest]
    manifest["files"][str(victim)] = [digest]
    manifest["files"]["linked/x.whl"] = [hashlib.sha256(b"mine\n").hexdigest()]
    manifest["dirs"] += ["..", "linked"]
    path.write_text(json.dumps(manifest))
    proc = fix_docker(out)
    assert proc.returncode == 0, proc.stderr
    assert victim.read_text() == "precious\n" and (inner / "x.whl").is_file()
    assert (out / "linked").is_symlink()
