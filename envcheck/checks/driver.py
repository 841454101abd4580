"""EC1xx: the NVIDIA driver — new enough for every CUDA runtime in use, loaded, consistent."""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import DRIVER_FROM_KERNEL_MODULE, Driver, KernelSide, Snapshot, Unknown

DRIVER_DOCS = "https://docs.nvidia.com/datacenter/tesla/driver-installation-guide/"
COMPAT_DOCS = "https://docs.nvidia.com/deploy/cuda-compatibility/"


def _upgrade_driver(min_version: Optional[str]) -> str:
    target = f">= {min_version}" if min_version else "a newer branch"
    return (
        f"upgrade the NVIDIA driver to {target} (Ubuntu: sudo ubuntu-drivers install; "
        f"others: {DRIVER_DOCS}), then reboot"
    )


def _verdict(matrix: Any, driver: str, cuda: str, plat: str) -> Any:
    verdict = c.ask(matrix, "driver_runs_cuda", driver, cuda, plat)
    if verdict is None or verdict.ok is None:
        return None  # no matrix, or it does not know this CUDA version
    return verdict


def _fallback(driver_max: Any, cuda: str) -> Optional[bool]:
    """Judge from the driver's own maximum CUDA (what nvidia-smi prints) when the matrix can't.

    A driver runs every runtime of an older major and, by minor-version compatibility, the
    newer minors of its own major; never a newer major.
    """
    dmax = c.major_minor(driver_max)
    need = c.major_minor(cuda)
    if dmax is None or need is None:
        return None
    return need[0] <= dmax[0]


def _torch_variant_for_driver(
    t: c.TorchInfo, matrix: Any, driver: str, plat: str
) -> Optional[Tuple[str, str]]:
    """(tag, pip command) of the newest CUDA variant of the same torch release this driver runs."""
    variants = getattr(t.release, "variants", None) or []
    best = None
    for v in variants:
        cu = getattr(v, "cuda", None)
        if not cu:
            continue
        verdict = _verdict(matrix, driver, cu, plat)
        better = best is None or (c.vparse(cu) or 0) > (c.vparse(best.cuda) or 0)
        if verdict is not None and verdict.ok and better:
            best = v
    if best is None:
        return None
    cmd = (
        f"pip install --force-reinstall 'torch=={c.public(t.version)}' "
        f"--index-url {getattr(best, 'index_url', None) or f'{c.PYTORCH_INDEX}/{best.tag}'}"
    )
    return best.tag, cmd


def _same_branch(driver: str, need: str) -> bool:
    a, b = driver.split(".")[0], need.split(".")[0]
    return a.isdigit() and a == b


@check(
    "EC101",
    category="driver-too-old",
    severity="error",
    title="NVIDIA driver too old for a CUDA runtime in use",
    rationale="""
Every CUDA runtime needs a minimum driver. A framework wheel bundles its own CUDA runtime
(torch +cu124 carries CUDA 12.4) and the system toolkit brings another; the kernel-mode driver
must be able to run each of them, or the first CUDA call fails with "CUDA driver version is
insufficient for CUDA runtime version". Within one CUDA major, minor-version compatibility lets
a newer runtime run on an older driver of the same major (a CUDA 11.3 wheel on a driver that
reports CUDA 11.2 is fine, apart from PTX JIT of newer PTX); across majors it does not (a cu130
wheel on a 570 driver, which reports CUDA 12.8, fails). The "CUDA Version" nvidia-smi prints is
the driver's maximum, not an installed toolkit. A too-new system toolkit is a warning: only
programs built with it are affected. Where a report states only that maximum and not the
driver's version, a runtime of a newer major is still judged; a pass then stays unknown.
Before 1.15 the `tensorflow` package was the CPU build and `tensorflow-gpu` the GPU one
(tensorflow.org/install/gpu): a TensorFlow 1.x named without `-gpu` needs its CUDA only if it
is the GPU build, a warning.""",
    fix="Upgrade the NVIDIA driver, or install a framework build for a CUDA this driver runs.",
)
def driver_too_old(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    drv: Driver = c.driver(snap)
    try:
        driver: Optional[str] = c.driver_version(snap)
    except SkipCheck:
        # a paste may state only the newest CUDA the driver runs (Paddle's "Driver API
        # Version: 10.2", Warp's "Driver 11.8", nvidia-smi -q's "CUDA Version"): that ceiling
        # judges a runtime across majors, which is all the fallback below needs; only a
        # failure is reported there, a pass stays unknown (the matrix, not the ceiling,
        # knows a driver's minimum within a major)
        if not isinstance(drv.cuda_version, str):
            raise
        driver = None
    plat = c.platform(snap)
    runtimes = c.cuda_runtimes(snap, matrix)
    if not runtimes:
        if isinstance(snap.packages, Unknown):
            raise SkipCheck(f"installed packages unknown: {snap.packages.reason}")
        raise c.not_applicable("no CUDA runtime in use (no CUDA framework build, no toolkit)")
    undecided: List[str] = []
    failed = False
    for rt in runtimes:
        verdict = _verdict(matrix, driver, rt.cuda, plat) if driver else None
        evidence = {
            "driver": driver,
            "driver_cuda_version": drv.cuda_version if isinstance(drv.cuda_version, str) else None,
            "cuda_runtime": rt.cuda,
            "runtime_from": rt.source,
            "platform": plat,
            **rt.evidence,
        }
        if verdict is not None:
            if verdict.ok and verdict.mode == "minor-compat" and _ptx_jit_in_use(snap, rt):
                yield _ptx_jit_warning(spec, matrix, driver, rt, verdict, plat, evidence)
                continue
            if verdict.ok:
                continue
            min_full = verdict.min_driver
            min_minor = verdict.minor_compat_min_driver
            evidence["min_driver"] = min_full
            if min_minor:
                evidence["minor_compat_min_driver"] = min_minor
            if getattr(verdict, "source", None):
                evidence["source"] = verdict.source
            expected = f"driver >= {min_full or min_minor} to run CUDA {rt.cuda}"
            if min_minor and min_full and min_minor != min_full:
                expected += f" (>= {min_minor} with minor-version compatibility)"
            need_driver = min_minor or min_full
        else:
            ok = _fallback(drv.cuda_version, rt.cuda)
            if ok is None:
                undecided.append(rt.who)
                continue
            if ok:
                continue
            evidence["judged_by"] = "driver's maximum CUDA version (not in the matrix)"
            expected = f"a driver that supports CUDA {rt.cuda} (major {rt.cuda.split('.')[0]})"
            need_driver = None
        dmax = c.driver_max_cuda(snap, matrix) or "unknown"
        found = f"driver {driver or '(version not stated)'}"
        if drv.source == DRIVER_FROM_KERNEL_MODULE:
            found += " (the loaded kernel module)"
        # (no ceiling named for a driver older than the matrix's oldest row)
        found += f" (runs CUDA up to {dmax}); " if dmax != "unknown" else "; "
        found += f"{rt.who} needs CUDA {rt.cuda}"
        fix = _upgrade_driver(need_driver)
        if rt.who.startswith("torch ") and driver:
            t = c.torch_info(snap, matrix)
            alt = _torch_variant_for_driver(t, matrix, driver, plat) if t else None
            if alt:
                fix = f"{alt[1]}   # or: {fix}"
        if rt.system_toolkit:
            runs = f"(<= {dmax})" if dmax != "unknown" else f"(older than {rt.cuda})"
            fix = f"use a CUDA toolkit this driver runs {runs} for builds, or {fix}"
        # a system toolkit may be unused; an old torch's CUDA is assumed from its pip wheel
        severity = "warning" if rt.system_toolkit or rt.assumed else None
        if need_driver and _same_branch(driver, need_driver):
            # NVIDIA's table names the driver bundled with the toolkit release; a driver of
            # the same branch (384.59 vs 384.81 for CUDA 9.0) reports the same CUDA version
            # and usually runs it: below the published minimum, but not proven to fail
            severity = "warning"
            found += f" (same R{need_driver.split('.')[0]} branch as the minimum {need_driver})"
        failed = True
        yield spec.finding(
            expected=expected,
            found=found,
            fix=fix,
            evidence=evidence,
            severity=severity,
        )
    if driver is None and not failed:
        raise SkipCheck(
            f"driver version unknown: the CUDA it runs (up to {drv.cuda_version}) allows each "
            "CUDA runtime in use, but only the driver version proves they run"
        )
    if undecided and len(undecided) == len(runtimes):
        raise SkipCheck(
            "cannot judge " + ", ".join(undecided) + ": CUDA version not in the matrix and the "
            "driver's maximum CUDA version is unknown"
        )


# libraries that hand PTX made by the system toolkit (NVVM / NVRTC) to the driver's JIT
_PTX_JIT_USERS = ("numba", "numba-cuda", "cupy", "pycuda")


def _ptx_jit_in_use(snap: Snapshot, rt: Any) -> bool:
    if not rt.system_toolkit:
        return False
    pkgs = c.installed(snap)
    return any(p in pkgs or any(k.startswith(p + "-cuda") for k in pkgs) for p in _PTX_JIT_USERS)


def _ptx_jit_warning(
    spec: CheckSpec,
    matrix: Any,
    driver: str,
    rt: Any,
    verdict: Any,
    plat: str,
    evidence: Dict[str, Any],
) -> Finding:
    """A system toolkit newer than the driver, run by minor-version compatibility, beside a
    library that JIT-compiles with it (numba, CuPy, PyCUDA): code built ahead of time runs,
    but PTX this toolkit makes and the driver must JIT does not: the driver's JIT cannot read
    a newer PTX ISA. (Triton is not one: it assembles its PTX to SASS with its own ptxas.)"""
    dmax = c.matrix_max_cuda(matrix, driver, plat) or "an older CUDA"
    return spec.finding(
        expected=f"driver >= {verdict.min_driver} for PTX made by CUDA {rt.cuda} "
        "(minor-version compatibility does not cover PTX JIT)",
        found=f"driver {driver} (runs CUDA up to {dmax}); {rt.who} is CUDA {rt.cuda} and a "
        "library that compiles PTX at run time with it is installed: its kernels fail with "
        "'the provided PTX was compiled with an unsupported toolchain'",
        fix=f"use a CUDA toolkit <= {dmax} for JIT-compiling libraries, or "
        + _upgrade_driver(verdict.min_driver),
        evidence={
            **evidence,
            "min_driver": verdict.min_driver,
            "mode": "minor-compat",
            "ptx_source": "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html "
            "(cudaErrorUnsupportedPtxVersion); "
            "https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html",
        },
        severity="warning",
    )


@check(
    "EC106",
    category="driver-too-old",
    severity="error",
    title="NVIDIA driver too old for the GPU",
    rationale="""
Each GPU architecture needs a driver branch at least as new as the first CUDA toolkit that
supports it: Hopper (sm_90) arrived with CUDA 11.8 (driver 520), Blackwell data-center parts
(B200, sm_100) with CUDA 12.8 (driver 570). An older driver cannot drive the GPU at all, so no
framework build helps, even one whose CUDA runtime the driver runs through minor-version
compatibility (a cu128 wheel on a 550 driver). `envcheck matrix recommend` rules every build out
for the same reason; the floors and their sources are in compat_data/floors.json.""",
    fix="Upgrade the NVIDIA driver to at least the branch of the GPU's first CUDA toolkit.",
)
def driver_too_old_for_gpu(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    drv: Driver = c.driver(snap)
    ceiling = drv.cuda_version if isinstance(drv.cuda_version, str) else None
    driver = drv.version if isinstance(drv.version, str) else None
    if driver is None and ceiling is None:
        c.driver_version(snap)  # raises SkipCheck with the reason the version is unknown
    gpus = c.gpus(snap)
    if not gpus:
        raise c.not_applicable("no GPUs")
    plat = c.platform(snap)
    judged = False
    by_cc: Dict[str, Optional[str]] = {}  # eight identical GPUs ask the matrix once
    for gpu in gpus:
        cc = c.gpu_cc(gpu, matrix)
        if cc is None or matrix is None:
            continue
        judged = True
        if cc not in by_cc:
            by_cc[cc] = c.ask(matrix, "driver_cannot_drive", cc, driver, ceiling, plat)
        why = by_cc[cc]
        if why:
            need = re.search(r"needs >= (\S+),", why)
            yield spec.finding(
                expected=f"a driver that drives compute capability {cc}",
                found=f"{c.gpu_label(gpu)}: {why}",
                fix=_upgrade_driver(need.group(1) if need else None),
                evidence={"driver": driver, "driver_cuda_version": ceiling,
                          "compute_capability": cc, "platform": plat,
                          "min_driver": need.group(1) if need else None},
                gpu=gpu.index,
            )  # fmt: skip
    if not judged:
        raise SkipCheck("compute capability unknown for every GPU (and no matrix entry by name)")


@check(
    "EC102",
    category="driver-not-loaded",
    severity="error",
    title="NVIDIA driver not loaded or not usable",
    rationale="""
Without a loaded kernel module and its user-space library (libnvidia-ml, libcuda), no CUDA
program can see a GPU: frameworks silently fall back to the CPU or fail with "Found no NVIDIA
driver on your system". In a container the driver comes from the host through the NVIDIA
container toolkit (docker run --gpus all). A host that shows no trace of NVIDIA hardware gets a
warning instead: it cannot train on NVIDIA GPUs.""",
    fix="Install and load the NVIDIA driver (sudo modprobe nvidia); containers: --gpus all.",
)
def driver_not_loaded(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    drv: Driver = c.driver(snap)
    status = c.need(drv.status, "driver status")
    detail = drv.detail if isinstance(drv.detail, str) else ""
    evidence = {
        "status": status,
        "detail": detail or None,
        "source": drv.source if isinstance(drv.source, str) else None,
    }
    info = c.os_info(snap)
    container = info.container if info is not None and isinstance(info.container, str) else None
    if container:
        evidence["container"] = container
    if status in ("ok", "version-mismatch", "no-gpus", "nvidia-smi-hung", "probe-timed-out"):
        return  # loaded (mismatch, missing GPUs and hangs are EC105 / EC403)
    if status == "library-not-found":
        gpus_present = c.has_nvidia_gpus(snap)
        evidence["nvidia_hardware_seen"] = gpus_present
        pci = snap.kernel.pci_nvidia_gpus if isinstance(snap.kernel, KernelSide) else None
        if isinstance(pci, list):
            evidence["pci_nvidia_gpus"] = pci
        if container:
            fix = (
                "docker run --gpus all ...   # or install the NVIDIA container toolkit on the host"
            )
        else:
            fix = (
                "install the NVIDIA driver (Ubuntu: sudo ubuntu-drivers install; "
                f"others: {DRIVER_DOCS})"
            )
        if gpus_present:
            yield spec.finding(
                expected="the NVIDIA driver's user-space library (libnvidia-ml.so.1) present",
                found=(
                    f"{len(pci)} NVIDIA GPU(s) on the PCI bus ({', '.join(pci[:4])})"
                    if isinstance(pci, list) and pci
                    else "NVIDIA GPU or kernel module present"
                )
                + " but libnvidia-ml.so.1 not found"
                + (f" ({detail})" if detail else ""),
                fix=fix,
                evidence=evidence,
            )
        else:
            yield spec.finding(
                expected="an NVIDIA driver and GPUs for GPU training",
                found="no NVIDIA driver found (libnvidia-ml.so.1 missing, no nvidia kernel module "
                "seen"
                + (", no NVIDIA GPU on the PCI bus" if isinstance(pci, list) else "")
                + "): this host cannot train on NVIDIA GPUs",
                fix=fix,
                evidence=evidence,
                severity="warning",
            )
        return
    fix = "sudo modprobe nvidia && sudo nvidia-smi   # check dmesg for NVRM errors if it fails"
    if container:
        fix = "restart the container with --gpus all; check the host with nvidia-smi"
    yield spec.finding(
        expected="NVIDIA kernel module loaded and reachable",
        found=f"driver status '{status}'" + (f": {detail}" if detail else ""),
        fix=fix,
        evidence=evidence,
    )


@check(
    "EC103",
    category="driver-not-loaded",
    severity="error",
    title="nouveau driver loaded",
    rationale="""
nouveau is the open-source driver for NVIDIA cards. While it is bound to the GPU the NVIDIA
kernel module cannot load, so CUDA sees no device. It has to be blacklisted and the initramfs
rebuilt.""",
    fix="Blacklist nouveau, rebuild the initramfs and reboot.",
)
def nouveau(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    ks: KernelSide = c.kernel_side(snap)
    mods = c.need(ks.modules, "loaded kernel modules")
    if mods.get("nouveau"):
        yield spec.finding(
            expected="nouveau not loaded (nvidia module bound to the GPUs)",
            found="kernel module nouveau is loaded"
            + ("" if mods.get("nvidia") else " and nvidia is not"),
            fix=(
                "printf 'blacklist nouveau\\noptions nouveau modeset=0\\n' | sudo tee "
                "/etc/modprobe.d/blacklist-nouveau.conf && sudo update-initramfs -u && sudo reboot"
            ),
            evidence={"modules": mods},
        )


_GPU_NODE = re.compile(r"^/dev/nvidia(\d+)$")


@check(
    "EC104",
    category="driver-not-loaded",
    severity="error",
    title="NVIDIA device nodes missing or not accessible",
    rationale="""
CUDA opens /dev/nvidiactl, /dev/nvidia-uvm and one /dev/nvidiaN per GPU, read-write. When a
node is missing (nvidia-uvm not loaded, a container started without the devices) or the user
lacks permission, CUDA initialisation fails ("no CUDA-capable device is detected", error 999)
even though nvidia-smi may work.""",
    fix="Create the nodes (sudo nvidia-modprobe -u -c=0) or fix their permissions / group.",
)
def device_nodes(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    ks: KernelSide = c.kernel_side(snap)
    nodes = c.need(ks.device_nodes, "device nodes")
    if c.has_nvidia_gpus(snap) is not True:
        raise c.not_applicable("no NVIDIA GPU or kernel module seen")
    paths = {n.path: n for n in nodes}
    gpus = c.gpu_list_or_empty(snap)
    missing = [p for p in ("/dev/nvidiactl", "/dev/nvidia-uvm") if p not in paths]
    gpu_nodes = [p for p in paths if _GPU_NODE.match(p)]
    if len(gpu_nodes) < len(gpus):
        missing.append(f"/dev/nvidiaN ({len(gpu_nodes)} nodes for {len(gpus)} GPUs)")
    if missing:
        yield spec.finding(
            expected="/dev/nvidiactl, /dev/nvidia-uvm and one /dev/nvidiaN per GPU",
            found="missing: " + ", ".join(missing),
            fix="sudo nvidia-modprobe -u -c=0   # in a container: docker run --gpus all ...",
            evidence={"device_nodes": sorted(paths), "gpus": len(gpus)},
        )
    denied = [
        n
        for n in nodes
        if (n.path in ("/dev/nvidiactl", "/dev/nvidia-uvm") or _GPU_NODE.match(n.path))
        and (n.readable is False or n.writable is False)
    ]
    if denied:
        yield spec.finding(
            expected="read-write access to the NVIDIA device nodes",
            found="no read-write access to "
            + ", ".join(f"{n.path} ({n.mode if isinstance(n.mode, str) else '?'})" for n in denied),
            fix='sudo usermod -aG video "$USER"   # then log in again; or check udev rules / mode',
            evidence={
                n.path: {
                    "mode": n.mode if isinstance(n.mode, str) else None,
                    "readable": n.readable,
                    "writable": n.writable,
                }
                for n in denied
            },
        )


@check(
    "EC105",
    category="driver-library-mismatch",
    severity="error",
    title="Driver/library version mismatch",
    rationale="""
The loaded kernel module and the user-space driver libraries must be the same version. After a
driver upgrade without a reboot (often an unattended-upgrades run), the old module stays loaded
while the new libraries are installed: NVML fails with "Driver/library version mismatch" and no
CUDA program runs until the module is reloaded.""",
    fix="Reboot, or unload and reload the NVIDIA kernel modules.",
)
def driver_library_mismatch(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    drv: Driver = c.driver(snap)
    status = drv.status if isinstance(drv.status, str) else None
    kernel_ver: Optional[str] = None
    if isinstance(snap.kernel, KernelSide) and isinstance(snap.kernel.proc_driver_version, str):
        kernel_ver = snap.kernel.proc_driver_version
    user_ver = drv.version if isinstance(drv.version, str) else None
    if drv.source == DRIVER_FROM_KERNEL_MODULE:
        user_ver = None  # the module's own version, copied: no library version was read
    if user_ver is None and isinstance(drv.nvml_version, str):
        # NVML's own version is "<CUDA major>.<driver version>", e.g. "12.550.54.15"
        parts = drv.nvml_version.split(".")
        user_ver = ".".join(parts[1:]) if len(parts) == 4 else drv.nvml_version
    fix = (
        "sudo reboot   # or: sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && "
        "sudo modprobe nvidia"
    )
    evidence = {"status": status, "kernel_module": kernel_ver, "library": user_ver}
    if status == "version-mismatch":
        detail = drv.detail if isinstance(drv.detail, str) else "Driver/library version mismatch"
        yield spec.finding(
            expected="kernel module and user-space libraries of the same driver version",
            found=f"{detail} (kernel module {kernel_ver or 'unknown'}, "
            f"library {user_ver or 'unknown'})",
            fix=fix,
            evidence=evidence,
        )
        return
    if kernel_ver and user_ver:
        if kernel_ver.strip() != user_ver.strip():
            yield spec.finding(
                expected=f"kernel module version == library version ({user_ver})",
                found=f"kernel module {kernel_ver}, library {user_ver}",
                fix=fix,
                evidence=evidence,
            )
        return
    if status in ("ok", "no-gpus"):
        return  # NVML / nvidia-smi initialised, which they refuse to do on a mismatch
    if kernel_ver:
        raise SkipCheck("no user-space driver library version to compare with the kernel module's")
    raise SkipCheck(
        f"driver status '{status or 'unknown'}' and no kernel module version to compare"
    )
