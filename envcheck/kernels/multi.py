"""Multi-GPU tests: peer access and an all-reduce through torch.distributed on one node.

``python -m envcheck.kernels.multi`` is one rank (config as JSON on stdin; one JSON line out on
the original stdout, as in worker.py). The parent (harness.py) starts one process per GPU with
``CUDA_VISIBLE_DEVICES`` listing the selected GPUs, rank r using ``cuda:r``, rendezvous through a
file, and kills them all when the time is up (an NCCL hang is a classic multi-GPU failure).

The all-reduce sums ``rank + 1`` over the ranks: every element must equal ``W(W+1)/2`` exactly
(small integers are exact in float32). Bandwidth follows nccl-tests' convention: algorithm
bandwidth = bytes / time, bus bandwidth = algbw * 2(W-1)/W. With ``device="cpu"`` and the gloo
backend the same code runs without a GPU (harness tests).
"""

from __future__ import annotations

import datetime
import json
import os
import sys
import time
from typing import Any, Dict, List

INJECT_ENV = "ENVCHECK_KERNELS_INJECT"


def peer_access(ordinals: List[int], labels: List[int], nbytes: int) -> Dict[str, Any]:
    """Copy a random buffer from every GPU to every other and back; compare. ``labels`` are the
    GPU indices reported (NVML), ``ordinals`` the CUDA devices in this process."""
    name = dict(zip(ordinals, labels))
    import torch

    pairs: List[Dict[str, Any]] = []
    failed = 0
    for i in ordinals:
        src = torch.randint(0, 255, (nbytes,), dtype=torch.uint8, device=f"cuda:{i}")
        for j in ordinals:
            if i == j:
                continue
            can = bool(torch.cuda.can_device_access_peer(i, j))
            dst = src.to(f"cuda:{j}")
            torch.cuda.synchronize(j)
            ok = bool(torch.equal(dst.to(f"cuda:{i}"), src))
            failed += 0 if ok else 1
            pairs.append({"src": name[i], "dst": name[j], "peer_access": can, "copy_ok": ok})
    no_p2p = [f"{p['src']}->{p['dst']}" for p in pairs if not p["peer_access"]]
    return {"pairs": pairs, "failed": failed, "no_peer_access": no_p2p}


def rank_main(cfg: Dict[str, Any]) -> Dict[str, Any]:
    import torch
    import torch.distributed as dist

    rank, world = int(cfg["rank"]), int(cfg["world_size"])
    out: Dict[str, Any] = {"rank": rank}
    if cfg["device"] == "cpu":
        device = torch.device("cpu")
    else:
        ordinals = [int(o) for o in cfg.get("ordinals") or range(world)]
        torch.cuda.set_device(ordinals[rank])
        device = torch.device("cuda", ordinals[rank])
    if rank == 0 and cfg.get("peer") and cfg["device"] != "cpu":
        labels = [int(x) for x in cfg.get("labels") or ordinals]
        out["peer"] = peer_access(ordinals, labels, 1 << 20)
    dist.init_process_group(
        backend=cfg["dist_backend"],
        init_method=f"file://{cfg['init_file']}",
        rank=rank,
        world_size=world,
        timeout=datetime.timedelta(seconds=max(1.0, float(cfg["timeout_s"]))),
    )
    try:
        n = max(1, int(cfg["nbytes"]) // 4)
        t = torch.full((n,), float(rank + 1), dtype=torch.float32, device=device)
        dist.all_reduce(t)
        if rank == 0 and "corrupt:allreduce" in os.environ.get(INJECT_ENV, ""):
            t[n // 2] += 1.0  # test seam (see worker.py): a wrong element of the sum
        expected = world * (world + 1) / 2.0
        out["mismatches"] = int((t != expected).sum())
        out["elements"] = n
        work = torch.ones(n, dtype=torch.float32, device=device)
        dist.all_reduce(work)  # warm-up
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        dist.barrier()
        iters = int(cfg.get("iters", 5))
        t0 = time.perf_counter()
        for _ in range(iters):
            dist.all_reduce(work)
        if device.type == "cuda":
            torch.cuda.synchronize(device)
        elapsed = (time.perf_counter() - t0) / iters
        algbw = 4 * n / elapsed / 1e9
        out.update(
            {
                "seconds_per_op": elapsed,
                "algbw_gbs": algbw,
                "busbw_gbs": algbw * 2 * (world - 1) / world,
            }
        )
    finally:
        dist.destroy_process_group()
    return out


def main() -> int:
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    cfg = json.loads(sys.stdin.read() or "{}")
    try:
        out = rank_main(cfg)
    except Exception as exc:
        out = {"rank": cfg.get("rank"), "error": f"{type(exc).__name__}: {exc}"}
    proto.write(json.dumps(out) + "\n")
    proto.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
