"""Symptom pictures in pasted text (issue 10, seventh round): what the reporter says happened,
when no message names the cause. Each example is written for this test (not a corpus paste);
each picture has near misses that must not match.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats


@pytest.mark.parametrize(
    "text",
    [
        # a fault message and the same job running on another card
        "RuntimeError: CUDA error: an illegal memory access was encountered\n"
        "The same script runs fine on another GPU in the same box.\n",
        # a launch failure that leaves the GPU unusable until a reboot
        "CUDA error: unspecified launch failure\n"
        "After this the GPU cannot be used until I reboot the server.\n",
        # NaNs, and the reporter says the card shows artifacts
        "After 40 iterations the loss goes to nan and stays there.\n"
        "The card also shows artifacts on screen sometimes.\n",
        # one card runs it, the other hangs
        "The 1050ti will run training but the 2080ti hangs at the first step.\n",
        # a GPU dropping out, with a power supply under suspicion
        "During training one GPU is lost and nvidia-smi says it is not detected.\n"
        "We recently changed the power supply.\n",
    ],
)
def test_a_gpu_fault_with_a_sign_that_the_card_is_the_cause(tmp_path: Path, text: str) -> None:
    assert "hardware-fault-suspected" in pats(text)
    assert ("EC910", "gpu-health", "warning") in judge(tmp_path, text, ["EC910"])


@pytest.mark.parametrize(
    "text",
    [
        # a fault, and nothing points at the card
        "RuntimeError: CUDA error: an illegal memory access was encountered\n"
        "It happens with batch size 64 but not with 32.\n",
        # a sign about the card, and no fault
        "The same script runs fine on another GPU; here it is just slower.\n",
        # NaN as a word inside a name is no NaN loss
        "nan_to_num is applied in the loss; training is fine on another machine.\n",
    ],
)
def test_no_hardware_inference_without_both_halves(text: str) -> None:
    assert "hardware-fault-suspected" not in pats(text)


def test_a_hardware_message_is_not_doubled_by_the_inference() -> None:
    text = (
        "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.\n"
        "It trains fine on another machine.\n"
    )
    found = pats(text)
    assert "gpu-fallen-off-bus" in found
    assert "hardware-fault-suspected" not in found


@pytest.mark.parametrize(
    ("text", "pattern", "code", "category"),
    [
        (
            "The dataloader loads data very slowly, so the GPU utilization stays at 0% "
            "for a long time while a lot of CPU is idle.\n",
            "input-bound-disk",
            "EC917",
            "storage",
        ),
        (
            "Volatile GPU-Util is always zero and one batch takes 500 s; it seems I/O bound.\n",
            "input-bound-disk",
            "EC917",
            "storage",
        ),
        (
            "Monitoring shows the GPU is starving: it sits idle waiting for data fetched from "
            "Google Cloud Storage.\n",
            "input-bound-network",
            "EC919",
            "data-network",
        ),
        (
            "GPU utilization drops to 0% every few steps; the images are streamed from an S3 "
            "bucket.\n",
            "input-bound-network",
            "EC919",
            "data-network",
        ),
    ],
)
def test_a_gpu_waiting_for_its_input(
    tmp_path: Path, text: str, pattern: str, code: str, category: str
) -> None:
    assert pattern in pats(text)
    assert (code, category, "warning") in judge(tmp_path, text, [code])


@pytest.mark.parametrize(
    "text",
    [
        # low utilisation alone says nothing about where the time goes
        "The GPU utilization is super low during training.\n",
        # slow data loading with a busy GPU is no starving GPU
        "Loading the data is slow at startup, then GPU utilization is 99%.\n",
        # a bucket of sequence lengths is no storage bucket
        "GPU util is low with bucket_size=8 in the sampler.\n",
    ],
)
def test_no_input_inference_without_a_waiting_gpu_and_a_slow_source(text: str) -> None:
    found = pats(text)
    assert "input-bound-disk" not in found
    assert "input-bound-network" not in found


def _fix_text(tmp_path: Path, text: str) -> str:
    import subprocess
    import sys

    paste = tmp_path / "paste.txt"
    paste.write_text(text)
    out = subprocess.run(
        [sys.executable, "-m", "envcheck", "fix", "--from-report", str(paste)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_fix_for_a_starving_gpu_points_at_the_input_pipeline(tmp_path: Path) -> None:
    plan = _fix_text(
        tmp_path,
        "The GPU sits idle waiting for data fetched from Google Cloud Storage.\n",
    )
    assert "EC919" in plan and "https://pytorch.org/docs/stable/data.html" in plan, plan
    assert "docker" not in plan.lower(), plan  # not the docker-run page of the category


def test_the_fix_for_a_suspect_card_tests_the_card(tmp_path: Path) -> None:
    plan = _fix_text(
        tmp_path,
        "CUDA error: unspecified launch failure\nThe same code runs fine on another GPU.\n",
    )
    assert "EC910" in plan and "verify --kernels full" in plan, plan
    assert "modprobe" not in plan and "pip install" not in plan, plan


def _read(tmp_path: Path, text: str) -> dict:
    from evidence_support import snap_of

    snap = snap_of(tmp_path, text)
    gpus = [g.name for g in snap.gpus()] if snap.driver is not None else []
    return {"installed": snap.installed(), "gpus": gpus}


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("$ ollama -v\nollama version is 0.5.11\n", "0.5.11"),
        ("### Ollama version\n\n0.33.1\n", "0.33.1"),
        ("docker run -d --gpus=all ollama/ollama:0.6.2\n", "0.6.2"),
        ("INFO 08-27 api_server.py:339] vLLM API server version 0.6.1\n", "0.6.1"),
    ],
)
def test_an_application_version_is_read(tmp_path: Path, text: str, version: str) -> None:
    installed = _read(tmp_path, text)["installed"]
    app = "vllm" if "vllm" in text.lower() else "ollama"
    assert installed.get(app) == version, installed


def test_an_application_named_without_its_version_is_in_use(tmp_path: Path) -> None:
    installed = _read(tmp_path, "ollama can't find my gpu and uses the cpu\n")["installed"]
    assert installed.get("ollama") == "(version not stated)"
    # a client library of the same name is not the server
    assert "ollama" not in _read(tmp_path, "pip install ollama-python\n")["installed"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Failed to deploy the model on Nvidia 1080ti with CUDA\n", "GTX 1080 Ti"),
        ("worker有一块1080ti显卡，已安装驱动和cuda\n", "GTX 1080 Ti"),
        ("my server has 4 nvidia tesla k80 24gb gpu, ollama uses the cpu\n", "k80"),
        ("torch 2.1 on a 3090 Ti, CUDA 12.1\n", "RTX 3090 Ti"),
    ],
)
def test_a_gpu_named_in_passing_is_read(tmp_path: Path, text: str, name: str) -> None:
    gpus = _read(tmp_path, text)["gpus"]
    assert gpus and name.lower() in str(gpus[0]).lower(), gpus


@pytest.mark.parametrize(
    "text",
    [
        "the server listens on port 3090 with CUDA 12.1\n",  # a number is no card by itself
        "trained for 2080 steps with torch 2.1 and CUDA 12.1\n",
    ],
)
def test_a_bare_number_is_no_gpu(tmp_path: Path, text: str) -> None:
    assert _read(tmp_path, text)["gpus"] == []


def test_ollama_below_its_documented_driver_is_a_warning(tmp_path: Path) -> None:
    from envcheck.compat import load_matrix

    text = (
        "### Ollama version\n\n0.33.1\n\n### GPU\n\nNVIDIA RTX 3090\n\n"
        "Driver Version: 535.309.01   CUDA Version: 12.2\n"
    )
    assert ("EC107", "driver-too-old", "warning") in judge(tmp_path, text, ["EC107"], load_matrix())
    newer = text.replace("535.309.01", "570.124.06").replace("12.2", "12.8")
    assert judge(tmp_path, newer, ["EC107"], load_matrix()) == []


def test_ollama_on_a_kepler_gpu_is_below_its_floor(tmp_path: Path) -> None:
    from envcheck.compat import load_matrix

    text = "ollama version is 0.5.11\nmy server has 4 nvidia tesla k80 gpus, ollama uses the cpu\n"
    assert ("EC206", "gpu-arch-unsupported", "error") in judge(
        tmp_path, text, ["EC206"], load_matrix()
    )
