"""NumPy's index tricks: `mgrid`, `ogrid`, `r_`, `c_` (grids and concatenations written as
indexing), and `s_` / `index_exp` (index tuples).

The grids and concatenations are NumPy's own objects applied to host values: their slice
syntax (`mgrid[0:1:5j]`, `r_['0,2', a, b]`) is NumPy's to parse, so each xtensor Array among
the items comes to the host, NumPy builds the result, and it comes back as Arrays on the CPU
(the tricks take no device). `s_` and `index_exp` build plain Python index tuples, so they are
NumPy's objects unchanged.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._array import Array
from ._dispatch import backend_of
from ._numpy_run import numpy_errors, result


def _host(item):
    if isinstance(item, Array):
        return backend_of(item._data).to_host(item._data)
    if isinstance(item, tuple):
        return tuple(_host(i) for i in item)
    return item


class _IndexTrick:
    """Index it as NumPy's `name`; get xtensor Arrays (a tuple of them for `ogrid`)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._trick = getattr(np, name)

    def __getitem__(self, key: Any) -> Any:  # an Array; a tuple of them for ogrid
        with numpy_errors(self._name):
            out = self._trick[_host(key)]
        if isinstance(out, (tuple, list)):
            return tuple(result(o, self._name) for o in out)
        return result(out, self._name)

    def __len__(self) -> int:
        return 0  # as NumPy's: the objects only exist to be indexed

    def __repr__(self) -> str:
        return f"<xtensor index trick {self._name!r}>"


NUMPY_ALIASES: dict = {
    "mgrid": _IndexTrick("mgrid"),
    "ogrid": _IndexTrick("ogrid"),
    "r_": _IndexTrick("r_"),
    "c_": _IndexTrick("c_"),
    "s_": np.s_,
    "index_exp": np.index_exp,
}
