"""Round 14: messages whose meaning the vendors document (CUDA runtime/driver error strings and
enum names, NVML return codes, the cuBLAS/cuDNN ARCH_MISMATCH status, MPS, vGPU licensing) and
common ones from the tools around them (Docker, Slurm, the kernel's OOM killer, TLS, Keras 3).
Each is read as its cause, and the near misses that do not say it stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

ERRORLOG = [f"EC9{n:02d}" for n in range(1, 21)]  # the error-log checks, one per category


@pytest.mark.parametrize(
    "line, pattern",
    [
        # cudaErrorNvlinkUncorrectable (220), as the runtime prints it and by name
        (
            "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
            "nvlink-uncorrectable",
        ),
        ("CUDA_ERROR_NVLINK_UNCORRECTABLE", "nvlink-uncorrectable"),
        # cudaErrorECCUncorrectable (214) by its driver-API name
        ("cuCtxSynchronize failed: CUDA_ERROR_ECC_UNCORRECTABLE", "xid-ecc"),
        ("pynvml.NVMLError_GPUIsLost: GPU is lost", "gpu-lost"),
        # cudaErrorCallRequiresNewerDriver (36)
        (
            "RuntimeError: CUDA error: API call requires a newer CUDA driver",
            "call-requires-newer-driver",
        ),
        ("cudaMallocAsync failed: cudaErrorCallRequiresNewerDriver", "call-requires-newer-driver"),
        # cudaErrorJitCompilerNotFound (221)
        (
            "RuntimeError: CUDA error: PTX JIT compiler library not found",
            "ptx-jit-compiler-missing",
        ),
        ("NVML Shared Library Not Found", "nvml-library-not-found"),
        ("pynvml.NVMLError_DriverNotLoaded: Driver Not Loaded", "found-no-nvidia-driver"),
        ("RuntimeError: cuDNN error: CUDNN_STATUS_ARCH_MISMATCH", "library-arch-mismatch"),
        (
            "CUBLAS_STATUS_ARCH_MISMATCH when calling `cublasGemmEx( handle, opa, opb, m, n, k)`",
            "library-arch-mismatch",
        ),
        ("XLA requires ptxas version 11.8 or higher", "xla-ptxas-too-old"),
        (
            "RuntimeError: CUDA error: MPS client failed to connect to the MPS control daemon or the "
            "MPS server",
            "mps-connection-failed",
        ),
        ("RuntimeError: CUDA error: device doesn't have valid Grid license", "device-not-licensed"),
        ("docker: unknown flag: --gpus", "docker-without-gpus-flag"),
        (
            "CudaSupportError: Error at driver init: CUDA driver library cannot be found.",
            "numba-no-driver-library",
        ),
        (
            "srun: error: Unable to allocate resources: Requested node configuration is not "
            "available",
            "slurm-no-such-node-configuration",
        ),
        (
            "[ 9999.1] Out of memory: Killed process 1234 (python) total-vm:81234kB",
            "kernel-oom-killer",
        ),
        ("OSError: [Errno 30] Read-only file system: '/data/ckpt'", "read-only-filesystem"),
        (
            "ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify "
            "failed: unable to get local issuer certificate",
            "tls-certificate-verify-failed",
        ),
        (
            "ValueError: A KerasTensor cannot be used as input to a TensorFlow function.",
            "keras3-kerastensor-in-tf-function",
        ),
        ("NCCL WARN Call to posix_fallocate failed : No space left on device", "no-space-shm"),
    ],
)
def test_documented_message_is_read_as_its_cause(line: str, pattern: str) -> None:
    assert pats(line + "\n")[:1] == [pattern]


@pytest.mark.parametrize(
    "line, pattern",
    [
        # the same words without the failure
        ("nvidia-smi nvlink -e shows no uncorrectable NVLink errors", "nvlink-uncorrectable"),
        ("Persistence-M: On, MIG M. N/A, Volatile Uncorr. ECC 0", "xid-ecc"),
        (
            "we upgraded the driver because cuMemPool APIs need a newer driver",
            "call-requires-newer-driver",
        ),
        (
            "libnvidia-ptxjitcompiler.so.1 -> libnvidia-ptxjitcompiler.so.550.54.15",
            "ptx-jit-compiler-missing",
        ),
        ("CUBLAS_STATUS_NOT_SUPPORTED", "library-arch-mismatch"),
        ("nvidia-cuda-mps-control -d started; clients connect fine", "mps-connection-failed"),
        ("License Status : Licensed (Expiry: 2027-1-1 0:0:0 GMT)", "device-not-licensed"),
        ("docker run --gpus all nvidia/cuda:12.4.1-base nvidia-smi", "docker-without-gpus-flag"),
        (
            "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
            "kernel-oom-killer",
        ),
        (
            "mount -o ro /dev/sdb1 /mnt/dataset  # the dataset is read-only on purpose",
            "read-only-filesystem",
        ),
        ("pip install --cert /etc/ssl/corp.pem torch", "tls-certificate-verify-failed"),
        ("x = keras.Input(shape=(3,))  # a KerasTensor", "keras3-kerastensor-in-tf-function"),
    ],
)
def test_near_miss_stays_silent(line: str, pattern: str) -> None:
    assert pattern not in pats(line + "\n")


def test_jax_names_the_library_not_the_missing_gpu() -> None:
    line = (
        "RuntimeError: Unable to initialize backend 'cuda': FAILED_PRECONDITION: No visible GPU "
        "devices. Found cuDNN version 8600, but JAX was built against version 8900, which is "
        "newer.\n"
    )
    assert pats(line) == ["cudnn-version-mismatch"]
    # without the library line, the missing GPU is what JAX says
    assert pats(
        "jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: No visible GPU devices.\n"
    ) == ["jax-no-visible-gpu"]


def test_arch_mismatch_is_the_gpu_not_the_library_version(tmp_path: Path) -> None:
    text = "RuntimeError: cuDNN error: CUDNN_STATUS_ARCH_MISMATCH\n"
    assert judge(tmp_path, text, ERRORLOG) == [("EC901", "gpu-arch-unsupported", "error")]
    # other statuses keep their library reading
    other = "RuntimeError: cuDNN error: CUDNN_STATUS_EXECUTION_FAILED\n"
    assert pats(other) == ["cudnn-status"]
