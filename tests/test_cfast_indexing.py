"""The C twins of indexing (`x[key]`, `x[key] = value`) and of `array(x)`
against their Python functions, NumPy as the oracle (see tests/test_cfast.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import (
    SCALARS,
    SETTINGS,
    arrays,
    assert_same,
    assert_same_call,
    outcome,
    python_frames,
    python_of,
    ufunc_call,
    written,
)

KEYS = st.one_of(
    st.integers(-6, 6),
    st.builds(slice, st.none() | st.integers(-5, 5), st.none() | st.integers(-5, 5)),
    st.builds(slice, st.none(), st.none(), st.sampled_from([1, 2, -1, -2])),
    st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
    st.tuples(st.builds(slice, st.integers(0, 3)), st.integers(-3, 3)),
    st.tuples(st.integers(-3, 3), st.builds(slice, st.none())),
    st.sampled_from([(), (Ellipsis,), Ellipsis, None, True, (0, 0, 0, 0), "a", 2**70]),
    st.sampled_from([(Ellipsis, 0), (0, Ellipsis), (Ellipsis, -1, 1), (None, Ellipsis, 1)]),
    st.sampled_from([(Ellipsis, Ellipsis), (1, Ellipsis, 2, 3, 0), (Ellipsis, slice(1))]),
    st.sampled_from(
        [
            (slice(None), None, 1),
            (None, slice(5, 2)),
            (slice(8, 2, -2),),
            (Ellipsis, None),
            (slice(None, None, -1), Ellipsis, 0),
            (slice(np.int64(1), None),),
            (slice(0.5, None),),
            (None,) * 70,
            (0, 2**70),
            (slice(None, 2**70),),
        ]
    ),
)


@SETTINGS
@given(x=arrays(), key=KEYS, writeable=st.booleans())
def test_getitem_matches_python_and_numpy(x, key, writeable):
    x._data.flags.writeable = writeable
    fast = python_of(xt.Array.__getitem__)
    result = assert_same(xt.Array.__getitem__, x, key)
    if result[0] == "raised":
        return
    a, b = xt.Array.__getitem__(x, key), fast(x, key)
    assert a._data.base is b._data.base  # a view of the same buffer, or both copies
    want = x._data[key]
    np.testing.assert_array_equal(a._data, want)
    assert a._data.dtype == want.dtype


RECORD = np.dtype([("x", "f8"), ("y", "i4"), ("s", "U2"), ("v", "f4", (2,))])


@pytest.mark.parametrize("shape", [(), (0,), (4,), (2, 3)])
@pytest.mark.parametrize(
    "key", ["x", "s", "v", ["y", "x"], ["x"], "z", ["x", "z"], ["x", 1], [], "y"]
)
def test_field_keys_match_python_and_numpy(shape, key):
    """`r['x']`, `r[['y', 'x']]`: NumPy's views of fields, in C for names of fields (a
    missing one, or a key of another kind, is the twin's to word)."""
    data = np.arange(int(np.prod(shape)) * RECORD.itemsize, dtype=np.uint8).view(RECORD)
    r = xt.asarray(data.reshape(shape))
    got = assert_same(xt.Array.__getitem__, r, key)
    try:
        want = r._data[key]
    except (KeyError, ValueError, IndexError):
        assert got[0] == "raised"
        return
    assert got[1:4] == (want.dtype, want.shape, want.strides) and got[5] == want.tobytes()
    assert got[6] == (want.size > 0, False)  # a view of r
    if key != [] and shape != ():  # a record's own fields are the Python twin's (NumPy's
        assert "__getitem__" not in python_frames(lambda: r[key])  # scalar's, or 0-d arrays)


SET_KEYS = st.one_of(
    KEYS,
    st.lists(st.integers(-5, 5), min_size=1, max_size=3),
    st.lists(st.integers(-5, 5), max_size=3).map(lambda v: xt.asarray(np.array(v, dtype="i8"))),
    st.sampled_from([[True, False], [2**70], [0, 1.0], []]),
)
VALUES = st.one_of(
    st.sampled_from([*SCALARS, [1, 2], "x"]), arrays(max_dims=1), arrays(dtype="float64")
)


@SETTINGS
@given(x=arrays(), key=SET_KEYS, value=VALUES, mask=st.booleans(), writeable=st.booleans())
def test_setitem_matches_python_and_numpy(x, key, value, mask, writeable):
    """x[key] = value through the C twin and through the Python method: the same bytes
    written, or the same error (a boolean mask of x's shape among the keys)."""
    if mask:
        key = xt.asarray(x._data.astype(bool) if x._data.dtype != bool else ~x._data)
    twin = xt.Array.__setitem__
    outcomes = []
    for setitem in (twin, python_of(twin)):
        y = xt.asarray(x._data.copy())
        y._data.flags.writeable = writeable
        call = lambda y, setitem=setitem: setitem(y, key, value)  # noqa: E731
        outcomes.append(written(call, y, answers_itself=False, warn="error"))
    assert outcomes[0] == outcomes[1]
    if outcomes[0][0] != "raised" and key is not None and type(key) is not str:
        want = x._data.copy()
        want[key._data if isinstance(key, xt.Array) else key] = (
            value._data if isinstance(value, xt.Array) else value
        )
        assert outcomes[0][2] == want.tobytes()


@SETTINGS
@given(x=arrays())
def test_array_of_an_array_matches_python(x):
    """array(x) copies in x's layout (order 'K', as NumPy's) in its C twin as in its Python
    function."""
    assert assert_same(xt.array, x)[0] is np.ndarray
    r = xt.array(x)
    assert r._data.strides == np.array(x._data).strides
    assert not np.shares_memory(r._data, x._data)
    assert xt.array(x, copy=None) is x  # (asarray's answer: the Python function's)


ITEMS = st.builds(
    lambda shape, dtype: xt.asarray(np.resize(np.arange(5) - 2, shape).astype(dtype)),
    st.sampled_from([(), (), (2,), (3,), (1, 2)]),
    st.sampled_from(["bool", "int8", "uint64", "int64", "float16", "float32", "complex128"]),
)


@SETTINGS
@given(
    items=st.lists(st.one_of(ITEMS, ITEMS, st.sampled_from([1.5, "a", [1, 2], None])), max_size=5),
    dtype=st.sampled_from([None, "float32", xt.int8, xt.bool, "U3"]),
    func=st.sampled_from([xt.asarray, xt.array]),
)
def test_asarray_of_a_list_of_arrays_matches_python_and_numpy(items, dtype, func):
    """Note [Lists of elements] (_cfast_creation.c): a list of Arrays reads as the list of
    their NumPy data, in the C twin as in the Python function, as NumPy reads the Arrays."""
    kwargs = {} if dtype is None else {"dtype": dtype}
    got = assert_same_call(func, items, **kwargs)
    if all(isinstance(i, xt.Array) for i in items) and got[0] is np.ndarray and dtype is None:
        want = np.asarray([np.asarray(i) for i in items])
        assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())


@SETTINGS
@given(
    items=st.lists(st.one_of(ITEMS, ITEMS, st.sampled_from([1.5, "a", None])), max_size=4),
    name=st.sampled_from(["mean", "sum", "max", "sort", "count_nonzero", "cumsum", "zeros_like"]),
)
def test_functions_of_lists_of_arrays_match_python_and_numpy(items, name):
    """Note [List arguments] (_cfast.c): a list of Arrays reaches a twin's body as the Array
    of their data, which is what the Python function reads too, and NumPy of the data."""
    fn = getattr(xt, name)
    got = assert_same_call(fn, items)
    if items and all(isinstance(i, xt.Array) for i in items) and got[0] is np.ndarray:
        with np.errstate(all="ignore"):
            want = np.asarray(getattr(np, name)([np.asarray(i) for i in items]))
        assert (got[1], got[2]) == (want.dtype, want.shape)


INT_DTYPES = ["bool", "int8", "uint8", "int16", "uint32", "int64", "uint64"]
BOUNDARY_INTS = [0, 1, -1, 127, 128, -129, 255, 256, 2**31, 2**63 - 1, 2**63, -(2**63), 2**64]


@SETTINGS
@given(
    x=st.sampled_from(INT_DTYPES).flatmap(lambda d: arrays(dtype=d)),
    i=st.sampled_from(BOUNDARY_INTS),
    name=st.sampled_from(["__add__", "__sub__", "__mul__", "__floordiv__", "__mod__",
                          "__and__", "__lshift__", "__eq__", "__lt__", "__radd__", "__rsub__"]),
)  # fmt: skip
def test_int_scalar_operands_match_python(x, i, name):
    """An integer array with a Python int runs the ints table's loop only while the int fits
    the compute dtype: the same outcome as the Python method (NumPy's wraparound, the full
    path's OverflowError or its exact comparison out of range), each call twice (the first
    records the entry)."""
    for _ in range(2):
        assert_same(getattr(xt.Array, name), x, i)
        assert_same(ufunc_call("subtract"), i, x)  # (the ufunc call's twin too)


@SETTINGS
@given(
    x=st.sampled_from([*INT_DTYPES, "float16", "float64"]).flatmap(lambda d: arrays(dtype=d)),
    i=st.sampled_from(BOUNDARY_INTS),
    name=st.sampled_from(["__iadd__", "__isub__", "__imul__", "__iand__", "__ilshift__"]),
)
def test_in_place_int_operands_match_python(x, i, name):
    """`x += i` with a Python int: the C twin's ints-table loop while i fits x's dtype, the
    Python method (its full path) otherwise; the same bytes written, or the same error."""
    fast_x, slow_x = xt.asarray(x._data.copy()), xt.asarray(x._data.copy())
    fn = getattr(xt.Array, name)
    for _ in range(2):  # the first call records the entry
        fast = written(lambda y: fn(y, i), fast_x)
        assert fast == written(lambda y: python_of(fn)(y, i), slow_x)


@SETTINGS
@given(
    x=arrays(),
    index=st.lists(st.integers(-6, 6), max_size=5),
    dtype=st.sampled_from(["int64", "int8", "uint8", "uint64"]),
)
def test_integer_array_keys_match_python_and_numpy(x, index, dtype):
    """x[idx] for a 1-d integer Array: NumPy's gather in C and in the Python method's first
    branch; out of range (or a negative index for an unsigned dtype), the checked path."""
    values = [v % 256 if dtype.startswith("u") else v for v in index]
    key = xt.asarray(np.asarray(values, dtype=dtype))
    result = assert_same(xt.Array.__getitem__, x, key)
    if result[0] != "raised":
        np.testing.assert_array_equal(x[key]._data, x._data[key._data])


ZERO_D = st.builds(
    lambda v, d: xt.asarray(np.array(v).astype(d)),
    st.sampled_from([0, 1, 2, -1, -3, 7, 2**40]),
    st.sampled_from(["int8", "uint8", "int64", "uint64", "bool", "float64"]),
)
ZERO_D_KEYS = st.one_of(
    ZERO_D,
    st.tuples(ZERO_D, ZERO_D),
    st.tuples(ZERO_D, st.integers(-3, 3)),
    st.tuples(st.builds(slice, st.integers(0, 3)), ZERO_D),
    st.tuples(ZERO_D, st.sampled_from([Ellipsis, None, slice(None), [0, 1]])),
    st.tuples(st.sampled_from([Ellipsis, None]), ZERO_D, ZERO_D),
)


def _numpy_key(key):
    """The key with Arrays as their NumPy data, as NumPy indexes with 0-d ndarrays."""
    if isinstance(key, tuple):
        return tuple(_numpy_key(k) for k in key)
    return key._data if isinstance(key, xt.Array) else key


@SETTINGS
@given(x=arrays(), key=ZERO_D_KEYS, value=st.sampled_from([5, 2.5, xt.asarray(4)]))
def test_0d_integer_keys_index_as_ints(x, key, value):
    """Note [0-d integer keys]: an element of an index array indexes as its int, in the C
    twins as in the Python methods (a 0-d bool is a mask, a float no index: both the twin's
    to word), with NumPy's answer and NumPy's element copy for a full integer key."""
    result = assert_same(xt.Array.__getitem__, x, key)
    if result[0] != "raised":
        got, want = x[key], x._data[_numpy_key(key)]
        np.testing.assert_array_equal(got._data, want)
        assert got._data.dtype == want.dtype and got.shape == np.shape(want)
        # the view NumPy's integer scalars give (NumPy's 0-d ndarrays take its copying path)
        scalars = (
            key.item()
            if isinstance(key, xt.Array)
            else tuple(
                k.item() if isinstance(k, xt.Array) and k.dtype.kind in "iu" else k for k in key
            )
        )
        if x.ndim and isinstance(want := x._data[scalars], np.ndarray):
            assert np.shares_memory(got._data, x._data) == np.shares_memory(want, x._data)
    twin = xt.Array.__setitem__
    outcomes = []
    for setitem in (twin, python_of(twin)):
        y = xt.asarray(x._data.copy())
        outcomes.append(written(lambda y, f=setitem: f(y, key, value), y, answers_itself=False))
    assert outcomes[0] == outcomes[1]


@SETTINGS
@given(
    rows=st.integers(1, 4),
    cols=st.integers(0, 4),
    item=st.sampled_from(
        [st.floats(allow_nan=True), st.integers(-(2**63), 2**63 - 1), st.integers(-(2**64), 2**64)]
    ),
    ragged=st.booleans(),
    mixed=st.sampled_from([None, 1, 1.5, True, [1.0], (1.0,)]),
    data=st.data(),
)
def test_asarray_of_nested_lists_matches_python_and_numpy(rows, cols, item, ragged, mixed, data):
    """Lists of equal lists of one kind of Python number are written in C (`flat_list`), with
    NumPy's dtype, shape and bits; ragged, mixed and wider ones take NumPy's (or the Python
    function's) reading, the same answer or error."""
    values = [data.draw(st.lists(item, min_size=cols, max_size=cols)) for _ in range(rows)]
    if ragged:
        values[-1] = values[-1][:-1]
    if mixed is not None and values[0]:
        values[0][0] = mixed
    got = assert_same_call(xt.asarray, values)
    try:
        want = np.asarray(values)
    except (ValueError, OverflowError):
        assert got[0] == "raised"
        return
    if got[0] is np.ndarray and want.dtype != object:
        assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())


def _answer(fn, *args, **kwargs):
    """`outcome` of a call whose answer may be a tuple of Arrays, with each one's printed form."""
    try:
        r = fn(*args, **kwargs)
    except Exception as e:
        return ("raised", type(e), str(e))
    parts = r if type(r) is tuple else (r,)
    return tuple(outcome(lambda p=p: p) + (repr(p),) for p in parts)


@SETTINGS
@given(
    keys=st.lists(arrays(max_dims=2), min_size=1, max_size=3),
    counts=arrays(max_dims=2),
    weights=st.none() | arrays(max_dims=1),
    axis=st.integers(-2, 2),
    minlength=st.sampled_from([0, 3, 9, -1]),
    extras=st.sampled_from([{}, {"return_counts": True}, {"return_inverse": True}]),
    equal_nan=st.booleans(),
)
def test_numpy_calls_match_their_twins(keys, counts, weights, axis, minlength, extras, equal_nan):
    """`numpy_call` (lexsort, ravel_multi_index, bincount, unique, the set routines): NumPy's
    function on the buffers, as the twins' first branch; any other operand, and NumPy's
    errors, the twins'. The printed form too (a 0-d answer prints as NumPy's scalar), and
    tuples of answers."""
    ints = [xt.asarray(np.abs(k._data.real).astype(np.int64) % 5) for k in keys]
    calls = [
        (xt.lexsort, (tuple(keys),), {}),
        (xt.lexsort, (tuple(keys), axis), {}),
        (xt.lexsort, (keys[0],), {"axis": axis}),
        (xt.lexsort, ([1.0, 2.0],), {}),
        (xt.ravel_multi_index, (tuple(ints), (5,) * len(ints)), {}),
        (xt.ravel_multi_index, (tuple(ints), (4,) * len(ints)), {"mode": "clip"}),
        (xt.ravel_multi_index, ((1, 2), (7, 7)), {}),
        (xt.bincount, (counts,), {}),
        (xt.bincount, (counts, weights), {"minlength": minlength}),
        (xt.unique, (keys[0],), {"equal_nan": equal_nan, **extras}),
        (xt.unique, (keys[0],), {"axis": axis, **extras}),
        (xt.unique, (3,), {}),
        (xt.union1d, (keys[0], counts), {}),
        (xt.intersect1d, (keys[0], counts), {}),
        (xt.intersect1d, (counts, counts), {"return_indices": True}),
        (xt.intersect1d, (keys[0], keys[-1]), {"assume_unique": True}),
        (xt.setdiff1d, (keys[0], counts), {}),
        (xt.setdiff1d, (keys[0], counts), {"assume_unique": True}),
        (xt.setxor1d, (keys[0], keys[-1]), {}),
    ]
    for fn, args, kwargs in calls:
        _answer(python_of(fn), *args, **kwargs)  # (the first call may fill caches)
        for _ in range(2):
            fast, slow = _answer(fn, *args, **kwargs), _answer(python_of(fn), *args, **kwargs)
            assert fast == slow, (fn, args, kwargs)


def test_long_lexsort_keys_stay_the_twins():
    """Keys of `_stable_lexsort`'s length (4096) go to the twin, whose answer is NumPy's."""
    rng = np.random.default_rng(0)
    a, b = rng.integers(0, 9, 5000), rng.random(5000)
    got = xt.lexsort((xt.asarray(a), xt.asarray(b)))
    np.testing.assert_array_equal(got._data, np.lexsort((a, b)))
    assert_same_call(xt.lexsort, (xt.asarray(a), xt.asarray(b)))


@SETTINGS
@given(
    value=st.one_of(
        st.floats(allow_nan=True),
        st.integers(-(2**70), 2**70),
        st.booleans(),
        st.complex_numbers(allow_nan=True, allow_infinity=True),
    ),
    func=st.sampled_from([xt.asarray, xt.array]),
)
def test_asarray_of_a_number_matches_python_and_numpy(value, func):
    """A Python number's 0-d array (from the free list, `number_zero_d`): NumPy's dtype and
    bits, and the twin's answer and printed form; an int past int64 is the twin's."""
    got = assert_same_call(func, value)
    if type(value) is not int or -(2**63) <= value < 2**63:
        want = np.asarray(value)
        assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())
    if got[0] is np.ndarray:
        assert repr(func(value)) == repr(python_of(func)(value))
