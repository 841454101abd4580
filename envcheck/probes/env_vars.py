"""Environment variables that change how GPU jobs behave (values kept verbatim)."""

from __future__ import annotations

import os
import re
from typing import Dict

from envcheck.probes.base import ProbeContext

EXACT = frozenset(
    {
        "CUDA_VISIBLE_DEVICES",
        "NVIDIA_VISIBLE_DEVICES",
        "NVIDIA_DRIVER_CAPABILITIES",
        "NVIDIA_REQUIRE_CUDA",
        "LD_LIBRARY_PATH",
        "LD_PRELOAD",
        "PATH",
        "CUDA_HOME",
        "CUDA_PATH",
        "CUDNN_PATH",
        "OMP_NUM_THREADS",
        "MKL_NUM_THREADS",
        "OPENBLAS_NUM_THREADS",
        "HIP_VISIBLE_DEVICES",
        "ROCR_VISIBLE_DEVICES",
        "JAX_PLATFORMS",
        "MASTER_ADDR",
        "MASTER_PORT",
        "WORLD_SIZE",
        "LOCAL_RANK",
        "RANK",
        "VIRTUAL_ENV",
        "CONDA_PREFIX",
        "CONDA_DEFAULT_ENV",
        "SLURM_JOB_ID",
        "SLURM_JOB_GPUS",
        "SLURM_STEP_GPUS",
        "KUBERNETES_SERVICE_HOST",
    }
)
PREFIXES = ("NCCL_", "CUDA_", "CUBLAS_", "CUDNN_", "PYTORCH_", "TORCH_", "TF_", "XLA_", "JAX_")
# Names that look like secrets are never recorded, whatever their prefix.
_SECRET = re.compile(r"(TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|CREDENTIAL)", re.IGNORECASE)


def relevant(name: str) -> bool:
    if _SECRET.search(name):
        return False
    return name in EXACT or name.startswith(PREFIXES)


def probe(ctx: ProbeContext) -> Dict[str, str]:
    return {k: v for k, v in sorted(os.environ.items()) if relevant(k)}
