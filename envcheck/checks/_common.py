"""Helpers shared by the check families: reading facts (or skipping), versions, CUDA runtimes.

No checks are registered here. Everything is pure: no I/O, no imports of frameworks.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from envcheck.checks.registry import SkipCheck
from envcheck.snapshot import (
    CpuMemory,
    Cuda,
    CudaToolkit,
    Driver,
    FrameworkDeep,
    Gpu,
    KernelSide,
    OsInfo,
    Packages,
    Snapshot,
    Unknown,
    known,
)

PYTORCH_INDEX = "https://download.pytorch.org/whl"


def need(value: Any, what: str) -> Any:
    """The value, or SkipCheck when it is Unknown or absent."""
    if isinstance(value, Unknown):
        raise SkipCheck(f"{what} unknown: {value.reason}")
    if value is None:
        raise SkipCheck(f"{what} unknown: not in this snapshot")
    return value


def not_applicable(reason: str) -> SkipCheck:
    return SkipCheck(f"not applicable: {reason}")


def ask(matrix: Any, question: str, *args: Any) -> Any:
    """``matrix.<question>(*args)``, or None when there is no matrix or it cannot answer
    (a data file missing or broken, a version it cannot parse)."""
    if matrix is None:
        return None
    try:
        return getattr(matrix, question)(*args)
    except Exception:  # noqa: BLE001 - a matrix question must never crash a check
        return None


def matrix_max_cuda(matrix: Any, driver: str, platform: str) -> Optional[str]:
    """The highest CUDA (major.minor) ``driver`` runs with full compatibility, per the matrix;
    None when it cannot say."""
    full = ask(matrix, "max_cuda_for_driver", driver, platform)
    return mm_str(full) if full else None


def driver_max_cuda(snapshot: Snapshot, matrix: Any) -> Optional[str]:
    """The newest CUDA (major.minor) the driver runs: its own "CUDA Version" (nvidia-smi, NVML)
    when known, else the matrix's answer for the driver version; None when neither says."""
    drv = snapshot.driver
    if not isinstance(drv, Driver):
        return None
    if isinstance(drv.cuda_version, str) and major_minor(drv.cuda_version):
        return mm_str(drv.cuda_version)
    if not isinstance(drv.version, str):
        return None
    return matrix_max_cuda(matrix, drv.version, platform(snapshot))


def need_matrix(matrix: Any) -> Any:
    if matrix is None:
        raise SkipCheck("compatibility matrix unavailable")
    return matrix


def driver(snapshot: Snapshot) -> Driver:
    return need(snapshot.driver, "NVIDIA driver")


def driver_version(snapshot: Snapshot) -> str:
    drv = driver(snapshot)
    if isinstance(drv.version, str):
        return drv.version
    status = drv.status if isinstance(drv.status, str) else "unknown"
    reason = drv.version.reason if isinstance(drv.version, Unknown) else f"driver status {status}"
    raise SkipCheck(f"driver version unknown: {reason}")


def gpus(snapshot: Snapshot) -> List[Gpu]:
    """The GPU list, or SkipCheck when it could not be read."""
    drv = driver(snapshot)
    if isinstance(drv.gpus, list):
        return drv.gpus
    if isinstance(drv.gpus, Unknown):
        raise SkipCheck(f"GPU list unknown: {drv.gpus.reason}")
    status = drv.status if isinstance(drv.status, str) else "unknown"
    if status == "no-gpus":
        return []
    raise SkipCheck(f"GPU list unknown: driver status {status}")


def gpu_list_or_empty(snapshot: Snapshot) -> List[Gpu]:
    try:
        return gpus(snapshot)
    except SkipCheck:
        return []


def kernel_side(snapshot: Snapshot) -> KernelSide:
    return need(snapshot.kernel, "kernel module facts")


def cuda(snapshot: Snapshot) -> Cuda:
    return need(snapshot.cuda, "CUDA library facts")


def cuda_versions(snapshot: Snapshot, field: str) -> List[str]:
    """The versions (major.minor or longer) of the snapshot's CUDA ``field`` ("toolkits",
    "cudnn") that are known; [] when none is."""
    items = getattr(snapshot.cuda, field, None)
    return [
        i.version
        for i in (items if isinstance(items, list) else [])
        if isinstance(getattr(i, "version", None), str) and major_minor(i.version)
    ]


def cpu_memory(snapshot: Snapshot) -> CpuMemory:
    return need(snapshot.cpu_memory, "CPU and memory facts")


def os_info(snapshot: Snapshot) -> Optional[OsInfo]:
    return snapshot.os if isinstance(snapshot.os, OsInfo) else None


def installed(snapshot: Snapshot) -> Dict[str, str]:
    """Installed packages; SkipCheck when the package list could not be read."""
    pkgs = need(snapshot.packages, "installed packages")
    if not isinstance(pkgs, Packages):
        raise SkipCheck("installed packages unknown")
    return need(pkgs.installed, "installed packages")


def pasted_evidence(snapshot: Snapshot) -> Dict[str, Any]:
    """What the readers of pasted text recorded: the facts read (with their kind), conflicts,
    frameworks named without a version. Empty for a live host."""
    return snapshot.evidence if isinstance(snapshot.evidence, dict) else {}


def facts_read(snapshot: Snapshot) -> List[Dict[str, Any]]:
    """The facts pasted text stated, each with its ``fact`` key and ``kind``."""
    return [r for r in pasted_evidence(snapshot).get("read") or [] if isinstance(r, dict)]


def _every_reading(
    snapshot: Snapshot, facts: Tuple[str, ...], holds: Callable[[Dict[str, Any]], bool]
) -> bool:
    """Pasted text that reads ``facts`` at least once, each reading one that ``holds``."""
    read = [r for r in facts_read(snapshot) if r.get("fact") in facts]
    return bool(read) and from_report(snapshot) and all(holds(r) for r in read)


def only_in_prose(snapshot: Snapshot, facts: Tuple[str, ...]) -> bool:
    """Pasted text whose every reading of ``facts`` is a sentence (kind "prose")."""
    return _every_reading(snapshot, facts, lambda r: r.get("kind") == "prose")


# A version a person typed as a labelled item of an issue ("- PyTorch: 1.13.1", "Torch version:
# 2.0"): no local tag whatever the build. pip and conda list the package as "torch" / "pytorch"
# in columns, and torch prints "+cpu" / "+cu117" in its own version (collect_env).
_TYPED_LABEL = re.compile(
    r"^\s*(?:[-*\u2022]\s+|\d+[.)]\s+)(?:\*\*)?[A-Za-z][\w .-]{0,30}?(?:\*\*)?\s*[:=]|"
    r"^\s*(?:\*\*)?(?:PyTorch|Torch)(?:\s+[Vv]ersion)?(?:\*\*)?\s*[:=]"
)


def typed_by_hand(snapshot: Snapshot, facts: Tuple[str, ...]) -> bool:
    """Pasted text whose every reading of ``facts`` is a sentence or a labelled item a person
    typed (a markdown list "- PyTorch: 1.13.1", a "PyTorch: 2.0" line), not a tool's listing."""
    return _every_reading(
        snapshot,
        facts,
        lambda r: r.get("kind") == "prose" or bool(_TYPED_LABEL.match(str(r.get("text") or ""))),
    )


def stated_values(snapshot: Snapshot, fact: str) -> List[str]:
    """The different values pasted text states for one fact (``"torch.version"``), when it
    states more than one: the failing setup and a workaround often share a text ("fails
    with torch 1.12 ... works with torch==1.11"). Empty when the text states one value."""
    for conflict in pasted_evidence(snapshot).get("conflicts") or []:
        if isinstance(conflict, dict) and conflict.get("fact") == fact:
            values = [v.get("value") for v in conflict.get("values") or [] if isinstance(v, dict)]
            return [str(v) for v in values if v is not None]
    return []


def gpu_count_unstated(snapshot: Snapshot) -> bool:
    """True for pasted text whose GPUs are only models named in prose ("on my RTX 3090"):
    how many GPUs the machine has is not said (a GPU table, `nvidia-smi -L` or "4x A100" is)."""
    if not from_report(snapshot):
        return False
    gpu_facts = [
        r
        for r in facts_read(snapshot)
        if str(r.get("fact", "")).startswith(("gpu.name", "gpu.count", "gpu.cc"))
    ]
    if not gpu_facts:
        return False  # the GPUs came from a structured importer (nvidia-smi, collect_env)
    # "2x RTX 3090" / "4 x A100" make one GPU each: a count was stated; a model or a compute
    # capability in a sentence ("-arch=sm_61" in a ptxas command) is one GPU, not the count
    return len(snapshot.gpus()) <= 1 and all(
        r.get("fact") in ("gpu.name", "gpu.cc") and r.get("kind") == "prose" for r in gpu_facts
    )


def from_report(snapshot: Snapshot) -> bool:
    """True for a snapshot built from pasted text: what it does not list may still be there."""
    return isinstance(snapshot.origin, str) and snapshot.origin.startswith("report:")


def absence_known(snapshot: Snapshot, what: str) -> None:
    """SkipCheck unless a missing package / library in this snapshot really means missing."""
    if from_report(snapshot):
        raise SkipCheck(f"a pasted report need not list every {what}; absence not concluded")


def deep(snapshot: Snapshot, name: str) -> Optional[FrameworkDeep]:
    """The --deep facts of one framework, when they were collected."""
    if isinstance(snapshot.packages, Packages) and isinstance(snapshot.packages.deep, list):
        for item in snapshot.packages.deep:
            if item.name == name:
                return item
    return None


def platform(snapshot: Snapshot) -> str:
    """The matrix platform of the driver: WSL runs the Windows driver."""
    info = os_info(snapshot)
    if info is None:
        return "linux"
    if info.wsl is True or info.platform == "windows":
        return "windows"
    return "linux"


def wheel_platform(snapshot: Snapshot) -> str:
    """The platform of the Python wheels in use: under WSL the Linux ones (the driver is
    Windows's, the wheels are not: a torch cu118 wheel inside WSL2 has the Linux arch list)."""
    info = os_info(snapshot)
    if info is not None and info.platform == "windows" and info.wsl is not True:
        return "windows"
    return "linux"


def has_nvidia_gpus(snapshot: Snapshot) -> Optional[bool]:
    """True when the snapshot shows NVIDIA GPUs (listed, or kernel module / device nodes)."""
    if snapshot.gpus():
        return True
    pci = None
    if isinstance(snapshot.kernel, KernelSide):
        mods = snapshot.kernel.modules
        if isinstance(mods, dict) and (mods.get("nvidia") or mods.get("nouveau")):
            return True
        nodes = snapshot.kernel.device_nodes
        if isinstance(nodes, list) and any(re.search(r"/nvidia\d+$", n.path) for n in nodes):
            return True
        pci = snapshot.kernel.pci_nvidia_gpus
        if isinstance(pci, list) and pci:
            return True  # on the PCI bus, whatever the driver says
    if isinstance(snapshot.driver, Driver) and snapshot.driver.status == "no-gpus":
        return False
    if isinstance(snapshot.driver, Driver) and snapshot.driver.status == "ok":
        if isinstance(snapshot.driver.gpus, Unknown):
            # a pasted nvidia-smi header or a driver version in a sentence, without the GPU
            # table: whether GPUs are there is unknown, not "none"
            return None
        return bool(snapshot.gpus())
    if isinstance(pci, list):
        return False  # sysfs lists no NVIDIA display controller (sysfs shows the host's bus)
    return None


# --- versions -----------------------------------------------------------------------------------


def vparse(text: Any) -> Optional[Any]:
    """packaging Version, or None when not parseable."""
    if not isinstance(text, str):
        return None
    return _vparse(text)


@functools.lru_cache(maxsize=4096)
def _vparse(text: str) -> Optional[Any]:
    # Memoized: the checks parse the same few versions again and again (fleet judged 2,000
    # snapshots with 235k parses); a Version is immutable, so sharing one is safe.
    from packaging.version import InvalidVersion, Version

    try:
        return Version(text.strip())
    except InvalidVersion:
        m = re.match(r"\d+(\.\d+)*", text.strip())
        if m:
            return Version(m.group(0))
        return None


def major_minor(text: Any) -> Optional[Tuple[int, int]]:
    v = vparse(text)
    if v is None:
        return None
    rel = tuple(v.release) + (0,)
    return rel[0], rel[1]


def mm_str(text: Any) -> Optional[str]:
    mm = major_minor(text)
    return f"{mm[0]}.{mm[1]}" if mm else None


def public(version: str) -> str:
    """ "2.5.1+cu121" -> "2.5.1"."""
    return version.split("+", 1)[0]


def local_tag(version: str) -> Optional[str]:
    """ "2.5.1+cu121" -> "cu121"; None without a local tag."""
    return version.split("+", 1)[1] if "+" in version else None


def tag_cuda(tag: Optional[str]) -> Optional[str]:
    """ "cu121" -> "12.1", "cu118" -> "11.8", "cu130" -> "13.0"; None for cpu/rocm/unknown."""
    if not tag:
        return None
    m = re.fullmatch(r"cu(\d+)(\d)", tag)
    return f"{int(m.group(1))}.{m.group(2)}" if m else None


def cuda_tag(cuda_version: str) -> str:
    """ "12.1" -> "cu121"."""
    mm = major_minor(cuda_version) or (0, 0)
    return f"cu{mm[0]}{mm[1]}"


def cc_tuple(cc: Any) -> Optional[Tuple[int, int]]:
    if not isinstance(cc, str):
        return None
    m = re.fullmatch(r"\s*(\d+)\.(\d+)\s*", cc)
    return (int(m.group(1)), int(m.group(2))) if m else None


def gpu_cc(gpu: Gpu, matrix: Any) -> Optional[str]:
    """A GPU's compute capability: from the probe, else from the matrix by name."""
    if isinstance(gpu.compute_capability, str) and cc_tuple(gpu.compute_capability):
        return gpu.compute_capability
    if isinstance(gpu.name, str):
        spec = ask(matrix, "gpu", gpu.name)
        if spec is not None and getattr(spec, "compute_capability", None):
            return str(spec.compute_capability)
    return None


def gpus_with_cc_choices(snapshot: Snapshot, matrix: Any) -> List[Tuple[Gpu, Tuple[str, ...]]]:
    """(GPU, its possible compute capabilities) for every GPU with one known capability, or a
    model name NVIDIA sold on GPUs of different capability (a Fermi and a Kepler "GT 730": both
    are listed, lowest first). For the judgments that hold whichever GPU it is; SkipCheck when no
    GPU has any."""
    out = []
    for g in gpus(snapshot):
        cc = gpu_cc(g, matrix)
        if cc is not None:
            out.append((g, (cc,)))
            continue
        shared = ask(matrix, "gpu_shared_ccs", g.name) if isinstance(g.name, str) else None
        if shared:
            out.append((g, tuple(shared)))
    if not out:
        raise SkipCheck("the GPUs' compute capabilities are unknown")
    return out


def cc_choices_text(ccs: Tuple[str, ...]) -> str:
    """ "3.5", or "2.1 or 3.5 (NVIDIA sold GPUs of each under this name)"."""
    if len(ccs) == 1:
        return ccs[0]
    return " or ".join(ccs) + " (NVIDIA sold GPUs of each under this name)"


def gpu_label(gpu: Gpu) -> str:
    name = gpu.name if isinstance(gpu.name, str) else "unknown model"
    return f"GPU {gpu.index} ({name})"


# --- frameworks ---------------------------------------------------------------------------------


@dataclass
class TorchInfo:
    version: str  # "2.5.1+cu121"
    build: str  # "cuda", "cpu", "rocm", "unknown"
    cuda: Optional[str]  # "12.1"
    cuda_source: str  # where the CUDA version came from
    release: Any = None  # matrix TorchRelease
    variant: Any = None  # matrix TorchVariant
    evidence: Dict[str, Any] = field(default_factory=dict)
    # the build is the PyPI default only by assumption: pasted text with an untagged version
    assumed_default: bool = False
    # torch 1.8-1.11 whose channel (pip wheel or conda package) is not known: the conda
    # package's arch list, when the judgment uses the pip wheel's
    other_channel_archs: Optional[List[str]] = None


def untagged_wheels_are_cpu(info: Any) -> bool:
    """Native Windows and macOS: torch's PyPI wheels without a +cuXYZ tag are CPU builds."""
    return info is not None and info.platform in ("windows", "darwin") and not info.wsl


def torch_info(snapshot: Snapshot, matrix: Any) -> Optional[TorchInfo]:
    """What torch build is installed, or None when torch is not installed."""
    pkgs = installed(snapshot)
    version = pkgs.get("torch")
    if not version:
        return None
    tag = local_tag(version)
    info = TorchInfo(version=version, build="unknown", cuda=None, cuda_source="")
    info.evidence["torch"] = version
    found = ask(matrix, "torch_build", version)
    if found:
        info.release, info.variant = found
    else:
        info.release = ask(matrix, "torch_release", public(version))
    dp = deep(snapshot, "torch")
    if dp is not None and isinstance(dp.cuda_version, str) and dp.cuda_version:
        # pasted input: where the text states it ("paste.txt:16: NCCL version 2.14.3+cuda11.8"),
        # not a --deep probe that never ran
        source = (
            f"stated at {dp.detail}"
            if from_report(snapshot) and isinstance(dp.detail, str) and dp.detail
            else "torch --deep"
        )
        info.build, info.cuda, info.cuda_source = "cuda", mm_str(dp.cuda_version), source
        info.evidence["torch.version.cuda"] = dp.cuda_version
        if not tag and info.release is not None:
            # the build is the one made with the stated CUDA, not the release's PyPI default
            # ("torch 1.12, cuda 11.6" is the cu116 wheel, whose list has sm_80, not the cu102
            # default's: NVIDIA/nccl#733 was judged by the cu102 list on an A100)
            info.variant = next(
                (v for v in info.release.variants if v.cuda and mm_str(v.cuda) == info.cuda),
                None,
            )
        return info
    if tag:
        if tag == "cpu":
            info.build = "cpu"
        elif tag.startswith("rocm"):
            info.build = "rocm"
        elif tag_cuda(tag):
            info.build, info.cuda, info.cuda_source = "cuda", tag_cuda(tag), f"local tag +{tag}"
        return info
    if dp is not None and dp.cuda_version is None and not isinstance(dp.detail, Unknown):
        # torch itself (--deep) or its collect_env output stated torch.version.cuda is None
        rocm = isinstance(dp.detail, str) and "rocm" in dp.detail.lower()
        info.build = "rocm" if rocm else "cpu"
        info.cuda_source = f"torch.version.cuda is None ({dp.detail or 'torch --deep'})"
        return info
    info_os = os_info(snapshot)
    if untagged_wheels_are_cpu(info_os) and not typed_by_hand(
        snapshot, ("torch.version", "package:torch")
    ):
        # (a version someone typed into a sentence or an issue form carries no local tag
        # whatever the build: "PyTorch Version: 1.2" from a conda install is a CUDA build, "-
        # PyTorch: 1.13.1" beside a driver on Windows too: mitsuba-renderer/drjit#117, a
        # control of heldout111 at its scoring)
        # the PyPI wheels for Windows and macOS are CPU-only; CUDA builds carry +cuXYZ
        info.build = "cpu"
        info.cuda_source = f"PyPI wheel without local tag on {info_os.platform}"
        return info
    variant_cuda = getattr(info.variant, "cuda", None) if info.variant is not None else None
    runtime = pkgs.get("nvidia-cuda-runtime-cu12") or pkgs.get("nvidia-cuda-runtime-cu11")
    arch = info_os.architecture if info_os is not None else None
    if arch in ("aarch64", "arm64") and not runtime:
        # the matrix's PyPI default describes the x86_64 wheels; an untagged aarch64 wheel
        # without nvidia-* CUDA wheels beside it may be a CPU build: leave it unknown
        info.cuda_source = "untagged aarch64 wheel without nvidia-cuda-runtime"
        return info
    if variant_cuda:
        info.build, info.cuda = "cuda", mm_str(variant_cuda)
        info.cuda_source = f"default PyPI variant of torch {public(version)} (matrix)"
        info.assumed_default = from_report(snapshot)
    elif info.variant is not None and getattr(info.variant, "tag", None) == "cpu":
        info.build = "cpu"
        info.cuda_source = "default PyPI variant (matrix)"
    elif runtime:
        info.build, info.cuda = "cuda", mm_str(runtime)
        info.cuda_source = "nvidia-cuda-runtime wheel"
    return info


@dataclass
class Runtime:
    """A CUDA runtime the host uses: who brings it, which version, how we know."""

    who: str
    cuda: str  # "12.4"
    source: str
    system_toolkit: bool = False
    evidence: Dict[str, Any] = field(default_factory=dict)
    # the CUDA is what the plain pip wheel of an old release was built with; a conda or
    # +cuXYZ install of the same version runs another one
    assumed: bool = False


# CUDA runtimes a paste states outright: Paddle's device line ("Runtime API Version: 11.8")
# and an nvidia/cuda container image tag (nvidia/cuda:12.4.1-runtime-ubuntu22.04).
STATED_RUNTIMES = ("paddle", "nvidia/cuda image", "warp-lang")
_CUPY_RE = re.compile(r"cupy-cuda(\d+)(x?)$")
_JAX_PLUGIN_RE = re.compile(r"jax-cuda(\d+)-(plugin|pjrt)$")


def plain_pip_wheel(snapshot: Snapshot, matrix: Any, version: str) -> Optional[Dict[str, Any]]:
    """torch.json ``pip_defaults`` entry of a torch release older than the matrix, stated
    without a tag (the CUDA its plain pip wheel was built with), or None: unknown, or the
    platform's untagged wheels are CPU builds."""
    if untagged_wheels_are_cpu(os_info(snapshot)):
        return None
    legacy = ask(matrix, "torch_pip_default_cuda", version)
    return legacy if legacy and mm_str(legacy["cuda"]) else None


def _legacy_torch_runtime(snapshot: Snapshot, matrix: Any, t: TorchInfo) -> List[Runtime]:
    """A torch release older than the matrix, stated without a tag, on Linux: the CUDA its
    plain pip wheel was built with (torch.json ``pip_defaults``), as an assumption."""
    legacy = plain_pip_wheel(snapshot, matrix, t.version)
    if legacy is None:
        return []
    return [
        Runtime(
            f"torch {t.version} (if it is the plain pip wheel)",
            mm_str(legacy["cuda"]) or "",
            f"plain pip wheel of torch {public(t.version)} ({legacy['source']})",
            evidence={"torch": t.version, "pip_wheel_cuda": legacy["cuda"]},
            assumed=True,
        )
    ]


def paddle_states_its_cuda(snapshot: Snapshot) -> bool:
    """The paste holds Paddle's own device line ("Runtime API Version: 10.2"): that, not the
    wheel's release name, is the CUDA it runs."""
    d = deep(snapshot, "paddle")
    return d is not None and isinstance(d.cuda_version, str)


def library_builds_with_cuda(snapshot: Snapshot, matrix: Any) -> List[Tuple[str, str, str]]:
    """(package and version, the CUDA its build was made with, the source) for each installed
    package whose build the data states to the CUDA minor (a paddlepaddle-gpu ".post117" wheel
    is CUDA 11.7): what EC205 holds against the GPU's architecture."""
    out: List[Tuple[str, str, str]] = []
    for name, ver in sorted(snapshot.installed().items()):
        for b in ask(matrix, "library_cuda_builds", name, ver if vparse(ver) else None) or []:
            if b.get("cuda"):
                out.append((f"{name} {ver}", str(b["cuda"]), str(b["source"])))
    return out


def cuda_runtimes(snapshot: Snapshot, matrix: Any) -> List[Runtime]:
    """Every CUDA runtime in use: frameworks' bundled CUDA, CUDA wheels, system toolkits."""
    out: List[Runtime] = []
    pkgs: Dict[str, str] = snapshot.installed()
    if pkgs:
        t = torch_info(snapshot, matrix)
        if t is not None and t.build == "cuda" and t.cuda:
            out.append(Runtime(f"torch {t.version}", t.cuda, t.cuda_source, evidence=t.evidence))
        elif t is not None and t.build == "unknown" and t.release is None:
            out.extend(_legacy_torch_runtime(snapshot, matrix, t))
        for name in (
            "nvidia-cuda-runtime-cu13",
            "nvidia-cuda-runtime-cu12",
            "nvidia-cuda-runtime-cu11",
        ):
            ver = pkgs.get(name)
            if ver and mm_str(ver):
                out.append(
                    Runtime(f"{name} {ver}", mm_str(ver) or "", "pip wheel", evidence={name: ver})
                )
        for name, ver in sorted(pkgs.items()):
            m = _JAX_PLUGIN_RE.match(name)
            if m and name.endswith("plugin"):
                out.append(
                    Runtime(
                        f"{name} {ver}",
                        f"{m.group(1)}.0",
                        f"plugin name (any {m.group(1)}.x runtime via minor-version compatibility)",
                        evidence={name: ver},
                    )
                )
            m = _CUPY_RE.match(name)
            if m:
                digits = m.group(1)
                cu = f"{digits}.0" if m.group(2) else f"{digits[:-1]}.{digits[-1]}"
                out.append(Runtime(f"{name} {ver}", cu, "package name", evidence={name: ver}))
            if name.startswith("paddlepaddle") and paddle_states_its_cuda(snapshot):
                continue  # Paddle's own "Runtime API Version" line is the runtime (below)
            for b in ask(matrix, "library_cuda_builds", name, ver if vparse(ver) else None) or []:
                # a library that loads the CUDA runtime of the major it was built for (ONNX
                # Runtime): the driver must run that major (any minor, by minor-version
                # compatibility); a build that other indexes publish for another CUDA under the
                # same version is an assumption
                out.append(
                    Runtime(
                        f"{name} {ver} (built for CUDA {b.get('cuda') or b['cuda_major']})",
                        mm_str(b.get("cuda") or "") or f"{b['cuda_major']}.0",
                        f"compat_data/floors.json cuda_builds ({b['source']})",
                        evidence={name: ver, "built_for_cuda": b.get("cuda") or b["cuda_major"]},
                        assumed=b["severity"] == "warning",
                    )
                )
        tf = pkgs.get("tensorflow")
        dp = deep(snapshot, "tensorflow")
        if tf and dp is not None and isinstance(dp.cuda_version, str) and mm_str(dp.cuda_version):
            out.append(
                Runtime(
                    f"tensorflow {tf}",
                    mm_str(dp.cuda_version) or "",
                    "tensorflow --deep",
                    evidence={"tensorflow": tf, "cuda_version": dp.cuda_version},
                )
            )
        elif tf and wheel_platform(snapshot) == "linux":
            rel = ask(matrix, "tensorflow_release", tf)
            builds = [
                b for b in (rel.builds if rel else ()) if b.cuda and b.platform in (None, "linux")
            ]
            if builds and mm_str(builds[0].cuda):
                # before 1.15 the `tensorflow` package was the CPU build and `tensorflow-gpu`
                # the GPU one (tensorflow.org/install/gpu; 1.15.0's release notes merged them):
                # a 1.x release named without `-gpu` needs the CUDA only if it is the GPU build
                v = vparse(tf)
                cpu_package = v is not None and v < vparse("1.15") and "tensorflow-gpu" not in pkgs
                out.append(
                    Runtime(
                        f"tensorflow {tf}"
                        + (
                            " (if it is tensorflow-gpu: `tensorflow` before 1.15 is the CPU build)"
                            if cpu_package
                            else ""
                        ),
                        mm_str(builds[0].cuda) or "",
                        "matrix: tested build configuration",
                        evidence={"tensorflow": tf, "tested_cuda": builds[0].cuda},
                        assumed=cpu_package,
                    )
                )
    for name in STATED_RUNTIMES:
        dp = deep(snapshot, name)
        if dp is not None and isinstance(dp.cuda_version, str) and mm_str(dp.cuda_version):
            out.append(
                Runtime(
                    f"{name} (runs CUDA {dp.cuda_version})",
                    mm_str(dp.cuda_version) or "",
                    dp.detail or "stated in the paste",
                    evidence={f"{name} cuda": dp.cuda_version},
                )
            )
    if isinstance(snapshot.cuda, Cuda) and isinstance(snapshot.cuda.toolkits, list):
        for tk in snapshot.cuda.toolkits:
            if isinstance(tk.version, str) and mm_str(tk.version):
                out.append(
                    Runtime(
                        f"CUDA toolkit {tk.version} at {tk.path}",
                        mm_str(tk.version) or "",
                        f"toolkit {tk.version_source or ''}".strip(),
                        system_toolkit=True,
                        evidence={"toolkit": tk.path, "version": tk.version},
                    )
                )
    # one entry per CUDA version among the frameworks' runtimes (torch's +cu121 and its
    # nvidia-cuda-runtime-cu12 12.1.105 are the same runtime), one per toolkit version
    seen = set()
    unique = []
    for r in out:
        key = (r.cuda, r.system_toolkit)
        if key not in seen:
            seen.add(key)
            unique.append(r)
    return unique


def build_toolkit(snapshot: Snapshot) -> Optional[CudaToolkit]:
    """The toolkit extension builds would use: CUDA_HOME, then nvcc on PATH, then /usr/local/cuda.

    This is the order torch.utils.cpp_extension looks in.
    """
    if not isinstance(snapshot.cuda, Cuda) or not isinstance(snapshot.cuda.toolkits, list):
        return None
    kits = [t for t in snapshot.cuda.toolkits if known(t.version)]
    for found_by in ("CUDA_HOME", "CUDA_PATH", "PATH"):
        for tk in kits:
            if isinstance(tk.found_by, str) and found_by in tk.found_by.replace(" ", "").split(","):
                return tk
    target = snapshot.cuda.usr_local_cuda_target
    for tk in kits:
        if tk.path.rstrip("/") == "/usr/local/cuda" or (
            isinstance(target, str) and tk.path.rstrip("/") == target.rstrip("/")
        ):
            return tk
    with_nvcc = [t for t in kits if isinstance(t.nvcc, str)]
    return with_nvcc[0] if len(with_nvcc) == 1 else None


def need_build_toolkit(snapshot: Snapshot) -> CudaToolkit:
    """The toolkit extension builds would use, or SkipCheck (CUDA facts unknown, no toolkit)."""
    cuda(snapshot)
    tk = build_toolkit(snapshot)
    if tk is None:
        raise not_applicable("no system CUDA toolkit with a known version")
    return tk


def need_toolkit_or_the_one_named(snapshot: Snapshot) -> CudaToolkit:
    """The build toolkit; for a pasted report that names exactly one toolkit and says nothing
    of PATH or CUDA_HOME, that one (it is the toolkit the reporter builds with)."""
    toolkits = cuda(snapshot).toolkits
    tk = build_toolkit(snapshot)
    if tk is None and str(snapshot.origin or "").startswith("report:"):
        kits = [t for t in toolkits if known(t.version)] if isinstance(toolkits, list) else []
        tk = kits[0] if len(kits) == 1 else None
    if tk is None:
        raise not_applicable("no system CUDA toolkit with a known version")
    return tk


def need_nvidia_gpus(snapshot: Snapshot) -> None:
    """SkipCheck unless the snapshot shows NVIDIA GPUs (unknown, or none on this host)."""
    present = has_nvidia_gpus(snapshot)
    if present is None:
        raise SkipCheck("whether this host has NVIDIA GPUs is unknown")
    if not present:
        raise not_applicable("no NVIDIA GPUs on this host")


def env(snapshot: Snapshot) -> Dict[str, str]:
    return snapshot.env if isinstance(snapshot.env, dict) else {}


def human_bytes(n: Optional[float]) -> str:
    if n is None:
        return "unlimited"
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(value) < 1024 or unit == "TiB":
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} TiB"
