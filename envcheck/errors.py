"""Errors that end a command with a clear one-line message and a documented exit code."""

from __future__ import annotations

# Exit codes of `verify` (design.md) and, by extension, of every command.
EXIT_OK = 0
EXIT_FINDINGS = 1  # at least one error finding (or warning with --strict)
EXIT_USAGE = 2  # bad usage or unreadable input
EXIT_INTERNAL = 3  # envcheck itself failed


# One message for a binary file given as text evidence, whichever option read it (--snapshot,
# --from-report, --error-log): the same input gets the same words.
BINARY_INPUT = "binary data, not a text report or snapshot"


class EnvcheckError(Exception):
    """A clean, user-facing failure. ``exit_code`` says which documented code to use."""

    exit_code = EXIT_USAGE


class InputError(EnvcheckError):
    """Unreadable or malformed input: a snapshot, a report, a policy, a data file."""

    exit_code = EXIT_USAGE


class InternalError(EnvcheckError):
    exit_code = EXIT_INTERNAL
