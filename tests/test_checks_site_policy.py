"""EC7xx policy checks: what envcheck.toml requires."""

from __future__ import annotations

from checks_support import fires, load, quiet, skipped

from envcheck.policy import Policy


def test_not_applicable_without_policy():
    assert "does not set" in skipped(load("healthy_h100"), "EC701")


def test_ec701_seven_gpus_where_policy_wants_eight():
    (f,) = fires(load("sick_gpus"), "EC701", Policy(gpu_count=8, source="envcheck.toml"))
    assert f.found == "7 GPUs" and "envcheck.toml" in f.expected


def test_ec701_quiet_with_eight():
    quiet(load("healthy_h100"), "EC701", Policy(gpu_count=8))


def test_ec702_wrong_model():
    found = fires(load("healthy_h100"), "EC702", Policy(gpu_model="A100"))
    assert len(found) == 8


def test_ec702_quiet_matching_model_case_insensitive():
    quiet(load("healthy_h100"), "EC702", Policy(gpu_model="h100 80gb"))


def test_ec703_driver_below_minimum():
    fires(load("healthy_h100"), "EC703", Policy(driver_min_version="550.90.07"))


def test_ec703_quiet_at_minimum():
    quiet(load("healthy_h100"), "EC703", Policy(driver_min_version="550.54.15"))


def test_ec704_package_pins():
    p = Policy(packages={"torch": ">=2.6", "deepspeed": ">=0.14"})
    found = fires(load("healthy_h100"), "EC704", p)
    assert {f.evidence["package"] for f in found} == {"torch", "deepspeed"}


def test_ec704_quiet_local_tag_ignored():
    quiet(load("old_driver_470_torch_cu121"), "EC704", Policy(packages={"torch": "==2.1.2"}))


def test_ec705_mig_required_but_off():
    found = fires(load("healthy_h100"), "EC705", Policy(gpu_mig=True))
    assert "-mig 1" in found[0].fix


def test_ec705_quiet_when_matching():
    quiet(load("healthy_h100"), "EC705", Policy(gpu_mig=False))


# ---- fail closed (issue 11): a fact the policy requires and that cannot be read is an error


def _no_gpu_visible():
    """The nouveau-bound node: no NVIDIA driver bound, so no GPU list and no driver version."""
    return load("nouveau_bound")


def test_ec701_ec702_ec703_fail_closed_when_gpus_cannot_be_read():
    policy = Policy(gpu_count=8, gpu_model="H100", driver_min_version="550.54.15")
    for code in ("EC701", "EC702", "EC703"):
        (f,) = fires(_no_gpu_visible(), code, policy, severity="error")
        assert f.category == "policy"
        assert f.found.startswith("cannot verify: ") and f.evidence["cannot_verify"]


def test_ec704_fails_closed_when_packages_cannot_be_read():
    snap = load("healthy_h100")
    from envcheck.snapshot import Unknown

    snap.packages.installed = Unknown("importlib.metadata failed")
    (f,) = fires(snap, "EC704", Policy(packages={"torch": ">=2.4"}), severity="error")
    assert f.found == "cannot verify: installed packages unknown: importlib.metadata failed"


def test_ec705_fails_closed_when_mig_mode_cannot_be_read():
    snap = load("healthy_h100")
    from envcheck.snapshot import Unknown

    snap.driver.gpus[0].mig_enabled = Unknown("NVML: not supported")
    found = fires(snap, "EC705", Policy(gpu_mig=False), severity="error")
    assert any(f.found.startswith("cannot verify: MIG mode of GPU 0") for f in found)


def test_unset_policy_keys_stay_not_applicable():
    assert "does not set" in skipped(_no_gpu_visible(), "EC703")


def test_ec706_fires_for_a_missing_data_dir_and_an_unreachable_url():
    from envcheck.snapshot import DataUrl, Storage, Unknown

    snap = load("healthy_h100")
    snap.storage = Storage(
        data_dir=Unknown("/mnt/data does not exist"),
        data_url=DataUrl(url="http://127.0.0.1:9/x", error="connection refused"),
    )
    found = fires(snap, "EC706", severity="error")
    assert [f.found for f in found] == [
        "cannot verify: /mnt/data does not exist",
        "cannot verify: connection refused",
    ]


def test_ec706_quiet_when_the_data_dir_is_there():
    from envcheck.snapshot import DataDir, Storage

    snap = load("healthy_h100")
    snap.storage = Storage(data_dir=DataDir(path="/data", filesystem="ext4"), data_url=None)
    quiet(snap, "EC706")


def test_ec706_not_applicable_without_data_options():
    snap = load("healthy_h100")
    snap.storage = None
    assert "no --data-dir" in skipped(snap, "EC706")
