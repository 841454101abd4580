"""Round 10's readers: an exclusive compute mode named beside "busy or unavailable" is the mode's
doing (a setting), not another process; "CPU is being used" beside an NVIDIA GPU; a Jetson whose
framework sees no GPU. Each with the near misses that must stay silent."""

from __future__ import annotations

from pathlib import Path

from evidence_support import judge, pats


def test_busy_or_unavailable_alone_is_contention(tmp_path: Path) -> None:
    text = "cudaErrorDevicesUnavailable: all CUDA-capable devices are busy or unavailable\n"
    assert pats(text) == ["devices-busy-or-unavailable"]
    assert judge(tmp_path, text, ["EC912"]) == [("EC912", "gpu-contention", "error")]


def test_busy_or_unavailable_with_the_exclusive_mode_stated_is_the_setting(tmp_path: Path) -> None:
    text = (
        "$ sudo nvidia-smi -c 3\n"
        "Set compute mode to EXCLUSIVE_PROCESS for GPU 0000:04:00.0.\n"
        "error: all CUDA-capable devices are busy or unavailable\n"
    )
    assert pats(text) == ["exclusive-mode-device-taken"]
    assert judge(tmp_path, text, ["EC912", "EC913"]) == [("EC913", "os-setting", "warning")]


def test_compute_exclusive_mode_and_a_second_context_refused() -> None:
    text = (
        "Test suite fails when GPUs are in compute exclusive mode.\n"
        "A test cannot create two separate CUDA contexts then.\n"
    )
    assert pats(text) == ["exclusive-mode-device-taken"]
    # OpenCL's word for the refused context
    opencl = "nvidia-smi -c 3 (EXCLUSIVE_PROCESS)\nstd::exception: Invalid Device\n"
    assert pats(opencl) == ["exclusive-mode-device-taken"]
    # the mode stated with every test passing is no finding
    assert pats("Our GPUs are in compute exclusive mode; all tests pass.\n") == []


def test_cpu_is_being_used_beside_an_nvidia_gpu() -> None:
    text = (
        "CPU is being used for this transcription, this process may take a while.\n"
        "I'm running a RTX 4090 with the right CUDA installed.\n"
    )
    assert pats(text) == ["cpu-device-chosen"]
    # no NVIDIA GPU named: nothing to say
    assert pats("CPU is being used for this transcription.\n") == []
    # a CUDA build shown seeing the GPU: the CPU was chosen, not forced
    assert pats(text + "torch 2.1.0+cu121, cuda.is_available() True\n") == []
    # "the GPU isn't being used" is also what a script pointed at another GPU index says
    assert pats("On my GeForce GTX 1080 the GPU isn't being used at all.\n") == []


def test_a_jetson_whose_framework_sees_no_gpu(tmp_path: Path) -> None:
    text = (
        "I installed torch on my Jetson Nano (JetPack 4.4, L4T 32.4.3), but "
        "cuda.is_available() returns false\n"
    )
    assert pats(text) == ["jetson-framework-without-cuda"]
    assert judge(tmp_path, text, ["EC905"]) == [("EC905", "cpu-only-build", "warning")]
    # a Jetson whose torch sees the GPU, or no Jetson at all: nothing
    assert pats("Jetson AGX Orin, torch.cuda.is_available() True\n") == []
    assert pats("On my laptop cuda.is_available() returns false\n") != [
        "jetson-framework-without-cuda"
    ]


def test_gpu_numbers_said_to_differ_from_nvidia_smi() -> None:
    assert pats("bonito and nvidia-smi do not match the device number.\n") == [
        "device-order-differs-stated"
    ]
    assert pats("The GPU ids do not match nvidia-smi.\n") == ["device-order-differs-stated"]
    # other numbers that differ from nvidia-smi's are not the device order
    assert pats("my memory figures do not match nvidia-smi.\n") == []
    assert pats("nvidia-smi shows 2 GPUs; the numbers match.\n") == []


def test_the_container_clis_driver_rpc_timeout_is_persistence_mode() -> None:
    line = "nvidia-container-cli: initialization error: driver rpc error: timed out: unknown.\n"
    assert pats(line) == ["driver-init-timeout"]


def test_a_cards_cuda_version_that_no_toolkit_ever_had_is_its_compute_capability() -> None:
    from envcheck.importers.extract import text_facts

    card = "I have a Geforce GT 730 graphics card that uses CUDA version 3.5\n"
    facts = {(f.key, f.value) for f in text_facts(card, "p")}
    assert ("gpu.cc", "3.5") in facts and not any(k == "nvcc" for k, _ in facts)
    # a real toolkit release stays the toolkit
    facts = {(f.key, f.value) for f in text_facts("My GPU runs with CUDA version 10.1\n", "p")}
    assert ("nvcc", "10.1") in facts
    # "compute capability (2.1)"
    facts = {(f.key, f.value) for f in text_facts("my compute capability (2.1) is old\n", "p")}
    assert ("gpu.cc", "2.1") in facts


def test_enospc_in_a_worker_that_writes_a_temp_file_is_the_disk() -> None:
    text = (
        "OSError: [Errno 28] No space left on device\n"
        "Process SpawnProcess-9:\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.11/multiprocessing/process.py", line 314, in _bootstrap\n'
        "    self.run()\n"
        '  File "/env/site-packages/tool/worker.py", line 220, in worker\n'
        "    pickle.dump(triplet, tmp_file)\n"
        '  File "/usr/lib/python3.11/tempfile.py", line 500, in func_wrapper\n'
    )
    assert pats(text) == ["disk-full"]
    # the same worker traceback writing into shared memory stays shared memory
    shm = text.replace("pickle.dump(triplet, tmp_file)", "storage._share_filename_cpu_()")
    shm = shm.replace("/usr/lib/python3.11/tempfile.py", "/env/torch/multiprocessing/reductions.py")
    assert pats(shm) == ["no-space-shm"]


def test_a_gpu_that_needs_a_reset_explains_busy_or_unavailable() -> None:
    text = (
        "Test CUDA failure common.cu:1007 'CUDA-capable device(s) is/are busy or unavailable'\n"
        "[Sun Jan 11 09:52:01 2026] NVRM: nvAssertOkFailedNoLog: Assertion failed: Reset "
        "required [NV_ERR_RESET_REQUIRED] (0x00000062) returned from status\n"
    )
    assert pats(text) == ["gpu-reset-required"]
    # without the driver's word the same message stays contention
    assert pats(text.split("\n")[0] + "\n") == ["devices-busy-or-unavailable"]


def test_a_pyg_extension_built_for_another_cuda() -> None:
    line = (
        "RuntimeError: Detected that PyTorch and torch_sparse were compiled with different CUDA "
        "versions. PyTorch has CUDA version 10.1 and torch_sparse has CUDA version 11.0.\n"
    )
    assert pats(line) == ["pyg-extension-cuda-mismatch"]
    assert pats("PyTorch and torch_sparse were compiled with the same CUDA version.\n") == []


def test_the_first_nvidia_docker_printed_the_cuda_versions_bare() -> None:
    line = "nvidia-docker | 2016/04/09 00:07:59 Error: unsupported CUDA version: 7.5 < 6.5\n"
    assert pats(line) == ["nvidia-docker-v1-cuda-too-new"]


def test_torch_cpu_said_to_be_installed() -> None:
    text = "If I install pyannote.audio, torch with cuda is removed and torch cpu is installed.\n"
    assert pats(text) == ["cpu-torch-stated"]
    assert pats("pip install pytorch-cpu\n") == ["cpu-torch-stated"]
    # both builds named, or a package that only starts with the name: nothing said
    assert pats("I compared torch cpu and torch gpu timings.\n") == []
    assert pats("pip install torch-cpu-utils\n") == []


def test_jaxlib_between_jaxs_minimum_and_jax_itself_pairs(tmp_path: Path) -> None:
    from envcheck.compat import load_matrix

    matrix = load_matrix()
    # jax 0.4.2's _minimum_jaxlib_version is 0.4.1 (compat_data/jax.json)
    listing = "Package Version\n------- -------\njax     0.4.2\njaxlib  0.4.1\n"
    assert judge(tmp_path, listing, ["EC231"], matrix) == []
    below = "Package Version\n------- -------\njax     0.4.35\njaxlib  0.4.34\n"
    assert judge(tmp_path, below, ["EC231"], matrix) == [("EC231", "framework-pairing", "error")]
    newer = "Package Version\n------- -------\njax     0.4.34\njaxlib  0.4.35\n"
    assert judge(tmp_path, newer, ["EC231"], matrix) == [("EC231", "framework-pairing", "error")]


def test_a_pairing_read_only_from_a_sentence_is_a_warning(tmp_path: Path) -> None:
    from envcheck.compat import load_matrix

    text = "This occurs on jaxlib version 0.4.34 and jax 0.4.35. So maybe it is fixed.\n"
    found = judge(tmp_path, text, ["EC231"], load_matrix())
    assert found == [("EC231", "framework-pairing", "warning")]


def test_a_full_stop_after_cuda_visible_devices_is_not_its_value() -> None:
    from envcheck.importers.extract import text_facts

    values = [f.value for f in text_facts("I set CUDA_VISIBLE_DEVICES=0.\n", "p") if f.key == "env"]
    assert values == ["0"]
    quoted = 'os.environ["CUDA_VISIBLE_DEVICES"] = "0."\n'  # quoted: the value as written
    assert [f.value for f in text_facts(quoted, "p") if f.key == "env"] == ["0."]


def test_mobile_gpu_names_with_an_m_suffix_are_read() -> None:
    from envcheck.importers.extract.prose import gpu_names

    assert gpu_names("GPU is GeForce GT 740M | 3.0") == ["GeForce GT 740M"]
    assert gpu_names("NVIDIA GeForce GTX 970M") == ["NVIDIA GeForce GTX 970M"]
    # two chips share that name (Fermi 2.1, Kepler 3.5): the GPU is read, its capability is not
    # one value (gpus.json "shared_names"; round 37)
    assert gpu_names("a GT 730 card") == ["GT 730"]
    from envcheck.importers.base import gpu_cc_from_matrix

    assert gpu_cc_from_matrix("GT 730") is None


def test_tensorflows_missing_libdevice_directory() -> None:
    line = (
        "W tensorflow/compiler/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.cc:521] Can't "
        "find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation "
        "or runtime failures\n"
    )
    assert pats(line) == ["xla-libdevice-dir-missing"]


def test_an_ollama_build_without_cuda_runners() -> None:
    line = 'msg="Dynamic LLM libraries [cpu_avx cpu_avx2 cpu]"\n'
    assert pats(line) == ["ollama-cpu-runners-only"]
    assert pats('msg="Dynamic LLM libraries [cpu cpu_avx cuda_v11 rocm_v60101]"\n') == []


def test_an_empty_value_in_ollamas_settings_dump_is_unset() -> None:
    from envcheck.importers.extract import text_facts

    line = 'env="map[CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL: OLLAMA_DEBUG:false]"\n'
    assert [f for f in text_facts(line, "p") if f.key == "env"] == []


def test_a_gpu_below_every_torch_build_when_pytorch_is_named_without_a_version(
    tmp_path: Path,
) -> None:
    from envcheck.compat import load_matrix

    matrix = load_matrix()
    text = "PyTorch cannot use my GPU.\nGPU is GeForce GT 740M | 3.0\n"
    assert judge(tmp_path, text, ["EC202"], matrix) == [
        ("EC202", "gpu-arch-unsupported", "warning")
    ]
    # a GPU some build supports, or no PyTorch named: nothing
    assert judge(tmp_path, "PyTorch cannot use my GPU.\nGPU: RTX 3090\n", ["EC202"], matrix) == []
    assert judge(tmp_path, "My GPU is a GeForce GT 740M.\n", ["EC202"], matrix) == []
    # "named" is no fact about the host: it is not listed among the facts read
    from evidence_support import snap_of

    snap = snap_of(tmp_path, text)
    assert snap.evidence["named"] == ["torch"]
    assert all(r["fact"] != "named" for r in snap.evidence["read"])


def test_a_binary_compiled_for_another_compute_capability() -> None:
    line = (
        "Could not start backend: Runtime compute cap 75 is not compatible with compile time "
        "compute cap 80\n"
    )
    assert pats(line) == ["compiled-compute-cap-mismatch"]


def test_the_ptxas_on_path_is_a_toolkit_and_the_drivers_jit_is_the_driver() -> None:
    tool = "ptxas k.ptx, line 5; fatal : Unsupported .version 8.4; current version is '7.8'\n"
    assert pats(tool) == ["ptxas-older-than-ptx"]
    jit = (
        "ptxas application ptx input, line 9; fatal   : Unsupported .version 8.1; current "
        "version is '8.0'\n"
    )
    assert pats(jit) == ["ptx-unsupported-toolchain"]


def test_wgets_refused_download_and_an_http_429_said() -> None:
    wget = "HTTP request sent, awaiting response... 429 Too Many Requests\n"
    assert pats(wget) == ["download-http-error"]
    assert pats("I'm getting a HTTP 429 when I try to download the dataset\n") == [
        "download-http-error"
    ]
    assert pats("HTTP request sent, awaiting response... 200 OK\n") == []
