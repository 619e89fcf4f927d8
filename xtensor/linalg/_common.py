"""Checks and result types shared by the linalg modules.

Each public linalg function validates its operands here (dtype category, at least two
dimensions, square matrices), hands the buffers to the device's `linalg` module (NumPy's LAPACK
on the CPU), and casts the result to the dtype the standard names. LAPACK failures come back as
`LinAlgError` (NumPy's own class, a ValueError) with the function's name in front.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .._array import Array, backing
from .._core import dtypes as _dtypes
from .._dispatch import backend_of
from .._linear_algebra import dtype_of, same_device

LinAlgError = np.linalg.LinAlgError


class EighResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class EigResult(NamedTuple):
    eigenvalues: Array
    eigenvectors: Array


class QRResult(NamedTuple):
    Q: Array
    R: Array


class SVDResult(NamedTuple):
    U: Array
    S: Array
    Vh: Array


class SlogdetResult(NamedTuple):
    sign: Array
    logabsdet: Array


def floating(x, func: str, name: str = "x"):
    """The buffer of `x` in a floating-point dtype: integers and bools become float64.

    The standard says linalg inputs "should" be floating, leaving integers unspecified, so
    NumPy's rule applies (`np.linalg.det([[1, 2], [3, 4]])` computes in float64).
    """
    return as_floating(backing(x, func, name, scalars=False))


def as_floating(data):
    """Backing array `data` in a floating-point dtype, on its own device (`floating` of data
    already taken from its Array: `backing` would read a CuPy array into host memory)."""
    return data if dtype_of(data) in _dtypes.FLOATING else data.astype(np.float64)


def numeric(x, func: str, name: str = "x"):
    data = backing(x, func, name, scalars=False)
    dt = dtype_of(data)
    if dt not in _dtypes.NUMERIC:
        raise TypeError(f"{func}: {name} has dtype {dt.name}, but {func} requires a numeric dtype")
    return data


def matrices(data, func: str, name: str = "x", *, square: bool = False):
    """Check that `data` is a matrix or a stack of them (square ones when asked)."""
    if data.ndim < 2:
        raise LinAlgError(
            f"{func}: {name} must have at least 2 dimensions (a matrix or a stack "
            f"of matrices); got shape {data.shape}"
        )
    if square and data.shape[-1] != data.shape[-2]:
        raise LinAlgError(
            f"{func}: {name} must be a square matrix or a stack of square "
            f"matrices; got shape {data.shape}"
        )
    return data


def lapack(func: str, what: str, fn, *args, **kwargs):
    """Call a LAPACK-backed routine; its LinAlgError gets the function name and `what`."""
    try:
        return fn(*args, **kwargs)
    except LinAlgError as e:
        raise LinAlgError(f"{func}: {what} ({e})") from None


def as_dtype(data, dtype: _dtypes.DType):
    """`data` as an array of `dtype` (NumPy may hand back scalars or wider dtypes)."""
    if isinstance(data, np.generic):
        data = np.asarray(data)
    return data if data.dtype == dtype.numpy else data.astype(dtype.numpy)


def linalg_module(data):
    """numpy.linalg or cupy.linalg: the device's LAPACK routines for backing array `data`."""
    return backend_of(data).xp.linalg


def default_rtol(data, rtol, func: str):
    """The `rtol` of matrix_rank/pinv as an array broadcastable against the stack shape."""
    real = _dtypes.real_dtype(dtype_of(data))
    xp = backend_of(data).xp
    if rtol is None:
        eps = np.finfo(real.numpy).eps
        return xp.asarray(max(data.shape[-2:]) * eps, dtype=real.numpy)
    if isinstance(rtol, Array):
        rdt = rtol.dtype
        if rdt not in _dtypes.REAL_FLOATING:
            raise TypeError(
                f"{func}: rtol has dtype {rdt.name}, but must be a real "
                "floating-point array or a Python float"
            )
        same_device(func, data, rtol._data)
        return rtol._data
    if isinstance(rtol, bool) or not isinstance(rtol, (int, float, np.floating, np.integer)):
        raise TypeError(
            f"{func}: rtol must be a float or a real floating-point array; got "
            f"{type(rtol).__name__}"
        )
    return xp.asarray(rtol, dtype=real.numpy)
