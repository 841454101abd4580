"""Round thirty-three: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, pats

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
