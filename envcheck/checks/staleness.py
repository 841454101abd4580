"""EC12x: the host has something newer than the compatibility matrix knows.

Checks that judge a torch build, a CUDA runtime, a driver or a GPU against compat_data skip when
the matrix has no entry for it. When the reason is that the host is newer than the data (a
release after the data date), that is worth saying: the judgement is missing because the data
is old, and `envcheck data info` / a data update is the way out. These are info findings: the
host may be perfectly fine, the matrix just cannot tell.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot

DATA_DOCS = "docs/matrix.md ('Which data is used', 'Updating')"
FIX = (
    "run `envcheck data info` to see the data date; install a newer envcheck or newer data "
    "(`envcheck data update --url ...`) so these checks can judge it"
)
RATIONALE_TAIL = f"""
The finding names the fact and the data date; `envcheck data info` shows which data is in use
and how old each file is ({DATA_DOCS}). Severity info: nothing is known to be wrong."""


def _date(matrix: Any, kind: str) -> str:
    return c.ask(matrix, "file_date", kind) or "unknown"


def _stale(
    spec: CheckSpec, what: str, newest: str, matrix: Any, kind: str, evidence: dict
) -> Finding:
    date = _date(matrix, kind)
    return spec.finding(
        expected=f"a version the matrix knows (newest: {newest}; data from {date})",
        found=f"{what}, newer than anything in compat_data/{kind}.json (data from {date})",
        fix=FIX,
        evidence={**evidence, "matrix_newest": newest, "data_date": date, "data_file": kind},
    )


@check(
    "EC120",
    category="matrix-stale",
    severity="info",
    title="torch newer than the compatibility matrix",
    rationale="""
The installed torch release is newer than every torch release in the matrix, so its CUDA
variants, architecture list, Python range and companion versions are unknown to envcheck and
the checks that need them skip (EC201/EC202 arch coverage, torchvision pairing, driver needs).
PyTorch releases a minor roughly every two to three months; a matrix older than that misses it
(release cadence: https://github.com/pytorch/pytorch/blob/main/RELEASE.md).
"""
    + RATIONALE_TAIL,
    fix=FIX,
)
def torch_newer_than_matrix(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    m = c.need_matrix(matrix)
    version = c.installed(snap).get("torch")
    if not version:
        raise c.not_applicable("torch is not installed")
    have = c.vparse(c.public(version))
    releases = c.ask(m, "torch_releases") or []
    if have is None or not releases:
        raise c.SkipCheck("torch version or the matrix's torch releases unreadable")
    newest = releases[0].version
    if have > c.vparse(newest):
        yield _stale(spec, f"torch {version}", newest, m, "torch", {"torch": version})


def _newest_toolkit(m: Any) -> Optional[str]:
    versions = c.ask(m, "toolkit_versions") or []
    return versions[-1] if versions else None


@check(
    "EC121",
    category="matrix-stale",
    severity="info",
    title="CUDA runtime newer than the compatibility matrix",
    rationale="""
A CUDA runtime in use (a framework's bundled CUDA, a CUDA wheel, a system toolkit) has a
major.minor newer than every toolkit in the matrix, so its minimum driver and the architectures
its nvcc builds for are unknown; the driver checks fall back to the driver's own maximum CUDA
(toolkit/driver table: https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/).
"""
    + RATIONALE_TAIL,
    fix=FIX,
)
def cuda_newer_than_matrix(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    m = c.need_matrix(matrix)
    newest = _newest_toolkit(m)
    if newest is None:
        raise c.SkipCheck("the matrix lists no CUDA toolkits")
    top = c.major_minor(newest)
    found: List[Tuple[str, str, str]] = []
    for rt in c.cuda_runtimes(snap, m):
        mm = c.major_minor(rt.cuda)
        if mm is not None and top is not None and mm > top:
            found.append((rt.who, rt.cuda, rt.source))
    tk = c.build_toolkit(snap)
    tk_version = getattr(tk, "version", None) if tk is not None else None
    if isinstance(tk_version, str):
        mm = c.major_minor(tk_version)
        if mm is not None and top is not None and mm > top:
            found.append(("the system CUDA toolkit", tk_version, "nvcc / version.json"))
    if not found and not c.installed(snap) and tk is None:
        raise c.SkipCheck("no CUDA runtime facts (packages and toolkit unknown)")
    seen = set()
    for who, cuda, source in found:
        if (who, cuda) in seen:
            continue
        seen.add((who, cuda))
        yield _stale(
            spec, f"CUDA {cuda} ({who})", newest, m, "cuda", {"cuda": cuda, "source": source}
        )


def _driver_branches(m: Any) -> List[int]:
    """Every driver branch the matrix names: toolkit minimums and published branches.
    Read once per matrix (fleet asks for every node: 0.8 ms each)."""
    doc = c.ask(m, "doc", "cuda") or {}
    cached = _BRANCHES.get(id(doc))
    if cached is not None and cached[0] is doc:
        return cached[1]
    out = _read_driver_branches(doc)
    _BRANCHES.clear()  # one matrix at a time; the doc is kept alive by the entry itself
    _BRANCHES[id(doc)] = (doc, out)
    return out


_BRANCHES: Dict[int, Tuple[Any, List[int]]] = {}


def _read_driver_branches(doc: Dict[str, Any]) -> List[int]:
    out = []
    for row in list(doc.get("toolkits") or []) + list(doc.get("minor_compat") or []):
        for d in (row.get("min_driver") or {}).values():
            mm = c.major_minor(d) if isinstance(d, str) else None
            if mm is not None:
                out.append(mm[0])
            elif isinstance(d, str) and d.isdigit():
                out.append(int(d))
        for key in ("driver_branch", "min_branch"):
            if isinstance(row.get(key), int):
                out.append(row[key])
    return out


@check(
    "EC122",
    category="matrix-stale",
    severity="info",
    title="Driver branch newer than the compatibility matrix",
    rationale="""
The NVIDIA driver belongs to a branch (its first number, R620 for 620.x) newer than every driver
the matrix names, so the matrix does not know which CUDA release that branch was made for; the
highest CUDA it runs is at least the newest in the matrix. The driver's own report (nvidia-smi
"CUDA Version") is the better guide until the data is updated (driver branches per CUDA
release: https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/).
"""
    + RATIONALE_TAIL,
    fix=FIX,
)
def driver_newer_than_matrix(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    m = c.need_matrix(matrix)
    version = c.driver_version(snap)
    mm = c.major_minor(version)
    branches = _driver_branches(m)
    if mm is None or not branches:
        raise c.SkipCheck("driver version or the matrix's driver branches unreadable")
    newest = max(branches)
    if mm[0] > newest:
        yield _stale(
            spec, f"driver {version} (R{mm[0]})", f"R{newest}", m, "cuda", {"driver": version}
        )


@check(
    "EC123",
    category="matrix-stale",
    severity="info",
    title="GPU model not in the compatibility matrix",
    rationale="""
The GPU's name (as NVML reports it) matches no entry of the matrix's GPU list, so its datasheet
peaks are unknown and, where the probe did not report a compute capability, so is its
architecture: the kernel-coverage checks then skip for it. New GPU models appear after the data
date; a GPU the matrix never listed is reported the same way (NVIDIA's list:
https://developer.nvidia.com/cuda-gpus).
"""
    + RATIONALE_TAIL,
    fix=FIX,
)
def gpu_not_in_matrix(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    m = c.need_matrix(matrix)
    gpus = c.gpus(snap)
    if not gpus:
        raise c.not_applicable("no NVIDIA GPUs")
    seen = set()
    for gpu in gpus:
        name = gpu.name if isinstance(gpu.name, str) else None
        if not name or name in seen:
            continue
        seen.add(name)
        level, found = c.ask(m, "gpu_candidates", name) or ("none", [])
        if found:
            continue
        cc = gpu.compute_capability if isinstance(gpu.compute_capability, str) else None
        date = _date(m, "gpus")
        yield spec.finding(
            expected=f"a GPU model in compat_data/gpus.json (data from {date})",
            found=f"GPU {gpu.index} {name!r}"
            + (f" (compute capability {cc})" if cc else " (compute capability unknown)")
            + f" is not in the matrix (data from {date})",
            fix=FIX,
            gpu=gpu.index,
            evidence={"gpu": name, "compute_capability": cc, "data_date": date,
                      "data_file": "gpus"},
        )  # fmt: skip
