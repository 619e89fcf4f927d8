"""NumPy's matrix helpers in its main namespace: diag, diagonal, trace and cross, with NumPy's
argument order and axis keywords, over `xtensor.linalg`'s functions (which always use the
last axes); kron (the device's own routine), einsum_path (NumPy's planner, which reads
only the operands' shapes), and matvec/vecmat (NumPy 2.2's stacked matrix-vector products,
over `matmul`).
"""

from __future__ import annotations

import operator
import warnings
from typing import Any

import numpy as np

from ._array import Array, _new, wrap
from ._core.axes import normalize_axis
from ._creation import zeros
from ._data_types import isdtype
from ._dispatch.compiled import compiled, gufunc_like
from ._dispatch.reduction import _FP_IGNORE, _FP_STATE, SMALL, quietly, relayed
from ._elementwise import conj
from ._linear_algebra import gufunc_options, matmul
from ._manipulation import concat, moveaxis, reshape
from ._manipulation_operands import READABLE, listed, listed_data
from ._numpy_helpers import as_array
from ._numpy_ondevice import call, operand, result
from ._numpy_run import numpy_errors
from ._statistical import sum
from ._statistical_keywords import _numpy_form
from ._typing import ArrayLike, DTypeLike
from .linalg import cross as _linalg_cross
from .linalg import diagonal as _linalg_diagonal
from .linalg._common import MATMUL_DTYPES
from .linalg._products import ACCUMULATE, plain_cross, plain_diagonal


def diag(v: ArrayLike, k: int = 0) -> Array:
    """The k-th diagonal of a 2-D array, or a 2-D array with 1-D `v` on its k-th diagonal."""
    t = type(v)  # a CPU Array's buffer, or a list read as the checked path reads it
    d = v._data if t is Array else listed_data(v) if t is list or t is tuple else None
    if type(k) is int and type(d) is np.ndarray:
        if d.ndim == 2 and t is Array:
            return wrap(plain_diagonal(v, k, 0, 1))  # NumPy's read-only view (`diagonal`)
        if d.ndim == 1 and d.dtype.kind in "biufc":  # the steps below, on the buffers
            n = d.shape[0]
            m = n + (k if k >= 0 else -k)
            out = np.zeros((m, m), dtype=d.dtype)
            start = k if k >= 0 else -k * m
            out.ravel()[start : start + (n - 1) * (m + 1) + 1 : m + 1] = d  # a view: C order
            return wrap(out)
    if type(v) in READABLE and (y := listed(v)) is not None:
        return diag(y, k)  # Note [List operands]
    v = as_array(v, "diag", "v")
    k = operator.index(k)
    if v.ndim == 2:
        return diagonal(v, k)
    if v.ndim != 1:
        raise ValueError(f"diag: v must be 1- or 2-dimensional; got shape {v.shape}")
    n = v.shape[0]
    m = n + (k if k >= 0 else -k)
    flat = zeros((m * m,), dtype=v.dtype, device=v.device)
    start = k if k >= 0 else -k * m
    if n:
        # the k-th diagonal of an m x m matrix is every (m + 1)-th element from `start`
        flat[start : start + (n - 1) * (m + 1) + 1 : m + 1] = v
    return reshape(flat, (m, m))


def diagonal(a: ArrayLike, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Array:
    """The diagonal of the `axis1`/`axis2` planes, as a new last axis (NumPy's argument order;
    `linalg.diagonal` always uses the last two axes). On the CPU it is NumPy's read-only view
    of `a`, as there; on a GPU a copy (CuPy's view would be writeable)."""
    if (out := plain_diagonal(a, offset, axis1, axis2)) is not None:
        return wrap(out)
    if type(a) in READABLE and (y := listed(a)) is not None:
        return diagonal(y, offset, axis1, axis2)  # Note [List operands]
    x = as_array(a, "diagonal")
    if x.ndim < 2:
        raise ValueError(f"diagonal: a must have at least 2 dimensions; got shape {x.shape}")
    ax1 = normalize_axis(axis1, x.ndim, "diagonal", "axis1")
    ax2 = normalize_axis(axis2, x.ndim, "diagonal", "axis2")
    if ax1 == ax2:
        raise ValueError(f"diagonal: axis1 and axis2 must differ; both are {ax1}")
    offset = operator.index(offset)
    if type(data := x._data) is np.ndarray:  # past the edge: the clamped offset's empty view
        offset = max(-data.shape[ax1], min(data.shape[ax2], offset))
        return wrap(data.diagonal(offset, ax1, ax2))
    return _linalg_diagonal(moveaxis(x, (ax1, ax2), (-2, -1)), offset=offset)


def trace(
    a: ArrayLike,
    offset: int = 0,
    axis1: int = 0,
    axis2: int = 1,
    dtype: DTypeLike | None = None,
    out: Array | None = None,
) -> Array:
    """Sum along the diagonal of the `axis1`/`axis2` planes (see `diagonal`); NumPy's `out`
    (cast to unsafely, as NumPy's sums cast) is filled and returned."""
    if out is not None:
        options = {"offset": offset, "axis1": axis1, "axis2": axis2, "dtype": dtype}
        return _numpy_form("trace", a, out, **options)
    if dtype is None and (r := small_trace(a, offset, axis1, axis2)) is not None:
        return r
    if type(a) in READABLE and (y := listed(a)) is not None:
        return trace(y, offset, axis1, axis2, dtype)  # read as `diagonal` reads it
    return sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


def small_trace(a, offset, axis1, axis2) -> Array | None:
    """`trace(a, offset, axis1, axis2)`'s answer for a small numeric CPU Array and Python int
    arguments (the checked path's values, without its frames); else None. `x.trace()` calls
    it first too."""
    if type(a) is not Array or type(offset) is not int:
        return None
    data = a._data
    if type(data) is not _NDARRAY or type(axis1) is not int or type(axis2) is not int:
        return None
    try:  # plain_diagonal's view: NumPy's errors (ndim < 2, equal axes) are the checked path's
        diag = data.diagonal(offset, axis1, axis2)
    except (ValueError, OverflowError):
        return None
    dt = diag.dtype
    kind = dt.kind
    if kind not in "biufc" or not 0 < diag.size < SMALL:  # (`sum` gives its own empty results)
        return None
    # `sum`'s one call, quiet, on the diagonal's copy below (its small calls run whole). One
    # diagonal is summed as its copy would be: pairwise, at any stride, into a 0-d array
    # (NumPy's scalar answer made one, as asarray would: a new array of that dtype).
    acc = ACCUMULATE.get(kind, dt)
    if diag.ndim > 1:
        diag, into = diag.copy(), None
    else:
        into = _EMPTY((), acc)
    if _FP_STATE is None:
        total = quietly(_ADD, diag, -1, acc, into)
    else:
        token = _FP_STATE.set(_FP_IGNORE)  # quietly(), inlined
        try:
            total = _ADD(diag, -1, acc, into)
        finally:
            _FP_STATE.reset(token)
    r = _new(Array)  # wrap(), inlined
    r._data = total
    return r


_NDARRAY, _EMPTY = np.ndarray, np.empty


def cross(
    a: ArrayLike,
    b: ArrayLike,
    axisa: int = -1,
    axisb: int = -1,
    axisc: int = -1,
    axis: int | None = None,
) -> Array:
    """Cross products of 3-vectors along `axisa`/`axisb` (or `axis`), placed on `axisc`.

    2-vectors, which NumPy 2 still takes with a DeprecationWarning, are read as 3-vectors with
    a zero third element; when both operands are 2-vectors the result is the z component
    alone (no vector axis), as in NumPy."""
    if axis is not None:
        axisa = axisb = axisc = axis
    if type(axisa) is type(axisb) is type(axisc) is int and axisa == axisb == axisc == -1:
        if (out := plain_cross(a, b)) is not None:
            return wrap(out)
    x, y = as_array(a, "cross", "a"), as_array(b, "cross", "b")
    if type(x._data) is np.ndarray and type(y._data) is np.ndarray:  # NumPy's own products:
        # 2-vectors' z never multiplied (0 * inf is no NaN there), bool operands, its errors
        axes = dict(axisa=axisa, axisb=axisb, axisc=axisc)  # (its warning at the caller's line)
        return result(relayed(call, "cross", "cross", x, x._data, y._data, **axes), "cross")
    x = moveaxis(x, normalize_axis(axisa, x.ndim, "cross", "axisa"), -1)
    y = moveaxis(y, normalize_axis(axisb, y.ndim, "cross", "axisb"), -1)
    sizes = (x.shape[-1], y.shape[-1])
    for size, name in zip(sizes, "ab"):
        if size not in (2, 3):
            raise ValueError(
                f"cross: {name} must have 2 or 3 elements along its vector axis; got {size}"
            )
    if 2 in sizes:
        warnings.warn(_TWO_VECTORS, DeprecationWarning, stacklevel=2)
        x, y = _as_3_vector(x), _as_3_vector(y)
    out = _linalg_cross(x, y, axis=-1)
    if sizes == (2, 2):
        return out[..., 2]
    return moveaxis(out, -1, normalize_axis(axisc, out.ndim, "cross", "axisc"))


_ADD = np.add.reduce

_TWO_VECTORS = (
    "cross: arrays of 2-element vectors are deprecated (as in NumPy 2.0); "
    "use 3-element vectors instead"
)


def _as_3_vector(v: Array) -> Array:
    """v with a zero third element appended to each 2-vector (3-vectors unchanged)."""
    if v.shape[-1] == 3:
        return v
    return concat((v, zeros((*v.shape[:-1], 1), dtype=v.dtype, device=v.device)), axis=-1)


def kron(a: ArrayLike, b: ArrayLike) -> Array:
    """Kronecker product: blocks of `b` scaled by each element of `a` (the shorter shape
    padded with leading ones)."""
    if type(a) is Array and type(b) is Array:  # CPU numbers: `call`'s NumPy call, unchecked
        x, y = a._data, b._data
        if type(x) is np.ndarray and type(y) is np.ndarray:
            if x.dtype in MATMUL_DTYPES and y.dtype in MATMUL_DTYPES:
                return wrap(np.asarray(np.kron(x, y)))  # (a NumPy scalar for 0-d operands)
    x = as_array(a, "kron", "a")
    y = operand(b, x, "kron", "b")
    return result(call("kron", "kron", x, x._data, y._data), "kron")


def einsum_path(
    *operands: Any, optimize: bool | str | list[Any] = "greedy", einsum_call: bool = False
) -> tuple[list[Any], str]:
    """The contraction order `einsum` would use for these operands, and a report of its
    cost: NumPy's planner on stand-ins of the operands' shapes and dtypes (it reads nothing
    else), so operands on any device are planned without a copy."""
    stand_ins = {}
    planned = []
    for op in operands:
        if isinstance(op, Array):  # a zero-strided host array: no memory, the same shape
            stand_in = np.broadcast_to(np.zeros((), dtype=op.dtype.numpy), op.shape)
            stand_ins[id(stand_in)] = op
            op = stand_in
        planned.append(op)
    with numpy_errors("einsum_path"):
        out = np.einsum_path(*planned, optimize=optimize, einsum_call=einsum_call)
    if not einsum_call:
        return out
    ops, contractions = out  # the operands as NumPy converted them: give back the Arrays
    return [stand_ins.get(id(o), o) for o in ops], contractions


def _stacks(x1: ArrayLike, x2: ArrayLike, func: str, matrix_first: bool) -> tuple:
    """x1 and x2 as Arrays, checked against NumPy's `(m,n),(n)->(m)` / `(n),(n,m)->(m)`."""
    a, b = as_array(x1, func, "x1"), as_array(x2, func, "x2")
    matrix, vector = (a, b) if matrix_first else (b, a)
    m_name, v_name = ("x1", "x2") if matrix_first else ("x2", "x1")
    if matrix.ndim < 2:
        raise ValueError(
            f"{func}: {m_name} must have at least 2 dimensions; got shape {matrix.shape}"
        )
    if vector.ndim < 1:
        raise ValueError(f"{func}: {v_name} must have at least 1 dimension; got a 0-d array")
    n = matrix.shape[-1] if matrix_first else matrix.shape[-2]
    if vector.shape[-1] != n:
        raise ValueError(
            f"{func}: shapes {a.shape} (x1) and {b.shape} (x2) do not align: the vector "
            f"length {vector.shape[-1]} differs from the matrix's {n}"
        )
    with numpy_errors(func):  # the stack dimensions must broadcast
        np.broadcast_shapes(matrix.shape[:-2], vector.shape[:-1])
    return a, b


def matvec(x1: ArrayLike, x2: ArrayLike, /, out: Array | None = None, **options: Any) -> Array:
    """Matrix-vector products `x1[..., m, n] @ x2[..., n]` -> `[..., m]`, the stacks
    broadcast (NumPy 2.2's `matvec`; no conjugation; its gufunc keywords NumPy's)."""
    if out is not None or options:
        return gufunc_options("matvec", x1, x2, out, options)
    a, v = _stacks(x1, x2, "matvec", matrix_first=True)
    return matmul(a, v[..., None])[..., 0]


def vecmat(x1: ArrayLike, x2: ArrayLike, /, out: Array | None = None, **options: Any) -> Array:
    """Vector-matrix products `conj(x1[..., n]) @ x2[..., n, m]` -> `[..., m]`, the stacks
    broadcast (NumPy 2.2's `vecmat`: complex vectors are conjugated, as in `vecdot`)."""
    if out is not None or options:
        return gufunc_options("vecmat", x1, x2, out, options)
    v, a = _stacks(x1, x2, "vecmat", matrix_first=False)
    if isdtype(v.dtype, "complex floating"):
        v = conj(v)
    return matmul(v[..., None, :], a)[..., 0, :]


# `trace(M)` of a small numeric matrix in C: `x.trace()`'s body (method0's TRACE, 11)
trace = compiled("method0", trace, extra=11, limit=SMALL)

matvec, vecmat = gufunc_like(matvec, "matvec"), gufunc_like(vecmat, "vecmat")

NUMPY_ALIASES: dict = {
    "matvec": matvec,
    "vecmat": vecmat,
    "diag": diag,
    "diagonal": diagonal,
    "trace": trace,
    "cross": cross,
    "kron": kron,
    "einsum_path": einsum_path,
}
