"""EC3xx: CUDA libraries (cuDNN, cuBLAS, NCCL, libcuda), the system toolkit, NCCL settings."""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Cuda, SharedLib, Snapshot, Unknown

EXTENSION_PACKAGES = ("flash-attn", "vllm", "deepspeed", "xformers", "apex", "mamba-ssm")


def cudnn_tuple(text: Any) -> Optional[Tuple[int, int, int]]:
    """cuDNN version from "9.1.0.70", "8.9.2", or torch's integer form (90100, 8902)."""
    if text is None:
        return None
    s = str(text).strip()
    if re.fullmatch(r"\d{4,6}", s):
        n = int(s)
        if n >= 10000:  # cuDNN 9+: major * 10000 + minor * 100 + patch
            return n // 10000, n % 10000 // 100, n % 100
        return n // 1000, n % 1000 // 100, n % 100  # cuDNN <= 8
    v = c.vparse(s)
    if v is None:
        return None
    rel = tuple(v.release) + (0, 0)
    return rel[0], rel[1], rel[2]


def _fmt(t: Tuple[int, int, int]) -> str:
    return f"{t[0]}.{t[1]}.{t[2]}"


def _incompatible(have: Tuple[int, ...], want: Tuple[int, ...]) -> bool:
    """A library version that cannot stand in for ``want``: another major, or an older minor."""
    return have[0] != want[0] or have[:2] < want[:2]


def _wheel(pkgs: Dict[str, str], stem: str) -> Optional[Tuple[str, str]]:
    """(name, version) of nvidia-<stem> for any CUDA major (nvidia-<stem>-cuNN, or unsuffixed
    with a CUDA version: see wheel_cuda_major), newest major first."""
    found = sorted(
        ((wheel_cuda_major(n, v) or 0, n, v) for n, v in pkgs.items() if n.startswith("nvidia-")),
        reverse=True,
    )
    for major, name, version in found:
        if major and re.fullmatch(rf"nvidia-{stem}(?:-cu\d+)?", name):
            return name, version
    return None


def _torch_cuda_major(snap: Snapshot, matrix: Any) -> Tuple[Optional[c.TorchInfo], Optional[int]]:
    t = c.torch_info(snap, matrix)
    if t is None or t.build != "cuda" or not t.cuda:
        return t, None
    mm = c.major_minor(t.cuda)
    return t, (mm[0] if mm else None)


def _need_torch_cuda_major(snap: Snapshot, matrix: Any) -> Tuple[c.TorchInfo, int]:
    """(torch, its CUDA major), or SkipCheck when torch is absent or not a known CUDA build."""
    t, major = _torch_cuda_major(snap, matrix)
    if t is None:
        raise c.not_applicable("torch is not installed")
    if major is None:
        raise c.not_applicable(f"torch {t.version} is not a CUDA build (or its CUDA is unknown)")
    return t, major


# From CUDA 13 NVIDIA publishes the libraries whose version is CUDA's own without the -cuNN
# suffix (nvidia-cublas 13.1.0.3, nvidia-cuda-runtime 13.0.96); cuDNN and NCCL, versioned on their
# own, keep it (nvidia-cudnn-cu13, nvidia-nccl-cu13). Seen in torch 2.11.0+cu130's dependencies
# on a real H200 (benchmarks/gpu/, pip freeze, 2026-12-04) and in public cu130 pin lists.
_UNSUFFIXED_FROM = 13
# the nvidia-* wheels whose version is the CUDA release they belong to
_CUDA_VERSIONED = {"cublas", "cuda-runtime", "cuda-nvrtc", "cuda-cupti", "nvjitlink", "nvtx"}


def wheel_cuda_major(name: str, version: str) -> Optional[int]:
    """The CUDA major a nvidia-* wheel is for: its -cuNN suffix, or, unsuffixed, the major of
    its own version where that is CUDA's (cuBLAS, the runtime); None when neither says."""
    m = re.fullmatch(r"nvidia-[a-z0-9-]+?-cu(\d+)", name)
    if m:
        return int(m.group(1))
    if name.startswith("nvidia-") and not re.search(r"-cu\d+$", name):
        mm = c.major_minor(version)
        if mm and name.split("-", 1)[1] in _CUDA_VERSIONED:
            return mm[0]
    return None


def _wheel_for(pkgs: Dict[str, str], stem: str, major: int) -> Optional[str]:
    """The installed name of nvidia-<stem> for CUDA ``major`` (suffixed, or unsuffixed)."""
    for name in (f"nvidia-{stem}-cu{major}", f"nvidia-{stem}"):
        if name in pkgs and wheel_cuda_major(name, pkgs[name]) == major:
            return name
    return None


def _own_wheels(pkgs: Dict[str, str], major: int) -> List[str]:
    """The installed nvidia-* wheels for CUDA ``major``."""
    return [n for n, v in pkgs.items() if wheel_cuda_major(n, v) == major]


def _expected_name(stem: str, major: int) -> str:
    unsuffixed = major >= _UNSUFFIXED_FROM and stem in _CUDA_VERSIONED
    return f"nvidia-{stem}" if unsuffixed else f"nvidia-{stem}-cu{major}"


@check(
    "EC301",
    category="cuda-libs-mismatch",
    severity="error",
    title="cuDNN missing, wrong major, or older than the framework was built with",
    rationale="""
Frameworks are compiled against one cuDNN version and need at least that minor of the same
major at run time. torch's Linux wheels pull it in as the nvidia-cudnn-cuXX wheel; TensorFlow's
[and-cuda] extra does the same, otherwise TensorFlow looks for a system libcudnn. A missing
cuDNN gives "Could not load dynamic library 'libcudnn.so.8'" (TensorFlow then drops to the
CPU); an older one gives "Loaded runtime CuDNN library: 8.5.0 but source was compiled with:
8.7.0"; a different major fails to load.""",
    fix="Install the cuDNN wheel the framework expects (pip install nvidia-cudnn-cuXX==<version>).",
)
def cudnn(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    judged = False
    t, major = _torch_cuda_major(snap, matrix)
    if t is not None and major is not None:
        dp = c.deep(snap, "torch")
        want = None
        want_from = ""
        if dp is not None and isinstance(dp.cudnn_version, str) and cudnn_tuple(dp.cudnn_version):
            want, want_from = (
                cudnn_tuple(dp.cudnn_version),
                "torch.backends.cudnn.version() (--deep)",
            )
        elif t.variant is not None and t.variant.cudnn and cudnn_tuple(t.variant.cudnn):
            want, want_from = cudnn_tuple(t.variant.cudnn), f"matrix: torch {t.version}"
        wheel = pkgs.get(f"nvidia-cudnn-cu{major}")
        if want is not None and wheel:
            judged = True
            have = cudnn_tuple(wheel)
            if have is not None and _incompatible(have, want):
                yield spec.finding(
                    expected=f"cuDNN {want[0]}.x >= {want[0]}.{want[1]} for torch {t.version}",
                    found=f"nvidia-cudnn-cu{major} {wheel}",
                    fix=f"pip install 'nvidia-cudnn-cu{major}=={_fmt(want)}.*'   # or reinstall "
                    f"torch=={c.public(t.version)} to restore its pinned dependencies",
                    evidence={
                        "torch": t.version,
                        "built_with_cudnn": _fmt(want),
                        "built_with_from": want_from,
                        f"nvidia-cudnn-cu{major}": wheel,
                    },
                )
    tf = pkgs.get("tensorflow")
    info = c.os_info(snap)
    # TensorFlow finds cuDNN on the system on Linux, and on native Windows before 2.11 (the
    # last release with GPU support there)
    windows_gpu = info is not None and info.platform == "windows" and _older_than(tf or "", (2, 11))
    if tf and (info is None or info.platform in (None, "linux") or info.wsl or windows_gpu):
        rel = c.ask(matrix, "tensorflow_release", tf)
        builds = [b for b in (rel.builds if rel else ()) if b.cudnn and b.cuda]
        # pasted text that states a cuDNN version is about a GPU setup even if no GPU is named
        stated = c.from_report(snap) and _stated_cudnn(snap)
        if builds and (c.has_nvidia_gpus(snap) or stated):
            judged = True
            want = cudnn_tuple(builds[0].cudnn)
            have: List[Tuple[str, Tuple[int, int, int]]] = []
            w = _wheel(pkgs, "cudnn")
            if w and cudnn_tuple(w[1]):
                have.append((f"{w[0]} {w[1]}", cudnn_tuple(w[1])))  # type: ignore[arg-type]
            if isinstance(snap.cuda, Cuda) and isinstance(snap.cuda.cudnn, list):
                for inst in snap.cuda.cudnn:
                    if cudnn_tuple(inst.version):
                        have.append(
                            (
                                f"{inst.version} ({inst.source or '?'}: {inst.path})"
                                if inst.path
                                else f"{inst.version} ({inst.source or 'source unknown'})",
                                cudnn_tuple(inst.version),
                            )
                        )  # type: ignore[arg-type]
            elif not w:
                raise SkipCheck("cuDNN installs unknown")
            evidence = {
                "tensorflow": tf,
                "tested_cudnn": builds[0].cudnn,
                "cudnn_found": [h[0] for h in have],
            }
            if builds[0].pip_extra_cuda:
                tf_fix = "pip install 'tensorflow[and-cuda]==" + tf + "'"
            else:  # before TF 2.14 there is no [and-cuda] extra: cuDNN comes from NVIDIA
                tf_fix = (
                    f"install cuDNN {builds[0].cudnn} for CUDA {builds[0].cuda} (NVIDIA's cuDNN "
                    f"archive, or `conda install cudnn={builds[0].cudnn}`) and put it on "
                    "LD_LIBRARY_PATH, or install the tensorflow release tested with the "
                    "cuDNN you have"
                )
            if not have:
                c.absence_known(snap, "library")
                yield spec.finding(
                    expected=f"cuDNN {builds[0].cudnn} for tensorflow {tf}",
                    found="no cuDNN library found (TensorFlow will not use the GPU)",
                    fix=tf_fix,
                    evidence=evidence,
                )
            elif want and not any(h[1][0] == want[0] for h in have):
                yield spec.finding(
                    expected=f"cuDNN {want[0]}.x (tensorflow {tf} was tested with "
                    f"{builds[0].cudnn})",
                    found="cuDNN " + ", ".join(h[0] for h in have),
                    fix=tf_fix,
                    evidence=evidence,
                )
    if not judged:
        if major is None and not tf:
            raise c.not_applicable("no CUDA build of a framework that uses cuDNN is installed")
        raise SkipCheck("the cuDNN version the framework needs, or the installed one, is unknown")


def _older_than(version: str, release: Tuple[int, int]) -> bool:
    v = c.vparse(version)
    return v is not None and (v.major, v.minor) < release


def _stated_cudnn(snap: Snapshot) -> bool:
    return (
        isinstance(snap.cuda, Cuda)
        and isinstance(snap.cuda.cudnn, list)
        and any(cudnn_tuple(i.version) for i in snap.cuda.cudnn)
    )


@check(
    "EC302",
    category="cuda-libs-mismatch",
    severity="error",
    title="CUDA library wheels missing or for another CUDA major",
    rationale="""
torch's Linux CUDA wheels do not bundle cuBLAS, cuDNN and the CUDA runtime; they depend on the
nvidia-cublas-cuXX, nvidia-cudnn-cuXX and nvidia-cuda-runtime-cuXX wheels of their CUDA major
(from CUDA 13: nvidia-cublas and nvidia-cuda-runtime 13.x, without the suffix, and
nvidia-cudnn-cu13). When one of them was uninstalled, or replaced by the wheel for another major
(cu11 next to a cu12 torch), import fails with "libcublas.so.12: cannot open shared object
file" or undefined symbols. A cuBLAS wheel older than the CUDA minor torch was built with is a
warning, and so are the wheels of another CUDA major installed next to complete ones: a library
opened by its bare name (cuDNN's sub-libraries are) may then come from the other major's copy
(pytorch/pytorch#188892: cu12 and cu13 cuDNN wheels side by side).""",
    fix="Reinstall torch so pip restores its pinned nvidia-* dependencies.",
)
def cuda_wheels(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    t, major = _need_torch_cuda_major(snap, matrix)
    if not _own_wheels(pkgs, major):
        raise c.not_applicable(
            f"no nvidia-* wheels for CUDA {major}: this torch bundles its CUDA libraries "
            "(or came from conda)"
        )
    stems = ("cublas", "cuda-runtime", "cudnn")
    missing = [_expected_name(s, major) for s in stems if _wheel_for(pkgs, s, major) is None]
    other = sorted(
        f"{n} {v}" if not re.search(r"-cu\d+$", n) else n
        for n, v in pkgs.items()
        if re.fullmatch(r"nvidia-(cublas|cudnn|cuda-runtime)(-cu\d+)?", n)
        and wheel_cuda_major(n, v) not in (None, major)
    )
    evidence = {
        "torch": t.version,
        "nvidia_wheels": {n: pkgs[n] for n in sorted(pkgs) if n.startswith("nvidia-")},
    }
    fix = f"pip install --force-reinstall 'torch=={c.public(t.version)}'" + (
        f" --index-url {c.PYTORCH_INDEX}/{c.local_tag(t.version)}" if c.local_tag(t.version) else ""
    )
    if missing:
        c.absence_known(snap, "package")
        yield spec.finding(
            expected=", ".join(_expected_name(s, major) for s in stems),
            found="missing: "
            + ", ".join(missing)
            + (f" (installed for another CUDA major: {', '.join(other)})" if other else ""),
            fix=fix,
            evidence=evidence,
        )
    elif other:
        yield spec.finding(
            expected=f"the CUDA {major} library wheels only (torch {t.version})",
            found="also installed for another CUDA major: " + ", ".join(other),
            fix=f"pip uninstall {' '.join(o.split()[0] for o in other)}  # after `pip check` "
            "shows no other package needs them",
            evidence=evidence,
            severity="warning",
        )
    cublas_name = _wheel_for(pkgs, "cublas", major)
    cublas = pkgs.get(cublas_name) if cublas_name else None
    if cublas and t.cuda and (c.major_minor(cublas) or (0, 0)) < (c.major_minor(t.cuda) or (0, 0)):
        yield spec.finding(
            expected=f"cuBLAS >= {t.cuda} (torch {t.version} is built with CUDA {t.cuda})",
            found=f"{cublas_name} {cublas}",
            fix=fix,
            evidence=evidence,
            severity="warning",
        )


_WHEEL_OF = {
    "libcudnn": "cudnn",
    "libcublas": "cublas",
    "libnccl": "nccl",
    "libcudart": "cuda-runtime",
}


@check(
    "EC303",
    category="cuda-libs-mismatch",
    severity="error",
    title="A CUDA library on LD_LIBRARY_PATH shadows the framework's own copy",
    rationale="""
The dynamic loader searches LD_LIBRARY_PATH before a library's RUNPATH, so a system cuDNN,
cuBLAS or NCCL listed there is loaded instead of the version the framework's nvidia-* wheel
installed. A different major fails to load or crashes; an older version gives "Loaded runtime
CuDNN library ... but source was compiled with ..." or missing-symbol errors. Remove the
directory from LD_LIBRARY_PATH (often set by a module system or an old .bashrc).""",
    fix="Remove the system library directory from LD_LIBRARY_PATH for the training job.",
)
def shadowed(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cu: Cuda = c.cuda(snap)
    libs: List[SharedLib] = c.need(cu.libraries, "shared libraries")
    pkgs = c.installed(snap)
    on_path = [
        lib for lib in libs if isinstance(lib.origin, str) and lib.origin == "LD_LIBRARY_PATH"
    ]
    if not on_path:
        return
    for lib in on_path:
        stem = _WHEEL_OF.get(lib.name)
        if not stem:
            continue
        wheel = _wheel(pkgs, stem)
        if wheel is None:
            continue
        name, wheel_version = wheel
        have = cudnn_tuple(lib.version) if lib.version else None
        want = cudnn_tuple(wheel_version)
        if have is None or want is None or have[:2] == want[:2]:
            continue
        directory = lib.path.rsplit("/", 1)[0] if isinstance(lib.path, str) else "<dir>"
        severity = "error" if _incompatible(have, want) else "warning"
        yield spec.finding(
            expected=f"{lib.name} {wheel_version} from the {name} wheel",
            found=f"{lib.name} {lib.version} at {lib.path} comes first on LD_LIBRARY_PATH",
            fix=f'export LD_LIBRARY_PATH="$(printf %s "$LD_LIBRARY_PATH" | tr : "\\n" | '
            f'grep -vxF {directory} | paste -sd:)"',
            evidence={
                "library": lib.name,
                "path": lib.path,
                "version": lib.version,
                "wheel": name,
                "wheel_version": wheel_version,
                "LD_LIBRARY_PATH": c.env(snap).get("LD_LIBRARY_PATH"),
            },
            severity=severity,
        )


@check(
    "EC304",
    category="cuda-libs-mismatch",
    severity="error",
    title="libcuda.so not found by the dynamic loader",
    rationale="""
libcuda.so.1 is the driver's user-space CUDA library; every CUDA program loads it by name. If
the loader cannot find it (not in the ldconfig cache, not on LD_LIBRARY_PATH), CUDA reports
"no CUDA-capable device" or "libcuda.so.1: cannot open shared object file" even though
nvidia-smi works. Under WSL2 it lives in /usr/lib/wsl/lib, which must be in the loader path;
in containers the NVIDIA container toolkit mounts it.""",
    fix="Add the directory holding libcuda.so.1 to the loader path (ldconfig) and re-run.",
)
def libcuda(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    cu: Cuda = c.cuda(snap)
    libs: List[SharedLib] = c.need(cu.libraries, "shared libraries")
    if c.has_nvidia_gpus(snap) is not True:
        raise c.not_applicable("no NVIDIA GPU seen")
    found = [lib for lib in libs if lib.name == "libcuda" and isinstance(lib.path, str)]
    if found:
        return
    c.absence_known(snap, "library")
    cache = [lib.path for lib in libs if lib.name == "libcuda" and isinstance(lib.path, Unknown)]
    if cache:  # ldconfig missing, hung or failed: absence cannot be concluded
        raise SkipCheck(f"loader cache unknown: {cache[0].reason}")
    info = c.os_info(snap)
    wsl = info is not None and info.wsl is True
    if wsl:
        fix = "echo /usr/lib/wsl/lib | sudo tee /etc/ld.so.conf.d/ld.wsl.conf && sudo ldconfig"
    elif info is not None and info.container:
        fix = "restart the container with --gpus all (the NVIDIA container toolkit mounts libcuda)"
    else:
        fix = (
            "sudo ldconfig   # if still missing, reinstall the driver's "
            "libnvidia-compute / libcuda1 package"
        )
    yield spec.finding(
        expected="libcuda.so.1 findable by the dynamic loader",
        found="libcuda.so.1 not in the ldconfig cache or on LD_LIBRARY_PATH"
        + (" (WSL2: it is in /usr/lib/wsl/lib)" if wsl else ""),
        fix=fix,
        evidence={
            "libraries": sorted({lib.name for lib in libs}),
            "wsl": wsl,
            "LD_LIBRARY_PATH": c.env(snap).get("LD_LIBRARY_PATH"),
        },
    )


@check(
    "EC305",
    category="cuda-libs-mismatch",
    severity="error",
    title="TensorFlow loads a CUDA runtime version that is not installed",
    rationale="""
Before the [and-cuda] pip extra (TensorFlow 2.14 on Linux) and on native Windows (GPU support
ended with 2.10), TensorFlow does not bring the CUDA libraries: it opens the system's by their
versioned names, and those names carry the version it was built with: cudart64_101.dll /
libcudart.so.10.1 for CUDA 10.1, libcudart.so.11.0 for every CUDA 11. So TensorFlow 2.1 (tested
with CUDA 10.1) finds no GPU next to CUDA 10.2 ("Could not load dynamic library
'cudart64_101.dll'"), while a TensorFlow built with CUDA 11.2 runs with any CUDA 11 toolkit.
The tested versions are TensorFlow's own table (compat_data/tensorflow.json, from
tensorflow.org/install/source and source_windows). A CUDA version stated in prose may be the
driver's (nvidia-smi's header), not the toolkit's: then this is a warning. So is a TensorFlow
1.x named `tensorflow` (before 1.15 the CPU package; `tensorflow-gpu` was the GPU one): it
loads CUDA only if it is the GPU build.""",
    fix="Install the CUDA toolkit version TensorFlow was built with (side by side is fine) and "
    "put its bin/lib directory on PATH / LD_LIBRARY_PATH, or install the TensorFlow release "
    "built for the CUDA you have.",
)
def tensorflow_cuda_runtime(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    name, tf = next(
        ((n, pkgs[n]) for n in ("tensorflow", "tensorflow-gpu") if c.vparse(pkgs.get(n))),
        (None, None),
    )
    if tf is None:
        raise c.not_applicable("TensorFlow is not installed (or its version is unknown)")
    info = c.os_info(snap)
    windows = info is not None and info.platform == "windows" and not info.wsl
    if windows and not _older_than(tf, (2, 11)):
        raise c.not_applicable(f"tensorflow {tf} has no GPU support on native Windows")
    rel = c.ask(matrix, "tensorflow_release", tf)
    want_platform = "windows" if windows else "linux"
    builds = [
        b
        for b in (rel.builds if rel else ())
        if b.cuda and b.platform in (None, want_platform) and not b.pip_extra_cuda
    ]
    if not builds:
        raise c.not_applicable(
            f"tensorflow {tf} brings its own CUDA libraries, or its tested CUDA is not in the data"
        )
    want = c.major_minor(builds[0].cuda)
    kits = [
        t
        for t in (snap.cuda.toolkits if isinstance(snap.cuda, Cuda) else None) or []
        if isinstance(t.version, str) and c.major_minor(t.version)
    ]
    if want is None or not kits:
        raise SkipCheck("the installed CUDA toolkit versions are unknown")

    def provides(version: str) -> bool:
        mm = c.major_minor(version)
        # CUDA 11 and later name their runtime by the major only (libcudart.so.11.0)
        return mm is not None and (mm == want if want[0] < 11 else mm[0] == want[0])

    if any(provides(t.version) for t in kits):
        return
    stated_only = all(str(t.version_source or "").startswith("report:prose") for t in kits)
    # before 1.15 the `tensorflow` package was the CPU build, which loads no CUDA library at
    # all (tensorflow.org/install/gpu; EC101 reads it the same way): only if it is the GPU one
    v = c.vparse(tf)
    cpu_package = (
        name == "tensorflow"
        and v is not None
        and v < c.vparse("1.15")
        and "tensorflow-gpu" not in pkgs
    )
    lib = (
        f"cudart64_{want[0]}{want[1]}.dll"
        if windows and want[0] < 11
        else f"cudart64_{want[0]}0.dll"
        if windows
        else f"libcudart.so.{want[0]}.{want[1] if want[0] < 11 else 0}"
    )
    yield spec.finding(
        expected=f"CUDA {want[0]}.{want[1] if want[0] < 11 else 'x'} for {name} {tf} "
        f"(it loads {lib}; tested with CUDA {builds[0].cuda})",
        found="CUDA "
        + ", ".join(sorted({str(t.version) for t in kits}))
        + (" (stated in the text: the toolkit's, or the driver's)" if stated_only else "")
        + (
            f"; tensorflow {tf} before 1.15 is the CPU package unless it is tensorflow-gpu, "
            "and the CPU package loads no CUDA library"
            if cpu_package
            else ""
        ),
        fix=f"install CUDA {builds[0].cuda} (with cuDNN {builds[0].cudnn}) and put it on "
        + ("PATH" if windows else "LD_LIBRARY_PATH")
        + f", or install the {name} release built for the CUDA you have",
        severity="warning" if stated_only or cpu_package else None,
        evidence={
            "tensorflow": tf,
            "tested_cuda": builds[0].cuda,
            "platform": want_platform,
            "toolkits": [str(t.version) for t in kits],
            "source": getattr(builds[0], "source", None),
        },
    )


@check(
    "EC310",
    category="toolkit-mismatch",
    severity="warning",
    title="System nvcc has a different CUDA major than the framework",
    rationale="""
Building CUDA extensions against torch (flash-attn, vLLM and DeepSpeed ops, xformers, apex,
custom ops) uses the system toolkit (CUDA_HOME, else nvcc on PATH, else /usr/local/cuda).
torch.utils.cpp_extension refuses a toolkit whose major differs from the CUDA torch was built
with ("The detected CUDA version (11.8) mismatches the version that was used to compile
PyTorch (12.1)"). Only judged when such a toolkit exists; minor differences are accepted.""",
    fix="Install a toolkit of the framework's CUDA major and point CUDA_HOME at it.",
)
def toolkit_mismatch(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    tk = c.need_build_toolkit(snap)
    t, major = _need_torch_cuda_major(snap, matrix)
    tk_mm = c.major_minor(tk.version)
    if tk_mm is None or tk_mm[0] == major:
        return
    pkgs = c.installed(snap)
    ext = [f"{n} {pkgs[n]}" for n in EXTENSION_PACKAGES if n in pkgs]
    yield spec.finding(
        expected=f"a CUDA {major}.x toolkit for building extensions against torch {t.version}",
        found=f"CUDA {tk.version} at {tk.path} (found by {tk.found_by or 'search'})"
        + (f"; extension packages: {', '.join(ext)}" if ext else ""),
        fix=f"install CUDA {t.cuda} (e.g. sudo apt-get install cuda-toolkit-"
        f"{(t.cuda or '').replace('.', '-')}) and export CUDA_HOME=/usr/local/cuda-{t.cuda}",
        evidence={
            "toolkit": tk.path,
            "toolkit_version": tk.version,
            "torch": t.version,
            "torch_cuda": t.cuda,
            "extension_packages": ext,
        },
    )


@check(
    "EC320",
    category="nccl-problem",
    severity="error",
    title="NCCL wheel missing or older than the framework was built with",
    rationale="""
Multi-GPU and multi-node training in torch goes through NCCL, which torch's Linux wheels take
from the nvidia-nccl-cuXX wheel. A missing wheel breaks `import torch` (libnccl.so.2 not
found); one older than the version torch was built with can fail at the first collective with
"unhandled system error" or undefined symbols.""",
    fix="Reinstall the NCCL wheel torch pins (pip install nvidia-nccl-cuXX==<version>).",
)
def nccl(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    t, major = _need_torch_cuda_major(snap, matrix)
    if not _own_wheels(pkgs, major):
        raise c.not_applicable(f"no nvidia-* wheels for CUDA {major}: torch bundles NCCL")
    wheel = pkgs.get(f"nvidia-nccl-cu{major}")
    dp = c.deep(snap, "torch")
    want = None
    if dp is not None and isinstance(dp.nccl_version, str):
        want = dp.nccl_version
    elif t.variant is not None and t.variant.nccl:
        want = t.variant.nccl
    evidence = {"torch": t.version, f"nvidia-nccl-cu{major}": wheel, "built_with_nccl": want}
    if wheel is None:
        c.absence_known(snap, "package")
        yield spec.finding(
            expected=f"nvidia-nccl-cu{major}" + (f" {want}" if want else ""),
            found=f"nvidia-nccl-cu{major} not installed",
            fix=f"pip install 'nvidia-nccl-cu{major}" + (f"=={want}'" if want else "'"),
            evidence=evidence,
        )
        return
    if want is None:
        raise SkipCheck(f"the NCCL version torch {t.version} was built with is unknown")
    have_v, want_v = c.vparse(wheel), c.vparse(want)
    if have_v is not None and want_v is not None and have_v.release[:2] < want_v.release[:2]:
        yield spec.finding(
            expected=f"NCCL >= {want} (torch {t.version} was built with it)",
            found=f"nvidia-nccl-cu{major} {wheel}",
            fix=f"pip install 'nvidia-nccl-cu{major}=={want}'",
            evidence=evidence,
        )


_NCCL_SLOW = {
    "NCCL_P2P_DISABLE": "disables GPU peer-to-peer (NVLink/PCIe) transfers",
    "NCCL_SHM_DISABLE": "disables shared-memory transport between processes",
    "NCCL_IB_DISABLE": "disables InfiniBand/RoCE: inter-node traffic falls back to TCP sockets",
}


@check(
    "EC321",
    category="nccl-problem",
    severity="warning",
    title="NCCL environment disables fast transports",
    rationale="""
NCCL_P2P_DISABLE=1, NCCL_SHM_DISABLE=1 and NCCL_IB_DISABLE=1 are often left behind from a
debugging session or copied from a forum answer. Each forces a slower transport (P2P off:
through host memory; IB off: TCP sockets between nodes), which can cut all-reduce bandwidth
by an order of magnitude without any error.""",
    fix="Unset the variable unless you need it to work around a known hardware problem.",
)
def nccl_env(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    env = c.need(snap.env, "environment variables")
    for name, why in _NCCL_SLOW.items():
        value = env.get(name)
        if value is not None and value.strip() not in ("", "0"):
            yield spec.finding(
                expected=f"{name} unset",
                found=f"{name}={value}: {why}",
                fix=f"unset {name}",
                evidence={name: value},
            )
