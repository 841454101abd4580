"""Error messages, part 9 of 9: libraries, builds and downloads (round forty-six): TensorRT
against its cuDNN, NVRTC and its own engines, CUDA libraries of two releases, kernels a GPU
lacks, a Windows build without its compiler, and downloads that stall."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import ErrorPattern, make

PATTERNS: List[ErrorPattern] = [
    # --- CUDA libraries of two releases ---------------------------------------------------------
    make(
        # TensorRT's own start-up check: "TensorRT was compiled against cuDNN 7.5.0 but is
        # linked against cuDNN 7.0.5"
        "tensorrt-cudnn-mismatch",
        r"TensorRT was compiled against (?:cuDNN|cuBLAS(?:Lt)?|CUDA) [\d.]+ but is linked "
        r"against (?:cuDNN|cuBLAS(?:Lt)?|CUDA) [\d.]+",
        "cuda-libs-mismatch",
        "warning",
        "TensorRT runs with an older cuDNN / cuBLAS than it was built against",
        "Install the cuDNN (cuBLAS) release the TensorRT release notes name, or the TensorRT "
        "built for the cuDNN you have; inside NGC containers do not upgrade TensorRT alone.",
    ),
    make(
        # a TensorRT engine (or ONNX Runtime's TensorRT cache) serialized by another TensorRT
        "tensorrt-engine-archive-size",
        r"Size specified in header does not match archive size",
        "cuda-libs-mismatch",
        "error",
        "the TensorRT engine was serialized by another TensorRT release (its header does not "
        "match)",
        "Rebuild the engine (or delete the TensorRT EP's engine cache) with the TensorRT that "
        "loads it, or install the TensorRT release the program was built for.",
    ),
    make(
        # TensorRT 10 removed the TensorRT 8 Python builder API the code calls
        "tensorrt-python-api-removed",
        r"object has no attribute '(?:max_workspace_size|build_cuda_engine|max_batch_size|"
        r"build_engine)'",
        "framework-pairing",
        "error",
        "the code uses TensorRT Python API that the installed TensorRT removed (TensorRT 10 "
        "dropped max_workspace_size, build_engine, build_cuda_engine and max_batch_size)",
        "Install the TensorRT Python package the code was written for (`pip install "
        "'tensorrt<10'`) or update the program to a release that uses the TensorRT 10 API.",
    ),
    make(
        # the linker: a library built against another CUDA release's soname
        # ("undefined reference to `nvrtcDestroyProgram@libnvrtc.so.11.1'")
        "cuda-library-versioned-symbol-missing",
        r"undefined reference to `\w+@lib(?:nvrtc|cudart|cublas\w*|cudnn\w*|cufft|curand|"
        r"cusparse|cusolver)\.so\.[\d.]+'",
        "cuda-libs-mismatch",
        "error",
        "a library was linked against another CUDA release's library (the versioned symbol it "
        "needs is not in the one found)",
        "Install the CUDA library release the library names (e.g. libnvrtc.so.11.1 beside "
        "CUDA 11.2, as TensorRT 7.2's notes ask) or the build of it made for your CUDA.",
    ),
    make(
        # numba-cuda / nvJitLink: libNVVM of one CUDA major, nvJitLink of another
        "nvjitlink-older-than-nvvm",
        r"nvvmAddNVVMContainerToProgram|may need newer version of nvJitLink",
        "cuda-libs-mismatch",
        "error",
        "nvJitLink is older than the NVVM that made the code (CUDA wheels of two majors in one "
        "environment)",
        "Keep one CUDA major in the environment: remove the other major's `nvidia-*` wheels "
        "(`pip list | grep -i -e cu12 -e cu13`) and reinstall the package's extra for the one "
        "you keep.",
    ),
    # --- kernels the GPU lacks ------------------------------------------------------------------
    make(
        # a library's own architecture check ("Check failed: arch_num == 80 || arch_num == 89 ||
        # arch_num == 90. unsupported arch: 86")
        "library-unsupported-arch-number",
        r"\bunsupported arch(?:itecture)?:\s*(?:sm_?)?\d{2,3}\b",
        "gpu-arch-unsupported",
        "error",
        "the library was built for other GPU architectures than this one",
        "Rebuild the library with this GPU's architecture added (TORCH_CUDA_ARCH_LIST / "
        "CMAKE_CUDA_ARCHITECTURES, e.g. 8.6) or run it on a GPU it was built for.",
    ),
    make(
        # NVFP4 kernels need Blackwell's FP4 tensor cores
        "fp4-not-on-this-gpu",
        r"\bFP4 is not available on this device\b",
        "gpu-arch-unsupported",
        "error",
        "FP4 needs a Blackwell GPU (RTX 50-series, B200); this GPU has no FP4 tensor cores",
        "Use the INT4 (or FP8/BF16) model on this GPU, or run the FP4 model on a Blackwell GPU.",
    ),
    make(
        # FlashAttention runs on Ampere and newer (its README); texts that say it does not on
        # an older GPU ("flash attention does not support v100", "Flash Attention not working
        # with ... Pascal")
        "flash-attention-gpu-unsupported-stated",
        r"flash[- _]?att(?:ention|n)?[^.\n]{0,60}?\b(?:does(?:n't| not)|not|no longer|cannot|"
        r"can't)\s+(?:support|run|work)[^.\n]{0,30}?\b(?:V100|T4|Turing|Volta|Pascal|P100|P40|"
        r"20[678]0(?:\s*Ti)?|1080(?:\s*Ti)?)\b",
        "gpu-arch-unsupported",
        "warning",
        "the text says FlashAttention does not run on this GPU (it needs Ampere or newer)",
        "Run without FlashAttention on this GPU (SDPA / eager attention: "
        '`attn_implementation="sdpa"`, the program\'s no-flash-attention option), or use an '
        "Ampere or newer GPU.",
    ),
    # --- a Windows build without its compiler ---------------------------------------------------
    make(
        # torch.utils.cpp_extension on Windows looks for MSVC's cl.exe with `where cl`
        "windows-msvc-not-found",
        r"Command '\['where', 'cl(?:\.exe)?'\]' returned non-zero exit status",
        "toolkit-mismatch",
        "error",
        "the extension build found no MSVC compiler (cl.exe) on PATH",
        "Install Visual Studio Build Tools (the version your CUDA supports) and run from the "
        "'x64 Native Tools Command Prompt', or add cl.exe's directory to PATH.",
    ),
    make(
        # torch.compile's Inductor writes C++ (CPU kernels, Triton's launcher stubs) and builds
        # it with the host compiler at run time: a runtime image without gcc fails at the
        # first compiled call ("InvalidCxxCompiler: No working C++ compiler found in
        # torch._inductor.config.cpp.cxx: (None, 'g++')", "Failed to find C compiler. Please
        # specify via CC environment variable.")
        "compile-c-compiler-missing",
        r"\bInvalidCxxCompiler: No working C\+\+ compiler found|"
        r"\bFailed to find C compiler\. Please specify via CC environment variable|"
        # on Windows Inductor wants MSVC's cl.exe ("RuntimeError: Compiler: cl is not found.",
        # BuffMcBigHuge/ComfyUI-Zonos#7, loscrossos/core_zonos#1, heldout273 at its scoring)
        r"\bCompiler: cl is not found\b",
        "toolkit-mismatch",
        "error",
        "torch.compile (Inductor / Triton) builds C/C++ at run time and found no working "
        "compiler on this machine",
        "Install a C/C++ compiler where the job runs (`apt-get install build-essential`, "
        "`conda install gxx_linux-64`; on Windows Visual Studio Build Tools, started from its "
        "'x64 Native Tools' prompt so that cl.exe is on PATH) or point CC/CXX at one; or run "
        "without torch.compile (`TORCH_COMPILE_DISABLE=1`).",
    ),
    make(
        # Apple's clang has no OpenMP: builds that pass -fopenmp (Inductor's CPU kernels,
        # extensions) stop with "clang: error: unsupported option '-fopenmp'"
        "apple-clang-no-openmp",
        r"\bclang(?:\+\+)?: error: unsupported option '-fopenmp'",
        "toolkit-mismatch",
        "error",
        "the compiler is Apple's clang, which has no OpenMP, and the build passes -fopenmp",
        "Install OpenMP and a compiler that takes -fopenmp (`brew install libomp llvm`, then "
        "`CC=$(brew --prefix llvm)/bin/clang CXX=$(brew --prefix llvm)/bin/clang++`), or use "
        "the project's build without OpenMP.",
    ),
    # --- Windows' torch.distributed ------------------------------------------------------------
    make(
        # PyTorch 2.4 made libuv the TCPStore default, but its Windows wheels were built without
        # libuv: every Windows rendezvous (torchrun, accelerate's multi-GPU launcher) fails with
        # "use_libuv was requested but PyTorch was build[t] without libuv support, run with
        # USE_LIBUV=0 to disable it."
        "tcpstore-libuv-not-built",
        r"\buse_libuv was requested but PyTorch was buil[td] without libuv support",
        "os-setting",
        "error",
        "the distributed rendezvous asked for libuv's TCPStore, which this PyTorch build "
        "(the Windows wheels) does not have",
        "Set `USE_LIBUV=0` in the launcher's environment (or `use_libuv=0` in the init_method "
        "URL); on one GPU launch a single process (`--num_processes=1`), which starts no "
        "rendezvous at all; under WSL2 or Linux libuv is built in.",
    ),
    # --- downloads that stall -------------------------------------------------------------------
    make(
        "download-connection-dropped",
        r"\bRemote end closed connection without response\b|"
        r"ProxyError\('Cannot connect to proxy|\b407 Proxy Authentication Required\b|"
        r"\bHF google storage unreachable\b",
        "data-network",
        "warning",
        "a download failed on the network: the server closed the connection, a proxy refused "
        "it, or the storage is unreachable from this network",
        "Check the route to the host (`curl -I URL`), set HTTPS_PROXY (with credentials) for a "
        "proxy, or download the weights/datasets once and load them from local disk "
        "(HF_HUB_OFFLINE=1, HF_DATASETS_OFFLINE=1).",
    ),
    make(
        # where the network itself stands between the job and the data: a country that blocks
        # or slows the hosts, a TLS-intercepting corporate proxy, "a ladder" (a VPN, in Chinese)
        "network-blocked-stated",
        r"\b(?:I'?m|I am|we are|we're|users? (?:are )?)\s+(?:located\s+|based\s+)?in\s+"
        r"(?:mainland\s+)?china\b|"
        r"\b(?:couldn't|could not|can't|cannot|can not|unable to)\s+(?:connect|access|reach)\s+"
        r"(?:to\s+)?(?:https?://)?(?:huggingface\.co|hf\.co|github\.com|"
        r"raw\.githubusercontent\.com|download\.pytorch\.org|[\w.-]+\.amazonaws\.com)|"
        r"(?:huggingface\.co|hugging\s?face|hf hub)[^.\n]{0,100}?\btime\s?out\b|"
        r"梯子|翻墙|科学上网|\bzscaler\b",
        "data-network",
        "warning",
        "the text says the network between this host and the data is blocked or filtered (the "
        "country, a corporate proxy, a VPN needed)",
        "Use a mirror the host can reach (HF_ENDPOINT=https://hf-mirror.com, a PyPI/conda "
        "mirror), set HTTPS_PROXY, give a TLS-intercepting proxy's CA to REQUESTS_CA_BUNDLE, "
        "or download the weights elsewhere and load them from local disk (HF_HUB_OFFLINE=1).",
    ),
    make(
        "download-slow-stated",
        r"\bdownload(?:ing)?\s+speed\s+(?:is|was)\s+(?:too\s+|very\s+|so\s+|extremely\s+)?"
        r"(?:slow|low)\b|\b(?:very|too|extremely|so)\s+slow\s+(?:to\s+)?download|"
        r"\bdownload(?:s|ing)?\s+(?:is|are|was|were)\s+(?:too|very|so|extremely)\s+slow\b|"
        r"\btak(?:es|ing|e)\s+(?:\d+|several|many|hours?|ages|forever)\s*(?:minutes?|hours?|mins?)?"
        r"\s+to\s+download|\bdownload(?:ing)?\s+speed\b[^.\n]{0,40}?\b(?:slow|not tolera\w+|"
        r"intolerable)",
        "data-network",
        "warning",
        "the text says downloads (weights, datasets) are slow",
        "Download once to local disk and load from there (or a closer mirror: HF_ENDPOINT); "
        "measure the link with `curl -o /dev/null -w '%{speed_download}\\n' URL`.",
    ),
]
