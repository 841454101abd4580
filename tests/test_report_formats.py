"""Report formats from fixture snapshots: text, json (schema), junit, nhc, prometheus."""

from __future__ import annotations

import json
import os
import re
from xml.etree import ElementTree as ET

import jsonschema
import pytest
from checks_support import load, matrix

from envcheck.checks.registry import run_checks
from envcheck.policy import Policy
from envcheck.report import exit_code, render
from envcheck.report.nhc import reason
from envcheck.report.prometheus import escape
from envcheck.snapshot import KernelTestResult

SCHEMA = os.path.join(os.path.dirname(__file__), "..", "envcheck", "schema", "report.schema.json")
FIXTURES = [
    "healthy_h100",
    "old_driver_470_torch_cu121",
    "blackwell_5090_torch_cu124",
    "cpu_only_torch_a100",
    "shadowed_cudnn",
    "container_small_shm",
    "sick_gpus",
    "driver_library_mismatch",
    "nouveau_bound",
]


def _judge(name: str, policy: Policy = None):
    snap = load(name)
    return snap, run_checks(snap, matrix(), policy or Policy(gpu_count=8))


@pytest.mark.parametrize("name", FIXTURES)
def test_json_validates_against_the_published_schema(name):
    snap, out = _judge(name)
    doc = json.loads(render("json", snap, out, matrix()))
    with open(SCHEMA) as fh:
        jsonschema.validate(doc, json.load(fh))
    assert doc["summary"]["errors"] == len(out.errors())
    assert doc["summary"]["exit_code"] == exit_code(out)
    assert doc["data_version"] == matrix().data_date
    assert doc["snapshot"]["hostname"] == snap.hostname


def test_schema_rejects_a_broken_finding():
    snap, out = _judge("sick_gpus")
    doc = json.loads(render("json", snap, out, matrix()))
    doc["findings"][0]["category"] = "gpu-sad"
    with open(SCHEMA) as fh, pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, json.load(fh))


def test_text_groups_by_severity_without_colour_when_not_a_terminal():
    snap, out = _judge("sick_gpus")
    text = render("text", snap, out, matrix(), color=False)
    assert "\033[" not in text
    assert text.index("ERRORS (4)") < text.index("WARNINGS (4)")
    assert "expected: 8 GPUs" in text and "fix:      kill 48213" in text
    assert re.search(r"NOT APPLICABLE \(\d+\): .*EC601 EC602 EC603", text)
    assert "FAIL: 4 error(s), 4 warning(s), 0 info;" in text.splitlines()[-1]


def test_text_colour_uses_plain_ansi_codes():
    snap, out = _judge("sick_gpus")
    text = render("text", snap, out, matrix(), color=True)
    assert "\033[31mEC401\033[0m" in text


def test_text_quiet_prints_nothing_when_healthy():
    snap, out = _judge("healthy_h100")
    assert render("text", snap, out, matrix(), quiet=True) == ""
    snap, out = _judge("sick_gpus")
    quiet = render("text", snap, out, matrix(), quiet=True)
    assert "EC401" in quiet and "EC410" not in quiet  # warnings only with --strict
    assert "EC410" in render("text", snap, out, matrix(), quiet=True, strict=True)


def test_text_kernel_table():
    snap, out = _judge("healthy_h100")
    snap.kernels = [
        KernelTestResult(
            gpu=0,
            test="gemm_bf16",
            backend="torch",
            passed=True,
            value=712.3,
            unit="TFLOP/s",
            peak=989.4,
            ratio=0.72,
            duration_s=0.41,
        )
    ]
    text = render("text", snap, out, matrix(), color=False)
    assert "GPU verification" in text and "gemm_bf16" in text and "0.72" in text


def test_junit_one_testcase_per_check():
    snap, out = _judge("sick_gpus")
    root = ET.fromstring(render("junit", snap, out, matrix()))
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == len(out.passed) + len(out.skipped) + len({f.code for f in out.findings})
    failed = {c.get("name").split()[0] for c in cases if c.find("failure") is not None}
    assert failed == {f.code for f in out.errors()}
    skipped = [c for c in cases if c.find("skipped") is not None]
    assert len(skipped) == len(out.skipped) and skipped[0].find("skipped").get("message")
    assert suite.get("failures") == str(len(failed))
    strict = ET.fromstring(render("junit", snap, out, matrix(), strict=True))
    assert int(strict.find("testsuite").get("failures")) > len(failed)


def test_nhc_one_line_per_error_ready_for_scontrol():
    snap, out = _judge("sick_gpus")
    lines = render("nhc", snap, out, matrix()).splitlines()
    assert len(lines) == len(out.errors())
    for line in lines:
        assert line.startswith("ERROR: envcheck: EC")
        assert not re.search(r"[\"'`$;|&<>\\]", line) and len(line) < 200
    assert (
        "ERROR: envcheck: EC401 GPU 2: GPU 2 (NVIDIA H100 80GB HBM3): "
        "3 volatile uncorrectable ECC errors" in lines
    )
    snap, out = _judge("healthy_h100")
    assert render("nhc", snap, out, matrix()) == ""


def test_nhc_reason_strips_quotes_and_newlines():
    snap, out = _judge("shadowed_cudnn")
    f = out.errors()[0]
    f.found = 'bad "value"\nwith $(rm -rf /); `x`'
    r = reason(f)
    assert (
        "\n" not in r
        and '"' not in r
        and "$" not in r
        and "`" not in r
        and r.startswith("envcheck: EC")
    )


def test_prometheus_textfile():
    snap, out = _judge("sick_gpus")
    text = render("prometheus", snap, out, matrix())
    assert "# TYPE envcheck_check_status gauge" in text
    assert 'envcheck_check_status{code="EC401",category="gpu-health",severity="error"} 1' in text
    assert (
        'envcheck_check_status{code="EC101",category="driver-too-old",severity="error"} 0' in text
    )
    assert re.search(
        r'envcheck_gpu_temperature_celsius\{gpu="1",uuid="GPU-[^"]+",'
        r'name="NVIDIA H100 80GB HBM3"\} 88',
        text,
    )
    assert 'envcheck_findings{severity="error"} 4' in text
    for line in text.splitlines():  # every sample line: name{labels} value
        if not line.startswith("#"):
            assert re.fullmatch(r'[a-z_]+(\{([a-z_]+="([^"\\]|\\.)*",?)*\})? -?[0-9.e+]+', line), (
                line
            )


def test_prometheus_label_escaping():
    assert escape('a"b\\c\nd') == 'a\\"b\\\\c\\nd'
