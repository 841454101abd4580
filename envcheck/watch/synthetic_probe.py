"""The differential probe of ``envcheck watch --synthetic`` (DS-Analyzer's method [S44]).

Run as ``python -m envcheck.watch.synthetic_probe DIR BUDGET_S BATCH`` with the user's own Python,
so it measures the job's stack. It prints one JSON object:

- ``gpu``: samples/s a small conv net consumes from synthetic tensors already on the GPU (no
  fetch, no prep) -- or ``skipped`` with the reason (no torch, no CUDA device);
- ``loader``: samples/s a torch DataLoader (or a multiprocessing pool without torch) delivers
  from a warm page cache for each ``num_workers`` tried (read + decode/normalise);
- ``cold``: MB/s and samples/s reading the same files after ``posix_fadvise(DONTNEED)``
  [S61] (advisory: ``cache_dropped`` says whether it measurably took effect);
- ``limiter`` and ``num_workers``: the slowest ceiling and the smallest worker count within 5 %
  of the best loader rate.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

MAX_FILES = 2000
MAX_BYTES = 2 << 30


def list_files(root: str) -> List[Tuple[str, int]]:
    out: List[Tuple[str, int]] = []
    total = 0
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            try:
                size = os.path.getsize(path)
            except OSError:
                continue
            if size == 0 or not os.path.isfile(path):
                continue
            out.append((path, size))
            total += size
            if len(out) >= MAX_FILES or total >= MAX_BYTES:
                return out
    return out


def load_sample(path: str) -> float:
    """Read one file and do the CPU work a loader does: decode if it is an image, normalise."""
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        import io  # noqa: PLC0415

        from PIL import Image  # noqa: PLC0415 - optional

        with Image.open(io.BytesIO(data)) as img:
            pixels = img.convert("RGB").resize((224, 224)).tobytes()
            return sum(pixels[::997]) / 255.0
    except Exception:  # noqa: BLE001 - not an image (or no PIL): normalise the raw bytes
        step = max(1, len(data) // 4096)
        return sum(data[::step]) / 255.0


def _torch() -> Optional[Any]:
    try:
        import torch  # noqa: PLC0415

        return torch
    except Exception:  # noqa: BLE001
        return None


def gpu_ceiling(torch: Optional[Any], seconds: float, batch: int) -> Dict[str, Any]:
    if torch is None:
        return {"skipped": "torch is not installed in this Python"}
    if not torch.cuda.is_available():
        return {"skipped": "no CUDA device visible to torch (torch.cuda.is_available() is False)"}
    dev = torch.device("cuda")
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 64, 3, 2, 1),
        torch.nn.ReLU(),
        torch.nn.Conv2d(64, 128, 3, 2, 1),
        torch.nn.ReLU(),
        torch.nn.AdaptiveAvgPool2d(1),
        torch.nn.Flatten(),
        torch.nn.Linear(128, 1000),
    ).to(dev)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    x = torch.randn(batch, 3, 224, 224, device=dev)
    y = torch.randint(0, 1000, (batch,), device=dev)
    use_amp = torch.cuda.is_bf16_supported()
    n, start = 0, None
    end = time.time() + seconds
    while time.time() < end:
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=use_amp):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if n == 3:
            torch.cuda.synchronize()
            start = time.perf_counter()
        n += 1
    torch.cuda.synchronize()
    if start is None or n <= 4:
        return {"skipped": "budget too short for a GPU measurement"}
    rate = (n - 4) * batch / (time.perf_counter() - start)
    return {
        "samples_per_s": round(rate, 1),
        "device": torch.cuda.get_device_name(0),
        "amp_bf16": use_amp,
        "batch": batch,
    }


class _Files:
    def __init__(self, files: List[str]) -> None:
        self.files = files

    def __len__(self) -> int:
        return len(self.files)

    def __getitem__(self, i: int) -> float:
        return load_sample(self.files[i % len(self.files)])


def loader_rate(
    torch: Optional[Any], files: List[str], workers: int, seconds: float, batch: int
) -> float:
    n, start = 0, time.perf_counter()
    if torch is not None:
        from torch.utils.data import DataLoader  # noqa: PLC0415

        loader = DataLoader(
            _Files(files * 1000), batch_size=batch, num_workers=workers, collate_fn=lambda b: b
        )
        for items in loader:
            n += len(items)
            if time.perf_counter() - start > seconds:
                break
    else:
        import multiprocessing  # noqa: PLC0415

        if workers == 0:
            for path in files * 1000:
                load_sample(path)
                n += 1
                if time.perf_counter() - start > seconds:
                    break
        else:
            with multiprocessing.Pool(workers) as pool:
                for _ in pool.imap_unordered(load_sample, files * 1000, chunksize=8):
                    n += 1
                    if time.perf_counter() - start > seconds:
                        pool.terminate()
                        break
    return n / (time.perf_counter() - start)


def cold_read(files: List[Tuple[str, int]], seconds: float) -> Dict[str, Any]:
    dropped = 0
    for path, _ in files:
        try:
            fd = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                dropped += 1
            finally:
                os.close(fd)
        except (OSError, AttributeError):
            pass
    n, nbytes, start = 0, 0, time.perf_counter()
    for path, size in files:
        with open(path, "rb") as fh:
            while fh.read(1 << 20):
                pass
        n += 1
        nbytes += size
        if time.perf_counter() - start > seconds:
            break
    elapsed = time.perf_counter() - start
    return {
        "mb_per_s": round(nbytes / elapsed / 1e6, 1),
        "samples_per_s": round(n / elapsed, 1),
        "files": n,
        "fadvise_dontneed_files": dropped,
    }


def main() -> None:
    root, budget, batch = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    files = list_files(root)
    result: Dict[str, Any] = {
        "data_dir": root,
        "files": len(files),
        "bytes": sum(s for _, s in files),
        "budget_s": budget,
    }
    if not files:
        result["error"] = f"no readable files under {root}"
        print(json.dumps(result))
        return
    torch = _torch()
    result["loader_backend"] = "torch DataLoader" if torch else "multiprocessing.Pool (no torch)"
    result["gpu"] = gpu_ceiling(torch, budget * 0.2, batch)
    result["cold"] = cold_read(files, budget * 0.15)
    # warm the cache, then time each worker count
    for path, _ in files:
        with open(path, "rb") as fh:
            while fh.read(1 << 20):
                pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    counts = sorted({0, *range(2, (cores or 1) + 1, 2), cores or 1})
    per = budget * 0.55 / len(counts)
    rates = {w: round(loader_rate(torch, [p for p, _ in files], w, per, batch), 1) for w in counts}
    result["loader"] = {
        "samples_per_s": {str(k): v for k, v in rates.items()},
        "cores": cores,
        "warm": True,
    }
    best = max(rates.values())
    result["num_workers"] = min(w for w, r in rates.items() if r >= 0.95 * best)
    ceilings = {
        "loader (CPU preprocessing, warm cache)": best,
        "storage (cold read)": result["cold"]["samples_per_s"],
    }
    if "samples_per_s" in result["gpu"]:
        ceilings["GPU compute"] = result["gpu"]["samples_per_s"]
    result["ceilings"] = ceilings
    result["limiter"] = min(ceilings, key=lambda k: ceilings[k])
    print(json.dumps(result))


if __name__ == "__main__":
    main()
