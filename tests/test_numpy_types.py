"""NumPy's type names and dtype utilities (xtensor/_numpy_types.py) against NumPy.

Which names exist is decided from NumPy itself, not from xtensor's lists: NumPy's abstract
scalar types are the `numpy.generic` subclasses that `numpy.dtype` refuses, its concrete ones
those whose dtype is one of xtensor's 14 (the standard's 13 and float16). xtensor answers what
NumPy answers, float16 included.
"""

from __future__ import annotations

import itertools
import pickle
import re
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from tests.test_dtypes import SPELLINGS
from xtensor import _numpy_types

XT_DTYPES = (*ALL_DTYPES, "float16")  # the standard's 13 and NumPy's float16
PAIRS = list(itertools.product(XT_DTYPES, repeat=2))
SUPPORTED_MESSAGE = "supported dtypes are bool, int8"


def _numpy_dtype_or_none(spelling):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return np.dtype(spelling)
        except TypeError:
            return None


def _scalar_types() -> tuple:
    """(abstract names, {concrete name: standard dtype name}) among NumPy's attributes."""
    abstract, concrete = [], {}
    for name in dir(np):
        t = getattr(np, name)
        if not (isinstance(t, type) and issubclass(t, np.generic)):
            continue
        d = _numpy_dtype_or_none(t)
        if d is None:
            abstract.append(name)
        elif d.isnative and d.name in XT_DTYPES:
            concrete[name] = d.name
    return abstract, concrete


ABSTRACT, CONCRETE = _scalar_types()


# --- the names ---------------------------------------------------------------------------------


def test_numpy_scalar_type_lists_found_the_hierarchy():
    assert {"generic", "number", "floating", "complexfloating", "flexible"} <= set(ABSTRACT)
    assert {"double", "intc", "long", "bool_", "uintp", "csingle"} <= set(CONCRETE)
    assert CONCRETE["half"] == "float16" and "longdouble" not in CONCRETE


@pytest.mark.parametrize("name", ABSTRACT)
def test_abstract_types_answer_as_numpys(name):
    ours, numpy_type = getattr(xt, name), getattr(np, name)
    assert name in xt.__all__
    assert issubclass(ours, numpy_type) and issubclass(numpy_type, ours)
    for value in (np.int8(1), np.uint64(2), np.float32(0.5), np.complex128(1j), np.bool_(True)):
        assert isinstance(value, ours) == isinstance(value, numpy_type)
        assert issubclass(type(value), ours) == issubclass(type(value), numpy_type)
        # Where NumPy gives that scalar, xtensor gives a 0-d array; an array of more is none
        assert isinstance(xt.asarray(value), ours) == isinstance(value, numpy_type)
        assert not isinstance(xt.asarray([value]), ours)
        assert np.issubdtype(value.dtype, ours) == np.issubdtype(value.dtype, numpy_type)
        assert xt.issubdtype(xt.asarray(value).dtype, ours) == np.issubdtype(
            value.dtype, numpy_type
        )
    assert not isinstance(1, ours) and not isinstance(1.5, ours)  # Python's numbers, as NumPy
    assert pickle.loads(pickle.dumps(ours)) is ours


@pytest.mark.parametrize("name", sorted(CONCRETE))
def test_concrete_types_are_the_standard_dtypes(name):
    d = getattr(xt, name)
    assert d is getattr(xt, CONCRETE[name]) and isinstance(d, xt.dtype)
    assert d == getattr(np, name) and np.dtype(d) == np.dtype(getattr(np, name))
    assert name in xt.__all__
    assert_same(d(3), np.asarray(getattr(np, name)(3)))  # called like NumPy's type


def test_host_only_scalar_types_are_dtypes_outside_the_concrete_aliases():
    for name in ("longdouble", "clongdouble", "object_", "str_", "void", "datetime64"):
        assert name not in _numpy_types.NUMPY_ALIASES  # see test_longdouble.py and friends
        assert getattr(xt, name) == np.dtype(getattr(np, name)) and name in xt.__all__


# --- the dtype constructor ---------------------------------------------------------------------


def test_dtype_constructor_reads_every_numpy_spelling():
    supported = 0
    for spelling in SPELLINGS:
        want = _numpy_dtype_or_none(spelling)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # NumPy's own, for 'a'
            if want is not None and want.isnative and want.name not in XT_DTYPES:
                assert xt.dtype(spelling) == want, spelling  # host-only: strings, dates...
            elif want is not None and want.isnative and want.name in XT_DTYPES:
                assert xt.dtype(spelling) is getattr(xt, want.name), spelling
                supported += 1
            else:
                with pytest.raises(TypeError, match="^dtype: "):
                    xt.dtype(spelling)
    assert supported > 100


def test_dtype_constructor_identity_and_isinstance():
    x = xt.ones(2, dtype=xt.int16)
    assert xt.dtype(x.dtype) is x.dtype and isinstance(x.dtype, xt.dtype)
    assert xt.dtype("f4", align=True, copy=True) is xt.float32
    assert xt.dtype(None) is xt.float64 and np.dtype(None) == np.float64  # NumPy's reading
    assert xt.dtype(repr(xt.int8)[7:-2]) is xt.int8  # repr reads back: dtype('int8')


@pytest.mark.parametrize("spelling", ["M8[s]", object, [("a", "f4")], np.longdouble], ids=repr)
def test_dtype_constructor_reads_host_only_dtypes(spelling):
    d = xt.dtype(spelling)
    assert d == np.dtype(spelling) and xt.dtype(spelling) is d and np.dtype(d) == d


@pytest.mark.parametrize("spelling", [">f8", ">M8[s]", [("a", ">f4")]], ids=repr)
def test_dtype_constructor_refuses_unsupported_dtypes(spelling):
    named = re.escape(str(np.dtype(spelling)))
    with pytest.raises(TypeError, match=f"dtype: .*{named}; {SUPPORTED_MESSAGE}"):
        xt.dtype(spelling)


def test_dtype_constructor_refuses_non_dtypes():
    for bad in ("nonsense", 3, xt.ones(2)):
        with pytest.raises(TypeError, match="dtype: .* is not a dtype"):
            xt.dtype(bad)


# --- issubdtype --------------------------------------------------------------------------------


def _forms(name):
    """(xtensor form, NumPy form) pairs of one of the 13 dtypes."""
    d = np.dtype(name)
    return [(getattr(xt, name), d), (name, name), (d.char, d.char), (d.type, d.type)]


# NumPy's longlong and ulonglong are types of their own beside long and ulong (same width), so
# `numpy.issubdtype(numpy.int64, numpy.longlong)` is False; xtensor's aliases are the dtypes
# themselves, so a concrete alias is compared as the standard dtype it names.
CATEGORY_FORMS = (
    [(getattr(xt, n), getattr(np, n)) for n in ABSTRACT]
    + [(getattr(xt, n), np.dtype(CONCRETE[n]).type) for n in sorted(CONCRETE)]
    + [(getattr(xt, n), np.dtype(n)) for n in ALL_DTYPES]
    + [(t, t) for t in (bool, int, float, complex)]
    + [(s, s) for s in ("f8", "i", "float", "u1")]
)


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_issubdtype_over_the_hierarchy_matches_numpy(name):
    for (xt1, np1), (xt2, np2) in itertools.product(_forms(name), CATEGORY_FORMS):
        got = xt.issubdtype(xt1, xt2)
        assert got is bool(np.issubdtype(np1, np2)), (xt1, xt2)


def test_issubdtype_between_abstract_types_and_examples():
    for a, b in itertools.product(ABSTRACT, repeat=2):
        assert xt.issubdtype(getattr(xt, a), getattr(xt, b)) is np.issubdtype(
            getattr(np, a), getattr(np, b)
        )
    x = xt.ones(3)
    assert xt.issubdtype(x.dtype, xt.floating) and xt.issubdtype(xt.int8, np.integer)
    assert xt.issubdtype("f8", float) and not xt.issubdtype(xt.float32, float)
    with pytest.raises(TypeError):
        xt.issubdtype(3, xt.floating)
    # The one difference (see CATEGORY_FORMS): an alias is its dtype, not a type of its own.
    assert not np.issubdtype(np.int64, np.longlong) and xt.issubdtype(xt.int64, xt.longlong)


# --- promote_types -----------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", PAIRS)
def test_promote_types_matches_numpy(a, b):
    want = np.promote_types(a, b)
    da, db = np.dtype(a), np.dtype(b)
    for sa, sb in [(getattr(xt, a), getattr(xt, b)), (da.char, db.type), (da, b)]:
        got = xt.promote_types(sa, sb)
        assert got is getattr(xt, want.name) and got == want, (sa, sb)


def test_promote_types_errors():
    with pytest.raises(TypeError, match="promote_types: cannot promote int32, datetime64"):
        xt.promote_types("i4", "M8")
    with pytest.raises(TypeError):
        np.promote_types("i4", "M8")
    assert xt.promote_types("i4", "U3") == np.promote_types("i4", "U3")  # strings: NumPy's
    with pytest.raises(TypeError, match="promote_types: 1 is not a dtype"):
        xt.promote_types(1, xt.int8)
    with pytest.raises(TypeError):
        np.promote_types(1, np.int8)


# --- min_scalar_type ---------------------------------------------------------------------------

PYTHON_SCALARS = st.one_of(
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.complex_numbers(),
    st.sampled_from([0, 255, 256, -129, 2**63, 2**64 - 1, 1e39, -3.5e38, 65504.0, 1e300j]),
    st.sampled_from([2**64, -(2**63) - 1]),  # past int64 and uint64: object
)


def _check_min_scalar_type(got_call, value):
    want = np.min_scalar_type(value)
    if want.kind == "O":  # an integer past uint64: NumPy falls back to object, as we do
        assert got_call() is xt.object_, value
    else:
        assert got_call() is getattr(xt, want.name), value


@given(PYTHON_SCALARS)
def test_min_scalar_type_of_python_scalars_matches_numpy(value):
    _check_min_scalar_type(lambda: xt.min_scalar_type(value), value)


@given(st.sampled_from(XT_DTYPES).flatmap(lambda n: arrays(n, shape=())))
def test_min_scalar_type_of_0d_arrays_and_numpy_scalars(a):
    _check_min_scalar_type(lambda: xt.min_scalar_type(xt.asarray(a)), a)
    _check_min_scalar_type(lambda: xt.min_scalar_type(a[()]), a[()])


@given(
    st.sampled_from(XT_DTYPES).flatmap(lambda n: shapes(min_dims=1).flatmap(lambda s: arrays(n, s)))
)
def test_min_scalar_type_of_arrays_is_their_dtype(a):
    assert np.min_scalar_type(a) == a.dtype
    assert xt.min_scalar_type(xt.asarray(a)) is getattr(xt, a.dtype.name)


def test_min_scalar_type_of_small_floats_is_float16_as_in_numpy():
    for value in (1.0, 6e4, 7e4, np.float32(0.5), -np.inf):
        assert xt.min_scalar_type(value) is getattr(xt, np.min_scalar_type(value).name)
    assert xt.min_scalar_type(1.0) is xt.float16
    assert xt.min_scalar_type("abc") == np.min_scalar_type("abc")  # '<U3', as NumPy's


# --- common_type, mintypecode, typename ----------------------------------------------------------


@pytest.mark.parametrize("a, b", PAIRS)
def test_common_type_matches_numpy(a, b):
    x, y = np.ones(2, dtype=a)[::-1], np.empty(0, dtype=b)
    try:
        want = np.common_type(x, y)
    except TypeError:
        with pytest.raises(TypeError, match="common_type: can't get common type"):
            xt.common_type(xt.asarray(x), xt.asarray(y))
        return
    got = xt.common_type(xt.asarray(x), xt.asarray(y))
    assert got is getattr(xt, np.dtype(want).name) and got == want
    assert xt.common_type(xt.asarray(y)) == np.common_type(y) or b == "bool"


def test_common_type_of_nothing_and_of_three():
    assert np.common_type() is np.float16 and xt.common_type() is xt.float16
    arrays3 = [np.ones((2, 2), dtype=n) for n in ("int8", "float32", "complex64")]
    got = xt.common_type(*(xt.asarray(a) for a in arrays3))
    assert got is xt.complex128 and got == np.common_type(*arrays3)
    with pytest.raises(TypeError, match=r"common_type: arrays\[0\] must be an array"):
        xt.common_type(object())


TYPESETS = ["GDFgdf", "fdFD", "FD", "dD", "bhilqBHILQ"]


@pytest.mark.parametrize("typeset", TYPESETS)
def test_mintypecode_matches_numpy(typeset):
    for a, b in PAIRS:
        np_args = [np.empty(0, a), np.empty(0, b)]
        want = np.mintypecode(np_args, typeset=typeset, default="X")
        assert xt.mintypecode([xt.asarray(x) for x in np_args], typeset, "X") == want, (a, b)
        assert xt.mintypecode([getattr(xt, a), getattr(xt, b)], typeset, "X") == want
        chars = np.dtype(a).char + np.dtype(b).char
        assert xt.mintypecode(chars, typeset) == np.mintypecode(chars, typeset)
    assert xt.mintypecode("idF") == np.mintypecode("idF") == "D"


def test_typename_matches_numpy():
    known = 0
    for char in np.typecodes["All"]:
        try:
            want = np.typename(char)
        except KeyError:  # NumPy lists typecodes it has no name for ('n')
            with pytest.raises(KeyError):
                xt.typename(char)
            continue
        assert xt.typename(char) == want, char
        known += 1
    assert known > 20
    for name in ALL_DTYPES:
        assert xt.typename(getattr(xt, name)) == np.typename(np.dtype(name).char)
    with pytest.raises(KeyError):
        xt.typename("zz")
    with pytest.raises(KeyError):
        np.typename("zz")
