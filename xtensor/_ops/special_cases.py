"""Special-case fix-ups: where the standard's special cases differ from NumPy's loops.

Each function runs after the NumPy loop on the same chunk, as `fixup(inputs, outputs)`, and
patches only the elements a clause covers. The CUDA computation strings implement the same
clauses directly, and `tests/test_special_cases.py` checks both against the clauses.
"""

from __future__ import annotations

import numpy as np


def _floating(a) -> bool:
    return np.asarray(a).dtype.kind in "fc"


def floor_divide(inputs, outputs):
    """Spec floor_divide: an infinite x1 over a finite nonzero x2 gives a signed infinity
    (NumPy gives NaN), and a finite x1 over an infinite x2 gives a signed zero (NumPy gives
    -1 for negative x1 over +inf), i.e. floor(x1 / x2) taken literally."""
    x1, x2 = (np.asarray(a) for a in inputs)
    out = outputs[0]
    if out.dtype.kind != "f":
        return
    inf1, inf2 = np.isinf(x1), np.isinf(x2)
    if not (inf1.any() or inf2.any()):
        return
    sign = np.sign(x1) * np.sign(x2)
    np.copyto(out, sign * np.inf, where=inf1 & np.isfinite(x2) & (x2 != 0), casting="unsafe")
    np.copyto(out, np.copysign(0.0, x1) * np.sign(x2), where=np.isfinite(x1) & inf2,
              casting="unsafe")


def _nonfinite_mask(x):
    return ~np.isfinite(x)


def expm1(inputs, outputs):
    """Spec expm1 for complex x = a + bj with a or b non-finite: follows exp(x) - 1 with the
    limits the standard lists (e.g. -inf + bj gives -1 + 0j; +inf + 0j gives inf + 0j)."""
    (x,), out = (np.asarray(a) for a in inputs), outputs[0]
    if out.dtype.kind != "c":
        return
    bad = _nonfinite_mask(x)
    if not bad.any():
        return
    xb = np.broadcast_to(x, out.shape)[np.broadcast_to(bad, out.shape)]
    out[np.broadcast_to(bad, out.shape)] = [_expm1_special(complex(v)) for v in xb]


def _expm1_special(z: complex) -> complex:
    a, b = z.real, z.imag
    nan, inf = float("nan"), float("inf")
    if np.isnan(a):
        return complex(nan, b) if b == 0 else complex(nan, nan)
    if np.isinf(a) and a < 0:
        if np.isfinite(b):
            return complex(-1.0 + 0.0 * np.cos(b), 0.0 * np.sin(b))
        return complex(-1.0, 0.0)
    if np.isinf(a):
        if b == 0:
            return complex(inf, b)
        if np.isfinite(b):
            return complex(inf * np.cos(b), inf * np.sin(b))
        return complex(inf, nan)
    return complex(nan, nan)  # finite a, infinite or NaN b


def tanh(inputs, outputs):
    """Spec tanh for complex x = a + bj with a = ±0 and b infinite or NaN: ±0 + NaN j
    (C libraries before C99 Annex G give NaN + NaN j)."""
    (x,), out = (np.asarray(a) for a in inputs), outputs[0]
    if out.dtype.kind != "c":
        return
    hit = (x.real == 0) & ~np.isfinite(x.imag)
    if hit.any():
        np.copyto(out, np.copysign(0.0, x.real) + 1j * np.nan, where=hit, casting="unsafe")
        np.copyto(out.real, np.copysign(0.0, x.real), where=hit, casting="unsafe")


def sign(inputs, outputs):
    """Spec sign for complex x: NaN in either part gives NaN + NaN j, and ±0 ± 0j gives 0 + 0j;
    other values are x / |x| as NumPy computes them."""
    (x,), out = (np.asarray(a) for a in inputs), outputs[0]
    if out.dtype.kind != "c":
        return
    nan = np.isnan(x.real) | np.isnan(x.imag)
    np.copyto(out, complex(np.nan, np.nan), where=nan, casting="unsafe")
    np.copyto(out, 0, where=(x == 0), casting="unsafe")
