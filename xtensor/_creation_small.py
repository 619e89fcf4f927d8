"""The first branches of `linspace` and `meshgrid` for small CPU calls with default options:
NumPy's own steps, made here without NumPy's Python frames (`np.linspace` costs ten times
the three passes it makes over a small result, and `np.meshgrid` goes through
`broadcast_arrays`). Each returns what `_creation`'s full path returns, bit for bit, or
None where that path must decide (see Note [Small creation calls] in
`_dispatch/creation.py` for the shape-taking functions' counterpart).
"""

from __future__ import annotations

import numpy as np

from ._array import Array, wrap
from ._core.convert import undispatched
from ._dispatch.creation import DEFAULT_FLOAT, INT_RANGE

_NP_COPYTO = undispatched(np.copyto)  # `small_meshgrid` hands it exact ndarrays
# The normal float64 steps: an infinite, zero or subnormal step takes the full path, where
# NumPy's floating-point warnings and its branch for a step that underflows (gh-5437) apply.
_SMALLEST_STEP, _LARGEST_STEP = np.finfo(np.float64).tiny, np.finfo(np.float64).max


def _python_real(value) -> bool:
    """Whether `value` is a Python float, or a Python int that NumPy reads as int64."""
    return type(value) is float or (type(value) is int and value in INT_RANGE)


def small_linspace(start, stop, num) -> Array | None:
    """`linspace(start, stop, num)` with endpoint, of Python int or float ends and num >= 2:
    NumPy's steps for them (float64, the standard's dtype), or None."""
    if type(num) is not int or num < 2 or not (_python_real(start) and _python_real(stop)):
        return None
    lo, hi = float(start), float(stop)  # as NumPy casts its int64 or float64 ends
    step = (hi - lo) / (num - 1)
    if not _SMALLEST_STEP <= abs(step) <= _LARGEST_STEP:
        return None
    # NumPy's result is a view of its arange (reshaped to broadcast against the ends), so its
    # `base` is that arange; the same view here keeps `x.base` and `x.flags` as they were.
    y = np.arange(0, num, dtype=DEFAULT_FLOAT).reshape(-1)
    y *= step
    y += lo
    y[-1] = hi
    return wrap(y)


def small_meshgrid(datas: list, indexing: str) -> tuple[Array, ...]:
    """`meshgrid(*datas, indexing=indexing)` (copy, not sparse) of CPU arrays of one dtype:
    each grid a fresh C-order array holding one flattened input broadcast along the other
    axes, as NumPy's copy of its broadcast view is."""
    count = len(datas)
    axes = list(range(count))
    if indexing == "xy" and count > 1:
        axes[0], axes[1] = 1, 0  # the first two axes swap places
    shape = [0] * count
    for d, axis in zip(datas, axes):
        shape[axis] = d.size
    grids = []
    for d, axis in zip(datas, axes):
        grid = np.empty(shape, d.dtype)
        _NP_COPYTO(grid, d.reshape((1,) * axis + (-1,) + (1,) * (count - axis - 1)))
        grids.append(wrap(grid))
    return tuple(grids)
