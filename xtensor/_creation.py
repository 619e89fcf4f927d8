"""Creation functions (Array API chapter "Creation Functions").

Thin: each resolves dtype and device, then lets the device's array module (NumPy or CuPy)
allocate and fill. Only xtensor's 13 dtypes ever come out.
"""

from __future__ import annotations

import numpy as np

from . import _dtypes
from ._array import Array, wrap
from ._device import CPU, array_module, device_of, resolve

_SCALAR_DEFAULTS = {bool: _dtypes.bool, int: _dtypes.DEFAULT_INT, float: _dtypes.DEFAULT_FLOAT,
                    complex: _dtypes.DEFAULT_COMPLEX}


def _target(device, func, like=None):
    dev = resolve(device, func)
    if dev is None:
        dev = like.device if like is not None else CPU
    return array_module(dev), dev


def _np_dtype(dtype, func, default=None):
    if dtype is None:
        return None if default is None else default.numpy
    return _dtypes.as_dtype(dtype, func).numpy


def _checked(data, func) -> Array:
    """Wrap, refusing dtypes outside the standard's 13 (float16, object, strings...)."""
    try:
        _dtypes.from_numpy(data.dtype)
    except TypeError as e:
        raise TypeError(f"{func}: {e}") from None
    return wrap(data)


def _on_device(xp, dev, fn, *args, **kwargs):
    if dev.kind == "cpu":
        return fn(*args, **kwargs)
    with xp.cuda.Device(dev.index):
        return fn(*args, **kwargs)


def asarray(obj, /, *, dtype=None, device=None, copy=None) -> Array:
    """Convert `obj` (an Array, NumPy array, buffer, Python scalar or nested sequence).

    copy=True always copies; copy=False never does (ValueError when it would have to);
    copy=None copies only when needed.

    >>> import xtensor as xp
    >>> xp.asarray([1, 2, 3], dtype=xp.float32)
    Array([1., 2., 3.], dtype=float32)
    """
    if copy not in (None, True, False):
        raise ValueError(f"asarray: copy must be True, False or None; got {copy!r}")
    want = None if dtype is None else _dtypes.as_dtype(dtype, "asarray").numpy
    if isinstance(obj, Array):
        return _from_array(obj, want, device, copy)
    dev = resolve(device, "asarray") or CPU
    if type(obj) is int and want is None:
        _dtypes.check_scalar_fits(obj, _dtypes.DEFAULT_INT, "asarray")
    if type(obj) in _SCALAR_DEFAULTS and want is None:
        want = _SCALAR_DEFAULTS[type(obj)].numpy
    if dev.kind == "cpu" and not isinstance(obj, np.ndarray) and hasattr(obj, "__cuda_array_interface__"):
        obj = obj.get()
    try:
        data = np.asarray(obj, dtype=want, copy=copy) if dev.kind == "cpu" else None
    except ValueError as e:
        if copy is False:
            raise ValueError(f"asarray: copy=False but a copy is needed ({e})") from None
        raise
    except OverflowError as e:
        raise OverflowError(f"asarray: {e}") from None
    if data is None:
        xp = array_module(dev)
        data = _on_device(xp, dev, xp.array, obj, dtype=want, copy=copy is not False)
    if data.dtype == np.float16 and want is None:
        data = data.astype(np.float32)
    return _checked(data, "asarray")


def _from_array(x: Array, want, device, copy) -> Array:
    data = x._data
    dev = resolve(device, "asarray") or x.device
    if dev != x.device:
        if copy is False:
            raise ValueError(f"asarray: copy=False but moving from {x.device} to {dev} copies")
        x = x.to_device(dev)
        data, copy = x._data, None
    if want is not None and want != data.dtype:
        if copy is False:
            raise ValueError(f"asarray: copy=False but converting {x.dtype.name} to "
                             f"{_dtypes.from_numpy(want).name} copies")
        return wrap(data.astype(want))
    return wrap(data.copy()) if copy else wrap(data)


def arange(start, /, stop=None, step=1, *, dtype=None, device=None) -> Array:
    xp, dev = _target(device, "arange")
    if stop is None:
        start, stop = 0, start
    if step == 0:
        raise ValueError("arange: step must not be zero")
    values = (start, stop, step)
    default = _dtypes.DEFAULT_INT if all(isinstance(v, int) for v in values) \
        else _dtypes.DEFAULT_FLOAT
    return _checked(_on_device(xp, dev, xp.arange, start, stop, step,
                               dtype=_np_dtype(dtype, "arange", default)), "arange")


def _shape(shape, func):
    if isinstance(shape, (int, np.integer)) and not isinstance(shape, bool):
        shape = (int(shape),)
    try:
        shape = tuple(int(n.__index__()) for n in shape)
    except (TypeError, AttributeError):
        raise TypeError(f"{func}: shape must be an int or a tuple of ints; got {shape!r}") \
            from None
    if any(n < 0 for n in shape):
        raise ValueError(f"{func}: negative dimensions are not allowed; got shape {shape}")
    return shape


def empty(shape, *, dtype=None, device=None) -> Array:
    xp, dev = _target(device, "empty")
    return wrap(_on_device(xp, dev, xp.empty, _shape(shape, "empty"),
                           _np_dtype(dtype, "empty", _dtypes.DEFAULT_FLOAT)))


def zeros(shape, *, dtype=None, device=None) -> Array:
    xp, dev = _target(device, "zeros")
    return wrap(_on_device(xp, dev, xp.zeros, _shape(shape, "zeros"),
                           _np_dtype(dtype, "zeros", _dtypes.DEFAULT_FLOAT)))


def ones(shape, *, dtype=None, device=None) -> Array:
    xp, dev = _target(device, "ones")
    return wrap(_on_device(xp, dev, xp.ones, _shape(shape, "ones"),
                           _np_dtype(dtype, "ones", _dtypes.DEFAULT_FLOAT)))


def _fill_dtype(fill_value, dtype, func):
    if dtype is not None:
        return _np_dtype(dtype, func)
    if isinstance(fill_value, Array):
        return fill_value._data.dtype
    kind = type(fill_value)
    if kind not in _SCALAR_DEFAULTS:
        if isinstance(fill_value, np.generic):
            return _dtypes.from_numpy(fill_value.dtype).numpy
        raise TypeError(f"{func}: fill_value must be a Python scalar; got {kind.__name__}")
    if kind is int:
        _dtypes.check_scalar_fits(fill_value, _dtypes.DEFAULT_INT, func)
    return _SCALAR_DEFAULTS[kind].numpy


def _fill_scalar(fill_value, func):
    if isinstance(fill_value, Array):
        if fill_value.ndim:
            raise ValueError(f"{func}: fill_value must be a scalar or 0-d array")
        return fill_value._data.item()
    return fill_value


def full(shape, fill_value, *, dtype=None, device=None) -> Array:
    xp, dev = _target(device, "full")
    np_dtype = _fill_dtype(fill_value, dtype, "full")
    value = _fill_scalar(fill_value, "full")
    if isinstance(value, int) and not isinstance(value, bool) and np_dtype.kind in "iu":
        _dtypes.check_scalar_fits(value, _dtypes.from_numpy(np_dtype), "full")
    return wrap(_on_device(xp, dev, xp.full, _shape(shape, "full"), value, np_dtype))


def _like(x, func):
    if not isinstance(x, Array):
        raise TypeError(f"{func}: x must be an xtensor array; got {type(x).__name__}")
    return x


def empty_like(x, /, *, dtype=None, device=None) -> Array:
    x = _like(x, "empty_like")
    return empty(x.shape, dtype=dtype or x.dtype, device=device or x.device)


def zeros_like(x, /, *, dtype=None, device=None) -> Array:
    x = _like(x, "zeros_like")
    return zeros(x.shape, dtype=dtype or x.dtype, device=device or x.device)


def ones_like(x, /, *, dtype=None, device=None) -> Array:
    x = _like(x, "ones_like")
    return ones(x.shape, dtype=dtype or x.dtype, device=device or x.device)


def full_like(x, /, fill_value, *, dtype=None, device=None) -> Array:
    x = _like(x, "full_like")
    return full(x.shape, fill_value, dtype=dtype or x.dtype, device=device or x.device)


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None) -> Array:
    xp, dev = _target(device, "eye")
    return wrap(_on_device(xp, dev, xp.eye, n_rows, n_cols, k=k,
                           dtype=_np_dtype(dtype, "eye", _dtypes.DEFAULT_FLOAT)))


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True) -> Array:
    xp, dev = _target(device, "linspace")
    is_complex = isinstance(start, complex) or isinstance(stop, complex)
    default = _dtypes.DEFAULT_COMPLEX if is_complex else _dtypes.DEFAULT_FLOAT
    np_dtype = _np_dtype(dtype, "linspace", default)
    if is_complex and np_dtype.kind != "c":
        raise TypeError("linspace: complex start/stop need a complex dtype")
    return wrap(_on_device(xp, dev, xp.linspace, start, stop, num, endpoint=endpoint,
                           dtype=np_dtype))


def meshgrid(*arrays, indexing="xy") -> list:
    if indexing not in ("xy", "ij"):
        raise ValueError(f"meshgrid: indexing must be 'xy' or 'ij'; got {indexing!r}")
    for i, a in enumerate(arrays):
        if not isinstance(a, Array) or a.ndim != 1:
            raise ValueError(f"meshgrid: arrays[{i}] must be a 1-D xtensor array")
    if len({a.device for a in arrays}) > 1:
        raise ValueError("meshgrid: arrays are on different devices")
    if len({a.dtype for a in arrays}) > 1:
        raise TypeError("meshgrid: arrays must share one dtype; got "
                        + ", ".join(a.dtype.name for a in arrays))
    if not arrays:
        return []
    xp = array_module(arrays[0].device)
    return [wrap(g) for g in xp.meshgrid(*(a._data for a in arrays), indexing=indexing)]


def _triangle(x, k, func, which):
    if not isinstance(x, Array) or x.ndim < 2:
        raise ValueError(f"{func}: x must be an array with at least 2 dimensions")
    xp = array_module(x.device)
    return wrap(which(xp)(x._data, k=k))


def tril(x, /, *, k=0) -> Array:
    return _triangle(x, k, "tril", lambda xp: xp.tril)


def triu(x, /, *, k=0) -> Array:
    return _triangle(x, k, "triu", lambda xp: xp.triu)


def from_dlpack(x, /, *, device=None, copy=None) -> Array:
    """An Array sharing memory with any DLPack producer (NumPy, PyTorch, another Array)."""
    dev = resolve(device, "from_dlpack")
    if dev is not None and dev.kind == "cuda":
        xp = array_module(dev)
        return wrap(xp.from_dlpack(x))
    kwargs = {"copy": copy}
    if dev is not None:
        kwargs["device"] = "cpu"
    try:
        data = np.from_dlpack(x, **kwargs)
    except (RuntimeError, BufferError) as e:
        if device_of_capsule_is_gpu(x):
            cp = array_module(device_of(x._data)) if isinstance(x, Array) else None
            if cp is not None:
                return wrap(cp.from_dlpack(x))
        raise BufferError(f"from_dlpack: {e}") from None
    return _checked(data, "from_dlpack")


def device_of_capsule_is_gpu(x) -> bool:
    try:
        return x.__dlpack_device__()[0] != 1
    except Exception:
        return False


__all__ = ["arange", "asarray", "empty", "empty_like", "eye", "from_dlpack", "full",
           "full_like", "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros",
           "zeros_like"]
