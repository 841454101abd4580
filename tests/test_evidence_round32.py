"""Round thirty-two: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.importers import base


def _driver_cuda(tmp_path: Path, text: str) -> object:
    return getattr(snap_of(tmp_path, text).driver, "cuda_version", None)


def _torch_cuda(tmp_path: Path, text: str) -> object:
    return base.deep(snap_of(tmp_path, text), "torch").cuda_version


def test_the_cuda_ceiling_of_a_driver_said_in_a_sentence_is_read(tmp_path: Path) -> None:
    # meta-pytorch/torchrec#3113, Kaggle/docker-python#1281
    for text in (
        "the SageMaker instance uses an older NVIDIA driver that only supports CUDA runtime "
        "version 11.4. This limits me to using PyTorch versions 2.0.x\n",
        "Current CUDA Toolkit version is 11.8, while the CUDA version in the Nvidia driver "
        "is 11.4.\n",
        "my driver supports up to CUDA 12.2\n",
    ):
        assert str(_driver_cuda(tmp_path, text)) in ("11.4", "12.2"), text


def test_a_floor_or_a_toolkit_said_of_a_driver_is_no_ceiling(tmp_path: Path) -> None:
    for text in (
        "I have a driver good enough for CUDA 9.0, and I use CUDA 9.1\n",
        "the new driver supports CUDA 12.4 and newer features\n",  # no ceiling words
        "CUDA version in the docs is 12.1\n",
    ):
        assert not isinstance(_driver_cuda(tmp_path, text), str), text


def test_a_driver_ceiling_below_the_framework_cuda_major_is_an_error(tmp_path: Path) -> None:
    text = (
        "my driver only supports CUDA 11.4\n"
        "pip install torch --index-url https://download.pytorch.org/whl/cu121\n"
    )
    found = judge(tmp_path, text, ["EC101"], load_matrix())
    assert found == [("EC101", "driver-too-old", "error")]


def test_torch_from_pytorchs_index_is_that_cuda_build(tmp_path: Path) -> None:
    for text, cuda in (
        ("pip install torch --index-url https://download.pytorch.org/whl/cu118\n", "11.8"),
        (
            "pip install --pre torch --index-url https://download.pytorch.org/whl/nightly/cu118\n",
            "11.8",
        ),
        (
            "pip3 install torch torchvision torchaudio -i https://download.pytorch.org/whl/cu121\n",
            "12.1",
        ),
    ):
        assert _torch_cuda(tmp_path, text) == cuda, text


def test_an_index_torch_is_not_read_where_pip_may_take_another_build(tmp_path: Path) -> None:
    for text in (
        # --extra-index-url: pip takes the highest version from any index (PyPI's build)
        "pip install torch --extra-index-url https://download.pytorch.org/whl/cu118\n",
        # another package from the index
        "pip install torchvision --index-url https://download.pytorch.org/whl/cu118\n",
        # companions pinned: their plain versions would be judged as PyPI's default builds
        "pip install torch==2.2.0 torchvision==0.17 --index-url "
        "https://download.pytorch.org/whl/cu118\n",
        # no install command
        "see https://download.pytorch.org/whl/cu118 for torch wheels\n",
    ):
        assert _torch_cuda(tmp_path, text) is None, text


def test_numbas_raw_code_222_is_ptx_from_a_newer_cuda(tmp_path: Path) -> None:
    # Kaggle/docker-python#1281: Numba's enum lacks 222 (CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
    text = 'producing the error "[222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR"\n'
    assert pats(text) == ["ptx-unsupported-toolchain"]
    assert "ptx-unsupported-toolchain" not in pats(
        "[200] Call to cuModuleLoadDataEx results in CUDA_ERROR_INVALID_IMAGE\n"
    )
    assert "ptx-unsupported-toolchain" not in pats("[2222] Call to cuLinkAddData results in\n")


def test_pip_building_a_wheel_of_a_binary_package_is_read(tmp_path: Path) -> None:
    # Future-House/paper-qa#224: faiss-cpu had no cp312 wheel yet
    text = (
        "Using python 3.12 I obtained the following error:\n\n"
        "  Building wheel for faiss-cpu (pyproject.toml) ... error\n"
        "  ERROR: Failed building wheel for faiss-cpu\n"
    )
    assert "pip-building-a-binary-package-from-source" in pats(text)
    assert ("EC916", "python-unsupported", "warning") in judge(tmp_path, text, ["EC916"])


def test_a_finished_build_or_another_package_is_no_missing_wheel() -> None:
    for text in (
        "Using python 3.12\n  Building wheel for numpy (setup.py) ... done\n",
        "Using python 3.12\n  Building wheel for faiss-cpu (pyproject.toml) ... done\n",
        "Using python 3.12\n  Building wheel for numpy-financial (setup.py) ... error\n",
        "Using python 3.12\n  Building wheel for flash-attn (setup.py) ... error\n",
    ):
        assert "pip-building-a-binary-package-from-source" not in pats(text), text
