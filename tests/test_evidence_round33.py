"""Round thirty-three: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from evidence_support import pats


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
