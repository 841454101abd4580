"""The Snapshot: every fact envcheck knows about one host, as plain, versioned data.

A fact is either a value or ``Unknown(reason)``. ``None`` means "does not apply / absent"
(e.g. no cuDNN found), which is a fact too; ``Unknown`` means "we could not tell".
The JSON form round-trips exactly: ``Snapshot.from_json(s.to_json()) == s``.

Unknown serialises as ``{"unknown": "<reason>"}``; no regular fact is an object with that
single key, so the encoding is unambiguous.
"""

from __future__ import annotations

import dataclasses
import math
import os
import sys
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Union

SCHEMA_VERSION = 1
# A 16-GPU node's snapshot is ~100 KB. Parsing JSON takes ~12x its size in memory, so the
# cap bounds a hostile snapshot to ~200 MB (a 50 MB one with 1.2M log entries took 1.4 GB).
MAX_SNAPSHOT_CHARS = 16 << 20
MAX_ERROR_LOG_ENTRIES = 10_000  # error-log evidence kept from a snapshot (docs/security.md)


class SnapshotError(Exception):
    """A snapshot could not be read: corrupt, truncated, or written by a newer envcheck."""


@dataclass(frozen=True)
class Unknown:
    """A fact a probe could not establish, with the reason (shown to the user)."""

    reason: str

    def __bool__(self) -> bool:  # an unknown fact is never truthy by accident
        return False

    def __str__(self) -> str:
        return f"unknown: {self.reason}"


def known(value: Any) -> bool:
    """True when ``value`` is an established fact (not Unknown, not None)."""
    return value is not None and not isinstance(value, Unknown)


# Type aliases: a fact of type T is T, Unknown, or None (absent / not applicable).
Str = Union[str, Unknown, None]
Int = Union[int, Unknown, None]
Float = Union[float, Unknown, None]
Bool = Union[bool, Unknown, None]
StrList = Union[List[str], Unknown, None]


@dataclass
class GpuProcess:
    pid: int
    name: Str = None
    used_memory_mib: Int = None


@dataclass
class Gpu:
    index: int
    name: Str = None
    uuid: Str = None
    pci_bus_id: Str = None
    compute_capability: Str = None  # "9.0"
    memory_total_mib: Int = None
    memory_used_mib: Int = None
    memory_free_mib: Int = None
    temperature_c: Int = None
    temperature_slowdown_c: Int = None
    temperature_shutdown_c: Int = None
    power_draw_w: Float = None
    power_limit_w: Float = None
    sm_clock_mhz: Int = None
    sm_clock_max_mhz: Int = None
    mem_clock_mhz: Int = None
    mem_clock_max_mhz: Int = None
    # Active clock-event reasons as stable names: "gpu_idle", "applications_clocks_setting",
    # "sw_power_cap", "hw_slowdown", "sync_boost", "sw_thermal_slowdown", "hw_thermal_slowdown",
    # "hw_power_brake_slowdown", "display_clock_setting".
    throttle_reasons: StrList = None
    persistence_mode: Bool = None
    # who may create CUDA contexts: "default", "exclusive_process", "exclusive_thread",
    # "prohibited" (compute_mode_name() reads nvidia-smi's and NVML's spellings)
    compute_mode: Str = None
    ecc_enabled: Bool = None
    ecc_volatile_uncorrected: Int = None
    ecc_aggregate_uncorrected: Int = None
    ecc_volatile_corrected: Int = None
    retired_pages_sbe: Int = None
    retired_pages_dbe: Int = None
    retired_pages_pending: Bool = None
    remapped_rows_pending: Bool = None
    remapped_rows_failure: Bool = None
    pcie_gen: Int = None
    pcie_gen_max: Int = None
    pcie_width: Int = None
    pcie_width_max: Int = None
    mig_enabled: Bool = None
    numa_node: Int = None
    cpu_affinity: Str = None  # cpulist, e.g. "0-15,32-47"
    processes: Union[List[GpuProcess], Unknown, None] = None


# NVML's nvmlComputeMode_t values, and the spellings of nvidia-smi -q ("Exclusive_Process")
# and of its table ("E. Process")
_COMPUTE_MODES = {
    "0": "default",
    "1": "exclusive_thread",
    "2": "prohibited",
    "3": "exclusive_process",
    "default": "default",
    "exclusive_process": "exclusive_process",
    "e. process": "exclusive_process",
    "exclusive_thread": "exclusive_thread",
    "e. thread": "exclusive_thread",
    "prohibited": "prohibited",
}


def compute_mode_name(raw: Any) -> Optional[str]:
    """A GPU's compute mode as one of the names Gpu.compute_mode holds (None when unread)."""
    key = " ".join(str(raw).strip().lower().replace("-", "_").split())
    return _COMPUTE_MODES.get(key.replace("exclusive ", "exclusive_"))


# Driver.source of a version taken from the loaded kernel module (a pasted
# /proc/driver/nvidia/version without a user-space version): EC105 compares the module with
# the libraries, and this copy of the module's version is no library version
DRIVER_FROM_KERNEL_MODULE = "report:kernel-module"


@dataclass
class Driver:
    """The NVIDIA driver as seen from user space (NVML or nvidia-smi)."""

    # "ok", "library-not-found", "driver-not-loaded", "version-mismatch", "no-gpus",
    # "nvidia-smi-hung", "nvidia-smi-failed", "probe-timed-out", "error"
    status: Str = None
    source: Str = None  # "nvml" | "nvidia-smi"
    version: Str = None  # "550.54.15"
    cuda_version: Str = None  # highest CUDA the driver supports, "12.4" (NOT a toolkit)
    nvml_version: Str = None
    nvml_library_path: Str = None
    detail: Str = None  # the raw error, when status is not "ok"
    gpus: Union[List[Gpu], Unknown, None] = None


@dataclass
class DeviceNode:
    path: str
    mode: Str = None  # "crw-rw-rw-"
    readable: Bool = None
    writable: Bool = None


@dataclass
class KernelSide:
    modules: Union[Dict[str, bool], Unknown, None] = None  # {"nvidia": True, "nouveau": False}
    proc_driver_version: Str = None  # kernel module version from /proc/driver/nvidia/version
    proc_driver_version_text: Str = None
    device_nodes: Union[List[DeviceNode], Unknown, None] = None
    # PCI addresses of NVIDIA display / 3D controllers (vendor 0x10de, class 0x03xxxx), read
    # from sysfs: tells "GPUs present but no driver" apart from "no GPUs at all".
    pci_nvidia_gpus: StrList = None


@dataclass
class CudaToolkit:
    path: str
    version: Str = None  # "13.0" or "12.4.1"
    version_source: Str = None  # "version.json", "version.txt", "nvcc", "dist-info"
    nvcc: Str = None  # path to nvcc when present
    found_by: Str = None  # "/usr/local/cuda*", "CUDA_HOME", "PATH", "conda"


@dataclass
class SharedLib:
    name: str  # "libcudart", "libcudnn", ...
    path: Str = None
    version: Str = None
    origin: Str = None  # "ldconfig", "LD_LIBRARY_PATH", "toolkit", "pip:<dist>"


@dataclass
class LibraryInstall:
    """A cuDNN or NCCL install, from a header, a library name or a pip wheel."""

    version: Str = None
    source: Str = None  # "header", "library", "pip"
    path: Str = None


@dataclass
class Cuda:
    toolkits: Union[List[CudaToolkit], Unknown, None] = None
    usr_local_cuda_target: Str = None  # where /usr/local/cuda points
    libraries: Union[List[SharedLib], Unknown, None] = None
    cudnn: Union[List[LibraryInstall], Unknown, None] = None
    nccl: Union[List[LibraryInstall], Unknown, None] = None


@dataclass
class FrameworkDeep:
    """What only the framework itself knows (``--deep``: run in a subprocess with a timeout)."""

    name: str
    available: Bool = None  # torch.cuda.is_available() / GPU devices seen
    cuda_version: Str = None  # the CUDA the build was made with
    cudnn_version: Str = None
    nccl_version: Str = None
    arch_list: StrList = None  # ["sm_80", "sm_90", "compute_90"]
    devices: StrList = None
    detail: Str = None


@dataclass
class Packages:
    # Installed distributions that matter, name (normalised, lower-case, '-') -> version
    # string exactly as in metadata (torch "2.5.1+cu121" keeps its local tag).
    installed: Union[Dict[str, str], Unknown, None] = None
    deep: Union[List[FrameworkDeep], Unknown, None] = None


@dataclass
class PythonInfo:
    version: Str = None  # "3.11.7"
    implementation: Str = None
    executable: Str = None
    virtualenv: Str = None
    conda_env: Str = None


@dataclass
class OsInfo:
    distribution: Str = None  # "Debian GNU/Linux 12 (bookworm)"
    distribution_id: Str = None  # "debian"
    distribution_version: Str = None  # "12"
    kernel: Str = None
    glibc: Str = None
    architecture: Str = None  # "x86_64"
    platform: Str = None  # "linux", "windows", "darwin"
    wsl: Bool = None
    container: Str = None  # "docker", "kubernetes", "podman", "lxc" or None
    cgroup_version: Int = None
    cgroup_cpu_quota_cores: Float = None  # None = unlimited
    cgroup_memory_limit_bytes: Int = None  # None = unlimited
    nvidia_container_cli: Str = None  # path when present


@dataclass
class CpuMemory:
    cpu_model: Str = None
    logical_cores: Int = None
    effective_cores: Float = None  # min(affinity, cgroup quota)
    governor: Str = None
    numa_nodes: Int = None
    mem_total_bytes: Int = None
    mem_available_bytes: Int = None
    swap_total_bytes: Int = None
    swap_used_bytes: Int = None
    shm_total_bytes: Int = None
    shm_free_bytes: Int = None
    ulimit_memlock_bytes: Int = None  # None = unlimited
    ulimit_nofile: Int = None
    ulimit_stack_bytes: Int = None  # None = unlimited
    transparent_hugepages: Str = None  # "always", "madvise", "never"


@dataclass
class DataDir:
    path: str
    filesystem: Str = None  # "ext4", "nfs4", "lustre"
    network: Bool = None
    rotational: Bool = None
    device: Str = None
    free_bytes: Int = None
    total_bytes: Int = None


@dataclass
class DataUrl:
    url: str
    connect_ms: Float = None
    throughput_mbps: Float = None  # megabytes per second of the bounded sample
    bytes_sampled: Int = None
    status_code: Int = None
    error: Str = None


@dataclass
class Storage:
    data_dir: Union[DataDir, Unknown, None] = None
    data_url: Union[DataUrl, Unknown, None] = None


@dataclass
class KernelTestResult:
    """One GPU verification test on one device (see envcheck.kernels)."""

    gpu: Optional[int]  # None for host-wide tests
    test: str  # "vector_add", "gemm_fp32", "memtest", "h2d_bandwidth", ...
    backend: str  # "torch", "cupy", "cuda-driver"
    passed: Optional[bool]  # None: not run (see detail)
    value: Optional[float] = None
    unit: Optional[str] = None
    peak: Optional[float] = None
    ratio: Optional[float] = None
    duration_s: Optional[float] = None
    detail: Optional[str] = None
    evidence: Dict[str, Any] = field(default_factory=dict)


@dataclass
class Snapshot:
    schema_version: int = SCHEMA_VERSION
    envcheck_version: Str = None
    created: Str = None  # ISO 8601 UTC
    hostname: Str = None
    origin: Str = None  # "live", "report:<files>", "snapshot:<file>"
    driver: Union[Driver, Unknown, None] = None
    kernel: Union[KernelSide, Unknown, None] = None
    cuda: Union[Cuda, Unknown, None] = None
    packages: Union[Packages, Unknown, None] = None
    python: Union[PythonInfo, Unknown, None] = None
    os: Union[OsInfo, Unknown, None] = None
    cpu_memory: Union[CpuMemory, Unknown, None] = None
    storage: Union[Storage, Unknown, None] = None
    env: Union[Dict[str, str], Unknown, None] = None
    kernels: Union[List[KernelTestResult], Unknown, None] = None
    # Evidence from pasted error logs: list of {"pattern": id, "line": text}
    error_log: Union[List[Dict[str, str]], Unknown, None] = None
    # Pasted input only: what was read, from where (see envcheck.importers.extract):
    # {"read": [{"fact", "value", "file", "line", "text", "kind"}], "conflicts": [...],
    #  "formats": {file: [format names]}, "missing": [{"fact", "what", "command"}]}.
    # Optional and ignored by older readers, so schema_version stays 1.
    evidence: Union[Dict[str, Any], Unknown, None] = None
    probe_timings_ms: Dict[str, float] = field(default_factory=dict)

    # --- JSON -----------------------------------------------------------------------------
    def to_dict(self) -> Dict[str, Any]:
        return _encode(self)

    def to_json(self, indent: Optional[int] = 2) -> str:
        from envcheck.safe_json import dumps  # never NaN/Infinity: strict parsers reject them

        return dumps(self.to_dict(), indent=indent, sort_keys=False)

    @classmethod
    def from_dict(cls, data: Any, *, ints_checked: bool = False) -> Snapshot:
        """``ints_checked``: the dict came from ``safe_json.loads``, which already refused
        over-long integers (fleet decodes 10,000 documents; a second walk cost ~10 %)."""
        if not isinstance(data, dict):
            raise SnapshotError("a snapshot must be a JSON object")
        version = data.get("schema_version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise SnapshotError("not an envcheck snapshot: no integer 'schema_version'")
        if version > SCHEMA_VERSION:
            raise SnapshotError(
                f"snapshot schema_version {version} is newer than this envcheck understands "
                f"({SCHEMA_VERSION}); upgrade envcheck"
            )
        if version < 1:
            raise SnapshotError(f"invalid schema_version {version}")
        from envcheck.safe_json import MAX_INT_DIGITS, oversized_int

        if not ints_checked and oversized_int(data):
            raise SnapshotError(f"an integer longer than {MAX_INT_DIGITS} digits")
        log = data.get("error_log")
        if isinstance(log, list) and len(log) > MAX_ERROR_LOG_ENTRIES:
            # 1.2M entries made --format json take 1.5 GB; the first ones are what is judged.
            data = dict(data, error_log=log[:MAX_ERROR_LOG_ENTRIES])
        try:
            return _fast_decoder(cls)(data)
        except _Invalid:
            # The fast path only knows that something is wrong; the slow one says what, where.
            return _decode(cls, data, "snapshot")

    @classmethod
    def from_json(cls, text: str) -> Snapshot:
        from envcheck.safe_json import loads

        try:
            data = loads(text)
        except ValueError as exc:
            raise SnapshotError(f"not valid JSON: {exc}") from None
        return cls.from_dict(data, ints_checked=True)

    @classmethod
    def load(cls, path: str) -> Snapshot:
        from envcheck.errors import InputError
        from envcheck.safe_io import read_regular

        try:  # a FIFO or device is refused before it is read (no hang, no endless read)
            # UTF-16 with a BOM (PowerShell's `>`) takes two bytes a character.
            raw = read_regular(
                path, 2 * MAX_SNAPSHOT_CHARS + 2, "snapshot", f"{MAX_SNAPSHOT_CHARS >> 20} MiB"
            )
        except InputError as exc:
            raise SnapshotError(str(exc)) from None
        if len(raw) > MAX_SNAPSHOT_CHARS and not raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            raise SnapshotError(
                f"{path}: larger than {MAX_SNAPSHOT_CHARS >> 20} MiB, not a snapshot"
            )
        text = _decode_snapshot(raw)
        if text is None and len(raw) <= MAX_SNAPSHOT_CHARS:
            from envcheck.errors import BINARY_INPUT

            raise SnapshotError(f"{os.path.basename(path) or path}: {BINARY_INPUT}")
        if text is None or len(text) > MAX_SNAPSHOT_CHARS:
            raise SnapshotError(
                f"{path}: larger than {MAX_SNAPSHOT_CHARS >> 20} MiB, not a snapshot"
            )
        try:
            return cls.from_json(text)
        except SnapshotError as exc:
            raise SnapshotError(f"{path}: {exc}") from None

    # --- convenience accessors used by checks ---------------------------------------------
    def gpus(self) -> List[Gpu]:
        """Known GPUs (empty when unknown or none)."""
        if isinstance(self.driver, Driver) and isinstance(self.driver.gpus, list):
            return self.driver.gpus
        return []

    def installed(self) -> Dict[str, str]:
        if isinstance(self.packages, Packages) and isinstance(self.packages.installed, dict):
            return self.packages.installed
        return {}


def _decode_snapshot(raw: bytes) -> Optional[str]:
    """The text of a snapshot file (UTF-8, or UTF-16 with a BOM as PowerShell's `>` writes it);
    None for binary data (undecodable, or NUL bytes, which JSON text never holds)."""
    try:
        if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
            text = raw.decode("utf-16")
        else:
            text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    return None if "\x00" in text else text


# --- generic encoding -----------------------------------------------------------------------


def _encode(value: Any) -> Any:
    if isinstance(value, Unknown):
        return {"unknown": value.reason}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    return value


_HINTS: Dict[type, Dict[str, Any]] = {}


def _hints(cls: type) -> Dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(sys.modules[__name__]))
    return _HINTS[cls]


def _key(key: Any) -> str:
    """A key as it may appear in a one-line error message."""
    text = str(key)
    return text if text.isprintable() and len(text) <= 60 else repr(text[:60])


def _is_unknown_obj(data: Any) -> bool:
    return isinstance(data, dict) and len(data) == 1 and isinstance(data.get("unknown"), str)


class _Invalid(Exception):
    """Raised by the fast decoders; the message comes from ``_decode``."""


_FAST: Dict[Any, Callable[[Any], Any]] = {}
_NONE = type(None)


def _fast_decoder(tp: Any) -> Callable[[Any], Any]:
    """A decoder compiled once per type: `envcheck fleet` loads thousands of snapshots.

    Same acceptance rules as ``_decode`` (which it defers to for error messages), without
    building a location string for every field.
    """
    decoder = _FAST.get(tp)
    if decoder is None:
        decoder = _FAST[tp] = _compile(tp)
    return decoder


_NOT_FINITE = "not a finite number"


def _not_finite(data: Any) -> bool:
    return isinstance(data, float) and not math.isfinite(data)


def _free_form(data: Any) -> Any:
    """A free-form (``Any``) value as it will read back after writing: ``safe_json.dumps``
    writes a NaN or infinity as the unknown marker, so loading does the same (on a copy,
    the caller's dict is not changed), or the snapshot would not round-trip."""
    from envcheck.safe_json import finite, holds_non_finite

    if not holds_non_finite(data):
        return data
    import copy

    return finite(copy.deepcopy(data))


def _compile(tp: Any) -> Callable[[Any], Any]:  # noqa: C901 - one branch per kind of type
    origin = typing.get_origin(tp)
    if origin is Union:
        options = typing.get_args(tp)
        allow_none, allow_unknown = _NONE in options, Unknown in options
        rest = [_fast_decoder(o) for o in options if o not in (_NONE, Unknown)]

        def union(data: Any) -> Any:
            if data is None:
                if allow_none:
                    return None
                raise _Invalid
            if allow_unknown and _is_unknown_obj(data):
                return Unknown(data["unknown"])
            if allow_unknown and _not_finite(data):
                return Unknown(_NOT_FINITE)  # what safe_json.dumps writes for it
            for option in rest:
                try:
                    return option(data)
                except _Invalid:
                    pass
            raise _Invalid

        return union
    if tp is Any:
        return _free_form
    if origin in (list, List):
        (item_type,) = typing.get_args(tp) or (Any,)
        item = _fast_decoder(item_type)

        def as_list(data: Any) -> Any:
            if not isinstance(data, list):
                raise _Invalid
            return [item(v) for v in data]

        return as_list
    if origin in (dict, Dict):
        _, value_type = typing.get_args(tp) or (str, Any)
        value = _fast_decoder(value_type)

        def as_dict(data: Any) -> Any:
            if not isinstance(data, dict):
                raise _Invalid
            return {str(k): value(v) for k, v in data.items()}

        return as_dict
    if dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        fields = {f.name: _fast_decoder(hints[f.name]) for f in dataclasses.fields(tp)}

        def as_dataclass(data: Any) -> Any:
            if not isinstance(data, dict):
                raise _Invalid
            try:
                return tp(**{k: fields[k](v) for k, v in data.items() if k in fields})
            except TypeError:
                raise _Invalid from None

        return as_dataclass
    scalar = {float: (int, float), int: (int,), bool: (bool,), str: (str,), _NONE: (_NONE,)}
    if tp in scalar:
        accepted = scalar[tp]
        reject_bool = tp in (float, int)

        def as_scalar(data: Any) -> Any:
            if not isinstance(data, accepted) or (reject_bool and isinstance(data, bool)):
                raise _Invalid
            if tp is float and _not_finite(data):
                raise _Invalid
            return float(data) if tp is float else data

        return as_scalar
    raise SnapshotError(f"unsupported type {tp!r} in the snapshot model")


def _decode(tp: Any, data: Any, where: str) -> Any:
    origin = typing.get_origin(tp)
    if origin is Union:
        options = typing.get_args(tp)
        if data is None:
            if type(None) in options:
                return None
            raise SnapshotError(f"{where}: must not be null")
        if _is_unknown_obj(data) and Unknown in options:
            return Unknown(data["unknown"])
        if _not_finite(data) and Unknown in options:
            return Unknown(_NOT_FINITE)
        errors = []
        for option in options:
            if option in (type(None), Unknown):
                continue
            try:
                return _decode(option, data, where)
            except SnapshotError as exc:
                errors.append(str(exc))
        raise SnapshotError(errors[0] if errors else f"{where}: unexpected value")
    if tp is Any:
        return _free_form(data)
    if origin in (list, List):
        if not isinstance(data, list):
            raise SnapshotError(f"{where}: expected a list")
        (item,) = typing.get_args(tp) or (Any,)
        return [_decode(item, v, f"{where}[{i}]") for i, v in enumerate(data)]
    if origin in (dict, Dict):
        if not isinstance(data, dict):
            raise SnapshotError(f"{where}: expected an object")
        _, val = typing.get_args(tp) or (str, Any)
        return {str(k): _decode(val, v, f"{where}.{_key(k)}") for k, v in data.items()}
    if dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise SnapshotError(f"{where}: expected an object")
        hints = _hints(tp)
        kwargs = {}
        names = {f.name for f in dataclasses.fields(tp)}
        for key, value in data.items():
            if key in names:  # unknown keys from a same-version writer are ignored
                kwargs[key] = _decode(hints[key], value, f"{where}.{_key(key)}")
        try:
            return tp(**kwargs)
        except TypeError as exc:
            raise SnapshotError(f"{where}: {exc}") from None
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise SnapshotError(f"{where}: expected a number")
        if _not_finite(data):
            # JSON has no Infinity/NaN: a snapshot holding one could not be written back
            raise SnapshotError(f"{where}: {_NOT_FINITE}")
        return float(data)
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise SnapshotError(f"{where}: expected an integer")
        return data
    if tp is bool:
        if not isinstance(data, bool):
            raise SnapshotError(f"{where}: expected true/false")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise SnapshotError(f"{where}: expected a string")
        return data
    if tp is type(None):
        if data is not None:
            raise SnapshotError(f"{where}: expected null")
        return None
    raise SnapshotError(f"{where}: unsupported type {tp!r}")
