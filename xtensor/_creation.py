"""Creation functions (Array API chapter "Creation Functions").

Thin: each resolves dtype and device, then lets the device's array module (NumPy or CuPy)
allocate and fill. Only xtensor's 14 dtypes (the standard's 13 and NumPy's float16) ever come
out: NumPy inputs of other dtypes are refused.

Where the standard leaves input unspecified, NumPy's conventions apply: the array operands of
`*_like`, `tril`, `triu` and `meshgrid` may be lists or NumPy arrays, `full` broadcasts an
array-like fill, and `arange`, `linspace` and `*_like` take NumPy's positional forms and
keywords. Argument handling lives in `_creation_args`.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import memory_order
from ._core.convert import host_array
from ._core.devices import CPU, resolve
from ._creation_args import (
    _NP_EMPTY_LIKE,
    _broadcast_fill,
    _check_copy,
    _checked,
    _device_asarray,
    _fill_value,
    _int,
    _is_array_fill,
    _is_time_range,
    _like,
    _np_dtype,
    _on_device,
    _plain_like,
    _range_value,
    _read_to_depth,
    _shape,
    _target,
    _time_arange,
    _time_scalar,
)
from ._creation_dlpack import from_dlpack
from ._creation_matrices import eye, meshgrid, tril, triu
from ._creation_ranges import linspace
from ._creation_small import (
    small_arange,
    small_full,
    small_full_like,
)
from ._dispatch import backend_for, copied
from ._dispatch.compiled import compiled
from ._dispatch.creation import CPU_DTYPES, DEFAULT_FLOAT, FILL_DTYPES, cpu_dtype
from ._dispatch.reduction import loudly
from ._manipulation_operands import READABLE, like_device, listed
from ._typing import ArrayLike, DeviceLike, DTypeLike, Scalar, ShapeLike

_PLAIN_NUMPY = frozenset(d.numpy for d in _dtypes.ALL)  # native order: no conversion
_ORDERS = ("C", "F")  # the first branches' (NumPy's too); others are the full path's to word


# --- asarray --------------------------------------------------------------------------------


def asarray(
    obj: ArrayLike,
    /,
    dtype: DTypeLike | None = None,
    order: str | None = None,
    *,
    device: DeviceLike | None = None,
    copy: bool | None = None,
    like: Array | None = None,
) -> Array:
    """Convert `obj` (an Array, NumPy array, buffer, Python scalar or nested sequence).

    copy=True always copies; copy=False never does (ValueError when it would have to);
    copy=None copies only when needed, so a NumPy array or buffer of a supported dtype is
    shared, not copied. Python scalars give bool, int64, float64 or complex128. NumPy's
    `dtype` by position, `order` ('C' or 'F': that memory layout) and `like` (its device)
    work too.

    >>> import xtensor as xp
    >>> xp.asarray([1, 2, 3], dtype=xp.float32)
    array([1., 2., 3.], dtype=float32)
    """
    if (order == "F" or order == "C") and type(obj) is Array and type(obj._data) is np.ndarray:
        if dtype is device is like is None and (copy is None or copy is True):  # NumPy's own
            d = obj._data  # `asarray(x, order='F')`: x itself where laid out so, else a copy
            laid = d.flags.f_contiguous if order == "F" else d.flags.c_contiguous
            return obj if laid and copy is None else wrap(d.copy(order=order))
    if order not in (None, "K", "A", "C", "F"):
        order = memory_order(order, "asarray")
    if order == "A" and copy:  # NumPy's copy in order 'A': F for F-contiguous data only
        order = "F" if _fortran_only(obj) else "C"
    if device is None and like is not None:
        device = like_device(like, "asarray")
    if dtype is None:
        x = _converted(obj, dtype, device, copy)
    else:  # a conversion warns where NumPy's cast does, at the caller's line
        x = loudly(_converted, obj, dtype, device, copy)
    if order == "C" or order == "F":
        x = _laid_out(x, order, copy, "asarray")
    return x if x is obj else made_as_array(x)  # Note [0-d arrays print as scalars]


def _converted(obj, dtype, device, copy) -> Array:
    if type(obj) is Array and device is None and copy is None and type(obj._data) is np.ndarray:
        data = obj._data
        if dtype is not None and data.dtype != cpu_dtype(dtype, "asarray"):  # (cached; C too)
            return wrap(data.astype(cpu_dtype(dtype, "asarray")))
        if data.ndim or getattr(obj, "_as_ndarray", None):
            return obj  # the same object, as NumPy returns (`asarray(a) is a`); C twin too
        return wrap(data.copy())  # an element (NumPy's scalar): a 0-d ndarray of its value
    if type(obj) is np.ndarray and dtype is None and device is None and copy is None:
        if obj.dtype in _PLAIN_NUMPY:  # shared, as NumPy's asarray shares it; C twin too
            return wrap(obj)
    if type(obj) in _PLAIN_PYTHON and dtype is None and device is None and copy is None:
        if (x := _plain_python(obj)) is not None:
            return x
    _check_copy(copy, "asarray")
    if dtype is not None:  # (its spelling cached for the C twin: `dtype=float` next time)
        cpu_dtype(dtype, "asarray")
    want = None if dtype is None else _dtypes.as_dtype(dtype, "asarray")
    if isinstance(obj, Array):
        return _from_array(obj, want, device, copy)
    dev = resolve(device, "asarray") or CPU
    if dev.kind != "cpu":
        return _device_asarray(obj, want, copy, dev)
    return wrap(host_array(obj, want, copy))


def _from_array(x: Array, want, device, copy) -> Array:
    dev = resolve(device, "asarray") or x.device
    if dev != x.device:
        if copy is False:
            raise ValueError(f"asarray: copy=False, but moving from {x.device} to {dev} copies")
        x, copy = x.to_device(dev), None  # the move made a fresh buffer
    if want is not None and want is not x.dtype:
        if copy is False:
            raise ValueError(
                f"asarray: copy=False, but converting {x.dtype.name} to {want.name} copies"
            )
        return wrap(x._data.astype(want.numpy))
    # No change asked for: the same object, as NumPy returns (`asarray(a) is a`); a subclass's
    # data as a plain Array (NumPy's asarray drops subclasses); a copy in order K, as NumPy's.
    return wrap(copied(x._data, "K")) if copy else x if type(x) is Array else wrap(x._data)


def array(
    obj: ArrayLike,
    /,
    dtype: DTypeLike | None = None,
    *,
    copy: bool | None = True,
    order: str | None = "K",
    subok: bool = False,
    ndmin: int = 0,
    ndmax: int = 0,
    like: Array | None = None,
    device: DeviceLike | None = None,
) -> Array:
    """NumPy's `array`: `asarray` that copies by default, with NumPy's `order` (memory
    layout), `ndmin` (leading axes of length 1 added) and `ndmax` (nested sequences read to
    at most that depth; 0: no limit); `like`'s device unless `device`."""
    x = _array(obj, dtype, copy, order, ndmin, ndmax, like, device)
    return x if x is obj else made_as_array(x)  # Note [0-d arrays print as scalars]


def _array(obj, dtype, copy, order, ndmin, ndmax, like, device) -> Array:
    if order not in ("K", "A", "C", "F", None):
        order = memory_order(order, "array")
    if type(ndmin) is not int or ndmin > _MAX_DIMS:
        ndmin = _int(ndmin, "ndmin", "array")
        if ndmin > _MAX_DIMS:
            raise ValueError(f"array: ndmin must be at most {_MAX_DIMS}; got {ndmin}")
    plain = dtype is None and device is None and copy is True and like is None
    if plain and order == "K" and not ndmax:  # NumPy's defaults
        if type(obj) is Array and type(d := obj._data) is np.ndarray:
            return wrap(_prepended(copied(d, "K"), ndmin, "K"))  # NumPy's copy in obj's layout
        if not ndmin and type(obj) in _PLAIN_PYTHON and (x := _plain_python(obj)) is not None:
            return x  # fresh: asarray(copy=True) copies no list twice
    if (copy is False or copy is None) and type(obj) is Array and order in ("K", "A", None):
        if dtype is device is like is None and not ndmin and not ndmax:
            return obj  # what asarray answers: obj itself
    if device is None and like is not None and not isinstance(obj, Array):
        device = like_device(like, "array")
    if ndmax and not isinstance(obj, Array):
        obj, copy = _read_to_depth(obj, dtype, ndmax), None if copy else copy
    if order == "A" and copy:  # NumPy's copy in order 'A': F for F-contiguous data only
        order = "F" if _fortran_only(obj) else "C"
    x = asarray(obj, dtype=dtype, device=device, copy=copy)
    if order not in ("K", "A", None):
        x = _laid_out(x, order, copy, "array")
    return x if x.ndim >= ndmin else wrap(_prepended(x._data, ndmin, order))


_PLAIN_PYTHON = (list, tuple, bool, int, float, complex, range)  # NumPy reads these as we do
_MAX_DIMS = 64  # NumPy's NPY_MAXDIMS
_STANDARD = frozenset(d.numpy for d in _dtypes.ALL)
_NP_ASARRAY, _new = np.asarray, object.__new__


def _plain_python(obj) -> Array | None:
    """NumPy's reading of a (nested) list or tuple, or a Python scalar, where `host_array`
    would keep it as it is (one of the 14 dtypes, native: all NumPy gives these; a Python int
    is int64, or uint64 past it, as `scalar_dtype` says); else None, and the full path reads
    `obj` again, to refuse an object array or convert strings, with its own words."""
    try:
        data = _NP_ASARRAY(obj)
    except Exception:  # noqa: BLE001 - any refusal is the full path's to word
        return None
    if data.dtype not in _STANDARD:
        return None
    x = _new(Array)  # wrap(), inlined: a small list's whole conversion costs three of it
    x._data = data
    return x


def _prepended(data, ndmin: int, order):
    """`data` (laid out as `order` asks) with axes of length 1 in front, up to `ndmin`
    dimensions: a view, with the new axes' strides NumPy gives them."""
    if data.ndim >= ndmin:
        return data
    if type(data) is np.ndarray:
        return np.array(data, copy=None, ndmin=ndmin, order=order)
    return data.reshape((1,) * (ndmin - data.ndim) + data.shape)


def _fortran_only(obj) -> bool:
    """Whether `obj` is a CPU array F-contiguous and not C-contiguous (NumPy's `isfortran`)."""
    data = obj._data if isinstance(obj, Array) else obj
    return isinstance(data, np.ndarray) and np.isfortran(data)


def _laid_out(x: Array, order, copy, func) -> Array:
    """`x` in memory order `order` ('C' or 'F'); a copy only when its layout differs."""
    data = x._data
    if data.flags.c_contiguous if order == "C" else data.flags.f_contiguous:
        return x
    if copy is False:
        raise ValueError(f"{func}: copy=False, but changing the memory layout to {order!r} copies")
    return wrap(data.copy(order=order))


# --- from a shape ---------------------------------------------------------------------------


def _filled(kind, shape, dtype, device, func, order="C", like=None) -> Array:
    if order not in ("C", "F"):
        order = memory_order(order, func, "CF")
    if device is None and like is not None:
        device = like_device(like, func)
    xp, dev = _target(device, func)
    fill = getattr(xp, kind)
    np_dtype = _np_dtype(dtype, func, _dtypes.DEFAULT_FLOAT)
    x = wrap(_on_device(xp, dev, fill, _shape(shape, func), np_dtype, order=order))
    return made_as_array(x)  # `zeros(())`: NumPy's 0-d ndarray (Note [0-d arrays print ...])


def _small_filled(fill, shape, dtype, func: str, order: str) -> Array | None:
    """`fill(shape, dtype, order)` on the CPU (Note [Small creation calls] in
    _dispatch/creation.py), or None for arguments NumPy refuses: the full path's checks then
    name the problem."""
    try:
        data = fill(shape, DEFAULT_FLOAT if dtype is None else cpu_dtype(dtype, func), order)
        return made_as_array(wrap(data))
    except (TypeError, ValueError):
        return None


# NumPy scripts pass dtype (and order) positionally: `zeros((2, 3), "f4")`. The standard's
# keyword-only `dtype=` and `device=` work as before.


def empty(
    shape: ShapeLike,
    dtype: DTypeLike | None = None,
    order: str = "C",
    *,
    device: DeviceLike | None = None,
    like: Array | None = None,
) -> Array:
    """An uninitialised array (float64 unless `dtype` is given)."""
    if device is None and like is None and order in _ORDERS and type(shape) in (int, tuple):
        small = _small_filled(np.empty, shape, dtype, "empty", order)
        if small is not None:
            return small
    return _filled("empty", shape, dtype, device, "empty", order, like)


def zeros(
    shape: ShapeLike,
    dtype: DTypeLike | None = None,
    order: str = "C",
    *,
    device: DeviceLike | None = None,
    like: Array | None = None,
) -> Array:
    """An array of zeros (float64 unless `dtype` is given)."""
    if device is None and like is None and order in _ORDERS and type(shape) in (int, tuple):
        small = _small_filled(np.zeros, shape, dtype, "zeros", order)
        if small is not None:
            return small
    return _filled("zeros", shape, dtype, device, "zeros", order, like)


def ones(
    shape: ShapeLike,
    dtype: DTypeLike | None = None,
    order: str = "C",
    *,
    device: DeviceLike | None = None,
    like: Array | None = None,
) -> Array:
    """An array of ones (float64 unless `dtype` is given)."""
    if device is None and like is None and order in _ORDERS and type(shape) in (int, tuple):
        small = _small_filled(np.ones, shape, dtype, "ones", order)
        if small is not None:
            return small
    return _filled("ones", shape, dtype, device, "ones", order, like)


def full(
    shape: ShapeLike,
    fill_value: Scalar | ArrayLike,
    dtype: DTypeLike | None = None,
    order: str = "C",
    *,
    device: DeviceLike | None = None,
    like: Array | None = None,
) -> Array:
    """An array filled with `fill_value`; its dtype follows the value's Python type. An
    array-like fill (a list, an array) is broadcast to `shape`, as in NumPy."""
    if device is None and like is None and order in _ORDERS and type(shape) in (int, tuple):
        if (small := small_full(shape, fill_value, dtype, order)) is not None:
            return small
    if order not in ("C", "F"):
        order = memory_order(order, "full", "CF")
    if device is None and like is not None:
        device = like_device(like, "full")
    shape = _shape(shape, "full")
    if _is_array_fill(fill_value):
        if device is None and isinstance(fill_value, Array):
            device = fill_value.device
        return _broadcast_fill(fill_value, shape, dtype, order, device, "full")
    xp, dev = _target(device, "full")
    value, np_dtype = _fill_value(fill_value, dtype, "full")
    full = backend_for(dev).full
    return made_as_array(wrap(_on_device(xp, dev, full, shape, value, np_dtype, order=order)))


# --- from another array ---------------------------------------------------------------------


# The *_like functions take NumPy's positional dtype, order ('K' and 'A' keep x's Fortran
# layout), subok (xtensor has no subclasses) and shape (x's dtype and layout, another shape).


def empty_like(
    x: ArrayLike,
    /,
    dtype: DTypeLike | None = None,
    order: str = "K",
    subok: bool = True,
    shape: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """An uninitialised array shaped like `x` (and of its dtype and device by default)."""
    if (plain := _plain_like(x, dtype, order, shape, device)) is not None:
        return plain
    shape, dtype, order, device = _like(x, dtype, order, shape, device, "empty_like")
    return _filled("empty", shape, dtype, device, "empty_like", order)


def zeros_like(
    x: ArrayLike,
    /,
    dtype: DTypeLike | None = None,
    order: str = "K",
    subok: bool = True,
    shape: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """Zeros shaped like `x` (and of its dtype and device by default)."""
    if (plain := _plain_like(x, dtype, order, shape, device, 0)) is not None:
        return plain
    shape, dtype, order, device = _like(x, dtype, order, shape, device, "zeros_like")
    return _filled("zeros", shape, dtype, device, "zeros_like", order)


def ones_like(
    x: ArrayLike,
    /,
    dtype: DTypeLike | None = None,
    order: str = "K",
    subok: bool = True,
    shape: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """Ones shaped like `x` (and of its dtype and device by default)."""
    if (plain := _plain_like(x, dtype, order, shape, device, 1)) is not None:
        return plain
    shape, dtype, order, device = _like(x, dtype, order, shape, device, "ones_like")
    return _filled("ones", shape, dtype, device, "ones_like", order)


def full_like(
    x: ArrayLike,
    /,
    fill_value: Scalar | ArrayLike,
    dtype: DTypeLike | None = None,
    order: str = "K",
    subok: bool = True,
    shape: ShapeLike | None = None,
    *,
    device: DeviceLike | None = None,
) -> Array:
    """`fill_value` shaped like `x`; the dtype is `x`'s unless given (values cast as NumPy
    casts them; an array-like fill is broadcast, as in NumPy)."""
    if type(x) is Array and type(d := x._data) is np.ndarray and type(fill_value) in _FILLS:
        if order == "K" and shape is None and device is None:
            if (out := small_full_like(d, fill_value, dtype)) is not None:
                return out
    if type(x) in READABLE and (y := listed(x)) is not None:  # Note [List operands]
        return full_like(y, fill_value, dtype, order, subok, shape, device=device)
    shape, dtype, order, device = _like(x, dtype, order, shape, device, "full_like")
    if _is_array_fill(fill_value):
        return _broadcast_fill(fill_value, shape, dtype, order, device, "full_like")
    xp, dev = _target(device, "full_like")
    value, np_dtype = _fill_value(fill_value, dtype, "full_like")
    full = backend_for(dev).full
    return made_as_array(wrap(_on_device(xp, dev, full, shape, value, np_dtype, order=order)))


_FILLS = (float, int, bool, complex)


# --- ranges ---------------------------------------------------------------------------------


def arange(
    start: float | Array | None = None,
    stop: float | Array | None = None,
    step: float | Array | None = 1,
    dtype: DTypeLike | None = None,
    *,
    device: DeviceLike | None = None,
    like: Array | None = None,
) -> Array:
    """Values from `start` up to (not including) `stop` by `step`; int64 when all three
    are ints, float64 otherwise. NumPy's forms work too: `arange(stop)`, a positional
    `dtype` (`arange(1, 10, 2, float)`), `start=`/`stop=` by keyword and `like=`."""
    if device is None and like is None:
        if (small := small_arange(start, stop, step, dtype)) is not None:
            return small
    if device is None and like is not None:
        device = like_device(like, "arange")
    start, stop, step = (_time_scalar(v) for v in (start, stop, step))
    if _is_time_range(start, stop, dtype):
        return _time_arange(start, stop, step, dtype, device)
    xp, dev = _target(device, "arange")
    if stop is None:
        if start is None:
            raise TypeError("arange: stop must be given")
        start, stop = 0, start
    start = 0 if start is None else start
    step = 1 if step is None else step
    start, stop, step = (
        _range_value(v, n) for v, n in ((start, "start"), (stop, "stop"), (step, "step"))
    )
    if step == 0:
        raise ZeroDivisionError("arange: step must not be zero")
    all_int = all(isinstance(v, (int, np.integer)) for v in (start, stop, step))
    default = _dtypes.DEFAULT_INT if all_int else _dtypes.DEFAULT_FLOAT
    return _checked(
        _on_device(
            xp, dev, xp.arange, start, stop, step, dtype=_np_dtype(dtype, "arange", default)
        ),
        "arange",
    )


__all__ = [
    "arange",
    "asarray",
    "empty",
    "empty_like",
    "eye",
    "from_dlpack",
    "full",
    "full_like",
    "linspace",
    "meshgrid",
    "ones",
    "ones_like",
    "tril",
    "triu",
    "zeros",
    "zeros_like",
]

# Note [Compiled hot path] in _dispatch/_cfast.c: C twins of the first branches above.
zeros, ones, empty = (
    compiled(f.__name__, f, CPU_DTYPES, extra=DEFAULT_FLOAT) for f in (zeros, ones, empty)
)
empty_like, zeros_like, ones_like = (
    compiled("like", f, extra=(_NP_EMPTY_LIKE, fill))
    for f, fill in ((empty_like, None), (zeros_like, 0), (ones_like, 1))
)
arange, asarray = compiled("arange", arange, CPU_DTYPES), compiled("asarray", asarray, CPU_DTYPES)
full = compiled("full", full, CPU_DTYPES, extra=FILL_DTYPES)
array = compiled("asarray", array, CPU_DTYPES, extra=True)  # extra: it copies an Array

NUMPY_ALIASES = {"array": array}


def _scalar(value, dtype) -> Array:
    """`xtensor.float32(x)`, `asarray(x, dtype=float32)` standing for NumPy's scalar: the core
    layer's DType calls it. A new one prints as that scalar (Note [0-d arrays print as
    scalars])."""
    x = asarray(value, dtype=dtype)
    if x is not value:
        return wrap(x._data)
    marked = not x._data.ndim and getattr(x, "_as_ndarray", None)  # NumPy's 0-d ndarray
    return wrap(x._data.copy()) if marked else x  # (`float64(asarray(3.5))`: a scalar)


_dtypes.DType._asarray = _scalar
