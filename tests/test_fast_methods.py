"""The first branches of Array's everyday NumPy methods (ravel, squeeze, sort, fill, take,
real...) against NumPy's methods as the oracle, and against the checked path (the namespace
call each method falls through to): the same values bit for bit, dtype, shape, strides and
view-or-copy. Calls outside the branches (keywords, the meta device, errors) keep their
answers and their errors' wording; the in-place methods change the array as NumPy's do.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, shapes
from tests.test_cfast import written
from xtensor._dispatch.compiled import python_of

SETTINGS = settings(max_examples=25, deadline=None)
DTYPES = ("bool", "int8", "uint8", "int64", "float16", "float32", "float64", "complex128")


def _array(dtypes=DTYPES, **shape):
    """A NumPy array of one of `dtypes`: 0-d, empty and non-contiguous views included."""
    return st.tuples(st.sampled_from(dtypes), shapes(**shape)).flatmap(lambda ds: arrays(*ds))


def same(got, want, *, layout: bool = True) -> None:
    """`got` (an Array) holds NumPy's `want` bit for bit, with its dtype and shape (and its
    strides, where `layout` and it has elements)."""
    assert type(got) is xt.Array
    g = got._data
    assert type(g) is np.ndarray, f"expected an ndarray buffer, got {type(g)}"
    w = np.asarray(want)
    assert (g.dtype, g.shape) == (w.dtype, w.shape)
    assert g.tobytes() == w.tobytes()  # NaN payloads and signed zeros too
    if layout and w.size:  # an empty array's strides are its constructor's choice
        assert g.strides == w.strides


def on_buffer(a):
    """(Array of NumPy array `a`, its buffer): NumPy's methods on the buffer are the oracle,
    as asarray may give size-1 and empty axes other strides than `a`'s."""
    x = xt.asarray(a)
    return x, x._data


def shares(got, x) -> bool:
    return np.shares_memory(got._data, x._data)


# --- views and shapes ----------------------------------------------------------------------


@SETTINGS
@given(a=_array())
def test_view_methods_match_numpy(a):
    x, a = on_buffer(a)
    for name in ("transpose", "view"):
        got = getattr(x, name)()
        same(got, getattr(a, name)())
        assert shares(got, x) == np.shares_memory(getattr(a, name)(), a)
    # ravel is NumPy's: a view of C-contiguous data, else a contiguous copy (which no write
    # to it can reach x through)
    got = x.ravel()
    same(got, a.ravel(), layout=a.size > 1)
    assert shares(got, x) == np.shares_memory(a.ravel(), a) and got._data.flags.c_contiguous
    if a.size:  # where nothing goes NumPy's squeeze is `a` itself, and xtensor's is `x`
        got = x.squeeze()
        same(got, a.squeeze())
        assert (got is x) == (a.squeeze() is a) and shares(got, x)
    if a.ndim:
        same(x.swapaxes(0, -1), a.swapaxes(0, -1))


@SETTINGS
@given(a=_array())
def test_flatten_is_a_fresh_c_order_copy(a):
    x, a = on_buffer(a)
    got = x.flatten()
    same(got, a.flatten())
    assert not shares(got, x) or a.size == 0
    assert got._data.flags.writeable and got._data.flags.owndata  # NumPy's own flatten


@SETTINGS
@given(a=_array())
def test_conj_method_answers_real_arrays_themselves(a):
    """NumPy's `a.conj()` is `a` for a real array, a conjugated copy for a complex one."""
    x, a = on_buffer(a)
    assert (x.conj() is x) == (a.conj() is a) and (x.conjugate() is x) == (a.dtype.kind != "c")
    same(x.conj(), a.conj())
    z, c = on_buffer(a + 1j * a if a.dtype.kind == "f" else a.astype(np.complex64))
    same(z.conj(), c.conj())
    assert not shares(z.conj(), z) or c.size == 0


@SETTINGS
@given(a=_array(), repeats=st.integers(0, 3))
def test_repeat_matches_numpy(a, repeats):
    x, a = on_buffer(a)
    same(x.repeat(repeats), a.repeat(repeats))
    if a.ndim:
        same(x.repeat(repeats, -1), a.repeat(repeats, -1))


def test_squeeze_and_swapaxes_outside_the_branch():
    x = xt.asarray(np.zeros((1, 3, 1)))
    assert x.squeeze(0).shape == (3, 1) and x.squeeze([0, 2]).shape == (3,)
    assert xt.asarray(np.zeros((0, 1))).squeeze().shape == (0,)
    with pytest.raises(ValueError, match="only axes of size 1 can be removed"):
        x.squeeze(1)
    with pytest.raises(ValueError, match="swapaxes"):
        x.swapaxes(0, 5)
    with pytest.raises(ValueError, match="repeat: repeats must not be negative"):
        x.repeat(-1)


# --- complex parts -------------------------------------------------------------------------


@SETTINGS
@given(a=_array())
def test_real_imag_conj_match_numpy(a):
    x, a = on_buffer(a)
    same(x.real, a.real)
    same(x.imag, a.imag)
    assert shares(x.real, x) or not a.size
    same(x.conj(), a.conj())  # `x` itself for real data, as NumPy's method answers `a`
    same(x.conjugate(), a.conjugate())
    if a.dtype.kind == "c":
        assert not shares(x.conj(), x) or a.size == 0


def test_conj_outside_the_branch():
    b = xt.asarray([True, False])
    assert (
        b.conj() is b and xt.conj(b).dtype == xt.int8
    )  # the method is NumPy's, the function the namespace's
    meta = xt.asarray([1.0, 2.0], device="meta").conj()
    assert meta.device == xt.Device("meta") and meta.shape == (2,)


# --- arithmetic ----------------------------------------------------------------------------


@SETTINGS
@given(a=_array(("int8", "int64", "float32", "float64", "complex128")), d=st.integers(-2, 3))
def test_round_matches_numpy(a, d):
    x, a = on_buffer(a)
    with np.errstate(all="ignore"):
        want = np.round(a, d)
    same(x.round(d), want, layout=d == 0 and a.flags.c_contiguous or d != 0)


@SETTINGS
@given(a=_array(("float32", "float64")), lo=st.floats(-2, 0), hi=st.floats(0, 2))
def test_clip_matches_numpy(a, lo, hi):
    x, a = on_buffer(a)
    got = x.clip(lo, hi)
    same(got, np.clip(a, lo, hi), layout=a.flags.c_contiguous)


def test_dot_and_nonzero():
    a = np.arange(6.0)
    x = xt.asarray(a)
    same(x.dot(x), a.dot(a))
    out = xt.zeros(())
    assert x.dot(x, out) is out and float(out) == a.dot(a)
    for got, want in zip(x.nonzero(), a.nonzero(), strict=True):
        same(got, want)


@SETTINGS
@given(
    a=_array(("bool", "int32", "float32", "float64", "complex128"), min_dims=1, max_dims=2),
    other=st.sampled_from(("float64", "same")),
)
def test_dot_and_nonzero_methods_match_numpy(a, other):
    """The methods' C twins ("pair", "nonzero") take same-dtype arrays; others fall through."""
    x, a = on_buffer(a)
    b = (a if other == "same" else np.linspace(-1, 1, a.size).reshape(a.shape)).T
    y = xt.asarray(b)
    with np.errstate(all="ignore"):
        want = a.dot(b)
    same(x.dot(y), want, layout=False)
    for got, w in zip(x.nonzero(), a.nonzero(), strict=True):
        same(got, w)  # intp: int64 here


@SETTINGS
@given(a=_array())
def test_item_and_tolist_are_numpys(a):
    """The "passthrough" twins answer NumPy's methods of the data, errors included."""
    x, a = on_buffer(a)
    assert x.tolist() == a.tolist() or a.dtype.kind in "fc"  # (NaN != NaN)
    assert repr(x.tolist()) == repr(a.tolist())
    for i in range(min(a.size, 5)):
        assert repr(x.item(i)) == repr(a.item(i))
    for args in ((a.size,), (), ("0",), (0,) * (a.ndim + 1)):
        try:
            want = repr(a.item(*args))
        except Exception as e:  # noqa: BLE001 -- any NumPy error: the same one
            with pytest.raises(type(e), match=re.escape(str(e))):
                x.item(*args)
        else:
            assert repr(x.item(*args)) == want
    with pytest.raises(TypeError, match="takes 1 positional argument"):
        x.tolist(1)  # the Python method's own error: the twin passes on no argument


@SETTINGS
@given(a=_array())
def test_copy_function_keeps_the_layout(a):
    """`xt.copy(x)`: the C twin (method0's COPY_K) of copy's first branch, np.copy's answer."""
    x, a = on_buffer(a)
    got = xt.copy(x)
    same(got, np.copy(a))  # order 'K': the layout kept, strides included
    assert got._data.flags.owndata and (not shares(got, x) or a.size == 0)


# --- sorting and searching -----------------------------------------------------------------


@SETTINGS
@given(a=_array(DTYPES, min_dims=1, max_side=8))
def test_sort_in_place_as_numpy(a):
    x = xt.asarray(a)
    view = x[...]
    want = np.sort(a, kind="stable")
    assert x.sort() is None
    same(x, want, layout=False)
    same(view, want, layout=False)  # written in place: views see it
    same(xt.asarray(a).argsort(), a.argsort(kind="stable").astype(np.int64))


def test_sort_outside_the_branch():
    ro = xt.asarray(np.array([3.0, 1.0]))
    ro.setflags(write=False)
    with pytest.raises(ValueError):
        ro.sort()
    x = xt.asarray([3, 1, 2])
    x.sort(kind="stable")
    assert x.tolist() == [1, 2, 3]
    with pytest.raises((ValueError, IndexError), match="axis"):
        xt.asarray(3.0).sort()
    rng = np.random.default_rng(0)
    zeros_nans = np.array([0.0, -0.0, np.nan, -np.nan, 1.0] * 60)  # kept as the stable sort's
    for big, axis in [
        (rng.standard_normal(1000), -1),  # in place by NumPy's fast sort, or by the namespace's
        (rng.standard_normal((40, 30)).astype(np.float32), 0),
        (rng.integers(0, 9, (30, 300)), 1),
        (zeros_nans, 0),
        (zeros_nans.reshape(20, 15).T, 1),  # not contiguous
        (rng.standard_normal(5000), 0),  # a radix sort's row
    ]:
        y = xt.asarray(big.copy())
        view = y[...]
        y.sort(axis)
        want = np.sort(big, axis, kind="stable")
        same(y, want, layout=False)
        same(view, want, layout=False)


@SETTINGS
@given(a=_array(("int8", "float32", "float64"), min_dims=1, max_dims=1, max_side=8))
def test_searchsorted_matches_numpy(a):
    a = np.sort(a)
    x = xt.asarray(a)
    for side in ("left", "right"):
        same(x.searchsorted(0.5, side), np.asarray(a.searchsorted(0.5, side)))  # (0.5 > int 0)
        v = np.array([-1.0, 0.0, 2.0])
        same(x.searchsorted(xt.asarray(v), side), a.searchsorted(v, side).astype(np.int64))


# --- elements ------------------------------------------------------------------------------


@SETTINGS
@given(a=_array(min_dims=1), data=st.data())
def test_take_matches_numpy(a, data):
    x, a = on_buffer(a)
    if a.size:
        idx = data.draw(st.lists(st.integers(-a.size, a.size - 1), min_size=1, max_size=4))
        same(x.take(idx), a.take(idx))
        same(x.take(xt.asarray(idx)), a.take(np.asarray(idx)))
    with pytest.raises(IndexError, match="take"):
        x.take([a.size])


def test_take_outside_the_branch():
    x = xt.asarray([1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="take: Cannot cast"):
        x.take([1, 2.5])  # NumPy's own take would truncate it
    assert repr(x.take([])) == repr(np.asarray([1.0, 2.0, 3.0]).take([]))  # as the function
    assert repr(xt.take(x, [])) == repr(x.take([]))
    assert x.take([5], mode="clip").tolist() == [3.0]


@SETTINGS
@given(a=_array(("int8", "uint8", "int64", "float32", "float64", "complex128")))
def test_fill_in_place_as_numpy(a):
    for value in (0.5, 3, -1):
        if a.dtype.kind in "iu" and type(value) is float:
            continue
        x, want = xt.asarray(a.copy()), a.copy()
        try:
            want.fill(value)
        except OverflowError:
            with pytest.raises(OverflowError):
                x.fill(value)
            continue
        assert x.fill(value) is None
        same(x, want)


def test_fill_outside_the_branch():
    x = xt.asarray([1.0, 2.0])
    x.setflags(write=False)
    with pytest.raises(ValueError):
        x.fill(0.5)
    with pytest.raises(TypeError, match="cannot store a complex value"):
        xt.asarray([1.0]).fill(1j)


# --- memory attributes ---------------------------------------------------------------------


@SETTINGS
@given(a=_array())
def test_memory_attributes_match_numpy(a):
    x, a = on_buffer(a)
    assert x.tobytes() == a.tobytes() and x.tobytes("F") == a.tobytes("F")
    for key in ("C", "F", "W", "A"):
        assert x.flags[key] == a.flags[key]
    assert (x.base is None) == (x._data.base is None)
    if a.size:
        same(x.flat[0], np.asarray(a.flat[0]))
        same(x.flat[-1], np.asarray(a.flat[-1]))
        assert not shares(x.flat[0], x)
    with pytest.raises(IndexError, match="flat"):
        x.flat[a.size]


@SETTINGS
@given(a=_array(), big=st.booleans())
def test_flags_getter_is_its_property(a, big):
    """The C getter answers NumPy's flags object where OWNDATA agrees, the property's
    elsewhere (a buffer of the output cache, which owns its memory): the same flags."""
    x = xt.asarray(a) if not big else xt.ones(1 << 18) + 1
    got, want = x.flags, xt.Array.flags.fget(x)
    assert type(got) is type(want) and repr(got) == repr(want) and got.owndata == want.owndata
    assert got.owndata == (x.base is None)


@SETTINGS
@given(
    a=_array(DTYPES + ("uint64", ">f8", "<i2", ">c16", "datetime64[s]", "U3")),
    i=st.integers(-40, 40) | st.sampled_from([2**63, -(2**63) - 1, 2**70]),
)
def test_flat_item_is_its_python_twin(a, i):
    x = xt.asarray(a)
    python = python_of(xt.flatiter.__getitem__)
    try:
        want = python(x.flat, i)
    except (IndexError, OverflowError) as e:  # (NumPy's errors, named by the twin or not)
        with pytest.raises(type(e), match=re.escape(str(e))):
            x.flat[i]
        return
    got = x.flat[i]
    if a.dtype.kind in "MmU":  # text and dates: NumPy's scalar, as x[i] gives it
        assert type(got) is type(want) is type(a.flat[i]) and repr(got) == repr(a.flat[i])
        return
    same(got, want)
    assert not shares(got, x) and got._data.flags.writeable


def test_meta_device_attributes():
    m = xt.asarray([[1.0, 2.0]], device="meta")
    assert m.view().shape == (1, 2) and m.real.shape == (1, 2)
    assert m.T.shape == (2, 1) and m.transpose().shape == (2, 1)
    assert m.ravel().shape == (2,) and m.squeeze().shape == (2,)


@pytest.mark.parametrize("index", [1, -1, "0-d"])
@pytest.mark.parametrize("axis", [None, 0])
def test_take_of_one_index_is_a_0d_array(index, axis):
    """NumPy's take answers a scalar for a 0-d index; the method answers a 0-d Array over
    NumPy memory (it wrapped the scalar itself, an Array that could not print)."""
    a = np.array([1.5, 2.5, 3.5])
    i = np.asarray(1) if index == "0-d" else index
    got = xt.asarray(a).take(xt.asarray(i) if index == "0-d" else i, axis=axis)
    assert type(got._data) is np.ndarray and got.shape == ()
    assert float(got) == a.take(i, axis=axis) and repr(got) == repr(a.take(i))


@SETTINGS
@given(a=_array(DTYPES + ("uint64", "U2")), writeable=st.booleans())
def test_transpose_argsort_sort_methods_are_their_python_methods(a, writeable):
    """x.transpose(), x.argsort() and x.sort() (in place) in C give their Python methods'
    answers: NumPy's view, the stable argsort as int64, and its sorted values."""
    for name in ("transpose", "argsort", "sort"):
        outcomes = []
        for method in (getattr(xt.Array, name), python_of(getattr(xt.Array, name))):
            x = xt.asarray(a.copy())
            x._data.flags.writeable = writeable
            try:
                r = method(x)
            except Exception as e:  # noqa: BLE001 (the errors are what is compared)
                outcomes.append((type(e), str(e)))
                continue
            if r is None:
                outcomes.append(("in place", x._data.tobytes()))
            else:
                d = r._data
                outcomes.append((d.dtype, d.shape, d.strides, d.tobytes(), shares(r, x)))
        assert outcomes[0] == outcomes[1], name
    if a.ndim and a.dtype.kind != "U":
        same(xt.asarray(a).argsort(), a.argsort(kind="stable").astype(np.int64))


@SETTINGS
@given(a=_array())
def test_ravel_function_is_its_python_function(a):
    x = xt.asarray(a)
    got, want = xt.ravel(x), python_of(xt.ravel)(x)
    same(got, want._data)
    assert shares(got, x) == shares(want, x)
    same(got, a.ravel(), layout=a.size > 1)  # (a size-1 axis: strides of no meaning)


@SETTINGS
@given(
    a=_array(),
    value=st.sampled_from([0, -1, 7, 300, 2**70, 0.5, -0.0, float("nan"), True, 1j]),
    writeable=st.booleans(),
)
def test_fill_is_its_python_method(a, value, writeable):
    outcomes = []
    for method in (xt.Array.fill, python_of(xt.Array.fill)):
        x = xt.asarray(a.copy())
        x._data.flags.writeable = writeable
        call = lambda x, method=method: method(x, value)  # noqa: E731
        outcomes.append(written(call, x, answers_itself=False, warn="error"))
    assert outcomes[0] == outcomes[1]


@SETTINGS
@given(a=_array(DTYPES + ("U2",)), shape=st.sampled_from([(-1,), (1, -1), (-1, 1), (2, 2), ()]))
def test_more_method_twins_are_their_python_methods(a, shape):
    """x.diagonal(), x.view(), x.conjugate(), x.tobytes() and x.reshape((m, n)) in C: their
    Python methods' answers, or errors."""
    x = xt.asarray(a)
    calls = [
        ("diagonal", ()), ("view", ()), ("conjugate", ()), ("tobytes", ()), ("reshape", (shape,)),
    ]  # fmt: skip
    for name, args in calls:
        outcomes = []
        for method in (getattr(xt.Array, name), python_of(getattr(xt.Array, name))):
            try:
                r = method(x, *args)
            except Exception as e:  # noqa: BLE001 (the errors are what is compared)
                outcomes.append((type(e), str(e)))
                continue
            if type(r) is bytes:
                outcomes.append(r)
            else:
                d = r._data
                flags = (d.flags.writeable, d.flags.c_contiguous, d.flags.owndata)
                outcomes.append((d.dtype, d.shape, d.strides, d.tobytes(), flags, shares(r, x)))
        assert outcomes[0] == outcomes[1], name


@SETTINGS
@given(a=_array())
def test_squeeze_function_is_its_python_function(a):
    """squeeze(x) in C: the Python function's view (a new Array even where nothing goes)."""
    x = xt.asarray(a[None] if a.ndim < 3 else a)
    got, want = xt.squeeze(x), python_of(xt.squeeze)(x)
    same(got, want._data)
    assert got is not x and shares(got, x) == shares(want, x)
    same(got, np.squeeze(x._data), layout=False)
    ones = [i for i, n in enumerate(x.shape) if n == 1]
    for axis in ones[:1] + [i - x.ndim for i in ones[-1:]]:  # the standard's one axis
        same(xt.squeeze(x, axis=axis), np.squeeze(x._data, axis=axis))
        assert x.size == 0 or shares(xt.squeeze(x, axis=axis), x)


@SETTINGS
@given(a=_array(), to=st.sampled_from(["int8", "int64", "float32", "float64", "complex128"]))
def test_astype_copy_false_is_numpys(a, to):
    """x.astype(dtype, copy=False): x itself where no cast is needed (as NumPy's method
    answers its array), else the cast's fresh array; twice, as the first call records it."""
    x = xt.asarray(a)
    for _ in range(2):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if a.dtype.kind == "c" and to != "complex128":
                continue  # (complex to real: the standard's TypeError, not NumPy's warning)
            want = x._data.astype(to, copy=False)
            for spelling in (getattr(xt, to), to):  # a DType, and NumPy's name of it
                got = x.astype(spelling, copy=False)
                assert (got is x) == (want is x._data)
                same(got, want, layout=False)


@SETTINGS
@given(data=_array(), to=st.sampled_from(DTYPES), copy=st.sampled_from([True, False]))
def test_astype_copy_keyword_matches_the_python_method(data, to, copy):
    """`x.astype(t, copy=...)`, which the C twin binds: x itself where copy=False needs no
    cast, else a new array of NumPy's values, as the Python method answers."""
    x, target = xt.asarray(data), getattr(xt, to)
    slow = python_of(xt.Array.astype)
    if data.dtype.kind == "c" and to not in ("complex128", "bool"):  # (to bool: nonzero)
        with pytest.raises(TypeError, match="would drop the imaginary part"):
            x.astype(target, copy=copy)
        return
    for _ in range(3):  # the first calls record the cast the C reads
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fast, want = x.astype(target, copy=copy), slow(x, target, copy=copy)
    assert (fast is x) == (want is x) == (not copy and data.dtype == np.dtype(to))
    assert fast._data.dtype == want._data.dtype
    np.testing.assert_array_equal(fast._data, want._data)
    assert fast is x or not np.shares_memory(fast._data, data)


@SETTINGS
@given(
    data=_array(),
    name=st.sampled_from(["swapaxes", "repeat"]),
    args=st.lists(st.integers(-4, 4) | st.sampled_from([True, 2.0]), min_size=1, max_size=2),
)
def test_int_argument_methods_match_the_python_method_and_numpy(data, name, args):
    """`x.swapaxes(i, j)`, `x.repeat(k[, axis])`, which the C twin runs as NumPy's method with
    int arguments: NumPy's answer, or the Python method's error (a bad axis, a negative
    count, a float), word for word."""
    x = xt.asarray(data)
    fast, slow = getattr(xt.Array, name), python_of(getattr(xt.Array, name))

    def outcome(call):
        try:
            r = call(x, *args)
        except Exception as e:
            return type(e), str(e)
        return r._data.dtype, r._data.shape, r._data.strides, r._data.tobytes()

    assert outcome(fast) == outcome(slow)
    result = outcome(fast)
    if not isinstance(result[0], type):
        want = getattr(data, name)(*args)
        assert result == (want.dtype, want.shape, want.strides, want.tobytes())


@SETTINGS
@given(
    data=_array(),
    order=st.sampled_from(["C", "F", "A", "K", "c", "X", None, 1]),
    keyword=st.booleans(),
)
def test_copy_order_matches_the_python_method_and_numpy(data, order, keyword):
    """`x.copy(order)` / `x.copy(order=...)`, which the C twin binds for NumPy's four
    spellings: NumPy's copy in that layout; any other order is the Python method's."""
    x = xt.asarray(data)
    fast, slow = xt.Array.copy, python_of(xt.Array.copy)

    def outcome(call):
        try:
            r = call(x, order=order) if keyword else call(x, order)
        except Exception as e:
            return type(e), str(e)
        assert not np.shares_memory(r._data, data)
        return r._data.dtype, r._data.shape, r._data.strides, r._data.tobytes()

    result = outcome(fast)
    assert result == outcome(slow)
    if order in ("C", "F", "A", "K"):
        want = data.copy(order)
        assert result == (want.dtype, want.shape, want.strides, want.tobytes())
