"""NumPy's array interface on Arrays (Note [Array interface] in `xtensor/_array_views.py`):
`__array_struct__` and `__array_interface__` for CPU arrays of one or more dimensions, read
by NumPy's conversions and by C-level readers (Pillow, `np.ctypeslib`), with NumPy as the
oracle; none for 0-d values, device or meta arrays and StringDType.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import arrays

Image = pytest.importorskip("PIL.Image")

HOST_DTYPES = [
    np.array([["2020-01-01", "2021-06-30"]], "M8[s]"),
    np.array([[1, 2]], "m8[ms]"),
    np.array([[1, "a"]], object),
    np.array([["ab", "c"]]),
    np.array([[b"ab", b"c"]]),
]
RECORDS = np.zeros((2, 2), [("a", "i4"), ("b", "f8")])


@given(data=st.data(), dtype=st.sampled_from(["bool", "int8", "uint16", "float16", "complex64"]))
def test_numpy_reads_the_same_memory_through_the_interface(data, dtype):
    """Any layout (0-size, transposed, reversed, strided), as NumPy's own view of it."""
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0))
    a = data.draw(arrays(dtype, shape))
    x = xt.asarray(a)
    got = np.asarray(x)
    assert got.dtype == a.dtype and got.shape == a.shape and got.strides == x._data.strides
    np.testing.assert_array_equal(got, a)
    assert got.size == 0 or np.shares_memory(got, x._data)
    face = x.__array_interface__
    assert face["strides"] == x._data.strides  # always given: Pillow copies with tobytes then
    assert {**face, "strides": None} == {**x._data.__array_interface__, "strides": None}


@pytest.mark.parametrize("a", HOST_DTYPES, ids=lambda a: a.dtype.str)
def test_host_dtypes_keep_their_dtype_through_the_dict(a):
    x = xt.asarray(a)
    with pytest.raises(AttributeError, match="only CPU arrays of numbers"):
        assert x.__array_struct__ is None  # NumPy would rebuild a date's dtype without its unit
    got = np.asarray(x)
    assert got.dtype == a.dtype and np.shares_memory(got, x._data)
    assert (got == a).all()


def test_writes_and_read_only_memory_follow_the_array():
    x = xt.zeros((2, 3))
    np.asarray(x)[1, 2] = 7.0
    assert float(x[1, 2]) == 7.0
    frozen = xt.asarray(np.arange(6.0).reshape(2, 3))
    frozen._data.flags.writeable = False
    assert not np.asarray(frozen).flags.writeable
    assert x.__array_interface__["data"][1] is False
    assert frozen.__array_interface__["data"][1] is True


@pytest.mark.parametrize(
    "x",
    [
        xt.asarray(2.5),  # a value: lists of them convert through __array__, faster
        xt.asarray([1.0, 2.0], device="meta"),
        xt.asarray(np.array([["a"]], dtype=np.dtypes.StringDType())),
        xt.asarray(RECORDS[["b", "a"]]),  # fields at offsets a typestr cannot carry
    ],
    ids=["0-d", "meta", "StringDType", "records"],
)
def test_values_device_arrays_and_strings_have_no_interface(x):
    for name in ("__array_struct__", "__array_interface__"):
        assert not hasattr(x, name)
        with pytest.raises(AttributeError, match=f"{name}: only CPU arrays"):
            getattr(x, name)
    if x.device != "meta":
        got = np.asarray(x)
        assert got.dtype == x._data.dtype
        np.testing.assert_array_equal(got, np.asarray(x._data))


def test_registered_dtypes_have_no_interface():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    for name in ("bfloat16", "float8_e5m2"):  # kinds V and f, neither NumPy's own
        x = xt.asarray(np.ones((2, 2), dtype=getattr(ml_dtypes, name)))
        assert not hasattr(x, "__array_struct__") and not hasattr(x, "__array_interface__")
        assert np.asarray(x).dtype == np.dtype(getattr(ml_dtypes, name))


def test_lists_of_arrays_and_values_convert_as_numpy_does():
    rows = [xt.asarray([1.0, 2.0]), xt.asarray([3.0, 4.0])]
    np.testing.assert_array_equal(np.array(rows), [[1.0, 2.0], [3.0, 4.0]])
    values = [rows[0][0], rows[1][1], 5]
    got = np.array(values)
    assert got.dtype == np.float64 and got.tolist() == [1.0, 4.0, 5.0]


@pytest.mark.parametrize(
    ("make", "mode"),
    [
        (lambda: (np.linspace(0, 1, 12).reshape(3, 4) * 255).astype(np.uint8), "L"),
        (lambda: np.arange(60, dtype=np.uint8).reshape(4, 5, 3), "RGB"),
        (lambda: np.arange(80, dtype=np.uint8).reshape(4, 5, 4), "RGBA"),
        (lambda: np.linspace(0, 1, 20, dtype=np.float32).reshape(4, 5), "F"),
        (lambda: np.arange(20, dtype=np.int32).reshape(4, 5), "I"),
        (lambda: np.arange(20).reshape(4, 5) % 3 == 0, "1"),
        (lambda: np.arange(12, dtype=np.uint8).reshape(3, 4).T, "L"),  # not contiguous
    ],
)
def test_pillow_makes_the_image_numpy_makes(make, mode):
    a = make()
    want = Image.fromarray(a)
    got = Image.fromarray(xt.asarray(a))
    assert (got.mode, got.size) == (want.mode, want.size) == (mode, want.size)
    assert got.tobytes() == want.tobytes()
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def test_ctypes_reads_numpys_view_of_an_array():
    """`np.ctypeslib.as_ctypes` takes only interfaces without strides, which Pillow needs:
    NumPy's own view of the Array passes it the same memory."""
    x = xt.asarray([1.5, 2.5, 3.5])
    with pytest.raises(TypeError, match="strided arrays not supported"):
        np.ctypeslib.as_ctypes(x)
    c = np.ctypeslib.as_ctypes(np.asarray(x))
    c[1] = 9.0
    assert x.tolist() == [1.5, 9.0, 3.5]
