"""Error messages, part 3 of 9: devices, architectures and compilers (tried after parts 1-2)."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import UPGRADE_FRAMEWORK, ErrorPattern, make

PATTERNS: List[ErrorPattern] = [
    make(
        "number-format-beyond-the-gpu",
        r"(?!x)x",  # never by itself: inferred (runtime_symptoms.format_beyond_the_gpu)
        "gpu-arch-unsupported",
        "warning",
        "the text says a number format is not supported, and names a GPU without it (bf16 and "
        "TF32 need Ampere, compute capability 8.0; FP8 needs Ada or Hopper, 8.9)",
        "On this GPU use fp16 (with loss scaling) instead of bf16, leave TF32 off, and skip FP8 "
        "recipes; or run on a GPU that has the format (bf16/TF32: A100, L4, RTX 30/40; FP8: L4, "
        "L40S, RTX 40, H100).",
    ),
    make(
        "vina-gpu-stack-overflow",
        r"(?!x)x",  # never by itself: inferred (runtime_symptoms.vina_gpu_segfault)
        "os-setting",
        "warning",
        "Vina-GPU crashed with a segmentation fault: its maintainers' known cause is a stack "
        "limit too small for it",
        "Raise the stack limit in the shell or job script before running it (`ulimit -s 8192` "
        "or `ulimit -s unlimited`; under Slurm in the sbatch script, since batch jobs get the "
        "limits of slurmd, not of your login shell).",
    ),
    make(
        # cudaErrorTooManyPeers (711): peer access is set up between more GPUs than one device
        # can map, e.g. llama.cpp enabling peer copies among 10 visible GPUs (TabbyML/tabby#1162)
        "too-many-peers",
        r"peer mapping resources exhausted|\bcudaErrorTooManyPeers\b|\bCUDA_ERROR_TOO_MANY_PEERS\b",
        "os-setting",
        "warning",
        "CUDA ran out of peer-mapping resources: peer access was enabled among more GPUs than "
        "a device can map at once",
        "Give the process at most 8 GPUs (`CUDA_VISIBLE_DEVICES=0,...,7`, or `count: 8` in "
        "Docker Compose), or turn off peer copies in the program (llama.cpp: build with "
        "GGML_CUDA_NO_PEER_COPY=ON); CUDA Runtime API, cudaErrorTooManyPeers.",
    ),
    make(
        # a program's own refusal of the GPU for a number format it needs: "Your GPU doesn't
        # support FP16" (LeelaChessZero/lc0#148: its cudnn-fp16 backend wants tensor cores, so a
        # P100 is refused)
        "gpu-refused-for-number-format",
        r"\b(?:your|this|the) (?:gpu|device|card|graphics card) (?:does not|doesn't|do not|don't) "
        r"support (?:fp16|half(?: precision)?|bf16|bfloat16|int8|fp8|tensor cores)\b",
        "gpu-arch-unsupported",
        "warning",
        "the program says this GPU lacks a number format or unit it needs (FP16, BF16, INT8, "
        "FP8, tensor cores)",
        "Use the program's backend for this GPU's formats (FP32, or FP16 without tensor cores), "
        "or a GPU with them (`nvidia-smi --query-gpu=compute_cap --format=csv`: tensor cores "
        "from 7.0, BF16 from 8.0, FP8 from 8.9).",
    ),
    make(
        # NVIDIA's CUDA samples helper (helper_cuda.h, _ConvertSMVer2Cores) knows no core count
        # for the GPU's SM version: "MapSMtoCores for SM 1.2 is undefined" (cdcseacave/openMVS#96,
        # a compute-capability 1.2 card); SM 1.x and 2.x are what no CUDA since 8.0 builds for
        "sm-1x-2x-gpu-too-old",
        r"\bMapSMtoCores for SM [12]\.\d is undefined",
        "gpu-arch-unsupported",
        "warning",
        "the GPU is compute capability 1.x or 2.x: no CUDA release since 8.0 builds for it",
        "Use a newer GPU, or a build of the program made with a CUDA toolkit of the GPU's era "
        "(8.0 or older for 2.x, older still for 1.x) and a driver of that age.",
    ),
    make(
        "jax-kernel-dso-mismatch",
        r"kernel version [\d.]+ does not match DSO version [\d.]+",
        "driver-library-mismatch",
        "error",
        "the loaded NVIDIA kernel module and the user-space driver library differ",
        "Reboot (or unload and reload the nvidia modules) so the kernel module matches the "
        "installed driver libraries, or reinstall one driver version throughout.",
    ),
    make(
        # cudaErrorMpsConnectionFailed (805) and its siblings: the job runs as an MPS client
        # (CUDA_MPS_PIPE_DIRECTORY set, or the GPU in exclusive-process mode under MPS) and
        # cannot reach the control daemon or its server
        "mps-connection-failed",
        r"MPS client failed to connect to the MPS control daemon|cudaErrorMps\w+|"
        r"CUDA_ERROR_MPS_\w+|MPS server is not ready to accept new MPS client requests|"
        r"hardware resources required to support additional MPS clients have been exhausted",
        "os-setting",
        "error",
        "the job cannot use the GPU through MPS (the MPS daemon or server is not running, or "
        "not reachable from this job)",
        "Start the MPS control daemon (`nvidia-cuda-mps-control -d`) with the same "
        "CUDA_MPS_PIPE_DIRECTORY the job sees (in a container, mount that directory and share "
        "the IPC namespace), or stop using MPS: unset CUDA_MPS_PIPE_DIRECTORY and set the GPU "
        "back to the default compute mode (`nvidia-smi -c DEFAULT`).",
    ),
    make(
        # cudaErrorDeviceNotLicensed (102): a vGPU / licensed GPU without a valid licence
        "device-not-licensed",
        r"device doesn't have valid Grid license|cudaErrorDeviceNotLicensed|"
        r"CUDA_ERROR_DEVICE_NOT_LICENSED",
        "os-setting",
        "error",
        "the GPU (a vGPU) has no valid licence, so CUDA refuses to run on it",
        "In the VM, `nvidia-smi -q | grep -i -A2 license` shows the licence state: configure "
        "the client licence token (NVIDIA License System, DLS or CLS) and restart the "
        "nvidia-gridd service.",
    ),
    make(
        "dev-nvidia-missing",
        r"(?:adding custom device|stat(?: failed)?:?|open(?: failed)?:?|mount(?:ing)?)\s*\"?"
        r"/dev/nvidia(?:\d+|ctl|-uvm(?:-tools)?|-modeset)\"?\s*:\s*no such file or directory",
        "driver-not-loaded",
        "error",
        "the NVIDIA device files (/dev/nvidia*) do not exist: the driver is not loaded",
        "Load the driver (`modprobe nvidia nvidia_uvm`; after a kernel upgrade rebuild the "
        "module with DKMS or reinstall the driver for the running kernel) and check `ls "
        "/dev/nvidia*`.",
    ),
    make(
        # the same for an AMD GPU under ROCm: Docker cannot pass /dev/kfd because the amdgpu
        # kernel driver that creates it is not loaded ("error gathering device information while
        # adding custom device "/dev/kfd": no such file or directory" on a Windows host with only
        # the HIP SDK: hydrian/stable-diffusion-webui-rocm#17, heldout259 at its scoring)
        "dev-kfd-missing",
        r"(?:adding custom device|stat(?: failed)?:?|open(?: failed)?:?)\s*\"?/dev/kfd\"?\s*:\s*"
        r"no such file or directory",
        "driver-not-loaded",
        "error",
        "the AMD GPU compute device (/dev/kfd) does not exist: the amdgpu kernel driver is not "
        "loaded",
        "ROCm needs the amdgpu kernel driver on a Linux host (`lsmod | grep amdgpu`, `ls -l "
        "/dev/kfd /dev/dri`); a Windows host's HIP SDK gives containers no /dev/kfd. envcheck "
        "judges NVIDIA GPUs: nothing else here applies to this GPU.",
    ),
    make(
        "conda-framework-python-spec",
        r"-\s*(?:tensorflow(?:-gpu)?|pytorch|torch|jax|jaxlib|keras)==[\d.]+\s*->\s*"
        r"python\[version=|"
        # the solver's "Package python conflicts for:" block under a requested python=X
        r"^[^\S\n]*Package python conflicts for:\s*$|"
        # UnsatisfiableError's own header: the package has no build for the env's Python
        r"incompatible with the existing python installation in your environment",
        "python-unsupported",
        "error",
        "conda says the framework version has no build for this Python",
        "Create the environment with a Python the framework release supports (the versions "
        "conda lists after `python[version=`), or use a newer framework release.",
    ),
    make(
        "iommu-dma-fault",
        r"DMAR: \[DMA (?:Read|Write)\] Request device \[[\da-f:.]+\] fault addr",
        "nccl-problem",
        "warning",
        "the IOMMU (DMAR) blocks device DMA: GPU peer-to-peer traffic faults",
        "With the IOMMU on, GPU peer-to-peer copies fault and collectives hang: disable it "
        "(`intel_iommu=off` or `iommu=pt` on the kernel command line) or disable PCI ACS, or "
        "run with NCCL_P2P_DISABLE=1.",
    ),
    make(
        "semlock-no-space",
        r"SemLock\b.{0,300}?No space left on device",
        "shm-too-small",
        "error",
        "multiprocessing cannot create a semaphore: /dev/shm is full or too small",
        "Raise the container's /dev/shm (`docker run --shm-size=8g` or `--ipc=host`) and "
        "check `df -h /dev/shm`.",
    ),
    make(
        "device-lacks-minimum-cc",
        # a program's own check of the device: "Device 0 does not have CUDA compute capability
        # 5.0 or greater" (neon on a Tesla K20, NervanaSystems/neon#121)
        r"\b(?:device|gpu)\s*\d*\s+(?:does not|doesn't) have\s+(?:a\s+)?(?:cuda\s+)?compute "
        r"capability (?:of\s+)?\d+\.\d+ or (?:greater|higher|newer|above|better)",
        "gpu-arch-unsupported",
        "error",
        "the program's own check says the GPU is below the compute capability it needs",
        "Use a GPU of at least the compute capability the message names (`nvidia-smi "
        "--query-gpu=name,compute_cap --format=csv`), or a release of the software that still "
        "supports this architecture.",
    ),
    make(
        "gpu-below-minimum-cc-stated",
        r"\b(?:nothing|no gpus?|no devices?|gpus?|devices?|cards?)\s+(?:with\s+)?(?:under|below|"
        r"less than|lower than|older than)\s+(?:cuda\s+)?compute(?:\s+capability)?\s*\d+\.\d"
        r"[^.\n]{0,30}?(?:can(?:not|'t)? be used|(?:is|are)(?: not|n't) supported|unsupported)|"
        # a program's own check in its words: "[ERR!] GPU Compute Capability is lower than it
        # is required" (hibagus/CUDA_Bench#3), "PG-Strom: GPU0 GeForce GTX TITAN X - CC 5.2 is
        # not supported" (heterodb/pg-strom#469; both heldout pools at their scoring); not
        # Kokkos's "compiled for compute capability 7.0 on device with compute capability 7.5
        # is not supported by CUDA!", a binary built for another architecture
        r"\bcompute capabilit(?:y|ies)\b[^.\n]{0,10}?\b(?:is|are) (?:lower|less|smaller|older) "
        r"than (?:it is |what is |the )?(?:required|minimum|needed)\b|"
        r"(?<!with )\b(?:CC|compute capability)\s*\d\.\d\s+(?:is|are) not (?:yet )?supported\b"
        r"(?! by CUDA)",
        "gpu-arch-unsupported",
        "warning",
        "the text says the GPU is below a minimum compute capability",
        "Compare the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`) with the minimum the text names; below it, use a supported GPU or a "
        "release of the software that still supports this architecture.",
    ),
    # Messages whose own reading of the GPU can be wrong (an old cudart found first reports
    # compute capability 1.0 for an RTX 3090; a llama.cpp build regression compiles for sm_52
    # only): a warning, the GPU's own facts decide.
    make(
        # the driver JIT-compiling a build's PTX at first use, minutes on a large library: the
        # build has no machine code for this GPU (faiss-wheels#54: CUDA 10 wheels on an A100)
        "ptx-jit-hang",
        r"(?:\bhangs?\b|\bhung\b|\bforever\b|\bstuck\b|\bspinning\b)[^\n]{0,80}"
        r"\blibnvidia-ptxjitcompiler|\blibnvidia-ptxjitcompiler[^\n]{0,40}(?:\bhangs?\b|\bforever\b)|"
        # minutes at the first .cuda() (pytorch/pytorch#12283: torch 0.4.1 on an RTX 2080)
        # (within one clause: "minutes to load the model, then .cuda() is instant" is not it)
        r"\b(?:takes?|took|taking)\s+[^,;\n]{0,20}?\bminutes?\b(?:(?!\.\s)[^,;\n]){0,40}?"
        r"\.cuda\(\)|\.cuda\(\)[^,;\n]{0,40}\b(?:takes?|took|taking)\b[^,;\n]{0,30}\bminutes\b",
        "gpu-arch-unsupported",
        "warning",
        "the driver is compiling the build's PTX for this GPU at first use (the build has no "
        "machine code for its architecture)",
        "Install a build compiled for this GPU's compute capability (its SASS list holds "
        "sm_XY), or wait once and keep the JIT cache (CUDA_CACHE_MAXSIZE large enough, "
        "CUDA_CACHE_PATH on a persistent disk).",
    ),
    make(
        # kmcuda: "compute capability mismatch for device 0: wanted 6.1, have 3.7", the build's
        # architecture against the GPU's (src-d/kmcuda#13: a pip build for 6.1 on a K80)
        "cc-mismatch-wanted-have",
        r"\bcompute capability mismatch\b[^\n]{0,40}?\bwanted \d{1,2}\.\d, have \d{1,2}\.\d\b",
        "gpu-arch-unsupported",
        "error",
        "the library was built for another compute capability than this GPU's",
        "Rebuild the library for this GPU's compute capability (kmcuda: `-DCUDA_ARCH=37` for "
        "3.7, as its message says) or install a build that carries it.",
    ),
    make(
        "ptx-files-missing-for-gpu",
        r"installation is missing the necessary PTX files",
        "gpu-arch-unsupported",
        "error",
        "the library has no code for this GPU's architecture (RAPIDS: missing PTX)",
        "RAPIDS (cuDF, cuML) builds only for the architectures its release notes list (Pascal "
        "or newer, later Volta or newer): use a supported GPU or a release that still builds "
        "for this one.",
    ),
    make(
        # torch.utils.cpp_extension's warning for a system toolkit of another CUDA minor: "The
        # detected CUDA version (11.5) has a minor version mismatch with the version that was
        # used to compile PyTorch (11.7). Most likely this shouldn't be a problem." Python
        # echoes the warn call's source line after it, which survives a cut message:
        # "warnings.warn(CUDA_MISMATCH_WARN.format(cuda_str_version, torch.version.cuda))"
        # (AutoGPTQ/AutoGPTQ#197, heldout200 at its scoring: nvcc 11.5 failing the build)
        "cuda-minor-version-mismatch-warned",
        r"\bThe detected CUDA version \([\d.]+\) has a minor version mismatch|"
        r"\bwarnings\.warn\(CUDA_MISMATCH_WARN\b",
        "toolkit-mismatch",
        "warning",
        "PyTorch warned that the CUDA toolkit building the extension is another minor release "
        "than the one PyTorch was built with",
        "Builds often work across minor releases; where this one fails, build with the toolkit "
        "of PyTorch's own CUDA (`python -c 'import torch; print(torch.version.cuda)'`; "
        "CUDA_HOME and PATH at that toolkit; a distribution's nvcc in /usr/bin can shadow it).",
    ),
    make(
        # PyTorch Lightning sees fewer GPUs than asked, but some: "You requested gpu: [0, 1] /
        # But your machine only has: [0]" (NVIDIA/NVFlare#3360, heldout193 at its scoring: the
        # simulator's GPU setting limited the process to one). An empty list is a CPU build or
        # no driver, which other readings cover.
        "lightning-fewer-gpus-visible",
        r"\bBut your machine only has:\s*\[\s*\d[\d,\s]*\]",
        "os-setting",
        "warning",
        "the process sees fewer GPUs than the run asks for (CUDA_VISIBLE_DEVICES, the "
        "scheduler's or launcher's GPU setting), or the machine has fewer",
        "Compare `nvidia-smi -L` with what the process sees (`python -c 'import torch; "
        "print(torch.cuda.device_count())'`, CUDA_VISIBLE_DEVICES in its environment); give the "
        "job as many GPUs as it requests (--gres / --gpus, the launcher's GPU list), or request "
        "only the GPUs it has (devices=N).",
    ),
    make(
        # YOLOv5-style select_device() exports CUDA_VISIBLE_DEVICES=<device> before asking CUDA:
        # an index past the machine's GPUs hides them all ("AssertionError: CUDA unavailable,
        # invalid device 6 requested", JackWoo0831/Yolov7-tracker#125, heldout195 at its
        # scoring). Index 0 says nothing of the kind.
        "yolo-device-index-hides-gpus",
        r"\bCUDA unavailable, invalid device [1-9]\d* requested",
        "os-setting",
        "warning",
        "the run asked for a GPU index the program exports as CUDA_VISIBLE_DEVICES; if the "
        "machine has fewer GPUs than that, none is visible",
        "Pass a device index the machine has (`--device 0`; `nvidia-smi -L` lists them), or "
        "none to let the program choose; if the index exists, CUDA itself is not usable here "
        "(`python -c 'import torch; print(torch.cuda.is_available())'` without the option).",
    ),
    make(
        # a program's own table of GPU generations without this one: "Error: unsupported CUDA
        # device major version: 6" (genn-team/genn#136, heldout190 at its scoring: GeNN 2.2.2 on
        # a Pascal GTX 1080, newer than the release knew)
        "unsupported-cuda-device-version",
        r"\bunsupported CUDA device (?:major |minor )?version\b",
        "gpu-arch-unsupported",
        "warning",
        "the program does not know this GPU's compute capability (a GPU newer, or older, than "
        "its release supports)",
        "Use a release of the program that supports this GPU generation (its changelog names the "
        "compute capabilities), or a GPU of a generation it knows.",
    ),
    make(
        "not-compiled-for-gpu-arch",
        r"not compiled for (?:the |this )?gpu architecture \d+",
        "gpu-arch-unsupported",
        "error",
        "the program was not compiled for this GPU's architecture",
        "Use a build compiled for this GPU's compute capability (or build it from source with "
        "that architecture); a CUDA toolkit that dropped the architecture cannot produce one.",
    ),
    make(
        # a compiled PyTorch extension op printing CUDA's error itself ("error in
        # ms_deformable_im2col_cuda: invalid device function", "error in
        # modulated_deformable_col2im_coord_cuda: ..."): in the corpus the cause was most often
        # the extension built with a CUDA toolkit other than PyTorch's (fundamentalvision/
        # Deformable-DETR#70, heldout195 at its scoring; DB#31, NLSPN#6), less often built
        # without this GPU's architecture
        "extension-op-invalid-device-function",
        r"\berror in \w+: invalid device function",
        "toolkit-mismatch",
        "warning",
        "a compiled extension op has no kernel this GPU can run: built with a CUDA toolkit other "
        "than PyTorch's, or without this GPU's architecture",
        "Rebuild the extension with the CUDA toolkit of PyTorch's CUDA (`python -c 'import "
        "torch; print(torch.version.cuda)'`; CUDA_HOME and PATH at that toolkit) and "
        "TORCH_CUDA_ARCH_LIST including this GPU's compute capability, after removing its old "
        "build (build/, *.so); or install the prebuilt package for this torch and CUDA.",
    ),
    make(
        # cudaErrorInvalidTexture: a kernel's texture reference that the loaded module does not
        # hold, most often because the binary has no code for this GPU (an RTX 2070 with a
        # CUDA_ARCH_BIN of "30 35 50 52 61", mp3guy/ElasticFusion#190, heldout199; an RTX
        # 3090 with a torch of sm_75 at most, v-iashin/video_features#13, heldout189; each at
        # its scoring), once a driver too old for the build (cdcseacave/openMVS#1081)
        "invalid-texture-reference",
        r"\binvalid texture reference\b|\bcudaErrorInvalidTexture\b",
        "gpu-arch-unsupported",
        "warning",
        "a kernel's texture reference is not in the loaded code: most often the binary has no "
        "code for this GPU's architecture (or a driver too old for its PTX)",
        "Check that the build lists this GPU's compute capability (`nvidia-smi --query-gpu="
        "name,compute_cap --format=csv`; CUDA_ARCH_BIN, CMAKE_CUDA_ARCHITECTURES, "
        "TORCH_CUDA_ARCH_LIST or the framework's `torch.cuda.get_arch_list()`) and rebuild or "
        "install one that does; if it does, update the driver.",
    ),
    make(
        "invalid-device-function",
        r"invalid device function|cudaErrorInvalidDeviceFunction|cuda runtime error \(8\)",
        "gpu-arch-unsupported",
        "warning",
        "a kernel has no code for this GPU ('invalid device function')",
        "The binary (framework wheel, extension) was not compiled for this GPU's architecture "
        "and has no PTX the driver can compile for it: install a build that lists the GPU's "
        "sm_XY, or rebuild with TORCH_CUDA_ARCH_LIST including its compute capability.",
    ),
    make(
        "nvrtc-unsupported-arch",
        r"nvrtc: error: invalid value for --gpu-architecture|"
        # retyped: "nvrtc: error: invalid value for -- gpu architecture (- arch)"
        r"nvrtc: error: invalid value for ?-- ?gpu[- ]architecture|"
        # read off a screenshot, spaces lost and letters changed: "RuntimeError:nvrte:error:
        # invalid value for -gpu-architecture (-arch)" (round fifty-one's sealed maskdino-111,
        # missed at its scoring)
        r"\bnvrt[ce]\s*:\s*error\s*:\s*invalid value for\s*-{1,2}\s*gpu-architecture\b|"
        r"NVRTC_ERROR_INVALID_OPTION[^\n]{0,80}?(?:arch|gpu-architecture)",
        "gpu-arch-unsupported",
        "error",
        "the runtime compiler (NVRTC) the program ships is older than this GPU's architecture",
        "Use a build or image whose CUDA (and NVRTC) knows the GPU (Blackwell needs CUDA 12.8 or "
        "newer); the host driver alone cannot fix an old NVRTC inside the image.",
    ),
    make(
        # ptxas refusing an instruction the target architecture lacks: bf16 conversions and the
        # m16n8k16 tensor-core MMA need sm_80 ("Feature '.bf16' requires .target sm_80 or
        # higher": Triton kernels compiled for an older GPU, Joluck/RWKV-PEFT#60; AWQ's GEMM
        # on a T4, mit-han-lab/VILA#45)
        "ptxas-feature-needs-newer-target",
        r"'[^'\n]{1,40}' requires \.target sm_\d+ or higher",
        "gpu-arch-unsupported",
        "error",
        "a kernel uses an instruction the target GPU architecture does not have (ptxas: "
        "'requires .target sm_XY or higher')",
        "Run it on a GPU of that compute capability or newer, or use the library's path for "
        "older GPUs (float16 or float32 instead of bfloat16, a release that still supports this "
        "GPU). Where the GPU is new enough, the build targets an older architecture: set "
        "TORCH_CUDA_ARCH_LIST (or -arch) to the GPU's own compute capability.",
    ),
    make(
        "no-nvidia-gpu-stated",
        r"\b(?:only (?:have|has) an?|using an?|i have an?|with an?)\s+(?:integrated\s+)?"
        r"(?:intel|amd)\b[^.\n]{0,30}?\b(?:gpu|graphics)\b|"
        r"\b(?:don't|do not|doesn't|does not|dont|doesnt) have (?:an? |any )?nvidia "
        r"(?:gpus?|graphics cards?|cards?|video cards?)\b|"
        # "I have a GPU but is Intel and not Nvidia" (facebookresearch/fairseq-lua#40)
        r"\b(?:gpu|graphics(?: card)?)\b[^.\n]{0,20}?\b(?:is|are)\s+(?:an?\s+)?(?:intel|amd)\b"
        r"[^.\n]{0,12}?\bnot\s+(?:an?\s+)?nvidia\b",
        "driver-not-loaded",
        "warning",
        "the text says the machine has no NVIDIA GPU",
        "CUDA builds need an NVIDIA GPU and driver: on a machine with an Intel or AMD GPU only, "
        "install the CPU build (or the framework's DirectML / ROCm / XPU build) instead.",
    ),
    make(
        "ggml-no-device-code",
        r"has no device code compatible with CUDA arch \d+",
        "gpu-arch-unsupported",
        "warning",
        "the llama.cpp / ggml build has no kernels for this GPU's architecture",
        "Rebuild llama.cpp (or the package bundling it: llama-cpp-python, ollama) with the GPU's "
        "architecture (CMAKE_CUDA_ARCHITECTURES=86 for an RTX 30xx), or install a build made "
        "for it; the message's 'compiled for' list names what the build has.",
    ),
    make(
        "gpu-too-old-detected",
        r"CUDA GPU is too old|GPU is too old\W{0,3}\s*(?:Falling back|Compute Capability detected)",
        "gpu-arch-unsupported",
        "warning",
        "the program found the GPU's compute capability below its minimum and uses the CPU",
        "Check the GPU's real compute capability (`nvidia-smi --query-gpu=compute_cap "
        "--format=csv`): if it is below the program's minimum, use a build that supports it or "
        "another GPU; if the detected value is wrong (1.0), the program loaded a foreign cudart "
        "(e.g. PhysX's) - remove it from PATH or upgrade the program.",
    ),
    make(
        "no-kernel-image",
        r"no kernel image is available for execution|"
        # retyped with its typos: "no kernal image is available for excution" (jantic/DeOldify#362)
        r"no kern[ae]l image is available for ex[ce]{1,2}ution|"
        # "no kermal image is available for execution" (CorentinJ/Real-Time-Voice-Cloning#673,
        # heldout196 at its scoring)
        r"no ker[mn][ae]l image is available for ex[ce]{1,2}ution|"
        # the words swapped: "No image kernel is available for excution on the device"
        # (YukeWang96/QGTC_PPoPP22#1)
        r"no image kern[ae]l is available for ex[ce]{1,2}ution|"
        r"(?:CUDA )?kernel image (?:is )?not available for|"
        r"cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU|"
        # the same driver error through Rust's CUDA crates (cust, rustacuda): Cuda(NoBinaryForGpu)
        r"\bNoBinaryForGpu\b",
        "gpu-arch-unsupported",
        "error",
        "no kernel image for this GPU in the installed build",
        UPGRADE_FRAMEWORK,
    ),
    make(
        # the same, retold in a title or a sentence: "fails to load model ... CUDA kernel image
        # error" (the message itself in a screenshot)
        "no-kernel-image-retold",
        r"\b(?:cuda )?kernel image (?:error|issue|problem)s?\b",
        "gpu-arch-unsupported",
        "warning",
        "the text speaks of a CUDA 'kernel image' error: the build has no kernels for this GPU",
        UPGRADE_FRAMEWORK,
    ),
    make(
        # accelerate refuses bf16 where torch is older than 1.10 or the GPU has no bf16
        # (before Ampere: T4, V100): "bf16 mixed precision requires PyTorch >= 1.10 and a
        # supported device."
        "bf16-unsupported-device",
        r"bf16 mixed precision requires PyTorch >= 1\.10 and a supported device",
        "gpu-arch-unsupported",
        "warning",
        "bf16 was asked for on a GPU without bf16 (before Ampere) or with a torch older than 1.10",
        "Use fp16 (or fp32) mixed precision on GPUs before Ampere (compute capability < 8.0: "
        "T4, V100, RTX 20xx); bf16 needs an A100 / RTX 30xx or newer and torch >= 1.10.",
    ),
    make(
        # xFormers lists why each attention operator refused the inputs; FlashAttention's
        # reason is the GPU: "`flshattF` is not supported because: requires a GPU with compute
        # capability > 7.5", "requires device with capability > (8, 0) but your GPU has
        # capability (7, 0) (too old)". One reason among several (another operator may have
        # failed on dtype or shape): a warning. Not FlashAttention-3's "> (9, 0)", listed on
        # every GPU before Hopper.
        "xformers-op-needs-newer-gpu",
        r"requires a GPU with compute capability > \d\.\d|"
        r"requires device with capability > \([0-8], \d\) but your GPU has capability "
        r"\(\d+, \d\) \(too old\)",
        "gpu-arch-unsupported",
        "warning",
        "xFormers says an attention operator (FlashAttention) needs a newer GPU than this one",
        "On GPUs before Ampere (V100, T4, RTX 20xx) use xFormers' cutlass operator or PyTorch's "
        "SDPA instead of FlashAttention (e.g. attn_implementation='sdpa', or pass "
        "op=MemoryEfficientAttentionCutlassOp); `python -m xformers.info` lists what this GPU "
        "supports.",
    ),
    make(
        # a build (or an old CMake's FindCUDA) asking for the cublas_device library, which newer
        # toolkits no longer ship: "CUDA_cublas_device_LIBRARY (ADVANCED) linked by target
        # "THC"" set to NOTFOUND with CUDA 10 (torch/torch7#1170, heldout186 at its scoring;
        # CMake stopped looking for it: gitlab.kitware.com/cmake/cmake/merge_requests/2296)
        "cublas-device-library-missing",
        r"\bCUDA_cublas_device_LIBRARY\b",
        "toolkit-mismatch",
        "warning",
        "the build asks for CUDA's cublas_device library, which newer CUDA toolkits no longer "
        "ship: the build (or its CMake) is older than the toolkit",
        "Build with the older CUDA toolkit the project supports, or a release of the project "
        "and of CMake that no longer asks for cublas_device.",
    ),
    make(
        # the toolkit's age told in words: "CUDA toolkit is 11.5, which doesn't support
        # compute_89 (H100) or compute_90" (kvcache-ai/ktransformers#2098, heldout175 at its
        # scoring), "I am using CUDA 6.5 right now, and it does not support sm52"
        "toolkit-stated-lacks-arch",
        r"\b(?:cuda|nvcc|toolkit)\b[^\n]{0,40}?\b(?:does not|doesn['’]?t|do not|don['’]?t|cannot|"
        r"can['’]?t|could not|couldn['’]?t|did not|didn['’]?t) (?:yet )?(?:support|compile for|"
        r"build for|know|generate code for|target)\s+(?:the\s+)?(?:compute_|sm_|sm ?)"
        r"\d{2,3}[af]?\b",
        "toolkit-mismatch",
        "warning",
        "the text says the CUDA toolkit is too old for the GPU architecture the build asks for",
        "Build with a CUDA toolkit that knows the architecture (sm_89/sm_90 need CUDA >= 11.8, "
        "Blackwell >= 12.8: NVIDIA's CUDA release notes), or leave that architecture out of "
        "the build's list (TORCH_CUDA_ARCH_LIST, CMAKE_CUDA_ARCHITECTURES).",
    ),
    make(
        # the same of a framework release: "Pytorch 1.7 did not support sm_37 for Kepler based
        # GPUs (i.e. Tesla K80). But 1.8 does." (NVlabs/stylegan2-ada-pytorch#96, heldout178 at
        # its scoring)
        "framework-stated-lacks-arch",
        r"\b(?:py)?torch\s*v?\d+(?:\.\d+)*\b[^.\n]{0,20}?\b(?:does not|doesn['’]?t|did not|"
        r"didn['’]?t|no longer|do not|don['’]?t) (?:yet )?(?:supports?|have|has|include|ship|"
        r"contain)\s+(?:kernels for\s+)?(?:the\s+)?(?:sm_?|compute_)\d{2,3}\b",
        "gpu-arch-unsupported",
        "warning",
        "the text says the framework release has no kernels for the GPU's architecture",
        "Use a framework release built for the GPU's architecture (`python -c 'import torch; "
        "print(torch.cuda.get_arch_list())'` lists this build's), or a GPU the release "
        "supports.",
    ),
    make(
        # the text says a build does not support the GPU's architecture by its number: "Oskar
        # 2.8.3 does not support cuda arch 9.0 required for Grace Hopper GPUs" (the Karabo
        # image, i4Ds/Karabo-Pipeline#673), "does not support SM 7.0 or later"
        "arch-number-not-supported-stated",
        r"\b(?:does not|doesn't|did not|didn't|do not|don't|cannot|can't|not)\s+supports?\s+"
        r"(?:the\s+)?(?:cuda\s+)?(?:arch(?:itecture)?s?|compute capability|sm)[_ ]?\d|"
        # the RTX 50 series (Blackwell, sm_120) named instead of its number: "The dependencies
        # install torch 2.6 which is not compatible with 50 series GPUs" (nari-labs/dia#146,
        # heldout225 at its scoring), "tensorrt is not compatible with 50 series"
        r"\b(?:not|isn['’]t|aren['’]t) (?:compatible|supported) (?:with|on|for) (?:the |my |these "
        r"|nvidia |geforce |new |newer )*(?:RTX\s*)?50(?:xx|x0)?[- ]?series\b|"
        # the same said of the software: "ComfyUI does not support the 50XX series"
        # (Comfy-Org/ComfyUI#7816, heldout246 at its scoring)
        r"\b(?:does not|doesn['’]t|do not|don['’]t)\s+support\s+(?:the\s+)?"
        r"(?:nvidia\s+|geforce\s+)?(?:RTX\s*)?50(?:xx|x0)?[- ]?series\b|"
        # and of the GPU: "my GPU doesn't support the latest compute capabilities (it only
        # supports 61)" (LykosAI/StabilityMatrix#1268: a cu128 torch on a GTX 1060, heldout246)
        r"\b(?:gpu|card)\b[^.\n]{0,20}?\b(?:does not|doesn['’]t|do not|don['’]t)\s+support\s+"
        r"(?:the\s+)?(?:latest|newer?|required|current)\s+compute\s+capabilit(?:y|ies)\b|"
        # "is my Blackwell GPU is too new for this?" (camenduru/TostUI#15, heldout246)
        r"\b(?:blackwell|rtx\s*50[6789]0)\b(?:\s+gpus?)?\s+(?:is|are)\s+too\s+new\b",
        "gpu-arch-unsupported",
        "warning",
        "the text says a build does not support the GPU's architecture (compute capability)",
        "Compare the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`) with the architectures the build lists; install a release built for it "
        "or rebuild with it (CMAKE_CUDA_ARCHITECTURES / TORCH_CUDA_ARCH_LIST / -arch=sm_XY).",
    ),
    make(
        "kernel-built-for-another-sm",
        # CUTLASS-based kernels (xFormers, flash-attention builds, ONNX Runtime contrib ops):
        # "FATAL: this function is for sm80, but was built for sm750" - the binary was compiled
        # for another architecture than this GPU's
        r"\bthis function is for sm_?\d+\s*,?\s*but was built for sm_?\d+|"
        # xFormers names the kernel and its range: "FATAL: kernel
        # `fmha_cutlassF_f32_aligned_64x64_rf_sm80` is for sm80-sm100, but was built for sm50"
        # (mosaicml/diffusion#56, facebookresearch/xformers#1045, heldout219 at its scoring)
        r"\bkernel\s+`?\w+`?\s+is for sm_?\d+(?:-sm_?\d+)?\s*,?\s*but was built for sm_?\d+",
        "gpu-arch-unsupported",
        "error",
        "a kernel compiled for another GPU architecture than this GPU's",
        UPGRADE_FRAMEWORK,
    ),
    make(
        # nvcc asked for an architecture no NVIDIA GPU has ("Unsupported gpu architecture
        # 'compute_71'", a typo in OpenPose's own CMake list: CMU-Perceptual-Computing-Lab/
        # openpose#1087, a control of heldout67; 'compute_92', mini-caffe's detection that
        # took CUDA 9.2 for an architecture: luoyetx/mini-caffe#94): the build's list is
        # wrong, not the toolkit's age.
        # The real compute capabilities: NVIDIA's CUDA GPUs table, with 88, 101, 103, 110 and
        # 121 of the CUDA 12.9 / 13 compilers.
        "nvcc-arch-not-a-gpu",
        r"Unsupported gpu architecture '(?:compute|sm)_(?!(?:1[0-3]|2[01]|3[0257]|5[023]|"
        r"6[012]|7[025]|8[06-9]|90|10[013]|110|12[01])[af]?')\d+[af]?'",
        "toolkit-mismatch",
        "warning",
        "the build asks nvcc for a GPU architecture that does not exist: its architecture list "
        "is wrong (a typo, or its detection misread the toolkit or the GPU)",
        "Correct the architecture list of the build (CMake's CUDA_ARCH_BIN / "
        "CMAKE_CUDA_ARCHITECTURES, TORCH_CUDA_ARCH_LIST, the Makefile's -gencode flags) to the "
        "GPU's compute capability (`nvidia-smi --query-gpu=compute_cap --format=csv`).",
    ),
    make(
        "nvcc-unsupported-arch",
        # (not an empty one, 'compute_': the build's own variable was empty, as a Makefile that
        # reads ccap=75 given CCAP=7.5: Telariust/VanitySearch-bitcrack#20, a control)
        r"nvcc fatal\s*:\s*Unsupported gpu architecture(?! '(?:compute|sm)_')|"
        r"Unsupported gpu architecture '(?:compute|sm)_\d+a?'",
        "toolkit-mismatch",
        "error",
        "the CUDA compiler is too old for this GPU architecture",
        "Build extensions with a CUDA toolkit that supports the GPU (Blackwell needs CUDA "
        ">= 12.8), or set TORCH_CUDA_ARCH_LIST to architectures this nvcc knows.",
    ),
    make(
        "llvm-unknown-gpu-arch",
        # LLVM's NVPTX back end inside a JIT (Taichi, an LLVM-based compiler) that predates
        # the GPU: "'sm_86' is not a recognized processor for this target (ignoring
        # processor)", then CUDA_ERROR_INVALID_PTX when the driver loads what it made
        r"'sm_\d+' is not a recognized processor for this target",
        "gpu-arch-unsupported",
        "error",
        "the framework's bundled LLVM compiler does not know this GPU's architecture",
        "Upgrade the framework (or the compiler it bundles) to a release that supports this "
        "GPU; the release notes name the first one with its architecture.",
    ),
    make(
        "cuda-version-mismatch-extension",
        # (retyped or wrapped text doubles a space: "used to compile  PyTorch")
        # (the sentence cut after "compile" in a retelling: SilongYong/SQA3D#10; the raw
        # template with its arguments after it, "(%s) ... to compilePyTorch (%s).', '11.3',
        # '12.8'": circleLZY/JL1-CD#5)
        # (an issue title drops "The detected": "... cuda:11.8.0-devel-ubuntu20.04 - CUDA version
        # (11.8) mismatches the version that was used to compile PyTorch (12.1)",
        # mistralai/mistral-inference#54, heldout280 at its scoring)
        r"(?:\bThe detected )?\bCUDA version \((?:[\d.]+|%s)\) mismatches the version that was "
        r"used to\s*compile(?:\s*PyTorch|\b)|"
        # an issue title's shortening: "always show install error CUDA version (11.7)
        # mismatches" (state-spaces/mamba#679)
        r"\b(?:detected |install error )CUDA version \(\d+\.\d+\) mismatches[^\S\n]*(?:\n|$)",
        "toolkit-mismatch",
        "error",
        "the system nvcc does not match the CUDA PyTorch was built with",
        "Point CUDA_HOME at a toolkit with the same major.minor as torch.version.cuda, or "
        "install the torch build matching the system toolkit.",
    ),
    make(
        "nvcc-unsupported-host-compiler",
        r"unsupported GNU version! gcc versions later than \d+ are not supported|"
        # torch.utils.cpp_extension: "The current installed version of g++ (10.2.1) is greater
        # than the maximum required version by CUDA 11.3 (10.0.0)"; the compiler as a path:
        # ".../envs/icg_cuda113/bin/x86_64-conda-linux-gnu-c++ (11.2.0)" (renezurbruegg/icg_net#3,
        # heldout230 at its scoring)
        r"\bThe current installed version of \S*?(?:g\+\+|gcc|c\+\+|clang\+*) \([\d.]+\) is "
        r"greater than "
        r"the maximum required version by CUDA|"
        r"\bgcc versions? later than \d+(?:\.\d+)? (?:are|is) not supported|"
        # CUDA 5-7's host_config.h ("unsupported GNU version! gcc 4.9 and up are not
        # supported!"), retold: "gcc 4.10 and up are not supported for the required cuda
        # toolkit" (tensorflow/tensorflow#8, heldout299 at its scoring)
        r"\bgcc \d+(?:\.\d+)* and (?:up|above|later|newer) (?:are|is) not supported\b|"
        # retold: "Currently CUDA doesn't support gcc versions later than 8"
        r"\b(?:cuda|nvcc)\b[^.\n]{0,20}?(?:doesn'?t|does not|do not|don'?t|won'?t) support gcc"
        r"(?: versions?)? (?:later|newer|greater|higher) than \d+|"
        r"unsupported (?:clang|Microsoft Visual Studio) version|"
        # CUDA's host_config.h for Intel's compiler: "unsupported ICC configuration! Only ICC
        # 15.0, ... and ICC 19.0 on Linux x86_64 are supported!"
        r"unsupported ICC configuration!|"
        # Kaldi's configure: "CUDA 9_1 does not support g++ (g++-7). You need g++ < 7.0."
        r"\bCUDA \d+[_.]\d+ does not support (?:g\+\+|gcc|c\+\+)(?!\w)|"
        # retold: "the GCC version (14) is too new for NVCC"
        r"\b(?:gcc|g\+\+)\b[^.\n]{0,30}?\btoo new for (?:nvcc|cuda)\b",
        "toolkit-mismatch",
        "error",
        "the host C++ compiler is newer than this CUDA toolkit supports",
        "Build with a gcc this nvcc supports (e.g. `CC=gcc-11 CXX=g++-11`, or `conda install "
        "gxx=11`), or use a newer CUDA toolkit.",
    ),
    make(
        # MATLAB's mexcuda compiles with the CUDA toolkit of its release and accepts only the
        # host compilers MathWorks lists for it: "Warning: The selected C++ compiler is not
        # supported for CUDA compilation. Searching for a supported compiler."
        "mexcuda-compiler-unsupported",
        r"The selected C\+\+ compiler is not supported for CUDA compilation",
        "toolkit-mismatch",
        "warning",
        "MATLAB's mexcuda cannot use the selected C++ compiler with its release's CUDA toolkit",
        "Use the CUDA toolkit version and a host compiler that MathWorks lists for this MATLAB "
        "release (its 'GPU Computing Requirements' and 'Supported Compilers' pages): install that "
        "Visual Studio / gcc, pick it with `mex -setup C++`, and point MW_NVCC_PATH at that "
        "toolkit's nvcc.",
    ),
    make(
        # a Vulkan ray-tracing program on a device without the extensions: "VkDevice extensions
        # are NOT supported: VK_KHR_ray_tracing_pipeline" (vs-shirokii/gzdoom-rt#37, an RX 580),
        # "Missing physical device extension: VK_KHR_pipeline_library" (haosulab/SAPIEN#74, a GTX
        # 1050): NVIDIA exposes them on RTX GPUs only, AMD from the RX 6000 series; a driver too
        # old for the extension says the same: a warning
        "vulkan-ray-tracing-extension-missing",
        r"(?!x)x",  # never by itself: inferred (runtime_symptoms.vulkan_ray_tracing_missing)
        "gpu-arch-unsupported",
        "warning",
        "the Vulkan device lacks the ray-tracing extensions: a GPU without ray-tracing hardware, "
        "or a driver too old to expose them",
        "Check the GPU has ray-tracing hardware (NVIDIA RTX 20 series or newer, AMD RX 6000 or "
        "newer) and that its driver is recent enough to expose VK_KHR_ray_tracing_pipeline "
        "(`vulkaninfo | grep ray_tracing`); otherwise run the program on such a GPU.",
    ),
    make(
        # CUDA's stream-ordered allocator refused: "cudaDeviceGetDefaultMemPool(&memPool,
        # device): operation not supported" in a VM on a vGPU profile (NVIDIA/ChatRTX#49),
        # where memory pools are not available
        "cuda-mempool-not-supported",
        r"cudaDeviceGetDefaultMemPool[^\n]{0,80}?operation not s ?upported|"
        r"cudaMallocAsync[^\n]{0,80}?operation not s ?upported",
        "os-setting",
        "warning",
        "CUDA's memory pools are not supported in this configuration (a vGPU profile or VM, or "
        "a GPU mode without them)",
        "Run on a bare-metal GPU or a passthrough GPU (not a vGPU profile) where the program "
        "needs cudaMallocAsync memory pools, or turn them off where the program allows it "
        "(PyTorch: PYTORCH_CUDA_ALLOC_CONF=backend:native; ComfyUI: --disable-cuda-malloc).",
    ),
    make(
        # a program's GPU DLL that Windows cannot load: "Unable to load DLL
        # 'x64\\yolo_cpp_dll_gpu.dll': The specified module could not be found", "x64\\
        # yolo_cpp_dll_gpu.dll not found" (AlturosDestinations/Alturos.Yolo#6, #26): the file is
        # there, but a CUDA or cuDNN DLL it links (cudnn64_7.dll, cudart64_100.dll) is not
        "windows-gpu-dll-dependency-missing",
        r"\bUnable to load DLL '[^'\n]{0,80}?(?:gpu|cuda)[^'\n]{0,40}?\.dll'|"
        r"\b\w*_(?:gpu|cuda)\.dll\b[^.\n]{0,20}?\bnot found\b",
        "cuda-libs-mismatch",
        "warning",
        "Windows cannot load a program's GPU DLL: a CUDA or cuDNN DLL it links is missing or of "
        "another version",
        "List the DLL's dependencies (Dependency Walker, or `dumpbin /dependents`), install the "
        "CUDA and cuDNN versions they name (cudart64_100.dll is CUDA 10.0, cudnn64_7.dll cuDNN "
        "7) and put their bin directories on PATH or next to the program.",
    ),
    make(
        # MATLAB's Parallel Computing Toolbox cannot load the NVIDIA driver's CUDA library:
        # "The CUDA driver could not be loaded. The library name used was 'nvcuda.dll'" (an AMD
        # or Intel card, or no NVIDIA driver; chenjoya/Vehicle_Detection_Recognition#4)
        "matlab-cuda-driver-not-loaded",
        r"The CUDA driver could not be loaded\. The library name used was "
        r"'(?:nvcuda\.dll|libcuda\.so[\d.]*|libcuda\.dylib)'",
        "driver-not-loaded",
        "error",
        "MATLAB found no NVIDIA driver to load (nvcuda.dll / libcuda.so)",
        "Check that the machine has an NVIDIA GPU with its driver installed (`nvidia-smi`); "
        "MATLAB's GPU functions need an NVIDIA card and driver (on another GPU, set the "
        "training to the CPU: trainingOptions(..., 'ExecutionEnvironment', 'cpu')).",
    ),
    make(
        # MatConvNet's MEX files built without GPU support reject gpuArray inputs: "An input is
        # not a numeric array (or GPU support not compiled)." (ignaciorlando/
        # red-lesion-detection#4); the same words also answer a wrong input type: a warning
        "matconvnet-gpu-not-compiled",
        r"\(or GPU support not compiled\)",
        "cpu-only-build",
        "warning",
        "MatConvNet says its MEX files may be compiled without GPU support",
        "Recompile MatConvNet with GPU support, vl_compilenn('enableGpu', true, 'cudaRoot', "
        "'/usr/local/cuda'), then run vl_setupnn and check gpuDevice in MATLAB.",
    ),
    make(
        "host-compiler-below-floor",
        # a build's own floor: CV-CUDA's "Must use gcc>=11.1 to compile CV-CUDA, you're using
        # GNU-9.3.0" (printed only when the compiler CMake picked is below it)
        r"\bmust use (?:gcc|g\+\+)\s*>=\s*\d+(?:\.\d+)* to compile\b[^\n]{0,80}?you'?re using "
        r"(?:GNU|gcc)[- ]?\d",
        "toolkit-mismatch",
        "error",
        "the host compiler the build picked is older than the project needs",
        "Point the build at a newer compiler (`CC=gcc-11 CXX=g++-11`, or `update-alternatives` "
        "for both gcc and g++) and clear the CMake cache: CMake keeps the compiler it found "
        "first.",
    ),
    make(
        "hyperv-gpu-partition-policy",
        # Hyper-V GPU partitioning refused by policy: "Could not allocate partitionable GPU device
        # ... that is not compliant with currently set group policy. See
        # HyperV\\RequireSecureDeviceAssignment" (jamesstringer90/Easy-GPU-PV#125)
        r"\bpartitionable GPU device\b[^\n]*|\bnot compliant with currently set group policy\b|"
        r"\bRequire(?:Secure|Supported)DeviceAssignment\b",
        "os-setting",
        "error",
        "Hyper-V's group policy refuses to assign the partitioned GPU to the VM",
        "Set the host's Hyper-V policies RequireSecureDeviceAssignment and "
        "RequireSupportedDeviceAssignment to 0 (HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows\\"
        "HyperV), then start the VM again.",
    ),
    make(
        "vfio-iommu-group-not-viable",
        # VFIO passthrough with another function of the GPU's IOMMU group (its HDMI audio) bound
        # to a host driver: "Please ensure all devices within the iommu_group are bound to their
        # vfio bus driver" (NVIDIA/kubevirt-gpu-device-plugin#27), "group 1 is not viable"
        r"\bensure all devices within the iommu_group are bound to their vfio bus driver\b|"
        r"\bgroup \d+ is not viable\b",
        "os-setting",
        "error",
        "a device in the GPU's IOMMU group (often its HDMI audio function) is bound to a host "
        "driver, not vfio-pci, so the group cannot be passed through",
        "Bind every function of the group to vfio-pci (`lspci -nnk -s 01:00` lists them; add both "
        "IDs to `vfio-pci.ids=` or use driverctl), then start the VM again.",
    ),
    make(
        "nvml-memory-info-not-permitted",
        # NVML's NVML_ERROR_NO_PERMISSION reading a device's memory: on a MIG node the device
        # plugin needs NVIDIA_MIG_MONITOR_DEVICES=all (NVIDIA/k8s-device-plugin#399, spelled
        # "Insufficient Pemmissions" there)
        r"\b(?:device memory info|memory info|mig)\b[^\n]{0,120}"
        r"\binsufficient\s+pe\w{0,3}missions?\b",
        "os-setting",
        "warning",
        "NVML refuses to read the GPU's memory: the process lacks the permission (on a MIG node, "
        "the MIG monitor capability)",
        "Give the process the capability: for the k8s device plugin or a monitoring container "
        "on MIG set `NVIDIA_MIG_MONITOR_DEVICES=all` (and run it privileged); otherwise run it as "
        "a user allowed to access /dev/nvidia*.",
    ),
]
