"""The dtype helpers take a dtype spelled every way NumPy scripts spell it: xtensor's DType
(`xt.float32`), NumPy's scalar type (`np.float32`), a name or typecode ('float32', 'f4', 'f'),
a Python type (`float`) or a NumPy dtype (`np.dtype('float32')`).

finfo, iinfo, can_cast, result_type, `x.view`, `dtype` and issubdtype keep answers about the
14 dtypes in first-branch tables keyed by those spellings (`_core.dtypes.SPELLED`, Note [Dtype
answers by name] in `_data_types.py`), so each call runs twice here: the first may fill a
table, the second reads it. NumPy is the oracle for every answer, and bad spellings raise what
they raised before the tables took spellings.
"""

from __future__ import annotations

import numpy as np
import pytest

import xtensor as xt
from xtensor._core import dtypes as _dtypes

NAMES = (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128",
)  # fmt: skip
FLOATS = tuple(n for n in NAMES if n[0] in "fc")
INTEGERS = tuple(n for n in NAMES if "int" in n)
PYTHON_TYPES = (bool, int, float, complex)
BAD = ("float33", object(), [1])  # unknown name, no dtype at all, unhashable
# NumPy's abstract types, and xtensor's that answer as they do
CATEGORIES = (np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger)
CATEGORIES += (np.inexact, np.floating, np.complexfloating, np.bool_, np.float64, np.int64)
CATEGORIES += tuple(getattr(xt, c.__name__) for c in CATEGORIES[:8])


def spellings(name: str) -> list:
    """`name`'s dtype as xtensor's DType, NumPy's scalar type, its name, its two typecodes,
    and NumPy's dtype: each with NumPy's spelling of the same dtype, for the oracle."""
    d = np.dtype(name)
    ours = [getattr(xt, name), d.type, name, d.str[1:], d.char, d]
    return [(s, name if type(s) is xt.dtype else s) for s in ours]


def every_spelling() -> list:
    """(spelling, NumPy's spelling) for each of the 14 dtypes, and the Python types."""
    pairs = [pair for name in NAMES for pair in spellings(name)]
    return pairs + [(t, t) for t in PYTHON_TYPES]


def twice(func, *args, **kwargs):
    """`func(*args, **kwargs)` twice, both answers equal (the second may come from a
    first-branch table)."""
    first, second = func(*args, **kwargs), func(*args, **kwargs)
    assert first == second and type(first) is type(second)
    return second


def arrays() -> list:
    """(xtensor array, NumPy array) of each of the 14 dtypes, 16 elements of varied bytes."""
    numbers = np.arange(16) * 37 % 101
    out = [(numbers % 3 == 0) if name == "bool" else numbers.astype(name) for name in NAMES]
    return [(xt.asarray(a), a) for a in out]


ARRAYS = arrays()
FLOAT64 = ARRAYS[NAMES.index("float64")]


# --- finfo and iinfo --------------------------------------------------------------------------

FINFO_FIELDS = (
    "bits", "eps", "max", "min", "smallest_normal", "tiny", "resolution", "precision",
    "epsneg", "smallest_subnormal", "iexp", "machep", "maxexp", "minexp", "negep", "nexp",
    "nmant",
)  # fmt: skip


@pytest.mark.parametrize("name", FLOATS)
def test_finfo_of_every_spelling(name):
    for ours, theirs in spellings(name) + [(t, t) for t in (float, complex)]:
        want = np.finfo(theirs)
        info = twice(xt.finfo, ours)
        assert info.dtype is getattr(xt, want.dtype.name), ours
        for field in FINFO_FIELDS:
            assert getattr(info, field) == getattr(want, field), (ours, field)
        assert repr(info) == repr(want) and str(info) == str(want)


@pytest.mark.parametrize("name", INTEGERS)
def test_iinfo_of_every_spelling(name):
    for ours, theirs in spellings(name) + [(int, int)]:
        want = np.iinfo(theirs)
        info = twice(xt.iinfo, ours)
        assert info.dtype is getattr(xt, want.dtype.name), ours
        assert (info.bits, info.min, info.max) == (want.bits, want.min, want.max)
        assert (info.kind, info.key) == (want.kind, want.key)


@pytest.mark.parametrize("name", NAMES)
def test_finfo_iinfo_of_the_wrong_kind(name):
    func, numpy_func = (xt.iinfo, np.iinfo) if name in FLOATS else (xt.finfo, np.finfo)
    for ours, theirs in spellings(name):
        for _ in range(2):
            with pytest.raises(ValueError):
                numpy_func(theirs)
            with pytest.raises(TypeError):  # xtensor's DTypeKindError is both
                func(ours)
            with pytest.raises(ValueError, match=f"{func.__name__}: {name} is not"):
                func(ours)


@pytest.mark.parametrize("bad", BAD, ids=repr)
@pytest.mark.parametrize("func", [xt.finfo, xt.iinfo])
def test_finfo_iinfo_of_bad_spellings(func, bad):
    for _ in range(2):  # NumPy reads them as values, and says ValueError
        with pytest.raises(TypeError, match=f"{func.__name__}: type must be an array or a dtype"):
            func(bad)


# --- can_cast and result_type -----------------------------------------------------------------


@pytest.mark.parametrize("casting", ["safe", "same_kind", "unsafe", "no"])
def test_can_cast_to_every_spelling(casting):
    for x, a in ARRAYS:
        for ours, theirs in every_spelling():
            want = np.can_cast(a, theirs, casting)
            assert twice(xt.can_cast, x, ours, casting) is want, (a.dtype, ours)
            assert twice(xt.can_cast, x.dtype, ours, casting=casting) is want


def test_can_cast_from_every_spelling():
    for ours, theirs in every_spelling():
        for x, a in ARRAYS:
            want = np.can_cast(theirs, a.dtype)
            assert twice(xt.can_cast, ours, x.dtype) is want, (ours, a.dtype)


def test_result_type_of_every_spelling():
    for x, a in ARRAYS:
        for ours, theirs in every_spelling():
            want = np.result_type(a, theirs).name
            assert twice(xt.result_type, x, ours) is getattr(xt, want), (a.dtype, ours)
            assert twice(xt.result_type, ours, x) is getattr(xt, want)
            assert twice(xt.result_type, x.dtype, ours) is getattr(xt, want)


@pytest.mark.parametrize("scalar", [True, 1, 1.0, 1j])
def test_result_type_tells_python_types_from_python_scalars(scalar):
    # `float` spells float64, strong; 1.0 is a weak Python float: keys that must not meet.
    for x, a in ARRAYS:
        for value in (scalar, type(scalar), scalar, type(scalar)):
            want = np.result_type(a, value).name
            assert xt.result_type(x, value) is getattr(xt, want), (a.dtype, value)


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_can_cast_result_type_of_bad_spellings(bad):
    x, a = FLOAT64
    for _ in range(2):
        with pytest.raises(TypeError):
            np.can_cast(a, bad)
        with pytest.raises(TypeError, match="can_cast: to must be an array or a dtype"):
            xt.can_cast(x, bad)
        with pytest.raises(TypeError, match="can_cast: from_ must be an array or a dtype"):
            xt.can_cast(bad, x.dtype)
        with pytest.raises(TypeError):
            np.result_type(a, bad)
        with pytest.raises(TypeError, match="result_type: the argument must be an array or"):
            xt.result_type(x, bad)


def test_host_only_and_byte_swapped_spellings_are_not_kept():
    x, _ = FLOAT64
    for spelling in (">f4", np.dtype(">i2"), "<U5", "g", np.dtype("M8[s]"), np.longdouble):
        outcomes = []
        for _ in range(2):
            for call in (xt.dtype, xt.finfo, lambda s: xt.result_type(x, s), x.view):
                try:
                    outcomes.append(str(call(spelling)))
                except (TypeError, ValueError) as e:
                    outcomes.append(type(e))
        assert outcomes[:4] == outcomes[4:], spelling
        assert spelling not in _dtypes.SPELLED
    assert xt.result_type(x, "<U5") == np.result_type(np.zeros(1), "<U5")  # NumPy's, as before
    with pytest.raises(TypeError, match="does not support NumPy dtype >f4"):
        xt.dtype(">f4")


# --- view ---------------------------------------------------------------------------------------


def _outcome(func, *args):
    try:
        r = func(*args)
    except (TypeError, ValueError) as e:
        return type(e)
    data = r._data if isinstance(r, xt.Array) else r
    return (type(r), data.dtype, data.shape, data.tobytes())


@pytest.mark.parametrize("source", range(len(NAMES)), ids=NAMES)
def test_view_as_every_spelling(source):
    x, a = ARRAYS[source]
    for part in (slice(None), 0, slice(None, None, 2)):  # whole, 0-d, not contiguous
        xs, as_ = x[part], a[part] if isinstance(part, slice) else a[part, ...]
        for ours, theirs in every_spelling():
            want = _outcome(as_.view, np.dtype(theirs))
            for _ in range(2):
                got = _outcome(xs.view, ours)
                if isinstance(want, tuple):
                    assert got[0] is xt.Array and got[1:] == want[1:], (a.dtype, part, ours)
                else:
                    assert got is want, (a.dtype, part, ours)


def test_view_shares_memory_and_keeps_0d_arrays():
    x = xt.asarray(np.arange(4.0))
    v = x.view(np.int64)
    v[0] = 7
    assert x._data.view(np.int64)[0] == 7
    zero_d = xt.asarray(np.float32(1.5))
    assert repr(zero_d.view("i4")) == repr(np.asarray(np.float32(1.5)).view("i4"))
    element = xt.asarray(np.arange(1.0, 5.0))[1]  # stands for NumPy's scalar, as its view
    assert repr(element.view("f8")) == repr(np.arange(1.0, 5.0)[1].view("f8"))


@pytest.mark.parametrize("bad", BAD, ids=repr)
@pytest.mark.parametrize("name", ["view", "dtype"])
def test_view_and_dtype_of_bad_spellings(bad, name):
    x, a = FLOAT64
    ours, numpys = (x.view, a.view) if name == "view" else (xt.dtype, np.dtype)
    for _ in range(2):
        with pytest.raises(TypeError):
            numpys(bad)
        with pytest.raises(TypeError, match=f"{name}: .* is not a dtype"):
            ours(bad)


def test_view_refusals_are_named():
    x = xt.asarray(np.arange(3.0))  # 24 bytes: no whole number of complex128
    for spelling in (xt.complex128, np.complex128, "c16", np.dtype("c16"), complex):
        for _ in range(2):
            with pytest.raises(ValueError, match="^view: "):
                x.view(spelling)


# --- dtype and issubdtype -----------------------------------------------------------------------


def test_dtype_of_every_spelling():
    for ours, theirs in every_spelling():
        want = np.dtype(theirs)
        for align in (False, True):
            got = twice(xt.dtype, ours, align=align)
            assert got is getattr(xt, want.name) and got == want, ours


def test_issubdtype_of_every_spelling():
    for ours, theirs in every_spelling():
        for category in CATEGORIES:
            numpy_category = category.__base__ if category.__module__ == "xtensor" else category
            want = np.issubdtype(theirs, numpy_category)
            got = twice(xt.issubdtype, ours, category)
            assert got is want, (ours, category)
            assert twice(xt.issubdtype, category, ours) is np.issubdtype(numpy_category, theirs)


def test_issubdtype_of_equal_numpy_spellings_of_different_types():
    # np.longlong is int64 to xtensor but not np.int64 to NumPy; 'q' and 'l' alike
    for spelling in (np.longlong, np.int64, "q", "l", np.dtype("q"), np.dtype("l"), xt.int64):
        for category in (np.int64, np.longlong, np.signedinteger, xt.signedinteger):
            theirs = "int64" if spelling is xt.int64 else spelling
            numpy_category = category.__base__ if category.__module__ == "xtensor" else category
            want = np.issubdtype(theirs, numpy_category)
            assert twice(xt.issubdtype, spelling, category) is want, (spelling, category)


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_issubdtype_of_bad_spellings(bad):
    for _ in range(2):
        with pytest.raises(TypeError):
            np.issubdtype(bad, np.floating)
        with pytest.raises(TypeError):
            xt.issubdtype(bad, xt.floating)


@pytest.mark.parametrize("name", NAMES)
def test_dtype_equality_reads_every_spelling_as_numpy_does(name):
    """`x.dtype == np.float64`, `== 'f8'`, `== float`: NumPy's answer for each pair of the 14
    dtypes and each spelling (and the Python types, and byte-swapped and unknown spellings)."""
    ours = getattr(xt, name)
    others = every_spelling() + [(np.dtype(">f8"), np.dtype(">f8")), ("float", "float")]
    thing = object()
    for spelled, numpys in others + [("float33", "float33"), (thing, thing)]:
        try:
            want = np.dtype(name) == numpys
        except TypeError:
            want = False
        assert (ours == spelled) is bool(want), (name, spelled)
        assert (ours != spelled) is (not want), (name, spelled)


@pytest.mark.parametrize("name", NAMES)
def test_promote_types_reads_every_spelling_as_numpy_does(name):
    """`promote_types('f4', 'i8')`: NumPy's answer for every spelling of both, on the call
    that fills the table and on the one that reads it."""
    for first, first_numpys in spellings(name):
        for second, second_numpys in every_spelling():
            want = np.promote_types(first_numpys, second_numpys)
            assert twice(xt.promote_types, first, second) == want, (first, second)
