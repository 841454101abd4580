"""The importer contract: pasted text -> a *partial* Snapshot.

An importer module has ``NAME`` (shown to users), ``detect(text) -> bool`` and
``parse(text) -> Snapshot``. ``parse`` only fills what the text states:

- a value the text gives is stored as the value;
- a value the text explicitly says is absent (``CUDA used to build PyTorch: None``,
  ``No running processes found``) is stored as ``STATED_NONE``;
- a value the text says it could not collect is ``Unknown(<what the text said>)``;
- everything else stays ``None``.

``finalize`` (run once after merging) turns the remaining ``None`` facts into
``Unknown("not in the report")`` and ``STATED_NONE`` into ``None``, so a check never
mistakes "the report did not say" for "absent".
"""

from __future__ import annotations

import dataclasses
import re
import typing
from typing import Any, Dict, Iterator, List, Optional

from envcheck.snapshot import (
    Cuda,
    CudaToolkit,
    Driver,
    FrameworkDeep,
    Gpu,
    LibraryInstall,
    Packages,
    Snapshot,
    Unknown,
    _hints,
)

NOT_IN_REPORT = "not in the report"
# GPUs read from one report (index 0..MAX_GPUS-1). The largest nodes have 16; a report with
# 40,000 `GPU n:` lines is an attack on the work that follows, not a node (docs/security.md).
MAX_GPUS = 1024


class _StatedNone:
    """Marker: the text says this fact is absent (becomes ``None`` after finalize)."""

    _instance: Optional[_StatedNone] = None

    def __new__(cls) -> _StatedNone:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "STATED_NONE"

    def __bool__(self) -> bool:
        return False


STATED_NONE: Any = _StatedNone()

COULD_NOT_COLLECT = re.compile(r"^[^\S\n]*(could not collect|n/?a|unknown|not found)\s*$", re.I)


def is_set(value: Any) -> bool:
    """True when a partial fact holds a real value (not None, Unknown or STATED_NONE)."""
    return value is not None and not isinstance(value, (Unknown, _StatedNone))


# --- builders used by the importers ---------------------------------------------------------


def driver(snap: Snapshot) -> Driver:
    if not isinstance(snap.driver, Driver):
        snap.driver = Driver()
    return snap.driver


def gpu(snap: Snapshot, index: int) -> Gpu:
    """The GPU with ``index`` (created when new), in O(1): a report may hold 40,000
    ``GPU n:`` lines, and a scan plus a sort per line made that hours of work."""
    drv = driver(snap)
    if not isinstance(drv.gpus, list):
        drv.gpus = []
    gpus = drv.gpus
    if not 0 <= index < MAX_GPUS:  # not a real GPU: parsed into a throwaway, never stored
        return Gpu(index=index)
    cache = _GPU_INDEX.get(id(drv))
    if cache is None or cache[0] is not gpus or cache[1] != len(gpus):
        # Built once, rebuilt only when something else changed the list.
        cache = (gpus, len(gpus), {g.index: g for g in reversed(gpus)})
    found = cache[2].get(index)
    if found is not None:
        _GPU_INDEX[id(drv)] = cache
        return found
    g = Gpu(index=index)
    in_order = not gpus or _order(gpus[-1].index) <= _order(index)
    gpus.append(g)
    if not in_order:  # rare: indices out of order in the text
        gpus.sort(key=lambda x: _order(x.index))
    cache[2][index] = g
    if len(_GPU_INDEX) > 64:  # many snapshots in one process (tests, fuzzing): stay small
        _GPU_INDEX.clear()
    _GPU_INDEX[id(drv)] = (gpus, len(gpus), cache[2])
    return g


def find_gpu(snap: Snapshot, index: int) -> Optional[Gpu]:
    """The GPU with ``index`` when there is one (never created), in O(1) like :func:`gpu`."""
    drv = snap.driver
    if not isinstance(drv, Driver) or not isinstance(drv.gpus, list) or not drv.gpus:
        return None
    gpus = drv.gpus
    cache = _GPU_INDEX.get(id(drv))
    if cache is None or cache[0] is not gpus or cache[1] != len(gpus):
        cache = (gpus, len(gpus), {g.index: g for g in reversed(gpus)})
        if len(_GPU_INDEX) > 64:
            _GPU_INDEX.clear()
        _GPU_INDEX[id(drv)] = cache
    return cache[2].get(index)


# id(Driver) -> (its gpus list, the list's length then, {index: Gpu}); the list identity and
# length tell when the cache is stale. Entries are tiny and live for one command.
_GPU_INDEX: Dict[int, Any] = {}


def _order(index: Any) -> Any:
    return index if isinstance(index, int) else -1


def cuda(snap: Snapshot) -> Cuda:
    if not isinstance(snap.cuda, Cuda):
        snap.cuda = Cuda()
    return snap.cuda


def add_toolkit(snap: Snapshot, version: str, source: str, path: str = "(from report)") -> None:
    c = cuda(snap)
    if not isinstance(c.toolkits, list):
        c.toolkits = []
    if any(t.version == version for t in c.toolkits):
        return
    c.toolkits.append(CudaToolkit(path=path, version=version, version_source=source))


def add_cudnn(snap: Snapshot, version: Any, source: str, path: Any = None) -> None:
    c = cuda(snap)
    if not isinstance(c.cudnn, list):
        c.cudnn = []
    if any(i.version == version and i.path == path for i in c.cudnn):
        return
    c.cudnn.append(LibraryInstall(version=version, source=source, path=path))


def packages(snap: Snapshot) -> Packages:
    if not isinstance(snap.packages, Packages):
        snap.packages = Packages()
    return snap.packages


def add_package(snap: Snapshot, name: str, version: str, overwrite: bool = False) -> None:
    pk = packages(snap)
    if not isinstance(pk.installed, dict):
        pk.installed = {}
    key = normalize_name(name)
    if not key or not version:
        return
    if overwrite or key not in pk.installed:
        pk.installed[key] = version


def deep(snap: Snapshot, name: str) -> FrameworkDeep:
    pk = packages(snap)
    if not isinstance(pk.deep, list):
        pk.deep = []
    for d in pk.deep:
        if d.name == name:
            return d
    d = FrameworkDeep(name=name)
    pk.deep.append(d)
    return d


def normalize_name(name: str) -> str:
    """PEP 503 normalised distribution name, conda's ``pytorch`` mapped to ``torch``."""
    key = re.sub(r"[-_.]+", "-", name.strip()).lower()
    return {"pytorch": "torch"}.get(key, key)


def cuda_major_minor(text: str) -> Optional[str]:
    """ "12.1.105" / "V12.1.105" / "12.1" -> "12.1"; "10.0.130" -> "10.0"."""
    m = re.search(r"(\d+)\.(\d+)", text)
    return f"{int(m.group(1))}.{int(m.group(2))}" if m else None


def stated(value: str, *, parse: Any = None, what: str = "value") -> Any:
    """Interpret a ``Key: value`` answer: a value, Unknown("could not collect"), STATED_NONE."""
    v = value.strip()
    if not v:
        return None
    if COULD_NOT_COLLECT.match(v):
        return Unknown(f"the report says: {v}")
    if v.lower() in ("none", "no", "false") and parse is None:
        return STATED_NONE
    if parse is not None:
        out = parse(v)
        return out if out is not None else Unknown(f"unparseable {what} in the report: {v[:60]}")
    return v


def gpu_cc_from_matrix(name: str) -> Optional[str]:
    """Compute capability for a GPU name, from the bundled matrix; None if unknown.

    A name the matrix does not hold is tried again as ``_NAME_VARIANTS`` respell it, then
    without a "SUPER" / "Ti" suffix: "GTX 3090" is a slip for the RTX 3090 (no GTX 20xx-50xx
    exists); "RTX 5070 Blackwell" adds the architecture to the model, "V100 32 GB" its memory;
    a Tesla K40c / K40m / "K80s" is a board (or a plural) of the K model; a GeForce SUPER or Ti
    model is built on its base model's architecture (RTX 2060 SUPER: Turing, as the RTX 2060),
    and NVIDIA's tables list only some of them. Only the compute capability comes from the base
    model, never its speed (``EnvMatrix.gpu`` still says unknown). A GeForce model of the 10, 16,
    20, 30, 40 or 50 series that no spelling finds ("RTX 5090 D") has the compute capability
    every listed model of its series shares (``Matrix.geforce_series_cc``: 12.0 for the 50s, as
    NVIDIA's CUDA GPUs list gives every one of them); the RTX 2050, an Ampere part numbered
    among the Turing 20s, is left unknown.
    """
    clean = name.strip()
    if not clean.endswith(("...", "\u2026")):  # nvidia-smi's table cuts a long name with "..."
        clean = clean.rstrip(".").strip()
    if not clean:
        return None
    try:
        from envcheck.compat import load_matrix

        matrix = load_matrix()
    except Exception:  # matrix missing or broken: the fact simply stays unknown
        return None
    for spelling in _spellings(clean):
        try:
            spec = matrix.gpu(spelling)
        except Exception:
            return None
        cc = getattr(spec, "compute_capability", None) if spec is not None else None
        if isinstance(cc, str):
            return cc
    m = _GEFORCE_MODEL.search(clean)
    return matrix.geforce_series_cc(m.group(1)) if m else None


def geforce_series_cc(series: str) -> Optional[str]:
    """The compute capability every listed GeForce model of a series shares ("30": 8.6), or
    None (the matrix missing, or the series' models differ)."""
    try:
        from envcheck.compat import load_matrix

        return load_matrix().geforce_series_cc(series)
    except Exception:  # matrix missing or broken: the fact simply stays unknown
        return None


def gpu_name_shared(name: str) -> bool:
    """Whether the matrix holds the name as one NVIDIA sold on GPUs of different compute
    capability (a Fermi and a Kepler "GT 730"): a GPU, whose capability stays unknown."""
    try:
        from envcheck.compat import load_matrix

        return bool(load_matrix().gpu_shared_ccs(name))
    except Exception:  # matrix missing or broken: the name is not read as a GPU
        return False


_NAME_VARIANTS = (
    (re.compile(r"\bGTX\s*(?=[2-5]0[5-9]0)", re.I), "RTX "),
    (
        re.compile(r"\s+(?:Blackwell|Hopper|Ampere|Turing|Volta|Pascal|Maxwell|Kepler)\s*$", re.I),
        "",
    ),
    (re.compile(r"\b(\d{2,3})\s+GB\b", re.I), r"\1GB"),
    (re.compile(r"\b(?:Tesla\s+)?K(10|20|40|80)[a-z]{1,2}\b", re.I), r"Tesla K\1"),
)
# a GeForce model of a series whose models share one compute capability ("RTX 3050 OEM")
_GEFORCE_MODEL = re.compile(r"\b(?:RTX|GTX)\s*(?!2050)(50|40|30|20|16|10)[3-9]0\b", re.I)
_SUFFIX = re.compile(r"\s*\b(?:SUPER|Ti)\b", re.I)


def _spellings(name: str) -> Iterator[str]:
    yield name
    fixed = name
    for pattern, repl in _NAME_VARIANTS:
        fixed = pattern.sub(repl, fixed)
    if fixed != name:
        yield fixed
    base_model = _SUFFIX.sub("", re.sub(r"(\d)(Ti|SUPER)\b", r"\1 \2", fixed, flags=re.I))
    if base_model != fixed:
        yield base_model


# --- merging and finalizing -----------------------------------------------------------------


def _empty(value: Any) -> bool:
    return value is None or isinstance(value, Unknown)


def merge(a: Any, b: Any) -> Any:
    """Merge two partial facts of the same type; ``a`` wins on conflicts, values beat Unknown."""
    if _empty(a):
        return a if (b is None or (isinstance(b, Unknown) and a is not None)) else b
    if _empty(b):
        return a
    if dataclasses.is_dataclass(a) and type(a) is type(b):
        for f in dataclasses.fields(a):
            setattr(a, f.name, merge(getattr(a, f.name), getattr(b, f.name)))
        return a
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(b)
        out.update(a)
        return out
    if isinstance(a, list) and isinstance(b, list):
        return _merge_lists(a, b)
    return a


def _key(item: Any) -> Any:
    if isinstance(item, Gpu):
        return ("gpu", item.index)
    if isinstance(item, FrameworkDeep):
        return ("deep", item.name)
    if isinstance(item, CudaToolkit):
        return ("toolkit", item.version)
    if isinstance(item, LibraryInstall):
        return ("lib", str(item.version), str(item.path))
    if isinstance(item, dict):
        return ("dict", tuple(sorted((str(k), str(v)) for k, v in item.items())))
    if dataclasses.is_dataclass(item):
        return ("dc", repr(item))
    return ("v", repr(item))


def _merge_lists(a: List[Any], b: List[Any]) -> List[Any]:
    out = list(a)
    index = {_key(x): i for i, x in enumerate(out)}
    for item in b:
        k = _key(item)
        if k in index:
            out[index[k]] = merge(out[index[k]], item)
        else:
            index[k] = len(out)
            out.append(item)
    if out and all(isinstance(x, Gpu) for x in out):
        out.sort(key=lambda g: g.index)
    return out


def _allows_unknown(tp: Any) -> bool:
    return typing.get_origin(tp) is typing.Union and Unknown in typing.get_args(tp)


def _oversized(value: Any) -> bool:
    from envcheck.safe_json import MAX_INT_DIGITS

    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and len(str(abs(value))) > MAX_INT_DIGITS
    )


def finalize(value: Any, reason: str = NOT_IN_REPORT) -> Any:
    """None -> Unknown(reason) wherever the schema allows Unknown; STATED_NONE -> None."""
    if isinstance(value, _StatedNone):
        return None
    if isinstance(value, Unknown):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = _hints(type(value))
        for f in dataclasses.fields(value):
            current = getattr(value, f.name)
            if _oversized(current):
                # "Max : 99999999999999991808" is no real fact, and a snapshot holding it could
                # not be read back (safe_json refuses integers over MAX_INT_DIGITS digits).
                too_big = f"not a plausible value ({len(str(abs(current)))} digits)"
                setattr(
                    value, f.name, Unknown(too_big) if _allows_unknown(hints.get(f.name)) else None
                )
            elif current is None and _allows_unknown(hints.get(f.name)):
                setattr(value, f.name, Unknown(reason))
            else:
                setattr(value, f.name, finalize(current, reason))
        return value
    if isinstance(value, list):
        return [finalize(v, reason) for v in value]
    if isinstance(value, dict):
        return {k: finalize(v, reason) for k, v in value.items()}
    return value


def strip_none(data: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None}
