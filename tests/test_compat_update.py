"""`envcheck data update` against a real HTTP server on 127.0.0.1.

Good bundle, truncated download (Content-Length larger than the body), checksum mismatch,
invalid content, HTTP errors: after every failure the old data is still there, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, Iterator, Optional, Tuple

import pytest
from compat_support import clean_env, fictional, run_cli, tree, write_data_dir

from envcheck.signing import generate_keypair, sign

Route = Tuple[int, bytes, Dict[str, str]]  # status, body, extra headers


class _Handler(BaseHTTPRequestHandler):
    routes: Dict[str, Route] = {}

    def do_GET(self) -> None:  # noqa: N802 (http.server naming)
        status, body, headers = self.routes.get(self.path, (404, b"not found", {}))
        self.send_response(status)
        declared = headers.get("Content-Length", str(len(body)))
        self.send_header("Content-Length", declared)
        for k, v in headers.items():
            if k != "Content-Length":
                self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True  # a short body then EOF = a truncated download

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture()
def server() -> Iterator[Tuple[str, Dict[str, Route]]]:
    routes: Dict[str, Route] = {}
    handler = type("Handler", (_Handler,), {"routes": routes})
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", routes
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="module")
def v1_bundle(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A bundle made by `envcheck data bundle` from the fictional data dir."""
    tmp = tmp_path_factory.mktemp("bundle")
    src = write_data_dir(tmp / "src")
    out = tmp / "v1.json"
    proc = run_cli(["data", "bundle", "--from", str(src), "--output", str(out)], clean_env(tmp))
    assert proc.returncode == 0, proc.stderr
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    assert proc.stdout.split()[0] == digest
    assert (tmp / "v1.json.sha256").read_text().split()[0] == digest
    assert json.loads(out.read_bytes())["format"] == "envcheck-compat-bundle/1"
    return out.read_bytes()


def _bundle(v1: bytes, overrides: Optional[Dict[str, object]] = None) -> bytes:
    """The v1 bundle with some files replaced (the format is plain JSON: built here directly)."""
    bundle = json.loads(v1)
    for kind, doc in (overrides or {}).items():
        bundle["files"][f"{kind}.json"] = doc
    return json.dumps(bundle).encode()


# A test-only signing key (made here, never shipped): the site key a real site would name.
TEST_PUB, TEST_KEY_ID, TEST_SEED = generate_keypair("envcheck tests only")


@pytest.fixture(scope="module")
def site_key(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("key") / "site.pub"
    path.write_text(TEST_PUB)
    path.chmod(0o644)
    return str(path)


def _serve(routes: Dict[str, Route], path: str, body: bytes, signed: bytes = None) -> None:
    """``body`` at ``path`` and its signature (over ``signed``, default the body) beside it."""
    routes[path] = (200, body, {})
    sig = sign(body if signed is None else signed, TEST_SEED, TEST_KEY_ID)
    routes[path + ".minisig"] = (200, sig.encode(), {})


def update(args: list, env: Dict[str, str], key: str) -> object:
    # The fictional data (2026-02-03) is older than the bundled matrix: these tests are about
    # the download and the install, so they accept it (test_data_update_trust.py refuses it).
    return run_cli(["data", "update", *args, "--signed-by", key, "--allow-downgrade"], env)


def _v2_cuda() -> Dict[str, object]:
    doc = fictional("cuda")
    doc["toolkits"][0]["min_driver"]["linux"] = "700.11"
    doc["toolkits"][0]["checked"] = "2026-03-04"
    return doc


@pytest.fixture()
def installed(
    tmp_path: Path, server: Tuple[str, Dict[str, Route]], v1_bundle: bytes, site_key: str
) -> Tuple[Dict[str, str], Path]:
    """A user data dir (via ENVCHECK_DATA_DIR) holding a first, good update."""
    base, routes = server
    target = tmp_path / "userdata" / "compat_data"
    env = clean_env(tmp_path, ENVCHECK_DATA_DIR=str(target))
    _serve(routes, "/v1.json", v1_bundle)
    proc = update(["--url", f"{base}/v1.json"], env, site_key)
    assert proc.returncode == 0, proc.stderr
    assert "data updated" in proc.stdout and "2026-02-03" in proc.stdout
    return env, target


def test_good_update_installs_and_is_used(
    tmp_path: Path,
    server: Tuple[str, Dict[str, Route]],
    installed: Tuple[Dict[str, str], Path],
    v1_bundle: bytes,
    site_key: str,
) -> None:
    env, target = installed
    info = json.loads(run_cli(["data", "info", "--json"], env).stdout)
    assert (info["origin"], info["data_dir"]) == ("ENVCHECK_DATA_DIR", str(target))
    manifest = json.loads((target / "MANIFEST.json").read_text())
    assert manifest["source"].endswith("/v1.json") and set(manifest["sha256"]) >= {"torch.json"}
    # a second, newer bundle replaces it; --sha256 given on the command line
    base, routes = server
    v2 = _bundle(v1_bundle, {"cuda": _v2_cuda()})
    _serve(routes, "/v2.json", v2)
    sha = hashlib.sha256(v2).hexdigest()
    proc = update(["--url", f"{base}/v2.json", "--sha256", sha], env, site_key)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(run_cli(["matrix", "cuda", "7.0", "--json"], env).stdout)
    assert out["min_driver"]["linux"] == "700.11"
    leftovers = [p.name for p in target.parent.iterdir() if p.name != "compat_data"]
    assert leftovers == []


def test_update_into_xdg_data_home(
    tmp_path: Path, server: Tuple[str, Dict[str, Route]], v1_bundle: bytes, site_key: str
) -> None:
    base, routes = server
    env = clean_env(tmp_path)
    _serve(routes, "/b.json", v1_bundle)
    proc = update(["--url", f"{base}/b.json"], env, site_key)
    assert proc.returncode == 0, proc.stderr
    target = Path(env["XDG_DATA_HOME"]) / "envcheck" / "compat_data"
    assert (target / "torch.json").is_file()
    info = json.loads(run_cli(["data", "info", "--json"], env).stdout)
    assert (info["origin"], info["data_dir"], info["note"]) == ("user", str(target), None)
    assert not (tmp_path / "home" / ".local").exists()  # nothing written to the (fake) home


def _assert_failed_and_kept(
    proc: object, target: Path, before: Dict[str, bytes], expect: str
) -> None:
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and expect in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr
    assert tree(target) == before
    assert [p.name for p in target.parent.iterdir()] == ["compat_data"]


def test_truncated_download_keeps_old_data(
    tmp_path: Path,
    server: Tuple[str, Dict[str, Route]],
    installed: Tuple[Dict[str, str], Path],
    v1_bundle: bytes,
    site_key: str,
) -> None:
    env, target = installed
    before = tree(target)
    base, routes = server
    full = _bundle(v1_bundle, {"cuda": _v2_cuda()})
    cut = full[: len(full) // 2]
    _serve(routes, "/t.json", cut, signed=full)
    routes["/t.json"] = (200, cut, {"Content-Length": str(len(full))})
    sha = hashlib.sha256(full).hexdigest()
    proc = update(["--url", f"{base}/t.json", "--sha256", sha], env, site_key)
    _assert_failed_and_kept(proc, target, before, "truncated")


def test_checksum_mismatch_keeps_old_data(
    tmp_path: Path,
    server: Tuple[str, Dict[str, Route]],
    installed: Tuple[Dict[str, str], Path],
    v1_bundle: bytes,
    site_key: str,
) -> None:
    env, target = installed
    before = tree(target)
    base, routes = server
    v2 = _bundle(v1_bundle, {"cuda": _v2_cuda()})
    _serve(routes, "/m.json", v2, signed=v1_bundle)  # changed after it was signed
    proc = update(["--url", f"{base}/m.json"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "signature does not verify")
    _serve(routes, "/m.json", v2)
    proc = update(["--url", f"{base}/m.json", "--sha256", "f" * 64], env, site_key)
    _assert_failed_and_kept(proc, target, before, "checksum mismatch")


def test_invalid_content_keeps_old_data(
    tmp_path: Path,
    server: Tuple[str, Dict[str, Route]],
    installed: Tuple[Dict[str, str], Path],
    v1_bundle: bytes,
    site_key: str,
) -> None:
    env, target = installed
    before = tree(target)
    base, routes = server
    bad = json.loads(v1_bundle)
    bad["files"]["torch.json"]["releases"][1]["python"] = "3.9+"
    _serve(routes, "/bad.json", json.dumps(bad).encode())
    proc = update(["--url", f"{base}/bad.json"], env, site_key)
    _assert_failed_and_kept(
        proc, target, before, "torch.json: releases[1] (9.0.0): 'python' is not a valid specifier"
    )
    no_source = json.loads(v1_bundle)
    del no_source["files"]["gpus.json"]["gpus"][0]["source"]
    _serve(routes, "/ns.json", json.dumps(no_source).encode())
    proc = update(["--url", f"{base}/ns.json"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "'source' is missing")
    partial = json.loads(v1_bundle)
    del partial["files"]["jax.json"]
    _serve(routes, "/p.json", json.dumps(partial).encode())
    proc = update(["--url", f"{base}/p.json"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "missing jax.json")
    _serve(routes, "/html.json", b"<html>captive portal</html>")
    proc = update(["--url", f"{base}/html.json"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "not valid JSON")


def test_http_errors_keep_old_data(
    server: Tuple[str, Dict[str, Route]], installed: Tuple[Dict[str, str], Path], site_key: str
) -> None:
    env, target = installed
    before = tree(target)
    base, routes = server
    proc = update(["--url", f"{base}/missing.json"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "HTTP 404")
    routes["/nosum.json"] = (200, b"{}", {})  # no .minisig next to it
    proc = update(["--url", f"{base}/nosum.json"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "HTTP 404")
    # nothing listens on port 9 (discard): connection refused, one line
    proc = update(["--url", "http://127.0.0.1:9/x.json", "--timeout", "5"], env, site_key)
    _assert_failed_and_kept(proc, target, before, "download failed")
