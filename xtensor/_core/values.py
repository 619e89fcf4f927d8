"""Which special values (NaN, infinities, zeros) an operand holds: the first test of the
special-case fix-ups (`_ops/special_cases.py`), which patch NumPy's answer only where such a
value is. On ten elements NumPy's `isinf(x).any()` costs about a microsecond, three times the
loop it guards; the compiled scan (`_cvalues.c`) costs nanoseconds, and NumPy answers for
what it does not scan (another dtype or layout, or no C compiler at install time).
"""

from __future__ import annotations

import math

import numpy as np

from .extensions import optional

_C = optional("xtensor._core._cvalues")  # None: NumPy's tests below give the same bits

NAN, POS_INF, NEG_INF, ZERO, NEG_ZERO = 1, 2, 4, 8, 16
INF = POS_INF | NEG_INF
ALL = NAN | INF | ZERO | NEG_ZERO


def classes(x, wanted: int = ALL) -> int:
    """The bit set of the special values among the elements of `x` (an array, or a Python
    scalar), both parts of complex ones: NAN, POS_INF, NEG_INF, ZERO (either sign), NEG_ZERO.
    With `wanted`, an array's scan may stop once it has found those classes: the answer holds
    each of them that `x` holds (and maybe others)."""
    t = type(x)
    if t is float:
        return _of_float(x)
    if t is int or t is bool:
        return ZERO if x == 0 else 0
    if t is complex:
        return _of_float(x.real) | _of_float(x.imag)
    found = None if _C is None else _C.classes(x, wanted)
    return _numpy_classes(np.asarray(x)) if found is None else found


def _of_float(v: float) -> int:
    if v != v:
        return NAN
    if math.isinf(v):
        return POS_INF if v > 0 else NEG_INF
    if v == 0:
        return ZERO | NEG_ZERO if math.copysign(1.0, v) < 0 else ZERO
    return 0


def _numpy_classes(a: np.ndarray) -> int:
    if a.dtype.kind == "c":
        return _numpy_classes(a.real) | _numpy_classes(a.imag)
    if a.dtype.kind != "f":
        return ZERO if a.size and not a.all() else 0
    found = NAN if np.isnan(a).any() else 0
    found |= POS_INF if (a == np.inf).any() else 0
    found |= NEG_INF if (a == -np.inf).any() else 0
    zeros = a == 0
    if zeros.any():
        found |= ZERO | (NEG_ZERO if np.signbit(a[zeros]).any() else 0)
    return found


def guarded(loop, fixup, trigger: int):
    """The compiled `loop(*data)` then `fixup(data, (result,))` that skips the fix-up when no
    operand holds a value of `trigger` (Note [Guarded fix-ups] in _cvalues.c); None without
    the extension."""
    return None if _C is None or not hasattr(_C, "guarded") else _C.guarded(loop, fixup, trigger)
