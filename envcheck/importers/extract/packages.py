"""Package managers' output, whole or in pieces: pip freeze / pip index versions, conda list
and conda solver plans, ``dpkg -l``, ``ls /usr/local``, ``locate libcudnn``.

What they state: installed framework versions, CPU-only conda builds (``py3.10_cpu_0``,
``pytorch-mutex ... cpu``, ``cpuonly``), the CUDA a conda build was made with, the system
driver packages (``nvidia-driver-535``), CUDA toolkits and cuDNN libraries on disk.
"""

from __future__ import annotations

import re
from typing import Iterator, List, Optional

from envcheck.importers.extract.facts import Fact
from envcheck.importers.extract.lines import candidate_lines

# pip freeze; uv / pip install output lists what it installed as " + name==version"
_FREEZE = re.compile(
    r"^[^\S\n]*(?:\+\s+)?([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*==\s*([0-9][^\s;#,]*)"
)
# conda list row: name version build [channel]
_CONDA_ROW = re.compile(
    r"^[^\S\n]*(_?[A-Za-z0-9][A-Za-z0-9._-]*)\s+(\d[\w.+!-]*)\s+([A-Za-z0-9_.+]*_\d+|[a-z0-9_.]*(?:cpu|cuda)[\w.]*|h[0-9a-f]{7}\w*)"
    r"(?:\s+\S+){0,2}\s*$"  # [channel], or a mark such as [cpuonly] and the channel
)
# conda's "The following packages will be downloaded" table: "package | build", the name and
# version joined by a dash ("pytorch-1.7.1   |cpu_py37hf1c21f6_1   28.5 MB  conda-forge",
# rapidsai/clx#319)
_CONDA_DOWNLOAD_ROW = re.compile(
    r"^[^\S\n]*(_?[A-Za-z][A-Za-z0-9._-]*?)-(\d[\w.+!]*)\s*\|\s*([A-Za-z0-9_.+]+)"
    r"(?:\s+\d[\d.]*\s*[KMG]?B)?(?:\s+\S+)?\s*$"
)
# a conda plan's change row, "name  old-version-build --> new-version-build" (its UPDATED,
# SUPERSEDED and DOWNGRADED sections): the left side is what is installed while the plan has not
# run ("tensorflow  2.7.0-cpu_py39h4655687_0 --> 2.7.0-cuda112py39h01bd6f0_0", a CPU build in
# the image, jupyter/docker-stacks#1616); the right side once "Executing transaction" follows
_CONDA_CHANGE = re.compile(
    r"^[^\S\n]*(_?[A-Za-z][\w.-]*)\s+(?:[\w.-]+::)?(\d[\w.+!]*)-([\w.]+)\s+-->\s+"
    r"(?:[\w.-]+::)?(\d[\w.+!]*)-([\w.]+)\s*$"
)
# conda plans / package file names: pytorch-2.0.1-py3.10_cpu_0, linux-64::pytorch-2.0.1-...
_CONDA_SPEC = re.compile(
    r"(?:::|/|\s|^)(pytorch-nightly|pytorch|torch|pytorch-cuda|cudatoolkit|pytorch-mutex|cpuonly|"
    r"cpu-only|tensorflow|"
    r"jaxlib|cuda-[a-z-]+|libcublas|libcudnn|cudnn)-(\d[\w.+]*)-([\w.]+?)(?:\.tar\.bz2|\.conda)?(?=\s|$|,)",
    re.I,
)
_INTERESTING = re.compile(
    r"^(torch|pytorch|torchvision|torchaudio|tensorflow|tensorflow-gpu|tf-nightly|jax|jaxlib|"
    r"jax-cuda\d+-\w+|nvidia-(?!smi$)[\w-]+|cupy[\w-]*|triton|xformers|flash-attn|flash_attn|deepspeed|"
    r"vllm|onnxruntime[\w-]*|cudatoolkit|cudnn|pytorch-cuda|pytorch-mutex|cpuonly|cpu-only|"
    r"_pytorch_select|pytorch-nightly|cuda-[a-z-]+|"
    r"libcublas|libcudnn|paddlepaddle[\w-]*|mxnet[\w-]*|transformers|accelerate|bitsandbytes|"
    r"numba|numba-cuda|pycuda|dgl|keras|tf-keras|flashinfer(?:-python)?|sglang|lightgbm|xgboost|"
    r"mmcv(?:-full)?|detectron2|tensorrt(?:[-_]cu\d+|[-_]llm)?|ctranslate2|llama[-_]cpp[-_]python|"
    r"faiss-(?:gpu|cpu)(?:[-_]cu\d+)?|apex|autoawq(?:[-_]kernels)?|"
    # RAPIDS: conda names them plainly, pip by the CUDA major ("cudf-cu12")
    r"(?:cudf|cuml|cugraph)(?:[-_]cu\d+)?|"
    # companions and extensions that pin or name the framework release they were built for
    r"torch[-_](?:scatter|sparse|cluster|spline[-_]conv)|pyg[-_]lib|torchtext|torchdata|"
    r"tensorflow[-_](?:text|addons|probability|io)|keras-nightly|mamba[-_]ssm|"
    r"causal[-_]conv1d|sageattention|"
    # cuQuantum and PennyLane's devices on it (compute capability 7.0, floors.json)
    r"(?:cuquantum|custatevec|cutensornet)(?:[-_]python)?(?:[-_]cu\d+)?|"
    r"pennylane[-_]lightning[-_](?:gpu|tensor))$",
    re.I,
)
_COLLECT_ENV_MARK = re.compile(r"^\[(?:pip3?|conda)\]\s+")
_TIMESTAMP = re.compile(
    r"^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?\]?\s*"
)
# `pip list` row without its header: "paddlepaddle-gpu     1.8.4.post97"
_PIP_LIST_ROW = re.compile(r"^[^\S\n]*([A-Za-z][\w.-]*)\s{2,}(\d[\w.+!-]*)\s*$")
# An environment dump's "name: version" line (sglang's / vLLM's env, an issue form), also as a
# markdown table row: "flashinfer: 0.1.3", "- xformers version: 0.0.22", "| torch | 2.3.0 |",
# or a JSON dump's pair (InvokeAI's version info: `"torch"       : "2.6.0+cu124" ,`)
_KV_ROW = re.compile(
    r"^[^\S\n]*(?:[-*]\s*)?\|?\s*['\"]?([A-Za-z][\w.-]*)['\"]?(?:\s+version)?\s*(?::|=|\|)\s*['\"]?v?"
    r"(\d+(?:\.\d+){1,3}(?:\.?(?:post|dev|rc|a|b)\d*)?(?:\+[\w.]+)?)['\"]?\s*[|,]?\s*$",
    re.I,
)
# the wheel pages of extensions built per torch release (PyG, OpenMMLab's mmcv)
_WHEEL_PAGE = re.compile(
    r"(?:data\.pyg\.org|pytorch-geometric\.com)/whl/torch-(\d+)\.(\d+)\.\d+(?:\+|%2B)"
    r"(?:cu\d+|cpu)\.html|"
    r"download\.openmmlab\.com/mmcv/dist/(?:cu\d+|cpu)/torch(\d+)\.(\d+)(?:\.\d+)?/index\.html",
    re.I,
)
# an install command or pip's "Collecting name==version": the releases asked for
_REQUEST_LINE = re.compile(r"^[^\S\n]*Collecting\s|\b(?:pip3?|uv\s+pip)\s+install\b", re.I)
# an install of torch from PyTorch's own index for one CUDA: `pip install torch --index-url
# https://download.pytorch.org/whl/cu118` (nightly/ and test/ alike) installs the cu118 build.
# Only --index-url / -i: with --extra-index-url pip may take PyPI's build instead
_TORCH_INDEX = re.compile(
    r"(?:--index-url[=\s]|(?<!\S)-i\s)\s*['\"]?https?://download\.pytorch\.org/whl/"
    r"(?:nightly/|test/)?cu(\d{2})(\d)\b(?!/torch)",
    re.I,
)
_TORCH_REQUESTED = re.compile(r"\binstall\b[^#\n]*?(?<![\w.-])(?:torch|pytorch)(?![\w.-]|==\S*\+)")
_REQUESTED = re.compile(r"(?<![\w.-])([A-Za-z][\w.-]*)==(\d[\w.!+]*)")
# pip's install output: "Successfully installed torchaudio-0.10.0 xformers-0.0.22" and
# "Requirement already satisfied: torch==1.10.0 in /usr/lib/python3/dist-packages (from
# torchaudio) (1.10.0+cu111)": the versions installed, the last one with its local tag
_PIP_SUCCESS = re.compile(r"^[^\S\n]*Successfully installed\s+(.+?)\s*$", re.I)
_PIP_SUCCESS_ITEM = re.compile(r"^([A-Za-z][\w.-]*?)-(\d[\w.+!]*)$")
_PIP_SATISFIED = re.compile(
    r"^[^\S\n]*Requirement already satisfied:\s*([A-Za-z][\w.-]*)[^\n]*?\sin\s\S+"
    r"(?:\s\(from [^)]*\))?\s\((\d[\w.+!-]*)\)\s*$",
    re.I,
)
# pip's resolver: "torchvision 0.15.0+cu117 requires torch==2.0.0, but you have torch 1.13.1
# which is incompatible." - both packages are installed, at the versions named
_PIP_CONFLICT = re.compile(
    r"^[^\S\n]*(?:ERROR:\s*)?([A-Za-z][\w.-]*) (\d[\w.+!-]*) requires [^,]{1,120}, but you have "
    r"([A-Za-z][\w.-]*) (\d[\w.+!-]*) which is incompatible",
    re.I,
)
# A line that starts with a package and its version, as people list them in an issue: "-
# onnxruntime-gpu 1.28.0", "`onnxruntime-gpu` 1.27 silently falls back ...", "* xformers
# v0.0.28": only for the packages above, and never "name 2 GPUs" (a version has a dot)
_NAME_VERSION_LEAD = re.compile(
    r"^[^\S\n]*(?:[-*\u2022]\s*)?`?([A-Za-z][\w.-]*?)`?\s+v?(\d+\.\d+(?:\.\d+){0,2}"
    r"(?:\.?(?:post|dev|rc|a|b)\d*)?(?:\+[\w.]+)?)(?=[\s,;)]|$)"
)
_CONDA_DOWNLOAD = re.compile(r"^[^\S\n]*([A-Za-z][\w.-]*?)-(\d[\w.+]*)\s*\|\s*(\S+)\s")
_PIP_NOT_FOUND = re.compile(
    r"(?:satisfies the requirement|No matching distribution found for)\s+"
    r"(torch|tensorflow(?:-gpu)?|jax|jaxlib)\s*==\s*(\d[\w.]*)",
    re.I,
)
_DPKG = re.compile(r"^\s*(?:ii|hi|rc|iU|iF)\s+(\S+?)(?::\w+)?\s+(\S+)\s+(?:amd64|arm64|all|i386)\b")
_PIP_INDEX = re.compile(r"^[^\S\n]*INSTALLED:\s*(\S+)")
_PIP_INDEX_NAME = re.compile(r"^[^\S\n]*([A-Za-z0-9][\w.-]*)\s+\((\S+)\)\s*$")
_USR_LOCAL_CUDA = re.compile(
    r"(?:^|[\s/`'\"])(?:usr/local/)?cuda-(\d{1,2}\.\d)(?:\.\d+)?(?=[\s/:`'\",.]|$)"
)
# Spack's spec of the CUDA toolkit package (not "^cuda" constraints written as ranges)
_SPACK_CUDA = re.compile(r"(?<![\w-])cuda@(\d{1,2}\.\d)(?:\.\d+)?(?![\w.:])")
TRIGGERS = (
    ".whl",
    "==",
    "you have",
    "successfully installed",
    "already satisfied",
    "ii ",
    "hi ",
    "installed:",
    "torch",
    "cuda",
    "cudnn",
    "tensorflow",
    "jax",
    "nvidia",
    "cupy",
    "triton",
    "xformers",
    "flash",
    "deepspeed",
    "vllm",
    "onnx",
    "cpuonly",
    "mutex",
    "cublas",
    "paddle",
    "mxnet",
    "transformers",
    "accelerate",
    "bitsandbytes",
    "keras",
    "flashinfer",
    "sglang",
    "lightgbm",
    "xgboost",
    "mmcv",
    "detectron2",
    "tensorrt",
    "ctranslate2",
    "llama_cpp",
    "llama-cpp",
    "faiss",
    "apex",
    "pyg",
    "mamba",
    "causal",
    "cudf",
    "cuml",
    "cugraph",
    "autoawq",
    "cuquantum",
    "custatevec",
    "cutensornet",
    "pennylane",
)
_LIBCUDNN = re.compile(r"libcudnn(?:_\w+)?\.so\.(\d+(?:\.\d+){0,2})\b")
# A wheel's file name (pip's "Downloading torch-1.7.1-cp38-cp38-win_amd64.whl", a list of the
# wheels installed, a name retold without ".whl": "the sageattention-2.2.0+cu128torch2.9.0.post3-
# cp39-abi3-win_amd64 wheel"): the package, its version, the Python it was built for (cp38 ->
# 3.8) and its ABI tag (abi3: that Python or any later one)
_WHEEL = re.compile(
    r"(?<![\w.-])([A-Za-z][A-Za-z0-9_.]*?)-(\d+(?:\.\d+){1,3}(?:(?:\.?post|\.?dev|rc|a|b)\d+)?"
    r"(?:(?:\+|%2B)[\w.]+)?)-cp(\d)(\d{1,2})-(\w+)-(?:[\w.-]+\.whl\b|"
    r"(?:win|linux|manylinux|musllinux|macosx)\w*(?:\.\w+)*(?![\w.-]))"
)
# NVIDIA's cuDNN packages carry the CUDA they were built for: `apt list` ("libcudnn8/unknown,now
# 8.9.3.28-1+cuda12.1 amd64"), a .deb ("libcudnn8_8.9.1.23-1+cuda12.1_arm64"), an apt pin
# ("libcudnn7=7.6.5.32-1+cuda10.1")
_CUDNN_BUILD = re.compile(
    r"\blibcudnn\d(?:-dev)?(?:/\S+\s+|[_=]|\s+)(\d+\.\d+\.\d+)(?:\.\d+)?(?:-\d+)?\+cuda(\d+\.\d+)"
)


def facts(lines: List[str], file: str, candidates: Optional[List[int]] = None) -> Iterator[Fact]:
    """Facts in the lines (``candidates``: the indices holding a trigger word)."""
    if candidates is None:
        candidates = candidate_lines("\n".join(lines), TRIGGERS)
    pip_index_name = ""
    ran: Optional[bool] = None  # whether a conda plan in the text ran (read once, if needed)
    seen = set()
    for i in candidates:
        line = lines[i].strip()
        if line[:1].isdigit() or line[:1] == "[":
            line = _TIMESTAMP.sub("", line)  # a CI log's timestamp before a conda plan row
            # collect_env's "Versions of relevant libraries" rows, pasted without the rest
            line = _COLLECT_ENV_MARK.sub("", line)
        if not line or line in seen or len(seen) >= 20000:
            continue
        seen.add(line)
        n = i + 1

        def fact(
            key: str,
            value: object,
            name: str = "",
            kind: str = "fragment",
            *,
            _at: tuple = (n, line),
        ) -> Fact:
            return Fact(key, value, file, _at[0], _at[1][:300], kind, name=name)

        m = _FREEZE.match(line)
        if m and _INTERESTING.match(m.group(1)):
            yield from _package(fact, m.group(1), m.group(2), "")
            continue
        m = _CONDA_ROW.match(line)
        if m and _INTERESTING.match(m.group(1)):
            yield from _package(fact, m.group(1), m.group(2), m.group(3))
            continue
        m = _CONDA_CHANGE.match(line) if "-->" in line else None
        if m and _INTERESTING.match(m.group(1)):
            if ran is None:
                ran = any("executing transaction" in x.lower() for x in lines[i:])
            version, build = (m.group(4), m.group(5)) if ran else (m.group(2), m.group(3))
            yield from _package(fact, m.group(1), version, build)
            continue
        m = _CONDA_DOWNLOAD_ROW.match(line) if "|" in line else None
        if m and _INTERESTING.match(m.group(1)):
            yield from _package(fact, m.group(1), m.group(2), m.group(3))
            continue
        m = _PIP_LIST_ROW.match(line)
        if m and _INTERESTING.match(m.group(1)):
            yield from _package(fact, m.group(1), m.group(2), "")
            continue
        m = _PIP_SUCCESS.match(line) if "installed" in line else None
        if m:
            for item in m.group(1).split()[:200]:
                im = _PIP_SUCCESS_ITEM.match(item)
                if im and _INTERESTING.match(im.group(1)):
                    yield from _package(fact, im.group(1), im.group(2), "")
            continue
        m = _PIP_SATISFIED.match(line) if "satisfied" in line else None
        if m:
            if _INTERESTING.match(m.group(1)):
                yield from _package(fact, m.group(1), m.group(2), "")
            continue
        m = _PIP_CONFLICT.match(line) if "you have" in line else None
        if m:
            for name, version in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
                if _INTERESTING.match(name):
                    yield from _package(fact, name, version, "")
            continue
        if "==" in line and _REQUEST_LINE.search(line):
            # what an install command asks for is not installed yet, but its pins decide what
            # pip will replace (xformers==0.0.19 brings torch 2.0.0 over a 2.0.1): kept aside
            for m in _REQUESTED.finditer(line):
                if _INTERESTING.match(m.group(1)):
                    name = m.group(1).lower().replace("_", "-")
                    yield fact("package_request", f"{name}=={m.group(2)}", kind="fragment")
        m = _TORCH_INDEX.search(line) if "download.pytorch.org/whl/" in line else None
        if m and _REQUEST_LINE.search(line) and _TORCH_REQUESTED.search(line):
            # (not where the command pins torchvision or torchaudio too: their plain versions
            # are read as PyPI's default CUDA builds, though this index gives its own, and a
            # command is often a suggestion, not what was run)
            pinned = any(
                r.group(1).lower() in ("torchvision", "torchaudio")
                for r in _REQUESTED.finditer(line)
            )
            if not pinned:
                yield fact("torch.cuda", f"{int(m.group(1))}.{m.group(2)}", kind="prose")
        if "/torch" in line:
            # a wheel page of builds for one torch release: PyG's
            # data.pyg.org/whl/torch-2.0.1+cu118.html, OpenMMLab's .../mmcv/dist/cu117/torch1.13/
            for m in _WHEEL_PAGE.finditer(line):
                family = "pyg" if m.group(1) else "mmcv"
                major, minor = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                yield fact("wheel_page", f"{int(major)}.{int(minor)}", family)
        m = _KV_ROW.match(line) if not line.startswith("#") else None
        if m and _INTERESTING.match(m.group(1)):
            yield from _package(fact, m.group(1), m.group(2), "")
            continue
        m = _NAME_VERSION_LEAD.match(line)
        if m and _INTERESTING.match(m.group(1)) and m.group(1).lower() not in _OWN_READERS:
            yield from _package(fact, m.group(1), m.group(2), "", kind="prose")
            continue
        for m in _CONDA_SPEC.finditer(line):
            yield from _package(fact, m.group(1), m.group(2), m.group(3))
        m = _CONDA_DOWNLOAD.match(line) if "|" in line else None
        if m and _INTERESTING.match(m.group(1)):
            yield from _package(fact, m.group(1), m.group(2), m.group(3))
            continue
        if re.search(r"\b(?:cudatoolkit|pytorch-cuda)\s*=", line):
            yield fact("gpu.present", True, kind="prose")  # the command asks for CUDA
        m = _PIP_NOT_FOUND.search(line) if "==" in line else None
        if m:
            # pip found no build of this version for this Python / platform: the version the
            # job needs is a fact for the Python check, though it is not installed
            yield fact(f"{m.group(1).lower().split('-')[0]}.version", m.group(2), kind="message")
        # a wheel being downloaded is what pip chose, not yet what is installed (the install
        # may fail: no wheel of a companion package for this Python); its Python tag is still
        # the interpreter's
        if ".whl" in line or "-cp" in line:
            fetching = any(w in line.lower() for w in ("downloading", "collecting", "http"))
            for m in _WHEEL.finditer(line):
                name = m.group(1).replace("_", "-")
                if _INTERESTING.match(name):
                    if not fetching:
                        yield from _package(fact, name, m.group(2).replace("%2B", "+"), "")
                    if m.group(5).lower() != "abi3":  # abi3: this Python or any later one
                        yield fact("python", f"{m.group(3)}.{m.group(4)}")
        m = _CUDNN_BUILD.search(line) if "+cuda" in line else None
        if m:
            yield fact("cudnn", m.group(1))
            yield fact("cudnn_cuda", m.group(2))
        m = _DPKG.match(line)
        if m:
            yield from _dpkg(fact, m.group(1), m.group(2))
            continue
        m = _PIP_INDEX_NAME.match(line)
        if m:
            pip_index_name = m.group(1)
        m = _PIP_INDEX.match(line)
        if m and pip_index_name and _INTERESTING.match(pip_index_name):
            yield from _package(fact, pip_index_name, m.group(1), "")
        for m in _USR_LOCAL_CUDA.finditer(line):
            yield fact("cuda.dir", m.group(1))
        m = _SPACK_CUDA.search(line) if "cuda@" in line else None
        if m:  # a Spack spec's toolkit ("Concretized cuda@11.8", "cuda@11.8.0%gcc@11.3.0")
            yield fact("nvcc", m.group(1), kind="fragment")
        missing = re.search(
            r"cannot open|could not load|not found|no such file|unable to", line, re.I
        )
        for m in _LIBCUDNN.finditer(line) if not missing else ():
            if m.group(1).count(".") >= 1 or "cudnn" not in line.lower().split("libcudnn")[0]:
                yield fact("libcudnn", m.group(1))


# Named in prose with their versions by the prose reader already (its own rules for "torch 2.1
# with CUDA 11.8", "tensorflow 2.3.0 (GPU)", "jax/jaxlib 0.4.30")
_OWN_READERS = {"torch", "pytorch", "tensorflow", "tensorflow-gpu", "jax", "jaxlib"}


def _package(fact, name: str, version: str, build: str, kind: str = "fragment") -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    key = name.lower().replace("_", "-").lstrip("-")  # conda's "_pytorch_select"
    if key in ("pytorch", "pytorch-nightly"):
        key = "torch"
    yield fact("package", version, key, kind)
    b = build.lower()
    if key == "torch":
        yield fact("torch.version", version)
        cm = re.search(r"cuda(\d+)\.?(\d+)", b)
        if cm:
            yield fact("torch.cuda", f"{int(cm.group(1))}.{int(cm.group(2))}")
        elif re.search(r"(^|_)cpu(_|$)", b):
            yield fact("torch.cuda", None)
    elif (
        key in ("pytorch-mutex", "pytorch-select")  # anaconda's old CPU/GPU selector
        and "cpu" in b + version
        or key in ("cpuonly", "cpu-only")
    ):
        yield fact("torch.cuda", None)
    elif key == "pytorch-cuda":
        yield fact("torch.cuda", _mm(version))
    if key in ("cudatoolkit", "pytorch-cuda"):
        # asked for a CUDA toolkit: the environment is meant for an NVIDIA GPU
        yield fact("gpu.present", True, kind="prose")
    if key in ("cudatoolkit", "cuda-runtime", "cuda-cudart", "cuda-nvcc", "cuda-toolkit"):
        if key in ("cuda-nvcc", "cuda-toolkit"):
            yield fact("nvcc", _mm(version))
    elif key in ("cudnn", "libcudnn", "nvidia-cudnn-cu11", "nvidia-cudnn-cu12"):
        yield fact("cudnn", version)
    elif key in ("tensorflow", "tensorflow-gpu"):
        yield fact("tensorflow.version", version)
    elif key == "jax":
        yield fact("jax.version", version)


def is_interesting(name: str) -> bool:
    """Whether a package name is one whose version decides a check."""
    return _INTERESTING.match(name) is not None


def package_facts(fact, name: str, version: str) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    """The facts an installed package's name and version state (``pip show``'s output)."""
    return _package(fact, name, version, "")


def _mm(version: str) -> str:
    m = re.match(r"(\d+)\.(\d+)", version)
    return f"{int(m.group(1))}.{int(m.group(2))}" if m else version


def _dpkg(fact, name: str, version: str) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    ver = re.sub(r"^\d+:", "", version)
    # nvidia-driver-535, libnvidia-compute-535:amd64, ... and Arch's bare nvidia-390
    if re.match(
        r"(?:nvidia-driver|libnvidia-compute|nvidia-utils|nvidia-kernel-common)-\d{3}|"
        r"nvidia-\d{3}$",
        name,
    ):
        m = re.match(r"(\d{3}\.\d+(?:\.\d+)?)", ver)
        if m:
            yield fact("driver.version", m.group(1))
    elif re.match(r"libcudnn\d", name):
        m = re.match(r"(\d+\.\d+\.\d+)", ver)
        if m:
            yield fact("cudnn", m.group(1))
    elif re.match(r"cuda-(?:toolkit|nvcc|compiler|runtime)-\d+-\d+$", name):
        yield fact("nvcc", _mm(ver))
