"""Renderings of a fleet summary: text for a terminal, JSON for tools, HTML for people."""

from __future__ import annotations

import html
from typing import Any, Dict, List

from envcheck.fleet import DRIFT_FACTS, FleetSummary
from envcheck.safe_json import dumps
from envcheck.sanitize import terminal

# CSS classes a cell may get; any other severity read from a node's file is shown escaped
# under the class "unknown" (a severity is input: it must never become markup).
_SEVERITY_CLASSES = {"error", "warning", "info"}

MAX_LISTED = 12  # node names printed per line in text before "and N more"


def render_fleet(fmt: str, summary: FleetSummary) -> str:
    if fmt == "json":
        return dumps(fleet_dict(summary), indent=2)
    if fmt == "html":
        return fleet_html(summary)
    return fleet_text(summary)


def fleet_dict(summary: FleetSummary) -> Dict[str, Any]:
    return {
        "summary": {
            "nodes": len(summary.judged),
            "failing": len(summary.failing_nodes),
            "unreadable": len(summary.unreadable),
            "exit_code": summary.exit_code(),
        },
        "unreadable": [{"source": n.source, "error": n.error} for n in summary.unreadable],
        "by_check": summary.by_check,
        "drift": summary.drift,
        "nodes": [
            {
                "node": n.node,
                "source": n.source,
                "errors": n.errors,
                "warnings": n.warnings,
                "findings": n.findings,
                "facts": n.facts,
            }
            for n in summary.judged
        ],
    }


def _names(nodes: List[str]) -> str:
    shown = ", ".join(nodes[:MAX_LISTED])
    more = len(nodes) - MAX_LISTED
    return f"{shown} and {more} more" if more > 0 else shown


def fleet_text(summary: FleetSummary) -> str:
    total = len(summary.judged)
    failing = len(summary.failing_nodes)
    lines = [f"{total} nodes: {total - failing} without errors, {failing} with errors"]
    unreadable = summary.unreadable
    if unreadable:
        lines.append(f"\nUnreadable inputs ({len(unreadable)}; not nodes, not judged):")
        lines.extend(f"  {n.source}: {n.error}" for n in unreadable[:MAX_LISTED])
        if len(unreadable) > MAX_LISTED:
            lines.append(f"  and {len(unreadable) - MAX_LISTED} more")
    if summary.by_check:
        lines.append("\nBy cause:")
        for code, entry in summary.by_check.items():
            for severity, nodes in (
                entry.get("severities") or {entry["severity"]: entry["nodes"]}
            ).items():
                lines.append(
                    f"  {severity:<7} {code} {entry['category']}: {entry['title']} "
                    f"— {len(nodes)} node(s): {_names(nodes)}"
                )
    if summary.drift:
        lines.append("\nVersion drift (differs from the majority):")
        for fact, entry in summary.drift.items():
            outliers = entry["outliers"]
            lines.append(
                f"  {fact}: majority {entry['majority']} ({entry['majority_count']} nodes); "
                f"{len(outliers)} differ: "
                + _names([f"{node}={value}" for node, value in outliers.items()])
            )
    else:
        lines.append("\nNo version drift across the fleet.")
    return terminal("\n".join(lines)) + "\n"  # node files may hold escape sequences


_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f3f3f3;cursor:pointer;position:sticky;top:0}
td.error{background:#f8d0d0}td.warning{background:#fbefc4}td.info{background:#e3eefb}
td.ok{color:#6a6}td.unreadable{background:#ddd}
caption{text-align:left;font-weight:bold;margin:.5em 0}
"""

# Sorting is an enhancement: the table is complete and pre-sorted (failing nodes first)
# without JavaScript.
_SORT_JS = """
document.querySelectorAll('th').forEach(function(th){th.addEventListener('click',function(){
var t=th.closest('table'),i=Array.prototype.indexOf.call(th.parentNode.children,th),
b=t.tBodies[0],r=Array.prototype.slice.call(b.rows),d=th.dataset.dir==='a'?-1:1;
th.dataset.dir=d===1?'a':'d';r.sort(function(x,y){
var p=x.cells[i].dataset.k||x.cells[i].textContent,q=y.cells[i].dataset.k||y.cells[i].textContent;
return p.localeCompare(q,undefined,{numeric:true})*d;});
r.forEach(function(row){b.appendChild(row);});});});
"""


def _css(severity: Any) -> str:
    return severity if severity in _SEVERITY_CLASSES else "unknown"


def _esc(value: Any) -> str:
    # Markup escaped, and control characters made visible too (the file may be `cat`-ed).
    return html.escape(terminal(str(value)), quote=True)


def fleet_html(summary: FleetSummary) -> str:
    esc = _esc
    codes = list(summary.by_check)
    nodes = sorted(summary.judged, key=lambda n: (-n.errors, n.node))
    out = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        "<title>envcheck fleet report</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<h1>envcheck fleet report</h1>",
        f"<p>{len(summary.judged)} nodes; {len(summary.failing_nodes)} with errors; "
        f"{len(summary.unreadable)} unreadable input(s).</p>",
    ]
    if summary.unreadable:
        out.append("<table><caption>Unreadable inputs (not judged)</caption><tbody>")
        out.extend(
            f"<tr><td>{esc(n.source)}</td><td class='unreadable'>{esc(n.error or '')}</td></tr>"
            for n in summary.unreadable
        )
        out.append("</tbody></table>")
    if codes:
        out.append("<table><caption>Checks that fired</caption><thead><tr>")
        out.append("<th>code</th><th>severity</th><th>category</th><th>title</th><th>nodes</th>")
        out.append("</tr></thead><tbody>")
        for code, entry in summary.by_check.items():
            out.append(
                f"<tr><td>{esc(code)}</td><td class='{_css(entry['severity'])}'>"
                f"{esc(entry['severity'])}</td><td>{esc(entry['category'])}</td>"
                f"<td>{esc(entry['title'])}</td><td>{len(entry['nodes'])}</td></tr>"
            )
        out.append("</tbody></table>")
    out.append("<h2>Nodes &times; checks</h2><table><thead><tr><th>node</th>")
    out.append("<th>errors</th><th>warnings</th>")
    out.extend(f"<th title='{esc(summary.by_check[c]['title'])}'>{esc(c)}</th>" for c in codes)
    out.extend(f"<th>{esc(f)}</th>" for f in DRIFT_FACTS)
    out.append("</tr></thead><tbody>")
    for node in nodes:
        fired = {f["code"]: f["severity"] for f in node.findings}
        cells = [f"<td>{esc(node.node)}</td>"]
        if node.error:
            cells.append(f"<td class='unreadable' colspan='2'>{esc(node.error)}</td>")
        else:
            cells.append(f"<td data-k='{node.errors:06d}'>{node.errors}</td>")
            cells.append(f"<td data-k='{node.warnings:06d}'>{node.warnings}</td>")
        for code in codes:
            severity = fired.get(code)
            cells.append(
                f"<td class='{_css(severity)}'>{esc(severity)}</td>"
                if severity
                else "<td class='ok'>ok</td>"
            )
        for fact in DRIFT_FACTS:
            value = node.facts.get(fact)
            outlier = fact in summary.drift and node.node in summary.drift[fact]["outliers"]
            style = " class='warning'" if outlier else ""
            cells.append(f"<td{style}>{esc(value) if value is not None else ''}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out.append(f"<script>{_SORT_JS}</script></body></html>")
    return "\n".join(out) + "\n"
