"""The first branches of the everyday shape and creation calls, second round (squeeze,
atleast_Nd, transpose, swapaxes, broadcast_to, flip, roll, append, insert, delete, resize,
asarray and array of nested sequences, full_like, tril, triu, identity, tri, logspace,
geomspace), in `test_fast_calls_shape`'s style: each call runs on xtensor Arrays and Python
scalars (the first branch) and on the same data in a form the branch leaves alone (the NumPy
array behind an Array, NumPy's scalar for a Python one, `device="cpu"`), which the checked
path reads without a copy. The two must agree in layout, bytes, warnings and errors; NumPy is
the oracle for values, dtype and shape.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes
from tests.test_fast_calls_shape import (
    DTYPES,
    SETTINGS,
    assert_branch_taken,
    assert_paths_agree,
)
from tests.test_fast_calls_shape import _numpy as _numpy_data
from xtensor import _creation, _creation_matrices, _manipulation, _numpy_creation, _numpy_shape


def _numpy(call):
    """NumPy's answer, or None where NumPy refuses (the paths' agreement is checked anyway)."""

    def run():
        try:
            return call()
        except (ArithmeticError, ValueError, TypeError, IndexError):
            return None

    return run


def _array(data, dtype=None):
    a = data.draw(arrays(dtype or data.draw(st.sampled_from(DTYPES))))
    if a.ndim and a.size and data.draw(st.integers(0, 4)) == 0:
        a = np.broadcast_to(a[..., :1], a.shape)  # a read-only view with a zero stride
    return a


def _agree(name, fast_args, checked_args, **kwargs):
    """`name` on `fast_args` (Arrays) and on `checked_args` (their NumPy data) agree, and
    give NumPy's answer on the NumPy data. Returns the outcome."""
    fn = getattr(xt, name)
    return assert_paths_agree(
        lambda: fn(*fast_args, **kwargs),
        lambda: fn(*checked_args, **kwargs),
        _numpy(lambda: getattr(np, name)(*checked_args, **kwargs)),
    )


# --- views -------------------------------------------------------------------------------------


@SETTINGS
@given(st.data())
def test_views(data):
    a = _array(data)
    x = xt.asarray(a)
    for name in ("squeeze", "atleast_1d", "atleast_2d", "atleast_3d", "transpose", "flip"):
        _agree(name, (x,), (a,))
    _agree("squeeze", (x[None],), (a[None],))
    i, j = (data.draw(st.integers(-a.ndim - 1, a.ndim)) for _ in range(2))
    _agree("swapaxes", (x, i, j), (a, np.int64(i), np.int64(j)))


def test_views_keep_their_identity():
    x = xt.asarray(np.ones((2, 3)))
    assert xt.atleast_2d(x) is x and xt.atleast_1d(x) is x
    y = xt.squeeze(x)  # nothing to remove: a new view of x's data, as the checked path made
    assert y is not x and y._data is not x._data and y._data.base is x._data


@SETTINGS
@given(st.data())
def test_broadcast_to(data):
    a = _array(data)
    lead = data.draw(st.lists(st.integers(-1, 3), max_size=2))
    shape = tuple(lead) + tuple(data.draw(st.sampled_from([n, 1, 0, 2])) for n in a.shape)
    _agree("broadcast_to", (xt.asarray(a), shape), (a, list(shape)))


@SETTINGS
@given(st.data(), st.integers(-7, 7))
def test_roll(data, shift):
    a = _array(data)
    axis = data.draw(st.none() | st.integers(-a.ndim - 1, a.ndim))
    _agree("roll", (xt.asarray(a), shift, axis), (a, np.int64(shift), axis))


# --- insertion, deletion, resizing ---------------------------------------------------------------

SCALARS = st.sampled_from([1.5, -2, True, 2j, 2**63, float("nan"), 1e300])


@SETTINGS
@given(st.data(), SCALARS, st.integers(-4, 4))
def test_append_insert_delete(data, value, index):
    a = _array(data)
    x = xt.asarray(a)
    axis = data.draw(st.none() | st.integers(-a.ndim - 1, a.ndim))
    _agree("append", (x, value), (a, value))
    _agree("append", (x, x), (a, a))
    _agree("insert", (x, index, value), (a, index, value), axis=axis)
    _agree("insert", (x, index, x), (a, index, a), axis=axis)
    _agree("delete", (x, index), (a, np.int64(index)), axis=axis)
    _agree("delete", (x, slice(index, None, 2)), (a, slice(index, None, 2)), axis=axis)
    listed = data.draw(st.lists(st.integers(-4, 4) | st.booleans() | st.just(1.5), max_size=4))
    for obj in (listed, tuple(listed)):  # NumPy reads these itself: indices, a mask, errors
        _agree("delete", (x, obj), (a, obj), axis=axis)
        if not obj or not all(type(i) is bool for i in obj):  # (NumPy's insert: a mask of a
            _agree("insert", (x, obj, value), (a, obj, value), axis=axis)  # list is a bug)


@SETTINGS
@given(st.data(), shapes(max_dims=2, max_side=7) | st.integers(-1, 9))
def test_resize(data, shape):
    a = _array(data)
    as_list = [shape] if isinstance(shape, int) else list(shape)
    _agree("resize", (xt.asarray(a), shape), (a, as_list))


# --- creation ----------------------------------------------------------------------------------

NUMBERS = st.one_of(
    st.booleans(), st.integers(-(2**64), 2**64), st.floats(), st.complex_numbers(max_magnitude=9)
)
NESTED = st.recursive(st.lists(NUMBERS, max_size=3), lambda inner: st.lists(inner, max_size=3))


@SETTINGS
@given(NESTED, st.booleans())
def test_nested_sequences(obj, as_tuple):
    if as_tuple:
        obj = tuple(obj)
    want = _numpy(lambda: np.asarray(obj) if np.asarray(obj).dtype != object else None)
    assert_paths_agree(lambda: xt.asarray(obj), lambda: xt.asarray(obj, device="cpu"), want)
    assert_paths_agree(lambda: xt.array(obj), lambda: xt.array(obj, device="cpu"), want)


@SETTINGS
@given(st.data(), NUMBERS)
def test_full_like(data, value):
    a = _array(data)
    assert_paths_agree(
        lambda: xt.full_like(xt.asarray(a), value),
        lambda: xt.full_like(a, value),
        _numpy(lambda: np.full_like(a, value) if not isinstance(value, complex) else None),
    )


@SETTINGS
@given(st.data(), st.integers(-5, 5))
def test_tril_triu(data, k):
    a = _array(data)
    for name in ("tril", "triu"):
        _agree(name, (xt.asarray(a), k), (a, np.int64(k)))


@SETTINGS
@given(st.integers(-2, 6), st.none() | st.integers(-2, 6), st.integers(-8, 8))
def test_identity_and_tri(n, m, k):
    _agree("identity", (n,), (np.int64(n),))
    as_numpy = None if m is None else np.int64(m)
    _agree("tri", (n, m, k), (np.int64(n), as_numpy, np.int64(k)))


ENDS = st.sampled_from([0, 1, -1, 2.5, -0.0, 1e300, float("inf"), float("nan"), 3 + 4j, 10])


@SETTINGS
@given(ENDS, ENDS, st.integers(-1, 12), st.sampled_from([10.0, 2, -2.0, 0.5]))
def test_log_and_geometric_ranges(start, stop, num, base):
    as_numpy = [np.asarray(v)[()] for v in (start, stop)]
    _agree("geomspace", (start, stop, num), (*as_numpy, num))
    if not isinstance(start, complex) and not isinstance(stop, complex):
        _agree("logspace", (start, stop, num), (*as_numpy, num), base=base)


# --- outside the first branches ------------------------------------------------------------------

X = xt.asarray(np.arange(6.0).reshape(2, 3))
I8 = xt.asarray(np.arange(4, dtype=np.int8))


OUTSIDE = [  # (function, arguments, keywords): keywords, lists, mixed dtypes, options
    ("squeeze", (X[None],), {"axis": 0}),
    ("atleast_2d", (X, I8), {}),
    ("transpose", (X, (1, 0)), {}),
    ("broadcast_to", ([1.0, 2.0, 3.0], (2, 3)), {}),
    ("roll", (X, (1, 2), (0, 1)), {}),
    ("append", (I8, 1.5), {}),
    ("append", (X, X), {"axis": 0}),
    ("insert", (X, [0, 1], 7.0), {}),
    ("delete", (X, [0, 2]), {"axis": 1}),
    ("resize", ([1, 2, 3], (2, 2)), {}),
    ("array", ([[1, 2], [3, 4]],), {"dtype": "float32", "ndmin": 3}),
    ("asarray", ([[1, 2], [3, 4]],), {"dtype": "int8"}),
    ("full_like", (I8, 3.5), {"dtype": "float32"}),
    ("tril", ([[1, 2], [3, 4]],), {}),
    ("identity", (3,), {"dtype": "int8"}),
    ("tri", (3, 4, 1), {"dtype": "int8"}),
    ("logspace", (0, 2, 5), {"endpoint": False}),
    ("geomspace", (1, 100, 5), {"dtype": "float32"}),
]


@pytest.mark.parametrize("name, args, kwargs", OUTSIDE)
def test_calls_outside_the_branches(name, args, kwargs):
    got = getattr(xt, name)(*args, **kwargs)
    want = getattr(np, name)(*_numpy_data(args), **kwargs)
    for g, w in zip(got, want) if isinstance(got, tuple) else [(got, want)]:
        assert_same(g, w)


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: xt.swapaxes(X, 0, 2), ValueError, "swapaxes: axis2 2 is out of range"),
        (lambda: xt.broadcast_to(X, (3, 2)), ValueError, "broadcast_to: operands could not"),
        (lambda: xt.broadcast_to(X, (-1, 3)), ValueError, "broadcast_to: shape .* negative"),
        (lambda: xt.roll(X, 1, 2), ValueError, "roll: axis 2 is out of range"),
        (lambda: xt.delete(X, 9), IndexError, "delete: index 9 is out of bounds"),
        (lambda: xt.insert(X, 9, 1.0), IndexError, "insert: index 9 is out of bounds"),
        (lambda: xt.insert(I8, 0, 300), OverflowError, "insert: Python integer 300"),
        (lambda: xt.resize(X, -1), ValueError, "resize: all elements of `new_shape`"),
        (lambda: xt.asarray([1, None]), TypeError, "asarray: NumPy would read"),
        (lambda: xt.array([[1], [2, 3]]), ValueError, "asarray: setting an array element"),
        (lambda: xt.full_like(X, 1j), TypeError, "full_like: a complex fill_value"),
        (lambda: xt.full_like(I8, 300), OverflowError, "full_like: Python integer 300"),
        (lambda: xt.tril(xt.asarray(1.0)), TypeError, "tril: x must have at least 1"),
        (lambda: xt.tri(2, 2, 2**64), OverflowError, "tri: "),
        (lambda: xt.geomspace(0, 1, 3), ValueError, "geomspace: Geometric sequence cannot"),
        (lambda: xt.logspace(0, 1, -1), ValueError, "logspace: Number of samples, -1"),
    ],
)
def test_errors_are_the_checked_paths(call, error, match):
    with pytest.raises(error, match=match):
        call()


# Each branch, proved taken: the checked path's first step raises while the call runs.
V = xt.asarray(np.arange(4.0))
BRANCHES = [
    (_manipulation, "as_operand", lambda: xt.squeeze(V[None])),
    (_manipulation, "as_operand", lambda: xt.transpose(X)),
    (_manipulation, "as_operand", lambda: xt.swapaxes(X, 0, 1)),
    (_manipulation, "as_operand", lambda: xt.broadcast_to(V, (2, 4))),
    (_manipulation, "as_operand", lambda: xt.roll(V, 1)),
    (_numpy_shape, "as_array", lambda: xt.atleast_2d(V)),
    (_numpy_shape, "as_array", lambda: xt.atleast_3d(X)),
    (_numpy_shape, "as_array", lambda: xt.append(V, 1.0)),
    (_numpy_shape, "common_device", lambda: xt.insert(V, 0, 1.0)),
    (_numpy_shape, "common_device", lambda: xt.delete(V, 0)),
    (_numpy_shape, "_one", lambda: xt.resize(V, 6)),
    (_creation, "_check_copy", lambda: xt.asarray([[1.0, 2.0], [3.0, 4.0]])),
    (_creation, "asarray", lambda: xt.array(((1, 2), (3, 4)))),
    (_creation, "_like", lambda: xt.full_like(V, 2.0)),
    (_creation_matrices, "as_operand", lambda: xt.tril(X)),
    (_numpy_creation, "like_device", lambda: xt.identity(3)),
    (_numpy_creation, "like_device", lambda: xt.tri(3)),
    (_numpy_creation, "_range", lambda: xt.logspace(0, 1, 5)),
    (_numpy_creation, "_range", lambda: xt.geomspace(1, 10, 5)),
]


@pytest.mark.parametrize("index", range(len(BRANCHES)))
def test_first_branches_are_taken(index, monkeypatch):
    assert_branch_taken(*BRANCHES[index], monkeypatch)
