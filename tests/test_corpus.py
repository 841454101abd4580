"""The corpus of real pasted reports (issue 10): every case under tests/fixtures/corpus/ is
judged by the real CLI (`envcheck verify --from-report paste.txt --format json`).

Fails on any refusal of readable text, any error finding on a healthy control, or a
diagnosed share below the threshold of its split. The thresholds are set a little under
the numbers measured when the code was final (held-out scored once, after tuning; see
tests/fixtures/corpus/README.md). A corpus of fewer than 100 cases is a failure, not a skip:
the measure means nothing on a handful of cases.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, List

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "corpus"
sys.path.insert(0, str(ROOT / "benchmarks"))

import corpus_score  # noqa: E402

MIN_CASES = 100
# Diagnosed share (broken cases whose cause gets an error/warning finding) per split.
# Measured on 2026-12-02 with the first extractor: tuned 74/87 (85%), held-out 19/33 (58%, its
# one held-out scoring). After the second round (message families and fact classes, issue 10):
# tuned 83/87 (95%), heldout 32/33 (97%); heldout was tuned on after that one scoring, so its
# number is no longer a held-out measure (tests/fixtures/corpus/SCORES.md). The thresholds sit
# just under the measured numbers, so a regression fails. heldout2 (101 cases gathered sealed on
# 2026-12-03) was scored once at 50/77 (65%), the honest held-out number, then tuned on: 71/77
# (92%). heldout3 (44 cases gathered sealed while heldout2 was tuned on) was scored once on the
# merged code: 23/34 (68%), the held-out measure now.
# Round four (2026-12-03): dev4-dev7 (288 cases gathered by helpers as tuning data, each scored
# first as it arrived: 64%, 51%, 66%, 71%, then tuned on) and heldout4 (63 cases gathered sealed
# while dev4-dev7 were tuned on, scored once on the final code of that tuning: 32/48 (67%), one
# false error; then tuned on: 40/48, no false error).
# Round five (2026-12-03): eleven gatherers wrote 207 cases into two pools, each split at random
# by benchmarks/split_pool.py into sealed (heldout5, 104) and tuning (dev8 55, dev9 48) halves.
# dev8 first look 30/45 (67%), dev9 25/40 (62%); heldout5 scored once at 42d40cf: 41/77 (53%),
# one false error; then tuned on: 51/77, no false error.
# Round six (2026-12-04): nine gatherers wrote 248 cases into one pool, split at random into
# sealed heldout6 (124) and dev10 (124). dev10 first look 63/98 (64%); heldout6 scored once at
# c1fdc9e: 65/97 (67%), no false error (the round's starting code: 60/97); then tuned on.
# heldout7 (64 cases from a second pool, sealed whole) scored once at 8906a87: 32/51 (63%),
# three false errors (all older than the round); then tuned on.
THRESHOLDS = {
    "tuned": 0.94,
    "heldout": 0.96,
    "heldout2": 0.93,
    "heldout3": 0.90,
    "heldout4": 0.85,
    "dev4": 0.90,
    "dev5": 0.88,
    "dev6": 0.86,
    "dev7": 0.90,
    # round five: pooled, split at random (benchmarks/split_pool.py); heldout5 sealed, scored
    # once at 53%, then tuned on
    "heldout5": 0.76,
    "dev8": 0.84,
    "dev9": 0.80,
    # round six: one pool split at random; heldout6 sealed, scored once at 67% (65/97), then
    # tuned on (79%); dev10 64% at first look, 84% after tuning
    "heldout6": 0.77,
    "dev10": 0.82,
    # heldout7: a second pool sealed whole, scored once at 8906a87: 32/51 (63%), 3 false
    # errors; then tuned on (67%, none)
    "heldout7": 0.65,
    # round seven: pool 9 split at random; heldout8 sealed, scored once at d8635dd: 51/99
    # (52%), no false error; then tuned on (58%, and 77% after round eight). dev11 48% at first
    # look, 73% after tuning, 77% after round eight
    "heldout8": 0.75,
    "dev11": 0.75,
    # heldout9: a second pool (pool 10) sealed whole, scored once at edaec9f: 25/39 (64%), one
    # false error (a Python f-string read as CUDA_VISIBLE_DEVICES); then tuned on (69%, none;
    # 77% after round eight)
    "heldout9": 0.74,
    # round eight: pool 11 (163 cases) sealed whole, scored once at 96b5e31: 85/126 (68%), one
    # false error (one value under "CUDA/cuDNN version" read as a cuDNN too); then tuned on
    # (72%, none)
    "heldout10": 0.72,
    # round nine: pool 12 (153 cases) sealed whole, scored once at cee5169: 59/118 (50%), no
    # false error (the round's starting code scored the same 59); then tuned on (76%, none)
    "heldout11": 0.74,
    # heldout12: a second pool (pool 13, 80 cases) sealed whole, scored once at 4aac56a (the
    # round's final detection code): 40/61 (66%), one false error (a control with a driver of
    # the image's CUDA major, now a warning); then tuned on (70%, none)
    "heldout12": 0.68,
    # heldout13: a third pool (pool 14, 48 cases) sealed whole, scored once at 5d014b9 (the
    # round's final code, with the last-resort hypothesis from the error lines' words): 28/38
    # (74%), one false error (a placeholder read as CUDA_VISIBLE_DEVICES); then tuned on (82%)
    "heldout13": 0.80,
    # round ten: pool 15 (116 cases, 7 gatherers) sealed whole, scored once at 0c9d07f (the
    # round's detection code then): 55/91 (60%), two false errors (a pairing read from one
    # sentence; "CUDA_VISIBLE_DEVICES=0." with the full stop); the round's starting code scored
    # the same 55; then tuned on (68%). dev12: pool 16 (67 cases), 30/52 (58%) at first look,
    # 86% after tuning. heldout15: pool 17 (45 cases) sealed whole, scored once at 9081429 (the
    # round's final detection code): 18/35 (51%), no false error (round start: 17); then tuned
    # on (57%)
    "heldout14": 0.68,
    "dev12": 0.86,
    "heldout15": 0.57,
    # round eleven: pool 18 (116 cases, 6 gatherers) sealed whole, scored once at 517600f (the
    # round's final detection code): 62/90 (69%), no false error; the round's starting code
    # scored the same 62 with the same misses; then tuned on (77%; 83% in round twelve)
    "heldout16": 0.82,
    # round twelve: pool 19 (129 cases, 6 gatherers) sealed whole, scored once at b00d3db (the
    # round's detection code then): 63/103 (61%), one false error (a redacted
    # CUDA_VISIBLE_DEVICES=xxx read as a value); the round's starting code fc9d581 scored the
    # same 63 with the same misses and the same false error; then tuned on (74%, no false error)
    "heldout17": 0.73,
    # round thirteen: pool 20 (112 cases, 6 gatherers) sealed whole, scored once at a3b6901
    # (the round's final detection code): 56/86 (65%), no false error; the round's starting
    # code fa51129 scored the same 56 with the same misses; then tuned on (78%)
    "heldout18": 0.77,
    # round fourteen: pool 21 (99 cases, 6 gatherers) sealed whole, scored once at 06aacb5
    # (the round's detection code then): 51/76 (67%), two false errors (TF's probe lines on a
    # CPU laptop; /dev/shm filled by a program's leak); the round's starting code 84a445d
    # scored the same 51 with the same misses and false errors; then tuned on (87%, none)
    "heldout19": 0.85,
    # and pool 22 (103 cases, 6 gatherers) sealed whole after heldout19's tuning, scored once at
    # fc75109: 52/77 (68%), two false errors (CUDA errors in CPU runs said to have no GPU); the
    # round's starting code scored 50 with the same two false errors; then tuned on (78%, none)
    "heldout20": 0.77,
    # and pool 23 (91 cases, 6 gatherers; the search budget ran out) sealed whole after
    # heldout20's tuning, scored once at edaa640: 54/70 (77%), one false error (Caffe2's
    # CPU-only notices); the round's starting code scored 53 with the same false error; then
    # tuned on (84%, none)
    "heldout21": 0.83,
    # round fifteen: pool 24 (100 cases, 6 gatherers) sealed whole, scored once at 7c96207
    # (the round's code after its first, general part): 49/79 (62%), no false error; the
    # round's starting code 16a09db scored the same 49 with the same misses; then tuned on (82%)
    "heldout22": 0.82,
    # and pool 25 (85 cases, 5 gatherers) sealed whole while heldout22 was tuned on, scored once
    # at adcba48 (after heldout22's tuning): 44/66 (67%), no false error; the round's starting
    # code scored 43 (heldout22's tuning reached one more); then tuned on (89%)
    "heldout23": 0.89,
    # and pool 26 (67 cases, 5 gatherers; one case dropped before sealing: its URL was already
    # in the corpus) sealed whole, scored once at 5b41459 (after heldout23's tuning): 31/52
    # (60%), no false error; the round's starting code scored 30; then tuned on (83%). Round
    # twenty-three: 81% (paddleocr-1046 names an RTX 2070 SUPER beside the failing RTX 3090;
    # with the SUPER known the text names two GPU models, and neither is taken as the job's)
    "heldout24": 0.80,
    # round sixteen: pool 27 (110 cases, 6 gatherers; one case dropped before sealing: its URL
    # was already in the corpus) sealed whole, scored once at da95d1f (after the round's first,
    # general part): 46/85 (54%), two false errors (an intended CPU run, a FlashInfer build for
    # torch 2.4 on torch 2.5); the round's starting code 56300bd scored the same; then tuned
    # on (68%, none)
    "heldout25": 0.68,
    # and pool 28 (74 cases, 5 gatherers) sealed whole while heldout25 was scored, scored once at
    # 0275271 (after heldout25's tuning): 32/56 (57%), one false error (torch's "not compiled
    # with CUDA enabled" read as a GPU being present, on macOS); the round's starting code and
    # its first part scored the same; then tuned on (70%, none)
    "heldout26": 0.69,
    # and pool 29 (62 cases, 5 gatherers; the search tool's budget ran out mid-gathering; one
    # case dropped before sealing: its URL was dev11's) sealed whole, scored once at 2514f70
    # (after heldout26's tuning): 24/49 (49%), two false errors (a torch version typed into an
    # issue form read as PyPI's CPU wheel on Windows; xFormers dispatching FlashAttention-3's
    # Hopper kernels to a Blackwell GPU); the round's starting code scored the same 24; then
    # tuned on (51%, none)
    "heldout27": 0.51,
    # round seventeen: pool 30 (70 cases, 4 gatherers; 10 of the broken cases are AMD ROCm
    # threads) sealed whole, scored once at 4ba5c8f (after the round's general part): 28/54
    # (52%), no false error; the round's starting code 647588f scored the same 28; then tuned on
    # (NGC's "not yet supported in this version of the container", PhysX's driver API check,
    # JAX's cuSolver internal error, a Python ceiling: 67%, none)
    "heldout28": 0.66,
    # and pool 31 (67 cases, 4 gatherers) sealed with it, scored once at 46e9fef (after
    # heldout28's tuning): 34/51 (67%), no false error; the round's starting code and its general
    # part scored 33 (heldout28's NGC message reached one more); then tuned on (a GPU label with
    # a bare model number or "GPU Type:", the CUDA installer's file name, "cudaDeviceReset error
    # 35": 73%, none)
    "heldout29": 0.72,
    # and pool 32 (79 cases, 5 gatherers) sealed after heldout29's tuning, scored once at
    # 6dbe789: 36/61 (59%), no false error; the round's starting code scored 34 (EC215, the
    # general part, reached two more: a GTX 770 and an RTX 5090 with no build stated); then
    # tuned on (cuDNN's changed argument lists, a launch failure after a suspend: 64%, none)
    "heldout30": 0.63,
    # round eighteen: pool 33 (75 cases, 4 gatherers) sealed whole, scored once at e63d3e4
    # (after the round's general part): 30/57 (53%), no false error; the round's starting code
    # 2f15d41 scored the same 30; then tuned on (libnvcuvid missing or too old, OpenCV and
    # TensorFlow 1.x without CUDA, Kaldi's host-compiler refusal, another vendor's GPU, a driver
    # floor "and later", TensorFlow named as the framework that fails: 74%, none)
    "heldout31": 0.73,
    # and pool 34 (76 cases, 4 gatherers) sealed with it, scored once at d79a518 (after
    # heldout31's tuning): 40/57 (70%), one false error (torchtext 0.6 judged against torch 1.6,
    # a pin removed from the data since: before 0.7 torchtext was Python only); the round's
    # starting code and its general part scored the same 40; then tuned on (NVML's missing
    # function, a cuDNN floor retold, macOS's dyld, TensorFlow 1.x's CPU package: 79%, none)
    "heldout32": 0.78,
    # and pool 35 (60 cases, 4 gatherers) sealed after heldout31's tuning, scored once at
    # 99e5a0f (after heldout32's tuning): 23/46 (50%), one false error (CuPy's note on a
    # runtime it links itself); the round's starting code scored the same 23; then tuned on
    # (kernel modules not built for the running kernel, a kernel update that broke the driver:
    # 70%, none)
    "heldout33": 0.69,
    # round nineteen: pool 37 (70 cases, 4 gatherers; gathered beside pool 36 and done first)
    # sealed whole, scored once at 403392d (after the round's general part): 32/52 (62%), no
    # false error; the round's starting code fdb3628 scored the same 32; then tuned on (nouveau
    # in lsmod, a misspelled or unset CUDA_VISIBLE_DEVICES, nvidia-smi from another driver or
    # without compute_cap, an unattended driver upgrade, hashcat's temperature messages, GFPGAN
    # on the CPU, Paddle's library list: 92%, none)
    "heldout34": 0.92,
    # and pool 36 (69 cases, 4 gatherers) sealed with it, scored once at d345f99 (after
    # heldout34's tuning): 20/51 (39%), one false error (ONNX Runtime's no-device error in a CPU
    # run the text calls a CPU-only environment); the round's starting code and its general part
    # scored the same 20; then tuned on (Caffe's cuRAND launch failure, wheel-only packages built
    # from source, slow disks retold, TensorRT's SM check, a CPU quota under a core, cuDNN 8's
    # removed API, Theano and pygpu: 84%, none)
    "heldout35": 0.84,
    # and pool 38 (57 cases, 4 gatherers) sealed after heldout35's tuning, scored once at
    # f54f966: 20/43 (47%), no false error; the round's starting code scored the same 20; then
    # tuned on (CMake not finding a CUDA library, gcc too new retold, Slurm's CPU affinity, a GPU
    # without bf16, a Jetson's CUDA requirement, surya on the CPU, pip's Requires-Python list, an
    # MPS server, CUDA error 34, DeepStream's muxer in a container without GPUs: 74%, none)
    "heldout36": 0.74,
    # round twenty: pool 39 (75 cases, 4 gatherers; gathered beside pool 40) sealed whole,
    # scored once at 45693b3 (after the round's general part): 31/57 (54%), two false errors
    # (a Windows R580 driver number judged past Pascal, -lcudart missing at link time); the
    # round's starting code aa46094 scored the same; then tuned on (LLVM's unknown sm, link-path
    # settings, Warp without libcuda, DeepSpeed ops for another torch, static TLS on aarch64,
    # Jetson over-current, COLMAP's SiftGPU, an older L4T container: 72%, none)
    "heldout37": 0.71,
    # and pool 40 (67 cases, 4 gatherers) sealed with it, scored once at 1a6257b (after
    # heldout37's tuning): 28/50 (56%), no false error; the starting code scored the same 28;
    # then tuned on (TFP's installed-TensorFlow wording and its TF-Keras message, TFP 0.23
    # under TF 2.16, nvlink older than its input, LibTorch's CPU message: 68%, none)
    "heldout38": 0.68,
    # and pool 41 (57 cases, 4 gatherers) gathered after heldout37's scoring, sealed whole,
    # scored once at 2d95740 (after heldout38's tuning): 24/42 (57%), no false error; the
    # starting code scored 25 (heldout37's tuning had made -lcudart an os-setting); then tuned
    # on (g++ above the CUDA maximum, a +cpu torch beside a stated driver, -lcudart as either
    # reading: 64%, none)
    "heldout39": 0.64,
    # round twenty-one: pool 42 (68 cases, 4 gatherers; gathered beside pool 43) sealed whole,
    # scored once at 03b448e (after the round's general part): 27/51 (53%), one false error (an
    # image's own driver files, now a warning: the image is at fault, not the host); the
    # round's starting code cfc60b0 scored the same; then tuned on (a kernel symbol not in the
    # GPU code, Kokkos' arch check, HOOMD's CPU build, JAX APIs, PEP 604 on old Pythons,
    # libcupti, CPU torch retold: 76%, none)
    "heldout40": 0.76,
    # and pool 43 (66 cases, 4 gatherers) sealed with it, scored once at 7fac0d8 (after
    # heldout40's tuning): 27/46 (59%), one false error (Ollama reading PhysX's cudart: cc
    # 1.0); the starting code scored the same 27; then tuned on (transformers' version check,
    # Windows' missing cudart DLL, a CUDA build's library not loading, compose's [[]], bf16 on
    # an old GPU, torch's cc warning cut: 78%, none)
    "heldout41": 0.78,
    # and pool 44 (54 cases, 4 gatherers; sealed while heldout40 was tuned on), scored
    # once at 9088f51 (after heldout41's tuning): 31/42 (74%), no false error; the starting
    # code scored the same 31; then tuned on (xFormers' FlashAttention GPU reason, a Nix-built
    # program without the host driver: 80%, none)
    "heldout42": 0.80,
    # round twenty-two: pool 45 (71 cases, 4 gatherers; OCR, speech recognition, graph and
    # recommender models, robot simulators) sealed whole, scored once at dda6f7c (after the
    # round's general part): 30/55 (55%), no false error; the round's starting code a9f8fa6
    # scored the same; then tuned on (Paddle without NCCL, PyG's torch check, torchaudio's
    # removed API, CUB under CUDA 11, no EGL device, CPU fallback notices, AMD cards, the RTX 50
    # series: 80%, none)
    "heldout43": 0.80,
    # and pool 46 (63 cases, 4 gatherers) sealed with it, scored once at f1eafd1 (after
    # heldout43's tuning): 32/48 (67%), no false error; the starting code scored the same; then
    # tuned on (GPU performance counters for admins only, a pre-C99 compiler under Triton, a
    # runtime without the GPU's arch, an unlisted RTX 50 model: 87%, none)
    "heldout44": 0.87,
    # and pool 47 (73 cases, 4 gatherers) sealed with them, scored once at 5358b44 (after
    # heldout44's tuning): 22/55 (40%), no false error; the starting code scored the same; then
    # tuned on (NVENC's driver and session messages, OptiX, NVIDIA modules of two releases,
    # XGBoost without a GPU, MXNet's CPU build: 56%, none)
    "heldout45": 0.56,
    # round twenty-three: pool 48 (72 cases, 4 gatherers; Rust/Java/.NET stacks, music and
    # audio separation, VMs and cloud GPU instances, vision-language models) sealed whole,
    # scored once at 1eea9f7 (after the round's general part): 28/53 (53%), no false error;
    # the round's starting code 2c4dce0 scored the same; then tuned on (FlashAttention's sm
    # check, libnvvm off the loader path, cudarc's toolkit list, tch-rs's libtorch check, ORT's
    # CPU binaries, an A/B docker run without --gpus: 69%, none)
    "heldout46": 0.69,
    # and pool 49 (70 cases, 4 gatherers) sealed with it, scored once at c9db530 (after
    # heldout46's tuning): 29/53 (55%), no false error; the starting code scored the same;
    # then tuned on (catboost's GPU build, COLMAP without CUDA, a PTX JIT hang, mmcv and torch
    # said to conflict, the ZED SDK's checks, NPP libraries: 75%, none)
    "heldout47": 0.75,
    # and pool 50 (72 cases, 4 gatherers) sealed with them, scored once at 1cdbfbe (after
    # heldout47's tuning): 24/54 (44%), no false error; the starting code scored the same;
    # then tuned on (legacy-branch GPUs in NVRM, kmod and driver packages of two releases, a
    # BAR without an address window, NVML symbols, Void's DKMS hook, torchao's torch check,
    # Cray's GTL, wheel-only packages built from source: 75%, none)
    "heldout48": 0.75,
    # round twenty-four: pool 51 (56 cases, 4 gatherers; cryo-EM, neuroimaging, CFD and
    # engineering simulation, physics and astronomy codes) sealed whole, scored once at
    # b173e7e (the starting code's detection; the round's first commit split compat.py): 19/39
    # (49%), one false error (a header missing from a host-compiled target, now a warning);
    # then tuned on (old modprobe's module message, Intel's compiler under nvcc, a disk said to
    # fill, a Python said to be incompatible: 59%, none)
    "heldout49": 0.58,
    # and pool 52 (63 cases, 4 gatherers; zero-knowledge provers and miners, spiking networks,
    # 3D asset generation, machine translation) sealed while heldout49 was scored, scored once
    # at b59fff3 (after heldout49's tuning): 28/46 (61%), no false error; the starting code
    # scored the same; then tuned on (ethminer's insufficient driver, installers' supported
    # CUDA and torch lists, an extension operator without CUDA kernels, cuRAND's arch
    # mismatch, invalid device symbols, NVRTC's builtins, "tf version is": 80%, none)
    "heldout50": 0.8,
    # and pool 53 (58 cases, 4 gatherers; anomaly detection and classic vision libraries,
    # federated and private ML, face swapping, self-hosted coding assistants) sealed while
    # heldout49 was tuned on, scored once at 871d59f (after heldout50's tuning): 21/39 (54%),
    # two false errors (a Mac's "not compiled with CUDA", a CPU image's error 35); the starting
    # code scored 20/39 with the same two; then tuned on (a Mac, a CPU run said in an issue
    # form, dlib and OpenCV builds, a stated TensorFlow / CUDA mismatch, of two GPUs the one
    # said to work, an nvidia-smi header without its table: 69%, none)
    "heldout51": 0.69,
    # round twenty-five: pool 54 (67 cases, 4 gatherers; seismology and geophysics, X-ray and
    # optical computational imaging, MATLAB and numeric environments, directive-based GPU
    # programming) and pool 55 (68 cases; AMD / Intel / Apple GPUs meeting CUDA-only code,
    # text-to-video models, game engines and avatars, video encoding and streaming) sealed
    # whole, scored once at 05c4429 (the starting code's detection): 20/50 (40%) and 17/50
    # (34%), no false error and one (a three-line "not compiled with CUDA" whose Mac is only in
    # the issue's title); then tuned on (MATLAB's mexcuda, the HPC SDK's driver version 0,
    # OpenACC's rebuild message, FP8 and SageAttention floors, NVENC devices and sessions, ROCm's
    # missing code object, torch without XPU, wheel names retold: 52%, 68%)
    "heldout52": 0.52,
    "heldout53": 0.68,
    # and pool 56 (71 cases; video understanding and tracking, benchmarks and model zoos,
    # driving simulators, LLM pre-training codebases) sealed while the other two were tuned
    # on, scored once at 5ca9636: 36/52 (69%, the starting code scored the same), one false
    # error (a command line's --device=cpu, now a CPU run on purpose); then tuned on (Triton's
    # fp8e4nv, nvidia-docker missing, the extension's CUDA mismatch with doubled spaces: 75%)
    "heldout54": 0.75,
    # round twenty-six: pool 57 (59 cases, 4 gatherers; GAN repositories with custom CUDA ops,
    # EEG and biosignals, quantitative finance, chip design and optimization) and pool 58 (64
    # cases after a duplicate of an earlier claim was dropped; remote desktops and headless
    # rendering, real-time audio, NVIDIA deployment SDKs, classic NLP toolkits) sealed whole,
    # scored once at d8a8463 (the starting code's detection): 17/43 (40%) and 24/47 (51%), no
    # false error and four (a Python expression read as CUDA_VISIBLE_DEVICES, a --shm-size a
    # command set, a TensorRT engine file with no version, pip too old for a wheel's tag); then
    # tuned on (TensorRT, TF's cuDNN and TF-TRT messages, pybind11's Python mismatch,
    # libpython, System V shm, CUDA API identifiers, libstdc++, a full drive retold, ...)
    "heldout55": 0.58,
    "heldout56": 0.70,
    # pool 59 (48 cases; R and Julia, reinforcement learning, minimal GPU code, Stable
    # Diffusion web UIs) sealed while the other two were tuned on, scored once at 5c315c0:
    # 13/37 (35%, the starting code scored the same), no false error; then tuned on (a
    # truncated library, a driver without the _v2 entry points, the GPU only as root, works
    # from a terminal and not in the IDE, TensorFlow's DLL self-check: 70%)
    "heldout57": 0.70,
    # pool 60 (66 cases; game-playing engines, software radio, photogrammetry, labelling
    # tools) sealed after all of that tuning, scored once at aef6c86: 26/50 (52%, the starting
    # code scored the same 26 with the same findings), no false error; then tuned on (OpenCL
    # with no platform, AliceVision's messages, typographic quotes in a frame: 66%)
    "heldout58": 0.66,
    # round twenty-seven: pool 61 (83 cases; legacy frameworks (Theano, Caffe, Torch7, CNTK,
    # DyNet, Darknet), point-cloud and mesh libraries, ecology and agriculture, on-device
    # runtimes on desktop GPUs) sealed while the round's general readers were written, scored
    # once at 20d9fbab: 30/63 (48%), the starting code the same 30, no false error; then tuned
    # on (torch 2.13's warning, Vulkan with no driver, cudnn.torch's bindings, Open3D's
    # framework pairing, cuDNN identifiers and arity, sudo's reset paths, ...: 75%)
    "heldout59": 0.74,
    # pool 62 (71 cases; GPU databases and search engines, hobbyist and student hardware,
    # scientific Python with CUDA back ends, industrial and embedded vision) sealed at the same
    # time, scored once at three commits (the start, 20d9fbab, and 90134b7a after heldout59's
    # tuning): 27/54 (50%) at each, case by case the same findings, no false error; then tuned
    # on (CTranslate2's float16, faiss' CPU build told, THCGeneral error 11, libcu++'s sm_70
    # primitives, TensorRT's engine size, cuVS, cuDNN's "Arch mismatch": 74%)
    "heldout60": 0.74,
    # pool 63 (61 cases; audio and music retrieval, robotics and SLAM, genomics and
    # single-cell, super-resolution research code) sealed after all of the round's tuning,
    # scored once at 9756644f: 20/47 (43%), the start and the general readers the same 20, two
    # false errors (both in the starting code: a tensorflow 1.14 listed beside a PyTorch job
    # judged as the GPU build, a CPU run meant as such); then tuned on (collections' removed
    # aliases, TensorRT's C++ API and plan version, Bark's CPU notice, "GPU3090,": 57%)
    "heldout61": 0.57,
    # pool 64 (69 cases; self-supervised vision backbones, chemistry and materials ML, serving
    # from web apps and queues, mixed precision and per-architecture features) sealed with pool
    # 65 and 66, scored once at the start (403e1564) and at 6d99beb8 (a glued +cpu tag, Bark's
    # earlier notice): 34/52 (65%) at both, no false error; then tuned on (cuBLAS refusing bf16,
    # torch._six, TensorRT's Half2, "int8 mode only works with sm >= 75", "my GPU is 5090", a
    # Python below a stated minimum: 83%)
    "heldout62": 0.82,
    # pool 65 (61 cases; paper-reproduction repos with old pins, face and biometrics pipelines
    # with native CUDA builds, image-editing plugins, knowledge-graph embeddings) scored once
    # at the start, at 6d99beb8 and after heldout62's tuning (975d5b37): 28/45 (62%) at all
    # three, two false errors (DGL's optional tensor adapter judged an extension built for
    # another torch); then tuned on (that message as a warning, .cuda(async=True), CMake's GNU
    # compiler line, dlib's "code: 999", a TensorFlow series named without its patch, an
    # architecture said missing from a build: 80%)
    "heldout63": 0.79,
    # pool 66 (52 cases; BERT-era NLP research code, re-identification and crowd counting,
    # speech enhancement and voice processing, segmentation codebases with custom ops) scored
    # once at four commits (the start, 6d99beb8, after heldout62's and after heldout63's
    # tuning): 26/38 (68%) at each, no false error; then tuned on (TensorFlow's NHWC-on-CPU op,
    # fp16 without a CUDA device, CUFFT_INTERNAL_ERROR alone, a gcc said too old: 82%)
    "heldout64": 0.81,
    # pool 67 (52 cases; text-to-image training repos, geometric deep learning builds,
    # streaming ASR and speaker recognition, course and MOOC notebooks) sealed after
    # heldout64's tuning, scored once at the start, after heldout62's and after heldout64's
    # tuning: 19/38 (50%) at each, one false error (a DataLoader bus error in a text about a
    # shared-memory leak); then tuned on (that leak as a warning, a CMake GPU option the build
    # lacked, PyG's *_cpu.so only, torch said CPU-only, torch 0.4's grid_sample: 63%)
    "heldout65": 0.63,
    # pool 68 (50 cases; video understanding codebases, neural rendering and Gaussian splatting,
    # point clouds and driving perception, time-series and tabular deep learning) sealed with
    # pool 69, scored once at the start of round twenty-nine (827f87e1): 19/34 (56%), no false
    # error; then tuned on (tiny-cuda-nn built for another GPU, __nanosleep before sm_70, MXNet
    # counting no GPU, spconv's CPU package, LightGBM's -DUSE_CUDAP, THC.h retold, a df row
    # with kilobytes left, a Python that removed getargspec / imp: 79%)
    "heldout66": 0.79,
    # pool 69 (63 cases; music and singing-voice generation, protein structure ML, pose
    # estimation, GPU data science) scored once at the start: 29/45 (64%), one false error (an
    # architecture that does not exist, compute_71, read as nvcc too old: now a warning that
    # the build's list is wrong); then tuned on (pybind11 before Python 3.11, a g++ said too
    # new for nvcc, a Python said unusable, cpp_extension's CUDA check cut short: 78%)
    "heldout67": 0.77,
    # pool 70 (43 cases; remote sensing, medical imaging frameworks, depth estimation and
    # SLAM, video generation and interpolation) sealed with pool 71 after heldout66's and
    # heldout67's tuning, scored once at the start and after that tuning (5c16797b): 20/31
    # (65%) at both, one false error (torchvision 0.14.0 beside torch 1.13.1, another patch of
    # the right series: now a warning); then tuned on (cpp_extension's raw template, gcc
    # without -std=c++14, a release newer than every one pip offers, torch said changed to
    # +cpu or required without CUDA: 81%); round thirty's first readers (CuPy's DLLs and
    # banner, Docker on a Mac, nnU-Net's workers in a container, "doesn't have Nvidia graphics
    # card") diagnose five more: 30/31
    "heldout68": 0.96,
    # pool 71 (62 cases; LLM evaluation and RAG tools, model compilers, vision-language
    # models, MLOps platforms) scored once at the same two commits: 28/46 (61%) at both, no
    # false error; then tuned on (the same readers, torch's CPU build said in Chinese: 67%)
    "heldout69": 0.67,
    # pool 72 (19 cases; robotics perception with GPUs, scientific simulation in GPU Python)
    # gathered after heldout68's and heldout69's tuning, scored once at the start, after
    # heldout66/67's and after heldout68/69's tuning (780d2e62): 9/14 (64%) at all three, no
    # false error; not tuned on. Round thirty's first readers (from round twenty-nine's misses,
    # before its own pools) diagnose jax-ml/jax#5723 too: 10/14
    "heldout70": 0.71,
    # Round thirty (README-round30.md). Pool 73 (39 cases; face tools, animal pose and
    # neuroscience, weather ML, interatomic potentials) scored once at the start (c5454bc1)
    # and after the readers from round twenty-nine's misses (2a48d45c): 16/26 (62%) at both,
    # the same findings, no false error; then tuned on (a crash loading a torch extension)
    "heldout71": 0.69,
    # pool 74 (64 cases; state-space kernels, diffusion fine-tuning tools, trackers and DCN
    # builds, non-Python GPU stacks) at the same two commits: 22/46 (48%) at both, one false
    # error (listed below); then tuned on (LibTorch bindings, ptxas targets, wheel tags, a
    # libstdc++ without the C++11 ABI)
    "heldout72": 0.67,
    # pool 75 (58 cases; TTS, Segment Anything, talking heads, optical flow) gathered after
    # heldout71/72 were scored, scored once at c5454bc1, 2a48d45c and after heldout71/72's
    # tuning (369cdd2b): 30/43 (70%) at all three, the same findings, no false error; then
    # tuned on (ChatTTS's CPU notice, conda's python==3.9 spec)
    "heldout73": 0.74,
    # pool 76 (45 cases; GAN plugins, GPU data loading, video encoding, federated learning) at
    # the same three commits: 16/33 (48%) at all three, no false error; then tuned on
    # (torchcodec's operators, decord's CPU wheel, vs-mlrt's DLL preload)
    "heldout74": 0.60,
    # pool 77 (12 cases; GPU genomics, Keras 3 and its libraries) gathered after heldout73/74's
    # tuning, scored once at the start, after heldout73/74's tuning (916e78dd) and after the
    # last tuning (41256162): 1/9 (11%) at all three, the same findings, no false error; not
    # tuned on
    "heldout75": 0.11,
    # Round thirty-one (README-round31.md). Pool 78 (50 cases; spiking networks, probabilistic
    # programming, Chinese frameworks, recommender stacks) scored once at the round's start
    # (a19db97c) and after its general part (49f11edf): 23/37 (62%) at both, the same
    # findings, no false error; then tuned on (numpy's C sources compiled on a stated Python,
    # Jittor's g++ banner)
    "heldout76": 0.64,
    # pool 79 (60 cases; neural operators, differentiable rendering, HPC modules and
    # containers, CUDA builds of classic vision libraries) at the same two commits: 17/43 (40%)
    # at both, no false error; then tuned on (Python 3.12's removed ImpImporter, numpy sdists,
    # JAX under --gpus-per-task, Kaolin's torch range)
    "heldout77": 0.51,
    # pool 80 (43 cases; image-to-3D pipelines, custom kernel authoring, GPU analytics
    # engines, Blender and OptiX renderers) gathered after heldout76/77 were scored, scored once
    # at a19db97c, 49f11edf and after heldout76/77's tuning (c28b4671): 16/33 (48%) at all
    # three, the same findings, no false error; then tuned on (OptiX in containers, CUDA 12's
    # driver API, CMake's arch names, Triton's bf16)
    "heldout78": 0.75,
    # pool 81 (33 cases; embedding servers, LLM fine-tuning frameworks, cloud notebooks,
    # AutoML) at the same three commits: 13/24 (54%) at all three, the same findings, no false
    # error; not tuned on
    "heldout79": 0.54,
    # pool 82 (47 cases; distributed training, detection codebases, LLM quantization, JAX
    # RL) gathered in round 32, scored once at 9b8996c1 and c264bb37 (readers written before
    # the pools): 11/34 (32%) at both, the same findings, no false error; then tuned on
    # (ptxas of the stated toolkit, an NCCL symbol retold, NaN only with several GPUs, a
    # program's own compute-capability check)
    "heldout80": 0.44,
    # pool 83 (40 cases; GPU solvers, profilers, DeepStream, machine translation) at the same
    # two commits: 17/30 (57%) at both, no false error; then tuned on (TensorRT libraries,
    # cuda-checkpoint's driver floor, a CUDA error number taken for driver 300, CUDA asked
    # for on macOS)
    "heldout81": 0.76,
    # pool 84 (51 cases; the Kubernetes GPU stack, desktop local-LLM apps, zero-knowledge
    # provers and miners, LLM pretraining codebases) gathered in round 32, scored once at
    # 9b8996c1, c264bb37 and after heldout80/81's tuning (27baef1f): 21/41 (51%) at all three,
    # the same findings, no false error; then tuned on (nvcc off the build's PATH, xmrig-cuda's
    # driver check, a miner's PTX toolchain message)
    "heldout82": 0.63,
    # pool 85 (57 cases; spaCy and NLP libraries, notebook servers, game-AI environments,
    # image-generation accelerators) at the same three commits: 24/41 (59%) at all three, the
    # same findings, no false error; not tuned on
    "heldout83": 0.58,
    # pool 86 (34 cases; diffusion research code, self-supervised learning, segmentation
    # codebases, training wrappers) gathered in round 33, scored once at b34fa0c2 and f14ff339
    # (readers written before the pools): 16/24 (67%) at both, the same findings, no false
    # error; then tuned on (a library's check of its partner's release, xFormers' message under
    # a launcher's prefix, a CUDA floor said in Chinese, a black screen with the PSU in doubt)
    "heldout84": 0.87,
    # pool 87 (70 cases; mixture-of-experts kernels, compression toolkits, microscopy, physics
    # and astronomy) at b34fa0c2, f14ff339 and after heldout84's tuning (6a8c1a3a): 23/52 (44%)
    # at all three, the same findings, no false error; then tuned on (CUDA_VISIBLE_DEVICES that
    # hides the GPUs, ncclSend before NCCL 2.7, dataclass(slots=) before Python 3.10, CUDA's OS
    # error 304, a conda-forge CPU build where the text wants the GPU one; later an empty CUDA
    # path on the compile line, a newer Python's install problem)
    "heldout85": 0.69,
    # pool 88 (53 cases; audio ML libraries, classification training code, text-generation web
    # UIs, graphics and media SDK interop) at b34fa0c2, f14ff339, 6a8c1a3a and after heldout85's
    # tuning (05374e11): 22/40 (55%) at all four, the same findings, no false error; then tuned
    # on (torch's aten ops without a CUDA backend, a checkpoint that is an HTML page, NVTX's
    # library missing, the ImageNet meters' data time; later atomicAdd without its overload, a
    # CUDA dialect nvcc lacks, an architecture name as a CUDA word)
    "heldout86": 0.75,
    # pool 89 (53 cases; driving simulators, GPU CI and wheel building, speech LLMs, background
    # removal) at the same four commits: 27/37 (73%) at all four, the same findings, one false
    # error (listed below); then tuned on (onnxruntime's get_device() answering CPU, distutils
    # on Python 3.12, "no kernal image" retyped)
    "heldout87": 0.81,
    # pool 90 (33 cases; photogrammetry apps, board-game engines) gathered last in round 33,
    # scored once at b34fa0c2, f14ff339, 6a8c1a3a, 05374e11, c40fc2d9, 10759612 and 7243ba38:
    # 13/25 (52%) at all seven, the same findings, no false error; then tuned on (Windows' GPU
    # watchdog behind COLMAP's unknown error, TensorRT's DLL loader, a GPU refused for FP16)
    "heldout88": 0.84,
    # pool 91 (52 cases; self-hosted coding assistants, manga and subtitle translation tools,
    # laptops with hybrid graphics, Linux driver packaging) at de4aad2e and 43f7bba7: 21/40
    # (52%) at both, the same findings, no false error; then tuned on (DKMS failures and a
    # module left unsigned said in prose, a display fallen back to a basic mode, a new kernel
    # that fails where the old one works, a driver function a loader did not find, CUDA's
    # peer-mapping limit, GPU numbers that differ from nvidia-smi's)
    "heldout89": 0.77,
    # pool 92 (48 cases; TensorFlow model libraries, interpretability tooling, robot-learning
    # policies, real-time webcam apps) at the same two commits: 22/36 (61%) at both, the same
    # findings, no false error; then tuned on (MediaPipe built without GPU, standalone Keras 2.4
    # against TensorFlow 2.5, "no image kernel" with its words swapped, a CUDA module Windows
    # could not load)
    "heldout90": 0.72,
    # pool 93 (36 cases; computational pathology, molecular docking, home-assistant voice
    # servers) at de4aad2e, 43f7bba7 and after heldout89's and heldout90's tuning (42187dea):
    # 16/27 (59%) at all three, the same findings, no false error; then tuned on (llama.cpp
    # built without CUDA, OpenMM's missing CUDA platform, Vina-GPU's segfault, a TF op without
    # CUDA symbols, onnxruntime without its CUDA provider said in prose)
    "heldout91": 0.85,
    # pool 94 (24 cases; multi-GPU consumer rigs, power and thermals, point tracking) at the
    # same three commits: 6/17 (35%) at all three, the same findings but one more control
    # warned at 42187dea (CUDA's peer-mapping limit met by a llama.cpp regression), no false
    # error; then tuned on (Accelerate's RTX 40 refusal, amdgpu over temperature, a machine
    # that shuts down under load, CUDA_VISIBLE_DEVICES said to change nothing)
    "heldout92": 0.64,
    # pool 95 (42 cases; electronic-structure codes, game-streaming hosts, newer GPU languages
    # such as Mojo and Bend) at de4aad2e, 43f7bba7, 42187dea and after heldout91's and
    # heldout92's tuning (45032941): 12/31 (39%) at all four, the same findings, one false
    # error (listed below); then tuned on (MAX's driver refusal and a host driver stated beside a
    # floor, Arch's versioned driver packages, Mojo's missing libcuda symbol, a device attribute
    # the driver does not know, Bend/HVM built without CUDA or short of shared memory, cudarc's
    # toolkit list, CUDA 13's cuCtxCreate, Sunshine without CUDA)
    "heldout93": 0.80,
    # pool 96 (32 cases; GPU image-processing libraries, Kaggle notebooks) at the same four
    # commits: 10/25 (40%) at all four, the same findings, no false error; then tuned on (old
    # OpenCV against CUDA 9's split NPP, torch's driver message cut to its tail, a number
    # format said to be missing on a GPU without it)
    "heldout94": 0.64,
    # pool 97 (14 cases; neural audio effects and instrument models, and neighbouring speech
    # and audio tools) gathered last in round 34, scored once at de4aad2e and at every tuning
    # commit of the round (43f7bba7, 42187dea, 45032941, d2b56eec, c38380de): 10/11 (91%) at
    # all six, the same findings, no false error; not tuned on (its one miss asks which CUDA,
    # cuDNN and TensorFlow versions work, naming none)
    "heldout95": 0.90,
    # round 35: pools 98-101, sealed before any code saw them and scored once at a2c82a8b (the
    # round's start) and 2c9e859a (its general part: libraries named at work held against their
    # floors), the same findings at both; then tuned on.
    # pool 98 (29 cases; graph neural network libraries, R and MATLAB GPU stacks): 10/21 (48%),
    # no false error; tuned: MATLAB's driver and MatConvNet's MEX messages, torch's version said
    # "(CPU toolkit)", conda's download table, a Python with no wheel said in words
    "heldout96": 0.80,
    # pool 99 (19 cases; virtual try-on and animation, face restoration and upscalers): 7/11
    # (64%), no false error; tuned: an installer said to disable torch's CUDA
    "heldout97": 0.72,
    # pool 100 (15 cases; ONNX Runtime's GPU providers, GPU vector search): 3/11 (27%), no false
    # error; tuned: ORT providers missing from a package or failing to initialise, a crash
    # inside cuDNN, an empty driver library in a container, work on the CPU "despite" its setting
    "heldout98": 0.72,
    # pool 101 (37 cases; NVIDIA consumer AI apps, course notebooks on local GPUs): 15/29
    # (52%), no false error; tuned: Vulkan ray tracing missing, memory pools refused in a vGPU,
    # a driver "versions behind", a translated DLL failure, matplotlib's setup report
    "heldout99": 0.72,
    # pools 102-104, gathered while heldout96-99 were tuned on and sealed before that tuning was
    # done, scored once at a2c82a8b, 2c9e859a, da530660 (the tuning on heldout96-99) and
    # 14b0d920 (an old setup's GPU set aside): the same findings at all four, no false error
    # pool 102 (21 cases; NVR camera AI servers, media-server transcoding): 11/16 (69%); tuned:
    # a GPU DLL whose CUDA DLLs are missing, a Docker option passed as a variable, device-node
    # permissions, a command that works by hand and not in its service
    "heldout100": 1.00,
    # pool 103 (18 cases; volunteer-computing GPU clients, rented GPU marketplaces): 6/13
    # (46%); tuned: cuInit() answering 100, a Windows update taking the driver
    "heldout101": 0.61,
    # pool 104 (16 cases; one-click AI installers, Jetson boards): 7/12 (58%); tuned: a Jetson
    # named in a CPU run, Docker filling the root disk, a missing cp313 package said in words
    "heldout102": 0.83,
    # pools 105-106, gathered while heldout100-102 were tuned on and sealed before the scan's
    # widened last resort was scored, scored once at a2c82a8b, cd1b7cd8 (before that widening),
    # cd25b0d7 (after it) and 12b52429 (three readings made linear): the same findings at all
    # four
    # pool 105 (36 cases; GPU hash cracking, CFD codes, Triton Inference Server): 14/26 (54%),
    # one false error (nvcc given an empty architecture by a Makefile variable: no longer read
    # as an old toolkit); tuned: cuBLASLt compiled against another release, hashcat's
    # temperature abort, a server said not to support a CUDA runtime
    "heldout103": 0.65,
    # pool 106 (19 cases; dataset captioning tools, annotation tools with GPU models): 3/12
    # (25%), no false error; tuned: a CUDA DLL said missing with its CUDA major, ONNX Runtime's
    # provider failing to load said in Chinese
    "heldout104": 0.41,
    # round 36: pools 107-110, sealed before any code saw them and scored once at 27b575e5 (the
    # round's start) and 58353067 (its general part: a GeForce series named as a family), the
    # same findings at both; then tuned on.
    # pool 107 (16 cases; quantum-computing simulators, molecular dynamics engines): 6/11
    # (55%), no false error; tuned: library status names (_VERSION_MISMATCH), an unknown compute
    # capability, a pairing said in words, GROMACS' OpenCL build instead of CUDA
    "heldout105": 0.90,
    # pool 108 (33 cases; Python package managers installing CUDA wheels, conda-forge CUDA
    # packaging): 17/25 (68%), no false error; tuned: conda's __cuda constraint, conda's CPU
    # build strings, the CPU-only PyTorch said installed
    "heldout106": 0.88,
    # pool 109 (20 cases; video editing apps on CUDA, GPU passthrough and virtualization): 3/14
    # (21%), no false error; tuned: FFmpeg's missing nvcuda.dll / libcuda, Windows' basic display
    # adapter, Flatpak's GL.nvidia runtime, Hyper-V's GPU-P policy, VFIO's IOMMU group, NVML's
    # refused memory info
    "heldout107": 0.71,
    # pool 110 (21 cases; gradient-boosting libraries, JavaScript/.NET/Java ML runtimes): 9/15
    # (60%), one false error (LightGBM's OpenCL learner asked of a CUDA build: now a setting);
    # tuned: LightGBM's lower-case recompile advice, a Docker image said to lack a GPU build, a
    # container said not to see the GPU
    "heldout108": 0.80,
    # pools 111-116, gathered while heldout105-108 were tuned on and sealed before that tuning
    # was scored, scored once at 27b575e5, 58353067 and ccdbacf8 (the tuning on heldout105-108):
    # the same findings at all three
    # pool 111 (19 cases; music source separation, NixOS/Guix/Gentoo CUDA): 6/15 (40%), no false
    # error; tuned: NVVM's IR version mismatch, macOS' missing cuSPARSE symbol, a CUDA call
    # failing with '#35'
    "heldout109": 0.46,
    # pool 112 (27 cases; software radio on GPUs, Macs with NVIDIA GPUs): 12/20 (60%), no false
    # error; tuned: code for another TensorFlow release, the same CUDA call by name
    "heldout110": 0.75,
    # pool 113 (27 cases; cryptocurrency miners, scientific visualization): 6/20 (30%), one
    # false error (a typed "- PyTorch: 1.13.1" on Windows read as the PyPI CPU wheel: no
    # longer); tuned: miners' GPU order, "Please update your Nvidia drivers", "try updating video
    # driver"
    "heldout111": 0.50,
    # pool 114 (24 cases; ML benchmark suites, hand and gesture models): 14/17 (82%), no false
    # error; tuned: "(No GPU, CPU only)"
    "heldout112": 0.88,
    # pool 115 (15 cases; self-hosted photo libraries, VapourSynth GPU filters): 5/11 (45%), no
    # false error; tuned: the CPU package over the GPU one, nvrtc symbols, "compute
    # compatibility" as typed
    "heldout113": 0.63,
    # pool 116 (24 cases; ggml C++ projects, Rust GPU crates): 10/17 (59%), no false error;
    # tuned: CUDA DLLs said needed, ONNX Runtime's API version, GCC 6 <tuple> under old nvcc,
    # a binding not compatible with its native library
    "heldout114": 0.88,
    # pool 117 (10 cases; older datacenter GPUs in home labs), gathered after the round's tuning
    # was committed and sealed before e7bf2540 (a general reader: torch's CUDA tag said without
    # the version), scored once at 27b575e5, ccdbacf8, b7f49438 and e7bf2540: 5/7 (71%) at all
    # four, the same findings, no false error; not tuned on (its misses need RAPIDS' Python
    # floor and a BIOS setting behind a Device Manager code)
    "heldout115": 0.71,
    # Round 37. Pools 118-121 were sealed after 69e5c7cc (GPU names sold on two chips, older
    # models from a transcription of NVIDIA's table; written before they were scored) and scored
    # once at fbb6af6d and 69e5c7cc: the same findings at both.
    # pool 118 (19 cases; forecasting and tabular models, talking-head tools): 6/10 (60%), one
    # false error (TensorFlow's probe beside nvidia-smi's working driver in a torch job: now a
    # warning that says so); its misses are symptom-only pastes
    "heldout116": 0.60,
    # pool 119 (18 cases; annotation tools, video segmentation and tracking): 6/11 (55%), no
    # false error; tuned: __cudaRegisterFatBinaryEnd
    "heldout117": 0.72,
    # pool 120 (28 cases; weather and earth-observation models, self-supervised learning):
    # 10/20 (50%), no false error; tuned: CUDA_VISIBLE_DEVICES set after the import, minutes in
    # the first .cuda()
    "heldout118": 0.65,
    # pool 121 (30 cases; single-image-to-3D, physics-informed ML): 15/22 (68%), no false error;
    # tuned: kmcuda's "wanted 6.1, have 3.7", StyleGAN's custom-op build, "python 3.12 doesn't
    # support torch"
    "heldout119": 0.81,
    # Pools 122-124 were sealed after 9fbf4e7a (the tuning on pools 118-121) and scored once at
    # fbb6af6d, 69e5c7cc and 9fbf4e7a: the same findings at all three.
    # pool 122 (17 cases; spiking networks, federated learning): 8/14 (57%), no false error;
    # tuned: an extension built without its CUDA half, "tf 2.0 which doesn't have a contrib
    # module"
    "heldout120": 0.71,
    # pool 123 (20 cases; knowledge-graph embedding, manga translation): 12/14 (86%), no false
    # error; tuned: rapidocr_onnxruntime beside onnxruntime-gpu
    "heldout121": 0.92,
    # pool 124 (30 cases; anomaly detection, diffusion fine-tuning tools): 12/21 (57%), no false
    # error; tuned: the CUDA samples' "CUDA error at file.cu:382 code=222", "I haven't gpu on
    # this computer"
    "heldout122": 0.71,
    # Pools 125-127 were sealed after bbf54e1c (the tuning on pools 122-124) and scored once at
    # fbb6af6d, 69e5c7cc, 9fbf4e7a and bbf54e1c: the same findings at all four.
    # pool 125 (19 cases; segmentation and matting tools, embedding servers): 7/13 (54%), one
    # false error (torch 2.7.1+cu128 on Windows judged by the Linux wheels' list: a warning now);
    # tuned: another vendor's GPU ticked or named beside CUDA's error 35
    "heldout123": 0.69,
    # pool 126 (16 cases; formula and document OCR, captioning and tagging tools): 8/11 (73%),
    # no false error; tuned: "cannot find libcuda.so.1" said in words
    "heldout124": 0.81,
    # pool 127 (22 cases; desktop launchers for local AI, machines with a second GPU): 7/16
    # (44%), no false error; tuned: "CUDA_VISIBLE=0", then Vulkan's enumeratePhysicalDevices
    # ErrorInitializationFailed (learned from heldout127's vkEnumerateInstance... -3)
    "heldout125": 0.56,
    # Pools 128-129 were sealed after 0fb83345 (the round's last code) and scored once at
    # fbb6af6d, 69e5c7cc, 9fbf4e7a, bbf54e1c, 2d04123d and 0fb83345. heldout127 gained one case
    # at 69e5c7cc (a GeForce GT 525M, a Fermi part added from NVIDIA's 2017 table: EC215), the
    # first gain on a sealed pool after 129 measurements without one (rounds 26-37); the later
    # commits added none.
    # pool 128 (27 cases; voice cloning and TTS apps, Blender on NVIDIA GPUs): 10/21 (48%), no
    # false error; tuned: RVC's "没有发现支持的N卡", BigVGAN's custom CUDA kernel
    "heldout126": 0.57,
    # pool 129 (11 cases; frame interpolation and upscaling apps): 5/8 (63%), no false error;
    # tuned: "No module named 'tensorrt'", vkEnumerateInstanceExtensionProperties -3
    "heldout127": 0.75,
    # Round 38. Pools 130-133 were sealed at the round's start and scored once at 293127d9 (the
    # last commit of round 37).
    # pool 130 (11 cases; AI plugins of image editors, music generation): 6/8 (75%), no false
    # error; tuned: nothing added
    "heldout128": 0.75,
    # pool 131 (22 cases; local video generation, self-hosted media apps): 5/15 (33%), no false
    # error; tuned: a build script's nvcc check, "nvidia-smi no longer runs", TF's cudart notice
    # where PyTorch is named as the one that works
    "heldout129": 0.60,
    # pool 132 (23 cases; Linux distributions' NVIDIA packages, robot learning): 11/16 (69%), no
    # false error; tuned: an extension built on a torch whose torch.version.cuda is None, "no
    # CUDA-capable device" with torch and nvidia-smi said to work
    "heldout130": 0.81,
    # pool 133 (15 cases; biomolecular models, second-hand datacenter GPUs): 6/10 (60%), no false
    # error; tuned: tiny-cuda-nn without half precision, torch 0.3's "PyTorch(0.3.1)"
    "heldout131": 0.80,
    # Pools 134-136 were sealed after 405d8ac8 (the tuning on pools 130-133) and scored once at
    # 293127d9 and 405d8ac8: the same findings at both, case by case.
    # pool 134 (36 cases; speaker diarization, LLM quantization toolkits): 19/26 (73%), no false
    # error; tuned: "installing both onnxruntime and onnxruntime-gpu"
    "heldout132": 0.76,
    # pool 135 (28 cases; hosted GPU platforms, IDE and notebook setups): 11/21 (52%), no false
    # error; tuned: CUDA_VISIBLE_DEVISES, IDE wordings, "It returns False", a conda plan's change
    # row with a CPU build on its left
    "heldout133": 0.71,
    # pool 136 (28 cases; atomistic ML potentials, VTuber and body-tracking apps): 10/18 (56%),
    # no false error; tuned: "without Nvidia graphic card" beside CUDA's error 35
    "heldout134": 0.61,
    # Pools 137-139 were sealed after 9a51b5c1 (the tuning on pools 134-136) and scored once at
    # 293127d9, 405d8ac8 and 9a51b5c1: the same scores at all three (one case's finding changed
    # severity at 405d8ac8: CUDA's "no CUDA-capable device" as two warnings). Not tuned on.
    # pool 137 (29 cases; machine translation servers, local LLMs of Chinese families): 15/21
    # (71%), no false error
    "heldout135": 0.71,
    # pool 138 (23 cases; system containers and other runtimes, DirectML beside CUDA): 9/17
    # (53%), no false error
    "heldout136": 0.52,
    # pool 139 (10 cases; course and tutorial environments): 3/7 (43%), no false error
    "heldout137": 0.42,
    # Round thirty-nine. Pools 140-143 sealed and scored once at bc77875f (round 38's end), then
    # tuned on (the sealed score first, the tuned one after it):
    # pool 140 (15 cases; voice conversion, bioimage deep learning): 7/11 (64%), no false error;
    # tuned: "inline_container.cc_595]" (markdown's underscore), Windows' shared GPU memory
    "heldout138": 0.72,
    # pool 141 (23 cases; 3D perception for driving, document AI and OCR): 9/16 (56%), no false
    # error; tuned: EC216 (paddlepaddle listed without -gpu), nougat's "WARNING:root:No GPU
    # found", lspci's "Intel Corporation UHD Graphics", a UUID's "a109" no NVIDIA A-series
    "heldout139": 0.75,
    # pool 142 (33 cases; game-playing and RL agents, image restoration apps): 18/25 (72%), no
    # false error; tuned: CuPy's CUDA root, "functional_tensor)" without its closing quote
    "heldout140": 0.80,
    # pool 143 (28 cases; vision-language models, NVIDIA domain SDKs): 11/21 (52%), no false
    # error; tuned: "Support for 3.12 ?", transformers disabling an old torch, a CUDA compiler
    # said not to know the GPU's architecture
    "heldout141": 0.66,
    # Pools 144-147 were sealed before 38dbe7a5 (the tuning on pools 140-143) was committed and
    # scored once at bc77875f and 38dbe7a5: the same findings at both. Four controls got false
    # errors there (a leak's "Too many open files", three torch.compile runs on native Windows,
    # which has no Triton by design); then tuned on:
    # pool 144 (19 cases; medical imaging, LLM fine-tuning frameworks): 7/13 (54%)
    "heldout142": 0.53,
    # pool 145 (34 cases; torch.compile and Triton, Julia / R / MATLAB / JVM GPU stacks): 13/25
    # (52%); tuned: CUDA.jl's driver warning, MATLAB's "problem with the CUDA driver or with
    # this GPU device"
    "heldout143": 0.60,
    # pool 146 (20 cases; virtualised and passthrough GPUs, laptops and eGPUs): 7/14 (50%)
    "heldout144": 0.50,
    # pool 147 (15 cases; distributed launchers, molecular dynamics codes): 8/11 (73%); tuned:
    # Gloo's "Unable to find address for"
    "heldout145": 0.90,
    # Pools 148-150 were gathered after ce0623c8 (the tuning on pools 144-147) and scored once
    # at bc77875f, 38dbe7a5 and ce0623c8: the same findings at all three, case by case. Then
    # tuned on:
    # pool 148 (24 cases; Chinese model hubs and speech toolkits, chat front-ends): 9/17 (53%);
    # tuned: k2's CUDA version assert, "doesn't have builds for python 3.10"
    "heldout146": 0.64,
    # pool 149 (33 cases; recommendation training, managed notebooks): 13/24 (54%), not tuned
    "heldout147": 0.54,
    # pool 150 (10 cases; object detection training): 4/6 (67%); tuned: "error: no disk space"
    "heldout148": 0.83,
    # Round forty (its README, README-round40.md). Pools 151-154 were sealed and scored once at
    # d6f01214, before any code of the round; then tuned on (bfa22727):
    # pool 151 (13 cases; face recognition, LLM evaluation harnesses): 5/9 (56%); tuned: Keras
    # 3's "has never been called", "deploying on CPU"
    "heldout149": 0.88,
    # pool 152 (19 cases; GPU image-processing libraries, LLM pretraining codebases): 7/12
    # (58%); tuned: nvJPEG's hardware engine, Triton 3's fp8e4nv check
    "heldout150": 0.91,
    # pool 153 (13 cases; astronomy and particle physics, genomics): 7/8 (88%); tuned: EC211
    # reads TensorFlow's is_cuda_build False
    "heldout151": 1.0,
    # pool 154 (10 cases; image classification codebases, vocoders and speech enhancement):
    # 2/5 (40%); a stated pairing ("torch==2.10.0 will reject to import torchcodec>=0.11.0")
    # read later in the round
    "heldout152": 0.60,
    # Pools 155-158 were sealed before bfa22727 and scored once at d6f01214 and bfa22727: the
    # same findings at both, case by case. Then tuned on (41eec62f):
    # pool 155 (21 cases; pose estimation, RLHF trainers): 11/15 (73%); tuned: glog's "error ==
    # cudaSuccess (30/35 vs. 0)", "The nvcc binary could not be located", a stated pairing
    "heldout153": 0.86,
    # pool 156 (21 cases; state-space kernels, Ray on GPU clusters): 11/16 (69%); tuned:
    # "bare_metal_version", "Too may open files", "CUDA_HOME is None"
    "heldout154": 0.87,
    # pool 157 (24 cases; classic 2016-2020 research repos, NLP fine-tuning libraries): 13/19
    # (68%); tuned: Python < 3.8's "cannot import name", "too many files open"
    "heldout155": 0.84,
    # pool 158 (11 cases; distillation and NAS code, optimisation solvers on GPUs): 2/7 (29%);
    # tuned: k2's "built using CUDA 10.1 But you are using CUDA 10.2", __match_any_sync,
    # "_scs_gpu"; torch.__config__.show()'s architectures (a control's false warning)
    "heldout156": 0.71,
    # Pools 159-161 were gathered and sealed after 41eec62f and scored once at d6f01214,
    # bfa22727 and 41eec62f: the same findings at all three, case by case. Then tuned on
    # (8449f6fc):
    # pool 159 (16 cases; model serving, OpenMMLab's smaller toolboxes): 8/11 (73%); tuned:
    # vLLM's capability check printed as a tuple
    "heldout157": 0.81,
    # pool 160 (24 cases; CLIP training and retrieval, audio tagging): 11/17 (65%); tuned: more
    # processes than visible GPUs, a Python above a stated maximum, China's network filter
    "heldout158": 0.82,
    # pool 161 (17 cases; JAX physics and RL, graph analytics): 6/11 (55%); tuned: "not
    # supported on Pascal and older", "CUDA error 30: unknown error"
    "heldout159": 0.72,
    # Pool 162 was gathered and sealed after 5ac33144 and scored once at d6f01214, bfa22727,
    # 41eec62f, 8252df41 and 5ac33144: the same findings at all five, case by case.
    # pool 162 (8 cases; time-series foundation models): 5/6 (83%); tuned: "libcudart.so.11.0
    # was missing"
    "heldout160": 1.0,
    # Round forty-one (README-round41.md). Pools 163-166 and 168 were sealed and scored once at
    # a338b99c (the round's start) and 52a9ad10 (its hostile-paste speed-up, the same findings
    # case by case), before any reading of the round; then tuned on (a8bc77c3):
    # pool 163 (22 cases; NeRF and Gaussian splatting, probabilistic programming): 3/14 (21%);
    # tuned: JAX's "was deprecated in JAX v0.5.0 and removed in JAX v0.7.0"
    "heldout161": 0.35,
    # pool 164 (14 cases; sparse convolution, differentiable rendering): 5/10 (50%), not tuned
    "heldout162": 0.50,
    # pool 165 (26 cases; adversarial robustness, neuroimaging): 14/19 (74%), not tuned
    "heldout163": 0.73,
    # pool 166 (30 cases; drug discovery, speech recognition): 16/21 (76%); tuned: setrlimit's
    # "current limit exceeds maximum limit"
    "heldout164": 0.80,
    # pool 168 (17 cases; GPU monitoring tools, open-vocabulary detection): 3/12 (25%); tuned:
    # DCGM's profiling fields, CMake without NVML, "No such file or directory: 'nvidia-smi'",
    # lshw's driver=nouveau
    "heldout165": 0.66,
    # pool 167 (26 cases; X-ray tomography, ROS robots), sealed and scored at 52a9ad10 with the
    # others: 9/18 (50%); tuned: CMake's "Could NOT find CUDA: Found unsuitable version"
    "heldout166": 0.61,
    # Pools 169-173 were sealed after a8bc77c3 and scored once at 52a9ad10 and a8bc77c3 (the
    # same findings at both, case by case); tuned on (5a09c60d, 3e8f518e):
    # pool 169 (42 cases; CUDA-aware MPI and Horovod, continual learning): 12/31 (39%); tuned:
    # Open MPI's "Read -1, expected N, errno = 1", MPI without CUDA, pip's torch companion
    # conflicts, a Python patch release above "<=3.8", wget's connection failures
    "heldout167": 0.77,
    # pool 170 (20 cases; RAPIDS, evolutionary methods on GPUs): 5/14 (36%); tuned: a jaxlib
    # without CUDA ("no attribute 'GpuAllocatorConfig'")
    "heldout168": 0.42,
    # pool 171 (27 cases; nanopore basecalling, photogrammetry): 12/21 (57%); tuned: libcuda
    # missing on GKE, "is the CPU version"
    "heldout169": 0.76,
    # pool 172 (25 cases; GPU CI runners, Spack and HPC source builds): 8/18 (44%); tuned: a
    # hosted CI runner without a GPU, CUDA.jl's libcuda messages, and (later in the round) the
    # host compiler of a Spack spec built with CUDA
    "heldout170": 0.77,
    # pool 173 (19 cases; neural ODEs, NLP toolkits): 11/14 (79%); tuned: "only comes with the
    # CPU version of Jax"
    "heldout171": 0.85,
    # pool 174 was sealed after 3e8f518e and scored once at 52a9ad10, a8bc77c3, 5a09c60d and
    # 3e8f518e: the same findings at all four, case by case.
    # pool 174 (23 cases; protein design, learned compression): 9/17 (53%); tuned: "A100 which is
    # not compatible with CUDA 10", "[Errno 101] Network is unreachable"
    "heldout172": 0.64,
    # pool 175 was sealed after 9591c276 and scored once at 52a9ad10, a8bc77c3, 5a09c60d,
    # 3e8f518e and 9591c276: the same findings at all five, case by case.
    # pool 175 (5 cases; GPU linear algebra and HPC libraries): 1/3 (33%); tuned: scikit-cuda's
    # "cusolver library not found"
    "heldout173": 0.66,
    # Round forty-two (README-round42.md). Pools 176-179 were sealed at 5db2aa9b and scored
    # once there, before any code of the round; tuned on (2d41b752):
    # pool 176 (11 cases; GPU data loading and video decoding, interpretability and privacy):
    # 2/6 (33%); tuned: "does not work with python 3.11 yet", "no packages for Python 3.11"
    "heldout174": 0.66,
    # pool 177 (21 cases; MoE and FP8 kernels, CFD and PDE codes): 4/15 (27%); tuned: all ranks
    # on GPU 0, compute nodes without internet, a toolkit said to lack compute_89, a program's
    # own capability check, oversubscribed GPUs
    "heldout175": 0.73,
    # pool 178 (23 cases; GPU databases, hyperparameter search): 9/15 (60%), one false error (a
    # Python comparison read as CUDA_VISIBLE_DEVICES, fixed); tuned: "is -1", cc1's permission
    # error, "CC 5.2 is not supported", "installing torch with cpu support only"
    "heldout176": 0.86,
    # pool 179 (14 cases; ML compilers, Kubernetes GPU scheduling): 4/9 (44%); tuned: a node's
    # allocatable nvidia.com/gpu below its capacity
    "heldout177": 0.55,
    # Pools 180-183 were sealed after 2d41b752 and scored once at 5db2aa9b and 2d41b752 (the
    # same findings at both, case by case); tuned on (9564d6da):
    # pool 180 (22 cases; GAN custom ops, text-embedding training): 12/17 (71%); tuned: the
    # toolkit's library headers, a driver/library mismatch and a torch release without sm_37
    # said in words
    "heldout178": 0.88,
    # pool 181 (21 cases; video understanding, molecular and chemistry codes): 12/16 (75%);
    # tuned: "storage space seems to be full", "httperror 429"
    "heldout179": 0.87,
    # pool 182 (19 cases; smaller LLM inference engines, simulators): 5/13 (38%); tuned: EGL's
    # render-node permission, MuJoCo's EGL device display, PyOpenGL's platform, TVM without
    # CUDA, a driver too old said in Chinese
    "heldout180": 0.76,
    # pool 183 (35 cases; Windows-native CUDA builds, Keras 3 and TensorFlow): 6/26 (23%), one
    # false error (nvcc's missing cl.exe inside xmake's warning, fixed); tuned: Remote Desktop
    "heldout181": 0.34,
    # Pools 184-187 were sealed after 9564d6da and scored once at 5db2aa9b, 2d41b752 and
    # 9564d6da (the same findings at all three); tuned on (e3991e1d):
    # pool 186 (6 cases; GPU thermals and power, PCIe and NVLink): 0/3; tuned: the P2P samples
    # crashing, a hot GPU without a number
    "heldout182": 0.66,
    # pool 187 (10 cases; RL libraries, sequence search): 2/6 (33%); tuned: macOS dyld's missing
    # at::Tensor symbol
    "heldout183": 0.50,
    # pool 184 (17 cases; PyTorch3D and 3D ops, cryo-EM): 7/13 (54%); tuned: MSVC's AT_CHECK,
    # setuptools' "torch X is installed but torch==Y is required by {'torchvision'}"
    "heldout184": 0.69,
    # pool 185 (19 cases; GNN libraries' CUDA builds, geophysics): 6/13 (46%); tuned: an
    # extension with CUDA version 0.0, DGL's sparse library, "Expected is_sm80 to be true"
    "heldout185": 0.69,
    # pool 188 was sealed after 229e23ae and scored once at 5db2aa9b, 2d41b752, 9564d6da,
    # e3991e1d and 229e23ae: the same findings at all five, case by case.
    # pool 188 (19 cases; LibTorch C++ applications, Slurm GPU configuration): 7/15 (47%);
    # tuned: slurmd's gres.conf messages, TorchScript's argument count, cublas_device
    "heldout186": 0.73,
    # Round forty-three: pools 189-201 were sealed after 38fee67d and scored once there, before
    # any tuning (a26b83f7 then tuned on them all):
    # pool 189 (20 cases; time-series forecasting, talking heads): 11/13 (85%)
    "heldout187": 0.84,
    # pool 190 (14 cases; weather and climate ML, Segment Anything): 6/10 (60%); tuned: Python
    # support in words
    "heldout188": 0.70,
    # pool 191 (11 cases; depth and optical flow, video generation): 1/5 (20%); tuned:
    # host_config's singular "gcc version later than", a CUDA mismatch retold, CUDA's "invalid
    # texture reference"
    "heldout189": 0.80,
    # pool 192 (10 cases; spiking networks, quantum simulators): 1/6 (17%); tuned: a program's
    # table of GPU generations, CUDA-Q's GPU simulators
    "heldout190": 0.66,
    # pool 193 (11 cases; multimodal LLM fine-tuning, self-supervised pretraining): 6/7 (86%);
    # tuned: bitsandbytes' CUDA setup read as its CUDA libraries
    "heldout191": 1.00,
    # pool 194 (10 cases; medical imaging, remote sensing): 7/7 (100%)
    "heldout192": 1.00,
    # pool 195 (9 cases; anomaly detection, federated learning): 2/6 (33%); tuned: Lightning's
    # fewer visible GPUs, Python support, TensorFlow 1's CPU package
    "heldout193": 0.83,
    # pool 196 (15 cases; OCR and document AI, image restoration): 6/11 (55%); tuned: others on
    # the GPU in words, onnxruntime JS's CUDA backend
    "heldout194": 0.72,
    # pool 197 (19 cases; multi-object tracking, Deformable-DETR ops): 8/13 (62%); tuned: an
    # extension op's "invalid device function", YOLO's device index
    "heldout195": 0.76,
    # pool 198 (17 cases; gradient boosting, music and audio generation): 10/13 (77%); tuned: a
    # build's CUDA minimum, a retyped kernel image
    "heldout196": 0.92,
    # pool 199 (14 cases; knowledge-graph embeddings, tabular AutoML): 2/10 (20%); tuned: DGL's
    # "device API GPU", TensorFlow 1's CPU package, "GPU is not totally free"
    "heldout197": 0.50,
    # pool 200 (11 cases; robot-learning policies, matting): 6/7 (86%), one false error (no
    # NVIDIA driver in a run with --device cpu, now a warning); tuned: Python support
    "heldout198": 1.00,
    # pool 201 (20 cases; GPU SLAM and registration, image-to-3D): 10/15 (67%); tuned: "no
    # nvidia-smi" in a container, a wheel missing for a Python, CUDA's "invalid texture reference"
    "heldout199": 0.86,
    # pool 202 was gathered after a26b83f7 (the tuning above) and scored once at 38fee67d and
    # a26b83f7: the same findings at both, case by case.
    # pool 202 (8 cases; LLM quantization toolkits, ML interatomic potentials): 2/6 (33%);
    # tuned: torch's minor CUDA mismatch warning, an installed package's call refused
    "heldout200": 0.66,
    # Round forty-four: pools 203-216 were sealed after 43a6b408 and scored once there, before
    # any tuning (82f934de then tuned on them all):
    # pool 203 (18 cases; legacy frameworks, speech toolkits): 8/14 (57%)
    "heldout201": 0.57,
    # pool 204 (19 cases; training data loaders, human mesh recovery): 8/13 (62%); tuned:
    # processes in state D
    "heldout202": 0.69,
    # pool 205 (15 cases; point tracking, semantic segmentation): 5/11 (45%); tuned: torch.hub
    # offline
    "heldout203": 0.54,
    # pool 206 (14 cases; Stable Diffusion web UIs, LoRA trainers): 9/11 (82%); tuned: a
    # program's Python check, Python 3.11's dataclass rule
    "heldout204": 1.00,
    # pool 207 (18 cases; TTS engines, ComfyUI custom nodes): 6/13 (46%), one false error
    # (listed below); tuned: TorchCodec built for another torch
    "heldout205": 0.53,
    # pool 208 (22 cases; OpenCV with CUDA, PaddlePaddle): 13/17 (76%); tuned: OpenCV without
    # CUDA, the toolkit in CMake's "found suitable version" line
    "heldout206": 0.94,
    # pool 209 (18 cases; HPC container runtimes, Docker GPU access): 3/13 (23%); tuned:
    # "named symbol not found" at cuInit, an unknown container GPU index, TensorFlow's init
    # kernel image, an architecture number not supported
    "heldout207": 0.84,
    # pool 210 (15 cases; TensorRT builds, LLM serving engines): 8/11 (73%); tuned: a driver
    # function libcuda lacks
    "heldout208": 0.81,
    # pool 211 (13 cases; Lightning multi-GPU, accelerate / FSDP / DeepSpeed): 2/9 (22%);
    # tuned: Lightning's precision list, an import name without its closing quote
    "heldout209": 0.55,
    # pool 212 (6 cases; game-engine RL, CuPy / Numba user code): 1/1 (100%)
    "heldout210": 1.00,
    # pool 213 (11 cases; Chinese frameworks, 3D object detection): 5/7 (71%)
    "heldout211": 0.71,
    # pool 214 (18 cases; controllable text-to-image, local LLM stacks): 9/13 (69%); tuned: a
    # Python not supported in words, ggml's unknown CUDA error, a read-only
    # CUDA_VISIBLE_DEVICES
    "heldout212": 1.00,
    # pool 215 (21 cases; Detectron2 and vision repos, CUDA installs): 7/15 (47%), one false
    # error (listed below); tuned: cuDNN 7 functions cuDNN 8 removed, nvrtc's message retyped
    "heldout213": 0.60,
    # pool 216 (18 cases; Apex and Transformer Engine, cloud VMs): 5/13 (38%); tuned: a driver
    # module that does not build for a kernel
    "heldout214": 0.46,
    # pool 217 was gathered after 82f934de (the tuning above) and scored once at 43a6b408 and
    # 82f934de: the same findings at both, case by case.
    # pool 217 (8 cases; LLM fine-tuning tools): 3/6 (50%)
    "heldout215": 0.50,
    # Round forty-five: pools 218-231, each sealed whole and scored once at 09f183cd.
    # pool 218 (12 cases; CUDA out-of-memory, NCCL errors): 3/9 (33%); tuned: Accelerate's
    # message naming the 3090
    "heldout216": 0.44,
    # pool 219 (16 cases; RTX 50-series support, Xid and illegal-address faults): 4/11 (36%);
    # tuned: CTranslate2's insufficient CUDA version, a server restarting for power (in Chinese)
    "heldout217": 0.54,
    # pool 220 (22 cases; undefined symbols and C++ ABI, NVML mismatch): 7/17 (41%), one false
    # error (now a warning: a JIT-built extension not linked to curand)
    "heldout218": 0.41,
    # pool 221 (12 cases; DataLoader worker crashes, precision by GPU generation): 6/9 (67%), one
    # false error (listed below); tuned: xFormers' kernel range, a capability below a minimum
    "heldout219": 1.00,
    # pool 222 (27 cases; new Python versions, aarch64 servers): 11/19 (58%); tuned: the
    # loader's and ldd's missing libpython
    "heldout220": 0.63,
    # pool 223 (32 cases; CUDA 13 migration, NumPy 2 ABI): 7/26 (27%); tuned: cudaDeviceProp
    # fields and the cudaMemPrefetchAsync signature CUDA 13 changed, thrust names, NumPy's C API
    # version check
    "heldout221": 0.96,
    # pool 224 (16 cases; cuDNN 9 migration, Jupyter and IDE kernels): 8/13 (62%); tuned: a CUDA
    # torch or TensorFlow replaced by a CPU one, in words
    "heldout222": 0.76,
    # pool 225 (14 cases; slow training with a cause, memory growth): 0/10; tuned: a PCIe link
    # width said against x16
    "heldout223": 0.20,
    # pool 226 (18 cases; flash-attention / xFormers / SDPA, bitsandbytes): 6/13 (46%); tuned:
    # FlashAttention 1's A100-or-H100 backward
    "heldout224": 0.53,
    # pool 227 (11 cases; pip and uv CUDA wheels, CUDA container images): 2/7 (29%); tuned: not
    # compatible with the 50 series, in words
    "heldout225": 0.42,
    # pool 228 (14 cases; tensor-parallel consumer rigs, old GPUs): 4/9 (44%); tuned: a tensor
    # copied between GPUs arrives as zeros
    "heldout226": 0.66,
    # pool 229 (20 cases; Secure Boot and open kernel modules, GPU sharing): 5/14 (36%); tuned:
    # Kaldi's shared-GPU allocation, Secure Boot and the open modules in words
    "heldout227": 0.57,
    # pool 230 (13 cases; JAX installs, TensorFlow not finding the GPU): 6/9 (67%)
    "heldout228": 0.66,
    # pool 231 (8 cases; OpenAI Triton compiler errors): 1/6 (17%); tuned: Triton's unknown CUDA
    # version
    "heldout229": 0.33,
    # pool 232 was gathered while the tuning above was written and scored once at 09f183cd and
    # 6cc84921: the same findings at both, case by case.
    # pool 232 (15 cases; Windows CUDA DLL failures, conda CUDA packages): 7/12 (58%); tuned: a
    # compiler named by its path, a DLL procedure missing without the module's name, WinError
    # 127, a CUDA torch not installed in words
    "heldout230": 0.91,
    # round forty-six: pools 233-246, areas chosen by symptom (GATHERING.md), each sealed whole
    # and scored once at 4188994a before any reading; then tuned (SCORES.md). The threshold is
    # the tuned share, floored.
    # pool 233 (17 cases; Docker GPU runtime, Kubernetes GPU scheduling): 6/13 (46%), 2 FE;
    # tuned: CDI off, an image's arch requirement; the FEs: a document's driver version read as
    # the host's, a driver floor minor-version compatibility covers
    "heldout231": 0.61,
    # pool 234 (14 cases; WSL2 GPU, hybrid-graphics laptops): 3/10 (30%); tuned: a Linux driver
    # installed inside WSL, in words
    "heldout232": 0.40,
    # pool 235 (26 cases; ONNX Runtime GPU, TensorRT engines): 12/21 (57%); tuned: TensorRT
    # against its cuDNN, an engine of another release, the TensorRT 8 Python API, a versioned
    # CUDA library symbol
    "heldout233": 0.76,
    # pool 236 (13 cases; CuPy and Numba, custom CUDA op builds): 5/9 (56%), 1 FE; tuned:
    # nvJitLink older than NVVM, MSVC not found, NVRTC under a non-ASCII path; the FE:
    # DeepSpeed's accepted CUDA minor mismatch
    "heldout234": 0.88,
    # pool 237 (26 cases; host RAM exhaustion, disk and storage): 5/19 (26%), 1 FE; tuned:
    # OOMKilled, exit code 137, a .wslconfig memory cap, a noexec mount, a dropped FUSE mount;
    # the FE: the kernel's global OOM killer (now a warning)
    "heldout235": 0.78,
    # pool 238 (18 cases; CPU bottlenecks, GPU thermal and power): 0/12; tuned: CPUs said
    # oversubscribed (PyTorch's DataLoader-workers notice is information only: healthy jobs
    # print it too)
    "heldout236": 0.25,
    # pool 239 (21 cases; Linux driver installs, cloud GPU VMs): 7/17 (41%); tuned: the NVIDIA
    # module's compiler check, a kernel header gone, a module not built in words
    "heldout237": 0.82,
    # pool 240 (13 cases; Ray and Dask, Slurm and HPC): 5/9 (56%)
    "heldout238": 0.55,
    # pool 241 (18 cases; models too large, GPUs too weak for a feature): 5/12 (42%), 2 FE;
    # tuned: an arch number refused, FP4 before Blackwell, FlashAttention on V100 in words; one
    # FE listed (below), the other the global OOM killer
    "heldout239": 0.66,
    # pool 242 (22 cases; Ollama and llama.cpp, Stable Diffusion UIs): 5/16 (31%); tuned: GTX
    # 16-series half precision, a CDI spec naming an older driver's libraries
    "heldout240": 0.50,
    # pool 243 (21 cases; other frameworks' GPU installs, Jetson): 10/15 (67%); tuned: the
    # container hook called directly on Jetson
    "heldout241": 0.73,
    # pool 244 (18 cases; Lightning and accelerate devices, GPU ordering): 8/14 (57%); tuned:
    # GPU numbers against nvidia-smi's, in words
    "heldout242": 0.78,
    # pool 245 (16 cases; toolkit installs against the driver, torchvision pairing): 9/11 (82%)
    "heldout243": 0.81,
    # pool 246 (40 cases; network to data, GPU memory held by processes): 6/29 (21%), 1 FE;
    # tuned: dropped and slow downloads, a blocked network, leftover processes in words; the FE:
    # a '#' placeholder read as CUDA_VISIBLE_DEVICES
    "heldout244": 0.75,
    # pool 247 was gathered while the tuning above was written, sealed before it was committed
    # and scored once at 4188994a and 60646b38: 5/14 and 6/14 (36%, 43%).
    # pool 247 (19 cases; host memory limits and NVIDIA kernel modules, TensorRT / ONNX Runtime
    # engines and the network): tuned: killed with code 137, a kernel function the module
    # calls gone, a WSL memory cap in words, a process killed in a Docker container
    "heldout245": 0.85,
    # Round 47: pools 248-261 were each sealed whole and scored once at 7eeb7917, before any
    # code of the round (tools/corpus/score_at.sh); then tuned on their misses.
    # pool 248 (32 cases; "no kernel image" and new GPUs, old GPUs dropped from wheels): 17/24
    # (71%), 2 FE; tuned: the RTX 50 series and compute capabilities said unsupported in
    # words; the FEs: a kernel's architecture check PyTorch's own dispatch trips (a warning now)
    "heldout246": 0.83,
    # pool 249 (19 cases; CPU-only builds by mistake, TensorFlow not finding the GPU): 9/15
    # (60%); tuned: a conda plan swapping torch's CUDA build for the CPU one, TensorFlow on
    # native Windows, tensorflow installed without the gpu tag
    "heldout247": 0.86,
    # pool 250 (11 cases; JAX GPU installs, NCCL errors): 1/3 (33%); tuned: no peer access
    "heldout248": 0.66,
    # pool 251 (8 cases; shared memory limits, PCIe and interconnect): 0/4; tuned: the Plasma
    # store's /dev/shm warning
    "heldout249": 0.25,
    # pool 252 (11 cases; GPU hardware faults, CUDA out of memory): 3/8 (38%); tuned: an
    # allocator option this torch does not know, workers an interrupt leaves behind, "GPU is
    # lost" at a line's end
    "heldout250": 0.75,
    # pool 253 (29 cases; cuDNN failures, Python and OS too new or old for wheels): 13/23
    # (57%); eight misses are glibc too old for a wheel, which envcheck reads as os-setting
    # (an error) and the gatherer labelled python-unsupported (a label choice it flagged)
    "heldout251": 0.56,
    # pool 254 (28 cases; conda environments mixing CUDA packages, resolvers picking the wrong
    # torch wheel): 13/21 (62%), 2 FE; tuned: the CPU build of torchvision and the Chinese
    # "CPU version of torch" in words; FEs: a non-PyTorch package from the PyTorch index (a
    # warning now), cupy-5313 (listed below)
    "heldout252": 0.71,
    # pool 255 (14 cases; multi-node setup, GPU sharing and contention): 5/11 (45%); tuned:
    # ranks advertising the loopback address
    "heldout253": 0.54,
    # pool 256 (23 cases; LLM inference servers, bitsandbytes): 13/17 (76%)
    "heldout254": 0.76,
    # pool 257 (15 cases; training slower than expected, hardware-tied numerics): 3/10 (30%);
    # tuned: the GPU waiting for data IO, a file system said to be slow
    "heldout255": 0.50,
    # pool 258 (15 cases; xformers / flash-attention / Triton, native Windows): 7/10 (70%), 1
    # FE: torch.compile on native Windows (a warning now, as Triton's absence there)
    "heldout256": 0.70,
    # pool 259 (13 cases; virtualized GPUs, nvidia-smi and NVML errors): 4/10 (40%); tuned:
    # pynvml's "Insufficient Permissions"
    "heldout257": 0.50,
    # pool 260 (17 cases; DataLoader hangs with CUDA, hosted notebooks): 10/12 (83%); tuned:
    # workers that block in Docker and run on the physical host
    "heldout258": 0.91,
    # pool 261 (27 cases; cuBLAS and runtime errors at the first call, non-NVIDIA GPUs running
    # CUDA code): 14/21 (67%); tuned: /dev/kfd missing
    "heldout259": 0.71,
    # pool 262 was gathered while the tuning above was written, sealed before it was committed
    # and scored once at 7eeb7917 and ba9a2bbd: 0/8 at both.
    # pool 262 (11 cases; CUDA builds replaced by CPU ones, training held back by the host):
    # tuned: TensorFlow 1.15.2's CPU-only package, tensorflow-gpu replaced in words, a +cuXXX
    # build missing from the index pip reads
    "heldout260": 0.62,
    # round forty-eight, each pool scored once at 7c85c436 before the round's code; tuned at
    # 13b23804.
    # pool 263 (18 cases; Detectron2 / MMCV ops, PyG and DGL wheels): 9/14 (64%); tuned: the
    # Chinese "specified procedure could not be found" of an extension DLL
    "heldout261": 0.71,
    # pool 264 (16 cases; faster-whisper / CTranslate2, packages with prebuilt CUDA kernels)
    "heldout262": 0.81,
    # pool 265 (9 cases; XGBoost / RAPIDS, FAISS)
    "heldout263": 0.50,
    # pool 266 (11 cases; Apptainer, NGC containers)
    "heldout264": 0.83,
    # pool 267 (12 cases; conda-forge CUDA builds, Horovod and MPI)
    "heldout265": 0.57,
    # pool 268 (27 cases; YOLO / OCR / OpenCV CUDA, torch.compile's environment): 11/20 (55%);
    # tuned: no C/C++ compiler for Inductor, Apple clang without OpenMP
    "heldout266": 0.70,
    # pool 269 (13 cases; TensorRT-LLM / Triton server, GPU video decoding)
    "heldout267": 0.66,
    # pool 270 (23 cases; torch.distributed on Windows, Keras multi-GPU): 3/18 (17%); tuned:
    # the TCPStore without libuv, cuDNN RNN ops with only the CPU registered
    "heldout268": 0.50,
    # pool 271 (17 cases; ROCm, kernel logs): 4/14 (29%), 1 FE; tuned: ROCm libraries
    # missing, HIP without code objects for the gfx target, Ollama's unbuilt targets; FE: an
    # NVIDIA GPU said beside a ROCm collect_env (not this machine's now)
    "heldout269": 0.57,
    # pool 272 (17 cases; nvidia-* wheel conflicts, PTX / JIT): 7/12 (58%), 1 FE; tuned:
    # pip's conflicting nvidia-* pins; FE: untagged torchvision beside an untagged conda torch
    "heldout270": 0.66,
    # pool 273 (16 cases; monitoring output, shared tenants): 3/11 (27%); tuned: a GPU's
    # compute mode from nvidia-smi's table, Charm++'s "Return value 46"
    "heldout271": 0.45,
    # pool 274 (14 cases; transformers' environment errors, DeepSpeed offload)
    "heldout272": 0.44,
    # pool 275 was gathered while the tuning above was written (its areas chosen for the
    # round's themes: torch.compile / distributed on Windows, ROCm and TensorFlow devices),
    # sealed before it was committed and scored once at 7c85c436 and 13b23804: 7/24 and 9/24.
    # Tuned then: TensorFlow's ROCm build ignoring a gfx target outside its list
    "heldout273": 0.58,
    # pool 276 (11 cases; reinforcement-learning and robotics stacks, scientific and medical
    # tools), gathered while c0593532 was written, sealed before it was committed and scored
    # once at 7c85c436, 26a92b70 and c0593532: 7/7 at all three (no room left to gain)
    "heldout274": 1.00,
    # Round forty-nine: pools 277-288 sealed and scored once at 4f3f3d8a (56/109, 51%), then
    # tuned (7c3dfa24); the threshold is each split's share after the tuning.
    # pool 277 (12 cases; Java / .NET / LibTorch, R / Julia / Rust): 3/8 (38%); tuned: ONNX
    # Runtime's CPU library without the CUDA provider, DL4J without its cuDNN helpers
    "heldout275": 0.75,
    # pool 278 (11 cases; 3D vision and neural rendering builds, sparse convolution)
    "heldout276": 0.42,
    # pool 279 (12 cases; speech toolkits, science and biology): 2/8 (25%); tuned: nvcc in the
    # host GCC's headers, a driver in brackets before a floor, Kaldi's configure
    "heldout277": 0.62,
    # pool 280 (12 cases; recommendation / tabular stacks, video diffusion training)
    "heldout278": 0.62,
    # pool 281 (15 cases; LLM quantization kernels, ML compilers): 5/12 (42%); tuned: IREE
    # without libcuda, MLC LLM without a device
    "heldout279": 0.58,
    # pool 282 (11 cases; large-scale training frameworks, HPC centres): 6/8 (75%); tuned:
    # NCCL's wrong-type bootstrap, torch's extension message in an issue title
    "heldout280": 1.00,
    # pool 283 (14 cases; the 2016-2019 era, Chinese-language reports)
    "heldout281": 0.80,
    # pool 284 (13 cases; Japanese / Korean threads, managed ML services): 6/9 (67%), 1 FE
    # (listed below: style-bert-vits2-204)
    "heldout282": 0.66,
    # pool 285 (12 cases; GPU rental marketplaces, hardware test tools)
    "heldout283": 0.42,
    # pool 286 (15 cases; Podman / CDI / LXD, Keras 3 and TF add-ons): 4/13 (31%); tuned: CDI
    # specs missing or stale, deviceQuery's error 30, UCX's memlock advice
    "heldout284": 0.61,
    # pool 287 (12 cases; the JAX ecosystem, MLOps launchers): 4/9 (44%), 1 FE (listed below:
    # nx-1000); tuned: torch.multiprocessing.spawn's SIGBUS
    "heldout285": 0.55,
    # pool 288 (15 cases; image restoration and face tools, game-engine and simulation ML)
    "heldout286": 0.70,
    # pool 289 (20 cases; self-hosted AI apps, training data pipelines and storage), gathered
    # while 7c3dfa24 was written, sealed before it was committed and scored once at 4f3f3d8a and
    # 7c3dfa24: 4/15 and 4/15 (no gain). Tuned then: dlib's build flags, Docker Desktop on
    # Linux, Docker's AMD CDI fallback, daemon-reload in a container host, pandarallel's ENOSPC
    "heldout287": 0.60,
    # pool 290 (7 cases; DirectML and Windows GPU ML, the Container Toolkit's configuration on
    # Linux servers; 20 look-ups a gatherer, the session's last), gathered while 08720ee8 was
    # written, sealed before it was committed and scored once at 4f3f3d8a, 7c3dfa24 and
    # 08720ee8: 1/4 at all three, 1 FE (listed below: nvidia-container-toolkit-1487)
    "heldout288": 0.25,
    # Round fifty: pools 291-302 sealed and scored once at 4a164086 (71/129, 55%), then tuned
    # (e55939a5 ... 504bd742); the threshold is each split's share after the tuning.
    # pool 291 (13 cases; Nix / Spack / pixi, uv / poetry lockfiles): 5/8 (62%); tuned: a build
    # said to have dropped an old architecture
    "heldout289": 0.75,
    # pool 292 (21 cases; GPU monitoring tools, GPU virtualization): 8/16 (50%); tuned: DCGM's
    # profiling words, gpustat's NVML "Function Not Found", Secure Boot switched off
    "heldout290": 0.68,
    # pool 293 (6 cases; laptops and eGPUs, distributions' driver packaging): 3/3, 1 FE (listed
    # below: pytorch-144433)
    "heldout291": 1.00,
    # pool 294 (15 cases; medical imaging and geospatial, OCR and document AI): 6/11 (55%);
    # tuned: FlashInfer's "Architecture sm87 not supported"
    "heldout292": 0.63,
    # pool 295 (12 cases; reinforcement learning, GPU media pipelines): 1/8 (12%); tuned:
    # Chainer without CuPy
    "heldout293": 0.25,
    # pool 296 (14 cases; model servers, embeddings and vector search): 6/9 (67%); tuned:
    # TensorRT's version mismatch retold in a title
    "heldout294": 0.77,
    # pool 297 (18 cases; graph ML, ARM servers and Jetson): 9/14 (64%); tuned: GraphBolt's CPU
    # build, a pre-flight check on Docker's default runtime, pip's +cuXXX wheel on a Jetson
    "heldout295": 0.92,
    # pool 298 (22 cases; European-language threads, other languages)
    "heldout296": 0.76,
    # pool 299 (23 cases; course and lab environments, Hugging Face hosted compute): 11/17
    # (65%); tuned: CUDA.jl refusing a newer local toolkit
    "heldout297": 0.70,
    # pool 300 (8 cases; desktop LLM apps, scientific GPU computing)
    "heldout298": 0.33,
    # pool 301 (24 cases; weather and time-series models, building frameworks from source):
    # 7/18 (39%); tuned: "gcc N and up are not supported", nvcc's arity error in a cuDNN
    # wrapper header, distutils where Python 3.12+ is stated apart
    "heldout299": 0.55,
    # pool 302 (8 cases; several GPUs in one workstation, slow training with evidence): 1/5
    # (20%); tuned: a Colab Drive mount or Drive data said slow in other words
    "heldout300": 0.60,
    # pool 303 (26 cases; MATLAB / Wolfram / Go / C++ apps, Windows-native setups; 55 look-ups
    # a gatherer), gathered while e55939a5 and 5c1171fa were written, sealed before 6d49d16b
    # was committed and scored once at 4a164086, e55939a5, 5c1171fa and 6d49d16b: 10/18 at all
    # four (no gain). Tuned then: the loaded kernel module as the driver (/proc/driver/nvidia/
    # version), cuDNN 8's removed RNN descriptor calls
    "heldout301": 0.72,
    # pool 304 (23 cases; batch systems beyond Slurm, GPU jobs in CI; 35 look-ups a gatherer,
    # the session's last), gathered while 20817b93 was written (a speed-up, no finding
    # changed), sealed before it was committed and scored once at 4a164086, 504bd742 and
    # 20817b93: 11/17 at all three (no gain). Tuned then: EC430 on a GPU smaller than 4 GiB
    "heldout302": 0.70,
    # Round fifty-one: pools 305-316 sealed and scored once at 91c36694 (61/130, 47%), then
    # tuned; the threshold is each split's share after the tuning.
    # pool 305 (14 cases; robotics and driving stacks, Kubernetes GPU Operator): 4/10 (40%);
    # tuned: a GPU said to fall off the PCIe bus, the kubelet's ephemeral-storage eviction
    "heldout303": 0.60,
    # pool 306 (11 cases; IDEs and notebooks on the wrong environment, Python environment
    # managers and library paths): 4/8 (50%)
    "heldout304": 0.50,
    # pool 307 (16 cases; LLM fine-tuning toolkits, audio generation): 8/11 (73%); tuned:
    # Triton's LLVM without a warp shuffle for a Pascal GPU
    "heldout305": 0.81,
    # pool 308 (16 cases; NVIDIA vertical SDKs, cloud VMs outside the big three): 5/12 (42%);
    # tuned: NVBit's SM check, the nvidia-container-runtime program missing
    "heldout306": 0.58,
    # pool 309 (22 cases; NAS and home servers, web apps serving models): 11/17 (65%); tuned:
    # nvidia-smi's NVML sentence quoted alone
    "heldout307": 0.70,
    # pool 310 (13 cases; GPU code under systemd / cron / suspend, torch.compile and JIT
    # extensions): 5/11 (45%); tuned: cpp_extension's unknown arch read as the GPU's, Python
    # said not to support torch.compile
    "heldout308": 0.72,
    # pool 311 (21 cases; model export and conversion, HPC container runtimes): 10/16 (62%);
    # tuned: TensorRT's libnvrtc mismatch and its plan magic-tag check
    "heldout309": 0.75,
    # pool 312 (13 cases; GPU memory puzzles, consumer GPU hardware faults): 1/8 (12%)
    "heldout310": 0.12,
    # pool 313 (19 cases; CUDA code on machines without an NVIDIA GPU, distributed launchers):
    # 5/12 (42%)
    "heldout311": 0.41,
    # pool 314 (10 cases; profiler evidence of slow training, computer-vision repos): 2/7
    # (29%); tuned: ninja's nvcc path with the list's empty first entry, memory that "didn't
    # release" after a kill, NVRTC's arch error read off a screenshot
    "heldout312": 0.71,
    # pool 315 (6 cases; tabular and RAPIDS, genomics tools): 0/4; tuned: the NVIDIA installer
    # without the kernel's source
    "heldout313": 0.25,
    # pool 316 (17 cases; conda-era guides, first-time GPU setup): 6/14 (43%); tuned: Numba's
    # NVVM, CUDA-bindings and NumPy checks
    "heldout314": 0.64,
    # pool 317 (20 cases; Node.js GPU ML, automatic updates breaking GPU training; 45 look-ups
    # a gatherer), gathered while 6ec80cf9 was written, sealed before it was committed and
    # scored once at 91c36694 and 6ec80cf9: 5/15 at both (no gain). Tuned then: the NVIDIA
    # module refused for unknown symbols or said not to build after an update, nvcuda.dll said
    # missing
    "heldout315": 0.66,
    # pool 318 (23 cases; video interpolation and upscaling tools, research code pinned to old
    # CUDA; 40 look-ups a gatherer, the session's last), gathered while 6ec80cf9 was written,
    # sealed before it was committed and scored once at 91c36694 and 6ec80cf9: 13/17 at both
    # (no gain). Tuned then: nvcc's arch refusal quoted without its "Value"
    "heldout316": 0.82,
}
# False errors on healthy controls that are known and listed. Any other false error fails; an
# entry here must go when its case passes (the test checks that too).
# - tango-12-apple-m1-mps-device (heldout53): three pasted lines of "Torch not compiled with
#   CUDA enabled" from a Linux-looking path; the Apple M1 that makes it the program's call to
#   CUDA rather than a CPU-only install is only in the issue's title, which the paste lacks.
# - forge-2798-cudnn-dll-not-found-brackets-in-path (heldout72): "Could not locate
#   cudnn_ops_infer64_8.dll" alone; the reporter later found the install path's [ ] characters
#   were the cause. The same line is a missing cuDNN 8 in the corpus's 10 other cases with it.
# - pytorch-94438-cpp-extension-87-ptx-unknown-control (heldout87, at its scoring): torch's
#   cpp_extension refused "8.7+PTX" ("Unknown CUDA arch (8.7+PTX) or GPU not supported"). The
#   gatherer labels it healthy: a PyTorch bug (its arch table lacked Jetson Orin's 8.7), fixed
#   by PyTorch. The error says what the message says (this torch's build tools do not know the
#   arch) and its fix (a torch release that knows it) is the one PyTorch shipped; kept listed
#   rather than silenced, since the same message on other arch names is a real mismatch.
# - gpu4pyscf-308-libcusolver-unversioned-lookup (heldout93, at its scoring): "OSError:
#   libcusolver.so: cannot open shared object file". The gatherer labels it healthy: a
#   gpu4pyscf bug (it looked only for the unversioned name while libcusolver.so.11 was there),
#   fixed in gpu4pyscf. The same line is a missing CUDA library in the corpus's 14 other cases
#   with an unversioned CUDA library name, so it is kept listed rather than softened.
# - tts-audio-suite-9-audioop-lts-py312-control (heldout205, at its scoring): pip's "Ignored
#   the following versions that require a different python version: ... Requires-Python >=3.13"
#   for audioop-lts on Python 3.12. The gatherer labels it healthy: the suite's installer asked
#   for a backport that exists only for 3.13 (fixed in the installer). What the text states is
#   true (the package it asked for needs a newer Python), and the same lines are an unsupported
#   Python in the corpus's other cases with them, so it is listed rather than softened.
# - adelaidet-550-thc-removed-torch111 (heldout213, at its scoring): "fatal error: THC/THC.h: No
#   such file or directory" building AdelaiDet with PyTorch 1.11. The gatherer labels it
#   healthy: the project's sources were patched. The corpus labels the same error
#   framework-pairing elsewhere (an extension written for a torch before 1.11), which is what
#   the finding says; listed rather than softened.
# - clickitongue-1-open-files-leak-control (heldout219, at its scoring): "Too many open files"
#   at the end of training on macOS. The gatherer labels it healthy: the maintainer found the
#   program leaked std::random_device objects (each holding /dev/urandom open) and fixed the code.
#   The text alone is the open-files limit the corpus's 17 other cases with the line label
#   os-setting, and raising the limit is the workaround; listed rather than softened.
# - matconvnet-156-compute-21-build-script (heldout239, at its scoring): nvcc's "Unsupported gpu
#   architecture 'compute_21'" for a GTX 550 Ti. The gatherer labels it healthy: matconvnet's
#   build script derived a virtual architecture nvcc never had, and the project fixed the
#   script. The corpus labels the same line toolkit-mismatch in matconvnet-338 (CUDA 7.5),
#   which is what the finding says; listed rather than softened.
# - cupy-5313-cusparse-densetosparse-wheel-bug (heldout252, at its scoring): "symbol
#   cusparseDenseToSparse_convert version libcusparse.so.11 not defined in file libcusparse.so.11
#   with link time reference". The gatherer labels it healthy: the cupy-cuda111 wheel linked a
#   symbol CUDA 11.2 added, a CuPy bug fixed in CuPy. The library loaded is older than the one
#   the module needs, which is what the finding says; the same kind of line is a library
#   mismatch elsewhere in the corpus, so it is listed rather than softened.
# - style-bert-vits2-204-libuv-windows-torch-build (heldout282, at its scoring): "use_libuv was
#   requested but PyTorch was build without libuv support" on Windows. The gatherer labels it
#   healthy (a framework build quirk, not a driver or CUDA fault). The fix that worked in the
#   thread (USE_LIBUV=0) is the finding's own fix, and the corpus's six other cases with the
#   line label it os-setting; listed rather than softened.
# - nx-1000-cudnn-conv-algo-preallocation (heldout285, at its scoring): XLA's "Failed to
#   determine best cudnn convolution algorithm ... DNN library is not found" under Elixir Nx.
#   The gatherer labels it healthy: XLA's default memory preallocation left cuDNN no room, and
#   a lower memory_fraction fixed it. Nothing in the paste names memory; the corpus's ten other
#   cases with "DNN library is not found" are a cuDNN that does not match or load, so it is
#   listed rather than softened.
# - pytorch-144433-al2023-cusparselt-rc-control (heldout291, at its scoring): "ImportError:
#   libcusparseLt.so.0: cannot open shared object file" importing a torch 2.6.0 release
#   candidate on Amazon Linux 2023. The gatherer labels it healthy: torch's preload of its
#   pip-installed NVIDIA libraries had no entry for cusparselt under lib64, a packaging bug
#   fixed in torch. The line is what the finding says (a CUDA library that does not load);
#   nothing in the paste says whose bug it is, so it is listed rather than softened.
# - nvidia-container-toolkit-1487-rootless-regression-control (heldout288, at its scoring):
#   "nvidia-container-cli: mount error: failed to add device rules: ... bpf_prog_query(
#   BPF_CGROUP_DEVICE) failed: operation not permitted" under rootless Docker. The gatherer
#   labels it healthy: a regression of the toolkit's 1.18.0 hook, which an older toolkit does
#   not have. The line is what the finding says (a rootless container cannot get device rules),
#   and its fix (no-cgroups = true, or CDI) is the documented rootless setup; listed rather
#   than softened.
KNOWN_FALSE_ERRORS: set = {
    "pytorch-144433-al2023-cusparselt-rc-control",
    "nvidia-container-toolkit-1487-rootless-regression-control",
    "style-bert-vits2-204-libuv-windows-torch-build",
    "nx-1000-cudnn-conv-algo-preallocation",
    "tango-12-apple-m1-mps-device",
    "tts-audio-suite-9-audioop-lts-py312-control",
    "adelaidet-550-thc-removed-torch111",
    "forge-2798-cudnn-dll-not-found-brackets-in-path",
    "pytorch-94438-cpp-extension-87-ptx-unknown-control",
    "gpu4pyscf-308-libcusolver-unversioned-lookup",
    "clickitongue-1-open-files-leak-control",
    "matconvnet-156-compute-21-build-script",
    "cupy-5313-cusparse-densetosparse-wheel-bug",
}


@pytest.fixture(scope="module")
def results() -> List[Any]:
    cases = corpus_score.find_cases([CORPUS])
    assert len(cases) >= MIN_CASES, (
        f"only {len(cases)} corpus cases under {CORPUS} (need >= {MIN_CASES})"
    )
    return corpus_score.score_roots([CORPUS], workers=4)


def test_every_case_has_its_paste_and_metadata() -> None:
    import json

    cases = corpus_score.find_cases([CORPUS])
    assert len(cases) >= MIN_CASES, f"only {len(cases)} corpus cases (need >= {MIN_CASES})"
    for case in cases:
        meta = json.loads((case / "case.json").read_text())
        assert (case / "paste.txt").is_file(), case
        assert meta["split"] == case.parent.name, case
        # one source (heldout16, a blog) is served over plain http only
        assert meta["source"].startswith(("https://", "http://")), case
        assert meta["healthy"] == (meta["expect"] == []), case


def test_no_readable_paste_is_refused(results: List[Any]) -> None:
    refused = [f"{r.split}/{r.id}: {r.stderr}" for r in results if r.refused]
    assert not refused, refused


def test_no_error_on_a_healthy_control(results: List[Any]) -> None:
    wrong = [f"{r.split}/{r.id}: {r.found}" for r in results if r.false_error]
    unexpected = [w for w in wrong if w.split("/", 1)[1].split(":")[0] not in KNOWN_FALSE_ERRORS]
    assert not unexpected, unexpected
    still = {r.id for r in results if r.false_error}
    assert still == KNOWN_FALSE_ERRORS, f"fixed? remove from KNOWN_FALSE_ERRORS: {still}"


@pytest.mark.parametrize("split", sorted(THRESHOLDS))
def test_diagnosed_share(results: List[Any], split: str) -> None:
    scores = corpus_score.score(results)
    assert split in scores, f"no {split} cases in the corpus"
    share = scores[split]["diagnosed_share"]
    missed = [r.id for r in results if r.split == split and not r.healthy and not r.diagnosed]
    assert share is not None and share >= THRESHOLDS[split], (share, missed)
