"""Actions on the host and its containers: driver, kernel modules, libraries, OS settings,
container flags, and a manual step for every finding nothing else resolves."""

from __future__ import annotations

from typing import AbstractSet, Any, List, Optional, Sequence, Tuple

from envcheck.findings import Finding
from envcheck.fix import validate as V
from envcheck.fix.evidence import NO_NVIDIA_GPU_PATTERNS
from envcheck.fix.plan.host import Host
from envcheck.fix.plan.model import (
    DOCS,
    GIB,
    Action,
    _codes,
    _manual_for_rejected,
    _mentions,
)
from envcheck.snapshot import CpuMemory, Cuda, KernelSide


def _driver_actions(host: Host, min_driver: str, why: str, resolves: List[str]) -> List[Action]:
    try:
        need = V.driver_version(min_driver)
    except V.Rejected as exc:
        return [_manual_for_rejected("driver-upgrade", "driver upgrade", exc, resolves, "driver")]
    found = host.driver or "unknown"
    return [
        Action(
            id="driver-upgrade",
            description=(
                f"Upgrade the NVIDIA driver to >= {need} (found {found}): {why}. Use your "
                "distribution's packages or NVIDIA's repository; stop GPU jobs first."
            ),
            resolves=list(resolves),
            scope="manual",
            needs_root=True,
            needs_reboot=True,
            driver_reload=True,
            risk="high",
            docs=DOCS["driver"],
            gate_driver=need,
            kind="driver",
        ),
        _reload_action(
            "After the driver upgrade, load the new kernel module: reboot (simplest), or "
            "stop every GPU process and reload the nvidia modules with these commands.",
            list(resolves),
            scope="manual",
        ),
    ]


def _reload_action(description: str, resolves: List[str], scope: str) -> Action:
    """Reload the NVIDIA kernel modules (or reboot): after an upgrade, or on a mismatch."""
    return Action(
        id="driver-reload",
        description=description,
        commands=[
            ["modprobe", "-r", "nvidia_uvm", "nvidia_drm", "nvidia_modeset", "nvidia"],
            ["modprobe", "nvidia"],
            ["modprobe", "nvidia_uvm"],
        ],
        resolves=resolves,
        scope=scope,
        needs_root=True,
        driver_reload=True,
        risk="medium",
        docs=DOCS["driver"],
        notes=["A reboot does the same and is safer when a display manager uses the GPU."],
        kind="driver-reload",
    )


# ------------------------------------------------------------------------------------------
# System, OS and container actions


def _ld_library_path_action(host: Host, findings: List[Finding]) -> List[Action]:
    """Remove the LD_LIBRARY_PATH entries whose CUDA libraries shadow the framework's own."""
    relevant = [f for f in findings if f.category == "cuda-libs-mismatch"]
    snap = host.snapshot
    env = snap.env if isinstance(snap.env, dict) else {}
    current = env.get("LD_LIBRARY_PATH")
    if not relevant or not isinstance(current, str) or not current:
        return []
    entries = current.split(":")
    normalised = {e.rstrip("/"): e for e in entries if e}
    cuda = snap.cuda if isinstance(snap.cuda, Cuda) else None
    from_loader = {}
    if cuda and isinstance(cuda.libraries, list):
        for lib in cuda.libraries:
            if lib.origin == "LD_LIBRARY_PATH" and isinstance(lib.path, str):
                from_loader[lib.name] = lib.path
    drop: List[str] = []
    shadowing: List[Finding] = []
    for f in relevant:
        ev = f.evidence if isinstance(f.evidence, dict) else {}
        paths = [ev.get(k) for k in ("path", "shadowing_path", "shadowed_by")]
        if isinstance(ev.get("library"), str) and ev["library"] in from_loader:
            paths.append(from_loader[ev["library"]])
        for p in paths:
            if not isinstance(p, str) or "/" not in p:
                continue
            directory = p.rsplit("/", 1)[0].rstrip("/")
            if directory in normalised:
                if normalised[directory] not in drop:
                    drop.append(normalised[directory])
                if f not in shadowing:
                    shadowing.append(f)
    if not drop:
        return []
    codes = _codes(shadowing)
    keep = [e for e in entries if e and e not in drop]
    try:
        new_value = V.path(":".join(keep)) if keep else ""
        for d in drop:
            V.path(d)
    except V.Rejected as exc:
        return [_manual_for_rejected("ld-library-path", "LD_LIBRARY_PATH", exc, codes, "libs")]
    return [
        Action(
            id="ld-library-path",
            description=(
                "Remove " + ", ".join(drop) + " from LD_LIBRARY_PATH: its CUDA libraries shadow "
                "the ones the framework wheel bundles. New value: "
                + (new_value if new_value else "(empty: unset it)")
            ),
            env={"LD_LIBRARY_PATH": new_value},
            resolves=codes,
            scope="manual",
            risk="low",
            notes=[
                "Put the new value in your shell profile / job script (it is where the old "
                "value was set); the script's export only affects the commands after it."
            ],
            docs=DOCS["cudnn"],
            kind="libs",
        )
    ]


def _os_action(**fields: Any) -> Action:
    """A low-risk step on the host system that needs root (ordered with the "os" steps)."""
    return Action(scope="system", needs_root=True, risk="low", kind="os", **fields)


def _container_action(**fields: Any) -> Action:
    """A step for whoever starts this container (ordered with the "container" steps)."""
    return Action(scope="container", kind="container", **fields)


def _persistence_action(host: Host, findings: List[Finding]) -> List[Action]:
    off = [
        g.index
        for g in host.snapshot.gpus()
        if g.persistence_mode is False and isinstance(g.index, int)
    ]
    relevant = [f for f in findings if _mentions(f, "persistence")]
    if not relevant or not off:
        return []
    return [
        _os_action(
            id="persistence-mode",
            description=(
                "Enable persistence mode so the driver stays initialised between jobs "
                f"(off on GPU {', '.join(map(str, off))}). Lasts until reboot; use "
                "nvidia-persistenced to keep it."
            ),
            commands=[["nvidia-smi", "-pm", "1"]],
            resolves=_codes(relevant),
            docs=DOCS["persistence"],
        )
    ]


def _memlock_action(host: Host, findings: List[Finding]) -> List[Action]:
    relevant = [f for f in findings if _mentions(f, "memlock")]
    if not relevant:
        return []
    if host.container:
        return [
            _container_action(
                id="memlock-container",
                description=(
                    "Raise the locked-memory limit of the container: start it with "
                    "--ulimit memlock=-1 (and --ulimit stack=67108864)."
                ),
                resolves=_codes(relevant),
                notes=["docker run --ulimit memlock=-1 --ulimit stack=67108864 ..."],
                docs=DOCS["docker-run"],
            )
        ]
    path = "/etc/security/limits.d/90-envcheck-memlock.conf"
    content = (
        "# written by envcheck fix: unlimited locked memory for NCCL / RDMA (limits.conf(5))\n"
        "*    soft    memlock    unlimited\n"
        "*    hard    memlock    unlimited\n"
    )
    return [
        _os_action(
            id="memlock",
            description=(
                f"Raise the memlock limit to unlimited in {path}; takes effect at the next "
                "login / job start (Slurm: also set PropagateResourceLimits or LimitMEMLOCK "
                "for slurmd)."
            ),
            files={path: content},
            resolves=_codes(relevant),
            docs=DOCS["limits"],
        )
    ]


def recommended_shm_bytes(host: Host, findings: Sequence[Finding] = ()) -> int:
    """Size for /dev/shm: the findings' expectation, else 1 GiB per GPU (at least 1 GiB),
    rounded up to whole GiB and never below 2 GiB for DataLoader workers."""
    want = 0
    for f in findings:
        ev = f.evidence if isinstance(f.evidence, dict) else {}
        for key in ("required_bytes", "expected_bytes", "min_bytes", "threshold_bytes"):
            value = ev.get(key)
            if isinstance(value, int) and not isinstance(value, bool) and value > want:
                want = value
    want = max(want, GIB * max(host.gpu_count, 1), 2 * GIB)
    return -(-want // GIB) * GIB


def _shm_action(host: Host, findings: List[Finding]) -> List[Action]:
    relevant = [f for f in findings if f.category == "shm-too-small"]
    if not relevant:
        return []
    size_g = recommended_shm_bytes(host, relevant) // GIB
    if host.container:
        return [
            _container_action(
                id="shm-size",
                description=(
                    f"/dev/shm is too small inside this container: restart it with "
                    f"--shm-size={size_g}g (or --ipc=host to share the host's)."
                ),
                resolves=_codes(relevant),
                notes=[
                    f"docker run --shm-size={size_g}g ...",
                    "Kubernetes: mount an emptyDir with medium: Memory at /dev/shm.",
                ],
                docs=DOCS["docker-run"],
            )
        ]
    return [
        _os_action(
            id="shm-remount",
            description=(
                f"Grow the memory-backed /dev/shm to {size_g}G now (until reboot); make it "
                "permanent with a 'tmpfs /dev/shm tmpfs defaults,size=...' line in /etc/fstab."
            ),
            commands=[["mount", "-o", f"remount,size={size_g}G", "/dev/shm"]],
            resolves=_codes(relevant),
            docs=DOCS["docker-run"],
        )
    ]


# inferences that say the job or its container was not given the GPUs (errorlog patterns)
_NOT_REQUESTED = frozenset(
    {"slurm-job-without-gpus", "enroot-gpus-not-passed", "visible-devices-past-gpus"}
)


def _pattern(finding: Finding) -> Optional[str]:
    """The error-log pattern a finding from pasted text came from, if any."""
    value = (finding.evidence or {}).get("pattern")
    return value if isinstance(value, str) else None


# pasted findings about the CDI spec (Podman, containerd, rootless Docker): the spec is what to
# make again, not a driver to load or reload (its file is the system's, so a manual step)
_CDI_SPEC = frozenset({"cdi-no-nvidia-devices", "cdi-spec-stale-driver-files"})


# pasted findings that the NVIDIA kernel module was never built (no kernel headers, a kernel
# newer than the driver, another compiler): loading it cannot work, building it is the step
_MODULE_NOT_BUILT = frozenset(
    {
        "nvidia-installer-no-kernel-source",
        "nvidia-module-kernel-header-gone",
        "nvidia-module-compiler-mismatch",
        "nvidia-module-not-built-stated",
        "nvidia-module-unknown-symbol",
        "dkms-build-failed",
        "kernel-headers-missing",
        "kernel-update-lost-driver",
    }
)
# ... built, and refused by the kernel (Secure Boot, the open module on a GPU without GSP, the
# installer's failed load): signing it, or the other module flavour, is the step
_MODULE_REFUSED = frozenset(
    {
        "secure-boot-blocks-module",
        "secure-boot-blocks-module-stated",
        "open-module-gpu-without-gsp",
        "nvidia-installer-module-load-failed",
    }
)
# Docker has no NVIDIA runtime to give a container its GPUs: the Container Toolkit is the step,
# not a module on the host (whose driver may be fine)
_CONTAINER_RUNTIME_MISSING = frozenset({"container-no-gpu-driver", "docker-nvidia-runtime-unknown"})


# pasted findings where an application found no GPU device of its own accord (several back
# ends searched, none found): a manual check, not a module to load
_APP_FOUND_NO_DEVICE = frozenset({"mlc-no-device-detected", "cycles-no-device-of-type"})


# (patterns, step id, fallback words, docs key, needs root, kind): the pasted readings whose own
# fix replaces `modprobe nvidia` when the driver is not loaded, in the order the plan takes them
_OWN_STEPS_BEFORE_A_LOAD: Tuple[Tuple[AbstractSet[str], str, str, str, bool, str], ...] = (
    # a notebook runtime without a GPU: nothing to load, the runtime type is the fix
    (
        frozenset({"colab-no-gpu-runtime"}),
        "colab-gpu-runtime",
        "Attach a GPU runtime to the notebook.",
        "colab",
        False,
        "kernel",
    ),
    # an application's own device search found nothing (MLC LLM, Blender's Cycles): the cause
    # may be the driver, the build's back ends or the GPU's architecture, so the row's checks
    (
        _APP_FOUND_NO_DEVICE,
        "app-no-device",
        "Check that the GPU and its driver are there (`nvidia-smi`).",
        "driver",
        False,
        "kernel",
    ),
    # the module was never built for this kernel: `modprobe` has nothing to load until then
    (
        _MODULE_NOT_BUILT,
        "kernel-module-build",
        "Build the NVIDIA kernel module for the running kernel (its headers installed), then "
        "load it.",
        "driver",
        True,
        "kernel",
    ),
    (
        _MODULE_REFUSED,
        "kernel-module-refused",
        "Find why the kernel refused the NVIDIA module (`dmesg | grep -i nvidia`): sign it for "
        "Secure Boot, or install the module flavour this GPU needs.",
        "driver",
        True,
        "kernel",
    ),
    (
        _CONTAINER_RUNTIME_MISSING,
        "container-toolkit",
        "Install the NVIDIA Container Toolkit and register its runtime with Docker.",
        "container-toolkit",
        True,
        "container",
    ),
    # WSL 2 reaches the Windows driver through /dev/dxg: nothing to load inside the VM
    (
        frozenset({"wsl-no-adapters"}),
        "wsl-gpu",
        "Check `nvidia-smi` inside WSL 2 and the Windows NVIDIA driver with WSL support.",
        "wsl",
        False,
        "kernel",
    ),
)


def _own_fix_step(
    findings: List[Finding],
    patterns: AbstractSet[str],
    action_id: str,
    fallback: str,
    docs: str,
    needs_root: bool = False,
    kind: str = "kernel",
) -> Tuple[List[Action], List[Finding]]:
    """One manual step saying the row's own fix, for the pasted findings of ``patterns`` where
    nothing is to be loaded (a CDI spec, a notebook runtime, an application's device search);
    returns the step and the findings left."""
    mine = [f for f in findings if _pattern(f) in patterns]
    if not mine:
        return [], findings
    step = Action(
        id=action_id,
        description=mine[0].fix or fallback,
        commands=[],
        resolves=_codes(mine),
        scope="manual",
        needs_root=needs_root,
        risk="low",
        docs=docs,
        kind=kind,
    )
    return [step], [f for f in findings if f not in mine]


def _driver_state_actions(
    host: Host, findings: List[Finding], no_nvidia_gpu: bool = False
) -> List[Action]:
    """``no_nvidia_gpu``: the evidence's judgment that this machine has no NVIDIA GPU (a pasted
    text that says so is believed only where nothing shows one: fix.evidence)."""
    # a CDI spec missing or older than the driver: make the spec again (the system's file)
    actions, findings = _own_fix_step(
        findings,
        _CDI_SPEC,
        "cdi-spec",
        "Make the NVIDIA CDI spec again: `nvidia-ctk cdi generate`.",
        DOCS["container-toolkit"],
        needs_root=True,
        kind="container",
    )
    not_loaded = [f for f in findings if f.category == "driver-not-loaded"]
    mods = {}
    ks = host.snapshot.kernel if isinstance(host.snapshot.kernel, KernelSide) else None
    if ks and isinstance(ks.modules, dict):
        mods = ks.modules
    nouveau = [f for f in not_loaded if "nouveau" in f"{f.title} {f.found}".lower()]
    if nouveau or mods.get("nouveau"):
        path = "/etc/modprobe.d/blacklist-nouveau.conf"
        actions.append(
            Action(
                id="blacklist-nouveau",
                description=(
                    "Blacklist nouveau so the NVIDIA module can bind the GPUs, rebuild the "
                    "initramfs (Debian/Ubuntu: update-initramfs; RHEL: dracut -f) and reboot."
                ),
                files={path: "blacklist nouveau\noptions nouveau modeset=0\n"},
                commands=[["update-initramfs", "-u"]],
                resolves=_codes(nouveau or not_loaded),
                scope="system",
                needs_root=True,
                needs_reboot=True,
                driver_reload=True,
                risk="high",
                docs=DOCS["driver"],
                kind="kernel",
            )
        )
    rest = [f for f in not_loaded if f not in nouveau]
    # the text says (or shows) the machine's GPU is another vendor's: no NVIDIA module to load,
    # the framework's build for that GPU is the step (the row's own words)
    stated = [f for f in rest if _pattern(f) in NO_NVIDIA_GPU_PATTERNS]
    if stated and no_nvidia_gpu:
        # a pasted "CPU-only build" finding is no fault there: its "install the GPU package"
        # would contradict the step (tensorflow/tensorflow#22041: a MacBook's Intel graphics)
        cpu_only = [f for f in findings if f.category == "cpu-only-build" and _pattern(f)]
        actions.append(
            Action(
                id="no-nvidia-gpu",
                description=stated[0].fix
                or "No NVIDIA GPU here: install the framework's CPU build or run on a GPU node.",
                commands=[],
                resolves=_codes(rest + cpu_only),
                scope="manual",
                needs_root=False,
                risk="low",
                docs=DOCS["torch"],
                kind="kernel",
            )
        )
        rest = []
    no_hardware = bool(rest) and all(
        (f.evidence or {}).get("nvidia_hardware_seen") is False for f in rest
    )
    if no_hardware:
        # Nothing to load: no module, no device node, no NVIDIA GPU on the PCI bus.
        actions.append(
            Action(
                id="no-nvidia-gpu",
                description=(
                    "No NVIDIA GPU is visible here (no kernel module, no device nodes, none on "
                    "the PCI bus): run on a GPU node or instance"
                    + (
                        "; if the container's host has GPUs, start the container with --gpus "
                        "(NVIDIA Container Toolkit)."
                        if host.container
                        else "."
                    )
                ),
                commands=[],
                resolves=_codes(rest),
                scope="manual",
                needs_root=False,
                risk="low",
                docs=DOCS["container-toolkit"] if host.container else DOCS["driver"],
                kind="kernel",
            )
        )
        rest = []
    # pasted readings whose own fix is the step, not a kernel module loaded on a guess (in
    # order; each takes its findings out of those left)
    for patterns, action_id, fallback, docs, needs_root, kind in _OWN_STEPS_BEFORE_A_LOAD:
        step, rest = _own_fix_step(
            rest, patterns, action_id, fallback, DOCS[docs], needs_root=needs_root, kind=kind
        )
        actions.extend(step)
    # the same text says the job or its container did not ask for the GPUs: that step comes
    # first, and loading a module on the node is only for when a GPU was given and is unseen
    not_requested = [f for f in findings if _pattern(f) in _NOT_REQUESTED]
    if rest and not_requested:
        actions.append(
            Action(
                id="driver-load",
                description=(
                    "The job saw no GPU because it did not get one (see the step for "
                    + ", ".join(_codes(not_requested))
                    + "); if it still sees none after that, check the node's driver: "
                    "`nvidia-smi` there, and `sudo modprobe nvidia nvidia_uvm` if it fails."
                ),
                commands=[],
                resolves=_codes(rest),
                scope="manual",
                needs_root=False,
                risk="low",
                docs=DOCS["driver"],
                kind="follow-up",
            )
        )
        rest = []
    if rest:
        # a pasted text that shows the container started without its GPU option: the fix is
        # the launch, not a module to load on the host
        launched_without = any(_pattern(f) == "gpu-not-given-to-container" for f in rest)
        in_container = bool(host.container) or launched_without
        actions.append(
            Action(
                id="driver-load",
                description=(
                    "The NVIDIA driver is not usable here: "
                    + (
                        "the container was started without GPU access; start it with its "
                        "GPU option (docker run --gpus all with the NVIDIA Container Toolkit, "
                        "singularity/apptainer --nv, a pod limit nvidia.com/gpu)."
                        if in_container
                        else "load the kernel module; if that fails, (re)install the driver."
                    )
                ),
                commands=[]
                if in_container
                else [["modprobe", "nvidia"], ["modprobe", "nvidia_uvm"]],
                resolves=_codes(rest),
                scope="container" if in_container else "system",
                needs_root=not in_container,
                risk="low",
                docs=DOCS["container-toolkit"] if in_container else DOCS["driver"],
                kind="kernel",
            )
        )
    mismatch = [f for f in findings if f.category == "driver-library-mismatch"]
    if mismatch:
        actions.append(
            _reload_action(
                "The loaded kernel module and the user-space driver library differ (an "
                "upgrade without reload): reboot, or stop all GPU processes and reload.",
                _codes(mismatch),
                scope="system",
            )
        )
    return actions


def _governor_action(host: Host, findings: List[Finding]) -> List[Action]:
    relevant = [f for f in findings if f.category == "os-setting" and _mentions(f, "governor")]
    cpu = host.snapshot.cpu_memory if isinstance(host.snapshot.cpu_memory, CpuMemory) else None
    if not relevant or cpu is None:
        return []
    return [
        _os_action(
            id="cpu-governor",
            description="Set the CPU frequency governor to 'performance' (until reboot).",
            commands=[["cpupower", "frequency-set", "-g", "performance"]],
            resolves=_codes(relevant),
            docs=DOCS["cpufreq"],
        )
    ]


_MANUAL_DOCS = {
    "driver-too-old": "driver",
    "driver-not-loaded": "driver",
    "driver-library-mismatch": "driver",
    "gpu-arch-unsupported": "torch",
    "cpu-only-build": "torch",
    "cuda-libs-mismatch": "cudnn",
    "toolkit-mismatch": "cuda-install",
    "nccl-problem": "nccl",
    "python-unsupported": "torch",
    "framework-pairing": "torch-previous",
    "shm-too-small": "docker-run",
    "gpu-health": "xid",
    "gpu-throttle": "nvidia-smi",
    "pcie-degraded": "nvidia-smi",
    "gpu-contention": "nvidia-smi",
    "os-setting": "limits",
    "storage": "docker-run",
    "data-network": "docker-run",
    "kernel-failure": "xid",
    "performance-degraded": "nvidia-smi",
    "policy": "driver",
}
# Codes whose category's page is not the one that helps.
_MANUAL_DOCS_BY_CODE = {
    "EC918": "container-toolkit",  # the container does not get the host's driver
    "EC207": "cuda-gpus",  # the GPU's compute capability against the floor the text states
    "EC441": "nvidia-smi",  # a GPU's compute mode: `nvidia-smi -c`
}
# findings from pasted text: the pattern names the subject better than the category
_MANUAL_DOCS_BY_PATTERN = {
    "slurm-job-without-gpus": "slurm-gres",
    "enroot-gpus-not-passed": "slurm-gres",
    "visible-devices-past-gpus": "cuda-env-vars",
    "loopback-rendezvous-address": "torch-distributed",
    "tcpstore-libuv-not-built": "torch-distributed",
    "rendezvous-unreachable": "torch-distributed",
    # a GPU waiting for its input: DataLoader workers, pinned memory and prefetching
    "input-bound-disk": "torch-data",
    "input-bound-network": "torch-data",
    "slow-storage-stated": "torch-data",
    "data-loading-slow-stated": "torch-data",
    "data-on-remote-mount-slow": "torch-data",
    "visible-devices-not-exported": "cuda-env-vars",
    "visible-devices-no-effect-stated": "cuda-env-vars",
    "slurm-ntasks-not-set": "slurm-sbatch",  # --ntasks-per-node
    "slurm-gpus-per-task": "slurm-sbatch",  # --gpus-per-node instead
    "onnxruntime-library-without-cuda-provider": "onnxruntime-cuda",  # not a torch wheel
    "onnxruntime-cpu-providers-only": "onnxruntime-cuda",
    # libraries with builds of their own: their install pages, not torch's
    "chainer-cupy-unavailable": "cupy-install",
    "cupy-import-failed": "cupy-install",
    "cupy-cuda-library-not-loaded": "cupy-install",
    "cupy-cuda-root-not-found": "cupy-install",
    "cupy-multiple-packages": "cupy-install",
    "dgl-cpu-build": "dgl-install",
    "dgl-tensor-adapter-missing": "dgl-install",
    "gpu-below-library-minimum-cc": "cuda-gpus",  # the GPU's compute capability, not a wheel
    "numba-nvvm-no-supported-ccs": "numba-cuda-install",
    "numba-cuda-bindings-missing": "numba-cuda-install",
    "numba-numpy-out-of-range": "numba-install",
    "k8s-ephemeral-storage-eviction": "k8s-ephemeral-storage",
}


def _container_runtime_docs(f: Finding) -> Optional[str]:
    """A pasted OS-setting finding whose own fix is the container runtime's configuration
    (nvidia-ctk, daemon.json): the Container Toolkit's page, not limits.conf's."""
    if f.category != "os-setting" or _pattern(f) is None:
        return None
    fix = (f.fix or "").lower()
    return "container-toolkit" if "nvidia-ctk" in fix or "daemon.json" in fix else None


def _data_source(f: Finding) -> Optional[str]:
    """The page a data-backed finding cites (compat_data's ``source``: ONNX Runtime's
    requirements for EC322, vLLM's for EC206), when it is one: the docs that decide that step."""
    src = f.evidence.get("source") if isinstance(f.evidence, dict) else None
    return src if isinstance(src, str) and src.startswith("https://") else None


def _manual_actions(findings: List[Finding], covered: set) -> List[Action]:
    """One manual step per finding nothing else resolves, with its docs link."""
    actions = []
    for f in findings:
        if f.code in covered or f.severity == "info":
            continue
        fix = V.safe_text(f.fix, 300) or ""
        title = V.safe_text(f.title, 120) or f.code
        actions.append(
            Action(
                id=f"manual-{V.safe_text(f.code, 20)}"
                + (f"-gpu{f.gpu}" if isinstance(f.gpu, int) else ""),
                description=f"{title}: {fix}" if fix else title,
                resolves=[f.code],
                scope="manual",
                needs_root=f.category
                in ("driver-too-old", "gpu-health", "pcie-degraded", "driver-not-loaded")
                or f.code == "EC441",  # `nvidia-smi -c` is root's
                risk="high" if f.category in ("gpu-health", "driver-too-old") else "medium",
                docs=_data_source(f)
                or DOCS[
                    _MANUAL_DOCS_BY_PATTERN.get(_pattern(f) or "")
                    or _container_runtime_docs(f)
                    or _MANUAL_DOCS_BY_CODE.get(f.code)
                    or _MANUAL_DOCS.get(f.category, "driver")
                ],
                kind="manual",
            )
        )
        covered.add(f.code)
    return actions
