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
