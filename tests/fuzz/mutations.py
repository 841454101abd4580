"""Hostile inputs for every path envcheck reads: the mutation families of issue 16.

Each ``make_*`` function takes a ``random.Random`` and a case directory and returns a
:class:`Case`: the argv (files it names live in the case directory), optional stdin, the
output files it may write, and the format of what it prints (so the invariants know how to
parse it). Nothing here executes a payload: the shell payloads write a canary file if they
ever run, and the invariants look for it.
"""

from __future__ import annotations

import copy
import json
import os
import random
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SNAPSHOTS = sorted(p for p in (FIXTURES / "snapshots").glob("*.json"))
REPORTS = sorted(p for p in (FIXTURES / "reports").iterdir() if p.suffix in (".txt", ".log"))
CANARY = "FUZZ_CANARY_EXECUTED"


@dataclass
class Case:
    family: str
    argv: List[str]
    fmt: str  # how stdout must parse: text, json, junit, nhc, prometheus, sh, html, none
    stdin: Optional[str] = None  # a file in the case dir fed to stdin
    outputs: List[str] = field(default_factory=list)  # files the command may create
    output_fmt: Optional[str] = None  # format of --output, when different from stdout's

    def describe(self) -> str:
        return f"[{self.family}] envcheck {' '.join(a[:80] for a in self.argv)}"


def payloads(cwd: Path) -> List[Any]:
    canary = cwd / CANARY
    return [
        f"$(touch {canary})",
        f"`touch {canary}`",
        f"x; touch {canary}; #",
        f"x' ; touch {canary} ; echo '",
        f'x" && touch {canary} && echo "',
        f"x | touch {canary}",
        "\x1b]0;pwned\x07\x1b[2J\x1b[31mred",
        "\x9b31m\x9d0;title\x9c",
        "\u202egnp.exe",
        "\ud800",
        "\udfff lone",
        "<script>alert(1)</script><img src=x onerror=alert(1)>",
        "]]><![CDATA[",
        "\x00\x01\x02\x0b\x0c\x7f",
        "line\nnext\rline",
        "A" * 100_000,
        "",
        " ",
        "../../../../etc/passwd",
    ]


def values(rng: random.Random, cwd: Path) -> List[Any]:
    # Deep values stay a marker until the text is written (deepcopy and json.dumps would
    # recurse on them here): see _expand_deep.
    deep = f"__DEEP_{rng.choice((70, 500, 5000, 100_000))}__"
    return [
        None,
        True,
        False,
        0,
        -1,
        2**63,
        -(2**63) - 1,
        int("9" * 400),
        1.5,
        -0.0,
        1e308,
        "str",
        [],
        {},
        [1, "a", None],
        {"unknown": 5},
        {"unknown": "why"},
        {"a": {"b": {"c": []}}},
        deep,
        *payloads(cwd),
    ]


# --- JSON documents ---------------------------------------------------------------------------


def _paths(doc: Any, prefix: Tuple[Any, ...] = ()) -> List[Tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:4]):
            out.extend(_paths(v, prefix + (i,)))
    return out


def _set(doc: Any, path: Tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


def _expand_deep(text: str) -> str:
    import re

    def deep(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return '{"k": ' * (n // 2) + "[" * (n - n // 2) + "0" + "]" * (n - n // 2) + "}" * (n // 2)

    return re.sub(r'"__DEEP_(\d+)__"', deep, text)


RAW_TOKENS = (
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "9" * 5000,
    '"\\ud800"',
    '"\\u001b]0;x\\u0007"',
)


def mutate_json(rng: random.Random, doc: Any, cwd: Path, rounds: int = 0) -> str:
    """``doc`` with 1-3 fields replaced (wrong type, huge, deep, hostile strings), as text;
    sometimes with raw tokens JSON does not allow or that overflow."""
    doc = copy.deepcopy(doc)
    pool = values(rng, cwd)
    paths = _paths(doc)
    for _ in range(rounds or rng.randint(1, 3)):
        path = rng.choice(paths[1:] or paths)
        try:
            doc = _set(doc, path, copy.deepcopy(rng.choice(pool)))
        except (KeyError, IndexError, TypeError):
            continue
        paths = _paths(doc)
    try:
        text = json.dumps(doc, ensure_ascii=rng.random() < 0.5)
    except (ValueError, RecursionError):
        text = json.dumps({"schema_version": 1})
    text = _expand_deep(text)
    if rng.random() < 0.2:  # a raw token where a number was
        marker = rng.choice(('": 0', '": 1', '": true', '": null'))
        if marker in text:
            text = text.replace(marker, '": ' + rng.choice(RAW_TOKENS), 1)
    if rng.random() < 0.05:
        text = text[: rng.randint(0, len(text))]  # truncated
    return text


# --- special files ----------------------------------------------------------------------------


def special_file(rng: random.Random, cwd: Path) -> str:
    """A path that is not a plain readable file: FIFO, device, directory, link, empty, binary."""
    kind = rng.choice(("fifo", "zero", "urandom", "dir", "link-zero", "empty", "binary", "missing"))
    path = cwd / f"special-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        return "/dev/zero"
    elif kind == "urandom":
        return "/dev/urandom"
    elif kind == "dir":
        path.mkdir()
    elif kind == "link-zero":
        path.symlink_to("/dev/zero")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "binary":
        path.write_bytes(bytes(rng.getrandbits(8) for _ in range(4096)))
    return str(path)


# --- the input paths --------------------------------------------------------------------------

VERIFY_FORMATS = ("text", "json", "junit", "nhc", "prometheus")


def _snapshot_doc(rng: random.Random) -> Any:
    return json.loads(rng.choice(SNAPSHOTS).read_text())


def make_snapshot(rng: random.Random, cwd: Path) -> Case:
    path = cwd / "snap.json"
    path.write_text(
        mutate_json(rng, _snapshot_doc(rng), cwd), encoding="utf-8", errors="surrogatepass"
    )
    return _judge(rng, cwd, ["--snapshot", str(path)], "snapshot")


def _judge(rng: random.Random, cwd: Path, inputs: List[str], family: str) -> Case:
    command = rng.choice(("verify", "verify", "verify", "fix", "fix-docker"))
    if command == "verify":
        fmt = rng.choice(VERIFY_FORMATS)
        argv = ["verify", *inputs, "--format", fmt]
        if rng.random() < 0.3:
            argv.append("--strict")
        if rng.random() < 0.3:
            out = str(cwd / f"report.{fmt}")
            return Case(family, argv + ["--output", out], "none", outputs=[out], output_fmt=fmt)
        return Case(family, argv, fmt)
    if command == "fix":
        fmt = rng.choice(("text", "sh", "json"))
        return Case(family, ["fix", *inputs, "--format", fmt], fmt)
    out = str(cwd / "ctx")
    # --offline: the online lock runs pip, whose caches under HOME are not envcheck's writes
    return Case(
        family, ["fix", "--docker", "--offline", *inputs, "--output", out], "text", outputs=[out]
    )


def make_special(rng: random.Random, cwd: Path) -> Case:
    flag = rng.choice(
        ("--snapshot", "--from-report", "--error-log", "--policy", "fleet", "--replay", "--req")
    )
    path = special_file(rng, cwd)
    if flag == "fleet":
        return Case("special", ["fleet", path, "--workers", "1"], "text")
    if flag == "--replay":
        return Case("special", ["watch", "--replay", path], "text")
    if flag == "--req":
        out = str(cwd / "ctx")
        argv = ["fix", "--docker", "--offline", "--snapshot", str(SNAPSHOTS[0])]
        argv += ["--requirements", path, "--output", out]
        return Case("special", argv, "text", outputs=[out])
    argv = ["verify", flag, path]
    if flag == "--policy":
        argv += ["--snapshot", str(SNAPSHOTS[0])]
    return Case("special", argv, "text")


def _hostile_lines(rng: random.Random, cwd: Path) -> List[str]:
    pool = [p for p in payloads(cwd) if isinstance(p, str)]
    lines = [
        f"GPU {rng.choice(('0', '99999', '9' * 400, '-1'))}: {rng.choice(pool)[:200]}",
        f"Nvidia driver version: {rng.choice(pool)[:200]}",
        f"PyTorch version: {rng.choice(pool)[:200]}",
        f"CUDA used to build PyTorch: {rng.choice(('12.1', '9' * 400, rng.choice(pool)[:100]))}",
        f"RuntimeError: CUDA error: {rng.choice(pool)[:200]}",
        f"NVRM: Xid (PCI:0000:3b:00): {rng.choice(('79', '9' * 300))}, {rng.choice(pool)[:100]}",
        "| NVIDIA-SMI " + rng.choice(pool)[:100] + " Driver Version: 535.1 CUDA Version: 12.2 |",
    ]
    return rng.sample(lines, rng.randint(1, len(lines)))


def make_report(rng: random.Random, cwd: Path) -> Case:
    base = rng.choice(REPORTS).read_text(encoding="utf-8", errors="replace").splitlines()
    extra = _hostile_lines(rng, cwd)
    for line in extra:
        base.insert(rng.randint(0, len(base)), line)
    if rng.random() < 0.1:
        base = base * rng.randint(2, 50)
    path = cwd / rng.choice(("report.txt", "collect_env.txt", "err.log"))
    path.write_text("\n".join(base), encoding="utf-8", errors="surrogatepass")
    flag = rng.choice(("--from-report", "--error-log"))
    return _judge(rng, cwd, [flag, str(path)], "report")


POLICY_KEYS = {
    "gpus": ("count", "model", "mig"),
    "driver": ("min_version",),
    "thresholds": (
        "shm_min_bytes",
        "cores_per_gpu_min",
        "temperature_margin_c",
        "memlock_min_bytes",
    ),
    "kernels": ("min_ratio", "budget_s"),
    "checks": ("skip",),
    "packages": ("torch",),
    "data": ("signed_by",),
}
TOML_VALUES = (
    "8",
    "-1",
    "nan",
    "inf",
    "-inf",
    "1e999",
    "9" * 400,
    '"' + "9" * 400 + 'GiB"',
    '"1.5GiB"',
    '"x"',
    "true",
    "[]",
    '["EC101"]',
    '["\\u001b]0;x\\u0007"]',
    "{}",
    '"\\ud800"',
    '">=2.0"',
    '"$(touch FUZZ_CANARY_EXECUTED)"',
    "[" * 2000 + "]" * 2000,
    "1979-05-27T07:32:00Z",
)


def make_policy(rng: random.Random, cwd: Path) -> Case:
    lines = []
    for section in rng.sample(sorted(POLICY_KEYS), rng.randint(1, 3)):
        lines.append(f"[{section}]")
        for key in rng.sample(POLICY_KEYS[section], 1):
            lines.append(f"{key} = {rng.choice(TOML_VALUES)}")
    if rng.random() < 0.1:
        lines.append("a = " + "[" * rng.choice((100, 5000)) + "]" * 5000)
    if rng.random() < 0.1:
        lines.append(f"[{rng.choice(payloads(cwd))[:50]}]")
    path = cwd / "envcheck.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    inputs = ["--policy", str(path), "--snapshot", str(rng.choice(SNAPSHOTS))]
    return _judge(rng, cwd, inputs, "policy")


def make_fleet(rng: random.Random, cwd: Path) -> Case:
    docs = []
    for _ in range(rng.randint(1, 6)):
        choice = rng.random()
        if choice < 0.5:
            docs.append(mutate_json(rng, _snapshot_doc(rng), cwd))
        elif choice < 0.8:
            report = {
                "findings": [
                    {
                        k: rng.choice(values(rng, cwd))
                        for k in ("code", "severity", "title", "category", "gpu")
                    }
                ],
                "snapshot": {"hostname": rng.choice(payloads(cwd))},
            }
            docs.append(mutate_json(rng, report, cwd, rounds=1))
        else:
            docs.append("[" * rng.choice((10, 100_000)))
    fmt = rng.choice(("text", "json", "html"))
    argv = ["fleet", "--format", fmt, "--workers", "1"]
    if rng.random() < 0.5:
        path = cwd / "nodes.jsonl"
        path.write_text("\n".join(docs) + "\n", encoding="utf-8", errors="surrogatepass")
        return Case("fleet", [*argv, "-"], fmt, stdin=str(path))
    for i, doc in enumerate(docs):
        (cwd / f"n{i}.json").write_text(doc, encoding="utf-8", errors="surrogatepass")
    return Case("fleet", [*argv, str(cwd)], fmt)


def make_matrix(rng: random.Random, cwd: Path) -> Case:
    pool = [p for p in payloads(cwd) if isinstance(p, str) and "\x00" not in p]
    arg = rng.choice(
        (
            "1" * 5000,
            "9" * 400 + ".1",
            "12.4",
            "-1",
            "1e999",
            *pool,
            "12." * 2000,
            "sm_" + "9" * 300,
        )
    )
    command = rng.choice((["cuda"], ["driver"], ["gpu"], ["torch"], ["tensorflow"], ["jax"]))
    argv = ["matrix", *command, arg]
    if rng.random() < 0.5:
        argv.append("--json")
        return Case("matrix", argv, "json")
    return Case("matrix", argv, "text")


def make_bundle(rng: random.Random, cwd: Path, signer: Optional[Callable[[bytes], str]]) -> Case:
    """A data bundle, signed by the harness's key when ``signer`` is given (so the parser is
    reached), installed into a data dir inside the case directory."""
    from envcheck.compat_schema import BUNDLE_FORMAT

    data = FIXTURES.parent.parent / "compat_data"
    bundle = {"format": BUNDLE_FORMAT, "files": {}}
    for name in ("cuda", "cudnn", "glibc", "gpus", "jax", "nccl", "tensorflow", "torch"):
        bundle["files"][f"{name}.json"] = json.loads((data / f"{name}.json").read_text())
    text = mutate_json(rng, bundle, cwd, rounds=rng.randint(1, 2))
    path = cwd / "bundle.json"
    raw = text.encode("utf-8", "surrogatepass")
    path.write_bytes(raw)
    argv = ["data", "update", str(path), "--allow-downgrade"]
    if signer is not None and rng.random() < 0.9:
        Path(str(path) + ".minisig").write_text(signer(raw))
        argv += ["--signed-by", str(cwd.parent / "fuzz-site.pub")]
    return Case("bundle", argv, "text", outputs=[str(cwd / "data")])


TRACES = sorted((FIXTURES / "watch" / "recorded").glob("*.jsonl"))


def make_trace(rng: random.Random, cwd: Path) -> Case:
    """A recorded ``watch`` trace with 1-3 lines mutated, replayed in every format."""
    lines = rng.choice(TRACES).read_text(encoding="utf-8").splitlines()
    # distinct lines of the header and the first rows: a line mutated once may no longer be
    # JSON (or nest too deep for json.loads), so none is parsed a second time
    for i in rng.sample(range(min(len(lines), 40)), rng.randint(1, min(3, len(lines)))):
        lines[i] = mutate_json(rng, json.loads(lines[i]), cwd).replace("\n", " ")
    path = cwd / "trace.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    fmt = rng.choice(("text", "json", "prometheus"))
    argv = ["watch", "--replay", str(path), "--format", fmt]
    if rng.random() < 0.3:
        out = str(cwd / f"report.{fmt}")
        return Case("trace", argv + ["--output", out], "none", outputs=[out], output_fmt=fmt)
    return Case("trace", argv, fmt)


def all_families(
    signer: Optional[Callable[[bytes], str]],
) -> Dict[str, Callable[[random.Random, Path], Case]]:
    return {
        "snapshot": make_snapshot,
        "special": make_special,
        "report": make_report,
        "policy": make_policy,
        "fleet": make_fleet,
        "matrix": make_matrix,
        "trace": make_trace,
        "bundle": lambda rng, cwd: make_bundle(rng, cwd, signer),
    }


def is_special(path: str) -> bool:
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return True
