"""Write the build context without touching anything envcheck did not write.

- A manifest (``.envcheck-manifest.json``) lists every file envcheck wrote with its sha256, and
  the folders it created. A re-run may replace its own files while they are unchanged; any
  other file in the way (the user's own Dockerfile, a file edited since, a symlink) is refused
  with the list, unless ``force``. Nothing envcheck did not create is ever deleted.
- Nothing is written through a symlink: every path inside the output is checked with
  ``lstat``, and files land by ``os.replace`` of a finished file, which replaces a link
  instead of following it.
- A new output folder is built complete in a temporary folder beside it and renamed into
  place; into an existing folder, every file is finished in a temporary folder inside it first
  and then renamed over its target, under an exclusive ``flock`` of the folder, so concurrent
  runs into one folder take turns.
- Every OS error becomes a one-line ``InputError`` (exit 2) and the temporary folder is
  removed.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Set, Tuple

from envcheck import __version__
from envcheck.errors import InputError
from envcheck.fix import validate as V

MANIFEST = ".envcheck-manifest.json"


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def safe_rel(rel: str) -> bool:
    """A relative path inside the output: no absolute path, no '..', no control characters."""
    parts = rel.split("/")
    return (
        bool(rel)
        and not rel.startswith("/")
        and all(p not in ("", ".", "..") for p in parts)
        and not any(ord(c) < 32 or c == "\\" for c in rel)
    )


def os_error(out: Path, exc: OSError) -> InputError:
    where = V.safe_text(str(exc.filename or out), 300)
    return InputError(f"cannot write the build context: {where}: {exc.strerror or exc}")


@dataclass
class _Entry:
    rel: str
    text: Optional[bytes] = None
    source: Optional[Path] = None
    mode: int = 0o644
    sha256: str = ""


@dataclass
class Outcome:
    written: List[str]
    kept: List[str] = field(default_factory=list)  # stale files left because they changed
    removed: List[str] = field(default_factory=list)


class ContextWriter:
    def __init__(self, out: Path, force: bool = False) -> None:
        self.out = out
        self.force = force
        self.entries: Dict[str, _Entry] = {}

    # -- planning ---------------------------------------------------------------------------

    def add_text(self, rel: str, content: str, mode: int = 0o644) -> None:
        blob = content.encode("utf-8")
        self.entries[rel] = _Entry(
            rel, text=blob, mode=mode, sha256=hashlib.sha256(blob).hexdigest()
        )

    def add_file(self, rel: str, source: Path, sha256: Optional[str] = None) -> None:
        try:
            digest = sha256 or sha256_file(source)
        except OSError as exc:
            raise InputError(
                f"cannot read {V.safe_text(str(source), 300)}: {exc.strerror}"
            ) from None
        self.entries[rel] = _Entry(rel, source=source, sha256=digest)

    def _dirs(self) -> Set[str]:
        dirs: Set[str] = set()
        for rel in self.entries:
            parts = rel.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                dirs.add("/".join(parts[:i]))
        return dirs

    # -- writing ----------------------------------------------------------------------------

    def commit(self) -> Outcome:
        try:
            return self._commit()
        except OSError as exc:
            raise os_error(self.out, exc) from None

    def _commit(self) -> Outcome:
        try:
            st = os.stat(self.out)
        except FileNotFoundError:
            st = None
        if st is None:
            done = self._write_new()
            if done is not None:
                return done
        elif not stat.S_ISDIR(st.st_mode):
            raise InputError(
                f"--output {V.safe_text(str(self.out), 300)} exists and is not a folder"
            )
        return self._write_into_existing()

    def _stage(self, folder: Path) -> None:
        """Write every entry (and the manifest) into ``folder``, which envcheck just created."""
        for rel in sorted(self._dirs()):
            (folder / rel).mkdir()
        for entry in self.entries.values():
            self._materialise(entry, folder / entry.rel)
        self._write_manifest(folder, {e.rel: [e.sha256] for e in self.entries.values()},
                             sorted(self._dirs()))  # fmt: skip

    def _materialise(self, entry: _Entry, target: Path) -> None:
        if entry.text is not None:
            with open(target, "xb") as fh:  # x: a fresh file, never an existing one
                fh.write(entry.text)
        else:
            assert entry.source is not None
            try:
                os.link(entry.source, target)  # wheels are large; a link costs nothing
            except OSError:
                shutil.copyfile(entry.source, target)
        os.chmod(target, entry.mode)

    def _write_manifest(self, folder: Path, files: Dict[str, List[str]], dirs: List[str]) -> None:
        data = {
            "written_by": "envcheck fix --docker",
            "envcheck_version": __version__,
            "files": files,
            "dirs": dirs,
        }
        tmp = folder / f"{MANIFEST}.{os.getpid()}.tmp"
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        with open(tmp, "x", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.write("\n")
        os.replace(tmp, folder / MANIFEST)

    def _write_new(self) -> Optional[Outcome]:
        """Build the whole context beside the target and rename it into place; None when the
        target appeared meanwhile (another run won): then write into it like into any."""
        parent = self.out.parent
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{self.out.name}.envcheck-", dir=parent))
        try:
            self._stage(staging)
            os.chmod(staging, 0o755)
            try:
                os.rename(staging, self.out)
            except OSError as exc:
                if exc.errno in (errno.EEXIST, errno.ENOTEMPTY, errno.EISDIR):
                    return None
                raise
            staging = None
            return Outcome(written=sorted(self.entries))
        finally:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        fd = os.open(self.out, os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def _read_manifest(self) -> Tuple[Dict[str, List[str]], Set[str], Optional[str]]:
        """(files, dirs, problem) of the manifest in the output; problem when it is not ours."""
        path = self.out / MANIFEST
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            return {}, set(), None
        if not stat.S_ISREG(st.st_mode):
            return {}, set(), f"{MANIFEST} (not a regular file)"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            # a hand-edited manifest must not name anything outside the output
            files = {
                str(k): [str(h) for h in v]
                for k, v in data["files"].items()
                if isinstance(v, list) and safe_rel(str(k))
            }
            dirs = {str(d) for d in data.get("dirs", []) if safe_rel(str(d))}
        except (OSError, ValueError, KeyError, AttributeError, TypeError):
            return {}, set(), f"{MANIFEST} (unreadable)"
        return files, dirs, None

    def _check(
        self, files: Dict[str, List[str]], dirs: Set[str]
    ) -> Tuple[List[str], List[str], List[str]]:
        """(conflicts, fatal, dirs to create) for writing the entries over the output."""
        conflicts: List[str] = []
        fatal: List[str] = []
        create: List[str] = []
        for rel in sorted(self._dirs()):
            try:
                st = os.lstat(self.out / rel)
            except FileNotFoundError:
                create.append(rel)
                continue
            if stat.S_ISLNK(st.st_mode):
                fatal.append(f"{rel}/ (a symlink: envcheck never writes through one)")
            elif not stat.S_ISDIR(st.st_mode):
                fatal.append(f"{rel} (not a folder)")
            elif rel not in dirs:
                conflicts.append(f"{rel}/ (a folder envcheck did not create)")
        for rel in sorted(self.entries):
            try:
                st = os.lstat(self.out / rel)
            except FileNotFoundError:
                continue
            if stat.S_ISLNK(st.st_mode):
                conflicts.append(f"{rel} (a symlink)")
            elif not stat.S_ISREG(st.st_mode):
                fatal.append(f"{rel} (not a regular file)")
            elif rel not in files:
                conflicts.append(rel)
            elif sha256_file(self.out / rel) not in files[rel]:
                conflicts.append(f"{rel} (changed since envcheck wrote it)")
        return conflicts, fatal, create

    def _write_into_existing(self) -> Outcome:
        shown = V.safe_text(str(self.out), 300)
        with self._locked():
            files, dirs, problem = self._read_manifest()
            conflicts, fatal, create = self._check(files, dirs)
            if problem:
                conflicts.insert(0, problem)
            if fatal:
                raise InputError(
                    f"cannot write the build context into {shown}: {', '.join(fatal)}; "
                    "move them away or choose another --output"
                )
            if conflicts and not self.force:
                raise InputError(
                    f"refusing to overwrite what envcheck did not write in {shown}: "
                    f"{', '.join(conflicts)}; move them away, choose another --output, or pass "
                    "--force to replace them"
                )
            staging = Path(tempfile.mkdtemp(prefix=".envcheck-tmp-", dir=self.out))
            try:
                staged = {}
                for i, entry in enumerate(self.entries.values()):
                    staged[entry.rel] = staging / f"{i}"
                    self._materialise(entry, staged[entry.rel])
                # Name the new hashes before the files land, so an interrupted run leaves
                # nothing a re-run would take for a foreign file.
                union = {k: list(v) for k, v in files.items()}
                for entry in self.entries.values():
                    union.setdefault(entry.rel, [])
                    if entry.sha256 not in union[entry.rel]:
                        union[entry.rel].append(entry.sha256)
                new_dirs = sorted(set(dirs) | set(create))
                self._write_manifest(self.out, union, new_dirs)
                for rel in create:
                    (self.out / rel).mkdir()
                for rel, path in staged.items():
                    os.replace(path, self.out / rel)
                outcome = Outcome(written=sorted(self.entries))
                self._remove_stale(files, dirs, outcome)
                final = {e.rel: [e.sha256] for e in self.entries.values()}
                final.update({k: files[k] for k in outcome.kept})
                kept_dirs = {d for d in new_dirs if (self.out / d).is_dir()}
                self._write_manifest(self.out, final, sorted(kept_dirs))
                return outcome
            finally:
                shutil.rmtree(staging, ignore_errors=True)

    def _through_link(self, rel: str) -> bool:
        """Whether a folder on the way to ``rel`` is a symlink (or not a folder)."""
        parts = rel.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            try:
                st = os.lstat(self.out.joinpath(*parts[:i]))
            except FileNotFoundError:
                return True
            if not stat.S_ISDIR(st.st_mode):
                return True
        return False

    def _remove_stale(self, files: Dict[str, List[str]], dirs: Set[str], outcome: Outcome) -> None:
        """Files of an earlier run that this run does not write: removed while unchanged."""
        for rel, hashes in sorted(files.items()):
            if rel in self.entries or self._through_link(rel):
                continue
            path = self.out / rel
            try:
                st = os.lstat(path)
            except FileNotFoundError:
                continue
            if stat.S_ISREG(st.st_mode) and sha256_file(path) in hashes:
                os.unlink(path)
                outcome.removed.append(rel)
            else:
                outcome.kept.append(rel)
        for rel in sorted(dirs - self._dirs(), key=len, reverse=True):
            if self._through_link(rel):
                continue
            path = self.out / rel
            with contextlib.suppress(OSError):
                if not os.path.islink(path):
                    os.rmdir(path)  # only when empty: what is left in it is not ours
