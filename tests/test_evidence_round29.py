"""Round twenty-nine: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import entries, judge, pats

from envcheck.compat import load_matrix
from envcheck.importers.errorlog.table import pattern


@pytest.mark.parametrize(
    ("line", "pid"),
    [
        # an architecture no GPU has: the build's list is wrong (openpose#1087, mini-caffe#94)
        ("nvcc fatal : Unsupported gpu architecture 'compute_71'", "nvcc-arch-not-a-gpu"),
        ("nvcc fatal   : Unsupported gpu architecture 'compute_92'", "nvcc-arch-not-a-gpu"),
        # real architectures this nvcc does not know: the toolkit is too old
        ("nvcc fatal : Unsupported gpu architecture 'compute_86'", "nvcc-unsupported-arch"),
        ("nvcc fatal   : Unsupported gpu architecture 'sm_120a'", "nvcc-unsupported-arch"),
        ("nvcc fatal   : Unsupported gpu architecture 'compute_89'", "nvcc-unsupported-arch"),
    ],
)
def test_an_architecture_no_gpu_has_is_told_from_one_nvcc_is_too_old_for(
    line: str, pid: str
) -> None:
    assert pats(line) == [pid]


def test_an_architecture_no_gpu_has_is_a_warning_not_an_error() -> None:
    # a control of heldout67 was a false error: the toolkit and the GPU were fine
    assert pattern("nvcc-arch-not-a-gpu").severity == "warning"
    assert pattern("nvcc-unsupported-arch").severity == "error"


@pytest.mark.parametrize(
    "text",
    [
        # the sentence cut after "compile" (SilongYong/SQA3D#10)
        "ERROR in PointNet2: The detected CUDA version (10.1) mismatches the version that was "
        "used to compile",
        # the raw template with its arguments (circleLZY/JL1-CD#5)
        "RuntimeError: ('The detected CUDA version (%s) mismatches the version that was used to "
        "compilePyTorch (%s). Please make sure to use the same CUDA versions.', '11.3', '12.8')",
        "The detected CUDA version (11.8) mismatches the version that was used to compile\n"
        "PyTorch (12.1). Please make sure to use the same CUDA versions.",
    ],
)
def test_cpp_extensions_cuda_check_in_every_form(text: str) -> None:
    assert "cuda-version-mismatch-extension" in pats(text)


def test_a_cuda_version_that_matches_is_no_extension_mismatch() -> None:
    assert "cuda-version-mismatch-extension" not in pats(
        "The detected CUDA version (12.1) matches the version that was used to compile PyTorch"
    )


def test_nanosleep_undefined_is_code_for_sm70_on_an_older_gpu() -> None:
    text = (
        'render_gaussians_subsets.cuh(260): error: identifier "__nanosleep" is undefined\n'
        "                                __nanosleep(10);"
    )
    assert pats(text) == ["cuda-nanosleep-before-sm70"]
    assert "cuda-nanosleep-before-sm70" not in pats("__nanosleep(100); // back off a little")


@pytest.mark.parametrize(
    "text",
    [
        'raise EnvironmentError(f"Could not find compatible tinycudann extension for compute '
        'capability {system_compute_capability}.")',
        "OSError: Could not find compatible tinycudann extension for compute capability 75.",
    ],
)
def test_tiny_cuda_nn_built_for_another_gpu(text: str) -> None:
    assert pats(text) == ["tinycudann-no-extension-for-cc"]


def test_tiny_cuda_nn_found_twice_is_one_reading_not_two() -> None:
    # its source line and its message both stand in a traceback (dev11's tiny-cuda-nn#230)
    text = (
        'raise EnvironmentError(f"Could not find compatible tinycudann extension for compute '
        'capability {system_compute_capability}.")\n'
        "OSError: Could not find compatible tinycudann extension for compute capability 75.\n"
    )
    assert {e["pattern"] for e in entries(text)} == {"tinycudann-no-extension-for-cc"}


@pytest.mark.parametrize(
    "text",
    [
        "print(mxnet.context.num_gpus())   #0",
        'mx.context.num_gpus()\n\ngives "0" as result',
        "mx.num_gpus() returns 0 on my 4 GPU machine",
    ],
)
def test_mxnet_counting_no_gpu(text: str) -> None:
    assert "mxnet-counts-no-gpu" in pats(text)


@pytest.mark.parametrize(
    "text",
    ["print(mx.context.num_gpus())  # 8", "mx.context.num_gpus() returns 0.5", "num_gpus() = 0"],
)
def test_mxnet_counting_gpus_or_another_counter_is_no_finding(text: str) -> None:
    assert "mxnet-counts-no-gpu" not in pats(text)


def test_spconvs_cpu_package_lacks_its_gpu_ops() -> None:
    text = (
        "AttributeError: type object 'spconv.core_cc.csrc.sparse.all.SpconvOps' has no "
        "attribute 'generate_subm_conv_inds'"
    )
    assert pats(text) == ["spconv-cpu-package"]
    assert "spconv-cpu-package" not in pats(
        "AttributeError: type object 'SpconvOps' has no attribute 'get_handle'"
    )


@pytest.mark.parametrize(
    "text",
    [
        '"Please recompile with CMake option -DUSE_CUDAP=1"',
        "LightGBMError: CUDA Tree Learner was not enabled in this build.\n"
        "Please recompile with CMake option -DUSE_CUDA=1",
        "Please recompile with CMake option -DUSE_GPU=1",
    ],
)
def test_lightgbm_asking_to_be_rebuilt_with_cuda(text: str) -> None:
    assert "library-built-without-gpu" in pats(text)


def test_another_cmake_option_is_no_gpu_build_finding() -> None:
    assert "library-built-without-gpu" not in pats(
        "Please recompile with CMake option -DUSE_OPENMP=1"
    )


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        (
            "AttributeError: module 'inspect' has no attribute 'getargspec'. Did you mean: "
            "'getargs'?",
            "stdlib-api-removed-311",
        ),
        (
            "ImportError: cannot import name 'formatargspec' from 'inspect'",
            "stdlib-api-removed-311",
        ),
        (
            "AttributeError: module 'asyncio' has no attribute 'coroutine'",
            "stdlib-api-removed-311",
        ),
        ("ModuleNotFoundError: No module named 'imp'", "stdlib-module-removed-312"),
        ("ModuleNotFoundError: No module named 'asyncore'", "stdlib-module-removed-312"),
    ],
)
def test_standard_library_removals_are_a_python_too_new(text: str, pid: str) -> None:
    assert pats(text) == [pid]
    assert pattern(pid).category == "python-unsupported"


@pytest.mark.parametrize(
    "text",
    [
        "ModuleNotFoundError: No module named 'impala'",
        "ModuleNotFoundError: No module named 'imp_tools'",
        "AttributeError: module 'inspect' has no attribute 'signature_of'",
        # distutils is also split out of Debian's and Ubuntu's system Python before 3.12
        "ModuleNotFoundError: No module named 'distutils'",
    ],
)
def test_other_missing_names_are_no_python_removal(text: str) -> None:
    found = pats(text)
    assert "stdlib-api-removed-311" not in found
    assert "stdlib-module-removed-312" not in found


@pytest.mark.parametrize(
    "text",
    [
        'type_caster_base.h(448): error : pointer to incomplete class type "_frame" is not '
        "allowed [pyngp.vcxproj]",
        "pybind11/detail/type_caster_base.h:482:26: error: invalid use of incomplete type "
        "'struct _frame'",
    ],
)
def test_an_old_pybind11_against_python_311(text: str) -> None:
    assert pats(text) == ["pybind11-before-python311"]


def test_a_gcc_said_too_new_for_the_toolkit() -> None:
    text = (
        "I also tried with cuda11.3, where it fails because debian12 has a gcc version>10 and "
        "it requires a g++ version <10."
    )
    assert pats(text) == ["host-gcc-too-new-stated"]
    assert "host-gcc-too-new-stated" not in pats("the build requires gcc 9 or newer")


def test_the_retelling_goes_where_the_message_itself_stands() -> None:
    # Kaldi's configure: the error and its own advice; one finding, the message's
    text = (
        "***configure failed: CUDA 9_1 does not support g++ (g++-7).\n"
        "                 You need g++ < 7.0. ***\n"
    )
    assert {e["pattern"] for e in entries(text)} == {"nvcc-unsupported-host-compiler"}


@pytest.mark.parametrize(
    "text",
    [
        "gcc: error: unrecognized command line option ‘-std=c++14’",
        "g++: error: unrecognized command-line option '-std=c++17'",
    ],
)
def test_a_gcc_older_than_the_cxx_standard(text: str) -> None:
    assert pats(text) == ["host-gcc-older-than-cxx-standard"]


def test_another_unknown_option_is_no_cxx_standard_finding() -> None:
    assert "host-gcc-older-than-cxx-standard" not in pats(
        "gcc: error: unrecognized command line option '-mavx512f'"
    )


@pytest.mark.parametrize(
    "text",
    [
        "This means that `faiss-gpu` cannot be used with python 3.11 at the moment",
        "the package can't be installed on Python 3.12 yet",
    ],
)
def test_a_python_said_unusable(text: str) -> None:
    assert "python-stated-unsupported" in pats(text)


def test_a_tool_that_cannot_be_used_without_a_python_version_is_no_python_finding() -> None:
    assert "python-stated-unsupported" not in pats("it cannot be used with python scripts")


@pytest.mark.parametrize(
    "text",
    [
        '**When I use pip install mmcv-full==1.2.7, "THC/THC.h" fatal error is happened**.',
        "src\\x.cu(3): fatal error C1083: Cannot open include file: 'THC/THC.h': No such file "
        "or directory",
        "fatal error: THC/THC.h: No such file or directory",
    ],
)
def test_thc_missing_in_every_wording(text: str) -> None:
    assert "torch-legacy-headers" in pats(text)


def test_thc_named_without_a_failure_is_no_finding() -> None:
    assert "torch-legacy-headers" not in pats("#include <THC/THC.h> is used in the code")


@pytest.mark.parametrize(
    ("row", "full"),
    [
        ("/dev/sda5       244G  244G   20K 100% /", True),
        ("/dev/nvme0n1p2  439G  439G     0 100% /", True),
        ("/dev/nvme0n1p2  439G  222G  195G  54% /", False),
        # a disk at 100% with gigabytes left is not taken as full here
        ("/dev/sdb1       9.1T  9.0T   52G 100% /data", False),
    ],
)
def test_a_df_row_with_kilobytes_left_is_a_full_filesystem(row: str, full: bool) -> None:
    assert ("df-filesystem-full" in pats(row)) is full


@pytest.mark.parametrize(
    "text",
    [
        "ERROR: Could not find a version that satisfies the requirement langchain==0.0.84 "
        "(from versions: 0.0.1, 0.0.2, 0.0.26, 0.0.",
        "ERROR: Could not find a version that satisfies the requirement nnunetv2==2.2 (from "
        "TotalSegmentator) (from versions: 2.0)",
        "ERROR: Could not find a version that satisfies the requirement foo>=3.1 (from "
        "versions: 1.0, 2.9.1)",
    ],
)
def test_a_release_newer_than_every_one_pip_offers_is_a_python_outside_its_range(
    text: str,
) -> None:
    assert pats(text) == ["pip-release-newer-than-offered"]


@pytest.mark.parametrize(
    "text",
    [
        # the release asked for lies inside the list: it is missing for another reason
        "ERROR: Could not find a version that satisfies the requirement foo==1.2 (from "
        "versions: 1.0, 1.3)",
        # nothing offered at all: the generic reading, which needs the Python stated
        "ERROR: Could not find a version that satisfies the requirement foo==1.2 (from "
        "versions: none)",
    ],
)
def test_a_release_not_newer_than_the_offered_ones_is_no_such_finding(text: str) -> None:
    assert "pip-release-newer-than-offered" not in pats(text)


def test_a_framework_pip_cannot_find_keeps_its_own_reading() -> None:
    text = (
        "ERROR: Could not find a version that satisfies the requirement torch==2.9.0 (from "
        "versions: 1.0, 1.3)"
    )
    assert pats(text) == ["pip-no-framework-wheel"]


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        (
            'after i download anomalib, my pytorch version changes to "1.12.0+cpu" and '
            "is_available() returns False.",
            "torch-cpu-build-shown",
        ),
        ("It actually printed out pytorch version as `2.6.0 + cpu`.", "torch-cpu-build-shown"),
        (
            "如题目，使用requirements安装，PyTorch安装的是CPU版本，运行程序的时候，也是使用CPU在工作。",
            "cpu-torch-stated",
        ),
        (
            "the MedSAM extension requires the non-cuda version of Pytorch 2.0.1",
            "cpu-torch-stated",
        ),
    ],
)
def test_torchs_cpu_build_said_or_shown(text: str, pid: str) -> None:
    assert pid in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        # collect_env's own line: a report of a CPU run shows it too
        "PyTorch version: 2.4.0+cpu",
        "Pytorch version: 2.6.0+cu118",
        "my pytorch version changes to 2.1.0",
    ],
)
def test_collect_envs_line_and_cuda_builds_are_no_cpu_finding(text: str) -> None:
    found = pats(text)
    assert "torch-cpu-build-shown" not in found
    assert "cpu-torch-stated" not in found


def _pair(tmp_path: Path, torch: str, vision: str) -> list:
    text = f"torch=={torch}\ntorchvision=={vision}\n"
    return judge(tmp_path, text, ["EC230"], load_matrix())


def test_another_patch_of_the_right_torchvision_series_is_a_warning(tmp_path: Path) -> None:
    # torchvision 0.14.0 beside torch 1.13.1 (Project-MONAI/MONAI#6636, a control of
    # heldout68: it ran)
    assert _pair(tmp_path, "1.13.1+cu117", "0.14.0+cu117") == [
        ("EC230", "framework-pairing", "warning")
    ]


def test_another_torchvision_series_is_still_an_error(tmp_path: Path) -> None:
    assert _pair(tmp_path, "1.13.1+cu117", "0.15.1+cu117") == [
        ("EC230", "framework-pairing", "error")
    ]


def test_the_exact_companion_is_no_finding(tmp_path: Path) -> None:
    assert _pair(tmp_path, "1.13.1+cu117", "0.14.1+cu117") == []


def test_a_patch_of_the_right_series_for_another_cuda_major_is_an_error(tmp_path: Path) -> None:
    # the CUDA builds are compared even when the versions differ only by a patch
    assert _pair(tmp_path, "1.13.1+cu117", "0.14.0+cpu") == [
        ("EC230", "framework-pairing", "error")
    ]
