"""EC6xx storage / data-network checks: only with --data-dir / --data-url facts."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.policy import GIB
from envcheck.snapshot import DataDir, DataUrl, Storage


def _with_dir(**kw) -> object:
    s = load("healthy_h100")
    facts = dict(
        path="/data/imagenet",
        filesystem="ext4",
        network=False,
        rotational=False,
        device="nvme0n1",
        free_bytes=900 * GIB,
        total_bytes=3500 * GIB,
    )
    facts.update(kw)
    s.storage = Storage(data_dir=DataDir(**facts))
    return s


def _with_url(**kw) -> object:
    s = load("healthy_h100")
    facts = dict(
        url="http://127.0.0.1:8080/shard-000.tar",
        connect_ms=0.4,
        throughput_mbps=900.0,
        bytes_sampled=8 * 1024**2,
        status_code=200,
        error=None,
    )
    facts.update(kw)
    s.storage = Storage(data_url=DataUrl(**facts))
    return s


def test_not_applicable_without_flags():
    assert "--data-dir" in skipped(load("healthy_h100"), "EC601")
    assert "--data-url" in skipped(load("healthy_h100"), "EC610")


def test_ec601_rotational_disk():
    (f,) = fires(_with_dir(rotational=True, device="sdb"), "EC601")
    assert "sdb" in f.found


def test_ec601_quiet_on_nvme():
    quiet(_with_dir(), "EC601")


def test_ec602_nfs_is_a_warning_lustre_info():
    fires(_with_dir(filesystem="nfs4", network=True), "EC602", severity="warning")
    fires(_with_dir(filesystem="lustre", network=True), "EC602", severity="info")


def test_ec602_quiet_on_local():
    quiet(_with_dir(), "EC602")


def test_ec603_low_free_space():
    fires(_with_dir(free_bytes=2 * GIB), "EC603")


def test_ec603_quiet_with_space():
    quiet(_with_dir(), "EC603")


def test_ec610_unreachable_is_an_error():
    fires(
        _with_url(error="connection refused", throughput_mbps=None, status_code=None),
        "EC610",
        severity="error",
    )
    fires(_with_url(status_code=404), "EC610", severity="error")


def test_ec610_slow_is_a_warning():
    fires(_with_url(throughput_mbps=12.5), "EC610", severity="warning")


def test_ec610_quiet_when_fast():
    quiet(_with_url(), "EC610")
