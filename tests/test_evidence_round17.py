"""Round seventeen (heldout28's tuning): the NGC entrypoint's message for a GPU newer than the
container, PhysX's driver API check, JAX's cuSolver internal error, and a Python ceiling said
without the word "Python" beside it. Each with the message as real reports print it and its
near misses."""

from __future__ import annotations

from pathlib import Path
from typing import List

import pytest
from evidence_support import judge, pats

from envcheck.compat import load_matrix
from envcheck.importers.extract.floors import python_range_in


@pytest.mark.parametrize(
    "text, want",
    [
        (
            "WARNING: Detected NVIDIA NVIDIA GeForce RTX 4090 GPU, which is not yet supported in "
            "this version of the container\n",
            ["container-gpu-not-yet-supported"],
        ),
        (
            "ERROR: No supported GPU(s) detected to run this container\n",
            ["container-gpu-not-yet-supported"],
        ),
        # the older GPU's wording keeps its own pattern
        (
            "ERROR: Detected NVIDIA Tesla K40m GPU, which is not supported by this container\n",
            ["container-gpu-not-supported"],
        ),
        (
            "warning : CUDA driver version is 11020, expected at least 11040.\n",
            ["driver-api-below-expected"],
        ),
        (
            "jaxlib._jax.XlaRuntimeError: INTERNAL: cuSolver internal error\n",
            ["xla-cusolver-internal-error"],
        ),
        ("Training examples fail - cuSolver internal error\n", ["xla-cusolver-internal-error"]),
    ],
)
def test_round17_messages(text: str, want: List[str]) -> None:
    assert pats(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "This container supports the detected GPU\n",
        "CUDA driver version is 12020\n",  # a number alone says nothing is missing
        "expected at least 2 GPUs, found 1\n",
        "cuSolver handle created in 3 ms\n",
    ],
)
def test_round17_near_misses(text: str) -> None:
    assert not {
        "container-gpu-not-yet-supported",
        "driver-api-below-expected",
        "xla-cusolver-internal-error",
    } & set(pats(text))


def test_the_ngc_message_is_an_arch_error(tmp_path: Path) -> None:
    text = (
        "WARNING: Detected NVIDIA NVIDIA GeForce RTX 4060 Laptop GPU GPU, which is not yet "
        "supported in this version of the container\n"
        "ERROR: No supported GPU(s) detected to run this container\n"
    )
    assert ("EC901", "gpu-arch-unsupported", "error") in judge(
        tmp_path, text, ["EC901"], load_matrix()
    )


@pytest.mark.parametrize(
    "line, want",
    [
        ("the gym only supports up to 3.8, while you're using Python 3.9", ",3.9"),
        ("Python: this tool only supports up to 3.10", ",3.11"),
        # a patch version, or "and"/"or" after it, is not a ceiling of the Python
        ("python: it only supports up to 3.8.10 of the tool", None),
        ("Python 3.9: the lib only supports up to 3.10 and 3.11", None),
        ("it only supports up to 3.8", None),  # no Python in the line: no reader
    ],
)
def test_python_ceiling_without_the_word_beside_it(line: str, want: object) -> None:
    assert python_range_in(line) == want


# ---- heldout29's tuning


def _facts(text: str) -> List[tuple]:
    from envcheck.importers.extract import text_facts

    return [(f.key, f.value) for f in text_facts(text, "paste.txt")]


@pytest.mark.parametrize(
    "text, want",
    [
        ("GPU Type: RTX4070\n", ("gpu.name", "RTX4070")),
        ("GPU:3090\n", ("gpu.name", "RTX 3090")),
        ("GPU: 1080 Ti\n", ("gpu.name", "GTX 1080 Ti")),
        ("CUDA Version: cuda_11.0.2_451.48_win10\n", ("nvcc", "11.0")),
        ("installed cuda_12.1.0_530.30.02_linux.run\n", ("nvcc", "12.1")),
    ],
)
def test_round17_facts(text: str, want: tuple) -> None:
    assert want in _facts(text)


@pytest.mark.parametrize(
    "text, key",
    [
        ("GPU: 3090 MHz boost\n", "gpu.name"),  # a clock, not a model
        ("GPU clock: 3090\n", "gpu.name"),
        ("see cuda_11.0 notes\n", "nvcc"),  # no installer name without its driver and OS
    ],
)
def test_round17_fact_near_misses(text: str, key: str) -> None:
    assert key not in [k for k, _ in _facts(text)]


@pytest.mark.parametrize(
    "text, hit",
    [
        ("ERROR: InitError: cudart.cudaDeviceReset error 35\n", True),
        ("cudaGetDeviceCount error: 35\n", True),
        ("cudaMalloc error 350\n", False),
    ],
)
def test_a_runtime_call_with_error_35(text: str, hit: bool) -> None:
    assert ("driver-insufficient" in pats(text)) is hit


# ---- heldout30's tuning


@pytest.mark.parametrize(
    "text, want",
    [
        (
            "src/Cell.cpp:78:64: error: too few arguments to function 'cudnnStatus_t "
            "cudnnSetConvolution2dDescriptor(cudnnConvolutionDescriptor_t, int, int)'\n",
            ["cudnn-api-arity"],
        ),
        (
            # nvcc names no function: a cuDNN call named within ten lines says which API
            "lenet.cu(438): error: too few arguments in function call\n"
            "I am using cudnn 6 with CUDA 8.\n"
            "the parameters of cudnnSetConvolution2dDescriptor changed in version 6\n",
            ["cudnn-api-arity"],
        ),
        (
            "error, for getOutput func cudaMemcpy(...), error unspecified launch failure\n"
            "I recently woke up the computer and resumed the process\n",
            ["launch-failure-after-suspend"],
        ),
        (
            "RuntimeError: CUDA error: an illegal memory access was encountered\n"
            "it happens every time after resuming from suspend\n",
            ["launch-failure-after-suspend"],
        ),
    ],
)
def test_round17_heldout30_messages(text: str, want: List[str]) -> None:
    assert pats(text) == want


@pytest.mark.parametrize(
    "text, absent",
    [
        # an argument-count error with no cuDNN function near it is the program's own bug
        ("main.cu(12): error: too few arguments in function call\n", "cudnn-api-arity"),
        (
            "main.cu(12): error: too few arguments in function call\n"
            + "x\n" * 15
            + "cudnnCreate(&h);\n",
            "cudnn-api-arity",
        ),
        # a launch failure without a suspend in the text stays a kernel failure
        ("error unspecified launch failure\nthe job was resumed from a checkpoint\n", None),
    ],
)
def test_round17_heldout30_near_misses(text: str, absent: object) -> None:
    found = pats(text)
    assert "launch-failure-after-suspend" not in found
    if absent:
        assert absent not in found
