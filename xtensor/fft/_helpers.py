"""Helper functions of the fft extension: fftfreq, rfftfreq, fftshift, ifftshift."""

from __future__ import annotations

from .._core import dtypes as _dtypes
from .._array import Array, wrap
from .._core.axes import normalize_axes, normalize_axis
from .._creation import _on_device, _target
from .._linear_algebra import array_module_of, index_int, unwrap


def _freq_dtype(dtype, func: str) -> _dtypes.DType:
    if dtype is None:
        return _dtypes.DEFAULT_FLOAT
    dt = _dtypes.as_dtype(dtype, func)
    if dt not in _dtypes.REAL_FLOATING:
        raise TypeError(f"{func}: dtype must be a real floating-point dtype; got {dt.name}")
    return dt


def _freq(func: str, n, d, dtype, device) -> Array:
    n = index_int(n, func, "n")
    if n < 1:
        raise ValueError(f"{func}: n must be at least 1; got {n}")
    dt = _freq_dtype(dtype, func)
    xp, dev = _target(device, func)
    # Computed in float64 and rounded once, so float32 frequencies are correctly rounded.
    out = _on_device(xp, dev, getattr(xp.fft, func), n, d)
    return wrap(out.astype(dt.numpy, copy=False))


def fftfreq(n, /, *, d=1.0, dtype=None, device=None) -> Array:
    """Sample frequencies of an n-point fft with sample spacing d: [0, 1, ..., -1] / (d n).

    >>> import xtensor as xp
    >>> xp.fft.fftfreq(4)
    Array([ 0.  ,  0.25, -0.5 , -0.25], dtype=float64)
    """
    return _freq("fftfreq", n, d, dtype, device)


def rfftfreq(n, /, *, d=1.0, dtype=None, device=None) -> Array:
    """Sample frequencies of an n-point rfft: the n // 2 + 1 non-negative ones."""
    return _freq("rfftfreq", n, d, dtype, device)


def _shift(func: str, x, axes) -> Array:
    data = unwrap(x, func, "x")
    if axes is None:
        axes = tuple(range(data.ndim))
    elif isinstance(axes, int) or not hasattr(axes, "__iter__"):
        axes = normalize_axis(axes, data.ndim, func, "axes")
    else:
        axes = normalize_axes(tuple(axes), data.ndim, func, "axes")
    return wrap(getattr(array_module_of(data).fft, func)(data, axes=axes))


def fftshift(x, /, *, axes=None) -> Array:
    """Move the zero-frequency term to the centre along `axes` (default: all)."""
    return _shift("fftshift", x, axes)


def ifftshift(x, /, *, axes=None) -> Array:
    """Inverse of fftshift."""
    return _shift("ifftshift", x, axes)


__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]
