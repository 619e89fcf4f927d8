"""Everyday calls from the third survey, each checked against NumPy 2.4 as the oracle:
vectorize/frompyfunc object results, fromstring's removed binary mode, array_equal and
isclose across dtypes, aligned structured dtypes, `numpy.lib.format`/`npyio`/`introspect`,
and quiet lookups of names xtensor lacks."""

from __future__ import annotations

import io
import warnings

import numpy as np
import pytest

import xtensor as xt


def same(got, want):
    """Same values, dtype and shape, and an xtensor Array where NumPy gives an ndarray."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            same(g, w)
        return
    assert isinstance(got, xt.Array), type(got)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.asarray(got).tolist() == want.tolist()


# --- 1. vectorize and frompyfunc: object results ------------------------------------------------

LOOKUP = {1: "a", 2: "b"}
VECTORIZE_CASES = [
    (lambda m: m.vectorize(LOOKUP.get), [0, 1, 2]),
    (lambda m: m.vectorize(LOOKUP.get, otypes=[object]), [1, 2]),
    (lambda m: m.vectorize({1: 10, 2: 20}.get), [3, 1, 2]),
    (lambda m: m.vectorize(lambda v: v * 2, otypes=[object]), [1, 2]),
    (lambda m: m.vectorize(lambda v: v * 2), [1, 2]),
    (lambda m: m.vectorize(str), [1, 2]),
]


@pytest.mark.parametrize(("make", "values"), VECTORIZE_CASES)
def test_vectorize_keeps_numpys_dtype_objects_included(make, values):
    same(make(xt)(xt.asarray(values)), make(np)(np.array(values)))


def test_frompyfunc_answers_numpys_object_arrays():
    f, g = xt.frompyfunc(LOOKUP.get, 1, 1), np.frompyfunc(LOOKUP.get, 1, 1)
    same(f(xt.asarray([0, 1, 2])), g(np.array([0, 1, 2])))
    ragged = xt.frompyfunc(lambda n: [0] * n, 1, 1)(xt.asarray([1, 2]))
    assert ragged.dtype == object and ragged.tolist() == [[0], [0, 0]]
    # numbers too stay objects, as NumPy's: they print unpadded
    plus = xt.frompyfunc(lambda v: v + 1, 1, 1)(xt.asarray([0, 10]))
    same(plus, np.frompyfunc(lambda v: v + 1, 1, 1)(np.array([0, 10])))
    assert str(plus) == "[1 11]" and str(plus.astype(int)) == "[ 1 11]"
    pair = xt.frompyfunc(lambda v: (v, None), 1, 2)(xt.asarray([1, 2]))
    same(pair, (np.array([1, 2], dtype=object), np.array([None, None], dtype=object)))
    # Python values beside Arrays, a scalar call (the function's own value), `out=`
    mixed = xt.frompyfunc(lambda a, b: a * 10 + b, 2, 1)
    same(mixed(xt.asarray([1, 2]), 3), np.array([13, 23], dtype=object))
    assert mixed(1, 2) == 12 and type(mixed(1, 2)) is int
    out = xt.empty(2, dtype=object)
    assert mixed(xt.asarray([1, 2]), 3, out=out) is out and out.tolist() == [13, 23]
    assert mixed(xt.asarray([1, 2]), 3, out=(out,)) is out
    quotient, rest = xt.empty(2, dtype=object), xt.empty(2, dtype=object)
    got = xt.frompyfunc(divmod, 2, 2)(xt.asarray([7, 8]), 3, out=(quotient, rest))
    assert got[0] is quotient and got[1] is rest and rest.tolist() == [1, 2]
    got = xt.frompyfunc(divmod, 2, 2)(xt.asarray([7, 8]), 3, out=(None, rest))
    assert got[1] is rest and got[0].tolist() == [2, 2]


def test_frompyfunc_refuses_device_arrays_by_name():
    f = xt.frompyfunc(lambda v: v, 1, 1)
    on_meta = xt.asarray([1.0, 2.0], device="meta")
    with pytest.raises(TypeError, match="<lambda> .*: the Python function runs on the host"):
        f(on_meta)
    with pytest.raises(TypeError, match="runs on the host, but an argument lives on meta"):
        f(xt.asarray([1.0]), on_meta)


# --- 2. fromstring ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.fromstring(b"\x01\x02", dtype=m.uint8),
        lambda m: m.fromstring(b"\x01\x02", m.uint8, -1, ""),
    ],
)
def test_fromstring_binary_mode_is_numpys_value_error(call):
    with pytest.raises(ValueError, match="binary mode of fromstring is removed"):
        call(np)
    with pytest.raises(ValueError, match="binary mode of fromstring is removed"):
        call(xt)


def test_fromstring_takes_sep_by_position_as_numpy():
    same(xt.fromstring("1,2", xt.int64, -1, ","), np.fromstring("1,2", np.int64, -1, ","))


# --- 3. array_equal and isclose -----------------------------------------------------------------

EQUAL_CASES = [
    ([1, 2], ["1", "2"], {}),
    ([1, 2], [1, 2], {"equal_nan": True}),
    ([1.0, np.nan], [1.0, np.nan], {"equal_nan": True}),
    ([1.0, np.nan], [np.nan, 1.0], {"equal_nan": True}),
    ([complex(1, np.nan)], [complex(np.nan, 1)], {"equal_nan": True}),
    ([1.0, 2.0], [1, 2], {"equal_nan": True}),
]


@pytest.mark.parametrize(("a", "b", "kw"), EQUAL_CASES)
def test_array_equal_as_numpy(a, b, kw):
    want = np.array_equal(np.array(a), np.array(b), **kw)
    assert xt.array_equal(xt.asarray(a), xt.asarray(b), **kw) is want


def test_array_equal_ragged_is_false_and_text_with_equal_nan_raises():
    assert xt.array_equal([[1], [1, 2]], [1, 2]) is np.array_equal([[1], [1, 2]], [1, 2])
    s, t = xt.asarray(["a", "b"]), np.array(["a", "b"])
    with pytest.raises(TypeError):
        np.array_equal(t, t.copy(), equal_nan=True)
    with pytest.raises(TypeError):
        xt.array_equal(s, xt.asarray(["a", "b"]), equal_nan=True)
    assert xt.array_equal(s, s, equal_nan=True) is np.array_equal(t, t, equal_nan=True)


@pytest.mark.parametrize("b", [300, -1, 2**40, 2**70, True, 2.5])
def test_isclose_with_an_int_out_of_the_arrays_range_as_numpy(b):
    same(xt.isclose(xt.asarray([1, 2], dtype=xt.uint8), b), np.isclose(np.uint8([1, 2]), b))
    same(xt.isclose(b, xt.asarray([1, 2], dtype=xt.uint8)), np.isclose(b, np.uint8([1, 2])))
    assert xt.allclose(xt.asarray([1, 2], dtype=xt.uint8), b) is np.allclose(np.uint8([1, 2]), b)


# --- 4. aligned structured dtypes ---------------------------------------------------------------

SPECS = [
    [("a", "<i4"), ("b", "<f8")],
    {"names": ["a", "b"], "formats": ["u1", "f8"]},
    "i4,f8",
    [("a", "f8"), ("b", "f8")],
]


@pytest.mark.parametrize("spec", SPECS)
def test_align_lays_out_fields_as_numpy(spec):
    got, want = xt.dtype(spec, align=True), np.dtype(spec, align=True)
    assert got == want and got.itemsize == want.itemsize and repr(got) == repr(want)
    assert dict(got.fields) == dict(want.fields) and got.isalignedstruct
    plain = xt.dtype(spec)
    assert repr(plain) == repr(np.dtype(spec)) and (plain == got) == (np.dtype(spec) == want)
    data = bytes(range(2 * want.itemsize))
    assert xt.frombuffer(data, dtype=got).tolist() == np.frombuffer(data, dtype=want).tolist()


def test_align_of_a_builtin_dtype_is_the_singleton():
    assert xt.dtype("f8", align=True) is xt.float64
    with pytest.raises(TypeError):
        xt.dtype("nonsense", align=True)


# --- 5. numpy.lib.format, npyio, introspect -----------------------------------------------------


def test_lib_format_reads_and_writes_npy_as_numpy():
    a = xt.reshape(xt.arange(6), (2, 3))
    buf = io.BytesIO()
    xt.lib.format.write_array(buf, a)
    buf.seek(0)
    same(xt.lib.format.read_array(buf), np.lib.format.read_array(io.BytesIO(buf.getvalue())))
    header = np.lib.format.header_data_from_array_1_0(np.arange(6).reshape(2, 3))
    assert xt.lib.format.header_data_from_array_1_0(a) == header
    assert xt.lib.format.dtype_to_descr(xt.float32) == np.lib.format.dtype_to_descr(np.dtype("f4"))
    assert xt.lib.format.read_magic is np.lib.format.read_magic
    assert "format" in xt.lib.__all__ and "npyio" in xt.lib.__all__


def test_open_memmap_views_the_map(tmp_path):
    path = str(tmp_path / "m.npy")
    m = xt.lib.format.open_memmap(path, mode="w+", dtype=xt.float32, shape=(3,))
    m[:] = xt.asarray([1.0, 2.0, 3.0])
    assert isinstance(m, xt.Array)
    del m
    assert np.load(path).tolist() == [1.0, 2.0, 3.0]


def test_npz_archives_are_lib_npyio_npzfiles(tmp_path):
    path = str(tmp_path / "f.npz")
    xt.savez(path, x=xt.arange(3))
    with xt.load(path) as z:
        assert isinstance(z, xt.lib.npyio.NpzFile)
    assert xt.lib.npyio.DataSource is np.lib.npyio.DataSource
    assert xt.lib.introspect.opt_func_info("add", "float64").keys() == {"add"}


# --- 6. names xtensor lacks ---------------------------------------------------------------------


def test_missing_names_do_not_warn_on_numpys_behalf():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="chararray"):
            xt.chararray  # noqa: B018
        core = xt.core  # NumPy warns only when a name is read from numpy.core
    with pytest.warns(DeprecationWarning):
        np.core.records  # noqa: B018
    with pytest.warns(DeprecationWarning, match="xtensor.rec"):
        assert core.records is xt.rec
    with pytest.raises(AttributeError):
        core.nothing_here  # noqa: B018


@pytest.mark.parametrize(
    "take",
    [
        lambda m, q: q.diagonal(),
        lambda m, q: q.diagonal(1),
        lambda m, q: m.diagonal(q),
        lambda m, q: m.diagonal(q, np.int64(-1)),
        lambda m, q: m.linalg.diagonal(q),
        lambda m, q: m.diag(q),
    ],
)
def test_diagonals_are_numpys_read_only_views(take):
    q, xq = np.arange(12.0).reshape(3, 4), xt.arange(12.0).reshape(3, 4)
    got, want = take(xt, xq), take(np, q)
    assert np.shares_memory(np.asarray(got), np.asarray(xq))
    assert got.flags.writeable == want.flags.writeable is False
    xq[1, 1] = q[1, 1] = 100.0  # a later write shows in the diagonal, as in NumPy
    assert np.asarray(got).tolist() == want.tolist()
    with pytest.raises(ValueError, match="read-only"):
        got[0] = 1.0


def test_flatiter_steps_with_next_and_reports_index_and_coords():
    got, want = xt.arange(6).reshape(2, 3).flat, np.arange(6).reshape(2, 3).flat
    assert (got.index, got.coords) == (want.index, want.coords)
    assert int(next(got)) == next(want) and int(next(got)) == next(want)
    assert (got.index, got.coords) == (want.index, want.coords) == (2, (0, 2))
    assert [int(v) for v in got] == [int(v) for v in want]  # the rest, from where next stopped


def test_einsum_casting_order_broadcast_subok_and_compare_chararrays():
    a, b = np.arange(6).reshape(2, 3), np.arange(12).reshape(3, 4)
    want = np.zeros((2, 4), np.int32)
    np.einsum("ij,jk->ik", a, b, out=want, casting="unsafe")
    got = xt.zeros((2, 4), dtype=xt.int32)
    xt.einsum("ij,jk->ik", xt.asarray(a), xt.asarray(b), out=got, casting="unsafe")
    assert np.asarray(got).tolist() == want.tolist()
    with pytest.raises(TypeError):
        xt.einsum("ij,jk->ik", xt.asarray(a), xt.asarray(b), out=xt.zeros((2, 4), dtype=xt.int32))
    assert xt.broadcast_to(array=xt.ones(3), shape=(2, 3), subok=True).shape == (2, 3)
    assert [v.shape for v in xt.broadcast_arrays(xt.ones(3), xt.ones((2, 1)), subok=True)] == [
        (2, 3),
        (2, 3),
    ]
    words = np.array(["a", "bb"])
    got = xt.char.compare_chararrays(xt.asarray(words), xt.asarray(words), "==", True)
    assert np.asarray(got).tolist() == np.char.compare_chararrays(words, words, "==", True).tolist()


_PAIRS = "1,2\n3,4\n"
_NAMED = "a,b\n1,2\n3,4\n"
_RECORD = [("a", int), ("b", float)]


@pytest.mark.parametrize(
    "read",
    [
        lambda m: m.loadtxt(io.StringIO(_PAIRS), delimiter=",", dtype=_RECORD, unpack=True),
        lambda m: m.genfromtxt(io.StringIO("x,1\ny,2\n"), delimiter=",", dtype=None, unpack=True),
        lambda m: m.genfromtxt(io.StringIO(_NAMED), delimiter=",", names=True, unpack=True),
        lambda m: m.genfromtxt(io.StringIO("1 2.5 abc\n"), dtype=[int, float, "U5"]),
        lambda m: m.genfromtxt(io.StringIO("1 2.5 3\n"), dtype=(int, float, float)),
        lambda m: m.genfromtxt(io.StringIO("1,2,3\n4,,6\n"), delimiter=",", usemask=True),
    ],
)
def test_text_readers_unpack_columns_and_read_numpys_dtype_spellings(read):
    got, want = read(xt), read(np)
    assert repr(got) == repr(want) and type(got) is (list if type(want) is list else type(got))


def test_dates_reduce_again_and_again():
    d = xt.asarray(["2024-01-30", "2024-03-01"], dtype="datetime64[D]")
    for _ in range(3):  # the second call replays the recorded plan
        assert repr(d.max() - d.min()) == "np.timedelta64(31,'D')"
        assert repr(xt.diff(d).max()) == "np.timedelta64(31,'D')"


def test_numpy_scalars_as_arguments_are_read_as_numpy_reads_them():
    # `x.min()`, `np.sum(mask)` and loop variables are NumPy's scalars there: 0-d Arrays here
    x, a = xt.arange(5.0), np.arange(5.0)
    got = xt.histogram(x, bins=2, range=(x.min(), x.max()))
    want = np.histogram(a, bins=2, range=(a.min(), a.max()))
    assert [v.tolist() for v in got] == [v.tolist() for v in want]
    got2 = xt.histogram2d(x, x, bins=2, range=[[x.min(), x.max()], [0, 4]])[0]
    assert got2.tolist() == np.histogram2d(a, a, bins=2, range=[[0, 4], [0, 4]])[0].tolist()
    seed = xt.arange(5)[3]
    assert float(xt.random.default_rng(seed).random()) == np.random.default_rng(3).random()
    draws = xt.random.default_rng(0).multivariate_normal([0, 0], xt.eye(2), size=xt.sum(x > 2))
    assert draws.shape == (2, 2)
    assert float(xt.std(x, ddof=xt.int64(1))) == np.std(a, ddof=1)
    assert float(x.var(ddof=True)) == a.var(ddof=True)
    m, b = xt.asarray([[1.0, 0], [0, 1], [1, 1]]), xt.asarray([1.0, 2, 3])
    want = np.linalg.lstsq(np.asarray(m), np.asarray(b), rcond=1e-6)[0]
    np.testing.assert_allclose(np.asarray(xt.linalg.lstsq(m, b, rcond=xt.float64(1e-6))[0]), want)


def test_save_writes_what_numpy_writes_for_any_value():
    for value in ({"loss": [0.5]}, "hello", [1, 2]):
        got, want = io.BytesIO(), io.BytesIO()
        xt.save(got, value)
        np.save(want, value)
        assert got.getvalue() == want.getvalue()
    f = io.BytesIO()
    xt.savez(f, history={"a": 1}, x=xt.arange(3))
    f.seek(0)
    z = xt.load(f, allow_pickle=True)
    assert z["history"].item() == {"a": 1} and z["x"].tolist() == [0, 1, 2]


def test_append_to_an_object_array_keeps_python_objects():
    got, want = xt.asarray([1, 1], dtype=object), np.array([1, 1], dtype=object)
    for _ in range(95):  # past int64: Python ints, as NumPy's object arrays hold them
        got, want = xt.append(got, got[-1] + got[-2]), np.append(want, want[-1] + want[-2])
    assert got.dtype == xt.object_ and got.tolist() == want.tolist()
    assert xt.append(got[:2], "x").tolist() == np.append(want[:2], "x").tolist()


def test_ufuncs_writing_out_warn_at_the_callers_line():
    with warnings.catch_warnings(record=True) as caught, np.errstate(invalid="warn"):
        warnings.simplefilter("always")
        a, b = xt.asarray([-1.0, 4.0]), xt.asarray([-1.0, 4.0])
        xt.log(a, a)
        xt.sqrt(b, out=b)
    assert [str(w.message) for w in caught] == [
        "invalid value encountered in log",
        "invalid value encountered in sqrt",
    ]
    assert {w.filename for w in caught} == {__file__}
