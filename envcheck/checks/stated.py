"""Floors that pasted text states, judged against the host it describes: EC108 (driver), EC109
and EC311 (CUDA, against the driver and the toolkit), EC207 (compute capability), EC221
(Python), EC232 (framework release), EC306 (cuDNN); and EC308, a cuDNN package's CUDA build
against the host's CUDA.

Software states what it needs when it refuses a host, and people quote it: "requires NVIDIA
driver 535 or newer", "vLLM requires CUDA 12.1 or higher", "The minimum required Cuda
capability is 3.5". The floor is the software's own word (extract.floors reads it; it is never
taken for the host's value), so no data is needed to judge it: what the same text states of the
host (the driver, the GPU, the Python ...) is compared with it. Where the text does not state
the host's value, the check is skipped and names the command that states it: a floor alone
proves nothing.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot


def _highest(snap: Snapshot, key: str, what: str) -> Dict[str, Any]:
    """The highest floor of kind ``key`` ("cc_floors", ...) the text states: the software
    applies that one."""
    floors = [
        f
        for f in c.pasted_evidence(snap).get(key) or []
        if isinstance(f, dict) and c.vparse(f.get("value")) is not None
    ]
    if not floors:
        raise c.not_applicable(f"the text states no {what} floor")
    return max(floors, key=lambda f: c.vparse(f["value"]))


def _where(floor: Dict[str, Any]) -> str:
    return f"{floor.get('file', '?')}:{floor.get('line', '?')}"


def _evidence(floor: Dict[str, Any], **found: Any) -> Dict[str, Any]:
    return {
        **found,
        "stated_floor": floor["value"],
        "stated_at": _where(floor),
        "text": str(floor.get("text", ""))[:160],
    }


# the CUDA release a stated driver floor is for: "requires NVIDIA driver version 495 or later ...
# to support CUDA 11.5". From CUDA 11 on, a driver of the same CUDA major runs a newer minor
# release (minor-version compatibility, [S1] of EC109), so that floor is not a hard one.
_CUDA_OF_FLOOR = re.compile(r"\b(?:support|for|with|of|run)\s+CUDA\s+(1\d)\.(\d)\b", re.I)


@check(
    "EC108",
    category="driver-too-old",
    severity="error",
    title="NVIDIA driver below the version the pasted text says is needed",
    rationale="""
Applications and containers check the driver and say what they need: "requires NVIDIA driver 535
or newer", "The minimum required driver version is 525.60.13", Omniverse's "The minimum required
version is 537.58 and current version is 535.104.05". When the driver the same text states is
below that floor, the application will not start (or falls back to the CPU) whatever else is
right: the floor is the application's own word, so no data is needed. Where the sentence ties
the floor to a CUDA 11 or later release ("requires driver 495 or later to support CUDA 11.5") and
the driver runs that CUDA major, minor-version compatibility runs it anyway (except PTX JIT and
the newest APIs): a warning.
[S1] https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html""",
    fix="Upgrade the NVIDIA driver to at least the version the message names (Ubuntu: sudo "
    "ubuntu-drivers install; then reboot), or use a release of the application that supports "
    "this driver.",
)
def driver_below_stated_floor(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    floor = _highest(snap, "driver_floors", "driver")
    try:
        driver = c.driver(snap).version
    except SkipCheck:
        driver = None
    have = c.vparse(driver) if isinstance(driver, str) else None
    if have is None:
        raise SkipCheck(
            f"the text states a driver floor of {floor['value']} but not the driver "
            "(nvidia-smi --query-gpu=driver_version --format=csv)"
        )
    if have < c.vparse(floor["value"]):
        tied = _CUDA_OF_FLOOR.search(str(floor.get("text", "")))
        runs = c.major_minor(c.driver_max_cuda(snap, matrix) or "")
        compatible = ""
        if (
            tied is not None
            and runs is not None
            and runs[0] == int(tied.group(1)) >= 11
            # CUDA 11's minor-version compatibility starts at driver 450.80.02 [S1]
            and (runs[0] > 11 or have >= c.vparse("450.80.02"))
        ):
            compatible = (
                f", which runs CUDA {runs[0]}.{runs[1]}: the floor is for CUDA "
                f"{tied.group(1)}.{tied.group(2)}, which CUDA {tied.group(1)}.x minor-version "
                "compatibility runs on this driver except PTX JIT and the newest APIs"
            )
        yield spec.finding(
            expected=f"driver >= {floor['value']} ({_where(floor)} states that floor)",
            found=f"driver {driver}{compatible}",
            severity="warning" if compatible else None,
            evidence=_evidence(floor, driver=driver),
        )


@check(
    "EC109",
    category="driver-too-old",
    severity="error",
    title="The driver runs an older CUDA than the pasted text says is needed",
    rationale="""
"vLLM requires CUDA 12.1 or higher", "CUDA >= 11.8 is required": a CUDA floor is a floor on the
driver too, since a CUDA runtime runs only on a driver that supports it. A driver of an older
CUDA major (nvidia-smi's "CUDA Version") cannot run it at all: an error. A driver of the same
major but an older minor runs most of it through minor-version compatibility (except PTX JIT
and the newest APIs): a warning.
[S1] https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html""",
    fix="Upgrade the NVIDIA driver to one that supports the CUDA the message names "
    "(`envcheck matrix driver <version>` shows what a driver runs), or use a build of the "
    "software for the CUDA this driver runs.",
)
def driver_cuda_below_stated_floor(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    floor = _highest(snap, "cuda_floors", "CUDA")
    dmax = c.driver_max_cuda(snap, matrix)
    have, need = c.major_minor(dmax), c.major_minor(floor["value"])
    if have is None or need is None:
        raise SkipCheck(
            f"the text states a CUDA floor of {floor['value']} but not the driver or the CUDA "
            "it runs (nvidia-smi)"
        )
    if have >= need:
        return
    driver = getattr(snap.driver, "version", None)
    yield spec.finding(
        expected=f"a driver that runs CUDA >= {floor['value']} ({_where(floor)} states it)",
        found=f"the driver{f' {driver}' if isinstance(driver, str) else ''} runs CUDA up to {dmax}",
        severity="error" if have[0] < need[0] else "warning",
        evidence=_evidence(floor, driver=driver, driver_max_cuda=dmax),
    )


@check(
    "EC207",
    category="gpu-arch-unsupported",
    severity="error",
    title="The GPU is below the compute capability the pasted text says is needed",
    rationale="""
Software states its own floor when it refuses a GPU, and people quote it: TensorFlow's "The
minimum required Cuda capability is 3.5", RAPIDS' "A GPU with NVIDIA Pascal (Compute Capability
6.0) or newer architecture is required", SGLang's "only supports sm75 and above",
FlashAttention's "only supports Ampere GPUs or newer". When the GPU the text names (or states
the compute capability of) is below it, the software has no kernels for that GPU.""",
    fix="Run the software on a GPU at or above the floor it states, or use a release (or a "
    "source build) that still supports this GPU's compute capability.",
)
def gpu_below_stated_floor(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    floor = _highest(snap, "cc_floors", "compute-capability")
    floors = _values(snap, "cc_floors")
    judged: List[str] = []
    for gpu in c.gpu_list_or_empty(snap):
        cc = c.gpu_cc(gpu, matrix)
        if cc is None or c.vparse(cc) is None:
            continue
        judged.append(cc)
        if c.vparse(cc) < c.vparse(floor["value"]):
            yield spec.finding(
                expected=f"a GPU of compute capability >= {floor['value']} ({_where(floor)} "
                "states that floor)",
                found=f"{c.gpu_label(gpu)} is compute capability {cc}",
                evidence=_evidence(floor, compute_capability=cc),
                gpu=gpu.index,
            )
    if judged:
        return
    refusal = next((f for f in floors if f.get("kind") == "message"), None)
    if refusal is None:
        raise SkipCheck(
            f"the text states a compute-capability floor of {floor['value']} but not the GPU's "
            "(nvidia-smi --query-gpu=name,compute_cap --format=csv)"
        )
    # the software printed its floor as a warning or an error: it does that when the GPU is
    # below it, so the GPU is, though the text does not name it
    yield spec.finding(
        expected=f"a GPU of compute capability >= {refusal['value']}",
        found=f"the software's own message ({_where(refusal)}) refuses the GPU below compute "
        f"capability {refusal['value']}; the GPU is not named (nvidia-smi --query-gpu="
        "name,compute_cap --format=csv)",
        severity="warning",
        evidence=_evidence(refusal),
    )


def _newest_below_floor(
    spec: CheckSpec,
    snap: Snapshot,
    floor_key: str,
    field: str,
    label: str,
    evidence_key: str,
    command: str = "",
) -> Iterator[Finding]:
    """A finding when the newest of the host's ``field`` versions the text states (cuDNN
    installs, CUDA toolkits) is below the highest floor of ``floor_key`` it states."""
    floor = _highest(snap, floor_key, label)
    versions = c.cuda_versions(snap, field)
    if not versions:
        how = f" ({command})" if command else ""
        raise SkipCheck(f"the text states a {label} floor but not the {label} installed{how}")
    newest = max(versions, key=c.vparse)
    if c.vparse(newest) < c.vparse(floor["value"]):
        yield spec.finding(
            expected=f"{label} >= {floor['value']} ({_where(floor)} states it)",
            found=f"{label} {newest}",
            evidence=_evidence(floor, **{evidence_key: newest}),
        )


def _values(snap: Snapshot, key: str) -> List[Dict[str, Any]]:
    return [f for f in c.pasted_evidence(snap).get(key) or [] if isinstance(f, dict)]


@check(
    "EC221",
    category="python-unsupported",
    severity="error",
    title="The Python version is outside the range the pasted text says is needed",
    rationale="""
Packages declare the Python versions they support (Requires-Python) and say so when they
refuse one: "requires Python >= 3.10", "Requires-Python >=3.8,<3.12", "supports Python 3.8 to
3.10". A Python outside that range gets no wheel (pip finds no matching distribution, or builds
from source and fails) or fails at import on syntax it does not know. The range is the
package's own word; the Python is the one the same text states.""",
    fix="Use a Python inside the range the message names (a venv or conda env: `conda create -n "
    "env python=3.X`, `uv venv --python 3.X`), or a release of the package that supports this "
    "Python.",
)
def python_outside_stated_range(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    ranges = _values(snap, "python_ranges")
    if not ranges:
        raise c.not_applicable("the text states no Python range")
    py = getattr(snap.python, "version", None)
    have = c.major_minor(py) if isinstance(py, str) else None
    if have is None:
        raise SkipCheck("the text states a Python range but not the Python (python --version)")
    for r in ranges:
        lo, _, hi = str(r.get("value", "")).partition(",")
        low, high = c.major_minor(lo) if lo else None, c.major_minor(hi) if hi else None
        if (low and have < low) or (high and have >= high):
            wanted = " and ".join(
                x for x in (f">= {lo}" if lo else "", f"< {hi}" if hi else "") if x
            )
            yield spec.finding(
                expected=f"Python {wanted} ({_where(r)} states it)",
                found=f"Python {py}",
                evidence={
                    "python": py,
                    "stated_range": r["value"],
                    "stated_at": _where(r),
                    "text": str(r.get("text", ""))[:160],
                },
            )
            return


@check(
    "EC232",
    category="framework-pairing",
    severity="error",
    title="A framework older than the pasted text says a package needs",
    rationale="""
Extensions and libraries built on a framework say which releases they work with: "xformers
requires PyTorch 2.1.0 or newer", "flash-attn requires torch >= 2.2", "Keras requires TensorFlow
2.2 or higher". With an older framework the package fails to import or to load its compiled
operators. The floor is the package's own word; the framework version is the one the same text
states (a collect_env, a pip list, the message's own "You have 2.0.1").""",
    fix="Install a framework release at or above the floor the message names (and the matching "
    "torchvision/torchaudio), or the package release made for the installed framework.",
)
def framework_below_stated_floor(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    floors = _values(snap, "package_floors")
    if not floors:
        raise c.not_applicable("the text states no framework floor")
    try:
        installed = c.installed(snap)
    except SkipCheck:
        installed = {}
    judged = False
    for f in floors:
        name, _, need = str(f.get("value", "")).partition(">=")
        have = installed.get(name)
        if have is None or c.vparse(c.public(have)) is None or c.vparse(need) is None:
            continue
        judged = True
        if c.vparse(c.public(have)) < c.vparse(need):
            yield spec.finding(
                expected=f"{name} >= {need} ({_where(f)} states it)",
                found=f"{name} {have}",
                evidence={
                    "package": name,
                    "version": have,
                    "stated_floor": need,
                    "stated_at": _where(f),
                    "text": str(f.get("text", ""))[:160],
                },
            )
    if not judged:
        raise SkipCheck(
            "the text states a framework floor but not that framework's version (pip list)"
        )


@check(
    "EC306",
    category="cuda-libs-mismatch",
    severity="error",
    title="cuDNN older than the pasted text says is needed",
    rationale="""
Frameworks and inference runtimes built against a cuDNN major need that major at run time and
say so: "requires cuDNN 9 or newer", "cuDNN >= 8.9 is required". An older cuDNN (the system's,
a conda env's, an nvidia-cudnn wheel) makes the library fail to load or its convolutions fail
with CUDNN_STATUS errors. The floor is the software's word; the cuDNN is the one the same text
states.""",
    fix="Install the cuDNN the message names for the CUDA major in use (pip: `nvidia-cudnn-cu12`; "
    "system: NVIDIA's cuDNN packages), and make sure it is the one loaded (LD_LIBRARY_PATH).",
)
def cudnn_below_stated_floor(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    yield from _newest_below_floor(spec, snap, "cudnn_floors", "cudnn", "cuDNN", "cudnn")


@check(
    "EC311",
    category="toolkit-mismatch",
    severity="warning",
    title="The CUDA toolkit is older than the CUDA the pasted text says is needed",
    rationale="""
"bitsandbytes requires CUDA >= 11.0", "CUDA 11.8 or later is required": where the text states
the system toolkit (nvcc) and not the driver, the toolkit is what builds the package's
extensions and what the message most likely means. A toolkit older than the floor cannot build
them. A warning: the floor may be about the runtime a wheel bundles, which EC109 judges against
the driver.""",
    fix="Install a CUDA toolkit at or above the version the message names and put its nvcc first "
    "on PATH (CUDA_HOME), or use a prebuilt wheel that bundles its CUDA runtime.",
)
def toolkit_below_stated_cuda_floor(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    yield from _newest_below_floor(
        spec, snap, "cuda_floors", "toolkits", "CUDA toolkit", "toolkit", "nvcc --version"
    )


@check(
    "EC308",
    category="cuda-libs-mismatch",
    severity="error",
    title="A cuDNN package built for another CUDA major than the host runs",
    rationale="""
NVIDIA's cuDNN packages are built per CUDA major and say so in their version:
"libcudnn8 8.9.3.28-1+cuda12.1" is cuDNN 8.9.3 for CUDA 12. It needs that major's runtime: with
a CUDA 11 toolkit (the CUDA the text states the system uses) its libraries do not load
together, and a driver that runs CUDA 11.x at most (nvidia-smi's "CUDA Version") cannot run it
at all; cuDNN then fails with CUDNN_STATUS_NOT_INITIALIZED or the framework cannot load it.
The build's CUDA is read from the package version in `apt list`, `dpkg -l`, a .deb name or an
apt pin; the host's CUDA from the same text.
[S1] https://docs.nvidia.com/deeplearning/cudnn/latest/reference/support-matrix.html""",
    fix="Install the cuDNN package built for the CUDA major the host uses (apt: the "
    "`libcudnnN=<version>-1+cudaX.Y` of that CUDA; pip: nvidia-cudnn-cuXX), or a CUDA and driver "
    "of the cuDNN's major.",
)
def cudnn_built_for_another_cuda(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    builds = [f for f in _values(snap, "cudnn_cudas") if c.major_minor(f.get("value")) is not None]
    if not builds:
        raise c.not_applicable("the text shows no cuDNN package with its CUDA build")
    toolkit = next(iter(c.cuda_versions(snap, "toolkits")), None)
    dmax = c.driver_max_cuda(snap, matrix)
    if toolkit is None and dmax is None:
        raise SkipCheck(
            "the text shows a cuDNN build's CUDA but neither the toolkit nor the driver "
            "(nvcc --version, nvidia-smi)"
        )
    for b in builds:
        need = c.major_minor(b["value"])
        against = []
        if toolkit is not None and c.major_minor(toolkit)[0] != need[0]:
            against.append(f"the CUDA toolkit is {toolkit}")
        if dmax is not None and c.major_minor(dmax)[0] < need[0]:
            against.append(f"the driver runs CUDA up to {dmax}")
        if against:
            yield spec.finding(
                expected="a cuDNN package built for the CUDA major the host runs",
                found=f"cuDNN built for CUDA {b['value']} ({_where(b)}); " + "; ".join(against),
                evidence={
                    "cudnn_cuda": b["value"],
                    "stated_at": _where(b),
                    "toolkit": toolkit,
                    "driver_max_cuda": dmax,
                    "text": str(b.get("text", ""))[:160],
                },
            )
            return
