"""Operators of two values compute as NumPy's scalars do (Note [Scalar arithmetic] in
xtensor/_dispatch/plans.py), most in C (Note [Value arithmetic] in _dispatch/_cfast_values.c):
every operator on 0-d float64, int64 and bool arrays and Python numbers, both orders, against
NumPy's scalars bit for bit (NaN, -0.0, inf, int64's extremes), with NumPy's warnings at the
caller's line, and the same calls through the dunders' Python twins."""

from __future__ import annotations

import math
import operator
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import xtensor as xt
from tests.test_cfast import SETTINGS, python_frames
from xtensor._dispatch.compiled import CFAST, python_of

MIN, MAX = -(2**63), 2**63 - 1
FLOATS = st.one_of(
    st.sampled_from([0.0, -0.0, math.nan, -math.nan, math.inf, -math.inf, 5e-324, 1e308]),
    st.sampled_from([-1e308, 1.5, -2.0, 3.0, 0.5, 1e-300, 2.0**53, 7.25]),
    st.floats(),
)
INTS = st.one_of(
    st.sampled_from([0, 1, -1, 2, -2, 3, 7, MIN, MAX, MIN + 1, 2**62, 2**32]),
    st.integers(-10, 10),
    st.integers(MIN, MAX),
)
# an operand's kind: a 0-d Array (an element, as `a[i]` reads it) or a Python number
KINDS = {
    "f8": FLOATS,
    "i8": INTS,
    "b1": st.booleans(),
    "float": FLOATS,
    "int": INTS,
    "bool": st.booleans(),
}
ARRAY_KINDS = {"f8": np.float64, "i8": np.int64, "b1": np.bool_}
BINARY = {
    "+": (operator.add, "__add__", "__radd__"),
    "-": (operator.sub, "__sub__", "__rsub__"),
    "*": (operator.mul, "__mul__", "__rmul__"),
    "/": (operator.truediv, "__truediv__", "__rtruediv__"),
    "//": (operator.floordiv, "__floordiv__", "__rfloordiv__"),
    "%": (operator.mod, "__mod__", "__rmod__"),
    "**": (operator.pow, "__pow__", "__rpow__"),
    "<": (operator.lt, "__lt__", "__gt__"),
    "<=": (operator.le, "__le__", "__ge__"),
    "==": (operator.eq, "__eq__", "__eq__"),
    "!=": (operator.ne, "__ne__", "__ne__"),
    ">": (operator.gt, "__gt__", "__lt__"),
    ">=": (operator.ge, "__ge__", "__le__"),
}


def operands(kind: str, value):
    """(xtensor's operand, NumPy's) for `value` of `kind`."""
    if kind in ARRAY_KINDS:
        s = ARRAY_KINDS[kind](value)
        return xt.asarray([s, s])[0], s  # an element, as a loop reads it
    return value, value


def run(fn, *args, here=True):
    """(outcome, warnings) of `fn(*args)` under NumPy's "warn" state: the answer's dtype and
    shape and bytes (a NumPy scalar made 0-d), or the exception's type; each warning's category and
    message, which (`here`) must point at this file's line."""
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
        warnings.simplefilter("always")
        try:
            r = fn(*args)
        except (TypeError, ValueError, OverflowError, ZeroDivisionError) as e:
            r = type(e)
    said = [(w.category, str(w.message)) for w in caught]
    assert not here or all(w.filename == __file__ for w in caught), [w.filename for w in caught]
    if isinstance(r, type):
        return r, said
    if isinstance(r, xt.Array):
        assert type(r._data) is np.ndarray, r
        r = r._data
    r = np.asarray(r)
    return (r.dtype, r.shape, r.tobytes()), said


def _standard_floor_divide(symbol: str, v1, v2) -> bool:
    """Whether `v1 // v2` is a float's: the standard's special cases, the loop's (not NumPy's
    scalar's), and its warnings' words the loop's ("in floor_divide")."""
    return symbol == "//" and (type(v1) in (float, np.float64) or type(v2) in (float, np.float64))


def assert_like_numpy(symbol, got, want, v1, v2):
    (r, said), (w, wsaid) = got, want
    if _standard_floor_divide(symbol, v1, v2):
        finite = all(math.isfinite(v) for v in (v1, v2))
        assert r == w or not finite, (symbol, v1, v2, r, w)
        assert [s[0] for s in said] == [s[0] for s in wsaid]
        return
    assert r == w, (symbol, v1, v2, r, w)
    assert said == wsaid, (symbol, v1, v2)


@SETTINGS
@given(
    data=st.data(),
    symbol=st.sampled_from(sorted(BINARY)),
    kinds=st.sampled_from([(a, b) for a in KINDS for b in KINDS if a in ARRAY_KINDS]),
)
def test_operators_of_values_are_numpys_scalars(data, symbol, kinds):
    v1, v2 = data.draw(KINDS[kinds[0]], label="v1"), data.draw(KINDS[kinds[1]], label="v2")
    (x1, n1), (x2, n2) = operands(kinds[0], v1), operands(kinds[1], v2)
    fn, forward, reflected = BINARY[symbol]
    for a, b, s1, s2 in ((x1, x2, n1, n2), (x2, x1, n2, n1)):  # both orders
        got = run(fn, a, b, here=not _standard_floor_divide(symbol, s1, s2))
        assert_like_numpy(symbol, got, run(fn, s1, s2), s1, s2)
        # the dunders' C twins and their Python functions answer and warn alike
        if type(a) is xt.Array:
            for method in (getattr(xt.Array, forward), python_of(getattr(xt.Array, forward))):
                twin = run(method, a, b, here=False)
                if twin[0] is not TypeError:  # (a refusal: the operator's NotImplemented)
                    assert twin == got, (method, a, b)
        if type(b) is xt.Array and symbol not in ("==", "!="):
            for method in (getattr(xt.Array, reflected), python_of(getattr(xt.Array, reflected))):
                twin = run(method, b, a, here=False)
                if twin[0] is not TypeError:
                    assert twin == got, (method, a, b)


@SETTINGS
@given(data=st.data(), kind=st.sampled_from(sorted(ARRAY_KINDS)))
def test_unary_operators_and_truth_of_values_are_numpys(data, kind):
    x, s = operands(kind, data.draw(KINDS[kind], label="value"))
    for fn, dunder in ((operator.neg, "__neg__"), (abs, "__abs__"), (bool, "__bool__")):
        got, want = run(fn, x), run(fn, s)
        if fn is bool:
            assert got[0] == want[0] and not got[1]
            assert (1 if x else 0) == (1 if s else 0)  # `if x:`, the truth slot
        else:
            assert got[0] == want[0] and got[1] == want[1]
        for method in (getattr(xt.Array, dunder), python_of(getattr(xt.Array, dunder))):
            assert run(method, x)[0] == got[0], (method, x)


def _line() -> int:
    import sys  # lazy: the caller's line, for the warnings' locations

    return sys._getframe(1).f_lineno


def assert_warns_at_the_callers_line(cases: dict, here: str) -> None:
    """Each call of `cases` ({message: call}) warns `message` alone, at its own line in file
    `here` (no frame of xtensor's), at its first call and a later one."""
    for message, call in cases.items():
        for _ in range(2):  # the first call and a later one
            with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
                warnings.simplefilter("always")
                call()
            assert [str(w.message) for w in caught] == [message]
            assert caught[0].filename == here  # the lambda's line: no frame of xtensor's


def test_warnings_are_numpys_scalars_at_the_callers_line():
    n, a = xt.asarray([MAX, MIN, 0]), xt.asarray([1e308, 0.0, -0.0, 1e-300])
    cases = {
        "overflow encountered in scalar add": lambda: n[0] + 1,
        "overflow encountered in scalar subtract": lambda: n[1] - n[0],
        "overflow encountered in scalar multiply": lambda: a[0] * 10.0,
        "divide by zero encountered in scalar divide": lambda: 1.0 / a[1],
        "invalid value encountered in scalar divide": lambda: a[1] / a[2],
        "divide by zero encountered in scalar floor_divide": lambda: n[0] // n[2],
        "divide by zero encountered in scalar remainder": lambda: 5 % n[2],
        "overflow encountered in scalar negative": lambda: -n[1],
        "overflow encountered in scalar absolute": lambda: abs(n[1]),
        "overflow encountered in scalar power": lambda: a[0] ** 2,
        "underflow encountered in scalar multiply": lambda: a[3] * 1e-300,
    }
    assert_warns_at_the_callers_line(cases, __file__)
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
        warnings.simplefilter("always")
        x = n[0]
        line = _line() + 1
        x + 1
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]


def test_errstate_raise_and_ignore_are_numpys():
    n, a = xt.asarray([MAX, 0]), xt.asarray([1e308, 0.0])
    with np.errstate(over="raise"):
        with pytest.raises(FloatingPointError, match="overflow encountered in scalar add"):
            n[0] + 1
        with pytest.raises(FloatingPointError, match="overflow encountered in scalar multiply"):
            a[0] * a[0]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("error")
        assert int(n[0] + 1) == MIN  # wraps, as NumPy's scalar
        assert math.isinf(float(a[0] * 10))
    with warnings.catch_warnings():  # a warning made an error is raised, as NumPy's is
        warnings.simplefilter("error")
        with np.errstate(over="warn"), pytest.raises(RuntimeWarning):
            n[0] * 2


def test_values_compute_in_c_without_the_loop():
    if CFAST is None:
        pytest.skip("pure Python")
    a, n = xt.asarray([0.3, 0.7]), xt.asarray([3, 1])
    calls = (
        lambda: a[0] > 0.5, lambda: a[0] + 1.0, lambda: n[0] // 2, lambda: n[0] % 3,
        lambda: -a[1], lambda: abs(a[1]), lambda: 2 ** n[0], lambda: a[0] ** 0.5,
        lambda: 1.0 - a[0], lambda: a[0] == a[1],
    )  # fmt: skip
    assert_computed_in_c(calls)


def assert_computed_in_c(calls) -> None:
    """Each call answers 0-d Arrays (a tuple of them for divmod) without NumPy's inner loop:
    its values computed in C (Note [Value arithmetic])."""
    for call in calls:
        call()
        before = CFAST.direct_calls()
        r = call()
        assert CFAST.direct_calls() == before, call
        assert all(type(t) is xt.Array and t.shape == () for t in (r if type(r) is tuple else [r]))


def test_other_operands_keep_their_paths():
    """A float16 value, a bool's `**`, a float's `//` (the standard's special cases), a
    Python int beyond int64 and arrays of one element are no values of these operators (other
    dtypes': tests/test_fast_calls_values2.py)."""
    f2 = xt.asarray([np.float16(1.5)] * 2)[0]
    assert (f2 + 1.0).dtype == xt.float16
    b = xt.asarray([True, False])
    assert (b[0] ** b[0]).dtype == np.asarray(np.True_**np.True_).dtype
    assert float(xt.asarray([math.inf, 1.0])[0] // 1.0) == math.inf  # NumPy's scalar: nan
    with pytest.raises(OverflowError):
        xt.asarray([1, 2])[0] + 2**70
    one = xt.asarray([2.0])
    assert (one + 1).shape == (1,) and (one > 1).shape == (1,)
    assert (b[0] + b[1]).dtype == xt.bool and bool(b[0] * b[1]) is False
    with pytest.raises(TypeError):
        b[0] - b[1]
    with pytest.raises(TypeError):
        -b[0]


@SETTINGS
@given(
    data=st.data(),
    kinds=st.sampled_from(
        [("i8", "i8"), ("i8", "int"), ("i8", "f8"), ("f8", "f8"), ("f8", "float"), ("f8", "int")]
    ),
)
def test_divmod_of_values_is_numpys_scalar_divmod(data, kinds):
    v1, v2 = data.draw(KINDS[kinds[0]], label="v1"), data.draw(KINDS[kinds[1]], label="v2")
    (x1, n1), (x2, n2) = operands(kinds[0], v1), operands(kinds[1], v2)
    for a, b, s1, s2 in ((x1, x2, n1, n2), (x2, x1, n2, n1)):
        got, want = run(divmod, a, b, here=False), run(divmod, s1, s2)
        assert got[1] == want[1], (a, b)
        if isinstance(want[0], type):
            assert got[0] is want[0]
            continue
        with np.errstate(all="ignore"):
            (q, m), (sq, sm) = divmod(a, b), divmod(s1, s2)
        for r, w in ((q, sq), (m, sm)):
            assert r.shape == () and r.dtype == np.asarray(w).dtype
            assert r._data.tobytes() == np.asarray(w).tobytes(), (a, b, q, m, sq, sm)
        dunder = "__divmod__" if type(a) is xt.Array else "__rdivmod__"
        this, other = (a, b) if type(a) is xt.Array else (b, a)
        for method in (getattr(xt.Array, dunder), python_of(getattr(xt.Array, dunder))):
            with np.errstate(all="ignore"):
                r = method(this, other)
            assert [t._data.tobytes() for t in r] == [q._data.tobytes(), m._data.tobytes()]


@pytest.mark.parametrize(
    "data", [[0.1, 0.3, 0.3, 0.9], [1, 3, 5], [[0.1, 0.2]], [math.nan, 0.0], [True, False]]
)
def test_searchsorted_c_twin_is_its_method_and_numpys(data):
    n = np.asarray(data)
    x = xt.asarray(n)
    keys = [0.3, 2, math.nan, -0.0, xt.asarray([0.2, 4.0]), xt.asarray(3), "x", [0.5]]
    if n.dtype.kind in "ib":  # beyond int64: past every element, as NumPy places them
        keys += [2**63, -(2**70), -1]  # (beside floats NumPy compares them as objects)
    twins = (xt.Array.searchsorted, python_of(xt.Array.searchsorted))
    twins += (xt.searchsorted, python_of(xt.searchsorted))  # the function's, the same branch
    for v in keys:
        for args in ((v,), (v, "left"), (v, "right"), (v, "middle")):
            want = run(np.ndarray.searchsorted, n, *[_numpy(a) for a in args])
            for method in twins:
                got = run(method, x, *args, here=False)
                if isinstance(want[0], type):  # NumPy's refusal: the same kind of error
                    assert isinstance(got[0], type), (method, data, args)
                else:
                    assert got == (want[0], []), (method, data, args)


def _numpy(a):
    return np.asarray(a._data) if isinstance(a, xt.Array) else a


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_square_root_power_is_numpys_sqrt_in_c(dtype):
    """`z ** 0.5` of a complex array is NumPy's operator's `sqrt`: bits, dtype and (no)
    warnings, special values and strided views, from C (the twin's fix-up patches real
    answers only)."""
    z = np.array(
        [4 + 0j, -4 + 0j, complex(-np.inf, 0), complex(-0.0, 0), complex(np.nan, 1), 0j,
         complex(np.inf, np.nan), complex(-1, -0.0), 3 - 4j],
        dtype,
    )  # fmt: skip
    x = xt.asarray(z)
    for view, values in ((x, z), (x[::2], z[::2]), (x.reshape(3, 3).T, z.reshape(3, 3).T)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            got = (view**0.5)._data
        want = values**0.5
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
    if CFAST is not None:
        assert "__pow__" not in python_frames(lambda: x**0.5)


def test_half_square_root_power_is_numpys_sqrt_in_c():
    """`h ** 0.5` of float16 without -0.0 or -inf is NumPy's sqrt from C (a negative value
    warns as NumPy's operator does); with them, the twin patches the standard's answers."""
    h = np.array([4, 0.25, 0, np.inf, np.nan, 6e-8, 65504], np.float16)
    x = xt.asarray(h)
    assert (x**0.5)._data.tobytes() == (h**0.5).tobytes()
    if CFAST is not None:
        assert "__pow__" not in python_frames(lambda: x**0.5)
    with np.errstate(invalid="warn"), pytest.warns(RuntimeWarning, match="invalid value"):
        assert np.isnan(float((xt.asarray(h[:2] - 1) ** 0.5)[1]))
    odd = xt.asarray(np.array([-0.0, -np.inf, 4], np.float16)) ** 0.5
    assert odd._data.tolist() == [0.0, np.inf, 2.0] and not np.signbit(odd._data[0])


@pytest.mark.parametrize("dtype", ["int8", "uint16", "int32", "int64", "bool"])
def test_integer_square_root_power_is_numpys_power_from_c(dtype):
    """`i ** 0.5` of an integer or bool array is NumPy's `power` (not sqrt: NumPy's operator
    takes sqrt for inexact arrays only), reached from C without the twin's frame; the fix-up's
    scan of an integer operand is compiled too."""
    i = np.array([0, 1, 4, 9, 2], dtype)
    x = xt.asarray(i)
    got, want = x**0.5, i**0.5
    assert got.dtype == want.dtype and got._data.tobytes() == want.tobytes()
    if CFAST is not None:
        assert "__pow__" not in python_frames(lambda: x**0.5)
        assert "_numpy_classes" not in python_frames(lambda: x**0.5)


def test_round_signbit_and_complex_fixups_from_c():
    """`x.round()` of numbers is NumPy's round in C; `signbit` of integers and bools NumPy's
    own loop (its cast to a float keeps each sign); the complex fix-ups of `sign`, `expm1`,
    `tanh` and `tan` are skipped by the compiled guard where no operand holds a value they
    patch, and patch where one does (the standard's answers: test_special_cases.py)."""
    f = np.array([-0.4, 0.5, 1.5, -2.5, 3.49])
    i = np.array([-(2**63), -1, 0, 2**63 - 1])
    z = np.array([1 + 2j, -3 - 0.5j, 0.25 + 1j])  # (no part zero, infinite or NaN)
    if CFAST is not None:
        x, n, c = xt.asarray(f), xt.asarray(i), xt.asarray(z)
        for call in (lambda: x.round(), lambda: n.round(), lambda: xt.signbit(n)):
            call()
            assert python_frames(call) <= {"<lambda>"}
        for name in ("sign", "expm1", "tanh", "tan"):
            fn = getattr(xt, name)
            fn(c)
            assert name not in python_frames(lambda fn=fn: fn(c))  # (the fix-up's frame)
    assert xt.asarray(f).round()._data.tobytes() == f.round().tobytes()
    assert xt.signbit(xt.asarray(i))._data.tolist() == [True, True, False, False]
    assert xt.signbit(xt.asarray(np.array([True, False])))._data.tolist() == [False, False]
    special = xt.asarray(np.array([0j, complex(np.nan, 1), 1 + 1j]))
    assert xt.sign(special)._data[0] == 0 and np.isnan(xt.sign(special)._data[1].imag)
