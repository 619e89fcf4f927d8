"""The parts of `numpy.dtype`'s API beyond the standard's: the attributes NumPy's dtype has,
fields by name or index (`dt['qty']`, `dt[0]`, `len(dt)`), `newbyteorder`, and the ordering
`<`, `<=`, `>`, `>=` (NumPy's "casts safely to"). `DType` (in `dtypes.py`) inherits them.

Each answer is NumPy's, asked of the equivalent `numpy.dtype`; a dtype it gives back is read
by `DType`'s constructor, so it is an interned xtensor dtype, and a byte-swapped one is refused
there as `xtensor.dtype('>f4')` is (only native byte order is supported).
"""

from __future__ import annotations

import functools
import types
import warnings
from typing import Any

import numpy as np


@functools.lru_cache(maxsize=512)
def numpy_spelling(spelling):
    """`numpy.dtype(spelling)` for a string or a type, or None when NumPy reads no dtype there
    (Note [DType equality] in dtypes.py; the ordering below reads spellings the same way).

    Silent and cached: a comparison must neither raise nor repeat NumPy's deprecation warnings
    (e.g. for the typecode 'a'), and scripts compare with the same few spellings over and over.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return np.dtype(spelling)
        except Exception:  # deliberate: NumPy raises several types here; all mean "no dtype"
            return None


def _numpy_dtype(dtype: Any, other: object) -> np.dtype | None:
    """`other` as a NumPy dtype when it spells one (a DType like `dtype`, a NumPy dtype, a
    string or a type), else None: the ordering then answers NotImplemented, as NumPy's does."""
    if type(other) is type(dtype):
        return other.numpy
    if isinstance(other, np.dtype):
        return other
    return numpy_spelling(other) if isinstance(other, (str, type)) else None


def _numpy_attribute(name: str) -> property:
    """A read-only attribute of NumPy's equivalent dtype, for code that reads `x.dtype.<name>`."""

    def get(self: Any) -> Any:
        return getattr(self.numpy, name)

    return property(get, doc=f"`numpy.dtype.{name}`.")


class NumPyDTypeMethods:
    """Mixin of `DType`: NumPy's container, byte-order and ordering methods of a dtype, and
    its other attributes that libraries (Dask, xarray, pandas) read."""

    __slots__ = ()
    # `np.dtype[np.float64]` and `np.ndarray[Any, np.dtype[...]]` in annotations, as NumPy's
    __class_getitem__ = classmethod(types.GenericAlias)

    descr = _numpy_attribute("descr")
    flags = _numpy_attribute("flags")
    isbuiltin = _numpy_attribute("isbuiltin")
    isalignedstruct = _numpy_attribute("isalignedstruct")
    hasobject = _numpy_attribute("hasobject")
    fields = _numpy_attribute("fields")
    names = _numpy_attribute("names")
    subdtype = _numpy_attribute("subdtype")
    shape = _numpy_attribute("shape")
    ndim = _numpy_attribute("ndim")
    metadata = _numpy_attribute("metadata")

    @property
    def base(self) -> Any:  # a subarray's element dtype (`dtype('(2,3)f8').base`); else itself
        base = self.numpy.base
        return self if base is self.numpy else type(self)(base)

    def __getitem__(self, key: Any) -> Any:
        """A field's dtype of a structured dtype, by name, index or list of names; NumPy's
        KeyError/IndexError otherwise (`xtensor.float32['x']` has no fields)."""
        return type(self)(self.numpy[key])

    @property
    def __name__(self) -> str:
        return self.numpy.type.__name__  # as NumPy names its scalar type (`np.int8.__name__`)

    def __len__(self) -> int:
        return len(self.numpy)  # the number of fields: 0 for every non-structured dtype

    def __bool__(self) -> bool:
        return True  # as NumPy's dtype: `__len__` must not make a field-less dtype falsy

    # NumPy's dtype has a mapping `[]` but no iteration, where a Python `__getitem__` also
    # fills the sequence slot: `iter(dtype)` is refused as NumPy refuses it, and NumPy's array
    # coercion, which would now read a DType as a sequence, reads `__array__` first.
    __iter__ = None

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        """What `numpy.asarray` makes of NumPy's equivalent dtype: a 0-d object array holding
        it (`numpy.array([x.dtype, y.dtype])` is an object array of dtypes). It holds NumPy's
        dtype, not this one: `asarray` reads a 0-d array-like in a list as its element, and
        would read this one again and again."""
        return np.asarray(self.numpy, dtype=dtype, copy=copy)

    def newbyteorder(self, new_order: str = "S") -> Any:
        """This dtype in byte order `new_order` ('S' swaps, '<', '>', '=', '|'), as NumPy's.
        xtensor's dtypes are native: a byte-swapped order is NumPy's dtype, which the readers
        (`frombuffer`, `fromfile`, `astype` of NumPy data) take and make native once read."""
        swapped = self.numpy.newbyteorder(new_order)
        return type(self)(swapped) if swapped.isnative else swapped

    def __lt__(self, other: object) -> bool:
        d = _numpy_dtype(self, other)
        return NotImplemented if d is None else self.numpy < d

    def __le__(self, other: object) -> bool:
        d = _numpy_dtype(self, other)
        return NotImplemented if d is None else self.numpy <= d

    def __gt__(self, other: object) -> bool:
        d = _numpy_dtype(self, other)
        return NotImplemented if d is None else self.numpy > d

    def __ge__(self, other: object) -> bool:
        d = _numpy_dtype(self, other)
        return NotImplemented if d is None else self.numpy >= d


_EXTENDED = (np.dtype(np.longdouble), np.dtype(np.clongdouble))


def swapped_numpy(obj: Any) -> Any:
    """NumPy's dtype where `obj` spells a numeric dtype xtensor has in the other byte order
    ('>i2'), else None: xtensor keeps data native, so only readers of bytes take one."""
    if not isinstance(obj, (str, np.dtype)):
        return None
    try:
        dt = np.dtype(obj)
    except (TypeError, ValueError):
        return None
    native = dt.newbyteorder("=")
    return None if dt.isnative or dt.kind not in "biufc" or native in _EXTENDED else dt
