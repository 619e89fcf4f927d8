"""NumPy's inputs and positional parameters on linalg, fft and tensordot, against NumPy.

The standard says linalg inputs "should" be floating-point, so integer and bool matrices are
unspecified there, and xtensor does what NumPy does: compute in float64 (matrix_power keeps
integers for n >= 0). NumPy passes by position what the standard makes keyword-only
(`fft(a, n, axis, norm)`, `pinv(a, rcond)`, `tensordot(a, b, axes)`...): the same calls work.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_linalg import close, matrices

INTS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def _pairs(got, want):
    got = got if isinstance(got, tuple) else (got,)
    want = want if isinstance(want, tuple) else (want,)
    assert len(got) == len(want)
    return zip(got, want)


def _check(name: str, got, want, complex_result=False):
    for g, w in _pairs(got, want):
        w = np.asarray(w)
        if complex_result and w.dtype.kind == "f":  # eig/eigvals: always complex (README)
            w = w.astype(np.complex128)
        close(g, w, dtype="float64" if w.dtype.kind in "fc" else None)


SQUARE = ("det", "inv", "slogdet", "eigvalsh", "eigvals", "cond", "matrix_rank", "svdvals")
GENERAL = ("pinv", "norm", "matrix_norm", "vector_norm", "qr")


@pytest.mark.parametrize("name", SQUARE)
@given(a=matrices(dtypes=INTS, square=True, well_conditioned=True))
def test_integer_square_matrices_compute_in_float64(name, a):
    with np.errstate(all="ignore"):
        try:
            want = getattr(np.linalg, name)(a)
        except np.linalg.LinAlgError:  # cond of an empty matrix
            with pytest.raises(np.linalg.LinAlgError):
                getattr(xt.linalg, name)(xt.asarray(a))
            return
    _check(name, getattr(xt.linalg, name)(xt.asarray(a)), want, complex_result=name == "eigvals")


@pytest.mark.parametrize("name", GENERAL)
@given(a=matrices(dtypes=INTS))
def test_integer_matrices_compute_in_float64(name, a):
    with np.errstate(all="ignore"):
        want = getattr(np.linalg, name)(a)
    _check(name, getattr(xt.linalg, name)(xt.asarray(a)), want)


@given(a=matrices(dtypes=INTS, square=True, well_conditioned=True))
def test_integer_factorizations_match_numpy(a):
    x = xt.asarray(a)
    _check("eigh", xt.linalg.eigh(x).eigenvalues, np.linalg.eigh(a).eigenvalues)
    _check("svd", xt.linalg.svd(x, compute_uv=False), np.linalg.svd(a, compute_uv=False))
    u, s, vh = xt.linalg.svd(x)
    assert (u.dtype, s.dtype, vh.dtype) == (xt.float64,) * 3
    spd = a.astype(np.int64) @ np.swapaxes(a, -1, -2).astype(np.int64)
    spd += (a.shape[-1] * 50 + 1) * np.eye(a.shape[-1], dtype=np.int64)
    _check("cholesky", xt.linalg.cholesky(xt.asarray(spd)), np.linalg.cholesky(spd))


@given(a=matrices(dtypes=INTS, square=True, well_conditioned=True), data=st.data())
def test_integer_solvers_match_numpy(a, data):
    b_dtype = data.draw(st.sampled_from(("int64", "float32", "bool")), label="b dtype")
    b = np.arange(a.shape[-1] * 2).reshape(a.shape[-1], 2).astype(b_dtype)
    b = np.broadcast_to(b, a.shape[:-2] + b.shape).copy()
    _check("solve", xt.linalg.solve(xt.asarray(a), xt.asarray(b)), np.linalg.solve(a, b))
    if a.ndim == 2:
        got = xt.linalg.lstsq(xt.asarray(a), xt.asarray(b), None)
        _check("lstsq", got, np.linalg.lstsq(a, b, None))


@given(a=matrices(dtypes=INTS, square=True, well_conditioned=True), n=st.integers(-2, 3))
def test_matrix_power_keeps_integers_for_non_negative_n(a, n):
    got = xt.linalg.matrix_power(xt.asarray(a), n)
    want = np.linalg.matrix_power(a, n)
    _check("matrix_power", got, want)


def test_tensor_functions_and_multi_dot_take_integers():
    a = np.eye(6, dtype=np.int64).reshape(6, 2, 3) * 2
    _check("tensorinv", xt.linalg.tensorinv(xt.asarray(a), 1), np.linalg.tensorinv(a, 1))
    b = np.arange(6)
    _check(
        "tensorsolve",
        xt.linalg.tensorsolve(xt.asarray(a), xt.asarray(b)),
        np.linalg.tensorsolve(a, b),
    )
    m = [np.arange(4).reshape(2, 2) + i for i in range(3)]
    _check("multi_dot", xt.linalg.multi_dot([xt.asarray(v) for v in m]), np.linalg.multi_dot(m))


@pytest.mark.parametrize("name", SQUARE + GENERAL)
def test_bool_matrices_compute_in_float64(name):
    a = np.array([[[True, False], [True, True]], [[False, True], [True, False]]])
    _check(
        name,
        getattr(xt.linalg, name)(xt.asarray(a)),
        getattr(np.linalg, name)(a),
        complex_result=name == "eigvals",
    )


def test_floating_input_keeps_the_standards_dtypes():
    a = np.array([[2.0, 1.0], [1.0, 3.0]], dtype=np.float32)
    assert xt.linalg.inv(xt.asarray(a)).dtype == xt.float32
    assert xt.linalg.det(xt.asarray(a.astype(np.complex64))).dtype == xt.complex64
    assert xt.linalg.svdvals(xt.asarray(a)).dtype == xt.float32


# --- NumPy's positional parameters ------------------------------------------------------------


def _numpy_order(module_np, module_xt, name: str) -> None:
    """xtensor's parameters after the first come in NumPy's order, none keyword-only that
    NumPy passes by position."""
    P = inspect.Parameter
    want = [
        p.name
        for p in inspect.signature(getattr(module_np, name)).parameters.values()
        if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD) and p.name != "out"
    ]
    params = list(inspect.signature(getattr(module_xt, name)).parameters.values())
    got = [p for p in params if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    assert len(got) >= len(want), name
    for p, numpy_name in zip(got[1:], want[1:]):  # positional-only names are never passed
        assert p.kind is P.POSITIONAL_ONLY or p.name == numpy_name, (name, p.name, numpy_name)


FFT_NAMES = [n for n in np.fft.__all__ if n not in ("test",) and callable(getattr(np.fft, n))]


@pytest.mark.parametrize("name", FFT_NAMES)
def test_fft_parameters_are_positional_as_numpy(name):
    _numpy_order(np.fft, xt.fft, name)


@pytest.mark.parametrize(
    "name", ["norm", "pinv", "lstsq", "matrix_rank", "svd", "qr", "eigh", "eigvalsh", "cond"]
)
def test_linalg_parameters_are_positional_as_numpy(name):
    _numpy_order(np.linalg, xt.linalg, name)


def test_tensordot_axes_is_positional_as_numpy():
    _numpy_order(np, xt, "tensordot")
    a, b = np.arange(24).reshape(2, 3, 4), np.arange(12).reshape(4, 3)
    close(
        xt.tensordot(xt.asarray(a), xt.asarray(b), ([1, 2], [1, 0])),
        np.tensordot(a, b, ([1, 2], [1, 0])),
    )


@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
def test_positional_fft_calls_match_numpy(norm):
    x = np.arange(12.0).reshape(3, 4) - 5.5
    for name in ("fft", "ifft", "rfft", "hfft", "ihfft"):
        close(
            getattr(xt.fft, name)(xt.asarray(x), 6, 0, norm), getattr(np.fft, name)(x, 6, 0, norm)
        )
    for name in ("fftn", "ifftn", "rfftn", "fft2", "rfft2"):
        close(
            getattr(xt.fft, name)(xt.asarray(x), (4, 2), (1, 0), norm),
            getattr(np.fft, name)(x, (4, 2), (1, 0), norm),
        )
    close(
        xt.fft.irfft(xt.fft.rfft(xt.asarray(x)), 4, -1, norm),
        np.fft.irfft(np.fft.rfft(x), 4, -1, norm),
    )
    close(xt.fft.fftfreq(8, 0.25), np.fft.fftfreq(8, 0.25))
    close(xt.fft.rfftfreq(7, 0.5), np.fft.rfftfreq(7, 0.5))
    close(xt.fft.fftshift(xt.asarray(x), 1), np.fft.fftshift(x, 1))
    close(xt.fft.ifftshift(xt.asarray(x), (0,)), np.fft.ifftshift(x, (0,)))


def test_positional_linalg_calls_match_numpy():
    a = np.array([[4.0, 1.0, 2.0], [1.0, 3.0, 0.5], [2.0, 0.5, 5.0]])
    x = xt.asarray(a)
    close(xt.linalg.norm(x, 1, 0, True), np.linalg.norm(a, 1, 0, True))
    close(xt.linalg.pinv(x, 1e-3), np.linalg.pinv(a, 1e-3))
    close(xt.linalg.pinv(x, 1e-3, True), np.linalg.pinv(a, 1e-3, True))
    close(xt.linalg.matrix_rank(x, 2.5), np.linalg.matrix_rank(a, 2.5))
    close(xt.linalg.matrix_rank(x, None, True), np.linalg.matrix_rank(a, None, True))
    close(xt.linalg.svd(x, False, False), np.linalg.svd(a, False, False))
    close(xt.linalg.svd(x, True, False, True), np.linalg.svd(a, True, False, True))
    close(xt.linalg.qr(x, "r"), np.linalg.qr(a, "r"))
    upper = np.triu(a)  # only the upper triangle is read with "U"
    close(xt.linalg.eigvalsh(xt.asarray(upper), "U"), np.linalg.eigvalsh(upper, "U"))
    close(xt.linalg.eigh(xt.asarray(upper), "U")[0], np.linalg.eigh(upper, "U")[0])
