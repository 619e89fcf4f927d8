"""Statistical functions (Array API chapter "Statistical Functions"), plus argmax, argmin and
count_nonzero from the searching chapter, all run through the iterator's reduction mode.

Each public function resolves axes and dtypes from its record in the reduction table
(`_ops/reductions.py`, read through `_dispatch.reduction.SPECS`), then hands
`_dispatch.reduction.reduce` the record and the host callables of its reduction (see
`_iter/reduce.py` for how they are split across threads); repeated small calls replay a cached
plan (Note [Small reductions] in `_dispatch/reduction.py`). Differences from
the standard, following NumPy 2: `mean`, `var` and `std` accept integer and bool input and
return float64; `var` and `std` accept complex input and return the real dtype; `max`/`min`
order complex numbers lexicographically.

The scans (cumulative_sum, cumulative_prod and NumPy's cumsum, cumprod) live in
`_statistical_cumulative`, and the forms with NumPy's keywords in `_statistical_keywords`;
this module re-exports them, so every import of them from here keeps working.
"""

from __future__ import annotations

import builtins
import functools

import numpy as np

from ._array import Array, backing, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._core.convert import undispatched
from ._dispatch.compiled import compiled, compiled_reduction
from ._dispatch.host_only import defers_to_numpy, numpy_for_foreign
from ._dispatch.plans import PLANS
from ._dispatch.reduction import (
    SPECS,
    cached,
    check_keepdims,
    check_nonempty,
    checked,
    entry_frame,
    fold,
    folding,
    listed,
    monoid,
    reduce,
    relayed,
    requested_dtype,
    small_key,
    sum_of,
    warn_at_caller,
    xp_of,
)
from ._numpy_ondevice import NO_VALUE
from ._statistical_cumulative import cumprod, cumsum, cumulative_prod, cumulative_sum
from ._statistical_keywords import _numpy_form, _plain, numpy_number
from ._statistical_moments import count as _count
from ._statistical_moments import mean_reducers, var_reducers
from ._typing import ArrayLike, AxisLike, DTypeLike, Scalar

# --- sum, prod, max, min ---------------------------------------------------------------------


def _accumulate(x, axis, dtype, keepdims, spec) -> Array:
    func = spec.name
    x = listed(x, func)
    spelled = dtype
    if dtype is not None:  # `dtype=float`, 'f4', np.float32: one key, one plan
        dtype = _dtypes.as_dtype(dtype, func)
    key = small_key(func, x, axis, keepdims, dtype)
    if (hit := cached(key, x)) is not None:
        if spelled is not dtype and type(spelled) in _dtypes.SPELLING_TYPES:
            PLANS.put(key[:-1] + (spelled,), PLANS.plans[key])  # the C twin's key: as given
        return hit
    data, axes = checked(x, axis, keepdims, func)
    out_dtype = requested_dtype(dtype, spec.result_dtype(_dtypes.from_numpy(data.dtype)), func)
    reducer, combine = monoid(xp_of(data), spec, out_dtype.numpy)
    return reduce(spec, data, axes, keepdims, out_dtype, func, reducer, combine, small_key=key)


def _written(out, r: Array) -> Array | None:
    """`out` holding `r`, where out is a CPU Array of r's shape and dtype: NumPy's answer then
    (its reduction accumulates in out's dtype, which is r's); else None, for NumPy's form."""
    if type(out) is Array and type(o := out._data) is np.ndarray and o.flags.writeable:
        d = r._data
        if type(d) is np.ndarray and o.shape == d.shape and o.dtype == d.dtype:
            o[...] = d
            return out
    return None


def sum(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    keepdims: bool = False,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = True,
) -> Array:
    """Sum over `axis` (None: all axes). Integer inputs accumulate in int64 (unsigned: uint64).

    NumPy's `out`, `initial` (added once to each sum) and `where` (a mask of the elements to
    add) are accepted, with NumPy's meaning.

    >>> import xtensor as xp
    >>> xp.sum(xp.asarray([[1, 2], [3, 4]], dtype=xp.int32), axis=0)
    array([4, 6])
    """
    if type(x) is not Array:  # another library's array (`_foreign`)
        if (r := _foreign("sum", x, keepdims, axis=axis, dtype=dtype)) is not None:
            return r
    if _plain(out, where, initial):
        return _accumulate(x, axis, dtype, keepdims, SPECS["sum"])
    if _plain(None, where, initial):  # with `out=` only: the plain call, written into out
        if (r := _written(out, _accumulate(x, axis, dtype, keepdims, SPECS["sum"]))) is not None:
            return r
    return _numpy_form(
        "sum", x, out, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where
    )


def prod(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    keepdims: bool = False,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = True,
) -> Array:
    """Product over `axis`; the empty product is 1. Dtype rules and NumPy's keywords as for
    `sum`."""
    if type(x) is not Array:  # another library's array (`_foreign`)
        if (r := _foreign("prod", x, keepdims, axis=axis, dtype=dtype)) is not None:
            return r
    if _plain(out, where, initial):
        return _accumulate(x, axis, dtype, keepdims, SPECS["prod"])
    if _plain(None, where, initial):  # with `out=` only: the plain call, written into out
        if (r := _written(out, _accumulate(x, axis, dtype, keepdims, SPECS["prod"]))) is not None:
            return r
    return _numpy_form(
        "prod", x, out, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial, where=where
    )


def max(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    out: Array | None = None,
    keepdims: bool = False,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = True,
) -> Array:
    """Largest value over `axis`; NaN propagates; ValueError for an empty reduction.

    NumPy's `initial` (a value every maximum includes, which makes an empty reduction
    valid), `where` (requires `initial`, as in NumPy) and `out` are accepted.
    """
    if type(x) is not Array:  # another library's array (`_foreign`)
        if (r := _foreign("max", x, keepdims, axis=axis)) is not None:
            return r
    if _plain(out, where, initial):
        return fold(x, axis, keepdims, SPECS["max"])
    if _plain(None, where, initial):  # with `out=` only: the plain call, written into out
        if (r := _written(out, fold(x, axis, keepdims, SPECS["max"]))) is not None:
            return r
    return _numpy_form("max", x, out, axis=axis, keepdims=keepdims, initial=initial, where=where)


def min(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    out: Array | None = None,
    keepdims: bool = False,
    initial: Scalar = NO_VALUE,
    where: ArrayLike = True,
) -> Array:
    """Smallest value over `axis`; NaN propagates; ValueError for an empty reduction. NumPy's
    keywords as for `max`."""
    if type(x) is not Array:  # another library's array (`_foreign`)
        if (r := _foreign("min", x, keepdims, axis=axis)) is not None:
            return r
    if _plain(out, where, initial):
        return fold(x, axis, keepdims, SPECS["min"])
    if _plain(None, where, initial):  # with `out=` only: the plain call, written into out
        if (r := _written(out, fold(x, axis, keepdims, SPECS["min"]))) is not None:
            return r
    return _numpy_form("min", x, out, axis=axis, keepdims=keepdims, initial=initial, where=where)


def _foreign(name: str, x, keepdims: bool = False, **options):
    """NumPy's reduction `name` of another library's array, which NumPy hands to the object's
    own method (`np.mean(df, axis=0)` is a pandas Series), with the options NumPy passes on;
    None for any other x."""
    if keepdims:
        options["keepdims"] = True
    options = {k: v for k, v in options.items() if v is not None}
    r = numpy_for_foreign(name, x, **options)
    return None if r is NotImplemented else r


# --- mean, var, std --------------------------------------------------------------------------


def mean(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    keepdims: bool = False,
    *,
    where: ArrayLike = True,
) -> Array:
    """Arithmetic mean over `axis`; NaN for an empty reduction. Integers give float64 (NumPy).

    NumPy's `dtype` (the dtype summed in and returned), `out` and `where` (the mean of the
    selected elements) are accepted.

    >>> import xtensor as xp
    >>> xp.mean(xp.asarray([1.0, 2.0, 4.5]))
    np.float64(2.5)
    """
    if type(x) is not Array:  # another library's array (`_foreign`)
        if (r := _foreign("mean", x, keepdims, axis=axis, dtype=dtype)) is not None:
            return r
    if dtype is not None or not _plain(out, where):
        if dtype is not None and type(dtype) is not _DTYPE:
            dtype = _dtypes.as_dtype(dtype, "mean")  # (NumPy's spellings take the branch)
        if type(x) is Array and type(dtype) is _DTYPE and out is None and where is True:
            d = x._data  # NumPy's mean in a named dtype: the call below, without its steps
            if type(d) is _NDARRAY and (axis is None or type(axis) is int):
                try:  # ndarray.mean: np.mean's own `_methods._mean`, minus np.mean's frame
                    r = d.mean(axis, dtype.numpy, None, keepdims)
                except Exception:  # a cast NumPy refuses, a bad axis: `_numpy_form` words it
                    pass
                else:  # (`dtype` is xtensor's, so the result's is too)
                    return wrap(r if type(r) is _NDARRAY else _ASARRAY(r))
        return _numpy_form("mean", x, out, axis=axis, dtype=dtype, keepdims=keepdims, where=where)
    spec = SPECS["mean"]
    func = spec.name
    x = listed(x, func)
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data, axes = checked(x, axis, keepdims, func)
    total = _count(data.shape, axes)
    if total == 0 and (numpy_answer := _degenerate(spec, data, axes, keepdims)) is not None:
        return numpy_answer
    compute = spec.result_dtype(_dtypes.from_numpy(data.dtype))
    reducer, combine, partial = mean_reducers(xp_of(data), compute.numpy, total)
    return reduce(
        spec, data, axes, keepdims, compute, func, reducer, combine, partial, small_key=key
    )


_DTYPE, _NDARRAY, _ASARRAY = _dtypes.DType, np.ndarray, np.asarray

_DEGENERATE = {"mean": "Mean of empty slice", "var": "Degrees of freedom <= 0 for slice"}


def _degenerate(spec, data, axes: tuple, keepdims: bool, **options) -> Array | None:
    """The mean of an empty slice, or var/std with a correction >= the slice's count, as NumPy
    answers it: NumPy's own routine on host data, so its RuntimeWarnings come as its do ("Mean
    of empty slice", "Degrees of freedom <= 0 for slice", then its division's invalid or
    divide-by-zero under the caller's `np.errstate`) with its values, but var/std's NaN, which
    the standard requires where NumPy's nonzero sum over zero degrees of freedom gives inf.
    Device data warns the first and returns None: the engine computes it. No small plan is
    recorded, so every such call comes back here. The first warning names the user's line, as
    NumPy's ndarray methods name it, but after a call of the function `mean` or `var` itself a
    line of NumPy's, as NumPy's functions name it (then shown once for all the user's calls)."""
    if xp_of(data) is not np:
        warn_at_caller(_DEGENERATE["mean" if spec.name == "mean" else "var"])
        return None
    entry = entry_frame().f_code
    called = entry.co_name == spec.name and entry.co_filename == __file__  # not by a method
    routine = getattr(np, spec.name) if called and spec.name in _DEGENERATE else None
    routine = functools.partial(routine, data) if routine else getattr(data, spec.name)
    answer = relayed(routine, axis=axes, keepdims=keepdims, **options)
    if spec.name != "mean":  # the standard: no degrees of freedom left *must* be NaN (NumPy's
        answer = np.full_like(answer, np.nan)  # nonzero sum over zero of them is inf)
    return wrap(answer if type(answer) is _NDARRAY else _ASARRAY(answer))


def _spread(x, axis, correction, keepdims, ddof, spec) -> Array:
    func, key = spec.name, None
    x = listed(x, func)
    if ddof is not None:  # NumPy's name for `correction` (the methods' default is ddof=0)
        if ddof != 0 and correction != 0:
            raise ValueError(f"{func}: ddof and correction can't both be given; pass one")
        correction = ddof
    if type(correction) not in (int, float):
        correction = numpy_number(correction)  # `np.int64(1)`, a 0-d array: NumPy's numbers
    if type(correction) in (int, float):  # bools take the checked path
        extra = None if correction == 0 else (type(correction), correction)  # None: C twin's
        key = small_key(func, x, axis, keepdims, extra)
        if (hit := cached(key, x)) is not None:
            return hit
    data, axes = checked(x, axis, keepdims, func)
    if isinstance(correction, builtins.bool) or not isinstance(correction, (int, float)):
        raise TypeError(
            f"{func}: correction must be an int or a float; got {type(correction).__name__}"
        )
    if data.dtype.kind == "O":  # NumPy's moments of Python objects (exact for Fractions)
        # NumPy's default ddof is the int 0: a float one would turn Fractions into floats
        return _numpy_form(func, x, None, axis=axis, ddof=correction or 0, keepdims=keepdims)
    total = _count(data.shape, axes)
    if total <= correction:  # no degrees of freedom left (an empty slice among them)
        numpy_answer = _degenerate(spec, data, axes, keepdims, ddof=correction)
        if numpy_answer is not None:
            return numpy_answer
    in_dtype = _dtypes.from_numpy(data.dtype)
    compute = SPECS["mean"].result_dtype(in_dtype)  # complex data: the moments stay complex
    reducer, combine, partial = var_reducers(
        xp_of(data), compute.numpy, total, correction, spec.root
    )
    return reduce(
        spec,
        data,
        axes,
        keepdims,
        spec.result_dtype(in_dtype),
        func,
        reducer,
        combine,
        partial,
        ddof=correction,
        small_key=key,
    )


def var(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    ddof: float | None = None,
    keepdims: bool = False,
    *,
    where: ArrayLike = True,
    mean: ArrayLike = NO_VALUE,
    correction: float = 0.0,
) -> Array:
    """Variance over `axis`, dividing by N - correction (NaN when that is <= 0).

    `ddof` is accepted as NumPy's name for `correction`, and NumPy's `dtype`, `out`, `where`
    and `mean` (the precomputed mean) with NumPy's meaning.
    """
    if type(x) is not Array:  # NumPy hands ddof on, 0 unless given
        options = dict(axis=axis, dtype=dtype, ddof=correction if ddof is None else ddof)
        if (r := _foreign("var", x, keepdims, **options)) is not None:
            return r
    if dtype is None and mean is NO_VALUE and out is None and where is True:  # _plain, inlined
        return _spread(x, axis, correction, keepdims, ddof, SPECS["var"])
    if ddof is None:  # NumPy's name for `correction`
        ddof = correction
    options = dict(dtype=dtype, ddof=ddof, keepdims=keepdims, where=where, mean=mean)
    return _numpy_form("var", x, out, axis=axis, **options)


def std(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
    ddof: float | None = None,
    keepdims: bool = False,
    *,
    where: ArrayLike = True,
    mean: ArrayLike = NO_VALUE,
    correction: float = 0.0,
) -> Array:
    """Standard deviation over `axis`: the square root of `var`."""
    if type(x) is not Array:  # NumPy hands ddof on, 0 unless given
        options = dict(axis=axis, dtype=dtype, ddof=correction if ddof is None else ddof)
        if (r := _foreign("std", x, keepdims, **options)) is not None:
            return r
    if dtype is None and mean is NO_VALUE and out is None and where is True:  # _plain, inlined
        return _spread(x, axis, correction, keepdims, ddof, SPECS["std"])
    if ddof is None:  # NumPy's name for `correction`
        ddof = correction
    options = dict(dtype=dtype, ddof=ddof, keepdims=keepdims, where=where, mean=mean)
    return _numpy_form("std", x, out, axis=axis, **options)


# --- count_nonzero, argmax, argmin (searching chapter) ---------------------------------------


_NP_COUNT_NONZERO = undispatched(np.count_nonzero)  # count_nonzero hands it exact ndarrays


@defers_to_numpy
def count_nonzero(x: ArrayLike, /, axis: AxisLike = None, *, keepdims: bool = False) -> Array:
    """Number of nonzero (True, NaN-including) elements over `axis`, as int64."""
    x = listed(x, "count_nonzero")
    if axis is None and keepdims is False and type(x) is Array:
        data = x._data  # the whole count of a CPU array: NumPy's, without the plan's steps
        if type(data) is np.ndarray and data.dtype.kind in "biufc":
            count = _NP_COUNT_NONZERO(data)  # NumPy's intp: int64 (0-d as is) on 64-bit hosts
            return wrap(np.asarray(count) if type(count) is np.int64 else np.array(count, np.int64))
    if type(x) is Array and type(axis) is int and type(keepdims) is bool:
        data = x._data  # NumPy's count along one axis (its own steps): a sum of the bools,
        # into a C-ordered result as the checked path's only where data is C-ordered and not
        # empty (strides 0), nor 0-d (NumPy's sum takes axis 0; the checked path refuses it)
        if type(data) is _NDARRAY and data.dtype.kind in "biufc" and data.ndim and data.size:
            if data.flags.c_contiguous and (r := _count_along(data, axis, keepdims)) is not None:
                return r
    spec = SPECS["count_nonzero"]
    func = spec.name
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data, axes = checked(x, axis, keepdims, func)
    if data.dtype.kind not in "biufc":  # text, dates, objects: NumPy's truth of each ('' is 0)
        return _numpy_form(func, x, None, axis=axis, keepdims=keepdims)
    xp, index = xp_of(data), spec.result_dtype(_dtypes.from_numpy(data.dtype))
    add = sum_of(xp)

    def reducer(view, axes, out):
        kept = 1
        for d in range(view.ndim):
            kept *= 1 if d in axes else view.shape[d]
        if xp is np and kept == 1:  # one count: NumPy's whole-array count, ~10x the sum's speed
            count = np.count_nonzero(view)
            if out is None:
                return np.full((1,) * view.ndim, count, index.numpy)
            out[...] = count
            return out
        return add(view != 0, axes, index.numpy, out, True)  # (array, axis, dtype, out, keepdims)

    combine = monoid(xp, folding(spec), index.numpy)[1]  # partial counts add up
    return reduce(spec, data, axes, keepdims, index, func, reducer, combine, small_key=key)


def _count_along(data, axis: int, keepdims: bool) -> Array | None:
    """np.count_nonzero(data, axis, keepdims=keepdims) as NumPy computes it; None where NumPy
    raises (a bad axis), so that the checked path words the error."""
    try:
        count = data.astype(_BOOL, copy=False).sum(axis, _INT64, None, keepdims)  # NumPy: intp
    except Exception:
        return None
    return wrap(count if type(count) is _NDARRAY else _ASARRAY(count))


_BOOL, _INT64 = np.dtype(np.bool_), np.dtype(np.int64)


def _arg_reducers(xp, fn):
    """Index of the first extreme; chunks combine (value, index) pairs in order."""

    def reducer(view, axes, out):
        if not axes:
            if out is None:
                return xp.zeros(view.shape, _dtypes.DEFAULT_INDEX.numpy)
            out[...] = 0
            return out
        return fn(view, axis=axes[0], out=out, keepdims=True)

    def whole(view, axes, dtype, out=None):  # (run_small's `out=...`: a ufunc's, unused)
        return fn(view, axes[0])

    if xp is np and np.dtype(np.intp) == _dtypes.DEFAULT_INDEX.numpy:
        reducer.whole = (whole, None)  # SmallPlan.whole: NumPy's method on the one axis

    def partial(view, axes, start):
        index = fn(view, axis=axes[0], keepdims=True)
        return xp.take_along_axis(view, index, axis=axes[0]), index + start[0]

    def combine(states, out):
        values = xp.stack([v for v, _ in states])
        which = fn(values, axis=0, keepdims=True)  # first chunk holding the extreme (or NaN)
        indices = xp.stack([i for _, i in states])
        out[...] = xp.take_along_axis(indices, which, axis=0)[0]

    return reducer, combine, partial


def _argfold(x, axis, keepdims, spec) -> Array:
    func = spec.name
    x = listed(x, func)
    key = small_key(func, x, axis, keepdims)
    if (hit := cached(key, x)) is not None:
        return hit
    data = backing(x, func, scalars=False)
    check_keepdims(keepdims, func)
    ndim, flat = data.ndim, axis is None
    if flat:  # the index into the flattened (C-order) array
        axis, data = 0, data.reshape(-1)
    else:
        axis = normalize_axis(axis, ndim, func)
    check_nonempty(data, (axis,), spec, func)
    xp = xp_of(data)
    # ndarray.argmax is what np.argmax calls, without its wrapper
    reducer, combine, partial = _arg_reducers(xp, getattr(np.ndarray if xp is np else xp, func))
    if keepdims:  # flat: every dim of x kept as 1; otherwise only `axis` shrinks to 1
        shape = (
            (1,) * ndim if flat else tuple(1 if d == axis else n for d, n in enumerate(data.shape))
        )
    else:
        shape = tuple(n for d, n in enumerate(data.shape) if d != axis)
    out_dtype = spec.result_dtype(_dtypes.from_numpy(data.dtype))
    return reduce(
        spec,
        data,
        (axis,),
        True,
        out_dtype,
        func,
        reducer,
        combine,
        partial,
        shape=shape,
        small_key=key,
        flat=flat,
    )


def argmax(
    x: ArrayLike, /, axis: int | None = None, out: Array | None = None, *, keepdims: bool = False
) -> Array:
    """Index of the first maximum over `axis` (None: of the flattened array), as int64. NumPy's
    `out` is filled and returned, with NumPy's checks of its shape and dtype."""
    if type(x) is not Array:  # another library's array (`_foreign`): `df.iloc[argmax(s)]`
        if (r := _foreign("argmax", x, keepdims, axis=axis)) is not None:
            return r
    if out is None:
        return _argfold(x, axis, keepdims, SPECS["argmax"])
    return _numpy_form("argmax", x, out, axis=axis, keepdims=keepdims)


def argmin(
    x: ArrayLike, /, axis: int | None = None, out: Array | None = None, *, keepdims: bool = False
) -> Array:
    """Index of the first minimum over `axis` (None: of the flattened array), as int64; `out`
    as for `argmax`."""
    if type(x) is not Array:  # another library's array (`_foreign`): `df.iloc[argmax(s)]`
        if (r := _foreign("argmin", x, keepdims, axis=axis)) is not None:
            return r
    if out is None:
        return _argfold(x, axis, keepdims, SPECS["argmin"])
    return _numpy_form("argmin", x, out, axis=axis, keepdims=keepdims)


# Note [Compiled hot path] (_dispatch/_cfast.c): `sum(x)`, `max(x, 0)`... in C, as the methods
sum, prod, max, min, mean, var, std, argmax, argmin = map(
    compiled_reduction, (sum, prod, max, min, mean, var, std, argmax, argmin)
)
count_nonzero = compiled("count", count_nonzero)  # its first branch: `count_nonzero(x)`

NUMPY_ALIASES: dict = {"amax": max, "amin": min, "cumsum": cumsum, "cumprod": cumprod}

__all__ = [
    "sum",
    "prod",
    "max",
    "min",
    "mean",
    "var",
    "std",
    "cumulative_sum",
    "cumulative_prod",
    "count_nonzero",
    "argmax",
    "argmin",
]
