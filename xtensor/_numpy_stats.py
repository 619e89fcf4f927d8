"""NumPy-only statistics: order statistics, weighted averages, NaN-ignoring reductions,
covariance and histograms.

The NaN-ignoring reductions and unweighted `average` are compositions of namespace functions.
Order statistics, `cov`, `corrcoef`, weighted `average` and `histogram` run the device's own
NumPy/CuPy routine on validated buffers (`on_backend`): their many methods and weighting rules
are NumPy's algorithm itself, and the results are checked to be in xtensor's dtypes.
"""

from __future__ import annotations

import numpy as np

from ._array import Array
from ._core import dtypes as _dtypes
from ._creation import asarray
from ._data_types import astype
from ._elementwise import divide, isnan, logical_not
from ._numpy_helpers import as_array, named_errors, on_backend, to_result
from ._searching import where
from ._statistical import max, mean, min, sum
from ._utility import all


def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def _no_out(out, func: str) -> None:
    if out is not None:
        raise TypeError(f"{func}: out= is not supported; xtensor functions return new arrays")


def _given(**kwargs) -> dict:
    """Only the options the caller set, so CuPy (which lacks some of them) accepts the call."""
    return {k: v for k, v in kwargs.items() if v is not None}


def _on_device(value, like: Array, func: str, name: str) -> Array:
    return asarray(as_array(value, func, name), device=like.device)


# --- order statistics ------------------------------------------------------------------------


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False) -> Array:
    """The median along `axis` (None: of all elements); NaN where a slice holds a NaN."""
    _no_out(out, "median")
    x = as_array(a, "median")
    return to_result(on_backend("median", "median", (x,), axis=_axis(axis), keepdims=keepdims))


def _order_statistic(func: str, a, q, axis, out, method, keepdims, weights) -> Array:
    _no_out(out, func)
    x = as_array(a, func)
    if x.dtype in _dtypes.COMPLEX_FLOATING:
        raise TypeError(f"{func}: a has dtype {x.dtype.name}, but {func} requires a real dtype")
    # A Python scalar q stays weak, as in NumPy: float32 data gives float32 results.
    q = q if type(q) in (int, float) else _on_device(q, x, func, "q")._data
    extra = {}
    if weights is not None:
        extra["weights"] = _on_device(weights, x, func, "weights")._data
    return to_result(
        on_backend(func, func, (x,), q, axis=_axis(axis), method=method, keepdims=keepdims, **extra)
    )


def percentile(
    a,
    q,
    axis=None,
    out=None,
    overwrite_input=False,
    method="linear",
    keepdims=False,
    *,
    weights=None,
) -> Array:
    """The q-th percentiles (q in [0, 100]) along `axis`, interpolated by `method`."""
    return _order_statistic("percentile", a, q, axis, out, method, keepdims, weights)


def quantile(
    a,
    q,
    axis=None,
    out=None,
    overwrite_input=False,
    method="linear",
    keepdims=False,
    *,
    weights=None,
) -> Array:
    """The q-th quantiles (q in [0, 1]) along `axis`, interpolated by `method`."""
    return _order_statistic("quantile", a, q, axis, out, method, keepdims, weights)


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """The (weighted) mean along `axis`; with returned=True also the sum of the weights."""
    x = as_array(a, "average")
    if weights is None:
        avg = mean(x, axis=_axis(axis), keepdims=keepdims)
        if not returned:
            return avg
        count = x.size // avg.size if avg.size else 0
        return avg, asarray(np.full(avg.shape, count, dtype=avg.dtype.numpy), device=x.device)
    w = _on_device(weights, x, "average", "weights")
    try:
        out = on_backend(
            "average",
            "average",
            (x,),
            axis=_axis(axis),
            weights=w._data,
            returned=returned,
            keepdims=keepdims,
        )
    except ZeroDivisionError as e:
        raise ZeroDivisionError(f"average: {e}") from None
    return tuple(map(to_result, out)) if returned else to_result(out)


# --- NaN-ignoring reductions -----------------------------------------------------------------


def _filled(x: Array, value) -> Array:
    return where(isnan(x), value, x) if x.dtype in _dtypes.FLOATING else x


def nansum(a, axis=None, dtype=None, out=None, keepdims=False) -> Array:
    """Sum along `axis`, NaNs counted as zero."""
    _no_out(out, "nansum")
    x = as_array(a, "nansum")
    return sum(_filled(x, 0), axis=_axis(axis), dtype=dtype, keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False) -> Array:
    """Mean along `axis` of the non-NaN elements (NaN for an all-NaN slice)."""
    _no_out(out, "nanmean")
    x = as_array(a, "nanmean")
    axis = _axis(axis)
    if x.dtype not in _dtypes.FLOATING:
        return mean(x if dtype is None else astype(x, dtype), axis=axis, keepdims=keepdims)
    total = sum(_filled(x, 0), axis=axis, dtype=dtype, keepdims=keepdims)
    count = sum(logical_not(isnan(x)), axis=axis, keepdims=keepdims)
    # NumPy divides in the total's dtype (a float32 total stays float32)
    return divide(total, astype(count, total.dtype))


def _nan_extreme(func: str, reduce, fill, a, axis, out, keepdims) -> Array:
    _no_out(out, func)
    x = as_array(a, func)
    axis = _axis(axis)
    if x.dtype not in _dtypes.FLOATING:
        return reduce(x, axis=axis, keepdims=keepdims)
    with named_errors(func):
        best = reduce(_filled(x, fill), axis=axis, keepdims=keepdims)
    return where(all(isnan(x), axis=axis, keepdims=keepdims), float("nan"), best)


def nanmax(a, axis=None, out=None, keepdims=False) -> Array:
    """Maximum along `axis` ignoring NaNs (NaN for an all-NaN slice)."""
    return _nan_extreme("nanmax", max, -np.inf, a, axis, out, keepdims)


def nanmin(a, axis=None, out=None, keepdims=False) -> Array:
    """Minimum along `axis` ignoring NaNs (NaN for an all-NaN slice)."""
    return _nan_extreme("nanmin", min, np.inf, a, axis, out, keepdims)


# --- covariance and histograms ---------------------------------------------------------------


def _pair(func: str, m, y) -> tuple:
    x = as_array(m, func, "m" if func == "cov" else "x")
    return (x,) if y is None else (x, _on_device(y, x, func, "y"))


def cov(
    m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None
) -> Array:
    """Covariance matrix of the variables in the rows (rowvar=True) or columns of `m`."""
    arrays = _pair("cov", m, y)
    weights = {
        name: _on_device(w, arrays[0], "cov", name)._data
        for name, w in (("fweights", fweights), ("aweights", aweights))
        if w is not None
    }
    return to_result(
        on_backend(
            "cov",
            "cov",
            arrays,
            rowvar=rowvar,
            bias=bias,
            **_given(ddof=ddof, dtype=_numpy_dtype(dtype, "cov")),
            **weights,
        )
    )


def corrcoef(x, y=None, rowvar=True, *, dtype=None) -> Array:
    """Pearson correlation coefficients of the variables in the rows (or columns) of `x`."""
    arrays = _pair("corrcoef", x, y)
    return to_result(
        on_backend(
            "corrcoef",
            "corrcoef",
            arrays,
            rowvar=rowvar,
            **_given(dtype=_numpy_dtype(dtype, "corrcoef")),
        )
    )


def _numpy_dtype(dtype, func: str):
    return None if dtype is None else _dtypes.as_dtype(dtype, func).numpy


def histogram(a, bins=10, range=None, density=None, weights=None) -> tuple:
    """(counts, bin_edges) of the flattened `a`; `bins` is a count, edges, or a rule name."""
    x = as_array(a, "histogram")
    if not isinstance(bins, (int, np.integer, str)):
        bins = _on_device(bins, x, "histogram", "bins")._data
    extra = (
        {} if weights is None else {"weights": _on_device(weights, x, "histogram", "weights")._data}
    )
    counts, edges = on_backend(
        "histogram", "histogram", (x,), bins=bins, range=range, density=density, **extra
    )
    return to_result(counts), to_result(edges)


NUMPY_ALIASES: dict = {
    "median": median,
    "percentile": percentile,
    "quantile": quantile,
    "average": average,
    "nansum": nansum,
    "nanmean": nanmean,
    "nanmax": nanmax,
    "nanmin": nanmin,
    "cov": cov,
    "corrcoef": corrcoef,
    "histogram": histogram,
}
