"""Elements are values (Note [Elements are values] in xtensor/_array.py): where NumPy answers a
scalar, xtensor's 0-d answer is a copy, and `x op= y` on a 0-d array rebinds x to a new array,
so the loops scripts write over elements give NumPy's answers. NumPy is the oracle: each script
runs on NumPy arrays and on xtensor arrays, through the compiled path and the Python one."""

from __future__ import annotations

import math
import operator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from xtensor._dispatch.compiled import python_of

# --- scripts: each mutates `a` (and may return values) the way everyday NumPy code does ---


def swap(a):
    tmp = a[0]
    a[0] = a[1]
    a[1] = tmp


def running_sums(a):
    total, sums = 0.0, []
    for v in a:
        total += v
        sums.append(total)
    return sums


def accumulate_from_first(a):
    total = a[0]
    for v in a[1:]:
        total += v
    return [total]


def scale_a_copy(a):
    v = a[-1]
    v *= 10
    v **= 2
    v -= 1
    return [v]


def read_then_overwrite(a):
    old = a[1]
    a[1] = -5.0
    return [old, a[1] - old]


def loop_variables(a):
    for v in a:
        v += 100
    for v in a.flat:
        v -= 100


def enumerate_and_keep(a):
    kept = [v for _, v in xt.ndenumerate(a)] if isinstance(a, xt.Array) else list(a.flat)
    a[...] = 0
    return kept


def update_through_setitem(a):
    a[0] += 1  # getitem, +=, then setitem: a changes, as in NumPy
    a[-1] *= 3


SCRIPTS = [
    swap,
    running_sums,
    accumulate_from_first,
    scale_a_copy,
    read_then_overwrite,
    loop_variables,
    enumerate_and_keep,
    update_through_setitem,
]


def _floats(values) -> list:
    return [float(v) for v in values]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda f: f.__name__)
@given(a=hnp.arrays(np.float64, st.integers(2, 6), elements=st.floats(-100, 100)))
def test_scripts_over_elements_match_numpy(script, a):
    want_a = a.copy()
    want = script(want_a)
    x = xt.asarray(a.copy())
    got = script(x)
    np.testing.assert_array_equal(np.asarray(x), want_a)
    if want is not None:
        assert _floats(got) == _floats(want)


@pytest.mark.parametrize("shape", [(3,), (2, 3), ()])
@pytest.mark.parametrize("compiled", [True, False])
def test_an_element_is_a_copy_a_row_and_an_ellipsis_key_views(shape, compiled):
    x = xt.reshape(xt.arange(float(np.prod(shape))), shape)
    get = type(x).__getitem__ if compiled else python_of(type(x).__getitem__)
    ints = (0,) * len(shape)
    for key in (ints, ints[0] if shape else ()):
        if np.ndim(np.asarray(x)[key]) == 0:  # NumPy's scalar: a copy
            assert not np.shares_memory(get(x, key)._data, x._data)
        else:  # a row: NumPy's view
            assert np.shares_memory(get(x, key)._data, x._data)
    view = get(x, ints + (Ellipsis,))  # NumPy's 0-d array, a view
    assert view.shape == () and np.shares_memory(view._data, x._data)


_OPS = ["iadd", "isub", "imul", "itruediv", "ifloordiv", "ipow", "iand", "ilshift"]


@pytest.mark.parametrize("name", _OPS)
@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(("x", "y"), [(3.0, 2.0), (7, 2), (7, 0.5), (True, 3), (2.0, [1, 2])])
def test_in_place_on_a_0d_array_is_numpys_scalar_operator(name, compiled, x, y):
    """x op= y on a 0-d array: x = x op y (dtype and shape may change), as NumPy's scalar
    gives it; the old array, and any other name for it, keeps its value."""
    dunder = getattr(xt.Array, f"__{name}__")
    dunder = dunder if compiled else python_of(dunder)
    n = np.asarray([x])[0]  # NumPy's scalar of the same dtype
    operator_ = getattr(operator, name)
    try:
        want = operator_(n, np.asarray(y))
    except Exception as e:  # noqa: BLE001 - whatever NumPy refuses, xtensor must refuse
        with pytest.raises(type(e)):
            operator_(xt.asarray([x])[0], xt.asarray(y))
        return
    for _ in range(3):  # the first call records the plans the later ones take
        a = xt.asarray([x])[0]
        alias = a
        assert dunder(a, xt.asarray(y)) is NotImplemented  # Python then runs a op y
        got = operator_(a, xt.asarray(y))
        assert got is not alias and alias.tolist() == n.tolist()
        assert got.dtype == want.dtype and got.shape == np.shape(want)
        np.testing.assert_array_equal(np.asarray(got), want)


def test_in_place_on_an_array_keeps_numpys_casting_rules():
    i = xt.asarray(np.array([7], np.int32))
    with pytest.raises(TypeError, match="add"):
        i += 1.5  # same_kind refuses float into int, as NumPy's in-place operator does
    i += 1
    assert i.dtype == xt.int32 and i.tolist() == [8]


@pytest.mark.parametrize("value", [2.5, -3.0, 7, 0.1, float("inf")])
def test_a_0d_array_has_the_number_methods_of_numpys_scalars(value):
    n = np.asarray([value])[0]  # NumPy's scalar
    x = xt.asarray([value])[0]
    assert x.is_integer() == n.is_integer()
    if math.isfinite(value):
        assert round(x) == round(n) and math.trunc(x) == math.trunc(float(n))
    if isinstance(value, float) and math.isfinite(value):
        assert x.as_integer_ratio() == n.as_integer_ratio()


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "int64"])
def test_hex_is_float64s_only_as_in_numpy(dtype):
    # NumPy's float64 is a Python float, with its `hex`; its other scalars and arrays have none
    n, x = np.asarray([1.5], dtype)[0], xt.asarray([1.5], dtype=dtype)[0]
    assert hasattr(x, "hex") == hasattr(n, "hex")
    if hasattr(n, "hex"):
        assert x.hex() == n.hex()
    for m in (np, xt):
        assert not hasattr(m.ones(2, dtype), "hex") and not hasattr(m.asarray(1.5), "hex")


def test_number_methods_refuse_other_shapes_and_kinds():
    for call in (
        lambda: xt.ones(2).is_integer(),
        lambda: math.trunc(xt.ones(2)),
        lambda: xt.asarray(3).as_integer_ratio(),  # NumPy's ints have no as_integer_ratio
        lambda: xt.asarray(1j).is_integer(),
    ):
        with pytest.raises(TypeError, match="0-dimensional"):
            call()


@given(
    a=hnp.arrays(
        st.sampled_from(["bool", "int8", "uint32", "int64", "float32", "float64", "complex128"]),
        hnp.array_shapes(min_dims=1, max_dims=2, min_side=0, max_side=4),
    ),
    step=st.sampled_from([1, -1, 2]),
)
def test_iteration_yields_numpys_elements_as_copies(a, step):
    a = a[::step]
    x = xt.asarray(a)
    for it in (iter(x), python_of(xt.Array.__iter__)(x)):
        items = list(it)
        assert len(items) == len(a)
        for got, want in zip(items, a):
            assert got.dtype == x.dtype and got.shape == np.shape(want)
            np.testing.assert_array_equal(np.asarray(got), want)
            # an element is a copy (NumPy's scalar); a row a view
            assert np.shares_memory(got._data, x._data) == (a.ndim > 1 and got.size > 0)


@pytest.mark.parametrize("compiled", [True, False])
@pytest.mark.parametrize(
    "expression",
    ["[0] * n", "(1, 2) * n", "n * [0, 1]", "n * (5,)", "['x'] * n", "[[1, 2]] * n", "'ab' * n"],
)
def test_a_0d_integer_repeats_a_sequence_as_numpys_scalar_does(expression, compiled):
    """`counts = [0] * (labels.max() + 1)`: Python's repetition, not an elementwise product."""
    n = np.asarray([1, 3]).max()  # NumPy's integer scalar
    want = eval(expression, {"n": n})
    mul, rmul = xt.Array.__mul__, xt.Array.__rmul__
    if not compiled:
        xt.Array.__mul__, xt.Array.__rmul__ = python_of(mul), python_of(rmul)
    try:
        for _ in range(2):
            assert eval(expression, {"n": xt.asarray([1, 3]).max()}) == want
    finally:
        xt.Array.__mul__, xt.Array.__rmul__ = mul, rmul


@pytest.mark.parametrize("compiled", [True, False])
def test_numpys_0d_ndarray_multiplies_a_sequence_elementwise(compiled):
    """`np.array(2) * [1, 2]` is NumPy's 0-d ndarray times an array-like, `[2 4]`; only its
    integer scalar (an element, a reduction) repeats the sequence."""
    mul, rmul = xt.Array.__mul__, xt.Array.__rmul__
    if not compiled:
        xt.Array.__mul__, xt.Array.__rmul__ = python_of(mul), python_of(rmul)
    try:
        for expression in ["n * [1, 2]", "(1, 2) * n", "[1, 2] * n"]:
            want = eval(expression, {"n": np.array(2)})
            for make in (xt.array, xt.asarray):
                got = eval(expression, {"n": make(2)})
                assert isinstance(got, xt.Array)
                np.testing.assert_array_equal(np.asarray(got), want)
        assert [0] * xt.asarray([1, 3]).max() == [0] * np.asarray([1, 3]).max()
    finally:
        xt.Array.__mul__, xt.Array.__rmul__ = mul, rmul


def test_multiply_and_other_operands_still_compute_elementwise():
    n = xt.asarray(3)
    assert xt.multiply([1, 2], n).tolist() == [3, 6]  # the function computes, as NumPy's
    assert ([1, 2] * xt.asarray([2, 3])).tolist() == [2, 6]  # a 1-d array: elementwise
    assert ([1.5, 2] * xt.asarray(2.0)).tolist() == [3.0, 4.0]  # a float: elementwise
    assert ([1, 2] + n).tolist() == [4, 5]  # only `*` repeats


def test_unstack_of_a_1d_array_gives_copies_and_of_a_matrix_views():
    x = xt.asarray([1.0, 2.0])
    first, _ = xt.unstack(x)
    x[0] = 5.0
    assert float(first) == 1.0  # NumPy's unstack of a 1-d array: its scalars
    m = xt.reshape(xt.arange(4.0), (2, 2))
    row, _ = xt.unstack(m)
    m[0, 0] = 9.0
    assert float(row[0]) == 9.0  # rows stay views, as NumPy's


def _mark_neighbours(xp, grid):
    """A grid walk as scripts write it: coordinates read from argwhere index the grid, as a
    pair and row by row (`g[r][c] = ...` writes through the row's view in NumPy)."""
    seen = xp.zeros_like(grid)
    for r, c in xp.argwhere(grid > 4):
        seen[r, c] += 1
        seen[r][c] += 10
        row = seen[r]
        row[(c + 1) % grid.shape[1]] = seen[r, c] + grid[r][c]
    first = xp.argwhere(grid == grid.max())[0]
    return seen, seen[first[0]], seen[tuple(first)]


@pytest.mark.parametrize("compiled", [True, False])
def test_elements_of_index_arrays_index_as_numpys_integer_scalars(compiled):
    """Note [0-d integer keys] (_dispatch/_cfast_paths.c), in the C twins and the Python
    methods: writes through the rows they select land in the grid, as in NumPy."""
    grid = np.arange(20).reshape(4, 5) % 7
    want = _mark_neighbours(np, grid)
    get, put = xt.Array.__getitem__, xt.Array.__setitem__
    if not compiled:
        xt.Array.__getitem__, xt.Array.__setitem__ = python_of(get), python_of(put)
    try:
        got = _mark_neighbours(xt, xt.asarray(grid))
    finally:
        xt.Array.__getitem__, xt.Array.__setitem__ = get, put
    for g, w in zip(got, want):
        np.testing.assert_array_equal(np.asarray(g), w)
        assert np.asarray(g).dtype == np.asarray(w).dtype


@pytest.mark.parametrize(
    "data",
    [
        np.array(["ab", "c", ""]),
        np.arange(3).astype("datetime64[D]"),
        np.arange(3).astype("timedelta64[s]"),
        np.array([1, "a", None], dtype=object),
        np.array([b"x", b"yz", b""]),
    ],
    ids=lambda d: d.dtype.str,
)
def test_host_only_elements_are_numpys_scalars_every_way_they_are_read(data):
    """`x[i]`, `for v in x`, `x.flat`, `x.flat[i]`, `next(x.flat)` and `ndenumerate` all give
    NumPy's scalar (an object array its object), as NumPy's own reads do."""
    x = xt.asarray(data)
    flat = x.flat
    reads = {
        "x[i]": [x[i] for i in range(3)],
        "iteration": list(x),
        "flat": list(x.flat),
        "flat[i]": [x.flat[i] for i in range(3)],
        "flat[np.int64(i)]": [x.flat[np.int64(i)] for i in range(3)],
        "next(flat)": [next(flat) for _ in range(3)],
        "ndenumerate": [v for _, v in xt.ndenumerate(x)],
    }
    want = [data[i] for i in range(3)]
    for way, got in reads.items():
        assert [type(v) for v in got] == [type(v) for v in want], way
        assert got == want, way
