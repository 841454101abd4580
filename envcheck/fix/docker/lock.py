"""Lock the whole Python closure of the top-level pins: every package, its version and sha256.

pip resolves it: ``pip install --dry-run --ignore-installed --report`` for the base image's
Python and platform (``--python-version``, ``--platform``, ``--only-binary=:all:``), against
one source only: the wheelhouse (``--no-index --find-links``) or one index (``--index-url``),
with ``--isolated`` so no pip.conf or PIP_* variable adds another. The report names each file
and its sha256 (computed here for local files). A lock is written as ``--require-hashes``
lines; when pip cannot resolve (no pip, index unreachable, a package without a wheel), the
result says so and carries only the top-level pins.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from envcheck.fix import validate as V

PYPI = "https://pypi.org/simple"


@dataclass
class Locked:
    name: str
    version: str
    sha256: Optional[str]
    filename: Optional[str] = None


@dataclass
class Lock:
    top_level: List[str]
    packages: List[Locked] = field(default_factory=list)
    source: str = ""  # the wheelhouse or index it was resolved against
    python: Optional[str] = None  # the Python it was resolved for
    problem: Optional[str] = None  # why only the top-level pins are there

    @property
    def hashed(self) -> bool:
        return self.problem is None and all(p.sha256 for p in self.packages)

    def versions(self) -> Dict[str, str]:
        return {p.name: p.version for p in self.packages}

    def render(self, header: Sequence[str]) -> str:
        lines = [f"# {line}" for line in header]
        if self.hashed:
            lines.append(
                f"# every package of the closure, resolved against {self.source} for Python "
                f"{self.python} (the base image's)"
            )
            for p in sorted(self.packages, key=lambda p: p.name):
                lines.append(f"{p.name}=={p.version} \\\n    --hash=sha256:{p.sha256}")
        else:
            lines.append(f"# ONLY TOP-LEVEL PINS: {V.safe_text(self.problem or '', 300)}")
            lines.extend(self.top_level)
        return "\n".join(lines) + "\n"


def platform_tags(arch: str, glibc: Optional[Tuple[int, int]]) -> List[str]:
    """The wheel platform tags a Linux image of ``arch`` with ``glibc`` accepts (PEP 600)."""
    major, minor = glibc or (2, 28)
    tags = [f"manylinux_{major}_{m}_{arch}" for m in range(minor, 16, -1)]
    tags += [f"manylinux2014_{arch}"]
    if arch == "x86_64":
        tags += ["manylinux2010_x86_64", "manylinux1_x86_64"]
    return tags + [f"linux_{arch}"]


def resolve(
    top_level: Sequence[str],
    *,
    python: Optional[str],
    arch: str,
    glibc: Optional[Tuple[int, int]],
    find_links: Sequence[Path] = (),
    index_url: Optional[str] = None,
    constraints: Sequence[str] = (),
    timeout: float = 180.0,
) -> Lock:
    """The closure of ``top_level`` from the wheelhouse (``find_links``) or ``index_url``."""
    lock = Lock(top_level=list(top_level), python=python)
    if not top_level:
        lock.source = "nothing to lock"
        return lock
    if python is None or not re.match(r"^3\.\d{1,2}$", python):
        lock.problem = "the base image's Python version is unknown, so pip cannot resolve for it"
        return lock
    if find_links:
        where = ["--no-index"] + [a for d in find_links for a in ("--find-links", str(d))]
        lock.source = "the wheelhouse"
    elif index_url:
        where = ["--index-url", index_url]
        lock.source = index_url
    else:
        lock.problem = "no wheelhouse and no index to resolve against"
        return lock
    with tempfile.TemporaryDirectory(prefix="envcheck-lock-") as tmp:
        req = Path(tmp) / "requirements.txt"
        req.write_text("\n".join(top_level) + "\n", encoding="utf-8")
        report = Path(tmp) / "report.json"
        cmd = [sys.executable, "-m", "pip", "--isolated", "--disable-pip-version-check"]
        cmd += ["install", "--dry-run", "--ignore-installed", "--quiet", "--report", str(report)]
        # pip takes --platform only with --target (nothing is installed: --dry-run)
        cmd += ["--target", str(Path(tmp) / "target")]
        cmd += ["--only-binary=:all:", "--python-version", python, "--implementation", "cp"]
        for tag in platform_tags(arch, glibc):
            cmd += ["--platform", tag]
        cmd += ["--retries", "1", "--timeout", "15", *where, "-r", str(req)]
        if constraints:
            con = Path(tmp) / "constraints.txt"
            con.write_text("\n".join(constraints) + "\n", encoding="utf-8")
            cmd += ["-c", str(con)]
        env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
        try:
            proc = subprocess.run(
                cmd, capture_output=True, text=True, timeout=timeout, env=env, check=False
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            lock.problem = f"pip could not resolve against {lock.source}: {type(exc).__name__}"
            return lock
        if proc.returncode != 0 or not report.is_file():
            errors = [ln for ln in proc.stderr.splitlines() if ln.startswith("ERROR")]
            first = (errors or proc.stderr.strip().splitlines() or ["no output"])[0]
            lock.problem = f"pip could not resolve against {lock.source}: {V.safe_text(first, 200)}"
            return lock
        try:
            data = json.loads(report.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            lock.problem = f"pip's report is unreadable: {exc}"
            return lock
    for item in data.get("install", []):
        meta = item.get("metadata", {})
        info = item.get("download_info", {})
        url = str(info.get("url", ""))
        sha = (info.get("archive_info", {}).get("hashes") or {}).get("sha256")
        if not sha:
            legacy = str(info.get("archive_info", {}).get("hash", ""))
            sha = legacy.split("=", 1)[1] if legacy.startswith("sha256=") else None
        if not sha and url.startswith("file:"):
            sha = _sha256_file(Path(urllib.request.url2pathname(urllib.parse.urlparse(url).path)))
        try:
            name = V.package_name(meta.get("name"))
            version = V.version(meta.get("version"))
        except V.Rejected as exc:
            lock.problem = f"pip reported {exc}"
            lock.packages = []
            return lock
        filename = urllib.parse.unquote(url.rsplit("/", 1)[-1]) if url else None
        lock.packages.append(Locked(name, version, sha, filename))
    missing = [p.name for p in lock.packages if not p.sha256]
    if missing:
        lock.problem = f"no sha256 for {', '.join(missing)}"
    return lock


def _sha256_file(path: Path) -> Optional[str]:
    try:
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        return None
