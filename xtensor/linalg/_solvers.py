"""Inverses, solvers and determinants: inv, solve, det, slogdet, pinv, matrix_power,
matrix_rank, and NumPy's lstsq, tensorinv, tensorsolve.

Singular matrices raise LinAlgError (never a matrix of garbage); pinv and matrix_rank are
computed here from the SVD, so `rtol` follows the standard (default max(M, N) * eps).
"""

from __future__ import annotations

import numpy as np

from .._array import Array, backing, made_as_array, wrap
from .._core import dtypes as _dtypes
from .._dispatch import backend_of
from .._dispatch.host_only import numpy_for_subclass
from .._linear_algebra import broadcast_stacks, cast_to_common, dtype_of, index_int, same_device
from .._manipulation_operands import SEQUENCES, listed, listed_all
from .._typing import ArrayLike
from ._common import (
    REAL_OF,
    SQUARE_SIGNATURES,
    LinAlgError,
    SlogdetResult,
    as_dtype,
    as_floating,
    default_rtol,
    floating,
    gufunc,
    lapack,
    linalg_module,
    matrices,
    plain,
    plain_pair,
    plain_power,
    plain_rtol,
    run_lapack,
    signatures,
)

# np.linalg's gufunc signatures (see Note [LAPACK gufuncs])
_SQUARE = SQUARE_SIGNATURES
_SOLVE = signatures("dd->d", "DD->D")
_SLOGDET = signatures("d->dd", "D->Dd")
_LSTSQ = signatures("ddd->ddid", "DDd->Ddid")
_INV, _SOLVE1, _SOLVE_STACK = gufunc("inv"), gufunc("solve1"), gufunc("solve")
_DET, _SLOGDET_FN, _LSTSQ_FN = gufunc("det"), gufunc("slogdet"), gufunc("lstsq")


def inv(a: ArrayLike) -> Array:
    """Inverse of each square matrix; LinAlgError when one is singular. (The standard's
    positional-only x, under NumPy's name.)

    >>> import xtensor as xp
    >>> xp.linalg.inv(xp.asarray([[2.0, 0.0], [0.0, 4.0]]))
    array([[0.5 , 0.  ],
           [0.  , 0.25]])
    """
    x = a
    if (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        try:
            out = run_lapack(_INV, _SQUARE[data.dtype], data)
        except LinAlgError:
            pass
        else:
            return wrap(out.astype(data.dtype, copy=False))
    if type(x) in SEQUENCES and (y := listed(x)) is not None:
        return inv(y)  # Note [List operands] (`_manipulation_operands`): read as `floating` does
    if (r := numpy_for_subclass("linalg.inv", x)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(floating(x, "inv"), "inv", square=True)
    out = lapack("inv", "x is singular (not invertible)", linalg_module(data).inv, data)
    return wrap(as_dtype(out, dtype_of(data)))


def solve(a: ArrayLike, b: ArrayLike) -> Array:
    """Solve a @ X = b (the standard's x1 and x2, under NumPy's names). A 1-D b of shape
    (M,) is one vector for every matrix in a; otherwise b is a stack of (M, K) matrices
    broadcast against a's stack."""
    x1, x2 = a, b
    if (pair := plain_pair(x1, x2)) is not None:  # see Note [Plain linalg calls]
        a, b = pair
        m = a.shape[-1]
        if a.shape[-2] == m and b.shape[-1 if b.ndim == 1 else -2] == m:
            fn = _SOLVE1 if b.ndim == 1 else _SOLVE_STACK
            try:  # NumPy's ValueError: stacks that do not broadcast, or a singular x1
                out = run_lapack(fn, _SOLVE[a.dtype], a, b)
            except ValueError:
                pass
            else:
                return wrap(out.astype(a.dtype, copy=False))
    if type(x1) in SEQUENCES or type(x2) in SEQUENCES:  # Note [List operands], as above
        if (pair := listed_all((x1, x2))) is not None:
            return solve(*pair)
    if (r := numpy_for_subclass("linalg.solve", x1, x2)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    a = matrices(floating(x1, "solve", "x1"), "solve", "x1", square=True)
    b = floating(x2, "solve", "x2")
    same_device("solve", a, b)
    m = a.shape[-1]
    if b.ndim == 0:
        raise ValueError("solve: x2 must have at least 1 dimension; got a 0-d array")
    rows = b.shape[0] if b.ndim == 1 else b.shape[-2]
    if rows != m:
        raise ValueError(
            f"solve: x1 has shape {a.shape} but x2 has shape {b.shape}; x2 needs "
            f"{m} rows to match x1's {m}x{m} matrices"
        )
    if b.ndim >= 2:
        broadcast_stacks("solve", a.shape[:-2], b.shape[:-2], a.shape, b.shape)
    a, b = cast_to_common("solve", a, b)
    module = linalg_module(a)
    if module is not np.linalg:  # CuPy's solve broadcasts neither a vector nor the stacks
        return wrap(as_dtype(_solve_broadcast(module, a, b), dtype_of(a)))
    out = lapack("solve", "x1 is singular", module.solve, a, b)
    return wrap(as_dtype(out, dtype_of(a)))


def _solve_broadcast(module, a, b):
    """solve(a, b) with NumPy 2's broadcasting done first: a 1-d b is one column for every
    matrix, and the stacks of a and of b broadcast against each other."""
    xp = backend_of(a).xp
    vector = b.ndim == 1
    if vector:
        b = b[:, None]
    stack = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    # real copies, not zero-stride views: the batched solver steps through the memory
    a, b = (_spread(xp, m, stack + m.shape[-2:]) for m in (a, b))
    if a.size == 0 or b.size == 0:  # nothing to solve (CuPy's batching divides by the size)
        out = xp.empty(b.shape, b.dtype)
    else:
        out = lapack("solve", "x1 is singular", module.solve, a, b)
    return out[..., 0] if vector else out


def _spread(xp, m, shape: tuple):
    return m if m.shape == shape else xp.ascontiguousarray(xp.broadcast_to(m, shape))


def det(x: ArrayLike, /) -> Array:
    """Determinant of each square matrix (1 for a 0x0 matrix)."""
    if (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        try:  # np.linalg.det sets no error state
            out = np.asarray(_DET(data, signature=_SQUARE[data.dtype]))
        except LinAlgError:
            pass
        else:
            return wrap(out.astype(data.dtype, copy=False))
    if type(x) in SEQUENCES and (y := listed(x)) is not None:
        return det(y)  # Note [List operands] (`_manipulation_operands`): read as `floating` does
    data = matrices(floating(x, "det"), "det", square=True)
    out = lapack("det", "the LU factorization failed", linalg_module(data).det, data)
    return wrap(as_dtype(out, dtype_of(data)))


def slogdet(x: ArrayLike, /) -> SlogdetResult:
    """Sign and natural log of the absolute determinant: named tuple (sign, logabsdet)."""
    if (data := plain(x)) is not None:  # see Note [Plain linalg calls]
        dt = data.dtype
        try:  # np.linalg.slogdet sets no error state
            sign, logabs = _SLOGDET_FN(data, signature=_SLOGDET[dt])
        except LinAlgError:
            pass
        else:
            sign = np.asarray(sign).astype(dt, copy=False)
            logabs = np.asarray(logabs).astype(REAL_OF[dt], copy=False)
            return SlogdetResult(wrap(sign), wrap(logabs))
    data = matrices(floating(x, "slogdet"), "slogdet", square=True)
    dt = dtype_of(data)
    sign, logabs = lapack(
        "slogdet", "the LU factorization failed", linalg_module(data).slogdet, data
    )
    return SlogdetResult(wrap(as_dtype(sign, dt)), wrap(as_dtype(logabs, _dtypes.real_dtype(dt))))


def pinv(
    x: ArrayLike,
    /,
    rcond: float | Array | None = None,
    hermitian: bool = False,
    *,
    rtol: float | Array | None = None,
) -> Array:
    """Moore-Penrose pseudo-inverse from the SVD; singular values at or below
    rtol * largest are dropped. `rcond` is NumPy's name for rtol; NumPy's hermitian=True
    takes the SVD of a Hermitian x from its eigendecomposition."""
    if (hermitian is False or hermitian is True) and (data := plain(x, square=False)) is not None:
        # see Note [Plain linalg calls]: the arithmetic below, of a stack of non-empty matrices
        scale = plain_rtol(data, rcond if rtol is None else rtol)
        if data.size and scale is not None:
            try:
                u, s, vh = np.linalg.svd(data, full_matrices=False, hermitian=hermitian)
            except LinAlgError:
                pass
            else:  # a cutoff of at least 0 (or NaN) keeps no zero: 1 / s divides by none
                large = s > scale * np.maximum.reduce(s, -1, keepdims=True)
                s_inv = np.divide(1, s, out=np.zeros(s.shape, s.dtype), where=large)
                return wrap(_pinv(np, u, s_inv, vh))
    kw = {"rcond": rcond} if rtol is None else {"rtol": rtol}
    if (r := numpy_for_subclass("linalg.pinv", x, hermitian=hermitian, **kw)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    given = backing(x, "pinv", "x", scalars=False)
    data = matrices(as_floating(given), "pinv")
    dt = dtype_of(data)
    xp = backend_of(data).xp
    if rtol is None and rcond is not None:
        rtol = rcond
    tol = default_rtol(data, rtol, "pinv")
    *stack, m, n = data.shape
    if min(m, n) == 0:  # NumPy keeps the input's dtype here, integers included
        return wrap(xp.zeros((*stack, n, m), dtype=given.dtype))
    if 0 in stack:  # no matrices: CuPy's svd of an empty stack answers in NumPy arrays
        return wrap(as_dtype(xp.zeros((*stack, n, m), dtype=data.dtype), dt))
    extra = {"hermitian": True} if hermitian else {}  # CuPy's svd lacks the keyword
    u, s, vh = lapack(
        "pinv", "the SVD did not converge", xp.linalg.svd, data, full_matrices=False, **extra
    )
    cutoff = tol[..., None] * s.max(axis=-1, keepdims=True)
    with np.errstate(divide="ignore"):
        s_inv = xp.where(s > cutoff, 1 / xp.where(s == 0, 1, s), 0).astype(s.dtype)
    return wrap(as_dtype(_pinv(xp, u, s_inv, vh), dt))


def _pinv(xp, u, s_inv, vh):
    """pinv from the SVD u, s, vh of x, given s_inv: 1 / s where s is kept, else 0."""
    return xp.matmul(vh.conj().swapaxes(-1, -2) * s_inv[..., None, :], u.conj().swapaxes(-1, -2))


def matrix_rank(
    x: ArrayLike,
    /,
    tol: float | Array | None = None,
    hermitian: bool = False,
    *,
    rtol: float | Array | None = None,
) -> Array | int:
    """Number of singular values above rtol * largest (default rtol: max(M, N) * eps), or
    above the absolute `tol` (NumPy's keyword). Integer input is accepted, as in NumPy;
    NumPy's hermitian=True takes the singular values as |eigenvalues|."""
    if (hermitian is False or hermitian is True) and (data := plain(x, square=False)) is not None:
        # see Note [Plain linalg calls]: the arithmetic below, of a stack of non-empty matrices
        if tol is None:
            scale = plain_rtol(data, rtol)  # of the largest singular value
        else:  # an absolute tol: compared as float64, as its array is below
            scale = np.float64(tol) if type(tol) is float else None
        if data.size and scale is not None:
            try:
                if hermitian:
                    s = np.abs(np.linalg.eigvalsh(data))
                else:
                    s = np.linalg.svd(data, compute_uv=False)
            except LinAlgError:
                pass
            else:
                if tol is None:
                    scale = scale * np.maximum.reduce(s, -1, keepdims=True)
                # count_nonzero(b, axis) is b.sum(axis, dtype=np.intp)
                rank = np.add.reduce(s > scale, -1, np.intp)
                return wrap(np.asarray(rank, dtype=np.int64))
    data = backing(x, "matrix_rank", "x", scalars=False)
    xp = backend_of(data).xp
    if data.ndim < 2:  # NumPy's Python int: a vector has rank 1 unless it is all zeros
        return int(xp.any(data != 0))
    if dtype_of(data) not in _dtypes.FLOATING:
        data = data.astype(np.float64)
    *stack, m, n = data.shape
    if min(m, n) == 0:
        return wrap(xp.zeros(tuple(stack), dtype=np.int64))
    if hermitian:
        s = xp.abs(lapack("matrix_rank", "eigvalsh did not converge", xp.linalg.eigvalsh, data))
    else:
        s = lapack("matrix_rank", "the SVD did not converge", xp.linalg.svd, data, compute_uv=False)
    if tol is not None:
        cutoff = xp.asarray(tol)[..., None]
    else:
        cutoff = default_rtol(data, rtol, "matrix_rank")[..., None] * s.max(-1, keepdims=True)
    return wrap(xp.asarray(xp.count_nonzero(s > cutoff, axis=-1), dtype=np.int64))


def matrix_power(a: ArrayLike, n: int) -> Array:
    """a raised to the integer power n by repeated squaring; n = 0 gives identity matrices.
    n < 0 inverts first, so integer a gives float64 there, as in NumPy (n >= 0 keeps it)."""
    x = a  # the standard's name, positional-only there
    if type(n) is int and (data := plain_power(x, n)) is not None:  # Note [Plain linalg calls]
        if n == 2:
            return wrap(np.matmul(data, data))
        if n == 3:
            return wrap(np.matmul(np.matmul(data, data), data))
        try:  # a singular x for n < 0
            return wrap(np.linalg.inv(data) if n == -1 else np.linalg.matrix_power(data, n))
        except LinAlgError:
            pass
    if (r := numpy_for_subclass("linalg.matrix_power", x, n)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    data = matrices(backing(x, "matrix_power", "x", scalars=False), "matrix_power", square=True)
    n = index_int(n, "matrix_power", "n")
    dt = dtype_of(data)
    if n < 0 and dt not in _dtypes.FLOATING:  # the inverse of integers is float64 (NumPy)
        data = as_floating(data)
        dt = dtype_of(data)
    out = lapack(
        "matrix_power",
        "x is singular, so it has no negative powers",
        linalg_module(data).matrix_power,
        data,
        n,
    )
    return wrap(as_dtype(out, dt))


# --- NumPy names ---------------------------------------------------------------------------


def lstsq(
    a: ArrayLike, b: ArrayLike, rcond: float | None = None
) -> tuple[Array, Array, Array, Array]:
    """NumPy's least-squares solver: (solution, residuals, rank, singular values)."""
    if isinstance(rcond, Array):  # `rcond=eps * n`: NumPy's scalar, as a Python float
        rcond = float(rcond)
    if (pair := plain_pair(a, b)) is not None:  # see Note [Plain linalg calls]
        try:  # NumPy's ValueError: shapes that do not fit, or no convergence
            sol, res, rank, sv = _plain_lstsq(*pair, rcond)
        except ValueError:
            pass
        else:
            return (wrap(sol), wrap(res), wrap(np.asarray(rank, dtype=np.int32)), wrap(sv))
    if (r := numpy_for_subclass("linalg.lstsq", a, b, rcond)) is not NotImplemented:
        return r  # a matrix: NumPy's answer, a matrix where NumPy's is
    x1 = matrices(floating(a, "lstsq", "a"), "lstsq", "a")
    x2 = floating(b, "lstsq", "b")
    same_device("lstsq", x1, x2)
    x1, x2 = cast_to_common("lstsq", x1, x2)
    xp = backend_of(x1).xp
    sol, res, rank, sv = lapack(
        "lstsq", "the SVD did not converge", xp.linalg.lstsq, x1, x2, rcond=rcond
    )
    # NumPy's rank is an int32 (LAPACK's integer); keep its dtype so scripts print the same.
    return (wrap(sol), wrap(res), wrap(xp.asarray(rank, dtype=np.int32)), wrap(sv))


def _plain_lstsq(a, b, rcond):
    """np.linalg.lstsq(a, b, rcond) for plain a and b of one dtype (see Note [LAPACK
    gufuncs]): its steps for a matrix with rows and a vector or a matrix with columns for b,
    NumPy's own call for the rest (which it special-cases or refuses)."""
    m, n = a.shape[-2:]
    if rcond is None:  # NumPy's default: the double-precision eps, whatever the dtype
        rcond = _EPS64 * max(n, m)
    vector = b.ndim == 1
    fits = a.ndim == 2 and b.ndim <= 2 and m and b.shape[0] == m and (vector or b.shape[1])
    if not fits or type(rcond) is not float:
        return np.linalg.lstsq(a, b, rcond=rcond)
    dt = a.dtype
    x, residuals, rank, s = run_lapack(_LSTSQ_FN, _LSTSQ[dt], a, b[:, None] if vector else b, rcond)
    if vector:
        x = x.squeeze(axis=-1)
    real = REAL_OF[dt]
    if rank != n or m <= n:  # as NumPy documents: no residuals then
        residuals = np.array([], real)
    s, residuals = s.astype(real, copy=False), residuals.astype(real, copy=False)
    return x.astype(dt, copy=True), residuals, rank, s


_EPS64 = float(np.finfo(np.float64).eps)


def tensorinv(a: ArrayLike, ind: int = 2) -> Array:
    """NumPy's tensorinv: the inverse of `a` seen as a matrix of its first `ind` axes."""
    data = floating(a, "tensorinv", "a")
    ind = index_int(ind, "tensorinv", "ind")
    try:
        out = lapack("tensorinv", "a is singular", linalg_module(data).tensorinv, data, ind=ind)
    except ValueError as e:
        if isinstance(e, np.linalg.LinAlgError):
            raise
        raise ValueError(f"tensorinv: {e}") from None
    return wrap(as_dtype(out, dtype_of(data)))


def tensorsolve(a: ArrayLike, b: ArrayLike, axes: tuple[int, ...] | None = None) -> Array:
    """NumPy's tensorsolve: x with tensordot(a, x, x.ndim) == b."""
    x1, x2 = floating(a, "tensorsolve", "a"), floating(b, "tensorsolve", "b")
    same_device("tensorsolve", x1, x2)
    x1, x2 = cast_to_common("tensorsolve", x1, x2)
    out = lapack("tensorsolve", "a is singular", linalg_module(x1).tensorsolve, x1, x2, axes=axes)
    return made_as_array(wrap(as_dtype(out, dtype_of(x1))))  # (NumPy's 0-d is an ndarray)


__all__ = ["inv", "solve", "det", "slogdet", "pinv", "matrix_rank", "matrix_power"]
NUMPY_NAMES = ["lstsq", "tensorinv", "tensorsolve"]
