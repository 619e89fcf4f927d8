"""Dtypes, promotion and the data type functions, with NumPy 2 as the oracle.

Promotion is checked exhaustively over the standard's 13 dtypes and NumPy's float16: all 196
dtype pairs, every dtype with each kind of Python scalar, and every triple of dtypes in every
order, against `numpy.result_type`. The standard's
own promotion table is written out below independently of xtensor's lattice.
"""

from __future__ import annotations

import builtins
import copy
import itertools
import pickle
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same

NAMES = ALL_DTYPES + ("float16",)  # every dtype xtensor has: the standard's and NumPy's float16
DTYPES = [getattr(xt, name) for name in NAMES]
PAIRS = list(itertools.product(NAMES, repeat=2))
SCALARS = [True, 1, -3, 1.5, 2j]

# --- the standard's promotion table, written from the spec's rules, not from xtensor ------
SIGNED = ["int8", "int16", "int32", "int64"]
UNSIGNED = ["uint8", "uint16", "uint32", "uint64"]


def _standard_table() -> dict:
    """(a, b) -> result for the pairs the standard specifies (same kind, plus mixed sign
    when a signed type wide enough exists)."""
    table = {("bool", "bool"): "bool"}
    for family in (SIGNED, UNSIGNED, ["float32", "float64"], ["complex64", "complex128"]):
        for a, b in itertools.product(family, repeat=2):
            table[a, b] = max(a, b, key=family.index)
    for u, i in itertools.product(UNSIGNED, SIGNED):
        width = max(2 * int(u[4:]), int(i[3:]))
        if width <= 64:
            table[u, i] = table[i, u] = f"int{width}"
    for f, c in itertools.product(["float32", "float64"], ["complex64", "complex128"]):
        wide = f == "float64" or c == "complex128"
        table[f, c] = table[c, f] = "complex128" if wide else "complex64"
    return table


STANDARD = _standard_table()


def test_standard_table_is_what_the_spec_says():
    # Spot checks of the hand-derived table itself, so a slip there cannot hide.
    assert STANDARD["uint8", "int8"] == "int16"
    assert STANDARD["uint32", "int64"] == "int64"
    assert ("uint64", "int64") not in STANDARD
    assert STANDARD["float64", "complex64"] == "complex128"
    assert STANDARD["float32", "complex64"] == "complex64"
    assert len(STANDARD) == 1 + 16 + 16 + 4 + 4 + 2 * 12 + 2 * 4


# --- DType objects ---------------------------------------------------------------------------


def _numpy_spellings() -> list:
    """Everything NumPy reads as a dtype, built from NumPy itself: each name and type of
    `sctypeDict`, each dtype's char, name and str in every byte order, the dtype objects, and
    Python's types. Non-standard dtypes (float16, strings, object...) are in the pool too."""
    pool = [bool, int, float, complex, str, bytes, object]
    for key, scalar_type in np.sctypeDict.items():
        d = np.dtype(scalar_type)
        pool += [key, scalar_type, d, d.char, d.name, d.str, d.str[1:], d.newbyteorder()]
        pool += [order + d.str[1:] for order in "<>=|"]
    unique = {(type(s), repr(s)): s for s in pool}
    return list(unique.values())


SPELLINGS = _numpy_spellings()
UNRELATED = [None, 3, 1.5, "", "float64 ", "nonsense", [1], {}, (np.float64, (2,)), object()]


def test_spelling_pool_is_broad():
    # The pool must hold the spellings scripts write, or the comparisons below prove little.
    for s in ("f8", "<f8", "=f8", "d", "float64", "double", float, np.float64, np.dtype("f8")):
        assert any(type(s) is type(p) and s == p for p in SPELLINGS), s
    assert len(SPELLINGS) > 200


@pytest.mark.parametrize("name", NAMES)
def test_dtype_compares_with_every_numpy_spelling_as_numpy_does(name):
    d, oracle = getattr(xt, name), np.dtype(name)
    equal = 0
    for s in SPELLINGS:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # NumPy's, for 'a'
            want = builtins.bool(oracle == s)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no warning from any comparison
            assert (d == s) is want, s
            assert (d != s) is (not want), s
            assert builtins.bool(s == d) is want, s  # reflected, or NumPy's own dtype.__eq__
            assert builtins.bool(s != d) is (not want), s
        equal += want
    assert equal >= 8  # name, char, str in 3 byte orders, type, dtype... at least


def test_python_types_are_numpy_defaults():
    # Comparing a dtype with Python's types is the point here (ruff's E721 assumes types).
    assert xt.float64 == float and xt.int64 == int and xt.bool == bool  # noqa: E721
    assert xt.complex128 == complex and xt.float32 != float and xt.int32 != int  # noqa: E721


@pytest.mark.parametrize("name", NAMES)
def test_dtype_is_unequal_to_unrelated_objects_without_warnings(name):
    d = getattr(xt, name)
    values = [np.ones(1, dtype=name)[0], xt.ones(1, dtype=d)[0], xt.Array]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for other in UNRELATED + values:
            assert (d == other) is False and (d != other) is True, other
        for array in (xt.ones(2, dtype=d), np.ones(2, dtype=name)):  # elementwise, as NumPy's
            assert type(d == array) is type(array) and not (d == array).any(), array
            assert (d != array).all() and not (array == d).any(), array


def test_none_is_not_float64_unlike_numpy():
    # The departure (Note [DType equality]): NumPy reads None as float64, where a lookup's
    # miss (`table.get(key) == dtype`) would then find float64, as the conformance suite reads.
    assert np.dtype("float64") == None  # noqa: E711 (the comparison under test)
    for d in DTYPES:
        assert (d == None) is False and (None == d) is False and (d != None) is True  # noqa: E711


def test_dtypes_are_distinct_singletons():
    for a, b in itertools.product(DTYPES, repeat=2):
        assert (a == b) is (a is b)
        assert (a != b) is (a is not b)
    assert len({hash(d) for d in DTYPES}) == 14


@pytest.mark.parametrize("name", NAMES)
def test_dtype_hashes_as_numpy_dtype(name):
    d = getattr(xt, name)
    assert hash(d) == hash(np.dtype(name))
    assert {np.dtype(name): 1}[d] == 1 and d in {np.dtype(name)}
    assert {d: 1}[getattr(xt, name)] == 1


NUMPY_ATTRIBUTES = [
    "kind", "name", "type", "char", "str", "itemsize", "alignment", "byteorder", "num", "descr",
    "flags", "isbuiltin", "isnative", "isalignedstruct", "hasobject", "fields", "names",
    "subdtype", "shape", "ndim", "metadata",
]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_dtype_attributes_match_numpy(name):
    d, want = getattr(xt, name), np.dtype(name)
    for attr in NUMPY_ATTRIBUTES:
        assert getattr(d, attr) == getattr(want, attr), attr
        assert type(getattr(d, attr)) is type(getattr(want, attr)), attr
    assert d.type is want.type and d.base is d
    public = {a for a in dir(want) if not a.startswith("_")}
    assert public <= set(dir(d))  # (newbyteorder: native orders only)


@pytest.mark.parametrize("name", NAMES)
def test_dtype_repr_pickle_and_numpy_interop(name):
    d = getattr(xt, name)
    assert repr(d) == repr(np.dtype(name)) and str(d) == str(np.dtype(name))
    assert pickle.loads(pickle.dumps(d)) is d
    assert copy.deepcopy(d) is d and copy.copy(d) is d
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.dtype(d) is np.dtype(name)
        assert np.zeros(2, dtype=d).dtype == np.dtype(name)
        assert np.issubdtype(d, np.dtype(name).type)


def test_dtype_called_like_a_numpy_type():
    assert_same(xt.float32(1.5), np.float32(1.5))
    assert_same(xt.int8(-3), np.asarray(-3, dtype=np.int8))


# --- result_type ----------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", PAIRS)
def test_result_type_pairs_match_numpy(a, b):
    want = np.result_type(a, b)
    assert xt.result_type(getattr(xt, a), getattr(xt, b)).numpy == want
    arrays_ = (xt.empty(1, dtype=getattr(xt, a)), xt.empty(0, dtype=getattr(xt, b)))
    assert xt.result_type(*arrays_).numpy == want
    if (a, b) in STANDARD:
        assert xt.result_type(getattr(xt, a), getattr(xt, b)).name == STANDARD[a, b]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("scalar", SCALARS, ids=lambda s: type(s).__name__ + repr(s))
def test_result_type_with_python_scalars_matches_numpy(name, scalar):
    want = np.result_type(np.empty(1, dtype=name), scalar)
    x = xt.empty(1, dtype=getattr(xt, name))
    assert xt.result_type(x, scalar).numpy == want
    assert xt.result_type(scalar, getattr(xt, name)).numpy == want


def test_result_type_triples_in_every_order_match_numpy():
    # Cross-kind promotion is not associative; the result must still not depend on order.
    for names in itertools.product(NAMES, repeat=3):
        got = xt.result_type(*(getattr(xt, n) for n in names))
        assert got.numpy == np.result_type(*names), names


def test_result_type_scalars_only_and_mixed():
    assert xt.result_type(1, 2.0) is xt.float64
    assert xt.result_type(True) is xt.bool
    assert xt.result_type(xt.int8, xt.uint16, 1.0) is xt.float64
    assert xt.result_type(xt.float32, 1j, 1) is xt.complex64
    assert xt.result_type(np.float32) is xt.float32  # NumPy types are accepted, strong
    assert xt.result_type(np.ones(2, np.int16), 1) is xt.int16


@pytest.mark.parametrize("a, b", PAIRS[::5])
def test_result_type_takes_numpy_spellings(a, b):
    da, db = np.dtype(a), np.dtype(b)
    for sa, sb in [(da.char, db.str), (da.type, db), (a, db.type)]:
        got = xt.result_type(sa, sb, 1)
        assert got is getattr(xt, np.result_type(sa, sb, 1).name), (sa, sb)


def test_result_type_errors():
    with pytest.raises(ValueError, match="result_type: at least one"):
        xt.result_type()
    with pytest.raises(TypeError, match="result_type: .*datetime64"):
        xt.result_type(xt.int8, np.datetime64)
    with pytest.raises(TypeError, match="result_type: the argument must be an array or a"):
        xt.result_type(xt.int8, "not a dtype")


# --- can_cast -------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", PAIRS)
def test_can_cast_matches_numpy_safe_casting(a, b):
    got = xt.can_cast(getattr(xt, a), getattr(xt, b))
    assert got is np.can_cast(a, b, casting="safe")
    assert xt.can_cast(xt.empty(2, dtype=getattr(xt, a)), getattr(xt, b)) is got


CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]


@pytest.mark.parametrize("casting", CASTINGS)
def test_can_cast_rules_and_spellings_match_numpy(casting):
    for a, b in PAIRS:
        want = np.can_cast(a, b, casting=casting)
        assert xt.can_cast(getattr(xt, a), getattr(xt, b), casting=casting) is want, (a, b)
        assert xt.can_cast(np.dtype(a).char, np.dtype(b).type, casting=casting) is want


def test_can_cast_follows_the_standard_table():
    for (a, _other), result in STANDARD.items():
        assert xt.can_cast(getattr(xt, a), getattr(xt, result)), (a, result)
    # Within a kind, anything the table does not reach is refused (no narrowing).
    for family in (SIGNED, UNSIGNED, ["float32", "float64"], ["complex64", "complex128"]):
        for a, b in itertools.product(family, repeat=2):
            reachable = any(r == b for (x, _), r in STANDARD.items() if x == a)
            assert xt.can_cast(getattr(xt, a), getattr(xt, b)) is reachable, (a, b)


def test_can_cast_errors():
    with pytest.raises(TypeError, match="can_cast: to must be a dtype, not an array"):
        xt.can_cast(xt.int8, xt.empty(1))
    with pytest.raises(TypeError, match="can_cast: from_ must be an array or a dtype"):
        xt.can_cast([1, 2], xt.int8)
    with pytest.raises(TypeError, match="can_cast: from_ must be an array or a dtype"):
        xt.can_cast(1, xt.int8)  # Python scalars have no fixed dtype (NumPy raises too)
    with pytest.raises(ValueError, match="can_cast: casting must be one of"):
        xt.can_cast(xt.int8, xt.int16, casting="bogus")
    with pytest.raises(ValueError):
        np.can_cast(np.int8, np.int16, casting="bogus")


# --- isdtype --------------------------------------------------------------------------------

KINDS = [
    "bool",
    "signed integer",
    "unsigned integer",
    "integral",
    "real floating",
    "complex floating",
    "numeric",
]


@pytest.mark.parametrize("name", NAMES)
def test_isdtype_every_kind_matches_numpy(name):
    d = getattr(xt, name)
    for kind in KINDS:
        assert xt.isdtype(d, kind) is np.isdtype(np.dtype(name), kind), kind
    for other in DTYPES:
        assert xt.isdtype(d, other) is (d is other)
    for pair in itertools.combinations(KINDS + [xt.float32], 2):
        np_pair = tuple(np.float32 if k is xt.float32 else k for k in pair)
        assert xt.isdtype(d, pair) is np.isdtype(np.dtype(name), np_pair), pair


@pytest.mark.parametrize("name", NAMES)
def test_isdtype_takes_numpy_dtypes_and_types_as_numpy_does(name):
    np_forms = [np.dtype(name), np.dtype(name).type]
    kinds = KINDS + [np.dtype(n) for n in NAMES] + [np.dtype(n).type for n in NAMES]
    kinds += [np.float16, ("bool", np.float32), (np.int8, np.dtype("uint8"))]
    for dtype, kind in itertools.product(np_forms, kinds):
        assert xt.isdtype(dtype, kind) is np.isdtype(dtype, kind), (dtype, kind)
        assert xt.isdtype(getattr(xt, name), kind) is np.isdtype(dtype, kind), kind


def test_isdtype_errors():
    with pytest.raises(ValueError, match="isdtype: unknown kind 'integer'"):
        xt.isdtype(xt.int8, "integer")
    with pytest.raises(TypeError, match="isdtype: kind must be a dtype"):
        xt.isdtype(xt.int8, 3)
    with pytest.raises(TypeError, match="isdtype: dtype must be an xtensor dtype"):
        xt.isdtype("int8", "integral")
    for spelling in ("int8", int):  # NumPy refuses strings and Python types here as well
        with pytest.raises(TypeError):
            np.isdtype(spelling, "integral")
        with pytest.raises(TypeError, match="isdtype: dtype must be"):
            xt.isdtype(spelling, "integral")
    with pytest.raises(TypeError, match="isdtype: kind must be"):
        xt.isdtype(xt.int8, float)
    # NumPy's host-only dtypes are dtypes, of no standard kind (NumPy's answer too)
    assert xt.isdtype(np.datetime64, "integral") is np.isdtype(np.dtype("M8"), "integral")


# --- finfo / iinfo --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["float16", "float32", "float64", "complex64", "complex128"])
def test_finfo_fields_match_numpy(name):
    want = np.finfo(np.dtype(name))
    for arg in (getattr(xt, name), xt.ones(3, dtype=getattr(xt, name)), np.dtype(name)):
        info = xt.finfo(arg)
        assert info.dtype is xt._core.dtypes.real_dtype(getattr(xt, name))
        assert type(info.bits) is int and info.bits == want.bits
        for field in ("eps", "max", "min", "smallest_normal", "tiny", "resolution"):
            value = getattr(info, field)
            assert isinstance(value, float) and value == float(getattr(want, field)), field
            assert str(value) == str(getattr(want, field)), field  # printed as NumPy's scalar
        assert info.precision == want.precision


@pytest.mark.parametrize("name", ALL_DTYPES[1:9])
def test_iinfo_fields_match_numpy(name):
    want = np.iinfo(np.dtype(name))
    for arg in (getattr(xt, name), xt.ones(3, dtype=getattr(xt, name))):
        info = xt.iinfo(arg)
        assert info.dtype is getattr(xt, name)
        assert (info.bits, info.min, info.max) == (want.bits, want.min, want.max)
        assert all(type(v) is int for v in (info.bits, info.min, info.max))


FINFO_SPELLINGS = ["f4", "d", "float32", "<f8", np.float32, np.dtype("c8"), float, complex]
FINFO_SPELLINGS += [1.0, 1j, np.float32(2), np.complex128(1j), "e", "f2", "half", np.float16]
IINFO_SPELLINGS = ["i2", "B", "uint32", "=i8", np.int16, np.dtype("u8"), int, 7, np.int8(3)]


@pytest.mark.parametrize("spelling", FINFO_SPELLINGS, ids=repr)
def test_finfo_takes_numpy_spellings(spelling):
    want = np.finfo(spelling)
    info = xt.finfo(spelling)
    assert info.dtype == want.dtype and info.dtype is getattr(xt, want.dtype.name)
    assert (info.eps, info.max, info.bits) == (float(want.eps), float(want.max), want.bits)


@pytest.mark.parametrize("spelling", IINFO_SPELLINGS, ids=repr)
def test_iinfo_takes_numpy_spellings(spelling):
    want = np.iinfo(spelling)
    info = xt.iinfo(spelling)
    assert info.dtype is getattr(xt, want.dtype.name)
    assert (info.min, info.max, info.bits) == (want.min, want.max, want.bits)


def test_finfo_iinfo_of_unsupported_or_non_dtypes():
    with pytest.raises(TypeError, match="finfo: .*datetime64"):
        xt.finfo(np.datetime64)
    for exc in (TypeError, ValueError):  # the standard's family, and NumPy's
        with pytest.raises(exc, match="finfo: type must be an array or a dtype"):
            xt.finfo("nonsense")
        with pytest.raises(exc, match="iinfo: type must be an array or a dtype"):
            xt.iinfo("nonsense")
    with pytest.raises(ValueError):
        np.finfo("nonsense")
    with pytest.raises(ValueError, match="iinfo: bool is not an integer dtype"):
        xt.iinfo(True)  # a Python bool means its type, as in NumPy
    with pytest.raises(ValueError):
        np.iinfo(True)


@pytest.mark.parametrize("exc", [TypeError, ValueError])  # the standard's, and NumPy's
def test_finfo_iinfo_wrong_category(exc):
    with pytest.raises(exc, match="finfo: int32 is not a floating-point dtype"):
        xt.finfo(xt.int32)
    with pytest.raises(exc, match="finfo: bool is not a floating-point dtype"):
        xt.finfo(xt.bool)
    with pytest.raises(exc, match="iinfo: float32 is not an integer dtype"):
        xt.iinfo(xt.float32)


# --- astype ---------------------------------------------------------------------------------

CASTS = [(a, b) for a, b in PAIRS if not (a.startswith("complex") and not b.startswith("complex"))]


@given(
    st.sampled_from(CASTS).flatmap(
        lambda pair: st.tuples(arrays(pair[0], finite=True), st.just(pair[1]))
    )
)
def test_astype_matches_numpy(case):
    src, name = case
    with np.errstate(all="ignore"):
        want = src.astype(name)
    got = xt.astype(xt.asarray(src), getattr(xt, name))
    if src.dtype.kind == "f" and np.dtype(name).kind in "iu":
        # Out-of-range float -> int is implementation-defined: compare in-range elements.
        info = np.iinfo(name)
        ok = (src >= info.min) & (src <= info.max)
        np.testing.assert_array_equal(np.asarray(got)[ok], want[ok])
        assert np.asarray(got).dtype == want.dtype
    else:
        assert_same(got, want)


def test_astype_copy_semantics():
    base = np.arange(6.0)
    x = xt.asarray(base)
    assert xt.astype(x, xt.float64, copy=False) is x
    fresh = xt.astype(x, xt.float64)
    assert fresh is not x and not np.shares_memory(np.asarray(fresh), base)
    converted = xt.astype(x, xt.float32, copy=False)
    assert converted.dtype is xt.float32 and not np.shares_memory(np.asarray(converted), base)
    assert xt.astype(x, xt.int32, device="cpu").device == "cpu"


def test_astype_errors():
    z = xt.asarray([1 + 2j])
    with pytest.raises(TypeError, match="astype: casting complex complex128 to float64"):
        xt.astype(z, xt.float64)
    with pytest.raises(TypeError, match="astype: x must be an xtensor array"):
        xt.astype(np.ones(2), xt.float32)
    # NumPy's host-only dtypes are cast targets as in NumPy (a generic-unit datetime here)
    assert xt.astype(xt.ones(2), np.datetime64).dtype == np.ones(2).astype(np.datetime64).dtype
    with pytest.raises(ValueError, match="is not a device"):
        xt.astype(xt.ones(2), xt.float32, device="tpu")
