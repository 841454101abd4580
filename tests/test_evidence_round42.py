"""Round forty-two: readings learned from the sealed pools heldout174-177's misses, each with its
near misses: what texts say in words (all ranks on GPU 0, compute nodes without internet, a
toolkit without an architecture, a program's own capability check, a CPU-only install), what
tools print (cc1's permission error, `kubectl describe node`'s two GPU counts) and one false
error (a Python comparison read as a CUDA_VISIBLE_DEVICES value)."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import judge, pats, snap_of

from envcheck.checks import registry

# --- every rank on one GPU, said in words (os-setting) -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I noticed that all MPI ranks seem to use the same GPU (typically GPU 0), even when "
        "multiple processes are launched.",
        "However, I've found that all processes are using GPU 0, which is not the intended "
        "behavior.",
        "I found all the processes were running on gpu0.",
        "all ranks end up on cuda:0",
    ],
)
def test_all_ranks_on_one_gpu_said_in_words(text: str) -> None:
    assert "ranks-on-one-gpu-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "all processes are using GPU memory",  # memory, not one GPU
        "all ranks use different GPUs now",  # the fix working
        "all tests run on GPU 1",  # tests, not ranks or processes
        "I want all processes to use their own GPU",  # a wish with no GPU named
    ],
)
def test_ranks_on_their_own_gpus_are_not_one_gpu(text: str) -> None:
    assert "ranks-on-one-gpu-stated" not in pats(text + "\n")


def test_all_ranks_on_one_gpu_is_an_os_setting_warning(tmp_path: Path) -> None:
    text = "all MPI ranks seem to use the same GPU\n"
    assert judge(tmp_path, text, ["EC913"]) == [("EC913", "os-setting", "warning")]


# --- several processes sharing a GPU, oversubscription (gpu-contention) -------------------------


@pytest.mark.parametrize(
    "text",
    [
        "are we somehow oversubscribing the GPUs in some settings?",
        "multiple processes using the same GPU make it slow",
        "Oversubscription of the GPUs could go very bad",
    ],
)
def test_oversubscribed_gpus_said_in_words(text: str) -> None:
    assert "gpu-used-by-others-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "the CPU cores are oversubscribed",  # CPUs, not GPUs
        "one process using the same GPU as before",  # one process
    ],
)
def test_oversubscribed_cpus_are_not_gpu_contention(text: str) -> None:
    assert "gpu-used-by-others-stated" not in pats(text + "\n")


# --- compute nodes without internet access (data-network) ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "The GPU/CPU compute nodes on Australia's HPC don't have internet access.",
        "I want to run an example on a HPC server where GPU nodes have no network access.",
        "There is no internet access on the compute nodes, so the weights cannot be fetched.",
        "our cluster nodes cannot access the internet",
    ],
)
def test_compute_nodes_without_internet_said_in_words(text: str) -> None:
    assert "compute-node-offline-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "the compute nodes have internet access",  # they do
        "I don't have internet access at home right now",  # not the nodes
        "the GPU nodes have no InfiniBand",  # another network word, not access to the internet
    ],
)
def test_nodes_with_internet_are_not_offline(text: str) -> None:
    assert "compute-node-offline-stated" not in pats(text + "\n")


def test_offline_compute_nodes_are_a_data_network_warning(tmp_path: Path) -> None:
    text = "The compute nodes don't have internet access.\n"
    assert judge(tmp_path, text, ["EC919"]) == [("EC919", "data-network", "warning")]


# --- a toolkit said to lack an architecture (toolkit-mismatch) ----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "CUDA toolkit is 11.5, which doesn't support compute_89 (H100) or compute_90 (Blackwell).",
        "I am using CUDA 6.5 right now, and it does not support sm52.",
        "my nvcc cannot compile for sm_120",
    ],
)
def test_a_toolkit_said_to_lack_an_architecture(text: str) -> None:
    assert "toolkit-stated-lacks-arch" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "CUDA 12.8 supports sm_120",  # it does
        "the driver does not support sm_90",  # no toolkit named
        "CUDA does not support this GPU",  # no architecture named
    ],
)
def test_a_toolkit_that_has_the_architecture_is_not_a_mismatch(text: str) -> None:
    assert "toolkit-stated-lacks-arch" not in pats(text + "\n")


def test_a_toolkit_without_the_architecture_is_a_toolkit_warning(tmp_path: Path) -> None:
    text = "CUDA toolkit is 11.5, which doesn't support compute_89\n"
    assert judge(tmp_path, text, ["EC907"]) == [("EC907", "toolkit-mismatch", "warning")]


# --- a program's own compute-capability check (gpu-arch-unsupported) ----------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[ERR!] GPU Compute Capability is lower than it is required",
        "LOG:  PG-Strom: GPU0 GeForce GTX TITAN X - CC 5.2 is not supported",
        "compute capability 3.0 is not supported",
    ],
)
def test_a_programs_capability_check_in_its_words(text: str) -> None:
    assert "gpu-below-minimum-cc-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        # Kokkos: a binary built for another architecture (a control of heldout49)
        "Kokkos::Cuda::initialize ERROR: running kernels compiled for compute capability 7.0 on "
        "device with compute capability 7.5 is not supported by CUDA!",
        "compute capability 8.6 is supported",  # it is
        "Python 3.6 is not supported",  # not a compute capability
    ],
)
def test_other_capability_sentences_are_not_the_programs_check(text: str) -> None:
    assert "gpu-below-minimum-cc-stated" not in pats(text + "\n")


# --- installs said to bring the CPU build (cpu-only-build) --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "it seems to be installing torch with cpu support only.",
        "it automatically installs pytorch with CPU support only `torch==2.7.1+cpu`.",
        "conda installed tensorflow with only CPU support",
    ],
)
def test_an_install_with_cpu_support_only(text: str) -> None:
    assert "cpu-build-stated" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "installed torch with CUDA support",  # the GPU build
        "CPU support only for the preprocessing step",  # no install named
    ],
)
def test_an_install_with_cuda_support_is_not_a_cpu_build(text: str) -> None:
    assert "cpu-build-stated" not in pats(text + "\n")


# --- Python releases a package does not work with (python-unsupported) ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        "it depends on numba which in turn requires llvmlite which does not work with python "
        "3.11 yet.",
        "Installation process does not work for Python 3.12",
        "However, there are no packages for Python 3.11 at https://anaconda.org/pytorch/pytorch",
    ],
)
def test_a_python_release_said_to_be_unsupported(text: str) -> None:
    assert "python-stated-unsupported" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "it does not work with python either",  # no release named
        "there are no packages for CUDA 12.4 yet",  # not Python
        "does not work with python 2 style prints",  # no 3.x
    ],
)
def test_other_sentences_name_no_unsupported_python(text: str) -> None:
    assert "python-stated-unsupported" not in pats(text + "\n")


# --- cc1 refused a path (os-setting) -----------------------------------------------------------


def test_the_compiler_refused_a_path() -> None:
    text = "cc1: error: /root/postgresql-9.6.2/src/include/: Permission denied\n"
    assert "compiler-path-permission-denied" in pats(text)
    for near in (
        "bash: ./configure: Permission denied\n",  # the shell, not the compiler
        "cc1: error: unrecognized command-line option '-mavx512'\n",  # another compiler error
        "cc1: warning: /root/include: Permission denied (ignored)\n",  # a warning, trailing words
    ):
        assert "compiler-path-permission-denied" not in pats(near), near


# --- kubectl describe node: fewer GPUs allocatable than the capacity (gpu-health) ---------------

NODE = """Capacity:
  cpu:                104
  ephemeral-storage:  51343996Ki
  memory:             791635548Ki
  nvidia.com/gpu:     {cap}
  pods:               110
Allocatable:
  cpu:                104
  ephemeral-storage:  47318626636
  memory:             791533148Ki
  nvidia.com/gpu:     {alloc}
  pods:               110
"""


def test_fewer_gpus_allocatable_than_the_capacity_are_marked_unhealthy(tmp_path: Path) -> None:
    assert "k8s-gpus-marked-unhealthy" in pats(NODE.format(cap=8, alloc=6))
    assert judge(tmp_path, NODE.format(cap=8, alloc=7), ["EC910"]) == [
        ("EC910", "gpu-health", "warning")
    ]


@pytest.mark.parametrize(
    "text",
    [
        NODE.format(cap=8, alloc=8),  # all of them allocatable
        NODE.format(cap=1, alloc=1),
        # another resource below its capacity: not the GPUs
        NODE.replace("nvidia.com/gpu", "example.com/fpga").format(cap=8, alloc=6),
        # the counts in prose, not the node's description
        "Capacity nvidia.com/gpu: 8 but allocatable nvidia.com/gpu: 6?\n",
    ],
)
def test_all_gpus_allocatable_are_not_marked_unhealthy(text: str) -> None:
    assert "k8s-gpus-marked-unhealthy" not in pats(text)


# --- CUDA_VISIBLE_DEVICES: a comparison is no value; "is -1" is one -----------------------------


def test_a_comparison_sets_no_visible_devices(tmp_path: Path) -> None:
    # ray-project/ray#8838 (a control of heldout176): a test script's assertion
    text = (
        "expected = os.getenv('CUDA_VISIBLE_DEVICES')\n"
        "cuda_visible_devices = os.getenv('CUDA_VISIBLE_DEVICES')\n"
        "assert cuda_visible_devices == expected, (expected, cuda_visible_devices)\n"
    )
    assert judge(tmp_path, text, ["EC507"]) == []


def test_visible_devices_reported_as_minus_one_hide_the_gpus(tmp_path: Path) -> None:
    # microsoft/nni#4853 (heldout176 at its scoring)
    text = (
        "in function evaluate_model() ,torch.cuda.is_available() is False and "
        'os.environ["CUDA_VISIBLE_DEVICES"] is -1\n'
    )
    assert judge(tmp_path, text, ["EC507"]) == [("EC507", "os-setting", "warning")]
    for near in (
        "CUDA_VISIBLE_DEVICES is 0\n",  # may be a wish; not a value that hides every GPU
        "CUDA_VISIBLE_DEVICES is -1.5 somewhere\n",  # not -1
        "CUDA_VISIBLE_DEVICES is set\n",  # no value
    ):
        assert judge(tmp_path, near, ["EC507"]) == [], near


# --- second half of the round: heldout178-181's misses -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Connecting to a system via Remote Desktop (rather than through the primary display) and "
        "launching the Boinc Manager prevents BOINC from detecting any CUDA devices.",
        "When starting up miner over remote desktop I get this error message:\n"
        "Unable to query CUDA driver version! Is an nVidia driver installed?",
        "I access the GPU machine over RDP and torch.cuda.is_available() returns False",
    ],
)
def test_a_gpu_not_reached_over_remote_desktop(text: str) -> None:
    assert "remote-desktop-session" in pats(text + "\n")


@pytest.mark.parametrize(
    "text",
    [
        "I use Remote Desktop to watch the training; the GPU runs at 100%",  # nothing fails
        "https://developer.nvidia.com/rdp/cudnn-download failed to download",  # NVIDIA's URL
        "Remote Desktop does not work on this laptop",  # nothing about the GPU or CUDA
    ],
)
def test_remote_desktop_without_a_gpu_failure(text: str) -> None:
    assert "remote-desktop-session" not in pats(text + "\n")


def test_remote_desktop_is_an_os_setting_warning(tmp_path: Path) -> None:
    text = "Over remote desktop the CUDA devices are not detected\n"
    assert judge(tmp_path, text, ["EC913"]) == [("EC913", "os-setting", "warning")]


def test_nvcc_without_cl_exe_in_a_build_tools_warning_is_no_error(tmp_path: Path) -> None:
    # xmake-io/xmake#2004 (a control of heldout181): xmake's probe of the GPUs warned
    probe = (
        "warning: failed to find cuda devices: nvcc fatal   : Cannot find compiler 'cl.exe' in "
        "PATH\n"
    )
    assert "nvcc-no-cl-exe" not in pats(probe)
    assert "nvcc-no-cl-exe" not in pats("windows下报错" + probe)
    build = "nvcc fatal   : Cannot find compiler 'cl.exe' in PATH\n"
    assert "nvcc-no-cl-exe" in pats(build)
    assert judge(tmp_path, build, ["EC907"]) == [("EC907", "toolkit-mismatch", "error")]


@pytest.mark.parametrize(
    "text, found",
    [
        (
            "torch/include/ATen/cuda/CUDAContext.h:10:10: fatal error: cusolverDn.h: No such "
            "file or directory",
            True,
        ),
        ("src/gemm.cu:3:10: fatal error: cublas_v2.h: No such file or directory", True),
        ("fatal error: curand_kernel.h: No such file or directory", True),
        # cuDNN's header is cuDNN's, not the toolkit's
        ("./src/cuda.h:33:19: fatal error: cudnn.h: No such file or directory", False),
        # a project's own header
        ("fatal error: mycusolver.h: No such file or directory", False),
    ],
)
def test_the_toolkits_library_headers_missing(text: str, found: bool) -> None:
    assert ("cuda-headers-missing" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, pattern",
    [
        (
            "I tried to extract all the video frames, but the storage space seems to be full.",
            "disk-space-low-stated",
        ),
        (
            "Sometimes it appears httperror 429, it seems youtube has banned our IPs",
            "download-http-error",
        ),
        ("requests.exceptions.HTTPError 503 Server Error", "download-http-error"),
    ],
)
def test_a_full_disk_and_a_refused_download_said_in_words(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("the storage space seems to be fine", "disk-space-low-stated"),
        ("the GPU memory seems to be full of tensors", "disk-space-low-stated"),
        ("httperror 200 OK", "download-http-error"),
    ],
)
def test_a_disk_with_room_and_a_good_download_are_not_failures(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


@pytest.mark.parametrize(
    "text, pattern, code, category",
    [
        (
            "ImportError: Cannot initialize a EGL device display. This likely means that your EGL "
            "driver does not support the PLATFORM_DEVICE extension",
            "egl-device-display-failed",
            "EC904",
            "driver-not-loaded",
        ),
        (
            "libEGL warning: failed to open /dev/dri/renderD129: Permission denied",
            "egl-render-node-permission",
            "EC913",
            "os-setting",
        ),
        (
            "AttributeError: 'GLXPlatform' object has no attribute 'EGL'",
            "pyopengl-platform-mismatch",
            "EC913",
            "os-setting",
        ),
    ],
)
def test_headless_rendering_messages(
    tmp_path: Path, text: str, pattern: str, code: str, category: str
) -> None:
    assert pattern in pats(text + "\n")
    assert judge(tmp_path, text + "\n", [code]) == [(code, category, "warning")]


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("libEGL warning: DRI2: failed to authenticate", "egl-render-node-permission"),
        ("open /dev/dri/renderD128: Permission denied", "egl-render-node-permission"),  # not EGL's
        (
            "AttributeError: 'GLXPlatform' object has no attribute 'GLX_foo'",
            "pyopengl-platform-mismatch",
        ),
        ("Initialized a EGL device display", "egl-device-display-failed"),
    ],
)
def test_other_rendering_lines(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


def test_tvm_without_its_cuda_code_generator(tmp_path: Path) -> None:
    text = "src/codegen/codegen.cc:27: Check failed: bf != nullptr Target cuda is not enabled\n"
    assert "tvm-target-cuda-not-enabled" in pats(text)
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "error")]
    assert "tvm-target-cuda-not-enabled" not in pats("Target cuda is enabled\n")


@pytest.mark.parametrize(
    "text, found",
    [
        ("编译的时候提示驱动版本过低，但是升级集群上的驱动又太麻烦", True),
        ("显卡驱动太旧了", True),
        ("驱动版本是535", False),  # a version, not too old
        ("驱动已经是最新版本", False),  # the newest
    ],
)
def test_a_driver_too_old_said_in_chinese(text: str, found: bool) -> None:
    assert ("driver-too-old-stated-zh" in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, pattern, found",
    [
        (
            "Pytorch 1.7 did not support sm_37 for Kepler based GPUs (i.e. Tesla K80). But 1.8 "
            "does.",
            "framework-stated-lacks-arch",
            True,
        ),
        ("torch 2.0 doesn't have sm_35 kernels", "framework-stated-lacks-arch", True),
        ("torch 2.0 doesn't have a bug on sm_35", "framework-stated-lacks-arch", False),
        ("torch 2.0 doesn't have kernels for sm_35", "framework-stated-lacks-arch", True),
        ("PyTorch 2.5 supports sm_90", "framework-stated-lacks-arch", False),
        ("my CUDA driver was mismatched with my library", "driver-library-mismatch-stated", True),
        (
            "the driver version mismatched with what the docs say",
            "driver-library-mismatch-stated",
            False,
        ),
    ],
)
def test_an_architecture_and_a_driver_mismatch_said_in_words(
    text: str, pattern: str, found: bool
) -> None:
    assert (pattern in pats(text + "\n")) is found


# --- third part of the round: heldout182-185's misses ------------------------------------------


@pytest.mark.parametrize(
    "text, pattern, found",
    [
        ("I'm able to reproduce a crash with the p2p samples.", "p2p-slow-or-failing-stated", True),
        ("./1_Utilities/p2pBandwidthLatencyTest hangs forever", "p2p-slow-or-failing-stated", True),
        ("p2pBandwidthLatencyTest shows 24 GB/s", "p2p-slow-or-failing-stated", False),
        ("the training hangs, but the p2p samples pass", "p2p-slow-or-failing-stated", False),
        (
            "the power and utilization are almost full, causing the temperature to be very high",
            "gpu-hot-stated",
            True,
        ),
        ("my GTX 1080 gets too hot during training", "gpu-hot-stated", True),
        ("GPU memory usage is very high", "gpu-hot-stated", False),  # no temperature
        ("the temperature of the softmax is too low", "gpu-hot-stated", False),
    ],
)
def test_p2p_samples_failing_and_a_hot_gpu_said_in_words(
    text: str, pattern: str, found: bool
) -> None:
    assert (pattern in pats(text + "\n")) is found


@pytest.mark.parametrize(
    "text, pattern",
    [
        # macOS's dyld (pytorch/rl#1308)
        (
            "ImportError: dlopen(/x/site-packages/torchrl/_torchrl.so, 0x0002): Symbol not found: "
            "__ZN8pybind116detail11type_casterIN2at6TensorEvE4castERKS3_NS_19return_value_policyE",
            "extension-function-missing",
        ),
        # MSVC in Chinese (ShichenLiu/SoftRas#68)
        (
            "soft_renderer/cuda/load_textures_cuda.cpp(24): error C3861: “AT_CHECK”: 找不到标识符",
            "torch-legacy-headers",
        ),
        ("x.cpp(24): error C3861: 'AT_CHECK': identifier not found", "torch-legacy-headers"),
        # setuptools (ShichenLiu/SoftRas#74)
        (
            "error: torch 1.5.0 is installed but torch==1.8.1 is required by {'torchvision'}",
            "pip-companion-needs-other-torch",
        ),
        (
            "RuntimeError: Detected that PyTorch and torch_sparse were compiled with different "
            "CUDA versions. PyTorch has CUDA version 10.1 and torch_sparse has CUDA version 0.0.",
            "extension-built-without-cuda",
        ),
        (
            "FileNotFoundError: Cannot find DGL C++ sparse library at /x/dgl/dgl_sparse/"
            "libdgl_sparse_pytorch_1.9.0.so",
            "extension-torch-abi-mismatch",
        ),
    ],
)
def test_extension_messages_of_the_third_part(text: str, pattern: str) -> None:
    assert pattern in pats(text + "\n")


@pytest.mark.parametrize(
    "text, pattern",
    [
        # a symbol that is not torch's
        ("dlopen(x.so, 2): Symbol not found: __ZN5boost6system", "extension-function-missing"),
        ("error C3861: 'TORCH_CHECK': identifier not found", "torch-legacy-headers"),
        # another package's conflict
        (
            "error: numpy 1.19.0 is installed but numpy>=1.20 is required by {'scipy'}",
            "pip-companion-needs-other-torch",
        ),
        # a real CUDA version differing is the pairing row's, not a CPU build
        (
            "PyTorch has CUDA version 10.1 and torch_sparse has CUDA version 10.2.",
            "extension-built-without-cuda",
        ),
        ("Loaded DGL C++ sparse library", "extension-torch-abi-mismatch"),
    ],
)
def test_near_misses_of_the_third_part(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


def test_flash_attentions_check_of_one_architecture() -> None:
    # Dao-AILab/flash-attention#79 (heldout185 at its scoring): one architecture, no "||"
    assert pats("RuntimeError: Expected is_sm80 to be true, but got false.\n") == [
        "kernel-architecture-check-failed"
    ]
    assert pats("Expected is_sm80 to be false\n") == []


def test_an_extension_without_cuda_is_a_cpu_build_error(tmp_path: Path) -> None:
    text = "PyTorch has CUDA version 10.1 and torch_sparse has CUDA version 0.0.\n"
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "error")]


# --- the round's last pool: heldout186's misses (Slurm, LibTorch) ------------------------------


@pytest.mark.parametrize(
    "text, pattern, code, category",
    [
        (
            "Jul  8 15:11:23 gpu slurmd[5421]: fatal: can't stat gres.conf file /dev//nvidia0: No "
            "such file or directory",
            "slurm-gres-device-missing",
            "EC904",
            "driver-not-loaded",
        ),
        (
            "slurmd[57977]: fatal: gres.conf duplicate records for gpu",
            "slurm-gres-duplicate-records",
            "EC913",
            "os-setting",
        ),
        (
            "aten::_convolution(Tensor input, ...) -> (Tensor):\n"
            "Expected at most 12 arguments but found 13 positional arguments.",
            "torchscript-newer-than-runtime",
            "EC914",
            "framework-pairing",
        ),
        (
            "CUDA_cublas_device_LIBRARY (ADVANCED)\n"
            '    linked by target "THC" in directory /home/u/torch/extra/cutorch/lib/THC',
            "cublas-device-library-missing",
            "EC907",
            "toolkit-mismatch",
        ),
    ],
)
def test_slurm_and_libtorch_messages(
    tmp_path: Path, text: str, pattern: str, code: str, category: str
) -> None:
    assert pattern in pats(text + "\n")
    assert judge(tmp_path, text + "\n", [code]) == [(code, category, "warning")]


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("slurmd: gres.conf file /etc/slurm/gres.conf read", "slurm-gres-device-missing"),
        ("slurmd: gres/gpu: records for gpu merged", "slurm-gres-duplicate-records"),
        # Python's own words for a call with too many arguments, not TorchScript's schema
        (
            "TypeError: knn_graph() takes from 2 to 6 positional arguments but 7 were given",
            "torchscript-newer-than-runtime",
        ),
        (
            "CUDA_cublas_LIBRARY: /usr/local/cuda/lib64/libcublas.so",
            "cublas-device-library-missing",
        ),
    ],
)
def test_near_misses_of_slurm_and_libtorch(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


# --- EC430's wording on a paste: memory in use, whose it is not said -----------------------------


def test_memory_in_use_on_a_paste_does_not_say_whose(tmp_path: Path) -> None:
    # heldout175's meshcnn-105 (a control): PyTorch's OOM figures leave 2.07 GiB outside its
    # allocator, which may be the job's own CUDA context; the finding says so
    text = (
        "RuntimeError: CUDA out of memory. Tried to allocate 1.62 GiB (GPU 0; 8.00 GiB total "
        "capacity; 3.97 GiB already allocated; 1.25 GiB free; 4.68 GiB reserved in total by "
        "PyTorch)\n"
    )
    (f,) = registry.run_checks(snap_of(tmp_path, text), None, None, only=["EC430"]).findings
    assert f.severity == "warning" and "does not say whose" in f.found
    assert "not visible here" not in f.found and "while the job is stopped" in f.fix


# --- the round's speed-ups keep their answers ---------------------------------------------------


def test_the_cli_builds_its_command_tree_once_a_process() -> None:
    # the corpus test runs main() once per paste in a few processes: the tree is built once
    from envcheck import cli

    assert cli._command() is cli._command()


def test_the_suspend_reading_still_needs_its_words_and_still_finds_them() -> None:
    illegal = "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    assert "launch-failure-after-suspend" in pats(
        "It happens after I woke up the computer from sleep.\n" + illegal
    )
    # a megabyte of the message without any suspend word: read as the message itself
    assert set(pats(illegal * 20000)) == {"illegal-memory-access"}


def test_pytorch_named_late_in_a_long_text_is_still_named(tmp_path: Path) -> None:
    from envcheck.importers.extract import prose

    text = "site-packages/torch/nn/modules/module.py line 1\n" * 20000 + "I use PyTorch 2.1\n"
    (fact,) = prose.torch_named(text, "paste.txt")
    assert fact.line == 20001 and fact.value == "torch"
    assert prose.torch_named("site-packages/torch/nn/x.py\n" * 100, "paste.txt") == []
