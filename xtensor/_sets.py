"""Set functions (Array API chapter "Set Functions"): isin and the unique_* family.

Uniqueness is value equality, as the standard asks: -0.0 and +0.0 are one value, and every
NaN (and every complex value with a NaN part) is distinct from every other, so each NaN comes
back as its own unique value with a count of one. NumPy's `unique` collapses NaNs by default
(`equal_nan=True`); we always pass `equal_nan=False`.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, SupportsIndex, overload

import numpy as np

from ._array import Array, backing, made_as_array, wrap
from ._core import dtypes as _dtypes
from ._core.checks import SCALARS, check_same_device, prefixed
from ._core.convert import undispatched
from ._core.devices import device_of
from ._creation import asarray
from ._dispatch import backend_of
from ._dispatch.compiled import compiled, radix_sorted, sorted_already
from ._dispatch.host_only import defers_to_numpy
from ._manipulation import as_operand
from ._manipulation_operands import SEQUENCES, listed, text_scalar
from ._typing import ArrayLike


class UniqueAllResult(NamedTuple):
    values: Array
    indices: Array
    inverse_indices: Array
    counts: Array


class UniqueCountsResult(NamedTuple):
    values: Array
    counts: Array


class UniqueInverseResult(NamedTuple):
    values: Array
    inverse_indices: Array


# NumPy's unique less its dispatch: a CPU Array's buffer goes to it as `xp.unique` would take it
_np_unique = undispatched(np.unique)
_INDEX = _dtypes.DEFAULT_INDEX.numpy


def _unique(x, func, **want):
    if type(x) is not Array:
        x = as_operand(x, func)
    data = x._data
    if _sorts_first(data, "return_inverse" in want):
        if (got := _sorted_unique(data.reshape(-1), **want)) is not None:
            return x, got
    unique = _np_unique if type(data) is np.ndarray else backend_of(data).xp.unique
    got = unique(data.reshape(-1), equal_nan=False, **want)
    if not want:
        return x, (got,)
    return x, (got[0],) + tuple([a.astype(_INDEX, copy=False) for a in got[1:]])


# From here on the inverse-taking unique_* sort by the backend's stable argsort (Note [Unique by
# a stable argsort]).
_SORTED_MIN = 1 << 12


def _sorts_first(data, indexed: bool = True) -> bool:
    """Whether a unique of `data` takes `_sorted_unique`: a CPU array of 2- to 8-byte integers
    or floats (4- to 8-byte without an inverse or first indices, `indexed`), long enough for
    the radix sorts to pay."""
    return (
        type(data) is np.ndarray
        and data.size >= _SORTED_MIN
        and data.dtype.kind in "iuf"
        and data.dtype.itemsize >= (2 if indexed else 4)
    )


def _sorted_unique(
    flat, return_index=False, return_inverse=False, return_counts=False, equal_nan=False
):
    """NumPy's unique of 1-d CPU `flat`, its steps over the backend's stable argsort (Note
    [Unique by a stable argsort]), or without indices over the sorted values; None where
    those could differ from NumPy's (`_values_sorted`)."""
    if return_index or return_inverse:
        order = backend_of(flat).argsort(flat, 0, True)
        ordered = flat[order]
    elif (ordered := _values_sorted(flat)) is None:
        return None
    first = np.empty(ordered.shape, bool)  # where a new value starts (NaN != NaN: each does)
    first[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=first[1:])
    if equal_nan and ordered.dtype.kind == "f" and np.isnan(ordered[-1]):
        nans = np.searchsorted(ordered, ordered[-1])  # the NaNs, sorted last: one value
        first[nans], first[nans + 1 :] = True, False
    got = [ordered[first]]
    if return_index:
        got.append(order[first])
    if return_inverse:
        inverse = np.empty(flat.shape, _INDEX)
        inverse[order] = np.cumsum(first) - 1
        got.append(inverse)
    if return_counts:
        got.append(np.diff(np.append(np.flatnonzero(first), flat.size)))
    return tuple(a if a is got[0] else a.astype(_INDEX, copy=False) for a in got)


def _values_sorted(flat):
    """1-d CPU `flat` sorted for a unique of its values alone: integers by the backend's sort
    (any sort's integers are the same bits), floats by the radix sort, where it runs and the
    zeros and NaNs leave it one answer (Note [Radix sort of values] in
    _backends/cpu_sort.py), else None: np.unique's quicksort leaves to chance which zero of
    a -0.0 and a 0.0 comes first, and so is kept."""
    if flat.dtype.kind == "f":  # (values in order: a copy, Note [Sorted already])
        flat = np.ascontiguousarray(flat)  # (which the radix sort would make anyway)
        found = sorted_already(flat, 0, ties=False)
        return radix_sorted(flat, 0, ties=False) if found is None else found
    return backend_of(flat).sort(flat, 0, True)


# Note [Unique by a stable argsort]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# np.unique finds the inverse (and first indices) from an argsort: its quicksort for the
# inverse alone, its stable timsort with the first indices. The CPU backend's stable argsort
# (a radix sort on long arrays, Note [Radix argsort] in _backends/cpu_sort.py) is faster than
# either, so unique_inverse and unique_all of 2- to 8-byte integers and floats, and NumPy's
# unique asked for either (its NaNs collapsed into the first where equal_nan), run NumPy's
# steps over it: the sorted values, a mask of where each new value starts (NaN != NaN, so each
# NaN is its own value), its running count scattered back for the inverse, the gaps between
# starts for the counts. unique_all is NumPy's exactly (its first indices come from a stable
# sort too). unique_inverse differs in what NumPy's quicksort leaves to chance: -0.0 beside
# 0.0 come back as the first of them in `x`, and the NaNs (each its own value) in x's order,
# so a NaN's inverse index may name another NaN than NumPy's does. The values alone (with their
# counts, or not) come from the sorted values in the same steps (`_values_sorted`): 0.1-0.3x
# np.unique of 10**6 floats, and of 4- and 8-byte integers a hundredth to a quarter of its
# hash table's time, which grows with the number of distinct values.


def unique_values(x: ArrayLike, /) -> Array:
    """The distinct values of `x`, flattened and sorted (each NaN kept).

    >>> import xtensor as xp
    >>> xp.unique_values(xp.asarray([2.0, 1.0, 2.0, -0.0, 0.0]))
    array([-0.,  1.,  2.])
    """
    hashed = type(x) is Array and type(d := x._data) is np.ndarray and not _sorts_first(d, False)
    if hashed and _unique_hash is not None:
        # np.unique's own steps for the dtypes its hash table takes (integers, complex,
        # strings): the distinct values in a hash table, sorted; the rest go below
        found = _unique_hash(d.reshape(-1), equal_nan=False)
        if found is not NotImplemented:
            found.sort()
            return wrap(found)
    return wrap(_unique(x, "unique_values")[1][0])


# NumPy's hash-table unique (np.unique's first step since NumPy 2.3); None in other NumPys
_unique_hash = getattr(np._core._multiarray_umath, "_unique_hash", None)


def unique_counts(x: ArrayLike, /) -> UniqueCountsResult:
    """The distinct values of `x` and how often each occurs."""
    _, (values, counts) = _unique(x, "unique_counts", return_counts=True)
    return UniqueCountsResult(wrap(values), wrap(counts))


def unique_inverse(x: ArrayLike, /) -> UniqueInverseResult:
    """The distinct values of `x`, and indices into them that rebuild `x` (x's shape)."""
    x, (values, inverse) = _unique(x, "unique_inverse", return_inverse=True)
    inverse = made_as_array(wrap(inverse.reshape(x.shape)))  # (0-d: NumPy's ndarray, array(0))
    return UniqueInverseResult(wrap(values), inverse)


def unique_all(x: ArrayLike, /) -> UniqueAllResult:
    """Distinct values, first-occurrence indices, inverse indices and counts."""
    x, (values, first, inverse, counts) = _unique(
        x, "unique_all", return_index=True, return_inverse=True, return_counts=True
    )
    inverse = made_as_array(wrap(inverse.reshape(x.shape)))  # (0-d: NumPy's ndarray, array(0))
    return UniqueAllResult(wrap(values), wrap(first), inverse, wrap(counts))


# --- isin ------------------------------------------------------------------------------------

_isin = undispatched(np.isin)


def _isin_operands(x1, x2):
    """Backend arrays for x1 and x2 in one dtype that compares them exactly, or None when a
    Python int lies outside the other operand's integer range (it then matches nothing)."""
    if not isinstance(x1, Array) and not isinstance(x2, Array):
        raise TypeError("isin: at least one of x1 and x2 must be an array")
    a, b = backing(x1, "isin", "x1"), backing(x2, "isin", "x2")
    datas = [d for d in (a, b) if type(d) not in SCALARS]
    check_same_device("isin", [device_of(d) for d in datas])
    xp = backend_of(datas[0]).xp
    if len(datas) == 1:
        scalar = a if type(a) in SCALARS else b
        dtype = _dtypes.from_numpy(datas[0].dtype)
        if type(scalar) is int and dtype.kind in "iu":
            info = np.iinfo(dtype.numpy)
            if not info.min <= scalar <= info.max:
                return xp, None, None
        dtype = _dtypes.promote((dtype,), (_dtypes.scalar_kind(scalar),))
        return xp, xp.asarray(a, dtype=dtype.numpy), xp.asarray(b, dtype=dtype.numpy)
    if {a.dtype.kind, b.dtype.kind} == {"u", "i"} and np.uint64 in (a.dtype, b.dtype):
        # uint64 with a signed dtype promotes to float64, which loses integers above 2**53:
        # drop the values of x2 that no x1 element can equal, then compare in a dtype that
        # holds all of them exactly (uint64 if x1 is unsigned, int64 otherwise).
        unsigned = a.dtype.kind == "u"
        keep = (b >= 0) if unsigned else (b <= np.iinfo(np.int64).max)
        b = b[keep].astype(np.uint64 if unsigned else np.int64)
    return xp, a, b


_LISTED = (list, tuple)


def _plain_isin(a, x2, assume_unique, invert) -> Array | None:
    """NumPy's isin, less its dispatch, of CPU buffer `a` in a CPU Array or a list `x2` read as
    the general path reads it (`_operand`), when both have one dtype kind (no uint64 with a
    signed dtype); None otherwise, and where NumPy raises: the general path words it."""
    try:
        b = x2._data if type(x2) is Array else np.asarray(x2)
        if type(a) is np.ndarray and type(b) is np.ndarray and a.dtype.kind == b.dtype.kind:
            return wrap(_isin(a, b, assume_unique, invert))
    except Exception:
        pass
    return None


def _operand(v, name: str, other):
    """An isin operand: Arrays and Python scalars as they are; NumPy's other array-likes
    (lists, tuples, NumPy arrays) as Arrays on the other operand's device."""
    if isinstance(v, (Array, *SCALARS)):
        return v
    x = wrap(backing(text_scalar(v), "isin", name, scalars=False))  # (a str: NumPy's text)
    return asarray(x, device=other.device) if isinstance(other, Array) else x


@defers_to_numpy
def isin(
    element: ArrayLike,
    test_elements: ArrayLike,
    assume_unique: bool = False,
    invert: bool = False,
    *,
    kind: str | None = None,
) -> Array:
    """For each element of `element`, whether it equals some element of `test_elements` (NaN
    equals nothing): the standard's x1 and x2, under NumPy's names.

    The operands may be arrays, Python scalars, or NumPy's array-likes (lists...); NumPy's
    `assume_unique` and `kind` are passed on to the device's routine.

    >>> import xtensor as xp
    >>> xp.isin(xp.asarray([1, 2, 3]), xp.asarray([3, 1]))
    array([ True, False,  True])
    """
    x1, x2 = element, test_elements
    if type(x1) is Array and kind is None and type(invert) is bool:
        if type(x2) is Array or type(x2) in _LISTED:
            got = _plain_isin(x1._data, x2, assume_unique, invert)
            if got is not None:  # (NumPy's answer is an ndarray: a 0-d one prints as one)
                return made_as_array(got)
    if type(x1) in SEQUENCES and (y := listed(x1)) is not None:  # Note [List operands]
        return isin(y, x2, assume_unique, invert, kind=kind)
    if not isinstance(invert, bool):
        raise TypeError(f"isin: invert must be a bool; got {invert!r}")
    x1, x2 = _operand(x1, "x1", x2), _operand(x2, "x2", x1)
    if not isinstance(x1, Array) and not isinstance(x2, Array):
        x1 = wrap(backing(x1, "isin", "x1", scalars=False))  # NumPy's isin(1, 2): a 0-d answer
    xp, a, b = _isin_operands(x1, x2)
    if a is None:
        shape = x1.shape if isinstance(x1, Array) else ()
        return made_as_array(wrap(xp.full(shape, invert, dtype=bool)))
    options = {"assume_unique": assume_unique, **({} if kind is None else {"kind": kind})}
    try:
        return made_as_array(wrap(xp.asarray(xp.isin(a, b, invert=invert, **options))))
    except (TypeError, ValueError) as e:  # NumPy's refusal of a `kind`
        raise prefixed(e, "isin") from None


# --- NumPy's unique -----------------------------------------------------------------------------


@overload
def unique(
    ar: ArrayLike,
    return_index: Literal[False] = False,
    return_inverse: Literal[False] = False,
    return_counts: Literal[False] = False,
    axis: SupportsIndex | None = None,
    *,
    equal_nan: bool = True,
    sorted: bool = True,
) -> Array: ...
@overload
def unique(
    ar: ArrayLike,
    return_index: bool = False,
    return_inverse: bool = False,
    return_counts: bool = False,
    axis: SupportsIndex | None = None,
    *,
    equal_nan: bool = True,
    sorted: bool = True,
) -> Any: ...


@defers_to_numpy
def unique(
    ar: ArrayLike,
    return_index: bool = False,
    return_inverse: bool = False,
    return_counts: bool = False,
    axis: SupportsIndex | None = None,
    *,
    equal_nan: bool = True,
    sorted: bool = True,
) -> Array | tuple[Array, ...]:
    """NumPy's unique: sorted distinct values, plus the requested extras as a tuple.

    Unlike the unique_* functions, NaNs collapse to one value by default (equal_nan=True), and
    `axis` picks distinct sub-arrays along that axis, as in NumPy.
    """
    if isinstance(ar, Array):
        x = ar
    elif type(ar) not in SEQUENCES or (x := listed(ar)) is None:  # Note [List operands]
        x = wrap(backing(ar, "unique", "ar", scalars=False))
    data = x._data
    unique = _np_unique if type(data) is np.ndarray else backend_of(data).xp.unique
    extras = return_index or return_inverse or return_counts
    indexed = return_index or return_inverse
    if axis is None and sorted is True and equal_nan in (True, False):
        if _sorts_first(data, indexed):
            flat = data.reshape(-1)
            got = _sorted_unique(flat, return_index, return_inverse, return_counts, equal_nan)
            if got is not None and return_inverse:  # NumPy 2's inverse: the input's shape
                at = 1 + return_index
                got = got[:at] + (got[at].reshape(data.shape),) + got[at + 1 :]
            if got is not None:  # (a 0-d x's inverse is NumPy's 0-d array, printed as one)
                return tuple(made_as_array(wrap(a)) for a in got) if extras else wrap(got[0])
    if not extras and axis is None and equal_nan is True and sorted is True:
        return wrap(unique(data))  # NumPy's defaults: no keywords to pass, 0.5 us less
    got = unique(
        data,
        return_index=return_index,
        return_inverse=return_inverse,
        return_counts=return_counts,
        axis=axis,
        equal_nan=equal_nan,
        **({} if sorted else {"sorted": False}),  # CuPy's unique always sorts
    )
    if not extras:
        return wrap(got)
    extra = [made_as_array(wrap(a.astype(_INDEX, copy=False))) for a in got[1:]]
    return (wrap(got[0]), *extra)


# Its C twin: NumPy's unique of a CPU Array below the sorted path's size, as its last branches
unique = compiled("numpy_call", unique, extra=_np_unique, limit=_SORTED_MIN)

NUMPY_ALIASES: dict = {"unique": unique}

__all__ = ["isin", "unique_all", "unique_counts", "unique_inverse", "unique_values"]
