"""The compatibility data's file format: its envelope, the schema of each file (written in
code: each validator returns an error text or None) and the reading of one file's bytes.

``envcheck.compat`` loads the files through ``parse_document`` and answers questions about
them; ``envcheck data`` validates downloaded bundles with ``validate_document``.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Dict, Optional, Tuple

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import Version

from envcheck.errors import InputError

FORMAT = "envcheck-compat/1"
BUNDLE_FORMAT = "envcheck-compat-bundle/1"
MANIFEST_FORMAT = "envcheck-compat-manifest/1"
MANIFEST_NAME = "MANIFEST.json"

# The data files and the top-level lists each must hold (all files are required).
FILES: Dict[str, Tuple[str, ...]] = {
    "cuda": ("toolkits", "minor_compat", "toolkit_archs"),
    "gpus": ("gpus",),
    "cudnn": ("releases",),
    "nccl": ("releases",),
    "glibc": ("wheels",),
    "torch": ("releases",),
    "tensorflow": ("releases",),
    "jax": ("releases",),
}

MAX_VERSION_CHARS = 64  # the longest real version string is about 30 characters


def version_or_none(text: Any) -> Optional[Version]:
    """Parse a version; None when it is not one."""
    if text is None:
        return None
    text = str(text).strip()
    if len(text) > MAX_VERSION_CHARS:  # `matrix cuda <5000 digits>`: not a version, no int()
        return None
    try:
        return Version(text)
    except ValueError:  # InvalidVersion, or a component past int()'s digit limit
        return None


_v = version_or_none


# --------------------------------------------------------------------------------------------
# Schema (in code): each validator returns an error text or None


_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DRIVER_RE = re.compile(r"^\d+(\.\d+){0,2}$")
_CC_RE = re.compile(r"^\d+\.\d+$")
_SM_RE = re.compile(r"^\d+[af]?$")
_ARCH_ENTRY_RE = re.compile(r"^(sm|compute)_\d+[af]?$")

Check = Callable[[Any], Optional[str]]


def _str(x: Any) -> Optional[str]:
    return None if isinstance(x, str) and x.strip() else "is not a non-empty string"


def _url(x: Any) -> Optional[str]:
    return None if isinstance(x, str) and re.match(r"^https://\S+$", x) else "is not an https URL"


def _http_url(x: Any) -> Optional[str]:
    ok = isinstance(x, str) and re.match(r"^https?://\S+$", x)
    return None if ok else "is not an http(s) URL"


def _date(x: Any) -> Optional[str]:
    return None if isinstance(x, str) and _DATE_RE.match(x) else "is not a date (YYYY-MM-DD)"


def _version(x: Any) -> Optional[str]:
    return None if isinstance(x, str) and _v(x) is not None else "is not a valid version"


def _spec(x: Any) -> Optional[str]:
    if not isinstance(x, str):
        return "is not a valid specifier"
    try:
        for part in x.split("||"):  # " || " joins ranges (TensorFlow 1.x: Python 2.7 and 3.x)
            SpecifierSet(part.strip())
    except InvalidSpecifier:
        return "is not a valid specifier"
    return None


def _driver(x: Any) -> Optional[str]:
    ok = isinstance(x, str) and _DRIVER_RE.match(x)
    return None if ok else "is not a driver version (e.g. 525.60.13)"


def _int(x: Any) -> Optional[str]:
    return None if isinstance(x, int) and not isinstance(x, bool) else "is not an integer"


def _num(x: Any) -> Optional[str]:
    ok = isinstance(x, (int, float)) and not isinstance(x, bool)
    return None if ok else "is not a number"


def _bool(x: Any) -> Optional[str]:
    return None if isinstance(x, bool) else "is not true/false"


def _ccv(x: Any) -> Optional[str]:
    return None if isinstance(x, str) and _CC_RE.match(x) else "is not a compute capability (9.0)"


def _ngc_release(x: Any) -> Optional[str]:
    ok = isinstance(x, str) and re.fullmatch(r"\d\d\.\d\d", x)
    return None if ok else "is not an NGC release (23.10)"


def _opt(check: Check) -> Check:
    def inner(x: Any) -> Optional[str]:
        return None if x is None else check(x)

    return inner


def _list(check: Check) -> Check:
    def inner(x: Any) -> Optional[str]:
        if not isinstance(x, list):
            return "is not a list"
        for i, item in enumerate(x):
            err = check(item)
            if err:
                return f"[{i}] {err}"
        return None

    return inner


def _choice(*allowed: str) -> Check:
    def inner(x: Any) -> Optional[str]:
        return None if x in allowed else f"is not one of {', '.join(allowed)}"

    return inner


def _regex(rx: re.Pattern, what: str) -> Check:
    def inner(x: Any) -> Optional[str]:
        return None if isinstance(x, str) and rx.match(x) else f"is not {what}"

    return inner


def _any(x: Any) -> Optional[str]:
    return None


# A "shape": {field: (required, check)}; nested objects use _obj(shape).
Shape = Dict[str, Tuple[bool, Check]]


def _obj(shape: Shape, top: bool = False) -> Check:
    def inner(x: Any) -> Optional[str]:
        return _check_obj(x, shape, top)

    return inner


def _check_obj(x: Any, shape: Shape, top: bool) -> Optional[str]:
    if not isinstance(x, dict):
        return "is not an object"
    if top:
        for key, check in (("source", _url), ("checked", _date)):
            if key not in x:
                return f"'{key}' is missing"
            err = check(x[key])
            if err:
                return f"'{key}' {err}"
        if "note" in x and x["note"] is not None and not isinstance(x["note"], str):
            return "'note' is not a string"
        if "unconfirmed" in x and _list(_str)(x["unconfirmed"]):
            return "'unconfirmed' is not a list of field names"
    for key, (required, check) in shape.items():
        if key not in x:
            if required:
                return f"'{key}' is missing"
            continue
        err = check(x[key])
        if err:
            return f"'{key}' {err}"
    return None


_DRIVERS: Shape = {"linux": (False, _opt(_driver)), "windows": (False, _opt(_driver))}
_NOTE_OBJ: Shape = {"text": (False, _opt(_str))}

SCHEMA: Dict[str, Dict[str, Shape]] = {
    "cuda": {
        "toolkits": {
            "version": (True, _version),
            "label": (False, _opt(_str)),
            "min_driver": (True, _obj(_DRIVERS)),
            "driver_branch": (False, _opt(_int)),
            "number_note": (False, _opt(_str)),
        },
        "minor_compat": {
            "major": (True, _int),
            "min_driver": (True, _obj(_DRIVERS)),
            "min_branch": (False, _opt(_int)),
            "caveats": (False, _opt(_list(_str))),
        },
        "toolkit_archs": {
            "cuda": (True, _spec),
            "sm": (True, _list(_regex(_SM_RE, "an sm number like 90"))),
        },
    },
    "gpus": {
        "gpus": {
            "name": (True, _str),
            "aliases": (False, _opt(_list(_str))),
            "compute_capability": (True, _ccv),
            "architecture": (False, _opt(_str)),
            "memory_bandwidth_gbs": (False, _opt(_num)),
            "fp32_tflops": (False, _opt(_num)),
            "tf32_tflops": (False, _opt(_num)),
            "fp16_tflops": (False, _opt(_num)),
            "bf16_tflops": (False, _opt(_num)),
            "slowdown_temp_c": (False, _opt(_num)),
            "spec_source": (False, _opt(_http_url)),  # some datasheets are http only
        },
        "shared_names": {
            "name": (True, _str),
            "aliases": (False, _opt(_list(_str))),
            "compute_capabilities": (True, _list(_ccv)),
            "architectures": (False, _opt(_list(_str))),
        },
    },
    "cudnn": {
        "releases": {
            "version": (True, _version),
            "cuda": (
                True,
                _list(
                    _obj(
                        {
                            "major": (False, _opt(_int)),
                            "cuda": (False, _opt(_spec)),
                            "min_driver": (False, _opt(_obj(_DRIVERS))),
                        }
                    )
                ),
            ),
        },
    },
    "nccl": {
        "releases": {
            "version": (True, _version),
            "cuda": (True, _list(_any)),
        },
    },
    "glibc": {
        "wheels": {
            "package": (True, _str),
            "versions": (True, _spec),
            "manylinux": (False, _opt(_str)),
            "glibc_min": (True, _version),
        },
    },
    "torch": {
        "releases": {
            "version": (True, _version),
            "python": (True, _spec),
            "torchvision": (False, _opt(_version)),
            "torchaudio": (False, _opt(_version)),
            "torchvision_series": (False, _opt(_version)),
            "pypi_default": (False, _opt(_str)),
            "variants": (
                True,
                _list(
                    _obj(
                        {
                            "tag": (True, _str),
                            "cuda": (False, _opt(_version)),
                            "index_url": (False, _opt(_url)),
                            "arch_list": (
                                False,
                                _opt(_list(_regex(_ARCH_ENTRY_RE, "an arch like sm_90"))),
                            ),
                            "ptx": (
                                False,
                                _opt(_list(_regex(_ARCH_ENTRY_RE, "an arch like compute_90"))),
                            ),
                            "cudnn": (False, _opt(_str)),
                            "nccl": (False, _opt(_str)),
                            "platforms": (False, _opt(_list(_str))),
                            "arch_list_windows": (
                                False,
                                _opt(_list(_regex(_ARCH_ENTRY_RE, "an arch like sm_90"))),
                            ),
                            "ptx_windows": (
                                False,
                                _opt(_list(_regex(_ARCH_ENTRY_RE, "an arch like compute_90"))),
                            ),
                        }
                    )
                ),
            ),
        },
        # releases older than `releases` covers: only the CUDA of the plain `pip install
        # torch==X` wheel (no +cuXYZ tag), to judge a pasted torch version; never recommended
        "pip_defaults": {
            "version": (True, _version),
            "cuda": (True, _version),
            "torchvision": (False, _opt(_version)),
        },
        # releases older than `releases` covers: the torchvision / torchaudio the install
        # commands paired with them (EC230 compares the minor series, see companions())
        "companions": {
            "version": (True, _version),
            "torchvision": (True, _version),
            "torchaudio": (False, _opt(_version)),
        },
        # minor series older than `releases` covers (1.0-1.11): the supported CPython range of
        # the pytorch/vision README's "older versions" table, for EC220 only
        "python_series": {
            "version": (True, _version),
            "python": (True, _spec),
        },
        # releases older than `releases` covers (1.8-1.11): the architectures pytorch/builder's
        # release-branch scripts compiled into the pip wheels and the conda packages, by the
        # CUDA they were built with, for EC201/EC202 when a paste states such a build
        "legacy_arch_lists": {
            "version": (True, _spec),
            "channel": (True, _str),
            "cuda": (True, _spec),
            "arch_list": (True, _list(_regex(_ARCH_ENTRY_RE, "an arch like sm_70"))),
            "ptx": (True, _list(_regex(_ARCH_ENTRY_RE, "an arch like compute_37"))),
            "see_also": (False, _opt(_list(_url))),
        },
    },
    "tensorflow": {
        "releases": {
            "version": (True, _version),
            "python": (True, _spec),
            "cuda": (False, _opt(_version)),
            "cudnn": (False, _opt(_version)),
            "package": (False, _opt(_str)),
            "platform": (False, _opt(_str)),
            "pip_extra_cuda": (False, _opt(_bool)),
        },
    },
    "jax": {
        "releases": {
            "jax": (True, _version),
            "jaxlib": (False, _opt(_version)),
            "python": (True, _spec),
            "plugins": (
                False,
                _opt(
                    _list(
                        _obj(
                            {
                                "name": (True, _str),
                                "cuda": (False, _opt(_spec)),
                                "cudnn": (False, _opt(_spec)),
                                "min_driver_linux": (False, _opt(_driver)),
                            }
                        )
                    )
                ),
            ),
        },
    },
    # Optional file (not in FILES): older user data dirs without it fall back to the bundled one.
    "floors": {
        "architectures": {
            "architecture": (True, _str),
            "compute_capabilities": (True, _list(_ccv)),
            "first_cuda": (False, _opt(_version)),
            "last_cuda_major": (False, _opt(_int)),
            "last_driver_branch": (False, _opt(_int)),
        },
        "cudnn": {
            "cudnn": (True, _spec),
            "cuda_major": (True, _int),
            "min_cc": (True, _ccv),
        },
        "libraries": {
            "package": (True, _str),
            "versions": (True, _spec),
            "min_cc": (True, _ccv),
            "severity": (True, _choice("error", "warning")),
        },
        "drivers": {
            "package": (True, _str),
            "versions": (True, _spec),
            "min_driver": (True, _driver),
            "cc_below": (False, _opt(_ccv)),
            "severity": (True, _choice("error", "warning")),
        },
        "cuda_builds": {
            "package": (True, _str),
            "versions": (True, _spec),
            "cuda_major": (True, _int),
            "cudnn_major": (False, _opt(_int)),
            "severity": (True, _choice("error", "warning")),
            # the build's CUDA to the minor, where the source states it (Paddle's wheels)
            "cuda": (False, _opt(_version)),
            # the release suffix that names the build (paddlepaddle-gpu "2.5.2.post117": post117)
            "suffix": (False, _opt(_str)),
        },
        # a package's releases that need given releases of another package (a framework or its
        # compiler): xformers 0.0.19 pins torch==2.0.0, torch 2.1 pins triton==2.1.0
        "pins": {
            "package": (True, _str),
            "versions": (True, _spec),
            "needs": (True, _str),
            "needs_versions": (True, _spec),
            "severity": (True, _choice("error", "warning")),
        },
        # NGC container releases (nvcr.io/nvidia/pytorch:23.10-py3): the CUDA a monthly
        # release is based on, the driver its release notes ask for, the older driver branches
        # that run it on data-center GPUs (CUDA forward compatibility), its GPU floor
        # the newest gcc (major, or major.minor) a CUDA toolkit's nvcc accepts as host compiler
        "host_compilers": {
            "cuda": (True, _spec),
            "max_gcc": (True, _version),
        },
        "containers": {
            "images": (True, _list(_str)),
            "release": (True, _ngc_release),
            "cuda": (True, _version),
            "min_driver": (True, _driver),
            "datacenter_drivers": (True, _opt(_list(_driver))),
            "min_cc": (False, _opt(_ccv)),
        },
    },
}
# Sections added after a file kind first shipped: a data dir written before them (by `data
# update`) lacks them and stays valid.
_OPTIONAL_SECTIONS = {
    ("gpus", "shared_names"),
    ("floors", "libraries"),
    ("floors", "drivers"),
    ("floors", "cuda_builds"),
    ("floors", "pins"),
    ("floors", "containers"),
    ("floors", "host_compilers"),
    ("torch", "pip_defaults"),
    ("torch", "companions"),
    ("torch", "python_series"),
    ("torch", "legacy_arch_lists"),
}

# Which field names an entry in each list (for error messages: "releases[3] (2.5.1)").
_ENTRY_LABEL = ("version", "name", "jax", "package", "major", "cuda")


def _entry_label(entry: Any) -> str:
    if isinstance(entry, dict):
        for key in _ENTRY_LABEL:
            if isinstance(entry.get(key), (str, int)) and not isinstance(entry.get(key), bool):
                return f" ({entry[key]})"
    return ""


def validate_document(doc: Any, kind: str, label: str) -> None:
    """Check one parsed data file against the schema; raise InputError naming file and entry."""
    if not isinstance(doc, dict):
        raise InputError(f"{label}: not a JSON object")
    fmt = doc.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("envcheck-compat/"):
            raise InputError(
                f"{label}: format {fmt!r} is newer than this envcheck reads ({FORMAT})"
            )
        raise InputError(f"{label}: 'format' must be {FORMAT!r}")
    if doc.get("kind") != kind:
        raise InputError(f"{label}: 'kind' must be {kind!r}, found {doc.get('kind')!r}")
    shapes = SCHEMA.get(kind)
    if shapes is None:  # a file a newer envcheck knows about: the envelope is all we check
        return
    for section, shape in shapes.items():
        entries = doc.get(section)
        if entries is None and (kind, section) in _OPTIONAL_SECTIONS:
            continue
        if not isinstance(entries, list):
            raise InputError(f"{label}: '{section}' is missing or not a list")
        for i, entry in enumerate(entries):
            err = _check_obj(entry, shape, top=True)
            if err:
                raise InputError(f"{label}: {section}[{i}]{_entry_label(entry)}: {err}")
    if kind == "tensorflow" and "notes" in doc:
        notes = doc["notes"]
        if not isinstance(notes, list):
            raise InputError(f"{label}: 'notes' is not a list")
        for i, note in enumerate(notes):
            if isinstance(note, dict):
                err = _check_obj(note, _NOTE_OBJ, top=True)
                if err:
                    raise InputError(f"{label}: notes[{i}]: {err}")
            elif not isinstance(note, str):
                raise InputError(f"{label}: notes[{i}]: is not a string or an object")


def parse_document(raw: bytes, kind: str, label: str) -> Dict[str, Any]:
    """Decode and validate one data file's bytes."""
    try:
        doc = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"{label}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"{label}: invalid JSON at line {exc.lineno} column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:  # e.g. absurd nesting or a 5000-digit number
        raise InputError(f"{label}: unreadable JSON ({type(exc).__name__})") from None
    validate_document(doc, kind, label)
    return doc


def newest_checked(doc: Dict[str, Any]) -> Optional[str]:
    """The newest ``checked`` date of a file's entries. Only dates count: a list the schema does
    not validate (a file's free-form ``notes``) may hold any string there, and this value is
    printed ("data from ..."); a signed bundle with "\u202egnp.exe" as a date reached the
    terminal before (tests/test_fuzz_cli.py, seed 1796544479)."""
    dates = [
        e["checked"]
        for value in doc.values()
        if isinstance(value, list)
        for e in value
        if isinstance(e, dict)
        and isinstance(e.get("checked"), str)
        and _DATE_RE.match(e["checked"])
    ]
    return max(dates) if dates else None


def entry_count(doc: Dict[str, Any], kind: str) -> int:
    sections = FILES.get(kind) or tuple(k for k, v in doc.items() if isinstance(v, list))
    return sum(len(doc.get(s) or ()) for s in sections)
