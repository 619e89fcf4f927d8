"""Sorting functions (Array API chapter "Sorting Functions"): argsort and sort.

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

Note [Sorts on the backend]
~~~~~~~~~~~~~~~~~~~~~~~~~~~
How a stable sort runs is the backend's business: on the CPU (`_backends/cpu_sort.py`) NumPy's
fast sort where it gives the stable answer, radix and packed-key argsorts, threads. Below
_FAST_MIN elements NumPy's own stable sort is fastest, so a small CPU array takes it directly
(as the compiled hot path does, FAST_SORT_MIN in `_dispatch/_cfast.h`), and NumPy's
unstable kinds are always NumPy's own call, whose ties are NumPy's.
"""

from __future__ import annotations

import numpy as np

from ._array import Array, _new, wrap
from ._core import dtypes as _dtypes
from ._core.axes import normalize_axis
from ._dispatch import backend_of
from ._dispatch.compiled import compiled, radix_sorted
from ._dispatch.host_only import numpy_for_foreign
from ._manipulation import as_operand
from ._typing import ArrayLike

# Below this, NumPy's own stable sort of a CPU array (Note [Sorts on the backend]).
_FAST_MIN = 256
# NumPy's sort kinds by first letter (see Note [Sort kinds]); None is NumPy's default, quicksort.
_KINDS = {"q": None, "h": "heapsort", "m": "stable", "s": "stable"}
# The kinds whose sort is the default one's or the stable one's, as `_fast_data` reads them.
_PLAIN_KINDS = {k: _KINDS[k.lower()] == "stable" for k in "qmsQMS"}


def _fast_data(x, axis, descending, kind, order, stable, func):
    """(backing array, stable) of an ascending sort of a CPU array along an in-range int axis,
    whose arguments need no checks, `stable` False for NumPy's default kind ('quicksort' or
    stable=False); None otherwise. A list or tuple is read as `_prepare` reads it (with its
    errors), so `sort([3, 1, 2])` is such a call too."""
    if type(x) is list or type(x) is tuple:
        x = as_operand(x, func)
    if type(kind) is str and stable is None and kind[:1] in _PLAIN_KINDS:
        kind, stable = None, _PLAIN_KINDS[kind[:1]]  # `_numpy_kind`'s reading of it
    if (
        type(x) is Array
        and descending is False
        and kind is None
        and order is None
        and (stable is None or stable is True or stable is False)
    ):
        data = x._data
        if type(data) is np.ndarray and type(axis) is int and -data.ndim <= axis < data.ndim:
            return data, stable is not False
    return None


def _flat(x: Array) -> Array:
    """NumPy's reading of `axis=None` in a sort: the array flattened in C order (a view
    where its memory allows)."""
    r = _new(Array)
    r._data = x._data.reshape(-1)
    return r


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
    if axis is None and type(x) is Array and type(x._data) is np.ndarray:
        x, axis = _flat(x), -1
    fast = _fast_data(x, axis, descending, kind, order, stable, "argsort")
    if fast is not None:  # ndarray.argsort is np.argsort without its wrapper
        data, stable = fast
        if not stable or data.size < _FAST_MIN:
            out = data.argsort(axis=axis, kind="stable" if stable else None)
        else:  # Note [Sorts on the backend]
            out = backend_of(data).argsort(data, axis, True)
        return wrap(out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))
    if type(x) is not Array and not descending:  # a pandas Series: its own argsort's order
        r = numpy_for_foreign("argsort", x, axis, kind, order, stable=stable)
        if r is not NotImplemented:
            return r
    if order is not None:
        return _by_fields("argsort", x, axis, kind, order, descending, stable)
    numpy_kind = _numpy_kind(kind, order, stable, "argsort")
    data, axis = _prepare(x, axis, descending, "argsort")
    stable = numpy_kind == "stable"
    if not descending and type(data) is np.ndarray and not stable:
        out = data.argsort(axis, numpy_kind)  # NumPy's own kind: its ties (Note [Sort kinds])
    else:
        out = backend_of(data).argsort(data, axis, stable, descending)
    return wrap(out.astype(_dtypes.DEFAULT_INDEX.numpy, copy=False))


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
    if axis is None and type(x) is Array and type(x._data) is np.ndarray:
        x, axis = _flat(x), -1
    fast = _fast_data(x, axis, descending, kind, order, stable, "sort")
    if fast is not None and (not fast[1] or fast[0].size < _FAST_MIN):
        out = fast[0].copy(order="K")  # np.sort is exactly this copy and in-place sort
        out.sort(axis=axis, kind="stable" if fast[1] else None)
        return wrap(out)
    if fast is not None:  # Note [Sorts on the backend]
        return wrap(backend_of(fast[0]).sort(fast[0], axis, True))
    if order is not None:
        return _by_fields("sort", x, axis, kind, order, descending, stable)
    if not descending and (r := numpy_for_foreign("sort", x, axis, kind)) is not NotImplemented:
        return r  # (a masked array sorts its unmasked values first, as under NumPy)
    stable = _numpy_kind(kind, order, stable, "sort") == "stable"
    data, axis = _prepare(x, axis, descending, "sort")
    backend = backend_of(data)
    if not descending:
        return wrap(backend.sort(data, axis, stable))
    flip = backend.xp.flip
    return wrap(flip(backend.sort(flip(data, axis), axis, stable), axis))


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
sort = compiled("sort", sort, extra=radix_sorted)  # long rows: Note [Radix sort of values]
argsort = compiled("sort", argsort, extra=True)

NUMPY_ALIASES: dict = {}

__all__ = ["argsort", "sort"]
