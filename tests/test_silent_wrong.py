"""Regressions for silently wrong answers found by running NumPy's docstring examples
(issue #9): each test does the same thing to NumPy and to xtensor and compares.

Covered: writing `a.real` / `a.imag`, `clip(..., out=)`, `asarray(a) is a`, `trim_zeros` on a
sequence, `meshgrid(sparse=, copy=)`, `copy(a, order=)` and indexing with `unravel_index`'s
tuple.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, COMPLEX_DTYPES, FLOAT_DTYPES, INT_DTYPES, arrays, assert_same

REAL_DTYPES = INT_DTYPES + FLOAT_DTYPES


def _pair(a: np.ndarray):
    """(NumPy copy, xtensor copy) of `a`, so that writes to one never reach the other."""
    return a.copy(), xt.asarray(a.copy())


# --- a.real = ..., a.imag = ... ----------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(COMPLEX_DTYPES).flatmap(arrays), st.sampled_from(["real", "imag"]))
def test_setting_real_or_imag_of_a_complex_array_writes_into_it(a, part):
    n, x = _pair(a)
    setattr(n, part, 9)
    setattr(x, part, 9)
    assert_same(x, n)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(COMPLEX_DTYPES).flatmap(lambda d: arrays(d, shape=(2, 3))))
def test_setting_imag_from_an_array_broadcasts_as_numpy(a):
    n, x = _pair(a)
    values = np.array([8.0, 10.0, 12.0])
    n.imag = values
    x.imag = xt.asarray(values)
    assert_same(x, n)


def test_setting_real_writes_through_a_view():
    n = np.array([1 + 2j, 3 + 4j, 5 + 6j])
    x = xt.asarray(n.copy())
    n[::2].real = [9, 7]
    x[::2].real = xt.asarray([9.0, 7.0])
    assert_same(x, n)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(REAL_DTYPES).flatmap(arrays))
def test_setting_real_of_a_real_array_overwrites_it(a):
    n, x = _pair(a)
    n.real = 1
    x.real = 1
    assert_same(x, n)


@pytest.mark.parametrize("dtype", ["bool", "int32", "float64"])
def test_setting_imag_of_a_real_array_raises_as_numpy(dtype):
    n, x = np.zeros(3, dtype), xt.zeros(3, dtype=dtype)
    with pytest.raises(TypeError):
        n.imag = 1
    with pytest.raises(TypeError, match="imag"):
        x.imag = 1
    assert_same(x, n)  # and nothing was written


# --- clip(..., out=) ----------------------------------------------------------------------------


def test_clip_out_is_the_input_as_in_numpys_example():
    n, x = np.arange(10), xt.arange(10)
    got, want = xt.clip(x, 3, 6, out=x), np.clip(n, 3, 6, out=n)
    assert got is x and want is n
    assert_same(x, n)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(REAL_DTYPES).flatmap(lambda d: arrays(d, finite=True)),
    st.sampled_from(FLOAT_DTYPES + ("int64",)),
    st.sampled_from([(1, 3), (0.5, 2.5), (-300, 300)]),
)
def test_clip_out_of_another_dtype_matches_numpy(a, out_dtype, bounds):
    n_out, x_out = np.zeros(a.shape, out_dtype), xt.zeros(a.shape, dtype=out_dtype)
    lo, hi = (True, True) if a.dtype == bool else bounds
    if (
        a.dtype.kind in "iu"
        and type(lo) is int
        and not np.can_cast(np.min_scalar_type(lo), a.dtype)
    ):
        return  # NumPy refuses a bound beyond the dtype; clip clamps it first (README)
    try:
        want = np.clip(a, lo, hi, out=n_out)
    except TypeError:  # NumPy refuses a 'same_kind' cast into out (float -> int)
        with pytest.raises(TypeError):
            xt.clip(xt.asarray(a), lo, hi, out=x_out)
        return
    got = xt.clip(xt.asarray(a), lo, hi, out=x_out)
    assert got is x_out
    assert_same(got, want)


def test_clip_out_broadcasts_to_a_larger_out_and_refuses_a_smaller_one():
    n_out, x_out = np.zeros((2, 3)), xt.zeros((2, 3))
    np.clip(np.arange(3.0), 1, None, out=n_out)
    xt.clip(xt.arange(3.0), 1, None, out=x_out)
    assert_same(x_out, n_out)
    with pytest.raises(ValueError):
        np.clip(np.arange(3.0), 1, 2, out=np.zeros(2))
    with pytest.raises(ValueError):
        xt.clip(xt.arange(3.0), 1, 2, out=xt.zeros(2))


def test_clip_without_bounds_still_writes_out_and_refuses_a_non_array_out():
    x_out = xt.zeros(3)
    assert xt.clip(xt.arange(3.0), out=x_out) is x_out
    assert_same(x_out, np.arange(3.0))
    with pytest.raises(TypeError, match="clip"):
        xt.clip(xt.arange(3.0), 0, 1, out=np.zeros(3))


def test_clip_method_out_writes_into_the_array():
    n, x = np.arange(10), xt.arange(10)
    n.clip(2, 5, out=n)
    x.clip(2, 5, out=x)
    assert_same(x, n)


# --- asarray(a) is a ----------------------------------------------------------------------------


@pytest.mark.parametrize("func", ["asarray", "asanyarray"])
def test_asarray_of_an_array_with_nothing_to_change_is_the_same_object(func):
    x = xt.asarray([1, 2])
    assert getattr(xt, func)(x) is x
    assert xt.asarray(x, dtype=x.dtype, copy=None) is x
    assert xt.asarray(x, copy=False) is x
    assert xt.asarray(x, device=x.device) is x


def test_asarray_still_copies_or_converts_when_asked():
    x = xt.asarray([1, 2])
    copied = xt.asarray(x, copy=True)
    assert copied is not x and not np.shares_memory(np.asarray(copied), np.asarray(x))
    converted = xt.asarray(x, dtype=xt.float64)
    assert converted is not x and converted.dtype == xt.float64
    assert xt.array(x) is not x  # np.array copies by default


# --- trim_zeros on a sequence --------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 2), max_size=8),
    st.sampled_from(["fb", "f", "b", "BF"]),
    st.sampled_from([list, tuple]),
)
def test_trim_zeros_of_a_sequence_returns_the_same_kind_of_sequence(values, trim, kind):
    filt = kind(values)
    got, want = xt.trim_zeros(filt, trim), np.trim_zeros(filt, trim)
    assert type(got) is type(want) and got == want


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(ALL_DTYPES).flatmap(lambda d: arrays(d, shape=(6,))))
def test_trim_zeros_of_an_array_is_still_an_array(a):
    assert_same(xt.trim_zeros(xt.asarray(a)), np.trim_zeros(a))


def test_trim_zeros_of_a_nested_list_raises_as_numpy():
    with pytest.raises(TypeError):
        np.trim_zeros([[0, 1], [0, 0]])
    with pytest.raises(TypeError):
        xt.trim_zeros([[0, 1], [0, 0]])


# --- meshgrid(sparse=, copy=) -------------------------------------------------------------------


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
@pytest.mark.parametrize("copy", [False, True])
def test_meshgrid_sparse_and_copy_match_numpy(indexing, sparse, copy):
    coords = [np.linspace(0, 1, 3), np.arange(2.0), np.arange(4)]
    want = np.meshgrid(*coords, indexing=indexing, sparse=sparse, copy=copy)
    got = xt.meshgrid(*(xt.asarray(c) for c in coords), indexing=indexing, sparse=sparse, copy=copy)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_same(g, w)


# --- copy(a, order=) ----------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(ALL_DTYPES).flatmap(arrays),
    st.sampled_from(["K", "A", "C", "F"]),
)
def test_copy_lays_out_memory_as_numpy(a, order):
    got, want = xt.copy(xt.asarray(a), order=order), np.copy(a, order=order)
    assert_same(got, want)
    flags = np.asarray(got).flags
    assert (flags.c_contiguous, flags.f_contiguous) == (
        want.flags.c_contiguous,
        want.flags.f_contiguous,
    )
    assert not np.shares_memory(np.asarray(got), a)


# --- indexing with unravel_index's tuple ---------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(arrays("int64", shape=(3, 4), views=True))
def test_indexing_with_unravel_index_of_argsort_sorts_as_numpy(a):
    n, x = a, xt.asarray(a)
    want = n[np.unravel_index(np.argsort(n, axis=None), n.shape)]
    got = x[xt.unravel_index(xt.argsort(xt.reshape(x, (-1,))), x.shape)]
    assert_same(got, want)
    assert_same(x[xt.unravel_index(5, x.shape)], n[np.unravel_index(5, n.shape)])
