"""The first branches of linalg (pinv, matrix_rank and matrix_power too), einsum, fft,
diagonal/trace/diag, copy and the weighted statistics on CPU Arrays (Note [Plain linalg calls]
in `xtensor/linalg/_common.py`) against NumPy: the same values bit for bit where xtensor makes
NumPy's call, and the checked path's answers (forced by a list operand or a wrapper that is not
an exact Array) everywhere. Calls outside the branches
(singular matrices, wrong dimensions, float16, the meta device) keep the checked path's errors.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays
from tests.test_fast_calls_shape import assert_branch_taken
from xtensor import _linear_algebra
from xtensor.linalg import _solvers

SETTINGS = settings(max_examples=20, deadline=None)
LAPACK = ("float32", "float64", "complex64", "complex128")


def identical(got, want) -> None:
    """`got` (xtensor) holds NumPy's `want` exactly: dtype, shape and bits."""
    assert type(got) is xt.Array, f"expected an xtensor Array, got {type(got)}"
    g, w = np.asarray(got), np.asarray(want)
    assert g.dtype == w.dtype, f"dtype {g.dtype} != {w.dtype}"
    assert g.shape == w.shape, f"shape {g.shape} != {w.shape}"
    assert g.tobytes() == np.ascontiguousarray(w).tobytes()


def checked(func, *args, **kwargs):
    """`func` on the checked path: a subclass instance is not an exact Array, so no first
    branch takes it (and the checked path reads it as the Array it is)."""

    class Other(xt.Array):
        __slots__ = ()

    def other(v):
        if type(v) is not xt.Array:
            return v
        o = object.__new__(Other)
        o._data = v._data
        return o

    return func(*map(other, args), **kwargs)


def _matrices(dtypes, square=True, max_side=4):
    @st.composite
    def draw(draw_):
        n = draw_(st.integers(0, max_side))
        m = n if square else draw_(st.integers(0, max_side))
        stack = draw_(st.sampled_from(((), (2,), (0,), (1, 3))))
        dtype = draw_(st.sampled_from(dtypes))
        return draw_(arrays(dtype, (*stack, n, m), finite=True))

    return draw()


class Raised(tuple):
    """An outcome that is an error: (class, message)."""


def _outcome(call):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            out = call()
        except Exception as e:  # noqa: BLE001 - the error is the outcome compared
            return Raised((type(e), str(e))), [str(w.message) for w in seen]
    return out, [str(w.message) for w in seen]


def same_outcome(fast, slow) -> None:
    """Both calls give identical results (tuples item by item), or the same error."""
    (got, got_warned), (want, want_warned) = _outcome(fast), _outcome(slow)
    assert got_warned == want_warned
    if type(want) is Raised or type(got) is Raised:
        assert got == want
        return
    if isinstance(want, tuple):
        assert type(got) is type(want)  # the named tuples (EighResult, SVDResult...)
        for g, w in zip(got, want, strict=True):
            identical(g, np.asarray(w))
    else:
        identical(got, np.asarray(want))


# --- linalg ----------------------------------------------------------------------------------

ONE_MATRIX = ["inv", "det", "slogdet", "eigh", "eigvalsh", "eig", "eigvals", "cholesky"]


@pytest.mark.parametrize("name", ONE_MATRIX)
@SETTINGS
@given(a=_matrices((*LAPACK, "int64", "bool")))
def test_square_matrix_functions(name, a):
    x = xt.asarray(a)
    func = getattr(xt.linalg, name)
    same_outcome(lambda: func(x), lambda: checked(func, x))
    if name in ("inv", "det") and a.dtype.kind in "fc":  # NumPy's own function answers
        out = _outcome(lambda: getattr(np.linalg, name)(a))[0]
        if type(out) is not Raised:
            identical(func(x), out)


@pytest.mark.parametrize("name", ["svd", "svdvals", "qr"])
@SETTINGS
@given(a=_matrices(LAPACK + ("int8",), square=False), flag=st.booleans())
def test_rectangular_matrix_functions(name, a, flag):
    x = xt.asarray(a)
    func = getattr(xt.linalg, name)
    options = {
        "svd": {"full_matrices": flag},
        "svdvals": {},
        "qr": {"mode": "complete" if flag else "reduced"},
    }[name]
    same_outcome(lambda: func(x, **options), lambda: checked(func, x, **options))
    if name == "svd" and a.dtype.kind in "fc":
        u, s, vh = np.linalg.svd(a, full_matrices=flag)
        got = func(x, **options)
        assert type(got) is xt.linalg.SVDResult
        for g, w in zip(got, (u, s, vh)):
            identical(g, w)


@pytest.mark.parametrize("name", ["solve", "lstsq"])
@SETTINGS
@given(
    a=_matrices(("float32", "float64", "complex128", "int64"), max_side=3),
    vector=st.booleans(),
    other=st.sampled_from((None, "float64", "float32")),
)
def test_two_operand_functions(name, a, vector, other):
    if name == "lstsq":  # NumPy's lstsq takes one matrix: the stack's rows, stacked
        a = a.reshape(-1, a.shape[-1]) if a.shape[-1] else np.zeros((2, 2), a.dtype)
    n = a.shape[-2]
    b = np.arange(2 * n, dtype=other or a.dtype)[: n if vector else None]
    b = b if vector else b.reshape(n, 2)
    x, y = xt.asarray(a), xt.asarray(b)
    func = getattr(xt.linalg, name)
    same_outcome(lambda: func(x, y), lambda: checked(func, x, y))


def test_named_tuples_and_singular_errors():
    eye = xt.eye(3, dtype=xt.float32)
    assert type(xt.linalg.eigh(eye)) is xt.linalg.EighResult
    assert type(xt.linalg.qr(eye)) is xt.linalg.QRResult
    assert type(xt.linalg.slogdet(eye)) is xt.linalg.SlogdetResult
    assert xt.linalg.eigh(eye).eigenvalues.dtype == xt.float32
    assert xt.linalg.eig(eye).eigenvalues.dtype == xt.complex64  # always complex
    assert xt.linalg.det(xt.eye(2, dtype=xt.int64)).dtype == xt.float64
    sol, res, rank, sv = xt.linalg.lstsq(xt.eye(3), xt.ones(3))
    assert rank.dtype == xt.int32 and sv.dtype == xt.float64
    singular = xt.ones((3, 3))
    cases = [
        (lambda: xt.linalg.inv(singular), "inv: x is singular"),
        (lambda: xt.linalg.solve(singular, xt.ones(3)), "solve: x1 is singular"),
        (lambda: xt.linalg.cholesky(-xt.eye(2)), "cholesky: x is not positive-definite"),
        (lambda: xt.linalg.inv(xt.ones(3)), "inv: x must have at least 2 dimensions"),
        (lambda: xt.linalg.det(xt.ones((2, 3))), "det: x must be a square matrix"),
        (lambda: xt.linalg.solve(xt.eye(2), xt.ones(3)), "solve: x1 has shape"),
        (lambda: xt.linalg.qr(xt.eye(2), mode="bogus"), "qr: mode must be one of"),
    ]
    for call, message in cases:
        with pytest.raises(np.linalg.LinAlgError if "singular" in message else ValueError) as e:
            call()
        assert message in str(e.value)
    with pytest.raises(ValueError, match="stack dimensions"):
        xt.linalg.solve(xt.ones((2, 3, 3)) + xt.eye(3), xt.ones((4, 3, 1)))
    with pytest.raises(TypeError):  # float16: NumPy's LAPACK refuses it, on the checked path
        xt.linalg.inv(xt.eye(2, dtype=xt.float16))


def test_lists_and_meta_take_the_checked_path():
    identical(xt.linalg.inv([[2.0, 0.0], [0.0, 4.0]]), np.linalg.inv([[2.0, 0.0], [0.0, 4.0]]))
    identical(xt.linalg.solve([[2.0, 0], [0, 2.0]], [1.0, 2.0]), np.asarray([0.5, 1.0]))
    meta = xt.ones((2, 3, 3), device="meta")
    for got, shape in (
        (xt.linalg.trace(meta), (2,)),
        (xt.linalg.diagonal(meta), (2, 3)),
        (xt.trace(meta), (3,)),
    ):
        assert got.device == "meta" and got.shape == shape
    for call in (xt.linalg.inv, xt.linalg.det, xt.copy, xt.fft.fft):
        with pytest.raises(NotImplementedError, match="not supported on the meta device"):
            call(meta)


# --- diagonal, trace, diag, copy -------------------------------------------------------------

NUMERIC = ("bool", "int8", "uint8", "int64", "float16", "float32", "float64", "complex128")


@SETTINGS
@given(
    a=_matrices(NUMERIC, square=False),
    offset=st.sampled_from((0, 1, -1, 3, -(2**40), 2**40)),
    axes=st.sampled_from(((0, 1), (1, 0), (-1, -2), (0, -1))),
)
def test_diagonal_and_trace(a, offset, axes):
    x = xt.asarray(a)
    for func, call in (
        (xt.diagonal, lambda f, v: f(v, offset, *axes)),
        (xt.trace, lambda f, v: f(v, offset, *axes)),
        (xt.linalg.diagonal, lambda f, v: f(v, offset=offset)),
        (xt.linalg.trace, lambda f, v: f(v, offset=offset)),
    ):
        same_outcome(lambda f=func, c=call: c(f, x), lambda f=func, c=call: checked(c, f, x))
    if axes == (0, 1):  # the method: its C twin's `x.diagonal(offset)` as the function's
        same_outcome(
            lambda: x.diagonal(offset), lambda: checked(lambda f, v: f(v, offset), xt.diagonal, x)
        )
    if offset == 0 and axes == (0, 1):
        identical(xt.diagonal(x), np.diagonal(a))
        if a.dtype.kind in "iu":  # integer sums do not depend on the order
            identical(xt.trace(x), np.trace(a))


def _of(dtypes, shapes, finite=False):
    """A NumPy array of one of `dtypes` and one of `shapes` (views included)."""
    pairs = st.tuples(st.sampled_from(dtypes), st.sampled_from(shapes))
    return pairs.flatmap(lambda ds: arrays(*ds, finite=finite))


@SETTINGS
@given(v=_of(NUMERIC, ((0,), (1,), (3,), (5,))), k=st.integers(-3, 3))
def test_diag(v, k):
    x = xt.asarray(v)
    identical(xt.diag(x, k), np.diag(v, k))
    same_outcome(lambda: xt.diag(x, k), lambda: checked(xt.diag, x, k))
    square = xt.asarray(np.diag(v, k))
    identical(xt.diag(square, k), np.diag(np.diag(v, k), k))


@SETTINGS
@given(a=st.sampled_from(NUMERIC).flatmap(arrays), order=st.sampled_from(("K", "C", "F", "A")))
def test_copy(a, order):
    x = xt.asarray(a)
    got, want = xt.copy(x, order=order), np.copy(a, order=order)
    identical(got, want)
    assert np.asarray(got).strides == want.strides
    assert np.asarray(got).strides == np.asarray(checked(xt.copy, x, order=order)).strides


def test_trace_sums_quietly_as_sum_does():
    big = xt.asarray(np.diag([1e308, 1e308]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert float(xt.trace(big)) == np.inf  # no overflow warning, as xt.sum gives none


# --- fft ---------------------------------------------------------------------------------------

FFTS = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]


@pytest.mark.parametrize("name", FFTS)
@SETTINGS
@given(
    a=_of(("int64", *LAPACK), ((5,), (8,), (2, 6), (3, 1, 4))),
    n=st.sampled_from((None, 1, 4, 9)),
    axis=st.sampled_from((-1, 0)),
    norm=st.sampled_from((None, "backward", "ortho", "forward")),
)
def test_one_axis_transforms(name, a, n, axis, norm):
    x = xt.asarray(a)
    func = getattr(xt.fft, name)
    same_outcome(
        lambda: func(x, n=n, axis=axis, norm=norm),
        lambda: checked(func, x, n=n, axis=axis, norm=norm),
    )
    if a.dtype.kind == "c" and name in ("fft", "ifft"):  # NumPy's own call
        identical(func(x, n=n, axis=axis, norm=norm), getattr(np.fft, name)(a, n, axis, norm))


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
@pytest.mark.parametrize("n", [1, 2, 7, 10])
@pytest.mark.parametrize("d", [1.0, 0.25, 3])
def test_frequencies(name, n, d):
    identical(getattr(xt.fft, name)(n, d), getattr(np.fft, name)(n, d))
    got = getattr(xt.fft, name)(n, d, dtype=xt.float32)  # the checked path
    identical(got, getattr(np.fft, name)(n, d).astype(np.float32))


def test_fft_errors_stay_the_checked_paths():
    for call, error, match in (
        (lambda: xt.fft.fft(xt.ones(4), norm="bogus"), ValueError, "norm"),
        (lambda: xt.fft.fft(xt.ones(4), n=0), ValueError, "n must be at least 1"),
        (lambda: xt.fft.fft(xt.ones(4), axis=3), Exception, "fft"),
        (lambda: xt.fft.irfft(xt.ones(1, dtype=xt.complex128)), ValueError, "empty output"),
        (lambda: xt.fft.rfft(xt.ones(4, dtype=xt.complex64)), TypeError, "rfft"),
        (lambda: xt.fft.fftfreq(0), ZeroDivisionError, "fftfreq"),
        (lambda: xt.fft.fftfreq(True), TypeError, "bool"),
    ):
        with pytest.raises(error, match=match):
            call()


# --- weighted statistics -------------------------------------------------------------------------


@SETTINGS
@given(
    a=_of(("int64", "float32", "float64", "complex128"), ((1,), (6,), (2, 3)), finite=True),
    w_dtype=st.sampled_from(("int64", "float64")),
)
def test_average_cov_corrcoef(a, w_dtype):
    x, w = xt.asarray(a), xt.asarray(np.arange(1, a.size + 1, dtype=w_dtype).reshape(a.shape))
    y = xt.asarray(np.linspace(-1, 2, a.size).reshape(a.shape))
    calls = [
        (lambda: xt.average(x, weights=w), lambda: np.average(a, weights=np.asarray(w))),
        (lambda: xt.cov(x, y), lambda: np.cov(a, np.asarray(y))),
        (lambda: xt.corrcoef(x, y), lambda: np.corrcoef(a, np.asarray(y))),
        (lambda: xt.cov(x), lambda: np.cov(a)),
    ]
    for axis in range(-a.ndim, a.ndim):  # weights of a's shape, or 1-d along the axis
        along = np.arange(1, a.shape[axis] + 1, dtype=w_dtype)
        for weights in (np.asarray(w), along):
            calls.append(
                (
                    lambda k=axis, v=weights: xt.average(x, k, weights=xt.asarray(v)),
                    lambda k=axis, v=weights: np.average(a, k, weights=v),
                )
            )
    for xt_call, np_call in calls:
        (got, got_warned), (want, want_warned) = _outcome(xt_call), _outcome(np_call)
        assert got_warned == want_warned
        identical(got, want)
    same_outcome(lambda: xt.average(x, weights=w), lambda: checked(xt.average, x, weights=w))
    along = xt.asarray(np.arange(a.shape[-1]) - (a.shape[-1] - 1) / 2)  # sums to zero
    same_outcome(
        lambda: xt.average(x, -1, weights=along), lambda: checked(xt.average, x, -1, weights=along)
    )


def test_statistics_errors_stay_the_checked_paths():
    with pytest.raises(ZeroDivisionError, match="average: Weights sum to zero"):
        xt.average(xt.ones(3), weights=xt.zeros(3))
    with pytest.raises(TypeError, match="average"):
        xt.average(xt.ones(3), weights=xt.ones(2))
    with pytest.raises(ValueError, match="cov"):
        xt.cov(xt.ones((2, 2, 2)))


# --- pinv, matrix_rank, matrix_power -----------------------------------------------------------

TOLERANCES = (None, 0.0, 0.25, 1e-20, -1.0, 2)  # -1.0 and 2 (an int) are the checked path's


@SETTINGS
@given(
    a=_matrices((*LAPACK, "int64", "bool"), square=False),
    tol=st.sampled_from(TOLERANCES),
    hermitian=st.booleans(),
)
def test_pinv_and_matrix_rank(a, tol, hermitian):
    x = xt.asarray(a)
    pinv, rank = xt.linalg.pinv, xt.linalg.matrix_rank
    for func, options in (
        (pinv, {"rtol": tol, "hermitian": hermitian}),
        (pinv, {"rcond": tol}),
        (rank, {"rtol": tol, "hermitian": hermitian}),
        (rank, {"tol": tol}),
    ):
        same_outcome(
            lambda f=func, o=options: f(x, **o), lambda f=func, o=options: checked(f, x, **o)
        )
    if a.dtype.kind in "fc" and a.size:  # the rank NumPy counts, under the same default rtol
        identical(rank(x), np.asarray(np.linalg.matrix_rank(a, rtol=None), dtype=np.int64))


@pytest.mark.parametrize("dtype", LAPACK)
@pytest.mark.parametrize("shape", [(3, 3), (2, 5), (5, 2), (2, 3, 4)])
def test_pinv_is_numpy_s_with_the_standard_s_rtol(dtype, shape):
    """NumPy's pinv of well-conditioned matrices, to rounding: NumPy multiplies in another
    order, so the last bits may differ (the checked path is the reference for those)."""
    rng = np.random.default_rng(sum(shape))
    a = (rng.standard_normal(shape) + np.eye(*shape[-2:])).astype(dtype)
    if a.dtype.kind == "c":
        a = a + 1j * rng.standard_normal(shape).astype(dtype)
    got = xt.linalg.pinv(xt.asarray(a))
    np.testing.assert_allclose(np.asarray(got), np.linalg.pinv(a, rtol=None), rtol=1e-4, atol=1e-5)
    assert got.dtype == a.dtype
    identical(got, np.asarray(checked(xt.linalg.pinv, xt.asarray(a))))


@SETTINGS
@given(
    a=_matrices((*LAPACK, "int8", "int64", "uint8", "bool", "float16"), max_side=3),
    n=st.sampled_from((-3, -2, -1, 0, 1, 2, 3, 4, 7)),
)
def test_matrix_power(a, n):
    x = xt.asarray(a)
    same_outcome(
        lambda: xt.linalg.matrix_power(x, n), lambda: checked(xt.linalg.matrix_power, x, n)
    )
    want = _outcome(lambda: np.linalg.matrix_power(a if n >= 0 else a.astype(np.float64), n))[0]
    if type(want) is not Raised and (n >= 0 or a.dtype in (np.float64, np.int64)):
        identical(xt.linalg.matrix_power(x, n), want)  # NumPy's own answer, bit for bit
    if n == 1 and a.size:  # NumPy hands back its operand: a view of x, as on the checked path
        assert np.shares_memory(np.asarray(xt.linalg.matrix_power(x, n)), a)


def test_pinv_rank_power_errors_stay_the_checked_paths():
    singular = xt.ones((3, 3))
    with pytest.raises(np.linalg.LinAlgError, match="matrix_power: x is singular"):
        xt.linalg.matrix_power(singular, -1)
    with pytest.raises(np.linalg.LinAlgError, match="matrix_power: x must be a square matrix"):
        xt.linalg.matrix_power(xt.ones((2, 3)), 2)
    with pytest.raises(TypeError, match="matrix_power: n must be an integer; got bool"):
        xt.linalg.matrix_power(xt.eye(2), True)
    with pytest.raises(np.linalg.LinAlgError, match="pinv: the SVD did not converge"):
        xt.linalg.pinv(xt.asarray([[np.nan, 1.0], [1.0, 1.0]]))
    with pytest.raises(TypeError, match="pinv: rtol must be a float"):
        xt.linalg.pinv(xt.eye(2), rtol="x")
    with pytest.raises(TypeError, match="matrix_rank: rtol has dtype int64"):
        xt.linalg.matrix_rank(xt.eye(2), rtol=xt.asarray(1))
    assert xt.linalg.pinv(xt.zeros((0, 3), dtype=xt.int64)).dtype == xt.int64  # NumPy's rule
    rank = xt.linalg.matrix_rank(xt.ones(3))  # a vector, the checked path: NumPy's Python int
    assert type(rank) is int and rank == np.linalg.matrix_rank(np.ones(3)) == 1


def test_einsum_of_one_and_three_operands_is_numpy_s():
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((3, 3)), rng.standard_normal((3, 3))
    x, y = xt.asarray(a), xt.asarray(b)
    for subscripts, ops in (("ii", (a,)), ("ij->ji", (a,)), ("ij,jk,kl", (a, b, a))):
        got = xt.einsum(subscripts, *[xt.asarray(o) for o in ops])
        identical(got, np.einsum(subscripts, *ops))
    assert np.shares_memory(np.asarray(xt.einsum("ij->ji", x)), a)  # NumPy's view
    with pytest.raises(ValueError, match="einsum: operands could not be broadcast"):
        xt.einsum("i,i,i", xt.ones(3), xt.ones(2), xt.ones(3))
    assert xt.einsum("i,i,i", x[0], y[0], x.astype(xt.float32)[0]).dtype == xt.float64


# Each branch, proved taken: the checked path's first step raises while the call runs.
X33 = xt.asarray(np.arange(9.0).reshape(3, 3) + np.eye(3))
BRANCHES = [
    (_solvers, "backing", lambda: xt.linalg.pinv(X33)),
    (_solvers, "backing", lambda: xt.linalg.pinv(X33, rtol=0.5, hermitian=True)),
    (_solvers, "backing", lambda: xt.linalg.matrix_rank(X33)),
    (_solvers, "backing", lambda: xt.linalg.matrix_rank(X33, tol=0.5)),
    (_solvers, "backing", lambda: xt.linalg.matrix_rank(X33.astype(xt.int8))),
    *[
        (_solvers, "backing", lambda n=n: xt.linalg.matrix_power(X33, n))
        for n in (-2, -1, 0, 2, 3, 5)
    ],
    (_solvers, "backing", lambda: xt.linalg.matrix_power(X33.astype(xt.int8), 3)),
    (_linear_algebra, "backing", lambda: xt.einsum("ij->ji", X33)),
    (_linear_algebra, "backing", lambda: xt.einsum("ij,jk,kl", X33, X33, X33)),
]


@pytest.mark.parametrize("index", range(len(BRANCHES)))
def test_first_branches_are_taken(index, monkeypatch):
    assert_branch_taken(*BRANCHES[index], monkeypatch)
