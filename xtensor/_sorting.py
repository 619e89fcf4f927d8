"""Sorting functions (Array API chapter "Sorting Functions"): argsort and sort.

Note [Stable descending sort]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
Reversing a stable ascending argsort puts equal elements in *reverse* input order. Instead we
sort the flipped array: ties there come out in decreasing original position, so reversing
that result restores increasing original position, and index j of the flipped array is
n - 1 - j of the original. Example: x = [1, 2, 1] -> flipped [1, 2, 1] -> stable argsort
[0, 2, 1] -> reversed [1, 2, 0] -> n - 1 - j = [1, 0, 2]: 2 first, then the 1s in input order.
NaNs sort last ascending (NumPy) and therefore first descending.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._dispatch import backend_of
from ._manipulation import check_array


def _fast_data(x, axis, descending, stable):
    """The backing array of an ascending sort of a CPU array along an in-range int axis, whose
    arguments need no checks; None otherwise."""
    if type(x) is Array and descending is False and (stable is True or stable is False):
        data = x._data
        if type(data) is np.ndarray and type(axis) is int and -data.ndim <= axis < data.ndim:
            return data
    return None


def _prepare(x, axis, descending, stable, func):
    x = check_array(x, func)
    if axis is None:  # NumPy's axis=None sorts the flattened array (the standard has no None)
        x, axis = wrap(x._data.reshape(-1)), 0
    if x.ndim == 0:
        raise ValueError(f"{func}: x must have at least one dimension")
    if not isinstance(descending, bool) or not isinstance(stable, bool):
        raise TypeError(
            f"{func}: descending and stable must be bools; got {descending!r} and {stable!r}"
        )
    return x._data, normalize_axis(axis, x.ndim, func)


def argsort(x, /, axis=-1, *, descending=False, stable=True) -> Array:
    """Indices that sort `x` along `axis`; equal elements keep their order when stable.

    >>> import xtensor as xp
    >>> xp.argsort(xp.asarray([3, 1, 2, 1]), descending=True)
    array([0, 2, 1, 3])
    """
    data = _fast_data(x, axis, descending, stable)
    if data is not None:  # ndarray.argsort is np.argsort without its wrapper
        out = data.argsort(axis=axis, kind="stable" if stable else None)
        return wrap(out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))
    data, axis = _prepare(x, axis, descending, stable, "argsort")
    backend = backend_of(data)
    if not descending:
        out = backend.argsort(data, axis, stable)
    else:  # see Note [Stable descending sort]
        flip = backend.xp.flip
        out = (data.shape[axis] - 1) - flip(backend.argsort(flip(data, axis), axis, stable), axis)
    return wrap(out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))


def sort(x, /, axis=-1, *, descending=False, stable=True) -> Array:
    """`x` sorted along `axis` (a copy); NaNs go last, or first when descending."""
    data = _fast_data(x, axis, descending, stable)
    if data is not None:  # np.sort is exactly this copy and in-place sort
        out = data.copy(order="K")
        out.sort(axis=axis, kind="stable" if stable else None)
        return wrap(out)
    data, axis = _prepare(x, axis, descending, stable, "sort")
    backend = backend_of(data)
    if not descending:
        return wrap(backend.sort(data, axis, stable))
    flip = backend.xp.flip
    return wrap(flip(backend.sort(flip(data, axis), axis, stable), axis))


NUMPY_ALIASES: dict = {}

__all__ = ["argsort", "sort"]
