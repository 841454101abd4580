"""Validation of every value that travels from a snapshot or a pasted report into a command.

A snapshot is data someone else wrote: a "driver version" may be ``550.54.15; rm -rf /``.
Nothing from it reaches a command line unless it passes one of these checks; a value that
fails turns the action into a manual step that names the rejected value (``Rejected``).
"""

from __future__ import annotations

import re
from typing import Optional

from packaging.version import InvalidVersion, Version

# PEP 508 / PyPA "name" (https://packaging.python.org/en/latest/specifications/name-normalization/)
_NAME_RE = re.compile(r"^([A-Z0-9]|[A-Z0-9][A-Z0-9._-]*[A-Z0-9])$", re.IGNORECASE)
# The release and local parts we put in pins: digits, dots, letters, "+"; no spaces or quotes.
_VERSION_CHARS = re.compile(r"^[0-9A-Za-z.+!_-]{1,64}$")
# a full version (550.54.15) or a branch alone (550: what applications' docs ask for)
_DRIVER_RE = re.compile(r"^[0-9]{2,4}(\.[0-9]{1,4}){0,3}$")
_INDEX_URL_RE = re.compile(r"^https://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?$")
_SIZE_RE = re.compile(r"^[0-9]{1,12}[bkmgBKMG]?$")
_CPULIST_RE = re.compile(r"^[0-9]{1,5}(-[0-9]{1,5})?(,[0-9]{1,5}(-[0-9]{1,5})?)*$")
_IMAGE_RE = re.compile(
    r"^[a-z0-9]+([._-][a-z0-9]+)*(:[0-9]{1,5})?(/[a-z0-9]+([._-][a-z0-9]+)*)*"
    r"(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(@sha256:[0-9a-f]{64})?$"
)
_ENV_NAME_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,127}$")


class Rejected(ValueError):
    """A value that must not reach a command. ``str()`` names the field and the value."""

    def __init__(self, what: str, value: object) -> None:
        self.what = what
        self.value = value
        super().__init__(f"rejected {what} {value!r}: not a valid {what}")


def package_name(value: object) -> str:
    """A distribution name (``torch``, ``nvidia-cudnn-cu12``), canonicalised to lower case."""
    if not isinstance(value, str) or not _NAME_RE.match(value):
        raise Rejected("package name", value)
    return re.sub(r"[-_.]+", "-", value).lower()


def version(value: object) -> str:
    """A PEP 440 version, returned in its normalised form (``2.5.1+cu121``)."""
    if not isinstance(value, str) or not _VERSION_CHARS.match(value):
        raise Rejected("version", value)
    try:
        return str(Version(value))
    except InvalidVersion:
        raise Rejected("version", value) from None


def public_version(value: object) -> str:
    """A PEP 440 version without its local tag (``2.5.1+cu121`` -> ``2.5.1``)."""
    return Version(version(value)).public


def driver_version(value: object) -> str:
    """An NVIDIA driver version such as ``550.54.15`` or ``470.82.01``, or a branch (``550``)."""
    if not isinstance(value, str) or not _DRIVER_RE.match(value):
        raise Rejected("driver version", value)
    return value


def index_url(value: object) -> str:
    """A package index URL: https, plain host and path characters only."""
    if not isinstance(value, str) or not _INDEX_URL_RE.match(value):
        raise Rejected("index URL", value)
    return value


def path(value: object, *, absolute: bool = False) -> str:
    """A filesystem path without control characters (newlines, NUL, escapes)."""
    if not isinstance(value, str) or not value or len(value) > 4096:
        raise Rejected("path", value)
    if any(ord(c) < 32 or ord(c) == 127 for c in value):
        raise Rejected("path", value)
    if absolute and not value.startswith("/"):
        raise Rejected("path", value)
    return value


def size(value: object) -> str:
    """A Docker size (``16g``, ``512m``, ``1073741824``)."""
    if not isinstance(value, str) or not _SIZE_RE.match(value):
        raise Rejected("size", value)
    return value.lower()


def cpulist(value: object) -> str:
    """A Linux cpulist (``0-15,32-47``)."""
    if not isinstance(value, str) or not _CPULIST_RE.match(value):
        raise Rejected("CPU list", value)
    return value


def image(value: object) -> str:
    """A container image reference (``nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04``)."""
    if not isinstance(value, str) or len(value) > 255 or not _IMAGE_RE.match(value):
        raise Rejected("image reference", value)
    return value


def env_name(value: object) -> str:
    if not isinstance(value, str) or not _ENV_NAME_RE.match(value):
        raise Rejected("environment variable name", value)
    return value


def safe_text(value: object, limit: int = 200) -> Optional[str]:
    """Printable one-line text for messages (never for commands); None when unusable."""
    if not isinstance(value, str):
        return None
    cleaned = "".join(c if c.isprintable() else "?" for c in value)
    return cleaned[:limit]
