"""Round thirty-five: the general part, written before this round's pools were scored: GPU
libraries a text names at work without their version (FlashAttention-2, bitsandbytes, AutoAWQ,
TensorRT-LLM, FlashInfer, RAPIDS) held against their documented floors, with the floor that
holds for the most releases and a warning where the unstated version decides; RAPIDS' Pascal
floor before 24.02. Each with its near misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

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
    # below every range's floor: no release runs there, and the finding says so
    snap = snap_of(tmp_path, "cuml fails on my GTX 750 Ti\n")
    found = registry.run_checks(snap, load_matrix(), None, only=["EC206"]).findings
    assert [f.severity for f in found] == ["error"]
    assert "every release in the data" in found[0].expected


def test_rapids_floors_cite_their_sources() -> None:
    matrix = load_matrix()
    for name in ("cudf", "cuml", "cugraph", "cudf-cu12"):
        old = matrix.library_floors(name, "23.12.0")
        assert [f["min_cc"] for f in old] == ["6.0"]
        assert old[0]["source"].startswith("https://github.com/rapidsai-community/")
        assert [f["min_cc"] for f in matrix.library_floors(name, "24.2.0")] == ["7.0"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # MATLAB without an NVIDIA driver (an AMD card); a libcuda name on Linux too
        (
            "The CUDA driver could not be loaded. The library name used was 'nvcuda.dll'. "
            "The error was:",
            ["matlab-cuda-driver-not-loaded"],
        ),
        (
            "The CUDA driver could not be loaded. The library name used was 'libcuda.so.1'.",
            ["matlab-cuda-driver-not-loaded"],
        ),
        # MatConvNet's MEX built without GPU support
        (
            "Error using vl_nnconv\nAn input is not a numeric array (or GPU support not compiled).",
            ["matconvnet-gpu-not-compiled"],
        ),
        # an empty driver library in a container; a CUDA library cut short stays its own row
        (
            "milvus_server: error while loading shared libraries: "
            "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file too short",
            ["driver-library-empty-placeholder"],
        ),
        (
            "error while loading shared libraries: libcudnn.so.8: file too short",
            ["cuda-library-file-truncated"],
        ),
        # ONNX Runtime GenAI's plain package asked for DirectML (markup after the word)
        ("RuntimeError: Unknown provider type: dml_", ["onnxruntime-provider-not-in-package"]),
        ("RuntimeError: Unknown provider type: dmlx", []),
        # a crash inside cuDNN's DLL; a crash in the program's own DLL is not one
        (
            "Exception thrown at 0x00007FFF94A23A48 (cudnn_cnn_infer64_8.dll)",
            ["crash-inside-cudnn"],
        ),
        ("Exception thrown at 0x00007FFF94A23A48 (myapp.dll)", []),
        # the provider DLL's initialisation failed (1114) as well as a missing dependency (126)
        (
            'LoadLibrary failed with error 1114 "" when trying to load '
            '"C:\\env\\Lib\\site-packages\\onnxruntime_providers_cuda.dll"',
            ["onnxruntime-cuda-provider-failed"],
        ),
        # Vulkan ray tracing missing, said by two programs; the extension working is not it
        (
            "VkDevice extensions are NOT supported:\nVK_KHR_deferred_host_operations\n"
            "VK_KHR_ray_tracing_pipeline",
            ["vulkan-ray-tracing-extension-missing"],
        ),
        (
            "vkCore: Missing physical device extension: VK_KHR_pipeline_library",
            ["vulkan-ray-tracing-extension-missing"],
        ),
        ("Enabled device extension VK_KHR_ray_tracing_pipeline", []),
        # memory pools refused in a vGPU VM (the paste's own broken word kept)
        (
            "CUDA runtime error in cudaDeviceGetDefaultMemPool(&memPool, device): operation "
            "not s upported",
            ["cuda-mempool-not-supported"],
        ),
        # widened rows
        (
            "There is no tensorflow whl file for python 3.7 at the moment, so installation fails.",
            ["python-stated-unsupported"],
        ),
        (
            "will install latest torch-sparse which is incompatible.",
            ["versions-stated-incompatible"],
        ),
        # "latest" alone with no word of incompatibility is not it
        ("will install latest torch-sparse which is faster.", []),
        (
            "CUDA 7.0 cannot support my GPU.",
            ["framework-does-not-support-gpu-stated"],
        ),
        (
            "- **Driver Version:** 572.47.0 (**9 major versions behind current**)",
            ["driver-stated-too-old"],
        ),
        (
            "Digs deep into torch and disables the pytorch cuda apparently",
            ["cuda-torch-replaced-by-cpu-stated"],
        ),
        # torch's CUDA named for another reason: the version, its memory
        ("this script checks the torch cuda version", []),
        (
            "ImportError: DLL load failed while importing tensorrt: 找不到指定的模块。（means "
            "‘The specified module could not be found’）",
            ["windows-import-dll-failed"],
        ),
    ],
)
def test_round35_patterns(text: str, expected: list) -> None:
    assert sorted(set(pats(text))) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # work said to land on the CPU against its setting, on a named NVIDIA GPU
        (
            "On a box (RTX 4070), Kokoro synthesised on the **CPU** despite the server "
            'injecting KOKORO_ORT_PROVIDERS=["CUDAExecutionProvider"].\n',
            [("EC905", "cpu-only-build", "warning")],
        ),
        # the same words without an NVIDIA GPU named: nothing to hold it against
        ("Kokoro synthesised on the CPU despite the provider list.\n", []),
    ],
)
def test_work_on_the_cpu_despite_its_setting(tmp_path: Path, text: str, expected: list) -> None:
    assert judge(tmp_path, text, ["EC905"], load_matrix()) == expected


def test_torch_stated_as_cpu_build_in_words(tmp_path: Path) -> None:
    text = (
        "## Environment\n* PyTorch version: 1.5.0 (CPU toolkit)\n"
        'python -c "import torch; print(torch.cuda.is_available())"\n>>> False\n'
    )
    snap = snap_of(tmp_path, text)
    assert snap.packages.installed.get("torch") == "1.5.0+cpu"
    assert judge(tmp_path, text, ["EC210"], load_matrix()) == [("EC210", "cpu-only-build", "error")]
    # a transformers env's question mark is no build: "PyTorch version (GPU?): 2.1.2 (True)"
    snap2 = snap_of(tmp_path, "- PyTorch version (GPU?): 2.1.2 (True)\n")
    assert snap2.packages.installed.get("torch") == "2.1.2"


def test_conda_download_table_row_is_read(tmp_path: Path) -> None:
    text = (
        "    pytorch-1.7.1              |cpu_py37hf1c21f6_1        28.5 MB  conda-forge\n"
        "Expected behavior: Install CUDA version of Pytorch.\n"
    )
    assert judge(tmp_path, text, ["EC210"], load_matrix()) == [("EC210", "cpu-only-build", "error")]
    # a CUDA build in the same table is no finding
    cuda = "    pytorch-1.7.1   |py3.7_cuda10.2.89_cudnn7.6.5_0   760 MB  pytorch\n"
    assert judge(tmp_path, cuda + "Install CUDA version of Pytorch.\n", ["EC210"]) == []


def test_matplotlib_setup_report_names_the_python() -> None:
    text = (
        "Building wheel for matplotlib (setup.py) ... error\n"
        "      python: yes [3.11.9 | packaged by Anaconda, Inc. | (main, Apr 19 2024)]\n"
    )
    assert "pip-building-a-binary-package-from-source" in pats(text)
    # without a Python named, the build alone is not put on the Python
    assert "pip-building-a-binary-package-from-source" not in pats(
        "Building wheel for matplotlib (setup.py) ... error\n"
    )


@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        # the old setup's card and the new one: the new one is the report's
        (
            "I had ran it in my old laptop equiping RTX2060 with CUDA 11.3. Everything is "
            "great. Now I update my equipment to RTX5070 GPU, which need CUDA12.8.\n",
            "RTX5070",
        ),
        (
            "My old desktop had a GTX 1080 Ti in it. The RTX 4090 fails with CUDA errors.\n",
            "RTX 4090",
        ),
        # two cards and no word of which came before: neither is taken
        ("Two machines: one has a GTX 1080 Ti, one an RTX 4090. CUDA fails.\n", None),
    ],
)
def test_the_old_setups_card_is_not_the_reports(text: str, gpu: object) -> None:
    from envcheck.importers.extract import prose

    names = [f.value for f in prose.single_gpu_mentioned([("paste.txt", text)])]
    assert names == ([gpu] if gpu else [])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "System.DllNotFoundException - Unable to load DLL 'x64\\yolo_cpp_dll_gpu.dll': The "
            "specified module could not be found.",
            ["windows-gpu-dll-dependency-missing"],
        ),
        (
            "x64\\yolo_cpp_dll_gpu.dll not found, when gpu work",
            ["windows-gpu-dll-dependency-missing"],
        ),
        # a DLL without a GPU word is no CUDA dependency
        ("Unable to load DLL 'sqlite3.dll': The specified module could not be found.", []),
        (
            "docker run -d --name='tdarr' -e 'Extra Parameters'='--runtime=nvidia' -e "
            "'NVIDIA_DRIVER_CAPABILITIES'='all'",
            ["docker-gpu-option-as-env-var"],
        ),
        # the option where Docker takes it
        ("docker run -d --runtime=nvidia -e 'NVIDIA_DRIVER_CAPABILITIES'='all' tdarr", []),
        (
            "the transcoding fails because of permissions accessing the nvidia device.",
            ["gpu-device-permission-stated"],
        ),
        (
            "Failed to open /dev/nvidia0: Permission denied",
            ["gpu-device-permission-stated"],
        ),
        (
            "The transcoding command works when run as a user but Jellyfin logs show an error",
            ["works-by-hand-not-as-service-stated"],
        ),
        ("It works when I resize the image first.", []),
        (
            "I shut down BOINC to install the latest 64-bit Windows 10 update.  After the Windows "
            "restart, I restarted BOINC - but it was no longer able to find my GT440 graphics "
            "board.",
            ["windows-update-replaced-driver-stated"],
        ),
        ("After the Windows 10 update the app no longer saves settings.", []),
        (
            "21:15:48:E :CUDA not supported: cuInit() returned 100",
            ["no-cuda-device", "no-device-in-this-process"],
        ),
        # another cuInit code is another row (or none)
        ("cuInit() returned 999", []),
        (
            "Fills up / to 100% before all layers are downloaded and extracted.",
            ["disk-space-low-stated"],
        ),
        ("Xavier NX Runs out Of Docker Space", ["disk-space-low-stated"]),
        (
            "I assume this is a result of the lack of a package under cp313 (Python 3.13)",
            ["python-stated-unsupported"],
        ),
    ],
)
def test_round35_patterns_after_heldout100_102(text: str, expected: list) -> None:
    assert sorted(set(pats(text))) == expected


def test_a_jetson_named_is_an_nvidia_gpu_for_a_cpu_run(tmp_path: Path) -> None:
    text = (
        "I'm trying to use `ort` on a Jetson nano orin. But it doesn't seem to support a "
        "non-CPU execution provider. the CPU is only used when my code runs.\n"
    )
    assert judge(tmp_path, text, ["EC905"], load_matrix()) == [
        ("EC905", "cpu-only-build", "warning")
    ]


@pytest.mark.parametrize(
    ("text", "category"),
    [
        # refusals worded as libraries without a row in the tables word them (the scan's last
        # resort: one hypothesis from the words of the error lines)
        ("foolib: GPU support is not compiled in this build", "cpu-only-build"),
        ("foolib is compiled without CUDA, falling back to CPU", "cpu-only-build"),
        ("ValueError: CUDA is not enabled in this foolib build", "cpu-only-build"),
        (
            "CUDA driver version is older than the CUDA runtime version required by foolib",
            "driver-too-old",
        ),
        ("foolib requires NVIDIA driver >= 525.60.13, found 470.82.01", "driver-too-old"),
        ("foolib does not support your GPU architecture (sm_61)", "gpu-arch-unsupported"),
        (
            "foolib requires a GPU with compute capability >= 7.5, but found 6.1",
            "gpu-arch-unsupported",
        ),
        ("Your GPU (GeForce GTX 1060) is too old for foolib", "gpu-arch-unsupported"),
        ("foolib: could not load cublasLt64_12.dll", "cuda-libs-mismatch"),
        ("foolib: loaded cuDNN 8.2 but source was compiled with 8.9", "cuda-libs-mismatch"),
        (
            "foolib build error: CUDA toolkit 11.0 is too old, need at least 11.8",
            "toolkit-mismatch",
        ),
        ("ImportError: foolib requires torch 2.1 but 2.3.0 is installed", "framework-pairing"),
        # near misses: words that say no refusal of the GPU stack
        ("random forest doesn't support GPUs, so I run it on the CPU", None),
        ("I have CUDA toolkit 7.5 installed, but make fails", None),
        ("this package requires requests to be installed", None),
    ],
)
def test_the_words_of_unknown_refusals(text: str, category: object) -> None:
    from envcheck.importers.errorlog import words

    found = words.hypothesis(text.lower().encode())
    assert (found[0] if found else None) == category


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Error Code 1: Myelin (Compiled against cuBLASLt 11.5.1.0 but running against "
            "cuBLASLt 11.4.2.0.)",
            ["library-compiled-against-other-release"],
        ),
        ("Temperature limit on GPU #3 reached, aborting...", ["gpu-temperature-abort-limit"]),
        (
            "My server does not support  cuda runtime 10.2 which is default in triton-server",
            ["driver-stated-too-old"],
        ),
        # the same words about a feature, not a CUDA release
        ("My server does not support cuda graphs in this mode", []),
        (
            "in cmd it shows a missing file cublaslt64_12.dll",
            ["cuda-dll-said-missing"],
        ),
        (
            "可能会报错，load失败，onnxruntime_providers_cuda.dll",
            ["onnxruntime-cuda-provider-failed"],
        ),
        # an empty architecture is the build's variable, not an old toolkit: only the last
        # resort's hypothesis (a warning that names the toolkit or the build) remains
        (
            "nvcc fatal   : Unsupported gpu architecture 'compute_'",
            ["message-words-toolkit-mismatch"],
        ),
        ("nvcc fatal   : Unsupported gpu architecture 'compute_89'", ["nvcc-unsupported-arch"]),
    ],
)
def test_round35_patterns_after_heldout103_104(text: str, expected: list) -> None:
    assert sorted(set(pats(text))) == expected
