"""torch backend: the tests run inside the user's own PyTorch build.

This is the path most users care about: if it passes, their torch has working kernels for their
GPU (cuBLAS GEMMs in every precision the GPU supports, elementwise kernels, copies). With
``device="cpu"`` the same code runs on torch's CPU build - that is how the harness (inputs,
reference, tolerances, timing, budget) is tested without a GPU.

Imported only inside a worker process (see worker.py): importing torch costs ~2 s.
"""

from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Tuple

import torch

from envcheck.kernels.suite import gemm_rate, run_memtest
from envcheck.kernels.tolerance import gemm_tolerance, judge_gemm

_DTYPES = {
    "fp32": torch.float32,
    "tf32": torch.float32,
    "fp16": torch.float16,
    "bf16": torch.bfloat16,
}


def _cc_tuple(cc: Optional[str]) -> Tuple[int, int]:
    try:
        major, minor = (cc or "0.0").split(".")
        return int(major), int(minor)
    except ValueError:
        return (0, 0)


class _Precision:
    """Sets torch's matmul flags for one precision and restores them afterwards (flags this
    torch does not have are left alone)."""

    def __init__(self, precision: str):
        self.precision = precision
        self.saved: Dict[str, Any] = {}

    def __enter__(self) -> None:
        m = torch.backends.cuda.matmul
        wanted = {
            "allow_tf32": self.precision == "tf32",
            # fp32 accumulation for half GEMMs keeps the tolerance bound rigorous (tolerance.py)
            "allow_fp16_reduced_precision_reduction": False,
            "allow_bf16_reduced_precision_reduction": False,
        }
        for name, value in wanted.items():
            try:
                self.saved[name] = getattr(m, name)
                setattr(m, name, value)
            except (AttributeError, RuntimeError):
                self.saved.pop(name, None)

    def __exit__(self, *exc: Any) -> None:
        m = torch.backends.cuda.matmul
        for name, value in self.saved.items():
            setattr(m, name, value)


def flip_top_exponent_bit(t: torch.Tensor, index: int) -> None:
    """Test seam helper: flip the top exponent bit of one element of a floating tensor in place
    (on the device), as a bit flip in memory would."""
    flat = t.view(-1)
    if t.element_size() == 4:
        ints = flat.view(torch.int32)
        ints[index] ^= 0x40000000
    else:  # fp16: bit 14; bf16: bit 14 as well (top exponent bit of both 16-bit formats)
        ints = flat.view(torch.int16)
        ints[index] ^= 0x4000


class TorchBackend:
    name = "torch"

    def __init__(self, device: str = "cuda", ordinal: int = 0):
        if device == "cpu":
            self.device = torch.device("cpu")
            self.is_cuda = False
            self.info: Dict[str, Any] = {"name": "cpu", "compute_capability": None}
        else:
            if not torch.cuda.is_available():
                raise RuntimeError(f"torch {torch.__version__}: torch.cuda.is_available() is False")
            self.device = torch.device("cuda", ordinal)
            self.is_cuda = True
            torch.cuda.set_device(self.device)
            props = torch.cuda.get_device_properties(self.device)
            self.info = {
                "name": props.name,
                "compute_capability": f"{props.major}.{props.minor}",
                "total_memory_bytes": int(props.total_memory),
                "sm_count": int(props.multi_processor_count),
            }
            # A trivial launch proves the build has kernels for this GPU at all ("no kernel
            # image is available for execution on the device" surfaces here).
            torch.ones(1, device=self.device).add_(1)
            self.sync()
        self.info["torch_version"] = torch.__version__
        self.info["torch_cuda"] = torch.version.cuda

    def close(self) -> None:
        if self.is_cuda:
            torch.cuda.empty_cache()

    def free_memory(self) -> int:
        if not self.is_cuda:
            raise RuntimeError("no device memory query on cpu")
        return int(torch.cuda.mem_get_info(self.device)[0])

    def sync(self) -> None:
        if self.is_cuda:
            torch.cuda.synchronize(self.device)

    def probe(self) -> None:
        """A trivial kernel and a synchronisation: raises when the context is unusable."""
        torch.ones(1, device=self.device).add_(1).cpu()
        self.sync()

    def supports(self, test: str) -> Optional[str]:
        precision = test.rsplit("_", 1)[-1]
        if not self.is_cuda or precision not in ("tf32", "bf16", "fp16"):
            return None
        cc = _cc_tuple(self.info.get("compute_capability"))
        if precision in ("tf32", "bf16") and cc < (8, 0):
            return f"{precision} needs compute capability >= 8.0 (this GPU: {cc[0]}.{cc[1]})"
        if precision == "fp16" and cc < (5, 3):
            return f"fp16 arithmetic needs compute capability >= 5.3 (this GPU: {cc[0]}.{cc[1]})"
        return None

    # --- correctness ------------------------------------------------------------------------
    def vector_add(self, n: int, corrupt: bool) -> Dict[str, Any]:
        """c = a + b in float32, compared bit for bit with the CPU's IEEE sum of the same inputs
        (both round to nearest; magnitudes in [2^-10, 2^10] avoid subnormals)."""
        g = torch.Generator().manual_seed(1234)
        sign = torch.randint(0, 2, (2, n), generator=g).float() * 2 - 1
        mant = torch.rand(2, n, generator=g) + 1.0
        expo = torch.randint(-10, 10, (2, n), generator=g).float()
        ab = sign * mant * torch.pow(2.0, expo)
        a, b = ab[0].contiguous(), ab[1].contiguous()
        expected = a + b
        da, db = a.to(self.device), b.to(self.device)
        dc = da + db
        self.sync()
        if corrupt:
            flip_top_exponent_bit(dc, n // 2)
        out = dc.cpu()
        bad = (out.view(torch.int32) != expected.view(torch.int32)).nonzero().view(-1)
        return {"mismatches": int(bad.numel()), "n": n, "first_bad": bad[:5].tolist()}

    def gemm_check(self, precision: str, n: int, corrupt: bool) -> Dict[str, Any]:
        dtype = _DTYPES[precision]
        g = torch.Generator().manual_seed(4321 + n)
        a = (torch.rand(n, n, generator=g) * 2 - 1).to(dtype)
        b = (torch.rand(n, n, generator=g) * 2 - 1).to(dtype)
        a64, b64 = a.double(), b.double()
        ref = a64 @ b64
        abs_ab = a64.abs() @ b64.abs()
        with _Precision(precision):
            da, db = a.to(self.device), b.to(self.device)
            dc = da @ db
            self.sync()
        if corrupt:
            flip_top_exponent_bit(dc, (n * n) // 2 + n // 3)
        c = dc.cpu().double()
        verdict = judge_gemm(c, ref, abs_ab, gemm_tolerance(precision, n))
        verdict["shape"] = [n, n, n]
        return verdict

    def gemm_repeat(
        self, precisions: List[str], n: int, repeats: int, deadline: float, corrupt: bool
    ) -> Dict[str, Any]:
        """The same GEMM several times must give bit-identical results: the idea of gpu-burn.
        cuBLAS documents ("Results reproducibility", https://docs.nvidia.com/cuda/cublas/, read
        2026-12-02 through a public transcription) that a toolkit version gives bit-wise
        identical results on every run on the same GPU model while one stream is active - the
        worker uses one stream and sets CUBLAS_WORKSPACE_CONFIG as NVIDIA advises for
        determinism, so a difference means the hardware computed differently."""
        mismatches = 0
        runs = 0
        done: List[str] = []
        for precision in precisions:
            if done and time.monotonic() >= deadline:
                break
            dtype = _DTYPES[precision]
            gen = torch.Generator(device=self.device).manual_seed(99)
            a = torch.rand(n, n, device=self.device, dtype=torch.float32, generator=gen)
            b = torch.rand(n, n, device=self.device, dtype=torch.float32, generator=gen)
            a, b = (a * 2 - 1).to(dtype), (b * 2 - 1).to(dtype)
            with _Precision(precision):
                first = a @ b
                for i in range(max(1, repeats - 1)):
                    if i and time.monotonic() >= deadline:
                        break
                    again = a @ b
                    if corrupt and not done and i == 0:
                        flip_top_exponent_bit(again, n)
                    mismatches += int((again.view(-1) != first.view(-1)).sum())
                    runs += 1
                self.sync()
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
        """Fill the whole buffer with a pattern, then read it all back and count words that
        differ (two passes, so retention and addressing faults show, not just a write-read)."""
        n = max(1, nbytes // 4)
        buf = torch.empty(n, dtype=torch.int32, device=self.device)
        first_bad: List[int] = []

        def expected(start: int, end: int, mul: int, xor: int) -> torch.Tensor:
            idx = torch.arange(start, end, dtype=torch.int64, device=self.device)
            v = ((idx * mul) & 0xFFFFFFFF) ^ xor
            v = torch.where(v >= 2**31, v - 2**32, v)
            return v.to(torch.int32)

        def one_pattern(mul: int, xor: int, corrupt_now: bool) -> int:
            for start in range(0, n, chunk_words):
                end = min(n, start + chunk_words)
                buf[start:end] = expected(start, end, mul, xor)
            self.sync()
            if corrupt_now:
                buf[n // 2] ^= 0x40000000
            count = 0
            for start in range(0, n, chunk_words):
                end = min(n, start + chunk_words)
                diff = buf[start:end] != expected(start, end, mul, xor)
                c = int(diff.sum())
                if c and len(first_bad) < 5:
                    first_bad.extend((diff.nonzero().view(-1)[:5] + start).tolist())
                count += c
            return count

        result = run_memtest(n, patterns, deadline, corrupt, one_pattern)
        result["first_bad_words"] = first_bad[:5]
        return result  # buf is freed with this frame and one_pattern

    # --- performance ------------------------------------------------------------------------
    def bandwidth(self, kind: str, nbytes: int, reps: int, deadline: float) -> Dict[str, Any]:
        pin = self.is_cuda
        dev = torch.empty(nbytes, dtype=torch.uint8, device=self.device)
        dev.fill_(1)
        if kind == "d2d":
            src, dst = dev, torch.empty_like(dev)
        else:
            host = torch.empty(nbytes, dtype=torch.uint8, pin_memory=pin)
            host.fill_(2)
            src, dst = (host, dev) if kind == "h2d" else (dev, host)
        # one timed sample is ``inner`` copies, so that it lasts >= ~5 ms and the
        # synchronisation overhead (tens of microseconds) does not count
        self.sync()
        t0 = time.perf_counter()
        dst.copy_(src)
        self.sync()
        first = time.perf_counter() - t0
        inner = max(1, min(64, int(0.005 / max(first, 1e-6)) + 1))
        times: List[float] = []
        for _ in range(reps):
            if times and time.monotonic() >= deadline:
                break
            self.sync()
            t0 = time.perf_counter()
            for _ in range(inner):
                dst.copy_(src)
            self.sync()
            times.append((time.perf_counter() - t0) / inner)
        return {"bytes": nbytes, "times": times, "copies_per_sample": inner}

    def gemm_throughput(
        self, precision: str, n: int, seconds: float, deadline: float
    ) -> Dict[str, Any]:
        dtype = _DTYPES[precision]
        a = torch.randn(n, n, device=self.device, dtype=torch.float32).to(dtype)
        b = torch.randn(n, n, device=self.device, dtype=torch.float32).to(dtype)
        with _Precision(precision):
            c = a @ b  # warm-up: cuBLAS heuristics, workspace
            self.sync()
            stop = min(deadline, time.monotonic() + seconds)
            iters = 0
            t0 = time.perf_counter()
            batch = 1
            while True:
                for _ in range(batch):
                    torch.matmul(a, b, out=c)
                self.sync()
                iters += batch
                if time.monotonic() >= stop:
                    break
                elapsed = time.perf_counter() - t0
                # grow the batch so synchronisation overhead stays small
                if elapsed < seconds / 4:
                    batch *= 2
            elapsed = time.perf_counter() - t0
        return gemm_rate(n, iters, elapsed)
