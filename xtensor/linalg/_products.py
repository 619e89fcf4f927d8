"""Products and matrix views: cross, outer, diagonal, trace, and NumPy's multi_dot.

matmul, matrix_transpose, tensordot and vecdot live in `xtensor._linear_algebra` (the main
namespace) and are re-exported by the package as the very same objects.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .._array import Array, backing, wrap
from .._core import dtypes as _dtypes
from .._dispatch import backend_of
from .._linear_algebra import broadcast_stacks, cast_to_common, dtype_of, index_int, same_device
from .._typing import ArrayLike, DTypeLike
from ._common import MATMUL_DTYPES, matrices, numeric


def cross(x1: ArrayLike, x2: ArrayLike, /, *, axis: int = -1) -> Array:
    """Cross products of 3-element vectors along `axis` (a negative axis, counted from the
    end of both operands); the other axes broadcast. A non-negative axis, which the standard
    leaves unspecified, is accepted as NumPy does when both operands have the same rank (it
    then names the same axis of both)."""
    if type(axis) is int and axis == -1 and (out := plain_cross(x1, x2)) is not None:
        return wrap(out)
    a, b = numeric(x1, "cross", "x1"), numeric(x2, "cross", "x2")
    same_device("cross", a, b)
    axis = index_int(axis, "cross", "axis")
    ndim = min(a.ndim, b.ndim)
    if 0 <= axis < ndim and a.ndim == b.ndim:
        axis -= ndim
    if ndim == 0 or not -ndim <= axis <= -1:
        raise ValueError(
            f"cross: axis {axis} is out of range for operands of shapes {a.shape} "
            f"and {b.shape}; use an axis in [-{max(ndim, 1)}, -1]"
        )
    if a.shape[axis] != 3 or b.shape[axis] != 3:
        raise ValueError(
            f"cross: x1 and x2 must have size 3 along axis {axis}; got shapes "
            f"{a.shape} and {b.shape}"
        )
    xp = backend_of(a).xp
    shapes = a.shape, b.shape
    a, b = xp.moveaxis(a, axis, -1), xp.moveaxis(b, axis, -1)
    broadcast_stacks("cross", a.shape[:-1], b.shape[:-1], *shapes)
    a, b = cast_to_common("cross", a, b)
    out = xp.cross(a, b, axis=-1)
    return wrap(xp.moveaxis(out, -1, axis))


# np.cross's products, (a1 b2, a2 b0, a0 b1) then (a2 b1, a0 b2, a1 b0): their factors' indices
_FIRST = np.array([1, 2, 0, 2, 0, 1])
_SECOND = np.array([2, 0, 1, 1, 2, 0])
_NUMERIC = "bhilqBHILQefdFD"  # the standard's numeric dtypes, and float16


def plain_cross(x1, x2):
    """np.cross(x1, x2) along the last axis for CPU Arrays of one numeric dtype holding
    3-vectors: NumPy's six products and three differences, element by element, in two ufunc
    calls (complex infinities and NaNs too: NumPy's own loops); None for any other operands,
    and for stacks that do not broadcast."""
    if type(x1) is not Array or type(x2) is not Array:
        return None
    a, b = x1._data, x2._data
    if type(a) is not np.ndarray or type(b) is not np.ndarray or a.dtype != b.dtype:
        return None
    if a.dtype.char not in _NUMERIC or not a.ndim or not b.ndim:
        return None
    if a.shape[-1] != 3 or b.shape[-1] != 3:
        return None
    try:
        if a.size < _BY_COMPONENTS and b.size < _BY_COMPONENTS:
            products = a.take(_FIRST, -1) * b.take(_SECOND, -1)
            return products[..., :3] - products[..., 3:]
        return _by_components(a, b, np.empty(np.broadcast_shapes(a.shape, b.shape), a.dtype))
    except ValueError:
        return None


# From this many elements the gathers of six components cost more than NumPy's steps
_BY_COMPONENTS = 768


def _by_components(a, b, out):
    """NumPy's steps of `cross` into `out`: each component's two products and their
    difference on strided views, one scratch buffer (half the time of six gathers from here)."""
    tmp = np.empty(out.shape[:-1], out.dtype)
    for i, j, k in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
        o = out[..., i]
        np.multiply(a[..., j], b[..., k], out=o)
        np.multiply(a[..., k], b[..., j], out=tmp)
        np.subtract(o, tmp, out=o)
    return out


def outer(x1: ArrayLike, x2: ArrayLike, /) -> Array:
    """Outer product of two 1-D arrays: shape (N, M)."""
    if type(x1) is Array and type(x2) is Array:  # CPU vectors of one dtype: the product below
        a, b = x1._data, x2._data
        if type(a) is np.ndarray and type(b) is np.ndarray and a.dtype is b.dtype:
            if a.dtype in MATMUL_DTYPES and a.ndim == 1 and b.ndim == 1:
                return wrap(a[:, None] * b[None, :])
    a, b = backing(x1, "outer", "x1", scalars=False), backing(x2, "outer", "x2", scalars=False)
    for data, name in ((a, "x1"), (b, "x2")):
        if data.ndim != 1:
            raise ValueError(f"outer: {name} must be 1-dimensional; got shape {data.shape}")
    same_device("outer", a, b)
    a, b = cast_to_common("outer", a, b)
    return wrap(a[:, None] * b[None, :])


def diagonal(x: ArrayLike, /, *, offset: int = 0) -> Array:
    """The `offset` diagonal of each matrix; offsets past the edge give length 0. On the CPU
    NumPy's read-only view of `x`, as NumPy's; on a GPU a copy (CuPy's view is writeable)."""
    if (out := plain_diagonal(x, offset, -2, -1)) is not None:
        return wrap(out)
    data = matrices(backing(x, "diagonal", "x", scalars=False), "diagonal")
    offset = index_int(offset, "diagonal", "offset")
    xp = backend_of(data).xp
    view = xp.diagonal(data, offset=_clamp_offset(offset, data), axis1=-2, axis2=-1)
    return wrap(view if xp is np else view.copy())


def plain_diagonal(x, offset, axis1, axis2):
    """The checked path's diagonal view of a CPU Array `x` of at least 2
    dimensions, for Python int offset and axes (distinct, in range); else None."""
    if type(x) is not Array or type(offset) is not int:
        return None
    data = x._data
    if type(data) is not np.ndarray or type(axis1) is not int or type(axis2) is not int:
        return None
    # NumPy's diagonal of the axes moved last: the other axes keep their order, as there.
    # NumPy refuses fewer than 2 dimensions and axes out of range or equal (ValueError), and
    # an offset past the edge gives the clamped offset's empty diagonal.
    try:
        return data.diagonal(offset, axis1, axis2)
    except (ValueError, OverflowError):  # OverflowError: an offset past any C integer
        return None


def _clamp_offset(offset: int, data) -> int:
    # Any offset at or past the edge gives an empty diagonal; keep it small for NumPy's sake.
    m, n = data.shape[-2:]
    return max(-m, min(n, offset))


def trace(x: ArrayLike, /, *, offset: int = 0, dtype: DTypeLike | None = None) -> Array:
    """Sum of the `offset` diagonal of each matrix. Without `dtype`, integers and bool
    accumulate in int64 (unsigned in uint64) as `sum` does; with `dtype`, x is cast first."""
    if dtype is None and (diag := plain_diagonal(x, offset, -2, -1)) is not None:
        kind = diag.dtype.kind
        if kind in "biufc":  # np.sum's call below, without its frames
            target = ACCUMULATE.get(kind, diag.dtype)
            # one diagonal is summed as its copy would be (pairwise, at any stride)
            total = _ADD(diag, -1, target) if diag.ndim == 1 else _ADD(diag.astype(target), -1)
            return wrap(np.asarray(total))
    data = matrices(backing(x, "trace", "x", scalars=False), "trace")
    offset = index_int(offset, "trace", "offset")
    target = (
        _accumulation_dtype(dtype_of(data)) if dtype is None else _dtypes.as_dtype(dtype, "trace")
    )
    xp = backend_of(data).xp
    diag = xp.diagonal(data, offset=_clamp_offset(offset, data), axis1=-2, axis2=-1)
    return wrap(xp.asarray(xp.sum(diag.astype(target.numpy), axis=-1, dtype=target.numpy)))


_ADD = np.add.reduce
# `_accumulation_dtype` of NumPy dtypes, by kind: integers and bool sum in 64 bits
ACCUMULATE = {"b": np.dtype(np.int64), "i": np.dtype(np.int64), "u": np.dtype(np.uint64)}


def _accumulation_dtype(dt: _dtypes.DType) -> _dtypes.DType:
    if dt.kind == "i" or dt is _dtypes.bool:
        return _dtypes.int64
    if dt.kind == "u":
        return _dtypes.uint64
    return dt


# --- NumPy names ---------------------------------------------------------------------------


def multi_dot(arrays: Sequence[ArrayLike], *, out: Array | None = None) -> Array:
    """NumPy's multi_dot: the product of a chain of matrices in the cheapest order (first and
    last operands may be 1-D), into `out` (an Array of the product's shape and dtype, as
    NumPy's `dot` takes) when given."""
    datas = [backing(a, "multi_dot", f"arrays[{i}]", scalars=False) for i, a in enumerate(arrays)]
    if len(datas) < 2:
        raise ValueError(f"multi_dot: needs at least 2 arrays; got {len(datas)}")
    same_device("multi_dot", *datas)
    datas = cast_to_common("multi_dot", *datas)
    xp = backend_of(datas[0]).xp
    if out is not None:
        if not isinstance(out, Array):
            raise TypeError(f"multi_dot: out must be an xtensor Array; got {type(out).__name__}")
        same_device("multi_dot", datas[0], out._data)
    try:
        product = xp.linalg.multi_dot(datas, out=None if out is None else out._data)
    except ValueError as e:  # (NumPy's: out not C-contiguous, or not the product's dtype)
        raise ValueError(f"multi_dot: {e}") from None
    return out if out is not None else wrap(xp.asarray(product))


__all__ = ["cross", "outer", "diagonal", "trace"]
NUMPY_NAMES = ["multi_dot"]
