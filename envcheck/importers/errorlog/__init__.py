"""Well-known error messages in logs and pasted reports -> ``snapshot.error_log`` entries.

Each entry is ``{"pattern": <id>, "line": <the log line>, "file": <file name>}``. The pattern
table (``table`` and its seven parts) is the single source of truth: the check family
``envcheck.checks.errorlog`` turns each entry into a Finding of the pattern's category,
severity and fix. ``keys`` holds the literal substrings that let the scanner skip the
regexes on lines that cannot match; ``scan`` finds the messages; ``inferences`` draws what
one line cannot tell from the whole text.
"""

from __future__ import annotations

from envcheck.importers.errorlog.keys import KEYS
from envcheck.importers.errorlog.model import MAX_ENTRIES, MAX_LINE, MAX_PER_PATTERN, ErrorPattern
from envcheck.importers.errorlog.scan import COMPONENT, frameworks_at_work, scan
from envcheck.importers.errorlog.table import PATTERNS, pattern

__all__ = [
    "COMPONENT",
    "KEYS",
    "MAX_ENTRIES",
    "MAX_LINE",
    "MAX_PER_PATTERN",
    "PATTERNS",
    "ErrorPattern",
    "frameworks_at_work",
    "pattern",
    "scan",
]
