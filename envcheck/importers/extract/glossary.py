"""Lines written in Chinese, Japanese or Korean, told in the words the readers know.

Many GPU bug reports are written in Chinese (PaddlePaddle, ChatGLM, Qwen, LLaMA-Factory ...):
"cuda版本：11.2", "驱动版本: 450.102.04", "paddle版本：2.3.2", "我的CUDA是12.2.79". The facts are
there, in ASCII, but the words around them ("版本" version, "驱动" driver, "是" is) and the
full-width punctuation ("：", "，") are not what the prose reader looks for. ``translate``
rewrites each such line: full-width forms to ASCII (NFKC), a short glossary of the words that
introduce a fact to their English word, and every other run of CJK characters to a space (it
separates "环境cuda10.2" into words and carries nothing a reader could use). Lines without
CJK characters are left exactly as they are, and the line count never changes, so provenance
keeps its line numbers; the caller shows the original line as the text a fact came from.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Set, Tuple

# Han, kana, hangul and the full-width / CJK punctuation blocks.
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]")
_CJK_RUN = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")

# Longest first: "显卡驱动" (graphics driver) before "显卡" (graphics card).
_WORDS: Tuple[Tuple[str, str], ...] = (
    ("显卡驱动", " driver "),
    ("顯卡驅動", " driver "),
    ("版本号", " version "),
    ("版本號", " version "),
    ("版本", " version "),
    ("バージョン", " version "),
    ("버전", " version "),
    ("驱动", " driver "),
    ("驅動", " driver "),
    ("ドライバー", " driver "),
    ("ドライバ", " driver "),
    ("드라이버", " driver "),
    ("显卡", " GPU "),
    ("顯卡", " GPU "),
    ("操作系统", " OS "),
    ("系统", " OS "),
    ("系統", " OS "),
    # the GeForce series as Chinese reports name them ("50系显卡", "30系列显卡"), after "系统"
    # (system); the RTX / GTX word follows the number (extract.prose reads the family)
    ("50系列", " RTX 50 series "),
    ("50系", " RTX 50 series "),
    ("40系列", " RTX 40 series "),
    ("40系", " RTX 40 series "),
    ("30系列", " RTX 30 series "),
    ("30系", " RTX 30 series "),
    ("20系列", " RTX 20 series "),
    ("20系", " RTX 20 series "),
    ("16系列", " GTX 16 series "),
    ("16系", " GTX 16 series "),
    ("10系列", " GTX 10 series "),
    ("10系", " GTX 10 series "),
    # "我的CUDA是12.2" (my CUDA is 12.2), "cudnn版本为 8.9" (the cuDNN version is 8.9); the
    # words that hold 是 without meaning "is" first
    # "最低为3.9" (the minimum is 3.9): a floor, not the version in use
    ("最低", " minimum "),
    # "onnxruntime无法使用CUDAExecutionProvider" (cannot use: RVC-Boss/GPT-SoVITS#1227) and the
    # shell's "段错误 (核心已转储)" (Segmentation fault (core dumped): Vina-GPU#11)
    ("无法使用", " cannot use "),
    ("無法使用", " cannot use "),
    ("段错误", " Segmentation fault "),
    ("核心已转储", " core dumped "),
    ("但是", " but "),
    ("还是", " or "),
    ("還是", " or "),
    ("不是", " not "),
    ("是", " is "),
    ("为", " is "),
    ("為", " is "),
    ("安装了", " installed "),
    ("安装", " installed "),
    ("安裝", " installed "),
)


def has_cjk(text: str) -> bool:
    return _CJK.search(text) is not None


# "CUDA12.1以上" / "11.8及以上" (12.1 or above): a floor, only right after a version ("以上"
# alone is also "the above": "以上是我的环境", the above is my environment); "必须要" / "需要"
# (must have / need) just before what it asks for (opendatalab/MinerU#1026)
_OR_ABOVE = re.compile(r"(\d)\s*(?:及|或)?以上")
_MUST = re.compile(r"(?:必须要|必须|需要)(?=\s*[A-Za-z])")


def translate_line(line: str) -> str:
    """One line with its CJK words told in English (see the module doc)."""
    line = unicodedata.normalize("NFKC", line)
    if "以上" in line:
        line = _OR_ABOVE.sub(r"\1 or above ", line)
    if "必" in line or "需" in line:
        line = _MUST.sub(" requires ", line)
    for word, english in _WORDS:
        if word in line:
            line = line.replace(word, english)
    return _CJK_RUN.sub(" ", line)


def translate(text: str) -> Tuple[str, Set[int]]:
    """The text with every line that holds CJK characters translated, and the 0-based
    indices of those lines. A text without any is returned as it is (one regex scan)."""
    if not has_cjk(text):
        return text, set()
    lines = text.split("\n")
    changed: Set[int] = set()
    for i, line in enumerate(lines):
        if _CJK.search(line):
            new = translate_line(line)
            if new != line:
                lines[i] = new
                changed.add(i)
    return "\n".join(lines), changed
