"""EC2xx: the framework build — kernels for every GPU, a GPU build at all, Python, pairings."""

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


def _torch_fix(
    snap: Snapshot, matrix: Any, t: c.TorchInfo, ccs: List[str], keep_release: bool = True
) -> Optional[str]:
    """A pip command for a torch build that has kernels for ``ccs`` and runs on this driver."""
    driver = _driver_or_none(snap)
    plat = c.platform(snap)
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
            if best is None or (c.vparse(v.cuda) or 0) > (c.vparse(best.cuda) or 0):
                best = v
        if best is not None and best.index_url:
            pins = [f"torch=={c.public(t.version)}"]
            pkgs = snap.installed()
            for name in ("torchvision", "torchaudio"):
                paired = getattr(t.release, name, None)
                if name in pkgs and paired:
                    pins.append(f"{name}=={paired}")
            return _pip([*pins, "--index-url", best.index_url])
    rec = c.ask(matrix, "recommend", "torch", driver, ccs, _python(snap), plat)
    if rec is not None and rec.best is not None:
        return _pip(list(rec.best.pip_args))
    return None


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
        archs, source = list(t.variant.archs), f"matrix: torch {t.version} ({t.variant.tag})"
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


def _without_kernels(
    archs: List[str], pairs: List[Tuple[Any, str]]
) -> Tuple[List[Tuple[Any, str]], List[Tuple[Any, str]]]:
    """The (gpu, cc) pairs the arch list cannot run: (newer than its newest arch, the rest)."""
    newest = _newest_arch(archs)
    newer: List[Tuple[Any, str]] = []
    older: List[Tuple[Any, str]] = []
    for g, cc in pairs:
        if not _runs(archs, cc):
            (newer if newest is None or c.cc_tuple(cc) > newest else older).append((g, cc))
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
    return spec.finding(
        expected=expected,
        found=f"{c.gpu_label(gpu)} has compute capability {cc}; torch {t.version} is built "
        f"for {' '.join(archs)}"
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
        severity="warning" if assumed else None,
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
    fix = _torch_fix(snap, matrix, t, [cc for _, cc in pairs]) or (
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
                fix=_torch_fix(snap, matrix, t, [cc])
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
against every torch build in the data: a GPU that none of them has kernels for is a warning.""",
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
    fix = _torch_fix(snap, matrix, t, [cc for _, cc in pairs], keep_release=False) or (
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
    platform = c.platform(snap)
    builds = [
        list(archs)
        for r in releases
        for v in r.variants
        if (archs := v.archs_for(platform)) is not None
    ]
    if not builds:
        raise SkipCheck("no torch build's architectures in the data")
    span = f"{releases[-1].version}-{releases[0].version}"
    for gpu, cc in c.gpus_with_cc(snap, matrix):
        if any(_runs(archs, cc) for archs in builds):
            continue
        yield spec.finding(
            expected="a GPU that some PyTorch build supports",
            found=f"{c.gpu_label(gpu)} has compute capability {cc}; the text names PyTorch "
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
_CPU_GPU_TWINS = (
    ("paddlepaddle", "paddlepaddle-gpu"),
    ("onnxruntime", "onnxruntime-gpu"),
    ("tensorflow-cpu", "tensorflow"),
    ("tensorflow", "tensorflow-gpu"),
    ("mxnet", "mxnet-cu"),
    ("faiss-cpu", "faiss-gpu"),
)


@check(
    "EC214",
    category="cpu-only-build",
    severity="warning",
    title="CPU and GPU builds of one framework installed together",
    rationale="""
paddlepaddle and paddlepaddle-gpu, onnxruntime and onnxruntime-gpu, faiss-cpu and faiss-gpu,
tensorflow and tensorflow-gpu (1.x) install the same import package. With both present the one
installed last owns the files, so the CPU build can shadow the GPU one: PaddlePaddle says "You
are using paddlepaddle cpu version", ONNX Runtime lists only CPUExecutionProvider, and the job
runs on the CPU. Uninstall both and install the GPU build alone.""",
    fix="pip uninstall -y <cpu package> <gpu package> && pip install <gpu package>==<version>",
)
def cpu_and_gpu_twins(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    for cpu, gpu in _CPU_GPU_TWINS:
        gpu_names = [n for n in pkgs if n == gpu or (gpu.endswith("-cu") and n.startswith(gpu))]
        if cpu not in pkgs or not gpu_names:
            continue
        if cpu == "tensorflow" and gpu == "tensorflow-gpu":
            v = c.vparse(pkgs[cpu])
            if v is not None and v >= c.vparse("2.1"):
                continue  # tensorflow >= 2.1 is the GPU build itself; -gpu is an alias package
        g = gpu_names[0]
        yield spec.finding(
            expected=f"only {g} (the GPU build)",
            found=f"{cpu} {pkgs[cpu]} and {g} {pkgs[g]} are both installed",
            fix=f"pip uninstall -y {cpu} {g} && pip install "
            + (f"'{g}=={pkgs[g]}'" if c.vparse(pkgs[g]) else g),
            evidence={cpu: pkgs[cpu], g: pkgs[g]},
        )


@check(
    "EC210",
    category="cpu-only-build",
    severity="error",
    title="CPU-only PyTorch on a host with NVIDIA GPUs",
    rationale="""
torch wheels tagged +cpu (and the PyPI wheels for Windows and macOS) contain no CUDA code:
torch.cuda.is_available() is False and training silently runs on the CPU, or fails with
"Torch not compiled with CUDA enabled". It usually comes from a plain `pip install torch` on
Windows or from a CPU index URL in a requirements file.""",
    fix="Uninstall the CPU build and install a CUDA build for this driver.",
)
def torch_cpu_only(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    t = c.torch_info(snap, matrix)
    if t is None:
        raise c.not_applicable("torch is not installed")
    driver_only = c.has_nvidia_gpus(snap) is None and _pasted_driver(snap)
    if not driver_only:
        c.need_nvidia_gpus(snap)
    if t.build not in ("cpu", "rocm"):
        return
    ccs = [cc for cc in (c.gpu_cc(g, matrix) for g in c.gpu_list_or_empty(snap)) if cc]
    cmd = _torch_fix(snap, matrix, t, ccs)
    fix = "pip uninstall -y torch && " + (
        cmd or f"pip install torch --index-url {c.PYTORCH_INDEX}/<cuXYZ for your driver>"
    )
    yield spec.finding(
        expected="a CUDA build of torch (+cuXYZ)",
        found=(
            f"torch {t.version} is a CPU-only build ({t.cuda_source or 'local tag +cpu'})"
            if t.build == "cpu"
            else f"torch {t.version} is a ROCm (AMD) build: no CUDA on NVIDIA GPUs"
        )
        + (
            f"; the text states an NVIDIA driver ({driver_only}) but lists no GPU"
            if driver_only
            else ""
        ),
        fix=fix,
        evidence={"torch": t.version, "gpus": len(c.gpu_list_or_empty(snap))},
        # a pasted text that states an NVIDIA driver but lists no GPU: a GPU is all but
        # certain, not shown
        **({"severity": "warning"} if driver_only else {}),
    )


def _pasted_driver(snap: Snapshot) -> Optional[str]:
    """The NVIDIA driver a pasted text states (its version, or the CUDA it supports)."""
    from envcheck.snapshot import Driver

    d = snap.driver
    if not c.from_report(snap) or not isinstance(d, Driver):
        return None
    for value in (d.version, d.cuda_version):
        if isinstance(value, str) and value:
            return value
    return None


@check(
    "EC213",
    category="cpu-only-build",
    severity="info",
    title="Training will run on the CPU: no NVIDIA GPU on this host",
    rationale="""
Without an NVIDIA GPU, torch.cuda.is_available() is False whatever torch build is installed: a
training script either fails on `.cuda()` / `device="cuda"` or, when it falls back to
`device="cpu"`, trains on the CPU, far slower. That is fine on a laptop or a CI runner; it is
said plainly so that nobody takes a CPU run for a GPU one. Apple GPUs (MPS) and AMD GPUs (ROCm
builds) are not judged here.""",
    fix="Nothing, if CPU training is intended; for GPU training, run on a host with an NVIDIA "
    "GPU and a CUDA build of torch.",
)
def trains_on_cpu(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    t = c.torch_info(snap, matrix)
    if t is None:
        raise c.not_applicable("torch is not installed")
    info = c.os_info(snap)
    platform = info.platform if info is not None and isinstance(info.platform, str) else None
    if platform not in ("linux", "windows"):
        raise SkipCheck(
            "not applicable: not a Linux or Windows host (Apple MPS is not judged)"
            if platform
            else "the operating system is unknown (an Apple GPU would train via MPS)"
        )
    if t.build == "rocm":
        raise c.not_applicable("a ROCm build of torch: AMD GPUs are not judged")
    present = c.has_nvidia_gpus(snap)
    if present is None:
        raise SkipCheck("whether this host has NVIDIA GPUs is unknown")
    if present:
        return  # GPUs to train on (whether this torch build can use them is EC210's question)
    build = {
        "cpu": "a CPU-only build",
        "cuda": f"a CUDA {t.cuda} build" if t.cuda else "a CUDA build",
    }.get(t.build, "installed")
    yield spec.finding(
        expected="an NVIDIA GPU, for GPU training",
        found=f"no NVIDIA GPU on this host, and torch {t.version} is {build}: "
        "training will run on the CPU",
        fix=spec.fix,
        evidence={"torch": t.version, "torch_build": t.build, "nvidia_gpus": 0},
    )


@check(
    "EC211",
    category="cpu-only-build",
    severity="error",
    title="CPU-only TensorFlow on a host with NVIDIA GPUs",
    rationale="""
TensorFlow 2.10 was the last release with GPU support on native Windows; from 2.11 the Windows
wheels are CPU-only and GPU use needs WSL2 (https://www.tensorflow.org/install/pip, read
2026-12-02). The `tensorflow-cpu` package is CPU-only everywhere. On Linux, GPU support comes
with `pip install tensorflow[and-cuda]` (2.14+).""",
    fix="Use WSL2 on Windows, or install the GPU build: pip install 'tensorflow[and-cuda]'.",
)
def tf_cpu_only(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    tf = pkgs.get("tensorflow")
    tf_cpu = pkgs.get("tensorflow-cpu") or pkgs.get("tensorflow-intel")
    if not tf and not tf_cpu:
        raise c.not_applicable("tensorflow is not installed")
    info = c.os_info(snap)
    native_windows = info is not None and not info.wsl and _windows(info)
    version = tf or tf_cpu or ""
    v = c.vparse(version)
    from packaging.version import Version

    tf_windows_cpu = native_windows and v is not None and v >= Version("2.11")
    present = c.has_nvidia_gpus(snap)
    if present is False or (present is None and not (tf and tf_windows_cpu)):
        c.need_nvidia_gpus(snap)
    if tf_windows_cpu:
        # with the GPUs unknown (a pasted report naming only the OS and TensorFlow), the
        # release still cannot use one: a warning, since the text does not show a GPU
        yield spec.finding(
            severity=None if present else "warning",
            expected="TensorFlow <= 2.10 for GPU on native Windows, or TensorFlow in WSL2",
            found=f"tensorflow {version} on native Windows: CPU only",
            fix="run TensorFlow inside WSL2 (pip install 'tensorflow[and-cuda]' there), or "
            "pip install 'tensorflow==2.10.*' with CUDA 11.2 and cuDNN 8.1",
            evidence={"tensorflow": version, "platform": "windows"},
        )
    elif tf_cpu and not tf:
        yield spec.finding(
            expected="the GPU build of TensorFlow",
            found=f"tensorflow-cpu {tf_cpu} is installed: CPU only",
            fix="pip uninstall -y tensorflow-cpu && pip install 'tensorflow[and-cuda]'",
            evidence={"tensorflow-cpu": tf_cpu},
        )


def _windows(info: Any) -> bool:
    """Windows as the platform, or (a pasted report) as the OS named, WSL not mentioned."""
    if info.platform == "windows":
        return True
    dist = info.distribution if isinstance(info.distribution, str) else ""
    return not isinstance(info.platform, str) and bool(
        re.match(r"windows\b", dist, re.I) and "wsl" not in dist.lower()
    )


_JAX_CUDA = re.compile(r"^jax-cuda(\d+)-(plugin|pjrt)$")


@check(
    "EC212",
    category="cpu-only-build",
    severity="error",
    title="JAX without a CUDA plugin on a host with NVIDIA GPUs",
    rationale="""
`pip install jax` gives the CPU backend only; GPU support is the separate jax-cuda12-plugin /
jax-cuda13-plugin (installed by `pip install "jax[cuda12]"`), or for jaxlib before 0.4.26 a
jaxlib wheel tagged +cuda. Without it, jax.devices() lists only the CPU and JAX prints "An
NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed".""",
    fix='pip install -U "jax[cuda12]"',
)
def jax_cpu_only(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    jax = pkgs.get("jax")
    if not jax:
        raise c.not_applicable("jax is not installed")
    c.need_nvidia_gpus(snap)
    plugins = [n for n in pkgs if _JAX_CUDA.match(n)]
    jaxlib = pkgs.get("jaxlib", "")
    if plugins or "cuda" in (c.local_tag(jaxlib) or ""):
        return
    dp = c.deep(snap, "jax")
    devices = dp.devices if dp is not None and isinstance(dp.devices, list) else []
    if any(re.search(r"cuda|gpu", d, re.IGNORECASE) for d in devices):
        return  # JAX itself lists CUDA devices
    c.absence_known(snap, "package")
    extra = "cuda12"
    drv = c.driver(snap) if c.known(snap.driver) else None
    dmax = c.major_minor(drv.cuda_version) if drv is not None else None
    release = c.ask(matrix, "jax_release", jax)
    if (
        dmax
        and dmax[0] >= 13
        and release is not None
        and any(p.name.startswith("jax-cuda13") for p in release.plugins)
    ):
        extra = "cuda13"
    yield spec.finding(
        expected="a JAX CUDA plugin (jax-cuda12-plugin or jax-cuda13-plugin)",
        found=f"jax {jax}" + (f", jaxlib {jaxlib}" if jaxlib else "") + " without a CUDA plugin",
        fix=f'pip install -U "jax[{extra}]=={jax}"',
        evidence={"jax": jax, "jaxlib": jaxlib or None},
    )


@check(
    "EC220",
    category="python-unsupported",
    severity="error",
    title="Python version not supported by the framework build",
    rationale="""
Each framework release publishes wheels for a range of Python versions. Outside it, pip
either cannot install that release ("No matching distribution found") or falls back to an old
release or a source build; a report from such an environment points at a build that cannot be
reproduced. The ranges come from the matrix (the release's published wheels).""",
    fix="Use a Python version inside the framework's range (e.g. a venv or conda env with it).",
)
def python_unsupported(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    from envcheck.compat import in_spec

    pkgs = c.installed(snap)
    py = c.need(snap.python, "Python")
    pyver = c.need(py.version, "Python version")
    pv = c.vparse(pyver)
    if pv is None:
        raise SkipCheck(f"Python version {pyver!r} not understood")
    ranges: List[Tuple[str, str, str]] = []  # (framework, version, specifier)
    unknown: List[str] = []
    if pkgs.get("torch"):
        r = c.ask(matrix, "torch_release", c.public(pkgs["torch"]))
        # releases older than the full entries (1.0-1.11): their minor series' range
        torch_py = r.python if r else c.ask(matrix, "torch_series_python", c.public(pkgs["torch"]))
        (ranges.append(("torch", pkgs["torch"], torch_py)) if torch_py else unknown.append("torch"))
    if pkgs.get("jax"):
        r = c.ask(matrix, "jax_release", pkgs["jax"])
        (ranges.append(("jax", pkgs["jax"], r.python)) if r else unknown.append("jax"))
    if pkgs.get("tensorflow"):
        r = c.ask(matrix, "tensorflow_release", pkgs["tensorflow"])
        specs = sorted({b.python for b in r.builds if b.python}) if r else []
        if specs:
            # the union of the tested builds' ranges
            ranges.append(("tensorflow", pkgs["tensorflow"], " || ".join(specs)))
        else:
            unknown.append("tensorflow")
    if not ranges:
        if unknown:
            raise SkipCheck("Python range unknown (not in the matrix): " + ", ".join(unknown))
        raise c.not_applicable("no framework installed")
    base = c.vparse(".".join(str(x) for x in pv.release[:3]))
    for name, version, spec_text in ranges:
        ok = in_spec(base, spec_text)
        if not ok:
            yield spec.finding(
                expected=f"Python {spec_text} for {name} {c.public(version)}",
                found=f"Python {pyver}",
                fix=f"create an environment with a Python in {spec_text} "
                f"(e.g. uv venv --python <version>) and reinstall {name}",
                evidence={"python": pyver, name: version, "supported": spec_text},
            )


def _series(version: str) -> Optional[str]:
    """``"0.11.1+cu111"`` -> ``"0.11"``: the minor series of a release (None when unread)."""
    v = c.vparse(c.public(version))
    return f"{v.release[0]}.{v.release[1]}" if v is not None and len(v.release) >= 2 else None


def _tag_cuda_major(version: Optional[str], default_cuda: Optional[str]) -> Optional[int]:
    if not version:
        return None
    tag = c.local_tag(version)
    if tag == "cpu":
        return 0
    cu = c.tag_cuda(tag) if tag else default_cuda
    mm = c.major_minor(cu) if cu else None
    return mm[0] if mm else None


@check(
    "EC230",
    category="framework-pairing",
    severity="error",
    title="torchvision / torchaudio do not match torch",
    rationale="""
torchvision and torchaudio are built against one exact torch release (torch 2.5.1 pairs with
torchvision 0.20.1 and torchaudio 2.5.1) and the same CUDA major. A mismatch fails at import
("operator torchvision::nms does not exist", undefined symbols) or at run time ("PyTorch and
torchvision were compiled with different CUDA major versions"). It happens when one package is
upgraded alone, or installed from PyPI while torch came from the PyTorch index. For torch
1.0-1.11 the data holds only the companions their install commands named (compat_data/
torch.json "companions", pytorch.org's previous-versions page): those are compared by minor
series. A torch nightly beside a companion *release* made for another minor series is a
mismatch too: pip prefers a release to the nightlies on the same index (pytorch/vision#2097).""",
    fix="Reinstall torchvision/torchaudio in the versions paired with the installed torch.",
)
def torch_pairing(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    torch = pkgs.get("torch")
    if not torch:
        raise c.not_applicable("torch is not installed")
    companions = {n: pkgs[n] for n in ("torchvision", "torchaudio") if pkgs.get(n)}
    if not companions:
        raise c.not_applicable("neither torchvision nor torchaudio is installed")
    release = c.ask(matrix, "torch_release", c.public(torch))
    # a release older than the data's full entries: only the companions its install commands
    # named (torch.json "companions"), compared by minor series (a later patch release of the
    # same torchvision series is no mismatch), and the CUDA of its plain pip wheel
    old = None if release else c.ask(matrix, "torch_companions", c.public(torch))
    default_tag = getattr(release, "pypi_default", None) if release else None
    default_cuda = c.tag_cuda(default_tag) if default_tag else None
    if old is not None:
        plain = c.ask(matrix, "torch_pip_default_cuda", c.public(torch))
        default_cuda = plain.get("cuda") if plain else None
    if c.untagged_wheels_are_cpu(c.os_info(snap)):
        default_cuda = None  # the PyPI default (untagged) wheels there are not the CUDA ones
    t = c.torch_info(snap, matrix)
    torch_major = None
    if t is not None and t.build == "cuda" and t.cuda:
        torch_major = c.major_minor(t.cuda)[0]  # type: ignore[index]
    elif t is not None and t.build == "cpu":
        torch_major = 0
    judged = False
    wanted: Dict[str, str] = {}
    problems: List[str] = []
    for name, version in companions.items():
        expected = getattr(release, name, None) if release else None
        if old is not None and old.get(name):
            judged = True
            wanted[name] = old[name]
            if _series(version) != _series(old[name]):
                problems.append(
                    f"{name} {version} (torch {c.public(torch)} pairs with the {_series(old[name])}"
                    f" series, {old[name]} in its install commands)"
                )
                continue
        elif expected:
            judged = True
            wanted[name] = expected
            have_v, want_v = c.vparse(c.public(version)), c.vparse(expected)
            if have_v is not None and want_v is not None:
                # "0.13.1a0" (a build from the v0.13.1 source tree) is the 0.13.1 release
                have_v, want_v = c.vparse(have_v.base_version), c.vparse(want_v.base_version)
            if have_v != want_v:
                problems.append(f"{name} {version} (torch {c.public(torch)} needs {expected})")
                continue
        # old releases' install commands give torchaudio (and some torchvision) without a
        # +cuXYZ tag for every CUDA: untagged says nothing of the CUDA there
        untagged_old = old is not None and not c.local_tag(version)
        comp_major = None if untagged_old else _tag_cuda_major(version, default_cuda)
        if torch_major is not None and comp_major is not None:
            judged = True
            if comp_major != torch_major:
                label = lambda m: "CPU" if m == 0 else f"CUDA {m}"  # noqa: E731
                problems.append(
                    f"{name} {version} is a {label(comp_major)} build, torch {torch} a "
                    f"{label(torch_major)} build"
                )
    if release is None and old is None:
        judged = _nightly_with_a_release(matrix, torch, companions, problems, wanted) or judged
    if not judged:
        raise SkipCheck(f"pairings for torch {c.public(torch)} not in the matrix")
    if problems:
        index = ""
        tag = c.local_tag(torch)
        if tag:
            index = f" --index-url {c.PYTORCH_INDEX}/{tag}"
        pins = [f"torch=={c.public(torch)}"] + [
            f"{n}=={wanted.get(n, c.public(v))}" for n, v in companions.items()
        ]
        if old is not None and tag:
            # the old releases' own commands: local tags on torch and torchvision (not on
            # torchaudio) and the find-links page, as previous-versions.md gives them
            pins = [f"{p}+{tag}" if not p.startswith("torchaudio") else p for p in pins]
            index = f" -f {c.PYTORCH_INDEX}/torch_stable.html"
        # a text that states two torch versions (the failing one and a workaround) may pair
        # the companion with the other one: then this is a warning that says so
        several, severity = _several_stated(snap, "torch", torch)
        fix = "pip install --force-reinstall " + " ".join(shlex.quote(p) for p in pins) + index
        if (c.vparse(torch) or c.vparse("0")).is_prerelease:
            # a nightly: the companions' nightlies of the same index, installed together
            fix = (
                "pip install --pre --force-reinstall torch "
                + " ".join(sorted(companions))
                + f" --index-url {c.PYTORCH_INDEX}/nightly/{tag or 'cpu'}"
            )
        yield spec.finding(
            expected=", ".join(v if v.startswith("the ") else f"{n} {v}" for n, v in wanted.items())
            + f" built for the same CUDA as torch {torch}",
            found="; ".join(problems) + several,
            severity=severity,
            fix=fix,
            evidence={"torch": torch, **companions},
        )


def _nightly_with_a_release(
    matrix: Any,
    torch: str,
    companions: Dict[str, str],
    problems: List[str],
    wanted: Dict[str, str],
) -> bool:
    """A torch nightly or pre-release (1.6.0.dev20200413) beside a companion *release*: pip
    prefers a release over the nightlies of the same index ("--pre torch torchvision" once gave
    torchvision 0.6.0, made for torch 1.5, beside the 1.6 nightly; pytorch/vision#2097). The
    release was built against the torch release its install commands name; when that is of
    another minor series than the nightly's, the pair is broken (a nightly pairs with the
    companion nightly of the same date). Whether it was judged."""
    tv = c.vparse(torch)
    if tv is None or not tv.is_prerelease:
        return False
    judged = False
    for name, version in companions.items():
        cv = c.vparse(version)
        if cv is None or cv.is_prerelease:
            continue  # a companion nightly: its date, not the data, says what it pairs with
        paired = c.ask(matrix, "torch_paired_with", name, version) or []
        if not paired:
            continue
        judged = True
        series = {tuple(c.vparse(p).release[:2]) for p in paired if c.vparse(p)}
        if tuple(tv.release[:2]) not in series:
            wanted[name] = f"the {name} nightly of the same date"
            problems.append(
                f"{name} {version} is the release made for torch {' / '.join(paired)}, beside "
                f"the torch {tv.base_version} pre-release {torch} (a nightly pairs with the "
                f"{name} nightly of the same date)"
            )
    return judged


def _several_stated(snap: Snapshot, name: str, judged: str) -> Tuple[str, Optional[str]]:
    """(a note for ``found``, the severity) when pasted text states several releases of
    ``name``: a pairing judged with one of them is a warning that says so."""
    several = c.stated_values(snap, f"{name}.version")
    if not several:
        return "", None
    return f" (the text states {name} as {' and '.join(several)}: judged with {judged})", "warning"


def _later_release(a: str, b: str) -> bool:
    """Version ``a`` is a later release than ``b`` (public parts; False when either is unread)."""
    va, vb = c.vparse(c.public(a)), c.vparse(c.public(b))
    return va is not None and vb is not None and va.release > vb.release


@check(
    "EC231",
    category="framework-pairing",
    severity="error",
    title="jax, jaxlib and the CUDA plugin versions do not match",
    rationale="""
JAX ships as jax (Python), jaxlib (the compiled runtime) and, for GPUs, jax-cuda12-plugin /
jax-cuda12-pjrt (or cuda13). The plugin must be the same version as jaxlib, and jaxlib must lie
between the jax release's _minimum_jaxlib_version (jax/version.py) and the jax version itself;
otherwise JAX refuses to load the plugin or fails at import ("jaxlib version X is newer than
and incompatible with jax version Y", jax/_src/lib/__init__.py). It happens when one of them
is upgraded alone. Versions read only from sentences are judged as a warning.""",
    fix='Reinstall them together: pip install -U "jax[cuda12]==<jax version>"',
)
def jax_pairing(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    jax = pkgs.get("jax")
    jaxlib = pkgs.get("jaxlib")
    if not jax or not jaxlib:
        raise c.not_applicable("jax and jaxlib are not both installed")
    problems = []
    release = c.ask(matrix, "jax_release", jax)
    # jax accepts any jaxlib from its _minimum_jaxlib_version up to its own version (JAX's
    # import check, jax/_src/lib/__init__.py): jax 0.4.2 runs on jaxlib 0.4.1
    least = (release.jaxlib_min or release.jaxlib) if release is not None else None
    if least and _later_release(least, jaxlib):
        problems.append(f"jaxlib {jaxlib} (jax {jax} needs jaxlib >= {least})")
    elif _later_release(jaxlib, jax):
        # "jaxlib version X is newer than and incompatible with jax version Y"
        problems.append(f"jaxlib {jaxlib} is newer than jax {jax}")
    for name, version in sorted(pkgs.items()):
        m = _JAX_CUDA.match(name)
        if m and c.vparse(c.public(version)) != c.vparse(c.public(jaxlib)):
            problems.append(f"{name} {version} != jaxlib {jaxlib}")
    if problems:
        plugin = next((n for n in pkgs if _JAX_CUDA.match(n)), "jax-cuda12-plugin")
        extra = f"cuda{_JAX_CUDA.match(plugin).group(1)}"  # type: ignore[union-attr]
        # a text stating several jax releases ("reproduces on 0.10.2 and 0.11.0") may pair
        # jaxlib with another one: then a warning that says so
        several, severity = _several_stated(snap, "jax", jax)
        if not several and c.only_in_prose(snap, ("jax.version", "package:jaxlib")):
            # "this occurs on jaxlib 0.4.34 and jax 0.4.35": a sentence may name the releases
            # tried, not one environment (a pip list or an import error is one)
            several, severity = " (both versions read from prose, not a package list)", "warning"
        yield spec.finding(
            expected="jaxlib and the CUDA plugin at the version jax expects",
            found="; ".join(problems) + several,
            severity=severity,
            fix=f'pip install --force-reinstall "jax[{extra}]=={jax}"',
            evidence={
                k: v for k, v in pkgs.items() if k in ("jax", "jaxlib") or _JAX_CUDA.match(k)
            },
        )
