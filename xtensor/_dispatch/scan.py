"""Cumulative sums and products (scans) along one axis, for `_statistical.py`.

A scan's output has the input's shape, so it is not a reduction: large scans split along the
largest other dim, each chunk scanning its own slab with the array module's loop.
"""

from __future__ import annotations

from .._core import dtypes as _dtypes
from .._array import Array, wrap
from .._core.axes import normalize_axis
from .._iter import parallel
from .reduction import accumulation_dtype, requested_dtype, xp_of

_IDENTITY = {"cumulative_sum": 0, "cumsum": 0, "cumulative_prod": 1, "cumprod": 1}
_LOOP = {"cumulative_sum": "cumsum", "cumsum": "cumsum", "cumulative_prod": "cumprod",
         "cumprod": "cumprod"}


def cumulative(data, axis, dtype, include_initial, func: str) -> Array:
    """The scan named by `func` over backing array `data`; see cumulative_sum's docstring."""
    if data.ndim == 0:
        raise ValueError(f"{func}: x must have at least one dimension; got a 0-dimensional "
                         "array")
    if axis is None:
        if data.ndim > 1:
            raise ValueError(f"{func}: axis is required for an array of {data.ndim} "
                             "dimensions")
        axis = 0
    axis = normalize_axis(axis, data.ndim, func)
    if not isinstance(include_initial, bool):
        raise TypeError(f"{func}: include_initial must be a bool; got "
                        f"{type(include_initial).__name__}")
    out_dtype = requested_dtype(dtype, accumulation_dtype(_dtypes.from_numpy(data.dtype)), func)
    xp = xp_of(data)
    shape = list(data.shape)
    shape[axis] += int(include_initial)
    out = xp.empty(tuple(shape), out_dtype.numpy)
    lead = (slice(None),) * axis
    if include_initial:
        out[lead + (slice(0, 1),)] = _IDENTITY[func]
    body = out[lead + (slice(1, None),)] if include_initial else out
    _scan(getattr(xp, _LOOP[func]), data, body, axis, out_dtype.numpy)
    return wrap(out)


def _scan(loop, data, out, axis: int, dtype) -> None:
    others = [d for d in range(data.ndim) if d != axis]
    if type(data).__module__ != "numpy" or not others or data.size < 2 * parallel.GRAIN_SIZE:
        loop(data, axis=axis, dtype=dtype, out=out)
        return
    dim = max(others, key=lambda d: data.shape[d])
    bounds = parallel.chunk_bounds(data.shape[dim], 1,
                                   min(parallel.get_num_threads(),
                                       data.size // parallel.GRAIN_SIZE))

    def body(first, last):
        for begin, end in bounds[first:last]:
            index = tuple(slice(begin, end) if d == dim else slice(None)
                          for d in range(data.ndim))
            loop(data[index], axis=axis, dtype=dtype, out=out[index])

    parallel.parallel_for(len(bounds), body, grain_size=1)
