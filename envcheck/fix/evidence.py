"""The evidence a plan starts from: verify's findings and the facts they read.

``fix``, ``fix --docker`` (and anything else that chooses a build) call ``judge``: it runs the
same checks as ``verify`` on the same Snapshot (``inputs.gather``), then collects, with where
each came from, the facts a planner may act on:

- the driver version, or failing that the highest CUDA the driver runs (``nvidia-smi``'s "CUDA
  Version", or the number in "driver too old (found version 11040)", which the importers put
  into ``driver.cuda_version`` and EC902 into its evidence): a ceiling that bounds the choice;
- the GPUs' compute capabilities (listed GPUs, or the ``sm_XY`` an error message names);
- the Python version, the OS, whether the host has an NVIDIA GPU at all;
- the findings that say the driver is unusable (nouveau bound, library mismatch, not loaded)
  and the findings that say the installed framework build fails here.

A fact that is unknown stays unknown: ``missing()`` names it with the command that reads it and
the flag that supplies it (``--driver``, ``--cc``, ``--python``). Values given with those
flags override the snapshot and say so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence

from envcheck.findings import Finding, Outcome
from envcheck.fix import validate as V
from envcheck.snapshot import Driver, OsInfo, Snapshot


@dataclass(frozen=True)
class Ask:
    """A fact a choice needs: what it is, the command that reads it, the flag that gives it."""

    fact: str
    what: str
    command: str
    flag: str

    def text(self) -> str:
        return f"tell me {self.what}: run `{self.command}` on the host, or pass {self.flag}"


ASKS = {
    "driver": Ask(
        "driver",
        "the NVIDIA driver version",
        "nvidia-smi --query-gpu=driver_version --format=csv,noheader",
        "--driver VERSION",
    ),
    "cc": Ask(
        "cc",
        "the GPU's compute capability",
        "nvidia-smi --query-gpu=name,compute_cap --format=csv,noheader",
        "--cc X.Y",
    ),
    "python": Ask("python", "the Python version", "python3 --version", "--python X.Y"),
    "gpu": Ask(
        "gpu",
        "whether this host has an NVIDIA GPU",
        "nvidia-smi -L",
        "--cc X.Y (the GPU's compute capability)",
    ),
    "os": Ask(
        "os",
        "the operating system",
        "python3 -c 'import platform; print(platform.platform())'",
        "a report that includes it (python -m torch.utils.collect_env)",
    ),
}


@dataclass
class Fact:
    value: Any
    source: str  # "snapshot", "--driver", "EC902: <log line>", ...


@dataclass
class Evidence:
    snapshot: Snapshot
    findings: List[Finding]
    driver: Optional[Fact] = None  # validated driver version
    driver_cuda: Optional[Fact] = None  # "11.4": highest CUDA the driver runs
    ccs: Optional[Fact] = None  # list of "X.Y"
    python: Optional[Fact] = None  # "3.11"
    platform: Optional[Fact] = None  # "linux" | "windows" | "darwin"
    nvidia_gpu: Optional[Fact] = None  # True / False
    driver_unusable: List[Finding] = field(default_factory=list)
    installed: Dict[str, str] = field(default_factory=dict)
    # framework -> findings that say the installed build of it fails here
    failing: Dict[str, List[Finding]] = field(default_factory=dict)
    outcome: Optional[Outcome] = None

    def value(self, name: str) -> Any:
        fact = getattr(self, name)
        return fact.value if fact is not None else None

    def missing(self, python_known: bool = False) -> List[Ask]:
        """The facts a GPU build choice needs and that are unknown, in asking order."""
        asks: List[Ask] = []
        if self.value("nvidia_gpu") is None:
            asks.append(ASKS["gpu"])
        if self.driver is None and self.driver_cuda is None:
            asks.append(ASKS["driver"])
        if not self.value("ccs"):
            asks.append(ASKS["cc"])
        if self.python is None and not python_known:
            asks.append(ASKS["python"])
        return asks

    def bounds(self) -> List[str]:
        """What bounds a choice instead of a fact (said in the plan)."""
        out = []
        if self.driver is None and self.driver_cuda is not None:
            out.append(
                f"driver version unknown: bounded by the CUDA it runs (up to "
                f"{self.driver_cuda.value}, from {self.driver_cuda.source})"
            )
        if self.ccs is not None and self.ccs.source != "snapshot":
            out.append(f"compute capability {', '.join(self.ccs.value)} from {self.ccs.source}")
        return out


# Error-log categories that only an NVIDIA driver / GPU produces.
_NVIDIA_CATEGORIES = {
    "driver-too-old",
    "driver-library-mismatch",
    "gpu-arch-unsupported",
    "gpu-health",
    "kernel-failure",
}
_BUILD_CATEGORIES = {"driver-too-old", "gpu-arch-unsupported", "cpu-only-build"}
FRAMEWORKS = ("torch", "tensorflow", "jax")


def _short(text: Any, limit: int = 90) -> str:
    return V.safe_text(str(text), limit) or ""


def _mentions(f: Finding, word: str) -> bool:
    ev = " ".join(f"{k} {v}" for k, v in (f.evidence or {}).items())
    return re.search(rf"\b{re.escape(word)}\b", f"{f.title} {f.found} {ev}".lower()) is not None


# libraries whose CPU or GPU build is their own (their messages name them): a finding about one
# is not about the framework's build
_OTHER_LIBRARY = re.compile(
    r"\bonnxruntime\b|\bONNX Runtime\b|\bdlib\b|deeplearning4j|\bbitsandbytes\b|\bctranslate2\b|"
    r"\bllama[._-]?cpp\b|\bggml\b|\bcupy\b|\bpaddle|\bmxnet\b|\bopencv\b|\bxgboost\b|"
    r"\blightgbm\b|\bfaiss\b|\bdgl\b|\bgraphbolt\b|\bchainer\b",
    re.I,
)


# pasted messages of a library's own compute-capability floor ("FlashAttention only supports
# Ampere GPUs or newer", NVBit's "SM 7.5 ... not supported"): no build of the framework lowers
# it, so they plan their own step (run on a GPU above the floor), not a framework wheel
_LIBRARY_GPU_FLOOR_PATTERNS = frozenset({"gpu-below-library-minimum-cc"})


# pasted findings that the machine has no NVIDIA GPU: said so, or the only GPU the text names is
# another vendor's (also where a CUDA build's "Found no NVIDIA driver" was retold as that)
NO_NVIDIA_GPU_PATTERNS = frozenset(
    {"no-nvidia-gpu-stated", "no-nvidia-gpu-named", "cuda-build-on-other-vendor-gpu"}
)


def _from_log(f: Finding) -> bool:
    return isinstance(f.evidence, dict) and "pattern" in f.evidence


def gather_evidence(
    snapshot: Snapshot,
    outcome: Optional[Outcome],
    matrix: Any,
    driver: Optional[str] = None,
    ccs: Sequence[str] = (),
    python: Optional[str] = None,
) -> Evidence:
    """The facts and findings a planner acts on (see the module docstring)."""
    from envcheck.checks._common import has_nvidia_gpus
    from envcheck.fix.plan.host import host_facts

    findings = list(outcome.findings) if outcome is not None else []
    host = host_facts(snapshot, matrix)
    ev = Evidence(
        snapshot=snapshot, findings=findings, installed=dict(host.installed), outcome=outcome
    )
    # Driver version and its CUDA ceiling.
    if driver:
        try:
            ev.driver = Fact(V.driver_version(driver), "--driver")
        except V.Rejected as exc:
            from envcheck.errors import InputError

            raise InputError(f"--driver: {exc}") from None
    elif host.driver:
        ev.driver = Fact(host.driver, "snapshot")
    drv = snapshot.driver if isinstance(snapshot.driver, Driver) else None
    ceiling = drv.cuda_version if drv is not None else None
    if ev.driver is None:
        if isinstance(ceiling, str) and re.fullmatch(r"\d{1,2}\.\d{1,2}", ceiling):
            src = drv.source if isinstance(drv.source, str) else "snapshot"
            ev.driver_cuda = Fact(ceiling, f"the driver's CUDA version ({_short(src, 40)})")
        for f in findings:
            cap = (f.evidence or {}).get("driver_max_cuda")
            if ev.driver_cuda is None and isinstance(cap, str):
                ev.driver_cuda = Fact(cap, f"{f.code}: {_short(f.found)}")
    # Compute capabilities: the GPUs', else the architecture an error message names.
    if ccs:
        ev.ccs = Fact([str(c) for c in ccs], "--cc")
    elif host.ccs:
        ev.ccs = Fact(list(host.ccs), "snapshot")
    else:
        named = []
        for f in findings:
            arch = (f.evidence or {}).get("gpu_arch")
            m = re.fullmatch(r"sm_(\d{1,2})(\d)", arch) if isinstance(arch, str) else None
            if m and f"{m.group(1)}.{m.group(2)}" not in named:
                named.append(f"{m.group(1)}.{m.group(2)}")
                src = f"{f.code}: {_short(f.found)}"
        if named:
            ev.ccs = Fact(named, src)
    # Python and OS.
    if python:
        m = re.fullmatch(r"(\d)\.(\d{1,2})(\.\d+)?", python.strip())
        if not m:
            from envcheck.errors import InputError

            raise InputError(f"--python must be a version like 3.11, not {python!r}")
        ev.python = Fact(f"{m.group(1)}.{m.group(2)}", "--python")
    elif host.python:
        ev.python = Fact(host.python, "snapshot")
    osi = snapshot.os if isinstance(snapshot.os, OsInfo) else None
    plat = osi.platform if osi is not None else None
    if isinstance(plat, str) and plat in ("linux", "windows", "darwin"):
        ev.platform = Fact(plat, "snapshot")
    # Whether there is an NVIDIA GPU at all.
    seen = has_nvidia_gpus(snapshot)
    if seen is False and not (drv is not None and isinstance(drv.gpus, list)):
        # "driver ok" without a GPU list (a pasted nvidia-smi header) proves nothing either way
        seen = None if drv is not None and drv.status == "ok" else seen
    if ev.driver is not None and ev.driver.source != "snapshot" or ccs:
        ev.nvidia_gpu = Fact(True, "--driver / --cc")
    elif seen is not None:
        ev.nvidia_gpu = Fact(seen, "snapshot")
    elif ev.driver is not None or ev.driver_cuda is not None:
        ev.nvidia_gpu = Fact(True, "an NVIDIA driver is reported")
    else:
        for f in findings:
            if _from_log(f) and f.category in _NVIDIA_CATEGORIES:
                ev.nvidia_gpu = Fact(True, f"{f.code}: an NVIDIA driver error message")
                break
    for f in findings:
        if f.code == "EC102" and (f.evidence or {}).get("nvidia_hardware_seen") is False:
            ev.nvidia_gpu = Fact(False, f"{f.code}: no NVIDIA driver or GPU seen")
    stated = [
        f for f in findings if _from_log(f) and f.evidence["pattern"] in NO_NVIDIA_GPU_PATTERNS
    ]
    if stated and seen is not True and ev.driver is None and ev.driver_cuda is None:
        # the text says the machine's GPU is another vendor's, and nothing shows an NVIDIA one
        ev.nvidia_gpu = Fact(False, f"{stated[0].code}: the text names no NVIDIA GPU, another's")
    if ev.platform is not None and ev.platform.value == "darwin":
        ev.nvidia_gpu = Fact(False, "macOS: no CUDA builds exist for it")
    # Findings that make the driver unusable, and those that say the installed build fails.
    ev.driver_unusable = [
        f
        for f in findings
        if f.severity == "error" and f.category in ("driver-not-loaded", "driver-library-mismatch")
    ]
    for f in findings:
        if f.severity != "error":
            continue
        if f.category not in _BUILD_CATEGORIES | {"python-unsupported"}:
            continue
        if _from_log(f) and f.evidence.get("pattern") in _LIBRARY_GPU_FLOOR_PATTERNS:
            continue
        named = [fw for fw in FRAMEWORKS if _mentions(f, fw)]
        if not named and _from_log(f) and not _OTHER_LIBRARY.search(f"{f.title} {f.found}"):
            # A log message names no framework: it is about the one installed. (Not one that
            # names a library with builds of its own, dlib's or ONNX Runtime's CPU build: a
            # torch wheel is no fix for it, and its own step says what is.)
            named = [fw for fw in FRAMEWORKS if fw in ev.installed] or ["torch"]
        for fw in named:
            ev.failing.setdefault(fw, []).append(f)
    return ev


def judge(
    snapshot: Snapshot,
    matrix: Any,
    policy_file: Optional[str] = None,
    driver: Optional[str] = None,
    ccs: Sequence[str] = (),
    python: Optional[str] = None,
) -> Evidence:
    """Run verify's checks on ``snapshot`` and gather the evidence (one judgment for all)."""
    from envcheck.checks.registry import run_checks
    from envcheck.policy import load_policy

    outcome = run_checks(snapshot, matrix, load_policy(policy_file))
    ev = gather_evidence(snapshot, outcome, matrix, driver=driver, ccs=ccs, python=python)
    ev.outcome = outcome
    return ev
