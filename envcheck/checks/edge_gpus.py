"""A GPU at the edge of what framework builds carry kernels for, named in pasted text that does
not say which build runs on it (EC215).

People paste "RTX 5090, every generation fails" or "Tesla K80 on our cluster, hoomd says no
CUDA devices": the GPU, the failure, and no version. Whether the build has kernels for that GPU
is then unknown, and unknown is not good: for most GPUs the odds are with the user, but for a
GPU whose architecture many builds in circulation lack (too new for the builds made before its
toolkit, or dropped by the newest ones) the missing kernels are the likely cause. The check says
so as a warning, names the builds that do carry the kernels (from compat_data/torch.json, whose
per-wheel arch lists are sourced), and gives the command that would settle it.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot

# Packages whose stated version lets the framework checks (EC201/EC202/EC205 ...) judge the
# build themselves: then this advisory has nothing to add.
_FRAMEWORKS = ("torch", "tensorflow", "tensorflow-gpu", "jax", "jaxlib", "paddlepaddle-gpu")
ARCH_PROBE = (
    'python -c "import torch; print(torch.__version__, torch.version.cuda, '
    'torch.cuda.get_arch_list())"'
)


@check(
    "EC215",
    category="gpu-arch-unsupported",
    severity="warning",
    title="GPU that many framework builds have no kernels for, build not stated",
    rationale="""
A prebuilt framework wheel carries machine code (cubins) for a fixed list of GPU architectures.
A GPU outside that list fails with "no kernel image is available", "operation not supported",
or a framework that finds no usable GPU. Two kinds of GPU fall outside the lists of many builds
in circulation: new architectures, which no build made before their first toolkit carries
(Blackwell sm_100 / sm_120 need CUDA 12.8: PyTorch's default wheels from 2.8, or the cu128
wheels of 2.7) [S1], and old ones that the newest builds dropped (Kepler after CUDA 11 [S2];
PyTorch's cu128 default wheels of 2.8 carry nothing below sm_70, its cu130 wheels nothing below
sm_75) [S3]. When pasted text names such a GPU and says nothing about the build, envcheck
cannot judge the build, and says which builds carry the GPU's kernels and how to print the
installed one's list. The arch lists are compat_data/torch.json's.
[S1] https://docs.nvidia.com/datacenter/tesla/drivers/cuda-toolkit-driver-and-architecture-matrix.html
[S2] https://docs.nvidia.com/datacenter/tesla/drivers/cuda-toolkit-driver-and-architecture-matrix.html
[S3] https://download.pytorch.org/whl/torch/""",
    fix="Print the build's arch list (python -c \"import torch; print(torch.__version__, "
    "torch.version.cuda, torch.cuda.get_arch_list())\"); if the GPU's sm_XY is not in it, "
    "install a build that carries it (`envcheck matrix recommend --gpu NAME`).",
)
def edge_gpu_build_unstated(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    if not c.from_report(snap):
        raise c.not_applicable("the live host's build is read, not guessed")
    c.need_matrix(matrix)
    stated = [n for n in _FRAMEWORKS if c.vparse(snap.installed().get(n))]
    if stated or c.cuda_runtimes(snap, matrix):
        raise c.not_applicable(
            "the text states the framework build ("
            + ", ".join(stated or ["a CUDA runtime"])
            + "): the framework checks judge it"
        )
    if _arch_message_seen(snap):
        raise c.not_applicable("an error message in the text already says the build lacks kernels")
    dp = c.deep(snap, "torch")
    if dp is not None and isinstance(dp.arch_list, list) and dp.arch_list:
        # `torch.cuda.get_arch_list()` pasted without the version: the build is stated after
        # all, and EC201/EC202 judge its list (this check would recommend a build the list may
        # already be: sm_121 beside a list with sm_120)
        raise c.not_applicable("the text states the torch build's arch list: EC201/EC202 judge it")
    for gpu, ccs in c.gpus_with_cc_choices(snap, matrix):
        # a name sold on two GPUs (a Fermi and a Kepler GT 730) is judged only when every one
        # of them is at the edge; the newest of them names the builds
        edges = [_edge(matrix, cc) for cc in ccs]
        if any(e is None for e in edges):
            continue
        cc = ccs[-1]
        why, carry = edges[-1]
        yield spec.finding(
            expected=f"a build with kernels for sm_{cc.replace('.', '')}: {carry}",
            found=f"{c.gpu_label(gpu)} is compute capability {c.cc_choices_text(ccs)}, {why}; "
            "the text does not say which build runs on it",
            fix=f"print the installed build's arch list: {ARCH_PROBE}; if "
            f"sm_{cc.replace('.', '')} is not in it, install {carry}",
            evidence={"compute_capability": cc, "why": why, "builds_with_kernels": carry},
            gpu=gpu.index,
        )


def _arch_message_seen(snap: Snapshot) -> bool:
    log = snap.error_log
    if not isinstance(log, list) or not log:
        return False
    from envcheck.importers.errorlog import pattern

    for e in log:
        p = pattern(e.get("pattern", "")) if isinstance(e, dict) else None
        if p is not None and p.category == "gpu-arch-unsupported":
            return True
    return False


def _edge(matrix: Any, cc: str) -> Optional[Tuple[str, str]]:
    """(why the GPU is at the edge, which builds carry its kernels), or None when most PyTorch
    releases' default wheels in the data carry them."""
    releases = [
        (r, d)
        for r in (c.ask(matrix, "torch_releases") or [])
        for d in [r.variant(r.pypi_default) if r.pypi_default else None]
        if d is not None and d.arch_list is not None
    ]  # newest first
    if not releases:
        return None
    runs = [(r, d, d.runs_on(cc)) for r, d in releases]
    with_kernels = [(r, d) for r, d, ok in runs if ok]
    if len(with_kernels) * 2 >= len(runs):
        # most releases' default wheels carry it: a GPU the newest ones only begin to drop
        # (Maxwell, Pascal, Volta in 2026) still runs the builds most pastes come from
        return None
    newest_r, newest_d, newest_ok = runs[0]
    sm = f"sm_{cc.replace('.', '')}"
    share = f"{len(runs) - len(with_kernels)} of the {len(runs)} releases in the matrix"
    if not newest_ok:
        why = (
            f"and PyTorch's default wheels have no kernels for {sm} ({share}, the newest "
            f"{newest_r.version} {newest_d.tag} included)"
        )
        carry = _variant_with(matrix, cc, newest=True)
        return why, carry or f"a build made for {sm}: no PyTorch wheel in the matrix carries it"
    oldest_r, oldest_d = with_kernels[-1]
    why = (
        f"and PyTorch's default wheels before {oldest_r.version} have no kernels for {sm} ({share})"
    )
    carry = _variant_with(matrix, cc, newest=False) or f"torch {oldest_r.version} ({oldest_d.tag})"
    return why, carry


def _variant_with(matrix: Any, cc: str, newest: bool) -> Optional[str]:
    """The newest (or oldest) PyTorch CUDA wheel in the data with kernels for ``cc``, said as
    the end of the range that carries them, with its pip command."""
    found = [
        (r, v)
        for r in (c.ask(matrix, "torch_releases") or [])
        for v in r.variants
        if v.cuda and v.arch_list is not None and v.runs_on(cc)
    ]  # newest release first
    if not found:
        return None
    r, v = found[0] if newest else found[-1]
    side = "or older" if newest else "or newer"
    return f"torch {r.version} ({v.tag}) {side}, e.g. {_pip(r.version, v)}"


def _pip(version: str, variant: Any) -> str:
    if variant.index_url:
        return f"`pip install torch=={version} --index-url {variant.index_url}`"
    return f"`pip install torch=={version}`"
