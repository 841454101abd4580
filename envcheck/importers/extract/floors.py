"""Floors that pasted text states: what the software says it needs, as opposed to what the host
has. Software states its floor when it refuses a host, and people quote it:

- a compute capability: "SGlang only supports sm 75 and above", TensorFlow's "The minimum
  required Cuda capability is 3.5", "only supports Ampere GPUs or newer" (``cc_floor``);
- a driver: "requires NVIDIA driver 535 or newer", "The minimum required driver version is
  525.60.13, you have 470.82.01" (``driver_floor``; the "you have" value is the host's driver);
- a CUDA release: "vLLM requires CUDA 12.1 or higher" (``cuda_floor``);
- a Python range, a framework release, a cuDNN: "Requires-Python >=3.8,<3.12", "xformers
  requires PyTorch 2.1.0 or newer. You have 2.0.1", "requires cuDNN 9 or newer".

A floor is not a fact about the host: ``stated_facts`` yields it under its own key, the
extractor keeps it beside the facts read, and checks/stated.py judges it against what the same
text states of the host. ``floor_match`` and ``requirement_values`` tell the prose reader which
number in a sentence is the floor's, so it is never read as the host's value.
"""

from __future__ import annotations

import re
from typing import Callable, List, Optional, Set, Tuple

from envcheck.importers.extract.facts import Fact

# the lower-case words a compute-capability floor holds
# ("sm" alone is in every "nvidia-smi" line of a 1 MB log: the forms of "sm_75" are named)
TRIGGERS = (
    "capabilit",
    "sm_",
    "sm ",
    *(f"sm{d}" for d in "156789"),
    "or newer",
    "or later",
    "and newer",
    "and above",
    "or higher",
)

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


_MORE = (
    r"(?:or\s+(?:higher|above|newer|later|greater|better|more)"
    r"|and\s+(?:above|higher|newer|later|up)|\+)"
)
_ARCH = r"(?P<arch>kepler|maxwell|pascal|volta|turing|ampere|ada(?:\s+lovelace)?|hopper|blackwell)"
_NEEDS = r"(?:requires?|required|requirement|needs?|only\s+supports?|supports?\s+only|minimum)"

_FLOOR = re.compile(
    # "The minimum required Cuda capability is 3.5", "minimum compute capability: 7.0"
    r"\bmin(?:imum|\.)?\s+(?:required\s+|supported\s+)?(?:cuda\s+|gpu\s+)?(?:compute\s+)?"
    r"capability\s*(?:supported\s+by\s+this\s+library\s+)?(?:is|of|:|=|>=)?\s*" + _cc(1) + "|"
    # "requires compute capability >= 7.0", "needs a GPU with compute capability at least 8.0"
    r"\b" + _NEEDS + r"\b[^.;\n]{0,40}?(?:compute\s+)?capability\s*(?:of\s+)?"
    r"(?:>=|≥|at\s+least)\s*" + _cc(2) + "|"
    # AliceVision's "This program needs a CUDA-Enabled GPU (with at least compute capability
    # 2.0)": "at least" before the words
    r"\b" + _NEEDS + r"\b[^.;\n]{0,40}?\bat\s+least\s+(?:cuda\s+)?(?:compute\s+)?capability\s*"
    r"(?:of\s+)?" + _cc(10) + "|"
    # "compute capability of 7.0 or higher", "(Compute Capability 6.0) or newer", "sm 75 and
    # above", "sm_80+"; the sentence must say it is needed (checked below)
    r"(?:(?:compute\s+)?capability\s*(?:of\s+)?\(?\s*"
    + _cc(3)
    + r"|\bsm[ _]?(?P<sm4>\d{1,2}\d)\b)\s*\)?\s*"
    r"(?:\w+\s+)?" + _MORE + "|"
    # cuFFT's "doesn't support signals of half type with compute capability less than SM_53":
    # what is below the value is refused, so the value is the floor
    r"\bcompute\s+capability\s+(?:less|lower)\s+than\s+" + _cc(6) + "|"
    # "the 't' kernel requires 5.0 capability"
    r"\brequires?\s+(?P<cc9>\d{1,2}\.\d)\s+(?:compute\s+)?capability|"
    # CUDA.jl: "Please use a device with at least capability 7.5"
    r"\b(?:device|gpu|card)\s+with\s+at\s+least\s+(?:compute\s+)?capability\s*(?:of\s+)?"
    + _cc(5)
    + "|"
    # "only supports Ampere GPUs or newer", "requires a Volta (or later) GPU", "you will need a
    # GPU with NVIDIA Pascal or newer architecture" (the vendor's name as typed: "NVIIDA")
    r"\b"
    + _NEEDS
    + r"\s+(?:an?\s+)?(?:gpu\s+with\s+)?(?:nv\w*\s+)?"
    + _ARCH
    + r"\W{0,3}(?:\(.{0,40}?\)\s*)?"
    r"(?:gpus?\s+|architecture\s+|cards?\s+|\(\s*)?" + _MORE,
    re.I,
)
# a floor sentence says something is needed: a bare "sm_80+" in a build's arch list is not one
_NEEDED = re.compile(
    r"\b(?:requires?|required|requirement|needs?|supports?|supported|minimum|only|must|"
    r"use a (?:device|gpu|card) with at least|does not have|doesn't have)\b",
    re.I,
)


def _value(m: re.Match[str]) -> Optional[str]:
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


def floor_match(line: str) -> Optional[re.Match[str]]:
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


# --- driver and CUDA floors ---------------------------------------------------------------
# "requires NVIDIA driver 535 or newer", "The minimum required driver version is 525.60.13,
# you have 470.82.01", Omniverse's "graphics driver is unsupported ... The minimum required
# version is 537.58 and current version is 535.104.05", "driver >= 450.80.02 is required".
_DRV = r"[rv]?(?P<drv{n}>[3-9]\d\d(?:\.\d{{1,3}}){{0,2}})(?![\d.]*\d)"


def _drv(n: int) -> str:
    return _DRV.format(n=n)


_DRIVER_FLOOR = re.compile(
    r"\bmin(?:imum|\.)?\s+(?:required\s+|supported\s+)?(?:nvidia\s+)?(?:gpu\s+|graphics\s+)?"
    r"(?:driver\s+)?version\s*(?:is|of|:|=)?\s*" + _drv(1) + "|"
    r"\bmin(?:imum|\.)?\s+(?:required\s+|supported\s+)?(?:nvidia\s+)?(?:gpu\s+|graphics\s+)?"
    r"driver\s*(?:is|of|:|=)?\s*" + _drv(2) + "|"
    r"\b(?:requires?|required|needs?)\s+(?:an?\s+)?(?:nvidia\s+)?(?:gpu\s+|graphics\s+)?driver"
    r"(?:\s+version)?\s*(?:of\s+)?(?:at\s+least\s+|>=\s*|≥\s*)?" + _drv(3) + "|"
    r"\bdriver(?:\s+version)?\s*(?:>=|≥)\s*" + _drv(4) + "|"
    # "an error saying that the driver version must be 379"
    r"\bdriver(?:\s+version)?\s+(?:must|should|has to|needs to)\s+be\s+(?:at\s+least\s+|>=\s*)?"
    + _drv(7)
    + "|"
    # Omniverse / Isaac Sim: "The unsupported driver range: [0.0, 535.129)"
    r"\bunsupported driver range\s*:?\s*\[\s*[\d.]+\s*,\s*" + _drv(6) + r"\s*\)|"
    r"\bdriver(?:\s+version)?\s+"
    + _drv(5)
    + r"\s*(?:\+|or\s+(?:newer|later|higher|above|greater)|and\s+(?:newer|later|higher|above))",
    re.I,
)
# the host's own driver, stated in the same message as the floor
_DRIVER_HAVE = re.compile(
    r"\b(?:you have|current version is|currently installed(?: version)?(?: is)?|installed "
    r"version is|installed driver|found version|but found|your driver is|"
    # Modular's MAX: "MAX requires a minimum driver version of 580 ... Your driver version is
    # 570.211.01" (modular/modular#6519)
    r"your (?:nvidia )?(?:gpu )?driver version is)\s*:?\s*[rv]?"
    r"([3-9]\d\d\.\d{1,3}(?:\.\d{1,3})?)\b",
    re.I,
)
# "requires CUDA 12.1 or higher", "CUDA >= 11.8 is required", "minimum CUDA version is 12.0";
# a compute capability ("CUDA capability 3.5") is not a CUDA release
_CUDA_V = r"(?P<cu{n}>(?:[89]|1[0-4])\.\d)(?!\.?\d)"


def _cu(n: int) -> str:
    return _CUDA_V.format(n=n)


_CUDA_FLOOR = re.compile(
    r"\bmin(?:imum|\.)?\s+(?:required\s+|supported\s+)?cuda(?:\s+(?:toolkit|runtime))?"
    r"(?:\s+version)?\s*(?:is|of|:|=)?\s*" + _cu(1) + "|"
    r"\b(?:requires?|required|needs?)\s+(?:the\s+)?cuda(?:\s+(?:toolkit|runtime))?"
    r"(?:\s+version)?\s*(?:of\s+)?(?:at\s+least\s+|>=\s*|≥\s*)" + _cu(2) + "|"
    r"\b(?:requires?|required|needs?)\s+(?:the\s+)?cuda(?:\s+(?:toolkit|runtime))?"
    r"(?:\s+version)?\s*(?:of\s+)?" + _cu(3) + r"\s*(?:\+|or\s+(?:newer|later|higher|above|greater)"
    r"|and\s+(?:above|newer|later))|"
    r"\bcuda(?:\s+(?:toolkit|runtime))?(?:\s+version)?\s*(?:>=|≥)\s*" + _cu(4) + "|"
    r"\bcuda(?:\s+(?:toolkit|runtime))?\s+" + _cu(5) + r"\s*(?:\+|or\s+(?:newer|later|higher|"
    r"above|greater)|and\s+(?:above|newer|later))\s*(?:is\s+)?(?:required|needed)|"
    # the reporter's contrast: "use ComfyUI - CUDA 13 to run, but nvidia-smi show CUDA
    # Version: 12.4" (what the thing needs, then what the driver gives)
    r"\bcuda\s*(?P<cu6>1[0-4](?:\.\d)?|[89]\.\d)(?!\.?\d)[^\n]{0,80}?\bbut\b[^\n]{0,60}?"
    r"(?:nvidia-smi|driver)\b[^\n]{0,40}?\bcuda(?:\s+version)?\s*:?\s*\d{1,2}\.\d",
    re.I,
)


def _group(m: re.Match[str], prefix: str) -> Optional[str]:
    return next((v for k, v in m.groupdict().items() if k.startswith(prefix) and v), None)


def driver_floor_in(line: str) -> Optional[str]:
    """The driver version ``line`` states as needed ("535", "525.60.13"), or None. A container
    image's requirement list (``brand=tesla,driver>=384,driver<385``) is not one floor."""
    low = line.lower()
    if "driver" not in low or "brand=" in low:
        return None
    m = _DRIVER_FLOOR.search(line)
    if m is None:
        return None
    # "minimum required version is X" must be about the driver: the word stands before it
    if "driver" not in low[: m.end()]:
        return None
    return _group(m, "drv")


def cuda_floor_in(line: str) -> Optional[str]:
    """The CUDA release ``line`` states as needed ("12.1"), or None."""
    low = line.lower()
    if "cuda" not in low or "capabilit" in low or "brand=" in low:
        return None
    if "unsatisfied condition" in low or "--require" in low:
        return None  # nvidia-container-cli's requirement: its own message family judges it
    m = _CUDA_FLOOR.search(line)
    return _group(m, "cu") if m is not None else None


def requirement_values(line: str) -> Set[Tuple[str, str]]:
    """The (fact key, value) pairs a driver or CUDA floor in ``line`` would be misread as: the
    floor's number is never the host's driver, toolkit or framework CUDA."""
    low = line.lower()
    if "driver" not in low and "cuda" not in low:
        return set()
    out: Set[Tuple[str, str]] = set()
    drv = driver_floor_in(line)
    if drv:
        out.add(("driver.version", drv))
    cu = cuda_floor_in(line)
    if cu:
        out.update((k, cu) for k in ("nvcc", "torch.cuda", "driver.cuda", "runtime.cuda"))
    return out


# --- Python, framework and cuDNN ranges ---------------------------------------------------
# "requires Python >= 3.10", "Python 3.9+ is required", "Requires-Python >=3.8,<3.12",
# "supports Python 3.8-3.11"; the value is "FLOOR,CEILING" with either side possibly empty and
# the ceiling exclusive ("<3.12"; "up to 3.11" and "3.8-3.11" are stored as "<3.12").
_PY = r"3\.\d{1,2}"
_PY_NEEDED = re.compile(
    r"\b(?:requires?|required|requirement|needs?|supports?|supported|compatible|only|minimum|"
    r"must)\b|"
    r"requires-python|python_requires",
    re.I,
)
_PY_RANGE = re.compile(
    r"\b(?:requires-python|python_requires)\s*[:=]?\s*['\"]?\s*(?P<spec>[<>=!~,\s\d.*]{3,40})|"
    # (a program's own check: "The Python version must be >= 3.10.9 and < 3.13.0.",
    # bmaltais/kohya_ss#3196)
    r"\bpython\s*(?:version\s*)?(?:must\s+be\s+)?(?P<spec2>(?:>=|≥|>|<=|<)\s*"
    + _PY
    + r"(?:\.\d+)?(?:\s*(?:,|and)\s*(?:>=|>|<=|<)\s*"
    + _PY
    + r")?)|"
    r"\bpython\s*(?:version\s*)?(?:of\s+)?(?:at\s+least\s+)?(?P<floor>" + _PY + r")\s*"
    r"(?:\+|or\s+(?:newer|later|higher|above|greater)|and\s+(?:above|newer|later|up))|"
    r"\bpython\s*(?:version\s*)?(?:at\s+least|>=)\s*(?P<floor2>" + _PY + r")|"
    # Ultralytics' check: "Python 3.7.0 required by YOLOv5, but Python 3.6.9 is currently
    # installed"
    r"\bpython\s*(?P<floor3>" + _PY + r")(?:\.\d+)?\s+(?:is\s+)?required\s+by\b|"
    # "chronos-forecasting requires a python version, minimum is 3.9" (told from Chinese:
    # "对于python版本有要求，最低为3.9")
    r"\bpython\b[^\n]{0,40}?\bminimum\s+(?:is\s+|of\s+)?(?:python\s*)?(?P<floor4>" + _PY + r")\b|"
    r"\bpython\s*(?:versions?\s*)?(?:from\s+)?(?P<lo>" + _PY + r")\s*(?:-|–|to|through)\s*"
    r"(?:python\s*)?(?P<hi>" + _PY + r")\b|"
    # "only supports python 3.12", "supports up to Python 3.11": the newest one
    r"\bonly\s+supports?\s+(?:up\s+to\s+)?python\s*(?P<upto>" + _PY + r")\b(?!\s*(?:\+|and|or))|"
    r"\bsupports?\s+up\s+to\s+python\s*(?P<upto2>" + _PY + r")\b|"
    # "the gym only supports up to 3.8, while you're using Python 3.9": the version without the
    # word (the line names Python elsewhere, or no reader runs)
    r"\bonly\s+supports?\s+up\s+to\s+(?P<upto3>" + _PY + r")\b(?!\s*(?:\+|and|or|\.\d))",
    re.I,
)


def _bump(version: str) -> str:
    """The exclusive ceiling of an inclusive one: 3.11 -> 3.12."""
    major, minor = version.split(".")[:2]
    return f"{major}.{int(minor) + 1}"


def _spec_range(spec: str) -> Optional[str]:
    lo = hi = ""
    for op, v in re.findall(r"(>=|≥|>|<=|<|==|~=)\s*(" + _PY + r")", spec):
        if op in (">=", "≥", "~="):
            lo = v
        elif op == ">":
            lo = _bump(v)
        elif op == "<":
            hi = v
        elif op == "<=":
            hi = _bump(v)
    return f"{lo},{hi}" if lo or hi else None


def python_range_in(line: str) -> Optional[str]:
    """The Python range ``line`` states as needed ("3.9," or "3.8,3.12"), or None."""
    low = line.lower()
    if "python" not in low or not _PY_NEEDED.search(line):
        return None
    m = _PY_RANGE.search(line)
    if m is None:
        return None
    g = m.groupdict()
    if g.get("spec") or g.get("spec2"):
        return _spec_range(g.get("spec") or g.get("spec2") or "")
    floor = g.get("floor") or g.get("floor2") or g.get("floor3") or g.get("floor4")
    if floor:
        return f"{floor},"
    if g.get("lo") and g.get("hi"):
        return f"{g['lo']},{_bump(g['hi'])}"
    upto = g.get("upto") or g.get("upto2") or g.get("upto3")
    if upto:
        return f",{_bump(upto)}"
    return None


# "xformers requires PyTorch 2.1.0 or newer", "requires torch>=2.2", "needs tensorflow >= 2.12"
_PACKAGES = r"(?P<pkg>py)?(?P<name>torch|tensorflow|jaxlib|jax|keras)"
_PKG_FLOOR = re.compile(
    r"\b(?:requires?|required|needs?)\s+(?:an?\s+)?(?:installed\s+)?" + _PACKAGES + r"\b"
    r"(?:\s*version)?\s*(?:(?:>=|≥)\s*(?P<v1>\d+\.\d+(?:\.\d+)?)|(?P<v2>\d+\.\d+(?:\.\d+)?)\s*"
    r"(?:\+|or\s+(?:newer|later|higher|above|greater)))",
    re.I,
)
# "requires cuDNN 9 or newer", "cuDNN >= 8.9 is required", "minimum cuDNN version is 8.6"
_CUDNN_FLOOR = re.compile(
    r"\b(?:requires?|required|needs?)\s+cudnn(?:\s+version)?\s*(?:(?:>=|≥|at\s+least)\s*"
    r"(?P<v1>\d+(?:\.\d+){0,2})|(?P<v2>\d+(?:\.\d+){0,2})\s*(?:\+|or\s+(?:newer|later|higher|"
    r"above)))|\bmin(?:imum)?\s+(?:required\s+)?cudnn(?:\s+version)?\s*(?:is|:|=)?\s*"
    r"(?P<v3>\d+(?:\.\d+){0,2})|\bcudnn\s*(?:>=|≥)\s*(?P<v4>\d+(?:\.\d+){0,2})",
    re.I,
)


def package_floor_in(line: str) -> Optional[str]:
    """``"torch>=2.1.0"`` for a framework floor ``line`` states, or None."""
    m = _PKG_FLOOR.search(line)
    if m is None:
        return None
    return f"{m.group('name').lower()}>={m.group('v1') or m.group('v2')}"


def cudnn_floor_in(line: str) -> Optional[str]:
    m = _CUDNN_FLOOR.search(line) if "cudnn" in line.lower() else None
    return _group(m, "v") if m is not None else None


_YOU_HAVE = re.compile(
    # TensorFlow Probability: "requires TensorFlow version >= 2.3; Detected an installation
    # of version 2.0.0-beta1"
    r"\b(?:you have|but found|found version|installed version is|detected an installation "
    r"of)\s+(?:\w+\s+)?(?:version\s+)?"
    r"v?(\d+\.\d+(?:\.\d+)?(?:\+\w+)?)",
    re.I,
)


# Every floor statement says something is needed; these words (lower case) pick the few
# lines worth reading in a 1 MB log, in one pass for every kind of floor.
_NEED_WORDS = (
    "requir",
    "need",
    "support",
    "minimum",
    "min.",
    "only",
    "must",
    ">=",
    "≥",
    "at least",
    "or newer",
    "or later",
    "or higher",
    "or above",
    "and above",
    "and newer",
    "range",
    "compatible",
    "but nvidia-smi",  # "... CUDA 13 to run, but nvidia-smi show CUDA Version: 12.4"
    "but the driver",
    "but my driver",
)
_MAX_CANDIDATES = 600
# a warning or an error the software printed: "UserWarning:", "RuntimeError:", "FATAL", "[E]"
_REFUSAL = re.compile(r"(?:Warning|Error|Exception)\s*:|\b(?:FATAL|ERROR|WARNING)\b")


def _readers(low: str) -> List[Tuple[str, Callable[[str], Optional[str]]]]:
    """The floor readers whose subject the (lower-case) line names."""
    out: List[Tuple[str, Callable[[str], Optional[str]]]] = []
    if any(t in low for t in TRIGGERS):
        out.append(("cc_floor", floor_in))
    if "driver" in low:
        out.append(("driver_floor", driver_floor_in))
    if "cuda" in low:
        out.append(("cuda_floor", cuda_floor_in))
    if "python" in low:
        out.append(("python_range", python_range_in))
    if any(w in low for w in ("torch", "tensorflow", "jax", "keras")):
        out.append(("package_floor", package_floor_in))
    if "cudnn" in low:
        out.append(("cudnn_floor", cudnn_floor_in))
    return out


def stated_facts(text: str, file: str) -> List[Fact]:
    """Every floor the text states (``cc_floor``, ``driver_floor``, ``cuda_floor``,
    ``python_range``, ``package_floor``, ``cudnn_floor``), one fact per distinct value on the
    line that first states it, and the host's own value a floor message states beside it
    ("you have 470.82.01"). A message wrapped over two lines is read joined as well."""
    from envcheck.importers.extract.lines import candidate_lines, strip_prefix

    lines = text.split("\n")
    out: List[Fact] = []
    seen: Set[Tuple[str, str]] = set()
    for i in candidate_lines(text, _NEED_WORDS)[:_MAX_CANDIDATES]:
        line = strip_prefix(lines[i])[:400]
        nxt = strip_prefix(lines[i + 1])[:200] if i + 1 < len(lines) else ""
        windows = [(i, line), (i, f"{line} {nxt}")]
        if i:  # the previous line, for a message wrapped just before this one
            windows.append((i - 1, f"{strip_prefix(lines[i - 1])[:200]} {line}"))
        for key, reader in _readers(" ".join(w for _, w in windows).lower()):
            at, window, value = _first(reader, windows)
            if value is None or (key, value) in seen:
                continue
            seen.add((key, value))
            where = (file, at + 1, lines[at].strip()[:200])
            if key == "driver_floor" and len(where[2]) >= 200:
                # a long line: the words around the floor ("... 495 or later to support CUDA
                # 11.5"), which EC108 reads for the CUDA release the floor is for
                pos = window.find(value)
                where = (file, at + 1, window[max(0, pos - 80) : pos + 120].strip())
            # a compute-capability floor in the software's own warning or error is its refusal
            # of this GPU ("message"); in a sentence it is only the floor ("prose")
            kind = "message" if key != "cc_floor" or _REFUSAL.search(window) else "prose"
            out.append(Fact(key, value, *where, kind))
            out.extend(_host_value(key, value, window, where))
    return out


def _first(
    reader: Callable[[str], Optional[str]], windows: List[Tuple[int, str]]
) -> Tuple[int, str, Optional[str]]:
    """(line index, text, value) of the first window ``reader`` finds a floor in: the line
    alone, then joined with the next line, then with the previous one (a wrapped message)."""
    for at, window in windows:
        value = reader(window)
        if value is not None:
            return at, window, value
    return windows[0][0], windows[0][1], None


# the Python in use, in the same refusal
_PYTHON_HAVE = re.compile(
    r"\bbut\s+python\s*(3\.\d{1,2}(?:\.\d+)?)\s+is\s+(?:currently\s+)?installed", re.I
)
# the GPU's own compute capability in the same refusal: "but the device ... only has SM_52"
_CC_HAVE = re.compile(
    r"\b(?:device|gpu)\b[^.;\n]{0,60}?\bonly\s+has\s+(?:compute\s+capability\s+)?" + _cc(7), re.I
)


def _host_value(key: str, value: str, window: str, where: Tuple[str, int, str]) -> List[Fact]:
    """The host's own value a floor message states beside the floor."""
    if key == "driver_floor":
        have = _DRIVER_HAVE.search(window)
        return [Fact("driver.version", have.group(1), *where, "message")] if have else []
    if key == "cc_floor":  # "... but the device containing input half tensor only has SM_52"
        have = _CC_HAVE.search(window)
        if not have:
            return []
        cc = have.group("cc7") or f"{int(have.group('sm7')[:-1])}.{have.group('sm7')[-1]}"
        return [Fact("gpu.cc", cc, *where, "message")]
    if key == "python_range":  # "..., but Python 3.6.9 is currently installed"
        have = _PYTHON_HAVE.search(window)
        return [Fact("python", have.group(1), *where, "message")] if have else []
    if key == "package_floor":  # "xformers requires PyTorch 2.1.0 or newer. You have 2.0.1"
        have = _YOU_HAVE.search(window)
        if not have:
            return []
        name = value.split(">=")[0]
        if name in ("torch", "tensorflow", "jax"):
            return [Fact(f"{name}.version", have.group(1), *where, "message")]
        return [Fact("package", have.group(1), *where, "message", name=name)]
    return []
