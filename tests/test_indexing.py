"""__getitem__/__setitem__ key handling and take/take_along_axis, against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes

dtypes = st.sampled_from(ALL_DTYPES)


def _xt_key(key, wrap_arrays):
    """The NumPy key with its index arrays as xtensor arrays (or kept as NumPy/lists)."""
    items = key if isinstance(key, tuple) else (key,)
    out = tuple(xt.asarray(k) if isinstance(k, np.ndarray) and wrap_arrays else k for k in items)
    return out if isinstance(key, tuple) else out[0]


# --- __getitem__ --------------------------------------------------------------------------------


@given(data=st.data())
def test_basic_indexing_matches_numpy_and_is_a_view(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes())))
    key = data.draw(hnp.basic_indices(a.shape, allow_newaxis=True))
    x = xt.asarray(a)
    got = x[key]
    assert_same(got, a[key])
    # A view, but where NumPy answers a scalar: a copy, as that scalar is (Note [Elements
    # are values] in _array.py)
    scalar = isinstance(a[key], np.generic)
    if got.size:
        assert np.shares_memory(got._data, x._data) != scalar


@given(data=st.data())
def test_integer_array_indexing_matches_numpy(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes(min_dims=1, min_side=1))))
    key = data.draw(hnp.integer_array_indices(a.shape, result_shape=shapes(max_dims=2)))
    wrap = data.draw(st.booleans())
    assert_same(xt.asarray(a)[_xt_key(key, wrap)], a[key])


@given(data=st.data())
def test_boolean_mask_indexing_matches_numpy(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes(min_dims=0))))
    m = data.draw(st.integers(0, a.ndim))
    mask = data.draw(arrays("bool", a.shape[:m]))
    assert_same(xt.asarray(a)[xt.asarray(mask)], a[mask])


def test_mixed_keys_and_zero_dim_index_arrays():
    a = np.arange(60).reshape(3, 4, 5)
    x = xt.asarray(a)
    i = np.array([[0, 2]])
    assert_same(x[xt.asarray(i), 1:3, xt.asarray([4, 0])], a[i, 1:3, [4, 0]])
    assert_same(x[1, ..., xt.asarray([0, 4])], a[1, ..., [0, 4]])
    assert_same(x[None, xt.asarray(2), ::-1], a[None, 2, ::-1])
    assert_same(x[xt.asarray(1), xt.asarray(2)], a[1, 2])
    assert_same(x[True], a[True])
    assert_same(x[xt.zeros((0, 4), dtype=xt.bool)], a[np.zeros((0, 4), bool)])
    assert_same(x[[0, 2]], a[[0, 2]])
    assert_same(x[np.int64(1), np.array([1, 3])], a[1, [1, 3]])
    # a full integer index gives a 0-d array (a view), not a NumPy scalar
    assert isinstance(x[1, 2, 3], xt.Array) and x[1, 2, 3].shape == ()


@pytest.mark.parametrize(
    "key, match",
    [
        ((5,), "index 5 is out of bounds for axis 0 with size 3"),
        ((0, -5), "index -5 is out of bounds for axis 1 with size 4"),
        ((..., 9), "index 9 is out of bounds for axis 2 with size 5"),
        ((None, 0, 1, 5), "index 5 is out of bounds for axis 2 with size 5"),
        ((xt.asarray([0, 3]),), "index 3 is out of bounds for axis 0 with size 3"),
        ((0, xt.asarray([[-5]])), "index -5 is out of bounds for axis 1 with size 4"),
        ((0, 0, 0, 0), "too many indices: the array has 3 dimensions but 4 were indexed"),
        ((..., 0, ...), "a single ellipsis"),
        ((1.5,), "only integers, slices, .* got float"),
        (("a",), "got str"),
        ((xt.asarray([1.0]),), "index arrays must have an integer or boolean dtype; got float64"),
        (
            (xt.ones((3, 5), dtype=xt.bool),),
            "boolean index of shape \\(3, 5\\) does not match .*\\(axis 1: 5 vs 4\\)",
        ),
    ],
)
def test_bad_keys_raise_index_error(key, match):
    x = xt.zeros((3, 4, 5))
    with pytest.raises(IndexError, match=f"__getitem__: .*{match}"):
        x[key]
    with pytest.raises(IndexError, match=f"__setitem__: .*{match}"):
        x[key] = 0


# --- __setitem__ --------------------------------------------------------------------------------


@given(data=st.data())
def test_setitem_matches_numpy(data):
    d = data.draw(dtypes)
    a = data.draw(arrays(d, data.draw(shapes(min_dims=1, min_side=1)), views=False))
    kind = data.draw(st.sampled_from(["basic", "mask", "int"]))
    if kind == "basic":
        key = data.draw(hnp.basic_indices(a.shape, allow_newaxis=True))
    elif kind == "mask":
        key = data.draw(arrays("bool", a.shape, views=False))
    else:
        key = data.draw(hnp.integer_array_indices(a.shape))
    target = a[key]
    value = data.draw(arrays(d, target.shape[1:] if target.ndim else (), views=False))
    x = xt.asarray(a.copy())
    x[_xt_key(key, True)] = xt.asarray(value)
    a[key] = value
    assert_same(x, a)


def test_setitem_scalars_cast_like_numpy():
    x = xt.zeros(3, dtype=xt.int32)
    x[0] = 2.7
    x[1] = True
    x[xt.asarray([False, False, True])] = 9
    assert x.tolist() == [2, 1, 9]
    y = xt.zeros(2, dtype=xt.float32)
    y[...] = xt.asarray([1, 2], dtype=xt.int64)
    assert_same(y, np.array([1, 2], np.float32))


def test_setitem_overlapping_views():
    a = np.arange(6)
    x = xt.asarray(a.copy())
    x[1:] = x[:-1]
    a[1:] = a[:-1].copy()
    assert_same(x, a)


@pytest.mark.parametrize(
    "value", [1j, xt.asarray([1j, 2j]), np.array([1j, 0]), [1j, 2], np.complex64(1)]
)
def test_setitem_refuses_complex_into_real(value):
    x = xt.zeros(2)
    with pytest.raises(
        TypeError, match="__setitem__: cannot store a complex value in an array of dtype float64"
    ):
        x[:] = value


def test_setitem_complex_into_complex_and_overflow():
    z = xt.zeros(2, dtype=xt.complex64)
    z[0] = 1 + 2j
    assert z.tolist() == [1 + 2j, 0j]
    u = xt.zeros(2, dtype=xt.uint8)
    with pytest.raises(OverflowError):
        u[0] = 300


# --- take, take_along_axis ----------------------------------------------------------------------


@given(data=st.data())
def test_take_matches_numpy(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes(min_dims=1, min_side=1))))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = a.shape[axis]
    idx = np.asarray(data.draw(st.lists(st.integers(-n, n - 1), max_size=4)), dtype=np.int64)
    x, i = xt.asarray(a), xt.asarray(idx)
    assert_same(xt.take(x, i, axis=axis), np.take(a, idx, axis=axis))
    if a.ndim == 1:
        assert_same(xt.take(x, i), np.take(a, idx))


@given(data=st.data())
def test_take_along_axis_matches_numpy(data):
    a = data.draw(arrays(data.draw(dtypes), data.draw(shapes(min_dims=1, min_side=1))))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = a.shape[axis]
    shape = tuple(data.draw(st.sampled_from([1, s])) for s in a.shape)
    shape = shape[: axis % a.ndim] + (data.draw(st.integers(0, 3)),) + shape[axis % a.ndim + 1 :]
    idx = data.draw(hnp.arrays(np.int64, shape, elements=st.integers(-n, n - 1)))
    got = xt.take_along_axis(xt.asarray(a), xt.asarray(idx), axis=axis)
    assert_same(got, np.take_along_axis(a, idx, axis=axis))


def _take_outcome(*args, **kwargs):
    try:
        r = xt.take(*args, **kwargs)
    except Exception as e:
        return type(e), str(e)
    return r.dtype, r.shape, np.asarray(r).tobytes()


@given(data=st.data())
def test_take_of_index_lists_is_the_checked_path_s(data):
    """Lists and NumPy arrays of ints take NumPy's call directly (`_host_take`); tuples take
    the checked path. Both give the same answer or the same error."""
    a = data.draw(arrays("int16", data.draw(shapes(min_dims=0, max_side=3))))
    axis = data.draw(st.one_of(st.none(), st.integers(-a.ndim - 1, a.ndim)))
    idx = data.draw(st.lists(st.one_of(st.integers(-4, 4), st.booleans()), max_size=3))
    x = xt.asarray(a)
    want = _take_outcome(x, tuple(idx), axis=axis)
    assert _take_outcome(x, idx, axis=axis) == want
    assert _take_outcome(x, np.asarray(idx), axis=axis) == want


def test_take_accepts_numpy_index_lists():
    a = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(
        np.asarray(xt.take(xt.asarray(a), [2, 0], axis=1)), np.take(a, [2, 0], axis=1)
    )
    np.testing.assert_array_equal(np.asarray(xt.take(xt.arange(5), (1, 3))), [1, 3])


def test_take_errors():
    x = xt.zeros((2, 3))
    np.testing.assert_array_equal(np.asarray(xt.take(x + 1, xt.asarray([4]))), [1.0])  # flat
    with pytest.raises(IndexError, match="take: index 3 is out of bounds for axis 1 with size 3"):
        xt.take(x, xt.asarray([0, 3]), axis=1)
    with pytest.raises(TypeError, match="take: indices must have an integer dtype; got float64"):
        xt.take(x, xt.asarray([0.0]), axis=0)
    with pytest.raises(ValueError, match="take: axis 2 is out of range"):
        xt.take(x, xt.asarray([0]), axis=2)
    with pytest.raises(TypeError, match="take: indices must have an integer dtype; got float64"):
        xt.take(x, np.asarray([0.5]), axis=0)  # (NumPy truncates a list's floats: not an array's)
    with pytest.raises(IndexError, match="take_along_axis: index -4 is out of bounds for axis 1"):
        xt.take_along_axis(x, xt.asarray([[-4]]), axis=1)
    with pytest.raises(ValueError, match="take_along_axis: indices has 1 dimensions but x has 2"):
        xt.take_along_axis(x, xt.asarray([0]))


@given(data=st.data(), mode=st.sampled_from(["wrap", "clip"]))
def test_take_modes_lists_and_out_match_numpy(data, mode):
    a = data.draw(arrays("float64", shape=data.draw(shapes(min_dims=1, min_side=1))))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    n = a.shape[axis]
    idx = data.draw(st.lists(st.integers(-3 * n, 3 * n), max_size=5))
    want = np.take(a.tolist(), idx, axis=axis, mode=mode)
    assert_same(xt.take(a.tolist(), idx, axis=axis, mode=mode), want)
    out = xt.empty(want.shape, dtype=xt.float64)
    assert xt.take(xt.asarray(a), idx, axis, out, mode) is out
    assert_same(out, want)


def test_take_numpy_forms_and_errors():
    a = np.arange(6).reshape(2, 3)
    assert_same(xt.take(a.tolist(), 4), np.asarray(np.take(a, 4)))  # a 0-d index
    assert_same(xt.take([1, 2], []), np.take([1, 2], []))
    with pytest.raises(ValueError, match="take: mode must be one of 'clip', 'raise', or 'wrap'"):
        xt.take(xt.asarray(a), [0], mode="foo")
    with pytest.raises(IndexError, match="take: cannot do a non-empty take from an empty axis"):
        xt.take(xt.zeros((0,)), [0], mode="wrap")
    with pytest.raises(TypeError, match="take: out must be an xtensor Array"):
        xt.take(xt.asarray(a), [0], out=np.zeros(1, dtype=int))
    with pytest.raises(TypeError):  # NumPy's safe casting into `out`
        np.take(a, [0], out=np.zeros(1))
    with pytest.raises(TypeError, match="take: Cannot cast"):
        xt.take(xt.asarray(a), [0], out=xt.zeros(1))
