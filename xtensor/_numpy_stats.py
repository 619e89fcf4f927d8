"""NumPy-only statistics: order statistics, weighted averages, covariance and histograms
(the NaN-ignoring reductions live in `_numpy_nanfuncs`; this module's `NUMPY_ALIASES`
includes them).

Unweighted `average` is a composition of namespace functions. Order statistics, `cov`,
`corrcoef`, weighted `average` and the histograms run the device's own NumPy/CuPy routine on
validated buffers (`on_backend`, `_numpy_ondevice.call`): their many methods, weighting and
binning rules are NumPy's algorithm itself, and the results are checked to be in xtensor's
dtypes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.convert import undispatched
from ._creation import asarray
from ._dispatch.host_only import defers_to_numpy
from ._dispatch.reduction import relayed
from ._manipulation_operands import SEQUENCES, listed, listed_all
from ._numpy_helpers import as_array, on_backend
from ._numpy_median import REAL as _REAL
from ._numpy_median import plain_median as _plain_median
from ._numpy_median import plain_quantile
from ._numpy_nanfuncs import NUMPY_ALIASES as _NANFUNCS
from ._numpy_ondevice import NO_VALUE, call, given, operand, out_buffer, result
from ._numpy_run import result as array_result
from ._statistical import mean
from ._typing import ArrayLike, DTypeLike


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _written(value: Any, out: Array | None, func: str) -> Array:
    """NumPy's `out=`: the routine wrote into `out` (its casting and shape checks are NumPy's),
    which is the result; without `out`, the routine's result as an Array."""
    return array_result(value, func) if out is None else out


def _given(**kwargs) -> dict:
    """Only the options the caller set, so CuPy (which lacks some of them) accepts the call."""
    return {k: v for k, v in kwargs.items() if v is not None}


def _on_device(value, like: Array, func: str, name: str) -> Array:
    return asarray(as_array(value, func, name), device=like.device)


# --- order statistics ------------------------------------------------------------------------


@defers_to_numpy
def median(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    out: Array | None = None,
    overwrite_input: bool = False,
    keepdims: bool = False,
) -> Array:
    """The median along `axis` (None: of all elements); NaN where a slice holds a NaN.
    With overwrite_input=True, NumPy's routine may partially sort `a` in place, as NumPy's."""
    if type(a) is Array and out is None and not overwrite_input and keepdims is False:
        if type(d := a._data) is np.ndarray and d.dtype.kind in "biufc":
            # the call below, without its checks and frames (its steps themselves, when real)
            if axis is None:
                plain = _plain_median if d.size and d.dtype.char in _REAL else _MEDIAN
                return wrap(np.asarray(plain(d)))
            if type(axis) is int:
                try:
                    return array_result(_MEDIAN(d, axis), "median")
                except (IndexError, TypeError, ValueError):  # the checked path words the error
                    pass
    if type(a) in SEQUENCES and (y := listed(a)) is not None:  # Note [List operands]
        return median(y, axis, out, overwrite_input, keepdims)
    x = as_array(a, "median")
    extra = _given(out=out_buffer(out, x, "median"), overwrite_input=overwrite_input or None)
    value = on_backend("median", "median", (x,), axis=_axis(axis), keepdims=keepdims, **extra)
    return _written(value, out, "median")


_FLOAT64 = np.dtype(np.float64)


def _order_statistic(func: str, a, q, axis, out, overwrite, method, keepdims, weights) -> Array:
    if type(a) is Array and out is None and weights is None and not overwrite:
        d = a._data  # a real CPU array and NumPy's defaults: the call below, without its checks
        plain = type(d) is np.ndarray and d.dtype.kind in "biuf" and keepdims is False
        if plain and method == "linear" and (axis is None or type(axis) is int):
            if axis is None and type(q) is float:  # Note [Median by radix select]
                if (got := plain_quantile(d, q, func == "percentile")) is not None:
                    return wrap(np.asarray(got))
            if (qs := _plain_q(q)) is not None:
                try:
                    return wrap(np.asarray(_PLAIN[func](d, qs, axis)))
                except (IndexError, TypeError, ValueError):  # the checked path words the error
                    pass
    x = as_array(a, func)
    buffer = out_buffer(out, x, func)
    if x.dtype in _dtypes.COMPLEX_FLOATING:
        raise TypeError(f"{func}: a has dtype {x.dtype.name}, but {func} requires a real dtype")
    # A Python scalar q stays weak, as in NumPy: float32 data gives float32 results.
    q = q if type(q) in (int, float) else _on_device(q, x, func, "q")._data
    extra = _given(out=buffer, overwrite_input=overwrite or None)
    if weights is not None:
        extra["weights"] = _on_device(weights, x, func, "weights")._data
    value = on_backend(
        func, func, (x,), q, axis=_axis(axis), method=method, keepdims=keepdims, **extra
    )
    return _written(value, out, func)


# NumPy's functions, minus __array_function__'s frame: their first branches pass ndarrays
_MEDIAN = undispatched(np.median)
_PLAIN = {f: undispatched(getattr(np, f)) for f in ("percentile", "quantile")}
_WEAK_Q = (int, float)  # a Python q NumPy reads weakly: float32 data gives float32 results


def _plain_q(q):
    """`q` as the checked path hands it to NumPy, where that is plain: a Python number, a
    CPU Array's buffer, or a list of Python floats (which both make a float64 array); else
    None."""
    t = type(q)
    if t in _WEAK_Q:
        return q
    if t is Array:
        return q._data if type(q._data) is np.ndarray else None
    if t is list and q:
        for v in q:
            if type(v) is not float:
                return None
        return q
    return None


@defers_to_numpy
def percentile(
    a: ArrayLike,
    q: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    out: Array | None = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: ArrayLike | None = None,
) -> Array:
    """The q-th percentiles (q in [0, 100]) along `axis`, interpolated by `method`."""
    return _order_statistic(
        "percentile", a, q, axis, out, overwrite_input, method, keepdims, weights
    )


@defers_to_numpy
def quantile(
    a: ArrayLike,
    q: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    out: Array | None = None,
    overwrite_input: bool = False,
    method: str = "linear",
    keepdims: bool = False,
    *,
    weights: ArrayLike | None = None,
) -> Array:
    """The q-th quantiles (q in [0, 1]) along `axis`, interpolated by `method`."""
    return _order_statistic("quantile", a, q, axis, out, overwrite_input, method, keepdims, weights)


@defers_to_numpy
def average(
    a: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    weights: ArrayLike | None = None,
    returned: bool = False,
    *,
    keepdims: bool = NO_VALUE,
) -> Any:  # an Array; with returned=True, (average, sum of weights)
    """The (weighted) mean along `axis`; with returned=True also the sum of the weights."""
    if returned is False and keepdims is NO_VALUE and type(a) is Array:
        if weights is None and axis is None:
            return mean(a)  # the mean below: of all elements, so never empty
        if type(weights) is Array and type(d := a._data) is type(w := weights._data) is _NDARRAY:
            if d.dtype.kind in _NUMERIC and w.dtype.kind in _NUMERIC:
                if (out := _plain_average(d, w, axis)) is not None:
                    return out
    if type(a) in SEQUENCES or type(weights) in SEQUENCES:  # Note [List operands]
        if (ys := listed_all((a,) if weights is None else (a, weights))) is not None:
            return average(
                ys[0], axis, ys[-1] if len(ys) > 1 else None, returned, keepdims=keepdims
            )
    x = as_array(a, "average")
    if weights is None:
        avg = mean(x, axis=_axis(axis), keepdims=keepdims is True)
        if avg.size == 0:  # NumPy divides a.size by avg.size for the weight sum, returned or not
            raise ZeroDivisionError(
                f"average: the result of averaging shape {x.shape} along axis {axis} is empty"
            )
        if not returned:
            return avg
        count = x.size // avg.size
        total = asarray(np.full(avg.shape, count, dtype=avg.dtype.numpy), device=x.device)
        return avg, total[()] if total.ndim == 0 else total  # 0-d: NumPy's scalar, as avg is
    w = _on_device(weights, x, "average", "weights")
    try:
        out = on_backend(
            "average",
            "average",
            (x,),
            axis=_axis(axis),
            weights=w._data,
            returned=returned,
            **given(keepdims=keepdims),
        )
    except ZeroDivisionError as e:
        raise ZeroDivisionError(f"average: {e}") from None
    if returned:  # (average, sum of weights)
        return tuple(array_result(o, "average") for o in out)
    return array_result(out, "average")


def _plain_average(d, w, axis) -> Array | None:
    """np.average(d, axis, weights=w) of numeric CPU data, in NumPy's own steps (its weighted
    branch), as the call below answers it, for weights of d's shape, or 1-d ones along an int
    `axis`; None for others, and where the weights sum to zero, which the checked path
    refuses."""
    if w.shape != d.shape:
        if type(axis) is not int or w.ndim != 1 or not -d.ndim <= axis < d.ndim:
            return None
        if w.shape[0] != d.shape[axis]:
            return None
        w = w.reshape((1,) * (d.ndim - 1) + w.shape).swapaxes(-1, axis)  # along `axis`
    elif axis is not None and type(axis) is not int:
        return None
    if d.dtype.kind in "biu":  # NumPy averages integers and bools in at least float64
        t = _RESULT_TYPE(d.dtype, w.dtype, _FLOAT64)
    else:
        t = _RESULT_TYPE(d.dtype, w.dtype)
    try:
        total = w.sum(axis, dtype=t)
    except ValueError:  # an axis out of range: the checked path words it
        return None
    if total == 0.0 if axis is None else (total == 0.0).any():
        return None
    return wrap(np.asarray(np.multiply(d, w, dtype=t).sum(axis) / total))  # 0-d for a scalar


# --- covariance and histograms ---------------------------------------------------------------


def _pair(func: str, m, y) -> tuple:
    x = as_array(m, func, "m" if func == "cov" else "x")
    return (x,) if y is None else (x, _on_device(y, x, func, "y"))


def cov(
    m: ArrayLike,
    y: ArrayLike | None = None,
    rowvar: bool = True,
    bias: bool = False,
    ddof: int | None = None,
    fweights: ArrayLike | None = None,
    aweights: ArrayLike | None = None,
    *,
    dtype: DTypeLike | None = None,
) -> Array:
    """Covariance matrix of the variables in the rows (rowvar=True) or columns of `m`."""
    if rowvar is True and bias is False and ddof is fweights is aweights is dtype is None:
        if (out := _plain_pair(_COV, m, y)) is not None:
            return out
    arrays = _pair("cov", m, y)
    weights = {
        name: _on_device(w, arrays[0], "cov", name)._data
        for name, w in (("fweights", fweights), ("aweights", aweights))
        if w is not None
    }
    return array_result(
        relayed(  # NumPy's "Degrees of freedom <= 0" at the user's line, as for _COV
            on_backend,
            "cov",
            "cov",
            arrays,
            rowvar=rowvar,
            bias=bias,
            **_given(ddof=ddof, dtype=_numpy_dtype(dtype, "cov")),
            **weights,
        ),
        "cov",
    )


def corrcoef(
    x: ArrayLike, y: ArrayLike | None = None, rowvar: bool = True, *, dtype: DTypeLike | None = None
) -> Array:
    """Pearson correlation coefficients of the variables in the rows (or columns) of `x`."""
    if rowvar is True and dtype is None and (out := _plain_pair(_CORRCOEF, x, y)) is not None:
        return out
    arrays = _pair("corrcoef", x, y)
    return array_result(
        on_backend(
            "corrcoef",
            "corrcoef",
            arrays,
            rowvar=rowvar,
            **_given(dtype=_numpy_dtype(dtype, "corrcoef")),
        ),
        "corrcoef",
    )


def _host_values(value):
    """`range=` as NumPy's histograms read it: Arrays (`(x.min(), x.max())`, NumPy's scalars
    in NumPy) as Python numbers or NumPy arrays, in the lists and tuples that hold them."""
    if isinstance(value, Array):
        return value.item() if value.ndim == 0 else np.asarray(value)
    if type(value) in (list, tuple):
        return type(value)(_host_values(v) for v in value)
    return value


def _plain_pair(routine, m, y) -> Array | None:
    """`routine(m, y)` (np.cov or np.corrcoef, NumPy's defaults) on CPU Arrays of the
    standard's numeric dtypes: the call above, minus its checks; None for other operands,
    and where NumPy refuses the call (the checked path then words the error)."""
    if type(m) is not Array or type(d := m._data) is not _NDARRAY or d.dtype.kind not in _NUMERIC:
        return None
    if y is None:
        e = None
    elif type(y) is not Array or type(e := y._data) is not _NDARRAY or e.dtype.kind not in _NUMERIC:
        return None
    try:
        out = routine(d, e)
    except (TypeError, ValueError, IndexError, ZeroDivisionError):
        return None
    if type(out) is _NDARRAY:  # result's answer for NumPy's dtypes of numeric input
        return made_as_array(wrap(out))
    return array_result(out, "corrcoef")  # corrcoef of one value: a NumPy scalar


# NumPy's functions, minus __array_function__'s frame (they are handed exact ndarrays)
_COV, _CORRCOEF, _HISTOGRAM = (undispatched(f) for f in (np.cov, np.corrcoef, np.histogram))
# np.cov warns "Degrees of freedom <= 0 for slice" at its caller's line, which is ours: `relayed`
# gives it at the user's (Note [Warnings NumPy's functions aim at their caller] in _backends/cpu.py)
_COV = functools.partial(relayed, _COV)
_HISTOGRAM_BIN_EDGES, _HISTOGRAM2D, _HISTOGRAMDD = (
    undispatched(f) for f in (np.histogram_bin_edges, np.histogram2d, np.histogramdd)
)
_NDARRAY, _NUMERIC, _RESULT_TYPE = np.ndarray, "biufc", np.result_type


def _numpy_dtype(dtype, func: str):
    return None if dtype is None else _dtypes.as_dtype(dtype, func).numpy


def _binned(routine, bins, *arrays, **options):
    """NumPy's `routine(*data, bins, **options)` (a histogram function, undispatched) of real
    CPU Arrays and a bin count or a CPU Array of edges, the call the function below makes
    without its steps; None for other arguments, and where NumPy refuses them (the checked
    path then words the error)."""
    datas = [a._data for a in arrays if type(a) is Array]
    if type(bins) is Array and type(bins._data) is _NDARRAY:
        bins = bins._data
    elif type(bins) is not int:
        return None
    if len(datas) != len(arrays):
        return None
    for d in datas:
        if type(d) is not _NDARRAY or d.dtype.kind not in "iuf":
            return None
    try:
        return routine(*datas, bins, **options)
    except (TypeError, ValueError):
        return None


def histogram(
    a: ArrayLike,
    bins: int | str | ArrayLike = 10,
    range: tuple[float, float] | None = None,
    density: bool | None = None,
    weights: ArrayLike | None = None,
) -> tuple[Array, Array]:
    """(counts, bin_edges) of the flattened `a`; `bins` is a count, edges, or a rule name."""
    plain = density is None or type(density) is bool
    if weights is None and (range is None or type(range) is tuple) and plain:
        got = _binned(_HISTOGRAM, bins, a, range=_host_values(range), density=density)
        if got is not None:
            counts, edges = got
            return wrap(counts), wrap(edges)  # intp counts, float edges: xtensor's dtypes
    x = as_array(a, "histogram")
    if not isinstance(bins, (int, np.integer, str)):
        bins = _on_device(bins, x, "histogram", "bins")._data
    extra = (
        {} if weights is None else {"weights": _on_device(weights, x, "histogram", "weights")._data}
    )
    counts, edges = on_backend(
        "histogram",
        "histogram",
        (x,),
        bins=bins,
        range=_host_values(range),
        density=density,
        **extra,
    )
    return array_result(counts, "histogram"), array_result(edges, "histogram")


def _bins(bins, like: Array, func: str):
    """`bins` for the routine: counts and rule names as given, edge arrays as buffers on
    `like`'s device; a list or tuple (one entry per dimension) item by item."""
    if isinstance(bins, (int, np.integer, str)):
        return bins
    if isinstance(bins, (list, tuple)) and any(
        isinstance(b, (Array, list, tuple, np.ndarray)) for b in bins
    ):
        return [_bins(b, like, func) for b in bins]
    return operand(bins, like, func, "bins")._data


def _weights(weights, like: Array, func: str) -> dict:
    return {} if weights is None else {"weights": operand(weights, like, func, "weights")._data}


def histogram_bin_edges(
    a: ArrayLike,
    bins: int | str | ArrayLike = 10,
    range: tuple[float, float] | None = None,
    weights: ArrayLike | None = None,
) -> Array:
    """The bin edges `histogram` would use for `a` with these arguments."""
    if range is weights is None:
        if (got := _binned(_HISTOGRAM_BIN_EDGES, bins, a)) is not None:
            return wrap(got)
    x = as_array(a, "histogram_bin_edges")
    out = call(
        "histogram_bin_edges",
        "histogram_bin_edges",
        x,
        x._data,
        bins=_bins(bins, x, "histogram_bin_edges"),
        range=_host_values(range),
        **_weights(weights, x, "histogram_bin_edges"),
    )
    return result(out, "histogram_bin_edges")


def histogram2d(
    x: ArrayLike,
    y: ArrayLike,
    bins: int | ArrayLike | Sequence[int | ArrayLike] = 10,
    range: ArrayLike | None = None,
    density: bool | None = None,
    weights: ArrayLike | None = None,
) -> tuple[Array, Array, Array]:
    """(H, xedges, yedges): the 2-D histogram of the points (x[i], y[i])."""
    if range is density is weights is None:
        if (got := _binned(_HISTOGRAM2D, bins, x, y)) is not None:
            return tuple(map(wrap, got))
    xs = as_array(x, "histogram2d", "x")
    ys = operand(y, xs, "histogram2d", "y")
    out = call(
        "histogram2d",
        "histogram2d",
        xs,
        xs._data,
        ys._data,
        bins=_bins(bins, xs, "histogram2d"),
        range=_host_values(range),
        density=density,
        **_weights(weights, xs, "histogram2d"),
    )
    return result(out, "histogram2d")


def histogramdd(
    sample: ArrayLike,
    bins: int | ArrayLike | Sequence[int | ArrayLike] = 10,
    range: Sequence[tuple[float, float] | None] | None = None,
    density: bool | None = None,
    weights: ArrayLike | None = None,
) -> tuple[Array, list[Array]]:
    """(H, edges): the D-dimensional histogram of `sample`, an (N, D) array or a sequence of
    D coordinate arrays; `edges` is a list of D arrays."""
    if range is density is weights is None:
        if (got := _binned(_HISTOGRAMDD, bins, sample)) is not None:
            counts, edges = got
            return wrap(counts), [wrap(e) for e in edges]
    if isinstance(sample, (list, tuple)) and len(sample):  # NumPy's: D coordinate sequences
        first = as_array(sample[0], "histogramdd", "sample")  # (an array's rows are points)
        data = [operand(s, first, "histogramdd", "sample")._data for s in sample]
    else:
        first = as_array(sample, "histogramdd", "sample")
        data = first._data
    out = call(
        "histogramdd",
        "histogramdd",
        first,
        data,
        bins=_bins(bins, first, "histogramdd"),
        range=_host_values(range),
        density=density,
        **_weights(weights, first, "histogramdd"),
    )
    return result(out, "histogramdd")


NUMPY_ALIASES: dict = {
    "median": median,
    "percentile": percentile,
    "quantile": quantile,
    "average": average,
    "cov": cov,
    "corrcoef": corrcoef,
    "histogram": histogram,
    "histogram_bin_edges": histogram_bin_edges,
    "histogram2d": histogram2d,
    "histogramdd": histogramdd,
    **_NANFUNCS,
}
