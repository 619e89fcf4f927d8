"""Everyday calls from the fourth survey (NumPy's user guide and tutorials), each checked
against NumPy 2.4 as the oracle: ufuncs of Python numbers with `dtype=`, byte-swapped views as
the byteswapping guide takes them, StringDType beside Python strings, `can_cast` across NumPy's
typecodes, record arrays that stay record arrays, and the custom-container protocols
(`__array__`, `__array_function__`) of classes written under `import xtensor as np`."""

from __future__ import annotations

import copy
import pickle
import warnings

import numpy as np
import pytest

import xtensor as xt

# --- 1. ufuncs of Python numbers only: the loop `dtype=` names computes ---------------------

NUMBER_CALLS = [
    ("power", (100, 100), np.float64),
    ("power", (100, 100), np.complex128),
    ("multiply", (2**62, 4), np.float64),
    ("add", (2**70, 1), np.float64),
    ("true_divide", (7, 2), np.float32),
    ("add", (1, 2), np.int8),
    ("sqrt", (2,), np.float32),
]


@pytest.mark.parametrize(("name", "args", "dtype"), NUMBER_CALLS)
def test_python_numbers_compute_in_the_dtype_asked(name, args, dtype):
    got = getattr(xt, name)(*args, dtype=dtype)
    want = getattr(np, name)(*args, dtype=dtype)
    assert got.dtype == want.dtype
    assert np.asarray(got).tolist() == np.asarray(want).tolist()


def test_python_number_out_of_the_asked_dtype_is_numpys_overflow_error():
    with pytest.raises(OverflowError):
        np.add(300, 1, dtype=np.uint8)
    with pytest.raises(OverflowError):
        xt.add(300, 1, dtype=np.uint8)


def test_python_number_cast_warns_at_the_callers_line_as_numpys():
    for lib in (np, xt):
        with warnings.catch_warnings(record=True) as caught, np.errstate(over="warn"):
            warnings.simplefilter("always")
            assert np.isinf(float(lib.add(1e40, 1.0, dtype=np.float32)))
        assert [str(w.message) for w in caught] == ["overflow encountered in cast"]
        assert caught[0].filename == __file__, lib


# --- 2. byte-swapped dtypes (user guide: byteswapping) --------------------------------------


@pytest.mark.parametrize("order", [">i2", "<i2", ">u4", ">f4"])
def test_view_as_a_swapped_order_reads_the_bytes_in_that_order(order):
    raw = bytes(range(1, 9))
    got = xt.frombuffer(raw, dtype="<u2").view(np.dtype(order))
    want = np.frombuffer(raw, dtype="<u2").view(np.dtype(order))
    assert got.tolist() == want.tolist()
    assert got.dtype == np.dtype(order).newbyteorder("=")  # xtensor keeps data native


# --- 3. StringDType beside Python strings ---------------------------------------------------


@pytest.mark.parametrize("op", ["__eq__", "__ne__", "__lt__", "__add__", "__radd__"])
def test_stringdtype_takes_a_python_str_as_numpy_does(op):
    words = ["hello", "world"]
    dt = np.dtypes.StringDType()
    got = getattr(xt.asarray(words, dtype=dt), op)("hello")
    want = getattr(np.array(words, dtype=dt), op)("hello")
    assert got.dtype == want.dtype and got.tolist() == want.tolist()
    assert xt.equal(xt.asarray(words, dtype=dt), "world").tolist() == [False, True]


@pytest.mark.parametrize("na", [None, float("nan"), "<NA>", False])
def test_stringdtype_elements_are_numpys_python_strings_and_missing_values(na):
    """A StringDType array's elements are NumPy's: Python strs, and its na_object itself
    (`x[1] is None`), by index, iteration and tolist; an na_object keeps the data as it is."""
    dt = np.dtypes.StringDType(na_object=na) if na is not False else np.dtypes.StringDType()
    values = ["a", na, "bc"] if na is not False else ["a", "", "bc"]
    a = np.array(values, dtype=dt)
    x = xt.asarray(a)
    assert x.dtype == a.dtype and repr(x) == repr(a)
    for got, want in zip([x[0], x[1], x[-1], *x, *x.tolist()], [a[0], a[1], a[-1], *a, *a]):
        assert type(got) is type(want) and (got is want or got == want or got != got)
    assert x[0].upper() == "A"


# --- 4. can_cast across NumPy's typecodes (user guide: data types) --------------------------


def test_can_cast_table_over_all_typecodes_is_numpys():
    codes = np.typecodes["All"]
    got = [[xt.can_cast(a, b) for b in codes] for a in codes]
    want = [[np.can_cast(a, b) for b in codes] for a in codes]
    assert got == want


# --- 5. record arrays (user guide: structured arrays, record arrays) ------------------------

RECORDS = [(456, "dbe", 1.2), (2, "de", 1.3)]


def test_recarray_dtype_is_numpys_record_dtype_and_plain_arrays_keep_theirs():
    r = xt.rec.fromrecords(RECORDS, names="col1,col2,col3")
    n = np.rec.fromrecords(RECORDS, names="col1,col2,col3")
    assert repr(r.dtype) == repr(n.dtype) and r.dtype.type is np.record
    assert repr(r[0].dtype) == repr(n[0].dtype)
    plain = np.zeros(2, dtype=n.dtype.descr)
    assert repr(xt.asarray(plain).dtype) == repr(plain.dtype)


@pytest.mark.parametrize(
    "method",
    [
        lambda m: m.copy(),
        lambda m: copy.copy(m),
        lambda m: copy.deepcopy(m),
        lambda m: pickle.loads(pickle.dumps(m)),
        lambda m: m.reshape(2, 1),
        lambda m: m.T,
        lambda m: m.ravel(),
        lambda m: m.take([1, 0]),
    ],
)
def test_recarray_methods_answer_recarrays_as_numpys_do(method):
    got = method(xt.rec.fromrecords(RECORDS, names="a,b,c"))
    want = method(np.rec.fromrecords(RECORDS, names="a,b,c"))
    assert isinstance(got, xt.recarray) and isinstance(want, np.recarray)
    assert got.a.tolist() == want.a.tolist() and got.b.tolist() == want.b.tolist()


def test_recarray_copy_is_independent_and_a_plain_view_is_plain():
    r = xt.rec.fromrecords(RECORDS, names="a,b,c")
    c = r.copy()
    c.a = 7
    assert r.a.tolist() == [456, 2] and c.a.tolist() == [7, 7]
    assert type(r.view(xt.Array)) is xt.Array


# --- 6. a user's class whose `__array__` was written with `import xtensor as np` ------------


class _Diagonal:
    """NumPy's guide to custom array containers: `__array__` built with the namespace's eye."""

    def __init__(self, xp, n, value):
        self.xp, self.n, self.value = xp, n, value

    def __array__(self, dtype=None, copy=None):
        return self.value * self.xp.eye(self.n, dtype=dtype)


@pytest.mark.parametrize("read", [lambda m, d: m.asarray(d), lambda m, d: m.array(d)])
def test_array_dunder_answering_an_xtensor_array_is_read_as_numpy_reads_its_own(read):
    got = read(xt, _Diagonal(xt, 3, 2))
    want = read(np, _Diagonal(np, 3, 2))
    assert isinstance(got, xt.Array) and got.dtype == want.dtype
    assert got.tolist() == want.tolist()
    assert xt.asarray(_Diagonal(xt, 2, 1), dtype=xt.int32).dtype == xt.int32


# --- 7. annotations that subscript the array and dtype types --------------------------------


def test_ndarray_and_dtype_subscripts_build_generic_aliases_as_numpys_do():
    from typing import Any, get_args, get_origin

    for lib in (np, xt):
        hint = lib.ndarray[Any, lib.dtype[lib.float64]]
        assert get_origin(hint) is lib.ndarray
        assert get_origin(get_args(hint)[1]) is lib.dtype


def test_record_field_written_by_position_as_numpys_record():
    rows = np.array([(1, 2.0, 3.0)], dtype="i, f, f")
    for lib, x in ((np, rows.copy()), (xt, xt.asarray(rows.copy()))):
        scalar = x[0]
        scalar[1] = 4
        scalar[-1] = 7
        assert scalar.item() == (1, 4.0, 7.0) and x[0].item() == (1, 4.0, 7.0), lib
        with pytest.raises(IndexError):
            scalar[3] = 0


class _Overriding:
    """A container whose `__array_function__` knows the functions of the namespace it was
    written with (NumPy's guide keys `HANDLED_FUNCTIONS` by `np.sum`)."""

    __array_ufunc__ = None

    def __init__(self, key):
        self.handled = {key: lambda arr: "own sum"}

    def __array_function__(self, func, types, args, kwargs):
        return self.handled[func](*args) if func in self.handled else NotImplemented


def test_array_function_override_keyed_by_the_namespace_function_is_called():
    assert np.sum(_Overriding(np.sum)) == "own sum"
    assert xt.sum(_Overriding(xt.sum)) == "own sum"
    assert xt.sum(_Overriding(np.sum)) == "own sum"  # a container written for NumPy
    with pytest.raises(TypeError, match="no implementation found"):
        xt.sum(_Overriding(np.prod))  # knows neither library's sum: NumPy's TypeError
