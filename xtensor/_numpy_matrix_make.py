"""NumPy's functions that make matrices in its main namespace: `asmatrix` (no copy where it can
be helped) and `bmat` (a matrix of blocks, from nested lists or MATLAB's 'A B; C D' string of
names); and `matrix` itself (`_numpy_matrix_class`), gathered for `_numpy_compat`.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from ._array import Array
from ._manipulation import concat
from ._numpy_matrix_class import made, matrix, plain, warn_made


def asmatrix(data: Any, dtype: Any = None) -> matrix:
    """`data` as a matrix without copying it where it can: a matrix itself, an array's 2-d
    view (1-d data a row), nested lists read afresh."""
    warn_made()
    return made(data, dtype, copy=False)


def bmat(obj: Any, ldict: dict | None = None, gdict: dict | None = None) -> matrix:
    """A matrix built of blocks: `bmat([[A, B], [C, D]])`, a row `bmat([A, B])`, or the
    string 'A, B; C, D' naming the blocks, looked up in `ldict` then `gdict` (by default
    the caller's local and global names)."""
    if isinstance(obj, str):
        if gdict is None:
            caller = sys._getframe(1)
            gdict, ldict = caller.f_globals, caller.f_locals
        elif ldict is None:
            raise TypeError("bmat: with gdict= give ldict= too (the names looked up first)")
        obj = _named_blocks(obj, ldict, gdict)
    if isinstance(obj, (list, tuple)):
        if obj and isinstance(obj[0], (list, tuple)):
            obj = concat([_row(r) for r in obj], axis=0)
        else:
            obj = _row(obj)
    elif not isinstance(obj, (Array, np.ndarray)):
        raise TypeError(
            f"bmat: obj must be a string of names, a list of blocks or an array; got "
            f"{type(obj).__name__}"
        )
    warn_made()
    return made(obj)


def _row(blocks: Any) -> Array:
    """One row of blocks side by side (along the last axis)."""
    return concat([plain(b) for b in blocks], axis=-1)


def _named_blocks(text: str, ldict: dict, gdict: dict) -> list:
    """The blocks that 'A, B; C D' names: rows split at ';', names at ',' or spaces."""
    rows = []
    for row in text.split(";"):
        names = [name for part in row.split(",") for name in part.split()]
        rows.append([_looked_up(name, ldict, gdict) for name in names])
    return rows


def _looked_up(name: str, ldict: dict, gdict: dict) -> Any:
    if name in ldict:
        return ldict[name]
    if name in gdict:
        return gdict[name]
    raise NameError(f"bmat: name {name!r} is not defined")


NUMPY_ALIASES: dict = {"matrix": matrix, "asmatrix": asmatrix, "bmat": bmat}
