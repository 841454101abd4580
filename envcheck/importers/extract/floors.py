"""Compute-capability floors that pasted text states: "SGlang only supports sm 75 and above",
"The minimum required Cuda capability is 3.5", "A GPU with NVIDIA Pascal (Compute Capability
6.0) or newer architecture is required", "the 't' kernel requires 5.0 capability",
"FlashAttention only supports Ampere GPUs or newer".

Software states its own floor in its messages, and people quote it. A floor is not a fact
about the host (the GPU's own compute capability is): it is kept beside the facts read, and
EC207 compares it with the GPU the text names. ``is_floor`` also tells the prose reader that
a compute capability in such a sentence is not the GPU's.
"""

from __future__ import annotations

import re
from typing import List, Optional

from envcheck.importers.extract.facts import Fact

# the lower-case words a floor statement holds, to pick candidate lines cheaply
TRIGGERS = ("capabilit", "sm", "or newer", "or later", "and newer", "and above", "or higher")

# the first compute capability of each architecture (NVIDIA's CUDA GPUs page)
_ARCH_FLOOR = {
    "kepler": "3.0",
    "maxwell": "5.0",
    "pascal": "6.0",
    "volta": "7.0",
    "turing": "7.5",
    "ampere": "8.0",
    "ada": "8.9",
    "hopper": "9.0",
    "blackwell": "10.0",
}



def _cc(n: int) -> str:
    """A compute capability written "7.5", "sm_75", "sm 75" or "sm75" (groups ``smN``, ``ccN``:
    Python's re wants each group name once)."""
    return rf"(?:sm[ _]?(?P<sm{n}>\d{{1,2}}\d)\b|(?P<cc{n}>\d{{1,2}}\.\d)(?!\d|\.\d))"


_MORE = r"(?:or\s+(?:higher|above|newer|later|greater|better|more)|and\s+(?:above|higher|newer|later|up)|\+)"
_ARCH = r"(?P<arch>kepler|maxwell|pascal|volta|turing|ampere|ada(?:\s+lovelace)?|hopper|blackwell)"
_NEEDS = r"(?:requires?|required|requirement|needs?|only\s+supports?|supports?\s+only|minimum)"

_FLOOR = re.compile(
    # "The minimum required Cuda capability is 3.5", "minimum compute capability: 7.0"
    r"\bmin(?:imum|\.)?\s+(?:required\s+|supported\s+)?(?:cuda\s+|gpu\s+)?(?:compute\s+)?"
    r"capability\s*(?:supported\s+by\s+this\s+library\s+)?(?:is|of|:|=|>=)?\s*" + _cc(1) + "|"
    # "requires compute capability >= 7.0", "needs a GPU with compute capability at least 8.0"
    r"\b" + _NEEDS + r"\b[^.;\n]{0,40}?(?:compute\s+)?capability\s*(?:of\s+)?"
    r"(?:>=|≥|at\s+least)\s*" + _cc(2) + "|"
    # "compute capability of 7.0 or higher", "(Compute Capability 6.0) or newer", "sm 75 and
    # above", "sm_80+"; the sentence must say it is needed (checked below)
    r"(?:(?:compute\s+)?capability\s*(?:of\s+)?\(?\s*" + _cc(3) + r"|\bsm[ _]?(?P<sm4>\d{1,2}\d)\b)\s*\)?\s*"
    r"(?:\w+\s+)?" + _MORE + "|"
    # "the 't' kernel requires 5.0 capability"
    r"\brequires?\s+(?P<cc9>\d{1,2}\.\d)\s+(?:compute\s+)?capability|"
    # "only supports Ampere GPUs or newer", "requires a Volta (or later) GPU"
    r"\b" + _NEEDS + r"\s+(?:an?\s+)?(?:nvidia\s+)?" + _ARCH + r"\W{0,3}(?:\(.{0,40}?\)\s*)?"
    r"(?:gpus?\s+|architecture\s+|cards?\s+|\(\s*)?" + _MORE,
    re.I,
)
# a floor sentence says something is needed: a bare "sm_80+" in a build's arch list is not one
_NEEDED = re.compile(
    r"\b(?:requires?|required|requirement|needs?|supports?|supported|minimum|only|must)\b", re.I
)


def _value(m: "re.Match[str]") -> Optional[str]:
    for name, value in m.groupdict().items():
        if not value:
            continue
        if name.startswith("sm"):
            return f"{int(value[:-1])}.{value[-1]}"
        if name.startswith("cc"):
            return value
        if name == "arch":
            return _ARCH_FLOOR[value.split()[0].lower()]
    return None


def floor_match(line: str) -> Optional["re.Match[str]"]:
    """Where ``line`` states a compute-capability floor, or None."""
    low = line.lower()
    if not any(t in low for t in TRIGGERS):
        return None
    m = _FLOOR.search(line)
    if m is None or not _NEEDED.search(line):
        return None
    return m


def floor_in(line: str) -> Optional[str]:
    """The compute capability ``line`` states as a floor ("7.5"), or None."""
    m = floor_match(line)
    return _value(m) if m is not None else None


def stated_floors(text: str, file: str) -> List[Fact]:
    """One ``cc_floor`` fact per distinct floor the text states, on the line that first states
    it (a wrapped message is joined with its next line first)."""
    from envcheck.importers.extract.lines import candidate_lines, strip_prefix

    lines = text.split("\n")
    out: List[Fact] = []
    seen = set()
    for i in candidate_lines(text, TRIGGERS)[:400]:
        line = strip_prefix(lines[i])[:400]
        value = floor_in(line)
        if value is None and i + 1 < len(lines):
            value = floor_in(line + " " + strip_prefix(lines[i + 1])[:200])
        if value is None or value in seen:
            continue
        seen.add(value)
        out.append(Fact("cc_floor", value, file, i + 1, lines[i].strip()[:200], "message"))
    return out
