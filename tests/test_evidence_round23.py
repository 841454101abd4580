"""Round twenty-three: the general part (the interpreter pip and a traceback name outranks a
sentence about Python; GPU names NVIDIA's tables spell otherwise: SUPER and Ti variants, Tesla
K boards, "GTX 3090", a trailing architecture word, "the RTX 5000 series") and the tuning on
this round's sealed pools. Each with the text as real reports print it and its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, snap_of

from envcheck.compat import load_matrix
from envcheck.importers.base import gpu_cc_from_matrix
from envcheck.importers.extract import text_facts
from envcheck.importers.extract.prose import gpu_names, single_gpu_mentioned

# --- the interpreter that ran ---------------------------------------------------------------

PIP_ON_313 = (
    "I'm using Python 3.10 as the README says.\n"
    "$ pip --version\n"
    "pip 24.2 from /home/u/.venv/lib/python3.13/site-packages/pip (python 3.13)\n"
    "$ pip install torch==2.2.0\n"
    "ERROR: Could not find a version that satisfies the requirement torch==2.2.0 "
    "(from versions: 2.6.0, 2.7.0)\n"
    "ERROR: No matching distribution found for torch==2.2.0\n"
)


def test_pip_version_line_outranks_a_sentence_about_python(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, PIP_ON_313)
    assert snap.python.version == "3.13"
    assert ("EC220", "python-unsupported", "error") in judge(
        tmp_path, PIP_ON_313, ["EC220"], load_matrix()
    )


def test_the_sentence_alone_still_states_the_python(tmp_path: Path) -> None:
    text = PIP_ON_313.replace(
        "pip 24.2 from /home/u/.venv/lib/python3.13/site-packages/pip (python 3.13)\n", ""
    )
    assert snap_of(tmp_path, text).python.version == "3.10"
    assert judge(tmp_path, text, ["EC220"], load_matrix()) == []


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ('  File "/opt/conda/lib/python3.8/site-packages/torch/__init__.py", line 190', "fragment"),
        ("pip 23.0.1 from /usr/lib/python3/dist-packages/pip (python 3.11)", "fragment"),
        # a sentence naming the folder layout is prose, as before
        ("I installed Python 3.9 from python.org", "prose"),
    ],
)
def test_interpreter_lines_are_tool_output(line: str, kind: str) -> None:
    facts = [f for f in text_facts(line + "\n", "p") if f.key == "python"]
    assert [f.kind for f in facts] == [kind]


# --- GPU names the tables spell otherwise ---------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("Nvidia GeForce RTX 2060 Super", "7.5"),  # Turing, as the RTX 2060
        ("GeForce RTX 2070SUPER", "7.5"),
        ("NVIDIA GeForce GTX 1650 SUPER", "7.5"),
        ("nVidia GTX 1050 TI", "6.1"),  # Pascal, as the GTX 1050
        ("RTX 3050 Ti", "8.6"),
        ("Tesla K40c", "3.5"),  # a board of the K40
        ("Tesla K20Xm", "3.5"),
        ("GTX 3090", "8.6"),  # no GTX 3090 exists: the RTX 3090
        ("GTX2080TI", "7.5"),
        ("RTX 5070 Blackwell", "12.0"),
        ("Tesla V100 32 GB", "7.0"),
        ("GeForce RTX 208...", "7.5"),  # nvidia-smi's cut name: every RTX 208x is Turing
        ("RTX 4050", "8.9"),  # laptop-only; NVIDIA's CUDA GPUs page lists "GeForce RTX 4050"
        # still unknown: ambiguous, or a model the tables do not list
        ("TITAN X", None),  # GTX TITAN X (5.2) or NVIDIA TITAN X (6.1)
        ("RTX 6000", None),  # Quadro RTX 6000 (7.5) or RTX 6000 Ada (8.9)
        ("RTX 3500 Ada", None),
        ("RTX 2050", None),  # Ampere despite its number: no family rule may guess it
        ("GTX 1660 Ti", "7.5"),  # listed itself
    ],
)
def test_gpu_spellings(name: str, cc: object) -> None:
    assert gpu_cc_from_matrix(name) == cc


def test_variant_spelling_gives_only_the_compute_capability() -> None:
    # the speed of an RTX 2060 SUPER is not the RTX 2060's: the matrix itself stays unknown
    assert load_matrix().gpu("RTX 2060 SUPER") is None


def test_a_plural_names_the_model_once() -> None:
    assert gpu_names("a handful of old but still functional K80s to launch jobs") == ["K80"]
    text = (
        "the CUDA compute capability requirement went up; our cluster has K80s.\n"
        "RuntimeError: No supported GPUs are present on this system.\n"
        "The device Tesla K80 with computed capability 3.7 does not support HOOMD-blue.\n"
    )
    facts = single_gpu_mentioned([("p", text)])
    assert [f.value for f in facts] == ["K80"]


@pytest.mark.parametrize(
    ("text", "cc", "name"),
    [
        (
            "Now that NVIDIA GeForce RTX 5000 series is out, the same issue happens like "
            "when the RTX 4000 series came out with pytorch cuda",
            "12.0",
            "",
        ),
        # the Quadro card of that name stays itself
        ("My GPU is a Quadro RTX 5000 and pytorch cuda fails", "7.5", "Quadro RTX 5000"),
    ],
)
def test_rtx_5000_series_is_the_family(tmp_path: Path, text: str, cc: str, name: str) -> None:
    gpu = snap_of(tmp_path, text + "\n").driver.gpus[0]
    assert gpu.compute_capability == cc
    if name:
        assert name in str(gpu.name)
