"""Round thirty-six: the general part, written before this round's pools were scored: a GeForce
series named as a family ("RTX 30xx", "GTX 10-series", "40系显卡") stands for the GPU's compute
capability where every listed model of the series shares one, read from the GPU table; a model
of such a series that the table does not spell ("RTX 3050 OEM") has the series' capability.
Each with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, snap_of

from envcheck.compat import load_matrix
from envcheck.importers import base


@pytest.mark.parametrize(
    ("series", "cc"),
    [("50", "12.0"), ("40", "8.9"), ("30", "8.6"), ("20", "7.5"), ("16", "7.5"), ("10", "6.1")],
)
def test_series_capability_comes_from_the_gpu_table(series: str, cc: str) -> None:
    assert load_matrix().geforce_series_cc(series) == cc


def test_a_series_without_one_capability_names_none() -> None:
    # the GTX 700s mix Kepler (3.0, 3.5) and Maxwell (5.0): a family then names no capability
    assert load_matrix().geforce_series_cc("7") is None
    assert load_matrix().geforce_series_cc("60") is None


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("RTX 3050 OEM", "8.6"),
        ("GTX 1630", "7.5"),
        ("RTX 5090 D", "12.0"),
        # the RTX 2050 is an Ampere part numbered among the Turing 20s: not guessed
        ("RTX 2050", None),
        # workstation boards share the digits but are no GeForce series model
        ("RTX 2000", None),
        ("RTX 4000", None),  # the Quadro RTX 4000 (Turing) unspelled: not the 40 series' 8.9
    ],
)
def test_unspelled_series_models(name: str, cc: object) -> None:
    assert base.gpu_cc_from_matrix(name) == cc


@pytest.mark.parametrize(
    ("text", "cc"),
    [
        ("I have an RTX 30xx card and torch fails\n", "8.6"),
        ("All GTX 10-series GPUs fail with this build\n", "6.1"),
        ("GTX 1000 series cards are not supported?\n", "6.1"),
        ("It crashes on 40 series GPUs\n", "8.9"),
        ("my RTX 20xx laptop\n", "7.5"),
        # "RTX 10xx" is a slip for the GTX 10 series: the number decides
        ("RTX 10xx cards\n", "6.1"),
        ("30系显卡无法运行\n", "8.6"),
        ("10系列显卡报错\n", "6.1"),
        # beside a model the family is a comparison, not this machine's GPU
        ("It works on RTX 30 series, but not on my GTX 1080\n", "6.1"),
        # a number of things in a series, a driver series: no GPU
        ("we ran 30 series of experiments\n", None),
        ("the 535 series driver\n", None),
        ("Windows 10 系统\n", None),
    ],
)
def test_family_stands_for_the_gpu(tmp_path: Path, text: str, cc: object) -> None:
    gpus = snap_of(tmp_path, text).gpus()
    assert (gpus[0].compute_capability if gpus else None) == cc


def test_family_against_a_build_without_its_kernels(tmp_path: Path) -> None:
    # PyTorch 1.6 (CUDA 10.2) has no Ampere kernels; an RTX 30 series card named as a family
    text = "torch==1.6.0\nOn my RTX 30 series card: CUDA error: no kernel image is available\n"
    found = judge(tmp_path, text, ["EC201"], load_matrix())
    assert found and all(f[:2] == ("EC201", "gpu-arch-unsupported") for f in found)
    # the same build on the GTX 10 series runs: no finding
    text = "torch==1.6.0\nOn my GTX 10xx card it is slow\n"
    assert judge(tmp_path, text, ["EC201"], load_matrix()) == []
