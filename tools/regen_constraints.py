#!/usr/bin/env python3
"""Regenerate constraints.txt (the pins of envcheck's own image) from this environment.

    python tools/regen_constraints.py          # rewrite constraints.txt
    python tools/regen_constraints.py --check  # exit 1 and show the difference when it drifts

The pins are the runtime closure of envcheck as installed here (after
``pip install -e '.[test]'``, what the tests and CI install), with environment markers
evaluated for the Python of the Dockerfile's default base image (``ARG BASE_IMAGE``), so the
image installs exactly what the tests ran with. tests/test_constraints.py runs ``--check``.
"""

from __future__ import annotations

import argparse
import difflib
import importlib.metadata as md
import re
import sys
from pathlib import Path
from typing import Dict, List

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
HEADER = """\
# Exact versions of envcheck's runtime dependencies for the project image (Dockerfile), for
# Python {python} (the Dockerfile's base image). Generated from the test environment by
#   python tools/regen_constraints.py
# (tests/test_constraints.py fails when this file drifts from what the tests install).
"""


def image_python() -> str:
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    m = re.search(r"^ARG BASE_IMAGE=python:(\d+\.\d+)", text, re.M)
    if not m:
        raise SystemExit("Dockerfile: no ARG BASE_IMAGE=python:X.Y... line")
    return m.group(1)


def closure(name: str, python: str) -> Dict[str, str]:
    """canonical name -> installed version, for everything ``name`` needs at run time."""
    env = {**default_environment(), "python_version": python, "python_full_version": f"{python}.0"}
    seen: Dict[str, str] = {}
    todo: List[str] = [name]
    while todo:
        current = todo.pop()
        key = canonicalize_name(current)
        if key in seen:
            continue
        try:
            dist = md.distribution(current)
        except md.PackageNotFoundError:
            raise SystemExit(
                f"{current} is needed on Python {python} but not installed here"
            ) from None
        seen[key] = dist.version
        for raw in dist.requires or []:
            req = Requirement(raw)
            if req.marker is not None and not req.marker.evaluate({**env, "extra": ""}):
                continue
            todo.append(req.name)
    seen.pop(canonicalize_name(name))
    return seen


def render() -> str:
    python = image_python()
    pins = closure("envcheck", python)
    return HEADER.format(python=python) + "".join(f"{k}=={v}\n" for k, v in sorted(pins.items()))


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 on drift")
    parser.add_argument("--file", default=str(ROOT / "constraints.txt"), help="the file")
    args = parser.parse_args(argv)
    target = Path(args.file)
    want = render()
    have = target.read_text(encoding="utf-8") if target.is_file() else ""
    if args.check:
        if want == have:
            return 0
        sys.stdout.writelines(
            difflib.unified_diff(
                have.splitlines(True),
                want.splitlines(True),
                "constraints.txt",
                "from this environment",
            )  # fmt: skip
        )
        print("constraints.txt drifted: run python tools/regen_constraints.py", file=sys.stderr)
        return 1
    target.write_text(want, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
