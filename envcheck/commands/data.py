"""`envcheck data`: which compatibility data is in use, and replacing it with a newer bundle.

The bundle format (what `data update --url` downloads and `data bundle` writes)::

    {"format": "envcheck-compat-bundle/1",
     "files": {"cuda.json": {<the file's JSON>}, "gpus.json": {...}, ...}}

Its sha256 (hex) is given with ``--sha256`` or read from ``URL + ".sha256"`` (``sha256sum``
format: the first word counts). Every file is checked against the schema before anything is
written; the user data dir is then replaced atomically (a complete new directory is written next
to it and renamed into place), so a failed update always leaves the old data as it was.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Dict, Optional

import typer

from envcheck.errors import InputError

MAX_BUNDLE_BYTES = 32 * 1024 * 1024
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_NAME = re.compile(r"^[a-z0-9_]+\.json$")

data_app = typer.Typer(
    name="data",
    help=(
        "The compatibility data envcheck judges with: where it comes from, and updates.\n\n"
        "\b\nExamples:\n"
        "  envcheck data info\n"
        "  envcheck data update --url https://example.org/envcheck-compat.json"
    ),
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


@data_app.command("info")
def info_cmd(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text."),
) -> None:
    """Which data directory is in use, and each file's newest 'checked' date and entry count.

    \b
    Example:
      envcheck data info
      ENVCHECK_DATA_DIR=./my_compat_data envcheck data info --json
    """
    from envcheck.compat import bundled_data_dir, load_matrix, user_data_dir

    m = load_matrix()
    info = m.info()
    user = user_data_dir()
    info["user_data_dir"] = str(user)
    info["bundled_data_dir"] = str(bundled_data_dir())
    if as_json:
        print(json.dumps(info, indent=2))
        return
    lines = [f"data in use: {info['data_dir']} ({info['origin']}), data from {info['data_date']}"]
    if info["note"]:
        lines.append(f"  note: {info['note']}")
    for name, f in info["files"].items():
        lines.append(f"  {name:<16} {f['entries']:>4} entries  checked {f['checked']}")
    try:
        state = "present" if user.is_dir() else "absent"
    except OSError as exc:  # a HOME this user may not enter (Python < 3.12 raises here)
        state = f"not accessible: {exc.strerror or exc}"
    lines.append(f"update target (envcheck data update): {user} ({state})")
    print("\n".join(lines))


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    errno = re.search(r"\[Errno -?\d+\] [^'\")\]]+", text)  # "[Errno 111] Connection refused"
    if errno:
        return errno.group(0).strip()
    return text[:160] + ("..." if len(text) > 160 else "")


def _download(url: str, timeout: float, what: str) -> bytes:
    """GET ``url`` once (no retries), bounded in time and size; a clean InputError on failure."""
    import time

    import requests

    deadline = time.monotonic() + timeout
    try:
        with requests.get(url, timeout=(min(timeout, 10.0), timeout), stream=True) as resp:
            if resp.status_code != 200:
                raise InputError(
                    f"{what} download failed: {url}: HTTP {resp.status_code}; old data kept"
                )
            expected = resp.headers.get("Content-Length")
            encoded = resp.headers.get("Content-Encoding", "identity") not in ("", "identity")
            chunks, total = [], 0
            for chunk in resp.iter_content(65536):
                if time.monotonic() > deadline:
                    raise requests.exceptions.Timeout()
                total += len(chunk)
                if total > MAX_BUNDLE_BYTES:
                    raise InputError(
                        f"{what} download refused: {url}: larger than 32 MiB; old data kept"
                    )
                chunks.append(chunk)
    except requests.exceptions.ChunkedEncodingError:
        raise InputError(
            f"{what} download truncated: {url}: connection closed early; old data kept"
        ) from None
    except requests.exceptions.Timeout:
        raise InputError(
            f"{what} download timed out after {timeout:g} s: {url}; old data kept"
        ) from None
    except requests.RequestException as exc:
        raise InputError(f"{what} download failed: {url}: {_short(exc)}; old data kept") from None
    body = b"".join(chunks)
    if expected and expected.isdigit() and not encoded and int(expected) != len(body):
        raise InputError(
            f"{what} download truncated: {url}: got {len(body)} of {expected} bytes; old data kept"
        )
    return body


def parse_bundle(raw: bytes) -> Dict[str, bytes]:
    """Validate a bundle; return {file name: bytes to write}. Raises InputError."""
    from envcheck.compat import BUNDLE_FORMAT, FILES, validate_document

    try:
        bundle = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InputError("bundle: not valid JSON") from None
    if not isinstance(bundle, dict) or bundle.get("format") != BUNDLE_FORMAT:
        raise InputError(f"bundle: 'format' must be {BUNDLE_FORMAT!r}")
    files = bundle.get("files")
    if not isinstance(files, dict):
        raise InputError("bundle: 'files' is missing or not an object")
    missing = [f"{k}.json" for k in FILES if f"{k}.json" not in files]
    if missing:
        raise InputError(f"bundle: missing {', '.join(missing)}")
    out: Dict[str, bytes] = {}
    for name, doc in files.items():
        if not isinstance(name, str) or not _NAME.match(name) or name == "MANIFEST.json":
            raise InputError(f"bundle: {name!r} is not an allowed file name")
        validate_document(doc, name[: -len(".json")], f"bundle {name}")
        out[name] = (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    return out


def install(files: Dict[str, bytes], target: Path, meta: Dict[str, Any]) -> None:
    """Write ``files`` as the data dir ``target``, atomically replacing what is there."""
    import hashlib
    import os
    import shutil
    import tempfile
    import time

    from envcheck.compat import MANIFEST_FORMAT, MANIFEST_NAME

    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        for stale in parent.glob(".compat_data.*-*"):  # left by an update that was killed
            if stale.is_dir() and time.time() - stale.stat().st_mtime > 3600:
                shutil.rmtree(stale, ignore_errors=True)
        tmp = Path(tempfile.mkdtemp(prefix=".compat_data.new-", dir=parent))
    except OSError as exc:
        raise InputError(f"cannot write {parent}: {exc.strerror}; old data kept") from None
    old: Optional[Path] = None
    try:
        sums = {}
        for name, data in files.items():
            with open(tmp / name, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            sums[name] = hashlib.sha256(data).hexdigest()
        manifest = {"format": MANIFEST_FORMAT, "sha256": sums, **meta}
        (tmp / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        if target.exists() or target.is_symlink():
            old = Path(tempfile.mkdtemp(prefix=".compat_data.old-", dir=parent))
            old.rmdir()
            os.rename(target, old)
        try:
            os.rename(tmp, target)
        except OSError:
            if old is not None:
                os.rename(old, target)
                old = None
            raise
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise InputError(f"cannot write {target}: {exc.strerror}; old data kept") from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


@data_app.command("update")
def update_cmd(
    url: Optional[str] = typer.Option(
        None, "--url", help="Bundle URL (required: envcheck has no official download location)."
    ),
    sha256: Optional[str] = typer.Option(
        None, "--sha256", help="Expected sha256 of the bundle; default: read from URL.sha256."
    ),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds per request."),
) -> None:
    """Replace the user copy of the matrix with a newer bundle (never needed for normal use).

    The bundle's sha256 is checked and every file validated before the user data dir
    ($ENVCHECK_DATA_DIR, else $XDG_DATA_HOME/envcheck/compat_data) is replaced atomically;
    on any failure the old data stays and the exit code is 2. There is no default URL:
    envcheck has no official download location yet, so --url is required (a bundle is made
    with `envcheck data bundle`).

    \b
    Example:
      envcheck data update --url https://example.org/envcheck-compat.json
      envcheck data update --url http://mirror.local/compat.json --sha256 3f0a...
    """
    import hashlib
    from datetime import datetime, timezone

    from envcheck import compat

    if not url:
        raise InputError(
            "--url is required: envcheck has no official download location for the matrix; "
            "point it at a bundle made with `envcheck data bundle`"
        )
    if not re.match(r"^https?://", url):
        raise InputError(f"--url must be an http(s) URL, not {url!r}")
    if timeout <= 0:
        raise InputError("--timeout must be positive")
    if sha256 is not None:
        sha256 = sha256.strip().lower()
        if not _HEX64.match(sha256):
            raise InputError("--sha256 must be 64 hex digits")
    target = compat.user_data_dir()
    body = _download(url, timeout, "bundle")
    if sha256 is None:
        words = _download(url + ".sha256", timeout, "checksum").decode("utf-8", "replace").split()
        sha256 = words[0].lower() if words else ""
        if not _HEX64.match(sha256):
            raise InputError(f"{url}.sha256 does not hold a sha256; old data kept")
    got = hashlib.sha256(body).hexdigest()
    if got != sha256:
        raise InputError(
            f"checksum mismatch for {url}: expected {sha256}, got {got}; old data kept"
        )
    try:
        files = parse_bundle(body)
    except InputError as exc:
        raise InputError(f"{exc}; old data kept") from None
    meta = {
        "url": url,
        "bundle_sha256": got,
        "installed": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    install(files, target, meta)
    compat.clear_cache()
    m = compat.Matrix(target, "user")
    print(f"envcheck: data updated in {target}: data from {m.data_date} ({len(files)} files)")


@data_app.command("bundle")
def bundle_cmd(
    output: Path = typer.Option(..., "--output", "-o", help="Bundle file to write."),
    source: Optional[Path] = typer.Option(
        None, "--from", help="Data directory to bundle (default: the data in use)."
    ),
) -> None:
    """Pack a data directory into a bundle for `data update` (writes OUTPUT and OUTPUT.sha256).

    \b
    Example:
      envcheck data bundle --from compat_data --output envcheck-compat.json
    """
    import hashlib

    from envcheck.compat import BUNDLE_FORMAT, FILES, load_matrix

    m = load_matrix(source)
    files = {f"{k}.json": m.doc(k) for k in FILES}
    raw = (json.dumps({"format": BUNDLE_FORMAT, "files": files}, indent=1) + "\n").encode()
    digest = hashlib.sha256(raw).hexdigest()
    try:
        output.write_bytes(raw)
        Path(str(output) + ".sha256").write_text(f"{digest}  {output.name}\n", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write {output}: {exc.strerror}") from None
    print(f"{digest}  {output}")


def register(app: typer.Typer) -> None:
    """Add `envcheck data ...` to the app."""
    app.add_typer(data_app, name="data")
