"""Matrix decompositions: cholesky, eigh, eigvalsh, eig, eigvals, qr, svd, svdvals.

All take a matrix or a stack of them with a floating-point dtype, run the device's LAPACK
routine over the whole stack, and return the standard's named tuples in the standard's dtypes
(float32 stays float32; eigenvalues of eig are always complex).
"""

from __future__ import annotations

import warnings
from typing import Literal, overload

import numpy as np

from .._array import Array, wrap
from .._core import dtypes as _dtypes
from .._dispatch.host_only import numpy_for_subclass
from .._linear_algebra import dtype_of
from .._typing import ArrayLike
from ._common import (
    COMPLEX_OF,
    COMPUTE_OF,
    REAL_OF,
    SQUARE_SIGNATURES,
    EighResult,
    EigResult,
    LinAlgError,
    QRResult,
    SVDResult,
    as_dtype,
    floating,
    gufunc,
    lapack,
    linalg_module,
    matrices,
    plain,
    run_lapack,
    signatures,
)

# np.linalg's gufunc signatures (see Note [LAPACK gufuncs])
_SQUARE = SQUARE_SIGNATURES
_EIGH = signatures("d->dd", "D->dD")
_VALUES = signatures("d->d", "D->d")
_QR = signatures("dd->d", "DD->D")
_SVD = signatures("d->ddd", "D->DdD")
_EIGH_FNS = {
    "L": (gufunc("eigh_lo"), gufunc("eigvalsh_lo")),
    "U": (gufunc("eigh_up"), gufunc("eigvalsh_up")),
}
_CHOLESKY, _SVDVALS, _SVD_FULL, _SVD_REDUCED = map(gufunc, ("cholesky_lo", "svd", "svd_f", "svd_s"))
_QR_RAW, _QR_COMPLETE, _QR_REDUCED = map(gufunc, ("qr_r_raw", "qr_complete", "qr_reduced"))


def cholesky(x: ArrayLike, /, *, upper: bool = False) -> Array:
    """Lower (or, with upper=True, upper) Cholesky factor of Hermitian positive-definite
    matrices, read from the lower (upper) triangle as NumPy reads them; LinAlgError when a
    matrix is not positive-definite. The upper factor is the lower one of x's conjugate
    transpose, conjugate-transposed: its lower triangle is x's upper one."""
    if (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        try:
            low = run_lapack(_CHOLESKY, _SQUARE[data.dtype], _adjoint(data) if upper else data)
        except LinAlgError:
            pass
        else:
            low = low.astype(data.dtype, copy=False)
            return wrap(_adjoint(low) if upper else low)
    if (r := numpy_for_subclass("linalg.cholesky", x, upper=upper)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(floating(x, "cholesky"), "cholesky", square=True)
    dt = dtype_of(data)
    solve = linalg_module(data).cholesky
    low = lapack("cholesky", "x is not positive-definite", solve, _adjoint(data) if upper else data)
    return wrap(as_dtype(_adjoint(low) if upper else low, dt))


def _adjoint(data):
    """The conjugate transpose of a stack of matrices (a view for real data)."""
    t = data.swapaxes(-1, -2)
    return t.conj() if data.dtype.kind == "c" else t


def eigh(x: ArrayLike, /, UPLO: Literal["L", "U"] = "L") -> EighResult:
    """Eigenvalues (ascending, real) and eigenvectors of Hermitian or real symmetric matrices,
    read from the lower triangle (NumPy's UPLO="U": the upper one)."""
    fns = _EIGH_FNS.get(UPLO) if type(UPLO) is str else None  # NumPy's UPLO.upper() aside
    if fns and (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        dt = data.dtype
        try:
            w, v = run_lapack(fns[0], _EIGH[dt], data)
        except LinAlgError:
            pass
        else:
            w, v = w.astype(REAL_OF[dt], copy=False), v.astype(dt, copy=False)
            return EighResult(wrap(w), wrap(v))
    if (r := numpy_for_subclass("linalg.eigh", x, UPLO)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(floating(x, "eigh"), "eigh", square=True)
    dt = dtype_of(data)
    w, v = lapack(
        "eigh",
        "the eigenvalue computation did not converge",
        linalg_module(data).eigh,
        data,
        UPLO=UPLO,
    )
    return EighResult(wrap(as_dtype(w, _dtypes.real_dtype(dt))), wrap(as_dtype(v, dt)))


def eigvalsh(x: ArrayLike, /, UPLO: Literal["L", "U"] = "L") -> Array:
    """Eigenvalues (ascending, real) of Hermitian or real symmetric matrices; `UPLO` as in
    `eigh`."""
    fns = _EIGH_FNS.get(UPLO) if type(UPLO) is str else None  # NumPy's UPLO.upper() aside
    if fns and (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        try:
            w = run_lapack(fns[1], _VALUES[data.dtype], data)
        except LinAlgError:
            pass
        else:
            return wrap(w.astype(REAL_OF[data.dtype], copy=False))
    data = matrices(floating(x, "eigvalsh"), "eigvalsh", square=True)
    w = lapack(
        "eigvalsh",
        "the eigenvalue computation did not converge",
        linalg_module(data).eigvalsh,
        data,
        UPLO=UPLO,
    )
    return wrap(as_dtype(w, _dtypes.real_dtype(dtype_of(data))))


def eig(x: ArrayLike, /) -> EigResult:
    """Eigenvalues and right eigenvectors of general square matrices, always complex
    (complex64 for float32 input), unlike NumPy, which returns real arrays when it can."""
    if (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        try:
            w, v = np.linalg.eig(data)
        except LinAlgError:
            pass
        else:
            c = COMPLEX_OF[data.dtype]
            return EigResult(wrap(w.astype(c, copy=False)), wrap(v.astype(c, copy=False)))
    if (r := numpy_for_subclass("linalg.eig", x)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(floating(x, "eig"), "eig", square=True)
    cdt = _dtypes.complex_dtype(dtype_of(data))
    w, v = lapack(
        "eig", "the eigenvalue computation did not converge", linalg_module(data).eig, data
    )
    return EigResult(wrap(as_dtype(w, cdt)), wrap(as_dtype(v, cdt)))


def eigvals(x: ArrayLike, /) -> Array:
    """Eigenvalues of general square matrices, always complex."""
    if (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        try:
            return wrap(np.linalg.eigvals(data).astype(COMPLEX_OF[data.dtype], copy=False))
        except LinAlgError:
            pass
    data = matrices(floating(x, "eigvals"), "eigvals", square=True)
    cdt = _dtypes.complex_dtype(dtype_of(data))
    w = lapack(
        "eigvals", "the eigenvalue computation did not converge", linalg_module(data).eigvals, data
    )
    return wrap(as_dtype(w, cdt))


_QR_MODES = ("reduced", "complete", "r")
_NUMPY_QR_MODES = ("raw", "full", "f", "economic", "e")  # 'raw': (h, tau); the rest deprecated


@overload
def qr(x: ArrayLike, /, mode: Literal["reduced", "complete"] = "reduced") -> QRResult: ...
@overload
def qr(x: ArrayLike, /, mode: Literal["r"]) -> Array: ...


def qr(x: ArrayLike, /, mode: str = "reduced") -> QRResult | Array:
    """QR factorization: named tuple (Q, R). mode 'reduced' or 'complete' (the standard's), or
    NumPy's 'r' (R alone)."""
    plain_mode = type(mode) is str and mode in _QR_MODES
    if plain_mode and (data := plain(x, square=False)) is not None:  # Note [Plain linalg calls]
        try:
            result = _plain_qr(data, mode)
        except LinAlgError:
            pass
        else:
            return wrap(result) if mode == "r" else QRResult(wrap(result[0]), wrap(result[1]))
    if (r := numpy_for_subclass("linalg.qr", x, mode)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(floating(x, "qr"), "qr")
    if mode in _NUMPY_QR_MODES and type(data) is np.ndarray:  # NumPy's own
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            out = lapack("qr", "the factorization failed", np.linalg.qr, data, mode=mode)
        for w in caught:  # NumPy's DeprecationWarning, at the caller's line
            warnings.warn(w.message, w.category, stacklevel=2)
        return tuple(map(wrap, out)) if isinstance(out, tuple) else wrap(out)
    if mode not in _QR_MODES:
        raise ValueError(f"qr: mode must be one of {', '.join(map(repr, _QR_MODES))}; got {mode!r}")
    dt = dtype_of(data)
    result = lapack("qr", "the factorization failed", linalg_module(data).qr, data, mode=mode)
    if mode == "r":
        return wrap(as_dtype(result, dt))
    q, r = result
    return QRResult(wrap(as_dtype(q, dt)), wrap(as_dtype(r, dt)))


def _plain_qr(data, mode: str):
    """np.linalg.qr(data, mode) for plain `data` and the standard's modes or 'r', in NumPy's
    steps (see Note [LAPACK gufuncs]): R alone for 'r', else (Q, R)."""
    dt = data.dtype
    a = data.astype(COMPUTE_OF[dt], copy=True)  # overwritten by LAPACK's reflectors
    tau = run_lapack(_QR_RAW, _SQUARE[dt], a)
    m, n = a.shape[-2:]
    if mode == "r":
        return np.triu(a[..., : min(m, n), :]).astype(dt, copy=False)
    complete = mode == "complete" and m > n
    q = run_lapack(_QR_COMPLETE if complete else _QR_REDUCED, _QR[dt], a, tau)
    r = np.triu(a[..., : m if complete else min(m, n), :])
    return q.astype(dt, copy=False), r.astype(dt, copy=False)


@overload
def svd(
    x: ArrayLike,
    /,
    full_matrices: bool = True,
    compute_uv: Literal[True] = True,
    hermitian: bool = False,
) -> SVDResult: ...
@overload
def svd(
    x: ArrayLike, /, full_matrices: bool, compute_uv: Literal[False], hermitian: bool = False
) -> Array: ...
@overload
def svd(
    x: ArrayLike,
    /,
    full_matrices: bool = True,
    *,
    compute_uv: Literal[False],
    hermitian: bool = False,
) -> Array: ...


def svd(
    x: ArrayLike, /, full_matrices: bool = True, compute_uv: bool = True, hermitian: bool = False
) -> SVDResult | Array:
    """Singular value decomposition: named tuple (U, S, Vh), S descending and real.
    NumPy's compute_uv=False returns S alone; its hermitian=True computes the SVD of a
    Hermitian x from its eigendecomposition, as NumPy does."""
    simple = compute_uv is True and hermitian is False and type(full_matrices) is bool
    if simple and (data := plain(x, square=False)) is not None:  # Note [Plain linalg calls]
        dt = data.dtype
        try:
            u, s, vh = run_lapack(_SVD_FULL if full_matrices else _SVD_REDUCED, _SVD[dt], data)
        except LinAlgError:
            pass
        else:
            u, vh = u.astype(dt, copy=False), vh.astype(dt, copy=False)
            return SVDResult(wrap(u), wrap(s.astype(REAL_OF[dt], copy=False)), wrap(vh))
    r = numpy_for_subclass("linalg.svd", x, full_matrices, compute_uv, hermitian)
    if r is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(floating(x, "svd"), "svd")
    dt = dtype_of(data)
    real = _dtypes.real_dtype(dt)
    fn = linalg_module(data).svd
    extra = {"hermitian": True} if hermitian else {}  # CuPy's svd lacks the keyword
    if not compute_uv:
        s = lapack("svd", "the SVD did not converge", fn, data, compute_uv=False, **extra)
        return wrap(as_dtype(s, real))
    u, s, vh = lapack(
        "svd", "the SVD did not converge", fn, data, full_matrices=bool(full_matrices), **extra
    )
    return SVDResult(wrap(as_dtype(u, dt)), wrap(as_dtype(s, real)), wrap(as_dtype(vh, dt)))


def svdvals(x: ArrayLike, /) -> Array:
    """Singular values of each matrix, descending, in the real dtype of x's precision."""
    if (data := plain(x, square=False)) is not None:  # see Note [Plain linalg calls]
        try:
            s = run_lapack(_SVDVALS, _VALUES[data.dtype], data)
        except LinAlgError:
            pass
        else:
            return wrap(s.astype(REAL_OF[data.dtype], copy=False))
    data = matrices(floating(x, "svdvals"), "svdvals")
    s = lapack(
        "svdvals", "the SVD did not converge", linalg_module(data).svd, data, compute_uv=False
    )
    return wrap(as_dtype(s, _dtypes.real_dtype(dtype_of(data))))


__all__ = ["cholesky", "eigh", "eigvalsh", "eig", "eigvals", "qr", "svd", "svdvals"]
