"""Patterns of the scan's last resort (``symptoms.message_words``): one per category, never
matched by a regex of its own, added only to a text in which nothing else was found."""

from __future__ import annotations

from typing import List

from envcheck.importers.errorlog.model import ErrorPattern, make
from envcheck.importers.errorlog.words import CATEGORIES, CHECKS, pattern_id

PATTERNS: List[ErrorPattern] = [
    make(
        pattern_id(category),
        r"(?!x)x",  # never by itself: chosen from the error lines' words (symptoms.message_words)
        category,
        "warning",
        f"no known message matched; the error's own words point to {CHECKS[category][0]}",
        f"A hypothesis, not a diagnosis: check {CHECKS[category][1]}. Paste the full error "
        "with `python -m torch.utils.collect_env` and `nvidia-smi -q` for a verdict.",
    )
    for category in CATEGORIES
]
