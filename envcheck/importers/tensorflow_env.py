"""TensorFlow's environment printouts.

- ``tf.sysconfig.get_build_info()`` (a dict / ``OrderedDict([...])`` with ``cuda_version``,
  ``cudnn_version``, ``cuda_compute_capabilities``, ``is_cuda_build``);
- ``tf_env_collect.sh`` output (``== check pips ==``, ``tf.version.VERSION = ...``,
  ``== cuda libs ==``, ``== env ==``, an embedded nvidia-smi table);
- the issue-template lines (``TensorFlow version (use command below): 2.4.0``,
  ``Python version: 3.8``).
"""

from __future__ import annotations

import ast
import re
from typing import Any, Dict, Optional

from envcheck.importers import base
from envcheck.snapshot import OsInfo, PythonInfo, SharedLib, Snapshot

NAME = "tensorflow environment"

_TF_VERSION = re.compile(r"^[^\S\n]*tf\.version\.VERSION\s*=\s*(\S+)", re.M)
_SECTION = re.compile(r"^==\s*(.+?)\s*=+\s*$")
_TEMPLATE_VERSION = re.compile(
    # (one run of blanks and an optional bullet: "\s*[-*]?\s*" tried every split of a long
    # run of spaces, quadratic in its length)
    r"^[ \t]*(?:[-*][ \t]*)?TensorFlow version(?:\s*\([^)]*\))?\s*:\s*"
    r"(?:b?'?v?[\w.-]*'?\s+)?v?(\d+\.\d+(?:\.\d+)?)",
    re.M | re.I,
)
_TEMPLATE_PY = re.compile(r"^[^\S\n]*[-*]\s*Python version\s*:\s*(\d+\.\d+(?:\.\d+)?)", re.M | re.I)
# The GitHub issue form (2022 on): "### TensorFlow version" with the answer on a later line,
# e.g. "2.17.0", "tf 2.13.0", "v2.12.0-rc1-12-g0db597d0d75 2.12.0" (tensorflow/tensorflow#73368,
# #60237, #61691, read 2026-12-02).
_FORM_VERSION = re.compile(r"^#{2,4}\s*TensorFlow version\s*\n\s*\n?(.+)$", re.M | re.I)
_FORM_PY = re.compile(r"^#{2,4}\s*Python version\s*\n\s*\n?\s*(\d+\.\d+(?:\.\d+)?)", re.M | re.I)
_OS = re.compile(
    r"^(?:#{2,4}\s*OS platform and distribution\s*\n\s*\n?"
    r"|[ \t]*(?:[-*][ \t]*)?\**OS Platform and Distribution[^:\n]*:\**)[ \t]*(\S.*)$",
    re.M | re.I,
)
_CUDA_LIB = re.compile(r"/(lib(?:cudart|cublas|cudnn|nccl))\.so\.(\d+(?:\.\d+)*)\s*$")


def detect(text: str) -> bool:
    if _TF_VERSION.search(text) or "== check pips" in text or "== tensorflow import" in text:
        return True
    if _build_info(text) is not None:
        return True
    return bool(_TEMPLATE_VERSION.search(text) or _form_version(text))


def _form_version(text: str) -> Optional[str]:
    m = _FORM_VERSION.search(text)
    if not m:
        return None
    found = re.findall(r"(?<![\w.])(?:tf\s*|v)?(\d+\.\d+(?:\.\d+)?)(?![\w.])", m.group(1))
    return found[-1] if found else None


def _os_from_template(text: str) -> Optional[OsInfo]:
    """The issue template's OS line: native Windows, Windows + WSL2, or nothing decided."""
    m = _OS.search(text)
    if not m:
        return None
    value = m.group(1).lower()
    if "wsl" in value:
        return OsInfo(platform="linux", wsl=True)
    if re.search(r"\bwin(?:dows)?\s*(?:1[01]|[78]|server)?\b", value) and not re.search(
        r"linux|ubuntu|debian", value
    ):
        return OsInfo(platform="windows")
    return None


def _literal(raw: str) -> Any:
    import warnings

    try:
        # Python's tokenizer warns about some malformed literals ("1abc": invalid decimal
        # literal) on stderr; pasted text is not code, so its warnings are nobody's business
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.literal_eval(raw)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _build_info(text: str) -> Optional[Dict[str, Any]]:
    """The first build-info dict in the text (``OrderedDict([...])`` or ``{...}``)."""
    for start in re.finditer(r"OrderedDict\(\[|\{\s*'", text):
        opener = start.group(0)
        body_start = start.end() - (1 if opener.startswith("OrderedDict") else len(opener))
        closer = "])" if opener.startswith("OrderedDict") else "}"
        pos = body_start
        for _ in range(60):  # try each possible end until the literal parses
            end = text.find(closer, pos)
            if end < 0 or end - body_start > 20000:
                break
            raw = text[body_start : end + (1 if closer == "])" else 1)]
            data = _literal(raw)
            if isinstance(data, list):
                try:
                    data = dict(data)
                except (TypeError, ValueError):
                    data = None
            if isinstance(data, dict) and ("is_cuda_build" in data or "cuda_version" in data):
                return data
            pos = end + 1
    return None


def parse(text: str) -> Snapshot:
    snap = Snapshot()
    info = _build_info(text)
    if info is not None:
        tf = base.deep(snap, "tensorflow")
        tf.detail = "from tf.sysconfig.get_build_info()"
        if info.get("is_cuda_build") is False:
            tf.cuda_version = base.STATED_NONE
            tf.detail += ": is_cuda_build=False"  # the probe's wording, which EC211 reads
        cv = info.get("cuda_version")
        if isinstance(cv, str) and base.cuda_major_minor(cv):
            tf.cuda_version = base.cuda_major_minor(cv)
        dn = info.get("cudnn_version")
        if isinstance(dn, str) and re.match(r"^\d", dn):
            tf.cudnn_version = dn
        caps = info.get("cuda_compute_capabilities")
        if isinstance(caps, list) and all(isinstance(c, str) for c in caps):
            tf.arch_list = [c if c.startswith(("sm_", "compute_")) else f"sm_{c}" for c in caps]

    m = _TF_VERSION.search(text)
    sections = _sections(text)
    pips = sections.get("check pips", "")
    tf_name = "tensorflow"
    for line in pips.split("\n"):
        parts = line.split()
        if len(parts) >= 2 and re.match(r"^\d", parts[1]):
            base.add_package(snap, parts[0], parts[1])
            if base.normalize_name(parts[0]) in ("tensorflow-gpu", "tensorflow-cpu", "tf-nightly"):
                tf_name = base.normalize_name(parts[0])
    if m:
        base.add_package(snap, tf_name, m.group(1))
    else:
        tm = _TEMPLATE_VERSION.search(text)
        fv = None if tm else _form_version(text)
        if tm or fv:
            base.add_package(snap, "tensorflow", tm.group(1) if tm else fv)
            pm = _TEMPLATE_PY.search(text) or _FORM_PY.search(text)
            if pm:
                snap.python = PythonInfo(version=pm.group(1))
            osinfo = _os_from_template(text)
            if osinfo is not None:
                snap.os = osinfo

    for line in sections.get("cuda libs", "").split("\n"):
        lm = _CUDA_LIB.search(line.strip())
        if lm:
            c = base.cuda(snap)
            if not isinstance(c.libraries, list):
                c.libraries = []
            c.libraries.append(
                SharedLib(name=lm.group(1), path=line.strip(), version=lm.group(2), origin="report")
            )
    env = sections.get("env", "")
    for line in env.split("\n"):
        em = re.match(r"^\s*(LD_LIBRARY_PATH|DYLD_LIBRARY_PATH|CUDA_VISIBLE_DEVICES)\s+(.*)$", line)
        if em and "is unset" not in em.group(2):
            if not isinstance(snap.env, dict):
                snap.env = {}
            snap.env[em.group(1)] = em.group(2).strip()
    docker = sections.get("are we in docker", "").strip().lower()
    if docker.startswith(("yes", "no")):
        snap.os = OsInfo(container="docker" if docker.startswith("yes") else base.STATED_NONE)
    py = sections.get("python version", "")
    pt = re.search(r"\((\d+),\s*(\d+),\s*(\d+),\s*'", py)
    if pt:
        snap.python = PythonInfo(version=f"{pt.group(1)}.{pt.group(2)}.{pt.group(3)}")
    return snap


def _sections(text: str) -> Dict[str, str]:
    out: Dict[str, str] = {}
    current: Optional[str] = None
    buf: list = []
    for line in text.split("\n"):
        sm = _SECTION.match(line.strip())
        if sm:
            if current is not None:
                out[current] = "\n".join(buf)
            current, buf = sm.group(1).strip().lower(), []
            continue
        if current is not None:
            buf.append(line)
    if current is not None:
        out[current] = "\n".join(buf)
    return out
