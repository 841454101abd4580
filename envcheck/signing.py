"""Detached Ed25519 signatures in the minisign format, for `envcheck data update` bundles.

A bundle is trusted only when a signature made by a trusted key verifies (docs/security.md).
The format is minisign's (https://jedisct1.github.io/minisign/), so a site signs its bundles
with the ordinary tool (``minisign -G`` once, then ``minisign -Sm bundle.json``) and names the
public key file with ``--signed-by`` or ``[data] signed_by`` in its policy, like apt's
``signed-by``. The Ed25519 arithmetic is the ``cryptography`` package's (imported only here,
only on the update path); this module only reads and writes the file formats:

- public key: an ``untrusted comment:`` line, then base64 of ``"Ed" || key id (8) || key (32)``;
- signature: an ``untrusted comment:`` line, base64 of ``alg (2) || key id (8) || sig (64)``
  where alg ``"Ed"`` signs the file and ``"ED"`` signs its BLAKE2b-512 hash, then a
  ``trusted comment:`` line, then base64 of the global signature over ``sig || comment``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from dataclasses import dataclass
from typing import List, Optional, Tuple

from envcheck.errors import InputError

MAX_KEY_FILE = 4096
MAX_SIG_FILE = 4096


def key_id_text(key_id: bytes) -> str:
    """A key id as minisign prints it: the little-endian integer in hex, no leading zeros."""
    return f"{int.from_bytes(key_id, 'little'):X}"


@dataclass(frozen=True)
class PublicKey:
    key_id: bytes  # 8 bytes, as minisign writes them
    key: bytes  # 32-byte Ed25519 public key
    origin: str  # the file it came from (shown in messages)

    @property
    def id_hex(self) -> str:
        return key_id_text(self.key_id)


def _b64(text: str, size: int, what: str) -> bytes:
    try:
        raw = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise InputError(f"{what}: not base64") from None
    if len(raw) != size:
        raise InputError(f"{what}: {len(raw)} bytes, expected {size}")
    return raw


def parse_public_key(text: str, origin: str) -> PublicKey:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if lines and lines[0].lower().startswith("untrusted comment:"):
        lines = lines[1:]
    if not lines:
        raise InputError(f"{origin}: no public key in the file")
    raw = _b64(lines[0], 42, f"{origin}: minisign public key")
    if raw[:2] != b"Ed":
        raise InputError(f"{origin}: not an Ed25519 minisign public key")
    return PublicKey(key_id=raw[2:10], key=raw[10:], origin=origin)


def load_public_key(path: str) -> PublicKey:
    """A trusted key file: a regular file that no other user may change (it decides trust)."""
    from envcheck.safe_io import open_regular

    fd = open_regular(path, "public key file")
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fh.fileno())
        if st.st_mode & 0o022:
            raise InputError(
                f"{path}: writable by group or others; a trusted key must not be "
                f"(chmod go-w {path})"
            )
        if os.geteuid() == 0 and st.st_uid != 0:
            raise InputError(f"{path}: not owned by root; a key root trusts must be root's")
        raw = fh.read(MAX_KEY_FILE + 1)
    if len(raw) > MAX_KEY_FILE:
        raise InputError(f"{path}: too large for a public key file")
    return parse_public_key(raw.decode("utf-8", "replace"), path)


@dataclass(frozen=True)
class Signature:
    algorithm: bytes  # b"Ed" or b"ED" (pre-hashed)
    key_id: bytes
    signature: bytes
    trusted_comment: str
    global_signature: bytes


def parse_signature(text: str, origin: str) -> Signature:
    lines = [ln.rstrip("\r") for ln in text.splitlines() if ln.strip()]
    if len(lines) < 4 or not lines[0].lower().startswith("untrusted comment:"):
        raise InputError(f"{origin}: not a minisign signature file")
    raw = _b64(lines[1], 74, f"{origin}: signature")
    if raw[:2] not in (b"Ed", b"ED"):
        raise InputError(f"{origin}: unsupported signature algorithm")
    prefix = "trusted comment: "
    if not lines[2].startswith(prefix):
        raise InputError(f"{origin}: no trusted comment line")
    return Signature(
        algorithm=raw[:2],
        key_id=raw[2:10],
        signature=raw[10:],
        trusted_comment=lines[2][len(prefix) :],
        global_signature=_b64(lines[3], 64, f"{origin}: global signature"),
    )


def verify(data: bytes, signature: Signature, keys: List[PublicKey]) -> PublicKey:
    """The trusted key whose signature over ``data`` verifies; InputError otherwise."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    matching = [k for k in keys if k.key_id == signature.key_id]
    if not matching:
        ids = ", ".join(k.id_hex for k in keys) or "none"
        raise InputError(
            f"signed by key {key_id_text(signature.key_id)}, which is not trusted (trusted: {ids})"
        )
    message = (
        hashlib.blake2b(data, digest_size=64).digest() if signature.algorithm == b"ED" else data
    )
    for key in matching:
        public = Ed25519PublicKey.from_public_bytes(key.key)
        try:
            public.verify(signature.signature, message)
            public.verify(
                signature.global_signature,
                signature.signature + signature.trusted_comment.encode("utf-8"),
            )
        except InvalidSignature:
            continue
        return key
    raise InputError("the signature does not verify: the bundle was changed or not signed so")


# --- signing (sites without minisign; the tests) -------------------------------------------


def generate_keypair(comment: str = "envcheck") -> Tuple[str, bytes, bytes]:
    """(public key file text, key id, 32-byte private seed). The seed stays with the caller."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    private = Ed25519PrivateKey.generate()
    seed = private.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    public = private.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    key_id = os.urandom(8)
    text = (
        f"untrusted comment: minisign public key {key_id_text(key_id)} ({comment})\n"
        + base64.b64encode(b"Ed" + key_id + public).decode()
        + "\n"
    )
    return text, key_id, seed


def sign(data: bytes, seed: bytes, key_id: bytes, trusted_comment: Optional[str] = None) -> str:
    """A minisign signature file (pre-hashed "ED", as minisign writes by default)."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    private = Ed25519PrivateKey.from_private_bytes(seed)
    digest = hashlib.blake2b(data, digest_size=64).digest()
    signature = private.sign(digest)
    comment = trusted_comment if trusted_comment is not None else "envcheck compat bundle"
    global_signature = private.sign(signature + comment.encode("utf-8"))
    return (
        "untrusted comment: signature from envcheck\n"
        + base64.b64encode(b"ED" + key_id + signature).decode()
        + "\n"
        + f"trusted comment: {comment}\n"
        + base64.b64encode(global_signature).decode()
        + "\n"
    )
