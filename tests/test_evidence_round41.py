"""Round forty-one: readings learned from the sealed pools heldout161-166's misses, each with
its near misses. The messages are the tools' own words (CMake's find modules, DCGM, JAX's
deprecation module, Python's resource module, lshw), not one report's phrasing."""

from __future__ import annotations

from pathlib import Path

import pytest
from checks_support import fires, outcome
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix

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


# --- second half of the round: heldout167-171's misses -------------------------------------------


@pytest.mark.parametrize(
    "text, found",
    [
        # pip reads "<=3.8" as PEP 440 does: 3.8.5 is above it, 3.8.0 is 3.8 (avalanche#367's
        # "... and does not work with python 3.8.5" is read in words since round forty-two)
        ("Installation requires python<=3.8 and fails with python 3.8.5", True),
        ("Installation requires python<=3.8; python 3.8.0 works", False),
        ("requires python<=3.8.1 and I have python 3.8.1", False),
        ("requires python<=3.8.1 and I have python 3.8.2", True),
    ],
)
def test_a_patch_release_against_a_stated_maximum(text: str, found: bool) -> None:
    assert ("python-above-stated-maximum" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, found",
    [
        ("The package requires Python >= 3.8.1; I run python 3.8.0", True),
        ("The package requires Python >= 3.8; I run python 3.8.10", False),
    ],
)
def test_a_patch_release_against_a_stated_minimum(text: str, found: bool) -> None:
    assert ("python-below-stated-minimum" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text",
    [
        "[96c7e3d99641:24984] Read -1, expected 122880, errno = 1",
        "[1,5]<stderr>:[8311b4012d34:153937] Read -1, expected 131072, errno = 1",
        "Read -1, expected <someNumber>, errno =1",
    ],
)
def test_open_mpi_single_copy_refused(text: str, tmp_path: Path) -> None:
    assert "openmpi-cma-blocked" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC913"]) == [("EC913", "os-setting", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "Read -1, expected 131072, errno = 11",  # EAGAIN: not the permission refusal
        "read 0 bytes, expected 4096",
    ],
)
def test_other_short_reads_are_not_the_single_copy(text: str) -> None:
    assert "openmpi-cma-blocked" not in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "The user requested CUDA support with the --mca mpi_cuda_support 1 flag\n"
        "but the library was not compiled with any support.",
        "mca:mpi:base:param:mpi_built_with_cuda_support:value:false",
        "Warning: MPI Implementation is not CUDA Aware.",
    ],
)
def test_mpi_without_cuda_support(text: str, tmp_path: Path) -> None:
    assert "mpi-not-cuda-aware" in pats(text + "\n")
    assert judge(tmp_path, text + "\n", ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "mca:mpi:base:param:mpi_built_with_cuda_support:value:true",
        "Is the MPI implementation CUDA aware? yes",
    ],
)
def test_a_cuda_aware_mpi_is_not_flagged(text: str) -> None:
    assert "mpi-not-cuda-aware" not in pats(text + "\n")


PIP_CONFLICT = (
    "ERROR: Cannot install -r requirements.txt (line 7) and torch==1.10.0 because these package "
    "versions have conflicting dependencies.\n"
    "The conflict is caused by:\n"
    "    The user requested torch==1.10.0\n"
    "    {companion} depends on {dependency}\n"
)


@pytest.mark.parametrize(
    "companion, dependency",
    [("torchvision 0.11.2", "torch==1.10.1"), ("torchaudio 0.8.2", "torch==1.7.1")],
)
def test_pip_conflict_of_a_torch_companion(companion: str, dependency: str) -> None:
    text = PIP_CONFLICT.format(companion=companion, dependency=dependency)
    assert "pip-companion-needs-other-torch" in pats(text)


@pytest.mark.parametrize(
    "companion, dependency",
    [
        ("torchvision 0.11.2", "numpy"),  # another dependency
        ("torch-scatter 2.0.9", "torch==1.10.1"),  # not a companion released with torch
    ],
)
def test_other_pip_conflicts_are_not_a_torch_companion(companion: str, dependency: str) -> None:
    text = PIP_CONFLICT.format(companion=companion, dependency=dependency)
    assert "pip-companion-needs-other-torch" not in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "the av dependency doesn't provide wheels for Python 3.12 yet",
        "there are no wheels for python 3.13 on PyPI",
        "no py3.12 wheels yet",
    ],
)
def test_no_wheel_for_python_said(text: str) -> None:
    assert "no-wheel-for-python-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "there are no wheels for Linux aarch64",
        "it provides wheels for Python 3.12 now",
    ],
)
def test_wheels_said_otherwise(text: str) -> None:
    assert "no-wheel-for-python-stated" not in pats(text + "\n")


LIBCUDA = "error while loading shared libraries: libcuda.so.1: cannot open shared object file\n"


def test_libcuda_missing_on_gke_is_the_loader_path(tmp_path: Path) -> None:
    text = "- GKE 1.11.3-gke.18\n" + LIBCUDA
    assert pats(text) == ["gke-libcuda-not-on-path"]
    assert judge(tmp_path, text, ["EC913", "EC904"]) == [("EC913", "os-setting", "warning")]


@pytest.mark.parametrize("where", ["on a bare-metal server\n", "the gkeeper service\n"])
def test_libcuda_missing_elsewhere_is_the_driver(where: str) -> None:
    assert pats(where + LIBCUDA) == ["libcuda-missing"]


@pytest.mark.parametrize(
    "text",
    [
        "UndefVarError: libcuda not defined",
        "  Got exception outside of a @test\n  CUDA driver not found",
        "tgi server complains about a missing libcuda.so file",
    ],
)
def test_cuda_jl_and_prose_say_libcuda_is_missing(text: str) -> None:
    assert "libcuda-missing" in pats(text + "\n")


@pytest.mark.parametrize(
    "text, found",
    [
        ("Because Github-hosted runners do not have CUDA, the tests cannot pass.", True),
        ("GitHub Actions doesn't have the CUDA run-time, so testing fails", True),
        ("the GitHub runners without a GPU skip these tests", True),
        ("we test on GitHub Actions without any problem on our GPUs", False),
        ("our self-hosted runner has an A100", False),
    ],
)
def test_hosted_ci_runner_without_a_gpu(text: str, found: bool) -> None:
    assert ("ci-runner-without-gpu" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, found",
    [
        (
            "Connecting to bias.csr.unibo.it (bias.csr.unibo.it)|137.204.72.188|:80... failed: "
            "No route to host.",
            True,
        ),
        (
            "Connecting to example.org (example.org)|93.184.215.14|:443... failed: Connection "
            "timed out.",
            True,
        ),
        # a local service that is down is not the network to the data
        (
            "Connecting to localhost (localhost)|127.0.0.1|:8080... failed: Connection refused.",
            False,
        ),
        ("Connecting to example.org (example.org)|93.184.215.14|:443... connected.", False),
    ],
)
def test_wget_connection_failures(text: str, found: bool) -> None:
    assert ("download-http-error" in pats(text + "\n")) is found


def test_a_jaxlib_without_cuda(tmp_path: Path) -> None:
    text = (
        "RuntimeError: Unable to initialize backend 'cuda': module 'jaxlib.xla_extension' has "
        "no attribute 'GpuAllocatorConfig' (set JAX_PLATFORMS='' to automatically choose an "
        "available backend)\n"
    )
    assert pats(text) == ["jaxlib-without-cuda"]
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]
    # another missing attribute is a jax / jaxlib pairing, not a CPU build
    other = "AttributeError: module 'jaxlib.xla_extension' has no attribute 'PmapFunction'\n"
    assert pats(other) == ["jax-api-missing"]


@pytest.mark.parametrize(
    "text, found",
    [
        ("The Jax pip installation only comes with the CPU version of Jax.", True),
        ("the COLMAP specified in the lockfile is the CPU version, so no GPU", True),
        ("this is the CPU version of the demo; the GPU one is below", False),
        ("I tried the CPU version and it works", False),
    ],
)
def test_a_cpu_build_said_in_words(text: str, found: bool) -> None:
    assert ("cpu-build-stated" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, found",
    [
        ("The GPU that I use is A100 which is not compatible with CUDA 10. Every time", True),
        ("my graphics card RTX 3060 is not compatible with cuda 10.2. Tried others", True),
        ("I guess it is about CUDA version, my current GPU does not support CUDA 8.", True),
        # a driver's or a framework's words are other readings
        ("Torch does not support Cuda 11.x", False),
        ("my GPU is compatible with CUDA 12", False),
    ],
)
def test_a_gpu_said_not_to_go_with_a_cuda_release(text: str, found: bool) -> None:
    assert ("gpu-stated-incompatible-with-cuda" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, found",
    [
        ("OSError: [Errno 101] Network is unreachable", True),
        ("OSError: [Errno 113] No route to host", True),
        ("OSError: [Errno 104] Connection reset by peer", False),
    ],
)
def test_python_socket_errors_to_the_data(text: str, found: bool) -> None:
    assert ("download-http-error" in pats(text + "\n")) is found


SPACK = (
    "Concretized\n"
    "--------------------------------\n"
    " -   vl25zhp  mpich@4.1.2%gcc@{gcc}~argobots{cuda}+fortran~hcoll build_system=autotools\n"
    "[e]  tatyw2o      ^cuda@11.8%gcc@{gcc}+allow-unsupported-compilers~dev\n"
    "[+]  oaezgck      ^findutils@4.9.0%gcc@{gcc} build_system=autotools\n"
)


def test_a_spack_spec_built_with_cuda_names_the_host_compiler(tmp_path: Path) -> None:
    # CUDA 11.8's nvcc accepts gcc 11 at most (compat_data/floors.json host_compilers)
    snap = snap_of(tmp_path, SPACK.format(gcc="12.3.0", cuda="+cuda"))
    (f,) = fires(snap, "EC312", severity="warning")
    assert f.evidence["gcc"] == "12.3.0" and f.evidence["max_gcc"] == "11"


@pytest.mark.parametrize(
    "gcc, cuda",
    [
        ("11.3.0", "+cuda"),  # a gcc nvcc 11.8 accepts
        ("12.3.0", "~cuda"),  # a spec without CUDA: its compiler runs no nvcc
    ],
)
def test_a_spack_spec_within_the_limit_or_without_cuda(tmp_path: Path, gcc: str, cuda: str) -> None:
    snap = snap_of(tmp_path, SPACK.format(gcc=gcc, cuda=cuda))
    # (judged and passed with +cuda; without it no host compiler is read, and EC312 skips)
    assert not [f for f in outcome(snap, "EC312").findings if f.code == "EC312"]


@pytest.mark.parametrize(
    "text, found",
    [
        ("    raise OSError('cusolver library not found')", True),
        ("OSError: cublas library not found", True),
        ("the nvml library not found", False),  # not a CUDA math library
    ],
)
def test_scikit_cuda_not_finding_a_cuda_library(text: str, found: bool) -> None:
    assert ("cuda-lib-missing" in pats(text + "\n")) is found


ARCHS = ">>> torch.cuda.get_arch_list()\n[{archs}]\n"


def test_a_stated_arch_list_is_judged_not_called_unstated(tmp_path: Path) -> None:
    # an RTX 5090 (sm_120) beside a build without sm_120: EC201 says so from the list itself;
    # EC215 ("build not stated") no longer adds its guess about the releases in circulation
    archs = "'sm_50', 'sm_60', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_90'"
    text = ARCHS.format(archs=archs) + "GPU: NVIDIA GeForce RTX 5090\n"
    assert judge(tmp_path, text, ["EC201", "EC215"], load_matrix()) == [
        ("EC201", "gpu-arch-unsupported", "error")
    ]


def test_a_stated_arch_list_that_runs_on_the_gpu(tmp_path: Path) -> None:
    # sm_120 cubins run on a compute capability 12.1 GPU (same major, higher minor): nothing to
    # say, where EC215 used to recommend a build the list already was
    archs = "'sm_80', 'sm_90', 'sm_100', 'sm_120', 'compute_120'"
    text = ARCHS.format(archs=archs) + ">>> torch.cuda.get_device_capability()\n(12, 1)\n"
    assert judge(tmp_path, text, ["EC201", "EC202", "EC215"], load_matrix()) == []


def test_without_the_arch_list_an_edge_gpu_is_still_named(tmp_path: Path) -> None:
    text = ">>> torch.cuda.get_device_capability()\n(12, 1)\n"
    assert judge(tmp_path, text, ["EC215"], load_matrix()) == [
        ("EC215", "gpu-arch-unsupported", "warning")
    ]
