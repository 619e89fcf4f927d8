"""Structured (record) arrays and `xtensor.rec` (Note [Host-only dtypes] in
`xtensor/_core/dtypes.py`): fields index as in NumPy (`x['age']` is a view), sort by
`order=`, and `recarray` reads fields as attributes. NumPy is the oracle.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import assert_same

PEOPLE = [("carol", 31), ("alice", 25), ("bob", 25)]
DTYPE = [("name", "U10"), ("age", "i4")]


def _pair():
    return xt.asarray(PEOPLE, dtype=DTYPE), np.asarray(PEOPLE, dtype=DTYPE)


def test_asarray_dtype_and_repr():
    got, want = _pair()
    assert_same(got, want)
    assert got.dtype == np.dtype(DTYPE) and got.dtype.names == ("name", "age")
    assert repr(got) == repr(want) and str(got) == str(want)
    assert xt.void == np.dtype(np.void) and xt.record is np.record


def test_field_access_is_a_view_and_assignment_writes_through():
    got, want = _pair()
    assert_same(got["age"], want["age"])
    assert_same(got[["age", "name"]], want[["age", "name"]])
    ages = got["age"]
    ages[0] = 40
    want["age"][0] = 40
    assert_same(got, want)
    got["age"] = xt.asarray([1, 2, 3], dtype=xt.int32)
    want["age"] = [1, 2, 3]
    assert_same(got, want)
    got["name"] = "zed"
    want["name"] = "zed"
    assert_same(got, want)
    assert_same(got[1:], want[1:])
    assert_same(got[xt.asarray([2, 0])], want[[2, 0]])
    with pytest.raises(ValueError, match="__getitem__: .*no field of name height"):
        got["height"]


def test_sort_and_argsort_by_fields():
    got, want = _pair()
    assert_same(xt.sort(got, order="age"), np.sort(want, order="age"))
    assert_same(xt.argsort(got, order=["age", "name"]), np.argsort(want, order=["age", "name"]))
    assert_same(xt.sort(got), np.sort(want))
    with pytest.raises(ValueError, match="sort: order='age' names fields, but x has dtype"):
        xt.sort(xt.ones(3), order="age")
    with pytest.raises(ValueError):
        np.sort(np.ones(3), order="age")


def test_manipulation_keeps_records():
    got, want = _pair()
    assert_same(xt.concat([got, got]), np.concatenate([want, want]))
    assert_same(xt.flip(got), np.flip(want))
    assert_same(xt.reshape(got, (3, 1)), want.reshape(3, 1))
    assert_same(xt.where(got["age"] > 26, got, got[0]), np.where(want["age"] > 26, want, want[0]))


def test_recarray_reads_fields_as_attributes():
    r = xt.rec.fromrecords(PEOPLE, names="name,age")
    want = np.rec.fromrecords(PEOPLE, names="name,age")
    assert isinstance(r, xt.recarray) and isinstance(r, xt.Array)
    assert repr(r) == repr(want)
    assert_same(r.age, want.age)
    assert isinstance(r[1:], xt.recarray) and r[0].name == "carol"
    r.age = xt.asarray([9, 8, 7])
    want.age = [9, 8, 7]
    assert_same(r.age, want.age)
    assert_same(r.field(0), want.field(0))
    with pytest.raises(AttributeError, match="no attribute or field 'height'"):
        _ = r.height
    arrays = [xt.asarray([1.5, 2.5]), xt.asarray(["x", "y"])]
    got = xt.rec.fromarrays(arrays, names="v,s")
    assert_same(got.v, np.rec.fromarrays([[1.5, 2.5], ["x", "y"]], names="v,s").v)
    assert repr(xt.rec.array(PEOPLE, dtype=DTYPE)) == repr(np.rec.array(PEOPLE, dtype=DTYPE))
    assert xt.recarray((2,), dtype=DTYPE).shape == (2,)


@given(st.lists(st.tuples(st.integers(-5, 5), st.floats(-10, 10)), max_size=8))
def test_sort_by_field_matches_numpy(rows):
    dtype = [("k", "i8"), ("v", "f8")]
    want = np.asarray(rows, dtype=dtype)
    got = xt.asarray(want)
    assert_same(xt.sort(got, order="k"), np.sort(want, order="k", kind="stable"))
    assert_same(
        xt.argsort(got, order=["k", "v"]), np.argsort(want, order=["k", "v"], kind="stable")
    )


def test_other_devices_refuse_records():
    got, _ = _pair()
    with pytest.raises(TypeError, match=r"to_device: .*arrays are supported on the CPU only"):
        got.to_device("meta")


# --- files and buffers ------------------------------------------------------------------------

ROWS = [("2020-01-01", 3, 1.5), ("2019-07-04", 1, -2.0), ("2021-12-31", 2, 0.25)]
DATED = [("day", "M8[D]"), ("id", "i4"), ("v", "f8")]


def _npy_round_trip(a, **load):
    f = io.BytesIO()
    xt.save(f, a)
    f.seek(0)
    return xt.load(f, **load)


@pytest.mark.parametrize(
    "want",
    [
        np.asarray(ROWS, dtype=DATED),
        np.asarray(PEOPLE, dtype=DTYPE)[::-1],
        np.zeros(2, dtype=[("a", "i4"), ("b", "f8", (2,)), ("c", [("d", "u1")])]),
        np.asarray([(1, 2.5)], dtype=[("a", ">i4"), ("b", ">f8")]),  # made native, as '>f8' is
    ],
)
def test_npy_and_npz_hold_records_as_numpy_does(want, tmp_path):
    native = want.astype(want.dtype.newbyteorder("="))
    assert_same(_npy_round_trip(want), native)
    assert_same(_npy_round_trip(xt.asarray(native)), native)
    xt.savez(tmp_path / "r.npz", r=xt.asarray(native), plain=xt.arange(3))
    with xt.load(tmp_path / "r.npz") as z:
        assert_same(z["r"], native)
    np.save(tmp_path / "m.npy", native)
    mapped = xt.load(tmp_path / "m.npy", mmap_mode="r")
    assert_same(mapped, native)
    assert not mapped._data.flags.owndata  # a view of the map, not a copy


def test_datetimes_and_objects_load_as_numpy_does():
    dates = np.asarray(["2020-01-01", "NaT"], dtype="M8[D]")
    assert_same(_npy_round_trip(dates), dates)
    objects = np.asarray([1, None, "a"], dtype=object)
    got = _npy_round_trip(objects, allow_pickle=True)
    assert got.dtype == object and np.asarray(got).tolist() == objects.tolist()


def test_text_readers_make_structured_arrays():
    text = "2020-01-01 3 1.5\n2019-07-04 1 -2.0\n"
    assert_same(
        xt.loadtxt(io.StringIO(text), dtype=DATED), np.loadtxt(io.StringIO(text), dtype=DATED)
    )
    assert_same(
        xt.loadtxt(io.StringIO("2020-01-01\n2020-02-01"), dtype="M8[D]"),
        np.loadtxt(io.StringIO("2020-01-01\n2020-02-01"), dtype="M8[D]"),
    )
    table = "a,b,c\n1,x,2.5\n2,y,3\n"
    for kwargs in (
        {"names": True, "delimiter": ",", "dtype": None, "encoding": "utf-8"},
        {"names": True, "delimiter": ",", "usecols": (0, 2)},  # floats (NaN never equals)
        {"skip_header": 1, "delimiter": ",", "dtype": None, "encoding": "utf-8"},
        {"skip_header": 1, "delimiter": ",", "dtype": DATED[1:], "usecols": (0, 2)},
    ):
        got = xt.genfromtxt(io.StringIO(table), **kwargs)
        assert_same(got, np.genfromtxt(io.StringIO(table), **kwargs))
    masked = xt.genfromtxt(io.StringIO(table), usemask=True)  # NumPy's masked array (xt.ma)
    assert repr(masked) == repr(np.genfromtxt(io.StringIO(table), usemask=True))
    log = "id=1 x=2.5\nnoise\nid=20 x=-1\n"
    fields = [("id", "i8"), ("x", "f8")]
    assert_same(
        xt.fromregex(io.StringIO(log), r"id=(\d+) x=(\S+)", fields),
        np.fromregex(io.StringIO(log), r"id=(\d+) x=(\S+)", fields),
    )


def test_raw_bytes_and_savetxt_of_records(tmp_path):
    want = np.asarray(ROWS, dtype=DATED)
    assert_same(xt.frombuffer(want.tobytes(), dtype=DATED), np.frombuffer(want.tobytes(), DATED))
    big = np.asarray([(1, 2.5), (3, -4.0)], dtype=[("a", ">i4"), ("b", ">f8")])
    big.tofile(tmp_path / "r.bin")
    got = xt.fromfile(tmp_path / "r.bin", dtype=big.dtype)
    assert_same(got, big.astype([("a", "i4"), ("b", "f8")]))  # native, as for '>f8'
    xt.savetxt(tmp_path / "x.txt", xt.asarray(want[["id", "v"]]), fmt="%d %.2f")
    np.savetxt(tmp_path / "n.txt", want[["id", "v"]], fmt="%d %.2f")
    assert (tmp_path / "x.txt").read_text() == (tmp_path / "n.txt").read_text()


# --- NumPy-script usage ------------------------------------------------------------------------


def test_sorting_a_table_by_a_field_and_reading_columns():
    for lib in (np, xt):
        table = lib.asarray(ROWS, dtype=DATED)
        by_day = lib.sort(table, order="day")
        results = (
            by_day,
            table[lib.argsort(table["v"])],
            by_day["id"],
            table[table["v"] > 0]["day"],
            lib.sort(table, order=["id"])[["id", "v"]],
            lib.unique(table["day"].astype("datetime64[Y]")),
        )
        if lib is np:
            want = results
        else:
            got = results
    for g, w in zip(got, want):
        assert_same(g, w)
    assert_same(xt.mean(xt.asarray(want[0])["v"]), np.asarray(np.mean(want[0]["v"])))


def test_rec_fromarrays_reads_columns_as_attributes():
    ids, names = np.arange(3), np.asarray(["a", "b", "c"])
    want = np.rec.fromarrays([ids, names], names="x,y")
    got = xt.rec.fromarrays([xt.asarray(ids), xt.asarray(names)], names="x,y")
    assert_same(got.x, want.x)
    assert_same(got.y, want.y)
    assert_same(xt.sum(got.x), np.asarray(want.x.sum()))
    assert_same(got[1:].y, want[1:].y)
    assert got[1].y == want[1].y  # a 0-d record's field: the element, as NumPy's str


def test_view_as_recarray_reads_fields_as_attributes():
    want = np.asarray(ROWS, dtype=DATED).view(np.recarray)
    got = xt.asarray(np.asarray(ROWS, dtype=DATED)).view(xt.recarray)
    assert isinstance(got, xt.recarray)
    assert_same(got.v, want.v)
    assert_same(got.day, want.day)
    assert type(got.view(xt.Array)) is xt.Array
