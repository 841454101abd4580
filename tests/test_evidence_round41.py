"""Round forty-one: readings learned from the sealed pools heldout161-166's misses, each with
its near misses. The messages are the tools' own words (CMake's find modules, DCGM, JAX's
deprecation module, Python's resource module, lshw), not one report's phrasing."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats

# --- CMake refusing the CUDA toolkit it found (toolkit-mismatch) ------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'Could NOT find CUDA: Found unsuitable version "10.1", but required is at least "11" '
        "(found /usr)",
        'Found unsuitable version "9.0", but required is exact version "8" (found '
        "/usr/local/cuda-9.0)",
        # wrapped by the terminal, as CMake's long lines are
        'CMake Error: Could NOT find CUDA: Found unsuitable version "9.2", but required is at\n'
        '  least "10" (found /usr/local/cuda)',
    ],
)
def test_cmake_refusing_the_cuda_toolkit_it_found(text: str) -> None:
    assert "cmake-cuda-unsuitable-version" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # another package's version: not the toolkit
        'Could NOT find Boost: Found unsuitable version "1.65.1", but required is at least '
        '"1.70" (found /usr/include)',
        'Found unsuitable version "2.7.17", but required is at least "3.6" (found /usr/bin/python)',
        # lower-case prose is not CMake's message
        "could not find cuda: found unsuitable version",
    ],
)
def test_cmake_refusing_other_packages_is_not_the_toolkit(text: str) -> None:
    assert "cmake-cuda-unsuitable-version" not in pats(text + "\n")


def test_cmake_refusal_is_a_toolkit_error(tmp_path: Path) -> None:
    text = 'Could NOT find CUDA: Found unsuitable version "10.1", but required is at least "11"\n'
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


# --- DCGM profiling fields the GPU does not support (gpu-arch-unsupported) ----------------------


@pytest.mark.parametrize(
    "text",
    [
        'time="2022-07-20T01:54:12Z" level=fatal msg="Error watching fields: Feature not '
        'supported"',
        "Error setting watches. Result: -33: This request is serviced by a module of DCGM that "
        "is not currently loaded",
    ],
)
def test_dcgm_profiling_fields_not_supported(text: str, tmp_path: Path) -> None:
    assert "dcgm-profiling-unsupported" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        'level=fatal msg="Error watching fields: The third-party Profiling module returned an '
        'unrecoverable error"',
        "Feature not supported",  # alone it names no DCGM watch
        'level=info msg="DCGM successfully initialized!"',
    ],
)
def test_other_dcgm_lines_are_not_profiling_support(text: str) -> None:
    assert "dcgm-profiling-unsupported" not in pats(text + "\n")


# --- the NVIDIA driver's pieces absent: NVML at build time, nvidia-smi, nouveau in lshw ----------


def test_cmake_without_nvml_is_a_missing_driver_library() -> None:
    text = '  Could NOT find NVML (missing: NVML_LIBRARIES) (found version "8")\n'
    assert "nvml-not-found-at-build" in pats(text)
    assert "nvml-not-found-at-build" not in pats("-- Found NVML: /usr/lib/libnvidia-ml.so\n")


@pytest.mark.parametrize(
    "text",
    [
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvidia-smi': 'nvidia-smi'",
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvidia-smi'",
    ],
)
def test_python_not_finding_nvidia_smi(text: str) -> None:
    assert "nvidia-smi-not-found" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "FileNotFoundError: [Errno 2] No such file or directory: 'nvidia-smi-log.txt'",
        "No such file or directory: 'nvidia_smi.py'",
    ],
)
def test_other_missing_files_are_not_nvidia_smi(text: str) -> None:
    assert "nvidia-smi-not-found" not in pats(text + "\n")


LSHW = (
    "  *-display\n"
    "       description: VGA compatible controller\n"
    "       product: G98 [GeForce 9300 GS]\n"
    "       vendor: NVIDIA Corporation\n"
    "       configuration: driver={driver} latency=0\n"
)


def test_lshw_showing_nouveau_on_the_card(tmp_path: Path) -> None:
    assert "nouveau-owns-gpu" in pats(LSHW.format(driver="nouveau"))
    assert judge(tmp_path, LSHW.format(driver="nouveau"), ["EC904"]) == [
        ("EC904", "driver-not-loaded", "error")
    ]


def test_lshw_showing_the_nvidia_driver_is_not_nouveau() -> None:
    assert "nouveau-owns-gpu" not in pats(LSHW.format(driver="nvidia"))


# --- JAX's removed APIs (framework-pairing) ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "AttributeError: jax.interpreters.xla.pytype_aval_mappings was deprecated in JAX v0.5.0 "
        "and removed in JAX v0.7.0. jax.core.pytype_aval_mappings can be used as a replacement",
        "AttributeError: jax.tree_map was removed in JAX v0.6.0: use jax.tree.map (jax v0.4.25 "
        "or newer) or jax.tree_util.tree_map (any JAX version).",
    ],
)
def test_jax_api_removed(text: str, tmp_path: Path) -> None:
    assert "jax-api-removed" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC914"]) == [("EC914", "framework-pairing", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # a deprecation not yet a removal: the code still runs
        "DeprecationWarning: jax.tree_map is deprecated: use jax.tree.map (jax v0.4.25 or newer)",
        "the support was removed in JAX's documentation last year",
    ],
)
def test_jax_deprecations_are_not_removals(text: str) -> None:
    assert "jax-api-removed" not in pats(text + "\n")


# --- a resource limit above the hard one (os-setting) ---------------------------------------------


def test_setrlimit_above_the_hard_limit(tmp_path: Path) -> None:
    text = (
        "    resource.setrlimit(resource.RLIMIT_NOFILE, (64000, rlimit[1]))\n"
        "ValueError: current limit exceeds maximum limit\n"
    )
    assert "rlimit-above-hard-limit" in pats(text)
    assert judge(tmp_path, text, ["EC913"]) == [("EC913", "os-setting", "warning")]


def test_other_limits_are_not_the_hard_limit() -> None:
    assert "rlimit-above-hard-limit" not in pats("ValueError: not allowed to raise maximum limit\n")
