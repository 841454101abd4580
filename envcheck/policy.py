"""Site policy: what a site requires of its GPU nodes (``envcheck.toml`` or ``--policy FILE``).

Example ``envcheck.toml``::

    [gpus]
    count = 8
    model = "H100"          # substring of the NVML name, case-insensitive
    mig = false             # MIG must be off (true: must be on; absent: MIG on is a warning)

    [driver]
    min_version = "550.54.15"

    [packages]
    torch = ">=2.4,<2.6"

    [thresholds]
    shm_min_bytes_per_gpu = "1GiB"
    cores_per_gpu_min = 4

    [kernels]
    min_ratio = 0.6

    [checks]
    skip = ["EC504", "os-setting"]

A key that is not known here, or a value of the wrong type, is an ``InputError`` naming the key
(with a suggestion for typos). Byte sizes take an integer or a string with a unit ("512MiB", "2G").
"""

from __future__ import annotations

import difflib
import math
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from envcheck.errors import InputError

DEFAULT_POLICY_FILE = "envcheck.toml"

GIB = 1024**3
MIB = 1024**2


@dataclass
class Thresholds:
    """Numbers the checks compare against. Defaults are documented with each check."""

    # /dev/shm: at least max(shm_min_bytes, shm_min_bytes_per_gpu * GPUs).
    shm_min_bytes: int = 1 * GIB
    shm_min_bytes_per_gpu: int = 1 * GIB
    # effective (cgroup/affinity) CPU cores per GPU for data loading
    cores_per_gpu_min: float = 4.0
    # warn when a GPU is within this many degrees of its slowdown temperature
    temperature_margin_c: float = 5.0
    min_available_memory_bytes: int = 4 * GIB
    # memlock below this (and not unlimited) on a multi-GPU host is a warning (NCCL / RDMA)
    memlock_min_bytes: int = 64 * MIB
    # swap in use above this is a warning
    swap_used_max_bytes: int = 1 * GIB
    data_min_free_bytes: int = 10 * GIB
    # megabytes per second of the bounded sample from --data-url
    data_url_min_mbps: float = 50.0


@dataclass
class KernelPolicy:
    """Settings of ``verify --kernels`` (envcheck.kernels reads these)."""

    min_ratio: float = 0.6  # measured / datasheet peak below this -> performance-degraded
    memtest_fraction: float = 0.02  # share of free GPU memory the memory test covers
    budget_s: float = 60.0  # total time budget of the kernel tests


@dataclass
class Policy:
    gpu_count: Optional[int] = None
    gpu_model: Optional[str] = None
    gpu_mig: Optional[bool] = None
    driver_min_version: Optional[str] = None
    packages: Dict[str, str] = field(default_factory=dict)  # normalised name -> specifier
    thresholds: Thresholds = field(default_factory=Thresholds)
    kernels: KernelPolicy = field(default_factory=KernelPolicy)
    skip: List[str] = field(default_factory=list)
    data_signed_by: List[str] = field(default_factory=list)  # [data] signed_by key files
    source: Optional[str] = None  # the file it came from, None for the defaults


# --- value parsers ------------------------------------------------------------------------------

_SIZE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([KMGTP]?)(i?)(B?)\s*$", re.IGNORECASE)


MAX_SIZE_BYTES = 1 << 63  # 8 EiB: larger is a typo or an attack, and overflows C integers


def parse_size(value: Any) -> int:
    """Bytes from an integer or a string: "512MiB" and "2G" are binary, "1.5GB" decimal."""
    if isinstance(value, bool):
        raise ValueError("expected a size in bytes")
    if isinstance(value, int):
        if value < 0:
            raise ValueError("must not be negative")
        if value >= MAX_SIZE_BYTES:
            raise ValueError(f"larger than {MAX_SIZE_BYTES} bytes (8 EiB)")
        return value
    if isinstance(value, str):
        m = _SIZE_RE.match(value) if len(value) <= 64 else None  # no 400-digit sizes
        if m:
            number, unit, binary, suffix_b = m.groups()
            power = "KMGTP".find(unit.upper()) + 1 if unit else 0
            base = 1000 if (unit and suffix_b and not binary) else 1024
            size = float(number) * base**power
            if not size < MAX_SIZE_BYTES:
                raise ValueError(f"larger than {MAX_SIZE_BYTES} bytes (8 EiB)")
            return int(size)
    raise ValueError('expected bytes as an integer or a string like "1GiB"')


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("expected a number")
    if value < 0:
        raise ValueError("must not be negative")
    try:
        number = float(value)
    except OverflowError:
        raise ValueError("too large") from None
    if not math.isfinite(number):  # TOML allows nan and inf; no threshold is either
        raise ValueError("expected a finite number")
    return number


def _fraction(value: Any) -> float:
    number = _number(value)
    if not 0 < number <= 1:
        raise ValueError("expected a number in (0, 1]")
    return number


def _positive(value: Any) -> float:
    number = _number(value)
    if number <= 0:
        raise ValueError("must be positive")
    return number


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("expected a non-negative integer")
    return value


def _string(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a non-empty string")
    return value.strip()


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _version(value: Any) -> str:
    from packaging.version import InvalidVersion, Version

    text = _string(value)
    try:
        Version(text)
    except InvalidVersion:
        raise ValueError(f"{text!r} is not a version") from None
    return text


def _string_list(value: Any) -> List[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("expected a list of strings")
    return [v.strip() for v in value]


def _specifier(value: Any) -> str:
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    text = _string(value)
    if text[0].isdigit():
        text = "==" + text
    try:
        SpecifierSet(text)
    except InvalidSpecifier:
        raise ValueError(f'{value!r} is not a version specifier (e.g. ">=2.4,<2.6")') from None
    return text


Parser = Callable[[Any], Any]

# section -> key -> (parser, attribute setter)
_SCHEMA: Dict[str, Dict[str, Tuple[Parser, Callable[[Policy, Any], None]]]] = {
    "gpus": {
        "count": (_count, lambda p, v: setattr(p, "gpu_count", v)),
        "model": (_string, lambda p, v: setattr(p, "gpu_model", v)),
        "mig": (_boolean, lambda p, v: setattr(p, "gpu_mig", v)),
    },
    "driver": {
        "min_version": (_version, lambda p, v: setattr(p, "driver_min_version", v)),
    },
    "thresholds": {
        "shm_min_bytes": (parse_size, lambda p, v: setattr(p.thresholds, "shm_min_bytes", v)),
        "shm_min_bytes_per_gpu": (
            parse_size,
            lambda p, v: setattr(p.thresholds, "shm_min_bytes_per_gpu", v),
        ),
        "cores_per_gpu_min": (_number, lambda p, v: setattr(p.thresholds, "cores_per_gpu_min", v)),
        "temperature_margin_c": (
            _number,
            lambda p, v: setattr(p.thresholds, "temperature_margin_c", v),
        ),
        "min_available_memory_bytes": (
            parse_size,
            lambda p, v: setattr(p.thresholds, "min_available_memory_bytes", v),
        ),
        "memlock_min_bytes": (
            parse_size,
            lambda p, v: setattr(p.thresholds, "memlock_min_bytes", v),
        ),
        "swap_used_max_bytes": (
            parse_size,
            lambda p, v: setattr(p.thresholds, "swap_used_max_bytes", v),
        ),
        "data_min_free_bytes": (
            parse_size,
            lambda p, v: setattr(p.thresholds, "data_min_free_bytes", v),
        ),
        "data_url_min_mbps": (_number, lambda p, v: setattr(p.thresholds, "data_url_min_mbps", v)),
    },
    "kernels": {
        "min_ratio": (_fraction, lambda p, v: setattr(p.kernels, "min_ratio", v)),
        "memtest_fraction": (_fraction, lambda p, v: setattr(p.kernels, "memtest_fraction", v)),
        "budget_s": (_positive, lambda p, v: setattr(p.kernels, "budget_s", v)),
    },
    "checks": {
        "skip": (_string_list, lambda p, v: setattr(p, "skip", v)),
    },
    "data": {
        # Public key files trusted for `data update` bundles (like apt's signed-by). Read only
        # from a policy named with `data update --policy`, never from ./envcheck.toml.
        "signed_by": (
            lambda v: [v.strip()] if isinstance(v, str) and v.strip() else _string_list(v),
            lambda p, v: setattr(p, "data_signed_by", v),
        ),
    },
}

POLICY_KEYS: List[str] = [f"{s}.{k}" for s, keys in _SCHEMA.items() for k in keys] + [
    "packages.<name>"
]


def _suggest(word: str, choices: List[str]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def policy_from_dict(data: Dict[str, Any], source: str = DEFAULT_POLICY_FILE) -> Policy:
    """Build a Policy from parsed TOML, naming any unknown key or wrong value."""
    label = os.path.basename(source)
    policy = Policy(source=source)
    sections = list(_SCHEMA) + ["packages"]
    for section, body in data.items():
        if section not in sections:
            raise InputError(f"{label}: unknown section [{section}]{_suggest(section, sections)}")
        if not isinstance(body, dict):
            raise InputError(f"{label}: '{section}' must be a table ([{section}])")
        if section == "packages":
            for name, spec in body.items():
                try:
                    policy.packages[_normalise(name)] = _specifier(spec)
                except ValueError as exc:
                    raise InputError(f"{label}: packages.{name}: {exc}") from None
            continue
        keys = _SCHEMA[section]
        for key, value in body.items():
            if key not in keys:
                raise InputError(
                    f"{label}: unknown key '{section}.{key}'{_suggest(key, list(keys))}"
                )
            parser, setter = keys[key]
            try:
                setter(policy, parser(value))
            except ValueError as exc:
                raise InputError(f"{label}: {section}.{key}: {exc}") from None
    return policy


def _toml_loads(text: str) -> Dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - exercised on Python < 3.11
        import tomli as tomllib
    return tomllib.loads(text)


_MAX_POLICY_CHARS = 1 << 20  # a site policy is a few hundred bytes


def load_policy(path: Optional[str] = None) -> Policy:
    """The policy from ``path``, else ``./envcheck.toml`` when present, else the defaults."""
    if path is None:
        if not os.path.lexists(DEFAULT_POLICY_FILE):
            return Policy()
        path = DEFAULT_POLICY_FILE
        if not os.path.isfile(path):
            # Present but not a file (a directory, a dangling link, a FIFO that would block):
            # the site meant a policy here, so fail closed as `--policy DIR` does.
            kind = "a directory" if os.path.isdir(path) else "not a regular file"
            raise InputError(
                f"cannot read policy {path}: {kind} (hint: make it the policy file, or pass "
                "--policy FILE)"
            )
    from envcheck.safe_io import read_regular

    # A FIFO or device (`--policy /dev/zero`) is refused before it is read.
    raw = read_regular(path, _MAX_POLICY_CHARS, "policy file", "1 MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"cannot read policy {path}: {exc}") from None
    try:
        data = _toml_loads(text)
    except ValueError as exc:  # tomllib.TOMLDecodeError subclasses ValueError
        raise InputError(f"{os.path.basename(path)}: not valid TOML: {exc}") from None
    except RecursionError:  # `a = [[[[...` thousands deep
        raise InputError(f"{os.path.basename(path)}: not valid TOML: nested too deeply") from None
    return policy_from_dict(data, source=path)
