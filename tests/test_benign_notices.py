"""Notices that healthy GPU jobs print, as these tools word them: none may give an error, and
none but XLA's "driver older than ptxas" (which asks for a driver update itself) a warning.
A false error on a healthy control is the one result issue 10 allows none of."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import snap_of

from envcheck.checks import registry

NOTICES = {
    "tf-trt": "W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not "
    "find TensorRT",
    "tf-nvinfer": "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
    "dynamic library 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object "
    "file: No such file or directory\n"
    "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1525] Created device /job:localhost/"
    "replica:0/task:0/device:GPU:0 with 22302 MB memory:  -> device: 0, name: NVIDIA GeForce "
    "RTX 3090, pci bus id: 0000:01:00.0, compute capability: 8.6",
    "tf-factory": "E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to "
    "register cuDNN factory: Attempting to register factory for plugin cuDNN when one has "
    "already been registered",
    "tf-numa": "I tensorflow/compiler/xla/stream_executor/cuda/cuda_gpu_executor.cc:981] "
    "successful NUMA node read from SysFS had negative value (-1), but there must be at least "
    "one NUMA node, so returning NUMA node zero",
    "tf-cpu-opt": "I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary "
    "is optimized to use available CPU instructions in performance-critical operations.",
    "tf-cudnn-loaded": "I tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:442] Loaded "
    "cuDNN version 8600",
    "torch-typedstorage": "UserWarning: TypedStorage is deprecated. It will be removed in the "
    "future and UntypedStorage will be the only storage class.",
    "torch-nccl-async": "UserWarning: NCCL_ASYNC_ERROR_HANDLING is deprecated, use "
    "TORCH_NCCL_ASYNC_ERROR_HANDLING instead",
    "torch-tf32": "UserWarning: TensorFloat32 tensor cores for float32 matrix multiplication "
    "available but not enabled.",
    "torch-destroy-pg": "[rank0]:[W1201 10:00:00.123 ProcessGroupNCCL.cpp:1250] Warning: "
    "WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL.",
    "nccl-info": "node1:1234:1234 [0] NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open "
    "shared object file: No such file or directory No plugin found (libnccl-net.so), using "
    "internal implementation\nnode1:1234:1290 [0] NCCL INFO NET/IB : No device found.\n"
    "node1:1234:1290 [0] NCCL INFO Using network Socket",
    "nccl-plugin": "NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network "
    "plugin.",
    "hf-tokenizers-fork": "huggingface/tokenizers: The current process just got forked, after "
    "parallelism has already been used. Disabling parallelism to avoid deadlocks...",
    "bnb-setup": "CUDA SETUP: CUDA runtime path found: /usr/local/cuda/lib64/libcudart.so\n"
    "CUDA SETUP: Highest compute capability among GPUs detected: 8.6\n"
    "CUDA SETUP: Detected CUDA version 118",
    "xformers-no-triton": "A matching Triton is not available, some optimizations will not be "
    "enabled.\nError caught was: No module named 'triton'",
    "deepspeed-async-io": "[WARNING]  async_io requires the dev libaio .so object and headers "
    "but these were not found.\n[WARNING]  async_io: please install the libaio-dev package with "
    "apt",
    "lightning": "GPU available: True (cuda), used: True\nTPU available: False, using: 0 TPU "
    "cores\nLOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1]",
    "dataloader-workers": "UserWarning: This DataLoader will create 16 worker processes in "
    "total. Our suggested max number of worker in current system is 8, which is smaller than "
    "what this DataLoader is going to create.",
    "onednn": "I tensorflow/core/util/port.cc:113] oneDNN custom operations are on. You may see "
    "slightly different numerical results due to floating-point round-off errors.",
    "sdpa-no-flash": "UserWarning: 1Torch was not compiled with flash attention. (Triggered "
    "internally at ../aten/src/ATen/native/transformers/cuda/sdp_utils.cpp:263.)",
}


@pytest.mark.parametrize("name", sorted(NOTICES))
def test_a_healthy_notice_is_no_finding(tmp_path: Path, name: str) -> None:
    snap = snap_of(tmp_path, NOTICES[name] + "\n")
    findings = registry.run_checks(snap, None, None).findings
    assert [f.code for f in findings if f.severity in ("error", "warning")] == []
