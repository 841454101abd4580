"""tools/compat_refresh.py: compares compat_data/ with PyPI's JSON API and proposes changes.

Runs the real script in a subprocess on recorded index responses (tests/fixtures/pypi, written
by `compat_refresh.py --record`), on edited copies of them and of the data, and on the live
index when pypi.org answers.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any, Dict, List

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "compat_refresh.py"
FIXTURES = ROOT / "tests" / "fixtures" / "pypi"
DATA = ROOT / "compat_data"


def refresh(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(TOOL), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(ROOT),
    )


def diffs(proc: subprocess.CompletedProcess) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


def copy_tree(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc, indent=1) + "\n")


def test_current_data_matches_the_recorded_index() -> None:
    """After the 2026-12-02 update nothing differs: no spurious proposals."""
    proc = refresh("--offline", str(FIXTURES))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""
    assert "0 difference(s)" in proc.stderr


def test_finds_what_the_data_lacked_before_the_update(tmp_path: Path) -> None:
    """The differences the tool found before this update: remove the entries added from its
    proposal and each is reported again, with the index document as evidence."""
    data = copy_tree(DATA, tmp_path / "data")
    added_jax = {"0.11.1", "0.11.2", "0.12.0", "0.12.0.1"}
    added_cudnn = {"9.24.0", "9.24.1", "9.25.1", "9.26.0", "9.26.1", "9.27.0", "9.28.0", "9.28.1"}
    edit(
        data / "jax.json",
        lambda d: d.update(releases=[r for r in d["releases"] if r["jax"] not in added_jax]),
    )
    edit(
        data / "cudnn.json",
        lambda d: d.update(releases=[r for r in d["releases"] if r["version"] not in added_cudnn]),
    )
    proc = refresh("--offline", str(FIXTURES), "--data", str(data), "--json")
    assert proc.returncode == 1, proc.stderr
    found = diffs(proc)
    jax = {d["what"].split()[1] for d in found if d["package"] == "jax"}
    assert jax == added_jax
    for d in found:
        if d["package"] == "jax":
            assert d["evidence"] == "https://pypi.org/pypi/jax/json"
            assert d["data"] == "absent" and "uploaded 2026-" in d["index"]
    cudnn = {d["what"].split()[1] for d in found if d["package"].startswith("nvidia-cudnn")}
    assert cudnn == added_cudnn  # 9.25.0 is yanked on PyPI: not proposed
    c13 = [d for d in found if "9.28.1" in d["what"]]
    assert c13[0]["package"] == "nvidia-cudnn-cu13"  # only a cu13 wheel exists
    assert c13[0]["evidence"] == "https://pypi.org/pypi/nvidia-cudnn-cu13/json"
    assert len(found) == len(added_jax) + len(added_cudnn)


def test_a_new_release_on_the_index_is_reported(tmp_path: Path) -> None:
    index = copy_tree(FIXTURES, tmp_path / "pypi")

    def add_torch(doc: Dict[str, Any]) -> None:
        doc["releases"]["2.16.0"] = [
            {
                "upload_time": "2026-12-01T10:00:00",
                "yanked": False,
                "requires_python": ">=3.11",
                "python_tags": ["cp311", "cp315"],
            }
        ]
        doc["releases"]["2.17.0rc1"] = doc["releases"]["2.16.0"]  # pre-releases are not news

    edit(index / "torch.json", add_torch)
    proc = refresh("--offline", str(index), "--json")
    assert proc.returncode == 1
    (d,) = diffs(proc)
    assert d == {
        "package": "torch",
        "what": "release 2.16.0 is on the index but not in compat_data",
        "data": "absent",
        "index": "2.16.0 uploaded 2026-12-01",
        "evidence": "https://pypi.org/pypi/torch/json",
    }


def test_python_range_is_judged_by_the_wheels(tmp_path: Path) -> None:
    """torch 2.5.x declares Requires-Python >=3.8.0 but ships cp39 wheels and up: the data's
    >=3.9 is right and is not flagged. A data range that excludes a shipped wheel is."""
    data = copy_tree(DATA, tmp_path / "data")
    torch25 = json.loads((FIXTURES / "torch.json").read_text())["releases"]["2.5.1"][0]
    assert torch25["requires_python"] == ">=3.8.0" and "cp38" not in torch25["python_tags"]

    def narrow(doc: Dict[str, Any]) -> None:
        for r in doc["releases"]:
            if r["version"] == "2.14.1":
                r["python"] = ">=3.11,<3.14"

    edit(data / "torch.json", narrow)
    proc = refresh("--offline", str(FIXTURES), "--data", str(data), "--json")
    found = diffs(proc)
    assert [d["what"] for d in found] == [
        "2.14.1: lowest Python differs",
        "2.14.1: newest Python with a wheel is outside the data's range",
    ]
    assert found[0]["index"] == "wheels for cp310 and up (Requires-Python >=3.10)"
    assert found[1]["index"] == "wheels up to cp314"
    assert proc.returncode == 1


def test_torchvision_pin_that_rejects_its_torch_is_reported(tmp_path: Path) -> None:
    index = copy_tree(FIXTURES, tmp_path / "pypi")
    edit(
        index / "torchvision.json",
        lambda d: d["info"].update(requires_dist=["numpy", "torch==2.16.0"]),
    )
    proc = refresh("--offline", str(index), "--json")
    found = diffs(proc)
    assert [d["what"] for d in found] == [
        "0.29.2 (paired with torch 2.15.0) does not accept that torch"
    ]
    assert found[0]["evidence"] == "https://pypi.org/pypi/torchvision/json"


def test_unreadable_index_is_exit_2(tmp_path: Path) -> None:
    index = copy_tree(FIXTURES, tmp_path / "pypi")
    (index / "jax.json").write_text("{not json")
    proc = refresh("--offline", str(index))
    assert proc.returncode == 2
    assert proc.stderr.startswith("compat_refresh: error:")


def _pypi_answers() -> bool:
    try:
        with urllib.request.urlopen("https://pypi.org/pypi/jax/json", timeout=10) as resp:
            return resp.status == 200
    except OSError:
        return False


@pytest.mark.skipif(not _pypi_answers(), reason="pypi.org does not answer from this machine")
def test_live_index(tmp_path: Path) -> None:
    """On the live index the tool runs, records what it read, and every proposal it makes
    names a pypi.org document; the recording reads back offline to the same answer."""
    proc = refresh("--record", str(tmp_path / "rec"), "--json", timeout=180)
    assert proc.returncode in (0, 1), proc.stderr
    live = diffs(proc)
    for d in live:
        assert d["evidence"].startswith("https://pypi.org/pypi/"), d
    assert (tmp_path / "rec" / "torch.json").is_file()
    again = refresh("--offline", str(tmp_path / "rec"), "--json")
    assert diffs(again) == live
