"""The Array object: attributes, Python-scalar conversion, interchange, display, and the
NumPy-compatible methods (each checked against the same NumPy method)."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes

dtypes = st.sampled_from(ALL_DTYPES)


# --- attributes ---------------------------------------------------------------------------------


@given(d=dtypes, data=st.data())
def test_attributes_match_numpy(d, data):
    a = data.draw(arrays(d, data.draw(shapes())))
    x = xt.asarray(a)
    assert x.dtype == getattr(xt, d) and x.device == xt.Device("cpu") and x.device == "cpu"
    assert (x.shape, x.ndim, x.size) == (a.shape, a.ndim, a.size)
    assert_same(x.T, a.T)
    if a.ndim >= 2:
        assert_same(x.mT, np.swapaxes(a, -1, -2))


def test_mt_needs_two_dimensions_and_array_is_not_constructible():
    with pytest.raises(ValueError, match="mT: the array must have at least 2 dimensions"):
        _ = xt.zeros(3).mT
    with pytest.raises(TypeError, match="use xtensor.asarray"):
        xt.Array()
    with pytest.raises(TypeError):
        hash(xt.zeros(1))


# --- Python scalars -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, dtype",
    [(True, xt.bool), (-3, xt.int8), (7, xt.uint64), (2.5, xt.float32), (-0.0, xt.float64)],
)
def test_scalar_conversions(value, dtype):
    x = xt.asarray(value, dtype=dtype)
    assert bool(x) is bool(value)
    assert int(x) == int(value) and type(int(x)) is int
    assert float(x) == float(value) and type(float(x)) is float
    assert complex(x) == complex(value)
    if dtype in (xt.int8, xt.uint64):
        assert [10, 20, 30, 40, 50, 60, 70, 80][x] == [10, 20, 30, 40, 50, 60, 70, 80][value]


def test_scalar_conversion_rules():
    z = xt.asarray(1 + 2j)
    with pytest.raises(TypeError, match="int\\(\\): cannot convert a complex array"):
        int(z)
    with pytest.raises(TypeError, match="float\\(\\): cannot convert a complex array"):
        float(z)
    assert complex(z) == 1 + 2j and bool(xt.asarray(0 + 1j)) is True
    with pytest.raises(TypeError, match="__index__: only integer arrays .* got dtype float64"):
        [1, 2][xt.asarray(1.0)]
    with pytest.raises(TypeError, match="__index__: .* got dtype bool"):
        [1, 2][xt.asarray(True)]
    with pytest.raises(ValueError):
        int(xt.asarray(math.nan))
    with pytest.raises(OverflowError):
        int(xt.asarray(math.inf))
    assert bool(xt.asarray(math.nan)) is True
    with pytest.raises(TypeError, match="float\\(\\): only 0-dimensional arrays convert"):
        float(xt.zeros(2))
    with pytest.raises(
        ValueError, match="bool\\(\\): the truth value of an array of shape \\(2,\\) is ambiguous"
    ):
        bool(xt.zeros(2))


# --- interchange --------------------------------------------------------------------------------


def test_array_namespace():
    x = xt.zeros(1)
    assert x.__array_namespace__() is xt
    assert x.__array_namespace__(api_version="2024.12") is xt
    with pytest.raises(ValueError, match="api_version '2099.01' is not supported"):
        x.__array_namespace__(api_version="2099.01")


@given(d=dtypes, data=st.data())
def test_dlpack_round_trip_shares_memory(d, data):
    a = data.draw(arrays(d, data.draw(shapes(min_side=1)), views=False))
    x = xt.asarray(a)
    back = np.from_dlpack(x)
    assert np.shares_memory(back, x._data)
    np.testing.assert_array_equal(back, a)
    assert x.__dlpack_device__() == (1, 0)
    y = xt.from_dlpack(a)
    assert np.shares_memory(y._data, a)


def test_dlpack_keywords_and_to_device():
    x = xt.arange(4)
    x.__dlpack__(max_version=(1, 0), dl_device=(1, 0), copy=False)
    assert xt.from_dlpack(x, copy=True)._data is not x._data
    assert x.to_device("cpu") is x and x.to_device(xt.Device("cpu")) is x
    with pytest.raises(ValueError, match="is not a device"):
        x.to_device("tpu")


def test_numpy_asarray_reads_arrays():
    x = xt.asarray([[1.0, 2.0]])
    a = np.asarray(x)
    assert np.shares_memory(a, x._data) and a.dtype == np.float64
    assert np.asarray(x, dtype=np.float32).dtype == np.float32
    with pytest.raises(ValueError, match="copy=False is impossible with a dtype change"):
        x.__array__(dtype=np.int32, copy=False)


# --- display and Python protocols ---------------------------------------------------------------


def test_repr_and_str_look_like_numpy():
    # tests/test_printing.py checks every dtype and shape against NumPy.
    x = xt.asarray([[1, 2], [3, 4]], dtype=xt.int32)
    assert repr(x) == "array([[1, 2],\n       [3, 4]], dtype=int32)"
    assert repr(xt.asarray(1.5)) == "array(1.5)"
    assert str(x) == str(np.asarray([[1, 2], [3, 4]]))


def test_len_and_iteration():
    x = xt.asarray([[1, 2], [3, 4]])
    assert len(x) == 2
    rows = list(x)
    assert [r.tolist() for r in rows] == [[1, 2], [3, 4]] and all(
        isinstance(r, xt.Array) for r in rows
    )
    with pytest.raises(TypeError, match="len\\(\\) of a 0-dimensional array"):
        len(xt.asarray(1))
    with pytest.raises(TypeError, match="iteration over a 0-dimensional array"):
        iter(xt.asarray(1))


def test_copy_module_copies_data():
    x = xt.asarray([1, 2])
    for y in (copy.copy(x), copy.deepcopy(x), x.copy()):
        assert_same(y, np.asarray([1, 2])) and not np.shares_memory(y._data, x._data)


# --- NumPy-compatible methods -------------------------------------------------------------------


def test_shape_methods_match_numpy():
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    x = xt.asarray(a)
    assert_same(x.reshape(4, 6), a.reshape(4, 6))
    assert_same(x.reshape((-1,)), a.reshape((-1,)))
    assert_same(x.transpose(), a.transpose())
    assert_same(x.transpose(1, 0, 2), a.transpose(1, 0, 2))
    assert_same(x.transpose((2, 0, 1)), a.transpose((2, 0, 1)))
    assert_same(x.swapaxes(0, 2), a.swapaxes(0, 2))
    assert_same(x[:1].squeeze(), a[:1].squeeze())
    assert_same(x[:1].squeeze(0), a[:1].squeeze(0))
    f = x.flatten()
    assert_same(f, a.flatten()) and not np.shares_memory(f._data, x._data)
    r = x.ravel()
    assert_same(r, a.ravel()) and np.shares_memory(r._data, x._data)
    assert_same(x.astype(xt.int16), a.astype(np.int16))
    assert x.tolist() == a.tolist() and x[1, 2, 3].item() == a[1, 2, 3].item()
    assert x.item(5) == a.item(5)


def test_fill_real_imag_conj():
    z = xt.asarray([1 + 2j, 3 - 4j])
    assert_same(z.real, np.array([1.0, 3.0]))
    assert_same(z.imag, np.array([2.0, -4.0]))
    z.real[0] = 9.0  # a view, as in NumPy
    assert z.tolist() == [9 + 2j, 3 - 4j]
    assert_same(z.conj(), np.array([9 - 2j, 3 + 4j]))
    r = xt.asarray([1.0, 2.0])
    assert_same(r.imag, np.zeros(2))
    r.fill(7)
    assert r.tolist() == [7.0, 7.0]


@pytest.mark.parametrize(
    "name, kwargs",
    [
        ("sum", {}),
        ("sum", {"axis": 0, "keepdims": True}),
        ("sum", {"axis": 1, "dtype": "int32"}),
        ("prod", {"axis": 0}),
        ("mean", {}),
        ("mean", {"axis": 1}),
        ("std", {"ddof": 1}),
        ("var", {"axis": 0}),
        ("max", {}),
        ("min", {"axis": 1}),
        ("argmax", {}),
        ("argmin", {"axis": 0}),
        ("any", {"axis": 0}),
        ("all", {}),
        ("cumsum", {}),
        ("cumsum", {"axis": 1}),
        ("cumprod", {"axis": 0}),
    ],
)
def test_reduction_methods_match_numpy(name, kwargs):
    a = np.array([[1, 5, 2], [4, 0, 6]], dtype=np.int64)
    x = xt.asarray(a)
    got = getattr(x, name)(**kwargs)
    want = getattr(a, name)(**kwargs)
    if name in ("mean", "std", "var"):
        assert_same(got, np.asarray(want, dtype=np.float64), rtol=1e-12)
    else:
        assert_same(got, np.asarray(want))


def test_dot_method():
    a = np.arange(6.0).reshape(2, 3)
    assert_same(xt.asarray(a).dot(xt.asarray(a.T)), a.dot(a.T))


def test_numpy_style_methods_and_format_match_numpy():
    a = np.array([[3.0, -1.5, 2.25], [0.5, 7.0, -4.0], [1.0, 1.0, 9.5]])
    x = xt.asarray(a)
    assert f"{xt.mean(x):.3f}" == f"{np.mean(a):.3f}"
    assert f"{x}" == f"{a}"
    for got, want in [
        (x.clip(-1, 2), a.clip(-1, 2)),
        (x.round(1), a.round(1)),
        (x.argsort(), a.argsort()),
        (x.repeat(2, axis=1), a.repeat(2, axis=1)),
        (x.take([0, 4]), a.take([0, 4])),
        (x.take([2], axis=1), a.take([2], 1)),
        (x.diagonal(1), a.diagonal(1)),
        (x.trace(), a.trace()),
    ]:
        np.testing.assert_array_equal(np.asarray(got), want)
    assert [np.asarray(i).tolist() for i in x.nonzero()] == [i.tolist() for i in a.nonzero()]
    assert (x.nbytes, x.itemsize, x.strides) == (a.nbytes, a.itemsize, a.strides)
    x.sort(axis=0)
    a.sort(axis=0)
    np.testing.assert_array_equal(np.asarray(x), a)
