"""Each importer on its text format: real captured outputs from tests/fixtures/reports/ (see the
.source files) and, where noted, small constructed inputs that follow the documented layout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from importers_support import REPORTS

from envcheck.errors import InputError
from envcheck.importers import detect_formats, snapshot_from_reports
from envcheck.snapshot import Snapshot, Unknown


def _snap(tmp_path: Path, text: str, name: str = "report.txt", **kw: object) -> Snapshot:
    path = tmp_path / name
    path.write_text(text, **kw)  # type: ignore[arg-type]
    return snapshot_from_reports([str(path)], [])


def _report(name: str) -> Snapshot:
    return snapshot_from_reports([str(REPORTS / name)], [])


# --- nvidia-smi table ---------------------------------------------------------------------------


def test_nvidia_smi_table_550_layout() -> None:
    s = _report("nvidia-container-toolkit-394-rtx3060-healthy.txt")
    assert s.driver.version == "550.54.14"
    assert s.driver.cuda_version == "12.4"  # the driver's maximum ...
    assert isinstance(s.cuda, Unknown)  # ... never a toolkit
    (g,) = s.gpus()
    assert (g.index, g.name, g.pci_bus_id) == (0, "NVIDIA GeForce RTX 3060", "00000000:81:00.0")
    assert (g.temperature_c, g.power_draw_w, g.power_limit_w) == (32, 38.0, 170.0)
    assert (g.memory_used_mib, g.memory_total_mib) == (9, 12288)
    assert g.persistence_mode is False
    assert g.ecc_enabled is None and g.mig_enabled is None  # "N/A": not applicable
    assert g.compute_capability == "8.6"  # from the matrix, by name
    assert s.origin == "report:nvidia-container-toolkit-394-rtx3060-healthy.txt"


def test_nvidia_smi_table_old_layout_and_ecc_column() -> None:
    s = _report("jax-12213-colab-t4-healthy.txt")
    assert (s.driver.version, s.driver.cuda_version) == ("460.32.03", "11.2")
    (g,) = s.gpus()
    assert g.name == "Tesla T4" and g.pci_bus_id == "00000000:00:04.0"
    assert g.ecc_enabled is True and g.ecc_volatile_uncorrected == 0


PROCESSES = """\
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 525.85.12    Driver Version: 525.85.12    CUDA Version: 12.0     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  NVIDIA A100-SXM...  On   | 00000000:07:00.0 Off |                    0 |
| N/A   31C    P0    59W / 400W |  10243MiB / 40960MiB |      0%      Default |
|                               |                      |             Disabled |
+-------------------------------+----------------------+----------------------+
|   1  NVIDIA A100-SXM...  On   | 00000000:0F:00.0 Off |                    2 |
| N/A   30C    P0    57W / 400W |      0MiB / 40960MiB |      0%      Default |
|                               |                      |              Enabled |
+-------------------------------+----------------------+----------------------+

+-----------------------------------------------------------------------------+
| Processes:                                                                  |
|  GPU   GI   CI        PID   Type   Process name                  GPU Memory |
|        ID   ID                                                   Usage      |
|=============================================================================|
|    0   N/A  N/A     12345      C   python train.py                  10240MiB |
+-----------------------------------------------------------------------------+
"""


def test_nvidia_smi_table_processes_ecc_and_mig(tmp_path: Path) -> None:
    """Constructed in the R525 layout (two GPUs, one process)."""
    s = _snap(tmp_path, PROCESSES)
    g0, g1 = s.gpus()
    assert g0.name == "NVIDIA A100-SXM..." and g0.persistence_mode is True
    assert [(p.pid, p.name, p.used_memory_mib) for p in g0.processes] == [
        (12345, "python train.py", 10240)
    ]
    assert g1.processes == []
    assert g1.ecc_volatile_uncorrected == 2 and g1.mig_enabled is True
    assert g0.mig_enabled is False
    assert g0.compute_capability == "8.0"


# --- nvidia-smi -q ----------------------------------------------------------------------------


def test_nvidia_smi_q_heads() -> None:
    s = _report("nvidia-smi-exporter-1-quadro-p2000-q.txt")
    assert (s.driver.version, s.driver.cuda_version) == ("418.56", "10.1")
    (g,) = s.gpus()
    assert g.name == "Quadro P2000" and g.uuid == "GPU-1ffe36ef-ac55-60ad-f9cf-623871e7736d"
    assert g.pci_bus_id == "00000000:04:00.0" and g.persistence_mode is False
    s2 = _report("fastfetch-1029-rtx3070ti-laptop-q.txt")
    assert s2.driver.cuda_version == "12.5" and s2.gpus()[0].persistence_mode is True
    assert s2.gpus()[0].mig_enabled is None


Q_DEEP = """\
==============NVSMI LOG==============

Driver Version                            : 535.104.05
CUDA Version                              : 12.2

Attached GPUs                             : 1
GPU 00000000:18:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Persistence Mode                      : Enabled
    MIG Mode
        Current                           : Disabled
        Pending                           : Disabled
    GPU UUID                              : GPU-00000000-1111-2222-3333-444444444444
    PCI
        Bus Id                            : 00000000:18:00.0
        GPU Link Info
            PCIe Generation
                Max                       : 5
                Current                   : 3
            Link Width
                Max                       : 16x
                Current                   : 8x
    FB Memory Usage
        Total                             : 81559 MiB
        Reserved                          : 328 MiB
        Used                              : 4 MiB
        Free                              : 81226 MiB
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    ECC Errors
        Volatile
            SRAM Correctable              : 0
            SRAM Uncorrectable            : 1
            DRAM Correctable              : 0
            DRAM Uncorrectable            : 2
        Aggregate
            SRAM Correctable              : 0
            SRAM Uncorrectable            : 1
            DRAM Correctable              : 5
            DRAM Uncorrectable            : 3
    Retired Pages
        Single Bit ECC                    : N/A
        Double Bit ECC                    : N/A
        Pending Page Blacklist            : N/A
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : Yes
        Remapping Failure Occurred        : No
    Temperature
        GPU Current Temp                  : 84 C
        GPU Shutdown Temp                 : 92 C
        GPU Slowdown Temp                 : 89 C
    GPU Power Readings
        Power Draw                        : 690.12 W
        Current Power Limit               : 700.00 W
    Clocks
        Graphics                          : 1755 MHz
        SM                                : 1755 MHz
        Memory                            : 2619 MHz
    Max Clocks
        Graphics                          : 1980 MHz
        SM                                : 1980 MHz
        Memory                            : 2619 MHz
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Active
        HW Slowdown                       : Not Active
            HW Thermal Slowdown           : Not Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Active
        Display Clock Setting             : Not Active
    Processes
        GPU instance ID                   : N/A
        Compute instance ID               : N/A
        Process ID                        : 4242
            Type                          : C
            Name                          : python
            Used GPU Memory               : 1024 MiB
"""


def test_nvidia_smi_q_health_sections(tmp_path: Path) -> None:
    """Constructed in the R535 ``-q`` layout (values chosen for the test)."""
    s = _snap(tmp_path, Q_DEEP)
    assert (s.driver.version, s.driver.cuda_version) == ("535.104.05", "12.2")
    (g,) = s.gpus()
    assert (g.pcie_gen, g.pcie_gen_max, g.pcie_width, g.pcie_width_max) == (3, 5, 8, 16)
    assert (g.memory_total_mib, g.memory_used_mib, g.memory_free_mib) == (81559, 4, 81226)
    assert g.ecc_enabled is True
    assert (g.ecc_volatile_uncorrected, g.ecc_aggregate_uncorrected) == (3, 4)
    assert g.retired_pages_dbe is None or isinstance(g.retired_pages_dbe, Unknown)
    assert (g.remapped_rows_pending, g.remapped_rows_failure) == (True, False)
    assert (g.temperature_c, g.temperature_slowdown_c, g.temperature_shutdown_c) == (84, 89, 92)
    assert (g.power_draw_w, g.power_limit_w) == (690.12, 700.0)
    assert (g.sm_clock_mhz, g.sm_clock_max_mhz, g.mem_clock_mhz) == (1755, 1980, 2619)
    assert g.throttle_reasons == ["sw_power_cap", "sw_thermal_slowdown"]
    assert g.mig_enabled is False and g.persistence_mode is True
    assert [(p.pid, p.name, p.used_memory_mib) for p in g.processes] == [(4242, "python", 1024)]
    assert g.compute_capability == "9.0"


# --- collect_env ------------------------------------------------------------------------------


def test_collect_env_torch2_format() -> None:
    s = _report("pytorch-150733-rtx5090d-cu126.txt")
    assert s.installed()["torch"] == "2.6.0+cu126"
    (torch,) = [d for d in s.packages.deep if d.name == "torch"]
    assert torch.cuda_version == "12.6" and torch.available is True
    assert torch.arch_list == ["sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_90"]
    (g,) = s.gpus()
    assert g.name == "NVIDIA GeForce RTX 5090 D" and g.compute_capability == "12.0"
    assert s.driver.version == "570.124.04"
    assert isinstance(s.driver.cuda_version, Unknown)  # collect_env does not state it
    assert isinstance(s.cuda.toolkits, Unknown)  # "CUDA runtime version: Could not collect"
    assert [c.version for c in s.cuda.cudnn] == ["9.8.0"]
    assert s.os.distribution == "Ubuntu 24.10" and s.os.glibc == "2.40"
    assert s.python.version == "3.12.9"
    assert s.error_log and s.error_log[0]["pattern"] == "sm-not-compatible"


def test_collect_env_old_format_and_libraries() -> None:
    s = _report("pytorch-37320-p100-driver410-torch15.txt")
    assert s.installed() == {"numpy": "1.17.4", "torch": "1.5.0", "torchvision": "0.6.0"}
    assert [g.name for g in s.gpus()] == ["Tesla P100-PCIE-16GB"] * 4
    assert [t.version for t in s.cuda.toolkits] == ["10.0"]  # "CUDA runtime version: 10.0.130"
    (torch,) = s.packages.deep
    assert (torch.cuda_version, torch.available) == ("10.2", False)


def test_collect_env_new_banner_format() -> None:
    s = _report("vllm-26191-h100-newformat-healthy.txt")
    assert s.installed()["torch"] == "2.8.0+cu128"
    assert s.packages.deep[0].cuda_version == "12.8"
    assert s.driver.version == "535.261.03"
    assert [t.version for t in s.cuda.toolkits] == ["12.4"]
    assert s.gpus()[0].name == "NVIDIA H100" and s.python.version == "3.11.9"


def test_collect_env_cpu_build_states_no_cuda(tmp_path: Path) -> None:
    """``CUDA used to build PyTorch: None`` is a stated absence, not an unknown."""
    text = (
        "PyTorch version: 2.3.1+cpu\nIs debug build: False\nCUDA used to build PyTorch: None\n"
        "ROCM used to build PyTorch: N/A\n\nIs CUDA available: False\nCUDA runtime version: "
        "No CUDA\nGPU models and configuration: No CUDA\nNvidia driver version: No CUDA\n"
    )
    s = _snap(tmp_path, text)
    (torch,) = s.packages.deep
    assert torch.cuda_version is None and torch.available is False
    assert s.installed()["torch"] == "2.3.1+cpu"
    assert not s.gpus()
    assert isinstance(s.driver.version, Unknown)  # "No CUDA" is not a driver version


# --- nvcc, pip / conda, TensorFlow, JAX -------------------------------------------------------

NVCC = """nvcc: NVIDIA (R) Cuda compiler driver
Copyright (c) 2005-2022 NVIDIA Corporation
Built on Wed_Sep_21_10:41:10_Pacific_Daylight_Time_2022
Cuda compilation tools, release 11.8, V11.8.89
Build cuda_11.8.r11.8/compiler.31833905_0
"""  # captured in https://github.com/xxyzz/WordDumb/issues/91 (read 2026-12-02)


def test_nvcc_version(tmp_path: Path) -> None:
    s = _snap(tmp_path, NVCC)
    assert [(t.version, t.version_source) for t in s.cuda.toolkits] == [("11.8", "nvcc")]
    assert isinstance(s.driver, Unknown)


def test_pip_list_freeze_and_conda_list(tmp_path: Path) -> None:
    pip = "Package    Version\n---------- -----------\ntorch      2.1.0+cu121\nTriton     2.1.0\n"
    assert _snap(tmp_path, pip, "pip.txt").installed() == {
        "torch": "2.1.0+cu121",
        "triton": "2.1.0",
    }
    freeze = "numpy==1.26.4\ntorch==2.4.1\nflash_attn==2.6.3\nsome-pkg @ file:///x.whl\n"
    assert _snap(tmp_path, freeze, "freeze.txt").installed() == {
        "numpy": "1.26.4",
        "torch": "2.4.1",
        "flash-attn": "2.6.3",
    }
    # conda list layout (pytorch build strings state the CUDA build)
    conda = (
        "# packages in environment at /opt/conda:\n#\n"
        "# Name                    Version                   Build  Channel\n"
        "pytorch                   2.1.0           py3.10_cuda12.1_cudnn8.9.2_0    pytorch\n"
        "torchvision               0.16.0              py310_cu121    pytorch\n"
    )
    s = _snap(tmp_path, conda, "conda.txt")
    assert s.installed() == {"torch": "2.1.0", "torchvision": "0.16.0"}
    (torch,) = s.packages.deep
    assert (torch.cuda_version, torch.cudnn_version) == ("12.1", "8.9.2")


BUILD_INFO = """OrderedDict([('cpu_compiler',
              '/home/conda/feedstock_root/build_artifacts/tensorflow-split_1635580013918/_build_env/bin/x86_64-conda-linux-gnu-gcc'),
             ('cuda_compute_capabilities',
              ['sm_35',
               'sm_50',
               'sm_60',
               'sm_62',
               'sm_70',
               'sm_72',
               'sm_75',
               'sm_80',
               'sm_86',
               'compute_86']),
             ('cuda_version', '11.2'),
             ('cudnn_version', '8'),
             ('is_cuda_build', True),
             ('is_rocm_build', False),
             ('is_tensorrt_build', False)])
"""  # captured in https://github.com/conda-forge/tensorflow-feedstock/pull/157 (read 2026-12-02)


def test_tensorflow_build_info(tmp_path: Path) -> None:
    s = _snap(tmp_path, BUILD_INFO)
    (tf,) = s.packages.deep
    assert (tf.name, tf.cuda_version, tf.cudnn_version) == ("tensorflow", "11.2", "8")
    assert tf.arch_list[-1] == "compute_86" and "sm_80" in tf.arch_list


def test_tf_env_collect_sections(tmp_path: Path) -> None:
    """Constructed in the layout of tensorflow/tools/tf_env_collect.sh."""
    text = (
        "== check pips ===================================================\n"
        "numpy                         1.18.5\ntensorflow-gpu                2.3.0\n\n"
        "== tensorflow import ============================================\n"
        "tf.version.VERSION = 2.3.0\n"
        "== cuda libs  ===================================================\n"
        "/usr/local/cuda-10.1/targets/x86_64-linux/lib/libcudart.so.10.1.243\n"
        "== are we in docker =============================================\nYes\n"
        "== python version  ==============================================\n"
        "(major, minor, micro, releaselevel, serial)\n(3, 6, 9, 'final', 0)\n"
    )
    s = _snap(tmp_path, text)
    assert s.installed()["tensorflow-gpu"] == "2.3.0"
    assert [(lib.name, lib.version) for lib in s.cuda.libraries] == [("libcudart", "10.1.243")]
    assert s.os.container == "docker" and s.python.version == "3.6.9"


def test_jax_environment_info() -> None:
    s = _report("jax-21295-a10g-healthy.txt")
    assert s.installed() == {"jax": "0.4.33", "jaxlib": "0.4.33"}
    (jax,) = s.packages.deep
    assert jax.available is True and jax.devices[0] == "CudaDevice(id=0)"
    assert s.hostname == "ip-172-31-65-154" and s.os.kernel == "6.8.0-1017-aws"
    assert s.driver.version == "550.127.05" and s.gpus()[0].name == "NVIDIA A10G"


def test_jax_cpu_only_devices(tmp_path: Path) -> None:
    text = (
        "jax:    0.3.17\njaxlib: 0.3.15\nnumpy:  1.21.6\npython: 3.7.13 (default)\n"
        "jax.devices (1 total, 1 local): [CpuDevice(id=0)]\nprocess_count: 1\n"
    )  # the "Example on Colab CPU" in https://github.com/jax-ml/jax/pull/12213
    (jax,) = _snap(tmp_path, text).packages.deep
    assert jax.available is False


# --- merging, input hygiene ---------------------------------------------------------------------


def test_two_reports_merge(tmp_path: Path) -> None:
    a = tmp_path / "collect_env.txt"
    a.write_text((REPORTS / "pytorch-127077-a10g-healthy.txt").read_text())
    b = tmp_path / "nvcc.txt"
    b.write_text(NVCC)
    s = snapshot_from_reports([str(a), str(b)], [])
    assert s.origin == "report:collect_env.txt,nvcc.txt"
    assert s.driver.version == "535.104.12" and len(s.gpus()) == 4
    assert [t.version for t in s.cuda.toolkits] == ["11.8"]
    assert Snapshot.from_json(s.to_json()) == s


def test_powershell_utf16_crlf_and_quoted_paste(tmp_path: Path) -> None:
    table = (REPORTS / "nvidia-container-toolkit-394-rtx3060-healthy.txt").read_text()
    p = tmp_path / "smi-utf16.txt"
    p.write_bytes(table.replace("\n", "\r\n").encode("utf-16"))
    assert snapshot_from_reports([str(p)], []).driver.version == "550.54.14"
    quoted = "\n".join("> " + line for line in table.splitlines())
    coloured = "\x1b[1m" + quoted + "\x1b[0m\n"
    assert _snap(tmp_path, coloured, "quoted.txt").gpus()[0].name == "NVIDIA GeForce RTX 3060"


def test_unrecognised_binary_and_missing_inputs(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("my GPU is slow, please help\n")
    # readable text is evidence, even when nothing in it is recognised (issue 10)
    notes = snapshot_from_reports([str(text)], [])
    assert notes.evidence["recognised"] is False and notes.evidence["read"] == []
    assert any(m["command"] == "nvidia-smi" for m in notes.evidence["missing"])
    blob = tmp_path / "core.bin"
    blob.write_bytes(bytes(range(256)) * 64)
    with pytest.raises(InputError, match="binary"):
        snapshot_from_reports([str(blob)], [])
    with pytest.raises(InputError, match="cannot read"):
        snapshot_from_reports([str(tmp_path / "missing.txt")], [])
    with pytest.raises(InputError, match="directory"):
        snapshot_from_reports([str(tmp_path)], [])


def test_cli_rejects_unrecognised_report_cleanly(tmp_path: Path) -> None:
    p = tmp_path / "garbage.txt"
    p.write_bytes(b"\x00\x01\x02garbage\xff" * 1000)
    res = subprocess.run(
        [sys.executable, "-m", "envcheck", "verify", "--from-report", str(p)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert res.stderr.startswith("envcheck: error: garbage.txt: binary data")


def test_error_log_only_and_empty_error_log(tmp_path: Path) -> None:
    empty = tmp_path / "empty.log"
    empty.write_text("")
    with pytest.raises(InputError, match="empty.log: empty file"):
        snapshot_from_reports([], [str(empty)])
    quiet = tmp_path / "quiet.log"
    quiet.write_text("epoch 1 loss 0.3\n")
    s = snapshot_from_reports([], [str(quiet)])
    assert s.error_log == [] and isinstance(s.driver, Unknown)


def test_detect_formats_names_every_format_in_a_mixed_paste() -> None:
    text = (REPORTS / "pytorch-43058-v100-driver418-torch16.txt").read_text() + NVCC
    assert detect_formats(text) == ["nvidia-smi", "nvcc --version", "collect_env"]


def test_collect_env_main_cudnn_conda_conflict_and_env_lines(tmp_path: Path) -> None:
    """Layout of torch 2.x collect_env with vLLM's environment-variable section appended."""
    text = (
        "PyTorch version: 2.1.0+cu121\nIs debug build: False\nCUDA used to build PyTorch: 12.1\n"
        "Is CUDA available: True\nGPU models and configuration: GPU 0: NVIDIA A100-SXM4-80GB\n"
        "Nvidia driver version: 535.104.05\ncuDNN version: Probably one of the following:\n"
        "/usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.2\n"
        "/usr/lib/x86_64-linux-gnu/libcudnn_adv_infer.so.8.9.2\n\n"
        "Versions of relevant libraries:\n[pip3] torch==2.1.0+cu121\n"
        "[conda] pytorch                   2.1.0           py3.11_cpu_0    pytorch\n\n"
        "LD_LIBRARY_PATH=/usr/local/nvidia/lib:/usr/local/nvidia/lib64\n"
        "CUDA_MODULE_LOADING=LAZY\nHOME=/root\n"
    )
    s = _snap(tmp_path, text)
    assert [(c.version, c.path) for c in s.cuda.cudnn] == [
        ("8.9.2", "/usr/lib/x86_64-linux-gnu/libcudnn.so.8.9.2")
    ]
    (torch,) = s.packages.deep
    assert torch.cuda_version == "12.1"  # the header wins over a stray conda CPU package
    assert s.env == {
        "LD_LIBRARY_PATH": "/usr/local/nvidia/lib:/usr/local/nvidia/lib64",
        "CUDA_MODULE_LOADING": "LAZY",
    }
    assert s.gpus()[0].compute_capability == "8.0"


def test_nvidia_smi_list(tmp_path: Path) -> None:
    """``nvidia-smi -L`` lines as quoted in NVIDIA/open-gpu-kernel-modules#387 (read 2026-12-02)."""
    text = (
        "GPU 0: NVIDIA GeForce RTX 2080 Ti (UUID: GPU-67a571b1-79ee-1016-8ea3-c1fff3f1c1d2)\n"
        "GPU 1: NVIDIA GeForce RTX 2080 Ti (UUID: GPU-3e34e62f-d88e-f448-415e-be2cbf2c6178)\n"
    )
    s = _snap(tmp_path, text)
    assert [(g.index, g.uuid[:12], g.compute_capability) for g in s.gpus()] == [
        (0, "GPU-67a571b1", "7.5"),
        (1, "GPU-3e34e62f", "7.5"),
    ]
    assert isinstance(s.driver.version, Unknown)  # -L does not print the driver
