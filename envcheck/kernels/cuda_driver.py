"""CUDA driver API backend: ``ctypes`` on ``libcuda.so.1``, no framework, no toolkit.

It proves what the GPU Operator's vectorAdd validation proves, without CUDA samples: the driver's
user-space library loads, sees each GPU, creates a context, JIT-compiles PTX shipped as text
(``vector_add.ptx``) and runs it correctly. Tests: ``vector_add`` (bit-exact), ``memtest``
(pattern fill/check kernels over a share of free memory), ``h2d_bandwidth`` / ``d2h_bandwidth``
(pinned host memory) and ``d2d_bandwidth``. There is no BLAS here, so the GEMM tests are reported
as not available with this backend.

Only the standard library is used (``ctypes``, ``array``, ``struct``); every CUDA error becomes a
``CudaError`` carrying the function, the error name and NVIDIA's error string.
"""

from __future__ import annotations

import array
import contextlib
import ctypes
import random
import struct
import time
from importlib import resources
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from envcheck.kernels.suite import run_memtest

LIBCUDA = "libcuda.so.1"
NOT_FOUND = "libcuda.so.1 not found: no NVIDIA driver user-space library"

# CUdevice_attribute values (cuda.h): compute capability major / minor, multiprocessor count.
ATTR_CC_MAJOR = 75
ATTR_CC_MINOR = 76
ATTR_SM_COUNT = 16

# Kernel signatures in vector_add.ptx, in parameter order. "u64" parameters are device pointers
# or 64-bit counts, "u32" 32-bit values. tests/test_kernels_driver.py checks this table against
# the PTX text itself.
KERNELS: Dict[str, Tuple[str, ...]] = {
    "vector_add": ("u64", "u64", "u64", "u64"),
    "pattern_fill": ("u64", "u64", "u32", "u32"),
    "pattern_check": ("u64", "u64", "u32", "u32", "u64"),
}

_CTYPES = {"u64": ctypes.c_uint64, "u32": ctypes.c_uint32}

BLOCK = 256
MAX_GRID = 65535


class CudaError(Exception):
    """A CUDA driver call failed (or the library is missing: ``code`` None)."""

    def __init__(self, message: str, code: Optional[int] = None, name: Optional[str] = None):
        super().__init__(message)
        self.code = code
        self.name = name


def ptx_source() -> bytes:
    """The PTX module text, NUL-terminated as cuModuleLoadData requires."""
    text = resources.files("envcheck.kernels").joinpath("vector_add.ptx").read_bytes()
    return text + b"\0"


def pack_params(signature: Sequence[str], values: Sequence[int]) -> Tuple[Any, List[Any]]:
    """Build cuLaunchKernel's ``kernelParams``: an array of pointers, one per argument, each
    pointing at a C value of the argument's exact size. Returns the array and the C values (the
    caller keeps them alive until the launch returned)."""
    if len(signature) != len(values):
        raise ValueError(f"kernel takes {len(signature)} arguments, got {len(values)}")
    holders = [_CTYPES[kind](int(value)) for kind, value in zip(signature, values)]
    params = (ctypes.c_void_p * len(holders))(
        *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders]
    )
    return params, holders


def grid_for(n: int, block: int = BLOCK) -> int:
    return max(1, min(MAX_GRID, (n + block - 1) // block))


class Driver:
    """A loaded libcuda with the calls we use, each checked."""

    def __init__(self, path: str = LIBCUDA):
        try:
            self.lib = ctypes.CDLL(path)
        except OSError as exc:
            raise CudaError(f"{NOT_FOUND} ({exc})") from None
        self._declare()

    def _declare(self) -> None:
        c = ctypes
        sigs: Dict[str, List[Any]] = {
            "cuInit": [c.c_uint],
            "cuDriverGetVersion": [c.POINTER(c.c_int)],
            "cuDeviceGetCount": [c.POINTER(c.c_int)],
            "cuDeviceGet": [c.POINTER(c.c_int), c.c_int],
            "cuDeviceGetName": [c.c_char_p, c.c_int, c.c_int],
            "cuDeviceGetAttribute": [c.POINTER(c.c_int), c.c_int, c.c_int],
            "cuDeviceTotalMem_v2": [c.POINTER(c.c_size_t), c.c_int],
            "cuCtxCreate_v2": [c.POINTER(c.c_void_p), c.c_uint, c.c_int],
            "cuCtxDestroy_v2": [c.c_void_p],
            "cuCtxSynchronize": [],
            "cuModuleLoadData": [c.POINTER(c.c_void_p), c.c_void_p],
            "cuModuleUnload": [c.c_void_p],
            "cuModuleGetFunction": [c.POINTER(c.c_void_p), c.c_void_p, c.c_char_p],
            "cuMemGetInfo_v2": [c.POINTER(c.c_size_t), c.POINTER(c.c_size_t)],
            "cuMemAlloc_v2": [c.POINTER(c.c_uint64), c.c_size_t],
            "cuMemFree_v2": [c.c_uint64],
            "cuMemAllocHost_v2": [c.POINTER(c.c_void_p), c.c_size_t],
            "cuMemFreeHost": [c.c_void_p],
            "cuMemcpyHtoD_v2": [c.c_uint64, c.c_void_p, c.c_size_t],
            "cuMemcpyDtoH_v2": [c.c_void_p, c.c_uint64, c.c_size_t],
            "cuMemcpyDtoD_v2": [c.c_uint64, c.c_uint64, c.c_size_t],
            "cuLaunchKernel": [c.c_void_p]
            + [c.c_uint] * 7
            + [c.c_void_p, c.POINTER(c.c_void_p), c.POINTER(c.c_void_p)],
            "cuGetErrorName": [c.c_int, c.POINTER(c.c_char_p)],
            "cuGetErrorString": [c.c_int, c.POINTER(c.c_char_p)],
        }
        self.fn: Dict[str, Callable[..., int]] = {}
        for name, argtypes in sigs.items():
            try:
                f = getattr(self.lib, name)
            except AttributeError:
                continue  # reported when called
            f.argtypes = argtypes
            f.restype = c.c_int
            self.fn[name] = f

    def error_text(self, code: int) -> Tuple[str, str]:
        name = ctypes.c_char_p()
        text = ctypes.c_char_p()
        n = s = f"CUDA error {code}"
        if "cuGetErrorName" in self.fn and self.fn["cuGetErrorName"](code, ctypes.byref(name)) == 0:
            n = (name.value or b"").decode(errors="replace") or n
        if (
            "cuGetErrorString" in self.fn
            and self.fn["cuGetErrorString"](code, ctypes.byref(text)) == 0
        ):
            s = (text.value or b"").decode(errors="replace") or s
        return n, s

    def call(self, name: str, *args: Any) -> None:
        f = self.fn.get(name)
        if f is None:
            raise CudaError(f"{name} missing from {LIBCUDA} (driver too old or not NVIDIA's)")
        code = f(*args)
        if code != 0:
            ename, text = self.error_text(code)
            raise CudaError(f"{name} failed: {ename} ({code}): {text}", code=code, name=ename)


class DriverDevice:
    """One GPU opened through the driver API: context, module, functions, buffers."""

    def __init__(self, drv: Driver, ordinal: int):
        self.drv = drv
        self.ordinal = ordinal
        self.ctx = ctypes.c_void_p()
        self.module = ctypes.c_void_p()
        self.functions: Dict[str, ctypes.c_void_p] = {}
        self._allocs: List[int] = []
        self._host: List[int] = []
        dev = ctypes.c_int()
        drv.call("cuDeviceGet", ctypes.byref(dev), ordinal)
        self.dev = dev.value
        name = ctypes.create_string_buffer(256)
        drv.call("cuDeviceGetName", name, 256, self.dev)
        self.name = name.value.decode(errors="replace")
        major, minor = ctypes.c_int(), ctypes.c_int()
        drv.call("cuDeviceGetAttribute", ctypes.byref(major), ATTR_CC_MAJOR, self.dev)
        drv.call("cuDeviceGetAttribute", ctypes.byref(minor), ATTR_CC_MINOR, self.dev)
        self.compute_capability = f"{major.value}.{minor.value}"
        drv.call("cuCtxCreate_v2", ctypes.byref(self.ctx), 0, self.dev)
        source = ptx_source()
        buf = ctypes.create_string_buffer(source, len(source))
        drv.call("cuModuleLoadData", ctypes.byref(self.module), ctypes.cast(buf, ctypes.c_void_p))
        for kname in KERNELS:
            f = ctypes.c_void_p()
            drv.call("cuModuleGetFunction", ctypes.byref(f), self.module, kname.encode())
            self.functions[kname] = f

    # --- memory ----------------------------------------------------------------------------
    def alloc(self, nbytes: int) -> int:
        ptr = ctypes.c_uint64()
        self.drv.call("cuMemAlloc_v2", ctypes.byref(ptr), nbytes)
        self._allocs.append(ptr.value)
        return ptr.value

    def free(self, ptr: int) -> None:
        if ptr in self._allocs:
            self._allocs.remove(ptr)
            self.drv.call("cuMemFree_v2", ctypes.c_uint64(ptr))

    def alloc_host(self, nbytes: int) -> int:
        ptr = ctypes.c_void_p()
        self.drv.call("cuMemAllocHost_v2", ctypes.byref(ptr), nbytes)
        self._host.append(ptr.value or 0)
        return ptr.value or 0

    def mem_info(self) -> Tuple[int, int]:
        free, total = ctypes.c_size_t(), ctypes.c_size_t()
        self.drv.call("cuMemGetInfo_v2", ctypes.byref(free), ctypes.byref(total))
        return free.value, total.value

    def htod(self, dst: int, src: Any, nbytes: int) -> None:
        self.drv.call("cuMemcpyHtoD_v2", ctypes.c_uint64(dst), src, nbytes)

    def dtoh(self, dst: Any, src: int, nbytes: int) -> None:
        self.drv.call("cuMemcpyDtoH_v2", dst, ctypes.c_uint64(src), nbytes)

    def sync(self) -> None:
        self.drv.call("cuCtxSynchronize")

    def launch(self, kernel: str, n: int, values: Sequence[int]) -> None:
        params, holders = pack_params(KERNELS[kernel], values)
        grid = grid_for(n)
        self.drv.call(
            "cuLaunchKernel",
            self.functions[kernel],
            grid,
            1,
            1,
            BLOCK,
            1,
            1,
            0,
            None,
            ctypes.cast(params, ctypes.POINTER(ctypes.c_void_p)),
            None,
        )
        del holders  # the launch has copied the arguments by now

    def close(self) -> None:
        for ptr in list(self._allocs):
            with contextlib.suppress(CudaError):
                self.free(ptr)
        for hptr in self._host:
            with contextlib.suppress(CudaError):
                self.drv.call("cuMemFreeHost", ctypes.c_void_p(hptr))
        self._host = []
        if self.module:
            with contextlib.suppress(CudaError):
                self.drv.call("cuModuleUnload", self.module)
            self.module = ctypes.c_void_p()
        if self.ctx:
            with contextlib.suppress(CudaError):
                self.drv.call("cuCtxDestroy_v2", self.ctx)
            self.ctx = ctypes.c_void_p()


def open_driver(path: str = LIBCUDA) -> Driver:
    drv = Driver(path)
    drv.call("cuInit", 0)
    return drv


def list_devices(drv: Driver) -> List[Dict[str, Any]]:
    count = ctypes.c_int()
    drv.call("cuDeviceGetCount", ctypes.byref(count))
    out = []
    for i in range(count.value):
        dev = ctypes.c_int()
        drv.call("cuDeviceGet", ctypes.byref(dev), i)
        name = ctypes.create_string_buffer(256)
        drv.call("cuDeviceGetName", name, 256, dev.value)
        out.append({"index": i, "name": name.value.decode(errors="replace")})
    return out


# --- the backend used by the worker ---------------------------------------------------------


def _f32(values: Sequence[float]) -> array.array:
    return array.array("f", values)


def _vector_inputs(n: int, seed: int) -> Tuple[array.array, array.array, array.array]:
    """Inputs whose float32 sum the host computes exactly: magnitudes in [2^-10, 2^10], so the
    sum of two of them is exact in a double and one rounding to float32 (array('f')) is the
    correctly rounded IEEE result the GPU's add.rn.f32 must produce bit for bit."""
    rng = random.Random(seed)

    def draw() -> float:
        return rng.choice((-1.0, 1.0)) * rng.uniform(1.0, 2.0) * 2.0 ** rng.randint(-10, 9)

    a = _f32([draw() for _ in range(n)])
    b = _f32([draw() for _ in range(n)])
    expected = _f32([x + y for x, y in zip(a, b)])
    return a, b, expected


class CudaDriverBackend:
    """The per-GPU test implementations the worker calls (see worker.py for the protocol)."""

    name = "cuda-driver"

    def __init__(self, ordinal: int = 0, library: str = LIBCUDA):
        self.drv = open_driver(library)
        self.device = DriverDevice(self.drv, ordinal)
        self.info = {
            "name": self.device.name,
            "compute_capability": self.device.compute_capability,
        }

    def close(self) -> None:
        self.device.close()

    def free_memory(self) -> int:
        return self.device.mem_info()[0]

    def probe(self) -> None:
        self.device.sync()

    def supports(self, test: str) -> Optional[str]:
        if test.startswith("gemm"):
            return "GEMM needs a BLAS; the cuda-driver backend has none (use torch or cupy)"
        return None

    def vector_add(self, n: int, corrupt: bool) -> Dict[str, Any]:
        d = self.device
        # inputs and the check are pure Python here: 64 Ki elements (256 blocks) prove the
        # launch and the arithmetic in well under a second
        n = max(1, min(n, 1 << 16))
        a, b, expected = _vector_inputs(n, seed=1234)
        nbytes = 4 * n
        da, db, dc = d.alloc(nbytes), d.alloc(nbytes), d.alloc(nbytes)
        try:
            d.htod(da, a.buffer_info()[0], nbytes)
            d.htod(db, b.buffer_info()[0], nbytes)
            d.launch("vector_add", n, [da, db, dc, n])
            d.sync()
            out = _f32([0.0] * n)
            d.dtoh(out.buffer_info()[0], dc, nbytes)
        finally:
            for p in (da, db, dc):
                d.free(p)
        if corrupt:
            flip_top_exponent_bit_f32(out, n // 2)
        bad = [i for i in range(n) if _bits(out[i]) != _bits(expected[i])]
        return {"mismatches": len(bad), "n": n, "first_bad": bad[:5]}

    def memtest(
        self, nbytes: int, patterns: List[Tuple[str, int, int]], deadline: float, corrupt: bool
    ) -> Dict[str, Any]:
        d = self.device
        n = max(1, nbytes // 4)
        buf = d.alloc(4 * n)
        counter = d.alloc(4)
        zero = ctypes.c_uint32(0)

        def one_pattern(mul: int, xor: int, corrupt_now: bool) -> int:
            d.htod(counter, ctypes.byref(zero), 4)
            d.launch("pattern_fill", n, [buf, n, mul, xor])
            d.sync()
            if corrupt_now:
                word = ctypes.c_uint32(((n // 2) * mul ^ xor ^ 0x40000000) & 0xFFFFFFFF)
                d.htod(buf + 4 * (n // 2), ctypes.byref(word), 4)
            d.launch("pattern_check", n, [buf, n, mul, xor, counter])
            d.sync()
            count = ctypes.c_uint32()
            d.dtoh(ctypes.byref(count), counter, 4)
            return count.value

        try:
            return run_memtest(n, patterns, deadline, corrupt, one_pattern)
        finally:
            d.free(buf)
            d.free(counter)

    def bandwidth(self, kind: str, nbytes: int, reps: int, deadline: float) -> Dict[str, Any]:
        d = self.device
        dev = d.alloc(nbytes)
        other = d.alloc(nbytes) if kind == "d2d" else 0
        host = d.alloc_host(nbytes) if kind != "d2d" else 0
        times: List[float] = []
        try:
            for i in range(reps + 1):
                if times and time.monotonic() >= deadline:
                    break
                t0 = time.perf_counter()
                if kind == "h2d":
                    d.htod(dev, ctypes.c_void_p(host), nbytes)
                elif kind == "d2h":
                    d.dtoh(ctypes.c_void_p(host), dev, nbytes)
                else:
                    d.drv.call(
                        "cuMemcpyDtoD_v2", ctypes.c_uint64(other), ctypes.c_uint64(dev), nbytes
                    )
                d.sync()
                if i:  # the first copy is a warm-up
                    times.append(time.perf_counter() - t0)
        finally:
            d.free(dev)
            if other:
                d.free(other)
        return {"bytes": nbytes, "times": times}


def _bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def flip_top_exponent_bit_f32(values: array.array, index: int) -> None:
    """Test seam helper: flip bit 30 (the top exponent bit) of one float32, like a bit flip in
    memory would - the value becomes ~2^128 times larger or smaller."""
    bits = _bits(values[index]) ^ 0x40000000
    values[index] = struct.unpack("<f", struct.pack("<I", bits))[0]
