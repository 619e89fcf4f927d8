"""The creation functions' argument handling: device targets, dtype and shape arguments,
`full`'s fill values (one value, or NumPy's array-like fill broadcast to the shape),
`linspace`'s range ends, the *_like functions' reading of `x` (NumPy's own call where it
gives the answer), `array`'s `ndmax`, and `arange`'s dates and durations. Kept apart from
`_creation`, which holds the functions themselves.
"""

from __future__ import annotations

import operator

import numpy as np

from ._array import Array, backing, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import check_same_device, memory_order, prefixed
from ._core.convert import (
    SCALAR_DEFAULTS,
    check_standard,
    host_array,
    host_only_message,
    undispatched,
)
from ._core.devices import CPU, resolve
from ._creation_small import numeric_dtype
from ._dispatch import backend_for
from ._manipulation import as_operand


def _target(device, func):
    """(array module, Device) for a `device=` argument; None means the CPU."""
    dev = resolve(device, func) or CPU
    return backend_for(dev).xp, dev


def _np_dtype(dtype, func, default=None):
    if dtype is None:
        return None if default is None else default.numpy
    return _dtypes.as_dtype(dtype, func).numpy


def _checked(data, func) -> Array:
    """Wrap, refusing dtypes xtensor lacks (object, strings...)."""
    return wrap(check_standard(data, func))


def _on_device(xp, dev, fn, *args, **kwargs):
    if dev.kind == "cpu":
        return fn(*args, **kwargs)
    # check_standard: string dtypes are refused off the CPU (Note [Host-only dtypes] in dtypes.py).
    if dev.kind != "cuda":  # meta: no memory to place
        return check_standard(fn(*args, **kwargs), getattr(fn, "__name__", "asarray"))
    with xp.cuda.Device(dev.index):
        return check_standard(fn(*args, **kwargs), getattr(fn, "__name__", "asarray"))


def _device_asarray(obj, want, copy, dev) -> Array:
    """`asarray(obj, dtype=want, copy=copy)` onto the device `dev` (not the CPU)."""
    if dev.kind == "cuda" and not _holds_device_data(obj):
        # NumPy's conversion and the standard's dtypes on the host, then one transfer
        if copy is False:
            raise ValueError(f"asarray: copy=False, but moving host data to {dev} copies")
        return _checked(backend_for(dev).from_host(host_array(obj, want), dev), "asarray")
    xp = backend_for(dev).xp
    np_want = None if want is None else want.numpy
    data = _on_device(xp, dev, xp.array, _unwrapped(obj), dtype=np_want, copy=copy is not False)
    return _checked(data, "asarray")


def _holds_device_data(obj) -> bool:
    """Whether `obj`, or the first item at each level of a nested sequence, is device memory
    (an Array or a CuPy-like array off the CPU); sequences are taken as homogeneous."""
    while isinstance(obj, (list, tuple)) and obj:
        obj = obj[0]
    if isinstance(obj, Array):
        return type(obj._data) is not np.ndarray
    return hasattr(obj, "__cuda_array_interface__")


def _unwrapped(obj):
    """`obj` with each Array of a nested sequence replaced by its backing array, which the
    device's own `array` stacks."""
    if isinstance(obj, Array):
        return obj._data
    if isinstance(obj, (list, tuple)):
        return [_unwrapped(o) for o in obj]
    return obj


def _int(value, name, func) -> int:
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{func}: {name} must be an integer; got {value!r}") from None


def _check_copy(copy, func):
    if copy is not None and type(copy) is not bool:
        raise ValueError(f"{func}: copy must be True, False or None; got {copy!r}")


def _shape(shape, func):
    if type(shape) is not tuple and not isinstance(shape, (bool, np.bool_)):
        try:  # an int, or what NumPy reads as one: `zeros(labels.max() + 1)`, a 0-d integer
            shape = (operator.index(shape),)
        except TypeError:  # a list, an array of ints: read below
            pass
    try:
        shape = tuple(operator.index(n) for n in shape)
    except TypeError:
        raise TypeError(f"{func}: shape must be an int or a tuple of ints; got {shape!r}") from None
    if any(n < 0 for n in shape):
        raise ValueError(f"{func}: negative dimensions are not allowed; got shape {shape}")
    return shape


def _fill_value(fill_value, dtype, func):
    """(value, NumPy dtype) for `full`: Python scalars pick the default dtype of their kind;
    an object dtype takes any value (None, a Fraction, a dict), as NumPy's does."""
    target = None if dtype is None else _dtypes.as_dtype(dtype, func)
    if isinstance(fill_value, (Array, np.generic, np.ndarray)):
        if fill_value.ndim != 0:
            raise ValueError(
                f"{func}: fill_value must be a scalar or a 0-d array; got shape {fill_value.shape}"
            )
        own = _dtypes.as_dtype(fill_value.dtype, func)
        value = fill_value._data.item() if isinstance(fill_value, Array) else fill_value.item()
    elif type(fill_value) in SCALAR_DEFAULTS:
        value, own = fill_value, SCALAR_DEFAULTS[type(fill_value)]
    elif isinstance(fill_value, (str, bytes)):  # text (Note [Host-only dtypes] in dtypes.py)
        value, own = fill_value, _dtypes.from_numpy(np.asarray(fill_value).dtype)
    elif target is not None and target.kind == "O":
        return fill_value, target.numpy
    else:
        raise TypeError(
            f"{func}: fill_value must be a bool, int, float or complex; got "
            f"{type(fill_value).__name__}"
        )
    target = own if target is None else target
    if isinstance(value, complex) and target.kind not in "cO":
        raise TypeError(
            f"{func}: a complex fill_value cannot fill a {target.name} array; pass its real part"
        )
    if type(value) is int:
        _dtypes.check_scalar_fits(value, target, func)
    return value, target.numpy


def _is_array_fill(fill_value) -> bool:
    """Whether `fill_value` holds several values that NumPy broadcasts over the result."""
    if isinstance(fill_value, (Array, np.ndarray)):
        return fill_value.ndim > 0
    return isinstance(fill_value, (list, tuple))


def _broadcast_fill(fill_value, shape, dtype, order, device, func) -> Array:
    """NumPy's `full` with an array-like fill: an array of `shape` with `fill_value`
    broadcast into it, of the fill's dtype unless `dtype` is given (cast as NumPy casts)."""
    if dtype is not None and _dtypes.as_dtype(dtype, func).kind == "O":
        return _object_fill(fill_value, shape, order, device, func)
    fill = as_operand(fill_value, func, "fill_value")
    xp, dev = _target(device, func)
    fill = fill.to_device(dev)
    target = fill.dtype if dtype is None else _dtypes.as_dtype(dtype, func)
    if fill.dtype.kind == "c" and target.kind != "c":
        raise TypeError(
            f"{func}: a complex fill_value cannot fill a {target.name} array; pass its real part"
        )
    out = _on_device(xp, dev, xp.empty, shape, target.numpy, order=order)
    try:
        _on_device(xp, dev, xp.copyto, out, fill._data, casting="unsafe")
    except ValueError:
        raise ValueError(
            f"{func}: fill_value of shape {fill.shape} cannot be broadcast to shape {shape}"
        ) from None
    return made_as_array(wrap(out))  # (`full((), [1.5])`: NumPy's 0-d ndarray)


def _object_fill(fill_value, shape, order, device, func) -> Array:
    """`full` of an object dtype with an array-like fill: NumPy reads the fill as its copyto
    does (`[None, 1]` is an object array), on the CPU only (Note [Host-only dtypes])."""
    _, dev = _target(device, func)
    if dev.kind != "cpu":
        raise TypeError(f"{func}: {host_only_message(_dtypes.from_numpy(np.dtype(object)))}")
    out = np.empty(shape, object, order=order)
    try:
        np.copyto(out, _unwrapped(fill_value), casting="unsafe")
    except ValueError as e:
        raise ValueError(f"{func}: {e}") from None
    return wrap(out)


def _range_value(value, name):
    """An arange bound as a Python or NumPy real number; 0-d arrays give their value."""
    if isinstance(value, Array) and value.ndim == 0:
        value = value._data.item()
    if not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"arange: {name} must be an int or a float; got {value!r}")
    return value


def _linspace_dtype(start, stop, dtype):
    """The standard's dtype for Python-scalar ends: the default float, or complex."""
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    default = _dtypes.DEFAULT_COMPLEX if is_complex else _dtypes.DEFAULT_FLOAT
    np_dtype = _np_dtype(dtype, "linspace", default)
    if is_complex and np_dtype.kind != "c":
        raise TypeError(f"linspace: complex start or stop needs a complex dtype; got {np_dtype}")
    return np_dtype


def _range_ends(start, stop, device, func):
    """(module, device, start, stop) for array-like range ends: each on the device asked for,
    or the Arrays' own (Python scalars stay as they are, weak in NumPy's dtype choice)."""
    arrays = [v for v in (start, stop) if isinstance(v, Array)]
    check_same_device(func, [a.device for a in arrays])
    if device is None and arrays:
        device = arrays[0].device
    xp, dev = _target(device, func)
    ends = []
    for value, name in ((start, "start"), (stop, "stop")):
        data = backing(value, func, name)
        ends.append(data if type(data) in SCALAR_DEFAULTS else wrap(data).to_device(dev)._data)
    return xp, dev, *ends


def _like(x, dtype, order, shape, device, func):
    """(shape, dtype, memory order, device) of a *_like result: x's unless given."""
    x = as_operand(x, func)
    if order not in ("K", "A", "C", "F"):
        order = memory_order(order, func)
    new = x.shape if shape is None else _shape(shape, func)
    if order in ("K", "A"):
        flags = x._data.flags
        keep = flags.f_contiguous and not flags.c_contiguous and new == x.shape
        order = "F" if keep else "C"
    dtype = x.dtype if dtype is None else dtype
    return new, dtype, order, (x.device if device is None else device)


_NP_EMPTY_LIKE = undispatched(np.empty_like)  # `_plain_like` hands it exact ndarrays
_LIKE_ORDERS = ("K", "C", "F", "A")  # NumPy's (others: the full path words them)


def _plain_shape(shape) -> bool:
    """Whether `shape` is a non-negative int or a tuple of them (NumPy's own reading)."""
    if type(shape) is int:
        return shape >= 0
    return type(shape) is tuple and all(type(n) is int and n >= 0 for n in shape)


def _plain_like(x, dtype, order, shape, device, fill=None):
    """The *_like result as NumPy makes it, for a CPU array, a dtype of xtensor's 14
    (`numeric_dtype`: any spelling), one of NumPy's orders and an int or tuple-of-ints
    `shape` (or None): x's shape and layout (order 'K') unless asked, x's dtype or that one,
    filled with `fill` unless None; else None."""
    if type(x) is not Array or device is not None or type(order) is not str:
        return None
    if order not in _LIKE_ORDERS:
        return None
    d = x._data
    if type(d) is not np.ndarray or not (shape is None or _plain_shape(shape)):
        return None
    to = d.dtype if dtype is None else numeric_dtype(dtype)
    if to is None or fill is not None and to.kind not in "biufc":
        return None
    r = _NP_EMPTY_LIKE(d, to, order, True, shape)
    if fill is not None:
        r.fill(fill)
    return made_as_array(wrap(r))  # 0-d: NumPy's ndarray (Note [0-d arrays print as scalars])


def _read_to_depth(obj, dtype, ndmax: int):
    """NumPy 2.4's `ndmax`, by NumPy's own reading of nested sequences: deeper levels stay
    Python objects (with dtype=object) or raise ValueError. An object array nobody asked for
    (None among the values, say) is not kept: `obj` goes on to asarray, which refuses it."""
    try:
        data = np.array(obj, dtype=_np_dtype(dtype, "array"), ndmax=ndmax)
    except (TypeError, ValueError) as e:
        raise prefixed(e, "array") from None
    return obj if data.dtype.kind == "O" and dtype is None else data


def _time_scalar(value):
    """A 0-d Array of dates or durations (`xt.datetime64('2020-01-01')`, which NumPy scripts
    write as `np.datetime64(...)`) as NumPy's scalar of it; any other value as it is."""
    if isinstance(value, Array) and value.ndim == 0 and value._data.dtype.kind in "Mm":
        return value._data[()]
    return value


def _is_time_range(start, stop, dtype) -> bool:
    """Whether `arange` counts dates or durations: a datetime64/timedelta64 dtype, or a bound
    that is one (a date string, NumPy's datetime64 or timedelta64 scalar)."""
    if dtype is not None and _dtypes.as_dtype(dtype, "arange").kind in "Mm":
        return True
    return any(isinstance(v, (str, np.datetime64, np.timedelta64)) for v in (start, stop))


def _time_arange(start, stop, step, dtype, device) -> Array:
    """NumPy's `arange` of dates (`arange('2020-01', '2020-06', dtype='datetime64[M]')`), on the
    CPU only (Note [Host-only dtypes] in `_core/dtypes.py`)."""
    _, dev = _target(device, "arange")
    bounds = (start,) if stop is None else (start, stop)
    try:
        step = 1 if step is None else step  # (by keyword: one bound alone is the stop)
        data = np.arange(*bounds, step=step, dtype=_np_dtype(dtype, "arange"))
    except (TypeError, ValueError) as e:
        raise prefixed(e, "arange") from None
    if dev.kind != "cpu":
        raise TypeError(f"arange: {host_only_message(_dtypes.from_numpy(data.dtype))}")
    return _checked(data, "arange")
