"""EC201-EC205: kernels for every GPU: the build against the GPUs, the toolkit and the runtime."""

from __future__ import annotations

import re
import shlex
from dataclasses import replace
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import PythonInfo, Snapshot

_ARCH = re.compile(r"^(?:sm|compute)_(\d+)(\d)[af]?$")


def _arch_cc(entry: str) -> Optional[Tuple[int, int]]:
    m = _ARCH.match(entry.strip().lower())
    return (int(m.group(1)), int(m.group(2))) if m else None


def _python(snap: Snapshot) -> Optional[str]:
    if isinstance(snap.python, PythonInfo) and isinstance(snap.python.version, str):
        return snap.python.version
    return None


def _driver_or_none(snap: Snapshot) -> Optional[str]:
    try:
        return c.driver_version(snap)
    except SkipCheck:
        return None


def _pip(args: List[str], reinstall: bool = True) -> str:
    head = "pip install --force-reinstall " if reinstall else "pip install "
    return head + " ".join(shlex.quote(a) for a in args)


def torch_fix(
    snap: Snapshot, matrix: Any, t: c.TorchInfo, ccs: List[str], keep_release: bool = True
) -> Optional[str]:
    """A pip command for a torch build that has kernels for ``ccs`` and runs on this driver.
    Where the driver's version is unknown, the newest CUDA it runs bounds the choice (pasted
    "CUDA Version: 12.9"); where neither is known, the command says which driver it needs."""
    driver = _driver_or_none(snap)
    plat = c.platform(snap)
    dcuda = None if driver else c.driver_max_cuda(snap, matrix)
    if keep_release and t.release is not None:
        best = None
        for v in t.release.variants:
            if not v.cuda or v.arch_list is None:
                continue
            if not all(v.runs_on(cc) for cc in ccs):
                continue
            if driver:
                verdict = c.ask(matrix, "driver_runs_cuda", driver, v.cuda, plat)
                if verdict is None or not verdict.ok:
                    continue
            elif dcuda and _major(v.cuda) > _major(dcuda):
                continue  # no driver runs a runtime of a newer CUDA major
            if best is None or (c.vparse(v.cuda) or 0) > (c.vparse(best.cuda) or 0):
                best = v
        if best is not None and best.index_url:
            pins = [f"torch=={c.public(t.version)}"]
            pkgs = snap.installed()
            for name in ("torchvision", "torchaudio"):
                paired = getattr(t.release, name, None)
                if name in pkgs and paired:
                    pins.append(f"{name}=={paired}")
            return _pip([*pins, "--index-url", best.index_url]) + _driver_unknown(
                driver, dcuda, best.cuda
            )
    rec = c.ask(matrix, "recommend", "torch", driver, ccs, _python(snap), plat, dcuda)
    if rec is not None and rec.best is not None:
        return _pip(list(rec.best.pip_args)) + _driver_unknown(driver, dcuda, rec.best.cuda)
    return None


def _major(cuda: str) -> int:
    return (c.major_minor(cuda) or (0, 0))[0]


def _driver_unknown(driver: Optional[str], dcuda: Optional[str], cuda: Optional[str]) -> str:
    """What the command leaves to check, where the text does not say the driver: unknown is
    not taken as good."""
    if driver or dcuda or not cuda:
        return ""
    return f"   # needs a driver that runs CUDA {cuda}: check `nvidia-smi` (its 'CUDA Version')"


def _torch_arch_facts(
    snap: Snapshot, matrix: Any, t: Optional[c.TorchInfo] = None
) -> Tuple[c.TorchInfo, List[str], str, List[Tuple[Any, str]]]:
    """(torch, arch list, where it came from, [(gpu, cc)]) or SkipCheck (``t``: torch_info
    when the caller has it already)."""
    t = t or c.torch_info(snap, matrix)
    if t is None:
        raise c.not_applicable("torch is not installed")
    if t.build in ("cpu", "rocm"):
        raise c.not_applicable(f"torch {t.version} is a {t.build} build")
    if t.build == "unknown":
        assumed = _assumed_old_pip_wheel(snap, matrix, t)
        if assumed is None:
            raise SkipCheck(
                f"whether torch {t.version} is a CUDA build is unknown ({t.cuda_source})"
            )
        t = assumed
    dp = c.deep(snap, "torch")
    if dp is not None and isinstance(dp.arch_list, list) and dp.arch_list:
        archs, source = list(dp.arch_list), "torch.cuda.get_arch_list() (--deep)"
    elif t.variant is not None and t.variant.arch_list is not None:
        archs, source = _variant_archs(snap, t)
    elif t.release is None and (legacy := _legacy_build_archs(matrix, t)) is not None:
        archs, source, t = legacy
    else:
        raise SkipCheck(
            f"architectures compiled into torch {t.version} unknown: not in the matrix "
            "(run with --deep to ask torch itself)"
        )
    gpus = c.gpus(snap)
    if not gpus:
        raise c.not_applicable("no GPUs")
    pairs = []
    unknown = []
    for gpu in gpus:
        cc = c.gpu_cc(gpu, matrix)
        if cc is None:
            unknown.append(str(gpu.index))
        else:
            pairs.append((gpu, cc))
    if not pairs:
        raise SkipCheck("compute capability unknown for GPU " + ", ".join(unknown))
    return t, archs, source, pairs


# The source string of an arch list read from the Linux wheels for a Windows paste whose Windows
# wheels' list is not in the data (torch 2.6-2.8): their oldest architectures may differ (the
# Windows builds of 1.12-2.5 kept sm_61 where the Linux ones did not), their newest cannot (one
# CUDA toolkit builds both).
_LINUX_LIST_ON_WINDOWS = "the Linux wheels' list; the Windows wheels' list is not in the data"


def _variant_archs(snap: Snapshot, t: c.TorchInfo) -> Tuple[List[str], str]:
    """The build's arch list from the matrix, for the platform the text is on."""
    v = t.variant
    name = f"matrix: torch {t.version} ({v.tag}"
    if c.wheel_platform(snap) != "windows":
        return list(v.archs), name + ")"
    if v.arch_list_windows is not None:
        return list(v.archs_for("windows")), name + ", Windows wheels)"
    return list(v.archs), f"{name}, {_LINUX_LIST_ON_WINDOWS})"


def _assumed_old_pip_wheel(snap: Snapshot, matrix: Any, t: c.TorchInfo) -> Optional[c.TorchInfo]:
    """A pasted torch release older than the matrix, without a +cuXYZ tag or a stated CUDA:
    the CUDA its plain pip wheel was built with (torch.json ``pip_defaults``), as an
    assumption whose findings are warnings."""
    info = c.os_info(snap)
    if not c.from_report(snap) or (info is not None and info.architecture in ("aarch64", "arm64")):
        return None  # (pip_defaults describes the x86_64 wheels)
    legacy = c.plain_pip_wheel(snap, matrix, t.version)
    if legacy is None:
        return None
    return replace(
        t,
        build="cuda",
        cuda=c.mm_str(legacy["cuda"]),
        cuda_source=f"the plain pip wheel of torch {c.public(t.version)}, per {legacy['source']}",
        assumed_default=True,
        evidence={**t.evidence, "pip_wheel_cuda": legacy["cuda"]},
    )


def _legacy_build_archs(
    matrix: Any, t: c.TorchInfo
) -> Optional[Tuple[List[str], str, c.TorchInfo]]:
    """(arch list, where it came from, torch) for a torch 1.8-1.11 CUDA build, from the
    pytorch/builder scripts of its release branch (torch.json ``legacy_arch_lists``). A
    +cuXYZ tag marks a pip wheel; otherwise the build may be the conda package, which embeds
    compute_37 PTX: the pip list is judged and the conda one keeps a GPU it runs on at a
    warning (``other_channel_archs``)."""
    if t.build != "cuda" or not t.cuda:
        return None
    # conda packages carry no local tag: a +cuXYZ tag is a pip wheel
    pip_wheel = bool(c.local_tag(t.version)) or t.assumed_default
    pip = c.ask(matrix, "torch_legacy_archs", t.version, t.cuda, "pip")
    if pip is None:
        return None
    archs = list(pip["arch_list"]) + list(pip["ptx"])
    where = (
        f"pytorch/builder release-branch script for the torch {c.public(t.version)} pip "
        f"wheels with CUDA {t.cuda}"
    )
    if pip_wheel:
        return archs, where, t
    conda = c.ask(matrix, "torch_legacy_archs", t.version, t.cuda, "conda")
    other = list(conda["arch_list"]) + list(conda["ptx"]) if conda else None
    return archs, where + " (if it is the pip wheel)", replace(t, other_channel_archs=other)


def _runs(archs: List[str], cc: str) -> bool:
    from envcheck.compat import arch_list_runs_on

    return arch_list_runs_on(archs, cc)


def _newest_arch(archs: List[str]) -> Optional[Tuple[int, int]]:
    ccs = [x for x in (_arch_cc(a) for a in archs) if x]
    return max(ccs) if ccs else None


def _newer_than(archs: List[str], cc: str) -> bool:
    """Whether the GPU is newer than every architecture of the list."""
    newest = _newest_arch(archs)
    return newest is None or (c.cc_tuple(cc) or (0, 0)) > newest


def _without_kernels(
    archs: List[str], pairs: List[Tuple[Any, str]]
) -> Tuple[List[Tuple[Any, str]], List[Tuple[Any, str]]]:
    """The (gpu, cc) pairs the arch list cannot run: (newer than its newest arch, the rest)."""
    newer: List[Tuple[Any, str]] = []
    older: List[Tuple[Any, str]] = []
    for g, cc in pairs:
        if not _runs(archs, cc):
            (newer if _newer_than(archs, cc) else older).append((g, cc))
    return newer, older


def _arch_finding(
    spec: CheckSpec,
    t: c.TorchInfo,
    archs: List[str],
    source: str,
    gpu: Any,
    cc: str,
    expected: str,
    fix: str,
    **extra: Any,
) -> Finding:
    """A finding for a GPU that the torch build has no kernels for. In pasted text an
    untagged version ("torch==1.12.1") does not say which build it is: the PyPI default is an
    assumption there, so the finding is a warning that says so."""
    # a torch 1.8-1.11 build that may be the conda package: a GPU that package runs on
    # (through its compute_37 PTX) is a warning
    assumed = t.assumed_default or (
        t.other_channel_archs is not None and _runs(t.other_channel_archs, cc)
    )
    # an older GPU judged by the Linux wheels' list on Windows (see _LINUX_LIST_ON_WINDOWS)
    linux_list = _LINUX_LIST_ON_WINDOWS in source and not _newer_than(archs, cc)
    return spec.finding(
        expected=expected,
        found=f"{c.gpu_label(gpu)} has compute capability {cc}; torch {t.version} is built "
        f"for {' '.join(archs)}"
        + (f" ({_LINUX_LIST_ON_WINDOWS})" if linux_list else "")
        + (
            " (if it is the default PyPI build: the text gives no +cuXYZ tag)"
            if t.assumed_default
            else ""
        )
        + (
            " (the pip wheels' list; the text does not say pip or conda, and the conda "
            "package adds compute_37 PTX)"
            if t.other_channel_archs is not None
            else ""
        ),
        severity="warning" if assumed or linux_list else None,
        fix=fix,
        evidence={
            "torch": t.version,
            "arch_list": archs,
            "arch_list_from": source,
            "compute_capability": cc,
            **extra,
        },
        gpu=gpu.index,
    )


@check(
    "EC201",
    category="gpu-arch-unsupported",
    severity="error",
    title="GPU newer than the framework build (no kernel image)",
    rationale="""
A framework wheel carries compiled kernels (cubins, sm_XY) for a fixed list of GPU
architectures, plus PTX for the newest that the driver can JIT for later GPUs. A GPU whose
compute capability is not covered gets "CUDA error: no kernel image is available for execution
on the device" (or torch's "... with CUDA capability sm_120 is not compatible with the current
PyTorch installation") at the first kernel. Typical case: a Blackwell RTX 5090 (sm_120) with
torch built for CUDA 12.4 or older; sm_120 arrived with the cu128 builds. The arch list comes
from torch itself with --deep, else from the matrix entry of the installed build (for torch
1.8-1.11, from pytorch/builder's release-branch build scripts; a build that may be the conda
package, whose compute_37 PTX the driver can JIT, is a warning).""",
    fix="Install a build of the framework compiled for this GPU's architecture.",
)
def gpu_newer_than_build(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    try:
        t, archs, source, pairs = _torch_arch_facts(snap, matrix)
    except SkipCheck as skipped:
        # The arch list of this build was never read (the matrix marks it unconfirmed), but
        # its CUDA is known: a toolkit older than the first one for the GPU's architecture
        # cannot have compiled kernels for it, so only PTX (unconfirmed) could run there.
        found = _predates_gpu(spec, snap, matrix)
        if not found:
            raise skipped
        yield from found
        return
    bad, _ = _without_kernels(archs, pairs)
    if not bad:
        return
    fix = torch_fix(snap, matrix, t, [cc for _, cc in pairs]) or (
        "install a torch build whose arch list includes "
        + ", ".join(sorted({f"sm_{cc.replace('.', '')}" for _, cc in bad}))
    )
    for gpu, cc in bad:
        yield _arch_finding(
            spec,
            t,
            archs,
            source,
            gpu,
            cc,
            expected=f"kernels for sm_{cc.replace('.', '')} (compute capability {cc}) in torch",
            fix=fix,
            gpu_name=gpu.name if isinstance(gpu.name, str) else None,
        )


def _predates_gpu(spec: CheckSpec, snap: Snapshot, matrix: Any) -> List[Finding]:
    """Warnings for GPUs whose architecture arrived with a CUDA newer than the one torch was
    built with, for a build whose arch list is not known."""
    t = c.torch_info(snap, matrix)
    if t is not None and t.build == "unknown":
        t = _assumed_old_pip_wheel(snap, matrix, t) or t
    cuda = c.vparse(t.cuda) if t is not None and t.build == "cuda" and t.cuda else None
    if t is None or cuda is None:
        return []
    out = []
    for gpu in c.gpus(snap):
        cc = c.gpu_cc(gpu, matrix)
        floor = c.ask(matrix, "arch_floor", cc) if cc else None
        first = floor.get("first_cuda") if floor else None
        if not first or cuda >= c.vparse(first):
            continue
        out.append(
            spec.finding(
                expected=f"torch built with CUDA >= {first}, the first toolkit for "
                f"{floor['architecture']} (compute capability {cc})",
                found=f"{c.gpu_label(gpu)} has compute capability {cc}; torch {t.version} is "
                f"built with CUDA {t.cuda} ({t.cuda_source}), which cannot compile for it: "
                "only PTX could run there, and whether this build carries PTX is not known",
                severity="warning",
                fix=torch_fix(snap, matrix, t, [cc])
                or f"install a torch build made with CUDA {first} or newer",
                evidence={
                    "torch": t.version,
                    "torch_cuda": t.cuda,
                    "compute_capability": cc,
                    "first_cuda": first,
                    "source": floor.get("source"),
                },
                gpu=gpu.index,
            )
        )
    return out


@check(
    "EC202",
    category="gpu-arch-unsupported",
    severity="error",
    title="GPU too old for the framework build",
    rationale="""
Framework releases drop old GPU architectures: torch's CUDA 12.8+ wheels no longer carry
Maxwell/Pascal (sm_50/sm_60) kernels, CUDA 13 dropped them from the toolkit, and Kepler (sm_37)
went long ago. A GPU below the oldest architecture in the build's list gets "no kernel image is
available" (PTX cannot help: it only runs on GPUs newer than it was built for). The libraries a
build bundles have floors too: cuDNN 9 supports compute capability 5.0 and up, so a Tesla K80
(sm_37) under a cu118 build that still carries sm_37 kernels fails at its first convolution;
the floors and their sources are those `envcheck matrix recommend` uses
(compat_data/floors.json). A pasted text that names PyTorch without its version is judged
against every torch build in the data: a GPU that none of them has kernels for is a warning.
On Windows the Windows wheels' list is used where the data holds it; where it holds only the
Linux wheels' list (torch 2.6-2.8), a GPU older than that list is a warning, since the Windows
wheels of 1.12-2.5 kept architectures the Linux ones had dropped (compat_data/torch.json).""",
    fix="Install an older framework build that still supports this GPU, or use a newer GPU.",
)
def gpu_older_than_build(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    try:
        installed = c.torch_info(snap, matrix)
    except SkipCheck as unread:  # a paste that lists no packages
        yield from _below_every_torch_build(spec, snap, matrix, unread)
        return
    if installed is None:
        yield from _below_every_torch_build(spec, snap, matrix, None)
        return
    t, archs, source, pairs = _torch_arch_facts(snap, matrix, installed)
    _, bad = _without_kernels(archs, pairs)
    below = _below_bundled_floors(matrix, t, [p for p in pairs if p not in bad])
    if not bad and not below:
        return
    fix = torch_fix(snap, matrix, t, [cc for _, cc in pairs], keep_release=False) or (
        "no torch build in the matrix supports this GPU with this driver and Python; "
        "use a newer GPU"
    )
    for gpu, cc in bad:
        yield _arch_finding(
            spec,
            t,
            archs,
            source,
            gpu,
            cc,
            expected=f"torch built for sm_{cc.replace('.', '')} (compute capability {cc})",
            fix=fix,
        )
    for gpu, cc, why in below:
        # The same floors `matrix recommend` rules builds out with: one judgment, so verify
        # does not pass the installed build that recommend says will not run here.
        yield spec.finding(
            expected=f"a torch build whose bundled libraries support compute capability {cc}",
            found=f"{c.gpu_label(gpu)} has compute capability {cc}; torch {t.version}: {why}",
            fix=fix,
            evidence={"torch": t.version, "compute_capability": cc, "floor": why},
            gpu=gpu.index,
        )


def _below_every_torch_build(
    spec: CheckSpec, snap: Snapshot, matrix: Any, unread: Optional[SkipCheck]
) -> Iterator[Finding]:
    """A paste that names PyTorch without a version, and a GPU that no torch build in the data
    has kernels for (a GeForce GT 740M, compute capability 3.0): whichever release the reporter
    installs from the data's range will not run on it. A warning: an older release outside the
    data, or a source build, may."""
    if not c.from_report(snap) or "torch" not in (c.pasted_evidence(snap).get("named") or []):
        raise unread or c.not_applicable("torch is not installed")
    releases = c.ask(matrix, "torch_releases") or []
    platform = c.wheel_platform(snap)
    builds = [
        list(archs)
        for r in releases
        for v in r.variants
        if (archs := v.archs_for(platform)) is not None
    ]
    if not builds:
        raise SkipCheck("no torch build's architectures in the data")
    span = f"{releases[-1].version}-{releases[0].version}"
    for gpu, ccs in c.gpus_with_cc_choices(snap, matrix):
        # a name sold on two GPUs (GT 730: Fermi 2.1 or Kepler 3.5) only when neither runs
        if any(_runs(archs, cc) for archs in builds for cc in ccs):
            continue
        cc = ccs[-1]
        yield spec.finding(
            expected="a GPU that some PyTorch build supports",
            found=f"{c.gpu_label(gpu)} has compute capability {c.cc_choices_text(ccs)}; the "
            "text names PyTorch "
            f"without a version, and no PyTorch build in envcheck's data (torch {span}) has "
            "kernels for it",
            fix=f"Use an older PyTorch release still built for sm_{cc.replace('.', '')} (the "
            "release notes say which), build PyTorch from source with TORCH_CUDA_ARCH_LIST="
            f"{cc}, or use a newer GPU.",
            severity="warning",
            evidence={"compute_capability": cc, "torch_releases_in_data": span},
            gpu=gpu.index,
        )


def _below_bundled_floors(
    matrix: Any, t: c.TorchInfo, pairs: List[Tuple[Any, str]]
) -> List[Tuple[Any, str, str]]:
    """[(gpu, cc, why)] for GPUs the build has kernels for but whose bundled cuDNN, or whose
    CUDA major, does not support them (cuDNN 9 needs compute capability >= 5.0: a K80 with
    torch 2.5.1+cu118 fails at its first convolution)."""
    variant = t.variant
    cuda = c.vparse(t.cuda)
    major = cuda.major if cuda is not None else None
    out = []
    by_cc: Dict[str, Optional[str]] = {}  # eight identical GPUs ask the matrix once
    for gpu, cc in pairs:
        if cc not in by_cc:
            why = c.ask(matrix, "cuda_major_excludes", cc, major)
            if not why and variant is not None and variant.cudnn:
                verdict = c.ask(matrix, "cudnn_verdict", cc, variant.cudnn, major)
                why = verdict[1] if verdict and verdict[0] is False else None
            by_cc[cc] = why
        if by_cc[cc]:
            out.append((gpu, cc, by_cc[cc]))
    return out


@check(
    "EC203",
    category="gpu-arch-unsupported",
    severity="warning",
    title="System CUDA toolkit cannot build for a GPU",
    rationale="""
Extensions compiled on the host (flash-attn, xformers, DeepSpeed ops, vLLM kernels, custom
CUDA code) use the system nvcc. Each toolkit can only target a range of architectures: CUDA 12.8
added sm_120 (Blackwell consumer), CUDA 13.0 removed Maxwell, Pascal and Volta. If nvcc cannot
target a GPU, building for it fails ("nvcc fatal: Unsupported gpu architecture").""",
    fix="Install a CUDA toolkit that supports the GPU's architecture and point CUDA_HOME at it.",
)
def toolkit_cannot_build(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    tk = c.need_toolkit_or_the_one_named(snap)
    gpus = c.gpus(snap)
    if not gpus:
        raise c.not_applicable("no GPUs")
    judged = False
    for gpu in gpus:
        cc = c.gpu_cc(gpu, matrix)
        if cc is None:
            continue
        ok = c.ask(matrix, "toolkit_supports_cc", str(tk.version), cc)
        if ok is None:
            continue
        judged = True
        if not ok:
            yield spec.finding(
                expected=f"nvcc of CUDA {tk.version} able to build for sm_{cc.replace('.', '')}",
                found=f"CUDA {tk.version} at {tk.path} cannot target {c.gpu_label(gpu)} "
                f"(compute capability {cc})",
                fix="install a CUDA toolkit that supports compute capability "
                f"{cc} and export CUDA_HOME=/usr/local/cuda-<version>",
                evidence={
                    "toolkit": tk.path,
                    "toolkit_version": tk.version,
                    "compute_capability": cc,
                },
                gpu=gpu.index,
            )
    if not judged:
        raise SkipCheck(
            f"the matrix does not know which GPUs CUDA {tk.version} can target, "
            "or the GPUs' compute capabilities are unknown"
        )


class _Run(NamedTuple):
    """A framework build and the CUDA it was made with, as EC205 judges it."""

    name: str
    cuda_version: str
    source: str  # where that CUDA was read
    severity: Optional[str] = None  # None: the check's own (error)


def _other_deep(snap: Snapshot) -> List[Any]:
    """What pasted text states about packages other than torch / TensorFlow / JAX (a compiled
    extension's arch list, the CUDA PaddlePaddle runs with): their own checks judge those."""
    from envcheck.snapshot import Packages

    pk = snap.packages
    deep = pk.deep if isinstance(pk, Packages) and isinstance(pk.deep, list) else []
    return [d for d in deep if d.name not in ("torch", "tensorflow", "jax")]


@check(
    "EC204",
    category="gpu-arch-unsupported",
    severity="error",
    title="A compiled extension has no kernels for a GPU",
    rationale="""
Extensions built from source (detectron2, torchvision, apex, mmcv, flash-attn, custom ops) are
compiled for the architectures in TORCH_CUDA_ARCH_LIST, or only for the GPUs of the machine
that built them. On a GPU outside that list every kernel of the extension fails with "no
kernel image is available for execution on the device". detectron2's and torchvision's
collect_env print the list as "arch flags". A cubin for sm_XY runs on compute capability X.Z
for Z >= Y; PTX (compute_XY) is compiled by the driver for newer GPUs.""",
    fix="Rebuild the extension with the GPU's architecture in TORCH_CUDA_ARCH_LIST (for example "
    "TORCH_CUDA_ARCH_LIST='6.1;7.5' pip install --no-build-isolation ...), or install a "
    "prebuilt wheel made for it.",
)
def extension_without_kernels(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    exts = [d for d in _other_deep(snap) if isinstance(d.arch_list, list)]
    if not exts:
        raise c.not_applicable("no compiled extension's architecture list is known")
    gpus = c.gpus(snap)
    judged = False
    for ext in exts:
        archs = [str(a) for a in ext.arch_list or []]
        for gpu in gpus:
            cc = c.gpu_cc(gpu, matrix)
            if cc is None:
                continue
            judged = True
            if not _runs(archs, cc):
                yield spec.finding(
                    expected=f"{ext.name} compiled for sm_{cc.replace('.', '')} (or PTX below it)",
                    found=f"{ext.name} arch list {' '.join(archs)}; {c.gpu_label(gpu)} is "
                    f"compute capability {cc}",
                    fix=f"rebuild {ext.name} with TORCH_CUDA_ARCH_LIST including {cc} "
                    f"(e.g. TORCH_CUDA_ARCH_LIST='{cc}') or install a build made for this GPU",
                    evidence={"extension": ext.name, "arch_list": archs, "compute_capability": cc},
                    gpu=gpu.index,
                )
    if not judged:
        raise SkipCheck("the GPUs' compute capabilities are unknown")


@check(
    "EC205",
    category="gpu-arch-unsupported",
    severity="error",
    title="Framework runs a CUDA older than the GPU's architecture",
    rationale="""
A framework build made with CUDA X can only contain kernels for the architectures CUDA X knows:
Ampere (8.x) needs CUDA 11.0, Ada and Hopper 11.8, Blackwell 12.8 (NVIDIA's toolkit /
architecture matrix, compat_data/floors.json). On a newer GPU such a build has no kernels and
no PTX for it: it hangs, falls back or fails ("no kernel image"). PaddlePaddle prints the CUDA it
runs with ("Runtime API Version: 10.2") next to the GPU's compute capability, CuPy's
show_config its "CUDA Build Version"; a paddlepaddle-gpu release names its build (2.5.2.post117
is the CUDA 11.7 wheel, the plain 2.4.2 and 2.5.2 wheels CUDA 10.2: compat_data/floors.json
cuda_builds); torch is judged by EC201 from its arch list. The other
way round, a CUDA major that dropped an architecture (CUDA 13 and Maxwell, Pascal, Volta) has
no kernels for it either.""",
    fix="Install the framework build made for a CUDA at least as new as the GPU needs.",
)
def runtime_older_than_gpu(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    # what the text states a framework runs with, and the builds the data knows to the CUDA
    # minor (a paddlepaddle-gpu ".post117" wheel; not where Paddle's own line states it)
    runs = [
        _Run(d.name, d.cuda_version, d.detail or "stated in the input")
        for d in _other_deep(snap)
        if isinstance(d.cuda_version, str) and c.vparse(d.cuda_version) is not None
    ]
    if not c.paddle_states_its_cuda(snap):
        runs += [_Run(*b) for b in c.library_builds_with_cuda(snap, matrix)]
    runs += _tensorflow_pip_build(snap, matrix)
    if not runs:
        raise c.not_applicable("no framework states the CUDA it runs with (other than torch)")
    judged = False
    for d in runs:
        for gpu in c.gpus(snap):
            cc = c.gpu_cc(gpu, matrix)
            floor = c.ask(matrix, "arch_floor", cc) if cc else None
            first = floor.get("first_cuda") if floor else None
            dropped = c.ask(matrix, "cuda_major_excludes", cc, c.vparse(d.cuda_version).major)
            if dropped:
                judged = True
                yield spec.finding(
                    expected=f"a {d.name} build made with a CUDA that still supports "
                    f"{floor['architecture'] if floor else 'this GPU'} (compute capability {cc})",
                    found=f"{d.name} runs CUDA {d.cuda_version} on {c.gpu_label(gpu)}: {dropped}",
                    fix=f"install the {d.name} build for the previous CUDA major",
                    evidence={"framework": d.name, "runtime_cuda": d.cuda_version, "why": dropped},
                    gpu=gpu.index,
                    title="Framework runs a CUDA that dropped the GPU's architecture",
                )
                continue
            if not first:
                continue
            judged = True
            if c.vparse(d.cuda_version) < c.vparse(first):
                yield spec.finding(
                    expected=f"a {d.name} build made with CUDA >= {first} for "
                    f"{floor['architecture']} (compute capability {cc})",
                    found=f"{d.name} runs CUDA {d.cuda_version} on {c.gpu_label(gpu)}",
                    fix=(
                        f"install the {d.name} build for CUDA {first} or newer (and a driver for "
                        "it)"
                        if d.severity is None
                        else f"use a TensorFlow built with CUDA >= {first} for this GPU (NVIDIA's "
                        "NGC TensorFlow container, or a source build with its compute "
                        f"capability {cc} in TF_CUDA_COMPUTE_CAPABILITIES)"
                    ),
                    evidence={
                        "framework": d.name,
                        "runtime_cuda": d.cuda_version,
                        "runtime_cuda_from": d.source,
                        "compute_capability": cc,
                        "first_cuda": first,
                        "source": floor.get("source"),
                    },
                    gpu=gpu.index,
                    severity=d.severity,
                    title=None
                    if d.severity is None
                    else "TensorFlow's pip build predates the GPU's architecture (PTX JIT only)",
                )
    if not judged:
        raise SkipCheck("the GPUs' compute capabilities are unknown")


def _tensorflow_pip_build(snap: Snapshot, matrix: Any) -> List[_Run]:
    """TensorFlow's Linux pip wheels, by the CUDA they were built with (tensorflow.json), when
    the input does not state the CUDA TensorFlow runs: a warning, for those wheels also carry
    PTX, which the driver JIT-compiles for a newer GPU (TensorFlow says so: "CUDA kernels will
    be jit-compiled from PTX, which could take 30 minutes or longer"), and that path fails in
    places (TensorFlow's generated kernels on Blackwell: CUDA_ERROR_INVALID_PTX,
    tensorflow/tensorflow#90291, #99592)."""
    # (the installed packages may be unknown: the other runs are judged all the same)
    pkgs = snap.installed()
    tf = pkgs.get("tensorflow") or pkgs.get("tensorflow-gpu")
    dp = c.deep(snap, "tensorflow")
    if not tf or (dp is not None and isinstance(dp.cuda_version, str)):
        return []
    info = c.os_info(snap)
    if info is not None and info.platform == "windows" and not info.wsl:
        return []  # native Windows: the pip wheels of TF 2.11+ have no GPU support at all
    rel = c.ask(matrix, "tensorflow_release", tf)
    builds = [b for b in (rel.builds if rel else ()) if b.cuda and b.platform in (None, "linux")]
    if not builds or c.vparse(builds[0].cuda) is None:
        return []
    return [
        _Run(
            f"tensorflow {tf}",
            str(builds[0].cuda),
            "the CUDA of its tested Linux build (compat_data/tensorflow.json, "
            f"{getattr(builds[0], 'source', None) or getattr(rel, 'source', '')})",
            "warning",
        )
    ]


# (CPU package, GPU package): both install the same import package, so whichever was
# installed last wins and the CPU one can shadow the GPU one
