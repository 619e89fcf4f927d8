"""NumPy's NaN-ignoring reductions (xtensor/_numpy_nanfuncs.py), histograms and average
(xtensor/_numpy_stats.py) against NumPy."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes
from tests.oracle_calls import assert_same_signature, check

NAN_FUNCTIONS = (
    "nansum nanmean nanmax nanmin nanprod nancumsum nancumprod nanargmax nanargmin nanvar "
    "nanstd nanmedian nanpercentile nanquantile"
).split()
OTHERS = ("histogram_bin_edges", "histogram2d", "histogramdd", "average")


@pytest.mark.parametrize("name", NAN_FUNCTIONS + list(OTHERS))
def test_signature_is_numpys(name):
    assert_same_signature(getattr(xt, name), getattr(np, name))


REAL = ("bool", "int8", "uint8", "int32", "int64", "uint64", "float32", "float64")
FLOATS = ("float32", "float64")


@st.composite
def with_nans(draw, dtypes=REAL + ("complex64", "complex128"), shape=None):
    """An array, for floating dtypes with NaNs in some places (whole slices now and then)."""
    dtype = draw(st.sampled_from(dtypes))
    a = draw(arrays(dtype, draw(shapes(min_dims=1)) if shape is None else shape, finite=True))
    if a.dtype.kind in "fc" and a.size:
        a = a.copy()
        mask = draw(arrays("bool", a.shape, views=False))
        a[mask] = np.nan
        if draw(st.booleans()):
            a[..., 0] = np.nan
    return a


def _axis(data, a):
    return data.draw(st.sampled_from([None, *range(-a.ndim, a.ndim)]))


REDUCTIONS = ("nansum", "nanmean", "nanmax", "nanmin", "nanprod", "nanvar", "nanstd", "nanmedian")


@pytest.mark.parametrize("name", REDUCTIONS)
@given(a=with_nans(), data=st.data())
def test_nan_reductions(name, a, data):
    axis, keepdims = _axis(data, a), data.draw(st.booleans())
    # parallel NaN sums may add in another order than NumPy's pairwise sum: ulp-level rtol
    check(name, a, axis=axis, keepdims=keepdims, rtol=1e-5 if a.dtype.kind in "fc" else None)


@pytest.mark.parametrize("name", ("nansum", "nanmean", "nanmax", "nanmin"))
@given(a=with_nans())
def test_plain_nan_reductions(name, a):
    """`nanmax(a)` with no other argument: NumPy's own call on the CPU (`_plain`)."""
    check(name, a, rtol=1e-5 if a.dtype.kind in "fc" else None)
    check(name, a[..., :0])
    if name in ("nanmax", "nanmin"):
        with pytest.raises(ValueError, match=f"^{name}: zero-size"):
            getattr(xt, name)(xt.asarray(a[..., :0]))


@pytest.mark.parametrize("name", ("nansum", "nanmean", "nanvar", "nanstd"))
@given(a=with_nans(("float16", "float32", "float64", "complex128")), data=st.data())
def test_nan_reductions_of_arrays_without_nans_are_numpys_bits(name, a, data):
    """Note [No NaN, no copy] in _numpy_nanfuncs.py: where a holds no NaN, its own sum, mean,
    var or std (no copy) has NumPy's bits exactly, over any axis and layout, any ddof."""
    if a.dtype.kind in "fc":
        a = np.where(np.isnan(a), 1.5, a).astype(a.dtype)
        a = a[::-1] if data.draw(st.booleans()) else a
    axis = _axis(data, a)
    if name in ("nanvar", "nanstd"):
        ddof = data.draw(st.sampled_from([0, 1, 2, 0.5]))
        n = a.size if axis is None else a.shape[axis]
        # (where no value is left over, NumPy's nanvar and var both answer NaN, in other bits)
        check(name, a, axis=axis, ddof=ddof, rtol=1e-5 if n <= ddof else None)
    else:
        check(name, a, axis=axis)  # (rtol None: exact)


@pytest.mark.parametrize("name", ("nancumsum", "nancumprod", "nanargmax", "nanargmin"))
@given(a=with_nans(), data=st.data())
def test_nan_scans_and_arg_reductions(name, a, data):
    check(name, a, axis=_axis(data, a))


def test_all_nan_slices():
    a = np.array([[np.nan, np.nan], [1.0, np.nan]])
    for name in ("nanargmax", "nanargmin"):
        check(name, a, axis=1)  # ValueError: All-NaN slice encountered
        with pytest.raises(ValueError, match=name):
            getattr(xt, name)(xt.asarray(a), axis=1)
    for name in ("nanmax", "nanmin", "nanmean", "nanmedian", "nanvar", "nanpercentile"):
        args = (50,) if name == "nanpercentile" else ()
        check(name, a, *args, axis=1)
    check("nansum", np.zeros((0, 3)), axis=0)
    check("nanmax", np.zeros((0, 3)))  # ValueError: empty


@pytest.mark.parametrize("name", ("nansum", "nanprod", "nanmean", "nanvar", "nanstd"))
@pytest.mark.parametrize("dtype", ("float32", "float64", "complex128", "int64"))
def test_dtype_argument(name, dtype):
    a = np.array([[1.0, np.nan, 2.5], [np.nan, 4.0, 0.5]])
    if name in ("nanvar", "nanstd") and dtype == "int64":
        dtype = "float32"
    check(name, a, axis=0, dtype=dtype, rtol=1e-6)
    check(name, a, axis=0, dtype=getattr(xt, dtype), rtol=1e-6, np_func=_np_dtype(name, dtype))
    check("nancumsum", a, axis=1, dtype=dtype)


def _np_dtype(name, dtype):
    return lambda *args, **kwargs: getattr(np, name)(*args, **{**kwargs, "dtype": dtype})


def test_where_initial_out_ddof_mean():
    a = np.array([[1.0, np.nan, 2.5], [np.nan, 4.0, 0.5], [3.0, 2.0, 1.0]])
    where = np.array([True, False, True])
    check("nansum", a, axis=0, where=where, initial=10.0)
    check("nanprod", a, axis=1, where=where, keepdims=True)
    check("nanmax", a, axis=1, initial=3.5)
    check("nanmin", a, initial=0.0, where=where)
    check("nanmean", a, axis=0, where=where)
    check("nanvar", a, axis=0, ddof=1)
    check("nanstd", a, axis=1, correction=1)
    check("nanvar", a, axis=1, ddof=1, correction=1)  # ValueError: both given
    m = np.nanmean(a, axis=1, keepdims=True)
    check("nanvar", a, axis=1, mean=m, keepdims=True)
    for name, want in (("nanstd", np.nanstd(a, axis=0)), ("nanargmax", np.nanargmax(a, axis=0))):
        out = xt.zeros(3, dtype=xt.asarray(want).dtype)
        assert getattr(xt, name)(xt.asarray(a), axis=0, out=out) is out
        assert_same(out, want)
    out = xt.zeros((3, 3))
    assert xt.nancumsum(xt.asarray(a), axis=0, out=out) is out
    assert_same(out, np.nancumsum(a, axis=0))
    out = xt.zeros(3)
    assert xt.nansum(xt.asarray(a), axis=1, out=out) is out
    assert_same(out, np.nansum(a, axis=1))


@pytest.mark.parametrize("name", ("nanpercentile", "nanquantile"))
@given(a=with_nans(REAL[1:]), data=st.data())
def test_nan_order_statistics(name, a, data):
    scale = 100 if name == "nanpercentile" else 1
    q = data.draw(st.sampled_from([0.5 * scale, [0, 0.25 * scale, scale], np.array([0.1 * scale])]))
    method = data.draw(st.sampled_from(["linear", "lower", "nearest", "median_unbiased"]))
    check(name, a, q, axis=_axis(data, a), method=method, keepdims=data.draw(st.booleans()))


def test_nan_order_statistics_errors_and_weights():
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]])
    check("nanpercentile", a, 150)  # ValueError: q out of range
    check("nanquantile", a, 0.5, method="nonsense")
    check("nanquantile", a.astype(complex), 0.5)  # TypeError: complex
    w = np.array([[1.0, 2.0, 1.0], [1.0, 1.0, 3.0]])
    check("nanquantile", a, 0.5, axis=1, method="inverted_cdf", weights=w)
    check("nanpercentile", np.float32(a), 50.0)  # a weak scalar q: float32 result
    check("nanmedian", a, axis=1, overwrite_input=True)


# --- histograms --------------------------------------------------------------------------------


def _samples(dtypes=("int64", "float32", "float64")):
    return st.sampled_from(dtypes).flatmap(lambda d: arrays(d, (6,), finite=True))


@given(a=_samples(), bins=st.sampled_from([3, "auto", "sturges", [0.0, 1.0, 10.0]]))
def test_histogram_bin_edges(a, bins):
    check("histogram_bin_edges", a, bins=bins)
    check("histogram_bin_edges", a, bins=4, range=(-1.0, 1.0), weights=np.ones(6))


@given(x=_samples(), y=_samples(), density=st.sampled_from([None, True]))
def test_histogram2d(x, y, density):
    check("histogram2d", x, y, density=density)
    check("histogram2d", x, y, bins=[2, 3], range=[[-5, 5], [-10, 10]], weights=np.arange(6.0))
    check("histogram2d", x, y, bins=[np.array([-1.0, 0.0, 1.0]), 4])


@given(
    sample=st.sampled_from(["float64", "int64"]).flatmap(lambda d: arrays(d, (5, 3), finite=True))
)
def test_histogramdd(sample):
    check("histogramdd", sample, bins=2)
    check("histogramdd", sample, bins=(2, 3, 1), density=True)
    columns = [xt.asarray(c) for c in sample.T]
    try:
        want = np.histogramdd(list(sample.T), bins=2)
    except ValueError:  # edges that overflow (values near the float64 limits)
        with pytest.raises(ValueError, match="^histogramdd: "):
            xt.histogramdd(columns, bins=2)
        return
    got = xt.histogramdd(columns, bins=2)
    assert_same(got[0], want[0])
    assert isinstance(got[1], list) and len(got[1]) == 3


def test_histogram_errors():
    check("histogram2d", [1, 2], [1, 2, 3])  # ValueError: lengths differ
    check("histogramdd", np.ones((3, 2)), bins=-1)
    check("histogram_bin_edges", [1.0, 2.0], bins="nonsense")
    with pytest.raises(TypeError, match="histogram2d"):
        xt.histogram2d(["a"], [1.0])


# --- average -----------------------------------------------------------------------------------


@given(a=with_nans(("bool", "int8", "int64", "float32", "float64", "complex64")), data=st.data())
def test_average(a, data):
    axis = _axis(data, a)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check("average", a, axis=axis, rtol=1e-5)
        check("average", a, axis=axis, returned=True, keepdims=True, rtol=1e-5)
    if axis is not None:
        w = np.arange(1.0, a.shape[axis] + 1)
        check("average", a, axis=axis, weights=w, returned=data.draw(st.booleans()), rtol=1e-5)


def test_average_errors():
    check("average", [1.0, 2.0], weights=[0.0, 0.0])  # ZeroDivisionError
    check("average", np.ones((2, 3)), weights=np.ones(2))  # TypeError: axis needed
    check("average", np.ones((2, 3)), axis=2)


# --- corrcoef (existing; checked here against NumPy too) -----------------------------------------


@given(
    x=st.sampled_from(("int64", "float32", "float64", "complex128")).flatmap(
        lambda d: arrays(d, (3, 5), finite=True)
    ),
    rowvar=st.booleans(),
)
def test_corrcoef(x, rowvar):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check("corrcoef", x, rowvar=rowvar, rtol=1e-4)
        check("corrcoef", x[0], x[1], rtol=1e-4)
        check("corrcoef", x, dtype="float32", rtol=1e-4)


# --- out= of the order statistics -----------------------------------------------------------


@pytest.mark.parametrize("name", ["median", "percentile", "quantile"])
@given(data=st.data())
def test_order_statistics_write_into_out_as_numpy(name, data):
    a = data.draw(with_nans(dtypes=("int16", "float32", "float64"), shape=(3, 4)))
    axis = data.draw(st.sampled_from([0, 1, -1]))
    out_dtype = data.draw(st.sampled_from(["float64", "float32", "int64"]))
    q = () if name == "median" else ({"percentile": 40.0, "quantile": 0.4}[name],)
    out_shape = data.draw(st.sampled_from([np.delete(a.shape, axis), (5,)]))
    want_out = np.zeros(tuple(out_shape), out_dtype)
    got_out = xt.zeros(tuple(out_shape), dtype=out_dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NaN to int casts warn in both
        try:
            want = getattr(np, name)(a, *q, axis=axis, out=want_out)
        except (TypeError, ValueError) as e:  # a shape or a casting NumPy refuses
            kind = TypeError if isinstance(e, TypeError) else ValueError
            with pytest.raises(kind, match=f"^{name}: "):
                getattr(xt, name)(xt.asarray(a), *q, axis=axis, out=got_out)
            return
        got = getattr(xt, name)(xt.asarray(a), *q, axis=axis, out=got_out)
    assert want is want_out and got is got_out
    assert_same(got, want_out, rtol=1e-6 if out_dtype != "int64" else 0)


@pytest.mark.parametrize("name", ["median", "percentile", "quantile"])
@given(a=with_nans(dtypes=("int32", "float64"), shape=(3, 5)), axis=st.sampled_from([None, 0, 1]))
def test_overwrite_input_partitions_a_in_place_as_numpy(name, a, axis):
    q = () if name == "median" else ({"percentile": 30.0, "quantile": 0.3}[name],)
    want_a, got_a = a.copy(), xt.asarray(a.copy())
    want = getattr(np, name)(want_a, *q, axis=axis, overwrite_input=True)
    got = getattr(xt, name)(got_a, *q, axis=axis, overwrite_input=True)
    assert_same(got, np.asarray(want))
    assert_same(got_a, want_a)  # the same partial sort NumPy leaves behind


@given(
    dtype=st.sampled_from(["float32", "float64", "int32", "uint32", "int64", "uint64"]),
    n=st.sampled_from([1, 2, 3, 7, 300, 3000, 70_000]),
    spread=st.sampled_from([1, 3, 1000, None]),
    specials=st.lists(st.sampled_from([np.nan, -0.0, 0.0, np.inf, -np.inf]), max_size=3),
    rank=st.floats(0, 1),
    pair=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_radix_select_finds_ranked_values(dtype, n, spread, specials, rank, pair, seed):
    """Note [Median by radix select]: `_csort.select`'s values of ranks k and k + 1 (the last
    at most) are those of NumPy's sort, bit for bit, one byte or two a round; it declines
    only zeros of both signs or a NaN but the default one, and answers "nan" where default
    NaNs are."""
    _csort = pytest.importorskip("xtensor._core._csort")  # the compiled step, where built
    rng = np.random.default_rng(seed)
    if dtype[0] == "f":
        a = (rng.standard_normal(n) * (spread or 1e30)).astype(dtype)
        a = np.round(a) if spread == 3 else a
        for v in specials:
            a[rng.integers(0, n)] = v
    else:
        info = np.iinfo(dtype)
        a = rng.integers(info.min if spread is None else 0, spread or info.max, n, dtype, True)
    k = min(int(rank * n), n - 1)
    out = np.empty(2, a.dtype)
    got = _csort.select(a, out, k, pair)
    nans, zeros = np.isnan(a) if dtype[0] == "f" else a[:0], np.signbit(a[a == 0])
    if zeros.any() and not zeros.all():
        assert got is False or got == "nan"
    elif nans.any():
        assert got == "nan"
    else:
        ordered = np.sort(a)
        want = ordered[[k, min(k + 1, n - 1) if pair else k]]
        assert got is True and out.tobytes() == want.tobytes()


@pytest.mark.parametrize("func", ["percentile", "quantile", "nanpercentile", "nanquantile"])
@given(
    dtype=st.sampled_from(["float32", "float64"]),
    kind=st.sampled_from(["normal", "ties", "zeros", "inf", "tiny", "constant"]),
    q=st.one_of(st.floats(0, 1), st.sampled_from([0.0, 0.5, 1.0, 0.999999])),
    seed=st.integers(0, 2**16),
)
def test_long_quantiles_by_radix_select(func, dtype, kind, q, seed):
    """np.percentile / np.quantile of all of 2**16 floats or more with a Python float q take
    the radix select and NumPy's lerp of the two values (the nan* ones too, without NaNs):
    NumPy's bits and dtype."""
    rng = np.random.default_rng(seed)
    a = rng.standard_normal(66_000 + seed % 3)
    a = {
        "ties": np.round(a * 2),
        "zeros": np.abs(np.round(a)) * np.where(rng.random(a.size) < 0.5, -1, 1),
        "inf": np.where(rng.random(a.size) < 1e-3, np.inf, a),
        "tiny": a * 1e-30,
        "constant": np.full(a.size, 2.5),
    }.get(kind, a).astype(dtype)
    q = q * 100 if func.endswith("percentile") else q
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # inf - inf warns on both sides
        got, want = getattr(xt, func)(xt.asarray(a), q)._data, getattr(np, func)(a, q)
    assert got.dtype == want.dtype and got.tobytes() == np.asarray(want).tobytes()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("kind", ["normal", "ties", "zeros", "nan", "strided", "2-d", "odd"])
def test_long_median_by_radix_select(dtype, kind):
    """np.median of 2**16 floats or more takes the radix select: NumPy's bits, layouts, ties,
    zeros of one sign or both, NaNs."""
    rng = np.random.default_rng(len(kind))
    a = rng.standard_normal(70_000 + (kind == "odd")).astype(dtype)
    a = {
        "ties": np.round(a * 2),
        "zeros": np.abs(np.round(a)) * np.where(rng.random(a.size) < 0.5, -1, 1),
        "nan": np.where(rng.random(a.size) < 1e-4, np.nan, a),
        "strided": np.concatenate([a, a])[::2],
        "2-d": a[:70_000].reshape(700, -1),
    }.get(kind, a)
    got, want = xt.median(xt.asarray(a))._data, np.median(a)
    assert got.dtype == want.dtype and got.tobytes() == np.asarray(want).tobytes()


@given(
    a=with_nans(REAL),
    clean=st.booleans(),
    layout=st.sampled_from(["C", "F", "strided"]),
)
def test_nanmedian_of_all_values_is_numpys(a, clean, layout):
    """`nanmedian(a)` of all values: np.median's steps where `a` holds no NaN (its median,
    the radix select included), NumPy's nanmedian otherwise; NumPy's bits either way."""
    if clean and a.dtype.kind == "f":
        a = np.where(np.isnan(a), 1.5, a).astype(a.dtype)
    a = {"C": a, "F": np.asfortranarray(a), "strided": a[..., ::2]}[layout]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # an empty or all-NaN array warns on both sides
        got, want = xt.nanmedian(xt.asarray(a))._data, np.nanmedian(a)
    assert got.dtype == want.dtype
    assert got.tobytes() == np.asarray(want).tobytes() or (np.isnan(got) and np.isnan(want))
