"""Behaviour differences that NumPy's own docstring examples showed (benchmarks/numpy_doctests.py),
each fixed in xtensor and checked here against NumPy directly, beyond the doctest baseline:
`cross` on 2-element vectors, `linalg.cross` with a non-negative axis, `nextafter` on integer
and bool operands, shares_memory's TooHardError, `astype(..., casting="same_value")` and
`array(..., ndmax=)`.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes

# --- cross on 2-element vectors (NumPy 2 deprecates them but still computes) --------------------


def _np_cross(a, b, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return np.cross(a, b, **kw)


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    sizes=st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]),
    stack=shapes(max_dims=2, max_side=3),
    dtype=st.sampled_from(["int64", "float64", "complex128"]),
)
def test_cross_takes_2_element_vectors_like_numpy(data, sizes, stack, dtype):
    """Stacks (empty ones included) and views; the warning comes exactly when NumPy's does."""
    a = data.draw(arrays(dtype, (*stack, sizes[0]), finite=True))
    b = data.draw(arrays(dtype, (*stack, sizes[1]), finite=True))
    want = _np_cross(a, b)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = xt.cross(xt.asarray(a), xt.asarray(b))
    deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
    assert len(deprecations) == (2 in sizes)
    assert_same(got, want)


_AXES_CASES = [  # (a's shape, b's shape, keywords): vectors on axes other than the last
    ((2, 2, 3), (3, 3), {"axisa": 1}),
    ((2, 3, 2), (2, 3), {"axisa": 1, "axisb": 1, "axisc": 0}),
    ((3, 2), (3, 2), {"axisc": 0}),  # two 2-vectors: a scalar, axisc unused
    ((2, 3), (3, 3), {"axisa": 0, "axisb": 0, "axisc": 0}),
    ((2, 3), (2, 3), {"axis": 0}),
]


@pytest.mark.parametrize("a_shape, b_shape, kw", _AXES_CASES)
def test_cross_2_element_vectors_along_other_axes_match_numpy(a_shape, b_shape, kw):
    a = np.arange(np.prod(a_shape)).reshape(a_shape)
    b = np.arange(np.prod(b_shape)).reshape(b_shape) - 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert_same(xt.cross(xt.asarray(a), xt.asarray(b), **kw), _np_cross(a, b, **kw))


@pytest.mark.parametrize("size", [1, 4])
def test_cross_other_vector_sizes_raise_value_error_like_numpy(size):
    a = np.ones((2, size))
    with pytest.raises(ValueError):
        np.cross(a, np.ones((2, 3)))
    with pytest.raises(ValueError, match="^cross: incompatible dimensions"):  # (NumPy's words)
        xt.cross(xt.asarray(a), xt.ones((2, 3)))


# --- linalg.cross with a non-negative axis ------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(data=st.data(), ndim=st.integers(1, 3))
def test_linalg_cross_non_negative_axis_matches_numpy(data, ndim):
    """The standard leaves a non-negative axis unspecified; for equal ranks it names the same
    axis of both operands, as in NumPy."""
    axis = data.draw(st.integers(0, ndim - 1))
    shape = [data.draw(st.integers(0, 3)) for _ in range(ndim)]
    shape[axis] = 3
    a = data.draw(arrays("float64", tuple(shape), finite=True))
    b = data.draw(arrays("float64", tuple(shape), finite=True))
    want = np.linalg.cross(a, b, axis=axis)
    assert_same(xt.linalg.cross(xt.asarray(a), xt.asarray(b), axis=axis), want)


def test_linalg_cross_non_negative_axis_needs_equal_ranks():
    with pytest.raises(ValueError, match="^cross: axis 0 is out of range"):
        xt.linalg.cross(xt.ones((3,)), xt.ones((2, 3)), axis=0)


# --- nextafter on integer and bool operands -----------------------------------------------------

_REALS = [d for d in ALL_DTYPES if not d.startswith("complex")]


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    dtypes=st.tuples(st.sampled_from(_REALS), st.sampled_from(_REALS)),
    shape=shapes(max_dims=2),
)
def test_nextafter_promotes_integers_and_bool_like_numpy(data, dtypes, shape):
    a = data.draw(arrays(dtypes[0], shape))
    b = data.draw(arrays(dtypes[1], shape))
    with np.errstate(all="ignore"):
        want = np.nextafter(a, b)
    assert_same(xt.nextafter(xt.asarray(a), xt.asarray(b)), want)


@pytest.mark.parametrize("args", [(1, 2), (1.0, 2), (2, 1.0)])
def test_nextafter_with_one_array_and_python_scalars_matches_numpy(args):
    x = xt.asarray([args[0]] * 2)
    assert_same(xt.nextafter(x, args[1]), np.nextafter(np.asarray([args[0]] * 2), args[1]))
    assert_same(xt.nextafter(args[0], xt.asarray(args[1])), np.nextafter(*args))


# --- shares_memory: NumPy's TooHardError --------------------------------------------------------


def test_shares_memory_raises_numpys_too_hard_error():
    """The very class NumPy raises (a RuntimeError), so `except` clauses of either catch it."""
    x = xt.zeros((192163377,), dtype=xt.int8)
    x1 = xt.lib.stride_tricks.as_strided(x, strides=(36674, 61119, 85569), shape=(1049,) * 3)
    x2 = xt.lib.stride_tricks.as_strided(
        x[64023025:], strides=(12223, 12224, 1), shape=(1049, 1049, 1)
    )
    with pytest.raises(np.exceptions.TooHardError, match="^shares_memory: Exceeded max_work"):
        xt.shares_memory(x1, x2, max_work=1000)
    assert xt.exceptions.TooHardError is np.exceptions.TooHardError


# --- astype(casting="same_value"), NumPy 2.4 ----------------------------------------------------

# The standard's astype refuses complex -> real casts (TypeError); NumPy's casts them.
_PAIRS = [
    (src, dst)
    for src in ALL_DTYPES
    for dst in ALL_DTYPES
    if not (src.startswith("complex") and not dst.startswith("complex"))
]


def _np_same_value(a, dst):
    try:
        return a.astype(dst, casting="same_value")
    except ValueError:
        return None


@settings(max_examples=150, deadline=None)
@given(data=st.data(), pair=st.sampled_from(_PAIRS), shape=shapes(max_dims=2, max_side=3))
def test_astype_same_value_refuses_exactly_where_numpy_does(data, pair, shape):
    src, dst = pair
    # small ints and round floats survive most casts; hypothesis' full range mostly does not
    small = st.one_of(st.integers(-3, 3), st.sampled_from([0.5, 300, 2**53 + 1, -1, 1e40]))
    a = data.draw(
        st.one_of(
            arrays(src, shape),
            hnp.arrays(src, shape, elements=small.map(lambda v: np.array(v).astype(src)[()])),
        )
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = _np_same_value(a, dst)
    x = xt.asarray(a)
    if want is None:
        with pytest.raises(ValueError, match="^astype: casting='same_value'"):
            x.astype(dst, casting="same_value")
    else:
        assert_same(x.astype(dst, casting="same_value"), want)


def test_astype_same_value_examples_from_numpys_docstring():
    x = xt.asarray([1, 2, 2.5])
    with pytest.raises(ValueError, match="float64 values change as int64"):
        x.astype(int, casting="same_value")
    assert_same(x[:2].astype(int, casting="same_value"), np.array([1, 2]))


def test_astype_casting_rule_holds_after_the_same_cast_ran_unchecked():
    """A cast seen before takes a quick path; it must not skip a stricter casting rule."""
    x = xt.asarray([1.5, 2.0])
    x.astype(xt.int64)
    x.astype(xt.int64)
    with pytest.raises(TypeError, match="according to the rule 'safe'"):
        x.astype(xt.int64, casting="safe")
    with pytest.raises(ValueError, match="same_value"):
        x.astype(xt.int64, casting="same_value")


# --- array(..., ndmax=), NumPy 2.4 --------------------------------------------------------------

_NESTED = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]


@pytest.mark.parametrize("ndmax", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("dtype", [None, "float32", object])
def test_array_ndmax_reads_nested_sequences_like_numpy(ndmax, dtype):
    """Deeper levels become Python objects with dtype=object, or raise ValueError as NumPy's.
    ndmax=0 is "no limit", as NumPy documents it and as its default behaves (NumPy 2.4 reads
    an explicit 0 as a limit of 0 dimensions, against its own docstring)."""
    try:
        want = np.array(_NESTED, dtype=dtype, **({"ndmax": ndmax} if ndmax else {}))
    except ValueError:
        with pytest.raises(ValueError, match="^array: .*maximum number of dimension"):
            xt.array(_NESTED, dtype=dtype, ndmax=ndmax)
        return
    got = xt.array(_NESTED, dtype=dtype, ndmax=ndmax)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.asarray(got).tolist() == want.tolist()


def test_array_ndmax_leaves_arrays_and_refusals_as_they_were():
    """ndmax limits only the reading of sequences (an array keeps its dimensions, as in
    NumPy); an object array nobody asked for is still refused; NumPy's range check holds."""
    assert_same(xt.array(xt.ones((2, 2)), ndmax=1), np.array(np.ones((2, 2)), ndmax=1))
    with pytest.raises(TypeError, match="object array"):
        xt.array([1, None], ndmax=1)
    with pytest.raises(ValueError, match="^array: ndmax must be in the range"):
        xt.array([1], ndmax=-1)
