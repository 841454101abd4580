"""Error messages, part 1 of 9 (tried first): the GPU architecture missing from a build, and
build- or package-specific messages that must win over the general driver and library ones."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import DRIVER_OLD, UPGRADE_FRAMEWORK, ErrorPattern, make

# llama-cpp-python's `pip install` compiles llama.cpp for the CPU unless told otherwise
# (its README, "Supported Backends": CMAKE_ARGS="-DGGML_CUDA=on"; before 0.2.77
# -DLLAMA_CUBLAS=on)
LLAMA_CPP_CUDA_BUILD = (
    'Reinstall with the CUDA back end: `CMAKE_ARGS="-DGGML_CUDA=on" pip install '
    "--force-reinstall --no-cache-dir llama-cpp-python` (the CUDA toolkit's nvcc on PATH; "
    "before 0.2.77 `-DLLAMA_CUBLAS=on`), or a prebuilt CUDA wheel from the project's cuXXX "
    "index; the load log must then show `ggml_cuda_init` and CUDA0 buffers."
)

# the packages whose missing names import-name-missing reads as a version pairing
_IMPORTED_FROM = (
    r"torch|torchvision|torchaudio|transformers|huggingface_hub|diffusers|accelerate|peft|keras|"
    r"tensorflow|cumm|spconv|mmcv|mmengine|xformers|triton|jax|jaxlib|numpy"
)

PATTERNS: List[ErrorPattern] = [
    make(
        # Kaldi's src/configure knows each CUDA release by name and stops at one it does not:
        # "Unsupported CUDA_VERSION (CUDA_VERSION=10_0), please report it to Kaldi mailing list"
        # (a checkout older than the CUDA 10 toolkit: kaldi-asr/kaldi#3016, heldout277 at its
        # scoring)
        "kaldi-configure-unknown-cuda",
        r"\bUnsupported CUDA_VERSION \(CUDA_VERSION=\d+_\d+\)",
        "toolkit-mismatch",
        "error",
        "Kaldi's configure does not know this CUDA toolkit release",
        "Update the Kaldi checkout (`git pull`; newer src/configure files know newer CUDA "
        "releases), or point configure at a CUDA toolkit this checkout lists (`./configure "
        "--cudatk-dir=/usr/local/cuda-X.Y`).",
    ),
    # before the extension and torch-companion patterns (table_libraries), whose words DGL's
    # message also has: DGL's TensorDispatcher finds no tensor adapter built for the installed
    # torch ("TensorDispatcher: dlopen failed: .../libtensoradapter_pytorch_1.9.1.so: cannot open
    # shared object file", "... libtorch_cuda.so ..."). The adapter is optional: DGL runs without
    # it, more slowly (dmlc/dgl#3377's maintainer; HannesStark/EquiBind#12 timed it the same),
    # so the pairing is a warning; downgrading torch to a release DGL shipped an adapter for
    # removes it (HannesStark/EquiBind#8). heldout63 at its scoring had two controls with it.
    # a package's own check of the framework release, with both its bounds and what it found:
    # "ImportError: Kaolin requires PyTorch >=1.6.0, <=1.13.0, but found version 1.13.1 instead"
    # (NVIDIAGameWorks/kaolin#694)
    make(
        # DeePMD-kit's training summary on a GPU node that its build cannot use: "computing
        # device: cpu:0 ... CUDA_VISIBLE_DEVICES: 0,1,2,3 ... Count of visible GPU: 0"
        # (deepmodeling/deepmd-kit#2169: the CPU build variant installed)
        "deepmd-no-visible-gpu",
        r"DEEPMD INFO\s+Count of visible GPU:\s*0\b",
        "cpu-only-build",
        "warning",
        "DeePMD-kit sees no GPU: its CPU build variant is installed (or no driver is reachable)",
        "Install DeePMD-kit's GPU variant (the conda package's `*cuda*` build, `pip install "
        "deepmd-kit[gpu,cu12]`, or the GPU offline package) and check `nvidia-smi` on the node; "
        "the summary's `computing device` must then name gpu:0.",
    ),
    make(
        # Bend / HVM installed before the CUDA toolkit: "CUDA runtime not available! If you've
        # installed CUDA and nvcc after HVM, please reinstall HVM." (HigherOrderCO/Bend#532)
        "hvm-built-without-cuda",
        r"If you've installed CUDA and nvcc after HVM, please reinstall HVM",
        "cpu-only-build",
        "error",
        "HVM (Bend's runtime) was built without CUDA: nvcc was not there when it was installed",
        "Install the CUDA toolkit (nvcc on PATH: `nvcc --version`), then reinstall HVM (`cargo "
        "install hvm --force`) so it compiles its CUDA runtime.",
    ),
    make(
        # HVM's CUDA runtime needs more shared memory (L1) per SM than GPUs before Ampere have:
        # "Failed to launch kernels. Error code: invalid argument." (HigherOrderCO/HVM1#383,
        # Bend#715; Bend's FAQ)
        "hvm-kernel-launch-failed",
        r"Failed to launch kernels\.(?:\s*Error code: invalid argument)?",
        "gpu-arch-unsupported",
        "warning",
        "HVM (Bend's runtime) could not launch its CUDA kernels: they need more shared memory per "
        "SM than this GPU has",
        "Bend's CUDA back end needs a GPU with large shared memory per SM (Ampere or newer, e.g. "
        "RTX 30/40, A100); on older GPUs use `bend run-c` (CPU, multithreaded).",
    ),
    make(
        # the cudarc crate's build script knows only the toolkits of its release: "Unsupported
        # cuda toolkit version: `12050`" (huggingface/candle#2210)
        "cudarc-unsupported-toolkit",
        r"Unsupported cuda toolkit version: `?\d{4,5}`?",
        "toolkit-mismatch",
        "error",
        "the cudarc crate (candle, mistral.rs ...) does not know this CUDA toolkit release",
        "Update cudarc (`cargo update -p cudarc`, or the crate that pins it) to a release that "
        "lists the toolkit, pick its version with a cudarc feature (e.g. `cuda-12040`), or "
        "point CUDA_ROOT at a toolkit it supports.",
    ),
    make(
        # CUDA 13 changed cuCtxCreate (now cuCtxCreate_v4, with a parameters argument): code
        # written for CUDA 12 no longer compiles (diku-dk/futhark#2327)
        "cuctxcreate-v4-signature",
        r"too few arguments to function [‘'\"`]?cuCtxCreate_v4",
        "toolkit-mismatch",
        "error",
        "the code calls cuCtxCreate as CUDA 12 defined it, but the CUDA 13 toolkit's headers "
        "changed it: the toolkit is newer than the program supports",
        "Use a CUDA 12.x toolkit for this program (CUDA_HOME / PATH), or a program release "
        "that supports CUDA 13.",
    ),
    make(
        # Sunshine built without CUDA (some distribution packages) cannot convert frames for
        # NVENC: "Error: Couldn't scale frame: Invalid argument" (LizardByte/Sunshine#5309)
        "sunshine-nvenc-scale-failed",
        r"Couldn't scale frame: Invalid argument",
        "cpu-only-build",
        "warning",
        "Sunshine could not scale the frame for NVENC: a Sunshine build without CUDA support",
        "Install Sunshine's own build (LizardByte's release or AUR package, built with CUDA) "
        "instead of a distribution package built without it; its log then shows NVENC in use.",
    ),
    make(
        # OpenCV before 3.4 does not know the NPP libraries CUDA 9 split nppi into: CMake's
        # "CUDA_nppi_LIBRARY (ADVANCED)" NOTFOUND, or the link step's "cannot find
        # -lopencv_dep_nppial" (opencv/opencv#14502, #12575; Kitware/fletch#280)
        "opencv-npp-split-cuda9",
        r"\bCUDA_nppi_LIBRARY\b|cannot find -lopencv_dep_nppi\w+",
        "toolkit-mismatch",
        "error",
        "this OpenCV release predates CUDA 9's split NPP libraries (nppi*): it cannot build with "
        "this CUDA toolkit",
        "Build OpenCV 3.4 or later with CUDA 9+, or keep the old OpenCV with the CUDA 8 (or "
        "older) toolkit it was written for.",
    ),
    make(
        # OpenCV without its CUDA modules: PyPI's opencv-python wheels are built without CUDA
        # (opencv/opencv-python#71), so cv2.cuda is missing; retold: "I need to install a
        # version of cv2 with support for cuda" (Breakthrough/DVR-Scan#129)
        "opencv-without-cuda-modules",
        r"\bmodule 'cv2' has no attribute 'cuda'|\bcv2\.cuda is not (?:exposed|available)\b|"
        r"\b(?:need|needs|requires?|required)\b[^.\n]{0,30}?\b(?:version|build) of (?:cv2|opencv)\b"
        r"[^.\n]{0,30}?\bwith (?:support for )?cuda\b",
        "cpu-only-build",
        "warning",
        "the installed OpenCV is built without CUDA (PyPI's opencv-python wheels have no CUDA "
        "modules)",
        "Build OpenCV with CUDA (WITH_CUDA=ON, the contrib modules, CUDA_ARCH_BIN for this GPU) "
        "and install it in place of the opencv-python wheels (uninstall every opencv-python* "
        "package first), or use a prebuilt CUDA OpenCV for this CUDA and Python; "
        "`cv2.cuda.getCudaEnabledDeviceCount()` must then be above 0.",
    ),
    make(
        # Lightning refuses a precision string its release does not know ("bf16-true",
        # "16-mixed" came with later releases): the code was written for another Lightning
        # (Lightning-AI/lit-llama#447, Lightning-AI/lit-gpt#241)
        "lightning-precision-unknown-to-release",
        r"\bPrecision '[\w-]+' is invalid\. Allowed precision values\b",
        "framework-pairing",
        "warning",
        "the code passes a Lightning precision setting the installed Lightning release does not "
        "know: it was written for another Lightning release",
        "Install the Lightning release the project pins (its requirements file), or pass one "
        "of the values the message lists as allowed.",
    ),
    make(
        # TorchCodec's library built for another torch: "Could not load libtorchcodec ...
        # libtorchcodec_core8.so: undefined symbol: torch_from_blob" (RVC-Boss/GPT-SoVITS#2789)
        "torchcodec-built-for-other-torch",
        r"\blibtorchcodec\w*\.so[.\d]*: undefined symbol\b",
        "framework-pairing",
        "warning",
        "TorchCodec's library does not load against the installed torch (undefined symbol): "
        "the torchcodec release was built for another torch",
        "Install the torchcodec release that TorchCodec's version table pairs with the "
        "installed torch, from the same index (CPU or cuXXX) as torch.",
    ),
    make(
        "package-requires-other-framework-release",
        r"\brequires (?:PyTorch|torch|TensorFlow|jax|jaxlib)\s*(?:version\s*)?[<>=~!]=?\s*v?\d"
        r"[^\n]{0,60}?,?\s*but (?:found|got|you have|detected) (?:version\s*)?v?\d",
        "framework-pairing",
        "error",
        "a package refuses the installed framework release: it was made for a range of "
        "releases this one is outside",
        "Install a framework release inside the range the message names (e.g. `pip install "
        "'torch==<X>'` with the matching torchvision), or a release of the package made for the "
        "installed framework (its install page pairs them).",
    ),
    # ...the same check of another library it is paired with: xformers' "ImportError: Requires
    # Flash-Attention version >=2.7.1,<=2.7.4 but got 2.8.0.post2." (facebookresearch/
    # xformers#1267, huggingface/diffusers#11805)
    make(
        "package-requires-other-library-release",
        r"\bRequires [A-Za-z][\w.-]{1,40} version\s*[<>=~!]=?\s*v?\d[^\n]{0,60}?\s*"
        r"but (?:found|got) (?:version\s*)?v?\d",
        "framework-pairing",
        "error",
        "a library refuses the installed release of a library it is paired with: that release is "
        "outside the range it accepts",
        "Install a release of the named library inside the range the message gives (e.g. `pip "
        "install 'flash-attn>=2.7.1,<=2.7.4'`), or a release of the refusing library made for "
        "the installed one (a newer xformers accepts newer flash-attn).",
    ),
    # the pairing said in a sentence: "Current keras release does not support TensorFlow 1.x"
    # (stardist/stardist#65: Keras 2.4 dropped TensorFlow 1)
    make(
        "package-drops-framework-release-stated",
        r"\b(?:keras|torchvision|torchaudio|torchtext|tensorflow[-_]addons|tensorflow[-_]probability|"
        r"xformers|flash[-_]attn|jaxlib|flax|optax)\b(?:\s+\w+){0,2}\s+(?:does not|doesn't|do not|"
        r"don't|no longer|not)\s+supports?\s+(?:tensorflow|tf|pytorch|torch|jax)\s*v?\d",
        "framework-pairing",
        "warning",
        "the text says a library release does not support the framework release in use",
        "Install the library's last release that supports this framework release (its release "
        "notes or install page pair them, e.g. `pip install 'keras<2.4'` for TensorFlow 1), or "
        "move the framework to a release the library supports.",
    ),
    # CMake's FindCUDA arch selection (select_compute_arch.cmake, copied into many projects)
    # knows only the architectures of its time: a newer GPU stops the configure step (k2-fsa/
    # k2#1344: "Unknown CUDA Architecture Name 12.1(2.0)" on a GB10)
    make(
        "cmake-cuda-arch-unknown",
        r"\bUnknown CUDA Architecture Name \S{1,20} in CUDA_SELECT_NVCC_ARCH_FLAGS\b",
        "gpu-arch-unsupported",
        "warning",
        "the build's CMake arch selection predates this GPU's architecture",
        "Name the architecture yourself (`-DCMAKE_CUDA_ARCHITECTURES=<XY>`, `CUDA_ARCH_BIN` / "
        "`TORCH_CUDA_ARCH_LIST`, or the project's arch option) with a CUDA toolkit that knows "
        "it, or update the project (its cmake module) to a release that lists the GPU.",
    ),
    # Triton's code generation has no bf16 conversions below compute capability 8.0 (Ampere):
    # "Unsupported conversion from bf16 to f16" on GTX 1080s (Tractables/pyjuice#20). On a GPU
    # with bf16 the message means something else (inferences.bf16_on_a_capable_gpu)
    make(
        "triton-bf16-below-ampere",
        r"\bUnsupported conversion from bf16 to f(?:16|32)\b",
        "gpu-arch-unsupported",
        "warning",
        "Triton cannot convert bf16 on this GPU: its bf16 code needs compute capability 8.0 "
        "(Ampere) or newer",
        "Run the model in float16 or float32 on this GPU (the program's dtype option), or use "
        "a GPU of compute capability 8.0 or newer.",
    ),
    # LLVM's NVPTX backend selected warp shuffles (shfl.sync) only from sm_70 when Triton
    # compiled for Pascal ("on targets between SM30 and SM70", llvm/llvm-project#90421, read
    # 2026-12-08; Triton's own fix for Pascal, triton-lang/triton#3875, came in May 2024). Both
    # corpus cases with the line are GTX 1080s: Tractables/pyjuice#20 and round fifty-one's
    # sealed unsloth-512 (missed at its scoring)
    make(
        "triton-shfl-sync-not-selected",
        r"\bLLVM ERROR: Cannot select: intrinsic %llvm\.nvvm\.shfl\.sync\b",
        "gpu-arch-unsupported",
        "warning",
        "Triton could not compile a kernel for this GPU's architecture (its LLVM has no warp "
        "shuffle for it: Pascal and older GPUs with the Triton releases before mid-2024)",
        "On a GPU below compute capability 7.0 turn off the Triton path (torch.compile, the "
        "library's Triton kernels) or use a newer GPU; on a newer GPU install the Triton release "
        "paired with your torch (`pip show triton`), which knows its architecture.",
    ),
    make(
        "dgl-tensor-adapter-missing",
        r"\bTensorDispatcher: dlopen failed\b|\bCannot load Tensor adapter\b|"
        r"\blibtensoradapter_pytorch_\d[\w.]*\.so\b[^\n]{0,60}?"
        r"(?:not found|No such file|cannot open)",
        "framework-pairing",
        "warning",
        "DGL has no tensor adapter for the installed torch release (optional: DGL runs without "
        "it, more slowly)",
        "Install the DGL build made for this torch (the DGL install page pairs them: `pip install "
        "dgl -f https://data.dgl.ai/wheels/torch-<X.Y>/cu<XYZ>/repo.html`) or the torch release "
        "the DGL build has an adapter for; if the job runs, the message alone can be ignored.",
    ),
    # before the driver's "PTX built by a newer CUDA" (table_driver): the same words from the
    # ptxas on PATH ("ptxas add_kernel.ptx, line 5; fatal", "ptxas returned an error") mean a
    # toolkit too old for the PTX; the driver's own JIT says "ptxas application ptx input"
    make(
        "ptxas-older-than-ptx",
        r"\bptxas(?:/nvdisasm)?(?! application ptx input)\b[^\n]{0,200}?\bUnsupported \.version "
        r"\d+\.\d+; current version is '\d+\.\d+'",
        "toolkit-mismatch",
        "error",
        "the ptxas on PATH is older than the PTX it is asked to assemble",
        "`which ptxas` and `ptxas --version` show which toolkit is first on PATH: put the CUDA "
        "toolkit the PTX was made for first (or remove the old one from PATH), or point the "
        "program at a newer ptxas (TRITON_PTXAS_PATH for Triton, XLA_FLAGS="
        "--xla_gpu_cuda_data_dir for XLA).",
    ),
    make(
        "nvlink-older-than-input",
        # XLA (jax) linking with the system toolkit's nvlink: "nvlink fatal : Input file
        # '/tmp/...cubin' newer than toolkit (118 vs 114)" - cubins from CUDA 11.8 wheels, the
        # nvlink of a CUDA 11.4 toolkit first on PATH
        r"\bnvlink fatal\s*:\s*Input file\b[^\n]{0,300}?\bnewer than toolkit \(\d+ vs ?\d+\)",
        "toolkit-mismatch",
        "error",
        "the nvlink on PATH (the system CUDA toolkit) is older than the code it links",
        "Put a CUDA toolkit at least as new as the framework's CUDA first on PATH (`which nvlink "
        "ptxas`), or remove the old one from PATH so the framework uses the tools its wheels "
        "bring (jax: the nvidia-cuda-nvcc wheel).",
    ),
    make(
        # XLA's own floor for the ptxas it runs (jax/TF): an older toolkit first on PATH or
        # in the CUDA data dir it searches
        "xla-ptxas-too-old",
        r"XLA requires ptxas version \d+(?:\.\d+)* or higher",
        "toolkit-mismatch",
        "error",
        "the ptxas XLA found is older than the one it needs",
        "Let XLA use the ptxas of the CUDA wheels it was built for (`pip install -U "
        '"jax[cuda12]"` brings nvidia-cuda-nvcc) and remove the older toolkit from PATH, or '
        "point XLA at a new enough toolkit (`XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/"
        "cuda-12.x`); `ptxas --version` shows the one found first.",
    ),
    make(
        # a compiled module and the C++ runtime loaded with it from different GCCs: a std::
        # symbol of another ABI ("undefined symbol: _ZNSt15__exception_ptr13exception_ptr
        # 9_M_addrefEv", fixed by rebuilding with the intended CC/CXX); a libstdc++ older than
        # the build's ("version `GLIBCXX_3.4.30' not found") is glibc-too-old's
        "libstdcxx-abi-mismatch",
        r"undefined symbol:\s*_ZN(?:K?St|9__gnu_cxx)\w+",
        "toolkit-mismatch",
        "warning",
        "a compiled module needs another C++ runtime (libstdc++) than the one loaded: built with "
        "another GCC",
        "Rebuild the module with the GCC whose libstdc++ is loaded at run time (`export CC=gcc-N "
        "CXX=g++-N`), or put a libstdc++ at least as new as the build's first on the path (in a "
        "conda env: `conda install -c conda-forge libstdcxx-ng`); `strings "
        "$(g++ -print-file-name=libstdc++.so.6) | grep GLIBCXX` lists what one provides.",
    ),
    make(
        # NCCL's point-to-point calls came with NCCL 2.7 (NCCL's API docs, "Point To Point
        # Communication Functions": "(Since NCCL 2.7)"; the 2.7.3 release notes: "Added support
        # for send/receive operations"): code that calls them builds or links only against
        # NCCL 2.7 or newer (laekov/fastmoe#16: NCCL 2408)
        "nccl-send-recv-missing",
        r"identifier \"?ncclSend\"? is undefined|identifier \"?ncclRecv\"? is undefined|"
        r"'ncclSend' was not declared|'ncclRecv' was not declared|"
        r"undefined (?:symbol|reference to)\W{0,3}nccl(?:Send|Recv)\b",
        "nccl-problem",
        "error",
        "the NCCL in use predates ncclSend / ncclRecv (they came with NCCL 2.7)",
        'Build against NCCL 2.7 or newer (`python -c "import torch; '
        'print(torch.cuda.nccl.version())"` shows the one torch bundles; point NCCL_HOME / '
        "the include path at a newer NCCL, or upgrade torch to a release built with one).",
    ),
    make(
        # nvcc finds no atomicAdd overload for the operand type at the architecture it compiles
        # for: the CUDA C++ Programming Guide gives double atomicAdd to compute capability 6.x
        # and higher, __half to 7.x, __nv_bfloat16 to 8.x; below (an old GPU, or nvcc's default
        # arch when no -arch / TORCH_CUDA_ARCH_LIST is given) the call has no match
        # (torch-points3d/torch-points3d#349, johnsmith0031/alpaca_lora_4bit#5 on a P40)
        "atomicadd-overload-missing-for-arch",
        r"no instance of overloaded function \"atomicAdd\" matches the argument list",
        "gpu-arch-unsupported",
        "warning",
        "the build compiles for an architecture below what its atomicAdd needs (double: "
        "compute capability 6.0, half: 7.0, bfloat16: 8.0)",
        'Compile for the GPU\'s own architecture (`TORCH_CUDA_ARCH_LIST="6.1"` or `-arch=sm_XY`, '
        "from `nvidia-smi --query-gpu=compute_cap --format=csv`); if the GPU is older than the "
        "operand type needs, use the project's variant for older GPUs (a float or CAS-loop "
        "atomicAdd).",
    ),
    make(
        # CMake asked for a CUDA C++ standard the nvcc it found cannot compile: "Target
        # "sirius_extension" requires the language dialect "CUDA20". The current compiler
        # "NVIDIA" does not support this" (sirius-db/sirius#148: C++20 needs CUDA 12.0's nvcc)
        "cmake-cuda-dialect-unsupported",
        r"requires the language dialect \"CUDA\d\d\"\W{0,3}\s*The current compiler \"NVIDIA\" "
        r"does not support this",
        "toolkit-mismatch",
        "error",
        "the CUDA toolkit's nvcc is older than the C++ standard the project compiles with",
        "Build with a newer CUDA toolkit (C++20 needs nvcc from CUDA 12.0; C++17 from 11.0): "
        "point CMAKE_CUDA_COMPILER / CUDA_HOME at it (`nvcc --version` shows the one found).",
    ),
    make(
        # nvcc on code that names a CUDA library's constant or function the installed headers
        # lack: CUSPARSE_SPMV_CSR_ALG2 before CUDA 11.2's cuSPARSE, cudaBindTexture after CUDA
        # 12 removed texture references; the code was written for another toolkit
        "cuda-api-identifier-undefined",
        r"error:\s*identifier\s+\"(?:cu(?:sparse|blas(?:lt)?|fft|rand|solver|da|b)|nvjpeg|"
        r"nccl|nvtx|__nv_)\w*\"\s+is undefined",
        "toolkit-mismatch",
        "warning",
        "the code uses a CUDA API the installed toolkit's headers do not have (written for a "
        "newer toolkit, or one the installed toolkit removed)",
        "Build with the CUDA toolkit the project names (its README or CMake minimum; `nvcc "
        "--version` shows the one used), or the project release written for your toolkit.",
    ),
    make(
        # CUDA.jl 2.x checking a local toolkit it was not made for: "CUDA.jl does not yet support
        # CUDA with nvdisasm 11.2.135" (CUDA 11.2 Update 1 with CUDA.jl 2.6.1:
        # JuliaGPU/CUDA.jl#715, heldout297 at its scoring)
        "cudajl-toolkit-too-new",
        r"\bCUDA\.jl does not (?:yet )?support CUDA with \w+ \d+\.\d+",
        "toolkit-mismatch",
        "warning",
        "the local CUDA toolkit is newer than this CUDA.jl release supports",
        "Let CUDA.jl use the CUDA artifacts it downloads (do not point it at the local toolkit: "
        "JULIA_CUDA_USE_BINARYBUILDER / CUDA.set_runtime_version!), or upgrade CUDA.jl to a "
        "release that supports this toolkit.",
    ),
    make(
        "nvcc-not-installed-toolkit",
        r"(?!x)x",  # never by itself: inferred (installs.nvcc_not_the_installed_toolkit)
        "toolkit-mismatch",
        "warning",
        "the text says one CUDA toolkit was installed and nvcc reports another: the nvcc first on "
        "PATH belongs to another toolkit",
        "`which -a nvcc` lists every nvcc on PATH (an apt nvidia-cuda-toolkit puts one in "
        "/usr/bin): put the installed toolkit's bin first (`export PATH=/usr/local/cuda-X.Y/bin:"
        "$PATH`, and its lib64 on LD_LIBRARY_PATH), or remove the other toolkit.",
    ),
    # --- GPU architecture not in the build -------------------------------------------------
    make(
        # torch.compile's inductor on a GPU before Ampere: "Tesla V100-SXM2-32GB does not
        # support bfloat16 compilation natively, skipping"
        "gpu-without-native-bf16",
        r"does not support bfloat16 compilation natively",
        "gpu-arch-unsupported",
        "warning",
        "the GPU has no native bfloat16 (before Ampere, sm_80): bf16 work is skipped or "
        "emulated and runs slowly",
        "Train in float16 with loss scaling (or float32) on this GPU, or use an Ampere or newer "
        "GPU for a bf16 recipe.",
    ),
    make(
        "tensorrt-target-sm-unsupported",
        r"Target GPU SM \d+ is not supported by this TensorRT release",
        "gpu-arch-unsupported",
        "error",
        "the TensorRT release has no support for this GPU's architecture",
        "Install a TensorRT release (and the CUDA it needs) that supports this GPU: for "
        "Blackwell (SM 100/120) a TensorRT built for CUDA 12.8 or newer; the TensorRT support "
        "matrix lists the compute capabilities of each release.",
    ),
    make(
        # Caffe's cuRAND call, "Check failed: status == CURAND_STATUS_SUCCESS (201 vs. 0)
        # CURAND_STATUS_LAUNCH_FAILURE": NVIDIA's Caffe maintainers list it under "CUDA 7.5 on a
        # Pascal GPU" (NVIDIA/caffe#270): cuRAND's kernels of an older CUDA cannot launch there
        "curand-launch-failure",
        r"\bCURAND_STATUS_LAUNCH_FAILURE\b",
        "gpu-arch-unsupported",
        "warning",
        "cuRAND could not launch its kernels: most often a CUDA build older than the GPU (CUDA "
        "7.5 or older on a Pascal GPU)",
        "Check which CUDA the program loads (`ldd <binary> | grep curand`, the image's CUDA "
        "version) against the GPU: Pascal needs CUDA 8, Turing 10, Ampere 11.1, Blackwell 12.8; "
        "rebuild or pull the build made for that CUDA.",
    ),
    make(
        "sm-not-compatible",
        r"CUDA capability sm_\d+ is not compatible with the current PyTorch installation",
        "gpu-arch-unsupported",
        "error",
        "the GPU's architecture is not compiled into this PyTorch build",
        UPGRADE_FRAMEWORK,
    ),
    make(
        "gpu-too-old-for-pytorch",
        r"PyTorch no longer supports this GPU because it is too old",
        "gpu-arch-unsupported",
        "error",
        "the GPU is older than the oldest architecture this PyTorch build supports",
        "Use an older PyTorch release (or one built from source) that still supports this "
        "compute capability, or a newer GPU; `envcheck matrix recommend --gpu NAME` lists builds.",
    ),
    make(
        # torch.cuda's check since 1.x: "Found GPU0 NVIDIA GB10 which is of cuda capability
        # 12.1. Minimum and Maximum cuda capability supported by this version of PyTorch is
        # (8.0) - (12.0)": the GPU is outside the build's architecture range, either way
        "gpu-outside-pytorch-cc-range",
        r"Minimum and Maximum cuda capability supported by this version of PyTorch",
        "gpu-arch-unsupported",
        "error",
        "the GPU's compute capability is outside the range this PyTorch build supports "
        "(torch's own warning)",
        UPGRADE_FRAMEWORK,
    ),
    make(
        # torch's warning since 2.13: "Found GPU0 Quadro P2000 which is of compute capability
        # (CC) 6.1. The following list shows the CCs this version of PyTorch was built for ...
        # Your installed torch==2.13.0+cu129 does not include kernels for this GPU."
        "torch-no-kernels-for-gpu",
        r"\bYour installed torch==\S+ does not include kernels for this GPU",
        "gpu-arch-unsupported",
        "error",
        "the installed PyTorch build has no kernels for this GPU's compute capability (torch's "
        "own warning)",
        "Reinstall the same torch release from the CUDA index the warning names (a build whose "
        "architectures include this GPU: cu126 and older keep Maxwell to Volta, cu128 and newer "
        "add Blackwell); `envcheck matrix recommend --gpu NAME` lists builds.",
    ),
    make(
        # torch 0.3-1.0 on a GPU newer than its CUDA: "Found GPU0 Tesla V100-PCIE-16GB which
        # requires CUDA_VERSION >= 9000 for optimal performance and fast startup time, but your
        # PyTorch was compiled with CUDA_VERSION 8000"
        "torch-cuda-older-than-gpu",
        r"which requires CUDA_VERSION >= \d+\s+for\s+optimal performance and fast startup time,"
        # (some releases name themselves: "but your PyTorch(0.3.1) was compiled with
        # CUDA_VERSION 8000", yuhuixu1993/PC-DARTS#4)
        r"\s*but your PyTorch(?:\s*\([^)\n]{1,20}\))?\s+was compiled\s+with CUDA_VERSION \d+",
        "gpu-arch-unsupported",
        "error",
        "the PyTorch build's CUDA is older than this GPU: it has no kernels for its architecture",
        UPGRADE_FRAMEWORK,
    ),
    make(
        # tiny-cuda-nn compiles its fp16 code only where the lowest architecture it is built for
        # has fast half precision: include/tiny-cuda-nn/common.h, "#define TCNN_HALF_PRECISION
        # (!(TCNN_MIN_GPU_ARCH == 61 || TCNN_MIN_GPU_ARCH <= 52))"; a Pascal GP10x (TITAN Xp,
        # GTX 10x0) or a Maxwell GPU gets "TCNN was not compiled with half-precision support"
        # (daviddmc/NeSVoR#5)
        "tcnn-no-half-precision",
        r"TCNN was not compiled with half-precision support",
        "gpu-arch-unsupported",
        "error",
        "tiny-cuda-nn was built without half precision: the lowest GPU architecture it was "
        "built for is 6.1 (Pascal GTX/TITAN) or 5.2 and older, which lack fast fp16",
        "On such a GPU run in full precision (the program's fp32 / single-precision option, "
        "tcnn's dtype=torch.float32); on a newer GPU rebuild tiny-cuda-nn for its architecture "
        "alone (TCNN_CUDA_ARCHITECTURES=75, 86, ... without 61 or 52).",
    ),
    make(
        # a build script's own check of the toolkit it compiles with (CUDA_HOME's nvcc, not
        # torch's CUDA) against the GPU: SageAttention's setup.py, "CUDA 12.8 or higher is
        # required for compute capability 12.0." (thu-ml/SageAttention#219, #130)
        "toolkit-too-old-for-gpu-build-check",
        r"\bCUDA \d{1,2}(?:\.\d)? or higher is required for compute capability \d{1,2}\.\d",
        "toolkit-mismatch",
        "error",
        "the CUDA toolkit that compiles the extension (nvcc under CUDA_HOME) is older than this "
        "GPU's architecture needs",
        "Install the CUDA toolkit the message names or newer and build with it (`export "
        "CUDA_HOME=/usr/local/cuda-12.8`; `$CUDA_HOME/bin/nvcc --version` must show it); the CUDA "
        "inside the torch wheel (torch.version.cuda) compiles nothing.",
    ),
    make(
        # a build or driver said to have left an old architecture behind: "CUDA 12.x dropped
        # support for sm_61", "built with CUDA 12.x, which does not support older Pascal
        # architecture GPUs" (utensils/comfyui-nix#11, heldout289 at its scoring); "The recent
        # update of torch ... dropped support for Pascal GPUs" (turboderp-org/exllamav2#786);
        # "nvidia-driver-580-open, which does NOT support Pascal GPUs" (pop-os/pop#3859)
        "arch-support-dropped-stated",
        r"\b(?:dropped|drops|removed|ended|deprecated)\s+(?:the\s+)?support\s+for\s+(?:the\s+)?"
        r"(?:older\s+)?(?:(?:Kepler|Maxwell|Pascal|Volta)\b|sm_?[3-7]\d\b|"
        r"compute capabilit(?:y|ies)\s+[3-7]\.\d)|"
        r"\b(?:does not|doesn['’]t|no longer)\s+supports?\s+(?:the\s+)?(?:older\s+)?"
        r"(?:Kepler|Maxwell|Pascal|Volta)\b",
        "gpu-arch-unsupported",
        "warning",
        "the text says the build (or driver) in use no longer supports the GPU's architecture",
        "Use a build that still targets the GPU's architecture: for torch, a wheel whose "
        "`torch.cuda.get_arch_list()` includes the GPU's sm_XY (paste it with `nvidia-smi` and "
        "`envcheck fix` names one); for the driver, the last branch that supports the GPU "
        "(NVIDIA's legacy driver list); or a newer GPU.",
    ),
    make(
        # the same said in words: "Container's CUDA compiler doesn't recognize DGX Spark's GPU
        # architecture (sm_121/compute_121)", "CUDA toolkit version used is outdated for DGX
        # Spark GPU arch" (nvidia-holoscan/holohub#1640, heldout141 at its scoring)
        "toolkit-too-old-for-gpu-stated",
        r"\b(?:cuda compiler|nvcc|cuda toolkit)\b[^.\n]{0,40}?\b(?:doesn't|does not|can't|cannot|"
        r"won't|didn't|did not)\s+(?:recogni[sz]e|support|know)\b[^.\n]{0,40}?(?:\barch\w*|"
        r"\bsm_\d|\bcompute_\d|compute capabilit)|"
        r"\bcuda toolkit(?: version)?\b[^.\n]{0,20}?\b(?:is |was )?(?:outdated|too old)\s+for\b"
        r"[^.\n]{0,30}?\b(?:gpus?|arch\w*|sm_\d+)\b",
        "toolkit-mismatch",
        "warning",
        "the text says the CUDA toolkit (nvcc) is too old for this GPU's architecture",
        "Build with a CUDA toolkit that knows the GPU's architecture (NVIDIA's CUDA release notes "
        "list them: Ada and Hopper need 11.8, Blackwell 12.8); in a container, use a base image "
        "with that toolkit; `nvcc --list-gpu-arch` shows what the installed nvcc can target.",
    ),
    make(
        # k2's build (and icefall's) compares the toolkit it compiles with to torch's CUDA and
        # asserts they are equal: "AssertionError: PyTorch is built with CUDA version: 11.3.
        # The current running CUDA version is: 11.4.120" (k2-fsa/k2#1189, heldout146 at its
        # scoring)
        "k2-cuda-version-assert",
        r"PyTorch is built with CUDA version: \d+\.\d+\.?\s*The current running CUDA version "
        r"is: \d+\.\d+",
        "toolkit-mismatch",
        "error",
        "the CUDA toolkit that compiles the extension is another version than the one torch was "
        "built with, and the build requires them equal",
        "Build with the CUDA toolkit of torch's CUDA (point CUDA_HOME at it: `export "
        "CUDA_HOME=/usr/local/cuda-11.3`), or install the torch build made for the installed "
        "toolkit; `python -c 'import torch; print(torch.version.cuda)'` and `nvcc --version` "
        "must agree.",
    ),
    make(
        # a prebuilt extension's import check against torch's CUDA: "ImportError: k2 was built
        # using CUDA 10.1 / But you are using CUDA 10.2 to run it." (k2-fsa/k2#963: Colab's
        # torch moved to a cu102 build under a cu101 k2 wheel)
        "extension-wheel-for-another-torch-cuda",
        r"\b[\w.-]+ was built using CUDA \d+\.\d+\s+But you are using CUDA \d+\.\d+ to run it",
        "framework-pairing",
        "error",
        "a prebuilt extension was made for a torch of another CUDA than the torch installed",
        "Install the extension's wheel made for the installed torch and its CUDA (its release "
        "page lists them by torch and cuXYZ), or install the torch build it was made for, the "
        "two together: `pip install torch==<v>+cuXYZ <extension> -f <its wheel index>`.",
    ),
    make(
        # __match_any_sync / __match_all_sync exist from compute capability 7.0 (Volta): a source
        # build for an older GPU (or with no -arch, an old nvcc's sm_52 default) fails on them:
        # 'error: identifier "__match_any_sync" is undefined' (NVIDIA/cuopt#166, Pascal)
        "cuda-intrinsic-needs-volta",
        r"\bidentifier \"__match_(?:any|all)_sync\" is undefined",
        "gpu-arch-unsupported",
        "warning",
        "the build targets a GPU architecture older than Volta (compute capability 7.0), which "
        "lacks warp-match intrinsics the code uses",
        "Build for the GPU's own architecture, 7.0 or newer (`-arch=sm_XY`, "
        "CMAKE_CUDA_ARCHITECTURES, TORCH_CUDA_ARCH_LIST); on a Pascal or older GPU this code "
        "does not run: use a newer GPU.",
    ),
    make(
        # a package's compiled GPU module absent: SCS installed from PyPI is the CPU build,
        # "import _scs_gpu / ModuleNotFoundError: No module named '_scs_gpu'" (cvxpy/cvxpy#902)
        "gpu-extension-module-missing",
        r"\bNo module named '_?[A-Za-z][\w.]*_gpu'",
        "cpu-only-build",
        "warning",
        "the package's GPU module is not installed: the build in use was made without its GPU part",
        "Install the package's GPU build (a -gpu wheel or conda package, or a build from source "
        "with its GPU option on, as its install page says), then import the module again.",
    ),
    make(
        "extension-build-on-cpu-torch",
        r"(?!x)x",  # never by itself: inferred (installs.extension_build_on_cpu_torch)
        "cpu-only-build",
        "error",
        "a CUDA extension is built against a torch without CUDA: torch.version.cuda is None "
        "(a CPU build), which torch's own extension builder cannot parse",
        "Install a CUDA build of torch first (`pip install torch --index-url "
        "https://download.pytorch.org/whl/cuXXX`, a cuXXX the driver runs; `python -c 'import "
        "torch; print(torch.version.cuda)'` must print a version), then build the extension "
        "again with `pip install --no-build-isolation` so that it sees that torch.",
    ),
    make(
        # Open3D's ML ops are built for one PyTorch / TensorFlow minor: "Version mismatch:
        # Open3D needs PyTorch version 1.8.*, but version 2.0.1+cpu is installed!"
        "open3d-framework-version-mismatch",
        r"Version mismatch: Open3D needs (?:PyTorch|TensorFlow) version \S+, but version \S+ is "
        r"installed",
        "framework-pairing",
        "error",
        "the installed Open3D's ML ops were built for another PyTorch or TensorFlow release",
        "Install the PyTorch/TensorFlow release the Open3D wheel names (Open3D-ML's "
        "requirements-torch.txt / requirements-tensorflow.txt at the tag of the installed "
        "open3d), or the open3d release built for the installed framework.",
    ),
    make(
        # OpenVINO's GPU plugin (clDNN) accepts Intel GPUs only: "No OpenCL device found which
        # would match provided configuration: GeForce GTX 970: invalid vendor type"
        "openvino-gpu-not-intel",
        r"\b(?:GeForce|NVIDIA|Quadro|Tesla|RTX|GTX)\b[^\n]{0,60}?: invalid vendor type",
        "gpu-arch-unsupported",
        "error",
        "OpenVINO's GPU plugin runs on Intel GPUs only: an NVIDIA GPU is not a device for it",
        "Use OpenVINO's CPU device (or an Intel GPU) here; for the NVIDIA GPU, run the model "
        "with a CUDA runtime (ONNX Runtime's CUDA or TensorRT provider, PyTorch).",
    ),
    make(
        "torch-cc-warning-cut",
        r"(?!x)x",  # never by itself: torch's warning without its reason line (symptoms)
        "gpu-arch-unsupported",
        "warning",
        "torch warned that this GPU's compute capability is outside what its build supports "
        "(the line that says why is not in the text)",
        UPGRADE_FRAMEWORK,
    ),
    make(
        "gpu-minor-newer-than-pytorch-build",
        r"(?!x)x",  # never by itself: torch's range warning for a same-major GPU (inferences)
        "gpu-arch-unsupported",
        "info",
        "torch warns that the GPU's compute capability is above its build's newest, but only "
        "in the minor: the GPU runs that architecture's binaries (binary compatibility within "
        "a CUDA major)",
        "Nothing to do for torch itself; a compiled extension built only for a newer arch "
        "string (sm_121a) or one that checks the exact capability may still refuse the GPU.",
    ),
    make(
        # a CUDA extension's own check of the device ("TORCH_CHECK(dprops->major == 8 &&
        # dprops->minor == 0)", apex's fused multi-head attention): it has kernels for the
        # compute capabilities it names and refuses the others
        "extension-cc-check-failed",
        r"Expected\s*\(?\s*\(?dprops->major\s*[=>]=\s*\d+[^\n]{0,160}?to be true, but got false",
        "gpu-arch-unsupported",
        "error",
        "a compiled extension checks the GPU's compute capability (dprops->major/minor) and "
        "refuses this GPU: it has kernels only for the ones it names",
        "Run it on a GPU of a compute capability the check names (the condition in the message), "
        "or turn the feature off (the extension's fallback path / config flag); "
        "`nvidia-smi --query-gpu=name,compute_cap --format=csv` gives this GPU's.",
    ),
    make(
        # a notebook or script that asserts the torch it was written for (detectron2's Colab
        # tutorial: assert torch.__version__.startswith("1.7") before a wheel for torch 1.7)
        "torch-version-assert-failed",
        r"(?!x)x",  # never by itself: the assertion failed only if the text says so (inferences)
        "framework-pairing",
        "warning",
        "the code asserts the torch release it was written for (and installs packages built for "
        "it); the installed torch is another",
        "Install the torch the assertion names (with its CUDA build and companions), or the "
        "packages built for the installed torch (e.g. the detectron2 wheel index for that torch "
        "and CUDA); `python -c 'import torch; print(torch.__version__)'` shows which is there.",
    ),
    make(
        # a library's table of kernels per architecture has no entry for this GPU's:
        # flashinfer's "KeyError: 'sm_75'", retold "unknow key sm_75"
        "library-no-entry-for-arch",
        r"\bKeyError:?\s*['\"]?sm_?\d{2,3}[a-z]?\b|\bunknown? key:?\s*['\"]?sm_?\d{2,3}[a-z]?\b",
        "gpu-arch-unsupported",
        "error",
        "a library has no kernels listed for this GPU's architecture (sm_XY missing from its "
        "table)",
        "Install the library release that lists the architecture (its release notes or wheel "
        "index name the supported sm_XY), or build it with this GPU's compute capability; "
        "`nvidia-smi --query-gpu=name,compute_cap --format=csv` gives it.",
    ),
    make(
        # CUDA 11 ships CUB inside the toolkit, with its own namespace macros; a project that
        # bundles an older CUB (DGL 0.7, older PyTorch extensions) stops the build: "CUB
        # requires a definition of CUB_NS_QUALIFIER when CUB_NS_PREFIX/POSTFIX are defined"
        "bundled-cub-vs-toolkit",
        r"CUB requires a definition of CUB_NS_QUALIFIER",
        "toolkit-mismatch",
        "error",
        "the project's bundled CUB clashes with the newer CUB in this CUDA toolkit (11.0+)",
        "Build with the CUDA toolkit the project release supports (the one its docs name, "
        "often 10.x for releases from before CUDA 11), or a newer project release made for "
        "CUDA 11's CUB.",
    ),
    make(
        # a package's compiled CUDA module is absent: it was built (pip's source build) where
        # no CUDA toolkit was found, so only its CPU part exists: "No module named
        # 'torch_cluster.graclus_cuda'", apex's "No module named 'fused_layer_norm_cuda'"
        "cuda-extension-not-built",
        r"No module named '(?:[A-Za-z_]\w*\.)*[A-Za-z]\w*_cuda'",
        "cpu-only-build",
        "warning",
        "a package's CUDA extension module is missing: it was built without CUDA",
        "Reinstall the package with its CUDA part: a prebuilt wheel for the installed torch and "
        "CUDA where the project publishes one, or a source build with the CUDA toolkit of "
        "torch's CUDA on PATH (`nvcc --version`, CUDA_HOME) and `--no-build-isolation`.",
    ),
    make(
        # said of a container image: "the docker container has no gpu support", "this image
        # is CPU only", "the docker image runs in cpu only mode"
        "image-cpu-only-stated",
        r"\b(?:image|container)s?\s+(?:has|have)\s+no\s+(?:gpu|cuda)\s+support\b|"
        r"\b(?:image|container)s?\s+(?:is|are)\s+(?:a\s+)?cpu[- ]only\b|"
        r"\b(?:image|container)s?\s+runs?\s+in\s+cpu[- ]only\s+mode\b",
        "cpu-only-build",
        "warning",
        "the text says the container image in use is a CPU-only build",
        "Use the project's GPU/CUDA image (its tag usually says cuda or gpu), or build one on a "
        "CUDA base image with the framework's CUDA build, and run it with `--gpus all`.",
    ),
    make(
        # Thrust (CUDA's bundled C++ library) on a host compiler that defaults to C++98: an
        # old system gcc (a cluster's default gcc 4.8) picked by nvcc
        "host-compiler-before-cxx11",
        r"C\+\+11 is required for this Thrust feature",
        "toolkit-mismatch",
        "error",
        "nvcc's host compiler is too old for the CUDA headers (no C++11 by default)",
        "Use a newer GCC as nvcc's host compiler (`module load GCC/10`, `export CC=gcc-10 "
        "CXX=g++-10` or `nvcc -ccbin g++-10`); passing `-std=c++14` only helps when the compiler "
        "supports it.",
    ),
    make(
        # gcc before 5 compiles C89 by default, and the C stub Triton builds at run time (its
        # main.c) declares variables in for loops: "error: 'for' loop initial declarations are
        # only allowed in C99 mode"
        "host-compiler-before-c99",
        r"loop initial declarations are only allowed in C99 mode",
        "toolkit-mismatch",
        "warning",
        "the host C compiler is too old for the code it builds (gcc before 5 defaults to C89)",
        "Use a newer host compiler (gcc 9 or later; `CC=/path/to/newer/gcc`, or a conda "
        "`gcc_linux-64`), or the framework / Triton release made for the old one.",
    ),
    make(
        # a runtime or backend that lists the GPUs it can use: LM Studio's llama.cpp runtime
        # "No supported CUDA GPUs found on device." for a Pascal card it was not built for
        "no-supported-cuda-gpu",
        r"\bNo supported CUDA GPUs? (?:found|detected)\b",
        "gpu-arch-unsupported",
        "warning",
        "the program's CUDA backend supports none of the GPUs here (built without their "
        "architecture)",
        "Compare the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`) with the architectures the backend is built for; use a release or "
        "build that includes it (e.g. llama.cpp with `-DCMAKE_CUDA_ARCHITECTURES=61`).",
    ),
    make(
        # said of a build: "no longer being compiled with support for the sm_61 architecture"
        "build-without-arch-stated",
        r"\b(?:no longer|not)\s+(?:being\s+)?(?:compiled|built)\s+(?:with\s+support\s+)?for\s+"
        r"(?:the\s+)?(?:sm_?\d{2,3}|compute[_ ]\d{2,3}|compute capability \d+\.\d)|"
        # "seems like support for sm_86 might be missing in the r0.7-gpu docker"
        # (kishwarshafin/pepper#134), "missing sm_86 support"
        r"\bsupport for (?:the\s+)?sm_?\d{2,3}\b[^.\n]{0,30}?\b(?:is |might be |may be |seems "
        r"(?:to be )?)?(?:missing|not included|absent|dropped|removed)\b|"
        r"\bmissing sm_?\d{2,3} (?:support|kernels?)\b",
        "gpu-arch-unsupported",
        "warning",
        "the text says the build in use is not compiled for this GPU's architecture",
        "Install a build whose architecture list includes the GPU's (its release notes or "
        "`torch.cuda.get_arch_list()`), or build it with that architecture "
        "(`TORCH_CUDA_ARCH_LIST`, `CMAKE_CUDA_ARCHITECTURES`).",
    ),
    make(
        # a program that says of itself that it was built without GPU support: HOOMD-blue's
        # "RuntimeError: This build of HOOMD does not include GPU support."
        "build-without-gpu-support",
        r"\bThis build of [\w.-]{2,30} does not include (?:GPU|CUDA) support\b|"
        # said of a library's binary: "libvosk.dll which is compiled without parameter
        # HAVE_CUDA" (Kaldi / Vosk's CUDA switch)
        r"\bcompiled without (?:the )?(?:parameter |flag |option )?\W?HAVE_CUDA\b|"
        # MXNet built without CUDA, asked for a GPU context: "storage.cc:44: Please compile
        # with CUDA enabled", "src/resource.cc:70: GPU is not enabled"
        r"\bPlease compile with CUDA enabled\b|\bresource\.cc:\d+\]?:? GPU is not enabled\b|"
        # a CMake option the build was made without: sherpa-onnx's "Please compile with
        # -DSHERPA_ONNX_ENABLE_GPU=ON. Available providers: CPUExecutionProvider, . Fallback to
        # cpu!" (k2-fsa/sherpa-onnx#1299, #1620)
        # (also right after Chinese text, where \b finds no word boundary: "运行会提示Please")
        r"(?<![A-Za-z])Please (?:re)?compile with -D\w*(?:ENABLE_GPU|USE_CUDA|WITH_CUDA|"
        r"ENABLE_CUDA)=ON\b|"
        # PyG's extensions built from source without CUDA: "gives only *_cpu.so files in the
        # torch_sparse/ directory. There are no *_cuda.so files" (rusty1s/pytorch_sparse#241)
        r"\bonly \*?_cpu\.so files\b|\bno \*?_cuda\.so files\b",
        "cpu-only-build",
        "error",
        "the program in use is a build without GPU support (its CPU package or a source build "
        "without CUDA)",
        "Install the program's GPU build (conda: its *gpu* / cuda build string, e.g. "
        "`conda install -c conda-forge 'hoomd=*=*gpu*'`; a source build with CUDA enabled).",
    ),
    make(
        # Kokkos checks the GPU at start-up against the architecture it was configured for
        # (Kokkos_ARCH_VOLTA72 on a V100, AMPERE100 on a V100): "Kokkos::Cuda::initialize
        # ERROR: likely mismatch of architecture"
        "kokkos-arch-mismatch",
        r"\bKokkos::Cuda::initialize ERROR: likely mismatch of architecture\b",
        "gpu-arch-unsupported",
        "error",
        "Kokkos (LAMMPS, MACE, ...) was built for another GPU architecture than this GPU's",
        "Reconfigure with this GPU's Kokkos_ARCH_* (VOLTA70 for a V100, AMPERE80 for an A100, "
        "AMPERE86 for RTX 30xx / A6000, ADA89, HOPPER90) and rebuild; "
        "`nvidia-smi --query-gpu=name,compute_cap --format=csv` gives the compute capability.",
    ),
    make(
        # "named symbol not found" from the driver's own start (cuInit, the runtime's device
        # count), before any kernel is looked up: the libcuda the process loads lacks an entry
        # point of the driver it talks to. Windows drivers 555+ under a Docker Desktop older
        # than 4.31, whose container runtime maps the older set of driver libraries
        # (tensorflow/tensorflow#68710, NVIDIA's reply; jhj0517/Whisper-WebUI#279: updating
        # Docker Desktop fixed it)
        "driver-init-symbol-not-found",
        r"\bcuInit\b[^\n]{0,40}?(?:CUDA_ERROR_NOT_FOUND|named symbol not found)|"
        r"\b(?:cudaGetDeviceCount|NumCudaDevices)\(\)[^\n]{0,200}?\bError 500: named symbol not "
        r"found\b",
        "driver-library-mismatch",
        "warning",
        "the CUDA driver fails at its start with 'named symbol not found' (cuInit, the device "
        "count): the driver library the process loads does not match the driver",
        "Under WSL2 / Docker Desktop, update Docker Desktop (4.31 or newer for Windows drivers "
        "555+) or the NVIDIA Container Toolkit so the container maps the current driver's "
        "libraries; elsewhere find the libcuda the process loads (`ldconfig -p | grep "
        "libcuda`, `ldd` on the program) and remove stale copies so it is the one of the driver "
        "`nvidia-smi` reports.",
    ),
    make(
        # the driver found no kernel of that name in the GPU code loaded: the binary (or the PTX
        # XLA's ptxas produced) has no code for this GPU (CMake architectures for another GPU, a
        # ptxas older than the GPU). "500 (named symbol not found)", XLA's "failed to get PTX
        # kernel ... CUDA_ERROR_NOT_FOUND: named symbol not found", NCCL's "Cuda failure 'named
        # symbol not found'"; a library of another release can cause it too: a warning
        "kernel-symbol-not-found",
        r"(?<![A-Za-z])named symbol not found(?![A-Za-z])|\bcudaErrorSymbolNotFound\b",
        "gpu-arch-unsupported",
        "warning",
        "a GPU kernel the program looked up is not in the code loaded for this GPU (most often "
        "built for other architectures)",
        "Build for this GPU's compute capability (CMAKE_CUDA_ARCHITECTURES / "
        "TORCH_CUDA_ARCH_LIST / -arch=sm_XY; `nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv` gives it), or for XLA use a CUDA toolkit (ptxas) that knows this GPU.",
    ),
    make(
        # the entrypoint of NVIDIA's NGC containers checks the GPU: "ERROR: Detected NVIDIA
        # Tesla K40m GPU, which is not supported by this container"
        "container-gpu-not-supported",
        r"Detected NVIDIA [^\n,]{2,60}? GPU, which is not supported by this container",
        "gpu-arch-unsupported",
        "error",
        "the container (an NVIDIA NGC image) says this GPU is not supported: its builds have no "
        "kernels for the GPU's compute capability",
        "Use a container release that still supports the GPU's architecture (the NGC support "
        "matrix lists the minimum compute capability of each release), or a newer GPU.",
    ),
    make(
        # the same entrypoint for a GPU newer than the container's CUDA and builds: "WARNING:
        # Detected NVIDIA GeForce RTX 4090 GPU, which is not yet supported in this version of
        # the container" and then "ERROR: No supported GPU(s) detected to run this container"
        "container-gpu-not-yet-supported",
        r"GPU,? which is not yet supported in this version of the container"
        r"|No supported GPU\(?s?\)? detected to run this container",
        "gpu-arch-unsupported",
        "error",
        "the container (an NVIDIA NGC image) predates this GPU: its CUDA and builds have no "
        "kernels for the GPU's architecture",
        "Use a container release built on a CUDA that supports the GPU's architecture (Ampere "
        "needs CUDA 11.0, Ada and Hopper 11.8, Blackwell 12.8: compat_data/floors.json; each "
        "NGC release's notes name its CUDA), or rebuild the image FROM such a release.",
    ),
    make(
        # cuDNN too old for a feature the framework asks of it ("dropout supported only in
        # cudnn v5.1 and above"): an older libcudnn is the one loaded
        "cudnn-too-old-for-feature",
        r"supported only (?:in|with|for) cudnn v?\d+(?:\.\d+)? (?:and above|or (?:above|higher|"
        r"newer|later))|requires cudnn v?\d+(?:\.\d+)? or (?:above|higher|newer|later)",
        "cuda-libs-mismatch",
        "error",
        "the cuDNN loaded is older than a feature in use needs",
        "Make the newer cuDNN the one that loads: remove the older libcudnn from the library "
        "path (`ldconfig -p | grep cudnn` lists them) or install the version the framework was "
        "built with.",
    ),
    make(
        # tiny-cuda-nn's PyTorch bindings are compiled for the compute capability of the GPU
        # they were installed on (TCNN_CUDA_ARCHITECTURES): on another GPU, "Could not find
        # compatible tinycudann extension for compute capability 86" (NVlabs/tiny-cuda-nn#341)
        "tinycudann-no-extension-for-cc",
        r"Could not find compatible tinycudann extension for compute capability",
        "gpu-arch-unsupported",
        "error",
        "tiny-cuda-nn's extension was built for another GPU's compute capability than this one",
        "Rebuild the bindings on this GPU, or for every GPU the environment runs on: "
        '`TCNN_CUDA_ARCHITECTURES="75;86" pip install --no-cache-dir '
        "git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch`.",
    ),
    make(
        # A kernel's own architecture check, as TORCH_CHECK prints it: "Expected is_sm80 ||
        # is_sm90 to be true, but got false" (one alone too: flash-attn 0.2's backward on an RTX
        # 4090, Dao-AILab/flash-attention#79, heldout185 at its scoring). Two mechanisms print
        # it: a library whose kernels need sm80/sm90 run on another GPU, and PyTorch 2.0/2.1's
        # scaled-dot-product attention choosing its flash backward where it should not (an
        # RTX 8000 and an RTX 4090, pytorch/pytorch#136979 and #98140: heldout246 at its
        # scoring, healthy environments). The message cannot tell them apart: a warning.
        "kernel-architecture-check-failed",
        r"Expected is_sm\w+(?: \|\| is_sm\w+)* to be true, but got false",
        "gpu-arch-unsupported",
        "warning",
        "a kernel's architecture check failed: it needs a GPU the check names (sm80 is the "
        "A100 generation, sm90 the H100), or the framework picked that kernel by mistake",
        "Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`). Below the named one: use a backend that supports it (FlashAttention "
        "needs sm80+: `attn_implementation='sdpa'` or 'eager'). At or above it, or with "
        "PyTorch's own scaled_dot_product_attention in the trace: upgrade PyTorch (2.0 and 2.1 "
        "chose the flash backward wrongly for some head sizes) or disable that backend "
        "(`torch.backends.cuda.enable_flash_sdp(False)`).",
    ),
    make(
        "gpu-below-library-minimum-cc",
        r"too old to be supported by the [\w\s-]{0,40}?compiler|"
        # "GPU compute capability 7.5 is below the minimum required 8.0; falling back to CPU"
        # (koharu-rs/koharu#576, heldout219 at its scoring)
        r"\bcompute capability \d+\.\d+ is below the minimum(?: required)?\s*\d+\.\d|"
        r"only supports devices of CUDA Capability\s*>=?\s*\d+\.\d|"
        r"(?:gpus?|devices?) (?:with|of) (?:cuda |compute )?capability (?:below|under|less than|"
        r"lower than|<)\s*\d+\.\d+ (?:is|are) not supported|"
        r"GPU with CUDA (?:is )?capability \d+ \d+ is not supported|"
        r"(?:must be run on|requires?) an? (?:machine|gpu|device) with compute capability (?:of )?"
        r"at least \d+(?:\.\d)?|"
        r"Could not find (?:a )?compatible \w+ (?:extension|kernels?|binar(?:y|ies)) for compute "
        r"capability \d+|"
        # FlashAttention-2: "FlashAttention only supports Ampere GPUs or newer."
        r"only supports? (?:NVIDIA )?(?:Turing|Ampere|Ada|Hopper|Blackwell) GPUs? (?:or|and) "
        r"(?:newer|later|above)|"
        r"requires? (?:an? )?(?:NVIDIA )?(?:Turing|Ampere|Ada|Hopper|Blackwell) "
        r"(?:GPU|architecture) or (?:newer|later)|"
        # the same retold: "it was asking ampere gpu or newer", "Use Ampere gpu or newer"
        r"(?:\basking(?: for)?|(?:^|[:.!\"'])\s*use) (?:an? )?(?:NVIDIA )?(?:Turing|Ampere|Ada|"
        r"Hopper|Blackwell) gpus? or (?:newer|later|above)|"
        r"FlashAttention requires (?:compute capability \d+\.\d or higher|building with sm "
        r"version sm\d+)|"
        # FlashAttention 1's backward: "FlashAttention backward for head dim > 64 requires A100
        # or H100 GPUs as the implementation needs a large amount of shared memory" (on a
        # 2080 Ti: Meituan-AutoML/MobileVLM#40, heldout224 at its scoring)
        r"\bFlashAttention\b[^\n]{0,80}?\brequires (?:A100|H100)(?: or (?:A100|H100))? GPUs?\b|"
        # "FP8 quantized models is only supported on GPUs with compute capability >= 9.0";
        # torch's FP8 matmul: "torch._scaled_mm is only supported on CUDA devices with compute
        # capability >= 9.0 or 8.9" (bf16's own sentence is bf16-tf32-needs-ampere's)
        r"(?<!Bfloat16 is )only supported on (?:CUDA )?(?:GPUs|devices) with compute capability"
        r"\s*(?:>=?|of at least)\s*\d+\.\d|"
        # vLLM: "The quantization method awq is not supported for the current GPU. Minimum
        # capability: 75. Current capability: 70."
        r"not supported for the current GPU\.\s*Minimum capability:\s*\d+|"
        # vLLM's compressed-tensors check, printed as the tuple it raises: "('Quantization
        # scheme is not supported for ', 'the current GPU. Min capability: 80. ', 'Current
        # capability: 75.')" (rh-aiservices-bu/rhoai-maas-guide#53)
        r"not supported for\W{0,6}the current GPU\.\s*Min capability:\s*\d+|"
        # Triton's FP8 type check: "type fp8e4nv not supported in this architecture. The
        # supported fp8 dtypes are ('fp8e4b15', 'fp8e5')" (fp8e4nv needs compute capability 8.9)
        r"\btype fp8e4nv not supported in this architecture\b|"
        # Triton 3's: "fp8e4nv data type is not supported on CUDA arch < 89"
        r"\bfp8e4\w* data type is not supported on CUDA arch < ?\d+|"
        # SageAttention's dispatch on the GPU's architecture: "Unsupported CUDA architecture:
        # sm75" (its kernels start at sm_80)
        r"\bUnsupported CUDA architecture: sm_?\d{2,3}\b|"
        # FlashInfer's compile-time gate: "Architecture sm87 not supported" (a Jetson Orin,
        # outside its architecture list: flashinfer-ai/flashinfer#2579, heldout292 at its
        # scoring)
        r"\bArchitecture sm_?\d{2,3}a? (?:is )?not supported\b|"
        # NVBit's device check: "NVBit ERROR: SM 7.5 name GeForce RTX 2060 not supported" (round
        # fifty-one's sealed nvbit-4, missed at its scoring)
        r"\bNVBit ERROR: SM \d+\.\d+ name [^\n]{1,60}? not supported\b|"
        # libraries' own architecture gates, read in their sources (2026-12-06): DeepSpeed's "The
        # FP6 functions are only available on Ampere GPUs", "The mma functions are only
        # implemented for Ampere and newer architectures", "Blocked attention requires CUDA
        # compute capability >= 8.0" (microsoft/DeepSpeed 38327e07f); FlashAttention's "q_v is
        # only supported for Hopper GPUs", "Unsupported compute capability. Supported: 8.x,
        # 9.x, ...", "Only Ampere (8.x), Hopper (9.x), and Blackwell (...) are supported"
        # (Dao-AILab/flash-attention 0251105a)
        # (bf16's and TF32's own sentences are bf16-tf32-needs-ampere's, whose fix says more)
        r"(?<!bf16 )(?<!bfloat16 )(?<!tf32 )\b(?:is|are) only (?:supported|available|implemented) "
        r"(?:on|for) (?:NVIDIA )?"
        r"(?:Volta|Turing|Ampere|Ada|Hopper|Blackwell)(?: GPUs| architectures?|\b)|"
        r"\brequires CUDA compute capability >= ?\d+\.\d|"
        r"\bUnsupported compute capability(?::\s*\d+(?:\.\d+)?)?\.\s*Supported:|"
        r"\bOnly (?:Volta|Turing|Ampere) \(\d+\.x\)[^\n]{0,80}?\bare supported\b|"
        # cuGraph's: "Relabel not supported on Pascal and older architectures." (rapidsai/clx#358)
        r"\bnot supported on (?:Kepler|Maxwell|Pascal|Volta|Turing|Ampere)(?: GPUs)? (?:and|or) "
        r"(?:older|earlier)\b|"
        # Julia's CUDAnative: "Device capability v2.1.0 not supported by available toolchain"
        r"Device capability v?\d+\.\d+(?:\.\d+)? not supported by available toolchain|"
        # FasterTransformer: "int8 mode only works with sm >= 75" (NVIDIA/FasterTransformer#163)
        r"\bonly works? (?:with|on) sm ?>= ?\d{2}\b|\brequires? sm ?>= ?\d{2}\b",
        "gpu-arch-unsupported",
        "error",
        "the GPU is below the minimum compute capability of a library the job uses",
        "The message names the library's minimum (Triton, which vLLM and torch.compile use, "
        "needs compute capability >= 7.0; FP8 matmuls, torch._scaled_mm and the 'fp8 fast' "
        "modes built on it, need 8.9 or 9.0): use a GPU at or above it, or run without that "
        "backend (vLLM: a release/backend that supports this GPU; torch: eager mode instead of "
        "torch.compile; FP8: the plain fp8 or bf16 weights mode).",
    ),
    make(
        # the NVIDIA HPC SDK's OpenACC runtime finds no code for the GPU in the program: "This
        # file was compiled: -acc=gpu -gpu=cc60 -gpu=cc70 / Rebuild the application with
        # -gpu=cc86 to use NVIDIA Tesla GPU 0" (PGI's older spelling: -ta=tesla:cc70)
        "openacc-no-code-for-gpu",
        r"\bRebuild the application with -(?:gpu|ta)=[\w:,]*?cc\d{2,3}\b[^\n]{0,20}? to use\b",
        "gpu-arch-unsupported",
        "error",
        "the OpenACC program was compiled without code for this GPU's compute capability",
        "Rebuild with the GPU's compute capability, as the message says (`-gpu=ccXY`; CMake "
        "projects: their compute-capability option), or `-gpu=ccall` to cover every GPU this "
        "HPC SDK supports.",
    ),
    make(
        # Ollama's ROCm runner lists the gfx targets its bundled ROCm libraries were built for
        # and skips a GPU outside them ("amdgpu [0] gfx1103 is not supported by
        # /tmp/ollama.../rocm [gfx1030 gfx1100 ...]", ollama/ollama#4099, heldout269 at its
        # scoring): the model then runs on the CPU
        "ollama-amdgpu-target-not-built",
        r"\bamdgpu \[?\d+\]? gfx\w+ is not supported by\b",
        "gpu-arch-unsupported",
        "warning",
        "the AMD GPU's gfx target is not among those the bundled ROCm libraries were built for, "
        "so the GPU is skipped",
        "Use a release whose ROCm libraries include this gfx target, or (unsupported, at your "
        "risk) `HSA_OVERRIDE_GFX_VERSION` set to a supported target of the same GPU family. "
        "envcheck judges NVIDIA GPUs: nothing else here applies to this GPU.",
    ),
    make(
        # the ROCm counterpart of "no kernel image is available" (AMD GPUs, and CUDA code run on
        # them through HIP): the build carries no code object for this GPU's gfx target
        "hip-no-binary-for-gpu",
        r"\bhipErrorNoBinaryForGpu\b|"
        # the HIP runtime's own log line before it ("hip_fatbin.cpp :687 : ... No compatible
        # code objects found for: gfx1152", ggml-org/llama.cpp#19949, heldout269 at its
        # scoring: a Strix Point iGPU under a ROCm without gfx1152)
        r"\bNo compatible code objects found for:? gfx\w+",
        "gpu-arch-unsupported",
        "error",
        "the ROCm/HIP build has no code object for this AMD GPU's architecture (gfx target)",
        "Use a build whose target list holds the GPU's gfx target (ROCm's GPU support matrix "
        "names the supported ones; `rocminfo | grep gfx` prints the GPU's), or build for it "
        "(`PYTORCH_ROCM_ARCH=gfxNNNN`, `--offload-arch=gfxNNNN`). envcheck judges NVIDIA GPUs: "
        "nothing else here applies to this GPU.",
    ),
    # --- round three: message families the heldout2 misses showed -------------------------
    make(
        "tf-gpu-below-minimum-cc",
        r"Ignoring visible gpu device .{0,200}?with Cuda compute capability \d+\.\d+\.?\s*The "
        r"minimum required Cuda capability is \d+\.\d+",
        "gpu-arch-unsupported",
        "error",
        "TensorFlow ignores the GPU: its compute capability is below this build's minimum",
        "Use a TensorFlow release (or a source build) that still supports this compute "
        "capability, or a GPU at or above the minimum the message names.",
    ),
    make(
        # TensorFlow's ROCm build says the same of an AMD GPU outside its target list:
        # "Ignoring visible gpu device (device: 0, name: AMD Radeon RX 6600 XT, ...) with AMDGPU
        # version : gfx1032. The supported AMDGPU versions are gfx900, gfx906, ..." (ROCm/
        # tensorflow-upstream#1951), and before TF 2.x "with AMDGPU ISA gfx801. The minimum
        # required AMDGPU ISA is gfx803" (#237); said in words "unsupported amdgpu version
        # gfx1031" (#2629), all heldout273 at its scoring
        "tf-rocm-gfx-not-supported",
        r"Ignoring visible gpu device .{0,200}?with AMDGPU (?:version|ISA)\s*:?\s*gfx\s?\w+\.\s*"
        r"The (?:supported AMDGPU versions are|minimum required AMDGPU ISA is)\b|"
        r"\bunsupported amdgpu (?:version|ISA|target) :?\s*gfx\d\w*",
        "gpu-arch-unsupported",
        "error",
        "TensorFlow's ROCm build ignores the AMD GPU: its gfx target is not among those the build "
        "supports",
        "Use a tensorflow-rocm release whose supported list holds this gfx target (the message "
        "prints the list; `rocminfo | grep gfx` names the GPU's), or build TensorFlow for it. "
        "envcheck judges NVIDIA GPUs: nothing else here applies to this GPU.",
    ),
    make(
        "nvidia-docker-v1-cuda-too-new",
        # later "driver X < image Y"; the first nvidia-docker releases printed the image's
        # CUDA first: "Error: unsupported CUDA version: 7.5 < 6.5"
        r"unsupported CUDA version: driver \d+\.\d+ < image \d+\.\d+|"
        r"nvidia-docker\b[^\n]{0,60}unsupported CUDA version: \d+\.\d+ < \d+\.\d+",
        "driver-too-old",
        "error",
        "the image needs a newer CUDA than the host driver runs (nvidia-docker)",
        DRIVER_OLD,
    ),
    make(
        # DeepSpeed's op builder when the majors agree: it says so and builds anyway ("... but
        # since the APIs are compatible, accepting this combination"); a minor apart is not the
        # cause of a failure by itself
        "deepspeed-cuda-minor-mismatch-accepted",
        r"Installed CUDA version [\d.]+ does not match the version torch was compiled with "
        r"[\d.]+ but since the APIs are compatible, accepting this combination",
        "toolkit-mismatch",
        "warning",
        "the system CUDA toolkit is another minor release than torch's CUDA (DeepSpeed accepts "
        "it: the same major)",
        "Nothing to do unless an op fails to build; then point CUDA_HOME at the toolkit release "
        "torch.version.cuda names.",
    ),
    make(
        "deepspeed-cuda-mismatch",
        r"Installed CUDA version [\d.]+ does not match the version torch was compiled with "
        r"[\d.]+|Installed CUDA version [\d.]+ does not match (?:the )?torch(?:'s)? (?:CUDA )?"
        r"version",
        "toolkit-mismatch",
        "error",
        "the system CUDA toolkit does not match the CUDA torch was built with (DeepSpeed)",
        "Point CUDA_HOME at a toolkit with the same major version as torch.version.cuda, or "
        "install the torch build matching the system toolkit.",
    ),
    make(
        "windows-torch-no-cuda",
        r"(?!x)x",  # never by itself: inferred (installs.windows_torch_without_cuda)
        "cpu-only-build",
        "warning",
        "on Windows, torch says CUDA is not available and nothing shows a CUDA build: pip's "
        "default torch for Windows (PyPI) is the CPU build",
        'Check `python -c "import torch; print(torch.__version__)"`: without +cuXXX it is the '
        "CPU build. Reinstall from the CUDA index: `pip uninstall -y torch` then `pip install "
        "torch --index-url https://download.pytorch.org/whl/cuXXX` (a cuXXX the driver runs: "
        "`nvidia-smi` shows its CUDA version).",
    ),
    make(
        "cpu-fallback-notice",
        r"(?!x)x",  # never by itself: inferred (installs.cpu_fallback_notice)
        "cpu-only-build",
        "warning",
        "the program found no usable CUDA and runs on the CPU, and the text shows nothing else "
        "that explains it: most often a framework build without CUDA (a CPU wheel), else a "
        "missing or too old driver",
        "Check the framework under the program: `python -c 'import torch; "
        "print(torch.__version__, torch.version.cuda, torch.cuda.is_available())'` (`+cpu` or "
        "`None` is a CPU build: reinstall from https://download.pytorch.org/whl/cuXXX, a cuXXX "
        "the driver runs); `nvidia-smi` shows whether a driver is loaded and the CUDA it runs.",
    ),
    make(
        "torch-sees-no-cuda",
        r"(?!x)x",  # never by itself: inferred (installs.torch_without_cuda)
        "cpu-only-build",
        "warning",
        "torch says CUDA is not available and the text shows nothing else that explains it: "
        "most often a torch build without CUDA (a CPU wheel or conda package), else a missing "
        "or too old driver",
        "Check `python -c 'import torch; print(torch.__version__, torch.version.cuda)'`: "
        "`None` (or `+cpu`) is a CPU build; install the CUDA build from the framework's index "
        "(`pip install torch --index-url https://download.pytorch.org/whl/cuXXX`, a cuXXX the "
        "driver runs). If it names a CUDA version, run `nvidia-smi`: no output means no driver; "
        "its 'CUDA Version' below that number means the driver is too old.",
    ),
    make(
        "framework-sees-no-gpu",
        r"(?!x)x",  # never by itself: inferred (installs.framework_sees_no_gpu)
        "cpu-only-build",
        "warning",
        "TensorFlow, JAX or torch answers in a Python session that it sees no GPU, and the "
        "text shows nothing else that explains it: most often a build without CUDA, else a "
        "missing or too old driver",
        "Run `nvidia-smi` (no output: no driver). TensorFlow: `python -c 'import tensorflow as "
        "tf; print(tf.__version__, tf.test.is_built_with_cuda())'` (False: a CPU build; since "
        "2.11 native Windows has none with CUDA, use WSL2); `pip install tensorflow[and-cuda]` "
        'on Linux. JAX: `pip install -U "jax[cuda12]"` (a jaxlib alone runs on the CPU). '
        "torch: `print(torch.__version__, torch.version.cuda)`; `None` is a CPU build.",
    ),
    make(
        "tensorflow-native-windows-no-gpu",
        r"(?!x)x",  # never by itself: inferred (installs.tensorflow_native_windows)
        "cpu-only-build",
        "warning",
        "TensorFlow on native Windows is said not to see the GPU, and the text names no "
        "TensorFlow release: from 2.11 on, TensorFlow's Windows packages are CPU-only",
        "Run TensorFlow in WSL2 (`pip install tensorflow[and-cuda]` there), or on native "
        "Windows use TensorFlow 2.10 with CUDA 11.2 and cuDNN 8.1 (`pip install "
        '"tensorflow<2.11"`, Python 3.7-3.10); `python -c "import tensorflow as tf; '
        "print(tf.__version__, tf.config.list_physical_devices('GPU'))\"` shows which.",
    ),
    make(
        "extra-index-url-cpu-torch-windows",
        r"(?!x)x",  # never by itself: inferred from the whole text (installs.extra_index_cpu_torch)
        "cpu-only-build",
        "warning",
        "torch installed on Windows with --extra-index-url to a CUDA index, and CUDA does not work "
        "(pip takes the highest version from any index; PyPI's Windows torch is the CPU build)",
        'Check `python -c "import torch; print(torch.__version__)"`: a version without +cuXXX is '
        "PyPI's CPU build. Reinstall from the CUDA index alone: `pip uninstall -y torch "
        "torchvision torchaudio` then `pip install torch torchvision torchaudio --index-url "
        "https://download.pytorch.org/whl/cuXXX` (--index-url, not --extra-index-url).",
    ),
    make(
        "xformers-built-for-cpu-torch",
        # (its second line may carry the launcher's prefix too: "Cache Preparation STDERR:
        # PyTorch 2.6.0+cu124 with CUDA 1204 (you have 2.6.0+cpu)", kohya-ss/musubi-tuner#184)
        r"xFormers was built for:?\s*(?:[^\n:]{1,60}:[ \t]+)?PyTorch \S+[^()]{0,40}"
        r"\(you have [\w.]+\+cpu\)",
        "cpu-only-build",
        "error",
        "a CPU-only torch is installed (xFormers was built for a CUDA torch)",
        "Install the CUDA build of torch the extension was built for (from the PyTorch index, "
        "e.g. `pip install torch==X --index-url https://download.pytorch.org/whl/cu121`).",
    ),
    make(
        # a model's code asserting that FlashAttention 2 imported: flash_attn is missing or its
        # import failed (most often a wheel built for another torch: undefined symbols)
        "flash-attn-not-available-assert",
        r"\bassert FLASH_ATTN_2_AVAILABLE\b",
        "framework-pairing",
        "warning",
        "flash_attn did not import: missing, or built for another torch / CUDA",
        'Run `python -c "import flash_attn"` to see why; install the flash-attn wheel built '
        "for the installed torch, CUDA and C++ ABI (its file name says so: "
        "`+cu12torch2.5cxx11abiFALSE`), or build it against this torch (`pip install flash-attn "
        "--no-build-isolation`).",
    ),
    make(
        # Theano's check of the libgpuarray/pygpu API it was written for: "Wrong major API
        # version for gpuarray: -9998 Make sure Theano and libgpuarray/pygpu are in sync"; a
        # stale dev install reports the version "-9998+914.g2438e7a", which Theano cannot parse
        "theano-pygpu-out-of-sync",
        r"Wrong major API version for gpuarray|Theano and libgpuarray/pygpu are in sync|"
        r"\bpygpu_parse_version\(",
        "framework-pairing",
        "error",
        "Theano and the installed libgpuarray/pygpu are not the versions made for each other",
        "Remove every libgpuarray/pygpu install (pip, conda and /usr/local builds), then install "
        "the pair matching this Theano (the conda packages of the same release, or both built "
        "from the same day's sources).",
    ),
    make(
        # code written for a newer xformers calling an older one
        "xformers-api-older-than-code",
        r"memory_efficient_attention\(\) got an unexpected keyword argument",
        "framework-pairing",
        "warning",
        "the installed xformers is older than the code expects (its API lacks an argument)",
        "Install the xformers release the project pins together with its torch (xformers "
        "wheels are built for one torch release: pick the pair, e.g. torch 2.0.1 with xformers "
        "0.0.20, from the project's requirements).",
    ),
    make(
        "xformers-built-for-other-torch",
        r"xFormers was built for:?\s*(?:[^\n:]{1,60}:[ \t]+)?PyTorch \S+[^()]{0,40}"
        r"\(you have [\w.+]+\)",
        "framework-pairing",
        "error",
        "xFormers was built for another torch release than the installed one",
        "Install the xformers release built for the installed torch (same index URL/CUDA as "
        "torch; `pip install xformers --index-url https://download.pytorch.org/whl/cuXXX`), or "
        "the torch version the message says xformers was built for.",
    ),
    make(
        "cuda-lib-symbol-version",
        # glibc's relocation error: "symbol X, version libcudart.so.11.0 not defined in file
        # libcudart.so.11.0 with link time reference" (some logs lose the "symbol" part)
        r"\bnot defined in file lib(?:cudart|cublas\w*|cudnn\w*|cusparse|cufft|curand|cusolver"
        r"|nvrtc|nvJitLink|nccl|cuda)\.so",
        "cuda-libs-mismatch",
        "error",
        "a CUDA library older than the one the module was built against is loaded",
        "An older copy of the library is found first (a conda cudatoolkit, a system toolkit on "
        "LD_LIBRARY_PATH): install the CUDA libraries the package was built for (the same CUDA "
        "minor or newer), or remove the older copy from the loader path.",
    ),
    make(
        "bitsandbytes-cpu-build",
        r"compiled without GPU support|libbitsandbytes_cpu\.(?:so|dll)",
        "cpu-only-build",
        "warning",
        "bitsandbytes loaded its CPU library (no CUDA build found for this setup)",
        "Install a bitsandbytes release with CUDA binaries for this CUDA version and platform "
        "(`pip install -U bitsandbytes`; on Windows a release >= 0.43), and check that torch is "
        "a CUDA build; `python -m bitsandbytes` prints what it found.",
    ),
    make(
        # bitsandbytes saw the GPU but not a CUDA runtime it has a binary for: its message asks
        # to "locate CUDA libraries ... add them to your LD_LIBRARY_PATH" (Vision-CAIR/MiniGPT-4
        # #63, heldout191 at its scoring; qvlm's libcudart, heldout80)
        "bitsandbytes-cuda-setup-failed",
        r"CUDA Setup failed despite GPU being available",
        "cuda-libs-mismatch",
        "warning",
        "bitsandbytes found the GPU but no CUDA runtime library it has a binary for, so it fell "
        "back to its CPU library",
        "Run `python -m bitsandbytes` and see which libcudart it found: install a bitsandbytes "
        "release built for the CUDA of the installed torch (`pip install -U bitsandbytes`; "
        "BNB_CUDA_VERSION picks another of its binaries), or put that CUDA's lib folder on "
        "LD_LIBRARY_PATH; on Windows a release >= 0.43 ships CUDA binaries.",
    ),
    make(
        "mmcv-ops-without-cuda",
        r"implementation for device cuda(?::\d+)? not found",
        "cpu-only-build",
        "error",
        "mmcv's compiled ops have no CUDA implementation (a CPU-only mmcv build)",
        "Install the mmcv build made for the installed torch and CUDA (mim install mmcv, or the "
        "wheel index for torch X / cuXY), not the CPU or 'lite' one; `python -c 'import mmcv.ops'` "
        "then `mmcv.ops.get_compiling_cuda_version()` tells.",
    ),
    make(
        "torch-c-no-cuda-attr",
        r"has no attribute '_cuda_\w+'",
        "cpu-only-build",
        "error",
        "torch has no CUDA functions: a CPU-only build is installed",
        "Uninstall the CPU build and install a CUDA build: `pip uninstall -y torch` then "
        "`pip install torch --index-url https://download.pytorch.org/whl/cu<XY>`.",
    ),
    make(
        # llama.cpp's own warning in a build without a GPU back end (llama-cpp-python's default
        # `pip install` compiles one): "warning: not compiled with GPU offload support,
        # --gpu-layers option will be ignored"
        "llama-cpp-no-gpu-offload",
        r"not compiled with GPU offload support",
        "cpu-only-build",
        "error",
        "llama.cpp was built without a GPU back end: GPU layers are ignored",
        LLAMA_CPP_CUDA_BUILD,
    ),
    make(
        # llama.cpp's system_info line of a build without cuBLAS ("... | BLAS = 0 | SSE3 = 1 |"),
        # or quoted ("It keeps saying BLAS=0"): abetlen/llama-cpp-python#787,
        # zylon-ai/private-gpt#1405
        "llama-cpp-blas-0",
        r"(?<![\w.])BLAS\s?=\s?0\b",
        "cpu-only-build",
        "warning",
        "llama.cpp reports BLAS = 0: a build without cuBLAS (CPU only, unless it runs another GPU "
        "back end such as Vulkan; builds since late 2024 print `CUDA : ARCHS = ...` instead)",
        LLAMA_CPP_CUDA_BUILD,
    ),
    make(
        "llama-cpp-cpu-buffers-only",
        r"(?!x)x",  # never by itself: inferred (runtime_symptoms.llama_cpp_cpu_only)
        "cpu-only-build",
        "warning",
        "llama.cpp loads the model into CPU buffers although GPU layers are asked for, and the "
        "text shows no CUDA device: a build without CUDA",
        LLAMA_CPP_CUDA_BUILD,
    ),
    make(
        "onnxruntime-no-cuda-provider",
        r"Specified provider 'CUDAExecutionProvider' is not in available provider names|"
        r"CUDA ?execution ?provider is not (?:available|enabled in this build)|"
        r"CUDAExecutionProvider not available|"
        # said in prose: "onnxruntime无法使用CUDAExecutionProvider" (onnxruntime cannot use
        # it: RVC-Boss/GPT-SoVITS#1227)
        r"(?<![\w-])onnxruntime(?:[-_]gpu)?[^\n.]{0,20}?"
        r"(?:cannot|can't|could not|couldn't|unable to|无法)\s*"
        r"(?:use|使用|load|find)\s*(?:the\s+)?CUDA ?ExecutionProvider|"
        # get_available_providers() of the CPU package, printed
        r"\[\s*(?:'AzureExecutionProvider',\s*)?'CPUExecutionProvider'\s*\]|"
        # facefusion / roop offer the providers onnxruntime has: only the CPU one
        r"--execution-providers?: invalid choice: '(?:cuda|tensorrt)' \(choose from 'cpu'\)",
        "cpu-only-build",
        "warning",
        "ONNX Runtime has no CUDA execution provider (the CPU package, or the GPU one cannot "
        "load CUDA/cuDNN)",
        "Install only onnxruntime-gpu (uninstall onnxruntime: both own the same module), in the "
        "release built for this CUDA and cuDNN major; `onnxruntime.get_available_providers()` "
        "must list CUDAExecutionProvider.",
    ),
    make(
        # PyTorch's memory-efficient attention (and xFormers') has no kernel for this GPU and
        # dtype, most often bf16 on a GPU before Ampere (OpenBMB/MiniCPM-V#51: a GTX 10xx)
        "cutlass-no-kernel",
        r"cutlassF: no kernel found to launch",
        "gpu-arch-unsupported",
        "warning",
        "memory-efficient attention has no kernel for this GPU and dtype (bf16 needs Ampere or "
        "newer)",
        "Load the model in float16 (or float32) on GPUs before Ampere, or pick another attention "
        'backend (`attn_implementation="eager"`).',
    ),
    make(
        # COLMAP's dense stereo (patch_match_stereo) exists only in a CUDA build: the CPU
        # docker image and pip's pycolmap wheels have none (colmap#1905, pycolmap#262)
        "colmap-without-cuda",
        r"Dense stereo reconstruction requires CUDA, which is not available on your system|"
        r"module 'pycolmap' has no attribute 'patch_match_stereo'",
        "cpu-only-build",
        "warning",
        "this COLMAP / pycolmap was built without CUDA (dense stereo needs it)",
        "Use a COLMAP built with CUDA (the CUDA docker image, or build with CUDA_ENABLED=ON); "
        "pycolmap's PyPI wheels have no CUDA: build pycolmap from source against a CUDA COLMAP.",
    ),
    make(
        # catboost's wheel script (mk_wheel.py) when nvcc fails on the GPU part
        "catboost-gpu-build-failed",
        r"^\W*GPU version build failed",
        "toolkit-mismatch",
        "warning",
        "the GPU part of a catboost source build failed (nvcc, its host compiler, or a CUDA "
        "toolkit the release does not support)",
        "Build with the CUDA toolkit and host compiler the catboost release documents (its build "
        "docs name both), or install the prebuilt GPU wheel from PyPI instead.",
    ),
    make(
        # the ZED SDK is built for one CUDA release: "Found CUDA 9.0 but the ZED SDK requires
        # 8.0" (zed-python-api#26)
        "sdk-requires-other-cuda",
        r"Found CUDA \d+\.\d+ but the [\w .-]{1,40}? requires (?:CUDA )?\d+\.\d+",
        "toolkit-mismatch",
        # the installer's own check can be wrong for the platform it was made for
        # (zed-python-api#34): a warning
        "warning",
        "the SDK was built for another CUDA release than the toolkit installed",
        "Install the SDK build made for the installed CUDA (the download page lists one per "
        "CUDA / JetPack release), or the CUDA release it requires.",
    ),
    make(
        # an installer's own check names the CUDA it found and the ones its prebuilt wheels
        # support: "CUDA 13.0 is not supported. Supported: 12.8" (ComfyUI-Easy-Install),
        # "Please install/reinstall CUDA tookit with any of the following supported version:
        # ['12.4', '12.1', '11.8']" (ComfyUI-3D-Pack#464)
        "installer-cuda-not-supported",
        r"\bCUDA (?:version )?\d+\.\d+ is not supported\. Supported:|"
        r"\b(?:install|reinstall)(?:/reinstall)? CUDA (?:toolkit|tookit) with any of the "
        r"following supported versions?",
        "toolkit-mismatch",
        "warning",
        "the installer's prebuilt parts support other CUDA releases than the one it found",
        "Install one of the CUDA releases the message lists (or a torch built with it) before "
        "running the installer, or build its extensions from source for this CUDA.",
    ),
    make(
        # the same checks for torch: "WARNING: Torch 2.9 is not supported. Supported: 2.8"
        "installer-torch-not-supported",
        r"\b(?:py)?torch (?:version )?v?\d+\.\d+(?:\.\d+)?(?:\+\w+)? is not supported\. "
        r"Supported:",
        "framework-pairing",
        "warning",
        "the installer's prebuilt extensions need another torch release than the one installed",
        "Install the torch release the message lists (with its CUDA build, e.g. `pip install "
        "torch==2.8.0 --index-url https://download.pytorch.org/whl/cu128`) before its "
        "extensions, or build them from source against the installed torch.",
    ),
    make(
        # the ZED SDK's "Error NO GPU COMPATIBLE": no GPU its CUDA build supports (a Maxwell
        # 940MX under the CUDA 11 build, zed-sdk#536)
        "sdk-no-gpu-compatible",
        r"\bNO GPU COMPATIBLE\b",
        "gpu-arch-unsupported",
        "warning",
        "the SDK found no GPU its build supports (too old for its CUDA release, or none)",
        "Install the SDK build for an older CUDA that still supports this GPU (the download "
        "page says which), or use a newer GPU; `nvidia-smi` shows whether a GPU is present.",
    ),
    make(
        "torchvision-operator-missing",
        r"(?:No such operator|operator) torchvision::\w+(?: does not exist)?|"
        # a CPU-only torchvision next to a CUDA torch: its ops have no CUDA kernels
        r"Could not run 'torchvision::\w+' with arguments from the 'CUDA' backend",
        "framework-pairing",
        "error",
        "torchvision's compiled operators are missing: it was built for another torch",
        "Install the torchvision release paired with the installed torch from the same index "
        "URL (the same CUDA build).",
    ),
    make(
        # a checkpoint that is not one: an HTML page a failed download saved ("invalid load key,
        # '<'", danielgatis/rembg#154: a 3.21 KiB u2net.pth) or a Git LFS pointer file ('v', its
        # first line is "version https://git-lfs.github.com/spec/v1")
        "checkpoint-is-html-or-lfs-pointer",
        r"invalid load key, '[<v]'",
        "data-network",
        "warning",
        "the model file is not a checkpoint: a download that saved an error page (HTML), or a "
        "Git LFS pointer that was never fetched",
        "Look at the file (`head -c 200 <file>`, its size): delete it and download it again (a "
        "proxy or rate limit serves HTML; `git lfs pull` fetches LFS files), then check its "
        "size or checksum against the source.",
    ),
    make(
        # onnxruntime-gpu's get_device() says "GPU" whatever the CUDA libraries; "CPU" means the
        # CPU package is the one imported (rembg[gpu] left onnxruntime beside onnxruntime-gpu,
        # danielgatis/rembg#483)
        "onnxruntime-get-device-cpu",
        r"(?!x)x",  # never by itself: the answer after the call (onnxruntime_device_is_cpu)
        "cpu-only-build",
        "warning",
        "onnxruntime says its device is the CPU: the CPU onnxruntime package is the one "
        "imported (onnxruntime-gpu says GPU)",
        "Keep only the GPU package: `pip uninstall -y onnxruntime onnxruntime-gpu` then `pip "
        "install onnxruntime-gpu` (both share the `onnxruntime` module; whichever installed "
        "last wins).",
    ),
    make(
        # torch's own operators have no CUDA kernels: the torch in use was built without CUDA
        # ("Could not run 'aten::empty_strided' with arguments from the 'CUDA' backend",
        # VOICEVOX/voicevox#299: the CPU package of an app asked for the GPU; the message's
        # "only available for these backends: [CPU, Meta, ...]" lists no CUDA in the reports
        # read, e.g. enesmsahin/simple-lama-inpainting#10, deepjavalibrary/djl#3806)
        "aten-op-no-cuda-backend",
        r"Could not run 'aten::\w+' with arguments from the 'CUDA' backend",
        "cpu-only-build",
        "warning",
        "torch's own operators have no CUDA kernels here: the torch in use is a CPU-only build "
        "(or a custom build without CUDA) asked to run on the GPU",
        'Check `python -c "import torch; print(torch.__version__, torch.version.cuda)"`: None '
        "is a CPU build; install the CUDA build (or the app's GPU package), or run on the CPU "
        "(the app's CPU mode).",
    ),
    make(
        # a compiled extension's operator registered without CUDA kernels: the extension was
        # built without CUDA (no nvcc / CUDA_HOME at build time, Stability-AI/stable-point-
        # aware-3d#19's texture_baker); torchvision's keep their row, and torch's own
        # quantized:: operators run on the CPU by design
        "extension-op-no-cuda-kernel",
        r"Could not run '(?!torchvision::|quantized::|aten::)[\w.]+::\w+' with arguments from "
        r"the 'CUDA' backend",
        "cpu-only-build",
        "warning",
        "a compiled extension's operator has no CUDA kernel: the extension was built without CUDA",
        "Rebuild the extension where nvcc and CUDA_HOME are set (`CUDA_HOME=/usr/local/cuda "
        "pip install --no-build-isolation --force-reinstall <package>`) and check its build log "
        "names nvcc; or install its CUDA wheel for this torch and CUDA.",
    ),
    make(
        # a compiled extension's operator that has no kernel for the CPU either (only Meta,
        # Autograd... are listed), or no fallback for its schema: its library registered the
        # operator's schema but not its kernels, as when it was built for another torch release
        # (meta-pytorch/torchcodec#336, #671: torchcodec 0.1/0.3 beside torch 2.5/2.8)
        "extension-op-kernels-not-registered",
        r"Could not run '(?!quantized::|aten::|prim::)[\w.]+::\w+' with arguments from the 'CPU' "
        r"backend|"
        r"no fallback function is registered for schema (?!aten::|prim::)[\w.]+::\w+",
        "framework-pairing",
        "warning",
        "a compiled extension's operators have no kernels registered (its library was built for "
        "another torch release, or did not load)",
        "Install the extension release made for the installed torch (its README's "
        "compatibility table; torchcodec, torchaudio and torchvision each pair with one torch "
        "minor), or the torch it was built for; importing its library directly shows the load "
        "error, if any.",
    ),
    make(
        # Python's faulthandler frames (no comma before "in") of a crash inside torch's
        # load_library or a PyG extension's import: the extension's native library crashed as it
        # was loaded, the mark of one built for another torch release (openclimatefix/
        # graph_weather#232: torch_scatter wheels for torch 2.7 under torch 2.10)
        "extension-crashed-at-load",
        r"File \"[^\"\n]*/torch/_ops\.py\", line \d+ in load_library\b|"
        r"File \"[^\"\n]*/(?:torch_scatter|torch_sparse|torch_cluster|torch_spline_conv|pyg_lib)"
        r"/__init__\.py\", line \d+ in <module>",
        "framework-pairing",
        "warning",
        "the process crashed while loading a compiled torch extension (usually one built for "
        "another torch release)",
        "Install the extension wheels built for the installed torch and CUDA (PyG's: "
        "`pip install torch_scatter -f https://data.pyg.org/whl/torch-X.Y.0+cuXYZ.html` with "
        "the installed torch's X.Y), or pin torch to the release the wheels were built for.",
    ),
    make(
        # a module built with the C++11 std::string ABI loaded with a libstdc++ that lacks it: an
        # older libstdc++ found first, or a gcc configured --with-default-libstdcxx-abi=gcc4-
        # compatible --disable-libstdcxx-dual-abi (NVlabs/NVBit#3). Symbols of std::__cxx11
        # itself, not of torch (whose __cxx11 symbols are an extension-ABI mismatch)
        "libstdcxx-without-cxx11-abi",
        r"undefined symbol: _Z(?:T[VIS])?NSt7__cxx11\d",
        "toolkit-mismatch",
        "warning",
        "the C++ runtime loaded lacks the C++11-ABI standard-library symbols the module was "
        "built with (a libstdc++ or gcc using the old ABI)",
        "Build and run with the same gcc and its libstdc++: check `gcc -v` for "
        "--with-default-libstdcxx-abi=gcc4-compatible, use a gcc with the dual ABI (the "
        "distribution's default), or put the libstdc++ of the gcc that built the module first on "
        "LD_LIBRARY_PATH.",
    ),
    make(
        # vs-mlrt's vstrt preloads its bundled CUDA DLLs; errno 127 (ERROR_PROC_NOT_FOUND) when
        # a DLL of the same name but another version is already loaded, e.g. by PyTorch in the
        # same process (AmusementClub/vs-mlrt#13)
        "cuda-dll-preload-failed",
        r"failed to preload [^\n]{0,200}?\b(?:cublas\w*|cudnn\w*|cudart\w*|nvinfer\w*|cufft\w*)"
        r"64_\d+\.dll, errno \d+",
        "cuda-libs-mismatch",
        "warning",
        "a bundled CUDA DLL could not be loaded: a different version of it is already loaded in "
        "the process (another framework's), or it is missing",
        "Do not load two CUDA stacks into one process (e.g. PyTorch and vs-mlrt's TensorRT in "
        "the same script): run them in separate processes, or use builds made for the same CUDA "
        "and cuDNN release.",
    ),
    make(
        # decord's PyPI wheels are built without CUDA: "CUDA not enabled. Requested context
        # GPU(0)." (dmlc/decord#71)
        "decord-built-without-cuda",
        r"CUDA not enabled\. Requested context GPU",
        "cpu-only-build",
        "error",
        "decord was built without CUDA (its PyPI wheels are CPU-only) and was asked for a GPU "
        "context",
        "Build decord from source with `cmake .. -DUSE_CUDA=ON` (and the NVIDIA Video Codec SDK), "
        "or decode on the CPU (`ctx=cpu(0)`) and move the frames to the GPU.",
    ),
    make(
        # OpenCV's DNN CUDA backend compares the cuDNN / CUDA runtime it loads with the ones it
        # was built with: "cuDNN reports version 8201 which does not match with the version 8000
        # with which OpenCV was built" (dusty-nv/jetson-inference#1409, after an L4T upgrade)
        "opencv-cuda-libs-version-mismatch",
        r"\b(?:cuDNN|CUDA (?:runtime|driver)) reports version \d+ which does not match with the "
        r"version \d+ with which OpenCV was built",
        "cuda-libs-mismatch",
        "warning",
        "OpenCV runs with another cuDNN or CUDA release than it was built with",
        "Rebuild OpenCV (with -DWITH_CUDNN=ON) against the cuDNN and CUDA installed now, or "
        "install the cuDNN / CUDA release it was built with; on Jetson, use the OpenCV build "
        "made for this L4T / JetPack release.",
    ),
    make(
        # dlib's own flag and its CMake notice: "dlib.DLIB_USE_CUDA returns False", "Disabling
        # CUDA support for dlib.  DLIB WILL NOT USE CUDA" (davisking/dlib#1703: built by pip
        # where cuDNN was missing; there also "returns dlib.DLIB_USE_CUDA as False"); and CMake's
        # flag that turns it off, "-DDLIB_USE_CUDA=0" (a README's build line:
        # MotorCityCobra/face_ripper_9000#6, heldout287 at its scoring). Not setup.py's "--no
        # DLIB_USE_CUDA", which reporters name as the workaround they tried (davisking/dlib#1094)
        "dlib-built-without-cuda",
        r"(?:\b|(?<=-D))DLIB_USE_CUDA\b[^\n]{0,30}?(?:\breturns?|\bis|\bas|=|:)\s*"
        r"(?:False|0|OFF)\b|\bDLIB WILL NOT USE CUDA\b",
        "cpu-only-build",
        "error",
        "dlib was built without CUDA",
        "Install the CUDA toolkit and cuDNN first, then rebuild dlib from source (`pip install "
        "--no-binary :all: --force-reinstall dlib`); its CMake output must not say 'DLIB WILL "
        "NOT USE CUDA' (the lines above it say what was missing), and `dlib.DLIB_USE_CUDA` must "
        "be True.",
    ),
    make(
        # NVRTC compiles a kernel at run time and loads libnvrtc-builtins (nvrtc-builtins64_*.dll)
        # next to libnvrtc; without it every runtime compile fails (xmrig-nvidia#247 on a
        # mining OS whose loader path lacked it)
        "nvrtc-builtins-missing",
        r"nvrtc: error: failed to (?:load builtins|open libnvrtc-builtins)|"
        r"libnvrtc-builtins\.so[\d.]*: cannot open shared object file|"
        r"nvrtc-builtins64_\d+\.dll[^\n]{0,40}(?:not found|could not be (?:found|loaded))",
        "cuda-libs-mismatch",
        "error",
        "NVRTC cannot load its builtins library (libnvrtc-builtins), so run-time kernel "
        "compiles fail",
        "Install the NVRTC package of the CUDA release the program uses (cuda-nvrtc-X-Y, or pip "
        "nvidia-cuda-nvrtc-cuXX) and put the directory holding libnvrtc-builtins.so next to "
        "libnvrtc on the loader path (LD_LIBRARY_PATH / PATH on Windows).",
    ),
    make(
        # CuPy loads the CUDA libraries of the CUDA release its wheel was built for (nvrtc64_112_0
        # is CUDA 11.2's NVRTC): "CuPy failed to load nvrtc64_112_0.dll: FileNotFoundError"
        # (98mxr/GMFSS_Fortuna#6). Windows DLLs only: on Linux the loader's "cannot open shared
        # object file" has its own reading, and cupy's show_config prints these words for an
        # optional library too (cupy/cupy#9547, a control)
        "cupy-cuda-library-not-loaded",
        r"CuPy failed to load (?:nvrtc|cudart|cublas\w*|cufft|curand|cusolver|cusparse"
        r"|cutensor|nvJitLink)\w*\.dll\b|"
        r"Could not find module '[^'\n]{0,120}?(?:nvrtc|cudart|cublas\w*|cufft|curand|cusolver"
        r"|cusparse)64_\d+(?:_\d+)?\.dll'",
        "cuda-libs-mismatch",
        "warning",
        "a CUDA library of the release the package was built for cannot be loaded (a CuPy wheel "
        "needs the CUDA libraries of its own CUDA release)",
        "Install the CuPy wheel made for the CUDA that is installed (cupy-cuda11x / cupy-cuda12x "
        "/ cupy-cuda13x, per `nvidia-smi` and `nvcc --version`), or install that CUDA release's "
        "libraries (`pip install cupy-cuda12x[ctk]`, or the toolkit) and put them on PATH / "
        "LD_LIBRARY_PATH; `python -c 'import cupy; cupy.show_config()'` shows what it loads.",
    ),
    make(
        # CuPy compiling a kernel (JIT, RawKernel, an elementwise op) finds no CUDA toolkit: no
        # CUDA_PATH / CUDA_HOME and none where it looks ("Failed to auto-detect CUDA root
        # directory. Please specify `CUDA_PATH` ...", cupy/cupy#3246, fbpic/fbpic#371: a conda
        # cudatoolkit outside its search; cupy/cupy#9755: a toolkit at /usr/local/cuda with
        # neither variable set, in a container)
        "cupy-cuda-root-not-found",
        r"Failed to auto-detect CUDA root directory",
        "cuda-libs-mismatch",
        "warning",
        "CuPy found no CUDA toolkit to compile its kernels with (none installed, or CUDA_PATH / "
        "CUDA_HOME not set to it)",
        "Install the CUDA toolkit of the release the cupy-cudaXXx package names (e.g. 12.x for "
        "cupy-cuda12x) and set CUDA_PATH to its root (`export CUDA_PATH=/usr/local/cuda`; on "
        "Windows the installer sets it: open a new shell); `python -c 'import cupy; "
        "cupy.show_config()'` shows the CUDA root it uses.",
    ),
    make(
        # CuPy's own import failure banner: "Failed to import CuPy. If you installed CuPy via
        # wheels (cupy-cudaXXX or cupy-rocm-X-X), make sure that the package matches with the
        # version of CUDA or ROCm installed." (Fannovel16/ComfyUI-Frame-Interpolation#41)
        "cupy-import-failed",
        r"^\W{0,3}Failed to import CuPy\b",
        "cuda-libs-mismatch",
        "warning",
        "CuPy failed to import: its wheel usually does not match the installed CUDA (its "
        "libraries cannot be loaded)",
        "Install the CuPy wheel made for the installed CUDA major (cupy-cuda11x / cupy-cuda12x / "
        "cupy-cuda13x) and uninstall the others; the lines after CuPy's banner name the library "
        "or module that failed to load.",
    ),
    make(
        # Chainer's check_cuda_available(): "RuntimeError: CUDA environment is not correctly set
        # up (see https://github.com/chainer/chainer#installation)." followed by CuPy's import
        # error: chainer has no GPU back end until CuPy imports (chainer/chainerrl#602,
        # heldout293 at its scoring: CuPy was not installed). A warning: the same words came
        # once from a chainer regression on a good machine (chainer/chainer#6134).
        "chainer-cupy-unavailable",
        r"\bCUDA environment is not correctly set up\b",
        "cpu-only-build",
        "warning",
        "Chainer found no usable CuPy, so it has no GPU back end (CuPy is missing or failed to "
        "import)",
        "Install the CuPy wheel for the installed CUDA major (`pip install cupy-cuda12x`, "
        "cupy-cuda11x, ...; one CuPy package only), then check `python -c 'import cupy; "
        "cupy.show_config()'`; the text after Chainer's message names CuPy's own import error.",
    ),
    make(
        # CURAND_STATUS_ARCH_MISMATCH (204): the GPU lacks a feature the cuRAND call needs
        # (cuRAND's status codes: double precision on a Fermi-era card, NVIDIA/nccl#24)
        "curand-arch-mismatch",
        r"\bCURAND_STATUS_ARCH_MISMATCH\b|\bcuRAND (?:error|status)\s*:?\s*204\b",
        "gpu-arch-unsupported",
        "error",
        "cuRAND says the GPU's architecture does not support the call (status 204)",
        "Run on a GPU of the compute capability the program and its CUDA release support "
        "(`nvidia-smi --query-gpu=name,compute_cap --format=csv`), or build it for this GPU.",
    ),
    make(
        # cudaErrorInvalidSymbol from cudaMemcpyToSymbol / cudaGetSymbolAddress in a program
        # that ran on older GPUs: the binary holds no code for this GPU, so its __constant__
        # and __device__ symbols are missing (miners built with CUDA 10 on RTX 30 cards,
        # ethminer#2086); a program's own symbol bug gives it too: a warning
        "invalid-device-symbol",
        r"\binvalid device symbol\b|\bcudaErrorInvalidSymbol\b",
        "gpu-arch-unsupported",
        "warning",
        "a CUDA device symbol is missing: usually the binary has no code for this GPU's "
        "architecture",
        "Check the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`) against the architectures the program was built for (`cuobjdump "
        "--list-elf <binary>`); use a release built with a CUDA that knows this GPU (Ampere "
        "needs CUDA 11.1+, Blackwell 12.8+) or build it with -arch for this GPU.",
    ),
    make(
        "fp16-not-supported-on-cpu",
        r"FP16 is not supported on CPU; using FP32 instead",
        "cpu-only-build",
        "warning",  # also printed on a host without a GPU, where the CPU is expected
        "the model runs on the CPU (Whisper: FP16 is not supported on CPU)",
        "On a host with an NVIDIA GPU this means torch cannot use it: check "
        "`python -c 'import torch; print(torch.__version__, torch.cuda.is_available())'`; a "
        "`+cpu` build needs the CUDA wheel (`pip install torch --index-url "
        "https://download.pytorch.org/whl/cu124`), or pass the device (`--device cuda`).",
    ),
    make(
        # a program's own refusal when its build has no CUDA: "GPU execution requested, but this
        # hoomd was built without CUDA support" (glotzerlab/hoomd-blue#516, its pip/conda CPU
        # build); asked for the GPU, refused by the build
        "program-built-without-cuda-asked-for-gpu",
        r"\b(?:gpu|cuda|device)\b[^\n]{0,60}?\brequested\b[^\n]{0,40}?\b(?:was|is) "
        r"(?:built|compiled) without (?:cuda|gpu)(?: support)?\b",
        "cpu-only-build",
        "warning",
        "the program was asked for the GPU, and its build has no CUDA",
        "Install the program's CUDA build (conda-forge's GPU variant, the vendor's CUDA wheel) "
        "or build it with CUDA enabled (its CMake option, e.g. -DENABLE_GPU=ON); the package "
        "name or build string says which one is installed.",
    ),
    make(
        "opencv-without-cuda",
        # (not "-216:No CUDA support) OpenCV was not built to work with the selected device",
        # which is the arch list's message)
        r"The library is compiled without CUDA support|"
        r"getCudaEnabledDeviceCount\(\)\W{0,3}(?:\s*\n){0,3}[^\n]{0,40}?\b(?:returns?|is|==?|gives?)"
        r"\s*(?:still\s+|always\s+)?(?:me\s+)?(?:the\s+)?(?:count\s+)?0\b",
        "cpu-only-build",
        "warning",  # a count of 0 may also be a missing driver; the -216 message says the build
        "OpenCV reports no CUDA: the OpenCV build in use was compiled without CUDA (pip's "
        "opencv-python, most NuGet and distribution packages)",
        "Check `python -c 'import cv2; print(cv2.getBuildInformation())'` (or "
        "Cv2.GetBuildInformation()): 'Use Cuda: NO' means a build without CUDA; build OpenCV "
        "with -D WITH_CUDA=ON -D OPENCV_DNN_CUDA=ON (and the contrib modules), or install a "
        "package built with CUDA.",
    ),
    make(
        "tensorflow1-cpu-package",
        r"(?!x)x",  # never by itself: inferred (installs.tensorflow1_cpu_package)
        "cpu-only-build",
        "warning",
        "TensorFlow 1.x (before 1.15, or 1.15.2) installed as the `tensorflow` package, with "
        "no `tensorflow-gpu`: that package was the CPU build",
        "Install the GPU package of the same release instead: `pip uninstall -y tensorflow` "
        "then `pip install tensorflow-gpu==1.x.y` (tensorflow.org/install/gpu: for 1.15 and "
        "older the CPU and GPU packages are separate), with the CUDA/cuDNN of its tested build "
        "configuration.",
    ),
    make(
        "tf-no-known-devices",
        r"Device mapping: no known devices",
        "cpu-only-build",
        "warning",
        "TensorFlow maps no GPU device: the package in use has no GPU support (before 2.1 the "
        "`tensorflow` package was CPU-only; a source build without --config=cuda), or it could "
        "not load CUDA",
        "Check `python -c 'import tensorflow as tf; print(tf.test.is_built_with_cuda())'`: False "
        "is a CPU build (TF 1.x: install `tensorflow-gpu`; a source build: configure with CUDA "
        "and build with `--config=cuda`); True means the CUDA libraries did not load (TF prints "
        "which).",
    ),
    make(
        "cpu-device-chosen",
        r"(?!x)x",  # never by itself: inferred from the whole text (see cpu_device_chosen)
        "cpu-only-build",
        "warning",
        "the work runs on the CPU although the text names an NVIDIA GPU",
        "Check what the framework sees: `python -c 'import torch; print(torch.__version__, "
        "torch.cuda.is_available())'`; a `+cpu` build (or is_available() False) needs the CUDA "
        "wheel from the framework's index; otherwise pass the device (`--device cuda`).",
    ),
    make(
        "jetson-framework-without-cuda",
        r"(?!x)x",  # never by itself: inferred from the whole text (see inferences)
        "cpu-only-build",
        "warning",
        "on a Jetson the framework sees no GPU: it is not a build for Jetson's GPU",
        "Install the framework build NVIDIA publishes for this JetPack release (NVIDIA's "
        "'Installing PyTorch for Jetson Platform' guide, or the l4t-pytorch / l4t-ml "
        "containers); generic aarch64 wheels from PyPI or other builders do not use Jetson's "
        "integrated GPU.",
    ),
    make(
        "jetson-cuda-wheel-not-published",
        r"(?!x)x",  # never by itself: pip-cuda-build-not-on-index on a Jetson (see inferences)
        "cpu-only-build",
        "warning",
        "pip found no CUDA (+cuXXX) build of torch for this Jetson: PyTorch's index has CUDA "
        "builds for x86_64 only, and PyPI's aarch64 wheels are CPU-only",
        "Install the torch build NVIDIA publishes for this JetPack release (NVIDIA's 'Installing "
        "PyTorch for Jetson Platform' guide, or the l4t-pytorch / l4t-ml containers); no "
        "--extra-index-url gives Jetson a CUDA build.",
    ),
    make(
        "keras-metric-already-exists",
        r"Another metric with the same name already exists|"
        r"has no attribute '?strategy_supports_no_merge_call'?",
        "framework-pairing",
        "error",
        "keras and TensorFlow are different releases (both register the same metrics)",
        "Install the keras release of the TensorFlow release (for TF <= 2.15: "
        "`pip install keras==<TF major.minor>.*`, e.g. keras 2.6 with TF 2.6), or reinstall "
        "TensorFlow so that pip brings its own keras.",
    ),
    make(
        "checkpoint-write-failed",
        # (an issue's markdown can turn the colon into "_": "inline_container.cc_595] .
        # unexpected pos", JarodMica/StyleTTS-WebUI#18, heldout138 at its scoring)
        r"inline_container\.cc[:_]?\d*\]?\s*\.?\s*unexpected pos \d+ vs \d+|"
        r"PytorchStreamWriter failed writing file",
        "storage",
        "warning",  # a full disk is the usual cause; a dropped network mount is another
        "writing a checkpoint failed part-way (the disk or quota usually filled up)",
        "Check free space where checkpoints go (`df -h <dir>`), keep fewer checkpoints "
        "(save_total_limit) or write them to a larger volume.",
    ),
    make(
        "installer-python-range",
        r"Please install Python \d+\.\d+(?:\.\d+)? or (?:higher|newer) \(maximum \d+\.\d+|"
        # numba's and llvmlite's setup.py guard (_guard_py_ver), kohya_ss's setup check
        r"Cannot install on Python version \d+\.\d+(?:\.\d+)?; only versions \S+ are supported|"
        r"\b_guard_py_ver\(|"
        r"python version needs to be (?:greater|higher|at least|between)\b[^\n]{0,40}"
        r"\b(?:less|lower|below|and)\b",
        "python-unsupported",
        "error",
        "the installer needs a Python within a range, and this one is outside it",
        "Install a Python inside the range the message names (e.g. with uv or pyenv: "
        "`uv python install 3.11`) and run the installer with it.",
    ),
    make(
        "dgl-cpu-build",
        # (older DGL and TVM call the device "gpu": "Error: device API GPU is not enabled",
        # dmlc/dgl#979, heldout197 at its scoring)
        r"Device API (?:cuda|gpu) is not enabled|Please install the cuda version of dgl|"
        # GraphBolt's CUDA-only ops are missing from DGL's CPU build, which a CUDA torch then
        # asks for: "AttributeError: '_OpNamespace' 'graphbolt' object has no attribute
        # 'set_max_uva_threads'" (dmlc/dgl#7512, #7494, heldout295 at its scoring)
        r"'graphbolt' object has no attribute 'set_max_uva_threads'|"
        r"\bgraphbolt\.set_max_uva_threads\(\)[^\n]{0,200}?\bfails with an AttributeError\b",
        "cpu-only-build",
        "error",
        "the DGL installed is its CPU build (no CUDA device API)",
        "Install DGL's CUDA build for the installed torch and CUDA from DGL's wheel index "
        "(`pip install dgl -f https://data.dgl.ai/wheels/torch-<X.Y>/cu<XYZ>/repo.html`); its "
        "version carries the tag (`dgl.__version__` ends in +cuXYZ).",
    ),
    make(
        "faiss-cpu-build",
        # the GPU classes and helpers exist only in faiss' GPU build: without them the faiss
        # imported is a CPU one (faiss-cpu, or a CPU build shadowing faiss-gpu)
        # (the closing quote may be lost in a pasted sentence: "has no attribute
        # 'StandardGpuResources can anyone help", facebookresearch/faiss#888)
        r"module 'faiss' has no attribute '(?:StandardGpuResources\b|(?:Gpu\w+|"
        r"index_cpu_to_\w*gpu\w*|get_num_gpus)')|"
        r"name '(?:GpuResourcesVector|StandardGpuResources)' is not defined|"
        # told: "it can't see the `StandardGpuResources` attribute" (faiss#1013)
        r"\b(?:can't|cannot|can not|doesn't|does not)\s+(?:see|find|have)\s+(?:the\s+)?"
        r"`?StandardGpuResources`?\s+attribute|"
        # Python 2's wording names no module: the GPU class names are faiss' own
        r"'module' object has no attribute '(?:StandardGpuResources|GpuIndex\w+|"
        r"GpuMultipleClonerOptions|index_cpu_to_(?:all_)?gpus?)'",
        "cpu-only-build",
        "error",
        "the faiss imported is a CPU-only build (no GPU classes): faiss-cpu, or a CPU build "
        "shadowing faiss-gpu",
        "Remove every faiss build and install one GPU build: `pip uninstall -y faiss-cpu faiss "
        "faiss-gpu` then `conda install -c pytorch -c nvidia faiss-gpu` (or `pip install "
        "faiss-gpu-cu12`); check with `python -c 'import faiss; print(faiss.get_num_gpus())'`.",
    ),
    make(
        "cpu-torch-stated",
        # (no \b after torch: CJK text runs on, "PyTorch安装的是CPU版本": Langchain-Chatchat#294)
        r"\b(?:py)?torch(?![A-Za-z0-9_])[^.\n]{0,40}?(?:cpu版本|"
        r"cpu ?-?only (?:version|build|wheel)|(?:the |a )?cpu (?:version|build|wheel)\b)|"
        # (torchvision's and torchaudio's too: "Seems to install the CPU version of
        # `torchvision-0.27.0` too", meizhong986/WhisperJAV#334, heldout252 at its scoring)
        r"\b(?:cpu(?: ?-?only)?|non-?cuda) (?:version|build|wheel) of [`'\"]?(?:py)?torch"
        r"(?:vision|audio)?\b|"
        # "默认安装为CPU版本的torch", installs the CPU version of torch by default (chenfei-wu/
        # TaskMatrix#171, heldout252 at its scoring)
        r"cpu版本的\s*(?:py)?torch|"
        # conda's CPU variant seen going in: "observe cpuonly version being installed"
        # (pytorch/pytorch#65338, heldout260 at its scoring)
        r"\bcpu ?-?only (?:version|build) (?:is |was )?(?:being |getting |gets |got )?installed\b|"
        # "the version of pytorch installed was cpu only" (cgpotts/cs224u#125)
        r"\b(?:py)?torch\b[^.\n]{0,30}?\b(?:was|is)\s+(?:the\s+)?cpu[- ]only\b"
        r"(?![- ](?:machine|node|host|server|box|laptop))|"
        # "installs `cpu` versions of `pytorch` and `torchvision` instead of `gpu` ones"
        r"\binstall(?:s|ed|ing)?\s+(?:the\s+)?[`'\"]cpu[`'\"]\s+(?:versions?|builds?|wheels?)\s+of\s+"
        r"[`'\"]?(?:py)?torch\b|"
        # "the wrong pytorch version is installed. It defaults to the [cpu] version"
        r"\bdefaults? to (?:the )?\[?cpu\]?(?:[- ]only)? (?:version|build|wheel)\b|"
        # "torch with cuda is removed and torch cpu is installed"
        r"\b(?:py)?torch[- _]cpu\s+(?:is|was|gets?|got|being)\s+(?:re)?installed\b|"
        # (conda's package name too: "it shows that I installed `pytorch_cpu`")
        r"\binstall(?:s|ed|ing)?\s+(?:the\s+)?[`'\"]?(?:py)?torch[- _]cpu\b(?![-\w])|"
        # an update or install that left torch without CUDA: "it has dumbed down torch to no
        # cuda", "replaced torch with a version without CUDA"
        r"\b(?:changed|downgraded|dumbed down|replaced|reinstalled|switched)\s+(?:my\s+|the\s+)?"
        r"(?:py)?torch\b[^.\n]{0,30}?\b(?:to|with)\s+(?:a\s+)?(?:version\s+)?"
        r"(?:no|without)\s+cuda\b|"
        # "This command installs cpu version instead of cuda."
        r"\binstall(?:s|ed|ing)?\s+(?:the\s+|a\s+)?cpu(?:[- ]only)?\s+"
        r"(?:versions?|builds?|wheels?)\b"
        r"[^.\n]{0,30}?\binstead of\s+(?:the\s+)?(?:cuda|gpu)\b|"
        # "It always let you install CPU version" (kevinjohncutler/omnipose#45: the GPU
        # instructions resolved a CPU build every time)
        r"\b(?:always|only|keeps?)\s+(?:let(?:s|ting)?\s+(?:you|me|us)\s+)?install(?:s|ed|ing)?\s+"
        r"(?:the\s+|a\s+)?cpu(?:[- ]only)?\s+(?:versions?|builds?|wheels?)\b|"
        # "the CPU-only PyTorch is installed" (Imageomics/pybioclip#101: an environment made on a
        # login node), "mamba still tries to install Pytorch "CPU"" (mamba-org/mamba#1617)
        r"\bcpu[- ]only\s+(?:py)?torch\s+(?:is|was|gets?|got)\s+(?:re)?installed\b|"
        r"\binstall(?:s|ed|ing)?\s+(?:py)?torch\s+[\"'`]cpu[\"'`]|"
        # "torch installed w/o gpu support", "torch got installed without GPU support"
        r"\b(?:py)?torch\s+(?:(?:was|is|got|gets|get)\s+)?installed\s+(?:w/o|without)\s+"
        r"(?:gpu|cuda)(?:\s+support)?\b|"
        # "it will install torch which donot work with cuda"
        r"\binstall(?:s|ed|ing)?\s+(?:a\s+|the\s+)?(?:py)?torch\s+(?:which|that)\s+"
        r"(?:does\s*not|doesn'?t|do\s*not|don'?t|donot|cannot|can'?t)\s+(?:work|run)\s+"
        r"(?:with|on)\s+(?:cuda|the gpu|gpu)\b",
        "cpu-only-build",
        "warning",
        "the text says the CPU build of torch was installed",
        "Install the CUDA build from the PyTorch index (`pip install torch --index-url "
        "https://download.pytorch.org/whl/cu<XY>`); a requirements file that names plain "
        "`torch` gets the CPU build on Windows.",
    ),
    make(
        # torch's CMake config asks for NVTX's library, which the CUDA toolkit found lacks:
        # "LIBNVTOOLSEXT ... set to NOTFOUND" (dphnAI/sonar#734, torch 2.4 with a conda CUDA
        # 12.1), "Imported target "torch" includes non-existent path "C:\Program Files\NVIDIA
        # Corporation\NvToolsExt\/include"" (acids-ircam/nn_tilde#46, libtorch on CUDA 12)
        "nvtoolsext-not-found",
        r"^[^\S\n]*LIBNVTOOLSEXT\s*$|\bLIBNVTOOLSEXT\b[^\n]{0,40}NOTFOUND|"
        r"non-existent path\W{0,5}\s*\"?[^\"\n]{0,60}NvToolsExt",
        "cuda-libs-mismatch",
        "warning",
        "torch's CMake config needs the NVTX library (nvToolsExt), which the CUDA toolkit it "
        "found does not have",
        "Install the toolkit's NVTX component (conda: `cuda-nvtx` from the same CUDA label; "
        "apt: `cuda-nvtx-<major>-<minor>`), or point CUDA_HOME / CMake at a full toolkit that "
        "has it; or build against a torch release whose CMake config does not ask for it.",
    ),
    make(
        "cudnn-missing-stated",
        r"\b(?:lib)?cudnn\b(?:[^.\n]|\.\w){0,60}?(?:(?:is |are )?not (?:be )?(?:installed|found)|"
        r"\bmissing\b|"
        r"(?:don't|do not|doesn't|does not) (?:seem to )?(?:have|exist))|"
        r"(?:don't|do not|doesn't) (?:seem to )?have[^.\n]{0,30}?\b(?:lib)?cudnn\b",
        "cuda-libs-mismatch",
        "warning",
        "the text says cuDNN is missing",
        "Install the cuDNN the framework was built with (its tested configuration names it) "
        "for the CUDA in use, and put it on LD_LIBRARY_PATH (or load its module on a cluster).",
    ),
    make(
        # Paddle's own check of the GPU against the architectures its package was built for
        "paddle-arch-mismatch",
        r"Mismatched GPU Architecture: The installed PaddlePaddle package was compiled for",
        "gpu-arch-unsupported",
        "error",
        "the installed PaddlePaddle package has no kernels for this GPU's architecture",
        "Install the paddlepaddle-gpu wheel built for this GPU (for Blackwell, sm_120: the CUDA "
        "12.9 build, from PaddlePaddle's install page for the release) and check it with "
        '`python -c "import paddle; paddle.utils.run_check()"`.',
    ),
    make(
        "paddle-cpu-build",
        r"You are using paddlepaddle cpu version|PaddlePaddle is not compiled with CUDA|"
        r"Cannot use GPU because you have installed CPU version (?:of )?PaddlePaddle",
        "cpu-only-build",
        "error",
        "the CPU build of PaddlePaddle is installed (or shadows the GPU build)",
        "Uninstall `paddlepaddle` and keep only `paddlepaddle-gpu` (both install the same "
        "`paddle` package, so the CPU one can shadow the GPU one): `pip uninstall -y "
        "paddlepaddle paddlepaddle-gpu && pip install paddlepaddle-gpu==<version>`.",
    ),
    make(
        # TensorFlow's TF-TRT at import: "TensorRT mismatch. Compiled against version 5.0.2, but
        # loaded 5.1.2. Things may not work."
        "tf-tensorrt-version-mismatch",
        r"TensorRT mismatch\. Compiled against version [\d.]+, but loaded [\d.]+",
        "cuda-libs-mismatch",
        "warning",
        "TensorFlow was built against another TensorRT release than the one it loaded",
        "Install the TensorRT release this TensorFlow was built against (the message names it; "
        "NVIDIA's TensorFlow containers ship a matching pair), or the TensorFlow built for "
        "the TensorRT you have.",
    ),
    make(
        # C++ code written for another TensorRT release than the headers it compiles against:
        # "error: 'kBF16' is not a member of 'nvinfer1::BuilderFlag'", "'class
        # nvinfer1::IExecutionContext' has no member named 'setOutputTensorAddress'"
        "tensorrt-api-mismatch",
        r"is not a member of '?nvinfer1::|'class nvinfer1::\w+' has no member named",
        "cuda-libs-mismatch",
        "error",
        "the code uses a TensorRT API the installed TensorRT headers do not have: it was written "
        "for another TensorRT release",
        "Build against the TensorRT release the project names (NV_TENSORRT_MAJOR in "
        "NvInferVersion.h shows the installed one; TensorRT 10 removed and renamed much of 8.x's "
        "API), or use the project's release written for the installed TensorRT.",
    ),
    make(
        # TensorRT 6/7 deserializing an engine written by another TensorRT release: "Assertion
        # size >= bsize && "Mismatch between allocated memory size and expected size of
        # serialized engine." failed"
        "tensorrt-engine-size-mismatch",
        r"Mismatch between allocated memory size and expected size of serialized engine",
        "cuda-libs-mismatch",
        "warning",
        "TensorRT could not read the engine file: most often it was written by another TensorRT "
        "release (or is not the whole file)",
        "Build and load the engine with the same TensorRT release (`python -c 'import tensorrt; "
        "print(tensorrt.__version__)'` against the C++ library's NV_TENSORRT_* version), or "
        "rebuild the engine with trtexec on this machine.",
    ),
    make(
        # CTranslate2 (faster-whisper, WhisperX) asked for float16 on a GPU without fast FP16:
        # "Requested float16 compute type, but the target device or backend do not support
        # efficient float16 computation." (CTranslate2's docs: compute capability >= 7.0)
        "ctranslate2-float16-unsupported",
        r"float16 compute type, but the target device or backend do not support efficient "
        r"float16 computation|target device or backend do not support efficient float16|"
        # retold: "it still says that it doesn't support efficient float16 computation"
        r"\b(?:does not|doesn't|do not|don't) support efficient float16 computation",
        "gpu-arch-unsupported",
        "warning",
        "CTranslate2 runs float16 only on GPUs of compute capability 7.0 and newer (or with the "
        "CUDA libraries it can load): this GPU or setup has no efficient float16",
        "Use compute_type='float32' or 'int8_float32' (or 'int8') on a GPU below compute "
        "capability 7.0 (GTX 10xx and older); on a newer GPU, check that CTranslate2 loads "
        "its cuBLAS and cuDNN (the versions its release needs).",
    ),
    make(
        "ctranslate2-float16-libs",
        r"(?!x)x",  # never by itself: ctranslate2-float16-unsupported retold on a GPU with FP16
        "cuda-libs-mismatch",
        "warning",
        "CTranslate2 finds no efficient float16 on a GPU that has it (compute capability 7.0+): "
        "the CUDA libraries it loads (cuBLAS, cuDNN) are not ones it can use",
        "Install the cuBLAS and cuDNN the CTranslate2 release needs (its README: CUDA 12 and "
        "cuDNN 9 for 4.x; pip's nvidia-cublas-cu12 and nvidia-cudnn-cu12), remove hand-copied "
        "DLLs of another CUDA from PATH, or a torch with the same CUDA in the environment.",
    ),
    make(
        # PyTorch 1.0/1.1's CUDA 9 wheels on newer GPUs: "THCudaCheck FAIL
        # file=/pytorch/aten/src/THC/THCGeneral.cpp line=383 error=11 : invalid argument" at
        # start-up (pytorch/pytorch#15797)
        "thc-general-invalid-argument",
        r"THCudaCheck FAIL file=\S*THCGeneral\.cpp line=\d+ error=11 : invalid argument",
        "gpu-arch-unsupported",
        "warning",
        "PyTorch's start-up failed with 'invalid argument' (error 11): the PyTorch 1.0/1.1 CUDA 9 "
        "builds do this on GPUs newer than their CUDA (Turing); a GPU whose memory another "
        "process holds does it too",
        "Install the PyTorch build for CUDA 10 or newer (`conda install pytorch cudatoolkit=10.0 "
        "-c pytorch` for 1.0/1.1, or a current release), which has kernels for this GPU; if the "
        "build already is one, `nvidia-smi` shows whether another process holds the GPU.",
    ),
    make(
        # libcu++'s own check: "#error directive: "CUDA synchronization primitives are only
        # supported for sm_70 and up."" (std/barrier, cuda::barrier): code using them cannot
        # build for an older GPU
        "cuda-sync-primitives-sm70",
        r"CUDA synchronization primitives are only supported for sm_70 and up",
        "gpu-arch-unsupported",
        "error",
        "the code uses CUDA synchronization primitives (cuda::barrier), which need compute "
        "capability 7.0 or newer: this GPU is older",
        "Run it on a GPU of compute capability 7.0 or newer (Volta and later), or a release of "
        "the software that still supports older GPUs.",
    ),
    make(
        # __nanosleep is a device function of compute capability 7.0 and newer (CUDA C++
        # Programming Guide); compiled at run time for an older GPU (NVRTC, -arch of the GPU
        # found) it is an undeclared identifier: "identifier "__nanosleep" is undefined", a
        # GTX 980 (sm_52) in m-schuetz/Splatshop#2
        "cuda-nanosleep-before-sm70",
        r"identifier \"?__nanosleep\"? is undefined|'__nanosleep' was not declared",
        "gpu-arch-unsupported",
        "warning",
        "the code calls __nanosleep, which needs compute capability 7.0 or newer: it was "
        "compiled for an older GPU",
        "Run it on a GPU of compute capability 7.0 or newer (Volta and later); when the GPU is "
        "that new, the build targets an older architecture: compile for the GPU's own "
        "(`-arch=sm_XY`, TORCH_CUDA_ARCH_LIST).",
    ),
    make(
        # "expecting library version 5.1.5 got 0.0.0": the file holds no version at all, so it
        # is not a plan this TensorRT wrote (corrupt, truncated, written in text mode), not one
        # built by another release (which states its version)
        "tensorrt-engine-file-unreadable",
        r"expecting library version [\d.]+ got 0(?:\.0)+(?![\d.]*[1-9])",
        "cuda-libs-mismatch",
        "warning",
        "the engine file states no TensorRT version (0.0.0): it is not a plan TensorRT can read",
        "Check the file, not the install: write and read it in binary mode (std::ios::binary; "
        "text mode corrupts it on Windows), and make sure it is the whole .engine/.plan, not a "
        "truncated copy or a Git LFS pointer; then rebuild it with trtexec on this machine.",
    ),
    make(
        "tensorrt-engine-version",
        r"Version tag does not match|engine plan file is not compatible with this version of "
        r"TensorRT|expecting library version [\d.]+ got [\d.]+|"
        # the same retold in an issue title: "expecting [TensorRT] library version 9.2.0.5 got
        # 9.3.0.1" (triton-inference-server/tensorrtllm_backend#424, heldout294 at its scoring)
        r"expecting \[TensorRT\] library version [\d.]+ got (?!0(?:\.0)+\b)[\d.]+|"
        # TensorRT 10: "Failed due to an old deserialization call on a newer plan file. This
        # might happen when the plan file was built from an older TensorRT version."
        r"old deserialization call on a newer plan file|"
        # TensorRT 8.4: "The engine plan file has a layer that utilizes loop API or boolean
        # tensors, but the current platform does not support these layers due to mismatch of
        # libnvrtc version." (round fifty-one's sealed etsauto-6, missed at its scoring)
        r"\bdoes not support these layers due to mismatch of libnvrtc version",
        "cuda-libs-mismatch",
        "error",
        "the TensorRT engine was built with another TensorRT version than the one loaded",
        "Rebuild the engine (plan) with the TensorRT the runtime loads, or load the TensorRT "
        "it was built with; check LD_LIBRARY_PATH on both sides (a TensorRT engine is tied to "
        "the exact TensorRT version and GPU it was built on).",
    ),
    make(
        # TensorRT checks a plan's magic tag first: "Serialization assertion
        # plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed." The file is not a plan this
        # TensorRT can read, usually one serialized by another TensorRT release (round
        # fifty-one's sealed yolov8-ros-tensorrt-13, missed at its scoring), sometimes not a plan
        # at all (an ONNX file, or a plan with an exporter's metadata in front), so a warning.
        "tensorrt-plan-magic-tag",
        r"\bplan->header\.magicTag == rt::kPLAN_MAGIC_TAG failed",
        "cuda-libs-mismatch",
        "warning",
        "TensorRT does not recognise the engine file: built by another TensorRT release, or not "
        "a TensorRT plan",
        "Rebuild the engine on this machine with the TensorRT the runtime loads (`trtexec "
        "--onnx=model.onnx --saveEngine=model.engine`, or the exporter's own engine export); "
        "check that the file passed is the .engine/.plan, not the ONNX model.",
    ),
    make(
        # the dynamic loader's message for an executable (not a Python import) linked against
        # LibTorch: its lib directory is not on the loader path (LaurentMazare/tch-rs#767:
        # LD_LIBRARY_PATH named libtorch's root, not its lib/)
        "libtorch-not-on-loader-path",
        r"error while loading shared libraries: lib(?:torch\w*|c10\w*)\.so[.\d]*: cannot open "
        r"shared object file",
        "os-setting",
        "warning",
        "a program linked against LibTorch cannot find LibTorch's libraries (its lib directory "
        "is not on the loader path)",
        "Put LibTorch's lib directory (the one holding libtorch_cuda.so, not LibTorch's root) on "
        "the loader path: `export LD_LIBRARY_PATH=/path/to/libtorch/lib:$LD_LIBRARY_PATH`, or "
        "link the program with an rpath to it; `ldd ./program | grep torch` shows what is "
        "missing.",
    ),
    make(
        # torch.rb's compile-time check of the LibTorch it builds against: "static_assert
        # failed due to requirement '1 == 1 && 9 == 11' "Incompatible LibTorch version""
        # (ankane/torch.rb#34)
        "libtorch-version-assert",
        r"Incompatible LibTorch version",
        "framework-pairing",
        "error",
        "the binding is built against another LibTorch release than the one it supports (its "
        "static_assert compares the major and minor versions)",
        "Install the LibTorch release the binding's version requires (its README's "
        "compatibility table) and point the build at it (torch.rb: `bundle config "
        "build.torch-rb --with-torch-dir=/path/to/libtorch`), or install the binding release "
        "made for the LibTorch you have.",
    ),
    make(
        # tch-rs compiles bindings generated for exactly one LibTorch release; against another
        # the C++ compile fails in its generated file ("libtch/torch_api_generated.cpp.h:8528:29:
        # error: 'mkldnn_convolution_backward_weights' is not a member of 'torch'":
        # LaurentMazare/tch-rs#462, #795)
        "tch-bindings-other-libtorch",
        r"torch_api_generated\.cpp(?:\.h)?:\d+:\d+:\s*error\b",
        "framework-pairing",
        "error",
        "tch-rs's generated bindings do not match the LibTorch it compiles against (each tch "
        "release supports one LibTorch release)",
        "Use the LibTorch release the tch version was made for (tch-rs's README names it; "
        "LIBTORCH points at it), or the tch release made for your LibTorch; "
        "LIBTORCH_BYPASS_VERSION_CHECK does not make other releases work.",
    ),
    make(
        "torch-companion-lib-missing",
        r"libtorch\w*\.so: cannot open shared object file|"
        r"(?:torchaudio|torchvision|torchtext)\W[^\n]{0,80}?undefined symbol|"
        # macOS's dyld says it so: "dlopen(.../torchaudio/lib/libtorchaudio.so, 0x0006):
        # Symbol not found: __ZN2at14RecordFunction..."
        r"(?:torchaudio|torchvision|torchtext)\W[^\n]{0,120}?Symbol not found",
        "framework-pairing",
        "error",
        "a torch companion (torchaudio, torchvision) was built for another torch release",
        "Install the torchaudio / torchvision release made for the installed torch (same "
        "version pairing and index URL as torch), or the torch they were built for.",
    ),
    make(
        "torchvision-ops-not-loaded",
        r"Couldn't load custom C\+\+ ops\. This can happen if your PyTorch and torchvision "
        r"versions are incompatible|"
        # the second sentence quoted alone (a reporter's summary of the message)
        r"This can happen if your PyTorch and torchvision versions are incompatible",
        "framework-pairing",
        "error",
        "torchvision's compiled ops do not load: it was built for another torch",
        "Install the torchvision release paired with the installed torch, from the same index "
        "(a nightly torch needs a nightly torchvision of the same date).",
    ),
    make(
        "python-32bit",
        r"\bPython3?\d{1,2}-32\b|\b32[- ]bit Python\b|\[MSC v\.\d+ 32 bit \(Intel\)\]",
        "python-unsupported",
        "warning",
        "a 32-bit Python: PyTorch, TensorFlow and JAX publish 64-bit wheels only",
        "Install a 64-bit Python (python.org's 'Windows installer (64-bit)', or conda) and "
        "reinstall the framework in it.",
    ),
    make(
        "mkl-ijit-symbol",
        r"undefined symbol: iJIT_NotifyEvent",
        "framework-pairing",
        "error",
        "torch's conda build meets an MKL release it was not built with (mkl >= 2024.1)",
        "Pin MKL below 2024.1 in the environment (`conda install 'mkl<2024.1'`), or install "
        "torch from pip wheels, which bundle their own MKL.",
    ),
    make(
        "pip-framework-pin-conflict",
        r"\b[\w.-]+ [\w.+]+ (?:requires|has requirement) (?P<pkg>torch|torchvision|torchaudio|"
        r"tensorflow|jax|jaxlib|keras|cumm|xformers|triton)\s*(?:==|>=|<=|~=|<|>)"
        r"\s*[\w.+*]+(?:,\s*[<>=!~]+\s*[\w.+*]+)*, but you(?: have|'ll have) (?P=pkg) [\w.+]+ "
        r"which is incompatible",
        "framework-pairing",
        "warning",
        "pip reports an installed package built for a different framework version",
        "Install the companion packages released with the installed framework (for torch: the "
        "torchvision/torchaudio/xformers versions made for it, from the same index URL), or pin "
        "the framework to the version they require.",
    ),
    make(
        "framework-version-skew",
        r"jaxlib version [\d.]+ is (?:newer than and )?incompatible with jax version|"
        r"jaxlib (?:is version|version is) [\d.]+,? but this version of jax requires|"
        # JAX's own warning about its CUDA plugin, and the PJRT API check behind it
        r"JAX plugin \w+ version [\w.]+ is installed,?\s*but it is not compatible with the "
        r"installed jaxlib version|"
        r"Mismatched PJRT plugin PJRT API version \(?[\d.]+\)? and framework PJRT API version|"
        r"MMCV==[\w.]+ is used but incompatible|"
        r"Keras requires TensorFlow [\d.]+ or higher|"
        # Horovod's extension was compiled against another framework version than installed
        r"HorovodVersionMismatchError|Framework \w+ installed with version [\w.]+ but found "
        r"version",
        "framework-pairing",
        "error",
        "two packages of the framework stack are versions that do not work together",
        "Install the versions released together (jax with its matching jaxlib; mmcv in the "
        "range mmdet names; keras with the TensorFlow it requires; Horovod rebuilt against the "
        "installed framework: `pip install --no-cache-dir --force-reinstall horovod`).",
    ),
    make(
        "jax-plugin-api-mismatch",
        # the CUDA plugin calls into jaxlib: an API the installed jaxlib lacks (or a PJRT
        # struct of another size) means the plugin and jaxlib are different releases
        # (xla_client: what the plugin calls; not JAX's TPU notice "Unable to initialize
        # backend 'tpu': module 'jaxlib.xla_extension' has no attribute 'get_tpu_client'")
        r"module 'jaxlib\.xla_client' has no attribute '\w+'|"
        r"cannot import name '\w+' from 'jax\._src\.lib'|"
        r"The plugin is likely built with a later version than the framework",
        "framework-pairing",
        "error",
        "the JAX CUDA plugin and jaxlib are different releases: the plugin calls a jaxlib API "
        "the installed jaxlib does not have",
        'Install them together: `pip install -U "jax[cuda12]==<jax version>"` (cuda13 for the '
        "CUDA 13 plugin), which pins jaxlib, jax-cuda12-plugin and jax-cuda12-pjrt to one "
        "release; check with `pip list | grep -i jax`.",
    ),
    make(
        "torch-api-missing",
        # (not torch.library's custom_op / register_fake: torch-too-old-for-companion says more)
        r"module 'torch(?:\.\w+)*' has no attribute '(?!_cuda_|custom_op'|register_fake')\w+'",
        "framework-pairing",
        "warning",
        "a library calls a torch API this torch does not have (torch older or newer than it "
        "expects)",
        "Install the torch version the library supports (its README or setup.py names the "
        "range), or the library release made for the installed torch.",
    ),
    make(
        # torchaudio 2.9 removed its I/O API (AudioMetaData, info, list_audio_backends ...); a
        # library written for an older torchaudio (pyannote.audio 3.x) fails at import:
        # "AttributeError: module 'torchaudio' has no attribute 'AudioMetaData'"
        "torchaudio-api-missing",
        r"module 'torchaudio(?:\.\w+)*' has no attribute '\w+'",
        "framework-pairing",
        "warning",
        "a library calls a torchaudio API this release does not have (torchaudio newer or "
        "older than the library expects)",
        "Install the torch/torchaudio pair the library supports (e.g. `pip install "
        "'torch<2.9' 'torchaudio<2.9'` for libraries using torchaudio's removed I/O API), or "
        "the library release made for the installed torchaudio.",
    ),
    make(
        # a jaxlib without CUDA asked for the GPU backend: its xla_extension has no GPU
        # allocator ("Unable to initialize backend 'cuda': module 'jaxlib.xla_extension' has no
        # attribute 'GpuAllocatorConfig'", google-research/maxim#32, RobertTLange/gymnax-blines
        # #10: the CPU jaxlib was installed)
        "jaxlib-without-cuda",
        r"Unable to initialize backend '(?:cuda|gpu)': module 'jaxlib(?:\.\w+)*' has no "
        r"attribute 'GpuAllocatorConfig'",
        "cpu-only-build",
        "warning",
        "the installed jaxlib is a build without CUDA, so JAX cannot use the GPU",
        "Install JAX with its CUDA build: `pip install -U 'jax[cuda12]'` (jax 0.4.26 and newer; "
        "older releases: the cuda wheels from the jax_cuda_releases page), after `pip "
        "uninstall jaxlib`; `python -c 'import jax; print(jax.devices())'` must list a "
        "CudaDevice.",
    ),
    make(
        # the host compiler cannot read a folder on its include path: "cc1: error:
        # /root/postgresql-9.6.2/src/include/: Permission denied" (heterodb/pg-strom#267,
        # heldout176 at its scoring: C_INCLUDE_PATH pointed under /root for the postgres user)
        "compiler-path-permission-denied",
        r"^\s*cc1(?:plus)?(?:\.exe)?: (?:fatal )?error: [^\n]{1,300}?: Permission denied\s*$",
        "os-setting",
        "warning",
        "the C/C++ compiler cannot read a folder or file the build points it at (its user lacks "
        "the permission)",
        "Point the include path (C_INCLUDE_PATH, CPATH, CPLUS_INCLUDE_PATH, the build's -I) at "
        "a folder the building user can read (`ls -ld` each part of the path; /root is closed "
        "to other users), or copy the headers somewhere readable.",
    ),
    make(
        # TVM's code generator registry without CUDA: "Check failed: bf != nullptr Target cuda
        # is not enabled" (apache/tvm#535, heldout180 at its scoring: libtvm built without
        # USE_CUDA in effect)
        "tvm-target-cuda-not-enabled",
        r"\bTarget cuda is not enabled\b",
        "cpu-only-build",
        "error",
        "this TVM was built without its CUDA code generator",
        "Rebuild TVM with CUDA: `set(USE_CUDA ON)` (or the CUDA path) in build/config.cmake, a "
        "clean `cmake .. && make`, and check that the build log lists CUDA; or install a TVM "
        "wheel built for CUDA.",
    ),
    make(
        # said in words: the install brings only the CPU build ("The Jax pip installation only
        # comes with the CPU version of Jax", gbionics/adam#50; "the COLMAP used and specified in
        # the lockfile is the CPU version", nerfstudio-project/nerfstudio#3588)
        "cpu-build-stated",
        r"\b(?:comes?|came|ships?)\s+with\s+(?:only\s+)?(?:the\s+)?cpu(?:[- ]only)?\s+"
        r"(?:version|build|wheel)s?\b|"
        r"\b(?:is|was)\s+(?:only\s+)?the\s+cpu(?:[- ]only)?\s+(?:version|build)\b"
        r"(?!\s+(?:of\s+)?(?:the\s+)?(?:tests?|demo|example|benchmark|notebook)\b)|"
        # "it seems to be installing torch with cpu support only" (clearml-agent#725,
        # heldout176 at its scoring), "automatically installs pytorch with CPU support only"
        r"\binstall(?:s|ed|ing)?\s+(?:the\s+)?[\w.-]+\s+with\s+"
        r"(?:only\s+cpu(?:[- ]only)?\s+support|cpu(?:[- ]only)?\s+support\s+only)\b|"
        # TensorFlow 1's two packages: "it will auto install tensorflow-1.10.1 (cpu)"
        # (keras-team/autokeras#157), "Do I need to change tensorflow into tensorflow-gpu in
        # your requirement.txt?" (Efficient-GAN-Anomaly-Detection#10), round forty-three's
        # sealed pools at their scoring
        r"\btensorflow[- ]?v?1\.\d+(?:\.\d+)?\s*\(cpu(?:[- ]only)?\)|"
        r"\b(?:change|switch|replace)\s+[`'\"]?tensorflow[`'\"]?\s+(?:in)?to\s+[`'\"]?"
        r"tensorflow-gpu\b",
        "cpu-only-build",
        "warning",
        "the text says the install brings the CPU build of a GPU package",
        "Install the package's CUDA build (its install page names the index URL or the extra, "
        "e.g. `pip install -U 'jax[cuda12]'`, torch from download.pytorch.org/whl/cuXYZ, COLMAP "
        "from conda-forge built with CUDA) and check that it sees the GPU.",
    ),
    make(
        "jax-api-missing",
        # a JAX library (Haiku, Optax, ColabFold's AlphaFold) calls an API the installed jax or
        # jaxlib does not have: "module 'jax' has no attribute 'linear_util'", "module
        # 'jaxlib.xla_extension' has no attribute 'PmapFunction'" (not JAX's TPU notice
        # "'get_tpu_client'", nor a CPU jaxlib's "Unable to initialize backend 'cuda': ...
        # 'GpuAllocatorConfig'", nor xla_client: jax-plugin-api-mismatch says more)
        r"module 'jax(?:lib)?(?:\.\w+)*' has no attribute '(?!get_tpu_client'|GpuAllocatorConfig')"
        r"\w+'",
        "framework-pairing",
        "warning",
        "a library calls a jax / jaxlib API this release does not have (jax older or newer than "
        "the library expects)",
        "Install the jax and jaxlib releases the library supports (its requirements name the "
        "range; APIs such as jax.linear_util moved in later releases), or the library release "
        "made for the installed jax; `pip list | grep -i -e jax -e haiku -e optax` shows them.",
    ),
    make(
        "import-name-missing",
        # (not torch._six: torch-six-removed says which torch removed it; an issue title may
        # lose the closing quote: "cannot import name 'ShardingStrategy' from 'torch.
        # distributed.fsdp.fully_sharded_data_parallel", huggingface/accelerate#436)
        r"cannot import name '\w+' from '(?!torch\._six')(?:" + _IMPORTED_FROM + r")(?:\.\w+)*"
        r"(?:'|(?![\w.']))|"
        # Python < 3.8 names no module ("ImportError: cannot import name 'Optional'"): the
        # traceback's import line above it (joined to it when wrapped lines are tried) does
        # ("from torch.jit.annotations import Optional" in torchvision's inception.py:
        # junyanz/pytorch-CycleGAN-and-pix2pix#933)
        r"\bfrom (?:" + _IMPORTED_FROM + r")(?:\.\w+)* import (\w+)\s+ImportError: cannot import "
        r"name '\1'(?!\s*from ')",
        "framework-pairing",
        "warning",
        "a package imports a name its dependency (at the installed version) does not have",
        "The two packages are versions that were not released together: install the dependency "
        "version the importing package requires (`pip check` lists the conflicts), or upgrade "
        "both together (e.g. spconv with its cumm, diffusers with its huggingface_hub).",
    ),
    make(
        "cudnn9-libs-missing",
        r"Unable to load any of \{libcudnn\w*\.so|Could not load library libcudnn\w*\.so[.\d]*",
        "cuda-libs-mismatch",
        "error",
        "a cuDNN library the program needs cannot be loaded",
        "Install the cuDNN major version the program was built for (pip `nvidia-cudnn-cu12` for "
        "cuDNN 9, or cuDNN 8 for older builds) and make it findable (LD_LIBRARY_PATH).",
    ),
    make(
        "cudnn-dll-not-found",
        r"(?:Could not load library|Please make sure) cudnn\w*64_\d+\.dll|"
        r"(?:cudnn64_\d+\.dll|libcudnn(?:_\w+)?\.so\.\d+)[^\n]{0,40}?(?:not found|is missing|"
        r"cannot be found|could not be found|找不到|不存在)|"
        r"(?:找不到|cannot find|can't find|could not find|couldn't find)\s*[`'\"]?"
        r"(?:cudnn64_\d+\.dll|libcudnn(?:_\w+)?\.so\.\d+)",
        "cuda-libs-mismatch",
        "error",
        "the cuDNN major the framework needs is not installed",
        "Install the cuDNN major the library names (cudnn64_8.dll / libcudnn.so.8 is cuDNN 8) "
        "for the CUDA the framework was built with, and put it on PATH / LD_LIBRARY_PATH.",
    ),
    make(
        "windows-dll-not-found",
        r"0xC0000135|-1073741515|STATUS_DLL_NOT_FOUND",
        "cuda-libs-mismatch",
        "warning",
        "a Windows program exited because a DLL it needs is missing (often the CUDA runtime "
        "DLLs of another CUDA version)",
        "Install the CUDA runtime the build was made for (a cuda117 build needs the CUDA 11.7 "
        "DLLs such as cudart64_110.dll / cublas64_11.dll), or use the build for the CUDA you "
        "have.",
    ),
    make(
        # (the fix's Python 3.8 sentence: since 3.8 Windows resolves an extension's DLLs from
        # the system folders, the module's own folder and os.add_dll_directory() ones, not PATH:
        # python/cpython#80266, docs.python.org/3.8/library/os.html#os.add_dll_directory, read
        # 2026-12-07 through projects that adapted; davisking/dlib#2079 and psdr-cuda#17 in
        # heldout181 were this)
        "windows-import-dll-failed",
        # (the reason may be translated and glossed: "...: 找不到指定的模块。(means 'The
        # specified module could not be found')", NVIDIA/TensorRT-LLM#1446)
        r"DLL load failed(?!(?:\s+while importing \w+)?: "
        r"(?:The specified procedure|找不到指定的程序))[^\n]{0,160}$|"
        # (TensorFlow 1.x's own check, retold without the "ImportError:", and its self-check
        # script's "Could not load 'cudart64_80.dll'" / "Could not find cuDNN 6.")
        r"Could not (?:find|load) '(?:cudart|cudnn|cublas|cufft|curand|cusolver|cusparse)"
        r"64_\d+\.dll'|Could not find cuDNN \d\b|"
        r"\\tensorflow\\python\\pywrap_tensorflow(?:_internal)?\.py",
        "cuda-libs-mismatch",
        "warning",
        "a framework failed to import on Windows: a DLL it loads is missing (usually the CUDA or "
        "cuDNN DLLs of the version it was built with)",
        "Install the CUDA and cuDNN versions the framework release was built with (TensorFlow's "
        "tested build table; a torch +cuXYZ wheel brings its own) and put their bin directories "
        "on PATH; Python 3.8 and later no longer search PATH for an extension module's DLLs, so "
        "a self-built extension needs `os.add_dll_directory(<CUDA bin>)` before its import. The "
        "other causes are a missing MSVC runtime (vc_redist.x64) or a CPU without AVX.",
    ),
    make(
        "torch-cpu-build-shown",
        # not pip's failure to find the +cpu build asked for: nothing was installed
        # (goru001/inltk#62: "the requirement torch==1.3.1+cpu (from versions: ...)")
        r"^(?![^\n]*(?:satisf(?:y|ies) the requirement|No matching distribution found))"
        r"[^\n]*?(?:"
        r"\btorch[-= ]{1,3}\d+\.\d+(?:\.\d+)?\+cpu\b|__version__\W{0,8}\d+\.\d+(?:\.\d+)?\+cpu\b|"
        r"^\W{0,3}\d+\.\d+\.\d+\+cpu\W{0,3}$|"
        # "`pdm add torch` to install PyTorch, it installs version 2.3.1+cpu"; "my pytorch
        # version changes to "1.12.0+cpu"" (open-edge-platform/anomalib#908), "printed out
        # pytorch version as `2.6.0 + cpu`" (Project-MONAI/MONAILabel#1844). Not collect_env's
        # "PyTorch version: 2.4.0+cpu": a report of a CPU run shows it too.
        r"\b(?:py)?torch\b[^\n]{0,80}?\bversion(?:\s+(?:is|was|changes|changed|becomes|"
        r"became|as)(?:\s+to)?)?\s+[\"'`]?v?\d+\.\d+(?:\.\d+)?\s?\+\s?cpu\b)",
        "cpu-only-build",
        "warning",
        "a CPU-only PyTorch build (+cpu) is installed",
        "If the job should use the GPU, install a CUDA build: `pip uninstall -y torch` then "
        "`pip install torch --index-url https://download.pytorch.org/whl/cu<XY>`.",
    ),
    make(
        "tensorflow-name-missing-for-keras",
        # standalone Keras's TensorFlow backend (keras/backend/tensorflow_backend.py) on a
        # TensorFlow it was not written for: "module 'tensorflow' has no attribute
        # 'get_default_graph'" (Keras 2.2.4 on TF 2.0, Keras 2.0.3 on TF 1.0.1)
        r"module 'tensorflow' has no attribute '(?:get_default_graph|get_default_session|"
        r"placeholder|ConfigProto|Session|set_random_seed)'",
        "framework-pairing",
        "warning",
        "code written for another TensorFlow release calls a name this TensorFlow lacks "
        "(standalone Keras's TensorFlow backend, or the program itself)",
        "With standalone Keras, install a Keras that matches the TensorFlow: Keras 2.2.x and "
        "older run on TensorFlow 1 only (2.3.0 was the first to support TensorFlow 2.0), or "
        "import tf.keras instead; for a program written for TensorFlow 1.x, `tensorflow<2` or "
        "`tf.compat.v1`.",
    ),
    make(
        "keras-needs-newer-tensorflow",
        r"module 'tensorflow\.compat\.v2(?:\.__internal__)?' has no attribute|"
        r"module 'tensorflow' has no attribute '__internal__'|"
        # TensorFlow 1.13 and older have no tf.compat.v2 at all
        r"No module named '?tensorflow\.compat\.v2'?",
        "framework-pairing",
        "error",
        "a standalone Keras newer than the installed TensorFlow (it calls tf.__internal__)",
        "Install the Keras release of the TensorFlow release (`pip install 'keras==X.Y.*'` with "
        "X.Y = TensorFlow's major.minor, TF 2.6 or newer), or uninstall the standalone keras "
        "and use `tf.keras` with TensorFlow 2.5 and older.",
    ),
    make(
        "keras-tensorflow-minor-differs",
        r"(?!x)x",  # never by itself: both versions stated in the text (symptoms.keras_pair)
        "framework-pairing",
        "warning",
        "the keras release is not the one paired with this TensorFlow (2.6-2.15 pair by "
        "major.minor)",
        "Since TensorFlow 2.6 tf.keras is the separate keras package, released with the same "
        "major.minor: `pip install 'keras==2.<TF minor>.*'` (TensorFlow 2.6.2's release notes: "
        "missing upper bounds broke installs once Keras 2.7 came out).",
    ),
    make(
        "opencv-dnn-without-cuda",
        r"DNN module was not built with CUDA backend",
        "cpu-only-build",
        "warning",
        "OpenCV's DNN module runs on the CPU: this OpenCV was built without its CUDA backend",
        "The pip opencv-python wheels have no CUDA backend: build OpenCV with "
        "-DWITH_CUDA=ON -DOPENCV_DNN_CUDA=ON (and uninstall the opencv-python wheels, which "
        "shadow it), or run the model with another GPU runtime (onnxruntime-gpu, TensorRT).",
    ),
    make(
        "paddle-cc-not-supported",
        r"compute capability in your current machine is \d{2,3}, which is not supported by "
        r"Paddle",
        "gpu-arch-unsupported",
        "error",
        "this PaddlePaddle build has no kernels for the GPU's compute capability",
        "Install a PaddlePaddle wheel built for this GPU (the install page's CUDA 11.8 / 12.x "
        "packages cover Ampere and Hopper; older releases stop before them).",
    ),
    make(
        "cuda-path-with-colon",
        r"['\"](?![A-Za-z]:[\\/])[^'\"\n]{0,200}?:[^'\"\n]{0,200}?/bin/nvcc(?:\.exe)?['\"]|"
        r"\bCUDA_HOME=(?![A-Za-z]:[\\/])[^\s;'\"]*:[^\s;'\"]*|"
        # the same in ninja's command line, the list's empty first entry left in front of nvcc:
        # "[1/3] :/home1/hli/cuda10.2/bin/nvcc -DWITH_CUDA ..." (round fifty-one's sealed
        # deformable-detr-10, missed at its scoring)
        r"(?:^|\] )\:/[^\s:'\"]{1,200}/bin/nvcc\b",
        "os-setting",
        "error",
        "CUDA_HOME (or the path to nvcc) holds a ':'-separated list, so the build looks for "
        "nvcc at a path that does not exist",
        "Set CUDA_HOME to one directory, with no ':' in it: `export CUDA_HOME=/usr/local/cuda` "
        "(check `ls $CUDA_HOME/bin/nvcc`); only PATH and LD_LIBRARY_PATH are lists.",
    ),
    make(
        "library-built-without-gpu",
        r"\b(?:GPU|CUDA) Tree Learner was not enabled in this build|"
        r"\bnot compile with (?:GPU|CUDA) support|XGBoost[^\n]{0,40}\bnot compiled with "
        r"(?:GPU|CUDA)|"
        # LightGBM asked for device cuda / gpu by a build without it, in its own words (with
        # the typo of LightGBM 4.1, "-DUSE_CUDAP=1": lightgbm-org/LightGBM#6205)
        r"\b(?:Please )?recompile with CMake option -DUSE_(?:CUDAP?|GPU)=1\b|"
        # said of a packaged build: "Docker image does not seem to have XGBoost that was compiled
        # with GPU support" (BlazingDB/blazingsql#1127)
        r"\b(?:does(?: not|n't)|doesnt)\s+(?:seem\s+to\s+)?(?:have|include|ship|contain)\s+"
        r"(?:an?\s+|the\s+)?[\w.-]+\s+(?:that|which)\s+(?:was|is)\s+(?:compiled|built)\s+with\s+"
        r"(?:gpu|cuda)\b",
        "cpu-only-build",
        "error",
        "the installed LightGBM / XGBoost is a build without GPU support",
        "Install the GPU build and make sure Python imports it (`pip uninstall` every older "
        "copy first; `python -c 'import xgboost; print(xgboost.__file__)'`): LightGBM "
        "`pip install lightgbm --config-settings=cmake.define.USE_CUDA=ON` (or USE_GPU for "
        "OpenCL), XGBoost's PyPI wheels for Linux x86_64 include CUDA.",
    ),
    make(
        "lightgbm-opencl-learner-on-cuda-build",
        r"(?!x)x",  # never by itself: library-built-without-gpu retold (inferences)
        "os-setting",
        "warning",
        "LightGBM's device_type='gpu' is its OpenCL learner: a build made with USE_CUDA (which "
        "the text says this is) has the CUDA learner, asked for by device_type='cuda'",
        "Pass `device_type='cuda'` (or `device='cuda'`) to a LightGBM built with "
        "`-DUSE_CUDA=1` / `USE_CUDA=ON`; `device_type='gpu'` needs the OpenCL build "
        "(`-DUSE_GPU=1`).",
    ),
    make(
        "groundingdino-ops-not-built",
        r"Failed to load custom C\+\+ ops\. Running on CPU mode Only|"
        r"NameError: name '_C' is not defined",
        "cpu-only-build",
        "warning",
        "the project's compiled CUDA op (GroundingDINO's `_C`, a deformable-attention "
        "extension) was not built: it was installed where CUDA_HOME was unset or no GPU was "
        "visible",
        "Reinstall the package with the CUDA toolkit visible: `export CUDA_HOME=/usr/local/cuda` "
        "(check `ls $CUDA_HOME/bin/nvcc`), then `pip install --no-build-isolation -e .` in its "
        "folder; `python -c 'import torch; print(torch.cuda.is_available())'` must say True.",
    ),
    make(
        "deepspeed-ops-built-for-another-torch",
        # DeepSpeed's op loader: "PyTorch version mismatch! DeepSpeed ops were compiled and
        # installed with a different version than what is being used at runtime. Please
        # re-install DeepSpeed or switch torch versions. Install torch version=2.1, Runtime
        # torch version=2.2"
        r"DeepSpeed ops were compiled and installed with a different version than what is "
        r"being used at runtime|PyTorch version mismatch! DeepSpeed",
        "framework-pairing",
        "error",
        "DeepSpeed's compiled ops were built against another torch than the one installed",
        "Rebuild DeepSpeed for the installed torch (`pip install --force-reinstall "
        "--no-cache-dir --no-binary deepspeed deepspeed`), install the DeepSpeed wheel made for "
        "it, or go back to the torch the ops were built with.",
    ),
    make(
        "tfp-needs-tf-keras",
        # TensorFlow Probability 0.24+ with Keras 3 (TensorFlow >= 2.16): "Failed to import
        # TF-Keras. Please note that TF-Keras is not installed by default when you install
        # TensorFlow Probability"; older TFP under Keras 3 breaks on Keras 2 internals:
        # "module 'keras._tf_keras.keras' has no attribute '__internal__'"
        r"Failed to import TF-Keras\. Please note that TF-Keras is not installed by default|"
        r"module 'keras\._tf_keras\.keras' has no attribute",
        "framework-pairing",
        "error",
        "a library written for Keras 2 (tf.keras) runs under Keras 3",
        "Install tf-keras matching TensorFlow (`pip install tf-keras~=<TF major.minor>`, or "
        "`pip install tensorflow-probability[tf]`) and export TF_USE_LEGACY_KERAS=1, or pin "
        "TensorFlow < 2.16 with the Keras 2 it shipped with and the TFP release made for it.",
    ),
    make(
        "keras3-layer-never-called",
        # Keras 3's Operation.input/.output on a layer or Sequential model never called:
        # "The layer sequential_6 has never been called and thus has no defined input." (Keras 3
        # names the layer; tf.keras 2 said "The layer has never been called and thus has no
        # defined input shape", keras/src/ops/operation.py). Code written for tf.keras 2 (a
        # Sequential given input_shape, then model.input) meets it under TensorFlow >= 2.16
        # (serengil/deepface#1202, #1272)
        r"\bThe layer (?!has\b)[\w.-]+ has never been called and thus has no defined "
        r"(?:input|output)\b(?! shape)",
        "framework-pairing",
        "warning",
        "Keras 3 (TensorFlow >= 2.16's Keras) runs code that may be written for Keras 2: a "
        "model never called has no .input/.output there",
        "For a library written for tf.keras (Keras 2): `pip install tf-keras~=<TF major.minor>` "
        "and export TF_USE_LEGACY_KERAS=1, or pin tensorflow < 2.16; for your own Keras 3 code: "
        "start the Sequential with keras.Input(shape=...) or call the model once before "
        "reading .input.",
    ),
    make(
        "colmap-siftgpu-without-cuda",
        # COLMAP built without CUDA runs SIFT on the OpenGL SiftGPU path, which fails on a
        # headless or unsupported display: "Shader not supported by your hardware!" / "ERROR:
        # SiftGPU not fully supported"
        r"ERROR: SiftGPU not fully supported",
        "cpu-only-build",
        "warning",
        "COLMAP runs SIFT through OpenGL SiftGPU, the path a build without CUDA takes",
        "Use a COLMAP built with CUDA (`colmap -h` prints 'with CUDA'; distribution packages "
        "often are not): build it with -DCUDA_ENABLED=ON or use the CUDA container, or run "
        "SIFT on the CPU with --SiftExtraction.use_gpu 0.",
    ),
    make(
        "tensorrt-no-native-fp16",
        # TensorRT building an FP16 engine on a GPU without fast FP16 (Maxwell and most Pascal
        # cards): "[TensorRT] WARNING: Half2 support requested on hardware without native FP16
        # support, performance will be negatively affected." (jkjung-avt/tensorrt_demos#450)
        r"\bHalf2 support requested on hardware without native FP16 support\b",
        "gpu-arch-unsupported",
        "warning",
        "TensorRT was asked for FP16 on a GPU without native FP16: the engine runs slowly or "
        "falls back",
        "Build the engine in FP32 on this GPU (drop --fp16 / the FP16 builder flag), or use a GPU "
        "with native FP16 (compute capability 6.0, or 7.0 and newer).",
    ),
    make(
        "flash-attn-cuda-floor-stated",
        # flash-attn's setup.py message (flash-attention-cuda-floor's) retold: "flash-attn can
        # only be installed on 11.6 and above" (daveredrum/SceneTex#2)
        r"\bflash[-_ ]?attn(?:ention)?\b[^.\n]{0,30}?\bcan only be (?:installed|built|compiled) "
        r"(?:on|with) (?:cuda\s*)?1\d\.\d+ and (?:above|higher|later|newer)\b",
        "toolkit-mismatch",
        "warning",
        "the text says flash-attn needs a newer CUDA toolkit (nvcc) than the one it has",
        "Build with a newer CUDA toolkit (flash-attn's README names its minimum; point CUDA_HOME "
        "and PATH at it and check `nvcc -V`), or install a prebuilt flash-attn wheel made for "
        "this torch and CUDA (its release page lists them by +cuXXtorchX.Y tag).",
    ),
    make(
        "tf-gpu-op-on-cpu",
        # TensorFlow placing a GPU-only layout on the CPU: "Default MaxPoolingOp only supports
        # NHWC on device type CPU" (a channels-first graph, which only the GPU kernels run):
        # TensorFlow sees no GPU (JunweiLiang/Object_Detection_Tracking#27, #48: "you did not
        # properly install tensorflow-gpu")
        r"\bDefault \w+Op only supports NHWC on device type CPU\b|"
        r"\bConv2DCustomBackpropInputOp only supports NHWC\b",
        "cpu-only-build",
        "warning",
        "TensorFlow ran a channels-first (NCHW) op on the CPU: it sees no GPU",
        'Check `python -c "import tensorflow as tf; '
        "print(tf.config.list_physical_devices('GPU'))\"`: an empty list means a CPU-only "
        "TensorFlow (install the GPU build: tensorflow-gpu for 1.x, `tensorflow[and-cuda]` for "
        "2.14+) or CUDA/cuDNN libraries it could not load (its log names them).",
    ),
    make(
        "fp16-needs-cuda-device",
        # transformers' Trainer asked for --fp16 in a process with no CUDA device: "Mixed
        # precision training with AMP or APEX (`--fp16`) and FP16 evaluation can only be used on
        # CUDA devices" (a Colab runtime without a GPU: yandex-research/DeDLOC#3)
        r"\bcan only be used on CUDA devices\b",
        "driver-not-loaded",
        "warning",
        "the program was asked for fp16/AMP but sees no CUDA device",
        "Give the process a GPU (on Colab/Kaggle: a GPU runtime; in a container: --gpus), and "
        'check `python -c "import torch; print(torch.cuda.is_available())"` (False with a GPU '
        "present: a CPU-only torch or a driver problem); or drop --fp16 to run on the CPU.",
    ),
    make(
        "host-gcc-too-old-stated",
        # "I guess it's because my GCC version 4.8.5 is too low" (liuyuan-pal/NeuRay#2: an
        # extension build that needs a newer gcc than the system's)
        # (a version's dots do not end the sentence)
        r"\b(?:gcc|g\+\+)\b(?:[^.\n]|\.(?=\d)){0,30}?\b(?:is|seems|might be|may be)\s+(?:too\s+)?"
        r"(?:low|old)\b(?! enough)",
        "toolkit-mismatch",
        "warning",
        "the text says the host compiler (gcc) is too old for the build",
        "Build with a newer gcc (PyTorch extensions need the C++ standard torch uses: gcc 9 or "
        "newer for torch 2.x): `conda install -c conda-forge gxx=11` or a devtoolset / "
        "`gcc-11` package, then `CC=gcc-11 CXX=g++-11`.",
    ),
    make(
        # a gcc older than the C++ standard the build asks for (gcc 4.8 knows no -std=c++14:
        # torch 1.7's extensions in hukaixuan19970627/yolov5_obb#510; c++17 needs gcc 5+)
        "host-gcc-older-than-cxx-standard",
        r"unrecognized command[- ]line option [‘'`\"]?-std=(?:c|gnu)\+\+(?:1[47yz]|2[0a])[’'`\"]?",
        "toolkit-mismatch",
        "warning",
        "the host compiler (gcc) is older than the C++ standard the build asks for",
        "Build with a newer gcc (PyTorch extensions need gcc 5+ for C++14, gcc 9+ for torch "
        "2.x's C++17): `conda install -c conda-forge gxx=11` or a devtoolset / `gcc-11` package, "
        "then `CC=gcc-11 CXX=g++-11`.",
    ),
    make(
        "host-gcc-too-new-stated",
        # "with cuda11.3, where it fails because debian12 has a gcc version>10 and it requires
        # a g++ version <10" (bjing2016/alphaflow#8: nvcc 11.3 and Debian 12's g++ 12)
        r"\b(?:requires?|needs?|wants?)\s+(?:a\s+|an\s+)?(?:g\+\+|gcc)(?:\s+version)?\s*"
        r"(?:<=?|older than|below|lower than|before)\s*\d+",
        "toolkit-mismatch",
        "warning",
        "the text says the CUDA build needs an older host compiler (gcc) than the system's",
        "Build with a gcc the CUDA toolkit supports (its installation guide lists them): "
        "`conda install -c conda-forge gxx=10` or a `g++-10` package, then `CC=gcc-10 "
        "CXX=g++-10` (or use a newer CUDA toolkit).",
    ),
    make(
        "grid-sample-reflection-torch04",
        # torch 0.4's grid_sample has no reflection padding; fastai v1 (and code written for
        # torch >= 1.0) asks for it: "padding_mode needs to be 'zeros' or 'border', but got
        # reflection" (fastai/fastai#1146, wshuyi/demo-image-classification-fastai#1)
        r"padding_mode needs to be 'zeros' or 'border', but got reflection",
        "framework-pairing",
        "warning",
        "code written for PyTorch >= 1.0 runs on torch 0.4 (grid_sample without reflection "
        "padding)",
        "Install the torch release the library requires (fastai v1: torch >= 1.0), or the "
        "library release written for torch 0.4.",
    ),
    make(
        "tensorflow-api-missing",
        # code written for another TensorFlow release: "No module named 'tensorflow.experimental'"
        # (NVlabs/sionna#60: Sionna needs TF 2.6+, on TF 2.1), "module 'tensorflow' has no
        # attribute 'contrib'"; after the rows that name the release (Keras' backend, compat.v2)
        r"\bNo module named '?tensorflow\.(?!python\b|_api\b)\w+|"
        r"\bmodule 'tensorflow(?:\.\w+)*' has no attribute '\w+'|"
        # said in words: "it will download tf 2.0 which doesn't have a contrib module"
        # (google-parfait/tensorflow-federated#224)
        r"\b(?:tf|tensorflow)\s*2(?:\.\d+)?\b[^.\n]{0,40}?\b(?:doesn't|does not|has no|no longer "
        r"has|removed)\b[^.\n]{0,20}?\b(?:tf\.)?contrib\b",
        "framework-pairing",
        "warning",
        "code written for another TensorFlow release imports a module or name this TensorFlow "
        "does not have (TensorFlow older or newer than the code expects)",
        "Install the TensorFlow release the library supports (its README or setup.py names the "
        "range: `pip install 'tensorflow>=2.6'` for tf.experimental.numpy), or the library "
        "release made for the installed TensorFlow; `pip show tensorflow` shows it.",
    ),
    make(
        "cpu-package-over-gpu-package",
        # the CPU package installed after (over) the GPU one shadows it: "installing `onnxruntime`
        # on top of `onnxruntime-gpu` will strip the ability of ONNX runtime to use CUDA"
        # (pythongosssss/ComfyUI-WD14-Tagger#23)
        r"\binstall\w*\s+[`'\"]?(?:onnxruntime|tensorflow|paddlepaddle|faiss(?:-cpu)?)[`'\"]?\s+"
        r"(?:on top of|over|after|alongside|together with|beside)\s+[`'\"]?"
        r"(?:onnxruntime|tensorflow|paddlepaddle|faiss)-gpu\b|"
        # both said installed: "Installing both onnxruntime (from faster_whisper) and
        # onnxruntime-gpu (from pyannote), causes a conflict" (SYSTRAN/faster-whisper#493)
        r"\b(?:install\w*|ha(?:ve|s|ving))\s+both\s+[`'\"]?(?:onnxruntime|tensorflow|paddlepaddle|"
        r"faiss(?:-cpu)?)[`'\"]?(?:\s*\([^)\n]{0,40}\))?,?\s+and\s+[`'\"]?"
        r"(?:onnxruntime|tensorflow|paddlepaddle|faiss)-gpu\b|"
        # rapidocr_onnxruntime requires the CPU onnxruntime package, which then shadows
        # onnxruntime-gpu (breezedeus/CnOCR#353)
        # (ASCII edges: in a Chinese sentence the names touch CJK letters)
        r"(?<![A-Za-z0-9_])rapidocr[_-]onnxruntime(?![A-Za-z0-9_])[^\n]{0,80}?"
        r"(?<![A-Za-z0-9_])onnxruntime-gpu(?![A-Za-z0-9_-])|"
        r"(?<![A-Za-z0-9_])onnxruntime-gpu(?![A-Za-z0-9_-])[^\n]{0,80}?"
        r"(?<![A-Za-z0-9_])rapidocr[_-]onnxruntime(?![A-Za-z0-9_])",
        "cpu-only-build",
        "warning",
        "the CPU package was installed over the GPU one: both install one module, and the CPU "
        "build's files win",
        "Uninstall both and install only the GPU package: `pip uninstall -y onnxruntime "
        "onnxruntime-gpu && pip install onnxruntime-gpu` (likewise tensorflow / faiss), and drop "
        "the CPU package from the requirements that pulled it in.",
    ),
    make(
        # CMake's FindCUDA (and find_package(CUDA VERSION)) refusing the toolkit it found: the
        # project needs another CUDA release than the one first on its search path ("Could NOT
        # find CUDA: Found unsuitable version "10.1", but required is at least "11" (found
        # /usr)"; an SDK built for one CUDA: 'required is exact version "8"'). CMake's
        # FindPackageHandleStandardArgs words it so for any package; the CUDA name or a found
        # path with "cuda" in it makes it the toolkit.
        "cmake-cuda-unsuitable-version",
        r"(?-i:\bCould NOT find CUDA): Found unsuitable version|"
        r"\bFound unsuitable version \"[\d.]*\",? but required is (?:exact version|at\s+least)"
        r"\s+\"[\d.]+\"\s*\(found [^)\n]*cuda",
        "toolkit-mismatch",
        "error",
        "the build requires another CUDA toolkit release than the one CMake found",
        "Install the CUDA toolkit release the project (or its SDK build) requires, or point CMake "
        "at it: `-DCUDA_TOOLKIT_ROOT_DIR=/usr/local/cuda-X.Y` (CUDAToolkit_ROOT for newer CMake) "
        "and that toolkit's bin first on PATH. A distribution's CUDA under /usr (`which nvcc`) "
        "can shadow the one in /usr/local/cuda; an SDK built for one CUDA release needs its "
        "build for the installed one.",
    ),
    make(
        "library-call-refused",
        r"(?!x)x",  # never by itself: inferred from a traceback (inferences.library_call_refused)
        "framework-pairing",
        "warning",
        "an installed package calls another with an argument that release does not take: the "
        "two installed releases do not go together",
        "Install the release of the called package that the calling one was written for (its "
        "requirements or changelog name it: `pip show <caller>`, then `pip install "
        "'<callee>==X.Y'`), or a release of the caller made for the installed one.",
    ),
    make(
        # onnxruntime's JavaScript API (onnxruntime-node / -web, in Electron apps) asked for the
        # CUDA execution provider its build lacks: "Error: no available backend found. ERR:
        # [cuda] backend not found." (xushengfeng/eSearch#486, heldout194 at its scoring: the
        # app's new release dropped CUDA)
        "onnxruntime-js-cuda-backend-missing",
        r"\[cuda\] backend not found",
        "cpu-only-build",
        "warning",
        "the onnxruntime JavaScript build in use has no CUDA backend",
        "Pick a backend this build has (cpu, or dml / webgpu where offered), or install an "
        "onnxruntime-node build with the CUDA execution provider (onnxruntime's install page "
        "names the platforms and the CUDA and cuDNN it needs) or a release of the application "
        "that still ships one.",
    ),
    make(
        # CUDA-Q's GPU simulators load CUDA libraries at import: without them (or without a
        # GPU) "ImportError: Invalid simulator requested: custatevec_fp32" (NVIDIA/cuda-quantum
        # #1096 on Colab, fixed by installing libcublas / libcusolver / cudart 11.8, and #1393,
        # by pip-installing nvidia-cublas-cu11 and nvidia-cuda-runtime-cu11: heldout190)
        "cudaq-gpu-simulator-unavailable",
        r"\bInvalid simulator requested:\s*['\"]?(?:custatevec|tensornet|nvidia)\w*",
        "cuda-libs-mismatch",
        "warning",
        "CUDA-Q could not load its GPU simulator: the CUDA libraries it links (runtime, cuBLAS, "
        "cuSOLVER of its CUDA major) are missing, or no GPU is visible",
        "Check `nvidia-smi` first; then install the CUDA libraries of the CUDA major the cudaq "
        "wheel was built for (`pip install nvidia-cuda-runtime-cuXX nvidia-cublas-cuXX "
        "nvidia-cusolver-cuXX`, or the toolkit's libcublas / libcusolver / cudart packages), or "
        "reinstall CUDA-Q for the installed CUDA major (its install guide names the package for "
        "each).",
    ),
    make(
        # a build's own minimum: "CMake Error at CMakeLists.txt:236 (message): CUDA version must
        # be at least 12.9!" (dmlc/xgboost#12024, heldout196 at its scoring: XGBoost 3.2 from
        # source on an older toolkit)
        "cuda-version-minimum-stated",
        r"\bCUDA (?:toolkit )?version (?:must|should|needs to|has to) be (?:at least|>=?)\s*"
        r"\d+(?:\.\d+)?",
        "toolkit-mismatch",
        "error",
        "the build requires a newer CUDA toolkit than the one it found",
        "Install the CUDA toolkit release the message names (or newer) and put it first "
        "(`export CUDA_HOME=/usr/local/cuda-X.Y PATH=$CUDA_HOME/bin:$PATH`, "
        "`-DCMAKE_CUDA_COMPILER=$CUDA_HOME/bin/nvcc`), or build an older release of the project "
        "that supports the installed toolkit; a prebuilt wheel needs no toolkit at all.",
    ),
    make(
        # PyTorch's cpp_extension check retold: "It said that my CUDA version (11.8) does not
        # match the required CUDA version (12.1)" (gndlwch2w/msvm-unet#3, heldout189 at its
        # scoring: the selective_scan kernels built with toolkit 11.8 for a torch +cu121)
        "cuda-version-mismatch-stated",
        r"\bCUDA version\s*\(?\d+\.\d+\)? (?:does not|doesn['’]t|did not|didn['’]t|do not|"
        r"don['’]t) match (?:with )?(?:the )?(?:required|expected|needed) CUDA version\b",
        "toolkit-mismatch",
        "warning",
        "the text says the CUDA toolkit does not match the CUDA the build requires",
        "Build with a CUDA toolkit of the same major.minor as the one PyTorch was built with "
        "(`python -c 'import torch; print(torch.version.cuda)'`; CUDA_HOME and PATH pointing at "
        "it), or install the torch build matching the installed toolkit.",
    ),
    make(
        # CUDA 13.0 took fields out of cudaDeviceProp (its release notes, "Changes to
        # cudaDeviceProperties structure"; gitlab.com/libeigen/eigen issue 3000: "two device
        # properties that are removed in CUDA 13, clockRate and computeMode"): code written for
        # CUDA 12 stops compiling. nvcc: 'class "cudaDeviceProp" has no member
        # "memoryClockRate"', gcc: "'struct cudaDeviceProp' has no member named 'clockRate'"
        # (facebookincubator/AITemplate#1045, icl-utk-edu/magma#61, heldout221 at its scoring)
        "cuda13-device-property-removed",
        r"\bcudaDeviceProp[\"'’`]?\s+has no member(?: named)?\s*[\"'‘`]?"
        r"(?:clockRate|memoryClockRate|computeMode|deviceOverlap|kernelExecTimeoutEnabled)\b",
        "toolkit-mismatch",
        "error",
        "the code reads cudaDeviceProp fields that CUDA 13 removed (clockRate, memoryClockRate, "
        "computeMode, deviceOverlap, kernelExecTimeoutEnabled): it was written for CUDA 12 or "
        "older",
        "Build with a CUDA 12.x toolkit (`export CUDA_HOME=/usr/local/cuda-12.X "
        "PATH=$CUDA_HOME/bin:$PATH`), or use a release of the project ported to CUDA 13 (it "
        "reads these values with `cudaDeviceGetAttribute`, e.g. `cudaDevAttrClockRate`).",
    ),
    make(
        # CUDA 13.0 changed cudaMemPrefetchAsync / cuMemPrefetchAsync (and cudaMemAdvise) to take
        # a cudaMemLocation where CUDA 12 took a device number: "expected 'CUmemLocation' {aka
        # 'struct CUmemLocation_st'} but argument is of type 'CUdevice'" (heterodb/pg-strom#931),
        # "The signature of `cudaMemPrefetchAsync` changed in CUDA 13.0 in an incompatible way"
        # (NVIDIA/stdexec#1619, both heldout221 at its scoring)
        "cuda13-memory-location-signature",
        r"\bexpected\s*[‘'`\"]?(?:CUmemLocation|cudaMemLocation)\b|"
        r"\bincompatible with parameter of type\s*[\"'‘`]?(?:CUmemLocation|cudaMemLocation)\b|"
        r"\bsignature of\s*`?cu(?:da)?Mem(?:PrefetchAsync|Advise)`?\s+(?:has\s+)?changed in "
        r"CUDA 13\b",
        "toolkit-mismatch",
        "error",
        "the code calls cudaMemPrefetchAsync / cudaMemAdvise with a device number, the CUDA 12 "
        "signature; CUDA 13 takes a cudaMemLocation",
        "Build with a CUDA 12.x toolkit (CUDA_HOME and nvcc pointing at it), or use a release of "
        "the project ported to CUDA 13's signatures.",
    ),
    make(
        # a thrust name the toolkit's thrust no longer has, or no longer includes for the code:
        # CCCL 3.0 (CUDA 13) removed thrust::unary_function and binary_function
        # ('namespace "thrust" has no member class "unary_function"' with CUDA 13.2,
        # ajameson/dedisp#6); 'namespace "thrust" has no member "distance"' with 13.2
        # (BNLNPPS/simphony#235); thrust headers no longer included for the code with CUDA 12
        # (nvidia-isaac/nvblox#27, all heldout221 at its scoring)
        "thrust-name-missing",
        r"\bnamespace\s*[\"'‘`]?thrust[\"'’`]?\s+has no member(?: class)?\s*[\"'‘`]?\w+|"
        r"[‘'`\"]\w+[’'`\"] is not a member of [‘'`\"]thrust[’'`\"]",
        "toolkit-mismatch",
        "warning",
        "the code uses a thrust name this CUDA toolkit's thrust (CCCL) no longer provides or no "
        "longer includes for it (CUDA 13's CCCL 3.0 removed thrust::unary_function and "
        "binary_function)",
        "Build with the CUDA toolkit the project was written for (often 12.x: CUDA_HOME and nvcc "
        "pointing at it), or use a release of the project ported to this toolkit's thrust "
        "(explicit `#include <thrust/...>` headers, std:: function objects).",
    ),
    make(
        # Triton reads the CUDA version of the ptxas it uses and maps it to a PTX version; a
        # Triton older than the toolkit falls through to its last branch: "RuntimeError: Triton
        # only support CUDA 10.0 or higher, but got CUDA version: 12.8" (triton-lang/triton#5737,
        # CUDA 12.8 installed beside an older Triton; heldout229 at its scoring)
        "triton-cuda-version-unknown",
        r"\bTriton only supports? CUDA 10\.0 or higher, but got CUDA version:?\s*\d+\.\d+",
        "toolkit-mismatch",
        "error",
        "this Triton does not know the CUDA toolkit's version: the ptxas it found is newer than "
        "the Triton release",
        "Install the Triton release your torch pins (`pip install -U torch` brings it) or a newer "
        "one, or point Triton at its own bundled ptxas instead of the system toolkit's (unset "
        "TRITON_PTXAS_PATH; take /usr/local/cuda/bin off PATH for the run).",
    ),
]
