"""NumPy-style list, tuple and Python-number operands (Note [List operands] in
`xtensor/_manipulation_operands.py`): a call that reads them takes the Array call's first
branch, and answers as NumPy does on the same values (values, dtype, shape), while lists the
reading leaves alone (strings, None, ragged) still get the checked path's errors."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from xtensor import _manipulation_operands
from xtensor._manipulation_operands import listed, listed_all

# --- values ---------------------------------------------------------------------------------

_ELEMENTS = {
    "bool": st.booleans(),
    "int": st.integers(-1000, 1000),
    "float": st.floats(-1e3, 1e3, allow_nan=False, width=64),
    "complex": st.complex_numbers(max_magnitude=1e3, allow_nan=False, allow_infinity=False),
}


@st.composite
def flat_lists(draw, kinds=tuple(_ELEMENTS), min_size=1, max_size=6):
    kind = draw(st.sampled_from(kinds))
    return draw(st.lists(_ELEMENTS[kind], min_size=min_size, max_size=max_size))


@st.composite
def matrices(draw, kinds=tuple(_ELEMENTS), square=False):
    rows = draw(st.integers(1, 4))
    cols = rows if square else draw(st.integers(1, 4))
    kind = draw(st.sampled_from(kinds))
    return [draw(st.lists(_ELEMENTS[kind], min_size=cols, max_size=cols)) for _ in range(rows)]


def as_sequence(value, tuples: bool):
    """`value` (nested lists) with every list a tuple, when `tuples`."""
    if not tuples or not isinstance(value, list):
        return value
    return tuple(as_sequence(v, True) for v in value)


def assert_same(got, want):
    """An xtensor answer against NumPy's: values, dtype and shape (tuples and lists itemwise)."""
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert_same(g, w)
        return
    want = np.asarray(want)
    assert isinstance(got, xt.Array)
    data = np.asarray(got._data)
    assert data.dtype == want.dtype, (data.dtype, want.dtype)
    assert data.shape == want.shape
    np.testing.assert_array_equal(data, want)


# --- one operand ----------------------------------------------------------------------------

ONE = [
    ("flip", lambda m, x: m.flip(x)),
    ("ravel", lambda m, x: m.ravel(x)),
    ("reshape", lambda m, x: m.reshape(x, (-1,))),
    ("nonzero", lambda m, x: m.nonzero(x)),
    ("atleast_1d", lambda m, x: m.atleast_1d(x)),
    ("atleast_2d", lambda m, x: m.atleast_2d(x)),
    ("atleast_3d", lambda m, x: m.atleast_3d(x)),
    ("take", lambda m, x: m.take(x, [0])),
    ("append", lambda m, x: m.append(x, [1, 2])),
    ("delete", lambda m, x: m.delete(x, 0)),
    ("diag", lambda m, x: m.diag(x)),
    ("vstack", lambda m, x: m.vstack([x, x])),
    ("hstack", lambda m, x: m.hstack((x, x))),
    ("column_stack", lambda m, x: m.column_stack([x, x])),
    ("concatenate", lambda m, x: m.concatenate([x, x])),
    ("stack", lambda m, x: m.stack([x, x])),
    ("where", lambda m, x: m.where([True] * len(x), x, x[::-1])),
    ("dot", lambda m, x: m.dot(x, x)),
    ("vdot", lambda m, x: m.vdot(x, x)),
    ("inner", lambda m, x: m.inner(x, x)),
    ("outer", lambda m, x: m.outer(x, x)),
    ("matmul", lambda m, x: m.matmul(x, x)),
    ("tensordot", lambda m, x: m.tensordot(x, x, axes=1)),
    ("einsum", lambda m, x: m.einsum("i,i", x, x)),
    ("split", lambda m, x: m.split(x, 1)),
    ("array_split", lambda m, x: m.array_split(x, 2)),
]


@pytest.mark.parametrize("name, call", ONE, ids=[n for n, _ in ONE])
@given(values=flat_lists(), tuples=st.booleans())
def test_flat_lists_answer_as_numpy(name, call, values, tuples):
    x = as_sequence(values, tuples)
    try:
        want = call(np, np.asarray(x) if name.endswith("split") else x)
    except Exception as e:  # noqa: BLE001 - NumPy refuses: the checked path refuses too
        with pytest.raises(type(e)):
            call(xt, x)
        return
    assert_same(call(xt, x), want)


MATRIX = [
    ("trace", lambda m, x: m.trace(x)),
    ("diagonal", lambda m, x: m.diagonal(x)),
    ("diag", lambda m, x: m.diag(x)),
    ("fliplr", lambda m, x: m.fliplr(x)),
    ("flipud", lambda m, x: m.flipud(x)),
    ("rot90", lambda m, x: m.rot90(x)),
    ("rot90 k=3", lambda m, x: m.rot90(x, 3)),
    ("transposed matmul", lambda m, x: m.matmul(x, m.transpose(m.asarray(x)))),
    ("norm", lambda m, x: m.linalg.norm(x)),
    ("norm axis", lambda m, x: m.linalg.norm(x, axis=0)),
    ("vstack", lambda m, x: m.vstack(x)),
    ("stack", lambda m, x: m.stack(x, axis=1)),
]


@pytest.mark.parametrize("name, call", MATRIX, ids=[n for n, _ in MATRIX])
@given(values=matrices(), tuples=st.booleans())
def test_nested_lists_answer_as_numpy(name, call, values, tuples):
    x = as_sequence(values, tuples)
    want = call(np, x)
    got = call(xt, x)
    if name.startswith("norm"):  # the 2-norm's sum may round differently: NumPy's own order
        np.testing.assert_allclose(np.asarray(got._data), want, rtol=1e-12)
        assert got.shape == np.shape(want)
        return
    assert_same(got, want)


@given(values=matrices(kinds=("int", "float"), square=True))
def test_linalg_of_lists(values):
    a = np.asarray(values, dtype=np.float64) + 10 * np.eye(len(values))  # well conditioned
    x = a.tolist()
    b = list(range(len(values)))
    np.testing.assert_allclose(np.asarray(xt.linalg.det(x)._data), np.linalg.det(a), rtol=1e-10)
    np.testing.assert_allclose(np.asarray(xt.linalg.inv(x)._data), np.linalg.inv(a), rtol=1e-10)
    np.testing.assert_allclose(
        np.asarray(xt.linalg.solve(x, b)._data), np.linalg.solve(a, b), rtol=1e-10
    )


@given(
    x=st.lists(st.integers(0, 20), min_size=1, max_size=8),
    weights=st.none() | st.just("float"),
    minlength=st.integers(0, 5),
)
def test_bincount_of_lists(x, weights, minlength):
    w = None if weights is None else [0.5 * i for i in range(len(x))]
    assert_same(xt.bincount(x, w, minlength), np.bincount(x, w, minlength))


@given(
    rows=st.lists(st.integers(0, 1), min_size=1, max_size=5),
    mode=st.sampled_from(["raise", "clip"]),
)
def test_ravel_multi_index_of_lists(rows, mode):
    index = (rows, [2 - r for r in rows])
    assert_same(
        xt.ravel_multi_index(index, (2, 3), mode), np.ravel_multi_index(index, (2, 3), mode)
    )


@given(x=st.floats(0, 3, width=64) | st.integers(0, 3), fp=flat_lists(("int", "float"), 3, 3))
def test_interp_and_polyval_of_lists(x, fp):
    assert_same(xt.interp(x, [1, 2, 3], fp), np.interp(x, [1, 2, 3], fp))
    assert_same(xt.polyval(fp, x), np.asarray(np.polyval(fp, x)))


@pytest.mark.parametrize("value", [5, 2.5, True, 1j, -3])
def test_python_numbers_read_as_numpy_does(value):
    assert_same(xt.atleast_1d(value), np.atleast_1d(value))
    assert_same(xt.atleast_2d(value), np.atleast_2d(value))
    assert_same(xt.ravel(value), np.ravel(value))
    assert_same(xt.dot(value, [1, 2]), np.dot(value, [1, 2]))


# --- the first branch takes them --------------------------------------------------------------

TAKEN = [
    (lambda: xt.diag([1, 2, 3]), np.diag([1, 2, 3])),
    (lambda: xt.dot([1, 2], [3, 4]), np.dot([1, 2], [3, 4])),
    (lambda: xt.concatenate([[1, 2], [3]]), np.concatenate([[1, 2], [3]])),
    (lambda: xt.where([True, False], [1, 2], [3, 4]), np.where([True, False], [1, 2], [3, 4])),
    (lambda: xt.fliplr([[1, 2], [3, 4]]), np.fliplr([[1, 2], [3, 4]])),
    (lambda: xt.atleast_2d([1, 2]), np.atleast_2d([1, 2])),
    (lambda: xt.linalg.det([[1.0, 2.0], [3.0, 4.0]]), np.linalg.det([[1.0, 2.0], [3.0, 4.0]])),
]


@pytest.mark.parametrize("index", range(len(TAKEN)))
def test_lists_are_read_once(index, monkeypatch):
    """The reading is `listed`'s alone: the checked path's reader (`backing`, through which
    every checked path reads a list) is never called."""
    import xtensor._array as array_module

    call, want = TAKEN[index]
    call()  # a first call may record a plan; the second must take the branch

    def refuse(*args, **kwargs):
        raise AssertionError("the checked path read a list")

    for module in list(__import__("sys").modules.values()):
        if (
            getattr(module, "__name__", "").startswith("xtensor")
            and getattr(module, "backing", None) is array_module.backing
        ):
            monkeypatch.setattr(module, "backing", refuse)
    monkeypatch.setattr(_manipulation_operands, "as_operand", refuse)
    assert_same(call(), want)


# --- what the reading leaves to the checked path ----------------------------------------------


@pytest.mark.parametrize(
    "value", [[1, None], ["a", "b"], [[1, 2], [3]], [2**70], "text", None, 2**64, object()]
)
def test_listed_leaves_odd_values(value):
    assert listed(value) is None


def test_listed_reads_and_keeps():
    a = xt.asarray([1.0, 2.0])
    assert listed(a) is a
    assert listed(5, numbers=False) is None
    got = listed((1, 2))
    assert got is not None and got.dtype == xt.int64 and got.shape == (2,)
    assert listed_all([a, a]) is None  # nothing to read
    assert listed_all(a) is None
    both = listed_all([a, [3, 4]])
    assert both is not None and both[0] is a and both[1].dtype == xt.int64
    assert listed_all([[1.5], [1]], kinds="iu") is None


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: xt.flip([[1, 2], [3]]), ValueError, "flip: x must be"),
        (lambda: xt.diag([1, None]), TypeError, "diag"),
        (lambda: xt.dot([1, 2], [1, 2, 3]), ValueError, "dot: shapes"),
        (lambda: xt.concatenate([[1, 2], 3]), ValueError, r"concat: arrays\[1\] has shape \(\)"),
        (lambda: xt.linalg.det([[1.0, 2.0]]), np.linalg.LinAlgError, "det: x must be a square"),
        (lambda: xt.reshape([1, 2, 3], (2, 2)), ValueError, "reshape"),
        (lambda: xt.where([1, 0], [1, 2, 3], 2), ValueError, "where: operands could not be"),
        (lambda: xt.bincount([[0, 1]]), ValueError, "bincount"),
    ],
)
def test_errors_stay_the_checked_paths(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_where_reads_a_list_condition_as_numpy_does():
    # NumPy reads any condition as bool (the standard: it "should" be boolean)
    assert_same(xt.where([1, 0], 1, 2), np.where([1, 0], 1, 2))


# --- splitting lists (NumPy 2.4's split, hsplit, vsplit and dsplit refuse a list: they read
# `ary.shape` first; xtensor reads the list as an array, as array_split does in both) ---------


@given(n=st.integers(1, 4), parts=st.integers(1, 4), tuples=st.booleans())
def test_split_family_of_lists(n, parts, tuples):
    values = list(range(n * parts))
    x = as_sequence(values, tuples)
    assert_same(xt.split(x, parts), np.split(np.asarray(values), parts))
    assert_same(xt.array_split(x, parts + 1), np.array_split(values, parts + 1))
    assert_same(xt.hsplit(x, parts), np.hsplit(np.asarray(values), parts))
    grid = as_sequence([values, values], tuples)
    assert_same(xt.vsplit(grid, 2), np.vsplit(np.asarray([values, values]), 2))
    cube = as_sequence([[values]], tuples)
    assert_same(xt.dsplit(cube, parts), np.dsplit(np.asarray([[values]]), parts))


# --- Note [List arguments] (_cfast.c): the C twins read plain lists themselves ---------------

_C_LIST_CALLS = [
    ("count_nonzero", lambda f, v: f(v)),
    ("sort", lambda f, v: f(v)),
    ("cumsum", lambda f, v: f(v)),
    ("sum", lambda f, v: f(v)),
    ("zeros_like", lambda f, v: f(v)),
    ("nonzero", lambda f, v: f(v)[-1]),
    ("take", lambda f, v: f(v, [0])),
    ("dot", lambda f, v: f(v, v)),
    ("where", lambda f, v: f(v, v, 0)),
]
_C_LIST_VALUES = [
    [0, 1, 2],
    [3.5, -1.0],
    [True, False],
    [[1, 2], [3, 4]],
    [1j, 2],
    [1, None],
    [[1, 2], [3]],
    ["a", "b"],
    [2**70, 1],
    [],
]


@pytest.mark.parametrize("name, call", _C_LIST_CALLS, ids=[c[0] for c in _C_LIST_CALLS])
@pytest.mark.parametrize("value", _C_LIST_VALUES, ids=repr)
def test_c_twins_read_lists_as_their_python_functions(name, call, value):
    """The C twin's answer for a list argument is its Python function's (values, dtype, shape),
    and any refusal is the Python function's own error, worded from the original list."""
    from tests.test_cfast import outcome, python_of

    fn = getattr(xt, name)
    for _ in range(2):  # the second call may find the plan the first recorded
        fast = outcome(lambda v: call(fn, v), value, warn="error")
        slow = outcome(lambda v: call(python_of(fn), v), value, warn="error")
        assert fast[:4] == slow[:4] and fast[5:6] == slow[5:6]


def test_matmul_operator_takes_lists_both_ways_as_numpy():
    """`x @ [1, 2]` and `[1, 2] @ x` (NumPy's operators read the list), in C and in Python."""
    from tests.test_cfast import python_of

    data = np.arange(4.0).reshape(2, 2)
    x = xt.asarray(data)
    for other in ([1.0, 2.0], (1, 2), [[1, 0], [0, 1]]):
        want = data @ np.asarray(other)
        for got in (x @ other, python_of(xt.Array.__matmul__)(x, other)):
            np.testing.assert_array_equal(got._data, want)
            assert got.dtype == xt.asarray(want).dtype
        np.testing.assert_array_equal((other @ x)._data, np.asarray(other) @ data)
    with pytest.raises(TypeError, match="^matmul: x1 must be an array"):
        [1, None] @ x
