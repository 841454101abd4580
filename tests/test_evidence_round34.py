"""Round thirty-four: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, snap_of

from envcheck.compat import load_matrix


def _gpu_names(tmp_path: Path, text: str) -> list:
    return [g.name for g in snap_of(tmp_path, text).gpus()]


def test_a_gpu_named_in_a_text_about_gpu_work_is_the_gpu(tmp_path: Path) -> None:
    # baidu-research/warp-ctc#28: "Running GPU tests ... I have GeForce GTX 580." names no
    # CUDA word, yet the one GPU it names is the one the tests run on (a Fermi card, cc 2.0)
    text = (
        "I have these errors when I try to run 'test_gpu':\n\nRunning GPU tests\n"
        "terminate called after throwing an instance of 'std::runtime_error'\n"
        "I have GeForce GTX 580.\n"
    )
    assert _gpu_names(tmp_path, text) == ["GeForce GTX 580"]
    found = judge(tmp_path, text, ["EC215"], load_matrix())
    assert found == [("EC215", "gpu-arch-unsupported", "warning")]


def test_a_gpu_named_in_passing_without_gpu_or_cuda_words_is_no_fact(tmp_path: Path) -> None:
    for text in (
        "GTX 580 prices dropped again this week\n",
        "my old GTX 580 still sits in a drawer\n",
    ):
        assert _gpu_names(tmp_path, text) == [], text


def _first(text: str) -> list:
    from evidence_support import pats

    return pats(text)


def test_dkms_failures_said_in_prose() -> None:
    # voidlinux/void-packages#5896, negativo17/nvidia-driver#165
    for text in (
        "5) DKMS fails to compile the kernel module\n",
        "after the update the dkms module is complete gone\n",
        "a minor update to dkms-nvidia seemingly deleted my dkms module entirely\n",
        "dkms could not build nvidia for 6.8.0\n",
    ):
        assert "dkms-build-failed" in _first(text), text


def test_dkms_named_without_a_failure_is_no_finding() -> None:
    for text in (
        "sudo dkms build -m nvidia/560.35.03 --force\n",
        "dkms status shows the module is installed\n",
        "the dkms module builds fine for every kernel\n",
    ):
        assert "dkms-build-failed" not in _first(text), text


def test_left_on_nouveau_and_a_fallback_display_mode() -> None:
    assert "nouveau-owns-gpu" in _first("it's pretty unusable with nouveau :(\n")
    assert "nouveau-owns-gpu" in _first("the system falls back to nouveau on boot\n")
    assert "nouveau-owns-gpu" not in _first("I removed nouveau and installed nvidia-driver\n")
    # negativo17/nvidia-driver#105
    text = "I then booted up in to a fallback VGA mode (800x600 or similar).\n"
    assert "display-fallback-mode" in _first(text)
    for near in (
        "the scheduler has a fallback mode for CPUs\n",
        "set the fallback to CPU mode\n",
        "NVIDIA fallback to the CPU mode when no GPU\n",
    ):
        assert "display-fallback-mode" not in _first(near), near


def test_a_new_kernel_that_fails_where_the_old_one_works() -> None:
    # OpenMandrivaAssociation/distribution#1102
    text = (
        "the new 3.18.12 kernel the same problem.\nOnly 3.18.11 works.\n"
        "/var/lib/dkms/nvidia-current/kernel-3.18.11/log/make.log\n"
    )
    assert "kernel-update-lost-driver" in _first(text)
    assert "kernel-update-lost-driver" not in _first(text.replace("nvidia-current", "wifi"))
    assert "kernel-update-lost-driver" not in _first(
        "the new 6.1 kernel boots fine with nvidia 535\n"
    )


def test_akmods_or_dkms_said_not_to_sign_the_module() -> None:
    # fedora-silverblue/issue-tracker#272
    for text in (
        "When using rpm-ostree, akmods does not sign compiled module with keys\n",
        "the nvidia kernel module is not signed, so Secure Boot refuses it\n",
        "dkms failed to sign the module\n",
    ):
        assert "secure-boot-blocks-module" in _first(text), text
    for text in (
        "akmods signs the module with the key in /etc/pki/akmods\n",
        "the nvidia module is signed and loads\n",
        "I signed the dkms module with mokutil\n",
    ):
        assert "secure-boot-blocks-module" not in _first(text), text


def test_a_driver_function_a_loader_did_not_find() -> None:
    # taichi-dev/taichi#3195
    text = "[E dynamic_loader.cpp:load_function@32] Function cuImportExternalMemory not found\n"
    assert "driver-lacks-entry-point" in _first(text)
    assert "driver-lacks-entry-point" not in _first("Function curl_easy_init not found\n")
    assert "driver-lacks-entry-point" not in _first("Function Cube not found\n")


def test_cuda_peer_mapping_resources_exhausted() -> None:
    # TabbyML/tabby#1162: ten GPUs visible to llama.cpp
    text = "CUDA error 711 at ggml-cuda.cu:6826: peer mapping resources exhausted\n"
    assert "too-many-peers" in _first(text)
    assert "too-many-peers" not in _first("peer access enabled between GPU 0 and GPU 1\n")


def test_windows_cannot_load_a_cuda_build_native_module() -> None:
    # buxuku/SmartSub#129
    text = (
        "generate subtitle error: Error: The specified module could not be found.\n"
        "C:\\Program Files\\App\\resources\\addons\\win-x64-cuda\\addon.node\n"
    )
    assert "cuda-module-dependencies-missing" in _first(text)
    cpu = text.replace("win-x64-cuda", "win-x64-cpu")
    assert "cuda-module-dependencies-missing" not in _first(cpu)


def test_mediapipe_build_without_gpu_and_keras_against_a_newer_tensorflow() -> None:
    # google-ai-edge/mediapipe#6231, matterport/Mask_RCNN#2575
    text = "ValidatedGraphConfig Initialization failed. GPU processing is disabled in build flags\n"
    assert "mediapipe-gpu-disabled-build" in _first(text)
    assert "mediapipe-gpu-disabled-build" not in _first("GPU processing is enabled\n")
    text = (
        "AttributeError: module 'keras.utils.generic_utils' has no attribute "
        "'populate_dict_with_module_objects'\n"
    )
    assert "keras-populate-dict-missing" in _first(text)
    assert "keras-populate-dict-missing" not in _first("populate_dict_with_module_objects(x)\n")


def test_no_kernel_image_with_its_words_swapped() -> None:
    # YukeWang96/QGTC_PPoPP22#1
    text = "CUDA error at Quantize_val: No image kernel is available for excution on the device\n"
    assert "no-kernel-image" in _first(text)
    assert "no-kernel-image" not in _first("No image is available for the device\n")


def test_device_order_said_to_differ_from_nvidia_smi() -> None:
    # NVIDIA/DIGITS#1358, LostRuins/koboldcpp#1023
    text = (
        "In DIGITS I selected GPU 2 and 3 for training, but the GPU utilisation showing in "
        "nvidia-smi says the training is happening on GPU 0 and 1.\n"
    )
    assert "device-order-differs-stated" in _first(text)
    text = (
        "$ nvidia-smi --query-gpu=name,memory.total,index --format csv,noheader\n"
        "However, in llama.cpp, the order is reversed:\n"
    )
    assert "device-order-differs-stated" in _first(text)
    for near in (
        "However, in llama.cpp, the order is reversed:\n",  # no nvidia-smi in the text
        "I selected GPU 2 and nvidia-smi shows it busy on GPU 2\n",
        "$ nvidia-smi\nthe order of the layers is reversed\n",
    ):
        assert "device-order-differs-stated" not in _first(near), near


def test_llama_cpp_built_without_a_gpu_back_end() -> None:
    # abetlen/llama-cpp-python#787, zylon-ai/private-gpt#1405
    assert "llama-cpp-blas-0" in _first('It keeps saying "BLAS=0" when starting the model\n')
    line = "AVX = 1 | AVX2 = 1 | FMA = 1 | NEON = 0 | F16C = 1 | BLAS = 0 | SSE3 = 1 |\n"
    assert "llama-cpp-blas-0" in _first(line)
    assert "llama-cpp-blas-0" not in _first(line.replace("BLAS = 0", "BLAS = 1"))
    assert "llama-cpp-blas-0" not in _first("HAVE_BLAS = 0\nOPENBLAS = 0.3.21\n")
    text = "warning: not compiled with GPU offload support, --gpu-layers option will be ignored\n"
    assert "llama-cpp-no-gpu-offload" in _first(text)


def test_llama_cpp_loading_only_cpu_buffers_with_gpu_layers_asked() -> None:
    # Maximilian-Winter/llama-cpp-agent#57, ggml-org/llama.cpp#6898
    text = (
        "the model isn't loading into the GPU (I can only see `llm_load_tensors:        CPU "
        "buffer size =  2281.66 MiB` and no CUDA line), even though I've got `n_gpu_layers=40`\n"
    )
    assert "llama-cpp-cpu-buffers-only" in _first(text)
    with_cuda = text + "ggml_cuda_init: found 1 CUDA devices:\n"
    assert "llama-cpp-cpu-buffers-only" not in _first(with_cuda)
    told = (
        "llama_cpp_python 0.2.64 on a 4090\nEven if I tried changing n_gpu_layers to -1,0, or "
        "other values\n\nAnd main_gpu also tried 0,1,2\n\nalso has no effect\n"
    )
    assert "llama-cpp-cpu-buffers-only" in _first(told)
    # a working CUDA build that offloads one layer (simonw/llm-llama-cpp#19, a control)
    control = (
        "I've compiled llama.cpp python binding with CUDA support enabled and the GPU offload "
        "is working:\nllm_load_tensors: using CUDA for GPU acceleration\nllm_load_tensors: "
        "offloaded 1/35 layers to GPU\nit looks like `n_gpu_layers` is set to 1 and can't be "
        "changed\n"
    )
    assert "llama-cpp-cpu-buffers-only" not in _first(control)


def test_vina_gpu_segfault_and_a_chinese_shell_segfault() -> None:
    # DeltaGroupNJUPT/Vina-GPU#11 (in Chinese) and #31 (under sbatch)
    for text in (
        "./Vina-GPU --config x.txt\nUsing random seed: 1167282562\n段错误 (核心已转储)\n",
        "Using random seed: 319215121\nline 10: 1763903 Segmentation fault (core dumped) "
        "Vina-GPU --receptor r.pdbqt\n",
    ):
        assert "vina-gpu-stack-overflow" in _first(text), text
    assert "vina-gpu-stack-overflow" not in _first("Vina-GPU finished in 12 s\n")
    assert "vina-gpu-stack-overflow" not in _first("Segmentation fault (core dumped) in vina\n")


def test_messages_of_openmm_accelerate_tensorflow_ops_and_amdgpu() -> None:
    cases = {
        # essex-lab/grand#7
        'Exception: There is no registered Platform called "CUDA"\n': "openmm-no-cuda-platform",
        # QwenLM/Qwen-VL#447
        "NotImplementedError: Using RTX 4000 series doesn't support faster communication "
        "broadband via P2P or IB.\n": "accelerate-rtx40-p2p-refused",
        # ftramer/slalom#3
        "tensorflow.python.framework.errors_impl.NotFoundError: ./App/cuda_fmod.so: undefined "
        "symbol: cudaGetDeviceCount\n": "tf-op-cuda-symbol-undefined",
        # ROCm/legacy-rocm-build#385
        "amdgpu: [powerplay] GPU over temperature range detected on PCIe 0:0.0!\n": (
            "amdgpu-over-temperature"
        ),
    }
    for text, pid in cases.items():
        assert pid in _first(text), text
    assert "openmm-no-cuda-platform" not in _first('platform = getPlatformByName("CUDA")\n')
    assert "tf-op-cuda-symbol-undefined" not in _first(
        "NotFoundError: ./op.so: undefined symbol: _ZN10tensorflow8OpKernel\n"
    )


def test_power_loss_and_visible_devices_and_onnxruntime_said_in_prose() -> None:
    # noonghunna/club-3090#1019, NVIDIA/cudf#10336
    for text in (
        "Any prompt is instantly shutting down the whole rig (power off, no fans spinning).\n",
        "the system will freeze up and then crash hard - faster than any logs get generated\n",
        "System runs successfully or crashes gracefully (not a sudden hardware shutdown).\n",
    ):
        assert "power-loss-under-load-stated" in _first(text), text
    assert "power-loss-under-load-stated" not in _first("the program crashed; shutdown hook\n")
    # KaiyangZhou/deep-person-reid#267
    text = (
        'I tried to put "CUDA_VISIBLE_DEVICES=0" before "python main.py",  the same thing '
        "occurred.\n"
    )
    assert "visible-devices-no-effect-stated" in _first(text)
    assert "visible-devices-no-effect-stated" not in _first("CUDA_VISIBLE_DEVICES=0 python a.py\n")
    # RVC-Boss/GPT-SoVITS#1227
    for text in (
        "使用dockerfile build后的镜像 onnxruntime无法使用CUDAExecutionProvider。\n",
        "onnxruntime-gpu cannot use CUDAExecutionProvider in the container\n",
    ):
        assert "onnxruntime-no-cuda-provider" in _first(text), text
    assert "onnxruntime-no-cuda-provider" not in _first(
        "onnxruntime can use CUDAExecutionProvider\n"
    )


def test_driver_floors_and_host_drivers_in_newer_forms(tmp_path: Path) -> None:
    # modular/modular#6519: the floor and the host's driver in one message
    text = (
        "Exception: MAX doesn't support your current NVIDIA GPU driver. MAX requires a minimum "
        "driver version of 580 and CUDA version 13.0. Your driver version is 570.211.01\n"
    )
    assert "max-driver-unsupported" in _first(text)
    found = judge(tmp_path, text, ["EC108"], load_matrix())
    assert found == [("EC108", "driver-too-old", "error")]
    ok = text.replace("570.211.01", "580.95.05")
    assert judge(tmp_path, ok, ["EC108"], load_matrix()) == []
    # CachyOS/distribution#542: Arch's versioned driver package, its version after a space
    pkg = (
        "NVIDIA GTX 1080 Ti / nvidia-580xx-dkms 580.173.02\nffmpeg 9.x is built against NVENC "
        "API 13.1 headers, which requires NVIDIA driver ≥ 610\n"
    )
    assert judge(tmp_path, pkg, ["EC108"], load_matrix()) == [("EC108", "driver-too-old", "error")]


def test_driver_api_symbols_and_attributes_a_driver_lacks() -> None:
    # modular/modular#6572, taichi-dev/taichi#3917, NVIDIA/cuda-python#184
    assert "driver-lacks-entry-point" in _first(
        '[BUG] Failed to find symbol "cuFuncGetParamInfo" in "libcuda.so.1"\n'
    )
    assert "driver-lacks-entry-point" not in _first('Failed to find symbol "main" in "libfoo.so"\n')
    for text in (
        "CUDA Error CUDA_ERROR_INVALID_VALUE: invalid argument while calling "
        "device_get_attribute (cuDeviceGetAttribute)\n",
        "When I call `cuDeviceGetAttribute` with CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED I get "
        "the error `<CUresult.CUDA_ERROR_INVALID_VALUE: 1>`.\n",
    ):
        assert "device-attribute-unknown-to-driver" in _first(text), text
    assert "device-attribute-unknown-to-driver" not in _first(
        "cuDeviceGetAttribute returned 1024 threads\n"
    )
    # torch's driver message pasted without its first line (torch-points3d#415)
    tail = (
        "    Alternatively, go to: https://pytorch.org to install\n"
        "    a PyTorch version that has been compiled with your version\n"
        "    of the CUDA driver.\n"
    )
    assert "driver-too-old-found-version" in _first(tail)


def test_messages_of_bend_cudarc_futhark_sunshine_and_old_opencv() -> None:
    cases = {
        # HigherOrderCO/Bend#532, HVM1#383
        "CUDA runtime not available!\n If you've installed CUDA and nvcc after HVM, please "
        "reinstall HVM.\n": "hvm-built-without-cuda",
        "Failed to launch kernels. Error code: invalid argument.\n": "hvm-kernel-launch-failed",
        # huggingface/candle#2210
        "Unsupported cuda toolkit version: `12050`. Please raise a github issue.\n": (
            "cudarc-unsupported-toolkit"
        ),
        # diku-dk/futhark#2327
        "/usr/local/cuda/include/cuda.h:90:45: error: too few arguments to function "
        "‘cuCtxCreate_v4’\n": "cuctxcreate-v4-signature",
        # LizardByte/Sunshine#5309
        "Error: Couldn't scale frame: Invalid argument\n": "sunshine-nvenc-scale-failed",
        # opencv/opencv#14502, #12575
        "CUDA_nppi_LIBRARY (ADVANCED)\n": "opencv-npp-split-cuda9",
        "/usr/bin/ld: cannot find -lopencv_dep_nppial\n": "opencv-npp-split-cuda9",
    }
    for text, pid in cases.items():
        assert pid in _first(text), text
    for text in (
        "cuCtxCreate_v4(&ctx, NULL, 0, dev)\n",
        "Failed to launch the kernel\n",
        "CUDA_nppial_LIBRARY found\n",
    ):
        assert not {"cuctxcreate-v4-signature", "hvm-kernel-launch-failed"} & set(_first(text))
        assert "opencv-npp-split-cuda9" not in _first(text), text


def test_a_number_format_said_missing_on_a_gpu_without_it() -> None:
    # unslothai/unsloth#3669, georgian-io/LLM-Finetuning-Toolkit#134
    for text in (
        "As you mentioned, free Colab NVIDIA Tesla T4 GPUs don't support FP8.\n",
        "Add comment to indicate tf32 won't be available for older GPUs\non colab with T4 GPU\n",
        "bf16 is not supported on my RTX 2080 Ti\n",
        "the A100 doesn't support FP8\n",  # Ampere: bf16 and TF32, but no FP8
    ):
        assert "number-format-beyond-the-gpu" in _first(text), text
    for text in (
        "bf16 is not supported on my A100\n",  # an A100 has bf16: the cause is elsewhere
        "T4 runs fp16 fine; bf16 works on the L4\n",  # nothing said to be missing
        "bf16 is not supported in this old release\n",  # no GPU named
    ):
        assert "number-format-beyond-the-gpu" not in _first(text), text


def test_cuda_visible_devices_set_to_a_word_hides_the_gpus() -> None:
    # jina-ai/serve#5652: Jina's per-replica placeholder run outside Jina
    text = (
        "CUDA_VISIBLE_DEVICES=RR Python xxx.py,\n"
        "After running the program, it will prompt torch.cuda.is_ available() == false\n"
    )
    assert "visible-devices-hide-the-gpus" in _first(text)
    for near in (
        "CUDA_VISIBLE_DEVICES=$GPU python a.py\ntorch.cuda.is_available() False\n",  # a variable
        "CUDA_VISIBLE_DEVICES=all\ntorch.cuda.is_available() == False\n",  # Docker's value
        "CUDA_VISIBLE_DEVICES=GPU-3f2a python x.py\nis_available() False\n",  # a UUID
        "CUDA_VISIBLE_DEVICES=RR python x.py\n",  # nothing says CUDA sees no GPU
    ):
        assert "visible-devices-hide-the-gpus" not in _first(near), near


def test_blender_without_a_cycles_device_and_deepmd_without_a_gpu() -> None:
    text = "Device found: CUDA\nError: Found no Cycles device of the specified type\n"
    assert "cycles-no-device-of-type" in _first(text)
    assert "cycles-no-device-of-type" not in _first("Cycles device: CUDA (GeForce RTX 3060)\n")
    # deepmodeling/deepmd-kit#2169
    text = (
        "DEEPMD INFO    computing device:     cpu:0\n"
        "DEEPMD INFO    CUDA_VISIBLE_DEVICES: 0,1,2,3,4,5,6,7\n"
        "DEEPMD INFO    Count of visible GPU: 0\n"
    )
    assert "deepmd-no-visible-gpu" in _first(text)
    assert "deepmd-no-visible-gpu" not in _first("DEEPMD INFO    Count of visible GPU: 8\n")


def test_torch_cpu_build_assertion_cut_after_with() -> None:
    # heldout87's mini-omni-35: the paste ends inside torch.cuda's _lazy_init
    text = (
        '  File "i:\\\\mini-omni\\\\venv\\\\lib\\\\site-packages\\\\torch\\\\cuda\\\\__init__.py", '
        "line 284, in _lazy_init\n"
        '    raise AssertionError("Torch not compiled with\n'
    )
    assert "torch-not-compiled-with-cuda" in _first(text)
    done = '    raise AssertionError("Torch not compiled with XPU enabled")\n'
    assert "torch-not-compiled-with-cuda" not in _first(done)


def test_tensorflow_gpu_said_shadowed_by_the_cpu_package() -> None:
    # keras-team/keras#5776, tensorflow/text#195
    for text in (
        "before install keras, tensorflow can find my GPU. But after install keras, tensorflow "
        "only can find CPU.\n",
        "It seems that a pip install of tensorflow-text>=2.0.0rc0 also installs tensorflow-2. If "
        "you previously had installed tensorflow-gpu the new one will disable GPU access.\n",
    ):
        assert "tensorflow-gpu-shadowed-stated" in _first(text), text
    for text in (
        "after install keras, tensorflow finds the GPU\n",
        "pip install tensorflow-gpu==1.15 works fine\n",
    ):
        assert "tensorflow-gpu-shadowed-stated" not in _first(text), text
