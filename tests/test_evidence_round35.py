"""Round thirty-five: the general part, written before this round's pools were scored: GPU
libraries a text names at work without their version (FlashAttention-2, bitsandbytes, AutoAWQ,
TensorRT-LLM, FlashInfer, RAPIDS) held against their documented floors, with the floor that
holds for the most releases and a warning where the unstated version decides; RAPIDS' Pascal
floor before 24.02. Each with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, snap_of

from envcheck.compat import load_matrix


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # FlashAttention-2 at work on a Volta GPU: installed is not always used, a warning
        (
            "I am running flash_attn on my Tesla V100 and it fails\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # transformers asked for it by name, on a T4 (7.5)
        (
            "model = AutoModel.from_pretrained(m, attn_implementation='flash_attention_2')\n"
            "GPU: Tesla T4\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # on an Ampere GPU it runs
        ("I am running flash_attn on my RTX 3090 and it fails\n", []),
        # named as missing or set aside: not at work
        ("No module named 'flash_attn' on my Tesla V100\n", []),
        ("FlashAttention2 is not available, falling back to sdpa. GPU: Tesla V100\n", []),
        # plain "flash attention" may be 1.x, which ran on Turing: not taken as FA2
        ("flash attention is slow on my Tesla T4\n", []),
        # RAPIDS below the floor of every release (Maxwell): an error, whatever the version
        (
            "cuml fails on my GTX 750 Ti\n",
            [("EC206", "gpu-arch-unsupported", "error")],
        ),
        # Pascal: only releases from 24.02 refuse it, and the version is not stated: a warning
        (
            "cuml fails on my GTX 1080\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # a stated version decides: 23.12 still supported Pascal
        ("cuml==23.12.0 on my GTX 1080\n", []),
        # ... and 23.12 never supported Maxwell
        (
            "cuml==23.12.0 on my GTX 750 Ti\n",
            [("EC206", "gpu-arch-unsupported", "error")],
        ),
        # a dask-cudf or cudf-cu12 package name is not "cudf" named at work
        ("pip install dask-cudf on my GTX 1080\n", []),
        # bitsandbytes on Kepler: below even the 0.46 floor (5.0); one finding, the lowest
        (
            "import bitsandbytes crashes on my Tesla K80\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # on Pascal every recorded floor holds
        ("import bitsandbytes crashes on my GTX 1080 Ti\n", []),
        # TensorRT-LLM on a Turing GPU (below its 8.0), FlashInfer on Pascal (below 7.5)
        (
            "trtllm-build fails on a Tesla T4\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        (
            "flashinfer error on my GTX 1080 Ti\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # AutoAWQ on Pascal; its kernels package alone is not the library named
        (
            "AutoAWQ quantization fails on a Tesla P40\n",
            [("EC206", "gpu-arch-unsupported", "warning")],
        ),
        # no GPU named: nothing to hold a floor against
        ("I am running flash_attn and it fails\n", []),
    ],
)
def test_libraries_named_at_work_against_their_floors(
    tmp_path: Path, text: str, expected: list
) -> None:
    assert judge(tmp_path, text, ["EC206"], load_matrix()) == expected


def test_a_library_named_without_version_says_so(tmp_path: Path) -> None:
    from envcheck.checks import registry

    snap = snap_of(tmp_path, "cuml fails on my GTX 1080\n")
    found = registry.run_checks(snap, load_matrix(), None, only=["EC206"]).findings
    assert len(found) == 1
    assert "version not stated" in found[0].found
    assert "releases >=24.2" in found[0].expected


def test_rapids_floors_cite_their_sources() -> None:
    matrix = load_matrix()
    for name in ("cudf", "cuml", "cugraph", "cudf-cu12"):
        old = matrix.library_floors(name, "23.12.0")
        assert [f["min_cc"] for f in old] == ["6.0"]
        assert old[0]["source"].startswith("https://github.com/rapidsai-community/")
        assert [f["min_cc"] for f in matrix.library_floors(name, "24.2.0")] == ["7.0"]
