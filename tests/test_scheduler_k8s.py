"""The Kubernetes drop-in files in docs/scheduler/: valid YAML of the right shape.

Parsed with PyYAML when it is installed; otherwise a strict minimal check (no tabs, the keys
and values the manifests must contain) still runs, so the test never silently passes."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict

import pytest

SCHED = Path(__file__).resolve().parent.parent / "docs" / "scheduler"
INIT = SCHED / "k8s-init-container.yaml"
DAEMONSET = SCHED / "k8s-daemonset.yaml"

try:
    import yaml
except ImportError:  # pragma: no cover - depends on the environment
    yaml = None


def _load(path: Path) -> Dict[str, Any]:
    assert yaml is not None
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d is not None]
    assert len(docs) == 1
    return docs[0]


def _strict_text_checks(path: Path) -> str:
    text = path.read_text()
    assert "\t" not in text, f"{path.name}: tabs are not allowed in YAML"
    for n, line in enumerate(text.splitlines(), 1):
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 2 == 0, f"{path.name}:{n}: odd indentation"
    return text


@pytest.mark.skipif(yaml is None, reason="PyYAML not installed; see the minimal checks")
def test_init_container_runs_verify_before_training() -> None:
    pod = _load(INIT)
    assert pod["apiVersion"] == "v1" and pod["kind"] == "Pod"
    (init,) = pod["spec"]["initContainers"]
    assert init["args"][0] == "verify"
    assert init["resources"]["limits"]["nvidia.com/gpu"] == 1
    train = pod["spec"]["containers"][0]
    assert (
        train["resources"]["limits"]["nvidia.com/gpu"]
        == init["resources"]["limits"]["nvidia.com/gpu"]
    )
    shm = {v["name"]: v for v in pod["spec"]["volumes"]}["dshm"]
    assert shm["emptyDir"]["medium"] == "Memory"


@pytest.mark.skipif(yaml is None, reason="PyYAML not installed; see the minimal checks")
def test_daemonset_writes_the_node_report_to_a_hostpath() -> None:
    ds = _load(DAEMONSET)
    assert ds["apiVersion"] == "apps/v1" and ds["kind"] == "DaemonSet"
    spec = ds["spec"]
    assert spec["selector"]["matchLabels"] == spec["template"]["metadata"]["labels"]
    pod = spec["template"]["spec"]
    (c,) = pod["containers"]
    script = "\n".join(c["args"])
    assert re.search(
        r"envcheck verify --format json --output \"/reports/\$\{NODE_NAME\}\.json\"", script
    )
    env = {e["name"]: e for e in c["env"]}
    assert env["NODE_NAME"]["valueFrom"]["fieldRef"]["fieldPath"] == "spec.nodeName"
    assert env["NVIDIA_VISIBLE_DEVICES"]["value"] == "all"
    assert "nvidia.com/gpu" not in c["resources"].get("limits", {}), "must not take GPUs from jobs"
    mounts = {m["name"]: m["mountPath"] for m in c["volumeMounts"]}
    volumes = {v["name"]: v for v in pod["volumes"]}
    assert mounts["reports"] == "/reports"
    assert volumes["reports"]["hostPath"]["path"] == "/var/lib/envcheck"
    # Kubernetes expands $(VAR) in args; the script must not rely on $(command) there
    assert "$(" not in script


def test_minimal_checks_without_pyyaml() -> None:
    init = _strict_text_checks(INIT)
    assert re.search(r"^kind: Pod$", init, re.M)
    assert re.search(r"^\s+initContainers:$", init, re.M)
    assert 'args: ["verify"' in init
    ds = _strict_text_checks(DAEMONSET)
    assert re.search(r"^kind: DaemonSet$", ds, re.M)
    assert "envcheck verify --format json --output" in ds
    assert re.search(r"^\s+hostPath:\n\s+path: /var/lib/envcheck$", ds, re.M)
