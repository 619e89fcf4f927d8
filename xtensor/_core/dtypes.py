"""The 13 dtypes of the Array API standard plus NumPy's float16, their categories, and type
promotion; NumPy's other dtypes (strings, datetimes, objects, records, long double) are kept
beside them on the host only (Note [Host-only dtypes] below).

This module owns dtype identity, how a dtype compares with NumPy's spellings of it (see Note
[DType equality] below) and the promotion rules. It knows nothing about arrays, devices or
ops; the iterator and the namespace both build on it.

Note [Promotion lattice]
~~~~~~~~~~~~~~~~~~~~~~~~
Promotion of two dtypes is a least upper bound in a small DAG whose edges are "casts safely to":

    bool -> uint8 -> uint16 -> uint32 -> uint64 -> float64
    bool -> int8 -> int16 -> int32 -> int64 -> float64
    uint8 -> int16,  uint16 -> int32,  uint32 -> int64
    int8 -> float16,  uint8 -> float16,  int16 -> float32,  uint16 -> float32
    float16 -> float32 -> float64 -> complex128,  float32 -> complex64 -> complex128

Most pairs have one least common ancestor: int32 + float32 meets at float64, uint64 + int64 at
float64. A few integer pairs have two, one integer and one float: uint16 + int8 can meet at
int32 or at float32, uint8 + int8 at int16 or at float16. The join then stays in the highest
kind among the inputs (int32, int16), because promotion never leaves the inputs' kind when it
does not have to. With that rule the result is exactly NumPy 2's for all 196 pairs of the 14
dtypes (tests/test_dtypes.py and tests/test_float16.py check each against
`numpy.result_type`).

Python scalars are *weak* (NEP 50): they take the array's dtype when it is of the same or a
higher kind, so `int8_array + 1` stays int8; otherwise they bring the default dtype of their
kind (`int8_array + 1.5` is float64; `float32_array + 1j` is complex64, and so is
`float16_array + 1j`, as in NumPy).

Note [float16]
~~~~~~~~~~~~~~
float16 is NumPy's, not the standard's: a full dtype here (creation, casts, promotion, every
op NumPy has a float16 loop for), but `__array_namespace_info__().dtypes()` lists only the
standard's 13 (`STANDARD`), so portable code and the conformance suite never meet it. Its
categories are NumPy's: 'real floating' (as `numpy.isdtype` says), and its complex
counterpart is complex64. Math functions of 8-bit integers and bool compute in it, as NumPy's
do (`float_for_int`).

Note [Promoting more than two dtypes]
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
The pairwise join is not associative across kinds: (int8 + uint16) + float32 is float64, but
int8 + (uint16 + float32) is float32. NumPy makes `result_type` independent of argument order
by asking one "main" input to promote every other, then joining those answers, and so do we.
The main input is the one of the highest NumPy type number (`numpy.dtype.num`): the highest
kind, and float16, numbered after every other builtin type, whenever it is there. So
int8 + uint16 + float32 is float32 (main float32: int8 + float32 and uint16 + float32 are
both float32), and int8 + uint16 + float16 is float32 (main float16: float16 and float32,
joined). Every answer is then of the main input's kind or higher, where joins are
associative. Weak scalars apply last. The tests compare every triple of dtypes with NumPy.
"""

from __future__ import annotations

import enum
import functools
import inspect
from typing import Any

import numpy as np

from .checks import internal_error
from .dtype_extras import NumPyDTypeMethods, numpy_spelling

builtins_bool = bool  # the module rebinds `bool` to the xtensor dtype below
builtins_str = str  # and `DType` has a `str` attribute, as numpy.dtype does
_new_object = object.__new__

# Note [DType equality]
# ~~~~~~~~~~~~~~~~~~~~~
# NumPy scripts compare dtypes with whatever spelling comes to hand: `x.dtype == 'float64'`,
# `== 'f8'`, `== float`, `== numpy.float64`, `== numpy.dtype('<f8')`. A DType therefore compares
# as the equivalent `numpy.dtype` does: the other operand, when it is a string, a type or a
# NumPy dtype, is read as `numpy.dtype(other)` would read it (`dtype_extras.numpy_spelling`)
# and the two are compared (so byte-swapped '>f8' is not float64, exactly as in NumPy).
# An array answers elementwise, all False, as NumPy's does; everything else is unequal, with
# two departures from NumPy: a scalar or an element is a value, not a dtype spelling (NumPy's
# `dtype('f8') == np.float64(5.0)` is True), and `None` (NumPy's legacy spelling of float64)
# is unequal: `table.get(key) == dtype` must not find float64 in a miss, as the conformance
# suite's promotion checks read it (README). The hash is the NumPy dtype's, so dicts and
# sets keyed by NumPy dtypes find xtensor ones; the 14 DTypes stay singletons, so
# `x.dtype is xtensor.float64` keeps working.


_SCALAR_TYPE_KINDS = "MmUSVO"  # dtypes whose scalar type's call answers NumPy's own value


class DType(NumPyDTypeMethods):
    """An Array API dtype that compares like a `numpy.dtype` (see Note [DType equality]).

    The 14 dtypes are singletons. Calling the class is NumPy's constructor spelling
    (`xtensor.dtype('f4') is xtensor.float32`); calling a dtype is NumPy's scalar-type
    spelling (`xtensor.float32(1.5)`, a 0-d array). `numpy.dtype(d)` reads `d.dtype`. Fields,
    `newbyteorder` and the `<` ordering come from `dtype_extras`.
    """

    # NumPy's attributes that scripts read most (`x.dtype.itemsize`), as values: a dtype's
    # are fixed, and a slot reads in half a property's time
    _COPIED = ("type", "char", "str", "itemsize", "alignment", "byteorder", "num", "isnative")
    __slots__ = ("bits", "kind", "name", "numpy", *_COPIED)

    def __new__(
        cls, dtype: object, align: builtins_bool = False, copy: builtins_bool = False
    ) -> DType:
        # NumPy's `align` lays out a structured dtype's fields as a C struct would (a dtype
        # already made keeps its layout); its `copy` means nothing for an interned dtype.
        t = type(dtype)
        if t is DType:
            return dtype
        found = SPELLED.get(dtype) if t in SPELLING_TYPES else None
        if found is None:
            return as_dtype(_aligned(dtype) if align else dtype, "dtype")
        return found

    @classmethod
    def _define(cls, numpy: np.dtype) -> DType:
        """The one DType of `numpy`: the 14 singletons, and the host-only dtypes (which
        `host_only_dtype` interns). The constructor above only looks them up."""
        self = object.__new__(cls)
        self.name, self.numpy, self.kind = numpy.name, numpy, numpy.kind
        self.bits = numpy.itemsize * 8
        for attribute in cls._COPIED:
            object.__setattr__(self, attribute, getattr(numpy, attribute))
        return self

    def __repr__(self) -> builtins_str:
        return repr(self.numpy)  # NumPy's repr, which `xtensor.dtype` also reads back

    def __str__(self) -> builtins_str:
        return builtins_str(self.numpy)  # the name, or '<U5' for a string dtype, as NumPy's

    def __eq__(self, other: object) -> builtins_bool:
        if type(other) in SPELLING_TYPES and (found := SPELLED.get(other)) is not None:
            return found is self  # `x.dtype == np.float64`, 'float64', float: one lookup
        if type(other) is DType:  # interned: one DType per dtype, but for aligned structs
            return self is other or (self.kind == "V" and self.numpy == other.numpy)
        if isinstance(other, np.dtype):
            return self.numpy == other
        if isinstance(other, (builtins_str, type)):
            return (spelled := numpy_spelling(other)) is not None and self.numpy == spelled
        if (isinstance(other, np.ndarray) or type(other) is DType._array_type) and other.ndim:
            return NotImplemented  # the array's own == answers: elementwise, all False
        return False

    def __hash__(self) -> int:
        return hash(self.numpy)

    def __instancecheck__(self, obj: object) -> builtins_bool:
        # `isinstance(a[0], np.float64)` as NumPy scripts write it, where NumPy's element is
        # a scalar of that type and xtensor's a 0-d array of that dtype (or NumPy's scalar).
        if type(obj) is DType._array_type:
            data = obj._data
            return data.ndim == 0 and data.dtype == self.numpy
        return isinstance(obj, self.numpy.type)

    def __reduce__(self) -> tuple[Any, ...]:
        if is_host_only(self):
            return (from_numpy, (self.numpy,))
        return (_by_name, (self.name,))

    @property
    def __signature__(self) -> inspect.Signature:  # else `inspect` takes object_ for `object`
        return inspect.signature(self.__call__)

    @property
    def dtype(self) -> np.dtype[Any]:
        # Lets NumPy accept xtensor dtypes wherever it takes `dtype=` (np.dtype(obj.dtype)).
        return self.numpy

    # `asarray`, installed by the creation chapter (`_creation.py`), and the Array type with the
    # Python scalar types `__call__`'s first branch takes (`_data_types.py`; none until then):
    # the core layer sits below the Array type and cannot import it.
    _asarray = None
    _array_type = None
    _scalar_types: frozenset = frozenset()

    def __call__(self, *args: object) -> Any:  # an Array, which the core cannot name
        """`xtensor.float32(1.5)`, as NumPy scripts write it: a 0-d array of this dtype (0 if
        no value is given). NumPy's further arguments (`xtensor.datetime64('2020-01-01T12',
        's')`, a unit) go to NumPy's scalar type, which reads them. Dates, durations, text,
        void and object values are NumPy's scalars themselves, as their elements are (Note
        [Elements are values] in _array.py): `str_(b'a')` is NumPy's `"b'a'"`, `object_(5)` 5."""
        if self.kind in _SCALAR_TYPE_KINDS:  # (`datetime64()`: NaT, `str_()`: '')
            r = self.numpy.type(*args)
            return DType._asarray(r, dtype=self) if type(r) is np.ndarray else r  # (`object_([1])`)
        value, args = (args[0], args[1:]) if args else (0, ())
        if type(value) in DType._scalar_types and not args and self.name in _BY_NAME:
            try:  # asarray's answer; a refused value (1j to int8) goes on, for asarray's message
                data = np.asarray(value, self.numpy)
            except (TypeError, ValueError, OverflowError):
                pass
            else:
                array = _new_object(DType._array_type)
                array._data = data
                return array
        if args:
            value = self.numpy.type(value, *args)
        return DType._asarray(value, dtype=self)


bool = DType._define(np.dtype("bool"))
int8 = DType._define(np.dtype("int8"))
int16 = DType._define(np.dtype("int16"))
int32 = DType._define(np.dtype("int32"))
int64 = DType._define(np.dtype("int64"))
uint8 = DType._define(np.dtype("uint8"))
uint16 = DType._define(np.dtype("uint16"))
uint32 = DType._define(np.dtype("uint32"))
uint64 = DType._define(np.dtype("uint64"))
float16 = DType._define(np.dtype("float16"))  # NumPy's; see Note [float16]
float32 = DType._define(np.dtype("float32"))
float64 = DType._define(np.dtype("float64"))
complex64 = DType._define(np.dtype("complex64"))
complex128 = DType._define(np.dtype("complex128"))

STANDARD = (
    bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64, complex64,
    complex128,
)  # fmt: skip
ALL = STANDARD + (float16,)  # every dtype xtensor supports; see Note [float16]
SIGNED = frozenset(d for d in ALL if d.kind == "i")
UNSIGNED = frozenset(d for d in ALL if d.kind == "u")
INTEGER = SIGNED | UNSIGNED
# The Python ints each integer dtype holds (np.iinfo costs ~0.5 us a call).
_INT_RANGES = {d: range(np.iinfo(d.numpy).min, np.iinfo(d.numpy).max + 1) for d in INTEGER}
REAL_FLOATING = frozenset({float16, float32, float64})
COMPLEX_FLOATING = frozenset({complex64, complex128})
FLOATING = REAL_FLOATING | COMPLEX_FLOATING
REAL_NUMERIC = INTEGER | REAL_FLOATING
NUMERIC = REAL_NUMERIC | COMPLEX_FLOATING
BOOLEAN = frozenset({bool})

DEFAULT_INT = int64
DEFAULT_FLOAT = float64
DEFAULT_COMPLEX = complex128
DEFAULT_INDEX = int64

_BY_NAME = {d.name: d for d in ALL}
_BY_NUMPY = {d.numpy: d for d in ALL}
# First branches' table: NumPy's hashable spellings of the 14 and the strings as_dtype has read
# ('<f8'), looked up for a type in SPELLING_TYPES only (1 == 1.0 == True; lists are unhashable).
SPELLED = {s: _BY_NUMPY[np.dtype(s)] for d in ALL for s in (d.name, d.str[1:], d.char, d.type)}
SPELLED |= _BY_NUMPY | {int: DEFAULT_INT, float: DEFAULT_FLOAT, complex: DEFAULT_COMPLEX}
SPELLED[builtins_bool] = bool
SPELLING_TYPES = frozenset({builtins_str, type, *(type(d.numpy) for d in ALL)})


def _by_name(name: str) -> DType:
    return _BY_NAME[name]


def from_numpy(np_dtype) -> DType:
    """The xtensor dtype for a NumPy dtype; TypeError for those xtensor lacks."""
    try:
        return _BY_NUMPY[np_dtype]
    except KeyError:
        pass
    dt = np.dtype(np_dtype)
    if dt in _BY_NUMPY and dt.isnative:
        return _BY_NUMPY[dt]
    if dt.isnative and is_host_only_numpy(dt):  # '>U5' is refused, as '>f8' is
        return host_only_dtype(dt)
    names = ", ".join(d.name for d in ALL)
    raise TypeError(f"xtensor does not support NumPy dtype {dt}; supported dtypes are {names}")


# Note [Host-only dtypes]
# ~~~~~~~~~~~~~~~~~~~~~~~
# NumPy has dtypes the standard lacks, and scripts keep data in them: fixed-width text ('<U5',
# kind 'U'; bytes 'S5', kind 'S') for labels, datetime64/timedelta64 with a unit ('M8[D]',
# 'm8[s]', kinds 'M' and 'm'), Python objects ('O'), structured records ('V', with fields) and
# extended precision (np.longdouble and np.clongdouble: kinds 'f' and 'c', but not in `ALL`),
# and other packages' dtypes (ml_dtypes' bfloat16...). xtensor keeps them all one way, "host-only":
#   - they are parametric (a width, a unit, fields), so each is made on demand and interned
#     here, one DType per NumPy dtype, which keeps `a.dtype is b.dtype` and the identity
#     comparison of `__eq__` right (`host_only_dtype`);
#   - they sit outside `ALL`, the categories and the promotion lattice: the standard knows
#     none of them, so `__array_namespace_info__().dtypes()` and every numeric rule stay as
#     they were. Promotion with one of them is NumPy's `result_type` (`_promote_host`):
#     strings widen, 'M8[D]' with 'M8[s]' is 'M8[s]', text with a number is a TypeError;
#   - they live on the CPU only, in NumPy memory: an elementwise op whose operand fails the
#     op's numeric domain check is handed to NumPy's ufunc of the same name (`_dispatch/
#     host_only.py`), so `dt - dt`, `td / td` and `ld * 2` run NumPy's own loops. That check
#     happens only on the domain-failure path, so numeric calls pay nothing. Moving one to
#     another device is a TypeError naming the dtype (`convert.host_only_message`).
# Only native byte order is accepted, as for the numeric dtypes ('>U5' is refused as '>f8' is).

TEXT_KINDS = "US"
HOST_ONLY_KINDS = "USMmOVT"  # 'T': NumPy's variable-width StringDType
_NPY_USERDEF = 256  # NumPy numbers other packages' dtypes from here (ml_dtypes' bfloat16...)
_EXTENDED = (np.dtype(np.longdouble), np.dtype(np.clongdouble))
_HOST_ONLY: dict = {}


def is_host_only_numpy(dt) -> builtins_bool:
    """Whether NumPy dtype `dt` is one of the host-only dtypes (see Note [Host-only dtypes])."""
    extended = dt in _EXTENDED and dt not in _BY_NUMPY
    return dt.kind in HOST_ONLY_KINDS or extended or dt.num >= _NPY_USERDEF


def host_only_dtype(dt) -> DType:
    """The interned DType of host-only NumPy dtype `dt`. Aligned structs and record dtypes have
    their own entries: NumPy's `==` ignores both, its repr (`align=True`, `numpy.record`) not."""
    key = (dt, dt.isalignedstruct, dt.type is np.record) if dt.kind == "V" else dt
    found = _HOST_ONLY.get(key)
    return _HOST_ONLY.setdefault(key, DType._define(dt)) if found is None else found


def _aligned(obj) -> np.dtype:
    """NumPy's dtype of `obj` made with `align=True`."""
    try:
        return np.dtype(obj, align=True)
    except (TypeError, ValueError):
        raise TypeError(f"dtype: {obj!r} is not a dtype") from None


def is_host_only(d: DType) -> builtins_bool:
    """Whether `d` is a host-only dtype (see Note [Host-only dtypes])."""
    return d not in _NUMPY_TYPE_NUMBER


def _promote_host(dtypes: tuple, scalar_kinds: tuple = ()) -> DType:
    """NumPy's promotion where a dtype is host-only: `result_type(int32, '<U3')` is '<U11' and
    `result_type('M8[D]', 'M8[s]')` is 'M8[s]', as in NumPy (ufuncs then find a loop or not;
    `concatenate` and `where` use it)."""
    samples = [_SCALAR_SAMPLES[k] for k in scalar_kinds]
    try:
        return from_numpy(np.result_type(*(d.numpy for d in dtypes), *samples))
    except TypeError as e:  # NumPy's DTypePromotionError, or a result xtensor lacks
        names = ", ".join(builtins_str(d) for d in dtypes)
        raise TypeError(f"cannot promote {names} to a common dtype ({e})") from None


_SCALAR_SAMPLES = {"b": False, "i": 0, "f": 0.0, "c": 0j}


def as_dtype(obj, func: str = "dtype") -> DType:
    """Accept an xtensor dtype, a NumPy dtype/type, a name or a Python type, as NumPy does."""
    if type(obj) is DType:
        return obj
    found = SPELLED.get(obj) if type(obj) in SPELLING_TYPES else None
    if found is not None:
        return found
    try:
        np_dtype = np.dtype(obj)
    except (TypeError, ValueError):  # ValueError: an object whose `.dtype` is no dtype
        raise TypeError(f"{func}: {obj!r} is not a dtype") from None
    try:
        found = from_numpy(np_dtype)
    except TypeError as e:
        raise TypeError(f"{func}: {e}") from None
    if type(obj) is builtins_str and not is_host_only(found):
        SPELLED[obj] = found  # ('<f8', 'double'; '>f8' was refused above)
    return found


# --- Note [Promotion lattice] ---------------------------------------------------------------

_SAFE_CASTS = {
    bool: (uint8, int8),
    uint8: (uint16, int16, float16),
    uint16: (uint32, int32, float32),
    uint32: (uint64, int64),
    uint64: (float64,),
    int8: (int16, float16),
    int16: (int32, float32),
    int32: (int64,),
    int64: (float64,),
    float16: (float32,),
    float32: (float64, complex64),
    float64: (complex128,),
    complex64: (complex128,),
    complex128: (),
}


@functools.cache
def _ancestors(d: DType) -> frozenset:
    out = {d}
    for parent in _SAFE_CASTS[d]:
        out |= _ancestors(parent)
    return frozenset(out)


@functools.cache
def promote_pair(a: DType, b: DType) -> DType:
    """Least upper bound of two dtypes in the lattice (see Note [Promotion lattice])."""
    if a not in _NUMPY_TYPE_NUMBER or b not in _NUMPY_TYPE_NUMBER:  # cached: host-only
        return _promote_host((a, b))
    common = _ancestors(a) & _ancestors(b)
    least = [d for d in common if not any(o is not d and d in _ancestors(o) for o in common)]
    if len(least) > 1:
        top_kind = max(_KIND_RANK[a.kind], _KIND_RANK[b.kind])
        least = [d for d in least if _KIND_RANK[d.kind] == top_kind]
    if len(least) != 1:
        raise internal_error(f"promotion lattice has no unique join for {a} and {b}")
    return least[0]


def promote_strong(dtypes) -> DType:
    """Order-independent join of array dtypes (see Note [Promoting more than two dtypes])."""
    main = max(dtypes, key=_NUMPY_TYPE_NUMBER.__getitem__)
    return functools.reduce(promote_pair, (promote_pair(main, d) for d in dtypes))


_NUMPY_TYPE_NUMBER = {d: d.numpy.num for d in ALL}

# Weak Python-scalar kinds, ordered: a scalar leaves an array's dtype alone when the array's
# kind is at least as high.
_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_SCALAR_KIND = {builtins_bool: "b", int: "i", float: "f", complex: "c"}


def scalar_kind(value) -> str | None:
    """'b', 'i', 'f' or 'c' for a Python scalar (not NumPy scalars), else None."""
    return _SCALAR_KIND.get(type(value))


def _promote_weak(d: DType, kind: str) -> DType:
    if _KIND_RANK[d.kind] >= _KIND_RANK[kind]:
        return d
    if kind == "i":
        return DEFAULT_INT
    if kind == "f":
        return DEFAULT_FLOAT
    return complex64 if d in (float16, float32) else DEFAULT_COMPLEX


_DEFAULT_FOR_KIND = {"b": bool, "i": DEFAULT_INT, "f": DEFAULT_FLOAT, "c": DEFAULT_COMPLEX}


@functools.cache
def promote(dtypes: tuple, scalar_kinds: tuple = ()) -> DType:
    """Result dtype of arrays of `dtypes` combined with weak Python scalars of `scalar_kinds`."""
    if not dtypes:
        top = max(scalar_kinds, key=_KIND_RANK.__getitem__)
        return _DEFAULT_FOR_KIND[top]
    if not all(d in _NUMPY_TYPE_NUMBER for d in dtypes):  # cached: numeric calls pay once
        return _promote_host(dtypes, scalar_kinds)
    result = promote_strong(dtypes)
    for kind in scalar_kinds:
        result = _promote_weak(result, kind)
    return result


def int_fits(value: int, dtype: DType) -> builtins_bool:
    """Whether integer dtype `dtype` holds Python int `value` (any other dtype: True)."""
    return dtype.kind not in "iu" or value in _INT_RANGES[dtype]


def check_scalar_fits(value, dtype: DType, func: str) -> None:
    """NumPy 2 refuses a Python int that the array's integer dtype cannot hold."""
    if type(value) is int and not int_fits(value, dtype):
        raise OverflowError(f"{func}: Python integer {value} is out of bounds for {dtype.name}")


# --- categories, as the standard's isdtype names them ----------------------------------------

CATEGORIES = {
    "bool": BOOLEAN,
    "signed integer": SIGNED,
    "unsigned integer": UNSIGNED,
    "integral": INTEGER,
    "real floating": REAL_FLOATING,
    "complex floating": COMPLEX_FLOATING,
    "numeric": NUMERIC,
}


def real_dtype(d: DType) -> DType:
    """The real part's dtype of complex `d` (as NumPy's finfo names it), else `d` itself."""
    real = {complex64: float32, complex128: float64}.get(d, d)
    return from_numpy(np.finfo(d.numpy).dtype) if real.kind == "c" else real


def complex_dtype(d: DType) -> DType:
    """complex64 for float16 and float32 (NumPy's promotion), complex128 for float64."""
    return {float16: complex64, float32: complex64, float64: complex128}.get(d, d)


@functools.cache
def float_for_int(d: DType, inputs: tuple = ()) -> DType:
    """The float dtype math functions (sqrt, atan2) compute in for the promoted dtype `d` of
    integer or bool `inputs`: the smallest float every input casts to safely, as NumPy's loop
    search finds it. bool, int8 and uint8 give float16, 16-bit integers float32, wider ones
    float64; sqrt(int8) is float16 and atan2(int8, uint8) float16, though int8 + uint8
    promotes to int16.

    Without `inputs` (or when a weak Python scalar moved `d` past them: `atan2(bool, 2)`
    computes in float64, like int64) `d` alone decides.
    """
    if d.kind in "fc":
        return d
    if not inputs or promote_strong(inputs) is not d:
        inputs = (d,)
    return functools.reduce(promote_pair, inputs, float16)


# --- promotion kinds: one rule per op family, on top of the lattice ---------------------------
# Ops name a kind in the op table, the iterator's presets (`_iter/flags.py`) map each kind to
# flags, and `compute_and_result` is the specification both read: nowhere else encodes a
# result dtype.


class Promotion(enum.Enum):
    """How the compute and result dtypes follow from the promoted input dtype.

    One example op each (see `compute_and_result`):
      DEFAULT               add: compute and result in the common dtype.
      INT_TO_FLOAT          exp: integer/bool inputs compute in a float (float16 up to 8 bits,
                            float32 for 16, float64 above, as in NumPy); result = compute.
      INT_TO_DEFAULT_FLOAT  divide: integer/bool inputs compute in float64, as NumPy's true
                            division does.
      ALWAYS_BOOL           less: compute in the common dtype, result bool.
      COMPLEX_TO_REAL       abs: compute in the common dtype, result its real dtype.
      BOOL_AS_INT8          remainder: DEFAULT, but bool operands compute in int8, as NumPy's
                            ops without a bool loop do (`b % b`, `b ** b` are int8).
      BOOL_AS_FLOAT         round: DEFAULT, but bool operands compute in float16, as NumPy's
                            rint does.
      TO_DOUBLE             float_power: compute in float64 (complex128 for complex inputs),
                            whatever the inputs' precision; result = compute.
      ALWAYS_UINT8          bitwise_count: compute in the promoted dtype (bool as int8),
                            result uint8.
      FROM_X1               ldexp: as INT_TO_FLOAT, from x1's dtype alone; x2 is cast to it.
    """

    DEFAULT = "default"
    INT_TO_FLOAT = "int_to_float"
    INT_TO_DEFAULT_FLOAT = "int_to_default_float"
    ALWAYS_BOOL = "always_bool"
    COMPLEX_TO_REAL = "complex_to_real"
    BOOL_AS_INT8 = "bool_as_int8"
    BOOL_AS_FLOAT = "bool_as_float"
    TO_DOUBLE = "to_double"
    ALWAYS_UINT8 = "always_uint8"
    FROM_X1 = "from_x1"


def compute_dtype(kind: Promotion, common: DType, inputs: tuple = ()) -> DType:
    """The dtype the loop computes in, given the promoted dtype of the operands (and their
    array dtypes, which INT_TO_FLOAT reads: see `float_for_int`)."""
    if kind is Promotion.INT_TO_FLOAT or kind is Promotion.FROM_X1:
        return float_for_int(common, inputs)
    if kind is Promotion.INT_TO_DEFAULT_FLOAT and common.kind in "biu":
        return DEFAULT_FLOAT
    if kind is Promotion.TO_DOUBLE:
        return complex128 if common.kind == "c" else float64
    if common is bool:
        if kind is Promotion.BOOL_AS_INT8 or kind is Promotion.ALWAYS_UINT8:
            return int8
        if kind is Promotion.BOOL_AS_FLOAT:
            return float16
    return common


def result_dtype_of(kind: Promotion, compute: DType) -> DType:
    """The dtype of the result, given the compute dtype."""
    if kind is Promotion.ALWAYS_BOOL:
        return bool
    if kind is Promotion.COMPLEX_TO_REAL:
        return real_dtype(compute)
    if kind is Promotion.ALWAYS_UINT8:
        return uint8
    return compute


def compute_and_result(kind: Promotion, common: DType, inputs: tuple = ()) -> tuple:
    """(compute dtype, result dtype) for promotion `kind` given the promoted input dtype."""
    compute = compute_dtype(kind, common, inputs)
    return compute, result_dtype_of(kind, compute)


def result_dtype(kind: Promotion, *operands) -> DType:
    """The result dtype of an op of promotion `kind` on `operands` (DTypes or Python scalars).

    >>> result_dtype(Promotion.INT_TO_FLOAT, int16)
    dtype('float32')
    """
    dtypes = tuple(o for o in operands if isinstance(o, DType))
    kinds = tuple(scalar_kind(o) for o in operands if not isinstance(o, DType))
    return compute_and_result(kind, promote(dtypes, kinds), dtypes)[1]
