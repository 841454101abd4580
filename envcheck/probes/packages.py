"""Installed frameworks and GPU libraries, from package metadata only (nothing is imported).

Names are normalised (lower case, ``_``/``.`` -> ``-``); versions are kept exactly as in the
metadata, so torch's local tag (``2.5.1+cu121``, ``2.5.1+cpu``) survives. With ``deep=True``
each installed framework is started in its own subprocess of this interpreter, under the probe
timeout, to read what only it knows (torch's CUDA / cuDNN / NCCL versions and arch list,
TensorFlow's build info, JAX's devices) into ``Packages.deep``.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
from typing import Any, Dict, List, Optional, Tuple

from envcheck.probes._util import run_cmd
from envcheck.probes.base import ProbeContext
from envcheck.snapshot import FrameworkDeep, Packages, Unknown

NAMES = frozenset(
    {
        "torch",
        "torchvision",
        "torchaudio",
        "tensorflow",
        "tensorflow-cpu",
        "tensorflow-gpu",
        "tf-nightly",
        "tf-keras",
        "keras",
        "jax",
        "jaxlib",
        "paddlepaddle",
        "paddlepaddle-gpu",
        "onnxruntime",
        "onnxruntime-gpu",
        "onnxruntime-directml",
        "onnxruntime-training",
        "faiss-cpu",
        "faiss-gpu",
        "tensorrt",
        "triton",
        "pytorch-triton",
        "xformers",
        "flash-attn",
        "deepspeed",
        "vllm",
        "numpy",
        "mxnet",
        # companions and extensions pinned to, or built for, one framework release (EC233,
        # EC234: compat_data/floors.json "pins" and their build tags)
        "tensorflow-macos",
        "tensorflow-intel",
        "tensorflow-text",
        "tensorflow-addons",
        "tensorflow-probability",
        "torchtext",
        "torchdata",
        "pyg-lib",
        "mamba-ssm",
        "causal-conv1d",
        "flashinfer-python",
        # cuQuantum and PennyLane's devices on it: compute capability 7.0 (floors.json)
        "pennylane-lightning-gpu",
        "pennylane-lightning-tensor",
    }
)
PATTERNS = (
    re.compile(r"^nvidia-.+"),
    re.compile(r"^cupy(-cuda.*)?$"),
    re.compile(r"^jax-cuda\d+-(plugin|pjrt)$"),
    re.compile(r"^tensorrt-.+"),
    re.compile(r"^mxnet-cu\d+$"),
    re.compile(r"^faiss-gpu-cu\d+$"),
    re.compile(r"^torch-(scatter|sparse|cluster|spline-conv)$"),
    re.compile(r"^(cuquantum|custatevec|cutensornet)(-python)?(-cu\d+)?$"),
)


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wanted(name: str) -> bool:
    return name in NAMES or any(p.match(name) for p in PATTERNS)


_INDEX_LOCK = threading.Lock()
_INDEX: Optional[Tuple[Tuple[str, ...], Dict[str, Tuple[str, str]]]] = None
_DIST_DIR = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+?)(-py\d.*)?\.(dist|egg)-info$")


def distributions() -> Dict[str, Tuple[str, str]]:
    """normalised name -> (version, metadata dir) for every distribution on sys.path.

    Reads directory names (``torch-2.5.1+cu121.dist-info``), which is what importlib.metadata
    does to find distributions, and asks importlib.metadata for the version only when the name
    does not carry it; parsing every METADATA file would cost ~1 ms per installed package.
    The first distribution of a name on sys.path wins, as for import. Cached per sys.path.
    """
    global _INDEX
    key = tuple(sys.path)
    with _INDEX_LOCK:
        if _INDEX is not None and _INDEX[0] == key:
            return _INDEX[1]
        found: Dict[str, Tuple[str, str]] = {}
        for entry in key:
            try:
                names = sorted(os.listdir(entry or "."))
            except OSError:
                continue
            for dirname in names:
                if not dirname.endswith((".dist-info", ".egg-info")):
                    continue
                path = os.path.join(entry or ".", dirname)
                match = _DIST_DIR.match(dirname)
                if match:
                    name, version = normalise(match.group("name")), match.group("version")
                else:
                    name, version = "", ""
                if not name or not version or dirname.endswith(".egg-info"):
                    meta = _read_metadata(path)
                    if meta is None:
                        continue
                    name, version = meta
                if name not in found:
                    found[name] = (version, path)
        _INDEX = (key, found)
        return found


def _read_metadata(path: str) -> Optional[Tuple[str, str]]:
    """(name, version) from the METADATA / PKG-INFO headers (RFC 822 style) of a distribution.

    Read directly: importing importlib.metadata (email, zipfile, csv) costs tens of ms.
    """
    candidates = (
        [path]
        if os.path.isfile(path)
        else [
            os.path.join(path, "METADATA"),
            os.path.join(path, "PKG-INFO"),
        ]
    )
    for candidate in candidates:
        try:
            with open(candidate, encoding="utf-8", errors="replace") as fh:
                head = fh.read(64 * 1024)
        except OSError:
            continue
        fields: Dict[str, str] = {}
        for line in head.splitlines():
            if not line.strip():
                break  # end of the header block
            key, sep, value = line.partition(":")
            if sep and key in ("Name", "Version") and key not in fields:
                fields[key] = value.strip()
        if fields.get("Name") and fields.get("Version"):
            return normalise(fields["Name"]), fields["Version"]
    return None


def installed() -> Dict[str, str]:
    found = {name: v for name, (v, _) in distributions().items() if wanted(name)}
    return dict(sorted(found.items()))


def probe(ctx: ProbeContext) -> Packages:
    packages = Packages(installed=installed())
    if ctx.deep:
        packages.deep = deep(ctx, packages.installed or {})
    return packages


_TORCH = r"""
import json
out = {"name": "torch"}
try:
    import torch
    out["cuda_version"] = torch.version.cuda
    try:
        out["cudnn_version"] = torch.backends.cudnn.version()
    except Exception as exc:
        out["cudnn_error"] = repr(exc)
    try:
        nccl = torch.cuda.nccl.version()
        out["nccl_version"] = ".".join(map(str, nccl)) if isinstance(nccl, tuple) else str(nccl)
    except Exception as exc:
        out["nccl_error"] = repr(exc)
    try:
        out["arch_list"] = list(torch.cuda.get_arch_list())
    except Exception as exc:
        out["arch_error"] = repr(exc)
    out["available"] = bool(torch.cuda.is_available())
    if out["available"]:
        out["devices"] = [torch.cuda.get_device_name(i) for i in range(torch.cuda.device_count())]
except Exception as exc:
    out["error"] = repr(exc)
print("ENVCHECK-JSON:" + json.dumps(out))
"""

_TF = r"""
import json, os
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
out = {"name": "tensorflow"}
try:
    import tensorflow as tf
    info = dict(tf.sysconfig.get_build_info())
    out["cuda_version"] = info.get("cuda_version")
    out["cudnn_version"] = info.get("cudnn_version")
    out["detail"] = "is_cuda_build=%s" % info.get("is_cuda_build")
    gpus = tf.config.list_physical_devices("GPU")
    out["devices"] = [d.name for d in gpus]
    out["available"] = bool(gpus)
except Exception as exc:
    out["error"] = repr(exc)
print("ENVCHECK-JSON:" + json.dumps(out))
"""

_JAX = r"""
import json
out = {"name": "jax"}
try:
    import jax
    devices = jax.devices()
    out["devices"] = [str(d) for d in devices]
    out["available"] = any(d.platform == "gpu" for d in devices)
    out["detail"] = "backend=%s" % jax.default_backend()
except Exception as exc:
    out["error"] = repr(exc)
print("ENVCHECK-JSON:" + json.dumps(out))
"""


def cudnn_text(value: Any) -> Optional[str]:
    """torch.backends.cudnn.version(): 8907 -> "8.9.7"; 90100 -> "9.1.0"."""
    if not isinstance(value, int) or value <= 0:
        return None
    if value >= 10000:
        return f"{value // 10000}.{(value % 10000) // 100}.{value % 100}"
    return f"{value // 1000}.{(value % 1000) // 100}.{value % 100}"


def deep(ctx: ProbeContext, pkgs: Dict[str, str]) -> List[FrameworkDeep]:
    jobs = []
    if "torch" in pkgs:
        jobs.append(("torch", _TORCH))
    if any(n in pkgs for n in ("tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tf-nightly")):
        jobs.append(("tensorflow", _TF))
    if "jax" in pkgs:
        jobs.append(("jax", _JAX))
    results: Dict[str, FrameworkDeep] = {}
    budget = ctx.remaining(reserve=0.2)

    def run(name: str, script: str) -> None:
        results[name] = _run_one(name, script, budget)

    threads = [threading.Thread(target=run, args=job, daemon=True) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(budget + 1.0)
    return [
        results.get(name, FrameworkDeep(name=name, detail=Unknown("did not finish")))
        for name, _ in jobs
    ]


def _run_one(name: str, script: str, budget: float) -> FrameworkDeep:
    res = run_cmd([sys.executable, "-c", script], timeout=budget)
    if res.timed_out:
        return FrameworkDeep(
            name=name, detail=Unknown(f"importing {name} took over {budget:.1f} s")
        )
    line = next((ln for ln in res.stdout.splitlines() if ln.startswith("ENVCHECK-JSON:")), None)
    if line is None:
        tail = " ".join((res.stderr or res.error or "").split())[-300:]
        return FrameworkDeep(
            name=name, detail=Unknown(f"subprocess exited {res.returncode}: {tail}")
        )
    try:
        data = json.loads(line[len("ENVCHECK-JSON:") :])
    except ValueError:
        return FrameworkDeep(name=name, detail=Unknown("unreadable subprocess output"))
    if "error" in data:
        return FrameworkDeep(name=name, detail=Unknown(f"import failed: {data['error']}"))
    fw = FrameworkDeep(name=name)
    fw.available = data.get("available") if isinstance(data.get("available"), bool) else None
    cuda = data.get("cuda_version")
    fw.cuda_version = str(cuda) if cuda else None
    cudnn = data.get("cudnn_version")
    fw.cudnn_version = (
        cudnn_text(cudnn) if isinstance(cudnn, int) else (str(cudnn) if cudnn else None)
    )
    if "cudnn_error" in data:
        fw.cudnn_version = Unknown(data["cudnn_error"])
    fw.nccl_version = data.get("nccl_version")
    if "nccl_error" in data and fw.cuda_version is not None:  # a CPU build has no NCCL
        fw.nccl_version = Unknown(data["nccl_error"])
    arch = data.get("arch_list")
    fw.arch_list = [str(a) for a in arch] if isinstance(arch, list) else None
    if "arch_error" in data:
        fw.arch_list = Unknown(data["arch_error"])
    devices = data.get("devices")
    fw.devices = [str(d) for d in devices] if isinstance(devices, list) else None
    fw.detail = data.get("detail")
    return fw
