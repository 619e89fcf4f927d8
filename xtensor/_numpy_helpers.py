"""Helpers the NumPy-only modules (`_numpy_shape`, `_numpy_math`, `_numpy_matrix`,
`_numpy_stats`) and `xtensor.random` share: NumPy's array-like arguments as Arrays, NumPy's
errors renamed after the function, and the device's own NumPy/CuPy routine run on validated
buffers where composing namespace functions would only re-derive NumPy's algorithm (`interp`,
`percentile`, `histogram`...).
"""

from __future__ import annotations

import contextlib

import numpy as np

from ._array import Array, backing, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device
from ._dispatch import backend_of


def as_array(x, func: str, name: str = "a") -> Array:
    """`x` as an Array: itself, or NumPy-style input (lists, scalars, ndarrays) converted by
    `_array.backing`, whose TypeError names `func` and `name`."""
    if isinstance(x, Array):
        return x
    return wrap(backing(x, func, name, scalars=False))


@contextlib.contextmanager
def named_errors(func: str):
    """Re-raise the backend's argument errors as the built-in type NumPy's belongs to, naming
    `func` (NumPy's own subclasses, like UFuncTypeError, cannot be rebuilt from a message).
    NotImplementedError (the meta device's "not supported") stays itself."""
    kinds = (TypeError, ValueError, IndexError, NotImplementedError, RuntimeError)
    try:
        yield
    except kinds as e:
        if isinstance(e, NotImplementedError) and str(e).startswith(f"{func}:"):
            raise  # already named (the meta device's "median: not supported...")
        kind = next(k for k in kinds if isinstance(e, k))
        raise kind(f"{func}: {e}") from None


def to_result(out) -> Array:
    """Wrap a backend result; NumPy scalars become 0-d arrays, foreign dtypes raise."""
    if isinstance(out, (np.generic, *SCALARS)):
        out = np.asarray(out)
    _dtypes.from_numpy(out.dtype)
    return wrap(out)


def on_backend(func: str, routine: str, arrays: tuple, *args, **kwargs):
    """`routine` of the arrays' device module (numpy or cupy) on their buffers; the raw result."""
    check_same_device(func, [a.device for a in arrays])
    xp = backend_of(arrays[0]._data).xp
    with named_errors(func):
        return getattr(xp, routine)(*(a._data for a in arrays), *args, **kwargs)
