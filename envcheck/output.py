"""Writing a command's report to ``--output FILE`` (inspect, verify, fix, fleet).

The rules (temporary file by ``mkstemp``, no write through a symlink, the existing mode kept,
clean-up on signals) live in :mod:`envcheck.safe_io`; see docs/security.md.
"""

from __future__ import annotations

from envcheck.safe_io import write_output

__all__ = ["write_output"]
