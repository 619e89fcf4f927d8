"""The first branches of the statistics and NaN-ignoring functions on CPU Arrays (an int or
None axis, NumPy's defaults otherwise): NumPy's answer bit for bit, in NumPy's dtype and shape,
with NumPy's warnings; the calls they decline (bad axes, all-NaN slices, lists) still give the
checked path's errors, which name the function.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, shapes

SETTINGS = settings(max_examples=25, deadline=None)
REAL = ("bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64")
NUMERIC = (*REAL, "complex64", "complex128")
INEXACT = ("float16", "float32", "float64", "complex64", "complex128")


def _array(dtypes, min_dims=0, finite=False):
    shape = shapes(min_dims=min_dims)
    pairs = st.tuples(st.sampled_from(dtypes), shape)
    return pairs.flatmap(lambda ds: arrays(*ds, finite=finite))


def _axis(a: np.ndarray):
    return st.none() | st.integers(-a.ndim - 1, a.ndim) if a.ndim else st.none()


def identical(got, want) -> None:
    """`got` (xtensor) holds NumPy's `want` exactly: dtype, shape and bytes (NaN payloads and
    signed zeros included)."""
    assert type(got) is xt.Array, type(got)
    g, w = got._data, np.asarray(want)
    assert (g.dtype, g.shape) == (w.dtype, w.shape), ((g.dtype, g.shape), (w.dtype, w.shape))
    assert g.tobytes() == np.ascontiguousarray(w).tobytes()


def check(np_call, xt_call, name: str) -> None:
    """xtensor's call gives NumPy's answer and warnings, or, where NumPy raises, an error of
    the same class that names `name`."""
    with warnings.catch_warnings(record=True) as np_seen:
        warnings.simplefilter("always")
        try:
            want = np_call()
        except Exception as e:  # noqa: BLE001 - NumPy's error is the oracle's answer
            kind = next(
                k for k in (TypeError, ValueError, IndexError, Exception) if isinstance(e, k)
            )
            with pytest.raises(kind, match=f"^{name}: "):
                xt_call()
            return
    with warnings.catch_warnings(record=True) as xt_seen:
        warnings.simplefilter("always")
        got = xt_call()
    assert {str(w.message) for w in xt_seen} == {str(w.message) for w in np_seen}
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            identical(g, w)
    else:
        identical(got, want)


@pytest.mark.parametrize(
    "name",
    ["nanmin", "nanmax", "nansum", "nanprod", "nanmean", "nancumsum", "nancumprod", "nanmedian"],
)
@SETTINGS
@given(data=st.data(), a=_array(NUMERIC))
def test_nan_functions_match_numpy(name, data, a):
    axis = data.draw(_axis(a))
    check(lambda: getattr(np, name)(a, axis), lambda: getattr(xt, name)(xt.asarray(a), axis), name)


@pytest.mark.parametrize("name", ["nanargmin", "nanargmax"])
@SETTINGS
@given(data=st.data(), a=_array(REAL), all_nan=st.booleans())
def test_nan_arg_functions_match_numpy(name, data, a, all_nan):
    if all_nan and a.dtype.kind == "f":
        a = np.full_like(a, np.nan)  # NumPy's "All-NaN slice encountered" ValueError
    axis = data.draw(_axis(a))
    check(lambda: getattr(np, name)(a, axis), lambda: getattr(xt, name)(xt.asarray(a), axis), name)


@pytest.mark.parametrize("name", ["nanvar", "nanstd"])
@SETTINGS
@given(data=st.data(), a=_array(NUMERIC), ddof=st.sampled_from([0, 1, 2.5]))
def test_nan_moments_match_numpy(name, data, a, ddof):
    axis = data.draw(_axis(a))
    x = xt.asarray(a)
    check(
        lambda: getattr(np, name)(a, axis, ddof=ddof),
        lambda: getattr(xt, name)(x, axis, ddof=ddof),
        name,
    )


@pytest.mark.parametrize("name", ["nanpercentile", "percentile"])
@SETTINGS
@given(data=st.data(), a=_array(REAL), q=st.sampled_from([0, 25.5, 50, 100, 150]))
def test_percentiles_match_numpy(name, data, a, q):
    axis = data.draw(_axis(a))
    check(
        lambda: getattr(np, name)(a, q, axis),
        lambda: getattr(xt, name)(xt.asarray(a), q, axis),
        name,
    )


@SETTINGS
@given(data=st.data(), a=_array(NUMERIC))
def test_median_along_an_axis_matches_numpy(data, a):
    axis = data.draw(_axis(a))
    check(lambda: np.median(a, axis), lambda: xt.median(xt.asarray(a), axis), "median")


@SETTINGS
@given(data=st.data(), a=_array(NUMERIC), dtype=st.sampled_from(["float32", "float64", "int64"]))
def test_mean_in_a_named_dtype_matches_numpy(data, a, dtype):
    axis = data.draw(_axis(a))
    x, want = xt.asarray(a), np.dtype(dtype)
    check(lambda: np.mean(a, axis, want), lambda: xt.mean(x, axis, getattr(xt, dtype)), "mean")


@SETTINGS
@given(data=st.data(), a=_array(NUMERIC, min_dims=1), keepdims=st.booleans())
def test_count_nonzero_along_an_axis(data, a, keepdims):
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    got = xt.count_nonzero(xt.asarray(a), axis=axis, keepdims=keepdims)
    want = np.count_nonzero(a, axis=axis, keepdims=keepdims)
    identical(got, np.asarray(want, np.int64))
    assert got._data.flags.c_contiguous  # the checked path's layout, whatever a's


def test_count_nonzero_refuses_an_axis_of_a_0d_array():
    with pytest.raises(ValueError, match="^count_nonzero: axis 0 is out of range"):
        xt.count_nonzero(xt.asarray(1.0), axis=0)


@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
@SETTINGS
@given(data=st.data(), a=_array(INEXACT, min_dims=1))
def test_scans_along_an_axis_match_numpy(name, data, a):
    axis = data.draw(st.integers(-a.ndim - 1, a.ndim))
    x = xt.asarray(a)
    check(lambda: getattr(np, name)(a, axis), lambda: getattr(xt, name)(x, axis), name)
    check(lambda: getattr(a, name)(axis=axis), lambda: getattr(x, name)(axis=axis), name)
    if -a.ndim <= axis < a.ndim:
        standard = "cumulative_" + name[3:]
        got = getattr(xt, standard)(x, axis=axis)
        identical(got, getattr(np, name)(a, axis))
        assert got._data.flags.c_contiguous


@SETTINGS
@given(a=_array(("int8", "int64", "float32", "float64")), bins=st.integers(-1, 6))
def test_histograms_match_numpy(a, bins):
    x = xt.asarray(a)
    check(lambda: np.histogram(a, bins), lambda: xt.histogram(x, bins), "histogram")
    for span, density in (((-3, 5.5), True), ((2.0, 1.0), None), ((0, np.inf), False)):
        check(  # a range and density beside a count, and edges (increasing for bins > 0)
            lambda s=span, d=density: np.histogram(a, bins, range=s, density=d),
            lambda s=span, d=density: xt.histogram(x, bins, range=s, density=d),
            "histogram",
        )
    cuts = np.cumsum(np.arange(max(bins, 0) + 1) * np.sign(bins) - 1.5)
    check(lambda: np.histogram(a, cuts), lambda: xt.histogram(x, xt.asarray(cuts)), "histogram")
    edges = "histogram_bin_edges"
    check(lambda: np.histogram_bin_edges(a, bins), lambda: xt.histogram_bin_edges(x, bins), edges)
    flat = a.reshape(-1)
    y = xt.asarray(flat[::-1])
    check(
        lambda: np.histogram2d(flat, flat[::-1], bins),
        lambda: xt.histogram2d(xt.asarray(flat), y, bins),
        "histogram2d",
    )


@SETTINGS
@given(a=_array(("int64", "float64"), min_dims=2, finite=True), bins=st.integers(1, 4))
def test_histogramdd_matches_numpy(a, bins):
    flat = a.reshape(-1)
    sample = flat[: flat.size // 2 * 2].reshape(-1, 2)  # points in 2 dimensions
    got = xt.histogramdd(xt.asarray(sample), bins)
    want = np.histogramdd(sample, bins)
    identical(got[0], want[0])
    assert isinstance(got[1], list) and len(got[1]) == len(want[1])
    for g, w in zip(got[1], want[1]):
        identical(g, w)


@pytest.mark.parametrize("name", ["cov", "corrcoef"])
@SETTINGS
@given(a=_array(NUMERIC, min_dims=1))
def test_cov_and_corrcoef_match_numpy(name, a):
    flat = a.reshape(-1)
    x, y = xt.asarray(flat), xt.asarray(flat[::-1])
    check(lambda: getattr(np, name)(flat, flat[::-1]), lambda: getattr(xt, name)(x, y), name)


def test_declined_calls_take_the_checked_path():
    nan = float("nan")
    with pytest.raises(ValueError, match="^nanmin: "):
        xt.nanmin(xt.asarray([[1.0, 2.0]]), axis=5)
    with pytest.raises(ValueError, match="^nanargmax: "):
        xt.nanargmax(xt.asarray([nan, nan]))
    with pytest.raises(TypeError, match="^nanpercentile: "):
        xt.nanpercentile(xt.asarray([1j, 2j]), 50)
    with pytest.raises(ValueError, match="^cumsum: "):
        xt.cumsum(xt.asarray(np.ones((2, 2))), 4)
    # a list is no Array: the checked path converts it
    identical(xt.nanmin([[1.0, nan], [3.0, 4.0]], axis=0), np.array([1.0, 4.0]))
