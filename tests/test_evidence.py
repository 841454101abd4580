"""Pasted evidence (issue 10): any readable text is read, facts carry their provenance, the
same checks fire on facts from fragments, prose and error messages, and the report says what
was read. Driven through the real CLI on the pastes in tests/fixtures/evidence/."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
EVIDENCE = ROOT / "tests" / "fixtures" / "evidence"
SCHEMA = ROOT / "envcheck" / "schema" / "report.schema.json"


def envcheck(*args: str, env: Any = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "envcheck", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def verify_json(*args: str) -> Tuple[int, Dict[str, Any]]:
    r = envcheck("verify", *args, "--format", "json")
    assert r.returncode in (0, 1), r.stderr
    doc = json.loads(r.stdout)
    with open(SCHEMA) as fh:
        jsonschema.validate(doc, json.load(fh))
    return r.returncode, doc


def findings(doc: Dict[str, Any]) -> List[Tuple[str, str]]:
    return [(f["code"], f["severity"]) for f in doc["findings"]]


def read(doc: Dict[str, Any]) -> Dict[str, Dict[str, Any]]:
    return {r["fact"]: r for r in doc["snapshot"]["evidence"]["read"]}


def test_unrecognised_text_is_judged_and_says_what_to_paste(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my training is slow, please help\n")
    r = envcheck("verify", "--from-report", str(notes))
    assert r.returncode == 0, r.stderr
    assert "Nothing in this text was recognised" in r.stdout
    assert "python -m torch.utils.collect_env" in r.stdout and "nvidia-smi -q" in r.stdout
    assert "NOTHING JUDGED" in r.stdout and "\nOK:" not in r.stdout
    _, doc = verify_json("--from-report", str(notes))
    assert doc["snapshot"]["evidence"]["recognised"] is False


def test_a_log_given_with_an_unrecognised_report_is_never_dropped(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("it crashes at start\n")
    log = tmp_path / "train.log"
    log.write_text("RuntimeError: CUDA error: no kernel image is available for execution\n")
    code, doc = verify_json("--from-report", str(notes), "--error-log", str(log))
    assert code == 1 and ("EC901", "error") in findings(doc)


def test_only_unreadable_input_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.log"
    empty.write_text("")
    r = envcheck("verify", "--error-log", str(empty))
    assert r.returncode == 2 and "empty.log: empty file" in r.stderr
    big = tmp_path / "huge.log"
    big.write_bytes(b"epoch 1 loss 0.25\n" * (16 * 1024 * 1024 // 18 + 10))  # text, 16 MiB+
    r = envcheck("verify", "--error-log", str(big))
    assert r.returncode == 2 and "larger than 16 MiB" in r.stderr
    truncated = tmp_path / "events.json"
    truncated.write_text('{"level": "error", "msg": "Found no NVIDIA driver on your system. Ple')
    r = envcheck("verify", "--error-log", str(truncated))
    assert r.returncode == 1 and "EC904" in r.stdout  # a truncated JSON log is text


def test_binary_snapshot_and_binary_report_get_the_same_message(tmp_path: Path) -> None:
    blob = tmp_path / "core.bin"
    blob.write_bytes(b"\x7fELF\x02\x01\x01" + bytes(range(256)) * 8)
    as_report = envcheck("verify", "--from-report", str(blob))
    as_snapshot = envcheck("verify", "--snapshot", str(blob))
    assert as_report.returncode == as_snapshot.returncode == 2
    assert (
        as_report.stderr
        == as_snapshot.stderr
        == ("envcheck: error: core.bin: binary data, not a text report or snapshot\n")
    )


def test_issue_form_sections_feed_the_driver_check() -> None:
    paste = EVIDENCE / "issue-form.txt"
    code, doc = verify_json("--from-report", str(paste))
    assert code == 1 and ("EC101", "error") in findings(doc)
    facts = read(doc)
    assert facts["driver.version"]["value"] == "470.82.01"
    assert (facts["driver.version"]["file"], facts["driver.version"]["line"]) == (
        "issue-form.txt",
        13,
    )
    assert facts["torch.version"]["value"] == "2.1.0+cu121"
    text = envcheck("verify", "--from-report", str(paste)).stdout
    assert text.index("WHAT WAS READ") < text.index("ERRORS")
    assert "issue-form.txt:13" in text and "driver 470.82.01" in text


def test_nvidia_smi_q_grep_fragments_feed_the_health_checks() -> None:
    code, doc = verify_json("--from-report", str(EVIDENCE / "smi-q-grep.txt"))
    got = findings(doc)
    assert ("EC402", "error") in got and ("EC410", "warning") in got
    assert not any(c == "EC915" for c, _ in got)  # "SW Power Cap : Not Active" is no report
    facts = read(doc)
    assert facts["gpu.field:remapped_rows_pending"]["line"] == 15


def test_query_gpu_csv_rows_are_per_gpu() -> None:
    _, doc = verify_json("--from-report", str(EVIDENCE / "query-gpu.csv.txt"))
    contention = [f for f in doc["findings"] if f["code"] == "EC430"]
    assert [f["gpu"] for f in contention] == [0]  # GPU 1 has 3 MiB in use
    assert doc["snapshot"]["driver"]["version"] == "535.104.05"


def test_package_listings_state_toolkits_cudnn_driver_and_os() -> None:
    _, doc = verify_json("--from-report", str(EVIDENCE / "packages.txt"))
    snap = doc["snapshot"]
    assert sorted(t["version"] for t in snap["cuda"]["toolkits"]) == ["11.8", "12.1"]
    assert snap["cuda"]["cudnn"][0]["version"] == "8.9.2"
    assert snap["driver"]["version"] == "535.129.03"
    assert snap["os"]["distribution"] == "Ubuntu 22.04.3 LTS"
    assert snap["packages"]["installed"]["torch"] == "2.1.0"  # pip index: INSTALLED


def test_facts_inside_messages_reach_the_same_checks() -> None:
    _, doc = verify_json("--from-report", str(EVIDENCE / "messages.txt"))
    got = findings(doc)
    # NVRM API mismatch wrapped over four lines -> kernel module vs library: EC105 (not only EC903)
    assert ("EC105", "error") in got and ("EC903", "error") in got
    assert doc["snapshot"]["kernel"]["proc_driver_version"] == "535.104.05"
    # OOM figures: 79.15 GiB total, 1.06 GiB free, 7.7 GiB this process -> ~70 GiB elsewhere
    assert ("EC430", "warning") in got
    assert doc["snapshot"]["driver"]["gpus"][0]["memory_used_mib"] > 70000


def test_wrapped_message_and_a_notice_from_a_framework_not_at_work() -> None:
    _, doc = verify_json("--error-log", str(EVIDENCE / "wrapped-tf-in-torch.log"))
    got = findings(doc)
    assert ("EC907", "error") in got and ("EC310", "warning") in got
    tf = [f for f in doc["findings"] if f["code"] == "EC906"]
    assert tf and all(f["severity"] == "info" for f in tf)
    facts = read(doc)
    assert (facts["nvcc"]["value"], facts["torch.cuda"]["value"]) == ("11.8", "12.1")
    assert facts["torch.cuda"]["line"] == 8


def test_two_values_for_one_fact_are_reported_not_silently_picked(tmp_path: Path) -> None:
    a = tmp_path / "a.txt"
    a.write_text("My NVIDIA driver is 470.82.01\n")
    b = tmp_path / "b.txt"
    b.write_text("nvidia driver version: 535.104.05\n")
    _, doc = verify_json("--from-report", str(a), "--from-report", str(b))
    (conflict,) = doc["snapshot"]["evidence"]["conflicts"]
    assert conflict["fact"] == "driver.version"
    assert {v["value"] for v in conflict["values"]} == {"470.82.01", "535.104.05"}
    text = envcheck("verify", "--from-report", str(a), "--from-report", str(b)).stdout
    assert "CONFLICT driver: 470.82.01 (a.txt:1), 535.104.05 (b.txt:1)" in text


def test_skipped_lists_only_with_verbose_for_pasted_input() -> None:
    paste = str(EVIDENCE / "issue-form.txt")
    plain = envcheck("verify", "--from-report", paste).stdout
    assert "SKIPPED, facts unknown" not in plain and "envcheck -v verify lists them" in plain
    assert "NOT IN THE INPUT:" not in plain  # driver, GPU and framework are all stated
    partial = envcheck("verify", "--from-report", str(EVIDENCE / "messages.txt")).stdout
    assert "NOT IN THE INPUT: the GPU model (`nvidia-smi -q`)" in partial
    verbose = envcheck("-v", "verify", "--from-report", paste).stdout
    assert "SKIPPED, facts unknown" in verbose and "NOT APPLICABLE" in verbose
