"""GPU libraries and applications whose documented floors the host is below: a GPU older than
their prebuilt kernels (EC206), a driver older than they ask for (EC107), CUDA libraries of
another major than they are built for (EC322).

The floors are data (compat_data/floors.json ``libraries`` and ``drivers``, each with the
library's own documentation as its source), not code: vLLM's kernels need compute capability
7.0, FlashAttention-2's 8.0, RAPIDS 24.02's 7.0, Ollama a 5.0 GPU and (its docs say) driver 550,
NVIDIA DALI's CUDA 12 build driver 525.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.cudalibs import wheel_cuda_major
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot


@check(
    "EC206",
    category="gpu-arch-unsupported",
    severity="error",
    title="A GPU library installed needs a newer GPU than this one",
    rationale="""
Some GPU libraries ship kernels only for recent architectures and say so in their requirements:
vLLM needs compute capability 7.0 or higher (Volta, Turing and newer: no Pascal GTX 10xx / P100
/ P40) [S1], FlashAttention-2 needs Ampere (8.0) or newer [S2], RAPIDS 7.0 from 24.02 [S3],
TensorRT 7.5 from 10.5 [S4], SGLang 7.5 [S5], NVIDIA cuQuantum (cuStateVec, cuTensorNet, and
PennyLane's lightning.gpu / lightning.tensor built on them) 7.0 [S6]. On an older GPU they fail with
"no kernel image is available", "FlashAttention only supports Ampere GPUs or newer", or refuse
to start. The floors, with their sources, are in compat_data/floors.json ("libraries"). A
library that is installed is not always used (transformers uses FlashAttention only when asked):
such floors are warnings. A library a pasted text names at work without its version is held
against the lowest floor the GPU is below (the one that holds for the most releases); where the
unstated version decides, as a warning.
[S1] https://docs.vllm.ai/en/v0.14.0/getting_started/installation/gpu/
[S2] https://github.com/Dao-AILab/flash-attention
[S3] https://docs.rapids.ai/notices/rsn0034/
[S4] https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/release-notes-10/10.5.0.html
[S5] https://docs.sglang.io/docs/get-started/quickstart
[S6] https://docs.nvidia.com/cuda/cuquantum/22.11.0/custatevec/index.html""",
    fix="Run the library on a GPU at or above its floor, or use an alternative that supports "
    "this GPU (llama.cpp / GGUF instead of vLLM on Pascal; attn_implementation='sdpa' instead "
    "of FlashAttention-2).",
)
def library_needs_newer_gpu(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    floors = _floors(snap, matrix, "library_floors")
    if not floors:
        raise c.not_applicable("no installed library with a GPU floor in the data")
    gpus = c.gpus(snap)
    judged = False
    for name, version, floor, every in _one_floor_per_unstated_version(floors, gpus, matrix):
        for gpu in gpus:
            cc = c.gpu_cc(gpu, matrix)
            if cc is None:
                continue
            judged = True
            if c.vparse(cc) < c.vparse(floor["min_cc"]):
                known = _known(version) is not None
                releases = "every release in the data" if every else f"releases {floor['versions']}"
                yield spec.finding(
                    expected=f"a GPU of compute capability >= {floor['min_cc']} for {name}"
                    + ("" if known else f" ({releases})"),
                    found=f"{name} {version} is installed; {c.gpu_label(gpu)} is compute "
                    f"capability {cc}"
                    if known
                    else f"the text names {name} at work (version not stated); "
                    f"{c.gpu_label(gpu)} is compute capability {cc}",
                    # a version unstated decides only where some release runs here
                    severity=floor["severity"] if known or every else "warning",
                    title=None if known else "A GPU library the text names needs a newer GPU",
                    evidence={
                        "package": name,
                        "version": version,
                        "compute_capability": cc,
                        "min_cc": floor["min_cc"],
                        "source": floor["source"],
                    },
                    gpu=gpu.index,
                )
    if not judged:
        raise SkipCheck("the GPUs' compute capabilities are unknown")


def _floors(snap: Snapshot, matrix: Any, question: str) -> List[Tuple[str, str, Dict[str, Any]]]:
    """(package, version, floor) for every installed package the data has floors for
    (``question``: the matrix method, ``library_floors`` or ``library_driver_floors``)."""
    return [
        (name, version, floor)
        for name, version in sorted(c.installed(snap).items())
        for floor in (c.ask(matrix, question, name, _known(version)) or [])
    ]


def _one_floor_per_unstated_version(
    floors: List[Tuple[str, str, Dict[str, Any]]], gpus: List[Any], matrix: Any
) -> List[Tuple[str, str, Dict[str, Any], bool]]:
    """(package, version, floor, whether no release in the data runs here). The floors as they
    are, except for a package named without its version: of its floors (one per range of
    releases), only the lowest one a GPU here is below, so that one finding says what holds
    for the most releases ("even bitsandbytes 0.46 needs 5.0")."""
    out: List[Tuple[str, str, Dict[str, Any], bool]] = []
    unstated: Dict[str, List[Tuple[str, Dict[str, Any]]]] = {}
    ccs = [cc for cc in (c.gpu_cc(g, matrix) for g in gpus) if cc is not None]
    for name, version, floor in floors:
        if _known(version) is not None:
            out.append((name, version, floor, False))
        else:
            unstated.setdefault(name, []).append((version, floor))

    def below(floor: Dict[str, Any]) -> bool:
        return any(c.vparse(cc) < c.vparse(floor["min_cc"]) for cc in ccs)

    for name, ranges in sorted(unstated.items()):
        failed = [(v, f) for v, f in ranges if below(f)]
        if not failed:
            continue
        version, floor = min(failed, key=lambda vf: c.vparse(vf[1]["min_cc"]))
        # below the floor of every range of releases the data has, the first one included: no
        # release runs here, whichever the text leaves unstated
        every = len(failed) == len(ranges) and any(_from_first_release(f) for _, f in ranges)
        out.append((name, version, floor, every))
    return out


def _from_first_release(floor: Dict[str, Any]) -> bool:
    """Whether a floors.json range starts at its package's first release (">=0.1",
    ">=0.0.1,<24.2")."""
    low = floor["versions"].split(",")[0].strip()
    first = c.vparse(low[2:].strip()) if low.startswith(">=") else None
    return first is not None and first <= c.vparse("0.1")


def _known(version: str) -> Optional[str]:
    """The version to match a floor's range with; None when the text named the package only
    (every floor of the package then applies)."""
    return version if c.vparse(version) is not None else None


@check(
    "EC107",
    category="driver-too-old",
    severity="warning",
    title="NVIDIA driver below what an application installed asks for",
    rationale="""
Applications that bundle their own CUDA runtime state the driver it needs in their own
documentation, and below it they do not fail loudly: Ollama asks for driver 550 or newer (570
for compute capability 5.0 - 6.2 GPUs) [S1] and on an older driver its GPU discovery fails
and the model runs on the CPU, with no error. The minimums, with their sources, are in
compat_data/floors.json ("drivers"); where the documentation does not say from which release
a minimum holds, the finding is a warning.
[S1] https://docs.ollama.com/gpu""",
    fix="Upgrade the NVIDIA driver to the application's documented minimum, or use a release of "
    "the application that bundles an older CUDA runtime.",
)
def driver_below_application_minimum(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    floors = _floors(snap, matrix, "library_driver_floors")
    if not floors:
        raise c.not_applicable("no installed application with a driver minimum in the data")
    driver = c.driver_version(snap)
    have = c.vparse(driver)
    if have is None:
        raise SkipCheck(f"driver version {driver!r} cannot be compared")
    ccs = [c.gpu_cc(g, matrix) for g in c.gpu_list_or_empty(snap)]
    worst: Dict[str, Any] = {}
    for name, version, floor in floors:
        if floor.get("cc_below"):
            # a minimum for older GPUs only: judged when a GPU is known to be one of them
            below = c.vparse(floor["cc_below"])
            if not any(cc and c.vparse(cc) < below for cc in ccs):
                continue
        need = c.vparse(floor["min_driver"])
        if need is None or have >= need:
            continue
        if name not in worst or need > c.vparse(worst[name][1]["min_driver"]):
            worst[name] = (version, floor)
    for name, (version, floor) in sorted(worst.items()):
        yield spec.finding(
            expected=f"driver >= {floor['min_driver']} for {name}"
            + (
                f" on GPUs below compute capability {floor['cc_below']}"
                if floor.get("cc_below")
                else ""
            ),
            found=f"driver {driver}; {name} {version} is in use",
            fix=f"Upgrade the NVIDIA driver to {floor['min_driver']} or newer (per {name}'s "
            "documentation), or use a release of it that bundles an older CUDA runtime.",
            severity=floor["severity"],
            evidence={
                "package": name,
                "version": version,
                "driver": driver,
                "min_driver": floor["min_driver"],
                "source": floor["source"],
            },
        )


@check(
    "EC322",
    category="cuda-libs-mismatch",
    severity="error",
    title="A GPU library installed is built for another CUDA or cuDNN major than the one here",
    rationale="""
Some GPU libraries do not bundle the CUDA libraries they link; they load the CUDA runtime,
cuBLAS and cuDNN of the major they were built for from the system (or from nvidia-* wheels).
ONNX Runtime's CUDA execution provider is one: 1.15-1.18 from PyPI need CUDA 11 and cuDNN 8,
1.19-1.25 CUDA 12 and cuDNN 9 [S1], and from 1.27 the Python package is built for CUDA 13
[S2]. With only another major present the provider fails to load ("cublasLt64_13.dll is
missing", "libcudnn.so.9: cannot open shared object file") and the session quietly runs on the
CPU. CTranslate2 (faster-whisper) is another: its Linux wheels need CUDA 11 from 2.0 [S3] and
CUDA 12 from 4.0 [S4] ("Library libcublas.so.12 is not found or cannot be loaded"). The
builds, with their sources, are in compat_data/floors.json ("cuda_builds"); where builds of the
same version for another CUDA exist on another index, the finding is a warning.
[S1] https://onnxruntime.ai/docs/execution-providers/CUDA-ExecutionProvider.html
[S2] https://github.com/microsoft/onnxruntime/issues/29032
[S3] https://github.com/OpenNMT/CTranslate2/releases/tag/v2.0.0
[S4] https://github.com/OpenNMT/CTranslate2/releases/tag/v4.0.0""",
    fix="Install the CUDA and cuDNN majors the library's release is built for (pip: the "
    "nvidia-* wheels of that major), or a release of the library built for the CUDA here.",
)
def library_built_for_another_cuda(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    builds = [
        (name, version, b)
        for name, version in sorted(c.installed(snap).items())
        for b in (c.ask(matrix, "library_cuda_builds", name, _known(version)) or [])
    ]
    if not builds:
        raise c.not_applicable("no installed library with a known CUDA build in the data")
    have_cuda = _cuda_majors_here(snap)
    have_cudnn = _cudnn_majors_here(snap)
    if not have_cuda and not have_cudnn:
        raise SkipCheck("the CUDA and cuDNN versions here are unknown")
    for name, version, b in builds:
        for what, want, have, fact in (
            ("CUDA", b["cuda_major"], have_cuda, "cuda_here"),
            ("cuDNN", b.get("cudnn_major"), have_cudnn, "cudnn_here"),
        ):
            if want is None or not have or want in have:
                continue
            here = ", ".join(f"{what} {v}" for v in sorted(have.values()))
            yield spec.finding(
                expected=f"{what} {want}.x for {name} {version} (its build)",
                found=f"{name} {version} is built for {what} {want}; here: {here}",
                fix=f"Install {what} {want} (pip: the nvidia-* wheels for CUDA "
                f"{b['cuda_major']}), or the {name} release built for the {what} here.",
                severity=b["severity"],
                evidence={
                    "package": name,
                    "version": version,
                    f"built_for_{what.lower()}": want,
                    fact: sorted(have.values()),
                    "source": b["source"],
                },
            )


def _cuda_majors_here(snap: Snapshot) -> Dict[int, str]:
    """major -> a CUDA version present: system toolkits and the nvidia-* CUDA wheels."""
    out: Dict[int, str] = {}
    toolkits = getattr(snap.cuda, "toolkits", None)
    for tk in toolkits if isinstance(toolkits, list) else []:
        mm = c.major_minor(getattr(tk, "version", None))
        if mm:
            out.setdefault(mm[0], f"{mm[0]}.{mm[1]}")
    for name, version in c.installed(snap).items():
        major = wheel_cuda_major(name, version) if "cudnn" not in name else None
        if major is not None:
            out.setdefault(major, f"{major} ({name} {version})")
    return out


def _cudnn_majors_here(snap: Snapshot) -> Dict[int, str]:
    """major -> a cuDNN version present: the system's and the nvidia-cudnn wheels."""
    out: Dict[int, str] = {}
    items = getattr(snap.cuda, "cudnn", None)
    versions = [getattr(i, "version", None) for i in (items if isinstance(items, list) else [])]
    versions += [v for n, v in c.installed(snap).items() if n.startswith("nvidia-cudnn")]
    for v in versions:
        mm = c.major_minor(v)
        if mm:
            out.setdefault(mm[0], f"{mm[0]}.{mm[1]}")
    return out
