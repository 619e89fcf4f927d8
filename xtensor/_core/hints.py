"""The types public signatures are annotated with, named once (those that need no Array).

`xtensor/_typing.py` adds `ArrayLike`, which names the Array type from the layer above, and
re-exports these; namespace modules import from there, `_array.py` and the core from here.
They are run-time objects, so `typing.get_type_hints` resolves the string annotations of
`from __future__ import annotations` modules too.

- `Scalar`: the Python scalars the standard lets operands be (`bool | int | float | complex`).
- `HostArrayLike`: whatever NumPy reads as an array (NumPy's `ArrayLike`: scalars, nested
  sequences, NumPy arrays, anything with `__array__`, xtensor Arrays included).
- `DTypeLike`: a dtype or any spelling NumPy accepts for one (`"f8"`, `float`, `numpy.float64`).
- `DeviceLike`: a `Device` or its spelling (`"cpu"`, `"cuda:0"`).
- `AxisLike`: one axis, a tuple of axes, or None for all of them.
- `ShapeLike`: one length or a sequence of lengths.
- `IndexKey`: what `x[key]` accepts: ints, slices, `...`, None, arrays and tuples of those.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import EllipsisType
from typing import Any, SupportsIndex, TypeAlias

import numpy as np
import numpy.typing as npt

from .devices import Device
from .dtypes import DType

Scalar: TypeAlias = bool | int | float | complex
HostArrayLike: TypeAlias = npt.ArrayLike
DTypeLike: TypeAlias = DType | str | type[Any] | np.dtype[Any]
DeviceLike: TypeAlias = Device | str
AxisLike: TypeAlias = SupportsIndex | tuple[SupportsIndex, ...] | None
ShapeLike: TypeAlias = SupportsIndex | Sequence[SupportsIndex]
_IndexItem: TypeAlias = SupportsIndex | slice | EllipsisType | None | npt.ArrayLike
IndexKey: TypeAlias = _IndexItem | tuple[_IndexItem, ...]

__all__ = [
    "AxisLike",
    "DTypeLike",
    "DeviceLike",
    "HostArrayLike",
    "IndexKey",
    "Scalar",
    "ShapeLike",
]
