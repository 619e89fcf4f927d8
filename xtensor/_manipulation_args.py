"""The manipulation functions' shape checks: shape arguments as tuples of ints, shapes that
must agree for joining, reshape's -1 resolved, shapes written as NumPy's errors write them,
and reshape's `order` read as NumPy reads it. Kept apart from `_manipulation`, which holds
the functions themselves; nothing here knows Arrays or devices.
"""

from __future__ import annotations

import operator

import numpy as np

from ._core.checks import memory_order


def _shape_tuple(shape, func: str) -> tuple:
    if getattr(shape, "ndim", None) == 1:  # an integer array of sizes, as NumPy reads it
        shape = shape.tolist()
    elif isinstance(shape, int) or hasattr(shape, "__index__"):
        shape = (shape,)
    try:
        return tuple(operator.index(n) for n in shape)
    except TypeError:
        raise TypeError(f"{func}: shape must be a tuple of integers; got {shape!r}") from None


def _compact(shape: tuple) -> str:
    """A shape as NumPy's broadcasting errors write it: (2,3), (3,)."""
    return f"({','.join(map(str, shape))}{',' if len(shape) == 1 else ''})"


def _check_same_shapes(shapes, skip, func):
    first = shapes[0]
    for i, s in enumerate(shapes[1:], start=1):
        if len(s) != len(first) or any(
            a != b for k, (a, b) in enumerate(zip(s, first)) if k != skip
        ):
            where = "" if skip is None else f" except on axis {skip}"
            raise ValueError(
                f"{func}: arrays[{i}] has shape {s}, but arrays[0] has shape "
                f"{first}; they must agree{where}"
            )


def _is_view(out, data) -> bool:
    owner = data if data.base is None else data.base
    return out is data or out.base is owner or out.size == 0


def _check_new_shape(shape, old, func) -> tuple:
    if sum(n == -1 for n in shape) > 1 or any(n < -1 for n in shape):
        raise ValueError(f"{func}: shape {shape} may hold one -1 and otherwise sizes >= 0")
    known = 1
    for n in shape:
        known *= n if n != -1 else 1
    size = 1
    for n in old:
        size *= n
    if -1 in shape:
        if known == 0 or size % known:
            raise ValueError(f"{func}: cannot reshape an array of size {size} into shape {shape}")
        shape = tuple(size // known if n == -1 else n for n in shape)
    elif known != size:
        raise ValueError(f"{func}: cannot reshape an array of size {size} into shape {shape}")
    return shape


def check_axis_type(axis, func: str) -> None:
    """NumPy reads a joining function's `axis` before its arrays: one that is neither None
    nor an integer (often an array passed second, `concatenate(a, b)`) is a TypeError."""
    if axis is None or type(axis) is int or isinstance(axis, bool):
        return
    try:
        operator.index(axis)
    except TypeError:
        what = "an integer or None" if func == "concat" else "an integer"
        hint = (
            f" (pass the arrays as one sequence: {func}((a, b)))" if hasattr(axis, "shape") else ""
        )
        raise TypeError(f"{func}: axis must be {what}; got {type(axis).__name__}{hint}") from None


def roll_shift(value) -> int:
    """A shift as NumPy's roll reads it: an int, or a float truncated (`roll(x, n / 2)`)."""
    try:
        return operator.index(value)
    except TypeError:
        pass
    try:
        return int(value)  # NumPy's own reading: floats, and 0-d float arrays
    except (TypeError, ValueError):
        what = type(value).__name__
        raise TypeError(f"roll: shift must be an int or a tuple of ints; got {what}") from None


def python_floats_as_ints(value, data, func: str, name: str):
    """`data` (NumPy's reading of `value`) as intp where `value` is Python floats, a float or
    a list or tuple of them, which NumPy's integer arguments read truncated toward zero
    (`repeat(x, n / 2)`, `take(a, [1.0])`); NumPy arrays of floats it refuses, and so do
    these functions. Other values' `data` is returned as it is."""
    if data.dtype.kind != "f" or not isinstance(value, (float, list, tuple)) or not data.size:
        return data
    if np.isnan(data).any():  # (NumPy's errors: Python's int() of a NaN, of an infinity)
        raise ValueError(f"{func}: {name} must not be NaN to be read as integers; got {value!r}")
    if np.isinf(data).any():
        raise OverflowError(f"{func}: {name} must be finite to be read as integers; got {value!r}")
    return data.astype(np.intp)


def _index_order(order, data, func: str) -> str:
    """NumPy's reshape `order` for the array `data` as 'C' or 'F' (None is 'C'; 'K' has no
    meaning here)."""
    if order is None or order == "C":
        return "C"
    if order not in ("A", "F"):
        order = memory_order(order, func, "CFA")
    if order == "A":
        flags = data.flags
        return "F" if flags.f_contiguous and not flags.c_contiguous else "C"
    return order
