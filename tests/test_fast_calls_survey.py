"""The first branches behind the survey's everyday calls, against NumPy (the oracle):
`x.searchsorted`, `x.trace` and `trace`, `unique_values`'s hash-table branch,
`quantile`/`percentile` at a list or Array `q`, `linalg.norm` along an int axis and
`lexsort`. Each case compares dtype, shape and bits, or that both libraries raise.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from xtensor._dispatch.compiled import python_of

SETTINGS = settings(max_examples=40, deadline=None)
DTYPES = (
    "bool", "int8", "int32", "int64", "uint8",
    "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip
NUMERIC = DTYPES[1:]
REAL = DTYPES[:8]


def outcome(func, *args, **kwargs):
    """(dtype, shape, bytes) of the array `func` returns, or the exception type."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = np.asarray(func(*args, **kwargs))
    except Exception as e:  # the error itself is the answer compared
        return ("raised", type(e))
    return (got.dtype, got.shape, got.tobytes())


def agree(got, want) -> None:
    """`got` (xtensor) equals `want` (NumPy), or both raised (types may differ in wording)."""
    if want[0] == "raised":
        assert got[0] == "raised", got
    else:
        assert got == want


@st.composite
def arrays(draw, dtypes=DTYPES, min_dims=0, max_dims=3):
    """(xtensor array, the NumPy array with the same values and layout)."""
    ndim = draw(st.integers(min_dims, max_dims))
    shape = tuple(draw(st.lists(st.integers(0, 5), min_size=ndim, max_size=ndim)))
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    base = rng.integers(-5, 9, size=shape)
    values = (base % 2 == 0) if dtype.kind == "b" else base.astype(dtype)
    if dtype.kind in "fc":
        values = values / np.asarray(3, dtype)
    layout = draw(st.sampled_from(("c", "reversed", "transposed")))
    if layout == "reversed" and ndim:
        return xt.asarray(values)[::-1], values[::-1]
    if layout == "transposed":
        return xt.asarray(values).T, values.T
    return xt.asarray(values), values


# --- searchsorted --------------------------------------------------------------------------


@SETTINGS
@given(
    arrays(dtypes=REAL, min_dims=0, max_dims=2),
    st.floats(allow_nan=True),
    st.sampled_from(("left", "right")),
)
def test_searchsorted_method_scalar(pair, v, side):
    x, a = pair
    if a.ndim == 1:
        a = np.sort(a)
        x = xt.asarray(a)
    got = outcome(x.searchsorted, v, side)
    want = outcome(a.searchsorted, v, side)
    agree(got, want)
    if want[0] != "raised":
        assert got[0] == np.dtype(xt.int64.numpy)


@SETTINGS
@given(arrays(dtypes=REAL, min_dims=1, max_dims=1), arrays(dtypes=("float64", "int32")))
def test_searchsorted_method_array(pair, values):
    (_, a), (v, vn) = pair, values
    a = np.sort(a)
    agree(outcome(xt.asarray(a).searchsorted, v), outcome(a.searchsorted, vn))


# --- trace ---------------------------------------------------------------------------------


@SETTINGS
@given(
    arrays(dtypes=DTYPES, min_dims=0, max_dims=3),
    st.integers(-4, 4),
    st.sampled_from(((0, 1), (1, 0), (-1, -2), (0, 2), (0, 0), (1, 5))),
)
def test_trace_method_and_function(pair, offset, axes):
    x, a = pair
    want = outcome(np.trace, a, offset, *axes)
    agree(outcome(x.trace, offset, *axes), want)
    agree(outcome(xt.trace, x, offset, *axes), want)
    # `x.trace()`: the C twin's (a matrix) or the method's, alike; NumPy's where the order of
    # its sums is xtensor's (more dimensions: the checked path's `sum` of the diagonals' copy)
    agree(outcome(x.trace), outcome(python_of(xt.Array.trace), x))
    if a.ndim <= 2 or a.dtype.kind in "biu":
        agree(outcome(x.trace), outcome(a.trace))


def test_trace_quiet_overflow_and_dtype():
    a = np.full((3, 3), 1e308)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the sum is quiet, as the checked path's `sum`
        got = xt.asarray(a).trace()
    assert np.isinf(got._data) and got.shape == ()
    assert got._data.flags.writeable and got._data.base is None
    i8 = np.arange(9, dtype=np.int8).reshape(3, 3)
    agree(outcome(xt.asarray(i8).trace), outcome(i8.trace))
    agree(outcome(xt.asarray(i8).trace, dtype="float32"), outcome(i8.trace, dtype="float32"))


# --- unique_values -------------------------------------------------------------------------


@SETTINGS
@given(arrays(dtypes=DTYPES, min_dims=0, max_dims=3), st.booleans())
def test_unique_values_sorted_as_numpy_unique(pair, with_nan):
    x, a = pair
    if with_nan and a.dtype.kind in "fc" and a.size:
        a = a.copy()
        a.flat[0] = np.nan
        x = xt.asarray(a)
    agree(outcome(xt.unique_values, x), outcome(np.unique, a, equal_nan=False))


def test_unique_values_strings():
    a = np.asarray(["b", "a", "b", "c"])
    agree(outcome(xt.unique_values, xt.asarray(a)), outcome(np.unique, a))


# --- quantile and percentile ---------------------------------------------------------------


@SETTINGS
@given(
    arrays(dtypes=REAL, min_dims=1, max_dims=2),
    st.lists(st.floats(0, 1), min_size=1, max_size=3),
    st.sampled_from((None, 0, -1)),
    st.booleans(),
)
def test_quantile_list_and_array_q(pair, q, axis, as_array):
    x, a = pair
    qx = xt.asarray(q) if as_array else q
    agree(outcome(xt.quantile, x, qx, axis), outcome(np.quantile, a, np.asarray(q), axis))
    p = [100 * v for v in q]
    px = xt.asarray(p) if as_array else p
    agree(outcome(xt.percentile, x, px, axis), outcome(np.percentile, a, np.asarray(p), axis))


def test_quantile_out_of_range_list_is_refused():
    with pytest.raises(ValueError, match="quantile"):
        xt.quantile(xt.asarray([1.0, 2.0]), [1.5])


# --- norm and lexsort ----------------------------------------------------------------------


@SETTINGS
@given(arrays(dtypes=DTYPES, min_dims=1, max_dims=3), st.sampled_from((0, 1, -1, 3)))
def test_norm_along_an_int_axis(pair, axis):
    x, a = pair
    agree(outcome(xt.linalg.norm, x, axis=axis), outcome(np.linalg.norm, a, axis=axis))


def test_norm_bad_axis_is_worded():
    with pytest.raises(ValueError, match="norm"):
        xt.linalg.norm(xt.ones((2, 3)), axis=4)


@SETTINGS
@given(arrays(dtypes=NUMERIC, min_dims=1, max_dims=2), st.sampled_from((0, -1)))
def test_lexsort_pair(pair, axis):
    x, a = pair
    y = np.arange(a.size, dtype=np.float64).reshape(a.shape)[..., ::-1].copy()
    got = outcome(xt.lexsort, (x, xt.asarray(y)), axis)
    agree(got, outcome(np.lexsort, (a, y), axis))
