"""Operating system, container runtime and cgroup limits.

Reads ``/etc/os-release``, ``/proc/sys/kernel/osrelease``, ``/proc/version``, ``/.dockerenv``,
``/run/.containerenv``, ``/proc/1/cgroup``, ``/proc/self/cgroup`` and ``/sys/fs/cgroup``, all
under ``ENVCHECK_SYSROOT`` (default ``/``). glibc comes from ``os.confstr``.
"""

from __future__ import annotations

import os
import platform
import sys
from typing import Dict, Optional, Tuple, Union

from envcheck.probes._util import host_path, read_first_line, read_text, unroot, which
from envcheck.probes.base import ProbeContext
from envcheck.snapshot import OsInfo, Unknown

# cgroup v1 memory.limit_in_bytes reports "unlimited" as a huge page-rounded number.
_UNLIMITED_BYTES = 1 << 60


def parse_os_release(text: str) -> Dict[str, str]:
    values: Dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def probe(ctx: ProbeContext) -> OsInfo:
    info = OsInfo()
    text = read_text("/etc/os-release")
    if isinstance(text, Unknown):
        text2 = read_text("/usr/lib/os-release")
        text = text2 if isinstance(text2, str) else text
    if isinstance(text, Unknown):
        info.distribution = info.distribution_id = info.distribution_version = text
    else:
        rel = parse_os_release(text)
        info.distribution = rel.get("PRETTY_NAME") or rel.get("NAME")
        info.distribution_id = rel.get("ID")
        info.distribution_version = rel.get("VERSION_ID")
    kernel = read_first_line("/proc/sys/kernel/osrelease")
    info.kernel = kernel if isinstance(kernel, str) and kernel else platform.release() or None
    info.glibc = glibc_version()
    info.architecture = platform.machine() or None
    info.platform = (
        "linux"
        if sys.platform.startswith("linux")
        else "windows"
        if sys.platform.startswith("win")
        else sys.platform
    )
    info.wsl = is_wsl()
    info.container = container_runtime()
    version, quota, memory = cgroup_limits()
    info.cgroup_version = version
    info.cgroup_cpu_quota_cores = quota
    info.cgroup_memory_limit_bytes = memory
    info.nvidia_container_cli = which("nvidia-container-cli")
    return info


def glibc_version() -> Union[str, Unknown, None]:
    try:
        text = os.confstr("CS_GNU_LIBC_VERSION")
    except (ValueError, OSError, AttributeError):
        return Unknown("os.confstr(CS_GNU_LIBC_VERSION) not available (not glibc?)")
    if not text:
        return None
    parts = text.split()
    return parts[-1] if parts else None


def is_wsl() -> Union[bool, Unknown]:
    text = read_text("/proc/version", limit=4096)
    if isinstance(text, Unknown):
        return text
    low = text.lower()
    return "microsoft" in low or "wsl" in low


def container_runtime() -> Optional[str]:
    if os.environ.get("KUBERNETES_SERVICE_HOST"):
        return "kubernetes"
    if os.path.exists(host_path("/run/.containerenv")):
        return "podman"
    if os.path.exists(host_path("/.dockerenv")):
        return "docker"
    text = read_text("/proc/1/cgroup", limit=65536)
    if isinstance(text, str):
        low = text.lower()
        for marker, name in (
            ("kubepods", "kubernetes"),
            ("libpod", "podman"),
            ("docker", "docker"),
            ("containerd", "containerd"),
            ("lxc", "lxc"),
        ):
            if marker in low:
                return name
    return None


def _own_cgroup_paths() -> Dict[str, str]:
    """controller ("" for v2) -> cgroup path of this process, from /proc/self/cgroup."""
    paths: Dict[str, str] = {}
    text = read_text("/proc/self/cgroup", limit=65536)
    if isinstance(text, Unknown):
        return paths
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        if not controllers:
            paths[""] = path
        for c in controllers.split(","):
            if c:
                paths[c] = path
    return paths


def _candidates(mount: str, path: str):  # type: ignore[no-untyped-def]
    """The process's cgroup dir and its ancestors (the mount root last)."""
    path = path.strip("/")
    seen = []
    while True:
        seen.append(os.path.join(host_path(mount), path) if path else host_path(mount))
        if not path:
            break
        path = os.path.dirname(path)
    return seen


def cgroup_limits() -> Tuple[
    Union[int, Unknown, None], Union[float, Unknown, None], Union[int, Unknown, None]
]:
    """(version, cpu quota in cores or None, memory limit bytes or None)."""
    root = host_path("/sys/fs/cgroup")
    if not os.path.isdir(root):
        reason = Unknown("/sys/fs/cgroup not found")
        return reason, reason, reason
    own = _own_cgroup_paths()
    if os.path.exists(os.path.join(root, "cgroup.controllers")):
        return 2, *_v2_limits(own.get("", "/"))
    if os.path.isdir(os.path.join(root, "cpu")) or os.path.isdir(os.path.join(root, "memory")):
        return 1, *_v1_limits(own)
    reason = Unknown("unrecognised /sys/fs/cgroup layout")
    return reason, reason, reason


def _read_number_file(path: str) -> Union[str, Unknown, None]:
    """The file's first bytes; None when it does not exist; Unknown when it cannot be read
    (an unreadable limit is not "no limit")."""
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read(256).strip()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except PermissionError:
        return Unknown(f"no permission to read {unroot(path)}")
    except OSError as exc:
        return Unknown(f"cannot read {unroot(path)}: {exc.strerror or exc}")


def _v2_limits(path: str) -> Tuple[Union[float, Unknown, None], Union[int, Unknown, None]]:
    quota: Union[float, Unknown, None] = None
    memory: Union[int, Unknown, None] = None
    for directory in _candidates("/sys/fs/cgroup", path):
        text = _read_number_file(os.path.join(directory, "cpu.max"))
        if isinstance(text, Unknown) or isinstance(quota, Unknown):
            quota = quota if isinstance(quota, Unknown) else text
        elif text:
            parts = text.split()
            if parts and parts[0] != "max" and len(parts) == 2:
                try:
                    cores = int(parts[0]) / int(parts[1])
                    quota = cores if quota is None else min(quota, cores)
                except (ValueError, ZeroDivisionError):
                    pass
        text = _read_number_file(os.path.join(directory, "memory.max"))
        if isinstance(text, Unknown) or isinstance(memory, Unknown):
            memory = memory if isinstance(memory, Unknown) else text
        elif text and text != "max":
            try:
                value = int(text)
                memory = value if memory is None else min(memory, value)
            except ValueError:
                pass
    return quota, memory


def _v1_limits(
    own: Dict[str, str],
) -> Tuple[Union[float, Unknown, None], Union[int, Unknown, None]]:
    quota: Union[float, Unknown, None] = None
    memory: Union[int, Unknown, None] = None
    for directory in _candidates("/sys/fs/cgroup/cpu", own.get("cpu", "/")):
        q = _read_number_file(os.path.join(directory, "cpu.cfs_quota_us"))
        p = _read_number_file(os.path.join(directory, "cpu.cfs_period_us"))
        if isinstance(quota, Unknown) or isinstance(q, Unknown) or isinstance(p, Unknown):
            quota = next(v for v in (quota, q, p) if isinstance(v, Unknown))
            continue
        try:
            if q is not None and p is not None and int(q) > 0 and int(p) > 0:
                cores = int(q) / int(p)
                quota = cores if quota is None else min(quota, cores)
        except ValueError:
            pass
    for directory in _candidates("/sys/fs/cgroup/memory", own.get("memory", "/")):
        text = _read_number_file(os.path.join(directory, "memory.limit_in_bytes"))
        if isinstance(memory, Unknown) or isinstance(text, Unknown):
            memory = memory if isinstance(memory, Unknown) else text
            continue
        try:
            if text is not None and 0 < int(text) < _UNLIMITED_BYTES:
                memory = int(text) if memory is None else min(memory, int(text))
        except ValueError:
            pass
    return quota, memory
