"""Inferences from what a Kubernetes node reports (`kubectl describe node`): the NVIDIA device
plugin advertising fewer GPUs as allocatable than the node's capacity has marked the missing
ones unhealthy (an Xid error outside its ignore list; it does not take them back until the
plugin restarts: NVIDIA/k8s-device-plugin#234, #1014, NVIDIA/gpu-operator#1065).

An inference (its table row never matches by itself: keys.py's never-key), run by scan() after
the table with the other symptoms; it adds at most one entry.
"""

from __future__ import annotations

import re
from typing import Dict, List, Pattern

from envcheck.importers.errorlog.inferences import entry_at, found_category


# The two blocks of `kubectl describe node`, each up to its nvidia.com/gpu line (the block's
# other resources lie between: cpu, ephemeral-storage, hugepages, memory).
def _gpus_in_block(block: str) -> Pattern[str]:
    return re.compile(
        rf"^[ \t]*{block}:[ \t]*\n(?:[ \t]+[\w./-]+:[^\n]*\n){{0,15}}?"
        r"[ \t]+nvidia\.com/gpu:[ \t]+(\d{1,3})[ \t]*$",
        re.M,
    )


_CAPACITY = _gpus_in_block("Capacity")
_ALLOCATABLE = _gpus_in_block("Allocatable")


def allocatable_below_capacity(
    text: str, low: bytes, out: List[Dict[str, str]], source: str
) -> None:
    """A node whose Allocatable nvidia.com/gpu is below its Capacity right after it (the same
    node's description): the device plugin took GPUs out as unhealthy."""
    if low.find(b"allocatable:") == -1 or low.find(b"nvidia.com/gpu") == -1:
        return
    if found_category(out, ("gpu-health",)):
        return
    for cap in _CAPACITY.finditer(text):
        alloc = _ALLOCATABLE.search(text, cap.end(), cap.end() + 2000)
        if alloc is not None and int(alloc.group(1)) < int(cap.group(1)):
            out.append(entry_at(text, alloc.start(1), "k8s-gpus-marked-unhealthy", source))
            return
