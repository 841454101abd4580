"""Error messages, part 6 of 9: NCCL and the Python version."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import DRIVER_OLD, ErrorPattern, make

# the packages a stated pairing names (versions-stated-incompatible), and a version after one:
# "==2.7.x", ">=0.11.0", " 2.7.0", "v2.1"
_PAIRED = (
    r"(?:py)?torch|torchvision|torchaudio|torchcodec|flash[-_]?attn|flash-attention|xformers|"
    r"vllm|transformers|tensorflow|keras|jaxlib|jax|triton|mmcv(?:-full)?|mmdet|mmengine|"
    r"deepspeed|bitsandbytes|onnxruntime(?:-gpu)?|numpy|diffusers|accelerate|peft|"
    r"paddlepaddle(?:-gpu)?|torch-geometric|dgl"
)
_STATED_VERSION = r"\s*(?:[=<>~!]=?|\s)\s*v?\d+(?:\.(?:\d+|x|\*))+\+?[\w.]*"

PATTERNS: List[ErrorPattern] = [
    make(
        # NCCL's socket layer accepted a connection whose first message is of another type than
        # the one it waits for: "socketFinalizeAccept: wrong type 3 != 4" (a multi-node job
        # that ran with NCCL_IB_DISABLE=1: hiyouga/LlamaFactory#3641, heldout280 at its
        # scoring). A peer of another NCCL release, another job on the same port, or
        # connections crossing the wrong interfaces.
        "nccl-bootstrap-wrong-connection-type",
        r"(?<![A-Za-z])socketFinalizeAccept: wrong type \d+ != \d+",
        "nccl-problem",
        "error",
        "NCCL's bootstrap received a connection of the wrong type between the nodes",
        'Run the same NCCL release on every node (`python -c "import torch; print(torch.cuda.'
        'nccl.version())"`), pin the interfaces with `NCCL_SOCKET_IFNAME` (and `NCCL_IB_HCA` '
        "for InfiniBand), and run with `NCCL_DEBUG=INFO`; if `NCCL_IB_DISABLE=1` makes the job "
        "run, the InfiniBand setup (HCAs, GID index, subnet) is what to fix.",
    ),
    make(
        # Accelerate refuses multi-GPU on GeForce RTX 40 cards unless NCCL's P2P and IB
        # transports are off: "Using RTX 4000 series doesn't support faster communication
        # broadband via P2P or IB. Please set `NCCL_P2P_DISABLE=\"1\"` and
        # `NCCL_IB_DISABLE=\"1\"`" (QwenLM/Qwen-VL#447)
        "accelerate-rtx40-p2p-refused",
        # (a later Accelerate names the 3090 too: "Using RTX 3090 or 4000 series doesn't
        # support ...", zai-org/ChatGLM3#536, heldout216 at its scoring)
        r"RTX (?:3090 or )?4000 series doesn't support faster communication broadband via P2P "
        r"or IB",
        "nccl-problem",
        "error",
        "Accelerate refuses NCCL's P2P / InfiniBand transports on GeForce RTX 40 GPUs (they have "
        "no peer-to-peer support)",
        "Set `NCCL_P2P_DISABLE=1` and `NCCL_IB_DISABLE=1` in the environment before `accelerate "
        "launch` (or upgrade Accelerate, whose later releases set them itself).",
    ),
    make(
        # CUDA's cudaErrorPeerAccessUnsupported: "peer access is not supported between these two
        # devices". GeForce cards from the RTX 30 series on have no peer-to-peer, and PCIe ACS
        # or an IOMMU can block it between any two GPUs (8x RTX 3090: efeslab/Nanoflow#22,
        # heldout248 at its scoring). Code that asks for P2P without checking fails; a library
        # that should have checked (SGLang's custom all-reduce on two T4s, sgl-project/sglang#552,
        # a healthy control) prints the same: a warning.
        "peer-access-unsupported",
        r"\bpeer access is not supported between these two devices?\b|"
        r"\bcudaErrorPeerAccessUnsupported\b",
        "nccl-problem",
        "warning",
        "the GPUs cannot read each other's memory directly (no peer-to-peer between them)",
        "Check with `nvidia-smi topo -p2p r` (OK or NS for each pair). GeForce RTX 30/40/50 "
        "cards have no P2P: run without the code path that needs it (NCCL falls back by "
        "itself; inference servers: disable custom all-reduce, e.g. vLLM/SGLang "
        "`--disable-custom-all-reduce`; set `NCCL_P2P_DISABLE=1` for launchers that insist). On "
        "datacenter GPUs turn PCIe ACS off for the GPUs' bridges or set the IOMMU to passthrough "
        "(`iommu=pt`).",
    ),
    make(
        # NCCL sizes its kernels' shared memory for the GPUs it knows; on a newer GPU with less
        # per block it cannot launch them (NCCL 2.25.1 on RTX 5090, NVIDIA/nccl#1637: 2.26 works)
        "nccl-shared-mem-exceeds-device",
        r"ncclMaxSharedMem \d+ exceeds device/fn maxSharedMem \d+",
        "nccl-problem",
        "error",
        "this NCCL's kernels need more on-chip shared memory than the GPU offers (an NCCL "
        "release older than the GPU)",
        "Install a newer NCCL (the nvidia-nccl-cuXX wheel, or the framework release that "
        "brings one made after this GPU); `NCCL_DEBUG=INFO` prints the version in use.",
    ),
    # --- NCCL ---------------------------------------------------------------------------------
    make(
        "nccl-ib-completion-error",
        r"NCCL WARN NET/IB\s*:\s*Got completion from peer\b.*?\bwith error \d+",
        "nccl-problem",
        "error",
        "NCCL's InfiniBand transport got a failed work completion",
        "Error 4 (local protection) is usually PCI ACS enabled breaking GPUDirect RDMA: confirm "
        "with NCCL_NET_GDR_LEVEL=0, then disable ACS in the BIOS / PCI switches; otherwise check "
        "the IB links (`ibstat`) and NCCL_IB_HCA.",
    ),
    make(
        "nccl-ib-memlock",
        r"ibv_reg_mr\w* failed with error Cannot allocate memory|"
        r"(?:Cannot allocate memory|Failed to allocate).{0,80}(?:memlock|locked memory)|"
        r"(?:ibv_create_cq|ucp_init|uct_ib)\w*.{0,80}Cannot allocate memory|"
        # UCX on mlx5 (DevX) registering memory, and its advice with the limit in effect:
        # "mlx5dv_devx_umem_reg(size=131072 access=0x0) failed: Cannot allocate memory",
        # "Please set max locked memory (ulimit -l) to 'unlimited' (current: 8192 kbytes)"
        # (a container with the daemon's 8 MB LimitMEMLOCK: mlcommons/mlperf-automations#664,
        # heldout284 at its scoring)
        r"\bmlx5dv_devx_umem_reg\([^)\n]{0,60}\) failed: Cannot allocate memory|"
        r"\bPlease set max locked memory \(ulimit -l\) to 'unlimited'",
        "nccl-problem",
        "error",
        "InfiniBand could not pin memory: the locked-memory limit (ulimit -l) is too low",
        "Raise the memlock limit for jobs: `* soft memlock unlimited` / `* hard memlock "
        "unlimited` in /etc/security/limits.conf, LimitMEMLOCK=infinity for slurmd / the "
        "container runtime; check `ulimit -l` inside the job.",
    ),
    make(
        "memlock-stated-low",
        r"(?:small|low|tiny)\s+(?:max(?:imum)?\s+)?(?:locked[- ]memory|memlock)\s+(?:limit|ulimit)|"
        r"(?:locked[- ]memory|memlock)\b[^.\n]{0,40}?(?:too (?:low|small)|(?:set|limited|capped|"
        r"being set) to\s+(?:64|32|16|8|4)\s*K)",
        "os-setting",
        "warning",
        "the text says the locked-memory limit (ulimit -l) is too low",
        "Raise memlock for jobs: `* soft memlock unlimited` / `* hard memlock unlimited` in "
        "/etc/security/limits.conf, LimitMEMLOCK=infinity for slurmd (or PropagateResourceLimits "
        "in slurm.conf) and the container runtime (`--ulimit memlock=-1`); check `ulimit -l` "
        "inside the job.",
    ),
    make(
        "pci-acs-enabled",
        r"ACSCtl:.*(?:ReqRedir\+|CmpltRedir\+)",
        "os-setting",
        "warning",
        "PCIe ACS is enabled on a bridge: GPU peer-to-peer traffic is redirected",
        "With ACS redirect on, P2P between GPUs goes through the root complex / IOMMU and NCCL "
        "can hang or crawl: disable ACS in the BIOS (or `setpci ... ECAP_ACS+6.w=0000`), or "
        "boot with `pci=noacs`; test with NCCL_P2P_DISABLE=1.",
    ),
    make(
        "nccl-unhandled-cuda-error",
        r"unhandled cuda error|ncclUnhandledCudaError",
        "nccl-problem",
        "error",
        "NCCL hit a CUDA error",
        "Run with NCCL_DEBUG=INFO to see the failing call; check for a driver/NCCL mismatch, "
        "peer-to-peer problems (try NCCL_P2P_DISABLE=1) and GPU health (Xid in dmesg).",
    ),
    make(
        "nccl-unhandled-system-error",
        r"unhandled system error|ncclSystemError",
        "nccl-problem",
        "error",
        "NCCL hit a system error",
        "Run with NCCL_DEBUG=INFO: in containers this is usually /dev/shm too small "
        "(`--ipc=host` or `--shm-size`), otherwise the network interface "
        "(NCCL_SOCKET_IFNAME) or InfiniBand setup.",
    ),
    make(
        "nccl-timeout",
        r"Watchdog caught collective operation timeout|NCCL communicator was aborted",
        "nccl-problem",
        "warning",
        "an NCCL collective timed out",
        "One rank stalled or died: check the other ranks' logs, network, and GPU health.",
    ),
    make(
        "nccl-invalid-usage",
        r"NCCL error in:[^\n]{0,120}?\binvalid usage\b|\bncclInvalidUsage\b",
        "nccl-problem",
        "warning",  # NCCL's verdict on how the program calls it, not on the machine
        "NCCL reports invalid usage: how the program calls it (two ranks on one GPU, "
        "mismatched collectives)",
        "Run with NCCL_DEBUG=WARN: the line before names the misuse; give each rank its own "
        "GPU (`torch.cuda.set_device(local_rank)`) and call the same collectives in the same "
        "order on every rank.",
    ),
    make(
        "nccl-error",
        r"NCCL error in:|ncclInternalError|ncclInvalidUsage|NCCL Error \d+|"
        r"internal error - please report this issue to the NCCL developers|Test NCCL failure",
        "nccl-problem",
        "error",
        "NCCL failed",
        "Run with NCCL_DEBUG=INFO to see which transport failed.",
    ),
    make(
        "nccl-p2p-workaround",
        r"(?!)",  # assigned by the scanner: NCCL_P2P_DISABLE=1 said to work around a failure
        "nccl-problem",
        "warning",
        "NCCL works only with peer-to-peer disabled (NCCL_P2P_DISABLE=1)",
        "GPU peer-to-peer traffic is broken on this host: check PCIe ACS and the IOMMU (disable "
        "ACS in the BIOS, turn VT-d/IOMMU off or boot with `iommu=pt`), then update the NVIDIA "
        "driver (P2P hangs are fixed in newer drivers); `nvidia-smi topo -p2p r` and "
        "`all_reduce_perf` show which GPU pairs fail. NCCL_P2P_DISABLE=1 only hides it, slowly.",
    ),
    make(
        "consumer-gpu-p2p-hang",
        r"(?!x)x",  # never by itself: inferred from the whole text (see _consumer_gpu_p2p_hang)
        "nccl-problem",
        "warning",
        "a multi-GPU job hangs on GeForce RTX cards (NCCL peer-to-peer)",
        "GeForce RTX 30/40/50 cards have no working PCIe peer-to-peer: rerun with "
        "NCCL_P2P_DISABLE=1 (if that fixes it, keep it, or check ACS/IOMMU in the BIOS: "
        "`sudo lspci -vvv | grep ACSCtl`), and NCCL_DEBUG=INFO to see where it stops.",
    ),
    make(
        "slurm-gpus-per-task",
        r"(?!x)x",  # never by itself: inferred from the whole text (see symptoms.gpus_per_task)
        "os-setting",
        "warning",
        "Slurm's --gpus-per-task gives each task only its own GPU, and the ranks talk GPU to GPU",
        "With --gpus-per-task (and ConstrainDevices / enroot) each task sees one GPU in its own "
        "device cgroup: CUDA IPC, NCCL P2P and NVLink between tasks fail or fall back to slow "
        "paths. Request the GPUs per node instead (--gpus-per-node=N or --gres=gpu:N with "
        "--ntasks-per-node=N) and let each rank pick its GPU by local rank.",
    ),
    make(
        "slurm-ntasks-not-set",
        r"(?!x)x",  # never by itself: inferred from the whole text (see symptoms.slurm_ddp_tasks)
        "os-setting",
        "warning",
        "a Lightning DDP job under Slurm waits at 'initializing ddp' and the text sets no task "
        "count",
        "Under Slurm, Lightning starts one process per Slurm task: set #SBATCH --nodes=N and "
        "--ntasks-per-node equal to the GPUs per node (Trainer(devices=..., num_nodes=N) must "
        "match), and launch with srun; otherwise the ranks wait for each other forever.",
    ),
    make(
        "multi-gpu-hang-one-works",
        r"(?!x)x",  # never by itself: inferred from the whole text (see symptoms.multi_gpu_hang)
        "nccl-problem",
        "warning",
        "one GPU trains, several GPUs hang (GPU-to-GPU traffic)",
        "Rerun with NCCL_DEBUG=INFO and NCCL_P2P_DISABLE=1: if that runs, peer-to-peer between the "
        "GPUs is blocked or broken: check PCIe ACS (`sudo lspci -vvv | grep ACSCtl`) and the "
        "IOMMU (BIOS VT-d/AMD-Vi, or boot with iommu=pt), per NVIDIA's NCCL troubleshooting "
        "guide; `nvidia-smi topo -m` shows how the GPUs are connected.",
    ),
    make(
        "multi-node-fails-one-node-works",
        r"(?!x)x",  # never by itself: inferred from the whole text (see symptoms.multi_node_fails)
        "nccl-problem",
        "warning",
        "training on one node works, on two or more nodes it does not (the network between the "
        "nodes)",
        "Rerun with NCCL_DEBUG=INFO (and NCCL_DEBUG_SUBSYS=INIT,NET): it names the interface NCCL "
        "chose and where it stops. Set NCCL_SOCKET_IFNAME to the interface the nodes reach each "
        "other on (not lo, docker0 or a virtual bridge), and let the nodes reach each other on "
        "all TCP ports, not only the rendezvous port: NCCL opens ports of its own (a firewall "
        "that allows only MASTER_PORT blocks it); `ib_write_bw` tests InfiniBand.",
    ),
    make(
        "nccl-collective-stall",
        r"(?!x)x",  # never by itself: inferred from the whole text (see nccl_collective_stall)
        "nccl-problem",
        "warning",
        "NCCL is at work and the job hangs or stalls, with no NCCL error",
        "Rerun with NCCL_DEBUG=INFO and NCCL_P2P_DISABLE=1: if that runs, GPU peer-to-peer is "
        "blocked; check PCIe ACS (`sudo lspci -vvv | grep ACSCtl` should show SrcValid-) and "
        "IOMMU/VT-d (disable it or use iommu=pt), per NVIDIA's NCCL troubleshooting guide.",
    ),
    make(
        "nccl-warn",
        r"\bNCCL WARN\b|\b(?:include/)?(?:socket|net_socket|net_ib|bootstrap|transport|proxy|"
        r"init|net|graph/\w+|misc/\w+)\.(?:h|cc|cu):\d+\s+WARN\b",
        "nccl-problem",
        "warning",
        "NCCL printed a warning",
        "Read the NCCL WARN line: it names the transport (NET/IB, NET/Socket, P2P, SHM) that "
        "failed; rerun with NCCL_DEBUG=INFO and make every rank use the same NCCL version and "
        "environment (NCCL_* variables, interfaces, IB devices).",
    ),
    make(
        "torchvision-cuda-mismatch",
        r"PyTorch and torchvision were compiled with different CUDA versions|"
        r"PyTorch has CUDA Version\s*=\s*[\d.]+ and torchvision has CUDA Version\s*=\s*[\d.]+",
        "framework-pairing",
        "error",
        "torch and torchvision were built for different CUDA versions",
        "Install the torchvision release made for the installed torch, from the same index "
        "(e.g. `pip install torch torchvision --index-url https://download.pytorch.org/whl/cuXYZ`"
        " with one cuXYZ for both).",
    ),
    make(
        # the same check where the extension has no CUDA at all: "PyTorch has CUDA version 10.1
        # and torch_sparse has CUDA version 0.0" (rusty1s/pytorch_sparse#41, heldout185 at its
        # scoring: built from source on a node without a GPU, which setup.py takes for a CPU
        # build unless FORCE_CUDA=1)
        "extension-built-without-cuda",
        r"\band (?:torch_\w+|torchvision|torchaudio|TorchAudio) has CUDA [Vv]ersion\s*=?\s*"
        r"(?:0\.0|-1)\b",
        "cpu-only-build",
        "error",
        "the extension was built without CUDA (its CUDA version is 0.0): a source build on a "
        "machine where the build found no GPU or toolkit",
        "Install the extension's CUDA wheel for the installed torch and CUDA (PyG's: "
        "https://data.pyg.org/whl/), or rebuild it where nvcc is found, forcing CUDA where the "
        "build machine has no GPU (`FORCE_CUDA=1 pip install --no-cache-dir ...` for PyG's "
        "extensions, with TORCH_CUDA_ARCH_LIST set).",
    ),
    make(
        # TorchScript's schema check loading a model saved by a newer torch: "aten::_convolution
        # (...) Expected at most 12 arguments but found 13 positional arguments" (LibTorch 1.6
        # loading a YOLOv5 export: yasenh/libtorch-yolov5#39, heldout186 at its scoring)
        "torchscript-newer-than-runtime",
        r"\bExpected at most \d+ arguments? but found \d+ positional arguments?",
        "framework-pairing",
        "warning",
        "a TorchScript model calls an operator with more arguments than this torch / LibTorch "
        "knows: it was saved by a newer torch than the one loading it",
        "Load it with the LibTorch (or torch) release it was exported with, or export it again "
        "with the torch release of the runtime (`torch.__version__` on both sides).",
    ),
    make(
        "pyg-extension-cuda-mismatch",
        r"PyTorch and torch_(?:sparse|scatter|cluster|spline_conv)\w* were compiled with "
        r"different CUDA versions",
        "framework-pairing",
        "error",
        "torch and a PyTorch Geometric extension (torch_sparse, torch_scatter ...) were built "
        "for different CUDA versions",
        "Reinstall the extensions from PyG's wheel index for the installed torch and its CUDA, "
        "without pip's cache (`pip install --no-cache-dir --force-reinstall torch-scatter "
        "torch-sparse -f https://data.pyg.org/whl/torch-<X.Y.Z>+cu<XYZ>.html`).",
    ),
    make(
        # torch_scatter / torch_sparse check the torch they were built for at import:
        # "RuntimeError: Expected PyTorch version 1.4 but found version 1.3."
        "pyg-extension-torch-version",
        r"Expected PyTorch version \d+\.\d+ but found version \d+\.\d+",
        "framework-pairing",
        "error",
        "a PyTorch Geometric extension was built for another torch release than the one installed",
        "Install the extension wheels built for the installed torch (`pip install torch-scatter "
        "torch-sparse -f https://data.pyg.org/whl/torch-<X.Y.Z>+<cuXYZ|cpu>.html`), or the torch "
        "release they were built for; an older torch may need them built from source.",
    ),
    make(
        # tch-rs (torch-sys) is made for one libtorch release and checks it at build time:
        # "Error: this tch version expects PyTorch 2.7.0, got 2.2.2" (tch-rs#949)
        "tch-libtorch-version",
        r"this tch version expects PyTorch \d+\.\d+(?:\.\d+)?, got \d+\.\d+",
        "framework-pairing",
        "error",
        "the tch crate was made for another libtorch release than the one it found",
        "Pin the tch / torch-sys release made for the libtorch installed (tch-rs's README lists "
        "each release's libtorch), or install the libtorch it expects; "
        "LIBTORCH_BYPASS_VERSION_CHECK only silences the check.",
    ),
    make(
        # torchao's C++ extensions are built for one torch release: "Skipping import of cpp
        # extensions due to incompatible torch version 2.7.1+cu128 for torchao version 0.15.0"
        "torchao-torch-version",
        r"incompatible torch version \S+ for torchao version \S+",
        "framework-pairing",
        "warning",
        "torchao's compiled extensions were built for another torch release",
        "Install the torchao release paired with the installed torch (torchao's README and "
        "pytorch/ao#2919 list the pairs), or the torch release it was built for.",
    ),
    make(
        # "pytorch2.0.1与mmcv出现冲突，无法安装mmcv" (torch 2.0.1 conflicts with mmcv, mmcv will
        # not install): mmcv releases are built per torch release (Metric3D#73)
        "mmcv-torch-conflict-stated",
        r"(?:py)?torch\s*v?\d+(?:\.\d+)*\s*(?:与|和|and|with|vs\.?)\s*mmcv\S*?"
        r"(?:\s*v?\d+(?:\.\d+)*)?\s*(?:出现|有)?\s*"
        r"(?:冲突|不兼容|conflict|(?:are |is )?incompatib)|"
        r"mmcv\S*?\s*(?:与|和|and|with|vs\.?)\s*(?:py)?torch\s*v?\d+(?:\.\d+)*\s*(?:出现|有)?\s*"
        r"(?:冲突|不兼容|conflict|(?:are |is )?incompatib)",
        "framework-pairing",
        "warning",
        "the text says mmcv and the installed torch do not go together",
        "Install the mmcv release built for this torch and CUDA (OpenMMLab's install table "
        "pairs them; `mim install mmcv` picks it), or the torch release the project pins.",
    ),
    make(
        "torchaudio-cuda-mismatch",
        r"PyTorch and TorchAudio were compiled with different CUDA versions|"
        r"PyTorch has CUDA version [\d.]+ whereas TorchAudio has CUDA version [\d.]+",
        "framework-pairing",
        "error",
        "torch and torchaudio were built for different CUDA versions",
        "Install the torchaudio release made for the installed torch, from the same index "
        "(e.g. `pip install torch torchaudio --index-url https://download.pytorch.org/whl/cuXYZ` "
        "with one cuXYZ for both); a plain `pip install torchaudio` takes PyPI's default CUDA.",
    ),
    make(
        "versions-stated-incompatible",
        r"\b(?:keras|tensorflow(?:-gpu)?|tf|torch|pytorch|torchvision|torchaudio|jax|jaxlib|"
        r"xformers|flash[-_ ]?attn|mmcv(?:-full)?|mmdet|detectron2|transformers)\s*v?\d+(?:\.\d+)+"
        r"\s+(?:is|are|was|were)\s+(?:not\s+compatible|incompatible)\s+with\s+(?:the\s+)?"
        r"(?:keras|tensorflow|tf|torch|pytorch|torchvision|torchaudio|jax|jaxlib|xformers|"
        r"flash[-_ ]?attn|mmcv|transformers)\b|"
        # an unpinned install said to bring a release that does not fit: "will install latest
        # torch-sparse which is incompatible" (gcorso/DiffDock#139)
        r"\b(?:latest|newest)\s+(?:version of\s+|release of\s+)?(?:torch[-_](?:scatter|sparse|"
        r"cluster|spline[-_]conv)|pyg[-_]lib|torchvision|torchaudio|xformers|mmcv(?:-full)?|"
        r"flash[-_ ]?attn|keras|tensorflow[-_](?:addons|probability|text))\b[^.\n]{0,20}?"
        r"\b(?:which|that) (?:is|are) (?:not compatible|incompatible)\b|"
        # two releases, each with its version, and a verb that says they do not go together:
        # "flash-attn==2.7.x do not support torch==2.7.0" (NVlabs/Long-RL#16), "torch==2.10.0
        # will reject to import torchcodec>=0.11.0" (unslothai/unsloth#7225)
        r"\b(?:" + _PAIRED + r")" + _STATED_VERSION + r"[^.\n]{0,30}?"
        r"\b(?:(?:does|do|will|is|are|was|were|can)(?:\s*not|n't)\s+(?:\w+\s+)?"
        r"(?:support|work with|compatible with|import|run with|load with)|"
        r"(?:will\s+)?reject(?:s|ed)?\s+(?:to\s+)?import|conflicts? with)\s+(?:the\s+)?(?:"
        + _PAIRED
        + r")"
        + _STATED_VERSION,
        "framework-pairing",
        "warning",
        "the text says two framework releases in use do not work together",
        "Install the pair the projects document together (each one's compatibility table or "
        "release notes), e.g. `pip install 'keras==<the release made for this TensorFlow>'`; "
        "`pip check` lists the declared conflicts.",
    ),
    make(
        "keras3-not-supported-by-transformers",
        r"installed version of Keras is Keras 3, but this is not yet supported in Transformers",
        "framework-pairing",
        "error",
        "Transformers' TensorFlow models need Keras 2 (tf-keras), and Keras 3 is installed",
        "`pip install tf-keras` (the Keras 2 package Transformers uses), or pin `keras<3` with "
        "a TensorFlow before 2.16; or use the PyTorch models.",
    ),
    make(
        "tf-addons-unsupported-tensorflow",
        r"TensorFlow Addons supports using Python ops for all Tensorflow versions above or "
        r"equal to [\d.]+ and strictly below [\d.]+",
        "framework-pairing",
        "error",
        "the installed TensorFlow Addons release does not support this TensorFlow",
        "Install the tensorflow-addons release made for this TensorFlow (its README's "
        "compatibility table), or the TensorFlow it names; `pip show tensorflow "
        "tensorflow-addons` shows both.",
    ),
    # --- Python version ---------------------------------------------------------------------
    make(
        # pybind11's import-time check: an extension module (DeepStream's pyds.so, a custom op)
        # built against another Python's headers
        "extension-built-for-other-python",
        r"Python version mismatch: module was compiled for Python \d\.\d+, but the "
        r"interpreter version is incompatible",
        "python-unsupported",
        "error",
        "a compiled extension module was built for another Python version than the one running",
        "Run it with the Python it was built for (the message names both), or install / rebuild "
        "the module for this Python (`pip install --force-reinstall --no-binary :all: <pkg>` "
        "or the vendor's wheel for this Python).",
    ),
    make(
        # an extension linked to libpython of one Python version, imported by another (or by a
        # Python built without a shared libpython: pyenv's default, a static conda build)
        "libpython-not-found",
        r"libpython\d\.\d+m?\.so(?:\.[\d.]+)?: cannot open shared object file|"
        # the loader's other words, and ldd's: "dynamo run failed with `error while loading
        # shared libraries: libpython3.12.so.1.0`", "libpython3.12.so.1.0 => not found"
        # (ai-dynamo/dynamo#784, heldout220 at its scoring)
        r"\berror while loading shared libraries: libpython\d\.\d+m?\.so\b|"
        r"\blibpython\d\.\d+m?\.so(?:\.[\d.]+)? => not found\b",
        "python-unsupported",
        "warning",
        "a compiled module needs the shared libpython of a Python version this host does not "
        "run (or lacks)",
        "Use the Python version named in the libpython file (the module was built for it), or "
        "install the module built for your Python; when the versions already match, install "
        "the shared library (`apt install libpython3.X`, pyenv: `PYTHON_CONFIGURE_OPTS="
        "--enable-shared`).",
    ),
    make(
        # distutils left the standard library in Python 3.12 (PEP 632; the 3.12 release notes:
        # "the distutils package has been removed"): a package that imports it, or an installer
        # that needs it, predates 3.12 ("`distutils` package is not installed ... only occurs on
        # python 3.12+", invoke-ai/InvokeAI#5153)
        "distutils-removed-python312",
        r"No module named '?distutils(?:\.\w+)?'?[^\n]{0,200}?\b(?:python|py)\s*3\.1[2-9]\b|"
        r"\b(?:python|py)\s*3\.1[2-9]\b[^\n]{0,200}?No module named '?distutils\b|"
        r"\bdistutils\b[^\n]{0,160}?\b(?:python|py)\s*3\.1[2-9]\+?[^\n]{0,60}?\bremoved\b|"
        r"\bdistutils\b[^.\n]{0,80}?\bremoved\b[^.\n]{0,40}?\b(?:python|py)\s*3\.1[2-9]\b",
        "python-unsupported",
        "warning",
        "the package (or its installer) needs distutils, which Python 3.12 removed",
        "Use Python 3.11 or older for this release, or a release of the package made for 3.12 "
        "(or `pip install setuptools`, which provides a distutils shim for some packages).",
    ),
    make(
        # dataclass()'s slots, kw_only and weakref_slot arguments came with Python 3.10 / 3.11
        # (Python's docs: "Changed in version 3.10: Added kw_only and slots"; "Changed in
        # version 3.11: Added weakref_slot"): a package using them needs that Python
        # (flashinfer-ai/flashinfer#1964: FlashInfer 0.2.9 on Python 3.9)
        "dataclass-argument-newer-python",
        r"dataclass\(\) got an unexpected keyword argument '(?:slots|kw_only|weakref_slot)'",
        "python-unsupported",
        "error",
        "the package uses a dataclass() argument this Python predates (slots and kw_only need "
        "Python 3.10, weakref_slot 3.11)",
        "Run it on Python 3.10 or newer (3.11 for weakref_slot), or install the package's last "
        "release that supports this Python.",
    ),
    make(
        # pip's resolver explaining a conflict: a torch companion release is built for one torch
        # release, and the requested torch is another ("The user requested torch==1.10.0 /
        # torchvision 0.11.2 depends on torch==1.10.1", a requirements file pinning both)
        "pip-companion-needs-other-torch",
        r"\b(?:torchvision|torchaudio|torchtext|torchdata|xformers) \d[\w.+]* depends on "
        r"torch\s*(?:==|~=|<=?|>=?)\s*\d|"
        # setuptools' (easy_install's) words for it: "error: torch 1.5.0 is installed but
        # torch==1.8.1 is required by {'torchvision'}" (ShichenLiu/SoftRas#74, heldout184 at
        # its scoring; auto_LiRPA#66)
        r"\btorch \d[\w.+]* is installed but torch\s*(?:==|~=|<=?|>=?)\s*\d[\w.+]* is required "
        r"by \{'(?:torchvision|torchaudio|torchtext|torchdata|xformers)'\}",
        "framework-pairing",
        "warning",
        "pip cannot install this torchvision / torchaudio / xformers release beside the torch "
        "requested: each release is built for one torch release",
        "Pin the companion release made for the torch you want (pytorch.org's previous-versions "
        "page pairs them: torch 1.10.0 with torchvision 0.11.1), or the torch the message "
        "names; pin both in the same requirements line or file.",
    ),
    make(
        # a project's release without a wheel for this Python, said in words ("PyAV doesn't
        # provide wheels for Python 3.12 yet", neuroinformatics-unit/sleap-io#68): pip builds it
        # from source, which fails without its build dependencies
        "no-wheel-for-python-stated",
        r"\b(?:(?:does not|doesn't|do not|don't|did not|didn't) (?:yet )?(?:provide|ship|have|"
        r"publish|offer|build)|(?:there are |there is )?no|without)\s+(?:pre-?built\s+|binary\s+)?"
        r"wheels?\s+(?:\w+\s+)?for\s+(?:python|py|cp)\s*3\.?\d{1,2}\b|"
        r"\bno\s+(?:python|py|cp)\s*3\.?\d{1,2}\s+wheels?\b",
        "python-unsupported",
        "warning",
        "a package has no wheel for this Python, so pip tries to build it from source",
        "Use a Python the package ships wheels for (a venv or `conda create -n py311 "
        "python=3.11`), or a newer release of the package with wheels for this Python (its "
        "PyPI files list the cpXY tags).",
    ),
    make(
        # Open MPI's shared-memory transport (vader) copying between ranks with cross-memory
        # attach (process_vm_readv), which a container without CAP_SYS_PTRACE may not use:
        # every transfer prints "Read -1, expected 131072, errno = 1" (open-mpi/ompi#4948)
        "openmpi-cma-blocked",
        r"\b(?:Read|Write) -1, expected (?:\d+|<\w+>), errno\s*=\s*1\b",
        "os-setting",
        "warning",
        "Open MPI's single-copy shared-memory transfers are not permitted here (a container "
        "without CAP_SYS_PTRACE)",
        "Start the container with `--cap-add=SYS_PTRACE` (or `--privileged`), or turn the "
        "single-copy path off: `export OMPI_MCA_btl_vader_single_copy_mechanism=none` (Open MPI "
        "5: OMPI_MCA_smsc=^cma) or `mpirun --mca btl_vader_single_copy_mechanism none`.",
    ),
    make(
        # an MPI library built without CUDA support, asked to move GPU buffers: Open MPI's
        # "The user requested CUDA support with the --mca mpi_cuda_support 1 flag but the
        # library was not compiled with any support" (conda-forge/openmpi-feedstock#83),
        # ompi_info's "mpi_built_with_cuda_support:value:false", FluxMPI's "MPI Implementation
        # is not CUDA Aware" (avik-pal/FluxMPI.jl#38)
        "mpi-not-cuda-aware",
        r"\brequested CUDA support with the --mca mpi_cuda_support 1 flag|"
        r"\bmpi_built_with_cuda_support:value:false\b|"
        r"\bMPI (?:Implementation |library |build )?is not CUDA[- ]aware\b",
        "cpu-only-build",
        "warning",
        "the MPI library was built without CUDA support, so it cannot move GPU buffers",
        "Use a CUDA-aware MPI: Open MPI configured `--with-cuda` (and UCX built `--with-cuda`), "
        "a conda-forge openmpi/mpich build with CUDA, or the cluster's CUDA-aware MPI module; "
        "`ompi_info --parsable --all | grep mpi_built_with_cuda_support:value` must say true. "
        "Otherwise copy the buffers to host memory before MPI calls.",
    ),
    make(
        # JAX's own words for an API it removed ("jax.interpreters.xla.pytype_aval_mappings was
        # deprecated in JAX v0.5.0 and removed in JAX v0.7.0", "jax.tree_map was removed in JAX
        # v0.6.0"): the code that calls it, often another package (a TensorFlow Probability
        # release's JAX substrate), predates the installed JAX
        "jax-api-removed",
        r"\bwas (?:deprecated in JAX v?\d+\.\d+(?:\.\d+)? and )?removed in JAX v?\d+\.\d+",
        "framework-pairing",
        "warning",
        "code calls a JAX API that the installed JAX has removed: the package that calls it is "
        "older than this JAX",
        "Upgrade the package whose file the traceback names to a release made for this JAX (for "
        "TensorFlow Probability's JAX substrate: tfp-nightly or a newer tensorflow-probability), "
        "or install the JAX (and jaxlib) release before the removal the message names, e.g. "
        "`pip install 'jax<0.7' 'jaxlib<0.7'`.",
    ),
    make(
        # Python's resource.setrlimit refusing a soft limit above the hard one: a program
        # raising its open-files limit (resource.RLIMIT_NOFILE, 64000) on a node whose hard
        # limit is lower ("ValueError: current limit exceeds maximum limit")
        "rlimit-above-hard-limit",
        r"\bcurrent limit exceeds maximum limit\b",
        "os-setting",
        "warning",
        "the program asks for a resource limit (usually open files) above this machine's hard "
        "limit",
        "Raise the hard limit where the job starts (`ulimit -Hn` shows it; limits.conf "
        "`nofile`, LimitNOFILE= for a service, `docker run --ulimit nofile=65536:65536`, the "
        "scheduler's settings), or lower the value the program sets to at most the hard limit.",
    ),
    make(
        # the aliases of collections.abc in collections were removed in Python 3.10 (Python's
        # docs: "Deprecated since version 3.3, removed in version 3.10"): a package release
        # that imports them predates 3.10 ("cannot import name 'MutableSequence' from
        # 'collections'", madmom 0.16.1 on 3.10+)
        "collections-abc-alias-removed",
        r"cannot import name '(?:Mutable(?:Sequence|Mapping|Set)|Mapping|Sequence|Iterable|"
        r"Iterator|Callable|Hashable|Sized|Container|Set|Generator|Awaitable)' from 'collections'"
        r"|module 'collections' has no attribute '(?:Mutable(?:Sequence|Mapping|Set)|Mapping|"
        r"Sequence|Iterable|Iterator|Callable|Hashable|Sized|Container)'",
        "python-unsupported",
        "warning",
        "a package imports the collections.abc aliases Python 3.10 removed: its release predates "
        "Python 3.10 and does not run on this Python",
        "Use the package's release that supports this Python (often only its source or a newer "
        "version: `pip install git+<repository>`), or run it on Python 3.9.",
    ),
    make(
        # Python 3.11 removed inspect.getargspec() and formatargspec() and the
        # @asyncio.coroutine decorator (What's New in Python 3.11, "Removed"): chumpy 0.70's
        # "module 'inspect' has no attribute 'getargspec'" on 3.11 and 3.12
        # (mattloper/chumpy#51, wenquanlu/HandRefiner#44, heldout67)
        "stdlib-api-removed-311",
        r"module 'inspect' has no attribute '(?:getargspec|formatargspec)'|"
        r"cannot import name '(?:getargspec|formatargspec)' from 'inspect'|"
        r"module 'asyncio' has no attribute 'coroutine'",
        "python-unsupported",
        "warning",
        "a package calls inspect.getargspec / formatargspec or @asyncio.coroutine, which Python "
        "3.11 removed: its release predates Python 3.11",
        "Install the package's release that supports this Python (or its source: `pip install "
        "git+<repository>`), or run it on Python 3.10; patching the call to "
        "inspect.getfullargspec is the usual one-line fix.",
    ),
    make(
        # Python 3.12 removed the imp, asynchat, asyncore and smtpd modules (What's New in
        # Python 3.12, "Removed"; PEP 594 for the last three)
        "stdlib-module-removed-312",
        r"No module named '(?:imp|asynchat|asyncore|smtpd)'",
        "python-unsupported",
        "warning",
        "a package imports imp, asynchat, asyncore or smtpd, modules Python 3.12 removed: its "
        "release predates Python 3.12",
        "Install the package's release that supports this Python, or run it on Python 3.11 "
        "(a venv or conda env: `conda create -n py311 python=3.11`).",
    ),
    make(
        # Python 3.11 made the frame object opaque (What's New in Python 3.11, C API: "the
        # PyFrameObject structure members have been removed"); a pybind11 older than 2.10
        # compiled against it fails: "pointer to incomplete class type "_frame" is not allowed"
        # (pybind11 v2.7.1 with Python 3.11.0 in NVlabs/instant-ngp#1043)
        "pybind11-before-python311",
        r"pointer to incomplete class type \"?_frame\"? is not allowed|"
        r"invalid use of incomplete type '(?:struct )?_frame'",
        "python-unsupported",
        "warning",
        "a bundled pybind11 older than 2.10 is compiled against Python 3.11 or newer (it reads "
        "the frame structure 3.11 made opaque)",
        "Build with Python 3.10 or older, or update the project's pybind11 (its submodule) to "
        "2.10 or newer.",
    ),
    make(
        "pip-release-newer-than-offered",
        r"(?!x)x",  # never by itself: installs.pip_release_newer_than_offered
        "python-unsupported",
        "warning",
        "pip offers only releases older than the one asked for: the newer releases do not "
        "support this Python (pip leaves them out of its list)",
        "Check the Requires-Python of the release asked for (its page on PyPI, or `pip index "
        "versions <package>` under another Python) and use a Python in that range (a venv or "
        "conda env); if no such release exists, the version asked for is wrong.",
    ),
    make(
        "package-syntax-error-python",
        r"(?!x)x",  # never by itself: inferred from the whole text (installs.package_syntax_error)
        "python-unsupported",
        "warning",
        "an installed package's own code is a syntax error for this Python: the package does not "
        "support this Python version",
        "Check the Python the package's release supports (its Requires-Python on PyPI, `pip show "
        "<package>`): use a Python in that range, or install the last release that supports this "
        "Python (`pip install '<package><X>'`).",
    ),
    make(
        # code written before Python 3.7 made async a keyword: "target = target.cuda(async=True)"
        # is a SyntaxError there (torch renamed the argument non_blocking in 0.4;
        # chaoyuaw/pytorch-coviar#72, facebookarchive/adversarial_image_defenses#14)
        "cuda-async-keyword",
        r"\.(?:cuda|to)\([^)\n]{0,40}?\basync\s*=\s*True\b",
        "python-unsupported",
        "warning",
        "the code passes async=True (.cuda(async=True)), a syntax error since Python 3.7",
        "Run the code on the Python it was written for (3.6 or older, with the torch of its time), "
        "or change `async=True` to `non_blocking=True` (torch >= 0.4) in the lines the "
        "SyntaxError names.",
    ),
    make(
        # a package written for Python 3.10+ (PEP 604 unions in annotations evaluated at import,
        # "check_jax_usage: bool | None = None") imported on 3.9 or older
        "pep604-union-on-old-python",
        r"unsupported operand type\(s\) for \|: '(?:type|ABCMeta|_GenericAlias|GenericAlias|"
        r"types\.GenericAlias)' and '(?:NoneType|type|ABCMeta|_GenericAlias|GenericAlias)'",
        "python-unsupported",
        "warning",
        "code written for Python 3.10 or newer (`X | None` type unions) runs on an older Python",
        "Use Python 3.10 or newer, or install the last release of the package that supports "
        "this Python (its Requires-Python on PyPI names the range).",
    ),
    make(
        # Python 3.11 rejects any unhashable dataclass default, not only list/dict/set (Python
        # docs, dataclasses: "Changed in version 3.11"); a library written before it fails at
        # import: timm's MaxxVitConvCfg on 3.12 (bmaltais/kohya_ss#3236). A list, dict or set
        # default is refused on every Python: the code's own bug
        "dataclass-default-rejected-by-newer-python",
        r"\bmutable default <class '(?!(?:list|dict|set)')[\w.]+'> for field \w+ is not allowed"
        r": use default_factory",
        "python-unsupported",
        "warning",
        "a library defines a dataclass default that Python 3.11 and newer reject: the library "
        "(at this release) predates this Python",
        "Use a Python the library release supports (3.10: a venv or `conda create -n py310 "
        "python=3.10`), or a newer release of the library the traceback names.",
    ),
    make(
        # pip asked for a CUDA build by its local tag while the index it reads lists the same
        # release without it: "Could not find a version that satisfies the requirement
        # torch==1.13.1+cu116 (from versions: 1.11.0, ..., 1.13.1, 2.0.0)". The release exists
        # for this Python; the +cuXXX builds live on PyTorch's own index, which PyPI and its
        # mirrors do not carry (the Tsinghua mirror: liucongg/ChatGLM-Finetuning#17, heldout260
        # at its scoring). The backreference finds the release in the list.
        "pip-cuda-build-not-on-index",
        r"\bsatisf(?:y|ies) the requirement (?:py)?torch(?:vision|audio)?==(\d+(?:\.\d+)+)\+cu\d+"
        r"\s*\(from versions:[^)\n]*?(?<![\w.+])\1(?![\w.+])",
        "os-setting",
        "warning",
        "pip's index has this torch release but not its CUDA build: the +cuXXX builds are only "
        "on PyTorch's own index (PyPI and its mirrors do not carry them)",
        "Add PyTorch's index for that CUDA: `pip install torch==X.Y.Z+cuXXX --extra-index-url "
        "https://download.pytorch.org/whl/cuXXX` (a requirements file: an `--extra-index-url` "
        "line at its top); without it, dropping the +cuXXX tag gives PyPI's build, CPU-only on "
        "Windows.",
    ),
    make(
        "pip-no-framework-wheel",
        r"^(?=[^\n]*\b(?:py)?torch(?:vision|audio)?\b|[^\n]*\btensorflow|[^\n]*\bjax(?:lib)?\b|"
        r"[^\n]*\b(?:paddlepaddle|paddle|fastdeploy|mxnet|onnxruntime|tensorrt|cupy|xformers|"
        r"vllm|flash[-_]attn|bitsandbytes|deepspeed|mmcv|triton|spconv|cumm|dgl|torch[-_]\w+)"
        r"[\w-]*\b)"
        # (also a paste cut at its first letter: "ould not find a version ...")
        r"[^\n]*?(?:(?:\bc?ould not|couldn't|cannot|can't) find (?:a|the|any) versions? that "
        r"satisf(?:y|ies) the requirement|No matching distribution found for)",
        "python-unsupported",
        "warning",
        "pip found no build of the framework for this Python (or platform)",
        "pip lists only the releases that ship a wheel for the running interpreter: most often "
        "the Python version is outside the range the release supports (see the cpXY tags on "
        "https://pypi.org/project/torch/#files for that version). Use a Python in its range (a "
        "venv or conda env, e.g. `conda create -n py38 python=3.8`) or a framework release "
        "that supports this Python; 32-bit Python has no wheels, and a `+cuXXX` version also "
        "needs `--index-url https://download.pytorch.org/whl/cuXXX`.",
    ),
    make(
        "pkgutil-impimporter-removed",
        # Python 3.12 removed pkgutil.ImpImporter (What's New In Python 3.12, "pkgutil"); the
        # old setuptools / pkg_resources an old release builds with still calls it, so pip's
        # source build of an old numpy (no cp312 wheel) fails this way (liamdugan/raid#29,
        # NVIDIA/physicsnemo#723)
        r"module 'pkgutil' has no attribute 'ImpImporter'",
        "python-unsupported",
        "warning",
        "a package is being built from source with tools older than this Python (pkgutil."
        "ImpImporter was removed in Python 3.12)",
        "A pinned release (often an old numpy, `numpy<1.25`) has no wheel for Python 3.12+, so "
        "pip builds it from source with a setuptools that still calls pkgutil.ImpImporter. Use "
        "Python 3.11 (a venv or `conda create -n py311 python=3.11`), or relax the pin to a "
        "release with wheels for this Python (numpy >= 1.26 for 3.12).",
    ),
    make(
        "pip-building-a-binary-package-from-source",
        # pip fetching the source archive of a package that ships compiled wheels, or compiling
        # numpy's own C sources: no wheel of that release matches this interpreter (pip takes a
        # wheel whenever one matches). nanomotif's numpy==1.24.4 on Python 3.12
        # (MicrobialDarkMatter/nanomotif#18), numpy 1.19.3 on Python 3.11
        # (acids-ircam/creative_ml#3). Kept only where the text names its Python
        r"\bDownloading (?:numpy|scipy|pandas|scikit[-_]learn|matplotlib|h5py|grpcio|tokenizers|"
        r"pyarrow|llvmlite|numba|onnx|opencv[-_]python(?:[-_]headless)?|torch|jaxlib|"
        r"tensorflow)-\d+(?:\.\d+)+\.tar\.gz\b|"
        # pip's own line for the build: faiss-cpu on Python 3.12 before its cp312 wheels
        # (Future-House/paper-qa#224)
        r"\b(?:Building|Failed building) wheel for (?:numpy|scipy|pandas|scikit[-_]learn|"
        r"matplotlib|h5py|grpcio|tokenizers|pyarrow|llvmlite|numba|onnx|faiss[-_]cpu|"
        r"opencv[-_]python(?:[-_]headless)?)\b(?![-\w.])(?![^\n]*\.\.\. done)|"
        r"\b(?:gcc|cc|clang|x86_64-linux-gnu-gcc)(?:-\d+)?:? numpy/core/src/\S+\.c\b",
        "python-unsupported",
        "warning",
        "pip is building a package that ships compiled wheels from source: that release has "
        "no wheel for this Python (or platform)",
        "pip takes a wheel whenever one matches the interpreter, so a source build of numpy, "
        "scipy, pandas or the like means the pinned release predates this Python. Use a Python "
        "that release has wheels for (the cpXY tags on its PyPI files page; a venv or conda "
        "env), or relax the pin to a release built for this Python.",
    ),
    make(
        "pip-installed-an-old-release",
        # the reporter says pip installed an old release of what was asked for ("Pip install
        # deepchem installs old version 2.5.0", deepchem/deepchem#4153); the pip log's own
        # self-downgrade is read by installs.pip_downgraded_what_it_installed. Kept only where
        # the text states its Python (symptoms.pip_found_nothing): pip skips the releases whose
        # Requires-Python or wheel tags exclude the running interpreter, and backtracks to the
        # newest one that allows it (pip's documentation, "Python Version Compatibility")
        # (pip's doing, not the reporter's: "I installed an older version" is a choice)
        r"(?<!\bI )(?<!\bwe )(?<!\byou )\b(?:installs|installed|installing|downloads|downloaded|"
        r"resolves|resolved|picks|picked|pulls|pulled|gets|got)\s+(?:me\s+)?(?:an?\s+|the\s+)?(?:very\s+|really\s+)?"
        r"(?:old|older|ancient|outdated)\s+(?:version|release)s?\b"
        # (an old CUDA library wheel is pulled by the CUDA pins, not the Python:
        # "installs an older version of cudnn", jax-ml/jax#16625)
        r"(?!\s+of\s+(?:the\s+)?[\w-]*(?:cuda|cudnn|cublas|nccl|nvidia|driver))",
        "python-unsupported",
        "warning",
        "pip installed an old release of the package: its newer releases probably do not "
        "support this Python (or platform)",
        "pip leaves out every release whose Requires-Python or wheel tags exclude the running "
        "interpreter and backtracks to the newest one left. Ask for the current release to see "
        "why it is skipped (`pip install 'PACKAGE==NEWEST' -v`, or `pip index versions "
        "PACKAGE`), check the Python versions it supports (the cpXY tags on its PyPI files "
        "page), and install it in a venv or conda env with such a Python (e.g. `conda create "
        "-n py311 python=3.11`).",
    ),
    make(
        "pip-no-matching-distribution",
        r"(?:\bc?ould not|couldn't|cannot|can't) find (?:a|the|any) versions? that satisf(?:y|ies) "
        r"the requirement|No matching distribution found for",
        "python-unsupported",
        "warning",
        "pip found no build of the package for this Python (or platform)",
        "pip lists only the releases with a wheel for the running interpreter and platform: "
        "check the Python versions the release supports (the cpXY tags on its PyPI files "
        "page, or its install docs) and use a Python in that range (a venv or conda env), or "
        "a release that supports this Python; a private index needs --index-url / "
        "--extra-index-url.",
    ),
    make(
        "uv-no-wheel-for-python-abi",
        # uv's resolver: "flashinfer==0.0.4+cu121torch2.3 has no wheels with a matching Python
        # ABI tag" (the platform form, "matching platform tag", is not the Python's doing)
        r"\bha(?:s|ve) no wheels with a matching Python ABI tag\b|"
        r"\bha(?:s|ve) no wheels with a matching Python (?:implementation|version) tag\b",
        "python-unsupported",
        "warning",
        "no wheel of the package is built for this Python (uv's resolver)",
        "The release publishes wheels for other Python versions only: use a Python it has wheels "
        "for (the cpXY tags on its files page; a venv or `uv venv --python 3.X`), or a release "
        "with wheels for this Python.",
    ),
    make(
        "nccl-ib-expected-not-found",
        r"(?!x)x",  # never by itself: inferred from the whole text (inferences.ib_not_seen)
        "nccl-problem",
        "warning",
        "NCCL finds no InfiniBand device, in a text that says the nodes have InfiniBand: the "
        "traffic between nodes goes over TCP sockets",
        "On the host `ibv_devinfo` must list the HCAs (IB driver, rdma-core); in a container "
        "pass them in (`--device=/dev/infiniband`, `--cap-add=IPC_LOCK`, the RDMA libraries; "
        "Kubernetes: an RDMA device plugin); then NCCL_DEBUG=INFO shows `NET/IB : Using [0]`.",
    ),
    make(
        "python-newer-fails-stated",
        r"(?!x)x",  # never by itself: inferred from the whole text (symptoms.python_newer_fails)
        "python-unsupported",
        "warning",
        "the text says the job works on one Python and fails on a newer one",
        "A package (or the code) does not support the newer Python yet: run it on the Python "
        "that works (a venv or conda env with that version) until the package's release notes "
        "list the newer one.",
    ),
    make(
        "python-below-stated-minimum",
        r"(?!x)x",  # never by itself: inferred from the whole text (symptoms.python_newer_fails)
        "python-unsupported",
        "warning",
        "the text names a Python minimum for a package and a Python below it",
        "Create the environment with a Python at or above the package's minimum (`python3.X -m "
        "venv`, `conda create -n env python=3.X`): `python -m venv` uses whatever Python runs "
        "it, and pip then fails or falls back to an old release of the package.",
    ),
    make(
        "python-above-stated-maximum",
        r"(?!x)x",  # never by itself: inferred from the whole text (symptoms.python_newer_fails)
        "python-unsupported",
        "warning",
        "the text names a Python maximum for a package and a Python above it",
        "Run that package in an environment with a Python at or below its maximum (`conda "
        "create -n env python=3.X`), or install a release of it that supports the newer Python "
        "(its changelog or PyPI classifiers say which), from its repository if none is "
        "released.",
    ),
    make(
        "torch-placeholder-package",
        r"No module named '?tools\.nnwrap'?",
        "python-unsupported",
        "error",
        "pip fell back to the torch 0.1.2 placeholder: no torch wheel for this Python",
        "No torch release ships a wheel for this interpreter, so pip picked the old `torch` "
        "0.1.2 source placeholder: install a 64-bit Python in the range the wanted torch "
        "release supports (see its cpXY wheel tags on PyPI) and reinstall.",
    ),
    make(
        # an issue's title asking for a Python release, alone on its line: "Support for 3.12 ?"
        # (SeargeDP/ComfyUI_Searge_LLM#5, heldout141 at its scoring: no wheel for 3.12),
        # "Python 3.13 support?", "Add support for Python 3.12"
        "python-support-requested",
        r"(?m)^\W*(?:(?:add(?:ing)?|any|is there|need|request(?:ing)?)\s+)?support(?:ed)?\s+for\s+"
        r"(?:python\s*)?3\.1\d\s*\??\s*$|"
        r"^\W*python\s*3\.1\d\s+support(?:ed)?\s*\?\s*$",
        "python-unsupported",
        "warning",
        "the text asks for support of a Python release: the package (or a dependency) has no "
        "build or release for it yet",
        "Use a Python release the package supports (its PyPI page lists the cpXY wheels; a "
        "virtual environment or conda env with that Python), or a newer release of the package "
        "that supports this one.",
    ),
    make(
        "python-stated-unsupported",
        r"\b(?:py)?torch\b[^.\n]{0,30}\bonly supports? (?:python ?)?(?:up to )?(?:python ?)?"
        r"3\.\d{1,2}|\bpython\s*3\.\d{1,2}(?:\.\d+)? (?:is not|isn't|is not yet) supported|"
        r"(?:^|[\s(])3\.\d{1,2} (?:is not|isn't) supported yet|"
        r"\b(?:does not|doesn['’]t|do not|don['’]t|not yet|no longer) "
        r"(?:yet |currently |officially )?supports? "
        r"(?:the latest )?python\s*3\.\d+|"
        r"\bpython\s*3\.\d{1,2}(?:\.\d+)?\s*[—–-]+\s*incompatible\b|"
        # the Python as the subject: "python 3.12 doesn't support torch <2.0.0"
        # (1038lab/ComfyUI-Pollinations#3)
        r"\bpython\s*3\.\d{1,2}(?:\.\d+)? (?:does not|doesn['’]t|do not|don['’]t) support "
        r"(?:the |a |any )?(?:py)?torch\b|"
        r"\b(?:unsupported|incompatible) (?:with |on )?python\s*3\.\d+|"
        # (also with the package named and pip's file word: "There is no tensorflow whl file
        # for python 3.7", rstudio/keras3#481)
        # (and conda's word: "there are no packages for Python 3.11 at anaconda.org/pytorch",
        # pytorch/pytorch#91839, heldout174 at its scoring)
        r"\bno (?:pre-?built )?(?:[\w.-]+ )?(?:wheels?|whl|binaries|builds?|packages?)(?: files?)? "
        r"(?:available )?for python\s*3\.\d+|"
        # "requires llvmlite which does not work with python 3.11 yet" (shap/shap#2831,
        # heldout174 at its scoring); "Installation process does not work for Python 3.12"
        r"\b(?:does not|doesn['’]t|do not|don['’]t|won['’]t|will not) (?:yet )?"
        r"(?:work|run|install) (?:with|on|under|for|in) python\s*3\.\d+|"
        # "the lack of a package under cp313 (Python 3.13)" (mcmonkeyprojects/SwarmUI#848)
        r"\black of (?:a |any )?(?:packages?|wheels?|builds?|binar(?:y|ies)) (?:under|for) "
        r"(?:cp3\d{1,2}\b|python\s*3\.\d+)|"
        # "torch version is not found in python3.9.1" (WongKinYiu/PyTorch_YOLOv4#236)
        r"\b(?:py)?torch\b[^.\n]{0,30}?\bnot (?:found|available) (?:in|for|on) python\s*3\.\d+|"
        r"\b(?:does not|doesn['’]t|did not|didn['’]t) exist for python\s*3\.\d+|"
        # "Wheel binaries are not available for Python 3.11 Windows x86-64"
        r"\b(?:wheels?|binar(?:y|ies)|builds?)\b[^.\n]{0,20}?\b(?:not (?:yet )?available|"
        r"unavailable|missing)\b[^.\n]{0,20}?\bfor python\s*3\.\d+|"
        # "PyPI currently doesn't have builds for python 3.10" (onnx/onnx#4110, heldout146 at
        # its scoring)
        r"\b(?:doesn't|does not|don't|do not|didn't|did not) have (?:any )?(?:pre-?built )?"
        r"(?:wheels?|builds?|binaries|whl)(?: files?)? (?:available )?for python\s*3\.\d+|"
        # "faiss-gpu cannot be used with python 3.11" (faiss-wheels/faiss-wheels#83)
        r"\b(?:cannot|can['’]t|could not|couldn['’]t) be (?:used|installed) (?:with|on|for|in) "
        r"python\s*3\.\d+|"
        # "Some libraries seem to not be compatible with python 3.14"
        r"\bnot (?:be |yet )?compatible with python\s*3\.\d+|"
        # "Python v3.6 seems to be incompatible with more recent versions of PyTorch"
        r"\bpython\s*v?3\.\d{1,2}(?:\.\d+)? (?:seems to be |appears to be |is |was )?"
        r"(?:not compatible|incompatible) with\b|"
        # "it says my python version (3.8.2) is incompatible"
        r"\bpython version\s*\(v?3\.\d{1,2}(?:\.\d+)?\) (?:is|was|seems to be) "
        r"(?:not compatible|incompatible)\b|"
        # round thirty-three, from misses of the corpus: "Not available for install for python
        # 3.11" (NVIDIA/TensorRT#2744), "update genesis so it would be compatible with python
        # 3.13" (Genesis-Embodied-AI/genesis-world#513), "fails to install on the latest python, but
        # succeeds on an older version" (google-deepmind/mujoco#2232); not "the install failed
        # with python 3.10", which names the Python and not that it is the cause
        r"\bnot available (?:for install |to install )?(?:for|on|under) python\s*3\.\d+|"
        r"\b(?:would|could|can|please|will)\b[^.\n]{0,40}?\b(?:make|update)\b[^.\n]{0,40}?"
        r"\bcompatible with python\s*3\.\d+|"
        r"\bfails? to install on the (?:latest|newest) (?:version of )?python\b|"
        # round forty-three, from misses of its sealed pools: "Python 3.13 does not install."
        # (open-edge-platform/anomalib#2840), "defines installation only for python 3.12 and
        # 3.11" (LykosAI/ComfyUI-Inference-Core-Nodes#26), "need to ... allow newer python
        # versions" (NVIDIA/earth2studio#150), "i can'nt find pytorch3d wheel for python 3.11"
        # (MrForExample/ComfyUI-3D-Pack#106)
        r"\bpython\s*3\.\d+(?:\.\d+)? (?:does not|doesn['’]t|won['’]t|will not) install\b|"
        r"\b(?:installation|install(?:s|ed)?|wheels?|builds?|binar(?:y|ies)) (?:is |are )?"
        r"only (?:defined |provided |available )?for python\s*3\.\d+|"
        r"\b(?:allow|support) (?:for )?(?:the )?newer python versions\b|"
        r"\b(?:can['’]?n?['’]?t|cannot|could ?n?['’]?o?t) find (?:a |any |the )?[\w.-]+ "
        r"(?:wheels?|whl|builds?|binar(?:y|ies)) for python\s*3\.\d+|"
        # round forty-four, from misses of its sealed pools: a program's own check, "The current
        # version of python (3.13.3 ...) is not supported." (bmaltais/kohya_ss#3196), "this
        # version of python is not yet supported by mediapipe" (Fannovel16/
        # comfyui_controlnet_aux#571); "it cannot be installed under the official Python 3.13"
        # (Comfy-Org/ComfyUI#9460), "I cannot install pip pytorch-directml for Python 3.10"
        r"\b(?:version of python|python version)\b[^\n]{0,100}?\b(?:is|are) not (?:yet )?"
        r"(?:supported|compatible)\b|"
        r"\b(?:cannot|can't|could not|couldn't|unable to|not able to) (?:be )?install\w*\b"
        r"[^.\n]{0,40}?\b(?:under|on|with|for|in) (?:the )?(?:[\w-]+ )?python ?3\.\d{1,2}\b",
        "python-unsupported",
        "warning",
        "the text says the Python version is not supported by the framework or a package",
        "Use a Python version the framework release supports (a venv or conda env with that "
        "Python), or a framework release that supports this Python.",
    ),
    make(
        # "device:1有两个进程占满了显存" (two processes fill device 1's memory),
        # "显存被其他进程占用" (the memory is taken by other processes)
        "gpu-memory-held-stated-zh",
        r"进程[^\n]{0,6}?占(?:满|用)了?[^\n]{0,4}?显存|显存[^\n]{0,6}?被[^\n]{0,8}?进程占(?:满|用)",
        "gpu-contention",
        "warning",
        "the text says other processes hold the GPU's memory",
        "List them with `nvidia-smi` (and `sudo fuser -v /dev/nvidia*` for ones it does not "
        "show): stop leftover or zombie processes, or pick a free GPU with "
        "CUDA_VISIBLE_DEVICES.",
    ),
    make(
        # pip's resolver listing the releases it skipped for their Requires-Python
        "pip-ignored-requires-python",
        r"Ignored the following versions that require a different python version",
        "python-unsupported",
        "warning",
        "pip skipped releases whose Requires-Python excludes this interpreter",
        "Use a Python inside the range the message lists for the release you need (a venv or "
        "conda env with that Python), or a release whose Requires-Python includes this one.",
    ),
    make(
        # surya (marker's models) printing where it loaded each model
        "surya-models-on-cpu",
        r"\bLoaded (?:\w+ )+model \S+ on device cpu\b",
        "cpu-only-build",
        "warning",
        "the models were loaded on the CPU: torch sees no CUDA GPU",
        'Check `python -c "import torch; print(torch.__version__, torch.cuda.is_available())"`: '
        "a version without +cuXXX is a CPU build (pip pulled it in with the package); install "
        "the CUDA one first (`pip install torch --index-url "
        "https://download.pytorch.org/whl/cu121`), then the package.",
    ),
    make(
        # another user's MPS control daemon holding the GPU ("There is one GPU occupied by a
        # process named 'nvidia-cuda-mps-server' set up by others")
        "mps-server-holds-gpu",
        r"\b(?:occupied|held|used|taken|blocked)\b[^.\n]{0,40}?\bnvidia-cuda-mps-server\b|"
        r"\bnvidia-cuda-mps-server\b[^.\n]{0,40}?\b(?:occup\w*|hold\w*|set up by|started by)\b",
        "gpu-contention",
        "warning",
        "an MPS server (nvidia-cuda-mps-server) holds the GPU: only clients of that MPS daemon "
        "can use it",
        "Stop the MPS control daemon if it is not meant to run (`echo quit | "
        "nvidia-cuda-mps-control`, as its owner or root), or run the job as an MPS client of it "
        "(same user, CUDA_MPS_PIPE_DIRECTORY).",
    ),
    make(
        # the reporter saying a CUDA torch was replaced by a CPU-only one
        "cuda-torch-replaced-by-cpu-stated",
        r"\breplac\w*\s+(?:the\s+|a\s+)?CUDA[- ]?(?:supported|enabled|capable)?\s*(?:py)?torch\s+"
        # ("This command replaced the CUDA-enabled pytorch with CPU-enabled-only pytroch",
        # opencv/opencv#24293, heldout247 at its scoring)
        r"with\s+(?:a\s+|the\s+)?CPU[- ]?(?:enabled[- ]?)?only\b|"
        # an installer said to take torch's CUDA away: "Digs deep into torch and disables the
        # pytorch cuda apparently, uninstalling and reinstalling everything"
        # (AIGODLIKE/ComfyUI-ToonCrafter#18)
        r"\b(?:disables?|disabled|disabling|removes?|removed|removing|kills?|killed|breaks?|"
        r"broke)\s+(?:the\s+|my\s+)?(?:py)?torch\s+cuda\b(?!\s+(?:version|memory|"
        r"cache|graphs?|kernels?)\b)|"
        # an install line that gives a torch without CUDA: "misleads to accidental installation
        # of pytorch without cuda" (facebookresearch/pytorch3d#1403, heldout222 at its scoring)
        r"\binstall\w*\s+of\s+(?:py)?torch\s+without\s+cuda\b|"
        # "environment_gpu.yml does not install cuda version of pytorch" (NCAR/miles-credit#107,
        # heldout230 at its scoring)
        r"\b(?:does|did)(?: not|n['’]t) install (?:the |a )?cuda (?:version|build) of "
        r"(?:py)?torch\b",
        "cpu-only-build",
        "warning",
        "a CUDA build of torch was replaced by a CPU-only one (a requirement pulled torch from "
        "PyPI)",
        "Reinstall the CUDA build after the other requirements (`pip install --force-reinstall "
        "torch --index-url https://download.pytorch.org/whl/cuXXX`) and pin it so later "
        "installs keep it (a constraints file, or install the extension with --no-deps).",
    ),
    make(
        # the same for TensorFlow 1.x-2.0's two packages: a requirement pulled the CPU
        # `tensorflow` over `tensorflow-gpu` ("after install keras, tensorflow only can find
        # CPU", keras-team/keras#5776; "a pip install of tensorflow-text also installs
        # tensorflow-2. If you previously had installed tensorflow-gpu the new one will disable
        # GPU access", tensorflow/text#195)
        "tensorflow-gpu-shadowed-stated",
        r"\bafter\s+(?:I\s+)?install(?:ed|ing)?\s+\S+[^.\n]{0,60}?\b(?:tensorflow|tf)\b[^.\n]{0,20}?"
        r"\bonly\s+(?:can\s+)?(?:find|finds|see|sees|detects?)\s+(?:the\s+)?cpu\b|"
        r"\binstalls?\s+(?:the\s+)?(?:plain\s+|cpu\s+)?tensorflow(?:-\d(?:\.\d+)*)?\b[^\n]{0,120}?"
        r"\btensorflow-gpu\b[^\n]{0,80}?\b(?:disables?|breaks?|removes?|loses?)\b[^\n]{0,20}?\bgpu\b|"
        # "it uninstalls whatever tensorflow-gpu version I have and reinstalls the CPU version"
        # (aws/sagemaker-tensorflow-extensions#20, heldout222 at its scoring)
        r"\buninstall\w*\b[^.\n]{0,40}?\btensorflow-gpu\b[^.\n]{0,60}?\b(?:re)?install\w*\s+"
        r"the\s+CPU\s+version\b|"
        # "it still installs tensorflow (without the gpu tag)", "it installs tensorflow without
        # the gpu tag by default" (serengil/deepface#248, heldout247 at its scoring)
        r"\binstall(?:s|ed|ing)?\s+(?:the\s+)?(?:plain\s+)?[`'\"]?tensorflow[`'\"]?\s*\(?"
        r"(?:without|w/o)\s+(?:the\s+)?[`'\"]?-?gpu[`'\"]?\s+(?:tag|suffix|extra|version)\b|"
        # "it installs the cpu version of tensorflow even when tensorflow-gpu is already present"
        # (gradienthealth/gradient_decode_dicom#3), "removed my previously installed
        # `tensorflow-gpu` and installed `tensorflow` instead" (matterport/Mask_RCNN#615), "all
        # 1.15.2 images are built with tensorflow and not tensorflow-gpu"
        # (datamachines/cuda_tensorflow_opencv#3); heldout260 at its scoring
        r"\binstall(?:s|ed|ing)?\s+(?:the\s+)?cpu\s+version\s+of\s+tensorflow\b|"
        r"\b(?:removed|uninstalled|replaced)\b[^.\n]{0,40}?\btensorflow-gpu\b[^.\n]{0,40}?"
        r"\binstalled\s+[`'\"]?tensorflow[`'\"]?\s+instead\b|"
        r"\bbuilt with [`'\"]?tensorflow[`'\"]? and not [`'\"]?tensorflow-gpu\b",
        "cpu-only-build",
        "warning",
        "another package's install pulled the CPU `tensorflow` package over `tensorflow-gpu`",
        "Uninstall both (`pip uninstall -y tensorflow tensorflow-gpu`) and reinstall only "
        "`tensorflow-gpu` of the release wanted, after the other requirements (or install them "
        "with --no-deps); from TensorFlow 2.1 the `tensorflow` package itself carries the GPU "
        "support.",
    ),
    make(
        # GFPGAN prints it when torch answers that CUDA is not available
        "gfpgan-realesrgan-on-cpu",
        r"The unoptimized RealESRGAN is slow on CPU",
        "cpu-only-build",
        "warning",
        "torch sees no CUDA GPU (GFPGAN turns RealESRGAN off on the CPU)",
        'Check `python -c "import torch; print(torch.__version__, torch.cuda.is_available())"`: '
        "a version without +cuXXX (or a conda cpu build) is the CPU build; install the CUDA one "
        "(`pip install torch --index-url https://download.pytorch.org/whl/cu121`), else check the "
        "driver with `nvidia-smi`.",
    ),
    make(
        # "PIDs that are not visible on nvidia-smi": another PID namespace (a container) or
        # orphaned workers of a cancelled run
        "gpu-held-by-unlisted-processes",
        r"\b(?:pids?|process(?:es)?)\b[^.\n]{0,30}?\bnot (?:visible|shown|listed|showing) "
        r"(?:up )?(?:on|in|by) `?nvidia-smi\b",
        "gpu-contention",
        "warning",
        "processes nvidia-smi does not list hold GPU memory",
        "Find them with `sudo fuser -v /dev/nvidia*` (or `lsof /dev/nvidia*`) and stop them; "
        "orphaned DataLoader or worker processes of a cancelled run are common.",
    ),
    make(
        "nouveau-owns-gpu",
        r"NVIDIA probe routine was not called|nouveau, rivafb, nvidiafb or rivatv|"
        r"nouveau(?: \S+)? is (?:loaded|in use)|kernel driver in use: nouveau|"
        r"nouveau (?:was|is|has)(?:n't| not)(?: been)? (?:disabled|blacklisted|unloaded)|"
        # "nvidia cannot be loaded because nouveau is always present and loaded"
        r"nouveau (?:is |was )?(?:always |still )?(?:present|loaded)\b|"
        r"nouveau cannot be (?:disabled|unloaded|blacklisted)|"
        # the system is left on nouveau: "it's pretty unusable with nouveau", "falls back to
        # nouveau" (voidlinux/void-packages#5896)
        r"\b(?:unusable|stuck|left)\s+(?:with|on)\s+nouveau\b|"
        r"\b(?:falls?|fell|falling)\s+back\s+(?:to|on)\s+(?:the\s+)?nouveau\b|"
        # lsmod's line of a nouveau module in use (size, then a use count above 0)
        r"(?:^|(?<=\n))nouveau\s+\d{5,}\s+[1-9]|"
        # lshw -C display's line for the card: "configuration: driver=nouveau latency=0"
        r"\bconfiguration: driver=nouveau\b",
        "driver-not-loaded",
        "error",
        "the open-source nouveau driver holds the GPU, so the NVIDIA driver cannot bind",
        "Blacklist nouveau (`echo 'blacklist nouveau' > /etc/modprobe.d/blacklist-nouveau.conf`, "
        "`options nouveau modeset=0`), rebuild the initramfs and reboot.",
    ),
    make(
        "dkms-build-failed",
        r"Error! Could not locate dkms\.conf|Error! Bad return status for module build|"
        r"\bdkms\b[^\n]{0,40}?\b(?:build|install)(?:ation)? failed|"
        # make failing inside the DKMS tree, akmods (Fedora), the kernel's own build refusals
        r"/var/lib/dkms/nvidia[^\s:]*/[^\n]{0,120}\] Error \d|"
        r"Building and installing nvidia-kmod\s*\[\s*FAILED\s*\]|"
        # Void's kernel hook: "Building DKMS module 'nvidia-580.142' for kernel-7.1.0_1...
        # FAILED!", "Building DKMS module: nvidia-390.132... FAILED!"
        r"Building DKMS module:? '?nvidia[\w.-]*'?(?: for kernel-\S+?)?\.{3}\s*FAILED|"
        r"DKMS module '?nvidia[\w.-]*'? failed to build|"
        r"\bakmods?\b[^\n]{0,60}?\b(?:failed|fails to build)\b|"
        # said in prose: "DKMS fails to compile the kernel module" (void-linux/void-packages
        # #5896), "the dkms module is complete gone" after a package update
        # (negativo17/nvidia-driver#165)
        r"\bdkms\b[^.\n]{0,30}?\b(?:fails?|failed|failing|unable|can ?not|could ?n[o']t|"
        r"did ?n[o']t|won't)\s+(?:to\s+)?(?:compile|build|rebuild)\b|"
        r"\bdkms\s+(?:kernel\s+)?modules?\s+(?:is|was|has been|got|were)\s+(?:complete(?:ly)?\s+|"
        r"entirely\s+)?(?:gone|deleted|removed|missing)\b|"
        r"\b(?:deleted|removed)\s+(?:my|the)\s+(?:nvidia\s+)?dkms\s+(?:kernel\s+)?module\b|"
        r"modpost: GPL-incompatible module nvidia[\w-]*\.ko uses GPL-only symbol|"
        r"\b(?:unable|not possible|impossible) to (?:build|compile) (?:the )?(?:nvidia )?kernel "
        r"module|"
        # round forty-four: the driver said not to build for a kernel, "570.183 drivers didn't
        # build on new kernel 6.17.1" (Frogging-Family/nvidia-all#310), "The Nvidia driver does
        # not build with the latest linux kernel" (NixOS/nixpkgs#59529)
        r"\b(?:drivers?|modules?|nvidia)\b[^.\n]{0,30}?\b(?:didn't|did not|doesn't|does not|"
        r"don't|do not|won't|will not|can't|cannot|fails? to|failed to) (?:build|compile)\w*\b"
        r"[^.\n]{0,25}?\bkernel\b|"
        # the compiler differs from the kernel's: Clear Linux's and the kernel's own warnings
        r"\bGCC used for (?:the )?compiling the kernel,? [\d.]+,? is different from the current "
        r"GCC|\bkernel (?:is |was )?(?:still )?(?:compiled|built) with GCC ?\d",
        "driver-not-loaded",
        "warning",
        "DKMS could not build the NVIDIA kernel module (it will be missing after a kernel update)",
        "Look at `dkms status` and the make.log it names; remove stale trees under "
        "/var/lib/dkms/nvidia/ for versions no longer installed, install the headers of the "
        "running kernel, then `sudo dkms autoinstall` (or reinstall the driver package) and "
        "reboot.",
    ),
    make(
        "kernel-update-lost-driver",
        r"(?!x)x",  # never by itself: inferred (symptoms.kernel_update_lost_driver)
        "driver-not-loaded",
        "warning",
        "the NVIDIA driver stopped working after a kernel update (the older kernel works): its "
        "kernel module was not built for the new kernel",
        "Boot the new kernel and check `modinfo nvidia` and `dkms status` (Fedora: `akmods "
        "--force` and /var/cache/akmods/nvidia/*.log): build the module for the running kernel "
        "(install its headers / kernel-devel, then `sudo dkms autoinstall`), or install a "
        "driver release that supports that kernel; then reboot.",
    ),
    make(
        "driver-init-timeout",
        r"nvidia-container-cli: initialization error: driver (?:rpc )?error: timed out|"
        r"\bnvidia-smi\b[^.\n]{0,20}?\b(?:takes?|taking|took)\s+(?:forever|ages|"
        r"(?:very |so |a )?long(?: time)?|(?:about |around |almost |over |nearly |up to )?"
        r"\d+\s*(?:s|sec|secs|seconds|minutes?)\b)|"
        r"persistence mode (?:is |was )?(?:disabled|off)[^.\n]{0,40}(?:slow|timed? ?out|hang)|"
        r"(?:slow|timed? ?out|hangs?)[^.\n]{0,40}persistence mode (?:is |was )?(?:disabled|off)",
        "os-setting",
        "warning",
        "the driver is slow to initialise the GPUs (persistence mode is off)",
        "Keep the driver initialised: `sudo systemctl enable --now nvidia-persistenced` (or "
        "`sudo nvidia-smi -pm 1`); without it every client (nvidia-smi, nvidia-container-cli, a "
        "job) re-initialises the GPUs, which takes seconds per GPU and can time out.",
    ),
    make(
        "driver-stated-too-old",
        r"\bdrivers?\b[^.\n]{0,50}?\b(?:is |are |seems? |was |were )?(?:too old|outdated|"
        r"not supported for|"
        r"needs? (?:an? )?(?:update|upgrade|higher|newer)|need higher|"
        r"must be (?:updated|upgraded))|"
        r"\bneed (?:a )?(?:higher|newer) (?:nvidia )?driver\b|"
        r"\bnvidia(?: driver)? version\b[^.\n]{0,20}?\b(?:is |was )?(?:too old|outdated)\b|"
        # the host said not to run the CUDA a release needs: "My server does not support cuda
        # runtime 10.2 which is default in triton-server 20.03" (triton-inference-server/
        # server#1350)
        r"\b(?:server|machine|host|driver|system)\b[^.\n]{0,20}?\b(?:does not|doesn't|cannot|"
        r"can't) support {1,2}(?:the )?cuda {1,2}(?:runtime {1,2})?\d+(?:\.\d+)?|"
        # "Driver Version: 572.47.0 (**9 major versions behind current**)" (rtx-remix#922)
        r"\bdriver\b[^\n]{0,60}?\b(?:\d+|several|many|two|three) (?:major )?(?:versions?|"
        r"releases?) behind\b",
        "driver-too-old",
        "warning",
        "the text says the NVIDIA driver is too old",
        DRIVER_OLD,
    ),
    make(
        "power-loss-under-load-stated",
        r"\b(?:pc|computer|machine|workstation|rig|system)\b[^.\n]{0,30}?\b(?:does|did|makes?|"
        r"gets?)?\s*an? (?:cold|hard) (?:reboot|reset|shutdown)|"
        r"\b(?:my |the )(?:pc|computer|machine|workstation|rig)\b[^.\n]{0,30}?\b(?:reboots|"
        r"restarts|resets|shuts (?:down|off)|turns off|powers (?:down|off)|switches off)\b|"
        # "when generating images the whole pc crashes": the machine, not the program
        r"\b(?:whole|entire) (?:pc|computer|machine|system|rig)\s+(?:crash\w*|resets?|reboots?|"
        r"restarts?|freezes?)\b|"
        r"\b(?:pc|computer|machine|workstation|rig|system|server|box)\b[^.\n]{0,30}?"
        r"\b(?:crash(?:es)?(?: and|/| \()\s*)?(?:reboots?|restarts?|shuts? (?:down|off)|"
        r"powers? (?:down|off))\b[^.\n]{0,40}?\b(?:when|while|during|under|as soon as)\b|"
        r"\bsystem crash \(reboot\)|"
        # "It runs for a few iterations until it crashes and reboots the server"
        r"\bcrash(?:es|ed)? and (?:then )?(?:reboots?|restarts?|resets?|shuts? down) the "
        r"(?:server|machine|computer|pc|node|workstation|system|host|box)\b|"
        # "power goes off on my pc", "the power cuts out when training starts"
        r"\b(?:the |my )?power (?:goes|went|cuts?|turns?|shuts?) (?:off|out|down)\b|"
        # "instantly shutting down the whole rig (power off, no fans spinning)"
        # (noonghunna/club-3090#1019), "the system will freeze up and then crash hard ... a
        # sudden hardware shutdown" (NVIDIA/cudf#10336)
        r"\bshut(?:ting|s)? (?:down|off) the (?:whole|entire) (?:rig|pc|computer|machine|system|"
        r"workstation)\b|"
        r"\b(?:system|machine|pc|computer|rig|workstation)\b[^.\n]{0,60}?\bcrash(?:es|ed)? hard\b|"
        r"\bsudden (?:hardware )?shut ?down\b|"
        # in Chinese: "在训练extremenet时候出现服务器重启，显示电源功率不够" (the server restarts
        # during training, the power supply's wattage is not enough; xingyizhou/ExtremeNet#31,
        # heldout217 at its scoring)
        r"(?:服务器|电脑|机器|主机|整机)[^。\n]{0,20}?(?:重启|断电|关机)|电源功率(?:不够|不足)",
        "gpu-health",
        "warning",
        "the text says the machine powers off or reboots under load (power supply or GPU fault)",
        "A machine that turns off under GPU load usually lacks power: check that the PSU covers "
        "the GPUs' peak draw (transients exceed the rated board power), the PCIe power cables "
        "(one cable per connector), then `journalctl -k -b -1` / `dmesg` for Xid 79 or AER "
        "errors; capping the power (`nvidia-smi -pl <watts>`) confirms it.",
    ),
    make(
        "progressive-slowdown-stated",
        r"\b(?:get(?:s|ting)?|becom(?:es|ing)|run(?:s|ning)?)\s+(?:slower and slower|"
        r"progressively slower|slower over time)|\b(?:(?:training|inference|iteration|epoch|"
        r"step|batch)\s+)?times?\s+(?:gradually|steadily|keeps?|continuously|progressively)\s+"
        r"increas",
        "gpu-throttle",
        "warning",
        "the text says the job slows down as it runs (the GPU heating up is a common cause)",
        "Watch the clocks while it slows: `nvidia-smi -q -d PERFORMANCE,TEMPERATURE` (or "
        "`envcheck watch`); thermal or power reasons mean cooling, airflow or the power limit; "
        "if the clocks hold, look for a growing input queue or a leak instead.",
    ),
    make(
        "jetson-power-mode-slow",
        r"(?!x)x",  # never by itself: inferred (installs.jetson_slower_than_benchmark)
        "gpu-throttle",
        "warning",
        "a Jetson runs slower than the published or expected figure: benchmarks are taken in the "
        "maximum power mode with the clocks pinned",
        "Check the power mode (`sudo nvpmodel -q`): set the maximum one (`sudo nvpmodel -m 0`, "
        "MAXN) and pin the clocks (`sudo jetson_clocks`), then measure again; `tegrastats` shows "
        "the GPU clock (GR3D_FREQ) while it runs.",
    ),
    make(
        "vgpu-unlicensed-slowdown",
        r"(?!x)x",  # never by itself: inferred from the whole text (installs.vgpu_slows_down)
        "gpu-throttle",
        "warning",
        "a vGPU that gets slow after a while: an unlicensed vGPU is progressively degraded "
        "(NVIDIA's vGPU licensing), CUDA disabled in the end",
        "Check the licence in the VM: `nvidia-smi -q | grep -i -A2 license` must say Licensed; "
        "if not, configure the client licence token (NVIDIA License System, DLS or CLS) and "
        "restart the nvidia-gridd service. If it is licensed, watch the clocks while it slows "
        "(`nvidia-smi -q -d PERFORMANCE`).",
    ),
    make(
        # "Sometimes GPU perf state change to P8 and cause low performance for running job": a
        # GPU at idle clocks (P8) while it works (a driver without persistence mode, a clock cap)
        "gpu-idle-pstate-under-load-stated",
        r"\b(?:perf(?:ormance)?[ _-]?state|pstate|p-state)\b[^.\n]{0,40}?\bP(?:8|12)\b[^.\n]{0,60}?"
        r"\b(?:low|slow|poor|bad|drop)\w*\s*(?:performance|perf|speed|throughput|job)?|"
        r"\bP(?:8|12)\b[^.\n]{0,30}?\b(?:while|during|when)\b[^.\n]{0,20}?\b(?:running|training|"
        r"under load|a job)\b",
        "gpu-throttle",
        "warning",
        "the text says the GPU drops to an idle performance state (P8) while a job runs",
        "Watch it under load: `nvidia-smi -q -d PERFORMANCE,CLOCK` (the clocks-event reasons say "
        "why); enable persistence mode (`sudo nvidia-smi -pm 1` / nvidia-persistenced) and check "
        "that no application-clock or power cap holds it down.",
    ),
    make(
        # a temperature of 90 degrees or more, said of the GPU (nvidia-smi's "85C" column is
        # read by the report importers, not here). Not the 80s: workstation and datacenter GPUs
        # run there under load (an RTX A6000 at 87 C was normal in ultralytics#8378)
        "gpu-hot-stated",
        r"\b(?:gpus?|cards?|temp(?:erature)?s?)\b[^.\n]{0,60}?\b(?:9\d|1[01]\d) ?(?:°|º|"
        r"degrees?\b|deg\b)|"
        # without a number: "causing the temperature to be very high after a while"
        # (junyanz/pytorch-CycleGAN-and-pix2pix#682, heldout182 at its scoring), "the card gets
        # too hot"; not "GPU memory usage is very high", which is no temperature
        r"\btemp(?:erature)?s?\b[^.\n]{0,30}?\b(?:very|too|extremely|really|dangerously|quite) "
        r"high\b|\b(?:gpus?|cards?|graphics cards?|gtx|rtx|tesla|quadro)\b[^.\n]{0,30}?"
        r"\b(?:gets?|getting|got|runs?|running|is|are|became|becomes) "
        r"(?:very |too |extremely |really |quite )?hot\b",
        "gpu-throttle",
        "warning",
        "the text reports the GPU at 90 degrees C or more, where GPUs slow down or stop",
        "Check cooling under load (`nvidia-smi -q -d TEMPERATURE,PERFORMANCE` shows the slowdown "
        "temperature and the clocks-event reasons): fans, airflow, dust, a lower power limit "
        "(`nvidia-smi -pl`); a program's own temperature abort is a symptom, not the cause.",
    ),
    make(
        "gpu-throttling-reported",
        r"\b(?:gpu|clocks?|card)\b[^.\n]{0,60}\bthrottl(?:ed|es|ing)\b|\bthrottl(?:ed|es|ing)\b"
        r"[^.\n]{0,60}\b(?:thermal|temperature|power cap|power limit)\b|"
        r"\bSW Power Cap\b[^.\n:]{0,40}"
        r"\b(?:appears?|kicks? in)|"
        # NVML's reason constants, as a program that queried them prints them (idle and
        # application-clock settings are not throttling)
        r"\bnvmlClocks(?:Throttle|Event)Reason(?:SwPowerCap|HwSlowdown|SwThermalSlowdown|"
        r"HwThermalSlowdown|HwPowerBrakeSlowdown)\b|"
        # hashcat's hardware monitor, when the driver reports its slowdown temperature reached
        r"\bDriver temperature threshold met on GPU\b",
        "gpu-throttle",
        "warning",
        "the text reports the GPU throttling its clocks",
        "Check `nvidia-smi -q -d PERFORMANCE,TEMPERATURE,POWER` under load: thermal reasons mean "
        "cooling or airflow (or a low `GPU Max Operating Temp`), SW Power Cap a power limit or an "
        "undersized PSU; fix the cause, then re-check the clocks.",
    ),
]
