"""envcheck.toml: parsing, defaults, and errors that name the key."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from envcheck.errors import InputError
from envcheck.policy import GIB, Policy, load_policy, parse_size


def _write(tmp_path, text: str) -> str:
    p = tmp_path / "envcheck.toml"
    p.write_text(text)
    return str(p)


def test_full_policy(tmp_path):
    path = _write(
        tmp_path,
        """
[gpus]
count = 8
model = "H100"
mig = false

[driver]
min_version = "550.54.15"

[packages]
torch = ">=2.4,<2.6"
Flash_Attn = "2.6.3"

[thresholds]
shm_min_bytes_per_gpu = "2GiB"
cores_per_gpu_min = 6
temperature_margin_c = 3

[kernels]
min_ratio = 0.7
budget_s = 30

[checks]
skip = ["EC504", "storage"]
""",
    )
    p = load_policy(path)
    assert (p.gpu_count, p.gpu_model, p.gpu_mig, p.driver_min_version) == (
        8,
        "H100",
        False,
        "550.54.15",
    )
    assert p.packages == {"torch": ">=2.4,<2.6", "flash-attn": "==2.6.3"}
    assert p.thresholds.shm_min_bytes_per_gpu == 2 * GIB and p.thresholds.cores_per_gpu_min == 6
    assert p.thresholds.shm_min_bytes == GIB  # default kept
    assert (p.kernels.min_ratio, p.kernels.memtest_fraction, p.kernels.budget_s) == (0.7, 0.02, 30)
    assert p.skip == ["EC504", "storage"] and p.source == path


def test_defaults_without_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    p = load_policy(None)
    assert p == Policy() and p.kernels.min_ratio == 0.6 and p.kernels.budget_s == 60


def test_envcheck_toml_in_current_directory_is_used(tmp_path, monkeypatch):
    _write(tmp_path, "[gpus]\ncount = 4\n")
    monkeypatch.chdir(tmp_path)
    assert load_policy(None).gpu_count == 4


def test_typo_names_the_key_and_suggests(tmp_path):
    path = _write(tmp_path, "[thresholds]\nshm_min_byte = 1\n")
    with pytest.raises(InputError) as exc:
        load_policy(path)
    assert str(exc.value) == (
        "envcheck.toml: unknown key 'thresholds.shm_min_byte' (did you mean 'shm_min_bytes'?)"
    )


@pytest.mark.parametrize(
    "text, needle",
    [
        ("[gpu]\ncount = 1\n", "unknown section [gpu] (did you mean 'gpus'?)"),
        ('[gpus]\ncount = "eight"\n', "gpus.count: expected a non-negative integer"),
        ("[gpus]\nmig = 1\n", "gpus.mig: expected true or false"),
        ('[driver]\nmin_version = "latest"\n', "driver.min_version: 'latest' is not a version"),
        ('[packages]\ntorch = ">>2"\n', "packages.torch"),
        ("[kernels]\nmin_ratio = 1.5\n", "kernels.min_ratio: expected a number in (0, 1]"),
        ('[thresholds]\nshm_min_bytes = "lots"\n', "thresholds.shm_min_bytes"),
        ('[checks]\nskip = "EC101"\n', "checks.skip: expected a list of strings"),
        ("gpus = 3\n", "'gpus' must be a table"),
        ("[gpus\n", "not valid TOML"),
    ],
)
def test_bad_values_name_the_key(tmp_path, text, needle):
    with pytest.raises(InputError) as exc:
        load_policy(_write(tmp_path, text))
    assert needle in str(exc.value)


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match="cannot read policy"):
        load_policy(str(tmp_path / "nope.toml"))


def test_parse_size_units():
    assert parse_size("1GiB") == GIB and parse_size("2G") == 2 * GIB
    assert parse_size("1.5GB") == 1_500_000_000 and parse_size(4096) == 4096
    with pytest.raises(ValueError):
        parse_size(True)


def test_cli_typo_in_policy_exits_2_with_one_line(tmp_path):
    path = _write(tmp_path, "[thresholds]\ncores_per_gpu = 4\n")
    snap = os.path.join(os.path.dirname(__file__), "fixtures", "snapshots", "healthy_h100.json")
    r = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--snapshot", snap, "--policy", path],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "envcheck: error: envcheck.toml: unknown key 'thresholds.cores_per_gpu' "
        "(did you mean 'cores_per_gpu_min'?)"
    ]


def test_cli_unknown_code_in_policy_skip_exits_2(tmp_path):
    path = _write(tmp_path, '[checks]\nskip = ["EC5O1"]\n')
    snap = os.path.join(os.path.dirname(__file__), "fixtures", "snapshots", "healthy_h100.json")
    r = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--snapshot", snap, "--policy", path],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert "envcheck.toml: checks.skip: unknown check code or category 'EC5O1'" in r.stderr
