"""envcheck's own wheel, so the image can judge itself (HEALTHCHECK ``envcheck verify``)."""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import os
import zipfile
from pathlib import Path
from typing import List, Tuple

from envcheck import __version__
from envcheck.fix import validate as V


def write_envcheck_wheel(dest: Path) -> Path:
    """A pure-Python wheel of the running envcheck (package + bundled matrix)."""
    import envcheck
    from envcheck.compat import bundled_data_dir

    version = V.version(__version__)
    pkg = Path(envcheck.__file__).parent
    data = Path(bundled_data_dir())
    dist = f"envcheck-{version}.dist-info"
    records: List[Tuple[str, bytes]] = []
    for root, dirs, files in os.walk(pkg):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            full = Path(root) / name
            rel = "envcheck/" + full.relative_to(pkg).as_posix()
            records.append((rel, full.read_bytes()))
    if not (pkg / "compat_data").is_dir() and data.is_dir():
        for full in sorted(data.rglob("*")):
            if full.is_file() and "__pycache__" not in full.parts:
                rel = "envcheck/compat_data/" + full.relative_to(data).as_posix()
                records.append((rel, full.read_bytes()))
    try:
        requires = importlib.metadata.requires("envcheck") or []
    except importlib.metadata.PackageNotFoundError:
        requires = []
    meta = ["Metadata-Version: 2.1", "Name: envcheck", f"Version: {version}"]
    meta += ["Requires-Python: >=3.9"]
    meta += [f"Requires-Dist: {r}" for r in requires if "extra ==" not in r]
    records.append((f"{dist}/METADATA", ("\n".join(meta) + "\n").encode()))
    wheel_meta = (
        "Wheel-Version: 1.0\nGenerator: envcheck\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    records.append((f"{dist}/WHEEL", wheel_meta.encode()))
    records.append(
        (f"{dist}/entry_points.txt", b"[console_scripts]\nenvcheck = envcheck.cli:main\n")
    )
    dest.mkdir(parents=True, exist_ok=True)
    target = dest / f"envcheck-{version}-py3-none-any.whl"
    lines = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for rel, blob in records:
            info = zipfile.ZipInfo(rel, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, blob)
            digest = base64.urlsafe_b64encode(hashlib.sha256(blob).digest()).rstrip(b"=")
            lines.append(f"{rel},sha256={digest.decode()},{len(blob)}")
        lines.append(f"{dist}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = 0o644 << 16
        zf.writestr(info, "\n".join(lines) + "\n")
    return target
