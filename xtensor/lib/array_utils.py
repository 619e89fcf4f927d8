"""NumPy's `numpy.lib.array_utils` for xtensor arrays.

`normalize_axis_index` and `normalize_axis_tuple` are NumPy's own functions: they read only
integers, and raise the AxisError that `xtensor.exceptions` names too. `byte_bounds` reads an
xtensor array's buffer on its device (NumPy's reads `__array_interface__`, which an Array,
whose memory may be on a GPU, does not have).
"""

from __future__ import annotations

import numpy as np
from numpy.lib.array_utils import byte_bounds as _numpy_byte_bounds
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from .._array import Array


def byte_bounds(a) -> tuple[int, int]:
    """(low, high): the address of `a`'s first byte in memory and one past its last, on its
    device, as NumPy's. A NumPy array (or any object with `__array_interface__`) is NumPy's."""
    if not isinstance(a, Array):
        return _numpy_byte_bounds(a)
    data = a._data
    if type(data) is np.ndarray:
        return _numpy_byte_bounds(data)
    interface = getattr(data, "__cuda_array_interface__", None)
    if interface is None:
        raise TypeError(f"byte_bounds: an array on {a.device} has no memory to bound")
    return _bounds(interface, data.size, data.dtype.itemsize)


def _bounds(interface: dict, size: int, itemsize: int) -> tuple[int, int]:
    """NumPy's computation over an array interface (strides None: C-contiguous)."""
    low = high = interface["data"][0]
    strides = interface.get("strides")
    if strides is None:
        return low, high + size * itemsize
    for n, stride in zip(interface["shape"], strides):
        if stride < 0:
            low += (n - 1) * stride
        else:
            high += (n - 1) * stride
    return low, high + itemsize


__all__ = ["byte_bounds", "normalize_axis_index", "normalize_axis_tuple"]
