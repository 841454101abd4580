"""`envcheck data update` trusts a bundle only through a signature by a key the site names.

Issue 16 item 3: the checksum came from the same server, plain http was accepted, there was no
signature and no downgrade check, the download deadline did not hold against a slow server,
and an update deleted unrelated files in ENVCHECK_DATA_DIR. Each case runs the real CLI; the
servers are real, on 127.0.0.1. The signing key is made here for the tests only.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Dict, Iterator, Tuple

import pytest
from compat_support import clean_env, run_cli, tree

from envcheck.signing import generate_keypair, sign

REPO = Path(__file__).resolve().parent.parent
PUB, KEY_ID, SEED = generate_keypair("envcheck tests only")
OTHER_PUB, OTHER_ID, OTHER_SEED = generate_keypair("an attacker")


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A bundle of the shipped matrix (so it is as new as the data in use)."""
    tmp = tmp_path_factory.mktemp("b")
    out = tmp / "b.json"
    proc = run_cli(
        ["data", "bundle", "--from", str(REPO / "compat_data"), "--output", str(out)],
        clean_env(tmp),
    )
    assert proc.returncode == 0, proc.stderr
    return out.read_bytes()


@pytest.fixture()
def site(tmp_path: Path) -> Dict[str, object]:
    key = tmp_path / "site.pub"
    key.write_text(PUB)
    key.chmod(0o644)
    target = tmp_path / "data"
    return {
        "key": str(key),
        "target": target,
        "env": clean_env(tmp_path, ENVCHECK_DATA_DIR=str(target)),
    }


def _write(tmp_path: Path, name: str, body: bytes, seed: bytes = SEED, kid: bytes = KEY_ID) -> Path:
    path = tmp_path / name
    path.write_bytes(body)
    Path(str(path) + ".minisig").write_text(sign(body, seed, kid))
    return path


def _one_error(proc: object, *words: str) -> None:
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_local_signed_bundle_installs(tmp_path: Path, bundle: bytes, site: dict) -> None:
    path = _write(tmp_path, "b.json", bundle)
    proc = run_cli(["data", "update", str(path), "--signed-by", site["key"]], site["env"])
    assert proc.returncode == 0, proc.stderr
    assert "signed by key" in proc.stdout
    manifest = json.loads((site["target"] / "MANIFEST.json").read_text())
    assert manifest["signed_by"] == f"{int.from_bytes(KEY_ID, 'little'):X}"
    info = json.loads(run_cli(["data", "info", "--json"], site["env"]).stdout)
    assert info["data_dir"] == str(site["target"])


def test_no_trusted_key_is_refused(tmp_path: Path, bundle: bytes, site: dict) -> None:
    path = _write(tmp_path, "b.json", bundle)
    proc = run_cli(["data", "update", str(path)], site["env"])
    _one_error(proc, "no trusted key", "--signed-by")
    assert not site["target"].exists()


def test_signature_by_another_key_is_refused(tmp_path: Path, bundle: bytes, site: dict) -> None:
    path = _write(tmp_path, "b.json", bundle, OTHER_SEED, OTHER_ID)
    proc = run_cli(["data", "update", str(path), "--signed-by", site["key"]], site["env"])
    _one_error(proc, "not trusted")


def test_forged_bundle_with_its_own_checksum_is_refused(
    tmp_path: Path, bundle: bytes, site: dict
) -> None:
    """The attack of the issue: CUDA 12 minimum drivers lowered to 300.00, with a .sha256."""
    doc = json.loads(bundle)
    for entry in doc["files"]["cuda.json"]["toolkits"]:
        if isinstance(entry.get("min_driver"), dict):
            entry["min_driver"]["linux"] = "300.00"
    forged = json.dumps(doc).encode()
    path = tmp_path / "b.json"
    path.write_bytes(forged)
    Path(str(path) + ".minisig").write_text(sign(bundle, SEED, KEY_ID))  # the old signature
    proc = run_cli(["data", "update", str(path), "--signed-by", site["key"]], site["env"])
    _one_error(proc, "does not verify")
    assert not site["target"].exists()


def test_older_bundle_needs_allow_downgrade(tmp_path: Path, bundle: bytes, site: dict) -> None:
    old = bundle.decode().replace('"checked": "2026-', '"checked": "2019-').encode()
    path = _write(tmp_path, "old.json", old)
    args = ["data", "update", str(path), "--signed-by", site["key"]]
    _one_error(run_cli(args, site["env"]), "older than the data in use", "--allow-downgrade")
    assert not site["target"].exists()
    proc = run_cli([*args, "--allow-downgrade"], site["env"])
    assert proc.returncode == 0, proc.stderr


def test_plain_http_is_refused(site: dict) -> None:
    proc = run_cli(
        ["data", "update", "http://mirror.example/b.json", "--signed-by", site["key"]],
        site["env"],
    )
    _one_error(proc, "only https://")


def test_key_writable_by_others_is_refused(tmp_path: Path, bundle: bytes, site: dict) -> None:
    Path(site["key"]).chmod(0o666)
    path = _write(tmp_path, "b.json", bundle)
    proc = run_cli(["data", "update", str(path), "--signed-by", site["key"]], site["env"])
    _one_error(proc, "writable by group or others")


def test_policy_signed_by(tmp_path: Path, bundle: bytes, site: dict) -> None:
    policy = tmp_path / "site.toml"
    policy.write_text(f'[data]\nsigned_by = "{site["key"]}"\n')
    path = _write(tmp_path, "b.json", bundle)
    proc = run_cli(["data", "update", str(path), "--policy", str(policy)], site["env"])
    assert proc.returncode == 0, proc.stderr


def test_only_files_it_wrote_are_replaced(tmp_path: Path, bundle: bytes, site: dict) -> None:
    target: Path = site["target"]
    target.mkdir()
    (target / "notes.txt").write_text("mine\n")
    (target / "sub").mkdir()
    (target / "sub" / "x.json").write_text("{}")
    path = _write(tmp_path, "b.json", bundle)
    args = ["data", "update", str(path), "--signed-by", site["key"]]
    assert run_cli(args, site["env"]).returncode == 0
    assert run_cli(args, site["env"]).returncode == 0  # again: replaces its own files
    assert (target / "notes.txt").read_text() == "mine\n"
    assert (target / "sub" / "x.json").read_text() == "{}"
    # a data file someone else put there is not overwritten
    other = tmp_path / "other"
    other.mkdir()
    (other / "cuda.json").write_text('{"mine": true}')
    env = dict(site["env"], ENVCHECK_DATA_DIR=str(other))
    before = tree(other)
    _one_error(run_cli(args, env), "did not write")
    assert tree(other) == before


# --- a real slow server: the whole download has a deadline ------------------------------------


@pytest.fixture()
def slow_server() -> Iterator[Tuple[str, threading.Event]]:
    """Answers with headers, then one byte a second, for as long as the client stays."""
    stop = threading.Event()
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    srv.settimeout(0.2)

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = srv.accept()
            except OSError:
                continue
            with conn:
                try:
                    conn.recv(4096)
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\n")
                    for _ in range(120):
                        if stop.is_set():
                            break
                        conn.sendall(b"{")
                        time.sleep(1.0)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.getsockname()[1]}", stop
    finally:
        stop.set()
        srv.close()
        thread.join(timeout=5)


def test_one_byte_per_second_stops_at_the_deadline(slow_server: tuple, site: dict) -> None:
    url, _ = slow_server
    start = time.monotonic()
    proc = run_cli(
        ["data", "update", f"{url}/b.json", "--signed-by", site["key"], "--timeout", "3"],
        site["env"],
    )
    elapsed = time.monotonic() - start
    _one_error(proc, "timed out after 3 s")
    assert elapsed < 8, elapsed  # ~3 s plus interpreter start; it ran past 60 s before


@pytest.fixture()
def split_server(bundle: bytes) -> Iterator[str]:
    """/b.json: the bundle's first half, 6 s of silence, the rest; /b.json.minisig: one byte
    a second. Each request alone fits a 10 s deadline's per-request timer; together they don't.
    (It was 3.5 s against a 5 s deadline, and 4.5 s before that: on a loaded 2-core machine, a
    README test run with -n auto beside other work, the interpreter start and the connection
    took the other 1.5 s and the bundle itself timed out (round 34). 6 s against 10 s leaves 4 s
    for that and keeps the test's point: a fresh 10 s for the signature would end at ~16 s,
    past the 14 s the test allows.)"""
    import http.server
    import socketserver

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            body = bundle if self.path == "/b.json" else sign(bundle, SEED, KEY_ID).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                if self.path == "/b.json":
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    time.sleep(10.0)
                    self.wfile.write(body[len(body) // 2 :])
                    return
                for i in range(len(body)):
                    self.wfile.write(body[i : i + 1])
                    self.wfile.flush()
                    time.sleep(1.0)
            except OSError:
                pass

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    srv = Server(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()


def test_bundle_and_signature_share_one_deadline(split_server: str, site: dict) -> None:
    """The bundle takes 10 s; with per-request timers the signature would then get a fresh 20
    s (~30 s for --timeout 20). One deadline ends the whole update at ~20 s. (The deadline is
    20 s, not 10, so that a loaded 2-core CI machine neither times the bundle out nor pushes a
    shared deadline's run past the bound: at 10 s with 6 s of silence, start-up under load once
    made it 14.8 s against a bound of 14.)"""
    start = time.monotonic()
    proc = run_cli(
        ["data", "update", f"{split_server}/b.json", "--signed-by", site["key"], "--timeout", "20"],
        site["env"],
    )
    elapsed = time.monotonic() - start
    _one_error(proc, "signature download timed out after 20 s")
    assert elapsed < 27, elapsed  # 20 s plus interpreter start (per-request timers: ~30 s)


def test_fifo_in_the_data_dir_is_refused_not_waited_on(
    tmp_path: Path, bundle: bytes, site: dict
) -> None:
    """A FIFO named MANIFEST.json (or cuda.json) in the data dir hung `data update` (and every
    `verify` that loads the data)."""
    import os

    target: Path = site["target"]
    target.mkdir()
    os.mkfifo(target / "MANIFEST.json")
    path = _write(tmp_path, "b.json", bundle)
    proc = run_cli(["data", "update", str(path), "--signed-by", site["key"]], site["env"])
    _one_error(proc, "FIFO")
    data = tmp_path / "d"
    shutil.copytree(REPO / "compat_data", data)
    (data / "cuda.json").unlink()
    os.mkfifo(data / "cuda.json")
    snap = REPO / "tests" / "fixtures" / "snapshots" / "healthy_h100.json"
    proc = run_cli(
        ["verify", "--snapshot", str(snap)], clean_env(tmp_path, ENVCHECK_DATA_DIR=str(data))
    )
    assert proc.returncode == 2 and "FIFO" in proc.stderr, proc.stderr


# --- interoperability with the real minisign tool (when installed: apt-get install minisign) --

needs_minisign = pytest.mark.skipif(
    shutil.which("minisign") is None, reason="the minisign tool is not installed"
)


@needs_minisign
def test_bundle_signed_by_real_minisign_installs(tmp_path: Path, bundle: bytes) -> None:
    keys = tmp_path / "keys"
    keys.mkdir()
    pub, sec = keys / "site.pub", keys / "site.key"
    subprocess.run(
        ["minisign", "-G", "-W", "-p", str(pub), "-s", str(sec)], check=True, capture_output=True
    )
    path = tmp_path / "b.json"
    path.write_bytes(bundle)
    subprocess.run(
        ["minisign", "-S", "-W", "-s", str(sec), "-m", str(path)], check=True, capture_output=True
    )
    pub.chmod(0o644)
    env = clean_env(tmp_path, ENVCHECK_DATA_DIR=str(tmp_path / "data"))
    proc = run_cli(["data", "update", str(path), "--signed-by", str(pub)], env)
    assert proc.returncode == 0, proc.stderr
    key_id = pub.read_text().splitlines()[0].split()[-1]  # "minisign public key <ID>"
    assert f"signed by key {key_id}" in proc.stdout


@needs_minisign
def test_envcheck_signature_verifies_with_real_minisign(tmp_path: Path) -> None:
    (tmp_path / "k.pub").write_text(PUB)
    data = tmp_path / "f.json"
    data.write_bytes(b'{"x": 1}\n')
    (tmp_path / "f.json.minisig").write_text(sign(data.read_bytes(), SEED, KEY_ID))
    proc = subprocess.run(
        ["minisign", "-V", "-p", str(tmp_path / "k.pub"), "-m", str(data)], capture_output=True
    )
    assert proc.returncode == 0, proc.stderr
    assert b"verified" in proc.stdout + proc.stderr
