"""File and buffer I/O (xtensor/_numpy_io.py) against NumPy.

Files go both ways: what xtensor writes NumPy reads (and for `.npy`, text, raw and pickles
the bytes are NumPy's own), what NumPy writes xtensor reads, for every dtype, 0-d, empty,
non-contiguous and Fortran-ordered arrays, through str paths, pathlib.Paths and open files.
"""

from __future__ import annotations

import io
import pickle
import warnings
import zipfile

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same
from xtensor import _numpy_io as nio
from xtensor._core.devices import cupy_module

HAVE_GPU = cupy_module() is not None


def _exact(got, want):
    """Same dtype, shape and bits (NaN payloads and signed zeros included)."""
    assert_same(got, want, rtol=0)
    assert np.asarray(got).tobytes() == np.ascontiguousarray(want).tobytes()


def _outcome(call):
    """(result or exception class, warning categories) of `call()`."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = call()
        except Exception as e:  # the class is what is compared
            result = type(e)
    return result, [w.category for w in caught]


def _same_outcome(xt_call, np_call):
    """xtensor's call gives NumPy's result (as an Array, in native byte order), or raises NumPy's
    exception class; both issue the same warnings."""
    got, got_warnings = _outcome(xt_call)
    want, want_warnings = _outcome(np_call)
    assert got_warnings == want_warnings
    if isinstance(want, type):
        assert got is want or (isinstance(got, type) and issubclass(got, want)), (got, want)
    else:
        _exact(got, _native(want))


def _native(want):
    """NumPy's result as xtensor gives it, as `asarray` would: a foreign byte order becomes
    native (float16 stays float16)."""
    want = np.asarray(want)
    return want.astype(want.dtype.newbyteorder("="))


def _sample(dtype="float64", shape=(2, 3)):
    values = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
    return (values % 2 == 1) if dtype == "bool" else values.astype(dtype)


# --- the namespace -----------------------------------------------------------------------------


def test_names_are_exported_and_methods_listed():
    for name, func in nio.NUMPY_ALIASES.items():
        assert getattr(xt, name) is func and hasattr(np, name)
    assert set(nio.ARRAY_METHODS) == {"tofile", "tobytes", "dump", "dumps"}
    assert all(hasattr(np.ndarray, name) for name in nio.ARRAY_METHODS)


# --- every format, both directions, through str, Path and open files ---------------------------


def _npz_reader(load, **kwargs):
    def read(target):
        with load(target, **kwargs) as z:
            return {k: z[k] for k in z.files}

    return read


# name: (file name, text?, xtensor writer, NumPy writer, xtensor reader, NumPy reader, same bytes)
FORMATS = {
    "npy": ("a.npy", False, xt.save, np.save, xt.load, np.load, True),
    "npz": (
        "a.npz",
        False,
        lambda t, a: xt.savez(t, a, b=a[:1]),
        lambda t, a: np.savez(t, a, b=a[:1]),
        _npz_reader(xt.load),
        _npz_reader(np.load),
        False,  # zip members carry the time they were written
    ),
    "npz_compressed": (
        "a.npz",
        False,
        lambda t, a: xt.savez_compressed(t, x=a),
        lambda t, a: np.savez_compressed(t, x=a),
        _npz_reader(xt.load),
        _npz_reader(np.load),
        False,
    ),
    "txt": ("a.txt", True, xt.savetxt, np.savetxt, xt.loadtxt, np.loadtxt, True),
    "genfromtxt": ("a.txt", True, xt.savetxt, np.savetxt, xt.genfromtxt, np.genfromtxt, True),
    "raw": (
        "a.bin",
        False,
        lambda t, a: nio.tofile(a, t),
        lambda t, a: a.tofile(t),
        xt.fromfile,
        np.fromfile,
        True,
    ),
    "pickle": (
        "a.pkl",
        False,
        lambda t, a: nio.dump(a, t),
        lambda t, a: a.dump(t),
        lambda t: xt.load(t, allow_pickle=True),
        lambda t: np.load(t, allow_pickle=True),
        True,
    ),
}


def _write(path, kind, text, writer, a):
    if kind == "file":
        with open(path, "w" if text else "wb") as f:
            writer(f, a)
    else:
        writer(str(path) if kind == "str" else path, a)
    return path.read_bytes()


def _read(path, kind, text, reader):
    if kind == "file":
        with open(path, "r" if text else "rb") as f:
            return reader(f)
    return reader(str(path) if kind == "str" else path)


def _same_contents(got, want):
    if isinstance(want, dict):
        assert sorted(got) == sorted(want)
        for k in want:
            _exact(got[k], want[k])
    else:
        _exact(got, want)


@pytest.mark.parametrize("kind", ["str", "path", "file"])
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_files_cross_between_xtensor_and_numpy(tmp_path, fmt, kind):
    name, text, xt_write, np_write, xt_read, np_read, same_bytes = FORMATS[fmt]
    a = np.asfortranarray(_sample("float64", (3, 4)) / 7)
    ours = _write(tmp_path / f"xt_{name}", kind, text, xt_write, xt.asarray(a))
    theirs = _write(tmp_path / f"np_{name}", kind, text, np_write, a)
    if same_bytes:
        assert ours == theirs
    want = _read(tmp_path / f"np_{name}", kind, text, np_read)
    _same_contents(_read(tmp_path / f"np_{name}", kind, text, xt_read), want)
    # NumPy reads xtensor's file into what it reads from its own
    got = _read(tmp_path / f"xt_{name}", kind, text, np_read)
    if isinstance(want, dict):
        assert all(np.array_equal(got[k], want[k]) for k in want)
    else:
        np.testing.assert_array_equal(got, want, strict=True)


def test_save_appends_npy_as_numpy_does(tmp_path):
    xt.save(tmp_path / "a", xt.arange(3))
    xt.savez(str(tmp_path / "b"), xt.arange(3))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.npy", "b.npz"]


# --- .npy: every dtype and layout ---------------------------------------------------------------


@given(data=st.data(), dtype=st.sampled_from(ALL_DTYPES))
def test_npy_is_numpy_npy_in_both_directions(data, dtype):
    a = data.draw(arrays(dtype))  # 0-d, empty, strided, reversed and Fortran-ordered too
    ours, theirs = io.BytesIO(), io.BytesIO()
    xt.save(ours, xt.asarray(a))
    np.save(theirs, a)
    assert ours.getvalue() == theirs.getvalue()
    theirs.seek(0)
    got = xt.load(theirs)
    want = np.load(io.BytesIO(theirs.getvalue()))
    _exact(got, want)
    assert np.asarray(got).flags.f_contiguous == want.flags.f_contiguous


def test_fortran_order_is_kept_both_ways():
    a = np.asfortranarray(_sample("int32", (3, 4)))
    f = io.BytesIO()
    xt.save(f, xt.asarray(a))
    f.seek(0)
    np.lib.format.read_magic(f)
    assert np.lib.format.read_array_header_1_0(f)[1] is True  # fortran_order in the header
    f.seek(0)
    got = xt.load(f)
    assert np.asarray(got).flags.f_contiguous and not np.asarray(got).flags.c_contiguous
    assert_same(got, a)


@pytest.mark.parametrize("value", [3, 2.5, True, [[1, 2]], (1j, 2)])
def test_save_converts_array_likes_as_numpy(value):
    ours, theirs = io.BytesIO(), io.BytesIO()
    xt.save(ours, value)
    np.save(theirs, value)
    assert ours.getvalue() == theirs.getvalue()


# --- dtypes outside the standard's 13 ------------------------------------------------------------


def _npy(a) -> io.BytesIO:
    f = io.BytesIO()
    np.save(f, a)
    f.seek(0)
    return f


def test_float16_loads_as_itself_and_foreign_byte_orders_turn_native():
    half = np.array([1.5, -0.0, np.inf], dtype=np.float16)
    _exact(xt.load(_npy(half)), np.load(_npy(half)))
    _exact(xt.load(_npy(half.astype(">f2"))), half)
    big = np.arange(5, dtype=">i4")
    _exact(xt.load(_npy(big)), big.astype(np.int32))


def test_object_arrays_need_allow_pickle_as_in_numpy():
    objects = np.array([1, None], dtype=object)
    with pytest.raises(ValueError, match="load: .*allow_pickle"):
        xt.load(_npy(objects))
    with pytest.raises(ValueError):
        np.load(_npy(objects))
    # allowed, the file loads as an object array (Note [Host-only dtypes])
    loaded = xt.load(_npy(objects), allow_pickle=True)
    assert loaded.dtype == object and np.asarray(loaded).tolist() == [1, None]


def test_structured_dtypes_load_and_save_as_in_numpy():
    # Records are host-only dtypes (Note [Host-only dtypes]); tests/test_structured.py has more.
    a = np.array([(1, 2.5), (3, -4.0)], dtype=[("a", "i4"), ("b", "f8")])
    _exact(xt.load(_npy(a)), a)
    f = io.BytesIO()
    xt.save(f, xt.asarray(a))
    f.seek(0)
    assert np.load(f).tobytes() == a.tobytes()


def test_pickles_need_allow_pickle_and_other_objects_come_back_as_numpy_gives_them():
    f = io.BytesIO(pickle.dumps({"a": 1}))
    with pytest.raises(ValueError, match="load: .*pickled"):
        xt.load(f)
    f.seek(0)
    assert xt.load(f, allow_pickle=True) == {"a": 1}
    scalar = np.float32(2.5)
    assert_same(xt.load(io.BytesIO(pickle.dumps(scalar)), allow_pickle=True), scalar)
    _same_outcome(
        lambda: xt.load(io.BytesIO(b"not a file"), allow_pickle=True),
        lambda: np.load(io.BytesIO(b"not a file"), allow_pickle=True),
    )
    _same_outcome(lambda: xt.load(io.BytesIO()), lambda: np.load(io.BytesIO()))


# --- memory maps ---------------------------------------------------------------------------------


def _mapped_base(x) -> bool:
    """Whether x's memory is the file's mapping (a memmap along its NumPy bases), and what
    NumPy reads of x is that memory too."""
    base = x._data
    while base is not None and not isinstance(base, np.memmap):
        base = base.base
    return base is not None and np.shares_memory(np.asarray(x), base)


def test_mmap_mode_views_the_file_without_copying(tmp_path):
    path = tmp_path / "m.npy"
    np.save(path, _sample("float32", (3, 4)))
    x = xt.load(path, mmap_mode="r+")
    assert isinstance(x, xt.Array) and x.device == xt.Device("cpu") and _mapped_base(x)
    assert type(np.asarray(x)) is np.ndarray  # a plain view: every xtensor code path takes it
    x[1, 2] = 100.0
    x[0] = xt.zeros(4, dtype=xt.float32)
    assert np.load(path)[1, 2] == 100.0  # written through the shared map
    readonly = xt.load(path, mmap_mode="r")
    with pytest.raises(ValueError):
        readonly[0, 0] = 1.0
    private = xt.load(str(path), mmap_mode="c")
    private[0, 0] = 7.0
    assert np.load(path)[0, 0] == 0.0 and float(private[0, 0]) == 7.0


def test_mmap_of_float16_maps_and_of_a_foreign_order_copies(tmp_path):
    np.save(tmp_path / "h.npy", np.arange(4, dtype=np.float16))
    x = xt.load(tmp_path / "h.npy", mmap_mode="r")
    assert x.dtype == xt.float16 and _mapped_base(x)
    np.save(tmp_path / "b.npy", np.arange(4, dtype=">f2"))
    x = xt.load(tmp_path / "b.npy", mmap_mode="r")
    assert x.dtype == xt.float16 and not _mapped_base(x)


# --- .npz ----------------------------------------------------------------------------------------


@given(data=st.data(), dtypes=st.lists(st.sampled_from(ALL_DTYPES), min_size=1, max_size=3))
def test_npz_holds_every_dtype_both_ways(data, dtypes):
    arrs = [data.draw(arrays(d)) for d in dtypes]
    for xt_write, np_write in [(xt.savez, np.savez), (xt.savez_compressed, np.savez_compressed)]:
        ours, theirs = io.BytesIO(), io.BytesIO()
        xt_write(ours, *[xt.asarray(a) for a in arrs[1:]], first=xt.asarray(arrs[0]))
        np_write(theirs, *arrs[1:], first=arrs[0])
        for f in (ours, theirs):
            f.seek(0)
            with np.load(f) as want, xt.load(f) as got:
                assert got.files == want.files
                for k in want.files:
                    _exact(got[k], want[k])


def test_npz_file_is_a_mapping_of_arrays_like_numpys(tmp_path):
    path = tmp_path / "z.npz"
    np.savez(path, np.arange(3), y=np.ones((2, 2), dtype=np.float32))
    with zipfile.ZipFile(path, "a") as z:
        z.writestr("notes.txt", b"raw bytes")  # not a .npy member: its bytes come back
    want = np.load(path)
    with xt.load(path) as z:
        assert isinstance(z, nio.NpzFile) and z.files == want.files
        assert repr(z) == repr(want) and len(z) == len(want) == 3
        assert list(z) == list(want) and "y" in z and "y.npy" in z and "zz" not in z
        assert_same(z["y.npy"], want["y"])
        assert_same(z.f.arr_0, want["arr_0"])
        assert z["notes.txt"] == want["notes.txt"] == b"raw bytes"
        assert all(isinstance(v, xt.Array) for k, v in z.items() if k != "notes.txt")
        assert z.get("missing") is None
        with pytest.raises(KeyError):
            z["missing"]
        with pytest.raises(AttributeError):
            _ = z.f.missing
        kept = z["arr_0"]
    assert z.zip is None and z.f is None  # closed on exit, as NumPy's
    assert_same(kept, np.arange(3))  # arrays read before closing stay valid
    want.close()


def test_datetime_arrays_round_trip_through_npy():
    dates = np.array(["2020-01-01", "NaT"], dtype="datetime64[D]")
    buffer = io.BytesIO()
    xt.save(buffer, xt.asarray(dates))
    buffer.seek(0)
    _exact(xt.load(buffer), dates)


def test_npz_refuses_object_members_as_numpy(tmp_path):
    np.savez(tmp_path / "o.npz", o=np.array([None, 1], dtype=object))
    with xt.load(tmp_path / "o.npz") as z, np.load(tmp_path / "o.npz") as w:
        _same_outcome(lambda: z["o"], lambda: w["o"])
    with xt.load(tmp_path / "o.npz", allow_pickle=True) as z:
        assert np.asarray(z["o"]).tolist() == [None, 1]  # an object array, as NumPy's


def test_savez_argument_errors_match_numpy():
    _same_outcome(
        lambda: xt.savez(io.BytesIO(), xt.arange(2), arr_0=xt.arange(2)),
        lambda: np.savez(io.BytesIO(), np.arange(2), arr_0=np.arange(2)),
    )


# --- pickles and raw bytes -----------------------------------------------------------------------


@given(data=st.data(), dtype=st.sampled_from(ALL_DTYPES))
def test_dumps_tobytes_and_frombuffer_match_numpy(data, dtype):
    a = data.draw(arrays(dtype))
    x = xt.asarray(a)
    assert nio.dumps(x) == a.dumps()
    _exact(xt.load(io.BytesIO(nio.dumps(x)), allow_pickle=True), a)
    for order in "CFAK":
        assert nio.tobytes(x, order) == a.tobytes(order)
    raw = a.tobytes()
    _exact(xt.frombuffer(raw, dtype=dtype), np.frombuffer(raw, dtype=dtype))
    offset = data.draw(st.integers(0, len(raw)))
    count = data.draw(st.integers(-1, 4))
    _same_outcome(
        lambda: xt.frombuffer(raw, getattr(xt, dtype), count=count, offset=offset),
        lambda: np.frombuffer(raw, dtype, count=count, offset=offset),
    )


def test_frombuffer_views_the_buffer():
    buffer = bytearray(np.arange(4, dtype=np.int32).tobytes())
    x = xt.frombuffer(buffer, dtype=xt.int32)
    buffer[:4] = np.int32(99).tobytes()
    assert int(x[0]) == 99  # no copy
    readonly = xt.frombuffer(bytes(buffer), dtype="int32")
    with pytest.raises(ValueError):
        readonly[0] = 1
    int16 = np.arange(3, dtype=np.int16)
    _exact(xt.frombuffer(xt.asarray(int16), dtype="int8"), np.frombuffer(int16, dtype=np.int8))
    big = np.frombuffer(bytes(buffer), ">i4")
    _exact(xt.frombuffer(bytes(buffer), dtype=">i4"), big.astype("i4"))
    _exact(xt.frombuffer(b"\x00<\x00>", dtype=np.float16), np.frombuffer(b"\x00<\x00>", np.float16))
    raw = bytes(range(16))
    for _ in range(2):  # the second read of a spelling takes the dtypes already read
        for dtype in (float, "i2", [("x", "<i4")], ">i4", "U1"):
            _same_outcome(
                lambda dtype=dtype: xt.frombuffer(raw, dtype=dtype),
                lambda dtype=dtype: np.frombuffer(raw, dtype=dtype),
            )


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.frombuffer(b"abc", dtype="i2"),
        lambda m: m.frombuffer(np.arange(6)[::2]),
        lambda m: m.frombuffer(b"abcd", offset=5),
        lambda m: m.frombuffer(b"ab", like=[1]),
    ],
)
def test_frombuffer_errors_match_numpy(call):
    _same_outcome(lambda: call(xt), lambda: call(np))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_tofile_and_fromfile_match_numpy_for_every_dtype(tmp_path, dtype):
    a = np.asfortranarray(_sample(dtype, (3, 4)))[:, ::-1]
    nio.tofile(xt.asarray(a), tmp_path / "x.bin")
    a.tofile(tmp_path / "n.bin")
    assert (tmp_path / "x.bin").read_bytes() == (tmp_path / "n.bin").read_bytes()
    for kwargs in [{}, {"count": 5, "offset": a.itemsize}, {"count": 0}]:
        _same_outcome(
            lambda kw=kwargs: xt.fromfile(tmp_path / "n.bin", dtype, **kw),
            lambda kw=kwargs: np.fromfile(tmp_path / "n.bin", dtype, **kw),
        )
    nio.tofile(xt.asarray(a), str(tmp_path / "x.txt"), sep=", ", format="%s")
    a.tofile(str(tmp_path / "n.txt"), sep=", ", format="%s")
    assert (tmp_path / "x.txt").read_text() == (tmp_path / "n.txt").read_text()
    if dtype != "bool":  # NumPy reads no text booleans
        _same_outcome(
            lambda: xt.fromfile(tmp_path / "n.txt", dtype, sep=","),
            lambda: np.fromfile(tmp_path / "n.txt", dtype, sep=","),
        )


def test_fromfile_and_tofile_errors_match_numpy(tmp_path):
    _same_outcome(lambda: xt.fromfile(io.BytesIO(b"1234")), lambda: np.fromfile(io.BytesIO()))
    _same_outcome(
        lambda: nio.tofile(xt.arange(3), io.BytesIO()), lambda: np.arange(3).tofile(io.BytesIO())
    )
    _same_outcome(lambda: nio.tobytes(xt.arange(3), "X"), lambda: np.arange(3).tobytes("X"))
    with pytest.raises(FileNotFoundError):
        xt.fromfile(tmp_path / "missing")


def test_dump_writes_numpys_pickle(tmp_path):
    a = np.asfortranarray(_sample("complex64", (2, 3)))
    with open(tmp_path / "x.pkl", "wb") as f:
        nio.dump(xt.asarray(a), f)
    with open(tmp_path / "x.pkl", "rb") as f:
        loaded = pickle.load(f)
    assert type(loaded) is np.ndarray
    np.testing.assert_array_equal(loaded, a, strict=True)


# --- devices -----------------------------------------------------------------------------------


class _FakeDevice:
    """A backend whose host copy is recorded: writing must go through `to_host`."""

    def __init__(self):
        self.copies = 0

    def to_host(self, data):
        self.copies += 1
        return data


def test_writers_use_the_host_copy(monkeypatch, tmp_path):
    fake = _FakeDevice()
    monkeypatch.setattr(nio, "backend_of", lambda data: fake)
    x = xt.arange(4, dtype=xt.int16)
    nio.save(io.BytesIO(), x)
    nio.savez(io.BytesIO(), x, y=x)  # two arrays
    nio.savetxt(io.StringIO(), x)
    nio.tofile(x, tmp_path / "t.bin")
    nio.tobytes(x)
    nio.dump(x, tmp_path / "t.pkl")
    nio.dumps(x)
    assert fake.copies == 8


@pytest.mark.skipif(not HAVE_GPU, reason="needs a CUDA GPU and CuPy")
def test_cuda_arrays_are_written_from_the_host_and_load_on_the_cpu(tmp_path):
    a = _sample("float32", (3, 4))
    x = xt.asarray(a, device="cuda")
    xt.save(tmp_path / "g.npy", x)
    xt.savez(tmp_path / "g.npz", x=x)
    assert nio.tobytes(x) == a.tobytes() and nio.dumps(x) == a.dumps()
    got = xt.load(tmp_path / "g.npy")
    assert got.device == xt.Device("cpu")
    assert_same(got, a)
    with xt.load(tmp_path / "g.npz") as z:
        assert z["x"].device == xt.Device("cpu")
        assert_same(z["x"], a)
    assert_same(xt.frombuffer(x, dtype="float32"), a.ravel())
