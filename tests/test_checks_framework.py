"""EC2xx framework-build checks: fire on broken snapshots, quiet on healthy ones."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.snapshot import CudaToolkit, Driver, FrameworkDeep, Gpu, Snapshot, Unknown


def test_ec201_blackwell_with_cu124_torch_has_no_kernel_image():
    (f,) = fires(load("blackwell_5090_torch_cu124"), "EC201", severity="error")
    assert f.gpu == 0 and "12.0" in f.found and "sm_90" in f.found
    assert "cu128" in f.fix or "cu129" in f.fix or "cu13" in f.fix  # a build with sm_120


def test_ec201_quiet_on_h100_and_on_5090_with_cu128():
    quiet(load("healthy_h100"), "EC201")
    s = load("blackwell_5090_torch_cu124")
    s.packages.installed = {"torch": "2.7.0+cu128"}
    quiet(s, "EC201")


def test_ec201_uses_deep_arch_list_over_the_matrix():
    s = load("healthy_h100")
    s.packages.deep = [
        FrameworkDeep(
            name="torch", available=True, cuda_version="12.4", arch_list=["sm_80", "sm_86"]
        )
    ]
    (f,) = fires(s, "EC201")[:1]
    assert f.evidence["arch_list_from"].startswith("torch.cuda.get_arch_list")


def test_ec201_ptx_covers_newer_gpus():
    s = load("blackwell_5090_torch_cu124")
    s.packages.deep = [
        FrameworkDeep(name="torch", cuda_version="12.4", arch_list=["sm_80", "sm_90", "compute_90"])
    ]
    quiet(s, "EC201")


def test_ec202_kepler_too_old_for_torch_2_5():
    s = load("old_driver_470_torch_cu121")
    s.driver.gpus = [Gpu(index=0, name="Tesla K80", compute_capability="3.7")]
    (f,) = fires(s, "EC202")
    assert "3.7" in f.found


def test_ec202_quiet_on_h100():
    quiet(load("healthy_h100"), "EC202")


def test_ec203_cuda_12_4_nvcc_cannot_build_for_sm_120():
    s = load("blackwell_5090_torch_cu124")
    s.cuda.toolkits = [
        CudaToolkit(
            path="/usr/local/cuda-12.4",
            version="12.4",
            nvcc="/usr/local/cuda-12.4/bin/nvcc",
            found_by="/usr/local/cuda*, PATH",
        )
    ]
    (f,) = fires(s, "EC203", severity="warning")
    assert "12.0" in f.found


def test_ec203_quiet_on_h100_with_cuda_12_4():
    quiet(load("healthy_h100"), "EC203")


def test_ec203_a_toolkit_older_than_the_architecture_cannot_build_for_it():
    # CUDA 7.5 predates Pascal (first toolkit 8.0, floors.json): the toolkit-arch tables do not
    # go back that far, the architecture floor still says no
    s = load("healthy_h100")
    s.driver.gpus = [Gpu(index=0, name="GeForce GTX 1070", compute_capability="6.1")]
    s.cuda.toolkits = [
        CudaToolkit(path="/usr/local/cuda-7.5", version="7.5", nvcc="nvcc", found_by="PATH")
    ]
    (f,) = fires(s, "EC203", severity="warning")
    assert "6.1" in f.found
    s.cuda.toolkits[0].version = "8.0"
    quiet(s, "EC203")


def test_ec204_extension_built_only_for_another_gpu():
    s = load("healthy_h100")
    s.driver.gpus = [
        Gpu(index=0, name="GeForce RTX 2080", compute_capability="7.5"),
        Gpu(index=1, name="GeForce GTX 1070", compute_capability="6.1"),
    ]
    s.packages.deep = [FrameworkDeep(name="detectron2", arch_list=["sm_75"])]
    (f,) = fires(s, "EC204", severity="error")
    assert f.gpu == 1 and "sm_75" in f.found and "6.1" in f.fix


def test_ec204_quiet_when_the_arch_list_covers_every_gpu():
    s = load("healthy_h100")
    s.driver.gpus = [Gpu(index=0, name="GeForce GTX 1070", compute_capability="6.1")]
    s.packages.deep = [FrameworkDeep(name="detectron2", arch_list=["sm_60", "sm_75"])]
    quiet(s, "EC204")  # sm_60 cubins run on 6.1
    s.packages.deep = [FrameworkDeep(name="apex", arch_list=["compute_50"])]
    quiet(s, "EC204")  # PTX is compiled for newer GPUs


def test_ec205_paddle_on_cuda_10_2_cannot_run_an_ampere_gpu():
    s = load("healthy_h100")
    s.driver.gpus = [
        Gpu(index=0, name="NVIDIA GeForce RTX 3050 Laptop GPU", compute_capability="8.6")
    ]
    s.packages.deep = [FrameworkDeep(name="paddle", cuda_version="10.2")]
    (f,) = fires(s, "EC205", severity="error")
    assert "11.0" in f.expected and "10.2" in f.found


def test_ec205_quiet_when_the_runtime_knows_the_gpu():
    s = load("healthy_h100")
    s.driver.gpus = [
        Gpu(index=0, name="NVIDIA GeForce RTX 3050 Laptop GPU", compute_capability="8.6")
    ]
    s.packages.deep = [FrameworkDeep(name="paddle", cuda_version="11.2")]
    quiet(s, "EC205")


def test_ec206_vllm_on_a_pascal_gpu():
    s = load("healthy_h100")
    s.driver.gpus = [Gpu(index=0, name="NVIDIA GeForce GTX 1080 Ti", compute_capability="6.1")]
    s.packages.installed = {"torch": "2.7.0+cu126", "vllm": "0.9.1"}
    (f,) = fires(s, "EC206", severity="error")
    assert f.gpu == 0 and "7.0" in f.expected and "6.1" in f.found
    assert f.evidence["source"].startswith("https://docs.vllm.ai/")


def test_ec206_flash_attention_2_on_turing_is_a_warning():
    s = load("healthy_h100")
    s.driver.gpus = [Gpu(index=0, name="Tesla T4", compute_capability="7.5")]
    s.packages.installed = {"torch": "2.4.0+cu121", "flash_attn": "2.6.3"}
    fires(s, "EC206", severity="warning")


def test_ec206_quiet_on_a_gpu_at_the_floor_and_for_flash_attention_1():
    s = load("healthy_h100")
    s.packages.installed = {"torch": "2.7.0+cu126", "vllm": "0.9.1", "flash-attn": "2.7.4"}
    quiet(s, "EC206")
    s.driver.gpus = [Gpu(index=0, name="Tesla T4", compute_capability="7.5")]
    s.packages.installed = {"torch": "2.0.1", "flash-attn": "1.0.9"}
    skipped(s, "EC206")  # FlashAttention 1.x has no floor in the data: it runs on Turing


def test_ec322_onnxruntime_built_for_cuda_13_beside_cuda_12_libraries():
    s = load("healthy_h100")
    s.packages.installed = {
        "onnxruntime-gpu": "1.27.0",
        "nvidia-cublas-cu12": "12.4.5.8",
        "nvidia-cudnn-cu12": "9.1.0.70",
    }
    (f,) = fires(s, "EC322", severity="warning")
    assert "CUDA 13" in f.found and f.evidence["source"].startswith("https://github.com/microsoft/")


def test_ec322_quiet_when_the_libraries_of_its_major_are_there():
    s = load("healthy_h100")
    s.packages.installed = {
        "onnxruntime-gpu": "1.20.1",
        "nvidia-cublas-cu12": "12.4.5.8",
        "nvidia-cudnn-cu12": "9.1.0.70",
    }
    quiet(s, "EC322")


def test_ec214_cpu_and_gpu_paddle_installed_together():
    s = load("healthy_h100")
    s.packages.installed = {"paddlepaddle": "1.8.4", "paddlepaddle-gpu": "1.8.4.post97"}
    (f,) = fires(s, "EC214", severity="warning")
    assert "paddlepaddle-gpu" in f.fix and f.fix.startswith("pip uninstall -y paddlepaddle ")


def test_ec214_quiet_with_the_gpu_build_alone_and_modern_tensorflow():
    s = load("healthy_h100")
    s.packages.installed = {
        "onnxruntime-gpu": "1.18.0",
        "tensorflow": "2.15.0",
        "tensorflow-gpu": "2.15.0",
    }
    quiet(s, "EC214")


def test_ec216_cpu_only_paddle_and_onnxruntime_on_a_gpu_node():
    s = load("healthy_h100")
    s.packages.installed = {"paddlepaddle": "3.1.0", "onnxruntime": "1.18.0", "faiss-cpu": "1.8.0"}
    found = fires(s, "EC216", severity="warning")
    assert {f.evidence and next(iter(f.evidence)) for f in found} == {
        "paddlepaddle",
        "onnxruntime",
        "faiss-cpu",
    }
    assert any(
        f.fix == "pip uninstall -y paddlepaddle && pip install paddlepaddle-gpu" for f in found
    )


def test_ec216_quiet_with_the_gpu_packages():
    s = load("healthy_h100")
    s.packages.installed = {
        "paddlepaddle-gpu": "3.1.0",
        "onnxruntime": "1.18.0",
        "onnxruntime-gpu": "1.18.0",
        "faiss-gpu-cu12": "1.8.0",
        "mxnet-cu112": "1.9.1",
        "mxnet": "1.9.1",
    }
    quiet(s, "EC216")


def test_ec210_cpu_torch_on_gpu_node():
    (f,) = fires(load("cpu_only_torch_a100"), "EC210", severity="error")
    assert f.fix.startswith("pip uninstall -y torch") and "download.pytorch.org" in f.fix


def test_ec210_windows_pypi_wheel_is_cpu_only():
    s = load("healthy_h100")
    s.os.platform = "windows"
    fires(s, "EC210")


def test_ec210_quiet_on_cuda_torch():
    quiet(load("healthy_h100"), "EC210")


def test_ec211_tensorflow_2_15_on_native_windows():
    s = load("healthy_h100")
    s.os.platform, s.os.wsl = "windows", False
    s.packages.installed = {"tensorflow": "2.15.0"}
    (f,) = fires(s, "EC211")
    assert "WSL" in f.fix


def test_ec211_tensorflow_cpu_package():
    s = load("healthy_h100")
    s.packages.installed = {"tensorflow-cpu": "2.15.0"}
    fires(s, "EC211")


def test_ec211_quiet_on_linux_tensorflow():
    s = load("healthy_h100")
    s.packages.installed = {"tensorflow": "2.15.0"}
    quiet(s, "EC211")


def test_ec212_jax_without_cuda_plugin():
    s = load("healthy_h100")
    s.packages.installed = {"jax": "0.4.30", "jaxlib": "0.4.30"}
    (f,) = fires(s, "EC212")
    assert "jax[cuda12]" in f.fix


def test_ec212_quiet_with_plugin():
    s = load("healthy_h100")
    s.packages.installed = {
        "jax": "0.4.30",
        "jaxlib": "0.4.30",
        "jax-cuda12-plugin": "0.4.30",
        "jax-cuda12-pjrt": "0.4.30",
    }
    quiet(s, "EC212")


def _no_gpu_host(torch: str) -> Snapshot:
    s = load("cpu_only_torch_a100")
    s.packages.installed = {"torch": torch}
    s.driver = Driver(status="no-gpus", gpus=[])
    s.kernel.modules = {}
    s.kernel.device_nodes = []
    s.kernel.pci_nvidia_gpus = []
    return s


def test_ec213_cpu_torch_and_no_gpu_says_training_runs_on_the_cpu():
    (f,) = fires(_no_gpu_host("2.5.1+cpu"), "EC213", severity="info")
    assert "training will run on the CPU" in f.found and "CPU-only build" in f.found
    (f,) = fires(_no_gpu_host("2.5.1+cu121"), "EC213", severity="info")
    assert "CUDA 12.1 build" in f.found  # a CUDA build without a GPU trains on the CPU too


def test_ec213_quiet_or_not_applicable_where_a_gpu_trains():
    quiet(load("healthy_h100"), "EC213")  # NVIDIA GPUs: not this check's business
    mac = _no_gpu_host("2.5.1")
    mac.os.platform = "darwin"
    assert "MPS" in skipped(mac, "EC213")
    rocm = _no_gpu_host("2.5.1+rocm6.1")
    assert "ROCm" in skipped(rocm, "EC213")


def test_ec220_python_3_13_with_torch_2_4():
    s = load("healthy_h100")
    s.python.version = "3.13.1"
    s.packages.installed["torch"] = "2.4.0"
    (f,) = fires(s, "EC220")
    assert "3.13.1" in f.found


def test_ec220_quiet_on_python_3_11_torch_2_5():
    quiet(load("healthy_h100"), "EC220")


def test_ec230_torchvision_from_another_release():
    s = load("healthy_h100")
    s.packages.installed["torchvision"] = "0.19.0"
    (f,) = fires(s, "EC230")
    assert "0.20.1" in f.found and "torchvision==0.20.1" in f.fix


def test_ec230_torchaudio_built_for_another_cuda_major():
    s = load("old_driver_470_torch_cu121")
    s.packages.installed["torchaudio"] = "2.1.2+cu118"
    (f,) = fires(s, "EC230")
    assert "CUDA 11" in f.found


def test_ec230_quiet_on_matching_set():
    quiet(load("healthy_h100"), "EC230")


def test_ec231_plugin_version_differs_from_jaxlib():
    s = load("healthy_h100")
    s.packages.installed = {"jax": "0.4.30", "jaxlib": "0.4.30", "jax-cuda12-plugin": "0.4.31"}
    fires(s, "EC231")


def test_ec231_quiet_on_matching_jax():
    s = load("healthy_h100")
    s.packages.installed = {"jax": "0.4.30", "jaxlib": "0.4.30", "jax-cuda12-plugin": "0.4.30"}
    quiet(s, "EC231")
    s.packages.installed = {"numpy": "2.1.3"}
    assert "not applicable" in skipped(s, "EC231")


def test_untagged_aarch64_torch_without_cuda_wheels_is_not_assumed_cuda():
    s = load("cpu_only_torch_a100")
    s.os.architecture = "aarch64"
    s.packages.installed = {"torch": "2.5.1"}
    assert "unknown" in skipped(s, "EC201")
    s.packages.installed = {"torch": "2.5.1", "nvidia-cuda-runtime-cu12": "12.4.127"}
    quiet(s, "EC201")


def test_ec210_rocm_build_on_nvidia_gpus():
    s = load("cpu_only_torch_a100")
    s.packages.installed = {"torch": "2.5.1+rocm6.2"}
    (f,) = fires(s, "EC210")
    assert "ROCm" in f.found


def test_ec210_cpu_torch_with_gpus_only_on_the_pci_bus():
    """The driver is missing too, but sysfs shows NVIDIA GPUs: a +cpu torch is still wrong."""
    s = load("cpu_only_torch_a100")
    s.driver.status = "library-not-found"
    s.driver.gpus = Unknown("NVML unusable: library-not-found")
    s.kernel.modules = Unknown("/proc/modules not found")
    s.kernel.device_nodes = []
    s.kernel.pci_nvidia_gpus = ["0000:17:00.0"]
    fires(s, "EC210", severity="error")
    s.kernel.pci_nvidia_gpus = []
    assert skipped(s, "EC210").startswith("not applicable")
