"""where (through the TensorIterator), nonzero and searchsorted, against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from xtensor import _searching

dtypes = st.sampled_from(ALL_DTYPES)
REAL = [d for d in ALL_DTYPES if d not in ("bool", "complex64", "complex128")]
scalars = st.one_of(
    st.booleans(), st.integers(0, 100), st.floats(-1e3, 1e3), st.complex_numbers(max_magnitude=1e3)
)


# --- where --------------------------------------------------------------------------------------


@given(d1=dtypes, d2=dtypes, data=st.data())
def test_where_arrays_match_numpy(d1, d2, data):
    shape = data.draw(shapes())
    cond = data.draw(arrays("bool", shape))
    a = data.draw(arrays(d1, shape[data.draw(st.integers(0, len(shape))) :]))
    b = data.draw(arrays(d2, shape))
    assert_same(xt.where(xt.asarray(cond), xt.asarray(a), xt.asarray(b)), np.where(cond, a, b))


@given(d=dtypes, s=scalars, first=st.booleans(), data=st.data())
def test_where_python_scalars_are_weak(d, s, first, data):
    cond = data.draw(arrays("bool", (3,)))
    a = data.draw(arrays(d, (2, 3), finite=True))
    args = (s, a) if first else (a, s)
    got = xt.where(
        xt.asarray(cond), *(xt.asarray(v) if isinstance(v, np.ndarray) else v for v in args)
    )
    # NumPy 2 treats Python scalars as weak (NEP 50), as the standard does
    assert_same(got, np.where(cond, *args))


@pytest.mark.parametrize(
    ("dtype", "scalar"), [("float64", 0.0), ("float32", 2.5), ("uint8", 7), ("int16", True)]
)
def test_where_replays_a_scalar_call_as_numpy(dtype, scalar):
    """The second call of a signature replays the first's plan (the scalar becomes a 0-d
    array of the result dtype): both give NumPy's values and dtype."""
    a = np.arange(12, dtype=dtype).reshape(3, 4)
    cond = a % 3 == 0
    for _ in range(2):
        assert_same(xt.where(xt.asarray(cond), xt.asarray(a), scalar), np.where(cond, a, scalar))
        assert_same(xt.where(xt.asarray(cond), scalar, xt.asarray(a)), np.where(cond, scalar, a))


@given(d1=dtypes, data=st.data())
def test_where_by_blocks_matches_numpy(d1, data):
    """Chunks past _WHERE_BLOCK elements run `where` by blocks of rows (here of up to three
    elements): n-d operands, broadcast ones, 0-d ones, a Python bool as the condition, and
    reversed views give NumPy's answer."""
    shape = data.draw(shapes(min_dims=1))
    cond = data.draw(arrays("bool", shape))
    a = data.draw(arrays(d1, shape[data.draw(st.integers(0, len(shape))) :]))
    b = data.draw(arrays(d1, shape))[..., ::-1]
    c = data.draw(st.sampled_from([cond, bool(cond.size and cond.flat[0])]))
    xc = xt.asarray(c) if isinstance(c, np.ndarray) else c
    with pytest.MonkeyPatch.context() as m:
        m.setattr(_searching, "_WHERE_BLOCK", 3)
        assert_same(xt.where(xc, xt.asarray(a), xt.asarray(b)), np.where(c, a, b))
        assert_same(xt.where(xc, xt.asarray(a), 0), np.where(c, a, 0))


def test_where_large_runs_in_parallel_chunks():
    n = 300_000
    cond = np.arange(n) % 3 == 0
    a, b = np.arange(n, dtype=np.float32), np.float64(-1.0)
    got = xt.where(xt.asarray(cond), xt.asarray(a), xt.asarray(np.full(n, -1.0)))
    assert_same(got, np.where(cond, a, np.full(n, b)))
    assert_same(xt.where(xt.asarray(cond)[::-1], 1, xt.asarray(a)), np.where(cond[::-1], 1, a))


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(
    ("dtype", "x1", "x2"),
    [(None, 1, 0), (None, 2.5, -1), ("float32", 1e300, "a"), ("int8", "a", 7)],
)
def test_where_large_with_python_scalars_matches_numpy(threads, dtype, x1, x2):
    """A large call with Python scalars, in one chunk (then replayed) or in parallel chunks:
    each scalar is the 0-d array of the result dtype a cast would make."""
    before = xt.get_num_threads()
    xt.set_num_threads(threads)
    try:
        n = 2**21 + 3
        cond = np.arange(n) % 3 == 0
        a = np.arange(n).astype(dtype) if dtype else None
        args = [a if v == "a" else v for v in (x1, x2)]
        xargs = [xt.asarray(a) if v == "a" else v for v in (x1, x2)]
        with np.errstate(over="ignore"):
            want = np.where(cond, *args)
            for _ in range(2):
                assert_same(xt.where(xt.asarray(cond), *xargs), want)
    finally:
        xt.set_num_threads(before)


def test_where_one_argument_is_nonzero_like_numpy():
    cond = np.array([[True, False], [False, True]])
    got = xt.where(xt.asarray(cond))
    for g, w in zip(got, np.where(cond)):
        assert_same(g, w)
    with pytest.raises(ValueError, match="where: give both x1 and x2, or neither"):
        xt.where(xt.asarray(cond), 1)


def test_where_errors():
    x = xt.asarray([1.0, 2.0])
    # NumPy reads any condition as bool, and Python scalars alone give a 0-d array
    assert_same(xt.where(x, x, -x), np.where(np.asarray([1.0, 2.0]), [1.0, 2.0], [-1.0, -2.0]))
    assert_same(xt.where(True, 1, 2), np.asarray(np.where(True, 1, 2)))
    with pytest.raises(ValueError, match="where: operands could not be broadcast together"):
        xt.where(xt.asarray([True, False, True]), x, 0.0)
    # NumPy's where casts a Python int the dtype cannot hold (300 -> 44 in uint8); only one
    # beyond int64 and uint64 both is its OverflowError (the standard leaves both open)
    assert xt.where(xt.asarray([False]), xt.asarray([1], dtype=xt.uint8), 300).tolist() == [44]
    with pytest.raises(OverflowError, match="where: Python int too large"):
        xt.where(xt.asarray([True]), xt.asarray([1], dtype=xt.uint8), 2**64)


# --- nonzero ------------------------------------------------------------------------------------


@given(d=dtypes, data=st.data())
def test_nonzero_matches_numpy(d, data):
    a = data.draw(arrays(d, data.draw(shapes(min_dims=1))))
    got = xt.nonzero(xt.asarray(a))
    assert isinstance(got, tuple) and len(got) == a.ndim
    for g, w in zip(got, np.nonzero(a)):
        assert_same(g, w.astype(np.int64))


def test_nonzero_zero_dim_and_complex():
    with pytest.raises(ValueError, match="nonzero: x must have at least one dimension"):
        xt.nonzero(xt.asarray(1))
    (i,) = xt.nonzero(xt.asarray([0j, 1j, 0j, 2 + 0j]))
    assert i.tolist() == [1, 3]


# --- searchsorted -------------------------------------------------------------------------------


@given(d=st.sampled_from(REAL), side=st.sampled_from(["left", "right"]), data=st.data())
def test_searchsorted_matches_numpy(d, side, data):
    x1 = data.draw(arrays(d, data.draw(shapes(min_dims=1, max_dims=1)), views=False))
    x2 = data.draw(arrays(d, data.draw(shapes())))
    use_sorter = data.draw(st.booleans())
    if use_sorter:
        sorter = np.argsort(x1, kind="stable")
        got = xt.searchsorted(xt.asarray(x1), xt.asarray(x2), side=side, sorter=xt.asarray(sorter))
        want = np.searchsorted(x1, x2, side=side, sorter=sorter)
    else:
        x1 = np.sort(x1)
        got = xt.searchsorted(xt.asarray(x1), xt.asarray(x2), side=side)
        want = np.searchsorted(x1, x2, side=side)
    assert_same(got, np.asarray(want, dtype=np.int64))


def test_searchsorted_scalars():
    x1 = xt.asarray([1, 3, 5], dtype=xt.int8)
    assert_same(xt.searchsorted(x1, 3), np.asarray(1))
    assert_same(xt.searchsorted(x1, 3, side="right"), np.asarray(2))
    assert_same(xt.searchsorted(xt.asarray([0.5, 1.5]), 1), np.asarray(1))


def test_searchsorted_takes_what_numpy_takes_for_x2():
    x1 = np.asarray([1.0, 2.0, 4.0])
    for x2 in ([0.5, 3.0], np.asarray([[2.0], [5.0]]), np.float64(2.0)):
        assert_same(xt.searchsorted(xt.asarray(x1), x2), np.searchsorted(x1, x2).astype(np.int64))


def test_searchsorted_errors():
    x1 = xt.asarray([1.0, 2.0])
    with pytest.raises(ValueError, match="searchsorted: x1 must be one-dimensional"):
        xt.searchsorted(xt.zeros((2, 2)), x1)
    with pytest.raises(ValueError, match="searchsorted: side must be 'left' or 'right'"):
        xt.searchsorted(x1, x1, side="middle")
    with pytest.raises(ValueError, match="searchsorted: sorter must be an integer array"):
        xt.searchsorted(x1, x1, sorter=xt.asarray([0.0, 1.0]))
    with pytest.raises(TypeError, match="searchsorted: x2 must be an array or a Python scalar"):
        xt.searchsorted(x1, None)
