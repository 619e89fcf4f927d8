"""Everyday calls from the fifth survey (beginner exercise collections: w3resource, GeeksforGeeks,
Kaggle tutorials, Python Data Science Handbook-style snippets), each checked against NumPy 2.4
as the oracle: string functions of Python strings answering NumPy's 0-d arrays, `average`'s
weight sum, `eye(n, M=m)`, shapes, repetitions and shifts given as integer arrays, and the
name NumPy's `ldexp` overflow warning gives."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import xtensor as xt

# --- 1. np.char / np.strings on Python strings: NumPy answers a 0-d array, not a scalar ------

STRING_CALLS = [
    ("char", "upper", ("abc",)),
    ("char", "add", ("a", "b")),
    ("char", "center", ("x", 3)),
    ("char", "ljust", ("x", 3)),
    ("char", "equal", ("a", "a")),
    ("char", "join", ("-", "abc")),
    ("char", "split", ("a b",)),
    ("strings", "upper", ("abc",)),
    ("char", "str_len", ("abc",)),  # a NumPy scalar here: stays one
    ("char", "find", ("banana", "n")),
]


@pytest.mark.parametrize(("module", "name", "args"), STRING_CALLS)
def test_string_functions_of_python_strings_print_as_numpy(module, name, args):
    got = getattr(getattr(xt, module), name)(*args)
    want = getattr(getattr(np, module), name)(*args)
    assert repr(got) == repr(want)
    assert str(got) == str(want)


# --- 2. average(..., returned=True): the weight sum is NumPy's scalar where avg is one -------


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (([1, 2],), {}),
        (([[1.0, 2.0], [3.0, 5.0]],), {}),
        (([[1.0, 2.0], [3.0, 5.0]],), {"axis": 0}),
        (([1.0, 2.0, 4.0],), {"weights": [1, 2, 3]}),
    ],
)
def test_average_returned_weight_sum_prints_as_numpy(args, kwargs):
    got = xt.average(*args, returned=True, **kwargs)
    want = np.average(*args, returned=True, **kwargs)
    assert repr(got) == repr(want)


# --- 3. eye(N, M=...): NumPy's keyword for the column count ----------------------------------


@pytest.mark.parametrize("kwargs", [{"M": 2}, {"M": 4, "k": 1}, {"M": 3, "dtype": int, "k": -1}])
def test_eye_takes_numpys_M(kwargs):
    got, want = xt.eye(3, **kwargs), np.eye(3, **kwargs)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(np.asarray(got), want)


def test_eye_refuses_the_column_count_twice():
    with pytest.raises(TypeError):
        xt.eye(3, 2, M=2)


# --- 4. shapes, repetitions and shifts given as integer arrays, as NumPy reads them ----------

ARRAY_ARGUMENTS = [
    ("reshape", lambda m: m.reshape(m.arange(6), m.array([2, 3]))),
    ("method reshape", lambda m: m.arange(6).reshape(m.array([3, 2]))),
    ("method reshape 0-d", lambda m: m.arange(6).reshape(m.array(6))),
    ("tile", lambda m: m.tile(m.array([3, 1, 2]), m.array([2, 3]))),
    ("broadcast_to", lambda m: m.broadcast_to(m.arange(3), m.array([2, 3]))),
    ("roll", lambda m: m.roll(m.array([1, 2, 3]), m.array([1]))),
    ("roll axes", lambda m: m.roll(m.arange(6).reshape(2, 3), m.array([1, -1]), axis=(0, 1))),
    ("reshape from shape", lambda m: m.arange(4).reshape(m.array((2, 4)) // m.array([1, 2]))),
    ("method transpose", lambda m: m.arange(6).reshape(2, 3).transpose(m.array([1, 0]))),
    ("permute_dims", lambda m: m.permute_dims(m.arange(6).reshape(2, 3), m.array([1, 0]))),
    ("moveaxis", lambda m: m.moveaxis(m.arange(24).reshape(2, 3, 4), m.array([0]), m.array([2]))),
    ("flip", lambda m: m.flip(m.arange(6).reshape(2, 3), m.array([0, 1]))),
]


@pytest.mark.parametrize(("label", "call"), ARRAY_ARGUMENTS, ids=[c[0] for c in ARRAY_ARGUMENTS])
def test_integer_array_arguments_read_as_numpy_reads_them(label, call):
    got, want = call(xt), call(np)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(np.asarray(got), want)


def test_float_array_shape_is_refused_as_numpy_refuses_it():
    with pytest.raises(TypeError):
        np.arange(6).reshape(np.array([2.0, 3.0]))
    with pytest.raises(TypeError):
        xt.arange(6).reshape(xt.array([2.0, 3.0]))


# --- 5. ldexp's overflow warning names NumPy's ufunc ------------------------------------------


@pytest.mark.parametrize("args", [(7, 3000), (np.array([1.0, 2.0]), 3000)])
def test_ldexp_overflow_warning_names_ldexp(args):
    xargs = tuple(xt.asarray(a) if isinstance(a, np.ndarray) else a for a in args)
    with warnings.catch_warnings(record=True) as caught, np.errstate(over="warn"):
        warnings.simplefilter("always")
        np.ldexp(*args)
        xt.ldexp(*xargs)
    messages = [str(w.message) for w in caught]
    assert messages == ["overflow encountered in ldexp"] * 2
