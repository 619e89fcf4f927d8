"""Axis arguments: the one place that turns `axis=` values into checked, non-negative ints.

Every namespace function that takes an axis (manipulation, reductions, scans, sorting,
indexing, linear algebra, linalg, fft) goes through these two functions, so the errors read
the same everywhere:

* a non-integer axis, bools included (`axis=True` is a bug, not axis 1), is a TypeError;
* an axis outside [-ndim, ndim) is a `numpy.exceptions.AxisError`, which is both a
  ValueError (NumPy, the house rule) and an IndexError (what the standard asks of
  expand_dims): "sum: axis 3 is out of range for an array of 2 dimensions";
* a repeated axis is a ValueError naming it: "sum: axis 1 is repeated in axis=(1, -1)".

The module knows nothing about arrays: callers pass `ndim`.
"""

from __future__ import annotations

import operator

import numpy as np
from numpy.exceptions import AxisError

__all__ = ["AxisError", "normalize_axis", "normalize_axes"]


def normalize_axis(
    axis, ndim: int, func: str, name: str = "axis", *, operand: str | None = None
) -> int:
    """`axis` as an int in [0, ndim).

    `name` is the parameter's name in messages; `operand` names the array the axis belongs
    to when a function takes several ("for x1, an array of 2 dimensions").

    >>> normalize_axis(-1, 3, "sum")
    2
    """
    if type(axis) is int:  # the common case, checked without operator.index
        if -ndim <= axis < ndim:
            return axis % ndim
        _out_of_range(axis, ndim, func, name, operand)
    return _checked(_as_int(axis, func, name, "an int"), ndim, func, name, operand)


def normalize_axes(
    axis,
    ndim: int,
    func: str,
    name: str = "axis",
    *,
    sort: bool = False,
    allow_none: bool = False,
    operand: str | None = None,
) -> tuple:
    """`axis` (an int, or a tuple or list of ints) as a tuple of distinct axes in [0, ndim).

    The axes keep the caller's order unless `sort`; `allow_none` makes None mean every axis
    (reductions). Repeated axes raise ValueError.

    >>> normalize_axes((2, -3), 3, "flip"), normalize_axes((2, -3), 3, "sum", sort=True)
    ((2, 0), (0, 2))
    """
    if axis is None and allow_none:
        return tuple(range(ndim))
    expected = "an int, a tuple of ints or None" if allow_none else "an int or a tuple of ints"
    items = axis if isinstance(axis, (tuple, list)) else (axis,)
    axes = []
    for a in items:
        if type(a) is not int:
            a = _as_int(a, func, name, expected)
        axes.append(_checked(a, ndim, func, name, operand))
    if len(set(axes)) != len(axes):
        repeated = next(a for a in axes if axes.count(a) > 1)
        suffix = f" for {operand}" if operand else ""
        raise ValueError(f"{func}: axis {repeated} is repeated in {name}={axis!r}{suffix}")
    return tuple(sorted(axes)) if sort else tuple(axes)


def _as_int(axis, func: str, name: str, expected: str) -> int:
    if isinstance(axis, (bool, np.bool_)):
        raise TypeError(f"{func}: {name} must be {expected}; got bool")
    try:
        return operator.index(axis)
    except TypeError:
        raise TypeError(f"{func}: {name} must be {expected}; got {type(axis).__name__}") from None


def _checked(axis: int, ndim: int, func: str, name: str, operand) -> int:
    if not -ndim <= axis < ndim:
        _out_of_range(axis, ndim, func, name, operand)
    return axis % ndim


def _out_of_range(axis: int, ndim: int, func: str, name: str, operand) -> None:
    whose = f"{operand}, an array" if operand else "an array"
    raise AxisError(
        f"{func}: {name} {axis} is out of range for {whose} of {ndim} "
        f"dimension{'s' if ndim != 1 else ''}"
    )
