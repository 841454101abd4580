"""Round 13: pasted package lists judged by the pins data (EC233) and by build tags (EC234),
the extensions now read from pip lists, and the keras inference left to EC233 where both
versions are read as facts; each with the near misses that must stay silent."""

from __future__ import annotations

from pathlib import Path

from evidence_support import fix_text, judge, pats, snap_of

from envcheck.checks import registry
from envcheck.compat import load_matrix

CODES = ["EC233", "EC234", "EC914"]


def _read(tmp_path: Path, text: str) -> dict:
    return {f["fact"]: f["value"] for f in snap_of(tmp_path, text).evidence["read"]}


def test_pip_list_with_xformers_built_for_another_torch(tmp_path: Path) -> None:
    text = (
        "Package                   Version\n"
        "------------------------- ------------\n"
        "torch                     2.0.1+cu118\n"
        "xformers                  0.0.19\n"
    )
    assert judge(tmp_path, text, CODES, load_matrix()) == [("EC233", "framework-pairing", "error")]
    plan = fix_text(tmp_path, text)
    assert "xformers==0.0.22" in plan  # the release made for torch 2.0.1, from the same data


def test_pip_list_with_the_pinned_pair_is_quiet(tmp_path: Path) -> None:
    text = "torch                     2.0.0+cu118\nxformers                  0.0.19\n"
    assert judge(tmp_path, text, CODES, load_matrix()) == []


def test_extensions_are_read_from_pip_lists(tmp_path: Path) -> None:
    text = (
        "torch                     2.3.1+cu121\n"
        "torch-scatter             2.1.2+pt20cu118\n"
        "torchtext                 0.18.0\n"
        "tensorflow-text           2.15.0\n"
    )
    read = _read(tmp_path, text)
    assert read["package:torch-scatter"] == "2.1.2+pt20cu118"
    assert read["package:torchtext"] == "0.18.0" and read["package:tensorflow-text"] == "2.15.0"
    assert judge(tmp_path, text, CODES, load_matrix()) == [("EC234", "framework-pairing", "error")]


def test_flash_attn_wheel_name_in_pip_output(tmp_path: Path) -> None:
    text = (
        "Processing ./flash_attn-2.5.8+cu122torch2.3cxx11abiFALSE-cp310-cp310-linux_x86_64.whl\n"
        "torch 2.4.0+cu121\n"
    )
    assert judge(tmp_path, text, CODES, load_matrix()) == [("EC234", "framework-pairing", "error")]


def test_keras_pair_read_as_facts_is_judged_once_by_the_data(tmp_path: Path) -> None:
    text = "tensorflow-gpu 2.8.0\nkeras 2.9.0\n"
    # one finding, from the pins data; the log inference does not repeat it
    assert judge(tmp_path, text, CODES, load_matrix()) == [
        ("EC233", "framework-pairing", "warning")  # both from "name version" lines, not a list
    ]
    assert "keras-tensorflow-minor-differs" not in pats(text)


def test_keras_named_in_a_sentence_is_left_to_the_inference(tmp_path: Path) -> None:
    text = (
        "when installing tensorflow==2.6.0 it will automatically install the latest keras "
        "(2.11.0 for now), which is not compatible\n"
    )
    assert "keras-tensorflow-minor-differs" in pats(text)
    assert judge(tmp_path, text, CODES, load_matrix()) == [
        ("EC914", "framework-pairing", "warning")
    ]


def test_ngc_torch_with_its_own_triton_is_not_judged_by_the_pypi_pin(tmp_path: Path) -> None:
    text = "torch          2.3.0a0+40ec155e58.nv24.3\ntriton         2.2.0+e28a256\n"
    assert judge(tmp_path, text, CODES, load_matrix()) == []
    text = "torch                     2.3.0\ntriton                    2.2.0\n"
    assert judge(tmp_path, text, CODES, load_matrix()) == [
        ("EC233", "framework-pairing", "warning")
    ]


def test_an_install_command_whose_pin_replaces_the_installed_torch(tmp_path: Path) -> None:
    text = (
        "torch                         2.0.1+cu118\n"
        "Collecting xformers==0.0.19\n"
        "  Downloading xformers-0.0.19-cp310-cp310-manylinux2014_x86_64.whl (108.2 MB)\n"
    )
    read = _read(tmp_path, text)
    assert read["package_request"] == "xformers==0.0.19"
    assert "package:xformers" not in read  # asked for, not installed
    assert judge(tmp_path, text, CODES, load_matrix()) == [
        ("EC233", "framework-pairing", "warning")
    ]
    text = "torch 2.1.0\n!pip install -q 'xformers==0.0.22.post7' \"triton==2.1.0\"\n"
    assert _read(tmp_path, text)["package_request"] in ("xformers==0.0.22.post7", "triton==2.1.0")
    assert judge(tmp_path, text, CODES, load_matrix()) == []  # both made for torch 2.1.0


def test_freeze_lines_are_installed_not_requested(tmp_path: Path) -> None:
    text = "torch==2.0.1\nxformers==0.0.19\n"
    read = _read(tmp_path, text)
    assert read["package:xformers"] == "0.0.19" and "package_request" not in read
    assert judge(tmp_path, text, CODES, load_matrix()) == [("EC233", "framework-pairing", "error")]


# --- GPU models written the way people write them, and Windows tracebacks -------------------

_KERNEL = "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"


def _gpu(tmp_path: Path, line: str):  # noqa: ANN202 - the GPU name read, or None
    return _read(tmp_path, line + "\n" + _KERNEL).get("gpu.name")


def test_geforce_numbers_before_rtx_or_laptop(tmp_path: Path) -> None:
    assert _gpu(tmp_path, "RVC not working with 5090 rtx ?") == "RTX 5090"
    assert _gpu(tmp_path, "on a 3060 laptop gpu") == "RTX 3060"
    # a bare number stays no GPU: "port 4090", "1080 pixels"
    assert _gpu(tmp_path, "listening on port 4090") is None
    assert _gpu(tmp_path, "resized to 1080 pixels") is None


def test_jetson_and_superchips_are_read(tmp_path: Path) -> None:
    assert _gpu(tmp_path, "on a Jetson AGX Orin 64GB") == "Jetson AGX Orin"
    assert _gpu(tmp_path, "DGX Spark GB10") == "GB10"
    assert _gpu(tmp_path, "GB200 NVL72 rack") == "GB200"
    # the older Jetson modules, from NVIDIA's legacy compute-capability table (gpus.json)
    assert _gpu(tmp_path, "on my Jetson Nano") == "Jetson Nano"
    assert load_matrix().gpu("Jetson Nano").compute_capability == "5.3"
    assert load_matrix().gpu("NVIDIA Jetson TX2").compute_capability == "6.2"
    assert load_matrix().gpu("Jetson Orin Nano").compute_capability == "8.7"  # not the Nano


def test_a_windows_traceback_says_windows_and_its_python(tmp_path: Path) -> None:
    text = (
        '  File "C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages'
        '\\torch\\__init__.py", line 141, in <module>\n'
        "OSError: [WinError 126] The specified module could not be found. Error loading "
        '"C:\\Users\\me\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages\\torch'
        '\\lib\\c10.dll" or one of its dependencies.\n'
    )
    read = _read(tmp_path, text)
    assert read["os"] == "Windows" and read["python"] == "3.12"


def test_posix_and_wsl_paths_are_not_windows(tmp_path: Path) -> None:
    text = (
        '  File "/mnt/c/Users/me/venv/lib/python3.10/site-packages/torch/__init__.py", line 1\n'
        "C:\\Users\\me> wsl --install\n"
    )
    read = _read(tmp_path, text)
    assert read.get("os") != "Windows" and read["python"] == "3.10"


def test_tensorflow_without_nccl_kernels(tmp_path: Path) -> None:
    line = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered"
        " to support Op 'NcclAllReduce' used by {{node Adam/NcclAllReduce}}with these attrs: "
        '[reduction="sum", shared_name="c1", T=DT_FLOAT, num_devices=4]\n'
    )
    assert "tf-nccl-op-not-registered" in pats(line)
    macos = "NotFoundError: Op type not registered 'NcclAllReduce' in binary running on mac\n"
    assert "tf-nccl-op-not-registered" in pats(macos)
    # another op missing a kernel is not NCCL's
    other = "No OpKernel was registered to support Op 'CudnnRNN' used by {{node cu_dnnlstm}}\n"
    assert "tf-nccl-op-not-registered" not in pats(other)


def test_a_wheel_page_for_another_torch(tmp_path: Path) -> None:
    text = (
        "I'm using a dev version of torch `2.1.0` with `cu118`: torch_scatter/_scatter_cuda.so:"
        " undefined symbol\nI installed via `-f https://data.pyg.org/whl/torch-2.0.1+cu118.html`.\n"
    )
    assert judge(tmp_path, text, CODES, load_matrix()) == [
        ("EC234", "framework-pairing", "warning")
    ]
    same = "torch 2.0.1\npip install torch-scatter -f https://data.pyg.org/whl/torch-2.0.0+cu118.html\n"
    assert judge(tmp_path, same, CODES, load_matrix()) == []  # one page per minor release
    mmcv = (
        "torch 1.12.1+cu113\npip install mmcv-full -f "
        "https://download.openmmlab.com/mmcv/dist/cu113/torch1.11/index.html\n"
    )
    out = registry.run_checks(snap_of(tmp_path, mmcv), load_matrix(), None, only=["EC234"])
    (f,) = out.findings
    assert "torch1.12/index.html" in f.fix and "cu113" in f.fix


def test_jax_plugin_calling_an_api_jaxlib_lacks(tmp_path: Path) -> None:
    text = (
        "Jax plugin configuration error: Exception when calling "
        "jax_plugins.xla_cuda12.initialize()\n"
        "AttributeError: module 'jaxlib.xla_client' has no attribute "
        "'register_custom_type_id_handler'\n"
    )
    assert "jax-plugin-api-mismatch" in pats(text)
    pjrt = (
        "RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Unexpected "
        "PJRT_Client_Create_Args size: expected 88, got 72. The plugin is likely built with a "
        "later version than the framework.\n"
    )
    assert "jax-plugin-api-mismatch" in pats(pjrt)
    # the plugin's cuBLAS check failing is not a version pair
    cublas = (
        "Jax plugin configuration error: Exception when calling jax_plugins.xla_cuda12."
        "initialize()\nRuntimeError: jaxlib/cuda/versions_helpers.cc:72: operation "
        "cublasGetVersion( nullptr, &version) failed: cuBlas internal error\n"
    )
    assert "jax-plugin-api-mismatch" not in pats(cublas)
    # JAX's notice that the TPU backend is absent on a CUDA machine (a healthy control)
    tpu = (
        "I0808 20:59:00.964296 139857030612800 xla_bridge.py:328] Unable to initialize backend "
        "'tpu': module 'jaxlib.xla_extension' has no attribute 'get_tpu_client'\n"
    )
    assert "jax-plugin-api-mismatch" not in pats(tpu)


def test_faiss_without_its_gpu_classes_is_a_cpu_build() -> None:
    assert "faiss-cpu-build" in pats("module 'faiss' has no attribute 'StandardGpuResources'\n")
    assert "faiss-cpu-build" in pats("NameError: name 'GpuResourcesVector' is not defined\n")
    # another missing faiss attribute is an API change, not the build
    assert "faiss-cpu-build" not in pats("module 'faiss' has no attribute 'IndexHNSWFlat2'\n")


def test_secure_boot_in_the_kernels_and_the_installers_words() -> None:
    assert "secure-boot-blocks-module" in pats(
        'GPU Operator fails: "Loading of unsigned module is rejected" due to Secure Boot\n'
    )
    assert "secure-boot-blocks-module" in pats(
        "Kernel module load error: Operation not permitted\n"
    )
    # a module that fails to load for another reason
    assert "secure-boot-blocks-module" not in pats("Kernel module load error: No such device\n")


def test_ddp_port_taken_in_torchs_own_words() -> None:
    assert "rendezvous-port-in-use" in pats("RuntimeError: Address already in use\n")
    # a web UI's port taken is not the rendezvous port
    assert "rendezvous-port-in-use" not in pats(
        "OSError: [Errno 98] error while attempting to bind on address ('0.0.0.0', 7860): "
        "address already in use\n"
    )


def test_device_plugin_asks_about_the_default_runtime() -> None:
    line = (
        "2019/09/30 12:34:07 If this is a GPU node, did you set the docker default runtime "
        "to `nvidia`?\n"
    )
    assert "device-plugin-default-runtime" in pats(line)
    assert "device-plugin-default-runtime" not in pats("the default runtime is runc\n")


def test_cudf_numba_toolkit_newer_than_driver() -> None:
    line = (
        "/opt/conda/lib/python3.10/site-packages/cudf/utils/_numba.py:110: UserWarning: Using "
        "CUDA toolkit version (12, 3) with CUDA driver version (12, 2) requires minor version "
        "compatibility, which is not yet supported for CUDA driver versions 12.0 and above.\n"
    )
    assert "numba-toolkit-newer-than-driver" in pats(line)
    numba = "UserWarning: CUDA Toolkit is newer than CUDA driver. Numba features will not work\n"
    assert "numba-toolkit-newer-than-driver" in pats(numba)
    assert "numba-toolkit-newer-than-driver" not in pats("CUDA driver version (12, 2)\n")


def test_uv_plural_no_wheels_for_the_python_abi() -> None:
    line = (
        "Because all versions of torchcodec have no wheels with a matching Python ABI tag "
        "(e.g., `cp314`) and you require torchcodec, we can conclude that your requirements "
        "are unsatisfiable.\n"
    )
    assert "uv-no-wheel-for-python-abi" in pats(line)


def test_windows_disk_full_in_any_language() -> None:
    assert "disk-full" in pats("    Espacio en disco insuficiente. (os error 112)\n")
    assert "disk-full" in pats("OSError: [WinError 112] There is not enough space\n")
    assert "disk-full" not in pats("Error: (os error 1121)\n")
