"""``--format prometheus``: node_exporter textfile-collector format.

One ``envcheck_check_status`` gauge per check that ran (1 = found a problem at that severity,
0 = passed), ``envcheck_check_skipped`` per skipped check, summary gauges, and GPU facts
labelled by index, UUID and model. Write it atomically into the textfile directory, e.g.
``envcheck verify --format prometheus --output /var/lib/node_exporter/envcheck.prom``.
"""

from __future__ import annotations

import math
import time
from typing import Any, Dict, List, Optional, Tuple

from envcheck import __version__
from envcheck.findings import Outcome
from envcheck.report import data_version, exit_code
from envcheck.sanitize import one_line


def escape(value: Any) -> str:
    """A label value escaped per the exposition format: backslash, double quote, newline."""
    # Other control characters become visible escapes first (then escaped like any backslash).
    text = "\n".join(one_line(part) for part in str(value).split("\n"))
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _labels(labels: Dict[str, Any]) -> str:
    return ",".join(f'{k}="{escape(v)}"' for k, v in labels.items())


class _Out:
    def __init__(self) -> None:
        self.lines: List[str] = []

    def metric(
        self, name: str, help_text: str, samples: List[Tuple[Dict[str, Any], float]]
    ) -> None:
        if not samples:
            return
        self.lines.append(f"# HELP {name} {help_text}")
        self.lines.append(f"# TYPE {name} gauge")
        for labels, value in samples:
            label = "{" + _labels(labels) + "}" if labels else ""
            self.lines.append(f"{name}{label} {_num(value)}")


def _num(value: float) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if float(value).is_integer():
        return str(int(value))
    return repr(float(value))


_GPU_FACTS = (
    ("temperature_c", "envcheck_gpu_temperature_celsius", "GPU temperature in degrees Celsius."),
    (
        "temperature_slowdown_c",
        "envcheck_gpu_slowdown_temperature_celsius",
        "GPU slowdown temperature threshold.",
    ),
    ("power_draw_w", "envcheck_gpu_power_draw_watts", "GPU power draw in watts."),
    ("power_limit_w", "envcheck_gpu_power_limit_watts", "GPU power limit in watts."),
    ("memory_used_mib", "envcheck_gpu_memory_used_mebibytes", "GPU memory in use (MiB)."),
    ("memory_total_mib", "envcheck_gpu_memory_total_mebibytes", "GPU memory total (MiB)."),
    ("sm_clock_mhz", "envcheck_gpu_sm_clock_mhz", "Current SM clock (MHz)."),
    ("sm_clock_max_mhz", "envcheck_gpu_sm_clock_max_mhz", "Maximum SM clock (MHz)."),
    (
        "ecc_volatile_uncorrected",
        "envcheck_gpu_ecc_uncorrected_volatile",
        "Uncorrectable ECC errors since the driver loaded.",
    ),
    (
        "ecc_aggregate_uncorrected",
        "envcheck_gpu_ecc_uncorrected_aggregate",
        "Uncorrectable ECC errors over the GPU's lifetime.",
    ),
    ("pcie_gen", "envcheck_gpu_pcie_link_gen", "Current PCIe link generation."),
    ("pcie_gen_max", "envcheck_gpu_pcie_link_gen_max", "Maximum PCIe link generation."),
    ("pcie_width", "envcheck_gpu_pcie_link_width", "Current PCIe link width (lanes)."),
    ("pcie_width_max", "envcheck_gpu_pcie_link_width_max", "Maximum PCIe link width (lanes)."),
    (
        "remapped_rows_pending",
        "envcheck_gpu_remapped_rows_pending",
        "1 when a row remap waits for a GPU reset.",
    ),
    ("remapped_rows_failure", "envcheck_gpu_remapped_rows_failure", "1 when row remapping failed."),
    ("persistence_mode", "envcheck_gpu_persistence_mode", "1 when persistence mode is on."),
    ("mig_enabled", "envcheck_gpu_mig_enabled", "1 when MIG mode is on."),
)


def _skip_kind(reason: Any) -> str:
    # the text report's convention (docs/internals.md): "not applicable: ..." skips are expected
    # on this host; every other skip is a fact envcheck could not read, which alerting wants
    if isinstance(reason, str) and reason.startswith("not applicable"):
        return "not-applicable"
    return "unknown"


def _value(v: Any) -> Optional[float]:
    if isinstance(v, bool):
        return 1.0 if v else 0.0
    if isinstance(v, (int, float)):
        try:
            number = float(v)
        except OverflowError:  # an integer too large for a float is not a measurement
            return None
        return number if math.isfinite(number) else None
    return None


def render(snapshot: Any, outcome: Outcome, matrix: Any, strict: bool = False, **_: Any) -> str:
    from envcheck.checks.registry import catalogue

    specs = {s.code: s for s in catalogue()}
    out = _Out()
    worst: Dict[str, str] = {}
    order = {"error": 0, "warning": 1, "info": 2}
    for f in outcome.findings:
        if f.code not in worst or order[f.severity] < order[worst[f.code]]:
            worst[f.code] = f.severity
    status = []
    for code in sorted(set(worst) | set(outcome.passed)):
        spec = specs.get(code)
        labels = {
            "code": code,
            "category": spec.category if spec else "unknown",
            "severity": worst.get(code, spec.severity if spec else "info"),
        }
        status.append((labels, 1.0 if code in worst else 0.0))
    out.metric(
        "envcheck_check_status", "1 when the check found a problem, 0 when it passed.", status
    )
    out.metric(
        "envcheck_check_skipped",
        "1 for a check that did not run: kind=unknown (a fact it needs could not be read) or "
        "kind=not-applicable (nothing to judge here, e.g. no torch installed).",
        [
            (
                {
                    "code": s.code,
                    "category": specs[s.code].category if s.code in specs else "unknown",
                    "kind": _skip_kind(s.reason),
                },
                1.0,
            )
            for s in outcome.skipped
        ],
    )
    counts = {"error": 0, "warning": 0, "info": 0}
    for f in outcome.findings:
        counts[f.severity] += 1
    out.metric(
        "envcheck_findings",
        "Number of findings by severity.",
        [({"severity": k}, float(v)) for k, v in counts.items()],
    )
    out.metric(
        "envcheck_exit_code",
        "Exit code of envcheck verify (0 ok, 1 findings).",
        [({}, float(exit_code(outcome, strict)))],
    )
    out.metric(
        "envcheck_info",
        "envcheck and matrix data versions.",
        [({"version": __version__, "data_version": data_version(matrix) or "unknown"}, 1.0)],
    )
    out.metric(
        "envcheck_last_run_timestamp_seconds",
        "When this report was made (Unix time).",
        [({}, float(int(time.time())))],
    )
    gpus = snapshot.gpus()
    for attr, name, help_text in _GPU_FACTS:
        samples = []
        for g in gpus:
            v = _value(getattr(g, attr, None))
            if v is None:
                continue
            samples.append(
                (
                    {
                        "gpu": str(g.index),
                        "uuid": g.uuid if isinstance(g.uuid, str) else "",
                        "name": g.name if isinstance(g.name, str) else "",
                    },
                    v,
                )
            )
        out.metric(name, help_text, samples)
    throttled = []
    for g in gpus:
        if isinstance(g.throttle_reasons, list):
            bad = [
                r
                for r in g.throttle_reasons
                if r not in ("gpu_idle", "applications_clocks_setting")
            ]
            throttled.append(
                (
                    {"gpu": str(g.index), "uuid": g.uuid if isinstance(g.uuid, str) else ""},
                    1.0 if bad else 0.0,
                )
            )
    out.metric(
        "envcheck_gpu_throttled",
        "1 when clocks are held down for a reason other than idle.",
        throttled,
    )
    return "\n".join(out.lines) + "\n"
