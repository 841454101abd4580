"""Round thirty-one: readers added or widened this round, each with its near misses."""

from __future__ import annotations

from pathlib import Path
from typing import List

from evidence_support import entries, judge, pats, snap_of

from envcheck.checks import registry
from envcheck.compat import load_matrix
from envcheck.importers.errorlog.table import pattern


def _gpu_names(tmp_path: Path, text: str) -> List[str]:
    return [g.name for g in snap_of(tmp_path, text).gpus()]


def test_a_gpu_name_written_against_chinese_text_is_read(tmp_path: Path) -> None:
    # RVC-Project/Retrieval-based-Voice-Conversion-WebUI#2718: "RTX5090显卡支持？" (does it support
    # the RTX 5090 card?), then "尝试下升级torch" (tried upgrading torch)
    text = (
        "RTX5090显卡支持？\n\n"
        "我以前用3070能正常运行实时变声那些，换了显卡就用不了了。尝试下升级torch\n"
    )
    assert _gpu_names(tmp_path, text) == ["RTX5090"]
    assert judge(tmp_path, text, ["EC215"], load_matrix()) == [
        ("EC215", "gpu-arch-unsupported", "warning")
    ]


def test_a_model_number_running_on_into_latin_letters_is_still_no_gpu(tmp_path: Path) -> None:
    # the boundary after a name is only relaxed for non-Latin script: "RTX3090abc" is no model
    assert _gpu_names(tmp_path, "I use torch on my RTX3090abc box\n") == []
    assert _gpu_names(tmp_path, "I use torch on my RTX3090 box\n") == ["RTX3090"]


def test_the_card_the_reporter_upgraded_from_is_not_the_gpu(tmp_path: Path) -> None:
    # Anjok07/ultimatevocalremovergui#1752: the RTX 3090 is gone; the RTX 50 series card is in
    text = (
        "I upgraded from a RTX 3090\nDemucs v4 htdemucs\nif i open the GPU Conversion options the "
        "process progress will stuck on 5% forever\n"
        "i think all RTX 50 Series card have same issues\n"
    )
    # the family stands for the GPU (compute capability 12.0, no model name)
    assert "RTX 3090" not in _gpu_names(tmp_path, text)
    assert judge(tmp_path, text, ["EC215"], load_matrix()) == [
        ("EC215", "gpu-arch-unsupported", "warning")
    ]


def test_a_card_named_as_the_one_in_use_is_kept(tmp_path: Path) -> None:
    for text in (
        "I upgraded to a RTX 3090 and torch is slow\n",
        "I use torch on a RTX 3090 since I upgraded from Windows 10\n",
    ):
        assert _gpu_names(tmp_path, text) == ["RTX 3090"], text
    # the old card named, then the new one: only the new one is the GPU
    text = "I replaced my old GTX 1080 with an RTX 4090, and now torch fails\n"
    assert _gpu_names(tmp_path, text) == ["RTX 4090"]


def test_pip_installing_an_old_release_on_a_stated_python() -> None:
    # deepchem/deepchem#4153: Python 3.12, and pip resolves the old deepchem 2.5.0
    text = (
        "Pip install deepchem installs old version 2.5.0\n"
        "* Python version: 3.10/3.12 (tried both)\n"
    )
    assert pats(text) == ["pip-installed-an-old-release"]
    assert pattern("pip-installed-an-old-release").severity == "warning"
    assert pattern("pip-installed-an-old-release").category == "python-unsupported"
    # without the Python the text names, another package's pin may be the cause: not read
    assert pats(text.splitlines()[0]) == []


def test_old_versions_that_pip_did_not_install() -> None:
    for text in (
        "The folder holds the older version of the model, python 3.10",
        "I want to install an old version on purpose, python 3.8",
        "I installed an older version of torch and it works, python 3.10",
        "python 3.11: the docs describe the old release notes",
        # a CUDA library wheel pulled down by the CUDA pins (jax-ml/jax#16625)
        "it installs an older version of cudnn (I think 8.5), not 8.8. Python 3.10",
    ):
        assert pats(text) == [], text


FLOWER = (
    "(.venv) $ python --version\n"
    "Python 3.12.2\n\n"
    '(.venv) $  pip install -U flwr["simulation"]\n'
    "  Attempting uninstall: protobuf\n"
    "    Found existing installation: protobuf 4.25.3\n"
    "  Attempting uninstall: flwr\n"
    "    Found existing installation: flwr 1.8.0\n"
    "    Uninstalling flwr-1.8.0:\n"
    "      Successfully uninstalled flwr-1.8.0\n"
    "Successfully installed flwr-0.16.0 protobuf-3.20.3\n\n"
    "(.venv) $ pip install -U flwr\n"
    "    Found existing installation: flwr 0.16.0\n"
    "Successfully installed flwr-1.8.0 protobuf-4.25.3\n"
)


def test_pip_downgrading_the_package_it_was_asked_for() -> None:
    # adap/flower#3259: the simulation extra's Ray had no release for Python 3.12
    found = entries(FLOWER)
    assert [e["pattern"] for e in found] == ["pip-installed-an-old-release"]
    assert found[0]["line"].startswith("Successfully installed flwr-0.16.0")
    # no Python named: dropped
    assert pats(FLOWER.replace("Python 3.12.2", "")) == []


def test_pip_downgrading_only_a_dependency_or_upgrading_is_not_read() -> None:
    # protobuf (a dependency, not asked for) goes down: another package's pin, not the Python
    text = FLOWER.replace("Successfully installed flwr-0.16.0", "Successfully installed flwr-1.8.1")
    assert pats(text.split("\n\n(.venv) $ pip install -U flwr\n")[0]) == []
    # a version pinned in the command may be what pulled the package down (alphafold#31)
    pinned = FLOWER.replace('flwr["simulation"]', 'flwr["simulation"] ray==2.6.3')
    assert pats(pinned.split("\n\n(.venv) $ pip install -U flwr\n")[0]) == []
    # the upgrade back to 1.8.0 alone is no downgrade
    assert pats("Python 3.12.2\n" + FLOWER.split("\n\n")[-1]) == []


# ---- after heldout76 and heldout77's scoring -------------------------------------------------


def test_python_312s_removed_impimporter_is_a_python_too_new() -> None:
    # liamdugan/raid#29: an old numpy pin built from source on Python 3.12
    text = (
        "Run pip install on Python3.12.\n"
        "AttributeError: module 'pkgutil' has no attribute 'ImpImporter'. Did you mean: "
        "'zipimporter'?\n"
    )
    assert pats(text) == ["pkgutil-impimporter-removed"]
    assert pattern("pkgutil-impimporter-removed").category == "python-unsupported"
    assert pats("pkgutil.ImpImporter is deprecated in Python 3.10") == []


def test_pip_building_numpy_from_source_on_a_stated_python() -> None:
    # MicrobialDarkMatter/nanomotif#18: numpy==1.24.4 has no cp312 wheel
    text = (
        "I failed to install nanomotif in python3.12.\n"
        "Collecting numpy==1.24.4 (from nanomotif==0.1.18)\n"
        "  Downloading numpy-1.24.4.tar.gz (10.9 MB)\n"
    )
    assert pats(text) == ["pip-building-a-binary-package-from-source"]
    # acids-ircam/creative_ml#3: numpy 1.19.3's own C sources being compiled on Python 3.11
    compiled = (
        "Python 3.11.5\n2023-11-10T10:20:21,188     gcc: numpy/core/src/common/npy_longdouble.c\n"
    )
    assert pats(compiled) == ["pip-building-a-binary-package-from-source"]
    # no Python named: the platform may lack the wheel as well; not read
    assert pats(text.replace("in python3.12", "here")) == []
    # a pure-Python package's sdist, and a wheel, say nothing
    assert pats("Python 3.12\n  Downloading antlr4-python3-runtime-4.9.3.tar.gz (117 kB)\n") == []
    assert pats("Python 3.12\n  Downloading numpy-1.26.4-cp312-cp312-manylinux.whl\n") == []


def test_a_python_it_fails_on_then_the_one_it_works_on() -> None:
    # NVIDIA/physicsnemo#723
    text = (
        "Modulus installation from source fails on Python 3.12 during installation of its NumPy "
        "dependency. I confirm that Modulus install does work correctly on Python 3.11, which "
        "suggests that this issue is 3.12-specific.\n"
    )
    assert pats(text) == ["python-newer-fails-stated"]
    # the older Python failing and the newer one working is no Python too new
    assert pats(text.replace("3.12", "3.10")) == []


def test_jittors_banner_names_the_host_gcc_and_its_compiling(tmp_path: Path) -> None:
    # Jittor/jittor#153: g++ 10.2 with nvcc 10.0, which takes gcc 7 at most
    text = (
        "python3.7 -m jittor.test -v [i 1121 19:49:50.599449 68 __init__.py:257] Found "
        "g++(10.2.0) at g++ [i 1121 19:49:50.612800 64 compiler.py:839] Jittor(1.2.1.1) src: "
        "/Anaconda3/envs/jittor/lib/python3.7/site-packages/jittor [i 1121 compiler.py:791] "
        "Found /usr/local/cuda/bin/nvcc(10.0.130) at /usr/local/cuda/bin/nvcc\n"
    )
    assert judge(tmp_path, text, ["EC312"], load_matrix()) == [
        ("EC312", "toolkit-mismatch", "warning")
    ]
    fix = registry.run_checks(snap_of(tmp_path, text), load_matrix(), None, only=["EC312"])
    assert "gcc 7 or older" in fix.findings[0].fix and "gcc-11" not in fix.findings[0].fix
    # Jittor's other form: "g++ at /usr/bin/g++(5.4.0)" (gcc 5 is fine for CUDA 10.0)
    other = text.replace("Found g++(10.2.0) at g++", "g++ at /usr/bin/g++(5.4.0)")
    assert judge(tmp_path, other, ["EC312"], load_matrix()) == []
    assert [g["value"] for g in snap_of(tmp_path, other).evidence["host_gccs"]] == ["5.4.0"]


def test_gpus_per_task_with_jaxs_no_supported_devices() -> None:
    # jax-ml/jax#28194
    text = (
        "#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-task=1\n\n"
        "jax.distributed.initialize()\n\n"
        "RuntimeError: Unable to initialize backend 'cuda': INTERNAL: no supported devices found "
        "for platform CUDA\n"
    )
    assert "slurm-gpus-per-task" in pats(text)


def test_a_package_refusing_the_framework_release_outside_its_range() -> None:
    # NVIDIAGameWorks/kaolin#694
    text = (
        "ImportError: Kaolin requires PyTorch >=1.6.0, <=1.13.0, but found version 1.13.1 "
        "instead.If yo"
    )
    assert pats(text) == ["package-requires-other-framework-release"]
    assert pattern("package-requires-other-framework-release").severity == "error"
    for near in (
        "the docs say it requires PyTorch >= 1.8 and I have 1.13",
        "requires torch>=2.0, but the install worked",
    ):
        assert pats(near) == [], near


# ---- after heldout78's scoring (heldout79 is not tuned on) -----------------------------------


def test_optix_failing_inside_a_container_is_the_graphics_capability() -> None:
    # NVIDIA/nvidia-docker#1545 (libnvoptix is mounted only with the graphics capability)
    text = (
        "They use nvidia cuda images as their base (nvidia/cuda:11.1.1-devel-ubuntu18.04).\n"
        "Trying to run my application I get OptiX error 7804 (OPTIX_ERROR_LIBRARY_NOT_FOUND)\n"
    )
    assert pats(text) == ["optix-in-container-without-graphics"]
    assert pattern("optix-in-container-without-graphics").category == "os-setting"
    # given the graphics capability, the container is not the cause: the driver's age is
    given = text + "docker run -e NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics img\n"
    assert pats(given) == ["optix-library-not-found"]
    # outside a container: the OptiX SDK newer than the driver (NVIDIA/OWL#12)
    bare = "Optix call (optixInit()) failed with code 7804 (line 157)\nI am not using docker\n"
    assert pats(bare) == ["optix-library-not-found"]
    assert pattern("optix-library-not-found").category == "driver-too-old"


def test_the_reporters_words_for_optix_missing_in_a_container() -> None:
    # nytimes/rd-blender-docker#19
    text = (
        "I'm currently trying to render frames using Nvidia OptiX but the container does not "
        "seem to be able to locate any other OptiX device than the CPU. It works perfectly with "
        "CUDA.\n"
    )
    assert pats(text) == ["optix-in-container-without-graphics"]
    assert pats(text.replace("the container", "the program")) == []


def test_optix_wrapper_failures_and_their_near_misses() -> None:
    # zju3dv/EnvGS#4: OptiX SDK 7.7 on driver 470: the ABI is the driver's, container or not
    abi = (
        "root@di-2025:~# python render.py\n"
        "optix_wrapper.cpp:175 Optix Error: 'Unsupported ABI version'\n"
    )
    assert pats(abi) == ["optix-init-failed"]
    # rnd-team-dev/plotoptix#10: the wrapper's failure beside CUDA's out of memory is the memory
    oom = (
        "[Py-C# interop]\nOptiX initialization failed.\n"
        "CUDA call (cudaFree(0) ) failed with error: 'out of memory' (PathTracer.cpp:498)\n"
    )
    assert "optix-init-failed" not in pats(oom)
    assert pats("OptiX initialization failed.\n") == ["optix-init-failed"]


def test_a_cuda_12_driver_api_missing_from_libcuda() -> None:
    # triton-lang/triton#2062 (an A100 whose driver runs CUDA 11.8)
    text = (
        "ImportError: /home/u/.triton/cache/c6a7/cuda_utils.so: undefined symbol: "
        "cuTensorMapEncodeTiled\n"
    )
    assert pats(text) == ["cuda12-driver-api-missing"]
    assert pattern("cuda12-driver-api-missing").severity == "error"
    assert "cuda12-driver-api-missing" not in pats("undefined symbol: cuTensorMapEncodeTiledX\n")
    assert "cuda12-driver-api-missing" not in pats("undefined symbol: cuLaunchKernel\n")


def test_cmakes_arch_selection_not_knowing_the_gpu() -> None:
    # k2-fsa/k2#1344: a GB10 (compute capability 12.1)
    text = "Unknown CUDA Architecture Name 12.1(2.0) in CUDA_SELECT_NVCC_ARCH_FLAGS\n"
    assert pats(text) == ["cmake-cuda-arch-unknown"]
    assert pats("CUDA_SELECT_NVCC_ARCH_FLAGS(ARCH_FLAGS Auto)\n") == []


def test_tritons_bf16_conversion_below_ampere() -> None:
    # Tractables/pyjuice#20 (GTX 1080)
    text = (
        "Unsupported conversion from bf16 to f16\n\nUNREACHABLE executed at "
        "/project/lib/Conversion/TritonGPUToLLVM/ElementwiseOpToLLVM.cpp:816!\n"
    )
    assert pats(text) == ["triton-bf16-below-ampere"]
    # on a GPU with bf16 the message says something else
    assert "triton-bf16-below-ampere" not in pats(text + "GPU: NVIDIA A100-SXM4-80GB\n")
