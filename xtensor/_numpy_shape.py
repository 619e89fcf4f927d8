"""NumPy-only shape functions: at least N dimensions, stacking, splitting, and the index
searches argwhere and flatnonzero.

Each follows NumPy 2's signature and semantics and is built on the namespace functions
(concat, reshape, stack, nonzero), so dtype and device checks apply as usual.
"""

from __future__ import annotations

import itertools

import numpy as np

from ._array import Array
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._creation import zeros
from ._manipulation import concat, reshape, stack
from ._numpy_helpers import as_array
from ._searching import nonzero

# --- argument checks -------------------------------------------------------------------------


def _sequence(tup, func: str) -> list:
    if isinstance(tup, Array):
        return list(tup)
    if not isinstance(tup, (list, tuple)):
        raise TypeError(
            f"{func}: arrays to stack must be passed as a sequence such as a list "
            f"or tuple; got {type(tup).__name__}"
        )
    return [as_array(a, func, f"tup[{i}]") for i, a in enumerate(tup)]


def _cast_all(arrays: list, dtype, casting: str, func: str) -> list:
    """NumPy's `dtype=`/`casting=` of the stacking functions."""
    if dtype is None:
        return arrays
    target = _dtypes.as_dtype(dtype, func)
    for i, a in enumerate(arrays):
        if not np.can_cast(a.dtype.numpy, target.numpy, casting):
            raise TypeError(
                f"{func}: cannot cast tup[{i}] from {a.dtype.name} to "
                f"{target.name} under casting={casting!r}"
            )
    return [a.astype(target) for a in arrays]


def _joined(arrays: list, axis: int, func: str) -> Array:
    if not arrays:
        raise ValueError(f"{func}: need at least one array to concatenate")
    return concat(arrays, axis=axis)


# --- at least N dimensions -------------------------------------------------------------------


def _at_least(arys, func: str, shape_for):
    out = []
    for i, a in enumerate(arys):
        a = as_array(a, func, f"arys[{i}]")
        new = shape_for(a.shape)
        out.append(a if new == a.shape else reshape(a, new))
    return out[0] if len(out) == 1 else tuple(out)


def atleast_1d(*arys):
    """Each input as an array of at least 1 dimension (0-d becomes shape (1,))."""
    return _at_least(arys, "atleast_1d", lambda s: s if len(s) >= 1 else (1,))


def atleast_2d(*arys):
    """At least 2 dimensions: a 1-D array of N becomes a row, shape (1, N)."""
    return _at_least(arys, "atleast_2d", lambda s: s if len(s) >= 2 else (1,) * (2 - len(s)) + s)


def _three_d(s: tuple) -> tuple:
    return {0: (1, 1, 1), 1: (1,) + s + (1,), 2: s + (1,)}.get(len(s), s)


def atleast_3d(*arys):
    """At least 3 dimensions: (N,) becomes (1, N, 1) and (M, N) becomes (M, N, 1)."""
    return _at_least(arys, "atleast_3d", _three_d)


def _listed(value) -> list:
    return list(value) if isinstance(value, tuple) else [value]


# --- stacking --------------------------------------------------------------------------------


def vstack(tup, *, dtype=None, casting="same_kind") -> Array:
    """Stack arrays row-wise (along the first axis), after `atleast_2d`."""
    arrays = _sequence(tup, "vstack")
    arrays = _listed(atleast_2d(*arrays)) if arrays else []
    return _joined(_cast_all(arrays, dtype, casting, "vstack"), 0, "vstack")


def hstack(tup, *, dtype=None, casting="same_kind") -> Array:
    """Stack arrays column-wise: along axis 0 for 1-D inputs, axis 1 otherwise."""
    arrays = _sequence(tup, "hstack")
    arrays = _listed(atleast_1d(*arrays)) if arrays else []
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return _joined(_cast_all(arrays, dtype, casting, "hstack"), axis, "hstack")


def dstack(tup) -> Array:
    """Stack arrays depth-wise (along the third axis), after `atleast_3d`."""
    arrays = _sequence(tup, "dstack")
    arrays = _listed(atleast_3d(*arrays)) if arrays else []
    return _joined(arrays, 2, "dstack")


def column_stack(tup) -> Array:
    """Stack 1-D arrays as columns of a 2-D array (2-D inputs are stacked as they are)."""
    arrays = _sequence(tup, "column_stack")
    arrays = [reshape(a, (-1, 1)) if a.ndim < 2 else a for a in arrays]
    return _joined(arrays, 1, "column_stack")


def append(arr, values, axis=None) -> Array:
    """`values` appended to `arr`: both flattened when axis is None."""
    arr, values = as_array(arr, "append", "arr"), as_array(values, "append", "values")
    if axis is None:
        return concat([reshape(arr, (-1,)), reshape(values, (-1,))], axis=0)
    return concat([arr, values], axis=axis)


# --- splitting -------------------------------------------------------------------------------


def array_split(ary, indices_or_sections, axis=0) -> list:
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


def split(ary, indices_or_sections, axis=0) -> list:
    """Split into equal sections (ValueError when they cannot be equal) or at indices."""
    ary = as_array(ary, "split", "ary")
    try:
        len(indices_or_sections)
    except TypeError:
        sections = int(indices_or_sections)
        total = ary.shape[normalize_axis(axis, ary.ndim, "split")]
        if sections > 0 and total % sections:
            raise ValueError(
                f"split: an axis of length {total} does not split into "
                f"{sections} equal sections; use array_split"
            ) from None
    return array_split(ary, indices_or_sections, axis)


# --- searching -------------------------------------------------------------------------------


def argwhere(a) -> Array:
    """Indices of the non-zero elements, one row per element: shape (N, a.ndim)."""
    a = as_array(a, "argwhere")
    if a.ndim == 0:
        return zeros((int(bool(a)), 0), dtype=_dtypes.int64, device=a.device)
    return stack(nonzero(a), axis=-1)


def flatnonzero(a) -> Array:
    """Indices of the non-zero elements of the flattened array."""
    return nonzero(reshape(as_array(a, "flatnonzero"), (-1,)))[0]


NUMPY_ALIASES: dict = {
    "atleast_1d": atleast_1d,
    "atleast_2d": atleast_2d,
    "atleast_3d": atleast_3d,
    "vstack": vstack,
    "hstack": hstack,
    "dstack": dstack,
    "column_stack": column_stack,
    "append": append,
    "array_split": array_split,
    "split": split,
    "argwhere": argwhere,
    "flatnonzero": flatnonzero,
}
