"""EC3xx CUDA libraries / toolkit / NCCL checks: fire on broken snapshots, quiet on healthy ones."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.checks.cudalibs import cudnn_tuple
from envcheck.snapshot import CudaToolkit, FrameworkDeep, SharedLib


def test_cudnn_version_forms():
    assert cudnn_tuple("9.1.0.70") == (9, 1, 0)
    assert cudnn_tuple("90100") == (9, 1, 0)  # torch.backends.cudnn.version() on cuDNN 9
    assert cudnn_tuple("8902") == (8, 9, 2)  # ... on cuDNN 8
    assert cudnn_tuple("garbage") is None


def test_ec301_older_cudnn_wheel_than_torch_was_built_with():
    s = load("healthy_h100")
    s.packages.installed["nvidia-cudnn-cu12"] = "8.9.7.29"
    (f,) = fires(s, "EC301")
    assert "8.9.7.29" in f.found and "9.1" in f.expected


def test_ec301_deep_cudnn_version_is_used():
    s = load("healthy_h100")
    s.packages.deep = [FrameworkDeep(name="torch", cuda_version="12.4", cudnn_version="90300")]
    (f,) = fires(s, "EC301")
    assert f.evidence["built_with_cudnn"] == "9.3.0"


def test_ec301_tensorflow_without_any_cudnn():
    s = load("healthy_h100")
    s.packages.installed = {"tensorflow": "2.15.0"}
    s.cuda.cudnn = []
    (f,) = fires(s, "EC301")
    assert "and-cuda" in f.fix


def test_ec301_quiet_on_healthy_and_tensorflow_with_cudnn_8():
    quiet(load("healthy_h100"), "EC301")
    s = load("healthy_h100")
    s.packages.installed = {"tensorflow": "2.15.0", "nvidia-cudnn-cu12": "8.9.4.25"}
    quiet(s, "EC301")


def test_ec302_missing_cublas_wheel():
    s = load("healthy_h100")
    del s.packages.installed["nvidia-cublas-cu12"]
    s.packages.installed["nvidia-cublas-cu11"] = "11.11.3.6"
    (f,) = fires(s, "EC302")
    assert "nvidia-cublas-cu12" in f.found and "nvidia-cublas-cu11" in f.found


def test_ec302_quiet_on_healthy():
    quiet(load("healthy_h100"), "EC302")


def test_ec303_shadowed_cudnn_on_ld_library_path():
    (f,) = fires(load("shadowed_cudnn"), "EC303", severity="error")
    assert "/opt/cudnn-8.6/lib" in f.found and "grep -vxF /opt/cudnn-8.6/lib" in f.fix


def test_ec303_same_version_on_path_is_harmless():
    s = load("shadowed_cudnn")
    s.cuda.libraries[-1].version = "9.1.0"
    quiet(s, "EC303")
    quiet(load("healthy_h100"), "EC303")


def test_ec304_wsl_without_libcuda_in_loader_path():
    s = load("healthy_h100")
    s.os.wsl = True
    s.cuda.libraries = [lib for lib in s.cuda.libraries if lib.name != "libcuda"]
    (f,) = fires(s, "EC304")
    assert "/usr/lib/wsl/lib" in f.fix


def test_ec304_quiet_when_libcuda_found():
    s = load("healthy_h100")
    s.os.wsl = True
    s.cuda.libraries.append(
        SharedLib(name="libcuda", path="/usr/lib/wsl/lib/libcuda.so.1", origin="LD_LIBRARY_PATH")
    )
    quiet(s, "EC304")


def test_ec310_nvcc_11_8_with_cu124_torch():
    s = load("healthy_h100")
    s.cuda.toolkits = [
        CudaToolkit(
            path="/usr/local/cuda-11.8",
            version="11.8",
            nvcc="/usr/local/cuda-11.8/bin/nvcc",
            found_by="CUDA_HOME",
        )
    ]
    s.packages.installed["flash-attn"] = "2.6.3"
    (f,) = fires(s, "EC310", severity="warning")
    assert "11.8" in f.found and "flash-attn" in f.found


def test_ec310_quiet_same_major_and_not_applicable_without_toolkit():
    quiet(load("healthy_h100"), "EC310")
    assert "not applicable" in skipped(load("old_driver_470_torch_cu121"), "EC310")


def test_ec320_nccl_wheel_missing():
    s = load("healthy_h100")
    del s.packages.installed["nvidia-nccl-cu12"]
    (f,) = fires(s, "EC320")
    assert "nvidia-nccl-cu12" in f.found


def test_ec320_nccl_older_than_deep_build_version():
    s = load("healthy_h100")
    s.packages.deep = [FrameworkDeep(name="torch", cuda_version="12.4", nccl_version="2.21.5")]
    s.packages.installed["nvidia-nccl-cu12"] = "2.18.1"
    fires(s, "EC320")


def test_ec320_quiet_with_matching_nccl():
    s = load("healthy_h100")
    s.packages.deep = [FrameworkDeep(name="torch", cuda_version="12.4", nccl_version="2.21.5")]
    quiet(s, "EC320")


def test_ec321_nccl_p2p_disabled():
    s = load("healthy_h100")
    s.env["NCCL_P2P_DISABLE"] = "1"
    (f,) = fires(s, "EC321")
    assert f.fix == "unset NCCL_P2P_DISABLE"


def test_ec321_quiet_without_disables():
    s = load("healthy_h100")
    s.env["NCCL_P2P_DISABLE"] = "0"
    quiet(s, "EC321")


def test_ec305_tensorflow_built_with_cuda_10_1_next_to_a_10_2_toolkit():
    s = load("healthy_h100")
    s.packages.installed = {"tensorflow": "2.1.0"}
    s.cuda.toolkits = [CudaToolkit(path="/usr/local/cuda-10.2", version="10.2.89")]
    (f,) = fires(s, "EC305", severity="error")
    assert "libcudart.so.10.1" in f.expected and "10.2.89" in f.found


def test_ec305_quiet_when_the_toolkit_provides_the_runtime():
    s = load("healthy_h100")
    s.packages.installed = {"tensorflow": "2.10.0"}  # built with CUDA 11.2: any CUDA 11 serves
    s.cuda.toolkits = [CudaToolkit(path="/usr/local/cuda-11.8", version="11.8.89")]
    quiet(s, "EC305")
