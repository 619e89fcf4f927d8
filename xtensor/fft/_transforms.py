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

NumPy's `out=` (an Array of the result's shape) receives the result, cast under 'same_kind'.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Literal, NamedTuple, TypeAlias

import numpy as np

from .._array import Array, backing, wrap
from .._core import dtypes as _dtypes
from .._core.axes import normalize_axis
from .._dispatch import backend_of
from .._linear_algebra import dtype_of, index_int
from .._numpy_run import written_into
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


# --- Note [Plain fft calls] ---------------------------------------------------------------------
#
# Most calls hand a CPU Array of float32/float64/complex64/complex128 to a transform, with n and
# axis (or axes) Python ints in range and a valid norm. NumPy's np.fft functions spend more time
# around their pocketfft gufunc than in it (array-function dispatch, asarray, `_raw_fft`'s
# result_type, normalize_axis_index and empty_like: ~1.9 of 3.2 us for 20 points), so a plain
# call makes the gufunc call `_raw_fft` makes, with its operands: the buffer (cast as `_input`
# casts it), the scale factor from NumPy's own expressions in NumPy's dtype (`_scale`), and an
# output from empty_like with the shape and dtype NumPy gives it. Values, dtypes and layout are
# NumPy's by construction. hfft and ihfft add NumPy's conjugations (of the input; of the output,
# in place), and the n-D transforms are NumPy's loops of 1-D ones over `_cook_nd_args`'s sizes
# (s None only). Anything else (other devices, lists, other dtypes, s, a bad argument, a size
# NumPy rejects) takes the checked path, which words the errors. Where this NumPy keeps its
# gufuncs elsewhere, every call takes the checked path.


def _pocketfft():
    """NumPy's pocketfft gufuncs, when they take the calls `_raw` makes (checked once against
    np.fft on four points); else None."""
    try:
        from numpy.fft import _pocketfft_umath as gufuncs  # lazy: private, may be elsewhere

        probe, out = np.arange(4.0), np.empty(4, np.complex128)
        gufuncs.fft(probe, 1, out)
        ok = np.array_equal(out, np.fft.fft(probe))
    except Exception:  # noqa: BLE001 (another NumPy layout: the checked path)
        return None
    return gufuncs if ok else None


_GUFUNCS = _pocketfft()

_C64, _C128 = np.dtype(np.complex64), np.dtype(np.complex128)
_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)
# x's dtype -> (the dtype `_input` casts it to, the real dtype NumPy scales in), per kind of
# transform: float32 and complex64 compute in single precision; other dtypes: checked path
_PLAIN = {
    "c2c": {_F32: (_F32, _F32), _F64: (_F64, _F64), _C64: (_C64, _F32), _C128: (_C128, _F64)},
    "r2c": {_F32: (_F32, _F32), _F64: (_F64, _F64)},
    "c2r": {_F32: (_C64, _F32), _F64: (_C128, _F64), _C64: (_C64, _F32), _C128: (_C128, _F64)},
}
# NumPy's output dtype for each real dtype, per kind (the standard's result dtype)
_COMPLEX = {_F32: _C64, _F64: _C128}
_OUT = {"c2c": _COMPLEX, "r2c": _COMPLEX, "c2r": {_F32: _F32, _F64: _F64}}
# norm (None: NumPy's default) -> the direction `_raw_fft` scales by, for the forward
# transforms and for the inverse ones (which swap backward and forward)
_FORWARD = {None: "backward", "backward": "backward", "ortho": "ortho", "forward": "forward"}
_INVERSE = {None: "forward", "backward": "forward", "ortho": "ortho", "forward": "backward"}


class _Plan(NamedTuple):
    """How NumPy's one-axis function calls its gufunc (see Note [Plain fft calls])."""

    name: str
    kind: str  # "c2c", "r2c" or "c2r": the dtype rule (see the module docstring)
    norms: dict  # _FORWARD or _INVERSE
    gufunc: str  # the pocketfft gufunc; "rfft" picks rfft_n_even or rfft_n_odd by n
    conjugate: str  # "input" (hfft), "output" (ihfft) or ""


def _gufuncs(name: str) -> tuple:
    """The gufunc for an even n and for an odd n."""
    if _GUFUNCS is None:
        return (None, None)
    if name == "rfft":
        return (_GUFUNCS.rfft_n_even, _GUFUNCS.rfft_n_odd)
    return (getattr(_GUFUNCS, name),) * 2


def _scale(direction: str, n: int, real):
    """`_raw_fft`'s scale factor for n points, by NumPy's expressions in its dtype `real`.
    The scaled ones are kept for the first `_SCALES_KEPT` (direction, n, dtype) asked for: a
    lookup costs ~0.1 us where NumPy's reciprocal and sqrt cost ~0.7."""
    if direction == "backward":
        return 1
    key = (direction, n, real)
    if (fct := _SCALES.get(key)) is None:
        if direction == "ortho":
            fct = np.reciprocal(np.sqrt(n, dtype=real))
        else:
            fct = np.reciprocal(n, dtype=real)
        if len(_SCALES) < _SCALES_KEPT:
            _SCALES[key] = fct
    return fct


_SCALES: dict = {}  # (direction, n, real dtype) -> NumPy's factor, a NumPy scalar (immutable)
_SCALES_KEPT = 512


def _raw(plan: _Plan, data, n: int, axis: int, direction: str, real):
    """NumPy's `_raw_fft` (with hfft's or ihfft's conjugation) on a plain buffer, `axis` >= 0."""
    fct = _scale(direction, n, real)
    shape = data.shape
    size = n // 2 + 1 if plan.gufunc == "rfft" else n
    if shape[axis] != size:
        shape = shape[:axis] + (size,) + shape[axis + 1 :]
    if plan.conjugate == "input":
        data = np.conjugate(data)
    out = np.empty_like(data, _OUT[plan.kind][real], "K", True, shape)
    gufunc = _GUFUNCS_OF[plan.gufunc][n & 1]
    if axis == data.ndim - 1:  # the gufunc's own core axis: no `axes` to parse
        gufunc(data, fct, out)
    else:
        gufunc(data, fct, out, axes=[(axis,), (), (axis,)])
    if plan.conjugate == "output":
        np.conjugate(out, out=out)
    return out


_GUFUNCS_OF = {name: _gufuncs(name) for name in ("fft", "ifft", "rfft", "irfft")}


def _plain(plan: _Plan, x, n, axis, norm):
    """NumPy's answer to a plain call of a one-axis transform (see Note [Plain fft calls]);
    None for any other call."""
    if type(x) is not Array or type(axis) is not int or not (norm is None or type(norm) is str):
        return None
    data = x._data
    if type(data) is not np.ndarray or not -data.ndim <= axis < data.ndim or _GUFUNCS is None:
        return None
    dtypes = _PLAIN[plan.kind].get(data.dtype)
    direction = plan.norms.get(norm)
    if dtypes is None or direction is None:
        return None
    if n is None:
        n = data.shape[axis]
        if plan.kind == "c2r":
            n = 2 * (n - 1)
    elif type(n) is not int:
        return None
    if n < 1:
        return None
    compute, real = dtypes
    if data.dtype is not compute:
        data = data.astype(compute)
    return _raw(plan, data, n, axis % data.ndim, direction, real)


def _one_axis(plan: _Plan, x, n, axis, norm) -> Array:
    if (out := _plain(plan, x, n, axis, norm)) is not None:
        return wrap(out)
    func, kind = plan.name, plan.kind
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


def _written(result: Array, out, func: str) -> Array:
    return written_into(result, out, func, "same_kind")  # (NumPy's gufunc casting)


_FFT = _Plan("fft", "c2c", _FORWARD, "fft", "")
_IFFT = _Plan("ifft", "c2c", _INVERSE, "ifft", "")
_RFFT = _Plan("rfft", "r2c", _FORWARD, "rfft", "")
_IRFFT = _Plan("irfft", "c2r", _INVERSE, "irfft", "")
_HFFT = _Plan("hfft", "c2r", _FORWARD, "irfft", "input")
_IHFFT = _Plan("ihfft", "r2c", _INVERSE, "rfft", "output")


def fft(
    x: ArrayLike,
    /,
    n: int | None = None,
    axis: int = -1,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """One-dimensional discrete Fourier transform along `axis`, padded or cut to `n` points.

    >>> import xtensor as xp
    >>> xp.fft.fft(xp.asarray([1.0, 0.0, 0.0, 0.0], dtype=xp.float32))
    array([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j], dtype=complex64)
    """
    return _written(_one_axis(_FFT, x, n, axis, norm), out, "fft")


def ifft(
    x: ArrayLike,
    /,
    n: int | None = None,
    axis: int = -1,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """Inverse of fft."""
    return _written(_one_axis(_IFFT, x, n, axis, norm), out, "ifft")


def rfft(
    x: ArrayLike,
    /,
    n: int | None = None,
    axis: int = -1,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """fft of real input, keeping the n // 2 + 1 non-negative frequencies."""
    return _written(_one_axis(_RFFT, x, n, axis, norm), out, "rfft")


def irfft(
    x: ArrayLike,
    /,
    n: int | None = None,
    axis: int = -1,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """Inverse of rfft: `n` real points (default 2 * (m - 1) for m input points)."""
    return _written(_one_axis(_IRFFT, x, n, axis, norm), out, "irfft")


def hfft(
    x: ArrayLike,
    /,
    n: int | None = None,
    axis: int = -1,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """fft of a signal with Hermitian symmetry given by its first half: real output."""
    return _written(_one_axis(_HFFT, x, n, axis, norm), out, "hfft")


def ihfft(
    x: ArrayLike,
    /,
    n: int | None = None,
    axis: int = -1,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """Inverse of hfft: real input, the n // 2 + 1 non-negative frequencies out."""
    return _written(_one_axis(_IHFFT, x, n, axis, norm), out, "ihfft")


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


class _ManyPlan(NamedTuple):
    """How NumPy's n-D function loops over 1-D ones (see Note [Plain fft calls])."""

    name: str
    kind: str  # the dtype rule, as in _Plan
    norms: dict  # _FORWARD or _INVERSE
    last: _Plan  # the transform along the last of the axes
    others: _Plan  # the transform along each of the others
    others_first: bool  # irfftn: the others in order, then the last; else the last, then the
    # others in reverse order


def _plain_axes(axes, ndim: int) -> list | None:
    """`axes` (None: all) as a non-empty list of axes >= 0 when each is a Python int in range;
    else None."""
    if axes is None:
        return list(range(ndim))
    if type(axes) is not tuple and type(axes) is not list:
        return None
    for a in axes:
        if type(a) is not int or not -ndim <= a < ndim:
            return None
    return [a % ndim for a in axes] or None


def _plain_many(plan: _ManyPlan, x, s, axes, norm):
    """NumPy's answer to a plain call of an n-D transform, s None (see Note [Plain fft calls]);
    None for any other call."""
    if type(x) is not Array or s is not None or not (norm is None or type(norm) is str):
        return None
    data = x._data
    if type(data) is not np.ndarray or not data.ndim or _GUFUNCS is None:
        return None
    dtypes = _PLAIN[plan.kind].get(data.dtype)
    direction = plan.norms.get(norm)
    axes = _plain_axes(axes, data.ndim)
    if dtypes is None or direction is None or axes is None:
        return None
    sizes = [data.shape[a] for a in axes]  # `_cook_nd_args`'s s, from x's shape
    if plan.kind == "c2r":
        sizes[-1] = 2 * (sizes[-1] - 1)
    if min(sizes) < 1:
        return None
    compute, real = dtypes
    if data.dtype is not compute:
        data = data.astype(compute)
    steps = [(plan.others, n, a) for n, a in zip(sizes[:-1], axes[:-1])]
    if plan.others_first:
        steps.append((plan.last, sizes[-1], axes[-1]))
    else:
        steps = [(plan.last, sizes[-1], axes[-1]), *reversed(steps)]
    for one, n, a in steps:
        data = _raw(one, data, n, a, direction, real)
    return data


def _many_axes(plan: _ManyPlan, x, s, axes, norm) -> Array:
    if (out := _plain_many(plan, x, s, axes, norm)) is not None:
        return wrap(out)
    func, kind = plan.name, plan.kind
    data, result = _input(x, func, kind)
    s, axes = _s_axes(func, data, s, axes)
    if axes is not None and not axes and data.ndim:
        return wrap(data.astype(result.numpy))  # no axes: no transform, only the dtype rule
    out = backend_of(data).fft(func, data, s=s, axes=axes, norm=_norm(norm, func))
    return wrap(out if out.dtype == result.numpy else out.astype(result.numpy))


_FFTN = _ManyPlan("fftn", "c2c", _FORWARD, _FFT, _FFT, False)
_IFFTN = _ManyPlan("ifftn", "c2c", _INVERSE, _IFFT, _IFFT, False)
_RFFTN = _ManyPlan("rfftn", "r2c", _FORWARD, _RFFT, _FFT, False)
_IRFFTN = _ManyPlan("irfftn", "c2r", _INVERSE, _IRFFT, _IFFT, True)


def fftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """n-dimensional discrete Fourier transform over `axes` (default: all), sizes `s`."""
    return _written(_many_axes(_FFTN, x, s, axes, norm), out, "fftn")


def ifftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """Inverse of fftn."""
    return _written(_many_axes(_IFFTN, x, s, axes, norm), out, "ifftn")


def rfftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """fftn of real input; the last transformed axis keeps s[-1] // 2 + 1 frequencies."""
    return _written(_many_axes(_RFFTN, x, s, axes, norm), out, "rfftn")


def irfftn(
    x: ArrayLike,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """Inverse of rfftn: real output, the last axis of length s[-1] (default 2 * (m - 1))."""
    return _written(_many_axes(_IRFFTN, x, s, axes, norm), out, "irfftn")


__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft"]


# --- NumPy's 2-D shorthands: the n-D transforms over the last two axes ----------------------


def fft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """NumPy's `fft2`: `fftn` over `axes` (default: the last two)."""
    return _written(fftn(a, s=s, axes=axes, norm=norm), out, "fft2")


def ifft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """NumPy's `ifft2`: `ifftn` over `axes` (default: the last two)."""
    return _written(ifftn(a, s=s, axes=axes, norm=norm), out, "ifft2")


def rfft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """NumPy's `rfft2`: `rfftn` over `axes` (default: the last two)."""
    return _written(rfftn(a, s=s, axes=axes, norm=norm), out, "rfft2")


def irfft2(
    a: ArrayLike,
    s: Sequence[int] | None = None,
    axes: Sequence[int] = (-2, -1),
    norm: _Norm | None = "backward",
    out: Array | None = None,
) -> Array:
    """NumPy's `irfft2`: `irfftn` over `axes` (default: the last two)."""
    return _written(irfftn(a, s=s, axes=axes, norm=norm), out, "irfft2")
