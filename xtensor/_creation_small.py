"""The first branches of `linspace`, `meshgrid` and `full_like` for small CPU calls with
default options, and the triangular mask of `tri`, `tril` and `triu`: NumPy's own steps, made
here without NumPy's Python frames (`np.linspace` costs ten times the three passes it makes
over a small result, `np.meshgrid` goes through `broadcast_arrays`, and `np.tril` through
`np.tri`). Each returns what `_creation`'s full path returns, bit for bit, or None where that
path must decide (see Note [Small creation calls] in `_dispatch/creation.py` for the
shape-taking functions' counterpart).
"""

from __future__ import annotations

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core.convert import undispatched
from ._dispatch.creation import DEFAULT_FLOAT, FILL_DTYPES, INT_RANGE

# the functions below hand them exact ndarrays
_NP_COPYTO, _NP_EMPTY_LIKE = undispatched(np.copyto), undispatched(np.empty_like)
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


def small_full_like(d: np.ndarray, value) -> Array | None:
    """`full_like(x, value)` of CPU data `d` and a Python scalar: NumPy's full in `_like`'s
    layout (Fortran order only for data F- and not C-contiguous). None for a dtype not made of
    numbers, a complex value for a real dtype (`_fill_value` refuses it), and an int that
    NumPy refuses for d's dtype: `_fill_value` words that."""
    kind = d.dtype.kind
    if kind not in "biufc" or kind != "c" and type(value) is complex:
        return None
    out = _NP_EMPTY_LIKE(d, None, "A")  # `_like`'s layout: F only for F- and not C-order data
    try:
        if FILL_DTYPES[type(value)] is d.dtype:  # the value's own dtype: no cast, fill is copyto
            out.fill(value)
        else:
            _NP_COPYTO(out, value, casting="unsafe")
    except OverflowError:
        return None
    return made_as_array(wrap(out))  # 0-d: NumPy's ndarray (Note [0-d arrays print as scalars])


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


_GREATER_EQUAL = np.greater_equal.outer
SMALL_K = range(-(2**31), 2**31)  # the diagonals `tri_mask` takes: NumPy refuses k past int64


def tri_mask(rows: int, cols: int, k: int) -> np.ndarray:
    """NumPy's `tri(rows, cols, k, dtype=bool)`: True at and below diagonal k, from the same
    comparison, of the narrowest ints that hold the values (a 316 x 316 mask of int16s takes
    a third of the time int64s take)."""
    low, high = min(0, -k), max(rows, cols - k)
    for t, least, most in _NARROW_INTS:  # (int64 holds them all)
        if least <= low and high <= most:
            ints = t
            break
    return _GREATER_EQUAL(np.arange(rows, dtype=ints), np.arange(-k, cols - k, dtype=ints))


# (dtype, least, largest value), narrowest first; int64 holds any diagonal SMALL_K allows
_NARROW_INTS = tuple(
    (np.dtype(t), int(np.iinfo(t).min), int(np.iinfo(t).max))
    for t in (np.int8, np.int16, np.int32, np.int64)
)
