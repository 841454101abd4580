"""A real single-node Slurm cluster on localhost for the scheduler tests and the latency benchmark.

munged, slurmctld and slurmd from Debian's packages run as root with every file (slurm.conf,
munge key and socket, state, spool, logs) in one temporary folder, on two free TCP ports, and
are stopped by their PIDs afterwards. Nothing under /etc or /run is read or written: the client
commands find the cluster through ``SLURM_CONF`` and the munge socket through ``AuthInfo``.

slurmd runs prologs and health checks with a minimal environment (only ``SLURM_*`` variables, no
PATH), so a site configures the scripts through ``/etc/default/envcheck``. The tests cannot write
there; instead the configured program is a two-line wrapper that points ``ENVCHECK_DEFAULTS`` at
a settings file in the cluster folder and execs the project's script unchanged, which sources it
exactly as it would source /etc/default/envcheck.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional

REPO = Path(__file__).resolve().parent.parent
SCHED = REPO / "docs" / "scheduler"
PROLOG = SCHED / "prolog-envcheck.sh"
HEALTHCHECK = SCHED / "slurm-healthcheck.sh"

DAEMONS = ("munged", "slurmctld", "slurmd")
CLIENTS = ("sbatch", "srun", "scontrol", "sinfo", "squeue")


def unavailable_reason() -> Optional[str]:
    """Why a real cluster cannot run here, or None when it can."""
    if os.geteuid() != 0:
        return "slurmd must run as root to launch jobs"
    missing = [p for p in DAEMONS + CLIENTS if shutil.which(p) is None]
    if missing:
        return "not installed: " + ", ".join(missing) + " (.ci/services-up.sh installs them)"
    return None


def _free_ports(n: int) -> List[int]:
    socks, ports = [], []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
        ports.append(s.getsockname()[1])
    for s in socks:
        s.close()
    return ports


class SlurmCluster:
    """One controller and one compute node ("envcheck-node1") on 127.0.0.1."""

    node = "envcheck-node1"

    def __init__(
        self,
        envcheck: str,
        prolog: bool = True,
        healthcheck_interval: Optional[int] = None,
        defaults: Optional[Dict[str, str]] = None,
    ) -> None:
        self.envcheck = envcheck
        self.with_prolog = prolog
        self.healthcheck_interval = healthcheck_interval
        # a short path: a munge socket path must fit in sun_path (108 bytes)
        self.dir = Path(tempfile.mkdtemp(prefix="ecslurm-", dir="/tmp"))
        self.dir.chmod(0o755)
        self.conf = self.dir / "slurm.conf"
        self.defaults_file = self.dir / "envcheck.defaults"
        self.env = dict(os.environ, SLURM_CONF=str(self.conf))
        self.set_defaults(defaults or {})

    # -- configuration -------------------------------------------------------------------
    def set_defaults(self, values: Dict[str, str]) -> None:
        """Rewrite the settings file the wrapper sources (like /etc/default/envcheck)."""
        # slurmd gives health checks no SLURM_CONF (prologs get one): a site with its
        # slurm.conf elsewhere than /etc/slurm sets it in /etc/default/envcheck the same way
        settings = {
            "ENVCHECK": self.envcheck,
            "ENVCHECK_TIMEOUT": "60",
            "SLURM_CONF": str(self.conf),
        }
        settings.update(values)
        lines = [f"export {k}={_sh_quote(v)}" for k, v in settings.items()]
        self.defaults_file.write_text("\n".join(lines) + "\n")

    def _wrapper(self, name: str, script: Path) -> Path:
        path = self.dir / name
        # NAME.runs gets "start" and "end" per run, so a test can wait for runs instead of sleeping
        runs = self.dir / (name + ".runs")
        path.write_text(
            f"#!/bin/bash\necho start >> {runs}\n"
            f"ENVCHECK_DEFAULTS={self.defaults_file} {script}\nrc=$?\n"
            f"echo end >> {runs}\nexit $rc\n"
        )
        path.chmod(0o755)
        return path

    def runs(self, name: str, what: str = "start") -> int:
        """How many runs of the wrapper NAME (prolog, healthcheck) slurmd started (or ended)."""
        try:
            return (self.dir / (name + ".runs")).read_text().split().count(what)
        except FileNotFoundError:
            return 0

    def wait_for_runs(self, name: str, ended: int, timeout: float) -> None:
        """Wait until ENDED runs of NAME have finished."""
        deadline = time.monotonic() + timeout
        while self.runs(name, "end") < ended:
            if time.monotonic() > deadline:
                raise AssertionError(f"{name}: {self.runs(name, 'end')} runs ended, not {ended}")
            time.sleep(0.2)

    def _write_conf(self) -> None:
        host = socket.gethostname().split(".")[0]
        ctld_port, slurmd_port = _free_ports(2)
        d = self.dir
        lines = [
            "ClusterName=envcheck-test",
            f"SlurmctldHost={host}(127.0.0.1)",
            f"SlurmctldPort={ctld_port}",
            f"SlurmdPort={slurmd_port}",
            "AuthType=auth/munge",
            f"AuthInfo=socket={d}/munge/munge.socket",
            "CredType=cred/munge",
            "SlurmUser=root",
            "SlurmdUser=root",
            f"StateSaveLocation={d}/state",
            f"SlurmdSpoolDir={d}/spool",
            f"SlurmctldPidFile={d}/slurmctld.pid",
            f"SlurmdPidFile={d}/slurmd.pid",
            f"SlurmctldLogFile={d}/log/slurmctld.log",
            f"SlurmdLogFile={d}/log/slurmd.log",
            # no cgroup delegation needed: plain /proc process tracking, no task plugin
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "SelectType=select/cons_tres",
            "SchedulerType=sched/builtin",
            "MpiDefault=none",
            "SwitchType=switch/none",
            # a drained node is only ever resumed by a person or the health check
            "ReturnToService=0",
        ]
        if self.with_prolog:
            lines.append(f"Prolog={self._wrapper('prolog', PROLOG)}")
        if self.healthcheck_interval is not None:
            lines += [
                f"HealthCheckProgram={self._wrapper('healthcheck', HEALTHCHECK)}",
                f"HealthCheckInterval={self.healthcheck_interval}",
                "HealthCheckNodeState=ANY",
            ]
        lines += [
            f"NodeName={self.node} NodeHostname={host} NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN",
            f"PartitionName=debug Nodes={self.node} Default=YES MaxTime=INFINITE State=UP",
        ]
        self.conf.write_text("\n".join(lines) + "\n")

    # -- life cycle ----------------------------------------------------------------------
    def start(self) -> SlurmCluster:
        d = self.dir
        for sub in ("munge", "state", "spool", "log", "jobs"):
            (d / sub).mkdir()
        (d / "munge").chmod(0o755)
        key = d / "munge" / "munge.key"
        key.write_bytes(os.urandom(1024))
        key.chmod(0o600)
        self._write_conf()
        self._run(
            [
                "munged",
                "--force",
                f"--socket={d}/munge/munge.socket",
                f"--key-file={key}",
                f"--log-file={d}/log/munged.log",
                f"--pid-file={d}/munge/munged.pid",
                f"--seed-file={d}/munge/munged.seed",
            ]
        )
        self._run(["slurmctld", "-f", str(self.conf)])
        self._run(["slurmd", "-f", str(self.conf), "-N", self.node])
        self.wait_for_state("IDLE", timeout=30)
        return self

    def stop(self) -> None:
        subprocess.run(
            ["scontrol", "shutdown"], env=self.env, capture_output=True, timeout=15, check=False
        )
        for pidfile in ("slurmd.pid", "slurmctld.pid", "munge/munged.pid"):
            _kill_pidfile(self.dir / pidfile)
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> SlurmCluster:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self, argv: List[str]) -> None:
        proc = subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=30)
        if proc.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({proc.returncode}): {proc.stderr.strip()}")

    # -- queries -------------------------------------------------------------------------
    def scontrol(self, *args: str) -> str:
        proc = subprocess.run(
            ["scontrol", *args], env=self.env, capture_output=True, text=True, timeout=15
        )
        return proc.stdout

    def node_info(self) -> Dict[str, str]:
        """`scontrol show node -o` as key=value pairs; Reason keeps its spaces."""
        text = self.scontrol("show", "node", "-o", self.node).strip()
        info: Dict[str, str] = {}
        if " Reason=" in text:
            text, reason = text.split(" Reason=", 1)
            # "Reason=envcheck: EC501 ... [root@2026-12-02T18:00:00]"
            info["Reason"] = reason.rsplit(" [", 1)[0].strip()
        for part in text.split():
            if "=" in part:
                k, v = part.split("=", 1)
                info[k] = v
        return info

    def job_info(self, job_id: str) -> Dict[str, str]:
        text = self.scontrol("show", "job", "-o", job_id).strip()
        return dict(p.split("=", 1) for p in text.split() if "=" in p)

    def wait_for_state(self, word: str, timeout: float) -> Dict[str, str]:
        """Wait until the node's State contains ``word`` (e.g. IDLE, DRAIN)."""
        deadline = time.monotonic() + timeout
        info: Dict[str, str] = {}
        while time.monotonic() < deadline:
            info = self.node_info()
            if word in info.get("State", ""):
                return info
            time.sleep(0.2)
        raise AssertionError(f"node never reached {word}: {info}; {self.logs()}")

    def wait_for_job(self, job_id: str, states: tuple, timeout: float) -> Dict[str, str]:
        deadline = time.monotonic() + timeout
        info: Dict[str, str] = {}
        while time.monotonic() < deadline:
            info = self.job_info(job_id)
            if info.get("JobState") in states:
                return info
            time.sleep(0.2)
        raise AssertionError(f"job {job_id} never reached {states}: {info}; {self.logs()}")

    def sbatch(self, marker: Path) -> str:
        """A batch job that writes ``marker`` when (and only when) it really runs."""
        proc = subprocess.run(
            [
                "sbatch",
                "--parsable",
                "--requeue",
                f"--output={self.dir}/jobs/%j.out",
                f"--chdir={self.dir}/jobs",
                f"--wrap=echo ran > {marker}",
            ],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=15,
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip().split(";")[0]

    def resume(self) -> None:
        self.scontrol("update", f"NodeName={self.node}", "State=RESUME")

    def logs(self) -> str:
        out = []
        for name in ("slurmctld.log", "slurmd.log"):
            path = self.dir / "log" / name
            if path.exists():
                out.append(f"--- {name}\n" + "\n".join(path.read_text().splitlines()[-15:]))
        return "\n".join(out)


def _sh_quote(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'"


def _kill_pidfile(path: Path) -> None:
    try:
        pid = int(path.read_text().strip())
    except (OSError, ValueError):
        return
    for sig, wait in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 2.0)):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return
            time.sleep(0.05)
