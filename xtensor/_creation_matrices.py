"""The creation functions of matrices and grids (Array API chapter "Creation Functions"):
`eye`, `tril`, `triu` and `meshgrid`, with NumPy's positional forms and keywords (`_creation`
holds the rest and the module's conventions)."""

from __future__ import annotations

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import memory_order
from ._creation_args import _int, _np_dtype, _on_device, _shape, _target
from ._creation_small import SMALL_K, numeric_dtype, small_meshgrid, tri_mask
from ._dispatch import backend_of
from ._dispatch.creation import DEFAULT_FLOAT, cpu_dtype
from ._manipulation import as_operand, common_arrays, one_dtype
from ._manipulation_operands import READABLE, like_device, listed, listed_all
from ._typing import ArrayLike, DeviceLike, DTypeLike

_ONE = np.ones((), DEFAULT_FLOAT)  # `eye`'s default 1: a 0-d array assigns faster than an int
_ONE.flags.writeable = False


def eye(
    n_rows: int,
    n_cols: int | None = None,
    /,
    k: int = 0,
    dtype: DTypeLike | None = None,
    order: str = "C",
    *,
    device: DeviceLike | None = None,
    like: Array | None = None,
    M: int | None = None,  # noqa: N803 (NumPy's name for n_cols)
) -> Array:
    """A 2-D array with ones on the k-th diagonal and zeros elsewhere (`k`, `dtype` and
    `order` by position too, as NumPy's `eye(3, 3, 1)`; `n_cols` as NumPy's `M=`, `like`'s
    device unless `device`)."""
    if M is not None:
        if n_cols is not None:
            raise TypeError("eye: n_cols given twice, by position and as M")
        n_cols = M
    if order != "C" or like is not None:
        if order not in ("C", "F"):
            order = memory_order(order, "eye", "CF")
        if device is None and like is not None:
            device = like_device(like, "eye")
        x = eye(n_rows, n_cols, k, dtype, device=device)._data
        return wrap(x if order == "C" else backend_of(x).xp.asfortranarray(x))
    m = n_rows if n_cols is None else n_cols
    if device is None and type(n_rows) is type(m) is type(k) is int and n_rows >= 0 <= m:
        # NumPy's eye, its Python frame skipped: zeros, and ones through a flat view
        # (numeric_dtype's cache is the quicker; the other dtypes, and refusals, cpu_dtype's)
        np_dtype = DEFAULT_FLOAT if dtype is None else numeric_dtype(dtype)
        out = np.zeros((n_rows, m), cpu_dtype(dtype, "eye") if np_dtype is None else np_dtype)
        if k < m:  # NumPy's bounds: the rows from n_cols - k on are past the diagonal
            one = _ONE if dtype is None else 1
            out.ravel()[k if k >= 0 else -k * m : (m - k) * m : m + 1] = one
        return wrap(out)
    xp, dev = _target(device, "eye")
    n_rows = _int(n_rows, "n_rows", "eye")
    n_cols = n_rows if n_cols is None else _int(n_cols, "n_cols", "eye")
    _shape((n_rows, n_cols), "eye")
    return wrap(
        _on_device(
            xp,
            dev,
            xp.eye,
            n_rows,
            n_cols,
            k=_int(k, "k", "eye"),
            dtype=_np_dtype(dtype, "eye", _dtypes.DEFAULT_FLOAT),
        )
    )


def tril(x: ArrayLike, /, k: int = 0) -> Array:
    """`x` with the elements above the k-th diagonal zeroed (for each matrix in a stack)."""
    return _triangle(x, k, "tril")


def triu(x: ArrayLike, /, k: int = 0) -> Array:
    """`x` with the elements below the k-th diagonal zeroed (for each matrix in a stack)."""
    return _triangle(x, k, "triu")


def _triangle(x, k, func):
    if type(x) is Array and type(d := x._data) is np.ndarray and type(k) is int and d.ndim:
        # NumPy's tril and triu, their frames skipped: the mask `np.tri` makes, then `where`
        if k in SMALL_K:  # NumPy refuses k past int64, in the call below
            rows, cols = d.shape[-2:] if d.ndim > 1 else d.shape * 2  # 1-D: a square's rows
            zero = np.zeros(1, d.dtype)
            if func == "tril":
                return wrap(np.where(tri_mask(rows, cols, k), d, zero))
            return wrap(np.where(tri_mask(rows, cols, k - 1), zero, d))
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return _triangle(y, k, func)
    data = as_operand(x, func)._data
    if data.ndim == 0:  # a 1-D x is NumPy's too: each row of the result is x, masked
        raise TypeError(f"{func}: x must have at least 1 dimension; got a 0-d array")
    return wrap(getattr(backend_of(data).xp, func)(data, k=_int(k, "k", func)))


def meshgrid(
    *arrays: ArrayLike, indexing: str = "xy", copy: bool = True, sparse: bool = False
) -> tuple[Array, ...]:
    """Coordinate grids from 1-D coordinate arrays; 'xy' swaps the first two axes.

    NumPy's `sparse=True` gives each grid length 1 along the other axes (they broadcast to the
    full grid); `copy=False` gives read-only broadcast views instead of fresh arrays."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij'; got {indexing!r}")
    if not arrays:
        return ()
    if copy is True and sparse is False and (datas := one_dtype(arrays)) is not None:
        return small_meshgrid(datas, indexing)
    if (listed_arrays := listed_all(arrays)) is not None:  # Note [List operands]
        return meshgrid(*listed_arrays, indexing=indexing, copy=copy, sparse=sparse)
    xp, _, datas = common_arrays(arrays, "meshgrid")
    grids = xp.meshgrid(*datas, indexing=indexing, copy=bool(copy), sparse=bool(sparse))
    return tuple(wrap(g) for g in grids)
