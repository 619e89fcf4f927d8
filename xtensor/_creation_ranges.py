"""`linspace` (Array API chapter "Creation Functions"), kept apart from `_creation` for size
and re-exported there under its old name.

NumPy's signature and conventions, as `_creation`'s docstring describes; argument handling
lives in `_creation_args`, the first branch of the endpoint case in `_creation_small`, that of
the half-open case (endpoint=False, also `logspace`'s) here.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ._array import Array, wrap
from ._core.checks import prefixed
from ._core.convert import SCALAR_DEFAULTS
from ._creation_args import (
    _checked,
    _int,
    _linspace_dtype,
    _np_dtype,
    _on_device,
    _range_ends,
    _target,
)
from ._creation_small import numeric_dtype, small_linspace
from ._dispatch.creation import DEFAULT_FLOAT, INT_RANGE
from ._manipulation_operands import SEQUENCES, listed
from ._typing import ArrayLike, DeviceLike, DTypeLike

# The normal float64 steps, as `small_linspace`'s: any other takes the checked path, where
# NumPy's warnings and its branch for a step that underflows (gh-5437) apply.
_SMALLEST_STEP, _LARGEST_STEP = np.finfo(np.float64).tiny, np.finfo(np.float64).max
_ARANGE, _LINSPACE, _NDARRAY, _new = np.arange, np.linspace, np.ndarray, object.__new__
_FLOOR = np.floor


def half_open_linspace(start, stop, num) -> Array | None:
    """`linspace(start, stop, num, endpoint=False)` of Python int or float ends and num >= 1:
    NumPy's steps for them (its `div` is num: no last sample is set), or None."""
    if type(num) is not int or num < 1:
        return None
    if type(start) is not float and (type(start) is not int or start not in INT_RANGE):
        return None
    if type(stop) is not float and (type(stop) is not int or stop not in INT_RANGE):
        return None
    lo = float(start)  # as NumPy casts its int64 or float64 ends
    step = (float(stop) - lo) / num
    if not _SMALLEST_STEP <= abs(step) <= _LARGEST_STEP:
        return None
    try:
        y = _ARANGE(0, num, dtype=DEFAULT_FLOAT).reshape(-1)  # a view, as NumPy's (`base`)
    except ValueError:  # too many samples: the checked path words NumPy's refusal
        return None
    y *= step
    y += lo
    r = _new(Array)  # wrapped as `wrap` does, inlined
    r._data = y
    return r


def _small_linspace(start, stop, num, endpoint, dtype) -> Array | None:
    """The first branches' samples of Python-number ends, in `dtype` as NumPy's linspace
    gives them (computed in float64, floored for an integer dtype, then cast), or None."""
    np_dtype = None if dtype is None else numeric_dtype(dtype)
    if np_dtype is None and dtype is not None:
        return None
    if endpoint is True:
        r = small_linspace(start, stop, num)
    else:
        r = half_open_linspace(start, stop, num) if endpoint is False else None
    if r is not None and np_dtype is not None:
        if np_dtype.kind in "iu":
            _FLOOR(r._data, out=r._data)
        r._data = r._data.astype(np_dtype, copy=False)
    return r


def _small_linspace_step(start, stop, num, endpoint) -> tuple | None:
    """`linspace(start, stop, num, endpoint, retstep=True)` of Python-number ends in int64's
    range, as NumPy computes it (the samples `_small_linspace`'s, the step (stop - start) /
    intervals in float64; Python's nan where there is no interval), or None."""
    if type(start) not in _ENDS or type(stop) not in _ENDS or type(num) is not int:
        return None
    if not (_INT64_MIN <= start < _INT64_END and _INT64_MIN <= stop < _INT64_END):
        return None  # (a NaN end too: the checked path's)
    if (samples := _small_linspace(start, stop, num, endpoint, None)) is None:
        return None
    intervals = num - 1 if endpoint else num
    if intervals <= 0:
        return samples, math.nan
    return samples, wrap(np.asarray((float(stop) - float(start)) / intervals))


_ENDS = frozenset({int, float})
_INT64_MIN, _INT64_END = -(2**63), 2**63


def _array_linspace(start, stop, num: int, endpoint) -> Array | None:
    """`linspace` of array ends on the CPU (Arrays, or lists read as Note [List operands]
    says: Python numbers stay weak, the checked path's), as the checked path calls NumPy's;
    None where that call refuses them: the checked path words it."""
    if type(start) is not Array:
        if type(start) not in SEQUENCES or (start := listed(start)) is None:
            return None
    if type(stop) is not Array:
        if type(stop) not in SEQUENCES or (stop := listed(stop)) is None:
            return None
    if type(d1 := start._data) is not _NDARRAY or type(d2 := stop._data) is not _NDARRAY:
        return None
    try:
        out = _LINSPACE(d1, d2, num, endpoint)
    except (TypeError, ValueError):
        return None
    if out.dtype.kind not in "fc":  # standard ends give float or complex samples
        return _checked(out, "linspace")
    r = _new(Array)  # wrapped as `wrap` does, inlined
    r._data = out
    return r


def linspace(
    start: complex | ArrayLike,
    stop: complex | ArrayLike,
    num: int = 50,
    endpoint: bool = True,
    retstep: bool = False,
    dtype: DTypeLike | None = None,
    axis: int = 0,
    *,
    device: DeviceLike | None = None,
) -> Any:  # an Array; with retstep=True, (samples, step)
    """`num` evenly spaced values from `start` to `stop` (inclusive unless endpoint=False).

    NumPy's signature: `start=` and `stop=` by keyword; `num` defaults to 50; array-like
    `start` and `stop` give one range per element, laid along `axis`, in the dtype NumPy
    picks for them (Python scalars give float64 or complex128); `retstep=True` also returns
    the spacing, as a 0-d Array (or one per range)."""
    if device is None and retstep is False and axis == 0:
        if (r := _small_linspace(start, stop, num, endpoint, dtype)) is not None:
            return r
        if dtype is None and type(num) is int and num >= 0:
            if (r := _array_linspace(start, stop, num, endpoint)) is not None:
                return r
    elif device is None and retstep is True and axis == 0 and dtype is None:
        if (r := _small_linspace_step(start, stop, num, endpoint)) is not None:
            return r
    num = _int(num, "num", "linspace")
    if num < 0:
        raise ValueError(f"linspace: num must be non-negative; got {num}")
    if type(start) in SCALAR_DEFAULTS and type(stop) in SCALAR_DEFAULTS:
        xp, dev = _target(device, "linspace")
        np_dtype = _linspace_dtype(start, stop, dtype)
    else:
        xp, dev, start, stop = _range_ends(start, stop, device, "linspace")
        np_dtype = _np_dtype(dtype, "linspace")
    options = {"endpoint": endpoint, "retstep": retstep, "dtype": np_dtype, "axis": axis}
    try:
        out = _on_device(xp, dev, xp.linspace, start, stop, num, **options)
    except (TypeError, ValueError) as e:  # NumPy's AxisError for `axis`, kept a ValueError
        raise prefixed(e, "linspace") from None
    if retstep:  # (NumPy's step of no interval is Python's nan)
        step = out[1] if type(out[1]) is float else wrap(xp.asarray(out[1]))
        return _checked(out[0], "linspace"), step
    return _checked(out, "linspace")
