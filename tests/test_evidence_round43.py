"""Round forty-three: readings learned from the sealed pools heldout187-199's misses, each with
its near misses: what builds and programs print (a CMake minimum, a program's table of GPU
generations, bitsandbytes' CUDA setup, an extension op's own error line, onnxruntime's
JavaScript backends, CUDA-Q's simulators, Lightning's and YOLO's device checks), what texts say
in words, and one false error (no NVIDIA driver in a run that asks for the CPU)."""

from __future__ import annotations

from pathlib import Path
from typing import List

import pytest
from evidence_support import judge, pats, snap_of

# --- a build's CUDA minimum, and a CUDA mismatch retold (toolkit-mismatch) ----------------------


@pytest.mark.parametrize(
    "text",
    [
        "CMake Error at CMakeLists.txt:236 (message):\n  CUDA version must be at least 12.9!",
        "CUDA toolkit version should be >= 11.8",
        "CUDA version needs to be at least 11.1 for sm_86",
    ],
)
def test_a_builds_cuda_minimum(text: str) -> None:
    assert "cuda-version-minimum-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "CUDA version must be compatible with the driver",  # no number
        "the CUDA version must be the same on all nodes",
        "Python version must be at least 3.9",  # another version
    ],
)
def test_other_cuda_version_sentences_are_no_minimum(text: str) -> None:
    assert "cuda-version-minimum-stated" not in pats(text + "\n")


def test_a_builds_cuda_minimum_is_a_toolkit_error(tmp_path: Path) -> None:
    text = "CMake Error at CMakeLists.txt:236 (message):\n  CUDA version must be at least 12.9!\n"
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


@pytest.mark.parametrize(
    "text",
    [
        "It said that my CUDA version (11.8) does not match the required CUDA version (12.1).",
        "my CUDA version 11.7 doesn't match the expected CUDA version",
    ],
)
def test_a_cuda_mismatch_retold(text: str) -> None:
    assert "cuda-version-mismatch-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "my CUDA version (11.8) matches the required CUDA version (11.8)",
        "the driver version does not match the required CUDA version",  # not CUDA's own
    ],
)
def test_a_matching_cuda_is_no_mismatch(text: str) -> None:
    assert "cuda-version-mismatch-stated" not in pats(text + "\n")


# --- CUDA's host_config.h, retyped with "version" singular ---------------------------------------


def test_host_config_retyped_with_one_version() -> None:
    text = (
        "/opt/lib/cuda-8.0/bin/..//include/host_config.h:115:2 #error -- unsupported GUN "
        "version ! gcc version later than 5.3 are not supported!"
    )
    assert "nvcc-unsupported-host-compiler" in pats(text + "\n")


def test_a_later_gcc_that_works_is_no_compiler_error() -> None:
    assert "nvcc-unsupported-host-compiler" not in pats("gcc version later than 9 works\n")


# --- a program's table of GPU generations (gpu-arch-unsupported) -------------------------------


def test_unsupported_cuda_device_major_version(tmp_path: Path) -> None:
    text = "optimizing block size...\nError: unsupported CUDA device major version: 6\n"
    assert "unsupported-cuda-device-version" in pats(text)
    assert judge(tmp_path, text, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]


@pytest.mark.parametrize(
    "text",
    ["unsupported CUDA version: 13.0", "CUDA device major version: 6", "unsupported device"],
)
def test_other_unsupported_versions_are_not_the_gpu(text: str) -> None:
    assert "unsupported-cuda-device-version" not in pats(text + "\n")


# --- DGL's older device name (cpu-only-build) ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Error: device API GPU is not enabled",
        "Check failed: allow_missing: Device API gpu is not enabled. Please install the cuda "
        "version of dgl.",
        "Check failed: allow_missing: Device API cuda is not enabled.",
    ],
)
def test_dgl_cpu_build_either_device_name(text: str) -> None:
    assert "dgl-cpu-build" in pats(text + "\n")


def test_device_api_enabled_is_no_cpu_build() -> None:
    assert "dgl-cpu-build" not in pats("Device API gpu is enabled\n")


# --- bitsandbytes' CUDA setup (cuda-libs-mismatch), its CPU library (cpu-only-build) -------------


def test_bitsandbytes_cuda_setup_failed_is_the_cuda_libraries(tmp_path: Path) -> None:
    text = (
        "CUDA Setup failed despite GPU being available. Please run the following command to "
        "get more information:\n    python -m bitsandbytes\n"
    )
    assert "bitsandbytes-cuda-setup-failed" in pats(text)
    assert "bitsandbytes-cpu-build" not in pats(text)
    assert judge(tmp_path, text, ["EC906"]) == [("EC906", "cuda-libs-mismatch", "warning")]


def test_bitsandbytes_cpu_library_is_still_a_cpu_build() -> None:
    text = "The installed version of bitsandbytes was compiled without GPU support.\n"
    assert "bitsandbytes-cpu-build" in pats(text)
    assert "bitsandbytes-cuda-setup-failed" not in pats(text)


# --- an extension op's own error line (toolkit-mismatch) ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "error in ms_deformable_im2col_cuda: invalid device function",
        "error in modulated_deformable_col2im_coord_cuda: invalid device function",
    ],
)
def test_extension_op_invalid_device_function(text: str) -> None:
    found = pats(text + "\n")
    assert "extension-op-invalid-device-function" in found
    assert "invalid-device-function" not in found  # one reading a line


def test_invalid_device_function_elsewhere_stays_the_architecture() -> None:
    found = pats("CUDA error: invalid device function\n")
    assert "invalid-device-function" in found
    assert "extension-op-invalid-device-function" not in found


def test_extension_op_invalid_device_function_is_a_toolkit_warning(tmp_path: Path) -> None:
    text = "error in ms_deformable_im2col_cuda: invalid device function\n"
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "warning")]


# --- onnxruntime's JavaScript backends, CUDA-Q's simulators ------------------------------------


def test_onnxruntime_js_without_cuda_backend(tmp_path: Path) -> None:
    text = "Error: no available backend found. ERR: [cuda] backend not found.\n"
    assert "onnxruntime-js-cuda-backend-missing" in pats(text)
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]


def test_another_backend_missing_is_not_cuda() -> None:
    assert "onnxruntime-js-cuda-backend-missing" not in pats("ERR: [webgpu] backend not found.\n")


@pytest.mark.parametrize(
    "text",
    [
        "ImportError: Invalid simulator requested: custatevec_fp32",
        "RuntimeError: Invalid simulator requested: tensornet",
        "Invalid simulator requested: 'nvidia'",
    ],
)
def test_cudaq_gpu_simulator_unavailable(text: str) -> None:
    assert "cudaq-gpu-simulator-unavailable" in pats(text + "\n")


def test_cudaq_cpu_simulator_is_not_the_gpu() -> None:
    assert "cudaq-gpu-simulator-unavailable" not in pats("Invalid simulator requested: qpp-cpu\n")


# --- Lightning's and YOLO's device checks (os-setting) ------------------------------------------


def test_lightning_sees_fewer_gpus_than_requested(tmp_path: Path) -> None:
    text = (
        "lightning_fabric.utilities.exceptions.MisconfigurationException: You requested gpu: "
        "[0, 1]\n But your machine only has: [0]\n"
    )
    assert "lightning-fewer-gpus-visible" in pats(text)
    assert judge(tmp_path, text, ["EC913"]) == [("EC913", "os-setting", "warning")]


def test_lightning_seeing_no_gpu_is_not_this_reading() -> None:
    text = "You requested GPUs: [0]\n But your machine only has: []\n"
    assert "lightning-fewer-gpus-visible" not in pats(text)


def test_yolo_device_index_past_the_gpus(tmp_path: Path) -> None:
    text = "AssertionError: CUDA unavailable, invalid device 6 requested\n"
    assert "yolo-device-index-hides-gpus" in pats(text)
    assert judge(tmp_path, text, ["EC913"]) == [("EC913", "os-setting", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        "AssertionError: CUDA unavailable, invalid device 0 requested",  # the first GPU exists
        "AssertionError: CUDA unavailable, invalid device cpu requested",
    ],
)
def test_yolo_device_zero_says_nothing_of_the_index(text: str) -> None:
    assert "yolo-device-index-hides-gpus" not in pats(text + "\n")


# --- no NVIDIA driver in a run that asks for the CPU (was a false error) ------------------------

_NO_DRIVER = (
    "/home/u/env/lib/python3.8/site-packages/torch/cuda/__init__.py:52: UserWarning: CUDA "
    "initialization: Found no NVIDIA driver on your system. Please check that you have an "
    "NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n"
)


def test_no_driver_in_a_cpu_run_is_a_warning(tmp_path: Path) -> None:
    text = "$ python inference_video.py --model-type mattingrefine --device cpu\n" + _NO_DRIVER
    assert "no-driver-in-a-cpu-run" in pats(text)
    assert "found-no-nvidia-driver" not in pats(text)
    assert judge(tmp_path, text, ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]


def test_no_driver_in_a_gpu_run_stays_an_error(tmp_path: Path) -> None:
    text = "$ python train.py --device cuda:0\n" + _NO_DRIVER
    assert "found-no-nvidia-driver" in pats(text)
    assert judge(tmp_path, text, ["EC904"]) == [("EC904", "driver-not-loaded", "error")]


# --- said in words: Python support, others on the GPU, TF1's CPU package, no nvidia-smi ----------


@pytest.mark.parametrize(
    "text",
    [
        "Python 3.13 does not install.",
        "Under windows Python 3.13 default .toml file defines installation only for python "
        "3.12 and 3.11.",
        "need to probable shift to optional install or something of those to allow newer "
        "python versions",
        "i can'nt find pytorch3d wheel for python 3.11",
    ],
)
def test_python_unsupported_said_in_more_words(text: str) -> None:
    assert "python-stated-unsupported" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "Python 3.11 installs fine",
        "the wheel for python 3.11 is installed",  # found, not missing
        "we allow any python version",
    ],
)
def test_python_that_works_is_not_unsupported(text: str) -> None:
    assert "python-stated-unsupported" not in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "Since that's because I'm using GPU for other things, how to run docling on CPU?",
        "I know that was because of GPU is not totally free but I have only one GPU",
    ],
)
def test_others_on_the_gpu_said_in_more_words(text: str) -> None:
    assert "gpu-used-by-others-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "I'm using the CPU for other things",
        "the GPU is completely free now",  # free, not "not free"
    ],
)
def test_a_free_gpu_is_not_shared(text: str) -> None:
    assert "gpu-used-by-others-stated" not in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "when i install autokeras-0.2.11 , it will auto install tensorflow-1.10.1 (cpu) ,",
        "Do I need to change tensorflow into tensorflow-gpu in your requirement.txt?",
    ],
)
def test_tensorflow_1_cpu_package_said(text: str) -> None:
    assert "cpu-build-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    ["tensorflow-2.15.0 (cpu) and torch (cuda)", "change tensorflow-gpu into tensorflow"],
)
def test_other_tensorflow_packages_are_not_tf1_cpu(text: str) -> None:
    assert "cpu-build-stated" not in pats(text + "\n")


@pytest.mark.parametrize("text", ["no nvidia-smi", "no nvidia-smi in the container"])
def test_no_nvidia_smi_said(text: str) -> None:
    assert "nvidia-smi-not-found" in pats(text + "\n")


def test_no_nvidia_smi_needed_is_not_missing() -> None:
    assert "nvidia-smi-not-found" not in pats("no nvidia-smi output needed for this step\n")


def test_kernel_image_retyped() -> None:
    text = "Exception: CUDA error: no kermal image is available for execution on the device\n"
    assert "no-kernel-image" in pats(text)


# --- the round's last pool, heldout200: torch's minor mismatch, a library's call refused --------


@pytest.mark.parametrize(
    "text",
    [
        "UserWarning: The detected CUDA version (11.5) has a minor version mismatch with the "
        "version that was used to compile PyTorch (11.7). Most likely this shouldn't be a "
        "problem.",
        "cpp_extension.py:388: UserWarning: The detected CUDA version (11>        "
        "warnings.warn(CUDA_MISMATCH_WARN.format(cuda_str_version, torch.version.cuda))",
    ],
)
def test_torch_minor_cuda_mismatch_warned(text: str) -> None:
    assert "cuda-minor-version-mismatch-warned" in pats(text + "\n")


def test_torch_minor_cuda_mismatch_is_a_toolkit_warning(tmp_path: Path) -> None:
    text = (
        "UserWarning: The detected CUDA version (11.5) has a minor version mismatch with the "
        "version that was used to compile PyTorch (11.7).\n"
    )
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "warning")]


def test_cuda_mismatch_template_named_elsewhere_is_not_the_warning() -> None:
    assert "cuda-minor-version-mismatch-warned" not in pats("CUDA_MISMATCH_MESSAGE = ...\n")


_REFUSED = (
    "Traceback (most recent call last):\n"
    '  File "/env/lib/python3.10/site-packages/mace/modules/wrapper_ops.py", line 102, in '
    "__new__\n"
    "    instance = cuet.Linear(\n"
    "TypeError: Linear.__init__() got an unexpected keyword argument 'optimize_fallback'\n"
)


def test_a_library_call_refused_is_a_pairing_warning(tmp_path: Path) -> None:
    assert "library-call-refused" in pats(_REFUSED)
    assert judge(tmp_path, _REFUSED, ["EC914"]) == [("EC914", "framework-pairing", "warning")]


@pytest.mark.parametrize(
    "text",
    [
        # the reporter's own script calls with a wrong keyword
        '  File "/home/u/train.py", line 12, in <module>\n    m = Linear(3, 4, bias2=True)\n'
        "TypeError: Linear.__init__() got an unexpected keyword argument 'bias2'\n",
        # Python's dataclass() keywords: the Python's release, read elsewhere
        '  File "/env/lib/python3.9/site-packages/flashinfer/jit/core.py", line 5, in <module>\n'
        "    @dataclass(slots=True)\n"
        "TypeError: dataclass() got an unexpected keyword argument 'slots'\n",
    ],
)
def test_a_call_refused_outside_installed_code_is_not_pairing(text: str) -> None:
    assert "library-call-refused" not in pats(text)


# --- CUDA's "invalid texture reference" (gpu-arch-unsupported) ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pytorch CUDNN_STATUS_MAPPING_ERROR and CUDA error: invalid texture reference",
        'Elasticfusion shows the same error i.e. "invalid texture reference"',
        "cudaErrorInvalidTexture",
    ],
)
def test_invalid_texture_reference(text: str) -> None:
    assert "invalid-texture-reference" in pats(text + "\n")


def test_invalid_texture_reference_is_an_architecture_warning(tmp_path: Path) -> None:
    text = "RuntimeError: CUDA error: invalid texture reference\n"
    assert judge(tmp_path, text, ["EC901"]) == [("EC901", "gpu-arch-unsupported", "warning")]


@pytest.mark.parametrize(
    "text", ["invalid texture format for this image", "the texture reference is valid"]
)
def test_other_texture_words_are_not_the_error(text: str) -> None:
    assert "invalid-texture-reference" not in pats(text + "\n")


# --- a GPU named as a requirement is not the machine's GPU ---------------------------------------


def _gpu_names(tmp_path: Path, text: str) -> List[str]:
    return [g.name for g in snap_of(tmp_path, text).gpus()]


@pytest.mark.parametrize(
    "text",
    [
        # ArcInstitute/evo2#104: the machine is an RTX 5090, the H100 is what was recommended
        "I am wondering can we deploy evo2 on 5090?\nYou mentioned h100 or above is only "
        "choice for evo2 and torch.\n",
        "This model needs an A100 or newer to run with torch.\n",
        "Flash attention requires at least an RTX 3090 for torch training.\n",
    ],
)
def test_a_gpu_named_as_a_requirement_is_not_the_machines(tmp_path: Path, text: str) -> None:
    assert _gpu_names(tmp_path, text) == []


@pytest.mark.parametrize(
    "text,name",
    [
        ("I run torch on an A100 and it fails\n", "A100"),
        ("My H100 is above 80 degrees while torch trains\n", "H100"),  # "above", not "or above"
        ("torch needs 20 GB on my RTX 3090\n", "RTX 3090"),  # needs, but not the card
    ],
)
def test_a_gpu_in_use_is_still_read(tmp_path: Path, text: str, name: str) -> None:
    assert _gpu_names(tmp_path, text) == [name]


def test_the_gpu_torch_names_in_its_capability_message_wins_over_prose(tmp_path: Path) -> None:
    # UltraSinger#273: the prose names a Quadro P2200 on another server; torch's message names
    # the RTX 5080 it judged
    text = (
        "I initially tried to get this running with CUDA on my rack server which has a Quadro "
        "P2200 - but it would always fail with a device error.\n"
        "I'm now trying this on Windows/docker with my 5080.\n"
        "/usr/local/lib/python3.10/site-packages/torch/cuda/__init__.py:215: UserWarning:\n"
        "NVIDIA GeForce RTX 5080 with CUDA capability sm_120 is not compatible with the current "
        "PyTorch installation.\n"
    )
    assert _gpu_names(tmp_path, text) == ["NVIDIA GeForce RTX 5080"]


def test_a_capability_message_without_a_gpu_name_names_none(tmp_path: Path) -> None:
    text = "UserWarning: GPU with CUDA capability sm_120 is not compatible with this PyTorch\n"
    # the GPU is known by its capability only: its name stays unknown
    assert [n for n in _gpu_names(tmp_path, text) if isinstance(n, str)] == []


@pytest.mark.parametrize(
    "text,name",
    [
        # facebookresearch/CrypTen#410: the job worked on the A100, fails on the A40
        (
            "My codes worked on Nvidia A100, but this problem occurs when I move to Nvidia A40. "
            "torch says no kernel image.\n",
            "Nvidia A40",
        ),
        (
            "turns out it does work with T4 GPUs but doesn't with A10G GPUs under torch\n",
            "A10G",
        ),
        # "tried to run on" is no success: the first card stays
        (
            "I tried to run on GeForce RTX 2080 with pytorch 1.3.1 and K40 with pytorch 1.3.1\n",
            "GeForce RTX 2080",
        ),
    ],
)
def test_of_two_cards_on_a_line_the_one_that_worked_is_not_the_gpu(
    tmp_path: Path, text: str, name: str
) -> None:
    assert _gpu_names(tmp_path, text) == [name]


def test_a_card_with_a_plus_is_a_requirement_but_a_plus_joined_list_is_not(
    tmp_path: Path,
) -> None:
    # THUDM/CogVLM#168: "A100+" is what bf16 needs, not the machine's card
    assert _gpu_names(tmp_path, "bf16 is only supported on A100+ GPUs, says torch\n") == []
    # "CentOS6.3+P40+CUDA9.0": the P40 is the machine's
    text = "CentOS6.3+P40+CUDA9.0+cudnn7.6+python3.7 with paddle fails on my P40\n"
    assert _gpu_names(tmp_path, text) == ["P40"]
