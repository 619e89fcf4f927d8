"""Indexing functions (Array API chapter "Indexing Functions"), and the key checks behind
`Array.__getitem__` / `Array.__setitem__`.

`normalize_key` turns a user key into one the device's array module understands, and checks
what NumPy would let through or what CuPy would silently wrap: an out-of-range integer (scalar
or array) raises IndexError naming the axis and its size, on every device.
"""

from __future__ import annotations

import collections
import contextlib
import operator

import numpy as np

from ._array import Array, backing, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._core.checks import check_same_device
from ._core.convert import undispatched
from ._core.devices import device_of
from ._data_types import astype
from ._dispatch import backend_for, backend_of, broadcast_shapes
from ._dispatch.compiled import compiled
from ._dispatch.host_only import numpy_for_foreign
from ._dispatch.host_threads import limits as _gather_limits
from ._dispatch.host_threads import take as _gather
from ._manipulation import as_operand, check_array
from ._manipulation_args import python_floats_as_ints
from ._manipulation_operands import READABLE, listed
from ._numpy_run import numpy_errors
from ._typing import ArrayLike

_VALID = "integers, slices, ellipsis (...), None and integer or boolean arrays"
_SEQUENCES = (list, tuple, range, collections.deque, np.ndarray)  # read as index arrays


def _convert(k, data, func):
    """A key element that is not an int, slice, None, bool or Ellipsis, in backend terms."""
    if isinstance(k, Array):
        kd = k._data
        if type(kd) is not np.ndarray or type(data) is not np.ndarray:
            check_same_device(func, (device_of(data), device_of(kd)))
        if kd.dtype.kind not in "iub":
            raise IndexError(
                f"{func}: index arrays must have an integer or boolean dtype; got {k.dtype.name}"
            )
        if not kd.ndim and kd.dtype.kind != "b" and type(kd) is np.ndarray:
            return int(kd)  # Note [0-d integer keys] in _dispatch/_cfast_paths.c: NumPy's scalar
        return kd
    if isinstance(k, _SEQUENCES) or hasattr(k, "__cuda_array_interface__"):
        # NumPy scripts index with lists, ranges and NumPy arrays, and a tuple inside the key
        # (`x[(0, 2), 1]`) is one too; the standard leaves this open.
        arr = backend_of(data).xp.asarray(k if isinstance(k, (list, np.ndarray)) else list(k))
        if arr.dtype.kind not in "iub" and not (arr.size == 0 and arr.dtype.kind == "f"):
            raise IndexError(
                f"{func}: index arrays must have an integer or boolean dtype; got {arr.dtype}"
            )
        return arr.astype(np.intp) if arr.dtype.kind == "f" else arr
    if isinstance(k, np.bool_):
        return bool(k)
    try:
        return operator.index(k)
    except TypeError:
        raise IndexError(
            f"{func}: only {_VALID} are valid indices; got {type(k).__name__}"
        ) from None


_PLAIN = (int, slice, bool, type(None), type(Ellipsis))


def _consumed(k) -> int:
    """How many axes of the indexed array one key element uses."""
    t = type(k)
    if t is int or t is slice:
        return 1
    if k is None or k is Ellipsis or t is bool:
        return 0
    return k.ndim if k.dtype.kind == "b" else 1


def normalize_key(key, data, func: str = "__getitem__") -> tuple:
    """Check and convert an indexing key for the backend array `data`.

    The result always holds one Ellipsis (appended when absent), so that NumPy returns a 0-d
    array (a view) rather than a scalar when every axis gets an integer.
    """
    items = key if type(key) is tuple else (key,)
    ellipses = used = 0
    check = False  # whether any element needs a bounds or shape check
    for k in items:
        t = type(k)
        if t is slice:
            used += 1
        elif t is int:
            used += 1
            check = True
        elif k is Ellipsis:
            ellipses += 1
        elif k is not None and t is not bool:
            return _normalize_slow(items, data, func)
    return _finish(items, data.shape, ellipses, used, check, func)


def _normalize_slow(items, data, func) -> tuple:
    items = tuple([k if type(k) in _PLAIN else _convert(k, data, func) for k in items])
    ellipses = used = 0
    for k in items:
        if k is Ellipsis:
            ellipses += 1
        else:
            used += _consumed(k)
    return _finish(items, data.shape, ellipses, used, True, func)


def _finish(items, shape, ellipses, used, check, func) -> tuple:
    if ellipses > 1:
        raise IndexError(f"{func}: an index can only have a single ellipsis (...)")
    if used > len(shape):
        raise IndexError(
            f"{func}: too many indices: the array has {len(shape)} dimension"
            f"{'s' if len(shape) != 1 else ''} but {used} were indexed"
        )
    if check:
        _check_bounds(items, shape, used, func)
    return items if ellipses else items + (Ellipsis,)


def _check_bounds(items, shape, used, func):
    axis = 0
    for k in items:
        if k is Ellipsis:
            axis += len(shape) - used
            continue
        t = type(k)
        if t is int:
            if not -shape[axis] <= k < shape[axis]:
                _check_int(k, axis, shape[axis], func)
            axis += 1
        elif t is slice:
            axis += 1
        elif k is not None and t is not bool:
            axis += _check_array_index(k, shape, axis, func)


def _check_array_index(k, shape, axis, func) -> int:
    """Bounds of an integer index array, or the shape of a mask; returns the axes used."""
    if k.dtype.kind == "b":
        _check_mask(k, shape[axis : axis + k.ndim], axis, func)
        return k.ndim
    # NumPy checks (and names the axis) itself; meta index arrays have no values to check.
    if k.size and type(k) is not np.ndarray and device_of(k).kind != "meta":
        lo, hi = int(k.min()), int(k.max())
        _check_int(lo if lo < -shape[axis] else hi, axis, shape[axis], func)
    return 1


def _check_int(i, axis, size, func):
    if not -size <= i < size:
        raise IndexError(f"{func}: index {i} is out of bounds for axis {axis} with size {size}")


def _check_mask(mask, dims, axis, func):
    for j, (m, n) in enumerate(zip(mask.shape, dims)):
        if m != n and m != 0:  # the standard (and NumPy) let a mask dim of 0 select nothing
            raise IndexError(
                f"{func}: boolean index of shape {mask.shape} does not match the "
                f"indexed dimensions {tuple(dims)} (axis {axis + j}: {m} vs {n})"
            )


@contextlib.contextmanager
def prefixed(func: str):
    """Re-raise the backend's IndexError (NumPy names the axis and size) under `func`."""
    try:
        yield
    except IndexError as e:
        raise IndexError(f"{func}: {e}") from None


_prefixed = prefixed


# --- take, take_along_axis -------------------------------------------------------------------


def _index_array(indices, x, func, bools: bool = False) -> object:
    """The backing int array of `indices` on x's device; `bools`: bool indices read as 0
    and 1 (NumPy's `take`; its `take_along_axis` refuses them). Other dtypes are NumPy's
    errors: take's TypeError (a cast it refuses), take_along_axis's IndexError."""
    if not isinstance(indices, Array):  # NumPy's index lists and arrays, on x's device
        data = backing(indices, func, "indices", scalars=False)
        if data.size == 0 and data.dtype.kind == "f":  # `[]` reads as float64 in NumPy too
            data = data.astype(np.intp)
        data = python_floats_as_ints(indices, data, func, "indices")
        if x.device.kind != "cpu":
            data = backend_for(x.device).from_host(data, x.device)
        indices = wrap(data)
    if bools and indices.dtype == _dtypes.bool:
        indices = astype(indices, _dtypes.int64)
    if indices.dtype not in _dtypes.INTEGER:
        error = TypeError if bools else IndexError
        raise error(f"{func}: indices must have an integer dtype; got {indices.dtype.name}")
    check_same_device(func, (x.device, indices.device))
    return indices._data


def take(
    a: ArrayLike,
    indices: ArrayLike,
    axis: int | None = None,
    out: Array | None = None,
    mode: str = "raise",
) -> Array:
    """Elements of `a` at `indices` along `axis` (None: of the flattened `a`); negative indices
    count from the end. NumPy's `mode` says what an out-of-range index does: 'raise'
    (IndexError), 'wrap' (taken modulo the axis length) or 'clip' (to the nearest end); `out`
    receives the result, as in NumPy.

    >>> import xtensor as xp
    >>> xp.take(xp.asarray([[1, 2], [3, 4]]), xp.asarray([1, -2]), axis=1)
    array([[2, 1],
           [4, 3]])
    """
    if out is None and mode == "raise" and type(a) is Array:
        found = _host_take(a._data, indices, axis)
        if found is not None:
            return found
    if type(a) in READABLE and (y := listed(a)) is not None:  # Note [List operands]
        return take(y, indices, axis, out, mode)
    if (r := numpy_for_foreign("take", a, indices, axis, out, mode)) is not NotImplemented:
        return r  # another library's array: its own method, as NumPy calls it (a Series)
    x = as_operand(a, "take", "a")
    idx = _index_array(indices, x, "take", bools=True)
    if axis is None:  # the standard requires axis for 2+ dims; NumPy flattens, and so do we
        data, axis = x._data.reshape(-1), 0
    else:
        data, axis = x._data, normalize_axis(axis, x.ndim, "take")
    # The standard asks for 1-d indices; n-d ones (outside its scope) take as NumPy's do: the
    # result has indices.shape in place of `axis`.
    idx = _in_range(idx, data.shape, axis, mode)
    options = {}
    if out is not None:
        if not isinstance(out, Array):
            raise TypeError(f"take: out must be an xtensor Array; got {type(out).__name__}")
        check_same_device("take", (x.device, out.device))
        options["out"] = out._data
    xp = backend_of(data).xp
    with numpy_errors("take"):  # without out=, a large take gathers in threads
        if options:
            result = xp.take(data, idx, axis=axis, **options)
        else:
            result = _gather(data, idx, axis, "take")
    return out if out is not None else wrap(xp.asarray(result))  # a 0-d index gives a scalar


def _host_take(data, indices, axis):
    """`take` of CPU data at a list or array of integers, as NumPy takes it below the size
    where gathers split into threads; None for any other call, and for an index out of range
    (the checked path raises, naming the function)."""
    idx = indices._data if type(indices) is Array else indices
    if type(data) is not np.ndarray or (type(idx) is not list and type(idx) is not np.ndarray):
        return None
    if axis is None:
        data, axis = data.reshape(-1), 0
    elif type(axis) is not int or not -data.ndim <= axis < data.ndim:
        return None
    idx = np.asarray(idx)
    if idx.dtype.kind not in "iu" or idx.size * data.size >= _gather_limits.TAKE_MIN * max(
        1, data.shape[axis]
    ):
        return None
    try:
        r = data.take(idx, axis)  # np.take's own call, without its two Python frames
    except (IndexError, TypeError):  # out of range, or uint64 indices NumPy will not cast
        return None
    return wrap(r if type(r) is np.ndarray else np.asarray(r))


def _in_range(idx, shape: tuple, axis: int, mode: str):
    """`idx` with NumPy's `mode` applied, so every backend takes in-range indices only (CuPy's
    own take wraps silently)."""
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"take: mode must be one of 'clip', 'raise', or 'wrap'; got {mode!r}")
    size = shape[axis]
    if not idx.size:  # (NumPy reads [] as intp indices)
        return idx if idx.dtype.kind in "iu" else backend_of(idx).xp.zeros(idx.shape, np.intp)
    if size == 0 and 0 in shape[:axis] + shape[axis + 1 :]:
        return idx  # nothing to take from nothing: an empty result
    if size == 0:
        raise IndexError(f"take: cannot do a non-empty take from an empty axis {axis}")
    if mode == "raise":
        _check_bounds((slice(None),) * axis + (idx,), shape, axis + 1, "take")
        return idx
    xp = backend_of(idx).xp
    return xp.mod(idx, size) if mode == "wrap" else xp.clip(idx, 0, size - 1)


def take_along_axis(arr: Array, indices: ArrayLike, axis: int | None = -1) -> Array:
    """Elements of `arr` at `indices` along `axis`, other axes broadcast between the two;
    as in NumPy, axis=None takes from the flattened `arr` (1-d indices, as argsort's)."""
    x = arr  # the standard's name, positional-only there (NumPy names it `arr`)
    if type(x) is Array and type(indices) is Array and type(axis) is int:
        data, idx = x._data, indices._data
        if (
            type(data) is np.ndarray
            and type(idx) is np.ndarray
            and data.shape == idx.shape  # nothing to broadcast
            and idx.dtype.kind in "iu"
        ):
            try:  # a 1-d one is a take; NumPy raises (and the path below words) out of range
                r = data.take(idx) if data.ndim == 1 and -1 <= axis <= 0 else None
                return wrap(_take_along(data, idx, axis) if r is None else r)
            except (IndexError, TypeError, ValueError):
                pass
    x = check_array(x, "take_along_axis", "arr")
    idx = _index_array(indices, x, "take_along_axis")
    if axis is None:  # NumPy's, for argsort(x, axis=None)'s indices
        if idx.ndim != 1:
            raise ValueError("take_along_axis: with axis=None, indices must be 1-dimensional")
        x, axis = wrap(x._data.reshape(-1)), 0
    if x.ndim == 0:
        raise ValueError("take_along_axis: x must have at least one dimension")
    axis = normalize_axis(axis, x.ndim, "take_along_axis")
    if idx.ndim != x.ndim:
        raise ValueError(
            f"take_along_axis: indices has {idx.ndim} dimensions but x has "
            f"{x.ndim}; they must match"
        )
    if idx.size:
        key = (slice(None),) * axis + (idx.reshape(-1),)
        _check_bounds(key, x.shape, axis + 1, "take_along_axis")
    xp = backend_of(x._data).xp
    shape = list(
        broadcast_shapes(
            (
                tuple(1 if i == axis else n for i, n in enumerate(x.shape)),
                tuple(1 if i == axis else n for i, n in enumerate(idx.shape)),
            ),
            "take_along_axis",
        )
    )
    data = xp.broadcast_to(x._data, tuple(shape[:axis] + [x.shape[axis]] + shape[axis + 1 :]))
    idx = xp.broadcast_to(idx, tuple(shape[:axis] + [idx.shape[axis]] + shape[axis + 1 :]))
    with _prefixed("take_along_axis"):
        return wrap(xp.take_along_axis(data, idx, axis=axis))


_take_along = undispatched(np.take_along_axis)

# Note [Compiled hot path] (_dispatch/_cfast.c): `_host_take`'s branch in C
take = compiled("take", take, extra=(_gather_limits, "TAKE_MIN"))

NUMPY_ALIASES: dict = {}

__all__ = ["take", "take_along_axis"]


# Array.__getitem__/__setitem__ check general keys with this (Array sits below the namespace).
Array._normalize_key = staticmethod(normalize_key)
