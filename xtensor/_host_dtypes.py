"""NumPy's dtypes beyond the standard's, kept on the host: their names and a wrapper for NumPy
functions that work on them.

Strings, datetime64/timedelta64, objects, structured records and extended precision live on
the CPU in NumPy memory (Note [Host-only dtypes] in `_core/dtypes.py`). Their names here are
xtensor dtypes, spelled as NumPy spells them, and calling one is NumPy's scalar-type spelling,
as `xtensor.float32(1.5)` is: a 0-d array (`xtensor.datetime64('2020-01-01')` is
`array('2020-01-01', dtype='datetime64[D]')`). The unit-less `datetime64` and `timedelta64` are
NumPy's generic ones, so `issubdtype(x.dtype, xtensor.datetime64)` reads as in NumPy.
`record` is NumPy's scalar type of records, which `dtype=(record, ...)` reads.

`host_function` turns a NumPy function into one taking Arrays: it hands NumPy the backing
arrays and wraps what comes back, so results are NumPy's to the byte (`on_host`, which
`xtensor.strings` and `xtensor.char` build theirs with too).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import prefixed
from ._core.convert import check_standard

datetime64 = _dtypes.as_dtype(np.datetime64, "datetime64")
timedelta64 = _dtypes.as_dtype(np.timedelta64, "timedelta64")
object_ = _dtypes.as_dtype(np.object_, "object_")
void = _dtypes.as_dtype(np.void, "void")
record = np.record
longdouble = _dtypes.as_dtype(np.longdouble, "longdouble")
clongdouble = _dtypes.as_dtype(np.clongdouble, "clongdouble")

# NumPy names the extended types by their storage width where the platform has them.
EXTENDED_NAMES = tuple(
    n for n in ("float128", "complex256", "float96", "complex192") if hasattr(np, n)
)
globals().update({n: _dtypes.as_dtype(getattr(np, n), n) for n in EXTENDED_NAMES})

NAMES = (
    "datetime64",
    "timedelta64",
    "object_",
    "void",
    "record",
    "longdouble",
    "clongdouble",
    *EXTENDED_NAMES,
)


def to_host(value: Any, func: str) -> Any:
    """An argument as NumPy's function takes it: an Array's NumPy data (CPU only), an xtensor
    dtype as NumPy's, a list or tuple of those element by element, anything else as is."""
    if type(value) is Array and type(value._data) is np.ndarray:
        return value._data
    if isinstance(value, Array):
        data = value._data
        if type(data) is not np.ndarray:
            raise TypeError(
                f"{func}: NumPy computes it on the CPU only; move the array with "
                f"to_device('cpu') (it is on {value.device})"
            )
        return data
    if isinstance(value, _dtypes.DType):
        return value.numpy
    if type(value) in (list, tuple):
        return type(value)(to_host(v, func) for v in value)
    return value


def from_host(value: Any, func: str) -> Any:
    """NumPy's result with its arrays (and scalars) as Arrays; other values as they are."""
    if isinstance(value, tuple):
        return tuple(from_host(v, func) for v in value)
    if isinstance(value, (np.ndarray, np.generic)) and not isinstance(value, (np.str_, np.bytes_)):
        return wrap(check_standard(np.asarray(value), func))
    return value


def object_scalar(value: Any) -> np.ndarray:
    """A 0-d object array holding `value`: the backing data for the Python object NumPy returns
    from an object array's `matmul` or `median` (`np.asarray` would unpack a list)."""
    out = np.empty((), dtype=object)
    out[()] = value
    return out


def host_function(numpy_function: Callable[..., Any], name: str, module: str) -> Callable[..., Any]:
    """The xtensor function `name` running NumPy's `numpy_function` on backing arrays, with
    NumPy's errors prefixed by `name`."""
    function = on_host(numpy_function, name, to_host, from_host, "biufcMmU")
    function.__module__ = module
    function.__doc__ = (
        f"NumPy's `numpy.{name}`, on the CPU (Note [Host-only dtypes] in `_core/dtypes.py`); "
        "see NumPy's documentation for the parameters."
    )
    return function


def on_host(
    numpy_function: Callable[..., Any],
    qualified: str,
    operand: Callable[[Any, str], Any],
    answer: Callable[[Any, str], Any],
    plain_kinds: str,
) -> Callable[..., Any]:
    """The function `qualified`: NumPy's `numpy_function`, undispatched, on its arguments as
    `operand(value, qualified)` reads each; NumPy's new native arrays of `plain_kinds` wrapped
    at once, other results as `answer(out, qualified)` makes them, NumPy's errors prefixed by
    `qualified`."""
    undispatched = getattr(numpy_function, "_implementation", numpy_function)

    def function(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 1 and type(a := args[0]) is Array and type(a._data) is np.ndarray:
            args = (a._data,)  # the commonest call, without a comprehension's frame
        else:
            args = [operand(a, qualified) for a in args]
        if kwargs:
            kwargs = {k: operand(v, qualified) for k, v in kwargs.items()}
        try:
            out = undispatched(*args, **kwargs)
            dt = getattr(out, "dtype", None)
            if type(out) is np.ndarray and out.ndim and dt.kind in plain_kinds and dt.isnative:
                return wrap(out)  # (what `answer` makes of them, without its checks)
            return answer(out, qualified)
        except (TypeError, ValueError) as e:
            if str(e).startswith(f"{qualified}:"):
                raise
            raise prefixed(e, qualified) from None

    function.__name__ = function.__qualname__ = qualified.rpartition(".")[2]
    return function


__all__ = list(NAMES)  # noqa: PLE0605 (the extended names depend on the platform)
