"""The types the namespace's signatures are annotated with, in one place.

`ArrayLike` is what functions that read their operand as NumPy does accept: an xtensor Array
or anything NumPy reads as an array (Python scalars, nested lists, NumPy arrays and scalars).
Functions the standard types as taking arrays only (`reshape`, `concat`...) say `Array`.
`FileLike` is a path or an open file. The rest (`DTypeLike`, `DeviceLike`, `AxisLike`,
`ShapeLike`, `Scalar`, `IndexKey`) need no Array and live in `_core/hints.py`, where
`_array.py` reaches them too; they are re-exported here.

How type checkers see the names made at import time (the op table's functions and ufuncs,
Array's attached methods, the collected NumPy aliases) is told in `tests/typing/stubgen.py`.
"""

from __future__ import annotations

import os
from typing import IO, Any, TypeAlias

from ._array import Array
from ._core.hints import (
    AxisLike,
    DeviceLike,
    DTypeLike,
    HostArrayLike,
    IndexKey,
    Scalar,
    ShapeLike,
)

ArrayLike: TypeAlias = Array | HostArrayLike
# A path or an open file, for the file functions (`save`, `loadtxt`...).
FileLike: TypeAlias = str | bytes | os.PathLike[Any] | IO[Any]

__all__ = [
    "Array",
    "ArrayLike",
    "AxisLike",
    "DTypeLike",
    "DeviceLike",
    "FileLike",
    "HostArrayLike",
    "IndexKey",
    "Scalar",
    "ShapeLike",
]
