"""Array's NumPy methods and attributes (xtensor/_array_methods.py, _array_views.py) against
numpy.ndarray's: view, flags, flat, base, resize, byteswap, tobytes, getfield/setfield,
setflags, the in-place sorts and writes, and `out=`/`order=` of the existing methods."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.numpy_calls import error_kind, same
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from xtensor._array_views import _byteswapped, _field_by_bytes

NUMBERS = ("int8", "uint16", "int64", "float32", "float64", "complex64")


def _arr(dtype, shape_strategy, **kwargs):
    return shape_strategy.flatmap(lambda shape: arrays(dtype, shape, **kwargs))


def _both(a: np.ndarray, method: str, *args, _shared=False, **kwargs):
    """a.<method>(...) on NumPy and on xtensor: the same answer, or the same kind of error.
    x is a copy of a, or where `_shared` (a method that writes nothing) a itself, strides
    and all."""
    x = xt.asarray(a if _shared else a.copy())
    try:
        want = getattr(a, method)(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - NumPy's error is the oracle's answer
        with pytest.raises(error_kind(e)):
            getattr(x, method)(*args, **kwargs)
        return x, None
    got = getattr(x, method)(*args, **kwargs)
    if want is None:
        assert got is None
        assert_same(x, a)  # in place: the arrays agree afterwards
    else:
        same(got, want, method)
    return x, got


# --- view, getfield, setfield, byteswap, tobytes ---------------------------------------------


@given(data=st.data(), source=st.sampled_from(ALL_DTYPES), target=st.sampled_from(ALL_DTYPES))
def test_view_matches_numpy(data, source, target):
    a = data.draw(_arr(source, shapes(max_dims=3, max_side=4)))
    _both(a, "view", target, _shared=True)  # (NumPy refuses some strides)
    _both(a, "view", getattr(xt, target), _shared=True)


def test_view_shares_memory_and_refuses_other_types():
    x = xt.arange(4)
    v = x.view()
    v[0] = 9
    assert x[0].item() == 9 and v is not x and x.view(xt.Array).shape == (4,)
    with pytest.raises(TypeError, match="view: "):
        x.view(type=list)
    for cls in (np.ndarray, np.matrix, np.ma.MaskedArray):  # NumPy's classes: NumPy's views
        view = x.view(type=cls)
        assert type(view) is cls and np.shares_memory(view, np.asarray(x))
    assert type(x.view("f8", np.ndarray)) is np.ndarray
    # what numpy.ma makes of an Array through its view, as of NumPy's own array
    got = np.ma.clip(xt.arange(4.0), 0, 2)
    assert type(got) is np.ma.MaskedArray and got.tolist() == [0.0, 1.0, 2.0, 2.0]
    assert x.view("V8").dtype == np.arange(4).view("V8").dtype  # a host-only void dtype


@given(
    data=st.data(),
    dtype=st.sampled_from(("int64", "float64", "complex128", "uint16")),
    field=st.sampled_from(("int8", "uint8", "int32", "float32", "float64", "int64")),
    offset=st.integers(-1, 16),
)
def test_getfield_and_setfield_match_numpy(data, dtype, field, offset):
    a = data.draw(_arr(dtype, shapes(max_dims=2, max_side=4)))
    _both(a, "getfield", field, offset)
    _both(a.copy(), "setfield", 7, field, offset)
    try:  # the byte route that CUDA buffers (no getfield) take gives NumPy's answer too
        want = a.getfield(field, offset)
    except ValueError:
        with pytest.raises(ValueError, match="getfield: "):
            _field_by_bytes(a, np.dtype(field), offset, "getfield")
        return
    np.testing.assert_array_equal(_field_by_bytes(a, np.dtype(field), offset, "getfield"), want)


@given(data=st.data(), dtype=st.sampled_from(NUMBERS), inplace=st.booleans())
def test_byteswap_and_tobytes_match_numpy(data, dtype, inplace):
    a = data.draw(_arr(dtype, shapes(max_dims=2)))
    x, got = _both(a.copy(), "byteswap", inplace)
    if inplace:
        assert got is x
    np.testing.assert_array_equal(np.asarray(_byteswapped(a)), a.byteswap())
    for order in ("C", "F", "A"):
        assert xt.asarray(a).tobytes(order) == a.tobytes(order)


# --- flags, base, setflags -------------------------------------------------------------------

_LAYOUTS = [
    np.ones((2, 3)),
    np.ones((2, 3)).T,
    np.ones((2, 3))[:, ::2],
    np.ones(()),
    np.ones(0),
    np.arange(6.0)[1:],
    np.ones((1, 4)),
]


@pytest.mark.parametrize("a", _LAYOUTS)
def test_flags_match_numpy(a):
    flags, want = xt.asarray(a).flags, a.flags
    for name in ("c_contiguous", "f_contiguous", "writeable", "aligned", "writebackifcopy"):
        assert getattr(flags, name) is getattr(want, name), name
    for name in ("fnc", "forc", "behaved", "carray", "farray"):
        assert getattr(flags, name) == getattr(want, name), name
    for key in ("C_CONTIGUOUS", "C", "F", "FORTRAN", "W", "A", "X", "FNC", "CA", "FA", "B"):
        assert flags[key] == want[key], key
    assert repr(flags) == repr(want) or not a.flags.owndata
    with pytest.raises(KeyError):
        flags["NOPE"]
    with pytest.raises(KeyError):
        flags["C"] = True
    with pytest.raises(AttributeError):
        flags.c_contiguous = True


def test_owndata_and_base_follow_numpy(monkeypatch):
    from xtensor._backends import cpu as allocator
    from xtensor._dispatch import PLANS
    from xtensor._iter import plan_cache_clear

    monkeypatch.setattr(allocator, "MIN_BYTES", 1 << 20)  # 2 MiB outputs from the cache
    PLANS.clear()  # (a plan recorded before allocates as it did then)
    plan_cache_clear()
    base = xt.arange(6.0)
    assert base.base is None and base.flags.owndata
    view = base[1:]
    assert not view.flags.owndata and xt.shares_memory(view.base, base)
    assert_same(view.base, np.arange(6.0))
    ones = xt.ones(1 << 18)
    big = ones + 1  # a large output from the CPU backend's buffer cache
    assert big._data.base is not None  # a view of a cached buffer, seen as NumPy's own
    assert big.base is None and big.flags.owndata and (big + 0).flags.owndata
    assert big[1:].base is not None and not big[1:].flags.owndata
    assert big[:-8].base is not None and not big[:-8].flags.owndata


def test_setflags_and_writeable_match_numpy():
    x = xt.arange(3)
    x.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        x[0] = 5
    view = x[1:]
    with pytest.raises(ValueError, match="setflags: cannot set WRITEABLE flag to True"):
        view.setflags(write=True)
    x.setflags(write=True)
    x[0] = 5
    assert x[0].item() == 5 and x.flags["W"]
    x.flags["W"] = False
    assert not x.flags.writeable
    with pytest.raises(ValueError, match="setflags: cannot set WRITEBACKIFCOPY"):
        x.setflags(uic=True)


# --- flat ----------------------------------------------------------------------------------


@given(a=_arr("int16", shapes(max_dims=3, max_side=4)), data=st.data())
def test_flat_matches_numpy(a, data):
    x = xt.asarray(a.copy())
    assert len(x.flat) == len(a.flat)
    assert [v.item() for v in x.flat] == [int(v) for v in a.flat]
    n = a.size
    key = data.draw(
        st.one_of(
            st.integers(-n - 1, n),
            st.builds(slice, st.integers(-n, n), st.integers(-n, n), st.sampled_from([1, 2, -1])),
            st.lists(st.integers(-n, max(n - 1, 0)), max_size=3),
        )
    )
    try:
        want = a.flat[key]
    except IndexError:
        with pytest.raises(IndexError, match="flat: "):
            x.flat[key]
        return
    assert_same(x.flat[key], np.asarray(want))
    value = data.draw(st.sampled_from([7, [1, 2], np.array([-1, -2, -3], np.int16)]))
    b = a.copy()
    given = xt.asarray(value) if isinstance(value, np.ndarray) else value
    try:
        b.flat[key] = value
    except ValueError:
        with pytest.raises(ValueError, match="flat: "):
            x.flat[key] = given
        return
    x.flat[key] = given
    assert_same(x, b)
    assert_same(x.flat.copy(), b.flatten()) and x.flat.base is x


# --- resize --------------------------------------------------------------------------------


@given(
    a=_arr("float32", shapes(max_dims=2), views=False),
    new_shape=st.one_of(st.integers(0, 8), st.tuples(st.integers(0, 3), st.integers(0, 3))),
)
def test_resize_in_place_matches_numpy(a, new_shape):
    want, x = a.copy(), xt.asarray(a.copy())
    want.resize(new_shape, refcheck=False)
    # refcheck=False: pytest's assertion rewriting and Hypothesis' tracing hold references
    # to x that NumPy's refcheck would count as xtensor's does (see the test below)
    assert x.resize(new_shape, refcheck=False) is None
    assert_same(x, want)
    if isinstance(new_shape, tuple):
        x.resize(*new_shape, refcheck=False)
        assert x.shape == new_shape


def test_resize_refuses_referenced_arrays_like_numpy():
    x = xt.arange(4)
    view = x[1:]
    with pytest.raises(ValueError, match="resize: cannot resize an array that references"):
        x.resize(6)
    x.resize(6, refcheck=False)
    assert_same(x, np.array([0, 1, 2, 3, 0, 0])) and assert_same(view, np.arange(1, 4))
    y = xt.arange(4)
    other_name = y  # a second name for the Array itself, as NumPy's refcheck counts it
    with pytest.raises(ValueError, match="resize: cannot resize an array that references"):
        y.resize(6)
    y.resize(6, refcheck=False)
    assert other_name.shape == (6,)
    with pytest.raises(ValueError, match="resize: negative"):
        xt.arange(3).resize(-1)


# --- sorting, selecting and writing methods ----------------------------------------------------


@given(data=st.data(), dtype=st.sampled_from(NUMBERS[:5]))
def test_partition_searchsorted_put_match_numpy(data, dtype):
    a = data.draw(_arr(dtype, shapes(min_dims=1, max_dims=2, min_side=1), views=False))
    n = a.shape[-1]
    kth = data.draw(st.integers(-n, n))
    _both(a, "partition", kth)
    _both(a, "argpartition", kth, axis=0 if kth < a.shape[0] else -1)
    flat = np.sort(a.reshape(-1))
    _both(flat, "searchsorted", flat[:3], side=data.draw(st.sampled_from(["left", "right"])))
    _both(flat, "searchsorted", flat[:2], sorter=np.arange(flat.size))
    _both(a, "put", data.draw(st.lists(st.integers(-a.size, a.size), max_size=3)), flat[:1])
    _both(a, "put", [a.size + 2], [1], mode=data.draw(st.sampled_from(["wrap", "clip"])))
    _both(a, "nonzero")


def test_compress_choose_take_match_numpy():
    a = np.arange(12).reshape(3, 4)
    _both(a, "compress", [True, False, True], axis=0)
    _both(a, "compress", [False, True])
    _both(np.array([0, 1, 1]), "choose", [[1, 2, 3], [7, 8, 9]])
    _both(np.array([0, 5]), "choose", [[1, 2], [3, 4]], mode="clip")
    _both(np.array([0, 5]), "choose", [[1, 2], [3, 4]])
    for mode in ("raise", "wrap", "clip"):
        _both(a, "take", [0, 13], mode=mode)
        _both(a, "take", [[1, -5]], axis=1, mode=mode)


@pytest.mark.parametrize(
    "method",
    [
        "sum",
        "prod",
        "max",
        "min",
        "mean",
        "std",
        "var",
        "any",
        "all",
        "argmax",
        "argmin",
        "cumsum",
        "cumprod",
    ],
)
def test_out_writes_into_the_given_array_as_numpy(method):
    a = np.arange(1.0, 7.0).reshape(2, 3)
    axis = 1 if method not in ("cumsum", "cumprod") else 0
    want = getattr(a, method)(axis=axis)
    out = xt.zeros(want.shape, dtype=xt.asarray(want).dtype)
    assert getattr(xt.asarray(a), method)(axis=axis, out=out) is out
    assert_same(out, want)
    with pytest.raises(ValueError):  # NumPy refuses an `out` of the wrong shape too
        getattr(a, method)(axis=axis, out=np.zeros(7))
    with pytest.raises(ValueError, match=f"^{method}: "):
        getattr(xt.asarray(a), method)(axis=axis, out=xt.zeros(7))
    raw = np.zeros(want.shape, np.asarray(want).dtype)  # NumPy's own out: filled and answered
    assert getattr(xt.asarray(a), method)(axis=axis, out=raw) is raw
    assert_same(xt.asarray(raw), want)


@given(a=_arr("float64", shapes(min_dims=2, max_dims=4, max_side=3)), offset=st.integers(-3, 3))
def test_diagonal_and_trace_use_numpys_axes(a, offset):
    _both(a, "diagonal", offset)
    _both(a, "diagonal", offset, -1, 0)
    _both(a, "trace", offset, 1, 0)


@given(
    a=_arr("int32", shapes(max_dims=3, max_side=3)),
    order=st.sampled_from(["C", "F", "A", "K"]),
)
def test_order_arguments_match_numpy(a, order):
    for method in ("flatten", "ravel", "copy"):  # (order A and K follow a's own layout)
        x, got = _both(a, method, order, _shared=True)
        want = getattr(a, method)(order)
        assert got.flags.c_contiguous == want.flags.c_contiguous
        assert got.flags.f_contiguous == want.flags.f_contiguous
    _both(a, "reshape", (-1,), order=order)
    _both(a, "astype", "float32", order=order)


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
@pytest.mark.parametrize("target", ["int8", "int64", "float32", "float64", "complex64"])
def test_astype_casting_matches_numpy(casting, target):
    a = np.arange(3, dtype=np.int16)
    _both(a, "astype", target, casting=casting)
    _both(a.astype(np.float64), "astype", target, "K", casting)


def test_conjugate_contains_fill_and_copies():
    a = np.array([[1 + 2j, 3], [4, 5j]])
    x = xt.asarray(a)
    assert_same(x.conjugate(), a.conjugate())
    for value in (3, 4.0, 7, 1 + 2j, [3, 5j], [9, 9]):
        assert (value in x) is (value in a)
    assert (2 in xt.ones((2, 2))) is False and (1 in xt.ones((2, 2))) is True
    for clone in (copy.copy(x), copy.deepcopy(x), pickle.loads(pickle.dumps(x.copy()))):
        assert_same(clone, a)
    x.fill(1)
    assert_same(x, np.ones((2, 2), complex))


@pytest.mark.parametrize("method", ["argsort", "sort"])
def test_sort_methods_take_numpys_keywords(method):
    a = np.array([3, 1, 2])
    _both(a, method, kind="stable")
    _both(a, method, -1, None, None, stable=True)
    _both(a, method, order="x")


def test_methods_not_added():
    # NumPy 2.4's ndarray has no itemset or ptp method.
    x = xt.ones(2)
    for name in ("itemset", "ptp"):
        assert not hasattr(x, name), name


def test_file_methods_write_what_numpy_reads(tmp_path):
    x = xt.asarray([[1.5, -2.0], [0.25, 8.0]])
    path = tmp_path / "x.bin"
    x.tofile(path)
    np.testing.assert_array_equal(np.fromfile(path).reshape(2, 2), np.asarray(x))
    x.dump(tmp_path / "x.pkl")
    np.testing.assert_array_equal(np.load(tmp_path / "x.pkl", allow_pickle=True), np.asarray(x))
    assert x.dumps() == np.asarray(x).dumps()


# --- NumPy's positional keywords on the reductions, scans and sorts ---------------------------

_KEYWORDS = {  # method -> (positional args after axis, keyword args), NumPy's order
    "sum": lambda kd, w: ((None, None, kd, 2, w), {}),
    "prod": lambda kd, w: (("float64", None, kd, 2, w), {}),
    "max": lambda kd, w: ((None, kd, -5, w), {}),
    "min": lambda kd, w: ((None, kd, 5, w), {}),
    "mean": lambda kd, w: (("float32", None, kd), {"where": w}),
    "std": lambda kd, w: ((None, None, 1, kd), {"where": w}),
    "var": lambda kd, w: ((None, None, 0, kd), {}),
    "any": lambda kd, w: ((None,), {"keepdims": kd, "where": w}),
    "all": lambda kd, w: ((None,), {"keepdims": kd, "where": w}),
    "cumsum": lambda kd, w: (("float32",), {}),
    "cumprod": lambda kd, w: ((None,), {}),
    "argmax": lambda kd, w: ((None,), {"keepdims": kd}),
    "argmin": lambda kd, w: ((None,), {"keepdims": kd}),
    "sort": lambda kd, w: (("stable",), {}),
    "argsort": lambda kd, w: (("quicksort", None), {}),
}


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # an empty `where` selection: NaN
@pytest.mark.parametrize("method", sorted(_KEYWORDS))
@given(data=st.data())
def test_methods_take_numpys_keywords_by_position(method, data):
    a = data.draw(_arr(data.draw(st.sampled_from(["int16", "float64"])), shapes(min_dims=1)))
    axis = data.draw(st.integers(-a.ndim, a.ndim - 1))
    where = data.draw(arrays("bool", shape=a.shape[data.draw(st.integers(0, a.ndim)) :]))
    args, kwargs = _KEYWORDS[method](data.draw(st.booleans()), where)
    _both(a, method, axis, *args, **kwargs)


@pytest.mark.parametrize("method", ["sum", "prod", "max", "min", "mean", "var", "any"])
def test_method_out_with_numpys_keywords(method):
    a = np.arange(1.0, 7.0).reshape(2, 3)
    kw = {"initial": 0.5} if method in ("sum", "prod", "max", "min") else {}
    want = getattr(a, method)(axis=0, keepdims=True, **kw)
    out = xt.zeros(want.shape, dtype=xt.asarray(want).dtype)
    assert getattr(xt.asarray(a), method)(0, out=out, keepdims=True, **kw) is out
    assert_same(out, want)


def test_plain_sum_keeps_its_fast_path():
    x = xt.asarray(np.arange(6.0))
    x.sum()
    hits = xt._dispatch.PLANS.hits
    assert_same(x.sum(), np.arange(6.0).sum())
    assert xt._dispatch.PLANS.hits == hits + 1
