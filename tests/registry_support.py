"""A tiny OCI distribution registry on 127.0.0.1 (push and pull), for the digest tests.

No registry is reachable from CI, but the digest-pinned base needs one: an image only has
a RepoDigest (the manifest digest ``FROM image@sha256:...`` names) once a registry holds it.
This server keeps blobs and manifests in memory and speaks just enough of the distribution
API (https://distribution.github.io/distribution/spec/api/) for ``docker push`` and for
envcheck's ``HEAD /v2/<name>/manifests/<tag>``. The engine trusts 127.0.0.0/8 over plain HTTP
by default (dockerd's default insecure-registry range).
"""

from __future__ import annotations

import hashlib
import re
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, Tuple
from urllib.parse import parse_qs, urlparse

_MANIFEST = re.compile(r"^/v2/(?P<name>.+)/manifests/(?P<ref>[^/]+)$")
_BLOB = re.compile(r"^/v2/(?P<name>.+)/blobs/(?P<digest>sha256:[0-9a-f]{64})$")
_UPLOADS = re.compile(r"^/v2/(?P<name>.+)/blobs/uploads/(?P<id>[^/]*)$")


class Registry:
    def __init__(self) -> None:
        self.blobs: Dict[str, bytes] = {}
        self.manifests: Dict[Tuple[str, str], Tuple[bytes, str]] = {}  # (name, ref) -> body
        self.uploads: Dict[str, bytearray] = {}
        self.heads = 0  # manifest HEAD requests seen (envcheck's look-ups)
        registry = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # docker streams blob uploads chunked

            def log_message(self, *args: object) -> None:  # quiet
                pass

            def _send(self, code: int, body: bytes = b"", headers: Dict[str, str] = None):
                self.send_response(code)
                self.send_header("Docker-Distribution-API-Version", "registry/2.0")
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            def _body(self) -> bytes:
                if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
                    out = bytearray()
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return bytes(out)
                        out += self.rfile.read(size)
                        self.rfile.readline()
                n = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(n) if n else b""

            def do_GET(self) -> None:
                self._get()

            def do_HEAD(self) -> None:
                self._get()

            def _get(self) -> None:
                path = urlparse(self.path).path
                if path in ("/v2", "/v2/"):
                    return self._send(200, b"{}")
                m = _MANIFEST.match(path)
                if m:
                    if self.command == "HEAD":
                        registry.heads += 1
                    found = registry.manifests.get((m["name"], m["ref"]))
                    if not found:
                        return self._send(404, b'{"errors":[{"code":"MANIFEST_UNKNOWN"}]}')
                    body, ctype = found
                    digest = "sha256:" + hashlib.sha256(body).hexdigest()
                    return self._send(
                        200, body, {"Content-Type": ctype, "Docker-Content-Digest": digest}
                    )
                m = _BLOB.match(path)
                if m and m["digest"] in registry.blobs:
                    return self._send(200, registry.blobs[m["digest"]],
                                      {"Docker-Content-Digest": m["digest"]})  # fmt: skip
                return self._send(404, b'{"errors":[{"code":"BLOB_UNKNOWN"}]}')

            def do_POST(self) -> None:
                m = _UPLOADS.match(urlparse(self.path).path)
                if not m:
                    return self._send(404)
                self._body()
                upload = uuid.uuid4().hex
                registry.uploads[upload] = bytearray()
                self._send(202, b"", {
                    "Location": f"/v2/{m['name']}/blobs/uploads/{upload}",
                    "Range": "0-0", "Docker-Upload-UUID": upload,
                })  # fmt: skip

            def do_PATCH(self) -> None:
                m = _UPLOADS.match(urlparse(self.path).path)
                if not m or m["id"] not in registry.uploads:
                    return self._send(404)
                buf = registry.uploads[m["id"]]
                buf += self._body()
                self._send(202, b"", {
                    "Location": f"/v2/{m['name']}/blobs/uploads/{m['id']}",
                    "Range": f"0-{max(len(buf) - 1, 0)}", "Docker-Upload-UUID": m["id"],
                })  # fmt: skip

            def do_PUT(self) -> None:
                url = urlparse(self.path)
                m = _UPLOADS.match(url.path)
                if m and m["id"] in registry.uploads:
                    buf = registry.uploads.pop(m["id"]) + self._body()
                    digest = parse_qs(url.query).get("digest", [""])[0]
                    if digest != "sha256:" + hashlib.sha256(buf).hexdigest():
                        return self._send(400, b'{"errors":[{"code":"DIGEST_INVALID"}]}')
                    registry.blobs[digest] = bytes(buf)
                    return self._send(201, b"", {
                        "Location": f"/v2/{m['name']}/blobs/{digest}",
                        "Docker-Content-Digest": digest,
                    })  # fmt: skip
                m = _MANIFEST.match(url.path)
                if m:
                    body = self._body()
                    ctype = self.headers.get("Content-Type", "application/json")
                    digest = "sha256:" + hashlib.sha256(body).hexdigest()
                    registry.manifests[(m["name"], m["ref"])] = (body, ctype)
                    registry.manifests[(m["name"], digest)] = (body, ctype)
                    return self._send(201, b"", {
                        "Location": f"/v2/{m['name']}/manifests/{digest}",
                        "Docker-Content-Digest": digest,
                    })  # fmt: skip
                self._send(404)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> Registry:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
