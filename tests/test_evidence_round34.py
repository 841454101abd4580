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
    # void-linux/void-packages#5896, negativo17/nvidia-driver#165
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
