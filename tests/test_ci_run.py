"""`.ci/run` on a simulated clean machine: the base Python's site-packages are hidden while the
README's test command runs, and that command's exit status (pytest's 5 included) is CI's.

The script runs for real (a copy in a temporary tree, so nothing here is touched), with fake
`python3` / `pip` / `python` executables on PATH standing in for the interpreter and the test
run: the fake `python3` names a temporary directory as the base site-packages, and the fake
pytest records whether the file in it was visible.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FAKE_PYTHON3 = """\
#!/usr/bin/env bash
# Stands in for the base interpreter: names the fake base site-packages, makes a fake venv.
if [ "$1" = "-c" ]; then echo "$FAKE_BASE_SITE"; exit 0; fi
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin"
  printf 'PATH="%s/bin:$PATH"\\nexport PATH\\n' "$PWD/$3" > "$3/bin/activate"
  printf '#!/usr/bin/env bash\\nexit 0\\n' > "$3/bin/pip"
  cp "$FAKE_PYTEST" "$3/bin/python"
  chmod +x "$3/bin/pip" "$3/bin/python"
  exit 0
fi
echo "fake python3: unexpected $*" >&2; exit 99
"""

FAKE_PYTEST = """\
#!/usr/bin/env bash
# Stands in for `python -m pytest -q`: records what it saw, exits with $FAKE_PYTEST_RC.
if [ -e "$FAKE_BASE_SITE/borrowed.py" ]; then seen=visible; else seen=hidden; fi
echo "$seen $*" > "$FAKE_RECORD"
exit "${FAKE_PYTEST_RC:-0}"
"""


def _tree(tmp_path: Path, extra_bin: dict = None) -> tuple:
    repo = tmp_path / "repo"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", repo / ".ci" / "run")  # no docker-up.sh: no engine
    site = tmp_path / "base-site"
    site.mkdir()
    (site / "borrowed.py").write_text("# a package the base Python happens to have\n")
    fake = tmp_path / "fakebin"
    fake.mkdir()
    (fake / "python3").write_text(FAKE_PYTHON3)
    (tmp_path / "pytest-fake").write_text(FAKE_PYTEST)
    for name, body in (extra_bin or {}).items():
        (fake / name).write_text(body)
    for f in fake.iterdir():
        f.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("ENVCHECK_CI_CLEAN", "VIRTUAL_ENV")}
    env.update(
        PATH=f"{fake}{os.pathsep}{os.environ['PATH']}",
        FAKE_BASE_SITE=str(site),
        FAKE_PYTEST=str(tmp_path / "pytest-fake"),
        FAKE_RECORD=str(tmp_path / "record"),
    )
    return repo, env, tmp_path / "record"


def _run(repo: Path, env: dict, cwd: Path = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", ".ci/run" if cwd is None else str(repo / ".ci" / "run")],
        cwd=str(cwd or repo),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _can_hide() -> str:
    if os.geteuid() != 0:
        return "needs root (mount namespaces)"
    if not shutil.which("unshare"):
        return "unshare not installed"
    if subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode != 0:
        return "unshare -m not permitted in this container"
    return ""


@pytest.mark.skipif(bool(_can_hide()), reason=_can_hide() or "n/a")
def test_the_test_command_runs_with_the_base_site_packages_hidden(tmp_path: Path) -> None:
    repo, env, record = _tree(tmp_path)
    proc = _run(repo, env, cwd=tmp_path)  # started from elsewhere: the re-run must still work
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "hiding the base Python's site-packages" in proc.stdout
    assert record.read_text().split() == [
        "hidden", "-m", "pytest", "-q", "-n", "auto", "--dist", "loadfile"
    ]  # fmt: skip
    # Outside the script nothing changed: the mount lived in the script's own namespace.
    assert (tmp_path / "base-site" / "borrowed.py").exists()


@pytest.mark.parametrize("rc", [1, 5])
def test_a_failed_or_empty_test_run_fails_ci(tmp_path: Path, rc: int) -> None:
    repo, env, record = _tree(tmp_path)
    env["FAKE_PYTEST_RC"] = str(rc)
    proc = _run(repo, env)
    assert record.exists(), proc.stdout + proc.stderr
    assert proc.returncode == rc, proc.stdout + proc.stderr


def test_without_a_mount_namespace_ci_says_why_and_goes_on(tmp_path: Path) -> None:
    refuse = textwrap.dedent(
        """\
        #!/usr/bin/env bash
        echo "unshare: unshare failed: Operation not permitted" >&2
        exit 1
        """
    )
    repo, env, record = _tree(tmp_path, {"unshare": refuse})
    proc = _run(repo, env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    reason = "not root" if os.geteuid() != 0 else "unshare -m is not permitted here"
    assert f"cannot hide the base Python's site-packages ({reason})" in proc.stdout
    assert record.read_text().split()[0] == "visible"


FAKE_DF = """\
#!/usr/bin/env bash
# Stands in for `df -Pk DIR`: the header and one line with $FAKE_DF_KIB free.
echo "Filesystem 1024-blocks Used Available Capacity Mounted on"
echo "/dev/fake 100000000 0 $FAKE_DF_KIB 1% /"
"""


@pytest.mark.parametrize(("free_kib", "warned"), [(1048576, True), (62914560, False)])
def test_ci_says_the_free_disk_and_warns_when_it_is_short(
    tmp_path: Path, free_kib: int, warned: bool
) -> None:
    """Stop 39's CI failed late and obliquely on a full disk ("no space left on device" in a
    Docker build): the script now says the free space first, and warns under 4 GiB."""
    repo, env, record = _tree(tmp_path, {"df": FAKE_DF})
    env["FAKE_DF_KIB"] = str(free_kib)
    proc = _run(repo, env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"ci: free disk at .: {free_kib // 1048576} GiB" in proc.stdout
    assert ("under 4 GiB free" in proc.stdout) is warned
