"""NumPy's index tricks: `mgrid`, `ogrid`, `r_`, `c_` (grids and concatenations written as
indexing), and `s_` / `index_exp` (index tuples).

The grids and concatenations are NumPy's own objects applied to host values: their slice
syntax (`mgrid[0:1:5j]`, `r_['0,2', a, b]`) is NumPy's to parse, so each xtensor Array among
the items comes to the host, NumPy builds the result, and it comes back as Arrays on the CPU
(the tricks take no device). `s_` and `index_exp` build plain Python index tuples, so they are
NumPy's objects unchanged.

`r_[a, b]` and `c_[a, b]` of CPU Arrays of one standard dtype are, in NumPy's own steps, one
concatenate of the data (a 1-D array as a column in `c_`): their first branch makes that
call alone, and leaves anything else, a refusal included, to NumPy's object.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._array import Array
from ._core import dtypes as _dtypes
from ._core.convert import undispatched
from ._dispatch import backend_of
from ._numpy_run import numpy_errors, result

_NP_CONCATENATE, _NDARRAY, _new = undispatched(np.concatenate), np.ndarray, object.__new__
_PLAIN = frozenset(d.numpy for d in _dtypes.ALL)  # native standard dtypes: no cast, no check


def _host(item):
    if isinstance(item, Array):
        d = item._data
        return d if type(d) is _NDARRAY else backend_of(d).to_host(d)  # the CPU's is d
    if isinstance(item, tuple):
        return tuple([_host(i) for i in item])  # a list: a generator's frames cost more
    return item


def _result(out, func: str) -> Array:
    """`result(out, func)`: wrapped at once where it would only wrap (data of a standard
    native dtype), its checks' cost a sixth of NumPy's `r_[0:5]`."""
    if type(out) is _NDARRAY and out.dtype in _PLAIN:
        r = _new(Array)
        r._data = out
        return r
    return result(out, func)


def _joined_views(key, ndmin: int) -> list | None:
    """The arrays NumPy's `r_` (ndmin 1) or `c_` (ndmin 2) concatenates for a tuple of CPU
    Arrays of one standard dtype, each of 1 or more dimensions: the data as it is, a 1-D one
    as a column for `c_` (NumPy's `array(d, ndmin=2)` transposed; its `result_type` casts
    nothing); else None."""
    if type(key) is not tuple:
        return None
    views, dtype = [], None
    for a in key:
        if type(a) is not Array or type(d := a._data) is not _NDARRAY:
            return None
        if dtype is None:
            if (dtype := d.dtype) not in _PLAIN:
                return None
        elif d.dtype is not dtype:
            return None
        if (n := d.ndim) == 0:  # NumPy's ndmin reshape: the general path's
            return None
        views.append(d[:, None] if n < ndmin else d)
    return views or None


class _IndexTrick:
    """Index it as NumPy's `name`; get xtensor Arrays (a tuple of them for `ogrid`).
    `joins`: (axis, ndmin) of a concatenating trick (`r_`, `c_`), for its first branch."""

    def __init__(self, name: str, joins: tuple[int, int] | None = None) -> None:
        self._name = name
        self._trick = getattr(np, name)
        self._joins = joins

    def __getitem__(self, key: Any) -> Any:  # an Array; a tuple of them for ogrid
        if (joins := self._joins) is not None and (views := _joined_views(key, joins[1])):
            try:
                out = _NP_CONCATENATE(views, joins[0])
            except ValueError:  # shapes that do not join: NumPy's object words it below
                pass
            else:
                r = _new(Array)  # wrapped as `result` does for a standard dtype, inlined
                r._data = out
                return r
        try:
            out = self._trick[_host(key)]
        except Exception:  # worded as under `with numpy_errors`, without its 0.1 us a call
            with numpy_errors(self._name):
                raise
        if isinstance(out, (tuple, list)):
            return tuple([_result(o, self._name) for o in out])
        if isinstance(out, np.matrix):  # `r_['r', ...]`, `c_['c', ...]`: NumPy's matrix (warned)
            from ._numpy_matrix_class import made  # lazy: the matrix class builds on this chapter

            return made(out.view(np.ndarray), copy=False)
        return _result(out, self._name)

    def __len__(self) -> int:
        return 0  # as NumPy's: the objects only exist to be indexed

    def __repr__(self) -> str:
        return f"<xtensor index trick {self._name!r}>"


NUMPY_ALIASES: dict = {
    "mgrid": _IndexTrick("mgrid"),
    "ogrid": _IndexTrick("ogrid"),
    "r_": _IndexTrick("r_", joins=(0, 1)),
    "c_": _IndexTrick("c_", joins=(-1, 2)),
    "s_": np.s_,
    "index_exp": np.index_exp,
}
