"""Cumulative sums and products (scans) along one axis, for `_statistical.py`.

A scan's output has the input's shape, so it is not a reduction: this module checks the
arguments, allocates the output (with the record's identity in front for `include_initial`)
and hands the backend the array module's loop named by the record (`spec.loop`, e.g.
`cumsum`); the CPU backend splits large scans along the largest other dim.
"""

from __future__ import annotations

from .._array import Array, wrap
from .._backends import backend_of
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axis
from .._ops.reductions import ReductionSpec
from .reduction import requested_dtype, xp_of


def cumulative(spec: ReductionSpec, data, axis, dtype, include_initial, func: str) -> Array:
    """Scan `spec` over backing array `data`, for public function `func` (cumulative_sum or
    NumPy's cumsum); see cumulative_sum's docstring."""
    if data.ndim == 0:
        raise ValueError(f"{func}: x must have at least one dimension; got a 0-dimensional array")
    if axis is None:
        if data.ndim > 1:
            raise ValueError(f"{func}: axis is required for an array of {data.ndim} dimensions")
        axis = 0
    axis = normalize_axis(axis, data.ndim, func)
    if not isinstance(include_initial, bool):
        raise TypeError(
            f"{func}: include_initial must be a bool; got {type(include_initial).__name__}"
        )
    out_dtype = requested_dtype(dtype, spec.result_dtype(_dtypes.from_numpy(data.dtype)), func)
    shape = list(data.shape)
    shape[axis] += int(include_initial)
    out = xp_of(data).empty(tuple(shape), out_dtype.numpy)
    lead = (slice(None),) * axis
    if include_initial:
        out[lead + (slice(0, 1),)] = spec.identity
    body = out[lead + (slice(1, None),)] if include_initial else out
    backend_of(data).scan(spec.loop, data, body, axis, out_dtype.numpy)
    return wrap(out)
