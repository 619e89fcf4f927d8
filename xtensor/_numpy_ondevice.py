"""Running NumPy's own routines on an array's device, for this theme's NumPy-only modules
(`_numpy_math`, `_numpy_calculus`, `_numpy_stats`, `_numpy_nanfuncs`, `_numpy_matrix`,
`_numpy_poly`).

Their functions are NumPy's algorithms (gradients, NaN-aware order statistics, polynomial
fits): re-deriving them from namespace functions would only copy NumPy's code, so they call
`backend_of(data).xp.<routine>` (numpy on the CPU, cupy on CUDA) on validated buffers. This
module owns the three steps around that call: operands as buffers on one device (`operand`),
the call with NumPy's errors renamed after the function (`call`, through
`_numpy_run.numpy_errors`), and results back as Arrays
of xtensor's 13 dtypes (`result`). It knows no particular routine.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device
from ._core.convert import undispatched
from ._creation import asarray
from ._dispatch import backend_of
from ._numpy_helpers import as_array
from ._numpy_run import renamed
from ._numpy_run import result as array_result

_PLAIN = frozenset(np.dtype(c) for c in "?bhilqBHILQefdgFDG")  # xtensor's numeric dtypes
_HOST: dict = {}  # NumPy's routines by name, without their dispatch (buffers hand them none)
NO_VALUE = np._NoValue  # NumPy's "argument not given" default, so signatures read as NumPy's


def given(**kwargs) -> dict:
    """Only the options the caller set: CuPy's routines lack some of NumPy's keywords."""
    return {k: v for k, v in kwargs.items() if v is not NO_VALUE}


def operand(value, like: Array, func: str, name: str) -> Array:
    """`value` as an Array on `like`'s device: host input (lists, NumPy arrays) is moved
    there; an Array on another device is refused, as everywhere in xtensor. Beside an object
    array, a value only NumPy's object arrays hold (a Fraction) is read as one."""
    if type(value) is Array and type(value._data) is np.ndarray is type(like._data):
        return value  # both on the CPU
    try:
        x = as_array(value, func, name)
    except TypeError:
        if like._data.dtype.kind != "O":
            raise
        return asarray(value, dtype=object)
    if x.device != like.device:
        if isinstance(value, Array):
            check_same_device(func, [like.device, x.device])
        x = asarray(x, device=like.device)
    return x


def out_buffer(out, like: Array, func: str):
    """The buffer NumPy's routine writes an `out=` Array into (None when not given); a NumPy
    array beside CPU data is its own buffer, which the caller answers, as NumPy does."""
    if out is None:
        return None
    if type(out) is np.ndarray and type(like._data) is np.ndarray:
        return out
    if not isinstance(out, Array):
        raise TypeError(f"{func}: out must be an xtensor Array; got {type(out).__name__}")
    check_same_device(func, [like.device, out.device])
    return out._data


def call(func: str, routine: str, like: Array, *args, **kwargs):
    """`routine` of `like`'s array module (numpy or cupy) on buffers; the raw result."""
    if type(like._data) is np.ndarray:
        xp, fn = np, _HOST.get(routine)
        if fn is None:
            fn = _HOST[routine] = undispatched(getattr(np, routine, None))
    else:
        xp = backend_of(like._data).xp
        fn = getattr(xp, routine, None)
    if fn is None:
        raise TypeError(
            f"{func}: not available for arrays on {like.device} ({xp.__name__} has no {routine})"
        )
    try:  # (a try costs nothing until it catches; numpy_errors' `with` 0.3 us a call)
        return fn(*args, **kwargs)
    except Exception as e:
        renamed(e, func)
        raise


def result(out, func: str):
    """Backend output as xtensor values: arrays and NumPy scalars become Arrays (as
    `_numpy_run.result` makes them), in the tuples and lists that hold them; Python scalars
    and objects stay as they are, as in NumPy (`poly([])` is 1.0)."""
    if type(out) is np.ndarray and out.ndim and out.dtype in _PLAIN:
        return wrap(out)  # what `array_result` makes of it, without its checks
    if isinstance(out, (tuple, list)):
        return type(out)(result(o, func) for o in out)
    if isinstance(out, (np.ndarray, np.generic)) or hasattr(out, "__cuda_array_interface__"):
        return array_result(out, func)
    return out


def check_real(x: Array, func: str, name: str = "a") -> None:
    if x.dtype in _dtypes.COMPLEX_FLOATING:
        raise TypeError(
            f"{func}: {name} has dtype {x.dtype.name}, but {func} requires a real dtype"
        )


def is_scalar(value) -> bool:
    return type(value) in SCALARS or isinstance(value, np.generic)
