"""What every envcheck run must satisfy, whatever its input (issue 16).

- exit code in {0, 1, 2}; never a traceback or "internal error"; within the time and memory
  bounds;
- every artefact parses: JSON strictly (no NaN/Infinity), JUnit XML, the Prometheus
  exposition lines, NHC lines, shell scripts (``bash -n``), compose YAML, HTML with no markup
  but envcheck's own;
- no terminal escape or control character in anything printed (stdout, stderr, text files);
- no file touched outside the named outputs, and the shell-payload canary never created.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Dict, List, Optional, Set

from envcheck.sanitize import has_escape

MAX_SECONDS = 30.0
MAX_RSS_KB = 1_500_000
PROM_LINE = re.compile(
    r"^(# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*|"
    r'[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\[\\"n])*",?)*\})? '
    r"(-?[0-9.e+-]+|NaN|[+-]Inf))$"
)
HTML_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "h1",
    "h2",
    "p",
    "table",
    "caption",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "script",
}


def _strict_json(text: str) -> None:
    def bad(name: str) -> None:
        raise ValueError(f"{name} in JSON output")

    json.loads(text, parse_constant=bad)


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: List[str] = []
        self.bad: List[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append(tag)
        if tag not in HTML_TAGS:
            self.bad.append(f"<{tag}>")
        for name, _ in attrs:
            if name.lower().startswith("on") or name.lower() in ("src", "href", "style"):
                self.bad.append(f"{tag}[{name}]")


def check_format(fmt: str, text: str, where: str) -> Optional[str]:
    """None when ``text`` is valid ``fmt``; else why not."""
    try:
        if fmt == "json":
            _strict_json(text)
        elif fmt == "junit":
            ET.fromstring(text.split("\n", 1)[1] if text.startswith("<?xml") else text)
        elif fmt == "prometheus":
            for line in text.splitlines():
                if line and not PROM_LINE.match(line):
                    return f"{where}: not an exposition line: {line[:120]!r}"
        elif fmt == "nhc":
            for line in text.splitlines():
                if line and not line.startswith("ERROR: envcheck: "):
                    return f"{where}: not an NHC line: {line[:120]!r}"
        elif fmt == "sh":
            proc = subprocess.run(["bash", "-n"], input=text.encode(), capture_output=True)
            if proc.returncode != 0:
                return f"{where}: bash -n: {proc.stderr.decode()[:200]}"
        elif fmt == "html":
            parser = _Tags()
            parser.feed(text)
            if parser.bad or parser.tags.count("script") != 1:
                return f"{where}: markup from input: {parser.bad[:5]}"
        elif fmt == "yaml":
            import yaml

            yaml.safe_load(text)
    except Exception as exc:  # noqa: BLE001 - any parse failure is the finding
        return f"{where}: not valid {fmt}: {type(exc).__name__}: {str(exc)[:200]}"
    if fmt in ("text", "nhc", "sh", "prometheus", "html", "junit") and has_escape(text):
        match = re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\ud800-\udfff]", text)
        shown = repr(match.group(0)) if match else "?"
        return f"{where}: a control/escape character {shown} reached the output"
    return None


def listing(root: Path) -> Dict[str, float]:
    out: Dict[str, float] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            try:
                out[path] = os.lstat(path).st_mtime_ns
            except OSError:
                continue
    return out


def check_run(
    case: object,
    result: dict,
    cwd: Path,
    before: Dict[str, float],
    canary: str,
) -> List[str]:
    """Every invariant for one finished run; the list of what failed (empty: all held)."""
    problems: List[str] = []
    stdout = (cwd / ".fuzz-stdout").read_text(encoding="utf-8", errors="replace")
    stderr = (cwd / ".fuzz-stderr").read_text(encoding="utf-8", errors="replace")
    rc = result["rc"]
    if result["timed_out"]:
        problems.append(f"did not finish within {MAX_SECONDS:g} s")
    elif rc not in (0, 1, 2):
        problems.append(f"exit code {rc}")
    if result.get("maxrss_kb") and result["maxrss_kb"] > MAX_RSS_KB:
        problems.append(f"peak memory {result['maxrss_kb'] // 1024} MiB")
    for marker in ("Traceback (most recent call last)", "internal error"):
        if marker in stderr or marker in stdout:
            problems.append(f"{marker!r} in the output: {stderr[-600:]}")
    if has_escape(stderr.replace("\n", "")):
        problems.append(f"escape/control character on stderr: {stderr[:200]!r}")
    if stdout and rc in (0, 1) and case.fmt != "none":
        problem = check_format(case.fmt, stdout, "stdout")
        if problem:
            problems.append(problem)
    if rc in (0, 1) and case.output_fmt:
        for out in case.outputs:
            if os.path.isfile(out):
                text = Path(out).read_text(encoding="utf-8", errors="replace")
                problem = check_format(case.output_fmt, text, out)
                if problem:
                    problems.append(problem)
    for out in case.outputs:
        ctx = Path(out)
        if ctx.is_dir() and (ctx / "compose.yaml").is_file():
            for name, fmt in (("compose.yaml", "yaml"), ("run.sh", "sh")):
                if (ctx / name).is_file():
                    problem = check_format(fmt, (ctx / name).read_text(), str(ctx / name))
                    if problem:
                        problems.append(problem)
    if os.path.lexists(canary):
        problems.append("a shell payload was executed (the canary exists)")
    after = listing(cwd)
    allowed_roots = [str(cwd / ".fuzz-stdout"), str(cwd / ".fuzz-stderr"), *case.outputs]
    # TMPDIR itself may change (a temporary file made and removed again bumps its mtime);
    # anything left inside it is still caught below, as a path that was not there before.
    scratch = str(cwd / "tmp")
    touched: Set[str] = set()
    for path, mtime in after.items():
        if any(path == r or path.startswith(r.rstrip("/") + "/") for r in allowed_roots):
            continue
        if path == scratch:
            continue
        if before.get(path) != mtime:
            touched.add(path)
    if touched:
        problems.append(f"files touched outside the named outputs: {sorted(touched)[:5]}")
    return problems
