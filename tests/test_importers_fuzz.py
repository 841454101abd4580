"""Property tests: no input makes the importers raise anything but a clean InputError, and
whatever they return is a valid Snapshot that round-trips through JSON."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from importers_support import fixtures

from envcheck.errors import InputError
from envcheck.importers import parse_text, snapshot_from_reports
from envcheck.snapshot import Snapshot

REAL = [p.read_text(encoding="utf-8") for p in fixtures()]

FRAGMENTS = [
    "PyTorch version: ",
    "CUDA used to build PyTorch: ",
    "Is CUDA available: ",
    "GPU models and configuration: GPU 0: ",
    "Nvidia driver version: ",
    "cuDNN version: ",
    "| NVIDIA-SMI 535.104.05   Driver Version: ",
    "CUDA Version: ",
    "|   0  NVIDIA H100 80GB HBM3   On  | 00000000:18:00.0 Off |  ",
    "==============NVSMI LOG==============\n",
    "GPU 00000000:01:00.0\n    Product Name : ",
    "Cuda compilation tools, release ",
    "jax:    ",
    "jaxlib: ",
    "jax.devices (1 total, 1 local): [",
    "OrderedDict([('cuda_version', ",
    "{'is_cuda_build': ",
    "== check pips ==\n",
    "# packages in environment at /x:\n",
    "[pip3] torch==",
    "[conda] pytorch ",
    "NVRM version: NVIDIA UNIX x86_64 Kernel Module  ",
    "found version ",
    "with CUDA capability sm_",
]

pieces = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.text(max_size=40),
    st.from_regex(r"\d{1,6}(\.\d{1,4}){0,3}", fullmatch=True),
    st.sampled_from(["\n", " : ", "|", "(", ")", "]", "[", "'", "MiB", "C ", "W / "]),
)
texts = st.one_of(
    st.lists(pieces, max_size=60).map("".join),
    st.tuples(st.sampled_from(REAL), st.integers(0, 5000), st.text(max_size=30)).map(
        lambda t: t[0][: t[1]] + t[2]
    ),
)


def _check(snapshot: Snapshot) -> None:
    assert Snapshot.from_json(snapshot.to_json()) == snapshot


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_parse_text_never_raises(text: str) -> None:
    parse_text(text, "fuzz")  # no exception at all on any text


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(texts.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=3000)))
def test_snapshot_from_reports_is_clean(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "report.txt"
        path.write_bytes(data)
        try:
            snap = snapshot_from_reports([str(path)], [str(path)])
        except InputError as exc:
            assert "\n" not in str(exc)
            return
        _check(snap)
