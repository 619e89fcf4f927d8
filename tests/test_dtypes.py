"""Dtypes, promotion and the data type functions, with NumPy 2 as the oracle.

Promotion is checked exhaustively: all 169 dtype pairs, every dtype with each kind of Python
scalar, and every triple of dtypes in every order, against `numpy.result_type`. The standard's
own promotion table is written out below independently of xtensor's lattice.
"""

from __future__ import annotations

import copy
import itertools
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same

DTYPES = [getattr(xt, name) for name in ALL_DTYPES]
PAIRS = list(itertools.product(ALL_DTYPES, repeat=2))
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


# --- DType objects --------------------------------------------------------------------------


def test_dtypes_equal_only_themselves():
    for a, b in itertools.product(DTYPES, repeat=2):
        assert (a == b) is (a is b)
        assert (a != b) is (a is not b)
    assert len({hash(d) for d in DTYPES}) == 13
    assert xt.float32 != "float32"
    assert xt.float64 != float  # noqa: E721 (comparing with the type itself is the point)


@pytest.mark.parametrize("other", [np.float32, np.dtype("float32"), np.int64])
def test_comparing_with_numpy_dtypes_warns(other):
    with pytest.warns(xt._core.dtypes.DTypeComparisonWarning, match="always False"):
        assert xt.float32 != other


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_dtype_repr_pickle_and_numpy_interop(name):
    d = getattr(xt, name)
    assert repr(d) == f"xtensor.{name}" and str(d) == repr(d)
    assert pickle.loads(pickle.dumps(d)) is d
    assert copy.deepcopy(d) is d
    assert np.dtype(d) == np.dtype(name)
    assert np.zeros(2, dtype=d).dtype == np.dtype(name)
    assert {d: 1}[getattr(xt, name)] == 1


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


@pytest.mark.parametrize("name", ALL_DTYPES)
@pytest.mark.parametrize("scalar", SCALARS, ids=lambda s: type(s).__name__ + repr(s))
def test_result_type_with_python_scalars_matches_numpy(name, scalar):
    want = np.result_type(np.empty(1, dtype=name), scalar)
    assert want != np.float16  # NumPy's weak scalars never reach float16 here
    x = xt.empty(1, dtype=getattr(xt, name))
    assert xt.result_type(x, scalar).numpy == want
    assert xt.result_type(scalar, getattr(xt, name)).numpy == want


def test_result_type_triples_in_every_order_match_numpy():
    # Cross-kind promotion is not associative; the result must still not depend on order.
    for names in itertools.product(ALL_DTYPES, repeat=3):
        got = xt.result_type(*(getattr(xt, n) for n in names))
        assert got.numpy == np.result_type(*names), names


def test_result_type_scalars_only_and_mixed():
    assert xt.result_type(1, 2.0) is xt.float64
    assert xt.result_type(True) is xt.bool
    assert xt.result_type(xt.int8, xt.uint16, 1.0) is xt.float64
    assert xt.result_type(xt.float32, 1j, 1) is xt.complex64
    assert xt.result_type(np.float32) is xt.float32  # NumPy types are accepted, strong
    assert xt.result_type(np.ones(2, np.int16), 1) is xt.int16


def test_result_type_errors():
    with pytest.raises(ValueError, match="result_type: at least one"):
        xt.result_type()
    with pytest.raises(TypeError, match="result_type: .*float16"):
        xt.result_type(xt.int8, np.float16)
    with pytest.raises(TypeError, match="result_type: the argument must be an array or a"):
        xt.result_type(xt.int8, "not a dtype")


# --- can_cast -------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", PAIRS)
def test_can_cast_matches_numpy_safe_casting(a, b):
    got = xt.can_cast(getattr(xt, a), getattr(xt, b))
    assert got is np.can_cast(a, b, casting="safe")
    assert xt.can_cast(xt.empty(2, dtype=getattr(xt, a)), getattr(xt, b)) is got


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


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_isdtype_every_kind_matches_numpy(name):
    d = getattr(xt, name)
    for kind in KINDS:
        assert xt.isdtype(d, kind) is np.isdtype(np.dtype(name), kind), kind
    for other in DTYPES:
        assert xt.isdtype(d, other) is (d is other)
    for pair in itertools.combinations(KINDS + [xt.float32], 2):
        np_pair = tuple(np.float32 if k is xt.float32 else k for k in pair)
        assert xt.isdtype(d, pair) is np.isdtype(np.dtype(name), np_pair), pair


def test_isdtype_errors():
    with pytest.raises(ValueError, match="isdtype: unknown kind 'integer'"):
        xt.isdtype(xt.int8, "integer")
    with pytest.raises(TypeError, match="isdtype: kind must be a dtype"):
        xt.isdtype(xt.int8, 3)
    with pytest.raises(TypeError, match="isdtype: dtype must be an xtensor dtype"):
        xt.isdtype("int8", "integral")


# --- finfo / iinfo --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["float32", "float64", "complex64", "complex128"])
def test_finfo_fields_match_numpy(name):
    want = np.finfo(np.dtype(name))
    for arg in (getattr(xt, name), xt.ones(3, dtype=getattr(xt, name)), np.dtype(name)):
        info = xt.finfo(arg)
        assert info.dtype is xt._core.dtypes.real_dtype(getattr(xt, name))
        assert type(info.bits) is int and info.bits == want.bits
        for field in ("eps", "max", "min", "smallest_normal", "tiny", "resolution"):
            value = getattr(info, field)
            assert type(value) is float and value == float(getattr(want, field)), field
        assert info.precision == want.precision


@pytest.mark.parametrize("name", ALL_DTYPES[1:9])
def test_iinfo_fields_match_numpy(name):
    want = np.iinfo(np.dtype(name))
    for arg in (getattr(xt, name), xt.ones(3, dtype=getattr(xt, name))):
        info = xt.iinfo(arg)
        assert info.dtype is getattr(xt, name)
        assert (info.bits, info.min, info.max) == (want.bits, want.min, want.max)
        assert all(type(v) is int for v in (info.bits, info.min, info.max))


def test_finfo_of_python_float_type_is_float64():
    assert xt.finfo(float).dtype is xt.float64
    assert xt.iinfo(int).dtype is xt.int64


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
    with pytest.raises(TypeError, match="astype: .*float16"):
        xt.astype(xt.ones(2), np.float16)
    with pytest.raises(ValueError, match="is not a device"):
        xt.astype(xt.ones(2), xt.float32, device="tpu")
