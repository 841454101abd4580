"""A fact read from pasted text, with where it came from.

Every extractor yields ``Fact`` objects: a stable key (``driver.version``, ``torch.cuda``,
``gpu.name`` ...), a value, and its provenance (file, 1-based line, the text matched). The
kind says how much to trust it: a value from a structured block (collect_env, an nvidia-smi
table) beats a fragment of tool output, which beats a number inside an error message, which
beats a sentence. ``merge`` keeps the best fact for each key and reports every key that
was stated with two different values.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Dict, List, Tuple

# Lower rank = more trusted.
RANK = {"structured": 0, "fragment": 1, "message": 2, "prose": 3}
MAX_TEXT = 160

# What each key means for a reader (the "what was read" list).
LABELS = {
    "driver.version": "driver",
    "driver.cuda": "driver supports CUDA up to",
    "kernel.module_version": "kernel module",
    "gpu.name": "GPU",
    "gpu.count": "GPU count",
    "gpu.cc": "compute capability",
    "cc_floor": "compute capability the software says it needs",
    "driver_floor": "driver the software says it needs",
    "cuda_floor": "CUDA the software says it needs",
    "python_range": "Python the software says it needs (from,below)",
    "package_floor": "framework release the software says it needs",
    "package_request": "release an install command asks for",
    "wheel_page": "wheel page of builds for torch",
    "cudnn_floor": "cuDNN the software says it needs",
    "cudnn_cuda": "cuDNN package built for CUDA",
    "torch.version": "torch",
    "torch.cuda": "torch built with CUDA",
    "torch.arch_list": "torch build archs",
    "tensorflow.version": "tensorflow",
    "jax.version": "jax",
    "nvcc": "nvcc (CUDA toolkit)",
    "cudnn": "cuDNN",
    "python": "Python",
    "os": "OS",
    "platform": "platform",
    "glibc": "glibc",
    "gpu.present": "an NVIDIA GPU (model not stated)",
    "memlock": "locked-memory limit (bytes)",
    "cuda.dir": "CUDA toolkit directory",
    "libcudnn": "cuDNN library",
    "gpu.topo": "GPU in topology",
    "shm.total": "/dev/shm size",
    "container": "container runtime",
    "keras_use": "the program uses Keras as",
    "host_gcc": "host compiler gcc",
    "cuda_build": "code is compiled here",
}

# Facts whose second value is not a conflict but another item (several GPUs, toolkits).
_EACH_VALUE = {"cuda.dir", "libcudnn"}
MULTI = {
    "runtime.cuda",
    "ext.arch_list",
    "gpu.name",
    "nvcc",
    "cudnn",
    "package",
    "gpu.field",
    "libcudnn",
    "cuda.dir",
}


# Keys whose label is made with the fact's name (the package, the field, the image ...).
_NAMED_LABELS = {
    "package": "{}",
    "env": "{}",
    "ext.arch_list": "{} build archs",
    "runtime.cuda": "{} runs CUDA",
    "ngc_image": "NGC {} container release",
    "wheel_page": "{} wheel page of builds for torch",
}


def label_of(key: str, name: str = "") -> str:
    """What a reader calls the fact ``key`` (of ``name``, for the keys that have one)."""
    if key == "gpu.field":
        return name.replace("_", " ")
    if name and key in _NAMED_LABELS:
        return _NAMED_LABELS[key].format(name)
    return LABELS.get(key, key)


# the ``name`` of a fact read from a GPU family ("RTX 50 series"), not a model: it stands for the
# machine's GPU only where nothing else names one (extract.apply)
GPU_FAMILY = "gpu-family"


@dataclass
class Fact:
    key: str
    value: Any
    file: str
    line: int
    text: str
    kind: str = "prose"
    gpu: int = -1  # -1: not about one GPU (or GPU 0 when only one is known)
    name: str = ""  # for "package" / "gpu.field" facts: which package / field

    def where(self) -> str:
        return f"{self.file}:{self.line}"

    def label(self) -> str:
        return label_of(self.key, self.name)

    def shown_value(self) -> str:
        v = self.value
        if v is None:
            return "none"
        if isinstance(v, (list, tuple)):
            return " ".join(str(x) for x in v) or "none"
        if isinstance(v, bool):
            return "yes" if v else "no"
        return str(v)

    def to_dict(self) -> Dict[str, Any]:
        from envcheck.snapshot import _encode

        out: Dict[str, Any] = {
            "fact": self.key if not self.name else f"{self.key}:{self.name}",
            "value": _encode(list(self.value) if isinstance(self.value, tuple) else self.value),
            "file": self.file,
            "line": self.line,
            "text": self.text[:MAX_TEXT],
            "kind": self.kind,
        }
        if self.gpu >= 0:
            out["gpu"] = self.gpu
        return out


def same_value(a: Any, b: Any) -> bool:
    """Equal, or one version a prefix of the other (``550.54`` and ``550.54.15``), or the same
    release with and without a local tag: pip lists PyPI's torch 2.11.0 (a CUDA 13.0 build) as
    ``2.11.0`` while torch itself says ``2.11.0+cu130`` (a real H200's collect_env)."""
    if a == b:
        return True
    if isinstance(a, str) and isinstance(b, str):
        sa, sb = a.strip().lower(), b.strip().lower()
        tagged = [v for v in (sa, sb) if re.search(r"\+cu\d+$", v)]
        if len(tagged) == 1 and "+" not in (sb if tagged[0] == sa else sa):
            sa, sb = sa.split("+", 1)[0], sb.split("+", 1)[0]  # a CUDA tag only: "+cpu" differs
        short, long_ = (sa, sb) if len(sa) <= len(sb) else (sb, sa)
        return long_ == short or long_.startswith(short + ".")
    return False


# A template field whose value is a version ("- PyTorch Version (e.g., 1.0): 1.3", "driver:
# 470.82"; not "workaround: pip install torch==1.11"): the reporter states the value as the
# answer to a question, which beats a number in a sentence ("with torch 1.2 it worked, 1.3
# fails") of the same kind.
_FIELD = re.compile(r"^[^\S\n]*(?:[-*>]\s*)?[A-Za-z][\w ./()+,-]{1,60}?\s*[:=]\s*v?\d")


def _trust(f: Fact) -> Tuple[int, int]:
    return RANK.get(f.kind, 9), 0 if _FIELD.match(f.text) else 1


def merge(facts: List[Fact]) -> Tuple[Dict[Tuple[str, str, int], Fact], List[Dict[str, Any]]]:
    """Best fact per (key, name, gpu), and the conflicts: one key, two different values."""
    best: Dict[Tuple[str, str, int], Fact] = {}
    seen: Dict[Tuple[str, str, int], List[Fact]] = {}
    for f in facts:
        k = (f.key, f.name, f.gpu)
        if f.key in _EACH_VALUE:  # several toolkits / libraries: each value is its own fact
            k = (f.key, str(f.value), f.gpu)
        seen.setdefault(k, []).append(f)
        cur = best.get(k)
        if cur is None or _trust(f) < _trust(cur):
            best[k] = f
    conflicts: List[Dict[str, Any]] = []
    for k, group in seen.items():
        if k[0] in MULTI and k[0] != "gpu.field":
            continue
        distinct: List[Fact] = []
        for f in group:
            if not any(same_value(f.value, d.value) for d in distinct):
                distinct.append(f)
        if len(distinct) > 1:
            chosen = best[k]
            conflicts.append(
                {
                    "fact": k[0] if not k[1] else f"{k[0]}:{k[1]}",
                    "label": chosen.label(),
                    "chosen": chosen.to_dict(),
                    "values": [d.to_dict() for d in distinct],
                }
            )
    return best, conflicts
