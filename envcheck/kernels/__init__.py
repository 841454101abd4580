"""GPU verification (``envcheck verify --kernels quick|full``): prove the GPUs compute correctly
and at the expected speed, inside the user's own framework, within a time budget.

Backends (``backend="auto"`` picks the first that can see CUDA): ``torch`` (torch_backend.py),
``cupy`` (cupy_backend.py), ``cuda-driver`` (cuda_driver.py: ctypes on libcuda.so.1 with a PTX
kernel shipped as text). Each GPU is tested in its own worker process (worker.py) so a hung or
failing GPU is reported while the others are still tested; the multi-GPU tests (peer access and
a checked NCCL all-reduce) are in multi.py; sizes and test order in suite.py; tolerances and
their justification in tolerance.py. The check family ``envcheck/checks/kernels.py`` turns the
results into ``kernel-failure`` / ``performance-degraded`` findings.

This module stays light: nothing heavy is imported until ``run`` is called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Union

if TYPE_CHECKING:
    from envcheck.snapshot import KernelTestResult, Snapshot


def run(
    snapshot: Optional[Snapshot],
    mode: str = "quick",
    gpus: Union[None, str, Sequence[int]] = None,
    backend: str = "auto",
    budget_s: Optional[float] = 60.0,
    policy: Any = None,
    matrix: Any = None,
    device: Optional[str] = None,
    progress: Any = None,
) -> List[KernelTestResult]:
    """Run the GPU tests and return one ``KernelTestResult`` per (GPU, test).

    mode: "quick" (a few seconds per GPU) or "full" (longer memory test, steady-state
    throughput). gpus: NVML indices (``[0, 2]`` or ``"0,2"``), None for all. backend: "auto",
    "torch", "cupy" or "cuda-driver". budget_s: total seconds, never exceeded (None: the
    policy's ``[kernels] budget_s``, default 60). policy: reads ``policy.kernels`` (min_ratio,
    memtest_fraction, budget_s). matrix: datasheet peaks via ``matrix.gpu(name)`` (None: the
    bundled matrix if it loads). device: "cpu" runs the harness on torch's CPU build (tests).
    progress: None (rich on a terminal, plain lines on stderr otherwise), "plain", "rich",
    False/"quiet", or a callable receiving event dicts.

    Tests not run are reported with ``passed=None`` and the reason (e.g. "budget exhausted").
    Bad arguments raise ``envcheck.errors.InputError``; nothing else is raised.
    """
    import os

    from envcheck.errors import EnvcheckError
    from envcheck.kernels.harness import run as _run
    from envcheck.snapshot import KernelTestResult

    try:
        return _run(
            snapshot,
            mode=mode,
            gpus=gpus,
            backend=backend,
            budget_s=budget_s,
            policy=policy,
            matrix=matrix,
            device=device,
            progress=progress,
        )
    except EnvcheckError:
        raise
    except Exception as exc:  # never a traceback: the failure becomes a result (EC802)
        if os.environ.get("ENVCHECK_DEBUG"):
            raise
        return [
            KernelTestResult(
                gpu=None,
                test="init",
                backend=backend,
                passed=False,
                detail=f"the GPU test harness failed: {type(exc).__name__}: {exc}",
                evidence={"failure": "error"},
            )
        ]
