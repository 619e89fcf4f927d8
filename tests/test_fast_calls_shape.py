"""The first branches of the everyday shape and creation calls (column_stack, hstack, vstack,
stack, repeat, tile, einsum, outer, eye, full, linspace, meshgrid): NumPy's own C calls on CPU
arrays with default options, giving exactly what the checked path gives.

Each test runs a call twice: on xtensor Arrays and Python ints (the first branch), and on the
same data in a form the first branch leaves alone (the NumPy array behind each Array, NumPy's
int64 for an int, a list for a shape), which the checked path reads without a copy. The two
must agree in layout, bytes, warnings and errors; NumPy is the oracle for values, dtype and
shape. A last group pins what the calls outside the branches give, and proves that the
branches run.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes
from tests.oracle import outcome as _outcome
from xtensor import (
    _creation,
    _creation_matrices,
    _creation_ranges,
    _linear_algebra,
    _manipulation,
    _numpy_shape,
)

DTYPES = ["bool", "int8", "int64", "float32", "float64", "complex128"]
SETTINGS = settings(max_examples=30, deadline=None)


def _layout(r):
    if isinstance(r, tuple):
        return tuple(_layout(g) for g in r)
    d = r._data
    flags = (d.flags.c_contiguous, d.flags.f_contiguous, d.flags.writeable, d.flags.owndata)
    return (type(d), d.dtype, d.shape, d.strides, flags, d.tobytes())


def outcome(call):
    """`oracle.outcome` of `call` with this file's layout."""
    return _outcome(call, _layout)


def numpy_or_none(call):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return call()
    except (ValueError, TypeError, IndexError):
        return None


def assert_paths_agree(fast_call, checked_call, numpy_call=None):
    """The first branch and the checked path agree; where both libraries answer, xtensor
    gives NumPy's values, dtype and shape. The outcome (layout, or the error) is returned."""
    fast, checked = outcome(fast_call), outcome(checked_call)
    assert fast == checked
    want = None if numpy_call is None else numpy_or_none(numpy_call)
    if want is not None and fast[0][0] != "raised":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = fast_call()
        for g, w in zip(got, want) if isinstance(got, tuple) else [(got, want)]:
            assert_same(g, w)
    return fast[0]


def _parts(data, count):
    """`count` NumPy arrays of one drawn dtype, of one shape or shapes differing in one axis."""
    dtype = data.draw(st.sampled_from(DTYPES))
    shape = data.draw(shapes(max_dims=3, max_side=3))
    parts = []
    for _ in range(count):
        s = list(shape)
        if s and data.draw(st.booleans()):
            s[data.draw(st.integers(0, len(s) - 1))] = data.draw(st.integers(0, 3))
        parts.append(data.draw(arrays(dtype, shape=tuple(s))))
    return parts


# --- joining -----------------------------------------------------------------------------------


@SETTINGS
@given(st.data(), st.sampled_from(["column_stack", "hstack", "vstack"]), st.integers(1, 3))
def test_stacking_functions(data, name, count):
    parts = _parts(data, count)
    container = data.draw(st.sampled_from([list, tuple]))
    fn = getattr(xt, name)
    assert_paths_agree(
        lambda: fn(container(xt.asarray(p) for p in parts)),
        lambda: fn(container(parts)),
        lambda: getattr(np, name)(parts),
    )


@SETTINGS
@given(st.data(), st.integers(1, 3))
def test_stack(data, count):
    parts = _parts(data, count)
    axis = data.draw(st.integers(-parts[0].ndim - 2, parts[0].ndim + 1))
    assert_paths_agree(
        lambda: xt.stack([xt.asarray(p) for p in parts], axis=axis),
        lambda: xt.stack(parts, axis=axis),
        lambda: np.stack(parts, axis=axis),
    )


# --- repeating ---------------------------------------------------------------------------------


def _repeat_agrees(a, repeats, axis):
    result = assert_paths_agree(
        lambda: xt.repeat(xt.asarray(a), repeats, axis),
        lambda: xt.repeat(a, repeats, axis),
        lambda: np.repeat(a, repeats, axis),
    )
    assert repeats >= 0 or result[0] == "raised"


def _tile_agrees(a, repetitions):
    result = assert_paths_agree(
        lambda: xt.tile(xt.asarray(a), repetitions),
        lambda: xt.tile(a, repetitions),
        lambda: np.tile(a, repetitions),
    )
    counts = repetitions if type(repetitions) is tuple else (repetitions,)
    assert min(counts, default=0) >= 0 or result[0] == "raised"


COUNTS = (-1, 0, 1, 2, 3)


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES))
def test_repeat(data, dtype):
    a = data.draw(arrays(dtype))
    axis = data.draw(st.none() | st.integers(-a.ndim - 1, a.ndim))
    for repeats in COUNTS:
        _repeat_agrees(a, repeats, axis)
        _repeat_agrees(a.T, repeats, axis)  # the transpose: a Fortran layout, or a C one


@SETTINGS
@given(st.data(), st.sampled_from(DTYPES))
def test_tile(data, dtype):
    a = data.draw(arrays(dtype))
    for repetitions in COUNTS + ((2, 1), (1, 3, 2), (0, 2), (1, 1), (2, -1), ()):
        _tile_agrees(a, repetitions)
        _tile_agrees(a.T, repetitions)  # tile(x, 1) copies in x's layout


# --- products ----------------------------------------------------------------------------------

EINSUM = {  # subscripts: the operand shapes, from sides n and m
    "i,i->": lambda n, m: [(n,), (n,)],
    "i,i->i": lambda n, m: [(n,), (n,)],
    "i,j->ij": lambda n, m: [(n,), (m,)],
    "ij,jk->ik": lambda n, m: [(n, m), (m, n)],
    "ij,ij->": lambda n, m: [(n, m), (n, m)],
    "ij->ji": lambda n, m: [(n, m)],
    "i->": lambda n, m: [(n,)],
    "i,i,i->": lambda n, m: [(n,), (n,), (n,)],
    ",->": lambda n, m: [(), ()],
    "i,j->i": lambda n, m: [(n,), (n + m,)],
}


def _dtypes(data, count: int) -> list:
    """`count` dtypes: mostly one (the first branch's case), sometimes a mix (not)."""
    first = data.draw(st.sampled_from(DTYPES))
    mixed = data.draw(st.integers(0, 3)) == 0
    return [data.draw(st.sampled_from(DTYPES)) if mixed else first for _ in range(count)]


@SETTINGS
@given(st.data(), st.sampled_from(sorted(EINSUM)), st.integers(0, 4), st.integers(0, 4))
def test_einsum(data, subscripts, n, m):
    shapes_ = EINSUM[subscripts](n, m)
    ops = [data.draw(arrays(t, shape=s)) for t, s in zip(_dtypes(data, len(shapes_)), shapes_)]
    assert_paths_agree(
        lambda: xt.einsum(subscripts, *[xt.asarray(o) for o in ops]),
        lambda: xt.einsum(subscripts, *ops),
        lambda: np.einsum(subscripts, *ops) if len({o.dtype for o in ops}) == 1 else None,
    )


@SETTINGS
@given(st.data())
def test_outer(data):
    a, b = (data.draw(arrays(t)) for t in _dtypes(data, 2))
    assert_paths_agree(
        lambda: xt.outer(xt.asarray(a), xt.asarray(b)),
        lambda: xt.outer(a, b),
        lambda: np.outer(a, b) if a.dtype == b.dtype else None,
    )


# --- creation ----------------------------------------------------------------------------------


@SETTINGS
@given(
    st.integers(0, 5),
    st.none() | st.integers(0, 5),
    st.integers(-6, 6),
    st.none() | st.sampled_from(DTYPES),
)
def test_eye(n, m, k, dtype):
    as_numpy = None if m is None else np.int64(m)
    assert_paths_agree(
        lambda: xt.eye(n, m, k=k, dtype=dtype),
        lambda: xt.eye(np.int64(n), as_numpy, k=np.int64(k), dtype=dtype),
        lambda: np.eye(n, m, k=k, dtype=dtype or "float64"),
    )


FILLS = st.tuples(  # one fill of each Python kind
    st.booleans(),
    st.integers(-(2**64), 2**64),
    st.floats(width=64),
    st.complex_numbers(max_magnitude=1e10),
)


@SETTINGS
@given(
    shapes(max_dims=3, max_side=4) | st.integers(0, 5),
    FILLS,
    st.none() | st.sampled_from(DTYPES),
)
def test_full(shape, fills, dtype):
    as_list = [shape] if isinstance(shape, int) else list(shape)  # the checked path's shape
    for fill in fills:
        _full_agrees(shape, as_list, fill, dtype)


def _full_agrees(shape, as_list, fill, dtype):
    result = assert_paths_agree(
        lambda: xt.full(shape, fill, dtype),
        lambda: xt.full(as_list, fill, dtype),
        None if dtype is not None else lambda: np.full(shape, fill),
    )
    if type(fill) is float and dtype is None:
        assert result[1] == np.dtype(np.float64)


EDGES = [0.0, -0.0, 5e-324, 1e-310, 1e308, -1e308, np.inf, np.nan, 2**63, -(2**63) - 1]
ENDS = st.sampled_from(EDGES) | st.integers(-(2**64), 2**64) | st.floats(width=64)


@SETTINGS
@given(ENDS, ENDS, st.integers(4, 60))
def test_linspace(start, stop, count):
    for num in (0, 1, 2, 3, count):
        _linspace_agrees(start, stop, num)


def _linspace_agrees(start, stop, num):
    result = assert_paths_agree(
        lambda: xt.linspace(start, stop, num),
        lambda: xt.linspace(start, stop, np.int64(num)),
        lambda: np.linspace(start, stop, num),
    )
    assert result[0] == "raised" or result[1] == np.dtype(np.float64)


@SETTINGS
@given(st.data(), st.integers(1, 3), st.sampled_from(["xy", "ij"]))
def test_meshgrid(data, count, indexing):
    dtype = data.draw(st.sampled_from(DTYPES))
    parts = [data.draw(arrays(dtype, shape=data.draw(shapes(max_side=4)))) for _ in range(count)]
    assert_paths_agree(
        lambda: xt.meshgrid(*[xt.asarray(p) for p in parts], indexing=indexing),
        lambda: xt.meshgrid(*parts, indexing=indexing),
        lambda: np.meshgrid(*parts, indexing=indexing),
    )


# --- outside the first branches ------------------------------------------------------------------

X = xt.asarray(np.arange(4.0))
Y = xt.asarray(np.arange(3.0))
I8 = xt.asarray(np.arange(4, dtype=np.int8))


OUTSIDE = [  # (function, arguments, keywords): a list operand, a keyword, a mix of dtypes
    ("column_stack", ([X, [1.0, 2.0, 3.0, 4.0]],), {}),
    ("column_stack", ([I8, X],), {}),
    ("hstack", ([I8, X],), {"dtype": "float32"}),
    ("vstack", ([X, X],), {"casting": "no"}),
    ("vstack", ([I8, [1, 2, 3, 4]],), {}),
    ("stack", ([I8, X],), {"axis": -1}),
    ("stack", ((X, [0.0, 1.0, 2.0, 3.0]),), {}),
    ("repeat", (X, [1, 2, 0, 1]), {}),
    ("repeat", (X, np.int64(2)), {"axis": 0}),
    ("tile", (X, (2, 1)), {}),
    ("tile", ([1, 2], 2), {}),
    ("einsum", ("i,i->", I8, X), {}),
    ("einsum", ("i,i->", I8, I8), {"dtype": "float64"}),
    ("outer", (I8, X), {}),
    ("outer", ([1.0, 2.0], X), {}),
    ("eye", (3,), {"dtype": "int8", "device": "cpu"}),
    ("full", (3, 2.5), {"dtype": "int8"}),
    ("full", ((2, 2), [1.0, 2.0]), {}),
    ("full", ((2, 3), 1.0), {"order": "F"}),
    ("linspace", (0, 1, 5), {"endpoint": False}),
    ("linspace", (0, 1j, 5), {}),
    ("linspace", (X, 10.0, 3), {}),
    ("meshgrid", (I8, X), {}),
    ("meshgrid", (X, Y), {"sparse": True}),
]


def _numpy(value):
    """An argument with each xtensor Array replaced by its NumPy data."""
    if isinstance(value, (list, tuple)):
        return type(value)(_numpy(v) for v in value)
    return value._data if isinstance(value, xt.Array) else value


@pytest.mark.parametrize("name, args, kwargs", OUTSIDE)
def test_calls_outside_the_branches(name, args, kwargs):
    got = getattr(xt, name)(*args, **kwargs)
    want = getattr(np, name)(*_numpy(args), **kwargs)
    for g, w in zip(got, want) if isinstance(got, tuple) else [(got, want)]:
        assert_same(g, w)
    if kwargs.get("order") == "F":
        assert got._data.flags.f_contiguous and not got._data.flags.c_contiguous


def test_meshgrid_views_stay_views():
    grid = xt.meshgrid(X, Y, copy=False)[0]
    assert grid.shape == (3, 4) and np.shares_memory(grid._data, X._data)


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: xt.stack([X, Y]), ValueError, r"stack: arrays\[1\] has shape \(3,\)"),
        (lambda: xt.stack([X, X], axis=2), ValueError, "stack: axis 2 is out of range"),
        (lambda: xt.column_stack([X, Y]), ValueError, r"concat: arrays\[1\] has shape \(3, 1\)"),
        (lambda: xt.vstack([X, Y]), ValueError, "concat: arrays.1. has shape .1, 3."),
        (lambda: xt.hstack([xt.reshape(X, (2, 2)), Y]), ValueError, "concat: "),
        (lambda: xt.repeat(X, -1), ValueError, "repeat: repeats must not be negative"),
        (lambda: xt.repeat(X, 2, axis=1), ValueError, "repeat: axis 1 is out of range"),
        (lambda: xt.repeat(xt.asarray(1.0), 2, axis=0), ValueError, "repeat: axis 0"),
        (lambda: xt.tile(X, -1), ValueError, r"tile: repetitions \(-1,\) must not be negative"),
        (lambda: xt.einsum("i,i->", X, Y), ValueError, "einsum: operands could not be"),
        (lambda: xt.einsum("i,j->k", X, X), ValueError, "einsum: einstein sum subscripts"),
        (lambda: xt.outer(X, "a"), TypeError, "outer: b must be an array; got str"),
        (lambda: xt.eye(-1), ValueError, "eye: negative dimensions are not allowed"),
        (lambda: xt.eye(3, dtype="nope"), TypeError, "eye: 'nope' is not a dtype"),
        (lambda: xt.eye(2.0), TypeError, "eye: n_rows must be an integer; got 2.0"),
        (lambda: xt.full(-1, 1.0), ValueError, "full: negative dimensions are not allowed"),
        (lambda: xt.full(3, 1j, dtype="float64"), TypeError, "full: a complex fill_value"),
        (lambda: xt.full(3, 2**64), OverflowError, "full: Python integer 18446744073709551616"),
        (lambda: xt.linspace(0, 1, -1), ValueError, "linspace: num must be non-negative"),
        (lambda: xt.linspace(0, 1j, 3, dtype="float64"), TypeError, "linspace: complex start"),
        (lambda: xt.meshgrid(X, indexing="yx"), ValueError, "meshgrid: indexing must be"),
    ],
)
def test_errors_are_the_checked_paths(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_linspace_warnings_are_numpys():
    with np.errstate(over="raise"), pytest.raises(FloatingPointError):
        xt.linspace(-1e308, 1e308, 3)  # the step overflows: NumPy's check, on the full path
    with np.errstate(invalid="warn"), pytest.warns(RuntimeWarning, match="invalid value"):
        xt.linspace(0.0, float("inf"), 3)  # 0 * inf


# Each branch, proved taken: the checked path's first step raises while the call runs.
BRANCHES = [
    (_numpy_shape, "_sequence", lambda: xt.column_stack([X, X])),
    (_numpy_shape, "_sequence", lambda: xt.hstack((X, X))),
    (_numpy_shape, "_sequence", lambda: xt.vstack([X, X])),
    (_manipulation, "common_arrays", lambda: xt.stack([X, X], axis=-1)),
    (_manipulation, "as_operand", lambda: xt.repeat(X, 2)),
    (_manipulation, "as_operand", lambda: xt.tile(X, 2)),
    (_linear_algebra, "backing", lambda: xt.einsum("i,i->", X, X)),
    (_linear_algebra, "backing", lambda: xt.einsum("i->", X)),
    (_linear_algebra, "operand_pair", lambda: xt.outer(X, X)),
    (_creation_matrices, "_target", lambda: xt.eye(5)),
    (_creation, "_target", lambda: xt.full(20, 3.0)),
    (_creation_ranges, "_target", lambda: xt.linspace(0, 1, 20)),
    (_creation_matrices, "common_arrays", lambda: xt.meshgrid(X, Y)),
]


def assert_branch_taken(module, step, call, monkeypatch):
    """`call()` answers with `module.step`, the checked path's first step, made to fail."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"{module.__name__}.{step} ran: the first branch was not taken")

    monkeypatch.setattr(module, step, refuse)
    assert isinstance(call(), (xt.Array, tuple))


@pytest.mark.parametrize("index", range(len(BRANCHES)))
def test_first_branches_are_taken(index, monkeypatch):
    assert_branch_taken(*BRANCHES[index], monkeypatch)
