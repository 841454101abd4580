"""CUDA toolkits, libraries, cuDNN and NCCL from directory trees laid out like real installs.

The trees live in tmp_path; ENVCHECK_SYSROOT re-roots /usr/local, /usr/include and
/etc/ld.so.cache, CUDA_HOME / LD_LIBRARY_PATH / PATH point into tmp_path directly."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Dict

from probes_support import FIXTURES, base_env, inspect_json, write_exe

CUDNN_VERSION_H = """/* cudnn_version.h (layout of the real header: the defines and the formula) */
#ifndef CUDNN_VERSION_H_
#define CUDNN_VERSION_H_

#define CUDNN_MAJOR 8
#define CUDNN_MINOR 9
#define CUDNN_PATCHLEVEL 7

#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)
#endif
"""

NCCL_H = """#ifndef NCCL_H_
#define NCCL_H_
#include <cuda_runtime.h>
#define NCCL_MAJOR 2
#define NCCL_MINOR 18
#define NCCL_PATCH 5
#define NCCL_SUFFIX ""
#define NCCL_VERSION_CODE 21805
#endif
"""


def touch(path: Path, target: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if target:
        path.symlink_to(target)
    else:
        path.write_bytes(b"\x7fELF")


def make_host(tmp_path: Path) -> Dict[str, Any]:
    root = tmp_path / "root"
    cuda118 = root / "usr/local/cuda-11.8"
    (cuda118 / "bin").mkdir(parents=True)
    shutil.copy(FIXTURES / "cuda-11.8-version.json", cuda118 / "version.json")
    touch(cuda118 / "lib64/libcudart.so.11.8.89")
    touch(cuda118 / "lib64/libcudart.so.11.0", "libcudart.so.11.8.89")
    touch(cuda118 / "lib64/libcudart.so", "libcudart.so.11.0")
    touch(cuda118 / "lib64/libcublas.so.11.11.3.6")
    touch(cuda118 / "lib64/libcublas.so.11", "libcublas.so.11.11.3.6")
    (cuda118 / "include").mkdir()
    (cuda118 / "include/cudnn_version.h").write_text(CUDNN_VERSION_H)
    (root / "usr/local/cuda").symlink_to("cuda-11.8")
    cuda90 = root / "usr/local/cuda-9.0"
    (cuda90 / "include").mkdir(parents=True)
    shutil.copy(FIXTURES / "cuda-9.0-version.txt", cuda90 / "version.txt")
    (root / "usr/local/cuda-notes").mkdir()  # not a toolkit: ignored
    (root / "usr/include").mkdir(parents=True)
    (root / "usr/include/nccl.h").write_text(NCCL_H)

    home = tmp_path / "opt/cuda-12.6"
    (home / "targets/x86_64-linux/include").mkdir(parents=True)
    (home / "targets/x86_64-linux/include/cuda_runtime_api.h").write_text("/* */\n")
    (home / "version.json").write_text(
        '{\n   "cuda" : {\n      "name" : "CUDA SDK",\n      "version" : "12.6.20241114"\n   }\n}\n'
    )
    touch(home / "targets/x86_64-linux/lib/libcudart.so.12.6.77")
    touch(home / "targets/x86_64-linux/lib/libcudart.so.12", "libcudart.so.12.6.77")

    ld = tmp_path / "ld"
    touch(ld / "libcudnn.so.9.1.0")
    touch(ld / "libcudnn.so.9", "libcudnn.so.9.1.0")
    touch(ld / "libcudart.so.12.4.127")
    touch(ld / "libcudart.so.12", "libcudart.so.12.4.127")

    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    env["CUDA_HOME"] = str(home)
    env["LD_LIBRARY_PATH"] = str(ld)
    return {"root": root, "home": home, "ld": ld, "env": env}


def test_toolkits_versions_and_link(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    cuda = inspect_json(host["env"])["cuda"]
    assert cuda["usr_local_cuda_target"] == "/usr/local/cuda-11.8"
    by_path = {t["path"]: t for t in cuda["toolkits"]}
    assert set(by_path) == {"/usr/local/cuda-11.8", "/usr/local/cuda-9.0", str(host["home"])}
    t118 = by_path["/usr/local/cuda-11.8"]
    assert (t118["version"], t118["version_source"]) == ("11.8", "version.json")
    assert t118["found_by"] == "/usr/local/cuda*"
    t90 = by_path["/usr/local/cuda-9.0"]
    assert (t90["version"], t90["version_source"]) == ("9.0", "version.txt")
    t126 = by_path[str(host["home"])]
    assert (t126["version"], t126["version_source"], t126["found_by"]) == (
        "12.6",
        "version.json",
        "CUDA_HOME",
    )


def test_libraries_in_loader_order(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    libs = inspect_json(host["env"])["cuda"]["libraries"]
    cudart = [lib for lib in libs if lib["name"] == "libcudart"]
    # LD_LIBRARY_PATH first, then the toolkit directories that are not on the loader path
    assert cudart[0]["origin"] == "LD_LIBRARY_PATH"
    assert cudart[0]["version"] == "12.4.127"
    assert cudart[0]["path"] == str(host["ld"] / "libcudart.so.12")
    versions = {(lib["version"], lib["origin"]) for lib in cudart}
    assert ("11.8.89", "toolkit") in versions
    assert ("12.6.77", "toolkit") in versions
    cublas = [lib for lib in libs if lib["name"] == "libcublas"]
    assert cublas[0]["version"] == "11.11.3.6"
    assert cublas[0]["path"] == "/usr/local/cuda-11.8/lib64/libcublas.so.11"


def test_cudnn_and_nccl_from_headers_and_libraries(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    cuda = inspect_json(host["env"])["cuda"]
    cudnn = {(c["source"], c["version"]) for c in cuda["cudnn"]}
    assert ("header", "8.9.7") in cudnn
    assert ("library", "9.1.0") in cudnn
    header = next(c for c in cuda["cudnn"] if c["source"] == "header")
    assert header["path"] == "/usr/local/cuda-11.8/include/cudnn_version.h"
    nccl = [c for c in cuda["nccl"] if c["source"] == "header"]
    assert nccl == [{"version": "2.18.5", "source": "header", "path": "/usr/include/nccl.h"}]


def test_nvcc_on_path_outside_a_toolkit(tmp_path: Path) -> None:
    """An nvcc wrapper on PATH (like /usr/bin/nvcc from a distro package) is asked its version."""
    host = make_host(tmp_path)
    bindir = tmp_path / "wrapper-bin"
    text = (FIXTURES / "nvcc-version-11.5.txt").read_text()
    write_exe(bindir, "nvcc", f"#!/bin/sh\ncat <<'EOF'\n{text}EOF\n")
    env = dict(host["env"])
    env["PATH"] = f"{bindir}:{env['PATH']}"
    toolkits = inspect_json(env)["cuda"]["toolkits"]
    path_tk = [t for t in toolkits if t["found_by"] == "PATH"]
    assert path_tk == [
        {
            "path": str(bindir),
            "version": "11.5",
            "version_source": "nvcc",
            "nvcc": str(bindir / "nvcc"),
            "found_by": "PATH",
        }
    ]


def test_nvcc_on_path_inside_a_toolkit(tmp_path: Path) -> None:
    host = make_host(tmp_path)
    nvcc_dir = host["home"] / "bin"
    text = (FIXTURES / "nvcc-version-11.5.txt").read_text()
    write_exe(nvcc_dir, "nvcc", f"#!/bin/sh\ncat <<'EOF'\n{text}EOF\n")
    env = dict(host["env"])
    env["PATH"] = f"{nvcc_dir}:{env['PATH']}"
    toolkits = inspect_json(env)["cuda"]["toolkits"]
    home = next(t for t in toolkits if t["path"] == str(host["home"]))
    assert home["found_by"] == "CUDA_HOME, PATH"
    assert home["version"] == "12.6"  # version.json wins over asking nvcc
    assert home["nvcc"] == str(nvcc_dir / "nvcc")


def test_no_cuda_at_all(tmp_path: Path) -> None:
    root = tmp_path / "empty"
    root.mkdir()
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    cuda = inspect_json(env)["cuda"]
    assert cuda["toolkits"] == []
    assert cuda["usr_local_cuda_target"] is None
    assert [lib for lib in cuda["libraries"] if lib["origin"] != "pip"] == [] or all(
        lib["origin"].startswith("pip:") for lib in cuda["libraries"]
    )


def test_conda_env_toolkit(tmp_path: Path) -> None:
    """A conda env with the cuda-cudart / cuda-nvcc packages (conda-meta records)."""
    env_dir = tmp_path / "miniconda3/envs/train"
    (env_dir / "conda-meta").mkdir(parents=True)
    (env_dir / "conda-meta/cuda-cudart-12.4.127-0.json").write_text("{}")
    (env_dir / "conda-meta/cuda-nvcc-12.4.131-0.json").write_text("{}")
    (env_dir / "conda-meta/python-3.11.9-h955ad1f_0.json").write_text("{}")
    (tmp_path / "miniconda3/envs/other/conda-meta").mkdir(parents=True)  # no CUDA: ignored
    root = tmp_path / "root"
    root.mkdir()
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    env["CONDA_PREFIX"] = str(env_dir)
    env["CONDA_EXE"] = str(tmp_path / "miniconda3/bin/conda")
    toolkits = inspect_json(env)["cuda"]["toolkits"]
    assert toolkits == [
        {
            "path": str(env_dir),
            "version": "12.4",
            "version_source": "conda-meta",
            "nvcc": None,
            "found_by": "conda",
        }
    ]


def test_pip_wheels_for_cudnn_and_nccl(tmp_path: Path) -> None:
    """nvidia-cudnn-cu12 / nvidia-nccl-cu12 wheels: version from the dist-info, library from
    site-packages/nvidia/<pkg>/lib (the layout pip installs)."""
    site = tmp_path / "site"
    for dist, pkg, lib in (
        ("nvidia_cudnn_cu12-9.1.0.70", "cudnn", "libcudnn.so.9"),
        ("nvidia_nccl_cu12-2.20.5", "nccl", "libnccl.so.2"),
    ):
        name, version = dist.split("-")
        info = site / f"{dist}.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: {version}\n"
        )
        touch(site / "nvidia" / pkg / "lib" / lib)
    root = tmp_path / "root"
    root.mkdir()
    env = base_env()
    env["ENVCHECK_SYSROOT"] = str(root)
    env["PYTHONPATH"] = f"{site}:{env['PYTHONPATH']}"
    data = inspect_json(env)
    assert data["packages"]["installed"]["nvidia-cudnn-cu12"] == "9.1.0.70"
    assert data["packages"]["installed"]["nvidia-nccl-cu12"] == "2.20.5"
    cuda = data["cuda"]
    assert {"version": "9.1.0.70", "source": "pip", "path": str(site / "nvidia/cudnn")} in cuda[
        "cudnn"
    ]
    assert {"version": "2.20.5", "source": "pip", "path": str(site / "nvidia/nccl")} in cuda["nccl"]
    pip_libs = {(lib["name"], lib["origin"]) for lib in cuda["libraries"]}
    assert ("libcudnn", "pip:nvidia-cudnn") in pip_libs
    assert ("libnccl", "pip:nvidia-nccl") in pip_libs
