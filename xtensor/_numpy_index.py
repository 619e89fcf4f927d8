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
from ._core import dtypes as _dtypes
from ._core.convert import plain_data, undispatched
from ._core.devices import CPU
from ._creation import ones
from ._dispatch import backend_of
from ._dispatch.compiled import compiled
from ._dispatch.host_only import defers_to_numpy
from ._manipulation_operands import SEQUENCES, listed_all
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
from ._numpy_select import buffers
from ._numpy_sets import NUMPY_ALIASES as _SETS
from ._searching import nonzero
from ._typing import ArrayLike, DTypeLike, ShapeLike

try:
    from numpy._core.multiarray import _monotonicity  # digitize's check of its bins, in C
except ImportError:  # another NumPy: digitize keeps its general path
    _monotonicity = None

# NumPy's functions less their dispatch, for the plain calls (Note [Plain index calls] in
# `_numpy_select`)
_bincount = undispatched(np.bincount)
_unravel_index = undispatched(np.unravel_index)
_ravel_multi_index = undispatched(np.ravel_multi_index)
_ix = undispatched(np.ix_)
_diag_indices_from = undispatched(np.diag_indices_from)
_tril_indices_from = undispatched(np.tril_indices_from)
_triu_indices_from = undispatched(np.triu_indices_from)
_lexsort = undispatched(np.lexsort)


# NumPy reads a list of indices straight into intp, and an empty or float list so too, where
# it refuses the float64 array `asarray` makes of it: a list's reading is the first branches'
# only where it is of these kinds (Note [List operands] in `_manipulation_operands`).
_INDEX_KINDS = "biu"
_new = object.__new__  # `wrap` inlined where a call is a few hundred ns (as in _dispatch)
_NDARRAY, _asarray = np.ndarray, np.asarray
# NumPy's `arange(n)` for the small n of `diag_indices`, copied: 0.1 us less than arange
_RANGES = tuple(np.arange(n) for n in range(33))


def _arrays(outs) -> tuple:
    """NumPy's tuple of CPU answers as Arrays, a NumPy scalar as a 0-d array (as `result`)."""
    arrays = []
    for o in outs:
        r = _new(Array)  # wrapped as `wrap` does, inlined
        r._data = o if type(o) is _NDARRAY else _asarray(o)
        arrays.append(r)
    return tuple(arrays)


def _on_cpu(x) -> bool:
    return type(x) is Array and type(x._data) is np.ndarray


# --- flat and multi-indices ------------------------------------------------------------------


def unravel_index(indices: ArrayLike, shape: ShapeLike, order: str = "C") -> tuple[Array, ...]:
    """The multi-index (one array per axis of `shape`) of each flat index in `indices`."""
    if type(indices) is int and type(shape) is tuple and order == "C":
        coords = _unraveled(indices, shape)
        if coords is not None:
            return coords
    flat = indices._data if type(indices) is Array else indices
    if type(flat) is np.ndarray or type(flat) is int:
        try:  # see Note [Plain index calls]
            return _arrays(_unravel_index(flat, shape, order))
        except Exception:
            pass
    device, (flat,) = device_datas("unravel_index", [(indices, "indices")])
    return apply("unravel_index", device, flat, shape, order)


def _unraveled(index: int, shape: tuple) -> tuple | None:
    """NumPy's unravel_index of one Python int in C order, in Python's arithmetic (NumPy's
    C function makes a 0-d array per axis through a scalar, 0.5 us more); None where NumPy
    raises or might (an index out of range, a dimension that is not a positive int, a size
    past intp), so that the general path words it."""
    if len(shape) == 2:  # the commonest shape, unrolled: a third of the loop's time
        rows, cols = shape
        if type(rows) is int and type(cols) is int and 0 < rows and 0 < cols:
            if 0 <= index < rows * cols <= _INTP_MAX:
                row, col = divmod(index, cols)
                r, c = _new(Array), _new(Array)  # each its own 0-d intp, as `wrap` makes
                r._data, c._data = _asarray(row), _asarray(col)
                return r, c
        return None
    coords, size = [], 1
    for n in reversed(shape):
        if type(n) is not int or n <= 0:
            return None
        index, c = divmod(index, n)
        coords.append(c)
        size *= n
    if index != 0 or size > _INTP_MAX:  # index < 0 or index >= size
        return None
    coords.reverse()
    return _arrays(coords)  # intp, NumPy's default int: each its own 0-d array


_INTP_MAX = np.iinfo(np.intp).max


def _plain_call(function, *args) -> Array | None:
    """`function(*args)` (NumPy's, on CPU buffers) wrapped as `wrap` does, or None where NumPy
    refuses the call: the general path then words the error (Note [Plain index calls])."""
    try:
        got = function(*args)
    except Exception:  # noqa: BLE001 - any refusal is the general path's to word
        return None
    r = _new(Array)  # wrap(), inlined
    r._data = got if type(got) is _NDARRAY else _asarray(got)
    return r


def ravel_multi_index(
    multi_index: Sequence[ArrayLike],
    dims: ShapeLike,
    mode: str | tuple[str, ...] = "raise",
    order: str = "C",
) -> Array:
    """The flat index into an array of shape `dims` of each multi-index (one array per axis)."""
    if type(multi_index) is tuple and (datas := _buffers(multi_index)) is not None:
        if (r := _plain_call(_ravel_multi_index, datas, dims, mode, order)) is not None:
            return r
    if type(multi_index) is tuple:  # Note [List operands]; see `_INDEX_KINDS`
        if listed := listed_all(multi_index, kinds=_INDEX_KINDS):
            return ravel_multi_index(tuple(listed), dims, mode, order)
    sequence = isinstance(multi_index, (Array, np.ndarray, list, tuple))
    items = list(multi_index) if sequence else [multi_index]
    pairs = [(v, f"multi_index[{i}]") for i, v in enumerate(items)]
    device, datas = device_datas("ravel_multi_index", pairs)
    return apply("ravel_multi_index", device, tuple(datas), dims, mode, order)


def _buffers(values: tuple) -> tuple | None:
    """`buffers(values)` as a tuple (a pair unrolled, the commonest call)."""
    if len(values) == 2:
        x, y = values
        if type(x) is Array and type(y) is Array:
            if type(x := x._data) is _NDARRAY and type(y := y._data) is _NDARRAY:
                return x, y
        return None
    datas = []
    for v in values:  # `buffers`' loop, its frame and copy to a tuple saved
        if type(v) is not Array or type(d := v._data) is not _NDARRAY:
            return None
        datas.append(d)
    return tuple(datas)


def indices(
    dimensions: ShapeLike, dtype: DTypeLike = int, sparse: bool = False
) -> Any:  # an Array; a tuple of them when sparse
    """A grid of indices: one array per axis holding that axis's coordinate (sparse=True: a
    tuple of broadcastable arrays)."""
    if dtype is int and sparse is False:
        try:  # NumPy's default dtype is int, as xtensor reads it: the plain call
            return wrap(np.indices(dimensions))
        except Exception:
            pass
    return apply("indices", CPU, dimensions, dtype_arg(dtype, "indices"), sparse)


def ix_(*args: ArrayLike) -> tuple[Array, ...]:
    """An open mesh from 1-D sequences: the i-th output varies along axis i only (boolean
    sequences select their True positions)."""
    if (mesh := _open_mesh(args)) is not None:
        return mesh
    datas = buffers(args)
    if datas is not None:
        try:  # see Note [Plain index calls]
            return tuple(map(wrap, _ix(*datas)))
        except Exception:
            pass
    device, datas = device_datas("ix_", [(a, f"args[{i}]") for i, a in enumerate(args)])
    for i, (a, d) in enumerate(zip(args, datas)):
        if device.kind != "cpu" and not isinstance(a, Array) and d.size == 0:
            datas[i] = d.astype(np.intp)  # as NumPy types an empty sequence: indices, not floats
    return apply("ix_", device, *datas)


def _open_mesh(args: tuple) -> tuple | None:
    """NumPy's `ix_` of CPU Arrays or non-empty lists of numbers, each 1-D (else None: the
    general path's): its own body, less its frame, `issubdtype` and `asarray` -- each data
    reshaped to lie along its own axis, a boolean one's True positions (`nonzero`) in its
    place. (An empty list is NumPy's intp: the general path's.)"""
    count, out = len(args), []
    for k, a in enumerate(args):
        if type(a) is Array:
            d = a._data
        elif type(a) is list and a:  # `ix_([0, 1], [2, 3])`
            d = plain_data(a)
        else:
            return None
        if type(d) is not _NDARRAY or d.ndim != 1:
            return None
        if d.dtype.kind == "b":
            (d,) = d.nonzero()
        r = _new(Array)  # wrapped as `wrap` does, inlined
        r._data = d.reshape((1,) * k + (d.size,) + (1,) * (count - k - 1))
        out.append(r)
    return tuple(out)


# --- diagonals and triangles -----------------------------------------------------------------


def diag_indices(n: int, ndim: int = 2) -> tuple[Array, ...]:
    """The indices of the main diagonal of an n x n x ... array of `ndim` dimensions."""
    if type(n) is int and type(ndim) is int and ndim == 2 and 0 <= n <= 32:
        idx = _RANGES[n].copy()  # NumPy's own body: one arange, once per axis
        rows, cols = _new(Array), _new(Array)
        rows._data = cols._data = idx
        return rows, cols
    return apply("diag_indices", CPU, n, ndim)


def diag_indices_from(arr: ArrayLike) -> tuple[Array, ...]:
    """`diag_indices` for `arr`, whose sides must all be equal (at least 2 dimensions)."""
    if _on_cpu(arr):
        try:  # see Note [Plain index calls]
            return _arrays(_diag_indices_from(arr._data))
        except Exception:
            pass
    device, (data,) = device_datas("diag_indices_from", [(arr, "arr")])
    return apply("diag_indices_from", device, data)


def tril_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, ...]:
    """Row and column indices of the lower triangle (at and below diagonal k) of an n x m
    array."""
    try:  # NumPy's function, creating on the CPU: two index arrays
        rows, cols = np.tril_indices(n, k, m)
        return wrap(rows), wrap(cols)
    except Exception:
        pass
    return apply("tril_indices", CPU, n, k, m)


def triu_indices(n: int, k: int = 0, m: int | None = None) -> tuple[Array, ...]:
    """Row and column indices of the upper triangle (at and above diagonal k)."""
    try:  # NumPy's function, creating on the CPU: two index arrays
        rows, cols = np.triu_indices(n, k, m)
        return wrap(rows), wrap(cols)
    except Exception:
        pass
    return apply("triu_indices", CPU, n, k, m)


def tril_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, ...]:
    """`tril_indices` for the shape of the 2-D array `arr`."""
    if _on_cpu(arr):
        try:  # see Note [Plain index calls]
            return _arrays(_tril_indices_from(arr._data, k))
        except Exception:
            pass
    device, (data,) = device_datas("tril_indices_from", [(arr, "arr")])
    return apply("tril_indices_from", device, data, k)


def triu_indices_from(arr: ArrayLike, k: int = 0) -> tuple[Array, ...]:
    """`triu_indices` for the shape of the 2-D array `arr`."""
    if _on_cpu(arr):
        try:  # see Note [Plain index calls]
            return _arrays(_triu_indices_from(arr._data, k))
        except Exception:
            pass
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


def _sorts_stably(datas: tuple) -> bool:
    """Whether lexsort of CPU keys `datas` takes `_stable_lexsort`: 1-d real keys of one
    length, long enough for the backend's radix sort to pay, one of them at least a float or
    wider than 16 bits (NumPy radix-sorts those narrow integers itself: 10**5 bools or int16
    took 1.3-1.5x NumPy's lexsort here; with a wider key 0.13-0.2)."""
    n = datas[0].shape
    return (
        len(n) == 1
        and n[0] >= _LEXSORT_STABLE_MIN
        and all(d.shape == n and d.dtype.kind in "biuf" for d in datas)
        and any(d.dtype.kind == "f" or d.dtype.itemsize > 2 for d in datas)
    )


def _stable_lexsort(datas: tuple):
    """np.lexsort of 1-d CPU keys by one stable argsort per key, the first key's first: each
    later sort keeps the order of the keys before it among its ties, so the last key ends
    primary. The backend's stable argsort (a radix sort on long keys, Note [Radix argsort] in
    _backends/cpu_sort.py) makes this 4-5x faster than NumPy's lexsort, which merge-sorts
    each key; NaNs go last and -0.0 ties with 0.0, as in NumPy's."""
    backend = backend_of(datas[0])
    order = backend.argsort(datas[0], 0, True)
    for key in datas[1:]:
        order = order[backend.argsort(key[order], 0, True)]
    return order


_LEXSORT_STABLE_MIN = 1 << 12


def lexsort(keys: ArrayLike | Sequence[ArrayLike], axis: int = -1) -> Array:
    """The indices that sort by several keys: the last key is the primary one."""
    if type(keys) is tuple and type(axis) is int and (datas := _buffers(keys)):
        if axis in (-1, 0) and _sorts_stably(datas):
            return wrap(_stable_lexsort(datas))
        if (r := _plain_call(_lexsort, datas, axis)) is not None:
            return r
    if isinstance(keys, (list, tuple)):
        device, datas = device_datas("lexsort", [(k, f"keys[{i}]") for i, k in enumerate(keys)])
        keys = tuple(datas)
    else:
        device, (keys,) = device_datas("lexsort", [(keys, "keys")])
    return apply("lexsort", device, keys, **given(axis=(axis, -1)))


# --- binning ---------------------------------------------------------------------------------


@defers_to_numpy
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
    if type(x) is Array:
        data = x._data
        w = weights if weights is None or type(weights) is not Array else weights._data
        if type(data) is np.ndarray and (w is None or type(w) is np.ndarray):
            try:  # NumPy's C function, less its dispatch; its errors are worded below
                out = _new(Array)
                out._data = _bincount(data, w, minlength)
                return out
            except Exception:
                pass
    if type(x) in SEQUENCES or type(weights) in SEQUENCES:  # Note [List operands]
        args = (x,) if weights is None else (x, weights)
        if (listed := listed_all(args)) is not None and _counts(*listed):
            return bincount(*listed, minlength=minlength)
    pairs = [(x, "x")] + ([] if weights is None else [(weights, "weights")])
    device, datas = device_datas("bincount", pairs)
    w = datas[1] if weights is not None else None
    return apply("bincount", device, datas[0], w, minlength)


def _counts(x: Array, weights: Array | None = None) -> bool:
    """Whether bincount's operands, read from lists, are as NumPy reads the lists themselves
    (1-d intp x, 1-d float64 weights): 1-d, of `_INDEX_KINDS` and real kinds."""
    if x.ndim != 1 or x._data.dtype.kind not in _INDEX_KINDS:
        return False
    return weights is None or (weights.ndim == 1 and weights._data.dtype.kind in "biuf")


# --- iteration -------------------------------------------------------------------------------


class ndenumerate:
    """Iterate over (index, element) pairs of an array in C order; each element is a 0-d
    Array (NumPy yields its scalars), or NumPy's scalar for host-only dtypes, as `x[i]` gives
    (Note [Elements are values] in _array.py)."""

    def __init__(self, arr: ArrayLike) -> None:
        self._data = data = as_array(arr, "ndenumerate", "arr")._data
        self._indices = np.ndindex(data.shape)
        # on the host, NumPy's flat iterator (its coordinates, its scalars): a third of the time
        self._flat = data.flat if type(data) is np.ndarray else None
        self._scalars = self._flat is not None and _dtypes.is_host_only_numpy(data.dtype)

    def __iter__(self) -> Iterator[tuple[tuple[int, ...], Array]]:
        return self

    def __next__(self) -> tuple[tuple[int, ...], Array]:
        flat = self._flat
        if flat is None:  # device data
            index = next(self._indices)
            return index, wrap(self._data[index + (Ellipsis,)].copy())
        index, value = flat.coords, next(flat)
        if self._scalars:
            return index, value
        element = _new(Array)
        element._data = np.asarray(value)  # (a new 0-d array: the element's value)
        return index, element


# C twins of the first branches above (NumPy's call on CPU buffers, Note [Compiled hot path] in
# _dispatch/_cfast.c); a lexsort of keys long enough for `_stable_lexsort` stays Python's
lexsort = compiled("numpy_call", lexsort, extra=_lexsort, limit=_LEXSORT_STABLE_MIN)
ravel_multi_index = compiled("numpy_call", ravel_multi_index, extra=_ravel_multi_index)
bincount = compiled("numpy_call", bincount, extra=_bincount)

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
