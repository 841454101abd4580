"""`envcheck inspect`: probe this host and show what was found (facts only, no judgement)."""

from __future__ import annotations

from typing import Any, List, Optional

import typer

from envcheck.errors import InputError
from envcheck.output import write_output

HELP = (
    "Probe this host and print what was found: driver & GPUs, kernel module, CUDA toolkits and "
    "libraries, cuDNN/NCCL, frameworks, Python, OS & container, CPU & memory, storage, "
    "environment. Facts only; `envcheck verify` judges them. A fact that could not be read "
    'shows as "unknown: <reason>".\n\n'
    "\b\nExamples:\n"
    "  envcheck inspect\n"
    "  envcheck inspect --json --output node.json\n"
    "  envcheck inspect --deep --data-dir /data \\\n"
    "      --data-url https://example.org/shard-0000.tar"
)


def register(app: typer.Typer) -> None:
    """Add `inspect` to the app."""

    @app.command("inspect", help=HELP)
    def inspect_cmd(
        as_json: bool = typer.Option(False, "--json", help="Print the raw snapshot as JSON."),
        output: Optional[str] = typer.Option(
            None, "--output", "-o", help="Write the output to FILE instead of stdout."
        ),
        deep: bool = typer.Option(
            False,
            "--deep",
            help="Also start each installed framework in a subprocess to read its CUDA/cuDNN "
            "versions, arch list and devices (slower: probes then get at least 30 s).",
        ),
        data_dir: Optional[str] = typer.Option(
            None, "--data-dir", help="Inspect the filesystem under this training-data directory."
        ),
        data_url: Optional[str] = typer.Option(
            None,
            "--data-url",
            help="Measure connect latency and a bounded download sample from this URL.",
        ),
        timeout: float = typer.Option(
            5.0, "--timeout", help="Seconds each probe may take (they run concurrently)."
        ),
    ) -> None:
        if not timeout > 0 or timeout > 3600:
            raise InputError("--timeout must be between 0 and 3600 seconds")
        from envcheck.inputs import validate_data_url  # noqa: PLC0415
        from envcheck.probes import collect  # noqa: PLC0415

        validate_data_url(data_url)
        snapshot = collect(deep=deep, data_dir=data_dir, data_url=data_url, timeout=timeout)
        from envcheck.sanitize import terminal  # noqa: PLC0415

        text = snapshot.to_json() + "\n" if as_json else terminal(render_text(snapshot))
        if output:
            write_output(output, text)
        else:
            typer.echo(text, nl=False)


# --- text rendering ------------------------------------------------------------------------


def fmt(value: Any, unit: str = "") -> str:
    from envcheck.snapshot import Unknown  # noqa: PLC0415

    if isinstance(value, Unknown):
        return f"unknown: {value.reason}"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "none"
    return f"{value}{unit}"


def size(value: Any) -> str:
    if not isinstance(value, int) or isinstance(value, bool):
        return fmt(value)
    units = ["B", "KiB", "MiB", "GiB", "TiB"]
    number = float(value)
    for unit in units:
        if number < 1024 or unit == units[-1]:
            return f"{number:.0f} {unit}" if unit == "B" else f"{number:.1f} {unit}"
        number /= 1024
    return str(value)  # pragma: no cover


def _pair(current: Any, maximum: Any, unit: str = "") -> str:
    return f"{fmt(current)}/{fmt(maximum)}{unit}"


def render_text(snap: Any) -> str:
    from envcheck.snapshot import (  # noqa: PLC0415
        CpuMemory,
        Cuda,
        Driver,
        KernelSide,
        OsInfo,
        Packages,
        PythonInfo,
        Storage,
        Unknown,
    )

    out: List[str] = []

    def section(title: str, value: Any, kind: type) -> bool:
        out.append("")
        out.append(title)
        if isinstance(value, Unknown):
            out.append(f"  unknown: {value.reason}")
            return False
        if value is None or not isinstance(value, kind):
            out.append("  -")
            return False
        return True

    def line(label: str, text: str, indent: int = 2) -> None:
        out.append(f"{' ' * indent}{label + ':':<22} {text}")

    out.append(
        f"envcheck {fmt(snap.envcheck_version)} on {fmt(snap.hostname)} at {fmt(snap.created)}"
    )

    d = snap.driver
    if section("Driver & GPUs", d, Driver):
        line("status", f"{fmt(d.status)} (via {fmt(d.source)})")
        line("driver version", fmt(d.version))
        line("CUDA (driver max)", fmt(d.cuda_version))
        line("NVML version", fmt(d.nvml_version))
        if d.nvml_library_path is not None:
            line("NVML library", fmt(d.nvml_library_path))
        if d.detail is not None:
            line("detail", fmt(d.detail))
        if isinstance(d.gpus, Unknown) or d.gpus is None:
            line("GPUs", fmt(d.gpus))
        else:
            line("GPUs", str(len(d.gpus)))
            for g in d.gpus:
                out.append(f"  GPU {g.index}: {fmt(g.name)}")
                line("compute capability", fmt(g.compute_capability), 4)
                line("UUID / PCI", f"{fmt(g.uuid)}  {fmt(g.pci_bus_id)}", 4)
                line(
                    "memory",
                    f"used {fmt(g.memory_used_mib)} / total {fmt(g.memory_total_mib)} MiB"
                    f" (free {fmt(g.memory_free_mib)})",
                    4,
                )
                line(
                    "temperature",
                    f"{fmt(g.temperature_c)} C (slowdown {fmt(g.temperature_slowdown_c)}, "
                    f"shutdown {fmt(g.temperature_shutdown_c)})",
                    4,
                )
                line("power", f"{fmt(g.power_draw_w)} W of {fmt(g.power_limit_w)} W", 4)
                line(
                    "clocks",
                    f"SM {_pair(g.sm_clock_mhz, g.sm_clock_max_mhz)} MHz, "
                    f"memory {_pair(g.mem_clock_mhz, g.mem_clock_max_mhz)} MHz",
                    4,
                )
                line("clock event reasons", fmt(g.throttle_reasons), 4)
                line("persistence mode", fmt(g.persistence_mode), 4)
                ecc = fmt(g.ecc_enabled)
                if g.ecc_enabled is True:
                    ecc += (
                        f" (uncorrected volatile {fmt(g.ecc_volatile_uncorrected)}, "
                        f"aggregate {fmt(g.ecc_aggregate_uncorrected)}; corrected volatile "
                        f"{fmt(g.ecc_volatile_corrected)})"
                    )
                line("ECC", ecc, 4)
                line(
                    "retired pages",
                    f"sbe {fmt(g.retired_pages_sbe)}, dbe {fmt(g.retired_pages_dbe)}, "
                    f"pending {fmt(g.retired_pages_pending)}",
                    4,
                )
                line(
                    "remapped rows",
                    f"pending {fmt(g.remapped_rows_pending)}, "
                    f"failure {fmt(g.remapped_rows_failure)}",
                    4,
                )
                line(
                    "PCIe",
                    f"gen {_pair(g.pcie_gen, g.pcie_gen_max)}, "
                    f"width x{_pair(g.pcie_width, g.pcie_width_max)}",
                    4,
                )
                line("MIG", fmt(g.mig_enabled), 4)
                line("NUMA node / CPUs", f"{fmt(g.numa_node)} / {fmt(g.cpu_affinity)}", 4)
                if isinstance(g.processes, list):
                    procs = [
                        f"{p.pid} {fmt(p.name)} ({fmt(p.used_memory_mib)} MiB)" for p in g.processes
                    ]
                    line("compute processes", ", ".join(procs) if procs else "none", 4)
                else:
                    line("compute processes", fmt(g.processes), 4)

    k = snap.kernel
    if section("Kernel module", k, KernelSide):
        if isinstance(k.modules, dict):
            line("modules", ", ".join(f"{n} {fmt(v)}" for n, v in k.modules.items()))
        else:
            line("modules", fmt(k.modules))
        line("loaded version", fmt(k.proc_driver_version))
        if isinstance(k.device_nodes, list):
            nodes = [f"{n.path} {fmt(n.mode)}" for n in k.device_nodes]
            line("device nodes", ", ".join(nodes) if nodes else "none")
        else:
            line("device nodes", fmt(k.device_nodes))
        pci = k.pci_nvidia_gpus
        pci_text = (", ".join(pci) or "none") if isinstance(pci, list) else fmt(pci)
        line("NVIDIA GPUs on PCI", pci_text)

    c = snap.cuda
    if section("CUDA toolkits & libraries", c, Cuda):
        line("/usr/local/cuda ->", fmt(c.usr_local_cuda_target))
        if isinstance(c.toolkits, list):
            if not c.toolkits:
                line("toolkits", "none")
            for t in c.toolkits:
                line(
                    "toolkit",
                    f"{fmt(t.version)} at {t.path} (from {fmt(t.version_source)}; "
                    f"found via {fmt(t.found_by)})",
                )
        else:
            line("toolkits", fmt(c.toolkits))
        if isinstance(c.libraries, list):
            if not c.libraries:
                line("libraries", "none found")
            for lib in c.libraries:
                line(lib.name, f"{fmt(lib.version)} {fmt(lib.path)} ({fmt(lib.origin)})")
        else:
            line("libraries", fmt(c.libraries))
        out.append("")
        out.append("cuDNN / NCCL")
        for label, installs in (("cuDNN", c.cudnn), ("NCCL", c.nccl)):
            if isinstance(installs, list):
                if not installs:
                    line(label, "not found")
                for inst in installs:
                    line(label, f"{fmt(inst.version)} ({fmt(inst.source)}: {fmt(inst.path)})")
            else:
                line(label, fmt(installs))

    p = snap.packages
    if section("Frameworks", p, Packages):
        if isinstance(p.installed, dict):
            if not p.installed:
                line("packages", "none of interest installed")
            for name, version in p.installed.items():
                line(name, version)
        else:
            line("packages", fmt(p.installed))
        if isinstance(p.deep, list):
            for fw in p.deep:
                line(
                    f"{fw.name} (deep)",
                    f"GPU available {fmt(fw.available)}, CUDA {fmt(fw.cuda_version)}, "
                    f"cuDNN {fmt(fw.cudnn_version)}, NCCL {fmt(fw.nccl_version)}",
                )
                line("  arch list", fmt(fw.arch_list))
                if fw.devices is not None:
                    line("  devices", fmt(fw.devices))
                if fw.detail is not None:
                    line("  detail", fmt(fw.detail))
        elif p.deep is not None:
            line("deep", fmt(p.deep))

    py = snap.python
    if section("Python", py, PythonInfo):
        line("version", f"{fmt(py.version)} ({fmt(py.implementation)})")
        line("executable", fmt(py.executable))
        line("virtualenv", fmt(py.virtualenv))
        line("conda env", fmt(py.conda_env))

    o = snap.os
    if section("OS & container", o, OsInfo):
        line("distribution", fmt(o.distribution))
        line("kernel", fmt(o.kernel))
        line("glibc", fmt(o.glibc))
        line("architecture", f"{fmt(o.architecture)} ({fmt(o.platform)})")
        line("WSL", fmt(o.wsl))
        line("container", fmt(o.container) if o.container is not None else "none detected")
        line("cgroup version", fmt(o.cgroup_version))
        line(
            "cgroup CPU quota",
            "unlimited"
            if o.cgroup_cpu_quota_cores is None
            else fmt(o.cgroup_cpu_quota_cores, " cores"),
        )
        line(
            "cgroup memory limit",
            "unlimited"
            if o.cgroup_memory_limit_bytes is None
            else size(o.cgroup_memory_limit_bytes),
        )
        line("nvidia-container-cli", fmt(o.nvidia_container_cli))

    cm = snap.cpu_memory
    if section("CPU & memory", cm, CpuMemory):
        line("CPU", fmt(cm.cpu_model))
        line("cores", f"{fmt(cm.logical_cores)} logical, {fmt(cm.effective_cores)} usable")
        line("governor", fmt(cm.governor))
        line("NUMA nodes", fmt(cm.numa_nodes))
        line("RAM", f"{size(cm.mem_total_bytes)} (available {size(cm.mem_available_bytes)})")
        line("swap", f"{size(cm.swap_total_bytes)} (used {size(cm.swap_used_bytes)})")
        line("/dev/shm", f"{size(cm.shm_total_bytes)} (free {size(cm.shm_free_bytes)})")
        line(
            "ulimit memlock",
            "unlimited" if cm.ulimit_memlock_bytes is None else size(cm.ulimit_memlock_bytes),
        )
        line("ulimit nofile", fmt(cm.ulimit_nofile))
        line(
            "ulimit stack",
            "unlimited" if cm.ulimit_stack_bytes is None else size(cm.ulimit_stack_bytes),
        )
        line("transparent hugepages", fmt(cm.transparent_hugepages))

    st = snap.storage
    out.append("")
    out.append("Storage")
    if st is None:
        out.append("  - (use --data-dir / --data-url)")
    elif isinstance(st, Unknown):
        out.append(f"  unknown: {st.reason}")
    elif isinstance(st, Storage):
        dd = st.data_dir
        if isinstance(dd, Unknown):
            line("data dir", fmt(dd))
        elif dd is not None:
            line("data dir", dd.path)
            line("filesystem", f"{fmt(dd.filesystem)} on {fmt(dd.device)}", 4)
            line("network", fmt(dd.network), 4)
            line("rotational", fmt(dd.rotational), 4)
            line("free / total", f"{size(dd.free_bytes)} / {size(dd.total_bytes)}", 4)
        du = st.data_url
        if isinstance(du, Unknown):
            line("data URL", fmt(du))
        elif du is not None:
            line("data URL", du.url)
            line("connect", fmt(du.connect_ms, " ms"), 4)
            line("HTTP status", fmt(du.status_code), 4)
            line(
                "throughput",
                f"{fmt(du.throughput_mbps, ' MB/s')} over {fmt(du.bytes_sampled)} bytes",
                4,
            )
            if du.error is not None:
                line("error", fmt(du.error), 4)

    env = snap.env
    out.append("")
    out.append("Environment")
    if isinstance(env, Unknown):
        out.append(f"  unknown: {env.reason}")
    elif isinstance(env, dict):
        shown = {k: v for k, v in env.items() if k != "PATH"}
        if not shown:
            out.append("  (no GPU-related variables set)")
        for name, value in shown.items():
            out.append(f"  {name}={value}")

    if snap.probe_timings_ms:
        timings = ", ".join(f"{k} {v:.0f}" for k, v in sorted(snap.probe_timings_ms.items()))
        out.append("")
        out.append(f"Probe times (ms): {timings}")
    return "\n".join(out) + "\n"
