"""The array operands of the namespace functions: NumPy's array-likes read as Arrays
(`as_operand`, `as_operands`), sequences of them checked onto one device and promoted
(`common_arrays`), and the NumPy arrays behind a sequence of CPU Arrays of one dtype
(`one_dtype`, the joining functions' first branches). Shared by `_manipulation`, `_creation`,
`_indexing`, `_sorting`, `_searching` and `_sets` (through `_manipulation`'s names); knows
no function's own checks.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, backing, wrap
from ._core import dtypes as _dtypes
from ._core.checks import check_same_device
from ._dispatch import backend_of


def one_dtype(arrays) -> list | None:
    """The NumPy arrays behind a non-empty list or tuple of CPU arrays of one dtype (by
    identity), else None: there NumPy's joining functions give the standard's answer. The C
    twin of `concat` takes the same, at least 1-D (NumPy refuses 0-d ones: see concat)."""
    if type(arrays) is not list and type(arrays) is not tuple:
        return None
    datas, dtype = [], None
    for a in arrays:
        if type(a) is not Array or type(d := a._data) is not np.ndarray:
            return None
        if dtype is None:
            dtype = d.dtype
        elif d.dtype is not dtype:
            return None
        datas.append(d)
    return datas or None


def check_array(x, func: str, name: str = "x") -> Array:
    """`x` itself when it is an xtensor Array; a TypeError otherwise.

    Only for arguments that NumPy, too, takes as arrays alone (`astype`'s operand, `like=`):
    array operands take NumPy's array-likes through `as_operand`.
    """
    if not isinstance(x, Array):
        raise TypeError(f"{func}: {name} must be an xtensor array; got {type(x).__name__}")
    return x


def as_operand(x, func: str, name: str = "x") -> Array:
    """`x` as an Array: itself, or what NumPy reads as an array (nested lists and tuples,
    Python and NumPy scalars, NumPy arrays) converted on the host by `_array.backing`, whose
    TypeError names `func` and `name` for what NumPy cannot read (strings, None...)."""
    if isinstance(x, Array):
        return x
    return wrap(backing(x, func, name, scalars=False))


def as_operands(arrays, func: str, name: str = "arrays") -> list:
    """A non-empty sequence of array operands as Arrays; NumPy's array-likes among them land
    on the device of the first Array, so `concat(([0.0], x))` works on any device."""
    if isinstance(arrays, (Array, np.ndarray)) and arrays.ndim:
        arrays = list(arrays)  # NumPy joins the sub-arrays along the first axis
    if not isinstance(arrays, (tuple, list)):
        raise TypeError(
            f"{func}: {name} must be a sequence (tuple or list) of arrays; got "
            f"{type(arrays).__name__}"
        )
    if not arrays:
        raise ValueError(f"{func}: {name} must contain at least one array")
    device = next((a.device for a in arrays if isinstance(a, Array)), None)
    out = []
    for i, a in enumerate(arrays):
        if not isinstance(a, Array):
            a = as_operand(a, func, f"{name}[{i}]")
            a = a if device is None else a.to_device(device)
        out.append(a)
    return out


def common_arrays(arrays, func: str, name: str = "arrays") -> tuple:
    """Check a non-empty sequence of array operands on one device; (module, promoted dtype,
    datas). Mixed kinds promote as NumPy's do: `concat(([0.0], int64 array))` is float64."""
    arrays = as_operands(arrays, func, name)
    check_same_device(func, [a.device for a in arrays])
    dtype = _dtypes.promote(tuple(a.dtype for a in arrays))
    datas = [a._data for a in arrays]
    return backend_of(datas[0]).xp, dtype, datas
