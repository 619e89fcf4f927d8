"""NumPy-only set routines on 1-D views of arrays: intersect1d, union1d, setdiff1d, setxor1d.

Each is NumPy's own routine on the arrays' device (`_numpy_run`), so results are sorted and
flattened as NumPy's are and NaNs are treated as NumPy treats them. The standard's `isin` and
the `unique_*` family live in `_sets`. Exported through `_numpy_index`.
"""

from __future__ import annotations

from typing import Any

from ._array import Array
from ._numpy_run import apply, device_datas
from ._typing import ArrayLike


def _both(func: str, ar1, ar2) -> tuple:
    return device_datas(func, [(ar1, "ar1"), (ar2, "ar2")])


def intersect1d(
    ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, return_indices: bool = False
) -> Any:  # an Array; with return_indices, (values, indices in ar1, indices in ar2)
    """The sorted unique values in both arrays; with return_indices=True also the indices of
    their first occurrences in each (flattened) input."""
    device, (a, b) = _both("intersect1d", ar1, ar2)
    return apply("intersect1d", device, a, b, assume_unique, return_indices)


def union1d(ar1: ArrayLike, ar2: ArrayLike) -> Array:
    """The sorted unique values in either array."""
    device, (a, b) = _both("union1d", ar1, ar2)
    return apply("union1d", device, a, b)


def setdiff1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False) -> Array:
    """The sorted unique values of `ar1` that are not in `ar2` (assume_unique=True: `ar1`'s
    values in their order)."""
    device, (a, b) = _both("setdiff1d", ar1, ar2)
    return apply("setdiff1d", device, a, b, assume_unique)


def setxor1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False) -> Array:
    """The sorted unique values in exactly one of the arrays."""
    device, (a, b) = _both("setxor1d", ar1, ar2)
    return apply("setxor1d", device, a, b, assume_unique)


NUMPY_ALIASES: dict = {
    "intersect1d": intersect1d,
    "union1d": union1d,
    "setdiff1d": setdiff1d,
    "setxor1d": setxor1d,
}
