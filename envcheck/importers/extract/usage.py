"""Which component a program is shown using, where two could do the work.

A standalone Keras installed beside a TensorFlow it does not fit breaks only a program that
imports it; one that uses TensorFlow's own Keras (tf.keras) is not affected (issue 10: severity
follows whether the component does the work). ``keras_in_use`` yields a ``keras_use`` fact per
Keras the text shows in use, kept beside the host's facts for checks/pins.py.
"""

from __future__ import annotations

import re
from typing import List

from envcheck.importers.extract.facts import Fact

# Which Keras a program uses: TensorFlow's own (tf.keras) or the standalone package ("import
# keras", "from keras.models import", a traceback through site-packages/keras/)
_TF_KERAS = re.compile(r"\b(?:tf|tensorflow)\.keras\b")
_STANDALONE_KERAS = re.compile(
    r"^[^\S\n]*(?:import keras\b|from keras(?:\.\w+)* import\b)|[/\\]site-packages[/\\]keras[/\\]",
    re.M,
)


def keras_in_use(text: str, file: str) -> List[Fact]:
    """One ``keras_use`` fact per Keras the text shows a program using ("tf.keras",
    "standalone"), on the line that first shows it: a standalone Keras installed beside a
    TensorFlow it does not fit matters only where the program imports it."""
    if text.find("keras") == -1:
        return []
    out: List[Fact] = []
    for value, rx in (("tf.keras", _TF_KERAS), ("standalone", _STANDALONE_KERAS)):
        m = rx.search(text)
        if m is None:
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.start())
        line = text[start : end if end != -1 else len(text)].strip()[:200]
        out.append(Fact("keras_use", value, file, text.count("\n", 0, start) + 1, line, "prose"))
    return out
