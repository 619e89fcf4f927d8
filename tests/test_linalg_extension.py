"""The xtensor.linalg extension against NumPy: values, the standard's dtypes (float32 stays
float32, eig is always complex), named-tuple results, stacks with 0-size batches, and errors.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_linalg import INEXACT, arrays, close, matrices

L = xt.linalg
STANDARD = (
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
)


def test_all_standard_functions_present():
    missing = [name for name in STANDARD if not callable(getattr(L, name, None))]
    assert missing == []
    assert L.LinAlgError is np.linalg.LinAlgError and issubclass(L.LinAlgError, ValueError)


def _oracle(xt_fn, np_fn, *arrays_):
    """Run both; NumPy's LinAlgError must be ours too. Returns (xt, np) results or None."""
    try:
        want = np_fn(*arrays_)
    except np.linalg.LinAlgError:
        with pytest.raises(L.LinAlgError):
            xt_fn(*(xt.asarray(a) for a in arrays_))
        return None
    except ValueError:  # e.g. a min-norm of an empty matrix: no identity to return
        with pytest.raises(ValueError):
            xt_fn(*(xt.asarray(a) for a in arrays_))
        return None
    return xt_fn(*(xt.asarray(a) for a in arrays_)), want


@pytest.mark.parametrize("name", ["inv", "det", "eigvalsh", "svdvals", "cholesky"])
@given(data=st.data())
def test_single_result_functions(name, data):
    a = data.draw(matrices(square=name != "svdvals", well_conditioned=name != "svdvals"))
    if name in ("eigvalsh", "cholesky"):
        a = (a + a.conj().swapaxes(-1, -2)) / 2  # Hermitian (and positive-definite: dominant)
    pair = _oracle(getattr(L, name), getattr(np.linalg, name), a)
    if pair:
        close(*pair, dtype=a.dtype)


@given(matrices(square=True, well_conditioned=True))
def test_slogdet_and_named_tuples(a):
    got = L.slogdet(xt.asarray(a))
    assert type(got).__name__ == "SlogdetResult" and got.sign is got[0]
    want = np.linalg.slogdet(a)
    close(got.sign, want.sign, a.dtype)
    close(got.logabsdet, want.logabsdet, a.dtype)


@given(matrices(square=True))
def test_eigh_reconstructs(a):
    a = (a + a.conj().swapaxes(-1, -2)) / 2
    w, v = L.eigh(xt.asarray(a))
    assert w.dtype == xt.asarray(a.real).dtype and v.dtype == xt.asarray(a).dtype
    close(w, np.linalg.eigvalsh(a), a.dtype)
    wn, vn = np.asarray(w), np.asarray(v)
    close(xt.asarray((vn * wn[..., None, :]) @ vn.conj().swapaxes(-1, -2)), a, a.dtype)


@given(matrices(square=True))
def test_eig_is_always_complex(a):
    w, v = L.eig(xt.asarray(a))
    cdt = np.result_type(a.dtype, np.complex64)
    assert np.asarray(w).dtype == cdt and np.asarray(v).dtype == cdt
    assert np.asarray(L.eigvals(xt.asarray(a))).dtype == cdt
    wn, vn = np.asarray(w), np.asarray(v)
    close(xt.asarray(a.astype(cdt) @ vn), vn * wn[..., None, :], a.dtype)


@given(matrices(), st.booleans())
def test_svd_reconstructs(a, full):
    u, s, vh = L.svd(xt.asarray(a), full_matrices=full)
    want_u, want_s, want_vh = np.linalg.svd(a, full_matrices=full)
    assert (u.shape, s.shape, vh.shape) == (want_u.shape, want_s.shape, want_vh.shape)
    close(s, want_s, a.dtype)
    k = s.shape[-1]
    un, vn = np.asarray(u)[..., :k], np.asarray(vh)[..., :k, :]
    close(xt.asarray((un * np.asarray(s)[..., None, :]) @ vn), a, a.dtype)


@given(matrices(), st.sampled_from(["reduced", "complete"]))
def test_qr_reconstructs(a, mode):
    q, r = L.qr(xt.asarray(a), mode=mode)
    want_q, want_r = np.linalg.qr(a, mode=mode)
    assert q.shape == want_q.shape and r.shape == want_r.shape
    assert np.asarray(q).dtype == a.dtype
    close(xt.asarray(np.asarray(q) @ np.asarray(r)), a, a.dtype)
    assert np.all(np.asarray(r) == np.triu(np.asarray(r)))


@given(matrices(square=True, well_conditioned=True), st.booleans(), st.data())
def test_solve_matches_numpy(a, vector, data):
    m = a.shape[-1]
    shape = (m,) if vector else data.draw(st.sampled_from([(), (1,)])) + (m, 2)
    b = data.draw(arrays(data.draw(st.sampled_from(INEXACT)), shape))
    pair = _oracle(L.solve, np.linalg.solve, a, b)
    if pair:
        close(*pair, dtype=np.result_type(a, b))


@given(matrices(), st.sampled_from([None, 0.1, 1e-3]))
def test_pinv_and_matrix_rank(a, rtol):
    got = L.pinv(xt.asarray(a), rtol=rtol)
    close(got, np.linalg.pinv(a, rtol=rtol), a.dtype)
    assert_rank = np.linalg.matrix_rank(a, rtol=rtol) if a.size else np.zeros(a.shape[:-2], int)
    np.testing.assert_array_equal(np.asarray(L.matrix_rank(xt.asarray(a), rtol=rtol)), assert_rank)


@given(matrices(square=True, well_conditioned=True), st.integers(-3, 4))
def test_matrix_power(a, n):
    pair = _oracle(lambda x: L.matrix_power(x, n), lambda x: np.linalg.matrix_power(x, n), a)
    if pair:
        close(*pair, dtype=a.dtype)


@given(st.sampled_from(INEXACT), st.data())
def test_vector_norm(dtype, data):
    a = data.draw(arrays(dtype, (2, 3, 4)))
    axis = data.draw(st.sampled_from([None, 0, -1, (0, 2), (1, -1)]))
    ord = data.draw(st.sampled_from([2, 1, 0, -1, -2, 3, 0.5, math.inf, -math.inf]))
    keepdims = data.draw(st.booleans())
    got = L.vector_norm(xt.asarray(a), axis=axis, ord=ord, keepdims=keepdims)
    close(got, np.linalg.vector_norm(a, axis=axis, ord=ord, keepdims=keepdims), dtype)


@given(
    matrices(), st.sampled_from(["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]), st.booleans()
)
def test_matrix_norm(a, ord, keepdims):
    pair = _oracle(
        lambda x: L.matrix_norm(x, ord=ord, keepdims=keepdims),
        lambda x: np.linalg.matrix_norm(x, ord=ord, keepdims=keepdims),
        a,
    )
    if pair:
        close(*pair, dtype=a.dtype)


@given(st.sampled_from(("int16", "uint8", "int64", "float32", "complex128")), st.data())
def test_cross_outer_diagonal_trace(dtype, data):
    a, b = data.draw(arrays(dtype, (2, 3))), data.draw(arrays(dtype, (1, 3)))
    close(L.cross(xt.asarray(a), xt.asarray(b)), np.cross(a, b))
    close(L.outer(xt.asarray(a[0]), xt.asarray(b[0])), np.outer(a[0], b[0]))
    offset = data.draw(st.integers(-4, 4))
    close(L.diagonal(xt.asarray(a), offset=offset), np.linalg.diagonal(a, offset=offset))
    acc = {"i": np.int64, "u": np.uint64}.get(a.dtype.kind, a.dtype)
    close(L.trace(xt.asarray(a), offset=offset), np.trace(a, offset, -2, -1, dtype=acc))


def test_numpy_names():
    a = np.array([[4.0, 1.0], [2.0, 3.0]])
    close(L.norm(xt.asarray(a)), np.linalg.norm(a))
    close(L.norm(xt.asarray([[3, 4]]), axis=1), np.linalg.norm(np.array([[3, 4]]), axis=1))
    close(L.cond(xt.asarray(a)), np.linalg.cond(a))
    close(L.multi_dot([xt.asarray(a)] * 3), np.linalg.multi_dot([a] * 3))
    close(L.lstsq(xt.asarray(a), xt.asarray([1.0, 2.0]))[0], np.linalg.lstsq(a, [1.0, 2.0])[0])


@pytest.mark.parametrize(
    "name",
    ["inv", "det", "cholesky", "eigh", "svd", "qr", "slogdet", "vector_norm", "matrix_norm"]
    + ["pinv"],
)
def test_integer_input_computes_in_float64_as_numpy(name):
    """The standard leaves integer input unspecified ("should" be floating); NumPy converts it
    to float64 (tests/test_numpy_linalg_ints.py compares every function)."""
    a = np.array([[2, 1], [1, 2]])
    got, want = getattr(L, name)(xt.asarray(a)), getattr(np.linalg, name)(a)
    got, want = (v if isinstance(v, tuple) else (v,) for v in (got, want))
    for g, w in zip(got, want):
        close(g, w)
        assert g.dtype == xt.float64


def test_shape_and_value_errors():
    sq = xt.asarray([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(L.LinAlgError, match=r"inv: x is singular"):
        L.inv(sq)
    with pytest.raises(L.LinAlgError, match=r"solve: x1 is singular"):
        L.solve(sq, xt.ones(2))
    with pytest.raises(L.LinAlgError, match=r"cholesky: x is not positive-definite"):
        L.cholesky(xt.asarray([[1.0, 2.0], [2.0, 1.0]]))
    with pytest.raises(L.LinAlgError, match=r"det: x must be a square matrix .* \(2, 3\)"):
        L.det(xt.ones((2, 3)))
    with pytest.raises(L.LinAlgError, match=r"svd: x must have at least 2 dimensions"):
        L.svd(xt.ones(3))
    with pytest.raises(ValueError, match=r"solve: x1 has shape \(2, 2\) but x2 has shape"):
        L.solve(xt.eye(2), xt.ones(3))
    with pytest.raises(ValueError, match="cross: x1 and x2 must have size 3 along axis -1"):
        L.cross(xt.ones(3), xt.ones(2))
    with pytest.raises(ValueError, match="outer: x1 must be 1-dimensional"):
        L.outer(xt.ones((2, 2)), xt.ones(2))
    with pytest.raises(ValueError, match="vector_norm: axis 3 is out of range"):
        L.vector_norm(xt.ones((2, 2)), axis=3)
    with pytest.raises(ValueError, match="matrix_norm: ord must be one of"):
        L.matrix_norm(xt.ones((2, 2)), ord=3)
    with pytest.raises(ValueError, match="qr: mode must be one of"):
        L.qr(xt.ones((2, 2)), mode="fully")


@given(matrices(square=True, well_conditioned=True))
def test_cholesky_upper(a):
    a = (a + a.conj().swapaxes(-1, -2)) / 2
    pair = _oracle(
        lambda x: L.cholesky(x, upper=True), lambda x: np.linalg.cholesky(x, upper=True), a
    )
    if pair:
        close(*pair, dtype=a.dtype)
