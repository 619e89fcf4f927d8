"""Utility functions (Array API chapter "Utility Functions"): all, any, diff.

`all` and `any` run through the iterator's reduction mode like the statistical functions;
`diff` is built from the elementwise `subtract` (`not_equal` for bool, as NumPy does), so large
differences run in parallel through the elementwise path.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, backing, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._dispatch.compiled import compiled_reduction
from ._dispatch.elementwise import SMALL_NUMEL
from ._dispatch.host_only import numpy_for_foreign
from ._dispatch.reduction import (
    SPECS,
    fold,
    is_int,
    xp_of,
)
from ._elementwise import not_equal, subtract
from ._statistical import _foreign, _numpy_form
from ._typing import ArrayLike, AxisLike


def all(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    out: Array | None = None,
    keepdims: bool = False,
    *,
    where: ArrayLike = True,
) -> Array:
    """True where every element over `axis` is nonzero (NaN counts as nonzero); True if empty.

    NumPy's `out` and `where` (a mask of the elements tested) are accepted, with NumPy's meaning.
    """
    if type(x) is not Array and (r := _foreign("all", x, keepdims, axis=axis)) is not None:
        return r  # a pandas object: its own method, as NumPy calls it (a Series for an axis)
    if out is None and where is True:
        return fold(x, axis, keepdims, SPECS["all"])
    return _numpy_form("all", x, out, axis=axis, keepdims=keepdims, where=where)


def any(
    x: ArrayLike,
    /,
    axis: AxisLike = None,
    out: Array | None = None,
    keepdims: bool = False,
    *,
    where: ArrayLike = True,
) -> Array:
    """True where some element over `axis` is nonzero (NaN counts as nonzero); False if empty.

    NumPy's `out` and `where` are accepted, as for `all`.
    """
    if type(x) is not Array and (r := _foreign("any", x, keepdims, axis=axis)) is not None:
        return r  # a pandas object: its own method, as NumPy calls it (a Series for an axis)
    if out is None and where is True:
        return fold(x, axis, keepdims, SPECS["any"])
    return _numpy_form("any", x, out, axis=axis, keepdims=keepdims, where=where)


def _edge(value, data, axis: int, name: str):
    """`prepend`/`append` as an array matching `data` except along `axis` (scalars broadcast)."""
    xp = xp_of(data)
    edge = backing(value, "diff", name, scalars=False)
    if edge.ndim == 0:
        shape = list(data.shape)
        shape[axis] = 1
        return xp.broadcast_to(edge, tuple(shape))
    if edge.ndim != data.ndim or any_mismatch(edge.shape, data.shape, axis):
        raise ValueError(
            f"diff: {name} has shape {edge.shape}, but it must match x's shape "
            f"{data.shape} except along axis {axis}"
        )
    return edge


def any_mismatch(a: tuple, b: tuple, skip: int) -> bool:
    return next((True for d, (m, n) in enumerate(zip(a, b)) if d != skip and m != n), False)


def diff(
    x: ArrayLike,
    /,
    n: int = 1,
    axis: int = -1,
    prepend: ArrayLike | None = None,
    append: ArrayLike | None = None,
) -> Array:
    """The n-th forward difference along `axis`: out[i] = x[i+1] - x[i], applied n times.

    `prepend`/`append` are joined to x along `axis` first. NumPy's argument order (n before
    axis) is kept so `np.diff(x, 2)` works; the standard passes them by keyword.

    >>> import xtensor as xp
    >>> xp.diff(xp.asarray([1, 4, 9, 16]))
    array([3, 5, 7])
    """
    if type(x) is Array and type(n) is int and n == 1 and type(axis) is int and axis == -1:
        # One difference of a CPU array that `subtract` below would run as one chunk: its
        # ufunc call, without the checks
        d = x._data
        plain = prepend is None and append is None and type(d) is np.ndarray
        if plain and d.ndim and d.shape[-1] and d.dtype.kind in "iufc" and d.size < SMALL_NUMEL:
            return wrap(np.subtract(d[..., 1:], d[..., :-1]))
    edges = {k: v for k, v in (("prepend", prepend), ("append", append)) if v is not None}
    if (r := numpy_for_foreign("diff", x, n, axis, **edges)) is not NotImplemented:
        return r  # (a masked array keeps its mask, as under NumPy)
    data = backing(x, "diff", "x", scalars=False)
    if data.ndim == 0:
        raise ValueError("diff: x must have at least one dimension; got a 0-dimensional array")
    axis = normalize_axis(axis, data.ndim, "diff")
    if isinstance(n, bool) or not is_int(n):
        raise TypeError(f"diff: n must be an int; got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"diff: n must be non-negative; got {n}")
    if prepend is not None or append is not None:
        parts = [data]
        if prepend is not None:
            parts.insert(0, _edge(prepend, data, axis, "prepend"))
        if append is not None:
            parts.append(_edge(append, data, axis, "append"))
        data = xp_of(data).concatenate(parts, axis=axis)
    result = wrap(data)
    lead = (slice(None),) * axis
    for _ in range(n):
        step = not_equal if result.dtype is _dtypes.bool else subtract
        result = step(result[lead + (slice(1, None),)], result[lead + (slice(None, -1),)])
        if result.shape[axis] == 0:  # one difference of empties has the dtype (dates give
            break  # timedeltas, text raises), and further ones keep it
    return result


NUMPY_ALIASES: dict = {}

all, any = compiled_reduction(all), compiled_reduction(any)  # as in _statistical

__all__ = ["all", "any", "diff"]
