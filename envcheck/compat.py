"""The compatibility matrix: loads ``compat_data/`` and answers questions about it.

Versions are strings in and out; comparisons use ``packaging.version``. Platform is
``"linux"`` or ``"windows"``. Every answer that comes from data can say where it came from
(``source``: the public URL the fact was read from).

Where the data lives (first match wins):

1. ``load_matrix(data_dir=...)`` — exactly that directory; a broken file is an ``InputError``.
2. ``$ENVCHECK_DATA_DIR`` when that directory exists — used as given (strict, like 1.).
3. The user data dir (``$XDG_DATA_HOME/envcheck/compat_data`` or
   ``~/.local/share/envcheck/compat_data``), written by ``envcheck data update``, when it is
   present and valid (its ``MANIFEST.json`` checksums match, or every file validates).
4. The bundled data: ``envcheck/compat_data/`` in an installed wheel, else ``<repo>/compat_data/``.

Each file is read and validated lazily, on the first question that needs it, so that the
pre-job hook only pays for the files it uses. A file that breaks the schema (written in code
in ``envcheck.compat_schema``) is an ``InputError`` naming the file and the entry.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from packaging.specifiers import SpecifierSet
from packaging.version import Version

from envcheck.compat_schema import (
    FILES,
    MANIFEST_FORMAT,
    MANIFEST_NAME,
    entry_count,
    newest_checked,
    parse_document,
)
from envcheck.compat_schema import version_or_none as _v
from envcheck.errors import InputError

PLATFORMS = ("linux", "windows")


# --------------------------------------------------------------------------------------------
# Small helpers


def parse_version(text: str, what: str = "version") -> Version:
    """Parse user input as a version, or raise a clean InputError."""
    v = _v(text)
    if v is None:
        shown = text if len(str(text)) <= 40 else f"{str(text)[:40]}... ({len(str(text))} chars)"
        raise InputError(f"{shown!r} is not a valid {what}")
    return v


def entry_min_driver(entry: Optional[Dict[str, Any]], platform: str) -> Optional[str]:
    """The minimum driver of a toolkit or minor-compat row on a platform.

    The exact number where NVIDIA prints one; else the driver branch NVIDIA names for the
    release ("CUDA 13.4 | R615": ``driver_branch``; "CUDA 13.x | >= 580": ``min_branch``) as a
    bare number ("615"), which compares below every driver of that branch. None when neither
    is in the data.
    """
    if not entry:
        return None
    exact = (entry.get("min_driver") or {}).get(platform)
    if exact:
        return str(exact)
    branch = entry.get("driver_branch", entry.get("min_branch"))
    return str(branch) if isinstance(branch, int) and not isinstance(branch, bool) else None


def _release3(v: Version) -> Tuple[int, int, int]:
    r = tuple(v.release) + (0, 0, 0)
    return (r[0], r[1], r[2])


def _pyver(python: str) -> Version:
    """Python "3.10.12" -> Version("3.10"): ranges are about the minor series."""
    v = parse_version(python, "Python version")
    r = tuple(v.release) + (0,)
    return Version(f"{r[0]}.{r[1]}")


def _cc(cc: Union[str, Tuple[int, int], None]) -> Optional[Tuple[int, int]]:
    """Compute capability "8.6" / (8, 6) -> (8, 6); None when unparseable."""
    if cc is None:
        return None
    if isinstance(cc, tuple):
        return (int(cc[0]), int(cc[1]))
    m = re.fullmatch(r"\s*(\d+)\.(\d+)\s*", str(cc))
    return (int(m.group(1)), int(m.group(2))) if m else None


_ARCH_RE = re.compile(r"^(sm|compute)_(\d+)(\d)([af]?)$")
_ARCH_DOT_RE = re.compile(r"^(\d+)\.(\d+)([af]?)(\+ptx)?$")


def arch_list_runs_on(arch_list: Sequence[str], cc: Union[str, Tuple[int, int]]) -> bool:
    """Whether code built for ``arch_list`` has something that runs on a GPU of ``cc``.

    ``sm_XY`` (a cubin) runs on GPUs of the same major with minor >= Y (``sm_XYa`` only on X.Y
    exactly); ``compute_XY`` (PTX) is JIT-compiled by the driver on any cc >= X.Y
    (``compute_XYa`` only on X.Y). ``TORCH_CUDA_ARCH_LIST`` spellings ("8.6", "9.0+PTX") work too.
    """
    want = _cc(cc)
    if want is None:
        return False
    for raw in arch_list or ():
        entry = str(raw).strip().lower()
        m = _ARCH_RE.match(entry)
        if m:
            kind, major, minor, suffix = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
            kinds = ("sm",) if kind == "sm" else ("ptx",)
        else:
            m = _ARCH_DOT_RE.match(entry)
            if not m:
                continue
            major, minor, suffix = int(m.group(1)), int(m.group(2)), m.group(3)
            kinds = ("sm", "ptx") if m.group(4) else ("sm",)
        for k in kinds:
            if suffix == "a":
                if want == (major, minor):
                    return True
            elif k == "sm":
                if want[0] == major and want[1] >= minor:
                    return True
            elif want >= (major, minor):
                return True
    return False


def _same_version(value: Any, want: Version) -> bool:
    v = _v(value) if isinstance(value, str) else None
    return v is not None and Version(v.public) == want


def in_spec(version: Any, spec: str, prereleases: bool = False) -> bool:
    """``version`` in a specifier, where " || " joins alternative ranges; ``prereleases``:
    pre-releases and nightlies are judged too ("2.4.0.dev20240515" is not "==2.3.0",
    "2.6.0rc0" is ">=2.6.0rc0"), where packaging's default leaves them out of most ranges."""
    v = version if isinstance(version, Version) else Version(str(version))
    pre = True if prereleases else None
    return any(SpecifierSet(part.strip()).contains(v, prereleases=pre) for part in spec.split("||"))


# --------------------------------------------------------------------------------------------
# Answers


@dataclass(frozen=True)
class GpuSpec:
    """A GPU model: compute capability and datasheet peaks (None = not in the matrix)."""

    name: str
    compute_capability: str  # "9.0"
    architecture: Optional[str] = None
    memory_bandwidth_gbs: Optional[float] = None
    fp32_tflops: Optional[float] = None
    tf32_tflops: Optional[float] = None
    fp16_tflops: Optional[float] = None
    bf16_tflops: Optional[float] = None
    slowdown_temp_c: Optional[float] = None
    source: str = ""
    spec_source: Optional[str] = None
    checked: Optional[str] = None
    aliases: Tuple[str, ...] = ()
    unconfirmed: Tuple[str, ...] = ()
    note: Optional[str] = None
    # How the query matched: "exact" (name/alias), "partial" (fewer/more words), "model" (same
    # chip, other memory size/form factor); and other entries the query matched equally well
    # (they share this compute capability; their datasheet peaks may differ).
    matched_by: str = "exact"
    also_matches: Tuple[str, ...] = ()


@dataclass(frozen=True)
class DriverVerdict:
    """Whether a driver runs code built with a CUDA toolkit, how, and why."""

    # True: runs; False: does not; None: the matrix cannot tell (CUDA version not in the data).
    ok: Optional[bool]
    mode: Optional[str]  # "full" | "minor-compat" | None
    min_driver: Optional[str]
    minor_compat_min_driver: Optional[str]
    caveat: Optional[str]
    source: Optional[str]
    driver: str = ""
    cuda: str = ""
    platform: str = "linux"
    reason: str = ""  # one sentence for humans


@dataclass(frozen=True)
class TorchVariant:
    """One wheel index of a PyTorch release (cu121, cpu, ...)."""

    tag: str  # "cu121", "cpu"
    cuda: Optional[str]  # "12.1" or None
    index_url: Optional[str]
    arch_list: Optional[Tuple[str, ...]]  # cubins, ("sm_50", ...); None = not in the matrix
    ptx: Tuple[str, ...] = ()  # ("compute_90",)
    cudnn: Optional[str] = None
    nccl: Optional[str] = None
    platforms: Optional[Tuple[str, ...]] = None
    note: Optional[str] = None
    # Windows wheels were sometimes built for other architectures; None = same as Linux.
    arch_list_windows: Optional[Tuple[str, ...]] = None
    ptx_windows: Optional[Tuple[str, ...]] = None
    ptx_confirmed: bool = True  # False: the data does not say which PTX the wheels carry

    @property
    def archs(self) -> Tuple[str, ...]:
        """Cubins and PTX together (Linux wheels), as ``arch_list_runs_on`` wants them."""
        return tuple(self.arch_list or ()) + tuple(self.ptx)

    def archs_for(self, platform: str = "linux") -> Optional[Tuple[str, ...]]:
        """Cubins + PTX of this platform's wheels; None when not in the matrix."""
        if platform == "windows" and self.arch_list_windows is not None:
            return tuple(self.arch_list_windows) + tuple(self.ptx_windows or ())
        if self.arch_list is None:
            return None
        return self.archs

    def runs_on(self, cc: str, platform: str = "linux") -> Optional[bool]:
        """Whether the wheel has kernels for ``cc``; None when its archs are not in the data."""
        if self.cuda is None:
            return False
        archs = self.archs_for(platform)
        if archs is None:
            return None
        if arch_list_runs_on(archs, cc):
            return True
        return False if self.ptx_confirmed else None

    def on_platform(self, platform: str) -> Optional[bool]:
        if self.platforms is None:
            return None
        return any(p == platform or p.startswith(platform + "-") for p in self.platforms)


@dataclass(frozen=True)
class TorchRelease:
    """One PyTorch release: Python range, companion versions, its CUDA variants."""

    version: str
    python: str  # specifier, ">=3.9,<3.14"
    torchvision: Optional[str]
    torchaudio: Optional[str]
    pypi_default: Optional[str]
    variants: Tuple[TorchVariant, ...]
    source: str
    checked: str
    note: Optional[str] = None
    unconfirmed: Tuple[str, ...] = ()
    torchvision_series: Optional[str] = None  # "0.23" where the exact torchvision is unknown

    def variant(self, tag: str) -> Optional[TorchVariant]:
        for v in self.variants:
            if v.tag == tag:
                return v
        return None


@dataclass(frozen=True)
class TensorflowBuild:
    """One tested TensorFlow GPU build configuration."""

    version: str
    python: str
    cuda: Optional[str]
    cudnn: Optional[str]
    platform: Optional[str]
    pip_extra_cuda: Optional[bool]
    source: str
    checked: str
    note: Optional[str] = None


@dataclass(frozen=True)
class TensorflowRelease:
    """The tested build configurations of one TensorFlow version."""

    version: str
    builds: Tuple[TensorflowBuild, ...]
    notes: Tuple[str, ...] = ()


@dataclass(frozen=True)
class JaxPlugin:
    """A JAX CUDA plugin (jax-cuda12-plugin, ...) and what it needs."""

    name: str
    cuda: Optional[str]  # specifier
    cudnn: Optional[str]  # specifier
    min_driver_linux: Optional[str]


@dataclass(frozen=True)
class JaxRelease:
    """One JAX release with its jaxlib and CUDA plugins."""

    jax: str
    jaxlib: Optional[str]
    python: str
    plugins: Tuple[JaxPlugin, ...]
    source: str
    checked: str
    note: Optional[str] = None
    jaxlib_min: Optional[str] = None  # _minimum_jaxlib_version in jax/version.py


@dataclass(frozen=True)
class Build:
    """One installable build of a framework, as ``recommend`` weighs it."""

    framework: str  # "torch", "tensorflow", "jax"
    version: str
    tag: Optional[str]  # torch variant ("cu121"), jax plugin name, TF platform
    cuda: Optional[str]  # the CUDA the build was made with ("12.1"), or a specifier for jax
    packages: Tuple[Tuple[str, str], ...]  # (("torch", "2.5.1"), ("torchvision", "0.20.1"))
    index_url: Optional[str]
    source: str
    driver_mode: Optional[str] = None  # "full" / "minor-compat" when it runs
    caveat: Optional[str] = None

    @property
    def pip_args(self) -> List[str]:
        """Arguments after ``pip install``: exact pins, plus the index URL where needed."""
        args = [f"{name}=={version}" for name, version in self.packages]
        if self.index_url:
            args += ["--index-url", self.index_url]
        return args

    def describe(self) -> str:
        return f"{self.framework} {self.version}" + (f" ({self.tag})" if self.tag else "")


@dataclass(frozen=True)
class Recommendation:
    """The newest build that runs (``best``) and each newer build passed over, with why.

    ``rejected``: builds that will not run here, each with the proven reasons.
    ``cannot_tell``: builds passed over because a fact is missing (their arch list is not in
    the matrix, the driver's support is unknown); each with what is missing.
    ``blocked``: reasons that rule out every build (a driver that cannot drive the GPU).
    """

    framework: str
    best: Optional[Build]
    rejected: List[Tuple[Build, List[str]]] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)  # what could not be checked, and why
    cannot_tell: List[Tuple[Build, List[str]]] = field(default_factory=list)
    blocked: List[str] = field(default_factory=list)
    runner_up: Optional[Build] = None  # the next older release that also runs here

    def passed_over(self) -> List[Tuple[Build, List[str]]]:
        """Every build not chosen: the rejected ones, then the cannot-tell ones."""
        return self.rejected + self.cannot_tell


def _cuda_major(build: Build, checks: Dict[str, Any]) -> Optional[int]:
    """The CUDA major a build was made with ("12.1" -> 12; jax-cuda13-plugin -> 13)."""
    cuda = checks.get("cuda") or build.cuda
    v = _v(cuda) if isinstance(cuda, str) else None
    if v is not None:
        return v.major
    m = re.search(r"cuda(\d+)", build.tag or "")
    return int(m.group(1)) if m else None


# words around a model name that never tell two models apart ("RTX 3090 GPU", "GTX 1080 graphics
# card"); "gpu" is also the last word of NVML's laptop names, which keep their "laptop"
_NOISE_TOKENS = frozenset({"nvidia", "geforce", "tesla", "gpu", "card", "graphics"})
_VARIANT_RE = re.compile(r"^(\d+gb|pcie|sxm\d*|hbm\d*e?|nvl|nvl\d*|gddr\d*x?)$")
# Words that make an entry a laptop part: a query without them never falls back to it (a
# desktop "RTX 3050" is not the "RTX 3050 Laptop GPU").
_MOBILE_TOKENS = frozenset({"laptop", "mobile", "max", "q", "notebook"})
_MOBILE_NUMBER_RE = re.compile(r"^\d{3,4}m$")
# Family prefixes people run into the model number ("rtx4090", "GTX1080Ti").
# "rtx4090", "gtx1080ti", "3070ti", "gtx780m": a family and a model number written together,
# or a model number with its Ti/SUPER suffix; a mobile "m" stays on the number ("780m")
_FAMILY_RE = re.compile(r"^(rtx|gtx|gt|mx|quadro|titan)?(\d+)(ti|super|m|[a-z]*)$")


def _gpu_tokens(name: str) -> Tuple[str, ...]:
    return tuple(t for t in re.findall(r"[a-z0-9]+", name.lower()) if t not in _NOISE_TOKENS)


def _split_families(tokens: Tuple[str, ...]) -> Tuple[str, ...]:
    """("rtx4090",) -> ("rtx", "4090"); ("gtx1080ti",) -> ("gtx", "1080", "ti"); ("3070ti",)
    -> ("3070", "ti"); ("gtx780m",) -> ("gtx", "780m")."""
    out: List[str] = []
    for t in tokens:
        m = _FAMILY_RE.match(t)
        if m is None or not (m.group(1) or m.group(3)):
            out.append(t)
            continue
        family, number, suffix = m.groups()
        if family:
            out.append(family)
        if suffix == "m":
            out.append(number + "m")
        else:
            out.append(number)
            if suffix:
                out.append(suffix)
    return tuple(out)


def _memoized(method: Callable[..., Any]) -> Callable[..., Any]:
    """Cache a pure question on the Matrix instance: the data never changes once loaded, and
    `envcheck fleet` asks the same questions for thousands of nodes. Lists in the arguments
    become tuples for the key; errors are not cached."""
    name = method.__name__

    def freeze(value: Any) -> Any:
        return tuple(value) if isinstance(value, list) else value

    @functools.wraps(method)
    def wrapper(self: Matrix, *args: Any, **kwargs: Any) -> Any:
        key = (name, tuple(freeze(a) for a in args), tuple(sorted(kwargs.items())))
        try:
            return self._answers[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable argument: answer without the cache
            return method(self, *args, **kwargs)
        answer = self._answers[key] = method(self, *args, **kwargs)
        return answer

    return wrapper


class Matrix:
    """The compatibility matrix in one data directory; files load on first use."""

    def __init__(self, data_dir: Path, origin: str = "explicit", note: Optional[str] = None):
        self.data_dir = Path(data_dir)
        self.origin = origin  # "explicit", "ENVCHECK_DATA_DIR", "user", "bundled"
        self.note = note  # e.g. why a user data dir was not used
        self._docs: Dict[str, Dict[str, Any]] = {}
        self._cache: Dict[str, Any] = {}
        self._answers: Dict[Any, Any] = {}

    # ---- loading

    def label(self, kind: str) -> str:
        return str(self.data_dir / f"{kind}.json")

    def doc(self, kind: str) -> Dict[str, Any]:
        """The parsed, validated file ``<kind>.json``."""
        doc = self._docs.get(kind)
        if doc is None:
            path = self.data_dir / f"{kind}.json"
            if not os.path.lexists(path):
                raise InputError(f"{self.label(kind)}: missing from the data directory")
            raw = _read_data_file(path)
            doc = parse_document(raw, kind, self.label(kind))
            self._docs[kind] = doc
        return doc

    def _memo(self, key: str, build: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = build()
        return self._cache[key]

    def file_date(self, kind: str) -> Optional[str]:
        """Newest ``checked`` date in one file."""
        return newest_checked(self.doc(kind))

    @property
    def data_date(self) -> Optional[str]:
        """Newest ``checked`` date across all files (loads every file)."""
        dates = [d for d in (self.file_date(k) for k in FILES) if d]
        return max(dates) if dates else None

    def info(self) -> Dict[str, Any]:
        """Where the data comes from, and per file its newest date and entry count."""
        files = {}
        for kind in FILES:
            doc = self.doc(kind)
            files[f"{kind}.json"] = {
                "entries": entry_count(doc, kind),
                "checked": newest_checked(doc),
                "description": doc.get("description"),
            }
        return {
            "data_dir": str(self.data_dir),
            "origin": self.origin,
            "note": self.note,
            "data_date": self.data_date,
            "files": files,
        }

    def validate_all(self) -> None:
        for kind in FILES:
            self.doc(kind)

    # ---- CUDA toolkit and driver

    def _toolkits(self) -> List[Tuple[Tuple[int, int, int], Dict[str, Any]]]:
        def build() -> List[Tuple[Tuple[int, int, int], Dict[str, Any]]]:
            rows = [(_release3(Version(e["version"])), e) for e in self.doc("cuda")["toolkits"]]
            return sorted(rows, key=lambda r: r[0])

        return self._memo("toolkits", build)

    @_memoized
    def toolkit(self, cuda: str) -> Optional[Dict[str, Any]]:
        """The data entry of a toolkit release ("12.4" = 12.4 GA, "12.4.1" = Update 1).

        A version as the installed toolkit reports it (``toolkit_version`` in the data, e.g.
        "10.1.105" or "11.0.2" for the 11.0 GA) is recognised when no release has that number.
        """
        want = _v(cuda)
        if want is None:
            return None
        key = _release3(want)
        for k, entry in self._toolkits():
            if k == key:
                return entry
        for _, entry in self._toolkits():
            tv = _v(entry.get("toolkit_version"))
            if tv is not None and tv == want:
                return entry
        return None

    def resolve_toolkit(self, cuda: str) -> Tuple[Optional[Dict[str, Any]], Optional[str]]:
        """(entry, how it was read) for a version as a person or a tool writes it.

        Beyond ``toolkit()``: a component version as nvcc / cudart print it ("12.2.140",
        "10.1.243": release 12.2, build 140) names its release series, not an update. Before
        CUDA 11 one row covers a release and its updates, so that row answers; from CUDA 11 on
        the build is not mapped to an update, so the answer is the series' strictest row (the
        highest Linux driver minimum) and ``how`` says so. ``how`` also says when a number means
        something else to NVIDIA (11.0.1: the matrix's "11.0 Update 1", NVIDIA's 11.0 RC).
        """
        want = _v(cuda)
        if want is None:
            return (None, None)
        entry = self.toolkit(cuda)
        if entry is not None:
            how = None
            tv = entry.get("toolkit_version")
            if len(want.release) >= 3 and tv and _v(tv) != want:
                how = (
                    f"{cuda} is read as {entry.get('label') or entry['version']} (the matrix "
                    f"numbers updates x.y.N; NVIDIA's package version is {tv})"
                )
                if entry.get("number_note"):
                    how += f"; {entry['number_note']}"
            return (entry, how)
        release = tuple(want.release) + (0, 0, 0)
        if len(want.release) < 3 or release[2] < 10:
            return (None, None)
        series = [e for k, e in self._toolkits() if k[:2] == release[:2]]
        if not series:
            return (None, None)
        mm = f"{release[0]}.{release[1]}"
        if release[0] < 11 and len(series) == 1:
            e = series[0]
            return (
                e,
                f"{cuda} is a build number of CUDA {mm} (before CUDA 11 the third number is a "
                f"build); the {mm} row covers that release and its updates",
            )

        def strictness(e: Dict[str, Any]) -> Tuple[Version, Version]:
            need = _v(entry_min_driver(e, "linux")) or Version("0")
            return (need, Version(e["version"]))

        e = max(series, key=strictness)
        return (
            e,
            f"{cuda} looks like a component version as nvcc/cudart print it (release {mm}, "
            f"build {release[2]}); the matrix does not map builds to CUDA {mm} updates, so this "
            f"answers for {e.get('label') or e['version']}, the {mm} release with the highest "
            "driver minimum",
        )

    def toolkit_versions(self) -> List[str]:
        return [e["version"] for _, e in self._toolkits()]

    def _minor(self, major: int) -> Optional[Dict[str, Any]]:
        for entry in self.doc("cuda")["minor_compat"]:
            if entry["major"] == major:
                return entry
        return None

    @_memoized
    def min_driver(self, cuda: str, platform: str = "linux") -> Optional[str]:
        """Full-compatibility minimum driver for a toolkit version; None when not in the data."""
        return entry_min_driver(self.toolkit(cuda), platform)

    @_memoized
    def minor_compat_min_driver(self, cuda: str, platform: str = "linux") -> Optional[str]:
        """Minor-version-compatibility minimum driver for the CUDA major of ``cuda``."""
        want = _v(cuda)
        if want is None:
            return None
        return entry_min_driver(self._minor(want.release[0]), platform)

    def minor_compat_entry(self, cuda: str) -> Optional[Dict[str, Any]]:
        want = _v(cuda)
        return self._minor(want.release[0]) if want is not None else None

    @_memoized
    def max_cuda_for_driver(
        self, driver: str, platform: str = "linux", minor_compat: bool = False
    ) -> Optional[str]:
        """Highest toolkit in the data this driver runs (fully, or also via minor compat)."""
        drv = parse_version(driver, "driver version")
        best: Optional[str] = None
        for (major, _, _), entry in self._toolkits():
            need = _v(entry_min_driver(entry, platform))
            runs = need is not None and drv >= need
            if not runs and minor_compat:
                mc = self._minor(major)
                mneed = _v(entry_min_driver(mc, platform))
                runs = mneed is not None and drv >= mneed
            if runs:
                best = entry["version"]
        return best

    @_memoized
    def driver_runs_cuda(self, driver: str, cuda: str, platform: str = "linux") -> DriverVerdict:
        """Can a driver run code built with toolkit ``cuda`` (e.g. a cu121 wheel)?"""
        drv = parse_version(driver, "driver version")
        want = parse_version(cuda, "CUDA version")
        entry = self.toolkit(cuda)
        mc = self._minor(want.release[0])
        full = entry_min_driver(entry, platform)
        minor = entry_min_driver(mc, platform)
        caveat = " ".join(mc.get("caveats") or ()) if mc else None
        src = entry["source"] if entry else (mc["source"] if mc else None)
        common = dict(driver=driver, cuda=cuda, platform=platform)
        if full is not None and drv >= Version(full):
            return DriverVerdict(
                True, "full", full, minor, None, src,
                reason=f"driver {driver} >= {full}, the minimum for CUDA {cuda}", **common,
            )  # fmt: skip
        if minor is not None and drv >= Version(minor):
            return DriverVerdict(
                True, "minor-compat", full, minor, caveat or None,
                mc["source"] if mc else src,
                reason=(
                    f"driver {driver} runs CUDA {cuda} through minor-version compatibility "
                    f"(CUDA {want.release[0]}.x needs >= {minor})"
                ),
                **common,
            )  # fmt: skip
        if full is None and entry is None:
            if minor is not None:
                return DriverVerdict(
                    None, None, None, minor, caveat or None, src,
                    reason=(
                        f"CUDA {cuda} is not in the matrix and driver {driver} is below the "
                        f"minor-version-compatibility minimum {minor}"
                    ),
                    **common,
                )  # fmt: skip
            return DriverVerdict(
                None, None, None, None, None, None,
                reason=f"CUDA {cuda} is not in the matrix", **common,
            )  # fmt: skip
        if full is None and minor is None:
            return DriverVerdict(
                None, None, None, None, None, src,
                reason=f"the matrix has no {platform} minimum driver for CUDA {cuda}", **common,
            )  # fmt: skip
        needs = [d for d in (minor, full) if d]
        lowest = min(needs, key=Version)
        return DriverVerdict(
            False, None, full, minor, caveat or None, src,
            reason=f"CUDA {cuda} needs driver >= {lowest}; found {driver}", **common,
        )  # fmt: skip

    @_memoized
    def toolkit_supports_cc(self, cuda: str, cc: str) -> Optional[bool]:
        """Can nvcc of that toolkit build for that GPU? None when the data does not say."""
        want = _v(cuda)
        c = _cc(cc)
        if want is None or c is None:
            return None
        sm = f"{c[0]}{c[1]}"
        for entry in self.doc("cuda")["toolkit_archs"]:
            if want in SpecifierSet(entry["cuda"]):
                return sm in entry["sm"]
        # toolkits the arch lists do not cover (older ones): the architecture's first toolkit
        # (floors.json, NVIDIA's toolkit/driver/architecture matrix) still says "too old"
        floor = self.arch_floor(cc)
        first = _v(floor.get("first_cuda")) if floor else None
        if first is None:
            return None
        if want < first:
            return False
        last = floor.get("last_cuda_major")  # NVIDIA drops architectures at a major release
        return last is None or want.release[0] <= int(last)

    @_memoized
    def first_toolkit_for_cc(self, cc: str) -> Optional[str]:
        """The oldest toolkit in the data whose nvcc builds for ``cc`` (when the arch arrived)."""
        c = _cc(cc)
        if c is None:
            return None
        sm = f"{c[0]}{c[1]}"
        for _, entry in self._toolkits():
            archs = self.toolkit_archs(entry["version"])
            if archs and sm in archs["sm"]:
                return entry["version"]
        return None

    @_memoized
    def toolkit_archs(self, cuda: str) -> Optional[Dict[str, Any]]:
        want = _v(cuda)
        if want is None:
            return None
        for entry in self.doc("cuda")["toolkit_archs"]:
            if want in SpecifierSet(entry["cuda"]):
                return entry
        return None

    # ---- GPUs

    def _gpu_index(self) -> List[Tuple[Dict[str, Any], List[Tuple[str, ...]]]]:
        def build() -> List[Tuple[Dict[str, Any], List[Tuple[str, ...]]]]:
            out = []
            for e in self.doc("gpus")["gpus"]:
                keys = [_gpu_tokens(n) for n in [e["name"], *(e.get("aliases") or ())]]
                out.append((e, [k for k in keys if k]))
            return out

        return self._memo("gpus", build)

    @_memoized
    def gpu_candidates(self, name: str) -> Tuple[str, List[Dict[str, Any]]]:
        """All entries the name matches at the best level: ("exact"|"partial"|"model", [...])."""
        q = _gpu_tokens(name)
        if not q:
            return ("none", [])
        if name.rstrip().endswith(("...", "\u2026")):  # nvidia-smi's table cuts long names
            return self._gpu_truncated(q)
        found = self._gpu_match(q)
        split = _split_families(q)
        if found[0] == "none" and split != q:  # "rtx4090" is "RTX 4090"
            found = self._gpu_match(split)
        return found

    def _gpu_match(self, q: Tuple[str, ...]) -> Tuple[str, List[Dict[str, Any]]]:
        # Below an exact match the query must name a model ("4090", "a100"), not only a family.
        has_model = any(re.search(r"\d", t) for t in q)
        qset = set(q)
        qcore = {t for t in q if not _VARIANT_RE.match(t)}
        levels: Dict[str, List[Tuple[int, Dict[str, Any]]]] = {
            "exact": [],
            "partial": [],
            "model": [],
        }
        for entry, keys in self._gpu_index():
            level = None
            score = max(len(qset & set(k)) for k in keys) if keys else 0
            for k in keys:
                kset = set(k)
                if k == q or kset == qset:
                    level = "exact"
                    break
                if not has_model or (kset - qset) & _MOBILE_TOKENS:
                    continue
                extra = qset - kset
                # "GTX 950M laptop": the "m" of the model number already makes it a laptop part
                mobile = any(_MOBILE_NUMBER_RE.match(t) for t in kset)
                if qset < kset or (
                    kset < qset
                    and all(_VARIANT_RE.match(t) or (mobile and t in _MOBILE_TOKENS) for t in extra)
                ):
                    level = "partial" if level in (None, "model") else level
                elif qcore and qcore == {t for t in k if not _VARIANT_RE.match(t)}:
                    level = level or "model"
            if level:
                levels[level].append((score, entry))
        for level in ("exact", "partial", "model"):
            if levels[level]:
                # the entry sharing most words with the query first (e.g. the same memory size)
                ranked = sorted(levels[level], key=lambda se: -se[0])
                return (level, [e for _, e in ranked])
        return ("none", [])

    @_memoized
    def geforce_series_cc(self, series: str) -> Optional[str]:
        """The compute capability every GeForce model of a series shares ("30" for the RTX 30
        series, "10" for the GTX 10 series), read from the GPU table; None where the table holds
        fewer than three of its models or they differ (a family then names no one capability)."""
        model = re.compile(rf"^(?:NVIDIA )?GeForce (?:RTX|GTX) {re.escape(series)}[5-9]0\b")
        ccs = [e.get("compute_capability") for e, _ in self._gpu_index() if model.match(e["name"])]
        if len(ccs) < 3 or len(set(ccs)) != 1 or not isinstance(ccs[0], str):
            return None
        return ccs[0]

    @_memoized
    def gpu_shared_ccs(self, name: str) -> Optional[Tuple[str, ...]]:
        """Every compute capability of a model name NVIDIA sold on different GPUs (a Fermi and a
        Kepler "GT 730"), lowest first, from gpus.json "shared_names"; None for any other name.
        Matched whole ("GeForce GT 730", "gt730"), never as a part of a longer name."""
        q = _gpu_tokens(name)
        if not q:
            return None
        for entry in self.doc("gpus").get("shared_names") or ():
            for spelling in [entry["name"], *(entry.get("aliases") or ())]:
                keys = {_gpu_tokens(spelling), _split_families(_gpu_tokens(spelling))}
                if q in keys or _split_families(q) in keys:
                    return tuple(
                        sorted(entry["compute_capabilities"], key=lambda cc: _cc(cc) or (0, 0))
                    )
        return None

    @_memoized
    def gpu_suggestions(self, name: str, limit: int = 3) -> List[str]:
        """Names in the data closest to an unknown one ("did you mean"), best first."""
        import difflib

        q = " ".join(_split_families(_gpu_tokens(name)))
        if not q:
            return []
        spellings: Dict[str, str] = {}
        for entry, keys in self._gpu_index():
            for k in keys:
                spellings.setdefault(" ".join(_split_families(k)), entry["name"])
        words = set(q.split())
        # first the entries that hold every word of the query (e.g. the laptop part that a
        # desktop name does not match), then close spellings
        out = [n for k, n in spellings.items() if words < set(k.split())]
        out = sorted(set(out), key=len)[:limit]
        for close in difflib.get_close_matches(q, list(spellings), n=limit * 4, cutoff=0.6):
            if spellings[close] not in out:
                out.append(spellings[close])
        return out[:limit]

    def _gpu_truncated(self, q: Tuple[str, ...]) -> Tuple[str, List[Dict[str, Any]]]:
        """ "GeForce RTX 208..." : every word but the last is whole, the last is a prefix."""
        if not any(re.search(r"\d", t) for t in q):
            return ("none", [])
        head, prefix = set(q[:-1]), q[-1]
        found = []
        for entry, keys in self._gpu_index():
            for k in keys:
                kset = set(k)
                if head <= kset and any(t.startswith(prefix) for t in kset - head):
                    found.append(entry)
                    break
        return ("partial", found) if found else ("none", [])

    @_memoized
    def gpu(self, name: str) -> Optional[GpuSpec]:
        """The GPU a name refers to (NVML, nvidia-smi or marketing spelling), or None.

        None also when the name is ambiguous between GPUs of different compute capability
        (e.g. "RTX 6000": Quadro RTX 6000 (7.5) or RTX 6000 Ada (8.9)).
        """
        level, found = self.gpu_candidates(name)
        if not found:
            return None
        if len({e["compute_capability"] for e in found}) > 1:
            return None
        e = found[0]
        return GpuSpec(
            name=e["name"],
            compute_capability=e["compute_capability"],
            architecture=e.get("architecture"),
            memory_bandwidth_gbs=e.get("memory_bandwidth_gbs"),
            fp32_tflops=e.get("fp32_tflops"),
            tf32_tflops=e.get("tf32_tflops"),
            fp16_tflops=e.get("fp16_tflops"),
            bf16_tflops=e.get("bf16_tflops"),
            slowdown_temp_c=e.get("slowdown_temp_c"),
            source=e["source"],
            spec_source=e.get("spec_source"),
            checked=e.get("checked"),
            aliases=tuple(e.get("aliases") or ()),
            unconfirmed=tuple(e.get("unconfirmed") or ()),
            note=e.get("note"),
            matched_by=level,
            also_matches=tuple(x["name"] for x in found[1:]),
        )

    # ---- PyTorch

    def _torch(self) -> List[TorchRelease]:
        def build() -> List[TorchRelease]:
            out = []
            for e in self.doc("torch")["releases"]:
                variants = tuple(
                    TorchVariant(
                        tag=v["tag"],
                        cuda=v.get("cuda"),
                        index_url=v.get("index_url"),
                        arch_list=(
                            tuple(v["arch_list"]) if v.get("arch_list") is not None else None
                        ),
                        ptx=tuple(v.get("ptx") or ()),
                        cudnn=v.get("cudnn"),
                        nccl=v.get("nccl"),
                        platforms=(
                            tuple(v["platforms"]) if v.get("platforms") is not None else None
                        ),
                        note=v.get("note"),
                        arch_list_windows=(
                            tuple(v["arch_list_windows"])
                            if v.get("arch_list_windows") is not None
                            else None
                        ),
                        ptx_windows=(
                            tuple(v["ptx_windows"]) if v.get("ptx_windows") is not None else None
                        ),
                        ptx_confirmed=v.get("ptx", []) is not None,
                    )
                    for v in e["variants"]
                )
                out.append(
                    TorchRelease(
                        version=e["version"],
                        python=e["python"],
                        torchvision=e.get("torchvision"),
                        torchaudio=e.get("torchaudio"),
                        pypi_default=e.get("pypi_default"),
                        variants=variants,
                        source=e["source"],
                        checked=e["checked"],
                        note=e.get("note"),
                        unconfirmed=tuple(e.get("unconfirmed") or ()),
                        torchvision_series=e.get("torchvision_series"),
                    )
                )
            return sorted(out, key=lambda r: Version(r.version), reverse=True)

        return self._memo("torch", build)

    def torch_releases(self) -> List[TorchRelease]:
        """All releases in the data, newest first."""
        return list(self._torch())

    @_memoized
    def torch_release(self, version: str) -> Optional[TorchRelease]:
        want = _v(version)
        if want is None:
            return None
        want = Version(want.public)
        for r in self._torch():
            if Version(r.version) == want:
                return r
        return None

    @_memoized
    def torch_build(self, installed_version: str) -> Optional[Tuple[TorchRelease, TorchVariant]]:
        """``"2.5.1+cu121"`` -> (release, cu121 variant); no local tag = the PyPI default."""
        v = _v(installed_version)
        if v is None:
            return None
        release = self.torch_release(v.public)
        if release is None:
            return None
        tag = v.local.split(".")[0] if v.local else release.pypi_default
        variant = release.variant(tag) if tag else None
        return (release, variant) if variant else None

    @_memoized
    def torch_pip_default_cuda(self, version: str) -> Optional[Dict[str, Any]]:
        """torch.json ``pip_defaults`` entry of an old release (``"1.5.0"`` -> CUDA 10.2), for
        a torch version stated without a local tag; None when the data does not have it."""
        want = _v(version)
        if want is None or want.local:
            return None
        return self._old_torch_entry("pip_defaults", want)

    def torch_companions(self, version: str) -> Optional[Dict[str, Any]]:
        """torch.json ``companions`` entry of an old release (torch 1.0-1.11: the torchvision /
        torchaudio its install commands paired it with); None when the data does not have it."""
        want = _v(version)
        return self._old_torch_entry("companions", want) if want is not None else None

    def torch_series_python(self, version: str) -> Optional[str]:
        """The CPython range of an old torch's minor series (``"1.3.1"`` -> the "1.3" entry of
        torch.json ``python_series``); None when the data does not have that series."""
        want = _v(version)
        if want is None or len(want.release) < 2:
            return None
        series = want.release[:2]
        for entry in self.doc("torch").get("python_series") or []:
            if Version(entry["version"]).release[:2] == series:
                return str(entry["python"])
        return None

    def torch_legacy_archs(self, version: str, cuda: str, channel: str) -> Optional[Dict[str, Any]]:
        """torch.json ``legacy_arch_lists`` entry for an old release built with ``cuda`` and
        shipped through ``channel`` ("pip" or "conda"): ``"1.10.2", "10.2", "pip"`` -> sm_37,
        sm_50, sm_60, sm_70 without PTX; None when the data does not describe that build."""
        want, cu = _v(version), _v(cuda)
        if want is None or cu is None:
            return None
        for entry in self.doc("torch").get("legacy_arch_lists") or []:
            if entry["channel"] != channel:
                continue
            if in_spec(want.public, entry["version"]) and in_spec(cu.public, entry["cuda"]):
                return entry
        return None

    def torch_paired_with(self, name: str, version: str) -> List[str]:
        """The torch releases whose install commands pair them with ``name`` (torchvision /
        torchaudio) ``version`` (its public part), from ``releases`` and ``companions``."""
        want = _v(version)
        if want is None:
            return []
        want = Version(want.public)
        out = [r.version for r in self._torch() if _same_version(getattr(r, name, None), want)]
        out += [
            e["version"]
            for e in self.doc("torch").get("companions") or []
            if _same_version(e.get(name), want)
        ]
        return out

    def _old_torch_entry(self, section: str, want: Version) -> Optional[Dict[str, Any]]:
        """The entry of an optional torch.json section (releases older than ``releases``) for
        the public version of ``want``."""
        for entry in self.doc("torch").get(section) or []:
            if Version(entry["version"]) == Version(want.public):
                return entry
        return None

    # ---- TensorFlow and JAX

    @_memoized
    def tensorflow_release(self, version: str) -> Optional[TensorflowRelease]:
        """Tested GPU build configurations of a TensorFlow version ("2.15" = "2.15.0").

        A data entry written as ``major.minor`` ("2.15") covers that whole series.
        """
        want = _v(version)
        if want is None:
            return None
        doc = self.doc("tensorflow")
        exact, series = [], []
        for e in doc["releases"]:
            ev = Version(e["version"])
            if ev == want:
                exact.append(e)
            elif len(ev.release) == 2 and want.release[:2] == ev.release[:2]:
                series.append(e)
        rows = exact or series
        if not rows:
            # tensorflow.org lists one tested configuration per minor release
            # ("tensorflow-2.3.0"); its patch releases (2.3.1) were built the same way
            rows = [
                e
                for e in doc["releases"]
                if Version(e["version"]).release[:2] == want.release[:2]
                and Version(e["version"]).release[2:3] in ((0,), ())
            ]
        if not rows and len(want.release) == 2:
            # a series named without its patch ("Tensorflow 1.13") whose one tested entry is a
            # patch release (tensorflow-1.13.1): that series' build. A patch that was never
            # released (2.16.0) stays unknown, as `envcheck matrix` says.
            rows = [e for e in doc["releases"] if Version(e["version"]).release[:2] == want.release]
        if not rows:
            return None
        notes = tuple(
            (n if isinstance(n, str) else n.get("text") or n.get("note") or "")
            for n in doc.get("notes") or ()
        )
        return TensorflowRelease(
            version=rows[0]["version"],
            builds=tuple(
                TensorflowBuild(
                    version=e["version"],
                    python=e["python"],
                    cuda=e.get("cuda"),
                    cudnn=e.get("cudnn"),
                    platform=e.get("platform"),
                    pip_extra_cuda=e.get("pip_extra_cuda"),
                    source=e["source"],
                    checked=e["checked"],
                    note=e.get("note"),
                )
                for e in rows
            ),
            notes=tuple(n for n in notes if n),
        )

    def tensorflow_versions(self) -> List[str]:
        vs = {e["version"] for e in self.doc("tensorflow")["releases"]}
        return sorted(vs, key=Version, reverse=True)

    def _jax(self) -> List[JaxRelease]:
        def build() -> List[JaxRelease]:
            out = [
                JaxRelease(
                    jax=e["jax"],
                    jaxlib=e.get("jaxlib"),
                    jaxlib_min=e.get("jaxlib_min"),
                    python=e["python"],
                    plugins=tuple(
                        JaxPlugin(
                            name=p["name"],
                            cuda=p.get("cuda"),
                            cudnn=p.get("cudnn"),
                            min_driver_linux=p.get("min_driver_linux"),
                        )
                        for p in e.get("plugins") or ()
                    ),
                    source=e["source"],
                    checked=e["checked"],
                    note=e.get("note"),
                )
                for e in self.doc("jax")["releases"]
            ]
            return sorted(out, key=lambda r: Version(r.jax), reverse=True)

        return self._memo("jax", build)

    @_memoized
    def jax_release(self, version: str) -> Optional[JaxRelease]:
        want = _v(version)
        if want is None:
            return None
        for r in self._jax():
            if Version(r.jax) == want:
                return r
        return None

    # ---- recommendation

    @_memoized
    def recommend(
        self,
        framework: str,
        driver: Optional[str],
        gpu_ccs: Sequence[str],
        python: Optional[str],
        platform: str = "linux",
        driver_cuda: Optional[str] = None,
        version: Optional[str] = None,
    ) -> Recommendation:
        """The newest build of ``framework`` that runs on this host, and why newer ones don't.

        ``driver_cuda`` is the highest CUDA the driver runs (``nvidia-smi``'s "CUDA Version",
        or the number in torch's "driver too old (found version 11040)"); it bounds the choice
        when the driver version itself is unknown. Unknown inputs (None / empty ``gpu_ccs``)
        are not checked; ``notes`` says so. A build passed over for a missing fact goes to
        ``cannot_tell``, one with a proven reason to ``rejected``; a host fact that rules out
        every build (the driver cannot drive the GPU) goes to ``blocked``. ``version`` limits
        the answer to one release.
        """
        if platform not in PLATFORMS:
            raise InputError(f"platform must be one of {', '.join(PLATFORMS)}, not {platform!r}")
        if driver is not None:
            parse_version(driver, "driver version")
        if driver_cuda is not None:
            parse_version(driver_cuda, "driver CUDA version")
        pyv = _pyver(python) if python else None
        ccs = []
        for cc in gpu_ccs or ():
            if _cc(cc) is None:
                raise InputError(f"{cc!r} is not a compute capability (e.g. 8.6)")
            ccs.append(str(cc).strip())
        notes: List[str] = []
        if driver is None and driver_cuda is None:
            notes.append("driver unknown: CUDA/driver compatibility not checked")
        elif driver is None:
            notes.append(
                f"driver version unknown: bounded by the CUDA it runs (up to {driver_cuda})"
            )
        if not ccs:
            notes.append("GPU compute capability unknown: kernel architectures not checked")
        if pyv is None:
            notes.append("Python version unknown: Python ranges not checked")
        blocked: List[str] = []
        for cc in ccs:
            why = self.driver_cannot_drive(cc, driver, driver_cuda, platform)
            if why:
                blocked.append(why)
            elif driver is not None and self.arch_floor(cc) is None:
                first = self.first_toolkit_for_cc(cc)
                if first == self.toolkit_versions()[0]:
                    continue  # the data starts there: when the architecture arrived is unknown
                need = self.min_driver(first, platform) if first else None
                if need and Version(driver) < Version(need):
                    notes.append(
                        f"driver {driver} is older than the driver of CUDA {first}, the first "
                        f"toolkit for compute capability {cc} (>= {need}); such a driver may not "
                        "support this GPU at all"
                    )
        if framework == "torch":
            candidates = self._torch_candidates(platform)
        elif framework == "tensorflow":
            candidates = self._tf_candidates(platform)
            if ccs:
                notes.append(
                    "tensorflow: compiled GPU architectures are not in the matrix (only the "
                    "CUDA-major and cuDNN floors are checked)"
                )
        elif framework == "jax":
            candidates = self._jax_candidates(platform)
            if ccs:
                notes.append(
                    "jax: compiled GPU architectures are not in the matrix (only the "
                    "CUDA-major floor is checked)"
                )
        else:
            raise InputError(f"framework must be torch, tensorflow or jax, not {framework!r}")
        if version is not None:  # one release only (fix --target)
            want = parse_version(version, f"{framework} version").public
            candidates = [(b, c) for b, c in candidates if Version(b.version).public == want]
        if blocked:
            return Recommendation(framework, None, [], notes, [], blocked)
        rejected: List[Tuple[Build, List[str]]] = []
        unknown: List[Tuple[Build, List[str]]] = []
        chosen: Optional[Build] = None
        runner_up: Optional[Build] = None
        for build, checks in candidates:
            fails, missing, mode, caveat = (
                self._build_verdict(build, checks, driver, driver_cuda, ccs, pyv, platform)
                if chosen is None or build.version == chosen.version or runner_up is None
                else ([], [], None, None)
            )
            if chosen is not None and build.version != chosen.version:
                # Only other builds of the chosen release compete with it; the next release
                # that runs is the runner-up.
                if runner_up is None and not fails and not missing:
                    runner_up = dataclasses.replace(build, driver_mode=mode, caveat=caveat)
                if runner_up is not None:
                    break
                continue
            if chosen is not None:
                # Same release, another CUDA variant: full compatibility beats running through
                # minor-version compatibility (which has PTX-JIT caveats).
                if chosen.driver_mode != "full" and mode == "full" and not fails and not missing:
                    chosen = dataclasses.replace(build, driver_mode=mode, caveat=caveat)
                continue
            if fails:
                rejected.append((build, fails + missing))
                continue
            if missing:
                unknown.append((build, missing))
                continue
            chosen = dataclasses.replace(build, driver_mode=mode, caveat=caveat)
        return Recommendation(framework, chosen, rejected, notes, unknown, [], runner_up)

    def _build_verdict(
        self,
        build: Build,
        checks: Dict[str, Any],
        driver: Optional[str],
        driver_cuda: Optional[str],
        ccs: Sequence[str],
        pyv: Optional[Version],
        platform: str,
    ) -> Tuple[List[str], List[str], Optional[str], Optional[str]]:
        """(proven reasons it fails, missing facts, driver mode, caveat) for one build."""
        fails: List[str] = []
        missing: List[str] = []
        mode, caveat = None, None
        if pyv is not None and not in_spec(pyv, checks["python"]):
            fails.append(f"Python {pyv} is outside its range {checks['python']}")
        if driver is not None:
            mode, caveat, why = self._driver_reason(driver, checks, platform)
            if why and why.startswith("cannot tell"):
                missing.append(why)
            elif why:
                fails.append(why)
        elif driver_cuda is not None:
            mode, why = self._ceiling_reason(driver_cuda, checks, build, platform)
            if why and why.startswith("cannot tell"):
                missing.append(why)
            elif why:
                fails.append(why)
        major = _cuda_major(build, checks)
        for cc in ccs:
            why = self.cuda_major_excludes(cc, major)
            if why:
                fails.append(why)
            cudnn = checks.get("cudnn")
            ok, why = self.cudnn_verdict(cc, cudnn, major) if cudnn else (True, None)
            if ok is False and why:
                fails.append(why)
            elif ok is None and why:
                missing.append(why)
        variant: Optional[TorchVariant] = checks.get("variant")
        if variant is not None and ccs:
            archs = variant.archs_for(platform)
            if archs is None:
                missing.append("its compiled GPU architectures are not in the matrix")
            else:
                for cc in ccs:
                    runs = variant.runs_on(cc, platform)
                    c = _cc(cc)
                    if runs is None:
                        missing.append(
                            f"whether it has kernels for sm_{c[0]}{c[1]} is not in the matrix "
                            "(its PTX is unconfirmed)"
                        )
                    elif not runs:
                        fails.append(
                            f"no kernels for sm_{c[0]}{c[1]} (compute capability {cc}); "
                            f"it is built for {' '.join(archs) or 'no GPU'}"
                        )
        return fails, missing, mode, caveat

    def _ceiling_reason(
        self, driver_cuda: str, checks: Dict[str, Any], build: Build, platform: str
    ) -> Tuple[Optional[str], Optional[str]]:
        """(mode, reason or None) for a build when only the driver's CUDA ceiling is known.

        The driver is at least the minimum driver of that CUDA: what that lowest driver runs,
        the real one runs too. What it does not run fails for sure only for a newer CUDA major
        (a driver of that major would report it); otherwise the real driver may be newer.
        """
        lowest = self.min_driver(driver_cuda, platform)
        if lowest is None:
            return (
                None,
                f"cannot tell what a driver for CUDA {driver_cuda} runs: not in the matrix",
            )
        mode, _, why = self._driver_reason(lowest, checks, platform)
        if not why:
            return (mode, None)
        major = _cuda_major(build, checks)
        if major is not None and major > Version(driver_cuda).major:
            return (
                None,
                f"it needs CUDA {major}.x; the driver runs CUDA up to {driver_cuda}",
            )
        return (
            None,
            f"cannot tell whether the driver (it runs CUDA up to {driver_cuda}) runs it: "
            "the driver version is unknown",
        )

    # ---- hardware floors (compat_data/floors.json)

    def _floors(self) -> Dict[str, Any]:
        def build() -> Dict[str, Any]:
            if (self.data_dir / "floors.json").is_file():
                return self.doc("floors")
            if self.origin == "user":  # written by `data update` before the floors existed
                return Matrix(bundled_data_dir(), "bundled").doc("floors")
            # Data given on purpose (--data-dir, ENVCHECK_DATA_DIR) is used as given.
            return {"architectures": [], "cudnn": [], "libraries": []}

        return self._memo("floors", build)

    def library_floors(self, package: str, version: Optional[str]) -> List[Dict[str, Any]]:
        """floors.json ``libraries`` entries for ``package`` whose version range holds
        ``version`` (all of the package's entries when the version is not known)."""
        name = package.lower().replace("_", "-")
        return [
            e
            for e in self._floors().get("libraries", [])
            if e["package"] == name and (version is None or in_spec(version, e["versions"]))
        ]

    def library_driver_floors(self, package: str, version: Optional[str]) -> List[Dict[str, Any]]:
        """floors.json ``drivers`` entries for ``package`` whose version range holds ``version``
        (all of the package's entries when the version is not known)."""
        name = package.lower().replace("_", "-")
        return [
            e
            for e in self._floors().get("drivers", [])
            if e["package"] == name and (version is None or in_spec(version, e["versions"]))
        ]

    def library_cuda_builds(self, package: str, version: Optional[str]) -> List[Dict[str, Any]]:
        """floors.json ``cuda_builds`` entries for ``package`` whose version range holds
        ``version`` (none when the version is not known: the CUDA differs between releases)."""
        if version is None:
            return []
        name = package.lower().replace("_", "-")
        v = _v(version)
        post = f"post{v.post}" if v is not None and v.post is not None else None
        return [
            e
            for e in self._floors().get("cuda_builds", [])
            if e["package"] == name
            and in_spec(version, e["versions"])
            # an entry for a suffix names that build only; the plain release is another build
            and (e.get("suffix") is None or e["suffix"] == post)
        ]

    def max_host_gcc(self, toolkit: str) -> Optional[Dict[str, Any]]:
        """floors.json ``host_compilers`` entry whose CUDA range holds ``toolkit`` ("12.4",
        "11.8.89"), or None (a release the data does not hold)."""
        return next(
            (e for e in self._floors().get("host_compilers", []) if in_spec(toolkit, e["cuda"])),
            None,
        )

    def ngc_release(self, image: str, release: str) -> Optional[Dict[str, Any]]:
        """floors.json ``containers`` entry of NGC ``image`` ("pytorch") at ``release``
        ("23.10"); None when the data does not hold that release of that image."""
        name = image.lower()
        return next(
            (
                e
                for e in self._floors().get("containers", [])
                if e["release"] == release and name in e["images"]
            ),
            None,
        )

    def package_pins(self, package: str, version: Optional[str]) -> List[Dict[str, Any]]:
        """floors.json ``pins`` entries of ``package`` whose version range holds ``version``
        (its public part: "0.0.22.post7" is not 0.0.22, whose wheel pins another torch); none
        when the version is not known."""
        v = _v(str(version).split("+", 1)[0]) if version is not None else None
        if v is None:
            return []
        name = package.lower().replace("_", "-")
        return [
            e
            for e in self._floors().get("pins", [])
            if e["package"] == name and in_spec(v, e["versions"])
        ]

    def pinned_releases(self, package: str, needs: str, have: str) -> List[str]:
        """The releases of ``package`` that floors.json ``pins`` says were made for
        ``needs`` at version ``have`` (each entry's ``versions`` as ``==X``), newest first."""
        v = _v(have)
        if v is None:
            return []
        found = []
        for e in self._floors().get("pins", []):
            spec = e["versions"]
            if (
                e["package"] == package
                and e["needs"] == needs
                and spec.startswith("==")
                and "," not in spec
                and in_spec(v, e["needs_versions"], prereleases=True)
            ):
                found.append(spec[2:])
        return sorted(set(found), key=lambda x: _v(x) or Version("0"), reverse=True)

    def arch_floor(self, cc: str) -> Optional[Dict[str, Any]]:
        """The architecture entry of floors.json that lists compute capability ``cc``."""
        want = _cc(cc)
        for entry in self._floors()["architectures"]:
            if any(_cc(x) == want for x in entry["compute_capabilities"]):
                return entry
        return None

    def driver_cannot_drive(
        self,
        cc: str,
        driver: Optional[str],
        driver_cuda: Optional[str] = None,
        platform: str = "linux",
    ) -> Optional[str]:
        """Why this driver cannot drive a GPU of compute capability ``cc`` at all, or None
        (it can, or the matrix cannot tell)."""
        entry = self.arch_floor(cc)
        if entry is None:
            return None
        arch = f"{entry['architecture']} (compute capability {cc})"
        first = entry.get("first_cuda")
        src = entry["source"]
        if first and driver is not None:
            need = self.min_driver(first, platform)
            if need and Version(driver) < Version(need):
                return (
                    f"driver {driver} cannot drive {arch}: that needs >= {need}, the driver of "
                    f"CUDA {first}, the first toolkit for it ({src})"
                )
        if (
            first
            and driver is None
            and driver_cuda is not None
            and (Version(driver_cuda) < Version(first))
        ):
            return (
                f"the driver (it runs CUDA up to {driver_cuda}) cannot drive {arch}: that "
                f"needs the driver of CUDA {first} or newer ({src})"
            )
        last = entry.get("last_driver_branch")
        # Windows releases of a branch carry majors above its number (R470's security updates
        # for Kepler are 473.xx / 474.xx: https://www.svethardware.cz/nvidia-vydala-pro-kepler-
        # nove-ovladace-opravuji-bezpecnostni-chyby/57723 on 473.47; R580's include 581.xx, a
        # GTX 1060 on 581.57 in heldout37's lichtfeld-519), and the next branch starts
        # at least five above it (R470 -> R495, R580 -> R590): only a major from there on is
        # surely a later branch
        if last and driver is not None and Version(driver).major >= int(last) + 5:
            return (
                f"driver {driver} cannot drive {arch}: R{last} is the last driver branch for "
                f"it ({src})"
            )
        return None

    def cuda_major_excludes(self, cc: str, major: Optional[int]) -> Optional[str]:
        """Why a build made with CUDA ``major`` has no code for ``cc`` at all, or None."""
        entry = self.arch_floor(cc)
        last = entry.get("last_cuda_major") if entry else None
        if major is None or last is None or major <= int(last):
            return None
        return (
            f"CUDA {major} builds have no kernels for {entry['architecture']} (compute "
            f"capability {cc}): CUDA {last} is the last major for it ({entry['source']})"
        )

    def cudnn_verdict(
        self, cc: str, cudnn: str, major: Optional[int]
    ) -> Tuple[Optional[bool], Optional[str]]:
        """(False, why) when a build bundling cuDNN ``cudnn`` (for CUDA ``major``) cannot run
        cuDNN on ``cc``; (None, what is missing) when the floors cannot tell; (True, None).

        Floors only rise from one cuDNN release to the next, so a release between two read
        entries is bounded by both: at least the older floor, at most the newer one.
        """
        v = _v(cudnn)
        want = _cc(cc)
        if v is None or want is None or major is None:
            return (True, None)
        low: Optional[Tuple[int, int]] = None  # the floor is at least this
        high: Optional[Tuple[int, int]] = None  # ... and at most this
        for entry in self._floors()["cudnn"]:
            if entry["cuda_major"] != major:
                continue
            floor = _cc(entry["min_cc"])
            spec = SpecifierSet(entry["cudnn"])
            if v in spec:
                if floor is not None and want < floor:
                    return (
                        False,
                        f"its cuDNN {cudnn} supports compute capability >= {entry['min_cc']} "
                        f"only, not {cc} ({entry['source']})",
                    )
                return (True, None)
            bounds = [Version(x.version) for x in spec if x.operator in (">=", "<")]
            if floor is None or not bounds:
                continue
            if all(b <= v for b in bounds):
                low = max(low or floor, floor)
            elif all(b > v for b in bounds):
                high = min(high or floor, floor)
        if low is not None and want < low:
            return (
                False,
                f"its cuDNN {cudnn} supports compute capability >= {low[0]}.{low[1]} "
                f"at best (older cuDNN releases already needed that), not {cc}",
            )
        if high is not None and want >= high:
            return (True, None)
        if low is None and high is None and (not self._floors()["cudnn"] or want >= (5, 0)):
            # No floor read for this CUDA major: only pre-Maxwell GPUs (below every floor
            # read since cuDNN 8.9) are in doubt.
            return (True, None)
        return (
            None,
            f"whether its cuDNN {cudnn} supports compute capability {cc} is not in the matrix",
        )

    def _driver_reason(
        self, driver: str, checks: Dict[str, Any], platform: str
    ) -> Tuple[Optional[str], Optional[str], Optional[str]]:
        """(mode, caveat, rejection reason or None) for a build's CUDA needs."""
        if checks.get("min_driver"):  # jax plugins state their own minimum
            need = checks["min_driver"]
            if Version(driver) >= Version(need):
                return ("full", None, None)
            return (None, None, f"needs driver >= {need}; found {driver}")
        cuda = checks.get("cuda")
        if not cuda:
            return (None, None, None)
        verdict = self.driver_runs_cuda(driver, cuda, platform)
        if verdict.ok:
            return (verdict.mode, verdict.caveat, None)
        if verdict.ok is None:
            return (None, None, f"cannot tell whether driver {driver} runs it: {verdict.reason}")
        full_max = self.max_cuda_for_driver(driver, platform)
        needs = [d for d in (verdict.minor_compat_min_driver, verdict.min_driver) if d]
        how = " (through minor-version compatibility)" if verdict.minor_compat_min_driver else ""
        runs = f"; driver {driver} runs up to CUDA {full_max}" if full_max else ""
        return (
            None,
            None,
            f"driver too old for its CUDA {cuda}: needs >= {min(needs, key=Version)}{how}{runs}",
        )

    def _torch_candidates(self, platform: str) -> List[Tuple[Build, Dict[str, Any]]]:
        out = []
        for r in self._torch():
            variants = [v for v in r.variants if v.cuda is not None]
            variants.sort(key=lambda v: Version(v.cuda or "0"), reverse=True)
            for v in variants:
                if v.on_platform(platform) is False:
                    continue
                packages = [("torch", r.version)]
                if r.torchvision:
                    packages.append(("torchvision", r.torchvision))
                if r.torchaudio:
                    packages.append(("torchaudio", r.torchaudio))
                build = Build(
                    framework="torch",
                    version=r.version,
                    tag=v.tag,
                    cuda=v.cuda,
                    packages=tuple(packages),
                    index_url=v.index_url,
                    source=r.source,
                )
                out.append(
                    (build, {"python": r.python, "cuda": v.cuda, "variant": v, "cudnn": v.cudnn})
                )
        return out

    def _tf_candidates(self, platform: str) -> List[Tuple[Build, Dict[str, Any]]]:
        doc = self.doc("tensorflow")
        rows = [e for e in doc["releases"] if e.get("cuda")]
        rows = [e for e in rows if not e.get("platform") or e["platform"].startswith(platform)]
        if platform == "windows":  # no native-Windows GPU builds after TF 2.10 (see notes)
            rows = [e for e in rows if e.get("platform") == "windows"]
        rows.sort(key=lambda e: (Version(e["version"]), Version(e["cuda"])), reverse=True)
        out = []
        for e in rows:
            extra = "[and-cuda]" if e.get("pip_extra_cuda") else ""
            package = (e.get("package") or "tensorflow").replace("_", "-")
            build = Build(
                framework="tensorflow",
                version=e["version"],
                tag=e.get("platform"),
                cuda=e["cuda"],
                packages=((f"{package}{extra}", e["version"]),),
                index_url=None,
                source=e["source"],
            )
            out.append((build, {"python": e["python"], "cuda": e["cuda"], "cudnn": e.get("cudnn")}))
        return out

    def _jax_candidates(self, platform: str) -> List[Tuple[Build, Dict[str, Any]]]:
        out: List[Tuple[Build, Dict[str, Any]]] = []
        if platform != "linux":  # JAX publishes CUDA wheels for Linux only
            return out
        for r in self._jax():
            for p in sorted(r.plugins, key=lambda p: p.name, reverse=True):
                extra = re.sub(r"^jax-(cuda\d+)-plugin$", r"\1", p.name)
                build = Build(
                    framework="jax",
                    version=r.jax,
                    tag=p.name,
                    cuda=p.cuda,
                    packages=((f"jax[{extra}]", r.jax),),
                    index_url=None,
                    source=r.source,
                )
                checks: Dict[str, Any] = {"python": r.python, "min_driver": p.min_driver_linux}
                out.append((build, checks))
        return out


# --------------------------------------------------------------------------------------------
# Locating and loading the data


def bundled_data_dir() -> Path:
    """``envcheck/compat_data`` in an installed wheel, else ``<repo>/compat_data``."""
    here = Path(__file__).resolve().parent
    inside = here / "compat_data"
    if (inside / "cuda.json").is_file():
        return inside
    return here.parent / "compat_data"


def user_data_dir() -> Path:
    """Where ``envcheck data update`` installs data (``$ENVCHECK_DATA_DIR`` overrides)."""
    override = os.environ.get("ENVCHECK_DATA_DIR")
    if override:
        return Path(override).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "envcheck" / "compat_data"


MAX_DATA_FILE_BYTES = 32 << 20  # the whole bundle's limit; no data file comes near it


def _read_data_file(path: Path, limit: int = MAX_DATA_FILE_BYTES) -> bytes:
    """A data file: a regular file only (a FIFO in a data dir hung every verify), bounded."""
    from envcheck.safe_io import read_regular

    return read_regular(str(path), limit, "data file", f"{limit >> 20} MiB")


def manifest_matches(data_dir: Path) -> bool:
    """True when the MANIFEST.json written by ``data update`` matches every file's sha256."""
    try:
        manifest = json.loads(_read_data_file(data_dir / MANIFEST_NAME, 1 << 20))
        sums = manifest["sha256"]
        if manifest.get("format") != MANIFEST_FORMAT or not all(f"{k}.json" in sums for k in FILES):
            return False
        for name, digest in sums.items():
            if not re.fullmatch(r"[a-z0-9_]+\.json", name):
                return False
            if hashlib.sha256(_read_data_file(data_dir / name)).hexdigest() != digest:
                return False
        return True
    except (OSError, InputError, ValueError, KeyError, TypeError, AttributeError):
        return False


def resolve_data_dir(data_dir: Union[str, Path, None] = None) -> Tuple[Path, str, Optional[str]]:
    """(directory, origin, note) of the data to use; see the module docstring for the order."""
    if data_dir is not None:
        return (Path(data_dir), "explicit", None)
    note = None
    override = os.environ.get("ENVCHECK_DATA_DIR")
    if override:
        path = Path(override).expanduser()
        if _is_dir(path):
            return (path, "ENVCHECK_DATA_DIR", None)
        note = f"ENVCHECK_DATA_DIR={override} does not exist; using the bundled data"
    else:
        path = user_data_dir()
        if _is_dir(path):
            if manifest_matches(path):
                return (path, "user", None)
            try:
                Matrix(path).validate_all()
                return (path, "user", None)
            except InputError as exc:
                note = f"user data in {path} ignored: {exc}"
    return (bundled_data_dir(), "bundled", note)


def _is_dir(path: Path) -> bool:
    """``path.is_dir()`` that also says False for a path it may not look at (a HOME the user
    cannot enter: Python < 3.12 raises PermissionError there)."""
    try:
        return path.is_dir()
    except OSError:
        return False


_CACHE: Dict[Tuple[Optional[str], ...], Matrix] = {}


def load_matrix(data_dir: Union[str, Path, None] = None) -> Matrix:
    """The matrix (cached per data location). Files are read and validated on first use."""
    env = os.environ
    key = (
        None if data_dir is None else str(data_dir),
        env.get("ENVCHECK_DATA_DIR"),
        env.get("XDG_DATA_HOME"),
        env.get("HOME"),
    )
    matrix = _CACHE.get(key)
    if matrix is None:
        path, origin, note = resolve_data_dir(data_dir)
        matrix = _CACHE[key] = Matrix(path, origin, note)
    return matrix


def clear_cache() -> None:
    """Forget loaded matrices (after ``data update`` replaced the files)."""
    _CACHE.clear()


load_matrix.cache_clear = clear_cache  # type: ignore[attr-defined]
