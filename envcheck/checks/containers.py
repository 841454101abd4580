"""NGC container releases named in pasted text, judged against the host it describes: the
driver the release needs (EC110) and the GPUs it supports (EC208).

``nvcr.io/nvidia/tritonserver:21.07-py3`` is tagged by month, and its release notes say what the
tag does not: the CUDA it is based on, the driver that needs, the older driver branches that run
it on data-center GPUs through CUDA forward compatibility (the image carries the compat
package), and the lowest compute capability it supports. Those facts are data
(compat_data/floors.json ``containers``, one entry per release read, each citing its release
notes); a release the data does not hold is not judged.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot

FORWARD_COMPAT_DOCS = "https://docs.nvidia.com/deploy/cuda-compatibility/forward-compatibility.html"

# Forward compatibility "is applicable only for systems with NVIDIA Data Center GPUs, select
# NGC Server Ready SKUs of RTX cards, Jetson boards" (FORWARD_COMPAT_DOCS). By name: GeForce and
# TITAN cards are never data-center GPUs; the data-center lines are these; anything else (Quadro,
# RTX A6000, an unknown model) may or may not be an NGC-ready SKU.
_CONSUMER = re.compile(r"\b(?:geforce|titan)\b", re.I)
_DATA_CENTER = re.compile(
    r"\btesla\b|\b(?:[ahb]\d{2,3}|gh200|gb200|h20|a2|a10g?|a16|l4|l20|l40s?|t4|v100|p100|p40|p4|"
    r"k80|k40m?|m40|m60)\b",
    re.I,
)


def data_center_gpu(name: Any) -> Optional[bool]:
    """True for a data-center GPU's name, False for a GeForce or TITAN card, None when the name
    does not say (Quadro / RTX workstation cards, some of which are NGC-ready, or no name)."""
    if not isinstance(name, str):
        return None
    if _CONSUMER.search(name):
        return False
    return True if _DATA_CENTER.search(name) else None


def _images(snap: Snapshot, matrix: Any) -> List[Tuple[Dict, Dict]]:
    """(fact, release entry) for each NGC release named that the data holds; SkipCheck naming
    the releases when it holds none of them."""
    named = [f for f in c.pasted_evidence(snap).get("ngc_images") or [] if isinstance(f, dict)]
    if not named:
        raise c.not_applicable("no NGC container release named")
    known, unknown = [], []
    for f in named:
        image = str(f.get("fact", "")).partition(":")[2]
        entry = c.ask(matrix, "ngc_release", image, str(f.get("value")))
        if entry is None:
            unknown.append(f"{image}:{f.get('value')}")
        else:
            known.append((f, entry))
    if not known:
        raise SkipCheck(
            "the data holds no release notes for "
            + ", ".join(f"nvcr.io/nvidia/{u}" for u in unknown)
            + " (its driver and GPU requirements: the release's notes under "
            "https://docs.nvidia.com/deeplearning/frameworks/)"
        )
    return known


def _label(fact: Dict[str, Any]) -> str:
    image = str(fact.get("fact", "")).partition(":")[2]
    where = f"{fact.get('file', '?')}:{fact.get('line', '?')}"
    return f"nvcr.io/nvidia/{image}:{fact.get('value')} ({where})"


def _forward_compat_branch(driver: str, entry: Dict[str, Any]) -> Optional[str]:
    """The data-center driver the release notes list that ``driver`` is of (its branch, at or
    above that release), or None."""
    have = c.vparse(driver)
    branch = driver.split(".", 1)[0]
    for listed in entry["datacenter_drivers"]:
        if listed.split(".", 1)[0] == branch and have is not None and have >= c.vparse(listed):
            return listed
    return None


@check(
    "EC110",
    category="driver-too-old",
    severity="error",
    title="NVIDIA driver below what an NGC container release needs",
    rationale="""
An NGC container release is built on one CUDA release and its release notes name the driver that
needs ("Release 21.07 is based on NVIDIA CUDA 11.4.0, which requires NVIDIA Driver release 470
or later", Triton's notes) [S1]. Below it, the first CUDA call in the container fails ("CUDA
driver version is insufficient", "forward compatibility was attempted on non supported HW"). The
same notes list older driver branches that still run the release, but only on data-center GPUs:
the image carries the CUDA forward-compatibility package, which NVIDIA supports on data-center
GPUs and select NGC-ready RTX cards only [S2]. On a GeForce card such a driver is too old; where
the GPU is not named the finding is a warning. The releases, with their notes, are in
compat_data/floors.json ("containers").
[S1] https://docs.nvidia.com/deeplearning/sdk/inference-release-notes/rel_21-07.html
[S2] https://docs.nvidia.com/deploy/cuda-compatibility/forward-compatibility.html""",
    fix="Upgrade the host's NVIDIA driver to the release's minimum, or use an older container "
    "release whose CUDA this driver runs (`envcheck matrix driver <version>`).",
)
def driver_below_container_release(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    known = _images(snap, matrix)
    try:
        driver = c.driver_version(snap)
    except SkipCheck:
        raise SkipCheck(
            f"the text names {_label(known[0][0])} but not the host's driver "
            "(nvidia-smi --query-gpu=driver_version --format=csv)"
        ) from None
    have = c.vparse(driver)
    if have is None:
        raise SkipCheck(f"driver version {driver!r} cannot be compared")
    names = [g.name for g in c.gpu_list_or_empty(snap)]
    kinds = [data_center_gpu(n) for n in names]
    for fact, entry in known:
        if have >= c.vparse(entry["min_driver"]):
            continue
        evidence = {
            "image": _label(fact),
            "release_cuda": entry["cuda"],
            "min_driver": entry["min_driver"],
            "datacenter_drivers": list(entry.get("datacenter_drivers") or []),
            "driver": driver,
            "source": entry["source"],
        }
        expected = (
            f"driver >= {entry['min_driver']} for {_label(fact)}, which is based on CUDA "
            f"{entry['cuda']}"
        )
        consumer = [n for n, k in zip(names, kinds) if k is False]
        if entry.get("datacenter_drivers") is None:
            # the notes read did not show which older branches run it on data-center GPUs: on
            # a GeForce card none does; elsewhere the driver may be one of them
            yield spec.finding(
                expected=expected,
                found=f"driver {driver}"
                + (
                    ""
                    if consumer
                    else "; whether it runs the release on a data-center GPU (CUDA forward "
                    "compatibility) is not in the release notes read"
                ),
                severity="error" if consumer else "warning",
                evidence=evidence,
            )
            continue
        listed = _forward_compat_branch(driver, entry)
        if listed is None:
            yield spec.finding(expected=expected, found=f"driver {driver}", evidence=evidence)
            continue
        evidence["forward_compatibility_docs"] = FORWARD_COMPAT_DOCS
        if kinds and all(k is True for k in kinds):
            continue  # a data-center GPU on a listed branch: the release notes support it
        where = (
            f"{consumer[0]} is not a data-center GPU"
            if consumer
            else "the GPU is " + ("not named" if not names else f"{names[0]}, not known to be one")
        )
        yield spec.finding(
            expected=expected + " (or, on a data-center GPU only, an R"
            f"{listed.split('.', 1)[0]} driver >= {listed})",
            found=f"driver {driver}: the release runs on it only through CUDA forward "
            f"compatibility, and {where}",
            severity="error" if consumer else "warning",
            evidence=evidence,
        )


@check(
    "EC208",
    category="gpu-arch-unsupported",
    severity="error",
    title="The GPU is below what an NGC container release supports",
    rationale="""
Each NGC container release states its GPU floor: "Release 21.07 supports CUDA compute capability
6.0 and higher" (Pascal and newer; 7.5 in Triton's 25.03 and later) [S1]. Its framework and
libraries are built for those architectures only; on an older GPU (a Kepler K80, a Maxwell M40)
the container starts, but finds no usable GPU or fails with "no kernel image is available". The
floors, with their release notes, are in compat_data/floors.json ("containers").
[S1] https://docs.nvidia.com/deeplearning/sdk/inference-release-notes/rel_21-07.html""",
    fix="Use a GPU at or above the release's compute capability, or a container release (or a "
    "framework build) that still supports this GPU.",
)
def gpu_below_container_release(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    known = _images(snap, matrix)
    floors = [(f, e) for f, e in known if e.get("min_cc")]
    if not floors:
        raise SkipCheck("the release notes read state no GPU floor for these releases")
    judged = False
    for gpu in c.gpu_list_or_empty(snap):
        cc = c.gpu_cc(gpu, matrix)
        if cc is None or c.vparse(cc) is None:
            continue
        judged = True
        for fact, entry in floors:
            if c.vparse(cc) < c.vparse(entry["min_cc"]):
                yield spec.finding(
                    expected=f"a GPU of compute capability >= {entry['min_cc']} for {_label(fact)}",
                    found=f"{c.gpu_label(gpu)} is compute capability {cc}",
                    evidence={
                        "image": _label(fact),
                        "compute_capability": cc,
                        "min_cc": entry["min_cc"],
                        "source": entry["source"],
                    },
                    gpu=gpu.index,
                )
    if not judged:
        raise SkipCheck(
            f"the text names {_label(floors[0][0])} but not the GPU "
            "(nvidia-smi --query-gpu=name,compute_cap --format=csv)"
        )
