"""Round thirty: readers added or widened this round, each with its near misses."""

from __future__ import annotations

import pytest
from evidence_support import pats

from envcheck.importers.errorlog.table import pattern


@pytest.mark.parametrize(
    "text",
    [
        # CuPy's Windows wheel for CUDA 11.2 without that CUDA's NVRTC (98mxr/GMFSS_Fortuna#6)
        "CuPy failed to load nvrtc64_112_0.dll: FileNotFoundError: Could not find module "
        "'nvrtc64_112_0.dll' (or one of its dependencies). Try using the full path with "
        "constructor syntax.",
        "FileNotFoundError: Could not find module 'C:\\cuda\\bin\\cublas64_11.dll' (or one of its "
        "dependencies).",
    ],
)
def test_a_cuda_dll_of_the_wheels_release_missing(text: str) -> None:
    assert pats(text) == ["cupy-cuda-library-not-loaded"]


@pytest.mark.parametrize(
    "text",
    [
        # Linux: the loader's own message has its reading; not CuPy's
        "RuntimeError: CuPy failed to load libnvrtc.so.12: OSError: libnvrtc.so.12: cannot open "
        "shared object file: No such file or directory",
        # a DLL of no CUDA library
        "FileNotFoundError: Could not find module 'C:\\tools\\zlib1.dll' (or one of its "
        "dependencies).",
        # CuPy speaking of another library in prose
        "CuPy failed to load the configuration file",
    ],
)
def test_cupys_dll_reading_leaves_other_failures_alone(text: str) -> None:
    assert "cupy-cuda-library-not-loaded" not in pats(text)


def test_cupys_import_banner_is_a_warning_of_mismatched_cuda_libraries() -> None:
    text = (
        "================================================================\n"
        "Failed to import CuPy.\n\n"
        "If you installed CuPy via wheels (cupy-cudaXXX or cupy-rocm-X-X), make sure that the "
        "package matches with the version of CUDA or ROCm installed.\n"
    )
    assert set(pats(text)) == {"cupy-import-failed"}
    assert pattern("cupy-import-failed").severity == "warning"
    # only CuPy's banner, at the start of its line
    assert "cupy-import-failed" not in pats("I wonder why it failed to import cupy here")


NUMBA_LINK = (
    "Traceback (most recent call last):\n"
    '  File "/usr/local/lib/python3.8/dist-packages/numba/cuda/cudadrv/driver.py", line 2705, '
    "in add_ptx\n"
    "    driver.cuLinkAddData(self.handle, enums.CU_JIT_INPUT_PTX,\n"
    "numba.cuda.cudadrv.driver.CudaAPIError: [222] Call to cuLinkAddData results in "
    "UNKNOWN_CUDA_ERROR\n"
)
XLA_LINK = (
    "RuntimeError: Unknown: no kernel image is available for execution on the device\n"
    "in external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_asm_compiler.cc(44): "
    "'cuLinkAddData( link_state, CU_JIT_INPUT_CUBIN, static_cast<void*>(image.bytes.data()), "
    'image.bytes.size(), "", 0, nullptr, nullptr)\'\n'
)


def test_a_failed_jit_link_points_at_the_driver() -> None:
    # numba's PTX link in a container newer than the host driver (NVIDIA-Merlin/NVTabular#1764);
    # its raw code 222 is CUDA_ERROR_UNSUPPORTED_PTX_VERSION, read as that since round 32
    assert pats(NUMBA_LINK) == ["ptx-unsupported-toolchain"]
    # a failed link whose code does not say why stays the linker's failure
    assert "jit-link-failed" in pats(NUMBA_LINK.replace("[222]", "[218]"))
    assert pattern("jit-link-failed").category == "driver-too-old"
    assert pattern("jit-link-failed").severity == "warning"


def test_no_kernel_image_out_of_the_jit_linker_is_the_linkers_failure() -> None:
    # jaxlib +cuda111 with ptxas 11.1 on driver 450 (jax-ml/jax#5723): not a build without
    # kernels for the GPU
    assert pats(XLA_LINK) == ["jit-link-failed"]
    # without the linker, "no kernel image" keeps its own reading
    assert pats(XLA_LINK.split("\n")[0]) == ["no-kernel-image"]


def test_a_failed_link_gives_way_to_the_ptx_message_that_says_why() -> None:
    text = NUMBA_LINK + (
        "numba.cuda.cudadrv.driver.LinkerError: [222] Call to cuLinkAddData results in "
        "CUDA_ERROR_UNSUPPORTED_PTX_VERSION\n"
    )
    assert set(pats(text)) == {"ptx-unsupported-toolchain"}


def test_the_linker_named_in_prose_or_as_a_word_is_no_failure() -> None:
    assert "jit-link-failed" not in pats("numba uses cuLinkAddData to link PTX, see the docs")


FASTSURFER = (
    'docker: Error response from daemon: could not select device driver "" with capabilities: '
    "[[gpu]].\n\n"
    "I am trying to use FastSurfer on a MacBook Pro carrying the Apple Silicon M1 chip. I was "
    "supposed install nvidia-container-toolkit via `sudo apt-get`, but apt-get doesn't work on "
    "Mac.\n"
)


def test_dockers_gpu_message_on_a_mac_says_there_is_no_nvidia_gpu() -> None:
    assert pats(FASTSURFER) == ["docker-gpu-on-macos"]
    assert pattern("docker-gpu-on-macos").category == "driver-not-loaded"
    assert pattern("docker-gpu-on-macos").severity == "error"


def test_dockers_gpu_message_on_linux_keeps_its_readings() -> None:
    linux = FASTSURFER.replace("a MacBook Pro carrying the Apple Silicon M1 chip", "Ubuntu 22.04")
    linux = linux.replace("on Mac", "here")
    assert pats(linux) == ["container-toolkit-not-configured"]
    bare = FASTSURFER.split("\n")[0]
    assert pats(bare) == ["container-no-gpu-driver"]


NNUNET = (
    "RuntimeError: One or more background workers are no longer alive. Exiting. Please check "
    "the print statements above for the actual error message\n\n"
    "I get this error when I run training inside a docker container:\n"
    "root@cc5d09285d9b:/nnunet# nnUNetv2_train 004 3d_fullres 0 -tr nnUNetTrainer\n"
)


def test_nnunet_workers_dying_inside_a_container_point_at_its_shared_memory() -> None:
    # MIC-DKFZ/nnUNet#1898: --ipc=host fixed it
    assert pats(NNUNET) == ["container-workers-shm"]


@pytest.mark.parametrize(
    "text",
    [
        # no container: the workers died of something else (nnUNet#2203 was an old gcc)
        NNUNET.replace("inside a docker container", "on my workstation"),
        # the container already has a larger /dev/shm
        NNUNET + "docker run --gpus all --shm-size=32g nnunet\n",
        NNUNET.replace("--", "") + "I already start it with --ipc=host\n",
    ],
)
def test_nnunet_workers_dying_elsewhere_are_not_read_as_shm(text: str) -> None:
    assert "container-workers-shm" not in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        # colmap/colmap#1061
        "As my system doesn't have Nvidia graphics card & so I get error while running dense",
        "the machine does not have any NVIDIA GPUs",
        "I dont have nvidia gpu, only the CPU",
    ],
)
def test_no_nvidia_gpu_stated_in_more_words(text: str) -> None:
    assert pats(text) == ["no-nvidia-gpu-stated"]


@pytest.mark.parametrize(
    "text",
    [
        "I don't have an NVIDIA driver installed yet",  # a driver, not the GPU
        "doesn't have nvidia-smi on PATH",
        "we have an NVIDIA GPU",
    ],
)
def test_no_nvidia_gpu_stated_near_misses(text: str) -> None:
    assert "no-nvidia-gpu-stated" not in pats(text)


def test_the_reporters_no_gpu_gives_way_to_the_programs_own_reading() -> None:
    # one finding, not two: the program's no-GPU message read in the light of the statement
    text = (
        "I don't have an NVIDIA GPU.\n"
        "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an "
        "NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n"
    )
    assert pats(text) == ["cuda-called-without-a-gpu"]
    assert pats(text.split("\n")[0]) == ["no-nvidia-gpu-stated"]


# --- after heldout71 and heldout72's scoring --------------------------------------------------


def test_pips_failure_to_find_a_cpu_build_is_no_cpu_build_installed() -> None:
    # goru001/inltk#62: torch 1.3.1 has no wheel for Python 3.8; nothing was installed
    line = (
        "ERROR: Could not find a version that satisfies the requirement torch==1.3.1+cpu (from "
        "versions: 0.1.2, 1.4.0, 1.4.0+cpu, 1.5.0)"
    )
    assert pats(line) == ["pip-no-framework-wheel"]
    assert pats("ERROR: No matching distribution found for torch==1.3.1+cpu") == [
        "pip-no-framework-wheel"
    ]
    # an installed +cpu build keeps its reading
    assert pats("torch==2.1.0+cpu") == ["torch-cpu-build-shown"]
    assert pats("my pytorch version changes to 1.12.0+cpu") == ["torch-cpu-build-shown"]


@pytest.mark.parametrize(
    "text",
    [
        "Error: xformers cp39-cp39 is not a supported wheel on this platform.",
        "torch-1.8.0-cp38-cp38-win_amd64.whl is not a supported wheel on this platform.",
        "pkg cp310-abi3 is not a supported wheel on this platform",
    ],
)
def test_a_wheel_named_by_its_tags_is_a_wheel_for_another_python(text: str) -> None:
    assert pats(text) == ["wheel-not-supported-here"]


def test_a_sentence_about_wheels_is_not_a_refused_wheel() -> None:
    assert "wheel-not-supported-here" not in pats("cp39 wheels are supported on this platform")


def test_an_executable_without_libtorch_on_its_loader_path() -> None:
    # LaurentMazare/tch-rs#767: LD_LIBRARY_PATH named libtorch's root, not its lib/
    line = (
        "target/release/myproject : error while loading shared libraries: libtorch_cuda.so: "
        "cannot open shared object file: No such file or directory"
    )
    assert pats(line) == ["libtorch-not-on-loader-path"]
    assert pattern("libtorch-not-on-loader-path").category == "os-setting"
    # a Python extension that cannot load libtorch keeps the companion reading
    assert pats(
        "OSError: libtorch_cuda.so: cannot open shared object file: No such file or directory"
    ) == ["torch-companion-lib-missing"]


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        # ankane/torch.rb#34 (clang) and ankane/transformers-ruby#4 (gcc)
        (
            "./utils.h:8:1: error: static_assert failed due to requirement '1 == 1 && 9 == 11' "
            '"Incompatible LibTorch version"',
            "libtorch-version-assert",
        ),
        (
            "./utils.h:8:1: error: static assertion failed due to requirement '2 == 4': "
            "Incompatible LibTorch version",
            "libtorch-version-assert",
        ),
        # LaurentMazare/tch-rs#462, #795
        (
            "cargo:warning=libtch/torch_api_generated.cpp.h:8528:29: error: "
            "'mkldnn_convolution_backward_weights' is not a member of 'torch'",
            "tch-bindings-other-libtorch",
        ),
        (
            "warning: libtch/torch_api_generated.cpp:451:19: error: "
            "'_chunk_grad_outputs_efficient_attention' is not a member of 'torch'",
            "tch-bindings-other-libtorch",
        ),
    ],
)
def test_libtorch_bindings_built_against_another_libtorch(text: str, pid: str) -> None:
    assert pats(text) == [pid]
    assert pattern(pid).category == "framework-pairing"


def test_tchs_generated_file_named_without_an_error_is_nothing() -> None:
    assert pats("compiling libtch/torch_api_generated.cpp:1:1: note: in file included") == []


@pytest.mark.parametrize(
    "text",
    [
        # Joluck/RWKV-PEFT#60 (Triton bf16 kernels on a pre-Ampere GPU)
        "'cvt with .f32.bf16' requires .target sm_80 or higher",
        "ptxas /tmp/tmpxft_0000f5ba-6_gemm_cuda_gen.ptx, line 709; error   : Feature "
        "'.m16n8k16' requires .target sm_80 or higher",
    ],
)
def test_ptxas_refusing_an_instruction_the_gpu_lacks(text: str) -> None:
    assert pats(text) == ["ptxas-feature-needs-newer-target"]
    assert pattern("ptxas-feature-needs-newer-target").category == "gpu-arch-unsupported"


def test_ptxas_near_misses() -> None:
    assert "ptxas-feature-needs-newer-target" not in pats("this kernel targets sm_80 or higher")


def test_a_cuda_dll_that_cannot_be_located() -> None:
    # hacksider/Deep-Live-Cam#1063
    text = "Could not locate cublas64_10.dll. Please make sure it is in your library path!"
    assert pats(text) == ["could-not-load-dynamic-library"]
    # cuDNN's own keeps its reading
    text = "Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!"
    assert pats(text) == ["cudnn-symbol-load-failed"]


# --- after heldout73 and heldout74's scoring --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # meta-pytorch/torchcodec#336: torchcodec built for torch 2.4 beside torch 2.5
        "NotImplementedError: Could not run 'torchcodec_ns::scan_all_streams_to_update_metadata' "
        "with arguments from the 'CPU' backend. This could be because the operator doesn't exist "
        "for this backend",
        # meta-pytorch/torchcodec#671: torchcodec 0.3 beside a torch 2.8 nightly
        "NotImplementedError: There were no tensor arguments to this function (e.g., you passed "
        "an empty list of Tensors), but no fallback function is registered for schema "
        "torchcodec_ns::create_from_file.",
    ],
)
def test_an_extensions_operators_without_kernels(text: str) -> None:
    assert pats(text) == ["extension-op-kernels-not-registered"]
    assert pattern("extension-op-kernels-not-registered").category == "framework-pairing"


@pytest.mark.parametrize(
    ("text", "pid"),
    [
        # torch's own operators are not an extension's
        ("Could not run 'aten::empty_strided' with arguments from the 'CPU' backend", None),
        (
            "no fallback function is registered for schema aten::_local_scalar_dense",
            None,
        ),
        # the CUDA backend keeps its readings (an extension built without CUDA; torchvision's)
        (
            "Could not run 'texture_baker_cpp::rasterize' with arguments from the 'CUDA' backend",
            "extension-op-no-cuda-kernel",
        ),
        (
            "Could not run 'torchvision::nms' with arguments from the 'CUDA' backend",
            "torchvision-operator-missing",
        ),
    ],
)
def test_operator_messages_that_are_not_an_extensions_missing_kernels(text: str, pid: str) -> None:
    found = pats(text)
    assert "extension-op-kernels-not-registered" not in found
    if pid:
        assert found == [pid]


def test_decord_asked_for_a_gpu_context_without_cuda() -> None:
    # dmlc/decord#71: its PyPI wheels are CPU-only
    assert pats("CUDA not enabled. Requested context GPU(0).") == ["decord-built-without-cuda"]
    assert pats("CUDA not enabled in this notebook") == []


def test_chattts_falling_back_to_the_cpu() -> None:
    # jianchang512/ChatTTS-ui#35: a CPU-only torch from the requirements
    text = (
        "2024-06-01 22:30:31,792 - modelscope - INFO - PyTorch version 2.3.0 Found.\n"
        "WARNING:ChatTTS.utils.gpu_utils:No GPU found, use CPU instead\n"
        "INFO:ChatTTS.core:use cpu\n"
    )
    assert pats(text) == ["cpu-fallback-notice"]
    # a driver version in the text lets the driver checks judge it instead
    assert pats(text + "Driver Version: 550.54\n") == []


def test_condas_python_spec_is_a_stated_python() -> None:
    # ControlVLA/ControlVLA#3: the setup makes a Python 3.9 env, sam2 needs 3.10
    text = (
        'Hello, the first step is "conda create -n controlvla python==3.9.18", but it seems that '
        "sam2 requires Python greater than 3.10. How should this be handled?"
    )
    assert pats(text) == ["python-below-stated-minimum"]
    assert pats(text.replace("3.9.18", "3.11.4")) == []


def test_a_crash_while_loading_a_torch_extension() -> None:
    # openclimatefix/graph_weather#232: faulthandler's frames (no comma before "in")
    text = (
        "Fatal Python error: Segmentation fault\n"
        'File ".../site-packages/torch/_ops.py", line 1442 in load_library\n'
        'File ".../site-packages/torch_scatter/__init__.py", line 16 in <module>\n'
        'File ".../site-packages/torch_geometric/typing.py", line 139 in <module>\n'
    )
    assert set(pats(text)) == {"extension-crashed-at-load"}
    # an ordinary traceback through the same files is no crash
    ordinary = (
        'File "/usr/lib/python3/site-packages/torch_scatter/__init__.py", line 16, in <module>\n'
        'File "/usr/lib/python3/site-packages/torch/_ops.py", line 1442, in load_library\n'
    )
    assert "extension-crashed-at-load" not in pats(ordinary)


def test_a_libstdcxx_without_the_cxx11_abi() -> None:
    # NVlabs/NVBit#3: gcc configured --with-default-libstdcxx-abi=gcc4-compatible
    line = (
        "./tools/instr_count/instr_count.so: undefined symbol: "
        "_ZTVNSt7__cxx1118basic_stringstreamIcSt11char_traitsIcESaIcEEE"
    )
    assert pats(line) == ["libstdcxx-without-cxx11-abi"]
    # a torch symbol with a __cxx11 string argument is an extension built for another torch
    torch_sym = (
        "flash_attn_2_cuda.so: undefined symbol: "
        "_ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
    )
    assert "libstdcxx-without-cxx11-abi" not in pats(torch_sym)


def test_a_bundled_cuda_dll_that_cannot_be_preloaded() -> None:
    # AmusementClub/vs-mlrt#13: PyTorch's own cublas64_11.dll already in the process
    line = (
        "vstrt: failed to preload C:\\Users\\AppData\\Roaming\\VapourSynth\\plugins64\\"
        "vsmlrt-cuda\\cublas64_11.dll, errno 127"
    )
    assert pats(line) == ["cuda-dll-preload-failed"]
    assert pats("failed to preload the model cache, errno 2") == []


def test_a_package_named_after_python_is_no_stated_python() -> None:
    # "opencv-contrib-python==3.4.2.17" states no Python 3.4
    text = (
        "sam2 requires Python greater than 3.10\n"
        "ERROR: No matching distribution found for opencv-contrib-python==3.4.2.17\n"
    )
    assert "python-below-stated-minimum" not in pats(text)
