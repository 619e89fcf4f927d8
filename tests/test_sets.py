"""unique_* (NaNs distinct, signed zeros one value) and isin, against Python references."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, INT_DTYPES, arrays, assert_same, shapes


def _is_nan(v) -> bool:
    return isinstance(v, (float, complex)) and (math.isnan(v.real) or math.isnan(v.imag))


def _reference(a):
    """Python model of the standard's rules: (values, first index, inverse, counts)."""
    flat = a.reshape(-1).tolist()
    groups: dict = {}
    entries = []  # (value, first index, count) in first-occurrence order
    for i, v in enumerate(flat):
        if _is_nan(v):
            entries.append([v, i, 1])
        elif v in groups:  # Python's == joins -0.0 and +0.0
            entries[groups[v]][2] += 1
        else:
            groups[v] = len(entries)
            entries.append([v, i, 1])
    return entries


@given(d=st.sampled_from(ALL_DTYPES), data=st.data())
def test_unique_all_follows_the_standard(d, data):
    a = data.draw(arrays(d, data.draw(shapes())))
    values, first, inverse, counts = xt.unique_all(xt.asarray(a))
    entries = _reference(a)
    assert values.dtype == xt.asarray(a).dtype and values.ndim == 1
    assert first.dtype == inverse.dtype == counts.dtype == xt.int64
    assert inverse.shape == a.shape and len(values.tolist()) == len(entries)
    got = np.asarray(values)
    nan = np.isnan(got) if got.dtype.kind in "fc" else np.zeros(got.shape, bool)
    assert sorted(np.asarray(first)[nan].tolist()) == sorted(i for v, i, _ in entries if _is_nan(v))
    assert np.asarray(counts)[nan].tolist() == [1] * int(nan.sum())
    by_value = {v: (i, c) for v, i, c in entries if not _is_nan(v)}
    for v, i, c in zip(
        got[~nan].tolist(), np.asarray(first)[~nan].tolist(), np.asarray(counts)[~nan].tolist()
    ):
        assert by_value[v] == (i, c)
    rebuilt = got[np.asarray(inverse)]
    np.testing.assert_array_equal(rebuilt, a)  # equal values (NaN == NaN here, -0 == +0)


@given(d=st.sampled_from(ALL_DTYPES), data=st.data())
def test_unique_family_agrees_with_unique_all(d, data):
    x = xt.asarray(data.draw(arrays(d, data.draw(shapes()))))
    values, _, inverse, counts = xt.unique_all(x)
    assert_same(xt.unique_values(x), np.asarray(values))
    uc, ui = xt.unique_counts(x), xt.unique_inverse(x)
    assert_same(uc.values, np.asarray(values)) and assert_same(uc.counts, np.asarray(counts))
    assert_same(ui.inverse_indices, np.asarray(inverse))


def test_unique_nan_and_signed_zero_rules():
    x = xt.asarray([np.nan, 0.0, np.nan, -0.0, 1.0])
    r = xt.unique_counts(x)
    assert r.counts.tolist() == [2, 1, 1, 1]
    assert np.isnan(np.asarray(r.values)).sum() == 2
    z = xt.unique_values(xt.asarray([complex(np.nan, 1), complex(np.nan, 1)]))
    assert z.shape == (2,)
    with pytest.raises(TypeError, match="unique_values: x must be an array; got NoneType"):
        xt.unique_values(None)


@given(
    d1=st.sampled_from(INT_DTYPES),
    d2=st.sampled_from(INT_DTYPES),
    invert=st.booleans(),
    data=st.data(),
)
def test_isin_is_exact_for_all_integer_pairs(d1, d2, invert, data):
    a = data.draw(arrays(d1, data.draw(shapes())))
    b = data.draw(arrays(d2, data.draw(shapes())))
    members = set(b.reshape(-1).tolist())
    want = np.array([(v in members) != invert for v in a.reshape(-1).tolist()], bool).reshape(
        a.shape
    )
    assert_same(xt.isin(xt.asarray(a), xt.asarray(b), invert=invert), want)


def test_isin_scalars_and_floats():
    x = xt.asarray([1, 2, 3], dtype=xt.int8)
    assert xt.isin(x, 2).tolist() == [False, True, False]
    assert xt.isin(x, 1000, invert=True).tolist() == [True, True, True]
    # float64 (NumPy's uint64/int64 promotion) would call these two equal
    big = xt.isin(xt.asarray([2**53 + 1], dtype=xt.uint64), xt.asarray([2**53], dtype=xt.int64))
    assert big.tolist() == [False]
    assert_same(xt.isin(3, x), np.asarray(True))
    assert_same(
        xt.isin(xt.asarray([np.nan, 1.0]), xt.asarray([np.nan, 1.0])), np.array([False, True])
    )


def test_isin_takes_float64_scalars_as_arrays():
    # numpy.float64 is a Python float too; it converts as the 0-d array it is.
    x = xt.asarray([1.0, 2.0, np.nan])
    assert_same(xt.isin(x, np.float64(2.0)), np.asarray([False, True, False]))
    assert_same(xt.isin(np.float64(1.0), x), np.asarray(True))


def test_isin_takes_numpys_array_likes():
    # NumPy scripts pass lists: isin(x, [1, 2]); two scalars give a 0-d answer, as in NumPy.
    assert_same(xt.isin(1, 2), np.isin(1, 2))
    assert_same(xt.isin(xt.asarray([1, 3]), [1]), np.isin([1, 3], [1]))
    assert_same(xt.isin([1, 2], (2,), invert=True), np.isin([1, 2], (2,), invert=True))


def test_isin_errors():
    with pytest.raises(TypeError, match="isin: x2 must be an array; got dict"):
        xt.isin(xt.asarray([1]), {1: 2})
    with pytest.raises(TypeError, match="isin: invert must be a bool"):
        xt.isin(xt.asarray([1]), 1, invert=1)


@given(
    d=st.sampled_from(ALL_DTYPES),
    flags=st.lists(st.booleans(), min_size=3, max_size=3),
    data=st.data(),
)
def test_numpy_unique_matches_numpy(d, flags, data):
    a = data.draw(arrays(d, data.draw(shapes())))
    got = xt.unique(xt.asarray(a), *flags)
    want = np.unique(a, *flags)
    if not any(flags):
        got, want = (got,), (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_same(g, w)


@given(
    dtype=st.sampled_from(["float64", "float32", "float16", "int64", "int32", "uint64", "int16"]),
    n=st.sampled_from([4096, 5000, 20_000]),
    spread=st.sampled_from([3, 100, 10**6]),
    specials=st.lists(st.sampled_from([np.nan, -0.0, 0.0, np.inf, -np.inf]), max_size=6),
    rows=st.sampled_from([None, 8]),
    seed=st.integers(0, 2**16),
)
def test_unique_inverse_and_all_by_the_stable_argsort(dtype, n, spread, specials, rows, seed):
    """Note [Unique by a stable argsort] in _sets.py: unique_all and NumPy's unique with first
    indices are NumPy's exactly (those come from a stable sort too, NaNs collapsed or not);
    unique_inverse has NumPy's values (up to the sign of a zero) and inverse, but where x
    holds NaNs, which NumPy's quicksort orders its own way: there each NaN still maps to a
    NaN."""
    rng = np.random.default_rng(seed)
    a = rng.integers(0, spread, n).astype(dtype)
    if a.dtype.kind == "f":
        a = a / 4
        for v in specials:
            a[rng.integers(0, n, 2)] = v
    a = a if rows is None else a.reshape(rows, -1)
    x = xt.asarray(a)
    got, want = xt.unique_all(x), np.unique_all(a)
    for g, w in zip(got, want):
        assert g._data.dtype == w.dtype and g._data.tobytes() == w.tobytes()
    got, want = xt.unique_inverse(x), np.unique_inverse(a)
    values, inverse = got.values._data, got.inverse_indices._data
    assert values.dtype == want.values.dtype and inverse.shape == a.shape
    np.testing.assert_array_equal(values, want.values)  # (-0.0 == 0.0, NaN == NaN)
    nan = np.isnan(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool)
    np.testing.assert_array_equal(inverse[~nan], want.inverse_indices[~nan])
    np.testing.assert_array_equal(values[inverse], a)
    for equal_nan in (True, False):  # NumPy's unique with first indices: its stable sort too
        every = {"return_index": True, "return_inverse": True, "return_counts": True}
        got, want = (
            xt.unique(x, **every, equal_nan=equal_nan),
            np.unique(a, **every, equal_nan=equal_nan),
        )
        assert len(got) == len(want)
        for g, w in zip(got, want):
            assert g._data.dtype == w.dtype and g._data.shape == w.shape
            assert g._data.tobytes() == w.tobytes()


@given(
    dtype=st.sampled_from(["float64", "float32", "int64", "int32", "uint64", "uint32"]),
    other=st.sampled_from(["float64", "int32", "same"]),
    n=st.sampled_from([4096, 5000, 20_000]),
    spread=st.sampled_from([3, 100, 10**6]),
    specials=st.lists(st.sampled_from([np.nan, -0.0, 0.0, np.inf, -np.inf]), max_size=6),
    radix=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_unique_values_and_set_routines_by_sorting(dtype, other, n, spread, specials, radix, seed):
    """The uniques of values alone (unique_values, unique_counts, np.unique with counts or
    not) and union1d, setdiff1d, intersect1d take their steps over the sorted values (Note
    [Unique by a stable argsort]): NumPy's bits, NaNs collapsed or not, with the radix sort
    of values forced on or off (Note [Radix sort of values] in _backends/cpu_sort.py)."""
    from xtensor._backends import cpu_sort  # lazy: the calibration, forced

    rng = np.random.default_rng(seed)
    a = rng.integers(0, spread, n).astype(dtype)
    b = rng.integers(0, spread, n // 3).astype(dtype if other == "same" else other)
    if a.dtype.kind == "f":
        a = a / 4
        for v in specials:
            a[rng.integers(0, n, 2)] = v
    x, y = xt.asarray(a), xt.asarray(b)
    wins = dict(cpu_sort._RADIX_WINS)
    try:
        for dt in (a.dtype, b.dtype, np.result_type(a, b)):
            compiled = cpu_sort._csort is not None  # (XTENSOR_PURE_PYTHON: no radix sort)
            cpu_sort._RADIX_WINS[dt] = radix and compiled and dt.char in "iIlLqQfd"
        got = [xt.unique_values(x), *xt.unique_counts(x)]
        want = [*np.unique_counts(a)]
        want = [np.unique(a, equal_nan=False)] + [want[0], want[1].astype(np.int64)]
        for equal_nan in (True, False):
            got += [
                xt.unique(x, equal_nan=equal_nan),
                *xt.unique(x, return_counts=True, equal_nan=equal_nan),
            ]
            want += [
                np.unique(a, equal_nan=equal_nan),
                *np.unique(a, return_counts=True, equal_nan=equal_nan),
            ]
        for name in ("union1d", "setdiff1d", "intersect1d"):
            got.append(getattr(xt, name)(x, y))
            want.append(getattr(np, name)(a, b))
    finally:
        cpu_sort._RADIX_WINS.clear()
        cpu_sort._RADIX_WINS.update(wins)
    for g, w in zip(got, want, strict=True):
        assert g._data.dtype == w.dtype and g._data.shape == w.shape
        assert g._data.tobytes() == w.tobytes()
