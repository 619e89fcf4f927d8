"""Utility functions all, any and diff against NumPy as the oracle."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from tests.test_reductions import case


@pytest.mark.parametrize("name", ["all", "any"])
@given(case(ALL_DTYPES))
def test_all_any_match_numpy(name, c):
    a, axis, keepdims = c
    got = getattr(xt, name)(xt.asarray(a), axis=axis, keepdims=keepdims)
    assert_same(got, getattr(np, name)(a, axis=axis, keepdims=keepdims))


def test_all_any_truth_rules():
    x = xt.asarray([np.nan, np.inf, -np.inf, 1j])
    assert bool(xt.all(x)) and bool(xt.any(x))
    assert bool(xt.all(xt.empty((0,)))) and not bool(xt.any(xt.empty((0,))))
    assert xt.all(xt.ones((2, 0)), axis=1).shape == (2,)


def test_all_any_large_parallel():
    before = xt.get_num_threads()
    xt.set_num_threads(4)
    try:
        a = np.ones((3, 60_000), bool)
        a[1, 45_000] = False
        assert_same(xt.all(xt.asarray(a), axis=1), np.array([True, False, True]))
        assert_same(xt.any(xt.asarray(~a)), np.bool_(True))
    finally:
        xt.set_num_threads(before)


def test_all_any_axis_errors():
    with pytest.raises(
        np.exceptions.AxisError, match="any: axis 1 is out of range for an array of 1 dimension"
    ):
        xt.any(xt.ones(3), axis=1)


@given(
    st.sampled_from(ALL_DTYPES[1:] + ("bool",)), shapes(min_dims=1), st.integers(0, 3), st.data()
)
def test_diff_matches_numpy(dtype, shape, n, data):
    a = data.draw(arrays(dtype, shape=shape, finite=True))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    assert_same(xt.diff(xt.asarray(a), axis=axis, n=n), np.diff(a, axis=axis, n=n))


@given(
    st.sampled_from(["int16", "float32", "float64"]),
    shapes(min_dims=1, min_side=1),
    st.integers(0, 3),
    st.integers(0, 3),
    st.data(),
)
def test_diff_prepend_append_match_numpy(dtype, shape, before, after, data):
    a = data.draw(arrays(dtype, shape=shape, finite=True))
    axis = data.draw(st.integers(0, a.ndim - 1))
    edge = [n if d != axis else 0 for d, n in enumerate(shape)]
    pre = data.draw(
        arrays(
            dtype, shape=tuple(before if d == axis else n for d, n in enumerate(edge)), finite=True
        )
    )
    app = data.draw(
        arrays(
            dtype, shape=tuple(after if d == axis else n for d, n in enumerate(edge)), finite=True
        )
    )
    got = xt.diff(xt.asarray(a), axis=axis, prepend=xt.asarray(pre), append=xt.asarray(app))
    assert_same(got, np.diff(a, axis=axis, prepend=pre, append=app))


def test_diff_numpy_style_calls():
    a = np.array([[1, 4, 9, 16], [2, 3, 5, 8]])
    assert_same(xt.diff(xt.asarray(a), 2), np.diff(a, 2))
    assert_same(xt.diff(xt.asarray(a), prepend=0, append=100), np.diff(a, prepend=0, append=100))
    assert_same(xt.diff(xt.asarray(a), n=0), a)


def test_diff_errors():
    with pytest.raises(ValueError, match="diff: x must have at least one dimension"):
        xt.diff(xt.asarray(1.0))
    with pytest.raises(ValueError, match="diff: n must be non-negative; got -1"):
        xt.diff(xt.ones(3), n=-1)
    with pytest.raises(TypeError, match="diff: n must be an int; got float"):
        xt.diff(xt.ones(3), n=1.0)
    with pytest.raises(IndexError, match="diff: axis 2 is out of range"):
        xt.diff(xt.ones((2, 2)), axis=2)
    with pytest.raises(
        ValueError,
        match=r"diff: prepend has shape \(3, 1\), but it must match "
        r"x's shape \(2, 2\) except along axis 1",
    ):
        xt.diff(xt.ones((2, 2)), prepend=xt.ones((3, 1)))


@pytest.mark.parametrize("name", ["all", "any"])
@given(case(ALL_DTYPES), st.data())
def test_all_any_take_numpys_where_and_out(name, c, data):
    a, axis, keepdims = c
    where = data.draw(arrays("bool", shape=a.shape[data.draw(st.integers(0, a.ndim)) :]))
    got = getattr(xt, name)(xt.asarray(a), axis, None, keepdims, where=xt.asarray(where))
    want = getattr(np, name)(a, axis, None, keepdims, where=where)
    assert_same(got, want)
    out = xt.zeros(want.shape, dtype=xt.bool)
    assert getattr(xt, name)(xt.asarray(a), axis, out, keepdims) is out
    assert_same(out, np.asarray(getattr(np, name)(a, axis=axis, keepdims=keepdims)))


def test_all_any_numpy_keywords_errors():
    x = xt.asarray([[1, 0], [1, 1]])
    with pytest.raises(TypeError, match="any: out must be an xtensor Array"):
        xt.any(x, 0, [False, False])
    with pytest.raises(ValueError, match="^all: "):
        xt.all(x, 0, xt.zeros(3, dtype=xt.bool))  # NumPy refuses the wrong shape too
