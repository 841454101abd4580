"""Round fifty-one: readings learned from the sealed pools' misses, each with its near misses,
and the fix plan's steps for them."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import assert_read_as, fix_text, pats, snap_of

# (text, pattern, code, category, severity): the line a real report pasted, read as its cause
READINGS = [
    (
        "ValueError: Unknown CUDA arch (8.6) or GPU not supported",
        "cpp-extension-unknown-arch",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "Running `/volume1/@appstore/NVIDIARuntimeLibrary/usr/bin/nvidia-smi` complains about "
        "`Please also try adding directory that contains libnvidia-ml.so to your system PATH.`",
        "nvml-library-not-found",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "[01/24/2023-00:50:48] [TRT] [E] 9: The engine plan file has a layer that utilizes loop "
        "API or boolean tensors, but the current platform does not support these layers due to "
        "mismatch of libnvrtc version.",
        "tensorrt-engine-version",
        "EC906",
        "cuda-libs-mismatch",
        "error",
    ),
    (
        "ERROR: 1: [runtime.cpp::parsePlan::314] Error Code 1: Serialization (Serialization "
        "assertion plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed.)",
        "tensorrt-plan-magic-tag",
        "EC906",
        "cuda-libs-mismatch",
        "warning",
    ),
    (
        "NVBit ERROR: SM 7.5 name GeForce RTX 2060 not supported",
        "gpu-below-library-minimum-cc",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
    (
        "[1/3] :/home1/hli/cuda10.2/bin/nvcc -DWITH_CUDA -I/home1/hli/Deformable-DETR/models/ops/"
        "src -c ms_deform_attn_cuda.cu",
        "cuda-path-with-colon",
        "EC913",
        "os-setting",
        "error",
    ),
    (
        "When I used nohup to train my model, and I need to kill the pids, but the memory "
        "didn't release.",
        "gpu-memory-held-stated",
        "EC912",
        "gpu-contention",
        "warning",
    ),
    (
        "LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.shfl.sync.bfly.i32",
        "triton-shfl-sync-not-selected",
        "EC901",
        "gpu-arch-unsupported",
        "warning",
    ),
    (
        "Recent PR on LRUs fail the CI on Python 3.13 because it does not support torch.dynamo "
        "i.e. `torch.compile`.",
        "torch-compile-unsupported-python",
        "EC916",
        "python-unsupported",
        "error",
    ),
    (
        "docker: Error response from daemon: failed to create shim task: OCI runtime create "
        'failed: exec: "nvidia-container-runtime": executable file not found in $PATH: <nil>: '
        "unknown.",
        "docker-nvidia-runtime-unknown",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "E   numba.cuda.cudadrv.error.NvvmSupportError: No supported GPU compute capabilities "
        "found. Please check your cudatoolkit version matches your CUDA version.",
        "numba-nvvm-no-supported-ccs",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        ">       ImportError('CUDA bindings not found. Please pip install the cuda-bindings "
        "package. Alternatively, install numba-cuda[cuXY]')",
        "numba-cuda-bindings-missing",
        "EC906",
        "cuda-libs-mismatch",
        "warning",
    ),
    (
        'On macOS, `from numba import njit` fails with "Numba needs NumPy 1.20 or less".',
        "numba-numpy-out-of-range",
        "EC914",
        "framework-pairing",
        "error",
    ),
    (
        "**Current behavior.** When a GPU falls off the PCIe bus (Xid 79), the health checker "
        "correctly marks that device `Unhealthy`",
        "gpu-fallen-off-bus",
        "EC910",
        "gpu-health",
        "error",
    ),
    (
        "  Warning  Evicted   109s  kubelet   Pod ephemeral local storage usage exceeds the total "
        "limit of containers 5Gi.",
        "k8s-ephemeral-storage-eviction",
        "EC917",
        "storage",
        "warning",
    ),
    (
        'message: "The node was low on resource: ephemeral-storage. Container llm was using '
        '57900024Ki, request is 0"',
        "k8s-ephemeral-storage-eviction",
        "EC917",
        "storage",
        "warning",
    ),
    (
        "> The driver installation is unable to locate the kernel source,Please make sure that "
        "the kernel source packages are installed and set up correctly.",
        "nvidia-installer-no-kernel-source",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "`insmod: ERROR: could not insert module /opt/nvidia/lib/modules/4.14.16/video/nvidia.ko:"
        " Unknown symbol in module`",
        "nvidia-module-unknown-symbol",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "Unable to compile Nvidia module on Flatcar Linux",
        "nvidia-module-not-built-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "Nvidia 390.132 not compiling with Kernel 5.5.x",
        "nvidia-module-not-built-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        'If there is no NVidia GPU, it gives an error reporting "nvcuda.dll" cannot be found.',
        "nvcuda-dll-missing-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "missing nvcuda.dll causing -'Emgu.CV.CvInvoke' threw an exception-",
        "nvcuda-dll-missing-stated",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "'sm_13' is not defined for option 'gpu-architecture'",
        "nvcc-arch-not-defined",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "RuntimeError:nvrte:error:invalid value for -gpu-architecture (-arch)",
        "nvrtc-unsupported-arch",
        "EC901",
        "gpu-arch-unsupported",
        "error",
    ),
]


@pytest.mark.parametrize("text, pattern, code, category, severity", READINGS)
def test_message_is_read_as_its_cause(
    tmp_path: Path, text: str, pattern: str, code: str, category: str, severity: str
) -> None:
    assert_read_as(tmp_path, text, pattern, code, category, severity)


@pytest.mark.parametrize(
    "text, pattern",
    [
        # the arch message in torch's own source, not raised
        ('raise ValueError(f"Unknown CUDA arch ({arch}) or GPU not supported")', "cpp-extension"),
        ("add the directory that contains libcuda.so to LD_LIBRARY_PATH", "nvml-library-not-found"),
        ("the engine plan file was rebuilt with the matching libnvrtc", "tensorrt-engine-version"),
        ("plan->header.magicTag checked: OK", "tensorrt-plan-magic-tag"),
        ("NVBit: SM 7.5 name GeForce RTX 2060 supported, instrumenting", "gpu-below-library"),
        ("[1/3] /usr/local/cuda/bin/nvcc -DWITH_CUDA -I:/home/x", "cuda-path-with-colon"),
        ("PATH=/usr/bin:/usr/local/cuda/bin/nvcc", "cuda-path-with-colon"),
        ("I killed the job and the memory was released at once", "gpu-memory-held-stated"),
        ("the memory didn't grow after I stopped the data loader", "gpu-memory-held-stated"),
        ("LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.redux.sync.fmax", "triton-shfl"),
        ("Torch.compile not working with python 3.12 on windows", "torch-compile-unsupported"),
        ("Python 3.13 does not support the old distutils module", "torch-compile-unsupported"),
        ('exec: "nvidia-smi": executable file not found in $PATH', "docker-nvidia-runtime"),
        ("numba found 3 supported GPU compute capabilities", "numba-nvvm-no-supported-ccs"),
        ("CUDA bindings found: cuda-bindings 12.9", "numba-cuda-bindings-missing"),
        ("Numba supports NumPy 1.20 or less", "numba-numpy-out-of-range"),
        ("the PCIe bus was fine and the GPU never fell off it", "gpu-fallen-off-bus"),
        ("resources.limits.ephemeral-storage: 10Gi set for the pod", "k8s-ephemeral-storage"),
        ("nvrtc: warning: -gpu-architecture=compute_86 is deprecated", "nvrtc-unsupported-arch"),
        ("the installer found the kernel source in /usr/src/linux", "nvidia-installer-no-kernel"),
        ("insmod: ERROR: could not insert module nvidia.ko: Invalid argument", "nvidia-module-unk"),
        ("kernel: snd_hda_intel: Unknown symbol in module", "nvidia-module-unknown-symbol"),
        ("I was able to compile the nvidia module at last", "nvidia-module-not-built-stated"),
        ("the nvidia driver does not support this GPU", "nvidia-module-not-built-stated"),
        ("On Windows the driver library is named nvcuda.dll", "nvcuda-dll-missing-stated"),
        ("Successfully opened dynamic library nvcuda.dll", "nvcuda-dll-missing-stated"),
    ],
)
def test_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert not [p for p in pats(text + "\n") if p.startswith(pattern)]


def test_a_librarys_own_gpu_floor_is_not_planned_as_a_framework_wheel(tmp_path: Path) -> None:
    # a torch build cannot lower FlashInfer's (or NVBit's) floor: the step names the GPU
    out = fix_text(tmp_path, "Architecture sm87 not supported\n")
    assert "[manual-EC901]" in out and "developer.nvidia.com/cuda-gpus" in out
    assert "torch-needs-facts" not in out


def test_a_torch_that_does_not_know_the_gpu_is_still_a_torch_step(tmp_path: Path) -> None:
    # cpp_extension's unknown arch: the fix is a newer torch, which the plan asks facts for
    out = fix_text(tmp_path, "ValueError: Unknown CUDA arch (8.6) or GPU not supported\n")
    assert "torch-needs-facts" in out


@pytest.mark.parametrize(
    "text, docs",
    [
        (
            "numba.cuda.cudadrv.error.NvvmSupportError: No supported GPU compute capabilities "
            "found. Please check your cudatoolkit version matches your CUDA version.\n",
            "nvidia.github.io/numba-cuda",
        ),
        (
            "ImportError: CUDA bindings not found. Please pip install the cuda-bindings package.\n",
            "nvidia.github.io/numba-cuda",
        ),
        ("ImportError: Numba needs NumPy 1.20 or less\n", "numba.readthedocs.io"),
        (
            "Warning  Evicted  109s  kubelet  Pod ephemeral local storage usage exceeds the total "
            "limit of containers 5Gi.\n",
            "kubernetes.io/docs/concepts/storage/ephemeral-storage",
        ),
    ],
)
def test_the_step_links_the_librarys_own_page(tmp_path: Path, text: str, docs: str) -> None:
    out = fix_text(tmp_path, text)
    assert docs in out and "pytorch.org" not in out


@pytest.mark.parametrize(
    "text",
    [
        "The driver installation is unable to locate the kernel source. Please make sure that "
        "the kernel source packages are installed and set up correctly.\n",
        "/var/lib/dkms/nvidia/470.82/build/nvidia/nv-linux.h:119:10: fatal error: "
        "asm/kmap_types.h: No such file or directory\n",
        "nvidia kernel modules could not be built\n",
    ],
)
def test_a_module_that_was_never_built_is_built_not_loaded(tmp_path: Path, text: str) -> None:
    # `modprobe nvidia` has nothing to load until the module is built for the running kernel
    out = fix_text(tmp_path, text)
    assert "[kernel-module-build]" in out and "modprobe" not in out


def test_a_module_that_is_built_but_not_loaded_is_still_loaded(tmp_path: Path) -> None:
    out = fix_text(tmp_path, "modprobe: ERROR: could not insert 'nvidia': No such device\n")
    assert "kernel-module-build" not in out


def test_an_arch_given_to_the_compiler_is_not_the_gpus(tmp_path: Path) -> None:
    # the build asked CUDA 9.1 for Tesla's sm_13; the GPU is a GeForce 960M (5.0), not 1.3
    text = (
        "'sm_13' is not defined for option 'gpu-architecture'\n"
        "I used Lenovo ideapaad Y700 NVIDIA Geforce 960M and installed version of cuda is the "
        "following. nvcc -V nvcc: NVIDIA (R) Cuda compiler driver Cuda compilation tools, "
        "release 9.1, V9.1.85\n"
    )
    snap = snap_of(tmp_path, text)
    assert all(g.compute_capability != "1.3" for g in snap.gpus())


def test_an_sm_said_of_the_gpu_is_still_its_compute_capability(tmp_path: Path) -> None:
    snap = snap_of(tmp_path, "my GPU is sm_86\n")
    assert [g.compute_capability for g in snap.gpus()] == ["8.6"]


_CORPUS = Path(__file__).parent / "fixtures" / "corpus"
_AMD_NO_DRIVER = (
    "I installed this for AMD and am getting an error (RuntimeError: Found no NVIDIA driver on "
    "your system.)\n"
)


def test_no_nvidia_driver_where_the_text_names_an_amd_gpu() -> None:
    assert pats(_AMD_NO_DRIVER) == ["cuda-build-on-other-vendor-gpu"]


@pytest.mark.parametrize(
    "text",
    [
        # an NVIDIA GPU is named: the driver is the problem, not the build
        "I have an AMD Ryzen CPU and an RTX 3090. RuntimeError: Found no NVIDIA driver on your "
        "system.\n",
        # an AMD CPU only
        "Running on AMD Ryzen 9 5950X: RuntimeError: Found no NVIDIA driver on your system.\n",
        "RuntimeError: Found no NVIDIA driver on your system.\n",
    ],
)
def test_no_nvidia_driver_without_another_vendors_gpu_stays_the_driver(text: str) -> None:
    assert "found-no-nvidia-driver" in pats(text)
    assert "cuda-build-on-other-vendor-gpu" not in pats(text)


def test_a_machine_without_an_nvidia_gpu_gets_no_module_to_load(tmp_path: Path) -> None:
    out = fix_text(tmp_path, _AMD_NO_DRIVER)
    assert "[no-nvidia-gpu]" in out and "ROCm" in out
    assert "modprobe" not in out


def test_the_gpu_package_is_not_planned_where_there_is_no_nvidia_gpu(tmp_path: Path) -> None:
    # a MacBook's Intel HD Graphics 6000 with TensorFlow 1.10's CPU package
    # (tensorflow/tensorflow#22041): "install tensorflow-gpu" would be the wrong step there
    paste = _CORPUS / "heldout19" / "tensorflow-22041-py37-no-wheel-old-tf" / "paste.txt"
    out = fix_text(tmp_path, paste.read_text())
    assert "[no-nvidia-gpu]" in out and "modprobe" not in out
    assert "[manual-EC905]" not in out and "tensorflow-gpu==" not in out


@pytest.mark.parametrize(
    "text, step",
    [
        (
            "Error! Bad return status for module build on kernel: 6.8.0-45-generic (x86_64)\n",
            "kernel-module-build",
        ),
        (
            "Error! Your kernel headers for kernel 5.15.0-91-generic cannot be found.\n",
            "kernel-module-build",
        ),
        (
            "ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently "
            "when this kernel module was built against the wrong or improperly configured "
            "kernel sources\n",
            "kernel-module-refused",
        ),
        (
            "NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:1b82) installed in this system is not "
            "supported by open nvidia.ko because it does not include the required GPU System "
            "Processor (GSP).\n",
            "kernel-module-refused",
        ),
        (
            'docker: Error response from daemon: could not select device driver "" with '
            "capabilities: [[gpu]].\n",
            "container-toolkit",
        ),
        (
            "nvidia-container-cli: initialization error: WSL environment detected but no adapters "
            "were found: unknown.\n",
            "wsl-gpu",
        ),
    ],
)
def test_a_driver_that_cannot_load_gets_the_step_that_lets_it(
    tmp_path: Path, text: str, step: str
) -> None:
    # a module never built, refused by the kernel, a Docker without the NVIDIA runtime, WSL:
    # `modprobe nvidia` is not what makes the driver usable there
    out = fix_text(tmp_path, text)
    assert f"[{step}]" in out and "modprobe nvidia" not in out
