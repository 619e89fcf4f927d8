"""tensordot's `axes` argument read as NumPy reads it: a count of trailing/leading axes or a
pair of axis sequences, checked and normalized (`tensordot_axes`), and as the item of a plan
key (`axes_key`). Kept apart from `_linear_algebra`, which holds the functions themselves."""

from __future__ import annotations

import operator

import numpy as np

from ._core.axes import normalize_axes


def axes_key(axes):
    """tensordot's `axes` as a plan key's item: an int, or the two sides as tuples of ints
    (`(0, 1)` and `([0], [1])` alike, as NumPy reads them); None for anything else."""
    if type(axes) is int:
        return axes
    if (type(axes) is not tuple and type(axes) is not list) or len(axes) != 2:
        return None
    key = []  # (loops, not generators: this runs on every call)
    for side in axes:
        if type(side) is int:
            key.append((side,))
            continue
        if type(side) is not tuple and type(side) is not list:
            return None
        for k in side:
            if type(k) is not int:
                return None
        key.append(tuple(side))
    return tuple(key)


def _count(axes) -> int | None:
    """`axes` as a number of axes (an int, NumPy's integer, a 0-d integer Array), else None."""
    if isinstance(axes, (bool, tuple, list)):
        return None
    try:
        return operator.index(axes)
    except TypeError:
        return None


def tensordot_axes(axes, ndim1: int, ndim2: int) -> tuple:
    """`axes` as tensordot's two lists of contracted axes of x1 and x2 (counted from 0)."""
    n = _count(axes)
    if n is not None:
        if n < 0:
            raise ValueError(f"tensordot: axes must be non-negative; got {n}")
        if n > ndim1 or n > ndim2:
            raise ValueError(
                f"tensordot: cannot contract {n} axes of arrays with {ndim1} and {ndim2} dimensions"
            )
        return list(range(ndim1 - n, ndim1)), list(range(n))
    try:
        first, second = axes
    except (TypeError, ValueError):
        raise TypeError(
            f"tensordot: axes must be an int or a pair of sequences of ints; got {axes!r}"
        ) from None
    first = [first] if isinstance(first, (int, np.integer)) else list(first)
    second = [second] if isinstance(second, (int, np.integer)) else list(second)
    if len(first) != len(second):
        raise ValueError(
            f"tensordot: axes for x1 {tuple(first)} and for x2 {tuple(second)} "
            "have different lengths"
        )
    return (
        list(normalize_axes(first, ndim1, "tensordot", "axes", operand="x1")),
        list(normalize_axes(second, ndim2, "tensordot", "axes", operand="x2")),
    )
