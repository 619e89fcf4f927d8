"""`xtensor.strings`: NumPy 2's `numpy.strings`, element-wise functions of string arrays.

String arrays live on the CPU only (Note [Host-only dtypes] in `_core/dtypes.py`), where their
values are NumPy arrays, so each function here is a thin wrapper: it hands the backing NumPy
arrays to NumPy's function of the same name and wraps what comes back. Results are NumPy's to
the byte (`upper`, `str_len`, `find`...); an array on another device is a TypeError naming the
function. `xtensor.char` (NumPy's legacy `numpy.char`) is built the same way, and adds the
functions whose results are object arrays (`split`...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ._array import Array
from ._core import dtypes as _dtypes
from ._core.convert import TEXT_ON_CPU
from ._host_dtypes import on_host
from ._numpy_run import result

# NumPy's scalar-type spellings of the two string dtypes, unsized as NumPy's are:
# `asarray(['a', 'bb'], dtype=str_)` is '<U2', and `issubdtype(x.dtype, str_)` reads them.
str_ = _dtypes.as_dtype(np.str_, "str_")
bytes_ = _dtypes.as_dtype(np.bytes_, "bytes_")

# numpy.strings' functions whose results are arrays of a dtype xtensor has.
NAMES = (
    "add capitalize center count decode encode endswith equal expandtabs find greater "
    "greater_equal index isalnum isalpha isdecimal isdigit islower isnumeric isspace istitle "
    "isupper less less_equal ljust lower lstrip mod multiply not_equal partition replace rfind "
    "rindex rjust rpartition rstrip slice startswith str_len strip swapcase title translate "
    "upper zfill"
).split()


def _host(value: object, func: str) -> object:
    """An argument as NumPy's function takes it: an Array's NumPy data, anything else as is."""
    if not isinstance(value, Array):
        return value
    data = value._data
    if type(data) is not np.ndarray:
        raise TypeError(f"{func}: {TEXT_ON_CPU}; move the array with to_device('cpu')")
    return data


def _result(value: Any, func: str) -> Any:
    if isinstance(value, tuple):
        return tuple(_result(v, func) for v in value)
    if isinstance(value, (np.ndarray, np.generic)):  # a 0-d ndarray prints as one, as NumPy's
        return result(value, func)
    return value


def wrapper(module: Any, name: str, qualified: str) -> Callable[..., Any]:
    """The xtensor function `qualified` running NumPy's `module.<name>` on backing arrays."""
    function = on_host(getattr(module, name), qualified, _host, _result, "biuUS")
    function.__module__ = __name__
    function.__doc__ = (
        f"NumPy's `{module.__name__}.{name}` on string arrays (CPU only); see NumPy's "
        "documentation for the parameters."
    )
    return function


NAMES = tuple(n for n in NAMES if hasattr(np.strings, n))  # `slice` is NumPy 2.3's
globals().update({name: wrapper(np.strings, name, f"strings.{name}") for name in NAMES})

__all__ = sorted(NAMES)  # noqa: PLE0605 (built from the list above)
