"""Operators of values of the other dtypes (int8-uint64, float32, beside bool, int64, float64
and Python numbers) compute as NumPy's scalars do, most in C (Note [Value arithmetic] in
xtensor/_dispatch/_cfast_values.c): answers bit for bit, dtypes by NumPy 2's promotion (NEP
50's weak Python numbers), warnings and errors word for word under NumPy's "warn", "raise"
and "ignore" states, through the operators, the dunders' C twins and their Python functions
(Note [Scalar arithmetic] in xtensor/_dispatch/plans.py)."""

from __future__ import annotations

import math
import operator
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xtensor as xt
from tests.test_fast_calls_values import (
    BINARY,
    _line,
    assert_computed_in_c,
    assert_warns_at_the_callers_line,
)
from xtensor._dispatch.compiled import CFAST, python_of

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
DTYPES += ("float32", "float64")
NEW = ("int8", "int16", "int32", "uint8", "uint16", "uint32", "uint64", "float32")
SNAN32 = np.frombuffer(np.uint32(0x7FA00001).tobytes(), np.float32)[0]  # a signaling NaN


def _integers(dtype: str):
    info = np.iinfo(dtype)
    edges = [info.min, info.max, info.min + 1, info.max - 1, 0, 1, 2, 3, 7]
    small = st.integers(max(info.min, -10), min(info.max, 10))
    return st.one_of(st.sampled_from(edges), small, st.integers(info.min, info.max))


def _floats(width: int):
    info = np.finfo(np.float32 if width == 32 else np.float64)
    specials = [0.0, -0.0, math.nan, -math.nan, math.inf, -math.inf, float(info.max)]
    specials += [-float(info.max), float(info.tiny), float(info.smallest_subnormal), 1.5, -2.0]
    specials += [0.5, 3.0, 255.0, 2.0**24 + 2, 1e-30, 3e38, 1e300, 1e-50, -7.25]
    return st.one_of(st.sampled_from(specials), st.floats(width=width), st.floats(-300, 300))


PY_INTS = st.one_of(
    st.sampled_from([0, 1, -1, 2, 127, 128, -129, 255, 256, -32769, 65536, 2**31, -(2**31) - 1]),
    st.sampled_from([2**32, 2**53 + 1, -(2**53) - 1, 2**60 + 2**36 + 1, 2**63 - 1, -(2**63)]),
    st.integers(-10, 10),
    st.integers(-(2**63), 2**63 - 1),
)  # Python ints beyond int64 are no values (the dunder's path)


def _array_values(dtype: str):
    if dtype == "bool":
        return st.booleans().map(np.bool_)
    if dtype.startswith("float"):
        width = 32 if dtype == "float32" else 64
        values = _floats(width).map(np.dtype(dtype).type)
        return st.one_of(values, st.just(SNAN32)) if width == 32 else values
    return _integers(dtype).map(np.dtype(dtype).type)


KINDS = {d: _array_values(d) for d in DTYPES}
KINDS.update(int=PY_INTS, float=_floats(64), pybool=st.booleans())
MODES = ("warn", "raise", "ignore")


def _element(s):
    """xtensor's element holding NumPy's scalar `s`; a Python number stays itself."""
    if isinstance(s, np.generic):
        return xt.asarray(np.asarray([s, s]))[0]
    return s


def run(mode, fn, *args, here=True):
    """(outcome, warnings) of `fn(*args)` under NumPy's state `mode` for all: the answer's dtype,
    shape and bytes, or the error's type (and a FloatingPointError's words); each warning's
    category and words, which (`here`) must point at this file's line."""
    with warnings.catch_warnings(record=True) as caught, np.errstate(all=mode):
        warnings.simplefilter("always")
        try:
            r = fn(*args)
        except FloatingPointError as e:
            r = (FloatingPointError, str(e))
        except (TypeError, ValueError, OverflowError, ZeroDivisionError) as e:
            r = (type(e), "")
    said = [(w.category, str(w.message)) for w in caught]
    assert not here or all(w.filename == __file__ for w in caught), [w.filename for w in caught]
    if isinstance(r, tuple):
        return r, said
    r = np.asarray(r._data if isinstance(r, xt.Array) else r)
    return (r.dtype, r.shape, r.tobytes()), said


def _float_quotient(symbol: str, s1, s2) -> bool:
    """Whether `s1 // s2` divides in a float dtype: the standard's special cases (the loop's)."""
    if symbol != "//":
        return False
    return np.result_type(s1, s2).kind == "f"


def check_binary(mode, symbol, s1, s2):
    """`s1 <symbol> s2` on xtensor's values (both orders) is NumPy's scalars', and so are the
    dunders' C twins and their Python functions."""
    fn, forward, reflected = BINARY[symbol]
    for v1, v2 in ((s1, s2), (s2, s1)):
        if not isinstance(v1, np.generic) and not isinstance(v2, np.generic):
            continue
        x1, x2 = _element(v1), _element(v2)
        got = run(mode, fn, x1, x2, here=not _float_quotient(symbol, v1, v2))
        want = run(mode, fn, v1, v2)
        if _float_quotient(symbol, v1, v2):  # the loop's `//`: its finite quotients NumPy's
            if all(math.isfinite(v) for v in (v1, v2)) and mode != "raise":
                assert got[0] == want[0], (symbol, v1, v2, got, want)
            continue
        assert got == want, (mode, symbol, v1, v2, got, want)
        twins = []
        if type(x1) is xt.Array:
            twins += [(m, x1, x2) for m in (getattr(xt.Array, forward),)]
            twins += [(python_of(getattr(xt.Array, forward)), x1, x2)]
        if type(x2) is xt.Array and symbol not in ("==", "!="):
            twins += [(getattr(xt.Array, reflected), x2, x1)]
            twins += [(python_of(getattr(xt.Array, reflected)), x2, x1)]
        for method, a, b in twins:
            twin = run(mode, method, a, b, here=False)
            if twin[0][0] is not TypeError:  # (a refusal: the operator's NotImplemented)
                assert twin == got, (mode, method, v1, v2, twin, got)


@settings(max_examples=400, deadline=None)
@given(
    data=st.data(),
    symbol=st.sampled_from(sorted(BINARY)),
    kinds=st.sampled_from([(a, b) for a in NEW for b in list(KINDS)]),
    mode=st.sampled_from(MODES),
)
def test_operators_of_values_of_other_dtypes_are_numpys_scalars(data, symbol, kinds, mode):
    s1, s2 = data.draw(KINDS[kinds[0]], label="s1"), data.draw(KINDS[kinds[1]], label="s2")
    check_binary(mode, symbol, s1, s2)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), kind=st.sampled_from(NEW), mode=st.sampled_from(MODES))
def test_unary_operators_and_truth_of_other_dtypes_are_numpys(data, kind, mode):
    s = data.draw(KINDS[kind], label="value")
    x = _element(s)
    for fn, dunder in ((operator.neg, "__neg__"), (abs, "__abs__")):
        got = run(mode, fn, x)
        assert got == run(mode, fn, s), (fn, s)
        for method in (getattr(xt.Array, dunder), python_of(getattr(xt.Array, dunder))):
            assert run(mode, method, x, here=False) == got, (method, s)
    assert bool(x) is bool(s) and (1 if x else 0) == (1 if s else 0)


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    kinds=st.sampled_from([(a, b) for a in NEW[:-1] for b in (*NEW[:-1], "int64", "int")]),
)
def test_divmod_of_integer_values_is_numpys_scalar_divmod(data, kinds):
    s1, s2 = data.draw(KINDS[kinds[0]], label="s1"), data.draw(KINDS[kinds[1]], label="s2")
    for v1, v2 in ((s1, s2), (s2, s1)):
        x1, x2 = _element(v1), _element(v2)
        want = run("warn", divmod, v1, v2)
        if isinstance(want[0][0], type) or np.result_type(v1, v2).kind == "f":
            continue  # (a refusal; uint64 beside a signed dtype divides in float64)
        with np.errstate(all="ignore"):
            got = [np.asarray(r._data) for r in divmod(x1, x2)]
            wanted = [np.asarray(w) for w in divmod(v1, v2)]
        assert [(r.dtype, r.tobytes()) for r in got] == [(w.dtype, w.tobytes()) for w in wanted]
        assert run("warn", divmod, x1, x2, here=False)[1] == want[1], (v1, v2)


# NumPy 2's promotion of the values (NEP 50): a Python int keeps an integer dtype, a Python
# float a float's; float32 beside int32 or int64 is float64; uint8 beside int8 is int16
PROMOTIONS = [
    (np.float32(1.5), 2.0, "float32"),
    (np.float32(1.5), 2, "float32"),
    (np.float32(1.5), np.int16(2), "float32"),
    (np.float32(1.5), np.int32(2), "float64"),
    (np.float32(1.5), np.int64(2), "float64"),
    (np.float32(1.5), np.float64(2), "float64"),
    (np.int32(3), 2, "int32"),
    (np.int32(3), 2.0, "float64"),
    (np.int32(3), np.int64(2), "int64"),
    (np.uint8(3), np.int8(2), "int16"),
    (np.uint8(3), 2, "uint8"),
    (np.uint8(3), True, "uint8"),
    (np.uint16(3), np.int32(2), "int32"),
    (np.uint64(3), np.int64(2), "float64"),
    (np.uint32(3), np.int32(2), "int64"),
]


@pytest.mark.parametrize("s1, s2, dtype", PROMOTIONS)
def test_values_promote_as_numpys_scalars(s1, s2, dtype):
    x1 = _element(s1)
    for op in (operator.add, operator.mul, operator.sub):
        for a, b in ((x1, s2), (s2, x1)):
            assert op(a, b).dtype == np.dtype(dtype)
    assert (x1 < s2).dtype == np.bool_ and (x1 / s2).dtype == np.asarray(s1 / s2).dtype


def test_warnings_are_numpys_scalars_words_at_the_callers_line():
    i, u = xt.asarray([2**31 - 1, 0, -(2**31)], dtype=xt.int32), xt.asarray([1, 2, 0], xt.uint8)
    f, b = xt.asarray([3e38, 0.0, 1e-30], dtype=xt.float32), xt.asarray([-128, 1], xt.int8)
    cases = {
        "overflow encountered in scalar add": lambda: i[0] + 1,
        "overflow encountered in scalar subtract": lambda: u[0] - u[1],
        "overflow encountered in scalar multiply": lambda: f[0] * 10,
        "overflow encountered in scalar negative": lambda: -u[0],
        "overflow encountered in scalar absolute": lambda: abs(i[2]),
        "overflow encountered in scalar floor_divide": lambda: b[0] // -1,
        "divide by zero encountered in scalar floor_divide": lambda: u[0] // u[2],
        "divide by zero encountered in scalar remainder": lambda: 7 % i[1],
        "divide by zero encountered in scalar divide": lambda: f[0] / f[1],
        "invalid value encountered in scalar divide": lambda: f[1] / 0.0,
        "divide by zero encountered in divide": lambda: f[0] / i[1],  # (NumPy's ufunc's)
        "divide by zero encountered in floor_divide": lambda: b[1] // u[2],
        "overflow encountered in cast": lambda: f[0] + 1e300,
        "underflow encountered in scalar multiply": lambda: f[2] * f[2],
    }
    assert_warns_at_the_callers_line(cases, __file__)
    with warnings.catch_warnings(record=True) as caught, np.errstate(all="warn"):
        warnings.simplefilter("always")
        x = u[0]
        line = _line() + 1
        x - 2
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]


def test_errstate_raise_and_ignore_are_numpys():
    i, f = xt.asarray([2**31 - 1, 0], dtype=xt.int32), xt.asarray([3e38, 0.0], dtype=xt.float32)
    with np.errstate(over="raise"):
        with pytest.raises(FloatingPointError, match="overflow encountered in scalar add"):
            i[0] + i[0]
        with pytest.raises(FloatingPointError, match="overflow encountered in scalar multiply"):
            f[0] * 2.0
        with pytest.raises(FloatingPointError, match="overflow encountered in cast"):
            assert not f[0] < 1e300
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("error")
        assert int(i[0] + 1) == -(2**31)  # wraps, as NumPy's scalar
        assert math.isinf(float(f[0] * 10)) and (f[0] * 10).dtype == xt.float32


def test_python_ints_beyond_the_dtype_are_numpys():
    i, u = xt.asarray([5, 0], dtype=xt.int32), xt.asarray([5, 0], dtype=xt.uint8)
    for call in (
        lambda: i[0] + 2**40,
        lambda: u[0] + -1,
        lambda: u[0] * 256,
        lambda: i[0] ** 2**40,
    ):
        with pytest.raises(OverflowError):
            call()
    assert (i[0] / 2**40).dtype == xt.float64  # NumPy's true division reads it as a float
    # comparisons answer by value, as NumPy 2's do
    assert bool(u[0] > -1) and not bool(u[0] == -1) and bool(u[0] < 1000)
    assert not bool(i[0] == 2**40) and (u[0] < 1000).dtype == xt.bool
    big = xt.asarray([2**53 + 1, 0], dtype=xt.int64)[0]
    assert not bool(big == xt.asarray([2**53, 0], dtype=xt.uint64)[0])  # exactly, not in float
    f = xt.asarray([2.0**24, 0], dtype=xt.float32)[0]
    assert bool(f == 2**24 + 1) and not bool(f < 2**24 + 1)  # the int cast to float32
    assert bool(xt.asarray([0.1], dtype=xt.float32)[0] == 0.1)  # and the Python float


def test_other_dtypes_compute_in_c_without_the_loop():
    if CFAST is None:
        pytest.skip("pure Python")
    f, i = xt.asarray([0.3, 0.7], dtype=xt.float32), xt.asarray([7, 3], dtype=xt.int32)
    u, s = xt.asarray([200, 3], dtype=xt.uint8), xt.asarray([-5, 1], dtype=xt.int8)
    calls = (
        lambda: f[0] * f[1], lambda: f[0] + 1.0, lambda: 2 * f[0], lambda: f[0] > 0.5,
        lambda: -f[1], lambda: abs(f[1]), lambda: i[0] + 1, lambda: i[0] // 2,
        lambda: i[0] % i[1], lambda: i[0] / i[1], lambda: u[0] > 128, lambda: u[0] + s[0],
        lambda: u[0] * 0.5, lambda: i[0] ** 2, lambda: divmod(i[0], 2),
    )  # fmt: skip
    assert_computed_in_c(calls)
    assert bool(u[0]) and not bool(xt.asarray([0.0, 1.0], dtype=xt.float32)[0])


def test_signaling_nans_of_float32_are_numpys():
    x = _element(SNAN32)
    for fn, operand in ((operator.add, 1.0), (operator.mul, np.int64(9)), (operator.lt, 1)):
        for mode in MODES:
            assert run(mode, fn, x, _element(operand)) == run(mode, fn, SNAN32, operand)
    for mode in MODES:
        assert run(mode, operator.lt, x, _element(np.uint32(5))) == run(
            mode, operator.lt, SNAN32, np.uint32(5)
        )
    assert np.asarray((-x)._data).tobytes() == np.asarray(-SNAN32).tobytes()  # kept signaling


def test_float16_and_complex_values_keep_the_ufunc():
    h = xt.asarray([1.5, 2.0], dtype=xt.float16)
    z = xt.asarray([1 + 2j, 3.0], dtype=xt.complex64)
    assert (h[0] + h[1]).dtype == xt.float16 and float(h[0] + h[1]) == 3.5
    assert (z[0] + 1.0).dtype == xt.complex64 and complex(z[0] - z[1]) == -2 + 2j
