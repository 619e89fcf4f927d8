"""The first branches of `arange`, `full`, `linspace`, `meshgrid` and `full_like` for small
CPU calls with default options (and a dtype of xtensor's 14: `numeric_dtype`), and the
triangular mask of `tri`, `tril` and `triu`: NumPy's own steps, made here without NumPy's
Python frames (`np.linspace` costs ten times the three passes it makes over a small result,
`np.meshgrid` goes through `broadcast_arrays`, and `np.tril` through `np.tri`). Each returns
what `_creation`'s full path returns, bit for bit, or None where that path must decide (see
Note [Small creation calls] in `_dispatch/creation.py` for the shape-taking functions'
counterpart).
"""

from __future__ import annotations

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.convert import undispatched
from ._dispatch.creation import DEFAULT_FLOAT, FILL_DTYPES, INT_RANGE, cpu_dtype

# the functions below hand them exact ndarrays
_NP_COPYTO, _NP_EMPTY_LIKE = undispatched(np.copyto), undispatched(np.empty_like)
_NP_ARANGE, _NP_EMPTY, _REAL, _new = np.arange, np.empty, (int, float), object.__new__
# The kinds of dtype whose arrays `fill` fills with a Python scalar of each type as NumPy's
# full does, by `copyto` with unsafe casting (the same values, warnings and errors), in a third
# of its time; other pairs (a float into ints, an int into bools) are copyto's.
_FILL_KINDS = {bool: "biufc", int: "iufc", float: "fc", complex: "c"}
# The normal float64 steps: an infinite, zero or subnormal step takes the full path, where
# NumPy's floating-point warnings and its branch for a step that underflows (gh-5437) apply.
_SMALLEST_STEP, _LARGEST_STEP = np.finfo(np.float64).tiny, np.finfo(np.float64).max
_STANDARD = frozenset(d.numpy for d in _dtypes.ALL)
# `numeric_dtype`'s answers by spelling (not DTypes: their hash and `==` are Python code)
_NUMERIC: dict = {}
_DTYPE, _CACHED = _dtypes.DType, (str, type)


def numeric_dtype(dtype) -> np.dtype | None:
    """The NumPy dtype of creation argument `dtype` (not None) where it is one of xtensor's 14,
    whose arrays NumPy's own call makes as the full path does; else None: a refused spelling
    (the full path words it, naming the function) and the dtypes the full path treats apart
    (dates, strings, objects, records, long double)."""
    if type(dtype) is _DTYPE:
        return dtype.numpy if dtype.numpy in _STANDARD else None
    try:
        return _NUMERIC[dtype]
    except (KeyError, TypeError):  # TypeError: unhashable, as a list of fields is
        pass
    try:
        np_dtype = cpu_dtype(dtype, "dtype")
    except Exception:  # noqa: BLE001 - any refusal is the full path's to word
        return None
    if np_dtype not in _STANDARD:
        return None
    if type(dtype) in _CACHED or isinstance(dtype, np.dtype):  # (exact equality: `cpu_dtype`)
        _NUMERIC[dtype] = np_dtype
    return np_dtype


def small_arange(start, stop, step, dtype) -> Array | None:
    """`arange` of Python int or float bounds and a nonzero step (Note [Small creation calls]):
    NumPy's own call, whose dtype for such bounds is the standard's (int64 for ints, else
    float64), or of `numeric_dtype`'s; None for any other call, and where NumPy refuses (a
    zero step too): the full path words that."""
    lo, hi = (0, start) if stop is None else (start, stop)
    if type(lo) not in _REAL or type(hi) not in _REAL or type(step) not in _REAL or not step:
        return None
    np_dtype = None if dtype is None else numeric_dtype(dtype)
    if np_dtype is None and dtype is not None:
        return None
    try:
        data = _NP_ARANGE(lo, hi, step, np_dtype)
    except (TypeError, ValueError, OverflowError):
        return None
    x = _new(Array)  # wrap(), inlined: it costs a fifth of the call
    x._data = data
    return x


def small_full(shape, value, dtype, order="C") -> Array | None:
    """`full(shape, value, dtype, order)` of a Python scalar value (Note [Small creation calls]):
    NumPy's full, its Python frame skipped. None where the full path decides: an int past
    int64 with no dtype, a complex value for a real dtype (refused), a dtype `numeric_dtype`
    leaves, and a value NumPy refuses for the dtype (an int past its bounds: worded there)."""
    t = type(value)
    if t not in FILL_DTYPES:
        return None
    if dtype is None:
        if t is int and value not in INT_RANGE:
            return None
        np_dtype = FILL_DTYPES[t]
    elif (np_dtype := numeric_dtype(dtype)) is None or t is complex and np_dtype.kind != "c":
        return None
    try:
        out = _NP_EMPTY(shape, np_dtype, order)
        if np_dtype.kind in _FILL_KINDS[t]:
            out.fill(value)
        else:
            _NP_COPYTO(out, value, casting="unsafe")
    except (TypeError, ValueError, OverflowError):
        return None
    x = _new(Array)  # made_as_array(wrap(out)), inlined: they cost a fifth of the call
    x._data = out
    if not out.ndim:  # NumPy's 0-d ndarray (Note [0-d arrays print as scalars])
        x._as_ndarray = True
    return x


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


def small_full_like(d: np.ndarray, value, dtype) -> Array | None:
    """`full_like(x, value, dtype)` of CPU data `d` and a Python scalar: NumPy's full in
    `_like`'s layout (Fortran order only for data F- and not C-contiguous), of d's dtype or
    `numeric_dtype`'s. None for a dtype not made of numbers, a complex value for a real dtype
    (`_fill_value` refuses it), and an int that NumPy refuses for the dtype: `_fill_value`
    words that."""
    to = d.dtype if dtype is None else numeric_dtype(dtype)
    if to is None or to.kind not in "biufc" or to.kind != "c" and type(value) is complex:
        return None
    out = _NP_EMPTY_LIKE(d, to, "A")  # `_like`'s layout: F only for F- and not C-order data
    try:
        if to.kind in _FILL_KINDS[type(value)]:
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
