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
PREFIXES = ("NCCL_", "CUDA_", "CUBLAS_", "CUDNN_", "PYTORCH_", "TORCH_", "XLA_", "JAX_")
# TensorFlow's variables, not all of TF_*: Terraform owns TF_LOG, TF_INPUT, TF_VAR_<name>,
# TF_CLI_ARGS(_<cmd>), TF_DATA_DIR, TF_WORKSPACE, TF_IN_AUTOMATION, TF_TOKEN_<host>, ...
# (https://developer.hashicorp.com/terraform/cli/config/environment-variables, read 2026-12-02)
# and they say nothing about a GPU job. TensorFlow's own families: TF_CPP_MIN_LOG_LEVEL /
# TF_CPP_MAX_VLOG_LEVEL / TF_CPP_VMODULE, TF_FORCE_GPU_ALLOW_GROWTH, TF_GPU_ALLOCATOR,
# TF_GPU_THREAD_MODE, TF_GPU_HOST_MEM_LIMIT_IN_MB, TF_XLA_FLAGS, TF_ENABLE_ONEDNN_OPTS,
# TF_DETERMINISTIC_OPS, TF_CUDNN_DETERMINISTIC, TF_USE_CUDNN_*, TF_NUM_INTEROP_THREADS,
# TF_CONFIG (https://www.tensorflow.org/guide/gpu, https://www.tensorflow.org/guide/
# gpu_performance_analysis, https://www.tensorflow.org/guide/distributed_training, read
# 2026-12-02).
TENSORFLOW_PREFIXES = (
    "TF_CPP_",
    "TF_GPU_",
    "TF_CUDA_",
    "TF_CUDNN_",
    "TF_XLA_",
    "TF_ENABLE_",
    "TF_FORCE_",
    "TF_DISABLE_",
    "TF_NUM_",
    "TF_DETERMINISTIC_",
    "TF_USE_",
    "TF_ONEDNN_",
    "TF_MKL_",
)
TENSORFLOW_EXACT = frozenset({"TF_CONFIG", "TF2_BEHAVIOR"})
# Names that look like secrets are never recorded, whatever their prefix.
_SECRET = re.compile(r"(TOKEN|SECRET|PASSWORD|PASSWD|API_KEY|CREDENTIAL)", re.IGNORECASE)


def relevant(name: str) -> bool:
    if _SECRET.search(name):
        return False
    return (
        name in EXACT
        or name in TENSORFLOW_EXACT
        or name.startswith(PREFIXES)
        or name.startswith(TENSORFLOW_PREFIXES)
    )


def probe(ctx: ProbeContext) -> Dict[str, str]:
    return {k: v for k, v in sorted(os.environ.items()) if relevant(k)}
