"""NumPy-only shape functions: at least N dimensions, stacking, splitting, the index searches
argwhere and flatnonzero, and NumPy's padding, blocking, insertion, deletion, rotation,
trimming and bit-packing routines.

Each follows NumPy 2's signature and semantics. Splitting and the searches live in
`_numpy_shape_split` and are re-exported here. Stacking, splitting and the searches are built
on the namespace functions (concat, reshape, stack, nonzero), so dtype and device checks apply
as usual; the routines from `pad` on are NumPy's own, run on the arrays' device
(`_numpy_run`). CuPy has no `block` or `insert`: on CUDA those two run the same algorithm
here, over the device's concatenate and indexing. The memory-layout queries (`ndim`, `shape`,
`may_share_memory`...) live in `_numpy_layout` and are exported with this theme.
"""

from __future__ import annotations

import math
import operator
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.convert import undispatched
from ._dispatch.creation import INT_RANGE
from ._dispatch.host_only import numpy_for_foreign_items
from ._dispatch.host_threads import joined
from ._manipulation import concat, reshape
from ._manipulation_operands import READABLE, SEQUENCES, listed, listed_all, text_scalar
from ._numpy_helpers import as_array
from ._numpy_layout import NUMPY_ALIASES as _LAYOUT
from ._numpy_run import (
    apply,
    common_device,
    data_on,
    device_datas,
    direct,
    given,
    module,
    numpy_errors,
    result,
)
from ._numpy_shape_generic import _block_generic, _insert_generic, _leaves, _nested_map
from ._numpy_shape_split import argwhere as argwhere  # re-exported: NUMPY_ALIASES below
from ._numpy_shape_split import array_split as array_split
from ._numpy_shape_split import dsplit as dsplit
from ._numpy_shape_split import flatnonzero as flatnonzero
from ._numpy_shape_split import hsplit as hsplit
from ._numpy_shape_split import split as split
from ._numpy_shape_split import vsplit as vsplit
from ._typing import ArrayLike, DTypeLike, ShapeLike

# --- argument checks -------------------------------------------------------------------------


def _sequence(tup, func: str) -> list:
    if isinstance(tup, Array):
        return list(tup)
    if not isinstance(tup, (list, tuple)):
        raise TypeError(
            f"{func}: arrays to stack must be passed as a sequence such as a list "
            f"or tuple; got {type(tup).__name__}"
        )
    return [_operand(a, func, f"tup[{i}]") for i, a in enumerate(tup)]


def _operand(x, func: str, name: str) -> Array:
    """`as_array`, with a Python str or bytes read as NumPy's 0-d text array (`text_scalar`)."""
    return x if type(x) is Array else as_array(text_scalar(x), func, name)


_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def _cast_all(arrays: list, dtype, casting: str, func: str) -> list:
    """NumPy's `dtype=`/`casting=` of the stacking functions: without `dtype`, each array is
    cast to the dtype they promote to, under `casting` too (`casting='no'` of mixed dtypes)."""
    if not isinstance(casting, str):
        raise TypeError(f"{func}: casting must be a str; got {type(casting).__name__}")
    if casting not in _CASTINGS:
        raise ValueError(f"{func}: casting must be one of {_CASTINGS}; got {casting!r}")
    if dtype is None and casting == "same_kind":
        return arrays
    target = _dtypes.as_dtype(dtype, func).numpy if dtype is not None else None
    if target is None:
        target = np.result_type(*(a.dtype.numpy for a in arrays))
    for i, a in enumerate(arrays):
        if not np.can_cast(a.dtype.numpy, target, casting):
            raise TypeError(
                f"{func}: cannot cast tup[{i}] from {a.dtype.name} to "
                f"{target.name} under casting={casting!r}"
            )
    return arrays if dtype is None else [a.astype(target) for a in arrays]


# NumPy's stacking functions are `atleast_Nd` views and one concatenate: the first branches
# below make those calls on CPU arrays of one dtype, with no `dtype=` or `casting=`, and leave
# the wording of NumPy's refusals to the checked path.
_NP_CONCATENATE = undispatched(np.concatenate)
_ROW, _COLUMN = (None, slice(None)), (slice(None), None)
_DEPTH, _DEPTH_1D = (slice(None), slice(None), None), (None, slice(None), None)  # atleast_3d's


def _numpy_views(tup, ndmin: int, one_d=None) -> list | None:
    """The views NumPy's stacking function concatenates, of a non-empty list or tuple of CPU
    arrays of one dtype: data of `ndmin` dimensions or more as it is, 1-D data indexed by
    `one_d`, 2-D data (dstack's) by `_DEPTH`, 0-d data reshaped to ones; else None. One loop:
    `one_dtype` and a second pass over its list would cost as much as the concatenate."""
    if type(tup) is not list and type(tup) is not tuple:
        return None
    views, dtype = [], None
    for a in tup:
        if type(a) is not Array or type(d := a._data) is not np.ndarray:
            return None
        if dtype is None:
            dtype = d.dtype
        elif d.dtype is not dtype:
            return None
        n = d.ndim
        views.append(
            d if n >= ndmin else d[one_d] if n == 1 else d[_DEPTH] if n else d.reshape((1,) * ndmin)
        )
    return views or None


def _joined(arrays: list, axis: int, func: str) -> Array:
    if not arrays:
        raise ValueError(f"{func}: need at least one array to concatenate")
    return concat(arrays, axis=axis)


# --- at least N dimensions -------------------------------------------------------------------


def _at_least(arys, func: str, shape_for):
    out = []
    for i, a in enumerate(arys):
        a = _operand(a, func, f"arys[{i}]")
        new = shape_for(a.shape)
        out.append(a if new == a.shape else reshape(a, new))
    return out[0] if len(out) == 1 else tuple(out)


# The first branches of the atleast_Nd functions: one CPU Array, itself where it has the
# dimensions already, else the reshape `_at_least` makes (strides of its own: not `a[None]`'s),
# wrapped as `wrap` does, inlined: its call is a third of NumPy's whole atleast_2d.
_NDARRAY, _new = np.ndarray, object.__new__


def atleast_1d(*arys: ArrayLike) -> Any:  # an Array, a tuple of them for several
    """Each input as an array of at least 1 dimension (0-d becomes shape (1,))."""
    if len(arys) == 1 and type(a := arys[0]) is Array and type(d := a._data) is _NDARRAY:
        if d.ndim:
            return a
        r = _new(Array)
        r._data = d.reshape(1)
        return r
    if (y := _listed_one(arys)) is not None:  # Note [List operands]
        return atleast_1d(y)
    return _at_least(arys, "atleast_1d", lambda s: s if len(s) >= 1 else (1,))


def atleast_2d(*arys: ArrayLike) -> Any:  # an Array, a tuple of them for several
    """At least 2 dimensions: a 1-D array of N becomes a row, shape (1, N)."""
    if len(arys) == 1 and type(a := arys[0]) is Array and type(d := a._data) is _NDARRAY:
        if (n := d.ndim) > 1:
            return a
        r = _new(Array)
        r._data = d.reshape(1, -1) if n else d.reshape(1, 1)
        return r
    if (y := _listed_one(arys)) is not None:  # Note [List operands]
        return atleast_2d(y)
    return _at_least(arys, "atleast_2d", lambda s: s if len(s) >= 2 else (1,) * (2 - len(s)) + s)


def _three_d(s: tuple) -> tuple:
    return {0: (1, 1, 1), 1: (1,) + s + (1,), 2: s + (1,)}.get(len(s), s)


def atleast_3d(*arys: ArrayLike) -> Any:  # an Array, a tuple of them for several
    """At least 3 dimensions: (N,) becomes (1, N, 1) and (M, N) becomes (M, N, 1)."""
    if len(arys) == 1 and type(a := arys[0]) is Array and type(d := a._data) is _NDARRAY:
        if (n := d.ndim) > 2:
            return a
        r = _new(Array)
        r._data = d.reshape(1, -1, 1) if n == 1 else d.reshape(d.shape + (1,) * (3 - n))
        return r
    if (y := _listed_one(arys)) is not None:  # Note [List operands]
        return atleast_3d(y)
    return _at_least(arys, "atleast_3d", _three_d)


def _listed_one(arys: tuple) -> Array | None:
    """The one list, tuple or Python number of an atleast_Nd call, read by `listed`."""
    if len(arys) == 1 and type(arys[0]) in READABLE:
        return listed(arys[0])
    return None


def _listed(value) -> list:
    return list(value) if isinstance(value, tuple) else [value]


# --- stacking --------------------------------------------------------------------------------


def vstack(
    tup: Sequence[ArrayLike], *, dtype: DTypeLike | None = None, casting: str = "same_kind"
) -> Array:
    """Stack arrays row-wise (along the first axis), after `atleast_2d`."""
    if dtype is None and casting == "same_kind" and (rows := _numpy_views(tup, 2, _ROW)):
        try:
            return wrap(joined(_NP_CONCATENATE, rows, 0))
        except ValueError:
            pass
    if (
        r := numpy_for_foreign_items("vstack", tup, dtype=dtype, casting=casting)
    ) is not NotImplemented:
        return r  # (a masked array among them: NumPy's masked answer)
    if (arrays := listed_all(tup)) is not None:  # Note [List operands]
        return vstack(arrays, dtype=dtype, casting=casting)
    arrays = _sequence(tup, "vstack")
    arrays = _listed(atleast_2d(*arrays)) if arrays else []
    return _joined(_cast_all(arrays, dtype, casting, "vstack"), 0, "vstack")


def row_stack(
    tup: Sequence[ArrayLike], *, dtype: DTypeLike | None = None, casting: str = "same_kind"
) -> Array:
    """`vstack` under its old name, with NumPy 2's DeprecationWarning."""
    warnings.warn(
        "`row_stack` alias is deprecated. Use `np.vstack` directly.", DeprecationWarning, 2
    )
    return vstack(tup, dtype=dtype, casting=casting)


def hstack(
    tup: Sequence[ArrayLike], *, dtype: DTypeLike | None = None, casting: str = "same_kind"
) -> Array:
    """Stack arrays column-wise: along axis 0 for 1-D inputs, axis 1 otherwise."""
    if dtype is None and casting == "same_kind" and (parts := _numpy_views(tup, 1)):
        try:
            return wrap(joined(_NP_CONCATENATE, parts, 0 if parts[0].ndim == 1 else 1))
        except ValueError:
            pass
    if (
        r := numpy_for_foreign_items("hstack", tup, dtype=dtype, casting=casting)
    ) is not NotImplemented:
        return r  # (a masked array among them: NumPy's masked answer)
    if (arrays := listed_all(tup)) is not None:  # Note [List operands]
        return hstack(arrays, dtype=dtype, casting=casting)
    arrays = _sequence(tup, "hstack")
    arrays = _listed(atleast_1d(*arrays)) if arrays else []
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return _joined(_cast_all(arrays, dtype, casting, "hstack"), axis, "hstack")


def dstack(tup: Sequence[ArrayLike]) -> Array:
    """Stack arrays depth-wise (along the third axis), after `atleast_3d`."""
    if views := _numpy_views(tup, 3, _DEPTH_1D):
        try:
            return wrap(joined(_NP_CONCATENATE, views, 2))
        except ValueError:
            pass
    if (arrays := listed_all(tup)) is not None:  # Note [List operands]
        return dstack(arrays)
    arrays = _sequence(tup, "dstack")
    arrays = _listed(atleast_3d(*arrays)) if arrays else []
    return _joined(arrays, 2, "dstack")


def column_stack(tup: Sequence[ArrayLike]) -> Array:
    """Stack 1-D arrays as columns of a 2-D array (2-D inputs are stacked as they are)."""
    if cols := _numpy_views(tup, 2, _COLUMN):
        try:
            return wrap(joined(_NP_CONCATENATE, cols, 1))
        except ValueError:
            pass
    if (arrays := listed_all(tup)) is not None:  # Note [List operands]
        return column_stack(arrays)
    arrays = _sequence(tup, "column_stack")
    arrays = [reshape(a, (-1, 1)) if a.ndim < 2 else a for a in arrays]
    return _joined(arrays, 1, "column_stack")


# The dtype NumPy (and asarray) gives each Python scalar: `append`'s values with it need no cast.
_OWN_DTYPE = {t: np.dtype(d) for t, d in ((bool, bool), (int, np.int64), (float, np.float64))}
_OWN_DTYPE[complex] = np.dtype(np.complex128)


def append(arr: ArrayLike, values: ArrayLike, axis: int | None = None) -> Array:
    """`values` appended to `arr`: both flattened when axis is None."""
    if axis is None and type(arr) is Array and type(d := arr._data) is np.ndarray:
        # the concat below, where its promotion is no cast: values of arr's dtype
        v = values._data if type(values) is Array else values
        if type(v) is np.ndarray and v.dtype is d.dtype:
            return wrap(_NP_CONCATENATE((d.reshape(-1), v.reshape(-1))))
        if _OWN_DTYPE.get(type(v)) is d.dtype and (type(v) is not int or v in INT_RANGE):
            return wrap(_NP_CONCATENATE((d.reshape(-1), (v,))))
    if type(arr) in READABLE or type(values) in SEQUENCES:  # Note [List operands]
        if (pair := listed_all((arr, values))) is not None:
            return append(*pair, axis)
    arr = _operand(arr, "append", "arr")
    if arr.dtype.kind == "O" and type(values) is not Array:  # Python objects into objects
        values = wrap(np.asarray(values, dtype=object))  # (`a[-1] + a[-2]` past int64 too)
    values = _operand(values, "append", "values")
    if axis is None:
        return concat([reshape(arr, (-1,)), reshape(values, (-1,))], axis=0)
    return concat([arr, values], axis=axis)


# --- NumPy's routines on the device ----------------------------------------------------------


def _one(func: str, a, name: str = "a"):
    """(device, data) of the one array argument of `func`."""
    device, (data,) = device_datas(func, [(a, name)])
    return device, data


def pad(
    array: ArrayLike,
    pad_width: ArrayLike,
    mode: str | Callable[..., Any] = "constant",
    **kwargs: Any,
) -> Array:
    """`array` padded by `pad_width` on each side of each axis, filled as `mode` says
    ('constant', 'edge', 'linear_ramp', 'maximum', 'mean', 'median', 'minimum', 'reflect',
    'symmetric', 'wrap', 'empty', or a function that fills one padded vector in place: it is
    given the device's own arrays, NumPy's on the CPU)."""
    if type(array) is Array and type(d := array._data) is _NDARRAY and type(mode) is str:
        # np.pad as `apply` calls it, no option an Array (a callable mode must not run twice)
        if type(pad_width) is not Array and (not kwargs or Array not in map(type, kwargs.values())):
            try:
                return made_as_array(wrap(_NP_PAD(d, pad_width, mode, **kwargs)))
            except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
                pass
    device = common_device("pad", [array, pad_width, *kwargs.values()])
    data = data_on(array, device, "pad", "array")
    width = _raw(pad_width, device, "pad", "pad_width")
    options = {k: _raw(v, device, "pad", k) for k, v in kwargs.items()}
    return apply("pad", device, data, width, mode, **options)


def _raw(value, device, func: str, name: str):
    """An option NumPy reads itself (widths, index specs, 'odd'): an Array's data, anything
    else as given."""
    return data_on(value, device, func, name) if isinstance(value, Array) else value


def block(arrays: ArrayLike | Sequence[Any]) -> Array:
    """An array assembled from nested lists of blocks: the innermost lists join along the
    last axis, the next ones out along the one before, and so on."""
    if (nested := _nested_map(arrays, _host_data)) is not None:
        try:  # CPU Arrays only: NumPy's block, as `apply` below calls it
            return wrap(_NP_BLOCK(nested))
        except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
            pass
    leaves = []
    _leaves(arrays, leaves)
    device = common_device("block", leaves)
    nested = _on_device(arrays, device)
    if device.kind == "cpu":
        return apply("block", device, nested)
    return result(_block_generic(module(device), nested), "block")


def _host_data(leaf):
    return leaf._data if type(leaf) is Array and type(leaf._data) is _NDARRAY else None


def _on_device(node, device):
    """The nested lists of `block` with each Array leaf replaced by its data on `device`."""
    if type(node) is list:
        return [_on_device(item, device) for item in node]
    if isinstance(node, Array) or device.kind != "cpu":
        return data_on(node, device, "block", "arrays", scalars=True)
    return node  # NumPy converts (and refuses tuples) as it would have


# insert, delete and resize of one CPU Array, an int or slice index (or an int or tuple shape)
# and Python scalar or CPU Array values: the NumPy calls `apply` makes, their dispatch skipped
_NP_INSERT, _NP_DELETE = undispatched(np.insert), undispatched(np.delete)
_NP_RESIZE, _NP_PAD = undispatched(np.resize), undispatched(np.pad)
_NP_ROLLAXIS, _NP_PACKBITS = undispatched(np.rollaxis), undispatched(np.packbits)
_NP_UNPACKBITS, _NP_BLOCK = undispatched(np.unpackbits), undispatched(np.block)
_INDEX, _SHAPE = (int, slice, list, tuple), (int, tuple)  # (lists: NumPy's own reading)


def insert(
    arr: ArrayLike, obj: int | slice | ArrayLike, values: ArrayLike, axis: int | None = None
) -> Array:
    """`values` inserted before the index or indices `obj` along `axis` (None: of the
    flattened array)."""
    if type(arr) is Array and type(d := arr._data) is np.ndarray and type(obj) in _INDEX:
        v = values._data if type(values) is Array else values
        if type(v) is np.ndarray or type(v) in _OWN_DTYPE:
            try:  # NumPy's insert, as `apply` below calls it; its refusals are worded there
                return wrap(_NP_INSERT(d, obj, v, axis))
            except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
                pass
    if type(arr) in SEQUENCES and (y := listed(arr)) is not None:
        return insert(y, obj, values, axis)  # Note [List operands]
    device = common_device("insert", [arr, obj, values])
    data = data_on(arr, device, "insert", "arr")
    obj = _raw(obj, device, "insert", "obj")
    values = data_on(values, device, "insert", "values", scalars=True)
    if device.kind == "cpu":
        return apply("insert", device, data, obj, values, axis)
    with numpy_errors("insert"):
        return result(_insert_generic(module(device), data, obj, values, axis), "insert")


def delete(arr: ArrayLike, obj: int | slice | ArrayLike, axis: int | None = None) -> Array:
    """`arr` without the entries at the index, indices, slice or boolean mask `obj` along
    `axis` (None: of the flattened array)."""
    if type(arr) is Array and type(d := arr._data) is np.ndarray and type(obj) in _INDEX:
        try:  # NumPy's delete, as `apply` below calls it; its refusals are worded there
            return wrap(_NP_DELETE(d, obj, axis=axis))
        except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
            pass
    if type(arr) in READABLE and (y := listed(arr)) is not None:
        return delete(y, obj, axis)  # Note [List operands]
    device = common_device("delete", [arr, obj])
    data = data_on(arr, device, "delete", "arr")
    obj = _raw(obj, device, "delete", "obj")
    return apply("delete", device, data, obj, axis=axis)


def resize(a: ArrayLike, new_shape: ShapeLike) -> Array:
    """A new array of `new_shape` filled with `a`'s elements in order, repeated as needed."""
    if type(a) is Array and type(d := a._data) is np.ndarray and type(new_shape) in _SHAPE:
        try:  # NumPy's resize, as `apply` below calls it; its refusals are worded there
            return made_as_array(wrap(_NP_RESIZE(d, new_shape)))  # 0-d: NumPy's ndarray
        except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
            pass
    if type(new_shape) is Array and new_shape.ndim == 0:  # an integer NumPy's scalar would be
        return resize(a, operator.index(new_shape))
    device, data = _one("resize", a)
    return apply("resize", device, data, new_shape)


def rot90(m: ArrayLike, k: int = 1, axes: tuple[int, int] = (0, 1)) -> Array:
    """`m` rotated by 90 degrees k times, from the first axis of `axes` towards the second."""
    if type(m) is Array and type(d := m._data) is _NDARRAY and type(k) is int and d.ndim > 1:
        if type(axes) is tuple and axes == (0, 1):  # np.rot90's views, for its default axes
            k %= 4
            if k == 1:
                return wrap(d[:, ::-1].swapaxes(0, 1))
            return wrap(d[::-1, ::-1] if k == 2 else d.swapaxes(0, 1)[:, ::-1] if k else d[:])
    if type(m) in READABLE and (y := listed(m)) is not None:
        return rot90(y, k, axes)  # Note [List operands]
    device, data = _one("rot90", m, "m")
    return apply("rot90", device, data, k, axes)


def fliplr(m: ArrayLike) -> Array:
    """`m` with its columns (axis 1) reversed."""
    if type(m) is Array and type(d := m._data) is _NDARRAY:
        try:  # np.fliplr's view where it has one: the IndexError of fewer than 2 dimensions
            view = d[:, ::-1]  # stands for np.fliplr's ValueError, which is worded below
        except IndexError:
            pass
        else:
            r = _new(Array)  # wrapped as `wrap` does, inlined: its call costs a fifth
            r._data = view
            return r
    if type(m) in READABLE and (y := listed(m)) is not None:
        return fliplr(y)  # Note [List operands]
    device, data = _one("fliplr", m, "m")
    return apply("fliplr", device, data)


def flipud(m: ArrayLike) -> Array:
    """`m` with its rows (axis 0) reversed."""
    if type(m) is Array and type(d := m._data) is _NDARRAY:
        try:  # np.flipud's view where it has one, as in `fliplr`
            view = d[::-1, ...]
        except IndexError:
            pass
        else:
            r = _new(Array)
            r._data = view
            return r
    if type(m) in READABLE and (y := listed(m)) is not None:
        return flipud(y)  # Note [List operands]
    device, data = _one("flipud", m, "m")
    return apply("flipud", device, data)


def rollaxis(a: ArrayLike, axis: int, start: int = 0) -> Array:
    """`a` with `axis` moved to sit before position `start` (prefer moveaxis)."""
    if (r := direct(_NP_ROLLAXIS, a, axis, start)) is not None:
        return r
    device, data = _one("rollaxis", a)
    return apply("rollaxis", device, data, axis, start)


def trim_zeros(
    filt: ArrayLike, trim: str = "fb", axis: int | tuple[int, ...] | None = None
) -> Any:  # an Array, or a list or tuple cut as NumPy cuts one
    """`filt` without its leading ('f') and/or trailing ('b') zeros (along each axis, or
    `axis`)."""
    device, data = _one("trim_zeros", filt, "filt")
    trimmed = apply("trim_zeros", device, data, trim, **given(axis=(axis, None)))
    values = module(device).asarray(data)
    if isinstance(filt, (list, tuple)) and values.ndim == 1:
        # NumPy slices a 1-D sequence itself: a list comes back a list, a tuple a tuple
        nonzero_at = module(device).flatnonzero(values)
        if nonzero_at.size == 0:
            return filt[0:0]
        start = int(nonzero_at[0]) if "f" in trim.lower() else None
        stop = int(nonzero_at[-1]) + 1 if "b" in trim.lower() else None
        return filt[start:stop]
    return trimmed


def ediff1d(
    ary: ArrayLike, to_end: ArrayLike | None = None, to_begin: ArrayLike | None = None
) -> Array:
    """The differences of consecutive elements of flattened `ary`, with `to_begin` and
    `to_end` added at the ends."""
    if to_end is None and to_begin is None and type(ary) is Array:
        d = ary._data  # np.ediff1d's fast track; bool (which it refuses) is worded below
        if type(d) is _NDARRAY and d.dtype.kind in "iufc":
            flat = d.ravel()
            r = _new(Array)  # wrapped as `wrap` does, inlined
            r._data = flat[1:] - flat[:-1]
            return r
    pairs = [(ary, "ary"), (to_end, "to_end"), (to_begin, "to_begin")]
    device = common_device("ediff1d", [v for v, _ in pairs])
    data, end, begin = (None if v is None else data_on(v, device, "ediff1d", n) for v, n in pairs)
    return apply("ediff1d", device, data, end, begin)


def packbits(a: ArrayLike, /, axis: int | None = None, bitorder: str = "big") -> Array:
    """The elements of a boolean or integer array, as bits packed into uint8 (along `axis`, or
    of the flattened array)."""
    if (r := direct(_NP_PACKBITS, a, axis, bitorder)) is not None:
        return r
    device, data = _one("packbits", a)
    return apply("packbits", device, data, axis=axis, bitorder=bitorder)


def unpackbits(
    a: ArrayLike,
    /,
    axis: int | None = None,
    count: int | None = None,
    bitorder: str = "big",
) -> Array:
    """The bits of a uint8 array as a uint8 array of 0s and 1s (`count` bits kept, zeros
    padding any past the input's)."""
    if (r := direct(_NP_UNPACKBITS, a, axis, count, bitorder)) is None:
        device, data = _one("unpackbits", a)
        options = {"axis": axis, "bitorder": bitorder, **given(count=(count, None))}
        r = apply("unpackbits", device, data, **options)
    if type(count) is int and count > 0:  # NumPy leaves an empty input's padding unwritten
        shape = np.shape(a._data if isinstance(a, Array) else a)
        if (math.prod(shape) if axis is None else shape[axis]) == 0:
            r._data[...] = 0
    return r


# each function under its own name, as NumPy's, and the layout queries
NUMPY_ALIASES: dict = {
    name: globals()[name]
    for name in (
        "atleast_1d atleast_2d atleast_3d vstack row_stack hstack dstack column_stack append "
        "array_split split argwhere flatnonzero hsplit vsplit dsplit pad block insert delete "
        "resize rot90 fliplr flipud rollaxis trim_zeros ediff1d packbits unpackbits"
    ).split()
}
NUMPY_ALIASES.update(_LAYOUT)
