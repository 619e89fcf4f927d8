"""Everyday NumPy scripts' dtype calls, NumPy 2 as the oracle: complex cast to text or objects,
`can_cast`'s positional `casting`, finfo/iinfo printed and their NumPy attributes, structured
dtype fields, `newbyteorder`, the dtype ordering, and the class of a text-to-bytes refusal.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import xtensor as xt
from tests.oracle import ALL_DTYPES

NAMES = ALL_DTYPES + ("float16",)
COMPLEX = [1 + 2j, -0.5j, 0j]


# --- astype of complex ------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
@pytest.mark.parametrize("target", [str, object, "S", "U", bytes, "bool"])
@pytest.mark.parametrize("how", ["function", "method"])
def test_complex_casts_to_text_objects_and_bool_as_numpy(dtype, target, how):
    want = np.array(COMPLEX, dtype=dtype).astype(target)
    x = xt.asarray(COMPLEX, dtype=dtype)
    for _ in range(2):  # the second call may take a small table's first branch
        got = xt.astype(x, target) if how == "function" else x.astype(target)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(np.asarray(got._data), want)


@pytest.mark.parametrize("target", ["float64", "float32", "int32", "uint8", np.longdouble])
@pytest.mark.parametrize("how", ["function", "method"])
def test_complex_to_real_numeric_is_still_refused(target, how):
    x = xt.asarray(COMPLEX)
    with pytest.raises(TypeError, match="astype: casting complex complex128 .* imaginary"):
        xt.astype(x, target) if how == "function" else x.astype(target)


@pytest.mark.parametrize("how", ["function", "method"])
def test_non_ascii_text_to_bytes_raises_numpys_unicode_error(how):
    with pytest.raises(UnicodeEncodeError) as want:
        np.array(["é"]).astype("S")
    x = xt.asarray(np.array(["é"]))
    with pytest.raises(UnicodeEncodeError) as got:
        xt.astype(x, "S") if how == "function" else x.astype("S")
    assert str(got.value) == str(want.value)


# --- can_cast ---------------------------------------------------------------------------------


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_can_cast_takes_casting_third_as_numpy(casting):
    for a, b in itertools.product(NAMES, repeat=2):
        want = np.can_cast(np.dtype(a), np.dtype(b), casting)
        assert xt.can_cast(getattr(xt, a), getattr(xt, b), casting) is want, (a, b)
        assert xt.can_cast(getattr(np, a), getattr(np, b), casting) is want, (a, b)


def test_can_cast_positional_casting_is_checked():
    assert xt.can_cast(xt.int64, xt.float64) is True  # the standard's two arguments
    with pytest.raises(ValueError, match="can_cast: casting must be one of"):
        xt.can_cast(xt.int64, xt.float64, "sometimes")


# --- finfo and iinfo --------------------------------------------------------------------------

FLOATS = ["float16", "float32", "float64", "complex64", "complex128"]
FINFO_FLOATS = (
    "eps", "epsneg", "max", "min", "resolution", "smallest_normal", "smallest_subnormal", "tiny",
)  # fmt: skip
FINFO_INTS = ("bits", "iexp", "machep", "maxexp", "minexp", "negep", "nexp", "nmant", "precision")


@pytest.mark.parametrize("name", FLOATS)
def test_finfo_prints_and_reprs_as_numpy(name):
    for spelling in (getattr(xt, name), getattr(np, name), name):
        got = xt.finfo(spelling)
        assert str(got) == str(np.finfo(name))
        assert repr(got) == repr(np.finfo(name))


@pytest.mark.parametrize("name", FLOATS)
def test_finfo_has_numpys_attributes_as_python_numbers(name):
    got, want = xt.finfo(getattr(xt, name)), np.finfo(name)
    for attr in FINFO_FLOATS:
        value, numpys = getattr(got, attr), getattr(want, attr)
        assert isinstance(value, float), attr  # the standard's; printed as NumPy's scalar
        assert value == float(numpys), attr
        assert (str(value), repr(value), f"{value}") == (str(numpys), repr(numpys), f"{numpys}")
    for attr in FINFO_INTS:
        value = getattr(got, attr)
        assert type(value) is int, attr
        assert value == getattr(want, attr), attr
    assert got.dtype is getattr(xt, np.dtype(want.dtype).name)  # the standard's: a real dtype


def test_finfo_of_long_double_keeps_numpys_scalars():
    got, want = xt.finfo(np.longdouble), np.finfo(np.longdouble)
    assert got.smallest_subnormal == want.smallest_subnormal > 0  # 0.0 as a Python float
    assert repr(got) == repr(want)


@pytest.mark.parametrize("name", [n for n in NAMES if n[0] in "iu"])
def test_iinfo_prints_reprs_and_keys_as_numpy(name):
    got, want = xt.iinfo(getattr(xt, name)), np.iinfo(name)
    assert str(got) == str(want)
    assert repr(got) == repr(want)
    assert (got.kind, got.key) == (want.kind, want.key)
    assert (got.bits, got.min, got.max) == (want.bits, want.min, want.max)
    assert type(got.min) is int and type(got.max) is int and type(got.bits) is int
    assert got.dtype is getattr(xt, name)


# --- the dtype object: fields, byte order, ordering -------------------------------------------

RECORD = [("name", "U10"), ("qty", "i4"), ("price", "f8")]


@pytest.mark.parametrize("key", ["qty", "name", "price", 0, 1, -1, ["price", "name"]])
def test_structured_dtype_fields_as_numpy(key):
    got, want = xt.dtype(RECORD)[key], np.dtype(RECORD)[key]
    assert type(got) is xt.dtype
    assert got == want and str(got) == str(want)


def test_dtype_len_bool_and_missing_fields_as_numpy():
    assert len(xt.dtype(RECORD)) == len(np.dtype(RECORD)) == 3
    assert len(xt.float32) == len(np.dtype("f4")) == 0
    assert bool(xt.float32) is bool(np.dtype("f4")) is True  # no fields, still true
    for dt, key, error in [
        (RECORD, "missing", KeyError),
        (RECORD, 7, IndexError),
        ("f4", "x", KeyError),
        ("f4", 0, KeyError),
    ]:
        with pytest.raises(error) as want:
            np.dtype(dt)[key]
        with pytest.raises(error) as got:
            xt.dtype(dt)[key]
        assert str(got.value) == str(want.value)


def test_dtype_is_not_iterable_and_numpy_reads_it_as_one_object():
    with pytest.raises(TypeError, match="not iterable"):
        iter(np.dtype("f4"))
    with pytest.raises(TypeError, match="not iterable"):
        iter(xt.float32)
    got, want = np.asarray(xt.float32), np.asarray(np.dtype("f4"))
    assert (got.shape, got.dtype, got[()]) == (want.shape, want.dtype, want[()])
    got = np.array([xt.float32, xt.int8])
    assert got.shape == (2,) and got.dtype == object and list(got) == [xt.float32, xt.int8]


@pytest.mark.parametrize("name", ["float32", "int64", "uint8", "bool", "complex64"])
@pytest.mark.parametrize("order", ["=", "<", "|", "L", "N", "I"])
def test_newbyteorder_to_native_as_numpy(name, order):
    want = np.dtype(name).newbyteorder(order)
    if not want.isnative:
        pytest.skip("byte-swapped on this machine: covered below")
    assert getattr(xt, name).newbyteorder(order) is getattr(xt, want.name)


@pytest.mark.parametrize("order", ["S", ">" if np.little_endian else "<", "swap"])
def test_newbyteorder_to_swapped_is_numpys_dtype_for_the_readers(order):
    swapped = np.dtype("f4").newbyteorder(order)
    assert not swapped.isnative
    with pytest.raises(TypeError, match="xtensor does not support NumPy dtype"):
        xt.dtype(swapped)  # the swapped dtype itself: xtensor's dtypes are native
    assert xt.float32.newbyteorder(order) == swapped  # NumPy's, as `frombuffer` reads it
    data = np.arange(3, dtype=swapped).tobytes()
    assert xt.frombuffer(data, dtype=xt.float32.newbyteorder(order)).tolist() == [0.0, 1.0, 2.0]
    assert xt.uint8.newbyteorder(order) is xt.uint8  # one byte: no order to swap
    with pytest.raises(ValueError):
        np.dtype("f4").newbyteorder("x")
    with pytest.raises(ValueError):
        xt.float32.newbyteorder("x")


def test_dtype_ordering_is_numpys_safe_casting():
    for a, b in itertools.product(NAMES, repeat=2):
        na, nb = np.dtype(a), np.dtype(b)
        xa, xb = getattr(xt, a), getattr(xt, b)
        for spelled in (xb, nb, b, getattr(np, b)):
            assert (xa < spelled) is (na < nb), (a, b)
            assert (xa <= spelled) is (na <= nb), (a, b)
            assert (xa > spelled) is (na > nb), (a, b)
            assert (xa >= spelled) is (na >= nb), (a, b)
        assert (nb < xa) is (nb < na), (a, b)  # NumPy's dtype reads ours through `.dtype`


def test_dtype_ordering_with_text_and_non_dtypes_as_numpy():
    assert (xt.dtype("U3") < xt.dtype("U5")) is (np.dtype("U3") < np.dtype("U5")) is True
    assert (xt.int64 < np.dtype("U5")) is (np.dtype("i8") < np.dtype("U5"))
    for other in (3, "not a dtype", [1]):
        with pytest.raises(TypeError):
            assert np.dtype("f4") < other
        with pytest.raises(TypeError):
            assert xt.float32 < other
    with pytest.raises(TypeError):  # None is no dtype here, as for == (Note [DType equality])
        assert xt.float32 < None
