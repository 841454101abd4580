"""What verify / fix / fleet judge: a snapshot file, pasted reports, or the live host."""

from __future__ import annotations

from typing import Optional, Sequence

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
) -> Snapshot:
    """One Snapshot from exactly one source: a snapshot file, reports/error logs, or the host.

    Unreadable or corrupt input is an ``InputError`` (exit 2) with a one-line message.
    """
    reports = list(reports or ())
    error_logs = list(error_logs or ())
    if snapshot_file and (reports or error_logs):
        raise InputError("--snapshot cannot be combined with --from-report / --error-log")
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

    return collect(deep=deep, data_dir=data_dir, data_url=data_url, timeout=timeout)
