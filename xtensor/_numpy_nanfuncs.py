"""NumPy's NaN-ignoring reductions and scans: nansum, nanmean, nanmax, nanmin, nanprod,
nancumsum, nancumprod, nanargmax, nanargmin, nanstd, nanvar, nanmedian, nanpercentile and
nanquantile.

`nansum`, `nanmean`, `nanmax` and `nanmin` in their plain form are compositions of namespace
functions (NaNs replaced by the reduction's identity), so they run through the iterator's
parallel reductions. Every other form (`out=`, `initial=`, `where=`) and every other function
is NumPy's algorithm on the device's own routine (`_numpy_ondevice.call`), which also gives
NumPy's warnings ("All-NaN slice encountered") and errors.

First branches: a CPU Array with an int or None axis and every other option at NumPy's
default is NumPy's own function on the buffer (`_first`), which is all the path below would
run, minus its steps; any other call, and one NumPy refuses, takes that path, which words
the errors (the pattern of Note [Plain linalg calls] in `linalg/_common.py`).
"""

from __future__ import annotations

import functools

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.convert import undispatched
from ._core.values import NAN, classes
from ._data_types import astype
from ._dispatch.host_only import defers_to_numpy
from ._dispatch.reduction import relayed, warn_at_caller
from ._elementwise import divide, isnan, logical_not
from ._numpy_helpers import as_array, named_errors
from ._numpy_median import REAL, plain_median, plain_quantile
from ._numpy_ondevice import NO_VALUE, call, check_real, given, operand, out_buffer, result
from ._searching import where as _where
from ._statistical import max, min, sum
from ._typing import ArrayLike, AxisLike, DTypeLike, Scalar
from ._utility import all as _all


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _numpy_dtype(dtype, func: str):
    return None if dtype is None else _dtypes.as_dtype(dtype, func).numpy


def _routine(func: str, a, out, **options):
    """NumPy's `func` on `a`'s device with `options` (NO_VALUE ones left out); `out` filled
    and returned when given. Array-valued options (`where`, `q`, `weights`) are moved to
    `a`'s device first."""
    x = as_array(a, func)
    if out is None and type(x._data) is np.ndarray:
        if all(v is NO_VALUE or v is None for v in options.values()):  # NumPy's defaults all
            return result(relayed(call, func, func, x, x._data), func)
    for key in ("where", "q", "weights", "mean"):
        value = options.get(key, NO_VALUE)
        if (
            value is not NO_VALUE
            and value is not None
            and not isinstance(value, (bool, int, float))
        ):
            options[key] = operand(value, x, func, key)._data
    if "axis" in options:
        options["axis"] = _axis(options["axis"])
    if "dtype" in options:
        options["dtype"] = _numpy_dtype(options["dtype"], func)
    buffer = out_buffer(out, x, func)
    if buffer is not None:
        options["out"] = buffer
    raw = relayed(call, func, func, x, x._data, **given(**options))
    return out if out is not None else result(raw, func)


def _only_defaults(*values) -> bool:
    """Whether none of NumPy's extra options (out, initial, where) was given."""
    for v in values:  # a loop, not all() of a generator: 0.3 us less a call
        if v is not NO_VALUE and v is not None:
            return False
    return True


def _first(routine, d, *args) -> Array | None:
    """A first branch's answer: NumPy's `routine` (undispatched) on CPU buffer `d`, wrapped as
    `result` wraps it (for the standard's dtypes, which NumPy keeps); None where NumPy raises,
    so that `_routine` repeats the call and words the error."""
    try:
        out = routine(d, *args)
    except Exception:
        return None
    return wrap(out if type(out) is _NDARRAY else _ASARRAY(out))


_NDARRAY, _ASARRAY = np.ndarray, np.asarray
_WEAK = (int, float)  # Python numbers NumPy reads weakly (ddof, q), bools left out
# NumPy's functions minus __array_function__'s frame, for the first branches (exact ndarrays)
(_NANMEAN, _NANMAX, _NANMIN, _NANCUMSUM, _NANCUMPROD, _NANVAR, _NANSTD) = (
    undispatched(getattr(np, f"nan{name}"))
    for name in ("mean", "max", "min", "cumsum", "cumprod", "var", "std")
)
_NANMEDIAN, _NANPERCENTILE, _NANQUANTILE = (
    undispatched(getattr(np, f"nan{name}")) for name in ("median", "percentile", "quantile")
)
# these warn at their caller's line, which is ours: `relayed` gives it at the user's (Note
# [Warnings NumPy's functions aim at their caller] in `_backends/cpu.py`; ~0.3 us a call)
_NANMEAN, _NANMAX, _NANMIN, _NANVAR, _NANMEDIAN = (
    functools.partial(relayed, f) for f in (_NANMEAN, _NANMAX, _NANMIN, _NANVAR, _NANMEDIAN)
)


def _nansum(d, axis=None):
    """NumPy's nansum(d, axis) in its own C calls: NaNs zeroed in a copy of inexact data, then
    summed (`d` itself where it holds none: Note [No NaN, no copy])."""
    if d.dtype.kind in "fc" and not _no_nan(d):
        copy = np.array(d, copy=True)  # NumPy's copy: the sum runs over the same layout
        np.copyto(copy, 0, where=np.isnan(d))
        d = copy
    return np.add.reduce(d, axis)


def _nanmean(d, axis=None):
    """NumPy's nanmean(d, axis): its mean where `d` holds no NaN (Note [No NaN, no copy])."""
    if (d.dtype in _MEAN_DTYPES or d.dtype.kind == "c") and _no_nan(d):
        return d.mean(axis)
    return _NANMEAN(d, axis)


def _spread(d, axis, ddof, std: bool):
    """NumPy's nanvar(d, axis, ddof=ddof) (nanstd's where `std`): d's own var or std where it
    holds no NaN and each slice keeps more than ddof values (Note [No NaN, no copy])."""
    if (
        d.dtype in _MEAN_DTYPES
        and _no_nan(d)
        and (d.size if axis is None else d.shape[axis]) > ddof
    ):
        return d.std(axis, None, None, ddof) if std else d.var(axis, None, None, ddof)
    return (_NANSTD if std else _NANVAR)(d, axis, None, None, ddof)


def _no_nan(d) -> bool:
    """Whether `d`, a C-contiguous, non-empty inexact array, holds no NaN (one compiled scan)."""
    return d.flags.c_contiguous and d.size > 0 and not classes(d, NAN) & NAN


# Note [No NaN, no copy]
# ~~~~~~~~~~~~~~~~~~~~~~
# NumPy's nansum and nanmean copy a float array, zero its NaNs and count the others, even
# where there are none (most calls): three passes and a copy. Where one compiled scan
# (`classes`) finds no NaN in a C-contiguous array, the copy would be the array itself, in
# the same layout: nansum is its sum, with the same bits; nanmean is its mean, the same sum
# divided by the same count (float32, float64 and complex: np.mean sums float16 in float32,
# nanmean does not); nanvar and nanstd are var and std (float32 and float64: complex nanvar
# multiplies by the conjugate), the same passes in the same order, where each slice keeps
# more values than ddof (else both answer NaN, in other bits and warnings);
# nanargmax and nanargmin are argmax and argmin (NumPy's replace the NaNs with -inf or +inf in
# a copy, then check each slice for all NaNs: five passes to one). An empty array keeps
# NumPy's path, which warns (or raises) its own way.
_MEAN_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def _nanprod(d, axis):
    """NumPy's nanprod(d, axis) in its own C calls (`_replace_nan`, then np.prod's reduce):
    NaNs set to one in a copy of inexact data, then multiplied."""
    if d.dtype.kind in "fc":
        copy = np.array(d, copy=True)
        np.copyto(copy, 1, where=np.isnan(d))
        d = copy
    return np.multiply.reduce(d, axis)


def _extreme(ufunc, d, axis=None):
    """NumPy's nanmax(d, axis) (ufunc fmax) or nanmin (fmin) of real `d` in its own C calls."""
    best = ufunc.reduce(d, axis)
    if (best != best).any():  # only an all-NaN slice leaves NaN
        warn_at_caller("All-NaN slice encountered")
    return best


# The plain forms: NumPy's C calls, or its function without __array_function__'s frame
_PLAIN = {
    "nansum": _nansum,
    "nanmean": _nanmean,
    "nanmax": functools.partial(_extreme, np.fmax),
    "nanmin": functools.partial(_extreme, np.fmin),
}


def _plain(func: str, x: Array, axis, keepdims, *options) -> Array | None:
    """NumPy's `func(x)` for a real CPU array (or complex: a sum or a mean) and no argument,
    minus `_routine`'s ~2 us; None for any other call, and where NumPy raises (an empty
    array): `_routine` then words it."""
    d = x._data
    if (
        type(d) is np.ndarray
        and axis is None
        and keepdims is NO_VALUE
        and (d.dtype.kind in "biuf" or d.dtype.kind == "c" and func in ("nansum", "nanmean"))
        and _only_defaults(*options)
    ):
        try:
            return wrap(np.asarray(_PLAIN[func](d)))
        except ValueError:
            return None
    return None


_nanargmax = undispatched(np.nanargmax)
_ARGMAX, _ARGMIN = np.ndarray.argmax, np.ndarray.argmin
_nanargmin = undispatched(np.nanargmin)


def _filled(x: Array, value) -> Array:
    return _where(isnan(x), value, x) if x.dtype in _dtypes.FLOATING else x


# --- sums, means and extremes: compositions when plain ----------------------------------------


@defers_to_numpy
def nansum(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    keepdims: bool = NO_VALUE,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = NO_VALUE,
) -> Array:
    """Sum along `axis`, NaNs counted as zero."""
    if type(a) is Array and dtype is out is None and keepdims is initial is where is NO_VALUE:
        if type(d := a._data) is _NDARRAY and type(axis) is int:  # axis None: `_plain`
            if (r := _first(_nansum, d, axis)) is not None:
                return r
    x = as_array(a, "nansum")
    if (r := _plain("nansum", x, axis, keepdims, dtype, out, initial, where)) is not None:
        return r
    if not _only_defaults(out, initial, where) or type(x._data) is np.ndarray:
        # NumPy's own on the host: it sums x itself where x holds no NaN (a copy otherwise)
        return _routine(
            "nansum",
            x,
            out,
            axis=axis,
            dtype=dtype,
            keepdims=keepdims,
            initial=initial,
            where=where,
        )
    return sum(_filled(x, 0), axis=_axis(axis), dtype=dtype, keepdims=keepdims is True)


@defers_to_numpy
def nanmean(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    keepdims: bool = NO_VALUE,
    *,
    where: ArrayLike = NO_VALUE,
) -> Array:
    """Mean along `axis` of the non-NaN elements (NaN for an all-NaN slice)."""
    if type(a) is Array and dtype is out is None and keepdims is where is NO_VALUE:
        if type(d := a._data) is _NDARRAY and (axis is None or type(axis) is int):
            if (r := _first(_nanmean, d, axis)) is not None:
                return r
    x = as_array(a, "nanmean")
    if (r := _plain("nanmean", x, axis, keepdims, dtype, out, where)) is not None:
        return r
    if not _only_defaults(out, where) or type(x._data) is np.ndarray:  # as nansum
        return _routine("nanmean", x, out, axis=axis, dtype=dtype, keepdims=keepdims, where=where)
    axis, keepdims = _axis(axis), keepdims is True
    if x.dtype not in _dtypes.FLOATING:
        return _routine("nanmean", x, None, axis=axis, dtype=dtype, keepdims=keepdims)
    if dtype is not None and _dtypes.as_dtype(dtype, "nanmean") not in _dtypes.FLOATING:
        raise TypeError(
            f"nanmean: a has dtype {x.dtype.name}, so dtype must be a floating dtype; "
            f"got {_dtypes.as_dtype(dtype, 'nanmean').name}"
        )
    total = sum(_filled(x, 0), axis=axis, dtype=dtype, keepdims=keepdims)
    count = sum(logical_not(isnan(x)), axis=axis, keepdims=keepdims)
    # NumPy divides in the total's dtype (a float32 total stays float32)
    return divide(total, astype(count, total.dtype))


def _nan_extreme(func: str, reduce, fill, a, axis, out, keepdims, initial, where) -> Array:
    x = as_array(a, func)
    if (r := _plain(func, x, axis, keepdims, out, initial, where)) is not None:
        return r
    if not _only_defaults(out, initial, where) or type(x._data) is np.ndarray:
        # NumPy's own on the host: one fmax/fmin pass (the composition below makes three),
        # and NumPy's "All-NaN slice" warning
        return _routine(func, x, out, axis=axis, keepdims=keepdims, initial=initial, where=where)
    axis, keepdims = _axis(axis), keepdims is True
    if x.dtype not in _dtypes.FLOATING:
        with named_errors(func):
            return reduce(x, axis=axis, keepdims=keepdims)
    with named_errors(func):
        best = reduce(_filled(x, fill), axis=axis, keepdims=keepdims)
    return _where(_all(isnan(x), axis=axis, keepdims=keepdims), float("nan"), best)


_LISTED = (list, tuple, float, int)


def _listed(routine, a, axis, keepdims, initial) -> Array | None:
    """NumPy's nanmax/nanmin (`routine`) of a list, tuple or Python number: NumPy takes another
    branch for what is not an ndarray, whose all-NaN warning says "All-NaN axis encountered"
    (an ndarray's says "slice"). None where NumPy raises: the Array path words the error."""
    options = given(axis=_axis(axis), keepdims=keepdims, initial=initial)
    try:
        out = relayed(routine, a, **options)
    except Exception:
        return None
    if out.dtype.kind not in "biuf":  # NumPy's object or string answers: the Array path's
        return None
    return wrap(out if type(out) is _NDARRAY else _ASARRAY(out))


@defers_to_numpy
def nanmax(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    out: Array | None = None,
    keepdims: bool = NO_VALUE,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = NO_VALUE,
) -> Array:
    """Maximum along `axis` ignoring NaNs (NaN for an all-NaN slice)."""
    if type(a) is Array and out is None and keepdims is initial is where is NO_VALUE:
        if type(d := a._data) is _NDARRAY and type(axis) is int:  # axis None: `_plain`
            real = d.dtype.kind in "biuf"  # (NumPy's C calls; else its function, relayed)
            if (r := _first(_PLAIN["nanmax"] if real else _NANMAX, d, axis)) is not None:
                return r
    if type(a) in _LISTED and out is None and where is NO_VALUE:
        if (r := _listed(_NANMAX, a, axis, keepdims, initial)) is not None:
            return r
    return _nan_extreme("nanmax", max, -np.inf, a, axis, out, keepdims, initial, where)


@defers_to_numpy
def nanmin(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    out: Array | None = None,
    keepdims: bool = NO_VALUE,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = NO_VALUE,
) -> Array:
    """Minimum along `axis` ignoring NaNs (NaN for an all-NaN slice)."""
    if type(a) is Array and out is None and keepdims is initial is where is NO_VALUE:
        if type(d := a._data) is _NDARRAY and type(axis) is int:  # axis None: `_plain`
            real = d.dtype.kind in "biuf"  # (NumPy's C calls; else its function, relayed)
            if (r := _first(_PLAIN["nanmin"] if real else _NANMIN, d, axis)) is not None:
                return r
    if type(a) in _LISTED and out is None and where is NO_VALUE:
        if (r := _listed(_NANMIN, a, axis, keepdims, initial)) is not None:
            return r
    return _nan_extreme("nanmin", min, np.inf, a, axis, out, keepdims, initial, where)


# --- NumPy's routines ---------------------------------------------------------------------------


def nanprod(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    keepdims: bool = NO_VALUE,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = NO_VALUE,
) -> Array:
    """Product along `axis`, NaNs counted as one."""
    if type(a) is Array and dtype is out is None and keepdims is initial is where is NO_VALUE:
        if type(d := a._data) is _NDARRAY and (axis is None or type(axis) is int):
            if (r := _first(_nanprod, d, axis)) is not None:
                return r
    return _routine(
        "nanprod", a, out, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where
    )


def nancumsum(
    a: ArrayLike,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
) -> Array:
    """Cumulative sum along `axis` (None: of the flattened array), NaNs counted as zero."""
    if type(a) is Array and dtype is out is None and type(d := a._data) is _NDARRAY:
        if axis is None or type(axis) is int:
            if (r := _first(_NANCUMSUM, d, axis)) is not None:
                return r
    return _routine("nancumsum", a, out, axis=axis, dtype=dtype)


def nancumprod(
    a: ArrayLike,
    axis: int | None = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
) -> Array:
    """Cumulative product along `axis` (None: of the flattened array), NaNs counted as one."""
    if type(a) is Array and dtype is out is None and type(d := a._data) is _NDARRAY:
        if axis is None or type(axis) is int:
            if (r := _first(_NANCUMPROD, d, axis)) is not None:
                return r
    return _routine("nancumprod", a, out, axis=axis, dtype=dtype)


@defers_to_numpy
def nanargmax(
    a: ArrayLike,
    axis: int | None = None,
    out: Array | None = None,
    *,
    keepdims: bool = NO_VALUE,
) -> Array:
    """Index of the maximum along `axis` ignoring NaNs; an all-NaN slice is a ValueError."""
    if type(a) is Array and out is None and keepdims is NO_VALUE and type(d := a._data) is _NDARRAY:
        if axis is None or type(axis) is int:
            # Note [No NaN, no copy]: without NaNs, NumPy's nanargmax is argmax, one pass
            routine = _ARGMAX if d.dtype.kind in "fc" and _no_nan(d) else _nanargmax
            if (r := _first(routine, d, axis)) is not None:
                return r
    return _routine("nanargmax", a, out, axis=axis, keepdims=keepdims)


@defers_to_numpy
def nanargmin(
    a: ArrayLike,
    axis: int | None = None,
    out: Array | None = None,
    *,
    keepdims: bool = NO_VALUE,
) -> Array:
    """Index of the minimum along `axis` ignoring NaNs; an all-NaN slice is a ValueError."""
    if type(a) is Array and out is None and keepdims is NO_VALUE and type(d := a._data) is _NDARRAY:
        if axis is None or type(axis) is int:
            # Note [No NaN, no copy]: without NaNs, NumPy's nanargmin is argmin, one pass
            routine = _ARGMIN if d.dtype.kind in "fc" and _no_nan(d) else _nanargmin
            if (r := _first(routine, d, axis)) is not None:
                return r
    return _routine("nanargmin", a, out, axis=axis, keepdims=keepdims)


@defers_to_numpy
def nanvar(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    ddof: float = 0,
    keepdims: bool = NO_VALUE,
    *,
    where: ArrayLike = NO_VALUE,
    mean: ArrayLike = NO_VALUE,
    correction: float = NO_VALUE,
) -> Array:
    """Variance along `axis` of the non-NaN elements, divided by count - ddof (or
    `correction`, its standard name); `mean` may pass a precomputed keepdims mean."""
    if type(a) is Array and dtype is out is None and type(ddof) in _WEAK:
        if keepdims is where is mean is correction is NO_VALUE and type(d := a._data) is _NDARRAY:
            if axis is None or type(axis) is int:
                if (r := _first(_spread, d, axis, ddof, False)) is not None:
                    return r
    return _routine(
        "nanvar",
        a,
        out,
        axis=axis,
        dtype=dtype,
        ddof=ddof,
        keepdims=keepdims,
        where=where,
        mean=mean,
        correction=correction,
    )


@defers_to_numpy
def nanstd(
    a: ArrayLike,
    axis: AxisLike | list[int] = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    ddof: float = 0,
    keepdims: bool = NO_VALUE,
    *,
    where: ArrayLike = NO_VALUE,
    mean: ArrayLike = NO_VALUE,
    correction: float = NO_VALUE,
) -> Array:
    """Standard deviation along `axis` of the non-NaN elements (see `nanvar`)."""
    if type(a) is Array and dtype is out is None and type(ddof) in _WEAK:
        if keepdims is where is mean is correction is NO_VALUE and type(d := a._data) is _NDARRAY:
            if axis is None or type(axis) is int:
                if (r := _first(_spread, d, axis, ddof, True)) is not None:
                    return r
    return _routine(
        "nanstd",
        a,
        out,
        axis=axis,
        dtype=dtype,
        ddof=ddof,
        keepdims=keepdims,
        where=where,
        mean=mean,
        correction=correction,
    )


@defers_to_numpy
def nanmedian(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    out: Array | None = None,
    overwrite_input: bool = False,
    keepdims: bool = NO_VALUE,
) -> Array:
    """Median along `axis` of the non-NaN elements (NaN for an all-NaN slice). The input is
    never overwritten: `overwrite_input` is accepted and ignored, which NumPy allows."""
    if type(a) is Array and out is None and keepdims is NO_VALUE and type(d := a._data) is _NDARRAY:
        if axis is None and d.size and d.dtype.char in REAL and (d.dtype.kind != "f" or _no_nan(d)):
            # np.nanmedian of all values is np.median of those not NaN: here, all of them
            return wrap(_ASARRAY(plain_median(d)))
        if axis is None or type(axis) is int:
            if (r := _first(_NANMEDIAN, d, axis)) is not None:
                return r
    return _routine("nanmedian", a, out, axis=axis, keepdims=keepdims)


def _nan_order(func: str, a, q, axis, out, method, keepdims, weights) -> Array:
    if type(a) is Array and out is weights is None and keepdims is NO_VALUE and type(q) in _WEAK:
        d = a._data  # a real CPU array (check_real's dtypes) and a weak q: NumPy's own call
        if type(d) is _NDARRAY and d.dtype.kind in "biuf" and (axis is None or type(axis) is int):
            if axis is None and method == "linear" and type(q) is float and _no_nan(d):
                # without NaNs, NumPy's own percentile/quantile: by the radix select
                got = plain_quantile(d, q, func == "nanpercentile")
                if got is not None:
                    return wrap(_ASARRAY(got))
            routine = _NANPERCENTILE if func == "nanpercentile" else _NANQUANTILE
            if (r := _first(routine, d, q, axis, None, False, method)) is not None:
                return r
    x = as_array(a, func)
    check_real(x, func)
    # A Python scalar q stays weak, as in NumPy: float32 data gives float32 results.
    return _routine(func, x, out, q=q, axis=axis, method=method, keepdims=keepdims, weights=weights)


@defers_to_numpy
def nanpercentile(
    a: ArrayLike,
    q: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    out: Array | None = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = NO_VALUE,
    *,
    weights: ArrayLike | None = None,
) -> Array:
    """The q-th percentiles (q in [0, 100]) of the non-NaN elements along `axis`."""
    return _nan_order("nanpercentile", a, q, axis, out, method, keepdims, weights)


@defers_to_numpy
def nanquantile(
    a: ArrayLike,
    q: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    out: Array | None = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = NO_VALUE,
    *,
    weights: ArrayLike | None = None,
) -> Array:
    """The q-th quantiles (q in [0, 1]) of the non-NaN elements along `axis`."""
    return _nan_order("nanquantile", a, q, axis, out, method, keepdims, weights)


NUMPY_ALIASES: dict = {
    "nansum": nansum,
    "nanmean": nanmean,
    "nanmax": nanmax,
    "nanmin": nanmin,
    "nanprod": nanprod,
    "nancumsum": nancumsum,
    "nancumprod": nancumprod,
    "nanargmax": nanargmax,
    "nanargmin": nanargmin,
    "nanvar": nanvar,
    "nanstd": nanstd,
    "nanmedian": nanmedian,
    "nanpercentile": nanpercentile,
    "nanquantile": nanquantile,
}
