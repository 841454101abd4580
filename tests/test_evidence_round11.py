"""Round 11's readers: a compute-capability floor the pasted text states (the software's own
message, or a quote of it) judged against the GPU the text names (EC207); each with the near
misses that must stay silent or must not be read as the GPU's compute capability."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, snap_of

from envcheck.compat import load_matrix
from envcheck.importers.extract.floors import floor_in


@pytest.mark.parametrize(
    "line, floor",
    [
        ("SGlang only supports sm 75 and above", "7.5"),
        ("The minimum required Cuda capability is 3.5.", "3.5"),
        ("minimum cuda capability supported by this library is 3.7.", "3.7"),
        (
            "A GPU with NVIDIA Pascal™ (Compute Capability 6.0) or newer architecture is required.",
            "6.0",
        ),
        ("GPU #0: FATAL: the 't' kernel requires 5.0 capability!", "5.0"),
        ("vLLM requires compute capability >= 7.0", "7.0"),
        ("Only GPUs with compute capability 7.0 and above are supported", "7.0"),
        ("FlashAttention only supports Ampere GPUs or newer.", "8.0"),
        ("this kernel needs sm_80 or newer", "8.0"),
    ],
)
def test_floor_statements(line: str, floor: str) -> None:
    assert floor_in(line) == floor


@pytest.mark.parametrize(
    "line",
    [
        "My GPU has compute capability 8.6",  # the GPU's own, no floor
        "change the minimum required compute capability to 3.0?",  # a value wanted
        "requires CUDA 11.8 or higher",  # a CUDA release, not a compute capability
        "Python 3.10 or higher is required",
        "driver 535 or newer is required",
        "TORCH_CUDA_ARCH_LIST=7.0+PTX",  # a build setting
        "compiled arch list: sm_80+",  # no word says it is needed
        "Can't use sglang with flashinfer if you have sm_75 or lower.",  # a ceiling, not a floor
        "GPU with CUDA capability sm_86 is not compatible with the current PyTorch installation.",
    ],
)
def test_not_floor_statements(line: str) -> None:
    assert floor_in(line) is None


def test_gpu_below_the_stated_floor_is_an_error(tmp_path: Path) -> None:
    text = (
        "SGlang only supports sm 75 and above\n"
        "### Description\n"
        "My GPU is a V100 (sm70). Can I downgrade SGLang to make it work?\n"
    )
    assert judge(tmp_path, text, ["EC207"], load_matrix()) == [
        ("EC207", "gpu-arch-unsupported", "error")
    ]


def test_tensorflow_ignoring_a_gpu_reads_both_numbers(tmp_path: Path) -> None:
    text = (
        "Ignoring gpu device (device: 0, name: GRID K520, pci bus id: 0000:00:03.0)\n"
        "with Cuda compute capability 3.0. The minimum required Cuda capability is 3.5.\n"
    )
    snap = snap_of(tmp_path, text)
    # the GPU's 3.0 is read from the same line as the floor; the floor is not the GPU's
    assert [g.compute_capability for g in snap.gpus()] == ["3.0"]
    assert [f["value"] for f in snap.evidence["cc_floors"]] == ["3.5"]
    assert judge(tmp_path, text, ["EC207"], load_matrix()) == [
        ("EC207", "gpu-arch-unsupported", "error")
    ]


def test_a_quoted_requirement_is_not_the_gpus_compute_capability(tmp_path: Path) -> None:
    text = "How tightly coupled is the requirement for compute capability of 7.0 or higher?\n"
    snap = snap_of(tmp_path, text)
    assert not any(g.compute_capability for g in snap.gpus())


def test_gpu_at_or_above_the_floor_is_silent(tmp_path: Path) -> None:
    text = "SGlang only supports sm 75 and above\nMy GPU is an RTX 3090 with CUDA 12.1\n"
    assert judge(tmp_path, text, ["EC207"], load_matrix()) == []
    text = (
        "The minimum required Cuda capability is 3.5.\nGPU: Tesla K40m (compute capability 3.5)\n"
    )
    assert judge(tmp_path, text, ["EC207"], load_matrix()) == []


def test_a_floor_without_a_gpu_is_not_judged(tmp_path: Path) -> None:
    from envcheck.checks import registry

    snap = snap_of(tmp_path, "The docs say FlashAttention only supports Ampere GPUs or newer.\n")
    out = registry.run_checks(snap, load_matrix(), None, only=["EC207"])
    assert out.findings == []
    assert any(s.code == "EC207" and "nvidia-smi" in s.reason for s in out.skipped)


def test_the_softwares_own_refusal_without_a_gpu_named_is_a_warning(tmp_path: Path) -> None:
    # cuDF prints this only when the GPU is below Pascal (the vendor's name as typed)
    text = "UserWarning: you will need a GPU with NVIIDA Pascal or newer architecture\n"
    assert judge(tmp_path, text, ["EC207"], load_matrix()) == [
        ("EC207", "gpu-arch-unsupported", "warning")
    ]


def test_the_floor_is_shown_with_its_line_and_the_fix_links_the_gpu_table(tmp_path: Path) -> None:
    import subprocess
    import sys

    paste = tmp_path / "paste.txt"
    paste.write_text("log start\nSGlang only supports sm 75 and above\nGPU: Tesla V100-SXM2-16GB\n")
    out = subprocess.run(
        [sys.executable, "-m", "envcheck", "fix", "--from-report", str(paste)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "EC207" in out.stdout and "developer.nvidia.com/cuda-gpus" in out.stdout
    verify = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--from-report", str(paste)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert verify.returncode == 1
    assert (
        "paste.txt:2" in verify.stdout
        and "compute capability the software says it needs 7.5" in (verify.stdout)
    )


def test_uv_no_wheel_for_the_python_abi(tmp_path: Path) -> None:
    from evidence_support import pats

    text = (
        "  × No solution found when resolving dependencies:\n"
        "  ╰─▶ Because flashinfer==0.0.4+cu121torch2.3 has no wheels with a matching Python ABI "
        "tag, we can conclude that\n"
    )
    assert pats(text) == ["uv-no-wheel-for-python-abi"]
    assert judge(tmp_path, text, ["EC916"]) == [("EC916", "python-unsupported", "warning")]
    # the platform form says nothing of the Python
    assert pats("because torch==2.5.1 has no wheels with a matching platform tag\n") == []


def test_a_cuda_driver_error_number_after_lammps_prefix() -> None:
    from evidence_support import pats

    assert pats("Cuda driver error 804 in call at file 'nvd_device.h' in line 333.\n") == [
        "forward-compat-unsupported"
    ]
    # a bare number after "error" is no CUDA code
    assert pats("Build error 804 in step 3\n") == []


@pytest.mark.parametrize(
    "line, floor",
    [
        ("This application requires NVIDIA driver 535 or newer.", "535"),
        ("The minimum required driver version is 525.60.13, you have 470.82.01", "525.60.13"),
        (
            "The currently installed NVIDIA graphics driver is unsupported or has known issues. "
            "Reason for failure: The minimum required version is 537.58 and current version is "
            "535.104.05",
            "537.58",
        ),
        ("driver >= 450.80.02 is required", "450.80.02"),
        ("needs driver 418.39 or later", "418.39"),
        ("Installed driver: 535.5 The unsupported driver range: [0.0, 535.129) The", "535.129"),
    ],
)
def test_driver_floor_statements(line: str, floor: str) -> None:
    from envcheck.importers.extract.floors import driver_floor_in

    assert driver_floor_in(line) == floor


@pytest.mark.parametrize(
    "line",
    [
        "Driver Version: 470.82.01",  # the host's driver
        "--require=cuda>=10.0 brand=tesla,driver>=384,driver<385",  # an image's list of choices
        "my driver is 535 and I need CUDA 12.1",
        "The minimum required version is 537.58",  # of what? no driver named before it
        "CUDA driver version is insufficient for CUDA runtime version",
    ],
)
def test_not_driver_floor_statements(line: str) -> None:
    from envcheck.importers.extract.floors import driver_floor_in

    assert driver_floor_in(line) is None


@pytest.mark.parametrize(
    "line, floor",
    [
        ("vLLM requires CUDA 12.1 or higher.", "12.1"),
        ("CUDA >= 11.8 is required", "11.8"),
        ("minimum CUDA version is 12.0", "12.0"),
        ("CUDA 12.1 or later is required", "12.1"),
        ("CUDA 11.8+ required", "11.8"),
    ],
)
def test_cuda_floor_statements(line: str, floor: str) -> None:
    from envcheck.importers.extract.floors import cuda_floor_in

    assert cuda_floor_in(line) == floor


@pytest.mark.parametrize(
    "line",
    [
        "I use CUDA 12.1",
        "The minimum required Cuda capability is 3.5.",  # a compute capability
        "requires CUDA 11",  # no release named
        # nvidia-container-cli's requirement has its own pattern (container-cuda-requirement)
        "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=11.1",
    ],
)
def test_not_cuda_floor_statements(line: str) -> None:
    from envcheck.importers.extract.floors import cuda_floor_in

    assert cuda_floor_in(line) is None


def test_driver_below_the_stated_floor(tmp_path: Path) -> None:
    text = "This application requires NVIDIA driver 535 or newer.\nDriver Version: 470.82.01\n"
    assert judge(tmp_path, text, ["EC108"]) == [("EC108", "driver-too-old", "error")]
    # the floor's "you have" is the host's driver; the floor is never read as the driver
    text = "The minimum required driver version is 525.60.13, you have 470.82.01\n"
    snap = snap_of(tmp_path, text)
    assert snap.driver.version == "470.82.01"
    assert judge(tmp_path, text, ["EC108"]) == [("EC108", "driver-too-old", "error")]
    # at or above the floor: silent; no driver stated: not judged
    assert (
        judge(
            tmp_path, "requires NVIDIA driver 535 or newer\nDriver Version: 535.54.03\n", ["EC108"]
        )
        == []
    )
    assert judge(tmp_path, "requires NVIDIA driver 535 or newer\n", ["EC108"]) == []


def test_driver_cuda_below_the_stated_cuda_floor(tmp_path: Path) -> None:
    matrix = load_matrix()
    # another major: the driver cannot run it
    text = "vLLM requires CUDA 12.1 or higher.\nMy driver is 470.82 (CUDA 11.4)\n"
    snap = snap_of(tmp_path, text)
    assert snap.driver.cuda_version == "11.4"  # the CUDA beside a driver version is the driver's
    assert judge(tmp_path, text, ["EC109"], matrix) == [("EC109", "driver-too-old", "error")]
    # the same major, an older minor: minor-version compatibility runs most of it
    smi = "| NVIDIA-SMI 535.54.03   Driver Version: 535.54.03   CUDA Version: 12.2 |\n"
    text = "CUDA >= 12.4 is required\n" + smi
    assert judge(tmp_path, text, ["EC109"], matrix) == [("EC109", "driver-too-old", "warning")]
    # a driver that runs it: silent
    text = "vLLM requires CUDA 12.1 or higher.\nDriver Version: 550.54.15   CUDA Version: 12.4\n"
    assert judge(tmp_path, text, ["EC109"], matrix) == []


@pytest.mark.parametrize(
    "line, value",
    [
        ("This package requires Python >= 3.10.", "3.10,"),
        ("Python 3.9+ is required", "3.9,"),
        ("Requires-Python >=3.8,<3.12", "3.8,3.12"),
        ("supports Python 3.8-3.11", "3.8,3.12"),
        ('python_requires=">=3.7"', "3.7,"),
        # not a range: the Python in use, a statement of no support (its own pattern)
        ("Python 3.8.10", None),
        ("I use python 3.12 and it fails", None),
        ("Python 3.12 is not supported", None),
    ],
)
def test_python_ranges(line: str, value: object) -> None:
    from envcheck.importers.extract.floors import python_range_in

    assert python_range_in(line) == value


def test_a_stated_python_range_is_not_the_python_in_use(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "PaddleX supports Python 3.8 to 3.10\n")
    assert getattr(snap.python, "version", None) in (None, "")


@pytest.mark.parametrize(
    "line, value",
    [
        ("ImportError: xformers requires PyTorch 2.1.0 or newer. You have 2.0.1", "torch>=2.1.0"),
        ("flash-attn requires torch >= 2.2", "torch>=2.2"),
        ("Keras requires TensorFlow 2.2 or higher.", "tensorflow>=2.2"),
        ("torch>=1.7", None),  # a requirements file line says nothing is wrong
        ("torchvision 0.15 requires torch 2.0.0", None),  # a pin, not a floor
    ],
)
def test_framework_floors(line: str, value: object) -> None:
    from envcheck.importers.extract.floors import package_floor_in

    assert package_floor_in(line) == value


@pytest.mark.parametrize(
    "line, value",
    [
        ("requires cuDNN 9 or newer", "9"),
        ("cuDNN >= 8.9 is required", "8.9"),
        ("minimum cuDNN version is 8.6", "8.6"),
        ("cudnn 8.9.2", None),
    ],
)
def test_cudnn_floors(line: str, value: object) -> None:
    from envcheck.importers.extract.floors import cudnn_floor_in

    assert cudnn_floor_in(line) == value


def test_a_message_quoted_and_wrapped_in_markdown_is_read(tmp_path: Path) -> None:
    from evidence_support import pats

    text = (
        "> The detected CUDA version (12.9) mismatches the version that was used to compile\n"
        "> PyTorch (11.8). Please make sure to use the same CUDA versions.\n"
    )
    snap = snap_of(tmp_path, text)
    assert snap.cuda.toolkits[0].version == "12.9"
    assert any("mismatch" in p for p in pats(text))
    # the same message without the quote marks reads the same
    assert pats(text.replace("> ", "")) == pats(text)


def test_compiled_with_cuda_after_pytorch_is_torchs_cuda(tmp_path: Path) -> None:
    text = "- PyTorch: 2.2.0 (installed via conda, compiled with CUDA 11.8)\n- System nvcc: 12.9\n"
    snap = snap_of(tmp_path, text)
    torch = next(d for d in snap.packages.deep if d.name == "torch")
    assert torch.cuda_version == "11.8"
    assert [t.version for t in snap.cuda.toolkits] == ["12.9"]
    # "compiled with CUDA" of another program says nothing of torch
    snap = snap_of(tmp_path, "my app was compiled with CUDA 11.8\n")
    assert [t.version for t in snap.cuda.toolkits] == ["11.8"]


def test_oom_in_a_job_that_used_to_fit(tmp_path: Path) -> None:
    from evidence_support import pats

    oom = "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB\n"
    said = "The same config trained fine before, nothing changed.\n"
    assert "oom-used-to-fit-stated" in pats(oom + said)
    assert judge(tmp_path, oom + said, ["EC912"]) == [
        ("EC912", "gpu-contention", "info"),
        ("EC912", "gpu-contention", "warning"),
    ]
    assert "oom-used-to-fit-stated" in pats(oom + "之前版本，同样配置和环境，未报过该错误\n")
    # without the OOM it is any regression; an OOM alone stays info
    assert pats(said) == []
    assert "oom-used-to-fit-stated" not in pats(oom)
    # a bigger job that no longer fits says nothing of other processes
    assert "oom-used-to-fit-stated" not in pats(oom + "I doubled the batch size and it fails.\n")


def test_memory_still_used_after_the_job_is_held_memory() -> None:
    from evidence_support import pats

    text = "I check `nvidia-smi` and see that most of my GPU memory is still being used.\n"
    assert pats(text) == ["gpu-memory-held-stated"]
    assert pats("nvidia-smi shows the memory is freed after the run.\n") == []


def test_a_floor_and_the_hosts_driver_in_one_sentence(tmp_path: Path) -> None:
    text = (
        "I'm using a GT610 with the latest legacy nvidia driver 390.157. I've read that minimum "
        "version is 470 but still trying\n"
    )
    snap = snap_of(tmp_path, text)
    assert snap.driver.version == "390.157"  # the host's; the floor's 470 is not read as it
    assert judge(tmp_path, text, ["EC108"]) == [("EC108", "driver-too-old", "error")]


def test_driver_library_mismatch_retyped_with_spaces() -> None:
    from evidence_support import pats

    text = "Failed to initialize NVML: Driver / library version mismatch. A message has occurred.\n"
    assert pats(text) == ["nvml-driver-library-mismatch"]


@pytest.mark.parametrize(
    "text, name, cc, count",
    [
        # TensorFlow 1.x's device line
        (
            "Found device 0 with properties: \n"
            "name: GeForce GTX 1080 major: 6 minor: 1 memoryClockRate(GHz): 1.7335\n",
            "GeForce GTX 1080",
            "6.1",
            1,
        ),
        # numba.cuda.detect()
        (
            "id 1          b'Quadro K620'                              [SUPPORTED]\n",
            "Quadro K620",
            None,
            1,
        ),
        # a label without its colon, a "Hardware:" line, a count after the model
        ("GPU T4\n", "T4", None, 1),
        ("Hardware: A100*8\n", "A100", None, 8),
        # vLLM's bf16 refusal names the GPU after "Your"
        (
            "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least "
            "8.0. Your Tesla V100-SXM2-32GB GPU has compute capability 7.0.\n",
            "Tesla V100-SXM2-32GB",
            "7.0",
            1,
        ),
    ],
)
def test_gpu_named_in_more_tool_outputs(
    tmp_path: Path, text: str, name: str, cc: object, count: int
) -> None:
    gpus = snap_of(tmp_path, text).gpus()
    assert len(gpus) == count and gpus[0].name == name
    if cc:
        assert gpus[0].compute_capability == cc


def test_gpu_words_that_name_no_gpu(tmp_path: Path) -> None:
    for text in ("GPU utilization is low\n", "GPU memory usage 3GB\n", "GPU training is slow\n"):
        assert snap_of(tmp_path, text).gpus() == []


def test_the_verdict_on_pasted_text_never_calls_the_host_healthy(tmp_path: Path) -> None:
    import subprocess
    import sys

    def verdict(text: str) -> str:
        paste = tmp_path / "paste.txt"
        paste.write_text(text)
        out = subprocess.run(
            [sys.executable, "-m", "envcheck", "verify", "--error-log", str(paste)],
            capture_output=True,
            text=True,
            timeout=120,
            env={**__import__("os").environ, "NO_COLOR": "1"},
        )
        return out.stdout.rstrip("\n").split("\n")[-1]

    # a GPU named and a failure described: nothing wrong in what was read, which is not "OK"
    last = verdict("I have an RTX 3090 but my training script crashes\n")
    assert last.startswith("NO PROBLEM FOUND IN THE INPUT:")
    # (torch answering False with nothing to explain it is a warning since round eighteen)
    last = verdict("I have an RTX 3090 but torch.cuda.is_available() returns False\n")
    assert last.startswith("PROBLEMS FOUND IN THE INPUT: 0 error(s), 1 warning(s)")
    last = verdict("CUDA >= 12.4 is required\nDriver Version: 535.54.03   CUDA Version: 12.2\n")
    assert last.startswith("PROBLEMS FOUND IN THE INPUT: 0 error(s), 1 warning(s)")
    assert verdict("hello world\n").startswith("NOTHING JUDGED")


def test_the_smi_header_without_its_frame(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "Driver Version: 535.54.03   CUDA Version: 12.2\n")
    assert snap.driver.version == "535.54.03" and snap.driver.cuda_version == "12.2"
    assert snap.evidence["conflicts"] == []


def test_fix_on_pasted_text_names_what_it_could_not_plan_for(tmp_path: Path) -> None:
    from evidence_support import fix_text

    out = fix_text(tmp_path, "I have an RTX 3090 but torch.cuda.is_available() returns False\n")
    assert "not in the input, so not planned for: the NVIDIA driver version (`nvidia-smi`)" in out
    # a paste that states the driver and the framework leaves nothing of that kind unplanned
    full = "Driver Version: 550.54.15   CUDA Version: 12.4\ntorch 2.4.0+cu121\nGPU: RTX 3090\n"
    assert "not in the input" not in fix_text(tmp_path, full)


def test_a_gpu_named_beside_a_compute_capability_question(tmp_path: Path) -> None:
    text = (
        "How tightly coupled is the requirement for compute capability of 7.0 or higher? "
        "Like a P100\n"
    )
    assert [g.name for g in snap_of(tmp_path, text).gpus()] == ["P100"]
    # a model named in passing, with no CUDA stack or compute capability, is no GPU fact
    assert snap_of(tmp_path, "P40 prices dropped a lot this year\n").gpus() == []


def test_a_json_dump_of_versions(tmp_path: Path) -> None:
    text = (
        '{\n        "torch"       : "2.6.0+cu124" ,\n        "python"      : "3.11.10"     ,\n}\n'
    )
    snap = snap_of(tmp_path, text)
    assert snap.installed()["torch"] == "2.6.0+cu124"


def test_a_cudnn_package_carries_its_cuda_build(tmp_path: Path) -> None:
    text = (
        "| NVIDIA-SMI 470.199.02   Driver Version: 470.161.03   CUDA Version: 11.4     |\n"
        "libcudnn8/unknown,now 8.9.3.28-1+cuda12.1 amd64 [installed]\n"
    )
    snap = snap_of(tmp_path, text)
    assert [f["value"] for f in snap.evidence["cudnn_cudas"]] == ["12.1"]
    # the package's "+cuda12.1" is its build, not a CUDA toolkit on the host
    assert not getattr(snap.cuda, "toolkits", None)
    assert judge(tmp_path, text, ["EC308"], load_matrix()) == [
        ("EC308", "cuda-libs-mismatch", "error")
    ]
    # the same package on a CUDA 12 host is right; on a CUDA 11 toolkit it is not
    ok = "libcudnn8=8.9.3.28-1+cuda12.1\nCuda compilation tools, release 12.2, V12.2.91\n"
    assert judge(tmp_path, ok, ["EC308"], load_matrix()) == []
    bad = "libcudnn8_8.9.1.23-1+cuda12.1_arm64\nCuda compilation tools, release 11.8, V11.8.89\n"
    assert judge(tmp_path, bad, ["EC308"], load_matrix()) == [
        ("EC308", "cuda-libs-mismatch", "error")
    ]


def test_nccls_banner_and_driver_api_version(tmp_path: Path) -> None:
    text = (
        '  File "/env/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py"\n'
        "host:50555:50555 [0] NCCL INFO cudaDriverVersion 12080\n"
        "NCCL version 2.14.3+cuda11.8\n"
    )
    snap = snap_of(tmp_path, text)
    # the driver API version is the driver's CUDA, never a driver release "120"
    assert snap.driver.cuda_version == "12.8" and not snap.driver.version
    torch = next(d for d in snap.packages.deep if d.name == "torch")
    assert torch.cuda_version == "11.8"
    assert not getattr(snap.cuda, "toolkits", None)
    # without PyTorch in the text, NCCL's CUDA says nothing of a framework
    assert not snap_of(tmp_path, "NCCL version 2.14.3+cuda11.8\n").packages


def test_native_windows_from_pythons_banner_or_a_windows_wheel(tmp_path: Path) -> None:
    banner = (
        "Python 3.8.7 (tags/v3.8.7:6503f05, Dec 21 2020) [MSC v.1928 64 bit (AMD64)] on win32\n"
    )
    assert snap_of(tmp_path, banner).os.distribution == "Windows"
    wheel = "  Downloading torch-1.7.1-cp38-cp38-win_amd64.whl (184.0 MB)\n"
    assert snap_of(tmp_path, wheel).os.distribution == "Windows"
    # a Linux wheel, or "win32" without Python's banner, says nothing of the OS
    linux = "  Downloading torch-1.7.1-cp38-cp38-manylinux1_x86_64.whl\n"
    assert getattr(snap_of(tmp_path, linux).os, "distribution", None) is None


def test_condas_pytorch_select_cpu(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "_pytorch_select           0.1                       cpu_0\n")
    torch = next(d for d in snap.packages.deep if d.name == "torch")
    assert str(torch.detail).startswith("CPU-only build")
    gpu = snap_of(tmp_path, "_pytorch_select           0.2                       gpu_0\n")
    assert not any(d.name == "torch" for d in (getattr(gpu.packages, "deep", None) or []))


def test_memory_in_use_before_the_job_starts() -> None:
    from evidence_support import pats

    text = "Why is there already GPU memory consumption before I do anything?\n"
    assert pats(text) == ["gpu-memory-held-stated"]
    assert pats("I measured the memory usage before I changed the batch size.\n") == []


def test_works_on_one_python_fails_on_a_newer_one(tmp_path: Path) -> None:
    from evidence_support import pats

    text = "With python ver. 3.10.12 it works fine. With version 3.12.3 I'm getting:\n"
    assert pats(text) == ["python-newer-fails-stated"]
    assert judge(tmp_path, text, ["EC916"]) == [("EC916", "python-unsupported", "warning")]
    # the older one failing, or both working, is no such picture
    assert pats("works on python 3.12 but fails on 3.10\n") == []
    assert pats("Python 3.11 works fine, and 3.13 also works\n") == []


def test_docker_without_the_toolkits_runtime_configured() -> None:
    from evidence_support import pats

    msg = (
        'docker: Error response from daemon: could not select device driver "" with '
        "capabilities: [[gpu]].\n"
    )
    assert pats(msg) == ["container-no-gpu-driver"]
    installed = "I did run `apt-get install nvidia-container-toolkit` prior to running it\n"
    assert pats(msg + installed) == ["container-toolkit-not-configured"]
    # the toolkit installed, with no such message: nothing to say
    assert pats(installed) == []


def test_jax_plugin_and_pjrt_mismatch_messages(tmp_path: Path) -> None:
    from evidence_support import pats

    text = (
        "RuntimeWarning: JAX plugin jax_cuda12_plugin version 0.9.2 is installed,\n"
        "but it is not compatible with the installed jaxlib version 0.9.0.1\n"
    )
    assert pats(text) == ["framework-version-skew"]
    # a fourth version part is part of the version
    assert snap_of(tmp_path, text).installed()["jaxlib"] == "0.9.0.1"
    pjrt = (
        "RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Mismatched PJRT "
        "plugin PJRT API version (0.54) and framework PJRT API version 0.51).\n"
    )
    assert pats(pjrt) == ["framework-version-skew"]


def test_only_supports_python_up_to(tmp_path: Path) -> None:
    from envcheck.importers.extract.floors import python_range_in

    assert python_range_in("the package only supports python 3.12..") == ",3.13"
    assert python_range_in("PyTorch only supports Python 3.8 and above") == "3.8,"
    text = "seems upgrades system python version to 3.13..\nonly supports python 3.12..\n"
    assert judge(tmp_path, text, ["EC221"]) == [("EC221", "python-unsupported", "error")]


def test_wheel_file_names(tmp_path: Path) -> None:
    text = (
        "Versions:\n"
        "torch-1.6.0-cp36-cp36m-manylinux1_x86_64.whl\n"
        "torchvision-0.11.1-cp36-cp36m-manylinux1_x86_64.whl\n"
    )
    snap = snap_of(tmp_path, text)
    assert snap.installed()["torch"] == "1.6.0" and snap.installed()["torchvision"] == "0.11.1"
    assert snap.python.version == "3.6"
    assert judge(tmp_path, text, ["EC230"], load_matrix()) == [
        ("EC230", "framework-pairing", "error")
    ]
    # a wheel pip is downloading is not installed yet (the install may still fail); its Python
    # tag is the interpreter's
    url = "Downloading https://download.pytorch.org/whl/cu118/torch-2.0.1%2Bcu118-cp310-cp310-linux_x86_64.whl\n"
    fetched = snap_of(tmp_path, url)
    assert "torch" not in fetched.installed() and fetched.python.version == "3.10"

    # a package of no interest, or a wheel name without its tags, is not read
    assert "requests" not in snap_of(tmp_path, "requests-2.31.0-py3-none-any.whl\n").installed()


def test_no_nvidia_driver_retold_and_wsl_without_dev_dxg() -> None:
    from evidence_support import pats

    assert pats(
        "running `nvidia-smi` gave errors like \"can't find nvidia driver. Make sure it's "
        'installed and running."\n'
    ) == ["found-no-nvidia-driver"]
    assert pats("The /dev/dxg device is not available in WSL2 distros after the update.\n") == [
        "found-no-nvidia-driver"
    ]
    # /dev/dxg named and present is no finding
    assert pats("ls -l /dev/dxg shows the device; CUDA works\n") == []


def test_torch_cuda_read_from_a_paste_names_where_it_was_stated(tmp_path: Path) -> None:
    from envcheck.checks import registry

    text = (
        '  File "/env/lib/python3.8/site-packages/torch/distributed/distributed_c10d.py"\n'
        "NCCL version 2.14.3+cuda11.8\n"
        "Device 0: NVIDIA GeForce RTX 5090, compute capability 12.0, VMM: yes\n"
    )
    out = registry.run_checks(snap_of(tmp_path, text), load_matrix(), None, only=["EC201"])
    (f,) = out.findings
    # the CUDA came from the paste's line 2, not from a --deep probe that never ran
    assert "stated at paste.txt:2" in f.found and "--deep" not in f.found


def test_a_malformed_literal_in_a_tensorflow_dump_warns_nobody() -> None:
    import warnings

    from envcheck.importers.tensorflow_env import _literal

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        # Python's tokenizer warns "invalid decimal literal" for "1if" (a SyntaxWarning on
        # stderr, in the middle of a report) before it fails
        assert _literal("1if") is None
        assert _literal("0x1for") is None
    assert not [w for w in seen if issubclass(w.category, SyntaxWarning)]
    assert _literal("{'cuda_version': '11.2'}") == {"cuda_version": "11.2"}


def test_a_snapshot_with_malformed_evidence_is_judged_not_crashed(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    paste = tmp_path / "paste.txt"
    paste.write_text("GPU: RTX 3090\n")
    run = [sys.executable, "-m", "envcheck"]
    out = subprocess.run(
        [*run, "verify", "--from-report", str(paste), "--format", "json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    snap = json.loads(out.stdout)["snapshot"]
    # a snapshot file is input: its evidence may be hand-edited into any shape
    snap["evidence"].update(
        read=[{"x": 1}, "junk"],
        conflicts=["x", {"values": "y", "chosen": 3}],
        missing=[{"x": 1}, "junk"],
        formats={"a.txt": "not a list"},
    )
    bad = tmp_path / "snap.json"
    bad.write_text(json.dumps(snap))
    for command in ("verify", "fix"):
        done = subprocess.run(
            [*run, command, "--snapshot", str(bad)], capture_output=True, text=True, timeout=120
        )
        assert done.returncode in (0, 1), done.stderr
        assert "internal error" not in done.stderr and "Traceback" not in done.stderr
