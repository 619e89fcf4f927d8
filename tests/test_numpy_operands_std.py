"""NumPy's operand and keyword conventions on the standard's manipulation, creation, set,
sorting and searching functions (issue 9, item 7), with NumPy as the oracle.

The standard types these operands as arrays and leaves other input unspecified, so xtensor
does what NumPy does: nested lists and tuples of Python scalars, Python scalars and NumPy
arrays (views included) are read as NumPy reads them, and NumPy's keywords (`kind=`, `order=`,
`retstep=`...) work. Each test hands the same non-xtensor input to both libraries.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import (
    ALL_DTYPES,
    arrays,
    assert_same,
    assert_same_linspace,
    assert_same_results,
    shapes,
)

# Lists of Python scalars read back as these dtypes in both libraries.
LIST_DTYPES = ("bool", "int64", "float64", "complex128")


@st.composite
def list_operands(draw, min_dims=0, max_dims=3):
    """(NumPy array, the same values as nested lists of Python scalars)."""
    dtype = draw(st.sampled_from(LIST_DTYPES))
    # An empty inner list loses the axes after it ([[]] is shape (1, 0)): none before the last.
    shape = draw(shapes(min_dims=min_dims, max_dims=max_dims).filter(lambda s: 0 not in s[:-1]))
    a = draw(arrays(dtype, shape, views=False))
    return a, a.tolist()


_check = assert_same_results  # results that may be tuples (unique_*, nonzero) or one array


def _unique(m, x, name, **extra):
    if m is xt:
        got = getattr(xt, name)(x)
        return got if name == "unique_values" else tuple(got)
    want = np.unique(x, equal_nan=False, **extra)
    if name == "unique_inverse":
        return want[0], want[1].reshape(np.shape(x))
    return want


# (name, minimum ndim, call) with `call(module, operand, ndim)`: the same call on both.
ONE_OPERAND = [
    ("flip", 0, lambda m, x, n: m.flip(x)),
    ("roll", 0, lambda m, x, n: m.roll(x, 1)),
    ("expand_dims", 0, lambda m, x, n: m.expand_dims(x, 0)),
    ("squeeze", 0, lambda m, x, n: m.squeeze(x)),
    ("moveaxis", 1, lambda m, x, n: m.moveaxis(x, 0, -1)),
    ("permute_dims", 0, lambda m, x, n: m.permute_dims(x, tuple(range(n))[::-1])),
    ("broadcast_to", 0, lambda m, x, n: m.broadcast_to(x, (2,) + np.shape(x))),
    ("tile", 0, lambda m, x, n: m.tile(x, 2)),
    ("reshape", 0, lambda m, x, n: m.reshape(x, -1)),
    ("ravel", 0, lambda m, x, n: m.ravel(x)),
    ("transpose", 0, lambda m, x, n: m.transpose(x)),
    ("repeat", 0, lambda m, x, n: m.repeat(x, 2)),
    ("sort", 1, lambda m, x, n: m.sort(x)),
    ("sort axis=None", 0, lambda m, x, n: m.sort(x, axis=None)),
    ("argsort", 1, lambda m, x, n: m.argsort(x, kind="stable")),
    # NumPy 2.3's unique_* need not sort; xtensor's sort, as np.unique(equal_nan=False) does.
    ("unique_values", 0, lambda m, x, n: _unique(m, x, "unique_values")),
    ("unique_counts", 0, lambda m, x, n: _unique(m, x, "unique_counts", return_counts=True)),
    ("unique_inverse", 0, lambda m, x, n: _unique(m, x, "unique_inverse", return_inverse=True)),
    ("unique", 0, lambda m, x, n: m.unique(x)),
    ("nonzero", 1, lambda m, x, n: m.nonzero(x)),
    ("tril", 1, lambda m, x, n: m.tril(x)),
    ("triu", 1, lambda m, x, n: m.triu(x, 1)),
    ("zeros_like", 0, lambda m, x, n: m.zeros_like(x)),
    ("ones_like", 0, lambda m, x, n: m.ones_like(x, "float32")),
    ("full_like", 0, lambda m, x, n: m.full_like(x, 1)),
    ("empty_like", 0, lambda m, x, n: m.empty_like(x).shape),
]


@pytest.mark.parametrize("name,min_dims,call", ONE_OPERAND, ids=[c[0] for c in ONE_OPERAND])
@given(data=st.data())
def test_lists_and_scalars_are_read_as_numpy_reads_them(name, min_dims, call, data):
    a, listed = data.draw(list_operands(min_dims=min_dims))
    want = call(np, listed, a.ndim)
    got = call(xt, listed, a.ndim)
    if name == "empty_like":
        assert got == want
    else:
        _check(got, want)


@pytest.mark.parametrize("name,min_dims,call", ONE_OPERAND, ids=[c[0] for c in ONE_OPERAND])
@given(data=st.data())
def test_numpy_arrays_and_views_are_operands(name, min_dims, call, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    a = data.draw(arrays(dtype, data.draw(shapes(min_dims=min_dims))))
    want, got = call(np, a, a.ndim), call(xt, a, a.ndim)
    if name == "empty_like":
        assert got == want
    else:
        _check(got, want)


# --- joining ---------------------------------------------------------------------------------


@given(
    dtype=st.sampled_from(ALL_DTYPES),
    kind=st.sampled_from(LIST_DTYPES),
    shape=shapes(min_dims=1, max_dims=2).filter(lambda s: 0 not in s[:-1]),
    first=st.booleans(),
)
def test_concat_and_stack_mix_lists_with_arrays_as_numpy_promotes(dtype, kind, shape, first):
    a = np.zeros(shape, dtype) + np.ones((), dtype)
    listed = np.zeros(shape, kind).tolist()
    for xt_f, np_f in ((xt.concat, np.concatenate), (xt.stack, np.stack)):
        operands = [listed, a] if first else [a, listed]
        want = np_f(operands)
        assert_same(xt_f([listed, xt.asarray(a)] if first else [xt.asarray(a), listed]), want)
        assert_same(xt_f(operands), want)  # a NumPy array as an operand, too
        assert_same(xt_f(operands, axis=-1), np_f(operands, axis=-1))
    assert_same(xt.concat([listed, a], axis=None), np.concatenate([listed, a], axis=None))


def test_joining_script_forms():
    x = xt.asarray([1, 2, 3])
    assert_same(xt.concatenate(([0.0], x)), np.concatenate(([0.0], np.asarray([1, 2, 3]))))
    assert_same(xt.concatenate([[1, 2], [3]]), np.concatenate([[1, 2], [3]]))
    assert_same(xt.stack([1, 2.5]), np.stack([1, 2.5]))
    assert_same(xt.concat(xt.ones((2, 3))), np.concatenate(np.ones((2, 3))))
    assert_same(xt.stack(np.ones((2, 3))), np.stack(np.ones((2, 3))))
    got = xt.broadcast_arrays([1, 2], [[1], [2]])
    for g, w in zip(got, np.broadcast_arrays([1, 2], [[1], [2]])):
        assert_same(g, w)
    for g, w in zip(xt.meshgrid([1, 2], (3.0, 4.0, 5.0)), np.meshgrid([1, 2], (3.0, 4.0, 5.0))):
        assert_same(g, w)


def test_listed_operands_land_on_the_arrays_device():
    m = xt.ones(2, device="meta")
    for got in (xt.concat(([0.0], m)), xt.stack([m, [1, 2]]), xt.searchsorted(m, [1.0])):
        assert got.device == m.device
    assert xt.concat(([0.0], m)).shape == (3,)


def test_joining_errors_have_numpy_classes():
    with pytest.raises(TypeError, match="concat: arrays must be a sequence"):
        xt.concat(5)
    with pytest.raises(ValueError, match="concat: arrays must contain at least one array"):
        xt.concat([])
    with pytest.raises(ValueError, match="concat: zero-dimensional"):
        xt.concat([1, 2])
    with pytest.raises(ValueError, match=r"concat: arrays\[1\] has shape"):
        xt.concat([[1, 2], [[3]]])
    with pytest.raises(TypeError, match=r"concat: arrays\[1\] must be an array"):
        xt.concat([[1.0], None])


# --- repeat, searchsorted --------------------------------------------------------------------


@given(operand=list_operands(min_dims=1, max_dims=1), data=st.data())
def test_repeat_takes_listed_counts(operand, data):
    a, listed = operand
    counts = data.draw(st.lists(st.integers(0, 3), min_size=len(a), max_size=len(a)))
    assert_same(xt.repeat(listed, counts), np.repeat(listed, counts))
    assert_same(xt.repeat(xt.asarray(a), counts, 0), np.repeat(a, counts, 0))
    as_array = np.asarray(counts, dtype=np.int64)
    assert_same(xt.repeat(a, as_array), np.repeat(a, as_array))
    flags = [c > 0 for c in counts]
    assert_same(xt.repeat(listed, flags), np.repeat(listed, flags))


def test_repeat_count_errors():
    with pytest.raises(TypeError, match="repeat: repeats must have an integer dtype; got float"):
        xt.repeat([1, 2], np.asarray([2.0, 1.0]))  # NumPy: TypeError, no safe cast to int
    with pytest.raises(ValueError, match="repeat: repeats must not be negative"):
        xt.repeat([1, 2], [1, -1])


@given(
    values=st.lists(st.integers(-5, 5), min_size=1, max_size=6),
    probe=st.integers(-6, 6) | st.floats(-6, 6) | st.lists(st.integers(-6, 6), max_size=4),
    side=st.sampled_from(["left", "right"]),
)
def test_searchsorted_takes_lists_scalars_and_positional_side(values, probe, side):
    order = np.argsort(values, kind="stable").tolist()
    got = xt.searchsorted(values, probe, side, order)
    assert_same(got, np.asarray(np.searchsorted(values, probe, side, order)))
    ordered = sorted(values)
    assert_same(xt.searchsorted(ordered, probe), np.asarray(np.searchsorted(ordered, probe)))


# --- sort kinds ------------------------------------------------------------------------------

KINDS = ["quicksort", "mergesort", "heapsort", "stable", "q", "Heap", "S", b"stable"]


@given(
    a=st.sampled_from(["int8", "int64", "float32", "float64"]).flatmap(
        lambda d: shapes(min_dims=1, max_dims=2).flatmap(lambda s: arrays(d, s))
    ),
    kind=st.sampled_from(KINDS),
)
def test_argsort_kind_runs_numpys_sort_of_that_kind(a, kind):
    assert_same(xt.argsort(a, kind=kind), np.argsort(a, kind=kind))
    assert_same(xt.argsort(a, 0, kind), np.argsort(a, 0, kind))
    assert_same(xt.sort(a, kind=kind), np.sort(a, kind=kind))
    # The standard's default is stable, NumPy's is not; stable=False is NumPy's default.
    assert_same(xt.argsort(a), np.argsort(a, kind="stable"))
    assert_same(xt.argsort(a, stable=False), np.argsort(a))


def test_the_default_argsort_is_stable_where_numpys_may_not_be():
    ties = np.arange(20) % 2
    assert_same(xt.argsort(ties), np.argsort(ties, kind="stable"))
    assert_same(xt.argsort(ties, kind="quicksort"), np.argsort(ties))


def test_sort_keyword_errors_have_numpy_classes():
    x = xt.asarray([3, 1, 2])
    with pytest.raises(ValueError, match="argsort: kind and stable cannot both be given"):
        xt.argsort(x, kind="stable", stable=True)  # NumPy: ValueError
    with pytest.raises(ValueError, match="sort: kind must be 'quicksort', 'mergesort'"):
        xt.sort(x, kind="bubble")
    with pytest.raises(TypeError, match="sort: kind must be a str; got int"):
        xt.sort(x, kind=3)
    for func in (xt.sort, xt.argsort):
        # NumPy: ValueError (the array has no fields)
        with pytest.raises(ValueError, match="which has no fields"):
            func(x, order="f0")
        with pytest.raises(ValueError, match="which has no fields"):
            func([3, 1], order=["f0"])
    assert_same(xt.sort(x, order=None), np.sort(np.asarray([3, 1, 2])))


# --- creation --------------------------------------------------------------------------------


@given(
    shape=shapes(min_dims=1, max_dims=3, min_side=1),
    kind=st.sampled_from(LIST_DTYPES),
    dtype=st.none() | st.sampled_from(["int32", "float64", "complex64"]),
    data=st.data(),
)
def test_full_broadcasts_an_array_like_fill(shape, kind, dtype, data):
    cut = data.draw(st.integers(0, len(shape)))
    fill = np.ones(shape[cut:], kind)
    if kind == "complex128" and dtype in ("int32", "float64"):
        return  # complex into real raises (the standard's rule); tested below
    for value in (fill.tolist(), fill, xt.asarray(fill)):
        assert_same(xt.full(shape, value, dtype), np.full(shape, fill, dtype))
    like = np.zeros(shape, "complex64" if kind == "complex128" else "int8")
    assert_same(xt.full_like(like, fill.tolist(), dtype), np.full_like(like, fill, dtype))
    assert_same(xt.full_like(like.tolist(), 2.5), np.full_like(like.tolist(), 2.5))


def test_like_functions_take_numpys_keywords():
    f = np.asfortranarray(np.ones((2, 3), np.float32))
    for name in ("zeros_like", "ones_like", "empty_like"):
        xf, nf = getattr(xt, name), getattr(np, name)
        calls = [((), {}), (("int8",), {}), ((), {"shape": (4,)}), ((), {"order": "C"})]
        for args, kwargs in calls:
            got, want = xf(f, *args, **kwargs), nf(f, *args, **kwargs)
            assert (got.shape, np.dtype(got.dtype)) == (want.shape, want.dtype)
            assert got._data.flags.f_contiguous == want.flags.f_contiguous
    with pytest.raises(ValueError, match="zeros_like: order must be one of"):
        xt.zeros_like(f, order="X")


LINSPACE_CALLS = [
    ((0, 1), {}),
    ((0, 1, 5, False), {}),
    ((0, 1, 5), {"retstep": True}),
    ((2, 3, 1), {"retstep": True}),
    ((0, 10, 4), {"dtype": int}),
    (([0, 1], [2, 3], 3), {}),
    (([0, 1], 3.0, 4), {"axis": 1, "retstep": True}),
    ((np.float32(0), np.float32(1), 3), {}),
    ((np.zeros(2, np.float32), 1, 3), {"axis": -1}),
    ((1j, 2, 3), {}),
]


@pytest.mark.parametrize("args,kwargs", LINSPACE_CALLS)
def test_linspace_takes_numpys_signature(args, kwargs):
    got, want = xt.linspace(*args, **kwargs), np.linspace(*args, **kwargs)
    if kwargs.get("retstep"):
        assert_same_linspace(got, want)
    else:
        assert_same(got, want)


def test_linspace_errors_have_numpy_classes():
    with pytest.raises(np.exceptions.AxisError, match="linspace:"):
        xt.linspace(0, 1, 5, axis=1)
    with pytest.raises(TypeError, match="linspace: num must be an integer"):
        xt.linspace(0, 1, 2.0)


ARANGE_CALLS = [
    ((5,), {}),
    ((1, 10, 2, float), {}),
    ((), {"start": 1, "stop": 5}),
    ((), {"stop": 5}),
    ((), {"start": 5}),
    ((0, 5, None), {}),
    ((2.5,), {"dtype": "float32"}),
]


@pytest.mark.parametrize("args,kwargs", ARANGE_CALLS)
def test_arange_takes_numpys_forms(args, kwargs):
    if args == () and kwargs == {"start": 5}:
        assert_same(xt.arange(**kwargs), np.arange(0, 5))  # NumPy refuses; start is stop
        return
    assert_same(xt.arange(*args, **kwargs), np.arange(*args, **kwargs))


def test_arange_needs_a_stop():
    with pytest.raises(TypeError, match="arange: stop must be given"):
        xt.arange()  # NumPy: TypeError


# --- memory order ----------------------------------------------------------------------------


@given(
    a=st.sampled_from(["int16", "float64", "complex64"]).flatmap(
        lambda d: shapes(min_dims=1, max_dims=3).flatmap(lambda s: arrays(d, s))
    ),
    order=st.sampled_from(["C", "F", "A"]),
)
def test_reshape_and_ravel_read_in_numpys_order(a, order):
    shape = a.shape[::-1]
    assert_same(xt.reshape(a, shape, order), np.reshape(a, shape, order=order))
    for _ in range(2):  # an Array's: the second call replays the plan the first recorded
        got, want = xt.reshape(xt.asarray(a), shape, order), np.reshape(a, shape, order=order)
        assert_same(got, want)
        assert got._data.strides == want.strides
    assert_same(xt.reshape(a.tolist(), -1, order=order), np.reshape(a.tolist(), -1, order=order))
    assert_same(xt.ravel(a, order), np.ravel(a, order))
    assert_same(xt.ravel(a, "K"), np.ravel(a, "K"))
    assert_same(xt.asarray(a).flatten(order), a.flatten(order))


def test_reshape_order_views_and_errors():
    f = xt.asarray(np.asfortranarray(np.arange(6.0).reshape(2, 3)))
    view = xt.reshape(f, (3, 2), order="F", copy=False)
    assert np.shares_memory(view._data, f._data)
    with pytest.raises(ValueError, match="reshape: copy=False"):
        xt.reshape(f, (3, 2), order="C", copy=False)
    with pytest.raises(ValueError, match="reshape: order must be one of 'C', 'F' or 'A'; got 'K'"):
        xt.reshape(f, (6,), order="K")  # NumPy: ValueError, 'K' is not permitted
    with pytest.raises(ValueError, match="ravel: order must be"):
        xt.ravel(f, order="X")


@given(
    dtype=st.sampled_from(["int8", "int64", "uint16", "float32", "float64", "bool"]),
    probe=st.lists(st.integers(-300, 300) | st.floats(-6, 6) | st.booleans(), max_size=4)
    | st.lists(st.lists(st.floats(-6, 6), min_size=2, max_size=2), max_size=3),
    side=st.sampled_from(["left", "right"]),
)
def test_searchsorted_of_an_array_takes_lists_as_numpy(dtype, probe, side):
    """`searchsorted(x, [0.5, 1.0])`: a list already of x's dtype is read at once, any other
    promoted as NumPy promotes it (or refused as NumPy refuses it)."""
    a = np.sort(np.arange(-4, 5).astype(dtype))
    try:
        want = np.searchsorted(a, probe, side)
    except (TypeError, ValueError, OverflowError) as e:
        with pytest.raises(type(e)):
            xt.searchsorted(xt.asarray(a), probe, side)
        return
    assert_same(xt.searchsorted(xt.asarray(a), probe, side), np.asarray(want))
