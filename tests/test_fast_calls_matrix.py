"""The LAPACK gufunc calls of the linalg first branches (Note [LAPACK gufuncs] in
`xtensor/linalg/_common.py`), the diagonal/trace/diag first branches and the vector_norm and
matrix_norm first branches, against NumPy (the oracle) and against the checked path (forced by
an operand that is not an exact Array): the same dtype, shape and bits, and the same errors.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.test_fast_calls_linalg import checked

SETTINGS = settings(max_examples=25, deadline=None)
LAPACK = ("float32", "float64", "complex64", "complex128")
WHOLE = ("bool", "int8", "uint8", "int32", "int64")


def outcome(func, *args, **kwargs):
    """(dtype, shape, bytes) of each array `func` returns, or (exception type, message)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = func(*args, **kwargs)
    except Exception as e:  # the error itself is the answer compared
        return ("raised", type(e), str(e))
    items = got if isinstance(got, tuple) else (got,)
    return [(np.asarray(a).dtype, np.asarray(a).shape, np.asarray(a).tobytes()) for a in items]


def same_as_checked(func, *args, **kwargs):
    got = outcome(func, *args, **kwargs)
    assert got == outcome(checked, func, *args, **kwargs)
    return got


def identical(got, want) -> None:
    g, w = np.asarray(got), np.asarray(want)
    assert (g.dtype, g.shape) == (w.dtype, w.shape)
    assert g.tobytes() == np.ascontiguousarray(w).tobytes()


@st.composite
def matrices(draw, dtypes=LAPACK, square=True, min_dims=2):
    n = draw(st.integers(0, 5))
    m = n if square else draw(st.integers(0, 5))
    stack = draw(st.sampled_from(((), (2,), (0,), (1, 3))))
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((*stack, n, m)) * 3
    if dtype.kind == "c":
        a = a + 1j * rng.standard_normal(a.shape)
    if draw(st.booleans()) and n:  # a positive-definite one, for cholesky and eigh
        a = a @ np.swapaxes(a, -1, -2).conj() + n * np.eye(n) if square else a
    if draw(st.booleans()) and n:  # singular: a repeated row
        a[..., -1, :] = a[..., 0, :]
    a = a.astype(dtype)
    view = draw(st.sampled_from(("as is", "reversed", "transposed")))
    if view == "reversed":
        a = a[..., ::-1, :]
    elif view == "transposed":
        a = np.swapaxes(a, -1, -2)
    return a


@SETTINGS
@given(matrices(LAPACK + WHOLE))
def test_square_functions_match_numpy_and_checked_path(a):
    x = xt.asarray(a)
    linalg = xt.linalg
    for func in (linalg.inv, linalg.det, linalg.slogdet, linalg.eigh, linalg.eigvalsh):
        same_as_checked(func, x)
    same_as_checked(linalg.cholesky, x)
    same_as_checked(linalg.cholesky, x, upper=True)
    same_as_checked(linalg.eigh, x, "U")
    same_as_checked(linalg.eigvalsh, x, "U")
    if a.dtype.name in LAPACK:  # NumPy's own answers, where NumPy's dtypes are the standard's
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                want = np.linalg.inv(a)
            except np.linalg.LinAlgError:
                want = None
        if want is not None:
            identical(linalg.inv(x), want)
        identical(linalg.det(x), np.linalg.det(a))
        for got, expected in zip(linalg.slogdet(x), np.linalg.slogdet(a), strict=True):
            identical(got, expected)


@SETTINGS
@given(matrices(LAPACK + WHOLE, square=False), st.sampled_from(("reduced", "complete", "r")))
def test_factorizations_match_numpy_and_checked_path(a, mode):
    x = xt.asarray(a)
    got = same_as_checked(xt.linalg.qr, x, mode)
    assert got[0][0] == (np.dtype(np.float64) if a.dtype.kind in "biu" else a.dtype)
    same_as_checked(xt.linalg.svd, x)
    same_as_checked(xt.linalg.svd, x, False)
    same_as_checked(xt.linalg.svdvals, x)
    if a.dtype.name in LAPACK:
        got = xt.linalg.qr(x, mode)
        want = np.linalg.qr(a, mode)
        for g, w in zip(*((got, want) if mode != "r" else ((got,), (want,))), strict=True):
            identical(g, w)
        identical(xt.linalg.svdvals(x), np.linalg.svdvals(a))


@SETTINGS
@given(matrices(LAPACK), st.integers(0, 3), st.booleans())
def test_solve_and_lstsq_match_numpy_and_checked_path(a, k, vector):
    n = a.shape[-1]
    rng = np.random.default_rng(k)
    b = rng.standard_normal((n,) if vector else (n, k)).astype(a.dtype)
    x, y = xt.asarray(a), xt.asarray(b)
    got = same_as_checked(xt.linalg.solve, x, y)
    if got[0] != "raised":
        identical(xt.linalg.solve(x, y), np.linalg.solve(a, b))
    if a.ndim == 2 and n:
        for rcond in (None, 0.5):
            got = same_as_checked(xt.linalg.lstsq, x, y, rcond=rcond)
            sol, res, rank, s = np.linalg.lstsq(a, b, rcond=rcond)
            assert got[0] == (sol.dtype, sol.shape, sol.tobytes())
            assert got[2][2] == np.int32(rank).tobytes()


def test_singular_and_not_positive_definite_keep_the_checked_errors():
    singular = xt.asarray([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(np.linalg.LinAlgError, match="inv: x is singular"):
        xt.linalg.inv(singular)
    with pytest.raises(np.linalg.LinAlgError, match="solve: x1 is singular"):
        xt.linalg.solve(singular, xt.asarray([1.0, 2.0]))
    with pytest.raises(np.linalg.LinAlgError, match="cholesky: x is not positive-definite"):
        xt.linalg.cholesky(xt.asarray([[1.0, 2.0], [2.0, 1.0]]))
    assert float(xt.linalg.det(singular)) == 0.0


def test_float32_results_stay_float32_and_overflow_like_numpy():
    a = np.diag(np.array([1e25, 1e25], dtype=np.float32))
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        det = xt.linalg.det(xt.asarray(a))
    with warnings.catch_warnings(record=True) as want:
        warnings.simplefilter("always")
        expected = np.linalg.det(a)
    identical(det, expected)
    assert [w.category for w in got] == [w.category for w in want]


@st.composite
def any_arrays(draw):
    ndim = draw(st.integers(0, 3))
    shape = tuple(draw(st.lists(st.integers(0, 5), min_size=ndim, max_size=ndim)))
    dtype = np.dtype(draw(st.sampled_from(LAPACK + WHOLE + ("float16",))))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    a = (rng.standard_normal(shape) * 4).astype(dtype)
    return a[::-1] if ndim and draw(st.booleans()) else a


@SETTINGS
@given(
    any_arrays(),
    st.sampled_from((0, 1, -1, 2, -3, 9)),
    st.sampled_from(((0, 1), (1, 0), (-1, -2), (0, 2))),
)
def test_trace_diagonal_diag_match_numpy_and_checked_path(a, offset, axes):
    x = xt.asarray(a)
    for func, args in (
        (xt.trace, (offset, *axes)),
        (xt.diagonal, (offset, *axes)),
        (xt.diag, (offset,)),
    ):
        got = same_as_checked(func, x, *args)
        try:
            want = getattr(np, func.__name__)(a, *args)
        except (ValueError, np.exceptions.AxisError):
            assert got[0] == "raised"
            continue
        identical(func(x, *args), want)
    same_as_checked(xt.linalg.trace, x, offset=offset)
    same_as_checked(xt.linalg.diagonal, x, offset=offset)


@SETTINGS
@given(any_arrays(), st.sampled_from((None, 0, -1, 1)), st.sampled_from((1, 2, 2.0)), st.booleans())
def test_vector_norm_matches_numpy_and_checked_path(a, axis, ord, keepdims):
    x = xt.asarray(a)
    got = same_as_checked(xt.linalg.vector_norm, x, axis=axis, ord=ord, keepdims=keepdims)
    if got[0] == "raised" or a.dtype.name not in LAPACK:
        return
    want = np.linalg.vector_norm(a, axis=axis, ord=ord, keepdims=keepdims)
    g = np.asarray(xt.linalg.vector_norm(x, axis=axis, ord=ord, keepdims=keepdims))
    assert (g.dtype, g.shape) == (want.dtype, want.shape)
    np.testing.assert_allclose(g, want, rtol=1e-5 if want.dtype == np.float32 else 1e-12)


@SETTINGS
@given(any_arrays(), st.booleans(), st.sampled_from(("fro", 1, -1, np.inf, -np.inf, 1.0)))
def test_matrix_norm_matches_numpy_and_checked_path(a, keepdims, ord):
    x = xt.asarray(a)
    got = same_as_checked(xt.linalg.matrix_norm, x, keepdims=keepdims, ord=ord)
    if got[0] == "raised" or a.dtype.name not in LAPACK:
        return
    want = np.linalg.matrix_norm(a, keepdims=keepdims, ord=ord)
    g = np.asarray(xt.linalg.matrix_norm(x, keepdims=keepdims, ord=ord))
    assert (g.dtype, g.shape) == (want.dtype, want.shape)
    np.testing.assert_allclose(g, want, rtol=1e-5 if want.dtype == np.float32 else 1e-12)


def test_norm_errors_are_the_checked_paths():
    x = xt.asarray([3.0, 4.0])
    with pytest.raises(ValueError, match="vector_norm"):
        xt.linalg.vector_norm(x, axis=1)
    with pytest.raises(ValueError, match="matrix_norm"):
        xt.linalg.matrix_norm(x)
    identical(xt.linalg.vector_norm(x), np.asarray(5.0))


@SETTINGS
@given(any_arrays(), any_arrays())
def test_outer_and_kron_match_numpy_and_checked_path(a, b):
    x, y = xt.asarray(a), xt.asarray(b)
    got = same_as_checked(xt.linalg.outer, x, y)
    if a.ndim == 1 and b.ndim == 1 and a.dtype == b.dtype:
        identical(xt.linalg.outer(x, y), np.outer(a, b))
    else:
        assert got[0] == "raised" or a.dtype != b.dtype
    same_as_checked(xt.kron, x, y)
    if a.dtype.kind in "biufc" and b.dtype.kind in "biufc":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            identical(xt.kron(x, y), np.kron(a, b))
