"""CUDA toolkits on disk and the CUDA shared libraries as the dynamic loader would find them.

Toolkits: ``/usr/local/cuda*``, ``$CUDA_HOME`` / ``$CUDA_PATH``, ``nvcc`` on ``PATH``, conda
environments (``$CONDA_PREFIX`` and the envs of ``$CONDA_EXE``'s installation). Version from
``version.json`` (CUDA >= 11.1), ``version.txt`` (older), pip-style ``dist-info`` directories
(``nvidia_cuda_runtime-13.0.96.dist-info``), conda-meta records, or ``nvcc --version``.

Libraries (``libcudart``, ``libcublas``, ``libcudnn``, ``libnccl``, ``libcuda``) are listed in the
order the loader searches: ``LD_LIBRARY_PATH`` directories, then the ``ldconfig -p`` cache, then
toolkit directories that are not on the loader path (origin ``toolkit``), then pip wheels
(``site-packages/nvidia/*/lib``, origin ``pip:<dist>``).

``/usr/local`` and ``/etc/ld.so.cache`` are read under ``ENVCHECK_SYSROOT`` (see ``_util``).
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys
from typing import Dict, List, Optional, Tuple, Union

from envcheck.probes import cudnn_nccl
from envcheck.probes._util import host_path, run_cmd, soname_version, unroot, which
from envcheck.probes.base import ProbeContext
from envcheck.snapshot import Cuda, CudaToolkit, SharedLib, Unknown

LIBRARIES = ("libcudart", "libcublas", "libcudnn", "libnccl", "libcuda")

_NVCC_RELEASE = re.compile(r"release (\d+\.\d+)")


def probe(ctx: ProbeContext) -> Cuda:
    cuda = Cuda()
    cuda.usr_local_cuda_target = usr_local_cuda_target()
    found = find_toolkits(ctx)
    cuda.toolkits = [toolkit for _, toolkit in found]
    libraries = find_libraries(ctx, [real for real, _ in found])
    cuda.libraries = libraries
    cuda.cudnn, cuda.nccl = cudnn_nccl.collect([real for real, _ in found], libraries)
    return cuda


def usr_local_cuda_target() -> Union[str, Unknown, None]:
    link = host_path("/usr/local/cuda")
    if not os.path.lexists(link):
        return None
    try:
        if os.path.islink(link):
            return unroot(os.path.realpath(link))
        return "/usr/local/cuda"
    except OSError as exc:
        return Unknown(f"cannot read /usr/local/cuda: {exc.strerror or exc}")


# --- toolkits -----------------------------------------------------------------------------


def _looks_like_toolkit(path: str) -> bool:
    markers = (
        "version.json",
        "version.txt",
        "bin/nvcc",
        "include/cuda_runtime_api.h",
        "dist-info",
    )
    if any(os.path.exists(os.path.join(path, m)) for m in markers):
        return True
    return bool(glob.glob(os.path.join(path, "targets", "*", "include", "cuda_runtime_api.h")))


def candidate_dirs() -> List[Tuple[str, str]]:
    """(real path of a toolkit directory, how it was found) without running anything."""
    found: List[Tuple[str, str]] = []
    for path in sorted(glob.glob(host_path("/usr/local/cuda*"))):
        if os.path.isdir(path):
            found.append((path, "/usr/local/cuda*"))
    for var in ("CUDA_HOME", "CUDA_PATH"):
        value = os.environ.get(var)
        if value and os.path.isdir(value):
            found.append((value, var))
    for env in _conda_envs():
        found.append((env, "conda"))
    return found


def _conda_envs() -> List[str]:
    envs: List[str] = []
    prefix = os.environ.get("CONDA_PREFIX")
    if prefix and os.path.isdir(prefix):
        envs.append(prefix)
    exe = os.environ.get("CONDA_EXE")
    if exe:
        root = os.path.dirname(os.path.dirname(exe))
        envs.extend(sorted(glob.glob(os.path.join(root, "envs", "*"))))
    return [e for e in envs if os.path.isdir(e)]


def find_toolkits(ctx: ProbeContext) -> List[Tuple[str, CudaToolkit]]:
    """(real directory, toolkit) for every toolkit found, in discovery order."""
    by_real: Dict[str, CudaToolkit] = {}
    order: List[str] = []
    for path, how in candidate_dirs():
        if how == "conda" and not _conda_has_cuda(path):
            continue
        if how != "conda" and not _looks_like_toolkit(path):
            continue
        real = os.path.realpath(path)
        if real in by_real:
            _add_found_by(by_real[real], how)
            continue
        by_real[real] = _toolkit(real, how, ctx)
        order.append(real)
    nvcc = which("nvcc")
    if nvcc:
        real_nvcc = os.path.realpath(nvcc)
        root = os.path.dirname(os.path.dirname(real_nvcc))
        if root in by_real:
            _add_found_by(by_real[root], "PATH")
        elif _looks_like_toolkit(root) and os.path.exists(os.path.join(root, "include")):
            if os.path.exists(os.path.join(root, "version.json")) or os.path.exists(
                os.path.join(root, "include", "cuda_runtime_api.h")
            ):
                by_real[root] = _toolkit(root, "PATH", ctx)
                order.append(root)
            else:
                _nvcc_only(nvcc, by_real, order, ctx)
        else:
            _nvcc_only(nvcc, by_real, order, ctx)
    return [(p, by_real[p]) for p in order]


def _nvcc_only(
    nvcc: str, by_real: Dict[str, CudaToolkit], order: List[str], ctx: ProbeContext
) -> None:
    """An nvcc on PATH outside any known toolkit tree (a wrapper script, /usr/bin/nvcc)."""
    version = nvcc_version(nvcc, ctx)
    if isinstance(version, str):
        for toolkit in by_real.values():
            if isinstance(toolkit.version, str) and _major_minor(toolkit.version) == version:
                _add_found_by(toolkit, "PATH")
                return
    key = os.path.dirname(nvcc)
    by_real[key] = CudaToolkit(
        path=unroot(key), version=version, version_source="nvcc", nvcc=nvcc, found_by="PATH"
    )
    order.append(key)


def _add_found_by(toolkit: CudaToolkit, how: str) -> None:
    current = toolkit.found_by if isinstance(toolkit.found_by, str) else ""
    names = [n for n in current.split(", ") if n]
    if how not in names:
        names.append(how)
    toolkit.found_by = ", ".join(names)


def _major_minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def _toolkit(path: str, how: str, ctx: ProbeContext) -> CudaToolkit:
    nvcc = os.path.join(path, "bin", "nvcc")
    toolkit = CudaToolkit(
        path=unroot(path), found_by=how, nvcc=unroot(nvcc) if os.path.exists(nvcc) else None
    )
    version, source = version_from_files(path)
    if version is None and os.path.exists(nvcc):
        version, source = nvcc_version(nvcc, ctx), "nvcc"
    if version is None:
        toolkit.version = Unknown("no version.json, version.txt, dist-info or nvcc")
    else:
        toolkit.version = version
        toolkit.version_source = source
    return toolkit


def clean_toolkit_version(text: str) -> Optional[str]:
    """ "12.4.1" stays; "11.8.20220929" / "12.2.140" (build numbers) -> "11.8" / "12.2"."""
    match = re.match(r"^(\d+)\.(\d+)(?:\.(\d+))?", text.strip())
    if not match:
        return None
    major, minor, patch = match.groups()
    if patch is not None and int(patch) < 100:
        return f"{major}.{minor}.{patch}"
    return f"{major}.{minor}"


def version_from_files(path: str) -> Tuple[Optional[str], Optional[str]]:
    vjson = os.path.join(path, "version.json")
    if os.path.isfile(vjson):
        try:
            with open(vjson, encoding="utf-8") as fh:
                data = json.load(fh)
            raw = data.get("cuda", {}).get("version") if isinstance(data, dict) else None
            if isinstance(raw, str) and clean_toolkit_version(raw):
                return clean_toolkit_version(raw), "version.json"
        except (OSError, ValueError, AttributeError):
            pass
    vtxt = os.path.join(path, "version.txt")
    if os.path.isfile(vtxt):
        try:
            with open(vtxt, encoding="utf-8", errors="replace") as fh:
                match = re.search(r"CUDA Version\s+(\d+\.\d+)", fh.read(4096))
            if match:
                return match.group(1), "version.txt"
        except OSError:
            pass
    # pip-style layout: <root>/dist-info/nvidia_cuda_runtime-13.0.96.dist-info (or at the top)
    for pattern in (
        "dist-info/nvidia_cuda_runtime-*.dist-info",
        "nvidia_cuda_runtime-*.dist-info",
        "dist-info/nvidia_cuda_nvcc-*.dist-info",
    ):
        for entry in sorted(glob.glob(os.path.join(path, pattern))):
            match = re.search(r"-(\d+)\.(\d+)[.\d]*\.dist-info$", entry)
            if match:
                return f"{match.group(1)}.{match.group(2)}", "dist-info"
    # conda: conda-meta/cuda-cudart-12.4.127-0.json, cudatoolkit-11.8.0-h6a678d5_0.json
    for pattern in ("cuda-cudart-[0-9]*.json", "cuda-nvcc-[0-9]*.json", "cudatoolkit-[0-9]*.json"):
        for entry in sorted(glob.glob(os.path.join(path, "conda-meta", pattern))):
            match = re.search(r"-(\d+)\.(\d+)[.\d]*-[^-]+\.json$", entry)
            if match:
                return f"{match.group(1)}.{match.group(2)}", "conda-meta"
    return None, None


def _conda_has_cuda(env: str) -> bool:
    if os.path.exists(os.path.join(env, "bin", "nvcc")):
        return True
    meta = os.path.join(env, "conda-meta")
    return bool(
        glob.glob(os.path.join(meta, "cuda-cudart-[0-9]*.json"))
        or glob.glob(os.path.join(meta, "cudatoolkit-[0-9]*.json"))
        or glob.glob(os.path.join(meta, "cuda-nvcc-[0-9]*.json"))
    )


def nvcc_version(nvcc: str, ctx: ProbeContext) -> Union[str, Unknown]:
    res = run_cmd([nvcc, "--version"], timeout=min(ctx.remaining(), 10.0))
    if res.timed_out:
        return Unknown(f"`{nvcc} --version` timed out")
    if res.returncode is None:
        return Unknown(res.error or "nvcc could not be run")
    match = _NVCC_RELEASE.search(res.stdout)
    if res.returncode != 0 or not match:
        return Unknown(f"`{nvcc} --version` gave no release (exit {res.returncode})")
    return match.group(1)


# --- shared libraries ---------------------------------------------------------------------


_LDCONFIG_LINE = re.compile(r"^[ \t]+(\S+\.so\S*) \([^)\n]*\) => (/[^\n]+)$", re.M)
_LDCONFIG_HEADER = re.compile(r"\s*\d+ libs? found in cache")


def ldconfig_entries(ctx: ProbeContext) -> Union[List[Tuple[str, str]], Unknown]:
    """(soname, path) pairs from the loader cache, in cache order."""
    exe = which("ldconfig") or next(
        (p for p in ("/sbin/ldconfig", "/usr/sbin/ldconfig") if os.path.exists(p)), None
    )
    if exe is None:
        return Unknown("ldconfig not found")
    argv = [exe, "-p"]
    if host_path("/") != "/":
        cache = host_path("/etc/ld.so.cache")
        if not os.path.exists(cache):
            return []
        argv = [exe, "-C", cache, "-p"]
    res = run_cmd(argv, timeout=min(ctx.remaining(), 5.0))
    if res.timed_out:
        return Unknown("`ldconfig -p` timed out")
    if res.returncode != 0:
        why = res.error or " ".join(res.stderr.split())[:200] or f"exit status {res.returncode}"
        return Unknown(f"`ldconfig -p` failed: {why}")
    # A real cache line: "\tlibcudart.so.12 (libc6,x86-64) => /usr/local/cuda/lib64/libcudart.so.12"
    # Anything else (a crashed or impostor ldconfig printing junk) must not pass for a cache.
    entries = [(m.group(1), m.group(2).strip()) for m in _LDCONFIG_LINE.finditer(res.stdout)]
    if not entries and not _LDCONFIG_HEADER.match(res.stdout):  # "0 libs found in cache ..."
        return Unknown("unrecognised `ldconfig -p` output")
    return entries


def _lib_files(directory: str, name: str) -> List[str]:
    files = glob.glob(os.path.join(directory, f"{name}.so*"))
    return sorted(files, key=lambda p: (len(os.path.basename(p)), p))


def _pick(files: List[str]) -> Optional[str]:
    """Prefer the versioned soname (libcudart.so.12) the loader asks for over the dev link."""
    if not files:
        return None
    versioned = [f for f in files if re.search(r"\.so(\.\d+)+$", f)]
    if not versioned:
        return files[0]
    return min(versioned, key=lambda f: (f.count("."), len(f)))


def find_libraries(ctx: ProbeContext, toolkit_paths: List[str]) -> List[SharedLib]:
    libs: List[SharedLib] = []
    seen: set = set()

    def add(name: str, path: str, origin: str) -> None:
        real = os.path.realpath(path)
        if (name, real) in seen:
            return
        seen.add((name, real))
        shown = path if origin == "LD_LIBRARY_PATH" else unroot(path)
        libs.append(SharedLib(name=name, path=shown, version=soname_version(path), origin=origin))

    ld_dirs = [d for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
    cache = ldconfig_entries(ctx)
    toolkit_dirs: List[str] = []
    for real in toolkit_paths:
        for sub in ("lib64", "lib", "targets/*/lib"):
            toolkit_dirs.extend(glob.glob(os.path.join(real, sub)))
    pip_dirs = pip_lib_dirs()
    for name in LIBRARIES:
        for directory in ld_dirs:
            chosen = _pick(_lib_files(directory, name))
            if chosen:
                add(name, chosen, "LD_LIBRARY_PATH")
        if isinstance(cache, list):
            matches = [p for so, p in cache if re.match(rf"^{re.escape(name)}\.so(\.|$)", so)]
            chosen = _pick(matches)
            if chosen:
                add(name, host_path(chosen) if host_path("/") != "/" else chosen, "ldconfig")
        for directory in toolkit_dirs:
            chosen = _pick(_lib_files(directory, name))
            if chosen:
                add(name, chosen, "toolkit")
        for dist, directory in pip_dirs:
            chosen = _pick(_lib_files(directory, name))
            if chosen:
                add(name, chosen, f"pip:{dist}")
        if isinstance(cache, Unknown) and not any(
            lib.name == name and lib.origin == "LD_LIBRARY_PATH" for lib in libs
        ):
            # What the loader cache holds for this library is unknown: say so, so that no
            # check concludes "not findable by the loader" from a missing or hung ldconfig.
            libs.append(SharedLib(name=name, path=cache, origin="ldconfig"))
    return libs


def pip_lib_dirs() -> List[Tuple[str, str]]:
    """(distribution-ish name, dir) for site-packages/nvidia/<pkg>/lib of this interpreter."""
    result = []
    for entry in sys.path:
        base = os.path.join(entry, "nvidia")
        if not entry or not os.path.isdir(base):
            continue
        for lib in sorted(glob.glob(os.path.join(base, "*", "lib"))):
            result.append((f"nvidia-{os.path.basename(os.path.dirname(lib))}", lib))
    return result
