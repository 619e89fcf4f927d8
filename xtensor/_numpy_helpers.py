"""Helpers the NumPy-only modules (`_numpy_shape`, `_numpy_math`, `_numpy_matrix`,
`_numpy_stats`) and `xtensor.random` share: NumPy's array-like arguments as Arrays, NumPy's
errors renamed after the function, and the device's own NumPy/CuPy routine run on validated
buffers where composing namespace functions would only re-derive NumPy's algorithm (`interp`,
`percentile`, `histogram`...).
"""

from __future__ import annotations

import numpy as np

from ._array import Array, backing, wrap
from ._core.checks import check_same_device
from ._dispatch import backend_of
from ._numpy_run import NamedErrors


def as_array(x, func: str, name: str = "a") -> Array:
    """`x` as an Array: itself, or NumPy-style input (lists, scalars, ndarrays) converted by
    `_array.backing`, whose TypeError names `func` and `name`."""
    if isinstance(x, Array):
        return x
    return wrap(backing(x, func, name, scalars=False))


_NAMED = (TypeError, ValueError, IndexError, NotImplementedError, RuntimeError)
_REBUILT = (np.exceptions.AxisError, np.linalg.LinAlgError)  # themselves, from a message


class named_errors(NamedErrors):  # noqa: N801 - used as a function: `with named_errors(f):`
    """Re-raise the backend's argument errors as the built-in type NumPy's belongs to, naming
    `func` (NumPy's own subclasses, like UFuncTypeError, cannot be rebuilt from a message;
    AxisError and LinAlgError can, and stay themselves). NotImplementedError (the meta
    device's "not supported") stays itself."""

    __slots__ = ()

    def __exit__(self, kind, e, traceback) -> bool:
        if kind is None or not issubclass(kind, _NAMED):
            return False
        func = self.func
        if issubclass(kind, NotImplementedError) and str(e).startswith(f"{func}:"):
            return False  # already named (the meta device's "median: not supported...")
        if kind in _REBUILT:
            raise kind(f"{func}: {e}") from None
        raise next(k for k in _NAMED if isinstance(e, k))(f"{func}: {e}") from None


def on_backend(func: str, routine: str, arrays: tuple, *args, **kwargs):
    """`routine` of the arrays' device module (numpy or cupy) on their buffers; the raw result."""
    datas = [a._data for a in arrays]
    if all(type(d) is np.ndarray for d in datas):  # the CPU's: one device, NumPy's routine
        xp = np
    else:
        check_same_device(func, [a.device for a in arrays])
        xp = backend_of(datas[0]).xp
    with named_errors(func):
        return getattr(xp, routine)(*datas, *args, **kwargs)


def check_same_value(x: Array, out: Array, func: str) -> None:
    """NumPy 2.4's casting='same_value': `out`, the cast of `x`, must hold x's values exactly.
    A value survives when it compares equal across the two dtypes (which catches wrapped
    signs and dropped imaginary parts) and also casts back to itself (which catches rounding,
    as float64(2**53 + 1) equals its int64 source); NaN survives between inexact dtypes.
    Casts to bool are not checked, as in NumPy. The meta device has no values to check."""
    if out.dtype.kind == "b" or x.dtype == out.dtype or x.device.kind == "meta":
        return
    a, b = x._data, out._data
    back = b.real if b.dtype.kind == "c" and a.dtype.kind != "c" else b
    with np.errstate(all="ignore"):
        same = (a == b) & (back.astype(a.dtype) == a)
        if a.dtype.kind in "fc" and b.dtype.kind in "fc":
            xp = backend_of(a).xp
            same |= xp.isnan(a) & xp.isnan(b)
    if not bool(same.all()):
        raise ValueError(
            f"{func}: casting='same_value' requires every value to survive the cast, but "
            f"some {x.dtype.name} values change as {out.dtype.name} (rounded, overflowed "
            f"or not representable); use another casting rule or check the values first"
        )
