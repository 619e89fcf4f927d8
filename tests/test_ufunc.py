"""xtensor's ufunc objects against NumPy's: which functions are ufuncs, their attributes, calls
with `out` (positional, keyword, tuple, aliased), `where`, `dtype`, `signature` and `casting`,
and the methods `reduce`, `accumulate`, `reduceat`, `outer` and `at` over hypothesis shapes
(0-d and empty included) and dtypes.
"""

from __future__ import annotations

import inspect
import math
import pickle
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import xtensor as xt
from tests.oracle import ALL_DTYPES, arrays, assert_same, shapes
from xtensor import _elementwise, _ufunc
from xtensor._core.dtypes import Promotion
from xtensor._dispatch.compiled import python_of
from xtensor._ops.spec import Category, OpSpec

NAMES = sorted(n for n in _elementwise.__all__ if n != "ufunc")
UFUNCS = [n for n in NAMES if isinstance(getattr(xt, n), xt.ufunc)]
NP_DTYPES = [np.dtype(d) for d in (*ALL_DTYPES, "float16")]  # xtensor's 14


def _family(e: Exception) -> type:
    return next(t for t in (TypeError, ValueError, IndexError, ArithmeticError) if isinstance(e, t))


def _array(dtype, finite=False, **shape):
    """A strategy: NumPy arrays of `dtype` whose shapes come from `shapes(**shape)`."""
    return shapes(**shape).flatmap(lambda s: arrays(dtype, shape=s, finite=finite))


def _both(xt_call, np_call, rtol=None, values=True):
    """The same outcome: equal results (dtype, shape, values if `values`), or one error family."""
    try:
        want = np_call()
    except Exception as e:  # noqa: BLE001 - whatever NumPy refuses, xtensor must refuse
        with pytest.raises(_family(e)):
            xt_call()
        return None
    if np.asarray(want).dtype not in NP_DTYPES:
        return None  # NumPy answers in a dtype xtensor lacks (object, longdouble)
    got = xt_call()
    if values:
        assert_same(got, want, rtol=rtol)
    else:
        assert (got.shape, got._data.dtype) == (want.shape, want.dtype)
    return got


# --- which functions are ufuncs, and their attributes ------------------------------------------


def test_ufuncs_are_numpy_s_ufuncs():
    for name in NAMES:
        is_ufunc = isinstance(getattr(np, name, None), np.ufunc)
        assert isinstance(getattr(xt, name), xt.ufunc) == is_ufunc, name
    assert {"add", "sin", "acos", "logical_and", "bitwise_invert"} <= set(UFUNCS)
    assert not {"round", "clip", "real", "imag"} & set(UFUNCS)
    assert "ufunc" in xt.__all__ and xt.ufunc is _ufunc.ufunc
    assert repr(xt.ufunc) == "<class 'xtensor.ufunc'>" and repr(xt.add.__class__) == repr(xt.ufunc)
    assert pickle.loads(pickle.dumps(xt.ufunc)) is xt.ufunc


def test_ufunc_objects_call_their_twin_and_read_as_ufuncs():
    """With the compiled hot path `xt.add` is a C object in front of its ufunc (Note [One
    class per ufunc]): called directly, no descriptor, otherwise the ufunc itself."""
    x = xt.asarray([1.0, 4.0])

    class Holder:
        root = xt.sqrt  # as NumPy's ufuncs: a class attribute does not bind

    assert_same(Holder().root(x), np.sqrt([1.0, 4.0]))
    for name in UFUNCS:
        f = getattr(xt, name)
        assert isinstance(f, xt.ufunc) and f.__class__.__name__ == "ufunc"
        assert callable(f) and not hasattr(type(f), "__set__")
        assert f.__dict__ is python_of(f).__dict__  # attributes: the ufunc's own
    assert xt.add(x, x, out=xt.empty(2)).shape == (2,)  # options: the ufunc's full call
    assert xt.multiply.reduce(x) == 4.0 and xt.add.outer(x, x).shape == (2, 2)


@pytest.mark.parametrize("name", UFUNCS)
def test_attributes_match_numpy(name):
    f, ref = getattr(xt, name), getattr(np, name)
    assert (f.nin, f.nout, f.nargs, f.signature) == (ref.nin, ref.nout, ref.nargs, ref.signature)
    assert type(f.identity) is type(ref.identity), name
    if isinstance(ref.identity, float) and math.isnan(ref.identity):
        assert math.isnan(f.identity)
    else:
        assert f.identity == ref.identity
    assert f.__name__ == f.__qualname__ == name
    assert repr(f) == f"<ufunc '{name}'>" and f.__module__ == "xtensor"
    assert f.__doc__.startswith(_elementwise._FUNCTIONS[name].__doc__) and name in f.__doc__
    assert pickle.loads(pickle.dumps(f)) is f
    assert set(f.types) <= set(ref.types) and f.ntypes == len(f.types)
    params = list(inspect.signature(f).parameters.values())
    assert [p.kind for p in params[: f.nin]] == [inspect.Parameter.POSITIONAL_ONLY] * f.nin
    outs = ["out"] if f.nout == 1 else [f"out{i + 1}" for i in range(f.nout)] + ["out"]
    options = ["where", "casting", "order", "dtype", "subok", "signature"]
    assert [p.name for p in params[f.nin :]] == outs + options


@pytest.mark.parametrize("name", UFUNCS)
def test_types_are_the_numpy_loops_xtensor_runs(name):
    """A loop over xtensor's dtypes is listed exactly when xtensor accepts its input dtypes."""
    f = getattr(xt, name)
    for loop in getattr(np, name).types:
        inputs, _, outputs = loop.partition("->")
        if any(np.dtype(c) not in NP_DTYPES for c in inputs + outputs):
            assert loop not in f.types, loop
            continue
        args = [xt.ones(2, dtype=np.dtype(c).name) for c in inputs]
        try:
            f(*args)
            accepted = True
        except TypeError:
            accepted = False
        assert (loop in f.types) == accepted, loop


def test_ufunc_cannot_be_constructed_and_aliases_are_the_same_object():
    with pytest.raises(TypeError, match="cannot create"):
        xt.ufunc()
    assert xt.arccos is xt.acos and xt.power is xt.pow and xt.invert is xt.bitwise_invert
    assert xt.rint is not xt.round  # NumPy's rint computes integers in floating point


# --- calls ---------------------------------------------------------------------------------------

BINARY = ["add", "subtract", "multiply", "divide", "maximum", "equal", "less", "atan2"]


@st.composite
def _pair(draw, dtypes=("int8", "int32", "int64", "uint8", "float32", "float64", "complex64")):
    s1, s2 = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3)).input_shapes
    return draw(arrays(draw(st.sampled_from(dtypes)), s1)), draw(
        arrays(draw(st.sampled_from(dtypes)), s2)
    )


@pytest.mark.parametrize("name", BINARY)
@given(pair=_pair(), how=st.sampled_from(["positional", "keyword", "tuple"]))
def test_out_positional_keyword_and_tuple(name, pair, how):
    a, b = pair
    try:
        want = getattr(np, name)(a, b)
    except TypeError:
        return  # a domain NumPy refuses too (atan2 of complex)
    out = xt.asarray(np.full(want.shape, 7, want.dtype))
    args, kwargs = (xt.asarray(a), xt.asarray(b)), {}
    if how == "positional":
        args += (out,)
    else:
        kwargs["out"] = out if how == "keyword" else (out,)
    try:
        got = getattr(xt, name)(*args, **kwargs)
    except TypeError:
        with pytest.raises(TypeError):  # xtensor's domain (atan2 of ints is fine in NumPy)
            getattr(xt, name)(xt.asarray(a), xt.asarray(b))
        return
    assert got is out
    assert_same(out, want, rtol=1e-6 if want.dtype.kind in "fc" else None)


@given(x=arrays("float64", finite=True))
def test_out_aliased_with_an_input(x):
    want = x + x[::-1] if x.ndim else x + x
    a = xt.asarray(x.copy())
    other = a[::-1] if x.ndim else a
    assert xt.add(a, other, a) is a
    assert_same(a, want)


@pytest.mark.parametrize(
    "dtype, other",
    [("int32", "int64"), ("float32", "float64"), ("uint8", "int8"), ("int16", "uint8")],
)
def test_out_of_another_dtype_is_cast_into(dtype, other):
    a = np.arange(3, 15, dtype=dtype).reshape(3, 4)
    b = np.arange(12, dtype=other)[::-1].reshape(3, 4)
    for casting in ("same_kind", "unsafe"):
        out, want = xt.zeros((3, 4), dtype=dtype), np.zeros((3, 4), dtype=dtype)
        _both(
            lambda o=out, c=casting: xt.multiply(xt.asarray(a), xt.asarray(b), o, casting=c),
            lambda w=want, c=casting: np.multiply(a, b, w, casting=c),
        )


@pytest.mark.parametrize("name", ["add", "divide", "sqrt", "less", "negative"])
@given(data=st.data())
def test_where_writes_only_where_true(name, data):
    f = getattr(np, name)
    dtype = data.draw(st.sampled_from(["int16", "float32", "float64"]))
    shape = data.draw(shapes(max_dims=2))
    inputs = [data.draw(arrays(dtype, shape)) for _ in range(f.nin)]
    mask = data.draw(hnp.arrays(bool, shape[1:]))  # broadcast along the first axis
    want_dtype = f(*inputs).dtype
    want = np.full(shape, 3, want_dtype)
    f(*inputs, out=want, where=mask)
    out = xt.asarray(np.full(shape, 3, want_dtype))
    got = getattr(xt, name)(*map(xt.asarray, inputs), out=out, where=xt.asarray(mask))
    assert got is out
    assert_same(out, want)


def test_where_without_out_warns_as_numpy_and_computes_the_selected_elements():
    a = np.array([1.0, 0.0, 4.0])
    with pytest.warns(UserWarning, match="'where' used without 'out'"):
        np.divide(1.0, a, where=a != 0)
    with pytest.warns(UserWarning, match="'where' used without 'out'"):
        got = xt.divide(1.0, xt.asarray(a), where=xt.asarray(a) != 0)
    assert got.dtype == xt.float64 and got.shape == (3,)
    np.testing.assert_array_equal(np.asarray(got)[[0, 2]], [1.0, 0.25])
    with np.errstate(divide="raise"):  # the masked-out 1 / 0 is never computed
        got = xt.divide(1.0, xt.asarray(a), out=None, where=xt.asarray(a) != 0)
    assert got.shape == (3,)
    out = xt.asarray([5.0, 5.0, 5.0])
    xt.add(xt.asarray(a), 1, out=out, where=False)
    np.testing.assert_array_equal(np.asarray(out), [5.0, 5.0, 5.0])


DTYPE_CASES = [
    ("add", ("int64", "int64"), "float32"),
    ("add", ("int8", "uint8"), "int64"),
    ("multiply", ("float64", "float64"), "int32"),
    ("divide", ("int32", "int32"), "float32"),
    ("equal", ("int64", "float32"), "bool"),
    ("equal", ("int64", "int64"), "float64"),
    ("negative", ("int16",), "float32"),
    ("sqrt", ("int8",), "float32"),
    ("abs", ("complex128",), "float64"),
    ("abs", ("complex128",), "float32"),
    ("maximum", ("float64", "int8"), "int16"),
]


@pytest.mark.parametrize("name, inputs, dtype", DTYPE_CASES)
@pytest.mark.parametrize("casting", ["same_kind", "unsafe", "safe"])
def test_dtype_picks_numpy_s_loop(name, inputs, dtype, casting):
    args = [np.arange(1, 7, dtype=d).reshape(2, 3) for d in inputs]
    with warnings.catch_warnings():  # complex to real under "unsafe": both warn
        warnings.simplefilter("ignore", np.exceptions.ComplexWarning)
        _both(
            lambda: getattr(xt, name)(*map(xt.asarray, args), dtype=dtype, casting=casting),
            lambda: getattr(np, name)(*args, dtype=dtype, casting=casting),
        )


@pytest.mark.parametrize("signature", ["dd->d", "ff->f", ("float32", None, None), "ll->l"])
def test_signature_picks_numpy_s_loop(signature):
    a, b = np.arange(6, dtype="int32"), np.linspace(0, 1, 6)
    for args, xargs in (((a, b), (xt.asarray(a), xt.asarray(b))), ((a, 2.5), (xt.asarray(a), 2.5))):
        for casting in ("same_kind", "unsafe"):
            _both(
                lambda x=xargs, c=casting: xt.add(*x, signature=signature, casting=c),
                lambda n=args, c=casting: np.add(*n, signature=signature, casting=c),
            )


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
@given(
    d1=st.sampled_from(ALL_DTYPES[1:11]),  # integers and real floats: every op's domain
    d2=st.sampled_from(ALL_DTYPES[1:11]),
    d_out=st.sampled_from(ALL_DTYPES[1:] + ("none",)),
    name=st.sampled_from(["add", "multiply", "less", "maximum", "sqrt"]),
)
def test_casting_rules_match_numpy(casting, d1, d2, d_out, name):
    f = getattr(np, name)
    args = [np.arange(1, 4, dtype=d) for d in (d1, d2)[: f.nin]]
    np_out = None if d_out == "none" else np.zeros(3, d_out)
    xt_out = None if d_out == "none" else xt.zeros(3, dtype=d_out)
    if name == "less" and {d1, d2} == {"int64", "uint64"} and casting in ("no", "equiv"):
        return  # NumPy 2 has an exact int64/uint64 comparison loop; xtensor casts to float64
    _both(
        lambda: getattr(xt, name)(*map(xt.asarray, args), out=xt_out, casting=casting),
        lambda: f(*args, out=np_out, casting=casting),
    )


@given(
    dtype=st.sampled_from(ALL_DTYPES),
    name=st.sampled_from(["add", "multiply", "maximum", "subtract", "logical_and", "sqrt"]),
    aliasing=st.sampled_from(["fresh", "first input", "shifted by one"]),
    scalar=st.booleans(),
    masked=st.sampled_from([None, "mask", "ndarray mask", "short mask", "int mask"]),
)
def test_out_calls_give_numpys_answer_on_any_aliasing(dtype, name, aliasing, scalar, masked):
    """`f(x[:-1], x[1:] or 2, out=o)` with o fresh, the first input, or x[1:] (overlapping
    the first input by all but one element), and `where=` a mask (NumPy's, or a mask the
    short path leaves to the full one: broadcast, or not bool): NumPy's values, and o itself
    back (`_ufunc_call._into` runs NumPy's loop straight into o; the full path otherwise)."""
    f = getattr(np, name)
    x = np.arange(1, 8).astype(dtype)
    if name == "maximum" and x.dtype.kind == "c":
        return  # the standard's maximum is for real dtypes only
    try:
        want_dtype = f(x[:-1], *([2] if scalar else [x[1:]])[: f.nin - 1]).dtype
    except TypeError:
        return  # NumPy refuses the dtype (e.g. bool subtract): covered elsewhere
    if want_dtype != x.dtype:
        return  # o must hold the result: take x's dtype
    np_x, xt_x = x.copy(), xt.asarray(x)

    mask = np.array([True, False, False, True, True, False])
    mask = {"short mask": mask[:1], "int mask": mask.astype(int)}.get(masked, mask)

    def run(m, y):
        args = [y[:-1], 2 if scalar else y[1:]][: f.nin]
        out = {"fresh": m.zeros(6, dtype=y.dtype), "first input": y[:-1]}.get(aliasing, y[1:])
        if masked is None:
            return out, getattr(m, name)(*args, out=out)
        where = mask if m is np or masked == "ndarray mask" else m.asarray(mask)
        return out, getattr(m, name)(*args, out=out, where=where)

    try:
        np_out, want = run(np, np_x)
    except TypeError:  # NumPy's where= takes bools only (safe casting)
        with pytest.raises(TypeError):
            run(xt, xt_x)
        return
    xt_out, got = run(xt, xt_x)
    assert got is xt_out and want is np_out
    assert_same(got, want)
    assert_same(xt_x, np_x)


def test_out_calls_skip_the_iterator(monkeypatch):
    a, b, out = xt.asarray([1.0, 2.0]), xt.asarray([3.0, 4.0]), xt.zeros(2)
    mask = b > 3.5

    def no_iterator(*args, **kwargs):
        raise AssertionError("the full path ran")

    monkeypatch.setattr(type(xt.add._op), "run", no_iterator)
    assert xt.add(a, b, out=out) is out and xt.multiply(a, 2.0, out) is out
    assert out.tolist() == [2.0, 4.0]
    assert xt.divide(a, b, out=out, where=mask) is out
    assert out.tolist() == [2.0, 0.5]


def test_call_errors_match_numpy():
    a = xt.asarray([1.0, 2.0])
    with pytest.raises(TypeError, match=r"add\(\) takes from 2 to 3 positional arguments"):
        xt.add(a, a, a, a)
    with pytest.raises(TypeError, match="both a positional and keyword"):
        xt.add(a, a, a, out=a)
    with pytest.raises(ValueError, match="exactly one entry per ufunc output"):
        xt.add(a, a, out=(a, a))
    with pytest.raises(TypeError, match="out must hold xtensor arrays; got list"):
        xt.add(a, a, out=[0.0, 0.0])  # (a NumPy array is NumPy's to write: survey 7)
    with pytest.raises(TypeError, match="add: .*float64.* int64"):
        xt.add(a, a, out=xt.zeros(2, dtype=xt.int64))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output from dtype"):
        xt.add(a, a, out=xt.zeros(2, dtype=xt.int64), where=xt.asarray([True, False]))
    message = r"Cannot cast ufunc 'add' input 0 from dtype\('int64'\) to dtype\('float64'\)"
    with pytest.raises(TypeError, match=message):  # NumPy's words, to the letter
        xt.add(xt.asarray([1, 2]), a, casting="no")
    with pytest.raises(ValueError, match="casting must be one of"):
        xt.add(a, a, casting="nope")
    with pytest.raises(ValueError, match="order must be one of"):
        xt.add(a, a, order="X")
    with pytest.raises(TypeError, match="both 'signature' and 'dtype'"):
        xt.add(a, a, dtype="float32", signature="dd->d")
    with pytest.raises(TypeError, match=r"add\(\) got an unexpected keyword argument 'axis'"):
        xt.add(a, a, axis=0)
    with pytest.raises(TypeError, match="'subok' must be a boolean"):
        xt.add(a, a, subok=2)


@pytest.mark.parametrize("order", ["C", "F", "A", "K"])
def test_order_lays_out_new_outputs(order):
    a = np.asfortranarray(np.arange(12.0).reshape(3, 4))
    got, want = xt.exp(xt.asarray(a), order=order), np.exp(a, order=order)
    assert_same(got, want)
    flags = np.asarray(got).flags
    assert (flags.c_contiguous, flags.f_contiguous) == (
        want.flags.c_contiguous,
        want.flags.f_contiguous,
    )


def test_plain_calls_take_the_fast_path_and_dunders_still_work():
    a = xt.asarray(np.arange(5.0))
    xt.add(a, a)
    hits = xt._dispatch.PLANS.hits
    xt.add(a, a)
    assert xt._dispatch.PLANS.hits == hits + 1
    b = xt.asarray(np.arange(5, dtype=np.int32))
    b += xt.asarray(np.arange(5, dtype=np.int64))  # the in-place path: int64 cast into int32
    assert_same(b, np.arange(5, dtype=np.int32) * 2)
    assert_same(-a + 1.0, -np.arange(5.0) + 1.0)


# --- an op with two outputs (a record built here: the table has none yet) ------------------------

DIVMOD = OpSpec(
    "divmod", np.divmod, 2, Category.REAL_NUMERIC, Promotion.DEFAULT, "Quotient, remainder.", nout=2
)


@given(pair=_pair(dtypes=("int16", "int64", "float32", "float64")))
def test_two_outputs_through_the_iterator(pair):
    f = _ufunc.make_ufunc(DIVMOD)
    assert (f.nin, f.nout, f.nargs, f.identity) == (2, 2, 4, None)
    a, b = pair
    b = np.where(b == 0, 1, b).astype(b.dtype)
    with np.errstate(all="ignore"):
        q, r = np.divmod(a, b)
    got = f(xt.asarray(a), xt.asarray(b))
    assert type(got) is tuple and len(got) == 2
    assert_same(got[0], q)
    assert_same(got[1], r)
    o1, o2 = xt.zeros(q.shape, dtype=q.dtype.name), xt.zeros(q.shape, dtype="float64")
    res = f(xt.asarray(a), xt.asarray(b), out=(o1, o2))
    assert res[0] is o1 and res[1] is o2
    assert_same(o1, q)
    assert_same(o2, r.astype("float64"))
    first = f(xt.asarray(a), xt.asarray(b), o1)  # one positional out, the other allocated
    assert first[0] is o1
    assert_same(first[1], r)


# --- methods -------------------------------------------------------------------------------------

FOLDS = ["add", "multiply", "maximum", "minimum", "logical_or", "logical_and"]
REDUCIBLE = FOLDS + ["subtract", "bitwise_xor", "hypot", "equal"]


@st.composite
def _reduce_case(draw):
    dtype = draw(st.sampled_from(ALL_DTYPES))
    x = draw(_array(dtype, max_side=4))
    axis = draw(st.sampled_from([0, -1, None, ()] + ([(0, x.ndim - 1)] if x.ndim > 1 else [])))
    return x, axis, draw(st.booleans())


@pytest.mark.parametrize("name", REDUCIBLE)
@given(case=_reduce_case())
def test_reduce_matches_numpy(name, case):
    x, axis, keepdims = case
    _both(
        lambda: getattr(xt, name).reduce(xt.asarray(x), axis=axis, keepdims=keepdims),
        lambda: getattr(np, name).reduce(x, axis=axis, keepdims=keepdims),
        rtol=1e-5,
    )


@pytest.mark.parametrize("name", FOLDS)
def test_reduce_of_a_fold_is_xtensor_s_reduction(name, monkeypatch):
    """No NumPy ufunc method runs for the six folds (the checked path would raise)."""

    def refuse(*args, **kwargs):
        raise AssertionError("ufunc._array_method ran")

    monkeypatch.setattr(_ufunc.ufunc, "_array_method", refuse)
    x = np.arange(1, 13, dtype="int32").reshape(3, 4)
    for axis in (0, 1, None, (0, 1)):
        assert_same(
            getattr(xt, name).reduce(xt.asarray(x), axis), getattr(np, name).reduce(x, axis)
        )


@pytest.mark.parametrize("name", ["add", "maximum", "multiply"])
@given(x=_array("float64", finite=True, min_dims=1, max_side=4))
def test_reduce_options_match_numpy(name, x):
    f, ref = getattr(xt, name), getattr(np, name)
    where = x > 0
    out_np, out_xt = np.zeros(x.shape[1:]), xt.zeros(x.shape[1:])
    _both(lambda: f.reduce(xt.asarray(x), initial=5.0), lambda: ref.reduce(x, initial=5.0))
    _both(
        lambda: f.reduce(xt.asarray(x), initial=1.0, where=xt.asarray(where)),
        lambda: ref.reduce(x, initial=1.0, where=where),
    )
    _both(lambda: f.reduce(xt.asarray(x), dtype="float32"), lambda: ref.reduce(x, dtype="float32"))
    try:
        want = ref.reduce(x, 0, None, out_np)
    except ValueError:  # an empty maximum
        with pytest.raises(ValueError, match="no identity"):
            f.reduce(xt.asarray(x), 0, None, out_xt)
        return
    assert f.reduce(xt.asarray(x), 0, None, out_xt) is out_xt
    assert_same(out_xt, want, rtol=1e-12)


@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "subtract", "logical_xor"])
@given(data=st.data())
def test_accumulate_matches_numpy(name, data):
    dtype = data.draw(st.sampled_from(ALL_DTYPES))
    x = data.draw(_array(dtype, max_side=4))
    axis = data.draw(st.sampled_from([0, -1, None]))
    f, ref = getattr(xt, name), getattr(np, name)
    _both(
        lambda: f.accumulate(xt.asarray(x), axis=axis),
        lambda: ref.accumulate(x, axis=axis),
        rtol=1e-5,
    )
    if x.ndim and x.dtype.kind != "c":  # (complex into float64 warns in both libraries)
        out = xt.zeros(x.shape, dtype="float64")
        try:
            want = ref.accumulate(x, dtype="float64")
        except TypeError:
            return
        assert f.accumulate(xt.asarray(x), dtype="float64", out=out) is out
        assert_same(out, want, rtol=1e-5)


@pytest.mark.parametrize("name", ["add", "maximum", "multiply"])
@given(x=_array("int32", min_dims=1, min_side=1, max_side=5), data=st.data())
def test_reduceat_matches_numpy(name, x, data):
    n = x.shape[0]
    indices = data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=4))
    f, ref = getattr(xt, name), getattr(np, name)
    _both(lambda: f.reduceat(xt.asarray(x), indices), lambda: ref.reduceat(x, indices))
    _both(
        lambda: f.reduceat(xt.asarray(x), xt.asarray(indices), axis=0, dtype="int64"),
        lambda: ref.reduceat(x, indices, axis=0, dtype="int64"),
    )


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "less", "maximum", "bitwise_and"])
@given(data=st.data())
def test_outer_matches_numpy(name, data):
    dtype = data.draw(st.sampled_from(["int8", "int64", "float32", "float64"]))
    a = data.draw(_array(dtype, max_dims=2, max_side=3))
    b = data.draw(_array(dtype, max_dims=2, max_side=3))
    f, ref = getattr(xt, name), getattr(np, name)
    got = _both(lambda: f.outer(xt.asarray(a), xt.asarray(b)), lambda: ref.outer(a, b), rtol=1e-6)
    if got is not None:
        assert got.shape == a.shape + b.shape
    _both(lambda: f.outer(xt.asarray(a), 3), lambda: ref.outer(a, 3), rtol=1e-6)


@given(
    x=_array("float64", finite=True, min_dims=1, max_dims=1, min_side=1, max_side=6),
    data=st.data(),
)
def test_at_accumulates_repeated_indices(x, data):
    n = x.shape[0]
    idx = data.draw(st.lists(st.integers(-n, n - 1), max_size=8))
    vals = data.draw(hnp.arrays("float64", len(idx), elements=st.floats(-9, 9)))
    for name in ("add", "multiply", "maximum", "subtract"):
        want, a = x.copy(), xt.asarray(x.copy())
        getattr(np, name).at(want, idx, vals)
        assert getattr(xt, name).at(a, idx, xt.asarray(vals)) is None
        assert_same(a, want)
    want, a = x.copy(), xt.asarray(x.copy())
    np.negative.at(want, idx)  # unary: no operand b
    xt.negative.at(a, xt.asarray(np.asarray(idx, dtype=np.int64)))
    assert_same(a, want)


def test_at_repeated_index_and_scalar_operand():
    a = xt.zeros(4, dtype=xt.int64)
    xt.add.at(a, [0, 0, 0, 2], 1)
    np.testing.assert_array_equal(np.asarray(a), [3, 0, 1, 0])
    m = xt.asarray(np.zeros((2, 3)))
    xt.add.at(m, (xt.asarray([0, 0]), xt.asarray([1, 1])), 2.5)
    assert float(m[0, 1]) == 5.0


def test_method_errors_match_numpy():
    x = xt.asarray(np.ones(3))
    for method, args, message in [
        ("reduce", (x,), "reduce only supported for binary functions"),
        ("accumulate", (x,), "accumulate only supported for binary functions"),
        ("reduceat", (x, [0]), "reduceat only supported for binary functions"),
        ("outer", (x, x), "outer product only supported for binary functions"),
    ]:
        with pytest.raises(ValueError, match=message):
            getattr(np.sin, method)(
                *(np.asarray(a) if isinstance(a, xt.Array) else a for a in args)
            )
        with pytest.raises(ValueError, match=f"sin.{method}: {message}"):
            getattr(xt.sin, method)(*args)
    with pytest.raises(TypeError, match="a must be an xtensor array"):
        xt.add.at([1, 2], [0], 1)
    with pytest.raises(ValueError, match="second operand needed"):
        xt.add.at(x, [0])
    with pytest.raises(IndexError, match="add.at: index 5 is out of bounds"):
        xt.add.at(x, xt.asarray([5]), 1.0)  # (Array indices: NumPy's method at once)
    with pytest.raises(IndexError, match="add.at: arrays used as indices must be of integer"):
        xt.add.at(x, xt.asarray([0.5]), 1.0)
    assert_same(x, np.ones(3))
    with pytest.raises(np.exceptions.AxisError, match="add.reduce: axis 2 is out of range"):
        xt.add.reduce(x, axis=2)
    with pytest.raises(ValueError, match="zero-size array to reduction operation maximum"):
        np.maximum.reduce(np.zeros(0))
    with pytest.raises(ValueError, match="maximum"):
        xt.maximum.reduce(xt.zeros((0,)))
    with pytest.raises(TypeError, match="cannot accumulate on a scalar"):
        xt.add.accumulate(xt.asarray(1.0))
