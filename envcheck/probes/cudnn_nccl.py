"""cuDNN and NCCL installs: from headers, from library file names, and from pip wheels.

Headers: ``cudnn_version.h`` (cuDNN >= 8; older releases define the version in ``cudnn.h``) with
``CUDNN_MAJOR`` / ``CUDNN_MINOR`` / ``CUDNN_PATCHLEVEL``; ``nccl.h`` with ``NCCL_MAJOR`` /
``NCCL_MINOR`` / ``NCCL_PATCH``. Searched in each toolkit's ``include`` (and
``targets/*/include``), ``/usr/include``, ``/usr/include/<multiarch>``, and pip wheels'
``site-packages/nvidia/{cudnn,nccl}/include``. System paths are read under ``ENVCHECK_SYSROOT``.

Libraries come from the loader-ordered list the CUDA probe built; pip wheels from package
metadata (``nvidia-cudnn-cu12``, ``nvidia-nccl-cu13``, ...), without importing anything.
"""

from __future__ import annotations

import glob
import os
import re
import sys
from typing import Dict, List, Optional, Tuple

from envcheck.probes._util import host_path, unroot
from envcheck.snapshot import LibraryInstall, SharedLib

_DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)\s+(\d+)\b", re.MULTILINE)


def header_version(path: str, prefix: str) -> Optional[str]:
    """ "8.9.7" from the CUDNN_/NCCL_ MAJOR, MINOR, PATCH(LEVEL) defines of a header."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read(256 * 1024)
    except OSError:
        return None
    defines: Dict[str, str] = {}
    for name, value in _DEFINE.findall(text):
        defines.setdefault(name, value)
    major = defines.get(f"{prefix}_MAJOR")
    minor = defines.get(f"{prefix}_MINOR")
    patch = defines.get(f"{prefix}_PATCHLEVEL") or defines.get(f"{prefix}_PATCH")
    if major is None or minor is None:
        return None
    return f"{major}.{minor}.{patch}" if patch is not None else f"{major}.{minor}"


def include_dirs(toolkit_dirs: List[str]) -> List[str]:
    dirs: List[str] = []
    for root in toolkit_dirs:
        dirs.append(os.path.join(root, "include"))
        dirs.extend(sorted(glob.glob(os.path.join(root, "targets", "*", "include"))))
    dirs.append(host_path("/usr/include"))
    dirs.extend(sorted(glob.glob(host_path("/usr/include/*-linux-gnu"))))
    dirs.append(host_path("/usr/local/include"))
    for entry in sys.path:
        if entry:
            dirs.append(os.path.join(entry, "nvidia", "cudnn", "include"))
            dirs.append(os.path.join(entry, "nvidia", "nccl", "include"))
    result: List[str] = []
    seen = set()
    for d in dirs:
        real = os.path.realpath(d)
        if real not in seen and os.path.isdir(d):
            seen.add(real)
            result.append(d)
    return result


def _from_headers(dirs: List[str]) -> Tuple[List[LibraryInstall], List[LibraryInstall]]:
    cudnn: List[LibraryInstall] = []
    nccl: List[LibraryInstall] = []
    seen = set()
    for d in dirs:
        for header, prefix, bucket in (
            ("cudnn_version.h", "CUDNN", cudnn),
            ("cudnn.h", "CUDNN", cudnn),
            ("nccl.h", "NCCL", nccl),
        ):
            path = os.path.join(d, header)
            if not os.path.isfile(path):
                continue
            if header == "cudnn.h" and os.path.isfile(os.path.join(d, "cudnn_version.h")):
                continue
            real = os.path.realpath(path)
            if real in seen:
                continue
            seen.add(real)
            version = header_version(path, prefix)
            if version:
                bucket.append(LibraryInstall(version=version, source="header", path=unroot(path)))
    return cudnn, nccl


def _from_libraries(libs: List[SharedLib]) -> Tuple[List[LibraryInstall], List[LibraryInstall]]:
    cudnn = [
        LibraryInstall(version=lib.version, source="library", path=lib.path)
        for lib in libs
        if lib.name == "libcudnn" and isinstance(lib.path, str)
    ]
    nccl = [
        LibraryInstall(version=lib.version, source="library", path=lib.path)
        for lib in libs
        if lib.name == "libnccl" and isinstance(lib.path, str)
    ]
    return cudnn, nccl


def _from_pip() -> Tuple[List[LibraryInstall], List[LibraryInstall]]:
    from envcheck.probes.packages import distributions  # noqa: PLC0415

    cudnn: List[LibraryInstall] = []
    nccl: List[LibraryInstall] = []
    for name, (version, meta_dir) in sorted(distributions().items()):
        if re.fullmatch(r"nvidia-cudnn(-cu\d+)?", name):
            bucket, sub = cudnn, "cudnn"
        elif re.fullmatch(r"nvidia-nccl(-cu\d+)?", name):
            bucket, sub = nccl, "nccl"
        else:
            continue
        location = os.path.join(os.path.dirname(meta_dir), "nvidia", sub)
        bucket.append(
            LibraryInstall(
                version=version,
                source="pip",
                path=location if os.path.isdir(location) else meta_dir,
            )
        )
    return cudnn, nccl


def collect(
    toolkit_dirs: List[str], libraries: List[SharedLib]
) -> Tuple[List[LibraryInstall], List[LibraryInstall]]:
    """(cudnn installs, nccl installs): headers, then libraries, then pip wheels."""
    h_cudnn, h_nccl = _from_headers(include_dirs(toolkit_dirs))
    l_cudnn, l_nccl = _from_libraries(libraries)
    p_cudnn, p_nccl = _from_pip()
    return h_cudnn + l_cudnn + p_cudnn, h_nccl + l_nccl + p_nccl
