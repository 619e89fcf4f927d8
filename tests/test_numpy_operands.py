"""NumPy's arrays beside xtensor Arrays (Note [NumPy scalar operands] in
xtensor/_dispatch/_cfast_elementwise.c): `x + a` and `a + x` of an Array and an ndarray give
NumPy's values and dtype as an Array, read the ndarray in place without ever writing it, and
on later calls stay in C; ndarrays the C leaves alone (another byte order, objects, NumPy's
subclasses) get the full path's answer, as before."""

from __future__ import annotations

import operator
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import arrays, assert_same, shapes
from tests.test_cfast import python_frames, python_of
from tests.test_cfast_operands import COMPILED

DTYPES = ["bool", "int8", "uint16", "int64", "float32", "float64", "complex128"]
OPERATORS = [operator.add, operator.sub, operator.mul, operator.truediv, operator.lt]
OPERATORS += [operator.eq, operator.and_, operator.pow, operator.floordiv]


def _outcome(call, *operands):
    with np.errstate(all="ignore"):
        try:
            return call(*operands)
        except (TypeError, ValueError, ZeroDivisionError) as e:
            return type(e)


def _same(got, want, what):
    if isinstance(want, type):
        assert got is want, what
    else:
        assert_same(got, want, err_msg=what)


@given(
    st.sampled_from(OPERATORS),
    st.sampled_from(DTYPES),
    st.sampled_from(DTYPES),
    shapes(max_dims=2),
    st.booleans(),
    st.data(),
)
def test_ndarrays_beside_arrays_answer_as_numpy_and_stay_unwritten(op, dt1, dt2, shape, row, data):
    a = data.draw(arrays(dt1, shape, finite=True), label="a")
    b = data.draw(arrays(dt2, shape[1:] if row else shape, finite=True), label="b")
    if data.draw(st.booleans(), label="strided") and a.ndim:
        a = np.repeat(a, 2, axis=-1)[..., ::2]  # a view with a step: the same values
    x, kept = xt.asarray(b.copy()), a.copy()
    for left, right, ours in ((a, b, (a, x)), (b, a, (x, a))):
        want, what = _outcome(op, left, right), f"{op.__name__} {left.dtype} {right.dtype}"
        _same(_outcome(op, *ours), want, what)
        _same(_outcome(op, *ours), want, what)  # the second call: the loop recorded
    np.testing.assert_array_equal(a, kept, strict=True)


@pytest.mark.parametrize("dtype", DTYPES)
def test_temporaries_beside_ndarrays_never_take_the_ndarrays_memory(dtype):
    a = np.arange(1, 200_001).astype(dtype)
    x = xt.asarray(a.copy())
    kept = a.copy()
    for call in (
        lambda: x * 2 + a,
        lambda: a + x * 2,
        lambda: (x * 2) - a,
        lambda: xt.multiply(a, x + 1),
        lambda: np.multiply(a, x + 1),
        lambda: x + a * 1,  # an ndarray temporary: NumPy's own
    ):
        got = call()
        assert type(got) is xt.Array and not np.shares_memory(got._data, a)
        np.testing.assert_array_equal(a, kept, strict=True)


@pytest.mark.parametrize(
    "make",
    [
        lambda v: v.astype(v.dtype.newbyteorder()),  # another byte order
        lambda v: v.astype(object),
        lambda v: np.ma.masked_array(v, mask=v > 2),
        lambda v: np.asarray(v).view(np.recarray),
    ],
    ids=["swapped", "object", "masked", "recarray"],
)
def test_ndarrays_the_c_leaves_alone_answer_as_before(make):
    v = np.arange(5.0)
    a = make(v)
    x = xt.asarray(np.full(5, 2.0))
    for call in (lambda p, q: p + q, lambda p, q: q * p, lambda p, q: np.subtract(q, p)):
        want = _outcome(call, a, np.full(5, 2.0))
        got = _outcome(call, a, x)
        if isinstance(want, type):
            assert isinstance(got, type), got
            continue
        if isinstance(want, np.ma.MaskedArray):  # NumPy's answer, masked, either way round
            assert type(got) is np.ma.MaskedArray
            np.testing.assert_array_equal(got.mask, want.mask)
            np.testing.assert_array_equal(got.filled(0), want.filled(0))
            continue
        assert type(got) is xt.Array
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


@pytest.mark.skipif(not COMPILED, reason="the C twins or elision are off here")
@pytest.mark.parametrize("n", [10, 1000, 100_000])
def test_ndarrays_beside_arrays_stay_in_c(n):
    a = np.linspace(-1, 1, n)
    x = xt.asarray(a[::-1].copy())
    for call in (lambda: x + a, lambda: x < a, lambda: xt.add(a, x), lambda: x * a[:1]):
        call()  # the full path records the loop
        assert python_frames(call) == {"<lambda>"}
    for call in (lambda: a + x, lambda: np.negative(x), lambda: np.float64(2) * x):
        call()  # NumPy's protocol: the C twin of its short path
        assert python_frames(call) == {"<lambda>"}


PROTOCOL_OPERANDS = st.sampled_from(
    [
        np.arange(-2.0, 2.0),
        np.arange(4, dtype="int8"),
        np.array([True, False, True, False]),
        np.array(["a", "b", "c", "d"]),
        np.arange(4.0).astype(">f8"),
        np.float32(1.5),
        np.int64(-3),
        2,
        0.5,
        1j,
        None,
        [1, 2, 3, 4],
        xt.asarray(np.arange(4, dtype="uint16")),
        xt.asarray(np.arange(1.0, 5.0)),
    ]
)


OUTS = [
    None,
    lambda: np.zeros(4),
    lambda: np.zeros(4, "int32"),
    lambda: xt.zeros(4),
    lambda: np.zeros(4, ">f8"),  # (another byte order: the full path's)
    lambda: np.zeros(3),  # (the wrong shape: NumPy's error)
]


@given(
    st.sampled_from(["add", "less", "sin", "logical_not", "right_shift", "power", "divmod"]),
    PROTOCOL_OPERANDS,
    PROTOCOL_OPERANDS,
    st.sampled_from(OUTS),
)
def test_the_protocols_c_short_path_answers_as_its_python_twin(name, first, second, out):
    """`Array.__array_ufunc__`'s C twin against its Python function, on the operands NumPy
    hands over, with `out=` as NumPy hands it (a tuple) too: the same answer and the same
    values written (what it refuses, the full path's: NumPy's error, or its fallback)."""
    ufunc, x = getattr(np, name), xt.asarray(np.arange(2, 6, dtype="int32"))
    python = python_of(xt.Array.__array_ufunc__)
    if out is not None and ufunc.nout != 1:
        return
    for inputs in ((first, x, second)[: ufunc.nin], (x, first)[: ufunc.nin]):
        outs = [None, None] if out is None else [out(), out()]
        got = _answer(x.__array_ufunc__, ufunc, inputs, outs[0])
        want = _answer(lambda *v, **k: python(x, *v, **k), ufunc, inputs, outs[1])
        assert got == want, (name, inputs)


def _answer(hook, ufunc, inputs, out=None):
    """What `hook(ufunc, "__call__", *inputs[, out=(out,)])` answers, comparable: each
    result's type, dtype, shape and bytes (of a tuple's items too; with `out`, whether it is
    out), or the exception's type and message."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            kwargs = {} if out is None else {"out": (out,)}
            r = hook(ufunc, "__call__", *inputs, **kwargs)
    except Exception as e:
        return ("raised", type(e), str(e))
    return [r is out] + [
        (type(v), v.dtype, v.shape, np.asarray(v).tobytes()) if hasattr(v, "dtype") else v
        for v in (r if type(r) is tuple else (r,))
    ]


OUT_UFUNCS = ["add", "subtract", "multiply", "true_divide", "maximum", "less", "exp", "negative"]


def _written(call, out, *operands):
    """(what `call(*operands, out=out)` returned, or its error's kind, and out's values)."""
    got = _outcome(lambda *v: call(*v, out=out), *operands)
    if isinstance(got, type):
        got = TypeError if issubclass(got, TypeError) else got  # (NumPy's casting error)
    return got, np.array(out, copy=True)


@given(
    st.sampled_from(OUT_UFUNCS),
    st.sampled_from(DTYPES),
    st.sampled_from(DTYPES),
    st.sampled_from(DTYPES),
    shapes(max_dims=2),
    st.data(),
)
def test_out_beside_ndarrays_writes_what_numpy_writes(name, dt1, dt2, dt_out, shape, data):
    """`xt.add(x, a, out=y)`, `np.add(a, x, out=o)` and `a += x` of Arrays and NumPy's arrays
    (the C `into_body`, `_into`, `__array_ufunc__`'s short path): NumPy's values in out, out
    itself returned, the input ndarray unwritten, NumPy's error where it refuses the cast."""
    uf, xuf = getattr(np, name), getattr(xt, name)
    a = data.draw(arrays(dt1, shape, finite=True), label="a")
    b = data.draw(arrays(dt2, shape, finite=True), label="b")
    ins = (a, b)[: uf.nin]
    want, want_out = _written(uf, np.zeros(shape, dt_out), *ins)
    kept = a.copy()
    for _ in range(2):  # the second call: the loop recorded
        y = xt.zeros(shape, dtype=dt_out)
        for call, out, ops in (
            (xuf, y, (a, xt.asarray(b))[: uf.nin]),
            (uf, np.zeros(shape, dt_out), (a, xt.asarray(b))[: uf.nin]),
            (uf, y, (xt.asarray(a), b)[: uf.nin]),
        ):
            got, got_out = _written(call, out, *ops)
            if isinstance(want, type):
                assert got is want, (name, dt1, dt2, dt_out)
                continue
            assert got is out
            np.testing.assert_array_equal(got_out, want_out, strict=True)
    np.testing.assert_array_equal(a, kept, strict=True)


@pytest.mark.parametrize("dtype", ["float64", "int32", "complex128"])
def test_in_place_ndarrays_beside_arrays_write_what_numpy_writes(dtype):
    """`a += x` (NumPy's in-place operator hands `out=(a,)` over) and outputs that overlap an
    ndarray input (NumPy's loop reads the inputs as if copied first)."""
    a, b = np.arange(1, 9).astype(dtype), np.arange(8, 0, -1).astype(dtype)
    for _ in range(2):
        got, want = a.copy(), a.copy()
        got_id = id(got)
        got += xt.asarray(b)
        want += b
        assert type(got) is np.ndarray and id(got) == got_id
        np.testing.assert_array_equal(got, want, strict=True)
        got, want = a.copy(), a.copy()
        x = xt.asarray(got)  # x's memory is got's
        xt.add(got[:-1], got[1:], out=x[1:])
        np.add(want[:-1], want[1:], out=want[1:])
        np.testing.assert_array_equal(got, want, strict=True)
        got, want = a.copy(), a.copy()
        np.multiply(got[::-1], xt.asarray(b), out=got)
        np.multiply(want[::-1], b, out=want)
        np.testing.assert_array_equal(got, want, strict=True)


@pytest.mark.skipif(not COMPILED, reason="the C twins or elision are off here")
def test_out_beside_ndarrays_stays_in_c():
    a = np.linspace(-1, 1, 1000)
    x, y = xt.asarray(a[::-1].copy()), xt.empty(1000)
    for call in (lambda: xt.add(x, a, out=y), lambda: xt.exp(a, out=y)):
        call()
        assert python_frames(call) == {"<lambda>"}
    np.add(a, x, out=y)
    assert python_frames(lambda: np.add(a, x, out=y)) == {"<lambda>"}  # the protocol's twin


@pytest.mark.parametrize(
    "first", [np.float64(2.0), np.asarray(2.0), np.float32(2.0)], ids=["f64", "0-d", "f32"]
)
def test_numpy_scalars_first_beside_meta_arrays_answer_on_the_meta_device(first):
    """The device array's backend computes wherever it stands: `np.float64(2) - x` of a meta
    array was a CPU array of whatever memory held (the CPU's backend, from the first)."""
    x = xt.asarray([1.0, 2.0, 1.0], device="meta")
    for got in (xt.subtract(first, x), xt.multiply(first, x), xt.less(first, x)):
        assert got.device == x.device and got.shape == (3,)
    assert xt.subtract(first, x).dtype == xt.float64


@given(st.sampled_from(DTYPES), shapes(min_dims=1, max_dims=2), st.data())
def test_ndarrays_as_keys_operands_of_reductions_and_math_answer_as_arrays(dtype, shape, data):
    """NumPy's arrays handed to xtensor where Arrays go, read as the Arrays over them: a mask
    or indices as a key, the operand of a reduction or of a function of one array."""
    a = data.draw(arrays(dtype, shape, finite=True), label="a")
    x = xt.asarray(a.copy())
    mask = data.draw(arrays("bool", shape), label="mask")
    n = shape[0]
    idx = np.asarray(
        data.draw(st.lists(st.integers(-max(n, 1), max(n, 1) - 1), max_size=n and 5), label="idx")
    )
    for key in (mask, idx.astype(np.intp), idx.astype(np.int8) if n <= 127 else idx):
        assert_same(x[key], a[key])
    with np.errstate(all="ignore"):
        for call in (xt.sum, xt.max, xt.negative, xt.exp, lambda v: xt.mean(v, axis=0)):
            want, got = _outcome(call, xt.asarray(a)), _outcome(call, a)
            if isinstance(want, type):
                assert got is want
            else:
                assert_same(got, np.asarray(want._data), err_msg=str(call))
    np.testing.assert_array_equal(a, x._data, strict=True)  # nothing written


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64", "complex128"])
def test_ndarrays_in_where_products_counts_and_joins_answer_as_arrays(dtype):
    a = (np.arange(12) % 5).astype(dtype)
    b = a[::-1].copy()
    m = a > 1
    x = xt.asarray(b)
    calls = [
        (lambda: xt.where(m, x, a), lambda: np.where(m, b, a)),
        (lambda: xt.where(m, a, 0.0), lambda: np.where(m, a, 0.0)),
        (lambda: x @ a, lambda: b @ a),
        (lambda: xt.dot(a, x), lambda: np.dot(a, b)),
        (
            lambda: xt.matmul(a.reshape(3, 4), a.reshape(4, 3)),
            lambda: a.reshape(3, 4) @ a.reshape(4, 3),
        ),
        (lambda: xt.count_nonzero(m), lambda: np.count_nonzero(m)),
        (lambda: xt.concat([x, a]), lambda: np.concatenate([b, a])),
        (lambda: xt.stack([a, x], axis=1), lambda: np.stack([a, b], axis=1)),
        (lambda: xt.einsum("i,i->i", a, a), lambda: np.einsum("i,i->i", a, a)),
    ]
    for ours, numpys in calls:
        for _ in range(2):  # the second call: a plan or small table recorded by the first
            assert_same(ours(), np.asarray(numpys()))


@pytest.mark.parametrize("dtype", ["float64", "int8", "complex128", "bool"])
def test_ndarray_keys_and_values_written_as_numpy_writes_them(dtype):
    base = (np.arange(10) % 3).astype(dtype)
    values = (np.arange(10) % 2).astype(dtype)
    for key in (np.arange(10) > 4, np.array([1, -1, 3]), slice(2, 5), np.array([], dtype=int)):
        for value in (values[key], np.asarray(values[0]), 2):
            want, x = base.copy(), xt.asarray(base.copy())
            want[key] = value
            x[key] = value
            np.testing.assert_array_equal(x._data, want, strict=True)
    if dtype != "complex128":  # a complex value never lands in a real array (README)
        with pytest.raises(TypeError):
            xt.asarray(base.copy())[np.arange(10) > 4] = np.full(5, 1j)


@pytest.mark.parametrize(
    "call",
    [
        lambda m, v: m.reshape(v, (3, 4)),
        lambda m, v: m.atleast_2d(v),
        lambda m, v: m.append(v, v),
        lambda m, v: m.flip(v),
        lambda m, v: m.diff(v),
        lambda m, v: m.linalg.norm(v),
        lambda m, v: m.squeeze(v[None]),
        lambda m, v: m.expand_dims(v, 0),
        lambda m, v: m.dot(v, v),
        lambda m, v: m.clip(v, 1, 3),
        lambda m, v: m.cumsum(v),
        lambda m, v: m.cumprod(v.reshape(3, 4), axis=1),
        lambda m, v: m.sum(v.reshape(3, 4), axis=0),
    ],
)
@pytest.mark.parametrize("dtype", ["float64", "int32", "complex64", "bool"])
def test_ndarrays_in_list_operand_branches_answer_as_arrays(call, dtype):
    """The first branches that read lists (Note [List operands]) read NumPy's arrays as the
    Arrays over them: NumPy's values, an Array back, the ndarray unwritten."""
    a = (np.arange(12) % 5).astype(dtype)
    kept = a.copy()
    want = _outcome(call, np, a)
    got = _outcome(call, xt, a)
    if isinstance(want, type):
        assert got is want
    else:
        assert_same(got, np.asarray(want))
    np.testing.assert_array_equal(a, kept, strict=True)


def test_byte_swapped_ndarrays_give_native_arrays_everywhere():
    """Arrays keep native byte order (README): NumPy's swapped arrays take the checked paths,
    which convert them, on every call (the second replays whatever the first recorded), with
    NumPy's values."""
    a = np.arange(4.0).astype(">f8")
    m = np.array([True, False, True, False])
    calls = [
        lambda mod, v: mod.concatenate([v, v]),
        lambda mod, v: mod.stack([v, v]),
        lambda mod, v: mod.where(m, v, v[::-1]),
        lambda mod, v: mod.where(m, v, 0.0),
        lambda mod, v: v + mod.asarray(np.ones(4)),
        lambda mod, v: mod.asarray(np.ones(4)) * v,
        lambda mod, v: mod.sum(v),
        lambda mod, v: mod.exp(v),
        lambda mod, v: mod.reshape(v, (2, 2)),
        lambda mod, v: mod.einsum("i,i->i", v, v),
        lambda mod, v: mod.asarray(np.arange(4.0))[np.array([1, 2]).astype(">i8")],
    ]
    for call in calls:
        want = call(np, a.astype("<f8"))
        for _ in range(2):
            got = call(xt, a)
            assert type(got) is xt.Array and got._data.dtype.isnative
            np.testing.assert_array_equal(got._data, want, strict=True)


@pytest.mark.parametrize(
    "left, right", [((2, 3), (3, 2)), ((3,), (3,)), ((4, 2, 3), (3,)), ((2, 3), (2, 2))]
)
def test_ndarray_matmul_of_an_array_answers_as_numpy(left, right):
    """`ndarray @ x` (NumPy's matmul ufunc, handed to the protocol's short path): NumPy's
    values as an Array, or NumPy's kind of error, the ndarray unwritten."""
    a = np.arange(float(np.prod(left))).reshape(left)
    b = np.arange(float(np.prod(right))).reshape(right)
    kept = a.copy()
    try:
        want = a @ b
    except ValueError:
        with pytest.raises(ValueError, match="matmul"):
            a @ xt.asarray(b)
        return
    for _ in range(2):
        got = a @ xt.asarray(b)
        assert type(got) is xt.Array
        assert_same(got, np.asarray(want))
    np.testing.assert_array_equal(a, kept, strict=True)
