"""NumPy's override protocols: `numpy.<ufunc>(x)`, `ndarray + x` and `numpy.<function>(x)` on
xtensor Arrays give NumPy's values, dtype and shape as xtensor Arrays, through xtensor's own
functions or (on the CPU) NumPy's fallback; arrays on a GPU never fall back silently; other
libraries' arrays keep their own overrides."""

from __future__ import annotations

import operator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.oracle import ALL_DTYPES, FLOAT_DTYPES, INT_DTYPES, arrays, assert_same, shapes
from tests.test_cfast import python_frames, python_of
from xtensor._core.devices import Device
from xtensor._numpy_protocols import _op_function

REAL_DTYPES = INT_DTYPES + FLOAT_DTYPES
UNARY = ("sin", "absolute", "negative", "sqrt", "exp", "floor", "isnan", "logical_not")
UNARY += ("square", "sign", "log1p", "conjugate", "invert", "isfinite", "positive", "tanh")
BINARY = ("add", "subtract", "multiply", "true_divide", "floor_divide", "power", "maximum")
BINARY += ("minimum", "greater", "equal", "logical_and", "bitwise_xor", "arctan2", "hypot")
OPERATORS = (operator.add, operator.sub, operator.mul, operator.truediv, operator.lt)
OPERATORS += (operator.eq, operator.and_, operator.pow, operator.matmul, operator.floordiv)


class _FakeGPU(xt.Array):
    """An Array that says it lives on cuda:0 (its buffer stays on the host)."""

    __slots__ = ()

    @property
    def device(self):
        return Device("cuda", 0)


def _fake_gpu(a) -> _FakeGPU:
    x = object.__new__(_FakeGPU)
    x._data = np.asarray(a)
    return x


def _same_outcome(call, xt_inputs, np_inputs):
    """`call` on xtensor inputs matches `call` on NumPy ones: the same values as an xtensor
    Array (each of a tuple), or the same kind of exception."""
    try:
        want = call(*np_inputs)  # float16 included: numpy.sin of int8 is float16 in both
    except (TypeError, ValueError) as e:
        kind = TypeError if isinstance(e, TypeError) else ValueError
        with pytest.raises(kind):
            call(*xt_inputs)
        return
    got, name = call(*xt_inputs), getattr(call, "__name__", str(call))
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want), name
        for g, w in zip(got, want):
            assert_same(g, w, err_msg=name)
    else:
        assert_same(got, want, err_msg=name)


# --- __array_ufunc__ -----------------------------------------------------------------------------


@given(st.sampled_from(UNARY), st.sampled_from(ALL_DTYPES).flatmap(arrays))
def test_unary_ufuncs_dispatch_to_xtensor(name, a):
    _same_outcome(getattr(np, name), [xt.asarray(a)], [a])


@given(st.sampled_from(BINARY), st.sampled_from(REAL_DTYPES), st.data())
def test_binary_ufuncs_with_arrays_ndarrays_and_scalars(name, dtype, data):
    shape = data.draw(shapes(max_dims=2), label="shape")
    a = data.draw(arrays(dtype, shape, finite=True), label="a")
    b = data.draw(arrays(dtype, shape[1:], finite=True), label="b")
    ufunc = getattr(np, name)
    x = xt.asarray(a)
    _same_outcome(ufunc, [x, xt.asarray(b)], [a, b])
    _same_outcome(ufunc, [b, x], [b, a])  # an ndarray first: NumPy still calls Array's hook
    _same_outcome(ufunc, [x, 3], [a, 3])
    _same_outcome(ufunc, [np.float32(2), x], [np.float32(2), a])


def _op_ufuncs() -> list:
    return sorted(
        name
        for name in dir(np)
        if isinstance(getattr(np, name), np.ufunc) and _op_function(getattr(np, name)) is not None
    )


SCALARS = [np.float64(1.5), np.float32(-2.0), np.int64(3), np.int8(-1), np.uint8(200)]
SCALARS += [np.bool_(True), np.complex64(1 - 2j), 2, 0.5]


@pytest.mark.parametrize("name", _op_ufuncs())
def test_numpy_scalars_beside_arrays_take_the_short_path_with_numpys_answers(name):
    """`np.float64(2) * x`, `s < x` (NumPy hands a compared scalar over as a 0-d array) and
    `np.sin(x)` call xtensor's compiled ufunc straight from `__array_ufunc__`: NumPy's values
    and dtypes (its scalars are typed, not weak), or an error of NumPy's kind."""
    ufunc = getattr(np, name)
    for dtype in ("bool", "int8", "uint16", "int64", "float32", "complex128"):
        a = (np.arange(-3, 4) % 5).astype(dtype)
        x = xt.asarray(a)
        with np.errstate(all="ignore"):
            if ufunc.nin == 1:
                _same_outcome(ufunc, [x], [a])
                continue
            for s in SCALARS:
                if name == "ldexp" and type(s) is int:
                    continue  # NumPy's float16 for `ldexp(2, ints)`: float64 (README)
                _same_outcome(ufunc, [s, x], [s, a])
                _same_outcome(ufunc, [x, s], [a, s])
                _same_outcome(ufunc, [np.asarray(s), x], [np.asarray(s), a])


def test_numpy_scalars_beside_arrays_skip_the_protocols_general_frames():
    x = xt.asarray(np.arange(5.0))
    frames = python_frames(lambda: np.float64(2) * x)
    assert "_try_xtensor" not in frames and "_xt_operand" not in frames
    frames = python_frames(lambda: np.float64(2) < x)
    assert "_try_xtensor" not in frames and "_xt_operand" not in frames
    frames = python_frames(lambda: np.add(x, x, out=xt.empty(5)))
    assert "_try_xtensor" not in frames and "_xt_operand" not in frames
    assert "_try_xtensor" in python_frames(lambda: np.add(x, x, where=x > 1))


@pytest.mark.parametrize("op", OPERATORS)
def test_ndarray_operators_give_xtensor_arrays(op):
    a = np.arange(1.0, 5.0).reshape(2, 2)
    b = np.asarray([[2.0, 3.0], [5.0, 7.0]])
    for dtype in ("int64", "float64"):
        a, b = a.astype(dtype), b.astype(dtype)
        _same_outcome(op, [a, xt.asarray(b)], [a, b])  # ndarray.__op__ -> ufunc -> xtensor
        _same_outcome(op, [xt.asarray(a), b], [a, b])  # Array.__op__ as before


def test_inplace_operators_keep_each_sides_type():
    a = np.arange(4.0)
    target = a.copy()
    target += xt.asarray(a)  # NumPy's out= is the ndarray itself: it stays an ndarray
    assert type(target) is np.ndarray and target.tolist() == (2 * a).tolist()
    x = xt.asarray(a.copy())
    x *= a
    assert_same(x, a * a)


@pytest.mark.parametrize("dtype", ["int32", "uint8", "float32", "float64", "bool"])
@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "logical_or", "subtract"])
def test_ufunc_methods(name, dtype):
    ufunc = getattr(np, name)
    a = (np.arange(12).reshape(3, 4) % 5).astype(dtype)
    x = xt.asarray(a)
    calls = [
        lambda v: ufunc.reduce(v),
        lambda v: ufunc.reduce(v, axis=1, keepdims=True),
        lambda v: ufunc.reduce(v, axis=None),
        lambda v: ufunc.accumulate(v, axis=1),
        lambda v: ufunc.outer(v[0], v[:, 1]),
        lambda v: ufunc.reduceat(v, [0, 2], axis=1),
    ]
    for call in calls:
        _same_outcome(call, [x], [a])


def test_ufunc_at_writes_in_place():
    a = np.zeros(5)
    x = xt.asarray(a.copy())
    assert np.add.at(x, xt.asarray([0, 0, 3]), 1.5) is None
    np.add.at(a, [0, 0, 3], 1.5)
    assert_same(x, a)


def test_out_and_where():
    a = np.arange(6.0).reshape(2, 3)
    x, out = xt.asarray(a), xt.zeros((2, 3))
    assert np.multiply(x, 2, out=out) is out
    assert_same(out, a * 2)
    host_out = np.zeros((2, 3))
    assert np.add(x, x, out=host_out) is host_out  # NumPy returns the out= argument itself
    np.testing.assert_array_equal(host_out, a + a)
    got = np.sqrt(x, out=xt.full((2, 3), -1.0), where=xt.asarray(a) > 2)
    assert_same(got, np.sqrt(a, out=np.full((2, 3), -1.0), where=a > 2))
    q, r = xt.zeros(3), xt.zeros(3)
    got = np.divmod(x[0], 2.0, out=(q, r))
    assert got[0] is q and got[1] is r
    assert_same(q, a[0] // 2) and assert_same(r, a[0] % 2)


@pytest.mark.parametrize("name", ["modf", "frexp", "divmod", "float_power", "ldexp", "spacing"])
def test_any_numpy_ufunc_works_on_cpu_arrays(name):
    ufunc = getattr(np, name)
    a = np.asarray([0.5, -2.25, 3.0, 8.0])
    inputs = [a, np.asarray([1, 2, 3, 4])][: ufunc.nin]
    got = ufunc(*(xt.asarray(v) for v in inputs))
    want = ufunc(*inputs)
    if ufunc.nout == 1:
        got, want = (got,), (want,)
    assert type(got) is type(want) and len(got) == len(want)
    for g, w in zip(got, want):
        assert_same(g, w)


def test_missing_ufunc_falls_back_to_numpy_on_the_cpu_only(monkeypatch):
    monkeypatch.delattr(xt, "sin")
    a = np.linspace(0, 3, 7)
    assert_same(np.sin(xt.asarray(a)), np.sin(a))
    with pytest.raises(TypeError, match=r"numpy\.sin: .*cuda:0"):
        np.sin(_fake_gpu(a))


def test_gpu_arrays_dispatch_to_xtensor(monkeypatch):
    a = np.linspace(0, 3, 7)
    assert_same(np.sin(_fake_gpu(a)), np.sin(a))
    assert_same(np.mean(_fake_gpu(a)), np.mean(a))
    monkeypatch.delattr(xt, "median")
    with pytest.raises(TypeError, match=r"numpy\.median: .*cuda:0"):
        np.median(_fake_gpu(a))  # no xtensor function, and NumPy cannot read GPU memory


# --- __array_function__ --------------------------------------------------------------------------

FUNCTIONS = {
    "mean": lambda v: np.mean(v),
    "sum_keepdims": lambda v: np.sum(v, axis=0, keepdims=True),
    "std": lambda v: np.std(v),
    "std_ddof": lambda v: np.std(v, ddof=1),
    "var_axis": lambda v: np.var(v, axis=-1),
    "cumsum": lambda v: np.cumsum(v),
    "dot": lambda v: np.dot(v, v.T),
    "concatenate": lambda v: np.concatenate([v, v]),
    "stack": lambda v: np.stack([v, v], axis=-1),
    "where3": lambda v: np.where(v > 0, v, 0.5),
    "where1": lambda v: np.where(v > 0),
    "norm": lambda v: np.linalg.norm(v),
    "fft": lambda v: np.fft.fft(v),
    "max_positional_axis": lambda v: np.max(v, 0),
    "sum_where": lambda v: np.sum(v, where=v > 0),
    "sort": lambda v: np.sort(v),
    "clip": lambda v: np.clip(v, -1.0, 1.0),
    "median": lambda v: np.median(v),
    "shape": lambda v: np.shape(v),
    "nonzero": lambda v: np.nonzero(v),
    "histogram": lambda v: np.histogram(v, bins=3),
    "transpose": lambda v: np.transpose(v),
    "round": lambda v: np.round(v, 2),
    "zeros_like": lambda v: np.zeros_like(v, dtype=np.float32),
    "allclose": lambda v: np.allclose(v, v),
}


def _same_result(got, want, label):
    """Like assert_same, through tuples and lists; non-array results compare equal."""
    if isinstance(want, (tuple, list)):
        assert type(got) is type(want) and len(got) == len(want), label
        for g, w in zip(got, want):
            _same_result(g, w, label)
    elif isinstance(want, (np.ndarray, np.generic)):
        assert_same(got, want, err_msg=label)
    else:
        assert got == want, label


@given(st.sampled_from(sorted(FUNCTIONS)), st.sampled_from(FLOAT_DTYPES), st.data())
def test_numpy_functions_match_numpy(name, dtype, data):
    a = data.draw(arrays(dtype, data.draw(shapes(min_dims=2, max_dims=2, min_side=1)), True))
    call = FUNCTIONS[name]
    try:
        want = call(a)
    except ValueError as e:  # (histogram of one large float32 value: too many bins)
        with pytest.raises(type(e)):
            call(xt.asarray(a))
        return
    _same_result(call(xt.asarray(a)), want, name)


def test_functions_over_several_arrays():
    a, b = np.arange(6.0).reshape(2, 3), np.ones((2, 3), np.float32)
    x, y = xt.asarray(a), xt.asarray(b)
    assert_same(np.concatenate([x, y], axis=1), np.concatenate([a, b], axis=1))
    assert_same(np.concatenate([x, b]), np.concatenate([a, b]))  # mixed with an ndarray
    assert_same(np.stack((x, y)), np.stack((a, b)))
    assert_same(np.where(x > 2, x, y), np.where(a > 2, a, b))
    assert_same(np.dot(x, y.T), np.dot(a, b.T))
    got = np.linalg.svd(x)
    assert type(got).__name__ == "SVDResult"
    assert_same(got.S, np.linalg.svd(a).S)


def test_out_argument_returns_the_given_array():
    a = np.arange(6.0).reshape(2, 3)
    out = xt.zeros(3)
    assert np.sum(xt.asarray(a), axis=0, out=out) is out
    assert_same(out, a.sum(axis=0))


def test_refusing_function_falls_back_on_the_cpu_only(monkeypatch):
    def refusing(*args, **kwargs):
        raise TypeError("mean: refused")

    monkeypatch.setattr(xt, "mean", refusing)
    a = np.arange(5.0)
    assert_same(np.mean(xt.asarray(a)), np.mean(a))
    with pytest.raises(TypeError, match="mean: refused"):
        np.mean(_fake_gpu(a))


def test_reentry_goes_to_numpy(monkeypatch):
    calls = []

    def naive_ptp(a, axis=None):  # an xtensor function calling NumPy on an Array
        calls.append(a)
        return np.ptp(a, axis=axis)

    monkeypatch.setattr(xt, "ptp", naive_ptp)
    a = np.asarray([[3.0, -1.0], [4.0, 2.0]])
    assert_same(np.ptp(xt.asarray(a), axis=0), np.ptp(a, axis=0))
    assert len(calls) == 1


def test_numpy_array_function_answers_numpy_arrays_alone():
    a = np.arange(4.0)
    assert type(np.mean(a)) is np.float64 and type(np.sin(a)) is np.ndarray


# --- other libraries' arrays ---------------------------------------------------------------------


class _Foreign:
    """Another library's array: it overrides NumPy itself, so xtensor must leave it the call."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        return "foreign ufunc"

    def __array_function__(self, func, types, args, kwargs):
        return "foreign function"


def test_foreign_overrides_win():
    x = xt.asarray([1.0, 2.0])
    assert np.add(x, _Foreign()) == "foreign ufunc"
    assert np.concatenate([x, _Foreign()]) == "foreign function"


FUNCTION_CALLS = [
    (np.dot, lambda x, a: (x, a), {}),
    (np.mean, lambda x, a: (x,), {"axis": 0}),
    (np.std, lambda x, a: (x,), {"ddof": 1}),  # xtensor's std takes ddof too
    (np.shape, lambda x, a: (x,), {}),
    (np.concatenate, lambda x, a: ([x, a],), {}),
    (np.linalg.norm, lambda x, a: (x,), {"ord": 1}),
    (np.fmod, lambda x, a: (x, 2.0), {}),  # a ufunc: not this protocol's
    (np.where, lambda x, a: (x > 1,), {}),  # one argument: NumPy's fallback
    (np.mean, lambda x, a: (x,), {"where": np.array([True, False, True])}),  # refused: NumPy's
    (np.sum, lambda x, a: (x,), {"axis": 3}),  # NumPy's AxisError, through the full path
    (np.array_equal, lambda x, a: (x, a), {}),
]


@pytest.mark.parametrize("func, make, kwargs", FUNCTION_CALLS)
def test_the_function_protocols_c_twin_answers_as_its_python_function(func, make, kwargs):
    """`Array.__array_function__`'s C twin against its Python function: the same answers,
    the same errors, for calls xtensor answers and for those NumPy answers instead."""
    x, a = xt.asarray([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0])
    python = python_of(xt.Array.__array_function__)
    outcomes = []
    for hook in (x.__array_function__, lambda *v: python(x, *v)):
        try:
            r = hook(func, (xt.Array, np.ndarray), make(x, a), kwargs)
        except Exception as e:  # noqa: BLE001 - the same error from both
            outcomes.append((type(e), str(e)))
            continue
        items = r if isinstance(r, tuple) else (r,)
        outcomes.append([(type(v), np.asarray(v).tolist()) for v in items])
    assert outcomes[0] == outcomes[1]


def test_the_function_protocol_runs_xtensor_in_c():
    x, a = xt.asarray([1.0, 2.0, 3.0]), np.array([3.0, 2.0, 1.0])
    np.dot(x, a)
    assert python_frames(lambda: np.dot(x, a)) == {"<lambda>", "dot"}  # (NumPy's dispatcher)
