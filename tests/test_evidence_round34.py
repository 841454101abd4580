"""Round thirty-four: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, snap_of

from envcheck.compat import load_matrix


def _gpu_names(tmp_path: Path, text: str) -> list:
    return [g.name for g in snap_of(tmp_path, text).gpus()]


def test_a_gpu_named_in_a_text_about_gpu_work_is_the_gpu(tmp_path: Path) -> None:
    # baidu-research/warp-ctc#28: "Running GPU tests ... I have GeForce GTX 580." names no
    # CUDA word, yet the one GPU it names is the one the tests run on (a Fermi card, cc 2.0)
    text = (
        "I have these errors when I try to run 'test_gpu':\n\nRunning GPU tests\n"
        "terminate called after throwing an instance of 'std::runtime_error'\n"
        "I have GeForce GTX 580.\n"
    )
    assert _gpu_names(tmp_path, text) == ["GeForce GTX 580"]
    found = judge(tmp_path, text, ["EC215"], load_matrix())
    assert found == [("EC215", "gpu-arch-unsupported", "warning")]


def test_a_gpu_named_in_passing_without_gpu_or_cuda_words_is_no_fact(tmp_path: Path) -> None:
    for text in (
        "GTX 580 prices dropped again this week\n",
        "my old GTX 580 still sits in a drawer\n",
    ):
        assert _gpu_names(tmp_path, text) == [], text
