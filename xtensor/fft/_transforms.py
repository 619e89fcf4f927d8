"""The ten transforms: fft, ifft, fftn, ifftn, rfft, irfft, rfftn, irfftn, hfft, ihfft.

Each checks its arguments (n or s, axis or axes, norm), casts x to the dtype the transform
should run in, and calls the device's FFT (NumPy's pocketfft on the CPU, which computes float32
and complex64 in single precision). Dtype rules, the standard's plus NumPy's for inputs it
accepts beyond the standard:

- complex transforms (fft, ifft, fftn, ifftn): complex in, same dtype out; real floating in
  gives the complex dtype of the same precision (float32 -> complex64); integers and bool
  compute in complex128, as NumPy does.
- real-to-complex (rfft, rfftn, ihfft): real floating in, complex of the same precision out;
  complex input is a TypeError (its imaginary part would be dropped).
- complex-to-real (irfft, irfftn, hfft): complex in, real of the same precision out.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Literal, TypeAlias

import numpy as np

from .._array import Array, backing, wrap
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axis
from .._dispatch import backend_of
from .._linear_algebra import dtype_of, index_int
from .._typing import ArrayLike

_NORMS = ("backward", "ortho", "forward")
_Norm: TypeAlias = Literal["backward", "ortho", "forward"]


def _input(x, func: str, kind: str):
    """x's buffer cast to the dtype the transform runs in, and the result dtype."""
    data = backing(x, func, "x", scalars=False)
    dt = dtype_of(data)
    if dt.kind not in "fc":
        dt = _dtypes.float64
    if kind == "r2c":
        if dt.kind == "c":
            raise TypeError(
                f"{func}: x has dtype {dtype_of(data).name}, but {func} requires a "
                "real floating-point dtype; use fft for complex input"
            )
        compute, result = dt, _dtypes.complex_dtype(dt)
    elif kind == "c2r":
        compute, result = _dtypes.complex_dtype(dt), _dtypes.real_dtype(dt)
    else:
        compute = result = _dtypes.complex_dtype(dt)
    if kind == "c2c" and dt.kind == "f":
        compute = dt  # real input: the device FFT makes the complex result itself
    return data.astype(compute.numpy, copy=False), result


def _norm(norm, func: str) -> str:
    if norm is None:  # NumPy's spelling of the default
        return "backward"
    if norm not in _NORMS:
        raise ValueError(f"{func}: norm must be 'backward', 'ortho' or 'forward'; got {norm!r}")
    return norm


def _length(n, func: str, name: str = "n"):
    if n is None:
        return None
    n = index_int(n, func, name)
    if n < 1:
        raise ValueError(f"{func}: {name} must be at least 1; got {n}")
    return n


# `_input`'s (compute, result) dtypes for the standard's floating dtypes, per kind of
# transform: float32 and complex64 compute in single precision (its other casts: the checked
# path)
_C64, _C128 = np.dtype(np.complex64), np.dtype(np.complex128)
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
_PLAIN = {
    "c2c": {_F32: (_F32, _C64), _F64: (_F64, _C128), _C64: (_C64, _C64), _C128: (_C128, _C128)},
    "r2c": {_F32: (_F32, _C64), _F64: (_F64, _C128)},
    "c2r": {_F32: (_C64, _F32), _F64: (_C128, _F64), _C64: (_C64, _F32), _C128: (_C128, _F64)},
}


def _plain(func: str, kind: str, x, n, axis, norm) -> Array | None:
    """The call below for a CPU Array of a `_PLAIN` dtype, a Python int axis in range, n None
    or positive and a valid norm: NumPy's fft on the buffer, cast as `_input` casts; else None.
    """
    if type(x) is not Array or type(axis) is not int:
        return None
    data = x._data
    if type(data) is not np.ndarray or not -data.ndim <= axis < data.ndim:
        return None
    dtypes = _PLAIN[kind].get(data.dtype)
    if dtypes is None or not (n is None or (type(n) is int and n >= 1)):
        return None
    if norm is None:
        norm = "backward"
    elif type(norm) is not str or norm not in _NORMS:
        return None
    if kind == "c2r" and n is None and data.shape[axis] < 2:
        return None
    compute, result = dtypes
    if data.dtype is not compute:
        data = data.astype(compute)
    out = getattr(np.fft, func)(data, n, axis % data.ndim, norm)
    return wrap(out if out.dtype == result else out.astype(result))


def _one_axis(func: str, kind: str, x, n, axis, norm) -> Array:
    if (out := _plain(func, kind, x, n, axis, norm)) is not None:
        return out
    data, result = _input(x, func, kind)
    if data.ndim == 0:
        raise ValueError(f"{func}: x must have at least 1 dimension; got a 0-d array")
    axis = normalize_axis(axis, data.ndim, func)
    n = _length(n, func)
    if kind == "c2r" and n is None and data.shape[axis] < 2:
        raise ValueError(
            f"{func}: x has size {data.shape[axis]} along axis {axis}, which gives "
            "an empty output; pass n or give x at least 2 points there"
        )
    out = backend_of(data).fft(func, data, n=n, axis=axis, norm=_norm(norm, func))
    return wrap(out if out.dtype == result.numpy else out.astype(result.numpy))


def fft(
    x: ArrayLike, /, n: int | None = None, axis: int = -1, norm: _Norm | None = "backward"
) -> Array:
    """One-dimensional discrete Fourier transform along `axis`, padded or cut to `n` points.

    >>> import xtensor as xp
    >>> xp.fft.fft(xp.asarray([1.0, 0.0, 0.0, 0.0], dtype=xp.float32))
    array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    return _one_axis("fft", "c2c", x, n, axis, norm)


def ifft(
    x: ArrayLike, /, n: int | None = None, axis: int = -1, norm: _Norm | None = "backward"
) -> Array:
    """Inverse of fft."""
    return _one_axis("ifft", "c2c", x, n, axis, norm)


def rfft(
    x: ArrayLike, /, n: int | None = None, axis: int = -1, norm: _Norm | None = "backward"
) -> Array:
    """fft of real input, keeping the n // 2 + 1 non-negative frequencies."""
    return _one_axis("rfft", "r2c", x, n, axis, norm)


def irfft(
    x: ArrayLike, /, n: int | None = None, axis: int = -1, norm: _Norm | None = "backward"
) -> Array:
    """Inverse of rfft: `n` real points (default 2 * (m - 1) for m input points)."""
    return _one_axis("irfft", "c2r", x, n, axis, norm)


def hfft(
    x: ArrayLike, /, n: int | None = None, axis: int = -1, norm: _Norm | None = "backward"
) -> Array:
    """fft of a signal with Hermitian symmetry given by its first half: real output."""
    return _one_axis("hfft", "c2r", x, n, axis, norm)


def ihfft(
    x: ArrayLike, /, n: int | None = None, axis: int = -1, norm: _Norm | None = "backward"
) -> Array:
    """Inverse of hfft: real input, the n // 2 + 1 non-negative frequencies out."""
    return _one_axis("ihfft", "r2c", x, n, axis, norm)


def _s_axes(func: str, data, s, axes):
    """Validated (s, axes) for the n-dimensional transforms."""
    if axes is not None:
        axes = [normalize_axis(a, data.ndim, func) for a in _sequence(axes, func, "axes")]
    if s is not None:
        s = [_side(v, func) for v in _sequence(s, func, "s")]
        if axes is None:
            # The standard requires axes with s; NumPy still accepts it (deprecated) and means
            # the last len(s) axes.
            warnings.warn(
                f"{func}: passing s without axes is deprecated (as in NumPy); pass axes too",
                DeprecationWarning,
                stacklevel=4,
            )
            if len(s) > data.ndim:
                raise ValueError(
                    f"{func}: s has {len(s)} entries but x has only {data.ndim} dimensions"
                )
            axes = list(range(data.ndim - len(s), data.ndim))
        elif len(s) != len(axes):
            raise ValueError(f"{func}: s {tuple(s)} and axes {tuple(axes)} have different lengths")
    return s, axes


def _sequence(value, func: str, name: str) -> list:
    if isinstance(value, int):
        return [value]
    try:
        return list(value)
    except TypeError:
        raise TypeError(
            f"{func}: {name} must be a sequence of ints; got {type(value).__name__}"
        ) from None


def _side(value, func: str) -> int:
    v = index_int(value, func, "s")
    if v != -1 and v < 1:
        raise ValueError(f"{func}: each entry of s must be -1 or at least 1; got {v}")
    return v


def _many_axes(func: str, kind: str, x, s, axes, norm) -> Array:
    data, result = _input(x, func, kind)
    s, axes = _s_axes(func, data, s, axes)
    if axes is not None and not axes and data.ndim:
        return wrap(data.astype(result.numpy))  # no axes: no transform, only the dtype rule
    out = backend_of(data).fft(func, data, s=s, axes=axes, norm=_norm(norm, func))
    return wrap(out if out.dtype == result.numpy else out.astype(result.numpy))


def fftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
) -> Array:
    """n-dimensional discrete Fourier transform over `axes` (default: all), sizes `s`."""
    return _many_axes("fftn", "c2c", x, s, axes, norm)


def ifftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
) -> Array:
    """Inverse of fftn."""
    return _many_axes("ifftn", "c2c", x, s, axes, norm)


def rfftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
) -> Array:
    """fftn of real input; the last transformed axis keeps s[-1] // 2 + 1 frequencies."""
    return _many_axes("rfftn", "r2c", x, s, axes, norm)


def irfftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
) -> Array:
    """Inverse of rfftn: real output, the last axis of length s[-1] (default 2 * (m - 1))."""
    return _many_axes("irfftn", "c2r", x, s, axes, norm)


__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft"]


# --- NumPy's 2-D shorthands: the n-D transforms over the last two axes ----------------------


def fft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
) -> Array:
    """NumPy's `fft2`: `fftn` over `axes` (default: the last two)."""
    return fftn(a, s=s, axes=axes, norm=norm)


def ifft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
) -> Array:
    """NumPy's `ifft2`: `ifftn` over `axes` (default: the last two)."""
    return ifftn(a, s=s, axes=axes, norm=norm)


def rfft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
) -> Array:
    """NumPy's `rfft2`: `rfftn` over `axes` (default: the last two)."""
    return rfftn(a, s=s, axes=axes, norm=norm)


def irfft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
) -> Array:
    """NumPy's `irfft2`: `irfftn` over `axes` (default: the last two)."""
    return irfftn(a, s=s, axes=axes, norm=norm)
