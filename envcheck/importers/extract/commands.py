"""The output of common diagnostic commands, pasted without the rest of a report.

Each reader here knows one command's output and reads only what that output states:

- ``pip show torch``: "Name: torch" with "Version: 2.0.1" on a following line;
- CUDA's ``deviceQuery`` sample: "CUDA Driver Version / Runtime Version 11.4 / 11.2" (the newest
  CUDA the driver runs; the runtime is the sample's own) and "CUDA Capability Major/Minor
  version number: 8.6";
- ``modinfo nvidia``: its "version:" line is the kernel module's (only where the text shows
  the command or the module's file name: any tool prints "version:");
- the toolkit's ``/usr/local/cuda/version.json``: the "cuda" entry's "version";
- cuDNN's header (``cudnn_version.h``, ``cudnn.h`` before cuDNN 8): the three ``#define``s;
- a Python session's answers that are not versions: ``torch.cuda.get_device_capability()``
  (``(8, 6)``) and ``torch.cuda.get_arch_list()`` (the build's ``sm_`` list);
- ``nvidia-smi --version``: its "CUDA Version" line is the driver's CUDA;
- ``nvidia-container-cli info``: "NVRM version" (the driver), "CUDA version" (the newest CUDA
  the driver runs, not a toolkit) and each device's "Architecture" (its compute capability);
- ``cat /sys/module/nvidia/version``: the loaded kernel module's version on the next line;
- ``nvidia-smi --query-gpu=... --format=csv,noheader``: the columns are named by the command,
  not by a header line;
- TensorFlow's ``tf.sysconfig.get_build_info()``: the CUDA its build was made for;
- PyTorch's build configuration (``torch.__config__.show()``, which OpenMMLab's and
  detectron2's environment reports print as "PyTorch compiling details" / "PyTorch built
  with:"): "- CUDA Runtime 11.1" and "- NVCC architecture flags: -gencode;arch=compute_86,
  code=sm_86;..." are the torch build's CUDA and architectures;
- ``/etc/os-release`` without its PRETTY_NAME line (prose reads that one): NAME and VERSION.

Versions printed by ``torch.__version__`` and the like are read by fragments.repl_facts.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator, List

from envcheck.importers.extract import fragments, packages
from envcheck.importers.extract.facts import Fact

# cheap tests on the whole text before any line is read (a 1 MB log holds none of them)
_MARKERS = (
    "Name:",
    "Runtime Version",
    "Capability Major/Minor",
    "modinfo",
    "nvidia.ko",
    '"cuda"',
    "CUDNN_MAJOR",
    "get_device_capability",
    "get_arch_list",
    "NVRM version",
    "/sys/module/nvidia/version",
    "--query-gpu=",
    "cuda_version",
    "NVML version",
    'NAME="',
    "NVCC architecture flags",
)
_PIP_SHOW_NAME = re.compile(r"^[^\S\n]*Name:\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*$")
_PIP_SHOW_VERSION = re.compile(r"^[^\S\n]*Version:\s*(\d[\w.+!-]*)\s*$")
_DEVICE_QUERY_VERSIONS = re.compile(
    r"CUDA Driver Version\s*/\s*Runtime Version\s+(\d{1,2}\.\d{1,2})\s*/\s*\d{1,2}\.\d{1,2}"
)
_DEVICE_QUERY_CC = re.compile(r"CUDA Capability Major/Minor version number:\s*(\d{1,2}\.\d)\b")
_MODINFO_VERSION = re.compile(r"^[^\S\n]*version:\s*(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\s*$")
_MODINFO_CONTEXT = re.compile(r"\bmodinfo\s+nvidia\b|/nvidia\.ko(?:\.\w+)?\b")
_JSON_CUDA = re.compile(r'^[^\S\n]*"cuda"\s*:\s*\{\s*$')
_JSON_VERSION = re.compile(r'^[^\S\n]*"version"\s*:\s*"(\d{1,2}\.\d{1,2})(?:\.\d+)?"')
_CUDNN_DEFINE = re.compile(r"^[^\S\n]*#\s*define\s+CUDNN_(MAJOR|MINOR|PATCHLEVEL)\s+(\d{1,2})\s*$")
_REPL_CALL = re.compile(
    r"^[^\S\n]*(?:>>>|In \[\d+\]:)?\s*(?:print\s*\(\s*)?torch\s*\.\s*cuda\s*\.\s*"
    r"(get_device_capability|get_arch_list)\s*\(\s*\d*\s*\)\s*\)?\s*$"
)
# nvidia-smi --version: "NVIDIA-SMI version : 550.54.15", "NVML version : 550.54", "DRIVER
# version : 550.54.15", "CUDA Version : 12.4" (the driver's CUDA)
_SMI_VERSION_CUDA = re.compile(r"^[^\S\n]*CUDA Version\s*:\s*(\d{1,2}\.\d{1,2})\s*$")
_CONTAINER_CLI = re.compile(
    r"^[^\S\n]*(NVRM version|CUDA version|Architecture)\s*:\s*(\d{1,3}\.\d{1,3}(?:\.\d{1,3})?)\s*$"
)
_SYS_MODULE = re.compile(r"cat\s+/sys/module/nvidia/version\s*$")
_MODULE_VERSION = re.compile(r"^[^\S\n]*(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\s*$")
_QUERY_GPU = re.compile(r"--query-gpu[= ]([\w.,]+)[^\n]*--format[= ]csv\S*noheader")
_TF_BUILD_CUDA = re.compile(r"['\"]cuda_version['\"]\s*[,:]\s*['\"](\d{1,2}\.\d{1,2})['\"]")
_OS_NAME = re.compile(r'^NAME="?([A-Za-z][\w !./-]{1,40}?)"?\s*$')
_OS_VERSION = re.compile(r'^VERSION="?(\d[\w .()/-]{0,40}?)"?\s*$')
_CC_TUPLE = re.compile(r"^[^\S\n]*(?:Out\[\d+\]:\s*)?\(\s*(\d{1,2})\s*,\s*(\d)\s*\)\s*$")
# torch.__config__.show(): its bullets, and each -gencode's code= (an SASS sm_XY or a PTX
# compute_XY; "code=[sm_90,compute_90]" names both)
_NVCC_ARCH_FLAGS = re.compile(r"^-?\s*NVCC architecture flags:\s*(\S+)")
_GENCODE_CODES = re.compile(r"code=\[?((?:sm|compute)_\d+a?(?:,(?:sm|compute)_\d+a?)*)\]?")
_WHOLE_GENCODES = re.compile(
    r"^(?:-gencode;arch=compute_\d+a?,code=\[?(?:sm|compute)_\d+a?(?:,(?:sm|compute)_\d+a?)*\]?;?)+$"
)
_TORCH_CONFIG_CUDA = re.compile(r"^-\s*CUDA Runtime (\d{1,2}\.\d{1,2})\s*$")
_TORCH_CONFIG = re.compile(r"PyTorch built with:|PyTorch compiling details")
_ARCH_LIST = re.compile(r"^\s*(?:Out\[\d+\]:\s*)?\[\s*((?:'(?:sm|compute)_\d+a?'\s*,?\s*)+)\]\s*$")


def facts(lines: List[str], file: str, text: str) -> Iterator[Fact]:  # noqa: C901 - one rule a branch
    """Facts stated by a command's output in the lines (``text``: the lines joined)."""
    if not any(m in text for m in _MARKERS):
        return
    modinfo = _MODINFO_CONTEXT.search(text) is not None
    container_cli = "nvidia-container-cli" in text or "NVRM version" in text
    smi_version = "NVML version" in text
    torch_config = _TORCH_CONFIG.search(text) is not None
    cudnn: dict = {}
    query: List[str] = []  # the columns a --query-gpu ... noheader command named
    for i, raw in enumerate(lines):
        line = raw.strip()
        # (torch's build-configuration bullets run to several hundred characters: the flags
        # line is read past the length cut the other readers have)
        bullet = torch_config and line.startswith("-") and len(line) <= 4000
        if not line or (len(line) > 300 and not bullet):
            continue
        n = i + 1

        def fact(
            key: str, value: object, name: str = "", g: int = -1, at: int = n, said: str = line
        ) -> Fact:
            return Fact(key, value, file, at, said[:300], "fragment", gpu=g, name=name)

        if bullet:
            read = list(_torch_config_line(line, fact, _next_is_a_bullet(lines, i)))
            if read:
                yield from read
                continue
            if len(line) > 300:
                continue

        if query:
            cells = [c.strip() for c in line.split(",")]
            if len(cells) == len(query) and not line.startswith(("$", "#", ">")):
                yield from fragments.csv_row(fact, query, cells, n)
                continue
            query = []
        if "--query-gpu" in line:
            m = _QUERY_GPU.search(line)
            if m:
                query = [c.strip().lower() for c in m.group(1).split(",") if c.strip()]
            continue
        if smi_version and line.startswith("CUDA Version") and i > 0 and "version" in lines[i - 1]:
            m = _SMI_VERSION_CUDA.match(line)
            if m:
                yield fact("driver.cuda", m.group(1))
                continue
        if container_cli and ("version" in line or "Architecture" in line):
            m = _CONTAINER_CLI.match(line)
            if m:
                key = {"NVRM version": "driver.version", "CUDA version": "driver.cuda"}
                yield fact(key.get(m.group(1), "gpu.cc"), m.group(2))
                continue
        if "/sys/module/nvidia/version" in line and _SYS_MODULE.search(line):
            if i + 1 < len(lines):
                m = _MODULE_VERSION.match(lines[i + 1])
                if m:
                    yield fact("kernel.module_version", m.group(1), at=n + 1, said=lines[i + 1])
            continue
        if "cuda_version" in line:
            m = _TF_BUILD_CUDA.search(line)
            if m and ("is_cuda_build" in line or "cudnn_version" in line):
                yield fact("runtime.cuda", m.group(1), "TensorFlow (build info)")
            continue
        if line.startswith("NAME=") and "PRETTY_NAME" not in text:
            m = _OS_NAME.match(line)
            for j in range(i + 1, min(len(lines), i + 3)) if m else ():
                v = _OS_VERSION.match(lines[j].strip())
                if v:
                    yield fact("os", f"{m.group(1)} {v.group(1)}", at=j + 1, said=lines[j])
                    break
            continue
        m = _PIP_SHOW_NAME.match(line) if line.startswith("Name:") else None
        if m and packages.is_interesting(m.group(1)):
            for j in range(i + 1, min(len(lines), i + 3)):
                v = _PIP_SHOW_VERSION.match(lines[j])
                if v:
                    said = f"{line} {lines[j].strip()}"

                    def shown(
                        key: str,
                        value: object,
                        name: str = "",
                        kind: str = "fragment",
                        at: int = j + 1,
                        text: str = said,
                    ) -> Fact:
                        return Fact(key, value, file, at, text[:300], kind, name=name)

                    yield from packages.package_facts(shown, m.group(1), v.group(1))
                    break
            continue
        if "Runtime Version" in line:
            m = _DEVICE_QUERY_VERSIONS.search(line)
            if m:
                # (the runtime is the sample's own: it ran, so it says nothing of a framework)
                yield fact("driver.cuda", m.group(1))
            continue
        if "Capability Major/Minor" in line:
            m = _DEVICE_QUERY_CC.search(line)
            if m:
                yield fact("gpu.cc", m.group(1))
            continue
        if modinfo and line.startswith("version:"):
            m = _MODINFO_VERSION.match(line)
            if m:
                yield fact("kernel.module_version", m.group(1))
            continue
        if line.startswith('"cuda"') and _JSON_CUDA.match(line):
            # version.json: {"cuda": {"name": "CUDA SDK", "version": "11.8.0"}, ...}
            for j in range(i + 1, min(len(lines), i + 4)):
                v = _JSON_VERSION.match(lines[j])
                if v:
                    yield fact("nvcc", v.group(1), at=j + 1, said=lines[j].strip())
                    break
            continue
        if "CUDNN_" in line:
            m = _CUDNN_DEFINE.match(line)
            if m:
                cudnn[m.group(1)] = (m.group(2), n, line)
                if len(cudnn) == 3:
                    major, minor, patch = (cudnn[k][0] for k in ("MAJOR", "MINOR", "PATCHLEVEL"))
                    at, said = cudnn["MAJOR"][1], cudnn["MAJOR"][2]
                    yield fact("cudnn", f"{major}.{minor}.{patch}", at=at, said=said)
                    cudnn = {}
            continue
        m = _REPL_CALL.match(line) if "torch" in line else None
        if m and i + 1 < len(lines):
            answer = lines[i + 1]
            if m.group(1) == "get_device_capability":
                cc = _CC_TUPLE.match(answer)
                if cc:
                    value = f"{cc.group(1)}.{cc.group(2)}"
                    yield fact("gpu.cc", value, at=n + 1, said=f"{line} -> {value}")
            else:
                archs = _ARCH_LIST.match(answer)
                if archs:
                    found = tuple(re.findall(r"'((?:sm|compute)_\d+a?)'", archs.group(1)))
                    said = f"{line} -> {answer.strip()}"
                    yield fact("torch.arch_list", found, at=n + 1, said=said)


def _torch_config_line(line: str, fact: Callable[..., Fact], whole: bool) -> Iterator[Fact]:
    """One bullet of torch.__config__.show(): the build's CUDA and its architectures. The
    architectures only from a flags line that is whole (``whole``: another bullet follows it,
    and every -gencode in it is complete): people cut the line ("...;-gencode;arch=compute_70"
    at a paste's end, "...code=sm_75;-g"), and a cut list would name too few."""
    m = _TORCH_CONFIG_CUDA.match(line)
    if m:
        yield fact("torch.cuda", m.group(1))
        return
    m = _NVCC_ARCH_FLAGS.match(line)
    if m and whole and _WHOLE_GENCODES.match(m.group(1)):
        codes: List[str] = []
        for group in _GENCODE_CODES.findall(m.group(1)):
            codes.extend(c for c in group.split(",") if c not in codes)
        if codes:
            yield fact("torch.arch_list", tuple(codes))


def _next_is_a_bullet(lines: List[str], i: int) -> bool:
    """Whether the next non-blank line after ``i`` is another "- " bullet."""
    for later in lines[i + 1 : i + 4]:
        if later.strip():
            return later.lstrip().startswith("- ")
    return False
