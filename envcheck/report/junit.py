"""``--format junit``: JUnit XML for CI systems — one testcase per check that ran.

An error finding is a <failure>; a warning is a <failure> only with --strict, otherwise the
testcase passes with the warning in <system-out>; a skipped check is <skipped> with the reason.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Dict, List
from xml.etree import ElementTree as ET

from envcheck.findings import Finding, Outcome
from envcheck.sanitize import xml_text as x


def _titles() -> Dict[str, Any]:
    from envcheck.checks.registry import catalogue

    return {s.code: s for s in catalogue()}


def _describe(f: Finding) -> str:
    gpu = f"GPU {f.gpu}: " if f.gpu is not None else ""
    return x(f"{gpu}expected {f.expected}; found {f.found}; fix: {f.fix}")


def render(snapshot: Any, outcome: Outcome, matrix: Any, strict: bool = False, **_: Any) -> str:
    specs = _titles()
    by_code: OrderedDict[str, List[Finding]] = OrderedDict()
    for f in outcome.findings:
        by_code.setdefault(f.code, []).append(f)
    codes = sorted(set(by_code) | set(outcome.passed) | {s.code for s in outcome.skipped})
    skipped = {s.code: s.reason for s in outcome.skipped}
    host = snapshot.hostname if isinstance(snapshot.hostname, str) else "unknown"
    suite = ET.Element("testsuite", name="envcheck", hostname=x(host))
    failures = 0
    for code in codes:
        spec = specs.get(code)
        category = spec.category if spec else "unknown"
        title = spec.title if spec else code
        case = ET.SubElement(
            suite, "testcase", classname=x(f"envcheck.{category}"), name=x(f"{code} {title}")
        )
        if code in skipped:
            ET.SubElement(case, "skipped", message=x(skipped[code]))
            continue
        found = by_code.get(code, [])
        failing = [
            f for f in found if f.severity == "error" or (strict and f.severity == "warning")
        ]
        if failing:
            failures += 1
            failure = ET.SubElement(
                case,
                "failure",
                message=x(f"{code}: {failing[0].found}"[:500]),
                type=x(failing[0].severity),
            )
            failure.text = "\n".join(_describe(f) for f in failing)
        others = [f for f in found if f not in failing]
        if others:
            out = ET.SubElement(case, "system-out")
            out.text = "\n".join(f"[{x(f.severity)}] {_describe(f)}" for f in others)
    suite.set("tests", str(len(codes)))
    suite.set("failures", str(failures))
    suite.set("errors", "0")
    suite.set("skipped", str(len(skipped)))
    root = ET.Element("testsuites", name="envcheck", tests=str(len(codes)), failures=str(failures))
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
