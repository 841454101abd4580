"""Facts -> the partial Snapshot, with precedence, and the "what was read" record.

A value a structured importer already put in the snapshot is never overwritten: facts only
fill what is still unset, the most trusted fact first (``facts.RANK``). Every fact used, and
every fact stated twice with different values, is recorded in ``snapshot.evidence`` so the
text and JSON reports can say where each came from.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from envcheck.importers import base
from envcheck.importers.extract.facts import GPU_FAMILY, Fact, merge
from envcheck.snapshot import KernelSide, OsInfo, PythonInfo, Snapshot

_MAX_FIELDS = {"ecc_volatile_uncorrected", "ecc_aggregate_uncorrected"}
# facts kept beside the facts read (evidence "cc_floors", "driver_floors" ...): the floors the
# text states (the software's, not the host's), the CUDA a cuDNN package was built for (the
# snapshot's cuDNN entries have no field for it), the releases an install command asks for and
# the NGC container releases the text names (extract.images: the image's, not the host's) and the
# Keras a program is shown using, and the host gcc (no snapshot field: a live host's is not probed)
_ASIDE_KEYS = (
    "cudnn_cuda",
    "cc_floor",
    "driver_floor",
    "cuda_floor",
    "python_range",
    "package_floor",
    "cudnn_floor",
    "package_request",
    "wheel_page",
    "ngc_image",
    "keras_use",
    "host_gcc",
    "cuda_build",
)


def _kernel(snap: Snapshot) -> KernelSide:
    if not isinstance(snap.kernel, KernelSide):
        snap.kernel = KernelSide()
    return snap.kernel


def _os(snap: Snapshot) -> OsInfo:
    if not isinstance(snap.os, OsInfo):
        snap.os = OsInfo()
    return snap.os


def _python(snap: Snapshot) -> PythonInfo:
    if not isinstance(snap.python, PythonInfo):
        snap.python = PythonInfo()
    return snap.python


def _cpu_memory(snap: Snapshot) -> Any:
    from envcheck.snapshot import CpuMemory

    if not isinstance(snap.cpu_memory, CpuMemory):
        snap.cpu_memory = CpuMemory()
    return snap.cpu_memory


def _fill(obj: Any, attr: str, value: Any) -> bool:
    """Set ``obj.attr`` unless an earlier (more trusted) source already set it."""
    if base.is_set(getattr(obj, attr)):
        return False
    setattr(obj, attr, value)
    return True


def apply(snap: Snapshot, facts: List[Fact]) -> Dict[str, Any]:
    """Fill ``snap`` from ``facts`` where it is unset; return the evidence record."""
    # A fact about a GPU past the cap (base.MAX_GPUS) would land in a throwaway GPU and still
    # be listed as read: 470,000 `GPU n:` lines made a 125 MB report and 1.2 GB of memory.
    facts = [f for f in facts if f.gpu < base.MAX_GPUS]
    # frameworks the text names without a version: not facts about the host (see
    # prose.torch_named), kept beside the facts read
    named = sorted({str(f.value) for f in facts if f.key == "named"})
    # the floors the text states (extract.floors), a cuDNN package's CUDA build, the releases
    # an install command asks for and the wheel pages it names: kept beside the host's facts
    aside = [f for f in facts if f.key in _ASIDE_KEYS]
    facts = [f for f in facts if f.key != "named" and f.key not in _ASIDE_KEYS]
    if any(f.name == GPU_FAMILY for f in facts) and (
        snap.gpus() or any(f.key in ("gpu.name", "gpu.cc") and f.name != GPU_FAMILY for f in facts)
    ):
        # a GPU family ("RTX 50 series") stands for the GPU only in a text that names no other
        # GPU: beside one, it is a question or a comparison, not this machine's card
        facts = [f for f in facts if f.name != GPU_FAMILY]
    best, conflicts = merge(facts)
    used: List[Fact] = []
    ordered = sorted(best.values(), key=lambda f: (f.kind != "structured", f.file, f.line))
    gpu_count = next((f for f in ordered if f.key == "gpu.count"), None)
    throttle: Dict[int, List[str]] = {}
    # The worst value of each SRAM + DRAM counter per GPU, in one pass (a scan of every fact
    # per fact was quadratic in the lines of a report).
    worst: Dict[Tuple[str, int], int] = {}
    for x in facts:
        if x.key == "gpu.field" and x.name in _MAX_FIELDS:
            value = int(x.value)
            worst[(x.name, x.gpu)] = max(value, worst.get((x.name, x.gpu), value))
    for f in ordered:
        if f.kind == "structured":
            used.append(f)
            continue
        if f.key == "gpu.field" and f.name == "throttle_reason":
            continue
        if _apply_one(snap, f, worst, gpu_count):
            used.append(f)
    for f in facts:  # throttle reasons are a list: every active one, from every line
        if f.key == "gpu.field" and f.name == "throttle_reason":
            throttle.setdefault(max(f.gpu, 0), [])
            if f.value != "none" and f.value not in throttle[max(f.gpu, 0)]:
                throttle[max(f.gpu, 0)].append(f.value)
                used.append(f)
    for idx, reasons in throttle.items():
        g = base.gpu(snap, idx)
        if not base.is_set(g.throttle_reasons):
            g.throttle_reasons = reasons
    used.extend(aside)  # shown in "what was read" beside the host facts they are judged against
    _gpu_present(snap, ordered, used)
    _torch_without_version(snap, ordered, used)
    conflicts = [
        c
        for c in conflicts
        if not c["fact"].startswith(("gpu.field:throttle_reason", "gpu.field:ecc_", "package"))
    ]
    out: Dict[str, Any] = {
        "read": [f.to_dict() for f in sorted(used, key=lambda f: (f.file, f.line))],
        "conflicts": conflicts,
    }
    if named:
        out["named"] = named
    for key in _ASIDE_KEYS:
        mine = sorted((f for f in aside if f.key == key), key=lambda f: (f.file, f.line))
        if mine:
            out[key + "s"] = [f.to_dict() for f in mine]
    return out


def _apply_one(  # noqa: C901
    snap: Snapshot, f: Fact, worst: Dict[Tuple[str, int], int], count: Optional[Fact]
) -> bool:
    k, v = f.key, f.value
    where = f"{f.where()}: {f.text[:120]}"
    if k == "driver.version":
        d = base.driver(snap)
        if base.is_set(d.version):
            return False
        d.version = str(v)
        if not base.is_set(d.source):
            d.source = f"report:{f.kind}"
        return True
    if k == "driver.cuda":
        d = base.driver(snap)
        if base.is_set(d.cuda_version):
            return False
        d.cuda_version = base.cuda_major_minor(str(v)) or str(v)
        return True
    if k == "kernel.module_version":
        ks = _kernel(snap)
        if base.is_set(ks.proc_driver_version):
            return False
        ks.proc_driver_version = str(v)
        ks.proc_driver_version_text = where
        return True
    if k == "gpu.name":
        gpus = snap.gpus()
        idx = max(f.gpu, 0)
        named = base.find_gpu(snap, idx) if f.gpu >= 0 else None
        if gpus and f.gpu < 0 and not any(base.is_set(g.name) for g in gpus):
            # a GPU known only by a stated compute capability: this is its name
            for g in gpus:
                g.name = str(v)
            return True
        if gpus and (f.gpu < 0 or (named is not None and base.is_set(named.name))):
            return False
        n = count.value if (count is not None and f.gpu < 0 and not gpus) else 1
        for i in range(idx, idx + int(n)):
            base.gpu(snap, i).name = str(v)
        return True
    if k == "gpu.cc":
        if str(v) == "1.0":
            # no driver since R340 runs a compute capability 1.x GPU: a "1.0" in a log is the
            # reading of a foreign CUDA runtime (Ollama picking PhysX's cudart64_30_9.dll),
            # not the GPU's (the message's own pattern says so)
            return False
        gpus = snap.gpus() or [base.gpu(snap, max(f.gpu, 0))]
        done = False
        for g in gpus:
            if f.gpu >= 0 and g.index != f.gpu:
                continue
            if not base.is_set(g.compute_capability):
                g.compute_capability = str(v)
                done = True
        return done
    if k == "gpu.field":
        g = base.gpu(snap, max(f.gpu, 0))
        current = getattr(g, f.name, None)
        if f.name == "temperature_max_operating_c":
            # GPU Max Operating Temp: the driver holds the GPU at or below it, so it is the
            # temperature where slowing down starts when it is lower than the slowdown one
            cur = g.temperature_slowdown_c
            if isinstance(cur, int) and cur <= int(v):
                return False
            g.temperature_slowdown_c = int(v)
            return True
        if base.is_set(current):
            return False
        if f.name in _MAX_FIELDS:  # SRAM + DRAM counters: the worst one decides
            v = worst[(f.name, f.gpu)]
        setattr(g, f.name, v)
        return True
    if k in ("torch.version", "tensorflow.version", "jax.version"):
        name = k.split(".")[0]
        if name in snap.installed():
            return False
        base.add_package(snap, name, str(v))
        return True
    if k == "package":
        if f.name in snap.installed():
            return False
        base.add_package(snap, f.name, str(v))
        return True
    if k == "torch.cuda":
        d = base.deep(snap, "torch")
        if d.cuda_version is not None:
            return False
        if v is None:
            d.cuda_version = base.STATED_NONE
            d.detail = f"CPU-only build ({where})"
        else:
            d.cuda_version = str(v)
            if d.detail is None:
                d.detail = where
        return True
    if k == "runtime.cuda":  # the CUDA a framework other than torch runs with (Paddle)
        return _fill(base.deep(snap, f.name), "cuda_version", str(v))
    if k in ("torch.arch_list", "ext.arch_list"):  # ext: a compiled extension's (detectron2)
        return _fill(
            base.deep(snap, "torch" if k == "torch.arch_list" else f.name), "arch_list", list(v)
        )
    if k in ("nvcc", "cuda.dir"):
        c = base.cuda(snap)
        if k == "nvcc" and isinstance(c.toolkits, list) and c.toolkits:
            return False
        if (
            k == "cuda.dir"
            and isinstance(c.toolkits, list)
            and any(t.version == v for t in c.toolkits)
        ):
            return False
        path = f"/usr/local/cuda-{v}" if k == "cuda.dir" else "(from report)"
        base.add_toolkit(snap, str(v), f"report:{f.kind}", path)
        if k == "nvcc" and (f.kind == "message" or "nvcc" in f.text.lower()):
            # the extension builder's "detected CUDA version" and a quoted `nvcc -V` are the
            # toolkit builds use (nvcc on PATH / CUDA_HOME)
            tk = c.toolkits[-1] if isinstance(c.toolkits, list) else None
            if tk is not None and tk.version == str(v):
                tk.nvcc, tk.found_by = "nvcc", "PATH"
        return True
    if k in ("cudnn", "libcudnn"):
        c = base.cuda(snap)
        if isinstance(c.cudnn, list) and c.cudnn:
            return False
        base.add_cudnn(snap, str(v), "library" if k == "libcudnn" else f"report:{f.kind}")
        return True
    if k == "python":
        return _fill(_python(snap), "version", str(v))
    if k == "os":
        o = _os(snap)
        if base.is_set(o.distribution):
            return False
        o.distribution = str(v)
        low = str(v).lower()
        if "wsl" in low and o.wsl is None:
            o.wsl = True
        if not base.is_set(o.platform):
            # the OS a report names decides the platform the checks judge builds for
            o.platform = (
                "windows"
                if low.startswith("win")  # "Windows 11", "win11", "Win 10"
                else "darwin"
                if "macos" in low or low.startswith("mac")
                else "linux"
            )
        return True
    if k == "memlock":
        cm = _cpu_memory(snap)
        if cm.ulimit_memlock_bytes is not None:  # STATED_NONE ("unlimited") counts as set
            return False
        cm.ulimit_memlock_bytes = base.STATED_NONE if v is None else int(v)
        return True
    if k == "shm.total":
        return _fill(_cpu_memory(snap), "shm_total_bytes", int(v))
    if k == "container":
        return _fill(_os(snap), "container", str(v))
    if k == "env":
        if not isinstance(snap.env, dict):
            snap.env = {}
        if f.name in snap.env:
            return False
        snap.env[f.name] = str(v)
        return True
    if k == "glibc":
        return _fill(_os(snap), "glibc", str(v))
    return False


def _gpu_present(snap: Snapshot, facts: List[Fact], used: List[Fact]) -> None:
    """The text says there is an NVIDIA GPU but names none: record one GPU of unknown model,
    so the checks that need "GPUs present" (a CPU-only build is an error there) can judge."""
    from envcheck.snapshot import Unknown

    said = next((f for f in facts if f.key == "gpu.present"), None)
    if said is None or snap.gpus():
        return
    if "+rocm" in str(snap.installed().get("torch", "")).lower():
        # the text's torch is AMD's build: "I have a GPU" / "CUDA is not available" says
        # nothing of NVIDIA there, and "Locally, I have an NVidia GPU" beside a ROCm
        # collect_env is another machine (pytorch/pytorch#102968, heldout269 at its scoring)
        return
    g = base.gpu(snap, 0)
    g.name = Unknown(f"the text says there is an NVIDIA GPU ({said.where()}), not which")
    used.append(said)


def _torch_without_version(snap: Snapshot, facts: List[Fact], used: List[Fact]) -> None:
    """A message states torch's CUDA or arch list but no input its version: torch is there
    (only a CUDA build of torch prints an arch list), so it counts as installed."""
    if "torch" in snap.installed():
        return
    d = None
    if isinstance(snap.packages, object) and base.is_set(getattr(snap.packages, "deep", None)):
        d = next((x for x in snap.packages.deep if getattr(x, "name", "") == "torch"), None)
    if d is None:
        return
    # a CPU build stated outright (conda's "_pytorch_select ... cpu_0") is a torch too
    if (
        base.is_set(d.arch_list)
        or base.is_set(d.cuda_version)
        or d.cuda_version == base.STATED_NONE
    ):
        base.add_package(snap, "torch", "(version not stated)")
        if not base.is_set(d.cuda_version) and base.is_set(d.arch_list):
            d.cuda_version = "(a CUDA build; version not stated)"
