"""Progress for the slow paths (verify --deep, --kernels, ...), on a terminal and nowhere else.

Shown only when stderr is a terminal, the output is text and not --quiet (``wanted``): a pre-job
hook's log, a pipe or a machine format (json, junit, nhc, prometheus) gets nothing, not even a
plain line. rich (installed with typer) is imported only when something is shown, so the hook
path never pays for it. Everything goes to stderr and is cleared when done (transient), so
stdout carries the report alone.

- ``status(message, show)``: a spinner line with the elapsed time; ``.update(message)``.
- ``bars(show)``: one bar per task (e.g. per GPU): ``add``, ``describe``, ``advance``, ``note``.
- ``counter(total, message, show)``: one bar over N items (fleet files, report chunks).
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, Iterator, Optional


def wanted(fmt: str = "text", quiet: bool = False, stream: Any = None) -> bool:
    """True when progress may be shown: text output, not quiet, stderr a real terminal."""
    if fmt != "text" or quiet or os.environ.get("TERM") == "dumb":
        return False
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # closed or replaced stderr
        return False


def _printable(text: str) -> str:
    """Plain text for the terminal: no escape sequences, no rich markup from input."""
    from rich.markup import escape

    return escape("".join(c if c.isprintable() else "?" for c in str(text)))


class _Nothing:
    """What callers get when progress is not shown: every call does nothing."""

    def update(self, message: str) -> None:
        pass

    def add(self, key: str, total: Optional[int], message: str = "") -> None:
        pass

    def describe(self, key: str, message: str) -> None:
        pass

    def advance(self, key: str, steps: int = 1) -> None:
        pass

    def note(self, message: str) -> None:
        pass

    def close(self) -> None:
        pass


class _Bars(_Nothing):
    """rich progress bars on stderr, one task per key."""

    def __init__(self, spinner: bool = False) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        columns: list = [SpinnerColumn()] if spinner else []
        columns.append(TextColumn("{task.description}"))
        if not spinner:
            columns += [BarColumn(), MofNCompleteColumn()]
        columns.append(TimeElapsedColumn())
        self.console = Console(stderr=True, highlight=False)
        self.rich = Progress(*columns, console=self.console, transient=True)
        self.tasks: dict = {}
        self.rich.start()

    def add(self, key: str, total: Optional[int], message: str = "") -> None:
        self.tasks[key] = self.rich.add_task(_printable(message or key), total=total)

    def describe(self, key: str, message: str) -> None:
        if key not in self.tasks:
            self.add(key, None, message)
        self.rich.update(self.tasks[key], description=_printable(message))

    def update(self, message: str) -> None:
        self.describe("status", message)

    def advance(self, key: str, steps: int = 1) -> None:
        if key not in self.tasks:
            self.add(key, None)
        self.rich.advance(self.tasks[key], steps)

    def note(self, message: str) -> None:
        """A line that stays (e.g. a failed test), printed above the bars."""
        self.console.print(_printable(message), style="red")

    def close(self) -> None:
        self.rich.stop()


def bars(show: bool) -> Any:
    """Bars to ``add`` / ``advance`` and finally ``close``; a do-nothing object when not shown."""
    if not show:
        return _Nothing()
    try:
        return _Bars()
    except ImportError:  # rich missing from a trimmed install: no progress, no failure
        return _Nothing()


@contextlib.contextmanager
def status(message: str, show: bool) -> Iterator[Any]:
    """A spinner line (``message``, elapsed seconds) while the block runs."""
    if not show:
        yield _Nothing()
        return
    try:
        shown: Any = _Bars(spinner=True)
    except ImportError:
        yield _Nothing()
        return
    shown.add("status", None, message)
    try:
        yield shown
    finally:
        shown.close()


@contextlib.contextmanager
def counter(total: int, message: str, show: bool) -> Iterator[Any]:
    """One bar over ``total`` items: call ``.advance("items")`` per item."""
    shown = bars(show)
    shown.add("items", total, message)
    try:
        yield shown
    finally:
        shown.close()
