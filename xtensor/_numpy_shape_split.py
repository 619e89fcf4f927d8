"""NumPy-only splitting functions (array_split, split, hsplit, vsplit, dsplit) and the index
searches argwhere and flatnonzero, built on the namespace functions (reshape, stack, nonzero)
and basic indexing, so dtype and device checks apply as usual. Exported with the shape theme
by `_numpy_shape`, which re-exports them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._creation import zeros
from ._dispatch.host_only import defers_to_numpy
from ._manipulation import reshape, stack
from ._numpy_helpers import as_array
from ._searching import nonzero
from ._typing import ArrayLike

# --- splitting -------------------------------------------------------------------------------


def array_split(
    ary: ArrayLike, indices_or_sections: int | Sequence[int], axis: int = 0
) -> list[Array]:
    """Split into sections (the first `n % sections` one longer) or at the given indices."""
    ary = as_array(ary, "array_split", "ary")
    axis = normalize_axis(axis, ary.ndim, "array_split")
    total = ary.shape[axis]
    try:
        points = [0, *indices_or_sections, total]
    except TypeError:
        sections = int(indices_or_sections)
        if sections <= 0:
            raise ValueError(
                f"array_split: the number of sections must be larger than 0; got {sections}"
            ) from None
        each, extras = divmod(total, sections)
        sizes = [each + 1] * extras + [each] * (sections - extras)
        points = [0]
        for size in sizes:
            points.append(points[-1] + size)
    lead = (slice(None),) * axis
    return [
        ary[lead + (slice(int(start), int(stop)),)] for start, stop in itertools.pairwise(points)
    ]


def split(ary: ArrayLike, indices_or_sections: int | Sequence[int], axis: int = 0) -> list[Array]:
    """Split into equal sections (ValueError when they cannot be equal) or at indices."""
    ary = as_array(ary, "split", "ary")
    try:
        len(indices_or_sections)
    except TypeError:
        sections = int(indices_or_sections)
        total = ary.shape[normalize_axis(axis, ary.ndim, "split")]
        if sections == 0:  # NumPy's error: its modulo by the count
            raise ZeroDivisionError("split: cannot split into 0 sections") from None
        if sections > 0 and total % sections:
            raise ValueError(
                f"split: an axis of length {total} does not split into "
                f"{sections} equal sections; use array_split"
            ) from None
    return array_split(ary, indices_or_sections, axis)


# --- searching -------------------------------------------------------------------------------


@defers_to_numpy
def argwhere(a: ArrayLike) -> Array:
    """Indices of the non-zero elements, one row per element: shape (N, a.ndim)."""
    a = as_array(a, "argwhere")
    if a.ndim == 0:
        return zeros((int(bool(a)), 0), dtype=_dtypes.int64, device=a.device)
    return stack(nonzero(a), axis=-1)


@defers_to_numpy
def flatnonzero(a: ArrayLike) -> Array:
    """Indices of the non-zero elements of the flattened array."""
    a = as_array(a, "flatnonzero")
    if type(d := a._data) is np.ndarray:  # NumPy's own two steps, without its dispatch layers
        return wrap(d.ravel().nonzero()[0])
    return nonzero(reshape(a, (-1,)))[0]


# --- splitting along fixed axes --------------------------------------------------------------


def _split_from(ary, indices_or_sections, func: str, axis_for, min_ndim: int) -> list:
    ary = as_array(ary, func, "ary")
    if ary.ndim < min_ndim:
        raise ValueError(f"{func}: only works on arrays of {min_ndim} or more dimensions")
    return split(ary, indices_or_sections, axis_for(ary.ndim))


def hsplit(ary: ArrayLike, indices_or_sections: int | Sequence[int]) -> list[Array]:
    """`split` along the columns: axis 1, or axis 0 of a 1-D array."""
    return _split_from(ary, indices_or_sections, "hsplit", lambda n: 1 if n > 1 else 0, 1)


def vsplit(ary: ArrayLike, indices_or_sections: int | Sequence[int]) -> list[Array]:
    """`split` along the rows (axis 0) of an array of 2 or more dimensions."""
    return _split_from(ary, indices_or_sections, "vsplit", lambda n: 0, 2)


def dsplit(ary: ArrayLike, indices_or_sections: int | Sequence[int]) -> list[Array]:
    """`split` along the depth (axis 2) of an array of 3 or more dimensions."""
    return _split_from(ary, indices_or_sections, "dsplit", lambda n: 2, 3)
