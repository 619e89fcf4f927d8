"""Data type functions (Array API chapter "Data Type Functions").

astype, can_cast, finfo, iinfo, isdtype and result_type. The promotion rules themselves live in
`_core/dtypes.py` (see Note [Promotion lattice]); this module only turns arguments into dtypes and
asks it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._array import Array, kept, wrap
from ._core import dtypes as _dtypes
from ._core.convert import host_only_message
from ._core.devices import resolve
from ._dispatch import PLANS
from ._dispatch.compiled import compiled
from ._dispatch.host_threads import cast, limits
from ._dispatch.reduction import loudly
from ._manipulation import check_array
from ._typing import ArrayLike, DeviceLike, DTypeLike, Scalar

_ASTYPE = np.ndarray.astype


class DTypeKindError(TypeError, ValueError):
    """finfo of an integer dtype, iinfo of a float dtype.

    The standard's convention is TypeError for a wrong dtype category; NumPy raises ValueError
    here. Deriving from both keeps `except` clauses written for either library working.
    """


# The small table of `astype` (Note [Small tables] in _dispatch/plans.py): (source NumPy
# dtype, target DType) -> target NumPy dtype, for the casts the checked path allowed.
CASTS = PLANS.small_table("astype")


def astype(
    x: Array, dtype: DTypeLike, /, *, copy: bool = True, device: DeviceLike | None = None
) -> Array:
    """`x` cast to `dtype`: a new array unless copy=False and nothing has to change.

    Complex to a real numeric dtype is refused (the standard says it should not be
    permitted); cast `real(x)` or `imag(x)` instead. Complex to bool, text or object is NumPy's.

    >>> import xtensor as xp
    >>> xp.astype(xp.asarray([1.7, -2.2]), xp.int32)
    array([ 1, -2], dtype=int32)
    """
    if type(x) is Array and type(dtype) is _dtypes.DType and copy is True and device is None:
        data = x._data
        if type(data) is np.ndarray:
            target = CASTS.get((data.dtype, dtype))
            # a cast seen before (Note [Small tables]); a large one may run in threads
            if target is not None and data.size < limits.CAST_MIN:
                PLANS._hits += 1
                return kept(x, wrap(loudly(_ASTYPE, data, target)))  # the Note below
    check_array(x, "astype")
    target = _dtypes.as_dtype(dtype, "astype")
    if x.dtype.kind == "c" and target.kind in "iuf":
        raise TypeError(
            f"astype: casting complex {x.dtype.name} to {target.name} would drop "
            "the imaginary part; use astype(real(x), ...) or astype(imag(x), ...)"
        )
    dev = resolve(device, "astype")
    if dev is not None and dev != x.device:
        x = x.to_device(dev)
        copy = False  # the move already made a new buffer
    if x.dtype is target and not copy:
        return x
    if _dtypes.is_host_only(target) and type(x._data) is not np.ndarray:
        raise TypeError(f"astype: {host_only_message(target)}")
    # A cast warns where NumPy's does (overflow to a narrower float, NaN or inf to an
    # integer): Note [Casts NumPy warns about] in _array_methods.py.
    try:
        result = kept(x, wrap(loudly(cast, x._data, target.numpy)))  # threads when large
    except UnicodeError:  # non-ASCII text to bytes: NumPy's own (its class takes 5 arguments)
        raise
    except (TypeError, ValueError) as e:  # NumPy's refusals for host-only dtypes ('M8' generic)
        raise type(e)(f"astype: {e}") from None
    if type(x._data) is np.ndarray and type(dtype) is _dtypes.DType and device is None:
        CASTS[(x._data.dtype, dtype)] = target.numpy  # a cast that worked, for next time
    return result


# `astype(x, dtype)` of a cast seen before: the method's C twin (Note [Compiled hot path] in
# _dispatch/_cfast.c) on the same table, whose entries both record and both refuse alike
astype = compiled("astype", astype, CASTS, extra=(_dtypes.DType, limits, "CAST_MIN"))


def _dtype_of(value, func: str, operand: str = "the argument") -> _dtypes.DType:
    """The dtype of an Array or dtype-like argument; TypeError naming `operand` otherwise."""
    if isinstance(value, Array):
        return value.dtype
    if isinstance(value, _dtypes.DType):
        return value
    if isinstance(value, (np.ndarray, np.generic)):  # NumPy arrays and scalars are strong
        return _dtypes.as_dtype(value.dtype, func)
    try:
        return _dtypes.as_dtype(value, func)
    except TypeError:
        raise TypeError(f"{func}: {operand} must be an array or a dtype; got {value!r}") from None


CASTING_RULES = ("no", "equiv", "safe", "same_kind", "unsafe")

# Note [Dtype answers by name]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# The answers of can_cast, result_type, finfo and iinfo depend on their arguments' dtypes only,
# and are immutable (bools, DTypes, frozen info objects), so their first branches look them up
# by dtype *name*: a DType's hash is NumPy's, a Python call, where a name's is cached. Only
# answers about the 14 dtypes (`_dtypes.ALL`, whose names are unique) are kept, by the checked
# path below each first branch, which every other call still takes. A Python scalar stands as
# its type (`result_type(a, 1)`: the key is ('float64', int)), and a NumPy or Python type
# passed to finfo or iinfo as itself. NumPy's other spellings count too: a string stands as
# itself (it reads as the dtype of the name it equals; 'f4' is a key of its own), and, but for
# finfo and iinfo, a NumPy dtype or type as the name of the dtype it spells (`_NAMES`: in
# result_type the type `float` stands as 'float64', a Python float as `float`).
_SAFE_CASTS: dict = {}  # (from_ token, to token) -> bool, casting="safe"
_RESULT_TYPES: dict = {}  # (token, token) -> DType: result_type of two arguments
_FINFOS: dict = {}  # name, string or type -> finfo_object
_IINFOS: dict = {}  # name, string or type -> iinfo_object


def _key(value):
    """`value`'s key in those tables: its dtype's name, a string of the 14 itself, or its type
    for a Python scalar; None for anything else, which is never kept."""
    t = type(value)
    if t is str:  # (the checked path has read it, so `as_dtype` has kept it in SPELLED)
        return value if value in _dtypes.SPELLED else None
    d = value.dtype if t is Array else value if t is _DType else None
    if d is not None:
        return None if _dtypes.is_host_only(d) else d.name
    if t in _SPELLINGS:
        return _NAMES.get(value)
    return t if t in _PYTHON_SCALARS else None


_PYTHON_SCALARS = frozenset({bool, int, float, complex})
_DType = _dtypes.DType
_SPELLINGS = _dtypes.SPELLING_TYPES
# The name each NumPy dtype and type spells (numpy.float32, float): SPELLED's fixed entries.
_NAMES = {s: d.name for s, d in _dtypes.SPELLED.items() if type(s) is not str}
_type = type  # finfo and iinfo call their argument `type`, as NumPy does
_INFO_TYPES = frozenset(d.numpy.type for d in _dtypes.ALL) | _PYTHON_SCALARS


def _keep(table: dict, value, info):
    """`info` for dtype `value`, kept in `table` when it is a DType of the 14, or a type or
    string of one (Note [Dtype answers by name])."""
    t = _type(value)
    if t is _type and value in _INFO_TYPES:
        table[value] = info
    elif t is _dtypes.DType and not _dtypes.is_host_only(value):
        table[value.name] = info
    elif t is str and value in _dtypes.SPELLED:
        table[value] = info
    return info


def can_cast(from_: DTypeLike | ArrayLike, to: DTypeLike, casting: str = "safe") -> bool:
    """Whether `from_` (a dtype or an array) casts to `to` under `casting`.

    The standard's question is the default, "safe": does `to` lie above `from_` in the
    promotion lattice. NumPy's other rules ('no', 'equiv', 'same_kind', 'unsafe'), passed by
    keyword or third as in NumPy, are NumPy's answers for the two dtypes. Dtypes may be
    spelled as NumPy spells them ('i4', float).
    """
    if casting == "safe":  # Note [Dtype answers by name]
        name = _key(from_)
        t = type(to)
        if t is _DType:
            key = to.name
        elif t is str:
            key = to
        else:  # a type or NumPy dtype as the name of the dtype it spells
            key = _NAMES.get(to) if t in _SPELLINGS else None
        found = _SAFE_CASTS.get((name, key))
        if found is not None:
            return found
    if casting not in CASTING_RULES:  # (NumPy reads casting first)
        if not isinstance(casting, str):
            raise TypeError(f"can_cast: casting must be a str; got {type(casting).__name__}")
        raise ValueError(f"can_cast: casting must be one of {CASTING_RULES}; got {casting!r}")
    if from_ is None or to is None:  # (np.dtype(None) is float64, but no dtype is asked here)
        raise TypeError("can_cast: from_ and to must be dtypes or arrays; got None")
    src = _dtype_of(from_, "can_cast", "from_")
    if isinstance(to, Array):
        raise TypeError("can_cast: to must be a dtype, not an array; use to.dtype")
    dst = _dtype_of(to, "can_cast", "to")
    if casting == "safe" and (_dtypes.is_host_only(src) or _dtypes.is_host_only(dst)):
        return bool(np.can_cast(src.numpy, dst.numpy))  # no lattice: NumPy's answer ('?' to 'V')
    if casting == "safe":
        found = _dtypes.promote_pair(src, dst) is dst
        if _key(from_) is not None and _key(to) is not None:
            _SAFE_CASTS[_key(from_), _key(to)] = found
        return found
    return bool(np.can_cast(src.numpy, dst.numpy, casting=casting))


class _Limit(float):
    """A finfo field: the standard's Python float, printed as NumPy's scalar of the dtype
    (`print(finfo(float32).eps)` is NumPy's `1.1920929e-07`, its repr `np.float32(...)`);
    arithmetic on it is a float's."""

    __slots__ = ("numpy",)

    def __new__(cls, value: np.floating) -> _Limit:
        limit = super().__new__(cls, value)
        limit.numpy = value
        return limit

    def __repr__(self) -> str:
        return repr(self.numpy)

    def __str__(self) -> str:
        return str(self.numpy)

    def __format__(self, spec: str) -> str:
        return format(self.numpy, spec)  # (NumPy's `f"{eps}"` is the float's, not its str)

    def __reduce__(self) -> tuple:
        return _Limit, (self.numpy,)


@dataclass(frozen=True)
class finfo_object:
    """Limits of a real floating-point dtype: the standard's fields first, then NumPy's others
    (Python numbers where NumPy's are NumPy scalars, printed as those), NumPy's str and repr."""

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: _dtypes.DType
    tiny: float
    resolution: float
    precision: int
    epsneg: float
    smallest_subnormal: float
    iexp: int
    machep: int
    maxexp: int
    minexp: int
    negep: int
    nexp: int
    nmant: int

    def __str__(self) -> str:
        return str(np.finfo(self.dtype.numpy))  # "Machine parameters for float64" and a table

    def __repr__(self) -> str:
        return repr(np.finfo(self.dtype.numpy))  # `finfo(resolution=1e-15, min=..., ...)`


_FINFO_FLOATS = (
    "eps", "max", "min", "smallest_normal", "tiny", "resolution", "epsneg", "smallest_subnormal",
)  # fmt: skip
_FINFO_INTS = ("bits", "precision", "iexp", "machep", "maxexp", "minexp", "negep", "nexp", "nmant")


@dataclass(frozen=True)
class iinfo_object:
    """Limits of an integer dtype, with NumPy's `kind` ('i', 'u'), `key` ('i4'), str and repr."""

    bits: int
    max: int
    min: int
    dtype: _dtypes.DType
    kind: str
    key: str

    def __str__(self) -> str:
        return str(np.iinfo(self.dtype.numpy))  # "Machine parameters for int32" and a table

    def __repr__(self) -> str:
        return repr(np.iinfo(self.dtype.numpy))  # `iinfo(min=..., max=..., dtype=int32)`


def _info_dtype(value, func: str) -> _dtypes.DType:
    """The dtype finfo/iinfo describe: NumPy also takes a Python scalar, meaning its type."""
    if _dtypes.scalar_kind(value) is not None:
        value = type(value)
    try:
        return _dtype_of(value, func, "type")
    except TypeError as e:  # NumPy raises ValueError for a name it cannot read ('nonsense')
        raise DTypeKindError(str(e)) from None


def finfo(type: DTypeLike | ArrayLike, /) -> finfo_object:
    """Machine limits of a floating-point dtype (for complex, of its real component).

    `type` is a dtype, an array, or any NumPy spelling of a dtype ('f4', numpy.float32,
    float, 1.0).
    """
    t = _type(type)
    found = _FINFOS.get(type.name if t is _DType else type if t is _type or t is str else None)
    if found is not None:  # Note [Dtype answers by name]; NumPy caches its finfo objects too
        return found
    d = _info_dtype(type, "finfo")
    if d.kind not in "fc":
        raise DTypeKindError(
            f"finfo: {d.name} is not a floating-point dtype; use iinfo for integer dtypes"
        )
    real = _dtypes.real_dtype(d)
    info = np.finfo(real.numpy)
    # Long double's limits stay NumPy's long double scalars: as Python floats its max would
    # be inf and its smallest normal 0.0.
    number = np.longdouble if _dtypes.is_host_only(real) else _Limit
    found = finfo_object(
        dtype=real,
        **{name: number(getattr(info, name)) for name in _FINFO_FLOATS},
        **{name: int(getattr(info, name)) for name in _FINFO_INTS},
    )
    return _keep(_FINFOS, type, found)


def iinfo(type: DTypeLike | ArrayLike, /) -> iinfo_object:
    """Machine limits of an integer dtype (`type` as for finfo: 'i4', numpy.int32, int, 1)."""
    t = _type(type)
    found = _IINFOS.get(type.name if t is _DType else type if t is _type or t is str else None)
    if found is not None:  # Note [Dtype answers by name]
        return found
    d = _info_dtype(type, "iinfo")
    if d.kind not in "iu":
        raise DTypeKindError(
            f"iinfo: {d.name} is not an integer dtype; use finfo for floating-point dtypes"
        )
    info = np.iinfo(d.numpy)
    found = iinfo_object(
        bits=int(info.bits),
        max=int(info.max),
        min=int(info.min),
        dtype=d,
        kind=info.kind,
        key=info.key,
    )
    return _keep(_IINFOS, type, found)


def isdtype(dtype: DTypeLike, kind: DTypeLike | str | tuple[DTypeLike | str, ...]) -> bool:
    """Whether `dtype` is `kind`: a dtype, a kind name ('bool', 'signed integer',
    'unsigned integer', 'integral', 'real floating', 'complex floating', 'numeric'), or a
    tuple of those. As in NumPy, `dtype` and dtype kinds may also be NumPy dtypes or NumPy
    scalar types (numpy.float64), but not strings or Python types."""
    if not _is_dtype_object(dtype):
        raise TypeError(f"isdtype: dtype must be an xtensor dtype; got {dtype!r}")
    dtype = _dtypes.as_dtype(dtype, "isdtype")
    if type(kind) is not tuple:
        return _is_kind(dtype, kind)
    found = [_is_kind(dtype, k) for k in kind]  # every kind read: an unknown one raises
    return any(found)


def _numpy(kind):
    """A dtype kind as NumPy's isdtype takes it."""
    return kind.numpy if isinstance(kind, _dtypes.DType) else kind


def _is_dtype_object(value) -> bool:
    """A dtype as an object (not a spelling): xtensor's, NumPy's, or a NumPy scalar type."""
    if isinstance(value, (_dtypes.DType, np.dtype)):
        return True
    return isinstance(value, type) and issubclass(value, np.generic)


def _is_kind(dtype: _dtypes.DType, kind) -> bool:
    """Whether `dtype` is `kind`; a host-only dtype (long double, dates, text) by NumPy's rule,
    which compares scalar types (`isdtype(dtype('M8[s]'), datetime64)`)."""
    standard = not _dtypes.is_host_only(dtype)
    if _is_dtype_object(kind):
        return dtype == kind if standard else bool(np.isdtype(dtype.numpy, _numpy(kind)))
    if not isinstance(kind, str):
        raise TypeError(
            f"isdtype: kind must be a dtype, a kind name or a tuple of those; got {kind!r}"
        )
    if kind not in _dtypes.CATEGORIES:
        raise ValueError(
            f"isdtype: unknown kind {kind!r}; expected one of {sorted(_dtypes.CATEGORIES)}"
        )
    if not standard:  # ('real floating' holds long double, 'numeric' too)
        return bool(np.isdtype(dtype.numpy, kind))
    return dtype in _dtypes.CATEGORIES[kind]


def result_type(*arrays_and_dtypes: ArrayLike | DTypeLike | Scalar) -> _dtypes.DType:
    """The dtype an operation on these arrays, dtypes and Python scalars gives.

    Python scalars are weak (NEP 50): `result_type(int8, 1)` is int8, `result_type(int8, 1.0)`
    is float64. Mixed kinds follow NumPy 2 (`result_type(int32, float32)` is float64). NumPy
    arrays and scalars count as strong, and dtypes may be spelled as NumPy spells them ('f4').
    """
    if len(arrays_and_dtypes) == 2:  # Note [Dtype answers by name]
        x, y = arrays_and_dtypes
        tx, ty = type(x), type(y)
        if ty is Array:
            key = y.dtype.name
        elif ty is _DType:
            key = y.name
        elif ty is str:
            key = y
        elif ty in _SPELLINGS:  # a type or NumPy dtype as the name of the dtype it spells
            key = _NAMES.get(y)
        else:
            key = ty  # a Python scalar
        found = _RESULT_TYPES.get(
            (x.dtype.name if tx is Array else x.name if tx is _DType else tx, key)
        )
        if found is not None:
            return found
    dtypes, kinds = [], []
    for a in arrays_and_dtypes:
        kind = _dtypes.scalar_kind(a)
        if kind is not None:
            kinds.append(kind)
        else:
            dtypes.append(_dtype_of(a, "result_type"))
    if not dtypes and not kinds:
        raise ValueError("result_type: at least one array or dtype is required")
    try:
        found = _dtypes.promote(tuple(dtypes), tuple(kinds))
    except TypeError as e:  # host-only dtypes without a common one (int8 and datetime64)
        raise TypeError(f"result_type: {e}") from None
    keys = tuple(_key(a) for a in arrays_and_dtypes)
    if len(keys) == 2 and None not in keys:
        _RESULT_TYPES[keys] = found
    return found


# `xtensor.float32(1.5)`'s first branch makes its 0-d Array itself (see DType.__call__).
_dtypes.DType._array_type = Array
_dtypes.DType._scalar_types = _PYTHON_SCALARS
# `xt.float64(3.0)`: that first branch in C (Note [Compiled hot path] in _dispatch/_cfast.c)
_DTYPE_CALL = (_dtypes.DType, _dtypes._BY_NUMPY)
_dtypes.DType.__call__ = compiled("dtype_call", _dtypes.DType.__call__, extra=_DTYPE_CALL)


__all__ = ["astype", "can_cast", "finfo", "iinfo", "isdtype", "result_type"]
