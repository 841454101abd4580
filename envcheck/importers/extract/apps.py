"""GPU applications and libraries a text shows at work without stating their version.

Some products have a documented GPU floor that holds for every release (compat_data/floors.json
``libraries``): vLLM and cuQuantum need compute capability 7.0, SGLang 7.5. A report names them
at work ("deploying with the vLLM backend", "CUTENSORNET_STATUS_CUDA_ERROR", "we use
lightning.tensor") far more often than it lists their versions. ``apps_mentioned`` yields one
``package`` fact "(version not stated)" per such product, so checks/libraries.py can hold the
GPU the text names against the product's floor. Where the text states the version, the
package readers (and prose, with ``APP_VERSION``) read it instead.
"""

from __future__ import annotations

import re
from typing import List, Optional, Pattern, Tuple

from envcheck.importers.extract.facts import Fact
from envcheck.importers.extract.lines import candidate_lines


def _stated(name: str) -> Pattern[str]:
    """The product named with a version: "sglang 0.4.1", "sglang==0.4.1", "SGLang version:
    0.4.1", a wheel or pip row."""
    return re.compile(
        rf"\b{name}(?:\s+version)?(?:\s+is)?\s*(?:==|[:=]|-)?\s*v?\d+\.\d+(?:\.\d+)?\b", re.I
    )


# Ollama's and vLLM's stated version (prose reads it from here): `ollama -v` ("ollama version
# is 0.5.11"), an issue form's "Ollama version: 0.5.11", a log's "vLLM API server version
# 0.6.1", an image tag (ollama/ollama:0.5.11, vllm/vllm-openai:v0.6.3)
APP_VERSION = re.compile(
    r"\b(ollama|vllm)(?:-openai)?(?:\s+api server)?(?:\s+version)?(?:\s+is)?\s*(?:==|[:=])?\s*"
    r"v?(\d+\.\d+\.\d+(?:\.post\d+|\.dev\d+|rc\d+)?)\b",
    re.I,
)
# (package as floors.json names it, the words that find candidate lines, the product at work,
# the product with its version)
_APPS: Tuple[Tuple[str, Tuple[str, ...], Pattern[str], Pattern[str]], ...] = (
    (
        # "ollama can't find my gpu"; not the client libraries (ollama-python, ollama.js)
        "ollama",
        ("ollama",),
        re.compile(r"\bollama\b(?!\s*(?:-|\.)\s*(?:python|js)\b)", re.I),
        APP_VERSION,
    ),
    (
        # "deploying with the vLLM backend", `vllm serve`, `from vllm import LLM`
        "vllm",
        ("vllm",),
        re.compile(r"\bvllm\b(?!-)", re.I),
        APP_VERSION,
    ),
    (
        # "sglang.launch_server", "SGLang on a V100"; not its separate router package
        "sglang",
        ("sglang",),
        re.compile(r"\bsglang\b(?![-_]router)", re.I),
        _stated("sglang"),
    ),
    (
        # NVIDIA cuQuantum's libraries, by name or by their status codes
        # ("CUSTATEVEC_STATUS_ARCH_MISMATCH", "CUTENSORNET_STATUS_CUDA_ERROR")
        "cuquantum",
        ("custatevec", "cutensornet", "cuquantum"),
        re.compile(r"\bcu(?:statevec|tensornet|quantum)(?![a-z])", re.I),
        _stated(r"cu(?:statevec|tensornet|quantum)(?:[-_]python)?(?:[-_]cu\d+)?"),
    ),
    (
        # PennyLane's cuQuantum devices: qml.device("lightning.gpu"), "lightning.tensor"
        "pennylane-lightning-gpu",
        ("lightning",),
        re.compile(r"\blightning[._-]gpu\b", re.I),
        _stated(r"pennylane[-_]lightning[-_]gpu"),
    ),
    (
        # Immich's machine-learning container with the CUDA backend: the image, its compose
        # service / container name, or hwaccel.ml.yml's cuda service (not the server's NVENC
        # transcoding, which has no such floor)
        "immich-machine-learning",
        ("immich", "hwaccel.ml"),
        re.compile(r"\bimmich[-_ ]machine[-_ ]learning\b|\bhwaccel\.ml\b", re.I),
        re.compile(r"\bimmich[-_]machine[-_]learning:v?\d+\.\d+\.\d+\b", re.I),
    ),
    (
        # FlashAttention-2 at work: the package by its name or import, transformers'
        # attn_implementation="flash_attention_2", "FlashAttention-2" (FlashAttention 1.x, which
        # still ran on Turing, is not meant by these names)
        "flash-attn",
        ("flash",),
        re.compile(
            r"\bflash[-_]attn\b|\bflash[-_ ]?attention[-_ ]?2\b|\bflash_attention_2\b", re.I
        ),
        _stated(r"flash[-_]attn"),
    ),
    (
        # bitsandbytes at work ("import bitsandbytes", "load_in_8bit with bitsandbytes")
        "bitsandbytes",
        ("bitsandbytes",),
        re.compile(r"\bbitsandbytes\b(?![-_](?:windows|foundation|rocm))", re.I),
        _stated("bitsandbytes"),
    ),
    (
        # AutoAWQ (its kernels package is read from package lists)
        "autoawq",
        ("awq",),
        re.compile(r"\bauto[-_ ]?awq\b(?![-_]kernels)", re.I),
        _stated(r"auto[-_]?awq"),
    ),
    (
        # TensorRT-LLM by name, its Python module or its trtllm-* commands
        "tensorrt-llm",
        ("tensorrt", "trtllm", "trt-llm", "trt_llm"),
        re.compile(r"\btensorrt[-_ ]llm\b|\btrt[-_]?llm\b", re.I),
        _stated(r"tensorrt[-_]llm"),
    ),
    (
        # FlashInfer (its PyPI package is flashinfer-python)
        "flashinfer-python",
        ("flashinfer",),
        re.compile(r"\bflashinfer\b", re.I),
        _stated(r"flashinfer(?:[-_]python)?"),
    ),
    # RAPIDS libraries at work: cuDF, cuML, cuGraph by name or import (not dask-cudf's other
    # package names, and not cudf.pandas' "pandas" alone)
    *(
        (
            name,
            (name,),
            re.compile(rf"(?<![-_])\b{name}\b(?![-_])", re.I),
            _stated(rf"{name}(?:[-_]cu\d+)?"),
        )
        for name in ("cudf", "cuml", "cugraph")
    ),
    (
        "pennylane-lightning-tensor",
        ("lightning",),
        re.compile(r"\blightning[._-]tensor\b", re.I),
        _stated(r"pennylane[-_]lightning[-_]tensor"),
    ),
)


# a line that names a product as absent or set aside ("No module named 'flash_attn'",
# "FlashAttention-2 is not available, using sdpa", "without bitsandbytes"): not at work there
_NOT_AT_WORK = re.compile(
    r"no module named|not (?:installed|available|found|supported)|isn't (?:installed|available)|"
    r"falling back|fall back|\bwithout\b|\bdisabl|\buninstall",
    re.I,
)


def apps_mentioned(text: str, file: str) -> List[Fact]:
    """One fact per product of ``_APPS`` the text names at work and states no version of, on
    the line that first names it (its floors in floors.json then apply to any release)."""
    low = text.lower()
    out: List[Fact] = []
    lines: List[str] = []
    for package, words, at_work, stated in _APPS:
        if all(low.find(w) == -1 for w in words):
            continue
        lines = lines or text.split("\n")
        first: Optional[int] = None
        for i in candidate_lines(text, words)[:200]:
            line = lines[i]
            if stated.search(line):
                first = None
                break
            if first is None and at_work.search(line) and not _NOT_AT_WORK.search(line):
                first = i
        if first is None:
            continue
        out.append(
            Fact(
                "package",
                "(version not stated)",
                file,
                first + 1,
                lines[first].strip()[:200],
                "prose",
                name=package,
            )
        )
    return out
