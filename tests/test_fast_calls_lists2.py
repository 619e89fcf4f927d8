"""List operands of the functions whose first branches read them second (Note [List operands]
in `xtensor/_manipulation_operands.py`): full_like, triu, meshgrid, linspace, trapezoid,
convolve, searchsorted, median, average, expand_dims, squeeze, roll, repeat, tile, transpose,
isin, unique, polyfit and insert (and array_equal, whose checked path reads lists itself).
Plain lists answer as NumPy does (values, dtype, shape); every list, plain or odd (ragged,
strings, None, big ints), answers as the checked path alone answers it, which the reading
switched off (`listed` giving None) stands for."""

from __future__ import annotations

import importlib
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_fast_calls_lists import _ELEMENTS
from tests.test_fast_calls_lists import flat_lists as _lists

# the modules whose functions read lists through `listed`/`listed_all` (patched in the tests)
_MODULES = tuple(
    importlib.import_module(f"xtensor.{name}")
    for name in (
        "_creation",
        "_creation_ranges",
        "_manipulation",
        "_numpy_calculus",
        "_numpy_math",
        "_numpy_poly",
        "_numpy_shape",
        "_numpy_stats",
        "_searching",
        "_sets",
    )
)


@st.composite
def flat_lists(draw, kinds=tuple(_ELEMENTS), min_size=1, max_size=5):
    values = draw(_lists(kinds, min_size, max_size))
    return tuple(values) if draw(st.booleans()) else values


ODD = [[1, None], ["a", "b"], [[1, 2], [3]], [2**70], [2**64, 1], [], [[]], None, "text"]

# (name, call of module m on list x, call of module m on lists x and y)
ONE = [
    ("full_like", lambda m, x: m.full_like(x, 7)),
    ("full_like float", lambda m, x: m.full_like(x, 1.5)),
    ("triu", lambda m, x: m.triu([x, x])),
    ("tril", lambda m, x: m.tril([x, x], 1)),
    ("trapezoid", lambda m, x: m.trapezoid(x)),
    ("searchsorted", lambda m, x: m.searchsorted(x, 2)),
    ("median", lambda m, x: m.median(x)),
    ("average", lambda m, x: m.average(x)),
    ("expand_dims", lambda m, x: m.expand_dims(x, 0)),
    ("squeeze", lambda m, x: m.squeeze([x])),
    ("roll", lambda m, x: m.roll(x, 1)),
    ("repeat", lambda m, x: m.repeat(x, 2)),
    ("tile", lambda m, x: m.tile(x, 2)),
    ("transpose", lambda m, x: m.transpose([x, x])),
    ("isin", lambda m, x: m.isin(x, [2, 1])),
    ("unique", lambda m, x: m.unique(x)),
    ("insert", lambda m, x: m.insert(x, 1, 9)),
]
TWO = [
    ("meshgrid", lambda m, x, y: m.meshgrid(x, y)),
    ("meshgrid ij", lambda m, x, y: m.meshgrid(x, y, indexing="ij")),
    ("linspace", lambda m, x, y: m.linspace(x, y[: len(x)] + x[len(y) :], 3)),
    ("convolve", lambda m, x, y: m.convolve(x, y)),
    ("average weights", lambda m, x, y: m.average(x, weights=(y * len(x))[: len(x)])),
    ("array_equal", lambda m, x, y: m.array_equal(x, y)),
    ("array_equal self", lambda m, x, y: m.array_equal(x, x)),
    ("isin lists", lambda m, x, y: m.isin(x, y)),
    ("polyfit", lambda m, x, y: m.polyfit(list(range(len(x) + 1)), x + x[:1], 1)),
]


def outcome(call):
    """What a call answers, as comparable data: the value (dtype, shape, bytes) or the error
    (type, message), and the warnings it gives."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            got = ("value", _record(call()))
        except Exception as e:  # noqa: BLE001 - the error is the outcome compared
            got = ("error", type(e), str(e))
    return got, [(w.category, str(w.message)) for w in caught]


def _record(v):
    if isinstance(v, (tuple, list)):
        return tuple(_record(x) for x in v)
    if isinstance(v, xt.Array):
        d = np.asarray(v._data)
        return (d.dtype.str, d.shape, d.tobytes() if d.dtype.kind != "O" else repr(d.tolist()))
    return repr(v)


def checked_path_outcome(call):
    """The outcome with the list reading off: the checked path reads the lists itself."""
    with pytest.MonkeyPatch.context() as patch:
        for module in _MODULES:
            for name in ("listed", "listed_all"):
                if hasattr(module, name):
                    patch.setattr(module, name, lambda *args, **kwargs: None)
        return outcome(call)


def assert_as_numpy(got, want):
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert_as_numpy(g, w)
        return
    if isinstance(want, bool):
        assert got is want
        return
    want = np.asarray(want)
    data = np.asarray(got._data)
    assert (data.dtype, data.shape) == (want.dtype, want.shape)
    np.testing.assert_array_equal(data, want)


@pytest.mark.parametrize("name, call", ONE, ids=[n for n, _ in ONE])
@given(x=flat_lists())
def test_one_list_answers_as_numpy_and_the_checked_path(name, call, x):
    got = outcome(lambda: call(xt, x))
    assert got == checked_path_outcome(lambda: call(xt, x))
    try:
        want = call(np, x)
    except Exception:  # noqa: BLE001 - NumPy refuses: so does xtensor (its own words)
        assert got[0][0] == "error"
        return
    if got[0][0] == "value" and not name.startswith(("median", "average", "trapezoid")):
        assert_as_numpy(call(xt, x), want)  # (means: NumPy's summation order may differ)


@pytest.mark.parametrize("name, call", TWO, ids=[n for n, _ in TWO])
@given(x=flat_lists(), y=flat_lists())
def test_two_lists_answer_as_numpy_and_the_checked_path(name, call, x, y):
    x, y = list(x), list(y)
    got = outcome(lambda: call(xt, x, y))
    assert got == checked_path_outcome(lambda: call(xt, x, y))
    if name.startswith(("polyfit", "average")) or got[0][0] == "error":
        return  # least squares and weighted means round as their own steps do
    assert_as_numpy(call(xt, x, y), call(np, x, y))


@pytest.mark.parametrize("name, call", ONE, ids=[n for n, _ in ONE])
@pytest.mark.parametrize("odd", ODD, ids=repr)
def test_odd_lists_get_the_checked_paths_answer(name, call, odd):
    got = outcome(lambda: call(xt, odd))
    assert got == checked_path_outcome(lambda: call(xt, odd))
    if got[0][0] == "error":
        assert got[0][2]  # worded, not bare


@pytest.mark.parametrize("name, call", TWO, ids=[n for n, _ in TWO])
@pytest.mark.parametrize("odd", ODD[:6], ids=repr)
def test_odd_pairs_get_the_checked_paths_answer(name, call, odd):
    for x, y in ((odd, [1, 2]), ([1, 2], odd)):
        got = outcome(lambda x=x, y=y: call(xt, x, y))
        assert got == checked_path_outcome(lambda x=x, y=y: call(xt, x, y))


def test_array_equal_first_branch_matches_numpy():
    a = xt.asarray([1.0, np.nan])
    assert xt.array_equal(a, a) is False
    assert xt.array_equal(a, a, equal_nan=True) is True
    assert xt.array_equal(xt.asarray([1, 2]), xt.asarray([[1, 2]])) is False
    assert xt.array_equal(xt.asarray([1, 2], dtype=xt.int8), xt.asarray([1, 2])) is True


def test_convolve_of_mixed_dtypes_is_numpys():
    for a, v in (([1, 2, 3], [0, 1, 0.5]), ([True, False], [1j, 2]), ([1, 2], [3])):
        want = np.convolve(a, v)
        got = xt.convolve(xt.asarray(a), xt.asarray(v))
        assert got.dtype == xt.asarray(want).dtype
        np.testing.assert_array_equal(got._data, want)


def test_linspace_of_array_ends_is_numpys():
    lo, hi = xt.asarray([0.0, 1.0], dtype=xt.float32), xt.asarray([1.0, 3.0], dtype=xt.float32)
    for endpoint in (True, False):
        want = np.linspace(lo._data, hi._data, 4, endpoint=endpoint)
        got = xt.linspace(lo, hi, 4, endpoint=endpoint)
        assert got._data.dtype == want.dtype
        np.testing.assert_array_equal(got._data, want)
    with pytest.raises(ValueError, match="^linspace: "):
        xt.linspace([0, 1], [1, 2, 3], 3)
