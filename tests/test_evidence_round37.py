"""Round thirty-seven. The general part, written before this round's pools were scored: GPU model
names NVIDIA sold on two chips of different compute capability (a Fermi and a Kepler "GT 730")
are read as GPUs, and only the judgments that hold for every chip are made; older models from a
transcription of NVIDIA's CUDA GPUs table (Fermi notebook parts, NVS boards). Then the rows
learned from the sealed pools' misses, each with its near misses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.compat import load_matrix
from envcheck.compat_schema import validate_document
from envcheck.errors import InputError
from envcheck.importers import base
from envcheck.importers.extract.prose import gpu_names

ARCH = ["EC202", "EC215"]


# --- GPU names sold on two chips --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "ccs"),
    [
        ("GT 730", ("2.1", "3.5")),
        ("GeForce GT730", ("2.1", "3.5")),
        ("NVIDIA GeForce GT 710", ("2.1", "3.5")),
        ("gt640", ("2.1", "3.5")),
        ("GTX 860M", ("3.0", "5.0")),
        # a name that holds a shared one is another model: the GT 730M is one Kepler part
        ("GT 730M", None),
        ("GTX 1060", None),
    ],
)
def test_shared_names_list_every_capability(name: str, ccs: object) -> None:
    assert load_matrix().gpu_shared_ccs(name) == ccs


def test_a_shared_name_has_no_single_capability() -> None:
    for name in ("GT 730", "GT 710", "GT 640", "GTX 860M"):
        assert base.gpu_cc_from_matrix(name) is None
    assert base.gpu_cc_from_matrix("GT 730M") == "3.0"


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("GeForce 610M", "2.1"),
        ("NVS 315", "2.1"),
        ("Quadro NVS 315", "2.1"),
        ("NVS 5400M", "2.1"),
        ("GeForce GT 520", "2.1"),
        ("GeForce GTX 480M", "2.0"),
        ("Quadro K2200M", "5.0"),
        # left out on purpose: sold with Kepler chips under the same name (GT 630, GT 720M)
        ("GeForce GT 630", None),
        ("GeForce GT 720M", None),
    ],
)
def test_older_models_from_the_transcribed_table(name: str, cc: object) -> None:
    assert base.gpu_cc_from_matrix(name) == cc


@pytest.mark.parametrize(
    ("line", "names"),
    [
        ("I use an Nvidia GeForce GT730 graphic card", ["Nvidia GeForce GT730"]),
        ("my card is a GT 710 with 2GB", ["GT 710"]),
        ("laptop with GeForce 610M", ["GeForce 610M"]),
        ("an NVS 315 in the office PC", ["NVS 315"]),
        ("a Quadro K2100M laptop", ["Quadro K2100M"]),
        # near misses: a number that is no GPU the data holds, a GeForce without a model
        ("GeForce 8600M GT", []),
        ("version 610M of the tool", []),
        ("GeForce Experience 3.27", []),
    ],
)
def test_prose_reads_the_names(line: str, names: list) -> None:
    assert gpu_names(line) == names


def test_a_shared_name_gets_the_arch_warning_only_when_every_chip_is_too_old(
    tmp_path: Path,
) -> None:
    matrix = load_matrix()
    gt730 = "I use an Nvidia GeForce GT730 graphic card and it fails with a CUDA error.\n"
    found = judge(tmp_path, gt730, ARCH, matrix)
    assert ("EC215", "gpu-arch-unsupported", "warning") in found
    text = " ".join(f.found for f in _findings(tmp_path, gt730, matrix) if f.code == "EC215")
    assert "2.1 or 3.5" in text
    # with PyTorch named: no torch build in the data has kernels for either chip
    torch_text = "PyTorch fails on my GT 710 card with a CUDA error.\n"
    assert ("EC202", "gpu-arch-unsupported", "warning") in judge(tmp_path, torch_text, ARCH, matrix)
    # the GTX 860M is a Kepler 3.0 or a Maxwell 5.0: most builds carry the Maxwell chip, so
    # nothing holds for both
    gtx860m = "My laptop has a GTX 860M and it fails with a CUDA error.\n"
    assert judge(tmp_path, gtx860m, ARCH, matrix) == []


def _findings(tmp_path: Path, text: str, matrix: object) -> list:
    from envcheck.checks import registry

    return registry.run_checks(snap_of(tmp_path, text), matrix, None, only=ARCH).findings


def _gpus_doc() -> dict:
    path = Path(__file__).resolve().parent.parent / "compat_data" / "gpus.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_shared_names_are_validated_and_cite_sources() -> None:
    doc = _gpus_doc()
    assert doc["shared_names"]
    for entry in doc["shared_names"]:
        assert entry["source"].startswith("https://")
        assert len(entry["compute_capabilities"]) >= 2
    bad = _gpus_doc()
    bad["shared_names"][0]["compute_capabilities"] = ["two point one"]
    with pytest.raises(InputError):
        validate_document(bad, "gpus", "gpus.json")


# --- rows learned from the sealed pools -------------------------------------------------------

TIME_LLM = (
    "2024-03-28 16:36:26.901427: I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not find "
    "cuda drivers on your machine, GPU will not be used.\n"
    "my env info:\n"
    "| NVIDIA-SMI 535.154.05             Driver Version: 535.154.05   CUDA Version: 12.2 \n"
)


def test_tensorflow_probe_beside_a_working_driver_is_a_warning(tmp_path: Path) -> None:
    # KimMeen/Time-LLM#52 (heldout116, a control): a torch job that imports TensorFlow
    assert pats(TIME_LLM) == ["tf-probe-beside-working-driver"]
    assert judge(tmp_path, TIME_LLM, ["EC904"]) == [("EC904", "driver-not-loaded", "warning")]
    # near miss: without nvidia-smi's driver, a GPU named: the probe stays an error
    named = TIME_LLM.split("my env info")[0] + "My GPU is a GeForce RTX 3060.\n"
    assert ("EC904", "driver-not-loaded", "error") in judge(tmp_path, named, ["EC904"])
    # near miss: another driver-not-loaded message beside it keeps its own reading
    other = TIME_LLM + "RuntimeError: Found no NVIDIA driver on your system.\n"
    assert "tf-probe-beside-working-driver" not in pats(other)


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "ImportError: /x/_nms.so: undefined symbol: __cudaRegisterFatBinaryEnd\n",
            "cuda-call-configuration-missing",
        ),
        (
            "ImportError: /x/_C.so: undefined symbol: __cudaPopCallConfiguration\n",
            "cuda-call-configuration-missing",
        ),
        (
            "compute capability mismatch for device 0: wanted 6.1, have 3.7\n",
            "cc-mismatch-wanted-have",
        ),
        (
            'Setting up PyTorch plugin "filtered_lrelu_plugin"... Failed!\n',
            "custom-op-plugin-build-failed",
        ),
        (
            "It takes several (around 5) minutes to run `torch.tensor([0.]).cuda()` the first "
            "time\n",
            "ptx-jit-hang",
        ),
        ("Takes 5 minutes to get back from .cuda()\n", "ptx-jit-hang"),
        (
            "os.environ['cuda_visible_devices'] does not have any effect\n",
            "visible-devices-no-effect-stated",
        ),
        ("CUDA_VISIBLE_DEVICES is not captured by torch\n", "visible-devices-no-effect-stated"),
        (
            "I cannot install torch>=1.7.0,<2.0.0 because python 3.12 doesn't support torch "
            "<2.0.0\n",
            "python-stated-unsupported",
        ),
        (
            "hawp/parsing/_C.cpython-37m-x86_64-linux-gnu.so: undefined symbol: "
            "_Z13lsencode_cudaRKN2at6TensorEiiiii\n",
            "extension-cuda-half-missing",
        ),
        (
            "pip install tensorflow-federated will download tf 2.0 which doesn't have a contrib "
            "module\n",
            "tensorflow-api-missing",
        ),
        (
            "onnxruntime-gpu似乎与老版本rapidocr_onnxruntime存在兼容问题\n",
            "cpu-package-over-gpu-package",
        ),
        (
            'CUDA error at CudaSimulation.cu:382 code=222(<unknown>) "cudaMemcpyToSymbol(a)"\n',
            "ptx-unsupported-toolchain",
        ),
    ],
)
def test_rows_learned_from_the_pools(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        # near misses of the same rows
        "undefined symbol: __cudaRegisterFatBinary\n",
        "compute capability mismatch between the two runs\n",
        'Setting up PyTorch plugin "bias_act_plugin"... Done.\n',
        "the first .cuda() takes 5 seconds\n",
        "It takes several minutes to load the model, then .cuda() is instant\n",
        "CUDA_VISIBLE_DEVICES is captured by torch at import\n",
        "python 3.12 doesn't support distutils any more\n",
        "undefined symbol: _Z13lsencodeRKN2at6TensorEiiiii\n",
        "TensorFlow 2.0 doesn't have sessions by default\n",
        "pip install rapidocr_onnxruntime\n",
        'CUDA error at x.cu:10 code=2(cudaErrorMemoryAllocation) "cudaMalloc(&p, n)"\n',
    ],
)
def test_near_misses_of_the_learned_rows(text: str) -> None:
    found = set(pats(text))
    assert not found & {
        "cuda-call-configuration-missing",
        "cc-mismatch-wanted-have",
        "custom-op-plugin-build-failed",
        "ptx-jit-hang",
        "visible-devices-no-effect-stated",
        "python-stated-unsupported",
        "extension-cuda-half-missing",
        "tensorflow-api-missing",
        "cpu-package-over-gpu-package",
        "ptx-unsupported-toolchain",
    }, found


ERROR_35 = (
    "THCudaCheck FAIL file=/pytorch/torch/csrc/cuda/Module.cpp line=34 error=35 : CUDA driver "
    "version is insufficient for CUDA runtime version\n"
)


@pytest.mark.parametrize(
    "said",
    [
        "I don't have a computer with NVDIA device, so I run on the cpu.\n",
        "I haven't gpu on this computer. How can i start it using cpu?\n",
    ],
)
def test_no_gpu_said_makes_error_35_a_cpu_run(tmp_path: Path, said: str) -> None:
    # samet-akcay/ganomaly#16, arnabgho/iSketchNFill#1: CUDA called on a machine without a GPU
    found = judge(tmp_path, said + ERROR_35, ["EC902", "EC904"])
    assert ("EC904", "driver-not-loaded", "warning") in found
    assert ("EC902", "driver-too-old", "error") not in found
    # near miss: a GPU problem said in other words keeps the driver reading
    other = "I haven't gpu issues on this computer before.\n" + ERROR_35
    assert ("EC902", "driver-too-old", "error") in judge(tmp_path, other, ["EC902", "EC904"])


# --- heldout123-125 ---------------------------------------------------------------------------

BIREFNET = (
    "在1080ti上的推理速度很慢\n"
    "推理速度都是在0.5秒左右，是否需要什么优化，"
    "torch 2.7.1+cu128 win11平台，输入图片都限制在512尺寸\n"
)


def test_an_older_gpu_against_the_linux_list_on_windows_is_a_warning(tmp_path: Path) -> None:
    # ZhengPeng7/BiRefNet#230 (heldout123, a control): torch 2.7.1+cu128 on Windows 11 runs a
    # GTX 1080 Ti; the data holds only the Linux wheels' list (no sm_61) for that release
    matrix = load_matrix()
    found = judge(tmp_path, BIREFNET, ["EC202"], matrix)
    assert found == [("EC202", "gpu-arch-unsupported", "warning")]
    # near miss: on Linux the same build is an error (its list is the one read)
    linux = BIREFNET.replace("win11平台", "Ubuntu 22.04")
    assert judge(tmp_path, linux, ["EC202"], matrix) == [("EC202", "gpu-arch-unsupported", "error")]
    # a Windows release whose Windows list is read is judged by it, an error where it lacks
    # the GPU (torch 2.9.0's Windows cu128 wheels start at sm_70)
    read = BIREFNET.replace("2.7.1+cu128", "2.9.0+cu128")
    assert judge(tmp_path, read, ["EC202"], matrix) == [("EC202", "gpu-arch-unsupported", "error")]


def test_win11_is_windows(tmp_path: Path) -> None:
    from envcheck.checks._common import platform

    assert platform(snap_of(tmp_path, "torch 2.7.1+cu128 on win11\n")) == "windows"
    assert platform(snap_of(tmp_path, "torch 2.7.1+cu128 on Win 10\n")) == "windows"
    # near miss: a version number after "win" is no OS
    assert platform(snap_of(tmp_path, "torch 2.7.1+cu128, win11.2 of the tool\n")) == "linux"


ROOP_FORM = (
    "RuntimeError: CUDA failure 35: CUDA driver version is insufficient for CUDA runtime "
    "version ; GPU=-1354976392 ; expr=cudaSetDevice(info_.device_id);\n"
    "Are you using a GPU?\n"
    "- [ ] No. CPU FTW\n"
    "- [ ] NVIDIA\n"
    "- [ +] AMD\n"
    "- [ ] Intel\n"
)


def test_another_vendors_gpu_makes_error_35_no_driver(tmp_path: Path) -> None:
    # C0untFloyd/roop-unleashed#363 (a ticked "[ +] AMD") and #524 ("a Rx7900xt from AMD")
    found = judge(tmp_path, ROOP_FORM, ["EC902", "EC904"])
    assert ("EC904", "driver-not-loaded", "warning") in found
    assert ("EC902", "driver-too-old", "error") not in found
    said = ROOP_FORM.split("Are you")[0] + "I'm using a Rx7900xt from AMD i can't use Cuda\n"
    assert ("EC902", "driver-too-old", "error") not in judge(tmp_path, said, ["EC902", "EC904"])
    # near miss: the NVIDIA answer ticked keeps the driver reading
    nvidia = ROOP_FORM.replace("- [ ] NVIDIA", "- [x] NVIDIA").replace("- [ +] AMD", "- [ ] AMD")
    assert ("EC902", "driver-too-old", "error") in judge(tmp_path, nvidia, ["EC902", "EC904"])


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        ("v3.2 pipeline模式下使用cpu模式转md报找不到库libcuda.so.1\n", "libcuda-missing"),
        ("it says it cannot find libcuda.so.1\n", "libcuda-missing"),
        (
            "CUDA_VISIBLE=0 python tools/train.py configs/example_config.py\n",
            "visible-devices-misspelled",
        ),
    ],
)
def test_rows_learned_from_the_last_pools(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "libcuda.so.1 was found in /usr/lib/x86_64-linux-gnu\n",
        "CUDA_VISIBLE_DEVICES=0 python tools/train.py\n",
        "export CUDA_VISIBLE_DEVICES_LIST=0\n",
    ],
)
def test_near_misses_of_the_last_rows(text: str) -> None:
    assert not set(pats(text)) & {"libcuda-missing", "visible-devices-misspelled"}


@pytest.mark.parametrize(
    ("text", "pattern"),
    [
        (
            "(myenv) H:\\RVC-beta>python infer-web.py\n没有发现支持的N卡, 使用CPU进行推理\n",
            "a1111-torch-cannot-use-gpu",
        ),
        (
            ">> Failed to load custom CUDA kernel for BigVGAN. Falling back to torch.\n",
            "custom-op-plugin-build-failed",
        ),
        (
            "    import tensorrt as trt\nModuleNotFoundError: No module named 'tensorrt'\n",
            "tensorrt-module-missing",
        ),
        (
            "vkEnumerateInstanceExtensionProperties failed -3\ninvalid gpu device\n",
            "vulkan-no-driver",
        ),
        (
            "ggml_vk_available_devices_internal: ignoring Vulkan exception: "
            "vk::Instance::enumeratePhysicalDevices: ErrorInitializationFailed\n",
            "vulkan-no-driver",
        ),
    ],
)
def test_rows_learned_from_heldout126_127(text: str, pattern: str) -> None:
    assert pattern in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "No module named 'tensorrt_llm'\n",
        "No module named 'torch_tensorrt.fx'\n",
        "vkEnumerateInstanceExtensionProperties failed -7\n",
        "Loaded custom CUDA kernel for BigVGAN\n",
    ],
)
def test_near_misses_of_heldout126_127_rows(text: str) -> None:
    found = set(pats(text))
    assert not found & {
        "tensorrt-module-missing",
        "vulkan-no-driver",
        "custom-op-plugin-build-failed",
    }, found
