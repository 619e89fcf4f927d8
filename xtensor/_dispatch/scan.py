"""Cumulative sums and products (scans) along one axis, for `_statistical.py`.

A scan's output has the input's shape, so it is not a reduction: this module checks the
arguments, allocates the output (with the record's identity in front for `include_initial`)
and hands the backend the array module's loop named by the record (`spec.loop`, e.g.
`cumsum`); the CPU backend splits large scans along the largest other dim.
"""

from __future__ import annotations

import numpy as np

from .._array import Array, wrap
from .._backends import backend_of, cpu_threads
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axis
from .._ops.reductions import ReductionSpec
from .compiled import compiled
from .reduction import requested_dtype, xp_of

# Small scans seen before: (loop, dtype, ndim, axis, dtype argument) -> (the loop's ufunc
# accumulate, axis, out dtype or None where it is the accumulate's own).
_SMALL: dict = {}
_ACCUMULATE = {"cumsum": np.add.accumulate, "cumprod": np.multiply.accumulate}


def cumulative(spec: ReductionSpec, data, axis, dtype, include_initial, func: str) -> Array:
    """Scan `spec` over backing array `data`, for public function `func` (cumulative_sum or
    NumPy's cumsum); see cumulative_sum's docstring.

    A small C-contiguous (or 1-d) CPU scan whose arguments were checked before replays the one NumPy
    call the backend made then (`ndarray.cumsum(axis, dtype)`, which is `np.add.accumulate`
    with NumPy's method wrapper: the same loop into the same C-order output), without the
    checks and the allocation steps (~2 us of a 3 us call)."""
    if dtype is not None and type(dtype) is not _dtypes.DType:
        dtype = _dtypes.as_dtype(dtype, func)  # `dtype=float`, np.float32: one key, one plan
    small = (
        include_initial is False
        and type(data) is np.ndarray
        and data.size < cpu_threads.SCAN_MIN  # the backend's one NumPy call (read now)
        and (data.flags.c_contiguous or data.ndim == 1)  # (1-d: a contiguous result either way)
    )
    if small:
        key = (spec.loop, data.dtype, data.ndim, axis, dtype)
        plan = _SMALL.get(key)
        if plan is not None:
            return wrap(plan[0](data, *plan[1:]))
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
    if small and len(_SMALL) < 256:  # keys hold dtypes and axes only: a few in practice
        # the accumulate's own result dtype goes unnamed: naming it costs ~80 ns a call
        accumulate = _ACCUMULATE[spec.loop]
        natural = accumulate(np.empty(0, data.dtype)).dtype
        _SMALL[key] = (accumulate, axis, None if natural == out_dtype.numpy else out_dtype.numpy)
    return wrap(out)


def compiled_scan(function, loop: str, flat: bool):
    """The C twin of scan `function` (`cumulative_sum`, `cumsum`, `Array.cumsum`... of loop
    "cumsum" or "cumprod"): a lone small C-contiguous (or 1-d) CPU argument replays its plan in
    `_SMALL`, under the backend's SCAN_MIN as it stands at the call. `flat`: NumPy's forms,
    whose axis None means the flattened array (the twin takes 1-d arrays of those)."""
    extra = (loop, 0 if flat else None, cpu_threads, "SCAN_MIN")
    if flat:  # `cumsum(x, axis)`: the twins' first branch, `accumulate(data, axis)`
        extra += (np.add.accumulate if loop == "cumsum" else np.multiply.accumulate,)
    return compiled("scan", function, _SMALL, extra=extra)
