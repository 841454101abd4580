"""``jax.print_environment_info()`` output.

``jax: 0.4.26`` / ``jaxlib: 0.4.26`` / ``numpy: ...`` / ``python: 3.11.8 ...`` /
``jax.devices (8 total, 8 local): [cuda(id=0) ...]`` (older: ``GpuDevice(id=0, ...)``,
``StreamExecutorGpuDevice``, ``CudaDevice``; CPU only: ``[CpuDevice(id=0)]``) /
``process_count: 1`` / ``platform: uname_result(...)`` and usually an nvidia-smi table (parsed by
the nvidia-smi importer).
"""

from __future__ import annotations

import re

from envcheck.importers import base
from envcheck.snapshot import OsInfo, PythonInfo, Snapshot

NAME = "jax environment"

_JAX = re.compile(r"^[^\S\n]*jax:\s+(\d[\w.+-]*)\s*$", re.M)
_JAXLIB = re.compile(r"^[^\S\n]*jaxlib:\s+(\d[\w.+-]*)\s*$", re.M)
_PLUGIN = re.compile(r"^[^\S\n]*(jax[_-]cuda\d+[_-](?:plugin|pjrt))\s*:\s+(\d[\w.+-]*)\s*$", re.M)
_PY = re.compile(r"^[^\S\n]*python:\s+(\d+\.\d+(?:\.\d+)?)", re.M)
_DEVICES = re.compile(r"^[^\S\n]*jax\.devices\s*\((\d+) total[^)]*\)\s*:\s*\[(.*)\]?\s*$", re.M)
_DEVICE_INFO = re.compile(r"^[^\S\n]*device info:\s*(.+?)\s*$", re.M)
_UNAME = re.compile(r"uname_result\(system='([^']*)', node='([^']*)', release='([^']*)'")
_ENV = re.compile(r"^[^\S\n]*((?:JAX|XLA)_[A-Z0-9_]+)\s*[=:]\s*(.*?)\s*$", re.M)


def detect(text: str) -> bool:
    return bool(_JAX.search(text) and (_JAXLIB.search(text) or _DEVICES.search(text)))


def parse(text: str) -> Snapshot:
    snap = Snapshot()
    m = _JAX.search(text)
    if m:
        base.add_package(snap, "jax", m.group(1))
    m = _JAXLIB.search(text)
    if m:
        base.add_package(snap, "jaxlib", m.group(1))
    for pm in _PLUGIN.finditer(text):
        base.add_package(snap, pm.group(1), pm.group(2))
    py = _PY.search(text)
    if py:
        snap.python = PythonInfo(version=py.group(1))
    dev = _DEVICES.search(text)
    jax = base.deep(snap, "jax")
    jax.detail = "from jax.print_environment_info()"
    if dev:
        listing = dev.group(2) or ""
        devices = re.findall(r"(\w+)\(id=(\d+)", listing)
        jax.devices = [f"{kind}(id={idx})" for kind, idx in devices] or [listing.strip()]
        kinds = {kind.lower() for kind, _ in devices}
        if kinds:
            jax.available = any("gpu" in k or "cuda" in k for k in kinds)
    info = _DEVICE_INFO.search(text)
    if info:
        jax.devices = [info.group(1)]
        jax.available = not info.group(1).lower().startswith("cpu")
    un = _UNAME.search(text)
    if un:
        snap.os = OsInfo(
            platform=un.group(1).lower() or None,
            kernel=un.group(3) or None,
        )
        if un.group(2):
            snap.hostname = un.group(2)
    for em in _ENV.finditer(text):
        if not isinstance(snap.env, dict):
            snap.env = {}
        snap.env[em.group(1)] = em.group(2)
    return snap
