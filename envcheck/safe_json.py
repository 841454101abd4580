"""JSON from files other people wrote (snapshots, verify reports, fleet documents), and JSON
that strict parsers downstream must accept.

:func:`loads` is ``json.loads`` with the limits a hostile document needs:

- ``NaN``, ``Infinity`` and numbers that overflow a float (``1e999``) are refused: they are not
  JSON (RFC 8259 section 6) and would reach ``--format json`` as ``NaN``;
- integers longer than :data:`MAX_INT_DIGITS` digits are refused (a 400-digit integer in
  ``power_draw_w`` overflowed ``float()`` later);
- nesting deeper than :data:`MAX_DEPTH` is refused (no snapshot is deeper than about 8; the C
  parser's own limit ends in RecursionError, and deep values crash the encoders later);
- lone UTF-16 surrogates (``"\\ud800"``) are replaced by U+FFFD, because they cannot be
  written as UTF-8 and crashed every text output.

Every refusal is a ``ValueError`` with a short reason.

:func:`dumps` never writes ``NaN``/``Infinity``: a non-finite float becomes
``{"unknown": "not a finite number"}`` (the snapshot's encoding of an unknown fact).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 64
MAX_INT_DIGITS = 20  # 2**64 has 20 digits; no fact envcheck reads is larger

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")
NOT_FINITE: Any = {"unknown": "not a finite number"}


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed in JSON")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range: {text[:40]}")
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ValueError(f"integer too large ({len(text)} digits)")
    return int(text)


_INT_LIMIT = 10**MAX_INT_DIGITS


def _any_leaf(value: Any, test: Any) -> bool:
    """Whether ``test`` holds for any leaf of ``value`` (iterative walk: depth is the attack)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif test(item):
            return True
    return False


def oversized_int(value: Any) -> bool:
    """Whether ``value`` holds an integer :func:`loads` would refuse.

    A document built in Python (``Snapshot.from_dict``) must meet the same limits as one read
    from text, or it would load once and fail to load again after ``to_json``.
    """
    return _any_leaf(value, _oversized)


def _oversized(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and not -_INT_LIMIT < x < _INT_LIMIT


TOO_LARGE: Any = {"unknown": "not a plausible value (too many digits)"}


def bounded(value: Any) -> Any:
    """``value`` (changed in place) with every integer :func:`loads` would refuse replaced by
    :data:`TOO_LARGE`: for records built from hostile text ("Temp 100000000000000000000C"),
    so that what is written can be read back."""
    if not _any_leaf(value, _oversized):
        return value
    root = [value]
    stack = [(root, 0)]
    while stack:
        container, key = stack.pop()
        item = container[key]
        if _oversized(item):
            container[key] = dict(TOO_LARGE)
        elif isinstance(item, dict):
            stack.extend((item, k) for k in item)
        elif isinstance(item, list):
            stack.extend((item, i) for i in range(len(item)))
    return root[0]


def holds_non_finite(value: Any) -> bool:
    """Whether ``value`` holds a NaN or infinity anywhere."""
    return _any_leaf(value, lambda x: isinstance(x, float) and not math.isfinite(x))


def _check(value: Any, scrub: bool) -> Any:
    """Depth limit and surrogate scrub, without recursion (a deep value is the attack)."""
    root = [value]
    stack = [(root, 0, 0)]
    while stack:
        container, key, depth = stack.pop()
        item = container[key]
        if isinstance(item, dict):
            if depth >= MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
            if scrub and any(isinstance(k, str) and _SURROGATE.search(k) for k in item):
                item = container[key] = {
                    (_SURROGATE.sub("\ufffd", k) if isinstance(k, str) else k): v
                    for k, v in item.items()
                }
            stack.extend((item, k, depth + 1) for k, v in item.items() if _nested(v, scrub))
        elif isinstance(item, list):
            if depth >= MAX_DEPTH:
                raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
            stack.extend((item, i, depth + 1) for i, v in enumerate(item) if _nested(v, scrub))
        elif isinstance(item, str):
            container[key] = _SURROGATE.sub("\ufffd", item)
    return root[0]


def _nested(value: Any, scrub: bool) -> bool:
    return isinstance(value, (dict, list)) or (scrub and isinstance(value, str))


def loads(text: str) -> Any:
    """Parse ``text`` as strict, bounded JSON (see the module docstring); ValueError if not."""
    if isinstance(text, str) and _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    try:
        value = json.loads(text, parse_constant=_constant, parse_float=_float, parse_int=_int)
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    scrub = bool(_SURROGATE_ESCAPE.search(text)) if isinstance(text, str) else False
    if not scrub:  # the common case: only the depth to check, on containers alone
        _check_depth(value)
        return value
    return _check(value, scrub)


def _check_depth(value: Any) -> None:
    """The depth limit of :func:`_check` without the scrub: a loop over containers only
    (fleet parses 10,000 documents; the general walk was ~10 % of its time)."""
    if not isinstance(value, (dict, list)):
        return
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth >= MAX_DEPTH:
            raise ValueError(f"nested deeper than {MAX_DEPTH} levels")
        for v in item.values() if isinstance(item, dict) else item:
            if isinstance(v, (dict, list)):
                stack.append((v, depth + 1))


_WALK = (dict, list, float)


def finite(value: Any) -> Any:
    """``value`` with every non-finite float replaced by :data:`NOT_FINITE` (iterative)."""
    root = [value]
    stack = [(root, 0)]
    while stack:
        container, key = stack.pop()
        item = container[key]
        if isinstance(item, float) and not math.isfinite(item):
            container[key] = dict(NOT_FINITE)
        elif isinstance(item, dict):
            stack.extend((item, k) for k, v in item.items() if isinstance(v, _WALK))
        elif isinstance(item, list):
            stack.extend((item, i) for i, v in enumerate(item) if isinstance(v, _WALK))
    return root[0]


def dumps(value: Any, **kwargs: Any) -> str:
    """``json.dumps`` that never writes NaN/Infinity (strict parsers reject them)."""
    kwargs["allow_nan"] = False
    try:
        return json.dumps(value, **kwargs)
    except ValueError:
        return json.dumps(finite(value), **kwargs)
