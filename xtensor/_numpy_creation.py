"""NumPy-only creation functions: log- and geometric ranges, identity, tri, vander, diagflat,
fromiter, fromfunction, and the conversions that fix a layout or check values
(ascontiguousarray, asfortranarray, asanyarray, asarray_chkfinite, require).

Each is NumPy's own routine run on the arrays' device (`_numpy_run`), with NumPy's argument
names and defaults. Functions given no array create on the CPU, or on the device of the
xtensor Array passed as NumPy's `like=`. CuPy has no `geomspace`: on CUDA it is computed on
the host (its inputs are a few scalars) and moved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from ._array import Array, _new, wrap
from ._core.checks import SCALARS
from ._core.convert import undispatched
from ._core.devices import CPU
from ._creation import asarray, eye
from ._creation_ranges import half_open_linspace
from ._creation_small import SMALL_K, numeric_dtype, small_linspace, tri_mask
from ._dispatch import backend_for
from ._dispatch.compiled import compiled
from ._numpy_index import indices
from ._numpy_run import (
    apply,
    common_device,
    data_on,
    device_datas,
    direct,
    dtype_arg,
    like_device,
    module,
    numpy_errors,
    renamed,
    result,
    run,
)
from ._typing import ArrayLike, DeviceLike, DTypeLike

# --- ranges ----------------------------------------------------------------------------------


def _range(func, start, stop, num, endpoint, dtype, axis, **extra) -> Array:
    device = common_device(func, [start, stop])
    ends = [
        data_on(v, device, func, n, scalars=True) for v, n in ((start, "start"), (stop, "stop"))
    ]
    options = {**extra, "dtype": dtype_arg(dtype, func), "axis": axis}
    if hasattr(module(device), func):
        return apply(func, device, *ends, num, endpoint, **options)
    backend = backend_for(device)  # no device routine: compute on the host, then move
    ends = [e if type(e) in SCALARS else backend.to_host(e) for e in ends]
    on_host = run(func, func, CPU, *ends, num, endpoint, **options)
    return result(backend.from_host(on_host, device), func)


# The first branches: Python scalar ends (and base) on the CPU, NumPy's dtype for them
_REAL, _SCALAR = (float, int), (float, int, complex)
_NP_GEOMSPACE = undispatched(np.geomspace)
_NP_VANDER, _NP_DIAGFLAT = undispatched(np.vander), undispatched(np.diagflat)
_NP_FROMITER = np.fromiter


def logspace(
    start: ArrayLike,
    stop: ArrayLike,
    num: int = 50,
    endpoint: bool = True,
    base: ArrayLike = 10.0,
    dtype: DTypeLike | None = None,
    axis: int = 0,
) -> Array:
    """`num` numbers from base**start to base**stop, evenly spaced on a log scale."""
    if dtype is None and axis == 0 and type(base) in _REAL:
        # NumPy's logspace of a scalar base is `power(base, linspace(...))`: the same steps
        if endpoint is True:
            y = small_linspace(start, stop, num)
        else:
            y = half_open_linspace(start, stop, num) if endpoint is False else None
        if y is not None:
            return wrap(np.power(base, y._data))
    return _range("logspace", start, stop, num, endpoint, dtype, axis, base=base)


def geomspace(
    start: ArrayLike,
    stop: ArrayLike,
    num: int = 50,
    endpoint: bool = True,
    dtype: DTypeLike | None = None,
    axis: int = 0,
) -> Array:
    """`num` numbers from `start` to `stop` in geometric progression (each a constant
    multiple of the one before)."""
    if type(start) in _SCALAR and type(stop) in _SCALAR and dtype is None and axis == 0:
        if type(num) is int and num >= 0:  # NumPy refuses a negative num after log10's warnings
            try:  # NumPy's geomspace, as `_range` calls it; its refusals are worded there
                return wrap(_NP_GEOMSPACE(start, stop, num, endpoint))
            except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
                pass
    return _range("geomspace", start, stop, num, endpoint, dtype, axis)


# --- matrices --------------------------------------------------------------------------------


def identity(n: int, dtype: DTypeLike | None = None, *, like: Array | None = None) -> Array:
    """The n x n identity matrix (float64 unless `dtype` is given)."""
    if like is None and type(n) is int and n >= 0:  # NumPy's identity is its eye
        if dtype is None:
            return eye(n)
        if (np_dtype := numeric_dtype(dtype)) is not None:
            return eye(n, dtype=np_dtype)
    device = like_device(like, "identity")
    dt = dtype_arg(dtype, "identity") or dtype_arg(float, "identity")
    return apply("identity", device, n, dtype=dt)


def tri(
    N: int, M: int | None = None, k: int = 0, dtype: DTypeLike = float, *, like: Array | None = None
) -> Array:
    """An N x M array with ones at and below diagonal k and zeros elsewhere."""
    if dtype is float and like is None and type(N) is int and type(k) is int:
        if (M is None or type(M) is int) and k in SMALL_K:
            return wrap(tri_mask(N, N if M is None else M, k).astype(np.float64))
    device = like_device(like, "tri")
    return apply("tri", device, N, M, k, dtype=dtype_arg(dtype, "tri"))


def vander(x: ArrayLike, N: int | None = None, increasing: bool = False) -> Array:
    """The Vandermonde matrix of the 1-D `x`: columns are powers of x, highest first (lowest
    first when increasing=True)."""
    if (r := direct(_NP_VANDER, x, N, increasing)) is not None:
        return r
    device, (data,) = device_datas("vander", [(x, "x")])
    return apply("vander", device, data, N, increasing)


def diagflat(v: ArrayLike, k: int = 0) -> Array:
    """A 2-D array with the flattened `v` on its k-th diagonal."""
    if (r := direct(_NP_DIAGFLAT, v, k)) is not None:
        return r
    device, (data,) = device_datas("diagflat", [(v, "v")])
    return apply("diagflat", device, data, k)


# --- from Python objects ---------------------------------------------------------------------


def fromiter(
    iter: Iterable[Any], dtype: DTypeLike, count: int = -1, *, like: Array | None = None
) -> Array:
    """A 1-D array of `dtype` from the values of an iterable (the first `count` of them)."""
    if like is None and (np_dtype := numeric_dtype(dtype)) is not None:
        r = _new(Array)  # wrapped as `wrap` does, inlined: its call is a sixth of NumPy's
        try:  # the full path's call, made here: `iter` cannot be read twice
            r._data = _NP_FROMITER(iter, np_dtype, count)
        except Exception as e:  # noqa: BLE001 - named as `run` names it
            renamed(e, "fromiter")
            raise
        return r
    device = like_device(like, "fromiter")
    out = run("fromiter", "fromiter", CPU, iter, dtype_arg(dtype, "fromiter"), count)
    out = result(out, "fromiter")
    return out if device is CPU else asarray(out, device=device)


def fromfunction(
    function: Callable[..., Any],
    shape: Sequence[int],
    *,
    dtype: DTypeLike = float,
    like: Array | None = None,
    **kwargs: Any,
) -> Any:
    """`function(*coordinates, **kwargs)`, called once with one Array of coordinates per axis
    of `shape`; returns whatever the function returns, as NumPy does."""
    grid = asarray(indices(shape, dtype=dtype), device=like_device(like, "fromfunction"))
    return function(*grid, **kwargs)


# --- conversions with a layout or a check ----------------------------------------------------


def _layout(func: str, a, like, *args) -> Array:
    """NumPy's `func` on `a` (on its device, or `like`'s when it is not an Array): `a` itself
    when its data comes back unchanged, as NumPy returns its input."""
    device = a.device if isinstance(a, Array) else like_device(like, func)
    data = data_on(a, device, func, "a")
    out = run(func, func, device, data, *args)
    return a if out is data and isinstance(a, Array) else result(out, func)


# The layout conversions of a CPU Array, no dtype= or like=: NumPy's call `_layout` makes
_NP_CONTIGUOUS, _NP_FORTRAN, _NDARRAY = np.ascontiguousarray, np.asfortranarray, np.ndarray
_NP_REQUIRE, _ISFINITE = np.require, np.isfinite


def ascontiguousarray(
    a: ArrayLike, dtype: DTypeLike | None = None, *, like: Array | None = None
) -> Array:
    """`a` in C (row-major) memory order, copied only when it is not already; at least 1-D."""
    if type(a) is Array and type(d := a._data) is _NDARRAY and dtype is like is None:
        if (out := _NP_CONTIGUOUS(d)) is d:
            return a
        r = _new(Array)  # wrapped as `wrap` does, inlined: its call is a third of NumPy's
        r._data = out
        return r
    return _layout("ascontiguousarray", a, like, dtype_arg(dtype, "ascontiguousarray"))


# `ascontiguousarray(a)` alone: NumPy's call on a's data, in C (Note [Compiled hot path])
ascontiguousarray = compiled("int_method", ascontiguousarray, extra=(_NP_CONTIGUOUS, 1))


def asfortranarray(
    a: ArrayLike, dtype: DTypeLike | None = None, *, like: Array | None = None
) -> Array:
    """`a` in Fortran (column-major) memory order, copied only when it is not already."""
    if type(a) is Array and type(d := a._data) is _NDARRAY and dtype is like is None:
        if (out := _NP_FORTRAN(d)) is d:
            return a
        r = _new(Array)  # as in `ascontiguousarray`
        r._data = out
        return r
    return _layout("asfortranarray", a, like, dtype_arg(dtype, "asfortranarray"))


asfortranarray = compiled("int_method", asfortranarray, extra=(_NP_FORTRAN, 1))  # (as above)


def asanyarray(
    a: ArrayLike,
    dtype: DTypeLike | None = None,
    order: str | None = None,
    *,
    device: DeviceLike | None = None,
    copy: bool | None = None,
    like: Array | None = None,
) -> Array:
    """`asarray` with NumPy's `order=` ('C', 'F', 'A', 'K'), passing an Array subclass
    (matrix, recarray) through unchanged where asarray answers a plain Array."""
    if isinstance(a, Array) and type(a._data) is _NDARRAY:
        if dtype is order is device is copy is like is None and (a.ndim or type(a) is not Array):
            return a  # `a` itself, a subclass (matrix, recarray) too; an element: asarray's
    if device is None and not isinstance(a, Array) and like is not None:
        device = like_device(like, "asanyarray")
    with numpy_errors("asanyarray"):
        x = asarray(a, dtype=dtype, device=device, copy=copy)
    if order in (None, "K", "A"):
        return x
    # asarray made any copy asked for; only copy=False must still refuse a layout change
    out = run("asanyarray", "asarray", x.device, x._data, order=order, copy=copy and None)
    return x if out is x._data else result(out, "asanyarray")


def asarray_chkfinite(
    a: ArrayLike, dtype: DTypeLike | None = None, order: str | None = None
) -> Array:
    """`asarray`, refusing (ValueError) floating-point input that holds infs or NaNs."""
    if type(a) is Array and type(d := a._data) is _NDARRAY and dtype is order is None:
        if d.dtype.kind not in "fc" or _ISFINITE(d).all():
            return a  # `a` itself, as asanyarray(a) below; a refusal is worded there
    x = asanyarray(a, dtype=dtype, order=order)
    if x.dtype.kind in "fc" and not bool(module(x.device).isfinite(x._data).all()):
        raise ValueError("asarray_chkfinite: array must not contain infs or NaNs")
    return x


def require(
    a: ArrayLike,
    dtype: DTypeLike | None = None,
    requirements: str | Sequence[str] | None = None,
    *,
    like: Array | None = None,
) -> Array:
    """`a` as an array of `dtype` meeting the flags in `requirements` ('C', 'F', 'A', 'W',
    'O', 'E' or their long names), copied only when needed."""
    if type(a) is Array and type(d := a._data) is _NDARRAY and dtype is like is None:
        try:  # NumPy's require, as `_layout` calls it; its refusals are worded there
            out = _NP_REQUIRE(d, None, requirements)
        except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
            pass
        else:
            return a if out is d else wrap(out)
    return _layout("require", a, like, dtype_arg(dtype, "require"), requirements)


NUMPY_ALIASES: dict = {
    "logspace": logspace,
    "geomspace": geomspace,
    "identity": identity,
    "tri": tri,
    "vander": vander,
    "diagflat": diagflat,
    "fromiter": fromiter,
    "fromfunction": fromfunction,
    "ascontiguousarray": ascontiguousarray,
    "asfortranarray": asfortranarray,
    "asanyarray": asanyarray,
    "asarray_chkfinite": asarray_chkfinite,
    "require": require,
}
