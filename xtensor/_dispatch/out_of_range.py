"""Elementwise calls with a Python int outside the array's integer dtype, answered as NumPy
answers them: comparisons by one constant, the logical ops by the int's truth.

Note [Comparisons with out-of-range integers]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
NumPy 2 (NEP 50) answers `int8_array == 1000` and `int64_array < 2**70` exactly instead of
raising OverflowError, as it does for arithmetic. Every value of the array's dtype lies on one
side of such a scalar, so the answer is one constant: the dtype's minimum compared with it.
The logical ops are no comparisons: `logical_and(uint8_array, -1)` is the array's truth, the
int being nonzero (`truth_read`).
"""

from __future__ import annotations

import numpy as np

from .._array import wrap
from .._core.checks import SCALARS
from .._core.dtypes import Promotion
from .._iter import broadcast_shapes
from .._ops.spec import OpSpec

__all__ = ["answer", "comparison", "truth_read"]


def comparison(spec: OpSpec, data):
    """The constant answer of a comparison with an out-of-range Python int, or None."""
    if spec.promotion is not Promotion.ALWAYS_BOOL or spec.nin != 2:
        return None
    for i, d in enumerate(data):
        other = data[1 - i]
        if type(d) is not int or type(other) in SCALARS or other.dtype.kind not in "iu":
            continue
        info = np.iinfo(other.dtype)
        if not info.min <= d <= info.max:
            pair = (d, int(info.min)) if i == 0 else (int(info.min), d)
            return bool(spec.ufunc(*pair))
    return None


def truth_read(spec: OpSpec, data):
    """`data`, an out-of-range Python int beside an integer array read as its truth (True) by
    the logical ops, as NumPy's do: `logical_and(uint8_array, -1)` is the array's truth, not
    a comparison's constant."""
    if not spec.name.startswith("logical_") or spec.nin != 2:
        return data
    for i, d in enumerate(data):
        other = data[1 - i]
        if type(d) is int and type(other) not in SCALARS and other.dtype.kind in "iu":
            info = np.iinfo(other.dtype)
            if not info.min <= d <= info.max:
                return (True, other) if i == 0 else (other, True)
    return data


def answer(func, data, constant, out, out_data, backend):
    shape = broadcast_shapes(tuple(d.shape for d in data if type(d) not in SCALARS), func)
    if out is not None:
        if broadcast_shapes((out_data.shape, shape), func) != out_data.shape:
            raise ValueError(
                f"{func}: output of shape {out_data.shape} cannot hold the result of shape {shape}"
            )
        out_data[...] = constant
        return out
    result = backend.xp.full(shape, constant, dtype=np.bool_)
    return wrap(result)
