"""cupy backend: the same tests as the torch backend through CuPy (cuBLAS for GEMMs).

Small on purpose: vector add, GEMM correctness (fp32, fp16; tf32 and bf16 are left to the torch
backend because CuPy exposes them only through environment switches and ml_dtypes), repeatability,
the memory test, bandwidth and fp32/fp16 GEMM throughput. Imported only inside a worker process;
when CuPy is not installed the worker reports "cupy not installed".
"""

from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Tuple

import cupy as cp
import numpy as np

from envcheck.kernels.suite import gemm_rate, run_memtest
from envcheck.kernels.tolerance import gemm_tolerance, judge_gemm

_DTYPES = {"fp32": np.float32, "fp16": np.float16}


def _flip(arr: Any, index: int) -> None:
    flat = arr.reshape(-1)
    if arr.dtype.itemsize == 4:
        flat.view(cp.uint32)[index] ^= 0x40000000
    else:
        flat.view(cp.uint16)[index] ^= 0x4000


class CupyBackend:
    name = "cupy"

    def __init__(self, ordinal: int = 0):
        if cp.cuda.runtime.getDeviceCount() < 1:
            raise RuntimeError("cupy sees no CUDA device")
        self.dev = cp.cuda.Device(ordinal)
        self.dev.use()
        props = cp.cuda.runtime.getDeviceProperties(ordinal)
        name = props["name"]
        self.info: Dict[str, Any] = {
            "name": name.decode() if isinstance(name, bytes) else str(name),
            "compute_capability": f"{props['major']}.{props['minor']}",
            "cupy_version": cp.__version__,
        }
        (cp.ones(1, dtype=cp.float32) + 1).get()

    def close(self) -> None:
        cp.get_default_memory_pool().free_all_blocks()

    def free_memory(self) -> int:
        return int(cp.cuda.runtime.memGetInfo()[0])

    def sync(self) -> None:
        cp.cuda.Stream.null.synchronize()

    def probe(self) -> None:
        (cp.ones(1, dtype=cp.float32) + 1).get()
        self.sync()

    def supports(self, test: str) -> Optional[str]:
        precision = test.rsplit("_", 1)[-1]
        if precision in ("tf32", "bf16"):
            return f"{precision} GEMMs are tested by the torch backend only"
        return None

    def vector_add(self, n: int, corrupt: bool) -> Dict[str, Any]:
        rng = np.random.default_rng(1234)
        sign = rng.integers(0, 2, (2, n)) * 2 - 1
        ab = sign * rng.uniform(1.0, 2.0, (2, n)) * 2.0 ** rng.integers(-10, 10, (2, n))
        ab = ab.astype(np.float32)
        expected = ab[0] + ab[1]
        dc = cp.asarray(ab[0]) + cp.asarray(ab[1])
        if corrupt:
            _flip(dc, n // 2)
        out = cp.asnumpy(dc)
        bad = np.nonzero(out.view(np.uint32) != expected.view(np.uint32))[0]
        return {"mismatches": int(bad.size), "n": n, "first_bad": bad[:5].tolist()}

    def gemm_check(self, precision: str, n: int, corrupt: bool) -> Dict[str, Any]:
        dtype = _DTYPES[precision]
        rng = np.random.default_rng(4321 + n)
        a = (rng.random((n, n), dtype=np.float32) * 2 - 1).astype(dtype)
        b = (rng.random((n, n), dtype=np.float32) * 2 - 1).astype(dtype)
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        dc = cp.asarray(a) @ cp.asarray(b)
        if corrupt:
            _flip(dc, (n * n) // 2 + n // 3)
        c = cp.asnumpy(dc).astype(np.float64)
        verdict = judge_gemm(c, a64 @ b64, np.abs(a64) @ np.abs(b64), gemm_tolerance(precision, n))
        verdict["shape"] = [n, n, n]
        return verdict

    def gemm_repeat(
        self, precisions: List[str], n: int, repeats: int, deadline: float, corrupt: bool
    ) -> Dict[str, Any]:
        mismatches = runs = 0
        done: List[str] = []
        for precision in precisions:
            if precision not in _DTYPES or (done and time.monotonic() >= deadline):
                continue
            rs = cp.random.RandomState(99)
            a = (rs.random_sample((n, n)) * 2 - 1).astype(_DTYPES[precision])
            b = (rs.random_sample((n, n)) * 2 - 1).astype(_DTYPES[precision])
            first = a @ b
            for i in range(max(1, repeats - 1)):
                if i and time.monotonic() >= deadline:
                    break
                again = a @ b
                if corrupt and not done and i == 0:
                    _flip(again, n)
                mismatches += int((again != first).sum())
                runs += 1
            done.append(precision)
        return {"mismatches": mismatches, "comparisons": runs, "precisions": done, "n": n}

    def memtest(
        self,
        nbytes: int,
        patterns: List[Tuple[str, int, int]],
        deadline: float,
        corrupt: bool,
        chunk_words: int = 1 << 24,
    ) -> Dict[str, Any]:
        n = max(1, nbytes // 4)
        buf = cp.empty(n, dtype=cp.uint32)

        def expected(start: int, end: int, mul: int, xor: int) -> Any:
            idx = cp.arange(start, end, dtype=cp.uint64)
            return (((idx * cp.uint64(mul)) & cp.uint64(0xFFFFFFFF)) ^ cp.uint64(xor)).astype(
                cp.uint32
            )

        def one_pattern(mul: int, xor: int, corrupt_now: bool) -> int:
            for start in range(0, n, chunk_words):
                buf[start : min(n, start + chunk_words)] = expected(
                    start, min(n, start + chunk_words), mul, xor
                )
            self.sync()
            if corrupt_now:
                buf[n // 2] ^= cp.uint32(0x40000000)
            count = 0
            for start in range(0, n, chunk_words):
                end = min(n, start + chunk_words)
                count += int((buf[start:end] != expected(start, end, mul, xor)).sum())
            return count

        return run_memtest(n, patterns, deadline, corrupt, one_pattern)

    def bandwidth(self, kind: str, nbytes: int, reps: int, deadline: float) -> Dict[str, Any]:
        dev = cp.ones(nbytes, dtype=cp.uint8)
        other = cp.empty_like(dev) if kind == "d2d" else None
        host = None
        if kind != "d2d":
            mem = cp.cuda.alloc_pinned_memory(nbytes)
            host = np.frombuffer(mem, dtype=np.uint8, count=nbytes)
        times: List[float] = []
        for i in range(reps + 1):
            if times and time.monotonic() >= deadline:
                break
            self.sync()
            t0 = time.perf_counter()
            if kind == "h2d":
                dev.set(host)
            elif kind == "d2h":
                dev.get(out=host)
            else:
                other[...] = dev  # type: ignore[index]
            self.sync()
            if i:
                times.append(time.perf_counter() - t0)
        return {"bytes": nbytes, "times": times}

    def gemm_throughput(
        self, precision: str, n: int, seconds: float, deadline: float
    ) -> Dict[str, Any]:
        a = cp.random.standard_normal((n, n), dtype=cp.float32).astype(_DTYPES[precision])
        b = cp.random.standard_normal((n, n), dtype=cp.float32).astype(_DTYPES[precision])
        c = a @ b
        self.sync()
        stop = min(deadline, time.monotonic() + seconds)
        iters = 0
        t0 = time.perf_counter()
        while True:
            cp.matmul(a, b, out=c)
            iters += 1
            if iters % 4 == 0:
                self.sync()
                if time.monotonic() >= stop:
                    break
        self.sync()
        elapsed = time.perf_counter() - t0
        return gemm_rate(n, iters, elapsed)
