"""The Python interpreter envcheck runs in: version, implementation, executable, venv / conda."""

from __future__ import annotations

import os
import platform
import sys

from envcheck.probes.base import ProbeContext
from envcheck.snapshot import PythonInfo


def probe(ctx: ProbeContext) -> PythonInfo:
    info = PythonInfo()
    info.version = platform.python_version()
    info.implementation = platform.python_implementation()
    info.executable = sys.executable or None
    if sys.prefix != getattr(sys, "base_prefix", sys.prefix):
        info.virtualenv = sys.prefix
    else:
        info.virtualenv = os.environ.get("VIRTUAL_ENV") or None
    prefix = os.environ.get("CONDA_PREFIX")
    if prefix:
        info.conda_env = os.environ.get("CONDA_DEFAULT_ENV") or prefix
    elif os.path.isdir(os.path.join(sys.prefix, "conda-meta")):
        info.conda_env = sys.prefix
    return info
