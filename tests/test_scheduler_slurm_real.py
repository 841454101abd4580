"""The Slurm prolog and health check, on a real single-node Slurm cluster calling the real envcheck.

tests/slurm_support.py starts munged, slurmctld and slurmd on 127.0.0.1 (Debian's packages,
installed by .ci/services-up.sh). Where they cannot run (not root, not installed), every test
here skips with that reason.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from slurm_support import SlurmCluster, unavailable_reason

REASON = unavailable_reason()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))

# The longest Reason the scripts write (docs/scheduling.md). Slurm keeps node reasons as free
# text; 200 characters also fit sinfo -R's REASON column with room to spare.
MAX_REASON = 200

FAILING = '[thresholds]\nshm_min_bytes = "1TiB"\n'  # no machine here has a 1 TiB /dev/shm
PASSING = '[thresholds]\nshm_min_bytes = "1KiB"\n'


def _envcheck() -> str:
    exe = shutil.which("envcheck", path=os.path.dirname(sys.executable))
    assert exe, "envcheck is not installed in this venv"
    return exe


def _start_again(cluster: SlurmCluster, job: str) -> None:
    """Release a job Slurm held after a prolog failure, and drop its 120 s requeue delay."""
    # Under load slurmctld can briefly mark the node NOT_RESPONDING after a resume; a job
    # released then misses the scheduling pass the update triggers and waits for the next
    # periodic one (60 s). Seen once at load average 8: wait until the node answers, and if the
    # job has not started after 10 s, update it again (each update triggers a pass).
    deadline = time.monotonic() + 15
    while "NOT_RESPONDING" in cluster.node_info().get("State", ""):
        if time.monotonic() > deadline:
            break
        time.sleep(0.2)
    cluster.scontrol("release", job)
    cluster.scontrol("update", f"JobId={job}", "StartTime=now")
    try:
        cluster.wait_for_job(job, ("CONFIGURING", "RUNNING", "COMPLETING", "COMPLETED"), 10)
    except AssertionError:
        cluster.scontrol("update", f"JobId={job}", "StartTime=now")


def test_prolog_drains_the_node_and_holds_the_job_until_the_policy_is_met(tmp_path: Path) -> None:
    cluster = SlurmCluster(envcheck=_envcheck())
    policy = cluster.dir / "envcheck.toml"
    policy.write_text(FAILING)
    cluster.set_defaults({"ENVCHECK_ARGS": f"--policy {policy}"})
    with cluster:
        marker = cluster.dir / "jobs" / "ran"
        job = cluster.sbatch(marker)

        node = cluster.wait_for_state("DRAIN", timeout=30)
        reason = node["Reason"]
        assert reason.startswith("envcheck: EC501 "), reason
        assert len(reason) <= MAX_REASON
        # Slurm's documented answer to a failed prolog: the batch job is requeued, held
        info = cluster.wait_for_job(job, ("PENDING",), timeout=10)
        assert info["Reason"] == "launch_failed_requeued_held", info
        assert info["Restarts"] == "1"
        assert not marker.exists(), "the job ran on a node that failed its prolog"

        # the site fixes the node, resumes it and releases the job: it runs, no new drain
        policy.write_text(PASSING)
        cluster.resume()
        _start_again(cluster, job)
        done = cluster.wait_for_job(job, ("COMPLETED", "FAILED"), timeout=30)
        assert done["JobState"] == "COMPLETED", done
        assert marker.read_text().strip() == "ran"
        node = cluster.node_info()
        assert "DRAIN" not in node["State"], node
        assert "Reason" not in node


def test_a_hung_nvidia_smi_drains_within_the_probe_budget_and_names_the_probe(
    tmp_path: Path,
) -> None:
    fakebin = tmp_path / "bin"
    fakebin.mkdir()
    smi = fakebin / "nvidia-smi"
    smi.write_text("#!/bin/sh\nexec sleep 600\n")
    smi.chmod(0o755)
    cluster = SlurmCluster(envcheck=_envcheck())
    # the node's PATH, as a site's /etc/default/envcheck could set it
    cluster.set_defaults({"PATH": f"{fakebin}:/usr/sbin:/usr/bin:/sbin:/bin"})
    with cluster:
        start = time.monotonic()
        job = cluster.sbatch(cluster.dir / "jobs" / "ran")
        node = cluster.wait_for_state("DRAIN", timeout=40)
        took = time.monotonic() - start
        reason = node["Reason"]
        assert reason.startswith("envcheck: EC403 nvidia-smi hung"), reason
        assert len(reason) <= MAX_REASON
        # verify's probe timeout (5 s) bounds the prolog, not the 600 s the tool would take
        assert took < 20, f"prolog took {took:.1f} s"
        # the requeue passes through COMPLETING first
        cluster.wait_for_job(job, ("PENDING",), timeout=15)

        # verify itself past ENVCHECK_TIMEOUT: killed; drains only where the site asked for it
        cluster.set_defaults(
            {
                "PATH": f"{fakebin}:/usr/sbin:/usr/bin:/sbin:/bin",
                "ENVCHECK_ARGS": "--timeout 60",
                "ENVCHECK_TIMEOUT": "3",
                "ENVCHECK_DRAIN_ON_TIMEOUT": "1",
            }
        )
        cluster.resume()
        cluster.wait_for_state("IDLE", timeout=10)
        start = time.monotonic()
        _start_again(cluster, job)
        node = cluster.wait_for_state("DRAIN", timeout=40)
        took = time.monotonic() - start
        assert node["Reason"] == "envcheck: verify timed out after 3s", node
        assert took < 15, f"prolog took {took:.1f} s with ENVCHECK_TIMEOUT=3"


def test_health_check_drains_and_resumes_only_its_own_drains() -> None:
    cluster = SlurmCluster(envcheck=_envcheck(), prolog=False, healthcheck_interval=3)
    policy = cluster.dir / "envcheck.toml"
    policy.write_text(FAILING)
    cluster.set_defaults({"ENVCHECK_ARGS": f"--policy {policy}"})
    with cluster:
        node = cluster.wait_for_state("DRAIN", timeout=30)
        assert node["Reason"].startswith("envcheck: EC501 "), node

        policy.write_text(PASSING)
        deadline = time.monotonic() + 30
        while "DRAIN" in cluster.node_info()["State"] and time.monotonic() < deadline:
            time.sleep(0.3)
        node = cluster.node_info()
        assert "DRAIN" not in node["State"], f"not resumed: {node}"

        # a drain a person set is never lifted by envcheck
        cluster.scontrol("update", f"NodeName={cluster.node}", "State=DRAIN", "Reason=maintenance")
        # wait (no fixed sleep) until a health check that started after the drain has ended:
        # every run started before it, plus one more, must have ended
        cluster.wait_for_runs("healthcheck", cluster.runs("healthcheck") + 1, timeout=30)
        node = cluster.node_info()
        assert "DRAIN" in node["State"] and node["Reason"] == "maintenance", node
