"""Creation functions (Array API chapter "Creation Functions").

Thin: each resolves dtype and device, then lets the device's array module (NumPy or CuPy)
allocate and fill. Only xtensor's 13 dtypes ever come out: NumPy inputs of other dtypes are
refused, except float16, which widens to float32 when no dtype is asked for.
"""

from __future__ import annotations

import operator

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import check_same_device
from ._core.convert import SCALAR_DEFAULTS, check_standard, host_array
from ._core.devices import CPU, Device, resolve
from ._dispatch import backend_for, backend_of
from ._manipulation import check_array

# DLPack device types (dlpack.h, DLDeviceType) that xtensor can hold.
_DLPACK_CPU, _DLPACK_CUDA = 1, 2


def _target(device, func):
    """(array module, Device) for a `device=` argument; None means the CPU."""
    dev = resolve(device, func) or CPU
    return backend_for(dev).xp, dev


def _np_dtype(dtype, func, default=None):
    if dtype is None:
        return None if default is None else default.numpy
    return _dtypes.as_dtype(dtype, func).numpy


def _checked(data, func) -> Array:
    """Wrap, refusing dtypes outside the standard's 13 (float16, object, strings...)."""
    return wrap(check_standard(data, func))


def _on_device(xp, dev, fn, *args, **kwargs):
    if dev.kind == "cpu":
        return fn(*args, **kwargs)
    with xp.cuda.Device(dev.index):
        return fn(*args, **kwargs)


def _int(value, name, func) -> int:
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{func}: {name} must be an integer; got {value!r}") from None


def _check_copy(copy, func):
    if copy is not None and type(copy) is not bool:
        raise ValueError(f"{func}: copy must be True, False or None; got {copy!r}")


# --- asarray --------------------------------------------------------------------------------


def asarray(obj, /, *, dtype=None, device=None, copy=None) -> Array:
    """Convert `obj` (an Array, NumPy array, buffer, Python scalar or nested sequence).

    copy=True always copies; copy=False never does (ValueError when it would have to);
    copy=None copies only when needed, so a NumPy array or buffer of a supported dtype is
    shared, not copied. Python scalars give bool, int64, float64 or complex128.

    >>> import xtensor as xp
    >>> xp.asarray([1, 2, 3], dtype=xp.float32)
    array([1., 2., 3.], dtype=float32)
    """
    _check_copy(copy, "asarray")
    want = None if dtype is None else _dtypes.as_dtype(dtype, "asarray")
    if isinstance(obj, Array):
        return _from_array(obj, want, device, copy)
    dev = resolve(device, "asarray") or CPU
    if dev.kind != "cpu":
        xp = backend_for(dev).xp
        np_want = None if want is None else want.numpy
        data = _on_device(xp, dev, xp.array, obj, dtype=np_want, copy=copy is not False)
        return _checked(data, "asarray")
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
    # No change asked for: the same object, as NumPy returns (`asarray(a) is a`).
    return wrap(x._data.copy()) if copy else x


def array(
    obj, /, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None, device=None
) -> Array:
    """NumPy's `array`: `asarray` that copies by default, with NumPy's `order` (memory
    layout) and `ndmin` (leading axes of length 1 added); `like`'s device unless `device`."""
    if device is None and like is not None and not isinstance(obj, Array):
        device = check_array(like, "array", "like").device
    x = asarray(obj, dtype=dtype, device=device, copy=copy)
    if x.ndim < ndmin:
        x = wrap(x._data.reshape((1,) * (ndmin - x.ndim) + x.shape))
    return x if order in ("K", "A", None) else _laid_out(x, order, copy, "array")


def _laid_out(x: Array, order, copy, func) -> Array:
    """`x` in memory order `order` ('C' or 'F'); a copy only when its layout differs."""
    if order not in ("C", "F"):
        raise ValueError(f"{func}: order must be one of 'C', 'F', 'A' or 'K'; got {order!r}")
    data = x._data
    if data.flags.c_contiguous if order == "C" else data.flags.f_contiguous:
        return x
    if copy is False:
        raise ValueError(f"{func}: copy=False, but changing the memory layout to {order!r} copies")
    return wrap(data.copy(order=order))


# --- from a shape ---------------------------------------------------------------------------


def _shape(shape, func):
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, (bool, np.bool_)):
        shape = (int(shape),)
    try:
        shape = tuple(operator.index(n) for n in shape)
    except TypeError:
        raise TypeError(f"{func}: shape must be an int or a tuple of ints; got {shape!r}") from None
    if any(n < 0 for n in shape):
        raise ValueError(f"{func}: negative dimensions are not allowed; got shape {shape}")
    return shape


def _filled(kind, shape, dtype, device, func, order="C", like=None) -> Array:
    if order not in ("C", "F"):
        raise ValueError(f"{func}: only 'C' or 'F' order is permitted; got {order!r}")
    if device is None and like is not None:
        device = check_array(like, func, "like").device
    xp, dev = _target(device, func)
    fill = getattr(xp, kind)
    np_dtype = _np_dtype(dtype, func, _dtypes.DEFAULT_FLOAT)
    return wrap(_on_device(xp, dev, fill, _shape(shape, func), np_dtype, order=order))


# NumPy scripts pass dtype (and order) positionally: `zeros((2, 3), "f4")`. The standard's
# keyword-only `dtype=` and `device=` work as before.


def empty(shape, dtype=None, order="C", *, device=None, like=None) -> Array:
    """An uninitialised array (float64 unless `dtype` is given)."""
    return _filled("empty", shape, dtype, device, "empty", order, like)


def zeros(shape, dtype=None, order="C", *, device=None, like=None) -> Array:
    """An array of zeros (float64 unless `dtype` is given)."""
    return _filled("zeros", shape, dtype, device, "zeros", order, like)


def ones(shape, dtype=None, order="C", *, device=None, like=None) -> Array:
    """An array of ones (float64 unless `dtype` is given)."""
    return _filled("ones", shape, dtype, device, "ones", order, like)


def _fill_value(fill_value, dtype, func):
    """(value, NumPy dtype) for `full`: Python scalars pick the default dtype of their kind."""
    if isinstance(fill_value, (Array, np.generic)):
        if fill_value.ndim != 0:
            raise ValueError(
                f"{func}: fill_value must be a scalar or a 0-d array; got shape {fill_value.shape}"
            )
        own = _dtypes.as_dtype(fill_value.dtype, func)
        value = fill_value._data.item() if isinstance(fill_value, Array) else fill_value.item()
    elif type(fill_value) in SCALAR_DEFAULTS:
        value, own = fill_value, SCALAR_DEFAULTS[type(fill_value)]
    else:
        raise TypeError(
            f"{func}: fill_value must be a bool, int, float or complex; got "
            f"{type(fill_value).__name__}"
        )
    target = own if dtype is None else _dtypes.as_dtype(dtype, func)
    if isinstance(value, complex) and target.kind != "c":
        raise TypeError(
            f"{func}: a complex fill_value cannot fill a {target.name} array; pass its real part"
        )
    if type(value) is int:
        _dtypes.check_scalar_fits(value, target, func)
    return value, target.numpy


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None) -> Array:
    """An array filled with `fill_value`; its dtype follows the value's Python type."""
    if order not in ("C", "F"):
        raise ValueError(f"full: only 'C' or 'F' order is permitted; got {order!r}")
    if device is None and like is not None:
        device = check_array(like, "full", "like").device
    xp, dev = _target(device, "full")
    value, np_dtype = _fill_value(fill_value, dtype, "full")
    shape = _shape(shape, "full")
    return wrap(_on_device(xp, dev, xp.full, shape, value, np_dtype, order=order))


# --- from another array ---------------------------------------------------------------------


def _like(x, dtype, device, func):
    check_array(x, func)
    return (x.dtype if dtype is None else dtype), (x.device if device is None else device)


def empty_like(x, /, *, dtype=None, device=None) -> Array:
    """An uninitialised array shaped like `x` (and of its dtype and device by default)."""
    dtype, device = _like(x, dtype, device, "empty_like")
    return _filled("empty", x.shape, dtype, device, "empty_like")


def zeros_like(x, /, *, dtype=None, device=None) -> Array:
    """Zeros shaped like `x` (and of its dtype and device by default)."""
    dtype, device = _like(x, dtype, device, "zeros_like")
    return _filled("zeros", x.shape, dtype, device, "zeros_like")


def ones_like(x, /, *, dtype=None, device=None) -> Array:
    """Ones shaped like `x` (and of its dtype and device by default)."""
    dtype, device = _like(x, dtype, device, "ones_like")
    return _filled("ones", x.shape, dtype, device, "ones_like")


def full_like(x, /, fill_value, *, dtype=None, device=None) -> Array:
    """`fill_value` shaped like `x`; the dtype is `x`'s unless given (values cast as NumPy
    casts them)."""
    dtype, device = _like(x, dtype, device, "full_like")
    xp, dev = _target(device, "full_like")
    value, np_dtype = _fill_value(fill_value, dtype, "full_like")
    return wrap(_on_device(xp, dev, xp.full, x.shape, value, np_dtype))


def tril(x, /, k=0) -> Array:
    """`x` with the elements above the k-th diagonal zeroed (for each matrix in a stack)."""
    return _triangle(x, k, "tril")


def triu(x, /, k=0) -> Array:
    """`x` with the elements below the k-th diagonal zeroed (for each matrix in a stack)."""
    return _triangle(x, k, "triu")


def _triangle(x, k, func):
    data = check_array(x, func)._data
    if data.ndim < 2:
        raise ValueError(f"{func}: x must have at least 2 dimensions; got shape {data.shape}")
    return wrap(getattr(backend_of(data).xp, func)(data, k=_int(k, "k", func)))


def meshgrid(*arrays, indexing="xy", copy=True, sparse=False) -> tuple:
    """Coordinate grids from 1-D coordinate arrays; 'xy' swaps the first two axes.

    NumPy's `sparse=True` gives each grid length 1 along the other axes (they broadcast to the
    full grid); `copy=False` gives read-only broadcast views instead of fresh arrays."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij'; got {indexing!r}")
    datas = [check_array(a, "meshgrid", f"arrays[{i}]")._data for i, a in enumerate(arrays)]
    check_same_device("meshgrid", [a.device for a in arrays])
    if not datas:
        return ()
    xp = backend_of(datas[0]).xp
    grids = xp.meshgrid(*datas, indexing=indexing, copy=bool(copy), sparse=bool(sparse))
    return tuple(wrap(g) for g in grids)


# --- ranges ---------------------------------------------------------------------------------


def _range_value(value, name):
    """An arange bound as a Python or NumPy real number; 0-d arrays give their value."""
    if isinstance(value, Array) and value.ndim == 0:
        value = value._data.item()
    if not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"arange: {name} must be an int or a float; got {value!r}")
    return value


def arange(start, /, stop=None, step=1, *, dtype=None, device=None) -> Array:
    """Values from `start` up to (not including) `stop` by `step`; int64 when all three
    are ints, float64 otherwise."""
    xp, dev = _target(device, "arange")
    if stop is None:
        start, stop = 0, start
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


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True) -> Array:
    """`num` evenly spaced values from `start` to `stop` (inclusive unless endpoint=False)."""
    xp, dev = _target(device, "linspace")
    num = _int(num, "num", "linspace")
    if num < 0:
        raise ValueError(f"linspace: num must be non-negative; got {num}")
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    default = _dtypes.DEFAULT_COMPLEX if is_complex else _dtypes.DEFAULT_FLOAT
    np_dtype = _np_dtype(dtype, "linspace", default)
    if is_complex and np_dtype.kind != "c":
        raise TypeError(f"linspace: complex start or stop needs a complex dtype; got {np_dtype}")
    return wrap(
        _on_device(xp, dev, xp.linspace, start, stop, num, endpoint=endpoint, dtype=np_dtype)
    )


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None) -> Array:
    """A 2-D array with ones on the k-th diagonal and zeros elsewhere."""
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


# --- DLPack ---------------------------------------------------------------------------------


def from_dlpack(x, /, *, device=None, copy=None) -> Array:
    """An Array over the memory of any DLPack producer (NumPy, PyTorch, CuPy, xtensor).

    Shares memory unless copy=True or a move to `device` forces a copy.
    """
    _check_copy(copy, "from_dlpack")
    if not hasattr(x, "__dlpack__"):
        raise AttributeError(
            f"from_dlpack: {type(x).__name__} has no __dlpack__ method; "
            "use asarray for objects that are not DLPack producers"
        )
    source = _dlpack_device(x)
    target = resolve(device, "from_dlpack") or source
    if target is None:
        raise BufferError(
            f"from_dlpack: DLPack device {x.__dlpack_device__()} is neither the CPU nor a CUDA GPU"
        )
    if target.kind == "cpu":
        kwargs = {"copy": copy} if device is None else {"copy": copy, "device": "cpu"}
        data = np.from_dlpack(x, **kwargs)
    else:
        cp = backend_for(target).xp
        data = _on_device(cp, target, cp.from_dlpack, x, copy=copy)
    return _checked(data, "from_dlpack")


def _dlpack_device(x) -> Device | None:
    kind, index = x.__dlpack_device__()
    if int(kind) == _DLPACK_CPU:
        return CPU
    if int(kind) == _DLPACK_CUDA:
        return Device("cuda", int(index))
    return None


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

NUMPY_ALIASES = {"array": array}

# `xtensor.float32(1.5)` is `asarray(1.5, dtype=float32)`: the core layer's DType calls it.
_dtypes.DType._asarray = asarray
