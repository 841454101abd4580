"""The "what was read" part of the text report for pasted input.

Pasted input (``--from-report`` / ``--error-log``) is judged on what the text states, so the
report first shows each recognised fact and where it stands (``report.txt:12  driver
550.54.15``), any fact stated twice with different values, and, after the findings, one line
naming the facts no input stated and the command that prints them.
"""

from __future__ import annotations

from typing import Any, Dict, List

MAX_SHOWN = 40
_PASTE_HINT = (
    "`python -m torch.utils.collect_env` and `nvidia-smi -q` (plus the full error message)"
)


def _safe(text: Any, limit: int = 100) -> str:
    """Input text shown on a terminal: printable characters only, shortened."""
    s = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return s if len(s) <= limit else s[: limit - 3] + "..."


def _dicts(value: Any) -> List[Dict[str, Any]]:
    """The entries of a list that are records. A snapshot file's evidence is input like any
    other (`verify --snapshot FILE`): entries of another shape are not shown, never a crash."""
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def _label(item: Dict[str, Any]) -> str:
    from envcheck.importers.extract.facts import label_of

    key, _, name = str(item.get("fact", "")).partition(":")
    label = label_of(key, name)
    if "gpu" in item:
        label = f"GPU {item['gpu']}" + ("" if label == "GPU" else f" {label}")
    return label


def _value(v: Any, fact: str = "", text: str = "") -> str:
    if v is None:
        return {"torch.cuda": "none (a CPU-only build)", "memlock": "unlimited"}.get(fact, "none")
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, list):
        return " ".join(str(x) for x in v)
    if fact == "shm.total" and isinstance(v, int):
        from envcheck.checks._common import human_bytes

        return human_bytes(v) + (
            " (Docker's default: the `docker run` has no --shm-size or --ipc=host)"
            if " run" in text and "shm" not in text.lower()
            else ""
        )
    return str(v)


def what_was_read(evidence: Dict[str, Any]) -> List[str]:
    read = _dicts(evidence.get("read"))
    formats = evidence.get("formats")
    lines: List[str] = []
    recognised = [
        f"{_safe(name, 60)} ({_safe(', '.join(map(str, found)), 120)})"
        for name, found in (formats.items() if isinstance(formats, dict) else ())
        if isinstance(found, list) and found
    ]
    lines.append(f"WHAT WAS READ ({len(read)} fact(s))")
    if recognised:
        lines.append("  formats: " + "; ".join(recognised))
    for item in read[:MAX_SHOWN]:
        where = f"{_safe(item.get('file'), 40)}:{item.get('line')}"
        value = _safe(
            _value(item.get("value"), item.get("fact", ""), str(item.get("text", ""))), 90
        )
        lines.append(f"  {where:<28} {_label(item)} {value}")
    if len(read) > MAX_SHOWN:
        lines.append(f"  ... and {len(read) - MAX_SHOWN} more (--format json lists them all)")
    for c in _dicts(evidence.get("conflicts")):
        fact = str(c.get("fact", ""))
        values = ", ".join(
            f"{_safe(_value(v.get('value'), fact), 40)} "
            f"({_safe(v.get('file'), 40)}:{v.get('line')})"
            for v in _dicts(c.get("values"))
        )
        chosen = c.get("chosen") if isinstance(c.get("chosen"), dict) else {}
        lines.append(
            f"  CONFLICT {c.get('label')}: {values}; judged with "
            f"{_safe(_value(chosen.get('value'), fact), 40)} (the most trusted source: "
            f"{chosen.get('kind')}; check which is current)"
        )
    if not evidence.get("recognised"):
        lines.append(
            "  Nothing in this text was recognised: no known report format, no fact, no known "
            f"error message. Paste the output of {_PASTE_HINT}."
        )
    lines.append("")
    return lines


def missing_text(evidence: Dict[str, Any]) -> str:
    """The facts no input stated, each with the command that states it ("the NVIDIA driver
    version (`nvidia-smi`); ..."); empty when nothing is missing."""
    return "; ".join(
        f"{_safe(m.get('what'), 80)} (`{_safe(m.get('command'), 80)}`)"
        for m in _dicts(evidence.get("missing"))
        if m.get("what")
    )


def missing_line(evidence: Dict[str, Any]) -> List[str]:
    said = missing_text(evidence)
    return ["NOT IN THE INPUT: " + said, ""] if said else []
