"""NumPy-only set routines on 1-D views of arrays: intersect1d, union1d, setdiff1d, setxor1d.

Each is NumPy's own routine on the arrays' device (`_numpy_run`), so results are sorted and
flattened as NumPy's are and NaNs are treated as NumPy treats them. The standard's `isin` and
the `unique_*` family live in `_sets`. Exported through `_numpy_index`.

On long CPU arrays union1d, setdiff1d and intersect1d take NumPy's steps with their uniques
(and intersect1d's sort) by `_sets`' sorted steps (Note [Unique by a stable argsort]), which
give np.unique's bits or decline: 0.2-0.3 of NumPy's time on 10**6 values here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._array import Array, wrap
from ._core.convert import undispatched
from ._dispatch.compiled import compiled
from ._numpy_run import apply, device_datas
from ._sets import _SORTED_MIN, _np_unique, _sorted_unique, _sorts_first, _values_sorted
from ._typing import ArrayLike

# NumPy's routines less their dispatch, for the plain calls: two CPU Arrays, whose answer is
# NumPy's on their buffers, wrapped (Note [Plain index calls] in `_numpy_select`)
_intersect1d = undispatched(np.intersect1d)
_union1d = undispatched(np.union1d)
_setdiff1d = undispatched(np.setdiff1d)
_setxor1d = undispatched(np.setxor1d)
_isin = undispatched(np.isin)


def _unique(data):
    """np.unique(data) of a CPU buffer (flattened, NaNs collapsed), by the sorted steps where
    they run."""
    flat = data.reshape(-1)
    if _sorts_first(flat, False) and (got := _sorted_unique(flat, equal_nan=True)) is not None:
        return got[0]
    return _np_unique(flat)


_NUMPY_STEPS = {"union1d": _union1d, "setdiff1d": _setdiff1d, "intersect1d": _intersect1d}


def _sorted_steps(func: str, a, b):
    """NumPy's `func` (union1d, setdiff1d or intersect1d, not assuming unique inputs, no
    indices) of CPU buffers a and b, its steps over `_unique` (NumPy's own function where
    neither is long enough for the sorted steps to pay)."""
    if not (_sorts_first(a.reshape(-1), False) or _sorts_first(b.reshape(-1), False)):
        return _NUMPY_STEPS[func](a, b)
    if func == "union1d":
        return _unique(np.concatenate((a, b), axis=None))
    u1, u2 = _unique(a), _unique(b)
    if func == "setdiff1d":
        return u1[_isin(u1, u2, assume_unique=True, invert=True)]
    aux = np.concatenate((u1, u2))
    if (ordered := _values_sorted(aux)) is None:
        ordered = np.sort(aux)  # np.intersect1d's own sort, its zeros where it leaves them
    return ordered[:-1][ordered[1:] == ordered[:-1]]


def _plain(ar1, ar2) -> tuple | None:
    """The buffers of two CPU Arrays; None for any other operands."""
    if type(ar1) is Array and type(ar2) is Array:
        a, b = ar1._data, ar2._data
        if type(a) is np.ndarray and type(b) is np.ndarray:
            return a, b
    return None


def _both(func: str, ar1, ar2) -> tuple:
    return device_datas(func, [(ar1, "ar1"), (ar2, "ar2")])


def intersect1d(
    ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False, return_indices: bool = False
) -> Any:  # an Array; with return_indices, (values, indices in ar1, indices in ar2)
    """The sorted unique values in both arrays; with return_indices=True also the indices of
    their first occurrences in each (flattened) input."""
    if (pair := _plain(ar1, ar2)) is not None:
        try:
            if not (assume_unique or return_indices):
                return wrap(_sorted_steps("intersect1d", *pair))
            got = _intersect1d(*pair, assume_unique, return_indices)
            return tuple([wrap(g) for g in got]) if return_indices else wrap(got)
        except Exception:
            pass  # the general path words NumPy's error
    device, (a, b) = _both("intersect1d", ar1, ar2)
    return apply("intersect1d", device, a, b, assume_unique, return_indices)


def union1d(ar1: ArrayLike, ar2: ArrayLike) -> Array:
    """The sorted unique values in either array."""
    if (pair := _plain(ar1, ar2)) is not None:
        try:
            return wrap(_sorted_steps("union1d", *pair))
        except Exception:
            pass  # the general path words NumPy's error
    device, (a, b) = _both("union1d", ar1, ar2)
    return apply("union1d", device, a, b)


def setdiff1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False) -> Array:
    """The sorted unique values of `ar1` that are not in `ar2` (assume_unique=True: `ar1`'s
    values in their order)."""
    if (pair := _plain(ar1, ar2)) is not None:
        try:
            if not assume_unique:
                return wrap(_sorted_steps("setdiff1d", *pair))
            return wrap(_setdiff1d(*pair, assume_unique))
        except Exception:
            pass  # the general path words NumPy's error
    device, (a, b) = _both("setdiff1d", ar1, ar2)
    return apply("setdiff1d", device, a, b, assume_unique)


def setxor1d(ar1: ArrayLike, ar2: ArrayLike, assume_unique: bool = False) -> Array:
    """The sorted unique values in exactly one of the arrays."""
    if (pair := _plain(ar1, ar2)) is not None:
        try:
            return wrap(_setxor1d(*pair, assume_unique))
        except Exception:
            pass  # the general path words NumPy's error
    device, (a, b) = _both("setxor1d", ar1, ar2)
    return apply("setxor1d", device, a, b, assume_unique)


# C twins of the first branches above (numpy_call, Note [Compiled hot path] in
# _dispatch/_cfast.c): NumPy's routine on two CPU Arrays too short for the sorted steps
intersect1d = compiled("numpy_call", intersect1d, extra=_intersect1d, limit=_SORTED_MIN)
union1d = compiled("numpy_call", union1d, extra=_union1d, limit=_SORTED_MIN)
setdiff1d = compiled("numpy_call", setdiff1d, extra=_setdiff1d, limit=_SORTED_MIN)
setxor1d = compiled("numpy_call", setxor1d, extra=_setxor1d)

NUMPY_ALIASES: dict = {
    "intersect1d": intersect1d,
    "union1d": union1d,
    "setdiff1d": setdiff1d,
    "setxor1d": setxor1d,
}
