"""Round twenty-eight: readers widened this round, each with its near misses."""

from __future__ import annotations

import pytest
from evidence_support import pats

from envcheck.importers.extract import text_facts


def _torch(text: str) -> list:
    # (a package-list line is read by two readers, each giving the same version)
    return sorted({f.value for f in text_facts(text + "\n", "p") if f.key == "torch.version"})


@pytest.mark.parametrize(
    ("line", "version"),
    [
        # the +cpu tag without its "+" (a Markdown renderer or a retelling lost it)
        ("my torch version is '1.10.0cpu'", "1.10.0+cpu"),
        ("torch==1.10.0+cpu", "1.10.0+cpu"),
        ("torch version: 2.1.0", "2.1.0"),
    ],
)
def test_a_torch_version_with_its_cpu_tag_glued_on_is_the_cpu_build(
    line: str, version: str
) -> None:
    assert _torch(line) == [version]


@pytest.mark.parametrize(
    "line",
    [
        # "cpu" after a space or a word is not a tag
        "torch version is 1.10.0 cpu only machine",
        "torch 1.10.0cpus",
    ],
)
def test_cpu_not_glued_to_the_version_is_no_tag(line: str) -> None:
    assert all("+cpu" not in v for v in _torch(line))


@pytest.mark.parametrize(
    "line",
    [
        "No GPU being used. Careful, inference might be very slow!",
        # Bark's earlier wording (JonathanFly/bark#14)
        "No GPU being used. Careful, Inference might be extremely slow!",
    ],
)
def test_barks_cpu_notice_in_both_its_wordings(line: str) -> None:
    assert "cpu-fallback-notice" in pats(line)


def test_a_slow_inference_without_barks_notice_is_no_cpu_notice() -> None:
    assert "cpu-fallback-notice" not in pats("Careful, inference might be extremely slow on a T4")
