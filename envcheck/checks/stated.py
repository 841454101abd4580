"""EC108, EC109, EC207: floors that pasted text states, judged against the host it describes.

Software states what it needs when it refuses a host, and people quote it: "requires NVIDIA
driver 535 or newer", "vLLM requires CUDA 12.1 or higher", "The minimum required Cuda
capability is 3.5". The floor is the software's own word (extract.floors reads it; it is never
taken for the host's value), so no data is needed to judge it: what the same text states of the
host (the driver, the GPU) is compared with it. Where the text does not state the host's value,
the check is skipped and names the command that states it: a floor alone proves nothing.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional

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
right: the floor is the application's own word, so no data is needed.""",
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
        yield spec.finding(
            expected=f"driver >= {floor['value']} ({_where(floor)} states that floor)",
            found=f"driver {driver}",
            evidence=_evidence(floor, driver=driver),
        )


def _driver_max_cuda(snap: Snapshot, matrix: Any) -> Optional[str]:
    """The newest CUDA the driver runs: nvidia-smi's "CUDA Version" when the text states it,
    else the matrix's answer for the driver version."""
    try:
        drv = c.driver(snap)
    except SkipCheck:
        return None
    if isinstance(drv.cuda_version, str) and c.major_minor(drv.cuda_version):
        return c.mm_str(drv.cuda_version)
    if not isinstance(drv.version, str):
        return None
    full = c.ask(matrix, "max_cuda_for_driver", drv.version, c.platform(snap))
    return c.mm_str(full) if full else None


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
    dmax = _driver_max_cuda(snap, matrix)
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
    if not judged:
        raise SkipCheck(
            f"the text states a compute-capability floor of {floor['value']} but not the GPU's "
            "(nvidia-smi --query-gpu=name,compute_cap --format=csv)"
        )
