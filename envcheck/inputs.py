"""What verify / fix / fleet judge: a snapshot file, pasted reports, or the live host."""

from __future__ import annotations

from typing import Callable, List, Optional, Sequence

from envcheck.errors import InputError
from envcheck.snapshot import Snapshot, SnapshotError


def gather(
    snapshot_file: Optional[str] = None,
    reports: Sequence[str] = (),
    error_logs: Sequence[str] = (),
    deep: bool = False,
    data_dir: Optional[str] = None,
    data_url: Optional[str] = None,
    timeout: float = 5.0,
    on_progress: Optional[Callable[[List[str]], None]] = None,
) -> Snapshot:
    """One Snapshot from exactly one source: a snapshot file, reports/error logs, or the host.

    ``on_progress``: passed to ``probes.collect`` for the live host (a progress display).

    Unreadable or corrupt input is an ``InputError`` (exit 2) with a one-line message.
    """
    reports = list(reports or ())
    error_logs = list(error_logs or ())
    if snapshot_file and (reports or error_logs):
        raise InputError("--snapshot cannot be combined with --from-report / --error-log")
    if (snapshot_file or reports or error_logs) and (data_dir or data_url):
        # The data path is probed on this host. Dropping it silently would report the data
        # checks as "not applicable: no --data-dir given" and a fail-closed hook would pass.
        flag = "--data-dir" if data_dir else "--data-url"
        source = "--snapshot" if snapshot_file else "--from-report / --error-log"
        raise InputError(
            f"{flag} is checked on this host; it cannot be combined with {source} "
            f"(record the snapshot with it: envcheck inspect --json {flag} ...)"
        )
    if snapshot_file:
        try:
            return Snapshot.load(snapshot_file)
        except SnapshotError as exc:
            raise InputError(str(exc)) from None
    if reports or error_logs:
        try:
            from envcheck.importers import snapshot_from_reports
        except ImportError:
            raise InputError("importers not available in this envcheck build") from None
        return snapshot_from_reports(reports, error_logs)
    from envcheck.probes import collect

    return collect(
        deep=deep, data_dir=data_dir, data_url=data_url, timeout=timeout, on_progress=on_progress
    )


def validate_data_url(url: Optional[str]) -> None:
    """A --data-url that is not an http(s) URL is bad usage (exit 2), not a data-path finding."""
    if url is None:
        return
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        ok = parts.scheme in ("http", "https") and bool(parts.hostname)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        ok = False
    if not ok:
        shown = "".join(c if c.isprintable() else "?" for c in url)[:200]
        raise InputError(
            f"--data-url: {shown!r} is not an http:// or https:// URL "
            "(hint: e.g. --data-url https://data.example.com/shard-000.tar)"
        )
