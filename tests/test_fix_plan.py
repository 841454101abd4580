"""Fix plans for a catalogue of broken hosts, asserted action by action.

The hosts and their findings are in tests/fixtures/fix/ (see fix_support.py). Versions the
plan picks come from the matrix; where the matrix decides, the test asks the matrix the same
question, so the assertions are about the plan's logic and order, not about data drift.
"""

from __future__ import annotations

import pytest
from fix_support import findings, load, outcome_of
from packaging.version import Version

from envcheck.compat import load_matrix
from envcheck.fix.plan import PYTHON, SCOPES, build_plan, parse_target
from envcheck.fix.validate import Rejected


@pytest.fixture(scope="module")
def matrix():
    return load_matrix()


def plan_for(name: str, matrix, **kw):
    return build_plan(load(name), findings(name), matrix, **kw)


def ids(plan) -> list:
    return [a.id for a in plan.actions]


def tagged(build) -> list:
    """What the plan installs for a matrix build: exact pins, the PyTorch index's variant as
    local tag (so one pip transaction replaces another variant of the same version)."""
    pins = [f"{n}=={v}+{build.tag}" if build.index_url else f"{n}=={v}" for n, v in build.packages]
    return pins + (["--index-url", build.index_url] if build.index_url else [])


def pip_args(action) -> list:
    (cmd,) = action.commands
    assert cmd[:3] == [PYTHON, "-m", "pip"]
    return cmd[3:]


def test_old_driver_new_torch_installs_a_build_this_driver_runs(matrix) -> None:
    plan = plan_for("old-driver-new-torch", matrix)
    # one pip transaction replaces the installed build: no uninstall-then-install gap
    assert ids(plan) == ["torch-install"]
    (install,) = plan.actions
    rec = matrix.recommend("torch", "470.82.01", ["7.5"], "3.10")
    assert pip_args(install) == ["install", *tagged(rec.best)]
    assert "replaces torch" in install.description
    assert rec.best.cuda.startswith("11.")  # driver 470 = CUDA 11.4: no CUDA 12 build
    assert install.scope == "python-env" and not install.needs_root
    assert install.resolves == ["EC101"]
    # the alternative (keep torch, upgrade the driver) is named with the matrix's minimum
    need = matrix.min_driver("12.4")
    assert any(f"upgrade the driver to >= {need}" in n for n in install.notes)


def test_ancient_driver_driver_first_then_reload_then_framework(matrix) -> None:
    plan = plan_for("ancient-driver-t4", matrix)
    assert ids(plan)[:3] == ["driver-upgrade", "driver-reload", "torch-install"]
    upgrade, reload, install = plan.actions[:3]
    best = matrix.recommend("torch", None, ["7.5"], "3.10").best
    need = matrix.min_driver(best.cuda)
    assert upgrade.gate_driver == need and f">= {need}" in upgrade.description
    assert upgrade.needs_root and upgrade.needs_reboot and upgrade.risk == "high"
    assert upgrade.scope == "manual" and upgrade.docs.startswith("https://docs.nvidia.com/")
    assert reload.driver_reload and reload.commands[0][:2] == ["modprobe", "-r"]
    assert pip_args(install) == ["install", *tagged(best)]


def test_blackwell_with_cu124_build_gets_a_build_with_sm120(matrix) -> None:
    plan = plan_for("blackwell-cu124", matrix)
    install = plan.action("torch-install")
    assert install is not None and install.resolves == ["EC201"]
    args = pip_args(install)
    index = args[args.index("--index-url") + 1]
    tag = index.rsplit("/", 1)[1]
    version = args[1].split("==")[1]
    assert version.endswith(f"+{tag}")
    _, variant = matrix.torch_build(version)
    assert variant.runs_on("12.0") is True  # the chosen build has kernels for sm_120
    assert Version(variant.cuda) >= Version("12.8")
    assert not any(a.id == "driver-upgrade" for a in plan.actions)  # driver 570 runs it


def test_cpu_only_torch_replaced_in_one_transaction(matrix) -> None:
    plan = plan_for("cpu-only-torch", matrix)
    assert "torch-uninstall" not in ids(plan)  # no gap without torch
    install = plan.action("torch-install")
    args = pip_args(install)
    assert "--index-url" in args and "/whl/cu" in args[args.index("--index-url") + 1]
    tag = args[args.index("--index-url") + 1].rsplit("/", 1)[1]
    # the +cuXXX pins make pip replace every +cpu build (torch==X alone would keep X+cpu)
    assert {a.split("==")[0] for a in args[1:4]} == {"torch", "torchvision", "torchaudio"}
    assert all(a.endswith(f"+{tag}") for a in args[1:4])


def test_shadowed_cudnn_drops_the_ld_library_path_entry(matrix) -> None:
    plan = plan_for("shadowed-cudnn", matrix)
    assert ids(plan) == ["ld-library-path"]
    action = plan.actions[0]
    assert action.env == {"LD_LIBRARY_PATH": "/usr/local/nvidia/lib64"}
    assert "/opt/cudnn-8.9/lib" in action.description
    assert "New value: /usr/local/nvidia/lib64" in action.description
    assert action.resolves == ["EC303"] and action.commands == []


def test_small_shm_in_a_container_is_a_container_flag(matrix) -> None:
    plan = plan_for("small-shm-container", matrix)
    assert ids(plan) == ["shm-size"]
    action = plan.actions[0]
    assert action.scope == "container" and not action.needs_root
    assert "--shm-size=8g" in action.description  # 8 GPUs, the finding's 8 GiB
    assert "--ipc=host" in action.description


def test_os_settings_on_bare_metal(matrix) -> None:
    plan = plan_for("os-settings", matrix)
    assert set(ids(plan)) == {"persistence-mode", "memlock", "shm-remount", "cpu-governor"}
    pm = plan.action("persistence-mode")
    assert pm.commands == [["nvidia-smi", "-pm", "1"]] and pm.needs_root
    assert pm.resolves == ["EC440"]
    memlock = plan.action("memlock")
    (path, content) = next(iter(memlock.files.items()))
    assert path.startswith("/etc/security/limits.d/") and path.endswith(".conf")
    assert "*    soft    memlock    unlimited" in content
    assert "*    hard    memlock    unlimited" in content
    shm = plan.action("shm-remount")
    assert shm.commands == [["mount", "-o", "remount,size=2G", "/dev/shm"]]
    assert plan.action("cpu-governor").commands == [
        ["cpupower", "frequency-set", "-g", "performance"]
    ]
    assert all(a.scope == "system" and a.needs_root for a in plan.actions)


def test_pairing_installs_the_matching_torchvision_from_the_same_index(matrix) -> None:
    plan = plan_for("pairing", matrix)
    assert ids(plan) == ["torch-pair"]
    release = matrix.torch_release("2.5.1")
    assert pip_args(plan.actions[0]) == [
        "install",
        f"torchvision=={release.torchvision}",
        "--index-url",
        release.variant("cu124").index_url,
    ]


def test_driver_state_nouveau_mismatch_and_health(matrix) -> None:
    plan = plan_for("driver-state", matrix)
    assert ids(plan) == ["driver-reload", "blacklist-nouveau", "manual-EC401-gpu0"]
    nouveau = plan.action("blacklist-nouveau")
    assert nouveau.files == {
        "/etc/modprobe.d/blacklist-nouveau.conf": "blacklist nouveau\noptions nouveau modeset=0\n"
    }
    assert nouveau.needs_reboot and nouveau.risk == "high"
    health = plan.action("manual-EC401-gpu0")
    assert health.scope == "manual" and health.docs and health.commands == []


def test_healthy_host_has_nothing_to_do(matrix) -> None:
    assert build_plan(load("healthy-h100"), findings("healthy-h100"), matrix).actions == []


def test_every_action_is_well_formed(matrix) -> None:
    names = [
        "old-driver-new-torch",
        "ancient-driver-t4",
        "blackwell-cu124",
        "blackwell-old-driver",
        "cpu-only-torch",
        "shadowed-cudnn",
        "small-shm-container",
        "os-settings",
        "pairing",
        "driver-state",
        "malicious",
    ]
    for name in names:
        plan = plan_for(name, matrix)
        codes = {f.code for f in findings(name).findings if f.severity != "info"}
        resolved = {c for a in plan.actions for c in a.resolves}
        assert codes <= resolved, (name, codes - resolved)  # every finding has a way out
        for a in plan.actions:
            assert a.scope in SCOPES and a.risk in ("low", "medium", "high")
            assert a.resolves, a.id
            for cmd in a.commands:
                assert isinstance(cmd, list) and all(isinstance(x, str) for x in cmd)
            if a.scope == "manual":
                assert a.docs and a.docs.startswith("https://")


def test_target_that_runs_here(matrix) -> None:
    plan = plan_for("old-driver-new-torch", matrix, target="torch==2.4.1")
    install = plan.action("torch-install")
    args = pip_args(install)
    index = args[args.index("--index-url") + 1]
    assert args[1] == "torch==2.4.1+" + index.rsplit("/", 1)[1]
    release = matrix.torch_release("2.4.1")
    variant = next(v for v in release.variants if v.index_url == index)
    assert matrix.driver_runs_cuda("470.82.01", variant.cuda).ok


def test_target_that_needs_a_driver_upgrade_says_which(matrix) -> None:
    plan = plan_for("ancient-driver-t4", matrix, target="torch==2.4.1")
    assert ids(plan)[:2] == ["driver-upgrade", "driver-reload"]
    assert any("runs after a driver upgrade to >=" in n for n in plan.notes)
    assert plan.action("torch-install") is not None


def test_target_that_cannot_run_says_why(matrix) -> None:
    # torch 2.5.1 has no build with sm_120 kernels: no driver upgrade makes it run on a 5090
    plan = plan_for("blackwell-cu124", matrix, target="torch==2.5.1")
    assert ids(plan) == ["torch-target-manual"]
    assert any("cannot run on this host" in n for n in plan.notes)
    assert any("12.0" in n for n in plan.notes)


def test_framework_tensorflow(matrix) -> None:
    plan = plan_for("healthy-h100", matrix, framework="tensorflow")
    install = plan.action("tensorflow-install")
    rec = matrix.recommend("tensorflow", "550.54.15", ["9.0"], "3.11")
    assert pip_args(install) == ["install", *rec.best.pip_args]


@pytest.mark.parametrize("text", ["torch==2.4.1; rm -rf /", "torch==$(id)", "to rch", ""])
def test_bad_targets_are_rejected(text: str) -> None:
    with pytest.raises(Rejected):
        parse_target(text)


def test_malicious_values_become_manual_steps(matrix) -> None:
    plan = build_plan(load("malicious"), findings("malicious"), matrix)
    assert any("not a valid driver version" in n for n in plan.notes)
    # the driver was ignored, so no driver step carries it
    assert all("rm -rf" not in a.description for a in plan.actions if a.id.startswith("driver"))
    # the shadowing path had a newline: no LD_LIBRARY_PATH action exports it
    assert all("LD_LIBRARY_PATH" not in a.env for a in plan.actions)
    # the rejected pairing values leave a manual step
    # (no torch is reinstalled: the driver version was rejected, so the plan asks for it)
    assert plan.action("torch-needs-facts").scope == "manual"
    pair = plan.action("torch-pair")
    assert pair.scope == "manual" and not pair.commands and "rejected" in pair.description
    # values from the snapshot never reach a command; only matrix values do
    for a in plan.actions:
        for cmd in a.commands:
            for word in cmd:
                assert "pwned" not in word and ";" not in word and "\n" not in word


def test_rejected_pairing_value_names_it(matrix) -> None:
    out = findings("pairing")
    snap = load("pairing")
    snap.packages.installed["torch"] = "2.5.1+cu124$(touch /tmp/envcheck-pwned)"
    plan = build_plan(snap, out, matrix)
    pair = plan.action("torch-pair")
    assert pair.scope == "manual" and pair.commands == []
    assert "rejected" in pair.description and "touch /tmp/envcheck-pwned" in pair.description


def test_unknown_findings_from_new_checks_get_a_manual_step(matrix) -> None:
    out = outcome_of(
        [
            {
                "code": "EC999",
                "category": "storage",
                "severity": "warning",
                "title": "Something new",
                "expected": "",
                "found": "",
                "evidence": {},
                "fix": "do the thing",
                "gpu": None,
            }
        ]
    )
    plan = build_plan(load("healthy-h100"), out, matrix)
    assert ids(plan) == ["manual-EC999"]
    assert plan.actions[0].description == "Something new: do the thing"


def test_cpu_only_tensorflow_is_not_fixed_with_torch(matrix) -> None:
    snap = load("healthy-h100")
    snap.packages.installed.update({"tensorflow-cpu": "2.15.0"})
    out = outcome_of(
        [
            {
                "code": "EC211",
                "category": "cpu-only-build",
                "severity": "error",
                "title": "CPU-only TensorFlow on a host with NVIDIA GPUs",
                "expected": "",
                "found": "",
                "evidence": {"tensorflow": "2.15.0"},
                "fix": "",
                "gpu": None,
            }
        ]
    )
    plan = build_plan(snap, out, matrix)
    assert ids(plan) == ["tensorflow-uninstall", "tensorflow-install"]
    assert pip_args(plan.actions[0]) == ["uninstall", "-y", "tensorflow-cpu"]
    rec = matrix.recommend("tensorflow", "550.54.15", ["9.0"], "3.11")
    assert pip_args(plan.actions[1]) == ["install", *rec.best.pip_args]


def test_every_category_on_a_host_we_know_nothing_about(matrix) -> None:
    from envcheck.findings import CATEGORIES
    from envcheck.snapshot import Snapshot, Unknown

    empty = Snapshot(driver=Unknown("no NVML"), packages=Unknown("unreadable"), env=None)
    items = [
        {
            "code": f"EC{900 + i}",
            "category": cat,
            "severity": "error",
            "title": cat,
            "expected": "",
            "found": "",
            "evidence": {"torch": "2.5.1", "path": "/x/libcudnn.so.8", "min_driver": "x"},
            "fix": "",
            "gpu": None,
        }
        for i, cat in enumerate(CATEGORIES)
    ]
    plan = build_plan(empty, outcome_of(items), matrix)
    resolved = {c for a in plan.actions for c in a.resolves}
    assert resolved == {i["code"] for i in items}  # each one still gets a step
    assert all(a.scope == "manual" or a.commands or a.files for a in plan.actions)


def test_no_nvidia_hardware_is_a_manual_step_not_modprobe() -> None:
    """modprobe cannot help a machine without an NVIDIA GPU: the plan says so instead."""
    from envcheck.checks.registry import run_checks
    from envcheck.policy import Policy
    from envcheck.snapshot import Snapshot, Unknown

    snap = Snapshot.load("tests/fixtures/snapshots/healthy_h100.json")
    snap.driver.status = "library-not-found"
    snap.driver.gpus = Unknown("NVML unusable: library-not-found")
    snap.kernel.modules = {"nvidia": False, "nouveau": False}
    snap.kernel.device_nodes = []
    snap.kernel.pci_nvidia_gpus = []
    snap.os.container = None
    matrix = load_matrix()
    plan = build_plan(snap, run_checks(snap, matrix, Policy()), matrix)
    ids = [a.id for a in plan.actions]
    assert "no-nvidia-gpu" in ids and "driver-load" not in ids
    (action,) = [a for a in plan.actions if a.id == "no-nvidia-gpu"]
    assert action.commands == [] and action.scope == "manual"

    snap.kernel.pci_nvidia_gpus = ["0000:17:00.0"]  # the GPU is there: load the driver
    plan = build_plan(snap, run_checks(snap, matrix, Policy()), matrix)
    (action,) = [a for a in plan.actions if a.id == "driver-load"]
    assert ["modprobe", "nvidia"] in action.commands
