"""The first branches of the index, selection, set and nan-argument helpers on CPU Arrays (Note
[Plain index calls] in `xtensor/_numpy_select.py`): each call answers exactly as the general
path does (forced here by an Array subclass, which no first branch takes) and as NumPy does,
and a call that NumPy refuses keeps the general path's worded error.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays
from xtensor import _numpy_index, _numpy_nanfuncs, _numpy_select, _numpy_sets, _sets

SETTINGS = settings(max_examples=25, deadline=None)
DTYPES = ("bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64")
DTYPES += ("complex64", "complex128")


class Other(xt.Array):
    __slots__ = ()


def general(v):
    """`v` as an Array no first branch takes (an exact-type check refuses a subclass)."""
    if type(v) is xt.Array:
        o = object.__new__(Other)
        o._data = v._data
        return o
    if isinstance(v, (tuple, list)):
        return type(v)(general(x) for x in v)
    return v


def plain(v):
    if isinstance(v, np.ndarray):
        return xt.asarray(v)
    if isinstance(v, (tuple, list)):
        return type(v)(plain(x) for x in v)
    return v


def outcome(call):
    """What `call()` gives: its answer's dtypes, shapes and bytes, or its error; and warnings."""
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            out = call()
        except Exception as e:  # noqa: BLE001 - the error is the outcome compared
            return ("raised", type(e), str(e)), [str(w.message) for w in seen]
    return described(out), [str(w.message) for w in seen]


def described(out):
    if isinstance(out, tuple):
        return tuple(described(o) for o in out)
    assert type(out) is xt.Array, f"expected an exact Array, got {type(out)}"
    d = np.asarray(out)
    return d.dtype.str, d.shape, d.tobytes()


def same_as_general(func, *args, **kwargs):
    """The plain call and the general path's give the same outcome; the plain one returned."""
    fast = outcome(lambda: func(*plain(args), **kwargs))
    slow = outcome(lambda: func(*general(plain(args)), **kwargs))
    assert fast == slow
    return fast


def same_as_numpy(fast, numpy_call):
    """`fast` (an outcome) holds NumPy's answer bit for bit, or an error where NumPy raises."""
    try:
        want = numpy_call()
    except Exception:  # noqa: BLE001 - NumPy's refusal: xtensor must refuse too
        assert fast[0][:1] == ("raised",)
        return
    to_bytes = lambda a: (np.asarray(a).dtype.str, np.shape(a), np.asarray(a).tobytes())  # noqa: E731
    assert fast[0] == (tuple(map(to_bytes, want)) if isinstance(want, tuple) else to_bytes(want))


@st.composite
def operands(draw, ndim=None):
    dtype = draw(st.sampled_from(DTYPES))
    shape = draw(st.lists(st.integers(0, 4), min_size=ndim or 0, max_size=ndim or 3))
    return draw(arrays(dtype, tuple(shape), finite=False))


def numpy_outcome(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call()


@SETTINGS
@given(operands(1), operands(1))
def test_sets_and_lexsort_agree(a, b):
    for f in ("union1d", "intersect1d", "setdiff1d", "setxor1d"):
        fast = same_as_general(getattr(xt, f), a, b)
        same_as_numpy(fast, lambda f=f: numpy_outcome(lambda: getattr(np, f)(a, b)))
    fast = same_as_general(xt.intersect1d, a, b, return_indices=True)
    same_as_numpy(fast, lambda: np.intersect1d(a, b, return_indices=True))
    if a.shape == b.shape:
        fast = same_as_general(xt.lexsort, (a, b))
        same_as_numpy(fast, lambda: np.lexsort((a, b)))


@SETTINGS
@given(operands())
def test_unique_family_agrees(a):
    fast = same_as_general(xt.unique_values, a)
    same_as_numpy(fast, lambda: np.unique(a.reshape(-1), equal_nan=False))  # sorted, each NaN
    same_as_general(xt.unique_counts, a)
    same_as_general(xt.unique_inverse, a)
    same_as_general(xt.unique_all, a)
    fast = same_as_general(xt.unique, a)
    same_as_numpy(fast, lambda: np.unique(a))
    fast = same_as_general(xt.unique, a, return_counts=True)
    same_as_numpy(fast, lambda: np.unique(a, return_counts=True))


@SETTINGS
@given(operands(), st.sampled_from([[1, 2], [1.5], [True], [], [0, 2**63]]), st.booleans())
def test_isin_with_a_list_agrees(a, test, invert):
    fast = same_as_general(xt.isin, a, test, invert=invert)
    if fast[0][:1] != ("raised",) and np.asarray(test).dtype.kind == a.dtype.kind:
        same_as_numpy(fast, lambda: np.isin(a, test, invert=invert))


@SETTINGS
@given(operands(), st.data())
def test_selections_agree(a, data):
    cond = data.draw(arrays("bool", a.shape))
    index = data.draw(arrays("int64", a.shape)) % 3
    fast = same_as_general(xt.extract, cond, a)
    same_as_numpy(fast, lambda: np.extract(cond, a))
    flat = cond.reshape(-1)
    fast = same_as_general(xt.compress, flat, a)
    same_as_numpy(fast, lambda: numpy_outcome(lambda: np.compress(flat, a)))
    for listed in (flat.tolist(), index.reshape(-1).tolist()):  # (a list: its first branch too)
        fast = outcome(lambda c=listed: xt.compress(c, xt.asarray(a), axis=0 if a.ndim else None))
        axis = 0 if a.ndim else None
        same_as_numpy(fast, lambda c=listed, k=axis: numpy_outcome(lambda: np.compress(c, a, k)))
    for mode in ("raise", "clip", "wrap"):
        fast = same_as_general(xt.choose, index, [a, a[...], a], mode=mode)
        same_as_numpy(fast, lambda mode=mode: np.choose(index, [a, a, a], mode=mode))
    fast = same_as_general(xt.select, [cond], [a], default=1)
    same_as_numpy(fast, lambda: numpy_outcome(lambda: np.select([cond], [a], default=1)))


@SETTINGS
@given(operands(), st.sampled_from([None, 0, -1]))
def test_nanargmax_and_nanargmin_agree(a, axis):
    for f in ("nanargmax", "nanargmin"):
        fast = same_as_general(getattr(xt, f), a, axis)
        same_as_numpy(fast, lambda f=f: numpy_outcome(lambda: getattr(np, f)(a, axis)))


@SETTINGS
@given(st.integers(-3, 40), st.integers(-2, 2), st.sampled_from([None, 0, 3, 5]))
def test_index_creation_agrees_with_numpy(n, k, m):
    same_as_numpy(outcome(lambda: xt.diag_indices(n)), lambda: np.diag_indices(n))
    same_as_numpy(outcome(lambda: xt.tril_indices(n, k, m)), lambda: np.tril_indices(n, k, m))
    same_as_numpy(outcome(lambda: xt.triu_indices(n, k, m)), lambda: np.triu_indices(n, k, m))
    dims = (abs(n) % 4, abs(k) + 1)
    same_as_numpy(outcome(lambda: xt.indices(dims)), lambda: np.indices(dims))


@SETTINGS
@given(st.integers(-3, 30), st.lists(st.integers(-1, 5), min_size=0, max_size=3))
def test_unravel_index_of_an_int_agrees(index, shape):
    shape = tuple(shape)
    fast = outcome(lambda: xt.unravel_index(index, shape))
    same_as_numpy(fast, lambda: np.unravel_index(index, shape))
    if fast[0][:1] != ("raised",):  # the general path (an Array index) gives the same arrays
        assert fast == same_as_general(xt.unravel_index, np.asarray(index), shape)
    else:
        with pytest.raises(ValueError, match="unravel_index: "):
            xt.unravel_index(index, shape)


@SETTINGS
@given(st.data())
def test_index_arithmetic_agrees(data):
    i = data.draw(arrays("int64", (3,))) % 4
    j = data.draw(arrays("int64", (3,))) % 5
    fast = same_as_general(xt.ravel_multi_index, (i, j), (4, 5))
    same_as_numpy(fast, lambda: np.ravel_multi_index((i, j), (4, 5)))
    fast = same_as_general(xt.unravel_index, i, (4, 5))
    same_as_numpy(fast, lambda: np.unravel_index(i, (4, 5)))
    fast = same_as_general(xt.ix_, i, j % 2 == 0)
    same_as_numpy(fast, lambda: np.ix_(i, j % 2 == 0))
    fast = same_as_general(xt.bincount, i)
    same_as_numpy(fast, lambda: np.bincount(i))


def test_put_along_axis_writes_as_numpy():
    a = np.linspace(0, 1, 6)
    for values in (0.5, np.asarray([7.0, 8.0]), 3):
        x, want = xt.asarray(a), a.copy()
        xt.put_along_axis(x, xt.asarray([1, -1]), plain(values), 0)
        np.put_along_axis(want, np.asarray([1, -1]), values, 0)
        assert np.asarray(x).tobytes() == want.tobytes()


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda a, i: xt.choose(i, [a, a], mode="bogus"), "choose: "),
        (lambda a, i: xt.compress(i > 0, a, axis=3), "compress: "),
        (lambda a, i: xt.lexsort((a, a[:2])), "lexsort: "),
        (lambda a, i: xt.ravel_multi_index((i, i), (1, 1)), "ravel_multi_index: "),
        (lambda a, i: xt.unravel_index(12, (3, 4)), "unravel_index: "),
        (lambda a, i: xt.bincount(a), "bincount: "),
        (lambda a, i: xt.put_along_axis(a, i + 10, 0.0, 0), "put_along_axis: "),
        (lambda a, i: xt.nanargmax(a * float("nan")), "nanargmax: "),
        (lambda a, i: xt.isin(a, [1], kind="bogus"), "isin: "),
        (lambda a, i: xt.diag_indices_from(a), "diag_indices_from: "),
    ],
)
def test_refused_plain_calls_keep_the_worded_error(call, match):
    a, i = xt.asarray(np.linspace(0, 1, 4)), xt.asarray(np.arange(4))
    with pytest.raises((ValueError, TypeError, IndexError), match=match):
        call(a, i)


def _refuse(*args, **kwargs):
    raise AssertionError("the general path ran: the first branch was not taken")


BRANCHES = [
    (_numpy_index, "device_datas", lambda a, i: xt.lexsort((a, a))),
    (_numpy_index, "device_datas", lambda a, i: xt.ravel_multi_index((i, i), (4, 4))),
    (_numpy_index, "device_datas", lambda a, i: xt.unravel_index(i, (4, 4))),
    (_numpy_index, "apply", lambda a, i: xt.unravel_index(5, (4, 4))),
    (_numpy_index, "device_datas", lambda a, i: xt.ix_(i, i)),
    (_numpy_index, "apply", lambda a, i: xt.diag_indices(3)),
    (_numpy_index, "apply", lambda a, i: xt.triu_indices(3)),
    (_numpy_index, "apply", lambda a, i: xt.indices((2, 3))),
    (_numpy_index, "device_datas", lambda a, i: xt.bincount(i)),
    (_numpy_select, "common_device", lambda a, i: xt.choose(i % 2, [a, a])),
    (_numpy_select, "common_device", lambda a, i: xt.compress(i > 1, a)),
    (_numpy_select, "device_datas", lambda a, i: xt.extract(i > 1, a)),
    (_numpy_select, "common_device", lambda a, i: xt.select([i > 1], [a])),
    (_numpy_sets, "device_datas", lambda a, i: xt.union1d(i, i)),
    (_numpy_sets, "device_datas", lambda a, i: xt.setdiff1d(i, i)),
    (_sets, "_operand", lambda a, i: xt.isin(i, [1, 2])),
    (_sets, "as_operand", lambda a, i: xt.unique_values(i)),
    (_numpy_nanfuncs, "_routine", lambda a, i: xt.nanargmax(a)),
]


@pytest.mark.parametrize("index", range(len(BRANCHES)))
def test_first_branches_are_taken(index, monkeypatch):
    module, step, call = BRANCHES[index]
    monkeypatch.setattr(module, step, _refuse)
    got = call(xt.asarray(np.linspace(0, 1, 4)), xt.asarray(np.arange(4)))
    assert isinstance(got, (xt.Array, tuple))


def test_put_along_axis_branch_is_taken(monkeypatch):
    monkeypatch.setattr(_numpy_select, "common_device", _refuse)
    x = xt.asarray(np.zeros(4))
    xt.put_along_axis(x, xt.asarray([2]), 1.0, 0)
    assert np.asarray(x).tolist() == [0.0, 0.0, 1.0, 0.0]


@SETTINGS
@given(
    dtypes=st.lists(
        st.sampled_from(["float64", "float32", "float16", "int64", "uint32", "int8", "bool"]),
        min_size=1,
        max_size=3,
    ),
    n=st.sampled_from([4096, 6000]),
    spread=st.sampled_from([2, 50, 10**6]),
    specials=st.lists(st.sampled_from([np.nan, -0.0, 0.0, np.inf]), max_size=4),
    seed=st.integers(0, 2**16),
)
def test_lexsort_of_long_keys_by_stable_argsorts_is_numpys(dtypes, n, spread, specials, seed):
    """`_stable_lexsort` (one stable argsort per key): NumPy's lexsort exactly, with ties,
    NaNs and signed zeros, for one to three keys of mixed dtypes."""
    rng = np.random.default_rng(seed)
    keys = []
    for dtype in dtypes:
        key = rng.integers(0, spread, n).astype(dtype)
        if key.dtype.kind == "f":
            for v in specials:
                key[rng.integers(0, n, 3)] = v
        keys.append(key)
    got = xt.lexsort(tuple(xt.asarray(k) for k in keys))
    want = np.lexsort(tuple(keys))
    assert got._data.dtype == want.dtype
    np.testing.assert_array_equal(got._data, want)
    # NumPy radix-sorts keys of 16 bits or less itself: those alone are its lexsort's
    narrow = all(k.dtype.kind in "biu" and k.dtype.itemsize <= 2 for k in keys)
    assert _numpy_index._sorts_stably(tuple(keys)) is not narrow
