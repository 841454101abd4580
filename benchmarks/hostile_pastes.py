"""Hostile pastes: inputs built to be slow for a careless regex or loop in the paste readers
(issue 10: a 1 MB paste in about a second; never hang). Times snapshot_from_reports (read +
extract + scan, no start-up) for each and prints the worst. Run it against any tree to compare
commits on one machine:

    python benchmarks/hostile_pastes.py [TREE]     # TREE: a checkout (default: this one)

Each input is about a megabyte of a phrase one reading looks for, repeated so that a search
from the text's start per match, or nested quantifiers, would show as seconds or minutes.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path
from typing import Dict

N = 1_000_000


def inputs() -> Dict[str, str]:
    gencodes = "-gencode;arch=compute_70,code=sm_70;" * 100
    return {
        "a hang word repeated, GeForce GPUs named": "I use 2 3090 gpus\n"
        + "the job is stuck " * (N // 17),
        "a hang word on each line": "2 3090 gpus ddp\n" + "stuck\n" * (N // 6),
        "a versioned package and a negation, repeated": "flash-attn==2.7.x do not " * (N // 25),
        "versioned packages only": "torch==1.1 " * (N // 11),
        "CUDA_VISIBLE_DEVICES and --nproc_per_node on each line": (
            "CUDA_VISIBLE_DEVICES=0,1 --nproc_per_node 2 x\n" * (N // 48)
        ),
        "a Python maximum and many Pythons named": "requires python<3.9\n"
        + "python 3.8 " * (N // 11),
        "torch's build configuration, bullets repeated": "PyTorch built with:\n"
        + f"  - NVCC architecture flags: {gencodes}\n  - CuDNN 8\n"
        + "  - GCC 7.3\n" * (N // 12),
        "-gencode without code=, long lines": "PyTorch built with:\n"
        + ("  - NVCC architecture flags: " + "-gencode;arch=compute_70" * 150 + "\n") * 200,
        "China named, no VPN": ("China " * 20 + "\n") * (N // 121),
        "glog's prefix repeated": "== cudaSuccess (" * (N // 16),
        "Keras 3's subject repeated": "The layer " * (N // 10),
        "an architecture bound's words repeated": "not supported on Pascal and " * (N // 28),
        "a disk sentence's start repeated": "not enough " * (N // 11),
        "an import line and an ImportError, repeated": (
            "from torch import a\nImportError: cannot import name 'b'\n" * (N // 56)
        ),
        "blank lines after one word": "x" + "\n" * N,
        # round forty-six: one long line repeated, each line a window the wrapped-message
        # search joined and searched again (3.2 and 2.6 s before its windows were remembered)
        "a FlashAttention refusal's start, long lines repeated": (
            "flash attention does not support the " * 30 + "\n"
        )
        * (N // 1111),
        "the Hub's names, long lines repeated": ("huggingface.co hugging face hf hub " * 40 + "\n")
        * (N // 1401),
        "exit codes near 137, long lines repeated": (
            "exited with code 13 exit code 137x returned code " * 25 + "\n"
        )
        * (N // 1226),
        # round forty-seven: pip's +cuXXX refusal, whose version list the reading searches for
        # the release asked for (a backreference), with lists that never close; uv's refusal
        # of a package from the PyTorch index, its opening repeated on one line
        "pip's +cu requirement, lists never closed": (
            "satisfies the requirement torch==1.0+cu1 (from versions: 1.0.1, " * 10000
        ),
        "uv's PyTorch-index distribution, repeated": (
            "Distribution `markupsafe==3.0.2 @ registry+https://download.pytorch.org/whl/cu1 "
            * 12000
        ),
        # round forty-eight: cuDNN's RNN op refused with the registered devices searched for up
        # to 200 characters on, that start repeated on one line; an nvidia-smi table's row whose
        # last cell is searched for the compute mode, the row repeated
        "a CudnnRNN refusal's start, repeated": (
            "No OpKernel was registered to support Op 'CudnnRNN' with these attrs. " * 14000
        ),
        "nvidia-smi rows with long mode cells": "| NVIDIA-SMI 352.39     Driver Version: 352.39 |\n"
        + (
            "|   0  Tesla K40m  Off  | 0000:02:00.0 Off |  0 |\n| N/A 20C P8 19W / 235W | "
            "23MiB / 11519MiB | " + " " * 900 + "E. Thread |\n"
        )
        * 1000,
        # round forty-nine: a daemon-reload whose text repeats "container" on one line (each
        # place is searched up to 220 characters around for a GPU word); Docker Desktop repeated
        # (each place searched for Linux); nvcc errors inside GCC's headers on every line
        "daemon-reload, then 'container' repeated": "sudo systemctl daemon-reload\n"
        + "container " * (N // 10),
        "Docker Desktop repeated, nvidia-docker named": "docker desktop nvidia-docker\n"
        + "Docker Desktop " * (N // 15),
        "nvcc errors in GCC's headers, every line": (
            "/usr/include/c++/14/" + "a/" * 50 + "t(529): error: x\n"
        )
        * (N // 140),
        # round fifty: distutils missing with "3.12" repeated (each place read for a Python
        # version), nvcc's arity error on every line (each searched for a cuDNN wrapper file),
        # a Colab Drive mount with "low read" repeated, a Jetson beside pip's +cuXXX error
        "distutils missing, '3.12' repeated": "No module named 'distutils'\n" + "3.12 " * (N // 5),
        "arity errors on every line, cuDNN named once": "cudnn\n"
        + ("/src/" + "a/" * 40 + "conv.cu(97): error: too few arguments in function call\n")
        * (N // 140),
        "Drive mount, 'low read' repeated": "drive.mount('/content/gdrive')\n"
        + "low read " * (N // 9),
        "a Jetson beside pip's missing +cu build": "jetson nano\n"
        + "Could not find a version that satisfies the requirement torch==1.8.1+cu102 (from "
        "versions: 1.8.1)\n" * (N // 100),
        # round fifty-one: one line of "nvidia" and "not" words with no verb the rows end on, a
        # "could not insert" with its module name never reached, ninja's ":" paths without nvcc,
        # and "kill" with "memory" and negations that never say "release"
        "one line of 'nvidia 390 not' repeated": "nvidia 390 not " * (N // 15),
        "'could not insert' with no module named": "could not insert " + "x" * N,
        "ninja's ':/' paths, no nvcc": "[1/3] " + ":/usr/" * (N // 6),
        "'kill ... memory didn't' with no release": "kill " + "memory didn't " * (N // 14),
    }


def main() -> int:
    tree = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).parents[1]
    sys.path.insert(0, str(tree))
    from envcheck.importers import snapshot_from_reports

    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        # one short paste first: the readers compile their patterns on first use, a cost of
        # start-up that would otherwise land on whichever input is timed first
        warm = Path(tmp) / "warm.txt"
        warm.write_text("RuntimeError: CUDA error: no kernel image is available\n")
        snapshot_from_reports([str(warm)])
        for n, (name, text) in enumerate(inputs().items()):
            path = Path(tmp) / f"{n}.txt"
            path.write_text(text)
            start = time.perf_counter()
            snapshot_from_reports([str(path)])
            took = time.perf_counter() - start
            worst = max(worst, took)
            print(f"{took:6.2f} s  {len(text):8d} B  {name}")
    print(f"worst {worst:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
