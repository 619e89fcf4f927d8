"""Sorting functions (Array API chapter "Sorting Functions"): argsort and sort.

Note [Stable descending sort]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
Reversing a stable ascending argsort puts equal elements in *reverse* input order. Instead we
sort the flipped array: ties there come out in decreasing original position, so reversing
that result restores increasing original position, and index j of the flipped array is
n - 1 - j of the original. Example: x = [1, 2, 1] -> flipped [1, 2, 1] -> stable argsort
[0, 2, 1] -> reversed [1, 2, 0] -> n - 1 - j = [1, 0, 2]: 2 first, then the 1s in input order.
NaNs sort last ascending (NumPy) and therefore first descending.

Note [Sort kinds]
~~~~~~~~~~~~~~~~~
The standard's `stable=True` default wins over NumPy's default `kind=None` (quicksort): ties
keep their input order, where NumPy's introsort (and its SIMD sorts, which depend on the CPU)
may reorder them: NumPy's `argsort(arange(10) % 2)` is [0 2 6 4 8 3 5 1 7 9] on an AVX-512
machine, xtensor's [0 2 4 6 8 1 3 5 7 9]. NumPy's `kind=` picks the algorithm explicitly:
'quicksort' and 'heapsort' (or `stable=False`) run NumPy's own unstable sorts, so ties come
out in exactly NumPy's order; 'mergesort' and 'stable' are stable. NumPy reads a kind by its
first letter, case-insensitively, and refuses `kind` together with `stable`; so do we.
`order=` names fields of a structured array (Note [Host-only dtypes] in `_core/dtypes.py`),
which NumPy sorts on the CPU: by the first field named, ties by the next, then the rest.

Note [Parallel sorts]
~~~~~~~~~~~~~~~~~~~~~
A stable sort has one answer, so the CPU backend may compute a large one in threads (Note
[Parallel stable sort] in `_backends/cpu_threads.py`; sort from 2**16 elements, argsort from
2**18): a stable sort of a NumPy array of _FAST_MIN elements or more that NumPy's fast sort
cannot answer (next Note) goes through `backend.sort` / `backend.argsort`, while smaller ones
stay NumPy's own call, and unstable kinds always are.

Note [Stable answers from the fast sort]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
NumPy's default sort (introsort with SIMD kernels) is 7 to 13 times faster than its stable
sort on 10**3 to 10**6 float64 values, and its argsort about 4 times faster. A stable sort
differs from it only in the order of elements that compare equal, so from _FAST_MIN elements
a stable sort of a 1-d or n-d CPU array takes the fast one wherever that gives the same
answer:
* sorted values: equal values are the same bits except 0.0 and -0.0, and NaNs (NumPy puts
  every NaN last). So the fast sort is the stable answer for bool and integers, and for
  floats unless zeros of both signs are present (its SIMD kernels may swap their signs), or
  NaNs other than the default one (they come out as the default NaN; float16 NaNs change
  bits in any case, so float16 takes the stable sort): two scans, ~10% of the sort;
* indices of a 1-d array of 4-byte or wider integers or floats: the fast argsort runs, the
  ties are found in the keys it sorted (adjacent equal keys, or adjacent NaNs; counted in one
  vectorized pass by `_core/_csort.c`, 3-4% of the argsort), and within
  each run of ties the indices are put back in increasing order (a lexsort of the tied
  positions only): exactly the stable argsort. Where over an eighth of the elements tie
  (labels, say) the stable sort runs instead, from scratch;
* indices along the last axis of an n-d array of those dtypes: the fast argsort, where no
  row holds a tie (counted as above), else the stable sort.
An argsort along another axis is one along the last axis of a C-order copy; anything else
(complex...) is the stable sort itself. Most of these argsorts sort packed keys (next Note)
before they get here.

Note [Packed argsort]
~~~~~~~~~~~~~~~~~~~~~
Ties cost the fast argsort its lead: integer data with a few ties per thousand took longer
than NumPy's stable argsort once they were put back in order, and where over an eighth tied
the fast argsort ran for nothing. So from _FAST_MIN elements an argsort along the last axis of
a C-contiguous array of 4- or 8-byte integers, float16 or float32 sorts keys instead of values
(NumPy's stable argsort of bool and 1- or 2-byte integers is a radix sort, faster still). A
key is the value's order-preserving unsigned image (an integer's offset from its dtype's least
value, or for 8-byte integers from the array's; a float's bits, its zeros made +0.0 and every
NaN the largest image, as NumPy sorts NaNs last), shifted left by the bits of the row's
length, with the value's position in its row in the low bits. The keys are distinct, so
NumPy's fast sort of them is the one order a stable sort gives, and their low bits are the
argsort: two passes (`_csort.pack`, `unpack`) around one sort of 8-byte integers, faster than
either of NumPy's argsorts. A descending argsort packs the images' complements (within their
width): the largest value first, NaNs first, ties still in input order. float64 values and
8-byte integers whose range leaves no room for the positions take the fast argsort of the
Note above. Long rows sort faster still without comparisons (next Note).

Note [Radix argsort]
~~~~~~~~~~~~~~~~~~~~
`_csort.radix` sorts a row by its values' images (as above, float64's and wide integers'
included, with no positions packed in) a byte at a time from the lowest: each pass is a
stable counting sort that carries the positions along, so the last pass leaves the stable
argsort. A byte that every image in the row shares takes no pass (the high bytes of small
integers, the sign and exponent of values in one binade). On 10**3 to 10**7 values this takes
0.15-0.3 of the time of NumPy's default argsort (float64 0.25-0.3, where nothing packs), one
thread. Each row pays a fixed cost (a 256-count histogram a byte, cleared and summed), and
NumPy sorts rows of up to 256 values with sorting networks, so only rows of 256 values or
more (float16), 384 (4-byte dtypes) or 512 (8-byte) take it: shorter ones sort packed keys,
or for float64 take the fast argsort. The scratch is a row's images and two 4-byte position
buffers, 16 bytes a value, the result serving as the second image buffer; NumPy's stable
argsort takes half a result's. bool and 1- and 2-byte integers keep NumPy's stable argsort (a
radix sort already), and so does a build without the C extension (the packed keys then come
from NumPy, `_pack`).
"""

from __future__ import annotations

import os

import numpy as np

from ._array import Array, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._core.values import NAN, ZERO, classes
from ._dispatch import backend_of
from ._dispatch.compiled import compiled
from ._dispatch.host_only import numpy_for_foreign
from ._manipulation import as_operand
from ._typing import ArrayLike

# From here on a stable sort may be NumPy's fast one (Note [Stable answers from the fast sort]).
_FAST_MIN = 256
# NumPy's sort kinds by first letter (see Note [Sort kinds]); None is NumPy's default, quicksort.
_KINDS = {"q": None, "h": "heapsort", "m": "stable", "s": "stable"}
# Rows at least this long, by the dtype's itemsize, take the radix argsort (Note [Radix argsort]).
_RADIX_ROWS = {2: 256, 4: 384, 8: 512}


def _fast_data(x, axis, descending, kind, order, stable, func):
    """The backing array of an ascending sort of a CPU array along an in-range int axis, whose
    arguments need no checks; None otherwise. A list or tuple is read as `_prepare` reads it
    (with its errors), so `sort([3, 1, 2])` is such a call too."""
    if type(x) is list or type(x) is tuple:
        x = as_operand(x, func)
    if (
        type(x) is Array
        and descending is False
        and kind is None
        and order is None
        and (stable is None or stable is True or stable is False)
    ):
        data = x._data
        if type(data) is np.ndarray and type(axis) is int and -data.ndim <= axis < data.ndim:
            return data
    return None


def _sorted(backend, data, axis: int, stable: bool):
    """`backend.sort`, or NumPy's fast sort where it gives the stable values (Note [Stable
    answers from the fast sort])."""
    if stable and type(data) is np.ndarray and data.size >= _FAST_MIN:
        kind, wide = data.dtype.kind, data.dtype.itemsize in (4, 8)
        if kind in "biu" or (kind == "f" and wide):  # float16's kernel writes its own NaNs
            out = data.copy(order="K")
            out.sort(axis=axis)
            if kind != "f" or _kept_bits(data, out, axis):
                return out
    return backend.sort(data, axis, stable)


try:  # the compiled tie count (optional, like xtensor/_dispatch/_cfast)
    if os.environ.get("XTENSOR_PURE_PYTHON", "") not in ("", "0"):
        raise ImportError("XTENSOR_PURE_PYTHON is set")
    from ._core import _csort
except ImportError:
    _csort = None

_NEEDLES: dict = {}  # float dtype -> [0, its least positive value, NaN] of that dtype


def _kept_bits(data, out, axis: int) -> bool:
    """Whether `out`, NumPy's fast sort of float array `data`, has the stable sort's bits:
    its SIMD kernels write every NaN as the default NaN and may swap the signs of zeros. On a
    1-d array the sorted zeros and NaNs are two runs, sized by binary search, and the input
    is scanned only when it holds two zeros or more, or a NaN. Most inputs hold neither,
    which one compiled scan (`classes`) of a contiguous input shows for a tenth of the
    binary searches' cost."""
    if data.flags.c_contiguous and not classes(data) & (NAN | ZERO):
        return True
    if data.ndim == 1:
        # where 0, the least positive value and NaN would go: one call for the three bounds
        needles = _NEEDLES.get(data.dtype)
        if needles is None:
            kinds = [0.0, np.finfo(data.dtype).smallest_subnormal, np.nan]
            needles = _NEEDLES[data.dtype] = np.array(kinds, data.dtype)
        first_zero, after_zeros, first_nan = out.searchsorted(needles).tolist()
        zeros, nans = after_zeros - first_zero, data.size - first_nan
    else:
        zeros, nans = 2, 1
    if nans:
        width = f"u{data.dtype.itemsize}"
        found = data[np.isnan(data)].view(width)
        if not (found == np.array(np.nan, data.dtype).view(width)).all():
            return False
    if zeros < 2:
        return True
    signs = np.signbit(data[data == 0])
    return bool(signs.all() or not signs.any())


def _argsorted(backend, data, axis: int, stable: bool):
    """`backend.argsort`, or NumPy's fast sort of packed keys (Note [Packed argsort]), or its
    fast argsort with its ties put in input order (Note [Stable answers from the fast sort])."""
    last = axis in (-1, data.ndim - 1)
    if stable and type(data) is np.ndarray and not last and data.size >= _FAST_MIN:
        # along the last axis of a copy, in C order as NumPy answers (two copies, a few % of
        # the sort): the fast sorts sort contiguous rows only
        moved = np.ascontiguousarray(np.moveaxis(data, axis, -1))
        return np.ascontiguousarray(np.moveaxis(_argsorted(backend, moved, -1, True), -1, axis))
    if stable and type(data) is np.ndarray and last:
        if (out := _keyed(data)) is not None:
            return out
    dt = data.dtype
    if (
        stable
        and type(data) is np.ndarray
        and last
        and data.size >= _FAST_MIN
        and dt.kind in "iuf"
        and dt.itemsize >= 4
        and not (dt.kind in "iu" and _crowded(data))
    ):
        out = _fast_argsort(data)
        if out is not None:
            return out
    return backend.argsort(data, axis, stable)


def _keyed(data, descending: bool = False):
    """The stable argsort of C-contiguous `data` along its last axis by a radix sort of its
    values' images (Note [Radix argsort]) or one sort of packed keys (Note [Packed argsort]);
    None where neither applies."""
    dt = data.dtype
    shortest = _RADIX_ROWS.get(dt.itemsize) if dt.kind in "iuf" else None
    if _csort is not None and shortest and data.ndim and data.shape[-1] >= shortest:
        out = np.empty(data.shape, np.intp)
        if _csort.radix(data, out, descending):
            return out
    return _packed(data, descending)


def _packed(data, descending: bool = False):
    """The stable argsort of C-contiguous `data` along its last axis by one sort of packed
    keys (Note [Packed argsort]), or None where they do not fit 64 bits."""
    kind, itemsize = data.dtype.kind, data.dtype.itemsize
    if not (kind in "iu" and itemsize >= 4 or kind == "f" and itemsize <= 4):
        return None  # (NumPy's stable argsort of 1- and 2-byte integers is a radix sort)
    if not (data.flags.c_contiguous and data.size):
        return None
    keys = np.empty(data.shape, np.uint64)
    row = data.shape[-1]
    pack = _pack if _csort is None else _csort.pack
    bits = pack(data, keys, row, descending)
    if bits is None:
        return None
    keys.sort(axis=-1)
    if _csort is None:
        keys &= np.uint64((1 << bits) - 1)
    else:
        _csort.unpack(keys, bits)
    return keys.view(np.intp)


def _pack(data, keys, row: int, descending: bool = False):
    """`_csort.pack` in NumPy: the keys of `data` into `keys`, and their positions' bits."""
    bits = (row - 1).bit_length()
    width = 8 * data.dtype.itemsize
    if data.dtype.kind == "f":
        if width == 64 or width + bits > 64:  # (float64: never, as the C's)
            return None
        sign, full = np.uint64(1 << (width - 1)), np.uint64((1 << width) - 1)
        u = (data + data.dtype.type(0)).view(f"u{data.dtype.itemsize}").astype(np.uint64)
        image = np.where(u & sign, ~u & full, u | sign)  # (+ 0: -0.0 is 0.0)
        image[np.isnan(data)] = full
    else:  # offsets from the dtype's least value (they fit its width), or the array's
        low = int(np.iinfo(data.dtype).min) if width < 64 else int(data.min())
        if width == 64:
            width = (int(data.max()) - low).bit_length()
        if width + bits > 64:
            return None
        image = data.astype(np.uint64) - np.uint64(low % 2**64)  # (mod 2**64: exact offsets)
    if descending:  # the images' complements: the largest first, ties still by position
        image ^= np.uint64((1 << width) - 1)
    position = np.arange(row, dtype=np.uint64)
    np.bitwise_or(image << np.uint64(bits), position, out=keys)
    return bits


def _crowded(data) -> bool:
    """Whether integer array `data` has fewer distinct values possible than 7/8 of its size:
    over an eighth of it then ties, and `_fast_argsort` would give up."""
    return int(data.max()) - int(data.min()) < data.size - data.size // 8


def _tie_mask(data, idx):
    """Element k: whether data[idx[k]] ties with data[idx[k + 1]] (equal, or both NaN), along
    the last axis."""
    # ndarray.take: 20-25% faster than data[idx] from 10**5 elements
    keys = data.take(idx) if data.ndim == 1 else np.take_along_axis(data, idx, -1)
    tie = keys[..., 1:] == keys[..., :-1]
    if data.dtype.kind == "f":
        nan = np.isnan(keys)
        tie |= nan[..., 1:] & nan[..., :-1]
    return tie


def _ties(data, idx) -> int:
    """How many adjacent pairs of the sorted order `idx` of `data` tie along the last axis
    (`_csort.ties`, compiled, in one pass)."""
    count = None if _csort is None else _csort.ties(data, idx)
    return np.count_nonzero(_tie_mask(data, idx)) if count is None else count


def _fast_argsort(data):
    """The stable argsort of `data` along its last axis from NumPy's fast one, or None when
    ties are many (any, in n-d data: the stable sort puts them in order there)."""
    idx = data.argsort()
    if data.ndim > 1:
        return None if _ties(data, idx) else idx
    ties = _ties(data, idx)
    if ties == 0:
        return idx
    if ties > data.size // 8:
        return None
    tie = _tie_mask(data, idx)
    starts = np.flatnonzero(tie)
    tied = np.union1d(starts, starts + 1)  # the sorted positions in a run of ties
    same = (np.diff(tied) == 1) & tie[tied[:-1]]  # this position's run goes on at the next
    run = np.cumsum(np.concatenate(([True], ~same)))
    members = idx[tied]
    idx[tied] = members[np.lexsort((members, run))]
    return idx


def _numpy_kind(kind, order, stable, func):
    """The NumPy sort kind to run (None: NumPy's default quicksort); see Note [Sort kinds]."""
    if stable is not None and not isinstance(stable, bool):
        raise TypeError(f"{func}: stable must be a bool or None; got {stable!r}")
    if kind is None:
        return None if stable is False else "stable"
    if stable is not None:
        raise ValueError(f"{func}: kind and stable cannot both be given; use only one of them")
    if isinstance(kind, bytes):
        kind = kind.decode("ascii", "replace")
    if not isinstance(kind, str):
        raise TypeError(f"{func}: kind must be a str; got {type(kind).__name__}")
    if kind[:1].lower() not in _KINDS:
        raise ValueError(
            f"{func}: kind must be 'quicksort', 'mergesort', 'heapsort' or 'stable'; got {kind!r}"
        )
    return _KINDS[kind[:1].lower()]


def _prepare(x, axis, descending, func):
    x = as_operand(x, func)
    if axis is None:  # NumPy's axis=None sorts the flattened array (the standard has no None)
        x, axis = wrap(x._data.reshape(-1)), 0
    if not isinstance(descending, bool):
        raise TypeError(f"{func}: descending must be a bool; got {descending!r}")
    # A 0-d x has no axis -1: NumPy's AxisError (both a ValueError and an IndexError).
    return x._data, normalize_axis(axis, x.ndim, func)


def argsort(
    x: ArrayLike,
    /,
    axis: int | None = -1,
    kind: str | None = None,
    order: str | list[str] | None = None,
    *,
    descending: bool = False,
    stable: bool | None = None,
) -> Array:
    """Indices that sort `x` along `axis`; equal elements keep their order unless NumPy's
    `kind` ('quicksort', 'heapsort') or `stable=False` asks otherwise (Note [Sort kinds]).

    >>> import xtensor as xp
    >>> xp.argsort(xp.asarray([3, 1, 2, 1]), descending=True)
    array([0, 2, 1, 3])
    """
    data = _fast_data(x, axis, descending, kind, order, stable, "argsort")
    if data is not None:  # ndarray.argsort is np.argsort without its wrapper
        if stable is False or data.size < _FAST_MIN:
            out = data.argsort(axis=axis, kind=None if stable is False else "stable")
        else:  # packed keys, or the backend's sort in threads (Note [Parallel sorts])
            out = _argsorted(backend_of(data), data, axis, True)
        return wrap(out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))
    if type(x) is not Array and not descending:  # a pandas Series: its own argsort's order
        r = numpy_for_foreign("argsort", x, axis, kind, order, stable=stable)
        if r is not NotImplemented:
            return r
    if order is not None:
        return _by_fields("argsort", x, axis, kind, order, descending, stable)
    numpy_kind = _numpy_kind(kind, order, stable, "argsort")
    data, axis = _prepare(x, axis, descending, "argsort")
    backend, stable = backend_of(data), numpy_kind == "stable"
    if not descending:
        # NumPy's own unstable kind, so ties match NumPy's exactly (Note [Sort kinds])
        own = type(data) is np.ndarray and not stable
        out = data.argsort(axis, numpy_kind) if own else _argsorted(backend, data, axis, stable)
    elif (out := _packed_descending(data, axis, stable)) is None:
        flip = backend.xp.flip  # see Note [Stable descending sort]
        flipped = _argsorted(backend, flip(data, axis), axis, stable)
        out = (data.shape[axis] - 1) - flip(flipped, axis)
    return wrap(out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))


def _packed_descending(data, axis: int, stable: bool):
    """The stable descending argsort of CPU `data` along its last axis by its keys (`_keyed`),
    or None."""
    if stable and type(data) is np.ndarray and axis == data.ndim - 1 and data.size >= _FAST_MIN:
        return _keyed(data, descending=True)
    return None


def sort(
    x: ArrayLike,
    /,
    axis: int | None = -1,
    kind: str | None = None,
    order: str | list[str] | None = None,
    *,
    descending: bool = False,
    stable: bool | None = None,
) -> Array:
    """`x` sorted along `axis` (a copy); NaNs go last, or first when descending. NumPy's
    `kind` is accepted (see Note [Sort kinds]); sorted values do not depend on it."""
    data = _fast_data(x, axis, descending, kind, order, stable, "sort")
    if data is not None and (stable is False or data.size < _FAST_MIN):
        out = data.copy(order="K")  # np.sort is exactly this copy and in-place sort
        out.sort(axis=axis, kind=None if stable is False else "stable")
        return wrap(out)
    if data is not None:  # the backend may sort in threads (Note [Parallel sorts])
        return wrap(_sorted(backend_of(data), data, axis, True))
    if order is not None:
        return _by_fields("sort", x, axis, kind, order, descending, stable)
    stable = _numpy_kind(kind, order, stable, "sort") == "stable"
    data, axis = _prepare(x, axis, descending, "sort")
    backend = backend_of(data)
    if not descending:
        return wrap(_sorted(backend, data, axis, stable))
    flip = backend.xp.flip
    return wrap(flip(_sorted(backend, flip(data, axis), axis, stable), axis))


def _by_fields(func, x, axis, kind, order, descending, stable) -> Array:
    """NumPy's sort (or argsort) of a structured array by the fields `order` names."""
    data, axis = _prepare(x, axis, descending, func)
    if getattr(data.dtype, "names", None) is None:
        raise ValueError(  # NumPy's class
            f"{func}: order={order!r} names fields, but x has dtype {data.dtype}, which has no "
            "fields; give order= only for a structured array"
        )
    if descending:
        raise ValueError(
            f"{func}: descending=True cannot be combined with order=; sort ascending and flip "
            "the result"
        )
    numpy_kind = _numpy_kind(kind, None, stable, func)
    try:
        out = getattr(np, func)(data, axis, numpy_kind, order)
    except ValueError as e:  # a field name the dtype lacks
        raise ValueError(f"{func}: {e}") from None
    return wrap(out if func == "sort" else out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))


# Note [Compiled hot path]: sort(x[, axis]) and argsort(x[, axis]) of a small array
sort = compiled("sort", sort)
argsort = compiled("sort", argsort, extra=True)

NUMPY_ALIASES: dict = {}

__all__ = ["argsort", "sort"]
