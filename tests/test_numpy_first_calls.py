"""NumPy-style calls whose first branch is NumPy's own call on the operands' data (the
*_like functions, `astype` with a dtype spelled as NumPy spells it, keys with None, `copy`,
`matmul` and `@`, `flip`, `vstack`, `hstack`): NumPy's answer for every dtype, layout, 0-d and
empty input, and where NumPy refuses, the checked path's words."""

from __future__ import annotations

import operator
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same
from xtensor._dispatch import PLANS

NUMERIC = [d for d in ALL_DTYPES if np.dtype(d).kind in "biufc"]


@given(data=st.data(), dtype=st.sampled_from(NUMERIC))
def test_like_functions_match_numpy(data, dtype):
    a = data.draw(arrays(dtype))
    x = xt.asarray(a)
    for name in ("zeros_like", "ones_like", "empty_like"):
        got, want = getattr(xt, name)(x), getattr(np, name)(a)
        assert got.shape == want.shape and np.asarray(got).dtype == want.dtype
        if name != "empty_like":
            assert_same(got, want)
        got._data[...] = 7  # a buffer of its own, never x's
    assert_same(x, a)


@given(
    data=st.data(),
    dtype=st.sampled_from(NUMERIC),
    spelling=st.sampled_from([int, float, bool, complex, np.float32, np.int8, "f4", "i2", "u1"])
    | st.sampled_from(["float64", "complex64"]).map(np.dtype),
)
def test_astype_with_numpy_spellings_matches_numpy(data, dtype, spelling):
    a = data.draw(arrays(dtype))
    x = xt.asarray(a)
    if a.dtype.kind == "c" and np.dtype(spelling).kind not in "cb":  # (to bool: nonzero)
        with pytest.raises(TypeError, match="astype: casting complex"):  # as the standard asks
            x.astype(spelling)
        return
    with np.errstate(all="ignore"):
        want = a.astype(spelling)
        for _ in range(2):  # the first call records the spelling, the second replays it
            got = x.astype(spelling)
            assert_same(got, want)
            assert not np.shares_memory(got._data, a)
    assert PLANS.small_table("astype")[a.dtype, spelling] == want.dtype


@given(data=st.data(), dtype=st.sampled_from(["bool", "int64", "float64"]))
def test_keys_with_new_axes_match_numpy(data, dtype):
    a = data.draw(arrays(dtype))
    x = xt.asarray(a)
    keys = [None, (None,), (slice(None), None), (None, Ellipsis), (None, slice(1, None))]
    if a.ndim:
        keys += [(0, None), (None, -1, None), (None, slice(None, None, -1), None)]
    for key in keys:
        try:
            want = a[key]
        except IndexError:
            with pytest.raises(IndexError, match="__getitem__"):
                x[key]
            continue
        assert_same(x[key], want)
        assert np.shares_memory(x[key]._data, x._data) or want.size == 0  # a view, as NumPy's


def test_setitem_through_a_new_axis_writes_the_array():
    x, a = xt.zeros(3), np.zeros(3)
    x[:, None] = xt.asarray([[1.0], [2.0], [3.0]])
    a[:, None] = [[1.0], [2.0], [3.0]]
    assert_same(x, a)


@given(data=st.data(), dtype=st.sampled_from(NUMERIC))
def test_copy_and_flip_match_numpy(data, dtype):
    a = data.draw(arrays(dtype))
    x = xt.asarray(a)
    c = x.copy()
    assert_same(c, a.copy())
    assert c._data.flags.c_contiguous
    assert not np.shares_memory(c._data, x._data) or a.size == 0
    assert_same(xt.flip(x), np.flip(a))
    if a.ndim:
        assert_same(xt.flip(x, axis=-1), np.flip(a, axis=-1))


@given(
    data=st.data(),
    dtype=st.sampled_from(["bool", "int8", "int64", "float32", "float64", "complex128"]),
    shapes=st.sampled_from([((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 4))])
    | st.sampled_from([((4, 2, 3), (3, 2)), ((2, 3), (2, 3)), ((0, 3), (3, 0)), ((3,), (4,))]),
)
def test_matmul_and_the_operator_match_numpy(data, dtype, shapes):
    a = data.draw(arrays(dtype, shape=shapes[0]))
    b = data.draw(arrays(dtype, shape=shapes[1]))
    x, y = xt.asarray(a), xt.asarray(b)
    try:
        want = np.matmul(a, b)
    except ValueError:
        for call in (xt.matmul, operator.matmul, xt.dot):
            with pytest.raises(ValueError, match=r"(matmul|dot): shapes"):
                call(x, y)
        return
    for call in (xt.matmul, operator.matmul):
        got = call(x, y)
        rtol = 1e-5 if dtype in ("float32", "complex64") else None
        assert_same(got, want, rtol=rtol)


@given(
    data=st.data(),
    dtype=st.sampled_from(NUMERIC),
    ndims=st.lists(st.integers(0, 2), min_size=1, max_size=3),
)
def test_vstack_and_hstack_match_numpy(data, dtype, ndims):
    side = data.draw(st.integers(1, 3))
    parts = [np.arange(side**n).reshape((side,) * n).astype(dtype) for n in ndims]
    xs = [xt.asarray(p) for p in parts]
    for name in ("vstack", "hstack"):
        try:
            want = getattr(np, name)(parts)
        except ValueError:
            with pytest.raises(ValueError, match=name[0] + "stack|concat"):
                getattr(xt, name)(xs)
            continue
        assert_same(getattr(xt, name)(xs), want)


@given(
    data=st.data(),
    dtype=st.sampled_from(NUMERIC),
    to=st.sampled_from([None, "float32", "int64", "complex128", "bool"]),
)
def test_asarray_of_an_array_matches_numpy(data, dtype, to):
    a = data.draw(arrays(dtype))
    x = xt.asarray(a)
    if to is None or to == dtype:
        assert xt.asarray(x, dtype=to) is x  # the same object, as NumPy's asarray(a) is a
        return
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        want = np.asarray(a, dtype=to)
        assert_same(xt.asarray(x, dtype=to), want)


@pytest.mark.parametrize("value", [True, 0, -3, 2.75, -0.0, np.float16(1.5), np.uint8(7)])
def test_python_scalars_of_0d_arrays_match_numpy(value):
    a = np.asarray(value)
    x = xt.asarray(a)
    assert float(x) == float(a) and int(x) == int(a) and bool(x) is bool(a)
    if a.dtype.kind in "iu":
        assert operator.index(x) == operator.index(a)
    else:  # NumPy refuses bool and float indices too
        with pytest.raises(TypeError, match="__index__"):
            operator.index(x)
