"""Round thirty-one: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path
from typing import List

from evidence_support import judge, snap_of

from envcheck.compat import load_matrix


def _gpu_names(tmp_path: Path, text: str) -> List[str]:
    return [g.name for g in snap_of(tmp_path, text).gpus()]


def test_a_gpu_name_written_against_chinese_text_is_read(tmp_path: Path) -> None:
    # RVC-Project/Retrieval-based-Voice-Conversion-WebUI#2718: "RTX5090显卡支持？" (does it support
    # the RTX 5090 card?), then "尝试下升级torch" (tried upgrading torch)
    text = (
        "RTX5090显卡支持？\n\n"
        "我以前用3070能正常运行实时变声那些，换了显卡就用不了了。尝试下升级torch\n"
    )
    assert _gpu_names(tmp_path, text) == ["RTX5090"]
    assert judge(tmp_path, text, ["EC215"], load_matrix()) == [
        ("EC215", "gpu-arch-unsupported", "warning")
    ]


def test_a_model_number_running_on_into_latin_letters_is_still_no_gpu(tmp_path: Path) -> None:
    # the boundary after a name is only relaxed for non-Latin script: "RTX3090abc" is no model
    assert _gpu_names(tmp_path, "I use torch on my RTX3090abc box\n") == []
    assert _gpu_names(tmp_path, "I use torch on my RTX3090 box\n") == ["RTX3090"]


def test_the_card_the_reporter_upgraded_from_is_not_the_gpu(tmp_path: Path) -> None:
    # Anjok07/ultimatevocalremovergui#1752: the RTX 3090 is gone; the RTX 50 series card is in
    text = (
        "I upgraded from a RTX 3090\nDemucs v4 htdemucs\nif i open the GPU Conversion options the "
        "process progress will stuck on 5% forever\n"
        "i think all RTX 50 Series card have same issues\n"
    )
    # the family stands for the GPU (compute capability 12.0, no model name)
    assert "RTX 3090" not in _gpu_names(tmp_path, text)
    assert judge(tmp_path, text, ["EC215"], load_matrix()) == [
        ("EC215", "gpu-arch-unsupported", "warning")
    ]


def test_a_card_named_as_the_one_in_use_is_kept(tmp_path: Path) -> None:
    for text in (
        "I upgraded to a RTX 3090 and torch is slow\n",
        "I use torch on a RTX 3090 since I upgraded from Windows 10\n",
    ):
        assert _gpu_names(tmp_path, text) == ["RTX 3090"], text
    # the old card named, then the new one: only the new one is the GPU
    text = "I replaced my old GTX 1080 with an RTX 4090, and now torch fails\n"
    assert _gpu_names(tmp_path, text) == ["RTX 4090"]
