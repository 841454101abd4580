"""EC1xx driver checks: each fires on a broken snapshot and stays quiet on a healthy one."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.snapshot import CudaToolkit, DeviceNode, Unknown


def test_ec101_old_driver_cannot_run_cu121_torch():
    (f,) = fires(load("old_driver_470_torch_cu121"), "EC101", severity="error")
    assert "470.82.01" in f.found and "12.1" in f.found
    assert "525.60.13" in f.expected  # the CUDA 12.x minor-version-compatibility minimum
    assert "whl/cu118" in f.fix  # a torch build this driver can run
    assert f.evidence["driver_cuda_version"] == "11.4"


def test_ec101_quiet_on_healthy_h100():
    quiet(load("healthy_h100"), "EC101")


def test_ec101_minor_version_compat_cu113_on_cuda_11_2_driver_is_fine():
    s = load("old_driver_470_torch_cu121")
    s.driver.version, s.driver.cuda_version = "460.32.03", "11.2"
    s.packages.installed = {"torch": "1.12.1+cu113"}
    quiet(s, "EC101")


def test_ec101_cu130_wheel_on_570_driver_fails_across_majors():
    s = load("blackwell_5090_torch_cu124")
    s.packages.installed = {"torch": "2.9.1+cu130"}
    (f,) = fires(s, "EC101", severity="error")
    assert "13.0" in f.found and "570.124.06" in f.found


def test_ec101_driver_cuda_version_is_not_a_toolkit():
    # nvidia-smi's "CUDA Version: 12.4" with no toolkit and no framework: nothing to judge.
    s = load("healthy_h100")
    s.packages.installed = {"numpy": "2.1.3"}
    s.cuda.toolkits = []
    assert "not applicable" in skipped(s, "EC101")


def test_ec101_system_toolkit_newer_than_driver_is_a_warning():
    s = load("healthy_h100")
    s.cuda.toolkits = [
        CudaToolkit(
            path="/usr/local/cuda-13.0", version="13.0", nvcc="/usr/local/cuda-13.0/bin/nvcc"
        )
    ]
    (f,) = fires(s, "EC101", severity="warning")
    assert "toolkit" in f.found.lower() or "toolkit" in f.fix


def test_ec106_b200_on_an_r550_driver_cannot_be_driven():
    """Blackwell needs the driver of CUDA 12.8 (>= 570.26): a cu128 wheel runs on 550 by
    minor-version compatibility (EC101 quiet), but the driver cannot drive the GPU at all."""
    s = load("healthy_h100")
    for g in s.driver.gpus:
        g.name, g.compute_capability = "NVIDIA B200", "10.0"
    s.packages.installed = {"torch": "2.7.0+cu128"}
    found = fires(s, "EC106", severity="error")
    assert len(found) == len(s.driver.gpus)
    assert "550.54.15" in found[0].found and "570.26" in found[0].found
    assert found[0].evidence["min_driver"] == "570.26"
    quiet(s, "EC101")


def test_ec106_from_the_driver_ceiling_alone():
    s = load("healthy_h100")
    s.driver.version = Unknown("not in the report")
    for g in s.driver.gpus:
        g.name, g.compute_capability = "NVIDIA B200", "10.0"
    (first, *_) = fires(s, "EC106")
    assert "CUDA up to 12.4" in first.found


def test_ec106_quiet_on_healthy_h100():
    quiet(load("healthy_h100"), "EC106")


def test_ec101_skipped_when_driver_unknown():
    s = load("healthy_h100")
    s.driver.version = Unknown("NVML unusable: library-not-found")
    assert "driver version unknown" in skipped(s, "EC101")


def test_ec102_driver_not_loaded_fires():
    (f,) = fires(load("nouveau_bound"), "EC102", severity="error")
    assert "driver-not-loaded" in f.found


def test_ec102_no_driver_no_gpu_is_a_warning_only():
    s = load("healthy_h100")
    s.driver.status = "library-not-found"
    s.driver.gpus = Unknown("NVML unusable: library-not-found")
    s.kernel.modules = {"nvidia": False, "nouveau": False}
    s.kernel.device_nodes = []
    fires(s, "EC102", severity="warning")


def test_ec102_library_missing_with_nvidia_module_is_an_error():
    s = load("healthy_h100")
    s.driver.status = "library-not-found"
    s.driver.gpus = Unknown("NVML unusable: library-not-found")
    fires(s, "EC102", severity="error")


def test_ec102_gpus_on_the_pci_bus_but_no_driver_is_an_error():
    """No module, no device nodes, no NVML: the GPUs on the PCI bus still make it an error."""
    s = load("healthy_h100")
    s.driver.status = "library-not-found"
    s.driver.gpus = Unknown("NVML unusable: library-not-found")
    s.kernel.modules = {"nvidia": False, "nouveau": False}
    s.kernel.device_nodes = []
    s.kernel.pci_nvidia_gpus = ["0000:17:00.0", "0000:2a:00.0"]
    (f,) = fires(s, "EC102", severity="error")
    assert "2 NVIDIA GPU(s) on the PCI bus (0000:17:00.0, 0000:2a:00.0)" in f.found
    assert f.evidence["pci_nvidia_gpus"] == ["0000:17:00.0", "0000:2a:00.0"]
    s.kernel.pci_nvidia_gpus = []
    (f,) = fires(s, "EC102", severity="warning")
    assert "no NVIDIA GPU on the PCI bus" in f.found


def test_ec102_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC102")


def test_ec103_nouveau_fires_and_fix_blacklists():
    (f,) = fires(load("nouveau_bound"), "EC103")
    assert "blacklist nouveau" in f.fix


def test_ec103_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC103")


def test_ec104_missing_uvm_node_fires():
    s = load("healthy_h100")
    s.kernel.device_nodes = [n for n in s.kernel.device_nodes if n.path != "/dev/nvidia-uvm"]
    (f,) = fires(s, "EC104")
    assert "/dev/nvidia-uvm" in f.found and "nvidia-modprobe" in f.fix


def test_ec104_unreadable_node_fires():
    s = load("healthy_h100")
    s.kernel.device_nodes[3] = DeviceNode(
        path="/dev/nvidia0", mode="crw-rw----", readable=False, writable=False
    )
    (f,) = fires(s, "EC104")
    assert "/dev/nvidia0" in f.found


def test_ec104_quiet_on_healthy_and_fewer_nodes_in_container_numbering():
    quiet(load("healthy_h100"), "EC104")
    s = load("healthy_h100")  # a container given GPUs 4-7 of the host: /dev/nvidia4..7
    s.driver.gpus = s.driver.gpus[:4]
    s.kernel.device_nodes = [n for n in s.kernel.device_nodes if n.path[-1] not in "0123"]
    quiet(s, "EC104")


def test_ec105_mismatch_fires():
    (f,) = fires(load("driver_library_mismatch"), "EC105")
    assert "550.54.15" in f.found and "550.90.07" in f.found and "reboot" in f.fix


def test_ec105_kernel_module_differs_from_library():
    s = load("healthy_h100")
    s.kernel.proc_driver_version = "535.161.08"
    fires(s, "EC105")


def test_ec105_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC105")


def test_ec101_tensorflow_cuda_from_the_matrix():
    s = load("old_driver_470_torch_cu121")
    s.packages.installed = {"tensorflow": "2.15.0"}  # tested with CUDA 12.2
    (f,) = fires(s, "EC101")
    assert "tensorflow 2.15.0" in f.found and "12.2" in f.found


def test_ec101_jax_cuda12_plugin_on_cuda_11_driver():
    s = load("old_driver_470_torch_cu121")
    s.packages.installed = {"jax": "0.4.30", "jaxlib": "0.4.30", "jax-cuda12-plugin": "0.4.30"}
    (f,) = fires(s, "EC101")
    assert "jax-cuda12-plugin" in f.found


def test_ec101_names_the_drivers_cuda_from_the_matrix_when_unstated():
    """A report without nvidia-smi's "CUDA Version": the matrix knows what the driver runs."""
    s = load("old_driver_470_torch_cu121")
    s.driver.cuda_version = Unknown("not in the report")
    (f,) = fires(s, "EC101", severity="error")
    assert "driver 470.82.01 (runs CUDA up to 11.4)" in f.found
