"""Helper functions of the fft extension: fftfreq, rfftfreq, fftshift, ifftshift."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from .._array import Array, backing, wrap
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axis
from .._core.devices import CPU, resolve
from .._dispatch import backend_for, backend_of
from .._typing import ArrayLike, DeviceLike, DTypeLike


def _freq_dtype(dtype, func: str) -> _dtypes.DType:
    if dtype is None:
        return _dtypes.DEFAULT_FLOAT
    dt = _dtypes.as_dtype(dtype, func)
    if dt not in _dtypes.REAL_FLOATING:
        raise TypeError(f"{func}: dtype must be a real floating-point dtype; got {dt.name}")
    return dt


def _freq_length(n, func: str) -> int:
    """`n` checked as NumPy 2.4 checks it, with the same exception classes, in the same order:
    ValueError for anything but a Python or NumPy integer (2.5, 4.0, a 0-d array),
    ZeroDivisionError for 0 or False (the spacing is 1 / (d * n)), and for fftfreq TypeError
    for True and ValueError for a negative n (rfftfreq takes True as 1 and gives no
    frequencies for a negative n). A NumPy integer counts as its Python value."""
    if not isinstance(n, (int, np.integer)):
        raise ValueError(f"{func}: n must be an integer; got {type(n).__name__} {n!r}")
    if n == 0:
        raise ZeroDivisionError(f"{func}: n must not be 0; the frequencies are k / (d * n)")
    if func == "fftfreq" and isinstance(n, bool):
        raise TypeError("fftfreq: n must be an integer; got bool")
    n = int(n)
    if n < 0 and func == "fftfreq":
        raise ValueError(f"fftfreq: n must be positive; got {n}")
    return n


def _freq(func: str, n, d, dtype, device) -> Array:
    if dtype is device is None and type(n) is int and n > 0 and type(d) in _SPACINGS:
        # the call below, with every check passed: NumPy's float64 values on the CPU
        return wrap(_numpy_freq(func, n, d))
    n = _freq_length(n, func)
    dt = _freq_dtype(dtype, func)
    dev = resolve(device, func) or CPU
    # Computed by NumPy in float64 on the host and rounded once, so float32 frequencies are
    # correctly rounded and every device gets NumPy's values.
    if isinstance(d, Array):  # a 0-d spacing, as NumPy scripts pass one
        d = backend_of(d._data).to_host(d._data)
    out = np.asarray(getattr(np.fft, func)(n, d)).astype(dt.numpy, copy=False)
    return wrap(backend_for(dev).from_host(out, dev))


_SPACINGS = (float, int)  # Python spacings NumPy divides by as given


# The integers -_HALF, ..., _HALF - 1 in float64 (exact): NumPy's integer tables of the
# frequencies for n <= 2 * _HALF are slices of them
_HALF = 1024
_STEPS = np.arange(-_HALF, _HALF, dtype=np.float64)
_STEPS.flags.writeable = False


def _numpy_freq(func: str, n: int, d):
    """NumPy's fftfreq(n, d) (rfftfreq's for that `func`) for a Python int n > 0: its integer
    table k times its 1.0 / (n * d). NumPy multiplies int64 k by a Python float, which casts
    k to float64 (exactly) first; here k is float64 already, from `_STEPS`, and the factor a
    0-d float64: the same products, without NumPy's five array steps and scalar dispatch."""
    val = np.array(1.0 / (n * d))
    half = n // 2
    if func == "rfftfreq":  # 0, 1, ..., n // 2
        k = _STEPS[_HALF : _HALF + half + 1] if half < _HALF else np.arange(half + 1.0)
    elif half < _HALF:  # 0, 1, ..., (n - 1) // 2, then -(n // 2), ..., -1
        k = np.concatenate((_STEPS[_HALF : _HALF + n - half], _STEPS[_HALF - half : _HALF]))
    else:
        k = np.arange(float(n))
        k[n - half :] -= n
    return k * val


def fftfreq(
    n: int,
    d: float = 1.0,
    device: DeviceLike | None = None,
    *,
    dtype: DTypeLike | None = None,
) -> Array:
    """Sample frequencies of an n-point fft with sample spacing d: [0, 1, ..., -1] / (d n).

    >>> import xtensor as xp
    >>> xp.fft.fftfreq(4)
    array([ 0.  ,  0.25, -0.5 , -0.25])
    """
    return _freq("fftfreq", n, d, dtype, device)


def rfftfreq(
    n: int,
    d: float = 1.0,
    device: DeviceLike | None = None,
    *,
    dtype: DTypeLike | None = None,
) -> Array:
    """Sample frequencies of an n-point rfft: the n // 2 + 1 non-negative ones."""
    return _freq("rfftfreq", n, d, dtype, device)


def _plain_shifts(func: str, x, axes) -> list | None:
    """The per-axis shifts NumPy's `func` rolls x's buffer by, when x is a CPU Array of at
    least 1 dimension and `axes` None, a Python int in range or a tuple or list of distinct
    ones (what the checked path accepts unchanged); else None."""
    if type(x) is not Array or type(x._data) is not np.ndarray or not x._data.ndim:
        return None
    shape = x._data.shape
    ndim = len(shape)
    if axes is None:
        axes = range(ndim)
    elif type(axes) is int:
        axes = (axes,)
    elif type(axes) is not tuple and type(axes) is not list:
        return None
    shifts = [None] * ndim  # None: an axis not (yet) named
    for a in axes:
        if type(a) is not int or not -ndim <= a < ndim or shifts[a] is not None:
            return None  # a repeated axis is an error (checked path), as is any other axis
        half = shape[a] // 2
        shifts[a] = half if func == "fftshift" else -half
    return [0 if shift is None else shift for shift in shifts]


_WHOLE = (slice(None), slice(None))


def _rolled(data, shifts: list):
    """np.roll's answer for per-axis `shifts`: its empty_like result and the same slice
    copies, without its argument handling (broadcast, normalize_axis_tuple)."""
    rolls = [(_WHOLE,)] * data.ndim
    for axis, offset in enumerate(shifts):
        offset %= data.shape[axis] or 1  # as np.roll: an empty axis rolls nothing
        if offset:
            rolls[axis] = (
                (slice(None, -offset), slice(offset, None)),
                (slice(-offset, None), slice(None, offset)),
            )
    result = np.empty_like(data)
    for pieces in itertools.product(*rolls):
        source, target = zip(*pieces)
        result[target] = data[source]
    return result


def _shift(func: str, x, axes) -> Array:
    if (shifts := _plain_shifts(func, x, axes)) is not None:
        return wrap(_rolled(x._data, shifts))
    data = backing(x, func, "x", scalars=False)
    if axes is None:
        axes = tuple(range(data.ndim))
    elif isinstance(axes, int) or not hasattr(axes, "__iter__"):
        axes = normalize_axis(axes, data.ndim, func, "axes")
    else:  # (an axis given twice is rolled twice, as NumPy's roll does)
        axes = tuple(normalize_axis(axis, data.ndim, func, "axes") for axis in axes)
    return wrap(backend_of(data).fft(func, data, axes=axes))


def fftshift(x: ArrayLike, axes: int | Sequence[int] | None = None) -> Array:
    """Move the zero-frequency term to the centre along `axes` (default: all)."""
    return _shift("fftshift", x, axes)


def ifftshift(x: ArrayLike, axes: int | Sequence[int] | None = None) -> Array:
    """Inverse of fftshift."""
    return _shift("ifftshift", x, axes)


__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]
