"""The helpers `xtensor.random`'s functions and its classes' methods share: NumPy's samplers
take host arguments, and their draws come back as Arrays; `choice`, `permutation` and
`shuffle` of an Array draw only indices and index the Array on its own device."""

from __future__ import annotations

import operator

import numpy as np
from numpy.exceptions import AxisError

from ._array import Array, _new, made_as_array
from ._core import dtypes as _dtypes
from ._creation import asarray
from ._dispatch import backend_of
from ._indexing import take
from ._manipulation import reshape
from ._numpy_helpers import named_errors as _named


def _host(value):
    """A NumPy value for NumPy's sampler: Arrays come to the host, a 0-d one as the NumPy
    scalar it stands for (a seed, a size: `default_rng(np.int64(3))`, `size=np.sum(mask)`),
    the rest passes through."""
    if not isinstance(value, Array):
        return value
    data = backend_of(value._data).to_host(value._data)
    return data[()] if data.ndim == 0 else data


def _out(value, device) -> Array:
    if type(value) is float or type(value) is int or type(value) is bool:
        return value if device is None else asarray(value, device=device)  # NumPy's number
    if device is None:  # NumPy's fresh native draws, which `asarray` would keep as they are
        result = _new(Array)
        if type(value) is np.ndarray:
            result._data = value
            return made_as_array(result)  # (0-d: `size=()`, NumPy's 0-d ndarray)
        result._data = np.asarray(value)  # NumPy's scalar: one draw, an element
        return result
    return asarray(np.asarray(value), device=device)


def _into(out, func: str):
    """What NumPy's sampler takes for `out=`: a CPU Array's own buffer, which it fills, or
    the caller's object as it is (NumPy checks it). The draw then answers `out` itself."""
    if not isinstance(out, Array):
        return out
    if type(out._data) is not np.ndarray:
        raise ValueError(f"{func}: out= must be an array on the CPU; got one on {out.device}")
    return out._data


def _np_dtype(dtype, func: str):
    return _dtypes.as_dtype(dtype, func).numpy


def _integer_dtype(dtype, func: str):
    """`dtype` for NumPy's integers and randint: Python's int and bool as they are, for which
    one draw is NumPy's Python number (`integers(2, dtype=bool)` is True, not np.True_)."""
    return dtype if dtype is int or dtype is bool else _np_dtype(dtype, func)


def _choice(source, func: str, a, size, replace, p, axis=None, **extra) -> Array:
    """Sample indices with `source.choice(n, ...)`, then index `a` (see the module docstring).

    Integers (and 0-d arrays of one) sample from `range(a)`, as in NumPy.
    """
    if axis is None and p is None and not extra and type(a) is Array:  # the commonest call
        d = a._data
        if type(d) is np.ndarray and d.ndim == 1:
            try:  # (a `with` around the draw costs a tenth of the call)
                idx = source.choice(d.shape[0], size, replace)
            except Exception:
                with _named(func):
                    raise
            return _out(d[idx], None) if type(idx) is np.ndarray else a[int(idx)]
    legacy = axis is None
    axis = 0 if axis is None else axis
    p = _host(p)
    arr = a if isinstance(a, Array) else None
    if arr is None and not isinstance(a, (int, np.integer)):
        arr = asarray(a)
    if arr is None or arr.ndim == 0:
        with _named(func):
            return _out(source.choice(_host(a), size, replace, p, **extra), None)
    if legacy and arr.ndim != 1:
        raise ValueError(f"{func}: a must be 1-dimensional; got shape {arr.shape}")
    axis = _axis(axis, arr.ndim, func)
    with _named(func):
        idx = source.choice(arr.shape[axis], size, replace, p, **extra)
    if np.ndim(idx) == 0:
        return arr[(slice(None),) * axis + (int(idx),)]
    if axis == 0 and type(d := arr._data) is np.ndarray:
        return _out(d[idx], None)  # NumPy's own gather (`a[idx]`, as its choice takes them)
    picked = take(arr, asarray(idx.reshape(-1), device=arr.device), axis=axis)
    return reshape(picked, arr.shape[:axis] + idx.shape + arr.shape[axis + 1 :])


def _axis(axis, ndim: int, func: str) -> int:
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:  # (NumPy's AxisError, a ValueError too)
        raise AxisError(f"{func}: axis {axis} is out of range for an array of {ndim} dimensions")
    return axis % ndim


def _permutation(source, func: str, x, axis: int = 0) -> Array:
    if type(x) is int and x >= 0:  # `permutation(n)`, the commonest call: NumPy cannot refuse
        return _out(source.permutation(x), None)
    scalar = type(x) is Array and not x.ndim and not getattr(x, "_as_ndarray", None)
    if isinstance(x, (int, np.integer)) or scalar and x.dtype.kind in "iu":
        x = operator.index(x)  # (an integer element is NumPy's scalar: `permutation(x.max())`)
        with _named(func):
            return _out(source.permutation(x), None)
    arr = asarray(x)
    if arr.ndim == 0:  # NumPy's error, which differs between Generator and RandomState
        with _named(func):
            source.permutation(np.zeros(()))
    axis = _axis(axis, arr.ndim, func)
    perm = source.permutation(arr.shape[axis])
    return take(arr, asarray(perm, device=arr.device), axis=axis)


def _shuffle(source, func: str, x, axis: int = 0) -> None:
    if not isinstance(x, Array):
        with _named(func):  # a list or NumPy array: NumPy shuffles it in place
            if axis == 0:  # (a RandomState's shuffle takes no axis)
                source.shuffle(x)
            else:
                source.shuffle(x, axis=axis)
        return
    if x.ndim == 0:
        raise TypeError(f"{func}: x must be at least 1-dimensional; got a 0-d array")
    if x.size == 0:  # NumPy returns before drawing: the stream stays put (the axis checked)
        _axis(axis, x.ndim, func)
        return
    if axis == 0 and type(d := x._data) is np.ndarray and d.flags.writeable:
        source.shuffle(d)  # NumPy's own shuffle of the buffer: the same draws and moves
        return
    axis = _axis(axis, x.ndim, func)
    perm = source.permutation(x.shape[axis])
    x[...] = take(x, asarray(perm, device=x.device), axis=axis)
