"""NumPy-only functions: comparisons, rounding, NaN cleanup and the matrix helpers NumPy keeps
in its main namespace (diag, diagonal, trace, cross), plus the display and error-state knobs.

Also the two helpers the other `_numpy_compat*` modules share: `as_array` (NumPy's array-like
inputs) and `on_backend` (run the device's own NumPy/CuPy routine where composing namespace
functions would only re-derive NumPy's algorithm, e.g. `interp`, `percentile`, `histogram`).
"""

from __future__ import annotations

import builtins
import contextlib
import operator

import numpy as np

from . import linalg

from ._core import dtypes as _dtypes
from ._array import Array, wrap
from ._core.axes import normalize_axis
from ._creation import asarray, zeros
from ._data_types import astype, finfo, result_type
from ._core.devices import array_module
from ._elementwise import (
    abs,
    equal,
    imag,
    isfinite,
    isinf,
    isnan,
    less_equal,
    logical_and,
    logical_or,
    real,
    round,
    subtract,
)
from ._manipulation import moveaxis, reshape
from ._searching import where
from ._statistical import max, min, sum
from ._utility import all

_PY_SCALARS = (bool, int, float, complex)

# --- shared helpers --------------------------------------------------------------------------


def as_array(x, func: str, name: str = "a") -> Array:
    """An Array for `x`; NumPy-style inputs (lists, scalars, ndarrays) go through asarray."""
    if isinstance(x, Array):
        return x
    try:
        return asarray(x)
    except (TypeError, ValueError) as e:
        raise TypeError(f"{func}: {name} must be an array; got {type(x).__name__} ({e})") \
            from None


@contextlib.contextmanager
def named_errors(func: str):
    """Re-raise the backend's argument errors as the built-in type NumPy's belongs to, naming
    `func` (NumPy's own subclasses, like UFuncTypeError, cannot be rebuilt from a message)."""
    kinds = (TypeError, ValueError, IndexError, RuntimeError)
    try:
        yield
    except kinds as e:
        kind = next(k for k in kinds if isinstance(e, k))
        raise kind(f"{func}: {e}") from None


def to_result(out) -> Array:
    """Wrap a backend result; NumPy scalars become 0-d arrays, foreign dtypes raise."""
    if isinstance(out, (np.generic, *_PY_SCALARS)):
        out = np.asarray(out)
    _dtypes.from_numpy(out.dtype)
    return wrap(out)


def on_backend(func: str, routine: str, arrays: tuple, *args, **kwargs):
    """`routine` of the arrays' device module (numpy or cupy) on their buffers; the raw result."""
    devices = {a.device for a in arrays}
    if len(devices) > 1:
        raise ValueError(f"{func}: operands are on different devices "
                         f"({', '.join(sorted(map(str, devices)))}); move them with to_device()")
    xp = array_module(arrays[0].device)
    with named_errors(func):
        return getattr(xp, routine)(*(a._data for a in arrays), *args, **kwargs)


# --- comparisons -----------------------------------------------------------------------------

def _close_operands(a, b, func: str):
    """x and y as NumPy's isclose sees them: y (at least float) and x promoted to match.

    A Python scalar takes the other operand's dtype, as a weak scalar would in NumPy.
    """
    x = a if type(a) in _PY_SCALARS else as_array(a, func, "a")
    y = b if type(b) in _PY_SCALARS else as_array(b, func, "b")
    if not isinstance(x, Array) and not isinstance(y, Array):
        x = asarray(x)
    if not isinstance(y, Array):
        y = asarray(y, dtype=result_type(x.dtype, y), device=x.device)
    if not isinstance(x, Array):
        x = asarray(x, dtype=result_type(y.dtype, x), device=y.device)
    y = astype(y, result_type(y.dtype, 1.0))
    if x.dtype == _dtypes.bool:
        x = astype(x, y.dtype)  # xtensor has no bool arithmetic; NumPy casts it the same way
    return x, y


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) -> Array:
    """Elementwise `|a - b| <= atol + rtol * |b|` (equal infinities are close)."""
    x, y = _close_operands(a, b, "isclose")
    with np.errstate(invalid="ignore"):  # inf - inf is expected here
        close = less_equal(abs(x - y), atol + rtol * abs(y))
        result = logical_or(logical_and(close, isfinite(y)), equal(x, y))
    if equal_nan:
        result = logical_or(result, logical_and(isnan(x), isnan(y)))
    return result


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    """Whether every element of `a` is close to `b` (see `isclose`); a Python bool."""
    return builtins.bool(all(isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def array_equal(a1, a2, equal_nan=False) -> bool:
    """Whether both arrays have the same shape and elements; a Python bool."""
    try:
        x, y = as_array(a1, "array_equal"), as_array(a2, "array_equal")
    except TypeError:
        return False
    if x.shape != y.shape:
        return False
    same = equal(x, y)
    if equal_nan and x.dtype in _dtypes.FLOATING and y.dtype in _dtypes.FLOATING:
        both_nan = logical_and(isnan(x), isnan(y))
        same = logical_or(same, both_nan)
    return builtins.bool(all(same))


# --- rounding and cleanup --------------------------------------------------------------------

def around(a, decimals=0) -> Array:
    """Round to `decimals` places (negative: to tens, hundreds...), halves to even."""
    x = as_array(a, "around")
    if isinstance(decimals, bool) or not hasattr(decimals, "__index__"):
        raise TypeError(f"around: decimals must be an int; got {type(decimals).__name__}")
    decimals = operator.index(decimals)
    if decimals == 0:
        return round(x)
    if x.dtype == _dtypes.bool:
        raise TypeError("around: a has dtype bool, but around with decimals requires a "
                        "numeric dtype")
    return to_result(on_backend("around", "round", (x,), decimals))


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None) -> Array:
    """NaN -> `nan`, +inf -> `posinf` (default: the dtype's max), -inf -> `neginf` (its min);
    real and imaginary parts separately. copy=False writes into `x`."""
    arr = as_array(x, "nan_to_num", "x")
    if arr.dtype not in _dtypes.FLOATING:
        return arr.copy() if copy else arr
    if arr.dtype in _dtypes.COMPLEX_FLOATING:
        parts = [_finite(p, nan, posinf, neginf) for p in (real(arr), imag(arr))]
        out = astype(parts[0], arr.dtype) + parts[1] * 1j
    else:
        out = _finite(arr, nan, posinf, neginf)
    if copy:
        return out
    arr[...] = out
    return arr


def _finite(v: Array, nan, posinf, neginf) -> Array:
    info = finfo(v.dtype)
    v = where(isnan(v), nan, v)
    v = where(logical_and(isinf(v), v > 0), info.max if posinf is None else posinf, v)
    return where(logical_and(isinf(v), v < 0), info.min if neginf is None else neginf, v)


def ptp(a, axis=None, keepdims=False) -> Array:
    """Range of values (max - min) along `axis`."""
    x = as_array(a, "ptp")
    if x.dtype == _dtypes.bool:
        raise TypeError("ptp: a has dtype bool, but ptp requires a numeric dtype")
    axis = tuple(axis) if isinstance(axis, list) else axis
    return subtract(max(x, axis=axis, keepdims=keepdims), min(x, axis=axis, keepdims=keepdims))


def copy(a, order="K") -> Array:
    """A copy of `a` (the memory layout `order` does not change values, so it is accepted)."""
    return asarray(as_array(a, "copy"), copy=True)


def interp(x, xp, fp, left=None, right=None, period=None) -> Array:
    """Piecewise-linear interpolation of the points (xp, fp) at `x` (xp increasing)."""
    arrays = tuple(as_array(v, "interp", n) for v, n in ((x, "x"), (xp, "xp"), (fp, "fp")))
    for arr, name in zip(arrays[1:], ("xp", "fp")):
        if arr.ndim != 1:
            raise ValueError(f"interp: {name} must be 1-dimensional; got shape {arr.shape}")
    return to_result(on_backend("interp", "interp", arrays, left=left, right=right,
                                period=period))


# --- matrix helpers --------------------------------------------------------------------------

def diag(v, k=0) -> Array:
    """The k-th diagonal of a 2-D array, or a 2-D array with 1-D `v` on its k-th diagonal."""
    v = as_array(v, "diag", "v")
    k = operator.index(k)
    if v.ndim == 2:
        return linalg.diagonal(v, offset=k)
    if v.ndim != 1:
        raise ValueError(f"diag: v must be 1- or 2-dimensional; got shape {v.shape}")
    n = v.shape[0]
    m = n + (k if k >= 0 else -k)
    flat = zeros((m * m,), dtype=v.dtype, device=v.device)
    start = k if k >= 0 else -k * m
    if n:
        # the k-th diagonal of an m x m matrix is every (m + 1)-th element from `start`
        flat[start:start + (n - 1) * (m + 1) + 1:m + 1] = v
    return reshape(flat, (m, m))


def diagonal(a, offset=0, axis1=0, axis2=1) -> Array:
    """The diagonal of the `axis1`/`axis2` planes, as a new last axis (NumPy's argument order;
    `linalg.diagonal` always uses the last two axes)."""
    x = as_array(a, "diagonal")
    if x.ndim < 2:
        raise ValueError(f"diagonal: a must have at least 2 dimensions; got shape {x.shape}")
    ax1 = normalize_axis(axis1, x.ndim, "diagonal", "axis1")
    ax2 = normalize_axis(axis2, x.ndim, "diagonal", "axis2")
    if ax1 == ax2:
        raise ValueError(f"diagonal: axis1 and axis2 must differ; both are {ax1}")
    return linalg.diagonal(moveaxis(x, (ax1, ax2), (-2, -1)), offset=operator.index(offset))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None) -> Array:
    """Sum along the diagonal of the `axis1`/`axis2` planes (see `diagonal`)."""
    return sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None) -> Array:
    """Cross products of 3-vectors along `axisa`/`axisb` (or `axis`), placed on `axisc`."""
    if axis is not None:
        axisa = axisb = axisc = axis
    x, y = as_array(a, "cross", "a"), as_array(b, "cross", "b")
    x = moveaxis(x, normalize_axis(axisa, x.ndim, "cross", "axisa"), -1)
    y = moveaxis(y, normalize_axis(axisb, y.ndim, "cross", "axisb"), -1)
    for arr, name in ((x, "a"), (y, "b")):
        if arr.shape[-1] != 3:
            hint = ("; 2-element vectors are deprecated in NumPy 2 and not supported here, "
                    "append a zero" if arr.shape[-1] == 2 else "")
            raise ValueError(f"cross: {name} must have 3 elements along its vector axis; got "
                             f"{arr.shape[-1]}{hint}")
    out = linalg.cross(x, y, axis=-1)
    return moveaxis(out, -1, normalize_axis(axisc, out.ndim, "cross", "axisc"))


# --- display and floating-point error state: NumPy's own (repr and CPU loops are NumPy's) --

NUMPY_ALIASES: dict = {
    "isclose": isclose, "allclose": allclose, "array_equal": array_equal, "around": around,
    "nan_to_num": nan_to_num, "ptp": ptp, "copy": copy, "interp": interp, "diag": diag,
    "diagonal": diagonal, "trace": trace, "cross": cross, "ndarray": Array,
    "errstate": np.errstate, "set_printoptions": np.set_printoptions,
    "get_printoptions": np.get_printoptions, "printoptions": np.printoptions,
}
