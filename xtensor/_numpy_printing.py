"""NumPy-only functions: printing and print options.

xtensor prints exactly as NumPy does: `repr(x)`, `str(x)` and the functions here hand the host
data to NumPy's own printing (an array on a GPU is copied to the host first; its repr adds
`device=`), so `set_printoptions`, `printoptions` and `get_printoptions` — NumPy's own objects —
act on xtensor arrays too. `numpy.array2string(x)` reaches these functions through NumPy's
`__array_function__` protocol, which this module's import installs (`_numpy_protocols`). A meta
array has no values: all of them give its repr, `array(..., shape=(3,), dtype=float64,
device='meta')`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._array import Array
from ._core.devices import CPU
from ._numpy_protocols import host_data
from ._typing import ArrayLike


def _is_meta(a) -> bool:
    return isinstance(a, Array) and a.device.kind == "meta"


def array2string(a: ArrayLike, *args: Any, **kwargs: Any) -> str:
    """NumPy's `array2string` of `a` (an Array on any device, or anything NumPy reads)."""
    if _is_meta(a):
        return repr(a)
    return np.array2string(host_data(a), *args, **kwargs)


def array_repr(
    arr: ArrayLike,
    max_line_width: int | None = None,
    precision: int | None = None,
    suppress_small: bool | None = None,
) -> str:
    """NumPy's `array_repr` of `arr`: `array([1., 2.])`; on a GPU `device=` comes last, as in
    `repr(x)`."""
    if _is_meta(arr):
        return repr(arr)
    data = arr._numpy_view() if hasattr(type(arr), "_numpy_view") else host_data(arr)
    text = np.array_repr(data, max_line_width, precision, suppress_small)
    if isinstance(arr, Array) and arr.device != CPU:
        text = f"{text[:-1]}, device='{arr.device}')"
    return text


def array_str(
    a: ArrayLike,
    max_line_width: int | None = None,
    precision: int | None = None,
    suppress_small: bool | None = None,
) -> str:
    """NumPy's `array_str` of `a`, the text `print(a)` shows."""
    if _is_meta(a):
        return repr(a)
    return np.array_str(host_data(a), max_line_width, precision, suppress_small)


def _number(x):
    """A 0-d Array as its Python number; anything else as it is, for NumPy to judge."""
    return x._data.item() if isinstance(x, Array) and x.ndim == 0 else x


def _scalar(x):
    """A 0-d Array as its NumPy scalar (NumPy's float formatters take scalars only)."""
    return host_data(x)[()] if isinstance(x, Array) and x.ndim == 0 else host_data(x)


def format_float_positional(x: ArrayLike, *args: Any, **kwargs: Any) -> str:
    """NumPy's `format_float_positional`; `x` may also be a 0-d Array."""
    return np.format_float_positional(_scalar(x), *args, **kwargs)


def format_float_scientific(x: ArrayLike, *args: Any, **kwargs: Any) -> str:
    """NumPy's `format_float_scientific`; `x` may also be a 0-d Array."""
    return np.format_float_scientific(_scalar(x), *args, **kwargs)


def base_repr(number: int | Array, base: int = 2, padding: int = 0) -> str:
    """NumPy's `base_repr`; `number` may also be a 0-d integer Array."""
    return np.base_repr(_number(number), base, padding)


def binary_repr(num: int | Array, width: int | None = None) -> str:
    """NumPy's `binary_repr`; `num` may also be a 0-d integer Array."""
    return np.binary_repr(_number(num), width)


NUMPY_ALIASES: dict = {
    "array2string": array2string,
    "array_repr": array_repr,
    "array_str": array_str,
    "base_repr": base_repr,
    "binary_repr": binary_repr,
    "format_float_positional": format_float_positional,
    "format_float_scientific": format_float_scientific,
    "get_printoptions": np.get_printoptions,
    "printoptions": np.printoptions,
    "set_printoptions": np.set_printoptions,
}
