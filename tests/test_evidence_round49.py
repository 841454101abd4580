"""Round forty-nine: readings learned from the sealed pools heldout275-285's misses, each with
its near misses: nvcc failing inside the host GCC's headers (the header folder names that GCC),
a `gcc --version` line quoted in a sentence, a driver in brackets before a stated floor, "Driver
CUDA" beside the toolkit's, UCX's memlock advice with the limit in effect; the torch extension
message in an issue title, IREE without libcuda, NCCL's bootstrap getting a connection of the
wrong type, ONNX Runtime's CPU library without the CUDA provider, MLC LLM finding no device,
Deeplearning4j without its cuDNN helpers, Kaldi's configure not knowing a CUDA, deviceQuery's
error 30, CDI specs missing or stale, SIGBUS from torch.multiprocessing.spawn; and a framework
said not to support GPUs at all is no longer read as an unsupported architecture."""

from __future__ import annotations

from pathlib import Path

import pytest
from evidence_support import assert_read_as, fix_text, judge, pats

from envcheck.compat import load_matrix
from envcheck.importers.extract import text_facts

# (text, pattern, code, category, severity): the line a real report pasted, read as its cause
READINGS = [
    (
        "Unable to build Docker image with cuda:11.8.0-devel-ubuntu20.04 - CUDA version (11.8) "
        "mismatches the version that was used to compile PyTorch (12.1)",
        "cuda-version-mismatch-extension",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "iree/runtime/src/iree/hal/drivers/cuda/dynamic_symbols.c:54: UNAVAILABLE; CUDA runtime "
        "library not available; ensure installed and on path",
        "libcuda-missing",
        "EC904",
        "driver-not-loaded",
        "error",
    ),
    (
        "多机多卡训练，在运行程序时，出现了socketFinalizeAccept: wrong type 3 != 4错误。",
        "nccl-bootstrap-wrong-connection-type",
        "EC909",
        "nccl-problem",
        "error",
    ),
    (
        "System.EntryPointNotFoundException: 'Unable to find an entry point named "
        "'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL 'onnxruntime'.'",
        "onnxruntime-library-without-cuda-provider",
        "EC905",
        "cpu-only-build",
        "error",
    ),
    (
        "main.cpp:(.text+0x1a2): undefined reference to `OrtSessionOptionsAppendExecutionProvider_"
        "CUDA'",
        "onnxruntime-library-without-cuda-provider",
        "EC905",
        "cpu-only-build",
        "error",
    ),
    (
        "  what():  [06:45:08] /data/mlc-llm/cpp/cli_main.cc:50: Cannot auto detect device-name",
        "mlc-no-device-detected",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "java.lang.ClassNotFoundException : "
        "org.deeplearning4j.nn.layers.convolution.CudnnConvolutionHelper",
        "dl4j-cudnn-helper-missing",
        "EC906",
        "cuda-libs-mismatch",
        "warning",
    ),
    (
        "Unsupported CUDA_VERSION (CUDA_VERSION=10_0), please report it to Kaldi mailing list, "
        "together with 'nvcc -h' or 'ptxas -h' which lists allowed -gencode values...",
        "kaldi-configure-unknown-cuda",
        "EC907",
        "toolkit-mismatch",
        "error",
    ),
    (
        "cudaGetDeviceCount returned 30\n-> unknown error\nResult = FAIL",
        "cuinit-unknown-error",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        "- nvidia-ctk cdi list shows: Found 0 CDI devices",
        "cdi-no-nvidia-devices",
        "EC904",
        "driver-not-loaded",
        "warning",
    ),
    (
        '> Error: unable to start container "ecdb2132": crun: error stat\'ing file '
        "/lib/x86_64-linux-gnu/libEGL_nvidia.so.535.161.07: No such file or directory: OCI "
        "runtime attempted to invoke a command that was not found",
        "cdi-spec-stale-driver-files",
        "EC903",
        "driver-library-mismatch",
        "warning",
    ),
    (
        "torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal "
        "SIGBUS",
        "worker-sigbus-exit",
        "EC908",
        "shm-too-small",
        "warning",
    ),
    (
        "UCX  ERROR mlx5_0: mlx5dv_devx_umem_reg(size=131072 access=0x0) failed: Cannot allocate "
        "memory",
        "nccl-ib-memlock",
        "EC909",
        "nccl-problem",
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
        # the code that calls the provider is no error
        (
            "OrtSessionOptionsAppendExecutionProvider_CUDA(session_options, 0);",
            "onnxruntime-library-without-cuda-provider",
        ),
        (
            "Unable to find an entry point named 'OrtGetApiBase' in DLL 'onnxruntime'",
            "onnxruntime-library-without-cuda-provider",
        ),
        (
            "socketFinalizeAccept: accepted connection from peer",
            "nccl-bootstrap-wrong-connection-type",
        ),
        ("MLC detected device-name cuda:0 automatically", "mlc-no-device-detected"),
        (
            "java.lang.ClassNotFoundException: org.nd4j.linalg.jcublas.JCublasBackend",
            "dl4j-cudnn-helper-missing",
        ),
        (
            "Found CUDA_VERSION=10_0 in configure, generating kaldi.mk",
            "kaldi-configure-unknown-cuda",
        ),
        (
            "cudaGetDeviceCount returned 35\n-> CUDA driver version is insufficient",
            "cuinit-unknown-error",
        ),
        ("Found 2 CDI devices\nnvidia.com/gpu=0\nnvidia.com/gpu=all", "cdi-no-nvidia-devices"),
        (
            "crun: error stat'ing file /home/user/data/model.bin: No such file or directory",
            "cdi-spec-stale-driver-files",
        ),
        ("process 0 terminated with exit code 1", "worker-sigbus-exit"),
        ("CUDA runtime library is available on path", "libcuda-missing"),
        (
            "ncclCommInitRank: CUDA version (12.1) mismatches the driver",
            "cuda-version-mismatch-extension",
        ),
    ],
)
def test_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


# nvcc's front end failing inside libstdc++'s headers names the host GCC by the header folder
_NVCC_IN_GCC14 = """\
Compiling the CUDA modules now fails:
$ /opt/cuda-12.3.2/bin/nvcc -fatbin -std=c++17 -c fs/share/xpra/cuda/RGBA_to_RGBAP.cu
/usr/include/c++/14/type_traits(529): error: identifier "__is_array" is undefined
20 errors detected in the compilation of "fs/share/xpra/cuda/RGBA_to_RGBAP.cu".
"""


def test_nvcc_failing_in_the_gcc_headers_names_that_gcc(tmp_path: Path) -> None:
    facts = [(f.key, f.value) for f in text_facts(_NVCC_IN_GCC14, "p.txt")]
    assert ("host_gcc", "14") in facts and ("cuda_build", True) in facts
    assert ("EC312", "toolkit-mismatch", "warning") in judge(
        tmp_path, _NVCC_IN_GCC14, ["EC312"], load_matrix()
    )


def test_the_header_folder_and_gcc_version_are_one_gcc() -> None:
    text = _NVCC_IN_GCC14 + "That's with: `gcc (GCC) 14.1.1 20240620 (Red Hat 14.1.1-6)`\n"
    gccs = [f.value for f in text_facts(text, "p.txt") if f.key == "host_gcc"]
    assert gccs == ["14"]


def test_a_quoted_gcc_version_line_is_read() -> None:
    text = "Building the extension fails. That's with: `gcc (GCC) 14.1.1 20240620`\n"
    assert [f.value for f in text_facts(text, "p.txt") if f.key == "host_gcc"] == ["14.1.1"]


def test_gccs_own_errors_in_its_headers_name_no_gcc() -> None:
    # gcc's own "file:line:col: error" is not nvcc parsing the header
    text = "/usr/include/c++/9/bits/stl_vector.h:1043:9: error: no match for 'operator[]'\n"
    assert not [f for f in text_facts(text, "p.txt") if f.key == "host_gcc"]


def test_a_driver_in_brackets_before_a_floor_is_the_hosts(tmp_path: Path) -> None:
    text = (
        "I have an older version of the NVIDIA driver (450.36), which does not support CUDA "
        "toolkit >= 11.1\n"
    )
    assert ("driver.version", "450.36") in [(f.key, f.value) for f in text_facts(text, "p.txt")]
    assert ("EC109", "driver-too-old", "error") in judge(tmp_path, text, ["EC109"], load_matrix())


@pytest.mark.parametrize(
    "text",
    [
        "To run this you need NVIDIA driver 450.80 or newer and CUDA >= 11.1",
        "Install driver 525.60 which requires CUDA >= 12.0",
        "The minimum driver (450.80) supports CUDA >= 11.0",
    ],
)
def test_a_driver_said_as_a_requirement_is_not_the_hosts(text: str) -> None:
    assert "driver.version" not in [f.key for f in text_facts(text + "\n", "p.txt")]


def test_driver_cuda_beside_the_toolkit_is_the_drivers() -> None:
    text = "Driver CUDA: `12.4`\nCUDA Toolkit: `11.8`\n"
    facts = [(f.key, f.value) for f in text_facts(text, "p.txt")]
    assert ("driver.cuda", "12.4") in facts and ("nvcc", "11.8") in facts
    assert ("nvcc", "12.4") not in facts


def test_ucx_memlock_advice_reads_the_limit_in_effect(tmp_path: Path) -> None:
    text = (
        "allocate memory : Please set max locked memory (ulimit -l) to 'unlimited' (current: "
        "8192 kbytes)\n"
    )
    assert ("memlock", 8192 * 1024) in [(f.key, f.value) for f in text_facts(text, "p.txt")]
    assert "nccl-ib-memlock" in pats(text)
    assert ("EC502", "os-setting", "warning") in judge(tmp_path, text, ["EC502"])


def test_a_framework_said_not_to_support_gpus_at_all_is_no_architecture_claim() -> None:
    text = (
        "i installed tensorflow serving pip package which comes with tensorflow 1.4 as a "
        "dependency. But it seems like the tensorflow package inside does not support GPU.\n"
    )
    assert "framework-does-not-support-gpu-stated" not in pats(text)
    # a named GPU is still the architecture claim
    assert "framework-does-not-support-gpu-stated" in pats(
        "this version of pytorch does not support my gpu\n"
    )


# After the late pool heldout287's scoring
LATE_READINGS = [
    (
        "You state in your readme the compile option `-DDLIB_USE_CUDA=0` and when installing "
        "`--no DLIB_USE_CUDA`",
        "dlib-built-without-cuda",
        "EC905",
        "cpu-only-build",
        "error",
    ),
    (
        "It also returns dlib.DLIB_USE_CUDA as False.",
        "dlib-built-without-cuda",
        "EC905",
        "cpu-only-build",
        "error",
    ),
    (
        "docker: Error response from daemon: AMD CDI spec not found",
        "docker-gpus-amd-cdi-not-found",
        "EC913",
        "os-setting",
        "warning",
    ),
]


@pytest.mark.parametrize("text, pattern, code, category, severity", LATE_READINGS)
def test_late_message_is_read_as_its_cause(
    tmp_path: Path, text: str, pattern: str, code: str, category: str, severity: str
) -> None:
    assert_read_as(tmp_path, text, pattern, code, category, severity)


@pytest.mark.parametrize(
    "text, pattern",
    [
        ("cmake -DDLIB_USE_CUDA=1 ..", "dlib-built-without-cuda"),
        ("verified dlib.DLIB_USE_CUDA is True", "dlib-built-without-cuda"),
        ("python setup.py install --yes DLIB_USE_CUDA", "dlib-built-without-cuda"),
        (
            'When I typed in "python setup.up install --no DLIB_USE_CUDA", the problem had gone '
            "away.",
            "dlib-built-without-cuda",
        ),
        ("Generated CDI spec for AMD GPUs in /etc/cdi/amd.json", "docker-gpus-amd-cdi-not-found"),
    ],
)
def test_late_near_miss_stays_silent(text: str, pattern: str) -> None:
    assert pattern not in pats(text + "\n")


_DESKTOP = (
    "I installed nvidia-container-toolkit on Ubuntu 22 with the latest Docker-Desktop for "
    "Ubuntu, but it did not work.\n"
)


def test_docker_desktop_on_linux_with_the_container_toolkit(tmp_path: Path) -> None:
    assert "docker-desktop-on-linux" in pats(_DESKTOP)
    assert ("EC913", "os-setting", "warning") in judge(tmp_path, _DESKTOP, ["EC913"])


@pytest.mark.parametrize(
    "text",
    [
        # Docker Desktop on Windows passes GPUs through WSL 2
        "Docker Desktop on Windows 11 with the Ubuntu WSL 2 distro, --gpus all shows my RTX 4090\n",
        # Docker Desktop on Linux without a GPU in the text
        "Docker Desktop for Ubuntu cannot mount my home folder\n",
    ],
)
def test_docker_desktop_elsewhere_is_not_that_reading(text: str) -> None:
    assert "docker-desktop-on-linux" not in pats(text)


_RELOAD = """\
After a while CUDA in the machine-learning container stops working. I found that running
$ sudo systemctl daemon-reload
does not instantly cause nvidia/cuda to crash in the container, but the next model load fails.
"""


def test_daemon_reload_beside_a_containers_gpu(tmp_path: Path) -> None:
    assert "daemon-reload-drops-container-gpus" in pats(_RELOAD)
    assert ("EC913", "os-setting", "warning") in judge(tmp_path, _RELOAD, ["EC913"])


@pytest.mark.parametrize(
    "text",
    [
        # the toolkit's install steps: the engine restarts after the reload
        "sudo nvidia-ctk runtime configure --runtime=docker\nsudo systemctl daemon-reload\n"
        "sudo systemctl restart docker\nthen the container sees the GPU\n",
        # a service's drop-in, no container
        "Environment=CUDA_VISIBLE_DEVICES=0\nsudo systemctl daemon-reload\nthe GPU is not used\n",
    ],
)
def test_daemon_reload_with_a_restart_or_without_a_container_is_silent(text: str) -> None:
    assert "daemon-reload-drops-container-gpus" not in pats(text)


def test_enospc_in_pandarallel_workers_is_shared_memory() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/anaconda/lib/python3.6/multiprocessing/pool.py", line 119, in worker\n'
        '  File "/anaconda/lib/python3.6/site-packages/pandarallel/pandarallel.py", line 120, '
        "in wrapper\n"
        "    pickle.dump(result, file)\n"
        "OSError: [Errno 28] No space left on device\n"
    )
    found = pats(text)
    assert "no-space-shm" in found and "disk-full" not in found


def test_enospc_with_pickle_dump_elsewhere_is_still_the_disk() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/anaconda/lib/python3.6/multiprocessing/pool.py", line 119, in worker\n'
        '  File "/home/me/job/cache.py", line 12, in save\n'
        "    pickle.dump(result, file)\n"
        "OSError: [Errno 28] No space left on device\n"
    )
    assert "disk-full" in pats(text)


@pytest.mark.parametrize(
    "text",
    [
        "- nvidia-ctk cdi list shows: Found 0 CDI devices\n",
        "crun: error stat'ing file /lib/x86_64-linux-gnu/libEGL_nvidia.so.535.161.07: No such "
        "file or directory\n",
    ],
)
def test_the_fix_for_a_cdi_spec_is_to_make_it_again_not_the_driver(
    tmp_path: Path, text: str
) -> None:
    out = fix_text(tmp_path, text)
    assert "[cdi-spec]" in out and "nvidia-ctk cdi generate" in out
    assert "modprobe" not in out  # no driver to load or reload
    assert "container-toolkit" in out


@pytest.mark.parametrize(
    "text",
    [_DESKTOP, _RELOAD, "docker: Error response from daemon: AMD CDI spec not found\n"],
)
def test_the_container_readings_link_the_container_toolkit(tmp_path: Path, text: str) -> None:
    out = fix_text(tmp_path, text)
    assert "[manual-EC913]" in out
    assert "container-toolkit" in out and "limits.conf" not in out


@pytest.mark.parametrize(
    "text, docs",
    [
        (
            "System.EntryPointNotFoundException: Unable to find an entry point named "
            "'OrtSessionOptionsAppendExecutionProvider_CUDA' in DLL 'onnxruntime'.\n",
            "onnxruntime.ai/docs/execution-providers",
        ),
        (
            "You state in your readme the compile option `-DDLIB_USE_CUDA=0`\n",
            "",
        ),
    ],
)
def test_another_librarys_cpu_build_is_not_planned_as_a_torch_wheel(
    tmp_path: Path, text: str, docs: str
) -> None:
    out = fix_text(tmp_path, text)
    assert "[manual-EC905]" in out and "torch-needs-facts" not in out
    assert docs in out


def test_a_cpu_build_message_naming_no_library_is_still_torchs(tmp_path: Path) -> None:
    out = fix_text(tmp_path, "RuntimeError: Torch not compiled with CUDA enabled\n")
    assert "torch-needs-facts" in out or "[torch" in out
