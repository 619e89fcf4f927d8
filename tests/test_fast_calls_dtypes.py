"""The first branches of the dtype objects and type queries: `xtensor.float64(3.0)` and the
other scalar-type calls, `dtype(...)`, finfo, iinfo, result_type, can_cast, promote_types,
issubdtype, min_scalar_type, common_type and isscalar.

Each test runs the fast spelling twice (a first call may fill the table a second one reads;
Note [Dtype answers by name] in `_data_types.py`) and compares it with a spelling the first
branch leaves alone (a string or NumPy dtype for a DType, `asarray` for a scalar type), which
the checked path answers. NumPy is the oracle for the answers themselves.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays
from xtensor import _data_types, _numpy_types
from xtensor._dispatch.compiled import python_of

DTYPES = (*ALL_DTYPES, "float16")
SETTINGS = settings(max_examples=60, deadline=None)
SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),
    st.complex_numbers(),
)


def outcome(call):
    """What `call` gives: the layout and bytes of an Array, the identity of a DType, the
    value of anything else, or the error's type and message; with the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            got = call()
        except Exception as e:  # deliberate: every error must agree
            answer = ("raised", type(e), str(e))
        else:
            if isinstance(got, xt.Array):
                d = got._data
                answer = (type(d), d.dtype, d.shape, d.strides, d.flags.writeable, d.tobytes())
            else:
                answer = (type(got), id(got) if isinstance(got, xt.dtype) else got)
    return answer, [(w.category, str(w.message)) for w in caught]


def assert_paths_agree(fast_call, checked_call):
    outcome(fast_call)
    fast = outcome(fast_call)
    assert fast == outcome(checked_call)
    return fast


@SETTINGS
@given(st.sampled_from(DTYPES), SCALARS)
def test_scalar_type_call_is_asarray_of_the_scalar(name, value):
    dtype = getattr(xt, name)
    fast = assert_paths_agree(lambda: dtype(value), lambda: xt.asarray(value, dtype=dtype))
    python = python_of(type(dtype).__call__)  # the C twin's Python function
    assert_paths_agree(lambda: dtype(value), lambda: python(dtype, value))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = np.asarray(value, dtype=name)
    except (TypeError, ValueError, OverflowError):
        assert fast[0][0] == "raised"
        return
    assert fast[0][1:] == (want.dtype, (), (), True, want.tobytes())


def test_scalar_type_call_gives_a_fresh_writable_array():
    a, b = xt.float64(3.0), xt.float64(3.0)
    assert a is not b and a._data is not b._data
    a[()] = 5.0
    assert float(b) == 3.0 and float(a) == 5.0
    assert type(xt.int8(3)) is xt.Array and repr(xt.int8(3)) == "np.int8(3)"


@pytest.mark.parametrize("value", [300, -129, 1j, 2**64, float("nan")])
def test_scalar_type_call_refusals_keep_asarrays_message(value):
    fast = assert_paths_agree(lambda: xt.int8(value), lambda: xt.asarray(value, dtype=xt.int8))
    assert fast[0][0] == "raised" or fast[1]  # an error, or NumPy's cast warning (nan)


@SETTINGS
@given(st.sampled_from(DTYPES))
def test_dtype_constructor_reads_names_and_typecodes(name):
    np_dtype = np.dtype(name)
    for spelling in (name, np_dtype.str[1:], np_dtype.char, np_dtype.str):
        got = xt.dtype(spelling)
        assert got is xt.dtype(np_dtype)  # a NumPy dtype takes the checked path
        assert got == np.dtype(spelling)
    assert xt.dtype(getattr(xt, name)) is getattr(xt, name)


def test_dtype_constructor_errors_are_unchanged():
    with pytest.raises(TypeError, match="dtype: 'foo' is not a dtype"):
        xt.dtype("foo")
    with pytest.raises(TypeError, match="xtensor does not support NumPy dtype >f8"):
        xt.dtype(">f8")


@SETTINGS
@given(st.sampled_from(DTYPES))
def test_finfo_and_iinfo_match_numpy_and_are_kept(name):
    dtype, np_dtype = getattr(xt, name), np.dtype(name)
    if np_dtype.kind in "fc":
        info, want = xt.finfo(dtype), np.finfo(np_dtype)
        assert (info.eps, info.max, info.min, info.bits) == (
            want.eps,
            want.max,
            want.min,
            want.bits,
        )
        assert info is xt.finfo(dtype) and info == xt.finfo(np_dtype.type)
        assert info == xt.finfo(name)  # a string takes the checked path: an equal answer
        with pytest.raises(TypeError, match="iinfo: .* is not an integer dtype"):
            xt.iinfo(dtype)
    elif np_dtype.kind in "iu":
        info, want = xt.iinfo(dtype), np.iinfo(np_dtype)
        assert (info.min, info.max, info.bits, info.dtype) == (want.min, want.max, want.bits, dtype)
        assert info is xt.iinfo(dtype) and info == xt.iinfo(name)
        with pytest.raises(ValueError, match="finfo: .* is not a floating-point dtype"):
            xt.finfo(dtype)


OPERANDS = st.one_of(
    st.sampled_from(DTYPES).map(lambda n: ("dtype", n)),
    st.sampled_from(DTYPES).map(lambda n: ("array", n)),
    st.sampled_from([True, 1, 1.5, 1j]).map(lambda v: ("scalar", v)),
)


def _forms(operand):
    """(xtensor form, checked-path form, NumPy form) of one operand."""
    kind, v = operand
    if kind == "dtype":
        return getattr(xt, v), np.dtype(v), np.dtype(v)
    if kind == "array":
        data = np.zeros(3, v)
        return xt.asarray(data), data, data
    return v, v, v


@SETTINGS
@given(OPERANDS, OPERANDS)
def test_result_type_of_two_matches_numpy(x, y):
    (fx, cx, nx), (fy, cy, ny) = _forms(x), _forms(y)
    fast = assert_paths_agree(lambda: xt.result_type(fx, fy), lambda: xt.result_type(cx, cy))
    assert fast[0][0] is xt.dtype
    assert xt.result_type(fx, fy) == np.result_type(nx, ny)


@SETTINGS
@given(st.sampled_from(DTYPES), st.sampled_from(DTYPES), st.booleans())
def test_can_cast_and_promote_types_match_numpy(a, b, as_array):
    fa = xt.zeros(2, dtype=getattr(xt, a)) if as_array else getattr(xt, a)
    fb = getattr(xt, b)
    got = assert_paths_agree(lambda: xt.can_cast(fa, fb), lambda: xt.can_cast(np.dtype(a), b))
    assert got[0] == (bool, np.can_cast(a, b))
    got = assert_paths_agree(
        lambda: xt.promote_types(getattr(xt, a), fb), lambda: xt.promote_types(a, b)
    )
    assert xt.promote_types(getattr(xt, a), fb) == np.promote_types(a, b)


ABSTRACT = [np.generic, np.number, np.integer, np.signedinteger, np.unsignedinteger]
ABSTRACT += [np.inexact, np.floating, np.complexfloating, np.bool_, np.float64, np.int32, float]


@SETTINGS
@given(st.sampled_from(DTYPES), st.sampled_from(ABSTRACT))
def test_issubdtype_matches_numpy(name, kind):
    dtype = getattr(xt, name)
    got = assert_paths_agree(lambda: xt.issubdtype(dtype, kind), lambda: xt.issubdtype(name, kind))
    assert got[0] == (bool, np.issubdtype(name, kind))


@SETTINGS
@given(
    st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70),
        st.sampled_from(
            [0, -1, 255, 256, -128, -129, 2**63, 2**64 - 1, 2**64, -(2**63), -(2**63) - 1]
        ),
    )
)
def test_min_scalar_type_of_an_int_matches_numpy(value):
    got, want = xt.min_scalar_type(value), np.min_scalar_type(value)
    assert got == want and got is xt.dtype(want)


@SETTINGS
@given(st.lists(st.sampled_from([n for n in DTYPES if n != "bool"]), max_size=3))
def test_common_type_matches_numpy(names):
    arrays_ = [xt.zeros(2, dtype=getattr(xt, n)) for n in names]
    got = assert_paths_agree(
        lambda: xt.common_type(*arrays_), lambda: xt.common_type(*(a._data for a in arrays_))
    )
    assert got[0][1] == id(xt.dtype(np.common_type(*(np.zeros(2, n) for n in names))))


def test_common_type_of_bool_still_raises():
    with pytest.raises(TypeError, match="common_type: "):
        xt.common_type(xt.zeros(2, dtype=xt.bool))


@SETTINGS
@given(
    st.one_of(
        SCALARS,
        st.text(max_size=3),
        st.binary(max_size=3),
        st.none(),
        st.sampled_from(DTYPES).flatmap(lambda n: arrays(n)),
        st.sampled_from(DTYPES).map(lambda n: np.zeros((), n)[()]),
    )
)
def test_isscalar_matches_numpy(value):
    assert xt.isscalar(value) is np.isscalar(value)
    if isinstance(value, np.ndarray):
        assert xt.isscalar(xt.asarray(value)) is False


def test_first_branches_run():
    xt.finfo(xt.float32), xt.iinfo(xt.int16)
    assert _data_types._FINFOS["float32"] is xt.finfo(xt.float32)
    assert _data_types._IINFOS["int16"] is xt.iinfo(xt.int16)
    a = xt.zeros(3, dtype=xt.int8)
    assert xt.result_type(a, 1) is xt.int8
    assert _data_types._RESULT_TYPES["int8", int] is xt.int8
    assert xt.can_cast(xt.int8, xt.int16) is True
    assert _data_types._SAFE_CASTS["int8", "int16"] is True
    assert xt.promote_types(xt.int8, xt.uint8) is xt.int16
    assert _numpy_types._PROMOTED["int8", "uint8"] is xt.int16
