"""The host compiler a paste states, against the CUDA toolkit it states (EC312).

nvcc hands host code to gcc and accepts only the gcc releases its own crt/host_config.h allows:
CUDA 11.8's refuses gcc 12 and later ("#error -- unsupported GNU version! gcc versions later
than 11 are not supported!"). The newest gcc of each toolkit range is data
(compat_data/floors.json ``host_compilers``, each from the toolkit's header).
"""

from __future__ import annotations

from typing import Any, Iterator

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot


def _above(gcc: str, limit: str) -> bool:
    """gcc newer than ``limit`` ("11": any 11.x is fine, 12.1 is not; "4.9": 5.1 is not)."""
    have, top = c.vparse(gcc), c.vparse(limit)
    if have is None or top is None:
        return False
    if "." in limit:
        return (have.major, have.minor) > (top.major, top.minor)
    return have.major > top.major


@check(
    "EC312",
    category="toolkit-mismatch",
    severity="warning",
    title="The host gcc is newer than the CUDA toolkit's nvcc accepts",
    rationale="""
nvcc compiles the host side of every .cu file with the system C++ compiler and refuses gcc
releases newer than its own header allows: "unsupported GNU version! gcc versions later than
11 are not supported!" from CUDA 11.7/11.8, 12 from CUDA 12.0-12.3, 13 from 12.4-12.6, 14 from
12.8/12.9 [S1]. Building a CUDA extension (flash-attn, DeepSpeed ops, a detectron2 or mmcv
source build) then fails before any code is compiled. A warning where the text shows code
being compiled (nvcc may still be pointed at another compiler: -ccbin, CC/CXX); information
elsewhere, since running prebuilt wheels compiles nothing.
[S1] the toolkit's include/crt/host_config.h; compat_data/floors.json "host_compilers" """,
    fix="Build with a gcc the toolkit accepts (`CC=gcc-11 CXX=g++-11`, or `-ccbin g++-11` for "
    "nvcc; conda: `gxx=11`), or install a newer CUDA toolkit that accepts this gcc.",
)
def host_gcc_newer_than_nvcc_accepts(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    gccs = [f for f in c.pasted_evidence(snap).get("host_gccs") or [] if isinstance(f, dict)]
    if not gccs:
        raise c.not_applicable("the text states no host gcc")
    building = any(isinstance(f, dict) for f in c.pasted_evidence(snap).get("cuda_builds") or [])
    toolkits = c.cuda_versions(snap, "toolkits")
    if not toolkits:
        raise SkipCheck("the text states a gcc but not the CUDA toolkit (nvcc --version)")
    judged = False
    for toolkit in toolkits:
        entry = c.ask(matrix, "max_host_gcc", toolkit)
        if entry is None:
            continue
        judged = True
        for gcc in gccs:
            version = str(gcc.get("value"))
            if not _above(version, entry["max_gcc"]):
                continue
            yield spec.finding(
                expected=f"gcc {entry['max_gcc']} or older as nvcc {toolkit}'s host compiler",
                found=f"gcc {version} ({gcc.get('file', '?')}:{gcc.get('line', '?')}) with CUDA "
                f"toolkit {toolkit}",
                # the newest gcc this toolkit takes, not a fixed example: gcc 11 is no help to
                # CUDA 10.0, which accepts gcc 7 at most
                fix=_fix_for(entry["max_gcc"], version),
                # where nothing is being compiled the limit is a hazard, not the failure
                severity="warning" if building else "info",
                evidence={
                    "gcc": version,
                    "toolkit": toolkit,
                    "max_gcc": entry["max_gcc"],
                    "source": entry["source"],
                },
            )
    if not judged:
        raise SkipCheck(
            f"the data holds no host-compiler limit for CUDA {', '.join(toolkits)} (the "
            "toolkit's include/crt/host_config.h states it)"
        )


def _fix_for(max_gcc: str, gcc: str) -> str:
    major = str(max_gcc).split(".")[0]
    return (
        f"Build with gcc {major} or older (`CC=gcc-{major} CXX=g++-{major}`, or `-ccbin "
        f"g++-{major}` for nvcc; conda: `gxx={major}`), or install a newer CUDA toolkit that "
        f"accepts gcc {gcc}."
    )
