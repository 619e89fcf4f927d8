"""NumPy-only index arithmetic: flat <-> multi-index conversion, index grids, the diagonal and
triangle index helpers, partial sorts, lexsort, digitize, bincount, ndenumerate and ndindex.

Each is NumPy's own routine run on the arrays' device (`_numpy_run`), with NumPy's argument
names and defaults; functions that take no array (`indices`, `tril_indices`...) create on the
CPU, as NumPy does. Writing into arrays (`put`, `fill_diagonal`...) and selecting from them
(`choose`, `select`...) live in `_numpy_select`, the set routines in `_numpy_sets`; their
names are gathered here, into this theme's `NUMPY_ALIASES`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from ._array import Array, wrap
from ._core.convert import undispatched
from ._core.devices import CPU
from ._creation import ones
from ._numpy_helpers import as_array
from ._numpy_index_tricks import NUMPY_ALIASES as _TRICKS
from ._numpy_run import (
    apply,
    common_device,
    data_on,
    device_datas,
    dtype_arg,
    given,
)
from ._numpy_select import NUMPY_ALIASES as _SELECT
from ._numpy_sets import NUMPY_ALIASES as _SETS
from ._searching import nonzero
from ._typing import ArrayLike, DTypeLike, ShapeLike

try:
    from numpy._core.multiarray import _monotonicity  # digitize's check of its bins, in C
except ImportError:  # another NumPy: digitize keeps its general path
    _monotonicity = None

_bincount = undispatched(np.bincount)

# --- flat and multi-indices ------------------------------------------------------------------


def unravel_index(indices: ArrayLike, shape: ShapeLike, order: str = "C") -> tuple[Array, ...]:
    """The multi-index (one array per axis of `shape`) of each flat index in `indices`."""
    device, (flat,) = device_datas("unravel_index", [(indices, "indices")])
    return apply("unravel_index", device, flat, shape, order)


def ravel_multi_index(
    multi_index: Sequence[ArrayLike],
    dims: ShapeLike,
    mode: str | tuple[str, ...] = "raise",
    order: str = "C",
) -> Array:
    """The flat index into an array of shape `dims` of each multi-index (one array per axis)."""
    sequence = isinstance(multi_index, (Array, np.ndarray, list, tuple))
    items = list(multi_index) if sequence else [multi_index]
    pairs = [(v, f"multi_index[{i}]") for i, v in enumerate(items)]
    device, datas = device_datas("ravel_multi_index", pairs)
    return apply("ravel_multi_index", device, tuple(datas), dims, mode, order)


def indices(
    dimensions: ShapeLike, dtype: DTypeLike = int, sparse: bool = False
) -> Any:  # an Array; a tuple of them when sparse
    """A grid of indices: one array per axis holding that axis's coordinate (sparse=True: a
    tuple of broadcastable arrays)."""
    return apply("indices", CPU, dimensions, dtype_arg(dtype, "indices"), sparse)


def ix_(*args: ArrayLike) -> tuple[Array, ...]:
    """An open mesh from 1-D sequences: the i-th output varies along axis i only (boolean
    sequences select their True positions)."""
    device, datas = device_datas("ix_", [(a, f"args[{i}]") for i, a in enumerate(args)])
    for i, (a, d) in enumerate(zip(args, datas)):
        if device.kind != "cpu" and not isinstance(a, Array) and d.size == 0:
            datas[i] = d.astype(np.intp)  # as NumPy types an empty sequence: indices, not floats
    return apply("ix_", device, *datas)


# --- diagonals and triangles -----------------------------------------------------------------


def diag_indices(n: int, ndim: int = 2) -> tuple[Array, ...]:
    """The indices of the main diagonal of an n x n x ... array of `ndim` dimensions."""
    return apply("diag_indices", CPU, n, ndim)


def diag_indices_from(arr: ArrayLike) -> tuple[Array, ...]:
    """`diag_indices` for `arr`, whose sides must all be equal (at least 2 dimensions)."""
    device, (data,) = device_datas("diag_indices_from", [(arr, "arr")])
    return apply("diag_indices_from", device, data)


def tril_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, ...]:
    """Row and column indices of the lower triangle (at and below diagonal k) of an n x m
    array."""
    return apply("tril_indices", CPU, n, k, m)


def triu_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, ...]:
    """Row and column indices of the upper triangle (at and above diagonal k)."""
    return apply("triu_indices", CPU, n, k, m)


def tril_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, ...]:
    """`tril_indices` for the shape of the 2-D array `arr`."""
    device, (data,) = device_datas("tril_indices_from", [(arr, "arr")])
    return apply("tril_indices_from", device, data, k)


def triu_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, ...]:
    """`triu_indices` for the shape of the 2-D array `arr`."""
    device, (data,) = device_datas("triu_indices_from", [(arr, "arr")])
    return apply("triu_indices_from", device, data, k)


def mask_indices(n: int, mask_func: Callable[..., Any], k: int = 0) -> tuple[Array, ...]:
    """The indices where `mask_func(ones((n, n)), k)` is non-zero (e.g. mask_func=triu)."""
    masked = mask_func(ones((n, n), dtype=int), k)
    return nonzero(as_array(masked, "mask_indices", "mask_func's result") != 0)


# --- partial sorts and orderings -------------------------------------------------------------


def _partitioned(func, a, kth, axis, kind, order):
    device = common_device(func, [a, kth])
    data, kth = data_on(a, device, func, "a"), data_on(kth, device, func, "kth", scalars=True)
    options = given(kind=(kind, "introselect"), order=(order, None))
    return apply(func, device, data, kth, axis=axis, **options)


def partition(
    a: ArrayLike,
    kth: int | Sequence[int] | Array,
    axis: int | None = -1,
    kind: str = "introselect",
    order: None = None,
) -> Array:
    """A copy of `a` with the element(s) at `kth` in sorted position along `axis`, smaller
    ones before and larger ones after (in no particular order)."""
    if type(a) is Array and type(kth) is int and type(axis) is int and order is None:
        data = a._data
        if type(data) is np.ndarray and kind == "introselect":
            try:  # NumPy's partition, less its wrapper; its errors are worded below
                out = data.copy(order="K")
                out.partition(kth, axis)
                return wrap(out)
            except Exception:
                pass
    return _partitioned("partition", a, kth, axis, kind, order)


def argpartition(
    a: ArrayLike,
    kth: int | Sequence[int] | Array,
    axis: int | None = -1,
    kind: str = "introselect",
    order: None = None,
) -> Array:
    """The indices that would partition `a` (see `partition`)."""
    if type(a) is Array and type(kth) is int and type(axis) is int and order is None:
        data = a._data
        if type(data) is np.ndarray and kind == "introselect":
            try:
                return wrap(data.argpartition(kth, axis))
            except Exception:
                pass
    return _partitioned("argpartition", a, kth, axis, kind, order)


def lexsort(keys: ArrayLike | Sequence[ArrayLike], axis: int = -1) -> Array:
    """The indices that sort by several keys: the last key is the primary one."""
    if isinstance(keys, (list, tuple)):
        device, datas = device_datas("lexsort", [(k, f"keys[{i}]") for i, k in enumerate(keys)])
        keys = tuple(datas)
    else:
        device, (keys,) = device_datas("lexsort", [(keys, "keys")])
    return apply("lexsort", device, keys, **given(axis=(axis, -1)))


# --- binning ---------------------------------------------------------------------------------


def digitize(x: ArrayLike, bins: ArrayLike, right: bool = False) -> Array:
    """The index of the bin each value of `x` falls into (`bins` monotonic)."""
    if type(x) is Array and type(x._data) is np.ndarray and _monotonicity is not None:
        found = _digitized(x._data, bins, right)
        if found is not None:
            return found
    device, (data, edges) = device_datas("digitize", [(x, "x"), (bins, "bins")])
    return apply("digitize", device, data, edges, right)


_AS_GIVEN = (list, tuple, np.ndarray)  # bins NumPy's own digitize reads with asarray


def _digitized(data, bins, right):
    """NumPy's digitize of CPU data `data` at `bins` (a CPU Array, or what NumPy reads with
    asarray), less its Python wrapper; None for anything else and for an error, which the
    general path words."""
    t = type(bins)
    edges = bins._data if t is Array else np.asarray(bins) if t in _AS_GIVEN else None
    if type(edges) is not np.ndarray or data.dtype.kind == "c":
        return None
    try:
        mono = _monotonicity(edges)
        side = "left" if right else "right"  # as NumPy's: the bins are searched, not x
        if mono == 1:
            r = edges.searchsorted(data, side)
        elif mono == -1:
            r = len(edges) - edges[::-1].searchsorted(data, side)
        else:
            return None
    except Exception:
        return None
    return wrap(r if type(r) is np.ndarray else np.asarray(r))  # a 0-d x gives a scalar


def bincount(x: ArrayLike, /, weights: ArrayLike | None = None, minlength: int = 0) -> Array:
    """How often each non-negative int occurs in `x` (or the sum of its `weights`)."""
    if type(x) is Array and type(x._data) is np.ndarray:
        w = weights._data if type(weights) is Array else weights
        if w is None or type(w) is np.ndarray:
            try:  # NumPy's C function, less its dispatch; its errors are worded below
                return wrap(_bincount(x._data, w, minlength))
            except Exception:
                pass
    pairs = [(x, "x")] + ([] if weights is None else [(weights, "weights")])
    device, datas = device_datas("bincount", pairs)
    w = datas[1] if weights is not None else None
    return apply("bincount", device, datas[0], w, minlength)


# --- iteration -------------------------------------------------------------------------------


class ndenumerate:
    """Iterate over (index, element) pairs of an array in C order; each element is a 0-d
    Array (NumPy yields its scalars)."""

    def __init__(self, arr: ArrayLike) -> None:
        self._data = as_array(arr, "ndenumerate", "arr")._data
        self._indices = np.ndindex(self._data.shape)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], Array]]:
        return self

    def __next__(self) -> tuple[tuple[int, ...], Array]:
        index = next(self._indices)
        return index, wrap(self._data[index + (Ellipsis,)])


NUMPY_ALIASES: dict = {
    "unravel_index": unravel_index,
    "ravel_multi_index": ravel_multi_index,
    "indices": indices,
    "ix_": ix_,
    "diag_indices": diag_indices,
    "diag_indices_from": diag_indices_from,
    "tril_indices": tril_indices,
    "tril_indices_from": tril_indices_from,
    "triu_indices": triu_indices,
    "triu_indices_from": triu_indices_from,
    "mask_indices": mask_indices,
    "partition": partition,
    "argpartition": argpartition,
    "lexsort": lexsort,
    "digitize": digitize,
    "bincount": bincount,
    "ndenumerate": ndenumerate,
    "ndindex": np.ndindex,  # shapes only: NumPy's own iterator of index tuples
    **_SELECT,
    **_SETS,
    **_TRICKS,
}
