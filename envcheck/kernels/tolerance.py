"""How close a GPU's GEMM must be to the float64 reference, per precision, and why.

The test computes ``C = A @ B`` (A: M x K, B: K x N) on the device from inputs drawn i.i.d.
uniform in [-1, 1), and the reference ``R`` in float64 on the CPU from *the same* input values
(for fp16/bf16 the inputs are first rounded to that format, and the reference uses the rounded
values, so input rounding is not an error of the GPU). Two criteria, both must hold:

1. **Elementwise, rigorous** (any summation order, any blocking/split-K): the classic bound for
   an inner product of length K computed in floating point with unit roundoff u (Higham,
   *Accuracy and Stability of Numerical Algorithms*, 2nd ed., 2002, sec. 3.1, eq. (3.5)):
   ``|fl(a.b) - a.b| <= gamma_K * (|a|.|b|)`` with ``gamma_K = K u / (1 - K u)``. So per element

       |C - R| <= 2 * [ (2 u_in + gamma_{K+1}(u_acc)) * (|A| @ |B|) + u_out * |R| ] + tiny

   - ``u_acc`` = 2^-23 for fp32 accumulation. The fp32 unit roundoff is 2^-24; we double it
     because tensor cores have been measured to truncate (round toward zero) inside the
     accumulator rather than round to nearest (Fasi, Higham, Mikaitis, Pranesh, "Numerical
     behavior of NVIDIA tensor cores", PeerJ Computer Science 7:e330, 2021).
   - ``u_in``: the rounding of each input inside the GPU. 0 for fp32/fp16/bf16 (used as stored);
     2^-10 for TF32, whose 10-bit mantissa gives u = 2^-11, doubled for truncation.
   - ``u_out``: rounding of the result to the output format: 2^-24 (fp32, tf32), 2^-11 (fp16),
     2^-8 (bf16).
   - the outer factor 2 covers the second-order terms dropped above and double rounding when an
     fp32 accumulator is converted to fp16/bf16.
   The fp16/bf16 tests run with fp32 accumulation (the cuBLAS compute type torch uses for half
   GEMMs; torch's reduced-precision split-K reductions are switched off during the test, so the
   bound above is rigorous). Any single corrupted element beyond the rounding level - a flipped
   exponent or high mantissa bit - fails this check.

2. **Relative Frobenius error, statistical** ``||C - R||_F / ||R||_F <= 4 (u_out + sqrt(2) u_in)
   + K u_acc``. For i.i.d. mean-zero inputs: rounding each output contributes about u_out/sqrt(3)
   relative, rounding both inputs of each product about sqrt(2) u_in; round-to-nearest
   accumulation contributes ~ sqrt(K/2) u (random-walk growth), truncating accumulation ~ K u/3
   (systematic). The bound leaves a factor >= 3 on each, and catches a diffuse error (a wrong
   kernel, a wrong precision) that criterion 1 - loose for long K - could miss.

For K = 512 this gives: fp32 6.1e-5, tf32 5.5e-3, fp16 2.0e-3, bf16 1.6e-2 (Frobenius); a
wrong result is O(1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

U_ACC_FP32 = 2.0**-23  # fp32 accumulation, doubled for truncating tensor-core accumulators

_U_IN = {"fp32": 0.0, "tf32": 2.0**-10, "fp16": 0.0, "bf16": 0.0}
_U_OUT = {"fp32": 2.0**-24, "tf32": 2.0**-24, "fp16": 2.0**-11, "bf16": 2.0**-8}
# Smallest normal number of each output format: results below it may be flushed to zero.
_TINY = {"fp32": 2.0**-126, "tf32": 2.0**-126, "fp16": 2.0**-14, "bf16": 2.0**-126}

PRECISIONS = ("fp32", "tf32", "fp16", "bf16")


@dataclass(frozen=True)
class GemmTolerance:
    precision: str
    k: int
    elem_coeff: float  # times (|A| @ |B|)
    out_coeff: float  # times |R|
    tiny: float  # absolute slack
    frobenius: float  # relative Frobenius bound

    def describe(self) -> str:
        return (
            f"|C-R| <= {self.elem_coeff:.3g}*(|A||B|) + {self.out_coeff:.3g}*|R|; "
            f"||C-R||_F/||R||_F <= {self.frobenius:.3g} (K={self.k})"
        )


def gemm_tolerance(precision: str, k: int) -> GemmTolerance:
    if precision not in _U_IN:
        raise ValueError(f"unknown precision {precision!r}")
    u_in, u_out = _U_IN[precision], _U_OUT[precision]
    n = k + 1
    gamma = n * U_ACC_FP32 / (1.0 - n * U_ACC_FP32)
    return GemmTolerance(
        precision=precision,
        k=k,
        elem_coeff=2.0 * (2.0 * u_in + gamma),
        out_coeff=2.0 * u_out,
        tiny=_TINY[precision],
        frobenius=4.0 * (u_out + math.sqrt(2.0) * u_in) + k * U_ACC_FP32,
    )


def judge_gemm(c: object, r: object, abs_ab: object, tol: GemmTolerance) -> dict:
    """Compare a device result with the reference. ``c``, ``r`` and ``abs_ab`` (= |A| @ |B|) are
    float64 arrays of one library (torch tensors or numpy arrays: only operators are used)."""
    diff = abs(c - r)  # type: ignore[operator]
    bound = abs_ab * tol.elem_coeff + abs(r) * tol.out_coeff + tol.tiny  # type: ignore[operator]
    excess = diff / bound  # type: ignore[operator]
    worst = int(excess.argmax())  # type: ignore[attr-defined]
    worst_ratio = float(excess.reshape(-1)[worst])  # type: ignore[attr-defined]
    over = int((excess > 1.0).sum())  # type: ignore[operator]
    nan = int((c != c).sum())  # type: ignore[operator]
    ref_norm = float(((r * r).sum()) ** 0.5)  # type: ignore[operator]
    err_norm = float(((diff * diff).sum()) ** 0.5)  # type: ignore[operator]
    rel = err_norm / ref_norm if ref_norm > 0 else err_norm
    if rel != rel:  # NaN in the result
        rel = math.inf
    passed = over == 0 and nan == 0 and rel <= tol.frobenius
    return {
        "passed": passed,
        "rel_frobenius": rel,
        "elements_over_bound": over + nan,
        "worst_element_index": worst,
        "worst_error_over_bound": worst_ratio,
        "tolerance": tol.describe(),
        "frobenius_tolerance": tol.frobenius,
    }
