"""NumPy-only names for types: the dtype constructor, NumPy's scalar-type names and its dtype
utilities (issubdtype, promote_types, min_scalar_type, common_type, mintypecode, typename).

The abstract scalar types (`generic`, `number`, `floating`...) name categories, which
`issubdtype` asks NumPy about: each is a subclass of NumPy's own class that answers as it
does (`issubclass(np.int8, xt.integer)`, `np.issubdtype(d, xt.floating)`), and also takes a
0-d array for the scalar NumPy gives where xtensor gives that array (Note [Elements are values]
in `_array.py`): `isinstance(a[0], xt.integer)` holds for an integer array `a`, as in NumPy.
The concrete aliases (`double`, `intc`,
`long`...) are xtensor's dtypes themselves, picked as NumPy picks them on this platform, so
`xtensor.double is xtensor.float64`, `xtensor.half is xtensor.float16`. The names of NumPy's
host-only dtypes (`longdouble`, `object_`, `datetime64`...) live in `_host_dtypes.py`, and
`str_`/`bytes_` in `strings.py`.

float16 is NumPy's extension of the standard's dtypes (Note [float16] in `_core/dtypes.py`), so
NumPy's answers here are xtensor's: `min_scalar_type(1.0)` and `common_type()` are float16.
The standard's own dtype functions (result_type, can_cast, finfo, iinfo, isdtype) live in
`_data_types.py` and take NumPy's spellings there.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ._array import Array, backing
from ._core import dtypes as _dtypes
from ._numpy_type_tables import TYPE_TABLES
from ._typing import ArrayLike, DTypeLike

ABSTRACT_TYPE_NAMES = (
    "generic",
    "number",
    "integer",
    "signedinteger",
    "unsignedinteger",
    "inexact",
    "floating",
    "complexfloating",
    "character",
    "flexible",
)
# NumPy 2's C-style names for concrete types; each maps to the standard dtype of its width.
CONCRETE_TYPE_NAMES = (
    "bool_",
    "byte",
    "ubyte",
    "short",
    "ushort",
    "intc",
    "uintc",
    "int_",
    "uint",
    "long",
    "ulong",
    "longlong",
    "ulonglong",
    "intp",
    "uintp",
    "half",
    "single",
    "double",
    "csingle",
    "cdouble",
)


class _Category(type):
    """The type of xtensor's abstract scalar types: NumPy's class (the one base) decides."""

    def __instancecheck__(cls, obj) -> bool:
        if type(obj) is Array:
            data = obj._data
            return data.ndim == 0 and issubclass(data.dtype.type, cls.__base__)
        return isinstance(obj, cls.__base__)

    def __subclasscheck__(cls, sub) -> bool:  # `issubclass(xt.float64, xt.floating)` too
        return issubclass(sub.type if isinstance(sub, _dtypes.DType) else sub, cls.__base__)


def _category(name: str) -> type:
    numpy_type = getattr(np, name)
    if name in ("character", "flexible"):  # (NumPy refuses them as bases; no number is one)
        return numpy_type
    return _Category(name, (numpy_type,), {"__module__": "xtensor", "__doc__": numpy_type.__doc__})


def _as_numpy(value):
    """An xtensor dtype as NumPy's equivalent; anything else as it is, for NumPy to read."""
    return value.numpy if isinstance(value, _dtypes.DType) else value


def _standard(np_dtype, func: str) -> _dtypes.DType:
    """The xtensor dtype for NumPy's answer `np_dtype`."""
    try:
        return _dtypes.from_numpy(np_dtype)
    except TypeError as e:
        raise TypeError(f"{func}: {e}") from None


def issubdtype(arg1: DTypeLike, arg2: DTypeLike, /) -> bool:
    """Whether dtype `arg1` lies below `arg2` in NumPy's type hierarchy: both may be xtensor
    dtypes, NumPy dtypes or types, strings or Python types, as in NumPy.

    >>> import xtensor as xp
    >>> xp.issubdtype(xp.float32, xp.floating), xp.issubdtype(xp.int8, xp.unsignedinteger)
    (True, False)
    """
    t, u = type(arg1), type(arg2)
    if u is type or u is _Category:
        key = arg1.name if t is _DType else arg1 if t is str or t is type else None
        found = _SUBDTYPES.get((key, arg2))
        if found is not None:
            return found
    found = bool(np.issubdtype(_as_numpy(arg1), _as_numpy(arg2)))
    if isinstance(arg2, type) and issubclass(arg2, np.generic):  # NumPy reads no spelling
        if t is _DType and not _dtypes.is_host_only(arg1):
            _SUBDTYPES[arg1.name, arg2] = found
        elif (t is str or t is type) and arg1 in _dtypes.SPELLED:  # 'f4', numpy.float32, float
            _SUBDTYPES[arg1, arg2] = found
    return found


# First branches' tables (as Note [Dtype answers by name] in _data_types.py): answers about
# the 14 dtypes, keyed by name (a DType's hash is a Python call), or by type. issubdtype's
# keeps a string or a type that spells one of the 14 as itself (numpy.longlong is int64 to
# xtensor but no subtype of numpy.int64 to NumPy; a string reads as the name it equals).
_DType = _dtypes.DType
_SUBDTYPES: dict = {}  # (name, string or type; NumPy abstract or scalar type) -> bool
_PROMOTED: dict = {}  # (name, name) -> DType
_PROMOTED_AS_SPELLED: dict = {}  # (spelling, spelling) -> DType, of the 14 (SPELLED: a bounded set)
_COMMON_TYPES: dict = {}  # tuple of the arrays' dtype names -> DType
# min_scalar_type of an int: by `a.bit_length()` (0 to 64) when a >= 0, else by that of ~a.
_UNSIGNED_BY_BITS = (_dtypes.uint8,) * 9 + (_dtypes.uint16,) * 8 + (_dtypes.uint32,) * 16
_UNSIGNED_BY_BITS += (_dtypes.uint64,) * 32
_SIGNED_BY_BITS = (_dtypes.int8,) * 8 + (_dtypes.int16,) * 8 + (_dtypes.int32,) * 16
_SIGNED_BY_BITS += (_dtypes.int64,) * 32


def _spelled(value) -> _dtypes.DType | None:
    """One of the 14 DTypes `value` is or spells (SPELLED), else None."""
    t = type(value)
    return value if t is _DType else _dtypes.SPELLED.get(value) if t in _SPELLING else None


_SPELLING = _dtypes.SPELLING_TYPES


def promote_types(type1: DTypeLike, type2: DTypeLike, /) -> _dtypes.DType:
    """The smallest dtype both `type1` and `type2` cast to safely (NumPy's promote_types; for
    the standard's dtypes the same as result_type of the two)."""
    try:
        if (found := _PROMOTED_AS_SPELLED.get((type1, type2))) is not None:
            return found  # `promote_types('f4', 'i8')`: one lookup
    except TypeError:  # unhashable: the checks below word it
        pass
    a, b = _spelled(type1), _spelled(type2)  # ('f4', np.float32, float: the 14's own)
    if a is not None and b is not None:
        found = _PROMOTED.get((a.name, b.name))
        if found is not None:
            _PROMOTED_AS_SPELLED[type1, type2] = found
            return found
    if type1 is None or type2 is None:  # (np.dtype(None) is float64, but not here: NumPy's)
        raise TypeError("promote_types: type1 and type2 must be dtypes; got None")
    a = _dtypes.as_dtype(type1, "promote_types")
    b = _dtypes.as_dtype(type2, "promote_types")
    try:
        found = _dtypes.promote_pair(a, b)
    except TypeError as e:  # host-only dtypes without a common one (int32 and datetime64)
        raise TypeError(f"promote_types: {e}") from None
    if _spelled(type1) is not None and _spelled(type2) is not None:  # the 14, however spelled
        _PROMOTED[a.name, b.name] = found
    return found


def min_scalar_type(a: ArrayLike, /) -> _dtypes.DType:
    """The smallest dtype of the smallest kind that holds scalar `a`; for an array with
    dimensions, its own dtype (NumPy's rule: 0-d arrays count as scalars)."""
    if isinstance(a, Array):
        if a.ndim:
            return a.dtype
        data = a._data
        # NumPy reads a host 0-d array as a scalar of its own dtype; `.item()` would widen a
        # complex64 to a Python complex (complex128 for values such as inf*j). Devices: item.
        a = data if type(data) is np.ndarray else data.item()
    elif type(a) is int:  # NumPy's answer, read off the number of bits `a` needs
        table = _UNSIGNED_BY_BITS if a >= 0 else _SIGNED_BY_BITS
        bits = (a if a >= 0 else ~a).bit_length()
        if bits < len(table):
            return table[bits]
    found = np.min_scalar_type(a)
    return _dtypes._BY_NUMPY.get(found) or _standard(found, "min_scalar_type")


def common_type(*arrays: ArrayLike) -> _dtypes.DType:
    """The inexact dtype every array converts to: float64 for integers, otherwise the widest
    float precision among them, complex if any array is complex. Bool arrays raise TypeError,
    as in NumPy; with no arrays the answer is float16, as in NumPy."""
    names = []
    for a in arrays:
        if type(a) is not Array:
            break
        names.append(a.dtype.name)
    else:
        found = _COMMON_TYPES.get(tuple(names))
        if found is not None:
            return found
    proxies = []
    for i, a in enumerate(arrays):
        data = backing(a, "common_type", f"arrays[{i}]", scalars=False)
        proxies.append(np.empty(0, data.dtype))  # NumPy's rule needs dtypes only, not data
    try:
        found = np.common_type(*proxies)
    except TypeError as e:
        raise TypeError(f"common_type: {e}") from None
    found = _standard(found, "common_type")
    if all(type(a) is Array and not _dtypes.is_host_only(a.dtype) for a in arrays):
        _COMMON_TYPES[tuple(a.dtype.name for a in arrays)] = found
    return found


def mintypecode(
    typechars: Iterable[str | ArrayLike], typeset: str = "GDFgdf", default: str = "d"
) -> str:
    """The typecode in `typeset` that every typecode (or array) of `typechars` casts to
    safely, `default` when none of them is in `typeset` (NumPy's mintypecode)."""
    codes = [_typecode(t) for t in typechars]
    return np.mintypecode(codes, typeset=typeset, default=default)


def _typecode(value):
    if isinstance(value, Array):
        return value.dtype.char
    if isinstance(value, _dtypes.DType):
        return value.char
    return value  # a typecode or anything NumPy reads as an array


def typename(char: str | _dtypes.DType) -> str:
    """NumPy's description of a typecode ('d' -> 'double precision'); an xtensor dtype
    stands for its typecode."""
    return np.typename(_typecode(char))


NUMPY_ALIASES: dict = {
    "dtype": _dtypes.DType,
    **{name: _category(name) for name in ABSTRACT_TYPE_NAMES},
    **{name: _dtypes.from_numpy(np.dtype(getattr(np, name))) for name in CONCRETE_TYPE_NAMES},
    "float16": _dtypes.float16,  # NumPy's, beside the standard's dtypes (see Note [float16])
    "issubdtype": issubdtype,
    "promote_types": promote_types,
    "min_scalar_type": min_scalar_type,
    "common_type": common_type,
    "mintypecode": mintypecode,
    "typename": typename,
    **TYPE_TABLES,  # ScalarType, sctypeDict, typecodes, True_, False_
}
