"""The tolerant fact extractor: any readable text -> facts with provenance.

Order of trust (``facts.RANK``): structured blocks the format importers read (collect_env,
nvidia-smi tables, pip/conda lists), then fragments of tool output (``fragments``,
``packages``), then numbers inside error messages (``messages``), then sentences and
``key: value`` lines (``prose``). ``text_facts`` runs the fragment and prose readers on one
file; ``structured_facts`` finds where the values a format importer read stand in the text,
so those carry a line number too; ``apply.apply`` merges everything into the snapshot.

This package is only imported for pasted input: ``verify`` on a live host never loads it.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

from envcheck.importers.extract.facts import MAX_TEXT, Fact

# The command that states each fact, named when the paste does not.
MISSING_HINTS = (
    ("driver.version", "the NVIDIA driver version", "nvidia-smi"),
    ("gpu.name", "the GPU model", "nvidia-smi -q"),
    ("torch.version", "the framework version", "python -m torch.utils.collect_env"),
    ("torch.cuda", "the CUDA the framework was built with", "python -m torch.utils.collect_env"),
)


def text_facts(text: str, file: str) -> List[Fact]:
    """Fragment, package and prose facts in one file's text."""
    from envcheck.importers.extract import (
        apps,
        commands,
        compilers,
        floors,
        fragments,
        glossary,
        images,
        packages,
        prose,
        usage,
    )
    from envcheck.importers.extract.lines import candidate_lines

    original = text
    text, translated = glossary.translate(text)
    lines = text.split("\n")
    out: List[Fact] = []
    commands_read: List[Fact] = []

    def command_outputs() -> List[Fact]:
        commands_read.extend(commands.facts(lines, file, text))
        return commands_read

    readers = (
        lambda: fragments.facts(lines, file, text),
        lambda: fragments.table_facts(text, file),
        lambda: fragments.repl_facts(lines, file) if "version" in text else [],
        command_outputs,
        lambda: packages.facts(lines, file, candidate_lines(text, packages.TRIGGERS)),
        lambda: prose.facts(lines, file, candidate_lines(text, prose.TRIGGERS)),
        lambda: prose.docker_shm_default(text, file),
        lambda: apps.apps_mentioned(text, file),
        lambda: prose.torch_named(text, file),
        lambda: prose.no_cuda_answer_below(text, file),
        lambda: prose.nccl_build_cuda(text, file),
        lambda: floors.stated_facts(text, file),
        lambda: images.ngc_images(text, file),
        lambda: usage.keras_in_use(text, file),
        lambda: compilers.host_gcc(text, file),
    )
    for reader in readers:
        try:
            out.extend(reader())
        except Exception:  # a reader must never take the command down; the others still run
            continue
    # a command's output that names the driver's CUDA (nvidia-smi --version's "CUDA Version :
    # 12.4", nvidia-container-cli's "CUDA version: 12.2") is no toolkit, though the same words
    # in an issue form ("CUDA version: 11.7") mostly are one: only the command's reading wins
    driver_cuda = {(f.line, f.value) for f in commands_read if f.key == "driver.cuda"}
    if driver_cuda:
        out = [f for f in out if not (f.key == "nvcc" and (f.line, f.value) in driver_cuda)]
    if translated:  # a fact read from a translated line shows the line as it was written
        written = original.split("\n")
        for f in out:
            if f.line - 1 in translated:
                f.text = written[f.line - 1].strip()[:MAX_TEXT]
    return out


def single_gpu_mentioned(texts: List[Tuple[str, str]]) -> List[Fact]:
    """The one GPU model the texts name when no reader found a GPU (see prose)."""
    from envcheck.importers.extract import prose

    return prose.single_gpu_mentioned(texts)


def message_facts(entries: List[Dict[str, Any]], text: str, file: str) -> List[Fact]:
    from envcheck.importers.extract import messages

    mine = [e for e in entries if e.get("file") == file]
    if not mine:
        return []
    try:
        return list(messages.facts(mine, text.split("\n")))
    except Exception:
        return []


def _locate(lines: List[str], value: str, hint: Union[str, Tuple[str, ...]] = "") -> Optional[int]:
    """1-based number of the line that states ``value``: a ``hint: value`` line first, then
    any line with both, then any line with the value. Several hints are tried in order for
    their ``hint: value`` line, the last one also loosely (collect_env's toolkit is its "CUDA
    runtime version:", not the "CUDA used to build PyTorch:" above it). One pass: pastes run
    to a megabyte."""
    if not value:
        return None
    hints = [h.lower() for h in (hint if isinstance(hint, tuple) else (hint,)) if h]
    field: Dict[int, int] = {}  # hint index -> its first ``hint: value`` line
    loose: Optional[int] = None
    any_line: Optional[int] = None
    for i, line in enumerate(lines):
        pos = line.find(value)
        if pos == -1:
            continue
        if any_line is None:
            any_line = i + 1
            if not hints:
                return any_line
        low = line.lower()
        for k, h in enumerate(hints):
            at = low.find(h)
            if at == -1:
                continue
            if at < pos and (":" in line[at:pos] or "=" in line[at:pos]):
                if k == 0:
                    return i + 1
                field.setdefault(k, i + 1)
            elif k == len(hints) - 1 and loose is None:
                loose = i + 1
    if field:
        return field[min(field)]
    return loose or any_line


def structured_facts(part: Any, text: str, file: str) -> List[Fact]:
    """The facts a format importer put in ``part``, each with the line it stands on."""
    from envcheck.importers import base

    lines = text.split("\n")
    out: List[Fact] = []

    def add(
        key: str, value: Any, hint: Union[str, Tuple[str, ...]] = "", gpu: int = -1, name: str = ""
    ) -> None:
        if not base.is_set(value):
            return
        shown = value if not isinstance(value, list) else " ".join(map(str, value))
        n = _locate(lines, str(shown).split(" ")[0], hint)
        if n is None:
            return
        out.append(Fact(key, value, file, n, lines[n - 1].strip(), "structured", gpu, name))

    drv = part.driver if part.driver is not None and not isinstance(part.driver, str) else None
    if drv is not None and hasattr(drv, "version"):
        add("driver.version", drv.version, "driver")
        add("driver.cuda", drv.cuda_version, "cuda")
        for g in part.gpus():
            add("gpu.name", g.name, gpu=g.index)
    ks = getattr(part, "kernel", None)
    if ks is not None and hasattr(ks, "proc_driver_version"):
        add("kernel.module_version", ks.proc_driver_version, "kernel module")
    installed = part.installed()
    for name in ("torch", "tensorflow", "jax", "jaxlib"):
        if name in installed:
            add(
                f"{name}.version" if name != "jaxlib" else "package",
                installed[name],
                name if name != "torch" else "torch",
                name="jaxlib" if name == "jaxlib" else "",
            )
    pk = getattr(part, "packages", None)
    for d in getattr(pk, "deep", None) or []:
        if getattr(d, "name", "") == "torch":
            add("torch.cuda", d.cuda_version, "cuda")
    c = getattr(part, "cuda", None)
    for t in getattr(c, "toolkits", None) or []:
        add("nvcc", t.version, ("cuda runtime version", "cuda"))
    for lib in getattr(c, "cudnn", None) or []:
        add("cudnn", lib.version, "cudnn")
    py = getattr(part, "python", None)
    add("python", getattr(py, "version", None), "python")
    o = getattr(part, "os", None)
    add("os", getattr(o, "distribution", None))
    return out


def missing(snap: Any) -> List[Dict[str, str]]:
    """The facts the checks need that no input stated, with the command that states them."""
    from envcheck.importers import base

    out: List[Dict[str, str]] = []
    drv = snap.driver
    if not (hasattr(drv, "version") and base.is_set(drv.version)):
        out.append({"fact": "driver.version", "what": MISSING_HINTS[0][1], "command": "nvidia-smi"})
    if not snap.gpus() or not any(base.is_set(g.name) for g in snap.gpus()):
        out.append({"fact": "gpu.name", "what": MISSING_HINTS[1][1], "command": "nvidia-smi -q"})
    inst = snap.installed()
    if not any(k in inst for k in ("torch", "tensorflow", "jax", "jaxlib")):
        out.append(
            {
                "fact": "framework",
                "what": "the framework and the CUDA it was built with",
                "command": "python -m torch.utils.collect_env",
            }
        )
    return out
