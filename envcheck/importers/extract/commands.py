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
  (``(8, 6)``) and ``torch.cuda.get_arch_list()`` (the build's ``sm_`` list).

Versions printed by ``torch.__version__`` and the like are read by fragments.repl_facts.
"""

from __future__ import annotations

import re
from typing import Iterator, List

from envcheck.importers.extract import packages
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
)
_PIP_SHOW_NAME = re.compile(r"^\s*Name:\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*$")
_PIP_SHOW_VERSION = re.compile(r"^\s*Version:\s*(\d[\w.+!-]*)\s*$")
_DEVICE_QUERY_VERSIONS = re.compile(
    r"CUDA Driver Version\s*/\s*Runtime Version\s+(\d{1,2}\.\d{1,2})\s*/\s*(\d{1,2}\.\d{1,2})"
)
_DEVICE_QUERY_CC = re.compile(r"CUDA Capability Major/Minor version number:\s*(\d{1,2}\.\d)\b")
_MODINFO_VERSION = re.compile(r"^\s*version:\s*(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\s*$")
_MODINFO_CONTEXT = re.compile(r"\bmodinfo\s+nvidia\b|/nvidia\.ko(?:\.\w+)?\b")
_JSON_CUDA = re.compile(r'^\s*"cuda"\s*:\s*\{\s*$')
_JSON_VERSION = re.compile(r'^\s*"version"\s*:\s*"(\d{1,2}\.\d{1,2})(?:\.\d+)?"')
_CUDNN_DEFINE = re.compile(r"^\s*#\s*define\s+CUDNN_(MAJOR|MINOR|PATCHLEVEL)\s+(\d{1,2})\s*$")
_REPL_CALL = re.compile(
    r"^\s*(?:>>>|In \[\d+\]:)?\s*(?:print\s*\(\s*)?torch\s*\.\s*cuda\s*\.\s*"
    r"(get_device_capability|get_arch_list)\s*\(\s*\d*\s*\)\s*\)?\s*$"
)
_CC_TUPLE = re.compile(r"^\s*(?:Out\[\d+\]:\s*)?\(\s*(\d{1,2})\s*,\s*(\d)\s*\)\s*$")
_ARCH_LIST = re.compile(r"^\s*(?:Out\[\d+\]:\s*)?\[\s*((?:'(?:sm|compute)_\d+a?'\s*,?\s*)+)\]\s*$")


def facts(lines: List[str], file: str, text: str) -> Iterator[Fact]:  # noqa: C901 - one rule a branch
    """Facts stated by a command's output in the lines (``text``: the lines joined)."""
    if not any(m in text for m in _MARKERS):
        return
    modinfo = _MODINFO_CONTEXT.search(text) is not None
    cudnn: dict = {}
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line or len(line) > 300:
            continue
        n = i + 1

        def fact(key: str, value: object, name: str = "", at: int = n, said: str = line) -> Fact:
            return Fact(key, value, file, at, said[:300], "fragment", name=name)

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
