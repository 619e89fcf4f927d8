"""The compiled reductions with no arguments (`x.sum()`, `x.max()`, `x.argmax()`...: the
reduce0 twins of _cfast_paths.c) against their Python methods and NumPy; the harness is
test_cfast.py's."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import DTYPES, REDUCTIONS, SETTINGS, arrays, assert_same


@SETTINGS
@given(x=st.sampled_from(["int8", "int64", "float32", "float64", "bool"]).flatmap(arrays))
def test_sum_matches_python_and_numpy(x):
    result = assert_same(xt.Array.sum, x)
    assert result[0] is np.ndarray and result[2] == ()
    np.testing.assert_allclose(xt.Array.sum(x)._data, np.sum(x._data), rtol=1e-6)


def test_sum_of_each_dtype_matches_python():
    for dtype in DTYPES:
        for shape in [(), (0,), (5,), (2, 3)]:
            x = xt.asarray(np.ones(shape, dtype))
            assert_same(xt.Array.sum, x)
            assert_same(xt.Array.sum, xt.asarray(np.ones((3, 4), dtype)[:, ::2]))


@pytest.mark.parametrize("name", REDUCTIONS)
def test_reduction_methods_of_each_dtype_match_python(name):
    """`x.max()` and the rest with no arguments: the same answer, dtype and error (an empty
    max, say) as the Python method, on every layout. `x.argmax()` is NumPy's argfunc in C, a
    fresh 0-d array where the Python plan reshapes a buffer: only its ownership differs."""
    nan, method, owner = float("nan"), getattr(xt.Array, name), not name.startswith("arg")
    for dtype in [*DTYPES, "float16", "uint64", "complex64"]:
        for shape in [(), (0,), (5,), (2, 3)]:
            values = np.arange(int(np.prod(shape)), dtype="float64").reshape(shape) % 3 - 1
            assert_same(method, xt.asarray(values.astype(dtype)), owner=owner)
        strided = (np.arange(12.0).reshape(3, 4) % 5).astype(dtype)[:, ::2]
        assert_same(method, xt.asarray(strided), owner=owner)
        if np.dtype(dtype).kind in "fc":
            assert_same(method, xt.asarray(np.array([1, nan, 3, nan], dtype)), owner=owner)
