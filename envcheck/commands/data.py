"""`envcheck data`: which compatibility data is in use, and replacing it with a newer bundle.

The bundle format (what `data update` installs and `data bundle` writes)::

    {"format": "envcheck-compat-bundle/1",
     "files": {"cuda.json": {<the file's JSON>}, "gpus.json": {...}, ...}}

Trust comes from a detached minisign (Ed25519) signature, ``BUNDLE.minisig``, made by a key the
site names (``--signed-by KEYFILE`` or ``[data] signed_by`` in ``--policy``): see
envcheck/signing.py and docs/security.md. A checksum from the same server proves nothing and is
not used; ``--sha256`` is an extra pin the user got elsewhere. A bundle older than the data in
use is refused (``--allow-downgrade``). Every file is validated before anything is written; only
the files a previous update wrote (its MANIFEST.json) are replaced, so a failed update leaves
the old data as it was and a folder ENVCHECK_DATA_DIR points at keeps everything else.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Dict, List, Optional

import typer

from envcheck.errors import InputError

MAX_BUNDLE_BYTES = 32 * 1024 * 1024
MAX_SIGNATURE_BYTES = 4096
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_NAME = re.compile(r"^[a-z0-9_]+\.json$")

data_app = typer.Typer(
    name="data",
    help=(
        "The compatibility data envcheck judges with: where it comes from, and updates.\n\n"
        "\b\nExamples:\n"
        "  envcheck data info\n"
        "  envcheck data update https://example.org/envcheck-compat.json --signed-by site.pub"
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
    from envcheck.sanitize import terminal  # the note and the dates come from installed data

    print(terminal("\n".join(lines)))


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    errno = re.search(r"\[Errno -?\d+\] [^'\")\]]+", text)  # "[Errno 111] Connection refused"
    if errno:
        return errno.group(0).strip()
    return text[:160] + ("..." if len(text) > 160 else "")


def _download(
    url: str, timeout: float, what: str, limit: int = MAX_BUNDLE_BYTES, shown: float = 0.0
) -> bytes:
    """GET ``url`` once (no retries), bounded in size, and in time for the WHOLE download: a
    server that sends one byte a second never resets a per-read timeout past the deadline
    (the transfer runs in a daemon thread that is abandoned at the deadline)."""
    import threading

    result: Dict[str, Any] = {}

    def fetch() -> None:
        try:
            result["body"] = _fetch(url, timeout, what, limit, shown or timeout)
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            result["error"] = exc

    worker = threading.Thread(target=fetch, name="data-update-download", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise InputError(
            f"{what} download timed out after {shown or timeout:g} s: {url}; old data kept"
        )
    if "error" in result:
        raise result["error"]
    return result["body"]


def _fetch(
    url: str, timeout: float, what: str, limit: int = MAX_BUNDLE_BYTES, shown: float = 0.0
) -> bytes:
    import requests

    try:
        with requests.get(
            url,
            timeout=(min(timeout, 10.0), timeout),
            stream=True,
            allow_redirects=False,
            headers={"Accept-Encoding": "identity"},  # the size cap counts what arrives
        ) as resp:
            if resp.status_code != 200:
                raise InputError(
                    f"{what} download failed: {url}: HTTP {resp.status_code}; old data kept"
                )
            expected = resp.headers.get("Content-Length")
            encoded = resp.headers.get("Content-Encoding", "identity") not in ("", "identity")
            chunks, total = [], 0
            for chunk in resp.iter_content(65536):
                total += len(chunk)
                if total > limit:
                    raise InputError(
                        f"{what} download refused: {url}: larger than {_size(limit)}; old data kept"
                    )
                chunks.append(chunk)
    except requests.exceptions.ChunkedEncodingError:
        raise InputError(
            f"{what} download truncated: {url}: connection closed early; old data kept"
        ) from None
    except requests.exceptions.Timeout:
        raise InputError(
            f"{what} download timed out after {shown or timeout:g} s: {url}; old data kept"
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
    from envcheck.compat_schema import BUNDLE_FORMAT, FILES, validate_document
    from envcheck.safe_json import loads

    try:  # bounded: no NaN, huge numbers, deep nesting or lone surrogates
        bundle = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise InputError(f"bundle: not valid JSON ({exc})") from None
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


def _owned_files(target: Path) -> Optional[set]:
    """The data files a previous `data update` wrote into ``target`` (its MANIFEST.json),
    or None when there is no manifest of ours."""
    from envcheck.compat_schema import MANIFEST_FORMAT, MANIFEST_NAME
    from envcheck.safe_io import read_regular

    path = target / MANIFEST_NAME
    if not os.path.lexists(path):
        return None
    try:  # a regular file only (a FIFO here hung `data update`), bounded
        manifest = json.loads(read_regular(str(path), 1 << 20, "data manifest", "1 MiB"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        return None
    sums = manifest.get("sha256")
    return (
        {n for n in sums if isinstance(n, str) and _NAME.match(n)}
        if isinstance(sums, dict)
        else None
    )


def install(files: Dict[str, bytes], target: Path, meta: Dict[str, Any]) -> None:
    """Write ``files`` into the data dir ``target``, replacing only what `data update` wrote.

    A folder that ENVCHECK_DATA_DIR points at may hold other things: they are never touched.
    Data files there that no manifest of ours lists (someone's own matrix) are refused rather
    than overwritten. Each file is written to a temporary name and renamed into place, the
    MANIFEST.json (checksums) last, so the loader sees either the old or the new file."""
    import contextlib
    import hashlib
    import os
    import tempfile

    from envcheck.compat_schema import MANIFEST_FORMAT, MANIFEST_NAME

    try:
        target.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or not target.is_dir():
            raise InputError(f"cannot write {target}: not a directory; old data kept")
        present = {p.name for p in target.iterdir() if _NAME.match(p.name) and p.is_file()}
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror}; old data kept") from None
    owned = _owned_files(target) or set()
    foreign = sorted((present - owned) & set(files))
    if foreign:
        raise InputError(
            f"{target} holds {', '.join(foreign)} that `data update` did not write; it replaces "
            "only its own files (point ENVCHECK_DATA_DIR at an empty folder); old data kept"
        )
    temps: Dict[str, str] = {}
    try:
        for name, data in {**files, MANIFEST_NAME: b""}.items():
            if name == MANIFEST_NAME:
                sums = {n: hashlib.sha256(d).hexdigest() for n, d in files.items()}
                manifest = {"format": MANIFEST_FORMAT, "sha256": sums, **meta}
                data = (json.dumps(manifest, indent=2) + "\n").encode("utf-8")
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=target)
            temps[name] = tmp
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o644)
        for name in files:
            os.replace(temps.pop(name), target / name)
        for stale in sorted(owned - set(files)):  # ours before, not in this bundle
            with contextlib.suppress(OSError):
                (target / stale).unlink()
        os.replace(temps.pop(MANIFEST_NAME), target / MANIFEST_NAME)
    except OSError as exc:
        raise InputError(f"cannot write {target}: {exc.strerror}; old data kept") from None
    finally:
        for tmp in temps.values():
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _bundle_date(files: Dict[str, bytes]) -> Optional[str]:
    from envcheck.compat_schema import newest_checked

    dates = [newest_checked(json.loads(data)) for data in files.values()]
    known = [d for d in dates if d]
    return max(known) if known else None


def _trusted_keys(signed_by: List[str], policy_file: Optional[str]) -> List[Any]:
    """--signed-by files, the policy's [data] signed_by, and the keys shipped in the wheel."""
    from envcheck.signing import load_public_key

    paths = list(signed_by)
    if policy_file:
        from envcheck.policy import load_policy

        paths.extend(load_policy(policy_file).data_signed_by)
    keys = [load_public_key(p) for p in paths]
    shipped = Path(__file__).resolve().parent.parent / "keys"
    for pub in sorted(shipped.glob("*.pub")) if PROJECT_KEYS else ():
        keys.append(load_public_key(str(pub)))
    return keys


# The wheel ships no project signing key: nobody holds a project release key today, so there
# is none to trust (docs/security.md). Bundles need a key the site names with --signed-by.
PROJECT_KEYS = False


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


def _read_source(source: str, deadline: float, what: str, limit: int, timeout: float) -> bytes:
    """A local file or one download; every download of one `data update` shares ``deadline``
    (time.monotonic()): --timeout bounds the bundle and its signature together."""
    import time

    from envcheck.safe_io import read_regular

    if re.match(r"^[a-z][a-z0-9+.-]*://", source, re.I):
        _check_url(source)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise InputError(
                f"{what} download timed out after {timeout:g} s: {source}; old data kept"
            )
        return _download(source, remaining, what, limit, shown=timeout)
    return read_regular(source, limit, what, _size(limit))


def _check_url(url: str) -> None:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    loopback = parts.hostname in ("127.0.0.1", "::1", "localhost")
    if parts.scheme == "https" or (parts.scheme == "http" and loopback):
        return
    raise InputError(
        f"{url}: only https:// URLs (or a local file) are accepted; plain http only from this "
        "host (127.0.0.1)"
    )


@data_app.command("update")
def update_cmd(
    source: Optional[str] = typer.Argument(
        None, metavar="[BUNDLE]", help="The bundle: an https:// URL or a local file."
    ),
    url: Optional[str] = typer.Option(None, "--url", help="Same as BUNDLE (kept for scripts)."),
    signature: Optional[str] = typer.Option(
        None, "--signature", metavar="FILE|URL", help="Detached signature (default BUNDLE.minisig)."
    ),
    signed_by: Optional[List[str]] = typer.Option(
        None,
        "--signed-by",
        metavar="KEYFILE",
        help="A minisign public key to trust for this bundle (repeatable).",
    ),
    policy_file: Optional[str] = typer.Option(
        None, "--policy", metavar="FILE", help="Site policy whose [data] signed_by names keys."
    ),
    sha256: Optional[str] = typer.Option(
        None, "--sha256", help="Also require this sha256 of the bundle (a pin you got elsewhere)."
    ),
    allow_downgrade: bool = typer.Option(
        False, "--allow-downgrade", help="Accept a bundle older than the data in use."
    ),
    timeout: float = typer.Option(30.0, "--timeout", help="Seconds for the whole download."),
) -> None:
    """Replace the user copy of the matrix with a newer, signed bundle.

    Newer data normally comes with a newer envcheck (pip install -U envcheck): the matrix
    ships inside the package. A site that curates its own data signs a bundle (made with
    `envcheck data bundle`) with its minisign key, and every node installs it.

    \b
    Examples:
      envcheck data update https://mirror.example/envcheck-compat.json --signed-by site.pub
      envcheck data update ./envcheck-compat.json --signed-by /etc/envcheck/site.pub

    The signature (BUNDLE.minisig, or --signature) must verify against a trusted key
    (--signed-by, or [data] signed_by in --policy; envcheck ships no project key), the
    bundle must not be older than the data in use (--allow-downgrade), and every file must
    validate before the user data dir ($ENVCHECK_DATA_DIR, else
    $XDG_DATA_HOME/envcheck/compat_data) is updated. Only files `data update` wrote there are
    replaced. On any failure the old data stays and the exit code is 2.
    """
    import hashlib
    import time
    from datetime import datetime, timezone

    from envcheck import compat
    from envcheck.signing import parse_signature, verify

    if source and url:
        raise InputError("give the bundle once: BUNDLE or --url")
    source = source or url
    if not source:
        raise InputError(
            "no bundle given: newer data comes with a newer envcheck (pip install -U envcheck); "
            "or give a signed bundle: envcheck data update FILE|https://URL --signed-by KEYFILE"
        )
    if not timeout > 0:
        raise InputError("--timeout must be positive")
    if sha256 is not None:
        sha256 = sha256.strip().lower()
        if not _HEX64.match(sha256):
            raise InputError("--sha256 must be 64 hex digits")
    keys = _trusted_keys(list(signed_by or ()), policy_file)
    if not keys:
        raise InputError(
            "no trusted key: give --signed-by KEYFILE (the minisign public key of whoever signs "
            "your bundles) or [data] signed_by in --policy; envcheck ships no project key"
        )
    target = compat.user_data_dir()
    deadline = time.monotonic() + timeout  # one deadline for the whole download
    body = _read_source(source, deadline, "bundle", MAX_BUNDLE_BYTES, timeout)
    sig_source = signature or source + ".minisig"
    sig_text = _read_source(sig_source, deadline, "signature", MAX_SIGNATURE_BYTES, timeout)
    try:
        key = verify(body, parse_signature(sig_text.decode("utf-8", "replace"), sig_source), keys)
    except InputError as exc:
        raise InputError(f"{source}: {exc}; old data kept") from None
    got = hashlib.sha256(body).hexdigest()
    if sha256 is not None and got != sha256:
        raise InputError(
            f"checksum mismatch for {source}: expected {sha256}, got {got}; old data kept"
        )
    try:
        files = parse_bundle(body)
    except InputError as exc:
        raise InputError(f"{exc}; old data kept") from None
    new_date = _bundle_date(files)
    try:
        current = compat.load_matrix().data_date
    except Exception:  # noqa: BLE001 - unreadable data in use: nothing to be older than
        current = None
    if current and (new_date is None or new_date < current) and not allow_downgrade:
        raise InputError(
            f"{source}: data from {new_date or 'an unknown date'} is older than the data in use "
            f"({current}); --allow-downgrade accepts it; old data kept"
        )
    meta = {
        "source": source,
        "bundle_sha256": got,
        "signed_by": key.id_hex,
        "installed": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
    }
    install(files, target, meta)
    compat.clear_cache()
    m = compat.Matrix(target, "user")
    from envcheck.sanitize import terminal

    print(
        terminal(
            f"envcheck: data updated in {target}: data from {m.data_date} ({len(files)} files, "
            f"signed by key {key.id_hex})"
        )
    )


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

    from envcheck.compat import load_matrix
    from envcheck.compat_schema import BUNDLE_FORMAT, FILES

    m = load_matrix(source)
    files = {f"{k}.json": m.doc(k) for k in FILES}
    raw = (json.dumps({"format": BUNDLE_FORMAT, "files": files}, indent=1) + "\n").encode()
    digest = hashlib.sha256(raw).hexdigest()
    from envcheck.safe_io import write_output

    # Never through a planted link, atomically (safe_io); the bundle is ASCII JSON.
    write_output(str(output), raw.decode("utf-8"))
    write_output(str(output) + ".sha256", f"{digest}  {output.name}\n")
    print(f"{digest}  {output}")


def register(app: typer.Typer) -> None:
    """Add `envcheck data ...` to the app."""
    app.add_typer(data_app, name="data")
