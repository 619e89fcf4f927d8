"""Norms: vector_norm and matrix_norm (the standard's), norm and cond (NumPy's).

vector_norm and matrix_norm are written here over the device's array module (abs, sum, max,
and svd for the spectral and nuclear norms), so every `ord` and `keepdims` case is ours. The
result is real, in the precision of x (complex64 gives float32).
"""

from __future__ import annotations

import math
from typing import Literal

import numpy as np

from .._array import Array, _new, backing, wrap
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axes
from .._core.checks import prefixed
from .._core.convert import undispatched
from .._dispatch import backend_of
from .._linear_algebra import dtype_of
from .._manipulation_operands import READABLE, listed
from .._typing import ArrayLike
from ._common import REAL_OF, as_dtype, floating, lapack, matrices


def vector_norm(
    x: ArrayLike,
    /,
    *,
    axis: int | tuple[int, ...] | None = None,
    keepdims: bool = False,
    ord: float = 2,
) -> Array:
    """The `ord`-norm of vectors along `axis` (None: all elements; a tuple: those axes
    together). ord: any real number, inf or -inf; 0 counts non-zeros.

    >>> import xtensor as xp
    >>> xp.linalg.vector_norm(xp.asarray([3.0, 4.0]))
    np.float64(5.0)
    """
    if axis is None and keepdims is False and type(x) is Array and type(ord) in _REAL:
        d = x._data  # np.linalg.norm's steps for real CPU data: one BLAS dot, as `norm` below
        if ord == 2 and type(d) is np.ndarray and d.dtype.kind == "f":
            wrapped = _new(Array)  # wrap(), inlined
            wrapped._data = _root_of_dot(d.ravel("K"))
            return wrapped
    simple = (
        type(ord) in _REAL and (ord == 2 or ord == 1) and (keepdims is False or keepdims is True)
    )
    if simple and (data := _plain(x, 1)) is not None:  # see Note [Plain linalg calls]
        real = data.dtype.kind == "f"
        if axis is None and ord == 2 and real:  # integers, or keepdims: the same steps
            out = _root_of_dot(data.ravel("K"))
            return wrap(out.reshape((1,) * data.ndim) if keepdims else out)
        if axis is None or type(axis) is int and -data.ndim <= axis < data.ndim:
            mag = np.abs(data)  # the arithmetic below, with `axis` as NumPy reads it
            if ord == 1:
                return wrap(np.asarray(_ADD(mag, axis, None, None, keepdims)))
            square = data * data if real else mag * mag  # the same values for real data
            return wrap(np.asarray(np.sqrt(_ADD(square, axis, None, None, keepdims))))
    data = floating(x, "vector_norm")
    real = _dtypes.real_dtype(dtype_of(data))
    xp = backend_of(data).xp
    axes = _vector_axes(axis, data.ndim)
    ord = _check_ord(ord, "vector_norm")
    mag = xp.abs(data)
    if ord in (math.inf, -math.inf):
        out = _extreme(xp, ord > 0, mag, axes, keepdims, "vector_norm")
    elif ord == 0:
        out = xp.sum(mag != 0, axis=axes, keepdims=keepdims)
    elif ord == 1:
        out = xp.sum(mag, axis=axes, keepdims=keepdims)
    elif ord == 2:
        out = xp.sqrt(xp.sum(mag * mag, axis=axes, keepdims=keepdims))
    else:
        with np.errstate(divide="ignore", over="ignore"):
            powered = xp.sum(mag ** real.numpy.type(ord), axis=axes, keepdims=keepdims)
            out = powered ** real.numpy.type(1 / ord)
    return wrap(as_dtype(out, real))


_ADD = np.add.reduce
_REAL = (int, float)
_SUMS = (1, -1, math.inf, -math.inf)  # the matrix norms of column or row sums
_MAX, _MIN = np.maximum.reduce, np.minimum.reduce


def _root_of_dot(v) -> np.ndarray:
    """The 2-norm of the 1-D `v` as np.linalg.norm computes it: the root of one BLAS dot (a
    0-d array), for complex the sum of its parts' dots. For float64, math.sqrt rounds as
    np.sqrt does, minus a ufunc call."""
    if v.dtype.kind == "c":
        re, im = v.real, v.imag
        sq = re.dot(re) + im.dot(im)
    else:
        sq = v.dot(v)
    return np.asarray(math.sqrt(sq) if type(sq) is np.float64 else np.sqrt(sq))


def _plain(x, ndim: int):
    """The buffer of `x` as `floating` reads it, when `x` is a CPU Array of at least `ndim`
    dimensions in a LAPACK dtype, an integer dtype or bool; else None. The norms of such
    data are real in its precision, as the checked path's `as_dtype` casts them."""
    if type(x) is not Array:
        return None
    data = x._data
    if type(data) is not np.ndarray or data.ndim < ndim:
        return None
    if data.dtype in REAL_OF:
        return data
    return data.astype(np.float64) if data.dtype.kind in "biu" else None


def _vector_axes(axis, ndim: int) -> tuple:
    if isinstance(axis, list):  # NumPy refuses lists here too
        raise TypeError("vector_norm: axis must be an int, a tuple of ints or None; got list")
    return normalize_axes(axis, ndim, "vector_norm", allow_none=True)


def _check_ord(ord, func: str):
    if isinstance(ord, (bool, str)) or not isinstance(ord, (int, float, np.integer, np.floating)):
        raise ValueError(f"{func}: ord must be a real number, inf or -inf; got {ord!r}")
    if math.isnan(ord):
        raise ValueError(f"{func}: ord must not be NaN")
    return ord


def _check_matrix_ord(ord) -> None:
    if isinstance(ord, str):
        ok = ord in ("fro", "nuc")
    elif isinstance(ord, bool) or not isinstance(ord, (int, float, np.integer, np.floating)):
        ok = False
    else:
        ok = ord in (1, -1, 2, -2, math.inf, -math.inf)
    if not ok:
        raise ValueError(
            f"matrix_norm: ord must be one of 'fro', 'nuc', 1, -1, 2, -2, inf or -inf; got {ord!r}"
        )


def matrix_norm(
    x: ArrayLike, /, *, keepdims: bool = False, ord: float | Literal["fro", "nuc"] = "fro"
) -> Array:
    """The `ord`-norm of each matrix: 'fro', 'nuc', 1/-1 (max/min column sum), 2/-2
    (largest/smallest singular value), inf/-inf (max/min row sum)."""
    simple = (ord == "fro" if type(ord) is str else type(ord) in _REAL and ord in _SUMS) and (
        keepdims is False or keepdims is True
    )
    if simple and (data := _plain(x, 2)) is not None:  # see Note [Plain linalg calls]
        mag = np.abs(data)  # `_matrix_norm`'s arithmetic
        if ord == "fro":
            out = np.sqrt(_ADD(mag * mag, (-2, -1)))
        else:  # `_extreme` of non-empty sums
            sums = _ADD(mag, -2 if abs(ord) == 1 else -1)
            out = (_MAX if ord > 0 else _MIN)(sums, (-1,)) if sums.shape[-1] else None
        if out is not None:
            return wrap(np.asarray(out[..., None, None] if keepdims else out))
    data = matrices(floating(x, "matrix_norm"), "matrix_norm")
    real = _dtypes.real_dtype(dtype_of(data))
    xp = backend_of(data).xp
    _check_matrix_ord(ord)
    out = _matrix_norm(xp, data, ord)
    if keepdims:
        out = out[..., None, None]
    return wrap(as_dtype(out, real))


def _matrix_norm(xp, data, ord):
    if ord == "fro":
        mag = xp.abs(data)
        return xp.sqrt(xp.sum(mag * mag, axis=(-2, -1)))
    if ord in ("nuc", 2, -2):
        s = lapack("matrix_norm", "the SVD did not converge", xp.linalg.svd, data, compute_uv=False)
        if ord == "nuc":
            return xp.sum(s, axis=-1)
        return _extreme(xp, ord > 0, s, (-1,), False, "matrix_norm")
    # 1/-1 reduce the column sums (over rows, axis -2); inf/-inf the row sums.
    sums = xp.sum(xp.abs(data), axis=-2 if abs(ord) == 1 else -1)
    return _extreme(xp, ord > 0, sums, (-1,), False, "matrix_norm")


def _extreme(xp, largest: bool, mag, axes: tuple, keepdims: bool, func: str):
    """max or min of magnitudes over `axes`. Over nothing, the max is 0 (magnitudes are never
    negative), as in NumPy; the min has no value and raises."""
    if all(mag.shape[a] != 0 for a in axes):
        return (xp.max if largest else xp.min)(mag, axis=axes, keepdims=keepdims)
    if not largest:
        raise ValueError(
            f"{func}: this ord takes a minimum over an empty set of values "
            f"(shape {mag.shape}); it is undefined for empty input"
        )
    return xp.sum(mag, axis=axes, keepdims=keepdims)  # all zeros, in the right shape


# --- NumPy names ---------------------------------------------------------------------------


def norm(
    x: ArrayLike,
    ord: float | str | None = None,
    axis: int | tuple[int, int] | None = None,
    keepdims: bool = False,
) -> Array:
    """NumPy's norm: vector or matrix norm chosen from `axis` and x's shape; integer input
    is promoted to float64."""
    if axis is None and keepdims is False and type(x) is Array and _whole_two_norm(x, ord):
        d = x._data  # np.linalg.norm's own steps for CPU data: the 2-norm of all of it
        if type(d) is np.ndarray and (kind := d.dtype.kind) in "biufc":
            wrapped = _new(Array)  # wrap(), inlined: this call is NumPy's in all but this
            wrapped._data = _root_of_dot((d if kind in "fc" else d.astype(np.float64)).ravel("K"))
            return wrapped
    elif ord is None and type(axis) is int and keepdims is False and type(x) is Array:
        if type(d := x._data) is np.ndarray:
            try:  # the call below for a CPU array, without its frames; its errors are its own
                out = _NP_NORM(d, None, axis)
            except (ValueError, TypeError):
                pass
            else:
                wrapped = _new(Array)  # wrap(), inlined; a 1-d x's scalar as its 0-d array
                wrapped._data = out if type(out) is np.ndarray else np.asarray(out)
                return wrapped
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return norm(y, ord, axis, keepdims)  # in `_manipulation_operands`
    data = backing(x, "norm", "x", scalars=False)
    xp = backend_of(data).xp
    try:
        out = xp.linalg.norm(data, ord=ord, axis=axis, keepdims=keepdims)
    except (ValueError, TypeError) as e:
        raise prefixed(e, "norm") from None
    return wrap(xp.asarray(out))


_NP_NORM = undispatched(np.linalg.norm)


def _whole_two_norm(x: Array, ord) -> bool:
    """Whether NumPy's norm of all of x is the 2-norm of its elements: no ord, a matrix's
    Frobenius norm, a vector's 2-norm."""
    if ord is None:
        return True
    if type(ord) is str:
        return ord in ("fro", "f") and x.ndim == 2
    return type(ord) is int and ord == 2 and x.ndim == 1


def cond(x: ArrayLike, p: float | str | None = None) -> Array:
    """NumPy's cond: the condition number of each matrix in the `p` norm."""
    data = matrices(backing(x, "cond", "x", scalars=False), "cond")
    xp = backend_of(data).xp
    with np.errstate(all="ignore"):
        out = lapack("cond", "x is singular", xp.linalg.cond, data, p)
    return wrap(xp.asarray(out))


__all__ = ["vector_norm", "matrix_norm"]
NUMPY_NAMES = ["norm", "cond"]
