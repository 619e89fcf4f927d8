"""Shared machinery of the reduction functions (statistical, searching and utility chapters).

Owns what every reduction front needs: turning the input into backing data, normalising
`axis`, the standard's accumulation dtypes, and running a reduction through the iterator's
reduction mode (`_iter.reduce.run_reduction`). The op-specific callables live with the public
functions in `_statistical.py` and `_utility.py`.
"""

from __future__ import annotations

import operator

import numpy as np
from numpy.exceptions import AxisError

from . import _dtypes
from ._array import Array, wrap
from ._device import array_module, device_of
from ._iter import REDUCTION, build
from ._iter.parallel import GRAIN_SIZE
from ._iter.reduce import run_reduction

# The output is always freshly allocated here, so no overlap check is needed.
_FLAGS = REDUCTION.with_(check_mem_overlap=False)


def data_of(x, func: str):
    """The backing array of `x`: an Array's buffer, or `asarray(x)` for NumPy-style inputs."""
    if isinstance(x, Array):
        return x._data
    from ._creation import asarray

    try:
        return asarray(x)._data
    except (TypeError, ValueError) as e:
        raise TypeError(f"{func}: x must be an array; got {type(x).__name__} ({e})") from None


def is_int(value) -> bool:
    """True for Python/NumPy integers (anything with __index__), bools included."""
    try:
        operator.index(value)
    except TypeError:
        return False
    return True


def normalize_axis(axis, ndim: int, func: str) -> int:
    """One axis as a non-negative int; AxisError (a ValueError and IndexError) when out of range."""
    if isinstance(axis, (bool, np.bool_)) or not is_int(axis):
        raise TypeError(f"{func}: axis must be an int, a tuple of ints or None; got "
                        f"{type(axis).__name__}")
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise AxisError(f"{func}: axis {axis} is out of range for an array of {ndim} "
                        f"dimension{'s' if ndim != 1 else ''}")
    return axis % ndim


def normalize_axes(axis, ndim: int, func: str) -> tuple:
    """`axis` (None, an int or a tuple of ints) as a sorted tuple of distinct dims."""
    if axis is None:
        return tuple(range(ndim))
    items = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = [normalize_axis(a, ndim, func) for a in items]
    if len(set(axes)) != len(axes):
        repeated = next(a for a in axes if axes.count(a) > 1)
        raise ValueError(f"{func}: axis {repeated} is repeated in axis={axis!r}")
    return tuple(sorted(axes))


def accumulation_dtype(dtype: _dtypes.DType) -> _dtypes.DType:
    """The standard's sum/prod dtype: small signed ints (and bool) -> int64, unsigned -> uint64."""
    if dtype.kind in "bi":
        return _dtypes.DEFAULT_INT
    if dtype.kind == "u":
        return _dtypes.uint64
    return dtype


def requested_dtype(dtype, default: _dtypes.DType, func: str) -> _dtypes.DType:
    return default if dtype is None else _dtypes.as_dtype(dtype, func)


def keepdims_shape(shape: tuple, axes: tuple) -> tuple:
    return tuple(1 if d in axes else n for d, n in enumerate(shape))


def check_keepdims(keepdims, func: str) -> None:
    if not isinstance(keepdims, (bool, np.bool_)):
        raise TypeError(f"{func}: keepdims must be a bool; got {type(keepdims).__name__}")


def check_nonempty(data, axes: tuple, func: str, what: str) -> None:
    """No identity (max, min, argmax, argmin): raise if an empty reduction must give values."""
    if data.size == 0 and all(n for d, n in enumerate(data.shape) if d not in axes):
        empty = next(d for d, n in enumerate(data.shape) if n == 0)
        raise ValueError(f"{func}: cannot take the {what} of an empty array (axis {empty} has "
                         f"size 0 and {func} has no identity)")


def on_device(data) -> bool:
    """Whether backing array `data` lives on a CUDA device (tests of the device path patch
    this to run the device path on host memory through the kernel simulator)."""
    return type(data) is not np.ndarray


def reduce(data, axes: tuple, keepdims: bool, out_dtype: _dtypes.DType, func: str,
           reducer, combine=None, partial=None, *, kind: str | None = None,
           ddof: float = 0.0) -> Array:
    """Run one reduction through the iterator and wrap the result (see _iter/reduce.py).

    `kind` names the reduction for the device's generated kernels (`sum`, `argmax`, `var`,
    `count_nonzero`... see `_cuda_backend.run_reduction`); `ddof` is var/std's correction.
    On the CPU, and for kinds the device kernels lack, the callables do the work.
    """
    xp = xp_of(data)
    out = xp.empty(keepdims_shape(data.shape, axes), out_dtype.numpy)
    if on_device(data) and _device_kernels().supports_reduction(kind, data.dtype):
        _device_kernels().run_reduction(data, out, kind, func, ddof)
    else:
        _host_reduce(data, axes, out, func, reducer, combine, partial)
    if not keepdims:
        out = out.reshape(tuple(n for d, n in enumerate(data.shape) if d not in axes))
    return wrap(out)


def _device_kernels():
    from . import _cuda_backend  # imported on first device use: it loads the JIT

    return _cuda_backend


def _host_reduce(data, axes: tuple, out, func: str, reducer, combine, partial) -> None:
    with np.errstate(all="ignore"):  # NaN/inf results are the answer, not a warning
        if data.size < 2 * GRAIN_SIZE:
            # One chunk either way: skip the plan lookup, as elementwise ops do for small
            # calls (Note [Small-call fast path] in _dispatch.py).
            reducer(data, tuple(a for a in axes if data.shape[a] != 1), out)
        else:
            run_reduction(build(_FLAGS, (out,), (data,), func), reducer, combine,
                          partial=partial)


# --- reducer factories shared by several functions ------------------------------------------

def xp_of(data):
    """The array module (numpy or cupy) that owns backing array `data`."""
    return np if type(data) is np.ndarray else array_module(device_of(data))


def stacked(xp, states):
    return xp.stack(states) if len(states) > 1 else states[0][None]


def monoid(fn, dtype=None):
    """(reduce, combine) for an associative reduction such as `xp.sum`, `xp.max` or `xp.all`.

    `fn(view, axis=, out=, keepdims=True[, dtype=])` must be the xp function itself, so that
    it runs on NumPy and CuPy views alike.
    """
    extra = {} if dtype is None else {"dtype": dtype}

    def reducer(view, axes, out):
        return fn(view, axis=axes, out=out, keepdims=True, **extra)

    def combine(states, out):
        fn(stacked(xp_of(out), states), axis=0, out=out, **extra)

    return reducer, combine


__all__ = ["data_of", "is_int", "xp_of", "normalize_axis", "normalize_axes", "accumulation_dtype", "reduce",
           "on_device", "monoid", "check_nonempty", "check_keepdims", "requested_dtype", "AxisError"]
