"""The compiled hot path (Note [Compiled hot path] in xtensor/_dispatch/_cfast.c): each C twin
gives exactly what its Python function gives (values, dtype, shape, strides, view or copy,
exceptions with their type and message), with NumPy as the oracle, and leaks nothing.

Every test runs each call twice: through the installed object (the C twin, or the Python
function itself under XTENSOR_PURE_PYTHON=1) and through the Python function (`__wrapped__`).
"""

from __future__ import annotations

import gc
import inspect
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from xtensor._dispatch import PLANS
from xtensor._dispatch.compiled import CFAST, PURE_PYTHON, TINY, is_compiled

DTYPES = ["bool", "int8", "int32", "int64", "uint8", "float32", "float64", "complex128"]
SCALARS = [True, 3, -2, 2.5, float("nan"), 1 + 2j]
BINARY = ["__add__", "__mul__", "__sub__", "__truediv__", "__lt__", "__eq__", "__and__"]
SETTINGS = settings(max_examples=60, deadline=None)


def python_of(fn):
    """The Python function behind installed object `fn` (itself when it is Python)."""
    return getattr(fn, "__wrapped__", fn) if is_compiled(fn) else fn


def ufunc_call(name: str):
    """The C twin `xt.<name>(...)` calls: its ufunc class's `__call__`."""
    return getattr(xt, name).__class__.__dict__["__call__"].__func__


def outcome(fn, *args, warn="ignore"):
    """What `fn(*args)` does, comparable across paths: the result's layout and bytes (and its
    identity with an operand), or the exception's type and message. `warn`: what a warning
    does ("error": a warning one path silences and the other does not tells them apart)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter(warn)
            r = fn(*args)
    except Exception as e:
        return ("raised", type(e), str(e))
    if not isinstance(r, xt.Array):
        return ("value", type(r), r)
    d = r._data
    same = tuple(r is a for a in args)  # x += y returns x
    views = tuple(isinstance(a, xt.Array) and np.shares_memory(d, a._data) for a in args)
    flags = (d.flags.writeable, d.flags.c_contiguous, d.flags.f_contiguous, d.flags.owndata)
    return (type(d), d.dtype, d.shape, d.strides, flags, d.tobytes(), views, same)


def written(call, x, answers_itself=True, warn="ignore"):
    """What in-place `call(x)` does to Array `x`: ("raised", type, message), or x's dtype,
    shape, bytes after it (the call answering x, or None: `x += y`, `x[k] = v`)."""
    before = x._data.tobytes()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter(warn)
            r = call(x)
    except Exception as e:
        return ("raised", type(e), str(e))
    value = x.ndim == 0 and not getattr(x, "_as_ndarray", None)  # not NumPy's 0-d ndarray
    if answers_itself and value:  # a value (Note [Elements are values]): x is kept,
        assert r is not x and x._data.tobytes() == before  # and the dunder answers
        r = x = x if r is NotImplemented else r  # NotImplemented or the operator x op y
    assert r is (x if answers_itself else None)
    return (x._data.dtype, x._data.shape, x._data.tobytes())


def _itself(x):
    return x


def assert_same(fn, *args, owner=True):
    """The installed object and its Python function agree on `fn(*args)`, once the first call
    (the full path, which may allocate in another way than the plan it records) has run.
    `owner=False`: whether the result owns its buffer may differ (a fresh 0-d result)."""
    outcome(python_of(fn), *args)
    for _ in range(2):
        fast, slow = outcome(fn, *args), outcome(python_of(fn), *args)
        if not owner and fast[0] is np.ndarray:
            fast, slow = (*fast[:4], fast[4][:3], *fast[5:]), (*slow[:4], slow[4][:3], *slow[5:])
        assert fast == slow, (fn, args)
    return fast


@st.composite
def arrays(draw, dtype=None, max_dims=3):
    """An Array of a drawn dtype and shape (0-d, empty, or up to 4 per axis), sometimes a
    non-contiguous view (a stepped slice or a transpose)."""
    dtype = draw(st.sampled_from(DTYPES)) if dtype is None else dtype
    shape = tuple(draw(st.lists(st.integers(0, 4), max_size=max_dims)))
    values = np.arange(int(np.prod(shape)) * 2).reshape(*shape, 2) % 7 - 3
    data = values.astype(dtype)
    view = draw(st.sampled_from(["first", "second", "transpose"]))
    if view == "transpose" and data.ndim > 2:
        data = data[..., 0].T
    else:
        data = data[..., 0 if view == "first" else 1]  # strided: every other element
    return xt.asarray(data)


operands = st.one_of(arrays(), st.sampled_from(SCALARS))


REDUCTIONS = ["sum", "prod", "max", "min", "mean", "var", "std", "any", "all", "argmax", "argmin"]


def test_extension_is_built_and_used():
    if PURE_PYTHON:
        pytest.skip("XTENSOR_PURE_PYTHON is set: the Python functions run")
    assert CFAST is not None, "the C extension was not built (pip install -e . builds it)"
    installed = [xt.Array.__add__, xt.Array.__neg__, xt.Array.__iadd__, xt.Array.__getitem__]
    installed += [xt.Array.reshape, xt.Array.astype, xt.astype, xt.Array.sum, ufunc_call("add")]
    installed += [getattr(xt.Array, name) for name in REDUCTIONS]
    installed += [xt.zeros, xt.ones, xt.empty, xt.arange, xt.asarray]
    assert all(is_compiled(f) for f in installed)
    assert type(vars(xt.Array)["T"]).__name__ == "compiled_property"


def test_compiled_objects_look_like_their_functions():
    for name in ("__add__", "__neg__", "__iadd__", "__getitem__", "reshape", "sum"):
        fn = getattr(xt.Array, name)
        assert fn.__name__ == name and fn.__qualname__.endswith(name)
        assert inspect.signature(fn) == inspect.signature(python_of(fn))
        assert fn.__doc__ == python_of(fn).__doc__
    assert str(inspect.signature(xt.Array.__add__)) == "(x1, x2: 'ArrayLike', /) -> 'Array'"
    assert xt.add.__name__ == "add" and "Array API" in xt.add.__doc__
    x = xt.asarray([1.0, 2.0])
    assert xt.Array.T.__get__(None, xt.Array) is xt.Array.T  # the class sees the property
    with pytest.raises(AttributeError):
        x.T = x
    assert x.__add__(x).shape == (2,)  # bound like a function


@SETTINGS
@given(x=operands, y=operands, name=st.sampled_from(BINARY))
def test_binary_dunders_match_python(x, y, name):
    if not isinstance(x, xt.Array):
        x, y = y, x  # a dunder's self is an Array
    if not isinstance(x, xt.Array):
        return
    assert_same(getattr(xt.Array, name), x, y)


@SETTINGS
@given(x=operands, y=operands, name=st.sampled_from(["add", "multiply", "less", "maximum"]))
def test_ufunc_calls_match_python_and_numpy(x, y, name):
    result = assert_same(ufunc_call(name), x, y)
    if result[0] == "raised" or isinstance(x, complex) or isinstance(y, complex):
        return
    data = [v._data if isinstance(v, xt.Array) else v for v in (x, y)]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = getattr(np, name)(*data)
        except Exception:
            return  # NumPy refuses what the standard allows (or the reverse)
    got = np.asarray(getattr(xt, name)(x, y))
    assert got.dtype == np.asarray(want).dtype and got.shape == np.shape(want)
    np.testing.assert_array_equal(got, want)


@SETTINGS
@given(x=arrays(), name=st.sampled_from(["__neg__", "__abs__", "__invert__"]))
def test_unary_dunders_match_python(x, name):
    assert_same(getattr(xt.Array, name), x)


@SETTINGS
@given(x=arrays(dtype="float64"), name=st.sampled_from(["exp", "sqrt", "negative", "isnan"]))
def test_unary_ufunc_calls_match_python_and_numpy(x, name):
    assert_same(ufunc_call(name), x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = getattr(np, name)(x._data)
        got = np.asarray(getattr(xt, name)(x))
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


def test_ufunc_call_options_take_the_full_path():
    x, out = xt.asarray([1.0, 2.0]), xt.zeros(2)
    assert xt.add(x, x, out=out) is out and out.tolist() == [2.0, 4.0]
    assert xt.add(x, 1, dtype=xt.float32).dtype == xt.float32
    with pytest.raises(TypeError):
        xt.add(x)


def test_not_broadcastable_raises_the_python_message():
    x, y = xt.asarray(np.ones(3)), xt.asarray(np.ones(4))
    for fn in (xt.Array.__add__, ufunc_call("add"), xt.Array.__iadd__):
        for _ in range(2):
            fast, slow = outcome(fn, x, y), outcome(python_of(fn), x, y)
            assert fast == slow and fast[1] is ValueError and "add" in fast[2]


@SETTINGS
@given(
    x=arrays(),
    y=operands,
    name=st.sampled_from(["__iadd__", "__imul__", "__isub__"]),
    element=st.booleans(),
)
def test_in_place_matches_python(x, y, name, element):
    value = element and not x.ndim  # an element, NumPy's scalar; else NumPy's 0-d ndarray
    d = x._data
    fast_x, slow_x = (xt.asarray(d.reshape(1).copy())[0] if value else xt.asarray(d.copy())
                      for _ in range(2))  # fmt: skip
    fn = getattr(xt.Array, name)
    for _ in range(2):
        fast = outcome(fn, fast_x, y)
        slow = outcome(python_of(fn), slow_x, y)
        assert fast[0] == slow[0]  # raised, or the same kind of answer
        if fast[0] == "raised":
            assert fast == slow
        elif not value:
            assert fast[-1][0] and slow[-1][0]  # x itself is returned
        else:  # a value: Python then runs x = x op y (Note [Elements are values] in _array.py)
            assert fast[2] is slow[2] is NotImplemented
        np.testing.assert_array_equal(fast_x._data, slow_x._data)


def test_in_place_overlap_is_numpy_s():
    for fn in (xt.Array.__iadd__, python_of(xt.Array.__iadd__)):
        z = xt.asarray(np.arange(6.0))
        for _ in range(2):
            fn(z[1:], z[:-1])
    want = np.arange(6.0)
    for _ in range(2):
        want[1:] += want[:-1]
    np.testing.assert_array_equal(z._data, want)


@pytest.mark.parametrize("shape", [(10,), (511,), (16384,), (20001,), (3, 7), (16, 33)])
@pytest.mark.parametrize("layout", ["contiguous", "strided mask", "strided data"])
@pytest.mark.parametrize("density", [0.0, 0.02, 0.5, 0.98, 1.0])
def test_mask_index_matches_python_and_numpy(shape, layout, density):
    """`x[mask]` of a boolean Array of x's shape, compacted in C without branches (Note [Masks
    without branches]: blocks of eight mask bytes none, all or some set) at any density and
    size below the threaded compaction's threshold, as NumPy's index answers."""
    rng = np.random.default_rng(0)
    data, mask = rng.random(shape), rng.random(shape) < density
    if layout != "contiguous":
        wide = np.repeat(mask if layout == "strided mask" else data, 2, axis=-1)
        if layout == "strided mask":
            mask = wide[..., ::2]
        else:
            data = wide[..., ::2]
    got = assert_same(xt.Array.__getitem__, xt.asarray(data), xt.asarray(mask))
    assert got[5] == data[mask].tobytes()
    if CFAST is not None and mask.ndim == 1:
        x, m = xt.asarray(data), xt.asarray(mask)
        assert "__getitem__" not in python_frames(lambda: x[m])


@pytest.mark.parametrize("dtype", ["bool", "int8", ">f8", "complex128", "U3", "object"])
@pytest.mark.parametrize("shape", [(), (0,), (7,), (2, 3, 2)])
def test_small_mask_index_of_each_dtype_matches_python_and_numpy(dtype, shape):
    """The C's own copy of the masked items (plain items; a transposed, strided or object
    array is NumPy's index): NumPy's dtype, shape and bytes, a mask byte other than 1 being
    True, as NumPy reads it."""
    n = int(np.prod(shape))
    data = np.arange(n).astype(dtype).reshape(shape)
    raw = (np.arange(n, dtype=np.uint8) * 7 % 3).reshape(shape)  # bytes 0, 1 and 2
    mask = raw.view(np.bool_)
    for d, m in ((data, mask), (data.T, mask.T), (data.T, mask.T.copy())):
        x = xt.asarray(d)  # (in native byte order)
        got = assert_same(xt.Array.__getitem__, x, xt.asarray(m))
        want = x._data[m]
        assert got[1:3] == (want.dtype, want.shape)
        if dtype != "object":
            assert got[5] == want.tobytes()


@SETTINGS
@given(x=arrays())
def test_transposes_match_python(x):
    for name in ("T", "mT"):
        prop = vars(xt.Array)[name]
        python = prop.fget  # a compiled property's attributes are its property's

        def installed(a, name=name):
            return getattr(a, name)

        fast, slow = outcome(installed, x), outcome(python, x)
        assert fast == slow


@SETTINGS
@given(x=arrays(), shape=st.lists(st.integers(-1, 12), max_size=3))
def test_reshape_matches_python(x, shape):
    result = assert_same(xt.Array.reshape, x, *shape)
    if result[0] != "raised":
        np.testing.assert_array_equal(xt.Array.reshape(x, *shape)._data, x._data.reshape(shape))


@SETTINGS
@given(x=arrays(), to=st.sampled_from(DTYPES), method=st.booleans())
def test_astype_matches_python_and_numpy(x, to, method):  # the method's twin, the function's
    x._data[...] = x._data  # keep the values; NaN below for floats
    if x.dtype in (xt.float32, xt.float64) and x.size:
        x._data.flat[0] = np.nan
    target, fn = getattr(xt, to), xt.Array.astype if method else xt.astype
    outcome(python_of(fn), x, target)
    for _ in range(2):  # "error": an unsilenced NaN cast would raise in one path only
        fast = outcome(fn, x, target, warn="error")
        assert fast == outcome(python_of(fn), x, target, warn="error")
    kept = [outcome(lambda a, d, f=f: f(a, d, copy=False), x, x.dtype) for f in (fn, python_of(fn))]
    assert kept[0][-1][0] and kept[0] == kept[1]  # x itself
    if fast[0] != "raised":
        assert not fast[-2][0]  # a copy of x
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            np.testing.assert_array_equal(fn(x, target)._data, x._data.astype(to))


def test_large_calls_are_the_python_path():
    """From TINY elements on, calls give the Python function's answer (test_cfast_operands)."""
    x = xt.asarray(np.ones(TINY))
    for fn, args in [
        (xt.Array.__add__, (x, x)),
        (xt.Array.__neg__, (x,)),
        (ufunc_call("add"), (x, 1.0)),
    ]:
        assert_same(fn, *args)


def _counts(objects) -> list:
    return [sys.getrefcount(o) for o in objects]


@pytest.mark.parametrize(
    "call",
    [
        lambda x, y: x + y,
        lambda x, y: x + 2.0,
        lambda x, y: 2 + x,
        lambda x, y: xt.add(x, y),
        lambda x, y: x < y,
        lambda x, y: -x,
        lambda x, y: xt.exp(x),
        lambda x, y: x[1],
        lambda x, y: x[1:3],
        lambda x, y: x[(1,)],
        lambda x, y: x[9],  # out of range: the Python path raises
        lambda x, y: x[..., 1],
        lambda x, y: x.reshape(2, 2)[1, 0],
        lambda x, y: x.__setitem__(slice(1, 3), 2.0),
        lambda x, y: x.__setitem__(x > 1.0, y),
        lambda x, y: x.__setitem__([0, 2], 1),
        lambda x, y: x.__setitem__([0, 9], 1),  # out of range: the Python path raises
        lambda x, y: x.T,
        lambda x, y: x.reshape(2, 2),
        lambda x, y: x.reshape(3, 3),  # refused: the Python path raises
        lambda x, y: x.astype(xt.float32),
        lambda x, y: x.astype(xt.int8),
        lambda x, y: x.sum(),
        lambda x, y: x.max(),
        lambda x, y: x.argmax(),
        lambda x, y: x[:0].argmin(),  # empty: the Python path raises
        lambda x, y: x + xt.ones(3),  # not broadcastable
        lambda x, y: x.__iadd__(y),
        lambda x, y: xt.zeros(3),
        lambda x, y: xt.zeros((2, 2), dtype=xt.float32),
        lambda x, y: xt.ones(3, xt.int8),
        lambda x, y: xt.empty((0, 4)),
        lambda x, y: xt.zeros(-1),  # refused: the Python path raises
        lambda x, y: xt.arange(4),
        lambda x, y: xt.arange(1, 4, 0.5),
        lambda x, y: xt.arange(0, 4, 0),  # refused: the Python path raises
        lambda x, y: xt.asarray([1.0, 2.5, True]),
        lambda x, y: xt.asarray([1, 2], dtype=xt.float32),
        lambda x, y: xt.asarray([1, 2**70]),  # refused: the Python path raises
    ],
)
def test_no_reference_leaks(call):
    x, y = xt.asarray(np.arange(4.0)), xt.asarray(np.ones(4))
    watched = [x, y, x._data, y._data, x._data.dtype, np.add, np.float32, xt.float32]

    def run():
        try:
            r = call(x, y)
        except (ValueError, IndexError, TypeError, ZeroDivisionError):
            return None
        return r

    for _ in range(3):  # warm: plans recorded, small tables filled
        run()
    gc.collect()
    before = _counts(watched)
    objects = len(gc.get_objects())
    for _ in range(1000):
        r = run()
    if r is not None and r is not x:
        counts = sys.getrefcount(r), sys.getrefcount(r._data)
        assert counts == (2, 2)  # the name, its Array; each plus getrefcount's argument
    del r
    gc.collect()
    assert _counts(watched) == before
    assert len(gc.get_objects()) < objects + 50


def test_hits_are_counted_once():
    x = xt.asarray(np.arange(4.0))
    for fn in (lambda: x + x, lambda: xt.add(x, x), lambda: -x, lambda: x.astype(xt.float32)):
        fn()
        hits = PLANS.hits
        fn()
        assert PLANS.hits == hits + 1


# --- creation functions: zeros, ones, empty, arange, asarray (_creation.py) ----------------


def assert_same_call(fn, *args, **kwargs):
    """assert_same for a call with keywords and no Array operands; `empty`'s bytes are left
    out (uninitialised memory)."""

    def seen(f):
        r = outcome(lambda: f(*args, **kwargs))
        return r[:5] if fn is xt.empty and r[0] is np.ndarray else r

    seen(python_of(fn))  # the first call fills the dtype cache both paths read
    for _ in range(2):
        fast, slow = seen(fn), seen(python_of(fn))
        assert fast == slow, (fn, args, kwargs)
    return fast


SHAPES = st.one_of(
    st.integers(-2, 5),
    st.lists(st.integers(-1, 4), max_size=4).map(tuple),
    st.sampled_from([[2, 3], (2.0,), np.int64(3), (np.int64(2), 3), True, (True, 2), 2**70]),
)
CREATION_DTYPES = st.sampled_from(
    [None, "float32", "int8", "uint16", "float16", "complex64", "f8", float, bool, xt.int64]
    + [xt.bool, xt.complex128, np.float32, np.dtype("i2"), np.dtype(">f8"), "object", "nope"]
    + [[1]]
)


@SETTINGS
@given(
    name=st.sampled_from(["zeros", "ones", "empty"]),
    shape=SHAPES,
    dtype=CREATION_DTYPES,
    how=st.sampled_from(["keyword", "position", "absent"]),
    order=st.sampled_from([None, "C", "F", "K"]),
    device=st.sampled_from([None, "cpu"]),
)
def test_filled_match_python_and_numpy(name, shape, dtype, how, order, device):
    fn = getattr(xt, name)
    args, kwargs = (shape,), {} if device is None else {"device": device}
    if how == "keyword":
        kwargs["dtype"] = dtype
    elif how == "position":
        args += (dtype,)
    if order is not None:
        kwargs["order"] = order
    got = assert_same_call(fn, *args, **kwargs)
    plain = all(type(n) is int for n in (shape if type(shape) is tuple else (shape,)))
    if got[0] is np.ndarray and name != "empty" and order in (None, "C", "F") and plain:
        want = getattr(np, name)(shape, dtype=got[1], order=order or "C")
        assert got[3] == want.strides
        assert got[1] == (np.float64 if how == "absent" or dtype is None else got[1])
        assert (got[2], got[5]) == (want.shape, want.tobytes())


def test_filled_keywords_bind_as_python():
    for call in [
        lambda f: f(3, "f4", "C", dtype="f8"),  # dtype twice
        lambda f: f(3, None, "C", None),  # too many positional arguments
        lambda f: f(shape=(2, 3)),
        lambda f: f((2,), shape=3),
        lambda f: f(3, colour="red"),
        lambda f: f(),
        lambda f: f(3, like=xt.zeros(1)),
    ]:
        for fn in (xt.zeros, xt.ones, xt.empty):
            fast, slow = outcome(call, fn), outcome(call, python_of(fn))
            keep = 5 if fn is xt.empty else None  # uninitialised bytes
            assert fast[:keep] == slow[:keep], fast


NUMBERS = st.one_of(
    st.integers(-20, 20),
    st.floats(-20, 20, width=32),
    st.sampled_from([0, 0.0, -0.5, 2**63, -(2**70), float("nan"), float("inf"), True, None]),
    st.sampled_from([np.int64(3), np.float32(2.5), "3"]),
)


@SETTINGS
@given(
    start=NUMBERS,
    stop=st.one_of(st.just("absent"), NUMBERS),
    step=st.one_of(st.just("absent"), NUMBERS),
    dtype=st.sampled_from(["absent", None, "int32", xt.float64]),
)
def test_arange_matches_python_and_numpy(start, stop, step, dtype):
    given_ = {"stop": stop, "step": step, "dtype": dtype}
    kwargs = {k: v for k, v in given_.items() if not isinstance(v, str) or v != "absent"}
    by_position = [start] + [kwargs.pop(k) for k in ("stop", "step") if k in kwargs]
    for args, kw in [((start,), kwargs), (tuple(by_position), kwargs)]:
        got = assert_same_call(xt.arange, *args, **kw)
        simple = all(type(v) in (int, float) for v in (start, kwargs.get("stop", 0)))
        if got[0] is np.ndarray and simple and not kw:
            want = np.arange(*args)
            assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())


LIST_ITEMS = st.one_of(
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-5, 5),
    st.floats(allow_nan=True, allow_infinity=True),
    st.complex_numbers(max_magnitude=1e3),
    st.sampled_from([None, np.float32(1.5), np.int64(2), "1", [1.0, 2.0], [], (1,)]),
)


@SETTINGS
@given(
    values=st.one_of(
        st.lists(st.floats(allow_nan=True), max_size=12),
        st.lists(st.integers(-(2**63), 2**63 - 1), max_size=12),
        st.lists(st.booleans(), max_size=5),
        st.lists(st.one_of(st.booleans(), st.integers(-9, 9), st.floats(-9, 9)), max_size=6),
        st.lists(LIST_ITEMS, max_size=6),
    ),
    dtype=st.sampled_from([None, "float32", "int8", xt.int64, xt.bool, "complex64", np.uint8]),
    copy=st.sampled_from(["absent", None, True, False]),
    device=st.sampled_from([None, "cpu"]),
)
def test_asarray_of_a_list_matches_python_and_numpy(values, dtype, copy, device):
    kwargs = {} if dtype is None else {"dtype": dtype}
    kwargs.update({} if copy == "absent" else {"copy": copy})
    kwargs.update({} if device is None else {"device": device})
    got = assert_same_call(xt.asarray, values, **kwargs)
    plain = all(
        type(v) in (bool, float) or type(v) is int and -(2**63) <= v < 2**63 for v in values
    )
    if dtype is None and plain and copy is not False:
        want = np.asarray(values)
        assert (got[1], got[2], got[5]) == (want.dtype, want.shape, want.tobytes())
    if got[0] is np.ndarray:
        assert got[1] in (np.bool_, np.int64, np.float64, np.complex128) or dtype is not None


def test_asarray_of_other_objects_is_the_python_path():
    x = xt.asarray([1.0, 2.0])
    for obj in ((1, 2), [[1, 2], [3, 4]], np.arange(3), 2.5, [np.float64(1.0)], x, [x, x]):
        assert_same_call(xt.asarray, obj)
    assert xt.asarray(x) is x
    assert_same_call(xt.asarray, [1, 2], xt.float32)  # dtype is keyword-only
    assert_same_call(xt.asarray, obj=[1, 2])  # obj is positional-only


def python_frames(call) -> set:
    """The names of the Python functions `call()` enters."""
    seen = set()

    def profile(frame, event, arg):
        if event == "call":
            seen.add(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return seen


def test_plain_creation_calls_stay_in_c():
    if CFAST is None:
        pytest.skip("the C extension is off: the Python functions run")
    for call in [
        lambda: xt.zeros(3),
        lambda: xt.ones((2, 3), dtype=xt.float32),
        lambda: xt.empty((), "int8", "C", device=None),
        lambda: xt.arange(10),
        lambda: xt.arange(1.0, 5, step=0.5),
        lambda: xt.asarray([1.0, 2, True], copy=True),
        lambda: xt.asarray([], dtype=xt.int64),
    ]:
        call()  # the dtype cache learns each spelling on the Python path
        assert python_frames(call) - {"__hash__"} == {"<lambda>"}  # a DType's hash is Python
    refused = python_frames(lambda: outcome(lambda: xt.arange(0, 3, 0)))
    assert "arange" in refused  # the twin raises, naming the function
