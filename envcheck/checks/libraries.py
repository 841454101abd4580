"""GPU libraries whose prebuilt binaries need a newer GPU than the one present (EC206).

The floors are data (compat_data/floors.json ``libraries``, each with the library's own
documentation as its source), not code: vLLM's kernels need compute capability 7.0,
FlashAttention-2's 8.0.
"""

from __future__ import annotations

from typing import Any, Iterator

from envcheck.checks import _common as c
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
/ P40) [S1], FlashAttention-2 needs Ampere (8.0) or newer [S2]. On an older GPU they fail with
"no kernel image is available", "FlashAttention only supports Ampere GPUs or newer", or refuse
to start. The floors, with their sources, are in compat_data/floors.json ("libraries"). A
library that is installed is not always used (transformers uses FlashAttention only when asked):
such floors are warnings.
[S1] https://docs.vllm.ai/en/v0.14.0/getting_started/installation/gpu/
[S2] https://github.com/Dao-AILab/flash-attention""",
    fix="Run the library on a GPU at or above its floor, or use an alternative that supports "
    "this GPU (llama.cpp / GGUF instead of vLLM on Pascal; attn_implementation='sdpa' instead "
    "of FlashAttention-2).",
)
def library_needs_newer_gpu(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    floors = [
        (name, version, floor)
        for name, version in sorted(pkgs.items())
        for floor in (c.ask(matrix, "library_floors", name, version) or [])
    ]
    if not floors:
        raise c.not_applicable("no installed library with a GPU floor in the data")
    gpus = c.gpus(snap)
    judged = False
    for name, version, floor in floors:
        for gpu in gpus:
            cc = c.gpu_cc(gpu, matrix)
            if cc is None:
                continue
            judged = True
            if c.vparse(cc) < c.vparse(floor["min_cc"]):
                yield spec.finding(
                    expected=f"a GPU of compute capability >= {floor['min_cc']} for {name}",
                    found=f"{name} {version} is installed; {c.gpu_label(gpu)} is compute "
                    f"capability {cc}",
                    severity=floor["severity"],
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
