"""Facts stated inside error messages (the message is their evidence).

- "The NVIDIA driver on your system is too old (found version 12020)" and other wordings
  of the driver API version (``cudaDriverGetVersion``: major*1000 + minor*10) -> the highest
  CUDA the driver runs, 12.2;
- "The detected CUDA version (11.8) mismatches the version that was used to compile PyTorch
  (12.1)" -> the system nvcc and torch's CUDA;
- "... with CUDA capability sm_120 is not compatible with the current PyTorch installation.
  The current PyTorch install supports CUDA capabilities sm_50 ... sm_90" -> the GPU's
  compute capability and the build's arch list;
- "NVRM: API mismatch: the client has the version X, but this kernel module has the version
  Y" -> the user-space driver and the loaded kernel module;
- a CUDA out-of-memory message with total / free / reserved figures -> memory held by other
  processes when total - free is far above what this process reserved.
"""

from __future__ import annotations

import re
from typing import Any, Dict, Iterator, List, Optional

from envcheck.importers.extract.facts import Fact

_DRIVER_API = re.compile(
    r"(?:found version|driver version(?: is)?|cudaDriverGetVersion\(\)\s*(?:returned|=)?|"
    r"CUDA driver version:?)\s*\(?(\d{4,5})\)?",
    re.I,
)
_EXT_MISMATCH = re.compile(
    r"detected CUDA version \(([\d.]+)\) mismatches the version that was used to compile\s*"
    r"PyTorch \(([\d.]+)\)",
    re.I,
)
_SM = re.compile(r"CUDA capability sm_(\d+) is not compatible", re.I)
_SUPPORTS = re.compile(r"supports CUDA capabilities ((?:sm_\d+\s*)+)", re.I)
_MIN_CC = re.compile(
    r"cuda capability (\d+)\.(\d+)\.?\s*PyTorch no longer supports this GPU|"
    r"Found GPU\d* .*? which is of (?:cuda|compute) capability (?:\(CC\) )?(\d+)\.(\d+)|"
    r"your device is of CUDA capability (\d+)\.(\d+)",
    re.I,
)
_FOUND_GPU_NAME = re.compile(
    r"Found GPU\d* (\S.{0,60}?) which is of (?:cuda|compute) capability", re.I
)
_MIN_SUPPORTED = re.compile(
    r"minimum cuda capability supported by this library is (\d+)\.(\d+)", re.I
)
_API_MISMATCH = re.compile(
    r"client has the version ([\d.]*\d),?\s*but\s*(?:NVRM:\s*)?this kernel module has the\s*"
    r"version ([\d.]*\d)|kernel module has version ([\d.]*\d)\s*but this NVIDIA driver\s*"
    r"component has version ([\d.]*\d)",
    re.I,
)
_NGC_DRIVER = re.compile(
    r"built for NVIDIA Driver Release [\d.]+ or later, but\s*version (\d{3}\.\d+(?:\.\d+)?) "
    r"was detected",
    re.I,
)
_SIZE = r"([\d.]+)\s*([KMGT]i?B)"
_OOM_OLD = re.compile(
    rf"GPU (\d+);\s*{_SIZE} total capacity;\s*{_SIZE} already allocated;\s*{_SIZE} free;"
    rf"(?:\s*{_SIZE} allowed;)?\s*{_SIZE} reserved",
    re.I,
)
_OOM_NEW = re.compile(
    rf"GPU (\d+) has a total capacity of {_SIZE} of which {_SIZE} is free\.", re.I
)
_OOM_RESERVED = re.compile(rf"{_SIZE} is reserved by PyTorch but unallocated", re.I)
_OOM_ALLOCATED = re.compile(rf"{_SIZE} is allocated by PyTorch", re.I)
_OOM_PROCESS = re.compile(rf"Process (\d+) has {_SIZE} memory in use", re.I)
_UNIT = {
    "bytes": 1 / (1 << 20),
    "b": 1 / (1 << 20),
    "kb": 1 / 1024,
    "kib": 1 / 1024,
    "mb": 1,
    "mib": 1,
    "gb": 1024,
    "gib": 1024,
    "tb": 1 << 20,
    "tib": 1 << 20,
}


def mib(num: str, unit: str) -> float:
    """A size as the messages print it ("7.92", "GiB") in MiB; 0.0 for a number that is not one
    ("1.2.3" matched by a loose pattern)."""
    try:
        return float(num) * _UNIT.get(unit.lower(), 1)
    except ValueError:
        return 0.0


def _gpu_before(text: str) -> Optional[str]:
    """The last GPU model named in ``text`` right before torch's "with CUDA capability"."""
    from envcheck.importers.extract.prose import gpu_names

    tail = text[-80:].rstrip()
    if not tail.lower().endswith(" with"):
        return None
    names = gpu_names(tail)
    return names[-1] if names else None


def cuda_api_version(number: str) -> Optional[str]:
    """A CUDA API version number as CUDA prints it (major*1000 + minor*10: "12020") as
    "12.2"; None for a number that cannot be one."""
    if not number.isdigit() or not 1000 <= int(number) < 30000:
        return None
    code = int(number)
    return f"{code // 1000}.{code % 1000 // 10}"


def facts(entries: List[Dict[str, Any]], lines: List[str]) -> Iterator[Fact]:
    """Facts in the messages of ``entries`` (one file's); ``lines`` are that file's lines,
    so a message whose numbers sit on the next line (wrapped) is read whole."""
    from envcheck.importers.extract.lines import joined, strip_prefix

    for e in entries:
        line = str(e.get("line", ""))
        file = str(e.get("file", "log"))
        n = int(e.get("lineno") or 0)
        pid = e.get("pattern")
        if 0 < n <= len(lines):
            rest = [strip_prefix(x) for x in lines[n : n + 3]]
            line = joined(line, [r for r in rest if r])

        def fact(
            key: str, value: object, name: str = "", gpu: int = -1, *, _at: tuple = (file, n, line)
        ) -> Fact:
            return Fact(key, value, _at[0], _at[1], _at[2], "message", gpu=gpu, name=name)

        if pid in ("driver-too-old-found-version", "driver-insufficient"):
            m = _DRIVER_API.search(line)
            version = cuda_api_version(m.group(1)) if m else None
            if version:
                yield fact("driver.cuda", version)
        m = _EXT_MISMATCH.search(line)
        if m:
            yield fact("nvcc", _mm(m.group(1)))
            yield fact("torch.cuda", _mm(m.group(2)))
        m = _SM.search(line)
        if m:
            digits = m.group(1)
            yield fact("gpu.cc", f"{int(digits[:-1])}.{digits[-1]}")
            # torch names the GPU it judged before "with CUDA capability": that is the GPU at
            # work, whatever other card the text's prose names (UltraSinger#273: a Quadro
            # P2200 on another server, the RTX 5080 in the message)
            named_gpu = _gpu_before(line[: m.start()])
            if named_gpu:
                yield fact("gpu.name", named_gpu)
            s = _SUPPORTS.search(line)
            if s:
                yield fact("torch.arch_list", tuple(s.group(1).split()))
        m = _MIN_CC.search(line)
        if m:
            groups = [g for g in m.groups() if g is not None]
            major, minor = groups[0], groups[1]
            yield fact("gpu.cc", f"{int(major)}.{minor}")
            named = _FOUND_GPU_NAME.search(line)
            if named:  # torch names the GPU it judged: "Found GPU0 NVIDIA GB10 which is of ..."
                yield fact("gpu.name", named.group(1).strip())
        m = _API_MISMATCH.search(line)
        if m:
            client, kernel = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            yield fact("driver.version", client)
            yield fact("kernel.module_version", kernel)
        if pid == "container-driver-release-floor":
            m = _NGC_DRIVER.search(line)
            if m:  # the host driver the container's entrypoint found
                yield fact("driver.version", m.group(1))
        if pid == "cuda-out-of-memory":
            yield from _oom(fact, line)


def _oom(fact, line: str) -> Iterator[Fact]:  # type: ignore[no-untyped-def]
    total = free = reserved = None
    gpu = 0
    m = _OOM_OLD.search(line)
    if m:
        gpu = int(m.group(1))
        total, free = mib(m.group(2), m.group(3)), mib(m.group(6), m.group(7))
        reserved = mib(m.group(10), m.group(11))
    m = _OOM_NEW.search(line)
    if m:
        gpu = int(m.group(1))
        total, free = mib(m.group(2), m.group(3)), mib(m.group(4), m.group(5))
        alloc = _OOM_ALLOCATED.search(line)
        res = _OOM_RESERVED.search(line)
        if alloc:
            reserved = mib(alloc.group(1), alloc.group(2)) + (
                mib(res.group(1), res.group(2)) if res else 0.0
            )
    if total is None or free is None or reserved is None:
        return
    others = max(0.0, total - free - reserved)
    yield fact("gpu.field", int(total), "memory_total_mib", gpu)
    yield fact("gpu.field", int(others), "memory_used_mib", gpu)


def _mm(v: str) -> Optional[str]:
    m = re.match(r"(\d+)\.(\d+)", v)
    return f"{int(m.group(1))}.{int(m.group(2))}" if m else v
