"""NumPy's discrete calculus and signal helpers: gradient, trapezoid, convolve, correlate,
unwrap.

Each is NumPy's algorithm run by the device's own routine (`_numpy_ondevice.call`): the
edge rules of `gradient`, the modes of `convolve` and the period folding of `unwrap` are
NumPy's definitions, so xtensor validates operands and wraps results, nothing more.
"""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np

from ._array import Array, _new, wrap
from ._core.convert import undispatched
from ._dispatch.compiled import compiled
from ._dispatch.host_only import defers_to_numpy
from ._manipulation_operands import SEQUENCES, listed, listed_all, listed_data
from ._numpy_helpers import as_array
from ._numpy_ondevice import call, is_scalar, operand, result
from ._typing import ArrayLike


def _spacing(value, like: Array, func: str, name: str):
    """A scalar spacing as given (NumPy treats it as a weak scalar), else an array's buffer."""
    return value if is_scalar(value) else operand(value, like, func, name)._data


def gradient(
    f: ArrayLike,
    *varargs: ArrayLike,
    axis: int | tuple[int, ...] | None = None,
    edge_order: int = 1,
) -> Any:  # an Array; a tuple of them for several axes
    """Second-order central differences of `f` inside, one-sided (order `edge_order`) at the
    edges; one array per axis (a tuple when there are several). `varargs` give the spacing:
    one scalar for all axes, or a scalar or coordinate array per axis."""
    if type(f) is Array and (not varargs or all(type(v) in _STEPS for v in varargs)):
        d = f._data  # np.gradient as the call below makes it (scalar spacings as given)
        if type(d) is np.ndarray and d.dtype.kind in "biufc":
            try:
                out = _GRADIENT(d, *varargs, axis=axis, edge_order=edge_order)
            except Exception:  # noqa: BLE001 - any refusal is the checked path's to word
                pass
            else:  # float arrays: one, or a tuple of them for several axes
                return wrap(out) if type(out) is np.ndarray else tuple(map(wrap, out))
    x = as_array(f, "gradient", "f")
    spacing = [_spacing(v, x, "gradient", "varargs") for v in varargs]
    out = call("gradient", "gradient", x, x._data, *spacing, axis=axis, edge_order=edge_order)
    return result(out, "gradient")


@defers_to_numpy
def trapezoid(y: ArrayLike, x: ArrayLike | None = None, dx: float = 1.0, axis: int = -1) -> Array:
    """Integral of `y` along `axis` by the trapezoidal rule, at sample points `x` (or
    evenly `dx` apart)."""
    if x is None and type(y) is Array and type(axis) is int:
        d = y._data
        if (
            type(d) is np.ndarray
            and -d.ndim <= axis < d.ndim
            and d.dtype.kind in "biufc"
            and type(dx) in _STEPS
        ):
            # np.trapezoid's own steps for evenly spaced samples, without its Python frames
            # (a step of 1 multiplies nothing real: the same values, of the same dtype; a
            # complex inf times 1 is NumPy's NaN, so complex data multiplies); an int dx
            # that y's integer dtype cannot hold raises, and the checked path words it
            lead = (slice(None),) * (axis % d.ndim)
            up, down = d[(*lead, slice(1, None))], d[(*lead, slice(None, -1))]
            try:  # one expression: NumPy divides its sum's temporary in place, as in np's own
                if dx == 1 and d.dtype.kind != "c":
                    total = np.add.reduce((up + down) / 2.0, axis)
                else:
                    total = np.add.reduce(dx * (up + down) / 2.0, axis)
            except OverflowError:
                pass
            else:
                return wrap(np.asarray(total))
    if type(y) in SEQUENCES and (z := listed(y)) is not None:  # Note [List operands]
        return trapezoid(z, x, dx, axis)
    values = as_array(y, "trapezoid", "y")
    points = None if x is None else operand(x, values, "trapezoid", "x")._data
    step = _spacing(dx, values, "trapezoid", "dx")
    out = call("trapezoid", "trapezoid", values, values._data, x=points, dx=step, axis=axis)
    return result(out, "trapezoid")


def convolve(a: ArrayLike, v: ArrayLike, mode: Literal["full", "same", "valid"] = "full") -> Array:
    """Discrete linear convolution of two 1-D sequences; `mode` is 'full', 'same' or 'valid'."""
    if (x := listed_data(a)) is not None and (w := listed_data(v)) is not None:
        # np.convolve's steps on numeric CPU arrays (or lists read as `listed` reads them:
        # Note [List operands]); its routine checks the shapes (1-d, not empty) and the mode
        # itself, promotes mixed dtypes as np.convolve's call of it does, and where it raises,
        # the checked path words the error
        if x.dtype.kind in "biufc" and w.dtype.kind in "biufc":
            try:
                if len(w) > len(x):  # the longer sequence first
                    x, w = w, x
                out = _CORRELATE(x, w[::-1], mode)
            except (TypeError, ValueError):
                pass
            else:
                wrapped = _new(Array)  # wrap(), inlined: this call is NumPy's in all but this
                wrapped._data = out
                return wrapped
    if type(a) in SEQUENCES or type(v) in SEQUENCES:  # Note [List operands]
        if (pair := listed_all((a, v))) is not None:
            return convolve(*pair, mode)
    x = as_array(a, "convolve", "a")
    w = operand(v, x, "convolve", "v")
    return result(call("convolve", "convolve", x, x._data, w._data, mode=mode), "convolve")


def correlate(
    a: ArrayLike, v: ArrayLike, mode: Literal["full", "same", "valid"] = "valid"
) -> Array:
    """Cross-correlation of two 1-D sequences (`v` conjugated); `mode` as in `convolve`."""
    if type(a) is type(v) is Array:
        # np.correlate's one call on numeric CPU arrays of one dtype, as in `convolve`
        x, w = a._data, v._data
        if type(x) is type(w) is np.ndarray and (t := x.dtype) is w.dtype and t.kind in "biufc":
            try:
                out = _CORRELATE2(x, w, mode)
            except (TypeError, ValueError):
                pass
            else:
                wrapped = _new(Array)  # wrap(), inlined, as in `convolve`
                wrapped._data = out
                return wrapped
    x = as_array(a, "correlate", "a")
    w = operand(v, x, "correlate", "v")
    return result(call("correlate", "correlate", x, x._data, w._data, mode=mode), "correlate")


def unwrap(
    p: ArrayLike, discont: float | None = None, axis: int = -1, *, period: float = 2 * math.pi
) -> Array:
    """`p` with jumps larger than `discont` (default period/2) along `axis` replaced by
    their complement modulo `period`."""
    x = as_array(p, "unwrap", "p")
    out = call("unwrap", "unwrap", x, x._data, discont=discont, axis=axis, period=period)
    return result(out, "unwrap")


_STEPS = (int, float)  # a Python spacing NumPy multiplies as given (weak)
_CORRELATE = np._core.multiarray.correlate  # the C routine np.convolve ends in
_CORRELATE2 = np._core.multiarray.correlate2  # np.correlate's (conjugating) routine
_GRADIENT = undispatched(np.gradient)
# `correlate(a, v)`'s first branch in C: correlate2's default mode is np.correlate's, 'valid'
correlate = compiled("pair", correlate, extra=_CORRELATE2)


NUMPY_ALIASES: dict = {
    "gradient": gradient,
    "trapezoid": trapezoid,
    "convolve": convolve,
    "correlate": correlate,
    "unwrap": unwrap,
}
