"""The first branches of everyday math and statistics calls on CPU Arrays (interp, searchsorted,
cross, convolve, the std/var methods, polyval, ptp, trapezoid, linalg.norm, median, percentile,
quantile, nanmin, nanmax, nansum, diff) against NumPy: the same values bit for bit (NaNs in the
same places, signed zeros), dtype and shape. Calls outside those branches (lists, keywords,
mixed dtypes, other devices, errors) must still give the checked path's answers and errors.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, shapes

SETTINGS = settings(max_examples=30, deadline=None)
REAL = ("bool", "int8", "uint8", "int64", "float16", "float32", "float64")
NUMERIC = (*REAL[1:], "complex128")


def identical(got, want) -> None:
    """`got` (xtensor) is NumPy's `want` exactly: dtype, shape, values and signs of zeros
    and NaNs."""
    assert type(got) is xt.Array, f"expected an xtensor Array, got {type(got)}"
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype, f"dtype {g.dtype} != NumPy's {w.dtype}"
    assert g.shape == w.shape, f"shape {g.shape} != NumPy's {w.shape}"
    np.testing.assert_array_equal(g, w, strict=True)  # NaNs count as equal
    if w.dtype.kind in "fc":
        for part in (np.real, np.imag):
            np.testing.assert_array_equal(np.signbit(part(g)), np.signbit(part(w)))


def both(np_call, xt_call):
    """(xtensor's result, NumPy's result, their warnings' messages), or, when NumPy raises,
    check that xtensor raises the same class of error and return None."""
    with warnings.catch_warnings(record=True) as np_seen:
        warnings.simplefilter("always")
        try:
            want = np_call()
        except Exception as e:  # noqa: BLE001 - NumPy's error is the oracle's answer
            bases = (TypeError, ValueError, IndexError, ArithmeticError)
            kind = next((k for k in bases if isinstance(e, k)), Exception)
            with pytest.raises(kind):
                xt_call()
            return None
    with warnings.catch_warnings(record=True) as xt_seen:
        warnings.simplefilter("always")
        got = xt_call()
    messages = [{str(w.message) for w in seen} for seen in (xt_seen, np_seen)]
    return got, want, messages


def _array(dtypes, shape=None, finite=False):
    """A NumPy array of one of `dtypes` (views, 0-d and empty shapes included)."""
    shape = shapes() if shape is None else shape
    return st.tuples(st.sampled_from(dtypes), shape).flatmap(lambda ds: arrays(*ds, finite=finite))


def _sorted(dtypes, min_side=0):
    """A sorted 1-d NumPy array of one of `dtypes` (NaN-free, so the sort is total)."""
    shape = shapes(min_dims=1, max_dims=1, min_side=min_side, max_side=8)
    return _array(dtypes, shape, finite=True).map(np.sort)


# --- NaN-ignoring reductions -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["nanmin", "nanmax", "nansum"])
@SETTINGS
@given(a=_array(REAL), all_nan=st.booleans())
def test_nan_reductions(name, a, all_nan):
    if all_nan and a.dtype.kind == "f":
        a = np.full_like(a, np.nan)  # NumPy's "All-NaN slice encountered" warning
    out = both(lambda: getattr(np, name)(a), lambda: getattr(xt, name)(xt.asarray(a)))
    if out is not None:
        got, want, (xt_messages, np_messages) = out
        identical(got, want)
        assert xt_messages == np_messages  # "All-NaN slice encountered", or nothing


@pytest.mark.parametrize("name", ["nanmin", "nanmax"])
def test_all_nan_warns_as_numpy(name):
    x = xt.asarray([[np.nan, np.nan]], dtype=xt.float32)
    with pytest.warns(RuntimeWarning, match="All-NaN slice encountered"):
        got = getattr(xt, name)(x)
    assert got.dtype == xt.float32 and got.shape == () and np.isnan(float(got))


# --- interp, searchsorted ----------------------------------------------------------------------


@SETTINGS
@given(
    xp=_sorted(("int64", "float32", "float64"), min_side=1),
    fp_dtype=st.sampled_from(("int8", "float64", "complex128")),
    x=st.one_of(st.floats(), _array(("int8", "float32", "float64"))),
)
def test_interp(xp, fp_dtype, x):
    fp = np.arange(len(xp), dtype=fp_dtype) * (1 + (fp_dtype == "complex128") * 1j)
    xt_x = xt.asarray(x) if isinstance(x, np.ndarray) else x
    out = both(
        lambda: np.interp(x, xp, fp), lambda: xt.interp(xt_x, xt.asarray(xp), fp=xt.asarray(fp))
    )
    if out is not None:
        identical(*out[:2])


@SETTINGS
@given(
    data=st.data(),
    a=_sorted(("int8", "uint8", "int64", "float32", "float64")),
    side=st.sampled_from(("left", "right")),
)
def test_searchsorted_python_scalar(data, a, side):
    kind = a.dtype.kind
    width = 8 * a.dtype.itemsize  # values x1's dtype holds: no overflow warning in the cast
    value = data.draw(st.floats(width=width) if kind == "f" else st.integers(-200, 300))
    x1 = xt.asarray(a)
    try:
        want = np.searchsorted(a, np.asarray(value, a.dtype), side)  # weak: x1's dtype
    except OverflowError:  # beyond x1's dtype: past every element, as NumPy's call places it
        want = np.searchsorted(a, value, side)
    got = xt.searchsorted(x1, value, side)
    identical(got, want)
    order = xt.arange(a.size)  # a sorter takes the checked path, to the same places
    identical(xt.searchsorted(x1, value, side, sorter=order), want)


# --- cross, convolve, polyval, trapezoid -------------------------------------------------------


@SETTINGS
@given(
    dtype=st.sampled_from((*NUMERIC, "complex64")),
    stacks=st.sampled_from(
        (((), ()), ((2,), ()), ((), (3,)), ((2, 1), (4,)), ((2,), (3,)), ((256,), ()))
        + (((9, 30), (30,)), ((300,), (300,)))  # 768 elements and more: NumPy's steps
    ),
    data=st.data(),
)
def test_cross(dtype, stacks, data):
    a = data.draw(arrays(dtype, (*stacks[0], 3)))
    b = data.draw(arrays(dtype, (*stacks[1], 3)))
    for call in (xt.cross, xt.linalg.cross):
        out = both(lambda: np.cross(a, b), lambda c=call: c(xt.asarray(a), xt.asarray(b)))
        if out is None:
            continue
        if a.dtype.kind != "c":
            identical(*out[:2])
            continue
        # complex: NumPy's values and signed zeros; a NaN's sign follows the SIMD lanes
        # NumPy's complex loops take, which differ between its calls of 1 and of 6 values
        got, want = np.asarray(out[0]), out[1]
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(got, want)
        for part in (np.real, np.imag):
            g, w = part(got), part(want)
            assert (np.isnan(w) | (np.signbit(g) == np.signbit(w))).all()


@SETTINGS
@given(
    a=_array(NUMERIC, shapes(min_dims=1, max_dims=1, max_side=7)),
    v=_array(NUMERIC, shapes(min_dims=1, max_dims=1, max_side=7)),
    mode=st.sampled_from(("full", "same", "valid")),
)
def test_convolve(a, v, mode):
    for w in (v, np.real(v).astype(a.dtype)):  # mixed dtypes take the checked path
        out = both(
            lambda w=w: np.convolve(a, w, mode),
            lambda w=w: xt.convolve(xt.asarray(a), xt.asarray(w), mode),
        )
        if out is not None:
            identical(*out[:2])


@SETTINGS
@given(
    x=_array(("bool", "int8", "int64", "float32", "float64", "complex128"), finite=True),
    coefficients=st.lists(st.integers(-5, 5) | st.floats(-5, 5), max_size=4),
    as_array=st.booleans(),
)
def test_polyval(x, coefficients, as_array):
    p = xt.asarray(np.asarray(coefficients)) if as_array and coefficients else coefficients
    out = both(lambda: np.polyval(coefficients, x), lambda: xt.polyval(p, xt.asarray(x)))
    if out is not None:
        identical(*out[:2])


@SETTINGS
@given(
    y=_array(NUMERIC + ("bool",)),
    dx=st.sampled_from((1.0, 1, 0.5, 3, -2.5)),
    axis=st.integers(-3, 2),
)
def test_trapezoid(y, dx, axis):
    """Evenly spaced samples along any axis (a step of 1 multiplies nothing), bit for bit."""
    out = both(
        lambda: np.trapezoid(y, dx=dx, axis=axis),
        lambda: xt.trapezoid(xt.asarray(y), dx=dx, axis=axis),
    )
    if out is not None:
        identical(*out[:2])


# --- ptp, norm, diff -----------------------------------------------------------------------------


@SETTINGS
@given(a=_array(REAL[1:]))
def test_ptp(a):
    out = both(lambda: np.ptp(a), lambda: xt.ptp(xt.asarray(a)))
    if out is not None:
        identical(*out[:2])


@SETTINGS
@given(a=_array(REAL + ("complex64", "complex128")))
def test_linalg_norm(a):
    out = both(lambda: np.linalg.norm(a), lambda: xt.linalg.norm(xt.asarray(a)))
    if out is not None:
        identical(*out[:2])


@SETTINGS
@given(a=_array(REAL + ("complex128",)))
def test_diff(a):
    out = both(lambda: np.diff(a), lambda: xt.diff(xt.asarray(a)))
    if out is not None:
        identical(*out[:2])
        if a.ndim and a.dtype != bool:  # an index n takes the checked path: same answer
            checked = xt.diff(xt.asarray(a), n=np.int64(1))
            identical(out[0], np.asarray(checked))
            assert np.asarray(out[0]).strides == np.asarray(checked).strides


# --- std and var methods, order statistics -------------------------------------------------------


@SETTINGS
@given(
    a=_array(("int8", "int64", "float32", "float64", "complex128")),
    ddof=st.sampled_from((0, 1, 1.5)),
)
def test_std_var_methods_are_the_functions(a, ddof):
    x = xt.asarray(a)
    for name in ("std", "var"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # ddof past the size: NaN
            method = getattr(x, name)(ddof=ddof)
            function = getattr(xt, name)(x, correction=ddof)
            again = getattr(x, name)(ddof=ddof)  # the cached plan's replay
        identical(method, np.asarray(function))
        identical(again, np.asarray(function))
        np.testing.assert_allclose(
            np.asarray(method), getattr(np, name)(a, ddof=ddof), rtol=1e-5, equal_nan=True
        )


@SETTINGS
@given(a=_array(REAL + ("uint64", "complex128")))
def test_median(a):
    out = both(lambda: np.median(a), lambda: xt.median(xt.asarray(a)))
    if out is not None:
        got, want, (xt_messages, np_messages) = out
        identical(got, want)
        assert xt_messages == np_messages  # "Mean of empty slice" for an empty array


@pytest.mark.parametrize("name", ["percentile", "quantile"])
@SETTINGS
@given(a=_array(REAL), q=st.integers(0, 100) | st.floats(0, 100))
def test_percentile_quantile(name, a, q):
    q = q if name == "percentile" else q / 100
    out = both(lambda: getattr(np, name)(a, q), lambda: getattr(xt, name)(xt.asarray(a), q))
    if out is not None:
        identical(*out[:2])


# --- calls outside the first branches ------------------------------------------------------------


def test_lists_keywords_and_mixed_dtypes_take_the_checked_path():
    a = np.asarray([3.0, -1.0, np.nan, 7.5, 2.0])
    x = xt.asarray(a)
    s = np.asarray([1.0, 2.0, 4.0])
    cases = [
        (lambda: np.nanmax([1.0, np.nan]), lambda: xt.nanmax([1.0, np.nan])),
        (lambda: np.nansum(a, keepdims=True), lambda: xt.nansum(x, keepdims=True)),
        (lambda: np.median([3, 1, 2]), lambda: xt.median([3, 1, 2])),
        (lambda: np.median(a, keepdims=True), lambda: xt.median(x, keepdims=True)),
        (lambda: np.percentile(a, [10, 90]), lambda: xt.percentile(x, [10, 90])),
        (lambda: np.quantile(a, 0.3, method="lower"), lambda: xt.quantile(x, 0.3, method="lower")),
        (lambda: np.ptp([1, 5]), lambda: xt.ptp([1, 5])),
        (lambda: np.ptp(a, keepdims=True), lambda: xt.ptp(x, keepdims=True)),
        (lambda: np.diff([1, 4, 9]), lambda: xt.diff([1, 4, 9])),
        (lambda: np.diff(a, n=2, prepend=0.0), lambda: xt.diff(x, n=2, prepend=0.0)),
        (lambda: np.diff(a, append=[1.0]), lambda: xt.diff(x, append=[1.0])),
        (lambda: np.polyval([1, 2], [1, 2, 3]), lambda: xt.polyval([1, 2], [1, 2, 3])),
        (lambda: np.interp(2, s, s * 2), lambda: xt.interp(2, xt.asarray(s), xt.asarray(s * 2))),
        (lambda: np.interp(2.5, [1, 2, 4], s), lambda: xt.interp(2.5, [1, 2, 4], xt.asarray(s))),
        (
            lambda: np.interp(9.0, s, s, left=-1, right=-2),
            lambda: xt.interp(9.0, xt.asarray(s), xt.asarray(s), left=-1, right=-2),
        ),
        (lambda: np.trapezoid(a, x=a), lambda: xt.trapezoid(x, x=x)),
        (
            lambda: np.trapezoid([[1, 2], [3, 5]], axis=0),
            lambda: xt.trapezoid(xt.asarray([[1, 2], [3, 5]]), axis=0),
        ),
        (lambda: np.convolve([1, 2], s), lambda: xt.convolve([1, 2], xt.asarray(s))),
        (lambda: np.cross([1, 2, 3], [4, 5, 6]), lambda: xt.cross([1, 2, 3], [4, 5, 6])),
        (lambda: np.linalg.norm(a, ord=1), lambda: xt.linalg.norm(x, ord=1)),
        (lambda: np.linalg.norm(a, keepdims=True), lambda: xt.linalg.norm(x, keepdims=True)),
        (
            lambda: np.searchsorted(s, [2.0, 3.0]),
            lambda: xt.searchsorted(xt.asarray(s), [2.0, 3.0]),
        ),
    ]
    for np_call, xt_call in cases:
        out = both(np_call, xt_call)
        assert out is not None
        identical(*out[:2])
    i8 = xt.asarray([1, 2, 3], dtype=xt.int8)
    identical(xt.cross(i8, xt.asarray([1.0, 0.0, 0.0])), np.cross([1, 2, 3], [1.0, 0.0, 0.0]))
    identical(xt.searchsorted(i8, 2.5), np.asarray(2))  # a float beside ints: float64


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: xt.interp(0.5, xt.ones((2, 2)), xt.ones(2)), ValueError, "interp: xp must"),
        (lambda: xt.interp(0.5, xt.asarray([]), xt.asarray([])), ValueError, "interp"),
        (lambda: xt.interp(0.5, xt.ones(3), xt.ones(2)), ValueError, "interp"),
        (lambda: xt.convolve(xt.asarray([]), xt.ones(2)), ValueError, "convolve"),
        (lambda: xt.convolve(xt.ones(3), xt.ones(2), "middle"), ValueError, "convolve"),
        (lambda: xt.convolve(xt.ones(()), xt.ones(2), "bogus"), ValueError, "convolve"),
        (lambda: xt.searchsorted(xt.ones((2, 2)), 0.5), ValueError, "one-dimensional"),
        (lambda: xt.searchsorted(xt.ones(2), 0.5, side="middle"), ValueError, "side"),
        (lambda: xt.cross(xt.ones(4), xt.ones(4)), ValueError, "cross"),
        (lambda: xt.linalg.cross(xt.ones(3, dtype=xt.bool), xt.ones(3)), TypeError, "cross"),
        (lambda: xt.linalg.cross(xt.ones((2, 3)), xt.ones((4, 3))), ValueError, "cross"),
        (lambda: xt.linalg.cross(*[xt.ones(3, dtype=xt.longdouble)] * 2), TypeError, "cross"),
        (lambda: xt.ptp(xt.asarray([True])), TypeError, "ptp"),
        (lambda: xt.ptp(xt.asarray([])), ValueError, "empty"),
        (lambda: xt.nanmax(xt.asarray([])), ValueError, "nanmax"),
        (lambda: xt.percentile(xt.ones(3), 150), ValueError, "percentile"),
        (lambda: xt.percentile(xt.asarray([]), 50), IndexError, "percentile"),
        (lambda: xt.quantile(xt.ones(3, dtype=xt.bool), 0.5), TypeError, "quantile"),
        (lambda: xt.trapezoid(xt.ones(3, dtype=xt.int8), dx=300), OverflowError, "trapezoid"),
        (lambda: xt.percentile(xt.ones(3, dtype=xt.complex128), 50), TypeError, "percentile"),
        (lambda: xt.diff(xt.asarray(1.0)), ValueError, "diff"),
        (lambda: xt.diff(xt.ones(3), n=1.0), TypeError, "n must be an int"),
        (lambda: xt.diff(xt.ones(3), n=True), TypeError, "n must be an int"),
        (lambda: xt.trapezoid(xt.asarray(1.0)), IndexError, "trapezoid"),
        (lambda: xt.ones(3).std(ddof="1"), TypeError, "correction"),
        (lambda: xt.polyval([[1, 2], [3]], xt.ones(2)), ValueError, "polyval"),
    ],
)
def test_errors_stay_the_checked_paths(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_meta_device_takes_the_checked_path():
    m = xt.ones(5, device="meta")
    for got, shape, dtype in (
        (xt.diff(m), (4,), xt.float64),
        (m.std(), (), xt.float64),
        (xt.nansum(m), (), xt.float64),
        (xt.ptp(m), (), xt.float64),
        (xt.searchsorted(m, 0.5), (), xt.int64),
    ):
        assert got.device == "meta" and got.shape == shape and got.dtype == dtype
