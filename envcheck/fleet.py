"""Judge many nodes at once from their snapshots or verify reports.

Inputs are what the cluster's own engine collects (``srun ... envcheck inspect --json``,
a DaemonSet writing ``envcheck verify --format json``): files, directories of them, or JSON
lines on stdin. Each document is either a Snapshot (the checks are run here) or a verify JSON
report (its findings are taken as they are). The work is split over processes in chunks, so
10,000 nodes take seconds, and it grows linearly with the node count.
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from envcheck.errors import InputError
from envcheck.snapshot import MAX_SNAPSHOT_CHARS

# The facts compared across the fleet: name -> how to read it from a snapshot dict.
DRIFT_FACTS = (
    "driver",
    "driver_cuda",
    "gpu_model",
    "gpu_count",
    "cuda_toolkit",
    "cudnn",
    "nccl",
    "torch",
    "torchvision",
    "tensorflow",
    "jax",
    "python",
    "kernel",
)

# A file over this is unreadable input, like `--snapshot` (never read whole into memory).
MAX_INPUT_BYTES = 64 * 1024 * 1024

# (document name, raw JSON text). Chunks of these travel to worker processes.
RawDoc = Tuple[str, str]

# Input limits (docs/security.md): a *.json file (one node) at most what `--snapshot` accepts,
# a *.jsonl file (many nodes) MAX_JSONL_BYTES, stdin MAX_STDIN_BYTES, one document in a
# *.jsonl or on stdin MAX_SNAPSHOT_CHARS. A larger file or document is an unreadable node
# (read no further than the cap + 1 byte).
MAX_FILE_BYTES = 16 << 20
MAX_JSONL_BYTES = 64 << 20
MAX_STDIN_BYTES = 256 << 20


@dataclass
class NodeResult:
    node: str
    source: str
    findings: List[Dict[str, Any]] = field(default_factory=list)  # code, category, severity, title
    facts: Dict[str, Optional[str]] = field(default_factory=dict)
    error: Optional[str] = None  # the input could not be read

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f["severity"] == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f["severity"] == "warning")


@dataclass
class FleetSummary:
    nodes: List[NodeResult]
    # code -> {"category", "severity", "title", "nodes": [...]}
    by_check: Dict[str, Dict[str, Any]]
    # fact -> {"majority": value, "majority_count": n, "outliers": {node: value}}
    drift: Dict[str, Dict[str, Any]]

    @property
    def judged(self) -> List[NodeResult]:
        """Nodes whose input could be read and judged."""
        return [n for n in self.nodes if not n.error]

    @property
    def unreadable(self) -> List[NodeResult]:
        """Inputs that could not be read (empty, binary, truncated, too large): not nodes."""
        return [n for n in self.nodes if n.error]

    @property
    def failing_nodes(self) -> List[NodeResult]:
        """Judged nodes with at least one error finding (their own severity)."""
        return [n for n in self.judged if n.errors]

    def exit_code(self) -> int:
        """1 when a judged node has an error; else 2 when an input was unreadable; else 0."""
        if self.failing_nodes:
            return 1
        return 2 if self.unreadable else 0


# --- reading inputs --------------------------------------------------------------------------


def read_inputs(paths: Sequence[str], stdin_text: Optional[str] = None) -> List[RawDoc]:
    """Collect raw documents: files, ``*.json``/``*.jsonl`` in directories, JSON lines on stdin."""
    docs: List[RawDoc] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files = sorted(p for p in path.iterdir() if p.suffix in (".json", ".jsonl"))
        elif path.exists():
            files = [path]
        else:
            raise InputError(f"{raw}: no such file or directory")
        for file in files:
            if not file.is_file():  # /dev/zero, a FIFO: never read without end
                docs.append((str(file), json.dumps({"__unreadable__": "not a regular file"})))
                continue
            text = _read_file(str(file))
            if text is None or isinstance(text, tuple):
                docs.append((str(file), json.dumps({"__unreadable__": text[0] if text else "?"})))
                continue
            docs.extend(_split(str(file), text))
    if stdin_text is not None:
        docs.extend(_split("<stdin>", stdin_text))
    if not docs:
        raise InputError("no inputs: give files, a directory of *.json, or JSON lines on stdin")
    return docs


def _read_file(path: str) -> Any:
    """The file's text, or (reason,) when it cannot be a node document (bounded read)."""
    from envcheck.safe_io import read_regular

    limit = MAX_JSONL_BYTES if path.endswith(".jsonl") else MAX_FILE_BYTES
    try:
        raw = read_regular(path, limit, "node document")
    except InputError as exc:
        reason = str(exc)
        return (reason[len(path) + 2 :] if reason.startswith(f"{path}: ") else reason,)
    if b"\0" in raw[:8192]:
        return ("binary data, not JSON",)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return ("not UTF-8 text",)


def _split(name: str, text: str) -> Iterator[RawDoc]:
    """One document per file; ``*.jsonl`` files and stdin may hold many (JSON lines, or
    pretty-printed documents one after another)."""
    if not text.strip():
        yield name, json.dumps({"__unreadable__": "empty input"})
        return
    if not (name.endswith(".jsonl") or name == "<stdin>"):
        yield name, text
        return
    decoder = json.JSONDecoder()
    position, number = 0, 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position >= len(text):
            return
        number += 1
        try:
            _, end = decoder.raw_decode(text, position)
        except (ValueError, RecursionError) as exc:  # RecursionError: nested thousands deep
            # Unsplittable rest: report it once as one unreadable document.
            yield f"{name}#{number}", json.dumps({"__unreadable__": f"not valid JSON: {exc}"})
            return
        if end - position > MAX_SNAPSHOT_CHARS:
            reason = f"larger than {MAX_SNAPSHOT_CHARS >> 20} MiB, not a node document"
            yield f"{name}#{number}", json.dumps({"__unreadable__": reason})
        else:
            yield f"{name}#{number}", text[position:end]
        position = end


# --- judging one chunk (runs in worker processes) --------------------------------------------


def judge_chunk(chunk: Sequence[RawDoc]) -> List[NodeResult]:
    results = []
    for source, text in chunk:
        try:
            results.append(_judge_one(source, text))
        except Exception as exc:  # noqa: BLE001 - one bad document must not end the fleet run
            results.append(
                NodeResult(
                    node=source,
                    source=source,
                    error=f"could not be judged ({type(exc).__name__}); "
                    f"try: envcheck verify --snapshot {source.split('#')[0]}",
                )
            )
    return results


_JUDGE: List[Callable[[Any], Any]] = []  # the check catalogue, loaded once per process


def _judge_one(source: str, text: str) -> NodeResult:
    from envcheck.safe_json import loads
    from envcheck.snapshot import Snapshot, SnapshotError

    try:
        data = loads(text)  # bounded: NaN, huge numbers and deep nesting are refused
    except ValueError as exc:
        why = "truncated JSON" if "Expecting" in str(exc) or "Unterminated" in str(exc) else ""
        return NodeResult(
            node=source,
            source=source,
            error=f"not valid JSON{' (' + why + ')' if why else ''}: {exc}",
        )
    if isinstance(data, dict) and "__unreadable__" in data:
        return NodeResult(node=source, source=source, error=str(data["__unreadable__"]))
    if isinstance(data, dict) and isinstance(data.get("findings"), list):
        snap_dict = data.get("snapshot") if isinstance(data.get("snapshot"), dict) else {}
        findings = [_brief(f) for f in data["findings"] if isinstance(f, dict)]
    else:
        snap_dict = data if isinstance(data, dict) else {}
        try:
            snapshot = Snapshot.from_dict(data, ints_checked=True)  # safe_json.loads above
        except SnapshotError as exc:
            return NodeResult(node=source, source=source, error=str(exc))
        if not _JUDGE:
            _JUDGE.append(_snapshot_judge())
        outcome = _JUDGE[0](snapshot)
        findings = [_brief(f.to_dict()) for f in outcome.findings]
    host = snap_dict.get("hostname")
    return NodeResult(
        node=host if isinstance(host, str) and host else source,
        source=source,
        findings=findings,
        facts=drift_facts(snap_dict),
    )


def _snapshot_judge() -> Callable[[Any], Any]:
    """The check catalogue with the bundled matrix and the default policy, loaded once."""
    from envcheck.checks.registry import run_checks
    from envcheck.compat import load_matrix
    from envcheck.policy import load_policy

    matrix, policy = load_matrix(), load_policy(None)
    return lambda snapshot: run_checks(snapshot, matrix, policy)


def _brief(finding: Dict[str, Any]) -> Dict[str, Any]:
    gpu = finding.get("gpu")
    return {
        "code": str(finding.get("code", "?")),
        "category": str(finding.get("category", "?")),
        "severity": str(finding.get("severity", "?")),
        "title": str(finding.get("title", "")),
        # A GPU index is a small integer; anything else from a node's file is dropped.
        "gpu": gpu if isinstance(gpu, int) and not isinstance(gpu, bool) else None,
    }


def _get(data: Any, *keys: str) -> Any:
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    if isinstance(data, dict) and set(data) == {"unknown"}:
        return None
    return data


def _versions(items: Any) -> Optional[str]:
    if not isinstance(items, list):
        return None
    found = sorted({str(i["version"]) for i in items if isinstance(i, dict) and i.get("version")})
    return ",".join(found) or None


def drift_facts(snap: Dict[str, Any]) -> Dict[str, Optional[str]]:
    """The version facts compared across nodes, read from a snapshot dict (None = unknown)."""
    gpus = _get(snap, "driver", "gpus")
    gpus = gpus if isinstance(gpus, list) else []
    models = sorted({str(g.get("name")) for g in gpus if isinstance(g, dict) and g.get("name")})
    installed = _get(snap, "packages", "installed")
    installed = installed if isinstance(installed, dict) else {}

    def text(value: Any) -> Optional[str]:
        return None if value is None or isinstance(value, (dict, list)) else str(value)

    return {
        "driver": text(_get(snap, "driver", "version")),
        "driver_cuda": text(_get(snap, "driver", "cuda_version")),
        "gpu_model": ",".join(models) or None,
        "gpu_count": str(len(gpus)) if gpus else None,
        "cuda_toolkit": _versions(_get(snap, "cuda", "toolkits")),
        "cudnn": _versions(_get(snap, "cuda", "cudnn")),
        "nccl": _versions(_get(snap, "cuda", "nccl")),
        "torch": text(installed.get("torch")),
        "torchvision": text(installed.get("torchvision")),
        "tensorflow": text(installed.get("tensorflow")),
        "jax": text(installed.get("jax")),
        "python": text(_get(snap, "python", "version")),
        "kernel": text(_get(snap, "os", "kernel")),
    }


# --- the whole fleet ------------------------------------------------------------------------


def judge(
    docs: Sequence[RawDoc],
    workers: Optional[int] = None,
    on_judged: Optional[Callable[[int], None]] = None,
) -> FleetSummary:
    """``on_judged(n)`` is called as each chunk of ``n`` documents is judged (a progress bar)."""
    workers = workers or min(os.cpu_count() or 1, 8)
    chunk_size = max(50, len(docs) // (workers * 4) + 1)
    chunks = [docs[i : i + chunk_size] for i in range(0, len(docs), chunk_size)]
    parts: List[List[NodeResult]] = []
    if workers > 1 and len(chunks) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(judge_chunk, chunks):
                parts.append(part)
                if on_judged:
                    on_judged(len(part))
    else:
        for chunk in chunks:
            parts.append(judge_chunk(chunk))
            if on_judged:
                on_judged(len(chunk))
    nodes = [node for part in parts for node in part]
    _dedupe_names(nodes)
    return FleetSummary(nodes=nodes, by_check=_by_check(nodes), drift=_drift(nodes))


def _dedupe_names(nodes: List[NodeResult]) -> None:
    seen: Counter = Counter(n.node for n in nodes)
    for node in nodes:
        if seen[node.node] > 1:
            node.node = f"{node.node} ({node.source})"


_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def _by_check(nodes: Iterable[NodeResult]) -> Dict[str, Dict[str, Any]]:
    """code -> {category, severity (the worst any node reported), title, nodes, severities}.

    ``severities`` maps each severity to the nodes that reported the check at it: a check is a
    warning on one node and an error on another (EC102 without NVIDIA hardware is a warning),
    and each node keeps its own verify severity.
    """
    table: Dict[str, Dict[str, Any]] = {}
    # code -> node names already listed, and (code, severity) -> the same per severity: sets,
    # so grouping stays linear (a list scan per node made 50,000 nodes take minutes)
    seen: Dict[str, set] = {}
    seen_at: Dict[Tuple[str, str], set] = {}
    for node in nodes:
        for finding in node.findings:
            code = finding["code"]
            entry = table.get(code)
            if entry is None:
                entry = table[code] = {k: finding[k] for k in ("category", "severity", "title")}
                entry["nodes"] = []
                entry["severities"] = {}
                seen[code] = set()
            severity = finding["severity"]
            if _SEVERITY_ORDER.get(severity, 3) < _SEVERITY_ORDER.get(entry["severity"], 3):
                entry["severity"] = severity
            if node.node not in seen[code]:
                seen[code].add(node.node)
                entry["nodes"].append(node.node)
            at = entry["severities"].setdefault(severity, [])
            listed = seen_at.setdefault((code, severity), set())
            if node.node not in listed:
                listed.add(node.node)
                at.append(node.node)
    for entry in table.values():
        entry["severities"] = dict(
            sorted(entry["severities"].items(), key=lambda kv: _SEVERITY_ORDER.get(kv[0], 3))
        )
    return dict(
        sorted(
            table.items(),
            key=lambda kv: (_SEVERITY_ORDER.get(kv[1]["severity"], 3), -len(kv[1]["nodes"])),
        )
    )


def _drift(nodes: Sequence[NodeResult]) -> Dict[str, Dict[str, Any]]:
    drift: Dict[str, Dict[str, Any]] = {}
    readable = [n for n in nodes if not n.error]
    for fact in DRIFT_FACTS:
        values: Dict[str, List[str]] = defaultdict(list)
        for node in readable:
            value = node.facts.get(fact)
            if value is not None:
                values[value].append(node.node)
        if len(values) < 2:
            continue
        majority, members = max(values.items(), key=lambda kv: (len(kv[1]), kv[0]))
        drift[fact] = {
            "majority": majority,
            "majority_count": len(members),
            "outliers": {n: v for v, names in values.items() if v != majority for n in names},
        }
    return drift
