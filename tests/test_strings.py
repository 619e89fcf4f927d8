"""String arrays (NumPy's `<U n` and `S n` dtypes) on the CPU, with NumPy as the oracle.

See Note [Host-only dtypes] in `xtensor/_core/dtypes.py`. Each test runs the same code on NumPy
and on xtensor and compares values, dtype, shape and, where scripts print, the printed text.
"""

from __future__ import annotations

import io
import pickle

import hypothesis.extra.numpy as hnp
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same, shapes

# A small alphabet, non-ASCII included, so that equal strings and shared prefixes are common.
TEXT = st.text(alphabet="ab é😀Z", max_size=4)
BYTES = st.binary(max_size=3).filter(lambda b: not b.endswith(b"\0"))  # NumPy strips NULs
FEW = settings(max_examples=25, deadline=None)


@st.composite
def text_arrays(draw, shape=None, kind="U"):
    """A NumPy string array, sometimes a reversed or strided view."""
    shape = draw(shapes(max_dims=2)) if shape is None else shape
    strided = bool(shape) and draw(st.booleans())
    base_shape = (*shape[:-1], 2 * shape[-1]) if strided else shape
    elements = TEXT if kind == "U" else BYTES
    base = draw(hnp.arrays(object, base_shape, elements=elements))
    arr = base.astype(kind) if base.size else np.zeros(base_shape, dtype=f"{kind}1")
    return arr[..., ::-2] if strided else arr


def same_outcome(mine, theirs):
    """`mine()` (xtensor) matches `theirs()` (NumPy): equal results, or the same error type."""
    try:
        want = theirs()
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e)):
            mine()
        return
    got = mine()
    for g, w in zip(got, want) if isinstance(want, tuple) else ((got, want),):
        assert_same(g, w)


def test_dtype_spellings_match_numpy():
    x, a = xt.asarray(["north", "south"]), np.asarray(["north", "south"])
    assert x.dtype == "U5" and x.dtype == a.dtype and x.dtype == np.dtype("<U5")
    assert (x.dtype.kind, x.dtype.itemsize, x.dtype.name) == (a.dtype.kind, 20, a.dtype.name)
    assert (str(x.dtype), repr(x.dtype)) == (str(a.dtype), repr(a.dtype))
    assert x.dtype is xt.asarray(["ab", "cdefg"]).dtype  # interned, one DType per width
    assert xt.dtype("U5") is x.dtype and pickle.loads(pickle.dumps(x.dtype)) is x.dtype
    b = xt.asarray([b"ab"])
    assert (str(b.dtype), repr(b.dtype), b.dtype.kind) == ("|S2", "dtype('S2')", "S")
    assert xt.issubdtype(x.dtype, xt.str_) and not xt.issubdtype(x.dtype, np.number)
    assert x.dtype != xt.str_  # as NumPy: '<U5' is not the unsized str_


def test_numeric_dtypes_unchanged():
    assert xt.__array_namespace_info__().dtypes() == xt.__array_namespace_info__().dtypes()
    assert all(d.kind not in "US" for d in xt.__array_namespace_info__().dtypes().values())
    assert not xt.isdtype(xt.asarray(["a"]).dtype, "numeric")
    assert xt.result_type(xt.int8, xt.uint8) is xt.int16


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.array(["north", "south"]),
        lambda m: m.array(list("FDCBA")),
        lambda m: m.asarray([1, 2.5], dtype=str),
        lambda m: m.asarray(["abc", "defghijk"], dtype="U5"),
        lambda m: m.asarray([["a"], ["bcd"]]),
        lambda m: m.asarray("0-d"),
        lambda m: m.asarray([], dtype="U3"),
        lambda m: m.asarray([b"ab", b"c"]),
        lambda m: m.zeros(3, dtype="U5"),
        lambda m: m.zeros((2, 0), dtype=str),
        lambda m: m.full(2, "ab"),
        lambda m: m.full((2, 2), "abc", dtype="U2"),
        lambda m: m.empty_like(m.asarray(["abc"])).shape,
        lambda m: m.full_like(m.asarray(["abc", "d"]), "q"),
        lambda m: m.arange(3).astype(str),
        lambda m: m.asarray(["1", "-2"]).astype(int),
        lambda m: m.asarray(["1.5", "2e3"]).astype(float),
        lambda m: m.asarray(["a", "b"], dtype=m.str_),
    ],
)
def test_creation_matches_numpy(make):
    want, got = make(np), make(xt)
    if isinstance(want, tuple):
        assert got == want
        return
    assert_same(got, want)
    assert repr(got) == repr(want) and str(got) == str(want)


@given(text_arrays())
@FEW
def test_round_trip_print_and_pickle(a):
    x = xt.asarray(a)
    assert_same(x, a)
    assert repr(x) == repr(a) and str(x) == str(a)
    assert x.tolist() == a.tolist()
    assert_same(pickle.loads(pickle.dumps(x)), a)


@given(text_arrays(kind="S"))
@FEW
def test_bytes_round_trip(a):
    x = xt.asarray(a)
    assert_same(x, a)
    assert repr(x) == repr(a)
    assert_same(xt.sort(x.ravel()), np.sort(a.ravel()))


@given(text_arrays(), st.data())
@FEW
def test_comparisons_match_numpy(a, data):
    b = data.draw(text_arrays(shape=a.shape))
    x, y = xt.asarray(a), xt.asarray(b)
    for op in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"):
        assert_same(getattr(x, op)(y), getattr(a, op)(b), err_msg=op)
    s = data.draw(TEXT)
    assert_same(x == s, a == s)
    assert_same(s < x, s < a)
    assert_same(xt.equal(x, y), np.equal(a, b))


@given(text_arrays(), st.data())
@FEW
def test_add_matches_numpy(a, data):
    b = data.draw(text_arrays(shape=a.shape))
    x, y = xt.asarray(a), xt.asarray(b)
    assert_same(x + y, a + b)
    assert_same(xt.add(x, "é!"), np.add(a, "é!"))
    assert_same("<" + x, "<" + a)


def test_errors_name_the_function():
    x = xt.asarray(["a", "bc"])
    with pytest.raises(TypeError, match="add"):
        x + 1
    with pytest.raises(TypeError, match="subtract"):
        x - x
    with pytest.raises(TypeError):  # NumPy 2.4: multiply needs `out=` (numpy.strings does not)
        np.asarray(["a"]) * 2
    with pytest.raises(TypeError, match="multiply"):
        x * 2
    assert xt.result_type(x.dtype, xt.int64) == np.result_type("<U2", np.int64)  # '<U21'
    assert_same(x == 1, np.asarray(["a", "bc"]) == 1)  # no element equals a number


@pytest.mark.parametrize("device", ["meta"])
def test_off_the_cpu_is_a_type_error(device):
    x = xt.asarray(["a", "bc"])
    for make in (
        lambda: xt.asarray(["a"], device=device),
        lambda: x.to_device(device),
        lambda: xt.full(2, "ab", device=device),
        lambda: xt.zeros(2, dtype="U3", device=device),
    ):
        with pytest.raises(TypeError, match="string arrays are supported on the CPU only"):
            make()


@given(text_arrays(), st.data())
@FEW
def test_indexing_matches_numpy(a, data):
    x = xt.asarray(a)
    if a.ndim:
        i = data.draw(st.integers(-a.shape[0], a.shape[0] - 1)) if a.shape[0] else 0
        if a.shape[0]:  # NumPy's str_ (a row of a 2-d array: an Array)
            got, want = x[i], a[i]
            if a.ndim == 1:
                assert type(got) is type(want) and got == want
            else:
                assert_same(got, want)
        assert_same(x[::-1], a[::-1])
        mask = a == (a.flat[0] if a.size else "")
        assert_same(x[xt.asarray(mask)], a[mask])
        idx = [0, -1] if a.shape[0] else []
        assert_same(x[idx], a[idx])
        assert [str(v) if isinstance(v, str) else v.tolist() for v in x] == a.tolist()
        assert len(x) == len(a)


def test_setitem_truncates_as_numpy():
    a = np.asarray(["north", "south", "east"])
    x = xt.asarray(a)
    for key, value in ((0, "verylongvalue"), (slice(1, None), "S"), ([0, 2], "é")):
        a[key] = value
        x[key] = value
        assert_same(x, a)
    a[a == "S"] = "mask"
    x[x == "S"] = "mask"
    assert_same(x, a)


@given(text_arrays(shape=(6,)))
@FEW
def test_manipulation_matches_numpy(a):
    x = xt.asarray(a)
    for f in (
        lambda m, v: m.reshape(v, (2, 3)),
        lambda m, v: m.ravel(m.reshape(v, (3, 2)).T),
        lambda m, v: m.concatenate([v, m.asarray(["long value"])]),
        lambda m, v: m.stack([v, v[::-1]]),
        lambda m, v: m.tile(v, 2),
        lambda m, v: m.repeat(v, 2),
        lambda m, v: m.flip(v),
        lambda m, v: m.take(v, [0, 5, 2]),
        lambda m, v: m.expand_dims(v, 0),
        lambda m, v: m.broadcast_to(v[:1], (2, 3)),
        lambda m, v: m.where(v == v[0], "same", v),
        lambda m, v: m.where(v < "b", v, m.asarray(["longer"] * 6)),
    ):
        assert_same(f(xt, x), f(np, a))


@given(text_arrays(shape=(7,)), st.lists(TEXT, max_size=3))
@FEW
def test_sorting_and_sets_match_numpy(a, probe):
    x = xt.asarray(a)
    assert_same(xt.sort(x), np.sort(a))
    assert_same(xt.argsort(x), np.argsort(a, kind="stable"))
    for got, want in zip(
        xt.unique(x, return_counts=True, return_inverse=True, return_index=True),
        np.unique(a, return_counts=True, return_inverse=True, return_index=True),
    ):
        assert_same(got, want)
    values = np.asarray(probe, dtype="U4")
    assert_same(xt.isin(x, values), np.isin(a, values))
    assert_same(xt.searchsorted(xt.sort(x), values), np.searchsorted(np.sort(a), values))
    assert_same(xt.argmax(x), np.argmax(a))


def test_reductions_raise_like_numpy():
    a = np.asarray(["b", "a"])
    for f in (np.max, np.sum):
        with pytest.raises(TypeError):
            f(a)
        with pytest.raises(TypeError):
            f(xt.asarray(a))


STRING_CALLS = [
    ("upper", ()),
    ("lower", ()),
    ("strip", ()),
    ("str_len", ()),
    ("startswith", ("a",)),
    ("endswith", ("é",)),
    ("find", ("b",)),
    ("replace", ("a", "xy")),
    ("zfill", (5,)),
    ("center", (6, "*")),
    ("ljust", (5,)),
    ("rjust", (5,)),
    ("add", ("!",)),
    ("multiply", (3,)),
    ("partition", ("b",)),
]


@pytest.mark.parametrize(("name", "args"), STRING_CALLS)
@given(a=text_arrays())
@settings(max_examples=10, deadline=None)
def test_strings_and_char_wrap_numpy(name, args, a):
    for mine, theirs in ((xt.strings, np.strings), (xt.char, np.char)):
        same_outcome(
            lambda mine=mine: getattr(mine, name)(xt.asarray(a), *args),
            lambda theirs=theirs: getattr(theirs, name)(a, *args),
        )


def test_char_join_and_object_results():
    a = np.asarray(["ab", "c"])
    assert_same(xt.char.join("-", xt.asarray(a)), np.char.join("-", a))


def test_text_io_matches_numpy():
    a = np.asarray(["north", "é south"])
    mine, theirs = io.StringIO(), io.StringIO()
    np.savetxt(theirs, a, fmt="%s")
    xt.savetxt(mine, xt.asarray(a), fmt="%s")
    assert mine.getvalue() == theirs.getvalue()
    text = "a 1\nbc 2\n"
    assert_same(xt.loadtxt(io.StringIO(text), dtype=str), np.loadtxt(io.StringIO(text), dtype=str))
    csv = "a,1\nbc,2\n"
    assert_same(
        xt.genfromtxt(io.StringIO(csv), delimiter=",", dtype=str, encoding="utf-8"),
        np.genfromtxt(io.StringIO(csv), delimiter=",", dtype=str, encoding="utf-8"),
    )
