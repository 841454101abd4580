"""Step times from a training job's own output: no code change in the job.

``OutputParser.feed(text, t)`` takes output as it arrives (``t`` = seconds since start) and returns
Timeline rows: ``step`` (a step counter advanced), ``rate`` (the log states a per-step time),
``phase`` (eval / checkpoint began), ``log`` (a known error line, via importers/errorlog).

Formats (fixtures in tests/fixtures/watch/logs/, captured from real runs, sources in their README):

- tqdm, and everything drawn with it (Hugging Face Trainer, Lightning, accelerate):
  ``45%|████▌     | 45/100 [00:10<00:12,  4.50it/s, loss=0.3]``, ``1.19s/it`` when the rate is
  below 1/s, ``45it [00:10, 4.50it/s]`` without a total. tqdm redraws in place with ``\\r`` at most
  every 0.1 s and its printed rate is a moving average (smoothing 0.3) [S59], so step times come
  from successive (counter, time) pairs, never from the printed rate. The time is the arrival
  time when live, else tqdm's own elapsed field (1 s resolution; fine over many steps).
- Keras: ``32/100 [====>....] - ETA: 3s`` while it runs and ``100/100 [====] - 5s 50ms/step``
  (Keras 3: ``━━━━ 5s 50ms/step``) at the end of an epoch: the stated ``ms/step`` is a rate row.
- Hugging Face Trainer's final metrics ``{'train_runtime': 61.2, ..., 'train_steps_per_second':
  8.17, ...}``: a rate row.
- generic lines: ``step 120``, ``Step: 120/5000``, ``iter 120``, ``iteration=120``,
  ``global_step 120``.

Several bars can be on screen (an eval bar inside the train bar): each is tracked by its
description and total; bars described as eval/validation/test mark an eval phase.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Tuple

MAX_LINE = 4096  # longer "lines" are cut: a job printing binary must not grow our buffer

_TQDM = re.compile(
    r"(?P<desc>[^\r\n|]*?)[:\s]*(?:\d{1,3}%)?\s*(?:\|[^|\r\n]*\|)?\s*"
    r"(?P<n>\d+)(?:/(?P<total>\d+|\?))?(?:[a-zA-Z]+)?\s*"
    r"\[(?P<elapsed>(?:\d+:)?\d{1,2}:\d{2})(?:<(?:(?:\d+:)?\d{1,2}:\d{2}|\?))?,\s*"
    r"(?:(?P<rate>[\d.]+|\?)\s*(?P<unit>s/[\w ]+|[\w ]+/s))"
)
_PERCENT = re.compile(r"\s*\d{1,3}%$")
_KERAS_PROGRESS = re.compile(r"^\s*(?P<n>\d+)/(?P<total>\d+)\s+(?:\[[=>.]*\]|[━─]+)")
_KERAS_RATE = re.compile(r"\b(?P<v>[\d.]+)(?P<u>us|ms|s)/step\b")
_HF_SUMMARY = re.compile(r"['\"]train_steps_per_second['\"]\s*:\s*(?P<v>[\d.]+)")
_HF_EVAL = re.compile(r"['\"]eval_(?:loss|runtime)['\"]\s*:")
_GENERIC = re.compile(
    r"(?:^|[\s\[(|,])(?:global[_ ]step|step|iteration|iter)\s*[:=#]?\s*(?P<n>\d+)"
    r"(?:\s*/\s*(?P<total>\d+))?\b",
    re.I,
)
_EVAL_DESC = re.compile(r"\b(eval|evaluat|valid|validat|validation|test|testing|predict)", re.I)
_EVAL_LINE = re.compile(
    r"^\s*(?:\*+\s*)?(?:running evaluation|evaluating|validation|validating|eval(?:uation)? "
    r"(?:start|begin))",
    re.I,
)
_CHECKPOINT_LINE = re.compile(
    r"(?:sav(?:ing|ed)\b.{0,60}\b(?:checkpoint|model|weights|state))|"
    r"(?:checkpoint.{0,40}\bsav(?:ing|ed))",
    re.I,
)
_ERROR_HINT = re.compile(r"error|cuda|nccl|out of memory|killed", re.I)
_SECONDS = {"us": 1e-6, "ms": 1e-3, "s": 1.0}


def _clock(text: str) -> float:
    parts = [int(p) for p in text.split(":")]
    seconds = 0.0
    for p in parts:
        seconds = seconds * 60 + p
    return seconds


class OutputParser:
    """Incremental: feed chunks as they arrive, in any size; rows come out as lines complete."""

    def __init__(self, stream: str = "out") -> None:
        self.stream = stream
        self._buf = ""
        self._last: Dict[Tuple[str, str], int] = {}  # bar key -> last counter seen
        self._desc: Dict[Tuple[str, str], str] = {}  # bar key -> its last description
        self._partial_done = ""  # the in-place line already parsed (tqdm's redraw in progress)

    def feed(self, text: str, t: Optional[float]) -> List[Dict[str, Any]]:
        rows: List[Dict[str, Any]] = []
        self._buf += text
        # Split on both \n and \r: every \r redraw is its own event.
        pieces = re.split(r"[\r\n]", self._buf)
        self._buf = pieces.pop()[-MAX_LINE:]
        for piece in pieces:
            if piece and piece != self._partial_done:
                rows.extend(self._line(piece[:MAX_LINE], t))
            self._partial_done = ""
        # tqdm writes "\r<bar>" and leaves it without a line end until the next redraw: parse the
        # unfinished piece now (so its time is the arrival time), once.
        if self._buf and self._buf != self._partial_done and self._buf.rstrip().endswith("]"):
            rows.extend(self._line(self._buf, t))
            self._partial_done = self._buf
        return rows

    def close(self, t: Optional[float]) -> List[Dict[str, Any]]:
        rest, self._buf = self._buf, ""
        if rest and rest != self._partial_done:
            return self._line(rest, t)
        return []

    def _row(self, t: Optional[float], src: str, **fields: Any) -> Dict[str, Any]:
        row: Dict[str, Any] = {"t": t, "src": src}
        row.update(fields)
        return row

    def _line(self, line: str, t: Optional[float]) -> List[Dict[str, Any]]:
        rows: List[Dict[str, Any]] = []
        m = _TQDM.search(line)
        if m:
            desc = _PERCENT.sub("", " ".join(m.group("desc").split())).rstrip(" :")[-60:]
            # "Epoch 3" and "Epoch 4" are one bar restarted: the key ignores numbers
            key = (re.sub(r"\d+", "#", desc), m.group("total") or "?")
            n = int(m.group("n"))
            eval_bar = bool(_EVAL_DESC.search(desc))
            last = self._last.get(key)
            last_desc = self._desc.get(key)
            restarted = last is None or n < last or desc != last_desc  # e.g. a new epoch
            if restarted and eval_bar:
                rows.append(self._row(t, "phase", phase="eval", text=desc))
            if restarted or n != last:
                self._last[key] = n
                self._desc[key] = desc
                rows.append(
                    self._row(
                        t,
                        "step",
                        n=n,
                        bar=f"{key[0]}|{key[1]}",
                        kind="tqdm",
                        elapsed=_clock(m.group("elapsed")),
                        eval=eval_bar,
                    )
                )
            return rows
        keras = _KERAS_PROGRESS.search(line)
        if keras:
            key = ("keras", keras.group("total"))
            n = int(keras.group("n"))
            if self._last.get(key) != n:
                self._last[key] = n
                rows.append(self._row(t, "step", n=n, bar=f"keras|{key[1]}", kind="keras"))
            rate = _KERAS_RATE.search(line)
            if rate and n == int(keras.group("total")):
                rows.append(
                    self._row(
                        t,
                        "rate",
                        sec_per_step=float(rate.group("v")) * _SECONDS[rate.group("u")],
                        kind="keras",
                        steps=n,
                    )
                )
            return rows
        hf = _HF_SUMMARY.search(line)
        if hf and float(hf.group("v")) > 0:
            rows.append(self._row(t, "rate", sec_per_step=1.0 / float(hf.group("v")), kind="hf"))
            return rows
        if _HF_EVAL.search(line) or _EVAL_LINE.search(line):
            rows.append(self._row(t, "phase", phase="eval", text=line.strip()[:120]))
            return rows
        if _CHECKPOINT_LINE.search(line):
            rows.append(self._row(t, "phase", phase="checkpoint", text=line.strip()[:120]))
            return rows
        g = _GENERIC.search(line)
        if g:
            key = ("generic", g.group("total") or "?")
            n = int(g.group("n"))
            if self._last.get(key) != n:
                self._last[key] = n
                rows.append(self._row(t, "step", n=n, bar=f"generic|{key[1]}", kind="generic"))
            return rows
        if _ERROR_HINT.search(line):
            from envcheck.importers.errorlog import scan  # noqa: PLC0415 - only on error lines

            for hit in scan(line, self.stream):
                rows.append(self._row(t, "log", match=hit["pattern"], text=hit["line"][:200]))
        return rows


def parse_log(text: str) -> List[Dict[str, Any]]:
    """A captured log (no arrival times): rows with ``t=None``; tqdm rows carry ``elapsed``."""
    parser = OutputParser()
    return parser.feed(text, None) + parser.close(None)
